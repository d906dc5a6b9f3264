// SPDX-License-Identifier: Apache-2.0
// A set of files written into a folder all-or-nothing: a book folder (book.json, puzzles.txt,
// solutions.txt, report.json, feed/*.json) or a folder of split grids, in a folder that may hold the
// user's other files, so the folder itself is never replaced.
//
// Why all-or-nothing: every file is first written and synced in a hidden staging folder inside the
// target (DIR/.staging-<pid>); then a manifest naming the files (DIR/.output-set) is written
// atomically and synced: that rename is the commit point. Only then are the files renamed into
// place, and the manifest removed last. A kill before the commit point leaves the old set (and a
// staging folder that the next run removes); a kill after it leaves a manifest, and the next
// OutputSet on that folder (or recover_output_set) finishes the renames before anything else, so
// the set becomes the complete new one. Renames replace links in DIR, never write through them;
// a subfolder of the set that is a link is refused.
//
// The folder's discipline, as SQLite keeps its database's (docs/reliability.md):
//   - One writer at a time: an OutputSet holds DIR/.output-set.lock (flock) from construction to
//     destruction; a second one in another process waits for it. A run that must own the folder for
//     longer (generate-book keeps its checkpoint there) takes an OutputFolderLock first, which
//     refuses a second run at once; the OutputSet of the same process shares it.
//   - The manifest is checked before it is trusted: every name is relative, without "." or ".."
//     parts or a part starting with ".staging-" or ".output-set", and the staging folder is a real
//     folder in DIR (never a link); anything else is refused and nothing is moved.
//   - Stale files: DIR/.output-set.KIND.names lists the set last installed by this kind of run
//     ("generate-book", "split"); a file it names that the new set does not is removed at the
//     commit, in the same manifest, so feed files of an earlier plan do not stay beside a new book.
//     A set of no kind ("") keeps no list and removes nothing (typeset's PDF and cover).
//     Nothing else in the folder is ever removed but temporaries of exactly the pattern
//     NAME.tmp-<pid>-XXXXXX of processes no longer running (a user's chapter.tmp-review stays).
//   - A reader of the folder (read_book) first settles a set whose install a kill interrupted
//     (settle_output_set), or refuses the folder when it cannot.
//
//   OutputSet out("book", "generate-book");  // waits for the lock, recovers an interrupted set
//   out.add("book.json", text); out.add("feed/2026-12-05.json", day); out.commit();
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// The lock of an output folder (DIR/.output-set.lock, created if missing; `directory` must exist).
// Wait::refuse throws IoError "DIR: another run is writing this folder; ..." when another process
// holds it; Wait::block waits. Held again by the same process (an OutputSet inside a run that took
// the lock first), it is shared, not deadlocked.
class OutputFolderLock {
 public:
  enum class Wait { block, refuse };
  explicit OutputFolderLock(const std::string& directory, Wait wait = Wait::block);
  ~OutputFolderLock();
  OutputFolderLock(const OutputFolderLock&) = delete;
  OutputFolderLock& operator=(const OutputFolderLock&) = delete;

 private:
  std::string key_;
};

class OutputSet {
 public:
  // Creates `directory` if missing and takes its lock. `kind` names the runs whose earlier sets
  // this one replaces (see above; "" none). IoError when it cannot be created or written.
  explicit OutputSet(std::string directory, std::string kind = "");
  // Without commit(): the staging folder is removed and the folder keeps its old set.
  ~OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // Writes `relative_path` (a name or "sub/name") into the staging folder.
  void add(const std::string& relative_path, std::string_view contents);
  // Swaps the whole set in (see above); returns the final paths in the order added.
  std::vector<std::string> commit();

  const std::string& directory() const { return directory_; }

 private:
  std::string directory_;
  std::string kind_;
  std::unique_ptr<OutputFolderLock> lock_;
  std::string staging_;
  std::vector<std::string> names_;
  bool committed_ = false;
};

// Finishes a set whose swap a kill interrupted (a manifest left in `directory`), removes staging
// folders and temporary files of dead runs; nothing when the folder is clean or missing. The
// caller holds the folder's lock.
void recover_output_set(const std::string& directory);

// For a reader of `directory`: when a manifest says an install was interrupted, takes the lock
// (waiting for a writer still at work) and finishes it. IoError "DIR: an interrupted install ...
// cannot be finished: ..." when the folder cannot be written; nothing when the folder is settled.
void settle_output_set(const std::string& directory);

}  // namespace sudoku
