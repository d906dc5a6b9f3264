// SPDX-License-Identifier: Apache-2.0
#include "reference_solver.hpp"

#include <cstdint>

namespace sudoku::testing {
namespace {

// Bit v set when some peer of `cell` holds v.
std::uint64_t values_seen_by(const Grid& grid, int cell) {
  std::uint64_t seen = 0;
  for (int peer : grid.geometry().peers(cell)) seen |= std::uint64_t{1} << grid[peer];
  return seen;
}

// False when the cage of `cell` (if any) has gone over its sum, or is full and short of it.
bool cage_sum_holds(const Grid& grid, int cell) {
  const int cage = grid.geometry().cage_of(cell);
  if (cage < 0) return true;
  const Cage& c = grid.geometry().cages()[static_cast<std::size_t>(cage)];
  int sum = 0;
  bool full = true;
  for (int member : c.cells) {
    sum += grid[member];
    full = full && grid[member] != 0;
  }
  return full ? sum == c.sum : sum < c.sum;
}

void search(Grid& grid, int limit, ReferenceCount& result) {
  int best_cell = -1;
  int best_choices = grid.size() + 1;
  std::uint64_t best_seen = 0;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (grid[cell] != 0) continue;
    const std::uint64_t seen = values_seen_by(grid, cell);
    int choices = 0;
    for (int value = 1; value <= grid.size(); ++value) choices += ((seen >> value) & 1) == 0 ? 1 : 0;
    if (choices < best_choices) {
      best_cell = cell;
      best_choices = choices;
      best_seen = seen;
    }
  }
  if (best_cell < 0) {  // no blank left: every value was checked against its peers when placed
    if (++result.count == 1) result.first_solution = grid;
    return;
  }
  for (int value = 1; value <= grid.size() && result.count < limit; ++value) {
    if ((best_seen >> value) & 1) continue;
    grid.set(best_cell, value);
    if (cage_sum_holds(grid, best_cell)) search(grid, limit, result);
    grid.clear(best_cell);
  }
}

}  // namespace

ReferenceCount reference_count_solutions(const Grid& puzzle, int limit) {
  ReferenceCount result;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    const int value = puzzle[cell];
    if (value == 0) continue;
    if ((values_seen_by(puzzle, cell) >> value) & 1) return result;  // conflicting givens: no solution
    if (!cage_sum_holds(puzzle, cell)) return result;
  }
  Grid grid = puzzle;
  search(grid, limit, result);
  return result;
}

}  // namespace sudoku::testing
