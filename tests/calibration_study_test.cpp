// SPDX-License-Identifier: Apache-2.0
// Tests of the calibration study: quartiles (type 7) and outlier rules against hand-computed cases,
// level expansion, input reading and its errors, SHA-256, and studies whose calibrations round-trip
// through the rating engine.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/sha256.hpp"
#include "sudoku/corpus/calibration_study.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::test_data;

void expect_quartiles(const std::vector<double>& values, double q1, double median, double q3) {
  const Quartiles q = quartiles(values);
  EXPECT_DOUBLE_EQ(q.q1, q1);
  EXPECT_DOUBLE_EQ(q.median, median);
  EXPECT_DOUBLE_EQ(q.q3, q3);
  EXPECT_DOUBLE_EQ(q.iqr(), q3 - q1);
}

// Type 7: the p-quantile of sorted x[0..n-1] sits at h = (n-1)p, interpolated linearly.
TEST(Quartiles, SmallCasesByHand) {
  expect_quartiles({5}, 5, 5, 5);                    // h = 0 for every p
  expect_quartiles({3, 1}, 1.5, 2, 2.5);             // h = 0.25, 0.5, 0.75 between 1 and 3
  expect_quartiles({4, 1, 2}, 1.5, 2, 3);            // h = 0.5, 1, 1.5 over 1 2 4
  expect_quartiles({10, 1, 3, 2}, 1.75, 2.5, 4.75);  // h = 0.75, 1.5, 2.25 over 1 2 3 10
  expect_quartiles({1, 2, 3, 4, 5}, 2, 3, 4);        // h = 1, 2, 3: order statistics exactly
}

TEST(Quartiles, Ties) {
  expect_quartiles({2, 2, 2, 2}, 2, 2, 2);
  expect_quartiles({7, 2, 2, 2, 2}, 2, 2, 2);
  expect_quartiles({1, 1, 3, 3}, 1, 2, 3);  // h = 0.75 lands between the tied 1s: still 1
}

TEST(Quartiles, QuantileEdgesAndErrors) {
  const std::vector<double> sorted{1, 2, 3, 10};
  EXPECT_DOUBLE_EQ(quantile_of_sorted(sorted, 0.0), 1);
  EXPECT_DOUBLE_EQ(quantile_of_sorted(sorted, 1.0), 10);
  EXPECT_THROW(quantile_of_sorted({}, 0.5), std::invalid_argument);
  EXPECT_THROW(quantile_of_sorted(sorted, 1.5), std::invalid_argument);
  EXPECT_THROW(quantile_of_sorted(sorted, std::nan("")), std::invalid_argument);
  EXPECT_THROW(quartiles(std::vector<double>{}), std::invalid_argument);
}

// 0 0 0 0 0 10 10 20 22: q1 = 0, median = 0, q3 = 10, IQR = 10. The paper's rule keeps [-15, 15]
// and drops 20 and 22; Tukey's keeps [-15, 25], everything.
const std::vector<double> kSkewed{0, 10, 0, 20, 0, 0, 22, 10, 0};

TEST(OutlierRules, MedianIqrIsThePapersRule) {
  const LevelSummary summary = summarize_ratings(kSkewed, OutlierRule::median_iqr);
  EXPECT_DOUBLE_EQ(summary.fence.low, -15);
  EXPECT_DOUBLE_EQ(summary.fence.high, 15);
  EXPECT_EQ(summary.count, 9U);
  EXPECT_EQ(summary.kept, 7U);
  EXPECT_EQ(summary.removed, 2U);
  EXPECT_DOUBLE_EQ(summary.mean, 20.0 / 7);
  // Squares about the mean: 5 (20/7)^2 + 2 (50/7)^2 = 7000/49, over 6 degrees of freedom.
  EXPECT_NEAR(summary.sd, std::sqrt(7000.0 / 49 / 6), 1e-12);
  EXPECT_DOUBLE_EQ(summary.min, 0);  // min and max describe every rating, removed ones included
  EXPECT_DOUBLE_EQ(summary.max, 22);
  EXPECT_DOUBLE_EQ(summary.quartiles.q3, 10);
}

TEST(OutlierRules, TukeyAndNone) {
  const LevelSummary tukey = summarize_ratings(kSkewed, OutlierRule::tukey);
  EXPECT_DOUBLE_EQ(tukey.fence.low, -15);
  EXPECT_DOUBLE_EQ(tukey.fence.high, 25);
  EXPECT_EQ(tukey.kept, 9U);
  EXPECT_DOUBLE_EQ(tukey.mean, 62.0 / 9);
  const LevelSummary none = summarize_ratings(std::vector<double>{1, 2, 1000}, OutlierRule::none);
  EXPECT_EQ(none.removed, 0U);
  EXPECT_DOUBLE_EQ(none.mean, 1003.0 / 3);
}

