// SPDX-License-Identifier: Apache-2.0
#include "sudoku/technique/technique_grader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <numeric>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine.hpp"  // white box: the chain length bonus
#include "sudoku/base/errors.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::load_corpus;
using testing::pattern_solution;
using testing::run_command;
using testing::test_data;
using testing::tool_path;

Grid solution_of(const Grid& puzzle) {
  const SolutionCount count = count_solutions(puzzle, 2);
  EXPECT_EQ(count.count, 1) << to_line(puzzle);
  return count.count >= 1 ? *count.solution : puzzle;
}

// Every placement of the path agrees with the solution and no elimination removes a solution value.
void expect_sound(const Grid& puzzle, const TechniqueGrade& grade, const Grid& solution) {
  for (const TechniqueStep& step : grade.steps) {
    for (const CellValue& placed : step.placements)
      ASSERT_EQ(solution[placed.cell], placed.value)
          << to_line(puzzle) << ": " << format_step(puzzle.geometry(), step);
    for (const CellValue& gone : step.eliminations)
      ASSERT_NE(solution[gone.cell], gone.value)
          << to_line(puzzle) << ": " << format_step(puzzle.geometry(), step);
  }
}

TechniqueGrade explained(const Grid& puzzle, TechniqueOptions options = {}) {
  options.explain = true;
  return grade_techniques(puzzle, options);
}

// ---- one test per technique: a position where it is the easiest step ----

struct LadderCase {
  std::string puzzle;
  std::string technique;  // id
};

std::vector<LadderCase> ladder_cases() {
  std::ifstream in(test_data("techniques/ladder.txt"));
  std::vector<LadderCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    LadderCase one;
    fields >> one.puzzle >> one.technique;
    cases.push_back(one);
  }
  return cases;
}

void PrintTo(const LadderCase& one, std::ostream* out) {
  *out << one.technique << " " << one.puzzle;
}

class LadderStep : public ::testing::TestWithParam<LadderCase> {};

// Steps are only ever taken when nothing easier is available, so a path containing a step of the
// technique shows it as the easiest step of that position; the whole path must stay sound. The
// fixtures were chosen on the invariant order's path (its batching and chain-family shortcut can
// take a step SE's one-at-a-time path never meets, e.g. the xy-chain fixture); SE's path must be
// sound as well.
TEST_P(LadderStep, AppearsOnTheEasiestFirstPathAndIsSound) {
  const LadderCase& one = GetParam();
  const auto technique = parse_technique_id(one.technique);
  ASSERT_TRUE(technique) << one.technique;
  const Grid puzzle = parse_puzzle(one.puzzle);
  const TechniqueGrade se_path = explained(puzzle);
  EXPECT_TRUE(se_path.solved()) << describe_hardest(se_path);
  expect_sound(puzzle, se_path, solution_of(puzzle));
  TechniqueOptions invariant;
  invariant.order = ChainOrder::invariant;
  const TechniqueGrade grade = explained(puzzle, invariant);
  EXPECT_TRUE(grade.solved()) << describe_hardest(grade);
  const auto found = std::find_if(grade.steps.begin(), grade.steps.end(),
                                  [&](const TechniqueStep& step) { return step.technique == *technique; });
  ASSERT_NE(found, grade.steps.end()) << one.technique << " missing from the path of " << one.puzzle;
  EXPECT_GE(found->score, technique_base_score(*technique) - 1e-9);
  EXPECT_FALSE(found->placements.empty() && found->eliminations.empty());
  EXPECT_FALSE(found->detail.empty());
  expect_sound(puzzle, grade, solution_of(puzzle));
}

INSTANTIATE_TEST_SUITE_P(Techniques, LadderStep, ::testing::ValuesIn(ladder_cases()),
                         [](const ::testing::TestParamInfo<LadderCase>& param) {
                           std::string name = param.param.technique;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(TechniqueGrader, LadderFixturesCoverTheLadder) {
  // Four, five and six strong links are not on the ladder (SE's rungs were off by default when
  // se-rated.txt was rated): StrongLinkChains below builds positions for them.
  std::vector<std::string> covered;
  for (const LadderCase& one : ladder_cases()) covered.push_back(one.technique);
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    if (technique == Technique::four_strong_links || technique == Technique::five_strong_links ||
        technique == Technique::six_strong_links)
      continue;
    if (is_killer_technique(technique)) continue;  // Killer boards: killer_technique_test
    EXPECT_NE(std::find(covered.begin(), covered.end(), technique_id(technique)), covered.end())
        << technique_id(technique);
  }
}

// White box: a 9x9 board where only the digit 1 is restricted, to the given cells (every other
// digit stays everywhere, so it forms no links), and the strong-link stages' steps on it.
std::vector<technique::Step> strong_link_steps(const std::vector<int>& cells, int min_links, int max_links) {
  using namespace technique;
  const auto owner = layout_for<2>(Geometry::standard(9));
  const Layout<2>& layout = *owner;
  Board<2> board;
  EXPECT_TRUE(load_board(layout, Grid(Geometry::standard(9)), board));
  CellSet<2> places;
  for (int cell : cells) places.set(cell);
  for (int cell = 0; cell < 81; ++cell)
    if (!places.test(cell)) board.eliminate(cell, 0);
  SearchContext context;
  context.explain = true;
  std::vector<Step> steps;
  find_strong_link_chains(layout, board, context, min_links, max_links, steps);
  return steps;
}

// The eliminations checked by brute force against the premises: among all sets of 1s with at most
// one per unit and exactly one in every unit with two places (with `grouped`, every unit with two
// to six places: grouped links split those) and in `also_one` (a unit index or -1), none uses an
// eliminated cell (and some exist).
void expect_eliminations_follow(const std::vector<int>& cells, const std::vector<technique::Step>& steps,
                                int also_one = -1, bool grouped = false) {
  const auto owner = technique::layout_for<2>(Geometry::standard(9));
  const technique::Layout<2>& layout = *owner;
  std::vector<int> eliminated;
  for (const technique::Step& step : steps)
    for (const technique::Deduction& gone : step.eliminations) eliminated.push_back(gone.cell);
  int solutions = 0;
  for (std::uint32_t subset = 0; subset < (1U << cells.size()); ++subset) {
    bool valid = true;
    for (std::size_t u = 0; u < layout.unit_cells.size() && valid; ++u) {
      int in_unit = 0;
      int chosen = 0;
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (layout.unit_cells[u].test(cells[i])) {
          ++in_unit;
          chosen += (subset >> i) & 1U ? 1 : 0;
        }
      const bool forced = in_unit == 2 || (grouped && in_unit >= 2 && in_unit <= 6);
      valid = chosen <= 1 && ((!forced && static_cast<int>(u) != also_one) || chosen == 1);
    }
    if (!valid) continue;
    ++solutions;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (((subset >> i) & 1U) == 0) continue;
      EXPECT_EQ(std::find(eliminated.begin(), eliminated.end(), cells[i]), eliminated.end())
          << "r" << cells[i] / 9 + 1 << "c" << cells[i] % 9 + 1;
    }
  }
  EXPECT_GT(solutions, 0);
}

// Built to hold a single-digit chain of exactly `links` strong links and no shorter one.
void expect_strong_link_chain(const std::vector<int>& cells, int links, Technique technique) {
  const std::vector<technique::Step> steps = strong_link_steps(cells, 2, 6);
  ASSERT_FALSE(steps.empty());
  for (const technique::Step& step : steps) {
    EXPECT_EQ(step.technique, technique) << step.detail;
    EXPECT_GE(step.score, technique_base_score(technique) - 1e-9);
    EXPECT_NE(step.detail.find(std::to_string(links) + " strong links on 1"), std::string::npos)
        << step.detail;
  }
  expect_eliminations_follow(cells, steps);
}

