// Typesetting a book: page plan, drawing and PDF output in one call.
//
// Contract: typeset_book renders every page of the plan (see page_plan.hpp) with the template's
// masters and writes the PDF atomically: the output path holds either the previous file or the
// complete new one, never a truncated PDF. Grids are vector paths; text uses embedded subsets of
// the template's fonts. The PDF has the template's document metadata, a bookmark per chapter and
// for the solutions (one child per chapter), and a page label per page (the master's label,
// "{page}" by default). Greys and black are DeviceGray (100 % K) and every page has a TrimBox
// (and a BleedBox with bleed): see print_ready.hpp. With options.date set the output is
// byte-identical from run to run.
//
// Errors: InputError for a book that cannot be typeset (no puzzles) or a template font that is
// missing (at the template's line); IoError when the output cannot be written.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/book.hpp"
#include "sudoku/typeset/template.hpp"

namespace sudoku::typeset {

struct TypesetOptions {
  std::vector<std::filesystem::path> font_dirs;  // searched before the system fonts
  bool include_solutions = true;
  std::optional<std::int64_t> date;  // PDF creation date, Unix seconds; nullopt for now
  std::string creator = "sudoku-press typeset";
  std::string book_source = "book.json";  // names the book in messages
};

struct TypesetResult {
  int pages = 0;
  std::size_t bytes = 0;
};

// The PDF as bytes; `pages` receives the page count when not null.
std::string render_pdf(const Book& book, const Template& page_template, const TypesetOptions& options,
                       int* pages = nullptr);

// Renders and writes the PDF to `output_path` atomically.
TypesetResult typeset_book(const Book& book, const Template& page_template, const TypesetOptions& options,
                           const std::string& output_path);

}  // namespace sudoku::typeset
