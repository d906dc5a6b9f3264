// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/job.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <system_error>
#include <utility>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/output_set.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/layout/preflight.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/web/web_edition.hpp"

namespace sudoku::typeset {
namespace {

namespace fs = std::filesystem;

fs::path folder_of(const std::string& path) {
  const fs::path folder = fs::path(path).parent_path();
  return folder.empty() ? fs::path(".") : folder;
}

// Before any rendering: `path` can be written, or its folder (missing, parents too) can be made
// where the nearest existing one is. Nothing is created yet, so a failed run leaves no folder.
void check_output_file(const std::string& path) {
  std::error_code error;
  const fs::path folder = folder_of(path);
  if (!fs::exists(folder, error))
    check_writable(folder.string(), true);
  else
    check_writable(path);
}

// PDF/X-1a prints grey and CMYK only; a template colour is #rrggbb, so only a grey will do. Caught
// here, at the template's line, before anything is rendered (print finishing refuses any RGB
// colour that gets through, without a line to point at).
void check_pdfx_colors(const Template& page_template) {
  if (page_template.chromatic_colors.empty()) return;
  const TemplateColor& color = page_template.chromatic_colors.front();
  throw InputError(page_template.source, color.line, 0,
                   "colour '" + color.text +
                       "' is not a grey, and PDF/X-1a (--pdfx) prints only grey and CMYK: use a grey "
                       "(#rrggbb with r = g = b, e.g. #333333, printed as a tint of black) or leave out --pdfx");
}

bool is_device(const std::string& path) {
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  return fs::exists(status) && !fs::is_regular_file(status) && !fs::is_directory(status);
}

// Creates the folders `files` go in (parents too); on failure removes the ones it made, so a failed
// run leaves no empty folder behind. Returns the folders made, deepest last.
std::vector<fs::path> make_folders(const std::vector<std::pair<std::string, const std::string*>>& files) {
  std::vector<fs::path> made;
  const auto undo = [&made] {
    std::error_code ignored;
    for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ignored);  // only if empty
  };
  for (const auto& [path, bytes] : files) {
    std::vector<fs::path> missing;
    std::error_code error;
    for (fs::path folder = folder_of(path); !folder.empty() && !fs::exists(folder, error);
         folder = folder.parent_path())
      missing.push_back(folder);
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
      if (fs::create_directory(*it, error)) made.push_back(*it);
      if (error) {
        undo();
        throw IoError(it->string() + ": cannot create the output directory: " + error.message());
      }
    }
  }
  return made;
}

// Writes the files all-or-nothing: one file atomically; several as one OutputSet per folder, every
// file written and synced in staging before any is renamed into place, so a full disk or a bad
// path leaves every target as it was. A device or FIFO (/dev/stdout) is written in place, after the
// others are staged and before they are committed. Missing folders are made (parents too).
void write_outputs(const std::vector<std::pair<std::string, const std::string*>>& files) {
  std::vector<fs::path> made = make_folders(files);
  try {
    if (files.size() == 1) {
      write_file_atomically(files.front().first, *files.front().second);
      return;
    }
    std::map<fs::path, std::unique_ptr<OutputSet>> sets;
    for (const auto& [path, bytes] : files) {
      if (is_device(path)) continue;
      const fs::path folder = folder_of(path).lexically_normal();
      auto& set = sets[folder];
      if (!set) set = std::make_unique<OutputSet>(folder.string());
      set->add(fs::path(path).filename().string(), *bytes);
    }
    for (const auto& [path, bytes] : files)
      if (is_device(path)) write_file_atomically(path, *bytes);
    for (auto& [folder, set] : sets) set->commit();
  } catch (...) {
    std::error_code ignored;
    for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ignored);
    throw;
  }
}

}  // namespace

