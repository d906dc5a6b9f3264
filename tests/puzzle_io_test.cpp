// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/puzzle_io.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <utility>

#include "sudoku/base/errors.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kTop95First =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

std::vector<PuzzleEntry> read_text(const std::string& text, const ReadOptions& options = {}) {
  std::istringstream input(text);
  return read_puzzles(input, "test.txt", options);
}

TEST(PuzzleIo, OneLinePuzzleWithLabel) {
  const auto entries = read_text(std::string(kTop95First) + "   top95 #1  \n");
  ASSERT_EQ(entries.size(), 1U);
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(entries[0].line, 1);
  EXPECT_EQ(entries[0].label, "top95 #1");
  EXPECT_EQ(to_line(*entries[0].grid), kTop95First);
  EXPECT_EQ(entries[0].grid->givens(), 17);
  EXPECT_EQ(entries[0].grid->at(0, 0), 4);
}

TEST(PuzzleIo, ZerosAreBlanksAndCrLfIsAccepted) {
  std::string zeros(kTop95First);
  std::replace(zeros.begin(), zeros.end(), '.', '0');
  const auto entries = read_text(zeros + "\r\n");
  ASSERT_EQ(entries.size(), 1U);
  ASSERT_TRUE(entries[0].ok());
  EXPECT_EQ(to_line(*entries[0].grid), kTop95First);
}

TEST(PuzzleIo, CommentsAndBlankLinesAreSkippedAndLinesCounted) {
  const auto entries =
      read_text("# a corpus\n\n" + std::string(kTop95First) + "\n\n" + std::string(kTop95First) + "\n");
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].line, 3);
  EXPECT_EQ(entries[1].line, 5);
}

TEST(PuzzleIo, GridWithSeparators) {
  const auto grid = parse_puzzle(kTop95First);
  const std::string text = "# grid form\n" + to_grid_text(grid, true) + "\n" + to_grid_text(grid, false);
  const auto entries = read_text(text);
  ASSERT_EQ(entries.size(), 2U);
  for (const auto& entry : entries) {
    ASSERT_TRUE(entry.ok()) << entry.error_line << ":" << entry.error_column << " " << entry.error;
    EXPECT_EQ(*entry.grid, grid);
  }
  EXPECT_EQ(entries[0].line, 2);
}

TEST(PuzzleIo, GridTextLooksRight) {
  const auto grid = parse_puzzle(kTop95First);
  const std::string text = to_grid_text(grid, true);
  EXPECT_EQ(text.substr(0, text.find('\n')), "4 . . | . . . | 8 . 5");
  EXPECT_NE(text.find("\n------+-------+------\n"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 11);
}

TEST(PuzzleIo, CompactGridRows) {
  const auto entries = read_text(
      "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n");
  ASSERT_EQ(entries.size(), 1U);
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(to_line(*entries[0].grid), kTop95First);
}

TEST(PuzzleIo, EverySupportedSizeRoundTrips) {
  for (int n : Geometry::supported_sizes()) {
    Grid grid(Geometry::standard(n));
    for (int cell = 0; cell < grid.cell_count(); cell += 3) grid.set(cell, 1 + cell % n);
    for (bool separators : {true, false}) {
      const auto entries = read_text(to_line(grid) + "\n\n" + to_grid_text(grid, separators));
      ASSERT_EQ(entries.size(), 2U) << n;
      for (const auto& entry : entries) {
        ASSERT_TRUE(entry.ok()) << n << ": " << entry.error;
        EXPECT_EQ(*entry.grid, grid);
      }
    }
  }
}

TEST(PuzzleIo, SixteenByFromCorpusAndLowercase) {
  const auto grids = load_puzzles(testing::corpus_path("gecode-16x16.txt"));
  ASSERT_EQ(grids.size(), 55U);
  EXPECT_EQ(grids[0].size(), 16);
  std::string lower = to_line(grids[0]);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return static_cast<char>(std::tolower(c)); });
  EXPECT_EQ(parse_puzzle(lower), grids[0]);
  EXPECT_EQ(load_puzzles(testing::corpus_path("gecode-25x25.txt"))[0].size(), 25);
}

