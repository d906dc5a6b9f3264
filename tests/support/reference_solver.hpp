// SPDX-License-Identifier: Apache-2.0
// A plain reference backtracker for differential tests: no propagation, no clever data structures,
// obviously correct. Works for every geometry through Geometry::peers(); Killer cages are checked
// as cells are filled (a cage's sum never exceeded, a full cage's sum met; cage-mates are peers). It fills
// the blank cell with the fewest allowed values next (that only orders the search, and keeps it usable on
// 16x16 and 25x25 puzzles with a good share of givens). Slow by design; use on small inputs.
#pragma once

#include <optional>

#include "sudoku/model/grid.hpp"

namespace sudoku::testing {

struct ReferenceCount {
  int count = 0;
  std::optional<Grid> first_solution;  // the first found, smallest values tried first
};

ReferenceCount reference_count_solutions(const Grid& puzzle, int limit);

}  // namespace sudoku::testing
