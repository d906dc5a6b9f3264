// SPDX-License-Identifier: Apache-2.0
// Pattern techniques of the grader's ladder: singles, box-line intersections (and their "direct"
// forms), naked and hidden subsets, fish, XY- and XYZ-wings, WXYZ- and VWXYZ-wings.
#include <algorithm>
#include <array>
#include <bit>
#include <span>

#include "engine.hpp"

namespace sudoku::technique {
namespace {

template <int W>
void add_eliminations(Step& step, const CellSet<W>& cells, int digit) {
  cells.for_each([&](int cell) { step.eliminations.push_back({cell, digit}); });
}

// Direct pointing/claiming (SE's definition): the eliminations leave `digit` a single place in
// another unit of the base's kind that crosses the cover unit.
template <int W>
void hidden_singles_after_locking(const Layout<W>& layout, const Board<W>& board, int digit,
                                  const Intersection<W>& intersection, const CellSet<W>& removed,
                                  std::vector<int>& singles) {
  const UnitKind kind = layout.unit_kind[static_cast<std::size_t>(intersection.base)];
  for (std::size_t u = 0; u < layout.unit_cells.size(); ++u) {
    if (static_cast<int>(u) == intersection.base || layout.unit_kind[u] != kind) continue;
    const CellSet<W>& unit = layout.unit_cells[u];
    if (!unit.intersects(removed)) continue;
    const CellSet<W> places = board.cells_of(digit) & unit;
    // What the locking removed, not the whole cover: a unit of the base's kind may share a cell of
    // the overlap with it (X's two diagonals meet in the centre box's centre), and that cell keeps
    // the digit. On boards of rows, columns and boxes only, the two sets give the same places.
    const CellSet<W> left = places - removed;
    if (places.count_upto(2) < 2 || !left.single()) continue;
    const int target = left.first();
    if (std::find(singles.begin(), singles.end(), target) == singles.end()) singles.push_back(target);
  }
}

// Calls visit(chosen, together) for every k-subset of the masks (indices ascending, in
// lexicographic order) whose union `together` has at most k bits. Every prefix is pruned as soon
// as its union has more than k bits (unions only grow), each depth's union carried down from the
// one before rather than gathered again.
template <class Visit>
void for_each_small_union(std::span<const std::uint32_t> masks, int k, Visit&& visit) {
  const int count = static_cast<int>(masks.size());
  std::array<int, 8> chosen{};
  std::array<std::uint32_t, 9> unions{};  // unions[d]: the first d chosen masks
  int depth = 0;
  chosen[0] = -1;
  while (depth >= 0) {
    const auto d = static_cast<std::size_t>(depth);
    int& index = chosen[d];
    ++index;
    if (index > count - (k - depth)) {
      --depth;
      continue;
    }
    const std::uint32_t together = unions[d] | masks[static_cast<std::size_t>(index)];
    if (bit_count(together) > k) continue;
    if (depth + 1 == k) {
      visit(std::span<const int>(chosen.data(), static_cast<std::size_t>(k)), together);
      continue;
    }
    unions[d + 1] = together;
    ++depth;
    chosen[d + 1] = index;
  }
}

// A list of at most a unit's worth of entries (cells of a unit, digits, lines of a fish family)
// without heap storage: the subset and fish stages fill a few per unit, on every board.
template <class T>
class UnitList {
 public:
  static constexpr std::size_t kCapacity = 64;  // above any unit (kMaxSize cells)

