// End-to-end tests of generate-book: options, plan errors, outputs, kill -9 and --resume.
#include <gtest/gtest.h>

#include <filesystem>

#include "sudoku/book.hpp"
#include "sudoku/puzzle_io.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;

std::string generate_book() {
  return testing::tool_path("generate-book");
}

TEST(GenerateBookCli, HelpAndBadArguments) {
  const auto help = run_command(generate_book() + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: generate-book PLAN.json -o DIR"), std::string::npos);
  for (const std::string args : {"", "plan.json", "-o out", "--jobs -2 plan.json -o out", "--bogus"}) {
    const auto result = run_command(generate_book() + " " + args);
    EXPECT_EQ(result.exit_code, 2) << args;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

TEST(GenerateBookCli, BadPlansNameTheFileAndPath) {
  const std::string out = testing::make_temp_dir("gen") + "/book";
  const auto level =
      run_command(generate_book() + " " + testing::test_data("plans/bad-level.json") + " -o " + out);
  EXPECT_EQ(level.exit_code, 2);
  EXPECT_NE(level.err.find("bad-level.json: $.chapters[1].level: unknown level \"nightmare\" (known: easy, "
                           "medium, hard, evil"),
            std::string::npos)
      << level.err;
  const auto syntax =
      run_command(generate_book() + " " + testing::test_data("plans/syntax-error.json") + " -o " + out);
  EXPECT_EQ(syntax.exit_code, 2);
  EXPECT_NE(syntax.err.find("syntax-error.json:2:32: invalid JSON"), std::string::npos) << syntax.err;
  const auto missing = run_command(generate_book() + " /no/such/plan.json -o " + out);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(GenerateBookCli, NewspaperWeekWithArchiveUpdate) {
  const std::string dir = testing::make_temp_dir("gen");
  const auto result =
      run_command(generate_book() + " " + testing::test_data("../../examples/newspaper-week.json") + " -o " +
                  dir + "/book --update-archive " + dir + "/archive.txt");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Book book = read_book(dir + "/book/book.json");
  EXPECT_EQ(book.puzzle_count(), 21U);
  EXPECT_EQ(book.chapters[20].puzzles[0].date, "2026-11-29");
  EXPECT_EQ(load_puzzles(dir + "/archive.txt").size(), 21U);
  // The same plan against that archive must produce 21 other puzzles.
  const auto again =
      run_command(generate_book() + " " + testing::test_data("../../examples/newspaper-week.json") + " -o " +
                  dir + "/book2 --archive " + dir + "/archive.txt");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const Book second = read_book(dir + "/book2/book.json");
  for (std::size_t c = 0; c < book.chapters.size(); ++c)
    EXPECT_NE(second.chapters[c].puzzles[0].canonical, book.chapters[c].puzzles[0].canonical);
  std::filesystem::remove_all(dir);
}

TEST(GenerateBookCli, KillNineThenResumeGivesTheSameBytes) {
  const std::string dir = testing::make_temp_dir("gen");
  const std::string plan = testing::test_data("plans/kill-test.json");
  const auto reference = run_command(generate_book() + " " + plan + " -o " + dir + "/reference --jobs 2");
  ASSERT_EQ(reference.exit_code, 0) << reference.err;
  const std::string expected = testing::read_text_file(dir + "/reference/book.json");
  for (const char* delay : {"0.05", "0.2", "0.5", "1"}) {
    const std::string out = dir + "/killed-" + delay;
    run_command("timeout -s KILL " + std::string(delay) + " " + generate_book() + " " + plan + " -o " + out);
    // Whatever moment the kill came, the book is either complete or absent — never half-written.
    if (std::filesystem::exists(out + "/book.json")) {
      EXPECT_EQ(testing::read_text_file(out + "/book.json"), expected) << delay;
    }
    const auto resumed = run_command(generate_book() + " " + plan + " -o " + out + " --resume --jobs 1");
    ASSERT_EQ(resumed.exit_code, 0) << delay << ": " << resumed.err;
    EXPECT_EQ(testing::read_text_file(out + "/book.json"), expected) << delay;
  }
  std::filesystem::remove_all(dir);
}

TEST(GenerateBookCli, UnreachableTargetExitsOne) {
  const std::string dir = testing::make_temp_dir("gen");
  testing::write_text_file(
      dir + "/plan.json",
      R"({"title": "t", "seed": 1, "chapters": [{"title": "Too hard", "level": 1e9, "count": 1}]})");
  const auto result = run_command(generate_book() + " " + dir + "/plan.json -o " + dir +
                                  "/book --max-moves 20 --max-restarts 0");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("chapter \"Too hard\": puzzle 1 missed its target"), std::string::npos)
      << result.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
