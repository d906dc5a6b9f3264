// SPDX-License-Identifier: Apache-2.0
// Board layouts for the rating kernels (private to the library): a geometry's peers and units
// flattened into index tables, in two flavours with one interface.
//
// Contract: Standard9Layout serves only the standard 9x9 geometry (Geometry::standard(9)) and has
// compile-time sizes, so loops over peers and units unroll; GenericLayout serves any geometry,
// including variants whose cells have different numbers of peers or units. Both take every index
// from the geometry's data; neither knows what a row, column or box is.
//
// Bits, in both layouts: a Mask holds a cell's values, bit v-1 for value v (9 bits in a 16-bit
// Mask for 9x9, up to 25 in a 32-bit Mask otherwise); sets of cells (the rating kernels' open and
// fixed cells) take word_count() 64-bit words, cell i at bit i % 64 of word i / 64:
//
//   Mask (9x9)     15 ... 9   8   7   6   5   4   3   2   1   0
//                 +--------+---+---+---+---+---+---+---+---+---+
//                 | 0 .. 0 | 9 | 8 | 7 | 6 | 5 | 4 | 3 | 2 | 1 |   value v at bit v-1
//                 +--------+---+---+---+---+---+---+---+---+---+
//
//   cell sets      word 0                 word 1                     word n-1
//                 +---------------------+--------------------------+-----+----------------------+
//                 | cells 0..63 (bit i) | cells 64..127 (bit i-64) | ... | last cells, then 0s  |
//                 +---------------------+--------------------------+-----+----------------------+
//   9x9: 2 words (cells 64..80 in bits 0..16 of word 1); 16x16: 4; 25x25: 10 (625 cells).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sudoku/model/geometry.hpp"

namespace sudoku {

class Standard9Layout {
 public:
  using Mask = std::uint16_t;
  using Index = std::uint8_t;
  static constexpr int kSize = 9;
  static constexpr int kCells = 81;
  static constexpr int kPeers = 20;
  static constexpr int kUnits = 27;

  explicit Standard9Layout(const Geometry& geometry);

  static constexpr int size() { return kSize; }
  static constexpr int cell_count() { return kCells; }
  static constexpr int word_count() { return 2; }
  static constexpr int unit_count() { return kUnits; }
  static constexpr Mask all_values() { return 0x1FF; }
  std::span<const Index, kPeers> peers(int cell) const {
    return std::span<const Index, kPeers>(peers_.data() + cell * kPeers, kPeers);
  }
  std::span<const Index, kSize> unit(int unit) const {
    return std::span<const Index, kSize>(units_.data() + unit * kSize, kSize);
  }
  // The standard board has no Killer cages.
  static constexpr bool kMayHaveCages = false;
  static std::span<const Cage> cages() { return {}; }
  static int cage_of(int /*cell*/) { return -1; }

 private:
  std::array<Index, kCells * kPeers> peers_{};
  std::array<Index, kUnits * kSize> units_{};
};

class GenericLayout {
 public:
  using Mask = std::uint32_t;
  using Index = std::uint16_t;

  explicit GenericLayout(const Geometry& geometry);

  int size() const { return size_; }
  int cell_count() const { return cells_; }
  int word_count() const { return (cells_ + 63) / 64; }
  int unit_count() const { return static_cast<int>(unit_starts_.size()) - 1; }
  Mask all_values() const { return all_values_; }
  std::span<const Index> peers(int cell) const { return slice(peers_, peer_starts_, cell); }
  std::span<const Index> unit(int unit) const { return slice(units_, unit_starts_, unit); }
  // Indices of the units containing `cell`.
  std::span<const Index> units_of(int cell) const { return slice(cell_units_, cell_unit_starts_, cell); }
  // The geometry's Killer cages (empty for other boards) and the cage of each cell (-1: none).
  static constexpr bool kMayHaveCages = true;
  std::span<const Cage> cages() const { return cages_; }
  int cage_of(int cell) const { return cage_of_.empty() ? -1 : cage_of_[static_cast<std::size_t>(cell)]; }

 private:
  static std::span<const Index> slice(const std::vector<Index>& list, const std::vector<int>& starts,
                                      int at) {
    const auto begin = static_cast<std::size_t>(starts[static_cast<std::size_t>(at)]);
    const auto end = static_cast<std::size_t>(starts[static_cast<std::size_t>(at) + 1]);
    return std::span<const Index>(list.data() + begin, end - begin);
  }

  int size_;
  int cells_;
  Mask all_values_;
  std::vector<Index> peers_;
  std::vector<int> peer_starts_;
  std::vector<Index> units_;
  std::vector<int> unit_starts_;
  std::vector<Index> cell_units_;
  std::vector<int> cell_unit_starts_;
  std::vector<Cage> cages_;
  std::vector<int> cage_of_;  // empty without cages
};

// True for the geometry Standard9Layout serves: the shared standard 9x9 board, whose units are the
// 27 rows, columns and boxes and whose cells all have 20 peers.
bool uses_standard9_layout(const Geometry& geometry);
// The shared 9x9 layout, built once from Geometry::standard(9).
const Standard9Layout& standard9_layout();

}  // namespace sudoku
