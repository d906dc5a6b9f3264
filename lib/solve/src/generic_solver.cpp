// SPDX-License-Identifier: Apache-2.0
// Cell-major solver for any geometry: one candidate mask per cell. It reads the shape only through
// the units and peers, which is what lets variants reuse it.
//
// Propagation, cheapest first, repeated until nothing changes (each step only revisits units and
// values that changed since it last ran):
//  1. naked singles (through the peers) and hidden singles (through the units);
//  2. values confined to the cells two units share (locked candidates), for unit pairs that step 3
//     does not already cover;
//  3. for two families of units that each tile the board (rows and columns, rows and boxes, ...):
//     every value must pair each unit of one family with a different unit of the other, a perfect
//     matching; pairings in no perfect matching lose the value (this covers box-line interactions
//     and every basic fish);
//  4. in each unit, the open cells must take the open values one each, also a perfect matching;
//     options in none go (all naked and hidden subsets).
// Search branches two ways (the cell takes its smallest value, or loses it) on the cell with the
// fewest values relative to how often its units took part in contradictions so far (dom/wdeg),
// which keeps refutations short. A puzzle still unsettled after the node budget is counted by
// clause learning instead (sat_counter.hpp), from the propagated start.
#include "generic_solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/base/budget.hpp"
#include "sat_counter.hpp"

namespace sudoku::detail {
namespace {

// Candidate masks use at most 25 bits; the top bit marks a cell whose value is placed, so one
// array (copied once per branch) holds the whole state. One cell's 32-bit word:
//
//    31   30 ... 25   24   23  ...   2    1    0
//   +-----+---------+----+----+-----+----+----+----+
//   |  P  | 0 ... 0 | 25 | 24 | ... |  3 |  2 |  1 |   bit v-1: value v still possible
//   +-----+---------+----+----+-----+----+----+----+   (bits size..30 stay 0)
//      P = kPlaced: the cell's value is placed (one value bit left).
// The matching steps use these masks, without P, as the edges from a cell to its values.
constexpr CandidateMask kPlaced = CandidateMask{1} << 31;

// Search nodes after which the kernel stops searching and counts by clause learning instead
// (sat_counter.hpp). Easy puzzles never get near it; the "sat" kernel of solver_kernels.hpp runs
// clause learning alone, so tests reach it without a hard puzzle.
constexpr std::uint64_t kNodeBudget = 1000;

bool is_single(CandidateMask mask) {
  return (mask & (mask - 1)) == 0;
}

// Kuhn's augmenting path: find a partner for left vertex `left`, moving other left vertices to
// other partners if needed. `visited` holds the right vertices already tried in this search.
bool find_augmenting_path(int left, std::uint32_t& visited, const std::uint32_t* edges,
                          std::uint32_t* partner, int* owner) {
  std::uint32_t untried = edges[left] & ~visited;
  while (untried != 0) {
    const std::uint32_t bit = untried & (0u - untried);
    untried ^= bit;
    visited |= bit;
    int& holder = owner[std::countr_zero(bit)];
    if (holder < 0 || find_augmenting_path(holder, visited, edges, partner, owner)) {
      holder = left;
      partner[left] = bit;
      return true;
    }
  }
  return false;
}

// Tarjan's strongly connected components of a graph of up to 32 vertices given as bit masks of
// successors. Returns, for each vertex, the mask of its component.
class ComponentFinder {
 public:
  ComponentFinder(int count, const std::uint32_t* successors) : successors_(successors) {
    index_.fill(-1);
    for (int vertex = 0; vertex < count; ++vertex)
      if (index_[static_cast<std::size_t>(vertex)] < 0) visit(vertex);
  }
  const std::array<std::uint32_t, 32>& components() const { return component_; }

