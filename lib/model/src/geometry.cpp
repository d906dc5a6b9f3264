// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/geometry.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <stdexcept>

namespace sudoku {
namespace {

constexpr std::array<int, 6> kSupportedSizes{4, 6, 9, 12, 16, 25};
constexpr std::array<Variant, 7> kVariants{Variant::classic,  Variant::x,          Variant::windoku,
                                           Variant::asterisk, Variant::centre_dot, Variant::jigsaw,
                                           Variant::killer};
constexpr std::array<std::string_view, 7> kVariantNames{"classic",    "x",      "windoku", "asterisk",
                                                        "centre-dot", "jigsaw", "killer"};

// The 9x9 patterns of the fixed variants, as (row, column) from the top left, 0-based.
//
//   asterisk          centre-dot        windoku (four windows)
//   . . . . . . . . . . . . . . . . . . . . . . . . . . .
//   . . . . * . . . . . * . . * . . * . . # # # . # # # .
//   . . * . . . * . . . . . . . . . . . . # # # . # # # .
//   . . . . . . . . . . . . . . . . . . . # # # . # # # .
//   . * . . * . . * . . * . . * . . * . . . . . . . . . .
//   . . . . . . . . . . . . . . . . . . . # # # . # # # .
//   . . * . . . * . . . . . . . . . . . . # # # . # # # .
//   . . . . * . . . . . * . . * . . * . . # # # . # # # .
//   . . . . . . . . . . . . . . . . . . . . . . . . . . .
constexpr std::array<std::pair<int, int>, 9> kAsterisk{
    {{1, 4}, {2, 2}, {2, 6}, {4, 1}, {4, 4}, {4, 7}, {6, 2}, {6, 6}, {7, 4}}};

std::string cell_label(int size, int cell) {
  return "r" + std::to_string(cell / size + 1) + "c" + std::to_string(cell % size + 1);
}

}  // namespace

std::string_view variant_name(Variant variant) {
  return kVariantNames[static_cast<std::size_t>(variant)];
}

std::optional<Variant> parse_variant(std::string_view name) {
  for (std::size_t i = 0; i < kVariantNames.size(); ++i)
    if (kVariantNames[i] == name) return kVariants[i];
  return std::nullopt;
}

std::span<const Variant> all_variants() {
  return kVariants;
}

bool is_connected(int size, std::span<const int> cells) {
  if (cells.empty()) return true;
  std::vector<char> member(static_cast<std::size_t>(size * size), 0);
  for (int cell : cells) member[static_cast<std::size_t>(cell)] = 1;
  std::vector<int> stack{cells.front()};
  member[static_cast<std::size_t>(cells.front())] = 2;
  std::size_t reached = 1;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    const int r = cell / size;
    const int c = cell % size;
    const std::array<std::pair<int, int>, 4> steps{{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}}};
    for (const auto& [nr, nc] : steps) {
      if (nr < 0 || nc < 0 || nr >= size || nc >= size) continue;
      auto& mark = member[static_cast<std::size_t>(nr * size + nc)];
      if (mark != 1) continue;
      mark = 2;
      ++reached;
      stack.push_back(nr * size + nc);
    }
  }
  return reached == cells.size();
}

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
  if (!slot) {
    auto geometry = std::shared_ptr<Geometry>(new Geometry(box_rows, box_cols));
    geometry->index();
    slot = std::move(geometry);
  }
  return slot;
}

