// SPDX-License-Identifier: Apache-2.0
// The web edition of a book: a static site, one self-contained HTML page per puzzle and an index,
// that plays the book's puzzles in a browser (typeset BOOK --template web -o SITE; docs/web.md).
//
//   SITE/index.html            the book's title, its rules and a link to every puzzle by chapter
//   SITE/<puzzle id>.html      one puzzle: the grid (every variant drawn: X diagonals, shaded extra
//                              regions, jigsaw borders, Killer cages with their sums), the player
//                              (templates/web/player.js and player.css, inlined), the puzzle's
//                              data and the grader's whole solving path as graded hints
//
// Contract: pure (no file is read or written here): the files' names and bytes, the same bytes
// for the same book and catalogue. Every page stands alone — no request leaves the page (no
// network, no other file), so it works from file:// and from any static host. Every word a page
// shows comes from `catalog`: the book's messages (puzzle titles, levels, kinds, rules), the
// hints' graded lines (book_hints.hpp) and the player's own (context "web", web_messages()). The
// hints are the grader's path in explain mode (puzzle_path): a puzzle the grader cannot finish
// gets a page without hints (the player says so). Gattai boards are refused by the caller.
//
//   const auto files = sudoku::typeset::web_edition(book, catalog);
//   for (const auto& file : files) write(site / file.name, file.bytes);
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/template/catalog.hpp"

namespace sudoku::typeset {

struct WebFile {
  std::string name;   // relative to the site's folder: "index.html", "tough-003.html"
  std::string bytes;  // the page, UTF-8
  bool puzzle = false;  // a puzzle's page (not the index)
};

std::vector<WebFile> web_edition(const Book& book, const Catalog& catalog);

// The player's messages (context "web"), in English: every catalogue translates them (the web
// test checks the shipped ones).
std::vector<std::string> web_messages();

// Writes `files` into `folder` (made when missing) all or nothing: an OutputSet of `kind` (output_set.hpp),
// so a page that an earlier run of the same kind wrote and this one does not is removed at the
// commit. IoError when the folder cannot be written.
void write_web_files(const std::string& folder, const std::vector<WebFile>& files, const std::string& kind);

// A puzzle's page file name: its id with anything but letters, digits, '-' and '_' replaced by
// '-', then ".html"; "puzzle-<number>.html" for an empty id.
std::string web_page_name(const std::string& id, int number);

}  // namespace sudoku::typeset
