// SPDX-License-Identifier: Apache-2.0
// One file per grid for the page-layout programs of a newspaper desk (typeset --split), and the
// editor's proof of the whole run.
//
// Contract: render_split draws every puzzle of the book (and, with include_solutions, every
// solution) as a document of its own, exactly the size of its grid block: the master's column
// width (capped by max-grid) wide, the grid and its captions as on the book's pages (see
// docs/templates.md). Each grid is written in every format asked for:
//  * PDF: MediaBox = TrimBox = the block, 100 % K (DeviceGray, see print_ready.hpp), fonts embedded;
//  * EPS: Cairo's PostScript surface in EPS mode; %%BoundingBox is the block rounded out to whole
//    points and %%HiResBoundingBox the exact block (Cairo would give the ink's box, which moves
//    with the digits), greys as `setgray`, text as outlines (no font needed where it is placed;
//    and Cairo 1.16's PostScript backend leaks memory for every OpenType font it embeds);
//  * SVG: lines as paths, every text as an SVG <text> naming the template's font (family, weight,
//    style), so it stays text: Cairo's SVG surface would write glyph outlines instead. The
//    fonts are named, not embedded: the viewer needs them installed (fonts-texgyre for the
//    shipped templates), as a layout program does.
// Files are named by the template's <split> patterns (template.hpp), plus ".pdf", ".eps", ".svg".
// render_proof_pdf lays out every grid and its solution, several per A4 page, each with its date,
// slot, level and grades, for the editor to check the run before it goes out.
// typeset_split checks that the folder and the proof path can be written, then renders every file
// and the proof in memory, so an error (a caption that does not fit, a name used twice, a name
// pattern without a value) writes nothing; it then writes the files as one set (output_set.hpp:
// a staging folder in `directory`, a manifest, renames): after a crash the folder holds the old
// set or, once the next run has finished the swap, the new one, and no temporary file among them.
// A proof inside `directory` is part of the set; one elsewhere is replaced atomically after it.
// With options.typeset.date set, the same inputs give the same bytes.
//
// Errors: InputError for a book without puzzles, a template font that is missing, text that does
// not fit (at the template's line), a file name pattern that has no value for a grid, names two
// grids alike, or gives a grid a name kept for the proof or the cover ("proof", "cover", the stems
// of their paths) or one starting with '-' or '.' (at the <split> line); IoError when an output
// cannot be written (checked before any rendering).
//   SplitOptions options{.formats = {SplitFormat::pdf, SplitFormat::eps}, .proof_path = "files/proof.pdf"};
//   const SplitResult result = typeset_split(book, page_template, options, "files");
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {

enum class SplitFormat { pdf, eps, svg };

// "pdf", "eps" or "svg"; nullopt for anything else.
std::optional<SplitFormat> parse_split_format(std::string_view name);
// A comma-separated list of them ("pdf,svg,eps"), each once, in the order given; throws
// std::invalid_argument naming the first word that is not a format ("got 'tiff' in 'pdf,tiff'").
std::vector<SplitFormat> parse_split_formats(std::string_view list);
std::string_view extension(SplitFormat format);  // without the dot

struct SplitOptions {
  // Fonts, include_solutions, date, creator, book_source; pdfx applies to the grids' PDFs.
  TypesetOptions typeset;
  std::vector<SplitFormat> formats{SplitFormat::pdf};
  std::string proof_path;  // where typeset_split writes the proof; empty: no proof
};

struct SplitFile {
  std::string name;  // file name with its extension: "2026-12-05-hard.pdf"
  std::string bytes;
  double width = 0;  // the grid block, points
  double height = 0;
};

struct SplitResult {
  int grids = 0;                   // puzzles and solutions
  std::vector<std::string> files;  // paths written, in book order (proof last)
  std::size_t bytes = 0;
  int proof_pages = 0;
};

std::vector<SplitFile> render_split(const Book& book, const Template& page_template,
                                    const SplitOptions& options);

// The proof as PDF bytes; `pages` receives its page count when not null.
std::string render_proof_pdf(const Book& book, const Template& page_template, const TypesetOptions& options,
                             int* pages = nullptr);

// Writes render_split's files into `directory` (created when missing) and the proof.
SplitResult typeset_split(const Book& book, const Template& page_template, const SplitOptions& options,
                          const std::string& directory);

}  // namespace sudoku::typeset
