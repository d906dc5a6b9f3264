// Forcing chains: what one assumption leads to, followed through the position, and the
// conclusions several assumptions force together — a contradiction refutes its assumption; both
// values of a candidate, every candidate of a cell or every place of a digit in a unit agreeing on
// a fact prove it. Four levels (ForcingLevel): static links only (SE's multiple forcing chains),
// dynamic (singles applied along the way), dynamic plus (intersections and naked pairs as well),
// nested (and when those run dry, static forcing chains and cycles on the branch's board: SE's
// level 2, "(+ Forcing Chains)").
//
// Scores follow SE: base score of the level plus length_bonus() of the conclusion's node count,
// the facts it rests on summed over the branches it combines (see chains.cpp for static chains).
// Static branches take every fact from the reachability table at once, and distances are searched
// only from the branches a conclusion needs, 64 searches at a time (StaticLayers).
#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>

#include "chain_tables.hpp"
#include "sudoku/model/cage_combinations.hpp"

namespace sudoku::technique {
namespace {

// One assumption followed through the position. Static links: implications along the position's
// own strong links, breadth first. Dynamic: the board is updated and singles are applied layer by
// layer; on Killer boards the cages that lost candidates keep what their sums allow as well. Dynamic plus
// also applies intersections and naked pairs when the singles run dry; nested, static forcing chains
// and cycles when those run dry too. Every derived fact is recorded (a node
// bit) with its node count: the facts it rests on, itself included. Static chains are paths, so that is the
// layer plus one; dynamic facts carry their ancestor sets as bitsets over nodes, built in derivation order.
template <int W>
class Branch {
 public:
  struct Count {
    int node;
    int nodes;
  };

  Branch(const Layout<W>& layout, const Board<W>& base, const StrongLinks<W>& links,
         const CandidateIndex<W>& index, ForcingLevel level)
      : layout_(layout),
        base_(base),
        links_(links),
        index_(index),
        level_(level),
        n_(layout.size),
        has_cages_(!layout.geometry->cages().empty()),
        words_(static_cast<std::size_t>((index.nodes() + 63) / 64)) {}

  // Follows the assumption `node`; false when it leads to a contradiction (with
  // contradiction_nodes() nodes). `facts` (node bits, cleared by the caller) receives every
  // derived fact; append_counts() lists them with their node counts.
  bool run(int node, std::uint64_t* facts) {
    facts_ = facts;
    contradiction_nodes_ = 0;
    const Deduction& assumed = index_.of(node);
    const bool on = node % 2 == 0;
    return level_ == ForcingLevel::static_links ? run_static(assumed.cell, assumed.digit, on)
                                                : run_dynamic(assumed.cell, assumed.digit, on);
  }
  int contradiction_nodes() const { return contradiction_nodes_; }
  // The facts of the last run() with their node counts, in node order.
  void append_counts(std::vector<Count>& out) const {
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = facts_[w]; bits != 0; bits &= bits - 1) {
        const int fact = static_cast<int>(w * 64) + std::countr_zero(bits);
        const int nodes = level_ == ForcingLevel::static_links
                              ? static_layer_[static_cast<std::size_t>(fact)] + 1
                              : count_of_[static_cast<std::size_t>(fact)];
        out.push_back({fact, nodes});
      }
  }

 private:
  int node(int cell, int digit, bool on) const { return index_.node(cell, digit, on); }
  std::uint64_t* ancestors(int node) { return &ancestors_[static_cast<std::size_t>(node) * words_]; }
  // A fact's node count: its ancestors, and (nested level) the nodes of each distinct inner chain
  // among them once, as SE adds a nested chain's own complexity to the chain that uses it.
  int count_bits(const std::uint64_t* bits) {
    int total = 0;
    for (std::size_t w = 0; w < words_; ++w) total += bit_count(bits[w]);
    if (inner_chains_.empty()) return total;
    ++inner_stamp_;
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t inner = bits[w] & inner_facts_[w]; inner != 0; inner &= inner - 1) {
        const int fact = static_cast<int>(w * 64) + std::countr_zero(inner);
        const int chain = inner_chain_of_[static_cast<std::size_t>(fact)];
        if (inner_seen_[static_cast<std::size_t>(chain)] == inner_stamp_) continue;
        inner_seen_[static_cast<std::size_t>(chain)] = inner_stamp_;
        total += inner_chains_[static_cast<std::size_t>(chain)];
      }
    return total;
  }

