// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/grid.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

namespace sudoku {

Grid::Grid() : Grid(Geometry::standard(9)) {}

Grid::Grid(std::shared_ptr<const Geometry> geometry) : geometry_(std::move(geometry)) {}

void Grid::set(int cell, int value) {
  assert(cell >= 0 && cell < cell_count());
  assert(value >= 0 && value <= size());
  cells_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
}

int Grid::givens() const {
  const auto values = cells();
  return static_cast<int>(std::count_if(values.begin(), values.end(), [](auto v) { return v != 0; }));
}

bool Grid::is_complete() const {
  const auto values = cells();
  return std::none_of(values.begin(), values.end(), [](auto v) { return v == 0; });
}

bool operator==(const Grid& a, const Grid& b) {
  if (a.geometry_ != b.geometry_ && !same_rules(*a.geometry_, *b.geometry_)) return false;
  const auto x = a.cells();
  const auto y = b.cells();
  return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

std::optional<std::pair<int, int>> find_conflict(const Grid& grid) {
  std::array<int, kMaxSize + 1> seen_at{};
  const auto repeat_in = [&](const std::vector<int>& cells) -> std::optional<std::pair<int, int>> {
    seen_at.fill(-1);
    for (int cell : cells) {
      const int value = grid[cell];
      if (value == 0) continue;
      if (seen_at[static_cast<std::size_t>(value)] >= 0)
        return std::pair{seen_at[static_cast<std::size_t>(value)], cell};
      seen_at[static_cast<std::size_t>(value)] = cell;
    }
    return std::nullopt;
  };
  for (const auto& unit : grid.geometry().units())
    if (auto conflict = repeat_in(unit)) return conflict;
  for (const Cage& cage : grid.geometry().cages())
    if (auto conflict = repeat_in(cage.cells)) return conflict;
  return std::nullopt;
}

bool is_solution_of(const Grid& solution, const Grid& puzzle) {
  if (!same_rules(solution.geometry(), puzzle.geometry())) return false;
  if (!solution.is_complete() || find_conflict(solution)) return false;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) return false;
  for (const Cage& cage : puzzle.geometry().cages()) {
    int sum = 0;
    for (int cell : cage.cells) sum += solution[cell];
    if (sum != cage.sum) return false;
  }
  return true;
}

std::string cell_name(const Geometry& geometry, int cell) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on the inlined chain of
  // string concatenations.
  std::string name = "r";
  name += std::to_string(geometry.row_of(cell) + 1);
  name += 'c';
  name += std::to_string(geometry.col_of(cell) + 1);
  return name;
}

Grid on_geometry(const Grid& grid, std::shared_ptr<const Geometry> geometry) {
  if (geometry->size() != grid.size() || geometry->cell_count() != grid.cell_count())
    throw std::invalid_argument("on_geometry: a " + geometry->describe() + " board for a " +
                                grid.geometry().describe() + " grid");
  Grid result(std::move(geometry));
  for (int cell = 0; cell < grid.cell_count(); ++cell) result.set(cell, grid[cell]);
  return result;
}

}  // namespace sudoku
