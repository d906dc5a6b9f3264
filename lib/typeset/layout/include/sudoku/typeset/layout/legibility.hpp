// SPDX-License-Identifier: Apache-2.0
// Legible grids: the printed size of every grid's digits, measured from the page plan before
// anything is drawn, against the smallest size the template's print target allows.
//
// Contract: measure_legibility returns one entry per grid size and role (puzzle pages, solution
// pages) that the plan prints, in order of first appearance, each with the smallest digit size
// (the font size, points) any grid of that size and role prints at, the page where it does, and
// the minimum that holds for it (<print-target min-digit min-solution-digit>, else
// kDefaultMinimumDigit / kDefaultMinimumSolutionDigit); Killer puzzle grids also carry their cage
// sums' size and its minimum (min-cage-sum, else kDefaultMinimumCageSum), and their givens are the
// fifth smaller that grid_painter draws among cages. A gattai board is its own entry (per shape),
// its cells the grid side over its cells across (Samurai 21). The sizes are those
// render_pdf draws (grid side from grid_block.hpp's rule, cell = (side - border) / size, digit =
// the style's scale x cell). check_legibility throws InputError naming the book, the page, the
// measured size, the limit and the fix for the first entry under its minimum.
//
//   const PagePlan plan = plan_pages(book, page_template, true);
//   check_legibility(measure_legibility(book, page_template, plan), page_template, "book.json");
#pragma once

#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {

struct GridLegibility {
  PageRole role = PageRole::puzzles;  // puzzles or solutions
  int grid_size = 9;                  // cells a side (a gattai board: cells across, Samurai 21)
  std::string shape;                  // a gattai board's shape name ("samurai"); empty for one grid
  int page = 0;                       // a page where the smallest digits print
  double digit = 0;                   // smallest digit size on such grids, points
  double minimum = 0;                 // the limit for this role
  double cage_sum = 0;                // Killer puzzle grids: the smallest cage sum size; else 0
  double cage_minimum = 0;            // and its limit
  const Master* master = nullptr;     // the arrangement of that page

  bool digits_pass() const { return digit >= minimum - 1e-9; }
  bool cage_sums_pass() const { return cage_sum <= 0 || cage_sum >= cage_minimum - 1e-9; }
  bool pass() const { return digits_pass() && cage_sums_pass(); }
};

std::vector<GridLegibility> measure_legibility(const Book& book, const Template& page_template,
                                               const PagePlan& plan);

// What the entry measures, for reports: "9x9", or a gattai board's "samurai (21x21)".
std::string board_name(const GridLegibility& entry);

// One line: what is too small, where, and what to change.
std::string legibility_problem(const GridLegibility& entry, const Template& page_template);

void check_legibility(const std::vector<GridLegibility>& entries, const Template& page_template,
                      const std::string& book_source);

}  // namespace sudoku::typeset
