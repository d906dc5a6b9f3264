// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of gattai boards (Samurai and its cousins) through the tools: corpus-rate reads
// each shape and stops at the first malformed line with file:line:column and exit 2; generate-book
// makes gattai chapters (book.json with "shape", puzzles.txt in the board form, unique puzzles with
// symmetric givens); typeset prints them (each board's text is its board form) and their hints,
// and its preflight refuses a template that prints them too small.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;
using testing::tool_path;

// A unique puzzle on the named board: a random solution with every third cell cleared, refilled
// where needed until it is unique (cheap: most cells given).
std::string easy_line(const std::string& shape, std::uint64_t seed) {
  const auto board = Geometry::gattai(*gattai_shape_named(shape));
  Rng rng(seed);
  const Grid solution = random_solution_grid(board, rng);
  Grid puzzle = solution;
  for (int cell = 0; cell < puzzle.cell_count(); cell += 3) {
    puzzle.clear(cell);
    if (count_solutions(puzzle, 2).count != 1) puzzle.set(cell, solution[cell]);
  }
  return to_gattai_line(puzzle);
}

int lines_in(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

TEST(GattaiCli, CorpusRateRatesEveryShape) {
  testing::TempDir dir;
  for (const GattaiShape& shape : shipped_gattai_shapes()) {
    const std::string file = dir.path() + "/" + shape.name + ".txt";
    testing::write_text_file(file, "# two " + shape.name + " puzzles\n" + easy_line(shape.name, 1) + " first\n" +
                                       easy_line(shape.name, 2) + "\n");
    const auto result =
        run_command(tool_path("corpus-rate") + " --variant " + shape.name + " --format json -j 1 " + file);
    ASSERT_EQ(result.exit_code, 0) << shape.name << ": " << result.err;
    EXPECT_NE(result.err.find("2 puzzles: 2 ok"), std::string::npos) << result.err;
    // Records carry the board form, '-' where no grid covers the position (Butterfly has none).
    EXPECT_NE(result.out.find("\"ok\""), std::string::npos) << result.out.substr(0, 400);
    const std::string line = easy_line(shape.name, 1);
    EXPECT_NE(result.out.find(line), std::string::npos) << shape.name;
    EXPECT_EQ(line.find('-') != std::string::npos, shape.name != "butterfly") << shape.name;
  }
}

TEST(GattaiCli, ExplainNamesTheGrid) {
  testing::TempDir dir;
  const std::string file = dir.path() + "/twin.txt";
  testing::write_text_file(file, "shape: twin\n" + easy_line("twin", 3) + "\n");
  const auto result = run_command(tool_path("corpus-rate") + " --variant gattai --explain -j 1 " + file);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("grid 1, "), std::string::npos) << result.out.substr(0, 2000);
  EXPECT_NE(result.out.find("grid 2, "), std::string::npos) << result.out.substr(0, 2000);
}

