// SPDX-License-Identifier: Apache-2.0
// Uniqueness techniques (unique rectangles, unique loops, BUG).
//
// The uniqueness techniques rest on the puzzle having exactly one solution: a pattern that would
// leave two solutions interchangeable (a "deadly pattern") cannot be the final state, so one of the
// candidates breaking it must be true. Whether a rectangle is deadly is decided from the units, not
// from the 9x9 picture: every unit touching it must hold exactly two of its cells, a pair that
// would swap values.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>

#include "engine.hpp"

namespace sudoku::technique {
namespace {

// Cell at (row i, column j) of a family (engine.hpp's LineFamily), or -1.
inline int cell_at(const LineFamily& family, int row, int column) {
  return family.crossing[static_cast<std::size_t>(row) * family.columns.size() + static_cast<std::size_t>(column)];
}

// corners: a (anchor), b (same row), c (same column), d (opposite). Deadly when every unit holding
// one of them holds exactly two, and never a diagonal pair (a,d) or (b,c): then swapping the two
// digits around the rectangle keeps every unit valid.
template <int W>
bool swappable(const Layout<W>& layout, const std::array<int, 4>& corners) {
  CellSet<W> all;
  for (int cell : corners) all.set(cell);
  for (int cell : corners)
    for (int unit : layout.units_of(cell)) {
      const CellSet<W> inside = all & layout.unit_cells[static_cast<std::size_t>(unit)];
      if (inside.count_upto(2) != 2) return false;
      if ((inside.test(corners[0]) && inside.test(corners[3])) ||
          (inside.test(corners[1]) && inside.test(corners[2])))
        return false;
    }
  return true;
}

template <int W>
std::string rectangle_text(const Layout<W>& layout, const std::array<int, 4>& corners, CandidateMask pair) {
  CellSet<W> cells;
  for (int cell : corners) cells.set(cell);
  return cells_text(layout, cells) + " (" + digits_text(pair) + ")";
}

// The deadly pattern as evidence: its cells in order and the pair's values in each (explain only).
inline void pattern_evidence(StepEvidence& evidence, std::span<const int> pattern, CandidateMask pair) {
  for (int cell : pattern) {
    evidence.cells.push_back(cell);
    add_candidates(evidence, cell, pair);
  }
}

// Type 1 of a deadly pattern (rectangle or loop): its one cell holding other digits keeps neither
// of the pair's. `detail` empty: not explaining (no text, no evidence).
inline Step type1_step(Technique technique, double score, std::span<const int> pattern, int extra,
                       CandidateMask pair, std::string detail) {
  Step step = make_step(technique, score);
  for (CandidateMask hit = pair; hit != 0; hit &= hit - 1) step.eliminations.push_back({extra, std::countr_zero(hit)});
  if (!detail.empty()) {
    step.detail = std::move(detail);
    pattern_evidence(step.evidence, pattern, pair);
  }
  return step;
}

// Type 3 with a hidden set (SE's rule): the pair's digits and k - 2 digits outside the pattern
// have, leaving out `second`, k places in all in a unit holding both extra cells (k at least the
// number of extra digits, 2k below the unit's open cells). As one of the two cells holds an extra
// digit, those k digits fill those places, whose other digits go (+0.1 per place beyond two).
template <int W>
void hidden_type3(const Layout<W>& layout, const Board<W>& board, const SearchContext& context,
                  std::span<const int> pattern, int first, int second, int unit, CandidateMask pair,
                  Technique technique, double base, const std::string& name, const std::string& where,
                  std::vector<Step>& out) {
  const CellSet<W>& unit_cells = layout.unit_cells[static_cast<std::size_t>(unit)];
  const CandidateMask extras = (board.mask(first) | board.mask(second)) & ~pair;
  const int open = (unit_cells & board.open).count();
  CellSet<W> without_second = unit_cells;
  without_second.reset(second);
  const CandidateMask outside = layout.all_values & ~pair & ~extras;
  // k from the number of extra digits up to 7 (SE's limit) while 2k stays below the open cells.
  const int most = std::min(7, (open - 1) / 2);
  const auto try_set = [&](CandidateMask chosen) {
    const int size = bit_count(chosen) + 2;
    if (size < bit_count(extras)) return;
    CellSet<W> places;
    for (CandidateMask digits = chosen | pair; digits != 0; digits &= digits - 1) {
      const CellSet<W> where_digit = board.cells_of(std::countr_zero(digits)) & without_second;
      if (where_digit.none()) return;
      places |= where_digit;
    }
    if (places.count() != size) return;
    places.reset(first);
    const CandidateMask set = chosen | pair;
    Step step = make_step(technique, base + 0.1 * (places.count() - 1));
    places.for_each([&](int cell) {
      for (CandidateMask gone = board.mask(cell) & ~set; gone != 0; gone &= gone - 1)
        step.eliminations.push_back({cell, std::countr_zero(gone)});
    });
    if (step.eliminations.empty()) return;
    if (context.explain) {
      step.detail = name + " type 3, " + where + ", " + cells_text(layout, places) +
                    " and one of the two form a hidden set (" + digits_text(set) + ") in " +
                    layout.unit_name(unit);
      // The hidden set: its digits' places in the unit, the second extra cell left out.
      pattern_evidence(step.evidence, pattern, pair);
      step.evidence.units.push_back(unit);
      places.for_each([&](int cell) { add_candidates(step.evidence, cell, board.mask(cell) & set); });
    }
    out.push_back(std::move(step));
  };
  // Every subset of `outside` of at most most - 2 digits, each once (digits taken in increasing order).
  const auto visit = [&](auto&& self, CandidateMask chosen, CandidateMask rest) -> void {
    if (bit_count(chosen) + 2 > most) return;
    try_set(chosen);
    for (; rest != 0; rest &= rest - 1) self(self, chosen | (rest & (~rest + 1)), rest & (rest - 1));
  };
  visit(visit, 0, outside);
}

// Types 2 to 4 of a deadly pattern (rectangle or loop) on `pair` whose cells hold no other digits
// but `first` and `second`. Type 2: both add the same single digit, which must then be in one of
// them. Type 4: one of the pair's digits is confined to the two in a shared unit, so the other
// cannot be in them. Type 3: their extra digits act as one cell forming a naked set with other
// cells of a shared unit (+0.1 per such cell).
template <int W>
void two_extra_cells(const Layout<W>& layout, const Board<W>& board, const SearchContext& context,
                     std::span<const int> pattern, int first, int second, CandidateMask pair,
                     Technique technique, double base, const std::string& name, const std::string& where,
                     std::vector<Step>& out) {
  const CandidateMask first_extra = board.mask(first) & ~pair;
  const CandidateMask second_extra = board.mask(second) & ~pair;
  // Type 2: both extra cells add the same single digit, which must then be in one of them.
  if (first_extra == second_extra && bit_count(first_extra) == 1) {
    const int digit = std::countr_zero(first_extra);
    const CellSet<W> eliminated = layout.peers[static_cast<std::size_t>(first)] &
                                  layout.peers[static_cast<std::size_t>(second)] & board.cells_of(digit);
    if (eliminated.any()) {
      Step step = make_step(technique, base);
      eliminated.for_each([&](int cell) { step.eliminations.push_back({cell, digit}); });
      if (context.explain) {
        step.detail = name + " type 2, " + where;
        pattern_evidence(step.evidence, pattern, pair);
      }
      out.push_back(std::move(step));
    }
  }
  for (int unit : layout.units_of(first)) {
    const CellSet<W>& unit_cells = layout.unit_cells[static_cast<std::size_t>(unit)];
    if (!unit_cells.test(second)) continue;
    // Type 4: one of the pair's digits is confined to the two extra cells in a shared unit,
    // so the other digit of the pair cannot be in them.
    for (CandidateMask digits = pair; digits != 0; digits &= digits - 1) {
      const int locked = std::countr_zero(digits);
      CellSet<W> just_two;
      just_two.set(first);
      just_two.set(second);
      if (!((board.cells_of(locked) & unit_cells) == just_two)) continue;
      const int other = std::countr_zero(pair & ~bit_of(locked));
      Step step = make_step(technique, base);
      step.eliminations.push_back({first, other});
      step.eliminations.push_back({second, other});
      if (context.explain) {
        step.detail =
            name + " type 4, " + where + ", " + digit_text(locked) + " locked in " + layout.unit_name(unit);
        pattern_evidence(step.evidence, pattern, pair);
        step.evidence.units.push_back(unit);
      }
      out.push_back(std::move(step));
    }
    // Type 3: the extra digits act as one cell that forms a naked subset with other cells of
    // the shared unit.
    const CandidateMask extras = first_extra | second_extra;
    std::vector<int> others;
    for (int cell : layout.unit_members[static_cast<std::size_t>(unit)])
      if (cell != first && cell != second && board.mask(cell) != 0 && bit_count(board.mask(cell)) <= 4)
        others.push_back(cell);
    const int extra_size = bit_count(extras);
    for (int subset = 1; subset <= 3; ++subset) {
      if (extra_size > subset + 1) continue;
      // Choose `subset` other cells whose candidates together with the extras make subset+1 digits.
      std::array<int, 3> pick{};
      const auto visit = [&](auto&& self, int start, int depth, CandidateMask together) -> void {
        if (bit_count(together) > subset + 1) return;
        if (depth == subset) {
          if (bit_count(together) != subset + 1) return;
          Step step = make_step(technique, base + 0.1 * subset);
          for (int cell : layout.unit_members[static_cast<std::size_t>(unit)]) {
            if (cell == first || cell == second) continue;
            bool in_subset = false;
            for (int i = 0; i < subset; ++i)
              in_subset = in_subset || pick[static_cast<std::size_t>(i)] == cell;
            if (in_subset) continue;
            for (CandidateMask hit = board.mask(cell) & together; hit != 0; hit &= hit - 1)
              step.eliminations.push_back({cell, std::countr_zero(hit)});
          }
          if (step.eliminations.empty()) return;
          if (context.explain) {
            CellSet<W> members;
            for (int i = 0; i < subset; ++i) members.set(pick[static_cast<std::size_t>(i)]);
            step.detail = name + " type 3, " + where + ", extra digits " + digits_text(extras) + " with " +
                          cells_text(layout, members) + " form a naked set (" + digits_text(together) +
                          ") in " + layout.unit_name(unit);
            // The naked set: the other cells' candidates, with the extra digits of the two.
            pattern_evidence(step.evidence, pattern, pair);
            step.evidence.units.push_back(unit);
            members.for_each([&](int cell) { add_candidates(step.evidence, cell, board.mask(cell)); });
            add_candidates(step.evidence, first, first_extra);
            add_candidates(step.evidence, second, second_extra);
          }
          out.push_back(std::move(step));
          return;
        }
        for (std::size_t i = static_cast<std::size_t>(start); i < others.size(); ++i) {
          pick[static_cast<std::size_t>(depth)] = others[i];
          self(self, static_cast<int>(i) + 1, depth + 1, together | board.mask(others[i]));
        }
      };
      visit(visit, 0, 0, extras);
    }
    if (extra_size >= 2)
      hidden_type3(layout, board, context, pattern, first, second, unit, pair, technique, base, name, where, out);
  }
}

// What the unique loop search keeps from one board to the next, per pair of digits. The loops from
// the pair's bivalue cells, and their type 1 steps, read only the cells holding both digits (the
// walk's holders) and their candidates; types 2 to 4 read more, and a pair whose search met one is
// searched again on the next board. So a pair whose holders and their candidates are as at its
// last search, which met no such loop, has the same steps, from the same starts.
template <int W>
struct LoopMemo {
  struct Entry {
    std::uint64_t stamp = 0;  // LoopMemo::stamp when last met
    bool reuse = false;       // this board reuses `steps`
    bool reusable = false;    // `steps` hold every step of the pair while holders and masks are as below
    CellSet<W> holders;
    std::vector<CandidateMask> masks;         // the holders', in cell order
    std::vector<std::pair<int, Step>> steps;  // per start cell, in the order found
  };
  std::uint64_t stamp = 0;
  std::vector<Entry> by_pair;  // [low digit * size + high digit]
};

// SE's unique loops: 6, 8, 10, ... cells holding both digits of `pair`, each sharing a unit with
// the next by a unit of another kind than the step before, where every unit the loop touches holds
// exactly two of its cells, one at an even and one at an odd position: the pair could swap around
// the loop, so one of the extra candidates must be true. Found from each bivalue cell (the loop's
// lowest one, one direction), with at most two cells holding extra digits unless the extras are
// one digit (SE's limit). 6 cells 4.6, 8 cells 4.7, 10 or more 5.0 (SE's original rating).
template <int W>
class UniqueLoopSearch {
 public:
  UniqueLoopSearch(const Layout<W>& layout, const Board<W>& board, const SearchContext& context,
                   std::vector<Step>& out)
      : layout_(layout), board_(board), context_(context), out_(out) {}

