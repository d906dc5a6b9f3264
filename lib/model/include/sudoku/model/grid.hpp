// SPDX-License-Identifier: Apache-2.0
// Grid: the values of a board's cells — a puzzle (givens and blanks) or a full solution.
//
// Contract: a value type; cells hold 0 (blank) or 1..size. Storage is inline (no allocation), so
// grids are cheap to copy in the generator's and rater's inner loops. The geometry is shared.
// set() checks its value by assert only (debug builds), as the inner loops cannot pay for a check;
// on_geometry throws std::invalid_argument for boards of another size.
//
//   sudoku::Grid grid;                           // a blank 9x9
//   grid.set(grid.geometry().cell_at(3, 6), 5);  // r4c7: rows and columns count from 0 here
//   const bool consistent = !sudoku::find_conflict(grid).has_value();
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "sudoku/model/geometry.hpp"

namespace sudoku {

class Grid {
 public:
  // A blank 9x9 grid.
  Grid();
  explicit Grid(std::shared_ptr<const Geometry> geometry);

  const Geometry& geometry() const { return *geometry_; }
  const std::shared_ptr<const Geometry>& geometry_ptr() const { return geometry_; }
  int size() const { return geometry_->size(); }
  int cell_count() const { return geometry_->cell_count(); }

  int operator[](int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  int at(int row, int col) const { return (*this)[geometry_->cell_at(row, col)]; }
  // Precondition: 0 <= value <= size (checked by assert in debug builds).
  void set(int cell, int value);
  void clear(int cell) { set(cell, 0); }

  std::span<const std::uint8_t> cells() const {
    return {cells_.data(), static_cast<std::size_t>(cell_count())};
  }
  int givens() const;
  bool is_complete() const;

  friend bool operator==(const Grid& a, const Grid& b);

 private:
  std::shared_ptr<const Geometry> geometry_;
  std::array<std::uint8_t, kMaxCells> cells_{};
};

// Two cells of one unit (or one Killer cage) holding the same value, if any (the first such pair in
// unit order, units before cages).
std::optional<std::pair<int, int>> find_conflict(const Grid& grid);

// True when `solution` has the puzzle's rules, is complete, breaks no unit or cage (cage sums
// included) and agrees with every given of `puzzle`.
bool is_solution_of(const Grid& solution, const Grid& puzzle);

// The values of `grid` on a board of the same size with other rules (e.g. the same cells on a
// Killer board of cages). Throws std::invalid_argument when the sizes differ.
Grid on_geometry(const Grid& grid, std::shared_ptr<const Geometry> geometry);

// "r4c7" (1-based row and column), the notation of step lists and error messages.
std::string cell_name(const Geometry& geometry, int cell);

}  // namespace sudoku
