// SPDX-License-Identifier: Apache-2.0
#include "sudoku/solve/solution_counter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference_solver.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solver_kernels.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::reference_count_solutions;

// A complete valid grid: the pattern value(r, c) = (box_cols * (r % box_rows) + r / box_rows + c)
// mod size, with its values relabelled and its bands, stacks, rows within bands and columns within
// stacks shuffled.
Grid random_solution(const std::shared_ptr<const Geometry>& geometry, Rng& rng) {
  const int n = geometry->size();
  const int rows_per_band = geometry->box_rows();
  const int cols_per_stack = geometry->box_cols();
  const auto shuffled_lines = [&](int per_group) {
    std::vector<int> groups(static_cast<std::size_t>(n / per_group));
    std::iota(groups.begin(), groups.end(), 0);
    rng.shuffle(groups.begin(), groups.end());
    std::vector<int> lines;
    for (int group : groups) {
      std::vector<int> within(static_cast<std::size_t>(per_group));
      std::iota(within.begin(), within.end(), group * per_group);
      rng.shuffle(within.begin(), within.end());
      lines.insert(lines.end(), within.begin(), within.end());
    }
    return lines;
  };
  const std::vector<int> row_of = shuffled_lines(rows_per_band);
  const std::vector<int> col_of = shuffled_lines(cols_per_stack);
  std::vector<int> relabel(static_cast<std::size_t>(n));
  std::iota(relabel.begin(), relabel.end(), 1);
  rng.shuffle(relabel.begin(), relabel.end());

  Grid grid(geometry);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int source_row = row_of[static_cast<std::size_t>(r)];
      const int source_col = col_of[static_cast<std::size_t>(c)];
      const int pattern =
          (cols_per_stack * (source_row % rows_per_band) + source_row / rows_per_band + source_col) % n;
      grid.set(geometry->cell_at(r, c), relabel[static_cast<std::size_t>(pattern)]);
    }
  }
  return grid;
}

// `solution` with `blanks` cells, chosen at random, cleared.
Grid with_blanks(const Grid& solution, int blanks, Rng& rng) {
  std::vector<int> cells(static_cast<std::size_t>(solution.cell_count()));
  std::iota(cells.begin(), cells.end(), 0);
  rng.shuffle(cells.begin(), cells.end());
  Grid puzzle = solution;
  for (int i = 0; i < blanks; ++i) puzzle.clear(cells[static_cast<std::size_t>(i)]);
  return puzzle;
}

// Clears every cell holding `first` or `second`: swapping the two values then gives another
// solution, so the puzzle has at least two.
Grid without_two_values(const Grid& puzzle, const Grid& solution, int first, int second) {
  Grid result = puzzle;
  for (int cell = 0; cell < solution.cell_count(); ++cell)
    if (solution[cell] == first || solution[cell] == second) result.clear(cell);
  return result;
}

// Copies a given onto a blank peer (two equal givens in one unit), or changes a given to another
// value (unsolvable or not: the reference decides). Returns the puzzle unchanged if neither applies.
Grid spoiled(const Grid& puzzle, Rng& rng) {
  Grid result = puzzle;
  const int start = static_cast<int>(rng.below(static_cast<std::uint32_t>(puzzle.cell_count())));
  for (int offset = 0; offset < puzzle.cell_count(); ++offset) {
    const int cell = (start + offset) % puzzle.cell_count();
    if (puzzle[cell] == 0) continue;
    if (rng.below(2) == 0) {
      for (int peer : puzzle.geometry().peers(cell)) {
        if (puzzle[peer] == 0) {
          result.set(peer, puzzle[cell]);
          return result;
        }
      }
    }
    const int shift = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(puzzle.size() - 1)));
    result.set(cell, (puzzle[cell] - 1 + shift) % puzzle.size() + 1);
    return result;
  }
  return result;
}

struct Shape {
  int box_rows;
  int box_cols;
  int puzzles;     // how many random puzzles to check
  int max_blanks;  // most blanks per puzzle: where the plain reference stays fast
};

