// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/canonical.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <functional>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "reference_solver.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::load_corpus;
using testing::pattern_solution;

// A shuffled solution with each cell kept with probability percent/100.
Grid random_puzzle(std::shared_ptr<const Geometry> geometry, int percent, Rng& rng) {
  Grid puzzle = apply(random_transform(*geometry, rng), pattern_solution(geometry));
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    if (static_cast<int>(rng.below(100)) >= percent) puzzle.clear(cell);
  return puzzle;
}

// Cells filled with values drawn from a few, conflicts and all: canonical forms must not assume
// a valid puzzle.
Grid random_junk(std::shared_ptr<const Geometry> geometry, int percent, Rng& rng) {
  Grid junk(geometry);
  for (int cell = 0; cell < junk.cell_count(); ++cell)
    if (static_cast<int>(rng.below(100)) < percent) junk.set(cell, 1 + static_cast<int>(rng.below(3)));
  return junk;
}

// Every block-respecting permutation of `size` indices in blocks of `block`.
std::vector<std::vector<int>> block_permutations(int size, int block) {
  std::vector<int> block_order(static_cast<std::size_t>(size / block));
  for (std::size_t b = 0; b < block_order.size(); ++b) block_order[b] = static_cast<int>(b);
  std::vector<int> within(static_cast<std::size_t>(block));
  std::vector<std::vector<int>> inner;
  for (std::size_t i = 0; i < within.size(); ++i) within[i] = static_cast<int>(i);
  do inner.push_back(within);
  while (std::next_permutation(within.begin(), within.end()));

  std::vector<std::vector<int>> result;
  do {
    // One choice of inner permutation per block, as a mixed-radix counter.
    std::vector<std::size_t> pick(block_order.size(), 0);
    while (true) {
      std::vector<int> line;
      for (std::size_t b = 0; b < block_order.size(); ++b)
        for (int offset : inner[pick[b]]) line.push_back(block_order[b] * block + offset);
      result.push_back(line);
      std::size_t digit = 0;
      while (digit < pick.size() && ++pick[digit] == inner.size()) pick[digit++] = 0;
      if (digit == pick.size()) break;
    }
  } while (std::next_permutation(block_order.begin(), block_order.end()));
  return result;
}

// The definition itself: the least first-appearance relabelling over every row/column map.
std::string brute_force_key(const Grid& puzzle) {
  const Geometry& geometry = puzzle.geometry();
  const int n = geometry.size();
  const auto row_maps = block_permutations(n, geometry.box_rows());
  const auto col_maps = block_permutations(n, geometry.box_cols());
  const int orientations = geometry.box_rows() == geometry.box_cols() ? 2 : 1;
  std::string best;
  std::string candidate(static_cast<std::size_t>(n * n), '.');
  for (int orientation = 0; orientation < orientations; ++orientation) {
    for (const auto& rows : row_maps) {
      for (const auto& cols : col_maps) {
        std::array<int, kMaxSize + 1> label{};
        int next = 1;
        bool less = best.empty();
        bool greater = false;
        for (int cell = 0; cell < n * n && !greater; ++cell) {
          const int from_row = rows[static_cast<std::size_t>(cell / n)];
          const int from_col = cols[static_cast<std::size_t>(cell % n)];
          const int value = orientation == 1 ? puzzle.at(from_col, from_row) : puzzle.at(from_row, from_col);
          auto& value_label = label[static_cast<std::size_t>(value)];
          if (value != 0 && value_label == 0) value_label = next++;
          // value_symbol ranks as the order wants: '.' < '1' < ... < '9' < 'A' < ... < 'P'.
          const char symbol = value_symbol(value_label);
          candidate[static_cast<std::size_t>(cell)] = symbol;
          if (!less) {  // stop as soon as this map cannot beat the best (a pure speed-up)
            less = symbol < best[static_cast<std::size_t>(cell)];
            greater = symbol > best[static_cast<std::size_t>(cell)];
          }
        }
        if (less) best = candidate;
      }
    }
  }
  return best;
}

