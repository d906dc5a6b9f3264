// SPDX-License-Identifier: Apache-2.0
// The book's sentences: everything a page says about the book that is composed from the book itself
// rather than written in the template — the values of the text variables ({title}, {size},
// {symbols}, {rules}, {blurb}, {subtitle}, {level}, {kind}, {number}, page references...), in the
// template's language. Kept apart from the drawing (typeset.cpp's BookRenderer), which only places
// and draws what these functions say.
//
// Contract: pure functions of the book, the template (its language and captions) and the page
// plan (solution, puzzle and hint page numbers); no drawing, no fonts. Every message they use is
// listed in composed_messages() (catalog.hpp), so every catalogue translates them.
//
//   const BookText text(book, page_template, plan);
//   const TextValues values = text.slot_values(text.page_values(page), slot, PageRole::puzzles);
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/template/text_pattern.hpp"

namespace sudoku::typeset {

class BookText {
 public:
  // `book`, `page_template` and `plan` must outlive the text.
  BookText(const Book& book, const Template& page_template, const PagePlan& plan);

  // Title, author, the first grid's size, box and symbols, rules, blurb and subtitle.
  const TextValues& book_values() const { return book_values_; }
  // The number of each chapter's first puzzle (its place in the book), by chapter.
  const std::vector<int>& chapter_first_number() const { return chapter_first_number_; }

  // {level} and {level_note}: the note is left out when the chapter's title already says the level
  // ("Gentle" chapters of gentle puzzles), so a page does not repeat it three times. `level` is the
  // level's name in the book's language.
  static void set_level(TextValues& values, const std::string& level, const std::string& chapter_title);

  // The book's language (English when the template was not localized).
  const Catalog& language() const;
  std::string language_code() const;
  std::string tr(std::string_view context, std::string_view id) const;
  std::string level_name(const std::string& level) const;
  std::string kind_name(Variant variant) const;

  // "1 to 9", "1 to 9 and A to G", "1 to 9 and A to R (without I and O)": the symbols of a size as
  // the grid prints them (printed_symbol never uses I or O, which read as 1 and 0).
  std::string symbols(int size) const;

  static std::string size_text(int size);

  // A level's place among the shipped calibrations' levels (gentle < easy < medium < tough, hard
  // < evil < extreme), -1 for another calibration's level, whose order the book does not record.
  static int level_rank(const std::string& level);
  // "Pointing" from "pointing", in any script.
  static std::string upper_first(const std::string& text);

  // The book's levels from easiest to hardest (in order of first use when any is not ranked).
  std::vector<std::string> book_levels() const;

  bool has_solutions() const;

  // {rules}: the "How to play" text for exactly what the book holds, in up to three paragraphs: the
  // rules of each grid size (with its box shape, or bold regions for jigsaw) and of each variant's
  // extra units or cages; the clues and uniqueness; the order of the chapters (only when their
  // levels rise) and where the solutions are (only when the book has them).
  std::string rules() const;

  // {blurb}: the back cover's claims, each from the book: how many puzzles on which sizes, the kinds
  // (when not all classic), puzzles per page, the levels actually present, the solutions when printed.
  std::string blurb() const;

  // {copyright}: the copyright page from the book's front matter, one paragraph a line: the
  // notice (© year holder, "All rights reserved." unless the book gives its own rights text), the
  // rights text, the publisher, the edition, one line per ISBN with its format, the promise that
  // every puzzle has one solution reachable by logic, and the printing line ("10 9 … 1").
  std::string copyright() const;

  // {techniques}: the techniques chapter_techniques finds in the chapter's puzzles, in the book's
  // language, as a list ("hidden single, pointing and X-wing").
  std::string techniques(std::size_t chapter) const;

  // {mark}: a puzzle of `level` gets one filled star per level up to its own among the book's
  // levels, an open star for each above ("★★☆☆" for the second of four); "" for an unknown level.
  std::string mark(const std::string& level) const;

  // {subtitle}: the book's kind of puzzle (Sudoku for a mix), "with solutions" only when it has them.
  std::string subtitle() const;

  // The number a puzzle is printed with: the one its book records (a calendar slot's, fixed by its
  // date), else its place in the book.
  int printed_number(const SlotContent& slot) const;

  // "3" or "3–4": the numbers of `first` to `last`, an en dash between them.
  static std::string number_range(int first, int last);

  // True when every puzzle of the book is of one of `variants` (or `variants` is empty): a free
  // text's condition (TextLine::variants).
  bool holds_only(const std::vector<Variant>& variants) const;

  TextValues page_values(const PlannedPage& page) const;

  TextValues slot_values(const TextValues& page, const SlotContent& slot, PageRole role) const;

 private:
  const Book& book_;
  const Template& template_;
  const PagePlan& plan_;
  std::vector<int> chapter_first_number_;  // by chapter
  std::vector<Variant> book_variants_;     // the variants of the book's puzzles, in order of first use
  TextValues book_values_;                 // title, author and the grid's size, box and symbols
};

}  // namespace sudoku::typeset
