// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/random.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

namespace sudoku {
namespace {

TEST(Rng, SameSeedSameStream) {
  Rng a(42);
  Rng b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  Rng c(43);
  EXPECT_NE(Rng(42).next(), c.next());
}

TEST(Rng, StreamIsStableAcrossBuilds) {
  // Pinned values: a change here would silently change every generated book.
  Rng rng(20261122);
  EXPECT_EQ(rng.next(), Rng(20261122).next());
  const std::uint64_t first = Rng(1).next();
  const std::uint64_t expected_first = 0xb3f2af6d0fc710c5ULL;
  EXPECT_EQ(first, expected_first);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(7);
  std::array<int, 9> histogram{};
  for (int i = 0; i < 90000; ++i) {
    const auto value = rng.below(9);
    ASSERT_LT(value, 9U);
    ++histogram[value];
  }
  for (int count : histogram) {
    EXPECT_GT(count, 9000);
    EXPECT_LT(count, 11000);
  }
  EXPECT_EQ(rng.below(1), 0U);
}

TEST(Rng, UnitIsInHalfOpenInterval) {
  Rng rng(3);
  for (int i = 0; i < 10000; ++i) {
    const double u = rng.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}

TEST(Rng, ShuffleIsAPermutation) {
  Rng rng(11);
  std::vector<int> values(50);
  std::iota(values.begin(), values.end(), 0);
  auto shuffled = values;
  rng.shuffle(shuffled.begin(), shuffled.end());
  EXPECT_NE(shuffled, values);
  std::sort(shuffled.begin(), shuffled.end());
  EXPECT_EQ(shuffled, values);
}

TEST(DeriveSeed, DistinctInputsGiveDistinctSeeds) {
  EXPECT_EQ(derive_seed(1, 2, 3), derive_seed(1, 2, 3));
  EXPECT_NE(derive_seed(1, 2, 3), derive_seed(1, 3, 2));
  EXPECT_NE(derive_seed(1, 0, 0), derive_seed(2, 0, 0));
  EXPECT_EQ(stable_hash("abc"), stable_hash("abc"));
  EXPECT_NE(stable_hash("abc"), stable_hash("abd"));
}

}  // namespace
}  // namespace sudoku
