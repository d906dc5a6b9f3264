// SPDX-License-Identifier: Apache-2.0
// Designed covers (a template's <cover>, see template.hpp's CoverDesign): the full-wrap print cover
// and the e-book cover image from one front-panel design.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "book_text.hpp"
#include "cover_art.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/grid_block.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "sudoku/typeset/text/canvas.hpp"
#include "sudoku/typeset/text/font_library.hpp"
#include "text_wrap.hpp"

namespace sudoku::typeset {
namespace detail {

constexpr double kSmallestSpineText = 6;  // points: under it a spine is left blank
constexpr double kPi = 3.14159265358979323846;

namespace {

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

std::optional<CoverStyle> style_named(const std::string& name) {
  if (name == "typographic") return CoverStyle::typographic;
  if (name == "pattern") return CoverStyle::pattern;
  if (name == "art") return CoverStyle::art;
  return std::nullopt;
}

CoverStyle chosen_style(const Template& page_template, const TypesetOptions& options) {
  if (!options.cover_style.empty()) {
    const auto style = style_named(options.cover_style);
    if (!style)
      throw InputError("--cover-style", 0, 0,
                       "expected typographic, pattern or art, got '" + options.cover_style + "'");
    return *style;
  }
  if (!options.cover_art.empty()) return CoverStyle::art;
  return page_template.cover ? page_template.cover->style : CoverStyle::typographic;
}

// The front panel with bleed on its top, bottom and outer edge: where the art is placed.
Rect art_area(const Template& page_template) {
  const PageSetup& page = page_template.front_cover->page;
  return {0, -kCoverBleed, page.width + kCoverBleed, page.height + 2 * kCoverBleed};
}

std::string inches_text(double points) { return formatted("%.4g", points / kPointsPerInch); }

// The publisher's name from the plan: "publisher": "Name" or {"name": "Name", ...}.
std::string publisher_of(const Book& book) {
  const auto* field = book.plan.if_contains("publisher");
  if (field == nullptr) return "";
  if (field->is_string()) return std::string(field->as_string());
  if (field->is_object())
    if (const auto* name = field->as_object().if_contains("name"); name != nullptr && name->is_string())
      return std::string(name->as_string());
  return "";
}

struct Line {
  std::string text;
  double width = 0;
};

// Where `text` may break: Pango's breaks for `language`, or with `spaces` only those that keep its
// words whole, so a title keeps its words whole when it can.
std::vector<LineBreak> breaks_of(const std::string& text, const std::string& language, bool spaces) {
  std::vector<LineBreak> breaks = line_breaks(text, language);
  return spaces ? detail::word_breaks(text, breaks) : breaks;
}

// `text` filled into lines no wider than `width` at the canvas's font (the pages' line filler,
// text_wrap.hpp), each with its width; `fits` is false when a piece between two breaks is wider
// than `width` on its own.
std::vector<Line> fill(const Canvas& canvas, const std::string& text, const std::vector<LineBreak>& breaks,
                       double width, bool* fits = nullptr) {
  bool overflow = false;
  std::vector<Line> lines;
  for (detail::WrappedLine& line : detail::fill_lines(canvas, text, breaks, width, &overflow))
    if (!line.text.empty()) lines.push_back({line.text, canvas.measure(line.text).advance});
  if (fits != nullptr) *fits = !overflow;
  return lines;
}

std::vector<Line> fill(const Canvas& canvas, const std::string& text, double width, const std::string& language) {
  return fill(canvas, text, breaks_of(text, language, false), width);
}

class CoverPainter {
 public:
  CoverPainter(const Book& book, const Template& page_template, const FontSet& fonts, const PagePlan& plan,
               CoverStyle style, const CoverArt* art)
      : book_(book),
        template_(page_template),
        fonts_(fonts),
        text_(book, page_template, plan),
        design_(page_template.cover ? *page_template.cover : CoverDesign{}),
        style_(style),
        art_(art) {
    if (!page_template.cover) {
      design_.title_font = design_.text_font = design_.italic_font = page_template.fonts.front().name;
      for (const char* name : {"serif-bold", "serif", "serif-italic"})
        if (!page_template.find_font(name)) return;
      design_.title_font = "serif-bold";
      design_.text_font = "serif";
      design_.italic_font = "serif-italic";
    }
  }

