// SPDX-License-Identifier: Apache-2.0
// The Killer kernel: per-cell candidate masks (bit v-1 for value v) propagated to a fixpoint by
// naked singles, sum groups and hidden singles over units, then a depth-first search on the blank
// cell with the fewest candidates.
//
// A sum group is a set of cells in which no value repeats and whose values add up to a sum: every
// cage, plus the 45 rule's innies where it pays. For a unit U, the cages lying wholly inside U sum
// to S; the other cells of U (in no cage, or in a cage that leaves U) hold distinct values (they
// share U) adding up to the unit's total minus S. When that leaves 1 to 4 cells the set is a small,
// sharp group (one cell: a placement) and is added as a group of its own; larger remainders rarely
// cut anything and cost a table scan each pass.
//
// A group keeps its remaining sum, its placed values and its count of blanks. Propagating it is
// cage_support (sudoku/cage_combinations.hpp): the combinations for (blanks, remaining sum) that fit
// the blanks' candidates, and for small groups every assignment of them, so each blank keeps the
// values some assignment gives it (arc consistency for the sum); none left is a contradiction. A
// value every assignment uses is claimed: cells outside the group that see all its places lose it
// (a cage inside a box takes its required values from the rest of the box), and a required value
// with one place left is placed there.
#include "killer_kernel.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "sudoku/base/budget.hpp"
#include "sudoku/model/cage_combinations.hpp"

namespace sudoku::detail {
namespace {

constexpr int kInnieMostCells = 4;
// Units of a board, at most (a bit each in a cell's unit mask); checked at construction.
constexpr std::size_t kMostUnits = 64;

struct Group {
  int sum = 0;
  std::vector<int> cells;
};

// The groups of a geometry: its cages, then the innie groups of its units (see the file comment).
std::vector<Group> sum_groups(const Geometry& geometry) {
  std::vector<Group> groups;
  for (const Cage& cage : geometry.cages()) groups.push_back({cage.sum, cage.cells});
  if (geometry.cages().empty()) return groups;
  const int n = geometry.size();
  const int unit_total = n * (n + 1) / 2;
  std::vector<bool> taken(static_cast<std::size_t>(geometry.cell_count()));
  for (const std::vector<int>& unit : geometry.units()) {
    int inside_sum = 0;
    std::vector<int> rest;
    std::fill(taken.begin(), taken.end(), false);
    for (int cell : unit) {
      const int cage = geometry.cage_of(cell);
      if (cage < 0 || taken[static_cast<std::size_t>(cell)]) continue;
      const Cage& c = geometry.cages()[static_cast<std::size_t>(cage)];
      const bool inside = std::all_of(c.cells.begin(), c.cells.end(), [&](int member) {
        return std::find(unit.begin(), unit.end(), member) != unit.end();
      });
      if (!inside) continue;
      inside_sum += c.sum;
      for (int member : c.cells) taken[static_cast<std::size_t>(member)] = true;
    }
    for (int cell : unit)
      if (!taken[static_cast<std::size_t>(cell)]) rest.push_back(cell);
    if (rest.empty() || static_cast<int>(rest.size()) > kInnieMostCells) continue;
    std::sort(rest.begin(), rest.end());
    groups.push_back({unit_total - inside_sum, std::move(rest)});
  }
  return groups;
}

// Lists of indices by owner, flat: the items of owner o are items[start[o] .. start[o + 1]).
struct FlatLists {
  std::vector<int> start{0};
  std::vector<int> items;

