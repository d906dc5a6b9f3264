// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/errors.hpp"

#include <sstream>

namespace sudoku {

std::string format_location(const std::string& source, int line, int column, const std::string& message) {
  // A stream rather than string concatenation: GCC 12 reports a false -Wrestrict on the latter.
  std::ostringstream text;
  text << source;
  if (line > 0) {
    text << ':' << line;
    if (column > 0) text << ':' << column;
  }
  if (!source.empty() || line > 0) text << ": ";
  text << message;
  return text.str();
}

InputError::InputError(std::string source, int line, int column, std::string message)
    : std::runtime_error(format_location(source, line, column, message)),
      source_(std::move(source)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

}  // namespace sudoku