  // The full wrap, its trim's top left corner at the origin: background and pattern over the
  // bleed, the back panel, the spine and the front panel.
  CoverReport paint_wrap(Canvas& canvas, const CoverGeometry& cover) {
    CoverReport report;
    const double panel = template_.front_cover->page.width;
    const double height = cover.trim_height;
    const Rect wrap{-cover.bleed, -cover.bleed, cover.trim_width + 2 * cover.bleed, height + 2 * cover.bleed};
    canvas.fill_rect(wrap, design_.background);
    if (style_ == CoverStyle::pattern) paint_pattern(canvas, wrap);
    paint_back(canvas, panel, height, report);
    paint_spine(canvas, cover, panel, report);
    {
      const Canvas::SavedState saved(canvas);
      cairo_translate(canvas.cairo(), panel + cover.spine, 0);
      paint_front(canvas, panel, height, cover.bleed);
    }
    return report;
  }

  // The front panel alone at `width` x `height` (the e-book image), background to its edges.
  void paint_front_alone(Canvas& canvas, double width, double height) {
    const Rect area{0, 0, width, height};
    canvas.fill_rect(area, design_.background);
    if (style_ == CoverStyle::pattern) paint_pattern(canvas, area);
    paint_front(canvas, width, height, 0);
  }

 private:
  const Font& font(const std::string& name) const { return fonts_.at(name); }
  std::string language() const { return text_.language_code(); }

  // The book's puzzles, small and in the accent colour, tiled over `area` in staggered rows.
  void paint_pattern(Canvas& canvas, const Rect& area) {
    std::vector<const BookPuzzle*> puzzles;
    for (const BookChapter& chapter : book_.chapters)
      for (const BookPuzzle& puzzle : chapter.puzzles) puzzles.push_back(&puzzle);
    if (puzzles.empty()) return;
    const double side = inches(1.45);
    const double gap = inches(0.22);
    GridLook look = grid_look(template_.puzzle_page.grid, fonts_);
    look.line_color = design_.accent;
    look.tint = design_.background;
    look.givens.color = design_.accent;
    look.thin = 0.35;
    look.thick = 0.9;
    look.border = 1.1;
    std::size_t next = 0;
    int row = 0;
    for (double y = area.y - side / 3; y < area.bottom(); y += side + gap, ++row) {
      const double shift = (row % 2 == 0 ? 0 : (side + gap) / 2) - side / 4;
      for (double x = area.x + shift; x < area.right(); x += side + gap) {
        paint_grid(canvas, puzzles[next % puzzles.size()]->puzzle, nullptr, {x, y, side, side}, look);
        ++next;
      }
    }
  }

  // The largest size in [smallest, largest] at which `text` fills at most `most` lines of `width`
  // (breaking at spaces when that fits, no word broken), its lines balanced: as even as their
  // count allows ("Sudoku für Kenner: / 120 Rätsel", not a word alone on the last line). Empty
  // when even `smallest` does not fit.
  std::vector<Line> fit_lines(Canvas& canvas, const std::string& text, const Font& face, double width, int most,
                              double smallest, double largest, double* size) {
    const std::vector<LineBreak> spaces = breaks_of(text, language(), true);
    const std::vector<LineBreak> all = breaks_of(text, language(), false);
    // The breaks a size fits with (spaces first), or null; fitting is monotone in the size, so the
    // largest size is found by halving, in half points.
    const auto fitting = [&](double at) -> const std::vector<LineBreak>* {
      canvas.set_font(face, at);
      for (const std::vector<LineBreak>* breaks : {&spaces, &all}) {
        bool fits = true;
        if (fill(canvas, text, *breaks, width, &fits).size() <= static_cast<std::size_t>(most) && fits) return breaks;
      }
      return nullptr;
    };
    int low = static_cast<int>(std::ceil(2 * smallest));  // in half points
    int high = static_cast<int>(std::floor(2 * largest));
    if (fitting(low / 2.0) == nullptr) return {};
    while (low < high) {
      const int middle = (low + high + 1) / 2;
      if (fitting(middle / 2.0) != nullptr)
        low = middle;
      else
        high = middle - 1;
    }
    *size = low / 2.0;
    const std::vector<LineBreak>& breaks = *fitting(*size);
    const std::size_t count = fill(canvas, text, breaks, width).size();
    // Balanced: the narrowest measure that keeps as many lines.
    return fill(canvas, text, breaks, detail::balanced_width(canvas, text, breaks, width, count, 12));
  }

