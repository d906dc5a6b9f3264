// SPDX-License-Identifier: Apache-2.0
// The technique grader's working state: per-geometry tables (Layout), the candidate board (Board)
// and the steps the technique finders report (Step). Private to lib/core.
//
// Contract: everything is templated on the number of 64-bit words of a CellSet, chosen per geometry
// (2 for up to 128 cells — 4x4, 6x6, 8x8, 9x9, 10x10 —, 4 for up to 256, 10 for up to 640), so the
// 9x9 hot path works on 128-bit sets while 25x25 still fits. Layouts are built once per geometry
// and shared read-only between threads. Finders never change the board: they append every
// instance they find to a step list, and the solver decides which to apply. Finders may keep
// per-board tables in the SearchContext, keyed by its board_version, which the solver bumps after
// every change. Digits are 0-based here; the public API speaks 1-based values:
//
//   CandidateMask   bit 31 .. bit size  | bit size-1 ... bit 2  bit 1  bit 0
//                   always 0            | digit size-1   2      1      0     (value = digit + 1)
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cellset.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique.hpp"

namespace sudoku::technique {

// The CellSet widths (in 64-bit words) the wing is built for; grade_techniques picks one per geometry
// (technique/grader.cpp). Each file instantiates its templates for all of them:
//   #define SUDOKU_TECHNIQUE_INSTANTIATE(W) template void find_bug<W>(/* ... */);
//   SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#define SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(X) X(2) X(4) X(10)

// Largest board side whose cells fit in 64 * Words bits.
constexpr int max_side(int words) {
  int side = 1;
  while ((side + 1) * (side + 1) <= 64 * words) ++side;
  return side;
}

enum class UnitKind : std::uint8_t { row, column, box, other };

// The bit of a 0-based digit in a candidate mask.
constexpr CandidateMask bit_of(int digit) {
  return CandidateMask{1} << digit;
}

template <int W>
struct Intersection {
  int base = 0;           // the unit whose candidates are confined to the overlap
  int cover = 0;          // the unit that loses them outside the overlap
  CellSet<W> overlap;     // base ∩ cover
  CellSet<W> cover_rest;  // cover \ base: where the eliminations happen
  CellSet<W> base_rest;   // base \ cover: where the digit must be absent
  // The same as unions of blocks (Layout::block_cells) and leftover cells, to gather the digits each
  // part holds: a few block masks, each gathered once per board from the candidate masks (in the
  // standard shapes the overlap is one block and each rest two: a box's other two line segments,
  // or a line's other two box segments).
  int overlap_block = 0;
  std::vector<int> cover_rest_blocks;
  std::vector<int> cover_rest_cells;
  std::vector<int> base_rest_blocks;
  std::vector<int> base_rest_cells;
};

// Rows and columns that a fish or a unique rectangle is taken in: each a partition of the
// family's cells, every row meeting every column in exactly one cell, every line a house. A single
// board has one family, its rows and columns. A gattai board has one per 9x9 grid, the grid's rows
// and columns, and none across the board: a board row is no house (it runs through two or three
// grids), and a cell of a shared box lies on two grids' rows, so rows of different grids are not
// disjoint. Within one grid a fish's base lines are disjoint houses and its cover lines houses,
// which is all its logic needs; what it removes from a cover line reaches the other grids through
// the shared boxes' cells.
//
//   samurai: grid 1's family     grid 3's family       a cell of the shared box (x) is in both,
//     111                                              on row 7 of grid 1 and row 1 of grid 3
//     11x33                          x33
//       333                          333
struct LineFamily {
  std::vector<int> rows;             // units, top to bottom
  std::vector<int> columns;          // units, left to right
  std::vector<int> row_position;     // per board cell: index in `rows`, -1 outside the family
  std::vector<int> column_position;  // per board cell: index in `columns`, -1 outside
  std::vector<int> crossing;         // [row * columns + column]: the cell where they meet
  // Rows list their cells column by column and columns row by row (true for the standard shapes
  // and a gattai board's grids): a unit member's index is then its crossing line's index.
  bool lines_in_order = false;
};

template <int W>
struct Layout {
  const Geometry* geometry = nullptr;
  // Keeps a per-layout geometry (jigsaw, Killer) alive as long as its cached layout.
  std::shared_ptr<const Geometry> owner;
  int size = 0;
  int cell_count = 0;
  CandidateMask all_values = 0;
  std::vector<CellSet<W>> unit_cells;
  std::vector<std::vector<int>> unit_members;  // cells of each unit, in the geometry's order
  std::vector<UnitKind> unit_kind;
  std::vector<int> unit_number;      // 1-based within its kind
  std::vector<CellSet<W>> peers;     // per cell, without the cell
  std::vector<int> cell_unit_index;  // the units of cell c: [cell_unit_start[c], cell_unit_start[c + 1])
  std::vector<int> cell_unit_start;  // cell_count + 1 entries; cells on a diagonal have 4 units, ...
  // The same units in Sudoku Explainer's region order — box, row, column, then the other units,
  // each kind in the geometry's order — which SE's chaining follows (se_chaining.cpp).
  std::vector<int> se_cell_unit_index;
  // Unit pairs sharing two or more cells, both ways round: pointing (box base) and claiming.
  std::vector<Intersection<W>> intersections;
  // The distinct overlaps of the intersections, as cell lists: block b is
  // block_cells[block_start[b] .. block_start[b + 1]).
  std::vector<int> block_cells;
  std::vector<int> block_start;
  std::vector<int> block_unit;  // a unit holding the block (its first intersection's base)
  // Fish families: rows and columns, each a partition of the board whose units meet every unit of
  // the other family in exactly one cell.
  std::vector<int> rows;
  std::vector<int> columns;
  std::vector<int> row_position;     // per cell: index in `rows`
  std::vector<int> column_position;  // per cell: index in `columns`
  std::vector<int> crossing;         // [row * columns + column]: the cell where they meet
  // Rows list their cells column by column and columns row by row (true for the standard shapes):
  // a unit member's index is then its crossing line's index.
  bool lines_in_order = false;
  // The families fish and unique rectangles are taken in (LineFamily): the one above (rows,
  // columns, ...) on a single board, each grid's on a gattai board (where the above are empty).
  std::vector<LineFamily> families;
  // Every unit lists its cells in increasing order (true for the standard shapes): a walk over a
  // unit's cells in a CellSet then meets them in the unit's own order.
  bool members_ascending = false;

