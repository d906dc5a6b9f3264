// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the SQLite archive reader (sudoku::ArchiveDb opened read-only), as generate-book
// --archive and corpus-rate --archive read a file.
//
// Expected outcome: an archive, or sudoku::InputError (not SQLite, damaged, another program's
// database, a wrong schema version) or sudoku::IoError. Properties checked: reading never changes
// the file; every canonical key the archive lists is found again, and no more keys than rows.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/publish/archive_db.hpp"

namespace {

// One file per fuzzing process, rewritten for every input (SQLite reads files, not memory).
const std::string& archive_path() {
  static const std::string path = [] {
    const char* folder = std::getenv("TMPDIR");
    return std::string(folder ? folder : "/tmp") + "/archive_reader_fuzzer." + std::to_string(getpid()) +
           ".sqlite";
  }();
  return path;
}

std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(sudoku::fuzz::as_text(data, size));
  const std::string& path = archive_path();
  {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << input;
  }
  try {
    const sudoku::ArchiveDb archive(path);
    const auto keys = archive.canonical_keys();
    FUZZ_CHECK(keys.size() <= archive.size(), path);
    int looked_up = 0;
    for (const auto& key : keys) {
      if (++looked_up > 16) break;
      FUZZ_CHECK(!archive.find(key).empty(), key);
    }
    for (const auto& [slot, entry] : archive.current_slots("daily-grid"))
      FUZZ_CHECK(entry.date == slot.date && entry.slot == slot.slot && !entry.withdrawn, entry.canonical);
  } catch (const sudoku::InputError&) {
  } catch (const sudoku::IoError&) {}
  FUZZ_CHECK(read_all(path) == input, "the reader wrote the file");
  std::remove((path + "-journal").c_str());
  return 0;
}
