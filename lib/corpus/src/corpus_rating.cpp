// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/corpus_rating.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/rate/call_count_rater.hpp"
#include "sudoku/rate/second_dimension.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

std::string_view status_name(PuzzleStatus status) {
  switch (status) {
    case PuzzleStatus::ok:
      return "ok";
    case PuzzleStatus::invalid_format:
      return "invalid-format";
    case PuzzleStatus::contradiction:
      return "contradiction";
    case PuzzleStatus::no_solution:
      return "no-solution";
    case PuzzleStatus::multiple_solutions:
      return "multiple-solutions";
  }
  return "unknown";
}

int hardest_step_count(const TechniqueGrade& grade) {
  int count = 0;
  for (const TechniqueStep& step : grade.steps)
    if (std::lround(step.score * 10) == std::lround(grade.grade * 10)) ++count;
  return count;
}

CorpusRater::CorpusRater(CorpusRatingOptions options)
    : options_(std::move(options)),
      call_count_(make_rating_metric("call-count", options_.call_count_settings)),
      hs_calls_(make_rating_metric("hs-calls", options_.hs_settings)),
      technique_options_(parse_technique_settings(options_.technique_settings)) {
  // The path is kept always: hardest_steps counts its steps at the grade. The chains' branches
  // only when the steps are written out.
  technique_options_.explain = true;
  technique_options_.branch_evidence = options_.explain;
  // The calibration's metric with its recorded options, unless it is the call count itself.
  const auto level_metric = [](const Calibration& calibration) -> std::unique_ptr<RatingMetric> {
    validate_calibration(calibration);
    if (calibration.metric == "call-count") return nullptr;
    MetricSettings settings = calibration.options;
    settings["runs"] = std::to_string(calibration.runs);
    return make_rating_metric(calibration.metric, settings);
  };
  MetricSettings fewest_settings = options_.call_count_settings;
  fewest_settings.try_emplace("branching", "fewest");
  fewest_call_count_ = make_rating_metric("call-count", fewest_settings);
  level_metric_ = level_metric(options_.calibration);
  killer_level_metric_ = level_metric(options_.killer_calibration);
  // A technique level's grader options, for reusing the puzzle's own grade (rate()).
  const auto level_technique = [](const Calibration& calibration) -> std::optional<TechniqueOptions> {
    if (calibration.metric != "technique") return std::nullopt;
    return parse_technique_settings(calibration.options);
  };
  level_technique_ = level_technique(options_.calibration);
  killer_level_technique_ = level_technique(options_.killer_calibration);
  // The rating a technique level metric gives a puzzle beyond its ladder (its "beyond" setting).
  const auto beyond_score = [](const RatingMetric* metric) {
    double value = 0;
    if (metric && metric->name() == "technique") {
      const std::string text = metric->settings().at("beyond");
      std::from_chars(text.data(), text.data() + text.size(), value);
    }
    return value;
  };
  level_beyond_ = beyond_score(level_metric_.get());
  killer_level_beyond_ = beyond_score(killer_level_metric_.get());
}

std::vector<std::string> CorpusRater::warnings() const {
  std::vector<std::string> warnings;
  const RatingMetric& level_metric = level_metric_ ? *level_metric_ : *call_count_;
  if (auto mismatch = calibration_mismatch(options_.calibration, level_metric)) warnings.push_back(*mismatch);
  return warnings;
}

bool CorpusRater::needs_notes(const PuzzleReport& report) {
  return report.status == PuzzleStatus::ok && report.size > kCallCountLargestSize;
}

std::vector<std::string> CorpusRater::notes(bool large_puzzle_rated) const {
  if (!options_.rate || !large_puzzle_rated) return {};
  return {
      "no call count above 9x9: the paper's metric hits the call cap on larger grids "
      "(docs/rating.md), so those records leave it, and levels by the call count, empty"};
}

