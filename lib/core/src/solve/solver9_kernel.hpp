// Private: the dedicated solution counter for the standard 9x9 board (3x3 boxes).
//
// Contract: counts the solutions of `cells` (81 values, row-major, 0 blank, 1..9 given) up to
// `limit` (>= 1) and returns the count. When `first_solution` is not null and the count is >= 1 it
// receives the first solution found; the search order is fixed, so that solution is the same on
// every run. Givens that conflict, or values above 9, give 0. Allocation-free and reentrant (all
// state lives on the caller's stack). See docs/solver.md for how it works.
#pragma once

#include <cstdint>

namespace sudoku::detail {

int count_solutions_standard9(const std::uint8_t* cells, int limit, std::uint8_t* first_solution);

}  // namespace sudoku::detail
