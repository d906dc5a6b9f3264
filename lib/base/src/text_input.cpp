// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/text_input.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "sudoku/base/errors.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::size_t kChunkBytes = 64 * 1024;

// UTF-16 by its byte order mark, or by ASCII text with a NUL every other byte (UTF-16 without a
// mark); the first 16 bytes decide.
bool looks_like_utf16(std::string_view start) {
  if (start.starts_with("\xFF\xFE") || start.starts_with("\xFE\xFF")) return true;
  const std::size_t n = std::min<std::size_t>(start.size(), 16);
  if (n < 4) return false;
  for (std::size_t parity = 0; parity < 2; ++parity) {
    bool alternating = true;
    for (std::size_t i = 0; i < n && alternating; ++i) alternating = (start[i] == '\0') == (i % 2 == parity);
    if (alternating) return true;
  }
  return false;
}

void check_start(std::string_view start, const std::string& source) {
  if (looks_like_utf16(start)) throw InputError(source, 0, 0, "UTF-16 text; convert to UTF-8");
}

std::string size_text(std::size_t bytes) {
  return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes >> 10) + " KiB";
}

// The NUL at `offset` of `text` as an InputError at its line and column.
[[noreturn]] void fail_nul(std::string_view text, std::size_t offset, const std::string& source) {
  int line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  throw InputError(source, line, static_cast<int>(offset - line_start) + 1, "NUL byte");
}

}  // namespace

LineReader::LineReader(std::istream& input, std::string source, NulBytes nul_bytes, std::size_t max_line)
    : input_(input),
      source_(std::move(source)),
      nul_bytes_(nul_bytes),
      max_line_(max_line),
      buffer_(kChunkBytes) {}

bool LineReader::refill() {
  begin_ = 0;
  end_ = 0;
  // Takes what the stream holds without waiting, and waits only while no whole line is in hand, so
  // lines coming down a pipe are handed on as they arrive (an istream::read of the whole buffer
  // would wait for 64 KiB or the end of the input, however long the writer takes to send them).
  std::streambuf& source = *input_.rdbuf();
  std::size_t scanned = 0;  // bytes before this hold no newline
  bool whole_line = false;
  while (end_ < buffer_.size() && !ended_) {
    const std::streamsize ready = source.in_avail();
    if (ready > 0) {
      end_ += static_cast<std::size_t>(source.sgetn(
          buffer_.data() + end_, std::min(static_cast<std::streamsize>(buffer_.size() - end_), ready)));
      continue;
    }
    whole_line = whole_line || std::memchr(buffer_.data() + scanned, '\n', end_ - scanned) != nullptr;
    scanned = end_;
    if (whole_line) break;
    // About to wait for the writer: what is written so far goes out first (as istream's sentry
    // flushes a tied stream), so a program talking to this one line by line gets its answers.
    if (input_.tie() != nullptr) input_.tie()->flush();
    const int byte = source.sbumpc();
    if (byte == std::char_traits<char>::eof()) {
      ended_ = true;
    } else {
      buffer_[end_++] = static_cast<char>(byte);
    }
  }
  if (at_start_ && end_ > 0) {
    at_start_ = false;
    const std::string_view start(buffer_.data(), end_);
    check_start(start, source_);
    if (start.starts_with(kUtf8Bom)) begin_ = kUtf8Bom.size();
  }
  return begin_ < end_;
}

void LineReader::check_bytes(const std::string& line, std::size_t from) const {
  if (nul_bytes_ == NulBytes::keep) return;
  const void* nul = std::memchr(line.data() + from, '\0', line.size() - from);
  if (nul != nullptr)
    throw InputError(source_, line_number_ + 1,
                     static_cast<int>(static_cast<const char*>(nul) - line.data()) + 1, "NUL byte");
}

bool LineReader::next(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (begin_ == end_ && !refill()) {
      if (!any) return false;
      break;
    }
    any = true;
    const char* start = buffer_.data() + begin_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
    const std::size_t length = newline ? static_cast<std::size_t>(newline - start) : end_ - begin_;
    const std::size_t from = line.size();
    line.append(start, std::min(length, max_line_ + 1 - from));
    check_bytes(line, from);
    if (line.size() > max_line_)
      throw InputError(source_, line_number_ + 1, 0,
                       "line longer than " + size_text(max_line_) +
                           " (no puzzle or text line is that long: is this a text file?)");
    begin_ += length + (newline ? 1 : 0);
    if (newline) break;
  }
  ++line_number_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

std::string_view checked_text(std::string_view text, const std::string& source) {
  check_start(text, source);
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  const auto nul = text.find('\0');
  if (nul != std::string_view::npos) fail_nul(text, nul, source);
  return text;
}

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
  std::ifstream file;
  std::istream* input = &std::cin;
  const std::string source = path == "-" ? "<stdin>" : path;
  if (path != "-") {
    std::error_code status_error;
    if (std::filesystem::is_directory(path, status_error))
      throw IoError(path + ": is a directory, expected a file");
    file.open(path, std::ios::binary);
    if (!file) throw IoError(path + ": cannot open for reading: " + std::strerror(errno));
    input = &file;
  }
  std::string text;
  std::vector<char> chunk(kChunkBytes);
  while (*input) {
    input->read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<std::size_t>(input->gcount());
    // Checked chunk by chunk, so /dev/zero or a binary file stops at its first bytes.
    if (text.empty() && got > 0) check_start(std::string_view(chunk.data(), got), source);
    if (std::memchr(chunk.data(), '\0', got) != nullptr) {
      text.append(chunk.data(), got);
      checked_text(text, source);
    }
    if (text.size() + got > max_bytes)
      throw InputError(source, 0, 0, "larger than " + size_text(max_bytes) + "; expected a text document");
    text.append(chunk.data(), got);
  }
  if (input->bad()) throw IoError(source + ": read error");
  if (text.starts_with(kUtf8Bom)) text.erase(0, kUtf8Bom.size());
  return text;
}

std::string excerpt(std::string_view text, std::size_t max_chars) {
  if (text.size() <= max_chars) return std::string(text);
  // Cut on a UTF-8 character boundary (never inside a multi-byte sequence).
  std::size_t cut = max_chars;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

}  // namespace sudoku
