// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/transform.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sudoku/generate/hill_climber.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::pattern_solution;

// Every box shape the transforms must handle: the standard sizes plus oblong shapes both ways.
std::vector<std::shared_ptr<const Geometry>> all_shapes() {
  std::vector<std::shared_ptr<const Geometry>> shapes;
  for (int size : Geometry::supported_sizes()) shapes.push_back(Geometry::standard(size));
  shapes.push_back(Geometry::with_boxes(3, 2));
  shapes.push_back(Geometry::with_boxes(2, 4));
  shapes.push_back(Geometry::with_boxes(4, 3));
  return shapes;
}

Grid some_puzzle(const Grid& solution, std::uint64_t seed) {
  Rng rng(seed);
  Grid puzzle = solution;
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    if (rng.below(3) != 0) puzzle.clear(cell);
  return puzzle;
}

TEST(Transform, PatternSolutionsAreValid) {
  for (const auto& geometry : all_shapes()) {
    const Grid solution = pattern_solution(geometry);
    EXPECT_TRUE(solution.is_complete());
    EXPECT_FALSE(find_conflict(solution)) << geometry->describe();
  }
}

TEST(Transform, IdentityLeavesGridsAlone) {
  for (const auto& geometry : all_shapes()) {
    const Grid puzzle = some_puzzle(pattern_solution(geometry), 1);
    const Transform identity = Transform::identity(*geometry);
    EXPECT_TRUE(is_valid(identity, *geometry));
    EXPECT_EQ(apply(identity, puzzle), puzzle) << geometry->describe();
  }
}

TEST(Transform, RandomTransformsAreValidAndDeterministic) {
  for (const auto& geometry : all_shapes()) {
    Rng rng(2024);
    Rng same(2024);
    for (int i = 0; i < 200; ++i) {
      const Transform t = random_transform(*geometry, rng);
      const Transform u = random_transform(*geometry, same);
      EXPECT_TRUE(is_valid(t, *geometry)) << geometry->describe();
      EXPECT_EQ(t.transpose, u.transpose);
      EXPECT_EQ(t.row_of, u.row_of);
      EXPECT_EQ(t.col_of, u.col_of);
      EXPECT_EQ(t.relabel, u.relabel);
      if (geometry->box_rows() != geometry->box_cols()) {
        EXPECT_FALSE(t.transpose);
      }
    }
  }
}

TEST(Transform, SolutionsMapToSolutionsOfTheImage) {
  for (const auto& geometry : all_shapes()) {
    Rng rng(99);
    const Grid solution = pattern_solution(geometry);
    for (int i = 0; i < 50; ++i) {
      const Grid puzzle = some_puzzle(solution, static_cast<std::uint64_t>(i));
      const Transform t = random_transform(*geometry, rng);
      const Grid image = apply(t, solution);
      EXPECT_TRUE(image.is_complete());
      EXPECT_FALSE(find_conflict(image)) << geometry->describe();
      EXPECT_TRUE(is_solution_of(image, apply(t, puzzle))) << geometry->describe();
      EXPECT_EQ(apply(t, puzzle).givens(), puzzle.givens());
    }
  }
}

TEST(Transform, ComposeAndInverseAgreeWithApply) {
  for (const auto& geometry : all_shapes()) {
    Rng rng(7);
    const Grid puzzle = some_puzzle(pattern_solution(geometry), 3);
    const Transform identity = Transform::identity(*geometry);
    for (int i = 0; i < 100; ++i) {
      const Transform a = random_transform(*geometry, rng);
      const Transform b = random_transform(*geometry, rng);
      const Transform ab = compose(a, b, *geometry);
      EXPECT_TRUE(is_valid(ab, *geometry));
      EXPECT_EQ(apply(ab, puzzle), apply(b, apply(a, puzzle))) << geometry->describe();
      const Transform undo = inverse(a, *geometry);
      EXPECT_EQ(apply(undo, apply(a, puzzle)), puzzle) << geometry->describe();
      EXPECT_EQ(apply(compose(undo, a, *geometry), puzzle), puzzle);
      EXPECT_EQ(apply(compose(a, identity, *geometry), puzzle), apply(a, puzzle));
      // Associativity, checked through its action on a grid.
      const Transform c = random_transform(*geometry, rng);
      EXPECT_EQ(apply(compose(compose(a, b, *geometry), c, *geometry), puzzle),
                apply(compose(a, compose(b, c, *geometry), *geometry), puzzle));
    }
  }
}

TEST(Transform, TranspositionSwapsRowsAndColumns) {
  const auto geometry = Geometry::standard(9);
  const Grid puzzle = some_puzzle(pattern_solution(geometry), 5);
  Transform t = Transform::identity(*geometry);
  t.transpose = true;
  const Grid image = apply(t, puzzle);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) EXPECT_EQ(image.at(r, c), puzzle.at(c, r));
  EXPECT_EQ(apply(t, image), puzzle);
}

