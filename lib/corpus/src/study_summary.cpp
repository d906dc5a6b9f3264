// SPDX-License-Identifier: Apache-2.0
// The Table I-style summary of a calibration study (see calibration_study.hpp). The paper's Table I
// gives one target per level; ours adds what led to it, so a reader can judge the target.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/corpus/calibration_study.hpp"

namespace sudoku {

namespace {

// Right-aligned in `width` with `precision` decimals, or "-" for a statistic that expanded levels
// do not have.
std::string format_statistic(const std::optional<double>& value, int width, int precision) {
  char text[64];
  if (value.has_value())
    std::snprintf(text, sizeof text, "%*.*f", width, precision, value.value_or(0.0));
  else
    std::snprintf(text, sizeof text, "%*s", width, "-");
  return text;
}

}  // namespace

std::optional<StudyReference> read_study_reference(const std::string& compare) {
  if (compare.empty()) return std::nullopt;
  if (compare == "paper") return StudyReference{"paper", paper_calibration()};
  return StudyReference{"reference", read_calibration_file(compare)};
}

std::string format_study_summary(const StudyResult& result, const std::optional<StudyReference>& reference) {
  std::ostringstream out;
  const Calibration& calibration = result.calibration;
  std::size_t name_width = 5;
  for (const auto& level : calibration.levels) name_width = std::max(name_width, level.name.size());
  // The reference column is at least as wide as the statistics and never narrower than its name.
  const int reference_width =
      reference ? static_cast<int>(std::max<std::size_t>(9, reference->name.size())) : 0;
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %7s %5s %5s %7s %9s %9s %9s %9s %9s %9s",
                static_cast<int>(name_width), "level", "puzzles", "excl", "kept", "removed", "min", "Q1",
                "median", "Q3", "max", "target");
  out << line;
  if (reference) {
    std::snprintf(line, sizeof line, " %*s    ratio", reference_width, reference->name.c_str());
    out << line;
  }
  out << "\n";
  std::size_t measured_index = 0;  // the reference is matched to the measured levels, in order
  for (const CalibrationLevel& level : calibration.levels) {
    const auto measured =
        std::find_if(result.levels.begin(), result.levels.end(),
                     [&](const LevelOutcome& outcome) { return outcome.name == level.name; });
    const bool is_measured = measured != result.levels.end();
    const std::string excluded = format_statistic(
        is_measured ? std::optional<double>(static_cast<double>(measured->excluded)) : std::nullopt, 5, 0);
    std::snprintf(line, sizeof line, "%-*s %s %s %s %s %s %s %s %s %s %s", static_cast<int>(name_width),
                  level.name.c_str(), format_statistic(level[LevelStatistic::count], 7, 0).c_str(),
                  excluded.c_str(), format_statistic(level[LevelStatistic::kept], 5, 0).c_str(),
                  format_statistic(level[LevelStatistic::removed], 7, 0).c_str(),
                  format_statistic(level[LevelStatistic::min], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::q1], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::median], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::q3], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::max], 9, 2).c_str(),
                  format_statistic(level.target, 9, 2).c_str());
    out << line;
    if (is_measured && reference && measured_index < reference->calibration.levels.size()) {
      const double target = reference->calibration.levels[measured_index].target;
      std::snprintf(line, sizeof line, " %*.2f %8.2f", reference_width, target, level.target / target);
      out << line;
    }
    out << "\n";
    if (is_measured) ++measured_index;
  }
  return out.str();
}

