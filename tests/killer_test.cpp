// SPDX-License-Identifier: Apache-2.0
// Killer: the combination tables against a plain enumeration, random cage layouts (properties with
// fixed seeds), and the Killer kernel against the plain reference solver (which checks cage sums)
// on random cage layouts of random solution grids: full and partial covers, with and without
// givens, unique, ambiguous and impossible puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <string>
#include <vector>

#include "reference_solver.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/cage_combinations.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/rate/call_count_rater.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/solve/solver_kernels.hpp"

namespace sudoku {
namespace {

using testing::reference_count_solutions;

TEST(CageCombinations, MatchAPlainEnumerationForEverySize) {
  for (int size = 1; size <= kMaxCageTableSize; ++size) {
    const int max_sum = size * (size + 1) / 2;
    // Every set of values in ascending mask order, bucketed by (count, sum).
    std::vector<std::vector<std::vector<CandidateMask>>> expected(
        static_cast<std::size_t>(size + 1),
        std::vector<std::vector<CandidateMask>>(static_cast<std::size_t>(max_sum + 1)));
    for (CandidateMask set = 0; set < (CandidateMask{1} << size); ++set) {
      int total = 0;
      for (int v = 1; v <= size; ++v) total += ((set >> (v - 1)) & 1u) != 0 ? v : 0;
      expected[static_cast<std::size_t>(std::popcount(set))][static_cast<std::size_t>(total)].push_back(set);
    }
    for (int count = 0; count <= size; ++count) {
      for (int sum = 0; sum <= max_sum; ++sum) {
        const auto got = cage_combinations(size, count, sum);
        ASSERT_EQ(std::vector<CandidateMask>(got.begin(), got.end()),
                  expected[static_cast<std::size_t>(count)][static_cast<std::size_t>(sum)])
            << size << " " << count << " " << sum;
        if (got.empty()) continue;
        EXPECT_GE(sum, smallest_cage_sum(count));
        EXPECT_LE(sum, largest_cage_sum(size, count));
      }
    }
  }
  EXPECT_TRUE(cage_combinations(9, 1, 10).empty());
  EXPECT_TRUE(cage_combinations(9, 5, 46).empty());
  EXPECT_TRUE(cage_combinations(17, 1, 1).empty());
  EXPECT_TRUE(cage_combinations(9, -1, 1).empty());
}

TEST(CageCombinations, ValuesAreTheUnionOfTheCombinationsThatFit) {
  EXPECT_EQ(cage_values(9, 2, 3, 0x1FF), 0b11u);                      // 1+2
  EXPECT_EQ(cage_values(9, 3, 24, 0x1FF), 0b111000000u);              // 7+8+9
  EXPECT_EQ(cage_values(9, 2, 10, 0x1FF), 0x1FFu & ~0x10u);           // 1+9 .. 4+6: never 5
  EXPECT_EQ(cage_values(9, 2, 10, 0x1FF & ~0b1u), 0x1FFu & ~0x111u);  // no 1: no 9 either
  EXPECT_EQ(cage_values(9, 2, 17, 0x1FF & ~0x100u), 0u);              // 8+9 without 9
}

// Every assignment of distinct values to the blanks (from their candidates, none of `placed`) that
// adds up to `sum`, read plainly: each blank's values over all of them, and the values all of them use.
struct PlainSupport {
  bool any = false;
  std::vector<CandidateMask> supported;
  CandidateMask required = ~CandidateMask{0};
};

void enumerate_assignments(int size, int sum, CandidateMask used, std::size_t i,
                           const std::vector<CandidateMask>& candidates, std::vector<int>& values,
                           PlainSupport& out) {
  if (i == candidates.size()) {
    if (sum != 0) return;
    out.any = true;
    for (std::size_t j = 0; j < values.size(); ++j) out.supported[j] |= CandidateMask{1} << (values[j] - 1);
    out.required &= used;
    return;
  }
  for (int v = 1; v <= size && v <= sum; ++v) {
    const CandidateMask b = CandidateMask{1} << (v - 1);
    if ((candidates[i] & b) == 0 || (used & b) != 0) continue;
    values[i] = v;
    enumerate_assignments(size, sum - v, used | b, i + 1, candidates, values, out);
  }
}

// cage_support is exact (generalized arc consistency) up to kExactCageBlanks blanks, whatever path
// it takes for a number of blanks; above that it may keep more, never less.
TEST(CageSupport, MatchesAPlainEnumerationOfAssignments) {
  Rng rng(0xca9e5);
  std::array<int, 3> seen{};  // no assignment, some values cut, nothing cut
  for (const int size : {4, 6, 9, 12, 16}) {
    const CandidateMask all = (CandidateMask{1} << size) - 1;
    const int cases = size == 16 ? 1500 : 4000;
    for (int c = 0; c < cases; ++c) {
      const int most = std::min(size, size >= 12 ? 6 : 8);
      const std::size_t blanks = 1 + rng.below(static_cast<std::uint32_t>(most));
      // Denser or sparser candidates; sometimes values above the size or already placed ones.
      const std::uint32_t density = 2 + rng.below(7);  // in ninths
      std::vector<CandidateMask> candidates(blanks);
      for (CandidateMask& cell : candidates)
        for (int v = 0; v < size + 2; ++v)
          if (rng.below(9) < density) cell |= CandidateMask{1} << v;
      CandidateMask placed = 0;
      if (rng.below(4) == 0) placed = CandidateMask{1} << rng.below(static_cast<std::uint32_t>(size));
      int sum = 0;
      if (rng.below(3) != 0) {  // the sum of some distinct values, usually reachable
        std::vector<int> values(static_cast<std::size_t>(size));
        std::iota(values.begin(), values.end(), 1);
        rng.shuffle(values.begin(), values.end());
        for (std::size_t i = 0; i < blanks; ++i) sum += values[i];
      } else {
        sum = static_cast<int>(rng.below(static_cast<std::uint32_t>(largest_cage_sum(size, 1) * 6)));
      }
      std::vector<CandidateMask> legal(candidates);
      for (CandidateMask& cell : legal) cell &= all & ~placed;
      PlainSupport expected{false, std::vector<CandidateMask>(blanks, 0)};
      std::vector<int> values(blanks);
      enumerate_assignments(size, sum, 0, 0, legal, values, expected);
      std::vector<CandidateMask> supported(blanks, 0xDEAD);
      const auto required = cage_support(size, sum, placed, candidates, supported);
      const std::string context = "size " + std::to_string(size) + " case " + std::to_string(c) + " sum " +
                                  std::to_string(sum) + " blanks " + std::to_string(blanks);
      if (blanks <= static_cast<std::size_t>(kExactCageBlanks)) {
        ASSERT_EQ(required.has_value(), expected.any) << context;
        if (!expected.any) {
          ++seen[0];
          continue;
        }
        ASSERT_EQ(supported, expected.supported) << context;
        ASSERT_EQ(*required, expected.required) << context;
        ++seen[supported == legal ? 2 : 1];
      } else if (expected.any) {
        ASSERT_TRUE(required.has_value()) << context;
        for (std::size_t i = 0; i < blanks; ++i) {
          EXPECT_EQ(supported[i] & expected.supported[i], expected.supported[i]) << context;
          EXPECT_EQ(supported[i] & ~legal[i], 0u) << context;
        }
        EXPECT_EQ(*required & ~expected.required, 0u) << context;
      }
    }
  }
  for (const int count : seen) EXPECT_GT(count, 100);
}

// A complete grid and a cage layout of it; `drop` of the cages taken away (partial cover).
struct KillerCase {
  Grid solution;
  std::vector<Cage> cages;
};

KillerCase random_case(int size, Rng& rng, CageShape shape, int drop) {
  KillerCase result{random_solution_grid(Geometry::standard(size), rng), {}};
  result.cages = random_cages(result.solution, rng, shape);
  for (int i = 0; i < drop && result.cages.size() > 1; ++i)
    result.cages.erase(result.cages.begin() + rng.below(static_cast<std::uint32_t>(result.cages.size())));
  return result;
}

TEST(RandomCages, CoverTheGridWithConnectedCagesWithoutRepeats) {
  Rng rng(0xca9e5);
  for (int i = 0; i < 200; ++i) {
    const int size = std::array{4, 6, 9, 9, 9, 12, 16}[static_cast<std::size_t>(i % 7)];
    const KillerCase killer = random_case(size, rng, {2, 5}, 0);
    // Geometry::killer validates connection, overlaps, repeats and sums.
    const auto geometry = Geometry::killer(killer.cages, Geometry::standard(size));
    std::vector<int> seen(static_cast<std::size_t>(geometry->cell_count()), 0);
    for (const Cage& cage : killer.cages) {
      EXPECT_LE(cage.cells.size(), 5u);
      for (int cell : cage.cells) ++seen[static_cast<std::size_t>(cell)];
    }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; })) << i;
    Grid solution(geometry);
    for (int cell = 0; cell < solution.cell_count(); ++cell) solution.set(cell, killer.solution[cell]);
    EXPECT_TRUE(is_solution_of(solution, Grid(geometry))) << i;
  }
}

