// A compact CDCL solver (two watched literals, first-UIP learning with local minimisation, VSIDS,
// phase saving, Luby restarts, activity-based forgetting) and the Sudoku encoding it counts.
//
// Encoding: one variable per (open cell, candidate value). Each cell takes at least one and at
// most one of its candidates; two peers never share a value; each unit holds each value it still
// lacks somewhere. Counting past the first model adds a clause that forbids exactly that model.
#include "solve/sat_counter.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace sudoku::detail {
namespace {

// Literals: 2 * variable for "variable is true", 2 * variable + 1 for "variable is false".
int negate(int literal) {
  return literal ^ 1;
}
int variable_of(int literal) {
  return literal >> 1;
}

class SatSolver {
 public:
  int add_variable();
  // Adds a clause at level 0. False when the clause cannot be satisfied any more, which means no
  // model is left.
  bool add_clause(std::vector<int> literals);
  // Looks for a model. True: every variable is assigned (read with is_true) until the next call
  // that changes the clauses. False: there is no model.
  bool solve();
  bool is_true(int variable) const { return value_[static_cast<std::size_t>(variable)] == 1; }
  // Adds a clause ruling out the current model, given as the literals that hold in it. False when
  // no model is left.
  bool forbid_model(const std::vector<int>& model_literals);
  std::uint64_t decisions() const { return decisions_; }

 private:
  struct Clause {
    std::vector<int> literals;  // literals[0] and literals[1] are watched
    double activity = 0;
    bool learnt = false;
    bool removed = false;
  };
  struct Watcher {
    int clause;
    int blocker;  // some other literal of the clause: when true, the clause needs no visit
  };
  // Why a variable got its value: none (a decision, or level 0), a long clause, or a binary clause
  // whose other literal is stored as -2 - literal.
  static constexpr int kNoReason = -1;
  struct Conflict {
    int clause = -1;  // a long clause with every literal false, or
    int first = -1;   // the two literals of a binary one
    int second = -1;
    bool found() const { return clause >= 0 || first >= 0; }
  };

  // 1 true, 0 false, -1 unassigned.
  int literal_value(int literal) const {
    const int value = value_[static_cast<std::size_t>(variable_of(literal))];
    return value < 0 ? -1 : (value ^ (literal & 1));
  }
  int decision_level() const { return static_cast<int>(trail_limits_.size()); }
  void assign(int literal, int reason);
  Conflict propagate();
  // First UIP: fills learnt_ (asserting literal first) and returns the level to jump back to.
  int analyze(const Conflict& conflict);
  bool is_redundant(int literal) const;
  void backtrack(int level);
  int add_long_clause(std::vector<int> literals, bool learnt);
  void add_binary_clause(int first, int second);
  void bump_variable(int variable);
  void bump_clause(int clause);
  void forget_learnt_clauses();
  int pick_branch_variable();

  // Max-heap of variables by activity, for picking decisions.
  void heap_insert(int variable);
  void heap_sift_up(std::size_t position);
  void heap_sift_down(std::size_t position);
  int heap_pop();
  bool heap_before(int a, int b) const {
    return activity_[static_cast<std::size_t>(a)] > activity_[static_cast<std::size_t>(b)] ||
           (activity_[static_cast<std::size_t>(a)] == activity_[static_cast<std::size_t>(b)] && a < b);
  }

