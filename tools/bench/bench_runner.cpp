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

Measurement measure(const Suite& suite, const std::string& file, const std::vector<Grid>& puzzles,
                    const RunSettings& settings) {
  Measurement result;
  result.suite = suite.name;
  result.file = file;
  result.unit = suite.unit;
  result.items = puzzles.size();
  result.threads = settings.threads;
  if (puzzles.empty()) return result;

  // Warm-up: caches, lazily built tables, page faults — up to a tenth of the budget.
  const auto warm_up_end = Clock::now() + std::chrono::duration<double>(settings.seconds / 10);
  for (std::size_t i = 0; i < puzzles.size() && Clock::now() < warm_up_end; ++i) suite.run_one(puzzles[i]);

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
      if (i >= puzzles.size() && Clock::now() >= budget_end) break;
      const auto item_start = Clock::now();
      checksums[t] += suite.run_one(puzzles[i % puzzles.size()]);
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
  result.checksum = std::accumulate(checksums.begin(), checksums.end(), std::uint64_t{0});
  result.peak_rss_kb = peak_rss_kb();
  return result;
}

}  // namespace sudoku::bench
