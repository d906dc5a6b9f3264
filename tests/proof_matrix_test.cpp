// SPDX-License-Identifier: Apache-2.0
// The proof matrix (issue 33): every shipped example plan (examples/*.json with a title) on every
// shipped template (templates/*.xml) either passes `typeset --preflight` or is refused with the
// expected message, as the table below says; a sample, one plan per template, is rendered for real
// and its PDF has the pages preflight counted.
//
// Each plan is generated once for the whole suite with one puzzle a chapter (fast), then each
// chapter is padded back to the plan's count by repeating its puzzle (ids made distinct), so the
// page counts are the real book's: plan-1000 in book-6x9 is over KDP's 828 pages.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const std::string kSource = SUDOKU_SOURCE_DIR;

// What typeset --preflight does with one plan on one template: exit 0 (no fragment), or exit 1 (a
// check failed) / 2 (bad input) with a fragment of its report or error that names the cause and
// the fix.
struct Expected {
  int exit_code = 0;
  std::vector<std::string> fragments;
};

const std::string kSplitVolumes =
    "fix: split the plan into volumes (fewer chapters or puzzles per book) or use a template with more puzzles per page";

// Every pair not listed passes. A refusal here must be right (the printer would refuse the book)
// and its message must name the fix; a refusal that is a bug is not listed, so the test fails.
const std::map<std::pair<std::string, std::string>, Expected> kRefused{
    {{"plan-1000", "book-6x9"},
     {1, {"FAIL  pages", "(limit: 24 to 828 pages (white paper))", kSplitVolumes}}},
    {{"plan-1000", "book-letter"},
     {1, {"FAIL  pages", "(limit: 24 to 590 pages (white paper))", kSplitVolumes}}},
    {{"plan-1000", "large-print"},
     {1, {"FAIL  pages", "(limit: 24 to 590 pages (white paper))", kSplitVolumes}}},
};

