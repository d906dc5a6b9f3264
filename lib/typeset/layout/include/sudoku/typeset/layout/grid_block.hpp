// SPDX-License-Identifier: Apache-2.0
// One grid of a book laid out alone, as typeset --split files and the proof need it: the grid and
// its captions exactly as on the book's pages, at the master's column width.
//
// Private to lib/typeset: split.cpp draws with it, typeset.cpp (which owns the page drawing)
// implements it.
//   const GridBlock block = grid_block(page_template.puzzle_page);
//   draw_grid_block(canvas, book, page_template, fonts, PageRole::puzzles, {0, 0, 1});
#pragma once

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/template/text_pattern.hpp"
#include "sudoku/typeset/text/canvas.hpp"
#include "sudoku/typeset/text/font_library.hpp"

namespace sudoku::typeset::detail {

// A template grid style with its fonts. Precondition: `fonts` holds the style's fonts.
GridLook grid_look(const GridStyle& style, const FontSet& fonts);

// Heights of a master's captions above and below its grids, gaps included.
struct CaptionHeights {
  double above = 0;
  double below = 0;
};
CaptionHeights caption_heights(const Master& master);

// What a page's grids leave room for under them besides the captions: the variant's rule line and
// the tip (typeset --hints with a <tip>). A page with either under one grid gives every grid the
// same room, so the grids of a page stay one size.
struct UnderGrid {
  bool rule = false;
  bool tip = false;
};
// Their height, gaps included (points).
double under_height(const Master& master, UnderGrid under);

// The side of the grids on a page of `master` (the same for every slot): as wide as one column, no
// taller than a row's slot less the captions (and the room `under` asks for), capped by max-grid.
// Points. Pages, --split files and the legibility check all size grids with it.
double grid_side(const Master& master, UnderGrid under);

// The arrangement a grid is drawn with: the puzzle or solution master's for the grid's size.
const Master& master_for(const Template& page_template, PageRole role, const Geometry& geometry);

// The block of a master's grid alone: one slot's width (the grid centred in it when the slot's
// height is what limits the grid), the grid square as on the page, and the captions above and below
// it. Points.
//
//   +---------------------+  -
//   | SUDOKU No. 5   date |  above (captions and their gaps)
//   +---------------------+  -
//   |  |               |  |
//   |  |     grid      |  |  side
//   |  |               |  |
//   +---------------------+  -
//   |  (captions below)   |  height - above - side
//   +---------------------+  -
//    left
struct GridBlock {
  double width = 0;
  double height = 0;
  double above = 0;
  double side = 0;
  double left = 0;  // of the grid, from the block's left edge
};
// With `under`, room for the master's rule line or tip under the grid.
GridBlock grid_block(const Master& master, UnderGrid under = {});

// The variant's rule line under a slot's grid, or null: on puzzle pages whose master has a text
// for the puzzle's variant, under the first grid of its chapter (or under every grid).
const TextLine* rule_for(const Master& master, const Book& book, const SlotContent& slot, PageRole role);
// Whether a slot's grid has a tip under it: a puzzle page whose master has a <tip>, a puzzle the
// plan's `tipped` marks.
bool has_tip(const Master& master, const std::vector<bool>& tipped, const SlotContent& slot, PageRole role);
// What a page of `slots` leaves room for under its grids.
UnderGrid under_grids(const Master& master, const Book& book, const std::vector<bool>& tipped,
                      const std::vector<SlotContent>& slots, PageRole role);

// Draws the puzzle (role puzzles) or solution (role solutions) of `slot` with its block's top left
// corner at the canvas origin, with the master's captions; text that does not fit is an InputError
// at its template line, as on pages. Returns the values the captions were expanded with ({date},
// {slot}, {number}, ... of this grid), which also name its file.
// `steps`, when not null, gives the grid its tip (typeset --split --hints).
struct StepPages;
TextValues draw_grid_block(Canvas& canvas, const Book& book, const Template& page_template,
                           const FontSet& fonts, PageRole role, const SlotContent& slot,
                           const StepPages* steps = nullptr);

// InputError (at the book's JSON path) when the book has no puzzle to typeset.
void check_has_puzzles(const Book& book, const TypesetOptions& options);
// The document information of the template for `book`, dated options.date (else now).
PdfMetadata pdf_metadata(const Book& book, const Template& page_template, const TypesetOptions& options);
// The template's cmyk() colours as the PDF's CMYK inks (print_ready.hpp).
std::vector<CmykInk> cmyk_inks(const Template& page_template);

// A cover laid out from the template's front-cover, back-cover and spine masters as they are
// written (typeset.cpp, which owns the page drawing); returns whether the spine got its texts.
bool render_master_cover(const Book& book, const Template& page_template, const FontSet& fonts,
                         const PagePlan& plan, const CoverGeometry& cover, PdfDocument& pdf);
// A designed cover (the template's <cover>, cover.cpp) as one page of `pdf`; with `refuse`, low-dpi
// art and text in the barcode area are InputErrors, else only reported.
CoverReport render_designed_cover(const Book& book, const Template& page_template, const FontSet& fonts,
                                  const PagePlan& plan, const TypesetOptions& options, const CoverGeometry& cover,
                                  PdfDocument& pdf, bool refuse);

}  // namespace sudoku::typeset::detail
