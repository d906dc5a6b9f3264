// Solution counting: how many solutions a puzzle has, up to a limit, and the first one found.
//
// Contract: count_solutions never exceeds `limit` (>= 1) and returns the same first solution for the
// same puzzle on every run. A puzzle whose givens conflict has 0 solutions. Uniqueness is limit 2.
// This is the generator's hot loop: 9x9 runs a dedicated bit-board kernel; every other geometry runs
// a generic kernel driven by the geometry's units, so variant shapes need no solver changes.
#pragma once

#include <optional>

#include "sudoku/grid.hpp"

namespace sudoku {

struct SolutionCount {
  int count = 0;                 // solutions found, at most the limit asked for
  std::optional<Grid> solution;  // the first solution found, present when count >= 1
};

SolutionCount count_solutions(const Grid& puzzle, int limit = 2);

inline bool has_unique_solution(const Grid& puzzle) { return count_solutions(puzzle, 2).count == 1; }

}  // namespace sudoku
