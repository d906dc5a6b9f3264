// SPDX-License-Identifier: Apache-2.0
// The web edition (web_edition.hpp, typeset --template web): one self-contained page per puzzle and
// an index, the puzzle's data and the grader's path on the page, every variant's drawing data, the
// player's words in every shipped language, and the tool's output and refusals. Built into the
// book_hints test executable (the hints are what the pages carry); the browser plays a page in
// tests/browser/web_edition_test.py.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/web/explain_report.hpp"
#include "sudoku/typeset/web/web_edition.hpp"
#include "support/test_support.hpp"

namespace sudoku {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;

Book sample(const std::string& name) { return read_book(testing::test_data("books/" + name) + "/book.json"); }

// The page's #puzzle-data.
json::object page_data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"puzzle-data\">";
  const std::size_t start = page.find(open);
  EXPECT_NE(start, std::string::npos);
  const std::size_t end = page.find("</script>", start);
  return json::parse(page.substr(start + open.size(), end - start - open.size())).as_object();
}

std::vector<int> ints(const json::value& value) {
  std::vector<int> out;
  for (const json::value& item : value.as_array()) out.push_back(static_cast<int>(item.as_int64()));
  return out;
}

// A step's `where` as the player reads it: "r3", "c5", "b7" (a whole row, column or region,
// 0-based), else the cells themselves; sorted.
std::vector<int> where_cells(const json::value& where, const std::vector<int>& regions, int n) {
  if (where.is_array()) {
    std::vector<int> cells = ints(where);
    std::sort(cells.begin(), cells.end());
    return cells;
  }
  const std::string text(where.as_string());
  const int index = std::stoi(text.substr(1));
  std::vector<int> cells;
  for (int cell = 0; cell < n * n; ++cell) {
    const int key = text[0] == 'r' ? cell / n : text[0] == 'c' ? cell % n : regions[static_cast<std::size_t>(cell)];
    if (key == index) cells.push_back(cell);
  }
  return cells;
}

TEST(WebEditionTest, EachPuzzleHasAPageWithItsGridAndTheGradersPath) {
  const Book book = sample("sample");
  const typeset::Catalog english;
  const std::vector<typeset::WebFile> files = typeset::web_edition(book, english);
  ASSERT_EQ(files.size(), book.puzzle_count() + 1);
  EXPECT_EQ(files.front().name, "index.html");
  std::size_t page = 1;
  int number = 0;
  for (std::size_t c = 0; c < book.chapters.size(); ++c)
    for (std::size_t p = 0; p < book.chapters[c].puzzles.size(); ++p, ++page) {
      ++number;
      const BookPuzzle& puzzle = book.chapters[c].puzzles[p];
      const typeset::WebFile& file = files[page];
      SCOPED_TRACE(file.name);
      EXPECT_EQ(file.name, puzzle.id + ".html");
      EXPECT_TRUE(file.puzzle);
      // Small, and standing alone: nothing fetched from anywhere.
      EXPECT_LT(file.bytes.size(), 100u * 1024u);
      // (The SVG namespace is a name, not an address: the only URL a page may hold.)
      const std::string bytes = std::regex_replace(file.bytes, std::regex("'http://www\\.w3\\.org/2000/svg'"), "");
      EXPECT_EQ(bytes.find("http://"), std::string::npos);
      EXPECT_EQ(bytes.find("https://"), std::string::npos);
      EXPECT_EQ(file.bytes.find(" src="), std::string::npos);
      EXPECT_NE(files.front().bytes.find("href=\"" + file.name + "\""), std::string::npos);
      const json::object data = page_data(file.bytes);
      EXPECT_EQ(data.at("size").as_int64(), 9);
      const std::vector<int> givens = ints(data.at("givens"));
      const std::vector<int> solution = ints(data.at("solution"));
      for (int cell = 0; cell < 81; ++cell) {
        EXPECT_EQ(givens[static_cast<std::size_t>(cell)], puzzle.puzzle[cell]);
        EXPECT_EQ(solution[static_cast<std::size_t>(cell)], puzzle.solution[cell]);
      }
      // The hints are the grader's path, step by step, in the books' words.
      const std::vector<typeset::BookStep> path = typeset::puzzle_path(book, c, p, number);
      const json::array& steps = data.at("steps").as_array();
      ASSERT_EQ(steps.size(), path.size());
      ASSERT_FALSE(path.empty());
      for (std::size_t i = 0; i < path.size(); ++i) {
        const std::vector<std::string> lines = typeset::hint_lines(path[i], english);
        const json::array& shown = steps[i].at("lines").as_array();
        ASSERT_EQ(shown.size(), lines.size());
        for (std::size_t l = 0; l < lines.size(); ++l) EXPECT_EQ(std::string(shown[l].as_string()), lines[l]);
        // Where to look: the claim's unit (compact when a row, column or region) or cage.
        const Geometry& geometry = puzzle.puzzle.geometry();
        const typeset::HintClaim claim = typeset::hint_claim(geometry, path[i].step);
        std::vector<int> expected;
        if (claim.unit) expected = geometry.units()[static_cast<std::size_t>(*claim.unit)];
        else if (claim.cage) expected = geometry.cages()[static_cast<std::size_t>(*claim.cage)].cells;
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(where_cells(steps[i].at("where"), ints(data.at("regions")), 9), expected) << "step " << i;
        if (claim.unit && *claim.unit < geometry.first_extra_unit()) {
          EXPECT_TRUE(steps[i].at("where").is_string());
        }
        EXPECT_EQ(steps[i].at("places").as_array().size(), path[i].step.placements.size());
        EXPECT_EQ(steps[i].at("removes").as_array().size(), path[i].step.eliminations.size());
      }
      // Every placement of the path is the solution's digit (the player checks hints against it).
      for (const typeset::BookStep& step : path)
        for (const CellValue& at : step.step.placements) EXPECT_EQ(puzzle.solution[at.cell], at.value);
    }
}

