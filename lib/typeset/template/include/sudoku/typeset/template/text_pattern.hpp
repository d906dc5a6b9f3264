// SPDX-License-Identifier: Apache-2.0
// Text with variables, as written in templates: "Puzzle {number}", "{level|capitalize}",
// "{date|long}", "{page|roman}"; "{{" and "}}" stand for literal braces.
//
// Contract: parse checks variable and filter names up front, so a typo in a template is reported
// when the template is loaded (std::invalid_argument with the reason; the template loader adds the
// file and line). expand gives nullopt when any variable the text uses has no value where it is
// drawn (no date for an undated puzzle, no solution page when solutions are left out): the whole
// line is then left out instead of printing "Solution on page ".
//
//   sudoku::typeset::TextValues values;
//   values.set(sudoku::typeset::Variable::level, "evil");
//   const auto text = sudoku::typeset::TextPattern::parse("{level|capitalize} puzzles").expand(values);
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::typeset {

class Catalog;

enum class Variable {
  title,    // book title
  author,   // book author
  chapter,  // chapter title
  level,    // puzzle level (chapter level outside a puzzle slot)
  number,   // puzzle number: the book's record (a calendar slot's), else its place in the book, 1-based;
            // outside a slot the page's (or chapter's) range "3–4"
  id,       // puzzle id from the book ("evil-007")
  date,     // puzzle date (chapter date outside a puzzle slot), YYYY-MM-DD
  rating,   // puzzle rating, one decimal
  givens,   // number of givens
  page,     // physical page number, 1-based
  pages,    // number of pages in the document
  solution_page,  // page that holds this puzzle's solution
  puzzle_page,    // page that holds this solution's puzzle
  count,          // puzzles in the chapter
  level_note,     // the level, unless the chapter's title already names it (no value then)
  chapter_page,   // on the contents page: the page where the chapter (or the solutions) starts
  size,           // the grid's side in cells: "9"
  box,            // a box's shape: "3x3" (with a multiplication sign)
  symbols,        // the symbols a row holds: "1 to 9", "1 to 9 and A to G"
  slot,           // a calendar puzzle's slot within its day: "hard", "easy-2" (see split.hpp)
  kind,           // the puzzle's kind by its rules: "Sudoku", "Killer Sudoku", "Jigsaw Sudoku", ...
  // Composed from the book in the book's language (see docs/templates.md, "Languages"):
  rules,     // "How to play": the rules of every grid size and variant the book holds, in paragraphs
  blurb,     // the back cover's blurb: puzzle count, sizes, kinds, puzzles per page, levels, solutions
  subtitle,  // "Sudoku puzzles with solutions" (without "with solutions" when they are left out)
  hint_page,  // page that holds this puzzle's hint (typeset --hints; no value without one)
  puzzles,    // a chapter page's puzzles in the book's language: "Puzzles 3–4", "Puzzle 3" for one
  // The book's front matter (its "front-matter"; no value without one, or without the key):
  publisher,     // the publisher's name
  editor,        // the editor's name
  copyright,     // the copyright page: holder and year, edition, ISBNs, rights, the printing line and
                 // the one-solution promise, one paragraph each, in the book's language
  dedication,    // as the book gives it
  introduction,  // as the book gives it (paragraphs)
  techniques,    // a chapter page: the techniques its puzzles need, hardest last ("hidden single and pointing")
  mark,          // a puzzle's difficulty mark: one star per level up to its own among the book's ("★★☆☆")
};
inline constexpr std::size_t kVariableCount = 33;

// roman: a page number in lower-case roman numerals ("{page|roman}" is "iv" on page 4).
enum class Filter { none, upper, lower, capitalize, long_date, roman };

std::span<const std::string_view> variable_names();
std::string_view variable_name(Variable variable);

// The values available where a text is drawn; unset variables have no value.
class TextValues {
 public:
  // The language of {date|long} (null: English). The catalogue must outlive the values.
  void set_language(const Catalog* language) { language_ = language; }
  const Catalog* language() const { return language_; }
  void set(Variable variable, std::string value) { values_[index(variable)] = std::move(value); }
  void clear(Variable variable) { values_[index(variable)].reset(); }
  const std::optional<std::string>& get(Variable variable) const { return values_[index(variable)]; }

 private:
  static std::size_t index(Variable variable) { return static_cast<std::size_t>(variable); }
  std::array<std::optional<std::string>, kVariableCount> values_;
  const Catalog* language_ = nullptr;
};

class TextPattern {
 public:
  TextPattern() = default;
  // Throws std::invalid_argument naming the unknown variable or filter, or the unbalanced brace.
  static TextPattern parse(std::string_view text);

  std::optional<std::string> expand(const TextValues& values) const;
  bool uses(Variable variable) const;
  const std::string& source() const { return source_; }

 private:
  struct Part {
    std::string literal;               // text before the variable
    std::optional<Variable> variable;  // absent for the trailing literal
    Filter filter = Filter::none;
  };
  std::vector<Part> parts_;
  std::string source_;
};

// "2025-03-03" -> "Monday 3 March 2025"; anything that is not such a date is returned unchanged.
std::string long_date(std::string_view iso_date);

}  // namespace sudoku::typeset
