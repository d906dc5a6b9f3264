// SPDX-License-Identifier: Apache-2.0
// Shared helpers for the libFuzzer targets.
//
// A fuzz target feeds one input to one reader. The reader's documented error exceptions are normal
// outcomes and are caught by the target; everything else (a crash, a sanitizer report, an exception
// of another type, a broken property checked with FUZZ_CHECK) is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace sudoku::fuzz {

// The input as text. Readers take string_views or streams, so no terminating NUL is needed.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A property the reader promises beyond "does not crash" (a round trip, an invariant of its
// result). Aborts so that libFuzzer records the input as a crasher.
[[noreturn]] inline void property_failed(const char* condition, const char* file, int line,
                                         std::string_view detail) {
  std::fprintf(stderr, "%s:%d: fuzz property failed: %s\n%.*s\n", file, line, condition,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace sudoku::fuzz

#define FUZZ_CHECK(condition, detail)                                                            \
  do {                                                                                           \
    if (!(condition)) ::sudoku::fuzz::property_failed(#condition, __FILE__, __LINE__, (detail)); \
  } while (false)