  // Lines centred on `centre` from `baseline` down, `leading` apart; returns their ink's box.
  Rect draw_centred(Canvas& canvas, const std::vector<Line>& lines, double centre, double baseline, double leading,
                    Color color) {
    Rect ink{centre, baseline, 0, 0};
    double top = 1e9;
    double bottom = -1e9;
    double left = 1e9;
    double right = -1e9;
    for (const Line& line : lines) {
      const TextMetrics metrics = canvas.measure(line.text);
      const double x = centre - line.width / 2;
      canvas.draw_text(line.text, {x, baseline}, color);
      top = std::min(top, baseline + metrics.ink_top);
      bottom = std::max(bottom, baseline + metrics.ink_top + metrics.ink_height);
      left = std::min(left, x + metrics.ink_left);
      right = std::max(right, x + metrics.ink_left + metrics.ink_width);
      baseline += leading;
    }
    if (!lines.empty()) ink = {left, top, right - left, bottom - top};
    return ink;
  }

  // A sample grid (the book's first puzzle) on a paper-coloured tile with a margin around it.
  Rect paint_sample(Canvas& canvas, const Rect& tile) {
    canvas.fill_rect(tile, design_.panel);
    const BookPuzzle* first = nullptr;
    for (const BookChapter& chapter : book_.chapters)
      if (!chapter.puzzles.empty() && first == nullptr) first = &chapter.puzzles.front();
    if (first == nullptr) return tile;
    const double pad = tile.width * 0.07;
    const Master& master = template_.puzzle_page.for_grid_size(first->puzzle.geometry().size());
    paint_grid(canvas, first->puzzle, nullptr, {tile.x + pad, tile.y + pad, tile.width - 2 * pad, tile.height - 2 * pad},
               grid_look(master.grid, fonts_));
    return tile;
  }

