// SPDX-License-Identifier: Apache-2.0
#include "slot_scheduler.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>

#include "sudoku/base/parallel.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/rate/grade_scale.hpp"
#include "sudoku/rate/second_dimension.hpp"

namespace sudoku {

std::uint64_t slot_seed(const Plan& plan, std::size_t chapter, std::size_t index, int attempt) {
  // A calendar slot's seed is its own (plan.hpp): the day's puzzles do not depend on the other days.
  const PlanChapter& planned = plan.chapters[chapter];
  const std::uint64_t base =
      planned.slot ? derive_seed(planned.slot_seed, index) : derive_seed(plan.seed, chapter, index);
  return attempt == 0 ? base : derive_seed(base, static_cast<std::uint64_t>(attempt));
}

// A level with cuts (calibration.hpp LevelCut) is a region of (grade, hard steps), not a band of
// grades; the climber knows bands. So its rating function gives the climber the grade where the
// puzzle is inside the level's cuts, and outside the band by as much as the score misses a cut
// where it is not: below the band by the shortfall under the lower cut (too easy: more steps
// beyond singles or a harder one needed), above it by the excess over the level's own cut (a
// grade inside the band cannot cross its top, so only the score can). The
// band then means "inside the level", and the climber's moves and cost work unchanged. The grade
// and the hard steps come from one grading of the metric's path (second_dimension.hpp), by a rater
// made once per climb (not per move: it parses the settings).
ProvingRatingFunction level_position(const PlanChapter& chapter, const MetricSettings& settings) {
  constexpr double kOutside = 0.05;  // a miss by a hair still lies clearly outside the band
  // The floor is not passed on: below a cut the position depends on the hard steps of the whole path
  // (RatingFunction allows ignoring it).
  return [&chapter, rater = HardStepRater(settings)](const Grid& puzzle, double /*floor*/, double ceiling) {
    // Below a lower cut the position is under the grade, so a grade above the ceiling says nothing
    // of the position: the ceiling is kept only without one (RatingFunction's contract).
    const PathRating rated =
        rater.rate(puzzle, chapter.cut_below ? std::numeric_limits<double>::infinity() : ceiling);
    const double grade = rated.rating.value;
    const bool unique = rated.rating.proves_unique;
    if (!rated.hard_steps || !chapter.band || !chapter.band->contains(grade)) return ClimbRating{grade, unique};
    const double steps = *rated.hard_steps;
    if (chapter.cut_below && !chapter.cut_below->crossed(chapter.top_below, grade, steps))
      return ClimbRating{
          chapter.band->low - kOutside - (chapter.cut_below->below - chapter.cut_below->score(grade, steps)), unique};
    if (chapter.cut && chapter.cut->crossed(chapter.band->high, grade, steps))
      return ClimbRating{chapter.band->high + kOutside + (chapter.cut->score(grade, steps) - chapter.cut->below),
                         unique};
    // A modelled level: inside the band and cuts, the model must give the puzzle the level too;
    // where it does not, the puzzle lies outside the band on the side the model leans to, by how
    // much probability the level lacks.
    if (chapter.model && !rated.features.empty()) {
      const ModelVerdict verdict = chapter.model->judge(rated.features, chapter.model_level);
      if (!verdict.inside)
        return ClimbRating{verdict.below ? chapter.band->low - kOutside - verdict.miss
                                         : chapter.band->high + kOutside + verdict.miss,
                           unique};
    }
    return ClimbRating{grade, unique};
  };
}

// Extra climbs for the slot's own target in a chapter of a level the model decides (climb_slot).
constexpr int kModelAimRestarts = 6;

// How far above the band the climb sees a Killer the grader cannot finish.
constexpr double kBeyondOutside = 0.05;

ClimbResult climb_slot(const Plan& plan, std::size_t chapter, std::size_t index, int attempt,
                       const ClimbSettings& climb, const RatingMetric& metric) {
  const PlanChapter& planned = plan.chapters[chapter];
  ClimbSettings settings = climb;
  settings.target = slot_target(planned, index, attempt);
  settings.tolerance = plan.tolerance;
  settings.band = planned.band;
  settings.givens = slot_givens(planned, index, attempt);
  settings.symmetry = plan.symmetry;
  if (planned.variant == Variant::killer) settings.cages = planned.cages;
  settings.cage_count = planned.cage_count;
  settings.grids_open = planned.grids_open;
  // A Killer of cages of two cells or more and no givens shows no value: its grade starts at the
  // cage combination (grade_scale.hpp), and a slot aiming below it aims at it. (A layout may still
  // get a one-cell cage where a split found no other way; the climb does not aim at what those give.
  // Aiming below used to cost an easy slot its patience and its extra climbs, about 1,200 moves,
  // to end at 1.6 anyway: docs/notes/killer-generation-2026-12.md.)
  const bool shows_values = !(settings.cages && settings.cages->smallest >= 2 &&
                              (!settings.givens || settings.givens->most == 0));
  if (planned.band)
    settings.attainable = attainable_ratings(metric, planned.band->low, planned.band->high,
                                             planned.variant == Variant::killer, shows_values);
  // A level the model decides climbs in the archive's whole reach (calibration.hpp model_reach:
  // 2.4-9.0 for the synthetic newspaper's medium), where the climbs land mostly on the commoner
  // grades (forcing chains at 7.1-7.3) and the slots aiming above them need more tries: with 2 extra
  // climbs the medium chapter's grade KS was 0.15-0.31 over four sample seeds, with 6 0.13-0.16, for
  // about 0.4 s more CPU (docs/notes/level-model-generation-2026-12.md).
  if (planned.model) settings.aim_restarts = std::max(settings.aim_restarts, kModelAimRestarts);
  fit_climb_to_board(settings, planned.size);
  // The technique metric's grading proves uniqueness where it solves (MetricRating::proves_unique):
  // the climb then counts only the moves it keeps whose grading stalled. Other metrics never prove
  // it: their climbs count every move first (the plain RatingFunction).
  const ProvingRatingFunction rate =
      planned.cut || planned.cut_below || planned.model
          ? level_position(planned, metric.settings())
          : ProvingRatingFunction([&metric, &planned](const Grid& puzzle, double floor, double ceiling) {
              const MetricRating rated = metric.rate_between(puzzle, floor, ceiling);
              // The audit counts a Killer the grader cannot finish ("beyond", a lower bound) outside
              // every band, even evil's, whose top is the beyond score (5.6-11): so must the climb.
              // (A lower bound above the ceiling is past the band's top as well: any value above
              // the ceiling may stand for it.)
              if (planned.variant == Variant::killer && planned.band && rated.lower_bound() &&
                  rated.value >= planned.band->high)
                return ClimbRating{std::max(rated.value, planned.band->high + kBeyondOutside), false};
              return ClimbRating{rated.value, rated.proves_unique};
            });
  const RatingFunction plain = [&rate](const Grid& puzzle, double floor, double ceiling) {
    return rate(puzzle, floor, ceiling).value;
  };
  const std::uint64_t seed = slot_seed(plan, chapter, index, attempt);
  const bool proving = metric.name() == "technique";
  const auto climb_once = [&](const ClimbSettings& part) {
    const auto board = chapter_board(planned, plan.symmetry, seed);
    return proving ? climb_to_target(board, part, rate, seed) : climb_to_target(board, part, plain, seed);
  };
  // A level above a cut is entered at the grade the slot aims at: its bands first (plan.hpp
  // slot_bands; none for other levels), the window for one round of restarts (no escalation),
  // then the level's.
  const std::vector<RatingBand> bands = slot_bands(planned, settings.target);
  ClimbResult climbed;
  std::int64_t spent = 0;
  for (std::size_t k = 0; k < bands.size() && !climbed.reached; ++k) {
    ClimbSettings part = settings;
    part.band = bands[k];
    if (k + 1 < bands.size()) part.escalations = 0;
    climbed = climb_once(part);
    spent += climbed.moves;
  }
  if (!climbed.reached) {
    climbed = climb_once(settings);
    spent += climbed.moves;
  }
  climbed.moves = spent;
  // A slot's givens window from the archive's distribution (plan.hpp slot_givens) is a wish, not a
  // rule: when the climb cannot meet it, the slot climbs again to the level's whole givens range.
  if (!climbed.reached && settings.givens != planned.givens) {
    settings.givens = planned.givens;
    const std::int64_t before = climbed.moves;
    climbed = climb_once(settings);
    climbed.moves += before;
  }
  return climbed;
}

}  // namespace sudoku

namespace sudoku::detail {

SlotScheduler::SlotScheduler(const Plan& plan, const ClimbSettings& climb, const RatingMetric& metric,
                             CheckpointStore& store)
    : plan_(plan), climb_(climb), metric_(metric), store_(store) {
  for (std::size_t c = 0; c < plan.chapters.size(); ++c)
    for (int i = 0; i < plan.chapters[c].count; ++i) slots_.push_back({c, static_cast<std::size_t>(i)});
}

std::uint64_t SlotScheduler::seed(std::size_t slot_number, int attempt) const {
  return slot_seed(plan_, slots_[slot_number].chapter, slots_[slot_number].index, attempt);
}

SlotResult SlotScheduler::climb(std::size_t slot_number, int attempt) const {
  const auto start = std::chrono::steady_clock::now();
  ClimbResult climbed =
      climb_slot(plan_, slots_[slot_number].chapter, slots_[slot_number].index, attempt, climb_, metric_);
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