TEST(OutlierRules, FencesAreClosedAndTiesKeepTheirValue) {
  // 2 2 2 2 9: IQR 0, the fence is [2, 2]; the 2s sit on it and stay.
  const LevelSummary summary = summarize_ratings(std::vector<double>{2, 9, 2, 2, 2}, OutlierRule::median_iqr);
  EXPECT_EQ(summary.kept, 4U);
  EXPECT_DOUBLE_EQ(summary.mean, 2);
  EXPECT_DOUBLE_EQ(summary.sd, 0);
  // 1 2 3 4 5: IQR 2, fence [0, 6]; a value exactly on an end is kept.
  EXPECT_TRUE(outlier_fence(quartiles(std::vector<double>{1, 2, 3, 4, 5}), OutlierRule::median_iqr).keeps(6));
}

TEST(OutlierRules, OneAndTwoRatingsAreAlwaysKept) {
  const LevelSummary one = summarize_ratings(std::vector<double>{42}, OutlierRule::median_iqr);
  EXPECT_EQ(one.kept, 1U);
  EXPECT_DOUBLE_EQ(one.mean, 42);
  EXPECT_DOUBLE_EQ(one.sd, 0);
  const LevelSummary two = summarize_ratings(std::vector<double>{1, 1000}, OutlierRule::median_iqr);
  EXPECT_EQ(two.kept, 2U);  // fence [500.5 - 749.25, 500.5 + 749.25]
  EXPECT_THROW(summarize_ratings(std::vector<double>{}, OutlierRule::none), std::invalid_argument);
}

TEST(OutlierRules, NamesParse) {
  EXPECT_EQ(parse_outlier_rule("median-iqr"), OutlierRule::median_iqr);
  EXPECT_EQ(parse_outlier_rule("tukey"), OutlierRule::tukey);
  EXPECT_EQ(parse_outlier_rule("none"), OutlierRule::none);
  EXPECT_EQ(to_string(OutlierRule::median_iqr), "median-iqr");
  EXPECT_THROW(parse_outlier_rule("iqr"), InputError);
  EXPECT_EQ(parse_spacing("geometric"), Spacing::geometric);
  EXPECT_THROW(parse_spacing("log"), InputError);
}

TEST(CalibrationLevelFromSummary, CarriesEveryStatistic) {
  const CalibrationLevel level =
      calibration_level("easy", summarize_ratings(kSkewed, OutlierRule::median_iqr));
  EXPECT_EQ(level.name, "easy");
  EXPECT_DOUBLE_EQ(level.target, 20.0 / 7);
  EXPECT_EQ(level[LevelStatistic::count], 9.0);
  EXPECT_EQ(level[LevelStatistic::kept], 7.0);
  EXPECT_EQ(level[LevelStatistic::removed], 2.0);
  EXPECT_EQ(level[LevelStatistic::max], 22.0);
  EXPECT_EQ(level[LevelStatistic::mean], level.target);
  for (std::size_t i = 0; i < kLevelStatisticCount; ++i) EXPECT_TRUE(level.statistics[i].has_value()) << i;
}

// ---- Level expansion, on the paper's Table I ----

std::vector<CalibrationLevel> paper_levels() {
  return paper_calibration().levels;
}

std::vector<std::string> names_of(const std::vector<CalibrationLevel>& levels) {
  std::vector<std::string> names;
  for (const auto& level : levels) names.push_back(level.name);
  return names;
}

TEST(ExpandLevels, SameCountIsUnchanged) {
  const auto levels = expand_levels(paper_levels(), 4, Spacing::arithmetic);
  EXPECT_EQ(names_of(levels), (std::vector<std::string>{"easy", "medium", "hard", "evil"}));
}

