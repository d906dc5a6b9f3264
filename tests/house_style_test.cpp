// SPDX-License-Identifier: Apache-2.0
// Tests of the house-style pieces of calibrate --bands: the cut search against a brute force on
// every small case, givens quantiles, the symmetry class of crafted patterns and the archive's
// consensus, the held-out split and the confusion matrix, and the second dimension's pair cuts.
#include "sudoku/corpus/house_style.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace sudoku {
namespace {

// Every increasing choice of cut positions 1..m-1 (between distinct values), scored as best_cuts
// scores them: agreement, then the distance to the preferred cuts.
struct Brute {
  std::size_t agreement = 0;
  double distance = std::numeric_limits<double>::infinity();
};

Brute brute_force(const std::vector<LabelledValue>& values, std::size_t levels, const std::vector<double>& preferred) {
  std::vector<double> distinct;
  for (const auto& value : values) distinct.push_back(value.value);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const std::size_t m = distinct.size();
  Brute best;
  bool found = false;
  std::vector<std::size_t> positions(levels - 1);
  // Odometer over increasing tuples.
  const auto recurse = [&](auto&& self, std::size_t k, std::size_t from) -> void {
    if (k == positions.size()) {
      std::vector<double> cuts;
      double distance = 0;
      for (std::size_t c = 0; c < positions.size(); ++c) {
        cuts.push_back((distinct[positions[c] - 1] + distinct[positions[c]]) / 2);
        distance += std::abs(cuts.back() - preferred[c]);
      }
      std::size_t agreement = 0;
      for (const auto& value : values) {
        std::size_t level = 0;
        while (level < cuts.size() && value.value > cuts[level]) ++level;
        if (level == value.level) ++agreement;
      }
      if (!found || agreement > best.agreement || (agreement == best.agreement && distance < best.distance - 1e-12)) {
        best = {agreement, distance};
        found = true;
      }
      return;
    }
    for (std::size_t j = from; j < m; ++j) {
      positions[k] = j;
      self(self, k + 1, j + 1);
    }
  };
  recurse(recurse, 0, 1);
  return best;
}

TEST(BestCuts, MatchesABruteForceOnEverySmallCase) {
  std::mt19937 random(20261127);  // fixed: the same cases every run
  int cases = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t levels = 2 + random() % 3;
    const std::size_t count = levels + random() % 10;
    const int spread = 3 + static_cast<int>(random() % 6);
    std::vector<LabelledValue> values;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t level = random() % levels;
      // Higher levels lean higher, with overlap, so the best cuts are not trivial.
      values.push_back({static_cast<double>(static_cast<int>(level) + static_cast<int>(random() % spread)) / 2.0,
                        level});
    }
    std::vector<double> preferred;
    for (std::size_t c = 0; c + 1 < levels; ++c) preferred.push_back(0.7 * static_cast<double>(c + 1) + 0.3);
    std::vector<double> distinct;
    for (const auto& value : values) distinct.push_back(value.value);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.size() < levels) {
      EXPECT_THROW(best_cuts(values, levels, preferred), std::invalid_argument);
      continue;
    }
    ++cases;
    const CutSet cuts = best_cuts(values, levels, preferred);
    const Brute brute = brute_force(values, levels, preferred);
    ASSERT_EQ(cuts.cuts.size(), levels - 1);
    EXPECT_EQ(cuts.agreement, brute.agreement) << "trial " << trial;
    double distance = 0;
    for (std::size_t c = 0; c + 1 < levels; ++c) distance += std::abs(cuts.cuts[c] - preferred[c]);
    EXPECT_NEAR(distance, brute.distance, 1e-9) << "trial " << trial;
    // The agreement reported is the agreement of the cuts returned.
    std::size_t agreement = 0;
    for (const auto& value : values)
      if (level_by_cuts(value.value, cuts.cuts) == value.level) ++agreement;
    EXPECT_EQ(agreement, cuts.agreement) << "trial " << trial;
    for (std::size_t c = 1; c < cuts.cuts.size(); ++c) EXPECT_LT(cuts.cuts[c - 1], cuts.cuts[c]);
  }
  EXPECT_GT(cases, 2000);
}

