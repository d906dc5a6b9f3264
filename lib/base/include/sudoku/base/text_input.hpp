// SPDX-License-Identifier: Apache-2.0
// Bounded, encoding-checked text input: every reader of corpora, plans, calibrations, books and
// templates goes through here, so /dev/zero, a FIFO or a binary file stops with one clear message
// instead of growing memory without bound.
//
// Contract (docs/reliability.md):
//   - A UTF-8 byte order mark at the start is skipped: columns count from the character after it.
//   - UTF-16 text (a byte order mark FF FE or FE FF, or NUL every other byte at the start) is an
//     InputError "FILE: UTF-16 text; convert to UTF-8".
//   - A NUL byte anywhere else is an InputError "FILE:LINE:COLUMN: NUL byte", so it never reaches
//     an output record; a corpus reader asks for NulBytes::keep instead and reports the puzzle on
//     that line as malformed ("line L, column C: NUL byte"), as it does any other bad symbol.
//   - LineReader refuses a line longer than kMaxLineBytes (no puzzle line comes near it: a 25x25
//     Killer line with its cage letters and sums is about 3 KB); read_text_file refuses a document
//     larger than its limit. Both stop reading at the limit, so memory stays bounded.
//
//   - Every file is opened through InputFile, the one capped reader: it refuses, before reading a
//     byte, anything but a regular file (a FIFO would hang the open, a device such as /dev/urandom
//     never ends) unless the user named a stream on purpose ("-", /dev/stdin, /dev/fd/N), refuses a
//     file larger than its cap by its size, and counts bytes as it reads, so a file that grows while
//     it is read stops at the cap too: "FILE: larger than 256 MiB; expected a text document".
//
//   LineReader lines(stream, "corpus.txt");
//   for (std::string line; lines.next(line);) use(line, lines.line_number());
//   const std::string icc = read_file("sRGB.icc", kMaxBinaryBytes, "an ICC profile");  // capped
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// Longest line any line-based reader accepts: 64 KiB, twenty times the longest real puzzle line.
inline constexpr std::size_t kMaxLineBytes = 64 * 1024;
// Largest JSON document or template read whole: 256 MiB (a 100,000-puzzle book.json is ~100 MB).
inline constexpr std::size_t kMaxDocumentBytes = 256u << 20;

// Largest binary input (an ICC output profile): 64 MiB; real profiles are at most a few MB.
inline constexpr std::size_t kMaxBinaryBytes = 64u << 20;

// An input opened with the checks above. `what` names the expected content in the messages
// ("a text document", "an ICC profile"). "-" is standard input. Errors: IoError when it cannot be
// opened or is a directory; InputError "FILE: a FIFO, not a regular file; ..." for a FIFO, device
// or socket not named as a stream, and "FILE: larger than CAP; expected WHAT" at the cap (before
// reading, by the file's size, or while reading, by the bytes read).
class InputFile {
 public:
  InputFile(const std::string& path, std::size_t max_bytes, std::string what = "a text document");
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads through the cap; its exceptions propagate (the stream's exception mask includes badbit).
  std::istream& stream();
  // The name for messages: the path, or "<stdin>".
  const std::string& source() const { return source_; }

 private:
  class Buffer;
  std::string source_;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::istream> stream_;
};

// The whole of a file as bytes (no text checks: an ICC profile, a manifest), at most `max_bytes`,
// through InputFile.
std::string read_file(const std::string& path, std::size_t max_bytes = kMaxDocumentBytes,
                      const std::string& what = "a document");

enum class NulBytes { refuse, keep };

class LineReader {
 public:
  LineReader(std::istream& input, std::string source, NulBytes nul_bytes = NulBytes::refuse,
             std::size_t max_line = kMaxLineBytes);

  // The next line without its "\n" or "\r\n"; false at the end of the input. Throws InputError for
  // the faults above, IoError when the stream fails.
  bool next(std::string& line);
  // 1-based number of the line last returned.
  int line_number() const { return line_number_; }

 private:
  bool refill();
  // Checks bytes [from, line.size()) just appended to `line` for NUL bytes.
  void check_bytes(const std::string& line, std::size_t from) const;

  std::istream& input_;
  std::string source_;
  NulBytes nul_bytes_;
  std::size_t max_line_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  int line_number_ = 0;
  bool at_start_ = true;
  bool ended_ = false;  // the stream said end of input
};

// The whole of a file ("-": standard input), at most `max_bytes`, with the checks above; a UTF-8
// byte order mark is removed. IoError when it cannot be read, InputError for the faults above.
std::string read_text_file(const std::string& path, std::size_t max_bytes = kMaxDocumentBytes);
// The same checks on text already in memory; returns `text` without a UTF-8 byte order mark.
std::string_view checked_text(std::string_view text, const std::string& source);

// `text` cut to `max_chars` characters with "..." appended when longer, for quoting input in a
// message (a template's 200 KB line must not become a 200 KB message).
std::string excerpt(std::string_view text, std::size_t max_chars = 80);

}  // namespace sudoku