  std::vector<std::int8_t> value_;
  std::vector<std::int8_t> saved_phase_;
  std::vector<int> level_;
  std::vector<int> reason_;
  std::vector<double> activity_;
  std::vector<std::uint8_t> seen_;
  std::vector<int> heap_;
  std::vector<int> heap_position_;  // -1 when not in the heap
  std::vector<Clause> clauses_;
  std::vector<int> learnt_clauses_;
  std::vector<std::vector<Watcher>> watches_;  // per literal: long clauses watching it
  std::vector<std::vector<int>> binary_;       // per literal: literals forced when it is false
  std::vector<int> trail_;
  std::vector<int> trail_limits_;
  std::size_t propagated_ = 0;
  std::vector<int> learnt_;
  double variable_increment_ = 1;
  double clause_increment_ = 1;
  std::size_t max_learnt_ = 2000;
  std::uint64_t restarts_ = 0;
  std::uint64_t decisions_ = 0;
  bool unsatisfiable_ = false;
};

int SatSolver::add_variable() {
  const int variable = static_cast<int>(value_.size());
  value_.push_back(-1);
  saved_phase_.push_back(1);  // first try "the cell holds this value": placing propagates most
  level_.push_back(0);
  reason_.push_back(kNoReason);
  activity_.push_back(0);
  seen_.push_back(0);
  heap_position_.push_back(-1);
  watches_.resize(watches_.size() + 2);
  binary_.resize(binary_.size() + 2);
  heap_insert(variable);
  return variable;
}

void SatSolver::assign(int literal, int reason) {
  const auto variable = static_cast<std::size_t>(variable_of(literal));
  value_[variable] = static_cast<std::int8_t>((literal & 1) ^ 1);
  level_[variable] = decision_level();
  reason_[variable] = reason;
  trail_.push_back(literal);
}

bool SatSolver::add_clause(std::vector<int> literals) {
  if (unsatisfiable_) return false;
  std::sort(literals.begin(), literals.end());
  literals.erase(std::unique(literals.begin(), literals.end()), literals.end());
  std::vector<int> open;
  for (std::size_t i = 0; i < literals.size(); ++i) {
    if (i + 1 < literals.size() && literals[i + 1] == negate(literals[i])) return true;  // always true
    const int value = literal_value(literals[i]);
    if (value == 1) return true;
    if (value < 0) open.push_back(literals[i]);
  }
  if (open.empty()) {
    unsatisfiable_ = true;
    return false;
  }
  if (open.size() == 1) {
    assign(open[0], kNoReason);
  } else if (open.size() == 2) {
    add_binary_clause(open[0], open[1]);
  } else {
    add_long_clause(std::move(open), false);
  }
  return true;
}

void SatSolver::add_binary_clause(int first, int second) {
  binary_[static_cast<std::size_t>(first)].push_back(second);
  binary_[static_cast<std::size_t>(second)].push_back(first);
}

int SatSolver::add_long_clause(std::vector<int> literals, bool learnt) {
  const int index = static_cast<int>(clauses_.size());
  watches_[static_cast<std::size_t>(literals[0])].push_back({index, literals[1]});
  watches_[static_cast<std::size_t>(literals[1])].push_back({index, literals[0]});
  clauses_.push_back(Clause{std::move(literals), 0, learnt, false});
  if (learnt) {
    learnt_clauses_.push_back(index);
    bump_clause(index);
  }
  return index;
}

SatSolver::Conflict SatSolver::propagate() {
  while (propagated_ < trail_.size()) {
    const int falsified = negate(trail_[propagated_++]);
    for (int forced : binary_[static_cast<std::size_t>(falsified)]) {
      const int value = literal_value(forced);
      if (value == 1) continue;
      if (value == 0) return Conflict{-1, forced, falsified};
      assign(forced, -2 - falsified);
    }
    std::vector<Watcher>& watchers = watches_[static_cast<std::size_t>(falsified)];
    std::size_t kept = 0;
    for (std::size_t next = 0; next < watchers.size();) {
      const Watcher watcher = watchers[next++];
      if (literal_value(watcher.blocker) == 1) {
        watchers[kept++] = watcher;
        continue;
      }
      Clause& clause = clauses_[static_cast<std::size_t>(watcher.clause)];
      if (clause.removed) continue;  // forgotten: drop the watcher
      std::vector<int>& literals = clause.literals;
      if (literals[0] == falsified) std::swap(literals[0], literals[1]);
      const int other = literals[0];
      if (other != watcher.blocker && literal_value(other) == 1) {
        watchers[kept++] = Watcher{watcher.clause, other};
        continue;
      }
      bool moved = false;
      for (std::size_t k = 2; k < literals.size(); ++k) {
        if (literal_value(literals[k]) != 0) {
          std::swap(literals[1], literals[k]);
          watches_[static_cast<std::size_t>(literals[1])].push_back(Watcher{watcher.clause, other});
          moved = true;
          break;
        }
      }
      if (moved) continue;
      watchers[kept++] = Watcher{watcher.clause, other};
      if (literal_value(other) == 0) {
        while (next < watchers.size()) watchers[kept++] = watchers[next++];
        watchers.resize(kept);
        propagated_ = trail_.size();
        return Conflict{watcher.clause, -1, -1};
      }
      assign(other, watcher.clause);
    }
    watchers.resize(kept);
  }
  return Conflict{};
}

int SatSolver::analyze(const Conflict& conflict) {
  learnt_.assign(1, -1);
  int open_at_current_level = 0;
  const auto visit = [&](int literal) {
    const auto variable = static_cast<std::size_t>(variable_of(literal));
    if (seen_[variable] != 0 || level_[variable] == 0) return;
    seen_[variable] = 1;
    bump_variable(static_cast<int>(variable));
    if (level_[variable] >= decision_level()) {
      ++open_at_current_level;
    } else {
      learnt_.push_back(literal);
    }
  };
  if (conflict.clause >= 0) {
    bump_clause(conflict.clause);
    for (int literal : clauses_[static_cast<std::size_t>(conflict.clause)].literals) visit(literal);
  } else {
    visit(conflict.first);
    visit(conflict.second);
  }
  std::size_t index = trail_.size();
  int uip = -1;
  for (;;) {
    do {
      --index;
    } while (seen_[static_cast<std::size_t>(variable_of(trail_[index]))] == 0);
    uip = trail_[index];
    seen_[static_cast<std::size_t>(variable_of(uip))] = 0;
    if (--open_at_current_level == 0) break;
    const int reason = reason_[static_cast<std::size_t>(variable_of(uip))];
    if (reason >= 0) {
      bump_clause(reason);
      for (int literal : clauses_[static_cast<std::size_t>(reason)].literals)
        if (literal != uip) visit(literal);
    } else {
      visit(-2 - reason);
    }
  }
  learnt_[0] = negate(uip);

  // Drop literals implied by the others (their reason's literals are all in the clause already).
  const std::vector<int> visited(learnt_.begin() + 1, learnt_.end());
  std::size_t kept = 1;
  for (std::size_t i = 1; i < learnt_.size(); ++i)
    if (!is_redundant(learnt_[i])) learnt_[kept++] = learnt_[i];
  learnt_.resize(kept);
  for (int literal : visited) seen_[static_cast<std::size_t>(variable_of(literal))] = 0;

  if (learnt_.size() == 1) return 0;
  std::size_t deepest = 1;
  for (std::size_t i = 2; i < learnt_.size(); ++i)
    if (level_[static_cast<std::size_t>(variable_of(learnt_[i]))] >
        level_[static_cast<std::size_t>(variable_of(learnt_[deepest]))])
      deepest = i;
  std::swap(learnt_[1], learnt_[deepest]);
  return level_[static_cast<std::size_t>(variable_of(learnt_[1]))];
}

bool SatSolver::is_redundant(int literal) const {
  const int reason = reason_[static_cast<std::size_t>(variable_of(literal))];
  if (reason == kNoReason) return false;
  const auto covered = [&](int other) {
    const auto variable = static_cast<std::size_t>(variable_of(other));
    return seen_[variable] != 0 || level_[variable] == 0;
  };
  if (reason < kNoReason) return covered(-2 - reason);
  for (int other : clauses_[static_cast<std::size_t>(reason)].literals)
    if (variable_of(other) != variable_of(literal) && !covered(other)) return false;
  return true;
}

void SatSolver::backtrack(int level) {
  if (decision_level() <= level) return;
  const auto keep = static_cast<std::size_t>(trail_limits_[static_cast<std::size_t>(level)]);
  for (std::size_t i = trail_.size(); i-- > keep;) {
    const auto variable = static_cast<std::size_t>(variable_of(trail_[i]));
    saved_phase_[variable] = value_[variable];
    value_[variable] = -1;
    reason_[variable] = kNoReason;
    if (heap_position_[variable] < 0) heap_insert(static_cast<int>(variable));
  }
  trail_.resize(keep);
  trail_limits_.resize(static_cast<std::size_t>(level));
  propagated_ = keep;
}

void SatSolver::bump_variable(int variable) {
  double& activity = activity_[static_cast<std::size_t>(variable)];
  activity += variable_increment_;
  if (activity > 1e100) {
    for (double& each : activity_) each *= 1e-100;
    variable_increment_ *= 1e-100;
  }
  const int position = heap_position_[static_cast<std::size_t>(variable)];
  if (position >= 0) heap_sift_up(static_cast<std::size_t>(position));
}

void SatSolver::bump_clause(int clause) {
  Clause& bumped = clauses_[static_cast<std::size_t>(clause)];
  if (!bumped.learnt) return;
  bumped.activity += clause_increment_;
  if (bumped.activity > 1e20) {
    for (int index : learnt_clauses_) clauses_[static_cast<std::size_t>(index)].activity *= 1e-20;
    clause_increment_ *= 1e-20;
  }
}

void SatSolver::forget_learnt_clauses() {
  // Keep the more active half, and every clause that is the reason for a current assignment.
  std::sort(learnt_clauses_.begin(), learnt_clauses_.end(), [&](int a, int b) {
    return clauses_[static_cast<std::size_t>(a)].activity < clauses_[static_cast<std::size_t>(b)].activity;
  });
  const std::size_t half = learnt_clauses_.size() / 2;
  std::vector<int> kept;
  for (std::size_t i = 0; i < learnt_clauses_.size(); ++i) {
    const int index = learnt_clauses_[i];
    Clause& clause = clauses_[static_cast<std::size_t>(index)];
    const int first = clause.literals[0];
    const bool locked =
        reason_[static_cast<std::size_t>(variable_of(first))] == index && literal_value(first) == 1;
    if (i < half && !locked) {
      clause.removed = true;
      clause.literals.clear();
      clause.literals.shrink_to_fit();
    } else {
      kept.push_back(index);
    }
  }
  learnt_clauses_ = std::move(kept);
  max_learnt_ += max_learnt_ / 10;
}

int SatSolver::pick_branch_variable() {
  while (!heap_.empty()) {
    const int variable = heap_pop();
    if (value_[static_cast<std::size_t>(variable)] < 0) return variable;
  }
  return -1;
}

// 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...: restart intervals that waste at most a log factor.
std::uint64_t luby(std::uint64_t index) {
  std::uint64_t size = 1;
  std::uint64_t power = 1;
  while (size < index + 1) {
    size = 2 * size + 1;
    power *= 2;
  }
  while (size - 1 != index) {
    size = (size - 1) / 2;
    power /= 2;
    index %= size;
  }
  return power;
}

bool SatSolver::solve() {
  if (unsatisfiable_) return false;
  constexpr std::uint64_t kRestartUnit = 64;
  std::uint64_t conflicts_left = luby(restarts_) * kRestartUnit;
  for (;;) {
    const Conflict conflict = propagate();
    if (conflict.found()) {
      if (decision_level() == 0) {
        unsatisfiable_ = true;
        return false;
      }
      const int level = analyze(conflict);
      backtrack(level);
      if (learnt_.size() == 1) {
        assign(learnt_[0], kNoReason);
      } else if (learnt_.size() == 2) {
        add_binary_clause(learnt_[0], learnt_[1]);
        assign(learnt_[0], -2 - learnt_[1]);
      } else {
        const int asserting = learnt_[0];
        assign(asserting, add_long_clause(learnt_, true));
      }
      variable_increment_ /= 0.99;  // slow decay: measured best on minimal 25x25 puzzles
      clause_increment_ /= 0.999;
      if (--conflicts_left == 0) {
        conflicts_left = luby(++restarts_) * kRestartUnit;
        backtrack(0);
      }
      if (learnt_clauses_.size() >= max_learnt_) forget_learnt_clauses();
      continue;
    }
    const int variable = pick_branch_variable();
    if (variable < 0) return true;
    ++decisions_;
    trail_limits_.push_back(static_cast<int>(trail_.size()));
    // Phase saving: a variable is tried with the value it last had.
    assign(2 * variable + (saved_phase_[static_cast<std::size_t>(variable)] != 0 ? 0 : 1), kNoReason);
  }
}

bool SatSolver::forbid_model(const std::vector<int>& model_literals) {
  backtrack(0);
  std::vector<int> clause;
  clause.reserve(model_literals.size());
  for (int literal : model_literals) clause.push_back(negate(literal));
  return add_clause(std::move(clause));
}

void SatSolver::heap_insert(int variable) {
  heap_position_[static_cast<std::size_t>(variable)] = static_cast<int>(heap_.size());
  heap_.push_back(variable);
  heap_sift_up(heap_.size() - 1);
}

void SatSolver::heap_sift_up(std::size_t position) {
  const int variable = heap_[position];
  while (position > 0) {
    const std::size_t parent = (position - 1) / 2;
    if (!heap_before(variable, heap_[parent])) break;
    heap_[position] = heap_[parent];
    heap_position_[static_cast<std::size_t>(heap_[position])] = static_cast<int>(position);
    position = parent;
  }
  heap_[position] = variable;
  heap_position_[static_cast<std::size_t>(variable)] = static_cast<int>(position);
}

void SatSolver::heap_sift_down(std::size_t position) {
  const int variable = heap_[position];
  for (;;) {
    std::size_t child = 2 * position + 1;
    if (child >= heap_.size()) break;
    if (child + 1 < heap_.size() && heap_before(heap_[child + 1], heap_[child])) ++child;
    if (!heap_before(heap_[child], variable)) break;
    heap_[position] = heap_[child];
    heap_position_[static_cast<std::size_t>(heap_[position])] = static_cast<int>(position);
    position = child;
  }
  heap_[position] = variable;
  heap_position_[static_cast<std::size_t>(variable)] = static_cast<int>(position);
}

int SatSolver::heap_pop() {
  const int top = heap_.front();
  heap_position_[static_cast<std::size_t>(top)] = -1;
  const int last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    heap_[0] = last;
    heap_sift_down(0);
  }
  return top;
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

