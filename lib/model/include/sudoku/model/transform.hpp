// SPDX-License-Identifier: Apache-2.0
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
//
// Variants: a transform is valid for a board with extra units (X, Windoku, Asterisk, Centre-dot)
// when it is valid for its boxes and also maps the extra units onto themselves; for a jigsaw board
// when it is one of the 8 symmetries of the square (row_of and col_of each the identity or the
// reversal, transposed or not) that maps the region partition onto itself. On a jigsaw board apply()
// also takes the other square symmetries and carries the region map along: the image is then on the
// mapped layout (regions renumbered in order of first appearance). docs/canonical-form.md lists
// each variant's group.
//
//   Rng rng(seed);
//   const Transform t = random_transform(puzzle.geometry(), rng);
//   const Grid image = apply(t, puzzle);    // as many solutions, the same canonical form
//   assert(apply(inverse(t, puzzle.geometry()), image) == puzzle);
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

struct Transform {
  bool transpose = false;
  std::array<std::uint8_t, kMaxSize> row_of{};       // image row r comes from source row row_of[r]
  std::array<std::uint8_t, kMaxSize> col_of{};       // image column c comes from source column col_of[c]
  std::array<std::uint8_t, kMaxSize + 1> relabel{};  // value v becomes relabel[v]; relabel[0] = 0

  static Transform identity(const Geometry& geometry);
};

// The cell maps (relabel the identity) of the group of a board with rules beyond rows, columns and
// boxes: the transforms valid for it, as above, without relabelling; identity first. Enumerated for
// boards up to 9x9; for X above that only the 8 symmetries of the square are listed (the whole group
// has up to millions of members). Empty for classic boards (their group is the whole band/stack
// group). Cached for the shared geometries, computed for jigsaw boards (8 checks).
//   for (const Transform& map : rule_symmetries(*Geometry::variant(Variant::x))) ...  // 96 maps
std::vector<Transform> rule_symmetries(const Geometry& geometry);
// The 8 symmetries of the square as cell maps of a board of `size`, identity first.
std::vector<Transform> square_symmetries(int size);
// True when every unit of `geometry` is the image of a unit under the cell map of `transform`.
bool maps_units_onto_units(const Transform& transform, const Geometry& geometry);

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