TEST(ExpandLevels, ArithmeticSplitsTheWidestGapsFirst) {
  // Gaps 22.98, 69.0, 429.2: hard-evil first, then medium-hard.
  const auto five = expand_levels(paper_levels(), 5, Spacing::arithmetic);
  EXPECT_EQ(names_of(five), (std::vector<std::string>{"easy", "medium", "hard", "hard-evil", "evil"}));
  EXPECT_DOUBLE_EQ(five[3].target, (98.2093 + 527.4318) / 2);
  EXPECT_FALSE(five[3][LevelStatistic::count].has_value());
  const auto six = expand_levels(paper_levels(), 6, Spacing::arithmetic);
  EXPECT_EQ(names_of(six),
            (std::vector<std::string>{"easy", "medium", "medium-hard", "hard", "hard-evil", "evil"}));
  EXPECT_DOUBLE_EQ(six[2].target, (29.2093 + 98.2093) / 2);
}

TEST(ExpandLevels, GeometricMeasuresGapsByRatio) {
  // Ratios 4.69, 3.36, 5.37: hard-evil first, then easy-medium.
  const auto six = expand_levels(paper_levels(), 6, Spacing::geometric);
  EXPECT_EQ(names_of(six),
            (std::vector<std::string>{"easy", "easy-medium", "medium", "hard", "hard-evil", "evil"}));
  EXPECT_DOUBLE_EQ(six[1].target, std::sqrt(6.234043 * 29.2093));
  EXPECT_DOUBLE_EQ(six[4].target, std::sqrt(98.2093 * 527.4318));
}

TEST(ExpandLevels, BeyondTheLastRepeatsTheLastStep) {
  const auto nine = expand_levels(paper_levels(), 9, Spacing::arithmetic);
  ASSERT_EQ(nine.size(), 9U);
  EXPECT_EQ(nine[7].name, "evil+1");
  EXPECT_EQ(nine[8].name, "evil+2");
  const double step = 527.4318 - (98.2093 + 527.4318) / 2;  // evil minus the hard-evil midpoint
  EXPECT_NEAR(nine[7].target, 527.4318 + step, 1e-9);
  EXPECT_NEAR(nine[8].target, 527.4318 + 2 * step, 1e-9);

  const auto eight = expand_levels(paper_levels(), 8, Spacing::geometric);
  const double ratio = 527.4318 / std::sqrt(98.2093 * 527.4318);
  EXPECT_NEAR(eight[7].target, 527.4318 * ratio, 1e-9);
  EXPECT_EQ(eight[6].name, "evil");
  EXPECT_TRUE(eight[6][LevelStatistic::count] == paper_levels()[3][LevelStatistic::count]);
}

TEST(ExpandLevels, TiesGoToTheLowerGap) {
  const std::vector<CalibrationLevel> levels{{"a", 1, {}}, {"b", 3, {}}, {"c", 5, {}}};
  const auto four = expand_levels(levels, 4, Spacing::arithmetic);
  EXPECT_EQ(names_of(four), (std::vector<std::string>{"a", "a-b", "b", "c"}));
  EXPECT_DOUBLE_EQ(four[1].target, 2);
}

TEST(ExpandLevels, Errors) {
  EXPECT_THROW(expand_levels(paper_levels(), 3, Spacing::arithmetic), InputError);
  const std::vector<CalibrationLevel> one{{"only", 5, {}}};
  EXPECT_THROW(expand_levels(one, 2, Spacing::arithmetic), InputError);
  EXPECT_EQ(expand_levels(one, 1, Spacing::arithmetic).size(), 1U);
  // Decreasing targets: arithmetic steps below zero (10, 5.5, 1, -3.5), geometric ones do not.
  const std::vector<CalibrationLevel> falling{{"high", 10, {}}, {"low", 1, {}}};
  EXPECT_THROW(expand_levels(falling, 4, Spacing::arithmetic), InputError);
  EXPECT_NEAR(expand_levels(falling, 4, Spacing::geometric)[3].target, 1 / std::sqrt(10.0), 1e-12);
  // A new name that repeats a measured one.
  const std::vector<CalibrationLevel> clash{{"a", 1, {}}, {"b", 4, {}}, {"a-b", 5, {}}};
  EXPECT_THROW(expand_levels(clash, 4, Spacing::arithmetic), InputError);
}

// ---- Inputs ----

TEST(ParseBins, TheIssuesExample) {
  const auto bins = parse_bins("easy:<2.0,medium:<3.0,hard:<5.0,evil");
  ASSERT_EQ(bins.size(), 4U);
  EXPECT_EQ(bins[0].name, "easy");
  EXPECT_EQ(bins[0].below, 2.0);
  EXPECT_EQ(bins[2].below, 5.0);
  EXPECT_EQ(bins[3].name, "evil");
  EXPECT_FALSE(bins[3].below.has_value());
  EXPECT_EQ(to_string(bins), "easy:<2,medium:<3,hard:<5,evil");
  EXPECT_EQ(parse_bins(" a:<1 , b:<2.5 ").size(), 2U);
}

