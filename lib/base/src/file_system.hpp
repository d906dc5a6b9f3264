// SPDX-License-Identifier: Apache-2.0
// Small POSIX helpers that the atomic file writer and the output set share (private to base).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace sudoku {

// A directory's entries (a file renamed into it) reach the disk only when the directory itself is
// synced. Best effort: a folder that cannot be opened is left as it is.
inline void sync_directory(const std::filesystem::path& directory) {
  const int fd = ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

// Whether the process that left a temporary file or staging folder (its pid in the name) still
// runs: then its files are not ours to clean up. EPERM means it runs under another user.
inline bool process_alive(long pid) {
  return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

}  // namespace sudoku