  void add(std::span<const int> list) {
    items.insert(items.end(), list.begin(), list.end());
    start.push_back(static_cast<int>(items.size()));
  }
  std::span<const int> operator[](int owner) const {
    const auto begin = static_cast<std::size_t>(start[static_cast<std::size_t>(owner)]);
    const auto end = static_cast<std::size_t>(start[static_cast<std::size_t>(owner) + 1]);
    return {items.data() + begin, end - begin};
  }
};

// Indices still to work on, each at most once: a stack and a flag per index. Pushing is branch-free
// (the stack has room for every index): whether an index is already queued is data the processor
// cannot predict, and a mispredicted branch costs more than the two stores.
class WorkList {
 public:
  explicit WorkList(std::size_t size) : queued_(size, 0), stack_(size + 1) {}
  void push(int index) {
    std::uint8_t& queued = queued_[static_cast<std::size_t>(index)];
    stack_[top_] = index;
    top_ += queued ^ 1u;
    queued = 1;
  }
  bool empty() const { return top_ == 0; }
  // Takes the last index pushed off the list; pushes of it are ignored until release(it).
  int take() { return stack_[--top_]; }
  // Takes the queued index with the smallest score(index) (the last pushed among equals).
  template <typename Score>
  int take_least(Score score) {
    std::size_t best = top_ - 1;
    int best_score = score(stack_[best]);
    for (std::size_t i = best; i-- > 0;) {
      const int s = score(stack_[i]);
      if (s < best_score) {
        best = i;
        best_score = s;
      }
    }
    const int index = stack_[best];
    stack_[best] = stack_[--top_];
    return index;
  }
  void release(int index) { queued_[static_cast<std::size_t>(index)] = 0; }
  void clear() {
    while (top_ > 0) release(stack_[--top_]);
  }

 private:
  std::vector<std::uint8_t> queued_;
  std::vector<int> stack_;
  std::size_t top_ = 0;
};

// Propagation is event-driven: a cell that changes queues its units (hidden singles), its groups
// (sum support) and, left with one value, itself (a naked single), and work goes on until the three
// queues are empty. Every rule only removes values, and removes more from fewer candidates, so any
// order of work reaches the same fixpoint: the search tree does not depend on it, only the cost.
// The order that costs least on the sample (docs/solver.md): naked singles, then the queued group
// with the fewest blanks (small groups are cheap and often settle the large ones' cells first),
// and hidden singles last (the groups place most of what a unit scan would find).
class KillerSearch {
 public:
  KillerSearch(const Geometry& geometry, int limit, std::uint8_t* first_solution)
      : geometry_(geometry),
        n_(geometry.size()),
        cells_(geometry.cell_count()),
        limit_(limit),
        first_solution_(first_solution),
        groups_(sum_groups(geometry)),
        naked_(static_cast<std::size_t>(cells_)),
        units_queued_(geometry.units().size()),
        groups_queued_(groups_.size()) {
    const auto& units = geometry.units();
    if (units.size() > kMostUnits) throw std::invalid_argument("the Killer kernel takes at most 64 units");
    for (const std::vector<int>& unit : units) unit_cells_.add(unit);
    std::vector<std::vector<int>> groups_of(static_cast<std::size_t>(cells_));
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      group_cells_.add(groups_[g].cells);
      for (int cell : groups_[g].cells)
        groups_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(g));
    }
    unit_mask_.assign(static_cast<std::size_t>(cells_), 0);
    changed_.resize(static_cast<std::size_t>(cells_));
    for (int cell = 0; cell < cells_; ++cell) {
      cell_units_.add(geometry.units_of(cell));
      cell_groups_.add(groups_of[static_cast<std::size_t>(cell)]);
      peers_.add(geometry.peers(cell));
      for (int u : geometry.units_of(cell))
        unit_mask_[static_cast<std::size_t>(cell)] |= std::uint64_t{1} << u;
    }
    stride_ = static_cast<std::size_t>(cells_) * 2 + groups_.size() * 3;
    in_group_.assign(groups_.size() * static_cast<std::size_t>(cells_), 0);
    for (std::size_t g = 0; g < groups_.size(); ++g)
      for (int cell : groups_[g].cells)
        in_group_[g * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(cell)] = 1;
  }

