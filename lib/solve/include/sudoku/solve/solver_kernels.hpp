// SPDX-License-Identifier: Apache-2.0
// The solution-counting kernels behind count_solutions, one table, for tests and benchmarks that
// run every kernel on the same puzzles; use solution_counter.hpp otherwise.
//
// Contract: every kernel has the same signature and the same promise as count_solutions: it counts
// the solutions of `cells` (geometry.cell_count() values, row-major, 0 blank, 1..size given; a
// value above the size counts as a conflict) up to `limit` (>= 1, not checked here) and returns the
// count; when `first_solution` is not null (cell_count() values) and the count is >= 1 it receives
// the first solution found, the same one on every run, and is left untouched otherwise. Call a
// kernel only on geometries its applies_to accepts. Reentrant. The kernels may find different
// first solutions for puzzles with several; for a unique puzzle they all give that solution.
// count_with_stats is the same count that also adds the search effort to `stats` (benchmarks).
//
//   for (const SolverKernel& kernel : solver_kernels())
//     if (kernel.applies_to(puzzle.geometry())) kernel.count(puzzle.geometry(), puzzle.cells(), 2, out);
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "sudoku/model/geometry.hpp"

namespace sudoku {

using CountKernel = int (*)(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                            std::uint8_t* first_solution);

// Search effort, summed over counts. A guess is a branch taken on an assumption, counted as tdoku
// counts them: a two-way split (value in, value out) is one guess, a cell tried with k values
// k - 1 (the last value is no longer an assumption). The SAT kernel counts none: CaDiCaL does not
// report its decisions.
struct SearchStats {
  std::uint64_t guesses = 0;
};

using CountWithStatsKernel = int (*)(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                                     std::uint8_t* first_solution, SearchStats& stats);

struct SolverKernel {
  std::string_view name;                // "bitboard9", "killer", "generic", "sat": bench and test names
  bool (*applies_to)(const Geometry&);  // the geometries the kernel handles
  CountKernel count;
  CountWithStatsKernel count_with_stats;  // the same count, adding its effort to `stats`
};

// In dispatch order: count_solutions runs the first kernel that applies ("bitboard9" for the
// standard 9x9 board, "killer" for boards with cages up to 16x16, "generic" for every other
// geometry without cages). "sat" is the generic kernel's fallback
// for search trees that grow large, listed so that tests and benchmarks can run it on its own.
std::span<const SolverKernel> solver_kernels();

// The kernel count_solutions uses for `geometry`.
const SolverKernel& kernel_for(const Geometry& geometry);

}  // namespace sudoku