// Cutting each pair of neighbours on its own can give cuts that cross; the joint search cannot.
TEST(BestCuts, AllCutsTogetherAndEveryBandHoldsAValue) {
  // easy 1 1 1 5, medium 2 6 6, hard 3 3 7: pairwise, easy|medium would cut at 1.5 and medium|hard
  // at 6.5 or below 3; jointly the best is 1.5 | 2.5 (easy 3 + medium 1 + hard 3 = 7 of 10).
  const std::vector<LabelledValue> values{{1, 0}, {1, 0}, {1, 0}, {5, 0}, {2, 1}, {6, 1},
                                          {6, 1}, {3, 2}, {3, 2}, {7, 2}};
  const CutSet cuts = best_cuts(values, 3, std::vector<double>{1.5, 4.4});
  EXPECT_EQ(cuts.agreement, 7U);
  EXPECT_EQ(cuts.cuts, (std::vector<double>{1.5, 2.5}));
  // Ties: 1.5 | 6.5 also reaches 7 (easy 3, medium 3, hard 1); preferred points near it pick it.
  EXPECT_EQ(best_cuts(values, 3, std::vector<double>{1.5, 6.4}).cuts, (std::vector<double>{1.5, 6.5}));
  const std::vector<LabelledValue> one_level{{1, 0}, {4, 0}, {2, 0}};
  EXPECT_TRUE(best_cuts(one_level, 1, {}).cuts.empty());
  EXPECT_EQ(best_cuts(one_level, 1, {}).agreement, one_level.size());
  EXPECT_THROW(best_cuts(values, 2, std::vector<double>{0}), std::invalid_argument);  // level 2 of 2
  EXPECT_THROW(best_cuts(std::vector<LabelledValue>{{1, 0}, {1, 1}}, 2, std::vector<double>{1}),
               std::invalid_argument);  // one distinct value, two levels
}

TEST(BestCuts, LevelByCuts) {
  const std::vector<double> cuts{2.45, 3.55};
  EXPECT_EQ(level_by_cuts(1.0, cuts), 0U);
  EXPECT_EQ(level_by_cuts(2.5, cuts), 1U);
  EXPECT_EQ(level_by_cuts(3.6, cuts), 2U);
  EXPECT_EQ(level_by_cuts(9.0, std::vector<double>{}), 0U);
}

TEST(GivensRange, RobustQuantilesRoundedToCounts) {
  EXPECT_EQ(givens_range(std::vector<int>(10, 38)), (GivensRange{38, 38}));
  std::vector<int> one_to_forty;
  for (int i = 1; i <= 40; ++i) one_to_forty.push_back(40 - i + 1);  // any order
  // h = 39 * 0.025 = 0.975 -> 1.975 -> 2; h = 39 * 0.975 = 38.025 -> 39.025 -> 39.
  EXPECT_EQ(givens_range(one_to_forty), (GivensRange{2, 39}));
  // One outlier in 100 does not widen the range: 99 puzzles of 24-27 givens and one of 38.
  std::vector<int> with_outlier;
  for (int i = 0; i < 99; ++i) with_outlier.push_back(24 + i % 4);
  with_outlier.push_back(38);
  EXPECT_EQ(givens_range(with_outlier), (GivensRange{24, 27}));
  EXPECT_EQ(givens_range(std::vector<int>{20, 30}, 0.0, 1.0), (GivensRange{20, 30}));
  EXPECT_EQ(givens_range(std::vector<int>{20, 21}, 0.5, 0.5), (GivensRange{21, 21}));  // 20.5 rounds up
  EXPECT_THROW(givens_range(std::vector<int>{}), std::invalid_argument);
}

// A 9x9 pattern of the given cells (row, column); the values do not matter to symmetry.
Grid pattern(const std::vector<std::pair<int, int>>& cells) {
  Grid grid(Geometry::standard(9));
  for (const auto& [row, column] : cells) grid.set(row * 9 + column, 1 + (row + column) % 9);
  return grid;
}

TEST(SymmetryClass, EveryClassOnCraftedPatterns) {
  // The orbit of r1c2 under quarter turns: rotate90 (and so rotate180), no reflection.
  EXPECT_EQ(symmetry_class(pattern({{0, 1}, {1, 8}, {8, 7}, {7, 0}})), Symmetry::rotate90);
  EXPECT_EQ(symmetry_class(pattern({{0, 1}, {8, 7}})), Symmetry::rotate180);
  EXPECT_EQ(symmetry_class(pattern({{0, 1}, {0, 7}})), Symmetry::mirror);
  EXPECT_EQ(symmetry_class(pattern({{0, 1}, {1, 0}})), Symmetry::diagonal);
  EXPECT_EQ(symmetry_class(pattern({{0, 1}})), Symmetry::none);
  // Several symmetries: the first in the class order. The four corners have all of them; a mirror
  // pattern that is also a half-turn pattern counts as rotate180.
  EXPECT_EQ(symmetry_class(pattern({{0, 0}, {0, 8}, {8, 0}, {8, 8}})), Symmetry::rotate90);
  EXPECT_EQ(symmetry_class(pattern({{0, 1}, {0, 7}, {8, 1}, {8, 7}})), Symmetry::rotate180);
  EXPECT_EQ(symmetry_class(pattern({{4, 4}})), Symmetry::rotate90);  // the centre alone
}

