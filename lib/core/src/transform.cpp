#include "sudoku/transform.hpp"

#include <numeric>
#include <stdexcept>

namespace sudoku {
namespace {

using Line = std::array<std::uint8_t, kMaxSize>;

// True when `line` (first size entries) permutes 0..size-1 and moves whole blocks of `block`
// consecutive indices onto whole blocks, which is what keeps bands (or stacks) intact.
bool is_block_permutation(const Line& line, int size, int block) {
  std::uint32_t seen = 0;
  for (int i = 0; i < size; ++i) {
    const int to = line[static_cast<std::size_t>(i)];
    if (to >= size || (seen >> to & 1U) != 0) return false;
    seen |= 1U << to;
    const int block_head = line[static_cast<std::size_t>(i - i % block)];
    if (to / block != block_head / block) return false;
  }
  return true;
}

bool is_relabelling(const std::array<std::uint8_t, kMaxSize + 1>& relabel, int size) {
  if (relabel[0] != 0) return false;
  std::uint32_t seen = 0;
  for (int v = 1; v <= size; ++v) {
    const int to = relabel[static_cast<std::size_t>(v)];
    if (to < 1 || to > size || (seen >> to & 1U) != 0) return false;
    seen |= 1U << to;
  }
  return true;
}

// Uniform over permutations of `count` blocks of `block` indices combined with an independent
// permutation inside every block: every block-respecting permutation is equally likely.
void draw_block_permutation(Line& line, int count, int block, Rng& rng) {
  std::array<std::uint8_t, kMaxSize> block_order{};
  std::iota(block_order.begin(), block_order.begin() + count, std::uint8_t{0});
  rng.shuffle(block_order.begin(), block_order.begin() + count);
  for (int b = 0; b < count; ++b) {
    auto* first = line.data() + b * block;
    for (int i = 0; i < block; ++i)
      first[i] = static_cast<std::uint8_t>(block_order[static_cast<std::size_t>(b)] * block + i);
    rng.shuffle(first, first + block);
  }
}

Line invert(const Line& line, int size) {
  Line inverse{};
  for (int i = 0; i < size; ++i) inverse[line[static_cast<std::size_t>(i)]] = static_cast<std::uint8_t>(i);
  return inverse;
}

}  // namespace

Transform Transform::identity(const Geometry& geometry) {
  Transform transform;
  for (int i = 0; i < geometry.size(); ++i) {
    transform.row_of[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    transform.col_of[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  }
  for (int v = 0; v <= geometry.size(); ++v)
    transform.relabel[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(v);
  return transform;
}

bool is_valid(const Transform& transform, const Geometry& geometry) {
  const int size = geometry.size();
  if (transform.transpose && geometry.box_rows() != geometry.box_cols()) return false;
  return is_block_permutation(transform.row_of, size, geometry.box_rows()) &&
         is_block_permutation(transform.col_of, size, geometry.box_cols()) &&
         is_relabelling(transform.relabel, size);
}

Transform random_transform(const Geometry& geometry, Rng& rng) {
  const int size = geometry.size();
  Transform transform;
  // Drawn in a fixed order so a seed always yields the same transform.
  transform.transpose = geometry.box_rows() == geometry.box_cols() && rng.below(2) == 1;
  draw_block_permutation(transform.row_of, size / geometry.box_rows(), geometry.box_rows(), rng);
  draw_block_permutation(transform.col_of, size / geometry.box_cols(), geometry.box_cols(), rng);
  for (int v = 0; v <= size; ++v)
    transform.relabel[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(v);
  rng.shuffle(transform.relabel.begin() + 1, transform.relabel.begin() + size + 1);
  return transform;
}

Grid apply(const Transform& transform, const Grid& grid) {
  const Geometry& geometry = grid.geometry();
  if (!is_valid(transform, geometry))
    throw std::invalid_argument("transform is not valid for a " + geometry.describe() + " board");
  const int size = geometry.size();
  Grid image(grid.geometry_ptr());
  for (int r = 0; r < size; ++r) {
    const int from_row = transform.row_of[static_cast<std::size_t>(r)];
    for (int c = 0; c < size; ++c) {
      const int from_col = transform.col_of[static_cast<std::size_t>(c)];
      const int value = transform.transpose ? grid.at(from_col, from_row) : grid.at(from_row, from_col);
      image.set(geometry.cell_at(r, c), transform.relabel[static_cast<std::size_t>(value)]);
    }
  }
  return image;
}

Transform compose(const Transform& first, const Transform& second, const Geometry& geometry) {
  const int size = geometry.size();
  Transform result;
  result.transpose = first.transpose != second.transpose;
  // When `second` transposes, the rows it picks are columns of `first`'s image and vice versa.
  const Line& rows_seen_by_second = second.transpose ? first.col_of : first.row_of;
  const Line& cols_seen_by_second = second.transpose ? first.row_of : first.col_of;
  for (int i = 0; i < size; ++i) {
    const auto index = static_cast<std::size_t>(i);
    result.row_of[index] = rows_seen_by_second[second.row_of[index]];
    result.col_of[index] = cols_seen_by_second[second.col_of[index]];
  }
  for (int v = 0; v <= size; ++v) {
    const auto index = static_cast<std::size_t>(v);
    result.relabel[index] = second.relabel[first.relabel[index]];
  }
  return result;
}

Transform inverse(const Transform& transform, const Geometry& geometry) {
  const int size = geometry.size();
  Transform result;
  result.transpose = transform.transpose;
  const Line rows = invert(transform.row_of, size);
  const Line cols = invert(transform.col_of, size);
  // Undoing a transposition swaps the roles of the row and column maps.
  result.row_of = transform.transpose ? cols : rows;
  result.col_of = transform.transpose ? rows : cols;
  for (int v = 0; v <= size; ++v)
    result.relabel[transform.relabel[static_cast<std::size_t>(v)]] = static_cast<std::uint8_t>(v);
  return result;
}

}  // namespace sudoku
