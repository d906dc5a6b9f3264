// SPDX-License-Identifier: Apache-2.0
// Typesetting a book: page plan and drawing, to PDF bytes (job.hpp's run_job writes them, with the
// cover, all or nothing).
//
// Contract: render_pdf renders every page of the plan (see page_plan.hpp) with the template's
// masters. Grids are vector paths; text uses embedded subsets of
// the template's fonts. The PDF has the template's document metadata, a bookmark per chapter and
// for the solutions (one child per chapter), and a page label per page (the master's label,
// "{page}" by default). Greys and black are DeviceGray (100 % K) and every page has a TrimBox
// (and a BleedBox with bleed): see print_ready.hpp. With options.date set the output is
// byte-identical from run to run.
//
// Errors: InputError for a book that cannot be typeset (no puzzles) or a template font that is
// missing (at the template's line).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/pdf/print_ready.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {

struct BookHints;

enum class Paper { white, cream };

struct TypesetOptions {
  std::vector<std::filesystem::path> font_dirs;  // searched before the system fonts
  bool include_solutions = true;
  std::optional<std::int64_t> date;  // PDF creation date, Unix seconds; nullopt for now
  std::string creator = "sudoku-press typeset";
  std::string book_source = "book.json";  // names the book in messages
  // run_job also writes the full-wrap cover for the interior here (see render_cover_pdf below).
  std::string cover_path;
  // Make the interior (and the cover) PDF/X-1a with this output intent (see print_ready.hpp).
  std::optional<PdfX> pdfx;
  Paper paper = Paper::white;  // the interior's paper, for the cover's spine width
  // typeset --cover-style: typographic, pattern or art, replacing the template's <cover> style.
  std::string cover_style;
  // typeset --cover-art: the publisher's PNG, JPEG or PDF (its first page), placed full-bleed on the
  // front panel (style art); a PNG or JPEG is refused under kMinimumArtDpi at its placed size, a PDF
  // is drawn as vectors (under pdfx rasterised at kMinimumArtDpi).
  std::string cover_art;
  // run_job: the language of every printed word, a catalogue's code ("de"); empty for the book's
  // (its plan's "language", else English). The catalogue <code>.po is looked for in the template's
  // folder's lang/ and then in language_dirs.
  std::string language;
  std::vector<std::filesystem::path> language_dirs;
  // A proof: a book under the print target's min-pages is typeset anyway (never one over its
  // maximum); draft_note then says it is not printable.
  bool draft = false;
  // typeset --hints: a hints section after the puzzles (before the solutions) with a hint for each
  // puzzle above easy, and "Hint: page N" beside each such puzzle's solution reference;
  // --how-to-solve: a chapter of worked examples after the contents (book_hints.hpp). Both need
  // `steps`.
  bool hints = false;
  bool how_to_solve = false;
  // The steps the hints and the how-to-solve chapter draw (find_book_hints): graded once, before
  // layout (run_job and preflight_job do it), never while typesetting; required with hints or
  // how_to_solve (std::invalid_argument without them).
  std::shared_ptr<const BookHints> steps;
};

struct TypesetResult {
  int pages = 0;
  std::size_t bytes = 0;
  std::size_t cover_bytes = 0;  // with TypesetOptions::cover_path
  bool spine_text = false;      // the cover's spine carries its texts (see render_cover_pdf)
  std::string ebook_cover_path; // the e-book cover image written beside the cover (PNG)
  std::string draft_note;       // with TypesetOptions::draft, when the book is under min-pages
  double inside_margin = 0;     // of the puzzle pages, after the print target's gutter (points)
};

// The PDF as bytes; `pages` receives the page count when not null. A book whose page plan falls
// outside the template's print target (check_page_count) is refused before any page is drawn.
std::string render_pdf(const Book& book, const Template& page_template, const TypesetOptions& options,
                       int* pages = nullptr);

// InputError (naming `book_source`, the limit and the template line that sets it) when `pages` lies
// outside the template's <print-target> range for `paper` (cream paper may have a lower maximum);
// nothing when the template has no print target.
//   check_page_count(page_template, 1179, Paper::white, "book.json");  // over 828: throws
void check_page_count(const Template& page_template, int pages, Paper paper, const std::string& book_source,
                      bool draft = false);
// The same check's message, empty when the page count is within the range.
std::string page_count_problem(const Template& page_template, int pages, Paper paper, bool draft = false);
// "DRAFT, not printable: 22 pages, under the 24-page minimum of KDP paperback 6x9", or empty.
std::string draft_note(const Template& page_template, int pages);