  // Whether a search since the last call found a deadly loop with two or more extra cells, whose
  // steps read more of the board than the pair's holders.
  bool take_reads_outside() { return std::exchange(reads_outside_, false); }

  void from(int start) {
    pair_ = board_.mask(start);
    const CandidateMask low = pair_ & (~pair_ + 1);
    holders_ = board_.cells_of(std::countr_zero(low)) & board_.cells_of(std::countr_zero(pair_ & ~low));
    // The loop starts at its lowest bivalue cell (step_to): lower ones are never stepped on.
    holders_.for_each([&](int cell) {
      if (cell < start && board_.mask(cell) == pair_) holders_.reset(cell);
    });
    // A deadly loop holds two of its cells in every unit it touches (deadly()), so a holder with a
    // unit holding no other holder is in none, and neither is one left so by taking such cells
    // away: the walk keeps to what remains (it reports only deadly loops, and what it does at a
    // cell depends on the loop so far alone, so it finds the same loops in the same order).
    for (bool pruned = true; pruned;) {
      pruned = false;
      holders_.for_each([&](int cell) {
        for (int unit : layout_.units_of(cell))
          if ((layout_.unit_cells[static_cast<std::size_t>(unit)] & holders_).count_upto(2) < 2) {
            holders_.reset(cell);
            pruned = true;
            return;
          }
      });
    }
    if (!holders_.test(start)) return;
    loop_.assign(1, start);
    in_loop_ = CellSet<W>{};
    in_loop_.set(start);
    extend(start, UnitKind::other, 2, 0, true);
  }

