// A plain reference backtracker for differential tests: no propagation, no heuristics, obviously
// correct. Works for every geometry through Geometry::peers(). Slow by design; use on small inputs.
#pragma once

#include <optional>

#include "sudoku/grid.hpp"

namespace sudoku::testing {

struct ReferenceCount {
  int count = 0;
  std::optional<Grid> first_solution;  // in cell order, smallest values first
};

ReferenceCount reference_count_solutions(const Grid& puzzle, int limit);

}  // namespace sudoku::testing
