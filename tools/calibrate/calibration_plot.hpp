// SPDX-License-Identifier: Apache-2.0
// The figure of a calibration study: the ratings of each measured level, its box, its target and,
// when a reference calibration is given, the reference's target (after Figure 4 of Fatemi, Kazemi &
// Mehrasa 2014). Maps a StudyResult (core, Cairo-free) onto a DistributionPlot (drawn by plot.hpp).
//
// Contract: one series per measured level, in input order, named after the level, with the kept
// ratings as dots, the removed ones as rings, the quartiles of all ratings and the mean of the kept
// ones as target; the reference's levels in file order are matched to the measured levels in theirs.
// The title defaults to "Ratings per level and their targets (METRIC)"; the subtitle counts puzzles,
// levels and runs and names the outlier rule. Pure: no fonts, no Cairo, no files.
//   const auto plot = sudoku::typeset::calibration_plot(result, {"", study.outliers, reference, {}});
//   sudoku::typeset::write_distribution_plot("levels.pdf", plot, fonts);
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sudoku/corpus/calibration_study.hpp"
#include "sudoku/typeset/draw/plot.hpp"

namespace sudoku::typeset {

struct CalibrationPlotOptions {
  std::string title;                               // empty: the default title above
  OutlierRule outliers = OutlierRule::median_iqr;  // the rule the study used, for the subtitle
  std::optional<StudyReference> reference;         // drawn as dashed bars
  std::optional<std::int64_t> pdf_date;            // see DistributionPlot
};

// "outliers outside median ± 1.5·IQR removed", ...: the rule in words, for the subtitle.
std::string outlier_rule_description(OutlierRule rule);

DistributionPlot calibration_plot(const StudyResult& result, const CalibrationPlotOptions& options);

}  // namespace sudoku::typeset
