// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/call_count_rater.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::load_corpus;
using testing::pattern_solution;

struct RatedPuzzle {
  Grid grid;
  double se = 0.0;
};

// se-rated.txt lines are "PUZZLE SE_RATING"; the rating arrives as the entry's label.
std::vector<RatedPuzzle> load_se_rated(std::size_t stride) {
  std::vector<RatedPuzzle> puzzles;
  const auto entries = read_puzzle_file(corpus_path("se-rated.txt"));
  for (std::size_t i = 0; i < entries.size(); i += stride) {
    EXPECT_TRUE(entries[i].ok()) << entries[i].error;
    puzzles.push_back({*entries[i].grid, std::stod(entries[i].label)});
  }
  return puzzles;
}

// Blanks cells of a solution in random order while the puzzle keeps a unique solution.
Grid unique_puzzle_from(const Grid& solution, std::uint64_t seed) {
  Rng rng(seed);
  return testing::blank_while(solution, rng,
                              [](const Grid& puzzle) { return count_solutions(puzzle, 2).count == 1; });
}

// Independent of the rater: true when filling naked singles alone completes the puzzle.
bool solved_by_naked_singles(Grid grid) {
  for (bool progress = true; progress;) {
    progress = false;
    for (int cell = 0; cell < grid.cell_count(); ++cell) {
      if (grid[cell] != 0) continue;
      std::vector<bool> seen(static_cast<std::size_t>(grid.size()) + 1, false);
      for (const int peer : grid.geometry().peers(cell)) seen[static_cast<std::size_t>(grid[peer])] = true;
      int candidates = 0;
      int last = 0;
      for (int value = 1; value <= grid.size(); ++value)
        if (!seen[static_cast<std::size_t>(value)]) ++candidates, last = value;
      if (candidates == 0) return false;
      if (candidates == 1) {
        grid.set(cell, last);
        progress = true;
      }
    }
  }
  return grid.is_complete() && !find_conflict(grid);
}

// Blanks cells of a solution in random order while naked singles still solve the puzzle.
Grid naked_singles_puzzle_from(const Grid& solution, std::uint64_t seed) {
  Rng rng(seed);
  return testing::blank_while(solution, rng, solved_by_naked_singles);
}

void expect_same_rating(const CallCountRating& a, const CallCountRating& b, const std::string& what) {
  EXPECT_EQ(a.run_calls, b.run_calls) << what;
  EXPECT_EQ(a.mean, b.mean) << what;
  EXPECT_EQ(a.sd, b.sd) << what;
  EXPECT_EQ(a.capped_runs, b.capped_runs) << what;
  EXPECT_EQ(a.solved_runs, b.solved_runs) << what;
}

// Solvable by hidden and naked singles but not by naked singles alone (17-clue.txt, line 2).
constexpr const char* kHiddenSinglesPuzzle =
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";

TEST(CallCountRater, NakedSinglesPuzzlesRateExactlyOne) {
  const auto seeds = load_corpus(corpus_path("top95.txt"), 5);
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    const Grid solution = *count_solutions(seeds[i], 1).solution;
    const Grid puzzle = naked_singles_puzzle_from(solution, 100 + i);
    ASSERT_LT(puzzle.givens(), 45) << "the construction should blank many cells";
    for (const Propagation propagation :
         {Propagation::arc_consistency, Propagation::arc_consistency_hidden_singles}) {
      CallCountOptions options;
      options.propagation = propagation;
      const CallCountRating rating = rate_call_count(puzzle, options);
      EXPECT_EQ(rating.mean, 1.0) << to_line(puzzle);
      EXPECT_EQ(rating.sd, 0.0);
      EXPECT_EQ(rating.solved_runs, 10);
      EXPECT_EQ(rating.run_calls, std::vector<std::uint64_t>(10, 1));
    }
  }
  // A complete grid is the degenerate case.
  EXPECT_EQ(rate_call_count(pattern_solution(3, 3)).mean, 1.0);
}

