// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of sudoku-bench: help, bad arguments, and the JSON report of a kernel suite
// (whole passes, guesses per puzzle).
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>

#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;
using testing::tool_path;

std::string bench() {
  return tool_path("sudoku-bench");
}

TEST(BenchCli, Help) {
  const auto help = run_command(bench() + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: sudoku-bench"), std::string::npos);
  EXPECT_NE(help.out.find("count-bitboard9"), std::string::npos);
  EXPECT_NE(help.out.find("whole passes"), std::string::npos);
}

TEST(BenchCli, BadArgumentsExitTwoWithOneLine) {
  const std::string input = testing::corpus_path("inkala.txt");
  for (const std::string& args :
       std::vector<std::string>{"", "count", "-- " + input, "nosuch -- " + input,
                                "--seconds 0 count -- " + input, "--threads 0 count -- " + input}) {
    const auto result = run_command(bench() + " " + args);
    EXPECT_EQ(result.exit_code, 2) << args;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << args << ": " << result.err;
    EXPECT_EQ(result.err.rfind("sudoku-bench: ", 0), 0U) << result.err;
  }
}

// A kernel suite reports whole passes and the guesses per puzzle; inkala's puzzles need search.
TEST(BenchCli, KernelSuiteReportsWholePassesAndGuesses) {
  const auto result = run_command(bench() + " --json --seconds 0.05 count-bitboard9 -- " +
                                  testing::corpus_path("inkala.txt"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto report = boost::json::parse(result.out).as_object();
  const auto& first = report.at("results").as_array().at(0).as_object();
  const auto items = first.at("items").to_number<std::uint64_t>();
  const auto runs = first.at("runs").to_number<std::uint64_t>();
  const auto passes = first.at("passes").to_number<std::uint64_t>();
  ASSERT_GT(items, 0u);
  EXPECT_GE(passes, 1u);
  EXPECT_EQ(runs, passes * items);
  EXPECT_EQ(first.at("work_unit").as_string(), "guesses");
  EXPECT_GT(first.at("work_per_item").to_number<double>(), 0.5);
  EXPECT_DOUBLE_EQ(first.at("work_per_item").to_number<double>(),
                   first.at("work").to_number<double>() / static_cast<double>(runs));
}

TEST(BenchCli, BooksKeepTheirVariants) {
  // A book of X, Windoku, Asterisk, Centre-dot and jigsaw puzzles: the generic kernel counts them
  // all, the 9x9 bit-board none.
  const std::string book = testing::test_data("books/variants/book.json");
  const auto generic = run_command(bench() + " --json --seconds 0.01 count-generic -- " + book);
  ASSERT_EQ(generic.exit_code, 0) << generic.err;
  const auto report = boost::json::parse(generic.out);
  EXPECT_EQ(report.at("results").as_array().at(0).at("items").to_number<std::uint64_t>(), 6u);
  const auto bitboard = run_command(bench() + " --json --seconds 0.01 count-bitboard9 -- " + book);
  EXPECT_NE(bitboard.out.find("6 puzzles left out"), std::string::npos) << bitboard.out << bitboard.err;
}

}  // namespace
}  // namespace sudoku
