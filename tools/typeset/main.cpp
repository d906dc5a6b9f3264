// SPDX-License-Identifier: Apache-2.0
// typeset: lay out a generated book as a print-ready PDF with a page template.
#include <filesystem>
#include <iostream>
#include <string>

#include "cli.hpp"
#include "options.hpp"
#include "resources.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/job.hpp"

namespace {

namespace fs = std::filesystem;
using sudoku::typeset_tool::Options;

// --preflight: the book was read and checked, and fails a check (2 stays bad input).
constexpr int kPreflightFailed = 1;

// A book of gattai boards (Samurai and its cousins, generate-book's "shape" chapters) has no page
// layout yet: one clear line and exit 2 rather than single-grid pages of a board that is not one.
// (It moves into the typeset library with the gattai pages.)
void refuse_gattai_book(const std::string& book) {
  fs::path file = book;
  std::error_code error;
  if (fs::is_directory(file, error)) file /= "book.json";
  if (!fs::is_regular_file(file, error)) return;  // the job reports a missing book in its own words
  const sudoku::Book read = sudoku::read_book(file.string());
  for (std::size_t c = 0; c < read.chapters.size(); ++c)
    for (std::size_t p = 0; p < read.chapters[c].puzzles.size(); ++p)
      if (const auto* shape = read.chapters[c].puzzles[p].puzzle.geometry().gattai_shape())
        throw sudoku::InputError(file.string(), 0, 0,
                                 "$.chapters[" + std::to_string(c) + "].puzzles[" + std::to_string(p) + "]: a " +
                                     shape->name +
                                     " puzzle; typeset has no gattai pages yet (generate-book's puzzles.txt "
                                     "and solutions.txt hold them in the board form, docs/formats.md)");
}

int run(const Options& options) {
  refuse_gattai_book(options.book);
  sudoku::typeset::Job job{
      options.book, sudoku::typeset_tool::resolve_template(options.template_name), options.output, {}, {}, {}};
  job.options.font_dirs = options.font_dirs;
  for (auto& dir : sudoku::cli::data_dirs("fonts")) job.options.font_dirs.push_back(std::move(dir));
  job.options.include_solutions = options.solutions;
  job.options.date = options.date;
  job.options.creator = "sudoku-press typeset " + std::string(sudoku::cli::version());
  job.options.cover_path = options.cover;
  job.options.cover_style = options.cover_style;
  job.options.cover_art = options.cover_art;
  // The profile is checked before the book is read: a wrong file must not cost the rendering.
  if (options.pdfx)
    job.options.pdfx = sudoku::typeset::read_output_intent(
        sudoku::read_file(options.output_profile, sudoku::kMaxBinaryBytes, "an ICC profile"),
        options.output_profile, options.output_condition);
  job.options.paper = options.paper;
  job.options.language = options.language;
  job.options.language_dirs = sudoku::cli::data_dirs("templates/lang");
  job.options.draft = options.draft;
  job.options.hints = options.hints;
  job.options.how_to_solve = options.how_to_solve;
  if (!options.target.empty()) job.target_file = sudoku::typeset_tool::resolve_target(options.target);
  if (options.preflight) {
    const sudoku::typeset::PreflightReport report = sudoku::typeset::preflight_job(std::move(job));
    std::cout << (options.preflight_json ? sudoku::typeset::preflight_json(report)
                                         : sudoku::typeset::preflight_text(report));
    return report.pass() ? sudoku::cli::kSuccess : kPreflightFailed;
  }
  if (options.split) job.split = sudoku::typeset::SplitJob{options.formats, options.proof};
  const sudoku::typeset::JobResult done = sudoku::typeset::run_job(std::move(job));
  // A catalogue that lacks some messages still makes the book (in English there); said once.
  if (!done.untranslated.empty()) {
    std::cerr << "typeset: warning: " << done.catalog << " has no translation of " << done.untranslated.size()
              << (done.untranslated.size() == 1 ? " message" : " messages") << ", printed in English:";
    for (std::size_t i = 0; i < done.untranslated.size(); ++i)
      std::cerr << (i == 0 ? " '" : ", '") << done.untranslated[i] << "'";
    std::cerr << "\n";
  }
  if (options.split) {
    std::cout << done.output << ": " << done.split.grids << " grids, " << done.split.files.size() - 1
              << " files, " << (done.split.bytes + 512) / 1024 << " KB; " << done.proof_path << ": "
              << done.split.proof_pages << " pages\n";
    return sudoku::cli::kSuccess;
  }
  std::cout << done.output << ": " << done.book.pages << " pages, " << (done.book.bytes + 512) / 1024 << " KB"
            << (done.book.draft_note.empty() ? "" : "; " + done.book.draft_note) << "\n";
  if (!options.cover.empty())
    std::cout << options.cover << ": cover, " << (done.book.cover_bytes + 512) / 1024 << " KB"
              << (done.book.spine_text ? "" : "; spine left blank (too thin for its texts)") << "\n"
              << done.book.ebook_cover_path << ": e-book cover, " << sudoku::typeset::kEbookCoverWidth << " x "
              << sudoku::typeset::kEbookCoverHeight << " px\n";
  return sudoku::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("typeset", [&] {
    Options options;
    if (!sudoku::typeset_tool::parse_options(argc, argv, options))
      return static_cast<int>(sudoku::cli::kSuccess);
    return run(options);
  });
}
