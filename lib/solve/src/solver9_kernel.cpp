// SPDX-License-Identifier: Apache-2.0
// The 9x9 kernel keeps candidates digit-major: for every digit, the cells where it can still go, as
// three 27-bit band words (a band is three rows; bit 9*row_in_band + column). Working a band of one
// digit at a time lets table lookups do what cell-by-cell code does with loops: the digit has to
// sit once in each row and once in each box of the band, which is a perfect matching between the
// band's three rows and three boxes; cells outside every such matching go. A stack (three columns)
// is the same problem turned sideways: the digit sits once in each of its columns and once in
// each of its boxes, one box per band. Bands and stacks together give locked candidates both ways
// and hidden singles in rows, columns and boxes; a row left with one unsolved cell is a placement.
//
// A band word: bit 9 * row_in_band + column, for the 27 cells of band b = rows 3b..3b+2:
//
//               box 0        box 1        box 2
//            c0  c1  c2 | c3  c4  c5 | c6  c7  c8
//          +------------+------------+------------+
//   row 0  |  0   1   2 |  3   4   5 |  6   7   8 |   bits  0..8   (kRowMask << 0)
//   row 1  |  9  10  11 | 12  13  14 | 15  16  17 |   bits  9..17  (kRowMask << 9)
//   row 2  | 18  19  20 | 21  22  23 | 24  25  26 |   bits 18..26  (kRowMask << 18)
//          +------------+------------+------------+
//   bits 27..31 are always 0 (kBandMask). kColumnInBand (bits 0, 9, 18) shifted left by c is
//   column c; 7 * kColumnInBand shifted left by 3 * box is a box. One row shifted down
//   to bits 0..8 indexes row_boxes and single_cell.
//
// A digit's columns word is stack-major: bit 9 * stack + 3 * band + (column - 3 * stack) is set
// when the band's word has a candidate in that column. Nine bits per stack, so stack s's
// band-by-column occupancy is (columns >> 9s) & kRowMask, already a matching-table index, and
// matched_columns gives the pairs to keep in the same nine bits:
//
//               stack 0      stack 1      stack 2
//            c0  c1  c2 | c3  c4  c5 | c6  c7  c8
//   band 0 |  0   1   2 |  9  10  11 | 18  19  20 |   kStackBand << 0
//   band 1 |  3   4   5 | 12  13  14 | 21  22  23 |   kStackBand << 3
//   band 2 |  6   7   8 | 15  16  17 | 24  25  26 |   kStackBand << 6
//
// One band's nine column bits (bit c) go in through spread_columns[512] and come out with
// gather_columns (bits 0-2, 9-11, 18-20 shifted down to 0-8).
//
// The board: candidates[3 * digit + band], 9 digits x 3 bands = 27 words, digit-major:
//
//   index   0    1    2  |  3    4    5  | ... | 24   25   26
//         +--------------+---------------+-----+--------------+
//         | digit 1:     | digit 2:      |     | digit 9:     |
//         | band0 1   2  | band0  1   2  |     | band0  1   2 |
//         +--------------+---------------+-----+--------------+
//
// Per band, unsolved_cells[band] uses the band-word layout (cells not yet placed). settled and
// settled_columns remember each word and each digit's columns word as last worked, so that only
// what changed since is worked again.
//
// The matching tables take a 3x3 occupancy of one digit as a 9-bit index, bit 3 * line + box
// (a band: its rows and boxes, row_boxes giving the three box bits of one row; a stack: its bands
// and columns, nine bits of the columns word):
//
//            box 0  box 1  box 2
//   line 0     0      1      2
//   line 1     3      4      5
//   line 2     6      7      8
#include "solver9_kernel.hpp"

#include <array>
#include <bit>
#include <cstdint>

#include "sudoku/base/budget.hpp"