// The names (file stems) of the files of `folder` under the source tree that end in `extension`,
// sorted: the shipped templates, the shipped catalogues.
std::vector<std::string> shipped(const std::string& folder, const std::string& extension) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kSource + "/" + folder))
    if (entry.path().extension() == extension) names.push_back(entry.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> shipped_templates() { return shipped("templates", ".xml"); }

// The page count a preflight report gives ("PASS  pages   123 pages  (limit: ...)"), -1 if none.
int reported_pages(const std::string& report) {
  std::smatch match;
  static const std::regex line(R"((?:PASS|FAIL)  pages +([0-9]+) pages)");
  return std::regex_search(report, match, line) ? std::stoi(match[1].str()) : -1;
}

CommandResult preflight(const std::string& book_dir, const std::string& name) {
  return run_command(testing::tool_path("typeset") + " " + book_dir + " -t " + name + " --preflight");
}

class ProofMatrixTest : public ::testing::Test {
 protected:
  // Generates every plan once, one puzzle a chapter, and pads each chapter back to its count.
  static void SetUpTestSuite() {
    dir_ = std::make_unique<testing::TempDir>("proof-matrix-test");
    for (const testing::ExamplePlan& example : testing::shipped_book_plans(true)) {
      const std::string one = testing::generate_one_per_chapter(example, dir_->path());
      one_[example.name] = one;
      Book book = read_book(one + "/book.json");
      if (const auto* chapters = example.plan.as_object().if_contains("chapters")) {
        const auto& planned = chapters->as_array();
        ASSERT_EQ(planned.size(), book.chapters.size()) << example.name;
        for (std::size_t c = 0; c < book.chapters.size(); ++c) {
          const auto* count = planned[c].as_object().if_contains("count");
          const std::int64_t wanted = count != nullptr ? count->to_number<std::int64_t>() : 1;
          std::vector<BookPuzzle>& puzzles = book.chapters[c].puzzles;
          ASSERT_EQ(puzzles.size(), 1u) << example.name << " chapter " << c;
          for (std::int64_t copy = 2; copy <= wanted; ++copy) {
            BookPuzzle repeat = puzzles.front();
            repeat.id.append("-").append(std::to_string(copy));
            puzzles.push_back(std::move(repeat));
          }
        }
        book.plan = example.plan.as_object();  // the plan as shipped, its real counts
      }
      const std::string full = dir_->path() + "/" + example.name + "-full";
      fs::create_directories(full);
      write_book(book, full + "/book.json");
      books_[example.name] = full;
    }
    // The padded books hold each plan's real number of puzzles.
    ASSERT_GE(books_.size(), 10u);
    ASSERT_TRUE(books_.contains("plan-samurai"));  // gattai books are in the matrix
    EXPECT_EQ(read_book(books_.at("plan-1000") + "/book.json").puzzle_count(), 1000u);
    EXPECT_EQ(read_book(books_.at("plan") + "/book.json").puzzle_count(), 80u);
  }
  static void TearDownTestSuite() { dir_.reset(); }

  static inline std::unique_ptr<testing::TempDir> dir_;
  static inline std::map<std::string, std::string> books_;  // plan name -> padded book folder
  static inline std::map<std::string, std::string> one_;    // plan name -> one puzzle a chapter
};

// The catalogues shipped in templates/lang: the languages every book may be typeset in.
std::vector<std::string> shipped_languages() { return shipped("templates/lang", ".po"); }

// The language axis: every plan (one puzzle a chapter, as a --draft proof, so that no page count
// refuses it) on every template in every shipped language passes preflight, which renders the
// whole book in memory: a heading, rule line or caption that a translation makes too wide for its
// box (the German Killer rule under a book-letter grid) is a layout error, never a silent pass.
// Nothing is refused here: a refusal would have to name its fix, and none is expected.
TEST_F(ProofMatrixTest, EveryPlanOnEveryTemplateInEveryLanguage) {
  const std::vector<std::string> templates = shipped_templates();
  const std::vector<std::string> languages = shipped_languages();
  ASSERT_EQ(languages, (std::vector<std::string>{"de", "en", "es", "fr", "it", "ja"}));
  struct Run {
    std::string plan, name, language;
    CommandResult result;
  };
  std::vector<Run> runs;
  for (const auto& [plan, folder] : one_)
    for (const std::string& name : templates)
      for (const std::string& language : languages) runs.push_back({plan, name, language, {}});
  const auto check = [&](Run& run) {
    run.result = run_command(testing::tool_path("typeset") + " " + one_.at(run.plan) + " -t " + run.name +
                             " --lang " + run.language + " --draft --preflight");
  };
  for (std::size_t at = 0; at < runs.size(); at += 2) {
    auto second = std::async(std::launch::async, [&, at] {
      if (at + 1 < runs.size()) check(runs[at + 1]);
    });
    check(runs[at]);
    second.get();
  }
  for (const Run& run : runs) {
    const std::string said = run.result.out + run.result.err;
    EXPECT_EQ(run.result.exit_code, 0) << run.plan << " on " << run.name << " in " << run.language << ":\n" << said;
    EXPECT_NE(run.result.out.find("\npreflight: pass"), std::string::npos)
        << run.plan << " on " << run.name << " in " << run.language << "\n" << said;
  }
}

// Every plan x every template: passes, or is refused as the table says. Two typesets at a time.
TEST_F(ProofMatrixTest, EveryPlanOnEveryTemplatePassesOrIsRefusedAsExpected) {
  const std::vector<std::string> templates = shipped_templates();
  ASSERT_GE(templates.size(), 5u);
  std::set<std::pair<std::string, std::string>> seen;
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& entry : books_)
    for (const std::string& name : templates) pairs.emplace_back(entry.first, name);
  std::vector<CommandResult> results(pairs.size());
  for (std::size_t at = 0; at < pairs.size(); at += 2) {
    auto second = std::async(std::launch::async, [&, at] {
      if (at + 1 < pairs.size()) results[at + 1] = preflight(books_.at(pairs[at + 1].first), pairs[at + 1].second);
    });
    results[at] = preflight(books_.at(pairs[at].first), pairs[at].second);
    second.get();
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [plan, name] = pairs[i];
    const CommandResult& result = results[i];
    seen.insert(pairs[i]);
    const auto refused = kRefused.find(pairs[i]);
    const Expected expected = refused != kRefused.end() ? refused->second : Expected{};
    const std::string said = result.out + result.err;
    EXPECT_EQ(result.exit_code, expected.exit_code) << plan << " on " << name << ":\n" << said;
    for (const std::string& fragment : expected.fragments)
      EXPECT_NE(said.find(fragment), std::string::npos) << plan << " on " << name << ": " << fragment << "\n" << said;
    if (expected.exit_code == 0) {
      EXPECT_NE(result.out.find("\npreflight: pass\n"), std::string::npos) << plan << " on " << name << "\n" << said;
    }
    if (expected.exit_code != 2) {
      EXPECT_GT(reported_pages(result.out), 0) << plan << " on " << name << "\n" << said;
    }
  }
  // The table names only pairs that exist: a renamed plan or template is not a silent pass.
  for (const auto& [pair, expected] : kRefused) EXPECT_TRUE(seen.contains(pair)) << pair.first << " " << pair.second;

  // One plan per template rendered for real (no --preflight): the PDF has the pages preflight
  // reported. (One test, not two: ctest runs each test in a process of its own, and each would
  // generate the books again.)
  const std::vector<std::pair<std::string, std::string>> sample{
      {"plan", "book-6x9"},          {"plan-sizes", "book-letter"}, {"plan-killer", "large-print"},
      {"plan-variants", "a4-4up"},   {"desk-december", "newspaper"}};
  std::set<std::string> rendered;
  for (const auto& [plan, name] : sample) {
    rendered.insert(name);
    const auto at = std::find(pairs.begin(), pairs.end(), std::pair(plan, name));
    ASSERT_NE(at, pairs.end()) << plan << " on " << name;
    const CommandResult& report = results[static_cast<std::size_t>(at - pairs.begin())];
    ASSERT_EQ(report.exit_code, 0) << plan << " on " << name << "\n" << report.out << report.err;
    const int pages = reported_pages(report.out);
    const std::string pdf = dir_->path() + "/" + plan + "-" + name + ".pdf";
    const CommandResult render = run_command(testing::tool_path("typeset") + " " + books_.at(plan) + " -t " +
                                             name + " -o " + pdf + " --date 2026-03-01");
    ASSERT_EQ(render.exit_code, 0) << plan << " on " << name << "\n" << render.err;
    const CommandResult info = run_command("pdfinfo " + pdf);
    std::smatch match;
    ASSERT_TRUE(std::regex_search(info.out, match, std::regex(R"(\nPages: +([0-9]+))"))) << info.out;
    EXPECT_EQ(std::stoi(match[1].str()), pages) << plan << " on " << name;
  }
  EXPECT_EQ(rendered.size(), templates.size());  // every template rendered once
}

}  // namespace
}  // namespace sudoku
