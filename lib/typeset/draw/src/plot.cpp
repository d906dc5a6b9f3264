// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/draw/plot.hpp"

#include <cairo-svg.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <stdexcept>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset {
namespace {

// Sizes in points. The figure is as wide as a text column of a report; rows stack downwards.
constexpr double kWidth = 640;
constexpr double kMargin = 16;
constexpr double kTitleSize = 13;
constexpr double kSubtitleSize = 9;
constexpr double kTitleLineHeight = 16;
constexpr double kSubtitleLineHeight = 12;
constexpr double kNameSize = 10;
constexpr double kNoteSize = 8;
constexpr double kTickSize = 8.5;
constexpr double kAxisTitleSize = 9;
constexpr double kLegendSize = 8.5;
constexpr double kValueSize = 8.5;
constexpr double kRowHeight = 62;  // per series: label line, band of dots, label line
constexpr double kBandTop = 16;    // room above the band for the target's value
constexpr double kBandHeight = 30;
constexpr double kDotRadius = 1.7;
constexpr double kRingRadius = 2.3;
constexpr double kPngPixelsPerPoint = 2;
constexpr std::uint64_t kJitterSeed = 0x9e3779b97f4a7c15;  // fixed: the same plot draws the same dots

// Okabe & Ito's colour-blind safe palette (yellow left out: too faint on white).
constexpr std::array<Color, 7> kPalette{{{0.000, 0.447, 0.698},
                                         {0.902, 0.624, 0.000},
                                         {0.000, 0.620, 0.451},
                                         {0.835, 0.369, 0.000},
                                         {0.800, 0.475, 0.655},
                                         {0.337, 0.706, 0.914},
                                         {0.333, 0.333, 0.333}}};
constexpr Color kInk{0.10, 0.10, 0.10};
constexpr Color kMuted{0.40, 0.40, 0.40};
constexpr Color kOutlier{0.45, 0.45, 0.45};
constexpr Color kGridMajor{0.80, 0.80, 0.80};
constexpr Color kGridMinor{0.92, 0.92, 0.92};
constexpr Color kShade{0.965, 0.965, 0.965};

Color series_color(std::size_t index) {
  return kPalette[index % kPalette.size()];
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// "6.23", "29.2", "527": about three significant digits, enough to compare with a table.
std::string format_value(double value) {
  char text[48];
  const double magnitude = std::abs(value);
  if (magnitude < 10)
    std::snprintf(text, sizeof text, "%.2f", value);
  else if (magnitude < 100)
    std::snprintf(text, sizeof text, "%.1f", value);
  else
    std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

// Tick labels: "0.1", "1", "20", "1,000", "100,000".
std::string format_tick(double value) {
  if (value < 1) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
  }
  const std::string digits = std::to_string(std::llround(value));
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

// A log10 axis from the decade below the smallest value to the first 1, 2 or 5 times a power of ten
// above the largest (a tail that just passes a decade does not cost a whole empty decade), with a
// little air at both ends.
class LogAxis {
 public:
  LogAxis(double smallest, double largest, double left, double right) : left_(left), right_(right) {
    first_decade_ = static_cast<int>(std::floor(std::log10(smallest)));
    const int top_decade = static_cast<int>(std::floor(std::log10(largest)));
    end_ = std::pow(10.0, top_decade + 1);
    for (const double step : {1.0, 2.0, 5.0}) {
      const double candidate = step * std::pow(10.0, top_decade);
      if (candidate >= largest * (1 - 1e-12)) {
        end_ = candidate;
        break;
      }
    }
    if (end_ <= std::pow(10.0, first_decade_)) end_ = std::pow(10.0, first_decade_ + 1);
    const double span = std::log10(end_) - first_decade_;
    from_ = first_decade_ - 0.03 * span;
    to_ = std::log10(end_) + 0.03 * span;
  }

  double x(double value) const {
    const double exponent = value > 0 ? std::log10(value) : from_;
    return left_ + (std::clamp(exponent, from_, to_) - from_) / (to_ - from_) * (right_ - left_);
  }
  int first_decade() const { return first_decade_; }
  // The largest value with a tick.
  double end() const { return end_; }
  // Few decades leave room to label 2 and 5 times each decade as well.
  bool labels_between_decades() const { return std::log10(end_) - first_decade_ <= 2.0 + 1e-9; }

 private:
  double left_;
  double right_;
  int first_decade_ = 0;
  double end_ = 10;
  double from_ = 0;
  double to_ = 1;
};

void circle(cairo_t* cairo, double x, double y, double radius) {
  cairo_new_sub_path(cairo);
  cairo_arc(cairo, x, y, radius, 0, 2 * M_PI);
}

void fill_dot(cairo_t* cairo, Point center, double radius, Color color, double alpha) {
  circle(cairo, center.x, center.y, radius);
  cairo_set_source_rgba(cairo, color.red, color.green, color.blue, alpha);
  cairo_fill(cairo);
}

void stroke_ring(cairo_t* cairo, Point center, double radius, Color color, double alpha = 1.0) {
  circle(cairo, center.x, center.y, radius);
  cairo_set_source_rgba(cairo, color.red, color.green, color.blue, alpha);
  cairo_set_line_width(cairo, 0.7);
  cairo_stroke(cairo);
}

void dashed_line(cairo_t* cairo, Point from, Point to, double width, Color color) {
  const double dashes[] = {3.0, 2.0};
  cairo_save(cairo);
  cairo_set_dash(cairo, dashes, 2, 0);
  cairo_move_to(cairo, from.x, from.y);
  cairo_line_to(cairo, to.x, to.y);
  cairo_set_source_rgb(cairo, color.red, color.green, color.blue);
  cairo_set_line_width(cairo, width);
  cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT);
  cairo_stroke(cairo);
  cairo_restore(cairo);
}

// Dots thin out as they crowd: a level of thousands of ratings still shows where most of them lie.
double dot_alpha(std::size_t count) {
  const double alpha = 0.75 * std::sqrt(100.0 / static_cast<double>(std::max<std::size_t>(count, 1)));
  return std::clamp(alpha, 0.08, 0.75);
}

struct Layout {
  std::vector<std::string> title_lines;
  std::vector<std::string> subtitle_lines;
  double label_left = kMargin;
  double plot_left = 0;
  double plot_right = kWidth - kMargin - 14;  // room for the last tick label's right half
  double title_baseline = 0;
  double subtitle_baseline = 0;
  double plot_top = 0;
  double plot_bottom = 0;
  double tick_baseline = 0;
  double axis_title_baseline = 0;
  double legend_top = 0;
  double height = 0;
};

struct LegendItem {
  enum class Glyph { dots, ring, box, target, reference } glyph;
  std::string text;
};

constexpr double kLegendGlyphWidth = 26;
constexpr double kLegendGap = 14;
constexpr double kLegendLineHeight = 15;

std::vector<LegendItem> legend_items(const DistributionPlot& plot) {
  std::vector<LegendItem> items{{LegendItem::Glyph::dots, "kept rating (one dot per puzzle)"},
                                {LegendItem::Glyph::ring, "removed outlier"},
                                {LegendItem::Glyph::box, "box: Q1, median, Q3; whiskers: kept range"},
                                {LegendItem::Glyph::target, plot.target_label}};
  const bool any_reference =
      std::any_of(plot.series.begin(), plot.series.end(),
                  [](const DistributionSeries& series) { return series.reference.has_value(); });
  if (any_reference) items.push_back({LegendItem::Glyph::reference, plot.reference_label});
  return items;
}

// Where each legend item starts (x, line): items flow left to right and wrap at the plot's right.
std::vector<std::pair<double, int>> legend_positions(Canvas& canvas, const PlotFonts& fonts,
                                                     const Layout& layout,
                                                     const std::vector<LegendItem>& items) {
  canvas.set_font(fonts.regular, kLegendSize);
  std::vector<std::pair<double, int>> positions;
  double x = layout.plot_left;
  int line = 0;
  for (const LegendItem& item : items) {
    const double width = kLegendGlyphWidth + canvas.measure(item.text).advance;
    if (x > layout.plot_left && x + width > layout.plot_right) {
      x = layout.plot_left;
      ++line;
    }
    positions.emplace_back(x, line);
    x += width + kLegendGap;
  }
  return positions;
}

// Greedy word wrap, so a long title or subtitle never runs off the figure.
std::vector<std::string> wrap_words(Canvas& canvas, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t space = std::min(text.find(' ', start), text.size());
    const std::string word = text.substr(start, space - start);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && canvas.measure(candidate).advance > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    start = space + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

Layout compute_layout(Canvas& canvas, const DistributionPlot& plot, const PlotFonts& fonts) {
  Layout layout;
  const double text_width = kWidth - 2 * kMargin;
  canvas.set_font(fonts.bold, kTitleSize);
  layout.title_lines = wrap_words(canvas, plot.title, text_width);
  canvas.set_font(fonts.regular, kSubtitleSize);
  layout.subtitle_lines = wrap_words(canvas, plot.subtitle, text_width);
  double label_width = 0;
  for (const DistributionSeries& series : plot.series) {
    canvas.set_font(fonts.bold, kNameSize);
    label_width = std::max(label_width, canvas.measure(series.name).advance);
    canvas.set_font(fonts.regular, kNoteSize);
    label_width = std::max(label_width, canvas.measure(series.note).advance);
  }
  layout.plot_left = layout.label_left + std::clamp(label_width + 12, 60.0, 220.0);
  layout.title_baseline = kMargin + kTitleSize * 0.8;
  const double last_title_baseline =
      layout.title_baseline +
      kTitleLineHeight * static_cast<double>(std::max<std::size_t>(layout.title_lines.size(), 1) - 1);
  layout.subtitle_baseline = last_title_baseline + kSubtitleSize + 6;
  const double last_baseline =
      layout.subtitle_lines.empty()
          ? last_title_baseline
          : layout.subtitle_baseline +
                kSubtitleLineHeight * static_cast<double>(layout.subtitle_lines.size() - 1);
  layout.plot_top = last_baseline + 12;
  layout.plot_bottom = layout.plot_top + kRowHeight * static_cast<double>(plot.series.size());
  layout.tick_baseline = layout.plot_bottom + 6 + kTickSize;
  layout.axis_title_baseline = layout.tick_baseline + 6 + kAxisTitleSize;
  layout.legend_top = layout.axis_title_baseline + 10;
  const auto positions = legend_positions(canvas, fonts, layout, legend_items(plot));
  const int lines = positions.empty() ? 0 : positions.back().second + 1;
  layout.height = std::ceil(layout.legend_top + kLegendLineHeight * lines + kMargin - 4);
  return layout;
}

LogAxis make_axis(const DistributionPlot& plot, const Layout& layout) {
  double smallest = std::numeric_limits<double>::infinity();
  double largest = 0;
  const auto include = [&](double value) {
    if (!(value > 0) || !std::isfinite(value)) return;
    smallest = std::min(smallest, value);
    largest = std::max(largest, value);
  };
  for (const DistributionSeries& series : plot.series) {
    for (const double value : series.values) include(value);
    for (const double value : series.outliers) include(value);
    include(series.target);
    if (series.reference) include(*series.reference);
  }
  if (largest == 0) smallest = largest = 1;  // nothing positive: any decade will do
  return LogAxis(smallest, largest, layout.plot_left, layout.plot_right);
}

void draw_axis(Canvas& canvas, const PlotFonts& fonts, const Layout& layout, const LogAxis& axis,
               const std::string& title) {
  std::vector<Segment> major;
  std::vector<Segment> minor;
  std::vector<Segment> major_ticks;
  std::vector<Segment> minor_ticks;
  canvas.set_font(fonts.regular, kTickSize);
  for (int decade = axis.first_decade(); std::pow(10.0, decade) <= axis.end() * (1 + 1e-9); ++decade) {
    const double base = std::pow(10.0, decade);
    for (int step = 1; step <= 9; ++step) {
      const double value = base * step;
      if (value > axis.end() * (1 + 1e-9)) break;
      const double x = axis.x(value);
      const bool is_major = step == 1;
      (is_major ? major : minor).push_back({{x, layout.plot_top}, {x, layout.plot_bottom}});
      (is_major ? major_ticks : minor_ticks)
          .push_back({{x, layout.plot_bottom}, {x, layout.plot_bottom + (is_major ? 4.0 : 2.0)}});
      if (is_major || (axis.labels_between_decades() && (step == 2 || step == 5)))
        canvas.draw_aligned(format_tick(value), x - 30, x + 30, layout.tick_baseline, HorizontalAlign::center,
                            is_major ? kInk : kMuted);
    }
  }
  canvas.stroke_segments(minor, 0.4, kGridMinor);
  canvas.stroke_segments(major, 0.5, kGridMajor);
  canvas.stroke_segments(minor_ticks, 0.5, kInk);
  canvas.stroke_segments(major_ticks, 0.7, kInk);
  canvas.stroke_rect({layout.plot_left, layout.plot_top, layout.plot_right - layout.plot_left,
                      layout.plot_bottom - layout.plot_top},
                     0.7, kMuted);
  canvas.set_font(fonts.regular, kAxisTitleSize);
  canvas.draw_aligned(title, layout.plot_left, layout.plot_right, layout.axis_title_baseline,
                      HorizontalAlign::center, kInk);
}

// The value's text centred on x, kept inside the plot.
void draw_value_label(Canvas& canvas, const std::string& text, double x, double baseline,
                      const Layout& layout, Color color) {
  const double width = canvas.measure(text).advance;
  const double left = std::clamp(x - width / 2, layout.plot_left + 2, layout.plot_right - 2 - width);
  canvas.draw_text(text, {left, baseline}, color);
}

void draw_series(Canvas& canvas, const PlotFonts& fonts, const Layout& layout, const LogAxis& axis,
                 const DistributionSeries& series, std::size_t index) {
  cairo_t* cairo = canvas.cairo();
  const double row_top = layout.plot_top + kRowHeight * static_cast<double>(index);
  const double band_top = row_top + kBandTop;
  const double band_bottom = band_top + kBandHeight;
  const double middle = (band_top + band_bottom) / 2;
  const Color color = series_color(index);

  // Name and note at the left, centred on the band.
  canvas.set_font(fonts.bold, kNameSize);
  canvas.draw_text(series.name, {layout.label_left, middle - 1}, kInk);
  canvas.set_font(fonts.regular, kNoteSize);
  canvas.draw_text(series.note, {layout.label_left, middle + kNoteSize + 1}, kMuted);

  // Whiskers over the kept range.
  if (!series.values.empty()) {
    const auto [low, high] = std::minmax_element(series.values.begin(), series.values.end());
    const double from = axis.x(*low);
    const double to = axis.x(*high);
    const std::array<Segment, 3> whiskers{{{{from, middle}, {to, middle}},
                                           {{from, middle - 5}, {from, middle + 5}},
                                           {{to, middle - 5}, {to, middle + 5}}}};
    canvas.stroke_segments(whiskers, 0.8, kMuted);
  }

  // Dots, jittered across the band so ties stay visible.
  Rng jitter(derive_seed(kJitterSeed, index));
  const double alpha = dot_alpha(series.values.size());
  for (const double value : series.values)
    fill_dot(cairo, {axis.x(value), band_top + 3 + jitter.unit() * (kBandHeight - 6)}, kDotRadius, color,
             alpha);
  const double ring_alpha = std::clamp(dot_alpha(series.outliers.size()) * 1.6, 0.25, 1.0);
  for (const double value : series.outliers)
    stroke_ring(cairo, {axis.x(value), band_top + 3 + jitter.unit() * (kBandHeight - 6)}, kRingRadius,
                kOutlier, ring_alpha);

  // Box and median on top of the dots.
  const double box_left = axis.x(series.q1);
  const double box_right = axis.x(series.q3);
  canvas.stroke_rect({box_left, middle - 8, box_right - box_left, 16}, 0.9, kInk);
  const std::array<Segment, 1> median{
      {{{axis.x(series.median), middle - 8}, {axis.x(series.median), middle + 8}}}};
  canvas.stroke_segments(median, 1.6, kInk);

  // Reference (dashed) and target (solid), each with its value.
  if (series.reference) {
    const double x = axis.x(*series.reference);
    dashed_line(cairo, {x, band_top - 2}, {x, band_bottom + 2}, 1.1, kInk);
    canvas.set_font(fonts.regular, kValueSize);
    draw_value_label(canvas, format_value(*series.reference), x, band_bottom + 3 + kValueSize, layout,
                     kMuted);
  }
  const double target_x = axis.x(series.target);
  const std::array<Segment, 1> target{{{{target_x, band_top - 3}, {target_x, band_bottom + 3}}}};
  canvas.stroke_segments(target, 2.2, kInk);
  canvas.set_font(fonts.bold, kValueSize);
  draw_value_label(canvas, format_value(series.target), target_x, band_top - 5, layout, kInk);
}

void draw_legend(Canvas& canvas, const PlotFonts& fonts, const Layout& layout, const DistributionPlot& plot) {
  cairo_t* cairo = canvas.cairo();
  const std::vector<LegendItem> items = legend_items(plot);
  const auto positions = legend_positions(canvas, fonts, layout, items);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const double x = positions[i].first;
    const double middle = layout.legend_top + kLegendLineHeight * positions[i].second + kLegendLineHeight / 2;
    const double baseline = middle + kLegendSize * 0.35;
    switch (items[i].glyph) {
      case LegendItem::Glyph::dots:
        for (int dot = 0; dot < 3; ++dot)
          fill_dot(cairo, {x + 3 + 6.5 * dot, middle}, kDotRadius + 0.3,
                   series_color(static_cast<std::size_t>(dot)), 0.8);
        break;
      case LegendItem::Glyph::ring:
        stroke_ring(cairo, {x + 9, middle}, kRingRadius, kOutlier);
        break;
      case LegendItem::Glyph::box: {
        const std::array<Segment, 3> whiskers{{{{x, middle}, {x + 18, middle}},
                                               {{x, middle - 3}, {x, middle + 3}},
                                               {{x + 18, middle - 3}, {x + 18, middle + 3}}}};
        canvas.stroke_segments(whiskers, 0.8, kMuted);
        canvas.fill_rect({x + 4, middle - 4.5, 10, 9}, Color::white());
        canvas.stroke_rect({x + 4, middle - 4.5, 10, 9}, 0.9, kInk);
        const std::array<Segment, 1> median{{{{x + 8, middle - 4.5}, {x + 8, middle + 4.5}}}};
        canvas.stroke_segments(median, 1.4, kInk);
        break;
      }
      case LegendItem::Glyph::target: {
        const std::array<Segment, 1> bar{{{{x + 9, middle - 6}, {x + 9, middle + 6}}}};
        canvas.stroke_segments(bar, 2.2, kInk);
        break;
      }
      case LegendItem::Glyph::reference:
        dashed_line(cairo, {x + 9, middle - 6}, {x + 9, middle + 6}, 1.1, kInk);
        break;
    }
    canvas.set_font(fonts.regular, kLegendSize);
    canvas.draw_text(items[i].text, {x + kLegendGlyphWidth, baseline}, kInk);
  }
}

void draw_plot(cairo_t* cairo, const DistributionPlot& plot, const PlotFonts& fonts, const Layout& layout) {
  Canvas canvas(cairo);
  canvas.fill_rect({0, 0, kWidth, layout.height}, Color::white());
  for (std::size_t i = 1; i < plot.series.size(); i += 2)
    canvas.fill_rect({layout.label_left - 4, layout.plot_top + kRowHeight * static_cast<double>(i),
                      layout.plot_right - layout.label_left + 4, kRowHeight},
                     kShade);

  canvas.set_font(fonts.bold, kTitleSize);
  for (std::size_t i = 0; i < layout.title_lines.size(); ++i)
    canvas.draw_text(layout.title_lines[i],
                     {layout.label_left, layout.title_baseline + kTitleLineHeight * static_cast<double>(i)},
                     kInk);
  canvas.set_font(fonts.regular, kSubtitleSize);
  for (std::size_t i = 0; i < layout.subtitle_lines.size(); ++i)
    canvas.draw_text(
        layout.subtitle_lines[i],
        {layout.label_left, layout.subtitle_baseline + kSubtitleLineHeight * static_cast<double>(i)}, kMuted);
  const LogAxis axis = make_axis(plot, layout);
  draw_axis(canvas, fonts, layout, axis, plot.value_label);
  for (std::size_t i = 0; i < plot.series.size(); ++i)
    draw_series(canvas, fonts, layout, axis, plot.series[i], i);
  draw_legend(canvas, fonts, layout, plot);
}

using SurfacePointer = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using ContextPointer = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

void check(cairo_status_t status, const char* what) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("plot: cannot ") + what + ": " + cairo_status_to_string(status));
}

