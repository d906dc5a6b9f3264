// SPDX-License-Identifier: Apache-2.0
// Random cage layouts: grow cages from cells taken in a shuffled order, then fold lone cells in.
#include "sudoku/generate/killer_cages.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

#include "sudoku/solve/solution_counter.hpp"

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

// ---- Cage layouts for the climb: symmetric starts and moves -------------------------------------
//
// A layout is handled as one label per cell (the cells of a label form a cage): a move relabels
// cells, its images under the symmetry relabel theirs the same way, and the whole layout is then
// checked once (connected cages, no repeated value, sizes, symmetry). Checking the result instead of
// reasoning about each move's special cases (a cage that is its own image, a cell on the axis)
// keeps every move a few lines; a check costs far less than the count that follows it.

namespace sudoku {
namespace {

using Labels = std::vector<int>;

Labels labels_of(const std::vector<Cage>& cages, int cells) {
  Labels labels(static_cast<std::size_t>(cells), -1);
  for (std::size_t k = 0; k < cages.size(); ++k)
    for (int cell : cages[k].cells) labels[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  return labels;
}

// The cages of `labels` (cells in no cage left out), sums from `solution`, in the order of their
// smallest cell.
std::vector<Cage> cages_of(const Labels& labels, const Grid& solution) {
  std::vector<Cage> cages;
  const int top = labels.empty() ? -1 : *std::max_element(labels.begin(), labels.end());
  std::vector<int> index(static_cast<std::size_t>(top + 1), -1);  // label -> its cage, once seen
  for (int cell = 0; cell < static_cast<int>(labels.size()); ++cell) {
    const int label = labels[static_cast<std::size_t>(cell)];
    if (label < 0) continue;
    int& k = index[static_cast<std::size_t>(label)];
    if (k < 0) {
      k = static_cast<int>(cages.size());
      cages.push_back({0, {}});
    }
    cages[static_cast<std::size_t>(k)].cells.push_back(cell);
  }
  return with_sums_of(std::move(cages), solution);
}

int size_of_label(const Labels& labels, int label) {
  return static_cast<int>(std::count(labels.begin(), labels.end(), label));
}

int fresh_label(const Labels& labels) {
  return 1 + std::max(static_cast<int>(labels.size()), *std::max_element(labels.begin(), labels.end()));
}

// True when every cage of `labels` (`cages`, as cages_of makes them) is connected, repeats no value
// of `solution`, has at most `largest` cells, and the image of every cage under `symmetry` is a cage.
bool valid_cages(const std::vector<Cage>& cages, const Labels& labels, const Grid& solution, int largest,
                 Symmetry symmetry) {
  const Geometry& geometry = solution.geometry();
  for (const Cage& cage : cages) {
    if (static_cast<int>(cage.cells.size()) > largest) return false;
    CandidateMask values = 0;
    for (int cell : cage.cells) {
      const CandidateMask bit = CandidateMask{1} << (solution[cell] - 1);
      if ((values & bit) != 0) return false;
      values |= bit;
    }
    if (!is_connected(geometry.size(), cage.cells)) return false;
  }
  // Symmetric: label(c) determines label(image(c)) and back, for every cell. Indexed by label + 1
  // (a cell in no cage is -1); kUnset where no cell said yet.
  constexpr int kUnset = -2;
  const int top = *std::max_element(labels.begin(), labels.end());
  std::vector<int> forward(static_cast<std::size_t>(top + 2), kUnset);
  std::vector<int> backward(static_cast<std::size_t>(top + 2), kUnset);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const int from = labels[static_cast<std::size_t>(cell)];
    const int to = labels[static_cast<std::size_t>(symmetry_image(geometry, symmetry, cell))];
    int& image = forward[static_cast<std::size_t>(from + 1)];
    int& preimage = backward[static_cast<std::size_t>(to + 1)];
    if (image == kUnset) image = to;
    if (preimage == kUnset) preimage = from;
    if (image != to || preimage != from) return false;
  }
  return true;
}

bool valid_layout(const Labels& labels, const Grid& solution, int largest, Symmetry symmetry) {
  return valid_cages(cages_of(labels, solution), labels, solution, largest, symmetry);
}

// A random edge neighbour of `cell` in another cage, or -1.
int neighbour_in_other_cage(const Geometry& geometry, const Labels& labels, int cell, Rng& rng) {
  std::vector<int> candidates;
  for (int next : neighbours(geometry, cell))
    if (labels[static_cast<std::size_t>(next)] != labels[static_cast<std::size_t>(cell)])
      candidates.push_back(next);
  if (candidates.empty()) return -1;
  return candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
}

// Merges the cages of `x` and `y` and, for every power of the symmetry, the cages of their images.
void merge_with_images(const Geometry& geometry, Symmetry symmetry, Labels& labels, int x, int y) {
  for (int k = 0; k < symmetry_order(symmetry); ++k) {
    const int into = labels[static_cast<std::size_t>(x)];
    const int from = labels[static_cast<std::size_t>(y)];
    if (into != from) std::replace(labels.begin(), labels.end(), from, into);
    x = symmetry_image(geometry, symmetry, x);
    y = symmetry_image(geometry, symmetry, y);
  }
}

// Splits the cage of `x` (two connected parts) and the images of that split in the cages of the
// images of `x` — except in a cage that is its own image, where the check decides.
bool split_with_images(const Geometry& geometry, Symmetry symmetry, Labels& labels, int x, Rng& rng) {
  const int label = labels[static_cast<std::size_t>(x)];
  Cage cage;
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (labels[static_cast<std::size_t>(cell)] == label) cage.cells.push_back(cell);
  std::vector<int> part;
  std::vector<int> rest;
  if (!split_cage(geometry, cage, rng, part, rest)) return false;
  const Labels before = labels;
  for (int k = 0; k < symmetry_order(symmetry); ++k) {
    if (k > 0 && before[static_cast<std::size_t>(part.front())] == label) break;  // back in the cage
    const int fresh = fresh_label(labels);
    for (int cell : part) labels[static_cast<std::size_t>(cell)] = fresh;
    for (int& cell : part) cell = symmetry_image(geometry, symmetry, cell);
  }
  return true;
}

}  // namespace

bool has_cage_symmetry(const std::vector<Cage>& cages, const Grid& solution, Symmetry symmetry) {
  return valid_layout(labels_of(cages, solution.cell_count()), solution, kMaxSize, symmetry);
}

std::optional<std::vector<Cage>> moved_cages(const std::vector<Cage>& cages, const Grid& solution,
                                             CageMove move, CageShape shape, Symmetry symmetry, Rng& rng) {
  const Geometry& geometry = solution.geometry();
  Labels labels = labels_of(cages, geometry.cell_count());
  const int x = static_cast<int>(rng.below(static_cast<std::uint32_t>(geometry.cell_count())));
  switch (move) {
    case CageMove::merge: {
      const int y = neighbour_in_other_cage(geometry, labels, x, rng);
      if (y < 0) return std::nullopt;
      merge_with_images(geometry, symmetry, labels, x, y);
      break;
    }
    case CageMove::split:
      if (!split_with_images(geometry, symmetry, labels, x, rng)) return std::nullopt;
      break;
    case CageMove::reshape: {
      // x leaves its cage for a neighbour's; its cage keeps at least shape.smallest cells.
      const int y = neighbour_in_other_cage(geometry, labels, x, rng);
      if (y < 0 || size_of_label(labels, labels[static_cast<std::size_t>(x)]) <= std::max(1, shape.smallest))
        return std::nullopt;
      const Labels before = labels;
      for (int k = 0, from = x, to = y; k < symmetry_order(symmetry); ++k) {
        labels[static_cast<std::size_t>(from)] = before[static_cast<std::size_t>(to)];
        from = symmetry_image(geometry, symmetry, from);
        to = symmetry_image(geometry, symmetry, to);
      }
      break;
    }
  }
  std::vector<Cage> moved = cages_of(labels, solution);
  if (!valid_cages(moved, labels, solution, shape.largest, symmetry)) return std::nullopt;
  return moved;
}

std::vector<Cage> symmetric_cages(const Grid& solution, Rng& rng, CageShape shape, Symmetry symmetry,
                                  int aim) {
  const Geometry& geometry = solution.geometry();
  const int cells = geometry.cell_count();
  Labels labels(static_cast<std::size_t>(cells));
  std::iota(labels.begin(), labels.end(), 0);
  // Grow: each cell in a shuffled order merges its cage (with the images) with random neighbours'
  // until the cage reaches a size drawn for it.
  std::vector<int> order(static_cast<std::size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  rng.shuffle(order.begin(), order.end());
  // Sizes drawn uniformly from smallest..top have the mean (smallest + top) / 2: with an aim, top
  // is the size that makes that mean cells / aim (within the shape).
  int top = shape.largest;
  if (aim > 0)
    top = std::clamp(static_cast<int>(std::lround(2.0 * cells / aim)) - shape.smallest, shape.smallest,
                     shape.largest);
  const int span = std::max(1, top - shape.smallest + 1);
  for (int x : order) {
    const int target = shape.smallest + static_cast<int>(rng.below(static_cast<std::uint32_t>(span)));
    for (int tries = 0; tries < 8 && size_of_label(labels, labels[static_cast<std::size_t>(x)]) < target;
         ++tries) {
      const int y = neighbour_in_other_cage(geometry, labels, x, rng);
      if (y < 0) break;
      Labels trial = labels;
      merge_with_images(geometry, symmetry, trial, x, y);
      if (size_of_label(trial, trial[static_cast<std::size_t>(x)]) <= target &&
          valid_layout(trial, solution, shape.largest, symmetry))
        labels = std::move(trial);
    }
  }
  return cages_of(labels, solution);
}

std::vector<Cage> unique_symmetric_cages(const std::vector<Cage>& grown, const Grid& solution, Rng& rng,
                                         CageShape shape, Symmetry symmetry) {
  const Geometry& geometry = solution.geometry();
  const int cells = geometry.cell_count();
  Labels labels = labels_of(grown, cells);
  // Unique: while two solutions exist, split a cage on which they differ (with its images); a cage
  // that is its own image and splits no symmetric way falls apart into single cells.
  for (;;) {
    const std::vector<Cage> cages = cages_of(labels, solution);
    const SolutionCount count = count_layout(cages, geometry.size());
    if (count.count <= 1) return cages;
    std::vector<int> differing;
    for (int cell = 0; cell < cells; ++cell)
      if (size_of_label(labels, labels[static_cast<std::size_t>(cell)]) > 1 &&
          (*count.solution)[cell] != solution[cell])
        differing.push_back(cell);
    if (differing.empty())
      for (int cell = 0; cell < cells; ++cell)
        if (size_of_label(labels, labels[static_cast<std::size_t>(cell)]) > 1) differing.push_back(cell);
    const int x = differing[rng.below(static_cast<std::uint32_t>(differing.size()))];
    Labels trial = labels;
    if (split_with_images(geometry, symmetry, trial, x, rng) &&
        valid_layout(trial, solution, shape.largest, symmetry)) {
      labels = std::move(trial);
      continue;
    }
    for (int k = 0, cell = x; k < symmetry_order(symmetry); ++k) {
      const int image_label = labels[static_cast<std::size_t>(cell)];
      for (int c = 0; c < cells; ++c)
        if (labels[static_cast<std::size_t>(c)] == image_label)
          labels[static_cast<std::size_t>(c)] = fresh_label(labels);
      cell = symmetry_image(geometry, symmetry, cell);
    }
  }
}

std::vector<Cage> symmetric_unique_cages(const Grid& solution, Rng& rng, CageShape shape, Symmetry symmetry) {
  return unique_symmetric_cages(symmetric_cages(solution, rng, shape, symmetry, 0), solution, rng, shape, symmetry);
}

}  // namespace sudoku
