// SPDX-License-Identifier: Apache-2.0
// CellSet: a set of cell indices as a fixed bit array — the technique grader's working form for
// "the cells of a unit", "the peers of a cell" and "the cells where a digit can still go".
//
// Contract: capacity 64 * Words cells; indices must be below it (unchecked). A value type without
// heap storage, so copying a board of them is a memcpy. Words is chosen per geometry (2 covers the
// 9x9 hot path, see engine.hpp). Cell c is bit c % 64 of word c / 64:
//
//   word 0   bit 63 ........ bit 1   bit 0     word 1   bit 63 ......... bit 16  ...  bit 0
//            cell 63         cell 1  cell 0             cell 127         cell 80      cell 64
//   (9x9: cell = 9 * row + column, 0-based; bits 81..127 stay clear: no operation complements)
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "sudoku/model/geometry.hpp"

namespace sudoku::technique {

// Bit counts in plain arithmetic: the library targets baseline x86-64, where std::popcount becomes
// a call into libgcc; these inline to a dozen instructions (or to POPCNT where the target has it).
// 32-bit words are candidate masks and unit positions: candidate_count (geometry.hpp) counts them.
constexpr int bit_count(std::uint32_t x) {
  return candidate_count(x);
}
constexpr int bit_count(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

template <int Words>
class CellSet {
 public:
  static constexpr int kCapacity = 64 * Words;

  bool test(int cell) const { return (words_[word(cell)] >> (cell & 63)) & 1U; }
  void set(int cell) { words_[word(cell)] |= bit(cell); }
  void reset(int cell) { words_[word(cell)] &= ~bit(cell); }

  bool any() const {
    std::uint64_t all = 0;
    for (const std::uint64_t w : words_) all |= w;
    return all != 0;
  }
  bool none() const { return !any(); }
  int count() const {
    int total = 0;
    for (const std::uint64_t w : words_) total += bit_count(w);
    return total;
  }
  // min(count(), cap + 1): cheap for small caps (no popcount instruction needed).
  int count_upto(int cap) const {
    int total = 0;
    for (std::uint64_t w : words_)
      for (; w != 0 && total <= cap; w &= w - 1) ++total;
    return total;
  }
  // True when the set has exactly one element; cheaper than count() == 1.
  bool single() const {
    int seen = 0;
    for (const std::uint64_t w : words_) {
      if (w == 0) continue;
      if ((w & (w - 1)) != 0 || ++seen > 1) return false;
    }
    return seen == 1;
  }
  // Smallest element, or -1 when empty.
  int first() const {
    for (int i = 0; i < Words; ++i)
      if (words_[static_cast<std::size_t>(i)] != 0)
        return i * 64 + std::countr_zero(words_[static_cast<std::size_t>(i)]);
    return -1;
  }
  bool subset_of(const CellSet& other) const {
    for (int i = 0; i < Words; ++i)
      if ((words_[static_cast<std::size_t>(i)] & ~other.words_[static_cast<std::size_t>(i)]) != 0)
        return false;
    return true;
  }
  bool intersects(const CellSet& other) const {
    for (int i = 0; i < Words; ++i)
      if ((words_[static_cast<std::size_t>(i)] & other.words_[static_cast<std::size_t>(i)]) != 0) return true;
    return false;
  }

  CellSet& operator&=(const CellSet& other) {
    for (int i = 0; i < Words; ++i)
      words_[static_cast<std::size_t>(i)] &= other.words_[static_cast<std::size_t>(i)];
    return *this;
  }
  CellSet& operator|=(const CellSet& other) {
    for (int i = 0; i < Words; ++i)
      words_[static_cast<std::size_t>(i)] |= other.words_[static_cast<std::size_t>(i)];
    return *this;
  }
  // Removes every element of `other`.
  CellSet& operator-=(const CellSet& other) {
    for (int i = 0; i < Words; ++i)
      words_[static_cast<std::size_t>(i)] &= ~other.words_[static_cast<std::size_t>(i)];
    return *this;
  }
  friend CellSet operator&(CellSet a, const CellSet& b) { return a &= b; }
  friend CellSet operator|(CellSet a, const CellSet& b) { return a |= b; }
  friend CellSet operator-(CellSet a, const CellSet& b) { return a -= b; }
  friend bool operator==(const CellSet& a, const CellSet& b) { return a.words_ == b.words_; }

  // Calls f(cell) for every element, ascending.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < Words; ++i) {
      std::uint64_t bits = words_[static_cast<std::size_t>(i)];
      while (bits != 0) {
        f(i * 64 + std::countr_zero(bits));
        bits &= bits - 1;
      }
    }
  }

 private:
  static std::size_t word(int cell) { return static_cast<std::size_t>(cell >> 6); }
  static std::uint64_t bit(int cell) { return std::uint64_t{1} << (cell & 63); }

  std::array<std::uint64_t, Words> words_{};
};

}  // namespace sudoku::technique
