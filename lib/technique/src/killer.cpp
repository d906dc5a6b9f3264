// SPDX-License-Identifier: Apache-2.0
// Killer techniques of the grader's ladder: what a human reads from cage sums before (and between)
// the classic rungs.
//
//   cage completion    the last open cell of a cage takes the sum less the placed values
//   cage combination   a cage's cells keep the values of the combinations of its sum that fit
//                      (cage_support: exact for one cage)
//   cage locked value  a value every fitting combination uses, whose cells in the cage all see a
//                      cell outside it, is gone from that cell; and a unit whose places for a
//                      value all lie in one cage puts it there: the cage keeps the combinations
//                      with it
//   45 rule            a row, column or box holds 1..n once, so its sum is n(n+1)/2; over a region
//                      of k such units (one, or 2-3 adjacent rows, columns or boxes) the cages
//                      wholly inside have known sums, and what is left is a relation
//                          sum(innies) - sum(outies) = 45k - sum(cages inside) - sum(cages counted)
//                      where the cages sticking out of the region are either counted whole (their
//                      cells outside are outies) or not (their cells inside are innies). Placed
//                      cells move to the right-hand side; with 1-3 open cells left the relation is
//                      solved by enumeration (distinct values where cells see each other), with
//                      more when they all see each other by cage_support (a virtual cage):
//                        one cell                    innie/outie, or over a union of units
//                        2-3 cells, one unit         innies/outies as a virtual cage (or a
//                                                    difference), or cage splitting when they are
//                                                    what one cage has outside the unit
//                        2-3 cells, 2-3 units        virtual cage over adjacent units
//
// All of them are found together once per board (SearchContext::killer_steps) and handed out by
// technique, so each stage of the ladder (grader.cpp) sits where its score puts it.
#include <algorithm>
#include <array>
#include <bitset>
#include <optional>
#include <span>
#include <string>

#include "engine.hpp"
#include "sudoku/model/cage_combinations.hpp"

