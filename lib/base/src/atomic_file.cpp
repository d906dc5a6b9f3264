// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "sudoku/base/errors.hpp"
#include "file_system.hpp"

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

// The system's names for descriptors and devices (/dev/stdout, /dev/fd/1, /proc/self/fd/1) are links
// the user means to write through; every other link is replaced, never followed.
bool is_system_name(const std::string& path) {
  return path.starts_with("/dev/") || path.starts_with("/proc/");
}

// How `path` is written: replaced by rename (a regular file, a link, nothing yet), or in place.
// Devices, pipes and terminals (/dev/full, a FIFO) cannot be replaced by a rename, and must not be:
// as root that would swap a device node for a regular file.
bool writes_in_place(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0) return false;
  if (S_ISLNK(status.st_mode)) {
    if (!is_system_name(path) || ::stat(path.c_str(), &status) != 0) return false;
  }
  if (S_ISDIR(status.st_mode)) throw IoError(path + ": is a directory, expected a file name");
  return !S_ISREG(status.st_mode);
}

// The process id in a temporary name of exactly the pattern AtomicFileWriter makes,
// "NAME.tmp-<pid>-XXXXXX" (six letters or digits from mkstemp); -1 for any other name, which is
// never removed: a user's "chapter.tmp-review" or "plan.tmp-backup" is theirs.
long temporary_owner(const std::string& name) {
  const auto at = name.rfind(".tmp-");
  if (at == std::string::npos || at == 0) return -1;
  const std::string tail = name.substr(at + 5);
  const auto dash = tail.find('-');
  if (dash == std::string::npos || dash == 0 || tail.size() - dash - 1 != 6) return -1;
  for (std::size_t i = 0; i < dash; ++i)
    if (tail[i] < '0' || tail[i] > '9') return -1;
  for (std::size_t i = dash + 1; i < tail.size(); ++i)
    if (!std::isalnum(static_cast<unsigned char>(tail[i]))) return -1;
  return std::strtol(tail.c_str(), nullptr, 10);
}

}  // namespace

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)) {
  if (writes_in_place(path_)) {
    const int follow = is_system_name(path_) ? 0 : O_NOFOLLOW;
    fd_ = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | follow);
    if (fd_ < 0) throw IoError(path_ + ": cannot write: " + system_error_text());
    return;
  }
  // mkstemp in the target's own directory, so the final rename stays on one file system; the pid in
  // the name lets a later run tell a dead run's leftover from a live one's (remove_stray_temporaries).
  temp_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-XXXXXX";
  fd_ = mkstemp(temp_.data());
  if (fd_ < 0) throw IoError(path_ + ": cannot write: " + system_error_text());
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFileWriter::fail(const std::string& reason) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
  throw IoError(path_ + ": cannot write: " + reason);
}

void AtomicFileWriter::flush() {
  if (fd_ < 0) throw IoError(path_ + ": cannot write: already closed");
  if (!write_all(fd_, buffer_)) fail(system_error_text());
  buffer_.clear();
}

void AtomicFileWriter::write(std::string_view bytes) {
  buffer_ += bytes;
  if (buffer_.size() >= (1u << 16)) flush();
}

void AtomicFileWriter::sync() {
  flush();
  if (!temp_.empty() && ::fsync(fd_) != 0) fail(system_error_text());
}

void AtomicFileWriter::commit() {
  flush();
  if (temp_.empty()) {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(system_error_text());
    return;
  }
  if (::fsync(fd_) != 0) fail(system_error_text());
  // Regular permissions (mkstemp creates 0600), as an ordinary output file would get.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail(system_error_text());
  // rename() replaces a link at path_ itself: nothing is written through it.
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail(system_error_text());
  temp_.clear();
  // The new name is durable only once its folder is (a crash could otherwise leave the old file).
  sync_directory(std::filesystem::path(path_).parent_path());
}

void write_file_atomically(const std::string& path, std::string_view contents) {
  AtomicFileWriter writer(path);
  writer.write(contents);
  writer.commit();
}

void check_writable(const std::string& path, bool directory) {
  namespace fs = std::filesystem;
  std::error_code error;
  const auto status = fs::status(path, error);
  const std::string failure = directory ? ": cannot create the output directory: " : ": cannot write: ";
  if (fs::exists(status)) {
    if (directory != fs::is_directory(status))
      throw IoError(path +
                    (directory ? failure + "not a directory" : ": is a directory, expected a file name"));
    if (::access(path.c_str(), W_OK) != 0) throw IoError(path + failure + system_error_text());
    return;
  }
  // The nearest folder that exists must take new entries (a folder to create may be several deep).
  fs::path folder = fs::path(path).parent_path();
  while (directory && !folder.empty() && !fs::exists(folder, error)) folder = folder.parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, error))
    throw IoError(path + failure + (fs::exists(folder, error) ? "not a directory" : "no such directory"));
  if (::access(folder.c_str(), W_OK | X_OK) != 0) throw IoError(path + failure + system_error_text());
}

void check_free_space(const std::string& path, std::uint64_t bytes, std::string_view what) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path where = fs::exists(path, error) ? fs::path(path) : fs::path(path).parent_path();
  if (where.empty()) where = ".";
  struct statvfs disk {};
  if (::statvfs(where.c_str(), &disk) != 0) return;
  const std::uint64_t free = static_cast<std::uint64_t>(disk.f_bavail) * static_cast<std::uint64_t>(disk.f_frsize);
  if (free >= bytes) return;
  throw IoError(path + ": not enough free space for " + std::string(what) + " (needs about " +
                std::to_string((bytes + 1023) / 1024) + " KB, " + std::to_string(free / 1024) +
                " KB free); nothing was written");
}

void check_not_an_input(const std::string& output, const std::vector<std::string>& inputs) {
  struct stat out {};
  if (output.empty() || output == "-" || ::stat(output.c_str(), &out) != 0 || !S_ISREG(out.st_mode)) return;
  for (const std::string& input : inputs) {
    struct stat in {};
    if (input.empty() || input == "-" || ::stat(input.c_str(), &in) != 0) continue;
    if (in.st_dev == out.st_dev && in.st_ino == out.st_ino)
      throw IoError(output + ": is also an input (" + input + "); write the output elsewhere");
  }
}

void remove_stray_temporaries(const std::string& directory) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    const std::string name = entry.path().filename().string();
    const long pid = temporary_owner(name);
    if (pid < 0 || entry.is_directory(error)) continue;
    if (process_alive(pid)) continue;
    std::filesystem::remove(entry.path(), error);
  }
}

}  // namespace sudoku