  // (Only for positions too large for the reachability table: StaticLayers serves the others.)
  bool run_static(int cell, int digit, bool on) {
    DigitSets<W> on_seen{};
    DigitSets<W> off_seen{};
    DigitSets<W> front{};
    (on ? on_seen : off_seen)[static_cast<std::size_t>(digit)].set(cell);
    front[static_cast<std::size_t>(digit)].set(cell);
    static_layer_.resize(static_cast<std::size_t>(index_.nodes()));
    static_layer_[static_cast<std::size_t>(node(cell, digit, on))] = 0;
    bool front_on = on;
    CandidateMask front_digits = bit_of(digit);  // digits whose front (next) is not empty
    for (int layer = 1;; ++layer) {
      DigitSets<W> next{};
      CandidateMask next_digits = 0;
      for (CandidateMask live = front_digits; live != 0; live &= live - 1) {
        const int d = std::countr_zero(live);
        const CellSet<W>& from = front[static_cast<std::size_t>(d)];
        if (front_on) {
          from.for_each([&](int c) {
            next[static_cast<std::size_t>(d)] |=
                layout_.peers[static_cast<std::size_t>(c)] & base_.cells_of(d);
            const CandidateMask others = base_.mask(c) & ~bit_of(d);
            next_digits |= bit_of(d) | others;
            for (CandidateMask rest = others; rest != 0; rest &= rest - 1)
              next[static_cast<std::size_t>(std::countr_zero(rest))].set(c);
          });
          continue;
        }
        // Most eliminations lead nowhere: only those with a strong link are followed.
        (from & links_.linked[static_cast<std::size_t>(d)]).for_each([&](int c) {
          next[static_cast<std::size_t>(d)] |= links_.partner(c, d);
          next_digits |= bit_of(d);
        });
        (from & links_.bivalue).for_each([&](int c) {
          const int e = std::countr_zero(base_.mask(c) & ~bit_of(d));
          next[static_cast<std::size_t>(e)].set(c);
          next_digits |= bit_of(e);
        });
      }
      DigitSets<W>& seen = front_on ? off_seen : on_seen;
      const DigitSets<W>& other = front_on ? on_seen : off_seen;
      bool any = false;
      int contradiction = std::numeric_limits<int>::max();
      front_digits = 0;
      for (CandidateMask live = next_digits; live != 0; live &= live - 1) {
        const int d = std::countr_zero(live);
        CellSet<W>& fresh = next[static_cast<std::size_t>(d)];
        fresh -= seen[static_cast<std::size_t>(d)];
        if (fresh.none()) continue;
        any = true;
        front_digits |= bit_of(d);
        seen[static_cast<std::size_t>(d)] |= fresh;
        fresh.for_each([&](int c) {
          const int fact = node(c, d, !front_on);
          static_layer_[static_cast<std::size_t>(fact)] = layer;
          set_bit(facts_, fact);
          // Both a candidate and its negation: the assumption is false. A chain to each.
          if (other[static_cast<std::size_t>(d)].test(c))
            contradiction =
                std::min(contradiction, layer + static_layer_[static_cast<std::size_t>(fact ^ 1)] + 2);
        });
      }
      if (contradiction != std::numeric_limits<int>::max()) {
        contradiction_nodes_ = contradiction;
        return false;
      }
      if (!any) return true;
      front = next;
      front_on = !front_on;
    }
  }

  // Ancestor bookkeeping: an eliminated candidate rests on the one placement that removed it, so
  // its count is that placement's plus one and it needs no set of its own; placements (and
  // pattern eliminations, and the assumption) keep their ancestor sets as node bitsets.
  const std::uint64_t* ancestry_of(int fact) {
    const int parent = off_parent_[static_cast<std::size_t>(fact)];
    return ancestors(parent < 0 ? fact : parent);
  }
  void add_ancestry(std::uint64_t* bits, int fact) {
    const std::uint64_t* from = ancestry_of(fact);
    for (std::size_t w = 0; w < words_; ++w) bits[w] |= from[w];
    set_bit(bits, fact);
  }
  bool record_off(int fact, int placement) {
    if (test_bit(facts_, fact)) return false;
    set_bit(facts_, fact);
    off_parent_[static_cast<std::size_t>(fact)] = placement;
    count_of_[static_cast<std::size_t>(fact)] = count_of_[static_cast<std::size_t>(placement)] + 1;
    return true;
  }
  // A fact with its own ancestor set: the union of its parents' (none for the assumption).
  template <class Parents>
  bool record_with_set(int fact, const Parents& parents) {
    if (test_bit(facts_, fact)) return false;
    set_bit(facts_, fact);
    off_parent_[static_cast<std::size_t>(fact)] = -1;
    std::uint64_t* bits = ancestors(fact);
    // The first parent's set is copied rather than merged into a cleared row.
    auto parent = std::begin(parents);
    if (parent == std::end(parents)) {
      std::fill(bits, bits + words_, 0);
    } else {
      std::copy(ancestry_of(*parent), ancestry_of(*parent) + words_, bits);
      set_bit(bits, *parent);
      while (++parent != std::end(parents)) add_ancestry(bits, *parent);
    }
    set_bit(bits, fact);
    count_of_[static_cast<std::size_t>(fact)] = count_bits(bits);
    return true;
  }

  // SE counts a contradiction, a candidate both true and false, by the two facts' ancestors
  // apart (shared ones twice: BinaryChainingHint adds two ancestor counts).
  bool contradiction(int on, int off) {
    contradiction_nodes_ = count_of_[static_cast<std::size_t>(on)] + count_of_[static_cast<std::size_t>(off)];
    return false;
  }
  // A cell or unit left empty by the facts `gone` (its candidates' removals): SE meets it as the
  // last candidate turned true by the others' removal, and false by its own. Which one is last
  // depends on SE's queue order; the fewest nodes in all is taken (measured on se-rated.txt it
  // matches SE better than the removal with most ancestors, which Nishio uses).
  template <class Facts>
  bool emptied(const Facts& gone) {
    int nodes = std::numeric_limits<int>::max();
    for (int last : gone) {
      std::fill(union_.begin(), union_.end(), 0);
      for (int fact : gone)
        if (fact != last) add_ancestry(union_.data(), fact);
      nodes = std::min(nodes, 1 + count_bits(union_.data()) + count_of_[static_cast<std::size_t>(last)]);
    }
    contradiction_nodes_ = nodes;
    return false;
  }

