// SPDX-License-Identifier: Apache-2.0
// The pages of worked steps (step_sections.hpp).
#include "sudoku/typeset/layout/step_sections.hpp"

#include <algorithm>

#include "sudoku/typeset/draw/step_picture.hpp"

namespace sudoku::typeset::detail {
namespace {

constexpr double kHeadingSize = 12;
constexpr double kTextSize = 9.5;
constexpr double kLeading = 1.3;
constexpr double kBlockGap = 18;     // between two blocks of a page
constexpr double kPictureGap = 8;    // between the text and the picture
constexpr double kLargestPicture = 324;  // 4.5 in
// The text's room when a page's blocks are counted: a heading and six lines for a hint, nine for
// an example (its two or three sentences, where it comes from and what it gives).
constexpr double kHintText = kHeadingSize * kLeading + 4 + 6 * kTextSize * kLeading;
constexpr double kExampleText = kHeadingSize * kLeading + 4 + 9 * kTextSize * kLeading;

// `text` filled greedily into lines no wider than `width`, breaking where the language allows: each
// line ends at the furthest break whose line fits (a piece wider than `width` on its own takes a
// line alone). The furthest break is found by bisection, since a line only widens as it runs on:
// a few measures a line instead of one a break, each of which lays the line out again.
std::vector<std::string> wrapped(Canvas& canvas, const std::string& text, double width, std::string_view language) {
  const std::vector<LineBreak> breaks = line_breaks(text, language);
  const auto trimmed = [&](std::size_t from, std::size_t to) {
    std::string line = text.substr(from, to - from);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\n')) line.pop_back();
    return line;
  };
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t first = 0; first < breaks.size();) {
    const auto fits = [&](std::size_t at) { return canvas.measure(trimmed(start, breaks[at].offset)).advance <= width; };
    std::size_t low = first;
    std::size_t high = breaks.size() - 1;
    if (fits(high)) {
      low = high;
    } else {
      // breaks[high] does not fit; breaks[low] fits, or is the first and goes on the line anyway.
      while (high - low > 1) {
        const std::size_t middle = low + (high - low) / 2;
        (fits(middle) ? low : high) = middle;
      }
    }
    lines.push_back(trimmed(start, breaks[low].offset));
    start = breaks[low].offset;
    first = low + 1;
  }
  return lines;
}

}  // namespace

TextPattern literal(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '{' || c == '}') escaped += c;
  }
  return TextPattern::parse(escaped);
}

Master section_master(const Template& page_template, const std::string& title) {
  Master master = page_template.solution_page;
  master.name = "section";
  master.columns = 1;
  master.rows = 1;
  master.captions.clear();
  master.grid_sizes.clear();
  master.texts.clear();
  master.entries.reset();
  master.start_recto = true;
  if (master.header && !master.header->texts.empty()) {
    TextLine head = master.header->texts.front();
    head.text = literal(title);
    master.header->texts = {head};
  }
  return master;
}

int blocks_per_page(const Master& master, bool examples) {
  const double height = master.page.height - master.page.margins.top - master.page.margins.bottom;
  const double block = (examples ? kExampleText : kHintText) + kPictureGap + kMinimumPicture + kBlockGap;
  return std::max(1, static_cast<int>((height + kBlockGap) / block));
}

void draw_step_blocks(Canvas& canvas, const Rect& content, std::span<const StepBlock> blocks, int per_page,
                      const PlotFonts& fonts, std::string_view language) {
  const double block_height = (content.height + kBlockGap) / std::max(1, per_page) - kBlockGap;
  double top = content.y;
  for (const StepBlock& block : blocks) {
    double y = top;
    canvas.set_font(fonts.bold, kHeadingSize);
    for (const std::string& line : wrapped(canvas, block.heading, content.width, language)) {
      y += kHeadingSize * kLeading;
      canvas.draw_text(line, {content.x, y - 0.25 * kHeadingSize}, Color::black());
    }
    y += 4;
    canvas.set_font(fonts.regular, kTextSize);
    for (const std::string& paragraph : block.lines)
      for (const std::string& line : wrapped(canvas, paragraph, content.width, language)) {
        y += kTextSize * kLeading;
        canvas.draw_text(line, {content.x, y - 0.25 * kTextSize}, Color::black());
      }
    y += kPictureGap;
    const double side =
        std::min({top + block_height - y, content.width, kLargestPicture});
    if (block.step != nullptr && side > 0) {
      const StepPicture picture{block.step->grid, block.step->board, block.step->step, ""};
      draw_step_board(canvas.cairo(), picture, fonts, {content.x + (content.width - side) / 2, y}, side);
    }
    top += block_height + kBlockGap;
  }
}

}  // namespace sudoku::typeset::detail