TEST(ParseBins, ErrorsPointAtTheirColumn) {
  const std::vector<std::pair<std::string, int>> cases{{"", 1},     {"a:<2,b:<1", 9}, {"a,b", 3},  {"a:2", 3},
                                                       {"a:<x", 4}, {"a:<1,a", 6},    {"a:<1,", 6}};
  for (const auto& [spec, column] : cases) {
    try {
      parse_bins(spec);
      ADD_FAILURE() << "no error for '" << spec << "'";
    } catch (const InputError& error) {
      EXPECT_EQ(error.source(), "--bins") << spec;
      EXPECT_EQ(error.column(), column) << spec << ": " << error.what();
    }
  }
}

TEST(ReadLevelFiles, PoolsFilesAndHashesThem) {
  const std::vector<LevelFile> files{{"easy", test_data("calibrate/easy.txt")},
                                     {"medium", test_data("calibrate/medium.txt")},
                                     {"easy", test_data("calibrate/hard.txt")}};
  const StudyInput input = read_level_files(files);
  ASSERT_EQ(input.levels.size(), 2U);
  EXPECT_EQ(input.levels[0].name, "easy");
  EXPECT_EQ(input.levels[0].puzzles.size(), 16U);
  EXPECT_EQ(input.levels[0].puzzles[8].source, test_data("calibrate/hard.txt"));
  EXPECT_EQ(input.levels[0].puzzles[8].line, 1);
  ASSERT_EQ(input.files.size(), 3U);
  EXPECT_EQ(input.files[1].sha256, sha256_hex(testing::read_text_file(test_data("calibrate/medium.txt"))));
  EXPECT_EQ(input.files[1].puzzles, 8U);
}

TEST(ReadLevelFiles, MalformedEmptyAndMissingFiles) {
  try {
    read_level_files(std::vector<LevelFile>{{"easy", test_data("calibrate/malformed.txt")}});
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.source(), test_data("calibrate/malformed.txt"));
    EXPECT_EQ(error.line(), 3);
    EXPECT_GT(error.column(), 0);
  }
  const std::string dir = testing::make_temp_dir("calibration-study");
  testing::write_text_file(dir + "/empty.txt", "# nothing here\n\n");
  EXPECT_THROW(read_level_files(std::vector<LevelFile>{{"easy", dir + "/empty.txt"}}), InputError);
  EXPECT_THROW(read_level_files(std::vector<LevelFile>{{"easy", dir + "/missing.txt"}}), IoError);
  EXPECT_THROW(read_level_files(std::vector<LevelFile>{{"", test_data("calibrate/easy.txt")}}), InputError);
}

TEST(ReadLabelledFile, BinsByValue) {
  const auto bins = parse_bins("easy:<3,medium:<5,hard");
  const StudyInput input = read_labelled_file(test_data("calibrate/labelled.txt"), bins);
  ASSERT_EQ(input.levels.size(), 3U);
  for (const auto& level : input.levels) EXPECT_EQ(level.puzzles.size(), 8U) << level.name;
  EXPECT_EQ(input.levels[1].puzzles[0].line, 9);
  EXPECT_EQ(input.bins, "easy:<3,medium:<5,hard");
  EXPECT_EQ(input.unbinned, 0U);
  // Without a catch-all, values past the last bound are left out and counted.
  const StudyInput partial =
      read_labelled_file(test_data("calibrate/labelled.txt"), parse_bins("easy:<3,medium:<5"));
  EXPECT_EQ(partial.unbinned, 8U);
}

TEST(ReadLabelledFile, ValueErrorsAndEmptyBins) {
  const std::string dir = testing::make_temp_dir("calibration-study");
  const std::string puzzle = testing::read_text_file(test_data("calibrate/medium.txt")).substr(0, 81);
  testing::write_text_file(dir + "/no-value.txt", puzzle + " 2.5\n" + puzzle + "\n");
  testing::write_text_file(dir + "/bad-value.txt", puzzle + "   hard\n");
  const auto bins = parse_bins("easy:<3,hard");
  try {
    read_labelled_file(dir + "/no-value.txt", bins);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 2);
    EXPECT_EQ(error.column(), 82);
  }
  try {
    read_labelled_file(dir + "/bad-value.txt", bins);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 1);
    EXPECT_EQ(error.column(), 85);
    EXPECT_NE(error.message().find("\"hard\""), std::string::npos);
  }
  // The issue's example bins on a file that starts at 2.5: "easy" (below 2) is empty.
  EXPECT_THROW(read_labelled_file(test_data("calibrate/labelled.txt"),
                                  parse_bins("easy:<2.0,medium:<3.0,hard:<5.0,evil")),
               InputError);
}