// White box: the lower stages keep what they found from board to board in the SearchContext
// (strong-link chains and X-/Y-cycles per digit, unique loops per pair, barren ALS sets, aligned
// pairs and triplets after a barren search). On a run of boards that each lose a few candidates
// (seeded, cells keeping two or more), every one of those searches with the kept context must
// report exactly what it reports with a fresh one.
TEST(TechniqueGrader, StagesKeptAcrossBoardsMatchAFreshSearch) {
  using namespace technique;
  const auto owner = layout_for<2>(Geometry::standard(9));
  const Layout<2>& layout = *owner;
  using Search = void (*)(const Layout<2>&, const Board<2>&, SearchContext&, std::vector<Step>&);
  const std::vector<std::pair<const char*, Search>> searches = {
      {"two strong links", [](const Layout<2>& l, const Board<2>& b, SearchContext& c,
                              std::vector<Step>& o) { find_strong_link_chains(l, b, c, 2, 2, o); }},
      {"three strong links", [](const Layout<2>& l, const Board<2>& b, SearchContext& c,
                                std::vector<Step>& o) { find_strong_link_chains(l, b, c, 3, 3, o); }},
      {"unique rectangles and loops", find_unique_rectangles<2>},
      {"WXYZ-wings", [](const Layout<2>& l, const Board<2>& b, SearchContext& c,
                        std::vector<Step>& o) { find_als_wings(l, b, c, 3, o); }},
      {"VWXYZ-wings", [](const Layout<2>& l, const Board<2>& b, SearchContext& c,
                         std::vector<Step>& o) { find_als_wings(l, b, c, 4, o); }},
      {"aligned pairs", find_aligned_pair_exclusion<2>},
      {"chains and cycles", find_chains<2>},
      {"aligned triplets", find_aligned_triplet_exclusion<2>},
  };
  int found_kept = 0;
  const auto compare = [&](const Board<2>& board, SearchContext& kept, const std::string& where) {
    for (const auto& [name, search] : searches) {
      SearchContext fresh;
      fresh.explain = true;
      std::vector<Step> expected;
      std::vector<Step> actual;
      search(layout, board, fresh, expected);
      search(layout, board, kept, actual);
      found_kept += static_cast<int>(actual.size());
      ASSERT_EQ(actual.size(), expected.size()) << name << ", " << where;
      for (std::size_t i = 0; i < actual.size(); ++i) {
        EXPECT_EQ(actual[i].technique, expected[i].technique) << name;
        EXPECT_EQ(actual[i].score, expected[i].score) << name;
        EXPECT_EQ(actual[i].eliminations, expected[i].eliminations) << name << ": " << expected[i].detail;
        EXPECT_EQ(actual[i].placements, expected[i].placements) << name;
        EXPECT_EQ(actual[i].detail, expected[i].detail) << name;
      }
    }
  };
  const auto puzzles = load_corpus(corpus_path("top95.txt"), 24);
  ASSERT_EQ(puzzles.size(), 24U);
  // Boards losing random candidates (one to three a board, from cells of three or more).
  for (std::size_t p = 0; p < puzzles.size(); ++p) {
    Board<2> board;
    ASSERT_TRUE(load_board(layout, puzzles[p], board));
    Rng rng(derive_seed(20, p));
    SearchContext kept;
    kept.explain = true;
    for (int round = 0; round < 24; ++round) {
      compare(board, kept, "puzzle " + std::to_string(p) + ", board " + std::to_string(round));
      std::vector<Deduction> removable;
      board.open.for_each([&](int cell) {
        if (bit_count(board.mask(cell)) < 3) return;
        for (CandidateMask d = board.mask(cell); d != 0; d &= d - 1)
          removable.push_back({cell, std::countr_zero(d)});
      });
      if (removable.empty()) break;
      for (std::uint32_t n = 1 + rng.below(3); n > 0 && !removable.empty(); --n) {
        const std::size_t at = rng.below(static_cast<std::uint32_t>(removable.size()));
        const Deduction gone = removable[at];
        removable.erase(removable.begin() + static_cast<std::ptrdiff_t>(at));
        if (bit_count(board.mask(gone.cell)) >= 3) board.eliminate(gone.cell, gone.digit);
      }
      ++kept.board_version;
    }
  }
  // The boards of SE's path (the grader's own steps, one board each), where most of these
  // searches find nothing and the kept ones skip the most.
  for (std::size_t p = 0; p < 8; ++p) {
    TechniqueOptions options;
    options.explain = true;
    const TechniqueGrade grade = grade_techniques(puzzles[p], options);
    Board<2> board;
    ASSERT_TRUE(load_board(layout, puzzles[p], board));
    SearchContext kept;
    kept.explain = true;
    for (std::size_t i = 0; i < grade.steps.size(); ++i) {
      compare(board, kept, "puzzle " + std::to_string(p) + ", step " + std::to_string(i));
      for (const CellValue& placed : grade.steps[i].placements)
        if (board.values[static_cast<std::size_t>(placed.cell)] == 0)
          board.place(layout, placed.cell, placed.value - 1);
      for (const CellValue& gone : grade.steps[i].eliminations)
        if (board.has(gone.cell, gone.value - 1)) board.eliminate(gone.cell, gone.value - 1);
      ++kept.board_version;
    }
  }
  EXPECT_GT(found_kept, 0);  // the boards hold steps, not only barren searches
}

TEST(StrongLinkChains, FiveLinks) {
  expect_strong_link_chain({2, 3, 21, 26, 29, 37, 45, 55, 58, 77, 80}, 5, Technique::five_strong_links);
}

TEST(StrongLinkChains, SixLinks) {
  expect_strong_link_chain({1, 4, 11, 17, 33, 41, 42, 45, 51, 58, 59, 63, 71}, 6,
                           Technique::six_strong_links);
}

// White box, differential: random WXYZ- and VWXYZ-wing patterns (an almost locked set of 3 or 4
// cells in one unit and a bivalue cell) on a board where every other cell keeps all nine digits,
// so only the pattern constrains. Every elimination the finder makes is checked by brute force:
// no assignment of the pattern's cells (distinct digits in peers) leaves the eliminated digit in
// its cell. The scores follow Sukaku Explainer's formula.
bool assignable(const technique::Layout<2>& layout, const std::vector<int>& cells,
                const std::vector<CandidateMask>& masks, std::vector<int>& digits, std::size_t at) {
  if (at == cells.size()) return true;
  for (CandidateMask rest = masks[at]; rest != 0; rest &= rest - 1) {
    const int digit = std::countr_zero(rest);
    bool clash = false;
    for (std::size_t i = 0; i < at && !clash; ++i)
      clash = digits[i] == digit && layout.peers[static_cast<std::size_t>(cells[i])].test(cells[at]);
    if (clash) continue;
    digits[at] = digit;
    if (assignable(layout, cells, masks, digits, at + 1)) return true;
  }
  return false;
}

