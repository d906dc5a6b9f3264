// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/layout/typeset.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <tuple>

#include "book_text.hpp"
#include "cover_art.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/draw/plot.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/layout/grid_block.hpp"
#include "sudoku/typeset/layout/legibility.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/step_sections.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "sudoku/typeset/text/canvas.hpp"
#include "sudoku/typeset/text/font_library.hpp"
#include "text_wrap.hpp"

namespace sudoku::typeset {

namespace detail {

CaptionHeights caption_heights(const Master& master) {
  CaptionHeights heights;
  for (const auto& caption : master.captions)
    (caption.position == Caption::Position::above ? heights.above : heights.below) +=
        caption.height + caption.gap;
  return heights;
}

GridLook grid_look(const GridStyle& style, const FontSet& fonts) {
  GridLook look;
  look.thin = style.thin;
  look.thick = style.thick;
  look.border = style.border;
  look.region = style.region;
  look.line_color = style.line_color;
  look.tint = style.tint;
  look.cage = style.cage;
  look.cage_sum = style.cage_sum;
  look.givens = {&fonts.at(style.givens.font), style.givens.scale, style.givens.color};
  look.solved = {&fonts.at(style.solved.font), style.solved.scale, style.solved.color};
  return look;
}

namespace {

double slot_width(const Master& master) {
  const double content_width = master.page.width - master.page.margins.inside - master.page.margins.outside;
  return (content_width - (master.columns - 1) * master.column_gap) / master.columns;
}

}  // namespace

double under_height(const Master& master, UnderGrid under) {
  return (under.rule && master.rule ? master.rule->height + master.rule->gap : 0) +
         (under.tip && master.tip ? master.tip->height + master.tip->gap : 0);
}

double grid_side(const Master& master, UnderGrid under) {
  const double content_height = master.page.height - master.page.margins.top - master.page.margins.bottom;
  const double slot_height = (content_height - (master.rows - 1) * master.row_gap) / master.rows;
  const CaptionHeights captions = caption_heights(master);
  const double rule = under_height(master, under);
  double side = std::min(slot_width(master), slot_height - captions.above - captions.below - rule);
  if (master.max_grid > 0) side = std::min(side, master.max_grid);
  return side;
}

const Master& master_for(const Template& page_template, PageRole role, const Geometry& geometry) {
  return (role == PageRole::solutions ? page_template.solution_page : page_template.puzzle_page)
      .for_grid_size(cells_across(geometry));
}

GridBlock grid_block(const Master& master, UnderGrid under) {
  const double side = grid_side(master, under);
  const double width =
      master.max_grid > 0 ? std::min(slot_width(master), master.max_grid) : slot_width(master);
  const CaptionHeights captions = caption_heights(master);
  const double rule = under_height(master, under);
  return {std::max(width, side), captions.above + side + rule + captions.below, captions.above, side,
          std::max(0.0, (width - side) / 2)};
}

const TextLine* rule_for(const Master& master, const Book& book, const SlotContent& slot, PageRole role) {
  if (!master.rule || role != PageRole::puzzles || (!master.rule->every_grid && slot.puzzle != 0))
    return nullptr;
  return master.rule->text_for(book.chapters[slot.chapter].puzzles[slot.puzzle].puzzle.geometry().variant());
}

bool has_tip(const Master& master, const std::vector<bool>& tipped, const SlotContent& slot, PageRole role) {
  const auto index = static_cast<std::size_t>(slot.number - 1);
  return master.tip && role == PageRole::puzzles && index < tipped.size() && tipped[index];
}

UnderGrid under_grids(const Master& master, const Book& book, const std::vector<bool>& tipped,
                      const std::vector<SlotContent>& slots, PageRole role) {
  UnderGrid under;
  for (const SlotContent& slot : slots) {
    under.rule = under.rule || rule_for(master, book, slot, role) != nullptr;
    under.tip = under.tip || has_tip(master, tipped, slot, role);
  }
  return under;
}

}  // namespace detail

namespace {

using detail::caption_heights;
using detail::grid_block;
using detail::GridBlock;
using detail::StepPages;
using detail::wrap_text;
using detail::WrappedLine;

// A caption's baseline sits this far down its line box (line box = 1.2 x size, baseline at 0.9 x
// size), leaving room for descenders below.
constexpr double kBaselineInLineBox = 0.75;

constexpr double kPi = 3.14159265358979323846;

std::string format_points(double points) {
  return formatted("%.1f pt", points);
}

// The trimmed page's layout for one physical page: margins and bleed resolved for its side of the
// spread.
struct PageFrame {
  double width = 0;
  double height = 0;
  Rect content;  // inside the margins
  Rect safe;     // inside the safe margin: where text may put ink
  Bleed bleed;
  bool recto = true;
};

PageFrame frame_for(const Master& master, int page_number) {
  const PageSetup& page = master.page;
  PageFrame frame;
  frame.width = page.width;
  frame.height = page.height;
  frame.recto = !page.mirrored || page_number % 2 == 1;
  // On a right-hand page the binding (inside) is on the left.
  const double left = frame.recto ? page.margins.inside : page.margins.outside;
  frame.content = {left, page.margins.top, page.width - page.margins.inside - page.margins.outside,
                   page.height - page.margins.top - page.margins.bottom};
  const double safe = page.safe_margin;
  frame.safe = {safe, safe, page.width - 2 * safe, page.height - 2 * safe};
  frame.bleed = Bleed::all(page.bleed);
  if (!page.gutter_bleed) (frame.recto ? frame.bleed.left : frame.bleed.right) = 0;
  return frame;
}

// Where a text may be drawn: aligned between `left` and `right` on `baseline`; its ink must stay
// between `top` and `bottom` and inside the page's safe area. Free text (title and chapter pages)
// may wrap onto more lines; header, footer and caption texts may only shrink.
struct TextPlace {
  double left = 0;
  double right = 0;
  double baseline = 0;
  double top = 0;
  double bottom = 0;
  bool wraps = false;
  const char* room = "";  // what the box is, for messages: "the type area", "the grid's width"
  // When above 0, a text too wide at its min-size wraps, balanced and growing down, at its full
  // size onto at most this many lines (a rule line's box; see RuleLine::lines).
  int lines = 0;
};

// The ink of a text already drawn on the same line (or the same page, for free text), so that
// another one cannot overprint it.
struct DrawnInk {
  Rect ink;
  std::string text;
};

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

HorizontalAlign resolve(Align align, bool recto) {
  switch (align) {
    case Align::left:
      return HorizontalAlign::left;
    case Align::center:
      return HorizontalAlign::center;
    case Align::right:
      return HorizontalAlign::right;
    case Align::inside:
      return recto ? HorizontalAlign::left : HorizontalAlign::right;
    case Align::outside:
      return recto ? HorizontalAlign::right : HorizontalAlign::left;
  }
  return HorizontalAlign::left;
}

// Where a logo of `width` x `height` px goes in `content` (the margin box): as tall as the <logo>
// says unless that makes it wider than its max-width, centred, its foot at its y.
Rect logo_box(const LogoPlace& place, const Rect& content, double width, double height) {
  const double scale = std::min(place.height / height, place.max_width / width);  // points per pixel
  const double w = scale * width;
  const double h = scale * height;
  const double foot = content.y + place.y * content.height;
  return {content.x + (content.width - w) / 2, foot - h, w, h};
}

// The book's logo (front-matter "logo", beside book.json), read and held to kMinimumArtDpi at its
// size on `page_template`'s title page, in grey like the rest of the interior; nullopt when the
// book names none or the template places none. InputError at the JSON path otherwise.
std::optional<detail::CoverArt> load_logo(const Book& book, const Template& page_template,
                                          const TypesetOptions& options) {
  if (!book.front || book.front->logo.empty() || !page_template.title_page || !page_template.title_page->logo)
    return std::nullopt;
  const std::string where = "$.front-matter.logo: ";
  const std::filesystem::path path = std::filesystem::path(options.book_source).parent_path() / book.front->logo;
  std::optional<detail::CoverArt> loaded;
  try {
    loaded.emplace(detail::load_cover_art(path.string(), false));
  } catch (const std::runtime_error& error) {  // InputError, IoError: unreadable, not a picture
    throw InputError(options.book_source, 0, 0, where + error.what());
  }
  detail::CoverArt& logo = *loaded;
  // The logo is printed in grey from its pixels; a PDF's vectors would keep their colours.
  if (logo.vector())
    throw InputError(options.book_source, 0, 0,
                     where + path.string() + ": a PDF logo: export it as a PNG or JPEG");
  // Its size on the page (the margin box does not change it).
  const Rect box = logo_box(*page_template.title_page->logo, {}, logo.width(), logo.height());
  const double dpi = logo.width() / (box.width / 72);
  if (dpi < kMinimumArtDpi - 1e-9) {
    const double needed = kMinimumArtDpi / dpi;  // pixels needed per pixel given
    throw InputError(options.book_source, 0, 0,
                     where + book.front->logo + " is " + formatted("%.0f", logo.width()) + " x " +
                         formatted("%.0f", logo.height()) + " px, " + formatted("%.0f", dpi) +
                         " dpi at its " + formatted("%.2f", box.width / 72) + " x " +
                         formatted("%.2f", box.height / 72) + " in on the title page; print needs at least " +
                         formatted("%.0f", kMinimumArtDpi) + " dpi: supply at least " +
                         formatted("%.0f", std::ceil(logo.width() * needed)) + " x " +
                         formatted("%.0f", std::ceil(logo.height() * needed)) + " px");
  }
  // Grey: the interior prints black ink only.
  cairo_surface_flush(logo.surface);
  unsigned char* data = cairo_image_surface_get_data(logo.surface);
  const int stride = cairo_image_surface_get_stride(logo.surface);
  for (int y = 0; y < logo.height(); ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < logo.width(); ++x) {
      const std::uint32_t pixel = row[x];
      const std::uint32_t grey =
          (299 * ((pixel >> 16) & 0xFF) + 587 * ((pixel >> 8) & 0xFF) + 114 * (pixel & 0xFF)) / 1000;  // luma
      row[x] = (pixel & 0xFF000000u) | (grey << 16) | (grey << 8) | grey;
    }
  }
  cairo_surface_mark_dirty(logo.surface);
  return loaded;
}

class BookRenderer {
 public:
  // `pdf` may be null for drawing grid blocks alone (draw_block).
  BookRenderer(const Book& book, const Template& page_template, const FontSet& fonts, const PagePlan& plan,
               PdfDocument* pdf)
      : book_(book), template_(page_template), fonts_(fonts), plan_(plan), pdf_(pdf), text_(book, page_template, plan) {}

