// SPDX-License-Identifier: Apache-2.0
// Geometry: the rules of a Sudoku board — its size, its boxes or regions, its units and cages — as data.
//
// Contract: a Geometry is immutable once built. Units are plain lists of `size` cell indices that
// must each hold every value once, in this order: rows, then columns, then boxes (the jigsaw's
// regions in place of boxes), then the variant's extra units (the two diagonals of X, the four
// windows of Windoku, the asterisk, the centre-dot unit). Cages (Killer) are groups of cells with a
// sum and no repeated value; they are not units (a cage need not hold every value), but a cage's
// cells are peers of one another, so every "≠" constraint of the board is in peers(). Solvers read
// units, peers and cages from here and never branch on the variant's name; the name is for files,
// pages and messages. Cells are numbered row-major from 0. Values are 1..size; 0 means "blank".
// The standard and fixed-variant geometries are shared singletons, so comparing pointers is a cheap
// identity test for them; jigsaw and Killer geometries are built per layout (same_rules compares).
//
// A gattai board (Samurai and its cousins, sudoku/model/gattai.hpp) is several 9x9 grids laid on
// one board of board_rows() x board_cols() positions, overlapping in whole boxes. Its cells are the
// positions some grid covers, numbered row-major over the board and skipping the positions no grid
// covers ("no cell"), so cell_count() is not size() * size() there; row_of, col_of and cell_at speak
// board coordinates. Its units are every grid's rows, columns and boxes, a shared box once.
//
//   auto x = Geometry::variant(Variant::x);            // 9x9 with both diagonals as units
//   auto jig = Geometry::jigsaw(region_of_each_cell);  // throws std::invalid_argument when not n connected
//   regions of n cells
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

using CandidateMask = std::uint32_t;  // bit v-1 set <=> value v still possible

// How many values a candidate mask holds. Not std::popcount: the library is built for baseline
// x86-64, where that is a call into libgcc, and solvers count candidates at every search node.
// Masks of up to nine values (every 9x9 mask) by table, larger ones in a dozen plain operations.
inline constexpr std::array<std::uint8_t, 512> kNineBitCounts = [] {
  std::array<std::uint8_t, 512> counts{};
  for (std::size_t x = 1; x < counts.size(); ++x)
    counts[x] = static_cast<std::uint8_t>(counts[x >> 1] + (x & 1));
  return counts;
}();
constexpr int candidate_count(CandidateMask mask) {
  if (mask < kNineBitCounts.size()) return kNineBitCounts[mask];
  mask = mask - ((mask >> 1) & 0x55555555U);
  mask = (mask & 0x33333333U) + ((mask >> 2) & 0x33333333U);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0FU;
  return static_cast<int>((mask * 0x01010101U) >> 24);
}

inline constexpr int kMaxSize = 25;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

// The rule sets a board may have. `classic` is rows, columns and boxes of any supported size.
enum class Variant : std::uint8_t { classic, x, windoku, asterisk, centre_dot, jigsaw, killer };

// "classic", "x", "windoku", "asterisk", "centre-dot", "jigsaw", "killer".
std::string_view variant_name(Variant variant);
// The variant of a name as variant_name spells it, or nullopt.
std::optional<Variant> parse_variant(std::string_view name);
// Every variant, in enum order.
std::span<const Variant> all_variants();

// A Killer cage: cells (ascending, row-major indices) whose values are distinct and add up to sum.
struct Cage {
  int sum = 0;
  std::vector<int> cells;
  friend bool operator==(const Cage&, const Cage&) = default;
};

// A gattai shape: a board of rows x cols positions and the top-left corners (row, column, 0-based)
// of its 9x9 grids, in the order the grids are numbered ("grid 1" is origins[0]). The shipped
// shapes and their checks are in sudoku/model/gattai.hpp.
struct GattaiShape {
  std::string name;  // "samurai", "twin", ...; "custom" for origins given by hand
  int rows = 0;
  int cols = 0;
  std::vector<std::pair<int, int>> origins;
  friend bool operator==(const GattaiShape&, const GattaiShape&) = default;
};

class Geometry {
 public:
  // Standard board of the given size with its usual boxes: 4 (2x2), 6 (2x3), 9 (3x3), 12 (3x4),
  // 16 (4x4), 25 (5x5). Throws std::invalid_argument for any other size.
  static std::shared_ptr<const Geometry> standard(int size);
  // Board whose boxes are box_rows tall and box_cols wide (size = box_rows * box_cols, at most 25).
  static std::shared_ptr<const Geometry> with_boxes(int box_rows, int box_cols);
  // A standard board with a fixed variant's extra units: classic and x for every supported size;
  // windoku, asterisk and centre-dot for 9x9 only (their patterns are 9x9 patterns). Throws
  // std::invalid_argument for jigsaw and killer (they need a layout) and for sizes a variant lacks.
  static std::shared_ptr<const Geometry> variant(Variant variant, int size = 9);
  // A jigsaw board: regions[cell] in 0..n-1 (n*n entries, n a supported size) names the region that
  // replaces the box; each region must have n cells and be connected (edge-adjacent). Throws
  // std::invalid_argument naming the first fault: the region and, where there is one, the cell.
  static std::shared_ptr<const Geometry> jigsaw(std::span<const int> regions);
  // A Killer board: `base`'s units plus the cages. Cages must have 1..n distinct in-range cells
  // that are connected, must not overlap, and their sums must be reachable with distinct values
  // 1..n; they need not cover the board. Throws std::invalid_argument naming the cage (1-based)
  // and the fault. The cages are kept in the order given, each with its cells sorted.
  static std::shared_ptr<const Geometry> killer(std::vector<Cage> cages,
                                                std::shared_ptr<const Geometry> base = standard(9));
  // A gattai board of 9x9 grids at the shape's origins (checked by check_gattai_shape in
  // gattai.hpp: origins on box boundaries, grids inside the board, every overlap whole boxes, the
  // grids joined). Throws std::invalid_argument naming the fault.
  static std::shared_ptr<const Geometry> gattai(const GattaiShape& shape);
  // Sizes with a standard box shape, ascending.
  static std::span<const int> supported_sizes();
  // Default box shape for a standard size (rows x cols), or {0,0} when the size is unsupported.
  static std::pair<int, int> default_box(int size);

