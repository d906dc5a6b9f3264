// SPDX-License-Identifier: Apache-2.0
// Benchmark runner for sudoku-bench: times a workload — warm-up, then whole passes until the time
// budget is spent — and summarises throughput, per-item times, work rate and peak RSS.
//
// Only whole passes count: a pass under way when the budget ends is finished, and no new one
// starts. Files sorted by difficulty would otherwise count their easy start twice.
//
//   const Measurement m = measure(suite, suite.prepare(file).front(), RunSettings{});
//   std::printf("%.0f %s/s over %zu passes\n", m.per_second, m.unit.c_str(), m.passes);
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sudoku::bench {

// A list of items to process; run(i) processes item i and returns a work count (AC calls, solved
// cells, ...) that is summed — it also keeps the compiler from dropping the work.
struct Workload {
  std::string label;  // e.g. the input file, or "easy" for one level of the generate suite
  std::size_t count = 0;
  std::function<std::uint64_t(std::size_t item)> run;
};

// A suite turns an input (a puzzle file, a calibration, a book directory) into workloads.
struct Suite {
  std::string name;
  std::string unit;       // "puzzles", "pages", ...
  std::string work_unit;  // what run() returns, e.g. "AC calls"; empty when it is only a checksum
  std::string description;
  std::function<std::vector<Workload>(const std::string& input)> prepare;
};

struct RunSettings {
  double seconds = 3.0;  // measuring budget per workload (at least one full pass)
  int threads = 1;
};

struct Measurement {
  std::string suite;
  std::string label;
  std::string unit;
  std::string work_unit;
  std::size_t items = 0;   // items in the workload
  std::size_t runs = 0;    // items processed while measuring: passes * items
  std::size_t passes = 0;  // whole passes over the workload
  int threads = 1;
  double seconds = 0;     // wall time while measuring
  double per_second = 0;  // runs / seconds
  double mean_ms = 0;     // per item
  double median_ms = 0;
  double max_ms = 0;
  std::uint64_t work = 0;  // summed run() results
  double work_per_second = 0;
  double work_per_item = 0;  // work / runs, e.g. guesses per puzzle
  long peak_rss_kb = 0;
};

Measurement measure(const Suite& suite, const Workload& workload, const RunSettings& settings);

const std::vector<Suite>& suites();

}  // namespace sudoku::bench
