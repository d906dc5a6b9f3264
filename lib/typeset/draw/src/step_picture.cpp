// SPDX-License-Identifier: Apache-2.0
// Pictures of a step (step_picture.hpp): the board before the step with the step's evidence drawn
// on it, in black, white and one grey.
#include "sudoku/typeset/draw/step_picture.hpp"

#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/technique/single.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset {
namespace {

// The one grey: houses and pattern cells are shaded with it; everything else is black or white.
constexpr Color kGrey{0.82, 0.82, 0.82};
// Teaching pages (TeachingStyle): the pattern's houses a lighter tint than its cells, and the
// candidates a step does not use faded.
constexpr Color kTint{0.91, 0.91, 0.91};
constexpr Color kFaded{0.6, 0.6, 0.6};
// A teaching board's candidates: a cell's 3 x 3 (4 x 4, 5 x 5) places fill it to within kPad of
// its edges (clear of a cover house's frame on the grid line and of a cage's line 0.07 cell in,
// slashes included), each digit kMarkFill of its place's height.
constexpr double kPad = 0.1;
constexpr double kMarkFill = 0.72;
constexpr Color kBlack = Color::black();
constexpr Color kWhite = Color::white();
constexpr double kPngPixelsPerPoint = 2.0;

struct Metrics {
  double grid = 0;          // grid side, points
  double margin = 0;        // around the grid and caption
  double thin = 0;          // cell lines
  double thick = 0;         // box lines and border
  double link = 0;          // arrow line width
  double title_size = 0;    // caption fonts
  double text_size = 0;
  double line_height = 0;
};

Metrics metrics_for(StepPictureSize size) {
  if (size == StepPictureSize::page) return {432, 18, 0.5, 1.8, 1.3, 11, 10, 13};
  return {252, 10, 0.35, 1.1, 0.8, 8, 7.5, 9.5};
}

// The caption: title, technique and score, then the step in words, wrapped to the grid's width.
struct Caption {
  std::vector<std::string> bold;
  std::vector<std::string> regular;
};

std::vector<std::string> wrap(Canvas& canvas, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && canvas.measure(longer).advance > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

Caption caption_of(Canvas& canvas, const StepPicture& picture, const PlotFonts& fonts, const Metrics& m) {
  Caption caption;
  char score[32];
  std::snprintf(score, sizeof score, "%.1f", picture.step.score);
  canvas.set_font(fonts.bold, m.title_size);
  if (!picture.title.empty()) caption.bold = wrap(canvas, picture.title, m.grid);
  caption.bold.push_back(std::string(technique_name(picture.step.technique)) + ", " + score);
  canvas.set_font(fonts.regular, m.text_size);
  caption.regular = wrap(canvas, format_step(picture.puzzle->geometry(), picture.step), m.grid);
  return caption;
}

double picture_height(const Caption& caption, const Metrics& m) {
  return m.margin + m.grid + m.line_height * 0.6 +
         m.line_height * static_cast<double>(caption.bold.size() + caption.regular.size()) + m.margin;
}

class Painter {
 public:
  Painter(cairo_t* cairo, const StepPicture& picture, const PlotFonts& fonts, const Metrics& m,
          const TeachingStyle* teaching = nullptr)
      : canvas_(cairo),
        cairo_(cairo),
        picture_(picture),
        geometry_(picture.puzzle->geometry()),
        fonts_(fonts),
        m_(m),
        n_(geometry_.size()),
        cell_(m.grid / n_),
        teaching_(teaching) {
    sub_columns_ = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n_))));
    sub_rows_ = (n_ + sub_columns_ - 1) / sub_columns_;
    const StepEvidence& evidence = picture.step.evidence;
    for (const CellValue& at : evidence.candidates) pattern_.insert({at.cell, at.value});
    for (const CellValue& at : picture.step.eliminations) eliminated_.insert({at.cell, at.value});
    for (const CellValue& at : picture.step.placements) placed_.insert(at.cell);
    if (teaching_ == nullptr) return;
    // The candidates the step uses: its pattern's, the removed ones, a chain's nodes.
    used_.insert(pattern_.begin(), pattern_.end());
    used_.insert(eliminated_.begin(), eliminated_.end());
    for (const EvidenceLink& link : evidence.links) {
      used_.insert({link.from.cell, link.from.value});
      used_.insert({link.to.cell, link.to.value});
    }
    for (const EvidenceBranch& branch : evidence.branches)
      for (const EvidenceNode& node : branch.nodes)
        for (int cell : node.cells) used_.insert({cell, node.value});
    for (const auto& [cell, value] : used_) focus_.insert(cell);
    sum_size_ = std::max(teaching_->min_cage_sum, 0.2 * cell_);
    for (const Cage& cage : geometry_.cages()) sum_cells_.insert(cage.cells.front());
  }

  // The grid with the step drawn on it, without a background or caption.
  void draw_board() {
    shade();
    outline_covers();
    grid_lines();
    cages();
    values_and_marks();
    groups();
    links();
  }

  void draw(const Caption& caption, double height) {
    canvas_.fill_rect({0, 0, m_.grid + 2 * m_.margin, height}, kWhite);
    draw_board();
    double baseline = m_.margin + m_.grid + m_.line_height * 0.6 + m_.line_height * 0.8;
    canvas_.set_font(fonts_.bold, m_.title_size);
    for (const std::string& line : caption.bold) {
      canvas_.draw_text(line, {m_.margin, baseline}, kBlack);
      baseline += m_.line_height;
    }
    canvas_.set_font(fonts_.regular, m_.text_size);
    for (const std::string& line : caption.regular) {
      canvas_.draw_text(line, {m_.margin, baseline}, kBlack);
      baseline += m_.line_height;
    }
  }

 private:
  Rect cell_rect(int cell) const {
    return {m_.margin + geometry_.col_of(cell) * cell_, m_.margin + geometry_.row_of(cell) * cell_, cell_, cell_};
  }
  Point candidate_centre(int cell, int value) const {
    const Rect r = cell_rect(cell);
    const int index = value - 1;
    if (teaching_ == nullptr)
      return {r.x + (index % sub_columns_ + 0.5) * sub_width(), r.y + (index / sub_columns_ + 0.5) * sub_height()};
    // Padded places; under a cage sum the rows close up below it (the digits keep their size).
    const double pad = kPad * cell_;
    const double x = r.x + pad + (index % sub_columns_ + 0.5) * sub_width();
    const int row = index / sub_columns_;
    const double last = r.bottom() - pad - 0.5 * sub_height();
    if (!sum_cells_.count(cell)) return {x, r.y + pad + (row + 0.5) * sub_height()};
    const double first = std::max(r.y + pad + 0.5 * sub_height(), sum_bottom(r) + 0.4 * mark_size());
    const double step = sub_rows_ > 1 ? (last - first) / (sub_rows_ - 1) : 0;
    return {x, first + row * step};
  }
  double sub_width() const {
    return (teaching_ ? (1 - 2 * kPad) * cell_ : cell_) / sub_columns_;
  }
  double sub_height() const { return (teaching_ ? (1 - 2 * kPad) * cell_ : cell_) / sub_rows_; }
  double disc_radius() const { return 0.44 * std::min(sub_width(), sub_height()); }
  // A teaching board's discs in a cage sum's cell, whose rows close up: they keep apart.
  double disc_radius(int cell) const {
    if (teaching_ == nullptr || !sum_cells_.count(cell) || sub_rows_ < 2) return disc_radius();
    const double step = candidate_centre(cell, 1 + sub_columns_).y - candidate_centre(cell, 1).y;
    return std::min(disc_radius(), 0.48 * step);
  }
  double mark_size() const {
    return (teaching_ ? kMarkFill : 0.62) * std::min(sub_width(), sub_height());
  }
  // The white patch a cage sum sits on, in the first cell of its cage.
  Rect sum_patch(const Rect& first, double advance) const {
    return {first.x + 0.07 * cell_, first.y + 0.07 * cell_, advance + 0.1 * cell_, sum_size_ * 1.1};
  }
  double sum_bottom(const Rect& cell) const { return cell.y + 0.07 * cell_ + sum_size_ * 1.1; }
  // Where a value (given, placed before, or the step's placement) is centred, and its size: on a
  // teaching board a cage sum's cell centres it in the room under the sum.
  Point value_centre(int cell) const {
    const Rect r = cell_rect(cell);
    if (teaching_ == nullptr || !sum_cells_.count(cell)) return r.center();
    return {r.center().x, (sum_bottom(r) + r.bottom()) / 2};
  }
  double value_room(int cell) const {
    const Rect r = cell_rect(cell);
    if (teaching_ == nullptr || !sum_cells_.count(cell)) return cell_;
    return r.bottom() - sum_bottom(r);
  }

  // Text centred on a point (by its ink box).
  void centred(const std::string& text, Point centre, const Font& font, double size, Color color) {
    canvas_.set_font(font, size);
    const TextMetrics tm = canvas_.measure(text);
    canvas_.draw_text(text, {centre.x - tm.ink_left - tm.ink_width / 2, centre.y - tm.ink_top - tm.ink_height / 2},
                      color);
  }

  // Black symbols of one font and size (the values, the plain pencil marks) as one glyph run: a
  // Cairo call a symbol (a picture has some 300) is most of what the PDF writer spends on a hint
  // page. Each glyph is centred on its place by its ink box, as centred() places text; a symbol
  // the font has no glyph of is drawn as text (Pango finds a font that has it).
  class MarkRun {
   public:
    MarkRun(Canvas& canvas, const Font& font, double size, int n, Color color = kBlack)
        : canvas_(canvas), font_(font), size_(size), color_(color) {
      canvas_.set_font(font, size);
      cairo_scaled_font_t* scaled = cairo_get_scaled_font(canvas_.cairo());
      for (int v = 1; v <= n; ++v) {
        const std::string symbol(1, value_symbol(v));
        const TextMetrics tm = canvas_.measure(symbol);
        cairo_glyph_t* glyphs = nullptr;
        int count = 0;
        const bool found = cairo_scaled_font_text_to_glyphs(scaled, 0, 0, symbol.c_str(), 1, &glyphs, &count, nullptr,
                                                            nullptr, nullptr) == CAIRO_STATUS_SUCCESS &&
                           count == 1 && glyphs[0].index != 0;
        places_.push_back({found ? glyphs[0].index : 0, -tm.ink_left - tm.ink_width / 2, -tm.ink_top - tm.ink_height / 2});
        cairo_glyph_free(glyphs);
      }
    }
    void add(int value, Point centre) {
      const cairo_glyph_t& place = places_[static_cast<std::size_t>(value - 1)];
      if (place.index != 0) {
        glyphs_.push_back({place.index, centre.x + place.x, centre.y + place.y});
        return;
      }
      canvas_.set_font(font_, size_);
      canvas_.draw_text(std::string(1, value_symbol(value)), {centre.x + place.x, centre.y + place.y}, color_);
    }
    void draw() {
      if (glyphs_.empty()) return;
      canvas_.set_font(font_, size_);
      cairo_set_source_rgb(canvas_.cairo(), color_.red, color_.green, color_.blue);
      cairo_show_glyphs(canvas_.cairo(), glyphs_.data(), static_cast<int>(glyphs_.size()));
    }

   private:
    Canvas& canvas_;
    const Font& font_;
    double size_;
    Color color_;
    std::vector<cairo_glyph_t> places_;  // by value - 1: the glyph and its offset from the centre
    std::vector<cairo_glyph_t> glyphs_;
  };

  // The houses and the pattern's cells, in the grey.
  void shade() {
    std::set<int> cells;
    for (int unit : picture_.step.evidence.units)
      for (int cell : geometry_.units()[static_cast<std::size_t>(unit)]) cells.insert(cell);
    if (teaching_ != nullptr) {
      // The houses tinted, the pattern's cells a shade darker on them.
      std::vector<Rect> houses;
      for (int cell : cells) houses.push_back(cell_rect(cell));
      canvas_.fill_rects(houses, kTint);
      cells.clear();
    }
    for (int cell : picture_.step.evidence.cells) cells.insert(cell);
    std::vector<Rect> rects;
    for (int cell : cells) rects.push_back(cell_rect(cell));
    canvas_.fill_rects(rects, kGrey);
  }

  // The edges of a set of cells where it meets cells outside it (any shape: jigsaw regions, cages).
  std::vector<Segment> boundary(const std::set<int>& cells, double inset) const {
    std::vector<Segment> edges;
    for (int cell : cells) {
      const int row = geometry_.row_of(cell), col = geometry_.col_of(cell);
      const Rect r = cell_rect(cell);
      const auto in = [&](int dr, int dc) {
        const int rr = row + dr, cc = col + dc;
        return rr >= 0 && rr < n_ && cc >= 0 && cc < n_ && cells.count(geometry_.cell_at(rr, cc));
      };
      const double l = r.x + (in(0, -1) ? 0 : inset), t = r.y + (in(-1, 0) ? 0 : inset);
      const double rt = r.right() - (in(0, 1) ? 0 : inset), b = r.bottom() - (in(1, 0) ? 0 : inset);
      if (!in(-1, 0)) edges.push_back({{l, t}, {rt, t}});
      if (!in(1, 0)) edges.push_back({{l, b}, {rt, b}});
      if (!in(0, -1)) edges.push_back({{l, t}, {l, b}});
      if (!in(0, 1)) edges.push_back({{rt, t}, {rt, b}});
    }
    return edges;
  }

  // The cover houses (where candidates go): a dashed black frame on their outline (the candidates
  // fill each cell to within a hair of its edges: a frame further in would run through them).
  void outline_covers() {
    for (int unit : picture_.step.evidence.cover_units) {
      const auto& members = geometry_.units()[static_cast<std::size_t>(unit)];
      const std::set<int> cells(members.begin(), members.end());
      for (const Segment& edge : boundary(cells, 0))
        canvas_.stroke_dashed(edge, m_.thick * 0.8, kBlack, 3 * m_.thick, 2 * m_.thick, 0);
    }
  }

  void grid_lines() {
    std::vector<Segment> thin;
    std::vector<Segment> thick;
    for (int row = 0; row < n_; ++row)
      for (int col = 0; col < n_; ++col) {
        const int cell = geometry_.cell_at(row, col);
        const Rect r = cell_rect(cell);
        if (col + 1 < n_)
          (geometry_.box_of(cell) != geometry_.box_of(cell + 1) ? thick : thin)
              .push_back({{r.right(), r.y}, {r.right(), r.bottom()}});
        if (row + 1 < n_)
          (geometry_.box_of(cell) != geometry_.box_of(geometry_.cell_at(row + 1, col)) ? thick : thin)
              .push_back({{r.x, r.bottom()}, {r.right(), r.bottom()}});
      }
    // One path a weight: a stroke a cell edge would be some 150 PDF paths a picture.
    canvas_.stroke_segments(thin, m_.thin, kBlack);
    canvas_.stroke_segments(thick, m_.thick, kBlack);
    canvas_.stroke_rect({m_.margin, m_.margin, m_.grid, m_.grid}, m_.thick * 1.2, kBlack);
  }

  // Killer cages: every cage dashed with its sum in its first cell's corner; the cages the step
  // reads drawn solid and heavier.
  void cages() {
    const auto& all = geometry_.cages();
    const std::set<int> read(picture_.step.evidence.cages.begin(), picture_.step.evidence.cages.end());
    for (std::size_t c = 0; c < all.size(); ++c) {
      const std::set<int> cells(all[c].cells.begin(), all[c].cells.end());
      const bool strong = read.count(static_cast<int>(c)) > 0;
      for (const Segment& edge : boundary(cells, 0.07 * cell_)) {
        if (strong)
          canvas_.stroke_segments(std::span(&edge, 1), m_.thick * 0.7, kBlack);
        else
          canvas_.stroke_dashed(edge, m_.thin, kBlack, 1.5 * m_.thick, 1.5 * m_.thick, 0);
      }
      const Rect first = cell_rect(all[c].cells.front());
      const double size = teaching_ ? sum_size_ : 0.5 * mark_size();
      canvas_.set_font(fonts_.bold, size);
      const std::string sum = std::to_string(all[c].sum);
      const TextMetrics tm = canvas_.measure(sum);
      const Rect patch = teaching_ ? sum_patch(first, tm.advance)
                                   : Rect{first.x + 0.07 * cell_, first.y + 0.07 * cell_, tm.advance + 0.1 * cell_,
                                          size * 1.1};
      canvas_.fill_rect(patch, kWhite);
      canvas_.draw_text(sum, {patch.x + 0.05 * cell_, patch.y + size * 0.95}, kBlack);
    }
  }

  void values_and_marks() {
    const PencilBoard& board = picture_.board;
    // A teaching board's values in the cages' room: they stay clear of the sums.
    const double value_size = teaching_ && !geometry_.cages().empty() ? 0.5 * cell_ : 0.62 * cell_;
    MarkRun givens(canvas_, fonts_.bold, value_size, n_);
    MarkRun solved(canvas_, fonts_.regular, value_size, n_);
    MarkRun marks(canvas_, fonts_.regular, mark_size(), n_);
    MarkRun faded(canvas_, fonts_.regular, mark_size(), n_, kFaded);
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      const int value = board.values[static_cast<std::size_t>(cell)];
      if (value != 0) {
        ((*picture_.puzzle)[cell] != 0 ? givens : solved).add(value, value_centre(cell));
        continue;
      }
      if (placed_.count(cell)) {
        // The placement: the value large, ringed.
        const Point centre = value_centre(cell);
        const double radius = std::min(0.4 * cell_, 0.5 * value_room(cell) - 0.5 * m_.thick);
        for (const CellValue& at : picture_.step.placements)
          if (at.cell == cell) {
            cairo_new_path(cairo_);
            cairo_arc(cairo_, centre.x, centre.y, radius, 0, 2 * M_PI);
            cairo_set_source_rgb(cairo_, 0, 0, 0);
            cairo_set_line_width(cairo_, m_.thick);
            cairo_stroke(cairo_);
            centred(std::string(1, value_symbol(at.value)), centre, fonts_.bold, radius * 1.25, kBlack);
          }
        continue;
      }
      // A teaching board prints the candidates the step uses, fades the rest of their cells and
      // leaves every other cell's out.
      if (teaching_ != nullptr && !focus_.count(cell)) continue;
      for (int v = 1; v <= n_; ++v) {
        if (!board.has(cell, v)) continue;
        const Point centre = candidate_centre(cell, v);
        const std::string symbol(1, value_symbol(v));
        if (teaching_ != nullptr && !used_.count({cell, v})) {
          faded.add(v, centre);
          continue;
        }
        if (pattern_.count({cell, v})) {
          cairo_new_path(cairo_);
          cairo_arc(cairo_, centre.x, centre.y, disc_radius(cell), 0, 2 * M_PI);
          cairo_set_source_rgb(cairo_, 0, 0, 0);
          cairo_fill(cairo_);
          centred(symbol, centre, fonts_.bold, mark_size(), kWhite);
        } else {
          marks.add(v, centre);
        }
        if (eliminated_.count({cell, v})) {
          // Struck through with one slash, so the digit stays readable; white across a chain
          // node's black disc (a forcing chain's conclusion, a chain's start).
          const double d = (teaching_ ? 0.32 : 0.45) * std::min(sub_width(), sub_height());
          const Segment slash{{centre.x - d, centre.y + d}, {centre.x + d, centre.y - d}};
          canvas_.stroke_segments(std::span(&slash, 1), m_.link * 1.2, pattern_.count({cell, v}) ? kWhite : kBlack);
        }
      }
    }
    for (MarkRun* run : {&givens, &solved, &marks, &faded}) run->draw();
    // A naked single: the values of its houses that took the cell's other candidates, thinly ringed.
    for (const CellValue& at : emptying_values(geometry_, board, picture_.step)) {
      const Point centre = value_centre(at.cell);
      cairo_new_path(cairo_);
      cairo_arc(cairo_, centre.x, centre.y, std::min(0.36 * cell_, 0.45 * value_room(at.cell)), 0, 2 * M_PI);
      cairo_set_source_rgb(cairo_, 0, 0, 0);
      cairo_set_line_width(cairo_, std::max(0.5, m_.thin));  // print weight
      cairo_stroke(cairo_);
    }
  }

  // Where a chain node is drawn: a candidate's disc, or the box around a group's candidates.
  struct Anchor {
    Point centre;
    double half_width = 0;
    double half_height = 0;
    bool group = false;
  };
  Anchor anchor_of(const EvidenceNode& node) const {
    if (node.cells.size() == 1) {
      const double r = disc_radius();
      return {candidate_centre(node.cells.front(), node.value), r, r, false};
    }
    double left = 1e9, top = 1e9, right = -1e9, bottom = -1e9;
    for (int cell : node.cells) {
      const Point c = candidate_centre(cell, node.value);
      left = std::min(left, c.x);
      right = std::max(right, c.x);
      top = std::min(top, c.y);
      bottom = std::max(bottom, c.y);
    }
    const double pad = 0.5 * std::min(sub_width(), sub_height());
    return {{(left + right) / 2, (top + bottom) / 2}, (right - left) / 2 + pad, (bottom - top) / 2 + pad, true};
  }
  // How far from an anchor's centre an arrow along (ux, uy) leaves it.
  static double exit_distance(const Anchor& anchor, double ux, double uy) {
    if (!anchor.group) return anchor.half_width * 1.1;
    const double along_x = std::abs(ux) < 1e-9 ? 1e9 : anchor.half_width / std::abs(ux);
    const double along_y = std::abs(uy) < 1e-9 ? 1e9 : anchor.half_height / std::abs(uy);
    return std::min(along_x, along_y) + 0.15 * anchor.half_height;
  }

  // Group nodes (a value in one of several cells of a house): a box around their candidates.
  void groups() {
    std::set<std::pair<std::vector<int>, int>> drawn;
    for (const EvidenceBranch& branch : picture_.step.evidence.branches)
      for (const EvidenceNode& node : branch.nodes) {
        if (node.cells.size() < 2 || !drawn.insert({node.cells, node.value}).second) continue;
        const Anchor a = anchor_of(node);
        const double r = 0.35 * a.half_height;
        const double x0 = a.centre.x - a.half_width, y0 = a.centre.y - a.half_height;
        const double x1 = a.centre.x + a.half_width, y1 = a.centre.y + a.half_height;
        cairo_save(cairo_);
        cairo_new_path(cairo_);
        cairo_arc(cairo_, x1 - r, y0 + r, r, -M_PI / 2, 0);
        cairo_arc(cairo_, x1 - r, y1 - r, r, 0, M_PI / 2);
        cairo_arc(cairo_, x0 + r, y1 - r, r, M_PI / 2, M_PI);
        cairo_arc(cairo_, x0 + r, y0 + r, r, M_PI, 3 * M_PI / 2);
        cairo_close_path(cairo_);
        cairo_set_source_rgb(cairo_, 0, 0, 0);
        cairo_set_line_width(cairo_, m_.link);
        cairo_stroke(cairo_);
        cairo_restore(cairo_);
      }
  }

  // Chain links as gently bowed arrows from candidate to candidate: strong solid, weak dashed. A
  // branch's links run from each node's parents to it (from an on parent weak, from an off one
  // strong); a link several branches share is drawn once. A pattern's node (NodeRule other than
  // link: an intersection, naked subset, cage or inner chain inside a dynamic (+) or nested
  // branch) is not entered by links — its parents are the facts its pattern needs, an inner
  // chain's every removal so far — so it gets no arrows; its candidate is marked as the others.
  void links() {
    const auto single = [this](const CellValue& at) {
      const double r = disc_radius();
      return Anchor{candidate_centre(at.cell, at.value), r, r, false};
    };
    for (const EvidenceLink& link : picture_.step.evidence.links)
      arrow(single(link.from), single(link.to), link.strong);
    std::set<std::tuple<std::vector<int>, int, std::vector<int>, int>> drawn;
    for (const EvidenceBranch& branch : picture_.step.evidence.branches)
      for (const EvidenceNode& node : branch.nodes) {
        if (node.rule != NodeRule::link) continue;
        for (int parent : node.parents) {
          const EvidenceNode& from = branch.nodes[static_cast<std::size_t>(parent)];
          if (!drawn.insert({from.cells, from.value, node.cells, node.value}).second) continue;
          arrow(anchor_of(from), anchor_of(node), !from.on && node.on);
        }
      }
  }

  void arrow(const Anchor& from_anchor, const Anchor& to_anchor, bool strong) {
    {
      const Point from = from_anchor.centre;
      const Point to = to_anchor.centre;
      const double dx = to.x - from.x, dy = to.y - from.y;
      const double length = std::hypot(dx, dy);
      if (length < from_anchor.half_width + to_anchor.half_width) return;
      const double ux = dx / length, uy = dy / length;
      // Bowed to the left of the direction of travel, so a link and its way back do not overlap.
      const double bow = std::min(0.18 * length, 0.6 * cell_);
      const Point control{(from.x + to.x) / 2 - uy * bow, (from.y + to.y) / 2 + ux * bow};
      const auto towards = [](Point a, Point b, double by) {
        const double l = std::hypot(b.x - a.x, b.y - a.y);
        return Point{a.x + (b.x - a.x) / l * by, a.y + (b.y - a.y) / l * by};
      };
      const auto leaving = [&](const Anchor& anchor) {
        const double cx = control.x - anchor.centre.x, cy = control.y - anchor.centre.y;
        const double cl = std::hypot(cx, cy);
        return exit_distance(anchor, cx / cl, cy / cl);
      };
      const Point start = towards(from, control, leaving(from_anchor));
      const Point end = towards(to, control, leaving(to_anchor));
      const double head = 3.2 * m_.link + 2;
      const Point shaft_end = towards(end, control, head * 0.8);
      cairo_save(cairo_);
      cairo_set_source_rgb(cairo_, 0, 0, 0);
      cairo_set_line_width(cairo_, m_.link);
      cairo_set_line_cap(cairo_, CAIRO_LINE_CAP_BUTT);
      if (!strong) {
        const double dash[] = {3 * m_.link + 1, 2 * m_.link + 1};
        cairo_set_dash(cairo_, dash, 2, 0);
      }
      cairo_new_path(cairo_);
      cairo_move_to(cairo_, start.x, start.y);
      cairo_curve_to(cairo_, control.x, control.y, control.x, control.y, shaft_end.x, shaft_end.y);
      cairo_stroke(cairo_);
      // The head, along the curve's last direction (from the control point to the end).
      const double hx = end.x - control.x, hy = end.y - control.y;
      const double hl = std::hypot(hx, hy);
      const double vx = hx / hl, vy = hy / hl;
      cairo_set_dash(cairo_, nullptr, 0, 0);
      cairo_new_path(cairo_);
      cairo_move_to(cairo_, end.x, end.y);
      cairo_line_to(cairo_, end.x - vx * head - vy * head * 0.45, end.y - vy * head + vx * head * 0.45);
      cairo_line_to(cairo_, end.x - vx * head + vy * head * 0.45, end.y - vy * head - vx * head * 0.45);
      cairo_close_path(cairo_);
      cairo_fill(cairo_);
      cairo_restore(cairo_);
    }
  }

  Canvas canvas_;
  cairo_t* cairo_;
  const StepPicture& picture_;
  const Geometry& geometry_;
  const PlotFonts& fonts_;
  const Metrics& m_;
  int n_;
  double cell_;
  const TeachingStyle* teaching_ = nullptr;
  int sub_columns_ = 3;
  int sub_rows_ = 3;
  double sum_size_ = 0;                 // teaching: the cage sums' size
  std::set<int> sum_cells_;             // teaching: the cells that carry a cage sum
  std::set<std::pair<int, int>> used_;  // teaching: the candidates the step uses
  std::set<int> focus_;                 // teaching: their cells
  std::set<std::pair<int, int>> pattern_;
  std::set<std::pair<int, int>> eliminated_;
  std::set<int> placed_;
};

