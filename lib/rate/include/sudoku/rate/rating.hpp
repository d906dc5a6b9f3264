// SPDX-License-Identifier: Apache-2.0
// Rating metrics by name: one interface for every way of turning a puzzle into a difficulty number,
// so tools (`calibrate --metric X`, `corpus-rate`, `sudoku-bench`) select a metric and pass its
// options as text without knowing which metric they talk to.
//
// Contract: a metric is made from its name and text settings (key -> value, e.g. "runs" -> "10");
// unknown keys and malformed values throw InputError naming the metric and the option, and every
// option has a documented default, listed by rating_metric_options() so a tool can offer them as
// flags. rate() is const and thread-safe, deterministic, and invariant under the transforms of
// transform.hpp. It is meant for valid puzzles (exactly one solution); screening invalid or
// multi-solution puzzles is the caller's job (count_solutions).
//
// Metrics:
//   "call-count"  the paper's AC call count (call_count_rater.hpp); options runs, propagation,
//                 branching, values, cap, seed.
//   "hs-calls"    calls of the HS-solver's recursive solve (hs_solver.hpp) on the canonical form;
//                 options strategies, order, cap, canonical. One deterministic run.
//   "technique"   highest step score of the technique grader's easiest-first path, on Sudoku
//                 Explainer's scale (technique_grader.hpp, adapted in rate/technique_metric.cpp); options
//                 max-technique, uniqueness, order (se: SE's exact number, the default; invariant:
//                 order-free forcing chains, a transformed puzzle grades the same), beyond.
//
//   const auto metric = make_rating_metric("call-count", {{"runs", "10"}});
//   const double difficulty = metric->rate(puzzle).value;
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

using MetricSettings = std::map<std::string, std::string, std::less<>>;

struct MetricOption {
  std::string name;           // settings key, also the tools' flag name (--name)
  std::string default_value;  // as text
  std::string help;           // one line
};

struct MetricRating {
  double value = 0.0;  // the rating: mean over runs for stochastic metrics
  double sd = 0.0;     // sample standard deviation over runs (0 for one run)
  int runs = 1;
  int capped_runs = 0;     // runs stopped at the budget: value is then a lower bound
  bool solved = true;      // false when no run reached a solution (no solution, or all capped)
  // The rating's own work proved that the puzzle has no solution but the one it has (if it has
  // one): the technique grader solved it by deductions that hold in every solution (no uniqueness
  // technique), or singles solve it (below the floor). False when unknown; a generator that knows a
  // solution of the puzzle may then skip the solution count (hill_climber.hpp).
  bool proves_unique = false;
  std::uint64_t work = 0;  // elementary steps spent (AC calls, solve calls), for throughput

  bool lower_bound() const { return capped_runs > 0; }
};

class RatingMetric {
 public:
  virtual ~RatingMetric() = default;

  virtual std::string_view name() const = 0;
  // Runs per rating (the calibration file records it).
  virtual int runs() const = 0;
  // Every option with its effective value, defaults included: provenance for output files.
  virtual MetricSettings settings() const = 0;
  virtual MetricRating rate(const Grid& puzzle) const = 0;
  // The same rating when it is at most `ceiling`; above it, any value above the ceiling (marked
  // as a lower bound) may come back, which lets a metric stop early. By default, rate().
  virtual MetricRating rate_up_to(const Grid& puzzle, double ceiling) const {
    static_cast<void>(ceiling);
    return rate(puzzle);
  }
  // The same rating when it lies between `floor` and `ceiling`; above the ceiling as rate_up_to,
  // below the floor any value below the floor (solved false) may come back. By default,
  // rate_up_to(puzzle, ceiling).
  virtual MetricRating rate_between(const Grid& puzzle, double floor, double ceiling) const {
    static_cast<void>(floor);
    return rate_up_to(puzzle, ceiling);
  }
};

// Known metric names, the default ("call-count") first.
std::span<const std::string_view> rating_metric_names();
// Options of a metric; throws InputError for an unknown metric.
std::vector<MetricOption> rating_metric_options(std::string_view metric);
// Throws InputError for an unknown metric, an unknown option or a malformed value.
std::unique_ptr<RatingMetric> make_rating_metric(std::string_view metric,
                                                 const MetricSettings& settings = {});

// Rates every puzzle on `jobs` threads; result i belongs to puzzle i and does not depend on jobs.
// `progress` is called on the calling thread with the number of puzzles done (see parallel.hpp).
std::vector<MetricRating> rate_puzzles(std::span<const Grid> puzzles, const RatingMetric& metric,
                                       int jobs = 1,
                                       const std::function<void(std::size_t done)>& progress = {});

// The "technique" metric's adapter (rate/technique_metric.cpp), for callers that grade with the
// technique grader directly but take its options as metric settings (corpus-rate):
//   TechniqueOptions options = parse_technique_settings({{"max-technique", "xy-wing"}});
//   TechniqueGrade g = grade_techniques(puzzle, options);
// Options max-technique, uniqueness, order (se or invariant), beyond (the value given to puzzles beyond the ladder, marked
// as a lower bound) and runs (accepted for tools and plans that always pass it; the grade is
// deterministic, one run is made).
std::vector<MetricOption> technique_metric_options();
// Throws InputError for unknown options or malformed values ("beyond" is checked by the metric).
TechniqueOptions parse_technique_settings(const MetricSettings& settings);
std::unique_ptr<RatingMetric> make_technique_metric(const MetricSettings& settings);

}  // namespace sudoku
