// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/draw/grid_painter.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
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

// Where a grid's cells are: the top-left corner of cell (0, 0) and the side of a cell.
struct CellFrame {
  double left = 0;
  double top = 0;
  double cell = 0;
  Point at(double column, double row) const { return {left + column * cell, top + row * cell}; }
};

// The cells of the variant's extra units, tinted as one path under the lines.
void paint_tint(Canvas& canvas, const Geometry& geometry, const CellFrame& frame, Color tint) {
  const auto& units = geometry.units();
  std::vector<bool> tinted(static_cast<std::size_t>(geometry.cell_count()), false);
  for (std::size_t unit = static_cast<std::size_t>(geometry.first_extra_unit()); unit < units.size(); ++unit)
    for (int cell : units[unit]) tinted[static_cast<std::size_t>(cell)] = true;
  std::vector<Rect> rects;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (!tinted[static_cast<std::size_t>(cell)]) continue;
    const Point corner = frame.at(geometry.col_of(cell), geometry.row_of(cell));
    rects.push_back({corner.x, corner.y, frame.cell, frame.cell});
  }
  canvas.fill_rects(rects, tint);
}

// Thick lines between neighbours in different regions (a board without regular boxes), merged into
// runs along each grid line. A run stops at a vertex where another thick line goes on (a region
// boundary never ends inside the grid), so an inner end reaches half a line width past its vertex
// to fill the corner; an end on the border stops there, under the border.
std::vector<Segment> region_edges(const Geometry& geometry, const CellFrame& frame, double width) {
  const int size = geometry.size();
  std::vector<Segment> edges;
  const auto run_end = [&](int at) { return at == 0 || at == size ? 0.0 : width / 2 / frame.cell; };
  for (int line = 1; line < size; ++line) {
    for (const bool vertical : {true, false}) {
      int start = -1;
      for (int along = 0; along <= size; ++along) {
        // The edge between the two cells on either side of `line` at position `along`.
        const bool differs = along < size && (vertical ? geometry.box_of(geometry.cell_at(along, line - 1)) !=
                                                             geometry.box_of(geometry.cell_at(along, line))
                                                       : geometry.box_of(geometry.cell_at(line - 1, along)) !=
                                                             geometry.box_of(geometry.cell_at(line, along)));
        if (differs && start < 0) start = along;
        if (!differs && start >= 0) {
          const double from = start - run_end(start);
          const double to = along + run_end(along);
          edges.push_back(vertical ? Segment{frame.at(line, from), frame.at(line, to)}
                                   : Segment{frame.at(from, line), frame.at(to, line)});
          start = -1;
        }
      }
    }
  }
  return edges;
}

// A corner of a cage's outline on the cell lattice (x = column, y = row) and the unit directions of
// the sides arriving at it and leaving it.
struct Corner {
  int x = 0;
  int y = 0;
  int in_dx = 0;
  int in_dy = 0;
  int out_dx = 0;
  int out_dy = 0;
};

// The closed outlines of a set of cells, clockwise on the page (y down), so the cells lie on the
// right of every side; a cage with a hole has a second outline around the hole. Where two cells of
// the set touch only at a corner, the outline turns into the cells (right), so each keeps its own
// corner once inset.
std::vector<std::vector<Corner>> trace_outlines(const Geometry& geometry, const std::vector<int>& cells) {
  const int size = geometry.size();
  std::vector<bool> in(static_cast<std::size_t>(geometry.cell_count()), false);
  for (int cell : cells) in[static_cast<std::size_t>(cell)] = true;
  const auto inside = [&](int row, int col) {
    return row >= 0 && col >= 0 && row < size && col < size &&
           in[static_cast<std::size_t>(geometry.cell_at(row, col))];
  };
  struct Edge {
    int x, y, dx, dy;
    bool used = false;
  };
  std::vector<Edge> edges;
  for (int cell : cells) {
    const int r = geometry.row_of(cell);
    const int c = geometry.col_of(cell);
    if (!inside(r - 1, c)) edges.push_back({c, r, 1, 0});
    if (!inside(r, c + 1)) edges.push_back({c + 1, r, 0, 1});
    if (!inside(r + 1, c)) edges.push_back({c + 1, r + 1, -1, 0});
    if (!inside(r, c - 1)) edges.push_back({c, r + 1, 0, -1});
  }
  // The edge leaving (x, y) after one going (dx, dy): a right turn if there is one, else straight on,
  // else left. At most two edges leave a vertex, and only one of them turns right.
  const auto next_edge = [&](int x, int y, int dx, int dy) -> Edge* {
    Edge* straight = nullptr;
    Edge* other = nullptr;
    for (Edge& edge : edges) {
      if (edge.x != x || edge.y != y) continue;
      if (edge.dx == -dy && edge.dy == dx) return &edge;
      (edge.dx == dx && edge.dy == dy ? straight : other) = &edge;
    }
    return straight != nullptr ? straight : other;
  };
  std::vector<std::vector<Corner>> outlines;
  for (Edge& first : edges) {
    if (first.used) continue;
    std::vector<Corner> outline;
    Edge* edge = &first;
    // Every edge has one successor, so the walk comes back to `first` and closes the outline.
    while (!edge->used) {
      edge->used = true;
      const int x = edge->x + edge->dx;
      const int y = edge->y + edge->dy;
      Edge* next = next_edge(x, y, edge->dx, edge->dy);
      if (next->dx != edge->dx || next->dy != edge->dy)
        outline.push_back({x, y, edge->dx, edge->dy, next->dx, next->dy});
      edge = next;
    }
    outlines.push_back(std::move(outline));
  }
  return outlines;
}

