// SPDX-License-Identifier: Apache-2.0
// Solution counting: how many solutions a puzzle has, up to a limit, and the first one found.
//
// Contract: count_solutions never exceeds `limit` (>= 1; smaller limits throw
// std::invalid_argument) and returns the same first solution for the same puzzle on every run. A
// puzzle whose givens conflict has 0 solutions. Uniqueness is limit 2. Reentrant: calls on
// different threads share nothing.
// This is the generator's hot loop: 9x9 runs a dedicated bit-board kernel; every other geometry runs
// a generic kernel driven by the geometry's units, so variant shapes need no solver changes.
// count_solutions_9x9 is the same 9x9 kernel without the Grid wrapping, for loops that cannot
// afford an allocation per call. solver_kernels.hpp lists the kernels, for tests and benchmarks.
//
//   const SolutionCount result = count_solutions(puzzle);     // limit 2
//   if (result.count == 1) std::cout << to_line(*result.solution);  // unique: its solution
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "sudoku/model/grid.hpp"

namespace sudoku {

struct SolutionCount {
  int count = 0;                 // solutions found, at most the limit asked for
  std::optional<Grid> solution;  // the first solution found, present when count >= 1
};

SolutionCount count_solutions(const Grid& puzzle, int limit = 2);

inline bool has_unique_solution(const Grid& puzzle) {
  return count_solutions(puzzle, 2).count == 1;
}

// Standard 9x9 board only: `puzzle` holds 81 values row-major, 0 for a blank, 1..9 for a given
// (anything above 9 counts as a conflict). Returns the number of solutions up to `limit` and, when
// it is >= 1, writes the first solution (the same one count_solutions returns) into
// `first_solution`, which is left untouched otherwise. Never allocates.
int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit,
                        std::span<std::uint8_t, 81> first_solution);
int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit = 2);

}  // namespace sudoku
