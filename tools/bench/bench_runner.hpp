// Benchmark runner for sudoku-bench: times a suite over a list of inputs — warm-up, then whole
// passes until the time budget is spent — and summarises throughput, per-item times and peak RSS.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku::bench {

// A suite processes one input item; its return value is folded into a checksum so the compiler
// cannot drop the work and runs can be compared.
struct Suite {
  std::string name;
  std::string unit;  // "puzzles", "pages", ...
  std::string description;
  std::function<std::uint64_t(const Grid& puzzle)> run_one;
};

struct RunSettings {
  double seconds = 3.0;  // measuring budget per suite and file (at least one full pass)
  int threads = 1;
};

struct Measurement {
  std::string suite;
  std::string file;
  std::string unit;
  std::size_t items = 0;   // items in the file
  std::size_t runs = 0;    // items processed while measuring
  int threads = 1;
  double seconds = 0;      // wall time while measuring
  double per_second = 0;   // runs / seconds
  double mean_ms = 0;      // per item
  double median_ms = 0;
  double max_ms = 0;
  std::uint64_t checksum = 0;
  long peak_rss_kb = 0;
};

Measurement measure(const Suite& suite, const std::string& file, const std::vector<Grid>& puzzles,
                    const RunSettings& settings);

const std::vector<Suite>& suites();

}  // namespace sudoku::bench
