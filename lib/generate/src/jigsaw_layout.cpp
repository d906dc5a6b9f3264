// SPDX-License-Identifier: Apache-2.0
#include "sudoku/generate/jigsaw_layout.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include "sudoku/generate/hill_climber.hpp"

namespace sudoku {
namespace {

// Trades tried per cell of the board. Many are refused (a region would split); three per cell
// leave little of the box pattern in the layouts of examples/plan-variants.json.
constexpr int kTradesPerCell = 3;
// Layouts drawn before giving up, and placements the solution check spends on each.
constexpr int kLayoutDraws = 200;
constexpr std::int64_t kCheckPlacements = 3000;
constexpr int kCheckDraws = 10;

struct Board {
  int size;
  std::vector<int> region;

  bool connected(int id) const {
    std::vector<int> cells;
    for (int cell = 0; cell < size * size; ++cell)
      if (region[static_cast<std::size_t>(cell)] == id) cells.push_back(cell);
    return is_connected(size, cells);
  }

  std::vector<int> neighbours(int cell) const {
    std::vector<int> list;
    const int r = cell / size;
    const int c = cell % size;
    if (r > 0) list.push_back(cell - size);
    if (r + 1 < size) list.push_back(cell + size);
    if (c > 0) list.push_back(cell - 1);
    if (c + 1 < size) list.push_back(cell + 1);
    return list;
  }

  // A random cell of `from` next to region `to`, or -1.
  int border_cell(int from, int to, Rng& rng) const {
    std::vector<int> candidates;
    for (int cell = 0; cell < size * size; ++cell) {
      if (region[static_cast<std::size_t>(cell)] != from) continue;
      for (int next : neighbours(cell))
        if (region[static_cast<std::size_t>(next)] == to) {
          candidates.push_back(cell);
          break;
        }
    }
    if (candidates.empty()) return -1;
    return candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
  }
};

std::vector<int> traded_layout(int size, bool half_turn, Rng& rng) {
  const auto standard = Geometry::standard(size);
  Board board{size, std::vector<int>(static_cast<std::size_t>(size * size))};
  for (int cell = 0; cell < size * size; ++cell)
    board.region[static_cast<std::size_t>(cell)] = standard->box_of(cell);
  const int last = size * size - 1;
  for (int trade = 0; trade < kTradesPerCell * size * size; ++trade) {
    // Two neighbouring regions: a random cell and a neighbour in another region.
    const int cell = static_cast<int>(rng.below(static_cast<std::uint32_t>(size * size)));
    const auto next = board.neighbours(cell);
    const int other = next[rng.below(static_cast<std::uint32_t>(next.size()))];
    const int a = board.region[static_cast<std::size_t>(cell)];
    const int b = board.region[static_cast<std::size_t>(other)];
    if (a == b) continue;
    const int give = board.border_cell(a, b, rng);  // goes from a to b
    const int take = board.border_cell(b, a, rng);  // goes from b to a
    if (give < 0 || take < 0) continue;
    std::vector<int> changed{give, take};
    if (half_turn) {
      // The image trade: region ids map as the standard boxes do (k <-> size-1-k).
      if (last - give == give || last - give == take || last - take == give || last - take == take) continue;
      changed.push_back(last - give);
      changed.push_back(last - take);
    }
    const std::vector<int> before = board.region;
    board.region[static_cast<std::size_t>(give)] = b;
    board.region[static_cast<std::size_t>(take)] = a;
    if (half_turn) {
      board.region[static_cast<std::size_t>(last - give)] = size - 1 - b;
      board.region[static_cast<std::size_t>(last - take)] = size - 1 - a;
    }
    bool ok = true;
    std::vector<int> counts(static_cast<std::size_t>(size), 0);
    for (int id : board.region) ++counts[static_cast<std::size_t>(id)];
    for (int id = 0; id < size && ok; ++id) ok = counts[static_cast<std::size_t>(id)] == size;
    for (int cell_changed : changed) {
      if (!ok) break;
      ok = board.connected(before[static_cast<std::size_t>(cell_changed)]) &&
           board.connected(board.region[static_cast<std::size_t>(cell_changed)]);
    }
    if (!ok) board.region = before;
  }
  return board.region;
}

}  // namespace

std::shared_ptr<const Geometry> random_jigsaw_layout(int size, Symmetry symmetry, Rng& rng) {
  if (Geometry::default_box(size).first == 0)
    throw std::invalid_argument("no jigsaw layout of size " + std::to_string(size));
  const auto boxes = Geometry::standard(size);
  for (int draw = 0; draw < kLayoutDraws; ++draw) {
    const std::vector<int> layout = traded_layout(size, symmetry == Symmetry::rotate180, rng);
    // Trades can undo each other; the standard boxes are no jigsaw.
    bool just_boxes = true;
    for (int cell = 0; cell < size * size && just_boxes; ++cell)
      just_boxes = layout[static_cast<std::size_t>(cell)] == boxes->box_of(cell);
    if (just_boxes) continue;
    auto board = Geometry::jigsaw(layout);
    for (int check = 0; check < kCheckDraws; ++check)
      if (random_filled_grid(board, rng, kCheckPlacements)) return board;
  }
  throw std::invalid_argument("no solvable " + std::to_string(size) + "x" + std::to_string(size) +
                              " jigsaw layout found");
}

}  // namespace sudoku
