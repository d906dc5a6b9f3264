// SPDX-License-Identifier: Apache-2.0
// Canvas: small drawing helpers over a Cairo context, in points, shared by page rendering and any
// other vector drawing (plots for calibrate --plot, for instance).
//
// Contract: a Canvas does not own the cairo_t; it only sets the state each call needs (colour,
// line width, font), so calls do not leak state into one another. Text uses faces from
// FontLibrary, never Cairo's toy font API, so PDF output embeds real font subsets. measure,
// draw_text and draw_aligned lay text out with Pango: shaped by HarfBuzz (kerning, ligatures, any
// script, right-to-left runs in visual order), in the set font first and, for characters it lacks,
// in the installed fonts fontconfig offers. A character no font has is drawn as Pango's hex box:
// callers that must refuse it ask missing_glyph first. Metrics are exactly proportional to the
// size. draw_glyph_run is the unshaped fast path for grid symbols. A Canvas throws nothing: Cairo
// keeps the first failure in the context's status, which the writers check.
//
//   sudoku::typeset::Canvas canvas(cairo);
//   canvas.set_font(fonts.at("caption"), 9);
//   canvas.draw_aligned("Puzzle 12", box.x, box.right(), box.bottom(),
//                       sudoku::typeset::HorizontalAlign::center, sudoku::typeset::Color::black());
#pragma once

#include <cairo.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/typeset/template/units.hpp"
#include "sudoku/typeset/text/font_library.hpp"

namespace sudoku::typeset {

struct Point {
  double x = 0;
  double y = 0;
};

struct Rect {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;

  double right() const { return x + width; }
  double bottom() const { return y + height; }
  Point center() const { return {x + width / 2, y + height / 2}; }
};

struct Segment {
  Point from;
  Point to;
};

enum class HorizontalAlign { left, center, right };

// Advance width and ink box of a text, relative to its origin on the baseline (y grows downwards,
// so ink_top is negative for text above the baseline).
struct TextMetrics {
  double advance = 0;
  double ink_left = 0;
  double ink_top = 0;
  double ink_width = 0;
  double ink_height = 0;
};

// A text as a recording Canvas saw it (see Canvas::record_text): its words, its baseline origin in
// device space (after the canvas's translations), font, size and colour.
struct PlacedText {
  std::string utf8;
  Point origin;
  Font font;
  double size = 0;
  Color color;
};

class Canvas {
 public:
  explicit Canvas(cairo_t* cairo);

  cairo_t* cairo() const { return cairo_; }

  // One path of straight segments stroked with butt caps (lines meet borders without overhang).
  void stroke_segments(std::span<const Segment> segments, double width, Color color);
  // A rectangle outline centred on `rect`'s edges, with mitred corners.
  void stroke_rect(const Rect& rect, double width, Color color);
  void fill_rect(const Rect& rect, Color color);
  // Rectangles filled as one path, so no seam shows where two of them touch.
  void fill_rects(std::span<const Rect> rects, Color color);
  // A segment dashed `dash` on and `gap` off, starting `offset` into the pattern, with square caps
  // (each dash reaches width / 2 beyond its length at both ends, so dashes meeting at a corner close
  // it).
  void stroke_dashed(const Segment& segment, double width, Color color, double dash, double gap,
                     double offset);

  void set_font(const Font& font, double size);
  // Vertical CJK setting (tategaki) from here on (false: horizontal again): a line still runs along
  // x, but Han, kana and Hangul stand turned 90 degrees counter-clockwise in it, so that a caller
  // who rotates the frame 90 degrees clockwise (cairo_rotate(pi / 2): x runs down the page) prints
  // them upright in a vertical column; Latin letters and digits keep lying along the line, as on a
  // Japanese book's spine. Measures and draws alike.
  //
  //   canvas.set_vertical(true);  // 数独 ▏ A B ▏ reads downwards, 数独 upright, "AB" on its side
  void set_vertical(bool vertical) { vertical_ = vertical; }
  TextMetrics measure(std::string_view utf8) const;
  // The first character of `utf8` that neither the set font nor any installed font can draw.
  std::optional<char32_t> missing_glyph(std::string_view utf8) const;
  void draw_text(std::string_view utf8, Point baseline_origin, Color color);
  // The same text as filled outlines instead of glyphs (formats that must not embed fonts: EPS).
  // Never recorded.
  void fill_text_outline(std::string_view utf8, Point baseline_origin, Color color);
  // Glyphs at explicit positions whose extracted text is `utf8` as a whole (one cluster, which
  // Cairo writes as a PDF ActualText span when it has several glyphs). `glyph_symbols`, one byte
  // per glyph (' ' for a spacer), is what each glyph says on its own, for recording.
  void draw_glyph_run(const Font& font, double size, Color color, std::span<const cairo_glyph_t> glyphs,
                      std::string_view utf8, std::string_view glyph_symbols = {});

  // From here on, texts are added to `texts` instead of being drawn as glyphs (nullptr: drawn again),
  // so that a format which names fonts (SVG) can write them as text; a glyph run becomes one text per
  // glyph with a symbol. Only translations are applied to the positions: recorded text is never
  // rotated or scaled.
  void record_text(std::vector<PlacedText>* texts) { recorded_ = texts; }
  // Text on `baseline` placed in [left, right] by `align`; returns the x it started at.
  double draw_aligned(std::string_view utf8, double left, double right, double baseline,
                      HorizontalAlign align, Color color);

  // Saves the Cairo state and restores it at scope end.
  class SavedState {
   public:
    explicit SavedState(const Canvas& canvas) : cairo_(canvas.cairo_) { cairo_save(cairo_); }
    ~SavedState() { cairo_restore(cairo_); }
    SavedState(const SavedState&) = delete;
    SavedState& operator=(const SavedState&) = delete;

   private:
    cairo_t* cairo_;
  };

 private:
  void set_color(Color color);

  void record(std::string utf8, Point user_origin, Color color);

  cairo_t* cairo_;
  Font font_;  // as set_font last set it
  double size_ = 0;
  bool vertical_ = false;
  std::vector<PlacedText>* recorded_ = nullptr;
};

// Whether `utf8` holds a Han, kana, CJK punctuation, fullwidth or Hangul character: a CJK text
// (set vertically on a spine, its digits from the CJK face).
bool has_cjk(std::string_view utf8);

// Where a line of `utf8` may end, by Pango's line breaking for `language` ("ja", "de"; Unicode's
// line-breaking rules: after a space, between ideographs, never before 。、」 or after 「): byte
// offsets of the character a new line would start with, ascending, the text's end last. A
// newline's offset is marked mandatory.
//   line_breaks("Sudoku Book 1", "en");  // {7, false}, {12, false}, {13, true}
struct LineBreak {
  std::size_t offset = 0;
  bool mandatory = false;
};
std::vector<LineBreak> line_breaks(std::string_view utf8, std::string_view language);

// "U+4E00 '一'" (the character itself left out when it is a control or not a character).
std::string describe_character(char32_t character);

}  // namespace sudoku::typeset