TEST(AlsWings, EveryEliminationFollowsFromThePatternByBruteForce) {
  using namespace technique;
  const auto owner = layout_for<2>(Geometry::standard(9));
  const Layout<2>& layout = *owner;
  Rng rng(20261124);
  int found = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int size = 3 + static_cast<int>(rng.below(2));
    Board<2> board;
    ASSERT_TRUE(load_board(layout, Grid(Geometry::standard(9)), board));
    std::vector<int> unit =
        layout.unit_members[rng.below(static_cast<std::uint32_t>(layout.unit_members.size()))];
    rng.shuffle(unit.begin(), unit.end());
    std::vector<int> digits{0, 1, 2, 3, 4, 5, 6, 7, 8};
    rng.shuffle(digits.begin(), digits.end());
    CandidateMask together = 0;
    for (int i = 0; i <= size; ++i) together |= bit_of(digits[static_cast<std::size_t>(i)]);
    std::vector<int> cells(unit.begin(), unit.begin() + size);
    std::vector<CandidateMask> masks;
    for (int i = 0; i < size; ++i) {
      CandidateMask mask = 0;
      while (bit_count(mask) < 2) mask = together & static_cast<CandidateMask>(rng.below(1U << 9));
      masks.push_back(mask);
    }
    int b = 0;
    do b = static_cast<int>(rng.below(81));
    while (std::find(cells.begin(), cells.end(), b) != cells.end());
    cells.push_back(b);
    masks.push_back(bit_of(digits[rng.below(2)]) |
                    bit_of(digits[2 + rng.below(static_cast<std::uint32_t>(size - 1))]));
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (int d = 0; d < 9; ++d)
        if ((masks[i] >> d & 1U) == 0) board.eliminate(cells[i], d);
    SearchContext context;
    std::vector<Step> steps;
    find_als_wings(layout, board, context, size, steps);
    for (const Step& step : steps) {
      ++found;
      const double base = size == 3 ? 5.5 : 6.2;
      EXPECT_GE(step.score, base - 1e-9);
      EXPECT_LE(step.score, base + 0.1 * (size - 2) + 1e-9);
      for (const Deduction& gone : step.eliminations) {
        std::vector<int> with_victim = cells;
        std::vector<CandidateMask> victim_masks = masks;
        const auto known = std::find(cells.begin(), cells.end(), gone.cell);
        if (known != cells.end()) {
          victim_masks[static_cast<std::size_t>(known - cells.begin())] &= bit_of(gone.digit);
        } else {
          with_victim.push_back(gone.cell);
          victim_masks.push_back(bit_of(gone.digit));
        }
        std::vector<int> chosen(with_victim.size());
        EXPECT_FALSE(assignable(layout, with_victim, victim_masks, chosen, 0))
            << "trial " << trial << ": " << layout.cell_text(gone.cell) << " -" << gone.digit + 1;
      }
    }
  }
  EXPECT_GT(found, 100);
}

// White box: Sukaku's grouped turbot fish (an empty rectangle and a strong link, 4.3), its
// eliminations checked by brute force with exactly one 1 in the box as well.
void expect_empty_rectangle(const std::vector<int>& cells, int box, int loser) {
  const std::vector<technique::Step> steps = strong_link_steps(cells, 2, 2);
  bool found = false;
  for (const technique::Step& step : steps) {
    EXPECT_NEAR(step.score, 4.3, 1e-9) << step.detail;
    EXPECT_NE(step.detail.find("grouped 2 strong links"), std::string::npos) << step.detail;
    for (const technique::Deduction& gone : step.eliminations) found = found || gone.cell == loser;
  }
  EXPECT_TRUE(found);
  expect_eliminations_follow(cells, steps, box, true);
}

int unit_named(const std::string& name) {
  const auto owner = technique::layout_for<2>(Geometry::standard(9));
  const technique::Layout<2>& layout = *owner;
  for (std::size_t u = 0; u < layout.unit_cells.size(); ++u)
    if (layout.unit_name(static_cast<int>(u)) == name) return static_cast<int>(u);
  return -1;
}

TEST(StrongLinkChains, EmptyRectangleWithAStrongLinkInAColumn) {
  // Box 1 holds 1 in r1c2, r2c1, r2c2, r2c3, r3c2 (row 2 and column 2); column 6 has 1 only in
  // r2c6 and r7c6: r7c2 sees r7c6 and column 2's part of the box.
  expect_empty_rectangle({1, 9, 10, 11, 19, 14, 59, 55}, unit_named("box 1"), 55);
}

TEST(StrongLinkChains, EmptyRectangleWithAStrongLinkInARow) {
  // Box 9 holds 1 in r7c8, r8c7, r8c9, r9c8 (row 8 and column 8, not their crossing); row 2 has 1
  // only in r2c8 and r2c3: r8c3 sees r2c3 and row 8's part of the box. (r5c3 keeps column 3 from
  // being a strong link that, with the rest, would leave no place for the 1s.)
  expect_empty_rectangle({61, 69, 71, 79, 16, 11, 65, 38}, unit_named("box 9"), 65);
}

// ---- the hardest technique decides the grade, and is needed ----

struct HardestCase {
  const char* puzzle;
  Technique technique;
  double grade;
};

TEST(TechniqueGrader, HardestTechniqueIsTheGradeAndIsNeeded) {
  const HardestCase cases[] = {
      {"................12....34.................53.6..217.......2......3.6..4..45....8..",
       Technique::hidden_single_box, 1.2},
      {".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
       Technique::hidden_single_line, 1.5},
      {".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
       Technique::direct_hidden_pair, 2.0},
      {".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
       Technique::pointing, 2.6},
      {"................12....345........3....6.......71..8......2.6..834.......5..7.....", Technique::x_wing,
       3.2},
      {"2...3...53..259..4.9.8.4.7..........72.548.13....2.......1.5...91.....5883.....21",
       Technique::swordfish, 3.8},
      {".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5",
       Technique::two_strong_links, 4.0},
      // Grouped strong links: two (a line's places in two boxes), then three (se-rated, SE 4.3, 5.7).
      {".5.....1.2..581..7....6....5.6.7.2.4.2..4..9...96.21...6.8.4.5...4.2.7......1....",
       Technique::two_strong_links, 4.3},
      {".................1..2..3.4.............15...6..3.7..2......473..5.......16...8...",
       Technique::xy_wing, 4.2},
      {".................1..2..3.4......2.....5..43...1......6..4...2...7..1.....8..6...7",
       Technique::unique_rectangle, 4.5},
      {"972.4...38..93.7...4.7..........9..22.5...3.86..2..........4.3...8.96..53...2.867",
       Technique::jellyfish, 5.2},
      {"2..4.5..6....6....4.......8..87532....1.9.7.....6.1...91..7..85.7.....1...3...4..",
       Technique::three_strong_links, 5.7},
      {"................12....34..............12....5..6...3.4...7...8..4...6...35.....2.", Technique::bug,
       5.6},
      // BUG type 3 (se-rated, SE 5.8): three extra cells in row 3, their extras told apart by
      // their columns (SE's rule), a naked pair with one other cell.
      {"..3.7.5..4.......6....8.............8.46.52.36..2.1..5..8...7...1.....3..9.3.7.2.", Technique::bug,
       5.8},
      {".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2..", Technique::nishio,
       7.8},
      {".................1..2.34.................526..7.8........98...7..6....3.2.51.....",
       Technique::multiple_forcing_chain, 8.3},
      // 9.0 is SE's number (Sukaku Explainer: 9.0, dynamic contradiction forcing chain); the
      // invariant order grades it 9.1 (InvariantOrderIsStillAvailable below).
      {"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
       Technique::dynamic_forcing_chain, 9.0},
  };
  for (const HardestCase& one : cases) {
    const Grid puzzle = parse_puzzle(one.puzzle);
    const TechniqueGrade grade = grade_techniques(puzzle);
    EXPECT_TRUE(grade.solved()) << one.puzzle;
    EXPECT_EQ(grade.hardest, one.technique) << one.puzzle << ": " << describe_hardest(grade);
    EXPECT_NEAR(grade.grade, one.grade, 1e-9) << one.puzzle;
    EXPECT_EQ(format_grade(grade), [&] {
      char text[16];
      std::snprintf(text, sizeof text, "%.1f", one.grade);
      return std::string(text);
    }());
    // One rung lower the ladder cannot finish.
    TechniqueOptions capped;
    capped.max_technique = static_cast<Technique>(static_cast<int>(one.technique) - 1);
    const TechniqueGrade below = grade_techniques(puzzle, capped);
    EXPECT_TRUE(below.beyond()) << one.puzzle;
    EXPECT_LE(below.grade, grade.grade);
    EXPECT_EQ(format_grade(below), "beyond");
    EXPECT_EQ(describe_hardest(below).rfind("beyond", 0), 0U) << describe_hardest(below);
  }
}

// Up to the wings, uniqueness and BUG (SE 6.1), SE's ratings are a matter of which techniques exist:
// the grade should reproduce them on se-rated.txt (the first 25 puzzles of each of those bins, 80%
// exactly; SE 4.3 and 5.7 are grouped strong links, 5.8-6.1 BUG type 3).
TEST(TechniqueGrader, ReproducesSudokuExplainerOnTheBasicLadder) {
  std::map<std::string, int> taken;
  std::map<std::string, int> equal;
  for (const PuzzleEntry& entry : read_puzzle_file(corpus_path("se-rated.txt"))) {
    ASSERT_TRUE(entry.ok());
    const double se = std::stod(entry.label);
    if (se > 6.15 || taken[entry.label] >= 25) continue;
    ++taken[entry.label];
    const TechniqueGrade grade = grade_techniques(*entry.grid);
    if (std::abs(grade.grade - se) < 0.05) ++equal[entry.label];
  }
  ASSERT_GE(taken.size(), 27U);
  for (const auto& [bin, count] : taken) EXPECT_GE(equal[bin], count * 8 / 10) << "SE " << bin;
}

