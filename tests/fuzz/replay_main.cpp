// SPDX-License-Identifier: Apache-2.0
// A main() for a fuzz target without libFuzzer: feeds every file named on the command line (or
// found in a named folder, in sorted order) to LLVMFuzzerTestOneInput once.
//
// Why: the fuzz targets' seed corpora hold every crasher found so far. Replaying them in every
// ordinary build (gcc, Release and the ASan build) turns each past finding into a regression test
// that needs neither clang nor libFuzzer; .ci/fuzz-smoke still does the actual fuzzing.
//
//   tests/fuzz/replay_main.cpp + puzzle_reader_fuzzer.cpp -> build/bin/puzzle_reader_replay
//   build/bin/puzzle_reader_replay tests/fuzz/corpus/puzzle_reader    # ctest -L fuzz-smoke
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path path = argv[i];
    if (!std::filesystem::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(path))
      if (entry.is_regular_file()) found.push_back(entry.path());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  const auto files = inputs(argc, argv);
  if (files.empty()) {
    std::fprintf(stderr, "%s: no input files (usage: %s FILE-OR-FOLDER...)\n", argv[0], argv[0]);
    return 2;
  }
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read %s\n", argv[0], file.c_str());
      return 2;
    }
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("%s: %zu inputs replayed\n", argv[0], files.size());
  return 0;
}
