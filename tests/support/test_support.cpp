// SPDX-License-Identifier: Apache-2.0
#include "test_support.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku::testing {

std::string corpus_path(const std::string& name) {
  return std::string(SUDOKU_TEST_DATA_DIR) + "/corpora/" + name;
}
std::string test_data(const std::string& name) {
  return std::string(SUDOKU_TEST_DATA_DIR) + "/" + name;
}
std::string tool_path(const std::string& name) {
  return std::string(SUDOKU_BIN_DIR) + "/" + name;
}

Grid pattern_solution(const std::shared_ptr<const Geometry>& geometry) {
  const int n = geometry->size();
  const int box_rows = geometry->box_rows();
  const int box_cols = geometry->box_cols();
  Grid grid(geometry);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) grid.set(r * n + c, ((r % box_rows) * box_cols + r / box_rows + c) % n + 1);
  return grid;
}

Grid pattern_solution(int box_rows, int box_cols) {
  return pattern_solution(Geometry::with_boxes(box_rows, box_cols));
}

Grid blank_while(Grid puzzle, Rng& rng, const std::function<bool(const Grid&)>& keeps) {
  std::vector<int> cells(static_cast<std::size_t>(puzzle.cell_count()));
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) cells[static_cast<std::size_t>(cell)] = cell;
  rng.shuffle(cells.begin(), cells.end());
  for (const int cell : cells) {
    const int value = puzzle[cell];
    puzzle.clear(cell);
    if (!keeps(puzzle)) puzzle.set(cell, value);
  }
  return puzzle;
}

std::vector<Grid> load_corpus(const std::string& path, std::size_t limit) {
  auto grids = load_puzzles(path);
  if (limit != 0 && grids.size() > limit) grids.resize(limit);
  return grids;
}

std::string input_error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

int study_stride() {
  if (const char* text = std::getenv("SUDOKU_STUDY_STRIDE"); text != nullptr && std::atoi(text) > 1)
    return std::atoi(text);
  return 1;
}

std::vector<Grid> load_study_corpus(const std::string& path) {
  const auto stride = static_cast<std::size_t>(study_stride());
  std::vector<Grid> sample;
  const auto grids = load_puzzles(path);
  for (std::size_t i = 0; i < grids.size(); i += stride) sample.push_back(grids[i]);
  return sample;
}

