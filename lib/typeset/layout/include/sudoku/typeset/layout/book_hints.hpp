// SPDX-License-Identifier: Apache-2.0
// Hints for a book: for each puzzle above easy, the step a reader is likely to be stuck on — the
// first step of its solving path beyond its level's basic techniques, else its hardest — told as
// graded hints (where to look, which technique, which cells, what it gives) and pictured from the
// step's evidence; and the worked examples of a "how to solve" chapter, one per technique the
// book's puzzles use, each taken from the first puzzle that uses it. typeset --hints and
// --how-to-solve print them (docs/templates.md, "Hints and the how-to-solve chapter").
//
// Contract: the paths come from grading each puzzle with the technique grader in explain mode
// (deterministic: the same book gives the same hints), once, before layout: the typeset job calls
// find_book_hints and hands the result to layout (TypesetOptions::steps). A hint's claim (hint_claim)
// is read from the step's evidence alone, never from its sentence. Puzzles of the levels "gentle"
// and "easy" get no hint; neither does a puzzle whose path has no step beyond singles, nor one the
// grader cannot finish. Every printed word comes from the catalogue (context "hints" and
// "technique"). No errors: a puzzle that yields no hint is simply left out.
//
//   const sudoku::typeset::BookHints hints = sudoku::typeset::find_book_hints(book, true);
//   for (const auto& hint : hints.hints) print(hint_lines(hint, catalog));
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/technique/technique.hpp"
#include "sudoku/typeset/template/catalog.hpp"