  // The front panel (width x height, spine edge at x = 0): title, subtitle, author, and by style a
  // sample grid (typographic), the pattern showing through (pattern) or the art (art).
  void paint_front(Canvas& canvas, double width, double height, double bleed) {
    const TextValues& values = text_.book_values();
    const double unit = width / inches(6);  // the design is drawn for a 6 in panel and scaled
    const double margin = std::max(inches(0.5) * unit, template_.front_cover->page.safe_margin);
    const double measure = width - 2 * margin;
    const std::string title = values.get(Variable::title).value_or(book_.title);
    const std::string subtitle = values.get(Variable::subtitle).value_or("");
    const std::string author = book_.author;
    bool ink_on_panel = false;  // the texts sit on a band of panel colour
    if (style_ == CoverStyle::art && art_ != nullptr) {
      draw_art(canvas.cairo(), *art_, {0, -bleed, width + bleed, height + 2 * bleed});
    }
    // The title: as large as the panel allows, on up to three balanced lines.
    double size = 0;
    std::vector<Line> lines =
        fit_lines(canvas, title, font(design_.title_font), measure, 3, 18 * unit, 62 * unit, &size);
    if (lines.empty())
      throw InputError(template_.source, design_.line, 0,
                       "the title '" + title + "' does not fit the front cover at 18 pt on three lines: shorten it");
    const double leading = size * 1.08;
    const double title_top = height * 0.13 + (design_.badge.empty() ? 0 : size * 0.45);  // room for the badge
    const double block = leading * static_cast<double>(lines.size() - 1) + size * 0.75;
    const double subtitle_size = std::clamp(size * 0.36, 11 * unit, 20 * unit);
    const double rule = 2.2 * unit;
    const double subtitle_top = title_top + block + size * 0.35 + rule + subtitle_size * 1.6;
    double subtitle_fitted = 0;
    const std::vector<Line> sub =
        subtitle.empty() ? std::vector<Line>{}
                         : fit_lines(canvas, subtitle, font(design_.italic_font), measure, 2, 9 * unit, subtitle_size,
                                     &subtitle_fitted);
    double cursor = subtitle_top + subtitle_fitted * 1.25 * static_cast<double>(sub.size());
    if (style_ != CoverStyle::typographic) {
      // A band behind the title and subtitle, across the panel into the bleed.
      const double band_top = title_top - size * 0.55;
      const double band_bottom = (sub.empty() ? title_top + block + size * 0.35 : cursor) + 0.6 * subtitle_size;
      canvas.fill_rect({0, band_top, width + bleed, band_bottom - band_top},
                       style_ == CoverStyle::pattern ? design_.panel : design_.background);
      ink_on_panel = style_ == CoverStyle::pattern;
    }
    const Color ink = ink_on_panel ? design_.panel_ink : design_.ink;
    if (style_ == CoverStyle::typographic) {
      canvas.fill_rect({margin, title_top - size * 0.45 - rule, measure, rule}, design_.accent);
      canvas.fill_rect({margin, title_top + block + size * 0.35, measure, rule}, design_.accent);
    }
    if (!design_.badge.empty()) {
      // The badge above the title (and its rule), in the accent colour on the typographic ground.
      double badge_size = 0;
      // Through the catalogue like the masters' texts: GROSSDRUCK, 大きな文字.
      const std::string badge_text = text_.tr("", design_.badge);
      const std::vector<Line> badge =
          fit_lines(canvas, badge_text, font(design_.title_font), measure, 1, 9 * unit, size * 0.34, &badge_size);
      canvas.set_font(font(design_.title_font), badge_size);
      draw_centred(canvas, badge, width / 2, title_top - size * 0.45 - rule - badge_size * 0.6, badge_size,
                   style_ == CoverStyle::typographic ? design_.accent : ink);
    }
    canvas.set_font(font(design_.title_font), size);
    draw_centred(canvas, lines, width / 2, title_top + size * 0.75, leading, ink);
    if (!sub.empty()) {
      canvas.set_font(font(design_.italic_font), subtitle_fitted);
      draw_centred(canvas, sub, width / 2, subtitle_top, subtitle_fitted * 1.25, ink);
    }
    // The author at the foot of the panel.
    const double author_baseline = height - std::max(inches(0.7) * unit, margin + 8);
    if (!author.empty()) {
      double fitted = 0;
      const std::vector<Line> by =
          fit_lines(canvas, author, font(design_.italic_font), measure, 1, 9 * unit, 17 * unit, &fitted);
      canvas.set_font(font(design_.italic_font), fitted);
      if (style_ != CoverStyle::typographic) {
        canvas.fill_rect({0, author_baseline - fitted * 1.3, width + bleed, fitted * 1.9},
                         style_ == CoverStyle::pattern ? design_.panel : design_.background);
      }
      draw_centred(canvas, by, width / 2, author_baseline, fitted * 1.2, ink);
    }
    if (style_ == CoverStyle::typographic) {
      // The sample grid between the subtitle and the author.
      const double room = author_baseline - 17 * unit * 1.6 - cursor;
      const double side = std::min(room, width * 0.62);
      if (side > inches(1.5) * unit) paint_sample(canvas, {(width - side) / 2, cursor + (room - side) / 2, side, side});
    }
  }

