// SPDX-License-Identifier: Apache-2.0
// Shared test helpers: where the corpora are, loading them, running the built tools.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "sudoku/base/random.hpp"
#include "sudoku/corpus/calibration_study.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku::testing {

// Path of a public corpus in tests/data/corpora (its README gives each file's provenance), and of
// any other file in tests/data.
std::string corpus_path(const std::string& name);
std::string test_data(const std::string& name);
// Path of a built tool in the build's bin/ folder.
std::string tool_path(const std::string& name);

// The first `limit` puzzles (all when 0) of a corpus, all required to be well formed.
std::vector<Grid> load_corpus(const std::string& path, std::size_t limit = 0);

// The message of the InputError that `action` throws, or "no error".
//   EXPECT_EQ(input_error_of([] { parse_json("{", "a.json"); }), "a.json:1:2: ...");
std::string input_error_of(const std::function<void()>& action);

// SUDOKU_STUDY_STRIDE (1 when unset): the sanitizer run sets it, and the whole-corpus studies and the
// long random differential tests then check every `n`th puzzle. There they check memory and
// undefined behaviour, which a sample does as well; the Release run checks every puzzle.
//   for (int i = 0; i < 600; ++i) { const Grid puzzle = next(rng); if (i % stride != 0) continue; ... }
// (the puzzles are still drawn, so the sample is a subset of the Release run's puzzles).
int study_stride();

// Every study_stride()th puzzle of a corpus.
std::vector<Grid> load_study_corpus(const std::string& path);

// For a CLI test that runs a sanitized tool over a puzzle file: `path` itself when the stride is 1,
// else a copy in `directory` with its comment lines and every study_stride()th puzzle line.
//   const std::string sample = testing::study_sample_file(testing::test_data("killer-sample.txt"), dir);
std::string study_sample_file(const std::string& path, const std::string& directory);

// A valid complete grid of any box shape: the classic shifted-rows pattern.
Grid pattern_solution(const std::shared_ptr<const Geometry>& geometry);
Grid pattern_solution(int box_rows, int box_cols);

// Blanks the cells of `puzzle` one at a time in an order shuffled by `rng`, putting each back when
// the result no longer `keeps` (e.g. a unique solution): a puzzle minimal for that property.
Grid blank_while(Grid puzzle, Rng& rng, const std::function<bool(const Grid&)>& keeps);

// Boards of every variant for property tests: X at 4x4, 6x6 and 9x9, the fixed 9x9 patterns, and
// jigsaw layouts (6x6, 9x9, and a 9x9 one that a half turn maps onto itself).
struct NamedBoard {
  std::string name;
  std::shared_ptr<const Geometry> geometry;
};
std::vector<NamedBoard> variant_boards();

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};
// Runs `command` with /bin/sh, capturing stdout and stderr (stdin from `input` when not empty).
CommandResult run_command(const std::string& command, const std::string& input = {});

// A shipped book plan: examples/NAME.json with a "title" (calibrations and level tables have none),
// chapters or a calendar.
struct ExamplePlan {
  std::string name;         // file stem, e.g. "plan-1000"
  boost::json::value plan;  // the plan as shipped
};
// Every shipped book plan, sorted by name; gattai plans (chapters with a "shape") only when asked
// for (the proof matrix): the printed-text checks of the front matter leave them out.
std::vector<ExamplePlan> shipped_book_plans(bool with_gattai = false);

// Generates `plan` with every chapter's count cut to 1 (a calendar as it is: one puzzle a slot) with
// generate-book -j2 into DIR/NAME, and returns that folder (its book.json). The examples are copied
// into `dir` first, as plans name files beside them (calibrations).
std::string generate_one_per_chapter(const ExamplePlan& plan, const std::string& dir);

// A fresh empty directory under the system temp folder, removed with everything in it when the
// test process exits (SUDOKU_KEEP_TEST_DIRS=1 keeps it).
std::string make_temp_dir(const std::string& prefix);

// A make_temp_dir folder owned by one test: removed when it goes out of scope, also after the test
// took its write permission away (a read-only folder case).
//   TempDir dir("typeset-test");
//   run_command("typeset ... -o " + dir / "book.pdf");
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "test") : path_(make_temp_dir(prefix)) {}
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};
std::string read_text_file(const std::string& path);
void write_text_file(const std::string& path, const std::string& text);
// "FILE:LINE" of the first line of `text` holding `needle` (as error messages name it); throws
// when `needle` is not there.
std::string line_of(const std::string& file, const std::string& text, const std::string& needle);

// A calibration study's result made by hand from ratings per level, without rating anything: each
// level summarised under `rule` and its ratings split by the fence, as run_calibration_study does,
// then the calibration expanded to `levels` levels (0: as measured) with arithmetic spacing.
struct HandMadeLevel {
  std::string name;
  std::vector<double> ratings;
  std::size_t excluded = 0;
};
StudyResult hand_made_study(const std::vector<HandMadeLevel>& levels, OutlierRule rule,
                            std::size_t expand_to = 0);

}  // namespace sudoku::testing
