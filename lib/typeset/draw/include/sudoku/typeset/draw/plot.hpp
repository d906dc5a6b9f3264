// SPDX-License-Identifier: Apache-2.0
// Plots: the distribution of a rating per level, drawn with Cairo and written as PDF, SVG or PNG
// (the figure `calibrate --plot` makes, after Figure 4 of Fatemi, Kazemi & Mehrasa 2014).
//
// Contract: one horizontal panel per series, in the order given, on a shared log-scaled value axis
// with decade grid lines. Each panel shows the kept values as jittered dots in the series' colour,
// the removed outliers as hollow grey rings, a box from q1 to q3 with the median, whiskers over the
// kept range, the target as a black bar labelled with its value and, when given, a reference value
// as a dashed bar. A title, an optional subtitle, the axis label and a legend make the figure
// readable on its own. Values <= 0 cannot be placed on a log axis and are drawn at its left end.
// The jitter comes from a fixed seed, so the same plot gives the same drawing every time. Text
// uses real fonts through FontLibrary (never Cairo's toy font API); nothing is written unless the
// whole figure rendered, and then atomically. A PDF carries a creation date only when pdf_date is
// set, so the same plot gives the same bytes (SVG and PNG carry no date). Errors: InputError for an
// unknown extension, FontNotFound when no plot font is installed, IoError when the file cannot be
// written.
//
//   sudoku::typeset::FontLibrary library;
//   const sudoku::typeset::PlotFonts fonts = sudoku::typeset::find_plot_fonts(library);
//   sudoku::typeset::write_distribution_plot("levels.svg", plot, fonts);  // format from the extension
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/typeset/text/font_library.hpp"

namespace sudoku::typeset {

enum class PlotFormat { pdf, svg, png };

// The format named by the path's extension (.pdf, .svg or .png, any case); throws InputError with
// the path as source otherwise.
PlotFormat plot_format_for_path(const std::string& path);

struct DistributionSeries {
  std::string name;
  std::string note;              // small text under the name, e.g. "91 kept, 9 removed"
  std::vector<double> values;    // kept values: the dots
  std::vector<double> outliers;  // removed values: hollow rings
  double q1 = 0;                 // the box (usually of values and outliers together)
  double median = 0;
  double q3 = 0;
  double target = 0;
  std::optional<double> reference;  // e.g. a published target to compare with
};

struct DistributionPlot {
  std::string title;
  std::string subtitle;
  std::string value_label;                    // the axis title
  std::string target_label = "target";        // legend text for the target bar
  std::string reference_label = "reference";  // legend text for the dashed bar, when any series has one
  std::vector<DistributionSeries> series;     // at least one
  std::optional<std::int64_t> pdf_date;       // PDF creation date, Unix seconds; none by default
};

struct PlotFonts {
  Font regular;
  Font bold;
};

// A sans-serif family with regular and bold faces (DejaVu Sans, else TeX Gyre Heros, else Liberation
// Sans); throws FontNotFound naming the families tried.
PlotFonts find_plot_fonts(FontLibrary& library);

// The figure's size in points (PNG output has two pixels per point).
struct PlotSize {
  double width = 0;
  double height = 0;
};
PlotSize distribution_plot_size(const DistributionPlot& plot, const PlotFonts& fonts);

// The complete file contents. Throws std::invalid_argument for a plot without series and
// std::runtime_error when Cairo fails.
std::string render_distribution_plot(const DistributionPlot& plot, const PlotFonts& fonts, PlotFormat format);
// Renders in the format of the path's extension and replaces the file atomically (IoError).
void write_distribution_plot(const std::string& path, const DistributionPlot& plot, const PlotFonts& fonts);

}  // namespace sudoku::typeset