  // The back panel (spine edge on the right): title, blurb, the book's levels, a sample grid, the
  // publisher, and KDP's barcode box left paper-white.
  void paint_back(Canvas& canvas, double width, double height, CoverReport& report) {
    const TextValues& values = text_.book_values();
    const double margin = std::max(inches(0.55), template_.front_cover->page.safe_margin);
    const double measure = width - 2 * margin;
    const Rect barcode{width - kBarcodeInset - kBarcodeWidth, height - kBarcodeInset - kBarcodeHeight, kBarcodeWidth,
                       kBarcodeHeight};
    std::vector<std::pair<Rect, std::string>> inked;
    double cursor = inches(0.75);
    // On the pattern the back's words sit on a card of the panel colour, the puzzles framing it.
    const bool card = style_ == CoverStyle::pattern;
    if (card) canvas.fill_rect({inches(0.3), inches(0.3), width - inches(0.6), height - inches(0.6)}, design_.panel);
    const Color ink = card ? design_.panel_ink : design_.ink;
    {
      double size = 0;
      const std::vector<Line> lines = fit_lines(canvas, values.get(Variable::title).value_or(book_.title),
                                                font(design_.title_font), measure, 2, 12, 22, &size);
      canvas.set_font(font(design_.title_font), size);
      inked.emplace_back(draw_centred(canvas, lines, width / 2, cursor + size * 0.75, size * 1.1, ink),
                         "the back cover's title");
      cursor += size * 1.1 * static_cast<double>(lines.size()) + 12;
    }
    const auto paragraph = [&](const std::string& text, const std::string& font_name, double size,
                               const std::string& what) {
      canvas.set_font(font(font_name), size);
      for (const Line& line : fill(canvas, text, measure, language())) {
        const TextMetrics metrics = canvas.measure(line.text);
        canvas.draw_text(line.text, {margin, cursor + size}, ink);
        inked.push_back({{margin + metrics.ink_left, cursor + size + metrics.ink_top, metrics.ink_width,
                          metrics.ink_height},
                         what});
        cursor += size * 1.35;
      }
      cursor += size * 0.7;
    };
    // The back's words at their design sizes, or the print target's smallest text where that is
    // larger (large print: 12 pt), like the teaching pages.
    const double min_text = template_.print_target ? template_.print_target->min_text : 0;
    const auto sized = [&](double design) {
      const double size = std::max(design, min_text);
      report.back_text_size = report.back_text_size == 0 ? size : std::min(report.back_text_size, size);
      return size;
    };
    if (const auto blurb = values.get(Variable::blurb)) paragraph(*blurb, design_.text_font, sized(11.5), "the blurb");
    // The levels, easiest first, with their puzzle counts: "Easy 40 · Medium 40 · Hard 20".
    std::string levels;
    for (const std::string& level : text_.book_levels()) {
      std::size_t count = 0;
      for (const BookChapter& chapter : book_.chapters)
        if (chapter.level == level) count += chapter.puzzles.size();
      if (count == 0) continue;
      levels += (levels.empty() ? "" : "  \xC2\xB7  ") + BookText::upper_first(text_.level_name(level)) + " " +
                std::to_string(count);
    }
    if (!levels.empty()) paragraph(levels, design_.title_font, sized(11), "the levels");
    const std::string publisher = publisher_of(book_);
    const double publisher_baseline = height - inches(0.55);
    const double sample_bottom = publisher.empty() ? height - inches(0.5) : publisher_baseline - 20;
    const double side = std::min({width * 0.4, sample_bottom - cursor, barcode.x - margin - inches(0.25)});
    if (side >= inches(1.3)) {
      const Rect tile{margin, cursor + 4, side, side};
      paint_sample(canvas, tile);
      inked.push_back({tile, "the sample grid"});
    }
    if (!publisher.empty()) {
      canvas.set_font(font(design_.title_font), sized(11));
      const TextMetrics metrics = canvas.measure(publisher);
      canvas.draw_text(publisher, {margin, publisher_baseline}, ink);
      inked.push_back({{margin + metrics.ink_left, publisher_baseline + metrics.ink_top, metrics.ink_width,
                        metrics.ink_height},
                       "the publisher's name"});
    }
    // Print-on-demand services print the ISBN barcode here, on white.
    canvas.fill_rect(barcode, Color::white());
    for (const auto& [box, what] : inked)
      if (overlap(box, barcode) && report.barcode_overlap.empty()) report.barcode_overlap = what;
  }

