// SPDX-License-Identifier: Apache-2.0
// corpus-rate: rate every puzzle of a corpus and write one record per puzzle, in input order.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli.hpp"
#include "options.hpp"
#include "progress_bar.hpp"
#include "sudoku/corpus/corpus_run.hpp"

#if SUDOKU_CORPUS_RATE_PICTURES
#include "resources.hpp"
#include "sudoku/typeset/draw/step_picture.hpp"
#include "sudoku/typeset/web/explain_report.hpp"
#endif

namespace {

using sudoku::cli::UsageError;
using sudoku::corpus_rate_tool::Options;
using sudoku::corpus_rate_tool::parse_options;

#if SUDOKU_CORPUS_RATE_PICTURES
sudoku::typeset::StepChoice step_choice(const Options& options) {
  return options.every_step ? sudoku::typeset::StepChoice::beyond_singles : sudoku::typeset::StepChoice::hardest;
}

// --format html: the report's pages, written into the folder -o DIR all or nothing.
void write_report(const Options& options, const std::vector<sudoku::typeset::ExplainedPuzzle>& puzzles,
                  const sudoku::typeset::PlotFonts& fonts, const sudoku::typeset::Catalog& catalog) {
  const auto files = sudoku::typeset::explain_report(puzzles, fonts, step_choice(options), catalog);
  sudoku::typeset::write_web_files(options.run.output, files, "explain-report");
  std::cerr << "corpus-rate: " << options.run.output << ": " << puzzles.size() << " pages and index.html\n";
}

void write_pictures(const Options& options, const std::vector<sudoku::typeset::StepPicture>& pictures,
                    const sudoku::typeset::PlotFonts& fonts) {
  if (pictures.empty())
    throw UsageError(options.every_step ? "no step beyond singles to draw" : "no step to draw");
  sudoku::typeset::StepPictureOptions picture_options;
  picture_options.size = *sudoku::typeset::parse_step_picture_size(options.picture_size);
  sudoku::typeset::write_step_pictures(options.run.output,
                                       options.picture_format == "pdf" ? sudoku::typeset::PlotFormat::pdf
                                                                       : sudoku::typeset::PlotFormat::svg,
                                       pictures, fonts, picture_options);
}
#endif

int run(const Options& options) {
  const auto start = std::chrono::steady_clock::now();
#if SUDOKU_CORPUS_RATE_PICTURES
  // Fonts first: a missing font should fail before the rating, not after.
  sudoku::typeset::FontLibrary font_library(sudoku::cli::data_dirs("fonts"));
  std::optional<sudoku::typeset::PlotFonts> fonts;
  std::vector<sudoku::typeset::StepPicture> pictures;
  std::vector<sudoku::typeset::ExplainedPuzzle> explained;
  // The report's catalogue, like the fonts before the rating (an unknown --lang fails at once).
  std::shared_ptr<const sudoku::typeset::Catalog> catalog;
  if (options.picture_format == "html")
    catalog = sudoku::typeset::find_catalog(options.language, sudoku::cli::data_dirs("templates/lang"), "--lang");
  sudoku::CorpusRunOptions run_options = options.run;
  if (!options.picture_format.empty()) {
    fonts = sudoku::typeset::find_plot_fonts(font_library);
    run_options.on_report = [&](const sudoku::PuzzleReport& report) {
      if (report.status != sudoku::PuzzleStatus::ok) return;
      const std::string source = report.file + ":" + std::to_string(report.line);
      if (options.picture_format == "html") {
        explained.push_back({source, report.explained_grid, report.explained_steps, report.technique_steps,
                             report.technique_grade, report.hardest_technique, report.level});
        return;
      }
      for (auto& picture : sudoku::typeset::choose_step_pictures(report.explained_grid, report.explained_steps,
                                                                 source, step_choice(options)))
        pictures.push_back(std::move(picture));
    };
  }
#else
  const sudoku::CorpusRunOptions& run_options = options.run;
#endif
  const sudoku::CorpusRater rater(options.run.rating);
  if (options.run.rating.rate)
    for (const auto& warning : rater.warnings()) std::cerr << "corpus-rate: warning: " << warning << "\n";
  // The bar's total costs a reading pass: made only when the bar can be seen.
  sudoku::cli::ProgressBar progress("rating", sudoku::cli::stderr_is_terminal()
                                                  ? sudoku::count_corpus(options.run.files, options.run.read)
                                                  : 0);
  const auto result =
      sudoku::run_corpus(run_options, rater, std::cout, [&](std::size_t done) { progress.update(done); });
  progress.finish();
#if SUDOKU_CORPUS_RATE_PICTURES
  if (fonts && options.picture_format == "html")
    write_report(options, explained, *fonts, *catalog);
  else if (fonts)
    write_pictures(options, pictures, *fonts);
#endif
  for (const auto& note : result.notes) std::cerr << "corpus-rate: note: " << note << "\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "corpus-rate: %s in %.2f s (%.0f puzzles/s)\n", result.counts.text().c_str(), seconds,
               seconds > 0 ? static_cast<double>(result.counts.total) / seconds : 0.0);
  return result.counts.all_ok() ? sudoku::cli::kSuccess : sudoku::cli::kSomeFailed;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("corpus-rate", [&]() -> int {
    Options options;
    if (!parse_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
