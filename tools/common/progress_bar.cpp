// SPDX-License-Identifier: Apache-2.0
#include "progress_bar.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "cli.hpp"

namespace sudoku::cli {

namespace {

constexpr int kBarWidth = 30;
constexpr std::size_t kLabelWidth = 20;  // longer labels (chapter titles) are cut

// Moves the cursor from the last drawn row back to the start of the first.
void back_to_first_row(std::size_t rows) {
  if (rows > 1) std::fprintf(stderr, "\033[%zuA", rows - 1);
  std::fprintf(stderr, "\r");
}

}  // namespace

ProgressBar::ProgressBar(std::string label, std::size_t total)
    : ProgressBar(std::vector<Row>{{std::move(label), total}}) {}

ProgressBar::ProgressBar(std::vector<Row> rows)
    : rows_(std::move(rows)),
      enabled_(stderr_is_terminal() && !rows_.empty()),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() {
  finish();
}

void ProgressBar::update(std::size_t done) {
  update(std::span<const std::size_t>(&done, 1));
}

void ProgressBar::update(std::span<const std::size_t> done) {
  if (!enabled_ || done.size() != rows_.size()) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(1) || now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  std::size_t all_done = 0;
  for (const std::size_t d : done) all_done += d;
  const double rate = seconds > 0 ? static_cast<double>(all_done) / seconds : 0.0;
  std::size_t label_width = 0;
  for (const Row& row : rows_) label_width = std::max(label_width, std::min(row.label.size(), kLabelWidth));
  if (drawn_) back_to_first_row(rows_.size());
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const Row& row = rows_[r];
    const std::size_t row_done = std::min(done[r], row.total);
    const double fraction = row.total ? static_cast<double>(row_done) / static_cast<double>(row.total) : 1.0;
    const int filled = static_cast<int>(fraction * kBarWidth);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(kBarWidth - filled), '.');
    const double eta = rate > 0 ? static_cast<double>(row.total - row_done) / rate : 0.0;
    std::fprintf(stderr, "%s\r\033[K%-*.*s [%s] %zu/%zu  %.0f/s  ETA %.0fs", r > 0 ? "\n" : "",
                 static_cast<int>(label_width), static_cast<int>(kLabelWidth), row.label.c_str(), bar.c_str(),
                 row_done, row.total, rate, eta);
  }
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!drawn_) return;
  back_to_first_row(rows_.size());
  std::fprintf(stderr, "\033[J");  // erases from the cursor to the end of the screen: every row
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace sudoku::cli
