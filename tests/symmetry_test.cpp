// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/symmetry.hpp"

#include <gtest/gtest.h>

#include <set>

namespace sudoku {
namespace {

TEST(Symmetry, OrbitsPartitionTheCells) {
  for (int n : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(n);
    for (const auto symmetry :
         {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror, Symmetry::diagonal}) {
      std::set<int> cells;
      for (const auto& orbit : cell_orbits(*geometry, symmetry))
        for (int cell : orbit) EXPECT_TRUE(cells.insert(cell).second);
      EXPECT_EQ(cells.size(), static_cast<std::size_t>(geometry->cell_count()));
    }
  }
}

TEST(Symmetry, OrbitSizesOnNineByNine) {
  const auto geometry = Geometry::standard(9);
  EXPECT_EQ(cell_orbits(*geometry, Symmetry::none).size(), 81U);
  EXPECT_EQ(cell_orbits(*geometry, Symmetry::rotate180).size(), 41U);  // 40 pairs and the centre
  EXPECT_EQ(cell_orbits(*geometry, Symmetry::rotate90).size(), 21U);   // 20 quadruples and the centre
  EXPECT_EQ(cell_orbits(*geometry, Symmetry::mirror).size(), 45U);     // 36 pairs and the middle column
  EXPECT_EQ(cell_orbits(*geometry, Symmetry::diagonal).size(), 45U);   // 36 pairs and the diagonal
}

TEST(Symmetry, PatternCheck) {
  Grid grid(Geometry::standard(9));
  grid.set(0, 5);
  EXPECT_TRUE(has_symmetry(grid, Symmetry::none));
  EXPECT_FALSE(has_symmetry(grid, Symmetry::rotate180));
  grid.set(80, 3);
  EXPECT_TRUE(has_symmetry(grid, Symmetry::rotate180));
  EXPECT_FALSE(has_symmetry(grid, Symmetry::mirror));
  EXPECT_TRUE(has_symmetry(grid, Symmetry::diagonal));
}

TEST(Symmetry, Names) {
  EXPECT_EQ(parse_symmetry("rotate90"), Symmetry::rotate90);
  EXPECT_EQ(to_string(Symmetry::mirror), "mirror");
  EXPECT_THROW(parse_symmetry("spiral"), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