TEST(CallCountRater, HiddenSinglesRateOneOnlyWithAcHidden) {
  const Grid puzzle = parse_puzzle(kHiddenSinglesPuzzle);
  CallCountOptions options;
  options.propagation = Propagation::arc_consistency_hidden_singles;
  EXPECT_EQ(rate_call_count(puzzle, options).mean, 1.0);

  options.propagation = Propagation::arc_consistency;
  options.runs = 3;
  options.call_cap = 20'000;
  EXPECT_GT(rate_call_count(puzzle, options).mean, 1.0);
}

TEST(CallCountRater, RatingIsInvariantUnderTransforms) {
  std::vector<Grid> puzzles;
  for (const RatedPuzzle& rated : load_se_rated(700)) puzzles.push_back(rated.grid);
  const auto hard = load_corpus(corpus_path("top95.txt"), 3);
  puzzles.insert(puzzles.end(), hard.begin(), hard.end());

  CallCountOptions paper;
  paper.call_cap = 20'000;  // keeps top95 quick; capped runs must be invariant too
  CallCountOptions variant = paper;
  variant.propagation = Propagation::arc_consistency_hidden_singles;
  variant.branching = Branching::fewest;
  variant.value_order = ValueOrder::ascending;

  Rng rng(2024);
  for (const Grid& puzzle : puzzles) {
    for (const CallCountOptions& options : {paper, variant}) {
      const CallCountRating original = rate_call_count(puzzle, options);
      for (int t = 0; t < 3; ++t) {
        const Grid image = apply(random_transform(puzzle.geometry(), rng), puzzle);
        expect_same_rating(original, rate_call_count(image, options),
                           to_line(puzzle) + " vs " + to_line(image));
      }
    }
  }
}

TEST(CallCountRater, RatingIsReproducibleAndSeedSensitive) {
  const Grid puzzle = load_se_rated(1000)[8].grid;  // SE 8.2
  CallCountOptions options;
  const CallCountRating first = rate_call_count(puzzle, options);
  expect_same_rating(first, rate_call_count(puzzle, options), "same options");
  options.seed = 1;
  EXPECT_NE(first.run_calls, rate_call_count(puzzle, options).run_calls);
}

TEST(CallCountRater, FastKernelMatchesReferenceKernel) {
  std::vector<Grid> puzzles;
  for (const RatedPuzzle& rated : load_se_rated(97)) puzzles.push_back(rated.grid);
  const auto hard = load_corpus(corpus_path("top95.txt"), 8);
  puzzles.insert(puzzles.end(), hard.begin(), hard.end());

  std::uint64_t compared_calls = 0;
  for (const Branching branching : {Branching::random, Branching::fewest}) {
    for (const ValueOrder order : {ValueOrder::random, ValueOrder::ascending}) {
      CallCountOptions options;
      options.branching = branching;
      options.value_order = order;
      options.call_cap = 20'000;
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const std::uint64_t seed = derive_seed(7, i);
        const CallCountRun fast = run_call_count(puzzles[i], options, seed);
        const CallCountRun reference = detail::run_call_count_reference(puzzles[i], options, seed);
        ASSERT_EQ(fast.calls, reference.calls)
            << to_line(puzzles[i]) << " " << to_string(branching) << " " << to_string(order);
        ASSERT_EQ(fast.solved, reference.solved);
        ASSERT_EQ(fast.capped, reference.capped);
        compared_calls += fast.calls;
      }
    }
  }
  EXPECT_GT(compared_calls, 100'000U);
}

TEST(CallCountRater, CapBoundsEveryRun) {
  // top95's first puzzle has runs of hundreds of thousands of calls.
  const Grid puzzle = load_corpus(corpus_path("top95.txt"), 1)[0];
  CallCountOptions options;
  options.call_cap = 500;
  const CallCountRating rating = rate_call_count(puzzle, options);
  EXPECT_TRUE(rating.capped());
  EXPECT_GT(rating.capped_runs, 0);
  EXPECT_EQ(rating.capped_runs + rating.solved_runs, rating.runs);
  for (const std::uint64_t calls : rating.run_calls) EXPECT_LE(calls, 500U);
  EXPECT_LE(rating.mean, 500.0);

  const CallCountRun run = run_call_count(puzzle, options, 1);
  EXPECT_TRUE(run.capped ? run.calls == 500 && !run.solved : run.solved);

  options.call_cap = 1;
  const CallCountRun root_only = run_call_count(puzzle, options, 1);
  EXPECT_EQ(root_only.calls, 1U);
  EXPECT_TRUE(root_only.capped);
}

