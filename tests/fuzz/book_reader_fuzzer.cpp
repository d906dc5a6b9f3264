// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the book reader (sudoku::parse_book), as typeset reads book/book.json.
//
// Expected outcome: a Book or sudoku::InputError. Property checked on a Book: writing it out (as
// write_book does, which re-reads its own output and would throw on a mismatch) gives JSON that
// reads back to a book that writes out to the same bytes.
#include <string>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sudoku::Book book;
  try {
    book = sudoku::parse_book(sudoku::fuzz::as_text(data, size), "book.json");
  } catch (const sudoku::InputError&) {
    return 0;
  }
  const std::string written = sudoku::book_to_json(book);
  try {
    const sudoku::Book again = sudoku::parse_book(written, "written.json");
    FUZZ_CHECK(again.puzzle_count() == book.puzzle_count(), written);
    FUZZ_CHECK(sudoku::book_to_json(again) == written, written);
  } catch (const sudoku::InputError& error) {
    FUZZ_CHECK(false, std::string(error.what()) + "\n" + written);
  }
  return 0;
}