  bool run_dynamic(int cell, int digit, bool on) {
    ancestors_.resize(static_cast<std::size_t>(index_.nodes()) * words_);
    off_parent_.resize(static_cast<std::size_t>(index_.nodes()));
    count_of_.resize(static_cast<std::size_t>(index_.nodes()));
    union_.resize(words_);
    inner_chains_.clear();
    if (level_ == ForcingLevel::nested) {
      inner_facts_.assign(words_, 0);
      inner_chain_of_.resize(static_cast<std::size_t>(index_.nodes()));
    }
    board_ = base_;
    pending_on_.clear();
    pending_off_.clear();
    (on ? pending_on_ : pending_off_).push_back({cell, digit});
    const int root = node(cell, digit, on);
    record_with_set(root, std::array<int, 0>{});
    facts_[root >> 6] &= ~(std::uint64_t{1} << (root & 63));  // the assumption is not a conclusion
    for (;;) {
      CellSet<W> touched;
      lost_.clear();
      // Placements: their peers and the cell's other digits go off.
      for (const Deduction& placing : pending_on_) {
        const int c = placing.cell;
        const int d = placing.digit;
        if (board_.values[static_cast<std::size_t>(c)] == d + 1) continue;
        if (!board_.has(c, d)) return contradiction(node(c, d, true), node(c, d, false));
        touched |= layout_.peers[static_cast<std::size_t>(c)] & board_.cells_of(d);
        const int placement = node(c, d, true);
        board_.place(layout_, c, d, [&](int p, int e) {
          record_off(node(p, e, false), placement);
          lost_.push_back({p, e});
        });
      }
      for (const Deduction& removing : pending_off_) {
        if (!board_.has(removing.cell, removing.digit)) continue;
        board_.eliminate(removing.cell, removing.digit);
        touched.set(removing.cell);
        lost_.push_back(removing);
      }
      pending_on_.clear();
      pending_off_.clear();
      if (!derive_singles(touched)) return false;
      if (has_cages_ && !derive_cages()) return false;
      if (pending_on_.empty() && level_ >= ForcingLevel::dynamic_plus && !find_patterns()) break;
      if (pending_on_.empty() && pending_off_.empty()) break;
    }
    return true;
  }

  // New singles where candidates were just lost; false on a contradiction.
  bool derive_singles(const CellSet<W>& touched) {
    bool ok = true;
    touched.for_each([&](int c) {
      if (!ok || !board_.open.test(c)) return;
      const CandidateMask mask = board_.mask(c);
      if ((mask & (mask - 1)) != 0) return;
      parents_.clear();
      for (CandidateMask gone = base_.mask(c) & ~mask; gone != 0; gone &= gone - 1)
        parents_.push_back(node(c, std::countr_zero(gone), false));
      if (mask == 0) {
        ok = emptied(parents_);
        return;
      }
      const int d = std::countr_zero(mask);
      if (record_with_set(node(c, d, true), parents_)) pending_on_.push_back({c, d});
    });
    if (!ok) return false;
    // Hidden singles (and units left without a digit) can only appear where a digit just lost a
    // place: check those unit-digit pairs once each.
    if (unit_stamp_.size() != layout_.unit_cells.size() * static_cast<std::size_t>(n_)) {
      unit_stamp_.assign(layout_.unit_cells.size() * static_cast<std::size_t>(n_), 0);
      stamp_ = 0;
    }
    ++stamp_;
    for (const Deduction& gone : lost_) {
      const int d = gone.digit;
      for (int unit : layout_.units_of(gone.cell)) {
        std::uint32_t& seen = unit_stamp_[static_cast<std::size_t>(unit * n_ + d)];
        if (seen == stamp_) continue;
        seen = stamp_;
        const CellSet<W>& cells = layout_.unit_cells[static_cast<std::size_t>(unit)];
        const CellSet<W> left = board_.cells_of(d) & cells;
        if (left.any() && !left.single()) continue;
        if (board_.placed_of(d).intersects(cells)) continue;
        parents_.clear();
        (base_.cells_of(d) & cells).for_each([&](int p) {
          if (!left.test(p)) parents_.push_back(node(p, d, false));
        });
        if (left.none()) return emptied(parents_);
        const int target = left.first();
        if (record_with_set(node(target, d, true), parents_)) pending_on_.push_back({target, d});
      }
    }
    return true;
  }

  // Killer boards: a cage where candidates were just lost keeps the values of the combinations of
  // its sum that still fit (cage_support), its last open cell takes the sum less the placed
  // values, and a value all its combinations need leaves the cells outside that see every place
  // for it in the cage. Without this a placement inside a chain never restricted the rest of its
  // cage, and a third of newspaper Killers ended "beyond". What a cage allows depends on its cells
  // alone, so each such fact rests on what the branch changed in the cage: its cells' lost
  // candidates and new placements. False on a contradiction (no combination fits).
  //
  // The facts go through their own instances of record_with_set and emptied (parents as a span):
  // sharing the vector instances of the classic path made GCC stop inlining them there (+0.3%
  // instructions on se-rated).
  bool derive_cages() {
    dirty_cages_.clear();
    for (const Deduction& gone : lost_) {
      const int cage = layout_.geometry->cage_of(gone.cell);
      if (cage >= 0 && std::find(dirty_cages_.begin(), dirty_cages_.end(), cage) == dirty_cages_.end())
        dirty_cages_.push_back(cage);
    }
    for (int cage : dirty_cages_)
      if (!restrict_cage(layout_.geometry->cages()[static_cast<std::size_t>(cage)])) return false;
    return true;
  }
  bool restrict_cage(const Cage& cage) {
    std::array<int, kMaxCageTableSize> open{};
    std::array<CandidateMask, kMaxCageTableSize> candidates{};
    std::array<CandidateMask, kMaxCageTableSize> supported{};
    std::size_t count = 0;
    int remaining = cage.sum;
    CandidateMask placed = 0;
    parents_.clear();
    for (int cell : cage.cells) {
      const int value = board_.values[static_cast<std::size_t>(cell)];
      if (value != 0) {
        remaining -= value;
        placed |= bit_of(value - 1);
        if (base_.values[static_cast<std::size_t>(cell)] == 0)
          parents_.push_back(node(cell, value - 1, true));
        continue;
      }
      if (count == open.size()) return true;  // larger than the tables: left alone
      open[count] = cell;
      candidates[count++] = board_.mask(cell);
      for (CandidateMask gone = base_.mask(cell) & ~board_.mask(cell); gone != 0; gone &= gone - 1)
        parents_.push_back(node(cell, std::countr_zero(gone), false));
    }
    if (count == 0) return remaining == 0 || emptied(cage_parents());  // complete: the sum is met or not
    if (count == 1) {
      const int digit = remaining - 1;
      if (digit < 0 || digit >= n_ || !board_.has(open[0], digit)) return emptied(cage_parents());
      if (record_with_set(node(open[0], digit, true), cage_parents()))
        pending_on_.push_back({open[0], digit});
      return true;
    }
    const auto required = cage_support(n_, remaining, placed, std::span(candidates.data(), count),
                                       std::span(supported.data(), count));
    if (!required) return emptied(cage_parents());
    for (std::size_t i = 0; i < count; ++i)
      for (CandidateMask gone = candidates[i] & ~supported[i]; gone != 0; gone &= gone - 1)
        if (!rule_out(open[i], std::countr_zero(gone))) return false;
    // A value every fitting combination uses is in one of the cells that can take it: the cells
    // outside the cage that see all of those lose it (cage locked value).
    for (CandidateMask need = *required; need != 0; need &= need - 1) {
      const int digit = std::countr_zero(need);
      CellSet<W> seen = board_.cells_of(digit);
      for (std::size_t i = 0; i < count; ++i)
        if (((supported[i] >> digit) & 1U) != 0) seen &= layout_.peers[static_cast<std::size_t>(open[i])];
      for (std::size_t i = 0; i < count; ++i) seen.reset(open[i]);
      bool ok = true;
      seen.for_each([&](int cell) { ok = ok && rule_out(cell, digit); });
      if (!ok) return false;
    }
    return true;
  }
  std::span<const int> cage_parents() const { return parents_; }
  // Records "digit is not in cell" resting on parents_; false when that contradicts a single found
  // in this layer and not yet placed.
  bool rule_out(int cell, int digit) {
    const int off = node(cell, digit, false);
    if (!record_with_set(off, cage_parents())) return true;
    if (test_bit(facts_, off ^ 1)) return contradiction(off ^ 1, off);
    pending_off_.push_back({cell, digit});
    return true;
  }

