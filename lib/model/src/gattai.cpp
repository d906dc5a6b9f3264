// SPDX-License-Identifier: Apache-2.0
// Gattai boards: the shipped shapes, the shape checks, Geometry::gattai, the one-line text forms.
#include "sudoku/model/gattai.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

namespace sudoku {
namespace {

constexpr int kGrid = 9;  // every gattai grid is a 9x9 with 3x3 boxes
constexpr int kBox = 3;
constexpr char kNoCell = '-';

const std::vector<GattaiShape>& shapes() {
  static const std::vector<GattaiShape> list{
      {"samurai", 21, 21, {{0, 0}, {0, 12}, {6, 6}, {12, 0}, {12, 12}}},
      {"twin", 15, 15, {{0, 0}, {6, 6}}},
      {"butterfly", 12, 12, {{0, 0}, {0, 3}, {3, 0}, {3, 3}}},
      {"flower", 15, 15, {{0, 3}, {3, 0}, {3, 3}, {3, 6}, {6, 3}}},
      {"sohei", 21, 21, {{0, 6}, {6, 0}, {6, 12}, {12, 6}}},
      {"windmill", 21, 21, {{0, 3}, {3, 12}, {6, 6}, {9, 0}, {12, 9}}},
  };
  return list;
}

bool covers(std::pair<int, int> origin, int row, int col) {
  return row >= origin.first && row < origin.first + kGrid && col >= origin.second &&
         col < origin.second + kGrid;
}

std::string origin_text(std::pair<int, int> origin) {
  return std::to_string(origin.first) + "," + std::to_string(origin.second);
}

int read_number(std::string_view text, const std::string& what) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty())
    throw std::invalid_argument("expected a number for " + what + ", got '" + std::string(text) + "'");
  return value;
}

std::string describe_symbol(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x21 && byte < 0x7f) return std::string("'") + c + "'";
  return "byte " + std::to_string(byte);
}

}  // namespace

std::span<const GattaiShape> shipped_gattai_shapes() {
  return shapes();
}

std::optional<GattaiShape> gattai_shape_named(std::string_view name) {
  for (const GattaiShape& shape : shapes())
    if (shape.name == name) return shape;
  return std::nullopt;
}

std::string gattai_shape_names() {
  std::string names;
  for (const GattaiShape& shape : shapes()) names += (names.empty() ? "" : ", ") + shape.name;
  return names;
}

void check_gattai_shape(const GattaiShape& shape) {
  if (shape.rows < kGrid || shape.cols < kGrid || shape.rows > kMaxSize || shape.cols > kMaxSize)
    throw std::invalid_argument("a gattai board is 9x9 to 25x25 positions, not " + std::to_string(shape.rows) +
                                "x" + std::to_string(shape.cols));
  if (shape.origins.size() < 2)
    throw std::invalid_argument("a gattai board needs at least two grids, got " +
                                std::to_string(shape.origins.size()));
  for (std::size_t g = 0; g < shape.origins.size(); ++g) {
    const auto [row, col] = shape.origins[g];
    const std::string name = "grid " + std::to_string(g + 1) + " at " + origin_text(shape.origins[g]);
    if (row < 0 || col < 0 || row % kBox != 0 || col % kBox != 0)
      throw std::invalid_argument(name + " is off the box boundaries (row and column must be multiples of 3)");
    if (row + kGrid > shape.rows || col + kGrid > shape.cols)
      throw std::invalid_argument(name + " reaches off the " + std::to_string(shape.rows) + "x" +
                                  std::to_string(shape.cols) + " board");
    for (std::size_t other = 0; other < g; ++other)
      if (shape.origins[other] == shape.origins[g])
        throw std::invalid_argument(name + " lies on grid " + std::to_string(other + 1));
  }
  // Joined: every grid reached from grid 1 through grids that overlap (box-aligned grids overlap in
  // whole boxes, so overlapping is sharing boxes).
  std::vector<bool> reached(shape.origins.size(), false);
  std::vector<std::size_t> stack{0};
  reached[0] = true;
  while (!stack.empty()) {
    const auto g = stack.back();
    stack.pop_back();
    for (std::size_t other = 0; other < shape.origins.size(); ++other) {
      if (reached[other]) continue;
      const auto [r1, c1] = shape.origins[g];
      const auto [r2, c2] = shape.origins[other];
      if (std::abs(r1 - r2) < kGrid && std::abs(c1 - c2) < kGrid) {
        reached[other] = true;
        stack.push_back(other);
      }
    }
  }
  for (std::size_t g = 0; g < reached.size(); ++g)
    if (!reached[g])
      throw std::invalid_argument("grid " + std::to_string(g + 1) + " at " + origin_text(shape.origins[g]) +
                                  " shares no box with the other grids");
}

