// SPDX-License-Identifier: Apache-2.0
// A progress display on stderr for long runs: one bar per row (one row for a corpus, one per
// chapter for a book), shown only when stderr is a terminal and the run has taken more than a
// second, redrawn in place at most ten times a second, erased when done. The rate and the time
// left come from all rows together, since they share the worker threads.
//   sudoku::cli::ProgressBar progress("rating", total);
//   rate_corpus(inputs, rater, [&](std::size_t done, std::size_t) { progress.update(done); });
#pragma once

#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace sudoku::cli {

class ProgressBar {
 public:
  struct Row {
    std::string label;
    std::size_t total = 0;
  };

  ProgressBar(std::string label, std::size_t total);  // one row
  explicit ProgressBar(std::vector<Row> rows);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::size_t done);  // one row
  // Done per row, in the rows' order.
  void update(std::span<const std::size_t> done);
  // Erases the rows (if drawn) so the summary lines start clean.
  void finish();

 private:
  std::vector<Row> rows_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace sudoku::cli