namespace {

struct LoadedJob {
  Book book;
  Template page_template;                  // in the job's language
  std::shared_ptr<const Catalog> catalog;  // that language's messages
  fs::path book_file;
  fs::path book_dir;
};

// The book file of BOOK (a folder holding book.json, or the file) and its folder.
std::pair<fs::path, fs::path> book_paths(const std::string& book) {
  fs::path book_file = book;
  fs::path book_dir = book;
  std::error_code error;
  if (fs::is_directory(book_file, error)) {
    book_file /= "book.json";
  } else if (book_file.extension() == ".json") {
    book_dir = book_file.parent_path();
  } else {
    throw IoError(book + ": not a book directory (expected a folder holding book.json)");
  }
  return {book_file, book_dir};
}

// The catalogue of the job's language: the command line's (`language`), else the plan's, else
// English, from the first of `dirs` that has it.
std::shared_ptr<const Catalog> book_catalog(const Book& book, const fs::path& book_file, std::string language,
                                            const std::vector<fs::path>& dirs) {
  std::string language_source = "--lang";
  std::string language_field;
  if (language.empty()) {
    language = "en";
    if (const auto* code = book.plan.if_contains("language"); code != nullptr) {
      if (!code->is_string())
        throw InputError(book_file.string(), 0, 0, "$.plan.language: expected a language code such as \"de\"");
      language = std::string(code->as_string());
      language_source = book_file.string();
      language_field = "$.plan.language";
    }
  }
  return find_catalog(language, dirs, language_source, language_field);
}

// The book (a folder holding book.json, or the file) and the template in the job's language (the
// command line's, else the plan's, else English), with target_file's print target in place of the
// template's.
LoadedJob load_job(const Job& job) {
  const auto [book_file, book_dir] = book_paths(job.book);
  Book book = read_book(book_file.string());
  const Template loaded_template = load_template(job.template_file);
  std::vector<fs::path> language_dirs{loaded_template.directory / "lang"};
  language_dirs.insert(language_dirs.end(), job.options.language_dirs.begin(), job.options.language_dirs.end());
  std::shared_ptr<const Catalog> catalog = book_catalog(book, book_file, job.options.language, language_dirs);
  Template page_template = localize(loaded_template, catalog);
  if (!job.target_file.empty()) {
    PrintTarget target = load_print_target(job.target_file);
    check_print_target(page_template, target);
    page_template.print_target = std::move(target);
  }
  return {std::move(book), std::move(page_template), std::move(catalog), book_file, book_dir};
}

// The hints' and the how-to-solve chapter's steps, graded before layout (the one call that runs
// the grader): layout, preflight and the split files only draw and count them. A gattai board's
// step is told and pictured on the one 9x9 grid it lies in (book_hints.hpp's one_grid_step).
void grade_steps(const Book& book, TypesetOptions& options) {
  if (!options.hints && !options.how_to_solve) return;
  options.steps = std::make_shared<const BookHints>(find_book_hints(book, options.how_to_solve));
}

}  // namespace

PreflightReport preflight_job(Job job) {
  const LoadedJob loaded = load_job(job);
  job.options.book_source = loaded.book_file.string();
  grade_steps(loaded.book, job.options);
  return preflight(loaded.book, loaded.page_template, job.options);
}

