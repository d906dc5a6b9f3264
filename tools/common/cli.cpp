// SPDX-License-Identifier: Apache-2.0
#include "cli.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/base/version.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/geometry.hpp"

namespace sudoku::cli {

namespace po = boost::program_options;

int worker_threads(int jobs) {
  if (jobs < 0) throw UsageError("--jobs must be 0 (all cores) or more");
  return sudoku::worker_threads(jobs);
}

std::string_view version() {
  return sudoku::version();
}

bool stderr_is_terminal() {
  return ::isatty(STDERR_FILENO) == 1;
}

namespace {

// A message on one line of at most 500 characters: an error may quote a path or an argument the user
// gave, and a megabyte argument must not become a megabyte message.
std::string clipped(const char* what) {
  std::string text = excerpt(what, 500);
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

int run_tool(std::string_view tool, const std::function<int()>& body) {
  try {
    return body();
  } catch (const UsageError& error) {
    std::cerr << tool << ": " << clipped(error.what()) << " (see " << tool << " --help)\n";
  } catch (const po::error& error) {
    std::cerr << tool << ": " << clipped(error.what()) << " (see " << tool << " --help)\n";
  } catch (const InputError& error) {
    std::cerr << tool << ": " << clipped(error.what()) << "\n";
  } catch (const IoError& error) {
    std::cerr << tool << ": " << clipped(error.what()) << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << tool << ": out of memory\n";
  } catch (const std::exception& error) {
    std::cerr << tool << ": " << clipped(error.what()) << "\n";
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

std::optional<std::int64_t> source_date_epoch() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (epoch == nullptr || *epoch == '\0') return std::nullopt;
  char* end = nullptr;
  const long long seconds = std::strtoll(epoch, &end, 10);
  if (*end != '\0' || seconds < 0)
    throw UsageError(std::string("SOURCE_DATE_EPOCH must be a number of seconds, got '") + epoch + "'");
  return seconds;
}

std::optional<std::int64_t> parse_timestamp(const std::string& text) {
  if (text.size() < 10 || !is_iso_date(text.substr(0, 10))) return std::nullopt;
  std::tm parts{};
  parts.tm_year = std::stoi(text.substr(0, 4)) - 1900;
  parts.tm_mon = std::stoi(text.substr(5, 2)) - 1;
  parts.tm_mday = std::stoi(text.substr(8, 2));
  if (text.size() != 10) {
    int hour = 0, minute = 0, second = 0;
    char t = 0, z = 0, extra = 0;
    if (std::sscanf(text.c_str() + 10, "%c%2d:%2d:%2d%c%c", &t, &hour, &minute, &second, &z, &extra) != 5 ||
        t != 'T' || z != 'Z' || hour > 23 || minute > 59 || second > 60)
      return std::nullopt;
    parts.tm_hour = hour;
    parts.tm_min = minute;
    parts.tm_sec = second;
  }
  return static_cast<std::int64_t>(timegm(&parts));
}

ReadOptions read_options_for(int size, const std::string& box, const std::string& variant) {
  try {
    return sudoku::read_options_for(size, box, variant);
  } catch (const InputError& error) {
    throw UsageError(error.message());
  }
}

}  // namespace sudoku::cli
