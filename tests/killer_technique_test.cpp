// SPDX-License-Identifier: Apache-2.0
// The Killer techniques of the grader (technique/killer.cpp): every deduction checked against the
// solution on random unique Killers (fixed seeds), every Killer technique met on those paths, the
// sample puzzles solved, and the explanations naming cages and the 45 rule's regions.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

struct KillerPuzzle {
  Grid puzzle;
  Grid solution;
};

// A unique Killer of a random grid: cages of `shape`, and `givens` cells of the solution given.
KillerPuzzle random_killer(Rng& rng, CageShape shape, int givens, int size = 9) {
  const Grid solution = random_solution_grid(Geometry::standard(size), rng);
  const auto geometry = Geometry::killer(unique_killer_cages(solution, rng, shape), Geometry::standard(size));
  Grid puzzle(geometry);
  for (int i = 0; i < givens; ++i) {
    const int cell = static_cast<int>(rng.below(static_cast<std::uint32_t>(size * size)));
    puzzle.set(cell, solution[cell]);
  }
  return {puzzle, solution};
}

TechniqueGrade explained(const Grid& puzzle) {
  TechniqueOptions options;
  options.explain = true;
  return grade_techniques(puzzle, options);
}

// Every placement is the solution's value and no elimination removes it.
void expect_sound(const TechniqueGrade& grade, const Grid& solution, const std::string& label) {
  for (const TechniqueStep& step : grade.steps) {
    const std::string line = format_step(solution.geometry(), step);
    for (const CellValue& placed : step.placements)
      EXPECT_EQ(solution[placed.cell], placed.value) << label << ": " << line;
    for (const CellValue& gone : step.eliminations)
      EXPECT_NE(solution[gone.cell], gone.value) << label << ": " << line;
  }
}

TEST(KillerTechniques, EveryDeductionHoldsInTheSolutionAndEveryTechniqueShows) {
  Rng rng(0x4b11e5);
  std::map<Technique, int> seen;
  // (Larger cages, {3, 6}, make unique layouts slow to find: seconds each.)
  const CageShape shapes[] = {{2, 3}, {2, 5}, {2, 4}, {1, 4}};
  for (int i = 0; i < 60; ++i) {
    const KillerPuzzle killer = random_killer(rng, shapes[i % 4], i % 5 == 4 ? 4 : 0);
    const TechniqueGrade grade = explained(killer.puzzle);
    const std::string label = "puzzle " + std::to_string(i) + " " + to_killer_line(killer.puzzle);
    ASSERT_NE(grade.outcome, GradeOutcome::contradiction) << label;
    expect_sound(grade, killer.solution, label);
    for (const TechniqueStep& step : grade.steps) ++seen[step.technique];
  }
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    if (is_killer_technique(technique)) {
      EXPECT_GT(seen[technique], 0) << technique_id(technique);
    }
  }
  // Dynamic forcing chains follow cage sums on these boards: their steps are checked above too.
  EXPECT_GT(seen[Technique::dynamic_forcing_chain], 0);
}

// Other sizes: the 45 rule's regions come from the geometry (6x6 boxes are 2x3: bands of two
// boxes, stacks of three), and the unit sum is n(n+1)/2.
TEST(KillerTechniques, SoundOnOtherSizes) {
  Rng rng(0x66);
  int rule_steps = 0;
  for (int i = 0; i < 20; ++i) {
    const int size = i % 2 == 0 ? 4 : 6;
    const KillerPuzzle killer = random_killer(rng, {2, 4}, 0, size);
    const TechniqueGrade grade = explained(killer.puzzle);
    const std::string label =
        std::to_string(size) + "x" + std::to_string(size) + " puzzle " + std::to_string(i);
    ASSERT_NE(grade.outcome, GradeOutcome::contradiction) << label;
    expect_sound(grade, killer.solution, label);
    for (const TechniqueStep& step : grade.steps)
      rule_steps += step.detail.starts_with("45 rule on ") ? 1 : 0;
  }
  EXPECT_GT(rule_steps, 0);
}