  int size() const { return size_; }
  // The box shape: the standard boxes' shape, and for jigsaw the default shape of its size (used
  // only for layout defaults; has_regular_boxes() says whether boxes exist).
  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int cell_count() const { return cell_count_; }
  // Board coordinates of a cell (on a gattai board, of the whole board).
  int row_of(int cell) const {
    return position_.empty() ? cell / size_ : position_[static_cast<std::size_t>(cell)] / board_cols_;
  }
  int col_of(int cell) const {
    return position_.empty() ? cell % size_ : position_[static_cast<std::size_t>(cell)] % board_cols_;
  }
  // The box of a cell, or its region on a jigsaw board (0..n-1); on a gattai board the box of the
  // board (row / 3 * (board_cols / 3) + col / 3), so a shared box is one box.
  int box_of(int cell) const { return region_[static_cast<std::size_t>(cell)]; }
  // The cell at board coordinates; on a gattai board -1 where no grid covers the position.
  int cell_at(int row, int col) const {
    return position_.empty() ? row * size_ + col
                             : cell_of_position_[static_cast<std::size_t>(row * board_cols_ + col)];
  }
  // The board's extent: size() x size() except on a gattai board.
  int board_rows() const { return board_rows_; }
  int board_cols() const { return board_cols_; }
  // The gattai shape, or null on a single-grid board.
  const GattaiShape* gattai_shape() const { return shape_.get(); }
  bool is_gattai() const { return shape_ != nullptr; }
  CandidateMask all_values() const { return all_values_; }

  Variant variant() const { return variant_; }
  // False for jigsaw boards (their regions are irregular) and gattai boards (several grids): the
  // single grid's band/stack transforms do not apply.
  bool has_regular_boxes() const {
    return variant_ != Variant::jigsaw && base_variant_ != Variant::jigsaw && shape_ == nullptr;
  }
  // The variant of the units without the cages: classic for plain Killer, x for Killer X.
  Variant base_variant() const { return base_variant_; }

  // Every unit: a group of `size` cells that must hold each value once.
  const std::vector<std::vector<int>>& units() const { return units_; }
  // Index in units() of the first extra unit (3 * size); units from here on are the variant's.
  // A gattai board has none (every unit is some grid's row, column or box): units().size().
  int first_extra_unit() const { return shape_ ? static_cast<int>(units_.size()) : 3 * size_; }
  // Indices into units() of the units containing `cell` (3 for most cells; more on diagonals etc.).
  std::span<const int> units_of(int cell) const;
  // Cells sharing a unit or a cage with `cell`, ascending, without `cell` itself.
  std::span<const int> peers(int cell) const;
  // Killer cages (empty for other variants), and the cage of each cell (-1 when in none).
  const std::vector<Cage>& cages() const { return cages_; }
  int cage_of(int cell) const { return cage_of_.empty() ? -1 : cage_of_[static_cast<std::size_t>(cell)]; }

  // "9x9", "6x6 (2x3 boxes)", "9x9 X", "9x9 jigsaw", "9x9 killer (27 cages)", ...
  std::string describe() const;

 private:
  Geometry(int box_rows, int box_cols);
  // Adds the unit lists and derives units_of and peers (cage-mates included).
  void index();

  int size_;
  int box_rows_;
  int box_cols_;
  int cell_count_;
  int board_rows_;
  int board_cols_;
  CandidateMask all_values_;
  Variant variant_ = Variant::classic;
  Variant base_variant_ = Variant::classic;
  std::vector<std::vector<int>> units_;
  std::vector<int> region_;  // cell -> box or jigsaw region
  std::vector<Cage> cages_;
  std::vector<int> cage_of_;  // empty without cages
  // Gattai boards only (empty otherwise): cell -> board position (row * board_cols + col), and
  // board position -> cell or -1.
  std::shared_ptr<const GattaiShape> shape_;
  std::vector<int> position_;
  std::vector<int> cell_of_position_;
  // units_of(cell) = unit_index_[unit_start_[cell] .. unit_start_[cell + 1]); peers likewise.
  std::vector<int> unit_index_;
  std::vector<int> unit_start_;
  std::vector<int> peer_index_;
  std::vector<int> peer_start_;
};

// True when `cells` (indices on a size x size board) form one group joined through shared edges;
// an empty list counts as connected. Jigsaw regions and Killer cages must be connected.
bool is_connected(int size, std::span<const int> cells);

// True when both boards have the same rules: size, variant, units (in order) and cages. Pointer
// equality implies it; two jigsaw boards read from the same region map have it too.
bool same_rules(const Geometry& a, const Geometry& b);

// Symbols: 1-9 then A-P for 10-25. Returns '.' for 0.
char value_symbol(int value);
// Value of a symbol for a board of `size`, 0 for a blank ('.' or '0'), -1 for anything else.
// Letters are accepted in either case.
int symbol_value(char symbol, int size);

}  // namespace sudoku
