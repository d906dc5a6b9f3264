// SPDX-License-Identifier: Apache-2.0
// Reading a template's XML (template.cpp): the source text with its line numbers, one element with
// typed attributes and errors at their line (FILE:LINE), and the messages' pieces. Private to the
// template part.
#pragma once

#include <pugixml.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset::xml {

using Names = std::initializer_list<std::string_view>;

// 'text' in quotes, at most 80 characters of it (a message stays one line).
std::string in_quotes(std::string_view text);

// The message for a 'variant' attribute naming no variant.
std::string unknown_variant(std::string_view name);

// "a, b, c": the names a message lists as expected.
std::string join(Names names);

// "4.5 pt": three significant digits.
std::string format_points(double points);

// The raw template text, for turning pugixml's byte offsets into line numbers.
class SourceText {
 public:
  SourceText(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }

  int line_at(std::size_t offset) const {
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    return static_cast<int>(it - line_starts_.begin());
  }

  int line_of(const pugi::xml_node& node) const {
    const std::ptrdiff_t offset = node.offset_debug();
    return offset < 0 ? 0 : line_at(static_cast<std::size_t>(offset));
  }

  // Line of attribute `name` of `element` (elements may spread their attributes over lines).
  int line_of(const pugi::xml_node& element, std::string_view name) const {
    const std::ptrdiff_t start = element.offset_debug();
    if (start < 0) return 0;
    const std::size_t end = std::min(text_.find('>', static_cast<std::size_t>(start)), text_.size());
    std::size_t at = static_cast<std::size_t>(start);
    while ((at = text_.find(name, at)) != std::string_view::npos && at < end) {
      const bool starts_word = at > 0 && (text_[at - 1] == ' ' || text_[at - 1] == '\t' ||
                                          text_[at - 1] == '\n' || text_[at - 1] == '\r');
      std::size_t after = at + name.size();
      while (after < end &&
             (text_[after] == ' ' || text_[after] == '\t' || text_[after] == '\n' || text_[after] == '\r'))
        ++after;
      if (starts_word && after < end && text_[after] == '=') return line_at(at);
      at += name.size();
    }
    return line_of(element);
  }

  [[noreturn]] void fail(int line, const std::string& message) const {
    throw InputError(source_, line, 0, message);
  }

  std::string_view text() const { return text_; }
  const std::string& source() const { return source_; }

  // Every colour that is not a grey, as written, for typeset --pdfx to refuse (PDF/X-1a has no RGB).
  void note_chromatic(int line, std::string_view text) const { chromatic_.push_back({line, std::string(text)}); }
  const std::vector<TemplateColor>& chromatic() const { return chromatic_; }
  // Every cmyk() colour, once each, for the PDF to write as CMYK.
  void note_cmyk(const Color& color) const {
    if (std::find(cmyk_.begin(), cmyk_.end(), color) == cmyk_.end()) cmyk_.push_back(color);
  }
  const std::vector<Color>& cmyk() const { return cmyk_; }

 private:
  std::string_view text_;
  std::string source_;
  std::vector<std::size_t> line_starts_;
  mutable std::vector<TemplateColor> chromatic_;
  mutable std::vector<Color> cmyk_;
};


// One element being read: typed attribute access with errors at the attribute's line, and checks
// that no unknown attribute or child is present.
class Element {
 public:
  Element(const SourceText& source, pugi::xml_node node, Names attributes, Names children,
          bool takes_text = false)
      : source_(&source), node_(node), takes_text_(takes_text) {
    for (const auto& attribute : node.attributes()) {
      const std::string_view name = attribute.name();
      if (std::find(attributes.begin(), attributes.end(), name) == attributes.end()) {
        fail_at(name, "unknown attribute " + in_quotes(name) + " on <" + node.name() + ">" +
                          (attributes.size() == 0 ? std::string(" (it takes none)")
                                                  : " (allowed: " + join(attributes) + ")"));
      }
    }
    for (const auto& child : node.children()) {
      if (child.type() == pugi::node_element) {
        const std::string_view name = child.name();
        if (std::find(children.begin(), children.end(), name) == children.end()) {
          source.fail(source.line_of(child),
                      "unknown element <" + std::string(name) + "> in <" + node.name() + ">" +
                          (children.size() == 0 ? std::string(" (it takes none)")
                                                : " (allowed: " + join(children) + ")"));
        }
      } else if ((child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) && !takes_text_) {
        if (!is_blank(child.value()))
          source.fail(source.line_of(child), "unexpected text in <" + std::string(node.name()) + ">");
      }
    }
  }

  // For elements whose content is text (<text>).
  static Element with_text(const SourceText& source, pugi::xml_node node, Names attributes) {
    return Element(source, node, attributes, {}, true);
  }

  int line() const { return source_->line_of(node_); }
  const char* name() const { return node_.name(); }
  pugi::xml_node node() const { return node_; }
  const SourceText& source() const { return *source_; }

  bool has(std::string_view name) const { return !node_.attribute(std::string(name).c_str()).empty(); }

  std::optional<std::string> string(std::string_view name) const {
    const auto attribute = node_.attribute(std::string(name).c_str());
    if (attribute.empty()) return std::nullopt;
    return std::string(attribute.value());
  }

