// SPDX-License-Identifier: Apache-2.0
// calibrate: derive a calibration (difficulty levels with target ratings) from corpora labelled
// with levels, the way Fatemi, Kazemi & Mehrasa (2014) derive their Table I.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include <boost/json.hpp>

#include "cli.hpp"
#include "options.hpp"
#include "progress_bar.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/corpus/calibration_study.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/generate/plan.hpp"

#if SUDOKU_CALIBRATE_PLOT
#include "calibration_plot.hpp"
#include "resources.hpp"
#include "sudoku/typeset/draw/plot.hpp"
#endif

namespace {

using sudoku::cli::parse_flag;

constexpr std::size_t kExcludedLinesShown = 20;

// --house, after the levels are written: a plan of `sample` puzzles per learned level (DIR/plan.json,
// so the editor can run it again with generate-book), its book (DIR/book/) and the book's audit,
// whose Kolmogorov-Smirnov lines compare every chapter with the archive's level (DIR/audit.txt).
// Returns false when the generator missed a slot (said on stderr).
bool run_house(const sudoku::cli::CalibrateOptions& options, const sudoku::Calibration& levels) {
  const std::filesystem::path folder(options.house);
  boost::json::array chapters;
  for (const auto& level : levels.levels)
    chapters.push_back({{"title", level.name}, {"level", level.name}, {"count", options.sample}});
  boost::json::object plan{{"title", "House style sample"},
                           {"seed", options.seed},
                           {"calibration", "levels.json"},
                           {"chapters", std::move(chapters)}};
  if (levels.size) plan["size"] = *levels.size;
  const std::string plan_path = (folder / "plan.json").string();
  sudoku::write_file_atomically(plan_path, sudoku::pretty_json(plan));

  sudoku::BookGenerationOptions generation;
  generation.output_directory = (folder / "book").string();
  generation.jobs = options.study.jobs;
  generation.tool_version = options.study.tool_version;
  sudoku::BookGenerationResult book;
  try {
    book = sudoku::generate_book(sudoku::read_plan(plan_path), generation);
  } catch (const sudoku::GenerationError& error) {
    std::cerr << "calibrate: " << plan_path << ": " << error.what() << "\n";
    return false;
  }
  const std::string audit = sudoku::format_audit(book.audit);
  sudoku::write_file_atomically((folder / "audit.txt").string(), audit);
  std::cout << "\nsample book (" << book.book.puzzle_count() << " puzzles, " << generation.output_directory
            << "), audited against the archive:\n"
            << audit;
  return true;
}

int run(const sudoku::cli::CalibrateOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const auto metric = parse_flag(
      "--metric", [&] { return sudoku::make_rating_metric(options.metric, options.metric_settings); });
  const std::optional<sudoku::StudyReference> reference = sudoku::read_study_reference(options.compare);
#if SUDOKU_CALIBRATE_PLOT
  // Fonts first: a missing font should fail before minutes of rating, not after.
  sudoku::typeset::FontLibrary fonts(sudoku::cli::data_dirs("fonts"));
  std::optional<sudoku::typeset::PlotFonts> plot_fonts;
  if (!options.plot.empty()) plot_fonts = sudoku::typeset::find_plot_fonts(fonts);
#endif

  const sudoku::StudyInput input = options.labelled_file.empty()
                                       ? sudoku::read_level_files(options.level_files)
                                       : sudoku::read_labelled_file(options.labelled_file, options.bins);
  std::size_t total = 0;
  for (const auto& level : input.levels) total += level.puzzles.size();
  sudoku::cli::ProgressBar progress("rating", total);
  const sudoku::StudyResult result = sudoku::run_calibration_study(
      input, *metric, options.study, [&](std::size_t done, std::size_t) { progress.update(done); });
  progress.finish();

  std::string plot_bytes;
#if SUDOKU_CALIBRATE_PLOT
  if (!options.plot.empty())
    plot_bytes = sudoku::typeset::render_distribution_plot(
        sudoku::typeset::calibration_plot(
            result, {options.title, options.study.outliers, reference, options.plot_date}),
        *plot_fonts, sudoku::typeset::plot_format_for_path(options.plot));
#endif
  if (!options.house.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.house, error);
    if (error) throw sudoku::IoError(options.house + ": cannot create the folder: " + error.message());
  }
  sudoku::write_calibration_file(options.output, result.calibration);
  if (!options.plot.empty()) sudoku::write_file_atomically(options.plot, plot_bytes);

  for (const std::string& line : sudoku::study_diagnostics(result, kExcludedLinesShown))
    std::cerr << "calibrate: " << line << "\n";

  std::ostringstream report;
  report << "calibrate: " << result.calibration.metric << ", " << result.calibration.runs << " runs per puzzle, "
         << "outliers " << sudoku::to_string(options.study.outliers) << "\n\n"
         << sudoku::format_study_summary(result, reference);
  if (result.house) report << "\n" << sudoku::format_house_style(result);
  std::cout << report.str() << std::flush;
  bool sample_made = true;
  if (!options.house.empty()) {
    sudoku::write_file_atomically((std::filesystem::path(options.house) / "report.txt").string(), report.str());
    sample_made = run_house(options, result.calibration);
    std::cout << std::flush;
  }
  if (!std::cout) throw sudoku::IoError("standard output: write error");

  if (result.house && result.house->model)
    std::fprintf(stderr, "calibrate: level model fitted in %.2f s (cross-validation included)\n",
                 result.house->model->seconds);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "calibrate: %zu puzzles (%zu excluded) in %.1f s -> %s%s%s\n", total,
               result.excluded.size(), seconds, options.output.c_str(), options.plot.empty() ? "" : ", ",
               options.plot.c_str());
  return result.excluded.empty() && sample_made ? sudoku::cli::kSuccess : sudoku::cli::kSomeFailed;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("calibrate", [&]() -> int {
    sudoku::cli::CalibrateOptions options;
    if (!sudoku::cli::parse_calibrate_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
