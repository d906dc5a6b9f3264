// SPDX-License-Identifier: Apache-2.0
// Book model: the puzzles of one generated book, grouped in chapters, as stored in book/book.json.
//
// Contract: generate-book builds a Book and writes it with write_book; typeset and other readers load
// it with read_book. The writer is deterministic: the same Book gives byte-identical JSON (fixed key
// order, two-space indentation). The reader is strict: unknown keys, wrong types, malformed or
// inconsistent puzzles (a solution that is incomplete, breaks a unit or contradicts a given; a wrong
// givens count) and impossible dates are InputErrors naming the file and the JSON path, e.g.
// "book.json: $.chapters[1].puzzles[3].puzzle: expected 81 symbols, got 80". A puzzle of a variant
// carries "variant" ("x", "windoku", "asterisk", "centre-dot", "jigsaw"; classic puzzles leave it
// out) and a jigsaw one its "regions" (regions_line of puzzle_io.hpp); its puzzle and solution share
// that one board. A gattai puzzle (Samurai and its cousins) carries "shape" instead, and its puzzle,
// solution and key are written in the board form of gattai.hpp. Uniqueness of the
// puzzles is the generator's promise and is not re-checked here (it would make loading slow).
//
// The plan and the calibration are kept as opaque JSON objects: their schemas belong to the plan and
// calibration tools, the book only carries a copy for provenance.
//
//   sudoku::Book book = sudoku::read_book("book/book.json");
//   book.title = "Evil Sudoku, Volume 2";
//   sudoku::write_book(book, "book/book.json");
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/base/json_io.hpp"
#include "sudoku/model/front_matter.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

struct BookPuzzle {
  std::string id;                   // stable name, e.g. "evil-007"
  Grid puzzle;                      // givens and blanks, on the puzzle's board (variant, regions)
  Grid solution;                    // the unique solution
  double rating = 0;                // estimated difficulty (SE scale)
  double rating_sd = 0;             // spread of that estimate
  std::string level;                // level name the puzzle was made for, e.g. "evil"
  double target = 0;                // rating the generator aimed at
  int givens = 0;                   // number of givens (equals puzzle.givens())
  std::string canonical;            // canonical key (one line), for deduplication across books
  std::uint64_t seed = 0;           // seed that reproduces this puzzle
  std::int64_t iterations = 0;      // generator iterations spent on it
  std::optional<std::string> date;  // "YYYY-MM-DD" when the book is dated (e.g. a daily column)
  // The number it is printed with ("SUDOKU No. 13") when the plan fixes it (a calendar's slots, by
  // date); absent, its place in the book (1..N) is its number. Books written before numbers were
  // recorded have none.
  std::optional<int> number;
};

struct BookChapter {
  std::string title;
  std::string level;
  std::optional<std::string> date;  // "YYYY-MM-DD", optional
  std::vector<BookPuzzle> puzzles;
};

struct Book {
  std::string title;
  std::string author;
  // The plan's "front-matter" (front_matter.hpp), written as "front-matter"; absent: the book
  // prints no half-title, copyright, dedication or introduction page.
  std::optional<FrontMatter> front;
  boost::json::object plan;  // copy of the plan the book was generated from
  std::uint64_t seed = 0;
  std::string tool_version;
  boost::json::object calibration;  // the calibration used, inline
  std::vector<BookChapter> chapters;

  std::size_t puzzle_count() const;
};

// Parses book JSON text; `source` names it in messages.
Book parse_book(std::string_view text, const std::string& source);
// Reads a book file. IoError when unreadable, InputError when malformed.
Book read_book(const std::string& path);

// The book as JSON text (two-space indentation, final newline, fixed key order).
std::string book_to_json(const Book& book);
// book_to_json read back with parse_book first (`path` names it in the error): a book the reader
// would reject is a generator bug, caught before anything is written.
std::string checked_book_json(const Book& book, const std::string& path);
// Writes the book atomically (never leaves a half-written file). IoError on failure.
void write_book(const Book& book, const std::string& path);

// The JSON fields of a board's rules, shared by book.json, plans and the generator's checkpoint:
// "variant" (a variant name; killer only when `killer`, as a puzzle's Killer needs its cages),
// "regions" (a jigsaw layout of size*size region ids, as parse_regions reads it) and "cages"
// ([{"sum": 15, "cells": [0, 1, 10]}, ...], read onto `base` as Geometry::killer checks them).
// InputError at the field's JSON path naming the fault (and its position in the map).
Variant read_variant_field(const JsonField& field, bool killer = false);
std::shared_ptr<const Geometry> read_regions_field(const JsonField& field, int size);
std::shared_ptr<const Geometry> read_cages_field(const JsonField& list,
                                                 const std::shared_ptr<const Geometry>& base);
boost::json::array cages_to_json(const Geometry& geometry);
// Gattai boards: "shape" (a shipped shape's name or the hand form "ROWSxCOLS R,C ...") read to its
// board; a grid of that board in the one-line board form; the field a shape is written as (its
// name, or the hand form for a shape given by hand). InputError at the field naming the fault.
std::shared_ptr<const Geometry> read_shape_field(const JsonField& field);
Grid read_gattai_field(const JsonField& field, const std::shared_ptr<const Geometry>& board);
std::string shape_field_text(const GattaiShape& shape);

// True for a real calendar date written "YYYY-MM-DD".
bool is_iso_date(std::string_view text);

}  // namespace sudoku
