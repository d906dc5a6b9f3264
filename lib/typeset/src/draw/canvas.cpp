#include "sudoku/typeset/canvas.hpp"

#include <string>

namespace sudoku::typeset {

Canvas::Canvas(cairo_t* cairo) : cairo_(cairo) {
  // Vector output: exact outlines and unrounded advances.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cairo_, options);
  cairo_font_options_destroy(options);
}

void Canvas::set_color(Color color) {
  cairo_set_source_rgb(cairo_, color.red, color.green, color.blue);
}

void Canvas::stroke_segments(std::span<const Segment> segments, double width, Color color) {
  if (segments.empty()) return;
  for (const auto& segment : segments) {
    cairo_move_to(cairo_, segment.from.x, segment.from.y);
    cairo_line_to(cairo_, segment.to.x, segment.to.y);
  }
  set_color(color);
  cairo_set_line_width(cairo_, width);
  cairo_set_line_cap(cairo_, CAIRO_LINE_CAP_BUTT);
  cairo_stroke(cairo_);
}

void Canvas::stroke_rect(const Rect& rect, double width, Color color) {
  cairo_rectangle(cairo_, rect.x, rect.y, rect.width, rect.height);
  set_color(color);
  cairo_set_line_width(cairo_, width);
  cairo_set_line_join(cairo_, CAIRO_LINE_JOIN_MITER);
  cairo_stroke(cairo_);
}

void Canvas::fill_rect(const Rect& rect, Color color) {
  cairo_rectangle(cairo_, rect.x, rect.y, rect.width, rect.height);
  set_color(color);
  cairo_fill(cairo_);
}

void Canvas::fill_rects(std::span<const Rect> rects, Color color) {
  if (rects.empty()) return;
  for (const Rect& rect : rects) cairo_rectangle(cairo_, rect.x, rect.y, rect.width, rect.height);
  set_color(color);
  cairo_fill(cairo_);
}

void Canvas::stroke_dashed(const Segment& segment, double width, Color color, double dash, double gap,
                           double offset) {
  const double pattern[2] = {dash, gap};
  cairo_move_to(cairo_, segment.from.x, segment.from.y);
  cairo_line_to(cairo_, segment.to.x, segment.to.y);
  set_color(color);
  cairo_set_line_width(cairo_, width);
  cairo_set_line_cap(cairo_, CAIRO_LINE_CAP_SQUARE);
  cairo_set_dash(cairo_, pattern, 2, offset);
  cairo_stroke(cairo_);
  cairo_set_dash(cairo_, nullptr, 0, 0);
}

void Canvas::set_font(const Font& font, double size) {
  font_ = font;
  size_ = size;
  cairo_set_font_face(cairo_, font.face());
  cairo_set_font_size(cairo_, size);
}

TextMetrics Canvas::measure(std::string_view utf8) const {
  const std::string text(utf8);
  cairo_text_extents_t extents;
  cairo_text_extents(cairo_, text.c_str(), &extents);
  return {extents.x_advance, extents.x_bearing, extents.y_bearing, extents.width, extents.height};
}

void Canvas::record(std::string utf8, Point user_origin, Color color) {
  cairo_user_to_device(cairo_, &user_origin.x, &user_origin.y);
  recorded_->push_back({std::move(utf8), user_origin, font_, size_, color});
}

void Canvas::draw_text(std::string_view utf8, Point baseline_origin, Color color) {
  if (recorded_ != nullptr) return record(std::string(utf8), baseline_origin, color);
  const std::string text(utf8);
  set_color(color);
  cairo_move_to(cairo_, baseline_origin.x, baseline_origin.y);
  cairo_show_text(cairo_, text.c_str());
}

void Canvas::draw_glyph_run(const Font& font, double size, Color color, std::span<const cairo_glyph_t> glyphs,
                            std::string_view utf8, std::string_view glyph_symbols) {
  set_font(font, size);
  if (recorded_ != nullptr) {
    for (std::size_t i = 0; i < glyphs.size() && i < glyph_symbols.size(); ++i)
      if (glyph_symbols[i] != ' ')
        record(std::string(1, glyph_symbols[i]), {glyphs[i].x, glyphs[i].y}, color);
    return;
  }
  set_color(color);
  const cairo_text_cluster_t cluster{static_cast<int>(utf8.size()), static_cast<int>(glyphs.size())};
  cairo_show_text_glyphs(cairo_, utf8.data(), static_cast<int>(utf8.size()), glyphs.data(),
                         static_cast<int>(glyphs.size()), &cluster, 1,
                         static_cast<cairo_text_cluster_flags_t>(0));
}

double Canvas::draw_aligned(std::string_view utf8, double left, double right, double baseline,
                            HorizontalAlign align, Color color) {
  double x = left;
  if (align != HorizontalAlign::left) {
    const double advance = measure(utf8).advance;
    x = align == HorizontalAlign::right ? right - advance : (left + right - advance) / 2;
  }
  draw_text(utf8, {x, baseline}, color);
  return x;
}

}  // namespace sudoku::typeset
