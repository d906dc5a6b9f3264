// SPDX-License-Identifier: Apache-2.0
// calibrate's command line: the flags, their checks, and the CalibrateOptions they give. Option
// parsing only; what the options do is run() in main.cpp and the libraries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/corpus/calibration_study.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku::cli {

struct CalibrateOptions {
  std::vector<LevelFile> level_files;
  std::string labelled_file;
  std::vector<Bin> bins;
  std::string output;
  std::string plot;
  std::string title;
  std::string compare;                    // a calibration file, or "paper"
  std::optional<std::int64_t> plot_date;  // from SOURCE_DATE_EPOCH; without it a PDF plot has no date
  std::string metric;
  MetricSettings metric_settings;
  StudyOptions study;
  // --house DIR: the whole house-style loop into one folder (main.cpp run_house): the learned levels
  // (DIR/levels.json), the report (DIR/report.txt), a plan of `sample` puzzles per level
  // (DIR/plan.json), its book (DIR/book/, with report.json) and the book's audit against the archive
  // (DIR/audit.txt). Implies --bands, --validate 0.3 and the press levels' grading (technique grade,
  // uniqueness off, invariant order) unless given.
  std::string house;
  int sample = 6;
  std::uint64_t seed = 1;
};

// Parses argv into `options`. Returns false when --help or --version was answered (exit 0); throws
// UsageError for a bad command line.
bool parse_calibrate_options(int argc, char** argv, CalibrateOptions& options);

}  // namespace sudoku::cli