namespace sudoku::technique {
namespace {

// Relations with more open cells are solved only when the cells all see each other (a virtual
// cage: cage_support); others are left alone: a human does not solve them either, and enumeration
// stays cheap.
constexpr int kMostRelationCells = 3;

// "cage 17 at r3c4 (3 cells)": numbered as the puzzle lists its cages, placed by its first cell.
template <int W>
std::string cage_text(const Layout<W>& layout, int cage) {
  const Cage& c = layout.geometry->cages()[static_cast<std::size_t>(cage)];
  return "cage " + std::to_string(cage + 1) + " at " + layout.cell_text(c.cells.front()) + " (" +
         std::to_string(c.cells.size()) + (c.cells.size() == 1 ? " cell)" : " cells)");
}

// The open cells and placed values of a cage (at most kMaxCageTableSize cells: find_killer_steps
// leaves larger boards alone). Fixed storage: it is made for every cage on every board.
struct CageState {
  struct Open {
    std::array<int, kMaxCageTableSize> cells{};
    std::size_t count = 0;
    std::size_t size() const { return count; }
    bool empty() const { return count == 0; }
    int front() const { return cells[0]; }
    int operator[](std::size_t i) const { return cells[i]; }
  } open;
  int remaining = 0;  // sum less the placed values
  CandidateMask placed = 0;
};

template <int W>
CageState cage_state(const Board<W>& board, const Cage& cage) {
  CageState state;
  state.remaining = cage.sum;
  for (int cell : cage.cells) {
    const int value = board.values[static_cast<std::size_t>(cell)];
    if (value == 0) {
      state.open.cells[state.open.count++] = cell;
    } else {
      state.remaining -= value;
      state.placed |= bit_of(value - 1);
    }
  }
  return state;
}

// ", only {1,2,4} or {1,3,...}" for a few fitting combinations (those within `kept`), else "".
std::string combinations_text(int size, std::size_t count, int sum, CandidateMask kept) {
  std::vector<CandidateMask> fitting;
  for (CandidateMask set : cage_combinations(size, static_cast<int>(count), sum))
    if ((set & ~kept) == 0) fitting.push_back(set);
  if (fitting.empty() || fitting.size() > 3) return "";
  std::string text = ", only ";
  for (std::size_t i = 0; i < fitting.size(); ++i)
    text += (i ? " or {" : "{") + digits_text(fitting[i]) + "}";
  return text;
}

// What cage_support made of a cage on the last board it was asked about: the key (the cage's open
// cells, their candidates, the sum left and the values placed) and the answer. cage_support is a
// function of the key alone, and a round changes few cages, so a board whose cage has the same key
// takes the answer as it is (a grading asks about every cage on each of its 30-60 boards).
struct CageMemo {
  bool known = false;
  std::size_t open = 0;
  int remaining = 0;
  CandidateMask placed = 0;
  std::array<int, kMaxCageTableSize> cells{};
  std::array<CandidateMask, kMaxCageTableSize> candidates{};
  std::optional<CandidateMask> required;
  std::array<CandidateMask, kMaxCageTableSize> supported{};
};

// The grading's memo of every cage (in the search context's Killer tables, defined below).
template <int W>
std::vector<CageMemo>& cage_memos(SearchContext& context, std::size_t cages);

// Cage completion, combinations and locked values of every cage. False when a cage is broken.
template <int W>
bool find_cage_steps(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                     std::vector<Step>& out) {
  const auto& cages = layout.geometry->cages();
  std::vector<CageMemo>& memos = cage_memos<W>(context, cages.size());
  for (std::size_t c = 0; c < cages.size(); ++c) {
    const CageState state = cage_state(board, cages[c]);
    if (state.open.empty()) continue;
    const int cage = static_cast<int>(c);
    if (state.open.size() == 1) {
      const int cell = state.open.front();
      const int digit = state.remaining - 1;
      if (digit < 0 || digit >= layout.size || !board.has(cell, digit)) return false;
      Step step = make_step(Technique::cage_completion, technique_base_score(Technique::cage_completion));
      step.placements.push_back({cell, digit});
      if (context.explain) {
        step.detail = "last cell of " + cage_text(layout, cage) + ", sum " + std::to_string(cages[c].sum);
        step.evidence.cages.push_back(cage);
        step.evidence.cells.push_back(cell);
        add_candidate(step.evidence, cell, digit);
      }
      out.push_back(std::move(step));
      continue;
    }
    std::array<CandidateMask, kMaxCageTableSize> candidates{};
    const std::size_t open = std::min(state.open.size(), candidates.size());
    CageMemo& memo = memos[c];
    bool same = memo.known && memo.open == open && memo.remaining == state.remaining && memo.placed == state.placed;
    for (std::size_t i = 0; i < open; ++i) {
      candidates[i] = board.mask(state.open[i]);
      same = same && memo.cells[i] == state.open[i] && memo.candidates[i] == candidates[i];
    }
    if (!same) {
      memo.known = true;
      memo.open = open;
      memo.remaining = state.remaining;
      memo.placed = state.placed;
      for (std::size_t i = 0; i < open; ++i) memo.cells[i] = state.open[i];
      memo.candidates = candidates;
      memo.required = cage_support(layout.size, state.remaining, state.placed, std::span(candidates.data(), open),
                                   std::span(memo.supported.data(), open));
    }
    const std::array<CandidateMask, kMaxCageTableSize>& supported = memo.supported;
    const std::optional<CandidateMask> required = memo.required;
    if (!required) return false;
    Step combination =
        make_step(Technique::cage_combination, technique_base_score(Technique::cage_combination));
    CandidateMask kept = 0;
    for (std::size_t i = 0; i < open; ++i) {
      kept |= supported[i];
      for (CandidateMask gone = candidates[i] & ~supported[i]; gone != 0; gone &= gone - 1)
        combination.eliminations.push_back({state.open[i], std::countr_zero(gone)});
    }
    if (!combination.eliminations.empty()) {
      if (context.explain) {
        combination.detail = cage_text(layout, cage) + ": " + std::to_string(state.remaining) + " in " +
                             std::to_string(open) + " cells" +
                             combinations_text(layout.size, open, state.remaining, kept);
        // The cage's open cells with the values its fitting combinations keep.
        combination.evidence.cages.push_back(cage);
        for (std::size_t i = 0; i < open; ++i) {
          combination.evidence.cells.push_back(state.open[i]);
          add_candidates(combination.evidence, state.open[i], supported[i]);
        }
      }
      out.push_back(std::move(combination));
    }
    // A value the cage must hold lies in one of its cells that can take it: every cell outside the
    // cage that sees all of those loses it.
    for (CandidateMask need = *required; need != 0; need &= need - 1) {
      const int digit = std::countr_zero(need);
      CellSet<W> seen = board.open;
      CellSet<W> holders;
      for (std::size_t i = 0; i < open; ++i) {
        if (((supported[i] >> digit) & 1U) == 0) continue;
        holders.set(state.open[i]);
        seen &= layout.peers[static_cast<std::size_t>(state.open[i])];
      }
      for (int cell : cages[c].cells) seen.reset(cell);
      const CellSet<W> hit = seen & board.cells_of(digit);
      if (!hit.any()) continue;
      Step step = make_step(Technique::cage_locked_value, technique_base_score(Technique::cage_locked_value));
      hit.for_each([&](int cell) { step.eliminations.push_back({cell, digit}); });
      if (context.explain) {
        // Name the units the holders share, as an editor would say it ("column 6 and box 5").
        std::string where;
        for (int unit : layout.units_of(holders.first()))
          if ((layout.unit_cells[static_cast<std::size_t>(unit)] & holders) == holders)
            where += (where.empty() ? "" : " and ") + layout.unit_name(unit);
        if (where.empty()) where = "the cells that see " + cells_text(layout, holders);
        step.detail = cage_text(layout, cage) + " needs " + digit_text(digit) + ", locked in " + where;
        step.evidence.cages.push_back(cage);
        holders.for_each([&](int cell) {
          step.evidence.cells.push_back(cell);
          add_candidate(step.evidence, cell, digit);
        });
      }
      out.push_back(std::move(step));
    }
  }
  return true;
}

// The other way round: a unit whose places for a value all lie in one cage puts the value in that
// cage, in one of those places; the cage's cells keep what its combinations with it allow.
template <int W>
void find_unit_in_cage_steps(const Layout<W>& layout, const Board<W>& board, const SearchContext& context,
                             std::vector<Step>& out) {
  const auto& cages = layout.geometry->cages();
  for (std::size_t u = 0; u < layout.unit_cells.size(); ++u)
    for (int digit = 0; digit < layout.size; ++digit) {
      const CellSet<W> places = board.cells_of(digit) & layout.unit_cells[u];
      if (places.count_upto(2) < 2) continue;  // placed, or a hidden single
      const int cage = layout.geometry->cage_of(places.first());
      bool inside = cage >= 0;
      places.for_each([&](int cell) { inside = inside && layout.geometry->cage_of(cell) == cage; });
      if (!inside) continue;
      const CageState state = cage_state(board, cages[static_cast<std::size_t>(cage)]);
      const std::size_t open = state.open.size();
      if (open > kMaxCageTableSize) continue;
      std::array<CandidateMask, kMaxCageTableSize> candidates{};
      std::array<CandidateMask, kMaxCageTableSize> supported{};
      std::array<CandidateMask, kMaxCageTableSize> with_digit{};
      for (std::size_t i = 0; i < open; ++i) candidates[i] = board.mask(state.open[i]);
      // Union over the places of the cage's support with the value put there.
      for (std::size_t i = 0; i < open; ++i) {
        if (!places.test(state.open[i])) continue;
        const CandidateMask saved = candidates[i];
        candidates[i] = bit_of(digit);
        if (cage_support(layout.size, state.remaining, state.placed, std::span(candidates.data(), open),
                         std::span(supported.data(), open)))
          for (std::size_t j = 0; j < open; ++j) with_digit[j] |= supported[j];
        candidates[i] = saved;
      }
      Step step = make_step(Technique::cage_locked_value, technique_base_score(Technique::cage_locked_value));
      for (std::size_t i = 0; i < open; ++i)
        for (CandidateMask gone = candidates[i] & ~with_digit[i]; gone != 0; gone &= gone - 1)
          step.eliminations.push_back({state.open[i], std::countr_zero(gone)});
      if (step.eliminations.empty()) continue;
      if (context.explain) {
        step.detail = layout.unit_name(static_cast<int>(u)) + " has " + digit_text(digit) + " only in " +
                      cage_text(layout, cage) + ", which must hold it";
        step.evidence.units.push_back(static_cast<int>(u));
        step.evidence.cages.push_back(cage);
        places.for_each([&](int cell) {
          step.evidence.cells.push_back(cell);
          add_candidate(step.evidence, cell, digit);
        });
      }
      out.push_back(std::move(step));
    }
}

// A region for the 45 rule: a union of disjoint units, each holding every value once, with what
// the cage layout makes of it. All of it depends on the layout only, so it is made once per
// grading (KillerTables) and read on every board; names are made only when explaining.
template <int W>
struct Region {
  CellSet<W> cells;
  int units = 0;
  std::array<int, 3> unit_list{};  // the units themselves (for explanations)
  bool consecutive = true;         // "rows 3-4" rather than "boxes 1,2"
  std::vector<int> inside;         // cages wholly inside, in cage order
  int inside_sum = 0;
  std::vector<int> partial;        // cages sticking out, in cage order
  std::vector<int> uncaged;        // cells of the region in no cage, ascending
  // Per partial cage i: its cells inside the region, then those outside (each in the cage's
  // order), in partial_cells[partial_bounds[2i] .. partial_bounds[2i + 1] .. partial_bounds[2i + 2]);
  // its sum; and whether most of it lies inside. (One list for all: a grading makes about a
  // hundred regions per layout, and a Killer climb a layout per move.)
  std::vector<int> partial_cells;
  std::vector<int> partial_bounds{0};
  std::vector<int> partial_sum;
  std::uint64_t mostly = 0;

