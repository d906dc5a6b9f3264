// SPDX-License-Identifier: Apache-2.0
// Cage combinations: which sets of distinct values add up to a Killer cage's sum.
//
// Contract: for a board of `size` (1..16) values, cage_combinations(size, count, sum) lists every
// set of `count` distinct values 1..size whose sum is `sum`, each as a CandidateMask (bit v-1 for
// value v), in ascending mask order; the list is empty when no set fits (and for counts or sums out
// of range). The tables are built once, on first use, for every size at once (2^16 sets at most),
// and are read-only after that, so calls are reentrant. Solvers, raters and the technique grader
// share them: a cage with `count` blanks, remaining sum `sum` and candidates `allowed` can only take
// values from cage_values(size, count, sum, allowed).
//
//   for (CandidateMask set : cage_combinations(9, 3, 7)) ...  // {1,2,4} only: mask 0b1011
//   CandidateMask still = cage_values(9, 2, 10, 0x1FF & ~(1u << 4));  // 10 in two, no 5: all but 5
#pragma once

#include <optional>
#include <span>

#include "sudoku/model/geometry.hpp"

namespace sudoku {

// Largest board size the combination tables cover.
inline constexpr int kMaxCageTableSize = 16;

std::span<const CandidateMask> cage_combinations(int size, int count, int sum);

// The union of the combinations of cage_combinations(size, count, sum) that lie within `allowed`;
// 0 when none does (count 0 with sum 0 also gives 0: nothing is left to place).
CandidateMask cage_values(int size, int count, int sum, CandidateMask allowed);

// Exact support of one cage: `candidates` holds the candidates of the cage's blank cells (at most
// kMaxCageTableSize), `sum` what they must add up to, `placed` the values already placed in the
// cage (excluded). Writes to `supported` (same length) the values of each blank that belong to some
// assignment of distinct values meeting the sum — generalized arc consistency for the cage — and
// returns the values every such assignment uses, or nullopt when there is none (the cage is broken). Above
// kExactCageBlanks blanks it keeps, per cell, the values of the fitting combinations instead (a
// superset, never wrong), which stays fast for the rare large cage.
//
//   std::array<CandidateMask, 3> out{};
//   if (!cage_support(9, 7, 0, cells, out)) ...  // no way to make 7 here
inline constexpr int kExactCageBlanks = 6;
std::optional<CandidateMask> cage_support(int size, int sum, CandidateMask placed,
                                          std::span<const CandidateMask> candidates,
                                          std::span<CandidateMask> supported);

// The smallest and largest sum of `count` distinct values 1..size.
inline int smallest_cage_sum(int count) {
  return count * (count + 1) / 2;
}
inline int largest_cage_sum(int size, int count) {
  return count * (2 * size - count + 1) / 2;
}

}  // namespace sudoku