 private:
  void visit(int vertex) {
    const auto v = static_cast<std::size_t>(vertex);
    index_[v] = low_[v] = next_index_++;
    stack_[stack_size_++] = vertex;
    on_stack_ |= 1u << vertex;
    for (std::uint32_t rest = successors_[v]; rest != 0; rest &= rest - 1) {
      const int next = std::countr_zero(rest);
      const auto w = static_cast<std::size_t>(next);
      if (index_[w] < 0) {
        visit(next);
        low_[v] = std::min(low_[v], low_[w]);
      } else if ((on_stack_ >> next) & 1u) {
        low_[v] = std::min(low_[v], index_[w]);
      }
    }
    if (low_[v] != index_[v]) return;
    std::uint32_t members = 0;
    int member = -1;
    do {
      member = stack_[--stack_size_];
      members |= 1u << member;
    } while (member != vertex);
    on_stack_ &= ~members;
    for (std::uint32_t rest = members; rest != 0; rest &= rest - 1)
      component_[static_cast<std::size_t>(std::countr_zero(rest))] = members;
  }

  const std::uint32_t* successors_;
  std::array<int, 32> index_{};
  std::array<int, 32> low_{};
  std::array<int, 32> stack_{};
  std::size_t stack_size_ = 0;
  int next_index_ = 0;
  std::uint32_t on_stack_ = 0;
  std::array<std::uint32_t, 32> component_{};
};

std::array<std::uint32_t, 32> strongly_connected_components(int count, const std::uint32_t* successors) {
  return ComponentFinder(count, successors).components();
}

// Regin's filtering for a bipartite graph whose `count` left vertices must each get a different
// right vertex, with exactly `count` right vertices in use (the bits of the edge masks). Keeps in
// `edges` only the edges of some perfect matching; false when there is none.
// Find one perfect matching; then left vertex a may also take b's partner exactly when b can reach
// a by passing partners along edges (an alternating cycle): swapping along the cycle gives another
// perfect matching that uses the edge.
bool keep_perfect_matching_edges(int count, std::uint32_t* edges) {
  std::uint32_t used = 0;
  bool has_choice = false;
  for (int left = 0; left < count; ++left) {
    used |= edges[left];
    has_choice = has_choice || !is_single(edges[left]);
  }
  if (std::popcount(used) != count) return false;
  if (!has_choice) return true;  // one edge each, all different: the only perfect matching

  std::array<std::uint32_t, 32> partner{};
  std::array<int, 32> owner;  // left vertex holding each right vertex, -1 for none
  owner.fill(-1);
  std::uint32_t taken = 0;
  for (int left = 0; left < count; ++left) {  // greedy start, augmented below
    const std::uint32_t free_partners = edges[left] & ~taken;
    if (free_partners == 0) continue;
    partner[static_cast<std::size_t>(left)] = free_partners & (0u - free_partners);
    taken |= partner[static_cast<std::size_t>(left)];
    owner[static_cast<std::size_t>(std::countr_zero(free_partners))] = left;
  }
  for (int left = 0; left < count; ++left) {
    if (partner[static_cast<std::size_t>(left)] != 0) continue;
    std::uint32_t visited = 0;
    if (!find_augmenting_path(left, visited, edges, partner.data(), owner.data())) return false;
  }

  // Left vertex a points at b when a can take b's partner; an edge outside the matching is in some
  // perfect matching exactly when it closes a cycle, i.e. a and b share a strongly connected
  // component (Tarjan's algorithm, with bit masks for the adjacency).
  std::array<std::uint32_t, 32> points_at{};
  for (int left = 0; left < count; ++left) {
    const auto a = static_cast<std::size_t>(left);
    for (std::uint32_t rest = edges[a] & ~partner[a]; rest != 0; rest &= rest - 1)
      points_at[a] |= 1u << owner[static_cast<std::size_t>(std::countr_zero(rest))];
  }
  const std::array<std::uint32_t, 32> component = strongly_connected_components(count, points_at.data());

  for (int left = 0; left < count; ++left) {
    const auto a = static_cast<std::size_t>(left);
    std::uint32_t keep = partner[a];
    for (std::uint32_t rest = edges[a] & ~partner[a]; rest != 0; rest &= rest - 1) {
      const auto holder = owner[static_cast<std::size_t>(std::countr_zero(rest))];
      if ((component[a] >> holder) & 1u) keep |= rest & (0u - rest);
    }
    edges[a] = keep;
  }
  return true;
}

class GenericSolver {
 public:
  GenericSolver(const Geometry& geometry, int limit, std::uint8_t* first_solution, std::uint64_t node_budget);

  // Counts the solutions of `cells`; adds the guesses made to `stats` when it is not null.
  int run(std::span<const std::uint8_t> cells, SearchStats* stats);