// Killer: each cage's outline inset by `inset` (each corner moves inward along both sides' normals,
// which is where the inset sides meet, for outer and inner corners alike), dashed side by side with
// the dashes fitted to the side's length: a half dash at each end, so each corner is one L-shaped
// dash. Then each sum on its white box over the corner of the cage's top-left cell.
void paint_cages(Canvas& canvas, const Geometry& geometry, const CellFrame& frame, const GridLook& look,
                 double edge_clear) {
  const double width = look.cage > 0 ? look.cage : look.thin;
  const double inset = std::max(0.1 * frame.cell, edge_clear + width);
  const double period = 0.16 * frame.cell;
  for (const Cage& cage : geometry.cages()) {
    for (const auto& outline : trace_outlines(geometry, cage.cells)) {
      const auto place = [&](const Corner& corner) {
        const Point lattice = frame.at(corner.x, corner.y);
        // The inward normal of a side going (dx, dy) is (-dy, dx): the cells are on its right.
        return Point{lattice.x + inset * (-corner.in_dy - corner.out_dy),
                     lattice.y + inset * (corner.in_dx + corner.out_dx)};
      };
      for (std::size_t i = 0; i < outline.size(); ++i) {
        const Point from = place(outline[i]);
        const Point to = place(outline[(i + 1) % outline.size()]);
        const double length = std::abs(to.x - from.x) + std::abs(to.y - from.y);
        const double fitted = length / std::max(1.0, std::round(length / period));
        // The square caps add width / 2 to each end of a dash: the drawn dash is shorter by width.
        const double dash = std::max(0.55 * fitted - width, 0.0);
        canvas.stroke_dashed({from, to}, width, look.line_color, dash, fitted - dash, dash / 2);
      }
    }
  }
  const double size = look.cage_sum * frame.cell;
  const double pad = 0.04 * frame.cell;
  canvas.set_font(*look.givens.font, size);
  for (const Cage& cage : geometry.cages()) {
    const int first = cage.cells.front();  // the top-left cell: cells are sorted row-major
    const std::string sum = std::to_string(cage.sum);
    const TextMetrics ink = canvas.measure(sum);
    const Point corner = frame.at(geometry.col_of(first), geometry.row_of(first));
    const Rect box{corner.x + edge_clear, corner.y + edge_clear, ink.ink_width + 2 * pad,
                   ink.ink_height + 2 * pad};
    canvas.fill_rect(box, Color::white());
    canvas.draw_text(sum, {box.x + pad - ink.ink_left, box.y + pad - ink.ink_top}, look.givens.color);
  }
}