TEST(PuzzleIo, ForcedSizeAndBoxShape) {
  // 16 symbols: a 4x4 puzzle unless forced otherwise.
  EXPECT_EQ(parse_puzzle("1234341221434321").size(), 4);
  ReadOptions rotated;
  rotated.box_rows = 3;
  rotated.box_cols = 2;
  const auto grid = parse_puzzle(std::string(36, '.'), rotated);
  EXPECT_EQ(grid.geometry().box_rows(), 3);
  ReadOptions bad_box;
  bad_box.box_rows = 2;
  bad_box.box_cols = 2;
  EXPECT_THROW(parse_puzzle(kTop95First, bad_box), InputError);
}

TEST(PuzzleIo, WrongLengthNamesLineColumnAndExpectation) {
  const auto entries = read_text("\n" + std::string(kTop95First.substr(0, 80)) + "\n");
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_FALSE(entries[0].ok());
  EXPECT_EQ(entries[0].error_line, 2);
  EXPECT_EQ(entries[0].error_column, 81);
  EXPECT_EQ(entries[0].error, "expected a puzzle of 81 symbols (9x9), got 80");
}

TEST(PuzzleIo, BadSymbolNamesItsColumn) {
  std::string text(kTop95First);
  text[10] = 'x';
  const auto entries = read_text("  " + text + "\n");
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].error_column, 13);
  EXPECT_EQ(entries[0].error, "unexpected 'x' in a 9x9 puzzle (expected 1-9, '.' or '0')");
  text[10] = '\x01';
  EXPECT_EQ(read_text(text)[0].error, "unexpected byte 0x1 in a 9x9 puzzle (expected 1-9, '.' or '0')");
}

TEST(PuzzleIo, MalformedEntriesDoNotSwallowTheirNeighbours) {
  const auto entries =
      read_text("hello\n" + std::string(kTop95First) + "\n12345678\n" + std::string(kTop95First) + "\n");
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_FALSE(entries[0].ok());
  EXPECT_TRUE(entries[1].ok());
  EXPECT_FALSE(entries[2].ok());
  EXPECT_TRUE(entries[3].ok());
  EXPECT_EQ(entries[2].line, 3);
}

TEST(PuzzleIo, TruncatedGridIsReported) {
  const auto entries = read_text("4.....8.5\n.3.......\n...7.....\n\n" + std::string(kTop95First) + "\n");
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_FALSE(entries[0].ok());
  EXPECT_EQ(entries[0].line, 1);
  EXPECT_EQ(entries[0].error, "expected 9 rows in the grid starting at line 1, got 3 before a blank line");
  EXPECT_TRUE(entries[1].ok());
}

TEST(PuzzleIo, RaggedGridRowIsReported) {
  const auto entries = read_text(
      "4.....8.5\n.3......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n");
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_FALSE(entries[0].ok());
  EXPECT_EQ(entries[0].error_line, 2);
  EXPECT_EQ(entries[0].error, "expected 9 symbols in row 2 of the grid, got 8");
}

TEST(PuzzleIo, LoadPuzzlesIsStrict) {
  const std::string dir = testing::make_temp_dir("puzzle-io");
  testing::write_text_file(dir + "/bad.txt",
                           std::string(kTop95First) + "\n" + std::string(kTop95First) + "9\n");
  try {
    load_puzzles(dir + "/bad.txt");
    FAIL() << "expected InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              dir + "/bad.txt:2:82: expected a puzzle of 81 symbols (9x9), got 82");
  }
  EXPECT_THROW(load_puzzles(dir + "/missing.txt"), IoError);
}

TEST(PuzzleIo, EmptyInputHasNoPuzzles) {
  EXPECT_TRUE(read_text("").empty());
  EXPECT_TRUE(read_text("# only a comment\n\n").empty());
  EXPECT_THROW(parse_puzzle(""), InputError);
}

TEST(PuzzleIo, ReadsTheSharedCorpora) {
  EXPECT_EQ(load_puzzles(testing::corpus_path("top95.txt")).size(), 95U);
  // se-rated lines carry the SE rating as a label.
  const auto entries = read_puzzle_file(testing::corpus_path("se-rated.txt"));
  ASSERT_EQ(entries.size(), 9758U);
  EXPECT_TRUE(entries[0].ok());
  EXPECT_EQ(entries[0].label, "2.5");
}

