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
constexpr double kColumnGap = 18;    // between a picture and the words beside it
constexpr double kLargestPicture = 324;  // 4.5 in
// The text's room when a page's blocks are counted: a heading and six lines for a hint, nine for
// an example (its two or three sentences, where it comes from and what it gives); in the narrower
// column beside a picture a heading of two lines and half as many lines again.
double text_room(const TeachingType& type, bool examples, bool column) {
  const int lines = (examples ? 9 : 6) * (column ? 3 : 2) / 2;
  return type.heading_size * kLeading * (column ? 2 : 1) + 4 + lines * type.text_size * kLeading;
}

double content_width(const Master& master) {
  return master.page.width - master.page.margins.inside - master.page.margins.outside;
}
double content_height(const Master& master) {
  return master.page.height - master.page.margins.top - master.page.margins.bottom;
}

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
  // A bound book opens each section on a right-hand page; an unbound handout (pages not mirrored,
  // a4-4up) has no right-hand pages, so no blank page before its sections.
  master.start_recto = master.page.mirrored;
  if (master.header && !master.header->texts.empty()) {
    TextLine head = master.header->texts.front();
    head.text = literal(title);
    master.header->texts = {head};
  }
  return master;
}

std::string TeachingSizes::problem(const Template& page_template) const {
  if (pass()) return "";
  const bool words = text < min_text - 1e-9;
  std::string limit = formatted("the %.1f pt minimum", words ? min_text : min_mark);
  if (page_template.print_target)
    limit += " of " + page_template.print_target->name + " (" + page_template.source + ":" +
             std::to_string(page_template.print_target->line) + ")";
  if (section == "tips")
    return "the tips under the grids print at" + formatted(" %.1f pt", text) + ", under " + limit +
           ": raise the puzzle master's <tip> size and min-size, or leave out --hints";
  const std::string fix = ": leave out --" + section + ", or use a template with a larger page (book-letter, large-print)";
  // A page with no room at all for a picture (the newspaper's slot) has no size to report.
  if (!words && mark < 0.05)
    return "the " + section + " pages leave no room for a step picture (its candidates need " + limit + ")" + fix;
  return "the " + section + " pages' " + (words ? "text prints" : "candidates print") +
         formatted(" at %.1f pt", words ? text : mark) + ", under " + limit + fix;
}

double TeachingType::min_side() const { return teaching_side(min_mark, grid_size); }

bool TeachingType::side_by_side(double content_width) const {
  return content_width >= min_side() + kColumnGap + column();
}

double TeachingType::largest_side() const { return std::max(kLargestPicture, min_side()); }

TeachingType teaching_type(const Template& page_template, int grid_size) {
  TeachingType type;
  type.grid_size = grid_size;
  type.min_mark = kDefaultMinimumCandidate;
  type.min_cage_sum = kDefaultMinimumCageSum;
  if (const std::optional<PrintTarget>& target = page_template.print_target) {
    type.text_size = std::max(kTextSize, target->min_text);
    type.min_mark = target->min_candidate;
    type.min_cage_sum = target->min_cage_sum;
  }
  type.heading_size = type.text_size * kHeadingSize / kTextSize;
  // The book's own text family: the rules page's face and its heading's; a template without one
  // (a newspaper slot) has its captions'.
  const Master& puzzle = page_template.puzzle_page;
  if (const std::optional<Master>& rules = page_template.how_to_play_page; rules && !rules->texts.empty()) {
    type.heading_font = rules->texts.front().style.font;
    type.text_font = type.heading_font;
    for (const TextLine& text : rules->texts)
      if (text.text.uses(Variable::rules)) type.text_font = text.style.font;
  } else if (!puzzle.captions.empty() && !puzzle.captions.front().texts.empty()) {
    type.heading_font = puzzle.captions.front().texts.front().style.font;
    type.text_font = puzzle.captions.front().texts.back().style.font;
    if (puzzle.tip) type.text_font = puzzle.tip->text.style.font;
  }
  type.digit_font = puzzle.grid.solved.font;
  type.given_font = puzzle.grid.givens.font;
  return type;
}

int blocks_per_page(const Master& master, bool examples, const TeachingType& type) {
  const double block = type.side_by_side(content_width(master))
                           ? std::max(type.min_side(), text_room(type, examples, true))
                           : text_room(type, examples, false) + kPictureGap + type.min_side();
  return std::max(1, static_cast<int>((content_height(master) + kBlockGap) / (block + kBlockGap)));
}

