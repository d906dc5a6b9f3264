// The level distribution a learned house style keeps (distribution.hpp), the slot targets the
// generator takes from it (plan.hpp), and the audit's Kolmogorov-Smirnov distances, on values
// worked out by hand.
#include "sudoku/rate/distribution.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/rate/audit.hpp"
#include "sudoku/rate/calibration.hpp"

namespace sudoku {
namespace {

Histogram of(std::vector<double> samples) {
  return histogram_of(std::span<const double>(samples));
}

TEST(Distribution, HistogramCountsEachValueAscending) {
  const Histogram histogram = of({2.0, 1.2, 2.0, 1.5, 1.2, 1.2});
  ASSERT_EQ(histogram.bins.size(), 3U);
  EXPECT_EQ(histogram.bins[0], (std::pair<double, std::size_t>{1.2, 3}));
  EXPECT_EQ(histogram.bins[1], (std::pair<double, std::size_t>{1.5, 1}));
  EXPECT_EQ(histogram.bins[2], (std::pair<double, std::size_t>{2.0, 2}));
  EXPECT_EQ(histogram.total(), 6U);
  const std::vector<int> givens{30, 28, 30};
  EXPECT_EQ(histogram_of(std::span<const int>(givens)).bins.front(), (std::pair<double, std::size_t>{28, 1}));
}

TEST(Distribution, CheckNamesBrokenHistograms) {
  EXPECT_FALSE(check_histogram(of({1.0, 2.0})));
  EXPECT_TRUE(check_histogram(Histogram{{{2.0, 1}, {1.0, 1}}}));
  EXPECT_TRUE(check_histogram(Histogram{{{1.0, 1}, {1.0, 1}}}));
  EXPECT_TRUE(check_histogram(Histogram{{{1.0, 0}}}));
  EXPECT_TRUE(check_histogram(Histogram{{{NAN, 1}}}));
}

TEST(Distribution, ValueAtIsTheInverseOfTheEmpiricalDistribution) {
  // F(1.2) = 0.6, F(1.5) = 1.
  const Histogram histogram{{{1.2, 6}, {1.5, 4}}};
  EXPECT_EQ(value_at(histogram, 0.0), 1.2);
  EXPECT_EQ(value_at(histogram, 0.05), 1.2);
  EXPECT_EQ(value_at(histogram, 0.6), 1.2);  // exactly the sixth puzzle
  EXPECT_EQ(value_at(histogram, 0.61), 1.5);
  EXPECT_EQ(value_at(histogram, 1.0), 1.5);
  EXPECT_THROW(value_at(Histogram{}, 0.5), std::invalid_argument);
}

TEST(Distribution, KsDistanceOnHandComputedCases) {
  const Histogram a = of({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(ks_distance(a, a), 0.0);
  EXPECT_DOUBLE_EQ(ks_distance(a, of({5, 6})), 1.0);  // disjoint
  // a = {1,2,3,4}, b = {3,4,5,6}: after 2, F_a = 0.5 and F_b = 0.
  EXPECT_DOUBLE_EQ(ks_distance(a, of({3, 4, 5, 6})), 0.5);
  // Ties across the samples: a = {1,1,2}, b = {1,2,2}: after 1, 2/3 against 1/3.
  EXPECT_DOUBLE_EQ(ks_distance(of({1, 1, 2}), of({1, 2, 2})), 1.0 / 3.0);
  // Symmetric, and the same for scaled counts (a distribution, not a sample size).
  EXPECT_DOUBLE_EQ(ks_distance(of({3, 4, 5, 6}), a), 0.5);
  EXPECT_DOUBLE_EQ(ks_distance(Histogram{{{1.0, 2}, {2.0, 2}}}, of({1, 2})), 0.0);
  // {1} against {1,2,3,4,5}: after 1, 1 against 0.2.
  EXPECT_DOUBLE_EQ(ks_distance(of({1}), of({1, 2, 3, 4, 5})), 0.8);
  EXPECT_THROW(ks_distance(Histogram{}, a), std::invalid_argument);
}

TEST(Distribution, CriticalValueAtFivePercent) {
  // c(0.05) = sqrt(-ln(0.025) / 2) = 1.3581; n = m = 50: 1.3581 * sqrt(100 / 2500) = 0.2716.
  EXPECT_NEAR(ks_critical_value(50, 50), 0.27162, 1e-4);
  EXPECT_NEAR(ks_critical_value(6, 140), 0.566199, 1e-6);  // 1.3581 * sqrt(146 / 840)
  EXPECT_THROW(ks_critical_value(0, 5), std::invalid_argument);
}

PlanChapter learned_chapter(int count) {
  PlanChapter chapter;
  chapter.count = count;
  chapter.target = 1.5;
  chapter.band = RatingBand{1.0, 2.0};
  chapter.givens = GivensRange{28, 36};
  chapter.distribution = LevelDistribution{Histogram{{{1.2, 6}, {1.5, 4}}}, Histogram{{{30, 5}, {34, 5}}}};
  return chapter;
}

TEST(Distribution, SlotTargetsAreTheArchiveQuantilesOfTheChapter) {
  // Five slots take the shares 0.1, 0.3, ..., 0.9 in the sequence's order (0.5, 0.118, 0.736,
  // 0.354, 0.972 rank 2, 0, 3, 1, 4): shares 0.5, 0.1, 0.7, 0.3, 0.9.
  const PlanChapter chapter = learned_chapter(5);
  const std::vector<double> expected{1.2, 1.2, 1.5, 1.2, 1.5};
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(slot_target(chapter, i), expected[i]) << i;
  // Without the distribution the same chapter spreads over the band instead.
  PlanChapter even = chapter;
  even.distribution.reset();
  EXPECT_DOUBLE_EQ(slot_target(even, 0), 1.5);
  EXPECT_NEAR(slot_target(even, 1), 1.118, 1e-3);
}

TEST(Distribution, SlotTargetsStayInsideTheBand) {
  PlanChapter chapter = learned_chapter(4);
  chapter.distribution->grade = Histogram{{{0.5, 1}, {3.0, 1}}};
  for (std::size_t i = 0; i < 4; ++i) {
    const double target = slot_target(chapter, i);
    EXPECT_TRUE(target == 1.0 || target == 2.0) << target;
  }
}

TEST(Distribution, SlotGivensAreAWindowAroundTheArchiveGivens) {
  const PlanChapter chapter = learned_chapter(2);
  // Two slots: shares 0.25 and 0.75 in some order: givens 30 and 34, windows 29-31 and 33-35.
  std::vector<GivensRange> windows{*slot_givens(chapter, 0), *slot_givens(chapter, 1)};
  std::sort(windows.begin(), windows.end(), [](auto a, auto b) { return a.fewest < b.fewest; });
  EXPECT_EQ(windows[0], (GivensRange{29, 31}));
  EXPECT_EQ(windows[1], (GivensRange{33, 35}));
  // A chapter's own "givens" wins; a window is cut to the level's range.
  PlanChapter given = chapter;
  given.givens_given = true;
  EXPECT_EQ(slot_givens(given, 0), chapter.givens);
  PlanChapter narrow = chapter;
  narrow.givens = GivensRange{34, 34};
  EXPECT_EQ(*slot_givens(narrow, 0), (GivensRange{34, 34}));
  EXPECT_EQ(*slot_givens(narrow, 1), (GivensRange{34, 34}));
}

TEST(Distribution, LevelFilesReadAndWriteTheDistribution) {
  Calibration calibration = press_calibration();
  calibration.levels[0].distribution = LevelDistribution{Histogram{{{1.2, 3}, {1.5, 2}}}, Histogram{{{30, 5}}}};
  const std::string text = pretty_json(calibration_to_json(calibration));
  const Calibration back = parse_calibration(parse_json(text, "levels.json"));
  ASSERT_TRUE(back.levels[0].distribution);
  EXPECT_EQ(*back.levels[0].distribution, *calibration.levels[0].distribution);
  EXPECT_FALSE(back.levels[1].distribution);
}

TEST(Distribution, LevelFileErrorsNameThePath) {
  const auto read = [](const std::string& distribution) {
    const std::string text = R"({"metric": "technique", "runs": 1, "levels": [{"name": "easy", "target": 1.5,
        "band": [1.0, 2.0], "distribution": )" + distribution + "}]}";
    return parse_calibration(parse_json(text, "house.json"));
  };
  EXPECT_NO_THROW(read(R"({"grade": [[1.2, 3]], "givens": [[30, 1]]})"));
  for (const char* bad : {R"({"grade": [[1.5, 3], [1.2, 1]]})", R"({"grade": [[1.2, 0]]})",
                          R"({"grade": []})", R"({"givens": [[30, 1]]})", R"({"grade": [[1.2]]})",
                          R"({"grade": [[1.2, 1]], "hardest": []})"}) {
    try {
      read(bad);
      ADD_FAILURE() << bad;
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find("levels[0].distribution"), std::string::npos) << error.what();
    }
  }
}

