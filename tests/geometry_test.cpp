// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/geometry.hpp"

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

// Peers recomputed from the units and cages by brute force: the index must agree with it.
std::vector<int> brute_peers(const Geometry& geometry, int cell) {
  std::set<int> peers;
  for (const auto& unit : geometry.units())
    if (std::find(unit.begin(), unit.end(), cell) != unit.end()) peers.insert(unit.begin(), unit.end());
  for (const Cage& cage : geometry.cages())
    if (std::find(cage.cells.begin(), cage.cells.end(), cell) != cage.cells.end())
      peers.insert(cage.cells.begin(), cage.cells.end());
  peers.erase(cell);
  return {peers.begin(), peers.end()};
}

void expect_consistent_index(const Geometry& geometry) {
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto peers = geometry.peers(cell);
    EXPECT_EQ(std::vector<int>(peers.begin(), peers.end()), brute_peers(geometry, cell)) << "cell " << cell;
    std::vector<int> units;
    for (int u = 0; u < static_cast<int>(geometry.units().size()); ++u) {
      const auto& unit = geometry.units()[static_cast<std::size_t>(u)];
      if (std::find(unit.begin(), unit.end(), cell) != unit.end()) units.push_back(u);
    }
    const auto of = geometry.units_of(cell);
    EXPECT_EQ(std::vector<int>(of.begin(), of.end()), units) << "cell " << cell;
  }
  for (const auto& unit : geometry.units()) {
    EXPECT_EQ(unit.size(), static_cast<std::size_t>(geometry.size()));
    EXPECT_EQ(std::set<int>(unit.begin(), unit.end()).size(), unit.size());
  }
}

TEST(GeometryVariant, NamesRoundTrip) {
  for (Variant variant : all_variants()) EXPECT_EQ(parse_variant(variant_name(variant)), variant);
  EXPECT_EQ(parse_variant("centre-dot"), Variant::centre_dot);
  EXPECT_FALSE(parse_variant("diagonal").has_value());
}