  std::span<const int> units_of(int cell) const {
    const auto begin = static_cast<std::size_t>(cell_unit_start[static_cast<std::size_t>(cell)]);
    const auto end = static_cast<std::size_t>(cell_unit_start[static_cast<std::size_t>(cell) + 1]);
    return {cell_unit_index.data() + begin, end - begin};
  }
  std::span<const int> se_units_of(int cell) const {
    const auto begin = static_cast<std::size_t>(cell_unit_start[static_cast<std::size_t>(cell)]);
    const auto end = static_cast<std::size_t>(cell_unit_start[static_cast<std::size_t>(cell) + 1]);
    return {se_cell_unit_index.data() + begin, end - begin};
  }
  // "row 4", "column 7", "box 6", "unit 28".
  std::string unit_name(int unit) const;
  std::string cell_text(int cell) const;  // "r4c7"
};

// The shared layout of a geometry (built on first use). Shared singletons (standard and fixed
// variants) are cached by address for the life of the process; per-layout boards (jigsaw, Killer)
// by their rules in a small recent list, each layout owning its geometry.
template <int W>
std::shared_ptr<const Layout<W>> layout_for(const std::shared_ptr<const Geometry>& geometry);

template <int W>
struct Board {
  static constexpr int kCells = 64 * W;
  static constexpr int kDigits = max_side(W);