// A gattai board's lines as page segments: thin, then box lines, then the grids' outlines, so the
// heavier lines cover the crossings. A box line or outline run reaches half its width past each
// end, to fill the corner where it meets the perpendicular line (the end of a box line lies under
// a crossing line at least as heavy; an outline's under another outline).
void paint_gattai_lines(Canvas& canvas, const Geometry& geometry, const CellFrame& frame, const GridLook& look) {
  const GattaiLines lines = gattai_lines(geometry);
  const auto segments = [&](const std::vector<LatticeRun>& runs, double width) {
    std::vector<Segment> result;
    result.reserve(runs.size());
    const double reach = width / 2 / frame.cell;
    for (const LatticeRun& run : runs)
      result.push_back(run.vertical ? Segment{frame.at(run.line, run.from - reach), frame.at(run.line, run.to + reach)}
                                    : Segment{frame.at(run.from - reach, run.line), frame.at(run.to + reach, run.line)});
    return result;
  };
  canvas.stroke_segments(segments(lines.thin, 0), look.thin, look.line_color);
  canvas.stroke_segments(segments(lines.thick, look.thick), look.thick, look.line_color);
  canvas.stroke_segments(segments(lines.border, look.border), look.border, look.line_color);
}

}  // namespace

int cells_across(const Geometry& geometry) {
  return geometry.is_gattai() ? std::max(geometry.board_rows(), geometry.board_cols()) : geometry.size();
}

GattaiLines gattai_lines(const Geometry& board) {
  GattaiLines lines;
  const GattaiShape* shape = board.gattai_shape();
  if (shape == nullptr) return lines;
  const int rows = board.board_rows();
  const int cols = board.board_cols();
  const auto exists = [&](int row, int col) {
    return row >= 0 && col >= 0 && row < rows && col < cols && board.cell_at(row, col) >= 0;
  };
  // Whether the unit edge on lattice line `line` at `along` lies on some grid's outline.
  const auto on_outline = [&](bool vertical, int line, int along) {
    for (const auto& [top, left] : shape->origins) {
      const int first_line = vertical ? left : top;
      const int first_along = vertical ? top : left;
      if ((line == first_line || line == first_line + 9) && along >= first_along && along < first_along + 9)
        return true;
    }
    return false;
  };
  enum Weight { none, thin, thick, border };
  for (const bool vertical : {true, false}) {
    const int line_count = vertical ? cols : rows;
    const int length = vertical ? rows : cols;
    for (int line = 0; line <= line_count; ++line) {
      Weight current = none;
      int start = 0;
      for (int along = 0; along <= length; ++along) {
        // The cells on either side of the edge: (row, col) before and after the line.
        Weight weight = none;
        if (along < length) {
          const bool before = vertical ? exists(along, line - 1) : exists(line - 1, along);
          const bool after = vertical ? exists(along, line) : exists(line, along);
          if (before || after)
            weight = on_outline(vertical, line, along) ? border : (line % 3 == 0 ? thick : thin);
        }
        if (weight == current) continue;
        if (current != none) {
          const LatticeRun run{vertical, line, start, along};
          (current == thin ? lines.thin : current == thick ? lines.thick : lines.border).push_back(run);
        }
        current = weight;
        start = along;
      }
    }
  }
  return lines;
}

char printed_symbol(int value) {
  static constexpr std::string_view kSymbols = ".123456789ABCDEFGHJKLMNPQR";
  return value >= 0 && static_cast<std::size_t>(value) < kSymbols.size()
             ? kSymbols[static_cast<std::size_t>(value)]
             : '?';
}

std::string printed_symbols_text(int size, const Catalog& catalog) {
  const auto range = [&](std::string first, std::string last) {
    return fill(catalog.text("symbols", "{first} to {last}"), {{"first", std::move(first)}, {"last", std::move(last)}});
  };
  if (size <= 9) return range("1", std::to_string(size));
  std::string letters = range("A", std::string(1, printed_symbol(size)));
  std::vector<std::string> skipped;
  if (size >= 18) skipped.emplace_back("I");
  if (size >= 23) skipped.emplace_back("O");
  if (!skipped.empty())
    letters = fill(catalog.text("symbols", "{letters} (without {skipped})"),
                   {{"letters", letters}, {"skipped", catalog.list(skipped)}});
  return fill(catalog.text("symbols", "{digits} and {letters}"), {{"digits", range("1", "9")}, {"letters", letters}});
}