// ---- soundness, determinism, invariance ----

// A ceiling changes nothing for puzzles graded at or below it, and stops above it with a lower
// bound that is still above it: the climber relies on both (hill_climber.hpp). se-rated spans
// 1.2 to 9+, so the ceilings below cut before, inside and after the chain stages.
TEST(TechniqueGrader, CeilingKeepsEveryGradeAtOrBelowItAndStopsAboveIt) {
  const auto se_rated = load_corpus(corpus_path("se-rated.txt"));
  int cut = 0;
  int kept = 0;
  for (std::size_t i = 0; i < se_rated.size(); i += 197) {
    const TechniqueGrade full = grade_techniques(se_rated[i]);
    for (const double ceiling : {1.5, 3.0, 4.2, 6.5, 7.2, 8.4, full.grade, full.grade - 0.05}) {
      TechniqueOptions options;
      options.ceiling = ceiling;
      const TechniqueGrade capped = grade_techniques(se_rated[i], options);
      if (!full.beyond() && full.grade <= ceiling) {
        ++kept;
        EXPECT_EQ(capped.outcome, full.outcome) << to_line(se_rated[i]) << " ceiling " << ceiling;
        EXPECT_EQ(capped.grade, full.grade) << to_line(se_rated[i]) << " ceiling " << ceiling;
        EXPECT_EQ(capped.hardest, full.hardest) << to_line(se_rated[i]) << " ceiling " << ceiling;
        EXPECT_EQ(capped.step_count, full.step_count) << to_line(se_rated[i]) << " ceiling " << ceiling;
      } else {
        ++cut;
        EXPECT_TRUE(capped.above_ceiling() || capped.beyond())
            << to_line(se_rated[i]) << " ceiling " << ceiling;
        EXPECT_GT(capped.grade, ceiling) << to_line(se_rated[i]);
        if (full.solved()) {
          EXPECT_LE(capped.grade, full.grade) << to_line(se_rated[i]);
        }
      }
    }
  }
  EXPECT_GE(cut, 100);
  EXPECT_GE(kept, 100);
}

// A floor changes nothing for puzzles graded at or above it, and stops below it with an upper
// bound that is still below it (hill_climber.hpp). Each sampled puzzle is graded as it is and with
// its solution's cells added in a random order, 4 at a time, so that singles come to solve it
// at every depth; floors below a naked single's 2.3 never stop.
TEST(TechniqueGrader, FloorKeepsEveryGradeAtOrAboveItAndStopsBelowIt) {
  const auto se_rated = load_corpus(corpus_path("se-rated.txt"));
  int cut = 0;
  int kept = 0;
  Rng rng(37);
  for (std::size_t i = 0; i < se_rated.size(); i += 397) {
    Grid puzzle = se_rated[i];
    const Grid solution = *count_solutions(puzzle, 2).solution;
    std::vector<int> open;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
      if (puzzle[cell] == 0) open.push_back(cell);
    rng.shuffle(open.begin(), open.end());
    for (std::size_t added = 0; added <= open.size(); added += 4) {
      for (std::size_t k = added >= 4 ? added - 4 : added; k < added; ++k) puzzle.set(open[k], solution[open[k]]);
      const TechniqueGrade full = grade_techniques(puzzle);
      for (const double floor : {2.0, 2.4, 3.0, 5.6, 7.0, full.grade, full.grade + 0.05}) {
        TechniqueOptions options;
        options.floor = floor;
        const TechniqueGrade bounded = grade_techniques(puzzle, options);
        if (bounded.below_floor()) {
          ++cut;
          EXPECT_TRUE(full.solved()) << to_line(puzzle) << " floor " << floor;
          EXPECT_LT(bounded.grade, floor) << to_line(puzzle) << " floor " << floor;
          EXPECT_GE(bounded.grade, full.grade) << to_line(puzzle) << " floor " << floor;
          EXPECT_GT(floor, 2.3) << to_line(puzzle);
          continue;
        }
        if (full.grade >= floor || full.beyond()) ++kept;
        EXPECT_EQ(bounded.outcome, full.outcome) << to_line(puzzle) << " floor " << floor;
        EXPECT_EQ(bounded.grade, full.grade) << to_line(puzzle) << " floor " << floor;
        EXPECT_EQ(bounded.hardest, full.hardest) << to_line(puzzle) << " floor " << floor;
        EXPECT_EQ(bounded.step_count, full.step_count) << to_line(puzzle) << " floor " << floor;
      }
    }
  }
  EXPECT_GE(cut, 100);
  EXPECT_GE(kept, 100);
}

TEST(TechniqueGrader, EveryDeductionAgreesWithTheSolutionOnCorpusSamples) {
  int checked = 0;
  const auto se_rated = load_corpus(corpus_path("se-rated.txt"));
  for (std::size_t i = 0; i < se_rated.size(); i += 41, ++checked) {
    const TechniqueGrade grade = explained(se_rated[i]);
    EXPECT_TRUE(grade.solved()) << to_line(se_rated[i]);
    expect_sound(se_rated[i], grade, solution_of(se_rated[i]));
  }
  const auto top = load_corpus(corpus_path("top1465.txt"));
  for (std::size_t i = 0; i < top.size(); i += 29, ++checked) {
    const TechniqueGrade grade = explained(top[i]);
    EXPECT_NE(grade.outcome, GradeOutcome::contradiction) << to_line(top[i]);
    expect_sound(top[i], grade, solution_of(top[i]));
  }
  EXPECT_GE(checked, 280);
}

// The per-technique step counts a caller counts hard steps from without explaining (the climb's
// slot rating): the same path as the explained one, in both orders, from singles to chains.
TEST(TechniqueGrader, StepCountsWithoutExplainAreTheExplainedPaths) {
  const auto se_rated = load_corpus(corpus_path("se-rated.txt"));
  int checked = 0;
  for (const ChainOrder order : {ChainOrder::se, ChainOrder::invariant}) {
    TechniqueOptions options;
    options.order = order;
    for (std::size_t i = 3; i < se_rated.size(); i += 97, ++checked) {
      const TechniqueGrade counted = grade_techniques(se_rated[i], options);
      const TechniqueGrade path = explained(se_rated[i], options);
      std::array<int, kTechniqueCount> expected{};
      for (const TechniqueStep& step : path.steps) ++expected[static_cast<std::size_t>(step.technique)];
      EXPECT_TRUE(counted.steps.empty());
      EXPECT_EQ(counted.steps_by_technique, expected) << to_line(se_rated[i]);
      EXPECT_EQ(path.steps_by_technique, expected) << to_line(se_rated[i]);
      EXPECT_EQ(counted.step_count, static_cast<int>(path.steps.size())) << to_line(se_rated[i]);
    }
  }
  EXPECT_GE(checked, 150);
}

TEST(TechniqueGrader, InvariantUnderTransforms) {
  const auto se_rated = load_corpus(corpus_path("se-rated.txt"));
  Rng rng(2024);
  // The invariant order's contract; SE's order depends on cell numbering, as SE does.
  TechniqueOptions invariant;
  invariant.order = ChainOrder::invariant;
  for (std::size_t i = 7; i < se_rated.size(); i += 163) {
    const Grid& puzzle = se_rated[i];
    const TechniqueGrade grade = grade_techniques(puzzle, invariant);
    for (int k = 0; k < 2; ++k) {
      const Grid image = apply(random_transform(puzzle.geometry(), rng), puzzle);
      const TechniqueGrade other = grade_techniques(image, invariant);
      EXPECT_EQ(other.outcome, grade.outcome) << to_line(puzzle);
      EXPECT_NEAR(other.grade, grade.grade, 1e-9) << to_line(puzzle) << " vs " << to_line(image);
      EXPECT_EQ(other.hardest, grade.hardest) << to_line(puzzle);
    }
  }
}