std::shared_ptr<const Geometry> Geometry::variant(Variant variant, int size) {
  if (variant == Variant::classic) return standard(size);
  if (variant == Variant::jigsaw || variant == Variant::killer) {
    throw std::invalid_argument(std::string(variant_name(variant)) +
                                " boards need a layout (Geometry::jigsaw / Geometry::killer)");
  }
  const auto [box_rows, box_cols] = default_box(size);
  if (box_rows == 0 || (variant != Variant::x && size != 9)) {
    throw std::invalid_argument("the " + std::string(variant_name(variant)) + " variant has no " +
                                std::to_string(size) + "x" + std::to_string(size) + " form" +
                                (variant == Variant::x ? "" : " (9x9 only)"));
  }
  static std::mutex mutex;
  static std::map<std::pair<Variant, int>, std::shared_ptr<const Geometry>> cache;
  const std::scoped_lock lock(mutex);
  auto& slot = cache[{variant, size}];
  if (slot) return slot;
  auto geometry = std::shared_ptr<Geometry>(new Geometry(box_rows, box_cols));
  geometry->variant_ = geometry->base_variant_ = variant;
  auto& units = geometry->units_;
  const auto unit_of = [&](auto cells) {
    std::vector<int> unit;
    for (const auto& [r, c] : cells) unit.push_back(geometry->cell_at(r, c));
    std::sort(unit.begin(), unit.end());
    units.push_back(std::move(unit));
  };
  std::vector<std::pair<int, int>> cells;
  switch (variant) {
    case Variant::x:
      for (int i = 0; i < size; ++i) cells.emplace_back(i, i);
      unit_of(cells);
      cells.clear();
      for (int i = 0; i < size; ++i) cells.emplace_back(i, size - 1 - i);
      unit_of(cells);
      break;
    case Variant::windoku:
      for (int top : {1, 5})
        for (int left : {1, 5}) {
          cells.clear();
          for (int r = top; r < top + 3; ++r)
            for (int c = left; c < left + 3; ++c) cells.emplace_back(r, c);
          unit_of(cells);
        }
      break;
    case Variant::asterisk:
      unit_of(kAsterisk);
      break;
    case Variant::centre_dot:
      for (int r = 1; r < 9; r += 3)
        for (int c = 1; c < 9; c += 3) cells.emplace_back(r, c);
      unit_of(cells);
      break;
    default:
      break;
  }
  geometry->index();
  slot = std::move(geometry);
  return slot;
}

std::shared_ptr<const Geometry> Geometry::jigsaw(std::span<const int> regions) {
  int size = 0;
  while (size * size < static_cast<int>(regions.size())) ++size;
  const auto [box_rows, box_cols] = default_box(size);
  if (size * size != static_cast<int>(regions.size()) || box_rows == 0) {
    throw std::invalid_argument(
        "a jigsaw region map needs n*n entries for a supported n (4, 6, 9, 12, 16, "
        "25), got " +
        std::to_string(regions.size()));
  }
  std::vector<std::vector<int>> members(static_cast<std::size_t>(size));
  for (int cell = 0; cell < size * size; ++cell) {
    const int region = regions[static_cast<std::size_t>(cell)];
    if (region < 0 || region >= size) {
      throw std::invalid_argument("region id " + std::to_string(region + 1) + " at " +
                                  cell_label(size, cell) + " is outside 1-" + std::to_string(size));
    }
    members[static_cast<std::size_t>(region)].push_back(cell);
  }
  for (int region = 0; region < size; ++region) {
    const auto& cells = members[static_cast<std::size_t>(region)];
    if (static_cast<int>(cells.size()) != size) {
      throw std::invalid_argument("region " + std::to_string(region + 1) + " has " +
                                  std::to_string(cells.size()) + " cells, expected " + std::to_string(size));
    }
    if (!is_connected(size, cells)) {
      throw std::invalid_argument("region " + std::to_string(region + 1) +
                                  " is not connected (it starts at " + cell_label(size, cells.front()) + ")");
    }
  }
  auto geometry = std::shared_ptr<Geometry>(new Geometry(box_rows, box_cols));
  geometry->variant_ = geometry->base_variant_ = Variant::jigsaw;
  geometry->region_.assign(regions.begin(), regions.end());
  // Boxes are replaced by the regions, in region order.
  geometry->units_.resize(static_cast<std::size_t>(2 * size));
  for (auto& cells : members) geometry->units_.push_back(std::move(cells));
  geometry->index();
  return geometry;
}

