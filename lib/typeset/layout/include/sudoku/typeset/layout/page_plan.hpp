// SPDX-License-Identifier: Apache-2.0
// Page plan: which page holds what, decided before anything is drawn, so that every page can print
// forward references ("Solution on page 57") and the page count.
//
// Contract: pages are numbered from 1 in document order. The plan is: for a book with front matter
// (Book::front), the half-title page; the title page (when the template has a title master); for a
// book with front matter, the copyright page, and the dedication and introduction pages when it
// gives their texts (each only when the template has its master); the "How to play" page and the contents pages (when it has those: as
// many contents pages as its list needs, one row per chapter with puzzles and one for the solutions,
// Entries::rows_per_page rows a page; the chapters' page numbers count them), then per chapter
// its chapter page (when there is a chapter master) and its puzzles, filling the puzzle master's slots row by
// row (every chapter starts a new page, unless the puzzle master's flow is continuous: then it fills on from
// where the last one ended); then, when solutions are included, every solution in puzzle order filling the
// solution master's slots. A master with start="recto" begins on an odd page; a blank page is inserted when
// needed. Puzzles are numbered 1..N across the whole book. plan_pages reports no errors (the book and
// template were checked when loaded); its pages point at the template's masters, so the plan must not
// outlive the template.
//
//   const sudoku::typeset::PagePlan plan = sudoku::typeset::plan_pages(book, page_template, true);
//   const int page = plan.solution_page[number - 1];  // "Solution on page {solution_page}"
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {

enum class PageRole {
  title,
  how_to_play,
  contents,
  chapter,
  puzzles,
  solutions,
  blank,
  how_to_solve,
  hints,
  half_title,
  copyright,
  dedication,
  introduction
};

struct SlotContent {
  std::size_t chapter = 0;  // index into Book::chapters
  std::size_t puzzle = 0;   // index into that chapter's puzzles
  int number = 0;           // 1-based puzzle number in the book
};

struct PlannedPage {
  PageRole role = PageRole::blank;
  const Master* master = nullptr;  // for a blank page, the master of the page that follows it
  int number = 0;                  // physical page number, 1-based
  std::optional<std::size_t> chapter;
  std::vector<SlotContent> slots;
  // A contents page: the rows it lists, [first_entry, first_entry + entry_count) of the book's
  // contents rows (see contents_rows); first_entry > 0 on a continuation page. A how-to-solve or
  // hints page: the examples or hints it holds, the same way (indices into StepSections' lists).
  std::size_t first_entry = 0;
  std::size_t entry_count = 0;

  bool recto() const { return number % 2 == 1; }
};

struct PagePlan {
  std::vector<PlannedPage> pages;
  std::vector<int> puzzle_page;                  // by puzzle number - 1
  std::vector<int> solution_page;                // by puzzle number - 1; empty without solutions
  std::vector<int> chapter_first_page;           // by chapter
  std::vector<int> chapter_first_solution_page;  // by chapter; 0 for an empty chapter
  int first_solution_page = 0;                   // 0 without solutions
  std::vector<int> hint_page;                    // by puzzle number - 1, 0 for none; empty without hints
  int first_hint_page = 0;                       // 0 without hints
  int first_how_to_solve_page = 0;               // 0 without the chapter
  // By puzzle number - 1: a tip is printed under the grid (StepSections::tipped); empty without.
  std::vector<bool> tipped;
};

// The optional sections of worked steps (typeset --how-to-solve and --hints, book_hints.hpp): the
// how-to-solve chapter after the contents (before the first chapter) and the hints after the
// puzzles (before the solutions), each opening on a right-hand page when its master says so, with
// `per_page` blocks a page. `hinted` holds the numbers (1-based) of the puzzles with a hint, in
// order. With a template whose puzzle master has a <tip>, the hints are told as tips under the
// grids instead: `tipped` holds the numbers of the puzzles that get one, and there is no hints
// section (`hints` is null).
struct StepSections {
  const Master* how_to_solve = nullptr;
  std::size_t examples = 0;
  int examples_per_page = 1;
  const Master* hints = nullptr;
  std::vector<int> hinted;
  int hints_per_page = 1;
  std::vector<int> tipped;
};

PagePlan plan_pages(const Book& book, const Template& page_template, bool with_solutions,
                    const StepSections* sections = nullptr);

// The chapters listed on the contents pages, in order: those with puzzles (an empty chapter has no
// page to point at). The solutions' row, when solutions are printed, follows them.
std::vector<std::size_t> contents_rows(const Book& book);

}  // namespace sudoku::typeset
