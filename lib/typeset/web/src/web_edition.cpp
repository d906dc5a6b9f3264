// SPDX-License-Identifier: Apache-2.0
// The web edition (web_edition.hpp): each puzzle's data, path and words as JSON inside a page that
// also carries the player (templates/web/, inlined at build time: web_assets.hpp).
#include "sudoku/typeset/web/web_edition.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <cstddef>
#include <set>
#include <string_view>

#include "sudoku/base/output_set.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "html.hpp"
#include "web_assets.hpp"

namespace sudoku::typeset {
namespace {

namespace json = boost::json;

// The player's messages (context "web"): what web_messages() lists and the pages send to the player
// as its `text` object, keyed by the English text.
constexpr const char* kWebMessages[] = {
    "Contents", "Previous puzzle", "Next puzzle", "Sudoku grid, {size} by {size}", "Row {row}, column {column}",
    "given {value}", "empty", "{value}", "corner marks {values}", "centre marks {values}", "cage of {sum}",
    "Digit", "Corner", "Centre", "Mode", "Undo", "Redo", "Erase", "Check", "Reveal cell", "Reveal all", "Restart",
    "Hint", "Pause", "Resume", "Time", "Paused", "Solved in {time}. Well done!",
    "Every entry so far agrees with the solution.", "{cells} disagree with the solution.",
    "{cell} disagrees with the solution.", "Fix the entries that disagree with the solution first: {cells}.",
    "The puzzle is solved: no hint needed.", "No hint: the grader's path is not known for this puzzle.",
    "Step {number} of the grader's path.", "More", "Start again? Your entries will be erased.",
    "Keys: arrows move; digits and letters fill; Shift+digit a corner mark, Ctrl+digit a centre mark; Space "
    "switches mode; Backspace erases; Ctrl+Z undoes, Ctrl+Y redoes; H asks for a hint.",
    "Your progress is kept in this browser.", "Numbers", "Colour", "Colours", "No colour", "colour {name}", "red",
    "orange", "yellow", "green", "blue", "purple", "Share",
    "A link to this puzzle with your entries, marks and colours:", "Link copied.",
    "The link's entries are shown; Undo brings back yours.",
    "Colour mode (Space, a fourth time): 1 to 6 colour the selected cells, Backspace takes the colour off. Share "
    "gives a link with your progress."};

std::string tr(const Catalog& catalog, std::string_view id) { return catalog.text("web", id); }

const char* kind_of(Variant variant) {
  switch (variant) {
    case Variant::classic: return "Sudoku";
    case Variant::x: return "Sudoku X";
    case Variant::windoku: return "Windoku";
    case Variant::asterisk: return "Asterisk Sudoku";
    case Variant::centre_dot: return "Centre-dot Sudoku";
    case Variant::jigsaw: return "Jigsaw Sudoku";
    case Variant::killer: return "Killer Sudoku";
  }
  return "Sudoku";
}

std::string size_text(int size) { return std::to_string(size) + "\xC3\x97" + std::to_string(size); }

// The "How to play" of one puzzle: its size's rule and its variant's extra rule, in the catalogue's
// words (the books' {rules} messages).
std::string rules_of(const Geometry& geometry, const Catalog& catalog) {
  const int size = geometry.size();
  const std::vector<std::pair<std::string, std::string>> values{
      {"size", size_text(size)},
      {"box", std::to_string(geometry.box_rows()) + "\xC3\x97" + std::to_string(geometry.box_cols())},
      {"symbols", printed_symbols_text(size, catalog)}};
  std::vector<std::string> sentences;
  sentences.push_back(fill(geometry.has_regular_boxes()
                               ? catalog.text("rules", "Fill in each {size} grid so that every row, every column and "
                                                       "every {box} box holds each of {symbols} exactly once.")
                               : catalog.text("rules", "Fill in each {size} jigsaw grid so that every row, every "
                                                       "column and every bold region holds each of {symbols} exactly "
                                                       "once."),
                           values));
  const Variant extra = geometry.variant() == Variant::killer ? geometry.base_variant() : geometry.variant();
  const char* extra_rule = nullptr;
  switch (extra) {
    case Variant::x: extra_rule = "In Sudoku X, each of the two long diagonals also holds each of {symbols} exactly once."; break;
    case Variant::windoku: extra_rule = "In Windoku, each of the four shaded windows also holds each of {symbols} exactly once."; break;
    case Variant::asterisk: extra_rule = "In Asterisk Sudoku, the nine shaded cells also hold each of {symbols} exactly once."; break;
    case Variant::centre_dot:
      extra_rule = "In Centre-dot Sudoku, the nine shaded centre cells also hold each of {symbols} exactly once.";
      break;
    default: break;
  }
  if (extra_rule != nullptr) sentences.push_back(fill(catalog.text("rules", extra_rule), values));
  if (geometry.variant() == Variant::killer)
    sentences.push_back(catalog.text("rules", "In Killer Sudoku, the grid starts empty. The small number in each dashed "
                                              "cage is the sum of its digits, and no digit repeats within a cage."));
  else
    sentences.push_back(catalog.text("rules", "The symbols already printed are the clues."));
  sentences.push_back(catalog.text("rules", "Every puzzle has exactly one solution, and it can always be found by logic "
                                            "alone: there is never any need to guess."));
  return join_sentences(sentences);
}

json::array cell_values(const std::vector<CellValue>& list) {
  json::array out;
  for (const CellValue& at : list) out.push_back(json::array{at.cell, at.value});
  return out;
}

json::array int_array(const std::vector<int>& list) {
  json::array out;
  for (int value : list) out.push_back(value);
  return out;
}

// Where a hint says to look, as the player reads it: "r3", "c5" or "b7" for a whole row, column
// or region (0-based; the player finds a region's cells in the page's `regions`), else the cells.
// A 25x25 path names some 500 units: their cells in full were a quarter of the page.
json::value where_json(const Geometry& geometry, const std::vector<int>& cells) {
  const auto all = [&](auto key) {
    return std::all_of(cells.begin(), cells.end(), [&](int cell) { return key(cell) == key(cells.front()); });
  };
  const auto row = [&](int cell) { return geometry.row_of(cell); };
  const auto column = [&](int cell) { return geometry.col_of(cell); };
  const auto region = [&](int cell) { return geometry.box_of(cell); };
  // (Built by appending: GCC 12 warns, wrongly, on "r" + std::to_string(...) here.)
  const auto tagged = [](char kind, int index) {
    std::string text(1, kind);
    text += std::to_string(index);
    return json::string(text);
  };
  // Only on a plain square board: a gattai board's row of one grid is not a row of the board.
  const bool square = geometry.cell_count() == geometry.size() * geometry.size();
  if (square && !cells.empty() && static_cast<int>(cells.size()) == geometry.size()) {
    if (all(row)) return tagged('r', row(cells.front()));
    if (all(column)) return tagged('c', column(cells.front()));
    if (all(region)) return tagged('b', region(cells.front()));
  }
  return int_array(cells);
}

// One step of the path as the player hints it: the graded lines (as the books print them), and
// the cells each stage shows on the grid — the unit or cage to look at, the pattern's cells, what
// it removes and places.
json::object step_json(const BookStep& step, const Catalog& catalog) {
  const Geometry& geometry = step.grid->geometry();
  const HintClaim claim = hint_claim(geometry, step.step);
  json::object out;
  json::array lines;
  for (const std::string& line : hint_lines(step, catalog)) lines.push_back(json::string(line));
  out["lines"] = std::move(lines);
  if (claim.unit) out["where"] = where_json(geometry, geometry.units()[static_cast<std::size_t>(*claim.unit)]);
  else if (claim.cage) out["where"] = int_array(geometry.cages()[static_cast<std::size_t>(*claim.cage)].cells);
  else out["where"] = json::array();
  out["cells"] = int_array(claim.cells);
  out["places"] = cell_values(step.step.placements);
  out["removes"] = cell_values(step.step.eliminations);
  return out;
}

// Text safe inside <script type="application/json">: no "<" at all (so neither "</script>" nor
// "<!--" can end or open anything); JSON allows \u003c in strings, and "<" occurs only in strings.
std::string script_json(const json::value& value) {
  const std::string text = json::serialize(value);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<') out += "\\u003c";
    else out.push_back(c);
  }
  return out;
}

std::string html_escape(std::string_view text) { return html::escape(text); }

std::string page_head(const std::string& lang, const std::string& title) { return html::page_head(lang, title, kPlayerCss); }

struct PageRef {
  std::string name;
  std::string title;
};

}  // namespace