TEST(RandomCages, SameSeedSameCages) {
  Rng a(42);
  Rng b(42);
  EXPECT_EQ(random_case(9, a, {}, 0).cages, random_case(9, b, {}, 0).cages);
}

// Unique layouts: the grid they were cut from is the one solution, cages valid, sizes in range,
// the same cages for the same seed.
TEST(RandomCages, UniqueLayoutsHaveTheirGridAsTheOneSolution) {
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    Rng rng(derive_seed(0x0e1, seed));
    const Grid solution = random_solution_grid(Geometry::standard(9), rng);
    Rng again = rng;
    const std::vector<Cage> cages = unique_killer_cages(solution, rng, {2, 5});
    EXPECT_EQ(unique_killer_cages(solution, again, {2, 5}), cages);
    const SolutionCount count = count_solutions(Grid(Geometry::killer(cages)), 2);
    ASSERT_EQ(count.count, 1) << seed;
    EXPECT_TRUE(std::ranges::equal(count.solution->cells(), solution.cells())) << seed;
    for (const Cage& cage : cages) EXPECT_LE(cage.cells.size(), 5u);
  }
}

constexpr int kMostSolutionsCompared = 3;

// The puzzle's count against the reference for every limit, through count_solutions and every
// kernel that applies; the first solution is a solution. Returns the reference count.
int expect_matches_reference(const Grid& puzzle, const std::string& context) {
  const auto expected = reference_count_solutions(puzzle, kMostSolutionsCompared);
  bool some_kernel = false;
  for (const SolverKernel& kernel : solver_kernels()) {
    if (!kernel.applies_to(puzzle.geometry())) continue;
    some_kernel = true;
    for (int limit = 1; limit <= kMostSolutionsCompared; ++limit) {
      std::vector<std::uint8_t> solution(static_cast<std::size_t>(puzzle.cell_count()));
      const int count = kernel.count(puzzle.geometry(), puzzle.cells(), limit, solution.data());
      EXPECT_EQ(count, std::min(expected.count, limit))
          << context << " (" << kernel.name << ") limit " << limit;
      std::vector<std::uint8_t> again(solution.size());
      SearchStats stats;
      EXPECT_EQ(kernel.count_with_stats(puzzle.geometry(), puzzle.cells(), limit, again.data(), stats),
                count);
      if (count == 0) continue;
      EXPECT_EQ(again, solution) << context;
      Grid grid(puzzle.geometry_ptr());
      for (int cell = 0; cell < grid.cell_count(); ++cell)
        grid.set(cell, solution[static_cast<std::size_t>(cell)]);
      EXPECT_TRUE(is_solution_of(grid, puzzle)) << context << " (" << kernel.name << ")";
      if (expected.count == 1) {
        EXPECT_EQ(grid, *expected.first_solution) << context;
      }
    }
  }
  EXPECT_TRUE(some_kernel) << context;
  return expected.count;
}