TEST(SymmetryCensus, TheConsistentSymmetryOrNone) {
  const Grid half_turn = pattern({{0, 1}, {8, 7}});
  const Grid quarter_turn = pattern({{0, 1}, {1, 8}, {8, 7}, {7, 0}});
  const Grid plain = pattern({{0, 1}});
  const auto census_of = [](std::vector<Grid> grids) { return symmetry_census(grids); };

  // 9 of 10 half-turn: consistent (90 %).
  std::vector<Grid> grids(9, half_turn);
  grids.push_back(plain);
  SymmetryCensus census = census_of(grids);
  EXPECT_EQ(census.puzzles, 10U);
  EXPECT_EQ(census.classes[1], 9U);  // rotate180
  EXPECT_EQ(census.classes[4], 1U);  // none
  EXPECT_EQ(census.having[4], 10U);  // every pattern "has" none
  EXPECT_EQ(census.consistent, Symmetry::rotate180);
  // 8 of 10: not consistent, nothing is written.
  grids[8] = plain;
  EXPECT_FALSE(census_of(grids).consistent.has_value());
  // Quarter and half turns mixed: all have the half turn.
  std::vector<Grid> mixed(5, quarter_turn);
  mixed.insert(mixed.end(), 5, half_turn);
  census = census_of(mixed);
  EXPECT_EQ(census.classes[0], 5U);
  EXPECT_EQ(census.having[1], 10U);
  EXPECT_EQ(census.consistent, Symmetry::rotate180);
  EXPECT_EQ(census_of(std::vector<Grid>(10, quarter_turn)).consistent, Symmetry::rotate90);
  // An archive without symmetry writes none.
  EXPECT_EQ(census_of(std::vector<Grid>(10, plain)).consistent, Symmetry::none);
  EXPECT_FALSE(census_of({}).consistent.has_value());
}

TEST(HeldOut, RoundsHalvesUpAndRejectsFractionsOutsideZeroToOne) {
  EXPECT_EQ(held_out_count(10, 0.3), 3U);
  EXPECT_EQ(held_out_count(5, 0.5), 3U);  // 2.5 -> 3
  EXPECT_EQ(held_out_count(7, 0.1), 1U);  // 0.7 -> 1
  EXPECT_EQ(held_out_count(4, 0.1), 0U);  // 0.4 -> 0
  EXPECT_EQ(held_out_count(2226, 0.3), 668U);
  EXPECT_THROW(held_out_count(10, 0.0), std::invalid_argument);
  EXPECT_THROW(held_out_count(10, 1.0), std::invalid_argument);
  EXPECT_THROW(held_out_count(10, std::nan("")), std::invalid_argument);
}

TEST(Confusion, CountsAndAccuracy) {
  Confusion confusion(3);
  EXPECT_EQ(confusion.accuracy(), 0.0);
  confusion.add(0, 0);
  confusion.add(1, 2);
  confusion.add(2, 2);
  confusion.add(2, 2);
  EXPECT_EQ(confusion.total(), 4U);
  EXPECT_EQ(confusion.agreeing(), 3U);
  EXPECT_DOUBLE_EQ(confusion.accuracy(), 0.75);
  EXPECT_EQ(confusion.counts[1][2], 1U);
  EXPECT_THROW(confusion.add(3, 0), std::out_of_range);
}