// A 9x9 jigsaw layout: the standard boxes with r1c4 given to region 1 and r3c3 to region 2.
constexpr std::string_view kJigsawRegions =
    "111122333"
    "111222333"
    "112222333"
    "444555666"
    "444555666"
    "444555666"
    "777888999"
    "777888999"
    "777888999";

TEST(PuzzleIo, FixedVariantsReadLikeClassicPuzzles) {
  for (const Variant variant : {Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot}) {
    ReadOptions options;
    options.variant = variant;
    const auto entries = read_text(std::string(kTop95First) + " label\n", options);
    ASSERT_EQ(entries.size(), 1U);
    ASSERT_TRUE(entries[0].ok()) << entries[0].error;
    EXPECT_EQ(entries[0].grid->geometry_ptr(), Geometry::variant(variant));
    EXPECT_EQ(entries[0].label, "label");
    EXPECT_EQ(to_line(*entries[0].grid), kTop95First);
  }
  ReadOptions windoku;
  windoku.variant = Variant::windoku;
  const auto small = read_text("1234341221434321\n", windoku);
  ASSERT_EQ(small.size(), 1U);
  EXPECT_NE(small[0].error.find("9x9 only"), std::string::npos) << small[0].error;
}

TEST(PuzzleIo, JigsawLineCarriesItsRegions) {
  ReadOptions options;
  options.variant = Variant::jigsaw;
  const auto entries =
      read_text(std::string(kTop95First) + "  " + std::string(kJigsawRegions) + "  my label\n", options);
  ASSERT_EQ(entries.size(), 1U);
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  const Grid& grid = *entries[0].grid;
  EXPECT_EQ(grid.geometry().variant(), Variant::jigsaw);
  EXPECT_EQ(entries[0].label, "my label");
  EXPECT_EQ(regions_line(grid.geometry()), kJigsawRegions);
  EXPECT_EQ(grid.geometry().box_of(3), 0);   // r1c4 is in region 1
  EXPECT_EQ(grid.geometry().box_of(20), 1);  // r3c3 is in region 2
  EXPECT_EQ(regions_line(*Geometry::standard(4)), "1122112233443344");
}

TEST(PuzzleIo, BadJigsawLinesNameLineColumnAndFault) {
  ReadOptions options;
  options.variant = Variant::jigsaw;
  const std::string givens(kTop95First);
  const auto error_of = [&](const std::string& line) {
    const auto entries = read_text("# comment\n" + line + "\n", options);
    EXPECT_EQ(entries.size(), 1U);
    EXPECT_FALSE(entries[0].ok());
    EXPECT_EQ(entries[0].error_line, 2);
    return std::to_string(entries[0].error_column) + ": " + entries[0].error;
  };
  EXPECT_EQ(error_of(givens),
            "82: expected the region map after the givens (a jigsaw line is GIVENS REGIONS "
            "[label], REGIONS one region id per cell)");
  EXPECT_EQ(error_of(givens + " " + std::string(kJigsawRegions.substr(0, 80))),
            "163: expected 81 region ids after the givens (one per cell), got 80");
  std::string bad_symbol(kJigsawRegions);
  bad_symbol[5] = 'x';
  EXPECT_EQ(error_of(givens + " " + bad_symbol), "88: bad region map: unexpected 'x' (region ids are 1-9)");
  std::string too_big(kJigsawRegions);
  too_big[8] = '2';  // region 2 has 10 cells, region 3 has 8
  EXPECT_EQ(error_of(givens + " " + too_big), "87: bad region map: region 2 has 10 cells, expected 9");
  std::string split(kJigsawRegions);
  std::swap(split[0], split[80]);  // region 1 and region 9 each lose a corner to the other
  EXPECT_EQ(error_of(givens + " " + split).substr(0, 47), "84: bad region map: region 1 is not connected (");
  // Grid-form input has no room for the map.
  EXPECT_NE(error_of("4 . . . . . 8 . 5").find("expected a puzzle of"), std::string::npos);
}

