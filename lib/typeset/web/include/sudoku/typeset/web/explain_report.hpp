// SPDX-License-Identifier: Apache-2.0
// The editor's report as HTML (corpus-rate --explain --format html -o DIR): one page per puzzle
// with its grade and its whole solving path, a step picture (SVG) for each chosen step beside its
// evidence, and an index of the puzzles; keyboard navigable (j / k or n / p move between steps,
// each step is a focusable section with a heading; the pages link each other).
//
//   DIR/index.html        every puzzle: its source (file:line), grade, hardest technique, steps
//   DIR/<n>.html          one puzzle (n = its place in the run, 1-based)
//
// Contract: pure: the files' names and bytes, the same for the same reports (pictures are rendered
// by render_step_pictures, which is deterministic). Every page stands alone (the pictures are
// data: URIs; no script or style is fetched). `choice` picks the pictured steps as
// --pictures does (the hardest, or every step beyond singles); every step is listed with its
// evidence either way. Every word is in `catalog`'s language (corpus-rate --lang): the report's own
// words (context "report", report_messages()), the units' as the hints name them, the techniques'
// and levels' as the books do, decimals with the language's decimal sign; the step lines
// (corpus-rate's text notation) stay as the text report prints them. Errors: std::runtime_error
// when Cairo fails (render_step_pictures).
//
//   const auto files = sudoku::typeset::explain_report(puzzles, fonts, StepChoice::hardest, catalog);
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique.hpp"
#include "sudoku/typeset/draw/plot.hpp"
#include "sudoku/typeset/draw/step_picture.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/web/web_edition.hpp"

namespace sudoku::typeset {

struct ExplainedPuzzle {
  std::string source;                   // "top95.txt:3"
  std::shared_ptr<const Grid> puzzle;   // the givens and the board's rules
  std::vector<TechniqueStep> steps;     // graded in explain mode, in order
  std::vector<std::string> step_lines;  // corpus-rate's text of each step ("1.2  r4c7=5  hidden single ...")
  std::optional<double> grade;          // the technique grade; none beyond the ladder
  std::string hardest;                  // the hardest technique's name
  std::string level;                    // the level the calibration gives, if any
};

std::vector<WebFile> explain_report(const std::vector<ExplainedPuzzle>& puzzles, const PlotFonts& fonts,
                                    StepChoice choice, const Catalog& catalog);

// The report's own messages (context "report"), in English: every shipped catalogue translates them.
std::vector<std::string> report_messages();

}  // namespace sudoku::typeset
