// SPDX-License-Identifier: Apache-2.0
#include "bench_runner.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <numeric>
#include <thread>

namespace sudoku::bench {
namespace {

using Clock = std::chrono::steady_clock;

long peak_rss_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace

Measurement measure(const Suite& suite, const Workload& workload, const RunSettings& settings) {
  Measurement result;
  result.suite = suite.name;
  result.label = workload.label;
  result.unit = suite.unit;
  result.work_unit = suite.work_unit;
  result.items = workload.count;
  result.threads = settings.threads;
  if (workload.count == 0) return result;

  // Warm-up: caches, lazily built tables, page faults — up to a tenth of the budget.
  const auto warm_up_end = Clock::now() + std::chrono::duration<double>(settings.seconds / 10);
  for (std::size_t i = 0; i < workload.count && Clock::now() < warm_up_end; ++i) workload.run(i);

  const int threads = std::max(1, settings.threads);
  struct Item {
    std::size_t index;  // in the sequence of all passes: pass index / count
    double ms;
    std::uint64_t work;
  };
  std::vector<std::vector<Item>> done(static_cast<std::size_t>(threads));
  const auto start = Clock::now();
  const auto budget_end = start + std::chrono::duration<double>(settings.seconds);
  // Every thread takes the next index of the shared sequence. The thread that takes the first
  // index of a new pass after the budget ends closes the sequence there. With several threads,
  // another one may already have taken an index past the close; that item is run but dropped.
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> end{std::numeric_limits<std::size_t>::max()};
  auto worker = [&](std::size_t t) {
    for (;;) {
      const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= end.load(std::memory_order_relaxed)) break;
      if (i > 0 && i % workload.count == 0 && Clock::now() >= budget_end) {
        std::size_t open = end.load(std::memory_order_relaxed);
        while (i < open && !end.compare_exchange_weak(open, i, std::memory_order_relaxed)) {}
        break;
      }
      const auto item_start = Clock::now();
      const std::uint64_t work = workload.run(i % workload.count);
      done[t].push_back(
          {i, std::chrono::duration<double, std::milli>(Clock::now() - item_start).count(), work});
    }
  };
  if (threads == 1) {
    worker(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker, static_cast<std::size_t>(t));
    for (auto& thread : pool) thread.join();
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();

  const std::size_t counted = end.load();
  std::vector<double> all;
  for (const auto& list : done) {
    for (const Item& item : list) {
      if (item.index >= counted) continue;
      all.push_back(item.ms);
      result.work += item.work;
    }
  }
  result.runs = all.size();
  result.passes = result.runs / workload.count;
  result.per_second = static_cast<double>(result.runs) / result.seconds;
  result.mean_ms = std::accumulate(all.begin(), all.end(), 0.0) / static_cast<double>(all.size());
  std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(all.size() / 2), all.end());
  result.median_ms = all[all.size() / 2];
  result.max_ms = *std::max_element(all.begin(), all.end());
  result.work_per_second = static_cast<double>(result.work) / result.seconds;
  result.work_per_item = static_cast<double>(result.work) / static_cast<double>(result.runs);
  result.peak_rss_kb = peak_rss_kb();
  return result;
}

}  // namespace sudoku::bench