TEST(GattaiCli, MalformedLinesStopWithFileLineAndColumn) {
  testing::TempDir dir;
  const std::string good = easy_line("samurai", 4);
  struct Case {
    std::string variant;
    std::string text;
    std::string message;
  };
  std::string letter = good;
  letter[21 + 4] = 'x';  // second board row, fifth column
  std::string hole = good;
  hole[9] = '5';  // r1c10: between the top grids
  const std::vector<Case> cases{
      {"samurai", "# ok\n" + good + "\n" + letter + "\n",
       ":3:26: unexpected 'x' in a samurai (5 grids on 21x21) puzzle (expected 1-9, '.' or '0', '-' for no cell)"},
      {"samurai", hole + "\n", ":1:10: expected '-' (no cell) at r1c10, got '5'"},
      {"samurai", good.substr(1) + "\n",
       ":1:1: expected 441 symbols (the 21x21 board row by row, '-' for no cell) or 405 (5 grids of 81)"},
      {"gattai", good + "\n", ":1:1: expected a \"shape:\" line"},
      {"gattai", "shape: 21x21 0,0 0,11\n", ":1:7: grid 2 at 0,11 is off the box boundaries"},
  };
  for (const Case& each : cases) {
    const std::string file = dir.path() + "/bad.txt";
    testing::write_text_file(file, each.text);
    const auto result = run_command(tool_path("corpus-rate") + " --variant " + each.variant + " " + file);
    EXPECT_EQ(result.exit_code, 2) << each.message << ": " << result.err;
    EXPECT_EQ(lines_in(result.err), 1) << result.err;
    EXPECT_NE(result.err.find(file + each.message), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  const auto usage = run_command(tool_path("corpus-rate") + " --variant samurai --size 9 x.txt");
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("--variant samurai is made of 9x9 grids"), std::string::npos) << usage.err;
}

TEST(GattaiCli, GenerateBookMakesGattaiChaptersAndTypesetPrintsThem) {
  testing::TempDir dir;
  const std::string plan = dir.path() + "/plan.json";
  testing::write_text_file(plan, R"({"title": "Gattai", "seed": 7, "symmetry": "rotate180", "chapters": [
    {"title": "Samurai", "shape": "samurai", "level": "easy", "count": 2},
    {"title": "Twins", "shape": "15x15 0,0 6,6", "grids-open": true, "level": "medium", "count": 1}]})");
  const std::string book_dir = dir.path() + "/book";
  const auto made = run_command(tool_path("generate-book") + " " + plan + " -o " + book_dir + " -j 2");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const Book book = read_book(book_dir + "/book.json");
  ASSERT_EQ(book.chapters.size(), 2u);
  std::vector<std::string> keys;
  for (const BookChapter& chapter : book.chapters)
    for (const BookPuzzle& puzzle : chapter.puzzles) {
      const Geometry& board = puzzle.puzzle.geometry();
      ASSERT_TRUE(board.is_gattai());
      EXPECT_EQ(count_solutions(puzzle.puzzle, 2).count, 1) << puzzle.id;
      EXPECT_TRUE(has_symmetry(puzzle.puzzle, Symmetry::rotate180)) << puzzle.id;
      keys.push_back(puzzle.canonical);
    }
  EXPECT_EQ(book.chapters[0].puzzles.front().puzzle.geometry().gattai_shape()->name, "samurai");
  // Samurai's grids are open by default: none of them is unique on its own.
  for (const BookPuzzle& puzzle : book.chapters[0].puzzles)
    for (int g = 0; g < 5; ++g) EXPECT_EQ(count_solutions(gattai_grid(puzzle.puzzle, g), 2).count, 2) << puzzle.id;
  for (int g = 0; g < 2; ++g)
    EXPECT_EQ(count_solutions(gattai_grid(book.chapters[1].puzzles.front().puzzle, g), 2).count, 2);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end());
  // puzzles.txt: the board form under "shape:" lines, which corpus-rate reads back.
  const std::string puzzles = testing::read_text_file(book_dir + "/puzzles.txt");
  EXPECT_EQ(puzzles.rfind("shape: samurai\n", 0), 0u) << puzzles.substr(0, 100);
  EXPECT_NE(puzzles.find("\nshape: 15x15 0,0 6,6\n"), std::string::npos);
  const auto reread =
      run_command(tool_path("corpus-rate") + " --variant gattai --no-rating " + book_dir + "/puzzles.txt");
  EXPECT_EQ(reread.exit_code, 0) << reread.err;
  EXPECT_NE(reread.err.find("3 puzzles: 3 ok"), std::string::npos) << reread.err;

  // typeset: every board prints, and extracts as its board form (the line puzzles.txt holds).
  const std::string pdf = dir.path() + "/x.pdf";
  const auto typeset = run_command(tool_path("typeset") + " " + book_dir + " -t book-6x9 --draft -o " + pdf);
  ASSERT_EQ(typeset.exit_code, 0) << typeset.err;
  const std::string text = run_command("pdftotext " + pdf + " -").out;
  for (const BookChapter& chapter : book.chapters)
    for (const BookPuzzle& puzzle : chapter.puzzles)
      EXPECT_NE(text.find(to_gattai_line(puzzle.puzzle)), std::string::npos) << puzzle.id;

  // --hints: each hint told on the one grid its step lies in, the grid named (book_hints_test has
  // the pictures and the words).
  const auto hints =
      run_command(tool_path("typeset") + " " + book_dir + " -t book-6x9 --draft --hints -o " + dir.path() + "/h.pdf");
  EXPECT_EQ(hints.exit_code, 0) << hints.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() + "/h.pdf"));

  // A template that puts two Samurai on a letter page (no arrangement for boards 21 cells across):
  // preflight fails the digit size and names the fix; typeset refuses and writes nothing.
  std::string letter = testing::read_text_file(std::string(SUDOKU_SOURCE_DIR) + "/templates/book-letter.xml");
  const std::string one_a_page = "<grid-size from=\"21\" rows=\"1\" max-grid=\"7.2in\"/>";
  ASSERT_NE(letter.find(one_a_page), std::string::npos);
  letter.replace(letter.find(one_a_page), one_a_page.size(), "");
  const std::string two_up = dir.path() + "/two-up.xml";
  testing::write_text_file(two_up, letter);
  const auto preflight = run_command(tool_path("typeset") + " " + book_dir + " -t " + two_up + " --draft --preflight");
  EXPECT_EQ(preflight.exit_code, 1) << preflight.out << preflight.err;
  EXPECT_NE(preflight.out.find("FAIL  digits samurai (21x21) puzzles"), std::string::npos) << preflight.out;
  EXPECT_NE(preflight.out.find("fix: give the puzzle master a <grid-size from=\"21\"> with fewer columns or rows"),
            std::string::npos)
      << preflight.out;
  const auto refused = run_command(tool_path("typeset") + " " + book_dir + " -t " + two_up + " --draft -o " +
                                   dir.path() + "/two-up.pdf");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("samurai (21x21) puzzle digits print at"), std::string::npos) << refused.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/two-up.pdf"));
}