struct KillerShape {
  int size;
  int puzzles;
  int most_blanks;  // where the plain reference stays fast
  CageShape cages;
};

class KillerKernel : public ::testing::TestWithParam<KillerShape> {};

TEST_P(KillerKernel, AgreesWithTheReferenceOnRandomLayouts) {
  const KillerShape shape = GetParam();
  Rng rng(derive_seed(0x4b111e7, static_cast<std::uint64_t>(shape.size)));
  std::array<int, kMostSolutionsCompared + 1> seen{};
  for (int i = 0; i < shape.puzzles; ++i) {
    // A third of the layouts lose up to a third of their cages (partial covers, often ambiguous).
    const int drop = rng.below(3) == 0 ? 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                                 shape.size * shape.size / (3 * shape.cages.largest))))
                                       : 0;
    KillerCase killer = random_case(shape.size, rng, shape.cages, drop);
    if (rng.below(6) == 0) {  // a wrong sum that stays reachable: usually no solution left
      Cage& cage = killer.cages[rng.below(static_cast<std::uint32_t>(killer.cages.size()))];
      const int count = static_cast<int>(cage.cells.size());
      const int shifted = cage.sum + (rng.below(2) == 0 ? 1 : -1);
      if (shifted >= smallest_cage_sum(count) && shifted <= largest_cage_sum(shape.size, count))
        cage.sum = shifted;
    }
    // A quarter: two values a, b swapped anywhere give another solution once the cages holding
    // only one of them are gone and their cells are blank (ambiguous by construction).
    std::vector<int> swapped;
    if (rng.below(4) == 0) {
      const int a = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.size)));
      const int b =
          1 + (a + static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.size - 1)))) % shape.size;
      std::erase_if(killer.cages, [&](const Cage& cage) {
        const auto holds = [&](int v) {
          return std::any_of(cage.cells.begin(), cage.cells.end(),
                             [&](int cell) { return killer.solution[cell] == v; });
        };
        return holds(a) != holds(b);
      });
      for (int cell = 0; cell < killer.solution.cell_count(); ++cell)
        if (killer.solution[cell] == a || killer.solution[cell] == b) swapped.push_back(cell);
    }
    const auto geometry = Geometry::killer(killer.cages, Geometry::standard(shape.size));
    Grid puzzle(geometry);
    std::vector<int> order(static_cast<std::size_t>(puzzle.cell_count()));
    std::iota(order.begin(), order.end(), 0);
    rng.shuffle(order.begin(), order.end());
    const int blanks = static_cast<int>(rng.below(static_cast<std::uint32_t>(shape.most_blanks + 1)));
    for (std::size_t k = static_cast<std::size_t>(blanks); k < order.size(); ++k)
      puzzle.set(order[k], killer.solution[order[k]]);
    for (int cell : swapped) puzzle.clear(cell);
    const std::string context = geometry->describe() + " case " + std::to_string(i) + " " + to_line(puzzle) +
                                " " + std::to_string(drop);
    ++seen[static_cast<std::size_t>(expect_matches_reference(puzzle, context))];
    if (HasFailure()) return;
  }
  EXPECT_GT(seen[0], 0);
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[kMostSolutionsCompared], 0);
}