 private:
  // Which checks a unit needs again since its cells last changed (bits of Level::unit_dirty).
  static constexpr std::uint8_t kCheckSingles = 1;
  static constexpr std::uint8_t kCheckLocked = 2;
  static constexpr std::uint8_t kCheckMatching = 4;
  static constexpr std::uint8_t kCheckAll = 7;

  struct Level {
    std::vector<CandidateMask> candidates;  // per cell, kPlaced set once the value is placed
    std::vector<std::uint8_t> unit_dirty;   // per unit, the checks it needs (kCheck... bits)
    CandidateMask value_dirty = 0;          // values some cell lost since match_families ran
    int unsolved = 0;
  };
  // Units that are pairwise disjoint and cover the board, `size` of them.
  struct Family {
    std::vector<int> units;      // indices into Geometry::units()
    std::vector<int> member_of;  // per cell, the index in `units` of the unit holding it
  };
  // Two units sharing two or more cells, as three runs of cells in intersection_cells_: the shared
  // ones, the rest of the first unit, the rest of the second.
  struct Intersection {
    std::size_t shared_begin, first_begin, second_begin, end;
  };
  struct Choice {
    int cell = -1;
    int options = 0;
    std::uint64_t weight = 0;
  };

  void find_families();
  void find_intersections();
  const int* unit_cells(std::size_t unit) const {
    return unit_cells_.data() + unit * static_cast<std::size_t>(size_);
  }
  std::span<const int> units_of(int cell) const { return units_of_[static_cast<std::size_t>(cell)]; }
  void note_loss(Level& level, int cell, CandidateMask lost) {
    for (int unit : units_of(cell)) level.unit_dirty[static_cast<std::size_t>(unit)] = kCheckAll;
    level.value_dirty |= lost;
  }
  void blame_cell(int cell) {
    for (int unit : units_of(cell)) ++unit_weight_[static_cast<std::size_t>(unit)];
  }

  // Places the value `bit` in `cell` and removes it from the peers, queueing peers left with one
  // value. False when some peer is left with none.
  bool place(Level& level, int cell, CandidateMask bit);
  // Removes `values` from an open cell. False when the cell is left with none.
  bool remove(Level& level, int cell, CandidateMask values);
  bool place_pending(Level& level);
  // Naked and hidden singles until none is left. False on a contradiction.
  bool place_singles(Level& level);
  // Steps 2 to 4 of the header comment; each sets `progress` when it removes anything and returns
  // false on a contradiction.
  bool remove_locked_candidates(Level& level, bool& progress);
  // Only for `values`, the ones that lost cells since the last run.
  bool match_families(Level& level, const Family& first, const Family& second, CandidateMask values,
                      bool& progress);
  bool match_unit(Level& level, std::size_t unit, bool& progress);
  bool propagate(Level& level);
  Choice choose(const Level& level) const;
  void search(std::size_t depth);
  void record_solution(const Level& level);

