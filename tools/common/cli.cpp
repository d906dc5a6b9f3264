#include "cli.hpp"

#include <unistd.h>

#include <iostream>

#include "sudoku/errors.hpp"
#include "sudoku/parallel.hpp"

namespace sudoku::cli {

namespace po = boost::program_options;

std::string_view version() {
  return SUDOKU_PRESS_VERSION;
}

int worker_threads(int jobs) {
  if (jobs < 0) throw UsageError("--jobs must be 0 (all cores) or more");
  return jobs == 0 ? default_jobs() : jobs;
}

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

int run_tool(std::string_view tool, const std::function<int()>& body) {
  try {
    return body();
  } catch (const UsageError& error) {
    std::cerr << tool << ": " << error.what() << " (see " << tool << " --help)\n";
  } catch (const po::error& error) {
    std::cerr << tool << ": " << error.what() << " (see " << tool << " --help)\n";
  } catch (const InputError& error) {
    std::cerr << tool << ": " << error.what() << "\n";
  } catch (const IoError& error) {
    std::cerr << tool << ": " << error.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << tool << ": out of memory\n";
  } catch (const std::exception& error) {
    std::cerr << tool << ": " << error.what() << "\n";
  }
  return kUsageOrIoError;
}

bool parse_command_line(int argc, char** argv, CommandLine& command_line, po::variables_map& values) {
  command_line.options.add_options()("help,h", "show this help and exit")("version",
                                                                          "show the version and exit");
  po::store(po::command_line_parser(argc, argv)
                .options(command_line.options)
                .positional(command_line.positional)
                .run(),
            values);
  if (values.count("help")) {
    std::cout << "Usage: " << command_line.usage << "\n\n"
              << command_line.summary << "\n\n"
              << command_line.options << "\n";
    return false;
  }
  if (values.count("version")) {
    std::cout << command_line.tool << " (sudoku-press) " << version() << "\n";
    return false;
  }
  po::notify(values);
  return true;
}

}  // namespace sudoku::cli
