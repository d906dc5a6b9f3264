// SPDX-License-Identifier: Apache-2.0
#include "book_assembly.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/second_dimension.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace sudoku::detail {
namespace {

// Checks the slot's puzzle from scratch and builds its book entry (id and seed are the caller's).
BookPuzzle verified_puzzle(const Plan& plan, const RatingMetric& metric, const ChosenSlot& chosen,
                           const PlanChapter& chapter, const Slot& slot) {
  const std::string name = "chapter \"" + chapter.title + "\": puzzle " + std::to_string(slot.index + 1);
  const Grid& puzzle = chosen.result.puzzle;
  const Grid& solution = chosen.result.solution;
  const SolutionCount count = count_solutions(puzzle, 2);
  if (count.count != 1 || !(*count.solution == solution) || !is_solution_of(solution, puzzle) ||
      !has_symmetry(puzzle, plan.symmetry) ||
      !has_cage_symmetry(puzzle.geometry().cages(), solution, plan.symmetry))
    throw VerificationError(name +
                            " failed verification (solution, uniqueness or symmetry): " + to_line(puzzle));
  // A level with cuts also reads the path's hard steps (second_dimension.hpp), from the same grading.
  const bool cuts = chapter.cut || chapter.cut_below;
  const bool path_read = cuts || chapter.model;
  const PathRating path =
      path_read ? rate_with_hard_steps(puzzle, metric.settings()) : PathRating{metric.rate(puzzle), {}, {}};
  const MetricRating& rating = path.rating;
  const double steps = path.hard_steps.value_or(0);
  const bool inside_cuts =
      !cuts || (path.hard_steps && (!chapter.cut || !chapter.cut->crossed(chapter.band->high, rating.value, steps)) &&
                (!chapter.cut_below || chapter.cut_below->crossed(chapter.top_below, rating.value, steps)));
  const bool inside_model =
      !chapter.model || (!path.features.empty() && chapter.model->judge(path.features, chapter.model_level).inside);
  const bool on_target = chapter.band
                             ? chapter.band->contains(rating.value) && inside_cuts && inside_model
                             : std::abs(rating.value - chapter.target) <= plan.tolerance * chapter.target;
  const int cages = static_cast<int>(puzzle.geometry().cages().size());
  if (!on_target || (chapter.givens && !chapter.givens->contains(puzzle.givens())) ||
      (chapter.cage_count && !chapter.cage_count->contains(cages)))
    throw VerificationError(name + ": recomputed rating of " + to_line(puzzle) + " is off target");
  BookPuzzle entry;
  entry.puzzle = puzzle;
  entry.solution = solution;
  entry.rating = rating.value;
  entry.rating_sd = rating.sd;
  entry.level = chapter.numeric_level ? level_for(plan.calibration, rating.value).name : chapter.level;
  entry.target = chapter.target;
  entry.givens = puzzle.givens();
  entry.canonical = chosen.canonical;
  entry.iterations = chosen.result.moves;
  entry.date = chapter.date;
  entry.number = chapter.number;
  return entry;
}

}  // namespace

Book book_header(const Plan& plan, const std::string& tool_version) {
  Book book;
  book.title = plan.title;
  book.author = plan.author;
  book.front = plan.front;
  if (book.front && !plan.logo_png.empty()) book.front->logo = std::string(kBookLogoFile);
  book.plan = plan_to_json(plan);
  book.seed = plan.seed;
  book.tool_version = tool_version;
  book.calibration = calibration_to_json(plan.calibration).as_object();
  for (const auto& chapter : plan.chapters) {
    BookChapter book_chapter;
    book_chapter.title = chapter.title;
    book_chapter.level = chapter.level;
    book_chapter.date = chapter.date;
    book.chapters.push_back(std::move(book_chapter));
  }
  return book;
}

void assemble_book(const Plan& plan, const RatingMetric& metric, const SlotScheduler& scheduler,
                   const std::vector<ChosenSlot>& chosen, BookGenerationResult& result) {
  auto& summaries = result.chapters;
  for (const auto& chapter : plan.chapters) summaries.push_back({chapter.title, 0, 0, chapter.target, 0});
  std::map<std::string, int> numbers_per_level;
  const auto& slots = scheduler.slots();
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const Slot& slot = slots[s];
    const PlanChapter& chapter = plan.chapters[slot.chapter];
    BookPuzzle puzzle = verified_puzzle(plan, metric, chosen[s], chapter, slot);
    // A calendar slot is known by its date and slot ("2026-12-05-hard"), in the archive and on the page.
    char id[64];
    std::snprintf(id, sizeof id, "%s-%03d", chapter.level.c_str(), ++numbers_per_level[chapter.level]);
    puzzle.id = chapter.slot ? *chapter.date + "-" + *chapter.slot : std::string(id);
    puzzle.seed = scheduler.seed(s, chosen[s].attempt);
    auto& summary = summaries[slot.chapter];
    ++summary.count;
    summary.mean_rating += puzzle.rating;
    summary.seconds += chosen[s].result.seconds;
    result.book.chapters[slot.chapter].puzzles.push_back(std::move(puzzle));
  }
  for (auto& summary : summaries)
    if (summary.count) summary.mean_rating /= static_cast<double>(summary.count);
}

}  // namespace sudoku::detail
