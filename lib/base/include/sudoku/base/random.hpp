// SPDX-License-Identifier: Apache-2.0
// Random numbers from explicit seeds, identical on every platform and standard library.
//
// Contract: the same seed gives the same stream forever (xoshiro256** seeded by splitmix64); bounded
// draws use our own unbiased reduction, never std::uniform_int_distribution, whose output differs
// between standard libraries. Streams for independent work items are derived with derive_seed so
// results do not depend on scheduling or thread count.
//
//   sudoku::Rng rng(sudoku::derive_seed(plan_seed, chapter, index));
//   rng.shuffle(cells.begin(), cells.end());
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <utility>

namespace sudoku {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next();
  // Uniform in [0, bound); bound > 0.
  std::uint32_t below(std::uint32_t bound);
  // Uniform in [0, 1).
  double unit();

  template <class RandomIt>
  void shuffle(RandomIt first, RandomIt last) {
    const auto n = static_cast<std::uint32_t>(std::distance(first, last));
    for (std::uint32_t i = n; i > 1; --i) std::iter_swap(first + (i - 1), first + below(i));
  }

 private:
  std::array<std::uint64_t, 4> state_;
};

// A well-mixed seed for a sub-stream, e.g. derive_seed(plan_seed, chapter, index).
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0);
// A stable 64-bit hash of text (FNV-1a then mixed), for seeding from puzzle strings.
std::uint64_t stable_hash(std::string_view text);

}  // namespace sudoku