// Every standard size, both orientations of the oblong boxes, and shapes only with_boxes makes
// (including boxes that are whole rows or columns, i.e. Latin squares).
constexpr std::array<Shape, 13> kShapes{{
    {2, 2, 3000, 16},
    {2, 3, 2000, 36},
    {3, 2, 1000, 36},
    {1, 5, 500, 25},
    {5, 1, 500, 25},
    {2, 4, 1000, 50},
    {4, 2, 500, 50},
    {3, 3, 3000, 64},
    {2, 5, 500, 70},
    {3, 4, 1500, 75},
    {4, 3, 500, 75},
    {4, 4, 1000, 100},
    {5, 5, 1000, 200},
}};

constexpr int kMostSolutionsCompared = 4;

// Grid of `geometry` holding `cells`.
Grid grid_of(const std::shared_ptr<const Geometry>& geometry, std::span<const std::uint8_t> cells) {
  Grid grid(geometry);
  for (int cell = 0; cell < grid.cell_count(); ++cell) grid.set(cell, cells[static_cast<std::size_t>(cell)]);
  return grid;
}

// Compares with the reference the public entry point and, when `every_kernel`, each kernel of the
// table that applies to the puzzle's geometry. Returns the reference count.
int expect_matches_reference(const Grid& puzzle, const std::string& context, bool every_kernel) {
  const auto expected = reference_count_solutions(puzzle, kMostSolutionsCompared);
  for (const SolverKernel& kernel : solver_kernels()) {
    if (!every_kernel || !kernel.applies_to(puzzle.geometry())) continue;
    for (int limit = 1; limit <= kMostSolutionsCompared; ++limit) {
      std::vector<std::uint8_t> solution(static_cast<std::size_t>(puzzle.cell_count()));
      const int count = kernel.count(puzzle.geometry(), puzzle.cells(), limit, solution.data());
      EXPECT_EQ(count, std::min(expected.count, limit))
          << context << " (" << kernel.name << ") limit " << limit;
      // The counting variant is the same search: same count, same first solution.
      std::vector<std::uint8_t> counted_solution(solution.size());
      SearchStats stats;
      EXPECT_EQ(
          kernel.count_with_stats(puzzle.geometry(), puzzle.cells(), limit, counted_solution.data(), stats),
          count)
          << context << " (" << kernel.name << ") limit " << limit;
      if (count >= 1) {
        EXPECT_EQ(counted_solution, solution) << context << " (" << kernel.name << ")";
      }
      if (count >= 1) {
        EXPECT_TRUE(is_solution_of(grid_of(puzzle.geometry_ptr(), solution), puzzle))
            << context << " (" << kernel.name << ")";
      }
    }
  }
  for (int limit = 1; limit <= kMostSolutionsCompared; ++limit) {
    const SolutionCount got = count_solutions(puzzle, limit);
    EXPECT_EQ(got.count, std::min(expected.count, limit)) << context << " limit " << limit;
    EXPECT_EQ(got.solution.has_value(), got.count >= 1) << context;
    if (got.solution) {
      EXPECT_TRUE(is_solution_of(*got.solution, puzzle)) << context << " limit " << limit;
      if (expected.count == 1) {
        EXPECT_EQ(*got.solution, *expected.first_solution) << context;
      }
    }
  }
  return expected.count;
}

class SolutionCounterShape : public ::testing::TestWithParam<Shape> {};

