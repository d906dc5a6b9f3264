// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/hs_solver.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::load_corpus;

const std::vector<std::string> kStrategySteps{"none", "r", "ru", "ruh", "ruhn"};

std::vector<Grid> hard_corpora() {
  std::vector<Grid> puzzles;
  for (const char* name : {"top95.txt", "hardest.txt", "inkala.txt"}) {
    const auto corpus = load_corpus(corpus_path(name));
    puzzles.insert(puzzles.end(), corpus.begin(), corpus.end());
  }
  return puzzles;
}

void expect_solves_like_counter(const Grid& puzzle, const HsOptions& options) {
  const HsResult result = hs_solve(puzzle, options);
  ASSERT_EQ(result.outcome, HsOutcome::solved)
      << to_line(puzzle) << " with " << to_string(options.strategies);
  ASSERT_TRUE(result.solution.has_value());
  EXPECT_TRUE(is_solution_of(*result.solution, puzzle));
  const SolutionCount counted = count_solutions(puzzle, 2);
  ASSERT_EQ(counted.count, 1);
  EXPECT_EQ(*result.solution, *counted.solution) << to_line(puzzle);
  EXPECT_GE(result.calls, 1U);
  EXPECT_LE(result.calls, options.call_cap);
}

TEST(HsSolver, SolvesHardCorporaWithEveryStrategySet) {
  // Strategy I alone needs up to ~60k calls (fewest candidates); everything stays well under the cap.
  const auto puzzles = hard_corpora();
  ASSERT_EQ(puzzles.size(), 95U + 11U + 2U);
  for (const char* steps : {"r", "ru", "ruh", "ruhn", "rn", "rh"}) {
    HsOptions options;
    options.strategies = parse_hs_strategies(steps);
    for (const Grid& puzzle : puzzles) expect_solves_like_counter(puzzle, options);
  }
}

TEST(HsSolver, NaiveBacktrackingOnASample) {
  // Plain backtracking averages 1.7M calls on top95 (the documented study, about half a minute);
  // hardest.txt and inkala.txt happen to be cheap in cell order (at most 336K calls each), and so are
  // the first SE puzzles.
  HsOptions options;
  options.strategies = HsStrategies::none();
  options.call_cap = 2'000'000;
  for (const char* corpus : {"hardest.txt", "inkala.txt"})
    for (const Grid& puzzle : load_corpus(corpus_path(corpus))) expect_solves_like_counter(puzzle, options);
  for (const Grid& puzzle : load_corpus(corpus_path("se-rated.txt"), 5))
    expect_solves_like_counter(puzzle, options);
}

TEST(HsSolver, CapStopsTheSearchUnsolved) {
  const Grid puzzle = load_corpus(corpus_path("top95.txt"), 1)[0];
  HsOptions options;
  options.strategies = HsStrategies::none();
  options.call_cap = 1000;
  const HsResult result = hs_solve(puzzle, options);
  EXPECT_EQ(result.outcome, HsOutcome::capped);
  EXPECT_FALSE(result.solved());
  EXPECT_FALSE(result.solution.has_value());
  EXPECT_EQ(result.calls, 1000U);

  options.call_cap = 0;
  EXPECT_THROW(hs_solve(puzzle, options), std::invalid_argument);
}

TEST(HsSolver, StrategiesCutTheSearch) {
  // The blog's ablation trend on top95: each strategy step lowers the total number of calls.
  const auto puzzles = load_corpus(corpus_path("top95.txt"));
  std::uint64_t previous = ~std::uint64_t{0};
  for (const char* steps : {"r", "ru", "ruh", "ruhn"}) {
    HsOptions options;
    options.strategies = parse_hs_strategies(steps);
    std::vector<HsResult> results;
    for (const Grid& puzzle : puzzles) results.push_back(hs_solve(puzzle, options));
    const HsSummary summary = summarize_hs(results);
    EXPECT_EQ(summary.solved, 95);
    EXPECT_LT(summary.total_calls, previous) << steps;
    previous = summary.total_calls;
  }
}

