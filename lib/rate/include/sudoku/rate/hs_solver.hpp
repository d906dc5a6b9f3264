// SPDX-License-Identifier: Apache-2.0
// The HS-solver ("heuristic search", David Carmel's blog after Peter Norvig): backtracking whose
// cost is the number of calls of the recursive solve, with human strategies switched on one by one
// to show how much search each of them saves.
//
// Contract: every call (the root and one per child) first applies the enabled strategies to a joint
// fixpoint, simplest first, restarting from the simplest after any change:
//   I   'r' candidate reduction: a placed value leaves its peers' candidates; a cell left with one
//           candidate is placed (naked single);
//   II  'u' uniqueness: a value with one possible cell in a unit is placed there (hidden single);
//   III 'h' hidden pairs: two values confined to the same two cells of a unit clear those cells'
//           other candidates;
//   IV  'n' naked pairs: two cells of a unit with the same two candidates clear those values from
//           the unit's other cells.
// Then it branches on an unplaced cell with the fewest candidates (ties: lowest cell index; with no
// reduction every open cell ties, so this is plain first-empty-cell backtracking), trying its
// candidates in ascending order that do not clash with a placed peer. The first solution ends the
// search. A contradiction (empty cell, a value with no cell left in a unit, two equal values in a
// unit) fails the branch. When the next call would exceed the cap the search stops, unsolved.
// Any geometry (units from Geometry), any combination of strategies. Thread-safe.
//
//   const HsResult all = hs_solve(puzzle);                                      // "ruhn"
//   const HsResult plain = hs_solve(puzzle, {.strategies = parse_hs_strategies("r")});
//   if (all.solved()) std::cout << plain.calls - all.calls << " calls saved by u, h and n\n";
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/model/grid.hpp"

namespace sudoku {

struct HsStrategies {
  bool candidate_reduction = true;  // I   'r'
  bool uniqueness = true;           // II  'u'
  bool hidden_pairs = true;         // III 'h'
  bool naked_pairs = true;          // IV  'n'

  static HsStrategies none() { return {false, false, false, false}; }
  static HsStrategies all() { return {}; }
  friend bool operator==(const HsStrategies&, const HsStrategies&) = default;
};

// "none" (or empty) or letters from "ruhn", each at most once, in any order: "r", "ru", "ruh",
// "ruhn" are the blog's ablation steps. Throws InputError naming the bad letter.
HsStrategies parse_hs_strategies(std::string_view text);
// Letters in the order r, u, h, n; "none" when no strategy is enabled.
std::string to_string(const HsStrategies& strategies);

enum class HsCellOrder {
  fewest_candidates,  // "fewest": the documented heuristic (default)
  first_empty,        // "first": lowest-index open cell, what the blog's Java code actually does
                      // (its cardinality comparator compares a value with itself); for comparisons
};

std::string_view to_string(HsCellOrder order);
HsCellOrder parse_hs_cell_order(std::string_view text);

struct HsOptions {
  HsStrategies strategies;               // default: all four
  std::uint64_t call_cap = 100'000'000;  // at least 1
  HsCellOrder cell_order = HsCellOrder::fewest_candidates;
};

enum class HsOutcome {
  solved,
  no_solution,  // the tree was exhausted (conflicting givens or an unsolvable puzzle)
  capped,       // the cap was reached first: "unsolved"
};

struct HsResult {
  HsOutcome outcome = HsOutcome::no_solution;
  std::uint64_t calls = 0;       // calls of the recursive solve, the root included; <= cap
  std::optional<Grid> solution;  // present when solved

  bool solved() const { return outcome == HsOutcome::solved; }
};

// Throws std::invalid_argument when call_cap < 1.
HsResult hs_solve(const Grid& puzzle, const HsOptions& options = {});

// The blog's per-corpus figures: puzzles solved, mean calls over the solved ones, maximum.
struct HsSummary {
  int puzzles = 0;
  int solved = 0;
  double mean_calls = 0.0;        // over solved puzzles (0 when none)
  std::uint64_t max_calls = 0;    // over solved puzzles
  std::uint64_t total_calls = 0;  // over all puzzles, capped ones included
};

HsSummary summarize_hs(std::span<const HsResult> results);

}  // namespace sudoku
