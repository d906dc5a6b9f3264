// SPDX-License-Identifier: Apache-2.0
// Private: the solution counter for boards with Killer cages (any base of size <= 16: plain Killer,
// Killer X, Killer jigsaw), driven by Geometry::units(), peers() and cages().
//
// Contract: the kernel contract of sudoku/solver_kernels.hpp, for geometries of size <= 16 (it
// also counts boards without cages, for differential tests). Allocates its working state per
// call. Values are tried in ascending order on the blank cell with the fewest candidates, so the
// first solution is the same on every run.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/model/geometry.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku::detail {

int count_solutions_killer(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                           std::uint8_t* first_solution, SearchStats* stats);

}  // namespace sudoku::detail