// Compares `puzzles` random puzzles of `geometry` with the reference: solutions from `solution_of`,
// up to `max_blanks` blanks, some with two values cleared (several solutions), some spoiled (only
// those with at most `spoil_most_blanks` blanks). The mix must cover what the counter tells apart.
// Under the sanitizers every study_stride()th puzzle is compared (all are still drawn).
void expect_random_puzzles_match(const std::shared_ptr<const Geometry>& geometry, int puzzles, int max_blanks,
                                 int spoil_most_blanks, Rng& rng, const std::function<Grid()>& solution_of) {
  const int stride = testing::study_stride();
  std::array<int, kMostSolutionsCompared + 1> seen{};  // how many puzzles had 0, 1, ... solutions
  for (int i = 0; i < puzzles; ++i) {
    const Grid solution = solution_of();
    const int blanks = static_cast<int>(rng.below(static_cast<std::uint32_t>(max_blanks + 1)));
    Grid puzzle = with_blanks(solution, blanks, rng);
    if (rng.below(4) == 0) {
      const auto value = [&] {
        return 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(geometry->size())));
      };
      puzzle = without_two_values(puzzle, solution, value(), value());
    }
    if (rng.below(5) == 0 && blanks <= spoil_most_blanks) puzzle = spoiled(puzzle, rng);
    if (i % stride != 0) continue;
    ASSERT_EQ(count_solutions(solution, 2).count, 1);
    const std::string context = geometry->describe() + " puzzle " + std::to_string(i) + " " + to_line(puzzle);
    ++seen[static_cast<std::size_t>(expect_matches_reference(puzzle, context, i % 4 == 0))];
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(seen[0], 0);
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[kMostSolutionsCompared], 0);
}

TEST_P(SolutionCounterShape, AgreesWithTheReferenceOnRandomPuzzles) {
  const Shape shape = GetParam();
  const auto geometry = Geometry::with_boxes(shape.box_rows, shape.box_cols);
  Rng rng(derive_seed(0x5eed5017, static_cast<std::uint64_t>(shape.box_rows),
                      static_cast<std::uint64_t>(shape.box_cols)));
  expect_random_puzzles_match(geometry, shape.puzzles, shape.max_blanks, geometry->cell_count(), rng,
                              [&] { return random_solution(geometry, rng); });
}

std::string shape_name(const ::testing::TestParamInfo<Shape>& info) {
  return std::to_string(info.param.box_rows) + "x" + std::to_string(info.param.box_cols) + "_boxes";
}

INSTANTIATE_TEST_SUITE_P(EveryShape, SolutionCounterShape, ::testing::ValuesIn(kShapes), shape_name);

// The variants' boards: X at several sizes, the fixed 9x9 patterns, and two jigsaw layouts.
struct VariantBoard {
  std::string name;
  std::shared_ptr<const Geometry> geometry;
  int puzzles;
  int max_blanks;
};

std::vector<VariantBoard> variant_boards() {
  return {
      {"x_4x4", Geometry::variant(Variant::x, 4), 1000, 16},
      {"x_6x6", Geometry::variant(Variant::x, 6), 500, 36},
      {"x_9x9", Geometry::variant(Variant::x), 300, 64},
      {"windoku", Geometry::variant(Variant::windoku), 300, 64},
      {"asterisk", Geometry::variant(Variant::asterisk), 300, 64},
      {"centre_dot", Geometry::variant(Variant::centre_dot), 300, 64},
      {"jigsaw_6x6", parse_regions("112233112233142233144556445566455666"), 500, 36},
      {"jigsaw_9x9",
       parse_regions("111122333111222333112222333444555666444555666444555666777888999777888999777888999"),
       300, 64},
      // Gattai boards: several 9x9 grids sharing boxes, counted by the generic kernel over the
      // union of their units (a shared box's givens reach every grid holding it).
      {"samurai", Geometry::gattai(*gattai_shape_named("samurai")), 120, 160},
      {"twin", Geometry::gattai(*gattai_shape_named("twin")), 200, 90},
      {"butterfly", Geometry::gattai(*gattai_shape_named("butterfly")), 200, 90},
      {"flower", Geometry::gattai(*gattai_shape_named("flower")), 150, 110},
      {"sohei", Geometry::gattai(*gattai_shape_named("sohei")), 120, 140},
      {"windmill", Geometry::gattai(*gattai_shape_named("windmill")), 120, 150},
  };
}

class SolutionCounterVariant : public ::testing::TestWithParam<VariantBoard> {};

