// Crash-safe output: files are written to a temporary name beside the target, flushed to disk and
// renamed over it, so a reader (or a crash) never sees a half-written file.
//
// Contract: a regular file holds either its old contents or the complete new ones. Errors: IoError
// naming the path, for writing and for reading.
//
//   sudoku::write_file_atomically("book/book.json", sudoku::book_to_json(book));
//   const std::string text = sudoku::read_file("book/book.json");
#pragma once

#include <string>
#include <string_view>

namespace sudoku {

// Replaces `path` with `contents` atomically. Throws IoError naming the path on any failure (the
// temporary file is removed). A path that exists but is not a regular file (a device such as
// /dev/stdout, a FIFO) is written in place instead: it cannot be replaced, only written to.
void write_file_atomically(const std::string& path, std::string_view contents);

// Reads a whole file; throws IoError naming the path when it cannot.
std::string read_file(const std::string& path);

}  // namespace sudoku
