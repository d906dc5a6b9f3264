#include "sudoku/typeset/grid_painter.hpp"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace sudoku::typeset {
namespace {

// One look's glyphs at one size: which glyph each symbol is, where it goes relative to its cell
// centre, and the space glyph used to pad text runs to their cells' edges.
struct LookGlyphs {
  std::array<unsigned long, kMaxSize + 1> glyph{};
  std::array<double, kMaxSize + 1> dx{};
  double dy = 0;
  unsigned long space_glyph = 0;
  double space_advance = 0;
};

unsigned long glyph_of(cairo_scaled_font_t* font, const char* text) {
  cairo_glyph_t* glyphs = nullptr;
  int count = 0;
  unsigned long index = 0;
  if (cairo_scaled_font_text_to_glyphs(font, 0, 0, text, -1, &glyphs, &count, nullptr, nullptr, nullptr) ==
          CAIRO_STATUS_SUCCESS &&
      count == 1)
    index = glyphs[0].index;
  cairo_glyph_free(glyphs);
  return index;
}

LookGlyphs prepare(Canvas& canvas, const DigitLook& look, double cell, int size) {
  canvas.set_font(*look.font, look.scale * cell);
  cairo_scaled_font_t* font = cairo_get_scaled_font(canvas.cairo());
  LookGlyphs result;
  double top = 0;
  double bottom = 0;
  for (int value = 1; value <= size; ++value) {
    const char symbol[2] = {printed_symbol(value), '\0'};
    const TextMetrics metrics = canvas.measure(symbol);
    result.glyph[static_cast<std::size_t>(value)] = glyph_of(font, symbol);
    result.dx[static_cast<std::size_t>(value)] = -(metrics.ink_left + metrics.ink_width / 2);
    top = value == 1 ? metrics.ink_top : std::min(top, metrics.ink_top);
    bottom = value == 1 ? metrics.ink_top + metrics.ink_height
                        : std::max(bottom, metrics.ink_top + metrics.ink_height);
  }
  result.dy = -(top + bottom) / 2;
  result.space_glyph = glyph_of(font, " ");
  result.space_advance = canvas.measure(" ").advance;
  return result;
}

// Filled cells that follow one another in reading order and share a look.
struct Run {
  bool given = true;
  std::vector<int> cells;
};

}  // namespace

char printed_symbol(int value) {
  static constexpr std::string_view kSymbols = ".123456789ABCDEFGHJKLMNPQR";
  return value >= 0 && static_cast<std::size_t>(value) < kSymbols.size()
             ? kSymbols[static_cast<std::size_t>(value)]
             : '?';
}

void paint_grid(Canvas& canvas, const Grid& puzzle, const Grid* solution, const Rect& outer,
                const GridLook& look) {
  const Geometry& geometry = puzzle.geometry();
  const int size = geometry.size();
  const double side = std::min(outer.width, outer.height) - look.border;
  const double left = outer.x + look.border / 2;
  const double top = outer.y + look.border / 2;
  const double cell = side / size;

  std::vector<Segment> thin;
  std::vector<Segment> thick;
  for (int i = 1; i < size; ++i) {
    const double x = left + i * cell;
    const double y = top + i * cell;
    (i % geometry.box_cols() == 0 ? thick : thin).push_back({{x, top}, {x, top + side}});
    (i % geometry.box_rows() == 0 ? thick : thin).push_back({{left, y}, {left + side, y}});
  }
  canvas.stroke_segments(thin, look.thin, look.line_color);
  canvas.stroke_segments(thick, look.thick, look.line_color);
  canvas.stroke_rect({left, top, side, side}, look.border, look.line_color);

  const LookGlyphs given_glyphs = prepare(canvas, look.givens, cell, size);
  const LookGlyphs solved_glyphs =
      solution != nullptr ? prepare(canvas, look.solved, cell, size) : given_glyphs;

  std::vector<Run> runs;
  std::string symbols;  // the grid on one line, '.' for blanks
  for (int index = 0; index < geometry.cell_count(); ++index) {
    const bool given = puzzle[index] != 0;
    const int value = given ? puzzle[index] : (solution != nullptr ? (*solution)[index] : 0);
    symbols += printed_symbol(value);
    if (value == 0) continue;
    if (runs.empty() || runs.back().given != given) runs.push_back({given, {}});
    runs.back().cells.push_back(index);
  }

  // Text extraction: the first run carries the whole grid as its text (a PDF ActualText span, which
  // Cairo writes for a multi-glyph cluster) and the other runs carry only a space. Padded with spaces to the
  // grid's width on the first row, the grid then reads as one word, "1..4....9.49...", wherever it
  // sits on the page; drawn digit by digit, pdftotext takes the widely spaced digits for columns and
  // mixes up the grids of a page.
  std::vector<cairo_glyph_t> glyphs;
  bool first = true;
  for (const auto& run : runs) {
    const DigitLook& digit = run.given ? look.givens : look.solved;
    const LookGlyphs& placement = run.given ? given_glyphs : solved_glyphs;
    glyphs.clear();
    const double first_baseline = top + 0.5 * cell + placement.dy;
    if (first) {
      glyphs.push_back({placement.space_glyph, left, first_baseline});
    } else {
      // Two glyphs at least, so that Cairo never maps a lone digit glyph to the run's text.
      const int index = run.cells.front();
      glyphs.push_back({placement.space_glyph, left + geometry.col_of(index) * cell,
                        top + (geometry.row_of(index) + 0.5) * cell + placement.dy});
    }
    for (int index : run.cells) {
      const int value = solution != nullptr && puzzle[index] == 0 ? (*solution)[index] : puzzle[index];
      const auto v = static_cast<std::size_t>(value);
      glyphs.push_back({placement.glyph[v], left + (geometry.col_of(index) + 0.5) * cell + placement.dx[v],
                        top + (geometry.row_of(index) + 0.5) * cell + placement.dy});
    }
    if (first)
      glyphs.push_back({placement.space_glyph, left + side - placement.space_advance, first_baseline});
    // Cairo treats empty text as no text at all (it would extract the digits again): a space
    // extracts as nothing.
    canvas.draw_glyph_run(*digit.font, digit.scale * cell, digit.color, glyphs,
                          first ? std::string_view(symbols) : " ");
    first = false;
  }
}

}  // namespace sudoku::typeset