TEST_P(SolutionCounterVariant, AgreesWithTheReferenceOnRandomPuzzles) {
  const VariantBoard& board = GetParam();
  const auto& geometry = board.geometry;
  // The 9x9 variants with 3x3 boxes are counted by the variant bit-board, the rest by the
  // unit-driven kernels; never by the classic 9x9 bit-board.
  const bool bit_board = geometry->size() == 9 && geometry->has_regular_boxes();
  EXPECT_EQ(kernel_for(*geometry).name, bit_board ? "variant9" : "generic");
  Rng rng(derive_seed(0x7a121a27, std::hash<std::string>{}(board.name)));
  // Spoiled puzzles only with most givens left: a contradiction under many blanks can cost the plain
  // reference seconds of search on a jigsaw board.
  expect_random_puzzles_match(geometry, board.puzzles, board.max_blanks, geometry->cell_count() / 2, rng,
                              [&] { return random_solution_grid(geometry, rng); });
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, SolutionCounterVariant, ::testing::ValuesIn(variant_boards()),
                         [](const ::testing::TestParamInfo<VariantBoard>& board_info) {
                           return board_info.param.name;
                         });

TEST(SolutionCounter, NineByNineKernelsAgree) {
  const auto geometry = Geometry::standard(9);
  ASSERT_EQ(kernel_for(*geometry).name, "bitboard9");
  Rng rng(0x9e9e);
  const int stride = testing::study_stride();  // under the sanitizers, every stride-th puzzle
  int kernels_compared = 0;
  int other_kernel_puzzles = 0;
  for (int i = 0; i < 3000; ++i) {
    const Grid solution = random_solution(geometry, rng);
    Grid puzzle = with_blanks(solution, 40 + static_cast<int>(rng.below(42)), rng);
    if (rng.below(5) == 0) puzzle = spoiled(puzzle, rng);
    if (i % stride != 0) continue;
    if (i % 5 == 0) ++other_kernel_puzzles;
    for (int limit : {1, 2, 3, 10}) {
      const SolutionCount fast = count_solutions(puzzle, limit);
      if (fast.count >= 1) {
        ASSERT_TRUE(is_solution_of(*fast.solution, puzzle));
      }
      // The other kernels (clause learning is slow on 9x9) on every fifth puzzle.
      for (const SolverKernel& kernel : solver_kernels()) {
        if (i % 5 != 0 || &kernel == &kernel_for(*geometry)) continue;
        std::array<std::uint8_t, 81> other_solution{};
        const int other = kernel.count(*geometry, puzzle.cells(), limit, other_solution.data());
        ASSERT_EQ(fast.count, other) << kernel.name << " puzzle " << i << " limit " << limit;
        if (fast.count == 1 && limit > 1) {  // unique: every kernel finds that solution
          ASSERT_TRUE(
              std::equal(other_solution.begin(), other_solution.end(), fast.solution->cells().begin()))
              << kernel.name << " puzzle " << i;
        }
        ++kernels_compared;
      }
    }
  }
  // The other kernels on every fifth puzzle that the stride keeps: 600 of the 3000 when it is 1.
  const int other_kernel_stride = std::lcm(5, stride);
  EXPECT_EQ(other_kernel_puzzles, (3000 + other_kernel_stride - 1) / other_kernel_stride);
  EXPECT_EQ(kernels_compared, other_kernel_puzzles * 4 * (static_cast<int>(solver_kernels().size()) - 1));
}

// The fixed 9x9 variants with extra units: the variant bit-board kernel's domain.
constexpr std::array<Variant, 4> kVariants9{Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot};

const SolverKernel& kernel_named(std::string_view name) {
  for (const SolverKernel& kernel : solver_kernels())
    if (kernel.name == name) return kernel;
  throw std::invalid_argument("no kernel " + std::string(name));
}

