// Geometry: the shape of a Sudoku board — its size, its boxes, and its units as data.
//
// Contract: a Geometry is immutable once built. Units are plain lists of cell indices (rows, then
// columns, then boxes for the standard shapes); variant shapes (diagonals, jigsaw regions, windoku)
// add or replace units without touching the solvers, which read units and peers from here. Cells are
// numbered row-major from 0. Values are 1..size; 0 means "blank". The standard geometries are
// shared singletons, so comparing pointers is a cheap identity test.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

using CandidateMask = std::uint32_t;  // bit v-1 set <=> value v still possible

inline constexpr int kMaxSize = 25;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

class Geometry {
 public:
  // Standard board of the given size with its usual boxes: 4 (2x2), 6 (2x3), 9 (3x3), 12 (3x4),
  // 16 (4x4), 25 (5x5). Throws std::invalid_argument for any other size.
  static std::shared_ptr<const Geometry> standard(int size);
  // Board whose boxes are box_rows tall and box_cols wide (size = box_rows * box_cols, at most 25).
  static std::shared_ptr<const Geometry> with_boxes(int box_rows, int box_cols);
  // Sizes with a standard box shape, ascending.
  static std::span<const int> supported_sizes();
  // Default box shape for a standard size (rows x cols), or {0,0} when the size is unsupported.
  static std::pair<int, int> default_box(int size);

  int size() const { return size_; }
  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  int cell_count() const { return size_ * size_; }
  int row_of(int cell) const { return cell / size_; }
  int col_of(int cell) const { return cell % size_; }
  int box_of(int cell) const;
  int cell_at(int row, int col) const { return row * size_ + col; }
  CandidateMask all_values() const { return all_values_; }

  // Every unit: a group of `size` cells that must hold each value once.
  const std::vector<std::vector<int>>& units() const { return units_; }
  // Indices into units() of the units containing `cell`.
  std::span<const int> units_of(int cell) const;
  // Cells sharing a unit with `cell`, ascending, without `cell` itself.
  std::span<const int> peers(int cell) const;

  // "9x9", "6x6 (2x3 boxes)", ...
  std::string describe() const;

 private:
  Geometry(int box_rows, int box_cols);

  int size_;
  int box_rows_;
  int box_cols_;
  CandidateMask all_values_;
  std::vector<std::vector<int>> units_;
  std::vector<int> unit_index_;  // cell_count * units_per_cell_
  int units_per_cell_;
  std::vector<int> peer_index_;  // cell_count * peers_per_cell_
  int peers_per_cell_;
};

// Symbols: 1-9 then A-P for 10-25. Returns '.' for 0.
char value_symbol(int value);
// Value of a symbol for a board of `size`, 0 for a blank ('.' or '0'), -1 for anything else.
// Letters are accepted in either case.
int symbol_value(char symbol, int size);

}  // namespace sudoku