GattaiShape parse_gattai_shape(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) throw std::invalid_argument("expected a shape name or ROWSxCOLS R,C R,C ...");
  text = text.substr(first, text.find_last_not_of(" \t") - first + 1);
  if (auto shipped = gattai_shape_named(text)) return *shipped;
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    fields.push_back(text.substr(start, i - start));
  }
  const auto x = fields.front().find('x');
  if (x == std::string_view::npos) {
    throw std::invalid_argument("unknown gattai shape '" + std::string(fields.front()) + "' (expected " +
                                gattai_shape_names() + ", or ROWSxCOLS R,C R,C ...)");
  }
  GattaiShape shape;
  shape.name = "custom";
  shape.rows = read_number(fields.front().substr(0, x), "the board's rows");
  shape.cols = read_number(fields.front().substr(x + 1), "the board's columns");
  for (std::size_t f = 1; f < fields.size(); ++f) {
    const auto comma = fields[f].find(',');
    const std::string what = "origin " + std::to_string(f);
    if (comma == std::string_view::npos)
      throw std::invalid_argument("expected ROW,COLUMN for " + what + ", got '" + std::string(fields[f]) + "'");
    shape.origins.emplace_back(read_number(fields[f].substr(0, comma), what + "'s row"),
                               read_number(fields[f].substr(comma + 1), what + "'s column"));
  }
  check_gattai_shape(shape);
  return shape;
}

std::string gattai_shape_text(const GattaiShape& shape) {
  std::string text = std::to_string(shape.rows) + "x" + std::to_string(shape.cols);
  for (const auto& origin : shape.origins) {
    text += ' ';  // piecewise: GCC 12 warns (-Wrestrict, a false positive) on " " + string
    text += origin_text(origin);
  }
  return text;
}

std::shared_ptr<const Geometry> Geometry::gattai(const GattaiShape& shape) {
  check_gattai_shape(shape);
  // Interned by shape, so every puzzle of one shape shares one board (and the grader one layout).
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, std::shared_ptr<const Geometry>> cache;
  const std::scoped_lock lock(mutex);
  auto& slot = cache[{shape.name, gattai_shape_text(shape)}];
  if (slot) return slot;

  auto board = std::shared_ptr<Geometry>(new Geometry(kBox, kBox));
  board->shape_ = std::make_shared<const GattaiShape>(shape);
  board->board_rows_ = shape.rows;
  board->board_cols_ = shape.cols;
  board->cell_of_position_.assign(static_cast<std::size_t>(shape.rows * shape.cols), -1);
  board->position_.clear();
  board->region_.clear();
  const int boxes_across = shape.cols / kBox;
  for (int row = 0; row < shape.rows; ++row)
    for (int col = 0; col < shape.cols; ++col) {
      const bool covered = std::any_of(shape.origins.begin(), shape.origins.end(),
                                       [&](std::pair<int, int> origin) { return covers(origin, row, col); });
      if (!covered) continue;
      board->cell_of_position_[static_cast<std::size_t>(row * shape.cols + col)] =
          static_cast<int>(board->position_.size());
      board->position_.push_back(row * shape.cols + col);
      board->region_.push_back(row / kBox * boxes_across + col / kBox);
    }
  board->cell_count_ = static_cast<int>(board->position_.size());
  // Units: every grid's rows, then every grid's columns, then the boxes (a shared box once), each
  // with its cells ascending.
  auto& units = board->units_;
  units.clear();
  for (int kind = 0; kind < 2; ++kind)
    for (const auto& [top, left] : shape.origins)
      for (int line = 0; line < kGrid; ++line) {
        std::vector<int> unit;
        for (int i = 0; i < kGrid; ++i)
          unit.push_back(kind == 0 ? board->cell_at(top + line, left + i) : board->cell_at(top + i, left + line));
        units.push_back(std::move(unit));
      }
  std::vector<bool> box_added(static_cast<std::size_t>(boxes_across * (shape.rows / kBox)), false);
  for (const auto& [top, left] : shape.origins)
    for (int box = 0; box < kGrid; ++box) {
      const int box_top = top + box / kBox * kBox;
      const int box_left = left + box % kBox * kBox;
      const auto id = static_cast<std::size_t>(box_top / kBox * boxes_across + box_left / kBox);
      if (box_added[id]) continue;
      box_added[id] = true;
      std::vector<int> unit;
      for (int r = box_top; r < box_top + kBox; ++r)
        for (int c = box_left; c < box_left + kBox; ++c) unit.push_back(board->cell_at(r, c));
      units.push_back(std::move(unit));
    }
  if (board->cell_count_ > kMaxCells)
    throw std::invalid_argument("a gattai board of " + std::to_string(board->cell_count_) + " cells is over the " +
                                std::to_string(kMaxCells) + "-cell limit");
  board->index();
  slot = std::move(board);
  return slot;
}

