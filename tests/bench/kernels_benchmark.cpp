// SPDX-License-Identifier: Apache-2.0
// Micro-benchmarks of the hot kernels (Google Benchmark), for optimising them; the promises are
// measured by sudoku-bench. Run: build/bin/kernels_benchmark [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/call_count_rater.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace {

const std::vector<sudoku::Grid>& corpus(const std::string& name) {
  static std::map<std::string, std::vector<sudoku::Grid>> loaded;
  auto& grids = loaded[name];
  if (grids.empty()) {
    grids = sudoku::load_puzzles(std::string(SUDOKU_TEST_DATA_DIR) + "/corpora/" + name);
    if (grids.size() > 2000) grids.resize(2000);
  }
  return grids;
}

void count_solutions_9x9(benchmark::State& state, const std::string& name) {
  const auto& grids = corpus(name);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sudoku::count_solutions_9x9(
        std::span<const std::uint8_t, 81>(grids[i++ % grids.size()].cells().data(), 81), 2));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(count_solutions_9x9, seventeen_clue, std::string("17-clue.txt"));
BENCHMARK_CAPTURE(count_solutions_9x9, top1465, std::string("top1465.txt"));

// One call-count run on the puzzle as given: reports AC calls per second.
void call_count_run(benchmark::State& state) {
  const auto& grids = corpus("se-rated.txt");
  sudoku::CallCountOptions options;
  options.canonicalize = false;
  std::size_t i = 0;
  std::uint64_t calls = 0;
  for (auto _ : state) {
    const auto run = sudoku::run_call_count(grids[i % grids.size()], options, i);
    calls += run.calls;
    ++i;
  }
  state.counters["AC calls/s"] = benchmark::Counter(static_cast<double>(calls), benchmark::Counter::kIsRate);
}
BENCHMARK(call_count_run);

// Newspaper Killer puzzles (whole cover of cages of 2-5 cells, no givens, unique) from
// tests/data/killer-sample.txt, counted with limit 2: the goal is <= 1 ms median a puzzle.
void count_killer(benchmark::State& state) {
  static const std::vector<sudoku::Grid> puzzles = [] {
    sudoku::ReadOptions options;
    options.variant = sudoku::Variant::killer;
    return sudoku::load_puzzles(std::string(SUDOKU_TEST_DATA_DIR) + "/killer-sample.txt", options);
  }();
  std::size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(sudoku::count_solutions(puzzles[i++ % puzzles.size()], 2).count);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(count_killer);

void canonical_form(benchmark::State& state) {
  const auto& grids = corpus("top1465.txt");
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(sudoku::canonical_form(grids[i++ % grids.size()]).key);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(canonical_form);

}  // namespace

BENCHMARK_MAIN();