 private:
  static constexpr std::size_t kMaxCells = 16;

  void extend(int cell, UnitKind last_kind, int allowed_extra, CandidateMask extra_digits, bool first) {
    for (int unit : layout_.units_of(cell)) {
      const UnitKind kind = layout_.unit_kind[static_cast<std::size_t>(unit)];
      if (!first && kind == last_kind) continue;
      // Only cells holding both digits go on (the start among them): with the units' cells in
      // increasing order, a walk over those in the unit meets them as the unit lists them.
      if (layout_.members_ascending) {
        (layout_.unit_cells[static_cast<std::size_t>(unit)] & holders_).for_each(
            [&](int next) { step_to(next, kind, allowed_extra, extra_digits); });
      } else {
        for (int next : layout_.unit_members[static_cast<std::size_t>(unit)])
          if (holders_.test(next)) step_to(next, kind, allowed_extra, extra_digits);
      }
    }
  }

  // The loop goes on from its last cell to `next`, a cell holding both digits in a unit of `kind`.
  void step_to(int next, UnitKind kind, int allowed_extra, CandidateMask extra_digits) {
    if (next == loop_[0] && loop_.size() >= 6 && loop_.size() % 2 == 0) {
      closed();
      return;
    }
    if (in_loop_.test(next) || loop_.size() >= kMaxCells) return;
    const CandidateMask mask = board_.mask(next);
    // The loop starts at its lowest bivalue cell.
    if (mask == pair_ && next < loop_[0]) return;
    const CandidateMask extras = extra_digits | (mask & ~pair_);
    if (mask != pair_ && bit_count(extras) != 1 && allowed_extra <= 0) return;
    // Cells at the same parity never share a unit in a deadly loop.
    bool shares = false;
    for (std::size_t i = loop_.size() % 2; i < loop_.size() && !shares; i += 2)
      shares = layout_.peers[static_cast<std::size_t>(loop_[i])].test(next);
    if (shares) return;
    loop_.push_back(next);
    in_loop_.set(next);
    extend(next, kind, allowed_extra - (mask != pair_ ? 1 : 0), extras, false);
    in_loop_.reset(next);
    loop_.pop_back();
  }

