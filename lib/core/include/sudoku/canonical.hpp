// Canonical form: one representative per equivalence class of puzzles under the transforms of
// transform.hpp, for deduplication ("have we published this puzzle before, maybe rotated and
// relabelled?") and for rating that is invariant under those transforms.
//
// Contract: two puzzles get the same key if and only if one is a transform of the other (9x9: the
// minimal lexicographic form, "minlex", over all 2*6^8 row/column maps and the value relabellings,
// blanks ordered before values). The key is the canonical grid written as one line.
#pragma once

#include <string>

#include "sudoku/grid.hpp"

namespace sudoku {

struct CanonicalForm {
  Grid grid;        // the canonical representative, an equivalent puzzle
  std::string key;  // grid written as one line ('.' for blanks)
};

CanonicalForm canonical_form(const Grid& puzzle);

inline std::string canonical_key(const Grid& puzzle) { return canonical_form(puzzle).key; }

}  // namespace sudoku
