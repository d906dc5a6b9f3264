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

#include <cstddef>
#include <functional>

namespace sudoku {

// Number of hardware threads, at least 1.
int default_jobs();

void parallel_for(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                  const std::function<void(std::size_t done)>& progress = {});

}  // namespace sudoku