using SurfacePointer = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using ContextPointer = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

void check(cairo_status_t status, const char* what) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("step picture: cannot ") + what + ": " + cairo_status_to_string(status));
}

// Captions need text measurements, which need a context; a 1x1 image surface is the cheapest one.
Caption measure_caption(const StepPicture& picture, const PlotFonts& fonts, const Metrics& m) {
  SurfacePointer surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1), &cairo_surface_destroy);
  ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
  Canvas canvas(cairo.get());
  return caption_of(canvas, picture, fonts, m);
}

}  // namespace

std::vector<CellValue> emptying_values(const Geometry& geometry, const PencilBoard& board, const TechniqueStep& step) {
  std::vector<CellValue> found;
  if (step.technique != Technique::naked_single || step.placements.size() != 1) return found;
  const CellValue placed = step.placements.front();
  for (int value = 1; value <= geometry.size(); ++value) {
    if (value == placed.value) continue;
    bool seen = false;
    for (int unit : step.evidence.units) {
      for (int cell : geometry.units()[static_cast<std::size_t>(unit)])
        if (board.values[static_cast<std::size_t>(cell)] == value) {
          found.push_back({cell, value});
          seen = true;
          break;
        }
      if (seen) break;
    }
  }
  return found;
}

std::optional<StepPictureSize> parse_step_picture_size(const std::string& name) {
  if (name == "page") return StepPictureSize::page;
  if (name == "quarter") return StepPictureSize::quarter;
  return std::nullopt;
}

