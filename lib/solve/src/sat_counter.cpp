// SPDX-License-Identifier: Apache-2.0
// Counting by CaDiCaL (Debian libcadical-dev), a maintained CDCL SAT solver, and the Sudoku
// encoding it counts. It replaces a hand-written CDCL solver: on the 18 gecode 25x25 minimal puzzles
// (limit 2, one thread) the whole file went from 384 s CPU to about 95 s from the givens; about 65 s
// through count_solutions (docs/solver.md, with what else was tried for the 30 s target).
//
// Encoding (the usual exactly-one): one variable per (open cell, candidate value). Each cell takes
// at least one and at most one of its candidates; two peers never share a value; each unit holds
// each value it still lacks somewhere. "A second solution?" is one more solve after a blocking
// clause that forbids exactly the first model; CaDiCaL keeps what it learnt in between.
//
// CaDiCaL numbers variables from 1 and writes a literal as +v (true) or -v (false).
#include "sat_counter.hpp"

#include <cadical.hpp>

#include <algorithm>
#include <bit>
#include <exception>
#include <vector>

#include "sudoku/base/budget.hpp"

namespace sudoku::detail {
namespace {

// CaDiCaL's solve() results.
constexpr int kSatisfiable = 10;

// The clauses go to CaDiCaL as they are made; the wrapper only counts variables and remembers
// whether a clause came out empty (no model, nothing to ask the solver).
struct BudgetTerminator : CaDiCaL::Terminator {
  std::exception_ptr stopped;
  bool terminate() override {
    try {
      charge_budget();
      return false;
    } catch (...) {
      stopped = std::current_exception();
      return true;
    }
  }
};

class SatSolver {
 public:
  SatSolver() {
    // Deterministic by construction: CaDiCaL has no randomness unless asked for (no seed option is
    // changed here) and no time limits are set, so the same clauses give the same first model.
    solver_.set("quiet", 1);
    // CaDiCaL's option set for satisfiable instances: on gecode 25x25 puzzles 9 and 10, the two
    // slowest, 30.8 s CPU against 39.5 s with the defaults ("unsat" and "plain" were slower still).
    solver_.configure("sat");
  }
  int add_variable() { return ++variables_; }
  // Adds a clause. False when the clause is empty, which means no model is left.
  bool add_clause(const std::vector<int>& literals) {
    if (literals.empty()) return false;
    for (int literal : literals) solver_.add(literal);
    solver_.add(0);
    return true;
  }
  // A caller's budget (budget.hpp) is charged from CaDiCaL's terminator, which must not throw: the
  // Stopped it raises is kept and thrown once solve() has returned.
  bool solve() {
    BudgetTerminator terminator;
    solver_.connect_terminator(&terminator);
    const int result = solver_.solve();
    solver_.disconnect_terminator();
    if (terminator.stopped) std::rethrow_exception(terminator.stopped);
    return result == kSatisfiable;
  }
  bool is_true(int variable) { return solver_.val(variable) > 0; }
  // Adds the blocking clause ruling out the current model, given as the literals true in it.
  bool forbid_model(const std::vector<int>& model_literals) {
    std::vector<int> blocking(model_literals.size());
    std::transform(model_literals.begin(), model_literals.end(), blocking.begin(),
                   [](int literal) { return -literal; });
    return add_clause(blocking);
  }

