// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/text_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
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
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
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

// What a file that is not a regular one is, for the message.
std::string kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "a device";
}

// The system's names for a stream the user hands over on purpose (a pipe, process substitution).
bool names_a_stream(const std::string& path) {
  return path == "/dev/stdin" || path.starts_with("/dev/fd/") || path.starts_with("/proc/self/fd/");
}

}  // namespace

// Reads a descriptor through a 64 KiB buffer, counting bytes against the cap. A read returns what a
// pipe holds, so lines are handed on as they arrive.
class InputFile::Buffer : public std::streambuf {
 public:
  Buffer(int fd, bool owned, std::string source, std::size_t max_bytes, std::string what)
      : fd_(fd), owned_(owned), source_(std::move(source)), max_bytes_(max_bytes), what_(std::move(what)),
        data_(kChunkBytes) {}
  ~Buffer() override {
    if (owned_) ::close(fd_);
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    ssize_t got = 0;
    do got = ::read(fd_, data_.data(), data_.size());
    while (got < 0 && errno == EINTR);
    if (got < 0) throw IoError(source_ + ": read error: " + std::strerror(errno));
    if (got == 0) return traits_type::eof();
    total_ += static_cast<std::size_t>(got);
    if (total_ > max_bytes_)
      throw InputError(source_, 0, 0, "larger than " + size_text(max_bytes_) + "; expected " + what_);
    setg(data_.data(), data_.data(), data_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  int fd_;
  bool owned_;
  std::string source_;
  std::size_t max_bytes_;
  std::string what_;
  std::vector<char> data_;
  std::size_t total_ = 0;
};

InputFile::InputFile(const std::string& path, std::size_t max_bytes, std::string what)
    : source_(path == "-" ? "<stdin>" : path) {
  int fd = STDIN_FILENO;
  const bool owned = path != "-";
  if (owned) {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever before the check.
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
      const int open_error = errno;
      std::error_code status_error;
      if (std::filesystem::is_directory(path, status_error))
        throw IoError(path + ": is a directory, expected a file");
      throw IoError(path + ": cannot open for reading: " + std::strerror(open_error));
    }
  }
  struct stat status {};
  if (::fstat(fd, &status) != 0) {
    const std::string reason = std::strerror(errno);
    if (owned) ::close(fd);
    throw IoError(source_ + ": cannot read: " + reason);
  }
  const auto refuse = [&](auto&& error) {
    if (owned) ::close(fd);
    throw error;
  };
  if (S_ISDIR(status.st_mode)) refuse(IoError(path + ": is a directory, expected a file"));
  if (S_ISREG(status.st_mode)) {
    if (static_cast<std::uintmax_t>(status.st_size) > max_bytes)
      refuse(InputError(source_, 0, 0, "larger than " + size_text(max_bytes) + "; expected " + what));
  } else if (owned && !names_a_stream(path)) {
    refuse(InputError(source_, 0, 0,
                      kind_of(status.st_mode) + ", not a regular file; expected " + what +
                          " (a stream is read only as - for standard input)"));
  }
  if (owned) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  buffer_ = std::make_unique<Buffer>(fd, owned, source_, max_bytes, std::move(what));
  stream_ = std::make_unique<std::istream>(buffer_.get());
  stream_->exceptions(std::ios::badbit);
  // A program feeding standard input line by line gets what was written so far first (LineReader).
  if (!owned) stream_->tie(std::cin.tie());
}

InputFile::~InputFile() = default;

std::istream& InputFile::stream() {
  return *stream_;
}

namespace {

// All of `file`, `check(chunk, text_so_far)` called after each chunk is appended.
template <typename Check>
std::string read_whole(InputFile& file, Check check) {
  std::streambuf& source = *file.stream().rdbuf();
  std::string text;
  std::vector<char> chunk(kChunkBytes);
  for (;;) {
    const auto got = static_cast<std::size_t>(source.sgetn(chunk.data(), static_cast<std::streamsize>(chunk.size())));
    if (got == 0) return text;
    text.append(chunk.data(), got);
    check(std::string_view(chunk.data(), got), text);
  }
}

}  // namespace

std::string read_file(const std::string& path, std::size_t max_bytes, const std::string& what) {
  InputFile file(path, max_bytes, what);
  return read_whole(file, [](std::string_view, const std::string&) {});
}

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
  InputFile file(path, max_bytes);
  // Checked chunk by chunk, so a binary file or a stream of zeros stops at its first bytes.
  std::string text = read_whole(file, [&](std::string_view chunk, const std::string& so_far) {
    if (so_far.size() == chunk.size()) check_start(chunk, file.source());
    if (std::memchr(chunk.data(), '\0', chunk.size()) != nullptr) checked_text(so_far, file.source());
  });
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
