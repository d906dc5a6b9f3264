// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the --resume checkpoint reader (CheckpointStore::load, lib/generate/src), as
// generate-book --resume reads DIR/.generate-book-checkpoint.json.
//
// Expected outcome: a loaded store, or sudoku::InputError (malformed, or another run's fingerprint:
// the seeds carry kFingerprint) or sudoku::IoError. Properties checked: every result read has a
// puzzle and a solution of the same size; saved again and reloaded, each result reads back the same.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint_store.hpp"
#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace {

constexpr const char* kFingerprint = "0123456789abcdef";

std::string scratch(const char* name) {
  const char* folder = std::getenv("TMPDIR");
  return std::string(folder ? folder : "/tmp") + "/checkpoint_reader_fuzzer." + std::to_string(getpid()) +
         "." + name + ".json";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string input_path = scratch("input");
  static const std::string saved_path = scratch("saved");
  {
    std::ofstream file(input_path, std::ios::binary | std::ios::trunc);
    file << sudoku::fuzz::as_text(data, size);
  }
  sudoku::detail::CheckpointStore store(input_path, kFingerprint);
  try {
    store.load();
  } catch (const sudoku::InputError&) {
    return 0;
  } catch (const sudoku::IoError&) {
    return 0;
  }
  // The slots a small plan has; a store keyed beyond them is read the same way.
  sudoku::detail::CheckpointStore saved(saved_path, kFingerprint);
  std::vector<std::pair<sudoku::detail::SlotKey, std::string>> lines;
  for (std::size_t slot = 0; slot < 8; ++slot)
    for (int attempt = 0; attempt < 4; ++attempt)
      if (const auto result = store.find({slot, attempt})) {
        FUZZ_CHECK(result->puzzle.cell_count() == result->solution.cell_count(),
                   sudoku::to_line(result->puzzle));
        lines.push_back(
            {{slot, attempt}, sudoku::to_line(result->puzzle) + " " + sudoku::to_line(result->solution)});
        saved.add({slot, attempt}, *result);
      }
  if (lines.empty()) return 0;
  saved.save();
  sudoku::detail::CheckpointStore again(saved_path, kFingerprint);
  try {
    again.load();
  } catch (const sudoku::InputError& error) {
    FUZZ_CHECK(false, error.what());
  }
  for (const auto& [key, line] : lines) {
    const auto result = again.find(key);
    FUZZ_CHECK(result && sudoku::to_line(result->puzzle) + " " + sudoku::to_line(result->solution) == line,
               line);
  }
  return 0;
}