  // The full-wrap cover: back panel, spine and front panel side by side, each panel the interior's
  // trim size, with cover bleed on every side. Returns whether the spine carries text.
  bool render_cover(const CoverGeometry& cover) {
    const Master& front = *template_.front_cover;
    const double panel = front.page.width;
    pdf_->begin_page(cover.trim_width, cover.trim_height, Bleed::all(cover.bleed));
    pdf_->set_page_label(tr("book", "Cover"));
    Canvas canvas(pdf_->context());
    cairo_translate(canvas.cairo(), cover.bleed, cover.bleed);
    const TextValues values = text_.book_values();
    if (template_.back_cover) {
      // Page 2 of a mirrored layout: the inside (spine) edge is on the right, like a left-hand page.
      const PageFrame frame = frame_for(*template_.back_cover, 2);
      // Print-on-demand services print the ISBN barcode here: nothing of ours may cover it.
      std::vector<DrawnInk> reserved{
          {{panel - kBarcodeInset - kBarcodeWidth, frame.height - kBarcodeInset - kBarcodeHeight,
            kBarcodeWidth, kBarcodeHeight},
           "the barcode area"}};
      draw_furniture(canvas, *template_.back_cover, frame, values, 0, reserved);
    }
    if (template_.spine && cover.spine_text)
      spine_text_ = draw_spine(canvas, *template_.spine, panel, cover, values);
    {
      const Canvas::SavedState saved(canvas);
      cairo_translate(canvas.cairo(), panel + cover.spine, 0);
      const PageFrame frame = frame_for(front, 1);
      std::vector<DrawnInk> free_ink;
      draw_furniture(canvas, front, frame, values, 0, free_ink);
      // The book's first puzzle as the sample grid.
      PlannedPage page{PageRole::puzzles, &front, 1, std::nullopt, {}};
      for (std::size_t chapter = 0; chapter < book_.chapters.size() && page.slots.empty(); ++chapter)
        if (!book_.chapters[chapter].puzzles.empty())
          page.slots.push_back({chapter, 0, text_.chapter_first_number()[chapter]});
      draw_slot(canvas, page, frame, 0, values);
    }
    pdf_->end_page();
    return spine_text_;
  }