  // Every unit touched holds one even and one odd cell of the loop.
  bool deadly() const {
    std::vector<int> even;
    std::vector<int> odd;
    for (std::size_t i = 0; i < loop_.size(); ++i)
      for (int unit : layout_.units_of(loop_[i])) {
        std::vector<int>& side = i % 2 == 0 ? even : odd;
        if (std::find(side.begin(), side.end(), unit) != side.end()) return false;
        side.push_back(unit);
      }
    std::sort(even.begin(), even.end());
    std::sort(odd.begin(), odd.end());
    return even == odd;
  }

  void closed() {
    if (loop_[1] > loop_.back() || !deadly()) return;  // each loop once, in one direction
    std::vector<int> extra;
    CandidateMask extra_digits = 0;
    for (int cell : loop_)
      if (board_.mask(cell) != pair_) {
        extra.push_back(cell);
        extra_digits |= board_.mask(cell) & ~pair_;
      }
    if (extra.empty()) return;
    // Types 2 to 4 read cells outside the loop's pair holders (LoopMemo).
    if (extra.size() >= 2) reads_outside_ = true;
    const std::size_t n = loop_.size();
    const double base = 4.5 + (n >= 10 ? 0.5 : n >= 8 ? 0.2 : 0.1);
    const std::string where =
        context_.explain ? cells_text(layout_, in_loop_) + " (" + digits_text(pair_) + ")" : std::string();
    if (extra.size() == 1) {
      out_.push_back(type1_step(Technique::unique_loop, base, loop_, extra[0], pair_,
                                context_.explain ? "unique loop type 1, " + where : std::string()));
    } else if (extra.size() == 2) {
      two_extra_cells(layout_, board_, context_, std::span<const int>(loop_), extra[0], extra[1], pair_,
                      Technique::unique_loop, base, "unique loop", where, out_);
    } else if (bit_count(extra_digits) == 1) {
      // Type 2 with more cells: the extra digit is in one of them.
      const int digit = std::countr_zero(extra_digits);
      CellSet<W> eliminated = board_.cells_of(digit) - in_loop_;
      for (int cell : extra) eliminated &= layout_.peers[static_cast<std::size_t>(cell)];
      if (eliminated.none()) return;
      Step step = make_step(Technique::unique_loop, base);
      eliminated.for_each([&](int cell) { step.eliminations.push_back({cell, digit}); });
      if (context_.explain) {
        step.detail = "unique loop type 2, " + where;
        pattern_evidence(step.evidence, loop_, pair_);
      }
      out_.push_back(std::move(step));
    }
  }