// ---- Studies ----

std::unique_ptr<RatingMetric> quick_metric() {
  return make_rating_metric("call-count", {{"runs", "2"}});
}

StudyInput fixture_input() {
  return read_level_files(std::vector<LevelFile>{{"easy", test_data("calibrate/easy.txt")},
                                                 {"medium", test_data("calibrate/medium.txt")},
                                                 {"hard", test_data("calibrate/hard.txt")}});
}

TEST(CalibrationStudy, FixedPuzzlesGiveFixedTargets) {
  StudyOptions options;
  options.tool_version = "test";
  const StudyResult result = run_calibration_study(fixture_input(), *quick_metric(), options);
  const Calibration& calibration = result.calibration;
  EXPECT_EQ(calibration.metric, "call-count");
  EXPECT_EQ(calibration.runs, 2);
  EXPECT_EQ(calibration.options.at("runs"), "2");
  ASSERT_EQ(calibration.levels.size(), 3U);
  // AC alone solves qqwing's "simple" puzzles: every rating, and so the target, is exactly 1.
  EXPECT_EQ(calibration.levels[0].target, 1.0);
  EXPECT_EQ(calibration.levels[0][LevelStatistic::removed], 0.0);
  // Regression values: the rater is deterministic (seeds from the canonical form), so these only
  // change when the call-count rater itself changes.
  EXPECT_NEAR(calibration.levels[1].target, 88.3125, 1e-9);
  EXPECT_NEAR(calibration.levels[2].target, 133.08333333333334, 1e-9);
  for (const LevelOutcome& level : result.levels) {
    EXPECT_EQ(level.summary.count, 8U);
    EXPECT_EQ(level.kept_ratings.size() + level.removed_ratings.size(), 8U);
    double sum = 0;
    for (const double rating : level.kept_ratings) sum += rating;
    EXPECT_DOUBLE_EQ(sum / static_cast<double>(level.kept_ratings.size()), level.summary.mean) << level.name;
  }
  EXPECT_TRUE(result.excluded.empty());
  EXPECT_TRUE(result.warnings.empty());
}

TEST(CalibrationStudy, TheSameForAnyThreadCount) {
  StudyOptions one;
  StudyOptions two;
  two.jobs = 2;
  const StudyInput input = fixture_input();
  EXPECT_EQ(pretty_json(calibration_to_json(run_calibration_study(input, *quick_metric(), one).calibration)),
            pretty_json(calibration_to_json(run_calibration_study(input, *quick_metric(), two).calibration)));
}

TEST(CalibrationStudy, RoundTripsThroughTheRatingEngine) {
  StudyOptions options;
  options.tool_version = "test";
  const auto metric = quick_metric();
  const StudyResult result = run_calibration_study(fixture_input(), *metric, options);
  const std::string path = testing::make_temp_dir("calibration-study") + "/calibration.json";
  write_calibration_file(path, result.calibration);
  const Calibration read = read_calibration_file(path);
  ASSERT_EQ(read.levels.size(), result.calibration.levels.size());
  for (std::size_t i = 0; i < read.levels.size(); ++i) {
    EXPECT_EQ(read.levels[i].name, result.calibration.levels[i].name);
    // Within a few ulps: Boost.JSON's number parser is not guaranteed to round exactly.
    EXPECT_DOUBLE_EQ(read.levels[i].target, result.calibration.levels[i].target);
    for (std::size_t s = 0; s < kLevelStatisticCount; ++s) {
      ASSERT_TRUE(read.levels[i].statistics[s].has_value());
      EXPECT_DOUBLE_EQ(*read.levels[i].statistics[s], *result.calibration.levels[i].statistics[s]);
    }
    EXPECT_EQ(&level_for(read, read.levels[i].target), &read.levels[i]);
  }
  EXPECT_EQ(read.options, metric->settings());
  EXPECT_FALSE(calibration_mismatch(read, *metric).has_value());
  ASSERT_TRUE(read.provenance.has_value());
  const auto& provenance = read.provenance->as_object();
  EXPECT_EQ(provenance.at("version").as_string(), "test");
  EXPECT_EQ(provenance.at("outliers").as_string(), "median-iqr");
  EXPECT_EQ(provenance.at("inputs").as_array().size(), 3U);
  EXPECT_EQ(provenance.at("inputs").as_array()[0].at("sha256").as_string(),
            sha256_hex(testing::read_text_file(test_data("calibrate/easy.txt"))));
  // A puzzle as hard as the "hard" target is looked up as hard.
  EXPECT_EQ(level_for(read, 300.0).name, "hard");
  EXPECT_EQ(level_for(read, 1.0).name, "easy");
}