// Differential test of the variant bit-board against the generic kernel (itself checked against
// the reference above) on many more puzzles than the reference can afford: every count from 0 to
// more than the limit, the same first solution when it is unique, always a solution of the puzzle.
TEST(SolutionCounter, VariantKernelAgreesWithTheGenericKernel) {
  const SolverKernel& variant9 = kernel_named("variant9");
  const SolverKernel& generic = kernel_named("generic");
  const int stride = testing::study_stride();  // under the sanitizers, every stride-th puzzle
  for (const Variant variant : kVariants9) {
    const auto geometry = Geometry::variant(variant);
    ASSERT_EQ(&kernel_for(*geometry), &variant9) << variant_name(variant);
    Rng rng(derive_seed(0xa71a27, static_cast<std::uint64_t>(variant)));
    std::array<int, 4> seen{};  // puzzles with 0, 1, 2, 3+ solutions (limit 3)
    for (int i = 0; i < 600; ++i) {
      const Grid solution = random_solution_grid(geometry, rng);
      Grid puzzle = with_blanks(solution, 30 + static_cast<int>(rng.below(52)), rng);
      if (rng.below(5) == 0) puzzle = spoiled(puzzle, rng);
      if (i % stride != 0) continue;
      const std::string context = std::string(variant_name(variant)) + " puzzle " + std::to_string(i) + " " +
                                  to_line(puzzle);
      for (int limit : {1, 2, 3, 10}) {
        std::array<std::uint8_t, 81> fast_solution{};
        std::array<std::uint8_t, 81> generic_solution{};
        const int fast = variant9.count(*geometry, puzzle.cells(), limit, fast_solution.data());
        const int expected = generic.count(*geometry, puzzle.cells(), limit, generic_solution.data());
        ASSERT_EQ(fast, expected) << context << " limit " << limit;
        if (fast >= 1) {
          ASSERT_TRUE(is_solution_of(grid_of(geometry, fast_solution), puzzle)) << context;
        }
        if (fast == 1 && limit > 1) {
          ASSERT_EQ(fast_solution, generic_solution) << context;
        }
        if (limit == 3) ++seen[static_cast<std::size_t>(fast)];
      }
    }
    for (std::size_t count = 0; count < seen.size(); ++count)
      EXPECT_GT(seen[count], 20 / stride) << variant_name(variant) << ": too few puzzles with " << count
                                          << " solutions";
  }
}

// Two equal givens in an extra unit, seeing each other through nothing else, leave no solution.
TEST(SolutionCounter, VariantKernelFindsConflictsInExtraUnits) {
  for (const Variant variant : kVariants9) {
    const auto geometry = Geometry::variant(variant);
    for (auto u = static_cast<std::size_t>(geometry->first_extra_unit()); u < geometry->units().size(); ++u) {
      const std::vector<int>& unit = geometry->units()[u];
      int pairs = 0;
      for (const int a : unit) {
        for (const int b : unit) {
          const auto& peers = geometry->peers(a);
          // Peers through a row, column or box would be caught without the extra unit.
          const int row_a = a / 9, col_a = a % 9, row_b = b / 9, col_b = b % 9;
          if (a >= b || row_a == row_b || col_a == col_b || (row_a / 3 == row_b / 3 && col_a / 3 == col_b / 3))
            continue;
          ASSERT_NE(std::find(peers.begin(), peers.end(), b), peers.end());
          Grid puzzle(geometry);
          puzzle.set(a, 5);
          puzzle.set(b, 5);
          EXPECT_EQ(count_solutions(puzzle, 2).count, 0) << variant_name(variant) << " " << to_line(puzzle);
          ++pairs;
        }
      }
      EXPECT_GT(pairs, 0) << variant_name(variant) << " unit " << u;
    }
  }
}

