// SPDX-License-Identifier: Apache-2.0
// Grid painting: one Sudoku grid, puzzle or solution, as vector paths and text.
//
// Contract: the grid fills the square `outer` exactly (the outside edge of its border). Box lines
// follow the geometry's box shape (2x3 boxes on 6x6, 3x4 on 12x12, 5x5 on 25x25). Lines are drawn
// thin first, then thick, then the border, so heavier lines cover the crossings. Digits are drawn
// row by row, left to right, one text object per filled cell, so text extraction gives a grid's
// symbols in reading order. Each symbol is centred on its cell by its ink box horizontally; all
// symbols of a grid share one vertical placement (the ink of the whole symbol set is centred), so
// the digits of a row stand on one baseline.
//
// Variants are drawn as printed puzzles show them, from the geometry alone (never its name): the
// cells of the extra units (X's diagonals, Windoku's windows, the asterisk, the centre dots) are
// filled with the look's tint under the lines; a board without regular boxes (jigsaw) gets a
// thick line wherever two neighbours lie in different regions instead of box lines. Killer cages
// are dashed outlines inset from the cell edges, each side's dashes fitted to its length so that
// every corner is a dash; the cage's sum sits small at the top-left of its top-left cell on a
// white box that knocks out the outline. Cages are drawn on puzzles only: a solution grid needs
// them no more than a reader does once the digits are filled in, and at solution sizes their
// dashes and sums would be noise over the digits.
//
// A gattai board (Samurai and its cousins) is drawn as one picture on a lattice of
// max(board_rows, board_cols) cells a side, the board centred in `outer`: only the positions some
// grid covers get cell lines, every cell edge is drawn once (so a box two grids share is drawn
// once, not once per grid), box lines are thick, and every 9x9 grid's outline is drawn at border
// weight, also where it crosses another grid's box, so each grid stays visible as a whole:
//
//   +=====+=====+ - - +=====+=====+      ===  a grid's outline (border weight)
//   |  1  |     |     |  2  |     |      ---  box line (thick), cell lines thin inside
//   +-----+=====+=====+=====+-----+
//   |     |  *  |  3  |  *  |     |      *  a box grid 3 shares with grid 1 (and with grid 2)
//   +=====+=====+-----+=====+=====+
//
// Its text (see above) is the board form of docs/formats.md: every position row by row, '-' where
// no grid covers it.
//
//   GridLook look;  look.givens = {&digits_font, 0.6, Color::black()};  look.solved = look.givens;
//   paint_grid(canvas, book_puzzle.puzzle, nullptr, {36, 72, 240, 240}, look);
#pragma once

#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset {

struct DigitLook {
  const Font* font = nullptr;
  double scale = 0.6;  // font size as a fraction of the cell side
  Color color = Color::black();
};

struct GridLook {
  double thin = 0.5;
  double thick = 1.5;
  double border = 2;
  double region = 0;  // between a jigsaw's regions; 0: as wide as the box lines
  Color line_color = Color::black();
  Color tint = {0.85, 0.85, 0.85};  // the cells of a variant's extra units
  double cage = 0;                  // Killer's dashed cage lines; 0: as wide as the thin lines
  double cage_sum = 0.24;           // cage sums' size as a fraction of the cell side (givens' font)
  DigitLook givens;
  DigitLook solved;
};

// The symbol printed for a value 1..25 ('.' for 0): 1-9, then the letters A-R without I and O,
// which a solver confuses with 1 and 0. The book file's letters (A-P, see geometry.hpp) are a
// storage format; this is what is printed, and what text extraction gives. Every size uses the
// same set, so a 16x16 grid prints 1-9 and A-G as the file spells them; only 25x25 differs, from
// value 18 (file I, printed J) on.
//   printed_symbol(10) == 'A';  printed_symbol(18) == 'J';  printed_symbol(25) == 'R'
char printed_symbol(int value);
// The symbols of a grid of `size` as the grid prints them, in `catalog`'s words: "1 to 9", "1 to 9
// and A to G", "1 to 9 and A to R (without I and O)" (the rules of a book, the web edition's page).
std::string printed_symbols_text(int size, const Catalog& catalog);

// Draws `puzzle`, or its `solution` (givens in the givens look, the rest in the solved look) when
// `solution` is not null. Precondition: the fonts of `look` are set.
void paint_grid(Canvas& canvas, const Grid& puzzle, const Grid* solution, const Rect& outer,
                const GridLook& look);

// The lines of a gattai board on its lattice (x = column, y = row, both 0..board extent): runs of
// unit edges of one weight merged along each lattice line. Every edge of a cell that exists lies
// in exactly one run of one weight, and no run covers an edge without a cell beside it.
struct LatticeRun {
  bool vertical = false;
  int line = 0;  // the column (vertical) or row (horizontal) of the lattice line
  int from = 0;  // first and one-past-last position along it
  int to = 0;
};
struct GattaiLines {
  std::vector<LatticeRun> thin;
  std::vector<LatticeRun> thick;   // box lines
  std::vector<LatticeRun> border;  // the grids' outlines
};
GattaiLines gattai_lines(const Geometry& board);

// The cells a side of the square a board is drawn in: size() for a single grid, the larger of a
// gattai board's rows and columns (21 for Samurai). The printed digit is a fraction of the side
// divided by this, so layouts and legibility checks size cells with it.
int cells_across(const Geometry& geometry);

}  // namespace sudoku::typeset