namespace sudoku::typeset {

// One step of one puzzle of the book, with the board it was found on.
//
// A step of a gattai board (Samurai and its cousins) is told and pictured on the one 9x9 grid its
// houses, cells, links and results all lie in (one_grid_step): `grid`, `board` and `step` are that
// grid's, as a classic 9x9 (cells r1c1..r9c9 of the grid), and `gattai_grid` names it, so the
// picture's candidates print at a classic grid's size and the words say "grid 3, row 4". A step
// that needs two grids or more (a chain through a shared box) gets no hint and no example.
//
//   samurai board                      the hint's picture: grid 3 alone
//     111.222                             333
//     111.222                             333   "1. Look at grid 3, box 5."
//     11*3*22   step in grid 3   ->       333   "3. Cells: r4c5, r6c5."
//     ..333..
//     44*3*55
struct BookStep {
  int number = 0;  // the puzzle's place in the book, 1-based
  std::size_t chapter = 0;
  std::size_t puzzle = 0;
  std::shared_ptr<const Grid> grid;  // the puzzle's givens and board (a gattai step: its grid's)
  PencilBoard board;                 // before the step (step_boards)
  // The grader's step; a direct technique's (a single its pattern leaves) also carries the
  // candidates its pattern removes, which the reader crosses out before placing the single.
  TechniqueStep step;
  int gattai_grid = 0;  // a gattai board's grid the step lies in, 1-based; 0 on a single grid
  std::shared_ptr<const Geometry> gattai_board;  // that board (its shape, for the grid's locator)
};

// A gattai board's step as its one grid's (BookStep above): `step` found on `board` of `puzzle`,
// its evidence, placements and removals mapped to the lowest-numbered 9x9 grid that holds every
// cell and every house of it. nullopt when no grid holds them all, or the step reads a cage.
// A step on a single-grid board is returned as it is (gattai_grid 0).
std::optional<BookStep> one_grid_step(const BookStep& step);

struct BookHints {
  std::vector<BookStep> hints;     // by puzzle number, only the puzzles that get one
  std::vector<BookStep> examples;  // one per technique the book uses, in ladder order
};

// What a hint tells the reader, as data: where to look (a unit of Geometry::units(), else a cage
// of Geometry::cages()), the technique and the cells of the pattern (the step's evidence cells,
// else the cells of its candidates, else the cells it places a value in).
struct HintClaim {
  std::optional<int> unit;
  std::optional<int> cage;
  Technique technique = Technique::full_house;
  std::vector<int> cells;
};

// The highest step score a reader of `level` solves without help: 2.3 (singles and the direct
// techniques) for medium and unknown levels, 2.8 (and locked candidates) for tough and hard, 3.2
// (and naked pairs, X-wings) for evil and extreme; 0 for gentle and easy, which get no hints.
double basic_score(const std::string& level);

// The hints of every puzzle above easy and, with `examples`, the how-to-solve chapter's examples
// (every technique on the book's paths, singles included).
BookHints find_book_hints(const Book& book, bool examples);

HintClaim hint_claim(const Geometry& geometry, const TechniqueStep& step);

// The whole solving path of one puzzle of the book (chapter, index; `number` its place in the
// book), every step as find_book_hints makes a hint of it (the board before it, a direct
// technique's pattern removals added): what the web edition's player hints from. Empty when the
// grader cannot finish the puzzle. On a gattai board, only the steps one grid holds (one_grid_step).
std::vector<BookStep> puzzle_path(const Book& book, std::size_t chapter, std::size_t index, int number);

// The graded hints in `catalog`'s language: "Look at box 5.", "Technique: pointing.", "Cells:
// r4c5, r4c6.", "It removes 7 from r4c1 and r4c2." Cells are named r<row>c<column>.
std::vector<std::string> hint_lines(const BookStep& hint, const Catalog& catalog);
// The newspaper's one-line tip (a template's <tip>): the first two hints in one sentence, "Tip:
// look at box 4 (pointing)."
std::string tip_line(const BookStep& hint, const Catalog& catalog);
// An example's source line: "From puzzle 4, page 12:" ("From puzzle 4, grid 3, page 12:" for a
// gattai step); `number` and `page` as printed.
std::string example_source(const BookStep& step, int number, int page, const Catalog& catalog);
// "box 5", "Zeile 3": a unit of `geometry` by its name in `catalog`'s language (the hints'
// "row {n}", "column {n}", "box {n}", "region {n}", "diagonal {n}"; unit_name's English otherwise).
std::string unit_title(const std::shared_ptr<const Geometry>& geometry, int unit, const Catalog& catalog);
// "pointing", "X-wing": the technique's name in `catalog`'s language.
std::string technique_title(Technique technique, const Catalog& catalog);
// The techniques the puzzles of `chapter` need, each once by its reader's name (pointing and
// direct pointing are one), easiest first: every puzzle graded again as the book's calibration
// grades (without the uniqueness techniques when its options leave them out), each technique of
// any puzzle's path. A chapter opener's {techniques}; never a list kept per level name.
std::vector<Technique> chapter_techniques(const Book& book, std::size_t chapter);
// The family a technique belongs to, as a chapter opener names a group of them ("singles",
// "subsets", "wings", "chains"; a catalogue "technique" message): "" for one in no family.
std::string_view technique_family(Technique technique);
// A chapter opener's list: the names of `techniques` (easiest first) in `catalog`'s language; when
// there are more than kMostTechniquesListed, every family with two or more of them is named once,
// where its first member stood ("singles, subsets, pointing, X-wing, wings and chains"), so the
// list of a hard chapter fits the opener as an easy one's does.
inline constexpr std::size_t kMostTechniquesListed = 8;
std::vector<std::string> technique_list(const std::vector<Technique>& techniques, const Catalog& catalog);

// The how-to-play page's solved example (<example>, template.hpp's RulesExample): a classic 4x4
// puzzle of six givens, symmetric under a half turn, with exactly one solution (tested), which the
// page prints beside it as the solver finds it.
Grid rules_example_puzzle();
// `puzzle` solved by logic alone (the technique grader's placements), or nullopt when the grader
// cannot solve it.
std::optional<Grid> rules_example_solution(const Grid& puzzle);

// Two or three plain sentences on how the technique works (one text per family of techniques).
std::string technique_description(Technique technique, const Catalog& catalog);
// "It removes 7 from r4c1 and r4c2." / "It places 5 in r3c4." / both.
std::string step_result(const BookStep& step, const Catalog& catalog);

// Every message (context, English text) the hints and the how-to-solve chapter can print: the
// catalogues translate them all (catalog.hpp's composed_messages lists them).
std::vector<std::pair<std::string, std::string>> hint_messages();

// Every message the typesetter can print, in English: the catalogue's composed_messages() and the
// hints' messages. The catalogue sits below the hints, so the list is joined here.
std::vector<Catalog::Message> printed_messages();

}  // namespace sudoku::typeset
