// SPDX-License-Identifier: Apache-2.0
// Print preflight: legible grids on every template at every grid size, measured in the written PDF
// by Ghostscript (txtwrite reports each text span's font and size), Killer's cage sums on pages and
// proofs, --split files of the booked size for every variant, and books that would print
// illegibly refused with the page, the size, the limit and the fix.
#include <gtest/gtest.h>

#include <cairo.h>

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/typeset/layout/legibility.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;
using testing::test_data;

// A temporary folder for one test, removed with everything in it.
class TempDir : public testing::TempDir {
 public:
  TempDir() : testing::TempDir("preflight-test") {}
};

std::string shipped(const std::string& name) {
  return std::string(SUDOKU_SOURCE_DIR) + "/templates/" + name + ".xml";
}

// The test books are proofs, under KDP's 24-page minimum: --draft (not with --split, a book option).
CommandResult typeset(const std::string& arguments) {
  const bool split = arguments.find("--split") != std::string::npos;
  return run_command(testing::tool_path("typeset") + " " + arguments + (split ? "" : " --draft"));
}

// The smallest text size on each page (1-based) among spans whose font name contains `family`
// (spaces removed) and is not a condensed cut, as Ghostscript's text extraction reports them.
std::map<int, double> smallest_sizes(const std::string& pdf, std::string family) {
  family.erase(std::remove(family.begin(), family.end(), ' '), family.end());
  const CommandResult text =
      run_command("gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=txtwrite -dTextFormat=0 -sOutputFile=- " + pdf);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  std::map<int, double> smallest;
  int page = 0;
  const std::regex span(R"re(<span[^>]* font="([^"]*)" size="([0-9.]+)")re");
  std::size_t at = 0;
  const std::string& out = text.out;
  while (at < out.size()) {
    const std::size_t next_page = out.find("<page", at);
    const std::size_t next_span = out.find("<span", at);
    if (next_span == std::string::npos) break;
    if (next_page != std::string::npos && next_page < next_span) {
      ++page;
      at = next_page + 5;
      continue;
    }
    const std::size_t end = out.find('>', next_span);
    std::smatch match;
    const std::string tag = out.substr(next_span, end - next_span + 1);
    if (std::regex_search(tag, match, span)) {
      const std::string font = match[1].str();
      if (font.find(family) != std::string::npos && font.find("Cn") == std::string::npos &&
          font.find("Condensed") == std::string::npos) {
        const double size = std::stod(match[2].str());
        auto [it, inserted] = smallest.emplace(page, size);
        if (!inserted) it->second = std::min(it->second, size);
      }
    }
    at = end;
  }
  return smallest;
}

std::string family_of(const typeset::Template& page_template, const std::string& font) {
  const typeset::FontSpec* spec = page_template.find_font(font);
  return spec != nullptr ? spec->family : font;
}

// Every shipped template at every grid size either prints every puzzle digit at its print target's
// min-digit or more and every solution digit at its min-solution-digit or more, measured in the
// PDF, or refuses the book naming the limit (and writes nothing).
TEST(PreflightTest, EveryGridSizePrintsLegiblyOrIsRefused) {
  TempDir dir;
  // 25 x 25 puzzles need more than a 6 x 9 page, a large-print page at 16 pt or an 85 mm slot.
  const std::vector<std::pair<std::string, int>> refused = {
      {"book-6x9", 25}, {"large-print", 25}, {"newspaper", 25}};
  for (const std::string name : {"book-6x9", "book-letter", "large-print", "a4-4up", "newspaper"}) {
    const typeset::Template page_template = typeset::load_template(shipped(name));
    ASSERT_TRUE(page_template.print_target.has_value()) << name;
    const typeset::PrintTarget& target = *page_template.print_target;
    for (const int size : {4, 6, 12, 16, 25}) {
      SCOPED_TRACE(name + " " + std::to_string(size));
      const std::string book_dir = test_data("typeset/books/size-" + std::to_string(size));
      const std::string pdf = dir / (name + "-" + std::to_string(size) + ".pdf");
      const CommandResult run = typeset(book_dir + " -t " + name + " -o " + pdf + " --date 2026-03-01");
      if (std::find(refused.begin(), refused.end(), std::pair{std::string(name), size}) != refused.end()) {
        EXPECT_EQ(run.exit_code, 2);
        EXPECT_NE(run.err.find(std::to_string(size) + "x" + std::to_string(size) + " puzzle digits print at"),
                  std::string::npos)
            << run.err;
        EXPECT_NE(run.err.find("minimum of " + target.name), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(pdf));
        continue;
      }
      ASSERT_EQ(run.exit_code, 0) << run.err;
      const Book book = read_book(book_dir + "/book.json");
      const typeset::PagePlan plan = typeset::plan_pages(book, page_template, true);
      // The givens' and the solved digits' fonts are one family in every shipped template.
      const std::map<int, double> sizes =
          smallest_sizes(pdf, family_of(page_template, page_template.puzzle_page.grid.givens.font));
      int puzzle_pages = 0;
      int solution_pages = 0;
      for (const typeset::PlannedPage& page : plan.pages) {
        if (page.role != typeset::PageRole::puzzles && page.role != typeset::PageRole::solutions) continue;
        const bool puzzles = page.role == typeset::PageRole::puzzles;
        (puzzles ? puzzle_pages : solution_pages)++;
        ASSERT_TRUE(sizes.count(page.number)) << "page " << page.number;
        EXPECT_GE(sizes.at(page.number), (puzzles ? target.min_digit : target.min_solution_digit) - 0.01)
            << "page " << page.number;
      }
      EXPECT_GT(puzzle_pages, 0);
      EXPECT_GT(solution_pages, 0);
    }
  }
}

// The measure the check uses is the one the PDF prints: for a 16 x 16 solution page of book-6x9 the
// library's figure and Ghostscript's agree to a hundredth of a point.
TEST(PreflightTest, MeasuredDigitSizesMatchThePrintedOnes) {
  TempDir dir;
  const std::string book_dir = test_data("typeset/books/size-16");
  const std::string pdf = dir / "b.pdf";
  ASSERT_EQ(typeset(book_dir + " -t book-6x9 -o " + pdf + " --date 2026-03-01").exit_code, 0);
  const typeset::Template page_template = typeset::load_template(shipped("book-6x9"));
  const Book book = read_book(book_dir + "/book.json");
  const typeset::PagePlan plan = typeset::plan_pages(book, page_template, true);
  const auto entries = typeset::measure_legibility(book, page_template, plan);
  ASSERT_EQ(entries.size(), 2u);
  const std::map<int, double> sizes = smallest_sizes(pdf, "DejaVu Sans");
  for (const auto& entry : entries) {
    EXPECT_EQ(entry.grid_size, 16);
    EXPECT_TRUE(entry.pass());
    ASSERT_TRUE(sizes.count(entry.page));
    EXPECT_NEAR(entry.digit, sizes.at(entry.page), 0.01) << entry.page;
  }
  // 16 x 16 solutions two to a page (the <grid-size from="16">), not six: 8.4 pt, not 5.4 pt.
  EXPECT_GT(entries[1].digit, 8);
  EXPECT_EQ(plan.pages[static_cast<std::size_t>(entries[1].page - 1)].slots.size(), 2u);
}

// A template that would print 16 x 16 solutions six to a small page is refused before anything is
// written, with the page, the size, the limit and the fix; with the fix applied it prints.
TEST(PreflightTest, IllegibleGridsAreRefusedWithTheFix) {
  TempDir dir;
  std::string text = testing::read_text_file(shipped("book-6x9"));
  const std::size_t from = text.find("    <!-- Larger boards get larger digits");
  const std::size_t to = text.find("  </master>", from);
  ASSERT_NE(from, std::string::npos);
  const std::string without = text.substr(0, from) + text.substr(to);
  const std::string xml = dir / "small.xml";
  write_file_atomically(xml, without);
  const std::string pdf = dir / "b.pdf";
  const CommandResult run =
      typeset(test_data("typeset/books/size-16") + " -t " + xml + " -o " + pdf + " --date 2026-03-01");
  EXPECT_EQ(run.exit_code, 2);
  const std::string target_line = std::to_string(
      std::count(without.begin(),
                 without.begin() + static_cast<std::ptrdiff_t>(without.find("<print-target ")), '\n') +
      1);
  EXPECT_NE(run.err.find("book.json: page 9: 16x16 solution digits print at 5.2 pt, under the 7.0 pt minimum "
                         "of KDP paperback 6x9 (" +
                         xml + ":" + target_line +
                         "): give the solution master a <grid-size from=\"16\"> with fewer columns or "
                         "rows (2 x 3 now), so the grids print larger"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_FALSE(fs::exists(pdf));
  // The fix, as the message says it.
  std::string fixed = without;
  fixed.insert(fixed.find("  </master>", fixed.find("<master name=\"solution\"")),
               "    <grid-size from=\"16\" columns=\"1\" rows=\"2\"/>\n");
  write_file_atomically(xml, fixed);
  EXPECT_EQ(typeset(test_data("typeset/books/size-16") + " -t " + xml + " -o " + pdf + " --date 2026-03-01")
                .exit_code,
            0);
}

// A Killer book: a pattern solution cut into dominoes along its rows (the last cell of a row alone).
Book killer_book(int count) {
  const Grid solution_9 = testing::pattern_solution(3, 3);
  std::vector<Cage> cages;
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 9; col += 2) {
      Cage cage;
      cage.cells.push_back(row * 9 + col);
      if (col + 1 < 9) cage.cells.push_back(row * 9 + col + 1);
      for (int cell : cage.cells) cage.sum += solution_9[cell];
      cages.push_back(cage);
    }
  const auto geometry = Geometry::killer(cages);
  Grid solution(geometry);
  for (int cell = 0; cell < 81; ++cell) solution.set(cell, solution_9[cell]);
  Book book;
  book.title = "Killer proof";
  book.author = "test";
  BookChapter chapter;
  chapter.title = "Killer";
  chapter.level = "medium";
  for (int i = 0; i < count; ++i) {
    BookPuzzle puzzle;
    puzzle.id = "killer-" + std::to_string(i + 1);
    puzzle.solution = solution;
    puzzle.puzzle = Grid(geometry);
    puzzle.level = "medium";
    puzzle.canonical = canonical_key(puzzle.puzzle);
    chapter.puzzles.push_back(puzzle);
  }
  book.chapters.push_back(chapter);
  return book;
}

// PDF page size in millimetres, from pdfinfo.
std::pair<double, double> page_mm(const std::string& pdf) {
  const CommandResult info = run_command("pdfinfo " + pdf);
  std::smatch match;
  const std::regex pattern("Page size: +([0-9.]+) x ([0-9.]+) pts");
  if (!std::regex_search(info.out, match, pattern)) return {0, 0};
  return {std::stod(match[1].str()) * 25.4 / 72, std::stod(match[2].str()) * 25.4 / 72};
}

// Killer on the desk: newspaper pages print cage sums at 6 pt or more, every --split file (Killer and
// classic) is the booked 85 x 91 mm, and the proof prints the cage sums at 6 pt or more.
TEST(PreflightTest, KillerFilesFitTheBookedSpaceAndTheProofIsReadable) {
  TempDir dir;
  fs::create_directories(dir / "killer");
  write_book(killer_book(3), dir / "killer/book.json");
  const CommandResult pages =
      typeset(dir / "killer" + " -t newspaper -o " + dir / "killer.pdf" + " --date 2026-03-01");
  ASSERT_EQ(pages.exit_code, 0) << pages.err;
  const std::map<int, double> page_sizes = smallest_sizes(dir / "killer.pdf", "TeX Gyre Heros");
  ASSERT_TRUE(page_sizes.count(1));
  EXPECT_GE(page_sizes.at(1), 6.0);  // the cage sums, the smallest digits on a Killer page
  EXPECT_LT(page_sizes.at(1), 7.0);  // (and they are what was measured: no givens in a Killer grid)

  const CommandResult split =
      typeset(dir / "killer" + " -t newspaper --split -o " + dir / "files" + " --date 2026-03-01");
  ASSERT_EQ(split.exit_code, 0) << split.err;
  const CommandResult classic = typeset(test_data("books/sample") + " -t newspaper --split -o " +
                                        dir / "classic" + " --date 2026-03-01");
  ASSERT_EQ(classic.exit_code, 0) << classic.err;
  int files = 0;
  for (const std::string folder : {"files", "classic"})
    for (const auto& entry : fs::directory_iterator(dir / folder)) {
      const std::string name = entry.path().filename().string();
      // The proof, the solutions, and the folder's lock and list of installed files.
      if (name == "proof.pdf" || name.find("solution") != std::string::npos || name.starts_with(".")) continue;
      const auto [width, height] = page_mm(entry.path().string());
      EXPECT_NEAR(width, 85, 0.01) << name;
      EXPECT_NEAR(height, 91, 0.01) << name;
      ++files;
    }
  EXPECT_EQ(files, 3 + 12);
  const std::map<int, double> proof = smallest_sizes(dir / "files/proof.pdf", "TeX Gyre Heros");
  ASSERT_FALSE(proof.empty());
  for (const auto& [page, size] : proof) EXPECT_GE(size, 6.0) << "proof page " << page;
  // The classic proof keeps eight entries a page: its digits are legible at that size.
  for (const auto& [page, size] : smallest_sizes(dir / "classic/proof.pdf", "TeX Gyre Heros"))
    EXPECT_GE(size, 6.0) << "classic proof page " << page;
}

TEST(PreflightTest, GridSizeArrangementsAreReadAndChecked) {
  const typeset::Template book = typeset::load_template(shipped("book-6x9"));
  EXPECT_EQ(&book.solution_page.for_grid_size(9), &book.solution_page);
  EXPECT_EQ(book.solution_page.for_grid_size(12).slots(), 6);
  EXPECT_EQ(book.solution_page.for_grid_size(16).slots(), 2);
  EXPECT_EQ(book.solution_page.for_grid_size(25).slots(), 1);
  // One arrangement from 21 cells across: Samurai (a gattai board counts its cells across) and 25 x 25.
  EXPECT_EQ(book.solution_page.for_grid_size(25).from_grid_size, 21);
  EXPECT_EQ(&book.solution_page.for_grid_size(21), &book.solution_page.for_grid_size(25));
  // Inherits what it does not set: the captions and the grid lines.
  EXPECT_EQ(book.solution_page.for_grid_size(25).captions.size(), book.solution_page.captions.size());
  EXPECT_EQ(book.solution_page.for_grid_size(16).grid.border, book.solution_page.grid.border);
  EXPECT_DOUBLE_EQ(book.solution_page.for_grid_size(12).grid.solved.scale, 0.6);

  const std::string head =
      "<template version=\"1\">\n"
      "  <page width=\"6in\" height=\"9in\"><margins top=\"0.5in\" bottom=\"0.5in\" left=\"0.5in\" "
      "right=\"0.5in\"/></page>\n"
      "  <font name=\"d\" family=\"DejaVu Sans\"/>\n"
      "  <grid><givens font=\"d\"/></grid>\n"
      "  <master name=\"puzzle\"/>\n";
  const auto error_of = [&](const std::string& rest) {
    try {
      typeset::parse_template(head + rest + "</template>\n", "t.xml");
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      error_of(
          "  <master name=\"solution\" columns=\"3\" rows=\"4\">\n"
          "    <grid-size from=\"16\" rows=\"2\"/>\n    <grid-size from=\"12\" rows=\"3\"/>\n  </master>\n"),
      "t.xml:8: 'from' 12 must be larger than the previous <grid-size>'s 16");
  EXPECT_EQ(error_of("  <master name=\"solution\">\n    <grid-size rows=\"2\"/>\n  </master>\n"),
            "t.xml:7: <grid-size> needs 'from', the smallest grid size (cells a side) it applies to");
  EXPECT_EQ(error_of("  <master name=\"solution\">\n    <grid-size from=\"30\"/>\n  </master>\n"),
            "t.xml:7: 'from' '30' is out of range (4 to 25)");
  EXPECT_EQ(error_of("  <master name=\"solution\"/>\n  <master name=\"title\">\n    <grid-size "
                     "from=\"16\"/>\n  </master>\n"),
            "t.xml:8: <grid-size> belongs to the puzzle and solution masters");
  EXPECT_EQ(error_of("  <master name=\"solution\">\n    <grid-size from=\"16\" columns=\"12\" "
                     "rows=\"12\"/>\n  </master>\n")
                .substr(0, 40),
            "t.xml:7: the 12 x 12 slots leave grids o");
}

CommandResult typeset_exactly(const std::string& arguments) {
  return run_command(testing::tool_path("typeset") + " " + arguments);
}

// KDP's inside margin by page count, as the shipped templates state it; a template margin that is
// wider stays; IngramSpark's table from its target file.
TEST(PreflightTest, TheGutterGrowsWithThePageCount) {
  const typeset::Template book = typeset::load_template(shipped("book-6x9"));
  const auto inside = [](const typeset::Template& fitted) { return fitted.puzzle_page.page.margins.inside; };
  EXPECT_DOUBLE_EQ(book.print_target->gutter_for(24), typeset::inches(0.375));
  EXPECT_DOUBLE_EQ(book.print_target->gutter_for(151), typeset::inches(0.5));
  EXPECT_DOUBLE_EQ(book.print_target->gutter_for(500), typeset::inches(0.625));
  EXPECT_DOUBLE_EQ(book.print_target->gutter_for(700), typeset::inches(0.75));
  EXPECT_DOUBLE_EQ(book.print_target->gutter_for(828), typeset::inches(0.875));
  EXPECT_DOUBLE_EQ(inside(typeset::with_gutter(book, 100)), typeset::inches(0.75));  // the template's
  EXPECT_DOUBLE_EQ(inside(typeset::with_gutter(book, 701)), typeset::inches(0.875));
  EXPECT_DOUBLE_EQ(typeset::with_gutter(book, 701).solution_page.for_grid_size(16).page.margins.inside,
                   typeset::inches(0.875));
  const typeset::PrintTarget ingram =
      typeset::load_print_target(std::string(SUDOKU_SOURCE_DIR) + "/templates/targets/ingramspark-6x9.xml");
  EXPECT_EQ(ingram.min_pages, 18);
  EXPECT_DOUBLE_EQ(ingram.gutter_for(100), typeset::inches(0.5));
  EXPECT_DOUBLE_EQ(ingram.gutter_for(401), typeset::inches(0.75));
  EXPECT_DOUBLE_EQ(ingram.gutter_for(1200), typeset::inches(0.875));
  // Every shipped target states its trim and cites its sources.
  for (const std::string name : {"book-6x9", "book-letter", "large-print", "a4-4up", "newspaper"}) {
    const typeset::Template page_template = typeset::load_template(shipped(name));
    ASSERT_TRUE(page_template.print_target.has_value()) << name;
    EXPECT_GT(page_template.print_target->trim_width, 0) << name;
    EXPECT_FALSE(page_template.print_target->reference.empty()) << name;
  }
}

// The gutter is applied to the pages: a target that asks 1.5 in inside at the sample's 22 pages
// makes the puzzle grids narrower by what the margin grew (4 in across, not 4.75 in), as
// Ghostscript measures the digits.
TEST(PreflightTest, TheGutterIsAppliedToTheLayout) {
  TempDir dir;
  std::string text = testing::read_text_file(shipped("book-6x9"));
  const std::size_t gutter = text.find("    <gutter up-to=\"150\"");
  ASSERT_NE(gutter, std::string::npos);
  text.insert(gutter, "    <gutter up-to=\"30\" inside=\"1.5in\"/>\n");
  write_file_atomically(dir / "wide.xml", text);
  const std::string pdf = dir / "b.pdf";
  ASSERT_EQ(
      typeset(test_data("books/sample") + " -t " + dir / "wide.xml" + " -o " + pdf + " --date 2026-03-01")
          .exit_code,
      0);
  const std::map<int, double> sizes = smallest_sizes(pdf, "DejaVu Sans");
  // book-6x9: givens at 0.58 of the cell, a 2 pt border; page 6 holds puzzle 1.
  ASSERT_TRUE(sizes.count(6));
  EXPECT_NEAR(sizes.at(6), 0.58 * (typeset::inches(6 - 1.5 - 0.5) - 2) / 9, 0.01);
  const std::string shipped_pdf = dir / "s.pdf";
  ASSERT_EQ(
      typeset(test_data("books/sample") + " -t book-6x9 -o " + shipped_pdf + " --date 2026-03-01").exit_code,
      0);
  EXPECT_NEAR(smallest_sizes(shipped_pdf, "DejaVu Sans").at(6),
              0.58 * (typeset::inches(6 - 0.75 - 0.5) - 2) / 9, 0.01);
}

// --target replaces the template's print target; one for another trim is refused at its line.
TEST(PreflightTest, ATargetFileReplacesTheTemplatesTarget) {
  TempDir dir;
  const std::string sample = test_data("books/sample");
  // IngramSpark prints from 18 pages: the 22-page sample needs no --draft there.
  const CommandResult ingram = typeset_exactly(sample + " -t book-6x9 --target ingramspark-6x9 -o " +
                                               dir / "i.pdf" + " --date 2026-03-01");
  EXPECT_EQ(ingram.exit_code, 0) << ingram.err;
  EXPECT_EQ(ingram.out.find("DRAFT"), std::string::npos) << ingram.out;
  const CommandResult letter =
      typeset_exactly(sample + " -t book-letter --target ingramspark-6x9 -o " + dir / "l.pdf");
  EXPECT_EQ(letter.exit_code, 2);
  EXPECT_NE(
      letter.err.find("ingramspark-6x9.xml:8: IngramSpark paperback 6x9 trims 152.4 mm (432 pt) x 228.6 mm "
                      "(648 pt), but "),
      std::string::npos)
      << letter.err;
  EXPECT_FALSE(fs::exists(dir / "l.pdf"));
  const CommandResult unknown = typeset_exactly(sample + " -t book-6x9 --target no-such-printer");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown print target 'no-such-printer' (shipped: ingramspark-6x9"),
            std::string::npos)
      << unknown.err;
}

// typeset --preflight: the report, pass or fail per line, exit 0 / 1 / 2, and no file written.
TEST(PreflightTest, PreflightReportsEveryCheckAndWritesNothing) {
  TempDir dir;
  fs::copy(test_data("books/sample"), dir / "book", fs::copy_options::recursive);
  const std::string book = dir / "book";
  const CommandResult short_book = typeset_exactly(book + " -t book-6x9 --preflight");
  EXPECT_EQ(short_book.exit_code, 1) << short_book.err;
  EXPECT_NE(short_book.out.find("FAIL  pages"), std::string::npos) << short_book.out;
  EXPECT_NE(short_book.out.find("22 pages  (limit: 24 to 828 pages (white paper))"), std::string::npos)
      << short_book.out;
  EXPECT_NE(short_book.out.find("      fix: add chapters or puzzles to the plan"), std::string::npos)
      << short_book.out;
  EXPECT_NE(short_book.out.find("preflight: FAIL (1 of "), std::string::npos) << short_book.out;

  const CommandResult proof = typeset_exactly(book + " -t book-6x9 --preflight --draft");
  EXPECT_EQ(proof.exit_code, 0) << proof.out << proof.err;
  for (const std::string line :
       {"PASS  pages                 22 pages (draft: not printable)",
        "PASS  trim                  6 in x 9 in",
        "PASS  gutter                0.75 in  (limit: at least 0.375 in at 22 pages)",
        "PASS  digits 9x9 puzzles    21.9 pt (page 6)  (limit: at least 9.0 pt)",
        "PASS  digits 9x9 solutions  9.3 pt (page 21)  (limit: at least 7.0 pt)",
        // Six: the chapter openers' technique names set ligatures (fi) from a second subset of the italic.
        "PASS  fonts                 6 fonts, 6 embedded", "PASS  colours", "PASS  pdf/x",
        "PASS  spine                 0.0495 in (white paper); left blank",
        "preflight: pass (draft, not printable)"})
    EXPECT_NE(proof.out.find(line), std::string::npos) << line << "\n" << proof.out;

  const CommandResult json = typeset_exactly(book + " -t book-6x9 --preflight --preflight-format json");
  EXPECT_EQ(json.exit_code, 1);
  const boost::json::object report = boost::json::parse(json.out).as_object();
  EXPECT_EQ(report.at("target").as_string(), "KDP paperback 6x9");
  EXPECT_EQ(report.at("pages").as_int64(), 22);
  EXPECT_FALSE(report.at("pass").as_bool());
  const boost::json::array& checks = report.at("checks").as_array();
  ASSERT_GE(checks.size(), 8u);
  EXPECT_EQ(checks[0].as_object().at("check").as_string(), "pages");
  EXPECT_FALSE(checks[0].as_object().at("pass").as_bool());
  EXPECT_TRUE(checks[4].as_object().at("pass").as_bool());

  // A 25 x 25 book on the newspaper's slot prints its digits too small: the digits line fails.
  const CommandResult newspaper =
      typeset_exactly(test_data("typeset/books/size-25") + " -t newspaper --preflight");
  EXPECT_EQ(newspaper.exit_code, 1);
  EXPECT_NE(newspaper.out.find("FAIL  digits 25x25 puzzles    6.1 pt (page 1)  (limit: at least 9.0 pt)"),
            std::string::npos)
      << newspaper.out;
  EXPECT_NE(newspaper.out.find("not checked (the book is not rendered until the checks above pass)"),
            std::string::npos)
      << newspaper.out;

  // Bad input is exit 2; nothing was written into the book's folder by any of these runs.
  EXPECT_EQ(typeset_exactly(book + " -t " + dir / "missing.xml --preflight").exit_code, 2);
  EXPECT_EQ(typeset_exactly(book + " -t book-6x9 --preflight -o " + dir / "x.pdf").exit_code, 2);
  EXPECT_EQ(typeset_exactly(book + " -t book-6x9 --preflight-format json").exit_code, 2);
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(book)) files.push_back(entry.path().filename().string());
  EXPECT_EQ(files, std::vector<std::string>{"book.json"});
}

// A printable book: the sample's chapters seven times over (130 pages in book-6x9) passes every
// check without --draft, fonts and spine included.
TEST(PreflightTest, APrintableBookPassesWithItsSpine) {
  TempDir dir;
  const Book sample = read_book(test_data("books/sample") + "/book.json");
  Book book = sample;
  book.chapters.clear();
  for (int copy = 1; copy <= 7; ++copy)
    for (BookChapter chapter : sample.chapters) {
      // Appended piecewise: " " + std::to_string(...) trips a false -Wrestrict in GCC 12.
      const std::string suffix = std::to_string(copy);
      chapter.title.append(" ").append(suffix);
      for (BookPuzzle& puzzle : chapter.puzzles) puzzle.id.append("-").append(suffix);
      book.chapters.push_back(chapter);
    }
  fs::create_directories(dir / "big");
  write_book(book, dir / "big/book.json");
  const CommandResult report = typeset_exactly(dir / "big" + " -t book-6x9 --preflight");
  EXPECT_EQ(report.exit_code, 0) << report.out << report.err;
  EXPECT_NE(report.out.find("130 pages  (limit: 24 to 828 pages (white paper))"), std::string::npos)
      << report.out;
  EXPECT_NE(report.out.find("0.293 in (white paper); title "), std::string::npos) << report.out;
  EXPECT_NE(report.out.find("6 fonts, 6 embedded"), std::string::npos) << report.out;
  EXPECT_NE(report.out.find("\npreflight: pass\n"), std::string::npos) << report.out;
  EXPECT_EQ(report.out.find("FAIL"), std::string::npos) << report.out;
}

// The sample's chapters `copies` times over, written to `dir`, with `publisher` in its plan.
std::string write_copied_sample(const std::string& dir, int copies, const std::string& publisher = "") {
  const Book sample = read_book(test_data("books/sample") + "/book.json");
  Book book = sample;
  book.chapters.clear();
  for (int copy = 1; copy <= copies; ++copy)
    for (BookChapter chapter : sample.chapters) {
      const std::string suffix = std::to_string(copy);
      chapter.title.append(" ").append(suffix);
      for (BookPuzzle& puzzle : chapter.puzzles) puzzle.id.append("-").append(suffix);
      book.chapters.push_back(chapter);
    }
  if (!publisher.empty()) book.plan["publisher"] = publisher;
  fs::create_directories(dir);
  write_book(book, dir + "/book.json");
  return dir;
}

// Each of the cover's print rules is a preflight line that fails with its fix: the art's
// resolution, the barcode area kept clear, colour that touches the trim running into the bleed,
// and the spine's text scaled to the spine, clear of its folds.
TEST(PreflightTest, CoverRulesFailWithTheFix) {
  TempDir dir;
  const std::string book = write_copied_sample(dir / "big", 7, "Harbour Puzzle Press");
  // The spine of a 130-page book: its title set to the spine's width (a 600-page one's is over
  // 20 pt: TypesetTest.SpineTitleScalesToAThickSpine).
  const CommandResult thick = typeset_exactly(book + " -t book-6x9 --preflight");
  EXPECT_EQ(thick.exit_code, 0) << thick.out << thick.err;
  const std::smatch spine = [&] {
    std::smatch match;
    std::regex_search(thick.out, match, std::regex("PASS  spine +0.293 in \\(white paper\\); title ([0-9.]+) pt, "
                                                   "([0-9.]+) in clear of each fold"));
    return match;
  }();
  ASSERT_FALSE(spine.empty()) << thick.out;
  EXPECT_GT(std::stod(spine[1].str()), 8);
  EXPECT_GE(std::stod(spine[2].str()), 0.0625);
  EXPECT_NE(thick.out.find("PASS  barcode area          clear"), std::string::npos) << thick.out;
  EXPECT_NE(thick.out.find("PASS  cover bleed           0.125 in on every side"), std::string::npos) << thick.out;

  // The other rules on the 22-page sample, as a proof (--draft).
  const std::string sample = write_copied_sample(dir / "sample", 1, "Harbour Puzzle Press");
  // Art under 300 dpi at its placed size.
  cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 900, 1400);
  ASSERT_EQ(cairo_surface_write_to_png(image, (dir / "art.png").c_str()), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(image);
  const CommandResult art = typeset(sample + " -t book-6x9 --preflight --cover-art " + dir / "art.png");
  EXPECT_EQ(art.exit_code, 1) << art.out << art.err;
  EXPECT_NE(art.out.find("FAIL  cover art             900 x 1400 px placed at 6.125 x 9.25 in, 147 dpi  "
                         "(limit: at least 300 dpi)\n      fix: supply the art at 300 dpi or more"),
            std::string::npos)
      << art.out;

  // A publisher's name that runs into the barcode area.
  const std::string long_name = write_copied_sample(
      dir / "long", 1, "Harbour Puzzle Press, an imprint of Northern Lights Publishing Group Limited");
  const CommandResult barcode = typeset(long_name + " -t book-6x9 --preflight");
  EXPECT_EQ(barcode.exit_code, 1) << barcode.out << barcode.err;
  EXPECT_NE(barcode.out.find("FAIL  barcode area          the publisher's name runs into it"), std::string::npos)
      << barcode.out;
  EXPECT_NE(barcode.out.find("      fix: shorten the publisher's name"), std::string::npos) << barcode.out;
  // The cover itself is refused, in one line, exit 2.
  const CommandResult refused = typeset(long_name + " -t book-6x9 -o " + dir / "b.pdf" + " --cover " +
                                                dir / "c.pdf");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("the publisher's name runs into the back cover's barcode area"), std::string::npos)
      << refused.err;
  EXPECT_FALSE(fs::exists(dir / "c.pdf"));

  // A template without a design whose front band stops at the trim instead of the bleed.
  std::string text = testing::read_text_file(shipped("book-6x9"));
  text.erase(text.find("  <cover "), text.find("/>", text.find("  <cover ")) + 2 - text.find("  <cover "));
  const std::string band = "<rect x=\"0in\" y=\"-0.125in\" width=\"6.125in\"";
  ASSERT_NE(text.find(band), std::string::npos);
  text.replace(text.find(band), band.size(), "<rect x=\"0in\" y=\"-0.125in\" width=\"6in\"");
  testing::write_text_file(dir / "t.xml", text);
  const CommandResult bleed = typeset(sample + " -t " + dir / "t.xml" + " --preflight");
  EXPECT_EQ(bleed.exit_code, 1) << bleed.out << bleed.err;
  EXPECT_NE(bleed.out.find("FAIL  cover bleed           a <rect> on the front-cover ("), std::string::npos)
      << bleed.out;
  EXPECT_NE(bleed.out.find(") touches the outer trim but does not reach the bleed"), std::string::npos)
      << bleed.out;
}

// A jigsaw's regions are found by line weight alone, with no box pattern to lean on: in every
// shipped template the region lines of puzzle grids are at least 2.5 times the cell lines (book-6x9
// had 1.5 pt against 0.75 pt, 2:1), those of solution grids at least twice, and none is heavier
// than the grid's border.
TEST(PreflightTest, JigsawRegionLinesAreClearlyHeavierThanCellLines) {
  for (const std::string name : {"book-6x9", "book-letter", "large-print", "a4-4up", "newspaper"}) {
    const typeset::Template page_template = typeset::load_template(shipped(name));
    for (const auto& [master, ratio] : {std::pair{&page_template.puzzle_page, 2.5},
                                        std::pair{&page_template.solution_page, 2.0}}) {
      const typeset::GridStyle& grid = master->grid;
      const double region = std::max(grid.region, grid.thick);
      SCOPED_TRACE(name + (master == &page_template.puzzle_page ? " puzzles" : " solutions"));
      EXPECT_GE(region, ratio * grid.thin - 1e-9) << region << " pt against " << grid.thin << " pt";
      EXPECT_LE(region, grid.border + 1e-9);
    }
  }
  // A region line thinner than the box lines is a template error at its line.
  TempDir dir;
  std::string text = testing::read_text_file(shipped("book-6x9"));
  const std::string from = "region=\"2pt\"";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "region=\"1pt\"");
  const std::string xml = dir / "thin-regions.xml";
  write_file_atomically(xml, text);
  try {
    typeset::load_template(xml);
    ADD_FAILURE() << "loaded";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("region lines 1 pt must not be thinner than the thick (box) lines"),
              std::string::npos)
        << error.what();
  }
}

// The report gives lengths in the template's unit: millimetres for the templates measured in mm
// (A4, the newspaper slot), inches for the KDP ones.
TEST(PreflightTest, TrimIsReportedInTheTemplatesUnit) {
  const std::string book = test_data("typeset/books/size-6");
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"a4-4up", "PASS  trim                  210 mm x 297 mm  (limit: 210 mm x 297 mm)"},
      {"newspaper", "PASS  trim                  85 mm x 91 mm  (limit: 85 mm x 91 mm)"},
      {"book-6x9", "PASS  trim                  6 in x 9 in  (limit: 6 in x 9 in)"},
      {"book-letter", "PASS  bleed                 0 in  (limit: 0 in)"}};
  for (const auto& [name, line] : expected) {
    const CommandResult report = typeset_exactly(book + " -t " + name + " --preflight --draft");
    EXPECT_EQ(report.exit_code, 0) << name << "\n" << report.out << report.err;
    EXPECT_NE(report.out.find(line), std::string::npos) << name << "\n" << report.out;
    if (name == "a4-4up" || name == "newspaper") {
      EXPECT_EQ(report.out.find(" in "), std::string::npos) << report.out;
    }
  }
}

}  // namespace
}  // namespace sudoku