std::vector<int> gattai_grid_cells(const Geometry& board, int grid) {
  const GattaiShape* shape = board.gattai_shape();
  if (shape == nullptr || grid < 0 || grid >= static_cast<int>(shape->origins.size()))
    throw std::invalid_argument("no grid " + std::to_string(grid + 1) + " on " + board.describe());
  const auto [top, left] = shape->origins[static_cast<std::size_t>(grid)];
  std::vector<int> cells;
  cells.reserve(kGrid * kGrid);
  for (int r = top; r < top + kGrid; ++r)
    for (int c = left; c < left + kGrid; ++c) cells.push_back(board.cell_at(r, c));
  return cells;
}

Grid gattai_grid(const Grid& board_values, int grid) {
  const std::vector<int> cells = gattai_grid_cells(board_values.geometry(), grid);
  Grid single(Geometry::standard(kGrid));
  for (std::size_t i = 0; i < cells.size(); ++i) single.set(static_cast<int>(i), board_values[cells[i]]);
  return single;
}

std::string gattai_unit_name(const Geometry& board, int unit) {
  const GattaiShape* shape = board.gattai_shape();
  const auto& cells = board.units()[static_cast<std::size_t>(unit)];
  const int row = board.row_of(cells.front());
  const int col = board.col_of(cells.front());
  const bool is_row = board.row_of(cells.back()) == row;
  const bool is_column = board.col_of(cells.back()) == col;
  std::vector<std::string> parts;
  for (std::size_t g = 0; g < shape->origins.size(); ++g) {
    const auto origin = shape->origins[g];
    if (!std::all_of(cells.begin(), cells.end(),
                     [&](int cell) { return covers(origin, board.row_of(cell), board.col_of(cell)); }))
      continue;
    const int r = row - origin.first;
    const int c = col - origin.second;
    const std::string house = is_row      ? "row " + std::to_string(r + 1)
                              : is_column ? "column " + std::to_string(c + 1)
                                          : "box " + std::to_string(r / kBox * kBox + c / kBox + 1);
    std::string part = "grid ";
    part += std::to_string(g + 1);
    part += ", ";
    part += house;
    parts.push_back(std::move(part));
  }
  // The first grid names it; a box shared with other grids names them too, in brackets.
  std::string name = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    name += i == 1 ? " (" : "; ";
    name += parts[i];
  }
  if (parts.size() > 1) name += ')';
  return name;
}

std::vector<std::vector<int>> gattai_symmetries(const Geometry& board) {
  const int rows = board.board_rows();
  const int cols = board.board_cols();
  std::set<std::vector<int>> units;
  for (const auto& unit : board.units()) units.insert(unit);
  std::vector<std::vector<int>> maps;
  for (const bool transpose : {false, true})
    for (const bool flip_rows : {false, true})
      for (const bool flip_cols : {false, true}) {
        if (transpose && rows != cols) continue;
        std::vector<int> image(static_cast<std::size_t>(board.cell_count()));
        bool fits = true;
        for (int cell = 0; cell < board.cell_count() && fits; ++cell) {
          int r = flip_rows ? rows - 1 - board.row_of(cell) : board.row_of(cell);
          int c = flip_cols ? cols - 1 - board.col_of(cell) : board.col_of(cell);
          if (transpose) std::swap(r, c);
          image[static_cast<std::size_t>(cell)] = board.cell_at(r, c);
          fits = image[static_cast<std::size_t>(cell)] >= 0;
        }
        for (std::size_t u = 0; u < board.units().size() && fits; ++u) {
          std::vector<int> moved;
          for (int cell : board.units()[u]) moved.push_back(image[static_cast<std::size_t>(cell)]);
          std::sort(moved.begin(), moved.end());
          fits = units.count(moved) != 0;
        }
        if (fits) maps.push_back(std::move(image));
      }
  return maps;
}

CanonicalForm gattai_canonical_form(const Grid& puzzle) {
  const Geometry& board = puzzle.geometry();
  const auto cells = static_cast<std::size_t>(board.cell_count());
  std::string best;
  std::vector<int> best_source;  // best's cell i holds puzzle's cell best_source[i], before relabelling
  for (const std::vector<int>& image : gattai_symmetries(board)) {
    std::vector<int> source(cells);
    for (std::size_t cell = 0; cell < cells; ++cell) source[static_cast<std::size_t>(image[cell])] = static_cast<int>(cell);
    std::array<int, kGrid + 1> label{};
    int next_label = 1;
    std::string line(cells, '.');
    for (std::size_t i = 0; i < cells; ++i) {
      const int value = puzzle[source[i]];
      if (value == 0) continue;
      if (label[static_cast<std::size_t>(value)] == 0) label[static_cast<std::size_t>(value)] = next_label++;
      line[i] = value_symbol(label[static_cast<std::size_t>(value)]);
    }
    if (!best.empty() && line >= best) continue;
    best = std::move(line);
    best_source = std::move(source);
  }
  CanonicalForm form;
  form.grid = Grid(puzzle.geometry_ptr());
  for (std::size_t i = 0; i < cells; ++i) form.grid.set(static_cast<int>(i), symbol_value(best[i], kGrid));
  const GattaiShape& shape = *board.gattai_shape();
  form.key = shape.name + " ";
  if (!gattai_shape_named(shape.name)) form.key += gattai_shape_text(shape) + " ";
  form.key += best;
  return form;
}