// A digit whose classic placements leave an extra unit without it: no solution, though no two givens
// conflict and every cell keeps a value (only the unit's "every digit once" rule sees it).
TEST(SolutionCounter, VariantKernelFindsADigitMissingFromAnExtraUnit) {
  const SolverKernel& generic = kernel_named("generic");
  const auto classic = Geometry::standard(9);
  Rng rng(0xd1a6);
  for (const Variant variant : kVariants9) {
    const auto geometry = Geometry::variant(variant);
    const std::vector<int>& unit = geometry->units()[static_cast<std::size_t>(geometry->first_extra_unit())];
    int found = 0;
    for (int attempt = 0; attempt < 2000 && found < 20; ++attempt) {
      const Grid solution = random_solution(classic, rng);
      // The nine cells of value 1, none of them in the unit.
      bool misses_unit = true;
      for (const int cell : unit) misses_unit = misses_unit && solution[cell] != 1;
      if (!misses_unit) continue;
      Grid puzzle(geometry);
      for (int cell = 0; cell < 81; ++cell)
        if (solution[cell] == 1) puzzle.set(cell, 1);
      EXPECT_EQ(count_solutions(puzzle, 2).count, 0) << variant_name(variant) << " " << to_line(puzzle);
      EXPECT_EQ(generic.count(*geometry, puzzle.cells(), 2, nullptr), 0) << variant_name(variant) << " " << to_line(puzzle);
      ++found;
    }
    EXPECT_EQ(found, 20) << variant_name(variant);
  }
}

// Guesses: none for a puzzle that singles solve, some for hard ones, the same on every run, and
// added to what the stats already hold.
TEST(SolutionCounter, SearchStatsCountGuesses) {
  const auto hard = load_puzzles(corpus_path("top95.txt"));
  ASSERT_GE(hard.size(), 20u);
  Grid easy = *count_solutions(hard[0], 1).solution;
  for (int cell = 0; cell < 81; cell += 4) easy.clear(cell);
  for (const SolverKernel& kernel : solver_kernels()) {
    std::array<std::uint8_t, kMaxCells> solution{};
    SearchStats stats;
    EXPECT_EQ(kernel.count_with_stats(easy.geometry(), easy.cells(), 2, solution.data(), stats), 1);
    EXPECT_EQ(stats.guesses, 0u) << kernel.name;
    if (kernel.name == "sat") continue;  // CaDiCaL does not report its decisions: the sat kernel counts none
    for (std::size_t i = 0; i < 20; ++i)
      kernel.count_with_stats(hard[i].geometry(), hard[i].cells(), 2, solution.data(), stats);
    const std::uint64_t first_run = stats.guesses;
    EXPECT_GT(first_run, 20u) << kernel.name;  // top95 is hard: more than one guess a puzzle
    for (std::size_t i = 0; i < 20; ++i)
      kernel.count_with_stats(hard[i].geometry(), hard[i].cells(), 2, solution.data(), stats);
    EXPECT_EQ(stats.guesses, 2 * first_run) << kernel.name;
  }
}

TEST(SolutionCounter, KernelTableDispatch) {
  std::vector<std::string_view> names;
  for (const SolverKernel& kernel : solver_kernels()) names.push_back(kernel.name);
  EXPECT_EQ(names, (std::vector<std::string_view>{"bitboard9", "variant9", "killer", "generic", "sat"}));
  for (int size : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(size);
    EXPECT_EQ(kernel_for(*geometry).name, size == 9 ? "bitboard9" : "generic") << size;
  }
  EXPECT_EQ(kernel_for(*Geometry::with_boxes(3, 3)).name, "bitboard9");
  EXPECT_EQ(kernel_for(*Geometry::with_boxes(1, 9)).name, "generic");
  // Extra units on 9x9 with 3x3 boxes: the variant bit-board; at other sizes, on jigsaw regions
  // or with cages (Killer X): the other kernels.
  for (const Variant variant : kVariants9) EXPECT_EQ(kernel_for(*Geometry::variant(variant)).name, "variant9");
  EXPECT_EQ(kernel_for(*Geometry::variant(Variant::x, 6)).name, "generic");
  EXPECT_EQ(kernel_for(*parse_regions("111122333111222333112222333444555666444555666444555666777888999777888999"
                                      "777888999"))
                .name,
            "generic");
  EXPECT_EQ(kernel_for(*Geometry::killer({Cage{3, {0, 1}}}, Geometry::variant(Variant::x))).name, "killer");
}

