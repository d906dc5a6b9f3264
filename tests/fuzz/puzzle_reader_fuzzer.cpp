// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the puzzle reader (sudoku::read_puzzles), as corpus-rate, calibrate and
// generate-book's --archive use it.
//
// Input: the text of a puzzle file. A first byte of 0x80 or more (never the start of a real corpus,
// which is ASCII) is taken as the read options instead — a forced --size or --box as corpus-rate
// accepts them — so the plain seed files run in the default detect-the-size mode.
//
// Expected outcome: malformed puzzles come back as entries with an error; the whole input is refused
// with an InputError only where the reader's contract says so (UTF-16 text, an overlong line), and
// that error names a position. Properties checked: an entry is either a grid or an error with a 1-based
// position, and every grid read back from its own one-line and grid-form text is the same grid.
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace {

// Every option combination corpus-rate lets through: no options, --size N for a standard size, or
// --box RxC with 2 <= R*C <= 25 (which also forces the size).
std::vector<sudoku::ReadOptions> option_table() {
  std::vector<sudoku::ReadOptions> table;
  // Named fields, not aggregate order: ReadOptions grows (the gattai board), and -Wextra warns of
  // every field a brace list leaves out.
  const auto options = [](int size, int rows, int cols) {
    sudoku::ReadOptions read;
    read.size = size;
    read.box_rows = rows;
    read.box_cols = cols;
    return read;
  };
  for (const int size : sudoku::Geometry::supported_sizes()) table.push_back(options(size, 0, 0));
  for (int rows = 1; rows <= sudoku::kMaxSize; ++rows)
    for (int cols = 1; rows * cols <= sudoku::kMaxSize; ++cols)
      if (rows * cols >= 2) table.push_back(options(rows * cols, rows, cols));
  return table;
}

std::string describe(const sudoku::ReadOptions& options) {
  return "options size=" + std::to_string(options.size) + " box=" + std::to_string(options.box_rows) + "x" +
         std::to_string(options.box_cols);
}

void check_round_trip(const sudoku::Grid& grid, const sudoku::ReadOptions& options) {
  const std::string line = sudoku::to_line(grid);
  FUZZ_CHECK(sudoku::parse_puzzle(line, options) == grid, describe(options) + "\none-line: " + line);
  for (const bool separators : {true, false}) {
    const std::string text = sudoku::to_grid_text(grid, separators);
    std::istringstream input(text);
    const auto entries = sudoku::read_puzzles(input, "grid", options);
    FUZZ_CHECK(entries.size() == 1 && entries[0].ok() && *entries[0].grid == grid,
               describe(options) + "\ngrid form:\n" + text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<sudoku::ReadOptions> table = option_table();
  sudoku::ReadOptions options;
  if (size > 0 && data[0] >= 0x80) {
    options = table[static_cast<std::size_t>(data[0] - 0x80) % table.size()];
    ++data;
    --size;
  }
  std::istringstream input{std::string(sudoku::fuzz::as_text(data, size))};
  std::vector<sudoku::PuzzleEntry> entries;
  try {
    entries = sudoku::read_puzzles(input, "fuzz", options);
  } catch (const sudoku::InputError& error) {
    const std::string what = error.what();
    FUZZ_CHECK(what.find("UTF-16") != std::string::npos || what.find("line longer than") != std::string::npos,
               what);
    return 0;
  }
  for (const auto& entry : entries) {
    FUZZ_CHECK(entry.line >= 1, entry.text);
    if (entry.ok()) {
      FUZZ_CHECK(entry.error.empty(), entry.error);
      check_round_trip(*entry.grid, options);
    } else {
      FUZZ_CHECK(
          !entry.error.empty() && entry.error_line >= 1 && entry.error_column >= 1,
          entry.error + " at " + std::to_string(entry.error_line) + ":" + std::to_string(entry.error_column));
    }
  }
  return 0;
}
