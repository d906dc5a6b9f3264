// SPDX-License-Identifier: Apache-2.0
// The benchmark suites: one entry per measured promise of the library.
#include <array>
#include <memory>
#include <string>

#include "bench_runner.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku::bench {
namespace {

// The puzzles of an input: a puzzle file (classic or Killer lines), or a book (a .json file: generate-book's
// book.json), whose puzzles keep their boards — the way to benchmark variants, which puzzle files do not
// name.
std::vector<Grid> load_input(const std::string& file) {
  if (!file.ends_with(".json")) {
    try {
      return load_puzzles(file);
    } catch (const InputError&) {
      // Not the classic form: a file of Killer lines (docs/formats.md), else the Killer error.
      ReadOptions options;
      options.variant = Variant::killer;
      return load_puzzles(file, options);
    }
  }
  std::vector<Grid> puzzles;
  for (const auto& chapter : read_book(file).chapters)
    for (const auto& puzzle : chapter.puzzles) puzzles.push_back(puzzle.puzzle);
  return puzzles;
}

// Puzzle suites: one workload over the file's puzzles, or over those `keep` accepts when given (the
// label then says how many were left out).
Suite puzzle_suite(std::string name, std::string work_unit, std::string description,
                   std::function<std::uint64_t(const Grid&)> run_one,
                   std::function<bool(const Grid&)> keep = {}) {
  return Suite{
      name, "puzzles", std::move(work_unit), std::move(description),
      [run_one, keep](const std::string& file) {
        auto puzzles = std::make_shared<std::vector<Grid>>(load_input(file));
        std::string label = file;
        if (keep) {
          const auto left_out = std::erase_if(*puzzles, [&](const Grid& puzzle) { return !keep(puzzle); });
          if (left_out > 0) label += " (" + std::to_string(left_out) + " puzzles left out)";
        }
        return std::vector<Workload>{
            {label, puzzles->size(), [puzzles, run_one](std::size_t i) { return run_one((*puzzles)[i]); }}};
      }};
}

// "count-<kernel>": limit 2 through one kernel of the table alone, on the puzzles it applies to;
// the work is the guesses the search made (SearchStats), so work/item is guesses per puzzle.
Suite kernel_suite(const SolverKernel& kernel) {
  return puzzle_suite(
      "count-" + std::string(kernel.name), "guesses",
      "solution count with limit 2 through the " + std::string(kernel.name) +
          " kernel alone; work/item = guesses per puzzle",
      [&kernel](const Grid& puzzle) {
        std::array<std::uint8_t, kMaxCells> solution;
        SearchStats stats;
        kernel.count_with_stats(puzzle.geometry(), puzzle.cells(), 2, solution.data(), stats);
        return stats.guesses;
      },
      [&kernel](const Grid& puzzle) { return kernel.applies_to(puzzle.geometry()); });
}

// The fixed suites, then one per counting kernel.
std::vector<Suite> with_kernel_suites(std::vector<Suite> list) {
  for (const SolverKernel& kernel : solver_kernels()) list.push_back(kernel_suite(kernel));
  return list;
}

// Generation: one workload per level of the calibration ("default" for the paper's, "press" or
// "paper", or a file); item i is a climb from seed i as generate-book runs slot i of a chapter of the
// level (symmetry rotate180, tolerance 10%; with bands, the slot's target in the band, the band and
// the givens range; graded with the calibration's metric, runs and options, e.g. no uniqueness
// techniques for the press levels). Clash retries and the variety rule of a whole chapter are not included.
std::vector<Workload> generation_workloads(const std::string& input) {
  const Calibration calibration = input == "default" ? paper_calibration() : read_calibration(input);
  MetricSettings metric_settings = calibration.options;
  metric_settings["runs"] = std::to_string(calibration.runs);
  auto metric = std::shared_ptr<RatingMetric>(make_rating_metric(calibration.metric, metric_settings));
  std::vector<Workload> workloads;
  for (const auto& level : calibration.levels) {
    PlanChapter chapter;
    chapter.target = level.target;
    chapter.band = level.band;
    ClimbSettings settings;
    settings.band = level.band;
    if (!calibration.size || *calibration.size == 9) settings.givens = level.givens;
    workloads.push_back({level.name, 40, [metric, chapter, settings](std::size_t seed) {
                           ClimbSettings slot = settings;
                           slot.target = slot_target(chapter, seed);
                           const RatingFunction rate = [&](const Grid& puzzle, double floor, double ceiling) {
                             return metric->rate_between(puzzle, floor, ceiling).value;
                           };
                           const auto result = climb_to_target(Geometry::standard(9), slot, rate, seed);
                           return static_cast<std::uint64_t>(result.moves);
                         }});
  }
  return workloads;
}

// A plan's chapters: one workload per chapter, item i the climb of its slot i as generate-book runs
// it (climb_slot: the slot's seed, target, board and rules, the default budgets), so a chapter's
// pass is the chapter's climbing time on one thread (clash retries, the variety rule, verification
// and the audit not included). The way to time Killer chapters: examples/plan-killer.json.
std::vector<Workload> plan_workloads(const std::string& input) {
  auto plan = std::make_shared<const Plan>(read_plan(input));
  auto metric = std::shared_ptr<RatingMetric>(make_rating_metric(plan->metric, plan->metric_settings()));
  std::vector<Workload> workloads;
  for (std::size_t c = 0; c < plan->chapters.size(); ++c)
    workloads.push_back({plan->chapters[c].title, static_cast<std::size_t>(plan->chapters[c].count),
                         [plan, metric, c](std::size_t i) {
                           return static_cast<std::uint64_t>(
                               climb_slot(*plan, c, i, 0, ClimbSettings{}, *metric).moves);
                         }});
  return workloads;
}

}  // namespace