  std::array<CandidateMask, kCells> candidates{};  // 0 for solved cells
  std::array<std::uint8_t, kCells> values{};       // 0 open, else value (1-based)
  std::array<CellSet<W>, kDigits> digit_cells{};   // open cells where digit d is a candidate
  std::array<CellSet<W>, kDigits> placed_cells{};  // cells holding digit d
  CellSet<W> open;

  bool has(int cell, int digit) const { return (candidates[static_cast<std::size_t>(cell)] >> digit) & 1U; }
  CandidateMask mask(int cell) const { return candidates[static_cast<std::size_t>(cell)]; }
  CellSet<W>& cells_of(int digit) { return digit_cells[static_cast<std::size_t>(digit)]; }
  const CellSet<W>& cells_of(int digit) const { return digit_cells[static_cast<std::size_t>(digit)]; }
  const CellSet<W>& placed_of(int digit) const { return placed_cells[static_cast<std::size_t>(digit)]; }

  void eliminate(int cell, int digit) {
    candidates[static_cast<std::size_t>(cell)] &= ~bit_of(digit);
    cells_of(digit).reset(cell);
  }
  // Sets the value and removes it from the peers' candidates.
  void place(const Layout<W>& layout, int cell, int digit) {
    place(layout, cell, digit, [](int, int) {});
  }
  // The same, calling removed(cell, digit) for every candidate it takes away: the peers' (in
  // cell order), then the cell's other digits (in digit order).
  template <class Removed>
  void place(const Layout<W>& layout, int cell, int digit, Removed&& removed) {
    const CellSet<W> hit = layout.peers[static_cast<std::size_t>(cell)] & cells_of(digit);
    const CandidateMask clear = ~bit_of(digit);
    hit.for_each([&](int peer) {
      candidates[static_cast<std::size_t>(peer)] &= clear;
      removed(peer, digit);
    });
    cells_of(digit) -= hit;
    cells_of(digit).reset(cell);
    for (CandidateMask others = candidates[static_cast<std::size_t>(cell)] & clear; others != 0;
         others &= others - 1) {
      cells_of(std::countr_zero(others)).reset(cell);
      removed(cell, std::countr_zero(others));
    }
    candidates[static_cast<std::size_t>(cell)] = 0;
    values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit + 1);
    placed_cells[static_cast<std::size_t>(digit)].set(cell);
    open.reset(cell);
  }
};

// Fills a board from a grid. Returns false when a given contradicts another.
template <int W>
bool load_board(const Layout<W>& layout, const Grid& grid, Board<W>& board);

struct Deduction {
  int cell = 0;
  int digit = 0;  // 0-based
  friend bool operator==(const Deduction&, const Deduction&) = default;
};

struct Step {
  Technique technique = Technique::full_house;
  double score = 0.0;
  std::vector<Deduction> placements;
  std::vector<Deduction> eliminations;
  std::string detail;      // only when explaining
  StepEvidence evidence;   // only when explaining (1-based values, as the public step)
};

// Evidence helpers, for the finders' explain branches: a 0-based digit's candidate, a cell's
// candidates within `mask`, a set's cells.
inline void add_candidate(StepEvidence& evidence, int cell, int digit) {
  evidence.candidates.push_back({cell, digit + 1});
}
inline void add_candidates(StepEvidence& evidence, int cell, CandidateMask mask) {
  for (; mask != 0; mask &= mask - 1) add_candidate(evidence, cell, std::countr_zero(mask));
}
template <int W>
void add_cells(StepEvidence& evidence, const CellSet<W>& cells) {
  cells.for_each([&](int cell) { evidence.cells.push_back(cell); });
}

// After the branches of a chain's evidence are in place: every node's cells (assumptions first)
// and candidates, once each, as the evidence's cells and candidates (what a picture highlights).
inline void add_branch_cells(StepEvidence& evidence) {
  const auto add = [&](const EvidenceNode& node) {
    for (int cell : node.cells) {
      if (std::find(evidence.cells.begin(), evidence.cells.end(), cell) == evidence.cells.end())
        evidence.cells.push_back(cell);
      const CellValue candidate{cell, node.value};
      if (std::find(evidence.candidates.begin(), evidence.candidates.end(), candidate) == evidence.candidates.end())
        evidence.candidates.push_back(candidate);
    }
  };
  for (const EvidenceBranch& branch : evidence.branches)
    if (!branch.nodes.empty()) add(branch.nodes.front());
  for (const EvidenceBranch& branch : evidence.branches)
    for (const EvidenceNode& node : branch.nodes) add(node);
}

