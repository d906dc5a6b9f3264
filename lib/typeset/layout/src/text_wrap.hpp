// SPDX-License-Identifier: Apache-2.0
// Lines of text filled into a measure and balanced: the one line breaker the book's pages
// (typeset.cpp: titles, headings, rule texts) and the designed covers (cover.cpp: titles, the back's
// blurb) share, so a title breaks the same way inside the book and on its cover.
//
// Breaks come from Pango (line_breaks in text/canvas.hpp) for the text's language; this file only
// chooses among them:
//
//   "Sudoku : du débutant à l'expert", measure 30 em, French
//     fill_lines        greedy:        "Sudoku : du débutant à l'expert"
//     wrap_text(balance) narrower box:  "Sudoku : du débutant" / "à l'expert"
//                                       (never "Sudoku : du" / "débutant à l'expert")
//
// Usage:
//   canvas.set_font(face, 24);
//   for (const WrappedLine& line : wrap_text(canvas, title, width, "fr", /*balance=*/true))
//     draw(line.text);
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset::detail {

// One line of a wrapped text, without the spaces it broke after; `paragraph` when it starts a new
// paragraph (after a newline).
struct WrappedLine {
  std::string text;
  bool paragraph = false;
};

// `text` greedily filled into lines no wider than `width` at the canvas's current font, breaking at
// `breaks` (and at every mandatory one). `overflow`, when not null, is set when some piece between
// two breaks is wider than `width` on its own. Empty lines at the end are dropped.
std::vector<WrappedLine> fill_lines(const Canvas& canvas, std::string_view text, const std::vector<LineBreak>& breaks,
                                    double width, bool* overflow = nullptr);

// The breaks among `breaks` that keep words whole: after a space (an ideographic one too) and the
// mandatory ones. Japanese may break between any two kana; a title would rather not.
std::vector<LineBreak> word_breaks(std::string_view text, const std::vector<LineBreak>& breaks);

// Whether the break at `offset` (just after a space) follows a word of one or two letters ("du",
// "à", "de", "la"): French typesetting (and good practice in the other languages) keeps such a
// word on the line of the word it belongs to.
bool after_short_word(std::string_view text, std::size_t offset);

// The narrowest measure, found by `halvings` halvings of [0, width], at which `text` still fills at
// most `count` lines without overflow: lines as even as their count allows.
double balanced_width(const Canvas& canvas, std::string_view text, const std::vector<LineBreak>& breaks, double width,
                      std::size_t count, int halvings);

// The lines of a wrapped text in `language`. With `balance` (titles and headings): word breaks when
// they give as few lines, no break after a short word when that keeps as few, and the lines
// balanced ("Killer Sudoku / Book 1", not "Killer Sudoku Book / 1").
std::vector<WrappedLine> wrap_text(const Canvas& canvas, const std::string& text, double width,
                                   std::string_view language, bool balance);

}  // namespace sudoku::typeset::detail
