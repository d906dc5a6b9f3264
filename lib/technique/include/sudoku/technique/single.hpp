// SPDX-License-Identifier: Apache-2.0
// Which steps are singles: the one definition every part uses (a book's hints skip them,
// corpus-rate --pictures all draws every step but them, the hard-step count builds on it).
//
// Contract: true for a step that places one value seen in one cell or one house — full house,
// hidden single (box or line), naked single — and for Killer's cage completion (a cage's last
// cell); false for every other technique, the direct techniques (direct pointing, direct hidden
// pair, ...) included: they eliminate before a single.
//
//   sudoku::is_single(sudoku::Technique::naked_single);     // true
//   sudoku::is_single(sudoku::Technique::direct_pointing);  // false
#pragma once

#include "sudoku/technique/technique.hpp"

namespace sudoku {

bool is_single(Technique technique);

}  // namespace sudoku
