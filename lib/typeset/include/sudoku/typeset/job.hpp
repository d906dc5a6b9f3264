// SPDX-License-Identifier: Apache-2.0
// One run of the typeset tool as a library call: a generated book (a folder holding book.json, or
// the file itself) and a template file, laid out either as one PDF (with an optional cover) or, with
// `split`, as one file per grid plus the editor's proof.
//
// Contract: reads the book and the template (and target_file, checked against the template's
// trim and bleed, replacing its print target); with options.pdfx refuses a template colour that is
// not a grey (InputError at its line: PDF/X-1a prints grey and CMYK only). The output defaults to
// <book folder>/<template name>.pdf; with split, `output` is the folder for the grids' files and is
// required (typeset_split, see split.hpp). A book's outputs (the PDF, and options.cover_path with
// the e-book cover image beside it, COVER-ebook.png) are checked before rendering, and the cover's
// art before the interior is drawn (check_cover_art); missing folders are made with their parents
// (and removed again when the run fails). One PDF is written atomically; the PDF, its cover and
// the e-book image are written all-or-nothing (OutputSet: all staged and synced before any is
// renamed into place). Fills in
// options.book_source with the book file, for messages.
//
// The language: options.language, else the book's plan's "language", else English; its catalogue
// (catalog.hpp) translates the template's texts and the sentences composed from the book. An
// unknown code is an InputError listing the known ones (at "--lang" or at the book's
// $.plan.language), before anything is rendered.
//
// Errors: IoError for a book path that is neither a folder nor a .json file, or output that cannot
// be written (nothing is written then); InputError (FILE:LINE) for a bad book or template.
//
//   const sudoku::typeset::JobResult done = sudoku::typeset::run_job({.book = "book",
//       .template_file = "templates/book-letter.xml"});      // writes book/book-letter.pdf
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/typeset/layout/preflight.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/output/split.hpp"

namespace sudoku::typeset {

struct SplitJob {
  std::vector<SplitFormat> formats{SplitFormat::pdf};
  std::string proof_path;  // empty: <output>/proof.pdf
};

struct Job {
  std::string book;           // BOOK_DIR, or a book.json file
  std::string template_file;  // path of the XML template
  std::string output;         // empty: <book folder>/<template name>.pdf (not with split)
  TypesetOptions options;     // fonts, solutions, date, creator, cover, PDF/X, paper
  std::optional<SplitJob> split;
  // A print target file (<print-target> as its root) that replaces the template's own; its trim and
  // bleed must be the template's. Empty: the template's target.
  std::string target_file;
};

struct JobResult {
  std::string output;       // the PDF, or the split folder
  TypesetResult book;       // without split
  SplitResult split;        // with split
  std::string proof_path;   // with split
  std::string language;     // the code of the language printed ("en", "de", ...)
  // Messages the catalogue lacks, printed in English ("context|English text"); the tool reports
  // them once. Empty for English.
  std::vector<std::string> untranslated;
  std::string catalog;  // the catalogue file, empty for English without one
};

JobResult run_job(Job job);

// typeset --preflight: the book and template read as run_job reads them (split and output are
// ignored), checked without writing anything (see preflight.hpp).
PreflightReport preflight_job(Job job);

// typeset --template web: the book's web edition (a static site, one playable page per puzzle and
// an index; docs/web.md) written into the folder `output` (empty: <book folder>/web), all files or
// none. The language is chosen as run_job chooses it, from `language_dirs` (templates/lang). A
// gattai book is an InputError at its puzzle.
//
//   const auto site = sudoku::typeset::run_web_job({.book = "book", .output = "site"});
struct WebJob {
  std::string book;    // BOOK_DIR, or a book.json file
  std::string output;  // the site's folder
  std::string language;
  std::vector<std::filesystem::path> language_dirs;
};

struct WebJobResult {
  std::string output;             // the site's folder
  int pages = 0;                  // puzzle pages (the index besides)
  std::size_t largest_page = 0;   // bytes of the heaviest puzzle page
  std::size_t total_bytes = 0;    // every file of the site
  std::string language;
  std::vector<std::string> untranslated;
  std::string catalog;
};

WebJobResult run_web_job(const WebJob& job);

}  // namespace sudoku::typeset
