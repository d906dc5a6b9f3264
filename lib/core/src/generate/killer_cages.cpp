// Random cage layouts: grow cages from cells taken in a shuffled order, then fold lone cells in.
#include "sudoku/killer_cages.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace sudoku {
namespace {

// Edge-adjacent cells of `cell`, up, left, right, down.
std::vector<int> neighbours(const Geometry& geometry, int cell) {
  const int r = geometry.row_of(cell);
  const int c = geometry.col_of(cell);
  std::vector<int> result;
  if (r > 0) result.push_back(cell - geometry.size());
  if (c > 0) result.push_back(cell - 1);
  if (c + 1 < geometry.size()) result.push_back(cell + 1);
  if (r + 1 < geometry.size()) result.push_back(cell + geometry.size());
  return result;
}

}  // namespace

std::vector<Cage> random_cages(const Grid& solution, Rng& rng, CageShape shape) {
  const Geometry& geometry = solution.geometry();
  const int cells = geometry.cell_count();
  std::vector<int> order(static_cast<std::size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.begin(), order.end());
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  std::vector<std::vector<int>> cages;
  const auto holds_value = [&](const std::vector<int>& cage, int value) {
    return std::any_of(cage.begin(), cage.end(), [&](int member) { return solution[member] == value; });
  };
  for (int start : order) {
    if (cage_of[static_cast<std::size_t>(start)] >= 0) continue;
    const int span = std::max(1, shape.largest - shape.smallest + 1);
    const int target = shape.smallest + static_cast<int>(rng.below(static_cast<std::uint32_t>(span)));
    const int id = static_cast<int>(cages.size());
    std::vector<int> cage{start};
    cage_of[static_cast<std::size_t>(start)] = id;
    while (static_cast<int>(cage.size()) < target) {
      std::vector<int> frontier;
      for (int member : cage)
        for (int next : neighbours(geometry, member))
          if (cage_of[static_cast<std::size_t>(next)] < 0 && !holds_value(cage, solution[next]) &&
              std::find(frontier.begin(), frontier.end(), next) == frontier.end())
            frontier.push_back(next);
      if (frontier.empty()) break;
      std::sort(frontier.begin(), frontier.end());  // the draw depends on the cells, not on the walk
      const int next = frontier[rng.below(static_cast<std::uint32_t>(frontier.size()))];
      cage.push_back(next);
      cage_of[static_cast<std::size_t>(next)] = id;
    }
    cages.push_back(std::move(cage));
  }
  // Lone cells join the smallest neighbouring cage that lacks their value and has room.
  for (std::size_t id = 0; id < cages.size(); ++id) {
    if (cages[id].size() != 1) continue;
    const int cell = cages[id].front();
    int best = -1;
    for (int next : neighbours(geometry, cell)) {
      const int other = cage_of[static_cast<std::size_t>(next)];
      const auto& candidate = cages[static_cast<std::size_t>(other)];
      if (other == static_cast<int>(id) || static_cast<int>(candidate.size()) >= shape.largest ||
          holds_value(candidate, solution[cell]))
        continue;
      if (best < 0 ||
          cages[static_cast<std::size_t>(other)].size() < cages[static_cast<std::size_t>(best)].size())
        best = other;
    }
    if (best < 0) continue;
    cages[static_cast<std::size_t>(best)].push_back(cell);
    cage_of[static_cast<std::size_t>(cell)] = best;
    cages[id].clear();
  }
  std::vector<Cage> result;
  for (std::vector<int>& cells_of_cage : cages) {
    if (cells_of_cage.empty()) continue;
    std::sort(cells_of_cage.begin(), cells_of_cage.end());
    result.push_back({0, std::move(cells_of_cage)});
  }
  std::sort(result.begin(), result.end(),
            [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  return with_sums_of(std::move(result), solution);
}

std::vector<Cage> with_sums_of(std::vector<Cage> cages, const Grid& solution) {
  for (Cage& cage : cages) {
    cage.sum = 0;
    for (int cell : cage.cells) cage.sum += solution[cell];
  }
  return cages;
}

}  // namespace sudoku
