// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/template/template.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"
#include "xml_source.hpp"

namespace sudoku::typeset {
namespace {

using xml::Element;
using xml::format_points;
using xml::in_quotes;
using xml::join;
using xml::Names;
using xml::reject_markup_tricks;
using xml::SourceText;
using xml::unknown_variant;

constexpr double kMaxPage = 50 * kPointsPerInch;
constexpr double kMinPage = 10 * kPointsPerMillimetre;

class TemplateReader {
 public:
  explicit TemplateReader(const SourceText& source) : source_(source) {}

  // A target file: <print-target> as the root element.
  PrintTarget read_target_file(const pugi::xml_document& document) {
    const pugi::xml_node root = document.document_element();
    if (root.empty() || std::string_view(root.name()) != "print-target")
      source_.fail(root.empty() ? 1 : source_.line_of(root),
                   "a print target file holds one <print-target> element");
    return read_print_target(root);
  }

  Template read(const pugi::xml_document& document) {
    const pugi::xml_node root = document.document_element();
    if (root.empty()) source_.fail(1, "no <template> element");
    if (std::string_view(root.name()) != "template")
      source_.fail(source_.line_of(root),
                   "the root element must be <template>, not <" + std::string(root.name()) + ">");
    const Element element(source_, root, {"version", "description"},
                          {"document", "page", "font", "grid", "master", "split", "print-target", "cover"});
    if (const auto version = element.string("version"); version && *version != "1")
      element.fail_at("version", "unsupported template version " + in_quotes(*version) +
                                     " (this typeset reads version 1)");

    Template result;
    result.source = source_.source();
    for (const auto& font : element.children("font")) read_font(font, result);
    if (const auto node = element.single_child("document"))
      read_document(*node, result.info);
    else
      result.info = default_info();
    if (const auto node = element.single_child("split")) result.split = read_split(*node);
    if (const auto node = element.single_child("print-target"))
      result.print_target = read_print_target(*node);
    const auto page = element.single_child("page");
    if (!page) element.fail("<template> needs a <page> element");
    default_page_ = read_page(*page, PageSetup{}, true);
    const auto grid = element.single_child("grid");
    if (!grid) element.fail("<template> needs a <grid> element");
    default_grid_ = read_grid(*grid, GridStyle{}, true, result);

    for (const auto& node : element.children("master")) {
      Master master = read_master(node, result);
      std::optional<Master>* slot = nullptr;
      if (master.name == "title") slot = &result.title_page;
      if (master.name == "half-title") slot = &result.half_title_page;
      if (master.name == "copyright") slot = &result.copyright_page;
      if (master.name == "dedication") slot = &result.dedication_page;
      if (master.name == "introduction") slot = &result.introduction_page;
      if (master.name == "how-to-play") slot = &result.how_to_play_page;
      if (master.name == "contents") slot = &result.contents_page;
      if (master.name == "front-cover") slot = &result.front_cover;
      if (master.name == "back-cover") slot = &result.back_cover;
      if (master.name == "spine") slot = &result.spine;
      if (master.name == "chapter") slot = &result.chapter_page;
      if (master.name == "puzzle") slot = &puzzle_;
      if (master.name == "solution") slot = &solution_;
      if (slot->has_value())
        source_.fail(master.line, "master " + in_quotes(master.name) + " is defined twice");
      *slot = std::move(master);
    }
    if (!puzzle_) element.fail("<template> needs a <master name=\"puzzle\">");
    if (puzzle_->continuous && result.chapter_page)
      source_.fail(source_.line_of(node_of_master(element, "puzzle"), "flow"),
                   "flow=\"continuous\" cannot apply with a chapter master (every chapter opens with its own "
                   "page)");
    if (!solution_) element.fail("<template> needs a <master name=\"solution\">");
    result.puzzle_page = std::move(*puzzle_);
    result.solution_page = std::move(*solution_);
    if (result.print_target) check_print_target(result, *result.print_target);
    if (const auto node = element.single_child("cover")) {
      if (!result.front_cover)
        source_.fail(source_.line_of(*node), "<cover> needs a <master name=\"front-cover\"> (its panel's size)");
      result.cover = read_cover(*node, result);
    }
    return result;
  }

 private:
  static DocumentInfo default_info() {
    return {TextPattern::parse("{title}"), TextPattern::parse("{author}"),
            TextPattern::parse("Sudoku puzzles"), TextPattern::parse("sudoku")};
  }

  // <cover style="typographic" background="cmyk(100, 72, 0, 38)" ink="#ffffff" .../>
  CoverDesign read_cover(pugi::xml_node node, const Template& result) {
    const Element element(source_, node,
                          {"style", "background", "ink", "accent", "panel", "panel-ink", "title-font", "text-font",
                           "italic-font", "badge"},
                          {});
    CoverDesign cover;
    cover.line = element.line();
    if (element.has("style")) {
      const auto style = element.choice("style", {"typographic", "pattern", "art"});
      if (!style) element.fail_at("style", "<cover> style must be typographic, pattern or art");
      cover.style = static_cast<CoverStyle>(*style);
    }
    cover.background = element.color("background").value_or(cover.background);
    cover.ink = element.color("ink").value_or(cover.ink);
    cover.accent = element.color("accent").value_or(cover.accent);
    cover.panel = element.color("panel").value_or(cover.panel);
    cover.panel_ink = element.color("panel-ink").value_or(cover.panel_ink);
    const auto font = [&](const char* attribute, const char* fallback) {
      const std::string name = element.string(attribute).value_or(fallback);
      check_font(element, attribute, name, result);
      return name;
    };
    cover.title_font = font("title-font", "serif-bold");
    cover.text_font = font("text-font", "serif");
    cover.italic_font = font("italic-font", "serif-italic");
    cover.badge = element.string("badge").value_or("");
    return cover;
  }