  const Geometry& geometry_;
  int size_;
  CandidateMask all_values_;
  int limit_;
  std::uint8_t* first_solution_;
  int count_ = 0;
  // Search nodes so far; past the budget the search gives up. Hard large puzzles (minimal 25x25,
  // near the hardness peak of Latin square completion) would need 10^5 nodes and more, where
  // clause learning needs far fewer conflicts.
  std::uint64_t nodes_ = 0;
  std::uint64_t node_budget_;
  std::uint64_t guesses_ = 0;  // two-way splits (SearchStats)
  bool gave_up_ = false;
  std::vector<int> unit_cells_;  // units back to back, size_ cells each
  // Geometry::units_of per cell, looked up once: place() marks the units of every peer it changes,
  // and the out-of-line call cost more than the marking (callgrind, gecode-16x16).
  std::vector<std::span<const int>> units_of_;
  std::vector<Family> families_;
  std::vector<Intersection> intersections_;
  std::vector<int> intersection_cells_;
  std::vector<std::uint32_t> unit_weight_;  // contradictions each unit took part in, plus one
  std::vector<int> pending_;                // cells left with one candidate, not yet placed
  std::vector<Level> levels_;               // the state at each search depth, reused between branches
};

GenericSolver::GenericSolver(const Geometry& geometry, int limit, std::uint8_t* first_solution,
                             std::uint64_t node_budget)
    : geometry_(geometry),
      size_(geometry.size()),
      all_values_(geometry.all_values()),
      limit_(limit),
      first_solution_(first_solution),
      node_budget_(node_budget),
      unit_weight_(geometry.units().size(), 1),
      levels_(static_cast<std::size_t>(geometry.cell_count()) + 1) {
  for (const auto& unit : geometry.units()) unit_cells_.insert(unit_cells_.end(), unit.begin(), unit.end());
  units_of_.reserve(static_cast<std::size_t>(geometry.cell_count()));
  for (int cell = 0; cell < geometry.cell_count(); ++cell) units_of_.push_back(geometry.units_of(cell));
  find_families();
  find_intersections();
  pending_.reserve(static_cast<std::size_t>(geometry.cell_count()));
}

void GenericSolver::find_families() {
  const auto& units = geometry_.units();
  const auto cells = static_cast<std::size_t>(geometry_.cell_count());
  // Greedy: each unit joins the first family it is disjoint from, else starts one. Rows, columns
  // and boxes come out as three families; extra units (diagonals, windows) as incomplete ones.
  std::vector<Family> candidates;
  for (std::size_t unit = 0; unit < units.size(); ++unit) {
    Family* home = nullptr;
    for (Family& family : candidates) {
      const bool disjoint = std::all_of(units[unit].begin(), units[unit].end(), [&](int cell) {
        return family.member_of[static_cast<std::size_t>(cell)] < 0;
      });
      if (disjoint) {
        home = &family;
        break;
      }
    }
    if (home == nullptr) {
      home = &candidates.emplace_back();
      home->member_of.assign(cells, -1);
    }
    for (int cell : units[unit])
      home->member_of[static_cast<std::size_t>(cell)] = static_cast<int>(home->units.size());
    home->units.push_back(static_cast<int>(unit));
  }
  // `size` disjoint units of `size` cells cover the board only when it has size * size cells: a
  // gattai board's (several grids, 150 to 370 cells) do not, and two families that cover different
  // cells are no matching of a value's places (match_families), so such a board has none and its
  // overlapping units go to find_intersections instead.
  if (size_ * size_ != geometry_.cell_count()) return;
  for (Family& family : candidates)
    if (static_cast<int>(family.units.size()) == size_) families_.push_back(std::move(family));
}

void GenericSolver::find_intersections() {
  const auto& units = geometry_.units();
  // Pairs of units from two tiling families are handled by match_families.
  std::vector<bool> in_family(units.size(), false);
  for (const Family& family : families_)
    for (int unit : family.units) in_family[static_cast<std::size_t>(unit)] = true;
  // Plain boards (every unit a row, column or box) have none; the search below costs about a
  // tenth of a 16x16 count, and it runs for every count.
  if (std::all_of(in_family.begin(), in_family.end(), [](bool in) { return in; })) return;
  const auto holds = [&](std::size_t unit, int cell) {
    const auto of = units_of(cell);
    return std::find(of.begin(), of.end(), static_cast<int>(unit)) != of.end();
  };
  std::vector<int> shared_count(units.size());
  for (std::size_t first = 0; first < units.size(); ++first) {
    std::fill(shared_count.begin(), shared_count.end(), 0);
    for (int cell : units[first])
      for (int other : units_of(cell)) ++shared_count[static_cast<std::size_t>(other)];
    for (std::size_t second = first + 1; second < units.size(); ++second) {
      if (shared_count[second] < 2 || (in_family[first] && in_family[second])) continue;
      Intersection runs{};
      runs.shared_begin = intersection_cells_.size();
      for (int cell : units[first])
        if (holds(second, cell)) intersection_cells_.push_back(cell);
      runs.first_begin = intersection_cells_.size();
      for (int cell : units[first])
        if (!holds(second, cell)) intersection_cells_.push_back(cell);
      runs.second_begin = intersection_cells_.size();
      for (int cell : units[second])
        if (!holds(first, cell)) intersection_cells_.push_back(cell);
      runs.end = intersection_cells_.size();
      if (runs.first_begin - runs.shared_begin == static_cast<std::size_t>(size_)) {
        intersection_cells_.resize(runs.shared_begin);  // the same cells twice: nothing to learn
        continue;
      }
      intersections_.push_back(runs);
    }
  }
}

bool GenericSolver::place(Level& level, int cell, CandidateMask bit) {
  CandidateMask& own = level.candidates[static_cast<std::size_t>(cell)];
  note_loss(level, cell, own & ~bit);
  own = bit | kPlaced;
  --level.unsolved;
  for (int peer : geometry_.peers(cell)) {
    CandidateMask& mask = level.candidates[static_cast<std::size_t>(peer)];
    if ((mask & bit) == 0) continue;
    // A placed peer holding this value, or a peer with nothing left, is a contradiction.
    if ((mask & kPlaced) != 0 || mask == bit) {
      blame_cell(peer);
      return false;
    }
    mask &= ~bit;
    note_loss(level, peer, bit);
    if (is_single(mask)) pending_.push_back(peer);
  }
  return true;
}

bool GenericSolver::remove(Level& level, int cell, CandidateMask values) {
  CandidateMask& mask = level.candidates[static_cast<std::size_t>(cell)];
  if ((mask & values) == 0) return true;
  note_loss(level, cell, mask & values);
  mask &= ~values;
  if (mask == 0) {
    blame_cell(cell);
    return false;
  }
  if (is_single(mask)) pending_.push_back(cell);
  return true;
}

bool GenericSolver::place_pending(Level& level) {
  while (!pending_.empty()) {
    const int cell = pending_.back();
    pending_.pop_back();
    const CandidateMask mask = level.candidates[static_cast<std::size_t>(cell)];
    if ((mask & kPlaced) != 0) continue;
    if (!place(level, cell, mask)) return false;
  }
  return true;
}

bool GenericSolver::place_singles(Level& level) {
  if (!place_pending(level)) return false;
  const std::size_t unit_count = unit_weight_.size();
  bool progress = true;
  while (progress && level.unsolved > 0) {
    progress = false;
    for (std::size_t unit = 0; unit < unit_count; ++unit) {
      if ((level.unit_dirty[unit] & kCheckSingles) == 0) continue;
      level.unit_dirty[unit] &= static_cast<std::uint8_t>(~kCheckSingles);
      const int* cells = unit_cells(unit);
      CandidateMask once = 0;
      CandidateMask twice = 0;
      CandidateMask placed = 0;
      for (int i = 0; i < size_; ++i) {
        const CandidateMask mask = level.candidates[static_cast<std::size_t>(cells[i])];
        if ((mask & kPlaced) != 0) {
          placed |= mask;
        } else {
          twice |= once & mask;
          once |= mask;
        }
      }
      if (((once | placed) & all_values_) != all_values_) {  // a value has no place left
        ++unit_weight_[unit];
        return false;
      }
      CandidateMask hidden = once & ~twice;
      if (hidden == 0) continue;
      progress = true;
      while (hidden != 0) {
        const CandidateMask bit = hidden & (0u - hidden);
        hidden ^= bit;
        int i = 0;
        while (i < size_ && (level.candidates[static_cast<std::size_t>(cells[i])] & (bit | kPlaced)) != bit)
          ++i;
        if (i == size_) {  // the value's only cell took another hidden single of this unit
          ++unit_weight_[unit];
          return false;
        }
        if (!place(level, cells[i], bit)) return false;
      }
      if (!place_pending(level)) return false;
    }
  }
  return true;
}

bool GenericSolver::remove_locked_candidates(Level& level, bool& progress) {
  const auto values_in = [&](std::size_t begin, std::size_t end) {
    CandidateMask values = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const CandidateMask mask = level.candidates[static_cast<std::size_t>(intersection_cells_[i])];
      if ((mask & kPlaced) == 0) values |= mask;
    }
    return values;
  };
  const auto remove_all = [&](std::size_t begin, std::size_t end, CandidateMask values) {
    progress = true;
    for (std::size_t i = begin; i < end; ++i)
      if (!remove(level, intersection_cells_[i], values)) return false;
    return true;
  };
  if (intersections_.empty()) return true;
  bool any_dirty = false;
  for (std::uint8_t& dirty : level.unit_dirty) {
    any_dirty = any_dirty || (dirty & kCheckLocked) != 0;
    dirty &= static_cast<std::uint8_t>(~kCheckLocked);
  }
  if (!any_dirty) return true;
  for (const Intersection& runs : intersections_) {
    const CandidateMask shared = values_in(runs.shared_begin, runs.first_begin);
    if (shared == 0) continue;
    const CandidateMask first_rest = values_in(runs.first_begin, runs.second_begin);
    const CandidateMask second_rest = values_in(runs.second_begin, runs.end);
    // Placed cells never hold the open values removed here, so removing skips them safely.
    const CandidateMask only_shared_in_first = shared & ~first_rest & second_rest;
    const CandidateMask only_shared_in_second = shared & ~second_rest & first_rest;
    if (only_shared_in_first != 0 && !remove_all(runs.second_begin, runs.end, only_shared_in_first))
      return false;
    if (only_shared_in_second != 0 && !remove_all(runs.first_begin, runs.second_begin, only_shared_in_second))
      return false;
  }
  return true;
}

bool GenericSolver::match_families(Level& level, const Family& first, const Family& second,
                                   CandidateMask values, bool& progress) {
  // edges[value][i]: the units j of `second` that can hold the value where they meet unit i of `first`.
  std::array<std::array<std::uint32_t, kMaxSize>, kMaxSize> edges{};
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    const auto c = static_cast<std::size_t>(cell);
    const auto i = static_cast<std::size_t>(first.member_of[c]);
    const std::uint32_t j = 1u << second.member_of[c];
    for (CandidateMask options = level.candidates[c] & values; options != 0; options &= options - 1)
      edges[static_cast<std::size_t>(std::countr_zero(options))][i] |= j;
  }
  for (; values != 0; values &= values - 1) {
    const int value = std::countr_zero(values);
    auto& value_edges = edges[static_cast<std::size_t>(value)];
    const auto before = value_edges;
    if (!keep_perfect_matching_edges(size_, value_edges.data())) {
      for (int unit : first.units) ++unit_weight_[static_cast<std::size_t>(unit)];
      return false;
    }
    const CandidateMask bit = CandidateMask{1} << value;
    for (std::size_t i = 0; i < static_cast<std::size_t>(size_); ++i) {
      const std::uint32_t lost = before[i] & ~value_edges[i];
      if (lost == 0) continue;
      progress = true;
      const int* cells = unit_cells(static_cast<std::size_t>(first.units[i]));
      for (int k = 0; k < size_; ++k) {
        const auto c = static_cast<std::size_t>(cells[k]);
        if (((lost >> second.member_of[c]) & 1u) != 0 && !remove(level, cells[k], bit)) return false;
      }
    }
  }
  return true;
}