  // The spine's texts (title, then the author) read from top to bottom, centred across the spine,
  // each as large as the spine's width allows between its 0.0625 in fold margins and its length.
  // A title in Han, kana or Hangul is set vertically, each of its characters upright, as Japanese,
  // Chinese and Korean spines are; Latin words and digits in it (and a Latin author) lie on their
  // side along the spine as before.
  void paint_spine(Canvas& canvas, const CoverGeometry& cover, double panel, CoverReport& report) {
    if (!cover.spine_text) return;
    const double room = cover.spine - 2 * kSpineSafe;
    const double length = cover.trim_height - 2 * inches(0.6);
    const std::string title = text_.book_values().get(Variable::title).value_or(book_.title);
    const std::string& author = book_.author;
    const bool vertical = has_cjk(title);
    canvas.set_vertical(vertical);
    struct Horizontal {
      Canvas& canvas;
      ~Horizontal() { canvas.set_vertical(false); }
    } horizontal_again{canvas};
    canvas.set_font(font(design_.title_font), 1);
    const TextMetrics title_unit = canvas.measure(title);
    canvas.set_font(font(design_.italic_font), 1);
    const TextMetrics author_unit = canvas.measure(author);
    if (title_unit.ink_height <= 0) return;
    // Across the spine: 70 % of the room, so the ink never crowds the folds.
    double size = 0.7 * room / title_unit.ink_height;
    // A spine just wide enough takes the smallest text across all of its room.
    if (size < kSmallestSpineText) size = std::min(kSmallestSpineText, 0.999 * room / title_unit.ink_height);
    const double author_ratio = 0.72;
    const double gap = 0.9;  // between title and author, in title sizes
    const double along = title_unit.advance + (author.empty() ? 0 : gap + author_ratio * author_unit.advance);
    size = std::min(size, length / along);
    if (size < kSmallestSpineText) return;
    const Canvas::SavedState saved(canvas);
    // On the pattern the spine is a solid band, so its words read at arm's length on a shelf.
    Color ink = design_.ink;
    if (style_ == CoverStyle::pattern) {
      canvas.fill_rect({panel, -cover.bleed, cover.spine, cover.trim_height + 2 * cover.bleed}, design_.panel_ink);
      ink = design_.panel;
    }
    cairo_translate(canvas.cairo(), panel + cover.spine, 0);
    cairo_rotate(canvas.cairo(), kPi / 2);
    // x runs down the spine from its top, y across it from the front panel's fold.
    const double start = (cover.trim_height - along * size) / 2;
    const double centre = cover.spine / 2;
    canvas.set_font(font(design_.title_font), size);
    const double title_baseline = centre - size * (2 * title_unit.ink_top + title_unit.ink_height) / 2;
    canvas.draw_text(title, {start, title_baseline}, ink);
    double clearance = cover.spine / 2 - size * title_unit.ink_height / 2;
    if (!author.empty()) {
      const double author_size = size * author_ratio;
      canvas.set_font(font(design_.italic_font), author_size);
      canvas.draw_text(author,
                       {start + size * (title_unit.advance + gap),
                        centre - author_size * (2 * author_unit.ink_top + author_unit.ink_height) / 2},
                       ink);
      clearance = std::min(clearance, cover.spine / 2 - author_size * author_unit.ink_height / 2);
    }
    report.spine_text = true;
    report.spine_vertical = vertical;
    report.spine_title_size = size;
    report.spine_clearance = clearance;
  }