#ifdef SUDOKU_BENCH_TYPESET
Suite typeset_suite();  // typeset_suite.cpp, built with the typesetting library
#endif

const std::vector<Suite>& suites() {
  static const std::vector<Suite> all = with_kernel_suites({
      puzzle_suite(
          "count", "", "solution count with limit 2 (uniqueness check), the generator's hot loop",
          [](const Grid& puzzle) { return static_cast<std::uint64_t>(count_solutions(puzzle, 2).count); }),
      puzzle_suite("solve", "", "first solution (limit 1)",
                   [](const Grid& puzzle) {
                     const auto result = count_solutions(puzzle, 1);
                     return result.solution ? static_cast<std::uint64_t>((*result.solution)[0]) : 0;
                   }),
      puzzle_suite(
          "rate", "AC calls", "call-count rating, R=10 runs (paper defaults), canonical form included",
          [metric = std::shared_ptr<RatingMetric>(make_rating_metric("call-count"))](const Grid& puzzle) {
            return metric->rate(puzzle).work;
          }),
      puzzle_suite("hs", "solve calls", "HS-solver with all strategies (ruhn)",
                   [metric = std::shared_ptr<RatingMetric>(make_rating_metric("hs-calls"))](
                       const Grid& puzzle) { return metric->rate(puzzle).work; }),
      puzzle_suite(
          "technique", "searches",
          "technique grader: SE-scale grade over the whole ladder, SE order (the default), one thread",
          [metric = std::shared_ptr<RatingMetric>(make_rating_metric("technique"))](const Grid& puzzle) {
            return metric->rate(puzzle).work;
          }),
      puzzle_suite("technique-invariant", "searches",
                   "technique grader in invariant order (the press levels' grading), one thread",
                   [metric = std::shared_ptr<RatingMetric>(
                        make_rating_metric("technique", {{"order", "invariant"}}))](const Grid& puzzle) {
                     return metric->rate(puzzle).work;
                   }),
      puzzle_suite("canonical", "", "canonical form (minlex for 9x9)",
                   [](const Grid& puzzle) {
                     return static_cast<std::uint64_t>(canonical_form(puzzle).grid.givens());
                   }),
      Suite{"generate", "puzzles", "climber moves",
            "hill climber per level of a calibration (input: 'default', 'press', 'paper' or a "
            "calibration file), as generate-book",
            generation_workloads},
      Suite{"plan", "puzzles", "climber moves",
            "generate-book's climbs per chapter of a plan (input: a plan file, e.g. "
            "examples/plan-killer.json), one thread",
            plan_workloads},
#ifdef SUDOKU_BENCH_TYPESET
      typeset_suite(),
#endif
  });
  return all;
}

}  // namespace sudoku::bench