TEST(HsSolver, FirstEmptyOrderReproducesTheBlogsCandidateReductionFigures) {
  // With the blog's effective cell order, strategy I alone gives its published 23.8K average and
  // 377K maximum on top95 exactly (23,827.8 and 377,252).
  const auto puzzles = load_corpus(corpus_path("top95.txt"));
  HsOptions options;
  options.strategies = parse_hs_strategies("r");
  options.cell_order = HsCellOrder::first_empty;
  std::vector<HsResult> results;
  for (const Grid& puzzle : puzzles) results.push_back(hs_solve(puzzle, options));
  const HsSummary summary = summarize_hs(results);
  EXPECT_EQ(summary.solved, 95);
  EXPECT_EQ(summary.max_calls, 377'252U);
  EXPECT_NEAR(summary.mean_calls, 23'827.8, 0.05);
}

TEST(HsSolver, UnsolvableAndMultiSolutionPuzzles) {
  Grid conflicting = load_corpus(corpus_path("inkala.txt"), 1)[0];
  conflicting.set(1, conflicting[0]);  // the first row now holds the same value twice
  for (const std::string& steps : kStrategySteps) {
    HsOptions options;
    options.strategies = parse_hs_strategies(steps);
    const HsResult result = hs_solve(conflicting, options);
    EXPECT_EQ(result.outcome, HsOutcome::no_solution) << steps;
    EXPECT_EQ(result.calls, 1U) << steps;
  }

  // Many solutions: the solver stops at the first, which is a valid completion.
  const Grid open = load_corpus(corpus_path("multi-solution-norvig.txt"), 1)[0];
  const HsResult result = hs_solve(open);
  ASSERT_TRUE(result.solved());
  EXPECT_TRUE(is_solution_of(*result.solution, open));

  // No solution although the givens do not clash: exhausts the tree.
  const Grid stuck =
      parse_puzzle("12345678.........9...............................................................");
  const HsResult exhausted = hs_solve(stuck);
  EXPECT_EQ(exhausted.outcome, HsOutcome::no_solution);
}

TEST(HsSolver, OtherGeometries) {
  const auto puzzles = load_corpus(corpus_path("gecode-16x16.txt"), 5);
  for (const Grid& puzzle : puzzles) expect_solves_like_counter(puzzle, HsOptions{});
  // 4x4 and 6x6 from the parser, including the naive strategy set.
  for (const std::string& steps : kStrategySteps) {
    HsOptions options;
    options.strategies = parse_hs_strategies(steps);
    expect_solves_like_counter(parse_puzzle(".2....1..3..4..."), options);
    expect_solves_like_counter(parse_puzzle("..34...5.....3.......2.4.....261.3.."), options);
  }
}

TEST(HsSolver, StrategyTextForms) {
  EXPECT_EQ(parse_hs_strategies("none"), HsStrategies::none());
  EXPECT_EQ(parse_hs_strategies(""), HsStrategies::none());
  EXPECT_EQ(parse_hs_strategies("ruhn"), HsStrategies::all());
  EXPECT_EQ(parse_hs_strategies("nhur"), HsStrategies::all());
  const HsStrategies reduction_only = parse_hs_strategies("r");
  EXPECT_TRUE(reduction_only.candidate_reduction);
  EXPECT_FALSE(reduction_only.uniqueness || reduction_only.hidden_pairs || reduction_only.naked_pairs);
  for (const std::string& steps : kStrategySteps) EXPECT_EQ(to_string(parse_hs_strategies(steps)), steps);
  EXPECT_THROW(parse_hs_strategies("rux"), InputError);
  EXPECT_THROW(parse_hs_strategies("rr"), InputError);
  EXPECT_THROW(parse_hs_strategies("RUHN"), InputError);
  EXPECT_EQ(parse_hs_cell_order("first"), HsCellOrder::first_empty);
  EXPECT_EQ(to_string(HsCellOrder::fewest_candidates), "fewest");
  EXPECT_THROW(parse_hs_cell_order("random"), InputError);

  const std::vector<HsResult> results{{HsOutcome::solved, 10, std::nullopt},
                                      {HsOutcome::capped, 100, std::nullopt},
                                      {HsOutcome::solved, 30, std::nullopt}};
  const HsSummary summary = summarize_hs(results);
  EXPECT_EQ(summary.puzzles, 3);
  EXPECT_EQ(summary.solved, 2);
  EXPECT_EQ(summary.mean_calls, 20.0);
  EXPECT_EQ(summary.max_calls, 30U);
  EXPECT_EQ(summary.total_calls, 140U);
}

// The ablation table of docs/hs-solver.md. Not part of the normal run (the naive rows take about a
// minute): hs_solver_test --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_AblationStudy*'
TEST(HsSolver, DISABLED_AblationStudy) {
  std::printf("| corpus | strategies | order | solved | avg calls | max calls | seconds |\n");
  std::printf("|---|---|---|---:|---:|---:|---:|\n");
  for (const char* corpus : {"top95.txt", "hardest.txt", "inkala.txt"}) {
    const auto puzzles = load_corpus(corpus_path(corpus));
    for (const std::string& steps : kStrategySteps) {
      for (const HsCellOrder order : {HsCellOrder::fewest_candidates, HsCellOrder::first_empty}) {
        // Without candidate reduction every open cell ties, so both orders are the same search.
        if (steps == "none" && order == HsCellOrder::first_empty) continue;
        HsOptions options;
        options.strategies = parse_hs_strategies(steps);
        options.cell_order = order;
        const auto start = std::chrono::steady_clock::now();
        std::vector<HsResult> results;
        for (const Grid& puzzle : puzzles) results.push_back(hs_solve(puzzle, options));
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const HsSummary summary = summarize_hs(results);
        std::printf("| %s | %s | %s | %d/%d | %.1f | %llu | %.2f |\n", corpus, steps.c_str(),
                    steps == "none" ? "any" : std::string(to_string(order)).c_str(), summary.solved,
                    summary.puzzles, summary.mean_calls, static_cast<unsigned long long>(summary.max_calls),
                    seconds);
      }
    }
  }
}

}  // namespace
}  // namespace sudoku
