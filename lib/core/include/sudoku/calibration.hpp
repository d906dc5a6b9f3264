// Calibrations: named difficulty levels with target ratings, read from and written to JSON, and the
// lookup that maps a rating to its level.
//
// File format:
//   {"metric": "call-count", "runs": 10,
//    "options": {"propagation": "ac", ...},          (optional: metric settings used)
//    "levels": [{"name": "easy", "target": 6.234043, "count": 120, "median": 5.9, ...}, ...],
//    "provenance": {...}}                             (optional: kept verbatim)
// Level members besides name and target are optional statistics written by `calibrate` (count, kept,
// removed, q1, median, q3, mean, sd, min, max). Unknown keys anywhere are errors, so a misspelt
// field is never silently ignored; calibration_keys()/calibration_level_keys() list the accepted
// keys (one list in the implementation drives reading, writing and the check).
//
// Contract: a valid calibration has at least one level, non-empty unique names, and finite
// positive targets that are pairwise distinct. Targets need not increase in file order (calibrate
// may produce that, and calibration_warnings() reports it); lookup orders levels by target.
// Lookup: a rating belongs to the level whose target is nearest on a log scale, i.e. the boundary
// between neighbouring targets a < b is their geometric mean sqrt(a*b); a rating exactly on a
// boundary belongs to the upper level; ratings below the first boundary (including <= 0) belong to
// the lowest level, ratings above the last to the highest.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>

#include "sudoku/json_io.hpp"
#include "sudoku/rating.hpp"

namespace sudoku {

// Per-level statistics, in file order. count, kept and removed are integers.
enum class LevelStatistic { count, kept, removed, q1, median, q3, mean, sd, min, max };
inline constexpr std::size_t kLevelStatisticCount = 10;
std::string_view to_string(LevelStatistic statistic);

struct CalibrationLevel {
  std::string name;
  double target = 0.0;
  std::array<std::optional<double>, kLevelStatisticCount> statistics{};

  std::optional<double>& operator[](LevelStatistic statistic) {
    return statistics[static_cast<std::size_t>(statistic)];
  }
  const std::optional<double>& operator[](LevelStatistic statistic) const {
    return statistics[static_cast<std::size_t>(statistic)];
  }
};

struct Calibration {
  std::string metric = "call-count";
  int runs = 10;
  MetricSettings options;  // empty: not recorded
  std::vector<CalibrationLevel> levels;
  std::optional<boost::json::value> provenance;  // whatever calibrate records, kept verbatim
};

// The paper's Table I (call-count, 10 runs): easy 6.234043, medium 29.2093, hard 98.2093,
// evil 527.4318. Also shipped as examples/calibration-paper.json.
Calibration paper_calibration();

// Accepted keys at the top level and in a level object.
std::span<const std::string_view> calibration_keys();
std::span<const std::string_view> calibration_level_keys();

// Parses and validates; InputError names the source and the JSON path of the problem.
Calibration parse_calibration(const JsonDocument& document);
// IoError when unreadable, InputError when malformed or invalid.
Calibration read_calibration_file(const std::string& path);

// Throws InputError (source "calibration") when the contract above is broken.
void validate_calibration(const Calibration& calibration);
// Things worth a warning but not an error: targets that do not increase in file order.
std::vector<std::string> calibration_warnings(const Calibration& calibration);

boost::json::value calibration_to_json(const Calibration& calibration);
// Validates, then writes pretty JSON atomically (IoError on failure).
void write_calibration_file(const std::string& path, const Calibration& calibration);

// Index into calibration.levels of the level a rating belongs to. Precondition: a valid
// calibration (throws std::invalid_argument when it has no levels or the rating is NaN).
std::size_t level_index(const Calibration& calibration, double rating);
const CalibrationLevel& level_for(const Calibration& calibration, double rating);
// The boundaries between levels in ascending target order (one fewer than the levels).
std::vector<double> level_boundaries(const Calibration& calibration);

// Why ratings from `metric` should not be looked up in `calibration` (different metric, runs, or
// a recorded option with another value), or nothing when they match.
std::optional<std::string> calibration_mismatch(const Calibration& calibration, const RatingMetric& metric);

}  // namespace sudoku
