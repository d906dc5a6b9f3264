// SPDX-License-Identifier: Apache-2.0
// Private: choosing one distinct puzzle per slot, in plan order.
//
// Contract: walks the slots in plan order; a slot takes its first attempt whose canonical key is
// neither in the archive nor taken by an earlier slot, climbing further attempts on demand (so the
// choice depends only on the plan, the archive and the budget). GenerationError when a slot missed
// its target or clashed kMaxAttempts times. read_archive (sudoku/book_generation.hpp) lives beside
// it.
//   const std::vector<ChosenSlot> chosen = choose_distinct(plan, scheduler, options.archive);
//   chosen[s].result.puzzle;  chosen[s].canonical;  scheduler.seed(s, chosen[s].attempt);
#pragma once

#include <set>
#include <string>
#include <vector>

#include "slot_scheduler.hpp"

namespace sudoku::detail {

struct ChosenSlot {
  SlotResult result;
  int attempt = 0;
  std::string canonical;  // canonical key of result.puzzle
};

std::vector<ChosenSlot> choose_distinct(const Plan& plan, SlotScheduler& scheduler,
                                        const std::set<std::string>& archive);

}  // namespace sudoku::detail