std::string study_sample_file(const std::string& path, const std::string& directory) {
  const int stride = study_stride();
  if (stride == 1) return path;
  std::istringstream lines(read_text_file(path));
  std::string kept;
  int puzzle = 0;
  for (std::string line; std::getline(lines, line);) {
    const bool comment = line.empty() || line[0] == '#';
    if (comment || puzzle++ % stride == 0) kept += line + "\n";
  }
  const std::string sample = directory + "/" + std::filesystem::path(path).filename().string();
  write_text_file(sample, kept);
  return sample;
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string line_of(const std::string& file, const std::string& text, const std::string& needle) {
  const std::size_t at = text.find(needle);
  if (at == std::string::npos) throw std::runtime_error("'" + needle + "' is not in " + file);
  return file + ":" +
         std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

namespace {
// The directories make_temp_dir handed out, removed when the test process ends (ctest runs each
// test in a process of its own), so a test run leaves nothing behind in /tmp.
// SUDOKU_KEEP_TEST_DIRS=1 keeps them for a look after a failure.
class TempDirs {
 public:
  ~TempDirs() {
    if (std::getenv("SUDOKU_KEEP_TEST_DIRS") != nullptr) return;
    std::error_code ignored;
    for (const std::string& dir : dirs_) std::filesystem::remove_all(dir, ignored);
  }
  void add(const std::string& dir) {
    const std::lock_guard<std::mutex> lock(mutex_);
    dirs_.push_back(dir);
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> dirs_;
};
}  // namespace

TempDir::~TempDir() {
  if (std::getenv("SUDOKU_KEEP_TEST_DIRS") != nullptr) return;
  std::error_code ignored;
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                               ignored);
  std::filesystem::remove_all(path_, ignored);
}

std::string make_temp_dir(const std::string& prefix) {
  static TempDirs made;
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  made.add(pattern);
  return pattern;
}

CommandResult run_command(const std::string& command, const std::string& input) {
  const std::string dir = make_temp_dir("sudoku-cmd");
  const std::string out_path = dir + "/out";
  const std::string err_path = dir + "/err";
  const std::string in_path = dir + "/in";
  write_text_file(in_path, input);
  const std::string full = "(" + command + ") <'" + in_path + "' >'" + out_path + "' 2>'" + err_path + "'";
  const int status = std::system(full.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_text_file(out_path);
  result.err = read_text_file(err_path);
  std::filesystem::remove_all(dir);
  return result;
}

StudyResult hand_made_study(const std::vector<HandMadeLevel>& levels, OutlierRule rule,
                            std::size_t expand_to) {
  StudyResult result;
  for (const HandMadeLevel& level : levels) {
    LevelOutcome outcome;
    outcome.name = level.name;
    outcome.summary = summarize_ratings(level.ratings, rule);
    outcome.excluded = level.excluded;
    for (const double rating : level.ratings)
      (outcome.summary.fence.keeps(rating) ? outcome.kept_ratings : outcome.removed_ratings)
          .push_back(rating);
    result.calibration.levels.push_back(calibration_level(level.name, outcome.summary));
    result.levels.push_back(std::move(outcome));
  }
  if (expand_to > 0)
    result.calibration.levels = expand_levels(result.calibration.levels, expand_to, Spacing::arithmetic);
  return result;
}

std::vector<NamedBoard> variant_boards() {
  return {
      {"x_4x4", Geometry::variant(Variant::x, 4)},
      {"x_6x6", Geometry::variant(Variant::x, 6)},
      {"x_9x9", Geometry::variant(Variant::x)},
      {"windoku", Geometry::variant(Variant::windoku)},
      {"asterisk", Geometry::variant(Variant::asterisk)},
      {"centre_dot", Geometry::variant(Variant::centre_dot)},
      {"jigsaw_6x6", parse_regions("112233112233142233144556445566455666")},
      {"jigsaw_9x9",
       parse_regions("111122333111222333112222333444555666444555666444555666777888999777888999777888999")},
      {"jigsaw_9x9_half_turn",
       parse_regions("111122333111222333112222333444555666444555666444555666777888899777888999777889999")},
  };
}

std::vector<ExamplePlan> shipped_book_plans(bool with_gattai) {
  std::vector<ExamplePlan> plans;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(SUDOKU_SOURCE_DIR) + "/examples")) {
    if (entry.path().extension() != ".json") continue;
    boost::json::value plan = boost::json::parse(read_text_file(entry.path().string()));
    if (!plan.is_object() || !plan.as_object().contains("title")) continue;  // calibrations, levels
    // Gattai plans (plan-samurai.json: chapters with a "shape") on request only.
    bool gattai = false;
    if (const auto* chapters = plan.as_object().if_contains("chapters"); chapters && chapters->is_array())
      for (const auto& chapter : chapters->as_array())
        gattai = gattai || (chapter.is_object() && chapter.as_object().contains("shape"));
    if (gattai && !with_gattai) continue;
    plans.push_back({entry.path().stem().string(), std::move(plan)});
  }
  std::sort(plans.begin(), plans.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return plans;
}

std::string generate_one_per_chapter(const ExamplePlan& example, const std::string& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(std::string(SUDOKU_SOURCE_DIR) + "/examples")) {
    const std::string copy = dir + "/" + entry.path().filename().string();
    if (entry.path().extension() == ".json" && !std::filesystem::exists(copy))
      std::filesystem::copy_file(entry.path(), copy);  // plans name files beside them
  }
  boost::json::value plan = example.plan;
  if (auto* chapters = plan.as_object().if_contains("chapters"))
    for (auto& chapter : chapters->as_array()) chapter.as_object()["count"] = 1;
  const std::string plan_file = dir + "/" + example.name + "-one.json";
  write_text_file(plan_file, boost::json::serialize(plan));
  const std::string book_dir = dir + "/" + example.name;
  const std::string command = tool_path("generate-book") + " " + plan_file + " -o " + book_dir + " -j2";
  const CommandResult result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
  return book_dir;
}

}  // namespace sudoku::testing