TEST(CalibrationStudy, ExcludesPuzzlesWithoutAUniqueSolution) {
  const StudyInput input = read_level_files(std::vector<LevelFile>{
      {"easy", test_data("calibrate/easy.txt")}, {"mixed", test_data("calibrate/with-problems.txt")}});
  const StudyResult result = run_calibration_study(input, *quick_metric(), {});
  ASSERT_EQ(result.excluded.size(), 2U);
  EXPECT_EQ(result.excluded[0].line, 3);
  EXPECT_EQ(result.excluded[0].reason(), "not unique (2 or more solutions)");
  EXPECT_EQ(result.excluded[1].line, 5);
  EXPECT_EQ(result.excluded[1].reason(), "no solution");
  EXPECT_EQ(result.excluded[1].level, "mixed");
  EXPECT_EQ(result.levels[1].excluded, 2U);
  EXPECT_EQ(result.calibration.levels[1][LevelStatistic::count], 3.0);
  const auto& provenance = result.calibration.provenance->as_object();
  EXPECT_EQ(provenance.at("excluded").as_array().size(), 2U);
  EXPECT_EQ(provenance.at("levels").as_array()[1].at("excluded").to_number<std::int64_t>(), 2);
}

TEST(CalibrationStudy, ALevelWithoutValidPuzzlesIsAnError) {
  const std::string dir = testing::make_temp_dir("calibration-study");
  testing::write_text_file(
      dir + "/bad.txt",
      "11...............................................................................\n");
  const StudyInput input = read_level_files(
      std::vector<LevelFile>{{"easy", test_data("calibrate/easy.txt")}, {"bad", dir + "/bad.txt"}});
  EXPECT_THROW(run_calibration_study(input, *quick_metric(), {}), InputError);
}

TEST(CalibrationStudy, EqualTargetsAreAnErrorNamingTheLevels) {
  const StudyInput input = read_level_files(
      std::vector<LevelFile>{{"a", test_data("calibrate/easy.txt")}, {"b", test_data("calibrate/easy.txt")}});
  try {
    run_calibration_study(input, *quick_metric(), {});
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("\"a\" and \"b\""), std::string::npos) << error.what();
  }
}

TEST(CalibrationStudy, WarnsWhenTargetsDoNotIncreaseOrRatingsAreCapped) {
  const StudyInput input = read_level_files(std::vector<LevelFile>{
      {"hard", test_data("calibrate/hard.txt")}, {"easy", test_data("calibrate/easy.txt")}});
  const StudyResult result = run_calibration_study(input, *quick_metric(), {});
  ASSERT_EQ(result.warnings.size(), 1U);
  EXPECT_NE(result.warnings[0].find("\"easy\""), std::string::npos);

  const auto capped_metric = make_rating_metric("call-count", {{"runs", "2"}, {"cap", "5"}});
  const StudyInput hard = read_level_files(std::vector<LevelFile>{{"hard", test_data("calibrate/hard.txt")}});
  const StudyResult capped = run_calibration_study(hard, *capped_metric, {});
  EXPECT_EQ(capped.levels[0].capped, 8U);
  ASSERT_EQ(capped.warnings.size(), 1U);
  EXPECT_NE(capped.warnings[0].find("lower bounds"), std::string::npos);
}