// A step with no deductions yet; finders add them.
inline Step make_step(Technique technique, double score) {
  Step step;
  step.technique = technique;
  step.score = score;
  return step;
}

// A single-digit chain found by find_strong_link_chains: the candidate it eliminates, its strong
// link count and the kinds of units its strong links lie in:
//
//   kinds    bit 2         bit 1    bit 0
//            box or other  column   row
//   (two links: a box bit makes a turbot fish, rows and columns both (0b011) a two-string kite,
//   otherwise a skyscraper; longer chains add a tenth for a box bit and a tenth for rows and
//   columns both; see strong_link_score)
struct StrongLinkChain {
  int cell = 0;
  int digit = 0;
  int links = 0;
  unsigned kinds = 0;
  double score = 0.0;
};

// What a finder may read besides the board, and what searches may share while it is unchanged.
struct SearchContext {
  bool explain = false;
  bool branch_evidence = false;  // explain and TechniqueOptions::branch_evidence
  // The plain reference search: finders that have shortcuts (memos across boards, bounds that
  // skip work offer would refuse, branches left unfollowed) run without them. Same results,
  // slower; the differential tests compare the two (se_chaining.cpp so far).
  bool plain = false;
  bool uniqueness = true;
  // The invariant order (ChainOrder::invariant): where SE takes the first of several loops of one
  // length, take them all (chains.cpp's cycles), so the step does not depend on cell numbering.
  bool every_shortest_loop = false;
  // Steps scoring at most this leave the grade unchanged: finders report all of them, not only
  // the easiest (the solver applies them together; see grader.cpp).
  double good_enough = 0.0;
  // Steps scoring above this may be left out: the solver's chain-family shortcut only takes steps
  // within the grade already reached, and a finder that knows it can stop following chains once
  // they are too long for that (forcing_chains.cpp). Finders are free to ignore it; anything they
  // report within it must be exactly what they would report without it.
  double score_cap = std::numeric_limits<double>::infinity();
  std::uint64_t work = 0;
  // Bumped by the solver whenever the board changes; keys the caches below.
  std::uint64_t board_version = 0;
  // The strong-link stages (2 and 3 links) share one search per board, of plain chains of up to
  // strong_links_depth links, and when needed of grouped ones, as steps, of up to
  // grouped_strong_links_depth links (0: not searched on this board).
  std::uint64_t strong_links_version = ~std::uint64_t{0};
  int strong_links_depth = 0;
  std::vector<StrongLinkChain> strong_links;
  int grouped_strong_links_depth = 0;
  // The plain search's chains per digit, kept across boards on the same grounds as the grouped
  // ones below (strong_link_chains.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> strong_links_by_digit;
  // The grouped search's steps per digit, kept across boards: a digit's grouped chains depend only
  // on the layout and that digit's places, so a digit whose places did not change since its last
  // search is not searched again, and the stages read the steps from there (strong_link_chains.cpp).
  // Type-erased like chain_tables.
  std::shared_ptr<void> grouped_strong_links_by_digit;
  // Where each digit can go in each unit (bit i: the unit's member i), per board: the subset and
  // fish stages read it.
  std::uint64_t positions_version = ~std::uint64_t{0};
  std::vector<std::uint32_t> positions;  // [unit * size + digit]
  // From the same board, for the hidden subset stages: each unit's open cells, and the digits
  // with each number of places in it ([unit * (size + 1) + places]).
  std::vector<int> unit_open_cells;
  std::vector<CandidateMask> digits_by_places;
  std::vector<std::uint32_t> positions_stamp;  // per unit: its unit_changes + 1 when last made
  // Per intersection (Layout::intersections), the digits locked in its overlap within the base with
  // places to lose in the rest of the cover: the direct and plain intersection stages share them.
  // Each is kept across boards while its two units' candidates do not change (locked_stamp: the
  // units' unit_changes summed, plus one; block_stamp likewise for the block digits it is made of).
  std::uint64_t locked_version = ~std::uint64_t{0};
  std::vector<CandidateMask> locked;
  std::vector<std::uint32_t> locked_stamp;
  std::vector<CandidateMask> block_digits;  // per Layout block
  std::vector<std::uint32_t> block_stamp;
  // Units whose candidates did not change since a subset stage last found nothing in them are
  // not searched again by that stage, nor digits whose places did not change by a fish stage:
  // unit_changes and digit_changes count, per unit and per digit, the boards on which one of its
  // candidates changed (against unit_changes_board, the board last counted at
  // unit_changes_version), and barren_units and barren_digits hold, per stage slot and unit or
  // digit, that count plus one when the stage last found it barren (0: not known). See basic.cpp.
  std::uint64_t unit_changes_version = ~std::uint64_t{0};
  std::vector<CandidateMask> unit_changes_board;
  std::vector<std::uint32_t> unit_changes;
  std::vector<std::uint32_t> digit_changes;
  std::vector<std::uint32_t> barren_units;
  std::vector<std::uint32_t> barren_digits;
  // The chain stages share the tables of the static implication graph (links, candidate numbers,
  // reachability; chain_tables.hpp) per board. Type-erased to keep them out of this header.
  std::uint64_t chain_tables_version = ~std::uint64_t{0};
  std::shared_ptr<void> chain_tables;
  // X-cycles (find_chains): per digit, whether its last full search found none, and on which
  // places (chains.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> x_cycle_memo;
  // Killer boards: every cage and 45-rule deduction of the board, found once per board
  // (killer.cpp) and handed out technique by technique to the Killer stages of the ladder.
  std::uint64_t killer_version = ~std::uint64_t{0};
  bool killer_consistent = true;
  // The board's 45-rule and unit-in-cage deductions are not in killer_steps yet: they are found
  // only when a rung above cage combinations asks (most boards of a path end below them).
  bool killer_cages_only = false;
  // The board's 45-rule deductions over 2-3 adjacent units (2.7 and up) are not in killer_steps
  // yet: found only when a rung from there asks (a medium path seldom climbs that high).
  bool killer_unions_left = false;
  std::vector<Step> killer_steps;
  // The 45 rule's regions of the layout with the cages inside and sticking out, and reused
  // relation scratch, made on the grading's first Killer board (killer.cpp). Type-erased like
  // chain_tables.
  std::shared_ptr<void> killer_tables;
  // ALS wings: each unit's almost locked sets, kept while the unit's candidates do not change
  // (basic.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> als_sets;
  // Unique loops: each digit pair's loops and what they were read from, kept while those cells do
  // not change (uniqueness.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> unique_loop_memo;
  // Aligned pair exclusion: the last searched board, and whether the search found nothing there
  // (aligned_exclusion.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> pair_memo;
  // Aligned triplet exclusion: the triplets the last search looked at in full and found nothing
  // in, with the board it ran on (aligned_exclusion.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> triplet_memo;
  // SE-order Nishio: per digit, its places when its single-digit branches last met no
  // contradiction at all (se_chaining.cpp). Type-erased like chain_tables.
  std::shared_ptr<void> nishio_memo;
};

