// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/transform.hpp"

#include <algorithm>
#include <bit>
#include <bitset>
#include <map>
#include <mutex>
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

// The classic conditions: band and stack structure kept, transposition only for square boxes.
bool valid_for_boxes(const Transform& transform, const Geometry& geometry) {
  const int size = geometry.size();
  if (transform.transpose && geometry.box_rows() != geometry.box_cols()) return false;
  return is_block_permutation(transform.row_of, size, geometry.box_rows()) &&
         is_block_permutation(transform.col_of, size, geometry.box_cols());
}

// Variants' boards: rules beyond the rows, columns and boxes of a standard board.
bool has_extra_rules(const Geometry& geometry) {
  return !geometry.has_regular_boxes() ||
         static_cast<int>(geometry.units().size()) > geometry.first_extra_unit();
}

bool is_identity_or_reversal(const Line& line, int size) {
  bool identity = true;
  bool reversal = true;
  for (int i = 0; i < size; ++i) {
    identity = identity && line[static_cast<std::size_t>(i)] == i;
    reversal = reversal && line[static_cast<std::size_t>(i)] == size - 1 - i;
  }
  return identity || reversal;
}

// The source cell of image cell (r, c), as apply() reads it.
int source_cell(const Transform& transform, const Geometry& geometry, int r, int c) {
  const int from_row = transform.row_of[static_cast<std::size_t>(r)];
  const int from_col = transform.col_of[static_cast<std::size_t>(c)];
  return transform.transpose ? geometry.cell_at(from_col, from_row) : geometry.cell_at(from_row, from_col);
}

// Units as cell sets, for "is this set of cells a unit?" in the enumeration's inner loop.
using CellSet = std::bitset<kMaxCells>;

// True when the preimage of every unit from `first_unit` on is one of those units again (the maps
// are bijections of a finite set, so preimages onto means images onto).
bool maps_units_from(const Transform& transform, const Geometry& geometry, int first_unit,
                     const std::vector<CellSet>& sets) {
  const auto& units = geometry.units();
  for (std::size_t u = static_cast<std::size_t>(first_unit); u < units.size(); ++u) {
    CellSet preimage;
    for (int cell : units[u])
      preimage.set(static_cast<std::size_t>(
          source_cell(transform, geometry, geometry.row_of(cell), geometry.col_of(cell))));
    if (std::find(sets.begin(), sets.end(), preimage) == sets.end()) return false;
  }
  return true;
}

// The units the board's own rules add (extra units; the regions of a jigsaw board).
int first_rule_unit(const Geometry& geometry) {
  return geometry.has_regular_boxes() ? geometry.first_extra_unit() : 2 * geometry.size();
}

std::vector<CellSet> rule_unit_sets(const Geometry& geometry) {
  std::vector<CellSet> sets;
  const auto& units = geometry.units();
  for (std::size_t u = static_cast<std::size_t>(first_rule_unit(geometry)); u < units.size(); ++u) {
    CellSet set;
    for (int cell : units[u]) set.set(static_cast<std::size_t>(cell));
    sets.push_back(set);
  }
  return sets;
}

// Every permutation of 0..size-1 that moves whole blocks of `block` onto whole blocks.
void block_permutations(int size, int block, Line& line, int position, std::uint32_t used,
                        std::vector<Line>& out) {
  if (position == size) {
    out.push_back(line);
    return;
  }
  for (int to = 0; to < size; ++to) {
    if ((used >> to & 1U) != 0) continue;
    // The first index of a block picks a block; the others stay in it.
    const int head = position % block == 0 ? to : line[static_cast<std::size_t>(position - position % block)];
    if (to / block != head / block) continue;
    line[static_cast<std::size_t>(position)] = static_cast<std::uint8_t>(to);
    block_permutations(size, block, line, position + 1, used | 1U << to, out);
  }
}