  // <split name="{date}-{slot}" solution="{date}-{slot}-solution"/>: without `solution`, the puzzle's
  // name with "-solution" appended.
  SplitNames read_split(pugi::xml_node node) {
    const Element element(source_, node, {"name", "solution"}, {});
    SplitNames names;
    names.line = element.line();
    names.puzzle = element.pattern("name", std::string(kDefaultCalendarSplitName));
    names.solution = element.pattern("solution", names.puzzle.source() + "-solution");
    if (names.puzzle.source().empty()) element.fail_at("name", in_quotes("name") + " must not be empty");
    if (names.solution.source().empty())
      element.fail_at("solution", in_quotes("solution") + " must not be empty");
    return names;
  }

  // <print-target name="KDP paperback 6x9" min-pages="24" max-pages="828" cream-max-pages="776"/>
  PrintTarget read_print_target(pugi::xml_node node) {
    const Element element(source_, node,
                          {"name", "reference", "min-pages", "max-pages", "cream-max-pages", "min-digit",
                           "min-solution-digit", "min-cage-sum", "min-text", "min-candidate", "trim", "bleed"},
                          {"gutter"});
    constexpr int kMostPages = 100000;
    PrintTarget target;
    target.line = element.line();
    target.source = source_.source();
    target.name = element.required_string("name");
    target.reference = element.string("reference").value_or("");
    if (const auto trim = element.string("trim")) {
      // "6in 9in": width and height.
      std::istringstream words(*trim);
      std::string width;
      std::string height;
      std::string more;
      words >> width >> height;
      const auto w = parse_length(width);
      const auto h = parse_length(height);
      if (!w || !h || (words >> more) || *w < kMinPage || *h < kMinPage)
        element.fail_at("trim",
                        "bad trim " + in_quotes(*trim) + " (expected width and height, e.g. \"6in 9in\")");
      target.trim_width = *w;
      target.trim_height = *h;
    }
    target.bleed = element.length("bleed", 0, inches(0.5));
    int previous = 0;
    bool open_ended = false;
    for (const auto& row : element.children("gutter")) {
      const Element step(source_, row, {"up-to", "inside"}, {});
      if (open_ended) step.fail("a <gutter> row after one without 'up-to' (which holds for any longer book)");
      GutterStep gutter;
      gutter.up_to_pages = step.integer("up-to", 1, kMostPages).value_or(0);
      gutter.inside = step.required_length("inside", 0, inches(3));
      if (gutter.up_to_pages == 0)
        open_ended = true;
      else if (gutter.up_to_pages <= previous)
        step.fail_at("up-to", "'up-to' " + std::to_string(gutter.up_to_pages) +
                                  " must be larger than the previous row's " + std::to_string(previous));
      previous = gutter.up_to_pages;
      target.gutter.push_back(gutter);
    }
    target.min_pages = element.integer("min-pages", 1, kMostPages).value_or(1);
    // Without max-pages (a home printer, a newspaper's slot) any page count prints.
    target.max_pages = element.integer("max-pages", 1, kMostPages).value_or(0);
    target.cream_max_pages = element.integer("cream-max-pages", 1, kMostPages).value_or(target.max_pages);
    if (target.cream_max_pages > 0 && target.max_pages == 0)
      element.fail_at("cream-max-pages", "'cream-max-pages' needs 'max-pages' (the white paper's maximum)");
    target.min_digit = element.length("min-digit", 2, 72).value_or(kDefaultMinimumDigit);
    target.min_solution_digit =
        element.length("min-solution-digit", 2, 72).value_or(kDefaultMinimumSolutionDigit);
    target.min_cage_sum = element.length("min-cage-sum", 2, 72).value_or(kDefaultMinimumCageSum);
    target.min_text = element.length("min-text", 2, 72).value_or(0);
    target.min_candidate = element.length("min-candidate", 2, 72).value_or(kDefaultMinimumCandidate);
    for (const auto& [attribute, most] :
         {std::pair{"max-pages", target.max_pages}, std::pair{"cream-max-pages", target.cream_max_pages}}) {
      if (most > 0 && most < target.min_pages)
        element.fail_at(attribute, in_quotes(attribute) + " " + std::to_string(most) +
                                       " is below 'min-pages' " + std::to_string(target.min_pages) +
                                       " (no book could be printed)");
    }
    return target;
  }

  void read_document(pugi::xml_node node, DocumentInfo& info) {
    const Element element(source_, node, {"title", "author", "subject", "keywords"}, {});
    info.title = element.pattern("title", "{title}");
    info.author = element.pattern("author", "{author}");
    info.subject = element.pattern("subject", "Sudoku puzzles");
    info.keywords = element.pattern("keywords", "sudoku");
  }

