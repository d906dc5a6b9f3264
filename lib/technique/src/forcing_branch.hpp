// SPDX-License-Identifier: Apache-2.0
// One assumption of a forcing chain followed through the position (forcing_chains.cpp's
// branches): the facts it leads to, each with its node count, or the contradiction it meets.
// Included by forcing_chains.cpp alone; a header only to keep that file to the search over every
// assumption and what they conclude together.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <span>
#include <vector>

#include "chain_tables.hpp"
#include "evidence_branch.hpp"
#include "sudoku/model/cage_combinations.hpp"
#include "sudoku/technique/evidence.hpp"

namespace sudoku::technique {
// Internal linkage, as when it lived in forcing_chains.cpp: GCC then inlines its once-called
// members into the search (out of line, the invariant order took 14% more instructions).
namespace {

// One assumption followed through the position. Static links: implications along the position's
// own strong links, breadth first. Dynamic: the board is updated and singles are applied layer by
// layer; on Killer boards the cages that lost candidates keep what their sums allow as well. Dynamic plus
// also applies intersections and naked pairs when the singles run dry; nested, static forcing chains
// and cycles when those run dry too. Every derived fact is recorded (a node
// bit) with its node count: the facts it rests on, itself included. Static chains are paths, so that is the
// layer plus one; dynamic facts carry their ancestor sets as bitsets over nodes, built in derivation order.
//
// kTraced (explaining: forcing_evidence.cpp): run() also records how each fact follows, for
// evidence(). A separate instance of the class, in its own translation unit, so the search's own
// code is what it was (its members inlined into their one caller, the trace's branches compiled out).
template <int W, bool kTraced = false>
class Branch {
 public:
  struct Count {
    int node;
    int nodes;
  };

  Branch(const Layout<W>& layout, const Board<W>& base, const StrongLinks<W>& links,
         const CandidateIndex<W>& index, ForcingLevel level, Derivation derivation)
      : layout_(layout),
        base_(base),
        links_(links),
        index_(index),
        level_(level),
        order_free_(derivation == Derivation::fewest_nodes),
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
    if (kTraced) {
      trace_.clear();
      trace_at_.assign(static_cast<std::size_t>(index_.nodes()), -1);
      clash_.clear();
      rule_ = {};
      if (level_ == ForcingLevel::static_links) return trace_static(node);
    }
    return level_ == ForcingLevel::static_links ? run_static(assumed.cell, assumed.digit, on)
                                                : run_dynamic(assumed.cell, assumed.digit, on);
  }
  int contradiction_nodes() const { return contradiction_nodes_; }

  // Traced, run() also records how each fact follows — its rule and direct parents, the first
  // derivation met — and which facts a contradiction clashes on. Tracing changes no fact a run
  // derives, only this record (a pattern's fact rests on the facts its pattern needs instead of on
  // every fact so far). After a traced run(): the branch behind `ends` (fact nodes) as evidence, the assumption first
  // and every node after its parents; clash() gives a contradiction's ends.
  EvidenceBranch evidence(std::span<const int> ends) const {
    std::vector<int> end_at;  // the ends' places in the trace (-1: not derived)
    for (const int end : ends) end_at.push_back(trace_at_[static_cast<std::size_t>(end)]);
    const auto for_each_parent = [&](int at, auto visit) {
      for (const int parent : trace_[static_cast<std::size_t>(at)].parents)
        visit(trace_at_[static_cast<std::size_t>(parent)]);
    };
    return evidence_behind(static_cast<int>(trace_.size()), end_at, true, for_each_parent, [&](int at) {
      const Traced& traced = trace_[static_cast<std::size_t>(at)];
      const Deduction& fact = index_.of(traced.fact);
      EvidenceNode node;
      node.cells = {fact.cell};
      node.value = fact.digit + 1;
      node.on = traced.fact % 2 == 0;
      node.rule = traced.rule.rule;
      node.unit = traced.rule.unit;
      node.cage = traced.rule.cage;
      node.pattern = traced.rule.pattern;
      return node;
    });
  }
  const std::vector<int>& clash() const { return clash_; }
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
    if (kTraced) trace(fact, std::array<int, 1>{placement}, Rule{});
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
    if (kTraced) trace(fact, parents, rule_);
    return true;
  }

