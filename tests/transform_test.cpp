#include "sudoku/transform.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

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

}  // namespace
}  // namespace sudoku