  static pugi::xml_node node_of_master(const Element& element, std::string_view name) {
    for (const auto& node : element.children("master"))
      if (node.attribute("name").value() == name) return node;
    return element.node();
  }

  void read_font(pugi::xml_node node, Template& result) {
    const Element element(source_, node, {"name", "family", "style", "file", "index", "cjk-family"}, {});
    FontSpec font;
    font.line = element.line();
    font.name = element.required_string("name");
    if (result.find_font(font.name))
      element.fail_at("name", "font " + in_quotes(font.name) + " is declared twice");
    const bool has_family = element.has("family");
    const bool has_file = element.has("file");
    if (has_family == has_file)
      element.fail("<font> needs either a 'family' (found through fontconfig) or a 'file'");
    if (has_family) {
      font.family = element.required_string("family");
      font.style = element.string("style").value_or("Regular");
      if (element.has("index")) element.fail_at("index", "'index' goes with 'file', not 'family'");
    } else {
      font.file = element.required_string("file");
      if (element.has("style"))
        element.fail_at("style", "'style' goes with 'family'; a file holds one style");
      font.index = element.integer("index", 0, 1000).value_or(0);
    }
    if (element.has("cjk-family")) font.cjk_family = element.required_string("cjk-family");
    result.fonts.push_back(std::move(font));
  }

  PageSetup read_page(pugi::xml_node node, PageSetup page, bool complete) {
    const Element element(
        source_, node, {"width", "height", "bleed", "gutter-bleed", "mirrored", "safe-margin"}, {"margins"});
    if (complete && (!element.has("width") || !element.has("height")))
      element.fail("<page> needs 'width' and 'height'");
    page.width = element.length("width", kMinPage, kMaxPage).value_or(page.width);
    if (const auto width = element.string("width"))
      page.metric = width->ends_with("mm") || width->ends_with("cm");
    page.height = element.length("height", kMinPage, kMaxPage).value_or(page.height);
    page.bleed = element.length("bleed", 0, inches(0.5)).value_or(page.bleed);
    page.mirrored = element.boolean("mirrored").value_or(page.mirrored);
    page.gutter_bleed =
        element.boolean("gutter-bleed").value_or(complete ? !page.mirrored : page.gutter_bleed);
    page.safe_margin = element.length("safe-margin", 0, inches(2)).value_or(page.safe_margin);
    if (const auto margins = element.single_child("margins")) {
      const Element m(source_, *margins, {"top", "bottom", "inside", "outside", "left", "right"}, {});
      const double max = kMaxPage;
      page.margins.top = m.length("top", 0, max).value_or(page.margins.top);
      page.margins.bottom = m.length("bottom", 0, max).value_or(page.margins.bottom);
      if (page.mirrored && (m.has("left") || m.has("right")))
        m.fail_at(m.has("left") ? "left" : "right",
                  "mirrored pages take 'inside' and 'outside' margins, not left/right");
      if (!page.mirrored && (m.has("inside") || m.has("outside")))
        m.fail_at(m.has("inside") ? "inside" : "outside",
                  "pages that are not mirrored take 'left' and 'right' margins (or set mirrored=\"yes\")");
      page.margins.inside = m.length(page.mirrored ? "inside" : "left", 0, max).value_or(page.margins.inside);
      page.margins.outside =
          m.length(page.mirrored ? "outside" : "right", 0, max).value_or(page.margins.outside);
    }
    if (page.margins.inside + page.margins.outside >= page.width - 1 ||
        page.margins.top + page.margins.bottom >= page.height - 1)
      element.fail("the margins leave no room on a " + describe_length(page.width) + " x " +
                   describe_length(page.height) + " page");
    const double smallest =
        std::min({page.margins.top, page.margins.bottom, page.margins.inside, page.margins.outside});
    if (smallest < page.safe_margin - 1e-9)
      element.fail("a margin of " + describe_length(smallest) + " is inside the " +
                   describe_length(page.safe_margin) +
                   " safe margin: the grids would come too near the trim (widen the margins)");
    return page;
  }

  DigitStyle read_digits(pugi::xml_node node, DigitStyle style, const Template& result) {
    const Element element(source_, node, {"font", "size", "color"}, {});
    if (const auto font = element.string("font")) {
      check_font(element, "font", *font, result);
      style.font = *font;
    }
    style.scale = element.number("size", 0.2, 0.95).value_or(style.scale);
    style.color = element.color("color").value_or(style.color);
    return style;
  }

