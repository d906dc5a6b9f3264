// SPDX-License-Identifier: Apache-2.0
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
#include "forcing_branch.hpp"

namespace sudoku::technique {
namespace {

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
                     ForcingLevel level, Derivation derivation, int node_cap)
      : layout_(layout),
        board_(board),
        context_(context),
        level_(level),
        derivation_(derivation),
        technique_(forcing_technique(level)),
        base_(technique_base_score(technique_)),
        node_cap_(node_cap),
        tables_(chain_tables(layout, board, context)),
        index_(tables_.index()),
        branch_(layout, board, tables_.links(), index_, level, derivation),
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
    const std::size_t first = out.size();
    std::vector<std::size_t> sources;  // per step appended: its conclusion
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
      sources.push_back(k);
    }
    if (!context_.branch_evidence || sources.empty()) return;
    // SE order keeps the easiest step alone (chain_engine.cpp): only it needs its branches.
    std::size_t explained = 0;
    for (std::size_t i = 1; i < sources.size(); ++i)
      if (out[first + i].score < out[first + explained].score - kEpsilon) explained = i;
    for (std::size_t i = 0; i < sources.size(); ++i)
      if (derivation_ == Derivation::fewest_nodes || i == explained)
        out[first + i].evidence = evidence_of(conclusions_[sources[i]]);
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
  // A conclusion's evidence: its branches followed again, traced (the same propagation derives the
  // same facts), each from its assumption to the conclusion or to the facts that clash.
  StepEvidence evidence_of(const Conclusion& conclusion) {
    const auto first = static_cast<std::ptrdiff_t>(group_begin_[static_cast<std::size_t>(conclusion.group)]);
    const auto last = static_cast<std::ptrdiff_t>(group_begin_[static_cast<std::size_t>(conclusion.group) + 1]);
    const std::vector<int> assumptions(group_branches_.begin() + first, group_branches_.begin() + last);
    StepEvidence evidence = forcing_evidence(layout_, board_, context_, level_, derivation_, assumptions,
                                             conclusion.kind == Kind::contradiction ? -1 : conclusion.fact);
    if (conclusion.kind == Kind::region) evidence.units.push_back(conclusion.source);
    add_branch_cells(evidence);
    return evidence;
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
  Derivation derivation_;
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
                         ForcingLevel level, Derivation derivation, std::vector<Step>& out) {
  // Nested chains run a chain search inside every branch: on 9x9 a second at worst (hardest.txt),
  // but that search grows with the fourth power of the size, and on 25x25 even the levels below
  // take minutes per puzzle. Larger boards stop below it (their puzzles stay "beyond").
  if (level == ForcingLevel::nested && layout.size > kNestedMaxSize) return;
  const int node_cap = max_nodes_within(technique_base_score(forcing_technique(level)), context.score_cap);
  if (node_cap == 0) return;
  ForcingChainSearch<W> search(layout, board, context, level, derivation, node_cap);
  search.follow_assumptions();
  search.collect_conclusions();
  if (search.found_nothing()) return;
  if (search.counts_pending()) search.count_static_nodes();
  search.report(out);
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_forcing_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, ForcingLevel, \
                                       Derivation, std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