std::string render_step_pictures(const std::vector<StepPicture>& pictures, const PlotFonts& fonts,
                                 PlotFormat format, const StepPictureOptions& options) {
  if (pictures.empty()) throw std::invalid_argument("no step to draw");
  if (format != PlotFormat::pdf && pictures.size() != 1)
    throw std::invalid_argument("SVG and PNG hold one step picture; use PDF for several");
  const Metrics m = metrics_for(options.size);
  const double width = m.grid + 2 * m.margin;
  switch (format) {
    case PlotFormat::pdf: {
      PdfDocument document({"Step pictures", "", "", "", "sudoku-press", options.pdf_date, {}});
      for (const StepPicture& picture : pictures) {
        const Caption caption = measure_caption(picture, fonts, m);
        const double height = picture_height(caption, m);
        document.begin_page(width, height);
        Painter(document.context(), picture, fonts, m).draw(caption, height);
        document.end_page();
      }
      return document.finish();
    }
    case PlotFormat::svg: {
      const Caption caption = measure_caption(pictures.front(), fonts, m);
      const double height = picture_height(caption, m);
      std::string bytes;
      {
        SurfacePointer surface(cairo_svg_surface_create_for_stream(append_bytes, &bytes, width, height),
                               &cairo_surface_destroy);
        check(cairo_surface_status(surface.get()), "create the SVG surface");
        ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
        Painter(cairo.get(), pictures.front(), fonts, m).draw(caption, height);
        check(cairo_status(cairo.get()), "draw the SVG picture");
        cairo_surface_finish(surface.get());
        check(cairo_surface_status(surface.get()), "finish the SVG picture");
      }
      return bytes;
    }
    case PlotFormat::png: {
      const Caption caption = measure_caption(pictures.front(), fonts, m);
      const double height = picture_height(caption, m);
      SurfacePointer surface(
          cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(std::lround(width * kPngPixelsPerPoint)),
                                     static_cast<int>(std::lround(height * kPngPixelsPerPoint))),
          &cairo_surface_destroy);
      check(cairo_surface_status(surface.get()), "create the PNG image");
      ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
      cairo_scale(cairo.get(), kPngPixelsPerPoint, kPngPixelsPerPoint);
      Painter(cairo.get(), pictures.front(), fonts, m).draw(caption, height);
      check(cairo_status(cairo.get()), "draw the PNG picture");
      std::string bytes;
      check(cairo_surface_write_to_png_stream(surface.get(), append_bytes, &bytes), "encode the PNG picture");
      return bytes;
    }
  }
  throw std::invalid_argument("unknown picture format");
}

