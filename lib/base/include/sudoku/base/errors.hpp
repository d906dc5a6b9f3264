// SPDX-License-Identifier: Apache-2.0
// Errors the library reports by exception. It never prints and never exits: tools catch these and
// turn them into one-line messages and exit codes.
//
// InputError carries where the bad input is (source name, 1-based line and column; 0 when unknown)
// so the message reads "plan.json:3:14: expected a number at $.chapters[0].count".
//
//   throw sudoku::InputError("plan.json", 3, 14, "expected a number");  // what(): "plan.json:3:14: ..."
//   try { book = sudoku::read_book(path); }
//   catch (const sudoku::InputError& error) { std::cerr << "typeset: " << error.what() << '\n'; }
#pragma once

#include <stdexcept>
#include <string>

namespace sudoku {

class InputError : public std::runtime_error {
 public:
  InputError(std::string source, int line, int column, std::string message);

  const std::string& source() const { return source_; }
  int line() const { return line_; }
  int column() const { return column_; }
  // The message without the location prefix.
  const std::string& message() const { return message_; }

 private:
  std::string source_;
  int line_;
  int column_;
  std::string message_;
};

// A file that cannot be opened, read or written (distinct from one whose contents are bad).
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "source:line:column: message", leaving out the parts that are unknown.
std::string format_location(const std::string& source, int line, int column, const std::string& message);

}  // namespace sudoku
