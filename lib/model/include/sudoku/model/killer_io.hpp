// SPDX-License-Identifier: Apache-2.0
// The Killer text format: one puzzle per line, cages drawn as letters, for editors to type or paste.
//
// Contract: a line is CAGES SUMS [GIVENS] [label], separated by whitespace:
//   CAGES   N*N symbols, row-major: a letter (a-z, A-Z: up to 52 cages) names the cell's cage,
//           '.' leaves the cell outside every cage; a letter is one cage, whose cells must touch
//           edge to edge;
//   SUMS    every letter of CAGES once, as LETTER=SUM joined by commas: "a=3,b=15,c=22";
//   GIVENS  optional: N*N symbols as in the classic one-line form ('.' or '0' blank); a third
//           field of another length starts the label.
// '#' starts a comment line; blank lines are skipped. N is 4, 6, 9, 12 or 16, read from the length
// of CAGES (standard boxes). A malformed line becomes an entry with an error naming its line, the
// column of the fault and the cage ("cage 'c' is not connected", "cage 'q' sums to 46, but 5
// distinct values 1-9 add up to 15-35"). Cages are kept in the order of their first cell.
// to_killer_line writes the same form (letters given in cage order, givens only when there are any).
//
//   auto entries = read_killer_puzzles(file, "killer.txt");  // entries[i].grid on a Killer board
//   std::cout << to_killer_line(*entries[0].grid) << '\n';
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {

std::vector<PuzzleEntry> read_killer_puzzles(std::istream& input, const std::string& source);
// One line's entry (line number `number`); nullopt for a blank or comment line. PuzzleReader reads
// Killer corpora line by line with it.
std::optional<PuzzleEntry> read_killer_line(const std::string& line, int number);

// Throws std::invalid_argument when the board has more cages than letters (52) or no cages.
inline constexpr std::size_t kMaxKillerLineCages = 52;
std::string to_killer_line(const Grid& puzzle);

}  // namespace sudoku
