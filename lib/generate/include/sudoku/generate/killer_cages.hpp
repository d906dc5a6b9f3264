// SPDX-License-Identifier: Apache-2.0
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

#include <optional>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/symmetry.hpp"

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

// The generator's Killer climb (hill_climber.hpp) works on layouts that cover the grid and keep a
// symmetry of the square: the image of every cage under `symmetry` is a cage, and two mirror cells
// share a cage only when that cage is its own image (Symmetry::none: any layout).
//
// symmetric_unique_cages: cages grown from single cells, each merge done together with its images,
// to sizes drawn from shape.smallest..shape.largest; then, while the Killer (no givens) has a second
// solution, a cage on which the two differ is split with its images (a cage that is its own image
// and has no symmetric split falls apart into single cells). Symmetric, unique, deterministic.
std::vector<Cage> symmetric_unique_cages(const Grid& solution, Rng& rng, CageShape shape, Symmetry symmetry);
// Its two halves, for a caller that can prove uniqueness more cheaply than a count (the climb's
// grader, hill_climber.hpp): symmetric_cages grows the layout (not yet unique); then
// unique_symmetric_cages splits it until the count finds one solution. A layout that is unique
// already comes back as it is, with no draw from `rng`, so proving it unique another way and
// skipping the second half gives the same layout and leaves `rng` where it would be.
// symmetric_cages' `aim` (0: none) is the number of cages the caller wants (a Killer level's
// range, calibration.hpp): sizes are then drawn from shape.smallest up to the size whose mean
// gives that many, not up to shape.largest, so a level of many small cages starts near its own
// layouts (easier to grade, unique more often) instead of far above them.
std::vector<Cage> symmetric_cages(const Grid& solution, Rng& rng, CageShape shape, Symmetry symmetry, int aim = 0);
std::vector<Cage> unique_symmetric_cages(const std::vector<Cage>& grown, const Grid& solution, Rng& rng,
                                         CageShape shape, Symmetry symmetry);

// The climb's moves on a layout: merge two neighbouring cages, split a cage in two connected parts,
// reshape (one cell moves to a neighbouring cage, whose old cage keeps at least shape.smallest
// cells); each together with its images under `symmetry`. Nullopt when the drawn move breaks a rule
// (a cage over shape.largest, a repeated value, a cage in pieces, a lost symmetry). Sums from
// `solution`; uniqueness is the caller's.
//   auto next = moved_cages(cages, solution, CageMove::merge, {2, 5}, Symmetry::rotate180, rng);
enum class CageMove { merge, split, reshape };
std::optional<std::vector<Cage>> moved_cages(const std::vector<Cage>& cages, const Grid& solution,
                                             CageMove move, CageShape shape, Symmetry symmetry, Rng& rng);

// True when `cages` are connected, repeat no value of `solution` and keep `symmetry` as above.
bool has_cage_symmetry(const std::vector<Cage>& cages, const Grid& solution, Symmetry symmetry);

// The sums of `cages` recomputed from `solution` (cells unchanged).
std::vector<Cage> with_sums_of(std::vector<Cage> cages, const Grid& solution);

}  // namespace sudoku
