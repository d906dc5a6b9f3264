// SPDX-License-Identifier: Apache-2.0
// sudoku-bench's runner: only whole passes are counted, whatever the budget and the thread count.
#include "bench_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace sudoku::bench {
namespace {

// Items that take longer the later they come (a file sorted by difficulty): item i works i + 1
// units and sleeps while it does, so the budget always ends part-way through some pass.
Workload sorted_workload(std::size_t count, std::atomic<std::uint64_t>& started) {
  return {"sorted", count, [&started](std::size_t item) {
            started.fetch_add(1);
            std::this_thread::sleep_for(std::chrono::microseconds(50 * (item + 1)));
            return static_cast<std::uint64_t>(item + 1);
          }};
}

TEST(BenchRunner, CountsWholePassesOnly) {
  const Suite suite{"test", "items", "units", "", {}};
  for (const int threads : {1, 2, 3}) {
    std::atomic<std::uint64_t> started{0};
    const Workload workload = sorted_workload(7, started);
    RunSettings settings;
    settings.seconds = 0.02;
    settings.threads = threads;
    const Measurement m = measure(suite, workload, settings);
    ASSERT_GE(m.passes, 1u) << threads;
    EXPECT_EQ(m.runs, m.passes * 7) << threads;
    // Each pass does 1 + 2 + ... + 7 = 28 units.
    EXPECT_EQ(m.work, m.passes * 28) << threads;
    EXPECT_DOUBLE_EQ(m.work_per_item, 4.0) << threads;
    EXPECT_GT(m.per_second, 0) << threads;
    // Items a thread started past the close of the sequence are dropped, at most one per thread
    // (besides the warm-up, at most one pass).
    EXPECT_LE(started.load(), 7 + m.runs + static_cast<std::uint64_t>(threads)) << threads;
  }
}

TEST(BenchRunner, FirstPassCompletesEvenWhenTheBudgetIsShorter) {
  const Suite suite{"test", "items", "units", "", {}};
  std::atomic<std::uint64_t> started{0};
  const Workload workload = sorted_workload(40, started);  // ~40 ms a pass
  RunSettings settings;
  settings.seconds = 0.001;
  const Measurement m = measure(suite, workload, settings);
  EXPECT_EQ(m.passes, 1u);
  EXPECT_EQ(m.runs, 40u);
  EXPECT_EQ(m.work, 40u * 41u / 2u);
}

}  // namespace
}  // namespace sudoku::bench