// The call count on a Samurai: the paper's random choice of the cell to split thrashes between the
// five loosely joined grids and runs into the cap; corpus-rate splits a fewest-values cell on gattai
// boards (as on Killer boards), which finishes. An evil Samurai of tests/data/books/gattai: three
// runs under a 200,000 cap, none capped with the default, all capped with --branching random.
TEST(GattaiCli, CallCountSplitsAFewestValuesCellAndFinishes) {
  testing::TempDir dir;
  const std::string file = dir.path() + "/samurai.txt";
  testing::write_text_file(file, "shape: samurai\n"
                                 "4...6...7---9.2.7.3...38......---.5.2....17..4...5.---....9..289...2....---..4.5..83.....4319---.3..8..17..4..62..---2..1.......6..9.........6....2.256........8......3...97........7....3.9.------...3.4...------------96.2.1.74------------...7.8...------.2.4....7........76...4......2........582.7....5.........1..4.......6..5---..65..9..61..2..3.---2139.....28..7.9..---....6...797..3....---.2...1..68....1.9.---......71...3.9.1.8---7...8...5 evil-002\n");
  const auto capped_runs = [&](const std::string& options) {
    const auto result = run_command(tool_path("corpus-rate") + " --variant gattai -j 1 --runs 3 --cap 200000 " +
                                    options + " --format json " + file);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const std::size_t at = result.out.find("\"capped_runs\":");
    EXPECT_NE(at, std::string::npos) << result.out.substr(0, 400);
    return at == std::string::npos ? -1 : std::stoi(result.out.substr(at + 14));
  };
  EXPECT_EQ(capped_runs(""), 0);
  EXPECT_EQ(capped_runs("--branching random"), 3);
}

TEST(GattaiCli, PlansRefuseShapesTheyCannotMake) {
  testing::TempDir dir;
  const std::string plan = dir.path() + "/plan.json";
  const auto refused = [&](const std::string& chapter, const std::string& symmetry) {
    testing::write_text_file(plan, R"({"title": "T", "seed": 1, "symmetry": ")" + symmetry +
                                       R"(", "chapters": [)" + chapter + "]}");
    const auto result = run_command(tool_path("generate-book") + " " + plan + " -o " + dir.path() + "/b");
    EXPECT_EQ(result.exit_code, 2) << chapter << ": " << result.err;
    EXPECT_EQ(lines_in(result.err), 1) << result.err;
    return result.err;
  };
  EXPECT_NE(refused(R"({"shape": "twin", "level": "easy", "count": 1})", "mirror")
                .find("$.chapters[0].shape: the twin board has no mirror symmetry"),
            std::string::npos);
  EXPECT_NE(refused(R"({"shape": "dragon", "level": "easy", "count": 1})", "rotate180")
                .find("$.chapters[0].shape: unknown gattai shape 'dragon'"),
            std::string::npos);
  EXPECT_NE(refused(R"({"shape": "samurai", "size": 6, "level": "easy", "count": 1})", "rotate180")
                .find("a gattai board is made of 9x9 grids"),
            std::string::npos);
  EXPECT_NE(refused(R"({"grids-open": true, "level": "easy", "count": 1})", "rotate180")
                .find("$.chapters[0].grids-open: only a gattai chapter"),
            std::string::npos);
}

}  // namespace
}  // namespace sudoku