  GridStyle read_grid(pugi::xml_node node, GridStyle grid, bool complete, const Template& result) {
    const Element element(source_, node,
                          {"thin", "thick", "border", "region", "color", "toner-safe", "tint", "cage",
                           "cage-sum"},
                          {"givens", "solved"});
    const double max = 20;
    if (const auto thin = element.length("thin", 0, max)) {
      if (*thin < kMinimumLineWeight)
        element.fail_at("thin", "thin line " + format_points(*thin) + " is under the " +
                                    format_points(kMinimumLineWeight) + " minimum that prints reliably");
      grid.thin = *thin;
    }
    grid.thick = element.length("thick", 0, max).value_or(grid.thick);
    grid.border = element.length("border", 0, max).value_or(grid.border);
    if (grid.thick < grid.thin) element.fail("the thick (box) lines must not be thinner than the thin lines");
    if (grid.border < grid.thin) element.fail("the border must not be thinner than the thin lines");
    if (const auto region = element.length("region", 0, max)) {
      if (*region < grid.thick)
        element.fail_at("region", "region lines " + format_points(*region) +
                                      " must not be thinner than the thick (box) lines, " +
                                      format_points(grid.thick));
      grid.region = *region;
    }
    grid.line_color = element.color("color").value_or(grid.line_color);
    grid.tint = element.color("tint").value_or(grid.tint);
    if (const auto cage = element.length("cage", 0, max)) {
      if (*cage < kMinimumLineWeight)
        element.fail_at("cage", "cage line " + format_points(*cage) + " is under the " +
                                    format_points(kMinimumLineWeight) + " minimum that prints reliably");
      grid.cage = *cage;
    }
    grid.cage_sum = element.number("cage-sum", 0.1, 0.4).value_or(grid.cage_sum);
    const auto givens = element.single_child("givens");
    if (complete && !givens) element.fail("<grid> needs a <givens> element naming the digit font");
    if (givens) grid.givens = read_digits(*givens, grid.givens, result);
    if (complete) grid.solved = grid.givens;
    if (const auto solved = element.single_child("solved"))
      grid.solved = read_digits(*solved, grid.solved, result);
    if (complete && grid.givens.font.empty()) element.fail("<givens> needs a 'font'");
    grid.toner_safe = element.boolean("toner-safe").value_or(grid.toner_safe);
    if (grid.toner_safe) check_toner_safe(element, grid);
    return grid;
  }

  // What a toner press prints cleanly: no hairlines and no tints (a grey digit is a dot screen).
  void check_toner_safe(const Element& element, const GridStyle& grid) {
    const double thinnest =
        std::min({grid.thin, grid.thick, grid.border, grid.region > 0 ? grid.region : grid.thick,
                  grid.cage > 0 ? grid.cage : grid.thin});
    if (thinnest < kTonerLineWeight - 1e-9)
      element.fail("a toner-safe grid needs lines of at least " + format_points(kTonerLineWeight) + ", not " +
                   format_points(thinnest));
    for (const auto& [what, color] :
         {std::pair{"its lines", grid.line_color}, std::pair{"the givens", grid.givens.color},
          std::pair{"the solved digits", grid.solved.color}}) {
      if (color != Color::black())
        element.fail(std::string("a toner-safe grid prints ") + what +
                     " in solid black (#000000): a tint breaks into dots on toner");
    }
  }

  void check_font(const Element& element, std::string_view attribute, const std::string& name,
                  const Template& result) {
    if (!result.find_font(name)) {
      std::string known;
      for (const auto& font : result.fonts) known += (known.empty() ? "" : ", ") + font.name;
      element.fail_at(attribute, "unknown font " + in_quotes(name) +
                                     " (declare it with <font name=...> first; declared: " +
                                     (known.empty() ? "none" : known) + ")");
    }
  }

  TextStyle read_style(const Element& element, TextStyle style, const Template& result) {
    if (const auto font = element.string("font")) {
      check_font(element, "font", *font, result);
      style.font = *font;
    }
    style.size = element.length("size", 2, 400).value_or(style.size);
    if (const auto min_size = element.length("min-size", 2, 400)) {
      if (*min_size > style.size)
        element.fail_at("min-size", "'min-size' " + format_points(*min_size) +
                                        " is larger than the text size " + format_points(style.size));
      style.min_size = *min_size;
    }
    // An inherited minimum never exceeds a smaller size set here.
    style.min_size = std::min(style.min_size, style.size);
    style.color = element.color("color").value_or(style.color);
    return style;
  }

  // Free text (title and chapter pages) has a 'y'; a rule line's texts name their 'variant'.
  enum class TextKind { line, free, rule };

  TextLine read_text(pugi::xml_node node, const TextStyle& inherited, TextKind kind, const Template& result) {
    const bool free = kind == TextKind::free;
    const Element element =
        free ? Element::with_text(source_, node,
                                  {"align", "font", "size", "min-size", "color", "y", "grow", "variant"})
        : kind == TextKind::rule
            ? Element::with_text(source_, node, {"align", "font", "size", "min-size", "color", "variant"})
            : Element::with_text(source_, node, {"align", "font", "size", "min-size", "color"});
    TextLine text;
    text.line = element.line();
    text.style = read_style(element, inherited, result);
    if (text.style.font.empty())
      element.fail("<text> needs a 'font' (on itself or on the enclosing element)");
    text.align = static_cast<Align>(
        element.choice("align", {"left", "center", "right", "inside", "outside"}).value_or(free ? 1 : 0));
    try {
      text.text = TextPattern::parse(element.collapsed_text());
    } catch (const std::invalid_argument& error) {
      element.fail(error.what());
    }
    if (free) {
      text.grows_down = element.choice("grow", {"up", "down"}).value_or(0) == 1;
      if (const auto names = element.string("variant")) {
        std::istringstream words(*names);
        for (std::string name; words >> name;) {
          const auto variant = parse_variant(name);
          if (!variant) element.fail_at("variant", unknown_variant(name));
          text.variants.push_back(*variant);
        }
        if (text.variants.empty()) element.fail_at("variant", "expected variant names, e.g. \"killer\"");
      }
      const auto y = element.string("y");
      if (!y)
        element.fail(
            "free <text> on a master needs 'y', the baseline below the top margin (a length or a "
            "percentage)");
      if (!y->empty() && y->back() == '%') {
        const auto percent = parse_number(std::string_view(*y).substr(0, y->size() - 1));
        if (!percent || *percent < 0 || *percent > 100)
          element.fail_at("y", "bad percentage " + in_quotes(*y) + " (0% to 100%)");
        text.y = *percent / 100.0;
        text.y_is_fraction = true;
      } else {
        // Negative: above the top margin (a cover's title above its sample grid).
        text.y = *element.length("y", -kMaxPage, kMaxPage);
      }
    }
    return text;
  }

