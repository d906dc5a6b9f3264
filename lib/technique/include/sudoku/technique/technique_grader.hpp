// SPDX-License-Identifier: Apache-2.0
// Technique grader: rates a puzzle the way a human solver meets it — by the hardest technique a
// logical solver needs when it always takes the easiest step available — on Sudoku Explainer's
// scale (hidden single 1.2, pointing 2.6, X-wing 3.2, XY-wing 4.2, chains 6.5+, dynamic forcing
// chains 8.5+). The grade is the highest step score on that path, SE's "ER".
//
// Contract: deterministic. With TechniqueOptions::order == invariant, also invariant under the
// transforms of transform.hpp (all the easiest steps of a kind are applied together, so the path
// does not depend on cell numbering or digit labels); the default SE order follows SE's chaining
// order on the forcing-chain rungs instead, for SE's exact number. Every placement and elimination is a
// logical consequence of the givens; the uniqueness techniques (unique rectangles, BUG) additionally assume
// the puzzle has exactly one solution and can be switched off (on Killer boards they are always off: cage
// sums can tell a swapped rectangle apart). Killer boards also get the cage and 45-rule techniques of
// technique.hpp. A puzzle the implemented ladder cannot finish is graded "beyond" with the steps made so far;
// a contradiction (no solution) is reported as such. Works for every geometry: techniques read units, peers
// and unit intersections from the Geometry, nothing is 9x9-only. Thread-safe: grading shares only immutable
// per-geometry tables. The vocabulary (Technique, TechniqueStep) is technique.hpp; the "technique" rating
// metric built on this is rating.hpp's.
//
//   TechniqueGrade g = grade_techniques(puzzle);
//   if (g.solved()) std::printf("%s %s\n", format_grade(g).c_str(), describe_hardest(g).c_str());
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique.hpp"

namespace sudoku {

// above_ceiling: grading stopped once the grade was sure to exceed TechniqueOptions::ceiling; the
// grade is then a lower bound above the ceiling (the full grade, or "beyond", is higher still).
// below_floor: grading stopped once the grade was sure to stay below TechniqueOptions::floor; the
// grade is then an upper bound below the floor (the full grade is at most that).
enum class GradeOutcome { solved, beyond, contradiction, above_ceiling, below_floor };

struct TechniqueGrade {
  GradeOutcome outcome = GradeOutcome::solved;
  double grade = 0.0;                         // highest step score (over the steps made, when not solved)
  Technique hardest = Technique::full_house;  // technique of that step
  int step_count = 0;                         // steps applied (each placement or pattern counts once)
  std::vector<TechniqueStep> steps;           // the path, when TechniqueOptions::explain
  // The steps applied of each technique (indexed by Technique), explained or not: a caller that
  // only counts the path's steps (the hard steps, second_dimension.hpp) needs no step list.
  std::array<int, kTechniqueCount> steps_by_technique{};
  // The path's shape, explained or not (the level model's features, sudoku/rate/level_model.hpp):
  // rounds of the path (a round's steps were found on one board and applied together) and the
  // candidates its steps removed (eliminations only; a placement's peers are not counted).
  int rounds = 0;
  int eliminations = 0;
  std::uint64_t work = 0;                     // pattern searches and chain propagations, for throughput
  // What the path did not depend on (see grade_carries_over): order_free — no forcing-chain rung
  // (Nishio and up) was searched and no search started while the grade came from a chain family,
  // the only places the two ChainOrders differ; used_uniqueness — a unique rectangle, unique loop
  // or BUG step was found.
  bool order_free = true;
  bool used_uniqueness = false;