  // The publisher's logo for the title page's <logo> (null: none).
  void set_logo(const detail::CoverArt* logo) { logo_ = logo; }

  // The worked steps' sections, drawn with `fonts` (both must outlive the renderer).
  void set_step_pages(const StepPages* steps, const detail::TeachingFonts* fonts) {
    steps_ = steps;
    plot_fonts_ = fonts;
  }

  void render_all() {
    for (const auto& page : plan_.pages) render(page);
    add_outline();
  }

  // One grid alone, its block's top left corner at the canvas origin (see grid_block.hpp); returns
  // the values its captions used.
  TextValues render_block(Canvas& canvas, PageRole role, const SlotContent& slot) {
    const Master& master = detail::master_for(
        template_, role, book_.chapters[slot.chapter].puzzles[slot.puzzle].puzzle.geometry());
    const TextLine* rule = detail::rule_for(master, book_, slot, role);
    const detail::UnderGrid under = detail::under_grids(master, book_, plan_.tipped, {slot}, role);
    const GridBlock block = grid_block(master, under);
    PageFrame frame;
    frame.width = block.width;
    frame.height = block.height;
    frame.content = {0, 0, block.width, block.height};
    frame.safe = frame.content;
    const TextValues values = slot_values(text_.book_values(), slot, role);
    draw_grid_and_captions(canvas, master, frame, {block.left, block.above, block.side, block.side}, 0,
                           slot.number, values, book_.chapters[slot.chapter].puzzles[slot.puzzle], role, under,
                           rule, tip_of(master, slot, role));
    return values;
  }

 private:
  const Font& font(const std::string& name) const { return fonts_.at(name); }

  const Catalog& language() const { return text_.language(); }
  std::string language_code() const { return text_.language_code(); }
  std::string tr(std::string_view context, std::string_view id) const { return text_.tr(context, id); }
  std::string level_name(const std::string& level) const { return text_.level_name(level); }
  int printed_number(const SlotContent& slot) const { return text_.printed_number(slot); }
  bool holds_only(const std::vector<Variant>& variants) const { return text_.holds_only(variants); }
  TextValues page_values(const PlannedPage& page) const { return text_.page_values(page); }
  TextValues slot_values(const TextValues& page, const SlotContent& slot, PageRole role) const {
    return text_.slot_values(page, slot, role);
  }

  // The width a text aligned by `align` in `place` may take beside the texts already on its line
  // (a left-aligned date and a right-aligned number share a caption line), a third of its size
  // apart from them; a centred text needs the room on both sides of the centre.
  static double room_on_line(const TextPlace& place, HorizontalAlign align,
                             const std::vector<DrawnInk>* line_ink, double size) {
    if (line_ink == nullptr || place.wraps) return place.right - place.left;
    const double anchor = align == HorizontalAlign::left    ? place.left
                          : align == HorizontalAlign::right ? place.right
                                                            : (place.left + place.right) / 2;
    double low = place.left;
    double high = place.right;
    for (const DrawnInk& other : *line_ink) {
      if (other.ink.right() <= anchor) low = std::max(low, other.ink.right() + size / 3);
      if (other.ink.x >= anchor) high = std::min(high, other.ink.x - size / 3);
    }
    if (align == HorizontalAlign::center) return 2 * std::max(0.0, std::min(anchor - low, high - anchor));
    return std::max(0.0, high - low);
  }

  [[noreturn]] void fail(const TextLine& text, const std::string& expanded, int page,
                         const std::string& why) const {
    throw InputError(template_.source, text.line, 0,
                     "'" + expanded + "' does not fit " +
                         (page > 0 ? "on page " + std::to_string(page) : std::string("on the cover")) + ": " +
                         why +
                         " (shorten it, or let it shrink with a smaller 'min-size')");
  }