TEST(Distribution, AuditMeasuresTheGroupAgainstTheArchive) {
  Calibration calibration = press_calibration();
  calibration.levels[0].distribution = LevelDistribution{Histogram{{{1.2, 5}, {1.5, 5}}}, Histogram{{{30, 10}}}};
  AuditGroup group = audit_group("Easy", "easy", calibration, 9);
  ASSERT_TRUE(group.reference);
  for (int i = 0; i < 4; ++i) group.puzzles.push_back(AuditPuzzle{1.2, false, "hidden single", 30, 0});
  const Audit audit = run_audit({group});
  ASSERT_EQ(audit.groups[0].distribution.size(), 2U);
  const DistributionCheck& grade = audit.groups[0].distribution[0];
  EXPECT_EQ(grade.quantity, "grade");
  EXPECT_DOUBLE_EQ(grade.distance, 0.5);  // all at 1.2 against half
  EXPECT_NEAR(grade.critical, 1.3581015 * std::sqrt(14.0 / 40.0), 1e-6);
  EXPECT_TRUE(grade.pass());
  EXPECT_DOUBLE_EQ(audit.groups[0].distribution[1].distance, 0.0);
  EXPECT_DOUBLE_EQ(grade.floor, 0.0);  // the archive lies inside the easy band 1.0-2.3
  EXPECT_TRUE(audit.ok());  // distances are reported, not problems
  EXPECT_NE(format_audit(audit).find("against the archive: Easy: grade KS 0.50 <= 0.80 pass"), std::string::npos)
      << format_audit(audit);
  EXPECT_TRUE(audit_to_json(audit).at("chapters").at(0).at("ks").at("grade").at("pass").as_bool());
  // An archive half below the band: no group inside it gets nearer than 0.5, and the text says so.
  AuditGroup medium = audit_group("Medium", "medium", calibration, 9);  // band 2.5-3.4
  medium.reference = LevelDistribution{Histogram{{{2.0, 2}, {2.6, 1}, {3.0, 1}}}, {}};
  medium.puzzles.push_back(AuditPuzzle{2.6, false, "pointing", 30, 0});
  const Audit below = run_audit({medium});
  ASSERT_EQ(below.groups[0].distribution.size(), 1U);
  EXPECT_DOUBLE_EQ(below.groups[0].distribution[0].floor, 0.5);
  EXPECT_DOUBLE_EQ(below.groups[0].distribution[0].distance, 0.5);  // 2.0 x2 then 2.6: F 0.5 vs 0
  EXPECT_NE(format_audit(below).find("(at least 0.50 inside the band)"), std::string::npos) << format_audit(below);
  // A call-count calibration's ratings are not grades: no comparison.
  calibration.metric = "call-count";
  EXPECT_FALSE(audit_group("Easy", "easy", calibration, 9).reference);
  // Another size: the grade only.
  calibration.metric = "technique";
  EXPECT_TRUE(audit_group("Easy", "easy", calibration, 6).reference->givens.empty());
}

}  // namespace
}  // namespace sudoku
