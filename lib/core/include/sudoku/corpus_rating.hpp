// Corpus rating: one report per input puzzle — validity, solution count, solution, canonical form
// (and the ratings of the rating engine) — computed in parallel, returned in input order.
//
// Contract: the reports depend only on the entries and the options, never on the number of jobs.
// Malformed or unsolvable puzzles are reported with their status, never dropped.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/puzzle_io.hpp"

namespace sudoku {

enum class PuzzleStatus { ok, invalid_format, contradiction, no_solution, multiple_solutions };

std::string_view status_name(PuzzleStatus status);
inline constexpr PuzzleStatus kAllStatuses[] = {PuzzleStatus::ok, PuzzleStatus::invalid_format,
                                                PuzzleStatus::contradiction, PuzzleStatus::no_solution,
                                                PuzzleStatus::multiple_solutions};

struct PuzzleReport {
  std::string file;    // input name ("-" for standard input)
  int line = 0;        // 1-based line where the puzzle starts
  std::string label;   // free text after the puzzle on its line
  std::string puzzle;  // normalised one-line form, or the text as read when malformed
  PuzzleStatus status = PuzzleStatus::ok;
  std::string error;   // what is wrong, when not ok
  int size = 0;
  int givens = 0;
  int solutions = 0;      // 0, 1, or 2 meaning "2 or more"
  std::string solution;   // when unique
  std::string canonical;  // when the givens are consistent
};

struct CorpusRatingOptions {
  int jobs = 1;
};

struct CorpusInput {
  std::string file;
  std::vector<PuzzleEntry> entries;
};

// Rates one puzzle.
PuzzleReport rate_puzzle(const std::string& file, const PuzzleEntry& entry, const CorpusRatingOptions& options);

// Rates every entry of every input, in input order. `progress` gets the number of puzzles done.
std::vector<PuzzleReport> rate_corpus(const std::vector<CorpusInput>& inputs, const CorpusRatingOptions& options,
                                      const std::function<void(std::size_t done, std::size_t total)>& progress = {});

}  // namespace sudoku
