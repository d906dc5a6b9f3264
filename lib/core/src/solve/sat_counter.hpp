// Private: solution counting by clause learning (CDCL SAT), the generic kernel's fallback for
// puzzles whose search tree grows large (minimal 25x25 puzzles sit near the hardness peak of Latin
// square completion, where learning from conflicts beats any branching order).
//
// Contract: `candidates` holds, per cell, the values still possible (bit v-1 for value v) after
// the caller's propagation; single-value cells are taken as placed and must already be removed
// from their peers. Counts the solutions up to `limit` (>= 1); when `first_solution` is not null
// and the count is >= 1 it receives the first one found (cell_count values). Deterministic: no
// randomness, so the same input gives the same first solution.
#pragma once

#include <cstdint>
#include <span>

#include "sudoku/geometry.hpp"

namespace sudoku::detail {

int count_solutions_sat(const Geometry& geometry, std::span<const CandidateMask> candidates, int limit,
                        std::uint8_t* first_solution);

}  // namespace sudoku::detail