  // Draws `text` at its size, or shrunk as far as its min-size allows to fit `place`; free text
  // that is still too wide wraps at word spaces. Text that cannot fit is an InputError at the
  // template line: nothing is ever drawn outside the safe area or over the type area.
  void draw_line(Canvas& canvas, const TextLine& text, const TextValues& values, const TextPlace& place,
                 const PageFrame& frame, int page, std::vector<DrawnInk>* line_ink = nullptr) {
    const auto expanded = text.text.expand(values);
    if (!expanded || expanded->empty()) return;
    const HorizontalAlign align = resolve(text.align, frame.recto);
    const double width = room_on_line(place, align, line_ink, text.style.size);
    const double smallest = text.style.min_size > 0 ? text.style.min_size : text.style.size;
    canvas.set_font(font(text.style.font), text.style.size);
    // A newline separates paragraphs ({rules}); it is never drawn.
    std::string one_line = *expanded;
    std::replace(one_line.begin(), one_line.end(), '\n', ' ');
    if (const auto missing = canvas.missing_glyph(one_line))
      throw InputError(template_.source, text.line, 0,
                       "'" + *expanded + "' has a character no installed font can draw: " +
                           describe_character(*missing) + " (install a font that has it, or leave it out)");
    const TextMetrics full = canvas.measure(one_line);
    // Metrics scale with the size (unhinted outlines), so one step finds the size that fits.
    double scale = 1;
    if (full.advance > width) scale = std::min(scale, width / full.advance);
    if (place.baseline + full.ink_top < place.top && full.ink_top < 0)
      scale = std::min(scale, (place.baseline - place.top) / -full.ink_top);
    const double ink_bottom = full.ink_top + full.ink_height;
    if (place.baseline + ink_bottom > place.bottom && ink_bottom > 0)
      scale = std::min(scale, (place.bottom - place.baseline) / ink_bottom);
    double size = std::max(smallest, text.style.size * std::max(scale, 0.0));
    // A box of a few lines takes a text that needs more than one at its full size, not its least.
    const bool in_lines = place.lines > 0 && full.advance * size / text.style.size > width;
    if (in_lines) size = text.style.size;
    canvas.set_font(font(text.style.font), size);

    std::vector<WrappedLine> lines{{*expanded, false}};
    if (place.wraps && (canvas.measure(one_line).advance > width || one_line != *expanded))
      lines = wrap_text(canvas, *expanded, width, language_code(), !text.grows_down || in_lines);
    if (in_lines && lines.size() > static_cast<std::size_t>(place.lines))
      fail(text, *expanded, page,
           "at " + format_points(size) + " it needs " + std::to_string(lines.size()) + " lines of " +
               place.room + ", " + format_points(width) + ", and its box has " + std::to_string(place.lines));
    // Each line 1.2 x the size below the one before; a new paragraph half a line more.
    std::vector<double> offsets;
    double offset = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i > 0) offset += 1.2 * size * (lines[i].paragraph ? 1.5 : 1.0);
      offsets.push_back(offset);
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i].text;
      const TextMetrics metrics = canvas.measure(line);
      if (metrics.advance > width + 1e-6) {
        // Squeezed by the texts already on its line (a long title beside a chapter name): those
        // are named, since shortening them is as much the fix as shortening this one.
        std::string beside;
        if (line_ink != nullptr)
          for (const DrawnInk& other : *line_ink)
            beside += (beside.empty() ? "'" : ", '") + other.text + "' (" + format_points(other.ink.width) + ")";
        fail(text, line, page,
             "it is " + format_points(metrics.advance) + " wide at " + format_points(size) + ", " +
                 (width < place.right - place.left - 1e-6
                      ? "the room left beside " + (beside.empty() ? std::string("the other texts") : beside) +
                            " on its line"
                      : std::string(place.room)) +
                 " is " + format_points(width) +
                 (beside.empty() || width >= place.right - place.left - 1e-6 ? "" : "; shorten that text or this one"));
      }
      // Wrapped lines rise from the baseline, unless the text grows down (a paragraph of rules):
      // the last line stays where the template put it, so the text below (an author, the
      // chapter's range) keeps its place.
      const double baseline = text.grows_down || in_lines ? place.baseline + offsets[i]
                                              : place.baseline - (offsets.back() - offsets[i]);
      const double x = align == HorizontalAlign::left    ? place.left
                       : align == HorizontalAlign::right ? place.right - metrics.advance
                                                         : (place.left + place.right - metrics.advance) / 2;
      const Rect ink{x + metrics.ink_left, baseline + metrics.ink_top, metrics.ink_width, metrics.ink_height};
      const double slack = 1e-6;
      if (ink.y < std::max(place.top, frame.safe.y) - slack ||
          ink.bottom() > std::min(place.bottom, frame.safe.bottom()) + slack)
        fail(text, line, page,
             "at " + format_points(size) + " its ink runs from " + format_points(ink.y) + " to " +
                 format_points(ink.bottom()) + " below the top trim edge, outside the " +
                 format_points(std::max(place.top, frame.safe.y)) + " to " +
                 format_points(std::min(place.bottom, frame.safe.bottom())) + " it may use");
      if (ink.x < frame.safe.x - slack || ink.right() > frame.safe.right() + slack)
        fail(text, line, page, "its ink reaches outside the page's safe margin");
      if (line_ink != nullptr) {
        for (const DrawnInk& other : *line_ink)
          if (overlap(ink, other.ink)) fail(text, line, page, "it overprints '" + other.text + "'");
        line_ink->push_back({ink, line});
      }
      canvas.draw_text(line, {x, baseline}, text.style.color);
    }
  }

  void render(const PlannedPage& page) {
    const Master& master = *page.master;
    const PageFrame frame = frame_for(master, page.number);
    pdf_->begin_page(frame.width, frame.height, frame.bleed);
    const TextValues values = page_values(page);
    pdf_->set_page_label(page.role == PageRole::blank
                             ? std::to_string(page.number)
                             : master.label.expand(values).value_or(std::to_string(page.number)));
    if (page.role != PageRole::blank) {
      Canvas canvas(pdf_->context());
      // Trim-box coordinates from here on; the bleed is the margin of negative space around them.
      cairo_translate(canvas.cairo(), frame.bleed.left, frame.bleed.top);
      std::vector<DrawnInk> free_ink;
      // A contents page after the first takes the master's <continued> heading, when it has one.
      const bool continued = page.role == PageRole::contents && page.first_entry > 0;
      draw_furniture(canvas, master, frame, values, page.number, free_ink,
                     continued && master.continued_texts ? &*master.continued_texts : nullptr);
      if (master.entries) draw_contents(canvas, *master.entries, values, frame, page);
      if (page.role == PageRole::how_to_play && master.example) draw_example(canvas, master, frame, page.number, free_ink);
      if (page.role == PageRole::title && master.logo && logo_ != nullptr) draw_logo(canvas, *master.logo, frame);
      if (page.role == PageRole::hints || page.role == PageRole::how_to_solve) draw_steps(canvas, frame, page);
      for (std::size_t i = 0; i < page.slots.size(); ++i) draw_slot(canvas, page, frame, i, values);
    }
    pdf_->end_page();
  }

  // Decorations, running heads and feet, and free text of `master` on a page (or cover panel)
  // laid out as `frame`; `free_ink` holds what the free texts must not overprint. `texts`, when not
  // null, replaces the master's free texts (a contents continuation page's heading).
  void draw_furniture(Canvas& canvas, const Master& master, const PageFrame& frame, const TextValues& values,
                      int page_number, std::vector<DrawnInk>& free_ink,
                      const std::vector<TextLine>* texts = nullptr) {
    for (const auto& decoration : master.decorations)
      canvas.fill_rect({decoration.x, decoration.y, decoration.width, decoration.height}, decoration.color);
    const Rect& content = frame.content;
    // Running heads and feet stay between the safe margin and the type area.
    if (master.header) {
      std::vector<DrawnInk> ink;
      for (const auto& text : master.header->texts)
        draw_line(canvas, text, values,
                  {content.x, content.right(), master.header->baseline, frame.safe.y, content.y, false,
                   "the type area's width"},
                  frame, page_number, &ink);
    }
    if (master.footer) {
      std::vector<DrawnInk> ink;
      for (const auto& text : master.footer->texts)
        draw_line(canvas, text, values,
                  {content.x, content.right(), frame.height - master.footer->baseline, content.bottom(),
                   frame.safe.bottom(), false, "the type area's width"},
                  frame, page_number, &ink);
    }
    for (const auto& text : texts != nullptr ? *texts : master.texts) {
      if (!holds_only(text.variants)) continue;
      const double y = text.y_is_fraction ? text.y * content.height : text.y;
      draw_line(canvas, text, values,
                {content.x, content.right(), content.y + y, frame.safe.y, frame.safe.bottom(), true,
                 "the type area's width"},
                frame, page_number, &free_ink);
    }
  }

  void draw_slot(Canvas& canvas, const PlannedPage& page, const PageFrame& frame, std::size_t index,
                 const TextValues& page_values_) {
    const Master& master = *page.master;
    const Rect& content = frame.content;
    const double slot_width = (content.width - (master.columns - 1) * master.column_gap) / master.columns;
    const double slot_height = (content.height - (master.rows - 1) * master.row_gap) / master.rows;
    const int column = static_cast<int>(index) % master.columns;
    const int row = static_cast<int>(index) / master.columns;
    const Rect slot{content.x + column * (slot_width + master.column_gap),
                    content.y + row * (slot_height + master.row_gap), slot_width, slot_height};

    auto [above, below] = caption_heights(master);
    // A page with a rule line or a tip under one of its grids gives every grid the same room for
    // it, so the grids of a page stay the same size; pages without one (every classic page) lose
    // nothing.
    const detail::UnderGrid under = detail::under_grids(master, book_, plan_.tipped, page.slots, page.role);
    below += detail::under_height(master, under);
    const double side = detail::grid_side(master, under);
    // The grid and its captions form one block; the rows of blocks are placed as the master's
    // align-rows says (a single justified row is centred).
    const double block_height = above + side + below;
    const double stacked_height = master.rows * block_height + (master.rows - 1) * master.row_gap;
    double block_top = 0;
    if (master.align_rows == RowAlignment::justify && master.rows > 1) {
      block_top = content.y +
                  row * (block_height + (content.height - master.rows * block_height) / (master.rows - 1));
    } else {
      const double first_top = master.align_rows == RowAlignment::top
                                   ? content.y
                                   : content.y + (content.height - stacked_height) / 2;
      block_top = first_top + row * (block_height + master.row_gap);
    }
    const Rect grid{slot.x + (slot.width - side) / 2, block_top + above, side, side};
    const SlotContent& content_ref = page.slots[index];
    draw_grid_and_captions(canvas, master, frame, grid, block_top, page.number,
                           slot_values(page_values_, content_ref, page.role),
                           book_.chapters[content_ref.chapter].puzzles[content_ref.puzzle], page.role, under,
                           detail::rule_for(master, book_, content_ref, page.role),
                           tip_of(master, content_ref, page.role));
  }

  // The how-to-play page's solved example (RulesExample): a 4x4 puzzle and its solution side by
  // side under the rules text, each captioned. The solution is found by logic (the
  // technique grader), and the puzzle has exactly that one (tested). Left out for a book of Killer puzzles only, and when the
  // rules text leaves no room for it above the foot of the type area.
  void draw_example(Canvas& canvas, const Master& master, const PageFrame& frame, int page_number,
                    std::vector<DrawnInk>& free_ink) {
    if (holds_only({Variant::killer})) return;
    const RulesExample& example = *master.example;
    const double caption_gap = 0.4 * example.caption.size;
    const double caption_height = 1.2 * example.caption.size;
    const Rect& content = frame.content;
    // Under the rules text, three caption lines below its last line.
    double text_bottom = content.y;
    for (const DrawnInk& ink : free_ink) text_bottom = std::max(text_bottom, ink.ink.bottom());
    const double top = text_bottom + 3 * caption_height;
    const double width = 2 * example.side + example.gap;
    const Rect room{content.x + (content.width - width) / 2, top, width,
                    example.side + caption_gap + caption_height};
    if (room.bottom() > content.bottom()) return;
    const Grid puzzle = rules_example_puzzle();
    const std::optional<Grid> solved = rules_example_solution(puzzle);
    if (!solved) return;
    // The solution in the solution pages' look: the givens set apart from the digits filled in.
    const GridLook look = detail::grid_look(master.grid, fonts_);
    GridLook solution_look = look;
    solution_look.givens = detail::grid_look(template_.solution_page.grid, fonts_).givens;
    solution_look.solved = detail::grid_look(template_.solution_page.grid, fonts_).solved;
    const std::array<std::pair<const char*, const Grid*>, 2> grids{{{"Example", nullptr}, {"Its solution", &*solved}}};
    for (std::size_t i = 0; i < grids.size(); ++i) {
      const Rect grid{room.x + static_cast<double>(i) * (example.side + example.gap), top, example.side, example.side};
      paint_grid(canvas, puzzle, grids[i].second, grid, i == 0 ? look : solution_look);
      TextLine caption;
      caption.text = detail::literal(tr("rules", grids[i].first));
      caption.style = example.caption;
      caption.align = Align::center;
      caption.line = example.line;
      std::vector<DrawnInk> ink;
      draw_line(canvas, caption, {},
                {grid.x, grid.right(), grid.bottom() + caption_gap + kBaselineInLineBox * caption_height, frame.safe.y,
                 frame.safe.bottom(), false, "the example grid's width"},
                frame, page_number, &ink);
    }
  }

  // The publisher's logo, centred, its foot at the <logo>'s y (logo_box).
  void draw_logo(Canvas& canvas, const LogoPlace& place, const PageFrame& frame) {
    const Rect box = logo_box(place, frame.content, logo_->width(), logo_->height());
    const Canvas::SavedState saved(canvas);
    cairo_translate(canvas.cairo(), box.x, box.y);
    cairo_scale(canvas.cairo(), box.width / logo_->width(), box.height / logo_->height());
    cairo_set_source_surface(canvas.cairo(), logo_->surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(canvas.cairo()), CAIRO_FILTER_GOOD);
    cairo_paint(canvas.cairo());
  }

  // The hint a slot's tip tells, or null when its grid has none.
  const BookStep* tip_of(const Master& master, const SlotContent& slot, PageRole role) const {
    if (steps_ == nullptr || !detail::has_tip(master, plan_.tipped, slot, role)) return nullptr;
    const std::vector<BookStep>& hints = steps_->steps.hints;
    const auto hint = std::lower_bound(hints.begin(), hints.end(), slot.number,
                                       [](const BookStep& each, int number) { return each.number < number; });
    return hint != hints.end() && hint->number == slot.number ? &*hint : nullptr;
  }

  // The grid `grid` with its captions from `block_top` down; with `under`, the rule line's and the
  // tip's boxes under the grid, holding `rule` and the tip of `tip` when they are not null (the
  // other grids of a page leave them blank).
  void draw_grid_and_captions(Canvas& canvas, const Master& master, const PageFrame& frame, const Rect& grid,
                              double block_top, int page_number, const TextValues& values,
                              const BookPuzzle& puzzle, PageRole role, detail::UnderGrid under,
                              const TextLine* rule, const BookStep* tip) {
    const auto draw_caption = [&](const Caption& caption, double line_top) {
      std::vector<DrawnInk> ink;
      for (const auto& text : caption.texts)
        draw_line(canvas, with_hint_reference(text, values), values,
                  {grid.x, grid.right(), line_top + kBaselineInLineBox * caption.height, frame.safe.y,
                   frame.safe.bottom(), false, "the grid's width"},
                  frame, page_number, &ink);
    };
    double cursor = block_top;
    for (const auto& caption : master.captions) {
      if (caption.position != Caption::Position::above) continue;
      draw_caption(caption, cursor);
      cursor += caption.height + caption.gap;
    }
    cursor = grid.bottom();
    if (under.rule && master.rule) {
      // The other grids of the page leave the line blank, so the captions below stay in line.
      cursor += master.rule->gap;
      if (rule != nullptr) {
        std::vector<DrawnInk> ink;
        const int lines = master.rule->lines;
        TextPlace place{grid.x, grid.right(), cursor + kBaselineInLineBox * master.rule->height / lines,
                        frame.safe.y, frame.safe.bottom(), false, "the grid's width"};
        if (lines > 1) {
          // Wrapped lines stay in the box the grid gave up for them, above the captions below.
          place.wraps = true;
          place.bottom = cursor + master.rule->height;
          place.lines = lines;
        }
        draw_line(canvas, *rule, values, place, frame, page_number, &ink);
      }
      cursor += master.rule->height;
    }
    if (under.tip && master.tip) {
      cursor += master.tip->gap;
      if (tip != nullptr) {
        // The tip's words are the hint's, not a template pattern: braces are printed as they are.
        TextLine line = master.tip->text;
        line.text = detail::literal(tip_line(*tip, language()));
        std::vector<DrawnInk> ink;
        draw_line(canvas, line, values,
                  {grid.x, grid.right(), cursor + kBaselineInLineBox * master.tip->height, frame.safe.y,
                   frame.safe.bottom(), false, "the grid's width"},
                  frame, page_number, &ink);
      }
      cursor += master.tip->height;
    }
    for (const auto& caption : master.captions) {
      if (caption.position != Caption::Position::below) continue;
      cursor += caption.gap;
      draw_caption(caption, cursor);
      cursor += caption.height;
    }

    paint_grid(canvas, puzzle.puzzle, role == PageRole::solutions ? &puzzle.solution : nullptr, grid,
               detail::grid_look(master.grid, fonts_));
  }

  // A puzzle with a hint: its solution reference ("Solution on page 57") gets the hint's page
  // after it ("Solution on page 57 · Hint: page 112"), unless the template places {hint_page}
  // itself. Without solutions (--solutions none) the reference has no page to name and is left
  // out: the hint's page takes its place alone ("Hint: page 112").
  TextLine with_hint_reference(const TextLine& text, const TextValues& values) const {
    if (!values.get(Variable::hint_page) || !text.text.uses(Variable::solution_page) ||
        text.text.uses(Variable::hint_page))
      return text;
    TextLine line = text;
    // The catalogue's "{page}" becomes {hint_page}; any other brace is printed as it is.
    const std::string translated = tr("hints", "Hint: page {page}");
    std::string pattern;
    if (values.get(Variable::solution_page)) pattern = text.text.source() + " \xC2\xB7 ";
    for (std::size_t i = 0; i < translated.size(); ++i) {
      if (translated.compare(i, 6, "{page}") == 0) {
        pattern.append("{hint_page}");
        i += 5;
      } else {
        pattern.push_back(translated[i]);
        if (translated[i] == '{' || translated[i] == '}') pattern.push_back(translated[i]);
      }
    }
    line.text = TextPattern::parse(pattern);
    return line;
  }

  // A page of the how-to-solve chapter or of the hints: its blocks, each a heading, the words and
  // the step's picture.
  void draw_steps(Canvas& canvas, const PageFrame& frame, const PlannedPage& page) {
    if (steps_ == nullptr || plot_fonts_ == nullptr) return;
    const bool examples = page.role == PageRole::how_to_solve;
    const std::vector<BookStep>& list = examples ? steps_->steps.examples : steps_->steps.hints;
    std::vector<detail::StepBlock> blocks;
    for (std::size_t i = page.first_entry; i < page.first_entry + page.entry_count && i < list.size(); ++i) {
      const BookStep& step = list[i];
      const SlotContent slot{step.chapter, step.puzzle, step.number};
      const int number = printed_number(slot);
      const int page_number = plan_.puzzle_page[static_cast<std::size_t>(step.number - 1)];
      const std::vector<std::pair<std::string, std::string>> where{{"number", std::to_string(number)},
                                                                   {"page", std::to_string(page_number)}};
      detail::StepBlock block;
      block.step = &step;
      if (examples) {
        std::string title = technique_title(step.step.technique, language());
        block.heading = BookText::upper_first(title);
        block.lines = {technique_description(step.step.technique, language()),
                       join_sentences({example_source(step, number, page_number, language()),
                                       step_result(step, language())})};
      } else {
        block.heading = fill(tr("hints", "Puzzle {number}, page {page}"), where);
        block.lines = hint_lines(step, language());
      }
      blocks.push_back(std::move(block));
    }
    const int per_page = examples ? steps_->sections.examples_per_page : steps_->sections.hints_per_page;
    detail::draw_step_blocks(canvas, frame.content, blocks, per_page, *plot_fonts_, steps_->type, language_code());
  }



  // Spine texts read from top to bottom (the US and UK convention), each centred across the spine.
  // The spine carries them only when every one fits across it, between KDP's 0.0625 in spine
  // margins, at its min-size or larger; otherwise it is left blank (a title squeezed below its
  // min-size, or one running onto the panels, is worse than none). Returns whether it has text.
  bool draw_spine(Canvas& canvas, const Master& spine, double panel, const CoverGeometry& cover,
                  const TextValues& values) {
    const double room = cover.spine - 2 * kSpineSafe;
    struct SpineText {
      TextLine text;  // at the size that fits across the spine
      double baseline = 0;
    };
    std::vector<SpineText> lines;
    for (const auto& text : spine.texts) {
      const auto expanded = text.text.expand(values);
      if (!expanded || expanded->empty()) continue;
      canvas.set_font(font(text.style.font), text.style.size);
      const TextMetrics metrics = canvas.measure(*expanded);
      if (metrics.ink_height <= 0) continue;
      // Metrics scale with the size; a hair of slack keeps the centred ink off the limits. The
      // template's size is where a thin spine starts; a wider one sets the text larger (70 % of
      // its room, so the ink never crowds the folds), as far as the spine's length allows.
      const double length = cover.trim_height - spine.page.margins.top - spine.page.margins.bottom;
      const double scale =
          std::min({std::max(1.0, 0.7 * room / metrics.ink_height), 0.999 * room / metrics.ink_height,
                    0.45 * length / std::max(metrics.advance, 1e-9)});
      const double size = text.style.size * scale;
      const double smallest = text.style.min_size > 0 ? text.style.min_size : text.style.size;
      if (room <= 0 || size < smallest) return false;
      SpineText line{text, cover.spine / 2 - scale * (2 * metrics.ink_top + metrics.ink_height) / 2};
      line.text.style.size = size;
      line.text.style.min_size = std::min(smallest, size);
      lines.push_back(std::move(line));
    }
    if (lines.empty()) return false;
    const Canvas::SavedState saved(canvas);
    cairo_translate(canvas.cairo(), panel + cover.spine, 0);
    cairo_rotate(canvas.cairo(), kPi / 2);
    // In these coordinates x runs down the spine and y across it, from the front panel's edge.
    PageFrame frame;
    frame.width = cover.trim_height;
    frame.height = cover.spine;
    frame.content = {spine.page.margins.top, 0,
                     cover.trim_height - spine.page.margins.top - spine.page.margins.bottom, cover.spine};
    frame.safe = {0, kSpineSafe, cover.trim_height, room};
    std::vector<DrawnInk> ink;
    for (const auto& line : lines)
      draw_line(canvas, line.text, values,
                {frame.content.x, frame.content.right(), line.baseline, frame.safe.y, frame.safe.bottom(), false,
                 "the spine's length"},
                frame, 0, &ink);
    return true;
  }

  // The page's share of the contents rows: one row per chapter with puzzles, then one for the
  // solutions (when they are printed); a continuation page starts at the entries' continued-y.
  void draw_contents(Canvas& canvas, const Entries& entries, const TextValues& page_values_,
                     const PageFrame& frame, const PlannedPage& page) {
    const Rect& content = frame.content;
    // The rows: the how-to-solve chapter (when printed), the chapters, the hints and the
    // solutions (when printed); a chapter row holds its index, the others a marker.
    constexpr std::size_t kHowToSolve = static_cast<std::size_t>(-1);
    constexpr std::size_t kHints = static_cast<std::size_t>(-2);
    constexpr std::size_t kSolutions = static_cast<std::size_t>(-3);
    std::vector<std::size_t> rows;
    if (plan_.first_how_to_solve_page != 0) rows.push_back(kHowToSolve);
    for (const std::size_t chapter : contents_rows(book_)) rows.push_back(chapter);
    if (plan_.first_hint_page != 0) rows.push_back(kHints);
    rows.push_back(kSolutions);
    double baseline = content.y + (page.first_entry > 0 ? entries.continued_y : entries.y);
    for (std::size_t row = page.first_entry; row < page.first_entry + page.entry_count; ++row) {
      TextValues values = page_values_;
      if (rows[row] == kHowToSolve) {
        values.set(Variable::chapter, tr("hints", "How to solve"));
        values.set(Variable::chapter_page, std::to_string(plan_.first_how_to_solve_page));
      } else if (rows[row] == kHints) {
        values.set(Variable::chapter, tr("hints", "Hints"));
        values.set(Variable::chapter_page, std::to_string(plan_.first_hint_page));
      } else if (rows[row] != kSolutions) {
        const std::size_t chapter = rows[row];
        const BookChapter& entry = book_.chapters[chapter];
        values.set(Variable::chapter, chapter_title(chapter));
        values.set(Variable::chapter_page, std::to_string(plan_.chapter_first_page[chapter]));
        values.set(Variable::count, std::to_string(entry.puzzles.size()));
        BookText::set_level(values, level_name(entry.level), entry.title);
      } else {
        values.set(Variable::chapter, tr("book", "Solutions"));
        values.set(Variable::chapter_page, std::to_string(plan_.first_solution_page));
      }
      std::vector<DrawnInk> ink;
      for (const auto& text : entries.texts)
        draw_line(canvas, text, values,
                  {content.x, content.right(), baseline, frame.safe.y, frame.safe.bottom(), false,
                   "the type area's width"},
                  frame, page.number, &ink);
      baseline += entries.step;
    }
  }

  void add_outline() {
    // In page order: the how-to-solve chapter before the puzzles, or after them in a handout.
    const int first_chapter_page = plan_.chapter_first_page.empty() ? 0 : plan_.chapter_first_page.front();
    const bool examples_first = plan_.first_how_to_solve_page != 0 && plan_.first_how_to_solve_page < first_chapter_page;
    if (examples_first) pdf_->add_outline(0, tr("hints", "How to solve"), plan_.first_how_to_solve_page);
    for (std::size_t chapter = 0; chapter < book_.chapters.size(); ++chapter) {
      if (book_.chapters[chapter].puzzles.empty()) continue;
      pdf_->add_outline(0, chapter_title(chapter), plan_.chapter_first_page[chapter]);
    }
    if (plan_.first_how_to_solve_page != 0 && !examples_first)
      pdf_->add_outline(0, tr("hints", "How to solve"), plan_.first_how_to_solve_page);
    if (plan_.first_hint_page != 0) pdf_->add_outline(0, tr("hints", "Hints"), plan_.first_hint_page);
    if (plan_.first_solution_page == 0) return;
    const int solutions = pdf_->add_outline(0, tr("book", "Solutions"), plan_.first_solution_page);
    for (std::size_t chapter = 0; chapter < book_.chapters.size(); ++chapter) {
      if (plan_.chapter_first_solution_page[chapter] == 0) continue;
      pdf_->add_outline(solutions, chapter_title(chapter), plan_.chapter_first_solution_page[chapter]);
    }
  }

  std::string chapter_title(std::size_t chapter) const {
    const std::string& title = book_.chapters[chapter].title;
    return title.empty() ? fill(tr("book", "Chapter {number}"), {{"number", std::to_string(chapter + 1)}}) : title;
  }

  const Book& book_;
  const Template& template_;
  const FontSet& fonts_;
  const PagePlan& plan_;
  PdfDocument* pdf_;
  bool spine_text_ = false;                // the cover's spine got its texts
  const StepPages* steps_ = nullptr;       // typeset --hints / --how-to-solve
  const detail::TeachingFonts* plot_fonts_ = nullptr;
  const detail::CoverArt* logo_ = nullptr;
  BookText text_;                          // the book's sentences: every text variable's value
};

}  // namespace

