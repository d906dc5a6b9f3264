// SPDX-License-Identifier: Apache-2.0
// Command-line plumbing shared by every tool: exit codes, one-line error messages, option parsing
// with --help and --version.
//
// Exit codes: 0 success; 1 the tool ran but some items failed (bad puzzles, unreachable targets);
// 2 usage or input/output errors (bad option, unreadable or malformed input file, unwritable output).
#pragma once

#include <boost/program_options.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku::cli {

enum ExitCode : int { kSuccess = 0, kSomeFailed = 1, kUsageOrIoError = 2 };

// A problem with the command line; reported as "TOOL: MESSAGE (see TOOL --help)".
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Calls `parse` and turns a library parse error (InputError without a location) into a usage error
// naming the flag: "--spacing: expected arithmetic or geometric, got 'x'".
//   options.spacing = parse_flag("--spacing", [&] { return sudoku::parse_spacing(text); });
template <class Parse>
auto parse_flag(const std::string& flag, Parse&& parse) {
  try {
    return parse();
  } catch (const InputError& error) {
    throw UsageError(flag + ": " + error.message());
  }
}

// Runs `body` under a memory budget (memory_budget(), sudoku/base/budget.hpp), turning exceptions
// into one-line messages on stderr and exit codes; a spent memory budget exits 2 with
// "TOOL: stopped: a search needed more than the memory budget of N MB (set SUDOKU_PRESS_MAX_MEMORY...)".
int run_tool(std::string_view tool, const std::function<int()>& body);

// The bytes the library's growing searches may hold at once in a tool: $SUDOKU_PRESS_MAX_MEMORY
// (bytes, or with K, M or G; 0: no limit), else sudoku::default_max_bytes(), 4 GiB or half the
// machine's physical memory if less (a 25x25 board with no givens would otherwise take 15 GB; rating the 25x25 grids
// of tests/data/corpora holds about 1.6 GB). Anything else in the variable is a UsageError.
inline constexpr std::string_view kMaxMemoryVariable = "SUDOKU_PRESS_MAX_MEMORY";
std::uint64_t memory_budget();

struct CommandLine {
  std::string tool;     // program name for messages
  std::string usage;    // "corpus-rate [options] FILE..."
  std::string summary;  // one paragraph shown under the usage line
  boost::program_options::options_description options{"Options"};
  boost::program_options::positional_options_description positional;
};

// Parses argv. Prints help or version and returns false when the caller should exit 0; throws
// UsageError for bad arguments. --help and --version are added here.
bool parse_command_line(int argc, char** argv, CommandLine& command_line,
                        boost::program_options::variables_map& values);

// The thread count a "--jobs N" option asks for (sudoku::worker_threads): 0 means one per core;
// negative is a UsageError.
int worker_threads(int jobs);

// The project's version (sudoku::version(), sudoku/base/version.hpp).
std::string_view version();

// True when stderr is a terminal (progress bars only then).
bool stderr_is_terminal();

// The grid shape of "--size N" (0: detected) and "--box ROWSxCOLS" (empty: the size's standard
// box) and "--variant NAME" (empty: classic) as ReadOptions (sudoku::read_options_for, puzzle_io.hpp);
// a size without a standard box, a malformed box or one that does not tile the size, an unknown
// variant or one with a box shape is a UsageError.
ReadOptions read_options_for(int size, const std::string& box, const std::string& variant = {});

// The reproducible-builds date (https://reproducible-builds.org/specs/source-date-epoch/): the
// seconds in $SOURCE_DATE_EPOCH, or none when it is unset or empty. Anything but a non-negative
// whole number is a UsageError, so a typo is not silently replaced by "no date".
std::optional<std::int64_t> source_date_epoch();

// Seconds since 1970 for "YYYY-MM-DD" (midnight UTC) or "YYYY-MM-DDTHH:MM:SSZ"; nullopt for
// anything else.
std::optional<std::int64_t> parse_timestamp(const std::string& text);

}  // namespace sudoku::cli
