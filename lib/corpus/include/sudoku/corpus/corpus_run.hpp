// SPDX-License-Identifier: Apache-2.0
// A whole corpus-rate run as one library call: the files read one puzzle at a time, rated on the
// options' jobs, and written as the records complete, in input order.
//
// Contract: memory stays flat in the corpus size: at most kCorpusWindow puzzles per job are read
// but not yet written (a record is written as soon as every earlier one is), so the output is the
// same bytes for any --jobs. Only --audit (a few tens of bytes per puzzle) and the text table's
// widths (rows wait in a temporary file) keep anything per puzzle. Before any rating, every input
// is opened, the archive checked and the output file created, so a typo in a path fails at once;
// Killer inputs (regular files) are checked line by line first, so a malformed layout fails before
// any output. With an output file the records go to a temporary file renamed at the end: an error
// leaves the old file; on standard output the records before an error have been written.
//   CorpusRunOptions run{.files = {"corpus.txt"}, .output = "records.csv"};
//   const CorpusRunResult result = run_corpus(run, CorpusRater(run.rating), std::cout);
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "sudoku/corpus/corpus_rating.hpp"
#include "sudoku/corpus/record_writer.hpp"

namespace sudoku {

// Puzzles in flight per job: enough to keep every thread busy past a slow puzzle.
inline constexpr std::size_t kCorpusWindow = 64;

struct CorpusRunOptions {
  std::vector<std::string> files;  // "-": standard input
  ReadOptions read;
  CorpusRatingOptions rating;
  OutputFormat format = OutputFormat::csv;
  std::string output;   // empty: the stream given to run_corpus
  std::string archive;  // an SQLite archive for the published field, or empty
  // When set, each report goes here, in input order, and nothing is written (output and format
  // are unused): corpus-rate draws its step pictures from the reports.
  std::function<void(const PuzzleReport&)> on_report;
};

struct CorpusRunResult {
  StatusCounts counts;
  std::vector<std::string> notes;  // CorpusRater::notes, for the tool to print
};

// corpus-rate's rating flags as given (empty strings: the metric's defaults).
struct CorpusRatingFlags {
  int jobs = 1;
  std::string runs, propagation, branching, cap;  // call-count settings
  std::string strategies;                         // hs-calls
  std::string max_technique;                      // technique grader
  bool no_uniqueness = false;
  bool invariant = false;
  bool no_rating = false;
  bool explain = false;
  bool audit = false;
  std::string calibration;  // press, paper or a calibration file; empty: the press levels
};

// The rating options those flags ask for; std::invalid_argument for flags that cannot go together
// (--explain or --audit without ratings, --audit with --explain); InputError or IoError for a
// calibration file that is malformed or unreadable.
CorpusRatingOptions corpus_rating_options(const CorpusRatingFlags& flags);

// The number of puzzles in the files, for a progress bar's total (a reading pass; standard input,
// which cannot be read twice, counts 0).
std::size_t count_corpus(const std::vector<std::string>& files, const ReadOptions& read);

// InputError for malformed Killer layouts, inputs that are not text (text_input.hpp) and a file
// given as --archive that is not an SQLite archive; IoError when an input, the archive or the
// output cannot be read or written. `progress` gets the number of puzzles written so far.
CorpusRunResult run_corpus(const CorpusRunOptions& run, const CorpusRater& rater, std::ostream& out,
                           const std::function<void(std::size_t done)>& progress = {});

}  // namespace sudoku
