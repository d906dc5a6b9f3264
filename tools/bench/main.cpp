// SPDX-License-Identifier: Apache-2.0
// sudoku-bench: measures the library's promises (throughput per suite and corpus).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "bench_runner.hpp"
#include "cli.hpp"

namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

struct Options {
  std::vector<std::string> suites;
  std::vector<std::string> files;
  sudoku::bench::RunSettings settings;
  bool json = false;
};

const sudoku::bench::Suite& find_suite(const std::string& name) {
  std::string known;
  for (const auto& suite : sudoku::bench::suites()) {
    if (suite.name == name) return suite;
    known += (known.empty() ? "" : ", ") + suite.name;
  }
  throw UsageError("unknown suite '" + name + "' (expected one of: " + known + ")");
}

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "sudoku-bench";
  command_line.usage = "sudoku-bench [options] SUITE... -- FILE...";
  std::string summary =
      "Runs each suite on each input: warm-up, then whole passes until --seconds (a pass under way\n"
      "when the time is up is finished, none is counted in part), and reports items/s, passes,\n"
      "mean and median time per item, work per item (guesses per puzzle for the count-KERNEL\n"
      "suites), work rate and peak RSS. Inputs are puzzle files (classic or Killer lines) or books\n"
      "(a book.json keeps each puzzle's variant), except for generate (a calibration file,\n"
      "'press', 'paper' or 'default' = paper) and plan (a plan file). Suites:";
  for (const auto& suite : sudoku::bench::suites()) summary += "\n  " + suite.name + ": " + suite.description;
  command_line.summary = summary;
  std::vector<std::string> words;
  command_line.options.add_options()("json", po::bool_switch(&options.json),
                                     "print one JSON object instead of a table")(
      "threads", po::value(&options.settings.threads)->default_value(1), "worker threads")(
      "seconds", po::value(&options.settings.seconds)->default_value(3.0),
      "measuring time per suite and file")("words", po::value(&words),
                                           "suites, then -- and files (positional)");
  command_line.positional.add("words", -1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  // program_options drops the "--" separator itself: suites are the words naming a suite.
  for (const auto& word : words) {
    bool is_suite = false;
    for (const auto& suite : sudoku::bench::suites()) is_suite = is_suite || suite.name == word;
    (is_suite && options.files.empty() ? options.suites : options.files).push_back(word);
  }
  if (options.suites.empty()) throw UsageError("no suite given");
  if (options.files.empty()) throw UsageError("no input file given (SUITE... -- FILE...)");
  for (const auto& name : options.suites) find_suite(name);
  if (options.settings.threads < 1) throw UsageError("--threads must be at least 1");
  if (!(options.settings.seconds > 0)) throw UsageError("--seconds must be positive");
  return true;
}

int run(const Options& options) {
  boost::json::array results;
  if (!options.json)
    std::printf("%-15s %-34s %8s %7s %12s %7s %10s %10s %10s %11s %14s %9s\n", "suite", "input", "items",
                "threads", "items/s", "passes", "mean ms", "median ms", "max ms", "work/item", "work/s",
                "RSS MB");
  for (const auto& input : options.files) {
    for (const auto& name : options.suites) {
      const auto& suite = find_suite(name);
      for (const auto& workload : suite.prepare(input)) {
        const auto m = sudoku::bench::measure(suite, workload, options.settings);
        if (options.json) {
          results.push_back({{"suite", m.suite},
                             {"input", input},
                             {"label", m.label},
                             {"unit", m.unit},
                             {"items", m.items},
                             {"runs", m.runs},
                             {"passes", m.passes},
                             {"threads", m.threads},
                             {"seconds", m.seconds},
                             {"per_second", m.per_second},
                             {"mean_ms", m.mean_ms},
                             {"median_ms", m.median_ms},
                             {"max_ms", m.max_ms},
                             {"work", m.work},
                             {"work_unit", m.work_unit},
                             {"work_per_second", m.work_per_second},
                             {"work_per_item", m.work_per_item},
                             {"peak_rss_kb", m.peak_rss_kb}});
        } else {
          const std::string shown =
              m.label.size() > 34 ? "..." + m.label.substr(m.label.size() - 31) : m.label;
          const bool has_work = !m.work_unit.empty();
          const std::string work = has_work ? std::to_string(static_cast<long long>(m.work_per_second)) : "-";
          char per_item[32] = "-";
          if (has_work) std::snprintf(per_item, sizeof per_item, "%.2f", m.work_per_item);
          std::printf("%-15s %-34s %8zu %7d %12.1f %7zu %10.4f %10.4f %10.3f %11s %14s %9.1f\n",
                      m.suite.c_str(), shown.c_str(), m.items, m.threads, m.per_second, m.passes, m.mean_ms,
                      m.median_ms, m.max_ms, per_item, work.c_str(),
                      static_cast<double>(m.peak_rss_kb) / 1024.0);
          std::fflush(stdout);
        }
      }
    }
  }
  if (options.json) std::cout << boost::json::serialize(boost::json::object{{"results", results}}) << "\n";
  return sudoku::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("sudoku-bench", [&]() -> int {
    Options options;
    if (!parse_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