TEST(GeometryVariant, FixedVariantsAddTheirUnits) {
  const auto x = Geometry::variant(Variant::x);
  EXPECT_EQ(x->units().size(), 29U);
  EXPECT_EQ(x->units_of(0).size(), 4U);   // r1c1: row, column, box, main diagonal
  EXPECT_EQ(x->units_of(40).size(), 5U);  // r5c5 is on both diagonals
  EXPECT_EQ(x->units_of(1).size(), 3U);
  EXPECT_EQ(x->describe(), "9x9 X");
  EXPECT_EQ(Geometry::variant(Variant::windoku)->units().size(), 31U);
  EXPECT_EQ(Geometry::variant(Variant::asterisk)->units().size(), 28U);
  EXPECT_EQ(Geometry::variant(Variant::centre_dot)->units().size(), 28U);
  // The asterisk holds one cell of each box; so does the centre-dot unit.
  for (Variant variant : {Variant::asterisk, Variant::centre_dot}) {
    const auto geometry = Geometry::variant(variant);
    std::set<int> boxes;
    for (int cell : geometry->units().back()) boxes.insert(geometry->box_of(cell));
    EXPECT_EQ(boxes.size(), 9U) << variant_name(variant);
  }
  // Windoku's windows: r2-4/r6-8 x c2-4/c6-8.
  const auto windoku = Geometry::variant(Variant::windoku);
  EXPECT_EQ(windoku->units()[27], (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  for (Variant variant :
       {Variant::classic, Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot}) {
    const auto geometry = Geometry::variant(variant);
    EXPECT_EQ(geometry.get(), Geometry::variant(variant).get()) << "interned";
    EXPECT_EQ(geometry->variant(), variant);
    expect_consistent_index(*geometry);
  }
  EXPECT_EQ(Geometry::variant(Variant::classic).get(), Geometry::standard(9).get());
}

TEST(GeometryVariant, XFitsEverySizeTheOthersOnly9x9) {
  for (int n : Geometry::supported_sizes()) {
    const auto x = Geometry::variant(Variant::x, n);
    EXPECT_EQ(x->units().size(), static_cast<std::size_t>(3 * n + 2));
    expect_consistent_index(*x);
  }
  EXPECT_THROW(Geometry::variant(Variant::windoku, 16), std::invalid_argument);
  EXPECT_THROW(Geometry::variant(Variant::asterisk, 6), std::invalid_argument);
  EXPECT_THROW(Geometry::variant(Variant::jigsaw), std::invalid_argument);
  EXPECT_THROW(Geometry::variant(Variant::killer), std::invalid_argument);
}

// Nine horizontal strips of a 9x9 board are nine connected regions of nine cells: rows twice.
std::vector<int> strips(int n) {
  std::vector<int> regions;
  for (int cell = 0; cell < n * n; ++cell) regions.push_back(cell / n);
  return regions;
}

TEST(GeometryJigsaw, RegionsReplaceTheBoxes) {
  // The standard boxes, given as a region map, give the standard units back.
  std::vector<int> boxes;
  const auto standard = Geometry::standard(9);
  for (int cell = 0; cell < 81; ++cell) boxes.push_back(standard->box_of(cell));
  const auto jigsaw = Geometry::jigsaw(boxes);
  EXPECT_EQ(jigsaw->units(), standard->units());
  EXPECT_EQ(jigsaw->variant(), Variant::jigsaw);
  EXPECT_FALSE(jigsaw->has_regular_boxes());
  EXPECT_FALSE(same_rules(*jigsaw, *standard));  // the variant differs
  EXPECT_TRUE(same_rules(*jigsaw, *Geometry::jigsaw(boxes)));
  const auto rows = Geometry::jigsaw(strips(9));
  for (int cell = 0; cell < 81; ++cell) EXPECT_EQ(rows->box_of(cell), cell / 9);
  expect_consistent_index(*rows);
  EXPECT_EQ(rows->peers(0).size(), 16U);  // row and column only: the region is the row
  for (int n : Geometry::supported_sizes()) expect_consistent_index(*Geometry::jigsaw(strips(n)));
}

TEST(GeometryJigsaw, BadRegionMapsNameTheirFault) {
  const auto message = [](std::vector<int> regions) {
    try {
      Geometry::jigsaw(regions);
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  auto regions = strips(9);
  EXPECT_EQ(message(std::vector<int>(80, 0)),
            "a jigsaw region map needs n*n entries for a supported n (4, 6, 9, 12, 16, 25), got 80");
  regions[4] = 9;
  EXPECT_EQ(message(regions), "region id 10 at r1c5 is outside 1-9");
  regions = strips(9);
  regions[0] = 1;  // region 1 loses a cell, region 2 gains one
  EXPECT_EQ(message(regions), "region 1 has 8 cells, expected 9");
  regions = strips(9);
  std::swap(regions[4], regions[13]);  // r1c5 <-> r2c5: both regions keep 9 cells, both split
  EXPECT_EQ(message(regions), "region 1 is not connected (it starts at r1c1)");
}

TEST(GeometryKiller, CagesArePeersButNotUnits) {
  // Cage 3 joins cells that share no unit (r3c4 and r4c5): they become peers all the same.
  const auto killer = Geometry::killer({{3, {0, 1}}, {17, {11, 2, 20}}, {15, {21, 30, 31}}});
  EXPECT_EQ(killer->units().size(), 27U);
  EXPECT_EQ(killer->cages().size(), 3U);
  EXPECT_EQ(killer->cages()[1].cells, (std::vector<int>{2, 11, 20}));  // sorted
  EXPECT_EQ(killer->cage_of(11), 1);
  EXPECT_EQ(killer->cage_of(40), -1);
  const auto peers_of_21 = killer->peers(21);
  EXPECT_TRUE(std::find(peers_of_21.begin(), peers_of_21.end(), 31) != peers_of_21.end());
  EXPECT_EQ(killer->describe(), "9x9 killer (3 cages)");
  expect_consistent_index(*killer);
  // Killer X: the diagonals stay units.
  const auto killer_x = Geometry::killer({{45, {0, 1, 2, 3, 4, 5, 6, 7, 8}}}, Geometry::variant(Variant::x));
  EXPECT_EQ(killer_x->units().size(), 29U);
  EXPECT_EQ(killer_x->base_variant(), Variant::x);
  expect_consistent_index(*killer_x);
}

TEST(GeometryKiller, BadCagesNameTheirFault) {
  const auto message = [](std::vector<Cage> cages) {
    try {
      Geometry::killer(std::move(cages));
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({{3, {0, 1}}, {4, {1, 2}}}), "cage 2 overlaps cage 1 at r1c2");
  EXPECT_EQ(message({{3, {0, 2}}}), "cage 1 is not connected (it starts at r1c1)");
  EXPECT_EQ(message({{2, {0}}}), "no error");
  EXPECT_EQ(message({{10, {0}}}), "cage 1 sums to 10, but 1 distinct values 1-9 add up to 1-9");
  EXPECT_EQ(message({{46, {0, 1, 2, 3, 4}}}), "cage 1 sums to 46, but 5 distinct values 1-9 add up to 15-35");
  EXPECT_EQ(message({{5, {0, 0}}}), "cage 1 lists r1c1 twice");
  EXPECT_EQ(message({{5, {81}}}), "cage 1: cell 81 is outside 0-80");
  EXPECT_EQ(message({{5, {}}}), "cage 1 has no cells");
}

}  // namespace
}  // namespace sudoku
