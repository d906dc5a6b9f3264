// SPDX-License-Identifier: Apache-2.0
#include "board_layout.hpp"

#include <stdexcept>

namespace sudoku {

Standard9Layout::Standard9Layout(const Geometry& geometry) {
  if (geometry.cell_count() != kCells || static_cast<int>(geometry.units().size()) != kUnits)
    throw std::logic_error("Standard9Layout needs a 9x9 geometry with 27 units");
  for (int cell = 0; cell < kCells; ++cell) {
    const auto peers = geometry.peers(cell);
    if (static_cast<int>(peers.size()) != kPeers)
      throw std::logic_error("Standard9Layout needs 20 peers per cell");
    for (int i = 0; i < kPeers; ++i)
      peers_[static_cast<std::size_t>(cell * kPeers + i)] =
          static_cast<Index>(peers[static_cast<std::size_t>(i)]);
  }
  for (int unit = 0; unit < kUnits; ++unit) {
    const auto& cells = geometry.units()[static_cast<std::size_t>(unit)];
    for (int i = 0; i < kSize; ++i)
      units_[static_cast<std::size_t>(unit * kSize + i)] =
          static_cast<Index>(cells[static_cast<std::size_t>(i)]);
  }
}

GenericLayout::GenericLayout(const Geometry& geometry)
    : size_(geometry.size()),
      cells_(geometry.cell_count()),
      all_values_(geometry.all_values()),
      cages_(geometry.cages()) {
  peer_starts_.push_back(0);
  for (int cell = 0; cell < cells_; ++cell) {
    for (const int peer : geometry.peers(cell)) peers_.push_back(static_cast<Index>(peer));
    peer_starts_.push_back(static_cast<int>(peers_.size()));
  }
  unit_starts_.push_back(0);
  for (const auto& unit : geometry.units()) {
    for (const int cell : unit) units_.push_back(static_cast<Index>(cell));
    unit_starts_.push_back(static_cast<int>(units_.size()));
  }
  cell_unit_starts_.push_back(0);
  for (int cell = 0; cell < cells_; ++cell) {
    for (const int unit : geometry.units_of(cell)) cell_units_.push_back(static_cast<Index>(unit));
    cell_unit_starts_.push_back(static_cast<int>(cell_units_.size()));
  }
  if (!cages_.empty())
    for (int cell = 0; cell < cells_; ++cell) cage_of_.push_back(geometry.cage_of(cell));
}

bool uses_standard9_layout(const Geometry& geometry) {
  // Standard geometries are interned, so identity is a pointer comparison; variant 9x9 shapes
  // (other boxes, extra units) are different objects and take the generic layout.
  static const Geometry* const standard9 = Geometry::standard(9).get();
  return &geometry == standard9;
}

const Standard9Layout& standard9_layout() {
  static const Standard9Layout layout(*Geometry::standard(9));
  return layout;
}

}  // namespace sudoku
