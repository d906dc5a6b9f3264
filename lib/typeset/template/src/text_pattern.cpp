// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/template/text_pattern.hpp"

#include <glib.h>

#include <stdexcept>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/template/catalog.hpp"

namespace sudoku::typeset {
namespace {

constexpr std::array<std::string_view, kVariableCount> kVariableNames{
    "title",      "author",       "chapter", "level", "number",        "id",          "date",
    "rating",     "givens",       "page",    "pages", "solution_page", "puzzle_page", "count",
    "level_note", "chapter_page", "size",    "box",   "symbols",       "slot",        "kind",
    "rules",      "blurb",        "subtitle", "hint_page", "puzzles",
    "publisher",  "editor",       "copyright", "dedication", "introduction", "techniques", "mark"};

struct FilterName {
  std::string_view name;
  Filter filter;
};
constexpr std::array<FilterName, 5> kFilters{{{"upper", Filter::upper},
                                              {"lower", Filter::lower},
                                              {"capitalize", Filter::capitalize},
                                              {"long", Filter::long_date},
                                              {"roman", Filter::roman}}};

// "4" -> "iv": front-matter page numbers. Anything but a number from 1 to 3999 is returned unchanged.
std::string lower_roman(const std::string& value) {
  if (value.empty() || value.size() > 4 || value.find_first_not_of("0123456789") != std::string::npos)
    return value;
  int number = std::stoi(value);
  if (number < 1 || number > 3999) return value;
  constexpr std::array<std::pair<int, std::string_view>, 13> kNumerals{
      {{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"},
       {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}}};
  std::string text;
  for (const auto& [amount, numeral] : kNumerals)
    for (; number >= amount; number -= amount) text += numeral;
  return text;
}

std::string join_names() {
  std::string text;
  for (auto name : kVariableNames) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

// Case changes of any script's letters (German "ß" upper-cases to "SS", Japanese has no case), by
// GLib's Unicode tables; text that is not UTF-8 is left as it is.
std::string change_case(const std::string& value, gchar* (*change)(const gchar*, gssize)) {
  if (!g_utf8_validate(value.data(), static_cast<gssize>(value.size()), nullptr)) return value;
  gchar* changed = change(value.data(), static_cast<gssize>(value.size()));
  std::string out = changed;
  g_free(changed);
  return out;
}

std::string capitalized(const std::string& value) {
  if (value.empty() || !g_utf8_validate(value.data(), static_cast<gssize>(value.size()), nullptr)) return value;
  const gunichar first = g_utf8_get_char(value.data());
  const char* rest = g_utf8_next_char(value.data());
  char title[8] = {};
  g_unichar_to_utf8(g_unichar_totitle(first), title);
  return std::string(title) + rest;
}

std::string apply(Filter filter, std::string value, const Catalog* language) {
  switch (filter) {
    case Filter::none:
      break;
    case Filter::upper:
      return change_case(value, g_utf8_strup);
    case Filter::lower:
      return change_case(value, g_utf8_strdown);
    case Filter::capitalize:
      return capitalized(value);
    case Filter::long_date:
      return language != nullptr ? language->long_date(value) : long_date(value);
    case Filter::roman:
      return lower_roman(value);
  }
  return value;
}

}  // namespace

std::span<const std::string_view> variable_names() {
  return kVariableNames;
}

std::string_view variable_name(Variable variable) {
  return kVariableNames[static_cast<std::size_t>(variable)];
}

TextPattern TextPattern::parse(std::string_view text) {
  TextPattern pattern;
  pattern.source_ = std::string(text);
  Part current;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '}') {
      if (i + 1 < text.size() && text[i + 1] == '}') {
        current.literal += '}';
        ++i;
        continue;
      }
      throw std::invalid_argument("unbalanced '}' in \"" + std::string(text) + "\" (write }} for a brace)");
    }
    if (c != '{') {
      current.literal += c;
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '{') {
      current.literal += '{';
      ++i;
      continue;
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string_view::npos)
      throw std::invalid_argument("unclosed '{' in \"" + std::string(text) + "\" (write {{ for a brace)");
    const std::string_view inside = text.substr(i + 1, close - i - 1);
    const std::size_t bar = inside.find('|');
    const std::string_view name = inside.substr(0, bar);
    bool known = false;
    for (std::size_t v = 0; v < kVariableNames.size(); ++v) {
      if (kVariableNames[v] == name) {
        current.variable = static_cast<Variable>(v);
        known = true;
      }
    }
    if (!known)
      throw std::invalid_argument("unknown variable {" + std::string(name) + "} (known: " + join_names() +
                                  ")");
    if (bar != std::string_view::npos) {
      const std::string_view filter = inside.substr(bar + 1);
      bool found = false;
      for (const auto& entry : kFilters) {
        if (entry.name == filter) {
          current.filter = entry.filter;
          found = true;
        }
      }
      if (!found)
        throw std::invalid_argument("unknown filter |" + std::string(filter) +
                                    " (known: upper, lower, capitalize, long, roman)");
    }
    pattern.parts_.push_back(std::move(current));
    current = Part{};
    i = close;
  }
  if (!current.literal.empty()) pattern.parts_.push_back(std::move(current));
  return pattern;
}

std::optional<std::string> TextPattern::expand(const TextValues& values) const {
  std::string text;
  for (const auto& part : parts_) {
    text += part.literal;
    if (!part.variable) continue;
    const auto& value = values.get(*part.variable);
    if (!value) return std::nullopt;
    text += apply(part.filter, *value, values.language());
  }
  return text;
}

bool TextPattern::uses(Variable variable) const {
  for (const auto& part : parts_)
    if (part.variable == variable) return true;
  return false;
}

std::string long_date(std::string_view iso_date) {
  return Catalog().long_date(iso_date);  // English: no catalogue file
}

}  // namespace sudoku::typeset
