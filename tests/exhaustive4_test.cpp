// SPDX-License-Identifier: Apache-2.0
// Exhaustive differential test on 4x4 (in the spirit of re2's exhaustive tester): the space is small
// enough to enumerate, so instead of sampling puzzles we take all of a systematic family and run
// each through every counting kernel that applies to 4x4, the public entry point and the plain
// reference solver, and each unique one through the technique grader.
//
// The family: every 4x4 solution grid (found here by plain backtracking, 288 of them), each complete
// and with every one or two cells blanked; and, for one representative grid of each class under the
// transforms of transform.hpp (canonical form), every subset of its 16 cells as givens (2^16
// puzzles), each also "spoiled" by changing its first given to the next value, which gives puzzles
// with conflicting givens and puzzles without a solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "reference_solver.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/solve/solver_kernels.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {
namespace {

using testing::reference_count_solutions;

constexpr int kCells = 16;

// Every complete 4x4 grid, in lexicographic order of the cells (row-major), by plain backtracking.
void fill_from(Grid& grid, int cell, std::vector<Grid>& grids) {
  if (cell == kCells) {
    grids.push_back(grid);
    return;
  }
  for (int value = 1; value <= 4; ++value) {
    const auto& peers = grid.geometry().peers(cell);
    if (std::any_of(peers.begin(), peers.end(), [&](int peer) { return grid[peer] == value; })) continue;
    grid.set(cell, value);
    fill_from(grid, cell + 1, grids);
    grid.clear(cell);
  }
}

std::vector<Grid> all_solution_grids() {
  std::vector<Grid> grids;
  Grid empty(Geometry::standard(4));
  fill_from(empty, 0, grids);
  return grids;
}

// What the family held, so the test cannot pass on nothing.
struct Tally {
  int puzzles = 0;
  int invalid = 0;  // no solution (conflicting givens among them)
  int unique = 0;
  int ambiguous = 0;
  int graded_solved = 0;
  int graded_beyond = 0;
  int fewest_givens_unique = kCells + 1;
  int most_givens_ambiguous = -1;
};

// Every placement and elimination of the grader's path agrees with the puzzle's only solution, and a
// path reported as solved places every open cell.
void expect_grader_sound(const Grid& puzzle, const Grid& solution, const std::string& context, Tally& tally) {
  TechniqueOptions options;
  options.explain = true;
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  ASSERT_NE(grade.outcome, GradeOutcome::contradiction) << context;
  Grid filled = puzzle;
  for (const TechniqueStep& step : grade.steps) {
    for (const CellValue& placed : step.placements) {
      ASSERT_EQ(placed.value, solution[placed.cell])
          << context << " " << format_step(puzzle.geometry(), step);
      filled.set(placed.cell, placed.value);
    }
    for (const CellValue& removed : step.eliminations)
      ASSERT_NE(removed.value, solution[removed.cell])
          << context << " " << format_step(puzzle.geometry(), step);
  }
  if (grade.solved()) {
    ASSERT_EQ(filled, solution) << context;
    ++tally.graded_solved;
  } else {
    ++tally.graded_beyond;
  }
}

// Counts `puzzle` (limit 2) with the reference, the public entry point and every kernel for 4x4;
// all must agree on the count, every first solution must solve the puzzle, and for a unique puzzle
// all must give the reference's solution.
void check(const Grid& puzzle, Tally& tally) {
  const std::string context = to_line(puzzle);
  const testing::ReferenceCount expected = reference_count_solutions(puzzle, 2);
  ++tally.puzzles;

  const SolutionCount front = count_solutions(puzzle, 2);
  ASSERT_EQ(front.count, expected.count) << context << " (count_solutions)";
  ASSERT_EQ(front.solution.has_value(), expected.count >= 1) << context;
  if (front.solution) {
    ASSERT_TRUE(is_solution_of(*front.solution, puzzle)) << context;
    if (expected.count == 1) {
      ASSERT_EQ(*front.solution, *expected.first_solution) << context;
    }
  }

  int kernels_run = 0;
  for (const SolverKernel& kernel : solver_kernels()) {
    if (!kernel.applies_to(puzzle.geometry())) continue;
    ++kernels_run;
    std::array<std::uint8_t, kCells> first{};
    const int count = kernel.count(puzzle.geometry(), puzzle.cells(), 2, first.data());
    ASSERT_EQ(count, expected.count) << context << " (" << kernel.name << ")";
    if (count >= 1) {
      Grid solution(puzzle.geometry_ptr());
      for (int cell = 0; cell < kCells; ++cell) solution.set(cell, first[static_cast<std::size_t>(cell)]);
      ASSERT_TRUE(is_solution_of(solution, puzzle)) << context << " (" << kernel.name << ")";
      if (count == 1) {
        ASSERT_EQ(solution, *expected.first_solution) << context << " (" << kernel.name << ")";
      }
    }
  }
  ASSERT_GE(kernels_run, 2) << "the generic and the clause-learning kernels apply to 4x4";

  const int givens = puzzle.givens();
  if (expected.count == 0) {
    ++tally.invalid;
  } else if (expected.count == 1) {
    ++tally.unique;
    tally.fewest_givens_unique = std::min(tally.fewest_givens_unique, givens);
    expect_grader_sound(puzzle, *expected.first_solution, context, tally);
  } else {
    ++tally.ambiguous;
    tally.most_givens_ambiguous = std::max(tally.most_givens_ambiguous, givens);
  }
}

Grid with_givens(const Grid& solution, std::uint32_t mask) {
  Grid puzzle(solution.geometry_ptr());
  for (int cell = 0; cell < kCells; ++cell)
    if ((mask >> cell) & 1u) puzzle.set(cell, solution[cell]);
  return puzzle;
}

TEST(Exhaustive4x4, EverySolutionGridNearlyComplete) {
  const std::vector<Grid> grids = all_solution_grids();
  ASSERT_EQ(grids.size(), 288u);  // the number of 4x4 Sudoku grids
  Tally tally;
  for (const Grid& grid : grids) {
    ASSERT_NO_FATAL_FAILURE(check(grid, tally));
    for (int first = 0; first < kCells; ++first) {
      ASSERT_NO_FATAL_FAILURE(check(with_givens(grid, 0xFFFFu & ~(1u << first)), tally));
      for (int second = first + 1; second < kCells; ++second)
        ASSERT_NO_FATAL_FAILURE(check(with_givens(grid, 0xFFFFu & ~(1u << first) & ~(1u << second)), tally));
    }
  }
  // One or two blanks cannot leave a choice: a second solution needs four cells to swap.
  EXPECT_EQ(tally.puzzles, 288 * (1 + 16 + 120));
  EXPECT_EQ(tally.unique, tally.puzzles);
  EXPECT_EQ(tally.graded_solved, tally.puzzles);
}

TEST(Exhaustive4x4, EverySubsetOfGivensOfEachGridClass) {
  // One representative (the first in enumeration order) per class of the transforms.
  std::map<std::string, Grid> classes;
  std::map<std::string, int> class_sizes;
  for (const Grid& grid : all_solution_grids()) {
    const std::string key = canonical_form(grid).key;
    classes.emplace(key, grid);
    ++class_sizes[key];
  }
  ASSERT_EQ(classes.size(), 2u);  // 4x4 has two essentially different grids
  for (const auto& [key, size] : class_sizes) EXPECT_GT(size, 1) << key;

  Tally tally;
  int spoiled_conflicts = 0;
  for (const auto& [key, representative] : classes) {
    for (std::uint32_t mask = 0; mask < (1u << kCells); ++mask) {
      const Grid puzzle = with_givens(representative, mask);
      ASSERT_NO_FATAL_FAILURE(check(puzzle, tally));
      if (mask == 0) continue;
      Grid spoiled = puzzle;
      const int cell = std::countr_zero(mask);
      spoiled.set(cell, puzzle[cell] % 4 + 1);
      if (find_conflict(spoiled)) ++spoiled_conflicts;
      ASSERT_NO_FATAL_FAILURE(check(spoiled, tally));
    }
  }
  EXPECT_EQ(tally.puzzles, 2 * ((1 << kCells) + (1 << kCells) - 1));
  EXPECT_EQ(tally.invalid + tally.unique + tally.ambiguous, tally.puzzles);
  EXPECT_GT(tally.invalid, spoiled_conflicts);  // some without a solution have no conflicting givens
  EXPECT_GT(spoiled_conflicts, 0);
  EXPECT_GT(tally.unique, 10000);
  EXPECT_GT(tally.ambiguous, 10000);
  // Known facts of 4x4 Sudoku: the fewest givens of a unique puzzle is 4, and a puzzle can have
  // up to 12 givens and still two solutions (a deadly rectangle of four blanks).
  EXPECT_EQ(tally.fewest_givens_unique, 4);
  EXPECT_EQ(tally.most_givens_ambiguous, 12);
  EXPECT_EQ(tally.graded_solved + tally.graded_beyond, tally.unique);
  EXPECT_GT(tally.graded_solved, 0);
  std::printf("4x4: %d puzzles, %d unique (%d graded solved, %d beyond), %d ambiguous, %d invalid\n",
              tally.puzzles, tally.unique, tally.graded_solved, tally.graded_beyond, tally.ambiguous,
              tally.invalid);
}

}  // namespace
}  // namespace sudoku