// --validate: the last fraction of each file is held out, learned from the rest, and judged.
TEST(CalibrationStudy, ValidationHoldsOutTheLastPartOfEachFile) {
  StudyOptions options;
  options.bands = true;
  options.outliers = OutlierRule::none;
  options.validate = 0.25;  // round(0.25 * 8) = 2 of each file's 8 puzzles
  const auto metric = quick_metric();
  const StudyResult result = run_calibration_study(fixture_input(), *metric, options);
  ASSERT_TRUE(result.house.has_value());
  EXPECT_EQ(result.house->held_in, 18U);
  ASSERT_TRUE(result.house->validation.has_value());
  const StudyValidation& validation = *result.house->validation;
  EXPECT_EQ(validation.held_out, 6U);
  EXPECT_EQ(validation.levels.total(), 6U);
  for (std::size_t level = 0; level < 3; ++level) {
    std::size_t row = 0;
    for (const std::size_t count : validation.levels.counts[level]) row += count;
    EXPECT_EQ(row, 2U) << level;  // each file's last two
    EXPECT_EQ(result.calibration.levels[level][LevelStatistic::count], 6.0);
  }
  // Held-out puzzles are those of lines 7 and 8: rated by the learned levels as the engine would.
  const StudyInput input = fixture_input();
  Confusion expected(3);
  for (std::size_t level = 0; level < 3; ++level)
    for (const StudyPuzzle& puzzle : input.levels[level].puzzles)
      if (puzzle.line >= 7) {
        const std::string& name = level_for(result.calibration, metric->rate(puzzle.grid).value).name;
        std::size_t column = 0;
        while (result.calibration.levels[column].name != name) ++column;
        expected.add(level, column);
      }
  EXPECT_EQ(validation.levels.counts, expected.counts);
  ASSERT_EQ(validation.baselines.size(), 2U);
  EXPECT_EQ(validation.baselines[1].name, "majority");
  EXPECT_EQ(validation.baselines[1].confusion.total(), 6U);
  // Givens ranges and the grid size are learned from the held-in puzzles.
  EXPECT_EQ(result.calibration.size, 9);
  for (const CalibrationLevel& level : result.calibration.levels) EXPECT_TRUE(level.givens.has_value());

  options.validate = 0.95;  // round(7.6) = 8: nothing left to learn from
  try {
    run_calibration_study(fixture_input(), *metric, options);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("holds out every puzzle of level \"easy\""), std::string::npos)
        << error.message();
  }
  options.bands = false;
  options.validate = 0.25;
  EXPECT_THROW(run_calibration_study(fixture_input(), *metric, options), InputError);
}

TEST(CalibrationStudy, ExpandsAndRecordsTheExpansion) {
  StudyOptions options;
  options.levels = 6;
  options.spacing = Spacing::geometric;
  const StudyResult result = run_calibration_study(fixture_input(), *quick_metric(), options);
  ASSERT_EQ(result.calibration.levels.size(), 6U);
  EXPECT_EQ(result.levels.size(), 3U);
  EXPECT_EQ(result.calibration.levels.back().name, "hard+1");
  const auto& expansion = result.calibration.provenance->as_object().at("expansion").as_object();
  EXPECT_EQ(expansion.at("spacing").as_string(), "geometric");
  EXPECT_EQ(expansion.at("measured").to_number<std::int64_t>(), 3);
  validate_calibration(result.calibration);
}

TEST(CalibrationStudy, ReportsProgress) {
  std::size_t last = 0;
  std::size_t total = 0;
  run_calibration_study(fixture_input(), *quick_metric(), {}, [&](std::size_t done, std::size_t all) {
    last = done;
    total = all;
  });
  EXPECT_EQ(total, 24U);
  EXPECT_EQ(last, 24U);
}

// ---- Presenting the result: the Table I summary and the diagnostics ----

namespace summary {

// easy: 1 2 3 4 100 gives Q1 2, median 3, Q3 4, fence [0, 6]: 100 is removed, the target is 2.5.
// hard: 10 20 gives Q1 12.5, median 15, Q3 17.5, both kept, target 15. Expanded: easy-hard at 8.75.
StudyResult two_levels_and_one_between() {
  return testing::hand_made_study({{"easy", {1, 2, 3, 4, 100}, 2}, {"hard", {10, 20}, 0}},
                                  OutlierRule::median_iqr, 3);
}

}  // namespace summary

TEST(StudySummary, OneLinePerLevelWithDashesForExpandedLevels) {
  EXPECT_EQ(
      format_study_summary(summary::two_levels_and_one_between(), std::nullopt),
      "level     puzzles  excl  kept removed       min        Q1    median        Q3       max    target\n"
      "easy            5     2     4       1      1.00      2.00      3.00      4.00    100.00      2.50\n"
      "easy-hard       -     -     -       -         -         -         -         -         -      8.75\n"
      "hard            2     0     2       0     10.00     12.50     15.00     17.50     20.00     15.00\n");
}