TEST(SolutionCounter, SpanEntryPointMatchesTheGridEntryPoint) {
  const auto geometry = Geometry::standard(9);
  Rng rng(81);
  for (int i = 0; i < 500; ++i) {
    const Grid puzzle =
        with_blanks(random_solution(geometry, rng), 30 + static_cast<int>(rng.below(51)), rng);
    std::array<std::uint8_t, 81> cells{};
    std::copy(puzzle.cells().begin(), puzzle.cells().end(), cells.begin());
    std::array<std::uint8_t, 81> solution{};
    const int count = count_solutions_9x9(cells, 3, solution);
    const SolutionCount expected = count_solutions(puzzle, 3);
    ASSERT_EQ(count, expected.count);
    ASSERT_EQ(count_solutions_9x9(cells, 3), expected.count);
    ASSERT_TRUE(std::equal(solution.begin(), solution.end(), expected.solution->cells().begin()));
  }
}

TEST(SolutionCounter, FirstSolutionIsDeterministic) {
  for (int size : Geometry::supported_sizes()) {
    const Grid empty(Geometry::standard(size));
    const SolutionCount first = count_solutions(empty, 3);
    ASSERT_EQ(first.count, 3) << size;
    ASSERT_TRUE(is_solution_of(*first.solution, empty)) << size;
    for (int limit : {1, 2, 5}) EXPECT_EQ(*count_solutions(empty, limit).solution, *first.solution) << size;
  }
}

TEST(SolutionCounter, CompleteGridsHaveOneSolutionThemselves) {
  Rng rng(7);
  for (int size : Geometry::supported_sizes()) {
    const Grid solution = random_solution(Geometry::standard(size), rng);
    const SolutionCount result = count_solutions(solution, 5);
    EXPECT_EQ(result.count, 1) << size;
    EXPECT_EQ(*result.solution, solution) << size;
    EXPECT_TRUE(has_unique_solution(solution)) << size;
  }
}

TEST(SolutionCounter, ConflictingGivensHaveNoSolution) {
  Rng rng(11);
  for (int size : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(size);
    const Grid solution = random_solution(geometry, rng);
    // The same value twice in a row, a column and a box, in an otherwise empty grid and in a
    // nearly complete one.
    const int cell = geometry->cell_at(1, 1);
    for (const auto& unit : geometry->units()) {
      if (std::find(unit.begin(), unit.end(), cell) == unit.end()) continue;
      const int other = unit.front() == cell ? unit.back() : unit.front();
      Grid sparse(geometry);
      sparse.set(cell, 1);
      sparse.set(other, 1);
      Grid dense = with_blanks(solution, size, rng);
      dense.set(other, dense[cell] == 0 ? 1 : dense[cell]);
      dense.set(cell, dense[other]);
      for (const Grid& puzzle : {sparse, dense}) {
        const SolutionCount result = count_solutions(puzzle, 2);
        EXPECT_EQ(result.count, 0) << geometry->describe();
        EXPECT_FALSE(result.solution.has_value());
      }
    }
  }
}

TEST(SolutionCounter, CellWithNoValueLeftHasNoSolution) {
  // r1c1 sees 1-8 in its row and 9 in its column, without any two givens in conflict.
  const auto geometry = Geometry::standard(9);
  Grid puzzle(geometry);
  for (int c = 1; c < 9; ++c) puzzle.set(geometry->cell_at(0, c), c);
  puzzle.set(geometry->cell_at(5, 0), 9);
  EXPECT_EQ(count_solutions(puzzle, 2).count, 0);
  std::array<std::uint8_t, 81> cells{};
  std::copy(puzzle.cells().begin(), puzzle.cells().end(), cells.begin());
  EXPECT_EQ(count_solutions_9x9(cells, 2), 0);
}

TEST(SolutionCounter, SpanEntryPointRejectsValuesAboveNine) {
  std::array<std::uint8_t, 81> cells{};
  cells[40] = 10;
  std::array<std::uint8_t, 81> solution{};
  EXPECT_EQ(count_solutions_9x9(cells, 2, solution), 0);
}