void paint_grid(Canvas& canvas, const Grid& puzzle, const Grid* solution, const Rect& outer,
                const GridLook& look) {
  const Geometry& geometry = puzzle.geometry();
  const int size = geometry.size();
  const double side = std::min(outer.width, outer.height) - look.border;
  const int across = cells_across(geometry);
  const double cell = side / across;
  // A board narrower or shorter than it is across (a custom gattai shape) is centred.
  const double left = outer.x + look.border / 2 + (across - geometry.board_cols()) * cell / 2;
  const double top = outer.y + look.border / 2 + (across - geometry.board_rows()) * cell / 2;

  const CellFrame frame{left, top, cell};
  if (geometry.is_gattai()) {
    paint_gattai_lines(canvas, geometry, frame, look);
  } else {
    const bool regular = geometry.has_regular_boxes();
    if (static_cast<std::size_t>(geometry.first_extra_unit()) < geometry.units().size())
      paint_tint(canvas, geometry, frame, look.tint);

    std::vector<Segment> thin;
    std::vector<Segment> thick;
    for (int i = 1; i < size; ++i) {
      const double x = left + i * cell;
      const double y = top + i * cell;
      (regular && i % geometry.box_cols() == 0 ? thick : thin).push_back({{x, top}, {x, top + side}});
      (regular && i % geometry.box_rows() == 0 ? thick : thin).push_back({{left, y}, {left + side, y}});
    }
    const double thick_width = regular ? look.thick : std::max(look.thick, look.region);
    if (!regular) thick = region_edges(geometry, frame, thick_width);
    canvas.stroke_segments(thin, look.thin, look.line_color);
    canvas.stroke_segments(thick, thick_width, look.line_color);
    canvas.stroke_rect({left, top, side, side}, look.border, look.line_color);
  }
  const bool cages = solution == nullptr && !geometry.cages().empty();
  if (cages) paint_cages(canvas, geometry, frame, look, std::max(look.thick, look.border) / 2);
  // Among cages, givens are a fifth smaller, so that their ink stays below the sums' boxes.
  DigitLook givens = look.givens;
  if (cages) givens.scale *= 0.8;

  const LookGlyphs given_glyphs = prepare(canvas, givens, cell, size);
  const LookGlyphs solved_glyphs =
      solution != nullptr ? prepare(canvas, look.solved, cell, size) : given_glyphs;

  std::vector<Run> runs;
  std::string symbols;  // the grid on one line, '.' for blanks (a gattai board: '-' for no cell)
  const auto value_at = [&](int index) {
    return puzzle[index] != 0 ? puzzle[index] : (solution != nullptr ? (*solution)[index] : 0);
  };
  if (geometry.is_gattai())
    for (int row = 0; row < geometry.board_rows(); ++row)
      for (int col = 0; col < geometry.board_cols(); ++col) {
        const int index = geometry.cell_at(row, col);
        symbols += index < 0 ? '-' : printed_symbol(value_at(index));
      }
  for (int index = 0; index < geometry.cell_count(); ++index) {
    const bool given = puzzle[index] != 0;
    const int value = value_at(index);
    if (!geometry.is_gattai()) symbols += printed_symbol(value);
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
  std::string glyph_symbols;  // what each glyph of a run prints, ' ' for the spacers
  if (runs.empty()) {
    // A grid without givens (Killer's usual form) still extracts as its line of blanks: two spaces
    // across the first row carry it.
    const double baseline = top + 0.5 * cell + given_glyphs.dy;
    glyphs = {{given_glyphs.space_glyph, left, baseline},
              {given_glyphs.space_glyph, left + side - given_glyphs.space_advance, baseline}};
    canvas.draw_glyph_run(*givens.font, givens.scale * cell, givens.color, glyphs, symbols, "  ");
  }
  bool first = true;
  for (const auto& run : runs) {
    const DigitLook& digit = run.given ? givens : look.solved;
    const LookGlyphs& placement = run.given ? given_glyphs : solved_glyphs;
    glyphs.clear();
    glyph_symbols.clear();
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
      glyph_symbols += printed_symbol(value);
    }
    if (first)
      glyphs.push_back({placement.space_glyph, left + side - placement.space_advance, first_baseline});
    // The spacers, first and (on the first run) last, print nothing of their own.
    glyph_symbols.insert(glyph_symbols.begin(), ' ');
    glyph_symbols.push_back(' ');
    // Cairo treats empty text as no text at all (it would extract the digits again): a space
    // extracts as nothing.
    canvas.draw_glyph_run(*digit.font, digit.scale * cell, digit.color, glyphs,
                          first ? std::string_view(symbols) : " ", glyph_symbols);
    first = false;
  }
}

}  // namespace sudoku::typeset
