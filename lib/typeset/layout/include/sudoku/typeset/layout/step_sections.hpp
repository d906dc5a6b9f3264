// SPDX-License-Identifier: Apache-2.0
// The pages of worked steps (book_hints.hpp): the how-to-solve chapter and the hints section, laid
// out as blocks of a heading, a few lines of text and the step's picture, `per_page` blocks a page
// stacked down the type area. Internal to typeset: layout draws and counts them, the output part's
// split files reuse them (a header of the layout part for that reason, not an API for users).
//
// Contract: a section's master is the template's solution master (its page, margins, running
// foot and page label) with the section's title as its running head; blocks_per_page follows from
// its type area and the TeachingType alone, so the page plan is known before anything is drawn.
// The type is the template's: its text family (the rules page's faces), its grid digits, sized
// for its print target (min-text, min-candidate, min-cage-sum: large print grows everything).
// Where the type area is wide enough the picture stands left of its words (two blocks to a letter
// page), else under them:
//
//   side by side                          stacked
//   +-----------+  Heading                Heading
//   |  picture  |  words, words,          words, words, words, words
//   |           |  words ...              +-----------+
//   +-----------+                         |  picture  |
//                                         +-----------+
//
// The picture takes the room the words leave (at most the type area's width and 4.5 in, or the
// minimum when that is more), never under min_side(): below it the candidates would print under
// the target's min-candidate (StepPages::sizes says what prints; preflight reports it and the
// render refuses a page that cannot keep it).
//
//   const TeachingType type = detail::teaching_type(page_template, 9);
//   const Master hints = detail::section_master(page_template, catalog.text("hints", "Hints"));
//   detail::draw_step_blocks(canvas, content, blocks, detail::blocks_per_page(hints, false, type), fonts, type, "en");
#pragma once

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/typeset/draw/plot.hpp"
#include "sudoku/typeset/draw/step_picture.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset::detail {

// The words and pictures of the teaching pages, from the template (teaching_type).
struct TeachingType {
  std::string text_font;     // the rules page's text face (a template font name)
  std::string heading_font;  // its heading's face
  std::string digit_font;    // the grid's solved digits: candidates and placed values
  std::string given_font;    // the grid's givens
  double text_size = 9.5;    // points: 9.5, or the print target's min-text when larger
  double heading_size = 12;  // in proportion
  double min_mark = 6;       // the print target's min-candidate
  double min_cage_sum = 6;   // and min-cage-sum
  int grid_size = 9;         // the largest grid a picture shows

  // The picture side that prints candidates at min_mark.
  double min_side() const;
  // Room for the words beside a picture (a column of 16 ems, some 30 characters a line).
  double column() const { return 16 * text_size; }
  bool side_by_side(double content_width) const;
  // The largest picture: 4.5 in, or min_side() when more.
  double largest_side() const;
};
TeachingType teaching_type(const Template& page_template, int grid_size);

struct StepBlock {
  std::string heading;             // bold: "Puzzle 12, page 34", "Pointing"
  std::vector<std::string> lines;  // each a paragraph of its own, wrapped to the type area
  const BookStep* step = nullptr;  // the picture's step
};

// A literal text as a template pattern (braces doubled), for words composed from the book.
TextPattern literal(const std::string& text);

Master section_master(const Template& page_template, const std::string& title);

// How many blocks a page of `master` holds: examples reserve more room for their text.
int blocks_per_page(const Master& master, bool examples, const TeachingType& type);
// The smallest picture side a block of such a page can be left with (the words take their
// reserved room): the candidates print at no less than teaching_mark_size of it.
double guaranteed_side(const Master& master, bool examples, const TeachingType& type);

// What a teaching section prints at its smallest, against the print target's minimums.
struct TeachingSizes {
  std::string section;  // "how-to-solve", "hints", or "tips" (the hints as a line under the grids)
  double text = 0;      // points
  double min_text = 0;  // the target's min-text (0: none)
  double mark = 0;      // candidates, at the smallest picture a block can be left with
  double min_mark = 0;
  bool pass() const { return text >= min_text - 1e-9 && mark >= min_mark - 1e-9; }
  // "the how-to-solve pages' candidates print at 2.1 pt, under the 6 pt minimum of T (file:line):
  // FIX"; empty when it passes.
  std::string problem(const Template& page_template) const;
};

// The faces of the teaching pages: the words' (regular, bold) and the picture's (TeachingStyle).
struct TeachingFonts {
  PlotFonts text;
  TeachingStyle board;
};

