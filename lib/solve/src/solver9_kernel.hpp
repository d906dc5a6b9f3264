// SPDX-License-Identifier: Apache-2.0
// Private: the dedicated solution counter for the standard 9x9 board (3x3 boxes).
//
// Contract: the kernel contract of sudoku/solver_kernels.hpp, for the standard 9x9 geometry only
// (`geometry` is not read; `cells` holds 81 values). The search order is fixed, so the first
// solution is the same on every run. Allocation-free and reentrant (all state lives on the
// caller's stack). See docs/solver.md for how it works and solver9_kernel.cpp for the bit layout.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/model/geometry.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku::detail {

int count_solutions_standard9(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                              std::uint8_t* first_solution, SearchStats* stats);

// The same kernel with a variant's extra units (X, Windoku, Asterisk, Centre-dot, or any 9x9 board
// with 3x3 boxes, no cages and up to eight extra units of nine cells: is_variant9). Each extra unit
// takes each digit exactly once; the kernel contract of solver_kernels.hpp holds.
bool is_variant9(const Geometry& geometry);
int count_solutions_variant9(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                             std::uint8_t* first_solution, SearchStats* stats);

}  // namespace sudoku::detail