  std::string required_string(std::string_view name) const {
    auto value = string(name);
    if (!value) fail("<" + std::string(node_.name()) + "> needs a " + in_quotes(name) + " attribute");
    if (value->empty()) fail_at(name, in_quotes(name) + " must not be empty");
    return *value;
  }

  std::optional<double> length(std::string_view name, double min, double max) const {
    const auto text = string(name);
    if (!text) return std::nullopt;
    const auto value = parse_length(*text);
    if (!value) {
      fail_at(name, "bad length " + in_quotes(*text) + " for " + in_quotes(name) +
                        " (expected a number with a unit: pt, mm, cm or in, e.g. \"0.5pt\" or \"85mm\")");
    }
    if (*value < min - 1e-9 || *value > max + 1e-9) {
      fail_at(name, in_quotes(name) + " " + in_quotes(*text) + " is out of range (" + format_points(min) +
                        " to " + format_points(max) + ")");
    }
    return value;
  }

  double required_length(std::string_view name, double min, double max) const {
    const auto value = length(name, min, max);
    if (!value) fail("<" + std::string(node_.name()) + "> needs a " + in_quotes(name) + " attribute");
    return *value;
  }

  std::optional<double> number(std::string_view name, double min, double max) const {
    const auto text = string(name);
    if (!text) return std::nullopt;
    const auto value = parse_number(*text);
    if (!value) fail_at(name, "bad number " + in_quotes(*text) + " for " + in_quotes(name));
    if (*value < min || *value > max) {
      char range[64];
      std::snprintf(range, sizeof range, " is out of range (%g to %g)", min, max);
      fail_at(name, in_quotes(name) + " " + in_quotes(*text) + range);
    }
    return value;
  }

  std::optional<int> integer(std::string_view name, int min, int max) const {
    const auto value = number(name, min, max);
    if (!value) return std::nullopt;
    if (*value != static_cast<int>(*value)) fail_at(name, in_quotes(name) + " must be a whole number");
    return static_cast<int>(*value);
  }

  std::optional<Color> color(std::string_view name) const {
    const auto text = string(name);
    if (!text) return std::nullopt;
    const auto value = parse_color(*text);
    if (!value)
      fail_at(name, "bad colour " + in_quotes(*text) + " (expected #rrggbb, #rgb or cmyk(C, M, Y, K) in per cent)");
    if (value->cmyk)
      source_->note_cmyk(*value);
    else if (value->red != value->green || value->green != value->blue)
      source_->note_chromatic(source_->line_of(node_, name), *text);
    return value;
  }

  std::optional<bool> boolean(std::string_view name) const {
    const auto text = string(name);
    if (!text) return std::nullopt;
    if (*text == "yes" || *text == "true") return true;
    if (*text == "no" || *text == "false") return false;
    fail_at(name, "expected yes or no for " + in_quotes(name) + ", got " + in_quotes(*text));
  }

  // One of `choices`, as its position in the list.
  std::optional<std::size_t> choice(std::string_view name, Names choices) const {
    const auto text = string(name);
    if (!text) return std::nullopt;
    for (std::size_t i = 0; i < choices.size(); ++i)
      if (choices.begin()[i] == *text) return i;
    fail_at(name, "bad value " + in_quotes(*text) + " for " + in_quotes(name) +
                      " (expected one of: " + join(choices) + ")");
  }

  TextPattern pattern(std::string_view name, const std::string& fallback = {}) const {
    const auto text = string(name);
    try {
      return TextPattern::parse(text ? *text : fallback);
    } catch (const std::invalid_argument& error) {
      fail_at(name, error.what());
    }
  }

  std::vector<pugi::xml_node> children(std::string_view name) const {
    // pugixml's named range keeps a pointer to the name: it must outlive the loop.
    const std::string wanted(name);
    std::vector<pugi::xml_node> found;
    for (const auto& child : node_.children(wanted.c_str())) found.push_back(child);
    return found;
  }

  std::optional<pugi::xml_node> single_child(std::string_view name) const {
    const auto found = children(name);
    if (found.size() > 1)
      source_->fail(source_->line_of(found[1]),
                    "<" + std::string(name) + "> may appear only once in <" + node_.name() + ">");
    if (found.empty()) return std::nullopt;
    return found.front();
  }

  // The element's text with runs of white space collapsed, as XML prose is usually written.
  std::string collapsed_text() const {
    std::string raw;
    for (const auto& child : node_.children())
      if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) raw += child.value();
    std::string text;
    bool space = false;
    for (char c : raw) {
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        space = !text.empty();
      } else {
        if (space) text += ' ';
        space = false;
        text += c;
      }
    }
    return text;
  }

  [[noreturn]] void fail(const std::string& message) const { source_->fail(line(), message); }
  [[noreturn]] void fail_at(std::string_view attribute, const std::string& message) const {
    source_->fail(source_->line_of(node_, attribute), message);
  }

 private:
  static bool is_blank(std::string_view text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
  }

  const SourceText* source_;
  pugi::xml_node node_;
  bool takes_text_ = false;
};

// Refuses what pugixml would silently skip or leave unexpanded: DOCTYPE (and with it any entity
// declaration) and references to entities other than the five predefined ones.
void reject_markup_tricks(const SourceText& source);

}  // namespace sudoku::typeset::xml
