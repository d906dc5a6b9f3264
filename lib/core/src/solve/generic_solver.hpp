// Private: the solution counter for any geometry, driven only by Geometry::units() and peers(), so
// variant shapes (diagonals, jigsaw regions, extra boxes) need no changes here.
//
// Contract: counts the solutions of `cells` (cell_count values, row-major, 0 blank, 1..size given)
// up to `limit` (>= 1). When `first_solution` is not null (cell_count values) and the count is >= 1
// it receives the first solution found, the same one on every run. Conflicting givens, or values
// above the size, give 0. Allocates its working state per call. Cell-major search with strong
// propagation; a puzzle that needs more than `node_budget` search nodes is handed, from the
// propagated start, to the clause-learning counter.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/geometry.hpp"

namespace sudoku::detail {

// Search nodes after which the kernel stops searching and counts by clause learning instead
// (sat_counter.hpp). Easy puzzles never get near it; tests pass 0 to exercise the fallback.
inline constexpr std::uint64_t kDefaultNodeBudget = 1000;

int count_solutions_generic(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                            std::uint8_t* first_solution, std::uint64_t node_budget = kDefaultNodeBudget);

}  // namespace sudoku::detail
