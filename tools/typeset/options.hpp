// SPDX-License-Identifier: Apache-2.0
// typeset's command line: the options struct and its parser (main.cpp turns it into one
// sudoku::typeset::run_job call).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/output/split.hpp"

namespace sudoku::typeset_tool {

struct Options {
  std::string book;           // BOOK_DIR, or a book.json file
  std::string template_name;  // shipped NAME or a FILE path
  std::string output;         // empty: BOOK_DIR/<template name>.pdf
  bool solutions = true;
  std::optional<std::int64_t> date;
  std::vector<std::filesystem::path> font_dirs;
  std::string cover;  // empty: no cover
  std::string cover_style;  // --cover-style: typographic, pattern or art; empty: the template's
  std::string cover_art;    // --cover-art: the publisher's PNG, JPEG or PDF
  sudoku::typeset::Paper paper = sudoku::typeset::Paper::white;
  bool pdfx = false;
  std::string output_profile;
  std::string output_condition;  // empty: from the profile's description (see print_ready.hpp)
  bool split = false;  // one file per grid in the folder `output`
  std::vector<sudoku::typeset::SplitFormat> formats{sudoku::typeset::SplitFormat::pdf};
  std::string proof;  // with split; empty: OUTPUT/proof.pdf
  std::string language;  // --lang; empty: the book's plan's, else English
  std::string target;           // --target NAME|FILE; empty: the template's print target
  bool draft = false;           // --draft: a proof under the target's minimum page count
  bool hints = false;           // --hints: the hints section
  bool how_to_solve = false;    // --how-to-solve: the worked examples' chapter
  bool preflight = false;       // --preflight: the report, no file written
  bool preflight_json = false;  // --preflight-format json
  bool web = false;             // --template web: the web edition, in the folder `output`
};

// The path of a shipped print target NAME (templates/targets/NAME.xml), or `name` itself when it
// is a path; an unknown NAME is a UsageError listing the shipped ones.
std::string resolve_target(const std::string& name);

// False after --help or --version (printed); throws UsageError for a bad command line.
bool parse_options(int argc, char** argv, Options& options);

// The path of a shipped template NAME, or `name` itself when it is a path (has a '/' or ends in
// .xml); an unknown NAME is a UsageError listing the shipped ones.
std::string resolve_template(const std::string& name);

}  // namespace sudoku::typeset_tool
