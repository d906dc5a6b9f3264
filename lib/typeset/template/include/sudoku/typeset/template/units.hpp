// SPDX-License-Identifier: Apache-2.0
// Print units and colours as written in templates.
//
// Contract: every length is held in PostScript points (1/72 in), the unit of PDF and Cairo. Text
// forms are a number followed by a unit: "pt", "mm", "cm" or "in" ("0.5pt", "85mm", "8.5in");
// a bare number is not a length. Colours are "#rrggbb" or "#rgb". The parsers return nullopt
// instead of throwing, so the template loader can report the file and line.
//
//   const std::optional<double> trim_width = sudoku::typeset::parse_length("8.5in");  // 612 points
//   const std::optional<sudoku::typeset::Color> tint = sudoku::typeset::parse_color("#d9d9d9");
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku::typeset {

inline constexpr double kPointsPerInch = 72.0;
inline constexpr double kPointsPerMillimetre = 72.0 / 25.4;

inline constexpr double inches(double value) {
  return value * kPointsPerInch;
}
inline constexpr double millimetres(double value) {
  return value * kPointsPerMillimetre;
}

// Points, or nullopt when `text` is not a number with one of the units above (negative allowed).
std::optional<double> parse_length(std::string_view text);
// A plain decimal number ("0.62", "-3", "1e2" is refused), or nullopt.
std::optional<double> parse_number(std::string_view text);

// An RGB colour, or a CMYK one (`cmyk` set) with red, green and blue its stand-in on screen:
// (1 - c)(1 - k) and so on, rounded to 255ths. The PDF writes a CMYK colour as CMYK (see
// print_ready.hpp); the e-book image shows its stand-in.
struct Color {
  double red = 0;
  double green = 0;
  double blue = 0;
  std::optional<std::array<double, 4>> cmyk = std::nullopt;  // cyan, magenta, yellow, black, 0..1

  static constexpr Color black() { return {0, 0, 0}; }
  static constexpr Color white() { return {1, 1, 1}; }
  friend bool operator==(const Color&, const Color&) = default;
};

// "#rrggbb", "#rgb" or "cmyk(C, M, Y, K)" with each ink a percentage 0..100 ("cmyk(100, 70, 0, 40)").
std::optional<Color> parse_color(std::string_view text);

// "85mm" style description of a length in points, for messages and docs ("85 mm (241 pt)").
std::string describe_length(double points);

// `value` through a printf format with one double ("%.1f pt"), for captions, reports and messages.
std::string formatted(const char* format, double value);

}  // namespace sudoku::typeset