// A finder's state of type T in one of the context's type-erased slots above, default-made on
// first use (a context grades one puzzle of one layout, so a slot always holds the same T).
//
//   auto& memo = kept<TripletMemo>(context.triplet_memo);
template <class T>
T& kept(std::shared_ptr<void>& slot) {
  if (!slot) slot = std::make_shared<T>();
  return *static_cast<T*>(slot.get());
}

// SE's chain length bonus: +0.1 each time the chain outgrows the next ceiling of 4, 6, 8, 12, 16,
// 24, 32, ... (alternately x3/2 and x4/3), so long chains cost logarithmically more.
constexpr double length_bonus_sum(int nodes) {
  double bonus = 0.0;
  int ceiling = 4;
  bool grow_by_half = true;
  for (int length = nodes - 2; length > ceiling; grow_by_half = !grow_by_half) {
    bonus += 0.1;
    ceiling = grow_by_half ? ceiling * 3 / 2 : ceiling * 4 / 3;
  }
  return bonus;
}
// The chain searches ask millions of times per corpus: the usual lengths come from a table made at
// compile time by the same summation (IEEE sums, so the same doubles bit for bit).
inline constexpr auto kLengthBonus = [] {
  std::array<double, 256> values{};
  for (std::size_t n = 0; n < values.size(); ++n) values[n] = length_bonus_sum(static_cast<int>(n));
  return values;
}();
inline double length_bonus(int nodes) {
  if (nodes >= 0 && static_cast<std::size_t>(nodes) < kLengthBonus.size())
    return kLengthBonus[static_cast<std::size_t>(nodes)];
  return length_bonus_sum(nodes);
}