  // Placed values leave their peers here too (repeating for cells that become placed by it), so the
  // clauses below need not mention placed cells; two placed peers with one value mean no solution.
  std::vector<CandidateMask> options(candidates.begin(), candidates.end());
  std::vector<int> newly_placed;
  for (int cell = 0; cell < cells; ++cell)
    if (std::has_single_bit(options[static_cast<std::size_t>(cell)])) newly_placed.push_back(cell);
  while (!newly_placed.empty()) {
    const int cell = newly_placed.back();
    newly_placed.pop_back();
    const CandidateMask value = options[static_cast<std::size_t>(cell)];
    for (int peer : geometry.peers(cell)) {
      CandidateMask& other = options[static_cast<std::size_t>(peer)];
      if ((other & value) == 0) continue;
      if (other == value) return 0;
      other &= ~value;
      if (std::has_single_bit(other)) newly_placed.push_back(peer);
    }
  }
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
      at_least_one.push_back(2 * variable);
    }
    satisfiable = solver.add_clause(at_least_one);
    for (std::size_t i = 0; i < at_least_one.size() && satisfiable; ++i)
      for (std::size_t j = i + 1; j < at_least_one.size() && satisfiable; ++j)
        satisfiable = solver.add_clause({negate(at_least_one[i]), negate(at_least_one[j])});
  }
  for (int cell = 0; cell < cells && satisfiable; ++cell) {
    if (!is_open(cell)) continue;
    for (int peer : geometry.peers(cell)) {
      if (peer < cell || !is_open(peer)) continue;
      const CandidateMask shared =
          candidates[static_cast<std::size_t>(cell)] & candidates[static_cast<std::size_t>(peer)];
      for (CandidateMask rest = shared; rest != 0 && satisfiable; rest &= rest - 1) {
        const int value = std::countr_zero(rest);
        satisfiable = solver.add_clause({2 * variable_at(cell, value) + 1, 2 * variable_at(peer, value) + 1});
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
        if (is_open(cell) && variable_at(cell, value) >= 0) somewhere.push_back(2 * variable_at(cell, value));
      satisfiable = solver.add_clause(std::move(somewhere));
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
            model.push_back(2 * variable);
          }
        }
      }
      if (count == 1 && first_solution != nullptr)
        first_solution[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value + 1);
    }
    if (count < limit) satisfiable = solver.forbid_model(model);
  }
  if (stats != nullptr) stats->guesses += solver.decisions();
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