TEST(WebEditionTest, VariantsCarryWhatThePlayerDraws) {
  const Book book = sample("variants");
  const std::vector<typeset::WebFile> files = typeset::web_edition(book, typeset::Catalog());
  std::set<std::string> seen;
  std::size_t page = 1;
  for (const BookChapter& chapter : book.chapters)
    for (const BookPuzzle& puzzle : chapter.puzzles) {
      const json::object data = page_data(files[page++].bytes);
      const Geometry& geometry = puzzle.puzzle.geometry();
      const std::string variant(variant_name(geometry.variant()));
      seen.insert(variant);
      SCOPED_TRACE(variant);
      EXPECT_EQ(data.at("diagonals").as_bool(), geometry.variant() == Variant::x);
      const std::size_t shaded = data.at("shaded").as_array().size();
      if (geometry.variant() == Variant::windoku) EXPECT_EQ(shaded, 36u);
      else if (geometry.variant() == Variant::asterisk || geometry.variant() == Variant::centre_dot) EXPECT_EQ(shaded, 9u);
      else EXPECT_EQ(shaded, 0u);
      // The regions are the board's boxes, or the jigsaw's regions.
      const std::vector<int> regions = ints(data.at("regions"));
      for (int cell = 0; cell < 81; ++cell) EXPECT_EQ(regions[static_cast<std::size_t>(cell)], geometry.box_of(cell));
    }
  EXPECT_EQ(seen, (std::set<std::string>{"x", "windoku", "asterisk", "centre-dot", "jigsaw"}));
}

TEST(WebEditionTest, KillerPagesCarryTheCagesAndTheirSums) {
  // A Killer board from its cages alone (the grid starts empty): the page's cages are the board's.
  Book book = sample("sample");
  BookPuzzle& first = book.chapters.front().puzzles.front();
  std::vector<Cage> cages;
  for (int cell = 0; cell < 81; cell += 2) {
    Cage cage;
    cage.cells.push_back(cell);
    if (cell % 9 != 8) cage.cells.push_back(cell + 1);
    for (int member : cage.cells) cage.sum += first.solution[member];
    cages.push_back(cage);
  }
  const auto killer = Geometry::killer(cages);
  Grid empty(killer);
  Grid solution(killer);
  for (int cell = 0; cell < 81; ++cell) solution.set(cell, first.solution[cell]);
  first.puzzle = empty;
  first.solution = solution;
  const std::vector<typeset::WebFile> files = typeset::web_edition(book, typeset::Catalog());
  const json::object data = page_data(files[1].bytes);
  const json::array& shown = data.at("cages").as_array();
  ASSERT_EQ(shown.size(), cages.size());
  for (std::size_t i = 0; i < cages.size(); ++i) {
    EXPECT_EQ(shown[i].at("sum").as_int64(), cages[i].sum);
    EXPECT_EQ(ints(shown[i].at("cells")), cages[i].cells);
  }
  EXPECT_NE(std::string(data.at("rules").as_string()).find("Killer"), std::string::npos);
}

