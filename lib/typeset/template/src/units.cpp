// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/template/units.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace sudoku::typeset {

std::optional<double> parse_number(std::string_view text) {
  // Only plain decimals: exponents, "inf" and "nan" have no business in a page template.
  if (text.empty()) return std::nullopt;
  std::size_t i = 0;
  if (text[0] == '-' || text[0] == '+') ++i;
  bool digits = false;
  bool point = false;
  for (; i < text.size(); ++i) {
    if (text[i] >= '0' && text[i] <= '9') {
      digits = true;
    } else if (text[i] == '.' && !point) {
      point = true;
    } else {
      return std::nullopt;
    }
  }
  if (!digits) return std::nullopt;
  const std::string_view unsigned_text = text[0] == '+' ? text.substr(1) : text;
  double value = 0;
  const auto [end, error] =
      std::from_chars(unsigned_text.data(), unsigned_text.data() + unsigned_text.size(), value);
  if (error != std::errc() || end != unsigned_text.data() + unsigned_text.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_length(std::string_view text) {
  struct Unit {
    std::string_view suffix;
    double points;
  };
  constexpr Unit kUnits[] = {
      {"pt", 1.0}, {"mm", kPointsPerMillimetre}, {"cm", 10 * kPointsPerMillimetre}, {"in", kPointsPerInch}};
  for (const auto& unit : kUnits) {
    if (text.size() > unit.suffix.size() && text.ends_with(unit.suffix)) {
      const auto number = parse_number(text.substr(0, text.size() - unit.suffix.size()));
      if (!number) return std::nullopt;
      return *number * unit.points;
    }
  }
  return std::nullopt;
}

std::optional<Color> parse_color(std::string_view text) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (text.starts_with("cmyk(") && text.ends_with(")")) {
    std::string_view rest = text.substr(5, text.size() - 6);
    std::array<double, 4> inks{};
    for (std::size_t i = 0; i < inks.size(); ++i) {
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      const std::size_t comma = rest.find(',');
      if ((comma == std::string_view::npos) != (i == 3)) return std::nullopt;
      std::string_view number = rest.substr(0, comma);
      while (!number.empty() && number.back() == ' ') number.remove_suffix(1);
      if (number.ends_with('%')) number.remove_suffix(1);
      double value = 0;
      const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
      if (number.empty() || error != std::errc() || end != number.data() + number.size() || value < 0 || value > 100)
        return std::nullopt;
      inks[i] = value / 100;
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    const auto stand_in = [&](double ink) { return std::round(255 * (1 - ink) * (1 - inks[3])) / 255; };
    return Color{stand_in(inks[0]), stand_in(inks[1]), stand_in(inks[2]), inks};
  }
  if (text.empty() || text[0] != '#') return std::nullopt;
  const std::string_view digits = text.substr(1);
  int channels[3] = {0, 0, 0};
  if (digits.size() == 6) {
    for (int c = 0; c < 3; ++c) {
      const int high = hex(digits[static_cast<std::size_t>(2 * c)]);
      const int low = hex(digits[static_cast<std::size_t>(2 * c + 1)]);
      if (high < 0 || low < 0) return std::nullopt;
      channels[c] = high * 16 + low;
    }
  } else if (digits.size() == 3) {
    for (int c = 0; c < 3; ++c) {
      const int value = hex(digits[static_cast<std::size_t>(c)]);
      if (value < 0) return std::nullopt;
      channels[c] = value * 17;
    }
  } else {
    return std::nullopt;
  }
  return Color{channels[0] / 255.0, channels[1] / 255.0, channels[2] / 255.0};
}

std::string describe_length(double points) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g mm (%.4g pt)", points / kPointsPerMillimetre, points);
  return text;
}

std::string formatted(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace sudoku::typeset
