// Pictures of a step: the grid as the solver had it when the step was found — values, pencil marks
// — with the step's evidence drawn on it (evidence.hpp): the pattern's houses shaded lightly, its
// cells shaded, its candidates on grey discs, the cover houses outlined, eliminated candidates
// struck, placements ringed, chain links as arrows (strong solid, weak dashed), the cages a Killer
// step reads outlined. Black and one grey only, for print; a caption names the step.
//
// Contract: drawn from the evidence and the board alone, never from the step's sentence (which is
// only printed as the caption). Sized for a page (a 6 in grid) or a quarter page (3.5 in); the
// picture's height follows from the caption's lines. Givens bold, values placed by earlier steps
// regular. A PDF holds one picture a page; SVG and PNG hold one picture. Deterministic: the same
// pictures give the same bytes (a PDF has no date unless pdf_date is set). Errors: InputError for
// an unknown extension, FontNotFound when no sans-serif family is installed, IoError when the file
// cannot be written; nothing is written unless every picture rendered.
//
//   sudoku::typeset::FontLibrary library;
//   sudoku::typeset::write_step_pictures("step.pdf", {picture}, find_plot_fonts(library), {});
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique.hpp"
#include "sudoku/typeset/canvas.hpp"
#include "sudoku/typeset/plot.hpp"

namespace sudoku::typeset {

enum class StepPictureSize { page, quarter };

struct StepPicture {
  std::shared_ptr<const Grid> puzzle;  // the givens and the board's rules (cages, regions)
  PencilBoard board;                   // the board the step was found on (step_boards)
  TechniqueStep step;
  std::string title;  // the caption's first line, e.g. "top95.txt:3, step 41 of 60"
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
// The board alone, `side` points square with its top left corner at `top_left` on `cairo`: the
// same drawing of the evidence without background, margin or caption, with print line weights
// (0.5 pt and up), for a page that sets its own text around it (a book's hints, typeset_hints.hpp).
void draw_step_board(cairo_t* cairo, const StepPicture& picture, const PlotFonts& fonts, Point top_left,
                     double side);
// Renders in the format of the path's extension and replaces the file atomically.
void write_step_pictures(const std::string& path, const std::vector<StepPicture>& pictures,
                         const PlotFonts& fonts, const StepPictureOptions& options);

}  // namespace sudoku::typeset
