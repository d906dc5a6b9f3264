#include "generate/slot_scheduler.hpp"

#include <atomic>
#include <chrono>

#include "sudoku/parallel.hpp"
#include "sudoku/random.hpp"

namespace sudoku::detail {

SlotScheduler::SlotScheduler(const Plan& plan, const ClimbSettings& climb, const RatingMetric& metric,
                             CheckpointStore& store)
    : plan_(plan), climb_(climb), metric_(metric), store_(store) {
  for (std::size_t c = 0; c < plan.chapters.size(); ++c)
    for (int i = 0; i < plan.chapters[c].count; ++i) slots_.push_back({c, static_cast<std::size_t>(i)});
}

std::uint64_t SlotScheduler::seed(std::size_t slot_number, int attempt) const {
  const Slot& slot = slots_[slot_number];
  // A calendar slot's seed is its own (plan.hpp): the day's puzzles do not depend on the other days.
  const PlanChapter& chapter = plan_.chapters[slot.chapter];
  const std::uint64_t base = chapter.slot ? derive_seed(chapter.slot_seed, slot.index)
                                          : derive_seed(plan_.seed, slot.chapter, slot.index);
  return attempt == 0 ? base : derive_seed(base, static_cast<std::uint64_t>(attempt));
}

SlotResult SlotScheduler::climb(std::size_t slot_number, int attempt) const {
  const PlanChapter& chapter = plan_.chapters[slots_[slot_number].chapter];
  ClimbSettings settings = climb_;
  settings.target = slot_target(chapter, slots_[slot_number].index, attempt);
  settings.tolerance = plan_.tolerance;
  settings.band = chapter.band;
  settings.givens = chapter.givens;
  settings.symmetry = plan_.symmetry;
  if (chapter.variant == Variant::killer) settings.cages = chapter.cages;
  const auto start = std::chrono::steady_clock::now();
  const RatingFunction rate = [this](const Grid& puzzle) { return metric_.rate(puzzle).value; };
  const std::uint64_t slot_seed = seed(slot_number, attempt);
  ClimbResult climbed =
      climb_to_target(chapter_board(chapter, plan_.symmetry, slot_seed), settings, rate, slot_seed);
  SlotResult result;
  result.reached = climbed.reached;
  result.puzzle = std::move(climbed.puzzle);
  result.solution = std::move(climbed.solution);
  result.rating = climbed.rating;
  result.moves = climbed.moves;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void SlotScheduler::climb_first_attempts(int jobs, const GenerationProgress& progress) {
  std::vector<std::size_t> pending;
  std::vector<std::size_t> done(plan_.chapters.size(), 0);
  for (std::size_t s = 0; s < slots_.size(); ++s) {
    if (store_.find({s, 0}))
      ++done[slots_[s].chapter];
    else
      pending.push_back(s);
  }
  std::vector<std::atomic<std::size_t>> finished(plan_.chapters.size());
  for (std::size_t c = 0; c < done.size(); ++c) finished[c] = done[c];
  auto report = [&](std::size_t) {
    if (progress) {
      for (std::size_t c = 0; c < done.size(); ++c) done[c] = finished[c].load();
      progress(done);
    }
    save_if_due();
  };
  try {
    parallel_for(
        pending.size(), jobs,
        [&](std::size_t i) {
          const std::size_t s = pending[i];
          store_.add({s, 0}, climb(s, 0));
          ++finished[slots_[s].chapter];
        },
        report);
  } catch (...) {
    store_.save();
    throw;
  }
  store_.save();
}

SlotResult SlotScheduler::result(std::size_t slot_number, int attempt) {
  if (auto stored = store_.find({slot_number, attempt})) return std::move(*stored);
  SlotResult climbed = climb(slot_number, attempt);
  store_.add({slot_number, attempt}, climbed);
  save_if_due();
  return climbed;
}

void SlotScheduler::save_if_due() {
  // Tiny grids retry hundreds of times in a second; a save per retry (a temporary file, fsync and
  // rename, the whole checkpoint each time) cost more than the climbs. A crash loses at most two
  // seconds of climbs, which --resume climbs again to the same puzzles.
  if (std::chrono::steady_clock::now() - last_save_ <= kSaveInterval) return;
  store_.save();
  last_save_ = std::chrono::steady_clock::now();
}

}  // namespace sudoku::detail