  const Layout<W>& layout_;
  const Board<W>& board_;
  const SearchContext& context_;
  std::vector<Step>& out_;
  bool reads_outside_ = false;
  CandidateMask pair_ = 0;
  std::vector<int> loop_;
  CellSet<W> in_loop_;
  CellSet<W> holders_;  // the open cells holding both digits of pair_
};

}  // namespace

template <int W>
void find_unique_rectangles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                            std::vector<Step>& out) {
  ++context.work;
  if (!context.uniqueness) return;
  const int n = layout.size;
  // A rectangle lies in one family (a gattai board: one grid's rows and columns); swappable() holds
  // it to every unit its corners are in, the other grids' too. Where grids overlap in more than a
  // box (Butterfly) the same four cells may be found in two grids' families: once is kept.
  std::vector<std::array<int, 4>> seen;
  for (const LineFamily& family : layout.families) {
    board.open.for_each([&](int anchor) {
      const CandidateMask pair = board.mask(anchor);
      if (bit_count(pair) != 2) return;
      const int row = family.row_position[static_cast<std::size_t>(anchor)];
      const int column = family.column_position[static_cast<std::size_t>(anchor)];
      if (row < 0 || column < 0) return;
      // Only rows and columns whose crossing with the anchor's column and row hold both digits.
      const auto holds_pair = [&](int cell) { return (board.mask(cell) & pair) == pair; };
      for (int other_row = 0; other_row < n; ++other_row) {
        if (other_row == row || !holds_pair(cell_at(family, other_row, column))) continue;
        for (int other_column = 0; other_column < n; ++other_column) {
          if (other_column == column || !holds_pair(cell_at(family, row, other_column))) continue;
          const std::array<int, 4> corners{anchor, cell_at(family, row, other_column),
                                           cell_at(family, other_row, column),
                                           cell_at(family, other_row, other_column)};
          bool holds = true;
          int extra_count = 0;
          std::array<int, 4> extra{};
          for (int cell : corners) {
            const CandidateMask mask = board.mask(cell);
            holds = holds && (mask & pair) == pair;
            if (mask == pair && cell < anchor) holds = false;  // found from the lowest bivalue corner only
            if (mask != pair) extra[static_cast<std::size_t>(extra_count++)] = cell;
          }
          if (!holds || extra_count == 0 || extra_count > 2 || !swappable(layout, corners)) continue;
          if (layout.families.size() > 1) {
            std::array<int, 4> key = corners;
            std::sort(key.begin(), key.end());
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
            seen.push_back(key);
          }
          const std::string where = context.explain ? rectangle_text(layout, corners, pair) : std::string();
          if (extra_count == 1) {
            out.push_back(type1_step(Technique::unique_rectangle, 4.5, corners, extra[0], pair,
                                     context.explain ? "unique rectangle type 1, " + where : std::string()));
            continue;
          }
          two_extra_cells(layout, board, context, std::span<const int>(corners), extra[0], extra[1], pair,
                          Technique::unique_rectangle, 4.5, "unique rectangle", where, out);
        }
      }
    });
  }
  std::vector<Step> found;
  UniqueLoopSearch<W> loops(layout, board, context, found);
  auto& memo = kept<LoopMemo<W>>(context.unique_loop_memo);
  const auto pairs = static_cast<std::size_t>(n * n);
  if (memo.by_pair.size() != pairs) memo.by_pair.assign(pairs, {});
  ++memo.stamp;
  board.open.for_each([&](int cell) {
    const CandidateMask pair = board.mask(cell);
    if (bit_count(pair) != 2) return;
    const int low = std::countr_zero(pair);
    const int high = std::countr_zero(pair & (pair - 1));
    auto& entry = memo.by_pair[static_cast<std::size_t>(low * n + high)];
    const CellSet<W> holders = board.cells_of(low) & board.cells_of(high);
    if (entry.stamp != memo.stamp) {
      // First start of this pair on this board: reuse the last search's loops if it read nothing
      // that changed since, else search every start of the pair again.
      entry.stamp = memo.stamp;
      bool same = entry.reusable && entry.holders == holders;
      std::size_t i = 0;
      holders.for_each([&](int holder) { same = same && entry.masks[i++] == board.mask(holder); });
      entry.reuse = same;
      if (!same) {
        entry.holders = holders;
        entry.masks.clear();
        holders.for_each([&](int holder) { entry.masks.push_back(board.mask(holder)); });
        entry.steps.clear();
        entry.reusable = true;
      }
    }
    if (entry.reuse) {
      for (const auto& [start, step] : entry.steps)
        if (start == cell) out.push_back(step);
      return;
    }
    found.clear();
    loops.from(cell);
    if (loops.take_reads_outside()) entry.reusable = false;
    for (Step& step : found) {
      entry.steps.push_back({cell, step});
      out.push_back(std::move(step));
    }
  });
}