Grid parse_gattai_line(std::string_view symbols, const std::shared_ptr<const Geometry>& board) {
  const GattaiShape& shape = *board->gattai_shape();
  const auto board_length = static_cast<std::size_t>(shape.rows * shape.cols);
  const std::size_t grids_length = shape.origins.size() * kGrid * kGrid;
  Grid grid(board);
  const auto value_at = [&](std::size_t i) {
    const int value = symbol_value(symbols[i], kGrid);
    if (value < 0)
      throw GattaiLineError{static_cast<int>(i) + 1, "unexpected " + describe_symbol(symbols[i]) + " in a " +
                                                         board->describe() + " puzzle (expected 1-9, '.' or '0'" +
                                                         (symbols.size() == board_length ? ", '-' for no cell)" : ")")};
    return value;
  };
  if (symbols.size() == board_length) {
    for (std::size_t i = 0; i < board_length; ++i) {
      const int cell = board->cell_at(static_cast<int>(i) / shape.cols, static_cast<int>(i) % shape.cols);
      if (cell < 0) {
        if (symbols[i] != kNoCell)
          throw GattaiLineError{static_cast<int>(i) + 1, "expected '-' (no cell) at r" +
                                                             std::to_string(i / static_cast<std::size_t>(shape.cols) + 1) + "c" +
                                                             std::to_string(i % static_cast<std::size_t>(shape.cols) + 1) +
                                                             ", got " + describe_symbol(symbols[i])};
        continue;
      }
      grid.set(cell, value_at(i));
    }
    return grid;
  }
  if (symbols.size() == grids_length) {
    std::vector<bool> seen(static_cast<std::size_t>(board->cell_count()), false);
    for (std::size_t g = 0; g < shape.origins.size(); ++g) {
      const std::vector<int> cells = gattai_grid_cells(*board, static_cast<int>(g));
      for (std::size_t k = 0; k < cells.size(); ++k) {
        const std::size_t i = g * kGrid * kGrid + k;
        const int value = value_at(i);
        const auto cell = static_cast<std::size_t>(cells[k]);
        if (seen[cell] && grid[cells[k]] != value)
          throw GattaiLineError{static_cast<int>(i) + 1,
                                "grid " + std::to_string(g + 1) + " has " + describe_symbol(symbols[i]) + " at " +
                                    cell_name(*board, cells[k]) + ", where an earlier grid sharing the box has " +
                                    describe_symbol(value_symbol(grid[cells[k]]))};
        seen[cell] = true;
        grid.set(cells[k], value);
      }
    }
    return grid;
  }
  throw GattaiLineError{1, "expected " + std::to_string(board_length) + " symbols (the " +
                               std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
                               " board row by row, '-' for no cell) or " + std::to_string(grids_length) + " (" +
                               std::to_string(shape.origins.size()) + " grids of 81) for a " + board->describe() +
                               " puzzle, got " + std::to_string(symbols.size())};
}

std::string to_gattai_line(const Grid& grid) {
  const Geometry& board = grid.geometry();
  std::string text;
  for (int row = 0; row < board.board_rows(); ++row)
    for (int col = 0; col < board.board_cols(); ++col) {
      const int cell = board.cell_at(row, col);
      text += cell < 0 ? kNoCell : value_symbol(grid[cell]);
    }
  return text;
}

std::string to_gattai_grids_line(const Grid& grid) {
  std::string text;
  const auto count = static_cast<int>(grid.geometry().gattai_shape()->origins.size());
  for (int g = 0; g < count; ++g)
    for (int cell : gattai_grid_cells(grid.geometry(), g)) text += value_symbol(grid[cell]);
  return text;
}

std::string to_gattai_text(const Grid& grid) {
  const Geometry& board = grid.geometry();
  std::string text;
  for (int row = 0; row < board.board_rows(); ++row) {
    std::string line;
    for (int col = 0; col < board.board_cols(); ++col) {
      const int cell = board.cell_at(row, col);
      line += col == 0 ? "" : " ";
      line += cell < 0 ? ' ' : value_symbol(grid[cell]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    text += line + '\n';
  }
  return text;
}

}  // namespace sudoku