// Layout needs text measurements, which need a context; a 1x1 image surface is the cheapest one.
Layout measure_layout(const DistributionPlot& plot, const PlotFonts& fonts) {
  if (plot.series.empty()) throw std::invalid_argument("a distribution plot needs at least one series");
  if (!fonts.regular || !fonts.bold)
    throw std::invalid_argument("a distribution plot needs regular and bold fonts");
  SurfacePointer surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1), &cairo_surface_destroy);
  ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
  Canvas canvas(cairo.get());
  return compute_layout(canvas, plot, fonts);
}

}  // namespace

PlotFormat plot_format_for_path(const std::string& path) {
  const std::size_t dot = path.find_last_of('.');
  const std::size_t slash = path.find_last_of('/');
  const std::string extension =
      dot == std::string::npos || (slash != std::string::npos && dot < slash) ? "" : lower(path.substr(dot));
  if (extension == ".pdf") return PlotFormat::pdf;
  if (extension == ".svg") return PlotFormat::svg;
  if (extension == ".png") return PlotFormat::png;
  throw InputError(path, 0, 0, "a plot file must end in .pdf, .svg or .png");
}

PlotFonts find_plot_fonts(FontLibrary& library) {
  const std::array<const char*, 3> families{"DejaVu Sans", "TeX Gyre Heros", "Liberation Sans"};
  std::string tried;
  for (const char* family : families) {
    try {
      return {library.find_family(family, "Regular"), library.find_family(family, "Bold")};
    } catch (const FontNotFound& error) {
      tried += (tried.empty() ? "" : "; ") + std::string(error.what());
    }
  }
  throw FontNotFound(
      "no font for plots (regular and bold of DejaVu Sans, TeX Gyre Heros or Liberation Sans): " + tried);
}