TEST(PuzzleIo, ParseRegionsPointsAtTheFault) {
  int fault = -1;
  EXPECT_EQ(parse_regions(kJigsawRegions, &fault)->variant(), Variant::jigsaw);
  EXPECT_THROW(parse_regions("1234", &fault), std::invalid_argument);
  std::string zero(kJigsawRegions);
  zero[40] = '0';
  EXPECT_THROW(parse_regions(zero, &fault), std::invalid_argument);
  EXPECT_EQ(fault, 40);
}

TEST(PuzzleIo, AByteOrderMarkIsSkipped) {
  // Before: "column 82: expected 81 symbols, got 84".
  const auto entries = read_text("\xEF\xBB\xBF" + std::string(kTop95First) + " first\n");
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(entries[0].label, "first");
}

// A NUL byte makes its puzzle malformed, named at its column; the byte never reaches the entry's text.
TEST(PuzzleIo, ANulByteIsNamedAndKeptOutOfTheText) {
  std::string line(kTop95First);
  line[40] = '\0';
  const auto entries = read_text(line + "\n" + std::string(kTop95First) + "\n");
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].error, "NUL byte");
  EXPECT_EQ(entries[0].error_line, 1);
  EXPECT_EQ(entries[0].error_column, 41);
  EXPECT_EQ(entries[0].text.find('\0'), std::string::npos);
  EXPECT_TRUE(entries[1].ok());
}

TEST(PuzzleIo, Utf16AndEndlessLinesStopTheRead) {
  EXPECT_THROW(read_text(std::string("\xFF\xFE"
                                     "4\0.\0",
                                     6)),
               InputError);
  EXPECT_THROW(read_text(std::string(1 << 17, '1')), InputError);
}

TEST(PuzzleIo, PuzzleReaderStreamsTheSameEntries) {
  const std::string text =
      std::string(kTop95First) + "\n\n4.....8.5\n.3.......\n" + std::string(kTop95First) + "\n";
  std::istringstream input(text);
  PuzzleReader reader(input, "test.txt");
  std::vector<PuzzleEntry> streamed;
  while (auto entry = reader.next()) streamed.push_back(std::move(*entry));
  const auto all = read_text(text);
  ASSERT_EQ(streamed.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(streamed[i].line, all[i].line);
    EXPECT_EQ(streamed[i].error, all[i].error);
  }
}

// The tools' --size, --box and --variant, read by the library (the Python module uses it too): the
// shapes they give and the option each refusal names.
TEST(PuzzleIo, ReadOptionsForGivesTheShapeOrNamesTheOption) {
  const ReadOptions six = read_options_for(0, "2x3");
  EXPECT_EQ(six.size, 6);
  EXPECT_EQ(six.box_rows, 2);
  EXPECT_EQ(six.box_cols, 3);
  EXPECT_EQ(read_options_for(16, "", "x").variant, Variant::x);
  EXPECT_EQ(read_options_for(0, "").variant, Variant::classic);
  const auto message = [](int size, const char* box, const char* variant) {
    try {
      read_options_for(size, box, variant);
    } catch (const InputError& error) {
      EXPECT_EQ(error.what(), error.message());  // no location: the option is the place
      return error.message();
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(0, "", "nonsense"),
            "--variant expects classic, x, windoku, asterisk, centre-dot, jigsaw, killer, samurai, twin, butterfly, flower, sohei, windmill or gattai, got 'nonsense'");
  EXPECT_EQ(message(9, "", "killer"), "--variant killer reads the size from the cage letters (drop --size and --box)");
  EXPECT_EQ(message(0, "2x3", "x"), "--box goes with classic puzzles only (the x variant keeps standard boxes)");
  EXPECT_EQ(message(16, "", "windoku"), "--variant windoku is 9x9 only");
  EXPECT_EQ(message(7, "", ""), "--size 7 is not supported (expected 4, 6, 9, 12, 16 or 25)");
  EXPECT_EQ(message(0, "2by3", ""), "--box expects ROWSxCOLS with ROWS*COLS from 2 to 25, e.g. 2x3, got '2by3'");
  EXPECT_EQ(message(9, "2x3", ""), "--box 2x3 does not tile a 9x9 grid");
}

}  // namespace
}  // namespace sudoku