std::string shape_name(const ::testing::TestParamInfo<KillerShape>& info) {
  return std::to_string(info.param.size) + "x" + std::to_string(info.param.size) + "_cages_" +
         std::to_string(info.param.cages.smallest) + "_" + std::to_string(info.param.cages.largest);
}

INSTANTIATE_TEST_SUITE_P(Layouts, KillerKernel,
                         ::testing::Values(KillerShape{4, 600, 16, {1, 4}}, KillerShape{6, 400, 36, {2, 5}},
                                           KillerShape{9, 300, 45, {2, 5}}, KillerShape{9, 300, 40, {1, 3}},
                                           KillerShape{9, 100, 30, {4, 7}}),
                         shape_name);

// Killer boards on variant bases (diagonals, windows, ...): the extra units take part in the
// kernel's hidden singles, innie groups and claims, checked against the reference (which knows every
// unit and every cage). Partial covers and blanks make unique and ambiguous puzzles alike.
TEST(KillerKernel, AgreesWithTheReferenceOnVariantBases) {
  Rng rng(0xba5e5);
  for (const Variant variant : {Variant::x, Variant::windoku, Variant::asterisk, Variant::centre_dot}) {
    const auto base = Geometry::variant(variant);
    std::array<int, kMostSolutionsCompared + 1> seen{};
    for (int i = 0; i < 60; ++i) {
      const Grid solution = random_solution_grid(base, rng);
      std::vector<Cage> cages = random_cages(solution, rng, {2, 5});
      const int drop = rng.below(2) == 0 ? 6 + static_cast<int>(rng.below(10)) : 0;
      for (int d = 0; d < drop && cages.size() > 1; ++d)
        cages.erase(cages.begin() + rng.below(static_cast<std::uint32_t>(cages.size())));
      Grid puzzle(Geometry::killer(cages, base));
      std::vector<int> order(static_cast<std::size_t>(puzzle.cell_count()));
      std::iota(order.begin(), order.end(), 0);
      rng.shuffle(order.begin(), order.end());
      const std::size_t blanks = 40 + rng.below(16);
      for (std::size_t k = blanks; k < order.size(); ++k) puzzle.set(order[k], solution[order[k]]);
      const std::string context = puzzle.geometry().describe() + " case " + std::to_string(i);
      ++seen[static_cast<std::size_t>(expect_matches_reference(puzzle, context))];
      if (HasFailure()) return;
    }
    EXPECT_GT(seen[1], 0) << variant_name(variant);
    EXPECT_GT(seen[2] + seen[kMostSolutionsCompared], 0) << variant_name(variant);  // ambiguous ones
  }
}

