// SPDX-License-Identifier: Apache-2.0
// Per-geometry tables of the technique grader, board loading and text helpers.
#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <mutex>

#include "engine.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku::technique {
namespace {

// A unit's kind is read from its cells, so variant units (diagonals, jigsaw regions) need no
// registration: anything that is not a whole row, column or box is "other".
UnitKind classify(const Geometry& geometry, const std::vector<int>& unit) {
  const auto same = [&](auto key) {
    return std::all_of(unit.begin(), unit.end(), [&](int cell) { return key(cell) == key(unit.front()); });
  };
  if (same([&](int cell) { return geometry.row_of(cell); })) return UnitKind::row;
  if (same([&](int cell) { return geometry.col_of(cell); })) return UnitKind::column;
  if (same([&](int cell) { return geometry.box_of(cell); })) return UnitKind::box;
  return UnitKind::other;
}

// A family of rows and columns (engine.hpp's LineFamily), given as unit indices.
LineFamily line_family(const std::vector<std::vector<int>>& units, int cell_count,
                       const std::vector<int>& rows, const std::vector<int>& columns) {
  LineFamily family;
  family.rows = rows;
  family.columns = columns;
  family.row_position.assign(static_cast<std::size_t>(cell_count), -1);
  family.column_position.assign(static_cast<std::size_t>(cell_count), -1);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int cell : units[static_cast<std::size_t>(rows[i])])
      family.row_position[static_cast<std::size_t>(cell)] = static_cast<int>(i);
  for (std::size_t i = 0; i < columns.size(); ++i)
    for (int cell : units[static_cast<std::size_t>(columns[i])])
      family.column_position[static_cast<std::size_t>(cell)] = static_cast<int>(i);
  family.crossing.assign(rows.size() * columns.size(), -1);
  for (int cell = 0; cell < cell_count; ++cell) {
    const int row = family.row_position[static_cast<std::size_t>(cell)];
    const int column = family.column_position[static_cast<std::size_t>(cell)];
    if (row >= 0 && column >= 0)
      family.crossing[static_cast<std::size_t>(row) * columns.size() + static_cast<std::size_t>(column)] =
          cell;
  }
  // Whether each of `lines` lists its cells in the order of the crossing lines (`crossing_position`).
  const auto in_order = [&](const std::vector<int>& lines, const std::vector<int>& crossing_position) {
    for (int unit : lines) {
      const std::vector<int>& members = units[static_cast<std::size_t>(unit)];
      for (std::size_t i = 0; i < members.size(); ++i)
        if (crossing_position[static_cast<std::size_t>(members[i])] != static_cast<int>(i)) return false;
    }
    return true;
  };
  family.lines_in_order = !rows.empty() && !columns.empty() && in_order(rows, family.column_position) &&
                          in_order(columns, family.row_position);
  return family;
}

// The units that are grid `grid`'s rows and columns on a gattai board, each in order.
std::pair<std::vector<int>, std::vector<int>> grid_lines(const Geometry& geometry, int grid) {
  const std::vector<int> cells = gattai_grid_cells(geometry, grid);  // row-major within the grid
  const auto& units = geometry.units();
  const auto unit_with = [&](std::vector<int> members) {
    std::sort(members.begin(), members.end());
    for (std::size_t u = 0; u < units.size(); ++u) {
      std::vector<int> sorted = units[u];
      std::sort(sorted.begin(), sorted.end());
      if (sorted == members) return static_cast<int>(u);
    }
    return -1;  // not reached: every row and column of a grid is a unit of the board
  };
  constexpr int kGrid = 9;
  std::vector<int> rows;
  std::vector<int> columns;
  for (int line = 0; line < kGrid; ++line) {
    std::vector<int> row;
    std::vector<int> column;
    for (int i = 0; i < kGrid; ++i) {
      row.push_back(cells[static_cast<std::size_t>(line * kGrid + i)]);
      column.push_back(cells[static_cast<std::size_t>(i * kGrid + line)]);
    }
    rows.push_back(unit_with(row));
    columns.push_back(unit_with(column));
  }
  return {rows, columns};
}

