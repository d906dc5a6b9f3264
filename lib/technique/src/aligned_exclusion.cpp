// SPDX-License-Identifier: Apache-2.0
// Aligned exclusion (SE's aligned pair exclusion, 6.2, and aligned triplet exclusion, 7.5).
//
// A set of base cells cannot take a combination of values that would leave a cell seeing all of
// them (an "excluder") without a candidate, nor the same value twice in cells that see each other.
// A candidate of a base cell that takes part in no remaining combination is eliminated. SE asks
// for at least two excluders, and builds its triplets from two cells and a third cell of two or
// three candidates seeing one of them; both rules are kept, so the grade follows SE's scores.
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine.hpp"

namespace sudoku::technique {
namespace {

template <int W>
bool sees(const Layout<W>& layout, int a, int b) {
  return layout.peers[static_cast<std::size_t>(a)].test(b);
}

template <int W>
void push_eliminations(int cell, CandidateMask gone, Step& step) {
  for (; gone != 0; gone &= gone - 1) step.eliminations.push_back({cell, std::countr_zero(gone)});
}

// The cells that see two or more of `cells`: an aligned pair's or triplet's other cells must see
// two or more of the first cell's excluders (SE's rule), so only these are tried.
template <int W>
CellSet<W> seen_twice_by(const Layout<W>& layout, const CellSet<W>& cells) {
  CellSet<W> once;
  CellSet<W> twice;
  cells.for_each([&](int cell) {
    twice |= once & layout.peers[static_cast<std::size_t>(cell)];
    once |= layout.peers[static_cast<std::size_t>(cell)];
  });
  return twice;
}

// The cells of two to `largest` candidates (the excluders an aligned set of `largest` cells can
// empty) and the base cells: two or more candidates and two or more such cells seeing them, as
// SE wants two or more excluders seeing every base cell.
template <int W>
void gather_bases(const Layout<W>& layout, const Board<W>& board, int largest, CellSet<W>& excluders,
                  std::vector<int>& bases) {
  board.open.for_each([&](int cell) {
    const int count = bit_count(board.mask(cell));
    if (count >= 2 && count <= largest) excluders.set(cell);
    if (count >= 2) bases.push_back(cell);
  });
  std::erase_if(bases, [&](int cell) {
    return (excluders & layout.peers[static_cast<std::size_t>(cell)]).count_upto(2) < 2;
  });
}

// True when no candidate of the three cells can go, by a necessary condition cheaper than the
// enumeration: an excluder is emptied only when two of the three values are among its digits,
// so values outside every excluder ("free" ones) exclude nothing but each other (equal values
// in cells that see each other). A cell keeps all its values when, whatever its value, the other
// two cells can still take free values that clash with neither it nor each other.
inline bool no_cell_can_lose(const std::array<CandidateMask, 3>& masks,
                             std::span<const CandidateMask> excluders, bool ab, bool ac, bool bc) {
  CandidateMask used = 0;
  for (CandidateMask excluder : excluders) used |= excluder;
  const std::array<int, 3> free{bit_count(masks[0] & ~used), bit_count(masks[1] & ~used),
                                bit_count(masks[2] & ~used)};
  // Cell x keeps its values when the other two, y then z or z then y, each have a free value
  // left after the values they must avoid (x's, and the first one's when they see each other).
  const auto keeps = [&](int y, int z, bool xy, bool xz, bool yz) {
    const int fy = free[static_cast<std::size_t>(y)];
    const int fz = free[static_cast<std::size_t>(z)];
    const int xy_ = xy ? 1 : 0;
    const int xz_ = xz ? 1 : 0;
    const int yz_ = yz ? 1 : 0;
    return (fy - xy_ >= 1 && fz - xz_ - yz_ >= 1) || (fz - xz_ >= 1 && fy - xy_ - yz_ >= 1);
  };
  return keeps(1, 2, ab, ac, bc) && keeps(0, 2, ab, bc, ac) && keeps(0, 1, ac, bc, ab);
}

// The values of three cells that take part in some allowed combination: no two equal values in
// cells that see each other, no excluder left without a candidate. Value x of the first cell
// turns each excluder holding it into its other digits: one digit left means the second cell
// may not take it (nothing would be left) and otherwise the third may not; two digits left pair
// up (the second cell taking one leaves the third without the other); an excluder of three
// digits without x needs all three cells and is emptied by no choice of the second alone.
inline std::array<CandidateMask, 3> surviving_values(const std::array<CandidateMask, 3>& masks,
                                                     std::span<const CandidateMask> excluders, bool ab,
                                                     bool ac, bool bc) {
  std::array<CandidateMask, 3> allowed{};
  std::array<CandidateMask, 32> partner{};  // per digit of the second cell: the third cell's losses
  for (CandidateMask a = masks[0]; a != 0; a &= a - 1) {
    const CandidateMask one = a & (~a + 1);
    CandidateMask lone = 0;  // excluders reduced to one digit by x
    CandidateMask paired = 0;
    for (CandidateMask excluder : excluders) {
      const CandidateMask rest = excluder & ~one;
      if (rest == excluder && bit_count(excluder) == 3) continue;
      if ((rest & (rest - 1)) == 0) {
        lone |= rest;
        continue;
      }
      const int low = std::countr_zero(rest);
      const CandidateMask high = rest & (rest - 1);
      partner[static_cast<std::size_t>(low)] |= high;
      partner[static_cast<std::size_t>(std::countr_zero(high))] |= bit_of(low);
      paired |= rest;
    }
    const CandidateMask third_out = lone | (ac ? one : 0);
    for (CandidateMask b = masks[1] & ~lone & ~(ab ? one : 0); b != 0; b &= b - 1) {
      const CandidateMask two = b & (~b + 1);
      const CandidateMask excluded =
          third_out | (bc ? two : 0) | partner[static_cast<std::size_t>(std::countr_zero(two))];
      const CandidateMask third_values = masks[2] & ~excluded;
      if (third_values == 0) continue;
      allowed[0] |= one;
      allowed[1] |= two;
      allowed[2] |= third_values;
      // x is in; the rest of its pairs can only confirm values already in.
      if (allowed[1] == masks[1] && allowed[2] == masks[2]) break;
    }
    for (; paired != 0; paired &= paired - 1) partner[static_cast<std::size_t>(std::countr_zero(paired))] = 0;
  }
  return allowed;
}

// What the triplet search remembers from one board to the next. A triplet's outcome depends only
// on the candidates of its three cells and of the cells seeing all three (the excluders are those
// of them with two or three candidates), so a triplet found barren on the last board is barren
// again while none of those cells changed: it is skipped. The triplets are met in increasing
// (first, second, third) cell order, so last board's list is walked alongside.
//
// When the last search found no step at all (all_barren), every triplet it looked at was barren,
// and a triplet it did not look at was not one then. A triplet none of whose cells changed, and
// no changed possible excluder seeing all three, is then barren now: its cells, its excluders and
// so whether it is a triplet at all (each cell is a base cell, having two or more small peers,
// as it has two or more excluders) are as they were. So the search goes straight to the triplets
// with a changed cell or a changed small cell seeing all three, without the list.
struct TripletMemo {
  std::vector<CandidateMask> candidates;  // the last searched board's, empty before the first
  std::vector<std::uint64_t> barren;      // triplet keys, increasing (not kept while all_barren)
  bool all_barren = false;                // the last search found no step
};

// The cells whose candidates differ between `before` (the memo's last searched board) and
// `board` into `changed`, and those of them with at most `small` candidates then or now into
// `changed_small` (the pair and triplet memos' possible excluders).
template <int W>
void changed_cells(const std::vector<CandidateMask>& before, const Board<W>& board, int small,
                   CellSet<W>& changed, CellSet<W>& changed_small) {
  for (std::size_t cell = 0; cell < before.size(); ++cell) {
    const CandidateMask then = before[cell];
    const CandidateMask now = board.candidates[cell];
    if (then == now) continue;
    changed.set(static_cast<int>(cell));
    if (bit_count(then) <= small || bit_count(now) <= small) changed_small.set(static_cast<int>(cell));
  }
}

constexpr std::uint64_t triplet_key(int first, int second, int third) {
  return (static_cast<std::uint64_t>(first) << 40) | (static_cast<std::uint64_t>(second) << 20) |
         static_cast<std::uint64_t>(third);
}

}  // namespace

// What the pair search remembers from one board to the next (TripletMemo's argument for pairs):
// after a search that found nothing, a pair whose cells did not change, nor any cell of two or
// fewer candidates (then or now) seeing both, is barren again: only the other pairs are looked at.
struct PairMemo {
  std::vector<CandidateMask> candidates;  // the last searched board's, empty before the first
  bool all_barren = false;                // the last search found no step
};

template <int W>
void find_aligned_pair_exclusion(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                 std::vector<Step>& out) {
  ++context.work;
  PairMemo& memo = kept<PairMemo>(context.pair_memo);
  const auto cells_count = static_cast<std::size_t>(layout.cell_count);
  const bool dirty_only = memo.all_barren && memo.candidates.size() == cells_count;
  CellSet<W> changed;
  CellSet<W> changed_small;  // changed cells of two or fewer candidates before or now
  if (dirty_only) changed_cells(memo.candidates, board, 2, changed, changed_small);
  const std::size_t out_before = out.size();
  // SE's aligned pair exclusion: any two cells with at least two candidates and at least two
  // bivalue cells seeing both. A pair of values for the two cells is excluded when the cells see
  // each other and the values are equal, or when it would empty one of those bivalue cells; a
  // candidate that takes part in no remaining pair is eliminated.
  CellSet<W> bivalue;
  std::vector<int> bases;
  gather_bases(layout, board, 2, bivalue, bases);
  std::vector<CellSet<W>> seen_bivalue(static_cast<std::size_t>(layout.cell_count));  // per base cell
  CellSet<W> later;  // the base cells after the pair's first: each pair is met once, in cell order
  for (int cell : bases) {
    seen_bivalue[static_cast<std::size_t>(cell)] = bivalue & layout.peers[static_cast<std::size_t>(cell)];
    later.set(cell);
  }
  std::vector<CandidateMask> excluders;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const int first = bases[i];
    later.reset(first);
    // The second cell sees two or more of the bivalue cells the first one sees.
    CellSet<W> seconds = later;
    if (dirty_only && !changed.test(first)) {
      // Only seconds that changed or see a changed small cell seeing the first (PairMemo).
      CellSet<W> worth = changed;
      (changed_small & layout.peers[static_cast<std::size_t>(first)]).for_each([&](int cell) {
        worth |= layout.peers[static_cast<std::size_t>(cell)];
      });
      seconds &= worth;
      if (seconds.none()) continue;
    }
    seconds &= seen_twice_by(layout, seen_bivalue[static_cast<std::size_t>(first)]);
    seconds.for_each([&](int second) {
      const CellSet<W> common =
          seen_bivalue[static_cast<std::size_t>(first)] & seen_bivalue[static_cast<std::size_t>(second)];
      const bool peers = layout.peers[static_cast<std::size_t>(first)].test(second);
      excluders.clear();
      common.for_each([&](int cell) { excluders.push_back(board.mask(cell)); });
      const CandidateMask first_mask = board.mask(first);
      const CandidateMask second_mask = board.mask(second);
      // A bivalue excluder empties only under the very pair of values it holds, so for each
      // value of the first cell the second cell's excluded values are the excluders' other
      // digits (and the same value, when the cells see each other).
      CandidateMask first_allowed = 0;
      CandidateMask second_allowed = 0;
      for (CandidateMask a = first_mask; a != 0; a &= a - 1) {
        const CandidateMask one = a & (~a + 1);
        CandidateMask excluded = peers ? one : 0;
        for (CandidateMask excluder : excluders)
          if ((excluder & one) != 0) excluded |= excluder & ~one;
        const CandidateMask others = second_mask & ~excluded;
        if (others == 0) continue;
        first_allowed |= one;
        second_allowed |= others;
      }
      if (first_allowed == first_mask && second_allowed == second_mask) return;
      Step step = make_step(Technique::aligned_pair_exclusion, 6.2);
      push_eliminations<W>(first, first_mask & ~first_allowed, step);
      push_eliminations<W>(second, second_mask & ~second_allowed, step);
      if (context.explain) {
        step.detail = "aligned pair exclusion on " + layout.cell_text(first) + " and " +
                      layout.cell_text(second) + " (bivalue cells " + cells_text(layout, common) + ")";
        // The two base cells, then the excluders, each with all its candidates.
        step.evidence.cells = {first, second};
        add_cells(step.evidence, common);
        for (int cell : step.evidence.cells) add_candidates(step.evidence, cell, board.mask(cell));
      }
      out.push_back(std::move(step));
    });
  }
  memo.all_barren = out.size() == out_before;
  memo.candidates.assign(board.candidates.begin(), board.candidates.begin() + layout.cell_count);
}