// Text helpers for explanations.
std::string digit_text(int digit);            // "5" (1-based symbol)
std::string digits_text(CandidateMask mask);  // "2,3"
template <int W>
std::string cells_text(const Layout<W>& layout, const CellSet<W>& cells);  // "r1c2,r1c5"

// ---- finders (basic.cpp, uniqueness.cpp, aligned_exclusion.cpp, strong_link_chains.cpp, chains.cpp,
// forcing_chains.cpp) ----
// Each appends every instance it finds; a finder for several techniques reports each with its
// own score and the solver keeps the easiest.

// Full house, hidden singles (box, line). Returns false on a contradiction (an open cell without
// candidates, or a digit with no place left in a unit).
template <int W>
bool find_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                  std::vector<Step>& out);
// The same singles, in the same order, as bare placements: the grader's path when it is not
// explaining (a Step's lists cost an allocation each, and singles are most of the steps made).
struct Single {
  Technique technique = Technique::full_house;
  double score = 0.0;
  Deduction placement;
};
template <int W>
bool find_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                  std::vector<Single>& out);
template <int W>
void find_naked_singles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                        std::vector<Step>& out);
// Pointing and claiming; `direct` keeps only those leaving a hidden single (placing it).
template <int W>
void find_intersections(const Layout<W>& layout, const Board<W>& board, SearchContext& context, bool direct,
                        std::vector<Step>& out);
template <int W>
void find_naked_subsets(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                        std::vector<Step>& out);
// Hidden pairs/triples/quads; `direct` keeps only those leaving a hidden single (placing it).
template <int W>
void find_hidden_subsets(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                         bool direct, std::vector<Step>& out);
template <int W>
void find_fish(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
               std::vector<Step>& out);
template <int W>
void find_xy_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                   std::vector<Step>& out);
template <int W>
void find_xyz_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                    std::vector<Step>& out);
// WXYZ-wings (size 3) and VWXYZ-wings (size 4): an almost locked set of `size` cells and a
// bivalue cell linked by a restricted common digit (Sukaku Explainer's definition).
template <int W>
void find_als_wings(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int size,
                    std::vector<Step>& out);