namespace sudoku::detail {
namespace {

constexpr std::uint32_t kBandMask = 0x7FFFFFF;  // 27 cells
constexpr std::uint32_t kRowMask = 0x1FF;
constexpr std::uint32_t kColumnInBand = 0x40201;  // one column, three rows
constexpr std::uint32_t kStackBand = 0x1C0E07;    // band 0 of the columns word (3 bits a stack)

struct Tables {
  // For the nine cells of a row, which of its three mini-rows (one per box) still hold candidates.
  std::array<std::uint8_t, 512> row_boxes{};
  // Indexed by a band's 3x3 row-by-box occupancy (bit 3*row + box): the union of the mini-rows
  // that take part in at least one perfect matching of rows to boxes; 0 when none exists.
  std::array<std::uint32_t, 512> matched_cells{};
  // The same matching for a stack, whose occupancy is indexed the same way with bands for rows and
  // the stack's columns for boxes: the (band, column) pairs in at least one perfect matching, in
  // the index's layout (bit 3 * band + column in the stack), 0 when none exists.
  std::array<std::uint16_t, 512> matched_columns{};
  // A band's columns (bit c) placed as band 0 of the columns word (bit 9 * (c / 3) + c % 3).
  std::array<std::uint32_t, 512> spread_columns{};
  // A row's nine cells when exactly one of them is set, else 0.
  std::array<std::uint16_t, 512> single_cell{};
  // For a cell of a band: the band with that cell's row, box and column cleared except the cell.
  std::array<std::uint32_t, 27> keep_when_placed{};
};

constexpr Tables make_tables() {
  Tables tables;
  for (std::uint32_t row = 0; row < 512; ++row) {
    std::uint32_t boxes = 0;
    for (std::uint32_t box = 0; box < 3; ++box)
      if ((row >> (3 * box)) & 7u) boxes |= 1u << box;
    tables.row_boxes[row] = static_cast<std::uint8_t>(boxes);
    tables.single_cell[row] = static_cast<std::uint16_t>(std::has_single_bit(row) ? row : 0);
  }
  constexpr int kPermutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (std::uint32_t shape = 0; shape < 512; ++shape) {
    std::uint32_t cells = 0;
    std::uint32_t kept_columns = 0;
    for (const auto& box_of_row : kPermutations) {
      bool possible = true;
      std::uint32_t mini_rows = 0;
      std::uint32_t columns = 0;
      for (int row = 0; row < 3; ++row) {
        possible = possible && ((shape >> (3 * row + box_of_row[row])) & 1u);
        mini_rows |= 7u << (9 * row + 3 * box_of_row[row]);
        columns |= 1u << (3 * row + box_of_row[row]);
      }
      if (possible) {
        cells |= mini_rows;
        kept_columns |= columns;
      }
    }
    tables.matched_cells[shape] = cells;
    tables.matched_columns[shape] = static_cast<std::uint16_t>(kept_columns);
    std::uint32_t spread = 0;
    for (std::uint32_t column = 0; column < 9; ++column)
      if ((shape >> column) & 1u) spread |= 1u << (9 * (column / 3) + column % 3);
    tables.spread_columns[shape] = spread;
  }
  for (std::uint32_t cell = 0; cell < 27; ++cell) {
    const std::uint32_t row = cell / 9;
    const std::uint32_t column = cell % 9;
    const std::uint32_t box = column / 3;
    const std::uint32_t peers =
        (kRowMask << (9 * row)) | ((7u << (3 * box)) * kColumnInBand) | (kColumnInBand << column);
    tables.keep_when_placed[cell] = (kBandMask & ~peers) | (1u << cell);
  }
  return tables;
}

constexpr Tables kTables = make_tables();

// The column (0-8) of each cell of a band word.
constexpr int kColumnOf[27] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4,
                               5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8};

// The other two bands of a band, for column eliminations.
constexpr int kNextBand[3] = {1, 2, 0};
constexpr int kLastBand[3] = {2, 0, 1};

// A variant's extra units (X's diagonals, Windoku's windows, ...), each a 9-cell unit as three band
// words in the band-word layout: unit[u][band]. The classic board has none.
constexpr int kMaxExtraUnits = 8;
struct ExtraUnits {
  int count = 0;
  std::array<std::array<std::uint32_t, 3>, kMaxExtraUnits> unit{};
};

struct Board {
  std::array<std::uint32_t, 27> candidates;  // [3 * digit + band]
  // The value of each word when last worked; a word equal to it needs no work.
  std::array<std::uint32_t, 27> settled;
  // Per digit, the columns word (stack-major, see above) of its settled words; stack matching of
  // the same columns removes nothing.
  std::array<std::uint32_t, 9> settled_columns;
  std::array<std::uint32_t, 3> unsolved_cells;
};

// kExtraUnits: the board has the extra units of `extra` (the variant kernel); false compiles the
// classic kernel, whose code is unchanged by the variant's rules (they sit behind `if constexpr`).
template <bool kExtraUnits>
class Solver {
 public:
  Solver(int limit, std::uint8_t* first_solution, const ExtraUnits* extra = nullptr)
      : limit_(limit), first_solution_(first_solution), extra_(extra) {}