  const Book& book_;
  const Template& template_;
  const FontSet& fonts_;
  BookText text_;
  CoverDesign design_;
  CoverStyle style_;
  const CoverArt* art_;
};

// The art, when the style is art: InputError without one or, as an image, under kMinimumArtDpi. A
// PDF page stays vectors, except under --pdfx: PDF/X-1a allows no RGB vectors, so the page is
// rasterised at kMinimumArtDpi of its placed size and converted to CMYK like a PNG.
std::optional<CoverArt> art_for(const Template& page_template, const TypesetOptions& options, CoverStyle style,
                                bool refuse, CoverReport* report) {
  if (style != CoverStyle::art) return std::nullopt;
  if (options.cover_art.empty())
    throw InputError("--cover-art", 0, 0,
                     "the art cover style needs the publisher's art: --cover-art FILE.png|.jpg|.pdf");
  CoverArt art = load_cover_art(options.cover_art, !options.pdfx);
  const Rect area = art_area(page_template);
  const std::string at_size =
      " placed at " + inches_text(area.width) + " x " + inches_text(area.height) + " in";
  if (art.vector()) {
    const std::string page =
        "PDF page " + inches_text(art.width()) + " x " + inches_text(art.height()) + " in";
    if (!options.pdfx) {
      if (report != nullptr) {
        report->art_dpi.reset();
        report->art = page + at_size + ", vector art";
      }
      return art;
    }
    CoverArt image = rasterise_art(art, area, kMinimumArtDpi);
    if (report != nullptr) {
      report->art_dpi = place_art(image.width(), image.height(), area).dpi;
      report->art = page + " rasterised at " + formatted("%.0f", kMinimumArtDpi) + " dpi for PDF/X, " +
                    formatted("%.0f", image.width()) + " x " + formatted("%.0f", image.height()) + " px" +
                    at_size;
    }
    return image;
  }
  const ArtPlacement at = place_art(art.width(), art.height(), area);
  const std::string placed =
      formatted("%.0f", art.width()) + " x " + formatted("%.0f", art.height()) + " px" + at_size;
  if (report != nullptr) {
    report->art_dpi = at.dpi;
    report->art = placed;
  }
  if (refuse && at.dpi < kMinimumArtDpi - 1e-9)
    throw InputError(options.cover_art, 0, 0,
                     placed + " is " + formatted("%.0f", at.dpi) + " dpi; print needs at least " +
                         formatted("%.0f", kMinimumArtDpi) + " dpi: supply at least " +
                         formatted("%.0f", std::ceil(area.width / 72 * kMinimumArtDpi)) + " x " +
                         formatted("%.0f", std::ceil(area.height / 72 * kMinimumArtDpi)) + " px");
  return art;
}

}  // namespace

std::vector<CmykInk> cmyk_inks(const Template& page_template) {
  std::vector<CmykInk> inks;
  for (const Color& color : page_template.cmyk_colors)
    inks.push_back({{static_cast<int>(std::lround(color.red * 255)), static_cast<int>(std::lround(color.green * 255)),
                     static_cast<int>(std::lround(color.blue * 255))},
                    *color.cmyk});
  return inks;
}

CoverReport render_designed_cover(const Book& book, const Template& page_template, const FontSet& fonts,
                                  const PagePlan& plan, const TypesetOptions& options, const CoverGeometry& cover,
                                  PdfDocument& pdf, bool refuse) {
  const CoverStyle style = chosen_style(page_template, options);
  CoverReport report;
  const std::optional<CoverArt> art = art_for(page_template, options, style, refuse, &report);
  pdf.begin_page(cover.trim_width, cover.trim_height, Bleed::all(cover.bleed));
  Canvas canvas(pdf.context());
  cairo_translate(canvas.cairo(), cover.bleed, cover.bleed);
  CoverPainter painter(book, page_template, fonts, plan, style, art ? &*art : nullptr);
  CoverReport painted = painter.paint_wrap(canvas, cover);
  pdf.end_page();
  painted.art_dpi = report.art_dpi;
  painted.art = report.art;
  if (refuse && !painted.barcode_overlap.empty())
    throw InputError(options.book_source, 0, 0,
                     painted.barcode_overlap +
                         " runs into the back cover's barcode area (2 x 1.2 in at its lower right): shorten it");
  return painted;
}

}  // namespace detail

namespace {

std::string cover_pdf(const Book& book, const Template& page_template, int interior_pages, Paper paper,
                      const TypesetOptions& options, CoverReport& report, bool refuse) {
  if (!page_template.front_cover)
    throw InputError(page_template.source, 0, 0,
                     "the template has no <master name=\"front-cover\">, so it cannot make a cover");
  detail::check_has_puzzles(book, options);
  FontLibrary library(options.font_dirs);
  const FontSet fonts = load_template_fonts(page_template, library);
  const PagePlan plan = plan_pages(book, page_template, options.include_solutions);
  PdfDocument pdf(detail::pdf_metadata(book, page_template, options));
  const CoverGeometry geometry = cover_geometry(page_template, interior_pages, paper);
  // A template with a <cover> design, or a cover style or art asked for, is drawn as a design;
  // otherwise the three masters' texts are set as written.
  if (page_template.cover || !options.cover_style.empty() || !options.cover_art.empty()) {
    report = detail::render_designed_cover(book, page_template, fonts, plan, options, geometry, pdf, refuse);
  } else {
    report.spine_text = detail::render_master_cover(book, page_template, fonts, plan, geometry, pdf);
    if (report.spine_text) report.spine_clearance = kSpineSafe;  // draw_spine keeps the folds' margin
  }
  return pdf.finish();
}

}  // namespace

std::string render_cover_pdf(const Book& book, const Template& page_template, int interior_pages, Paper paper,
                             const TypesetOptions& options, CoverReport* report) {
  CoverReport measured;
  std::string pdf = cover_pdf(book, page_template, interior_pages, paper, options, measured, true);
  if (report != nullptr) *report = measured;
  return pdf;
}

CoverReport check_cover(const Book& book, const Template& page_template, int interior_pages,
                        const TypesetOptions& options) {
  CoverReport report;
  cover_pdf(book, page_template, interior_pages, options.paper, options, report, false);
  return report;
}

void check_cover_art(const Template& page_template, const TypesetOptions& options) {
  if (!page_template.front_cover) return;
  detail::art_for(page_template, options, detail::chosen_style(page_template, options), true, nullptr);
}

std::string render_ebook_cover_png(const Book& book, const Template& page_template, const TypesetOptions& options) {
  if (!page_template.front_cover)
    throw InputError(page_template.source, 0, 0,
                     "the template has no <master name=\"front-cover\">, so it cannot make a cover");
  const CoverStyle style = detail::chosen_style(page_template, options);
  const std::optional<detail::CoverArt> art = detail::art_for(page_template, options, style, true, nullptr);
  FontLibrary library(options.font_dirs);
  const FontSet fonts = load_template_fonts(page_template, library);
  const PagePlan plan = plan_pages(book, page_template, options.include_solutions);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, kEbookCoverWidth, kEbookCoverHeight);
  cairo_t* cairo = cairo_create(surface);
  // The front panel's width, with the e-book's 1.6:1 height: the design is laid out again, not cropped.
  const double width = page_template.front_cover->page.width;
  const double height = width * kEbookCoverHeight / kEbookCoverWidth;
  cairo_scale(cairo, kEbookCoverWidth / width, kEbookCoverWidth / width);
  std::string png;
  try {
    Canvas canvas(cairo);
    detail::CoverPainter(book, page_template, fonts, plan, style, art ? &*art : nullptr)
        .paint_front_alone(canvas, width, height);
  } catch (...) {
    cairo_destroy(cairo);
    cairo_surface_destroy(surface);
    throw;
  }
  cairo_destroy(cairo);
  const cairo_status_t status = cairo_surface_write_to_png_stream(surface, append_bytes, &png);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("PNG output: ") + cairo_status_to_string(status));
  return png;
}

}  // namespace sudoku::typeset
