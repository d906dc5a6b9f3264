// SPDX-License-Identifier: Apache-2.0
// Crash-safe output: files are written to a temporary name beside the target, flushed to disk and
// renamed over it, so a reader (or a crash) never sees a half-written file.
//
// Contract: a regular file holds either its old contents or the complete new ones. Errors: IoError
// naming the path, for writing and for reading.
//
// Symbolic links are never written through (docs/reliability.md): a target that is a link is
// replaced by the new file (the rename replaces the link itself, not what it points to). The one
// exception is a name under /dev or /proc (/dev/stdout, /dev/fd/1): those are the system's names
// for open descriptors and devices, written in place like any device or FIFO.
//
//   sudoku::write_file_atomically("book/book.json", sudoku::book_to_json(book));
//   AtomicFileWriter out("records.csv");  // records.csv.tmp-<pid>-XXXXXX until commit()
//   out.write(header); out.write(row); out.commit();
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/base/text_input.hpp"  // read_file, the capped reader

namespace sudoku {

// Replaces `path` with `contents` atomically. Throws IoError naming the path on any failure (the
// temporary file is removed). A path that exists but is not a regular file (a device such as
// /dev/full, a FIFO) is written in place instead: it cannot be replaced, only written to.
void write_file_atomically(const std::string& path, std::string_view contents);

// The same for output made piece by piece (corpus-rate's records): write() appends (buffered),
// commit() syncs and renames; destroyed without commit() the temporary file is removed and `path`
// keeps its old contents. Devices and FIFOs are written in place, as above.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(std::string path);  // IoError when the temporary file cannot be made
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  void write(std::string_view bytes);
  // Writes and syncs what was written so far, so a full disk shows now; commit() then only renames.
  // For an output replaced after others (a proof after its split set): its space is proved first.
  void sync();
  void commit();

 private:
  void flush();
  [[noreturn]] void fail(const std::string& reason);

  std::string path_;
  std::string temp_;  // empty when writing in place
  int fd_ = -1;
  std::string buffer_;
};

// Checks, before any work, that `path` can be written (a file, or with `directory` a folder that
// may still have to be created): IoError "PATH: cannot write: ..." (or "cannot create the output
// directory") when its folder is missing or not writable, or it is a directory (a file that is
// expected to be a folder). A tool calls it for every output before the long part of its run, so
// a typo in the last path does not cost the run nor leave the other outputs replaced.
void check_writable(const std::string& path, bool directory = false);

// Refuses, before anything is written, an output that will not fit: IoError "PATH: not enough free
// space for WHAT (needs about N KB, M KB free); nothing was written" when the file system holding
// `path` (its folder when it does not exist yet) has fewer than `bytes` bytes free for this user
// (statvfs f_bavail). A file system that cannot be asked is taken to have room (the writes still
// check). The estimate is the caller's: for an archive update, its rows, index entries and journal.
void check_free_space(const std::string& path, std::uint64_t bytes, std::string_view what);

// Refuses an output that is one of the run's inputs (the same file by device and inode, so
// "bk/./book.json" and a link to it count): IoError "OUTPUT: is also an input (INPUT); write the
// output elsewhere". An output that does not exist yet is no input; "-" and empty names are skipped.
void check_not_an_input(const std::string& output, const std::vector<std::string>& inputs);

// Removes temporary files ("NAME.tmp-...") that earlier runs left in `directory` when killed; a file
// of a process still running is kept. Not recursive.
void remove_stray_temporaries(const std::string& directory);

}  // namespace sudoku