bool GenericSolver::match_unit(Level& level, std::size_t unit, bool& progress) {
  if ((level.unit_dirty[unit] & kCheckMatching) == 0) return true;
  const int* cells = unit_cells(unit);
  std::array<int, kMaxSize> open_cells{};
  std::array<std::uint32_t, kMaxSize> options{};
  int open = 0;
  for (int i = 0; i < size_; ++i) {
    const CandidateMask mask = level.candidates[static_cast<std::size_t>(cells[i])];
    if ((mask & kPlaced) != 0) continue;
    open_cells[static_cast<std::size_t>(open)] = cells[i];
    options[static_cast<std::size_t>(open)] = mask;
    ++open;
  }
  const auto before = options;
  if (open > 1 && !keep_perfect_matching_edges(open, options.data())) {
    ++unit_weight_[unit];
    return false;
  }
  // Cleared only now: the unit's own removals below need no second look (the filter is exact).
  level.unit_dirty[unit] &= static_cast<std::uint8_t>(~kCheckMatching);
  for (std::size_t i = 0; i < static_cast<std::size_t>(open); ++i) {
    if (options[i] == before[i]) continue;
    progress = true;
    if (!remove(level, open_cells[i], before[i] & ~options[i])) return false;
  }
  return true;
}

bool GenericSolver::propagate(Level& level) {
  for (;;) {
    if (!place_singles(level)) return false;
    if (level.unsolved == 0) return true;
    bool progress = false;
    if (!remove_locked_candidates(level, progress)) return false;
    if (progress) continue;
    const CandidateMask values = level.value_dirty;
    level.value_dirty = 0;
    for (std::size_t first = 0; first < families_.size() && values != 0; ++first)
      for (std::size_t second = first + 1; second < families_.size(); ++second)
        if (!match_families(level, families_[first], families_[second], values, progress)) return false;
    if (progress) continue;
    for (std::size_t unit = 0; unit < unit_weight_.size(); ++unit)
      if (!match_unit(level, unit, progress)) return false;
    if (!progress) return true;
  }
}

