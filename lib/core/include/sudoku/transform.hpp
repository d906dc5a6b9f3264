// Validity-preserving transforms of a board: permutations of bands, of rows within a band, of
// stacks, of columns within a stack, transposition (square boxes only), and relabelling of values.
//
// Contract: applying a transform to a puzzle maps its solutions one-to-one onto the solutions of the
// image, so solution counts, canonical forms and ratings are invariant. Used by property tests and
// by deduplication.
#pragma once

#include <array>
#include <cstdint>

#include "sudoku/grid.hpp"
#include "sudoku/random.hpp"

namespace sudoku {

struct Transform {
  bool transpose = false;
  std::array<std::uint8_t, kMaxSize> row_of{};    // image row r comes from source row row_of[r]
  std::array<std::uint8_t, kMaxSize> col_of{};    // image column c comes from source column col_of[c]
  std::array<std::uint8_t, kMaxSize + 1> relabel{};  // value v becomes relabel[v]; relabel[0] = 0

  static Transform identity(const Geometry& geometry);
};

// A uniformly drawn member of the geometry's transform group.
Transform random_transform(const Geometry& geometry, Rng& rng);

Grid apply(const Transform& transform, const Grid& grid);

}  // namespace sudoku
