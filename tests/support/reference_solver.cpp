#include "reference_solver.hpp"

namespace sudoku::testing {
namespace {

bool allowed(const Grid& grid, int cell, int value) {
  for (int peer : grid.geometry().peers(cell))
    if (grid[peer] == value) return false;
  return true;
}

void search(Grid& grid, int from, int limit, ReferenceCount& result) {
  int cell = from;
  while (cell < grid.cell_count() && grid[cell] != 0) ++cell;
  if (cell == grid.cell_count()) {
    if (++result.count == 1) result.first_solution = grid;
    return;
  }
  for (int value = 1; value <= grid.size() && result.count < limit; ++value) {
    if (!allowed(grid, cell, value)) continue;
    grid.set(cell, value);
    search(grid, cell + 1, limit, result);
    grid.clear(cell);
  }
}

}  // namespace

ReferenceCount reference_count_solutions(const Grid& puzzle, int limit) {
  ReferenceCount result;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    const int value = puzzle[cell];
    if (value == 0) continue;
    Grid probe = puzzle;
    probe.clear(cell);
    if (!allowed(probe, cell, value)) return result;  // conflicting givens: no solution
  }
  Grid grid = puzzle;
  search(grid, 0, limit, result);
  return result;
}

}  // namespace sudoku::testing
