// SPDX-License-Identifier: Apache-2.0
// typeset: lay out a generated book as a print-ready PDF with a page template.
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "options.hpp"
#include "resources.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/job.hpp"

namespace {

using sudoku::typeset_tool::Options;

// --preflight: the book was read and checked, and fails a check (2 stays bad input).
constexpr int kPreflightFailed = 1;

// A catalogue that lacks some messages still makes the book (in English there); said once.
void warn_untranslated(const std::string& catalog, const std::vector<std::string>& untranslated) {
  if (untranslated.empty()) return;
  std::cerr << "typeset: warning: " << catalog << " has no translation of " << untranslated.size()
            << (untranslated.size() == 1 ? " message" : " messages") << ", printed in English:";
  for (std::size_t i = 0; i < untranslated.size(); ++i) std::cerr << (i == 0 ? " '" : ", '") << untranslated[i] << "'";
  std::cerr << "\n";
}

// --template web: the static site, and what its pages weigh.
int run_web(const Options& options) {
  const sudoku::typeset::WebJobResult site = sudoku::typeset::run_web_job(
      {options.book, options.output, options.language, sudoku::cli::data_dirs("templates/lang")});
  std::cout << site.output << ": " << site.pages << " puzzle pages and index.html, "
            << (site.total_bytes + 512) / 1024 << " KB; the heaviest page " << (site.largest_page + 512) / 1024
            << " KB\n";
  warn_untranslated(site.catalog, site.untranslated);
  return sudoku::cli::kSuccess;
}

int run(const Options& options) {
  if (options.web) return run_web(options);
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
  warn_untranslated(done.catalog, done.untranslated);
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