  bool solved() const { return outcome == GradeOutcome::solved; }
  bool beyond() const { return outcome == GradeOutcome::beyond; }
  bool above_ceiling() const { return outcome == GradeOutcome::above_ceiling; }
  bool below_floor() const { return outcome == GradeOutcome::below_floor; }
};

// How the forcing-chain rungs (Nishio, multiple, dynamic, dynamic (+)) take their steps.
//   se:        Sudoku Explainer's exact number. Those rungs follow SE's own propagation order and
//              apply only the first hint of SE's sort, one step at a time, restarting from the
//              bottom of the ladder after each, as SE does (se_chaining.cpp). Depends on cell
//              numbering and digit labels, like SE: a transformed puzzle can differ by a tenth.
//   invariant: order-free layered propagation, all the easiest steps applied together: a
//              transformed puzzle gets the same grade (the contract above).
// The rungs below them are the same in both orders. Dynamic (+) (9.0) and nested (9.5) forcing
// chains in SE order take the easiest step of the order-free search (SE's level-1 "advanced"
// implications are not reproduced).
enum class ChainOrder : std::uint8_t { se, invariant };

struct TechniqueOptions {
  // Default: SE's number. Tests of transform invariance and batching use ChainOrder::invariant.
  ChainOrder order = ChainOrder::se;
  // The hardest technique tried; a puzzle needing more is "beyond".
  Technique max_technique = Technique::nested_forcing_chain;
  // Unique rectangles and BUG: sound only for puzzles with exactly one solution.
  bool uniqueness = true;
  // Keep the step list with text descriptions (slower; for --explain and tests).
  bool explain = false;
  // With explain: the branches of the chain steps' evidence (grouped chains, Nishio, forcing
  // chains; evidence.hpp), which follow a chain's assumptions again. Off for a caller that keeps
  // the path only to count its steps (corpus-rate's records).
  bool branch_evidence = true;
  // Stop as soon as the grade is sure to exceed this: a step scored above it, or every technique
  // still untried scores above it (the ladder's remaining base scores), so the forcing chains are
  // never searched for a puzzle that would need them. A puzzle whose full grade is at most the
  // ceiling grades exactly as without it. The hill climber's cheap reject of moves that cannot be
  // kept (hill_climber.hpp).
  double ceiling = std::numeric_limits<double>::infinity();
  // Stop as soon as the grade is sure to stay below this: on a board without cages, when hidden
  // and naked singles alone solve the puzzle as given and a naked single (2.3) is below the floor
  // (the grade is then at most 2.3). A puzzle whose full grade is at least the floor grades exactly as
  // without it. The hill climber's cheap reject of moves far too easy to be kept: most moves that
  // add a given to an evil puzzle leave singles only.
  double floor = -std::numeric_limits<double>::infinity();
};

// Grades one puzzle. Givens that break a unit give outcome contradiction with no steps.
TechniqueGrade grade_techniques(const Grid& puzzle, const TechniqueOptions& options = {});

// Whether grading the same puzzle with `wanted` would give `grade` (got with `graded`) again —
// the same outcome, grade and hardest technique — provably, from the path alone: the options
// differ at most in order (needs order_free), uniqueness (on -> off needs !used_uniqueness) and
// explain, and the grade is solved or beyond. corpus-rate grades each puzzle in SE order and levels
// it in invariant order; for puzzles below the chains this saves the second grading, and where
// both are in one order (--invariant) for every puzzle whose path took no uniqueness step.
//
//   if (grade_carries_over(g, se_options, level_options)) level_grade = g.grade;
bool grade_carries_over(const TechniqueGrade& grade, const TechniqueOptions& graded,
                        const TechniqueOptions& wanted);

// One step as a line: "r4c7=5  hidden single in box 6", "r1c2,r1c5 -4  pointing, box 1".
std::string format_step(const Geometry& geometry, const TechniqueStep& step);
// "4.2", or "beyond" when the ladder could not finish.
std::string format_grade(const TechniqueGrade& grade);
// "XY-wing", or "beyond: stuck after XY-wing" / "contradiction".
std::string describe_hardest(const TechniqueGrade& grade);

}  // namespace sudoku
