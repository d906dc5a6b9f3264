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
//   OutputSet out("book");  // recovers an interrupted earlier set, clears stray temporaries
//   out.add("book.json", text); out.add("feed/2026-12-05.json", day); out.commit();
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

class OutputSet {
 public:
  // Creates `directory` if missing. IoError when it cannot be created or written.
  explicit OutputSet(std::string directory);
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
  std::string staging_;
  std::vector<std::string> names_;
  bool committed_ = false;
};

// Finishes a set whose swap a kill interrupted (a manifest left in `directory`), removes staging
// folders and temporary files of dead runs; nothing when the folder is clean or missing.
void recover_output_set(const std::string& directory);

}  // namespace sudoku