TEST(Transform, InvalidTransformsAreRejected) {
  const auto geometry = Geometry::standard(9);
  const Grid puzzle = some_puzzle(pattern_solution(geometry), 5);

  Transform mixes_bands = Transform::identity(*geometry);
  std::swap(mixes_bands.row_of[2], mixes_bands.row_of[3]);  // rows 2 and 3 lie in different bands
  EXPECT_FALSE(is_valid(mixes_bands, *geometry));
  EXPECT_THROW(apply(mixes_bands, puzzle), std::invalid_argument);

  Transform mixes_stacks = Transform::identity(*geometry);
  std::swap(mixes_stacks.col_of[5], mixes_stacks.col_of[6]);
  EXPECT_FALSE(is_valid(mixes_stacks, *geometry));

  Transform repeats_a_row = Transform::identity(*geometry);
  repeats_a_row.row_of[1] = 0;
  EXPECT_FALSE(is_valid(repeats_a_row, *geometry));

  Transform moves_blank = Transform::identity(*geometry);
  moves_blank.relabel[0] = 1;
  moves_blank.relabel[1] = 0;
  EXPECT_FALSE(is_valid(moves_blank, *geometry));

  Transform merges_values = Transform::identity(*geometry);
  merges_values.relabel[2] = 1;
  EXPECT_FALSE(is_valid(merges_values, *geometry));

  // 6x6 boxes are 2 rows by 3 columns: a transposed grid would need 3x2 boxes.
  const auto oblong = Geometry::standard(6);
  Transform transposes = Transform::identity(*oblong);
  transposes.transpose = true;
  EXPECT_FALSE(is_valid(transposes, *oblong));
  EXPECT_THROW(apply(transposes, Grid(oblong)), std::invalid_argument);
}

TEST(Transform, BandSwapsAndStackSwapsAreAllowed) {
  const auto geometry = Geometry::standard(6);  // 3 bands of 2 rows, 2 stacks of 3 columns
  Transform t = Transform::identity(*geometry);
  t.row_of = {4, 5, 0, 1, 2, 3};
  t.col_of = {3, 5, 4, 0, 1, 2};
  EXPECT_TRUE(is_valid(t, *geometry));
  const Grid image = apply(t, pattern_solution(geometry));
  EXPECT_FALSE(find_conflict(image));
}

// 4x4 has 2 (transpose) * 8 (rows) * 8 (columns) = 128 row/column maps and 24 relabellings; a
// uniform draw must hit each about equally often.
TEST(Transform, RandomTransformIsUniformOn4x4) {
  const auto geometry = Geometry::standard(4);
  Rng rng(31337);
  using Key = std::tuple<bool, std::array<std::uint8_t, 4>, std::array<std::uint8_t, 4>>;
  std::map<Key, int> maps;
  std::map<std::array<std::uint8_t, 5>, int> relabellings;
  const int draws = 128 * 200;
  for (int i = 0; i < draws; ++i) {
    const Transform t = random_transform(*geometry, rng);
    ++maps[{t.transpose,
            {t.row_of[0], t.row_of[1], t.row_of[2], t.row_of[3]},
            {t.col_of[0], t.col_of[1], t.col_of[2], t.col_of[3]}}];
    ++relabellings[{t.relabel[0], t.relabel[1], t.relabel[2], t.relabel[3], t.relabel[4]}];
  }
  ASSERT_EQ(maps.size(), 128U);
  for (const auto& [key, count] : maps) {  // mean 200, sd about 14
    EXPECT_GT(count, 130);
    EXPECT_LT(count, 270);
  }
  ASSERT_EQ(relabellings.size(), 24U);
  for (const auto& [key, count] : relabellings) {  // mean 1067, sd about 32
    EXPECT_GT(count, 900);
    EXPECT_LT(count, 1230);
  }
}

bool same_cell_map(const Transform& a, const Transform& b, int size) {
  return a.transpose == b.transpose &&
         std::equal(a.row_of.begin(), a.row_of.begin() + size, b.row_of.begin()) &&
         std::equal(a.col_of.begin(), a.col_of.begin() + size, b.col_of.begin());
}

bool contains_map(const std::vector<Transform>& maps, const Transform& map, int size) {
  return std::any_of(maps.begin(), maps.end(),
                     [&](const Transform& m) { return same_cell_map(m, map, size); });
}