namespace {

std::string percent(std::size_t part, std::size_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%",
                whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

}  // namespace

std::vector<ModelFeature> ranked_features(const LevelModel& model) {
  std::vector<ModelFeature> ranked = model.features;
  std::stable_sort(ranked.begin(), ranked.end(), [](const ModelFeature& a, const ModelFeature& b) {
    return std::abs(a.weight) > std::abs(b.weight);
  });
  return ranked;
}

std::string format_house_style(const StudyResult& result) {
  if (!result.house) return {};
  const HouseStyle& house = *result.house;
  std::ostringstream out;
  std::size_t name_width = 5;
  for (const auto& level : result.levels) name_width = std::max(name_width, level.name.size());
  const int width = static_cast<int>(name_width);
  char line[512];
  out << "house style, learned from " << house.held_in << " puzzles (" << percent(house.agreement, house.held_in)
      << " inside their own level's band):\n";
  std::snprintf(line, sizeof line, "%-*s %21s %9s %8s\n", width, "level", "band", "target", "givens");
  // Bands print with their precision (technique grades cut at hundredths, call counts are large).
  const auto number = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return std::string(text);
  };
  out << line;
  for (const CalibrationLevel& level : result.calibration.levels) {
    const std::string givens =
        level.givens ? std::to_string(level.givens->fewest) + "-" + std::to_string(level.givens->most) : "-";
    const std::string band = number(level.band->low) + "-" + number(level.band->high);
    std::snprintf(line, sizeof line, "%-*s %21s %9s %8s\n", width, level.name.c_str(), band.c_str(),
                  number(level.target).c_str(), givens.c_str());
    out << line;
  }
  if (house.symmetry) {
    out << "symmetry of the givens (strongest of each puzzle):";
    for (std::size_t i = 0; i < kSymmetryClasses.size(); ++i)
      out << (i == 0 ? " " : ", ") << to_string(kSymmetryClasses[i]) << " " << house.symmetry->classes[i];
    if (house.symmetry->consistent)
      out << "; written: " << to_string(*house.symmetry->consistent) << "\n";
    else
      out << "; not consistent (under " << static_cast<int>(kConsistentShare * 100)
          << " % share one), none written\n";
  }
  if (!house.cuts.empty()) {
    out << "second dimension (puzzles of the lower band sent up at grade + w x hard steps, cross-validated on the "
           "held-in puzzles of each pair):\n";
    for (const LevelPairCut& pair : house.cuts) {
      const PairCut& cut = pair.decision;
      std::snprintf(line, sizeof line, "  %s/%s: ", pair.lower.c_str(), pair.upper.c_str());
      out << line;
      if (cut.points < 2 * kCutFolds) {
        out << "too few puzzles to judge, the grade alone\n";
        continue;
      }
      std::snprintf(line, sizeof line, "grade alone %zu of %zu", cut.grade_correct, cut.points);
      out << line;
      if (cut.weight > 0) {
        std::snprintf(line, sizeof line, ", w = %g: %zu (%zu gained, %zu lost)", cut.weight, cut.cut_correct,
                      cut.gains, cut.losses);
        out << line;
      }
      if (cut.kept) {
        std::snprintf(line, sizeof line, "; kept: %s ends at grade + %g x hard steps = %g\n", pair.lower.c_str(),
                      cut.weight, cut.below);
        out << line;
      } else {
        out << "; not kept, the grade alone\n";
      }
    }
  }
  if (house.model) {
    const ModelDecision& decision = *house.model;
    const LevelModel& model = decision.fit.model;
    out << "level model (ordinal logit over the solving path's features, L2 lambda " << number(model.lambda)
        << " chosen by " << ModelFitOptions{}.folds << "-fold cross-validation on " << decision.points
        << " held-in puzzles):\n";
    if (decision.fit.cv_predictions.empty()) {
      out << "  too few puzzles to cross-validate: not kept, the bands\n";
    } else {
      std::snprintf(line, sizeof line,
                    "  cross-validated %zu of %zu (%s) against the bands' %zu (%s): %zu gained, %zu lost; %s\n",
                    decision.fit.cv_correct, decision.points, percent(decision.fit.cv_correct, decision.points).c_str(),
                    decision.bands_correct, percent(decision.bands_correct, decision.points).c_str(), decision.gains,
                    decision.losses, decision.kept ? "kept: the levels are the model's" : "not kept, the bands");
      out << line;
      out << "  lambda (mean log loss, cross-validated right):";
      for (const LambdaScore& judged : decision.fit.lambdas) {
        std::snprintf(line, sizeof line, " %g (%.3f, %zu)", judged.lambda, judged.log_loss, judged.correct);
        out << line;
      }
      out << "\n";
    }
    out << "  features that carry the decision (weight per standard deviation; + reads harder), thresholds";
    for (const double threshold : model.thresholds) out << " " << number(threshold);
    out << ":\n";
    for (const ModelFeature& feature : ranked_features(model)) {
      std::snprintf(line, sizeof line, "    %-34s %+7.3f   (mean %.3g, sd %.3g)\n", feature.name.c_str(), feature.weight,
                    feature.mean, feature.sd);
      out << line;
    }
  }
  if (house.validation) {
    const StudyValidation& validation = *house.validation;
    out << "\nvalidation on the last " << validation.fraction * 100 << " % of each file (" << validation.held_out
        << " puzzles held out): labels (rows) against the learned levels (columns)\n";
    std::snprintf(line, sizeof line, "%-*s", width, "");
    out << line;
    for (const auto& level : result.levels) {
      std::snprintf(line, sizeof line, " %*s", static_cast<int>(std::max<std::size_t>(6, level.name.size())),
                    level.name.c_str());
      out << line;
    }
    out << "\n";
    for (std::size_t row = 0; row < result.levels.size(); ++row) {
      std::snprintf(line, sizeof line, "%-*s", width, result.levels[row].name.c_str());
      out << line;
      for (std::size_t column = 0; column < result.levels.size(); ++column) {
        std::snprintf(line, sizeof line, " %*zu",
                      static_cast<int>(std::max<std::size_t>(6, result.levels[column].name.size())),
                      validation.levels.counts[row][column]);
        out << line;
      }
      out << "\n";
    }
    out << "accuracy: learned levels" << (result.calibration.model ? " (the model)" : "") << " "
        << percent(validation.levels.agreeing(), validation.levels.total());
    for (const ValidationBaseline& baseline : validation.baselines)
      out << "; " << baseline.name << " (" << baseline.rule << ") "
          << percent(baseline.confusion.agreeing(), baseline.confusion.total());
    out << "\n";
    const auto per_level = [&](const Confusion& confusion) {
      std::string text;
      for (std::size_t row = 0; row < result.levels.size(); ++row) {
        std::size_t all = 0;
        for (const std::size_t cell : confusion.counts[row]) all += cell;
        text += (row == 0 ? "" : ", ") + result.levels[row].name + " " + std::to_string(confusion.counts[row][row]) +
                "/" + std::to_string(all);
      }
      return text;
    };
    out << "per level: learned levels " << per_level(validation.levels);
    for (const ValidationBaseline& baseline : validation.baselines)
      out << "; " << baseline.name << " " << per_level(baseline.confusion);
    out << "\n";
  }
  return out.str();
}

std::vector<std::string> study_diagnostics(const StudyResult& result, std::size_t excluded_shown) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < result.excluded.size() && i < excluded_shown; ++i) {
    const ExcludedPuzzle& puzzle = result.excluded[i];
    lines.push_back(format_location(puzzle.source, puzzle.line, 0,
                                    "excluded from level \"" + puzzle.level + "\": " + puzzle.reason()));
  }
  if (result.excluded.size() > excluded_shown)
    lines.push_back("... and " + std::to_string(result.excluded.size() - excluded_shown) +
                    " more excluded puzzles (all listed in the calibration's provenance)");
  for (const std::string& warning : result.warnings) lines.push_back("warning: " + warning);
  return lines;
}

}  // namespace sudoku