PuzzleReport CorpusRater::rate(const std::string& file, const PuzzleEntry& entry) const {
  PuzzleReport report;
  report.file = file;
  report.line = entry.line;
  report.label = entry.label;
  if (!entry.ok()) {
    report.puzzle = entry.text;
    report.status = PuzzleStatus::invalid_format;
    report.error_line = entry.error_line;
    report.error_column = entry.error_column;
    report.error = "line " + std::to_string(entry.error_line) + ", column " +
                   std::to_string(entry.error_column) + ": " + entry.error;
    return report;
  }
  const Grid& grid = *entry.grid;
  // Killer boards: the puzzle in the Killer one-line form; only the metrics that know cage sums
  // (the call count, whose AC step propagates them) rate it.
  const bool killer = !grid.geometry().cages().empty();
  // Gattai boards: the board form, '-' where no grid covers the position (gattai.hpp).
  const bool gattai = grid.geometry().is_gattai();
  report.puzzle = killer ? to_killer_line(grid) : gattai ? to_gattai_line(grid) : to_line(grid);
  report.size = grid.size();
  report.givens = grid.givens();
  if (const auto conflict = find_conflict(grid)) {
    report.status = PuzzleStatus::contradiction;
    report.error = "value " + std::string(1, value_symbol(grid[conflict->first])) +
                   (killer ? " twice in one unit or cage, at " : " twice in one unit, at ") +
                   cell_name(grid.geometry(), conflict->first) + " and " +
                   cell_name(grid.geometry(), conflict->second);
    return report;
  }
  report.canonical = canonical_key(grid);
  const SolutionCount count = count_solutions(grid, 2);
  report.solutions = count.count;
  if (count.count == 0) {
    report.status = PuzzleStatus::no_solution;
    report.error = killer ? "the cages and givens admit no solution" : "the givens admit no solution";
  } else if (count.count > 1) {
    report.status = PuzzleStatus::multiple_solutions;
    report.error = "more than one solution";
  } else {
    report.solution = gattai ? to_gattai_line(*count.solution) : to_line(*count.solution);
    if (options_.rate) {
      // Killer boards: levels from the Killer calibration; the HS solver knows no cages, so it is
      // left out. No call count above 9x9 (docs/rating.md).
      const Calibration& calibration = killer ? options_.killer_calibration : options_.calibration;
      const RatingMetric* level_metric = killer ? killer_level_metric_.get() : level_metric_.get();
      if (grid.size() <= kCallCountLargestSize) {
        report.call_count = (killer || gattai ? fewest_call_count_ : call_count_)->rate(grid);
      }
      const TechniqueGrade technique = grade_techniques(grid, technique_options_);
      // Levels by the call count (the paper's calibration) need the call count. A technique level
      // reuses the grade above when the path proves it the same (grade_carries_over): the press
      // levels grade in invariant order, and below the chains that is the SE-order path.
      const auto& level_options = killer ? killer_level_technique_ : level_technique_;
      if (level_metric && level_options && (has_cuts(calibration) || calibration.model) && technique.solved()) {
        // Cuts and the level model read the calibration's own path (its order may take other
        // steps): one grading gives the rating, the hard steps and the model's features.
        const PathRating rated = rate_with_hard_steps(grid, calibration.options);
        report.level_hard_steps = rated.hard_steps;
        if (calibration.model && !rated.features.empty()) {
          report.level = calibration.levels[model_level_index(calibration, rated.features)].name;
          report.level_score = calibration.model->score(rated.features);
        } else {
          report.level = level_for(calibration, rated.rating.value, rated.hard_steps.value_or(0)).name;
        }
      } else if (level_metric && level_options &&
                 grade_carries_over(technique, technique_options_, *level_options)) {
        // "beyond" rates as the level metric's beyond score, as its own grading would.
        const double beyond = killer ? killer_level_beyond_ : level_beyond_;
        report.level = level_for(calibration, technique.beyond() ? beyond : technique.grade).name;
      } else if (level_metric || report.call_count) {
        const double level_rating = level_metric ? level_metric->rate(grid).value : report.call_count->value;
        report.level = level_for(calibration, level_rating).name;
      }
      // The audit's grading (uniqueness off) is this grade again wherever the path proves it.
      if (options_.audit) {
        report.audit = grade_carries_over(technique, technique_options_, audit_options_)
                           ? audit_puzzle(grid, technique)
                           : audit_puzzle(grid, audit_options_);
        // The level's cuts and the archive's hard steps are judged on the calibration's path.
        if (report.level_hard_steps) report.audit->hard_steps = report.level_hard_steps;
        if (report.level_score) {
          report.audit->score = rounded_score(*report.level_score);
          report.audit->model_level = report.level;
        }
      }
      if (!killer) report.hs_calls = hs_calls_->rate(grid);
      report.technique_beyond = technique.beyond();
      if (technique.solved()) {
        report.technique_grade = technique.grade;
        report.hardest_steps = hardest_step_count(technique);
        report.hard_steps = hard_step_count(technique);
      }
      report.hardest_technique = describe_hardest(technique);
      if (options_.explain) {
        for (const TechniqueStep& step : technique.steps) {
          char score[16];
          std::snprintf(score, sizeof score, "%.1f  ", step.score);
          report.technique_steps.push_back(score + format_step(grid.geometry(), step));
        }
        report.explained_steps = technique.steps;
        report.explained_grid = std::make_shared<const Grid>(grid);
      }
    }
  }
  return report;
}