PlotSize distribution_plot_size(const DistributionPlot& plot, const PlotFonts& fonts) {
  return {kWidth, measure_layout(plot, fonts).height};
}

std::string render_distribution_plot(const DistributionPlot& plot, const PlotFonts& fonts,
                                     PlotFormat format) {
  const Layout layout = measure_layout(plot, fonts);
  switch (format) {
    case PlotFormat::pdf: {
      PdfDocument document({plot.title, "", "", "", "sudoku-press", plot.pdf_date, {}});
      document.begin_page(kWidth, layout.height);
      draw_plot(document.context(), plot, fonts, layout);
      document.end_page();
      return document.finish();
    }
    case PlotFormat::svg: {
      std::string bytes;
      {
        SurfacePointer surface(
            cairo_svg_surface_create_for_stream(append_bytes, &bytes, kWidth, layout.height),
            &cairo_surface_destroy);
        check(cairo_surface_status(surface.get()), "create the SVG surface");
        ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
        draw_plot(cairo.get(), plot, fonts, layout);
        check(cairo_status(cairo.get()), "draw the SVG plot");
        cairo_surface_finish(surface.get());
        check(cairo_surface_status(surface.get()), "finish the SVG plot");
      }
      return bytes;
    }
    case PlotFormat::png: {
      const int width = static_cast<int>(std::lround(kWidth * kPngPixelsPerPoint));
      const int height = static_cast<int>(std::lround(layout.height * kPngPixelsPerPoint));
      SurfacePointer surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
                             &cairo_surface_destroy);
      check(cairo_surface_status(surface.get()), "create the PNG image");
      ContextPointer cairo(cairo_create(surface.get()), &cairo_destroy);
      cairo_scale(cairo.get(), kPngPixelsPerPoint, kPngPixelsPerPoint);
      draw_plot(cairo.get(), plot, fonts, layout);
      check(cairo_status(cairo.get()), "draw the PNG plot");
      std::string bytes;
      check(cairo_surface_write_to_png_stream(surface.get(), append_bytes, &bytes), "encode the PNG plot");
      return bytes;
    }
  }
  throw std::invalid_argument("unknown plot format");
}

void write_distribution_plot(const std::string& path, const DistributionPlot& plot, const PlotFonts& fonts) {
  write_file_atomically(path, render_distribution_plot(plot, fonts, plot_format_for_path(path)));
}

}  // namespace sudoku::typeset