TEST(KillerTechniques, SamplePuzzlesSolveWithSoundPaths) {
  std::ifstream in(testing::test_data("killer-sample.txt"));
  const std::vector<PuzzleEntry> entries = read_killer_puzzles(in, "killer-sample.txt");
  ASSERT_FALSE(entries.empty());
  int solved = 0;
  for (const PuzzleEntry& entry : entries) {
    ASSERT_TRUE(entry.ok()) << entry.error;
    const SolutionCount count = count_solutions(*entry.grid, 2);
    ASSERT_EQ(count.count, 1) << entry.label;
    const TechniqueGrade grade = explained(*entry.grid);
    ASSERT_NE(grade.outcome, GradeOutcome::contradiction) << entry.label;
    expect_sound(grade, *count.solution, entry.label);
    EXPECT_GE(grade.grade, technique_base_score(Technique::cage_combination)) << entry.label;
    solved += grade.solved() ? 1 : 0;
  }
  // Measured: all 10 samples finish (6 before the dynamic forcing chains read cage sums), so a
  // technique lost shows here.
  EXPECT_EQ(solved, static_cast<int>(entries.size()));
}

TEST(KillerTechniques, ExplanationsNameCagesAndRegions) {
  std::ifstream in(testing::test_data("killer-sample.txt"));
  const std::vector<PuzzleEntry> entries = read_killer_puzzles(in, "killer-sample.txt");
  ASSERT_FALSE(entries.empty());
  const Grid& puzzle = *entries.front().grid;
  const TechniqueGrade grade = explained(puzzle);
  const std::regex cage("cage [0-9]+ at r[1-9]c[1-9] \\([0-9] cells?\\)");
  const std::regex rule("45 rule on (rows?|columns?|box(es)?) [0-9,-]+: .* = -?[0-9]+.*");
  bool saw_cage = false;
  bool saw_rule = false;
  for (const TechniqueStep& step : grade.steps) {
    const std::string line = format_step(puzzle.geometry(), step);
    if (step.technique == Technique::cage_combination || step.technique == Technique::cage_completion ||
        step.technique == Technique::cage_locked_value) {
      EXPECT_TRUE(std::regex_search(step.detail, cage)) << line;
      saw_cage = true;
    }
    if (step.technique == Technique::innie_outie || step.technique == Technique::innie_outie_pair ||
        step.technique == Technique::cage_split || step.technique == Technique::union_innie_outie ||
        step.technique == Technique::virtual_cage) {
      EXPECT_TRUE(std::regex_match(step.detail, rule)) << line;
      saw_rule = true;
    }
  }
  EXPECT_TRUE(saw_cage);
  EXPECT_TRUE(saw_rule);
}

// Unique rectangles assume a digit swap leaves a second solution; cage sums can rule that out, so
// Killer grades never use them, whatever the options say.
TEST(KillerTechniques, NoUniquenessTechniquesOnKillerBoards) {
  Rng rng(77);
  for (int i = 0; i < 6; ++i) {
    const KillerPuzzle killer = random_killer(rng, {2, 4}, 0);
    TechniqueOptions options;
    options.explain = true;
    options.uniqueness = true;
    for (const TechniqueStep& step : grade_techniques(killer.puzzle, options).steps)
      EXPECT_TRUE(step.technique != Technique::unique_rectangle && step.technique != Technique::unique_loop &&
                  step.technique != Technique::bug)
          << i;
  }
}

// The grade is a function of the puzzle: the same Killer graded twice gives the same path.
TEST(KillerTechniques, Deterministic) {
  Rng a(5);
  Rng b(5);
  const KillerPuzzle one = random_killer(a, {2, 4}, 0);
  const KillerPuzzle two = random_killer(b, {2, 4}, 0);
  const TechniqueGrade first = explained(one.puzzle);
  const TechniqueGrade second = explained(two.puzzle);
  ASSERT_EQ(first.steps.size(), second.steps.size());
  for (std::size_t i = 0; i < first.steps.size(); ++i)
    EXPECT_EQ(format_step(one.puzzle.geometry(), first.steps[i]),
              format_step(two.puzzle.geometry(), second.steps[i]));
}

}  // namespace
}  // namespace sudoku
