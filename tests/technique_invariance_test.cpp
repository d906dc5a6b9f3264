// SPDX-License-Identifier: Apache-2.0
// The invariant order's contract (technique_grader.hpp): a puzzle and every transform of it
// (relabelling, row and column permutations within bands and stacks, band and stack permutations,
// transposition) get the same grade and the same hardest technique. Property test over random
// transforms, fixed seeds, of puzzles across Sudoku Explainer's bands: a spread sample of
// se-rated.txt by rating, samples of top95.txt and hardest.txt, and a pair once graded 8.9 and 8.8.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::load_corpus;
using testing::corpus_path;

// Random transforms per puzzle: with the original, four gradings of each.
constexpr int kTransforms = 3;

TechniqueOptions invariant_options() {
  TechniqueOptions options;
  options.order = ChainOrder::invariant;
  return options;
}

// Grades `puzzle` and kTransforms random images of it (seeded by `seed`) in invariant order and
// checks they agree; returns the original's grade.
TechniqueGrade expect_invariant(const Grid& puzzle, std::uint64_t seed) {
  const TechniqueOptions options = invariant_options();
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  Rng rng(seed);
  for (int k = 0; k < kTransforms; ++k) {
    const Grid image = apply(random_transform(puzzle.geometry(), rng), puzzle);
    const TechniqueGrade other = grade_techniques(image, options);
    EXPECT_EQ(other.outcome, grade.outcome) << to_line(puzzle) << " vs " << to_line(image);
    EXPECT_EQ(format_grade(other), format_grade(grade)) << to_line(puzzle) << " vs " << to_line(image);
    EXPECT_EQ(describe_hardest(other), describe_hardest(grade))
        << to_line(puzzle) << " vs " << to_line(image);
  }
  return grade;
}

// The pair of the report: the second is a transform of the first. Both got a dynamic forcing
// chain, 8.9 and 8.8: which derivation of a fact counted depended on the order a layer met them.
TEST(TechniqueInvariance, ReportedPairGetsOneGrade) {
  const Grid first =
      parse_puzzle("..4.....9.5...612.2...1....8.5..3.4...1.7.3...3.1..8.2....9...8.132...5.5.....2..");
  const Grid second =
      parse_puzzle(".9.....2.1.62....9.....34..5.....3...2...6.....9.7..62..16..24.6....8.1.94..1...5");
  const TechniqueOptions options = invariant_options();
  const TechniqueGrade a = grade_techniques(first, options);
  const TechniqueGrade b = grade_techniques(second, options);
  EXPECT_EQ(format_grade(a), format_grade(b));
  EXPECT_EQ(a.hardest, b.hardest);
  EXPECT_EQ(a.hardest, Technique::dynamic_forcing_chain);
  expect_invariant(first, 1);
}

// A puzzle whose cycle step (SE 7.0) once depended on which of several shortest loops the search
// met first: transforms of it graded 7.0 or 7.1. Many transforms, since most happened to agree.
TEST(TechniqueInvariance, ShortestLoopsAllCount) {
  const Grid puzzle =
      parse_puzzle("79.....51....6....1.5...2.3...4.9...2..586..9.8.....6...2...4...3.2.4.1..7..9..3.");
  for (std::uint64_t seed = 0; seed < 8; ++seed) expect_invariant(puzzle, 4000 + seed);
}

// Where SE's first-met loop gives another grade than all the loops, the SE-order grading says its
// path was not order-free, so corpus-rate grades the level again in invariant order rather than
// carrying SE's grade over (grade_carries_over).
TEST(TechniqueInvariance, SeOrderGradesThatAShortestLoopChangedAreNotOrderFree) {
  const Grid puzzle =
      parse_puzzle("79.....51....6....1.5...2.3...4.9...2..586..9.8.....6...2...4...3.2.4.1..7..9..3.");
  const TechniqueOptions invariant = invariant_options();
  const TechniqueOptions se;
  Rng rng(4000);
  int parted = 0;
  for (int k = 0; k < 24; ++k) {
    const Grid image = apply(random_transform(puzzle.geometry(), rng), puzzle);
    const TechniqueGrade by_se = grade_techniques(image, se);
    const TechniqueGrade by_invariant = grade_techniques(image, invariant);
    if (format_grade(by_se) == format_grade(by_invariant)) continue;
    ++parted;
    EXPECT_FALSE(by_se.order_free) << to_line(image);
    EXPECT_FALSE(grade_carries_over(by_se, se, invariant)) << to_line(image);
  }
  EXPECT_GT(parted, 0);  // the puzzle still shows the difference
}

// Every SE rating of se-rated.txt, kPerRating puzzles each spread over its lines (all of a rating
// with fewer), so every rung of the ladder is met.
TEST(TechniqueInvariance, SeRatedAcrossTheBands) {
  constexpr std::size_t kPerRating = 12;
  std::map<std::string, std::vector<const PuzzleEntry*>> by_rating;
  const auto entries = read_puzzle_file(corpus_path("se-rated.txt"));
  for (const PuzzleEntry& entry : entries) {
    ASSERT_TRUE(entry.ok()) << entry.error;
    by_rating[entry.label].push_back(&entry);
  }
  ASSERT_GE(by_rating.size(), 50U);
  std::size_t checked = 0;
  for (const auto& [rating, puzzles] : by_rating) {
    const std::size_t step = std::max<std::size_t>(1, puzzles.size() / kPerRating);
    for (std::size_t i = step / 2; i < puzzles.size() && i / step < kPerRating; i += step) {
      SCOPED_TRACE("se-rated.txt line " + std::to_string(puzzles[i]->line) + ", SE " + rating);
      expect_invariant(*puzzles[i]->grid, 1000 + puzzles[i]->line);
      ++checked;
    }
  }
  EXPECT_GE(checked, 200U);
}

TEST(TechniqueInvariance, Top95AndHardest) {
  const auto top95 = load_corpus(corpus_path("top95.txt"));
  for (std::size_t i = 1; i < top95.size(); i += 3) {
    SCOPED_TRACE("top95.txt line " + std::to_string(i + 1));
    expect_invariant(top95[i], 2000 + i);
  }
  const auto hardest = load_corpus(corpus_path("hardest.txt"));
  for (std::size_t i = 0; i < hardest.size(); ++i) {
    SCOPED_TRACE("hardest.txt line " + std::to_string(i + 1));
    expect_invariant(hardest[i], 3000 + i);
  }
}

}  // namespace
}  // namespace sudoku
