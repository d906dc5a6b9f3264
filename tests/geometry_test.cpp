#include "sudoku/geometry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace sudoku {
namespace {

TEST(Geometry, StandardSizesHaveTheirUsualBoxes) {
  for (int n : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(n);
    EXPECT_EQ(geometry->size(), n);
    EXPECT_EQ(geometry->box_rows() * geometry->box_cols(), n);
    EXPECT_EQ(geometry->units().size(), static_cast<std::size_t>(3 * n));
  }
  EXPECT_EQ(Geometry::standard(6)->box_rows(), 2);
  EXPECT_EQ(Geometry::standard(6)->box_cols(), 3);
  EXPECT_EQ(Geometry::standard(12)->box_rows(), 3);
  EXPECT_EQ(Geometry::standard(12)->box_cols(), 4);
}

TEST(Geometry, UnsupportedSizeIsRejected) {
  EXPECT_THROW(Geometry::standard(8), std::invalid_argument);
  EXPECT_THROW(Geometry::with_boxes(6, 6), std::invalid_argument);
  EXPECT_THROW(Geometry::with_boxes(0, 3), std::invalid_argument);
}

TEST(Geometry, StandardGeometriesAreShared) {
  EXPECT_EQ(Geometry::standard(9).get(), Geometry::standard(9).get());
  EXPECT_EQ(Geometry::standard(6).get(), Geometry::with_boxes(2, 3).get());
  EXPECT_NE(Geometry::with_boxes(2, 3).get(), Geometry::with_boxes(3, 2).get());
}

TEST(Geometry, EveryUnitHoldsEachCellOnceAndEveryCellIsInThreeUnits) {
  for (int n : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(n);
    for (const auto& unit : geometry->units()) {
      EXPECT_EQ(std::set<int>(unit.begin(), unit.end()).size(), static_cast<std::size_t>(n));
    }
    for (int cell = 0; cell < geometry->cell_count(); ++cell) {
      const auto units = geometry->units_of(cell);
      ASSERT_EQ(units.size(), 3U);
      for (int u : units) {
        const auto& unit = geometry->units()[static_cast<std::size_t>(u)];
        EXPECT_NE(std::find(unit.begin(), unit.end(), cell), unit.end());
      }
    }
  }
}

TEST(Geometry, PeersAreTheOtherCellsOfTheUnits) {
  const auto geometry = Geometry::standard(9);
  // 8 in the row, 8 in the column, 4 more in the box.
  const auto peers = geometry->peers(40);
  EXPECT_EQ(peers.size(), 20U);
  EXPECT_TRUE(std::is_sorted(peers.begin(), peers.end()));
  EXPECT_EQ(std::count(peers.begin(), peers.end(), 40), 0);
  const auto six = Geometry::standard(6);
  EXPECT_EQ(six->peers(0).size(), 5U + 5U + 2U);  // 2x3 box adds the 2 cells of the other row
}

TEST(Geometry, BoxOfMatchesTheBoxUnits) {
  for (int n : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(n);
    for (int b = 0; b < n; ++b) {
      for (int cell : geometry->units()[static_cast<std::size_t>(2 * n + b)])
        EXPECT_EQ(geometry->box_of(cell), b);
    }
  }
}

TEST(Geometry, SymbolsRoundTrip) {
  for (int v = 1; v <= 25; ++v) EXPECT_EQ(symbol_value(value_symbol(v), 25), v);
  EXPECT_EQ(value_symbol(10), 'A');
  EXPECT_EQ(value_symbol(16), 'G');
  EXPECT_EQ(value_symbol(25), 'P');
  EXPECT_EQ(symbol_value('.', 9), 0);
  EXPECT_EQ(symbol_value('0', 9), 0);
  EXPECT_EQ(symbol_value('a', 16), 10);
  EXPECT_EQ(symbol_value('A', 9), -1);
  EXPECT_EQ(symbol_value('x', 25), -1);
  EXPECT_EQ(symbol_value('5', 4), -1);
}

TEST(Geometry, Describe) {
  EXPECT_EQ(Geometry::standard(9)->describe(), "9x9");
  EXPECT_EQ(Geometry::with_boxes(3, 2)->describe(), "6x6 (3x2 boxes)");
}

}  // namespace
}  // namespace sudoku
