// SPDX-License-Identifier: Apache-2.0
// Deterministic data parallelism: run independent work items on N threads.
//
// Contract: parallel_for calls work(i) exactly once for every i in [0, count). Work items must only
// write results into their own slot i, so output never depends on the thread count. The first
// exception thrown by a work item stops the remaining items and is rethrown to the caller. The
// progress callback, if given, runs on the calling thread only (roughly ten times a second and once
// at the end) with the number of finished items; an exception it throws stops the remaining items
// the same way (after the running ones finish) and is rethrown.
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
// called under a lock, one call at a time. The first exception from `next`, `work` or `sink` stops
// the rest (running items finish) and is rethrown. `progress`, if given, runs on the calling thread
// about ten times a second with the number of results sunk.
//   ordered_parallel<Line, Record>(4, 256, read_line, rate, write_record);
template <class Item, class Result>
void ordered_parallel(int jobs, std::size_t window, const std::function<std::optional<Item>()>& next,
                      const std::function<Result(Item&)>& work, const std::function<void(Result&)>& sink,
                      const std::function<void(std::size_t done)>& progress = {}) {
  std::mutex mutex;
  std::condition_variable to_workers;
  std::condition_variable to_sink;
  std::vector<std::optional<Result>> slots(std::max<std::size_t>(window, 1));
  std::size_t taken = 0;
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
  const auto worker = [&] {
    std::unique_lock lock(mutex);
    for (;;) {
      to_workers.wait(lock, [&] { return stop || input_done || taken - sunk < slots.size(); });
      if (stop || input_done) break;
      std::optional<Item> item;
      try {
        item = next();
      } catch (...) {
        fail();
        break;
      }
      if (!item) {
        input_done = true;
        to_workers.notify_all();
        to_sink.notify_all();
        break;
      }
      const std::size_t index = taken++;
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
    for (;;) {
      std::optional<Result>& slot = slots[sunk % slots.size()];
      to_sink.wait_for(lock, std::chrono::milliseconds(100),
                       [&] { return stop || slot.has_value() || (input_done && sunk == taken); });
      if (stop || (!slot && input_done && sunk == taken)) break;
      if (slot) {
        Result result = std::move(*slot);
        slot.reset();
        if (!unlocked([&] { sink(result); })) break;
        ++sunk;
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
