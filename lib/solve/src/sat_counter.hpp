// SPDX-License-Identifier: Apache-2.0
// Private: solution counting by clause learning (CaDiCaL, a CDCL SAT solver), the generic kernel's
// fallback for puzzles whose search tree grows large (minimal 25x25 puzzles sit near the hardness
// peak of Latin square completion, where learning from conflicts beats any branching order).
//
// Contract: count_solutions_sat is a kernel of sudoku/solver_kernels.hpp (same contract), for every
// geometry: clause learning straight from the givens. count_solutions_sat_from starts instead from
// `candidates`, per cell the values still possible (bit v-1 for value v) after the caller's
// propagation; single-value cells are taken as placed. Both count the solutions up to `limit`
// (>= 1); when `first_solution` is not null and the count is >= 1 it receives the first one found
// (cell_count values); when `stats` is not null, the decisions made add to its guesses.
// Deterministic: no randomness, so the same input gives the same first
// solution.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/model/geometry.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku::detail {

int count_solutions_sat(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                        std::uint8_t* first_solution, SearchStats* stats);
int count_solutions_sat_from(const Geometry& geometry, std::span<const CandidateMask> candidates, int limit,
                             std::uint8_t* first_solution, SearchStats* stats);

}  // namespace sudoku::detail
