// SPDX-License-Identifier: Apache-2.0
// Gattai: Samurai and its cousins — several 9x9 grids on one board, overlapping in whole boxes.
//
// Contract: a shape is data (GattaiShape in geometry.hpp: a board and the origins of its grids);
// Geometry::gattai builds the board's units from it (every grid's rows, columns and boxes, a shared
// box once), so the solvers and the grader need nothing per shape. Six shapes ship; a box at a
// time (digit: the one grid covering it, '*': shared, '.': no cell), Samurai and Sohei are
//
//   samurai 21x21 (origins 0,0 0,12 6,6 12,0 12,12)    sohei 21x21 (origins 0,6 6,0 6,12 12,6)
//     111.222                                             ..111..
//     111.222                                             ..111..
//     11*3*22                                             22*1*33
//     ..333..                                             222.333
//     44*3*55                                             22*4*33
//     444.555                                             ..444..
//     444.555                                             ..444..
//
// and twin, butterfly, flower and windmill are drawn in docs/formats.md. Grids are numbered in the
// order of their origins, which the shipped shapes list in reading order.
//
// The text form of a puzzle or solution is one line: either the board's rows*cols positions row
// by row ('-' where no grid covers the position, '.' or '0' blank, 1-9 a value), or the grids'
// 81 cells one grid after another (a shared cell written once per grid, the copies agreeing).
//
//   auto board = sudoku::Geometry::gattai(*sudoku::gattai_shape_named("samurai"));
//   sudoku::Grid puzzle = sudoku::parse_gattai_line(line, board);  // throws GattaiLineError
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/canonical.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// The shipped shapes: samurai, twin, butterfly, flower, sohei, windmill.
std::span<const GattaiShape> shipped_gattai_shapes();
// A shipped shape by name, or nullopt.
std::optional<GattaiShape> gattai_shape_named(std::string_view name);
// "samurai, twin, butterfly, flower, sohei, windmill", for messages.
std::string gattai_shape_names();

// Throws std::invalid_argument naming the first fault: a board larger than 25x25 or smaller than a
// grid, fewer than two grids, an origin off the box boundaries (rows and columns multiples of 3)
// or a grid reaching off the board, two grids at one origin, grids not joined by shared boxes.
void check_gattai_shape(const GattaiShape& shape);

// A shape given by hand, "ROWSxCOLS R,C R,C ..." (origins 0-based, at least two), e.g. the twin
// "15x15 0,0 6,6"; or a shipped shape's name. Throws std::invalid_argument naming the fault.
GattaiShape parse_gattai_shape(std::string_view text);
// The hand form of a shape, "21x21 0,0 0,12 6,6 12,0 12,12"; parse_gattai_shape reads it back.
std::string gattai_shape_text(const GattaiShape& shape);

// The cells of grid `grid` (0-based) of a gattai board, its 81 cells row-major within the grid.
std::vector<int> gattai_grid_cells(const Geometry& board, int grid);
// The board of one 9x9 grid's values: grid `grid`'s cells of `board_values` on a standard 9x9.
Grid gattai_grid(const Grid& board_values, int grid);

// A unit's name as a reader finds it: "grid 3, row 4", "grid 1, column 9", and a shared box as
// "grid 1, box 9 (grid 3, box 1)". Grid, row, column and box count from 1.
std::string gattai_unit_name(const Geometry& board, int unit);

// The board's symmetries: the turns and reflections of the board (of the square's eight, those a
// rows x cols board has) that map every cell to a cell and every unit to a unit, each as a cell map
// (image[cell]), the identity first. Samurai, Sohei, Butterfly and Flower have all eight, Windmill
// the four turns, Twin the half turn and the two diagonal reflections.
std::vector<std::vector<int>> gattai_symmetries(const Geometry& board);

// The canonical form of a gattai puzzle, up to the board's symmetries and relabelling the values:
// the least image (cells in order, blanks first, values relabelled in order of first appearance).
// The key is the shape's name ("samurai", or "custom" and the shape's hand form) and that image's
// cells as one line. canonical_form calls this; the form's transform is left unset (the single
// grid's transforms do not act on a gattai board), and exact is true.
CanonicalForm gattai_canonical_form(const Grid& puzzle);

// A malformed puzzle line: the 1-based column within the text given, and what was expected.
struct GattaiLineError {
  int column = 0;
  std::string message;
};
// Reads one line (without its label) in either text form. Throws GattaiLineError.
Grid parse_gattai_line(std::string_view symbols, const std::shared_ptr<const Geometry>& board);
// The board form: rows*cols symbols, '-' for no cell, '.' for a blank.
std::string to_gattai_line(const Grid& grid);
// The grid form: each grid's 81 symbols in turn.
std::string to_gattai_grids_line(const Grid& grid);
// A picture for people: the board's rows, a space between cells, "  " where there is no cell.
std::string to_gattai_text(const Grid& grid);

}  // namespace sudoku
