// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/layout/legibility.hpp"

#include <algorithm>
#include <cstdio>

#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/grid_block.hpp"

namespace sudoku::typeset {
namespace {

std::string points(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f pt", value);
  return text;
}

std::string size_name(int size) {
  return std::to_string(size) + "x" + std::to_string(size);
}

}  // namespace

std::string board_name(const GridLegibility& entry) {
  return entry.shape.empty() ? size_name(entry.grid_size) : entry.shape + " (" + size_name(entry.grid_size) + ")";
}

std::vector<GridLegibility> measure_legibility(const Book& book, const Template& page_template,
                                               const PagePlan& plan) {
  const PrintTarget* target = page_template.print_target ? &*page_template.print_target : nullptr;
  const double puzzle_minimum = target ? target->min_digit : kDefaultMinimumDigit;
  const double solution_minimum = target ? target->min_solution_digit : kDefaultMinimumSolutionDigit;
  const double cage_minimum = target ? target->min_cage_sum : kDefaultMinimumCageSum;
  std::vector<GridLegibility> entries;
  for (const PlannedPage& page : plan.pages) {
    if (page.role != PageRole::puzzles && page.role != PageRole::solutions) continue;
    const Master& master = *page.master;
    // As draw_slot sizes them: a page with a rule line or a tip under one grid gives every grid
    // its room.
    const double side = detail::grid_side(master, detail::under_grids(master, book, plan.tipped, page.slots, page.role));
    for (const SlotContent& slot : page.slots) {
      const Grid& puzzle = book.chapters[slot.chapter].puzzles[slot.puzzle].puzzle;
      const Geometry& geometry = puzzle.geometry();
      const int across = cells_across(geometry);
      const std::string shape = geometry.is_gattai() ? geometry.gattai_shape()->name : std::string();
      const double cell = (side - master.grid.border) / across;
      double digit = 0;
      double cage_sum = 0;
      if (page.role == PageRole::puzzles) {
        // Among cages the givens are a fifth smaller (grid_painter.cpp).
        const bool killer = !geometry.cages().empty();
        digit = (killer ? 0.8 : 1.0) * master.grid.givens.scale * cell;
        if (killer) cage_sum = master.grid.cage_sum * cell;
      } else {
        digit = std::min(master.grid.givens.scale, master.grid.solved.scale) * cell;
      }
      auto entry = std::find_if(entries.begin(), entries.end(), [&](const GridLegibility& each) {
        return each.role == page.role && each.grid_size == across && each.shape == shape;
      });
      if (entry == entries.end()) {
        GridLegibility added;
        added.role = page.role;
        added.grid_size = across;
        added.shape = shape;
        added.page = page.number;
        added.digit = digit;
        added.minimum = page.role == PageRole::puzzles ? puzzle_minimum : solution_minimum;
        added.cage_sum = cage_sum;
        added.cage_minimum = cage_minimum;
        added.master = &master;
        entries.push_back(added);
        continue;
      }
      // The page reported is the one with the worst of the two measures that fail (else digits).
      const bool smaller_digit = digit < entry->digit - 1e-9;
      const bool smaller_sum = cage_sum > 0 && (entry->cage_sum <= 0 || cage_sum < entry->cage_sum - 1e-9);
      if (smaller_digit) entry->digit = digit;
      if (smaller_sum) entry->cage_sum = cage_sum;
      if (smaller_digit || smaller_sum) {
        entry->page = page.number;
        entry->master = &master;
      }
    }
  }
  return entries;
}

std::string legibility_problem(const GridLegibility& entry, const Template& page_template) {
  const bool puzzles = entry.role == PageRole::puzzles;
  const bool sums = entry.digits_pass();  // the cage sums are what fails
  const std::string what =
      board_name(entry) + (puzzles ? " puzzle" : " solution") + (sums ? " cage sums" : " digits");
  std::string limit = "the " + points(sums ? entry.cage_minimum : entry.minimum) + " minimum";
  if (page_template.print_target)
    limit += " of " + page_template.print_target->name + " (" + page_template.source + ":" +
             std::to_string(page_template.print_target->line) + ")";
  const Master& master = entry.master != nullptr
                             ? *entry.master
                             : (puzzles ? page_template.puzzle_page : page_template.solution_page);
  const std::string master_name = puzzles ? "puzzle" : "solution";
  // The fix that is the fix: fewer slots when the page has several, else a larger page.
  std::string fix;
  if (master.slots() > 1)
    fix = "give the " + master_name + " master a <grid-size from=\"" + std::to_string(entry.grid_size) +
          "\"> with fewer columns or rows (" + std::to_string(master.columns) + " x " +
          std::to_string(master.rows) + " now), so the grids print larger";
  else if (master.max_grid > 0)
    fix = "raise the " + master_name + " master's max-grid for " + board_name(entry) + " grids";
  else
    fix = "one grid to a page is already the largest this page prints; leave the " + board_name(entry) +
          " chapters out of the plan, or use a template with a larger page";
  return "page " + std::to_string(entry.page) + ": " + what + " print at " +
         points(sums ? entry.cage_sum : entry.digit) + ", under " + limit + ": " + fix;
}

void check_legibility(const std::vector<GridLegibility>& entries, const Template& page_template,
                      const std::string& book_source) {
  for (const GridLegibility& entry : entries)
    if (!entry.pass()) throw InputError(book_source, 0, 0, legibility_problem(entry, page_template));
}

}  // namespace sudoku::typeset