TEST(TechniqueGrader, DeterministicAndExplainDoesNotChangeTheGrade) {
  const Grid puzzle = load_corpus(corpus_path("top95.txt"), 3)[2];
  const TechniqueGrade first = grade_techniques(puzzle);
  const TechniqueGrade again = grade_techniques(puzzle);
  const TechniqueGrade with_steps = explained(puzzle);
  EXPECT_EQ(first.grade, again.grade);
  EXPECT_EQ(first.work, again.work);
  EXPECT_EQ(first.grade, with_steps.grade);
  EXPECT_EQ(first.step_count, with_steps.step_count);
  EXPECT_EQ(with_steps.steps.size(), static_cast<std::size_t>(with_steps.step_count));
  EXPECT_TRUE(first.steps.empty());
}

TEST(TechniqueGrader, ConflictingGivensAreAContradiction) {
  Grid puzzle =
      parse_puzzle(".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.");
  puzzle.set(8, 1);  // r1c9 = 1, in the column and box of the given 1 at r2c9
  const TechniqueGrade grade = grade_techniques(puzzle);
  EXPECT_EQ(grade.outcome, GradeOutcome::contradiction);
  EXPECT_EQ(format_grade(grade), "contradiction");
}

// Direct claiming where a unit of the base's kind shares a cell of the overlap (the X board's two
// diagonals meet at r5c5): diagonal 2's 3 is locked in box 5, the box's other 3s go, and diagonal 1
// keeps two places, r5c5 (in the overlap) and r9c9. The grader once took r9c9 for a hidden single,
// placed a wrong 3 and ended in a contradiction; the solution has 3 at r5c5.
TEST(TechniqueGrader, DirectClaimingKeepsTheOverlapOfTwoExtraUnits) {
  ReadOptions x;
  x.variant = Variant::x;
  const Grid puzzle =
      parse_puzzle("..5..2.3..........32.17.5.6.8..2...55.6...4.22...5..1.1.8.49.67..........5.7..9..", x);
  const Grid solution = solution_of(puzzle);
  ASSERT_EQ(solution[40], 3);  // r5c5
  const TechniqueGrade grade = explained(puzzle);
  EXPECT_NE(grade.outcome, GradeOutcome::contradiction) << format_grade(grade);
  expect_sound(puzzle, grade, solution);
}

// ---- other geometries ----

Grid unique_puzzle_from(const Grid& solution, std::uint64_t seed) {
  Rng rng(seed);
  return testing::blank_while(apply(random_transform(solution.geometry(), rng), solution), rng,
                              [](const Grid& puzzle) { return count_solutions(puzzle, 2).count == 1; });
}

TEST(TechniqueGrader, WorksOnEverySizeAndBoxShape) {
  Rng rng(77);
  for (const auto& [box_rows, box_cols] : {std::pair{2, 2}, std::pair{2, 3}, std::pair{3, 2}, std::pair{2, 4},
                                           std::pair{4, 2}, std::pair{3, 4}}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Grid puzzle = unique_puzzle_from(pattern_solution(box_rows, box_cols), seed);
      const std::string where = puzzle.geometry().describe() + " " + to_line(puzzle);
      const TechniqueGrade grade = explained(puzzle);
      EXPECT_NE(grade.outcome, GradeOutcome::contradiction) << where;
      expect_sound(puzzle, grade, solution_of(puzzle));
      // Invariance is the invariant order's contract (SE's order depends on cell numbering).
      TechniqueOptions invariant;
      invariant.order = ChainOrder::invariant;
      const TechniqueGrade original = grade_techniques(puzzle, invariant);
      const TechniqueGrade image =
          grade_techniques(apply(random_transform(puzzle.geometry(), rng), puzzle), invariant);
      EXPECT_EQ(image.outcome, original.outcome) << where;
      EXPECT_NEAR(image.grade, original.grade, 1e-9) << where;
    }
  }
  // Oblong boxes exercise pointing and claiming between units of unequal overlaps.
  for (const Grid& puzzle : load_corpus(corpus_path("gecode-16x16.txt"), 6)) {
    const TechniqueGrade grade = explained(puzzle);
    EXPECT_TRUE(grade.solved()) << to_line(puzzle);
    expect_sound(puzzle, grade, solution_of(puzzle));
  }
}

// ---- scores and text ----

TEST(TechniqueGrader, ChainLengthBonusFollowsSudokuExplainer) {
  const std::pair<int, double> expected[] = {{4, 0.0},  {6, 0.0},  {7, 0.1},  {8, 0.1},  {9, 0.2},  {10, 0.2},
                                             {11, 0.3}, {14, 0.3}, {15, 0.4}, {18, 0.4}, {19, 0.5}, {26, 0.5},
                                             {27, 0.6}, {34, 0.6}, {35, 0.7}, {50, 0.7}, {51, 0.8}};
  for (const auto& [nodes, bonus] : expected)
    EXPECT_NEAR(technique::length_bonus(nodes), bonus, 1e-9) << nodes;
}

TEST(TechniqueGrader, TechniqueIdsRoundTripAndScoresClimb) {
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    EXPECT_EQ(parse_technique_id(technique_id(technique)), technique);
    EXPECT_FALSE(technique_name(technique).empty());
    if (t > 0) {
      EXPECT_GE(technique_base_score(technique), technique_base_score(static_cast<Technique>(t - 1)) - 0.2);
    }
  }
  EXPECT_FALSE(parse_technique_id("nested-forcing-chain-plus"));
}

TEST(TechniqueGrader, StepsReadLikeTheIssueExamples) {
  const Grid puzzle =
      parse_puzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...");
  const TechniqueGrade grade = explained(puzzle);
  const std::regex single("r[1-9]c[1-9]=[1-9]  hidden single in (box|row|column) [1-9]");
  const std::regex pointing(
      "(r[1-9]c[1-9],)*r[1-9]c[1-9] -[1-9]  pointing, box [1-9] \\([1-9] locked in (row|column) [1-9]\\)");
  bool saw_single = false;
  bool saw_pointing = false;
  for (const TechniqueStep& step : grade.steps) {
    const std::string line = format_step(puzzle.geometry(), step);
    if (step.technique == Technique::hidden_single_box || step.technique == Technique::hidden_single_line) {
      EXPECT_TRUE(std::regex_match(line, single)) << line;
      saw_single = true;
    }
    if (step.technique == Technique::pointing) {
      EXPECT_TRUE(std::regex_match(line, pointing)) << line;
      saw_pointing = true;
    }
  }
  EXPECT_TRUE(saw_single);
  EXPECT_TRUE(saw_pointing);
}

// ---- the "technique" rating metric ----

TEST(TechniqueMetric, IsRegisteredAndRatesLikeTheGrader) {
  const auto names = rating_metric_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "technique"), names.end());
  const auto metric = make_rating_metric("technique");
  EXPECT_EQ(metric->name(), "technique");
  EXPECT_EQ(metric->runs(), 1);
  EXPECT_EQ(metric->settings().at("max-technique"), "nested-forcing-chain");
  const Grid puzzle =
      parse_puzzle(".................1..2..3.4.............15...6..3.7..2......473..5.......16...8...");
  const MetricRating rating = metric->rate(puzzle);
  EXPECT_NEAR(rating.value, 4.2, 1e-9);
  EXPECT_TRUE(rating.solved);
  EXPECT_FALSE(rating.lower_bound());
  EXPECT_GT(rating.work, 0U);
  // Plans pass "runs" to every metric: accepted, and it changes nothing.
  EXPECT_NEAR(make_rating_metric("technique", {{"runs", "10"}})->rate(puzzle).value, 4.2, 1e-9);
}

