// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

namespace sudoku {
namespace {

TEST(ParallelFor, EveryItemRunsOnceWhateverTheThreadCount) {
  for (int jobs : {1, 2, 3, 8}) {
    std::vector<int> runs(1000, 0);
    parallel_for(runs.size(), jobs, [&](std::size_t i) { runs[i] += static_cast<int>(i % 7) + 1; });
    for (std::size_t i = 0; i < runs.size(); ++i) ASSERT_EQ(runs[i], static_cast<int>(i % 7) + 1);
  }
}

TEST(ParallelFor, ZeroItemsIsFine) {
  std::size_t last_progress = 99;
  parallel_for(
      0, 4, [](std::size_t) { FAIL(); }, [&](std::size_t done) { last_progress = done; });
  EXPECT_EQ(last_progress, 0U);
}

TEST(ParallelFor, ProgressEndsAtTheCount) {
  std::size_t last_progress = 0;
  parallel_for(
      100, 2, [](std::size_t) {}, [&](std::size_t done) { last_progress = done; });
  EXPECT_EQ(last_progress, 100U);
}

TEST(ParallelFor, FirstExceptionIsRethrown) {
  for (int jobs : {1, 2}) {
    std::atomic<int> ran{0};
    EXPECT_THROW(parallel_for(1000, jobs,
                              [&](std::size_t i) {
                                ++ran;
                                if (i == 10) throw std::runtime_error("boom");
                              }),
                 std::runtime_error);
    // One thread stops right after the failing item; others may finish what they already took.
    if (jobs == 1) {
      EXPECT_EQ(ran.load(), 11);
    }
  }
}

TEST(ParallelFor, ProgressCanStopTheRun) {
  std::atomic<int> ran{0};
  EXPECT_THROW(parallel_for(
                   100000, 2,
                   [&](std::size_t) {
                     ++ran;
                     std::this_thread::sleep_for(std::chrono::microseconds(50));
                   },
                   [](std::size_t done) {
                     if (done > 0) throw std::runtime_error("stop");
                   }),
               std::runtime_error);
  EXPECT_LT(ran.load(), 100000);
}

// Results reach the sink in input order for any thread count, with at most `window` in flight.
TEST(OrderedParallel, SinksInInputOrderWithABoundedWindow) {
  for (const int jobs : {1, 2, 7}) {
    int next = 0;
    std::atomic<int> in_flight{0};
    std::atomic<int> most{0};
    std::vector<int> sunk;
    ordered_parallel<int, int>(
        jobs, 8,
        [&]() -> std::optional<int> {
          if (next == 500) return std::nullopt;
          const int now = ++in_flight;
          for (int seen = most; now > seen && !most.compare_exchange_weak(seen, now);) {}
          return next++;
        },
        [](int& item) { return item * 2; },
        [&](int& result) {
          --in_flight;
          sunk.push_back(result);
        });
    ASSERT_EQ(sunk.size(), 500U);
    for (int i = 0; i < 500; ++i) EXPECT_EQ(sunk[static_cast<std::size_t>(i)], 2 * i);
    EXPECT_LE(most.load(), 8) << jobs << " jobs";
  }
}

TEST(OrderedParallel, FirstExceptionStopsAndIsRethrown) {
  int next = 0;
  const auto run = [&] {
    ordered_parallel<int, int>(
        2, 4, [&]() -> std::optional<int> { return next < 100 ? std::optional<int>(next++) : std::nullopt; },
        [](int& item) -> int {
          if (item == 10) throw std::runtime_error("bad item");
          return item;
        },
        [](int&) {});
  };
  EXPECT_THROW(run(), std::runtime_error);
  EXPECT_LT(next, 100);
}

TEST(Parallel, WorkerThreadsZeroIsOnePerCoreNegativeIsRefused) {
  EXPECT_EQ(worker_threads(0), default_jobs());
  EXPECT_EQ(worker_threads(3), 3);
  EXPECT_THROW(worker_threads(-1), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
