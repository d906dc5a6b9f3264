// Public entry points: check the limit, pick the kernel, wrap the result in a Grid.
#include "sudoku/solution_counter.hpp"

#include <array>
#include <stdexcept>
#include <string>

#include "solve/generic_solver.hpp"
#include "solve/solver9_kernel.hpp"

namespace sudoku {
namespace {

void check_limit(int limit) {
  if (limit < 1)
    throw std::invalid_argument("solution count limit must be at least 1, got " + std::to_string(limit));
}

// Standard geometries are interned singletons, so identity is one pointer comparison; with_boxes(3, 3)
// returns the same object.
bool is_standard9(const Geometry& geometry) {
  static const Geometry* const standard9 = Geometry::standard(9).get();
  return &geometry == standard9;
}

}  // namespace

SolutionCount count_solutions(const Grid& puzzle, int limit) {
  check_limit(limit);
  std::array<std::uint8_t, kMaxCells> solution{};
  const Geometry& geometry = puzzle.geometry();
  const int count = is_standard9(geometry)
                        ? detail::count_solutions_standard9(puzzle.cells().data(), limit, solution.data())
                        : detail::count_solutions_generic(geometry, puzzle.cells(), limit, solution.data());
  SolutionCount result;
  result.count = count;
  if (count >= 1) {
    Grid grid(puzzle.geometry_ptr());
    for (int cell = 0; cell < grid.cell_count(); ++cell)
      grid.set(cell, solution[static_cast<std::size_t>(cell)]);
    result.solution = std::move(grid);
  }
  return result;
}

int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit,
                        std::span<std::uint8_t, 81> first_solution) {
  check_limit(limit);
  return detail::count_solutions_standard9(puzzle.data(), limit, first_solution.data());
}

int count_solutions_9x9(std::span<const std::uint8_t, 81> puzzle, int limit) {
  check_limit(limit);
  return detail::count_solutions_standard9(puzzle.data(), limit, nullptr);
}

}  // namespace sudoku
