#include "sudoku/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudoku/errors.hpp"

namespace sudoku {
namespace {

std::string system_error_text() { return std::strerror(errno); }

}  // namespace

void write_file_atomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  std::error_code status_error;
  if (fs::is_directory(path, status_error)) throw IoError(path + ": is a directory, expected a file name");
  // mkstemp in the target's own directory, so the final rename stays on one file system.
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) throw IoError(path + ": cannot write: " + system_error_text());
  const char* data = contents.data();
  std::size_t left = contents.size();
  bool ok = true;
  while (left > 0) {
    const ssize_t written = ::write(fd, data, left);
    if (written < 0) {
      if (errno == EINTR) continue;
      ok = false;
      break;
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
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
  if (std::filesystem::is_directory(path, status_error)) throw IoError(path + ": is a directory, expected a file");
  std::ifstream input(path, std::ios::binary);
  if (!input) throw IoError(path + ": cannot open for reading: " + system_error_text());
  std::ostringstream text;
  text << input.rdbuf();
  if (input.bad()) throw IoError(path + ": read error");
  return text.str();
}

}  // namespace sudoku