  // Dynamic (+): eliminations of intersections and naked pairs, each resting on every fact so far
  // (a coarse but order-free account of what the pattern needed). False when there are none.
  bool find_patterns() {
    SearchContext quiet;
    quiet.uniqueness = false;
    found_.clear();
    find_intersections(layout_, board_, quiet, false, found_);
    if (found_.empty()) find_naked_subsets(layout_, board_, quiet, 2, found_);
    const bool inner = found_.empty() && level_ == ForcingLevel::nested;
    if (inner) {
      // Every chain, not only the easiest: SE applies all the inner rule's hints.
      quiet.good_enough = std::numeric_limits<double>::infinity();
      find_chains(layout_, board_, quiet, found_);
    }
    if (found_.empty()) return false;
    parents_.clear();
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = facts_[w]; bits != 0; bits &= bits - 1)
        parents_.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    for (const Step& step : found_) {
      // An inner chain's placement is the removal of its cell's other candidates.
      inner_gone_.assign(step.eliminations.begin(), step.eliminations.end());
      for (const Deduction& placed : step.placements)
        for (CandidateMask others = board_.mask(placed.cell) & ~bit_of(placed.digit); others != 0;
             others &= others - 1)
          inner_gone_.push_back({placed.cell, std::countr_zero(others)});
      if (inner) {
        inner_chains_.push_back(inner_nodes(step));
        inner_seen_.resize(inner_chains_.size(), 0);
      }
      for (const Deduction& gone : inner_gone_) {
        if (!board_.has(gone.cell, gone.digit)) continue;
        const int off = node(gone.cell, gone.digit, false);
        if (test_bit(facts_, off)) continue;
        if (inner) {
          set_bit(inner_facts_.data(), off);
          inner_chain_of_[static_cast<std::size_t>(off)] = static_cast<int>(inner_chains_.size()) - 1;
        }
        if (record_with_set(off, parents_)) pending_off_.push_back(gone);
      }
    }
    return !pending_off_.empty();
  }
  // An inner chain's node count, read back from its score: the fewest nodes with that length bonus
  // over its technique's base (cycles score from 6.5, under the X-chain's 6.6: at least 4 nodes).
  static int inner_nodes(const Step& step) {
    const double bonus = step.score - technique_base_score(step.technique);
    int nodes = 4;
    while (nodes < kBeyondCap && length_bonus(nodes) < bonus - kEpsilon) ++nodes;
    return nodes;
  }

  const Layout<W>& layout_;
  const Board<W>& base_;
  const StrongLinks<W>& links_;
  const CandidateIndex<W>& index_;
  ForcingLevel level_;
  int n_;
  bool has_cages_;  // Killer: derive_cages() after the singles of each layer
  std::size_t words_;
  std::uint64_t* facts_ = nullptr;
  int contradiction_nodes_ = 0;
  Board<W> board_;
  std::vector<std::uint64_t> ancestors_;  // [node * words_]: sets of the facts that have one
  std::vector<int> off_parent_;           // per eliminated node: the placement behind it, or -1
  std::vector<int> count_of_;             // per fact of the current run: its node count
  std::vector<std::uint64_t> union_;
  std::vector<int> static_layer_;
  std::vector<Deduction> pending_on_;
  std::vector<Deduction> pending_off_;
  std::vector<int> parents_;
  std::vector<Deduction> lost_;  // candidates removed in the current layer
  std::vector<std::uint32_t> unit_stamp_;
  std::uint32_t stamp_ = 0;
  std::vector<Step> found_;
  std::vector<int> dirty_cages_;  // cages with candidates lost in the current layer
  // Nested level: the eliminations inner chains gave (node bits), which chain gave each, and each
  // chain's node count; inner_seen_ stamps the chains a count has met.
  std::vector<Deduction> inner_gone_;
  std::vector<std::uint64_t> inner_facts_;
  std::vector<int> inner_chain_of_;
  std::vector<int> inner_chains_;
  std::vector<std::uint32_t> inner_seen_;
  std::uint32_t inner_stamp_ = 0;
};

