// The Killer kernel: per-cell candidate masks (bit v-1 for value v) propagated to a fixpoint by
// naked singles, hidden singles over units and sum groups, then a depth-first search on the blank
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
#include "solve/killer_kernel.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "sudoku/cage_combinations.hpp"

namespace sudoku::detail {
namespace {

constexpr int kInnieMostCells = 4;
// Units through one cell, at most (a bit each in eliminate_seen_by_all); checked at construction.
constexpr std::size_t kMaxUnitsPerCell = 31;

// Bits set in a candidate mask of up to 16 values, by table: std::popcount is a library call on the
// baseline x86-64 target (no POPCNT), and the branching cell is chosen by it at every node.
constexpr std::array<std::uint8_t, 256> kBitsInByte = [] {
  std::array<std::uint8_t, 256> bits{};
  for (std::size_t b = 0; b < bits.size(); ++b) bits[b] = static_cast<std::uint8_t>(std::popcount(b));
  return bits;
}();

int candidate_count(CandidateMask mask) {
  return kBitsInByte[mask & 0xFF] + kBitsInByte[(mask >> 8) & 0xFF];
}

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
  for (const std::vector<int>& unit : geometry.units()) {
    int inside_sum = 0;
    std::vector<int> rest;
    std::vector<bool> taken(static_cast<std::size_t>(geometry.cell_count()), false);
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

class KillerSearch {
 public:
  KillerSearch(const Geometry& geometry, int limit, std::uint8_t* first_solution)
      : geometry_(geometry),
        n_(geometry.size()),
        cells_(geometry.cell_count()),
        limit_(limit),
        first_solution_(first_solution),
        groups_(sum_groups(geometry)) {
    group_start_.assign(static_cast<std::size_t>(cells_ + 1), 0);
    for (const Group& group : groups_)
      for (int cell : group.cells) ++group_start_[static_cast<std::size_t>(cell) + 1];
    for (int cell = 0; cell < cells_; ++cell)
      group_start_[static_cast<std::size_t>(cell) + 1] += group_start_[static_cast<std::size_t>(cell)];
    group_index_.resize(static_cast<std::size_t>(group_start_.back()));
    std::vector<int> fill(group_start_.begin(), group_start_.end() - 1);
    for (std::size_t g = 0; g < groups_.size(); ++g)
      for (int cell : groups_[g].cells)
        group_index_[static_cast<std::size_t>(fill[static_cast<std::size_t>(cell)]++)] = static_cast<int>(g);
    stride_ = static_cast<std::size_t>(cells_) * 2 + groups_.size() * 4;
    for (int cell = 0; cell < cells_; ++cell)
      if (geometry.units_of(cell).size() > kMaxUnitsPerCell)
        throw std::invalid_argument("the Killer kernel takes at most 31 units through a cell");
    in_group_.assign(groups_.size() * static_cast<std::size_t>(cells_), 0);
    for (std::size_t g = 0; g < groups_.size(); ++g)
      for (int cell : groups_[g].cells)
        in_group_[g * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(cell)] = 1;
  }

  int count(std::span<const std::uint8_t> givens) {
    std::vector<int> state(stride_);
    View board = view(state.data());
    for (int cell = 0; cell < cells_; ++cell) {
      board.candidates[cell] = static_cast<int>(geometry_.all_values());
      board.value[cell] = 0;
    }
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      board.remaining[g] = groups_[g].sum;
      board.placed[g] = 0;
      board.blanks[g] = static_cast<int>(groups_[g].cells.size());
      board.dirty[g] = 1;
    }
    for (int cell = 0; cell < cells_; ++cell) {
      const int value = givens[static_cast<std::size_t>(cell)];
      if (value == 0) continue;
      if (value > n_ || !place(board, cell, value)) return 0;
    }
    stack_.resize(stride_ * static_cast<std::size_t>(cells_ + 1));
    std::copy(state.begin(), state.end(), stack_.begin());
    search(0);
    return found_;
  }

  std::uint64_t guesses() const { return guesses_; }

 private:
  // One board in a flat int block: candidates and values per cell, then remaining sum, placed
  // values, blanks and the dirty flag per group.
  struct View {
    int* candidates;
    int* value;
    int* remaining;
    int* placed;
    int* blanks;
    int* dirty;  // 1 when a cell of the group changed since the group was last propagated
  };

  View view(int* base) const {
    const std::size_t cells = static_cast<std::size_t>(cells_);
    const std::size_t groups = groups_.size();
    return {base,
            base + cells,
            base + 2 * cells,
            base + 2 * cells + groups,
            base + 2 * cells + 2 * groups,
            base + 2 * cells + 3 * groups};
  }

  static CandidateMask bit(int value) { return CandidateMask{1} << (value - 1); }

  // The groups holding `cell` need propagating again.
  void mark_groups(View& board, int cell) const {
    for (int i = group_start_[static_cast<std::size_t>(cell)];
         i < group_start_[static_cast<std::size_t>(cell) + 1]; ++i)
      board.dirty[group_index_[static_cast<std::size_t>(i)]] = 1;
  }

  bool place(View& board, int cell, int value) {
    const CandidateMask b = bit(value);
    if ((static_cast<CandidateMask>(board.candidates[cell]) & b) == 0 || board.value[cell] != 0) return false;
    board.value[cell] = value;
    board.candidates[cell] = static_cast<int>(b);
    for (int peer : geometry_.peers(cell)) {
      if (board.value[peer] == value) return false;
      if (board.value[peer] != 0) continue;
      const CandidateMask left = static_cast<CandidateMask>(board.candidates[peer]) & ~b;
      if (left == 0) return false;
      if (left != static_cast<CandidateMask>(board.candidates[peer])) {
        board.candidates[peer] = static_cast<int>(left);
        mark_groups(board, peer);
      }
    }
    for (int i = group_start_[static_cast<std::size_t>(cell)];
         i < group_start_[static_cast<std::size_t>(cell) + 1]; ++i) {
      const std::size_t g = static_cast<std::size_t>(group_index_[static_cast<std::size_t>(i)]);
      board.remaining[g] -= value;
      board.placed[g] |= static_cast<int>(b);
      --board.blanks[g];
      board.dirty[g] = 1;
      if (board.remaining[g] < 0 || (board.blanks[g] == 0 && board.remaining[g] != 0)) return false;
    }
    return true;
  }

  // Narrows a cell to `keep`; false when nothing is left.
  bool narrow(View& board, int cell, CandidateMask keep, bool& changed) const {
    const CandidateMask old = static_cast<CandidateMask>(board.candidates[cell]);
    const CandidateMask left = old & keep;
    if (left == 0) return false;
    if (left != old) {
      board.candidates[cell] = static_cast<int>(left);
      mark_groups(board, cell);
      changed = true;
    }
    return true;
  }

  bool propagate_group(View& board, std::size_t g, bool& changed) {
    if (board.blanks[g] == 0) return true;
    std::array<CandidateMask, kMaxCageTableSize> candidates{};
    std::size_t b = 0;
    for (int cell : groups_[g].cells)
      if (board.value[cell] == 0) candidates[b++] = static_cast<CandidateMask>(board.candidates[cell]);
    std::array<CandidateMask, kMaxCageTableSize> supported{};
    const auto placed = static_cast<CandidateMask>(board.placed[g]);
    const std::optional<CandidateMask> required = cage_support(
        n_, board.remaining[g], placed, std::span(candidates.data(), b), std::span(supported.data(), b));
    if (!required) return false;
    std::size_t i = 0;
    for (int cell : groups_[g].cells)
      if (board.value[cell] == 0 && !narrow(board, cell, supported[i++], changed)) return false;
    // A value every assignment uses goes in one of the group's blanks: cells outside the group that
    // see all of that value's places lose it (a cage inside a unit claims it).
    for (CandidateMask rest = *required & ~placed; rest != 0; rest &= rest - 1)
      if (!eliminate_seen_by_all(board, g, rest & (~rest + 1), changed)) return false;
    return true;
  }

  // Removes `r` from every cell outside group g that sees each blank of g holding `r`.
  bool eliminate_seen_by_all(View& board, std::size_t g, CandidateMask r, bool& changed) {
    // One pass over the group: r's places, the first of them, and the units holding all of them.
    int first = -1;
    int places = 0;
    std::span<const int> units;
    std::uint32_t holds_all = 0;  // bit u: units[u] holds every place so far
    for (int cell : groups_[g].cells) {
      if (board.value[cell] != 0 || (static_cast<CandidateMask>(board.candidates[cell]) & r) == 0) continue;
      ++places;
      if (first < 0) {
        first = cell;
        units = geometry_.units_of(first);
        holds_all = (std::uint32_t{1} << units.size()) - 1;
        continue;
      }
      const std::span<const int> own = geometry_.units_of(cell);
      for (std::size_t u = 0; u < units.size(); ++u)
        if (std::find(own.begin(), own.end(), units[u]) == own.end()) holds_all &= ~(std::uint32_t{1} << u);
    }
    if (first < 0) return false;  // a value the group needs has no place left
    if (places == 1 && !narrow(board, first, r, changed)) return false;  // its only place
    const std::uint8_t* member = &in_group_[g * static_cast<std::size_t>(cells_)];
    for (std::size_t u = 0; u < units.size(); ++u) {
      if ((holds_all >> u & 1u) == 0) continue;
      for (int cell : geometry_.units()[static_cast<std::size_t>(units[u])]) {
        if (board.value[cell] != 0 || (static_cast<CandidateMask>(board.candidates[cell]) & r) == 0) continue;
        if (member[cell] != 0) continue;
        if (!narrow(board, cell, ~r, changed)) return false;
      }
    }
    return true;
  }

  bool propagate(View& board) {
    const CandidateMask all = geometry_.all_values();
    bool changed = true;
    while (changed) {
      changed = false;
      for (int cell = 0; cell < cells_; ++cell) {  // naked singles
        if (board.value[cell] != 0) continue;
        const CandidateMask m = static_cast<CandidateMask>(board.candidates[cell]);
        if (std::has_single_bit(m)) {
          if (!place(board, cell, std::countr_zero(m) + 1)) return false;
          changed = true;
        }
      }
      for (const std::vector<int>& unit : geometry_.units()) {  // hidden singles
        CandidateMask once = 0;
        CandidateMask twice = 0;
        CandidateMask placed = 0;
        for (int cell : unit) {
          const CandidateMask m = static_cast<CandidateMask>(board.candidates[cell]);
          if (board.value[cell] != 0) {
            placed |= m;
          } else {
            twice |= once & m;
            once |= m;
          }
        }
        if ((once | placed) != all) return false;
        CandidateMask singles = once & ~twice & ~placed;
        while (singles != 0) {
          const CandidateMask b = singles & (~singles + 1);
          singles &= singles - 1;
          for (int cell : unit) {
            if (board.value[cell] == 0 && (static_cast<CandidateMask>(board.candidates[cell]) & b) != 0) {
              if (!place(board, cell, std::countr_zero(b) + 1)) return false;
              changed = true;
              break;
            }
          }
        }
      }
      for (std::size_t g = 0; g < groups_.size(); ++g) {
        if (board.dirty[g] == 0) continue;
        if (!propagate_group(board, g, changed)) return false;
        board.dirty[g] = 0;  // its own narrowing leaves it consistent (arc consistency is idempotent)
      }
    }
    return true;
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
  std::vector<int> group_start_;  // groups of cell c: group_index_[group_start_[c] .. group_start_[c + 1])
  std::vector<int> group_index_;
  std::vector<std::uint8_t> in_group_;  // in_group_[g * cells_ + c]: cell c belongs to group g
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