TEST(SolutionCounter, LimitBelowOneIsRejected) {
  const Grid empty;
  EXPECT_THROW(count_solutions(empty, 0), std::invalid_argument);
  std::array<std::uint8_t, 81> cells{};
  EXPECT_THROW(count_solutions_9x9(cells, -1), std::invalid_argument);
}

// Every puzzle of the corpus comes out with exactly one solution.
void expect_unique_corpus(const std::string& name) {
  const std::vector<Grid> puzzles = testing::load_corpus(corpus_path(name));
  ASSERT_FALSE(puzzles.empty()) << name;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const SolutionCount result = count_solutions(puzzles[i], 2);
    ASSERT_EQ(result.count, 1) << name << " puzzle " << i + 1;
    ASSERT_TRUE(is_solution_of(*result.solution, puzzles[i])) << name << " puzzle " << i + 1;
  }
}

TEST(SolutionCounterCorpus, Top95HasUniqueSolutions) {
  expect_unique_corpus("top95.txt");
}
TEST(SolutionCounterCorpus, HardestHasUniqueSolutions) {
  expect_unique_corpus("hardest.txt");
}
TEST(SolutionCounterCorpus, InkalaHasUniqueSolutions) {
  expect_unique_corpus("inkala.txt");
}
TEST(SolutionCounterCorpus, SeventeenCluePuzzlesHaveUniqueSolutions) {
  expect_unique_corpus("17-clue.txt");
}
TEST(SolutionCounterCorpus, Top1465HasUniqueSolutions) {
  expect_unique_corpus("top1465.txt");
}
TEST(SolutionCounterCorpus, ForumHardestHasUniqueSolutions) {
  expect_unique_corpus("forum-hardest-1106.txt");
}
TEST(SolutionCounterCorpus, Gecode16x16HasUniqueSolutions) {
  expect_unique_corpus("gecode-16x16.txt");
}
// The minimal 25x25 puzzles sit near the hardness peak of Latin square completion: the whole file
// takes over a minute of CPU (about 65 s, see docs/solver.md), so the default run checks a few and
// the full check is opt-in (--gtest_also_run_disabled_tests).
TEST(SolutionCounterCorpus, Gecode25x25SampleHasUniqueSolutions) {
  const std::vector<Grid> puzzles = testing::load_corpus(corpus_path("gecode-25x25.txt"));
  ASSERT_EQ(puzzles.size(), 18u);
  for (std::size_t i : {1u, 2u, 16u, 17u}) {
    const SolutionCount result = count_solutions(puzzles[i], 2);
    ASSERT_EQ(result.count, 1) << "puzzle " << i + 1;
    ASSERT_TRUE(is_solution_of(*result.solution, puzzles[i])) << "puzzle " << i + 1;
  }
}
TEST(SolutionCounterCorpus, DISABLED_Gecode25x25HasUniqueSolutions) {
  expect_unique_corpus("gecode-25x25.txt");
}

// Every puzzle of the corpus has at least two solutions.
void expect_multiple_solution_corpus(const std::string& name) {
  const std::vector<Grid> puzzles = testing::load_corpus(corpus_path(name));
  ASSERT_FALSE(puzzles.empty()) << name;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const SolutionCount result = count_solutions(puzzles[i], 2);
    ASSERT_EQ(result.count, 2) << name << " puzzle " << i + 1;
    ASSERT_TRUE(is_solution_of(*result.solution, puzzles[i])) << name << " puzzle " << i + 1;
  }
}

TEST(SolutionCounterCorpus, SergBenchmarkPuzzlesHaveSeveralSolutions) {
  expect_multiple_solution_corpus("serg-benchmark-multi.txt");
}
TEST(SolutionCounterCorpus, NorvigsShuffledKillerHasSeveralSolutions) {
  expect_multiple_solution_corpus("multi-solution-norvig.txt");
}

}  // namespace
}  // namespace sudoku