// The blocks of one page inside `content` (the type area); `per_page` sets their height.
void draw_step_blocks(Canvas& canvas, const Rect& content, std::span<const StepBlock> blocks, int per_page,
                      const TeachingFonts& fonts, const TeachingType& type, std::string_view language);

// The how-to-solve chapter and the hints (typeset --how-to-solve, --hints): the steps, the
// sections' masters (the solution master's page with the section's running head) and how the page
// plan places them. With a template whose puzzle master has a <tip>, the hints are tips under the
// grids of the tip's levels instead of a section. typeset.cpp and split.cpp draw them;
// preflight.cpp counts their pages and the grids' room the same way.
struct StepPages {
  BookHints steps;
  Master how_to_solve;
  Master hints;
  TeachingType type;
  StepSections sections;
  std::size_t puzzles = 0;  // in the book

  // The steps graded before layout (TypesetOptions::steps): layout never runs the grader.
  static const BookHints& graded_steps(const TypesetOptions& options) {
    if (!options.steps)
      throw std::invalid_argument(
          "the hints and the how-to-solve chapter need the book's steps graded before layout "
          "(TypesetOptions::steps: find_book_hints)");
    return *options.steps;
  }

  StepPages(const Book& book, const TypesetOptions& options)
      : steps(graded_steps(options)), puzzles(book.puzzle_count()) {
    if (!options.hints) steps.hints.clear();
    for (const BookStep& hint : steps.hints) {
      sections.hinted.push_back(hint.number);
      levels_.push_back(book.chapters[hint.chapter].puzzles[hint.puzzle].level);
    }
  }

  // The sections this book prints, each measured (typeset refuses, preflight reports).
  std::vector<TeachingSizes> sizes() const {
    std::vector<TeachingSizes> measured;
    for (const auto& [master, examples] : {std::pair{sections.how_to_solve, true}, std::pair{sections.hints, false}})
      if (master != nullptr)
        measured.push_back({examples ? "how-to-solve" : "hints", type.text_size, min_text_,
                            std::max(0.0, teaching_mark_size(guaranteed_side(*master, examples, type), type.grid_size)),
                            type.min_mark});
    // Tips under the grids (pages and --split files alike): their text as small as it may shrink.
    if (!sections.tipped.empty() && tip_size_ > 0 && min_text_ > 0)
      measured.push_back({"tips", tip_size_, min_text_, type.min_mark, type.min_mark});
    return measured;
  }

  // By puzzle number - 1: the grid has a tip under it (PagePlan::tipped).
  std::vector<bool> tipped() const {
    std::vector<bool> marks(sections.tipped.empty() ? 0 : puzzles, false);
    for (const int number : sections.tipped) marks[static_cast<std::size_t>(number - 1)] = true;
    return marks;
  }

  // The masters from `page_template` (the shipped one for the page count, then the one with the
  // printer's gutter), in its language.
  void use(const Template& page_template) {
    static const Catalog kEnglish;
    const Catalog& language = page_template.language ? *page_template.language : kEnglish;
    how_to_solve = section_master(page_template, language.text("hints", "How to solve"));
    hints = section_master(page_template, language.text("hints", "Hints"));
    int grid_size = 0;
    for (const auto* list : {&steps.examples, &steps.hints})
      for (const BookStep& step : *list) grid_size = std::max(grid_size, step.grid->geometry().size());
    type = teaching_type(page_template, grid_size == 0 ? 9 : grid_size);
    min_text_ = page_template.print_target ? page_template.print_target->min_text : 0;
    if (const std::optional<TipLine>& line = page_template.puzzle_page.tip)
      tip_size_ = line->text.style.min_size > 0 ? line->text.style.min_size : line->text.style.size;
    sections.how_to_solve = steps.examples.empty() ? nullptr : &how_to_solve;
    sections.examples = steps.examples.size();
    sections.examples_per_page = blocks_per_page(how_to_solve, true, type);
    const std::optional<TipLine>& tip = page_template.puzzle_page.tip;
    sections.hints = steps.hints.empty() || tip ? nullptr : &hints;
    sections.hints_per_page = blocks_per_page(hints, false, type);
    sections.tipped.clear();
    if (tip)
      for (std::size_t i = 0; i < steps.hints.size(); ++i)
        if (tip->for_level(levels_[i])) sections.tipped.push_back(steps.hints[i].number);
  }

 private:
  std::vector<std::string> levels_;  // of each hint's puzzle
  double min_text_ = 0;
  double tip_size_ = 0;
};

}  // namespace sudoku::typeset::detail