// Breadth-first searches of a position's static implication graph from up to 64 assumptions at
// once: each node keeps one bit per search, so a layer is one pass over the edges for all of them.
// Each search stops at its first contradiction (a candidate reached both true and false) or after
// its own number of layers; what it reached when is kept layer by layer. The same layers as
// Branch::run_static, search by search.
template <int W>
class StaticLayers {
 public:
  static constexpr int kMaxSearches = 64;

  explicit StaticLayers(const StaticGraph& graph)
      : nodes_(static_cast<std::size_t>(graph.nodes())), begin_(graph.begin), next_(graph.next) {
    frontier_.resize(nodes_);
    seen_.resize(nodes_);
    incoming_.assign(nodes_, 0);
  }

  // Search k starts from node sources[k] and runs at most max_layers[k] layers.
  void run(std::span<const int> sources, std::span<const int> max_layers) {
    std::fill(seen_.begin(), seen_.end(), 0);
    history_.clear();
    contradiction_.assign(sources.size(), kBeyondCap);
    front_nodes_.clear();
    std::uint64_t active = 0;
    for (std::size_t k = 0; k < sources.size(); ++k) {
      const auto source = static_cast<std::size_t>(sources[k]);
      frontier_[source] = bit(k);  // sources are distinct nodes
      seen_[source] |= bit(k);
      front_nodes_.push_back(static_cast<int>(source));
      if (max_layers[k] >= 1) active |= bit(k);
    }
    history_.insert(history_.end(), seen_.begin(), seen_.end());
    for (int layer = 1; active != 0; ++layer) {
      // Only the nodes the last layer reached pass anything on, and only to their successors.
      touched_.clear();
      for (const int v : front_nodes_) {
        const std::uint64_t searches = frontier_[static_cast<std::size_t>(v)] & active;
        if (searches == 0) continue;
        for (int e = begin_[static_cast<std::size_t>(v)]; e < begin_[static_cast<std::size_t>(v) + 1]; ++e) {
          const auto w = static_cast<std::size_t>(next_[static_cast<std::size_t>(e)]);
          if (incoming_[w] == 0) touched_.push_back(static_cast<int>(w));
          incoming_[w] |= searches;
        }
      }
      front_nodes_.clear();
      std::uint64_t any = 0;
      std::uint64_t contradicted = 0;
      for (const int node : touched_) {
        const auto w = static_cast<std::size_t>(node);
        const std::uint64_t fresh = incoming_[w] & ~seen_[w];
        incoming_[w] = 0;
        frontier_[w] = fresh;
        if (fresh == 0) continue;
        front_nodes_.push_back(node);
        seen_[w] |= fresh;
        any |= fresh;
        // The negation was reached in an earlier layer (a search alternates polarities layer by
        // layer): a chain to each. The layer's easiest counts.
        for (std::uint64_t clash = fresh & seen_[w ^ 1]; clash != 0; clash &= clash - 1) {
          const auto k = static_cast<std::size_t>(std::countr_zero(clash));
          const int nodes = layer + layer_of(k, static_cast<int>(w ^ 1)) + 2;
          contradiction_[k] = std::min(contradiction_[k], nodes);
          contradicted |= bit(k);
        }
      }
      history_.insert(history_.end(), seen_.begin(), seen_.end());
      active &= ~contradicted;
      for (std::uint64_t searches = active; searches != 0; searches &= searches - 1) {
        const auto k = static_cast<std::size_t>(std::countr_zero(searches));
        if (layer >= max_layers[k]) active &= ~bit(k);
      }
      if (any == 0) break;
    }
  }
  // The layer at which search k first reached `node` (0: its source), -1 if it did not.
  int layer_of(std::size_t k, int node) const {
    const auto layers = static_cast<int>(history_.size() / nodes_);
    const auto reached = [&](int layer) {
      return (history_[static_cast<std::size_t>(layer) * nodes_ + static_cast<std::size_t>(node)] & bit(k)) !=
             0;
    };
    if (!reached(layers - 1)) return -1;
    int low = -1;  // not reached by then
    int high = layers - 1;
    while (high - low > 1) {
      const int middle = low + (high - low) / 2;
      (reached(middle) ? high : low) = middle;
    }
    return high;
  }
  // Nodes behind search k's contradiction (its layer plus the negation's, plus the two ends),
  // kBeyondCap when it met none.
  int contradiction_nodes(std::size_t k) const { return contradiction_[k]; }

 private:
  static std::uint64_t bit(std::size_t k) { return std::uint64_t{1} << k; }

  // Every per-node word holds one bit per search, and history_ keeps seen_ layer by layer:
  //
  //   seen_[node]          bit 63 ... bit k ... bit 0     bit k: search k (sources[k]) reached node
  //   history_             | layer 0: nodes_ words | layer 1: nodes_ words | ...
  //   layer_of(k, node)    the first layer whose word for `node` has bit k (binary search)
  std::size_t nodes_;
  const std::vector<int>& begin_;  // the graph's successor lists
  const std::vector<int>& next_;
  std::vector<std::uint64_t> frontier_;  // per node: the searches that reached it in the last layer
  std::vector<std::uint64_t> seen_;      // per node: the searches that reached it so far
  std::vector<std::uint64_t>
      incoming_;                  // per node: the searches reaching it in this layer (zero between layers)
  std::vector<int> front_nodes_;  // the nodes the last layer reached
  std::vector<int> touched_;      // the nodes with incoming searches in this layer
  std::vector<std::uint64_t> history_;  // seen_ after each layer
  std::vector<int> contradiction_;
};

// The largest board size the nested level searches (see find_forcing_chains).
constexpr int kNestedMaxSize = 9;

// The technique a level's conclusions are reported as.
Technique forcing_technique(ForcingLevel level) {
  switch (level) {
    case ForcingLevel::static_links:
      return Technique::multiple_forcing_chain;
    case ForcingLevel::dynamic:
      return Technique::dynamic_forcing_chain;
    case ForcingLevel::dynamic_plus:
      return Technique::dynamic_forcing_chain_plus;
    case ForcingLevel::nested:
      break;
  }
  return Technique::nested_forcing_chain;
}

