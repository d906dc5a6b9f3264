// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/parallel.hpp"

#include "sudoku/base/budget.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace sudoku {

int worker_threads(int jobs) {
  if (jobs < 0) throw std::invalid_argument("jobs must be 0 (all cores) or more");
  return jobs == 0 ? default_jobs() : jobs;
}

int default_jobs() {
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                  const std::function<void(std::size_t done)>& progress) {
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr first_error;
  std::mutex mutex;
  std::condition_variable finished;
  std::size_t running = 0;

  Budget* const budget = current_budget();  // the caller's, carried to every worker
  auto worker = [&] {
    const BudgetScope scope(budget, false);
    for (;;) {
      if (failed.load(std::memory_order_relaxed)) break;
      const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= count) break;
      try {
        work(i);
      } catch (...) {
        const std::scoped_lock lock(mutex);
        if (!first_error) first_error = std::current_exception();
        failed = true;
      }
      done.fetch_add(1, std::memory_order_relaxed);
    }
    const std::scoped_lock lock(mutex);
    --running;
    finished.notify_all();
  };

  const auto thread_count = static_cast<std::size_t>(std::max(1, jobs));
  const std::size_t spawned = std::min(thread_count, count);
  if (spawned <= 1 && !progress) {
    running = 1;
    worker();
  } else {
    std::vector<std::thread> threads;
    running = spawned;
    threads.reserve(spawned);
    for (std::size_t t = 0; t < spawned; ++t) threads.emplace_back(worker);
    {
      std::unique_lock lock(mutex);
      while (running > 0) {
        finished.wait_for(lock, std::chrono::milliseconds(100));
        if (progress && !failed) {
          lock.unlock();
          try {
            progress(done.load());
          } catch (...) {
            // The caller wants to stop (or failed): let the workers finish their current items.
            const std::scoped_lock error_lock(mutex);
            if (!first_error) first_error = std::current_exception();
            failed = true;
          }
          lock.lock();
        }
      }
    }
    for (auto& thread : threads) thread.join();
  }
  if (first_error) std::rethrow_exception(first_error);
  if (progress) progress(done.load());
}

}  // namespace sudoku
