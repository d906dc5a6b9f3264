#include "sudoku/errors.hpp"

namespace sudoku {

std::string format_location(const std::string& source, int line, int column, const std::string& message) {
  std::string text = source;
  if (line > 0) {
    text += ':';
    text += std::to_string(line);
    if (column > 0) {
      text += ':';
      text += std::to_string(column);
    }
  }
  if (!text.empty()) text += ": ";
  text += message;
  return text;
}

InputError::InputError(std::string source, int line, int column, std::string message)
    : std::runtime_error(format_location(source, line, column, message)),
      source_(std::move(source)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

}  // namespace sudoku
