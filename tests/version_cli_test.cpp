// SPDX-License-Identifier: Apache-2.0
// --version: every tool prints "TOOL (sudoku-press) VERSION" with the one version CMake computed
// (cmake/SudokuVersion.cmake), which is also the Debian package's and the Python module's.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;
using testing::tool_path;

TEST(VersionCli, EveryToolPrintsTheOneVersion) {
  const std::string expected = SUDOKU_EXPECTED_VERSION;
  // The project version, then "+git<N>.g<hash>" for a commit that is not the release tag: a valid
  // Debian upstream version (no '-', no '_', starts with a digit).
  EXPECT_TRUE(std::regex_match(expected, std::regex(R"(\d+\.\d+\.\d+(\+git\d+\.g[0-9a-f]{7,})?)"))) << expected;
  EXPECT_EQ(expected.rfind(SUDOKU_PROJECT_VERSION, 0), 0U) << expected;
  std::istringstream tools(SUDOKU_VERSIONED_TOOLS);  // the tools this build made, space-separated
  int checked = 0;
  for (std::string tool; tools >> tool; ++checked) {
    const auto result = run_command(tool_path(tool) + " --version");
    EXPECT_EQ(result.exit_code, 0) << tool << ": " << result.err;
    EXPECT_EQ(result.out, tool + " (sudoku-press) " + expected + "\n");
    EXPECT_EQ(result.err, "") << tool;
  }
  EXPECT_GE(checked, 3);
}

TEST(VersionCli, VersionWinsOverOtherArgumentsAndNeedsNoInput) {
  // help2man and packaging scripts call --version alone; with other arguments it still answers
  // without reading the (missing) input.
  const auto result = run_command(tool_path("corpus-rate") + " --version /nonexistent/file.txt");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "corpus-rate (sudoku-press) " + std::string(SUDOKU_EXPECTED_VERSION) + "\n");
}

}  // namespace
}  // namespace sudoku
