// SPDX-License-Identifier: Apache-2.0
// The hill climber of Fatemi, Kazemi & Mehrasa (2014), made practical: it searches for a puzzle with
// exactly one solution whose rating is within a tolerance of a target — or, for band levels (the
// readers' press levels), inside a band of ratings and a range of givens.
//
// A state is a puzzle; a move adds, deletes or changes the givens of one orbit of cells (so the
// pattern keeps its symmetry); cost = infinity unless the puzzle has exactly one solution, else
// |rating - target|; the climb stops when cost <= tolerance * target (aiming a little closer, see
// ClimbSettings::aim). With a band the cost has two parts, compared in order (docs/generation.md):
// first how far the puzzle is from being acceptable (rating outside the band, relative to the
// target, plus 0.02 per given outside the givens range), then, once inside, how far the rating is
// from the slot's own target in the band — a continuous objective inside the band, so that slots
// with targets spread over the band give puzzles spread over its techniques instead of piling up at
// the edge the climb came from. What the paper leaves open or what we changed, and why:
//   - the infinite plateau is never entered: the climb starts from a full random solution grid
//     (unique, rating minimal) and every state it keeps is unique;
//   - moves are drawn with probabilities that favour the useful direction (delete when the rating is
//     below the target, add when above; change either way), each from the current state;
//   - a move is kept when the cost does not rise (the paper: only when it drops). Discrete ratings
//     such as the technique grade leave most moves on a plateau of equal cost, where a strictly
//     improving climb is stuck; moving sideways lets it drift until a move drops the cost;
//   - a local minimum (`patience` moves in a row without a strict improvement) or the move budget
//     ends the climb; it restarts from a new random grid, up to `max_restarts` times; a target that
//     is still not reached gets `escalations` more rounds of restarts, each with twice the moves
//     and patience of the round before (the budget grows with need instead of failing a long run).
//
//   ClimbSettings settings{.target = 2.9, .band = RatingBand{2.5, 3.4}, .givens = GivensRange{27, 34}};
//   ClimbResult result = climb_to_target(geometry, settings, rate, seed);   // result.reached
// Contract: deterministic for a given seed and rating function; every returned puzzle has exactly
// one solution (checked by the solution counter, or proved by a grading that solved it:
// ProvingRatingFunction) and `solution` is that solution.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/rate/calibration.hpp"

