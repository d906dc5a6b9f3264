// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of generate-book: options, plan errors, outputs, kill -9 and --resume.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/model/puzzle_io.hpp"
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
  // An ISBN whose check digit is wrong: one line at its JSON path, before any work starts.
  const auto isbn = run_command(generate_book() + " " + testing::test_data("plans/bad-isbn.json") + " -o " + out);
  EXPECT_EQ(isbn.exit_code, 2);
  EXPECT_EQ(isbn.err.substr(isbn.err.find("bad-isbn.json")),
            "bad-isbn.json: $.front-matter.isbn.paperback: ISBN 978-0-306-40615-6: the check digit is 6, expected 7\n");
  EXPECT_FALSE(std::filesystem::exists(out));
  const auto missing = run_command(generate_book() + " /no/such/plan.json -o " + out);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(GenerateBookCli, NewspaperWeekWithArchiveUpdate) {
  const std::string dir = testing::make_temp_dir("gen");
  const auto result =
      run_command(generate_book() + " " + testing::test_data("../../examples/newspaper-week.json") + " -o " +
                  dir + "/book --update-archive " + dir + "/archive.sqlite");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Book book = read_book(dir + "/book/book.json");
  EXPECT_EQ(book.puzzle_count(), 21U);
  EXPECT_EQ(book.chapters[20].puzzles[0].date, "2026-11-29");
  EXPECT_EQ(run_command("sqlite3 " + dir + "/archive.sqlite 'SELECT count(*) FROM puzzles'").out, "21\n");
  // The same plan against that archive (and against its puzzles as text) must produce 21 other puzzles.
  for (const std::string archive : {"/archive.sqlite", "/book/puzzles.txt"}) {
    const auto again =
        run_command(generate_book() + " " + testing::test_data("../../examples/newspaper-week.json") +
                    " -o " + dir + "/book2 --archive " + dir + archive);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    const Book second = read_book(dir + "/book2/book.json");
    for (std::size_t c = 0; c < book.chapters.size(); ++c)
      EXPECT_NE(second.chapters[c].puzzles[0].canonical, book.chapters[c].puzzles[0].canonical) << archive;
  }
  std::filesystem::remove_all(dir);
}

// The desk's month against an SQLite archive: a text archive imported, a re-run reproduces the
// month byte for byte, --replace changes one slot only, the feed has every day, and corpus-rate
// --archive finds a published puzzle turned around.
TEST(GenerateBookCli, DeskMonthWithTheSqliteArchive) {
  const std::string dir = testing::make_temp_dir("desk");
  const std::string plan = dir + "/plan.json";
  std::string text = testing::read_text_file(testing::test_data("../../examples/desk-december.json"));
  text.replace(text.find("\"days\": 31"), 10, "\"days\": 7");
  testing::write_text_file(plan, text);
  const std::string old = "9.......5....7.....539.621.7..3.4..1.6.....9..1..2..3.5..1.7..4...6.2.....9.8.1..";
  testing::write_text_file(dir + "/old.txt", old + " printed in 2019\n");
  const std::string archive = " --update-archive " + dir + "/desk.sqlite";
  const auto first =
      run_command(generate_book() + " " + plan + " -o " + dir + "/a --archive " + dir + "/old.txt" + archive);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const auto again = run_command(generate_book() + " " + plan + " -o " + dir + "/b" + archive);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(testing::read_text_file(dir + "/a/book.json"), testing::read_text_file(dir + "/b/book.json"));
  const auto replaced =
      run_command(generate_book() + " " + plan + " -o " + dir + "/c --replace 2026-12-05:hard" + archive);
  ASSERT_EQ(replaced.exit_code, 0) << replaced.err;
  const auto before = read_puzzle_file(dir + "/a/puzzles.txt");
  const auto after = read_puzzle_file(dir + "/c/puzzles.txt");
  ASSERT_EQ(before.size(), 12U);  // Tue-Thu, Fri and Mon two each, Sat and Sun one
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < before.size(); ++i)
    EXPECT_EQ(before[i].label == "2026-12-05-hard", before[i].text != after[i].text) << before[i].label;
  EXPECT_EQ(run_command("sqlite3 " + dir + "/desk.sqlite 'SELECT count(*), sum(withdrawn) FROM puzzles'").out,
            "14|1\n");
  for (int day = 1; day <= 7; ++day)
    EXPECT_TRUE(std::filesystem::exists(dir + "/c/feed/2026-12-0" + std::to_string(day) + ".json"));
  const auto bad = run_command(generate_book() + " " + plan + " -o " + dir + "/d --replace 2026-12-05:hard");
  EXPECT_EQ(bad.exit_code, 2);
  // The withdrawn puzzle and the imported one, written backwards (rotated 180 degrees).
  const std::string withdrawn = before[8].text;
  testing::write_text_file(dir + "/subs.txt", std::string(withdrawn.rbegin(), withdrawn.rend()) + "\n" +
                                                  std::string(old.rbegin(), old.rend()) + "\n");
  const auto rated = run_command(testing::tool_path("corpus-rate") + " --no-rating -f json " + dir +
                                 "/subs.txt --archive " + dir + "/desk.sqlite");
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  EXPECT_NE(rated.out.find("\"published\": \"daily-grid 2026-12-05 hard (withdrawn)\""), std::string::npos)
      << rated.out;
  EXPECT_NE(rated.out.find("\"published\": \"imported:old.txt\""), std::string::npos) << rated.out;
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
    // --foreground: timeout kills the tool and waits for it to die. Without it, timeout -s KILL also
    // kills its own process group, itself included, and returns while the tool may still hold its
    // folder's lock, so the resume below was refused now and then on a loaded machine.
    run_command("timeout --foreground -s KILL " + std::string(delay) + " " + generate_book() + " " + plan + " -o " + out);
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