  // False when the givens conflict.
  // Inlined by force, as they were before the kernel became a template: with two instantiations
  // GCC no longer inlines these single-caller functions on its own (callgrind: +0.5 % instructions
  // on the classic count).
  [[gnu::always_inline]] inline bool place_givens(Board& board, const std::uint8_t* cells) const;
  void search(Board& board);
  int count() const { return count_; }
  std::uint64_t guesses() const { return guesses_; }

 private:
  bool propagate(Board& board) const;
  // Places every cell that has a single digit left. Returns the number placed, or -1 when some
  // cell has no digit left.
  [[gnu::always_inline]] inline int place_naked_singles(Board& board) const;
  // The extra units for one digit's three band words: a unit without the digit is a contradiction
  // (band[0] becomes 0), a unit with one cell left places it, a unit holding a placed digit loses
  // it elsewhere. Returns the bands it changed (bit b); 0 after a contradiction, so that propagate
  // stops matching and finds the empty band.
  unsigned apply_extra_units(std::uint32_t* band) const;
  void branch(Board& board);
  void record_solution(const Board& board);

  int limit_;
  std::uint8_t* first_solution_;
  const ExtraUnits* extra_;
  int count_ = 0;
  std::uint64_t guesses_ = 0;  // boards copied to try one value (SearchStats)
};

template <bool kExtraUnits>
inline bool Solver<kExtraUnits>::place_givens(Board& board, const std::uint8_t* cells) const {
  board.candidates.fill(kBandMask);
  board.settled.fill(~std::uint32_t{0});  // never equal to a band word: every word gets worked
  // Every column of every band: a full occupancy is a fixed point of stack matching.
  board.settled_columns.fill(kBandMask);
  board.unsolved_cells.fill(kBandMask);
  for (int band = 0; band < 3; ++band) {
    for (int cell = 0; cell < 27; ++cell) {
      const int value = cells[27 * band + cell];
      if (value == 0) continue;
      if (value > 9) return false;
      const int digit = value - 1;
      const std::uint32_t bit = 1u << cell;
      std::uint32_t& own = board.candidates[static_cast<std::size_t>(3 * digit + band)];
      // Only an earlier given of the same digit in the same row, column or box can remove it.
      if ((own & bit) == 0) return false;
      own &= kTables.keep_when_placed[static_cast<std::size_t>(cell)];
      const std::uint32_t column = ~(kColumnInBand << (cell % 9));
      board.candidates[static_cast<std::size_t>(3 * digit + kNextBand[band])] &= column;
      board.candidates[static_cast<std::size_t>(3 * digit + kLastBand[band])] &= column;
      for (int other = 0; other < 9; ++other)
        if (other != digit) board.candidates[static_cast<std::size_t>(3 * other + band)] &= ~bit;
    }
  }
  return true;
}

// The 3x3 row-by-box occupancy of one band word (bit 3 * row + box).
std::uint32_t band_shape(std::uint32_t cells) {
  // Entries widen to uint32 before the shift (left alone they would promote to int).
  return std::uint32_t{kTables.row_boxes[cells & kRowMask]} |
         std::uint32_t{kTables.row_boxes[(cells >> 9) & kRowMask]} << 3 |
         std::uint32_t{kTables.row_boxes[cells >> 18]} << 6;
}

// Band b's columns (bit c) from a columns word.
std::uint32_t gather_columns(std::uint32_t columns, unsigned b) {
  const std::uint32_t x = (columns >> (3 * b)) & kStackBand;
  return (x | x >> 6 | x >> 12) & kRowMask;
}

// Set bits of x. The build targets baseline x86-64 (no -march), where std::popcount is a call
// into libgcc; the branch choice counts a few bits per pair cell, and these dozen inline
// instructions cost less than that call (measured with callgrind).
constexpr int count_bits(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<int>((x * 0x0101010101010101u) >> 56);
}

// The columns (bit c) where a band word has a candidate.
std::uint32_t band_columns(std::uint32_t cells) {
  return (cells | cells >> 9 | cells >> 18) & kRowMask;
}

template <bool kExtraUnits>
bool Solver<kExtraUnits>::propagate(Board& board) const {
  // Passes over the digits until none needs work: back at the digit worked last with nothing
  // worked since, all nine have been seen settled (no full pass just to confirm it).
  std::size_t last_worked = 9;
  for (;;) {
    for (std::size_t digit = 0; digit < 9; ++digit) {
      if (digit == last_worked) return true;
      std::uint32_t* const words = &board.candidates[3 * digit];
      std::uint32_t* const settled = &board.settled[3 * digit];
      if (words[0] == settled[0] && words[1] == settled[1] && words[2] == settled[2]) continue;
      last_worked = digit;
      // Bands, then stacks, until the digit's three words hold still. A stack is the same matching
      // problem turned sideways: its three columns against its three boxes, one per band, read
      // from the columns each band word still uses. Between them they give locked candidates both
      // ways and hidden singles in rows, columns and boxes. Matching is idempotent, so only the band
      // words that changed since they were last matched are matched again (a placement usually
      // changes one band of each digit).
      std::uint32_t band[3] = {words[0], words[1], words[2]};
      unsigned changed_bands = static_cast<unsigned>(band[0] != settled[0]) |
                               static_cast<unsigned>(band[1] != settled[1]) << 1 |
                               static_cast<unsigned>(band[2] != settled[2]) << 2;
      // The columns word as last stack-matched: a fixed point of stack matching.
      std::uint32_t matched = board.settled_columns[digit];
      std::uint32_t columns = matched;
      // With extra units, their rules run once bands and stacks hold still, and what they remove
      // goes back through the matching.
      for (;;) {
        for (;;) {
          for (unsigned b = 0; b < 3; ++b) {
            if ((changed_bands >> b & 1u) == 0) continue;
            band[b] &= kTables.matched_cells[band_shape(band[b])];
            // The columns each band uses, stack-major: a stack's 3x3 band-by-column occupancy is
            // then nine bits of it.
            columns = (columns & ~(kStackBand << (3 * b))) | kTables.spread_columns[band_columns(band[b])]
                                                                 << (3 * b);
          }
          const std::uint32_t moved = columns ^ matched;
          if (moved == 0) break;
          const std::uint32_t keep =
              static_cast<std::uint32_t>(kTables.matched_columns[columns & kRowMask] |
                                         kTables.matched_columns[(columns >> 9) & kRowMask] << 9 |
                                         kTables.matched_columns[columns >> 18] << 18);
          matched = keep;
          const std::uint32_t lost = columns ^ keep;
          if (lost == 0) break;
          changed_bands = static_cast<unsigned>((lost & kStackBand) != 0) |
                          static_cast<unsigned>((lost & kStackBand << 3) != 0) << 1 |
                          static_cast<unsigned>((lost & kStackBand << 6) != 0) << 2;
          band[0] &= gather_columns(keep, 0) * kColumnInBand;
          band[1] &= gather_columns(keep, 1) * kColumnInBand;
          band[2] &= gather_columns(keep, 2) * kColumnInBand;
          columns = keep;
        }
        if constexpr (kExtraUnits) {
          changed_bands = apply_extra_units(band);
          if (changed_bands != 0) continue;
        }
        break;
      }
      board.settled_columns[digit] = columns;
      for (std::size_t b = 0; b < 3; ++b) {
        const std::uint32_t cells = band[b];
        if (cells == 0) return false;
        words[b] = cells;
        // A word as it was when last settled has had its rows looked at.
        if (cells == settled[b]) continue;
        settled[b] = cells;
        // A row of the band left with one cell that is not yet solved places the digit there.
        const std::uint32_t placed =
            (std::uint32_t{kTables.single_cell[cells & kRowMask]} |
             std::uint32_t{kTables.single_cell[(cells >> 9) & kRowMask]} << 9 |
             std::uint32_t{kTables.single_cell[cells >> 18]} << 18) &
            board.unsolved_cells[b];
        if (placed != 0) {
          board.unsolved_cells[b] &= ~placed;
          // Off every digit, then back on this one (it held them all).
          for (std::size_t other = 0; other < 9; ++other) board.candidates[3 * other + b] &= ~placed;
          words[b] = cells;
        }
      }
    }
    if (last_worked == 9) return true;
  }
}

template <bool kExtraUnits>
unsigned Solver<kExtraUnits>::apply_extra_units(std::uint32_t* band) const {
  // Placed cells of the digit: a row left with one cell (every placement leaves its row so, and a
  // row single must take the digit anyway).
  std::uint32_t fixed[3];
  for (std::size_t b = 0; b < 3; ++b) {
    const std::uint32_t cells = band[b];
    fixed[b] = std::uint32_t{kTables.single_cell[cells & kRowMask]} |
               std::uint32_t{kTables.single_cell[(cells >> 9) & kRowMask]} << 9 |
               std::uint32_t{kTables.single_cell[cells >> 18]} << 18;
  }
  unsigned changed = 0;
  for (int u = 0; u < extra_->count; ++u) {
    const std::array<std::uint32_t, 3>& unit = extra_->unit[static_cast<std::size_t>(u)];
    const std::uint32_t in[3] = {band[0] & unit[0], band[1] & unit[1], band[2] & unit[2]};
    if ((in[0] | in[1] | in[2]) == 0) {
      band[0] = 0;  // the digit has nowhere to go in this unit: propagate sees the empty band
      return 0;
    }
    const std::uint32_t placed[3] = {fixed[0] & unit[0], fixed[1] & unit[1], fixed[2] & unit[2]};
    if ((placed[0] | placed[1] | placed[2]) != 0) {
      // The unit holds the digit already: off its other cells. Two placed cells of one unit leave
      // both (their rows keep one cell each) and are caught here as a contradiction.
      if (count_bits(std::uint64_t{placed[0]} | std::uint64_t{placed[1]} << 32) + count_bits(placed[2]) > 1) {
        band[0] = 0;
        return 0;
      }
      for (std::size_t b = 0; b < 3; ++b) {
        if (in[b] == placed[b]) continue;
        band[b] &= ~unit[b] | placed[b];
        changed |= 1u << b;
      }
      continue;
    }
    // One cell left in the unit: the digit goes there (its row, box and column lose it; the
    // matching then finds the row single).
    const std::uint32_t any = in[0] | in[1] | in[2];
    if ((any & (any - 1)) != 0 || (in[0] != 0) + (in[1] != 0) + (in[2] != 0) != 1) continue;
    const std::size_t b = in[0] != 0 ? 0 : in[1] != 0 ? 1 : 2;
    const int cell = std::countr_zero(any);
    band[b] &= kTables.keep_when_placed[static_cast<std::size_t>(cell)];
    const std::uint32_t column = ~(kColumnInBand << kColumnOf[cell]);
    band[kNextBand[b]] &= column;
    band[kLastBand[b]] &= column;
    fixed[b] |= 1u << cell;
    changed = 7;
  }
  return changed;
}

template <bool kExtraUnits>
inline int Solver<kExtraUnits>::place_naked_singles(Board& board) const {
  int placed = 0;
  for (std::size_t band = 0; band < 3; ++band) {
    const std::uint32_t open = board.unsolved_cells[band];
    if (open == 0) continue;
    std::uint32_t once = 0;
    std::uint32_t twice = 0;
    for (std::size_t digit = 0; digit < 9; ++digit) {
      const std::uint32_t cells = board.candidates[3 * digit + band];
      twice |= once & cells;
      once |= cells;
    }
    if ((open & ~once) != 0) return -1;
    std::uint32_t singles = open & ~twice;
    while (singles != 0) {
      const int cell = std::countr_zero(singles);
      const std::uint32_t bit = singles & (0u - singles);
      singles ^= bit;
      std::size_t digit = 0;
      // An earlier single of this pass may have taken this cell's only digit.
      while (digit < 9 && (board.candidates[3 * digit + band] & bit) == 0) ++digit;
      if (digit == 9) return -1;
      board.candidates[3 * digit + band] &= kTables.keep_when_placed[static_cast<std::size_t>(cell)];
      ++placed;
    }
  }
  return placed;
}

template <bool kExtraUnits>
void Solver<kExtraUnits>::search(Board& board) {
  for (;;) {
    if (!propagate(board)) return;
    if ((board.unsolved_cells[0] | board.unsolved_cells[1] | board.unsolved_cells[2]) == 0) {
      record_solution(board);
      return;
    }
    const int placed = place_naked_singles(board);
    if (placed < 0) return;
    if (placed == 0) break;
  }
  branch(board);
}

template <bool kExtraUnits>
void Solver<kExtraUnits>::branch(Board& board) {
  // A cell with two digits halves the work best. Among those, the one with the most unsolved
  // peers: either digit placed there takes the most candidates away, so both branches propagate
  // furthest (measured against the first such cell: top1465 18.8 -> 10.4 guesses per puzzle,
  // forum-hardest-1106 286 -> 142; tdoku makes 8.9 and 110). Ties go to the first in band order.
  // Ties to the last guess less (17-clue 0.69 -> 0.65, top1465 10.4 -> 10.0, forum-hardest-1106
  // 142 -> 140) but change which solution comes first where there are several, and the generator
  // completes its random grids with the first solution: every book would change.
  std::array<std::uint32_t, 3> pairs{};
  for (std::size_t band = 0; band < 3; ++band) {
    std::uint32_t once = 0;
    std::uint32_t twice = 0;
    std::uint32_t thrice = 0;
    for (std::size_t digit = 0; digit < 9; ++digit) {
      const std::uint32_t cells = board.candidates[3 * digit + band];
      thrice |= twice & cells;
      twice |= once & cells;
      once |= cells;
    }
    pairs[band] = twice & ~thrice & board.unsolved_cells[band];
  }
  int best_score = -1;
  std::size_t band = 0;
  int cell = 0;
  for (std::size_t b = 0; b < 3; ++b) {
    const std::uint32_t next = board.unsolved_cells[static_cast<std::size_t>(kNextBand[b])];
    const std::uint32_t last = board.unsolved_cells[static_cast<std::size_t>(kLastBand[b])];
    for (std::uint32_t rest = pairs[b]; rest != 0; rest &= rest - 1) {
      const int c = std::countr_zero(rest);
      // Unsolved peers: row and box in this band, the column in the other two (one bit count).
      const std::uint32_t in_band =
          board.unsolved_cells[b] & kBandMask & ~kTables.keep_when_placed[static_cast<std::size_t>(c)];
      const std::uint32_t column = kColumnInBand << kColumnOf[c];
      const std::uint64_t in_column = (next & column) | (last & column) << 1;
      const int score = count_bits(std::uint64_t{in_band} | in_column << 32);
      if (score > best_score) {
        best_score = score;
        band = b;
        cell = c;
      }
    }
  }
  if (best_score >= 0) {
    const std::uint32_t bit = 1u << cell;
    std::size_t first = 0;
    while ((board.candidates[3 * first + band] & bit) == 0) ++first;
    std::size_t second = first + 1;
    while ((board.candidates[3 * second + band] & bit) == 0) ++second;
    const std::uint32_t keep = kTables.keep_when_placed[static_cast<std::size_t>(cell)];

    ++guesses_;
    charge_budget();  // a caller's step limit or cancellation (budget.hpp)
    Board trial = board;
    trial.candidates[3 * first + band] &= keep;
    trial.candidates[3 * second + band] &= ~bit;
    search(trial);
    if (count_ >= limit_) return;
    board.candidates[3 * first + band] &= ~bit;
    board.candidates[3 * second + band] &= keep;
    search(board);
    return;
  }

  // No pair: take the unsolved cell with the fewest digits (rare, so plain loops do).
  int best_count = 10;
  std::size_t best_band = 0;
  int best_cell = 0;
  for (std::size_t b = 0; b < 3 && best_count > 3; ++b) {
    std::uint32_t open = board.unsolved_cells[b];
    while (open != 0) {
      const int c = std::countr_zero(open);
      open &= open - 1;
      int digits = 0;
      for (std::size_t digit = 0; digit < 9; ++digit)
        digits += static_cast<int>((board.candidates[3 * digit + b] >> c) & 1u);
      if (digits < best_count) {
        best_count = digits;
        best_band = b;
        best_cell = c;
      }
    }
  }
  const std::uint32_t bit = 1u << best_cell;
  const std::uint32_t keep = kTables.keep_when_placed[static_cast<std::size_t>(best_cell)];
  for (std::size_t digit = 0; digit < 9; ++digit) {
    std::uint32_t& own = board.candidates[3 * digit + best_band];
    if ((own & bit) == 0) continue;
    if (--best_count == 0) {  // the last digit: no copy needed
      own &= keep;
      search(board);
      return;
    }
    ++guesses_;
    charge_budget();  // a caller's step limit or cancellation (budget.hpp)
    Board trial = board;
    trial.candidates[3 * digit + best_band] &= keep;
    for (std::size_t other = 0; other < 9; ++other)
      if (other != digit) trial.candidates[3 * other + best_band] &= ~bit;
    search(trial);
    if (count_ >= limit_) return;
    own &= ~bit;
  }
}

template <bool kExtraUnits>
void Solver<kExtraUnits>::record_solution(const Board& board) {
  if (++count_ != 1 || first_solution_ == nullptr) return;
  for (std::size_t digit = 0; digit < 9; ++digit) {
    for (std::size_t band = 0; band < 3; ++band) {
      std::uint32_t cells = board.candidates[3 * digit + band];
      while (cells != 0) {
        const auto cell = static_cast<std::size_t>(std::countr_zero(cells));
        cells &= cells - 1;
        first_solution_[27 * band + cell] = static_cast<std::uint8_t>(digit + 1);
      }
    }
  }
}

// The extra units of a geometry the variant kernel applies to, as band-word masks.
ExtraUnits extra_units_of(const Geometry& geometry) {
  ExtraUnits extra;
  const auto& units = geometry.units();
  for (std::size_t u = static_cast<std::size_t>(geometry.first_extra_unit()); u < units.size(); ++u) {
    auto& masks = extra.unit[static_cast<std::size_t>(extra.count++)];
    for (const int cell : units[u]) masks[static_cast<std::size_t>(cell / 27)] |= 1u << (cell % 27);
  }
  return extra;
}

// The fixed variants' geometries are interned singletons: their masks are made once. Any other
// geometry the kernel accepts has its masks made per call (a few dozen instructions).
const ExtraUnits* interned_extra_units(const Geometry& geometry) {
  struct Known {
    const Geometry* geometry;
    ExtraUnits extra;
  };
  static const std::array<Known, 4> known = [] {
    std::array<Known, 4> table{};
    const Variant variants[4] = {Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot};
    for (std::size_t i = 0; i < 4; ++i) {
      const Geometry* shape = Geometry::variant(variants[i]).get();
      table[i] = {shape, extra_units_of(*shape)};
    }
    return table;
  }();
  for (const Known& entry : known)
    if (entry.geometry == &geometry) return &entry.extra;
  return nullptr;
}

template <bool kExtraUnits>
int run(std::span<const std::uint8_t> cells, int limit, std::uint8_t* first_solution, SearchStats* stats,
        const ExtraUnits* extra) {
  Solver<kExtraUnits> solver(limit, first_solution, extra);
  Board board;
  if (!solver.place_givens(board, cells.data())) return 0;
  solver.search(board);
  if (stats != nullptr) stats->guesses += solver.guesses();
  return solver.count();
}

}  // namespace

