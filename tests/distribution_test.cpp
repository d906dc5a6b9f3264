// SPDX-License-Identifier: Apache-2.0
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
  chapter.distribution = LevelDistribution{Histogram{{{1.2, 6}, {1.5, 4}}}, Histogram{{{30, 5}, {34, 5}}}, {}, {}};
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
  calibration.levels[0].distribution = LevelDistribution{Histogram{{{1.2, 3}, {1.5, 2}}}, Histogram{{{30, 5}}}, {}, {}};
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

// A learned medium/hard pair cut on grade + 0.5 x hard steps: two levels whose bands overlap.
Calibration levels_with_a_cut() {
  Calibration calibration;
  calibration.metric = "technique";
  calibration.runs = 1;
  calibration.options = {{"uniqueness", "false"}, {"order", "invariant"}};
  CalibrationLevel easy{"easy", 1.5, {}};
  easy.band = RatingBand{1.2, 2.45};
  CalibrationLevel medium{"medium", 2.7, {}};
  medium.band = RatingBand{2.45, 3.4};
  medium.cut = LevelCut{"hard-steps", 0.5, 5.05};
  CalibrationLevel hard{"hard", 3.4, {}};
  hard.band = RatingBand{2.6, 4.4};
  hard.distribution = LevelDistribution{Histogram{{{2.8, 2}, {4.0, 2}}}, {}, Histogram{{{5, 2}, {9, 2}}}, {}};
  calibration.levels = {easy, medium, hard};
  return calibration;
}

TEST(SecondDimension, LookupAndLevelsFollowTheCut) {
  const Calibration calibration = levels_with_a_cut();
  EXPECT_NO_THROW(validate_calibration(calibration));
  EXPECT_TRUE(has_cuts(calibration));
  EXPECT_FALSE(has_cuts(press_calibration()));
  // easy/medium is a grade boundary (2.45): the steps do not matter there.
  EXPECT_EQ(level_for(calibration, 2.0, 20).name, "easy");
  EXPECT_EQ(level_for(calibration, 2.5, 0).name, "medium");
  // Inside medium's band, 2.6 + 0.5 x 4 = 4.6 < 5.05 stays; 5 steps (5.1) go up to hard.
  EXPECT_EQ(level_for(calibration, 2.6, 4).name, "medium");
  EXPECT_EQ(level_for(calibration, 2.6, 5).name, "hard");
  EXPECT_EQ(level_for(calibration, 3.4, 3).name, "medium");  // 4.9
  EXPECT_EQ(level_for(calibration, 3.6, 0).name, "hard");    // above medium's band
  EXPECT_EQ(level_for(calibration, 2.6).name, "medium");     // no steps given: the grade's level
  // in_level agrees with the lookup wherever the grade is in the level's band.
  for (double grade = 1.2; grade <= 4.41; grade += 0.1)
    for (int steps = 0; steps <= 12; ++steps) {
      const std::size_t level = level_index(calibration, grade, steps);
      for (std::size_t other = 0; other < 3; ++other)
        if (calibration.levels[other].band->contains(grade)) {
          EXPECT_EQ(in_level(calibration, other, grade, steps), other == level) << grade << " " << steps << " " << other;
        }
    }
  // Without cuts in_level is the band.
  const Calibration press = press_calibration();
  EXPECT_TRUE(in_level(press, 1, 2.6, 30));
  EXPECT_FALSE(in_level(press, 1, 2.4, 0));
}

