#include "sudoku/base/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudoku/base/errors.hpp"

namespace sudoku {
namespace {

std::string system_error_text() {
  return std::strerror(errno);
}

// Writes all of `contents` to an open descriptor; false (errno set) on failure.
bool write_all(int fd, std::string_view contents) {
  const char* data = contents.data();
  std::size_t left = contents.size();
  while (left > 0) {
    const ssize_t written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  return true;
}

// Devices, pipes and terminals (/dev/stdout, a FIFO) cannot be replaced by a rename — and must not
// be: as root that would swap a device node for a regular file. They are written in place.
void write_in_place(const std::string& path, std::string_view contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) throw IoError(path + ": cannot write: " + system_error_text());
  const bool ok = write_all(fd, contents);
  const std::string failure = ok ? "" : system_error_text();
  if (::close(fd) != 0 && ok) throw IoError(path + ": cannot write: " + system_error_text());
  if (!ok) throw IoError(path + ": cannot write: " + failure);
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  std::error_code status_error;
  const auto status = fs::status(path, status_error);
  if (fs::is_directory(status)) throw IoError(path + ": is a directory, expected a file name");
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    write_in_place(path, contents);
    return;
  }
  // mkstemp in the target's own directory, so the final rename stays on one file system.
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) throw IoError(path + ": cannot write: " + system_error_text());
  bool ok = write_all(fd, contents);
  std::string failure = ok ? "" : system_error_text();
  if (ok && ::fsync(fd) != 0) {
    ok = false;
    failure = system_error_text();
  }
  // Regular permissions (mkstemp creates 0600), as an ordinary output file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  if (::close(fd) != 0 && ok) {
    ok = false;
    failure = system_error_text();
  }
  if (ok && std::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    failure = system_error_text();
  }
  if (!ok) {
    ::unlink(temp.c_str());
    throw IoError(path + ": cannot write: " + failure);
  }
}

std::string read_file(const std::string& path) {
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error))
    throw IoError(path + ": is a directory, expected a file");
  std::ifstream input(path, std::ios::binary);
  if (!input) throw IoError(path + ": cannot open for reading: " + system_error_text());
  std::ostringstream text;
  text << input.rdbuf();
  if (input.bad()) throw IoError(path + ": read error");
  return text.str();
}

}  // namespace sudoku