int count_solutions_standard9(const Geometry& /*geometry*/, std::span<const std::uint8_t> cells, int limit,
                              std::uint8_t* first_solution, SearchStats* stats) {
  return run<false>(cells, limit, first_solution, stats, nullptr);
}

bool is_variant9(const Geometry& geometry) {
  if (geometry.size() != 9 || geometry.box_rows() != 3 || !geometry.has_regular_boxes() ||
      !geometry.cages().empty())
    return false;
  const auto& units = geometry.units();
  const std::size_t first = static_cast<std::size_t>(geometry.first_extra_unit());
  if (units.size() <= first || units.size() - first > static_cast<std::size_t>(kMaxExtraUnits)) return false;
  // "Exactly once" holds only for units of nine cells (a shorter unit would mean "at most once").
  for (std::size_t u = first; u < units.size(); ++u)
    if (units[u].size() != 9) return false;
  return true;
}

int count_solutions_variant9(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                             std::uint8_t* first_solution, SearchStats* stats) {
  if (const ExtraUnits* extra = interned_extra_units(geometry))
    return run<true>(cells, limit, first_solution, stats, extra);
  const ExtraUnits extra = extra_units_of(geometry);
  return run<true>(cells, limit, first_solution, stats, &extra);
}

}  // namespace sudoku::detail
