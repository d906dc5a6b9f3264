// Validity-preserving transforms of a board: permutations of bands, of rows within a band, of
// stacks, of columns within a stack, transposition (square boxes only), and relabelling of values.
//
// Contract: applying a transform to a puzzle maps its solutions one-to-one onto the solutions of the
// image, so solution counts, canonical forms and ratings are invariant. Used by property tests and
// by deduplication.
//
// Meaning of the fields: the source is first transposed when `transpose` is set, then
// image(r, c) = relabel[source(row_of[r], col_of[c])]. A transform is valid for a geometry when
// row_of keeps the rows of each band together (and likewise col_of for stacks), relabel permutes
// 1..size with relabel[0] == 0, and transpose is only set for square boxes. Entries past the
// geometry's size are ignored.
#pragma once

#include <array>
#include <cstdint>

#include "sudoku/grid.hpp"
#include "sudoku/random.hpp"

namespace sudoku {

struct Transform {
  bool transpose = false;
  std::array<std::uint8_t, kMaxSize> row_of{};       // image row r comes from source row row_of[r]
  std::array<std::uint8_t, kMaxSize> col_of{};       // image column c comes from source column col_of[c]
  std::array<std::uint8_t, kMaxSize + 1> relabel{};  // value v becomes relabel[v]; relabel[0] = 0

  static Transform identity(const Geometry& geometry);
};

// A uniformly drawn member of the geometry's transform group.
Transform random_transform(const Geometry& geometry, Rng& rng);

// Throws std::invalid_argument when the transform is not valid for the grid's geometry.
Grid apply(const Transform& transform, const Grid& grid);

// True when `transform` is a member of the geometry's transform group (see the field notes above).
bool is_valid(const Transform& transform, const Geometry& geometry);

// The transform that applies `first`, then `second`: apply(compose(a, b), g) == apply(b, apply(a, g)).
Transform compose(const Transform& first, const Transform& second, const Geometry& geometry);

// The transform undoing `transform`: apply(inverse(t), apply(t, g)) == g.
Transform inverse(const Transform& transform, const Geometry& geometry);

}  // namespace sudoku