TEST(SecondDimension, LevelFilesReadWriteAndRejectBadCuts) {
  const Calibration calibration = levels_with_a_cut();
  const Calibration back = parse_calibration(parse_json(pretty_json(calibration_to_json(calibration)), "cut.json"));
  ASSERT_TRUE(back.levels[1].cut);
  EXPECT_EQ(*back.levels[1].cut, *calibration.levels[1].cut);
  EXPECT_FALSE(back.levels[0].cut);
  EXPECT_EQ(back.levels[2].distribution, calibration.levels[2].distribution);
  // Old level files (no cut) read as before: the press levels round-trip without one.
  const Calibration press = parse_calibration(parse_json(pretty_json(calibration_to_json(press_calibration())), "p.json"));
  EXPECT_FALSE(has_cuts(press));
  // One clear line naming the JSON path for every broken cut.
  const auto error_of = [](const std::string& medium, const std::string& metric = "technique",
                           const std::string& hard = "") {
    const std::string text = R"({"metric": ")" + metric + R"(", "runs": 1, "levels": [
        {"name": "easy", "target": 1.5, "band": [1.2, 2.45]},
        {"name": "medium", "target": 2.7, "band": [2.45, 3.4])" + medium + R"(},
        {"name": "hard", "target": 3.4, "band": [2.6, 4.4])" + hard + "}]}";
    try {
      parse_calibration(parse_json(text, "house.json"));
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  const std::string good = R"(, "cut": {"measure": "hard-steps", "weight": 0.5, "below": 5.05})";
  EXPECT_EQ(error_of(good), "");
  for (const auto& [medium, where] : std::vector<std::pair<std::string, std::string>>{
           {R"(, "cut": {"measure": "eliminations", "weight": 0.5, "below": 5.05})", "levels[1].cut.measure"},
           {R"(, "cut": {"measure": "hard-steps", "weight": -1, "below": 5.05})", "levels[1].cut.weight"},
           {R"(, "cut": {"measure": "hard-steps", "weight": 0.5})", "levels[1].cut"},
           {R"(, "cut": {"measure": "hard-steps", "weight": 0.5, "below": 5, "over": 1})", "levels[1].cut"},
           {R"(, "cut": [0.5, 5.05])", "levels[1].cut"},
           {"", "levels[2].band"}}) {  // overlapping bands without a cut between them
    const std::string error = error_of(medium);
    EXPECT_NE(error.find("house.json"), std::string::npos) << medium << ": " << error;
    EXPECT_NE(error.find(where), std::string::npos) << medium << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_NE(error_of(good, "call-count").find("levels[1].cut"), std::string::npos);
  EXPECT_NE(error_of(good, "technique", good).find("levels[2].cut: the highest level"), std::string::npos)
      << error_of(good, "technique", good);
}

TEST(SecondDimension, AuditChecksTheCutsAndMeasuresTheSteps) {
  const Calibration calibration = levels_with_a_cut();
  AuditGroup hard = audit_group("Hard", "hard", calibration, 9);
  ASSERT_TRUE(hard.cut_below);
  EXPECT_DOUBLE_EQ(hard.top_below, 3.4);
  EXPECT_FALSE(hard.cut);
  const auto puzzle = [](double grade, int steps) {
    AuditPuzzle p{grade, false, "pointing", 28, 0, {}};
    p.hard_steps = steps;
    return p;
  };
  hard.puzzles = {puzzle(2.8, 9), puzzle(4.0, 5), puzzle(2.8, 2), puzzle(4.0, 9)};  // 2.8 + 1 < 5.05: medium
  AuditGroup medium = audit_group("Medium", "medium", calibration, 9);
  ASSERT_TRUE(medium.cut);
  medium.puzzles = {puzzle(2.6, 1), puzzle(2.6, 8)};  // 2.6 + 4: hard
  const Audit audit = run_audit({medium, hard});
  EXPECT_EQ(audit.groups[0].outside_cut, 1U);
  EXPECT_EQ(audit.groups[1].outside_cut, 1U);
  EXPECT_EQ(audit.groups[1].outside_band, 0U);
  EXPECT_FALSE(audit.ok());
  const std::string text = format_audit(audit);
  EXPECT_NE(text.find("problem: Hard: 1 of 4 puzzles inside the band but not the level's cuts (grade above 3.4 or "
                      "grade + 0.5 x hard steps >= 5.05)"),
            std::string::npos)
      << text;
  // The archive's hard steps (5, 5, 9, 9) against the group's (2, 5, 9, 9): one quarter apart.
  ASSERT_EQ(audit.groups[1].distribution.size(), 2U);
  EXPECT_EQ(audit.groups[1].distribution[1].quantity, "hard steps");
  EXPECT_DOUBLE_EQ(audit.groups[1].distribution[1].distance, 0.25);
  const auto json = audit_to_json(audit).as_object().at("chapters").as_array()[1].as_object();
  EXPECT_EQ(json.at("outside_cut").to_number<std::int64_t>(), 1);
  EXPECT_TRUE(json.at("ks").as_object().contains("hard_steps"));
  EXPECT_DOUBLE_EQ(json.at("cut_below").as_object().at("top").as_double(), 3.4);
}

TEST(Distribution, AuditMeasuresTheGroupAgainstTheArchive) {
  Calibration calibration = press_calibration();
  calibration.levels[0].distribution = LevelDistribution{Histogram{{{1.2, 5}, {1.5, 5}}}, Histogram{{{30, 10}}}, {}, {}};
  AuditGroup group = audit_group("Easy", "easy", calibration, 9);
  ASSERT_TRUE(group.reference);
  for (int i = 0; i < 4; ++i) group.puzzles.push_back(AuditPuzzle{1.2, false, "hidden single", 30, 0, {}, {}, {}});
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
  medium.reference = LevelDistribution{Histogram{{{2.0, 2}, {2.6, 1}, {3.0, 1}}}, {}, {}, {}};
  medium.puzzles.push_back(AuditPuzzle{2.6, false, "pointing", 30, 0, {}, {}, {}});
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