// The grave as evidence: the cells holding extras and the extras, without which the board is a
// BUG (explain only).
inline void bug_evidence(StepEvidence& evidence, const std::vector<Deduction>& extras) {
  for (const Deduction& extra : extras) {
    if (std::find(evidence.cells.begin(), evidence.cells.end(), extra.cell) == evidence.cells.end())
      evidence.cells.push_back(extra.cell);
    add_candidate(evidence, extra.cell, extra.digit);
  }
}

// BUG types 3 and 4 (SE's rules), the extra cells all in `unit`. Type 4: two extra cells sharing
// one digit v besides their extras; v's only places in the unit are these two, so whichever cell
// takes its extra, the other is v, and neither keeps its remaining digit (5.7). Type 3: the extras
// act as one cell that forms a naked set of k digits with k - 1 other cells of the unit, which
// then leave the set's digits to the unit's other cells (5.7 + 0.1 (k - 1), k from 2 to 6).
template <int W>
void bug_in_unit(const Layout<W>& layout, const Board<W>& board, const SearchContext& context, int unit,
                 const std::vector<Deduction>& extras, const CellSet<W>& extra_cells, CandidateMask all_extra,
                 std::vector<Step>& out) {
  const auto extras_of = [&](int cell) {
    CandidateMask mask = 0;
    for (const Deduction& extra : extras)
      if (extra.cell == cell) mask |= bit_of(extra.digit);
    return mask;
  };
  std::vector<int> pair;
  extra_cells.for_each([&](int cell) { pair.push_back(cell); });
  if (pair.size() == 2) {
    const CandidateMask shared = board.mask(pair[0]) & board.mask(pair[1]) & ~all_extra;
    if (bit_count(shared) == 1) {
      Step step = make_step(Technique::bug, 5.7);
      for (int cell : pair)
        for (CandidateMask gone = board.mask(cell) & ~extras_of(cell) & ~shared; gone != 0; gone &= gone - 1)
          step.eliminations.push_back({cell, std::countr_zero(gone)});
      if (context.explain) {
        step.detail = "bivalue universal grave type 4, " + cells_text(layout, extra_cells) + " hold " +
                      digit_text(std::countr_zero(shared)) + " in " + layout.unit_name(unit);
        bug_evidence(step.evidence, extras);
        step.evidence.units.push_back(unit);
      }
      if (!step.eliminations.empty()) out.push_back(std::move(step));
    }
  }
  if (bit_count(all_extra) < 2) return;  // one extra digit: type 2 says more
  std::vector<int> others;               // the unit's other open cells
  for (int cell : layout.unit_members[static_cast<std::size_t>(unit)])
    if (board.open.test(cell) && !extra_cells.test(cell)) others.push_back(cell);
  // Every set of 1 to 5 of the others (SE's naked sets of 2 to 6 digits with the extras' cell).
  std::vector<int> chosen;
  const auto try_set = [&]() {
    CandidateMask digits = 0;
    for (int cell : chosen) digits |= board.mask(cell);
    const int members = static_cast<int>(chosen.size());
    if (bit_count(digits) != members + 1 || (all_extra & ~digits) != 0) return;
    Step step = make_step(Technique::bug, 5.7 + 0.1 * members);
    for (int cell : others) {
      if (std::find(chosen.begin(), chosen.end(), cell) != chosen.end()) continue;
      for (CandidateMask gone = board.mask(cell) & digits; gone != 0; gone &= gone - 1)
        step.eliminations.push_back({cell, std::countr_zero(gone)});
    }
    if (step.eliminations.empty()) return;
    if (context.explain) {
      CellSet<W> set;
      for (int cell : chosen) set.set(cell);
      step.detail = "bivalue universal grave type 3, the extras of " + cells_text(layout, extra_cells) +
                    " and " + cells_text(layout, set) + " form a naked set (" + digits_text(digits) +
                    ") in " + layout.unit_name(unit);
      // The naked set's other cells come as candidates only: `cells` are the grave's extra cells.
      bug_evidence(step.evidence, extras);
      step.evidence.units.push_back(unit);
      for (int cell : chosen) add_candidates(step.evidence, cell, board.mask(cell));
    }
    out.push_back(std::move(step));
  };
  const auto visit = [&](auto&& self, std::size_t start) -> void {
    if (!chosen.empty()) try_set();
    if (chosen.size() == 5) return;
    for (std::size_t i = start; i < others.size(); ++i) {
      chosen.push_back(others[i]);
      self(self, i + 1);
      chosen.pop_back();
    }
  };
  visit(visit, 0);
}

