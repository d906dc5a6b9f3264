// A progress bar on stderr for long runs: shown only when stderr is a terminal and the run has
// taken more than a second, redrawn at most ten times a second, erased when done.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace sudoku::cli {

class ProgressBar {
 public:
  ProgressBar(std::string label, std::size_t total);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::size_t done);
  // Erases the bar (if drawn) so the summary line starts clean.
  void finish();

 private:
  std::string label_;
  std::size_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace sudoku::cli