TEST(CallCountRater, MeanCallCountRisesWithSeDifficulty) {
  // A fixed sample: every 10th puzzle of se-rated.txt (976 puzzles, 60 below SE 3).
  double easy_sum = 0.0;
  double hard_sum = 0.0;
  int easy = 0;
  int hard = 0;
  const auto sample = load_se_rated(10);
  std::vector<double> means(sample.size());
  parallel_for(sample.size(), default_jobs(),
               [&](std::size_t i) { means[i] = rate_call_count(sample[i].grid).mean; });
  for (std::size_t i = 0; i < sample.size(); ++i) {
    EXPECT_GT(means[i], 1.0) << "SE >= 2.5 needs more than naked singles";
    if (sample[i].se < 3.0) easy_sum += means[i], ++easy;
    if (sample[i].se >= 6.5) hard_sum += means[i], ++hard;
  }
  ASSERT_GT(easy, 30);
  ASSERT_GT(hard, 300);
  EXPECT_GT(hard_sum / hard, easy_sum / easy);
}

TEST(CallCountRater, WorksOnOtherGeometries) {
  Rng rng(5);
  for (const auto& [box_rows, box_cols] :
       {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{2, 4}}) {
    const Grid puzzle = unique_puzzle_from(pattern_solution(box_rows, box_cols), 11);
    for (const Propagation propagation :
         {Propagation::arc_consistency, Propagation::arc_consistency_hidden_singles}) {
      CallCountOptions options;
      options.propagation = propagation;
      const CallCountRating rating = rate_call_count(puzzle, options);
      EXPECT_EQ(rating.solved_runs, rating.runs) << puzzle.geometry().describe();
      EXPECT_GE(rating.mean, 1.0);
      const Grid image = apply(random_transform(puzzle.geometry(), rng), puzzle);
      expect_same_rating(rating, rate_call_count(image, options), puzzle.geometry().describe());
    }
  }
  // 16x16: fewest-values branching keeps the runs short.
  const Grid big = load_corpus(corpus_path("gecode-16x16.txt"), 1)[0];
  CallCountOptions options;
  options.runs = 2;
  options.branching = Branching::fewest;
  options.call_cap = 100'000;
  const CallCountRating rating = rate_call_count(big, options);
  EXPECT_EQ(rating.solved_runs, 2);
}

TEST(CallCountRater, PuzzleWithoutSolutionExhaustsTheTree) {
  Grid conflicting = parse_puzzle(kHiddenSinglesPuzzle);
  conflicting.set(0, 1);
  conflicting.set(1, 1);  // two 1s in row 1
  const CallCountRating rating = rate_call_count(conflicting);
  EXPECT_EQ(rating.solved_runs, 0);
  EXPECT_EQ(rating.mean, 1.0);  // the root's AC call finds the clash
}

TEST(CallCountRater, OptionsParseAndReject) {
  EXPECT_EQ(parse_propagation("ac"), Propagation::arc_consistency);
  EXPECT_EQ(parse_propagation("ac-hidden"), Propagation::arc_consistency_hidden_singles);
  EXPECT_EQ(parse_branching("fewest"), Branching::fewest);
  EXPECT_EQ(parse_value_order("ascending"), ValueOrder::ascending);
  EXPECT_EQ(to_string(parse_branching("random")), "random");
  EXPECT_THROW(parse_propagation("AC"), InputError);
  EXPECT_THROW(parse_branching(""), InputError);
  EXPECT_THROW(parse_value_order("descending"), InputError);

  CallCountOptions options;
  options.runs = 0;
  EXPECT_THROW(rate_call_count(Grid(), options), std::invalid_argument);
  options.runs = 1;
  options.call_cap = 0;
  EXPECT_THROW(rate_call_count(Grid(), options), std::invalid_argument);
}