// The properties every canonical form must have.
void expect_sound(const Grid& puzzle, const CanonicalForm& form) {
  ASSERT_EQ(form.grid.geometry_ptr(), puzzle.geometry_ptr());
  EXPECT_TRUE(is_valid(form.transform, puzzle.geometry()));
  EXPECT_EQ(apply(form.transform, puzzle), form.grid) << to_line(puzzle);
  EXPECT_EQ(form.key, to_line(form.grid));
  EXPECT_EQ(form.grid.givens(), puzzle.givens());
  const CanonicalForm again = canonical_form(form.grid);
  EXPECT_EQ(again.key, form.key) << "canonical of canonical moved: " << to_line(puzzle);
  EXPECT_EQ(again.grid, form.grid);
}

// Random transforms of each puzzle keep its key; `transforms_each` per puzzle.
void expect_invariant(const std::vector<Grid>& puzzles, int transforms_each, std::uint64_t seed) {
  Rng rng(seed);
  for (const Grid& puzzle : puzzles) {
    const CanonicalForm form = canonical_form(puzzle);
    expect_sound(puzzle, form);
    EXPECT_TRUE(form.exact) << to_line(puzzle);
    for (int i = 0; i < transforms_each; ++i) {
      const Grid moved = apply(random_transform(puzzle.geometry(), rng), puzzle);
      ASSERT_EQ(canonical_key(moved), form.key) << to_line(puzzle) << " moved to " << to_line(moved);
    }
  }
}

Grid from_line(const std::string& line) {
  return parse_puzzle(line);
}

TEST(Canonical, EmptyGridIsAllBlanks) {
  for (int size : Geometry::supported_sizes()) {
    const Grid empty(Geometry::standard(size));
    const CanonicalForm form = canonical_form(empty);
    EXPECT_EQ(form.key, std::string(static_cast<std::size_t>(size * size), '.'));
    expect_sound(empty, form);
  }
}

TEST(Canonical, SingleGivenMovesToTheLastCellAsOne) {
  for (int size : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(size);
    for (int cell : {0, size + 1, size * size / 2, size * size - 1}) {
      Grid puzzle(geometry);
      puzzle.set(cell, size);
      std::string expected(static_cast<std::size_t>(size * size - 1), '.');
      expected += '1';
      EXPECT_EQ(canonical_key(puzzle), expected);
    }
  }
}

