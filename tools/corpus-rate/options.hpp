// SPDX-License-Identifier: Apache-2.0
// corpus-rate's command line: the options struct and its parser (main.cpp runs the corpus with
// them and, with --explain -f svg|pdf, writes the step pictures).
#pragma once

#include <string>

#include "sudoku/corpus/corpus_run.hpp"

namespace sudoku::corpus_rate_tool {

struct Options {
  sudoku::CorpusRunOptions run;
  sudoku::CorpusRatingFlags flags;
  // --explain --format svg|pdf: step pictures instead of text.
  std::string picture_format;  // "svg", "pdf" or "html", else empty
  bool every_step = false;     // --pictures all: every step beyond singles, not only the hardest
  std::string picture_size = "page";
  std::string language = "en";  // --lang: the HTML report's language
};

// Fills `options` from the command line; false after --help or --version (nothing to run).
// Throws sudoku::cli::UsageError for bad options.
bool parse_options(int argc, char** argv, Options& options);

}  // namespace sudoku::corpus_rate_tool