GenericSolver::Choice GenericSolver::choose(const Level& level) const {
  Choice best;
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    const CandidateMask mask = level.candidates[static_cast<std::size_t>(cell)];
    if ((mask & kPlaced) != 0) continue;
    const int options = std::popcount(mask);
    std::uint64_t weight = 0;
    for (int unit : units_of(cell)) weight += unit_weight_[static_cast<std::size_t>(unit)];
    // options / weight below the best so far, compared without division
    if (best.cell < 0 || static_cast<std::uint64_t>(options) * best.weight <
                             static_cast<std::uint64_t>(best.options) * weight) {
      best.cell = cell;
      best.options = options;
      best.weight = weight;
    }
  }
  return best;
}

void GenericSolver::search(std::size_t depth) {
  // Two-way branching: the chosen cell takes its smallest value (on a copy, one level down), or
  // loses it (here, after which propagation and the choice run again).
  for (;;) {
    if (++nodes_ > node_budget_) {
      gave_up_ = true;
      return;
    }
    if (!propagate(levels_[depth])) return;
    if (levels_[depth].unsolved == 0) {
      record_solution(levels_[depth]);
      return;
    }
    const int cell = choose(levels_[depth]).cell;
    const CandidateMask options = levels_[depth].candidates[static_cast<std::size_t>(cell)];
    const CandidateMask bit = options & (0u - options);
    ++guesses_;
    charge_budget();  // a caller's step limit or cancellation (budget.hpp)
    Level& trial = levels_[depth + 1];
    trial = levels_[depth];  // reuses the level's storage after the first branch
    pending_.clear();
    if (place(trial, cell, bit)) search(depth + 1);
    if (count_ >= limit_ || gave_up_) return;
    pending_.clear();
    if (!remove(levels_[depth], cell, bit)) return;
  }
}