// Node counts add up over the chains a conclusion combines, saturating at kBeyondCap.
int add_nodes(int total, int more) {
  return std::min(total + more, kBeyondCap);
}

// One forcing-chain search of a position, in the order find_forcing_chains runs its parts:
// follow_assumptions() (every branch's facts), collect_conclusions() (what branches refute or agree
// on), count_static_nodes() (node counts of static conclusions, searched only now) and report().
//
// Branch facts are node bits (chain_tables.hpp's numbering), one row of `words_` words per
// assumption; a candidate's two nodes share a bit pair, so a row reaching both is a contradiction:
//
//   facts_[b * words_ + w]   bit 2i: "candidate i true"   bit 2i+1: "candidate i false"
//   clash = row & (row >> 1) & 0x5555...   (an even bit set together with the odd bit above it)
template <int W>
class ForcingChainSearch {
 public:
  ForcingChainSearch(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                     ForcingLevel level, int node_cap)
      : layout_(layout),
        board_(board),
        context_(context),
        level_(level),
        technique_(forcing_technique(level)),
        base_(technique_base_score(technique_)),
        node_cap_(node_cap),
        tables_(chain_tables(layout, board, context)),
        index_(tables_.index()),
        branch_(layout, board, tables_.links(), index_, level),
        nodes_(index_.nodes()),
        words_(static_cast<std::size_t>((nodes_ + 63) / 64)),
        both_ways_(level != ForcingLevel::static_links),
        facts_(static_cast<std::size_t>(nodes_) * words_, 0),
        count_begin_(static_cast<std::size_t>(nodes_) + 1, 0),
        consistent_(static_cast<std::size_t>(nodes_)),
        contradiction_nodes_(static_cast<std::size_t>(nodes_)),
        reach_(level == ForcingLevel::static_links ? &tables_.reach() : nullptr),
        from_reach_(reach_ != nullptr && reach_->available()),
        agreed_(words_) {}

  // Every candidate assumed true (node 2i) and, for dynamic chains, false (2i+1): the facts each
  // assumption leads to, with their node counts (sorted by node, per branch). Static chains from
  // false assumptions add little over the cell and region chains SE calls "multiple forcing
  // chains" (no measurable change in agreement) and would double the work. Static chains take
  // every branch's facts from one reachability table at once; their distances (the node counts)
  // are searched later, only from the branches a conclusion rests on.
  void follow_assumptions() {
    for (int b = 0; b < nodes_; ++b) {
      if (b % 2 == 1 &&
          (!both_ways_ || bivalue_cell(b) || (level_ == ForcingLevel::dynamic && leaves_no_single(b)))) {
        consistent_[static_cast<std::size_t>(b)] = 1;
        count_begin_[static_cast<std::size_t>(b) + 1] = counts_.size();
        continue;
      }
      if (from_reach_) {
        std::uint64_t* row = &facts_[static_cast<std::size_t>(b) * words_];
        const std::uint64_t* reached = reach_->row(b);
        bool clash = false;  // some candidate reached both true and false
        for (std::size_t w = 0; w < words_; ++w) {
          row[w] = reached[w];
          clash = clash || (reached[w] & (reached[w] >> 1) & 0x5555555555555555ULL) != 0;
        }
        row[b >> 6] &= ~(std::uint64_t{1} << (b & 63));
        consistent_[static_cast<std::size_t>(b)] = !clash;
        count_begin_[static_cast<std::size_t>(b) + 1] = counts_.size();
        continue;
      }
      ++context_.work;
      const bool ok = branch_.run(b, &facts_[static_cast<std::size_t>(b) * words_]);
      consistent_[static_cast<std::size_t>(b)] = ok;
      contradiction_nodes_[static_cast<std::size_t>(b)] = branch_.contradiction_nodes();
      if (ok) branch_.append_counts(counts_);
      count_begin_[static_cast<std::size_t>(b) + 1] = counts_.size();
    }
  }

  // Conclusions: what a contradiction refutes, and what several assumptions covering every
  // possibility agree on (both values of a candidate, every candidate of a cell, every place of a
  // digit in a unit).
  void collect_conclusions() {
    for (int b = 0; b < nodes_; ++b)
      if (!consistent_[static_cast<std::size_t>(b)]) {
        const int total = from_reach_ ? 0 : contradiction_nodes_[static_cast<std::size_t>(b)];
        if (total > node_cap_) continue;
        conclusions_.push_back({b ^ 1, Kind::contradiction, b, 0, total, add_group(std::array<int, 1>{b})});
      }
    // (Static chains follow true assumptions only: there is nothing for false ones to agree on.)
    if (both_ways_)
      for (int i = 0; 2 * i < nodes_; ++i)
        if (consistent_[static_cast<std::size_t>(2 * i)] && consistent_[static_cast<std::size_t>(2 * i + 1)])
          add_agreements(std::array<int, 2>{2 * i, 2 * i + 1}, Kind::twofold, 2 * i, 0);
    std::vector<int> branches;
    board_.open.for_each([&](int cell) {
      branches.clear();
      for (CandidateMask digits = board_.mask(cell); digits != 0; digits &= digits - 1) {
        const int b = index_.node(cell, std::countr_zero(digits), true);
        if (!consistent_[static_cast<std::size_t>(b)]) return;
        branches.push_back(b);
      }
      add_agreements(branches, Kind::cell, cell, 0);
    });
    for (std::size_t u = 0; u < layout_.unit_cells.size(); ++u)
      for (int d = 0; d < layout_.size; ++d) {
        const CellSet<W> places = board_.cells_of(d) & layout_.unit_cells[u];
        if (places.count_upto(2) < 2) continue;
        branches.clear();
        bool ok = true;
        places.for_each([&](int cell) {
          const int b = index_.node(cell, d, true);
          ok = ok && consistent_[static_cast<std::size_t>(b)];
          branches.push_back(b);
        });
        if (ok) add_agreements(branches, Kind::region, static_cast<int>(u), d);
      }
  }