double teaching_mark_size(double side, int grid_size) {
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(grid_size))));
  return kMarkFill * (1 - 2 * kPad) * side / (grid_size * columns);
}

double teaching_side(double mark_size, int grid_size) {
  const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(grid_size))));
  return mark_size * grid_size * columns / (kMarkFill * (1 - 2 * kPad));
}

void draw_step_board(cairo_t* cairo, const StepPicture& picture, const TeachingStyle& style, Point top_left,
                     double side) {
  // Print weights: lines never under 0.5 pt (kMinimumLineWeight), box lines and arrows grow with
  // the grid as the quarter picture's do.
  const double scale = side / metrics_for(StepPictureSize::quarter).grid;
  const Metrics m{side, 0, 0.5, std::max(1.1, 1.1 * scale), std::max(0.8, 0.8 * scale), 0, 0, 0};
  cairo_save(cairo);
  cairo_translate(cairo, top_left.x, top_left.y);
  Painter(cairo, picture, style.digits, m, &style).draw_board();
  cairo_restore(cairo);
}

std::vector<StepPicture> choose_step_pictures(const std::shared_ptr<const Grid>& puzzle,
                                              const std::vector<TechniqueStep>& steps, const std::string& source,
                                              StepChoice choice) {
  std::vector<StepPicture> pictures;
  if (!puzzle || steps.empty()) return pictures;
  const std::vector<PencilBoard> boards = step_boards(*puzzle, steps);
  std::size_t hardest = 0;
  for (std::size_t i = 1; i < steps.size(); ++i)
    if (steps[i].score > steps[hardest].score + 1e-9) hardest = i;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (choice == StepChoice::beyond_singles ? is_single(steps[i].technique) : i != hardest) continue;
    pictures.push_back({puzzle, boards[i], steps[i],
                        source + ", step " + std::to_string(i + 1) + " of " + std::to_string(steps.size()), i});
  }
  return pictures;
}

std::string numbered_path(const std::string& path, std::size_t index) {
  if (index == 0) return path;
  const std::size_t dot = path.find_last_of('.');
  const std::size_t slash = path.find_last_of('/');
  const bool has_extension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
  const std::string stem = has_extension ? path.substr(0, dot) : path;
  return stem + "-" + std::to_string(index + 1) + (has_extension ? path.substr(dot) : std::string());
}

void write_step_pictures(const std::string& path, PlotFormat format, const std::vector<StepPicture>& pictures,
                         const PlotFonts& fonts, const StepPictureOptions& options) {
  if (format == PlotFormat::pdf) {
    write_file_atomically(path, render_step_pictures(pictures, fonts, format, options));
    return;
  }
  // Every file rendered before any is written.
  std::vector<std::string> files;
  for (const auto& picture : pictures) files.push_back(render_step_pictures({picture}, fonts, format, options));
  for (std::size_t i = 0; i < files.size(); ++i) write_file_atomically(numbered_path(path, i), files[i]);
}

}  // namespace sudoku::typeset
