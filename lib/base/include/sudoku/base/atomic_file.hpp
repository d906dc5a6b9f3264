// Crash-safe output: files are written to a temporary name beside the target, flushed to disk and
// renamed over it, so a reader (or a crash) never sees a half-written file.
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