template <int W>
void find_unique_rectangles(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                            std::vector<Step>& out);
template <int W>
void find_bug(const Layout<W>& layout, const Board<W>& board, SearchContext& context, std::vector<Step>& out);
// SE's aligned pair (6.2) and triplet (7.5) exclusion (aligned_exclusion.cpp).
template <int W>
void find_aligned_pair_exclusion(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                 std::vector<Step>& out);
template <int W>
void find_aligned_triplet_exclusion(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                                    std::vector<Step>& out);
// Single-digit chains of exactly `min_links`..`max_links` strong links whose two ends see the
// eliminated candidate (Sukaku Explainer's skyscraper / kite / turbot fish and their longer
// kin), scored by link count and by the kinds of units the strong links lie in.
template <int W>
void find_strong_link_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                             int min_links, int max_links, std::vector<Step>& out);
// X-chains, Y-chains and mixed alternating inference chains (static links), easiest kept.
template <int W>
void find_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                 std::vector<Step>& out);
template <int W>
void find_nishio(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                 std::vector<Step>& out);
// How far a forcing chain's branches follow an assumption; each level is a rung of the ladder.
enum class ForcingLevel : std::uint8_t {
  static_links,  // multiple forcing chain (8.0+): the position's own links, the board unchanged
  dynamic,       // dynamic forcing chain (8.5+): singles applied along the way
  dynamic_plus,  // dynamic forcing chain (+) (9.0+): intersections and naked pairs as well
  nested,        // nested forcing chain (9.5+): and when those run dry, static forcing chains and
                 //   cycles (find_chains) on the branch's board (SE's level 2)
};
// Killer deductions of one technique (cage completion, cage combinations, cage locked values,
// innies and outies over one unit or 2-3 adjacent ones, cage splitting, virtual cages); nothing on
// boards without cages. Returns false when a cage or a 45-rule sum cannot be met.
template <int W>
bool find_killer_steps(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                       Technique technique, std::vector<Step>& out);
// Which derivation of a fact a dynamic branch rests on when one layer derives it several ways (a
// candidate removed by two placements, a hidden single in two units, two contradictions):
//   first_met:    the first in cell and unit order, which depends on cell numbering and digit
//                 labels; SE order's dynamic (+) and nested rungs keep it (their path was measured so).
//   fewest_nodes: the one with the fewest nodes, the union of those tied: order-free, the
//                 invariant order's (forcing_chains.cpp, Branch).
enum class Derivation : std::uint8_t { first_met, fewest_nodes };
// Contradiction, double, cell and region forcing chains at the given level.
template <int W>
void find_forcing_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                         ForcingLevel level, Derivation derivation, std::vector<Step>& out);
// Explaining (forcing_evidence.cpp): the branches of a find_forcing_chains conclusion followed
// again, traced — one per assumption (nodes as chain_tables.hpp numbers them), each ending in the
// node `fact` or, when `fact` is negative, in the facts its contradiction clashes on. Its own
// translation unit: beside the search, the traced branch code cost the search its inlining.
template <int W>
StepEvidence forcing_evidence(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                              ForcingLevel level, Derivation derivation, std::span<const int> assumptions,
                              int fact);

// Whether assuming `digit` at `cell` on (placed) or off (removed) and following that digit alone —
// peers of a placement lose it, a unit left with one place gets it, layer by layer — ends in a
// contradiction: two placements seeing each other, or a unit left without a place. On sets only and
// without allocating: most single-digit assumptions lead nowhere, and this tells the Nishio searches
// (chains.cpp, se_chaining.cpp) which are worth following with the implication graph.
template <int W>
bool single_digit_contradicts(const Layout<W>& layout, const Board<W>& board, int cell, int digit, bool on) {
  CellSet<W> places = board.cells_of(digit);
  CellSet<W> placed = board.placed_of(digit);
  CellSet<W> layer;
  if (on)
    layer.set(cell);
  else
    places.reset(cell);
  while (true) {
    bool clash = false;
    CellSet<W> seen_by_layer;
    layer.for_each([&](int at) {
      clash = clash || layout.peers[static_cast<std::size_t>(at)].intersects(layer);
      seen_by_layer |= layout.peers[static_cast<std::size_t>(at)];
    });
    if (clash) return true;
    placed |= layer;
    places -= layer;
    places -= seen_by_layer;
    layer = CellSet<W>{};
    for (const CellSet<W>& unit : layout.unit_cells) {
      if (placed.intersects(unit)) continue;
      const CellSet<W> left = places & unit;
      if (left.none()) return true;
      if (left.single()) layer |= left;
    }
    if (layer.none()) return false;
  }
}

}  // namespace sudoku::technique