TextValues detail::draw_grid_block(Canvas& canvas, const Book& book, const Template& page_template,
                                   const FontSet& fonts, PageRole role, const SlotContent& slot,
                                   const StepPages* steps) {
  PagePlan no_pages;
  if (steps != nullptr) no_pages.tipped = steps->tipped();
  BookRenderer renderer(book, page_template, fonts, no_pages, nullptr);
  renderer.set_step_pages(steps, nullptr);
  return renderer.render_block(canvas, role, slot);
}

using detail::check_has_puzzles;
using detail::pdf_metadata;

bool detail::render_master_cover(const Book& book, const Template& page_template, const FontSet& fonts,
                                 const PagePlan& plan, const CoverGeometry& cover, PdfDocument& pdf) {
  return BookRenderer(book, page_template, fonts, plan, &pdf).render_cover(cover);
}

std::string render_pdf(const Book& book, const Template& shipped_template, const TypesetOptions& options,
                       int* pages) {
  check_has_puzzles(book, options);
  std::optional<StepPages> steps;
  if (options.hints || options.how_to_solve) {
    steps.emplace(book, options);
    steps->use(shipped_template);
  }
  const StepSections* sections = steps ? &steps->sections : nullptr;
  const int page_count =
      static_cast<int>(plan_pages(book, shipped_template, options.include_solutions, sections).pages.size());
  // Before the fonts and the drawing, which take the time: a book the printer would refuse is
  // refused here.
  check_page_count(shipped_template, page_count, options.paper, options.book_source, options.draft);
  // The inside margin the printer asks for at this page count (the page count does not depend on
  // it: the slots and the contents rows per page stay); the grids are measured on these pages.
  const Template page_template = with_gutter(shipped_template, page_count);
  if (steps) {
    steps->use(page_template);
    for (const detail::TeachingSizes& sizes : steps->sizes())
      if (!sizes.pass()) throw InputError(options.book_source, 0, 0, sizes.problem(page_template));
  }
  const PagePlan plan = plan_pages(book, page_template, options.include_solutions, sections);
  check_legibility(measure_legibility(book, page_template, plan), page_template, options.book_source);
  FontLibrary library(options.font_dirs);
  const FontSet fonts = load_template_fonts(page_template, library);
  const PdfMetadata metadata = pdf_metadata(book, page_template, options);
  PdfDocument pdf(metadata);
  BookRenderer renderer(book, page_template, fonts, plan, &pdf);
  std::optional<detail::TeachingFonts> plot_fonts;
  if (steps) {
    // The teaching pages in the book's own faces (teaching_type).
    const detail::TeachingType& type = steps->type;
    plot_fonts.emplace(detail::TeachingFonts{{fonts.at(type.text_font), fonts.at(type.heading_font)},
                                             {{fonts.at(type.digit_font), fonts.at(type.given_font)},
                                              type.min_cage_sum}});
    renderer.set_step_pages(&*steps, &*plot_fonts);
  }
  const std::optional<detail::CoverArt> logo = load_logo(book, page_template, options);
  if (logo) renderer.set_logo(&*logo);
  renderer.render_all();
  if (pages != nullptr) *pages = pdf.page_count();
  return pdf.finish();
}

}  // namespace sudoku::typeset
