// SPDX-License-Identifier: Apache-2.0
// From a calibration study to the distribution plot (see calibration_plot.hpp).
#include "calibration_plot.hpp"

#include <cstddef>
#include <string>
#include <utility>

namespace sudoku::typeset {

std::string outlier_rule_description(OutlierRule rule) {
  switch (rule) {
    case OutlierRule::median_iqr:
      return "outliers outside median \u00b1 1.5\u00b7IQR removed";
    case OutlierRule::tukey:
      return "outliers outside [Q1 \u2212 1.5\u00b7IQR, Q3 + 1.5\u00b7IQR] removed";
    case OutlierRule::none:
      return "no outliers removed";
  }
  return "";
}

DistributionPlot calibration_plot(const StudyResult& result, const CalibrationPlotOptions& options) {
  DistributionPlot plot;
  plot.pdf_date = options.pdf_date;
  const Calibration& calibration = result.calibration;
  plot.title = options.title.empty() ? "Ratings per level and their targets (" + calibration.metric + ")"
                                     : options.title;
  std::size_t puzzles = 0;
  for (const auto& level : result.levels) puzzles += level.summary.count;
  plot.subtitle = std::to_string(puzzles) + " puzzles rated in " + std::to_string(result.levels.size()) +
                  " levels \u00b7 " + std::to_string(calibration.runs) +
                  (calibration.runs == 1 ? " run" : " runs") + " per puzzle \u00b7 " +
                  outlier_rule_description(options.outliers) + " \u00b7 target = mean of the kept ratings";
  plot.value_label =
      calibration.metric + " rating" +
      (calibration.runs > 1 ? " (mean over " + std::to_string(calibration.runs) + " runs)" : "") +
      ", log scale";
  plot.target_label = "target (value above)";
  const bool paper = options.reference && options.reference->name == "paper";
  plot.reference_label =
      (paper ? "paper's Table I target" : "reference target") + std::string(" (value below)");
  for (std::size_t i = 0; i < result.levels.size(); ++i) {
    const LevelOutcome& level = result.levels[i];
    DistributionSeries series;
    series.name = level.name;
    series.note = std::to_string(level.summary.count) + " rated, " + std::to_string(level.summary.removed) +
                  " removed" +
                  (level.excluded > 0 ? ", " + std::to_string(level.excluded) + " excluded" : "");
    series.values = level.kept_ratings;
    series.outliers = level.removed_ratings;
    series.q1 = level.summary.quartiles.q1;
    series.median = level.summary.quartiles.median;
    series.q3 = level.summary.quartiles.q3;
    series.target = level.summary.mean;
    if (options.reference && i < options.reference->calibration.levels.size())
      series.reference = options.reference->calibration.levels[i].target;
    plot.series.push_back(std::move(series));
  }
  return plot;
}

}  // namespace sudoku::typeset