  void clear() { size_ = 0; }
  void push_back(T value) { items_[size_++] = value; }
  std::size_t size() const { return size_; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  operator std::span<const T>() const { return {items_.data(), size_}; }

 private:
  std::array<T, kCapacity> items_{};
  std::size_t size_ = 0;
};
static_assert(UnitList<int>::kCapacity >= static_cast<std::size_t>(kMaxSize));

constexpr std::array<const char*, 5> kSetNames{"", "single", "pair", "triple", "quad"};

// The subset stages' slots in SearchContext::barren_units: naked sets of 2-4 cells, direct
// hidden sets of 2-3 digits, hidden sets of 2-4 digits, then the singles; the fish stages' in barren_digits: X-wing,
// swordfish, jellyfish, each on rows then on columns.
constexpr std::size_t kSubsetSlots = 9;
constexpr std::size_t subset_slot(bool hidden, bool direct, int size) {
  return (hidden ? (direct ? 3 : 5) : 0) + static_cast<std::size_t>(size - 2);
}
constexpr std::size_t kSinglesSlot = 8;  // full houses and hidden singles share barren_units too
constexpr std::size_t kFishSlots = 6;
constexpr std::size_t fish_slot(int size, int orientation) {
  return 2 * static_cast<std::size_t>(size - 2) + static_cast<std::size_t>(orientation);
}

// Brings SearchContext::unit_changes and digit_changes up to this board (once per board). A
// subset stage's finds in a unit depend on nothing but the candidates of the unit's cells, and a
// fish stage's on a digit on nothing but the digit's places: a unit or digit found barren whose
// count has not moved since is barren still.
template <int W>
void count_changes(const Layout<W>& layout, const Board<W>& board, SearchContext& context) {
  if (context.unit_changes_version == context.board_version) return;
  const std::size_t units = layout.unit_members.size();
  const auto cells = static_cast<std::size_t>(layout.cell_count);
  const auto digits = static_cast<std::size_t>(layout.size);
  if (context.unit_changes_board.size() != cells) {
    context.unit_changes_board.assign(board.candidates.begin(), board.candidates.begin() + layout.cell_count);
    context.unit_changes.assign(units, 0);
    context.digit_changes.assign(digits, 0);
    context.barren_units.assign(kSubsetSlots * units, 0);
    context.barren_digits.assign(kFishSlots * digits, 0);
  } else {
    for (std::size_t cell = 0; cell < cells; ++cell) {
      const CandidateMask gone = context.unit_changes_board[cell] ^ board.candidates[cell];
      if (gone == 0) continue;
      context.unit_changes_board[cell] = board.candidates[cell];
      for (int unit : layout.units_of(static_cast<int>(cell))) ++context.unit_changes[static_cast<std::size_t>(unit)];
      for (CandidateMask d = gone; d != 0; d &= d - 1)
        ++context.digit_changes[static_cast<std::size_t>(std::countr_zero(d))];
    }
  }
  context.unit_changes_version = context.board_version;
}

// The slot's row of SearchContext::barren_units (counts brought up to this board).
template <int W>
std::span<std::uint32_t> barren_units(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                      std::size_t slot) {
  count_changes(layout, board, context);
  const std::size_t units = layout.unit_members.size();
  return {context.barren_units.data() + slot * units, units};
}

// The slot's row of SearchContext::barren_digits (counts brought up to this board).
template <int W>
std::span<std::uint32_t> barren_digits(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                       std::size_t slot) {
  count_changes(layout, board, context);
  const auto digits = static_cast<std::size_t>(layout.size);
  return {context.barren_digits.data() + slot * digits, digits};
}

// Positions of every digit in every unit for the current board (cached in the context). A unit's
// rows depend on its cells' candidates alone: only units whose change count moved are redone.
template <int W>
const std::vector<std::uint32_t>& unit_positions(const Layout<W>& layout, const Board<W>& board,
                                                 SearchContext& context) {
  if (context.positions_version == context.board_version && !context.positions.empty())
    return context.positions;
  count_changes(layout, board, context);
  const std::size_t n = static_cast<std::size_t>(layout.size);
  const std::size_t units = layout.unit_members.size();
  if (context.positions.size() != units * n) {
    context.positions.assign(units * n, 0);
    context.unit_open_cells.assign(units, 0);
    context.digits_by_places.assign(units * (n + 1), 0);
    context.positions_stamp.assign(units, 0);
  }
  for (std::size_t u = 0; u < units; ++u) {
    const std::uint32_t stamp = context.unit_changes[u] + 1;
    if (context.positions_stamp[u] == stamp) continue;
    context.positions_stamp[u] = stamp;
    const std::vector<int>& members = layout.unit_members[u];
    std::uint32_t* where = &context.positions[u * n];
    std::fill(where, where + n, 0);
    std::fill(&context.digits_by_places[u * (n + 1)], &context.digits_by_places[u * (n + 1)] + (n + 1), 0);
    for (std::size_t i = 0; i < members.size(); ++i)
      for (CandidateMask mask = board.mask(members[i]); mask != 0; mask &= mask - 1)
        where[std::countr_zero(mask)] |= std::uint32_t{1} << i;
    context.unit_open_cells[u] = (board.open & layout.unit_cells[u]).count();
    for (std::size_t digit = 0; digit < n; ++digit)
      context.digits_by_places[u * (n + 1) + static_cast<std::size_t>(bit_count(where[digit]))] |=
          bit_of(static_cast<int>(digit));
  }
  context.positions_version = context.board_version;
  return context.positions;
}

// The almost locked sets of each unit (cells, digits, most candidates in one cell) per size,
// with the unit's change count they were found at: they depend on the unit's candidates alone.
template <int W>
struct AlsSets {
  struct Set {
    CellSet<W> members;
    CandidateMask together = 0;
    int most = 0;
    // The set's wings read, besides its cells, only the places of its digits and the bivalue
    // cells holding none but its digits (`near`): found barren with the digits' change counts
    // summed (plus one; 0: not known) and `near` as below, it is barren again while both are.
    std::uint32_t barren_stamp = 0;
    CellSet<W> barren_near;
  };
  struct Unit {
    std::uint32_t stamp = 0;  // unit_changes + 1 when found, 0: never
    std::vector<Set> sets;
  };
  std::array<std::vector<Unit>, 2> by_size;  // WXYZ (3 cells), VWXYZ (4 cells)
};

// The singles search behind both find_singles: emit(technique, score, unit, cell, digit) for each.
template <int W, class Emit>
bool search_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context, Emit&& emit) {
  ++context.work;
  const CandidateMask all = layout.all_values;
  // A unit with neither a single nor a contradiction stays so while its candidates do not change.
  const std::span<std::uint32_t> barren = barren_units(layout, board, context, kSinglesSlot);
  for (std::size_t u = 0; u < layout.unit_members.size(); ++u) {
    const std::uint32_t unchanged = context.unit_changes[u] + 1;
    if (barren[u] == unchanged) continue;
    barren[u] = 0;  // until the unit is found barren below
    CandidateMask once = 0;
    CandidateMask twice = 0;
    CandidateMask placed = 0;
    int open_cells = 0;
    int last_open = -1;
    for (int cell : layout.unit_members[u]) {
      const int value = board.values[static_cast<std::size_t>(cell)];
      if (value != 0) {
        placed |= bit_of(value - 1);
        continue;
      }
      const CandidateMask mask = board.mask(cell);
      if (mask == 0) return false;
      ++open_cells;
      last_open = cell;
      twice |= once & mask;
      once |= mask;
    }
    if (open_cells == 0) {
      barren[u] = unchanged;
      continue;
    }
    if (((once | placed) & all) != all) return false;
    const int unit = static_cast<int>(u);
    if (open_cells == 1) {
      if (bit_count(once) != 1) return false;
      emit(Technique::full_house, 1.0, unit, last_open, std::countr_zero(once));
      continue;
    }
    if ((once & ~twice) == 0) barren[u] = unchanged;
    const bool box = layout.unit_kind[u] == UnitKind::box;
    for (CandidateMask singles = once & ~twice; singles != 0; singles &= singles - 1) {
      const int digit = std::countr_zero(singles);
      const int cell = (board.cells_of(digit) & layout.unit_cells[u]).first();
      if (box)
        emit(Technique::hidden_single_box, 1.2, unit, cell, digit);
      else
        emit(Technique::hidden_single_line, 1.5, unit, cell, digit);
    }
  }
  return true;
}

}  // namespace

template <int W>
bool find_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                  std::vector<Step>& out) {
  return search_singles(layout, board, context,
                        [&](Technique technique, double score, int unit, int cell, int digit) {
                          Step step = make_step(technique, score);
                          step.placements.push_back({cell, digit});
                          if (context.explain) {
                            step.detail = (technique == Technique::full_house ? "full house in "
                                                                              : "hidden single in ") +
                                          layout.unit_name(unit);
                            step.evidence.units.push_back(unit);
                            step.evidence.cells.push_back(cell);
                            add_candidate(step.evidence, cell, digit);
                          }
                          out.push_back(std::move(step));
                        });
}

