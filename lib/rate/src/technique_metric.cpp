// SPDX-License-Identifier: Apache-2.0
// The "technique" rating metric: an adapter from the technique grader (technique_grader.hpp) to the
// RatingMetric interface (rating.hpp) — option parsing, defaults, and "beyond" as a lower bound.
// It lives in the rating layer so that rating depends on the grader and never the other way round.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "sudoku/base/errors.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/rate/level_model.hpp"
#include "sudoku/rate/second_dimension.hpp"
#include "sudoku/technique/single.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kMetricName = "technique";

[[noreturn]] void metric_fail(const std::string& message) {
  throw InputError("", 0, 0, std::string(kMetricName) + ": " + message);
}

std::string format_number(double value) {
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  return std::string(buffer, end);
}

double beyond_score_of(const MetricSettings& settings) {
  const auto beyond = settings.find("beyond");
  if (beyond == settings.end()) return 11.0;
  const std::string& text = beyond->second;
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !(value > 0) || !std::isfinite(value))
    metric_fail("beyond: expected a positive number, got \"" + text + "\"");
  return value;
}

MetricRating rating_of(const TechniqueGrade& grade, double beyond_score) {
  MetricRating rating;
  rating.value = grade.beyond() ? beyond_score : grade.grade;
  rating.capped_runs = grade.beyond() ? 1 : 0;
  rating.solved = grade.solved();
  rating.proves_unique = grade.solved() && !grade.used_uniqueness;
  rating.work = grade.work;
  return rating;
}

// The metric's rate_between, with the hard steps of the same path (counted by the grader, no
// step list): one grading for both.
PathRating rate_path(const Grid& puzzle, TechniqueOptions options, double beyond_score, double floor,
                     double ceiling, bool features = false) {
  // A puzzle beyond the ladder rates beyond_score: the grader's ceiling is exact only below it.
  if (ceiling < beyond_score) options.ceiling = ceiling;
  options.floor = floor;
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  PathRating result;
  if (grade.solved()) result.hard_steps = hard_step_count(grade);
  if (grade.solved() && features) result.features = path_features(puzzle, grade);
  if (!grade.above_ceiling() && !grade.below_floor()) {
    result.rating = rating_of(grade, beyond_score);
    return result;
  }
  result.rating.value = grade.grade;
  result.rating.capped_runs = grade.above_ceiling() ? 1 : 0;
  result.rating.solved = false;
  // Below the floor the grader saw singles alone solve the puzzle as given (technique_grader.hpp).
  result.rating.proves_unique = grade.below_floor();
  result.rating.work = grade.work;
  return result;
}

class TechniqueMetric final : public RatingMetric {
 public:
  explicit TechniqueMetric(const MetricSettings& settings)
      : options_(parse_technique_settings(settings)), beyond_score_(beyond_score_of(settings)) {}

  std::string_view name() const override { return kMetricName; }
  int runs() const override { return 1; }
  MetricSettings settings() const override {
    return {{"max-technique", std::string(technique_id(options_.max_technique))},
            {"uniqueness", options_.uniqueness ? "true" : "false"},
            {"order", options_.order == ChainOrder::se ? "se" : "invariant"},
            {"beyond", format_number(beyond_score_)},
            {"runs", "1"}};
  }
  MetricRating rate(const Grid& puzzle) const override {
    return rating_of(grade_techniques(puzzle, options_), beyond_score_);
  }
  MetricRating rate_up_to(const Grid& puzzle, double ceiling) const override {
    return rate_between(puzzle, -std::numeric_limits<double>::infinity(), ceiling);
  }
  MetricRating rate_between(const Grid& puzzle, double floor, double ceiling) const override {
    return rate_path(puzzle, options_, beyond_score_, floor, ceiling).rating;
  }

 private:
  TechniqueOptions options_;
  double beyond_score_;
};

}  // namespace

std::vector<MetricOption> technique_metric_options() {
  return {
      {"max-technique", std::string(technique_id(TechniqueOptions{}.max_technique)),
       "hardest technique tried (an id such as xy-wing or nishio); puzzles needing more are graded beyond"},
      {"uniqueness", "true", "use unique rectangles and BUG (sound only for puzzles with one solution)"},
      {"order", "se",
       "forcing chains: se (Sudoku Explainer's order and exact number) or invariant (order-free: a transformed "
       "puzzle gets the same grade)"},
      {"beyond", "11", "rating given to puzzles beyond the ladder (reported as a lower bound)"},
      {"runs", "1", "accepted for plans and tools that always pass it; the grade is deterministic"},
  };
}

TechniqueOptions parse_technique_settings(const MetricSettings& settings) {
  TechniqueOptions options;
  for (const auto& [key, value] : settings) {
    if (key == "max-technique") {
      const auto technique = parse_technique_id(value);
      if (!technique) {
        std::string known;
        for (int t = 0; t < kTechniqueCount; ++t)
          known += (known.empty() ? "" : ", ") + std::string(technique_id(static_cast<Technique>(t)));
        metric_fail("max-technique: unknown technique \"" + value + "\" (known: " + known + ")");
      }
      options.max_technique = *technique;
    } else if (key == "uniqueness") {
      if (value != "true" && value != "false")
        metric_fail("uniqueness: expected true or false, got \"" + value + "\"");
      options.uniqueness = value == "true";
    } else if (key == "order") {
      if (value != "se" && value != "invariant")
        metric_fail("order: expected se or invariant, got \"" + value + "\"");
      options.order = value == "se" ? ChainOrder::se : ChainOrder::invariant;
    } else if (key == "runs") {
      int runs = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), runs);
      if (error != std::errc{} || end != value.data() + value.size() || runs < 1)
        metric_fail("runs: expected a positive integer, got \"" + value + "\"");
    } else if (key != "beyond") {
      metric_fail("unknown option \"" + key + "\" (options: max-technique, uniqueness, order, beyond, runs)");
    }
  }
  return options;
}

std::unique_ptr<RatingMetric> make_technique_metric(const MetricSettings& settings) {
  return std::make_unique<TechniqueMetric>(settings);
}

bool is_direct_step(Technique technique) {
  switch (technique) {
    case Technique::direct_pointing:
    case Technique::direct_claiming:
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple:
      return true;
    default:
      return is_single(technique);
  }
}

int hard_step_count(const TechniqueGrade& grade) {
  int count = 0;
  for (int t = 0; t < kTechniqueCount; ++t)
    if (!is_direct_step(static_cast<Technique>(t))) count += grade.steps_by_technique[static_cast<std::size_t>(t)];
  return count;
}

HardStepRater::HardStepRater(const MetricSettings& settings)
    : options_(parse_technique_settings(settings)), beyond_score_(beyond_score_of(settings)) {}

PathRating HardStepRater::rate(const Grid& puzzle, double ceiling) const {
  return rate_path(puzzle, options_, beyond_score_, -std::numeric_limits<double>::infinity(), ceiling, true);
}

PathRating rate_with_hard_steps(const Grid& puzzle, const MetricSettings& settings, double ceiling) {
  return HardStepRater(settings).rate(puzzle, ceiling);
}

}  // namespace sudoku