// Newspaper Killer puzzles: whole cover, no givens, where the plain reference is too slow. Every
// other solution differs from the grid the cages were cut from in some cell, so the count is
// checked against 81 x 8 counts with one given each: another value in a cell that still solves
// means a second solution, and a unique count must find none.
TEST(KillerKernel, CountsFullCoversWithoutGivens) {
  Rng rng(0xf011);
  std::array<int, 3> seen{};
  for (int i = 0; i < 12; ++i) {
    const KillerCase killer = random_case(9, rng, i % 2 == 0 ? CageShape{1, 3} : CageShape{2, 4}, 0);
    const auto geometry = Geometry::killer(killer.cages);
    const Grid empty(geometry);
    const SolutionCount result = count_solutions(empty, 2);
    ASSERT_GE(result.count, 1) << i;  // the grid it was cut from solves it
    ASSERT_TRUE(is_solution_of(*result.solution, empty));
    bool other_solution = !std::ranges::equal(result.solution->cells(), killer.solution.cells());
    for (int cell = 0; cell < 81 && !other_solution; ++cell) {
      for (int value = 1; value <= 9 && !other_solution; ++value) {
        if (value == killer.solution[cell]) continue;
        Grid one_given = empty;
        one_given.set(cell, value);
        other_solution = count_solutions(one_given, 1).count == 1;
      }
    }
    EXPECT_EQ(result.count == 2, other_solution) << i;
    ++seen[static_cast<std::size_t>(result.count)];
  }
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[2], 0);
}

// A Killer puzzle moved by a transform of its board (no relabelling): givens by apply(), cages cell
// by cell the same way.
Grid moved_killer(const Grid& puzzle, const Transform& transform) {
  const Geometry& geometry = puzzle.geometry();
  const Grid givens = apply(transform, on_geometry(puzzle, Geometry::standard(geometry.size())));
  std::vector<int> image_of(static_cast<std::size_t>(geometry.cell_count()));
  for (int r = 0; r < geometry.size(); ++r) {
    for (int c = 0; c < geometry.size(); ++c) {
      const int a = transform.row_of[static_cast<std::size_t>(r)];
      const int b = transform.col_of[static_cast<std::size_t>(c)];
      image_of[static_cast<std::size_t>(
          transform.transpose ? geometry.cell_at(b, a) : geometry.cell_at(a, b))] = geometry.cell_at(r, c);
    }
  }
  std::vector<Cage> cages = geometry.cages();
  for (Cage& cage : cages)
    for (int& cell : cage.cells) cell = image_of[static_cast<std::size_t>(cell)];
  return on_geometry(givens, Geometry::killer(cages, Geometry::standard(geometry.size())));
}

