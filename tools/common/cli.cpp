// SPDX-License-Identifier: Apache-2.0
#include "cli.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "sudoku/base/budget.hpp"
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

std::uint64_t memory_budget() {
  const char* text = std::getenv(kMaxMemoryVariable.data());
  if (text == nullptr || *text == '\0') return default_max_bytes();
  const std::string_view value(text);
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  const std::string_view unit(end, static_cast<std::size_t>(value.data() + value.size() - end));
  int shift = -1;
  if (unit.empty()) shift = 0;
  else if (unit == "K") shift = 10;
  else if (unit == "M") shift = 20;
  else if (unit == "G") shift = 30;
  if (error != std::errc() || end == value.data() || shift < 0 || number > (~std::uint64_t{0} >> shift))
    throw UsageError(std::string(kMaxMemoryVariable) +
                     " must be a number of bytes with an optional K, M or G (0: no limit), got '" + excerpt(text, 40) +
                     "'");
  return number << shift;
}

int run_tool(std::string_view tool, const std::function<int()>& body) {
  // Every tool runs under a memory budget (budget.hpp): the searches whose memory grows with the
  // board stop with one line instead of taking the machine.
  Budget budget;
  const BudgetScope scope(&budget);
  try {
    budget.max_bytes = memory_budget();
    return body();
  } catch (const Stopped& stopped) {
    if (stopped.reason() == Stopped::Reason::memory)
      std::cerr << tool << ": stopped: a search needed more than the memory budget of " << (budget.max_bytes >> 20)
                << " MB (set " << kMaxMemoryVariable << ", e.g. 8G, or 0 for no limit)\n";
    else
      std::cerr << tool << ": " << stopped.what() << "\n";
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
  // An option that takes a value takes the next word whatever it is: "--cover --how-to-solve" wrote
  // a cover named "--how-to-solve". A value that starts with "--" is taken for the option it looks
  // like (a file of that name is still reachable as ./--name).
  for (const auto& [name, value] : values) {
    std::vector<std::string> words;
    if (const auto* word = boost::any_cast<std::string>(&value.value())) words.push_back(*word);
    if (const auto* list = boost::any_cast<std::vector<std::string>>(&value.value())) words = *list;
    for (const std::string& word : words)
      if (word.size() > 2 && word.starts_with("--"))
        throw UsageError("--" + name + " expects a value, got the option '" + word +
                         "' (write ./" + word + " for a file of that name)");
  }
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
