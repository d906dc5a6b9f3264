// SPDX-License-Identifier: Apache-2.0
// The mapping from a calibration study to its plot (typeset library, no drawing needed).
#include "calibration_plot.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace sudoku::typeset {
namespace {

// easy: 1 2 3 4 100 (100 removed by the paper's rule, 2 excluded), hard: 10 20 (both kept); one
// expanded level between them, which the plot does not show.
StudyResult sample_study() {
  return testing::hand_made_study({{"easy", {1, 2, 3, 4, 100}, 2}, {"hard", {10, 20}, 0}},
                                  OutlierRule::median_iqr, 3);
}

TEST(CalibrationPlot, OneSeriesPerMeasuredLevelWithItsRatings) {
  const DistributionPlot plot = calibration_plot(sample_study(), {});
  ASSERT_EQ(plot.series.size(), 2U);
  const DistributionSeries& easy = plot.series[0];
  EXPECT_EQ(easy.name, "easy");
  EXPECT_EQ(easy.note, "5 rated, 1 removed, 2 excluded");
  EXPECT_EQ(easy.values, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(easy.outliers, std::vector<double>{100});
  EXPECT_EQ(easy.q1, 2.0);
  EXPECT_EQ(easy.median, 3.0);
  EXPECT_EQ(easy.q3, 4.0);
  EXPECT_EQ(easy.target, 2.5);
  EXPECT_FALSE(easy.reference.has_value());
  const DistributionSeries& hard = plot.series[1];
  EXPECT_EQ(hard.name, "hard");
  EXPECT_EQ(hard.note, "2 rated, 0 removed");
  EXPECT_EQ(hard.target, 15.0);
  EXPECT_FALSE(plot.pdf_date.has_value());
}

TEST(CalibrationPlot, TitlesAndLabelsDescribeTheStudy) {
  const DistributionPlot plot = calibration_plot(sample_study(), {});
  EXPECT_EQ(plot.title, "Ratings per level and their targets (call-count)");
  EXPECT_EQ(plot.subtitle,
            "7 puzzles rated in 2 levels \u00b7 10 runs per puzzle \u00b7 outliers outside median \u00b1 "
            "1.5\u00b7IQR removed \u00b7 target = mean of the kept ratings");
  EXPECT_EQ(plot.value_label, "call-count rating (mean over 10 runs), log scale");
  EXPECT_EQ(plot.target_label, "target (value above)");
  EXPECT_EQ(plot.reference_label, "reference target (value below)");

  StudyResult one_run = sample_study();
  one_run.calibration.metric = "hs-calls";
  one_run.calibration.runs = 1;
  CalibrationPlotOptions options;
  options.title = "Our levels";
  options.outliers = OutlierRule::tukey;
  options.pdf_date = 1772323200;
  const DistributionPlot titled = calibration_plot(one_run, options);
  EXPECT_EQ(titled.title, "Our levels");
  EXPECT_EQ(
      titled.subtitle,
      "7 puzzles rated in 2 levels \u00b7 1 run per puzzle \u00b7 outliers outside [Q1 \u2212 1.5\u00b7IQR, "
      "Q3 + 1.5\u00b7IQR] removed \u00b7 target = mean of the kept ratings");
  EXPECT_EQ(titled.value_label, "hs-calls rating, log scale");
  EXPECT_EQ(titled.pdf_date, 1772323200);
}

TEST(CalibrationPlot, TheReferenceGoesToTheMeasuredLevelsInOrder) {
  CalibrationPlotOptions options;
  options.reference = read_study_reference("paper");
  const DistributionPlot paper = calibration_plot(sample_study(), options);
  EXPECT_EQ(paper.reference_label, "paper's Table I target (value below)");
  ASSERT_EQ(paper.series.size(), 2U);
  EXPECT_EQ(paper.series[0].reference, 6.234043);  // the paper's easy
  EXPECT_EQ(paper.series[1].reference, 29.2093);   // its medium, beside our second level

  Calibration short_reference;
  short_reference.levels = {CalibrationLevel{.name = "only", .target = 4.0}};
  options.reference = StudyReference{"reference", short_reference};
  const DistributionPlot other = calibration_plot(sample_study(), options);
  EXPECT_EQ(other.reference_label, "reference target (value below)");
  EXPECT_EQ(other.series[0].reference, 4.0);
  EXPECT_FALSE(other.series[1].reference.has_value());  // the reference has no second level
}

TEST(CalibrationPlot, OutlierRulesInWords) {
  EXPECT_EQ(outlier_rule_description(OutlierRule::none), "no outliers removed");
  EXPECT_NE(outlier_rule_description(OutlierRule::median_iqr), outlier_rule_description(OutlierRule::tukey));
}

}  // namespace
}  // namespace sudoku::typeset