  // SE counts a contradiction, a candidate both true and false, by the two facts' ancestors
  // apart (shared ones twice: BinaryChainingHint adds two ancestor counts).
  bool contradiction(int on, int off) {
    if (kTraced) clash_ = {on, off};
    contradiction_nodes_ = count_of_[static_cast<std::size_t>(on)] + count_of_[static_cast<std::size_t>(off)];
    return false;
  }
  // A cell or unit left empty by the facts `gone` (its candidates' removals): SE meets it as the
  // last candidate turned true by the others' removal, and false by its own. Which one is last
  // depends on SE's queue order; the fewest nodes in all is taken (measured on se-rated.txt it
  // matches SE better than the removal with most ancestors, which Nishio uses).
  template <class Facts>
  bool emptied(const Facts& gone) {
    if (kTraced) clash_.assign(std::begin(gone), std::end(gone));
    contradiction_nodes_ = emptied_nodes(gone);
    return false;
  }
  template <class Facts>
  int emptied_nodes(const Facts& gone) {
    int nodes = std::numeric_limits<int>::max();
    for (int last : gone) {
      std::fill(union_.begin(), union_.end(), 0);
      for (int fact : gone)
        if (fact != last) add_ancestry(union_.data(), fact);
      nodes = std::min(nodes, 1 + count_bits(union_.data()) + count_of_[static_cast<std::size_t>(last)]);
    }
    return nodes;
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
      if (order_free_)
        for (const Deduction& placing : pending_on_) {
          const auto d = static_cast<std::size_t>(placing.digit);
          const CellSet<W>& peers = layout_.peers[static_cast<std::size_t>(placing.cell)];
          placed_now_[d].set(placing.cell);
          placed_cells_now_.set(placing.cell);
          seen_twice_[d] |= seen_once_[d] & peers;
          seen_once_[d] |= peers;
        }
      // Placements: their peers and the cell's other digits go off.
      clashed_.clear();
      for (const Deduction& placing : pending_on_) {
        const int c = placing.cell;
        const int d = placing.digit;
        if (!board_.has(c, d)) {
          if (!order_free_) return contradiction(node(c, d, true), node(c, d, false));
          clashed_.push_back(node(c, d, true));
          continue;
        }
        touched |= layout_.peers[static_cast<std::size_t>(c)] & board_.cells_of(d);
        const int placement = node(c, d, true);
        board_.place(layout_, c, d, [&](int p, int e) {
          record_off(node(p, e, false), placement);
          lost_.push_back({p, e});
        });
      }
      if (!clashed_.empty()) return clashing_placements();
      if (order_free_ && pending_on_.size() > 1) settle_offs(lost_.size());
      if (order_free_) forget_placed_now();
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
    if (kTraced) rule_ = {};
    // Order-free, every cell left empty is looked at, and the fewest nodes taken, not the first in
    // cell order.
    int empty_nodes = std::numeric_limits<int>::max();
    touched.for_each([&](int c) {
      if (!board_.open.test(c) || (!order_free_ && empty_nodes != std::numeric_limits<int>::max())) return;
      const CandidateMask mask = board_.mask(c);
      if ((mask & (mask - 1)) != 0) return;
      parents_.clear();
      for (CandidateMask gone = base_.mask(c) & ~mask; gone != 0; gone &= gone - 1)
        parents_.push_back(node(c, std::countr_zero(gone), false));
      if (mask == 0) {
        if (kTraced && clash_.empty()) clash_ = parents_;
        empty_nodes = std::min(empty_nodes, emptied_nodes(parents_));
        return;
      }
      const int d = std::countr_zero(mask);
      if (record_with_set(node(c, d, true), parents_)) pending_on_.push_back({c, d});
    });
    if (empty_nodes != std::numeric_limits<int>::max()) {
      contradiction_nodes_ = empty_nodes;
      return false;
    }
    const std::size_t naked = pending_on_.size();
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
        if (left.none()) {
          if (!order_free_) return emptied(parents_);
          if (kTraced && clash_.empty()) clash_ = parents_;
          empty_nodes = std::min(empty_nodes, emptied_nodes(parents_));
          continue;
        }
        const int target = left.first();
        const int placement = node(target, d, true);
        if (record_with_set(placement, parents_)) {
          pending_on_.push_back({target, d});
          hidden_nodes_.push_back(count_of_[static_cast<std::size_t>(placement)]);
        } else if (order_free_) {
          rederive_hidden(placement, naked);
        }
      }
    }
    hidden_nodes_.clear();
    if (empty_nodes == std::numeric_limits<int>::max()) return true;
    contradiction_nodes_ = empty_nodes;
    return false;
  }

  // Which derivation of a fact counts must not depend on the order the layer meets them in: a
  // transformed puzzle meets them in another order, and the first-found rule made its grade differ
  // by a tenth (8.8 for one labelling, 8.9 for another). So a fact derived several ways in one layer
  // rests on the derivation with the fewest nodes, and on the union of the derivations tied for
  // that fewest (no order-free rule can prefer one of them).
  //
  // A hidden single found again in another unit (pending_on_[naked..] are this layer's hidden
  // singles, hidden_nodes_ their fewest derivation nodes; a naked single keeps its own derivation:
  // it is found first whatever the order). parents_ holds the new derivation's parents.
  void rederive_hidden(int placement, std::size_t naked) {
    std::size_t k = naked;
    while (k < pending_on_.size() && node(pending_on_[k].cell, pending_on_[k].digit, true) != placement) ++k;
    if (k == pending_on_.size()) return;
    std::fill(union_.begin(), union_.end(), 0);
    for (int parent : parents_) add_ancestry(union_.data(), parent);
    set_bit(union_.data(), placement);
    const int nodes = count_bits(union_.data());
    int& fewest = hidden_nodes_[k - naked];
    if (nodes > fewest) return;
    std::uint64_t* bits = ancestors(placement);
    if (nodes < fewest) {
      fewest = nodes;
      std::copy(union_.begin(), union_.end(), bits);
    } else {
      for (std::size_t w = 0; w < words_; ++w) bits[w] |= union_[w];
    }
    count_of_[static_cast<std::size_t>(placement)] = count_bits(bits);
  }

  // The placements this layer makes: those removing `cell`'s `digit` (peers placing the digit, or
  // the cell placing another) as nodes.
  template <class Visit>
  void for_each_remover(int cell, int digit, Visit&& visit) const {
    (placed_now_[static_cast<std::size_t>(digit)] & layout_.peers[static_cast<std::size_t>(cell)])
        .for_each([&](int peer) { visit(node(peer, digit, true)); });
    if (!placed_cells_now_.test(cell)) return;
    for (int other = 0; other < n_; ++other)
      if (other != digit && placed_now_[static_cast<std::size_t>(other)].test(cell))
        visit(node(cell, other, true));
  }
  // Placements of the layer that exclude each other (clashed_: those whose candidate an earlier one
  // in the list had removed): the pair with the fewest nodes counts — a placement, and its removal
  // by the other, that one's nodes plus one — over every such pair, not the first the list meets.
  // (Of each clashing pair at least one is in clashed_, so its removers cover every pair.)
  bool clashing_placements() {
    if (kTraced) clash_ = {clashed_.front(), clashed_.front() ^ 1};
    int nodes = std::numeric_limits<int>::max();
    for (const int on : clashed_) {
      const Deduction& placing = index_.of(on);
      int fewest = count_of_[static_cast<std::size_t>(on ^ 1)] - 1;  // a removal from before the layer
      for_each_remover(placing.cell, placing.digit, [&](int other) {
        fewest = std::min(fewest, count_of_[static_cast<std::size_t>(other)]);
      });
      nodes = std::min(nodes, count_of_[static_cast<std::size_t>(on)] + fewest + 1);
    }
    forget_placed_now();
    contradiction_nodes_ = nodes;
    return false;
  }
  void forget_placed_now() {
    for (const Deduction& placing : pending_on_) {
      const auto d = static_cast<std::size_t>(placing.digit);
      placed_now_[d] = seen_once_[d] = seen_twice_[d] = CellSet<W>{};
    }
    placed_cells_now_ = CellSet<W>{};
  }
  // A candidate several of the layer's placements remove rests on the one with the fewest nodes
  // (the union of those tied), not on the first placed.
  void settle_offs(std::size_t placed) {
    // lost_[0, placed): the placements' removals.
    for (std::size_t k = 0; k < placed; ++k) {
      const Deduction& gone = lost_[k];
      // Only a candidate two placements see (or its cell's own placement and one seeing it) has
      // a choice to make.
      const auto e = static_cast<std::size_t>(gone.digit);
      if (!seen_twice_[e].test(gone.cell) &&
          !(placed_cells_now_.test(gone.cell) && seen_once_[e].test(gone.cell)))
        continue;
      const int off = node(gone.cell, gone.digit, false);
      if (off_parent_[static_cast<std::size_t>(off)] < 0) continue;  // a pattern's removal, found before
      int fewest = std::numeric_limits<int>::max();
      int tied = 0;
      for_each_remover(gone.cell, gone.digit, [&](int placement) {
        const int nodes = count_of_[static_cast<std::size_t>(placement)];
        if (nodes < fewest) {
          fewest = nodes;
          tied = 1;
          off_parent_[static_cast<std::size_t>(off)] = placement;
        } else if (nodes == fewest) {
          ++tied;
        }
      });
      count_of_[static_cast<std::size_t>(off)] = fewest + 1;
      if (tied == 1) continue;
      std::uint64_t* bits = ancestors(off);
      std::fill(bits, bits + words_, 0);
      for_each_remover(gone.cell, gone.digit, [&](int placement) {
        if (count_of_[static_cast<std::size_t>(placement)] == fewest) add_ancestry(bits, placement);
      });
      set_bit(bits, off);
      off_parent_[static_cast<std::size_t>(off)] = -1;
      count_of_[static_cast<std::size_t>(off)] = count_bits(bits);
    }
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
    for (int cage : dirty_cages_) {
      if (kTraced) rule_ = {NodeRule::cage, -1, cage, {}};
      if (!restrict_cage(layout_.geometry->cages()[static_cast<std::size_t>(cage)])) return false;
    }
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
    quiet.explain = kTraced;  // the patterns' units and cells, for the trace
    found_.clear();
    find_intersections(layout_, board_, quiet, false, found_);
    if (found_.empty()) find_naked_subsets(layout_, board_, quiet, 2, found_);
    const bool inner = found_.empty() && level_ == ForcingLevel::nested;
    if (inner) {
      // Every chain, not only the easiest: SE applies all the inner rule's hints.
      quiet.explain = false;
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
      if (kTraced) trace_pattern(step, inner);
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
  // ---- the trace (explaining only) ----

  struct Rule {
    NodeRule rule = NodeRule::link;
    int unit = -1;
    int cage = -1;
    std::vector<int> pattern;
  };
  struct Traced {
    int fact;
    Rule rule;
    std::vector<int> parents;  // fact nodes
  };
  template <class Parents>
  void trace(int fact, const Parents& parents, const Rule& rule) {
    int& at = trace_at_[static_cast<std::size_t>(fact)];
    if (at >= 0) return;  // the first derivation stays (the assumption, found again, among them)
    at = static_cast<int>(trace_.size());
    trace_.push_back({fact, rule, std::vector<int>(std::begin(parents), std::end(parents))});
  }
  // The offs the branch's board shows against the position's, in `cells`, for the digits `digits`
  // selects (placed cells keep their value out of it).
  void add_removed(const CellSet<W>& cells, CandidateMask digits) {
    cells.for_each([&](int cell) {
      CandidateMask gone = base_.mask(cell) & ~board_.mask(cell) & digits;
      if (const int value = board_.values[static_cast<std::size_t>(cell)]; value != 0) gone &= ~bit_of(value - 1);
      for (; gone != 0; gone &= gone - 1) parents_.push_back(node(cell, std::countr_zero(gone), false));
    });
  }
  // A pattern step's rule and parents (parents_, rule_) for the facts it gives: an intersection
  // rests on its base unit's other places gone, a naked subset on its cells' other values gone, an
  // inner chain on every candidate the branch removed.
  void trace_pattern(const Step& step, bool inner) {
    parents_.clear();
    rule_ = {};
    const CandidateMask all = static_cast<CandidateMask>((CandidateMask{1} << n_) - 1);
    if (inner) {
      rule_.rule = NodeRule::chain;
      CellSet<W> cells;
      for (int cell = 0; cell < layout_.cell_count; ++cell) cells.set(cell);
      add_removed(cells, all);
      return;
    }
    rule_.unit = step.evidence.units.front();
    rule_.pattern = step.evidence.cells;
    std::sort(rule_.pattern.begin(), rule_.pattern.end());
    const CellSet<W>& unit = layout_.unit_cells[static_cast<std::size_t>(rule_.unit)];
    if (step.technique == Technique::pointing || step.technique == Technique::claiming) {
      rule_.rule = NodeRule::intersection;
      add_removed(unit, bit_of(step.eliminations.front().digit));
      return;
    }
    rule_.rule = NodeRule::naked_subset;
    CellSet<W> members;
    for (int cell : rule_.pattern) members.set(cell);
    add_removed(members, all);
  }

  // A static branch traced (what StaticLayers and run_static follow): breadth first along the
  // position's links — an on makes its cell's other candidates and its peers' places of the value
  // off; an off makes the other candidate of a bivalue cell, and the other place of the value in a
  // unit holding two, on — until the branch has every fact or meets a candidate both ways.
  bool trace_static(int root) {
    std::fill(facts_, facts_ + words_, 0);
    trace(root, std::array<int, 0>{}, Rule{});
    std::vector<int> queue{root};
    const auto reach = [&](int from, int to) {
      if (to == root || test_bit(facts_, to)) return true;
      set_bit(facts_, to);
      trace(to, std::array<int, 1>{from}, Rule{});
      queue.push_back(to);
      if (to == (root ^ 1) || test_bit(facts_, to ^ 1)) {
        clash_ = {to, to ^ 1};
        return false;
      }
      return true;
    };
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int from = queue[head];
      const Deduction& at = index_.of(from);
      const int c = at.cell;
      const int d = at.digit;
      bool ok = true;
      if (from % 2 == 0) {
        for (CandidateMask rest = base_.mask(c) & ~bit_of(d); rest != 0 && ok; rest &= rest - 1)
          ok = reach(from, node(c, std::countr_zero(rest), false));
        (layout_.peers[static_cast<std::size_t>(c)] & base_.cells_of(d)).for_each([&](int peer) {
          if (ok) ok = reach(from, node(peer, d, false));
        });
      } else {
        const CandidateMask mask = base_.mask(c);
        if (bit_count(mask) == 2) ok = reach(from, node(c, std::countr_zero(mask & ~bit_of(d)), true));
        for (int unit : layout_.units_of(c)) {
          if (!ok) break;
          CellSet<W> others = base_.cells_of(d) & layout_.unit_cells[static_cast<std::size_t>(unit)];
          others.reset(c);
          if (others.single()) ok = reach(from, node(others.first(), d, true));
        }
      }
      if (!ok) return false;
    }
    return true;
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
  bool order_free_;  // Derivation::fewest_nodes
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
  // Order-free derivations: the current layer's placements by digit and by cell, and the fewest
  // derivation nodes of its hidden singles (rederive_hidden).
  std::array<CellSet<W>, kMaxSize> placed_now_{};
  CellSet<W> placed_cells_now_;
  std::array<CellSet<W>, kMaxSize> seen_once_{};   // per digit: cells a placement of it sees
  std::array<CellSet<W>, kMaxSize> seen_twice_{};  // per digit: cells two placements of it see
  std::vector<int> clashed_;  // this layer's placements whose candidate was gone (clashing_placements)
  std::vector<int> hidden_nodes_;
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
  // Traced: the facts of the run in derivation order, per node its place there (-1: not
  // derived), a contradiction's ends, and the rule record_with_set records under.
  std::vector<Traced> trace_;
  std::vector<int> trace_at_;
  std::vector<int> clash_;
  Rule rule_;
};

}  // namespace
}  // namespace sudoku::technique
