// Killer cage layouts: a random partition of a solution grid into cages, the generator's start.
//
// Contract: random_cages(solution, rng, shape) covers every cell of the complete `solution` with
// connected cages (edge-adjacent cells) in which no value repeats, each summed from the solution,
// so the solution always satisfies them. Cage sizes are drawn from shape.smallest..shape.largest
// (a cage stops short when no neighbour fits; a cell left alone joins a neighbouring cage that can
// take its value and has room, else stays a one-cell cage). The same solution, seed and shape give the same
// cages. Cages come in the order of their smallest cell, cells ascending.
//
//   Rng rng(seed);
//   auto killer = Geometry::killer(unique_killer_cages(solution, rng, {}));  // a unique newspaper Killer
#pragma once

#include <vector>

#include "sudoku/geometry.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/random.hpp"

namespace sudoku {

struct CageShape {
  int smallest = 2;  // cage sizes drawn uniformly from smallest..largest
  int largest = 5;
};

std::vector<Cage> random_cages(const Grid& solution, Rng& rng, CageShape shape = {});

// A cage layout of `solution` whose Killer puzzle (no givens) has that solution alone: random_cages,
// then, while a second solution exists, a cage on which the two solutions differ (or, when the
// first solution found is `solution` itself, a random cage) is split in two connected parts; then
// neighbouring cages are merged, in a random order, wherever the merged cage repeats no value,
// holds at most shape.largest cells and the puzzle stays unique (fewer, larger cages read harder).
// Deterministic for the same solution, seed and shape. Not yet levelled: no Killer difficulty
// band steers it (see docs/rating.md).
std::vector<Cage> unique_killer_cages(const Grid& solution, Rng& rng, CageShape shape = {});

// The sums of `cages` recomputed from `solution` (cells unchanged).
std::vector<Cage> with_sums_of(std::vector<Cage> cages, const Grid& solution);

}  // namespace sudoku
