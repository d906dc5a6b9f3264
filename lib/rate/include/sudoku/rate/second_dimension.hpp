// SPDX-License-Identifier: Apache-2.0
// The second difficulty dimension: how much of a puzzle needs more than singles. The technique
// grade is the hardest step of the path; it says nothing of how often the solver must reach beyond
// the singles. `hard steps` counts the steps of the path that are not singles: every step but full
// houses, hidden and naked singles, the direct intersections and subsets that only prepare a single
// (1.7-2.5 on the classic ladder: what the press levels' easy allows) and a Killer cage's last cell.
// Level files may cut between two levels on grade + weight * hard steps (calibration.hpp
// LevelCut, learned by calibrate --bands where it separates the archive's levels better than the
// grade; docs/levels.md "A second dimension").
//
// Contract:
//   - is_direct_step(t): true for the singles (single.hpp's is_single) and the direct techniques
//     above, false for the rest.
//   - hard_step_count(grade): the steps of the path that are not direct steps, from the grade's
//     steps_by_technique (kept with or without TechniqueOptions::explain); 0 for a path without steps.
//   - HardStepRater: one grading gives both the "technique" metric's rating (as its rate_up_to:
//     "beyond" as the metric's beyond value, marked a lower bound; above `ceiling` a lower bound
//     above it) and the hard steps of the same path (absent unless solved), graded without a
//     step list, and the path's features for a level model (level_model.hpp; empty unless
//     solved). Made once from the metric's settings (technique_metric_options; InputError when
//     malformed), so a caller that rates every move of a climb parses them once; thread-safe.
//   - rate_with_hard_steps: the same for one puzzle.
//
//   const HardStepRater rater({{"order", "invariant"}});
//   const auto rated = rater.rate(puzzle);
//   double score = rated.rating.value + 0.1 * rated.hard_steps.value_or(0);
#pragma once

#include <limits>
#include <optional>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

bool is_direct_step(Technique technique);
int hard_step_count(const TechniqueGrade& grade);

struct PathRating {
  MetricRating rating;
  std::optional<int> hard_steps;  // when the path solved the puzzle
  // The same path's features for a level model (level_model.hpp path_features, catalogue order),
  // when it solved the puzzle; empty otherwise.
  std::vector<double> features;
};
class HardStepRater {
 public:
  explicit HardStepRater(const MetricSettings& settings);
  PathRating rate(const Grid& puzzle, double ceiling = std::numeric_limits<double>::infinity()) const;

 private:
  TechniqueOptions options_;
  double beyond_score_;
};

PathRating rate_with_hard_steps(const Grid& puzzle, const MetricSettings& settings,
                                double ceiling = std::numeric_limits<double>::infinity());

}  // namespace sudoku