TEST(GenerateBookCli, VariantBooksReadBackAndResume) {
  const std::string dir = testing::make_temp_dir("gen");
  const std::string plan = testing::test_data("plans/variants-small.json");
  const auto made = run_command(generate_book() + " " + plan + " -o " + dir + "/book --jobs 2");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const Book book = read_book(dir + "/book/book.json");
  const std::vector<Variant> expected{Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot,
                                      Variant::jigsaw};
  ASSERT_EQ(book.chapters.size(), expected.size());
  for (std::size_t c = 0; c < expected.size(); ++c)
    for (const auto& puzzle : book.chapters[c].puzzles) {
      EXPECT_EQ(puzzle.puzzle.geometry().variant(), expected[c]);
      EXPECT_TRUE(is_solution_of(puzzle.solution, puzzle.puzzle));
      EXPECT_EQ(puzzle.canonical.rfind(std::string(variant_name(expected[c])) + " ", 0), 0U)
          << puzzle.canonical;
    }
  // Each jigsaw puzzle has a layout of its own.
  EXPECT_NE(regions_line(book.chapters[4].puzzles[0].puzzle.geometry()),
            regions_line(book.chapters[4].puzzles[1].puzzle.geometry()));
  // puzzles.txt reads back with corpus-rate --variant: the jigsaw lines carry their layouts.
  std::istringstream lines(testing::read_text_file(dir + "/book/puzzles.txt"));
  std::string jigsaw_lines;
  for (std::string line; std::getline(lines, line);)
    if (std::count(line.begin(), line.end(), ' ') == 2) jigsaw_lines += line + "\n";
  EXPECT_EQ(std::count(jigsaw_lines.begin(), jigsaw_lines.end(), '\n'), 2);
  testing::write_text_file(dir + "/jigsaw.txt", jigsaw_lines);
  const auto rated =
      run_command(testing::tool_path("corpus-rate") + " --variant jigsaw --no-rating " + dir + "/jigsaw.txt");
  EXPECT_EQ(rated.exit_code, 0) << rated.err;
  // Killed and resumed from its checkpoint (which keeps each slot's board): the same book.
  const std::string out = dir + "/killed";
  run_command("timeout --foreground -s KILL 0.4 " + generate_book() + " " + plan + " -o " + out);
  const auto resumed = run_command(generate_book() + " " + plan + " -o " + out + " --resume --jobs 1");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(testing::read_text_file(out + "/book.json"), book_to_json(book));
  std::filesystem::remove_all(dir);
}

TEST(GenerateBookCli, AChapterOfAnotherSizeThanThePlans) {
  // "size": 9 for the book and "size": 6 for its warm-up chapter: an ordinary plan, written and read
  // back (the book's own check holds each chapter to its size).
  const std::string dir = testing::make_temp_dir("gen");
  const auto made = run_command(generate_book() + " " + testing::test_data("plans/mixed-sizes.json") + " -o " +
                                dir + "/book --jobs 2");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const Book book = read_book(dir + "/book/book.json");
  ASSERT_EQ(book.chapters.size(), 2U);
  EXPECT_EQ(book.chapters[0].puzzles.at(0).puzzle.size(), 6);
  EXPECT_EQ(book.chapters[1].puzzles.at(0).puzzle.size(), 9);
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