 private:
  CaDiCaL::Solver solver_;
  int variables_ = 0;
};

// Singles and locked candidates to a fixpoint, on plain masks: placed values leave their peers
// (repeating for cells that become placed by it), a value with one place left in a unit goes there,
// and a value confined to the cells a unit shares with another unit leaves the other's remaining
// cells (pointing and claiming on standard boards; any two overlapping units on variants). False on
// a contradiction (a cell or a unit's missing value with no place). On the 18 minimal 25x25 puzzles
// from the givens this leaves about 6% fewer open cells and 15-25% fewer clauses; CaDiCaL then
// needs 3% fewer conflicts, 66 s CPU against 75 s in one run each (docs/solver.md). The generic
// kernel's root, propagated further already, loses nothing here.
bool narrow_candidates(const Geometry& geometry, std::vector<CandidateMask>& options) {
  // Sorted copies: the overlaps below need them, and units() promises no order.
  std::vector<std::vector<int>> units(geometry.units());
  for (auto& unit : units) std::sort(unit.begin(), unit.end());
  const auto mask_of = [&](int cell) -> CandidateMask& { return options[static_cast<std::size_t>(cell)]; };
  // The cells each pair of units shares, when two or more (one shared cell confines nothing that
  // hidden singles would not place).
  struct Overlap {
    std::size_t first, second;
    std::vector<int> cells;
  };
  std::vector<Overlap> overlaps;
  for (std::size_t a = 0; a < units.size(); ++a)
    for (std::size_t b = a + 1; b < units.size(); ++b) {
      std::vector<int> shared;
      std::set_intersection(units[a].begin(), units[a].end(), units[b].begin(), units[b].end(),
                            std::back_inserter(shared));
      if (shared.size() >= 2) overlaps.push_back({a, b, std::move(shared)});
    }
  std::vector<int> newly_placed;
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (std::has_single_bit(mask_of(cell))) newly_placed.push_back(cell);
  for (bool changed = true; changed;) {
    changed = false;
    while (!newly_placed.empty()) {
      const int cell = newly_placed.back();
      newly_placed.pop_back();
      const CandidateMask value = mask_of(cell);
      for (int peer : geometry.peers(cell)) {
        CandidateMask& other = mask_of(peer);
        if ((other & value) == 0) continue;
        if (other == value) return false;
        other &= ~value;
        if (std::has_single_bit(other)) newly_placed.push_back(peer);
      }
    }
    for (const auto& unit : units) {
      // seen: values some cell of the unit can take; twice: values two or more can.
      CandidateMask seen = 0, twice = 0;
      for (int cell : unit) {
        twice |= seen & mask_of(cell);
        seen |= mask_of(cell);
      }
      if (seen != geometry.all_values()) return false;
      for (int cell : unit) {
        const CandidateMask hidden = mask_of(cell) & ~twice;
        if (hidden == 0 || hidden == mask_of(cell)) continue;
        if (!std::has_single_bit(hidden)) return false;  // two values with this cell as their only place
        mask_of(cell) = hidden;
        newly_placed.push_back(cell);
        changed = true;
      }
    }
    if (!newly_placed.empty()) continue;
    for (const Overlap& overlap : overlaps) {
      CandidateMask inside = 0;
      for (int cell : overlap.cells) inside |= mask_of(cell);
      const auto outside_of = [&](std::size_t unit) {
        CandidateMask outside = 0;
        for (int cell : units[unit])
          if (!std::binary_search(overlap.cells.begin(), overlap.cells.end(), cell)) outside |= mask_of(cell);
        return outside;
      };
      const CandidateMask first_outside = outside_of(overlap.first),
                          second_outside = outside_of(overlap.second);
      // A value of the overlap absent from the rest of one unit must be in the overlap: the rest of
      // the other unit loses it.
      const auto clear = [&](std::size_t unit, CandidateMask values) {
        if (values == 0) return;
        for (int cell : units[unit]) {
          if (std::binary_search(overlap.cells.begin(), overlap.cells.end(), cell)) continue;
          CandidateMask& mask = mask_of(cell);
          if ((mask & values) == 0) continue;
          mask &= ~values;
          changed = true;
          if (std::has_single_bit(mask)) newly_placed.push_back(cell);
        }
      };
      clear(overlap.second, inside & ~first_outside);
      clear(overlap.first, inside & ~second_outside);
      for (int cell : overlap.cells)
        if (mask_of(cell) == 0) return false;
    }
    for (const CandidateMask mask : options)
      if (mask == 0) return false;
  }
  return true;
}

}  // namespace

int count_solutions_sat_from(const Geometry& geometry, std::span<const CandidateMask> candidates, int limit,
                             std::uint8_t* first_solution, SearchStats* stats) {
  const int cells = geometry.cell_count();
  SatSolver solver;
  // variable_of_value[cell * 32 + value]: the variable "cell holds value + 1", or -1.
  std::vector<int> variable_for(static_cast<std::size_t>(cells) * 32, -1);
  const auto variable_at = [&](int cell, int value) -> int& {
    return variable_for[static_cast<std::size_t>(cell) * 32 + static_cast<std::size_t>(value)];
  };
  const auto is_open = [&](int cell) {
    return !std::has_single_bit(candidates[static_cast<std::size_t>(cell)]);
  };

  // The cheap human rungs first (narrow_candidates): every candidate they remove is a variable and a
  // few dozen clauses fewer, and the clauses below need not mention placed cells.
  std::vector<CandidateMask> options(candidates.begin(), candidates.end());
  if (!narrow_candidates(geometry, options)) return 0;
  candidates = options;

  bool satisfiable = true;
  for (int cell = 0; cell < cells && satisfiable; ++cell) {
    const CandidateMask mask = candidates[static_cast<std::size_t>(cell)];
    if (mask == 0) return 0;
    if (!is_open(cell)) continue;
    std::vector<int> at_least_one;
    for (CandidateMask rest = mask; rest != 0; rest &= rest - 1) {
      const int variable = solver.add_variable();
      variable_at(cell, std::countr_zero(rest)) = variable;
      at_least_one.push_back(variable);
    }
    satisfiable = solver.add_clause(at_least_one);
    for (std::size_t i = 0; i < at_least_one.size() && satisfiable; ++i)
      for (std::size_t j = i + 1; j < at_least_one.size() && satisfiable; ++j)
        satisfiable = solver.add_clause({-at_least_one[i], -at_least_one[j]});
  }
  for (int cell = 0; cell < cells && satisfiable; ++cell) {
    if (!is_open(cell)) continue;
    for (int peer : geometry.peers(cell)) {
      if (peer < cell || !is_open(peer)) continue;
      const CandidateMask shared =
          candidates[static_cast<std::size_t>(cell)] & candidates[static_cast<std::size_t>(peer)];
      for (CandidateMask rest = shared; rest != 0 && satisfiable; rest &= rest - 1) {
        const int value = std::countr_zero(rest);
        satisfiable = solver.add_clause({-variable_at(cell, value), -variable_at(peer, value)});
      }
    }
  }
  for (const auto& unit : geometry.units()) {
    if (!satisfiable) break;
    CandidateMask placed = 0;
    for (int cell : unit)
      if (!is_open(cell)) placed |= candidates[static_cast<std::size_t>(cell)];
    for (CandidateMask missing = geometry.all_values() & ~placed; missing != 0 && satisfiable;
         missing &= missing - 1) {
      const int value = std::countr_zero(missing);
      std::vector<int> somewhere;
      for (int cell : unit)
        if (is_open(cell) && variable_at(cell, value) >= 0) somewhere.push_back(variable_at(cell, value));
      satisfiable = solver.add_clause(somewhere);
    }
  }

  int count = 0;
  std::vector<int> model;
  while (satisfiable && count < limit && solver.solve()) {
    ++count;
    model.clear();
    for (int cell = 0; cell < cells; ++cell) {
      const CandidateMask mask = candidates[static_cast<std::size_t>(cell)];
      int value = std::countr_zero(mask);
      if (is_open(cell)) {
        for (CandidateMask rest = mask; rest != 0; rest &= rest - 1) {
          const int variable = variable_at(cell, std::countr_zero(rest));
          if (solver.is_true(variable)) {
            value = std::countr_zero(rest);
            model.push_back(variable);
          }
        }
      }
      if (count == 1 && first_solution != nullptr)
        first_solution[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value + 1);
    }
    if (count < limit) satisfiable = solver.forbid_model(model);
  }
  // CaDiCaL does not report its decisions (its statistics are only printed): the SAT kernel adds no
  // guesses to the benchmark's count.
  static_cast<void>(stats);
  return count;
}

int count_solutions_sat(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                        std::uint8_t* first_solution, SearchStats* stats) {
  // A given is a cell with one value left; count_solutions_sat_from takes it off its peers and
  // finds two equal givens in one unit.
  std::vector<CandidateMask> candidates(cells.size(), geometry.all_values());
  for (std::size_t cell = 0; cell < cells.size(); ++cell) {
    if (cells[cell] == 0) continue;
    if (cells[cell] > geometry.size()) return 0;
    candidates[cell] = CandidateMask{1} << (cells[cell] - 1);
  }
  return count_solutions_sat_from(geometry, candidates, limit, first_solution, stats);
}

}  // namespace sudoku::detail
