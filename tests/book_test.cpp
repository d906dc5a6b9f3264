// SPDX-License-Identifier: Apache-2.0
// Book model: reading the hand-made sample, deterministic writing, and strict errors with paths.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <filesystem>
#include <string>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::read_text_file;
using testing::test_data;

std::string sample_path() {
  return test_data("books/sample/book.json");
}

boost::json::value sample_json() {
  return boost::json::parse(read_text_file(sample_path()));
}

// The message of the InputError that parsing `json` gives, or "" when it parses.
std::string error_of(const boost::json::value& json) {
  try {
    parse_book(boost::json::serialize(json), "book.json");
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

boost::json::object& puzzle_of(boost::json::value& json, std::size_t chapter, std::size_t puzzle) {
  return json.at("chapters").as_array().at(chapter).at("puzzles").as_array().at(puzzle).as_object();
}

TEST(BookTest, ReadsTheSampleBook) {
  const Book book = read_book(sample_path());
  EXPECT_EQ(book.title, "Sudoku Sampler");
  EXPECT_EQ(book.author, "sudoku-press test desk");
  EXPECT_EQ(book.seed, 20260302u);
  EXPECT_EQ(book.tool_version, "0.1.0");
  EXPECT_EQ(book.plan.at("size").as_int64(), 9);
  EXPECT_TRUE(book.calibration.contains("levels"));
  ASSERT_EQ(book.chapters.size(), 3u);
  EXPECT_EQ(book.puzzle_count(), 12u);
  EXPECT_EQ(book.chapters[0].title, "Gentle");
  EXPECT_EQ(book.chapters[0].date, "2026-03-02");
  EXPECT_FALSE(book.chapters[1].date.has_value());
  const BookPuzzle& first = book.chapters[0].puzzles[0];
  EXPECT_EQ(first.id, "gentle-001");
  EXPECT_EQ(first.date, "2026-03-02");
  EXPECT_EQ(first.givens, first.puzzle.givens());
  EXPECT_TRUE(is_solution_of(first.solution, first.puzzle));
  EXPECT_DOUBLE_EQ(first.rating, 2.6);
  for (const auto& chapter : book.chapters)
    for (const auto& puzzle : chapter.puzzles)
      EXPECT_TRUE(is_solution_of(puzzle.solution, puzzle.puzzle)) << puzzle.id;
}

TEST(BookTest, WriterIsDeterministicAndRoundTrips) {
  const Book book = read_book(sample_path());
  const std::string once = book_to_json(book);
  EXPECT_EQ(once, book_to_json(book));
  const Book again = parse_book(once, "written");
  EXPECT_EQ(book_to_json(again), once);
  ASSERT_EQ(again.chapters.size(), book.chapters.size());
  const BookPuzzle& a = book.chapters[2].puzzles[3];
  const BookPuzzle& b = again.chapters[2].puzzles[3];
  EXPECT_EQ(a.puzzle, b.puzzle);
  EXPECT_EQ(a.solution, b.solution);
  EXPECT_EQ(a.canonical, b.canonical);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_DOUBLE_EQ(a.rating_sd, b.rating_sd);
  EXPECT_EQ(again.plan, book.plan);
  EXPECT_EQ(again.calibration, book.calibration);
  // Key order is the schema's, whatever order the input had.
  EXPECT_LT(once.find("\"title\""), once.find("\"author\""));
  EXPECT_LT(once.find("\"seed\": 20260302"), once.find("\"tool_version\""));
}

TEST(BookTest, KeepsSeedsAboveTheSignedRange) {
  Book book = read_book(sample_path());
  book.seed = 18446744073709551615ull;
  book.chapters[0].puzzles[0].seed = 9223372036854775809ull;
  const Book again = parse_book(book_to_json(book), "written");
  EXPECT_EQ(again.seed, 18446744073709551615ull);
  EXPECT_EQ(again.chapters[0].puzzles[0].seed, 9223372036854775809ull);
}

TEST(BookTest, WriteBookReplacesTheFileAndRefusesInvalidBooks) {
  const std::string dir = testing::make_temp_dir("book-test");
  const std::string path = dir + "/book.json";
  Book book = read_book(sample_path());
  write_book(book, path);
  EXPECT_EQ(read_text_file(path), book_to_json(book));

  // A generator bug (a wrong givens count) is caught at writing, and the old file stays.
  book.chapters[1].puzzles[0].givens += 1;
  EXPECT_THROW(write_book(book, path), InputError);
  EXPECT_EQ(read_text_file(path), book_to_json(read_book(sample_path())));
  std::filesystem::remove_all(dir);
}

TEST(BookTest, OptionalDatesAreLeftOutWhenAbsent) {
  const std::string json = book_to_json(read_book(sample_path()));
  const Book book = parse_book(json, "written");
  EXPECT_FALSE(book.chapters[2].puzzles[0].date.has_value());
  // Exactly one dated chapter and three dated puzzles.
  std::size_t count = 0;
  for (std::size_t at = json.find("\"date\""); at != std::string::npos; at = json.find("\"date\"", at + 1))
    ++count;
  EXPECT_EQ(count, 1u + 3u + 1u);  // plus the plan's own copy of the chapter date
}

TEST(BookTest, WrongPuzzleLengthNamesThePath) {
  auto json = sample_json();
  std::string puzzle(puzzle_of(json, 1, 3).at("puzzle").as_string());
  puzzle_of(json, 1, 3)["puzzle"] = puzzle.substr(1);
  EXPECT_EQ(
      error_of(json),
      "book.json: $.chapters[1].puzzles[3].puzzle: expected 81 symbols (a 9x9 grid on one line), got 80");
}

TEST(BookTest, BadSymbolIsReportedWithItsPosition) {
  auto json = sample_json();
  std::string puzzle(puzzle_of(json, 0, 0).at("puzzle").as_string());
  puzzle[4] = 'x';
  puzzle_of(json, 0, 0)["puzzle"] = puzzle;
  EXPECT_NE(error_of(json).find("$.chapters[0].puzzles[0].puzzle: bad symbol 'x' at position 5"),
            std::string::npos)
      << error_of(json);
}

TEST(BookTest, SolutionMustMatchThePuzzle) {
  auto json = sample_json();
  const Grid puzzle = parse_puzzle(std::string(puzzle_of(json, 0, 1).at("puzzle").as_string()));
  std::string solution(puzzle_of(json, 0, 1).at("solution").as_string());
  // Swap the values of two given cells of one row: still a permutation, but it contradicts givens.
  int a = -1;
  int b = -1;
  for (int col = 0; col < 9 && b < 0; ++col) {
    if (puzzle.at(0, col) == 0) continue;
    (a < 0 ? a : b) = col;
  }
  ASSERT_GE(b, 0);
  std::swap(solution[static_cast<std::size_t>(a)], solution[static_cast<std::size_t>(b)]);
  puzzle_of(json, 0, 1)["solution"] = solution;
  const std::string message = error_of(json);
  EXPECT_NE(message.find("book.json: $.chapters[0].puzzles[1].solution:"), std::string::npos) << message;
}

TEST(BookTest, SolutionMustBeCompleteAndValid) {
  auto json = sample_json();
  std::string solution(puzzle_of(json, 2, 0).at("solution").as_string());
  solution[80] = '.';
  puzzle_of(json, 2, 0)["solution"] = solution;
  EXPECT_NE(error_of(json).find("$.chapters[2].puzzles[0].solution: has blanks"), std::string::npos);
}

TEST(BookTest, GivensCountIsChecked) {
  auto json = sample_json();
  puzzle_of(json, 0, 2)["givens"] = 12;
  EXPECT_NE(error_of(json).find("$.chapters[0].puzzles[2].givens: says 12 but the puzzle has"),
            std::string::npos)
      << error_of(json);
}

TEST(BookTest, UnknownKeysAreRejected) {
  auto json = sample_json();
  puzzle_of(json, 0, 0)["difficulty"] = "hard";
  EXPECT_NE(error_of(json).find("difficulty"), std::string::npos) << error_of(json);
  auto top = sample_json();
  top.as_object()["subtitle"] = "x";
  EXPECT_NE(error_of(top).find("subtitle"), std::string::npos) << error_of(top);
}

TEST(BookTest, MissingFieldsAndWrongTypesAreRejected) {
  auto json = sample_json();
  puzzle_of(json, 1, 1).erase("rating");
  EXPECT_NE(error_of(json).find("$.chapters[1].puzzles[1]"), std::string::npos) << error_of(json);
  EXPECT_NE(error_of(json).find("rating"), std::string::npos) << error_of(json);

  auto plan = sample_json();
  plan.as_object()["plan"] = "plan.json";
  EXPECT_EQ(error_of(plan), "book.json: $.plan: expected an object");

  auto seed = sample_json();
  seed.as_object()["seed"] = -1;
  EXPECT_NE(error_of(seed).find("$.seed"), std::string::npos) << error_of(seed);
}

// A puzzle's printed number ("number", a calendar slot's) is kept when given and left out when
// not: books written before it read as before, numbered by their place.
TEST(BookTest, PrintedNumbersAreOptionalAndRoundTrip) {
  EXPECT_FALSE(read_book(sample_path()).chapters[0].puzzles[0].number.has_value());
  EXPECT_EQ(read_text_file(sample_path()).find("\"number\""), std::string::npos);
  auto json = sample_json();
  puzzle_of(json, 0, 1)["number"] = 13;
  const Book book = parse_book(boost::json::serialize(json), "book.json");
  EXPECT_EQ(book.chapters[0].puzzles[1].number, std::optional<int>(13));
  EXPECT_FALSE(book.chapters[0].puzzles[0].number.has_value());
  const Book again = parse_book(book_to_json(book), "book.json");
  EXPECT_EQ(again.chapters[0].puzzles[1].number, std::optional<int>(13));
  puzzle_of(json, 0, 1)["number"] = 0;
  EXPECT_EQ(error_of(json),
            "book.json: $.chapters[0].puzzles[1].number: expected an integer from 1 to 2147483647, got an "
            "integer (0)");
}

TEST(BookTest, DatesMustBeRealCalendarDates) {
  auto json = sample_json();
  puzzle_of(json, 0, 0)["date"] = "2026-02-30";
  EXPECT_EQ(
      error_of(json),
      "book.json: $.chapters[0].puzzles[0].date: expected a date written YYYY-MM-DD, got \"2026-02-30\"");
  EXPECT_TRUE(is_iso_date("2024-02-29"));
  EXPECT_FALSE(is_iso_date("2023-02-29"));
  EXPECT_FALSE(is_iso_date("2100-02-29"));
  EXPECT_TRUE(is_iso_date("2000-02-29"));
  EXPECT_FALSE(is_iso_date("2026-3-02"));
  EXPECT_FALSE(is_iso_date("2026-13-01"));
}

TEST(BookTest, GridSizeFollowsThePlan) {
  // A 16x16 grid in a book whose plan says size 9 is an error at the puzzle.
  auto json = sample_json();
  puzzle_of(json, 0, 0)["puzzle"] = std::string(256, '.');
  EXPECT_NE(error_of(json).find("$.chapters[0].puzzles[0].puzzle: expected 81 symbols"), std::string::npos);
  // Without a size in the plan, any supported size is read (the solution must then match it).
  auto free_size = sample_json();
  free_size.at("plan").as_object().erase("size");
  puzzle_of(free_size, 0, 0)["puzzle"] = std::string(16, '.');
  EXPECT_NE(error_of(free_size).find("$.chapters[0].puzzles[0].solution: expected 16 symbols"),
            std::string::npos)
      << error_of(free_size);
}

TEST(BookTest, AChaptersOwnSizeWinsOverThePlans) {
  // A plan of size 9 with a 6x6 warm-up chapter (generate-book writes such books): the chapter's
  // grids are checked against its own size, the others against the plan's.
  auto json = sample_json();
  const auto six = boost::json::parse(read_text_file(test_data("typeset/books/size-6/book.json")));
  json.at("chapters").as_array().at(0).at("puzzles") = six.at("chapters").at(0).at("puzzles");
  json.at("plan").at("chapters").as_array().at(0).as_object()["size"] = 6;
  EXPECT_EQ(error_of(json), "");
  // A 6x6 grid in a chapter that has no size of its own is still held to the plan's 9.
  auto wrong = json;
  wrong.at("plan").at("chapters").as_array().at(0).as_object().erase("size");
  EXPECT_NE(error_of(wrong).find("$.chapters[0].puzzles[0].puzzle: expected 81 symbols"), std::string::npos)
      << error_of(wrong);
  // A 9x9 grid in the 6x6 chapter is an error at that chapter's puzzle.
  auto nine = sample_json();
  json.at("chapters").as_array().at(1) = nine.at("chapters").at(1);
  json.at("plan").at("chapters").as_array().at(1).as_object()["size"] = 6;
  EXPECT_NE(error_of(json).find("$.chapters[1].puzzles[0].puzzle: expected 36 symbols"), std::string::npos)
      << error_of(json);
}

TEST(BookTest, ReadsEverySupportedSize) {
  for (int size : {4, 6, 12, 16, 25}) {
    const Book book = read_book(test_data("typeset/books/size-" + std::to_string(size) + "/book.json"));
    ASSERT_FALSE(book.chapters.empty());
    for (const auto& puzzle : book.chapters[0].puzzles) {
      EXPECT_EQ(puzzle.puzzle.size(), size);
      EXPECT_TRUE(is_solution_of(puzzle.solution, puzzle.puzzle));
    }
  }
}

TEST(BookTest, MalformedJsonGivesLineAndColumn) {
  try {
    parse_book("{\n  \"title\": \"x\",\n  oops\n}", "book.json");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.source(), "book.json");
    EXPECT_EQ(error.line(), 3);
  }
}

// The sample's first puzzle moved onto `geometry`: a solution found by the solver, its first 30
// cells given, and the JSON fields of the puzzle set to match.
void put_variant_puzzle(boost::json::value& json, const std::shared_ptr<const Geometry>& geometry) {
  const Grid solution = *count_solutions(Grid(geometry), 1).solution;
  Grid puzzle(geometry);
  for (int cell = 0; cell < 30; ++cell) puzzle.set(cell, solution[cell]);
  auto& object = puzzle_of(json, 0, 0);
  object["puzzle"] = to_line(puzzle);
  object["solution"] = to_line(solution);
  object["givens"] = 30;
  object["canonical"] = canonical_key(puzzle);
  object["variant"] = std::string(variant_name(geometry->variant()));
  if (geometry->variant() == Variant::jigsaw) object["regions"] = regions_line(*geometry);
}

constexpr std::string_view kJigsawRegions =
    "111122333111222333112222333444555666444555666444555666777888999777888999777888999";

TEST(BookTest, VariantPuzzlesRoundTripOnTheirBoard) {
  std::vector<std::shared_ptr<const Geometry>> boards;
  for (const Variant variant : {Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot})
    boards.push_back(Geometry::variant(variant));
  boards.push_back(parse_regions(kJigsawRegions));
  for (const auto& board : boards) {
    auto json = sample_json();
    put_variant_puzzle(json, board);
    const Book book = parse_book(boost::json::serialize(json), "book.json");
    const BookPuzzle& puzzle = book.chapters[0].puzzles[0];
    EXPECT_TRUE(same_rules(puzzle.puzzle.geometry(), *board)) << board->describe();
    EXPECT_EQ(puzzle.puzzle.geometry_ptr(), puzzle.solution.geometry_ptr());  // one shared board
    EXPECT_TRUE(is_solution_of(puzzle.solution, puzzle.puzzle));
    const std::string text = book_to_json(book);
    EXPECT_EQ(book_to_json(parse_book(text, "again.json")), text);
    EXPECT_NE(text.find("\"variant\": \"" + std::string(variant_name(board->variant())) + "\""),
              std::string::npos);
    EXPECT_EQ(text.find("\"regions\"") != std::string::npos, board->variant() == Variant::jigsaw);
    // Only the first puzzle has a variant: the classic ones say nothing.
    EXPECT_EQ(text.find("\"variant\""), text.rfind("\"variant\""));
  }
}

TEST(BookTest, VariantSolutionsAreCheckedAgainstTheVariantsUnits) {
  // A classic solution breaks the X diagonals.
  auto json = sample_json();
  puzzle_of(json, 0, 0)["variant"] = "x";
  EXPECT_NE(error_of(json).find("$.chapters[0].puzzles[0].solution: is not a valid solution"),
            std::string::npos)
      << error_of(json);
}

TEST(BookTest, BadVariantsAndRegionMapsNameThePath) {
  const std::string at = "book.json: $.chapters[0].puzzles[0].";
  auto json = sample_json();
  puzzle_of(json, 0, 0)["variant"] = "sandwich";
  EXPECT_EQ(error_of(json), at + "variant: expected classic, x, windoku, asterisk, centre-dot or jigsaw, got "
                                 "\"sandwich\"");
  json = sample_json();
  puzzle_of(json, 0, 0)["regions"] = std::string(kJigsawRegions);
  EXPECT_EQ(error_of(json), at + "regions: only jigsaw puzzles have regions");
  json = sample_json();
  put_variant_puzzle(json, parse_regions(kJigsawRegions));
  puzzle_of(json, 0, 0).erase("regions");
  EXPECT_EQ(error_of(json), "book.json: $.chapters[0].puzzles[0]: missing required key \"regions\"");
  std::string bad(kJigsawRegions);
  std::swap(bad[0], bad[80]);
  puzzle_of(json, 0, 0)["regions"] = bad;
  EXPECT_EQ(error_of(json), at +
                                "regions: bad region map at position 2: region 1 is not connected (it starts "
                                "at r1c2)");
  puzzle_of(json, 0, 0)["regions"] = bad.substr(1);
  EXPECT_EQ(error_of(json), at + "regions: expected 81 region ids (one per cell of a 9x9 grid), got 80");
  json = sample_json();
  put_variant_puzzle(json, Geometry::variant(Variant::x));
  puzzle_of(json, 0, 0)["canonical"] = std::string(81, '.');
  EXPECT_EQ(error_of(json), at + "canonical: expected the canonical key of a x puzzle (\"x GRID\")");
}

// A Killer puzzle in a book: written with its cages, read back with the same rules; faults named
// with their JSON path.
boost::json::value killer_book_json() {
  Rng rng(5);
  const Grid solution = random_solution_grid(Geometry::standard(9), rng);
  const auto geometry = Geometry::killer(random_cages(solution, rng, {2, 4}));
  Book book;
  book.title = "Killer";
  book.author = "desk";
  book.tool_version = "0";
  BookChapter chapter;
  chapter.title = "Easy";
  chapter.level = "easy";
  BookPuzzle puzzle;
  puzzle.id = "easy-001";
  puzzle.puzzle = Grid(geometry);
  puzzle.solution = on_geometry(solution, geometry);
  puzzle.level = "easy";
  puzzle.canonical = canonical_key(puzzle.puzzle);
  chapter.puzzles.push_back(puzzle);
  book.chapters.push_back(chapter);
  return boost::json::parse(book_to_json(book));
}

TEST(KillerBook, CagesRoundTrip) {
  const boost::json::value json = killer_book_json();
  const Book book = parse_book(boost::json::serialize(json), "book.json");
  const BookPuzzle& puzzle = book.chapters[0].puzzles[0];
  EXPECT_EQ(puzzle.puzzle.geometry().variant(), Variant::killer);
  EXPECT_FALSE(puzzle.puzzle.geometry().cages().empty());
  EXPECT_TRUE(is_solution_of(puzzle.solution, puzzle.puzzle));
  EXPECT_EQ(boost::json::parse(book_to_json(book)), json);
}

TEST(KillerBook, FaultsNameTheJsonPath) {
  const std::string at = "book.json: $.chapters[0].puzzles[0]";
  {
    auto json = killer_book_json();
    puzzle_of(json, 0, 0).erase("variant");
    EXPECT_EQ(error_of(json), at + ".cages: cages need \"variant\": \"killer\"");
  }
  {
    auto json = killer_book_json();
    puzzle_of(json, 0, 0).erase("cages");
    EXPECT_EQ(error_of(json), at + ": missing required key \"cages\"");
  }
  {
    auto json = killer_book_json();
    auto& cages = puzzle_of(json, 0, 0).at("cages").as_array();
    cages[0].as_object()["sum"] = 1 + cages[0].at("sum").as_int64();
    EXPECT_NE(error_of(json).find(at + ".solution: breaks cage 1 (r1c1...)"), std::string::npos)
        << error_of(json);
  }
  {
    auto json = killer_book_json();
    auto& cages = puzzle_of(json, 0, 0).at("cages").as_array();
    cages[1].as_object()["cells"] = cages[0].at("cells");
    EXPECT_NE(error_of(json).find(at + ".cages: cage 2 overlaps cage 1"), std::string::npos)
        << error_of(json);
  }
  {
    auto json = killer_book_json();
    puzzle_of(json, 0, 0)["canonical"] = std::string(81, '.');
    EXPECT_EQ(error_of(json),
              at + ".canonical: expected a Killer key: cage letters, sums and givens (docs/formats.md)");
  }
  {
    auto json = killer_book_json();
    puzzle_of(json, 0, 0).at("cages").as_array()[0].as_object()["sum"] = 46;
    EXPECT_NE(error_of(json).find("cage 1 sums to 46"), std::string::npos) << error_of(json);
  }
}

}  // namespace
}  // namespace sudoku