template <int W>
std::unique_ptr<Layout<W>> build_layout(const Geometry& geometry) {
  auto layout = std::make_unique<Layout<W>>();
  layout->geometry = &geometry;
  layout->size = geometry.size();
  layout->cell_count = geometry.cell_count();
  layout->all_values = geometry.all_values();
  const auto& units = geometry.units();
  std::array<int, 4> numbers{};
  for (std::size_t u = 0; u < units.size(); ++u) {
    CellSet<W> cells;
    for (int cell : units[u]) cells.set(cell);
    layout->unit_cells.push_back(cells);
    layout->unit_members.push_back(units[u]);
    const UnitKind kind = classify(geometry, units[u]);
    layout->unit_kind.push_back(kind);
    layout->unit_number.push_back(++numbers[static_cast<std::size_t>(kind)]);
    // The board's rows and columns (grouped strong links, Killer lines, and the one LineFamily of a
    // single board) need each cell on one row and one column: a gattai board's lines overlap (a
    // shared box's cells lie on two grids' rows), so it has none; its fish and rectangles are
    // taken in each grid's family instead (below).
    if (geometry.is_gattai()) continue;
    if (kind == UnitKind::row) layout->rows.push_back(static_cast<int>(u));
    if (kind == UnitKind::column) layout->columns.push_back(static_cast<int>(u));
  }
  layout->cell_unit_start.push_back(0);
  for (int cell = 0; cell < layout->cell_count; ++cell) {
    CellSet<W> peers;
    for (int peer : geometry.peers(cell)) peers.set(peer);
    layout->peers.push_back(peers);
    for (int unit : geometry.units_of(cell)) layout->cell_unit_index.push_back(unit);
    layout->cell_unit_start.push_back(static_cast<int>(layout->cell_unit_index.size()));
  }
  // SE's region order: box, row, column, other (a stable sort keeps the geometry's order within a kind).
  const auto se_rank = [&](int unit) {
    switch (layout->unit_kind[static_cast<std::size_t>(unit)]) {
      case UnitKind::box:
        return 0;
      case UnitKind::row:
        return 1;
      case UnitKind::column:
        return 2;
      case UnitKind::other:
        break;
    }
    return 3;
  };
  layout->se_cell_unit_index = layout->cell_unit_index;
  for (int cell = 0; cell < layout->cell_count; ++cell)
    std::stable_sort(layout->se_cell_unit_index.begin() + layout->cell_unit_start[static_cast<std::size_t>(cell)],
                     layout->se_cell_unit_index.begin() + layout->cell_unit_start[static_cast<std::size_t>(cell) + 1],
                     [&](int a, int b) { return se_rank(a) < se_rank(b); });
  const LineFamily board = line_family(units, layout->cell_count, layout->rows, layout->columns);
  if (geometry.is_gattai()) {
    for (int grid = 0; grid < static_cast<int>(geometry.gattai_shape()->origins.size()); ++grid) {
      const auto [rows, columns] = grid_lines(geometry, grid);
      layout->families.push_back(line_family(units, layout->cell_count, rows, columns));
    }
  } else if (!layout->rows.empty() && !layout->columns.empty()) {
    layout->families.push_back(board);
  }
  layout->row_position = board.row_position;
  layout->column_position = board.column_position;
  layout->crossing = board.crossing;
  layout->lines_in_order = board.lines_in_order;
  layout->members_ascending = std::all_of(units.begin(), units.end(), [](const std::vector<int>& unit) {
    return std::is_sorted(unit.begin(), unit.end());
  });
  // Box-line interactions from the units themselves: any two units sharing at least two cells,
  // where neither contains the other.
  for (std::size_t a = 0; a < units.size(); ++a)
    for (std::size_t b = 0; b < units.size(); ++b) {
      if (a == b) continue;
      const CellSet<W> overlap = layout->unit_cells[a] & layout->unit_cells[b];
      if (overlap.count() < 2 || overlap == layout->unit_cells[a] || overlap == layout->unit_cells[b])
        continue;
      Intersection<W> intersection;
      intersection.base = static_cast<int>(a);
      intersection.cover = static_cast<int>(b);
      intersection.overlap = overlap;
      intersection.cover_rest = layout->unit_cells[b] - overlap;
      intersection.base_rest = layout->unit_cells[a] - overlap;
      layout->intersections.push_back(intersection);
    }
  // Blocks: the distinct overlaps. Each intersection's overlap is one; each rest is covered by the
  // blocks lying inside it (in block order, each adding a cell not yet covered; unions do not
  // mind blocks overlapping) and the cells no such block covers.
  std::vector<CellSet<W>> blocks;
  for (Intersection<W>& intersection : layout->intersections) {
    const auto found = std::find(blocks.begin(), blocks.end(), intersection.overlap);
    intersection.overlap_block = static_cast<int>(found - blocks.begin());
    if (found != blocks.end()) continue;
    blocks.push_back(intersection.overlap);
    layout->block_unit.push_back(intersection.base);
  }
  const auto cover = [&](const CellSet<W>& part, std::vector<int>& part_blocks, std::vector<int>& part_cells) {
    CellSet<W> left = part;
    for (std::size_t b = 0; b < blocks.size(); ++b)
      if (blocks[b].subset_of(part) && blocks[b].intersects(left)) {
        part_blocks.push_back(static_cast<int>(b));
        left -= blocks[b];
      }
    left.for_each([&](int cell) { part_cells.push_back(cell); });
  };
  for (Intersection<W>& intersection : layout->intersections) {
    cover(intersection.cover_rest, intersection.cover_rest_blocks, intersection.cover_rest_cells);
    cover(intersection.base_rest, intersection.base_rest_blocks, intersection.base_rest_cells);
  }
  layout->block_start.push_back(0);
  for (const CellSet<W>& block : blocks) {
    block.for_each([&](int cell) { layout->block_cells.push_back(cell); });
    layout->block_start.push_back(static_cast<int>(layout->block_cells.size()));
  }
  return layout;
}

}  // namespace