std::shared_ptr<const Geometry> Geometry::killer(std::vector<Cage> cages,
                                                 std::shared_ptr<const Geometry> base) {
  if (!base) throw std::invalid_argument("a Killer board needs a base geometry");
  if (!base->cages_.empty()) throw std::invalid_argument("the base of a Killer board already has cages");
  if (base->is_gattai()) throw std::invalid_argument("a Killer board has one grid, not a gattai board");
  const int size = base->size_;
  const int cells = base->cell_count();
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  for (std::size_t k = 0; k < cages.size(); ++k) {
    Cage& cage = cages[k];
    const std::string name = "cage " + std::to_string(k + 1);
    if (cage.cells.empty()) throw std::invalid_argument(name + " has no cells");
    if (static_cast<int>(cage.cells.size()) > size) {
      throw std::invalid_argument(name + " has " + std::to_string(cage.cells.size()) + " cells, at most " +
                                  std::to_string(size) + " can hold distinct values");
    }
    std::sort(cage.cells.begin(), cage.cells.end());
    for (std::size_t i = 0; i < cage.cells.size(); ++i) {
      const int cell = cage.cells[i];
      if (cell < 0 || cell >= cells) {
        throw std::invalid_argument(name + ": cell " + std::to_string(cell) + " is outside 0-" +
                                    std::to_string(cells - 1));
      }
      if (i > 0 && cage.cells[i - 1] == cell)
        throw std::invalid_argument(name + " lists " + cell_label(size, cell) + " twice");
      auto& owner = cage_of[static_cast<std::size_t>(cell)];
      if (owner >= 0) {
        throw std::invalid_argument(name + " overlaps cage " + std::to_string(owner + 1) + " at " +
                                    cell_label(size, cell));
      }
      owner = static_cast<int>(k);
    }
    if (!is_connected(size, cage.cells)) {
      throw std::invalid_argument(name + " is not connected (it starts at " +
                                  cell_label(size, cage.cells.front()) + ")");
    }
    // Distinct values 1..n: the smallest sum of k of them is 1+..+k, the largest (n-k+1)+..+n.
    const int k_cells = static_cast<int>(cage.cells.size());
    const int least = k_cells * (k_cells + 1) / 2;
    const int most = k_cells * (2 * size - k_cells + 1) / 2;
    if (cage.sum < least || cage.sum > most) {
      throw std::invalid_argument(name + " sums to " + std::to_string(cage.sum) + ", but " +
                                  std::to_string(k_cells) + " distinct values 1-" + std::to_string(size) +
                                  " add up to " + std::to_string(least) + "-" + std::to_string(most));
    }
  }
  auto geometry = std::shared_ptr<Geometry>(new Geometry(*base));
  geometry->variant_ = Variant::killer;
  geometry->base_variant_ = base->variant_;
  geometry->cages_ = std::move(cages);
  geometry->cage_of_ = std::move(cage_of);
  // The base's units, so its unit index stands; each cell's peers are the base's merged with its
  // cage-mates (what index() gives, without regrouping every unit: a Killer climb makes a geometry
  // per move). Both lists ascending (cages' cells are sorted); the union skips the cell itself.
  std::vector<int> merged;
  merged.reserve(geometry->peer_index_.size() + static_cast<std::size_t>(cells) * 4);
  std::vector<int> start;
  start.reserve(static_cast<std::size_t>(cells) + 1);
  start.push_back(0);
  for (int cell = 0; cell < cells; ++cell) {
    const std::span<const int> unit_peers = geometry->peers(cell);
    const int cage = geometry->cage_of_[static_cast<std::size_t>(cell)];  // a Killer may leave cells uncaged
    const std::span<const int> mates =
        cage < 0 ? std::span<const int>() : std::span<const int>(geometry->cages_[static_cast<std::size_t>(cage)].cells);
    auto b = unit_peers.begin();
    auto m = mates.begin();
    while (b != unit_peers.end() || m != mates.end()) {
      int next;
      if (m == mates.end() || (b != unit_peers.end() && *b < *m)) {
        next = *b++;
      } else {
        if (b != unit_peers.end() && *b == *m) ++b;
        next = *m++;
      }
      if (next != cell) merged.push_back(next);
    }
    start.push_back(static_cast<int>(merged.size()));
  }
  geometry->peer_index_ = std::move(merged);
  geometry->peer_start_ = std::move(start);
  return geometry;
}

Geometry::Geometry(int box_rows, int box_cols)
    : size_(box_rows * box_cols),
      box_rows_(box_rows),
      box_cols_(box_cols),
      cell_count_(size_ * size_),
      board_rows_(size_),
      board_cols_(size_),
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
  region_.resize(static_cast<std::size_t>(n * n));
  for (int b = 0; b < n; ++b) {
    const int top = (b / box_rows_) * box_rows_;  // boxes per band = n / box_cols = box_rows
    const int left = (b % box_rows_) * box_cols_;
    std::vector<int> unit;
    for (int r = top; r < top + box_rows_; ++r)
      for (int c = left; c < left + box_cols_; ++c) {
        unit.push_back(cell_at(r, c));
        region_[static_cast<std::size_t>(cell_at(r, c))] = b;
      }
    units_.push_back(std::move(unit));
  }
}

