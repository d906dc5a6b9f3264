// SPDX-License-Identifier: Apache-2.0
// Counts, grades and generates one puzzle through the installed sudoku-press library: what a
// program of its own needs to get from the CMake package (examples/consumer/CMakeLists.txt).
// Prints three lines and exits 0; exits 1 when a result is not what the library promises.
#include <cstdio>
#include <string>

#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/technique/technique_grader.hpp"

int main() {
  // Count: a puzzle with exactly one solution.
  const sudoku::Grid puzzle = sudoku::parse_puzzle(
      "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
  const sudoku::SolutionCount count = sudoku::count_solutions(puzzle);
  std::printf("solutions: %d, solution %s\n", count.count, sudoku::to_line(*count.solution).c_str());

  // Grade: the technique grader on Sudoku Explainer's scale.
  const sudoku::TechniqueGrade grade = sudoku::grade_techniques(puzzle);
  std::printf("grade: %s (%s)\n", sudoku::format_grade(grade).c_str(), sudoku::describe_hardest(grade).c_str());

  // Generate: one puzzle of the readers' "medium" level, by the press levels' own metric.
  const sudoku::Calibration press = sudoku::press_calibration();
  const sudoku::CalibrationLevel& medium = *sudoku::find_level(press, "medium");
  const auto metric = sudoku::make_rating_metric(press.metric, press.options);
  const sudoku::ClimbSettings settings{.target = medium.target, .band = medium.band, .givens = medium.givens};
  const sudoku::ClimbResult made = sudoku::climb_to_target(
      sudoku::Geometry::standard(9), settings,
      [&](const sudoku::Grid& candidate, double floor, double ceiling) {
        return metric->rate_between(candidate, floor, ceiling).value;
      },
      20261127);
  const std::string level = sudoku::level_for(press, made.rating).name;
  std::printf("generated %s: %s (rating %.1f)\n", level.c_str(), sudoku::to_line(made.puzzle).c_str(), made.rating);

  const bool ok = count.count == 1 && grade.solved() && made.reached && level == "medium" &&
                  sudoku::count_solutions(made.puzzle).count == 1;
  return ok ? 0 : 1;
}
