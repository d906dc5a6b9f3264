#include "bench_runner.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
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
  std::vector<std::vector<double>> times(static_cast<std::size_t>(threads));
  std::vector<std::uint64_t> checksums(static_cast<std::size_t>(threads), 0);
  const auto start = Clock::now();
  const auto budget_end = start + std::chrono::duration<double>(settings.seconds);
  // Every thread walks the shared item sequence; passes repeat until the budget is spent, and the
  // first pass always completes so every item is measured at least once.
  std::atomic<std::size_t> next{0};
  auto worker = [&](std::size_t t) {
    for (;;) {
      const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= workload.count && Clock::now() >= budget_end) break;
      const auto item_start = Clock::now();
      checksums[t] += workload.run(i % workload.count);
      times[t].push_back(std::chrono::duration<double, std::milli>(Clock::now() - item_start).count());
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

  std::vector<double> all;
  for (auto& list : times) all.insert(all.end(), list.begin(), list.end());
  result.runs = all.size();
  result.per_second = static_cast<double>(result.runs) / result.seconds;
  result.mean_ms = std::accumulate(all.begin(), all.end(), 0.0) / static_cast<double>(all.size());
  std::nth_element(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(all.size() / 2), all.end());
  result.median_ms = all[all.size() / 2];
  result.max_ms = *std::max_element(all.begin(), all.end());
  result.work = std::accumulate(checksums.begin(), checksums.end(), std::uint64_t{0});
  result.work_per_second = static_cast<double>(result.work) / result.seconds;
  result.peak_rss_kb = peak_rss_kb();
  return result;
}

}  // namespace sudoku::bench