template <int W>
bool find_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                  std::vector<Single>& out) {
  return search_singles(layout, board, context, [&](Technique technique, double score, int, int cell, int digit) {
    out.push_back({technique, score, {cell, digit}});
  });
}

template <int W>
void find_naked_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                        std::vector<Step>& out) {
  ++context.work;
  board.open.for_each([&](int cell) {
    const CandidateMask mask = board.mask(cell);
    if (bit_count(mask) != 1) return;
    Step step = make_step(Technique::naked_single, 2.3);
    step.placements.push_back({cell, std::countr_zero(mask)});
    if (context.explain) {
      step.detail = "naked single";
      // The houses that empty the cell: their values took its other candidates.
      for (int unit : layout.units_of(cell)) step.evidence.units.push_back(unit);
      step.evidence.cells.push_back(cell);
      add_candidate(step.evidence, cell, std::countr_zero(mask));
    }
    out.push_back(std::move(step));
  });
}

template <int W>
void find_intersections(const Layout<W>& layout, const Board<W>& board, SearchContext& context, bool direct,
                        std::vector<Step>& out) {
  ++context.work;
  std::vector<int> singles;
  // The digits confined to each overlap within the base, with places to lose in the rest of the
  // cover: a few mask unions instead of a test per digit, once per board for both stages, each
  // part's digits gathered from its blocks' (Intersection::overlap_block).
  // Blocks and intersections whose units' candidates did not change since keep their digits.
  if (context.locked_version != context.board_version) {
    count_changes(layout, board, context);
    const std::vector<std::uint32_t>& changes = context.unit_changes;
    const std::size_t block_count = layout.block_start.size() - 1;
    if (context.block_digits.size() != block_count) {
      context.block_digits.assign(block_count, 0);
      context.block_stamp.assign(block_count, 0);
      context.locked.assign(layout.intersections.size(), 0);
      context.locked_stamp.assign(layout.intersections.size(), 0);
    }
    for (std::size_t b = 0; b < block_count; ++b) {
      const std::uint32_t stamp = changes[static_cast<std::size_t>(layout.block_unit[b])] + 1;
      if (context.block_stamp[b] == stamp) continue;
      context.block_stamp[b] = stamp;
      CandidateMask digits = 0;
      for (auto at = static_cast<std::size_t>(layout.block_start[b]);
           at < static_cast<std::size_t>(layout.block_start[b + 1]); ++at)
        digits |= board.mask(layout.block_cells[at]);
      context.block_digits[b] = digits;
    }
    const auto digits_in = [&](const std::vector<int>& blocks, const std::vector<int>& cells) {
      CandidateMask digits = 0;
      for (int b : blocks) digits |= context.block_digits[static_cast<std::size_t>(b)];
      for (int cell : cells) digits |= board.mask(cell);
      return digits;
    };
    for (std::size_t k = 0; k < layout.intersections.size(); ++k) {
      const Intersection<W>& intersection = layout.intersections[k];
      const std::uint32_t stamp = changes[static_cast<std::size_t>(intersection.base)] +
                                  changes[static_cast<std::size_t>(intersection.cover)] + 1;
      if (context.locked_stamp[k] == stamp) continue;
      context.locked_stamp[k] = stamp;
      CandidateMask locked = context.block_digits[static_cast<std::size_t>(intersection.overlap_block)];
      if (locked != 0) locked &= ~digits_in(intersection.base_rest_blocks, intersection.base_rest_cells);
      if (locked != 0) locked &= digits_in(intersection.cover_rest_blocks, intersection.cover_rest_cells);
      context.locked[k] = locked;
    }
    context.locked_version = context.board_version;
  }
  for (std::size_t k = 0; k < layout.intersections.size(); ++k) {
    CandidateMask locked = context.locked[k];
    if (locked == 0) continue;
    const Intersection<W>& intersection = layout.intersections[k];
    const bool pointing = layout.unit_kind[static_cast<std::size_t>(intersection.base)] == UnitKind::box;
    for (; locked != 0; locked &= locked - 1) {
      const int digit = std::countr_zero(locked);
      const CellSet<W> eliminated = board.cells_of(digit) & intersection.cover_rest;
      std::string detail;
      // The base's places for the digit, all in the overlap, and the two units.
      StepEvidence evidence;
      if (context.explain) {
        detail = std::string(pointing ? "pointing" : "claiming") + ", " +
                 layout.unit_name(intersection.base) + " (" + digit_text(digit) + " locked in " +
                 layout.unit_name(intersection.cover) + ")";
        evidence.units.push_back(intersection.base);
        evidence.cover_units.push_back(intersection.cover);
        (board.cells_of(digit) & intersection.overlap).for_each([&](int cell) {
          evidence.cells.push_back(cell);
          add_candidate(evidence, cell, digit);
        });
      }
      if (!direct) {
        Step step = pointing ? make_step(Technique::pointing, 2.6) : make_step(Technique::claiming, 2.8);
        add_eliminations(step, eliminated, digit);
        step.detail = std::move(detail);
        step.evidence = std::move(evidence);
        out.push_back(std::move(step));
        continue;
      }
      singles.clear();
      hidden_singles_after_locking(layout, board, digit, intersection, eliminated, singles);
      for (int cell : singles) {
        Step step = pointing ? make_step(Technique::direct_pointing, 1.7)
                             : make_step(Technique::direct_claiming, 1.9);
        step.placements.push_back({cell, digit});
        if (context.explain) {
          step.detail = "direct " + detail + ", then hidden single (" + cells_text(layout, eliminated) +
                        " -" + digit_text(digit) + ")";
          // The unit of the base's kind where the single is left (the placement's own).
          step.evidence = evidence;
          for (int unit : layout.units_of(cell))
            if (layout.unit_kind[static_cast<std::size_t>(unit)] ==
                layout.unit_kind[static_cast<std::size_t>(intersection.base)])
              step.evidence.units.push_back(unit);
        }
        out.push_back(std::move(step));
      }
    }
  }
}

