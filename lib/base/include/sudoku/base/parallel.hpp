// SPDX-License-Identifier: Apache-2.0
// Deterministic data parallelism: run independent work items on N threads.
//
// Contract: parallel_for calls work(i) exactly once for every i in [0, count). Work items must only
// write results into their own slot i, so output never depends on the thread count. The first
// exception thrown by a work item stops the remaining items and is rethrown to the caller. The
// progress callback, if given, runs on the calling thread only (roughly ten times a second and once
// at the end) with the number of finished items; an exception it throws stops the remaining items
// the same way (after the running ones finish) and is rethrown. The caller's Budget (budget.hpp)
// applies to every work item, on whatever thread it runs.
//
//   std::vector<int> counts(puzzles.size());
//   sudoku::parallel_for(puzzles.size(), sudoku::default_jobs(),
//                        [&](std::size_t i) { counts[i] = sudoku::count_solutions(puzzles[i]).count; });
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "sudoku/base/budget.hpp"

namespace sudoku {

// Number of hardware threads, at least 1.
int default_jobs();

// The thread count a "jobs" setting asks for: 0 means one per core (default_jobs()); a negative
// count is std::invalid_argument("jobs must be 0 (all cores) or more").
int worker_threads(int jobs);

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                  const std::function<void(std::size_t done)>& progress = {});

}  // namespace sudoku

namespace sudoku {

// Streaming data parallelism: items come from `next` (nullopt ends the input) and go through `work`
// on `jobs` threads; their results reach `sink` on the calling thread in input order, as soon as
// every earlier one has. At most `window` items are read but not yet sunk, so memory stays flat
// however long the input is, and the sink sees the same sequence for any number of jobs. `next` is
// called one call at a time, under a lock of its own: a `next` that waits for input (a pipe) holds
// up neither the workers nor the sink, so every result already made is sunk meanwhile. `idle`, if
// given, runs on the calling thread when a result was sunk and the next one is not ready within a
// few milliseconds (flush there, so a client that sends one item and waits gets its answer). The
// first exception from `next`, `work`, `sink` or `idle` stops the rest (running items finish) and is
// rethrown. `progress`, if given, runs on the calling thread about ten times a second with the
// number of results sunk.
//   ordered_parallel<Line, Record>(4, 256, read_line, rate, write_record);
template <class Item, class Result>
void ordered_parallel(int jobs, std::size_t window, const std::function<std::optional<Item>()>& next,
                      const std::function<Result(Item&)>& work, const std::function<void(Result&)>& sink,
                      const std::function<void(std::size_t done)>& progress = {},
                      const std::function<void()>& idle = {}) {
  std::mutex mutex;        // guards everything below but `fetched`
  std::mutex input_mutex;  // one `next` at a time; guards `fetched` and `exhausted`
  std::condition_variable to_workers;
  std::condition_variable to_sink;
  std::vector<std::optional<Result>> slots(std::max<std::size_t>(window, 1));
  std::size_t reserved = 0;  // slots claimed by workers (an item fetched or about to be)
  std::size_t fetched = 0;   // items `next` returned: the next item's index
  bool exhausted = false;    // `next` returned nullopt (guarded by input_mutex)
  std::size_t total = 0;     // the number of items, once input_done
  std::size_t sunk = 0;
  bool input_done = false;
  bool stop = false;
  std::exception_ptr error;
  const auto fail = [&] {  // with the lock held
    if (!error) error = std::current_exception();
    stop = true;
    to_workers.notify_all();
    to_sink.notify_all();
  };
  Budget* const budget = current_budget();  // the caller's, carried to every worker
  const auto worker = [&] {
    const BudgetScope scope(budget, false);
    std::unique_lock lock(mutex);
    for (;;) {
      to_workers.wait(lock, [&] { return stop || input_done || reserved - sunk < slots.size(); });
      if (stop || input_done) break;
      ++reserved;
      lock.unlock();
      std::optional<Item> item;
      std::size_t index = 0;
      bool ended = false;
      try {
        const std::scoped_lock input(input_mutex);
        if (!exhausted) {
          item = next();
          if (item) {
            index = fetched++;
          } else {
            exhausted = ended = true;
            index = fetched;
          }
        }
      } catch (...) {
        lock.lock();
        fail();
        break;
      }
      lock.lock();
      if (!item) {
        --reserved;
        if (ended && !input_done) {
          input_done = true;
          total = index;
        }
        to_workers.notify_all();
        to_sink.notify_all();
        break;
      }
      lock.unlock();
      std::optional<Result> result;
      try {
        result.emplace(work(*item));
      } catch (...) {
        lock.lock();
        fail();
        break;
      }
      lock.lock();
      slots[index % slots.size()] = std::move(result);
      to_sink.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, jobs); ++t) threads.emplace_back(worker);
  {
    std::unique_lock lock(mutex);
    // Runs the caller's code without the lock; false (the run stopped) when it throws.
    const auto unlocked = [&](const auto& call) {
      lock.unlock();
      try {
        call();
      } catch (...) {
        lock.lock();
        fail();
        return false;
      }
      lock.lock();
      return true;
    };
    auto last_progress = std::chrono::steady_clock::now();
    bool owes_idle = false;  // a result was sunk since `idle` last ran
    for (;;) {
      std::optional<Result>& slot = slots[sunk % slots.size()];
      const auto ready = [&] { return stop || slot.has_value() || (input_done && sunk == total); };
      if (idle && owes_idle && !to_sink.wait_for(lock, std::chrono::milliseconds(2), ready)) {
        owes_idle = false;
        if (!unlocked([&] { idle(); })) break;
        continue;
      }
      to_sink.wait_for(lock, std::chrono::milliseconds(100), ready);
      if (stop || (!slot && input_done && sunk == total)) break;
      if (slot) {
        Result result = std::move(*slot);
        slot.reset();
        if (!unlocked([&] { sink(result); })) break;
        ++sunk;
        owes_idle = true;
        to_workers.notify_all();
      }
      if (progress && std::chrono::steady_clock::now() - last_progress > std::chrono::milliseconds(100)) {
        last_progress = std::chrono::steady_clock::now();
        const std::size_t done = sunk;
        if (!unlocked([&] { progress(done); })) break;
      }
    }
  }
  for (auto& thread : threads) thread.join();
  if (error) std::rethrow_exception(error);
  if (progress) progress(sunk);
}

}  // namespace sudoku
