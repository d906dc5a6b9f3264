// SPDX-License-Identifier: Apache-2.0
// Symmetry of the givens' pattern, as newspapers print it: the generator adds and removes givens one
// orbit of cells at a time so the pattern keeps its symmetry.
//
// Contract: cell_orbits partitions the cells into orbits under the symmetry group (each orbit sorted,
// orbits ordered by their first cell); `none` gives one orbit per cell. parse_symmetry throws
// std::invalid_argument listing the known names. On a gattai board the symmetries act on the whole
// board; one that does not map the shape onto itself (a mirror of the twin) is not the board's:
// symmetry_fits says so, and cell_orbits throws std::invalid_argument for it.
//
//   const auto orbits = sudoku::cell_orbits(puzzle.geometry(), sudoku::parse_symmetry("rotate180"));
//   for (const int cell : orbits[k]) puzzle.clear(cell);  // the whole orbit, so the pattern stays symmetric
#pragma once

#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace sudoku {

enum class Symmetry {
  none,
  rotate180,  // (r, c) ~ (n-1-r, n-1-c): the newspaper default
  rotate90,   // quarter turns
  mirror,     // left-right reflection
  diagonal,   // reflection in the main diagonal
};

std::string_view to_string(Symmetry symmetry);
// Throws std::invalid_argument listing the known names.
Symmetry parse_symmetry(std::string_view name);
inline constexpr std::string_view kSymmetryNames = "none, rotate180, rotate90, mirror, diagonal";

std::vector<std::vector<int>> cell_orbits(const Geometry& geometry, Symmetry symmetry);
// True when the symmetry maps every cell of the board to a cell (always, on a single grid).
bool symmetry_fits(const Geometry& geometry, Symmetry symmetry);

// The image of `cell` under the group's generator (a half turn, a quarter turn, a reflection; the
// cell itself for `none`). Applying it order-many times (symmetry_order) gives the cell back.
// -1 when the image is no cell (a symmetry the gattai board lacks).
int symmetry_image(const Geometry& geometry, Symmetry symmetry, int cell);
// 1 for none, 2 for rotate180, mirror and diagonal, 4 for rotate90.
int symmetry_order(Symmetry symmetry);

// True when the pattern of givens is invariant under the symmetry.
bool has_symmetry(const Grid& puzzle, Symmetry symmetry);

}  // namespace sudoku