// Two levels at the same grades whose labels are the number of steps beyond singles: the cut on
// grade + w * steps is kept, and it puts fresh points of the same rule on their side.
TEST(PairCut, KeptWhereTheLabelsFollowTheSteps) {
  std::mt19937 random(36);
  std::uniform_int_distribution<int> grade(0, 4);
  std::uniform_int_distribution<int> steps(0, 10);
  const auto draw = [&] {
    const double g = 2.6 + 0.2 * grade(random);
    const int s = steps(random);
    return PairPoint{g, static_cast<double>(s), s >= 5};
  };
  std::vector<PairPoint> points;
  for (int i = 0; i < 120; ++i) points.push_back(draw());
  const PairCut cut = learn_pair_cut(points, 3.5, 3.5);  // every grade inside the lower band
  EXPECT_EQ(cut.points, 120U);
  ASSERT_TRUE(cut.kept);
  EXPECT_GT(cut.weight, 0.0);
  EXPECT_GT(cut.cut_correct, cut.grade_correct);
  EXPECT_GT(cut.gains, cut.losses);
  std::size_t right = 0;
  for (int i = 0; i < 200; ++i) {
    const PairPoint fresh = draw();
    right += LevelCut{"hard-steps", cut.weight, cut.below}.crossed(3.5, fresh.grade, fresh.steps) == fresh.upper;
  }
  EXPECT_GE(right, 180U);  // the grade alone manages about half
}

// The grade's own cut (2.9) splits a level that the steps split: the lower band grows to take
// every grade the steps decide (3.5, below the upper level's 3.6 puzzles).
TEST(PairCut, TheLowerBandEndsWhereTheStepsStopDeciding) {
  std::mt19937 random(39);
  std::uniform_int_distribution<int> grade(0, 4);
  std::uniform_int_distribution<int> steps(0, 10);
  std::vector<PairPoint> points;
  for (int i = 0; i < 150; ++i) {
    if (i % 3 == 0) {
      points.push_back({3.6, static_cast<double>(steps(random)), true});
      continue;
    }
    const int s = steps(random);
    points.push_back({2.6 + 0.2 * grade(random), static_cast<double>(s), s >= 5});
  }
  const PairCut cut = learn_pair_cut(points, 2.9, 3.7);
  ASSERT_TRUE(cut.kept);
  EXPECT_DOUBLE_EQ(cut.top, 3.5);
  EXPECT_GT(cut.cut_correct, cut.grade_correct);
  // Without room to grow the top stays, and is reported as it was when nothing is kept.
  EXPECT_DOUBLE_EQ(learn_pair_cut(points, 2.9, 2.9).top, 2.9);
}

// Labels that follow the grade (the lower band ends at 2.9), steps that are noise: nothing to
// gain, the grade alone stays.
TEST(PairCut, NotKeptWhereTheGradeSaysItAll) {
  std::mt19937 random(37);
  std::uniform_int_distribution<int> grade(0, 9);
  std::uniform_int_distribution<int> steps(0, 12);
  std::vector<PairPoint> points;
  for (int i = 0; i < 200; ++i) {
    const double g = 2.0 + 0.2 * grade(random);
    points.push_back({g, static_cast<double>(steps(random)), g > 2.9});
  }
  const PairCut cut = learn_pair_cut(points, 2.9, 2.9);
  EXPECT_FALSE(cut.kept);
  EXPECT_EQ(cut.grade_correct, 200U);
}

// A gain that could be chance is not kept: McNemar's bound on the cross-validated predictions.
TEST(PairCut, SmallGainsAndSmallSamplesKeepTheGrade) {
  // Coin-toss labels: whatever w wins the cross-validation, its edge is noise.
  std::mt19937 random(38);
  std::uniform_int_distribution<int> steps(0, 20);
  std::bernoulli_distribution coin(0.5);
  std::vector<PairPoint> noise;
  for (int i = 0; i < 100; ++i) noise.push_back({1.5, static_cast<double>(steps(random)), coin(random)});
  const PairCut chance = learn_pair_cut(noise, 1.5, 1.5);
  EXPECT_FALSE(chance.kept) << chance.weight << " " << chance.gains << "/" << chance.losses;
  if (!chance.kept && chance.weight > 0) {
    EXPECT_LT(static_cast<double>(chance.gains) - static_cast<double>(chance.losses),
              kCutSignificance * std::sqrt(static_cast<double>(chance.gains + chance.losses)));
  }
  // Fewer than two points per fold, or one level only: nothing to learn.
  std::vector<PairPoint> few{{2.6, 1, false}, {2.6, 9, true}, {2.6, 2, false}, {2.6, 8, true}};
  EXPECT_FALSE(learn_pair_cut(few, 3.0, 3.0).kept);
  std::vector<PairPoint> one_level(40, PairPoint{2.6, 3, false});
  EXPECT_FALSE(learn_pair_cut(one_level, 3.0, 3.0).kept);
  EXPECT_FALSE(learn_pair_cut({}, 3.0, 3.0).kept);
}

}  // namespace
}  // namespace sudoku
