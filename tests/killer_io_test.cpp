// SPDX-License-Identifier: Apache-2.0
// The Killer one-line text form: round trips with fixed seeds, one clear error per fault naming
// line, column and cage. (Killer puzzles in book.json: book_test.)
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace sudoku {
namespace {

std::vector<PuzzleEntry> read_text(const std::string& text) {
  std::istringstream input(text);
  ReadOptions options;
  options.variant = Variant::killer;
  return read_puzzles(input, "killer.txt", options);
}

TEST(KillerText, RoundTripsRandomLayoutsWithAndWithoutGivens) {
  Rng rng(0x7e47);
  for (int i = 0; i < 60; ++i) {
    const int size = std::array{4, 6, 9, 9, 12}[static_cast<std::size_t>(i % 5)];
    const Grid solution = random_solution_grid(Geometry::standard(size), rng);
    std::vector<Cage> cages = random_cages(solution, rng, {2, 5});
    if (i % 3 == 0) cages.erase(cages.begin());  // a partial cover: '.' cells
    if (cages.size() > 52) continue;             // beyond the form's letters
    Grid puzzle(Geometry::killer(cages, Geometry::standard(size)));
    if (i % 2 == 0)
      for (int cell = 0; cell < puzzle.cell_count(); cell += 7) puzzle.set(cell, solution[cell]);
    const std::string line = to_killer_line(puzzle);
    const auto entries = read_text("# a comment\n\n" + line + "  label words\n");
    ASSERT_EQ(entries.size(), 1u);
    ASSERT_TRUE(entries[0].ok()) << line << ": " << entries[0].error;
    EXPECT_EQ(entries[0].line, 3);
    EXPECT_EQ(entries[0].label, "label words");
    EXPECT_EQ(*entries[0].grid, puzzle) << line;  // same rules (cages) and the same givens
    EXPECT_EQ(to_killer_line(*entries[0].grid), line);
  }
}

TEST(KillerText, TheDocumentedExampleHasItsStatedSolution) {
  const auto entries = read_text("aabbaccdecfdeeff a=9,b=5,c=8,d=3,e=6,f=9\n");
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(entries[0].grid->geometry().cages().size(), 6u);
  const SolutionCount result = count_solutions(*entries[0].grid, 2);
  ASSERT_EQ(result.count, 1);
  EXPECT_EQ(to_line(*result.solution), "2314413234211243");
}

struct BadLine {
  std::string line;
  int column;
  std::string error;
};

// A 9x9 layout of vertical dominoes in rows 1-8 and, in row 9, four horizontal dominoes and one
// single cell: 41 cages, letters a-z then A-O in the order of their first cell.
std::string domino_map() {
  std::string map(81, '?');
  int next = 0;
  const std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO";
  for (int cell = 0; cell < 81; ++cell) {
    if (map[static_cast<std::size_t>(cell)] != '?') continue;
    const char letter = letters[static_cast<std::size_t>(next++)];
    map[static_cast<std::size_t>(cell)] = letter;
    if (cell < 72) {
      map[static_cast<std::size_t>(cell + 9)] = letter;
    } else if (cell < 80) {
      map[static_cast<std::size_t>(cell + 1)] = letter;
    }
  }
  return map;
}

std::string domino_sums() {
  const std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO";
  std::string sums;
  for (char letter : letters)
    sums += std::string(sums.empty() ? "" : ",") + letter + (letter == 'O' ? "=5" : "=10");
  return sums;
}

TEST(KillerText, MalformedLinesNameTheColumnAndTheCage) {
  const std::string map = domino_map();
  const std::string sums = domino_sums();
  ASSERT_TRUE(read_text(map + " " + sums)[0].ok()) << read_text(map + " " + sums)[0].error;
  std::string disconnected = map;  // r9c9 joins cage 'a' (r1c1, r2c1), and 'O' is gone
  disconnected[80] = 'a';
  disconnected.append(" ").append(sums, 0, sums.size() - 4);
  const std::vector<BadLine> cases = {
      {map.substr(0, 80) + " " + sums, 1, "expected 16, 36, 81, 144 or 256 cage letters"},
      {map, 82, "expected the cage sums after the cage letters"},
      {disconnected, 1, "cage 'a' is not connected"},
      {map + " " + sums.substr(0, sums.size() - 4), 83, "cage 'O' has no sum (add O=SUM)"},
      {map + " b15," + sums, 83, "expected LETTER=SUM (e.g. a=15), got \"b15\""},
      {map + " " + sums + ",a=3", 83 + static_cast<int>(sums.size()) + 1, "cage 'a' has two sums"},
      {map + " " + sums + ",Z=3", 83 + static_cast<int>(sums.size()) + 1, "cage 'Z' has a sum but no cell"},
      {map + " a=46," + sums.substr(5), 83, "cage 'a' sums to 46, but 2 distinct values 1-9 add up to 3-17"},
      {map.substr(0, 40) + "!" + map.substr(41) + " " + sums, 41,
       "expected a cage letter (a-z, A-Z) or '.', got '!'"},
      {map + " " + sums + " " + std::string(40, '.') + "x" + std::string(40, '.'),
       83 + static_cast<int>(sums.size()) + 1 + 40, "expected a given 1-9 or '.', got 'x'"},
  };
  for (const BadLine& bad : cases) {
    const auto entries = read_text("\n" + bad.line + "\n");
    ASSERT_EQ(entries.size(), 1u) << bad.line;
    EXPECT_FALSE(entries[0].ok()) << bad.line;
    EXPECT_EQ(entries[0].error_line, 2) << bad.line;
    EXPECT_EQ(entries[0].error_column, bad.column) << bad.line << ": " << entries[0].error;
    EXPECT_EQ(entries[0].error.rfind(bad.error, 0), 0u) << bad.line << ": " << entries[0].error;
  }
}

}  // namespace
}  // namespace sudoku