JobResult run_job(Job job) {
  const LoadedJob loaded = load_job(job);
  const Book& book = loaded.book;
  const Template& page_template = loaded.page_template;
  const Catalog& catalog = *loaded.catalog;
  const fs::path& book_file = loaded.book_file;
  const fs::path& book_dir = loaded.book_dir;
  if (job.options.pdfx) check_pdfx_colors(page_template);
  job.options.book_source = book_file.string();
  grade_steps(book, job.options);

  JobResult result;
  result.language = catalog.code();
  result.catalog = catalog.source();
  // Filled in as the book is rendered: the catalogue records each message it lacked.
  const auto note_untranslated = [&] {
    result.untranslated.assign(catalog.missing().begin(), catalog.missing().end());
  };
  if (job.split) {
    if (job.output.empty()) throw IoError("split output needs a folder");
    result.output = job.output;
    result.proof_path = job.split->proof_path.empty() ? (fs::path(job.output) / "proof.pdf").string()
                                                      : job.split->proof_path;
    check_not_an_input(result.proof_path, {book_file.string(), job.template_file, job.target_file});
    const SplitOptions split{std::move(job.options), job.split->formats, result.proof_path};
    result.split = typeset_split(book, page_template, split, job.output);
    note_untranslated();
    return result;
  }
  result.output = job.output.empty() ? (book_dir / (page_template.name + ".pdf")).string() : job.output;
  const std::string& cover_path = job.options.cover_path;
  if (!cover_path.empty() &&
      fs::path(cover_path).lexically_normal() == fs::path(result.output).lexically_normal())
    throw IoError(cover_path + ": the cover and the interior would be the same file");
  // Every output checked before the rendering, which takes the time: a typo in the cover's path
  // must not cost the run.
  check_output_file(result.output);
  // The e-book cover image is written beside the cover: cover.pdf gives cover-ebook.png.
  const std::string ebook_path =
      cover_path.empty() ? std::string()
                         : (fs::path(cover_path).parent_path() / (fs::path(cover_path).stem().string() + "-ebook.png"))
                               .string();
  if (!cover_path.empty()) {
    check_output_file(cover_path);
    check_output_file(ebook_path);
    // Low-resolution art is refused before the interior is drawn.
    check_cover_art(page_template, job.options);
  }
  for (const std::string& output : {result.output, cover_path, ebook_path})
    check_not_an_input(output, {book_file.string(), job.template_file, job.target_file, job.options.cover_art});
  const std::string interior = render_pdf(book, page_template, job.options, &result.book.pages);
  std::vector<std::pair<std::string, const std::string*>> files{{result.output, &interior}};
  std::string cover;
  std::string ebook;
  if (!cover_path.empty()) {
    CoverReport report;
    cover = render_cover_pdf(book, page_template, result.book.pages, job.options.paper, job.options, &report);
    result.book.spine_text = report.spine_text;
    ebook = render_ebook_cover_png(book, page_template, job.options);
    files.emplace_back(cover_path, &cover);
    files.emplace_back(ebook_path, &ebook);
    result.book.ebook_cover_path = ebook_path;
  }
  write_outputs(files);
  if (job.options.draft) result.book.draft_note = draft_note(page_template, result.book.pages);
  result.book.inside_margin = with_gutter(page_template, result.book.pages).puzzle_page.page.margins.inside;
  result.book.bytes = interior.size();
  result.book.cover_bytes = cover.size();
  note_untranslated();
  return result;
}

WebJobResult run_web_job(const WebJob& job) {
  const auto [book_file, book_dir] = book_paths(job.book);
  const Book book = read_book(book_file.string());
  const std::shared_ptr<const Catalog> catalog = book_catalog(book, book_file, job.language, job.language_dirs);
  for (std::size_t c = 0; c < book.chapters.size(); ++c)
    for (std::size_t p = 0; p < book.chapters[c].puzzles.size(); ++p)
      if (book.chapters[c].puzzles[p].puzzle.geometry().is_gattai())
        throw InputError(book_file.string(), 0, 0,
                         "$.chapters[" + std::to_string(c) + "].puzzles[" + std::to_string(p) +
                             "]: a gattai board; the web edition has no gattai pages yet");
  WebJobResult result;
  result.output = job.output.empty() ? (book_dir / "web").string() : job.output;
  const std::vector<WebFile> files = web_edition(book, *catalog);
  for (const WebFile& file : files) {
    result.total_bytes += file.bytes.size();
    if (file.puzzle) {
      ++result.pages;
      result.largest_page = std::max(result.largest_page, file.bytes.size());
    }
  }
  write_web_files(result.output, files, "web");
  result.language = catalog->code();
  result.catalog = catalog->source();
  result.untranslated.assign(catalog->missing().begin(), catalog->missing().end());
  return result;
}

}  // namespace sudoku::typeset
