// SPDX-License-Identifier: Apache-2.0
// Private: the slots of a plan (chapter c, puzzle i in plan order) and their climbs.
//
// Contract: slot s, attempt a climbs with the seed derive_seed(plan seed, c, i) — for a calendar
// chapter derive_seed(its slot seed, i) — (attempt 0) or derive_seed(that, a), so a result depends only on
// the plan and the climber's budget — not on the number of jobs nor on which run climbed it. Every result
// goes into the checkpoint store, and is taken from there when it is already in it (a resumed run climbs
// nothing twice).
//   SlotScheduler scheduler(plan, climb, *metric, store);
//   scheduler.climb_first_attempts(jobs, progress);  const SlotResult r = scheduler.result(s, 1);
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "checkpoint_store.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku::detail {

struct Slot {
  std::size_t chapter;
  std::size_t index;  // within the chapter
};

class SlotScheduler {
 public:
  // Keeps references to all four; `climb` gives the budgets (target and tolerance come from the plan).
  SlotScheduler(const Plan& plan, const ClimbSettings& climb, const RatingMetric& metric,
                CheckpointStore& store);

  const std::vector<Slot>& slots() const { return slots_; }
  std::uint64_t seed(std::size_t slot_number, int attempt) const;

  // Every slot's first attempt not yet in the store, on `jobs` threads; the store is saved every
  // two seconds and when the loop ends (also when it ends by an exception, e.g. from `progress`).
  void climb_first_attempts(int jobs, const GenerationProgress& progress);
  // The result of one attempt: from the store, or climbed now and stored; the store is saved when
  // two seconds have passed since the last save (the caller saves once more when done choosing).
  SlotResult result(std::size_t slot_number, int attempt);

 private:
  SlotResult climb(std::size_t slot_number, int attempt) const;
  // Saves the store when kSaveInterval has passed since the last save.
  void save_if_due();

  const Plan& plan_;
  const ClimbSettings& climb_;
  const RatingMetric& metric_;
  CheckpointStore& store_;
  std::vector<Slot> slots_;
  std::chrono::steady_clock::time_point last_save_ = std::chrono::steady_clock::now();
};

// How often the scheduler saves the checkpoint while it climbs.
inline constexpr std::chrono::seconds kSaveInterval{2};

}  // namespace sudoku::detail