void CorpusAudit::add(const PuzzleReport& report) {
  if (report.status != PuzzleStatus::ok) {
    // FILE:LINE:COLUMN: what, for a malformed puzzle; FILE:LINE: why, for a valid one.
    unaudited_.push_back(report.error_line > 0
                             ? report.file + ":" + std::to_string(report.error_line) + ":" +
                                   std::to_string(report.error_column) + ": " +
                                   report.error.substr(report.error.find(": ") + 2)
                             : report.file + ":" + std::to_string(report.line) + ": " + report.error);
    return;
  }
  if (report.audit) entries_.push_back({report.audit->cages > 0, report.size, report.level, *report.audit});
}

Audit CorpusAudit::finish(const CorpusRatingOptions& options) const {
  int size = 9;  // of the last puzzle of each kind: a level's ranges apply to its calibration's size
  int killer_size = 9;
  bool classic = false;
  bool killer = false;
  for (const Entry& entry : entries_) {
    (entry.killer ? killer : classic) = true;
    (entry.killer ? killer_size : size) = entry.size;
  }
  struct Kind {
    const Calibration* calibration;
    bool killer;
    int size;
  };
  std::vector<Kind> kinds;
  if (classic || !killer) kinds.push_back({&options.calibration, false, size});
  if (killer) kinds.push_back({&options.killer_calibration, true, killer_size});
  std::vector<AuditGroup> groups;
  std::vector<bool> killer_group;
  for (const Kind& kind : kinds) {
    const Calibration& calibration = *kind.calibration;
    std::vector<std::size_t> order(calibration.levels.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return calibration.levels[a].target < calibration.levels[b].target;
    });
    for (const std::size_t i : order) {
      const std::string& level = calibration.levels[i].name;
      groups.push_back(audit_group(kinds.size() > 1 && kind.killer ? "Killer " + level : level, level,
                                   calibration, kind.size));
      killer_group.push_back(kind.killer);
    }
  }
  for (const Entry& entry : entries_)
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (killer_group[g] == entry.killer && groups[g].level == entry.level)
        groups[g].puzzles.push_back(entry.audit);
  return run_audit(groups, unaudited_);
}

Audit audit_corpus(const std::vector<PuzzleReport>& reports, const CorpusRatingOptions& options) {
  CorpusAudit audit;
  for (const PuzzleReport& report : reports) audit.add(report);
  return audit.finish(options);
}

void mark_published(PuzzleReport& report, const ArchiveDb& archive) {
  if (report.canonical.empty()) return;
  for (const auto& entry : archive.find(report.canonical)) {
    std::string where = entry.publication;
    for (const std::string* part : {&entry.date, &entry.slot})
      if (!part->empty()) where += " " + *part;
    if (entry.withdrawn) where += " (withdrawn)";
    report.published += (report.published.empty() ? "" : "; ") + where;
  }
}

}  // namespace sudoku