template <int W>
std::shared_ptr<const Layout<W>> layout_for(const std::shared_ptr<const Geometry>& geometry) {
  static std::mutex mutex;
  static std::map<const Geometry*, std::shared_ptr<const Layout<W>>> interned;
  static std::deque<std::shared_ptr<Layout<W>>> recent;  // newest first
  constexpr std::size_t kRecent = 16;
  const std::scoped_lock lock(mutex);
  const Variant variant = geometry->variant();
  if (variant != Variant::jigsaw && variant != Variant::killer) {
    // Interned singletons: the pointer identifies the rules for the life of the process.
    auto& slot = interned[geometry.get()];
    if (!slot) slot = build_layout<W>(*geometry);
    return slot;
  }
  // A jigsaw book has a layout per puzzle, made and freed as it goes: an address may be reused by
  // other rules, so these are matched by their rules and keep their geometry alive.
  for (auto it = recent.begin(); it != recent.end(); ++it) {
    if (!same_rules(*(*it)->geometry, *geometry)) continue;
    auto found = *it;
    recent.erase(it);
    recent.push_front(found);
    return found;
  }
  // A Killer board has its base's units; its cages change the peers only. The climb makes a board
  // per move, so a new Killer layout takes a recent one over the same units and gives it its own
  // peers rather than building the unit tables, intersections and blocks again: the oldest such
  // layout that no one holds any more is taken over in place (nothing allocated), else one is
  // copied.
  std::shared_ptr<Layout<W>> built;
  if (variant == Variant::killer) {
    const auto same_units = [&](const Layout<W>& other) {
      const Geometry& known = *other.geometry;
      return known.variant() == Variant::killer && known.base_variant() == geometry->base_variant() &&
             known.size() == geometry->size() && known.box_rows() == geometry->box_rows() &&
             known.box_cols() == geometry->box_cols() && known.units() == geometry->units();
    };
    for (auto it = recent.rbegin(); it != recent.rend(); ++it)
      if (it->use_count() == 1 && same_units(**it)) {
        built = std::move(*it);
        recent.erase(std::next(it).base());
        break;  // the erase invalidated `it`
      }
    for (auto it = recent.begin(); it != recent.end() && !built; ++it)
      if (same_units(**it)) built = std::make_shared<Layout<W>>(**it);
    if (built) {
      built->geometry = geometry.get();
      for (int cell = 0; cell < built->cell_count; ++cell) {
        CellSet<W> peers;
        for (int peer : geometry->peers(cell)) peers.set(peer);
        built->peers[static_cast<std::size_t>(cell)] = peers;
      }
    }
  }
  if (!built) built = build_layout<W>(*geometry);
  built->owner = geometry;
  recent.push_front(std::move(built));
  if (recent.size() > kRecent) recent.pop_back();
  return recent.front();
}