  bool found_nothing() const { return conclusions_.empty(); }
  // Whether the conclusions still need their node counts (static chains from the table).
  bool counts_pending() const { return from_reach_; }

  // Each branch a conclusion rests on searched once, breadth first until every fact asked of it is
  // reached — or, under a cap, no deeper than its conclusions can go and stay within it: a
  // contradiction at layer L has at least L + 2 nodes, and a fact at layer L in a group of g
  // branches at least L + 1 + 2 (g - 1). Conclusions over the cap are dropped.
  void count_static_nodes() {
    // uses_[use_begin_[b] .. use_end_[b]): the conclusions resting on branch b.
    use_begin_.assign(static_cast<std::size_t>(nodes_) + 1, 0);
    for (const Conclusion& conclusion : conclusions_)
      for (std::size_t k = group_begin_[static_cast<std::size_t>(conclusion.group)];
           k < group_begin_[static_cast<std::size_t>(conclusion.group) + 1]; ++k)
        ++use_begin_[static_cast<std::size_t>(group_branches_[k]) + 1];
    for (std::size_t b = 0; b < static_cast<std::size_t>(nodes_); ++b) use_begin_[b + 1] += use_begin_[b];
    uses_.assign(use_begin_.back(), 0);
    use_end_.assign(use_begin_.begin(), use_begin_.end() - 1);
    std::vector<int> max_layer(static_cast<std::size_t>(nodes_), 0);
    for (std::size_t c = 0; c < conclusions_.size(); ++c) {
      const std::size_t first = group_begin_[static_cast<std::size_t>(conclusions_[c].group)];
      const std::size_t last = group_begin_[static_cast<std::size_t>(conclusions_[c].group) + 1];
      const bool contradiction = conclusions_[c].kind == Kind::contradiction;
      const int deepest =
          contradiction ? node_cap_ - 2 : node_cap_ - 1 - 2 * static_cast<int>(last - first - 1);
      for (std::size_t k = first; k < last; ++k) {
        const auto b = static_cast<std::size_t>(group_branches_[k]);
        uses_[use_end_[b]++] = c;
        max_layer[b] = std::max(max_layer[b], deepest);
      }
    }
    StaticLayers<W> searches(tables_.graph());
    std::vector<int> batch;
    std::vector<int> batch_layers;
    for (int b = 0; b < nodes_; ++b) {
      const auto at = static_cast<std::size_t>(b);
      if (use_begin_[at] == use_end_[at]) continue;
      ++context_.work;
      batch.push_back(b);
      batch_layers.push_back(max_layer[at]);
      if (batch.size() == static_cast<std::size_t>(StaticLayers<W>::kMaxSearches))
        search_batch(searches, batch, batch_layers);
    }
    if (!batch.empty()) search_batch(searches, batch, batch_layers);
    std::erase_if(conclusions_, [&](const Conclusion& conclusion) { return conclusion.nodes > node_cap_; });
  }

  // One step per conclusion: the easiest way to it; report those within the easiest (or the grade).
  void report(std::vector<Step>& out) {
    std::stable_sort(conclusions_.begin(), conclusions_.end(), [](const Conclusion& a, const Conclusion& b) {
      return a.fact != b.fact ? a.fact < b.fact : a.nodes < b.nodes;
    });
    double best = kNoScore;
    for (const Conclusion& conclusion : conclusions_)
      best = std::min(best, base_ + length_bonus(conclusion.nodes));
    const double bound = std::max(best, context_.good_enough) + kEpsilon;
    for (std::size_t k = 0; k < conclusions_.size(); ++k) {
      const Conclusion& conclusion = conclusions_[k];
      if (k > 0 && conclusions_[k - 1].fact == conclusion.fact) continue;
      const double score = base_ + length_bonus(conclusion.nodes);
      if (score > bound) continue;
      Step step = make_step(technique_, score);
      const Deduction& fact = index_.of(conclusion.fact);
      (conclusion.fact % 2 == 0 ? step.placements : step.eliminations).push_back(fact);
      if (context_.explain)
        step.detail = std::string(technique_name(technique_)) + ": " + why(conclusion) + " (" +
                      std::to_string(conclusion.nodes) + " nodes)";
      out.push_back(std::move(step));
    }
  }

 private:
  enum class Kind { contradiction, twofold, cell, region };
  struct Conclusion {
    int fact;  // node: a placement (even) or an elimination (odd)
    Kind kind;
    int source;  // the assumption (contradiction, twofold), the cell, or the unit
    int source_digit;
    int nodes;  // counted later for static chains from the reachability table
    int group;  // the branches it rests on: group_branches_[group_begin_[group] ..group_begin_[group + 1])
  };

