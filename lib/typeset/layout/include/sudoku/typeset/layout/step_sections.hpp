// SPDX-License-Identifier: Apache-2.0
// The pages of worked steps (book_hints.hpp): the how-to-solve chapter and the hints section, laid
// out as blocks of a heading, a few lines of text and the step's picture, `per_page` blocks a page
// stacked down the type area. Internal to typeset: layout draws and counts them, the output part's
// split files reuse them (a header of the layout part for that reason, not an API for users).
//
// Contract: a section's master is the template's solution master (its page, margins, running
// foot and page label) with the section's title as its running head; blocks_per_page follows from
// its type area alone, so the page plan is known before anything is drawn. The picture takes the
// room the text leaves (at most the type area's width and 4.5 in), never under kMinimumPicture:
// below that the pencil marks would print under 5 pt.
//
//   const Master hints = detail::section_master(page_template, catalog.text("hints", "Hints"));
//   detail::draw_step_blocks(canvas, content, blocks, detail::blocks_per_page(hints, false), fonts, "en");
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/typeset/draw/plot.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset::detail {

inline constexpr double kMinimumPicture = 220;  // points: 9 x 9 pencil marks of 5 pt and more

struct StepBlock {
  std::string heading;             // bold: "Puzzle 12, page 34", "Pointing"
  std::vector<std::string> lines;  // each a paragraph of its own, wrapped to the type area
  const BookStep* step = nullptr;  // the picture's step
};

// A literal text as a template pattern (braces doubled), for words composed from the book.
TextPattern literal(const std::string& text);

Master section_master(const Template& page_template, const std::string& title);

// How many blocks a page of `master` holds: examples reserve more room for their text.
int blocks_per_page(const Master& master, bool examples);

// The blocks of one page inside `content` (the type area); `per_page` sets their height.
void draw_step_blocks(Canvas& canvas, const Rect& content, std::span<const StepBlock> blocks, int per_page,
                      const PlotFonts& fonts, std::string_view language);

// The how-to-solve chapter and the hints (typeset --how-to-solve, --hints): the steps, the
// sections' masters (the solution master's page with the section's running head) and how the page
// plan places them. With a template whose puzzle master has a <tip>, the hints are tips under the
// grids of the tip's levels instead of a section. typeset.cpp and split.cpp draw them;
// preflight.cpp counts their pages and the grids' room the same way.
struct StepPages {
  BookHints steps;
  Master how_to_solve;
  Master hints;
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
    sections.how_to_solve = steps.examples.empty() ? nullptr : &how_to_solve;
    sections.examples = steps.examples.size();
    sections.examples_per_page = blocks_per_page(how_to_solve, true);
    const std::optional<TipLine>& tip = page_template.puzzle_page.tip;
    sections.hints = steps.hints.empty() || tip ? nullptr : &hints;
    sections.hints_per_page = blocks_per_page(hints, false);
    sections.tipped.clear();
    if (tip)
      for (std::size_t i = 0; i < steps.hints.size(); ++i)
        if (tip->for_level(levels_[i])) sections.tipped.push_back(steps.hints[i].number);
  }

 private:
  std::vector<std::string> levels_;  // of each hint's puzzle
};

}  // namespace sudoku::typeset::detail