TEST(Canonical, KnownMinlexOfASolutionGrid) {
  // Every 9x9 solution grid's minlex starts with 123456789 then 456789123 or 456789132 and so on;
  // this one is its own minlex (checked against the brute force below).
  const Grid solution =
      from_line("123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  const CanonicalForm form = canonical_form(solution);
  EXPECT_EQ(form.key.substr(0, 9), "123456789");
  expect_sound(solution, form);
}

TEST(Canonical, AgreesWithBruteForceOn4x4And6x6) {
  Rng rng(4466);
  for (int size : {4, 6}) {
    const auto geometry = Geometry::standard(size);
    for (int i = 0; i < 120; ++i) {
      const int percent = static_cast<int>(rng.below(101));
      const Grid puzzle =
          i % 4 == 3 ? random_junk(geometry, percent, rng) : random_puzzle(geometry, percent, rng);
      const CanonicalForm form = canonical_form(puzzle);
      ASSERT_EQ(form.key, brute_force_key(puzzle)) << to_line(puzzle);
      expect_sound(puzzle, form);
    }
  }
}

TEST(Canonical, AgreesWithBruteForceOnHard9x9Cases) {
  // The whole group is 3,359,232 maps: affordable for a handful of puzzles chosen to stress the
  // search (empty, one given, complete, highly symmetric, sparse, dense, conflicting).
  const std::vector<std::string> lines = {
      ".................................................................................",
      "....................................5............................................",
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
      "1...........1...........1..1...........1...........1..1...........1...........1..",
      ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
      "1234.6789456789123789123456214365897365897214897214365531642978642978531978.3.642",
      "11.......1.1.............................................2.2.......2.............",
  };
  for (const auto& line : lines) {
    const Grid puzzle = from_line(line);
    EXPECT_EQ(canonical_key(puzzle), brute_force_key(puzzle)) << line;
  }
}

TEST(Canonical, InvariantOnTop95) {
  expect_invariant(load_corpus(corpus_path("top95.txt")), 10, 1);
}

TEST(Canonical, InvariantOn17ClueSample) {
  expect_invariant(load_corpus(corpus_path("17-clue.txt"), 1000), 5, 2);
}

TEST(Canonical, InvariantOnSeRatedSample) {
  expect_invariant(load_corpus(corpus_path("se-rated.txt"), 1000), 5, 3);
}

TEST(Canonical, InvariantOnInvalidAndMultiSolutionPuzzles) {
  expect_invariant(load_corpus(corpus_path("serg-benchmark-multi.txt"), 100), 5, 4);
  Rng rng(44);
  std::vector<Grid> junk;
  for (int i = 0; i < 60; ++i) junk.push_back(random_junk(Geometry::standard(9), 5 + i, rng));
  expect_invariant(junk, 5, 5);
}

TEST(Canonical, InvariantOnLargeGrids) {
  expect_invariant(load_corpus(corpus_path("gecode-16x16.txt")), 5, 6);
  expect_invariant(load_corpus(corpus_path("gecode-25x25.txt")), 3, 7);
}

TEST(Canonical, InvariantOnRandomGridsOfEverySize) {
  Rng rng(8);
  for (int size : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(size);
    std::vector<Grid> puzzles;
    for (int percent = 0; percent <= 100; percent += 10) {
      // The complete 25x25 pattern grid is too symmetric for the exact search (see below).
      puzzles.push_back(random_puzzle(geometry, size == 25 ? std::min(percent, 97) : percent, rng));
      puzzles.push_back(random_puzzle(geometry, std::max(1, percent / 3), rng));
    }
    expect_invariant(puzzles, 4, static_cast<std::uint64_t>(size));
  }
}

TEST(Canonical, SymmetricPuzzlesAreHandled) {
  // Puzzles with many automorphisms make many search paths tie to the end.
  const std::vector<std::string> lines = {
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
      "1...........1...........1..1...........1...........1..1...........1...........1..",
      "1.......2........................................................................",
      "12.......34......................................................................",
      "1...2...3...4...5...6...7...8...9...1...2...3...4...5...6...7...8...9...1...2...3",
  };
  std::vector<Grid> puzzles;
  for (const auto& line : lines) puzzles.push_back(from_line(line));
  expect_invariant(puzzles, 20, 9);
}

TEST(Canonical, EquivalentPuzzlesKeepTheirSolutions) {
  // Small grids: the reference solver counts every solution of the puzzle and of its canonical
  // grid, and the canonical transform carries one solution onto the other.
  Rng rng(10);
  for (int size : {4, 6}) {
    for (int i = 0; i < 40; ++i) {
      const Grid puzzle = random_puzzle(Geometry::standard(size), 20 + static_cast<int>(rng.below(40)), rng);
      const CanonicalForm form = canonical_form(puzzle);
      const auto original = testing::reference_count_solutions(puzzle, 1000);
      const auto image = testing::reference_count_solutions(form.grid, 1000);
      EXPECT_EQ(original.count, image.count) << to_line(puzzle);
      ASSERT_TRUE(original.first_solution.has_value());
      EXPECT_TRUE(is_solution_of(apply(form.transform, *original.first_solution), form.grid));
    }
  }
  // Easy 9x9 puzzles with a unique solution: the mapped solution solves the canonical grid, which
  // is unique too.
  for (const Grid& puzzle : load_corpus(corpus_path("se-rated.txt"), 10)) {
    const auto original = testing::reference_count_solutions(puzzle, 2);
    ASSERT_EQ(original.count, 1) << to_line(puzzle);
    const CanonicalForm form = canonical_form(puzzle);
    const auto image = testing::reference_count_solutions(form.grid, 2);
    EXPECT_EQ(image.count, 1);
    ASSERT_TRUE(image.first_solution.has_value());
    EXPECT_EQ(*image.first_solution, apply(form.transform, *original.first_solution));
  }
}

TEST(Canonical, DifferentPuzzlesGetDifferentKeys) {
  // Royle's 17-clue list holds pairwise inequivalent puzzles.
  const auto puzzles = load_corpus(corpus_path("17-clue.txt"), 5000);
  std::set<std::string> keys;
  for (const Grid& puzzle : puzzles) keys.insert(canonical_key(puzzle));
  EXPECT_EQ(keys.size(), puzzles.size());

  // One given moved one column over.
  const Grid a =
      from_line(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
  const Grid b =
      from_line("................1......2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
  EXPECT_NE(canonical_key(a), canonical_key(b));
}

TEST(Canonical, IsDeterministic) {
  for (const Grid& puzzle : load_corpus(corpus_path("top95.txt"), 20)) {
    const CanonicalForm first = canonical_form(puzzle);
    const CanonicalForm second = canonical_form(puzzle);
    EXPECT_EQ(first.key, second.key);
    EXPECT_EQ(first.transform.row_of, second.transform.row_of);
    EXPECT_EQ(first.transform.col_of, second.transform.col_of);
    EXPECT_EQ(first.transform.relabel, second.transform.relabel);
    EXPECT_EQ(first.transform.transpose, second.transform.transpose);
  }
}

TEST(Canonical, CompleteGridsOfEverySizeAreExact) {
  // Complete grids are the hardest case of the search: a complete first row ties on every order.
  Rng rng(12);
  for (int size : {9, 12, 16}) {
    const auto geometry = Geometry::standard(size);
    const Grid solution = apply(random_transform(*geometry, rng), pattern_solution(geometry));
    const auto started = std::chrono::steady_clock::now();
    expect_invariant({solution}, 3, static_cast<std::uint64_t>(size));
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));
  }
}

TEST(Canonical, MostSymmetricCompleteGridsAreExact) {
  // The shifted-pattern grids have the most automorphisms: every one of them makes search paths
  // tie to the end.
  Rng rng(13);
  for (int size : Geometry::supported_sizes()) {
    const auto geometry = Geometry::standard(size);
    const Grid solution = apply(random_transform(*geometry, rng), pattern_solution(geometry));
    const CanonicalForm form = canonical_form(solution);
    EXPECT_TRUE(form.exact) << size;
    EXPECT_EQ(canonical_key(apply(random_transform(*geometry, rng), solution)), form.key);
  }
}

TEST(Canonical, ExhaustedBudgetFallsBackToAPositionalForm) {
  // A complete 16x16 grid ties on 768 states after its first row, so a budget of 500 runs out
  // whatever the arrangement. The form is then minimal over row and column moves with values in a
  // fixed order: still an equivalent grid, still invariant under those moves.
  const auto geometry = Geometry::standard(16);
  Rng rng(11);
  const Grid solution = apply(random_transform(*geometry, rng), pattern_solution(geometry));
  const CanonicalForm form = canonical_form_with_budget(solution, 500);
  EXPECT_FALSE(form.exact);
  EXPECT_EQ(apply(form.transform, solution), form.grid);
  EXPECT_EQ(form.key, to_line(form.grid));
  EXPECT_FALSE(find_conflict(form.grid));
  for (int i = 0; i < 3; ++i) {
    Transform move = random_transform(*geometry, rng);
    move.relabel = Transform::identity(*geometry).relabel;
    const CanonicalForm moved = canonical_form_with_budget(apply(move, solution), 500);
    EXPECT_FALSE(moved.exact);
    EXPECT_EQ(moved.key, form.key);
  }
  EXPECT_TRUE(canonical_form_with_budget(solution, 0).exact);
}

// Throughput figures for docs/canonical-form.md (Release build):
//   build-canon/tests/canonical_test --gtest_also_run_disabled_tests --gtest_filter='*Throughput*'
TEST(Canonical, DISABLED_Throughput) {
  struct Corpus {
    const char* name;
    std::size_t limit;
  };
  for (const Corpus corpus :
       {Corpus{"top1465.txt", 0}, Corpus{"17-clue.txt", 10000}, Corpus{"se-rated.txt", 5000},
        Corpus{"gecode-16x16.txt", 0}, Corpus{"gecode-25x25.txt", 0}}) {
    const auto puzzles = load_corpus(corpus_path(corpus.name), corpus.limit);
    double best_seconds = 1e9;
    std::size_t checksum = 0;
    for (int repeat = 0; repeat < 3; ++repeat) {
      const auto started = std::chrono::steady_clock::now();
      for (const Grid& puzzle : puzzles) checksum += canonical_form(puzzle).key.size();
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
      best_seconds = std::min(best_seconds, elapsed.count());
    }
    std::cout << corpus.name << ": " << puzzles.size() << " puzzles, best of 3: " << best_seconds << " s, "
              << static_cast<double>(puzzles.size()) / best_seconds << " puzzles/s (checksum " << checksum
              << ")\n";
  }
}

// A random puzzle of a variant board: a random solution with about half its cells cleared.
Grid random_variant_puzzle(const std::shared_ptr<const Geometry>& geometry, Rng& rng) {
  Grid puzzle = random_solution_grid(geometry, rng);
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    if (rng.below(2) == 0) puzzle.clear(cell);
  return puzzle;
}

TEST(CanonicalVariants, InvariantUnderTheVariantsGroupAndSound) {
  for (const auto& [name, geometry] : testing::variant_boards()) {
    Rng rng(derive_seed(0xca9, static_cast<std::uint64_t>(geometry->cell_count()), name.size()));
    for (int i = 0; i < 20; ++i) {
      const Grid puzzle = random_variant_puzzle(geometry, rng);
      const CanonicalForm form = canonical_form(puzzle);
      EXPECT_TRUE(form.exact) << name;
      EXPECT_EQ(form.key.rfind(std::string(variant_name(geometry->variant())) + " ", 0), 0U) << form.key;
      const Grid image = apply(form.transform, puzzle);
      EXPECT_EQ(to_line(image), to_line(form.grid)) << name;
      EXPECT_EQ(regions_line(image.geometry()), regions_line(form.grid.geometry())) << name;
      // canonical(transform(p)) == canonical(p) for the variant's own group ...
      for (int k = 0; k < 5; ++k)
        EXPECT_EQ(canonical_key(apply(random_transform(*geometry, rng), puzzle)), form.key) << name;
      // ... and for a jigsaw board, for every symmetry of the square (the layout moves along).
      if (!geometry->has_regular_boxes()) {
        for (const Transform& map : square_symmetries(geometry->size()))
          EXPECT_EQ(canonical_key(apply(map, puzzle)), form.key) << name;
      }
    }
  }
}

TEST(CanonicalVariants, KeysTellVariantsAndLayoutsApart) {
  const auto boards = testing::variant_boards();
  Rng rng(11);
  const Grid x_solution = random_solution_grid(Geometry::variant(Variant::x), rng);
  Grid as_classic(Geometry::standard(9));
  for (int cell = 0; cell < 81; ++cell) as_classic.set(cell, x_solution[cell]);
  EXPECT_NE(canonical_key(as_classic), canonical_key(x_solution));
  // The same givens on two layouts are two puzzles.
  const Grid jigsaw = random_variant_puzzle(boards[7].geometry, rng);
  Grid other_layout(boards[8].geometry);
  for (int cell = 0; cell < 81; ++cell) other_layout.set(cell, jigsaw[cell]);
  EXPECT_NE(canonical_key(jigsaw), canonical_key(other_layout));
  // X above 9x9 is searched over the square's symmetries only, and says so.
  EXPECT_FALSE(canonical_form(Grid(Geometry::variant(Variant::x, 16))).exact);
}

}  // namespace
}  // namespace sudoku