TEST(TechniqueMetric, BeyondTheLadderIsALowerBound) {
  const Grid puzzle =
      parse_puzzle(".................1..2..3.4.............15...6..3.7..2......473..5.......16...8...");
  const MetricRating capped = make_rating_metric("technique", {{"max-technique", "x-wing"}})->rate(puzzle);
  EXPECT_EQ(capped.value, 11.0);
  EXPECT_TRUE(capped.lower_bound());
  EXPECT_FALSE(capped.solved);
  const MetricRating custom =
      make_rating_metric("technique", {{"max-technique", "x-wing"}, {"beyond", "9.75"}})->rate(puzzle);
  EXPECT_EQ(custom.value, 9.75);
}

TEST(TechniqueMetric, RejectsBadOptions) {
  EXPECT_THROW(make_rating_metric("technique", {{"depth", "3"}}), InputError);
  EXPECT_THROW(make_rating_metric("technique", {{"max-technique", "nested"}}), InputError);
  EXPECT_THROW(make_rating_metric("technique", {{"uniqueness", "yes"}}), InputError);
  EXPECT_THROW(make_rating_metric("technique", {{"beyond", "-1"}}), InputError);
  EXPECT_THROW(make_rating_metric("technique", {{"runs", "0"}}), InputError);
  EXPECT_THROW(make_rating_metric("technique", {{"order", "sorted"}}), InputError);
  const auto options = rating_metric_options("technique");
  EXPECT_EQ(options.size(), 5U);
}

TEST(TechniqueMetric, UniquenessCanBeSwitchedOff) {
  const Grid puzzle =
      parse_puzzle(".................1..2..3.4......2.....5..43...1......6..4...2...7..1.....8..6...7");
  TechniqueOptions options;
  options.uniqueness = false;
  const TechniqueGrade grade = explained(puzzle, options);
  EXPECT_TRUE(grade.solved());
  EXPECT_GT(grade.grade, 4.5);  // the unique rectangle's job is done by something harder
  for (const TechniqueStep& step : grade.steps) {
    EXPECT_NE(step.technique, Technique::unique_rectangle);
    EXPECT_NE(step.technique, Technique::bug);
  }
}

// SE's aligned exclusion read literally, the plain reference: every set of `degree` cells SE
// builds (two cells, then for a triplet a third of two or three candidates seeing one of them),
// the cells of 2..degree candidates seeing all of them as excluders (two or more), every
// combination of values; a value in no allowed combination goes. Returns (cell, digit) pairs.
std::set<std::pair<int, int>> aligned_exclusion_reference(const technique::Layout<2>& layout,
                                                          const technique::Board<2>& board, int degree) {
  const auto count = [&](int cell) { return std::popcount(board.mask(cell)); };
  const auto sees = [&](int a, int b) { return layout.peers[static_cast<std::size_t>(a)].test(b); };
  std::set<std::pair<int, int>> gone;
  const auto try_cells = [&](const std::vector<int>& cells) {
    std::vector<int> excluders;
    for (int cell = 0; cell < 81; ++cell) {
      bool all = count(cell) >= 2 && count(cell) <= degree;
      for (int base : cells) all = all && sees(cell, base);
      if (all) excluders.push_back(cell);
    }
    if (excluders.size() < 2) return;
    std::vector<CandidateMask> allowed(cells.size(), 0);
    std::vector<int> values(cells.size(), 0);
    const auto visit = [&](auto&& self, std::size_t at) -> void {
      if (at == cells.size()) {
        for (std::size_t i = 0; i < cells.size(); ++i)
          for (std::size_t j = i + 1; j < cells.size(); ++j)
            if (values[i] == values[j] && sees(cells[i], cells[j])) return;
        CandidateMask taken = 0;
        for (int value : values) taken |= CandidateMask{1} << value;
        for (int excluder : excluders)
          if ((board.mask(excluder) & ~taken) == 0) return;
        for (std::size_t i = 0; i < cells.size(); ++i) allowed[i] |= CandidateMask{1} << values[i];
        return;
      }
      for (int digit = 0; digit < 9; ++digit)
        if (board.has(cells[at], digit)) {
          values[at] = digit;
          self(self, at + 1);
        }
    };
    visit(visit, 0);
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (int digit = 0; digit < 9; ++digit)
        if (board.has(cells[i], digit) && ((allowed[i] >> digit) & 1U) == 0) gone.insert({cells[i], digit});
  };
  std::vector<int> bases;
  for (int cell = 0; cell < 81; ++cell) {
    bool excluder_seen = false;
    for (int other = 0; other < 81; ++other)
      excluder_seen = excluder_seen || (sees(cell, other) && count(other) >= 2 && count(other) <= degree);
    if (count(cell) >= 2 && excluder_seen) bases.push_back(cell);
  }
  for (std::size_t i = 0; i < bases.size(); ++i)
    for (std::size_t j = i + 1; j < bases.size(); ++j) {
      if (degree == 2) {
        try_cells({bases[i], bases[j]});
        continue;
      }
      for (int third : bases)
        if (third != bases[i] && third != bases[j] && count(third) <= 3 &&
            (sees(third, bases[i]) || sees(third, bases[j])))
          try_cells({bases[i], bases[j], third});
    }
  return gone;
}

// White box, differential: the aligned pair and triplet finders against the reference on random
// boards (every cell keeps its solution digit and up to three random others; fixed seed).
TEST(TechniqueGrader, AlignedExclusionMatchesSudokuExplainersRuleReadLiterally) {
  using namespace technique;
  const auto owner = layout_for<2>(Geometry::standard(9));
  const Layout<2>& layout = *owner;
  const Grid solution = pattern_solution(3, 3);
  Rng rng(20261124);
  int boards_with_triplet_eliminations = 0;
  for (int round = 0; round < 25; ++round) {
    Board<2> board;
    ASSERT_TRUE(load_board(layout, Grid(Geometry::standard(9)), board));
    for (int cell = 0; cell < 81; ++cell) {
      const int keep = solution[cell] - 1;
      const std::uint32_t others = rng.below(4);
      CandidateMask kept = CandidateMask{1} << keep;
      for (std::uint32_t k = 0; k < others; ++k) kept |= CandidateMask{1} << rng.below(9);
      for (int digit = 0; digit < 9; ++digit)
        if (((kept >> digit) & 1U) == 0) board.eliminate(cell, digit);
    }
    for (int degree = 2; degree <= 3; ++degree) {
      SearchContext context;
      std::vector<Step> steps;
      if (degree == 2)
        find_aligned_pair_exclusion(layout, board, context, steps);
      else
        find_aligned_triplet_exclusion(layout, board, context, steps);
      std::set<std::pair<int, int>> found;
      for (const Step& step : steps)
        for (const Deduction& gone : step.eliminations) found.insert({gone.cell, gone.digit});
      // The reference is test code (at -O0 under the sanitizers, 15 s there): every
      // study_stride()th board is compared; the finders still run on every board.
      if (round % testing::study_stride() == 0) {
        EXPECT_EQ(found, aligned_exclusion_reference(layout, board, degree))
            << "round " << round << ", degree " << degree;
      }
      if (degree == 3 && !found.empty()) ++boards_with_triplet_eliminations;
    }
  }
  EXPECT_GT(boards_with_triplet_eliminations, 10) << boards_with_triplet_eliminations;
}