TEST(TransformVariants, EveryRuleSymmetryMapsTheUnitsOntoThemselvesAndTheyFormAGroup) {
  // The group orders docs/canonical-form.md lists.
  const std::map<std::string, std::size_t> orders{
      {"x_4x4", 16},     {"x_6x6", 8},      {"x_9x9", 96},
      {"windoku", 128},  {"asterisk", 32},  {"centre_dot", 4608},
      {"jigsaw_6x6", 1}, {"jigsaw_9x9", 1}, {"jigsaw_9x9_half_turn", 2}};
  for (const auto& [name, geometry] : testing::variant_boards()) {
    const int size = geometry->size();
    const std::vector<Transform> maps = rule_symmetries(*geometry);
    EXPECT_EQ(maps.size(), orders.at(name)) << name;
    ASSERT_FALSE(maps.empty());
    EXPECT_TRUE(same_cell_map(maps.front(), Transform::identity(*geometry), size)) << name;
    Rng rng(derive_seed(0x6a0c, maps.size()));
    for (const Transform& map : maps) {
      EXPECT_TRUE(maps_units_onto_units(map, *geometry)) << name;
      EXPECT_TRUE(is_valid(map, *geometry)) << name;
      // Closed under composition and inverses (sampled pairs for the large groups).
      const Transform& other = maps[rng.below(static_cast<std::uint32_t>(maps.size()))];
      EXPECT_TRUE(contains_map(maps, compose(map, other, *geometry), size)) << name;
      EXPECT_TRUE(contains_map(maps, inverse(map, *geometry), size)) << name;
    }
  }
}

TEST(TransformVariants, NoTransformOutsideTheListKeepsTheUnits) {
  // Random members of the classic group (and, for jigsaw boards, the square's symmetries) that map
  // the variant's units onto themselves are exactly the listed ones.
  for (const auto& [name, geometry] : testing::variant_boards()) {
    const int size = geometry->size();
    const std::vector<Transform> maps = rule_symmetries(*geometry);
    std::vector<Transform> candidates = square_symmetries(size);
    Rng rng(derive_seed(0xc1a55, static_cast<std::uint64_t>(size)));
    // Under the sanitizers every study_stride()th random map is checked (all are still drawn).
    if (geometry->has_regular_boxes())
      for (int i = 0; i < 20000; ++i) {
        Transform map = random_transform(*Geometry::standard(size), rng);
        if (i % testing::study_stride() == 0) candidates.push_back(std::move(map));
      }
    // Every listed map too, so that both directions are checked on every board.
    candidates.insert(candidates.end(), maps.begin(), maps.end());
    for (const Transform& candidate : candidates) {
      const bool box_valid = !geometry->has_regular_boxes() || is_valid(candidate, *Geometry::standard(size));
      EXPECT_EQ(box_valid && maps_units_onto_units(candidate, *geometry), contains_map(maps, candidate, size))
          << name;
    }
  }
}

TEST(TransformVariants, RandomTransformsKeepVariantSolutionsValid) {
  for (const auto& [name, geometry] : testing::variant_boards()) {
    Rng rng(derive_seed(0x501, static_cast<std::uint64_t>(geometry->size())));
    const Grid solution = random_solution_grid(geometry, rng);
    for (int i = 0; i < 50; ++i) {
      const Transform transform = random_transform(*geometry, rng);
      EXPECT_TRUE(is_valid(transform, *geometry)) << name;
      const Grid image = apply(transform, solution);
      EXPECT_EQ(image.geometry_ptr(), geometry) << name;
      EXPECT_TRUE(is_solution_of(image, Grid(geometry))) << name;
    }
  }
}

TEST(TransformVariants, SquareSymmetriesCarryAJigsawLayoutAlong) {
  const auto geometry = testing::variant_boards()[7].geometry;  // jigsaw_9x9, no symmetry of its own
  Rng rng(7);
  const Grid solution = random_solution_grid(geometry, rng);
  for (const Transform& map : square_symmetries(9)) {
    const Grid image = apply(map, solution);
    EXPECT_TRUE(is_solution_of(image, Grid(image.geometry_ptr())));
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) {
        // Two cells share a region in the image exactly when their sources did.
        const int from = map.transpose ? geometry->cell_at(map.col_of[static_cast<std::size_t>(c)],
                                                           map.row_of[static_cast<std::size_t>(r)])
                                       : geometry->cell_at(map.row_of[static_cast<std::size_t>(r)],
                                                           map.col_of[static_cast<std::size_t>(c)]);
        EXPECT_EQ(image.at(r, c), solution[from]);
        EXPECT_EQ(image.geometry().box_of(image.geometry().cell_at(r, c)) == image.geometry().box_of(0),
                  geometry->box_of(from) ==
                      geometry->box_of(map.transpose ? geometry->cell_at(map.col_of[0], map.row_of[0])
                                                     : geometry->cell_at(map.row_of[0], map.col_of[0])));
      }
  }
  // A band swap is no symmetry of a jigsaw board.
  Transform swap = Transform::identity(*geometry);
  std::swap(swap.row_of[0], swap.row_of[3]);
  EXPECT_THROW(apply(swap, solution), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