double guaranteed_side(const Master& master, bool examples, const TeachingType& type) {
  const double width = content_width(master);
  const int per_page = blocks_per_page(master, examples, type);
  const double block_height = (content_height(master) + kBlockGap) / per_page - kBlockGap;
  if (type.side_by_side(width))
    return std::min({block_height, width - type.column() - kColumnGap, type.largest_side()});
  return std::min({block_height - text_room(type, examples, false) - kPictureGap, width, type.largest_side()});
}

namespace {

// A gattai step's grid on a small map of its board, under the words: every grid outlined, the
// step's grid grey, so that "grid 3" is found on the puzzle's page (the picture shows that grid
// alone). `width` across; nothing when the block has no room below the words.
//
//   +---+ +---+
//   | 1 | | 2 |      Samurai, grid 3: the centre square shaded
//   +--+###+--+
//      #####
//   +--+###+--+
void draw_grid_locator(Canvas& canvas, const BookStep& step, Point top_left, double width, double bottom) {
  const GattaiShape* shape = step.gattai_board ? step.gattai_board->gattai_shape() : nullptr;
  if (shape == nullptr || step.gattai_grid < 1) return;
  const double cell = width / std::max(shape->rows, shape->cols);
  if (top_left.y + cell * shape->rows > bottom) return;
  constexpr int kGrid = 9;
  const auto square = [&](std::pair<int, int> origin) {
    return Rect{top_left.x + origin.second * cell, top_left.y + origin.first * cell, kGrid * cell, kGrid * cell};
  };
  canvas.fill_rect(square(shape->origins[static_cast<std::size_t>(step.gattai_grid - 1)]), Color{0.8, 0.8, 0.8});
  for (const auto& origin : shape->origins) canvas.stroke_rect(square(origin), 0.5, Color::black());
  canvas.stroke_rect(square(shape->origins[static_cast<std::size_t>(step.gattai_grid - 1)]), 1.5, Color::black());
}

}  // namespace

void draw_step_blocks(Canvas& canvas, const Rect& content, std::span<const StepBlock> blocks, int per_page,
                      const TeachingFonts& fonts, const TeachingType& type, std::string_view language) {
  const double block_height = (content.height + kBlockGap) / std::max(1, per_page) - kBlockGap;
  const bool beside = type.side_by_side(content.width);
  double top = content.y;
  for (const StepBlock& block : blocks) {
    // Beside: the picture at the left, as large as the block and the column allow; the words in
    // the column right of it. Stacked: the words across the type area, the picture centred under.
    double side = std::min({block_height, content.width - type.column() - kColumnGap, type.largest_side()});
    const double x = beside ? content.x + side + kColumnGap : content.x;
    const double width = beside ? content.x + content.width - x : content.width;
    double y = top;
    canvas.set_font(fonts.text.bold, type.heading_size);
    for (const std::string& line : wrapped(canvas, block.heading, width, language)) {
      y += type.heading_size * kLeading;
      canvas.draw_text(line, {x, y - 0.25 * type.heading_size}, Color::black());
    }
    y += 4;
    canvas.set_font(fonts.text.regular, type.text_size);
    for (const std::string& paragraph : block.lines)
      for (const std::string& line : wrapped(canvas, paragraph, width, language)) {
        y += type.text_size * kLeading;
        canvas.draw_text(line, {x, y - 0.25 * type.text_size}, Color::black());
      }
    // Beside the picture, a gattai step's grid on a map of its board, under the words.
    if (beside && block.step != nullptr)
      draw_grid_locator(canvas, *block.step, {x, y + 2 * type.text_size}, std::min(width, 6 * type.text_size),
                        top + block_height);
    Point corner{content.x, top};
    if (!beside) {
      y += kPictureGap;
      side = std::min({top + block_height - y, content.width, type.largest_side()});
      corner = {content.x + (content.width - side) / 2, y};
    }
    if (block.step != nullptr && side > 0) {
      const StepPicture picture{block.step->grid, block.step->board, block.step->step, ""};
      draw_step_board(canvas.cairo(), picture, fonts.board, corner, side);
    }
    top += block_height + kBlockGap;
  }
}

}  // namespace sudoku::typeset::detail
