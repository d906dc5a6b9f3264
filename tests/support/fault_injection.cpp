// SPDX-License-Identifier: Apache-2.0
// Fault injection for the reliability suite: preloaded into a tool (LD_PRELOAD), it makes the N-th
// call among write and pwrite (to a descriptor above 2), rename, fsync and fdatasync fail, as a
// full or failing disk would: SUDOKU_FAULT_AT=N (1-based; 0 or unset: no fault). A write fails with
// ENOSPC, the others with EIO. With SUDOKU_FAULT_LOG=FILE the number of such calls the run made is
// written to FILE at exit, so a test learns how many points there are to fail. Calls from every
// thread count, in the order they happen. SUDOKU_FAULT_FREE_BYTES=N makes statvfs report N bytes
// free (f_bavail), as a nearly full disk would, for the checks made before a commit.
//
// The system headers that declare these functions are left out on purpose: they declare some of
// them noexcept, which a definition here would contradict. Only the types are needed.
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/statvfs.h>  // declares statvfs noexcept; the definition below matches
#include <sys/types.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdlib>

namespace {

std::atomic<long> calls{0};
long fail_at = -1;

bool should_fail() {
  if (fail_at < 0) {
    const char* at = std::getenv("SUDOKU_FAULT_AT");
    fail_at = at != nullptr ? std::atol(at) : 0;
  }
  return ++calls == fail_at && fail_at > 0;
}

template <class Function>
Function next(const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

using Write = ssize_t (*)(int, const void*, size_t);
using PositionedWrite = ssize_t (*)(int, const void*, size_t, off_t);
using Rename = int (*)(const char*, const char*);
using Sync = int (*)(int);
using Close = int (*)(int);

}  // namespace

extern "C" {

ssize_t write(int fd, const void* data, size_t size) {
  static const Write real = next<Write>("write");
  if (fd > 2 && should_fail()) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, data, size);
}

ssize_t pwrite(int fd, const void* data, size_t size, off_t offset) {
  static const PositionedWrite real = next<PositionedWrite>("pwrite");
  if (fd > 2 && should_fail()) {
    errno = ENOSPC;
    return -1;
  }
  return real(fd, data, size, offset);
}

// The same call under its large-file name (SQLite's).
ssize_t pwrite64(int fd, const void* data, size_t size, off_t offset) {
  static const PositionedWrite real = next<PositionedWrite>("pwrite64");
  return fd > 2 && should_fail() ? (errno = ENOSPC, -1) : real(fd, data, size, offset);
}

int rename(const char* from, const char* to) {
  static const Rename real = next<Rename>("rename");
  if (should_fail()) {
    errno = EIO;
    return -1;
  }
  return real(from, to);
}

int fsync(int fd) {
  static const Sync real = next<Sync>("fsync");
  return should_fail() ? (errno = EIO, -1) : real(fd);
}

int fdatasync(int fd) {
  static const Sync real = next<Sync>("fdatasync");
  return should_fail() ? (errno = EIO, -1) : real(fd);
}

// statvfs with SUDOKU_FAULT_FREE_BYTES: the real answer with that many bytes available.
int statvfs(const char* path, struct statvfs* disk) noexcept {
  using Statvfs = int (*)(const char*, struct statvfs*);
  static const Statvfs real = next<Statvfs>("statvfs");
  const int result = real(path, disk);
  const char* free = std::getenv("SUDOKU_FAULT_FREE_BYTES");
  if (result == 0 && free != nullptr && disk->f_frsize > 0)
    disk->f_bavail = static_cast<fsblkcnt_t>(std::strtoull(free, nullptr, 10) / disk->f_frsize);
  return result;
}

}  // extern "C"

namespace {

// At exit: the number of calls counted, into SUDOKU_FAULT_LOG (written with the real write).
__attribute__((destructor)) void report() {
  const char* log = std::getenv("SUDOKU_FAULT_LOG");
  if (log == nullptr) return;
  const int fd = ::open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return;
  char text[32];
  auto end = std::to_chars(text, text + sizeof text - 1, calls.load()).ptr;
  *end++ = '\n';
  next<Write>("write")(fd, text, static_cast<size_t>(end - text));
  next<Close>("close")(fd);
}

}  // namespace