  Band read_band(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {"baseline", "font", "size", "min-size", "color"}, {"text"});
    Band band;
    band.baseline = element.required_length("baseline", 0, kMaxPage);
    const TextStyle style = read_style(element, TextStyle{}, result);
    for (const auto& text : element.children("text"))
      band.texts.push_back(read_text(text, style, TextKind::line, result));
    return band;
  }

  Caption read_caption(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {"position", "gap", "font", "size", "min-size", "color"}, {"text"});
    Caption caption;
    caption.position = element.choice("position", {"above", "below"}).value_or(0) == 0
                           ? Caption::Position::above
                           : Caption::Position::below;
    caption.gap = element.length("gap", 0, inches(5)).value_or(0);
    const TextStyle style = read_style(element, TextStyle{}, result);
    double largest = 0;
    for (const auto& text : element.children("text")) {
      caption.texts.push_back(read_text(text, style, TextKind::line, result));
      largest = std::max(largest, caption.texts.back().style.size);
    }
    if (caption.texts.empty()) element.fail("<caption> needs at least one <text>");
    caption.height = 1.2 * largest;
    return caption;
  }

  RuleLine read_rule(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {"gap", "on", "lines", "font", "size", "min-size", "color"}, {"text"});
    RuleLine rule;
    rule.gap = element.length("gap", 0, inches(5)).value_or(0);
    rule.lines = element.integer("lines", 1, 3).value_or(1);
    rule.every_grid = element.choice("on", {"first", "every"}).value_or(0) == 1;
    const TextStyle style = read_style(element, TextStyle{}, result);
    double largest = 0;
    for (const auto& node_text : element.children("text")) {
      const Element text(source_, node_text, {"align", "font", "size", "min-size", "color", "variant"}, {},
                         true);
      const std::string name = text.required_string("variant");
      const auto variant = parse_variant(name);
      if (!variant) {
        text.fail_at("variant", unknown_variant(name));
      }
      if (rule.text_for(*variant) != nullptr)
        text.fail_at("variant", "a second text for the variant " + in_quotes(name));
      rule.texts.emplace_back(*variant, read_text(node_text, style, TextKind::rule, result));
      largest = std::max(largest, rule.texts.back().second.style.size);
    }
    if (rule.texts.empty()) element.fail("<rule> needs at least one <text variant=...>");
    rule.height = rule.lines * 1.2 * largest;
    return rule;
  }

  // <example side="1.4in" gap="0.5in" font="serif-italic" size="11pt"/>
  RulesExample read_example(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {"side", "gap", "font", "size", "color"}, {});
    RulesExample example;
    example.line = element.line();
    example.side = element.required_length("side", inches(0.75), inches(4));
    example.gap = element.length("gap", 0, inches(3)).value_or(example.side / 2);
    example.caption = read_style(element, TextStyle{}, result);
    if (example.caption.font.empty()) element.fail("<example> needs a 'font' for its captions");
    return example;
  }

  LogoPlace read_logo(pugi::xml_node node) {
    const Element element(source_, node, {"y", "height", "max-width"}, {});
    LogoPlace logo;
    logo.line = element.line();
    const std::string y = element.string("y").value_or("");
    const auto percent = y.ends_with('%') ? parse_number(std::string_view(y).substr(0, y.size() - 1)) : std::nullopt;
    if (!percent || *percent < 0 || *percent > 100)
      element.fail("<logo> needs 'y', its foot as a percentage of the margin box (e.g. \"92%\")");
    logo.y = *percent / 100.0;
    logo.height = element.required_length("height", inches(0.1), inches(3));
    logo.max_width = element.length("max-width", inches(0.1), inches(8)).value_or(4 * logo.height);
    return logo;
  }

  TipLine read_tip(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {"gap", "levels", "align", "font", "size", "min-size", "color"}, {});
    TipLine tip;
    tip.gap = element.length("gap", 0, inches(5)).value_or(0);
    if (const auto names = element.string("levels")) {
      tip.levels.clear();
      std::istringstream words(*names);
      for (std::string name; words >> name;) tip.levels.push_back(name);
      if (tip.levels.empty()) element.fail_at("levels", "expected level names, e.g. \"hard evil\"");
    }
    tip.text.line = element.line();
    tip.text.style = read_style(element, TextStyle{}, result);
    if (tip.text.style.font.empty()) element.fail("<tip> needs a 'font'");
    tip.text.align = static_cast<Align>(
        element.choice("align", {"left", "center", "right", "inside", "outside"}).value_or(0));
    tip.height = 1.2 * tip.text.style.size;
    return tip;
  }

  Entries read_entries(pugi::xml_node node, const Template& result, const PageSetup& page) {
    const Element element(source_, node, {"y", "continued-y", "step", "font", "size", "min-size", "color"},
                          {"text"});
    Entries entries;
    entries.y = element.required_length("y", 0, kMaxPage);
    entries.continued_y = element.length("continued-y", 0, kMaxPage).value_or(entries.y);
    entries.step = element.required_length("step", 1, inches(5));
    const TextStyle style = read_style(element, TextStyle{}, result);
    for (const auto& text : element.children("text"))
      entries.texts.push_back(read_text(text, style, TextKind::line, result));
    if (entries.texts.empty()) element.fail("<entries> needs at least one <text>");
    // A list that flows over pages must place at least one row on each of them.
    const double content_height = page.height - page.margins.top - page.margins.bottom;
    for (const bool continued : {false, true}) {
      if (entries.rows_per_page(content_height, continued) >= 1) continue;
      const char* attribute = continued && element.has("continued-y") ? "continued-y" : "y";
      element.fail_at(attribute, in_quotes(attribute) + " " +
                                     describe_length(continued ? entries.continued_y : entries.y) +
                                     " leaves no room for a row in the type area (" +
                                     describe_length(content_height) + " high)");
    }
    return entries;
  }

  // The contents master's <continued>: the free texts of its continuation pages.
  std::vector<TextLine> read_continued(pugi::xml_node node, const Template& result) {
    const Element element(source_, node, {}, {"text"});
    std::vector<TextLine> texts;
    for (const auto& text : element.children("text"))
      texts.push_back(read_text(text, TextStyle{}, TextKind::free, result));
    return texts;
  }

  Decoration read_rect(pugi::xml_node node) {
    const Element element(source_, node, {"x", "y", "width", "height", "color"}, {});
    Decoration rect;
    rect.x = element.required_length("x", -inches(1), kMaxPage);
    rect.y = element.required_length("y", -inches(1), kMaxPage);
    rect.width = element.required_length("width", 0, kMaxPage);
    rect.height = element.required_length("height", 0, kMaxPage);
    rect.color = element.color("color").value_or(Color::black());
    return rect;
  }

  Master read_master(pugi::xml_node node, const Template& result) {
    const Element element(source_, node,
                          {"name", "columns", "rows", "column-gap", "row-gap", "max-grid", "align-rows",
                           "start", "label", "flow"},
                          {"page", "grid", "header", "footer", "caption", "rule", "tip", "text", "rect", "entries",
                           "continued", "grid-size", "example", "logo"});
    Master master;
    master.line = element.line();
    const auto kind = element.choice("name", {"title", "how-to-play", "contents", "chapter", "puzzle",
                                              "solution", "front-cover", "back-cover", "spine", "half-title",
                                              "copyright", "dedication", "introduction"});
    if (!kind)
      element.fail(
          "<master> needs a 'name': title, how-to-play, contents, chapter, puzzle, solution, front-cover, "
          "back-cover, spine, half-title, copyright, dedication or introduction");
    master.name = *element.string("name");
    // The front cover has one slot, for a sample grid.
    const bool has_slots =
        master.name == "puzzle" || master.name == "solution" || master.name == "front-cover";
    for (auto attribute : {"columns", "rows", "column-gap", "row-gap", "max-grid", "align-rows"}) {
      if (!has_slots && element.has(attribute))
        element.fail_at(attribute, in_quotes(attribute) + " applies to the puzzle and solution masters only");
    }
    if (!has_slots && element.has("caption"))
      source_.fail(source_.line_of(element.children("caption").front()),
                   "captions belong to puzzle and solution masters");
    master.page = default_page_;
    if (const auto page = element.single_child("page")) master.page = read_page(*page, default_page_, false);
    master.grid = default_grid_;
    if (const auto grid = element.single_child("grid"))
      master.grid = read_grid(*grid, default_grid_, false, result);
    master.columns = element.integer("columns", 1, 12).value_or(1);
    master.rows = element.integer("rows", 1, 12).value_or(1);
    master.column_gap = element.length("column-gap", 0, kMaxPage).value_or(0);
    master.row_gap = element.length("row-gap", 0, kMaxPage).value_or(0);
    master.max_grid = element.length("max-grid", inches(0.5), kMaxPage).value_or(0);
    master.align_rows =
        static_cast<RowAlignment>(element.choice("align-rows", {"justify", "center", "top"}).value_or(0));
    master.start_recto = element.choice("start", {"any", "recto"}).value_or(0) == 1;
    master.label = element.pattern("label", "{page}");
    if (element.has("flow") && master.name != "puzzle")
      element.fail_at("flow", "'flow' applies to the puzzle master only");
    master.continuous = element.choice("flow", {"by-chapter", "continuous"}).value_or(0) == 1;
    if (const auto header = element.single_child("header")) master.header = read_band(*header, result);
    if (const auto footer = element.single_child("footer")) master.footer = read_band(*footer, result);
    for (const auto& caption : element.children("caption"))
      master.captions.push_back(read_caption(caption, result));
    if (const auto rule = element.single_child("rule")) {
      if (master.name != "puzzle")
        source_.fail(source_.line_of(*rule),
                     "<rule> belongs to the puzzle master (it states a variant's rule)");
      master.rule = read_rule(*rule, result);
    }
    if (const auto example = element.single_child("example")) {
      if (master.name != "how-to-play")
        source_.fail(source_.line_of(*example),
                     "<example> belongs to the how-to-play master (a small solved grid beside the rules)");
      master.example = read_example(*example, result);
    }
    if (const auto logo = element.single_child("logo")) {
      if (master.name != "title")
        source_.fail(source_.line_of(*logo), "<logo> belongs to the title master (the publisher's logo at its foot)");
      master.logo = read_logo(*logo);
    }
    if (const auto tip = element.single_child("tip")) {
      if (master.name != "puzzle")
        source_.fail(source_.line_of(*tip), "<tip> belongs to the puzzle master (it is printed under a puzzle)");
      master.tip = read_tip(*tip, result);
    }
    for (const auto& text : element.children("text"))
      // Spine texts are centred across the spine: they take no 'y'.
      master.texts.push_back(
          read_text(text, TextStyle{}, master.name != "spine" ? TextKind::free : TextKind::line, result));
    for (const auto& rect : element.children("rect")) master.decorations.push_back(read_rect(rect));
    if (const auto entries = element.single_child("entries")) {
      if (master.name != "contents")
        source_.fail(source_.line_of(*entries), "<entries> belong to the contents master");
      master.entries = read_entries(*entries, result, master.page);
    } else if (master.name == "contents") {
      element.fail("the contents master needs an <entries> element (the list of chapters)");
    }
    if (const auto continued = element.single_child("continued")) {
      if (master.name != "contents")
        source_.fail(source_.line_of(*continued),
                     "<continued> belongs to the contents master (the heading of its continuation pages)");
      master.continued_texts = read_continued(*continued, result);
    }
    if (master.name == "front-cover" && master.slots() != 1)
      element.fail("the front cover has one slot, for the sample grid (columns and rows must be 1)");
    if (has_slots) check_slots(element, master);
    const auto sizes = element.children("grid-size");
    if (!sizes.empty() && master.name != "puzzle" && master.name != "solution")
      source_.fail(source_.line_of(sizes.front()), "<grid-size> belongs to the puzzle and solution masters");
    for (const auto& size : sizes) master.grid_sizes.push_back(read_grid_size(size, master, result));
    return master;
  }

  // <grid-size from="16" columns="1" rows="2" .../>: the master again, with the slots (and, when
  // given, the page and grid style) changed for grids of `from` cells a side and larger.
  Master read_grid_size(pugi::xml_node node, const Master& master, const Template& result) {
    const Element element(source_, node,
                          {"from", "columns", "rows", "column-gap", "row-gap", "max-grid", "align-rows"},
                          {"page", "grid"});
    Master sized = master;
    sized.grid_sizes.clear();
    sized.line_of_grid_size = element.line();
    const auto from = element.integer("from", 4, kMaxSize);
    if (!from) element.fail("<grid-size> needs 'from', the smallest grid size (cells a side) it applies to");
    sized.from_grid_size = *from;
    if (!master.grid_sizes.empty() && master.grid_sizes.back().from_grid_size >= sized.from_grid_size)
      element.fail_at("from", "'from' " + std::to_string(sized.from_grid_size) +
                                  " must be larger than the previous <grid-size>'s " +
                                  std::to_string(master.grid_sizes.back().from_grid_size));
    if (const auto page = element.single_child("page")) sized.page = read_page(*page, master.page, false);
    if (const auto grid = element.single_child("grid"))
      sized.grid = read_grid(*grid, master.grid, false, result);
    sized.columns = element.integer("columns", 1, 12).value_or(master.columns);
    sized.rows = element.integer("rows", 1, 12).value_or(master.rows);
    sized.column_gap = element.length("column-gap", 0, kMaxPage).value_or(master.column_gap);
    sized.row_gap = element.length("row-gap", 0, kMaxPage).value_or(master.row_gap);
    sized.max_grid = element.length("max-grid", inches(0.5), kMaxPage).value_or(master.max_grid);
    if (const auto align = element.choice("align-rows", {"justify", "center", "top"}))
      sized.align_rows = static_cast<RowAlignment>(*align);
    check_slots(element, sized);
    return sized;
  }

  // The grids must get a usable size, or every page would come out unreadable.
  void check_slots(const Element& element, const Master& master) {
    const PageSetup& page = master.page;
    const double content_width = page.width - page.margins.inside - page.margins.outside;
    const double content_height = page.height - page.margins.top - page.margins.bottom;
    const double slot_width = (content_width - (master.columns - 1) * master.column_gap) / master.columns;
    double slot_height = (content_height - (master.rows - 1) * master.row_gap) / master.rows;
    for (const auto& caption : master.captions) slot_height -= caption.height + caption.gap;
    if (master.rule) slot_height -= master.rule->height + master.rule->gap;
    if (master.tip) slot_height -= master.tip->height + master.tip->gap;
    const double grid = std::min(slot_width, slot_height);
    constexpr double kMinimumGrid = 0.75 * kPointsPerInch;
    if (grid < kMinimumGrid)
      element.fail("the " + std::to_string(master.columns) + " x " + std::to_string(master.rows) +
                   " slots leave grids of only " + describe_length(std::max(grid, 0.0)) + " (at least " +
                   describe_length(kMinimumGrid) + " needed): use fewer slots, smaller gaps or captions");
  }

  const SourceText& source_;
  PageSetup default_page_;
  GridStyle default_grid_;
  std::optional<Master> puzzle_;
  std::optional<Master> solution_;
};

}  // namespace