  int count(std::span<const std::uint8_t> givens) {
    stack_.resize(stride_ * static_cast<std::size_t>(cells_ + 1));
    View board = view(stack_.data());
    for (int cell = 0; cell < cells_; ++cell) {
      board.candidates[cell] = static_cast<int>(geometry_.all_values());
      board.value[cell] = 0;
    }
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      board.remaining[g] = groups_[g].sum;
      board.placed[g] = 0;
      board.blanks[g] = static_cast<int>(groups_[g].cells.size());
    }
    for (int cell = 0; cell < cells_; ++cell) {
      const int value = givens[static_cast<std::size_t>(cell)];
      if (value == 0) continue;
      if (value > n_ || !place(board, cell, value)) return 0;
    }
    // Everything is worked once from the start.
    for (int u = 0; u < static_cast<int>(geometry_.units().size()); ++u) units_queued_.push(u);
    for (int g = 0; g < static_cast<int>(groups_.size()); ++g) groups_queued_.push(g);
    for (int cell = 0; cell < cells_; ++cell)
      if (board.value[cell] == 0 && is_single(static_cast<CandidateMask>(board.candidates[cell])))
        naked_.push(cell);
    search(0);
    return found_;
  }

  std::uint64_t guesses() const { return guesses_; }

 private:
  // One board in a flat int block: candidates and values per cell, then remaining sum, placed
  // values and blanks per group.
  struct View {
    int* candidates;
    int* value;
    int* remaining;
    int* placed;
    int* blanks;
  };

  View view(int* base) const {
    const std::size_t cells = static_cast<std::size_t>(cells_);
    const std::size_t groups = groups_.size();
    return {base, base + cells, base + 2 * cells, base + 2 * cells + groups, base + 2 * cells + 2 * groups};
  }

  static CandidateMask bit(int value) { return CandidateMask{1} << (value - 1); }
  static bool is_single(CandidateMask mask) { return (mask & (mask - 1)) == 0; }

  // `cell` lost candidates: its units and groups need work again, and so does the cell itself when
  // one value is left.
  void changed(int cell, CandidateMask left) {
    for (int u : cell_units_[cell]) units_queued_.push(u);
    for (int g : cell_groups_[cell]) groups_queued_.push(g);
    if (is_single(left)) naked_.push(cell);
  }

  bool place(View& board, int cell, int value) {
    const CandidateMask b = bit(value);
    if ((static_cast<CandidateMask>(board.candidates[cell]) & b) == 0 || board.value[cell] != 0) return false;
    board.value[cell] = value;
    board.candidates[cell] = static_cast<int>(b);
    for (int u : cell_units_[cell]) units_queued_.push(u);
    // The peers lose the value without a branch per peer (whether a peer still has it is not
    // predictable); those that lost it are listed and worked after.
    const std::span<const int> peers = peers_[cell];
    std::size_t lost = 0;
    bool dead = false;
    for (int peer : peers) {
      const int other = board.value[peer];
      const CandidateMask had = static_cast<CandidateMask>(board.candidates[peer]);
      const CandidateMask drop = had & b & (CandidateMask{0} - static_cast<CandidateMask>(other == 0));
      dead |= (other == value) | ((drop != 0) & (had == b));
      board.candidates[peer] = static_cast<int>(had & ~drop);
      changed_[lost] = peer;
      lost += drop != 0;
    }
    if (dead) return false;
    for (std::size_t i = 0; i < lost; ++i)
      changed(changed_[i], static_cast<CandidateMask>(board.candidates[changed_[i]]));
    for (int g : cell_groups_[cell]) {
      board.remaining[g] -= value;
      board.placed[g] |= static_cast<int>(b);
      --board.blanks[g];
      groups_queued_.push(g);
      if (board.remaining[g] < 0 || (board.blanks[g] == 0 && board.remaining[g] != 0)) return false;
    }
    return true;
  }

  // Narrows a cell to `keep`; false when nothing is left.
  bool narrow(View& board, int cell, CandidateMask keep) {
    const CandidateMask old = static_cast<CandidateMask>(board.candidates[cell]);
    const CandidateMask left = old & keep;
    if (left == 0) return false;
    if (left != old) {
      board.candidates[cell] = static_cast<int>(left);
      changed(cell, left);
    }
    return true;
  }

  // Hidden singles of unit u: a value with one place left goes there.
  bool hidden_singles(View& board, int u) {
    const std::span<const int> unit = unit_cells_[u];
    CandidateMask once = 0;
    CandidateMask twice = 0;
    CandidateMask placed = 0;
    for (int cell : unit) {  // without branches: which cells are placed is not predictable
      const CandidateMask m = static_cast<CandidateMask>(board.candidates[cell]);
      const CandidateMask open = m & (CandidateMask{0} - static_cast<CandidateMask>(board.value[cell] == 0));
      placed |= m ^ open;
      twice |= once & open;
      once |= open;
    }
    if ((once | placed) != geometry_.all_values()) return false;
    for (CandidateMask singles = once & ~twice & ~placed; singles != 0; singles &= singles - 1) {
      const CandidateMask b = singles & (~singles + 1);
      for (int cell : unit) {
        if (board.value[cell] == 0 && (static_cast<CandidateMask>(board.candidates[cell]) & b) != 0) {
          if (!place(board, cell, std::countr_zero(b) + 1)) return false;
          break;
        }
      }
    }
    return true;
  }

  bool propagate_group(View& board, int g) {
    if (board.blanks[g] == 0) return true;
    const std::span<const int> cells = group_cells_[g];
    std::array<CandidateMask, kMaxCageTableSize> candidates{};
    std::size_t b = 0;
    for (int cell : cells)
      if (board.value[cell] == 0) candidates[b++] = static_cast<CandidateMask>(board.candidates[cell]);
    std::array<CandidateMask, kMaxCageTableSize> supported{};
    const auto placed = static_cast<CandidateMask>(board.placed[g]);
    const std::optional<CandidateMask> required = cage_support(
        n_, board.remaining[g], placed, std::span(candidates.data(), b), std::span(supported.data(), b));
    if (!required) return false;
    std::size_t i = 0;
    for (int cell : cells)
      if (board.value[cell] == 0 && !narrow(board, cell, supported[i++])) return false;
    // A value every assignment uses goes in one of the group's blanks: cells outside the group that
    // see all of that value's places lose it (a cage inside a unit claims it).
    for (CandidateMask rest = *required & ~placed; rest != 0; rest &= rest - 1)
      if (!eliminate_seen_by_all(board, g, rest & (~rest + 1))) return false;
    return true;
  }

  // Removes `r` from every cell outside group g that sees each blank of g holding `r`.
  bool eliminate_seen_by_all(View& board, int g, CandidateMask r) {
    // One pass over the group: r's places, the first of them, and the units holding all of them.
    int first = -1;
    int places = 0;
    std::uint64_t holds_all = ~std::uint64_t{0};  // bit u: unit u holds every place
    for (int cell : group_cells_[g]) {
      if (board.value[cell] != 0 || (static_cast<CandidateMask>(board.candidates[cell]) & r) == 0) continue;
      ++places;
      if (first < 0) first = cell;
      holds_all &= unit_mask_[static_cast<std::size_t>(cell)];
    }
    if (first < 0) return false;                                // a value the group needs has no place left
    if (places == 1 && !narrow(board, first, r)) return false;  // its only place
    const std::uint8_t* member = &in_group_[static_cast<std::size_t>(g) * static_cast<std::size_t>(cells_)];
    for (; holds_all != 0; holds_all &= holds_all - 1) {
      for (int cell : unit_cells_[std::countr_zero(holds_all)]) {
        const bool holds =
            (board.value[cell] == 0) & ((static_cast<CandidateMask>(board.candidates[cell]) & r) != 0);
        if (holds & (member[cell] == 0) && !narrow(board, cell, ~r)) return false;
      }
    }
    return true;
  }

  // Works the queues until all are empty: naked singles, groups (fewest blanks first), hidden singles.
  bool propagate(View& board) {
    for (;;) {
      if (!naked_.empty()) {
        const int cell = naked_.take();
        naked_.release(cell);
        if (board.value[cell] == 0 &&
            !place(board, cell, std::countr_zero(static_cast<CandidateMask>(board.candidates[cell])) + 1))
          return false;
      } else if (!groups_queued_.empty()) {
        // The group stays marked while it narrows its own cells: its support is idempotent.
        const int g = groups_queued_.take_least([&](int group) { return board.blanks[group]; });
        const bool consistent = propagate_group(board, g);
        groups_queued_.release(g);
        if (!consistent) return false;
      } else if (!units_queued_.empty()) {
        const int u = units_queued_.take();
        units_queued_.release(u);  // placing a hidden single changes the unit: it is queued again
        if (!hidden_singles(board, u)) return false;
      } else {
        return true;
      }
    }
  }

  void search(int depth) {
    View board = view(stack_.data() + stride_ * static_cast<std::size_t>(depth));
    if (!propagate(board)) return;
    int best = -1;
    int best_count = n_ + 1;
    for (int cell = 0; cell < cells_; ++cell) {
      if (board.value[cell] != 0) continue;
      const int count = candidate_count(static_cast<CandidateMask>(board.candidates[cell]));
      if (count < best_count) {
        best = cell;
        best_count = count;
        if (count == 2) break;
      }
    }
    if (best < 0) {
      if (++found_ == 1 && first_solution_ != nullptr)
        for (int cell = 0; cell < cells_; ++cell)
          first_solution_[cell] = static_cast<std::uint8_t>(board.value[cell]);
      return;
    }
    CandidateMask values = static_cast<CandidateMask>(board.candidates[best]);
    int* next = stack_.data() + stride_ * static_cast<std::size_t>(depth + 1);
    while (values != 0 && found_ < limit_) {
      const int value = std::countr_zero(values) + 1;
      values &= values - 1;
      if (values != 0) ++guesses_;  // the last value is no assumption
      charge_budget();  // a caller's step limit or cancellation (budget.hpp)
      // A propagation that failed leaves work queued; the next branch starts from a settled board.
      naked_.clear();
      units_queued_.clear();
      groups_queued_.clear();
      std::copy(stack_.data() + stride_ * static_cast<std::size_t>(depth),
                stack_.data() + stride_ * static_cast<std::size_t>(depth + 1), next);
      View child = view(next);
      if (place(child, best, value)) search(depth + 1);
    }
  }

  const Geometry& geometry_;
  int n_;
  int cells_;
  int limit_;
  std::uint8_t* first_solution_;
  std::vector<Group> groups_;
  FlatLists unit_cells_;   // the cells of each unit
  FlatLists group_cells_;  // the cells of each group
  FlatLists cell_units_;   // the units through each cell
  FlatLists cell_groups_;  // the groups holding each cell
  FlatLists peers_;        // each cell's peers (units and cage)
  std::vector<std::uint64_t> unit_mask_;  // per cell, bit u for each unit u through it
  std::vector<std::uint8_t> in_group_;    // in_group_[g * cells_ + c]: cell c belongs to group g
  std::vector<int> changed_;              // place(): the peers that lost the value
  WorkList naked_;                        // cells left with one value
  WorkList units_queued_;                 // units to search for hidden singles
  WorkList groups_queued_;                // groups whose support may have shrunk
  std::size_t stride_ = 0;
  std::vector<int> stack_;  // one board per search depth
  int found_ = 0;
  std::uint64_t guesses_ = 0;
};

}  // namespace

int count_solutions_killer(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                           std::uint8_t* first_solution, SearchStats* stats) {
  KillerSearch search(geometry, limit, first_solution);
  const int found = search.count(cells);
  if (stats != nullptr) stats->guesses += search.guesses();
  return found;
}

}  // namespace sudoku::detail
