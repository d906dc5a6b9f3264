// SPDX-License-Identifier: Apache-2.0
// Private: the Book built from the chosen slots, every puzzle verified from scratch on the way.
//
// Contract: book_header fills what the book says of its making (title, author, the plan and the
// calibration written from their models, seed, tool version) and one empty chapter per plan
// chapter. assemble_book adds each chosen slot to its chapter in plan order, numbered per level
// ("evil-007"), after checking it: exactly one solution (solution counter), the stored solution
// obeys the rules and the givens, the symmetry holds, and the rating recomputed from scratch is
// on target. A failed check is a generator bug, or a checkpoint edited by hand: VerificationError
// naming the slot and the puzzle.
//   BookGenerationResult result{book_header(plan, tool_version)};
//   assemble_book(plan, metric, scheduler, chosen, result);
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "dedup.hpp"
#include "slot_scheduler.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku::detail {

class VerificationError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

Book book_header(const Plan& plan, const std::string& tool_version);

// Fills result.book's chapters (made by book_header) and result.chapters.
void assemble_book(const Plan& plan, const RatingMetric& metric, const SlotScheduler& scheduler,
                   const std::vector<ChosenSlot>& chosen, BookGenerationResult& result);

}  // namespace sudoku::detail