  std::span<const int> partial_in(std::size_t i) const { return part(2 * i); }
  std::span<const int> partial_out(std::size_t i) const { return part(2 * i + 1); }

 private:
  std::span<const int> part(std::size_t k) const {
    const auto begin = static_cast<std::size_t>(partial_bounds[k]);
    return {partial_cells.data() + begin, static_cast<std::size_t>(partial_bounds[k + 1]) - begin};
  }
};

std::string plural_name(const std::string& one, const std::vector<int>& numbers, bool consecutive) {
  if (numbers.size() == 1) return one + " " + std::to_string(numbers.front());
  std::string text = one + "s ";
  if (consecutive) return text + std::to_string(numbers.front()) + "-" + std::to_string(numbers.back());
  for (std::size_t i = 0; i < numbers.size(); ++i) text += (i ? "," : "") + std::to_string(numbers[i]);
  return text;
}

// "row 3", "rows 3-4", "boxes 1,2,3", "region 4" (only when explaining).
template <int W>
std::string region_name(const Layout<W>& layout, const Region<W>& region) {
  std::vector<int> numbers;
  for (int i = 0; i < region.units; ++i)
    numbers.push_back(layout.unit_number[static_cast<std::size_t>(region.unit_list[static_cast<std::size_t>(i)])]);
  std::string kind;
  switch (layout.unit_kind[static_cast<std::size_t>(region.unit_list[0])]) {
    case UnitKind::row:
      kind = "row";
      break;
    case UnitKind::column:
      kind = "column";
      break;
    default:
      kind = layout.geometry->has_regular_boxes() ? "box" : "region";
      break;
  }
  return plural_name(kind, numbers, region.consecutive);
}

// Fills the cage part of `region` from the layout's cages; false when the cages tile the region
// (nothing to learn there).
template <int W>
bool classify_cages(const Layout<W>& layout, Region<W>& region, std::vector<int>& in_region,
                    std::vector<int>& touched) {
  const auto& cages = layout.geometry->cages();
  // Cells of each cage in the region, from the region's cells (a region meets few cages: only
  // those are looked at, in cage order; in_region is all zeros between calls).
  if (in_region.size() != cages.size()) in_region.assign(cages.size(), 0);
  touched.clear();
  int uncaged = 0;
  region.cells.for_each([&](int cell) {
    const int cage = layout.geometry->cage_of(cell);
    if (cage < 0) {
      ++uncaged;
    } else if (in_region[static_cast<std::size_t>(cage)]++ == 0) {
      touched.push_back(cage);
    }
  });
  std::sort(touched.begin(), touched.end());
  // Counted first, so that a region the cages tile allocates nothing and the others once per list.
  std::size_t inside = 0;
  std::size_t partial = 0;
  std::size_t partial_cells = 0;
  for (const int c : touched) {
    const Cage& cage = cages[static_cast<std::size_t>(c)];
    if (in_region[static_cast<std::size_t>(c)] == static_cast<int>(cage.cells.size())) {
      ++inside;
    } else {
      ++partial;
      partial_cells += cage.cells.size();
    }
  }
  const bool learns = !(partial == 0 && uncaged == 0) && partial <= 64;  // 64: the choice masks
  if (learns) {
    region.uncaged.reserve(static_cast<std::size_t>(uncaged));
    if (uncaged > 0)
      region.cells.for_each([&](int cell) {
        if (layout.geometry->cage_of(cell) < 0) region.uncaged.push_back(cell);
      });
    region.inside.reserve(inside);
    region.partial.reserve(partial);
    region.partial_sum.reserve(partial);
    region.partial_cells.reserve(partial_cells);
    region.partial_bounds.reserve(2 * partial + 1);
    for (const int c : touched) {
      const Cage& cage = cages[static_cast<std::size_t>(c)];
      const int in = in_region[static_cast<std::size_t>(c)];
      if (in == static_cast<int>(cage.cells.size())) {
        region.inside_sum += cage.sum;
        region.inside.push_back(c);
        continue;
      }
      if (2 * in > static_cast<int>(cage.cells.size())) region.mostly |= std::uint64_t{1} << region.partial.size();
      region.partial.push_back(c);
      region.partial_sum.push_back(cage.sum);
      for (const bool inner : {true, false}) {
        for (int cell : cage.cells)
          if (region.cells.test(cell) == inner) region.partial_cells.push_back(cell);
        region.partial_bounds.push_back(static_cast<int>(region.partial_cells.size()));
      }
    }
  }
  for (const int c : touched) in_region[static_cast<std::size_t>(c)] = 0;
  return learns;
}

// Single rows, columns and boxes; 2-3 adjacent rows or columns; 2-3 adjacent boxes of one band
// or stack (regular boxes only); those the cages tile are left out.
template <int W>
std::vector<Region<W>> regions_of(const Layout<W>& layout) {
  std::vector<Region<W>> regions;
  std::vector<int> in_region;  // scratch for classify_cages
  std::vector<int> touched;
  const auto add = [&](const int* units, int count, bool consecutive) {
    Region<W> region;
    for (int i = 0; i < count; ++i) {
      region.cells |= layout.unit_cells[static_cast<std::size_t>(units[i])];
      region.unit_list[static_cast<std::size_t>(i)] = units[i];
    }
    region.units = count;
    region.consecutive = consecutive;
    if (classify_cages(layout, region, in_region, touched)) regions.push_back(std::move(region));
  };
  const auto lines = [&](const std::vector<int>& family) {
    for (std::size_t span = 1; span <= 3; ++span)
      for (std::size_t first = 0; first + span <= family.size(); ++first)
        add(family.data() + first, static_cast<int>(span), true);
  };
  lines(layout.rows);
  lines(layout.columns);
  std::vector<int> boxes;
  for (std::size_t u = 0; u < layout.unit_kind.size(); ++u)
    if (layout.unit_kind[u] == UnitKind::box) boxes.push_back(static_cast<int>(u));
  const Geometry& geometry = *layout.geometry;
  for (const int& box : boxes) add(&box, 1, true);
  if (!geometry.has_regular_boxes()) return regions;
  const int across = geometry.size() / geometry.box_cols();  // boxes in a band
  const int down = geometry.size() / geometry.box_rows();    // boxes in a stack
  if (static_cast<int>(boxes.size()) != across * down) return regions;
  const auto box_at = [&](int band, int stack) {
    return boxes[static_cast<std::size_t>(band * across + stack)];
  };
  for (int span = 2; span <= 3; ++span) {
    std::array<int, 3> units{};
    for (int band = 0; band < down; ++band)
      for (int stack = 0; stack + span <= across; ++stack) {
        for (int i = 0; i < span; ++i) units[static_cast<std::size_t>(i)] = box_at(band, stack + i);
        add(units.data(), span, false);
      }
    for (int stack = 0; stack < across; ++stack)
      for (int band = 0; band + span <= down; ++band) {
        for (int i = 0; i < span; ++i) units[static_cast<std::size_t>(i)] = box_at(band + i, stack);
        add(units.data(), span, false);
      }
  }
  return regions;
}

// sum(coefficient * value over the open cells) = total, the open cells' values distinct where
// they see each other.
struct Relation {
  std::vector<int> cells;
  std::vector<int> signs;  // +1 innie, -1 outie
  int total = 0;
  int counted_cage = -1;      // the one cage counted whole, when the open cells are all its outies
  std::uint64_t counted = 0;  // which of the region's partial cages are counted whole
};

// What the 45 rule keeps across the boards of one grading: the regions of the layout, and the
// relations of the current region (reused, so a board allocates nothing once they have grown).
template <int W>
struct KillerTables {
  bool regions_made = false;  // made when the 45 rule is first asked for
  std::vector<Region<W>> regions;
  std::vector<Relation> relations;
  std::size_t used = 0;  // relations[0, used) hold the current region's
  std::vector<CageMemo> cage_memos;
  // The techniques whose steps of the current board (SearchContext::killer_version) have been
  // moved out to their stage.
  std::bitset<kTechniqueCount> handed_out;
};

template <int W>
KillerTables<W>& killer_tables(SearchContext& context) {
  if (!context.killer_tables) context.killer_tables = std::make_shared<KillerTables<W>>();
  return *static_cast<KillerTables<W>*>(context.killer_tables.get());
}

template <int W>
std::vector<CageMemo>& cage_memos(SearchContext& context, std::size_t cages) {
  std::vector<CageMemo>& memos = killer_tables<W>(context).cage_memos;
  if (memos.size() != cages) memos.assign(cages, CageMemo{});
  return memos;
}

// Values of each cell that take part in some solution of the relation; false when none exists.
// Tries every value of the cells but the last (at most kMostRelationCells - 1 of them, an
// odometer over their candidates); the last cell's value is forced by the total.
template <int W>
bool solve_relation(const Layout<W>& layout, const Board<W>& board, const Relation& relation,
                    std::array<CandidateMask, kMostRelationCells>& supported) {
  const std::size_t n = relation.cells.size();
  const std::size_t last = n - 1;
  std::array<CandidateMask, kMostRelationCells> left{};  // values still to try, per cell
  std::array<int, kMostRelationCells> values{};
  supported.fill(0);
  bool any = false;
  const auto sees = [&](std::size_t a, std::size_t b) {
    return layout.peers[static_cast<std::size_t>(relation.cells[a])].test(relation.cells[b]);
  };
  for (std::size_t i = 0; i < last; ++i) left[i] = board.mask(relation.cells[i]);
  while (true) {
    // Complete the assignment of the cells before the last from the odometer.
    bool valid = true;
    int sum = 0;
    for (std::size_t i = 0; i < last; ++i) {
      if (left[i] == 0) return any;  // only reachable for the first cell: every value tried
      values[i] = std::countr_zero(left[i]) + 1;
      sum += relation.signs[i] * values[i];
      for (std::size_t j = 0; j < i; ++j) valid = valid && !(values[j] == values[i] && sees(i, j));
    }
    if (valid) {
      const int value = (relation.total - sum) * relation.signs[last];
      bool fits = value >= 1 && value <= layout.size && board.has(relation.cells[last], value - 1);
      for (std::size_t j = 0; j < last; ++j) fits = fits && !(values[j] == value && sees(last, j));
      if (fits) {
        values[last] = value;
        for (std::size_t j = 0; j < n; ++j) supported[j] |= bit_of(values[j] - 1);
        any = true;
      }
    }
    if (last == 0) return any;
    // Advance: drop the innermost cell's value; an exhausted cell restarts and carries outwards.
    std::size_t i = last;
    while (i > 0) {
      --i;
      left[i] &= left[i] - 1;
      if (left[i] != 0 || i == 0) break;
      left[i] = board.mask(relation.cells[i]);
    }
  }
}

// The relation's support when it can be had: cells that all see each other with one sign are a
// virtual cage (any count), others are enumerated up to kMostRelationCells cells. Nullopt when the
// relation is too large; false inside when it has no solution.
template <int W>
std::optional<bool> relation_support(const Layout<W>& layout, const Board<W>& board, const Relation& relation,
                                     std::array<CandidateMask, kMaxCageTableSize>& supported) {
  const std::size_t n = relation.cells.size();
  if (n > supported.size()) return std::nullopt;  // no virtual cage that large
  if (n > kMostRelationCells) {
    bool one_sign = true;
    bool all_see = true;
    for (std::size_t i = 0; i < n && one_sign && all_see; ++i)
      for (std::size_t j = 0; j < i; ++j) {
        one_sign = one_sign && relation.signs[i] == relation.signs[j];
        all_see = all_see && layout.peers[static_cast<std::size_t>(relation.cells[i])].test(relation.cells[j]);
      }
    if (!one_sign || !all_see) return std::nullopt;
    std::array<CandidateMask, kMaxCageTableSize> candidates{};
    for (std::size_t i = 0; i < n; ++i) candidates[i] = board.mask(relation.cells[i]);
    return cage_support(layout.size, relation.total * relation.signs[0], 0, std::span(candidates.data(), n),
                        std::span(supported.data(), n))
        .has_value();
  }
  std::array<CandidateMask, kMostRelationCells> few{};
  const bool any = solve_relation(layout, board, relation, few);
  std::copy(few.begin(), few.end(), supported.begin());
  return any;
}

// "r4c4 + r4c5 = 9", "r3c4 - r4c4 = 2".
template <int W>
std::string relation_text(const Layout<W>& layout, Relation relation) {
  // Outies alone read better added up: "r3c7 + r3c8 = 11", not "-r3c7 - r3c8 = -11".
  if (std::all_of(relation.signs.begin(), relation.signs.end(), [](int sign) { return sign < 0; })) {
    for (int& sign : relation.signs) sign = 1;
    relation.total = -relation.total;
  }
  std::string text;
  for (std::size_t i = 0; i < relation.cells.size(); ++i) {
    if (i == 0)
      text += relation.signs[i] < 0 ? "-" : "";
    else
      text += relation.signs[i] < 0 ? " - " : " + ";
    text += layout.cell_text(relation.cells[i]);
  }
  return text + " = " + std::to_string(relation.total);
}

// Which cages are inside and counted whole: "cages 3, 7 inside; cage 9 at r2c5 (3 cells) counted
// whole" (only when explaining).
template <int W>
std::string relation_reason(const Layout<W>& layout, const Region<W>& region, const Relation& relation) {
  std::string reason;
  if (!region.inside.empty()) {
    reason = region.inside.size() == 1 ? "cage " : "cages ";
    for (std::size_t i = 0; i < region.inside.size(); ++i)
      reason += (i ? ", " : "") + std::to_string(region.inside[i] + 1);
    reason += " inside";
  }
  std::string counted_text;
  for (std::size_t i = 0; i < region.partial.size(); ++i)
    if ((relation.counted >> i) & 1U)
      counted_text += (counted_text.empty() ? "" : ", ") + cage_text(layout, region.partial[i]);
  if (!counted_text.empty()) reason += (reason.empty() ? "" : "; ") + counted_text + " counted whole";
  return reason;
}

// The 45-rule relations of one region: the cages sticking out counted whole or not, in the ways a
// solver tries (none, all, those mostly inside, and whichever leaves fewer open cells per cage),
// into tables.relations[0, tables.used).
template <int W>
void region_relations(const Layout<W>& layout, const Board<W>& board, const Region<W>& region, int unit_sum, KillerTables<W>& tables) {
  tables.used = 0;
  const std::size_t parts = region.partial.size();
  const auto open_count = [&](std::span<const int> cells) {
    int open = 0;
    for (int cell : cells) open += board.values[static_cast<std::size_t>(cell)] == 0 ? 1 : 0;
    return open;
  };
  std::uint64_t fewer = 0;
  for (std::size_t i = 0; i < parts; ++i)
    if (open_count(region.partial_out(i)) < open_count(region.partial_in(i))) fewer |= std::uint64_t{1} << i;
  const std::uint64_t all = parts == 0 ? 0 : (~std::uint64_t{0} >> (64 - parts));
  const std::array<std::uint64_t, 4> choices{0, all, region.mostly, fewer};
  for (std::size_t k = 0; k < choices.size(); ++k) {
    const std::uint64_t counted = choices[k];
    if (std::find(choices.begin(), choices.begin() + static_cast<std::ptrdiff_t>(k), counted) !=
        choices.begin() + static_cast<std::ptrdiff_t>(k))
      continue;
    if (tables.used == tables.relations.size()) tables.relations.emplace_back();
    Relation& relation = tables.relations[tables.used];
    relation.cells.clear();
    relation.signs.clear();
    relation.total = region.units * unit_sum - region.inside_sum;
    relation.counted = counted;
    relation.counted_cage = -1;
    int counted_cages = 0;
    const auto term = [&](int cell, int sign) {
      const int value = board.values[static_cast<std::size_t>(cell)];
      if (value != 0) {
        relation.total -= sign * value;
        return;
      }
      relation.cells.push_back(cell);
      relation.signs.push_back(sign);
    };
    for (int cell : region.uncaged) term(cell, +1);
    for (std::size_t i = 0; i < parts; ++i) {
      if ((counted >> i) & 1U) {
        relation.total -= region.partial_sum[i];
        for (int cell : region.partial_out(i)) term(cell, -1);
        ++counted_cages;
        relation.counted_cage = region.partial[i];
      } else {
        for (int cell : region.partial_in(i)) term(cell, +1);
      }
    }
    if (relation.cells.empty()) continue;
    // Cage splitting: every open cell is an outie of the one cage counted.
    const bool split = counted_cages == 1 && std::all_of(relation.cells.begin(), relation.cells.end(), [&](int cell) {
      return layout.geometry->cage_of(cell) == relation.counted_cage && !region.cells.test(cell);
    });
    if (!split) relation.counted_cage = -1;
    ++tables.used;
  }
}
// The 45 rule's steps of the one-unit regions (`unions` false: innies/outies, their virtual cages,
// cage splitting) or of the regions of 2-3 adjacent units (`unions` true: 2.7 and up). Each
// technique comes from one kind of region only, so its steps come out in the same order either way.
template <int W>
bool find_45_rule_steps(const Layout<W>& layout, const Board<W>& board, SearchContext& context, bool unions,
                        std::vector<Step>& out) {
  KillerTables<W>& tables = killer_tables<W>(context);
  if (!tables.regions_made) {
    tables.regions = regions_of(layout);
    tables.regions_made = true;
  }
  const int unit_sum = layout.size * (layout.size + 1) / 2;
  for (const Region<W>& region : tables.regions) {
    if ((region.units > 1) != unions) continue;
    region_relations(layout, board, region, unit_sum, tables);
    for (std::size_t r = 0; r < tables.used; ++r) {
      const Relation& relation = tables.relations[r];
      std::array<CandidateMask, kMaxCageTableSize> supported{};
      const std::optional<bool> solvable = relation_support(layout, board, relation, supported);
      if (!solvable) continue;
      if (!*solvable) return false;
      const std::size_t n = relation.cells.size();
      Technique technique;
      if (region.units == 1)
        technique = n == 1                       ? Technique::innie_outie
                    : relation.counted_cage >= 0 ? Technique::cage_split
                                                 : Technique::innie_outie_pair;
      else
        technique = n == 1 ? Technique::union_innie_outie : Technique::virtual_cage;
      if (n > 1) {
        bool any = false;
        for (std::size_t i = 0; i < n && !any; ++i)
          any = (board.mask(relation.cells[i]) & ~supported[i]) != 0;
        if (!any) continue;
      }
      Step step = make_step(technique, technique_base_score(technique));
      if (n == 1) {
        step.placements.push_back({relation.cells.front(), std::countr_zero(supported[0])});
      } else {
        for (std::size_t i = 0; i < n; ++i)
          for (CandidateMask gone = board.mask(relation.cells[i]) & ~supported[i]; gone != 0;
               gone &= gone - 1)
            step.eliminations.push_back({relation.cells[i], std::countr_zero(gone)});
      }
      if (context.explain) {
        step.detail = "45 rule on " + region_name(layout, region) + ": " + relation_text(layout, relation);
        const std::string reason = relation_reason(layout, region, relation);
        if (!reason.empty()) step.detail += " (" + reason + ")";
        // The region's units, the cages it counts, and the cells of the relation left.
        step.evidence.units.assign(region.unit_list.begin(), region.unit_list.begin() + region.units);
        step.evidence.cages = region.inside;
        for (std::size_t i = 0; i < region.partial.size(); ++i)
          if ((relation.counted >> i) & 1U) step.evidence.cages.push_back(region.partial[i]);
        for (int cell : relation.cells) {
          step.evidence.cells.push_back(cell);
          add_candidates(step.evidence, cell, board.mask(cell));
        }
      }
      out.push_back(std::move(step));
    }
  }
  return true;
}

}  // namespace

template <int W>
bool find_killer_steps(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                       Technique technique, std::vector<Step>& out) {
  // No cages, or a board beyond the combination tables (Killer boards go up to 16x16).
  if (layout.geometry->cages().empty() || layout.size > kMaxCageTableSize) return true;
  KillerTables<W>& tables = killer_tables<W>(context);
  // Each stage asks once per board and the steps are moved out to it; a technique asked again on
  // the same board (the ladder never does) finds the board's steps again.
  const auto index = static_cast<std::size_t>(technique);
  if (context.killer_version == context.board_version && tables.handed_out.test(index))
    context.killer_version = ~context.board_version;
  if (context.killer_version != context.board_version) {
    tables.handed_out.reset();
    ++context.work;
    context.killer_steps.clear();
    context.killer_consistent = find_cage_steps(layout, board, context, context.killer_steps);
    context.killer_cages_only = true;
    context.killer_unions_left = true;
    context.killer_version = context.board_version;
  }
  // The 45 rule (three quarters of the Killer search) only once a rung above the cages' own asks:
  // on a board where cage completions or combinations make progress the ladder stops below it.
  // Each technique's steps come out in the same order either way (the cages' locked values
  // first, then the units' values in one cage), so a puzzle with a solution grades the same; a
  // broken board may be found broken at a later rung.
  if (context.killer_consistent && context.killer_cages_only && technique > Technique::cage_combination) {
    context.killer_consistent = find_45_rule_steps(layout, board, context, false, context.killer_steps);
    if (context.killer_consistent) find_unit_in_cage_steps(layout, board, context, context.killer_steps);
    context.killer_cages_only = false;
  }
  // The regions of 2-3 units (two thirds of the regions, and the larger relations) only once a
  // rung from union innies/outies (2.7) asks: Killer medium's band ends at 2.5.
  if (context.killer_consistent && !context.killer_cages_only && context.killer_unions_left &&
      technique >= Technique::union_innie_outie) {
    context.killer_consistent = find_45_rule_steps(layout, board, context, true, context.killer_steps);
    context.killer_unions_left = false;
  }
  if (!context.killer_consistent) return false;
  for (Step& step : context.killer_steps)
    if (step.technique == technique) out.push_back(std::move(step));
  tables.handed_out.set(index);
  return true;
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                            \
  template bool find_killer_steps<W>(const Layout<W>&, const Board<W>&, SearchContext&, Technique, \
                                     std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
