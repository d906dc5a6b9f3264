// SPDX-License-Identifier: Apache-2.0
// Canonical form: one representative per equivalence class of puzzles under the transforms of
// transform.hpp, for deduplication ("have we published this puzzle before, maybe rotated and
// relabelled?") and for rating that is invariant under those transforms.
//
// Contract: two puzzles get the same key if and only if one is a transform of the other (for grids
// larger than 9x9 this holds whenever `exact` is set, which is every input seen so far). The
// canonical grid is the minimal lexicographic form ("minlex") over every row/column map of the
// group (9x9: 2*6^8) combined with the value relabellings, reading the grid row by row with blanks
// ordered before every value; so values appear as 1, 2, 3... in order of first appearance. The key
// is the canonical grid written as one line ('.' for blanks). Deterministic, allocation-light, safe
// to call from several threads at once. docs/canonical-form.md has the algorithm and its speed.
// Every grid has a canonical form, so none of these functions reports an error.
//
// Variants: the group is the board's own (transform.hpp: the maps that keep the extra units, for
// jigsaw the 8 symmetries of the square, which carry the layout along) with the relabellings; the
// grid is the least image over rule_symmetries() (jigsaw: least layout first, then least grid), and
// the key names the variant and, for jigsaw, the layout: "x 12.3..", "jigsaw 1.2.. 111122333..".
// So no variant puzzle shares a key with a classic one. Exact up to 9x9 (X above 9x9 is searched
// over the square's symmetries only, and says so with exact = false). Gattai boards (gattai.hpp)
// have their own group, the board's turns and reflections, and a key naming the shape: "samurai ...".
//
//   const sudoku::CanonicalForm form = sudoku::canonical_form(puzzle);
//   const bool duplicate = !seen_keys.insert(form.key).second;  // rotated or relabelled copies too
#pragma once

#include <cstdint>
#include <string>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/transform.hpp"

namespace sudoku {

struct CanonicalForm {
  Grid grid;            // the canonical representative, an equivalent puzzle
  std::string key;      // grid written as one line ('.' for blanks)
  Transform transform;  // one transform taking the input to grid: apply(transform, input) == grid
  // False only when the exact search ran out of its work budget, which the default budget lets
  // happen only for grids larger than 9x9 with a vast number of symmetries (none seen so far: a
  // complete 25x25 grid of the textbook shifted pattern needs about a sixth of the budget). The
  // grid is then minimal over row, column, band, stack moves and transposition with the values
  // kept in a fixed order: still an equivalent puzzle, and equal keys still mean equivalent
  // puzzles, but an equivalent copy may get another key (whether the budget runs out can depend
  // on the arrangement of the input).
  bool exact = true;
};

CanonicalForm canonical_form(const Grid& puzzle);

// Killer boards (cages on standard boxes): canonical_form calls this. A Killer board's moves are
// the eight symmetries of the square (turns and reflections; the transpositions only with square
// boxes): swapping bands, stacks or lines within them would cut cages apart. Values are never
// relabelled (the sums fix them). The key is the canonical board in the Killer one-line form
// (killer_io.hpp). Jigsaw Killer boards get the puzzle as written, with exact false. The
// transform's relabel is the identity, and apply() moves only the givens; the cages move as the
// rows and columns do.
CanonicalForm killer_canonical_form(const Grid& puzzle);
bool killer_canonical_form_is_exact(const Geometry& geometry);

// canonical_form with an explicit bound on the states the exact search may create (0: none);
// canonical_form itself sets none up to 9x9 and a few seconds' worth for larger grids.
CanonicalForm canonical_form_with_budget(const Grid& puzzle, std::uint64_t work_budget);

inline std::string canonical_key(const Grid& puzzle) {
  return canonical_form(puzzle).key;
}

}  // namespace sudoku