template <int W>
void find_naked_subsets(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                        std::vector<Step>& out) {
  ++context.work;
  const Technique technique = size == 2   ? Technique::naked_pair
                              : size == 3 ? Technique::naked_triple
                                          : Technique::naked_quad;
  const double score = technique_base_score(technique);
  UnitList<int> cells;
  UnitList<CandidateMask> masks;
  const std::span<std::uint32_t> barren = barren_units(layout, board, context, subset_slot(false, false, size));
  for (std::size_t u = 0; u < layout.unit_members.size(); ++u) {
    // Barren until a step is found in it below.
    const std::uint32_t unchanged = context.unit_changes[u] + 1;
    if (barren[u] == unchanged) continue;
    barren[u] = unchanged;
    const std::size_t found_before = out.size();
    cells.clear();
    masks.clear();
    int open_cells = 0;
    for (int cell : layout.unit_members[u]) {
      const CandidateMask mask = board.mask(cell);
      if (mask == 0) continue;
      ++open_cells;
      const int count = bit_count(mask);
      if (count >= 2 && count <= size) {
        cells.push_back(cell);
        masks.push_back(mask);
      }
    }
    if (open_cells <= size || static_cast<int>(cells.size()) < size) continue;
    for_each_small_union(
        masks, size, [&](std::span<const int> chosen, CandidateMask together) {
          CellSet<W> members;
          for (int i : chosen) members.set(cells[static_cast<std::size_t>(i)]);
          Step step = make_step(technique, score);
          for (int cell : layout.unit_members[u]) {
            if (members.test(cell)) continue;
            for (CandidateMask hit = board.mask(cell) & together; hit != 0; hit &= hit - 1)
              step.eliminations.push_back({cell, std::countr_zero(hit)});
          }
          if (step.eliminations.empty()) return;
          if (context.explain) {
            step.detail = std::string("naked ") + kSetNames[static_cast<std::size_t>(size)] + " " +
                          cells_text(layout, members) + " (" + digits_text(together) + ") in " +
                          layout.unit_name(static_cast<int>(u));
            step.evidence.units.push_back(static_cast<int>(u));
            members.for_each([&](int cell) {
              step.evidence.cells.push_back(cell);
              add_candidates(step.evidence, cell, board.mask(cell));
            });
          }
          out.push_back(std::move(step));
        });
    if (out.size() != found_before) barren[u] = 0;
  }
}

