// SPDX-License-Identifier: Apache-2.0
// Jigsaw layouts: random region maps for jigsaw books, connected, of equal size, seeded.
//
// Contract: random_jigsaw_layout(size, symmetry, rng) returns a jigsaw board (Geometry::jigsaw) that
// admits at least one solution grid (one was found by random_filled_grid), drawn from the seed alone.
// It starts from the standard boxes and trades border cells between neighbouring regions: each trade
// gives a cell of region A to region B and one of B to A, and is kept only when both stay
// connected. Under rotate180 every trade is made together with its half-turn image, so the layout is
// symmetric under a half turn (the standard boxes are; a trade that would meet its own image is
// skipped); other symmetries give layouts without symmetry (a quarter turn or a mirror maps boxes
// to boxes too, but trading in fours was not worth the code yet).
//   Rng rng(seed);
//   auto board = random_jigsaw_layout(9, Symmetry::rotate180, rng);
#pragma once

#include <memory>

#include "sudoku/base/random.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/symmetry.hpp"

namespace sudoku {

std::shared_ptr<const Geometry> random_jigsaw_layout(int size, Symmetry symmetry, Rng& rng);

}  // namespace sudoku