// The template with its bound pages' inside margin widened to the print target's gutter for a
// book of `pages` pages (<gutter> rows; a template margin that is wider already stays). render_pdf
// lays the book out on it; the page count does not change with the inside margin.
//   const Template fitted = with_gutter(page_template, 412);  // KDP: 0.625 in inside
Template with_gutter(const Template& page_template, int pages);

// Covers for print on demand (Amazon KDP's published figures): the full-wrap cover is the back
// panel, the spine and the front panel side by side, each panel the interior's trim size, with
// 0.125 in bleed on every side; the spine is the interior's page count times the paper's
// thickness. The spine carries the spine master's texts only when KDP allows spine text (from 79
// pages, KDP's paperback cover guidelines) and every text fits across the spine, 0.0625 in from
// each fold (KDP's spine margin), at its min-size or larger; otherwise it is left blank, never an
// error (a title too long for the spine's length still is one). The back panel keeps KDP's barcode
// box (2 x 1.2 in, 0.25 in from its bottom and spine edges) free of text. Layout: the template's
// front-cover (a sample grid, the book's first puzzle, in its one slot), back-cover and spine
// masters; text fits as on the interior pages (see docs/templates.md), spine texts are centred
// across the spine and read from top to bottom.
//   int pages = 0;
//   const std::string interior = render_pdf(book, page_template, options, &pages);
//   const std::string cover = render_cover_pdf(book, page_template, pages, Paper::white, options);
inline constexpr int kMinimumPagesForSpineText = 79;
inline constexpr double kCoverBleed = 0.125 * 72;
// KDP: the barcode box is 2 x 1.2 in, 0.25 in from the back cover's bottom and spine edges; spine
// text keeps 0.0625 in from the spine's folds.
inline constexpr double kBarcodeWidth = 2 * 72;
inline constexpr double kBarcodeHeight = 1.2 * 72;
inline constexpr double kBarcodeInset = 0.25 * 72;
inline constexpr double kSpineSafe = 0.0625 * 72;

struct CoverGeometry {
  double trim_width = 0;  // 2 x the interior's trim width + the spine, points
  double trim_height = 0;
  double spine = 0;
  double bleed = kCoverBleed;
  bool spine_text = false;  // KDP allows spine text at this page count (the texts must fit too)
};

// 0.002252 in per page on white paper, 0.0025 in on cream, in points.
double spine_width(int pages, Paper paper);
CoverGeometry cover_geometry(const Template& page_template, int interior_pages, Paper paper);

// Publisher's art must print sharp: at least 300 pixels per inch at the size it is placed.
inline constexpr double kMinimumArtDpi = 300;
// The e-book cover image for store listings: 1600 x 2560 px, height to width 1.6:1 (KDP's
// recommended e-book cover), the front panel's design laid out again at that shape.
inline constexpr int kEbookCoverWidth = 1600;
inline constexpr int kEbookCoverHeight = 2560;

// What a cover's print rules measured (see preflight.hpp): each empty string a rule kept.
struct CoverReport {
  bool spine_text = false;
  bool spine_vertical = false;  // a CJK title set vertically, its characters upright
  double spine_title_size = 0;  // points; 0 without spine text
  double spine_clearance = 0;   // the spine texts' ink from the nearer fold, points
  std::optional<double> art_dpi;  // the art's resolution at its placed size; none for a PDF kept as vectors
  std::string art;                // "2400 x 3600 px placed at 6.25 x 9.25 in"
  std::string barcode_overlap;    // what of ours runs into the barcode area
  std::string short_of_bleed;     // a colour area that touches the trim but stops short of the bleed
  double back_text_size = 0;      // the back cover's smallest text (blurb, levels, publisher), points
};

// InputError when the template has no front-cover master (at the template) or the book no puzzles,
// when the art (options.cover_art) cannot be read or is under kMinimumArtDpi at its placed size, and
// when the back cover's text runs into the barcode area. `report`, when not null, receives what the
// cover's rules measured.
std::string render_cover_pdf(const Book& book, const Template& page_template, int interior_pages, Paper paper,
                             const TypesetOptions& options, CoverReport* report = nullptr);
// The cover's rules measured without refusing anything but unreadable input (preflight).
CoverReport check_cover(const Book& book, const Template& page_template, int interior_pages,
                        const TypesetOptions& options);
// Before any rendering: InputError when options.cover_art cannot be read or is under
// kMinimumArtDpi on the front panel ("art.png: 1200 x 1800 px placed at 6.25 x 9.25 in is 192 dpi,
// ..."), or when options.cover_style names no style.
void check_cover_art(const Template& page_template, const TypesetOptions& options);
// The e-book cover (kEbookCoverWidth x kEbookCoverHeight PNG bytes): the front panel's design.
std::string render_ebook_cover_png(const Book& book, const Template& page_template, const TypesetOptions& options);

}  // namespace sudoku::typeset