template <int W>
void find_hidden_subsets(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                         bool direct, std::vector<Step>& out) {
  ++context.work;
  Technique technique = size == 2   ? Technique::hidden_pair
                        : size == 3 ? Technique::hidden_triple
                                    : Technique::hidden_quad;
  if (direct) technique = size == 2 ? Technique::direct_hidden_pair : Technique::direct_hidden_triple;
  const double score = technique_base_score(technique);
  UnitList<int> digits;
  UnitList<std::uint32_t> positions;  // bit i: member i of the unit
  const std::span<std::uint32_t> barren = barren_units(layout, board, context, subset_slot(true, direct, size));
  const std::vector<std::uint32_t>* positions_table = nullptr;  // made when a unit needs it
  const auto n = static_cast<std::size_t>(layout.size);
  for (std::size_t u = 0; u < layout.unit_members.size(); ++u) {
    // Barren until a step is found in it below.
    const std::uint32_t unchanged = context.unit_changes[u] + 1;
    if (barren[u] == unchanged) continue;
    barren[u] = unchanged;
    const std::size_t found_before = out.size();
    if (positions_table == nullptr) positions_table = &unit_positions(layout, board, context);
    const std::vector<int>& members = layout.unit_members[u];
    const std::uint32_t* where = &(*positions_table)[u * n];
    // As SE: direct sets need more open cells than the set, plain ones more than twice as many
    // (fewer, and the complementary naked set is the simpler view).
    if (context.unit_open_cells[u] <= (direct ? size : 2 * size)) continue;
    CandidateMask candidates = 0;  // digits with two to `size` places
    for (int places = 2; places <= size; ++places)
      candidates |= context.digits_by_places[u * (n + 1) + static_cast<std::size_t>(places)];
    digits.clear();
    positions.clear();
    for (; candidates != 0; candidates &= candidates - 1) {
      const int digit = std::countr_zero(candidates);
      digits.push_back(digit);
      positions.push_back(where[digit]);
    }
    if (static_cast<int>(digits.size()) < size) continue;
    for_each_small_union(
        positions, size, [&](std::span<const int> chosen, std::uint32_t together) {
          CandidateMask kept = 0;
          for (int i : chosen) kept |= bit_of(digits[static_cast<std::size_t>(i)]);
          Step step = make_step(technique, score);
          CellSet<W> cells;
          for (std::uint32_t bits = together; bits != 0; bits &= bits - 1) {
            const int cell = members[static_cast<std::size_t>(std::countr_zero(bits))];
            cells.set(cell);
            for (CandidateMask hit = board.mask(cell) & ~kept; hit != 0; hit &= hit - 1)
              step.eliminations.push_back({cell, std::countr_zero(hit)});
          }
          if (step.eliminations.empty()) return;
          std::string detail;
          if (context.explain) {
            detail = std::string("hidden ") + kSetNames[static_cast<std::size_t>(size)] + " " +
                     cells_text(layout, cells) + " (" + digits_text(kept) + ") in " +
                     layout.unit_name(static_cast<int>(u));
            step.evidence.units.push_back(static_cast<int>(u));
            cells.for_each([&](int cell) {
              step.evidence.cells.push_back(cell);
              add_candidates(step.evidence, cell, board.mask(cell) & kept);
            });
          }
          if (!direct) {
            step.detail = std::move(detail);
            out.push_back(std::move(step));
            return;
          }
          // Direct form (SE's definition): another digit is left with one place in the same unit.
          for (int digit = 0; digit < layout.size; ++digit) {
            if (kept & bit_of(digit)) continue;
            const std::uint32_t places = where[digit];
            const std::uint32_t left = places & ~together;
            if (bit_count(places) < 2 || bit_count(left) != 1) continue;
            Step placed = make_step(technique, score);
            placed.placements.push_back({members[static_cast<std::size_t>(std::countr_zero(left))], digit});
            if (context.explain) {
              placed.detail = "direct " + detail + ", then hidden single";
              placed.evidence = step.evidence;
            }
            out.push_back(std::move(placed));
          }
        });
    if (out.size() != found_before) barren[u] = 0;
  }
}