const TextLine* RuleLine::text_for(Variant variant) const {
  for (const auto& [each, text] : texts)
    if (each == variant) return &text;
  return nullptr;
}

bool TipLine::for_level(const std::string& level) const {
  return std::find(levels.begin(), levels.end(), level) != levels.end();
}

double PrintTarget::gutter_for(int pages) const {
  for (const GutterStep& step : gutter)
    if (step.up_to_pages == 0 || pages <= step.up_to_pages) return step.inside;
  return gutter.empty() ? 0 : gutter.back().inside;
}

const Master& Master::for_grid_size(int size) const {
  const Master* chosen = this;
  for (const Master& sized : grid_sizes)
    if (sized.from_grid_size <= size) chosen = &sized;
  return *chosen;
}

int Entries::rows_per_page(double content_height, bool continued) const {
  double largest = 0;
  for (const auto& text : texts) largest = std::max(largest, text.style.size);
  const double room = content_height - 0.3 * largest - (continued ? continued_y : y);
  if (room < 0) return 0;
  return 1 + static_cast<int>(room / step + 1e-9);
}

const FontSpec* Template::find_font(std::string_view font_name) const {
  for (const auto& font : fonts)
    if (font.name == font_name) return &font;
  return nullptr;
}

// pugixml keeps every copy of an attribute given twice and the reader would take the first
// silently: refused at the element's line instead.
static void reject_duplicate_attributes(const pugi::xml_node& node, const SourceText& source) {
  for (const pugi::xml_node& child : node.children()) {
    if (child.type() != pugi::node_element) continue;
    for (pugi::xml_attribute a = child.first_attribute(); a; a = a.next_attribute())
      for (pugi::xml_attribute b = a.next_attribute(); b; b = b.next_attribute())
        if (std::string_view(a.name()) == b.name())
          source.fail(source.line_at(static_cast<std::size_t>(std::max<std::ptrdiff_t>(child.offset_debug(), 0))),
                      std::string("<") + child.name() + ">: attribute '" + a.name() + "' given twice");
    reject_duplicate_attributes(child, source);
  }
}