void GenericSolver::record_solution(const Level& level) {
  if (++count_ != 1 || first_solution_ == nullptr) return;
  for (std::size_t cell = 0; cell < level.candidates.size(); ++cell)
    first_solution_[cell] =
        static_cast<std::uint8_t>(std::countr_zero(level.candidates[cell] & ~kPlaced) + 1);
}

int GenericSolver::run(std::span<const std::uint8_t> cells, SearchStats* stats) {
  Level& start = levels_[0];
  start.candidates.assign(static_cast<std::size_t>(geometry_.cell_count()), all_values_);
  start.unsolved = geometry_.cell_count();
  start.unit_dirty.assign(unit_weight_.size(), kCheckAll);
  start.value_dirty = all_values_;
  for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
    const int value = cells[static_cast<std::size_t>(cell)];
    if (value == 0) continue;
    if (value > size_) return 0;
    const CandidateMask bit = CandidateMask{1} << (value - 1);
    // Only givens have removed candidates so far, so a missing value means two givens conflict.
    if ((start.candidates[static_cast<std::size_t>(cell)] & bit) == 0) return 0;
    if (!place(start, cell, bit)) return 0;
  }
  if (!propagate(start)) return 0;
  std::vector<CandidateMask> root(start.candidates.size());
  std::transform(start.candidates.begin(), start.candidates.end(), root.begin(),
                 [](CandidateMask mask) { return mask & ~kPlaced; });
  search(0);
  if (stats != nullptr) stats->guesses += guesses_;
  if (gave_up_) return count_solutions_sat_from(geometry_, root, limit_, first_solution_, stats);
  return count_;
}

}  // namespace

int count_solutions_generic(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                            std::uint8_t* first_solution, SearchStats* stats) {
  GenericSolver solver(geometry, limit, first_solution, kNodeBudget);
  return solver.run(cells, stats);
}

}  // namespace sudoku::detail