template <int W>
void find_fish(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
               std::vector<Step>& out) {
  ++context.work;
  const Technique technique = size == 2   ? Technique::x_wing
                              : size == 3 ? Technique::swordfish
                                          : Technique::jellyfish;
  const double score = technique_base_score(technique);
  static constexpr std::array<const char*, 5> kNames{"", "", "X-wing", "swordfish", "jellyfish"};
  UnitList<int> lines;
  UnitList<std::uint32_t> spans;
  const std::vector<std::uint32_t>* positions_table = nullptr;  // made when a digit needs it
  if (layout.families.empty()) return;
  for (int orientation = 0; orientation < 2; ++orientation) {
    const std::span<std::uint32_t> barren = barren_digits(layout, board, context, fish_slot(size, orientation));
    for (int digit = 0; digit < layout.size; ++digit) {
      // Barren until a step is found on it below.
      const std::uint32_t unchanged = context.digit_changes[static_cast<std::size_t>(digit)] + 1;
      if (barren[static_cast<std::size_t>(digit)] == unchanged) continue;
      barren[static_cast<std::size_t>(digit)] = unchanged;
      const std::size_t found_before = out.size();
      // A fish lies in one family (a gattai board: one grid's rows and columns, engine.hpp).
      for (const LineFamily& family : layout.families) {
        const std::vector<int>& base = orientation == 0 ? family.rows : family.columns;
        const std::vector<int>& cover = orientation == 0 ? family.columns : family.rows;
        const std::vector<int>& cover_position =
            orientation == 0 ? family.column_position : family.row_position;
        if (positions_table == nullptr && family.lines_in_order)
          positions_table = &unit_positions(layout, board, context);
        lines.clear();
        spans.clear();
        for (std::size_t i = 0; i < base.size(); ++i) {
          std::uint32_t span = 0;
          if (family.lines_in_order) {
            span = (*positions_table)[static_cast<std::size_t>(base[i]) * static_cast<std::size_t>(layout.size) +
                                      static_cast<std::size_t>(digit)];
          } else {
            (board.cells_of(digit) & layout.unit_cells[static_cast<std::size_t>(base[i])])
                .for_each([&](int cell) {
                  span |= std::uint32_t{1} << cover_position[static_cast<std::size_t>(cell)];
                });
          }
          const int count = bit_count(span);
          if (count >= 2 && count <= size) {
            lines.push_back(static_cast<int>(i));
            spans.push_back(span);
          }
        }
        if (static_cast<int>(lines.size()) < size) continue;
        for_each_small_union(
            spans, size, [&](std::span<const int> chosen, std::uint32_t together) {
              CellSet<W> base_cells;
              for (int i : chosen)
                base_cells |= layout.unit_cells[static_cast<std::size_t>(
                    base[static_cast<std::size_t>(lines[static_cast<std::size_t>(i)])])];
              CellSet<W> cover_cells;
              for (std::uint32_t bits = together; bits != 0; bits &= bits - 1)
                cover_cells |= layout.unit_cells[static_cast<std::size_t>(
                    cover[static_cast<std::size_t>(std::countr_zero(bits))])];
              const CellSet<W> eliminated = (board.cells_of(digit) & cover_cells) - base_cells;
              if (eliminated.none()) return;
              Step step = make_step(technique, score);
              add_eliminations(step, eliminated, digit);
              if (context.explain) {
                std::string names;
                for (int i : chosen) {
                  const int line = base[static_cast<std::size_t>(lines[static_cast<std::size_t>(i)])];
                  names += (names.empty() ? "" : ", ") + layout.unit_name(line);
                  step.evidence.units.push_back(line);
                }
                for (std::uint32_t bits = together; bits != 0; bits &= bits - 1)
                  step.evidence.cover_units.push_back(cover[static_cast<std::size_t>(std::countr_zero(bits))]);
                (board.cells_of(digit) & base_cells).for_each([&](int cell) {
                  step.evidence.cells.push_back(cell);
                  add_candidate(step.evidence, cell, digit);
                });
                step.detail = std::string(kNames[static_cast<std::size_t>(size)]) + " on " + digit_text(digit) +
                              " in " + names;
              }
              out.push_back(std::move(step));
            });
      }
      if (out.size() != found_before) barren[static_cast<std::size_t>(digit)] = 0;
    }
  }
}

template <int W>
void find_xy_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                   std::vector<Step>& out) {
  ++context.work;
  CellSet<W> bivalue;
  board.open.for_each([&](int cell) {
    if (bit_count(board.mask(cell)) == 2) bivalue.set(cell);
  });
  std::vector<int> wings;
  bivalue.for_each([&](int pivot) {
    const CandidateMask pivot_mask = board.mask(pivot);
    wings.clear();
    (bivalue & layout.peers[static_cast<std::size_t>(pivot)]).for_each([&](int cell) {
      const CandidateMask mask = board.mask(cell);
      if (mask != pivot_mask && bit_count(mask & pivot_mask) == 1) wings.push_back(cell);
    });
    for (std::size_t a = 0; a < wings.size(); ++a)
      for (std::size_t b = a + 1; b < wings.size(); ++b) {
        const CandidateMask mask_a = board.mask(wings[a]);
        const CandidateMask mask_b = board.mask(wings[b]);
        const CandidateMask z = mask_a & ~pivot_mask;
        // The wings hold the two different pivot digits and share the third digit z.
        if ((mask_b & ~pivot_mask) != z || (mask_a & mask_b & pivot_mask) != 0) continue;
        const int digit = std::countr_zero(z);
        const CellSet<W> eliminated = layout.peers[static_cast<std::size_t>(wings[a])] &
                                      layout.peers[static_cast<std::size_t>(wings[b])] &
                                      board.cells_of(digit);
        if (eliminated.none()) continue;
        Step step = make_step(Technique::xy_wing, 4.2);
        add_eliminations(step, eliminated, digit);
        if (context.explain) {
          step.detail = "XY-wing, pivot " + layout.cell_text(pivot) + " (" + digits_text(pivot_mask) +
                        "), wings " + layout.cell_text(wings[a]) + " (" + digits_text(mask_a) + ") and " +
                        layout.cell_text(wings[b]) + " (" + digits_text(mask_b) + ")";
          for (int cell : {pivot, wings[a], wings[b]}) {
            step.evidence.cells.push_back(cell);
            add_candidates(step.evidence, cell, board.mask(cell));
          }
        }
        out.push_back(std::move(step));
      }
  });
}