Template parse_template(std::string_view text, const std::string& source,
                        const std::filesystem::path& directory) {
  text = checked_text(text, source);  // a UTF-8 byte order mark is skipped, UTF-16 and NULs named
  const SourceText source_text(text, source);
  reject_markup_tricks(source_text);
  pugi::xml_document document;
  // Default flags (no DOCTYPE, PI or comment nodes); UTF-8 only, so offsets are byte offsets of `text`.
  const pugi::xml_parse_result parsed =
      document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    source_text.fail(
        source_text.line_at(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0))),
        std::string("malformed XML: ") + parsed.description());
  }
  reject_duplicate_attributes(document, source_text);
  TemplateReader reader(source_text);
  Template result = reader.read(document);
  result.chromatic_colors = source_text.chromatic();
  result.cmyk_colors = source_text.cmyk();
  result.directory = directory;
  result.name = std::filesystem::path(source).stem().string();
  return result;
}

void check_print_target(const Template& page_template, const PrintTarget& target) {
  const PageSetup& page = page_template.puzzle_page.page;
  const auto fail = [&](const std::string& why) {
    throw InputError(target.source, target.line, 0,
                     target.name + " " + why + ", but " + page_template.source + " lays out " +
                         describe_length(page.width) + " x " + describe_length(page.height) + " pages with " +
                         describe_length(page.bleed) + " bleed: use a template made for this printer's trim");
  };
  if (target.trim_width > 0 &&
      (std::abs(target.trim_width - page.width) > 0.01 || std::abs(target.trim_height - page.height) > 0.01))
    fail("trims " + describe_length(target.trim_width) + " x " + describe_length(target.trim_height));
  if (target.bleed && std::abs(*target.bleed - page.bleed) > 0.01)
    fail("prints with " + describe_length(*target.bleed) + " bleed");
}

PrintTarget parse_print_target(std::string_view text, const std::string& source) {
  text = checked_text(text, source);
  const SourceText source_text(text, source);
  reject_markup_tricks(source_text);
  pugi::xml_document document;
  const pugi::xml_parse_result parsed =
      document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed)
    source_text.fail(
        source_text.line_at(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0))),
        std::string("malformed XML: ") + parsed.description());
  reject_duplicate_attributes(document, source_text);
  return TemplateReader(source_text).read_target_file(document);
}

PrintTarget load_print_target(const std::string& path) {
  return parse_print_target(read_text_file(path), path);
}

Template load_template(const std::string& path) {
  const std::string text = read_text_file(path);
  return parse_template(text, path, std::filesystem::path(path).parent_path());
}

}  // namespace sudoku::typeset