void Geometry::index() {
  const int cells = cell_count();
  std::vector<std::vector<int>> units_by_cell(static_cast<std::size_t>(cells));
  for (int u = 0; u < static_cast<int>(units_.size()); ++u)
    for (int cell : units_[static_cast<std::size_t>(u)])
      units_by_cell[static_cast<std::size_t>(cell)].push_back(u);
  unit_index_.clear();
  unit_start_.assign(1, 0);
  for (const auto& list : units_by_cell) {
    unit_index_.insert(unit_index_.end(), list.begin(), list.end());
    unit_start_.push_back(static_cast<int>(unit_index_.size()));
  }
  peer_index_.clear();
  peer_start_.assign(1, 0);
  std::vector<int> peers;  // one buffer for every cell: a Killer climb indexes a geometry per move
  for (int cell = 0; cell < cells; ++cell) {
    peers.clear();
    for (int u : units_by_cell[static_cast<std::size_t>(cell)])
      for (int other : units_[static_cast<std::size_t>(u)])
        if (other != cell) peers.push_back(other);
    if (const int cage = cage_of(cell); cage >= 0)
      for (int other : cages_[static_cast<std::size_t>(cage)].cells)
        if (other != cell) peers.push_back(other);
    std::sort(peers.begin(), peers.end());
    peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
    peer_index_.insert(peer_index_.end(), peers.begin(), peers.end());
    peer_start_.push_back(static_cast<int>(peer_index_.size()));
  }
}

std::span<const int> Geometry::units_of(int cell) const {
  const auto begin = static_cast<std::size_t>(unit_start_[static_cast<std::size_t>(cell)]);
  const auto end = static_cast<std::size_t>(unit_start_[static_cast<std::size_t>(cell) + 1]);
  return {unit_index_.data() + begin, end - begin};
}

std::span<const int> Geometry::peers(int cell) const {
  const auto begin = static_cast<std::size_t>(peer_start_[static_cast<std::size_t>(cell)]);
  const auto end = static_cast<std::size_t>(peer_start_[static_cast<std::size_t>(cell) + 1]);
  return {peer_index_.data() + begin, end - begin};
}

std::string Geometry::describe() const {
  if (shape_) {
    return shape_->name + " (" + std::to_string(shape_->origins.size()) + " grids on " +
           std::to_string(board_rows_) + "x" + std::to_string(board_cols_) + ")";
  }
  std::string text = std::to_string(size_) + "x" + std::to_string(size_);
  if (has_regular_boxes() && default_box(size_) != std::pair{box_rows_, box_cols_})
    text += " (" + std::to_string(box_rows_) + "x" + std::to_string(box_cols_) + " boxes)";
  const auto add = [&](Variant variant) {
    if (variant == Variant::classic) return;
    text += ' ';
    text += variant == Variant::x ? std::string("X") : std::string(variant_name(variant));
  };
  add(base_variant_);
  if (variant_ == Variant::killer) text += " killer (" + std::to_string(cages_.size()) + " cages)";
  return text;
}

bool same_rules(const Geometry& a, const Geometry& b) {
  if (&a == &b) return true;
  if (a.is_gattai() != b.is_gattai() || a.cell_count() != b.cell_count() ||
      a.board_rows() != b.board_rows() || a.board_cols() != b.board_cols())
    return false;
  return a.size() == b.size() && a.box_rows() == b.box_rows() && a.box_cols() == b.box_cols() &&
         a.variant() == b.variant() && a.base_variant() == b.base_variant() && a.units() == b.units() &&
         a.cages() == b.cages();
}

char value_symbol(int value) {
  if (value <= 0) return '.';
  if (value <= 9) return static_cast<char>('0' + value);
  return static_cast<char>('A' + (value - 10));
}

int symbol_value(char symbol, int size) {
  if (symbol == '.' || symbol == '0') return 0;
  int value = -1;
  if (symbol >= '1' && symbol <= '9')
    value = symbol - '0';
  else if (symbol >= 'A' && symbol <= 'Z')
    value = symbol - 'A' + 10;
  else if (symbol >= 'a' && symbol <= 'z')
    value = symbol - 'a' + 10;
  return (value >= 1 && value <= size) ? value : -1;
}

}  // namespace sudoku
