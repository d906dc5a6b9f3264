// SPDX-License-Identifier: Apache-2.0
// Jigsaw layouts: valid region maps, symmetric under a half turn when asked, varied, seeded, solvable.
#include "sudoku/generate/jigsaw_layout.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace sudoku {
namespace {

TEST(JigsawLayout, HalfTurnLayoutsAreSymmetricVariedAndSolvable) {
  for (const int size : {6, 9}) {
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Rng rng(seed);
      const auto board = random_jigsaw_layout(size, Symmetry::rotate180, rng);
      const std::string layout = regions_line(*board);
      // Geometry::jigsaw validated it (n connected regions of n cells); read back, it is the same.
      EXPECT_EQ(regions_line(*parse_regions(layout)), layout);
      const int last = size * size - 1;
      for (int a = 0; a <= last; ++a)
        for (int b = 0; b <= last; ++b)
          ASSERT_EQ(board->box_of(a) == board->box_of(b), board->box_of(last - a) == board->box_of(last - b))
              << layout;
      EXPECT_EQ(count_solutions(Grid(board), 1).count, 1) << layout;
      seen.insert(layout);
    }
    EXPECT_GE(seen.size(), size == 9 ? 19U : 12U) << size;               // varied (6x6 has far fewer layouts)
    EXPECT_EQ(seen.count(regions_line(*Geometry::standard(size))), 0U);  // not the boxes
  }
}

TEST(JigsawLayout, SameSeedSameLayout) {
  Rng a(42);
  Rng b(42);
  EXPECT_EQ(regions_line(*random_jigsaw_layout(9, Symmetry::none, a)),
            regions_line(*random_jigsaw_layout(9, Symmetry::none, b)));
  Rng rng(1);
  EXPECT_THROW(random_jigsaw_layout(7, Symmetry::none, rng), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