TEST(StudySummary, TheReferenceIsMatchedToTheMeasuredLevelsInOrder) {
  // The paper's easy (6.234043) goes with our easy, its medium (29.2093) with our second measured
  // level, hard; the expanded level has no partner.
  const std::string text =
      format_study_summary(summary::two_levels_and_one_between(), read_study_reference("paper"));
  EXPECT_EQ(
      text,
      "level     puzzles  excl  kept removed       min        Q1    median        Q3       max    target     "
      "paper    ratio\n"
      "easy            5     2     4       1      1.00      2.00      3.00      4.00    100.00      2.50     "
      " "
      "6.23     0.40\n"
      "easy-hard       -     -     -       -         -         -         -         -         -      8.75\n"
      "hard            2     0     2       0     10.00     12.50     15.00     17.50     20.00     15.00     "
      "29.21     0.51\n");
}

TEST(StudySummary, LongNamesWidenTheirColumns) {
  const StudyResult result =
      testing::hand_made_study({{"very-difficult-indeed", {3, 5}, 0}}, OutlierRule::none);
  const std::string text =
      format_study_summary(result, StudyReference{"a-long-reference-name", paper_calibration()});
  EXPECT_EQ(
      text.substr(0, text.find('\n')),
      "level                 puzzles  excl  kept removed       min        Q1    median        Q3       max"
      "    target a-long-reference-name    ratio");
  EXPECT_NE(
      text.find("\nvery-difficult-indeed       2     0     2       0      3.00      3.50      4.00      "
                "4.50      5.00      4.00                  6.23     0.64\n"),
      std::string::npos)
      << text;
}

TEST(StudyReference, PaperFileOrNone) {
  EXPECT_FALSE(read_study_reference("").has_value());
  const auto paper = read_study_reference("paper");
  ASSERT_TRUE(paper.has_value());
  EXPECT_EQ(paper->name, "paper");
  EXPECT_EQ(paper->calibration.levels.size(), 4U);
  const auto file = read_study_reference(std::string(SUDOKU_SOURCE_DIR) + "/examples/calibration-paper.json");
  ASSERT_TRUE(file.has_value());
  EXPECT_EQ(file->name, "reference");
  EXPECT_DOUBLE_EQ(file->calibration.levels[3].target, 527.4318);
  EXPECT_THROW(read_study_reference("/nonexistent/calibration.json"), IoError);
}

TEST(StudyDiagnostics, ExcludedPuzzlesUpToTheLimitThenACountThenWarnings) {
  StudyResult result;
  result.excluded = {{"easy", "a.txt", 3, 0}, {"easy", "a.txt", 7, 2}, {"hard", "b.txt", 1, 0}};
  result.warnings = {"targets do not increase"};
  EXPECT_EQ(study_diagnostics(result, 2),
            (std::vector<std::string>{
                "a.txt:3: excluded from level \"easy\": no solution",
                "a.txt:7: excluded from level \"easy\": not unique (2 or more solutions)",
                "... and 1 more excluded puzzles (all listed in the calibration's provenance)",
                "warning: targets do not increase"}));
  EXPECT_EQ(study_diagnostics(result, 3).size(), 4U);  // all three puzzles and the warning, no count
  EXPECT_EQ(study_diagnostics(StudyResult{}, 20), std::vector<std::string>{});
}

// Bands from labelled levels: each cut misclassifies the fewest kept ratings of its two neighbours.
TEST(BandCuts, SplitWhereTheNeighboursAreToldApartBest) {
  const std::vector<std::vector<double>> levels{
      {1.2, 1.5, 1.5, 2.0, 2.6}, {2.6, 2.8, 3.0, 3.2, 2.3}, {4.2, 4.4, 5.0, 3.0}};
  const std::vector<double> cuts = band_cuts(levels);
  ASSERT_EQ(cuts.size(), 2U);
  // easy|medium: the cut 2.15 misclassifies one rating (easy's 2.6), every other cut two or more;
  // medium|hard: 3.7 misclassifies one (hard's 3.0), 3.1 and 2.9 two.
  EXPECT_DOUBLE_EQ(cuts[0], 2.15);
  EXPECT_DOUBLE_EQ(cuts[1], 3.7);
  // Ties go to the cut nearest the midpoint of the medians: {1, 3} | {2, 9, 10} cut at 1.5 or at 6
  // misclassifies one rating each; the medians' midpoint is (2 + 9) / 2 = 5.5.
  EXPECT_DOUBLE_EQ(band_cuts(std::vector<std::vector<double>>{{1, 3}, {2, 9, 10}})[0], 6.0);
  EXPECT_TRUE(band_cuts(std::vector<std::vector<double>>{{1.0}}).empty());
}
}  // namespace
}  // namespace sudoku