// SE's BUG types 3 and 4 and its unique rectangle of type 3 with a hidden set (se-rated.txt, lines
// 4445, 4294, 4399 and 2616, graded 5.8, 5.7, 5.7 and 4.5 by SE): the step shows on the path at
// SE's score and sets the grade.
TEST(TechniqueGrader, BugTypesThreeAndFourAndHiddenSetsTakeSudokuExplainersScores) {
  const struct {
    const char* puzzle;
    const char* kind;
    double score;
  } cases[] = {
      {"..73.92..4.......5...2.4...56.....97...7.6...1.......8....9.....96...41...2.3.8..", "grave type 3",
       5.8},
      {"81..7.5.3.4.....165..6........7.16..6...2...8..59.6........4..543.....6.7.8.6..41", "grave type 4",
       5.7},
      {"4...37.....58..4.....56.2.19.8...72.....5.....32...9.47.3.85.....1..65.....29...7", "grave type 4",
       5.7},
  };
  for (const auto& one : cases) {
    const Grid puzzle = parse_puzzle(one.puzzle);
    const TechniqueGrade grade = explained(puzzle);
    EXPECT_TRUE(grade.solved()) << one.puzzle;
    EXPECT_NEAR(grade.grade, one.score, 1e-9) << one.puzzle;
    const auto found = std::find_if(grade.steps.begin(), grade.steps.end(), [&](const TechniqueStep& step) {
      return step.detail.find(one.kind) != std::string::npos;
    });
    ASSERT_NE(found, grade.steps.end()) << one.kind << " missing from the path of " << one.puzzle;
    EXPECT_NEAR(found->score, one.score, 1e-9);
    expect_sound(puzzle, grade, solution_of(puzzle));
  }
}

// White box, built position: SE's bidirectional cycle mixing both kinds of links (cell and unit
// links) is the only step of the chains stage at 7.0 (no forcing chain there is shorter than 7.1).
// It is the position se-rated.txt's
// .6.....7.5...1...3..75842...3.....6.9.......1..2...9.....3.9.......4.....436.251. (SE 7.0,
// Sukaku: "Bidirectional Cycle: r4c4,r4c7,r6c9,r6c4") reaches after its steps up to 4.5: two
// loops of six nodes, e.g. r4c4=4 => r4c4<>8 => r4c7=8 => r6c9<>8 => r6c9=4 => r6c4<>4 => r4c4=4.
// The same position transposed (rows read as columns) gives the transposed eliminations: the
// search does not depend on cell numbering.
TEST(TechniqueGrader, BidirectionalCycleIsTheOnlyStepAtSevenPointZero) {
  using namespace technique;
  const char* const rows[9][9] = {{"4", "6", "8", "9", "2", "3", "1", "7", "5"},
                                  {"5", "2", "9", "7", "1", "6", "48", "48", "3"},
                                  {"3", "1", "7", "5", "8", "4", "2", "9", "6"},
                                  {"17", "3", "14", "148", "9", "5", "478", "6", "2"},
                                  {"9", "58", "46", "2", "36", "78", "3478", "345", "1"},
                                  {"167", "58", "2", "148", "36", "178", "9", "345", "48"},
                                  {"126", "7", "16", "3", "5", "9", "468", "248", "48"},
                                  {"26", "9", "5", "18", "4", "18", "36", "23", "7"},
                                  {"8", "4", "3", "6", "7", "2", "5", "1", "9"}};
  const auto owner = layout_for<2>(Geometry::standard(9));
  const Layout<2>& layout = *owner;
  const auto cycle_eliminations = [&](bool transposed) {
    // Cell (r, c) of the position goes to (c, r) when transposed.
    const auto at = [&](int cell) { return transposed ? cell % 9 * 9 + cell / 9 : cell; };
    std::string givens(81, '.');
    for (int cell = 0; cell < 81; ++cell)
      if (std::string(rows[cell / 9][cell % 9]).size() == 1)
        givens[static_cast<std::size_t>(at(cell))] = rows[cell / 9][cell % 9][0];
    Board<2> board;
    EXPECT_TRUE(load_board(layout, parse_puzzle(givens), board));
    for (int cell = 0; cell < 81; ++cell)
      for (int digit = 0; digit < 9; ++digit)
        if (std::string(rows[cell / 9][cell % 9]).find(static_cast<char>('1' + digit)) == std::string::npos &&
            board.has(at(cell), digit))
          board.eliminate(at(cell), digit);
    SearchContext context;
    context.explain = true;
    std::vector<Step> steps;
    find_chains(layout, board, context, steps);
    std::set<std::pair<int, int>> gone;  // (cell of the untransposed position, digit 1-9)
    EXPECT_FALSE(steps.empty());
    for (const Step& step : steps) {
      EXPECT_EQ(step.technique, Technique::y_chain) << step.detail;
      EXPECT_NEAR(step.score, 7.0, 1e-9) << step.detail;
      EXPECT_EQ(step.detail.rfind("bidirectional cycle: ", 0), 0U) << step.detail;
      EXPECT_TRUE(step.placements.empty());
      for (const Deduction& one : step.eliminations) gone.insert({at(one.cell), one.digit + 1});
    }
    return gone;
  };
  // r5c7 -8, r6c8 -4 (the loop above); r6c4, r6c6 -8 (r4c7=8 => r4c7<>7 => r5c7=7 => r5c6<>7 =>
  // r5c6=8 => r4c4<>8 => r4c7=8).
  const std::set<std::pair<int, int>> expected{
      {4 * 9 + 6, 8}, {5 * 9 + 7, 4}, {5 * 9 + 3, 8}, {5 * 9 + 5, 8}};
  EXPECT_EQ(cycle_eliminations(false), expected);
  EXPECT_EQ(cycle_eliminations(true), expected);
  // The whole puzzle: SE's 7.0, with the cycle on the path, and sound.
  const Grid puzzle =
      parse_puzzle(".6.....7.5...1...3..75842...3.....6.9.......1..2...9.....3.9.......4.....436.251.");
  const TechniqueGrade grade = explained(puzzle);
  EXPECT_TRUE(grade.solved());
  EXPECT_NEAR(grade.grade, 7.0, 1e-9);
  EXPECT_TRUE(std::any_of(grade.steps.begin(), grade.steps.end(), [](const TechniqueStep& step) {
    return step.detail.rfind("bidirectional cycle: ", 0) == 0 && std::abs(step.score - 7.0) < 1e-9;
  }));
  expect_sound(puzzle, grade, solution_of(puzzle));
}

// ---- corpus-rate ----

std::string corpus_rate() {
  return tool_path("corpus-rate");
}

TEST(TechniqueCorpusRate, RecordsCarryTheGradeAndExplainPrintsThePath) {
  const std::string input =
      ".................1..2..3.4.............15...6..3.7..2......473..5.......16...8... SE 4.2\n"
      ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.\n";
  const auto csv = run_command(corpus_rate() + " --runs 1 --jobs 1 -", input);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const std::string header = csv.out.substr(0, csv.out.find('\n'));
  EXPECT_NE(header.find(",technique_grade,hardest_technique,"), std::string::npos) << header;
  // hardest_steps follows the hardest technique: this puzzle needs two XY-wings, and more steps
  // beyond singles (hard_steps) than that; a puzzle of singles needs none.
  EXPECT_NE(csv.out.find(",4.2,XY-wing,2,"), std::string::npos) << csv.out;
  EXPECT_TRUE(std::regex_search(csv.out, std::regex(",4\\.2,XY-wing,2,([2-9]|[1-9][0-9]),SE 4\\.2"))) << csv.out;
  EXPECT_TRUE(std::regex_search(csv.out, std::regex(",1\\.5,hidden single \\(line\\),[0-9]+,0,"))) << csv.out;

  const auto capped = run_command(corpus_rate() + " --runs 1 --max-technique x-wing --format json -", input);
  ASSERT_EQ(capped.exit_code, 0) << capped.err;
  EXPECT_NE(capped.out.find("\"technique_grade\": \"beyond\""), std::string::npos) << capped.out;
  EXPECT_NE(capped.out.find("\"hardest_technique\": \"beyond: stuck after"), std::string::npos) << capped.out;

  const auto explain = run_command(corpus_rate() + " --runs 1 --explain -", input);
  ASSERT_EQ(explain.exit_code, 0) << explain.err;
  EXPECT_EQ(explain.out.rfind("# -:1  ", 0), 0U) << explain.out.substr(0, 200);
  EXPECT_NE(explain.out.find("# grade 4.2, hardest: XY-wing, "), std::string::npos);
  EXPECT_NE(explain.out.find("\n4.2  r"), std::string::npos);
  EXPECT_NE(explain.out.find("  XY-wing, pivot r"), std::string::npos);
  EXPECT_NE(explain.out.find("\n\n# -:2  "), std::string::npos);
  EXPECT_TRUE(
      std::regex_search(explain.out, std::regex("\n1\\.[25]  r[1-9]c[1-9]=[1-9]  hidden single in ")));

  EXPECT_EQ(run_command(corpus_rate() + " --max-technique nested -", input).exit_code, 2);
  EXPECT_EQ(run_command(corpus_rate() + " --explain --no-rating -", input).exit_code, 2);
}