TEST(WebEditionTest, SameBookSameBytes) {
  const Book book = sample("sample");
  const auto german = std::make_shared<const typeset::Catalog>(
      typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/de.po"));
  const auto a = typeset::web_edition(book, *german);
  const auto b = typeset::web_edition(book, *german);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].bytes, b[i].bytes) << a[i].name;
  // In German: the page's language, the level, the hints' words.
  EXPECT_NE(a[1].bytes.find("<html lang=\"de\">"), std::string::npos);
  EXPECT_NE(a[1].bytes.find("R\xC3\xA4tsel 1"), std::string::npos);
  EXPECT_TRUE(german->missing().empty()) << *german->missing().begin();
}

// The player's words (context "web") and the editor's report's (context "report") in every shipped
// language.
TEST(WebEditionTest, EveryShippedLanguageTranslatesThePlayerAndTheReport) {
  std::size_t languages = 0;
  for (const auto& entry : fs::directory_iterator(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang")) {
    if (entry.path().extension() != ".po") continue;
    ++languages;
    const typeset::Catalog catalog = typeset::Catalog::load(entry.path());
    for (const auto& [context, ids] :
         {std::pair{"web", typeset::web_messages()}, std::pair{"report", typeset::report_messages()}})
      for (const std::string& id : ids)
        EXPECT_TRUE(catalog.has(context, id))
            << entry.path().filename().string() << " lacks " << context << "|" << id;
  }
  EXPECT_EQ(languages, 6u);
}

TEST(WebEditionTest, ThePlayerAsksOnlyForListedMessages) {
  // Every tr('...') of the player is a message the pages send it (else it would show English).
  const std::string player = testing::read_text_file(std::string(SUDOKU_SOURCE_DIR) + "/templates/web/player.js");
  const std::vector<std::string> listed = typeset::web_messages();
  const std::regex call(R"re(tr\((?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"))re");
  std::size_t calls = 0;
  for (auto it = std::sregex_iterator(player.begin(), player.end(), call); it != std::sregex_iterator(); ++it) {
    const std::string id = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
    ++calls;
    EXPECT_NE(std::find(listed.begin(), listed.end(), id), listed.end()) << "player.js asks for '" << id << "'";
  }
  EXPECT_GT(calls, 20u);
}

TEST(WebEditionCliTest, WritesTheSiteAndSaysWhatItWeighs) {
  const testing::TempDir folder("web-edition-test");
  const std::string site = folder / "site";
  const testing::CommandResult done = testing::run_command(
      testing::tool_path("typeset") + " " + testing::test_data("books/sample") + " --template web -o " + site +
      " --lang fr");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  EXPECT_TRUE(std::regex_search(done.out, std::regex(R"(: 12 puzzle pages and index\.html, \d+ KB; the heaviest page \d+ KB)")))
      << done.out;
  EXPECT_TRUE(fs::is_regular_file(folder / "site/index.html"));
  EXPECT_TRUE(fs::is_regular_file(folder / "site/evil-004.html"));
  EXPECT_NE(testing::read_text_file(folder / "site/index.html").find("lang=\"fr\""), std::string::npos);
}

TEST(WebEditionCliTest, OptionsOfThePdfAreRefusedInOneLine) {
  const testing::TempDir folder("web-edition-test");
  for (const char* extra : {"--split", "--hints", "--preflight", "--pdfx"}) {
    const testing::CommandResult done = testing::run_command(testing::tool_path("typeset") + " " +
                                                             testing::test_data("books/sample") +
                                                             " --template web -o " + folder / "site " + std::string(extra));
    EXPECT_EQ(done.exit_code, 2) << extra;
    EXPECT_NE(done.err.find("--template web"), std::string::npos) << done.err;
    EXPECT_FALSE(fs::exists(folder / "site")) << extra;
  }
  const testing::CommandResult bad = testing::run_command(testing::tool_path("typeset") + " " +
                                                          testing::test_data("books/sample") +
                                                          " --template web -o " + folder / "site --lang xx");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--lang"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(folder / "site"));
}

}  // namespace
}  // namespace sudoku

