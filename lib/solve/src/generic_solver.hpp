// SPDX-License-Identifier: Apache-2.0
// Private: the solution counter for any geometry, driven only by Geometry::units() and peers(), so
// variant shapes (diagonals, jigsaw regions, extra boxes) need no changes here.
//
// Contract: the kernel contract of sudoku/solver_kernels.hpp, for every geometry. Allocates its
// working state per call. Cell-major search with strong propagation; a puzzle that needs more than
// a fixed number of search nodes (kNodeBudget, no time limit, so still deterministic) is handed,
// from the propagated start, to the clause-learning counter.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/model/geometry.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku::detail {

int count_solutions_generic(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                            std::uint8_t* first_solution, SearchStats* stats);

}  // namespace sudoku::detail