// ---- the study (docs/rating.md): run with --gtest_also_run_disabled_tests ----

std::vector<double> ranks(const std::vector<double>& values) {
  std::vector<std::size_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> result(values.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
    for (std::size_t k = i; k <= j; ++k) result[order[k]] = (static_cast<double>(i + j) / 2.0) + 1.0;
    i = j + 1;
  }
  return result;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  const std::vector<double> x = ranks(a);
  const std::vector<double> y = ranks(b);
  double mean_x = 0;
  double mean_y = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mean_x += x[i], mean_y += y[i];
  mean_x /= static_cast<double>(x.size());
  mean_y /= static_cast<double>(y.size());
  double xy = 0;
  double xx = 0;
  double yy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    xy += (x[i] - mean_x) * (y[i] - mean_y);
    xx += (x[i] - mean_x) * (x[i] - mean_x);
    yy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  return xy / std::sqrt(xx * yy);
}

TEST(TechniqueStudy, SpearmanAgainstSudokuExplainer) {
  std::vector<Grid> puzzles;
  std::vector<double> se;
  for (const PuzzleEntry& entry : read_puzzle_file(corpus_path("se-rated.txt"))) {
    ASSERT_TRUE(entry.ok());
    puzzles.push_back(*entry.grid);
    se.push_back(std::stod(entry.label));
  }
  const auto technique = make_rating_metric("technique");
  std::vector<double> grades;
  int beyond = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const Grid& puzzle : puzzles) {
    const MetricRating rating = technique->rate(puzzle);
    beyond += rating.lower_bound() ? 1 : 0;
    grades.push_back(rating.value);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("technique: %zu puzzles, %d beyond, Spearman vs SE %.4f, %.2f s (%.0f puzzles/s, one thread)\n",
              puzzles.size(), beyond, spearman(grades, se), seconds,
              static_cast<double>(puzzles.size()) / seconds);
  // docs/rating.md's agreement table, by SE band: mean and median grade, share graded exactly SE's
  // number and within 0.2 of it.
  struct Band {
    double low;
    double high;
    const char* what;
  };
  constexpr std::array<Band, 7> kBands{{{2.5, 2.8, "direct, intersections"},
                                        {3.0, 4.4, "subsets, fish, wings"},
                                        {4.5, 6.1, "uniqueness, quads, BUG"},
                                        {6.2, 7.4, "chains and cycles"},
                                        {7.5, 8.1, "nishio (SE's 7.5: aligned triplet exclusion)"},
                                        {8.2, 8.7, "cell/region chains"},
                                        {8.8, 9.3, "dynamic chains"}}};
  std::printf("| SE group | puzzles | mean | median | exact | ±0.2 |\n|---|---:|---:|---:|---:|---:|\n");
  int exact_all = 0;
  for (const Band& band : kBands) {
    std::vector<double> in_band;
    int exact = 0;
    int near = 0;
    for (std::size_t i = 0; i < grades.size(); ++i) {
      if (se[i] < band.low - 0.01 || se[i] > band.high + 0.01) continue;
      in_band.push_back(grades[i]);
      exact += std::abs(grades[i] - se[i]) < 0.05 ? 1 : 0;
      near += std::abs(grades[i] - se[i]) < 0.25 ? 1 : 0;
    }
    exact_all += exact;
    std::sort(in_band.begin(), in_band.end());
    const double n = static_cast<double>(in_band.size());
    std::printf("| %.1f–%.1f %s | %zu | %.2f | %.1f | %.0f%% | %.0f%% |\n", band.low, band.high, band.what,
                in_band.size(), std::accumulate(in_band.begin(), in_band.end(), 0.0) / n,
                in_band[in_band.size() / 2], 100.0 * exact / n, 100.0 * near / n);
  }
  // A floor under the agreement reached (85.6% exact when written): a change that loses SE's
  // number on many puzzles shows here.
  EXPECT_GE(exact_all, static_cast<int>(grades.size()) * 80 / 100);
  // The call count on a fixed sample (every 5th puzzle): 10 runs each take a while.
  const auto call_count = make_rating_metric("call-count");
  std::vector<double> counts;
  std::vector<double> sample_se;
  std::vector<double> sample_grades;
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    counts.push_back(call_count->rate(puzzles[i]).value);
    sample_se.push_back(se[i]);
    sample_grades.push_back(grades[i]);
  }
  std::printf("sample of %zu (every 5th): Spearman vs SE: technique %.4f, call-count %.4f\n", counts.size(),
              spearman(sample_grades, sample_se), spearman(counts, sample_se));
  EXPECT_GE(spearman(grades, se), 0.97);
}

// hardest.txt lines 2 and 6 were "beyond" after dynamic forcing chains (+) (issue #20); nested forcing
// chains (SE's level 2) solve them. Sukaku Explainer rates them 10.6 and 10.5 with the same rule
// (/tmp/sukaku, serate --threads=1); the grades below are ours, within 0.2 of it (the path takes the
// easiest order-free (+)/nested step, and an inner chain's eliminations rest on every fact so far).
TEST(TechniqueGrader, NestedForcingChainsLeaveNothingInHardestBeyond) {
  const std::map<int, double> nested = {{2, 10.5}, {6, 10.7}};
  const std::map<int, double> oracle = {{2, 10.6}, {6, 10.5}};
  int line = 0;
  for (const Grid& puzzle : load_corpus(corpus_path("hardest.txt"))) {
    ++line;
    const TechniqueGrade grade = explained(puzzle);
    EXPECT_TRUE(grade.solved()) << line << ": " << describe_hardest(grade);
    expect_sound(puzzle, grade, solution_of(puzzle));
    const auto expected = nested.find(line);
    if (expected == nested.end()) {
      EXPECT_LT(grade.hardest, Technique::nested_forcing_chain) << line;
      continue;
    }
    EXPECT_EQ(grade.hardest, Technique::nested_forcing_chain) << line;
    EXPECT_NEAR(grade.grade, expected->second, 1e-9) << line;
    EXPECT_LE(std::abs(grade.grade - oracle.at(line)), 0.2 + 1e-9) << line;
    TechniqueOptions invariant;
    invariant.order = ChainOrder::invariant;
    const TechniqueGrade order_free = explained(puzzle, invariant);
    EXPECT_TRUE(order_free.solved()) << line << ": " << describe_hardest(order_free);
    expect_sound(puzzle, order_free, solution_of(puzzle));
    // Capped at the level below, it is still beyond: the nested rung is what solves it.
    TechniqueOptions plus;
    plus.max_technique = Technique::dynamic_forcing_chain_plus;
    EXPECT_TRUE(grade_techniques(puzzle, plus).beyond()) << line;
  }
}

TEST(TechniqueStudy, EveryDeductionAgreesWithTheSolutionOnWholeCorpora) {
  for (const char* corpus : {"se-rated.txt", "top1465.txt"}) {
    int puzzles = 0;
    long deductions = 0;
    int beyond = 0;
    for (const Grid& puzzle : testing::load_study_corpus(corpus_path(corpus))) {
      const TechniqueGrade grade = explained(puzzle);
      beyond += grade.beyond() ? 1 : 0;
      ASSERT_NE(grade.outcome, GradeOutcome::contradiction) << to_line(puzzle);
      expect_sound(puzzle, grade, solution_of(puzzle));
      for (const TechniqueStep& step : grade.steps)
        deductions += static_cast<long>(step.placements.size() + step.eliminations.size());
      ++puzzles;
    }
    std::printf("%s: %d puzzles, %ld deductions checked against the solution, %d beyond\n", corpus, puzzles,
                deductions, beyond);
  }
}

}  // namespace
}  // namespace sudoku