  // In a cell with two candidates "a is false" is "b is true": that branch adds nothing the cell
  // chain on both candidates does not have, so it is skipped.
  bool bivalue_cell(int b) const { return bit_count(board_.mask(index_.of(b).cell)) == 2; }
  // Removing a candidate from a cell that keeps two or more, where every unit keeps two or more
  // places for the digit, leaves no single: with singles only (dynamic), that branch derives
  // nothing and is consistent, so it need not be followed. (Not on Killer boards: its cage may
  // lose combinations.)
  bool leaves_no_single(int b) const {
    if (layout_.geometry->cage_of(index_.of(b).cell) >= 0) return false;
    const Deduction& removed = index_.of(b);
    if (bit_count(board_.mask(removed.cell)) < 3) return false;
    for (int unit : layout_.units_of(removed.cell))
      if ((board_.cells_of(removed.digit) & layout_.unit_cells[static_cast<std::size_t>(unit)])
              .count_upto(2) < 3)
        return false;
    return true;
  }
  // Nodes behind `fact` in branch b (a fact the branch reached).
  int nodes_behind(int b, int fact) const {
    const auto first =
        counts_.begin() + static_cast<std::ptrdiff_t>(count_begin_[static_cast<std::size_t>(b)]);
    const auto last =
        counts_.begin() + static_cast<std::ptrdiff_t>(count_begin_[static_cast<std::size_t>(b) + 1]);
    return std::lower_bound(first, last, fact, [](const auto& x, int value) { return x.node < value; })
        ->nodes;
  }
  int add_group(std::span<const int> members) {
    group_branches_.insert(group_branches_.end(), members.begin(), members.end());
    group_begin_.push_back(group_branches_.size());
    return static_cast<int>(group_begin_.size()) - 2;
  }
  // Every fact all `members` reach. Each chain has at least two nodes (the assumption and the
  // fact), so groups of more than node_cap / 2 branches are skipped.
  void add_agreements(std::span<const int> members, Kind kind, int source, int source_digit) {
    if (2 * static_cast<int>(members.size()) > node_cap_) return;
    bool any = false;
    for (std::size_t w = 0; w < words_; ++w) {
      std::uint64_t bits = ~std::uint64_t{0};
      for (int b : members) bits &= facts_[static_cast<std::size_t>(b) * words_ + w];
      agreed_[w] = bits;
      any = any || bits != 0;
    }
    if (!any) return;
    const int group = add_group(members);
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = agreed_[w]; bits != 0; bits &= bits - 1) {
        const int fact = static_cast<int>(w * 64) + std::countr_zero(bits);
        int total = 0;
        if (!from_reach_) {
          for (int b : members) total = add_nodes(total, nodes_behind(b, fact));
          if (total > node_cap_) continue;
        }
        conclusions_.push_back({fact, kind, source, source_digit, total, group});
      }
  }
  // Runs the batch's searches and adds each branch's share to the conclusions resting on it.
  void search_batch(StaticLayers<W>& searches, std::vector<int>& batch, std::vector<int>& batch_layers) {
    searches.run(batch, batch_layers);
    for (std::size_t k = 0; k < batch.size(); ++k) {
      const auto at = static_cast<std::size_t>(batch[k]);
      for (std::size_t u = use_begin_[at]; u < use_end_[at]; ++u) {
        Conclusion& conclusion = conclusions_[uses_[u]];
        int more = kBeyondCap;
        if (conclusion.kind == Kind::contradiction) {
          more = searches.contradiction_nodes(k);
        } else if (const int layer = searches.layer_of(k, conclusion.fact); layer >= 1) {
          more = layer + 1;
        }
        conclusion.nodes = add_nodes(conclusion.nodes, more);
      }
    }
    batch.clear();
    batch_layers.clear();
  }
  // The explanation's reason: "assuming r1c2=5 leads to a contradiction", ...
  std::string why(const Conclusion& conclusion) const {
    switch (conclusion.kind) {
      case Kind::contradiction: {
        const Deduction& assumed = index_.of(conclusion.source);
        return "assuming " + fact_text(layout_, assumed.cell, assumed.digit, conclusion.source % 2 == 0) +
               " leads to a contradiction";
      }
      case Kind::twofold: {
        const Deduction& assumed = index_.of(conclusion.source);
        return "both " + fact_text(layout_, assumed.cell, assumed.digit, true) + " and " +
               fact_text(layout_, assumed.cell, assumed.digit, false) + " lead to it";
      }
      case Kind::cell:
        return "every candidate of " + layout_.cell_text(conclusion.source) + " leads to it";
      case Kind::region:
        return "every place of " + digit_text(conclusion.source_digit) + " in " +
               layout_.unit_name(conclusion.source) + " leads to it";
    }
    return {};
  }

  const Layout<W>& layout_;
  const Board<W>& board_;
  SearchContext& context_;
  ForcingLevel level_;
  Technique technique_;
  double base_;
  // Conclusions resting on more nodes than this would score over the caller's cap: no need to
  // find them (static chains search no deeper than that).
  int node_cap_;
  ChainTables<W>& tables_;
  const CandidateIndex<W>& index_;
  Branch<W> branch_;
  int nodes_;
  std::size_t words_;
  bool both_ways_;                        // false assumptions followed too (dynamic levels)
  std::vector<std::uint64_t> facts_;      // [b * words_]: node bits of branch b's facts
  std::vector<std::size_t> count_begin_;  // counts_[count_begin_[b] .. count_begin_[b + 1]): branch b's
  std::vector<typename Branch<W>::Count> counts_;
  std::vector<char> consistent_;          // per branch: no contradiction
  std::vector<int> contradiction_nodes_;  // per inconsistent branch (not from the table)
  const StaticReach<W>* reach_;           // static chains only
  bool from_reach_;                       // facts from the table, node counts searched later
  std::vector<std::uint64_t> agreed_;     // scratch: the facts a group agrees on
  std::vector<Conclusion> conclusions_;
  std::vector<int> group_branches_;
  std::vector<std::size_t> group_begin_{0};
  std::vector<std::size_t> use_begin_;
  std::vector<std::size_t> use_end_;
  std::vector<std::size_t> uses_;
};

}  // namespace

template <int W>
void find_forcing_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                         ForcingLevel level, std::vector<Step>& out) {
  // Nested chains run a chain search inside every branch: on 9x9 a second at worst (hardest.txt),
  // but that search grows with the fourth power of the size, and on 25x25 even the levels below
  // take minutes per puzzle. Larger boards stop below it (their puzzles stay "beyond").
  if (level == ForcingLevel::nested && layout.size > kNestedMaxSize) return;
  const int node_cap = max_nodes_within(technique_base_score(forcing_technique(level)), context.score_cap);
  if (node_cap == 0) return;
  ForcingChainSearch<W> search(layout, board, context, level, node_cap);
  search.follow_assumptions();
  search.collect_conclusions();
  if (search.found_nothing()) return;
  if (search.counts_pending()) search.count_static_nodes();
  search.report(out);
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_forcing_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, ForcingLevel, \
                                       std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
