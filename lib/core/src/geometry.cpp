#include "sudoku/geometry.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>

namespace sudoku {
namespace {

constexpr std::array<int, 6> kSupportedSizes{4, 6, 9, 12, 16, 25};

}  // namespace

std::span<const int> Geometry::supported_sizes() {
  return kSupportedSizes;
}

std::pair<int, int> Geometry::default_box(int size) {
  switch (size) {
    case 4:
      return {2, 2};
    case 6:
      return {2, 3};
    case 9:
      return {3, 3};
    case 12:
      return {3, 4};
    case 16:
      return {4, 4};
    case 25:
      return {5, 5};
    default:
      return {0, 0};
  }
}

std::shared_ptr<const Geometry> Geometry::standard(int size) {
  const auto [rows, cols] = default_box(size);
  if (rows == 0) {
    throw std::invalid_argument("unsupported grid size " + std::to_string(size) +
                                " (supported: 4, 6, 9, 12, 16, 25)");
  }
  return with_boxes(rows, cols);
}

std::shared_ptr<const Geometry> Geometry::with_boxes(int box_rows, int box_cols) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > kMaxSize || box_rows * box_cols < 2) {
    throw std::invalid_argument("unsupported box shape " + std::to_string(box_rows) + "x" +
                                std::to_string(box_cols) + " (the grid side must be 2 to 25)");
  }
  // Interned so that every grid of one shape shares a single geometry.
  static std::mutex mutex;
  static std::array<std::shared_ptr<const Geometry>, (kMaxSize + 1) * (kMaxSize + 1)> cache;
  const std::scoped_lock lock(mutex);
  auto& slot = cache[static_cast<std::size_t>(box_rows * (kMaxSize + 1) + box_cols)];
  if (!slot) slot.reset(new Geometry(box_rows, box_cols));
  return slot;
}

Geometry::Geometry(int box_rows, int box_cols)
    : size_(box_rows * box_cols),
      box_rows_(box_rows),
      box_cols_(box_cols),
      all_values_(size_ >= 32 ? ~CandidateMask{0} : (CandidateMask{1} << size_) - 1) {
  const int n = size_;
  for (int r = 0; r < n; ++r) {
    std::vector<int> unit;
    for (int c = 0; c < n; ++c) unit.push_back(cell_at(r, c));
    units_.push_back(std::move(unit));
  }
  for (int c = 0; c < n; ++c) {
    std::vector<int> unit;
    for (int r = 0; r < n; ++r) unit.push_back(cell_at(r, c));
    units_.push_back(std::move(unit));
  }
  for (int b = 0; b < n; ++b) {
    const int top = (b / box_rows_) * box_rows_;  // boxes per band = n / box_cols = box_rows
    const int left = (b % box_rows_) * box_cols_;
    std::vector<int> unit;
    for (int r = top; r < top + box_rows_; ++r)
      for (int c = left; c < left + box_cols_; ++c) unit.push_back(cell_at(r, c));
    units_.push_back(std::move(unit));
  }

  const int cells = cell_count();
  std::vector<std::vector<int>> units_by_cell(static_cast<std::size_t>(cells));
  for (int u = 0; u < static_cast<int>(units_.size()); ++u)
    for (int cell : units_[static_cast<std::size_t>(u)])
      units_by_cell[static_cast<std::size_t>(cell)].push_back(u);
  units_per_cell_ = static_cast<int>(units_by_cell[0].size());
  for (const auto& list : units_by_cell) unit_index_.insert(unit_index_.end(), list.begin(), list.end());

  peers_per_cell_ = -1;
  for (int cell = 0; cell < cells; ++cell) {
    std::vector<int> peers;
    for (int u : units_by_cell[static_cast<std::size_t>(cell)])
      for (int other : units_[static_cast<std::size_t>(u)])
        if (other != cell) peers.push_back(other);
    std::sort(peers.begin(), peers.end());
    peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
    if (peers_per_cell_ < 0) peers_per_cell_ = static_cast<int>(peers.size());
    peer_index_.insert(peer_index_.end(), peers.begin(), peers.end());
  }
}

int Geometry::box_of(int cell) const {
  const int r = row_of(cell);
  const int c = col_of(cell);
  return (r / box_rows_) * box_rows_ + c / box_cols_;
}

std::span<const int> Geometry::units_of(int cell) const {
  return {unit_index_.data() + cell * units_per_cell_, static_cast<std::size_t>(units_per_cell_)};
}

std::span<const int> Geometry::peers(int cell) const {
  return {peer_index_.data() + cell * peers_per_cell_, static_cast<std::size_t>(peers_per_cell_)};
}

std::string Geometry::describe() const {
  std::string text = std::to_string(size_) + "x" + std::to_string(size_);
  if (default_box(size_) != std::pair{box_rows_, box_cols_})
    text += " (" + std::to_string(box_rows_) + "x" + std::to_string(box_cols_) + " boxes)";
  return text;
}

char value_symbol(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + (value - 10));
}

int symbol_value(char symbol, int size) {
  int value = -1;
  if (symbol == '.' || symbol == '0') return 0;
  if (symbol >= '1' && symbol <= '9')
    value = symbol - '0';
  else if (symbol >= 'A' && symbol <= 'Z')
    value = symbol - 'A' + 10;
  else if (symbol >= 'a' && symbol <= 'z')
    value = symbol - 'a' + 10;
  return (value >= 1 && value <= size) ? value : -1;
}

}  // namespace sudoku