std::vector<std::string> web_messages() { return {std::begin(kWebMessages), std::end(kWebMessages)}; }

void write_web_files(const std::string& folder, const std::vector<WebFile>& files, const std::string& kind) {
  OutputSet set(folder, kind);
  for (const WebFile& file : files) set.add(file.name, file.bytes);
  set.commit();
}

std::string web_page_name(const std::string& id, int number) {
  if (id.empty()) return "puzzle-" + std::to_string(number) + ".html";
  std::string name;
  for (char c : id) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    name.push_back(keep ? c : '-');
  }
  return name + ".html";
}

std::vector<WebFile> web_edition(const Book& book, const Catalog& catalog) {
  // The pages' names and titles first: each page links its neighbours.
  std::vector<PageRef> refs;
  std::set<std::string> used{"index.html"};
  int number = 0;
  for (const BookChapter& chapter : book.chapters)
    for (const BookPuzzle& puzzle : chapter.puzzles) {
      ++number;
      std::string name = web_page_name(puzzle.id, number);
      if (!used.insert(name).second) {
        name = name.substr(0, name.size() - 5) + "-" + std::to_string(number) + ".html";
        used.insert(name);
      }
      const int printed = puzzle.number.value_or(number);
      refs.push_back({name, fill(catalog.text("", "Puzzle {number}"), {{"number", std::to_string(printed)}})});
    }

  json::object text;
  for (const char* id : kWebMessages) text[id] = json::string(tr(catalog, id));
  const std::string lang = catalog.code();
  const std::string book_title = book.title.empty() ? "Sudoku" : book.title;

  std::vector<WebFile> files;
  std::string index = page_head(lang, book_title) + "<body class=\"index\">\n<main>\n<h1>" + html_escape(book_title) +
                      "</h1>\n";
  if (!book.author.empty()) index += "<p class=\"author\">" + html_escape(book.author) + "</p>\n";
  index += "<p class=\"note\">" + html_escape(tr(catalog, "Your progress is kept in this browser.")) + "</p>\n";
  number = 0;
  for (std::size_t c = 0; c < book.chapters.size(); ++c) {
    const BookChapter& chapter = book.chapters[c];
    std::string heading = chapter.title.empty() ? catalog.text("level", chapter.level) : chapter.title;
    if (chapter.date) heading += " \xE2\x80\x94 " + catalog.long_date(*chapter.date);
    index += "<section>\n<h2>" + html_escape(heading) + "</h2>\n<ul class=\"puzzles\">\n";
    for (std::size_t p = 0; p < chapter.puzzles.size(); ++p) {
      const BookPuzzle& puzzle = chapter.puzzles[p];
      const PageRef& ref = refs[static_cast<std::size_t>(number)];
      ++number;
      const Geometry& geometry = puzzle.puzzle.geometry();
      // "Sudoku X, 9×9, tough, Monday 2 March 2026", joined as the language joins a list's items.
      std::string subtitle = catalog.text("kind", kind_of(geometry.variant()));
      const auto add = [&](const std::string& item) {
        subtitle = fill(catalog.text("list", "{list}, {item}"), {{"list", subtitle}, {"item", item}});
      };
      add(size_text(geometry.size()));
      if (!puzzle.level.empty()) add(catalog.text("level", puzzle.level));
      if (puzzle.date) add(catalog.long_date(*puzzle.date));
      index += "<li><a href=\"" + html_escape(ref.name) + "\" data-key=\"" + html_escape(book_title + "/" + ref.name) + "\">" +
               html_escape(ref.title) + "</a> <span class=\"sub\">" + html_escape(subtitle) + "</span></li>\n";

      json::object data;
      data["id"] = json::string(puzzle.id.empty() ? ref.name : puzzle.id);
      data["key"] = json::string(book_title + "/" + ref.name);
      data["title"] = json::string(ref.title);
      data["subtitle"] = json::string(subtitle);
      data["size"] = geometry.size();
      json::array regions;
      for (int cell = 0; cell < geometry.cell_count(); ++cell) regions.push_back(geometry.box_of(cell));
      data["regions"] = std::move(regions);
      // The variant's extra units: diagonals drawn as lines, the others shaded.
      const Variant extra = geometry.variant() == Variant::killer ? geometry.base_variant() : geometry.variant();
      data["diagonals"] = extra == Variant::x;
      std::set<int> shaded;
      if (extra != Variant::x)
        for (std::size_t unit = static_cast<std::size_t>(geometry.first_extra_unit()); unit < geometry.units().size(); ++unit)
          for (int cell : geometry.units()[unit]) shaded.insert(cell);
      data["shaded"] = int_array({shaded.begin(), shaded.end()});
      json::array cages;
      for (const Cage& cage : geometry.cages()) cages.push_back(json::object{{"sum", cage.sum}, {"cells", int_array(cage.cells)}});
      data["cages"] = std::move(cages);
      json::array givens;
      json::array solution;
      for (int cell = 0; cell < geometry.cell_count(); ++cell) {
        givens.push_back(puzzle.puzzle[cell]);
        solution.push_back(puzzle.solution[cell]);
      }
      data["givens"] = std::move(givens);
      data["solution"] = std::move(solution);
      json::array symbols;
      for (int value = 0; value <= geometry.size(); ++value) symbols.push_back(json::string(std::string(1, printed_symbol(value))));
      data["symbols"] = std::move(symbols);
      data["rules"] = json::string(rules_of(geometry, catalog));
      data["howToPlay"] = json::string(catalog.text("", "How to play"));
      json::array steps;
      for (const BookStep& step : puzzle_path(book, c, p, number)) steps.push_back(step_json(step, catalog));
      data["steps"] = std::move(steps);
      data["index"] = "index.html";
      const std::size_t at = static_cast<std::size_t>(number - 1);
      data["previous"] = at > 0 ? json::value(json::string(refs[at - 1].name)) : json::value(nullptr);
      data["next"] = at + 1 < refs.size() ? json::value(json::string(refs[at + 1].name)) : json::value(nullptr);
      data["text"] = text;

      std::string page = page_head(lang, ref.title + " \xE2\x80\x94 " + book_title);
      page += "<body>\n<main id=\"player\" aria-busy=\"true\"><h1>" + html_escape(ref.title) + "</h1>"
              "<noscript><p>JavaScript is needed to play this page.</p></noscript></main>\n"
              "<script type=\"application/json\" id=\"puzzle-data\">" +
              script_json(data) + "</script>\n<script>\n";
      page.append(kPlayerJs);
      page += "</script>\n</body>\n</html>\n";
      files.push_back({ref.name, std::move(page), true});
    }
    index += "</ul>\n</section>\n";
  }
  index += "</main>\n<script>\n";
  index.append(kIndexJs);
  index += "</script>\n</body>\n</html>\n";
  files.insert(files.begin(), WebFile{"index.html", std::move(index), false});
  return files;
}

}  // namespace sudoku::typeset
