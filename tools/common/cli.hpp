// Command-line plumbing shared by every tool: exit codes, one-line error messages, option parsing
// with --help and --version.
//
// Exit codes: 0 success; 1 the tool ran but some items failed (bad puzzles, unreachable targets);
// 2 usage or input/output errors (bad option, unreadable or malformed input file, unwritable output).
#pragma once

#include <boost/program_options.hpp>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku::cli {

enum ExitCode : int { kSuccess = 0, kSomeFailed = 1, kUsageOrIoError = 2 };

// A problem with the command line; reported as "TOOL: MESSAGE (see TOOL --help)".
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `body`, turning exceptions into one-line messages on stderr and exit codes.
int run_tool(std::string_view tool, const std::function<int()>& body);

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

// The thread count a "--jobs N" option asks for: 0 means one per core; negative is a UsageError.
int worker_threads(int jobs);

// The project's version string.
std::string_view version();

// True when stderr is a terminal (progress bars only then).
bool stderr_is_terminal();

}  // namespace sudoku::cli
