// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the output-set manifest reader (sudoku::recover_output_set on a folder whose
// DIR/.output-set is the input), as generate-book, typeset --split and typeset's book reader read a
// manifest a kill left behind — or one somebody planted.
//
// Expected outcome: the folder settled, or sudoku::IoError (a manifest this toolchain did not write).
// Property checked: nothing outside the output folder is created, moved or removed, whatever the
// manifest names ("../x", "/etc/passwd", a link as the staging folder).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/output_set.hpp"

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fs::path root = fs::temp_directory_path() / ("output-set-fuzz-" + std::to_string(::getpid()));
  std::error_code error;
  fs::remove_all(root, error);
  fs::create_directories(root / "out" / ".staging-1");
  std::ofstream(root / "beside.txt") << "beside";
  std::ofstream(root / "out" / ".staging-1" / "a.txt") << "a";
  std::ofstream(root / "out" / ".output-set", std::ios::binary) << sudoku::fuzz::as_text(data, size);
  try {
    sudoku::recover_output_set((root / "out").string());
  } catch (const sudoku::IoError&) {
  } catch (const sudoku::InputError&) {}
  std::size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(root)) {
    ++entries;
    const std::string name = entry.path().filename().string();
    FUZZ_CHECK(name == "out" || name == "beside.txt", name);
  }
  FUZZ_CHECK(entries == 2 && fs::exists(root / "beside.txt"), sudoku::fuzz::as_text(data, size));
  fs::remove_all(root, error);
  return 0;
}