namespace sudoku {

struct ClimbSettings {
  double target = 0;                  // rating to reach (> 0); with a band, the point in the band to aim at
  double tolerance = 0.10;            // success when |rating - target| <= tolerance * target (no band)
  std::optional<RatingBand> band;     // success when the rating lies in the band (and the givens fit)
  std::optional<GivensRange> givens;  // success only with this many givens
  Symmetry symmetry = Symmetry::rotate180;
  int max_moves = 3000;   // moves tried per climb
  int patience = 400;     // moves without improvement that count as a local minimum
  int max_restarts = 12;  // fresh climbs after the first before giving up
  // Inside the accepted band the climb goes on towards aim * tolerance (for `patience / 4` more
  // moves without improvement), so ratings spread around the target instead of piling up at the
  // edge of the band they were approached from.
  double aim = 0.5;
  int escalations = 2;  // rounds of max_restarts climbs after the first, each with doubled budgets
  // With a band: more climbs, once the band is reached, while the rating is not on the slot's target;
  // an extra climb that ends on the grade the slot already has ends them (the steps between that
  // grade and the target are ones climbs seldom reach).
  int aim_restarts = 2;
  // With a band: the ratings the metric can give inside it, ascending (attainable_ratings,
  // grade_scale.hpp); empty for a continuous scale. A rating with no step of the scale between
  // it and the target is on aim (the step just below or just above the target): a climb never
  // spends its patience, or its aim_restarts, chasing a rating the scale cannot give. Nor one that
  // paths seldom end on: a step the climber's gradings have passed (landed beyond it, seen from the
  // rating) but never landed on does not lie between a rating and the target (direct claiming,
  // 1.9, the hardest step of no classic easy puzzle in 200, held slots at 2.0 off a target of 1.8).
  std::vector<double> attainable;
  // Killer: climb cage layouts on `geometry` (the board without cages). The start is a random
  // solution grid with symmetric_unique_cages (killer_cages.hpp) and no givens; moves merge, split
  // and reshape cages (with their images under `symmetry`) and, when `givens` allows any, add or
  // remove orbits of givens. Without a givens range a Killer gets none (the newspaper form).
  std::optional<CageShape> cages;
  // Killer: success only with this many cages (counted like givens outside their range).
  std::optional<GivensRange> cage_count;
  // Gattai boards: success only when every grid on its own (its 81 cells read as a classic 9x9)
  // has more than one solution, so the grids must be solved together. A grid that is unique alone
  // counts like a given outside the givens range, so the climb digs towards open grids.
  bool grids_open = false;
};

// Boards from 16x16 up, where grading one move costs up to tens of milliseconds (forcing chains
// over 256 or 625 cells): a climb that has reached its band stops sooner (half the patience) and
// makes no extra climbs for the slot's own target (aim_restarts 0). 16x16 extreme went from about
// 2 s to under 1 s a puzzle (docs/plan.md); smaller boards keep their settings, and their books.
void fit_climb_to_board(ClimbSettings& settings, int size);

// Rating of a puzzle with exactly one solution. Must be a pure function of the puzzle, except that
// when the rating exceeds `ceiling` any value above the ceiling may come back, and when it is below
// `floor` any value below the floor: the climber passes the lowest and highest ratings it could
// still keep, so a metric may stop early (the technique grader skips the forcing chains of moves
// far above the band, and stops at singles for moves far below it). Ignoring both is always correct.
using RatingFunction = std::function<double(const Grid& puzzle, double floor, double ceiling)>;

// A rating together with what its grading proved. proves_unique: the grading itself showed that
// the puzzle has no solution but one it has (MetricRating::proves_unique: the technique grader
// solved it by deduction alone, no uniqueness technique). The climber knows a solution of every
// move it draws (the current solution, whose values the givens and cage sums come from), so such a
// move needs no solution count: the grader's complete solve is the uniqueness proof. On a Killer
// board whose band lies below the chain rungs the climb grades each move first and counts only a
// move it would keep whose grading stalled (or stopped early at its floor or ceiling); moves it
// rejects on their rating are never counted. Elsewhere (classic boards, whose count is cheaper than
// grading an ambiguous puzzle; evil bands) it counts first, as with a plain RatingFunction. Either
// way the result is the same puzzle, byte for byte (docs/plan.md "Killer").
struct ClimbRating {
  double value = 0;
  bool proves_unique = false;
};
using ProvingRatingFunction = std::function<ClimbRating(const Grid& puzzle, double floor, double ceiling)>;

struct ClimbResult {
  bool reached = false;    // rating within tolerance of the target
  Grid puzzle;             // the best state found (the goal when reached)
  Grid solution;           // its unique solution
  double rating = 0;       // its rating
  std::int64_t moves = 0;  // moves tried over all climbs (the paper's iterations)
  int restarts = 0;        // climbs started after the first (over all rounds)
  int escalations = 0;     // rounds with grown budgets that were needed
};

ClimbResult climb_to_target(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
                            const RatingFunction& rate, std::uint64_t seed);
// The same climb with a rating that may prove uniqueness (ClimbRating): same puzzle, fewer counts.
ClimbResult climb_to_target(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
                            const ProvingRatingFunction& rate, std::uint64_t seed);

// A uniformly scrambled complete solution grid. Classic boards: random boxes on the diagonal,
// completed by the solution counter, then a random validity-preserving transform. Variants (extra
// units, jigsaw regions): random_filled_grid, retried until it succeeds; throws std::invalid_argument
// for a board on which a search of a million placements finds no grid (a jigsaw layout may have none).
Grid random_solution_grid(const std::shared_ptr<const Geometry>& geometry, Rng& rng);

// A random complete grid of any board without cages by randomized search over its units: the blank
// cell with the fewest values left next, its values in random order. Nullopt when `placements`
// placements did not complete a grid (the board may have none, or the draw was unlucky).
//   Rng rng(seed);
//   auto grid = random_filled_grid(Geometry::variant(Variant::windoku), rng, 100000);
std::optional<Grid> random_filled_grid(const std::shared_ptr<const Geometry>& geometry, Rng& rng,
                                       std::int64_t placements);

}  // namespace sudoku