namespace sudoku {
namespace {

// corpus-rate --explain --format html: a page per puzzle with every step of its path (as the text
// explanation lists them) and the hardest step pictured, an index linking the pages.
TEST(ExplainReportCliTest, APagePerPuzzleWithEveryStepAndItsPicture) {
  const testing::TempDir folder("explain-report-test");
  const Book book = sample("sample");
  std::string corpus;
  for (const BookPuzzle& puzzle : book.chapters[1].puzzles) {
    for (int cell = 0; cell < 81; ++cell) corpus.push_back(puzzle.puzzle[cell] ? static_cast<char>('0' + puzzle.puzzle[cell]) : '.');
    corpus.push_back('\n');
    if (corpus.size() > 100) break;  // two puzzles
  }
  testing::write_text_file(folder / "two.txt", corpus);
  const std::string rate = testing::tool_path("corpus-rate") + " --explain " + folder / "two.txt";
  const testing::CommandResult text = testing::run_command(rate);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const testing::CommandResult done = testing::run_command(rate + " --format html -o " + folder / "report");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const std::string index = testing::read_text_file(folder / "report/index.html");
  EXPECT_NE(index.find("href=\"1.html\""), std::string::npos);
  EXPECT_NE(index.find("href=\"2.html\""), std::string::npos);
  // The text explanation's step lines, puzzle by puzzle (each after its "# grade" line).
  std::vector<std::size_t> steps;
  std::size_t at = 0;
  while (at < text.out.size()) {
    const std::size_t end = text.out.find('\n', at);
    const std::string line = text.out.substr(at, end - at);
    at = end == std::string::npos ? text.out.size() : end + 1;
    if (line.rfind("# grade", 0) == 0) steps.push_back(0);
    else if (!line.empty() && !steps.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) ++steps.back();
  }
  ASSERT_EQ(steps.size(), 2u) << text.out;
  for (std::size_t p = 0; p < 2; ++p) {
    const std::string page = testing::read_text_file(folder / ("report/" + std::to_string(p + 1) + ".html"));
    std::size_t sections = 0;
    for (std::size_t pos = page.find("<section class=\"step"); pos != std::string::npos;
         pos = page.find("<section class=\"step", pos + 1))
      ++sections;
    EXPECT_EQ(sections, steps[p]);
    EXPECT_EQ(page.find("step pictured"), page.rfind("step pictured")) << "one picture: the hardest step";
    EXPECT_NE(page.find("src=\"data:image/svg+xml;base64,"), std::string::npos);
    EXPECT_NE(page.find("tabindex=\"-1\""), std::string::npos);
  }
  // In German (--lang): the page's language, the report's words, the units' and techniques' names
  // as the books give them, the decimal comma; no English word of the report left.
  const testing::CommandResult german = testing::run_command(rate + " --format html --lang de -o " + folder / "de");
  ASSERT_EQ(german.exit_code, 0) << german.err;
  const std::string de_index = testing::read_text_file(folder / "de/index.html");
  EXPECT_NE(de_index.find("<html lang=\"de\">"), std::string::npos);
  EXPECT_NE(de_index.find("<h1>L\xC3\xB6sungswege</h1>"), std::string::npos);
  EXPECT_NE(de_index.find("Schwierigste Technik"), std::string::npos);
  const std::string de_page = testing::read_text_file(folder / "de/1.html");
  EXPECT_NE(de_page.find("Schritt 1: "), std::string::npos);
  EXPECT_TRUE(std::regex_search(de_page, std::regex(R"(<p>Wertung \d+,\d, )"))) << "the decimal comma";
  EXPECT_NE(de_page.find("<dt>Einheiten</dt>"), std::string::npos);
  EXPECT_NE(de_page.find("Tasten: j oder n"), std::string::npos);
  for (const char* english : {"<dt>Houses</dt>", "<dt>Cells</dt>", "Step 1:", "All puzzles", "Keys:", "steps: "})
    EXPECT_EQ(de_page.find(english), std::string::npos) << english;
  // Bad use: one line, exit 2, nothing written.
  for (const std::string& bad : {testing::tool_path("corpus-rate") + " --format html -o " + folder / "x " + folder / "two.txt",
                                 rate + " --format html", rate + " --format html --picture-size page -o " + folder / "x",
                                 rate + " --format html --lang xx -o " + folder / "x",
                                 rate + " --lang de -o " + folder / "x",
                                 rate + " --format html --lang= -o " + folder / "x"}) {
    const testing::CommandResult refused = testing::run_command(bad);
    EXPECT_EQ(refused.exit_code, 2) << bad;
    EXPECT_NE(refused.err.find("--"), std::string::npos) << refused.err;
    EXPECT_FALSE(fs::exists(folder / "x"));
  }
}

}  // namespace
}  // namespace sudoku