template <int W>
void find_xyz_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                    std::vector<Step>& out) {
  ++context.work;
  std::vector<int> wings;
  board.open.for_each([&](int pivot) {
    const CandidateMask pivot_mask = board.mask(pivot);
    if (bit_count(pivot_mask) != 3) return;
    wings.clear();
    (board.open & layout.peers[static_cast<std::size_t>(pivot)]).for_each([&](int cell) {
      const CandidateMask mask = board.mask(cell);
      if (bit_count(mask) == 2 && (mask & ~pivot_mask) == 0) wings.push_back(cell);
    });
    for (std::size_t a = 0; a < wings.size(); ++a)
      for (std::size_t b = a + 1; b < wings.size(); ++b) {
        const CandidateMask mask_a = board.mask(wings[a]);
        const CandidateMask mask_b = board.mask(wings[b]);
        if (mask_a == mask_b) continue;
        const int digit = std::countr_zero(mask_a & mask_b);
        const CellSet<W> eliminated =
            layout.peers[static_cast<std::size_t>(pivot)] & layout.peers[static_cast<std::size_t>(wings[a])] &
            layout.peers[static_cast<std::size_t>(wings[b])] & board.cells_of(digit);
        if (eliminated.none()) continue;
        Step step = make_step(Technique::xyz_wing, 4.4);
        add_eliminations(step, eliminated, digit);
        if (context.explain) {
          step.detail = "XYZ-wing, pivot " + layout.cell_text(pivot) + " (" + digits_text(pivot_mask) +
                        "), wings " + layout.cell_text(wings[a]) + " (" + digits_text(mask_a) + ") and " +
                        layout.cell_text(wings[b]) + " (" + digits_text(mask_b) + ")";
          for (int cell : {pivot, wings[a], wings[b]}) {
            step.evidence.cells.push_back(cell);
            add_candidates(step.evidence, cell, board.mask(cell));
          }
        }
        out.push_back(std::move(step));
      }
  });
}

