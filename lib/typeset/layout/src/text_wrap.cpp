// SPDX-License-Identifier: Apache-2.0
// Filling and balancing lines of text for the book's pages and the covers (text_wrap.hpp).
#include "text_wrap.hpp"

#include <glib.h>

#include <algorithm>

namespace sudoku::typeset::detail {

namespace {

constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";  // U+3000, between Japanese words

// A line's text without the spaces it broke after (an ideographic one too): they take no room at a
// line's end, so centring and measuring see only the ink.
std::string without_trailing_space(std::string_view text) {
  for (;;) {
    if (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\t'))
      text.remove_suffix(1);
    else if (text.ends_with(kIdeographicSpace))
      text.remove_suffix(kIdeographicSpace.size());
    else
      return std::string(text);
  }
}

}  // namespace

std::vector<LineBreak> word_breaks(std::string_view text, const std::vector<LineBreak>& breaks) {
  std::vector<LineBreak> kept;
  for (const LineBreak& at : breaks)
    if (at.mandatory || at.offset == text.size() || text[at.offset - 1] == ' ' ||
        text.substr(0, at.offset).ends_with(kIdeographicSpace))
      kept.push_back(at);
  return kept;
}

double balanced_width(const Canvas& canvas, std::string_view text, const std::vector<LineBreak>& breaks, double width,
                      std::size_t count, int halvings) {
  double low = 0;
  double high = width;
  for (int step = 0; step < halvings && count > 1; ++step) {
    const double middle = (low + high) / 2;
    bool overflow = false;
    if (fill_lines(canvas, text, breaks, middle, &overflow).size() <= count && !overflow)
      high = middle;
    else
      low = middle;
  }
  return high;
}

std::vector<WrappedLine> fill_lines(const Canvas& canvas, std::string_view text, const std::vector<LineBreak>& breaks,
                                    double width, bool* overflow) {
  std::vector<WrappedLine> lines;
  std::size_t start = 0;
  bool paragraph = false;
  std::size_t fits = 0;  // the furthest break from `start` whose line fits, 0 for none yet
  for (std::size_t i = 0; i < breaks.size(); ++i) {
    const LineBreak& at = breaks[i];
    const std::string line = without_trailing_space(text.substr(start, at.offset - start));
    if (canvas.measure(line).advance > width && fits > start) {
      // The line up to the previous break is the longest that fits.
      lines.push_back({without_trailing_space(text.substr(start, fits - start)), paragraph});
      paragraph = false;
      start = fits;
      --i;  // this break is tried again on the new line
      continue;
    }
    if (canvas.measure(line).advance > width && overflow != nullptr) *overflow = true;
    fits = at.offset;
    if (at.mandatory || at.offset == text.size()) {
      if (!line.empty() || at.offset == text.size()) lines.push_back({line, paragraph});
      paragraph = true;
      start = at.offset;
    }
  }
  while (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  return lines;
}

bool after_short_word(std::string_view text, std::size_t offset) {
  if (offset < 2 || text[offset - 1] != ' ') return false;
  const std::size_t end = offset - 1;
  const std::size_t space = text.rfind(' ', end - 1);
  const std::size_t start = space == std::string_view::npos ? 0 : space + 1;
  const std::string_view word = text.substr(start, end - start);
  if (word.empty() || !g_utf8_validate(word.data(), static_cast<gssize>(word.size()), nullptr)) return false;
  int letters = 0;
  for (const char* at = word.data(); at < word.data() + word.size(); at = g_utf8_next_char(at)) {
    if (!g_unichar_isalpha(g_utf8_get_char(at))) return false;
    ++letters;
  }
  return letters <= 2;
}

std::vector<WrappedLine> wrap_text(const Canvas& canvas, const std::string& text, double width,
                                   std::string_view language, bool balance) {
  std::vector<LineBreak> breaks = line_breaks(text, language);
  std::vector<WrappedLine> lines = fill_lines(canvas, text, breaks, width);
  if (!balance || lines.size() < 2) return lines;
  const bool paragraphs = std::any_of(lines.begin() + 1, lines.end(), [](const auto& line) { return line.paragraph; });
  if (paragraphs) return lines;
  // A title breaks at its spaces when they give as few lines: Japanese may break between any two
  // kana, but "はじめてのナン / プレ" splits a word that "はじめてのナンプレ / 上達への道" keeps whole.
  std::vector<LineBreak> spaces = word_breaks(text, breaks);
  bool overflow = false;
  if (spaces.size() < breaks.size() && fill_lines(canvas, text, spaces, width, &overflow).size() <= lines.size() &&
      !overflow)
    breaks = std::move(spaces);
  // Nor after a short word, when that keeps as few lines: "Sudoku : du débutant / à l'expert", not
  // "Sudoku : du / débutant à l'expert".
  std::vector<LineBreak> kept;
  for (const LineBreak& at : breaks)
    if (at.mandatory || !after_short_word(text, at.offset)) kept.push_back(at);
  overflow = false;
  if (kept.size() < breaks.size() && fill_lines(canvas, text, kept, width, &overflow).size() <= lines.size() &&
      !overflow)
    breaks = std::move(kept);
  return fill_lines(canvas, text, breaks, balanced_width(canvas, text, breaks, width, lines.size(), 24));
}

}  // namespace sudoku::typeset::detail
