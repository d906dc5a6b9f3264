// Book plans: what generate-book is asked to make (docs/plan.md is the schema).
//
// Contract: read_plan validates everything up front — types, ranges, level names against the
// calibration, size and symmetry — and reports the first problem as an InputError naming the plan
// file and the JSON path ("plan.json: $.chapters[2].level: unknown level \"nightmare\" (known: easy,
// medium, hard, evil)"), so generation never starts on a plan it cannot finish.
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/calibration.hpp"
#include "sudoku/json_io.hpp"
#include "sudoku/symmetry.hpp"

namespace sudoku {

struct PlanChapter {
  std::string title;
  std::string level;           // level name; for a numeric level, the calibration level it falls in
  double target = 0;           // rating to aim at
  bool numeric_level = false;  // the plan gave a number rather than a name
  int count = 0;
  std::optional<std::string> date;  // "YYYY-MM-DD"
};

struct Plan {
  std::string source;  // file name, for messages
  std::string title;
  std::string author;
  std::uint64_t seed = 0;
  int size = 9;
  Symmetry symmetry = Symmetry::rotate180;
  std::string metric = "call-count";
  MetricSettings metric_settings;  // e.g. runs
  int runs = 10;
  double tolerance = 0.10;
  Calibration calibration;
  std::string calibration_source;  // "default" or the calibration file's path
  std::vector<PlanChapter> chapters;
  boost::json::object json;  // the plan as written, copied into the book

  std::size_t puzzle_count() const;
};

inline constexpr int kMaxPlanPuzzles = 100000;

Plan parse_plan(const JsonDocument& document, const std::string& plan_directory);
// IoError when unreadable, InputError when malformed or invalid.
Plan read_plan(const std::string& path);

}  // namespace sudoku