TEST(CallCountRater, StatisticsOfRuns) {
  CallCountRating rating;
  rating.run_calls = {5, 1, 9, 3};
  EXPECT_EQ(rating.median(), 4.0);
  rating.run_calls = {7};
  EXPECT_EQ(rating.median(), 7.0);

  const Grid puzzle = load_corpus(corpus_path("top95.txt"), 3)[2];
  CallCountOptions options;
  options.runs = 4;
  options.call_cap = 30'000;
  const CallCountRating measured = rate_call_count(puzzle, options);
  double sum = 0.0;
  for (const auto calls : measured.run_calls) sum += static_cast<double>(calls);
  EXPECT_DOUBLE_EQ(measured.mean, sum / 4.0);
  double squares = 0.0;
  for (const auto calls : measured.run_calls)
    squares += (static_cast<double>(calls) - measured.mean) * (static_cast<double>(calls) - measured.mean);
  EXPECT_NEAR(measured.sd, std::sqrt(squares / 3.0), 1e-9);
  EXPECT_EQ(measured.total_calls, static_cast<std::uint64_t>(sum));
}

// --- the metric registry (rating.hpp) ---

TEST(RatingMetric, RegistryListsMetricsAndOptions) {
  const auto names = rating_metric_names();
  ASSERT_GE(names.size(), 2U);
  EXPECT_EQ(names[0], "call-count");
  for (const auto name : names) {
    const auto metric = make_rating_metric(name);
    EXPECT_EQ(metric->name(), name);
    const MetricSettings settings = metric->settings();
    for (const MetricOption& option : rating_metric_options(name)) {
      ASSERT_TRUE(settings.count(option.name)) << option.name;
      EXPECT_EQ(settings.at(option.name), option.default_value) << option.name;
      EXPECT_FALSE(option.help.empty());
    }
  }
  EXPECT_THROW(make_rating_metric("no-such-metric"), InputError);
  EXPECT_THROW(rating_metric_options("nope"), InputError);
}

TEST(RatingMetric, SettingsAreParsedAndChecked) {
  const auto metric = make_rating_metric(
      "call-count", {{"runs", "3"}, {"propagation", "ac-hidden"}, {"branching", "fewest"}, {"cap", "1000"}});
  EXPECT_EQ(metric->runs(), 3);
  EXPECT_EQ(metric->settings().at("propagation"), "ac-hidden");
  // Settings round-trip: a metric made from another's settings is the same metric.
  const auto copy = make_rating_metric("call-count", metric->settings());
  EXPECT_EQ(copy->settings(), metric->settings());

  const auto expect_error = [](std::string_view name, const MetricSettings& settings,
                               const std::string& fragment) {
    try {
      make_rating_metric(name, settings);
      ADD_FAILURE() << "no error for " << fragment;
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
  };
  expect_error("call-count", {{"runs", "0"}}, "runs");
  expect_error("call-count", {{"runs", "ten"}}, "runs");
  expect_error("call-count", {{"propagation", "full"}}, "propagation");
  expect_error("call-count", {{"strategies", "ruhn"}}, "unknown option \"strategies\"");
  expect_error("hs-calls", {{"strategies", "rx"}}, "strategies");
  expect_error("hs-calls", {{"canonical", "yes"}}, "canonical");
}

TEST(RatingMetric, RatesLikeTheUnderlyingRaters) {
  const auto puzzles = load_corpus(corpus_path("top95.txt"), 6);
  const auto call_count = make_rating_metric("call-count", {{"cap", "20000"}});
  const auto serial = rate_puzzles(puzzles, *call_count, 1);
  const auto parallel = rate_puzzles(puzzles, *call_count, 2);
  ASSERT_EQ(serial.size(), puzzles.size());
  CallCountOptions options;
  options.call_cap = 20'000;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const CallCountRating direct = rate_call_count(puzzles[i], options);
    EXPECT_EQ(serial[i].value, direct.mean);
    EXPECT_EQ(serial[i].sd, direct.sd);
    EXPECT_EQ(serial[i].capped_runs, direct.capped_runs);
    EXPECT_EQ(serial[i].lower_bound(), direct.capped());
    EXPECT_EQ(serial[i].work, direct.total_calls);
    EXPECT_EQ(parallel[i].value, serial[i].value);
  }

  const auto hs = make_rating_metric("hs-calls");
  Rng rng(3);
  for (const Grid& puzzle : puzzles) {
    const MetricRating rating = hs->rate(puzzle);
    EXPECT_TRUE(rating.solved);
    EXPECT_EQ(rating.runs, 1);
    EXPECT_EQ(hs->rate(apply(random_transform(puzzle.geometry(), rng), puzzle)).value, rating.value);
  }
}

