// SPDX-License-Identifier: Apache-2.0
// Pictures of a step: the grid as the solver had it when the step was found — values, pencil marks
// — with the step's evidence drawn on it (evidence.hpp): the pattern's houses shaded lightly, its
// cells shaded, its candidates on grey discs, the cover houses outlined, eliminated candidates
// struck, placements ringed, chain links as arrows (strong solid, weak dashed), the cages a Killer
// step reads outlined. Black and one grey only, for print; a caption names the step.
//
// A book's teaching pages draw the board for a learner instead (draw_step_board, TeachingStyle):
// only the candidates the step uses, nothing printed over anything else.
//
// Contract: drawn from the evidence and the board alone, never from the step's sentence (which is
// only printed as the caption). Sized for a page (a 6 in grid) or a quarter page (3.5 in); the
// picture's height follows from the caption's lines. Givens bold, values placed by earlier steps
// regular. A PDF holds one picture a page; SVG and PNG hold one picture. Deterministic: the same
// pictures give the same bytes (a PDF has no date unless pdf_date is set). Errors: FontNotFound
// when no sans-serif family is installed, IoError when a file cannot be written; nothing is written
// unless every picture rendered.
//
//   sudoku::typeset::FontLibrary library;
//   sudoku::typeset::write_step_pictures("step.pdf", PlotFormat::pdf, {picture}, find_plot_fonts(library), {});
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique.hpp"
#include "sudoku/typeset/draw/plot.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset {

enum class StepPictureSize { page, quarter };

struct StepPicture {
  std::shared_ptr<const Grid> puzzle;  // the givens and the board's rules (cages, regions)
  PencilBoard board;                   // the board the step was found on (step_boards)
  TechniqueStep step;
  std::string title;  // the caption's first line, e.g. "top95.txt:3, step 41 of 60"
  std::size_t index = 0;  // the step's place in its path, 0-based (choose_step_pictures)
};

struct StepPictureOptions {
  StepPictureSize size = StepPictureSize::page;
  std::optional<std::int64_t> pdf_date;  // PDF creation date, Unix seconds; none by default
};

// "page" or "quarter"; nullopt otherwise.
std::optional<StepPictureSize> parse_step_picture_size(const std::string& name);

// The complete file contents. Throws std::invalid_argument for no pictures, or several for SVG
// and PNG, and std::runtime_error when Cairo fails.
std::string render_step_pictures(const std::vector<StepPicture>& pictures, const PlotFonts& fonts,
                                 PlotFormat format, const StepPictureOptions& options);
// How a book's teaching page draws a step (draw_step_board): for a learner, not an analyst.
//
//   - only the candidates the step uses are printed: the pattern's (on discs), the removed ones
//     (struck), a chain's; the other candidates of those cells are faded grey, every other
//     cell's are left out;
//   - candidates keep clear of the cell's edges (a cover house's frame runs on the grid lines, a
//     cage's dashed line inside them) and, in a cell with a cage sum, of the sum;
//   - cage sums are never under min_cage_sum and sit on white, the candidates below them;
//   - the houses the pattern lives in are tinted, its cells a shade darker; placements ringed.
//
// A candidate prints at teaching_mark_size(side, n) points; teaching_side(size, n) is the board
// side that prints them at `size`, so a page can be sized for a print target's minimum.
struct TeachingStyle {
  PlotFonts digits;           // givens bold, candidates and placed values regular
  double min_cage_sum = 6;    // points
};
double teaching_mark_size(double side, int grid_size);
double teaching_side(double mark_size, int grid_size);

// The board alone, `side` points square with its top left corner at `top_left` on `cairo`: the
// same drawing of the evidence without background, margin or caption, with print line weights
// (0.5 pt and up), for a page that sets its own text around it (a book's hints, step_sections.hpp),
// drawn for a learner (TeachingStyle).
void draw_step_board(cairo_t* cairo, const StepPicture& picture, const TeachingStyle& style, Point top_left,
                     double side);
// Why a naked single's cell holds one candidate: for each other value, the first cell of the
// step's houses (evidence.units, the cell's row, column, box and any other house) that holds it on
// the board, in value order. The picture rings these values: together they empty the cell. A value
// an earlier step removed by elimination has no such cell. Empty for any other technique.
std::vector<CellValue> emptying_values(const Geometry& geometry, const PencilBoard& board, const TechniqueStep& step);

// Which steps of a solving path get a picture: its hardest (the first step of the highest score),
// or every step but the singles (single.hpp).
enum class StepChoice { hardest, beyond_singles };

// The pictures of one path: `steps` as graded on `puzzle` (explain mode, in order), each on the
// board it was found on, captioned "<source>, step 41 of 60". None for an empty path.
std::vector<StepPicture> choose_step_pictures(const std::shared_ptr<const Grid>& puzzle,
                                              const std::vector<TechniqueStep>& steps, const std::string& source,
                                              StepChoice choice);

// `path` for the `index`-th (0-based) of several one-picture files: the path itself for the first,
// then a number before the extension: FILE-2.svg, FILE-3.svg, ...
std::string numbered_path(const std::string& path, std::size_t index);

// Writes `pictures` as `format` (corpus-rate --explain -f pdf|svg): a PDF holds them all, a page
// each, in `path`; SVG and PNG hold one picture a file, named by numbered_path. Every file is
// rendered before any is written, and each is replaced atomically (IoError).
void write_step_pictures(const std::string& path, PlotFormat format, const std::vector<StepPicture>& pictures,
                         const PlotFonts& fonts, const StepPictureOptions& options);

}  // namespace sudoku::typeset