template <int W>
void find_aligned_triplet_exclusion(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                    std::vector<Step>& out) {
  ++context.work;
  // Excluders of a triplet hold two or three candidates (a larger one is never emptied by three
  // values) and see all three base cells; SE wants two or more of them.
  CellSet<W> small;
  std::vector<int> bases;
  gather_bases(layout, board, 3, small, bases);
  std::vector<CellSet<W>> seen_small(static_cast<std::size_t>(layout.cell_count));
  CellSet<W> base_set;
  for (int cell : bases) {
    seen_small[static_cast<std::size_t>(cell)] = small & layout.peers[static_cast<std::size_t>(cell)];
    base_set.set(cell);
  }
  std::vector<CandidateMask> excluders;
  TripletMemo& memo = kept<TripletMemo>(context.triplet_memo);
  const auto cells_count = static_cast<std::size_t>(layout.cell_count);
  const bool remembered = memo.candidates.size() == cells_count;
  // Since the last search: the cells whose candidates changed, and those of them that were or are
  // possible excluders (a cell of four or more candidates both times excludes nothing either time).
  CellSet<W> changed;
  CellSet<W> changed_small;
  if (remembered) changed_cells(memo.candidates, board, 3, changed, changed_small);
  const bool dirty_only = remembered && memo.all_barren;
  const std::size_t out_before = out.size();
  std::vector<std::uint64_t> barren;
  std::size_t cursor = 0;  // into memo.barren
  // The base cells after the pair's first and second cells: each triplet is met once, in cell order.
  // Second and third cells both see two or more of the first's excluders: only cells seen twice
  // by those are tried.
  CellSet<W> after_first = base_set;
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const int first = bases[i];
    after_first.reset(first);
    CellSet<W> later = after_first & seen_twice_by(layout, seen_small[static_cast<std::size_t>(first)]);
    // A first cell that did not change and sees no changed small cell has triplets worth a look
    // only through a changed second or third (see TripletMemo).
    if (dirty_only && !changed.test(first) &&
        !changed_small.intersects(layout.peers[static_cast<std::size_t>(first)]) &&
        !later.intersects(changed))
      continue;
    const CellSet<W> seconds = later;
    seconds.for_each([&](int second) {
      later.reset(second);
      const CellSet<W> common_pair =
          seen_small[static_cast<std::size_t>(first)] & seen_small[static_cast<std::size_t>(second)];
      if (common_pair.count_upto(2) < 2) return;
      // The cells whose change would make this pair's triplets worth a new look: the pair and
      // what sees both (a third's own change is tested below).
      const bool pair_changed = remembered && (changed.test(first) || changed.test(second));
      const CellSet<W> changed_pair = changed_small & layout.peers[static_cast<std::size_t>(first)] &
                                      layout.peers[static_cast<std::size_t>(second)];
      CellSet<W> thirds = later;
      if (dirty_only && !pair_changed) {
        // Only thirds that changed or see a changed small cell seeing the pair (see TripletMemo).
        CellSet<W> worth = changed;
        changed_pair.for_each([&](int cell) { worth |= layout.peers[static_cast<std::size_t>(cell)]; });
        thirds &= worth;
        if (thirds.none()) return;
      }
      // The third cell sees two or more of the pair's excluders: gather the cells seen twice.
      CellSet<W> once;
      CellSet<W> twice;
      common_pair.for_each([&](int excluder) {
        twice |= once & layout.peers[static_cast<std::size_t>(excluder)];
        once |= layout.peers[static_cast<std::size_t>(excluder)];
      });
      thirds &= twice;
      thirds.for_each([&](int third) {
        const std::array<int, 3> cells{first, second, third};
        const bool ab = sees(layout, cells[0], cells[1]);
        const bool ac = sees(layout, cells[0], cells[2]);
        const bool bc = sees(layout, cells[1], cells[2]);
        // SE's triplets: two cells, then a third of two or three candidates seeing one of them.
        if (!((small.test(cells[0]) && (ab || ac)) || (small.test(cells[1]) && (ab || bc)) ||
              (small.test(cells[2]) && (ac || bc))))
          return;
        const std::uint64_t key = triplet_key(cells[0], cells[1], cells[2]);
        if (remembered && !pair_changed && !dirty_only) {
          while (cursor < memo.barren.size() && memo.barren[cursor] < key) ++cursor;
          if (cursor < memo.barren.size() && memo.barren[cursor] == key && !changed.test(third) &&
              !changed_pair.intersects(layout.peers[static_cast<std::size_t>(third)])) {
            barren.push_back(key);
            return;
          }
        }
        const CellSet<W> common = common_pair & seen_small[static_cast<std::size_t>(third)];
        const std::array<CandidateMask, 3> masks{board.mask(cells[0]), board.mask(cells[1]),
                                                 board.mask(cells[2])};
        // An excluder holding a digit none of the three cells has is never emptied: leave it out.
        const CandidateMask together = masks[0] | masks[1] | masks[2];
        excluders.clear();
        common.for_each([&](int cell) {
          if ((board.mask(cell) & ~together) == 0) excluders.push_back(board.mask(cell));
        });
        const bool lost =
            !(excluders.empty() && !ab && !ac && !bc) && !no_cell_can_lose(masks, excluders, ab, ac, bc);
        const std::array<CandidateMask, 3> allowed =
            lost ? surviving_values(masks, excluders, ab, ac, bc) : masks;
        if (allowed == masks) {
          barren.push_back(key);
          return;
        }
        Step step = make_step(Technique::aligned_triplet_exclusion, 7.5);
        for (std::size_t c = 0; c < 3; ++c) push_eliminations<W>(cells[c], masks[c] & ~allowed[c], step);
        if (context.explain) {
          step.detail = "aligned triplet exclusion on " + layout.cell_text(cells[0]) + ", " +
                        layout.cell_text(cells[1]) + " and " + layout.cell_text(cells[2]) + " (excluders " +
                        cells_text(layout, common) + ")";
          // The three base cells, then the excluders the search read (those holding only digits
          // of the three), each with all its candidates.
          step.evidence.cells = {cells[0], cells[1], cells[2]};
          common.for_each([&](int cell) {
            if ((board.mask(cell) & ~together) == 0) step.evidence.cells.push_back(cell);
          });
          for (int cell : step.evidence.cells) add_candidates(step.evidence, cell, board.mask(cell));
        }
        out.push_back(std::move(step));
      });
    });
  }
  memo.all_barren = out.size() == out_before;
  // A search of the changed triplets only leaves the list incomplete: the next search either
  // finds this one all barren again, or looks at every triplet.
  if (dirty_only) barren.clear();
  memo.candidates.assign(board.candidates.begin(), board.candidates.begin() + layout.cell_count);
  memo.barren.swap(barren);
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                              \
  template void find_aligned_pair_exclusion<W>(const Layout<W>&, const Board<W>&, SearchContext&,    \
                                               std::vector<Step>&);                                  \
  template void find_aligned_triplet_exclusion<W>(const Layout<W>&, const Board<W>&, SearchContext&, \
                                                  std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