template <int W>
std::string Layout<W>::unit_name(int unit) const {
  if (geometry->is_gattai()) return gattai_unit_name(*geometry, unit);  // "grid 3, row 4"
  const auto u = static_cast<std::size_t>(unit);
  const std::string number = std::to_string(unit_number[u]);
  switch (unit_kind[u]) {
    case UnitKind::row:
      return "row " + number;
    case UnitKind::column:
      return "column " + number;
    case UnitKind::box:
      return (geometry->has_regular_boxes() ? "box " : "region ") + number;
    case UnitKind::other:
      break;
  }
  // The variants' extra units, named as the puzzle's rule line names them.
  const std::string extra = std::to_string(unit - geometry->first_extra_unit() + 1);
  switch (geometry->base_variant()) {
    case Variant::x:
      return "diagonal " + extra;  // 1: top left to bottom right, 2: top right to bottom left
    case Variant::windoku:
      return "window " + extra;  // 1-4 in reading order
    case Variant::asterisk:
      return "asterisk";
    case Variant::centre_dot:
      return "centre cells";
    default:
      return "unit " + std::to_string(unit + 1);
  }
}

template <int W>
std::string Layout<W>::cell_text(int cell) const {
  return cell_name(*geometry, cell);
}

template <int W>
bool load_board(const Layout<W>& layout, const Grid& grid, Board<W>& board) {
  // The board placing every given in turn would leave (Board::place): each digit's candidate cells
  // are the open cells that see no given of it, by one union of peers per given instead of a
  // candidate removed per peer.
  board = Board<W>{};
  std::array<CellSet<W>, Board<W>::kDigits> seen{};
  for (int cell = 0; cell < layout.cell_count; ++cell) {
    const int value = grid[cell];
    if (value == 0) {
      board.open.set(cell);
      continue;
    }
    const auto digit = static_cast<std::size_t>(value - 1);
    if (layout.peers[static_cast<std::size_t>(cell)].intersects(board.placed_cells[digit]))
      return false;  // a peer already holds it
    board.values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
    board.placed_cells[digit].set(cell);
    seen[digit] |= layout.peers[static_cast<std::size_t>(cell)];
  }
  for (int digit = 0; digit < layout.size; ++digit) {
    const auto d = static_cast<std::size_t>(digit);
    board.digit_cells[d] = board.open - seen[d];
    board.digit_cells[d].for_each(
        [&](int cell) { board.candidates[static_cast<std::size_t>(cell)] |= bit_of(digit); });
  }
  return true;
}

std::string digit_text(int digit) {
  return std::string(1, value_symbol(digit + 1));
}

std::string digits_text(CandidateMask mask) {
  std::string text;
  for (; mask != 0; mask &= mask - 1) {
    if (!text.empty()) text += ',';
    text += digit_text(std::countr_zero(mask));
  }
  return text;
}

template <int W>
std::string cells_text(const Layout<W>& layout, const CellSet<W>& cells) {
  std::string text;
  cells.for_each([&](int cell) {
    if (!text.empty()) text += ',';
    text += layout.cell_text(cell);
  });
  return text;
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                            \
  template struct Layout<W>;                                                                       \
  template std::shared_ptr<const Layout<W>> layout_for<W>(const std::shared_ptr<const Geometry>&); \
  template bool load_board<W>(const Layout<W>&, const Grid&, Board<W>&);                           \
  template std::string cells_text<W>(const Layout<W>&, const CellSet<W>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