// Canonical form: every symmetry of the square applied to a puzzle gets its key; the canonical grid is the
// input moved by the transform reported; a changed sum or given changes the key.
TEST(KillerCanonical, KeyIsInvariantUnderTheBoardsMoves) {
  Rng rng(0xca11);
  for (int i = 0; i < 12; ++i) {
    const int size = std::array{4, 6, 9}[static_cast<std::size_t>(i % 3)];
    KillerCase killer = random_case(size, rng, {2, 4}, i % 2);
    Grid puzzle(Geometry::killer(killer.cages, Geometry::standard(size)));
    for (int cell = i; cell < puzzle.cell_count(); cell += 11) puzzle.set(cell, killer.solution[cell]);
    const CanonicalForm form = canonical_form(puzzle);
    ASSERT_TRUE(form.exact);
    EXPECT_EQ(form.key, to_killer_line(form.grid));
    EXPECT_EQ(to_killer_line(moved_killer(puzzle, form.transform)), form.key) << i;
    for (int t = 0; t < 3; ++t) {
      // One of the eight symmetries of the square (transposition: square boxes only).
      Transform transform = Transform::identity(puzzle.geometry());
      if (rng.below(2) == 0) std::reverse(transform.row_of.begin(), transform.row_of.begin() + size);
      if (rng.below(2) == 0) std::reverse(transform.col_of.begin(), transform.col_of.begin() + size);
      transform.transpose = size != 6 && rng.below(2) == 0;
      const Grid moved = moved_killer(puzzle, transform);
      EXPECT_EQ(canonical_form(moved).key, form.key) << i << " " << t;
    }
    std::vector<Cage> other = killer.cages;
    for (Cage& cage : other) {  // the first cage whose sum can move by one
      const int count = static_cast<int>(cage.cells.size());
      if (smallest_cage_sum(count) == largest_cage_sum(size, count)) continue;
      cage.sum += cage.sum > smallest_cage_sum(count) ? -1 : 1;
      break;
    }
    const Grid changed = on_geometry(puzzle, Geometry::killer(other, Geometry::standard(size)));
    EXPECT_NE(canonical_form(changed).key, form.key) << i;
  }
}

// The paper's call count with cage sums in the AC step: one-cell cages are givens in disguise, so AC
// alone solves a board of them (one call); a cage's sum that no assignment makes is a wipe-out at
// the root; runs on random layouts with givens reach a solution of the puzzle.
TEST(KillerCallCount, CagesTakePartInArcConsistency) {
  Rng rng(0xacca);
  const Grid solution = random_solution_grid(Geometry::standard(9), rng);
  std::vector<Cage> singles;
  for (int cell = 0; cell < 81; ++cell) singles.push_back({solution[cell], {cell}});
  CallCountOptions options;
  options.runs = 3;
  const CallCountRating all_singles = rate_call_count(Grid(Geometry::killer(singles)), options);
  EXPECT_EQ(all_singles.total_calls, 3u);
  EXPECT_EQ(all_singles.solved_runs, 3);
  // Two cells of a row in a cage of sum 3 and a given 1 elsewhere in the row: 1+2 is impossible.
  Grid broken(Geometry::killer({{3, {0, 1}}}));
  broken.set(5, 1);
  EXPECT_EQ(rate_call_count(broken, options).solved_runs, 0);
  for (int i = 0; i < 10; ++i) {
    KillerCase killer = random_case(9, rng, {2, 4}, 0);
    Grid puzzle(Geometry::killer(killer.cages));
    for (int cell = i; cell < 81; cell += 3) puzzle.set(cell, killer.solution[cell]);
    const CallCountRating rating = rate_call_count(puzzle, options);
    EXPECT_EQ(rating.solved_runs, 3) << i;
    EXPECT_EQ(rating.capped_runs, 0) << i;
  }
}

TEST(KillerKernel, KernelTableSendsCagesToTheKillerKernel) {
  Rng rng(3);
  const KillerCase killer = random_case(9, rng, {}, 0);
  EXPECT_EQ(kernel_for(*Geometry::killer(killer.cages)).name, "killer");
  EXPECT_EQ(kernel_for(*Geometry::standard(9)).name, "bitboard9");
}

}  // namespace
}  // namespace sudoku