template <int W>
void find_bug(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
              std::vector<Step>& out) {
  ++context.work;
  if (!context.uniqueness) return;
  // Cells with more than two candidates; the BUG needs few of them.
  std::vector<int> poly;
  bool stop = false;
  board.open.for_each([&](int cell) {
    if (bit_count(board.mask(cell)) > 2) {
      poly.push_back(cell);
      stop = stop || poly.size() > 6;
    }
  });
  if (poly.empty() || stop) return;
  // In a BUG every digit appears exactly twice in each unit where it is open. SE's rule for the
  // extras: a digit with another count in a unit is an extra of the one poly cell among its places
  // there (with several, another unit tells which; with none, this is no BUG). When every such
  // count concerns one digit, it is an extra of every poly cell among those places (the type 2
  // where the extra cells cover each other's units).
  CellSet<W> poly_cells;
  for (int cell : poly) poly_cells.set(cell);
  std::vector<CandidateMask> poly_extra(poly.size(), 0);
  int only_digit = -1;
  bool one_digit = true;
  CellSet<W> only_digit_cells;
  for (std::size_t unit = 0; unit < layout.unit_cells.size(); ++unit)
    for (int digit = 0; digit < layout.size; ++digit) {
      const CellSet<W> places = board.cells_of(digit) & layout.unit_cells[unit];
      const int count = places.count_upto(3);
      if (count == 0 || count == 2) continue;
      const CellSet<W> in_poly = places & poly_cells;
      if (in_poly.none()) return;
      if (only_digit < 0) only_digit = digit;
      one_digit = one_digit && digit == only_digit;
      if (one_digit) only_digit_cells |= in_poly;
      if (!in_poly.single()) continue;
      const int cell = in_poly.first();
      poly_extra[static_cast<std::size_t>(std::find(poly.begin(), poly.end(), cell) - poly.begin())] |=
          bit_of(digit);
    }
  if (one_digit && only_digit >= 0)
    for (std::size_t i = 0; i < poly.size(); ++i)
      if (only_digit_cells.test(poly[i])) poly_extra[i] |= bit_of(only_digit);
  std::vector<Deduction> extras;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    if (bit_count(board.mask(poly[i])) - bit_count(poly_extra[i]) != 2) return;
    for (CandidateMask digits = poly_extra[i]; digits != 0; digits &= digits - 1)
      extras.push_back({poly[i], std::countr_zero(digits)});
  }
  // Verify: without the extras the board is a BUG (every open cell bivalue, every open digit twice
  // per unit). Then some extra candidate is true, or the puzzle would not have one solution.
  Board<W> reduced = board;
  for (const Deduction& extra : extras) reduced.eliminate(extra.cell, extra.digit);
  bool grave = true;
  reduced.open.for_each([&](int cell) { grave = grave && bit_count(reduced.mask(cell)) == 2; });
  for (std::size_t u = 0; grave && u < layout.unit_cells.size(); ++u)
    for (int digit = 0; digit < layout.size && grave; ++digit) {
      const int count = (reduced.cells_of(digit) & layout.unit_cells[u]).count_upto(2);
      grave = count == 0 || count == 2;
    }
  if (!grave) return;
  const std::string where = context.explain ? "BUG" : std::string();
  if (extras.size() == 1) {
    Step step = make_step(Technique::bug, 5.6);
    step.placements.push_back(extras.front());
    if (context.explain) {
      step.detail = "bivalue universal grave type 1, " + layout.cell_text(extras.front().cell) + " breaks it";
      bug_evidence(step.evidence, extras);
    }
    out.push_back(std::move(step));
    return;
  }
  // Type 2: every extra is the same digit; it is true in one of the extra cells.
  CellSet<W> extra_cells;
  CandidateMask all_extra = 0;
  for (const Deduction& extra : extras) {
    extra_cells.set(extra.cell);
    all_extra |= bit_of(extra.digit);
  }
  if (bit_count(all_extra) == 1) {
    const int digit = extras.front().digit;
    CellSet<W> seen_by_all = board.cells_of(digit);
    extra_cells.for_each([&](int cell) { seen_by_all &= layout.peers[static_cast<std::size_t>(cell)]; });
    if (seen_by_all.any()) {
      Step step = make_step(Technique::bug, 5.7);
      seen_by_all.for_each([&](int cell) { step.eliminations.push_back({cell, digit}); });
      if (context.explain) {
        step.detail = "bivalue universal grave type 2, " + digit_text(digit) + " in one of " +
                      cells_text(layout, extra_cells);
        bug_evidence(step.evidence, extras);
      }
      out.push_back(std::move(step));
    }
  }
  // Types 3 and 4 need a unit holding every extra cell.
  for (std::size_t unit = 0; unit < layout.unit_cells.size(); ++unit) {
    if ((extra_cells & layout.unit_cells[unit]) != extra_cells) continue;
    bug_in_unit(layout, board, context, static_cast<int>(unit), extras, extra_cells, all_extra, out);
  }
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                      \
  template void find_unique_rectangles<W>(const Layout<W>&, const Board<W>&, SearchContext&, \
                                          std::vector<Step>&);                               \
  template void find_bug<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