// The rows (or columns) a set of lines reaches, as a bit mask.
std::uint32_t line_mask(const Line& line, std::uint32_t lines) {
  std::uint32_t mask = 0;
  for (; lines != 0; lines &= lines - 1)
    mask |= 1U << line[static_cast<std::size_t>(std::countr_zero(lines))];
  return mask;
}

std::vector<Transform> enumerate_rule_symmetries(const Geometry& geometry) {
  const int size = geometry.size();
  const std::vector<CellSet> sets = rule_unit_sets(geometry);
  const int first = first_rule_unit(geometry);
  // Cells of some rule unit: every cell of a rule unit must come from one of them, a cheap test
  // that rejects most candidate maps before the full one (X: 17 of 81 cells).
  CellSet covered;
  for (const CellSet& set : sets) covered |= set;
  std::vector<int> rule_cells;
  for (std::size_t u = static_cast<std::size_t>(first); u < geometry.units().size(); ++u)
    rule_cells.insert(rule_cells.end(), geometry.units()[u].begin(), geometry.units()[u].end());
  std::vector<Transform> maps;
  const auto keep_if_valid = [&](Transform transform) {
    for (int cell : rule_cells)
      if (!covered.test(static_cast<std::size_t>(
              source_cell(transform, geometry, geometry.row_of(cell), geometry.col_of(cell)))))
        return;
    for (int v = 0; v <= size; ++v)
      transform.relabel[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(v);
    if (maps_units_from(transform, geometry, first, sets)) maps.push_back(transform);
  };
  if (!geometry.has_regular_boxes() || size > 9) {
    for (const Transform& transform : square_symmetries(size))
      if (!geometry.has_regular_boxes() || valid_for_boxes(transform, geometry)) keep_if_valid(transform);
    return maps;
  }
  // Rows and columns each unit occupies: a row map must send every unit's rows to the rows (or,
  // transposed, the columns) of some unit, which prunes almost every map before pairing.
  std::vector<std::uint32_t> unit_rows;
  std::vector<std::uint32_t> unit_cols;
  for (std::size_t u = static_cast<std::size_t>(first); u < geometry.units().size(); ++u) {
    std::uint32_t rows = 0;
    std::uint32_t cols = 0;
    for (int cell : geometry.units()[u]) {
      rows |= 1U << geometry.row_of(cell);
      cols |= 1U << geometry.col_of(cell);
    }
    unit_rows.push_back(rows);
    unit_cols.push_back(cols);
  }
  const auto passes = [&](const Line& line, const std::vector<std::uint32_t>& from,
                          const std::vector<std::uint32_t>& onto) {
    for (std::uint32_t mask : from)
      if (std::find(onto.begin(), onto.end(), line_mask(line, mask)) == onto.end()) return false;
    return true;
  };
  std::vector<Line> row_maps;
  std::vector<Line> col_maps;
  Line scratch{};
  block_permutations(size, geometry.box_rows(), scratch, 0, 0, row_maps);
  block_permutations(size, geometry.box_cols(), scratch, 0, 0, col_maps);
  const bool square = geometry.box_rows() == geometry.box_cols();
  for (const bool transpose : {false, true}) {
    if (transpose && !square) continue;
    // Image row r reads source row row_of[r] (source column when transposed).
    std::vector<const Line*> rows_ok;
    std::vector<const Line*> cols_ok;
    for (const Line& line : row_maps)
      if (passes(line, unit_rows, transpose ? unit_cols : unit_rows)) rows_ok.push_back(&line);
    for (const Line& line : col_maps)
      if (passes(line, unit_cols, transpose ? unit_rows : unit_cols)) cols_ok.push_back(&line);
    for (const Line* rows : rows_ok)
      for (const Line* cols : cols_ok) {
        Transform transform;
        transform.transpose = transpose;
        transform.row_of = *rows;
        transform.col_of = *cols;
        keep_if_valid(transform);
      }
  }
  // Identity first: it is the first row map and the first column map, untransposed.
  return maps;
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
  if (!is_relabelling(transform.relabel, size)) return false;
  if (!geometry.has_regular_boxes()) {
    return is_identity_or_reversal(transform.row_of, size) &&
           is_identity_or_reversal(transform.col_of, size) && maps_units_onto_units(transform, geometry);
  }
  return valid_for_boxes(transform, geometry) &&
         (!has_extra_rules(geometry) || maps_units_onto_units(transform, geometry));
}

bool maps_units_onto_units(const Transform& transform, const Geometry& geometry) {
  std::vector<CellSet> sets;
  for (const auto& unit : geometry.units()) {
    CellSet set;
    for (int cell : unit) set.set(static_cast<std::size_t>(cell));
    sets.push_back(set);
  }
  return maps_units_from(transform, geometry, 0, sets);
}

std::vector<Transform> square_symmetries(int size) {
  std::vector<Transform> maps;
  for (const bool transpose : {false, true})
    for (const bool flip_rows : {false, true})
      for (const bool flip_cols : {false, true}) {
        Transform transform;
        transform.transpose = transpose;
        for (int i = 0; i < size; ++i) {
          const auto index = static_cast<std::size_t>(i);
          transform.row_of[index] = static_cast<std::uint8_t>(flip_rows ? size - 1 - i : i);
          transform.col_of[index] = static_cast<std::uint8_t>(flip_cols ? size - 1 - i : i);
        }
        for (int v = 0; v <= size; ++v)
          transform.relabel[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(v);
        maps.push_back(transform);
      }
  return maps;
}

std::vector<Transform> rule_symmetries(const Geometry& geometry) {
  if (!has_extra_rules(geometry) || geometry.is_gattai()) return {};  // gattai: gattai_symmetries
  if (!geometry.has_regular_boxes()) return enumerate_rule_symmetries(geometry);
  // The fixed variants' boards are shared singletons: enumerate once per board.
  static std::mutex mutex;
  static std::map<const Geometry*, std::vector<Transform>> cache;
  const std::scoped_lock lock(mutex);
  auto [slot, added] = cache.try_emplace(&geometry);
  if (added) slot->second = enumerate_rule_symmetries(geometry);
  return slot->second;
}

Transform random_transform(const Geometry& geometry, Rng& rng) {
  const int size = geometry.size();
  if (has_extra_rules(geometry)) {
    const std::vector<Transform> maps = rule_symmetries(geometry);
    Transform transform = maps[rng.below(static_cast<std::uint32_t>(maps.size()))];
    rng.shuffle(transform.relabel.begin() + 1, transform.relabel.begin() + size + 1);
    return transform;
  }
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
  if (geometry.is_gattai())
    throw std::invalid_argument("a " + geometry.describe() +
                                " board moves by its own symmetries (gattai_symmetries), not a single grid's transforms");
  const int size = geometry.size();
  std::shared_ptr<const Geometry> board = grid.geometry_ptr();
  if (!is_valid(transform, geometry)) {
    // A jigsaw board's layout moves with the grid under any symmetry of the square.
    const bool moves_layout = !geometry.has_regular_boxes() && geometry.cages().empty() &&
                              is_identity_or_reversal(transform.row_of, size) &&
                              is_identity_or_reversal(transform.col_of, size) &&
                              is_relabelling(transform.relabel, size);
    if (!moves_layout)
      throw std::invalid_argument("transform is not valid for a " + geometry.describe() + " board");
    std::vector<int> regions(static_cast<std::size_t>(geometry.cell_count()));
    std::array<int, kMaxSize> renumber{};
    renumber.fill(-1);
    int next = 0;
    for (int r = 0; r < size; ++r)
      for (int c = 0; c < size; ++c) {
        int& id = renumber[static_cast<std::size_t>(geometry.box_of(source_cell(transform, geometry, r, c)))];
        if (id < 0) id = next++;
        regions[static_cast<std::size_t>(geometry.cell_at(r, c))] = id;
      }
    board = Geometry::jigsaw(regions);
  }
  Grid image(board);
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
