// Random cage layouts: grow cages from cells taken in a shuffled order, then fold lone cells in.
#include "sudoku/killer_cages.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

#include "sudoku/solution_counter.hpp"

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

namespace {

// Splits `cage` in two connected parts: grown from a random cell by random neighbours in the cage
// up to half its size; the rest must stay connected, else another start is tried. Returns false
// when no split is found (one cell, or every split leaves a part in pieces).
bool split_cage(const Geometry& geometry, const Cage& cage, Rng& rng, std::vector<int>& part,
                std::vector<int>& rest) {
  if (cage.cells.size() < 2) return false;
  const auto in = [](const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
  };
  for (int attempt = 0; attempt < 8; ++attempt) {
    part = {cage.cells[rng.below(static_cast<std::uint32_t>(cage.cells.size()))]};
    const std::size_t target = 1 + rng.below(static_cast<std::uint32_t>(cage.cells.size() / 2));
    while (part.size() < target) {
      std::vector<int> frontier;
      for (int member : part)
        for (int next : neighbours(geometry, member))
          if (in(cage.cells, next) && !in(part, next) && !in(frontier, next)) frontier.push_back(next);
      if (frontier.empty()) break;
      std::sort(frontier.begin(), frontier.end());
      part.push_back(frontier[rng.below(static_cast<std::uint32_t>(frontier.size()))]);
    }
    rest.clear();
    for (int cell : cage.cells)
      if (!in(part, cell)) rest.push_back(cell);
    if (!rest.empty() && is_connected(geometry.size(), rest)) {
      std::sort(part.begin(), part.end());
      return true;
    }
  }
  return false;
}

// Count of the Killer puzzle of `cages` (no givens) to limit 2, and its first solution.
SolutionCount count_layout(const std::vector<Cage>& cages, int size) {
  return count_solutions(Grid(Geometry::killer(cages, Geometry::standard(size))), 2);
}

}  // namespace

std::vector<Cage> unique_killer_cages(const Grid& solution, Rng& rng, CageShape shape) {
  const Geometry& geometry = solution.geometry();
  std::vector<Cage> cages = random_cages(solution, rng, shape);
  for (SolutionCount count = count_layout(cages, geometry.size()); count.count > 1;
       count = count_layout(cages, geometry.size())) {
    // The cages on which the first solution found differs from `solution`; any cage when it is
    // `solution` itself (the other solution is then unknown).
    std::vector<std::size_t> splittable;
    for (std::size_t k = 0; k < cages.size(); ++k) {
      if (cages[k].cells.size() < 2) continue;
      const bool differs = std::any_of(cages[k].cells.begin(), cages[k].cells.end(),
                                       [&](int cell) { return (*count.solution)[cell] != solution[cell]; });
      if (differs) splittable.push_back(k);
    }
    if (splittable.empty())
      for (std::size_t k = 0; k < cages.size(); ++k)
        if (cages[k].cells.size() >= 2) splittable.push_back(k);
    bool split = false;
    while (!split && !splittable.empty()) {
      const std::size_t pick = rng.below(static_cast<std::uint32_t>(splittable.size()));
      const std::size_t k = splittable[pick];
      std::vector<int> part;
      std::vector<int> rest;
      if (split_cage(geometry, cages[k], rng, part, rest)) {
        cages[k].cells = rest;
        cages.push_back({0, part});
        split = true;
      } else {
        splittable.erase(splittable.begin() + static_cast<std::ptrdiff_t>(pick));
      }
    }
    if (!split) break;  // only unsplittable cages left: cannot happen with one-cell cages reachable
    cages = with_sums_of(std::move(cages), solution);
  }
  // Merges that keep the puzzle unique, neighbouring pairs in a random order.
  std::vector<int> order(static_cast<std::size_t>(geometry.cell_count()));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.begin(), order.end());
  for (int cell : order) {
    for (int next : neighbours(geometry, cell)) {
      const auto owner = [&](int c) {
        for (std::size_t k = 0; k < cages.size(); ++k)
          if (std::find(cages[k].cells.begin(), cages[k].cells.end(), c) != cages[k].cells.end()) return k;
        return cages.size();
      };
      const std::size_t a = owner(cell);
      const std::size_t b = owner(next);
      if (a == b || a == cages.size() || b == cages.size()) continue;
      if (static_cast<int>(cages[a].cells.size() + cages[b].cells.size()) > shape.largest) continue;
      const bool repeats = std::any_of(cages[a].cells.begin(), cages[a].cells.end(), [&](int x) {
        return std::any_of(cages[b].cells.begin(), cages[b].cells.end(),
                           [&](int y) { return solution[x] == solution[y]; });
      });
      if (repeats) continue;
      std::vector<Cage> merged = cages;
      merged[a].cells.insert(merged[a].cells.end(), merged[b].cells.begin(), merged[b].cells.end());
      std::sort(merged[a].cells.begin(), merged[a].cells.end());
      merged[a].sum += merged[b].sum;
      merged.erase(merged.begin() + static_cast<std::ptrdiff_t>(b));
      if (count_layout(merged, geometry.size()).count == 1) cages = std::move(merged);
    }
  }
  std::sort(cages.begin(), cages.end(),
            [](const Cage& x, const Cage& y) { return x.cells.front() < y.cells.front(); });
  return cages;
}

std::vector<Cage> with_sums_of(std::vector<Cage> cages, const Grid& solution) {
  for (Cage& cage : cages) {
    cage.sum = 0;
    for (int cell : cage.cells) cage.sum += solution[cell];
  }
  return cages;
}

}  // namespace sudoku
