// SPDX-License-Identifier: Apache-2.0
// Public entry points: check the limit, run the kernel the table picks, wrap the result in a Grid.
#include "sudoku/solve/solution_counter.hpp"

#include <array>
#include <stdexcept>
#include <string>

#include "solver9_kernel.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku {
namespace {

void check_limit(int limit) {
  if (limit < 1)
    throw std::invalid_argument("solution count limit must be at least 1, got " + std::to_string(limit));
}

}  // namespace

SolutionCount count_solutions(const Grid& puzzle, int limit) {
  check_limit(limit);
  const Geometry& geometry = puzzle.geometry();
  // Left uninitialised: the kernel writes every cell when it finds a solution, and only then is it
  // read; zero-filling 625 bytes per call was wasted work on the generator's hot path.
  std::array<std::uint8_t, kMaxCells> solution;
  SolutionCount result;
  result.count = kernel_for(geometry).count(geometry, puzzle.cells(), limit, solution.data());
  if (result.count >= 1) {
    Grid& grid = result.solution.emplace(puzzle.geometry_ptr());
    for (int cell = 0; cell < grid.cell_count(); ++cell)
      grid.set(cell, solution[static_cast<std::size_t>(cell)]);
  }
  return result;
}

// The 9x9 entry points call the bit-board kernel directly: their callers are loops that cannot
// afford even the table lookup per puzzle.
int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit,
                        std::span<std::uint8_t, 81> first_solution) {
  check_limit(limit);
  static const Geometry& standard9 = *Geometry::standard(9);
  return detail::count_solutions_standard9(standard9, puzzle, limit, first_solution.data(), nullptr);
}

int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit) {
  check_limit(limit);
  static const Geometry& standard9 = *Geometry::standard(9);
  return detail::count_solutions_standard9(standard9, puzzle, limit, nullptr, nullptr);
}

}  // namespace sudoku
