// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/text/canvas.hpp"

#include <glib.h>

#include <cstdio>
#include <mutex>
#include <string>

#include "text_engine.hpp"

namespace sudoku::typeset {
namespace {

// The one-line layout of `utf8` in `font` at kLayoutSize; nullptr for an empty Font. The caller
// holds the engine's mutex (lock_engine) while it uses the line.
PangoLayoutLine* layout_line(const Font& font, std::string_view utf8, bool vertical) {
  const TextFace* face = font.text_face();
  if (face == nullptr) return nullptr;
  PangoLayout* layout = TextEngine::instance().layout(*face, std::string(utf8), vertical);
  return pango_layout_get_line_readonly(layout, 0);
}

std::unique_lock<std::mutex> lock_engine(const Font& font) {
  if (font.text_face() == nullptr) return {};
  return std::unique_lock(TextEngine::instance().mutex);
}

}  // namespace

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
  const auto lock = lock_engine(font_);
  if (PangoLayoutLine* line = layout_line(font_, utf8, vertical_)) {
    PangoRectangle ink;
    PangoRectangle logical;
    pango_layout_line_get_extents(line, &ink, &logical);
    const double scale = size_ / (kLayoutSize * PANGO_SCALE);
    return {logical.width * scale, ink.x * scale, ink.y * scale, ink.width * scale, ink.height * scale};
  }
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
  const auto lock = lock_engine(font_);
  if (PangoLayoutLine* line = layout_line(font_, utf8, vertical_)) {
    const double scale = size_ / kLayoutSize;
    const SavedState saved(*this);
    set_color(color);
    cairo_translate(cairo_, baseline_origin.x, baseline_origin.y);
    cairo_scale(cairo_, scale, scale);
    cairo_move_to(cairo_, 0, 0);
    pango_cairo_show_layout_line(cairo_, line);
    return;
  }
  const std::string text(utf8);
  set_color(color);
  cairo_move_to(cairo_, baseline_origin.x, baseline_origin.y);
  cairo_show_text(cairo_, text.c_str());
}

void Canvas::fill_text_outline(std::string_view utf8, Point baseline_origin, Color color) {
  const auto lock = lock_engine(font_);
  const SavedState saved(*this);
  if (PangoLayoutLine* line = layout_line(font_, utf8, vertical_)) {
    const double scale = size_ / kLayoutSize;
    cairo_translate(cairo_, baseline_origin.x, baseline_origin.y);
    cairo_scale(cairo_, scale, scale);
    cairo_move_to(cairo_, 0, 0);
    pango_cairo_layout_line_path(cairo_, line);
  } else {
    const std::string text(utf8);
    cairo_move_to(cairo_, baseline_origin.x, baseline_origin.y);
    cairo_text_path(cairo_, text.c_str());
  }
  set_color(color);
  cairo_fill(cairo_);
}

std::optional<char32_t> Canvas::missing_glyph(std::string_view utf8) const {
  const auto lock = lock_engine(font_);
  PangoLayoutLine* line = layout_line(font_, utf8, vertical_);
  if (line == nullptr) return std::nullopt;
  if (pango_layout_get_unknown_glyphs_count(line->layout) == 0) return std::nullopt;
  // Runs are in visual order; the first missing character in the text is the one to name.
  std::optional<std::pair<int, char32_t>> first;
  for (GSList* item = line->runs; item != nullptr; item = item->next) {
    const auto* run = static_cast<const PangoGlyphItem*>(item->data);
    for (int i = 0; i < run->glyphs->num_glyphs; ++i) {
      const PangoGlyph glyph = run->glyphs->glyphs[i].glyph;
      if ((glyph & PANGO_GLYPH_UNKNOWN_FLAG) == 0 || glyph == PANGO_GLYPH_EMPTY) continue;
      const int offset = run->item->offset + run->glyphs->log_clusters[i];
      const char32_t character =
          glyph == PANGO_GLYPH_INVALID_INPUT ? 0xFFFD : static_cast<char32_t>(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG);
      if (!first || offset < first->first) first = std::make_pair(offset, character);
    }
  }
  if (!first) return std::nullopt;
  return first->second;
}

std::string describe_character(char32_t character) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(character));
  const std::string text = code;
  // Controls, surrogates and anything beyond Unicode are named by their number alone.
  if (!g_unichar_validate(character) || g_unichar_iscntrl(character)) return text;
  char utf8[8] = {};
  g_unichar_to_utf8(character, utf8);
  return text + " '" + utf8 + "'";
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

std::vector<LineBreak> line_breaks(std::string_view utf8, std::string_view language) {
  std::vector<LineBreak> breaks;
  if (utf8.empty() || !g_utf8_validate(utf8.data(), static_cast<gssize>(utf8.size()), nullptr)) {
    breaks.push_back({utf8.size(), true});
    return breaks;
  }
  const auto characters = static_cast<std::size_t>(g_utf8_strlen(utf8.data(), static_cast<gssize>(utf8.size())));
  std::vector<PangoLogAttr> attrs(characters + 1);
  pango_get_log_attrs(utf8.data(), static_cast<int>(utf8.size()), -1,
                      pango_language_from_string(std::string(language).c_str()), attrs.data(),
                      static_cast<int>(attrs.size()));
  const char* at = utf8.data();
  for (std::size_t i = 1; i <= characters; ++i) {
    at = g_utf8_next_char(at);
    const auto offset = static_cast<std::size_t>(at - utf8.data());
    if (i == characters)
      breaks.push_back({offset, true});
    else if (attrs[i].is_line_break)
      breaks.push_back({offset, attrs[i].is_mandatory_break != 0});
  }
  return breaks;
}

}  // namespace sudoku::typeset