// Sukaku Explainer's WXYZ- and VWXYZ-wings: an almost locked set A (`size` open cells that all see
// each other, holding size + 1 digits) and a bivalue cell B = {x, z} outside it, both digits in A.
// x is a restricted common when every cell of A holding x sees B: A and B cannot both lose x, so
// one of them holds z, and z goes from the cells that see B and every cell of A holding z. When z
// is restricted as well (doubly linked), A less B's digits and B are locked: every other digit of A
// goes from the cells seeing all of A's cells holding it, and x and z from those seeing B and all
// of A's cells holding them.
//
//   A (one unit): {w,x}  {x,y,z}  {w,z}   B (sees A's x cells): {x,z}   z removed where B and A's z cells are
//   seen
//
// Scored as Sukaku does: base (5.5 for three cells, 6.2 for four) plus 0.1 * (size - 2 - |3 - m|),
// m the most candidates in one cell of A — middle-sized cells rate hardest.
template <int W>
void find_als_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                    std::vector<Step>& out) {
  ++context.work;
  const Technique technique = size == 3 ? Technique::wxyz_wing : Technique::vwxyz_wing;
  const double base = technique_base_score(technique);
  std::vector<int> cells;
  std::vector<CandidateMask> masks;
  CellSet<W> bivalue;
  board.open.for_each([&](int cell) {
    if (bit_count(board.mask(cell)) == 2) bivalue.set(cell);
  });
  if (bivalue.none()) return;
  // The cells of A holding `digit`, and the cells (outside A and B) seeing all of them and `also`.
  const auto seeing_all = [&](const CellSet<W>& members, int digit, const CellSet<W>& also) {
    CellSet<W> seen = board.cells_of(digit) - members;
    (members & board.cells_of(digit)).for_each([&](int c) {
      seen &= layout.peers[static_cast<std::size_t>(c)];
    });
    return seen & also;
  };
  // Every bivalue cell B linked to the set A = `members` (found in unit u) by a restricted common.
  // B sees the cells of A holding its restricted digit: some cell of A. Both its digits are A's:
  // `near`, the bivalue cells holding none of the other digits.
  const auto wings = [&](std::size_t u, const CellSet<W>& members, CandidateMask together, int most,
                         const CellSet<W>& near) {
    // The same cells met through another unit (a box-line overlap) are tried once.
    for (int v : layout.units_of(members.first()))
      if (static_cast<std::size_t>(v) < u &&
          (members - layout.unit_cells[static_cast<std::size_t>(v)]).none())
        return;
    const double score = base + 0.1 * (size - 2 - std::abs(3 - most));
    CellSet<W> seen_by_a;
    members.for_each([&](int c) { seen_by_a |= layout.peers[static_cast<std::size_t>(c)]; });
    (near & seen_by_a).for_each([&](int b) {
      const CandidateMask pair = board.mask(b);
      const CellSet<W>& b_peers = layout.peers[static_cast<std::size_t>(b)];
      const auto restricted = [&](int digit) { return ((members & board.cells_of(digit)) - b_peers).none(); };
      const int low = std::countr_zero(pair);
      const int high = std::countr_zero(pair & (pair - 1));
      const bool low_restricted = restricted(low);
      const bool high_restricted = restricted(high);
      if (!low_restricted && !high_restricted) return;
      // Most wings eliminate nothing: the step is made only once some digit has cells to lose.
      std::array<CellSet<W>, Board<W>::kDigits> gone{};
      CandidateMask losing = 0;
      for (CandidateMask rest = together; rest != 0; rest &= rest - 1) {
        const int digit = std::countr_zero(rest);
        const bool in_b = digit == low || digit == high;
        // Singly linked: only the non-restricted digit of B goes.
        if (!(low_restricted && high_restricted) && (!in_b || restricted(digit))) continue;
        CellSet<W>& losers = gone[static_cast<std::size_t>(digit)];
        losers = seeing_all(members, digit, in_b ? b_peers : board.open);
        losers.reset(b);
        if (losers.any()) losing |= bit_of(digit);
      }
      if (losing == 0) return;
      Step step = make_step(technique, score);
      for (; losing != 0; losing &= losing - 1)
        add_eliminations(step, gone[static_cast<std::size_t>(std::countr_zero(losing))], std::countr_zero(losing));
      if (context.explain) {
        step.detail = std::string(technique_name(technique)) + ": " + cells_text(layout, members) + " (" +
                      digits_text(together) + ") and " + layout.cell_text(b) + " (" + digits_text(pair) +
                      ")" + (low_restricted && high_restricted ? ", doubly linked" : "");
        // The almost locked set's unit and cells, then the bivalue cell.
        step.evidence.units.push_back(static_cast<int>(u));
        members.for_each([&](int cell) {
          step.evidence.cells.push_back(cell);
          add_candidates(step.evidence, cell, board.mask(cell));
        });
        step.evidence.cells.push_back(b);
        add_candidates(step.evidence, b, pair);
      }
      out.push_back(std::move(step));
    });
  };
  // The sets of `size` cells of unit u holding size + 1 digits, in the order they are met (the
  // union carried down: most prefixes already hold too many digits).
  const auto find_unit_sets = [&](std::size_t u, std::vector<typename AlsSets<W>::Set>& sets) {
    cells.clear();
    masks.clear();
    for (int cell : layout.unit_members[u]) {
      const CandidateMask mask = board.mask(cell);
      if (mask != 0 && bit_count(mask) <= size + 1) {
        cells.push_back(cell);
        masks.push_back(mask);
      }
    }
    if (static_cast<int>(cells.size()) < size) return;
    std::array<std::size_t, 4> chosen{};
    const auto grow = [&](auto&& self, std::size_t from, int depth, CandidateMask so_far) -> void {
      for (std::size_t i = from; i + static_cast<std::size_t>(size - depth) <= cells.size(); ++i) {
        const CandidateMask together = so_far | masks[i];
        if (bit_count(together) > size + 1) continue;
        chosen[static_cast<std::size_t>(depth)] = i;
        if (depth + 1 < size) {
          self(self, i + 1, depth + 1, together);
          continue;
        }
        if (bit_count(together) != size + 1) continue;
        CellSet<W> members;
        int most = 0;
        for (int k = 0; k < size; ++k) {
          const std::size_t at = chosen[static_cast<std::size_t>(k)];
          members.set(cells[at]);
          most = std::max(most, bit_count(masks[at]));
        }
        sets.push_back({members, together, most, 0, CellSet<W>{}});
      }
    };
    grow(grow, 0, 0, 0);
  };
  // Each unit's sets are found again only when its candidates changed since.
  count_changes(layout, board, context);
  std::vector<typename AlsSets<W>::Unit>& known =
      kept<AlsSets<W>>(context.als_sets).by_size[size == 3 ? 0 : 1];
  if (known.size() != layout.unit_members.size()) known.assign(layout.unit_members.size(), {});
  for (std::size_t u = 0; u < layout.unit_members.size(); ++u) {
    typename AlsSets<W>::Unit& entry = known[u];
    const std::uint32_t stamp = context.unit_changes[u] + 1;
    if (entry.stamp != stamp) {
      entry.stamp = stamp;
      entry.sets.clear();
      find_unit_sets(u, entry.sets);
    }
    for (typename AlsSets<W>::Set& set : entry.sets) {
      CellSet<W> near = bivalue;
      for (CandidateMask other = layout.all_values & ~set.together; other != 0; other &= other - 1)
        near -= board.cells_of(std::countr_zero(other));
      std::uint32_t digits_stamp = 1;
      for (CandidateMask digits = set.together; digits != 0; digits &= digits - 1)
        digits_stamp += context.digit_changes[static_cast<std::size_t>(std::countr_zero(digits))];
      if (set.barren_stamp == digits_stamp && set.barren_near == near) continue;
      const std::size_t before = out.size();
      wings(u, set.members, set.together, set.most, near);
      set.barren_stamp = out.size() == before ? digits_stamp : 0;
      set.barren_near = near;
    }
  }
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                   \
  template bool find_singles<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);   \
  template bool find_singles<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Single>&); \
  template void find_naked_singles<W>(const Layout<W>&, const Board<W>&, SearchContext&,                  \
                                      std::vector<Step>&);                                                \
  template void find_intersections<W>(const Layout<W>&, const Board<W>&, SearchContext&, bool,            \
                                      std::vector<Step>&);                                                \
  template void find_naked_subsets<W>(const Layout<W>&, const Board<W>&, SearchContext&, int,             \
                                      std::vector<Step>&);                                                \
  template void find_hidden_subsets<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, bool,      \
                                       std::vector<Step>&);                                               \
  template void find_fish<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, std::vector<Step>&); \
  template void find_xy_wings<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);  \
  template void find_xyz_wings<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&); \
  template void find_als_wings<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