// Throughput on se-rated.txt (R = 10, one thread, canonical form included). Not part of the normal
// run:  call_count_rater_test --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_Benchmark*'
// Reports process CPU time beside wall time: on a shared machine the CPU figure is the stable one.
TEST(CallCountRater, DISABLED_Benchmark) {
  const auto entries = read_puzzle_file(corpus_path("se-rated.txt"));
  std::vector<Grid> puzzles;
  for (const auto& entry : entries) puzzles.push_back(*entry.grid);
  for (const Propagation propagation :
       {Propagation::arc_consistency, Propagation::arc_consistency_hidden_singles}) {
    CallCountOptions options;
    options.propagation = propagation;
    std::uint64_t calls = 0;
    const auto wall_start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (const Grid& puzzle : puzzles) calls += rate_call_count(puzzle, options).total_calls;
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    const auto count = static_cast<double>(puzzles.size());
    std::printf(
        "propagation %-9s: %zu puzzles, R=10, 1 thread, %.1f M AC calls | cpu %.2f s: %.0f puzzles/s, "
        "%.2f M calls/s | wall %.2f s: %.0f puzzles/s\n",
        std::string(to_string(propagation)).c_str(), puzzles.size(), static_cast<double>(calls) / 1e6, cpu,
        count / cpu, static_cast<double>(calls) / cpu / 1e6, wall, count / wall);
  }
}

// The SE study of docs/rating.md: call counts by SE group for the paper's rater and its variants,
// and the paper levels they map to. Not part of the normal run:
//   call_count_rater_test --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_SeRatedStudy*'
TEST(CallCountRater, DISABLED_SeRatedStudy) {
  const auto puzzles = load_se_rated(1);
  struct Group {
    const char* name;
    double from;
    double to;
  };
  const Group groups[] = {{"SE < 3", 0.0, 3.0},
                          {"3 <= SE < 4.5", 3.0, 4.5},
                          {"4.5 <= SE < 6.5", 4.5, 6.5},
                          {"SE >= 6.5", 6.5, 100.0}};
  struct Variant {
    const char* name;
    CallCountOptions options;
  };
  std::vector<Variant> variants(4);
  variants[0].name = "ac random random (paper)";
  variants[1].name = "ac random ascending";
  variants[1].options.value_order = ValueOrder::ascending;
  variants[2].name = "ac fewest random";
  variants[2].options.branching = Branching::fewest;
  variants[3].name = "ac-hidden random random";
  variants[3].options.propagation = Propagation::arc_consistency_hidden_singles;

  const Calibration paper = paper_calibration();
  for (const Variant& variant : variants) {
    std::vector<CallCountRating> ratings(puzzles.size());
    parallel_for(puzzles.size(), default_jobs(),
                 [&](std::size_t i) { ratings[i] = rate_call_count(puzzles[i].grid, variant.options); });
    std::printf(
        "\n%s\n| SE group | puzzles | mean | median | q1 | q3 | max | capped runs | easy/medium/hard/evil |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---|\n",
        variant.name);
    for (const Group& group : groups) {
      std::vector<double> means;
      int capped = 0;
      std::array<int, 4> levels{};
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (puzzles[i].se < group.from || puzzles[i].se >= group.to) continue;
        means.push_back(ratings[i].mean);
        capped += ratings[i].capped_runs;
        ++levels[level_index(paper, ratings[i].mean)];
      }
      std::sort(means.begin(), means.end());
      double sum = 0.0;
      for (const double mean : means) sum += mean;
      const auto at = [&](double q) {
        return means[static_cast<std::size_t>(q * static_cast<double>(means.size() - 1))];
      };
      std::printf("| %s | %zu | %.1f | %.1f | %.1f | %.1f | %.1f | %d | %d/%d/%d/%d |\n", group.name,
                  means.size(), sum / static_cast<double>(means.size()), at(0.5), at(0.25), at(0.75),
                  means.back(), capped, levels[0], levels[1], levels[2], levels[3]);
    }
  }
}

}  // namespace
}  // namespace sudoku
