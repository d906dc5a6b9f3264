// SPDX-License-Identifier: Apache-2.0
// Puzzle text formats: reading corpora and writing puzzles.
//
// Read: one puzzle per line (N*N symbols, '.' or '0' blank; text after the first whitespace is kept
// as a label), or N-line grids with or without '|', '-', '+' separators and spaces between symbols;
// '#' starts a comment line; blank lines separate. Size is detected from the input or forced by
// ReadOptions, and so are the rules (ReadOptions::variant): the fixed variants read like classic
// puzzles, a jigsaw puzzle is one line "GIVENS REGIONS [label]". A malformed puzzle becomes an entry with an
// error and its position, so a corpus tool can report it in place; whole-file problems (unreadable file)
// throw IoError. Write: one-line form and grid form.
//
//   for (const PuzzleEntry& entry : read_puzzle_file("corpus.txt"))
//     if (entry.ok()) std::cout << to_line(*entry.grid) << '\n';
//     else std::cerr << "corpus.txt:" << entry.error_line << ": " << entry.error << '\n';
//   const Grid puzzle = parse_puzzle("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace sudoku {

struct ReadOptions {
  int size = 0;      // 0: detect from the input
  int box_rows = 0;  // 0: the size's standard box (box_rows and box_cols go together)
  int box_cols = 0;
  // The rules of every puzzle read: x, windoku, asterisk and centre-dot add their units to the
  // standard board; a jigsaw line carries its own region map after the givens, REGIONS being each
  // cell's region id (1-9, then A-P above 9x9) row-major, e.g. "111222333111222333...".
  // Killer puzzles come in their own one-line form (sudoku/killer_io.hpp): cage letters, sums,
  // optional givens; the size is read from the cage letters.
  Variant variant = Variant::classic;
  // A file larger than this is refused (InputFile's cap). A streaming PuzzleReader has none: it
  // holds one line at a time. Readers that keep every puzzle (read_puzzle_file, load_puzzles: text
  // archives, calibrate's levels) hold at most kMaxDocumentBytes of input.
  std::size_t max_bytes = SIZE_MAX;
  // Gattai puzzles (several 9x9 grids on one board, sudoku/model/gattai.hpp): when `gattai` is set,
  // every puzzle line is a board on `gattai_board` (a Geometry::gattai board), or on the board the
  // nearest "shape:" line above it names; without either, a puzzle line is an error. The other
  // options are ignored.
  bool gattai = false;
  std::shared_ptr<const Geometry> gattai_board;
};

struct PuzzleEntry {
  int line = 0;              // 1-based line where the puzzle starts
  std::string text;          // the puzzle's symbols as read, without separators or label
  std::string label;         // free text after the puzzle on its (first) line
  std::optional<Grid> grid;  // absent when malformed
  int error_line = 0;        // where the problem is, when malformed
  int error_column = 0;
  std::string error;  // what was expected, when malformed

  bool ok() const { return grid.has_value(); }
};

// The grid shape of a size (0: detected), a box "ROWSxCOLS" (empty: the size's standard box) and a
// variant name (empty: classic), as the tools' --size, --box and --variant give them. Throws
// InputError (no location; the message names the option) for a size without a standard box, a
// malformed box or one that does not tile the size, an unknown variant or one with a box shape.
//   const ReadOptions options = read_options_for(16, "", "x");    // 16x16 X-Sudoku
ReadOptions read_options_for(int size, std::string_view box, std::string_view variant = {});

// Reads the puzzles of a file (or "-", standard input) one at a time, for corpora too large to hold
// (corpus-rate streams them): the entries read_puzzles gives, in order, holding at most one grid's
// lines. Lines go through LineReader (text_input.hpp): a UTF-8 byte order mark is skipped, UTF-16
// text and a line longer than kMaxLineBytes are InputErrors, a NUL byte makes its line's puzzle
// malformed ("NUL byte" at its column). IoError when the file cannot be read.
//   PuzzleReader reader("corpus.txt");
//   while (auto entry = reader.next()) rate(*entry);
class PuzzleReader {
 public:
  explicit PuzzleReader(const std::string& path, const ReadOptions& options = {});
  PuzzleReader(std::istream& input, const std::string& source, const ReadOptions& options = {});
  ~PuzzleReader();
  PuzzleReader(PuzzleReader&&) noexcept;

  std::optional<PuzzleEntry> next();  // nullopt at the end of the input

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Reads every puzzle of `input`; `source` names it in messages.
std::vector<PuzzleEntry> read_puzzles(std::istream& input, const std::string& source,
                                      const ReadOptions& options = {});
// Reads a file, or standard input when path is "-". Throws IoError when it cannot be read.
std::vector<PuzzleEntry> read_puzzle_file(const std::string& path, const ReadOptions& options = {});
// Every puzzle of a file, all required to be well formed: throws InputError at the first that is not.
std::vector<Grid> load_puzzles(const std::string& path, const ReadOptions& options = {});
// One puzzle written on one line (label, if any, must be stripped by the caller).
// Throws InputError (source "puzzle", line 1, column of the problem) when malformed.
Grid parse_puzzle(std::string_view text, const ReadOptions& options = {});

// The geometry a read with these options gives for a puzzle of `size`; throws InputError-free
// std::invalid_argument when the combination is unsupported.
std::shared_ptr<const Geometry> geometry_for(int size, const ReadOptions& options);

// The jigsaw board of a region map written as n*n region ids (value symbols 1..n, row-major).
// Throws std::invalid_argument naming the fault (a bad symbol, a region of the wrong size or not
// connected); `fault_index`, when given, receives the 0-based index of the symbol at fault: the
// bad symbol, or the first cell of the faulty region.
//   auto board = parse_regions("111222333111222333111222333444555666...");
std::shared_ptr<const Geometry> parse_regions(std::string_view text, int* fault_index = nullptr);
// The region map of a board as parse_regions reads it: box_of(cell) + 1 as a symbol per cell.
std::string regions_line(const Geometry& geometry);

// N*N symbols on one line, '.' for blanks; a gattai board in its board form (to_gattai_line).
std::string to_line(const Grid& grid);
// N lines of N symbols separated by spaces, with '|' between stacks and a '-' and '+' rule between
// bands when `separators` is true; each line ends with '\n'.
std::string to_grid_text(const Grid& grid, bool separators = true);

}  // namespace sudoku
