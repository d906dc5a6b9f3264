// SPDX-License-Identifier: Apache-2.0
// Gattai boards (Samurai and its cousins): the shapes as data, their units, the text forms and
// their errors, symmetry on the whole board, and the technique grade over the union of the grids'
// units. (Counting against the plain reference: solution_counter_test.)
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/base/random.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/solve/solver_kernels.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {
namespace {

std::shared_ptr<const Geometry> board_named(const std::string& name) {
  return Geometry::gattai(*gattai_shape_named(name));
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

// A unique puzzle on `board`: a random solution, then cells cleared in random order while the
// puzzle stays unique, until `blanks` are blank (or no cell can go).
Grid dug_puzzle(const std::shared_ptr<const Geometry>& board, Rng& rng, int blanks, Grid* solution_out = nullptr) {
  const Grid solution = random_solution_grid(board, rng);
  if (solution_out != nullptr) *solution_out = solution;
  Grid puzzle = solution;
  std::vector<int> order(static_cast<std::size_t>(board->cell_count()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  rng.shuffle(order.begin(), order.end());
  int cleared = 0;
  for (int cell : order) {
    if (cleared == blanks) break;
    puzzle.clear(cell);
    if (count_solutions(puzzle, 2).count == 1) {
      ++cleared;
    } else {
      puzzle.set(cell, solution[cell]);
    }
  }
  return puzzle;
}

TEST(GattaiShape, ShippedShapesHaveTheirCellsAndUnits) {
  struct Expected {
    const char* name;
    int cells;
    int units;
  };
  // cells: 81 per grid less 9 per box counted twice (Butterfly's and Flower's boxes lie in up to
  // four grids); units: 18 lines per grid and the board's distinct boxes.
  for (const Expected& expected : {Expected{"samurai", 369, 5 * 18 + 41}, Expected{"twin", 153, 2 * 18 + 17},
                                   Expected{"butterfly", 144, 4 * 18 + 16}, Expected{"flower", 189, 5 * 18 + 21},
                                   Expected{"sohei", 288, 4 * 18 + 32}, Expected{"windmill", 333, 5 * 18 + 37}}) {
    const auto board = board_named(expected.name);
    EXPECT_TRUE(board->is_gattai()) << expected.name;
    EXPECT_FALSE(board->has_regular_boxes()) << expected.name;
    EXPECT_EQ(board->size(), 9) << expected.name;
    EXPECT_EQ(board->cell_count(), expected.cells) << expected.name;
    EXPECT_EQ(static_cast<int>(board->units().size()), expected.units) << expected.name;
    EXPECT_EQ(board->first_extra_unit(), expected.units) << expected.name;
    for (const auto& unit : board->units()) EXPECT_EQ(unit.size(), 9u) << expected.name;
    // Interned: one board per shape.
    EXPECT_EQ(board.get(), board_named(expected.name).get());
    EXPECT_EQ(kernel_for(*board).name, "generic") << expected.name;
  }
  EXPECT_EQ(gattai_shape_names(), "samurai, twin, butterfly, flower, sohei, windmill");
}

TEST(GattaiShape, SamuraiCellsAndUnitsSpeakBoardCoordinates) {
  const auto board = board_named("samurai");
  EXPECT_EQ(board->board_rows(), 21);
  EXPECT_EQ(board->board_cols(), 21);
  EXPECT_EQ(board->cell_at(0, 9), -1);  // between the top grids: no cell
  EXPECT_EQ(board->cell_at(10, 0), -1);
  const int shared = board->cell_at(7, 7);  // grid 1's box 9 = grid 3's box 1
  ASSERT_GE(shared, 0);
  EXPECT_EQ(board->row_of(shared), 7);
  EXPECT_EQ(board->col_of(shared), 7);
  EXPECT_EQ(cell_name(*board, shared), "r8c8");
  EXPECT_EQ(board->units_of(shared).size(), 5u);  // two rows, two columns, one box
  EXPECT_EQ(board->units_of(board->cell_at(0, 0)).size(), 3u);
  // Peers: 20 in grid 1 and 20 in grid 3, the 8 box-mates counted once (the row and column
  // segments the grids share lie inside the box).
  EXPECT_EQ(board->peers(shared).size(), 20u + 20u - 8u);
  std::set<std::string> names;
  for (int unit : board->units_of(shared)) names.insert(gattai_unit_name(*board, unit));
  EXPECT_EQ(names, (std::set<std::string>{"grid 1, row 8", "grid 3, row 2", "grid 1, column 8", "grid 3, column 2",
                                          "grid 1, box 9 (grid 3, box 1)"}));
  EXPECT_EQ(board->describe(), "samurai (5 grids on 21x21)");
  EXPECT_EQ(gattai_grid_cells(*board, 2).front(), board->cell_at(6, 6));
  EXPECT_EQ(gattai_grid_cells(*board, 4).back(), board->cell_at(20, 20));
}

TEST(GattaiShape, HandGivenShapesAreCheckedAndReadBack) {
  const GattaiShape twin = parse_gattai_shape("  15x15 0,0 6,6 ");
  EXPECT_EQ(twin.name, "custom");
  EXPECT_EQ(twin.origins, gattai_shape_named("twin")->origins);
  EXPECT_EQ(gattai_shape_text(*gattai_shape_named("samurai")), "21x21 0,0 0,12 6,6 12,0 12,12");
  EXPECT_EQ(parse_gattai_shape("sohei"), *gattai_shape_named("sohei"));
  EXPECT_EQ(Geometry::gattai(twin)->cell_count(), 153);
  EXPECT_NE(error_of([] { parse_gattai_shape("dragon"); }).find("unknown gattai shape 'dragon'"), std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("15x15 0,0"); }).find("at least two grids"), std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("15x15 0,0 5,6"); }).find("grid 2 at 5,6 is off the box boundaries"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("15x15 0,0 9,9"); }).find("grid 2 at 9,9 reaches off the 15x15 board"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("18x18 0,0 9,9"); }).find("grid 2 at 9,9 shares no box"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("15x15 0,0 0,0"); }).find("lies on grid 1"), std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("15x15 0,0 6;6"); }).find("expected ROW,COLUMN for origin 2"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_gattai_shape("30x30 0,0 6,6"); }).find("9x9 to 25x25"), std::string::npos);
}

TEST(GattaiText, BothFormsRoundTrip) {
  Rng rng(0x5a3a7a1);
  for (const GattaiShape& shape : shipped_gattai_shapes()) {
    const auto board = Geometry::gattai(shape);
    const Grid solution = random_solution_grid(board, rng);
    ASSERT_TRUE(is_solution_of(solution, Grid(board))) << shape.name;
    Grid puzzle = solution;
    for (int cell = 0; cell < puzzle.cell_count(); cell += 3) puzzle.clear(cell);
    const std::string line = to_gattai_line(puzzle);
    EXPECT_EQ(line.size(), static_cast<std::size_t>(shape.rows * shape.cols)) << shape.name;
    EXPECT_EQ(parse_gattai_line(line, board), puzzle) << shape.name;
    const std::string grids = to_gattai_grids_line(puzzle);
    EXPECT_EQ(grids.size(), shape.origins.size() * 81) << shape.name;
    EXPECT_EQ(parse_gattai_line(grids, board), puzzle) << shape.name;
    // Each grid on its own is a solved classic grid.
    for (int g = 0; g < static_cast<int>(shape.origins.size()); ++g)
      EXPECT_TRUE(is_solution_of(gattai_grid(solution, g), Grid(Geometry::standard(9)))) << shape.name << g;
    const std::string picture = to_gattai_text(puzzle);
    EXPECT_EQ(std::count(picture.begin(), picture.end(), '\n'), shape.rows) << shape.name;
  }
}

std::vector<PuzzleEntry> read_text(const std::string& text, const std::string& shape = "") {
  std::istringstream input(text);
  ReadOptions options;
  options.gattai = true;
  if (!shape.empty()) options.gattai_board = board_named(shape);
  return read_puzzles(input, "samurai.txt", options);
}

TEST(GattaiText, ReaderNamesLineAndColumnOfEachFault) {
  const auto board = board_named("twin");
  Rng rng(0x7419);
  const Grid solution = random_solution_grid(board, rng);
  const std::string line = to_gattai_line(solution);
  // A file that names its shape, a label, comments and blank lines.
  auto entries = read_text("# twins\nshape: twin\n\n" + line + "  no. 1\n");
  ASSERT_EQ(entries.size(), 1u);
  ASSERT_TRUE(entries[0].ok()) << entries[0].error;
  EXPECT_EQ(entries[0].line, 4);
  EXPECT_EQ(entries[0].label, "no. 1");
  EXPECT_EQ(*entries[0].grid, solution);
  // The same shape given by its origins.
  entries = read_text("shape: 15x15 0,0 6,6\n" + to_gattai_grids_line(solution) + "\n");
  ASSERT_TRUE(entries.at(0).ok()) << entries[0].error;
  EXPECT_EQ(*entries[0].grid, solution);

  std::string bad = line;
  bad[20] = 'x';
  entries = read_text(bad + "\n", "twin");
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_FALSE(entries[0].ok());
  EXPECT_EQ(entries[0].error_line, 1);
  EXPECT_EQ(entries[0].error_column, 21);
  EXPECT_EQ(entries[0].error, "unexpected 'x' in a twin (2 grids on 15x15) puzzle (expected 1-9, '.' or '0', '-' for no cell)");

  bad = line;
  bad[9] = '5';  // r1c10: no grid covers it
  entries = read_text("  " + bad + "\n", "twin");
  EXPECT_EQ(entries.at(0).error_column, 12);
  EXPECT_EQ(entries[0].error, "expected '-' (no cell) at r1c10, got '5'");

  entries = read_text(line.substr(1) + "\n", "twin");
  EXPECT_EQ(entries.at(0).error,
            "expected 225 symbols (the 15x15 board row by row, '-' for no cell) or 162 (2 grids of 81) for a twin "
            "(2 grids on 15x15) puzzle, got 224");

  // The grid form's shared box must agree: grid 2's box 1 is grid 1's box 9.
  std::string grids = to_gattai_grids_line(solution);
  grids[81] = grids[81] == '1' ? '2' : '1';
  entries = read_text(grids + "\n", "twin");
  EXPECT_EQ(entries.at(0).error_column, 82);
  EXPECT_NE(entries[0].error.find("grid 2 has"), std::string::npos) << entries[0].error;

  entries = read_text(line + "\n");
  EXPECT_NE(entries.at(0).error.find("expected a \"shape:\" line"), std::string::npos);
  entries = read_text("shape: 15x15 0,0 6,7\n" + line + "\n");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].error_line, 1);
  EXPECT_EQ(entries[0].error_column, 7);
  EXPECT_NE(entries[0].error.find("off the box boundaries"), std::string::npos);
  EXPECT_FALSE(entries[1].ok());  // no shape above it any more
}

TEST(GattaiSymmetry, OnlyTheShapesOwnSymmetriesFit) {
  const auto fits = [](const std::string& name, Symmetry symmetry) {
    return symmetry_fits(*board_named(name), symmetry);
  };
  for (Symmetry symmetry : {Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror, Symmetry::diagonal}) {
    EXPECT_TRUE(fits("samurai", symmetry));
    EXPECT_TRUE(fits("sohei", symmetry));
    EXPECT_TRUE(fits("butterfly", symmetry));
    EXPECT_TRUE(fits("flower", symmetry));
  }
  EXPECT_TRUE(fits("twin", Symmetry::rotate180));
  EXPECT_TRUE(fits("twin", Symmetry::diagonal));
  EXPECT_FALSE(fits("twin", Symmetry::mirror));
  EXPECT_FALSE(fits("twin", Symmetry::rotate90));
  EXPECT_TRUE(fits("windmill", Symmetry::rotate90));
  EXPECT_FALSE(fits("windmill", Symmetry::mirror));
  EXPECT_NE(error_of([&] { cell_orbits(*board_named("twin"), Symmetry::mirror); }).find("has no mirror symmetry"),
            std::string::npos);
  // Samurai under a half turn: the centre cell alone, every other orbit a pair.
  const auto orbits = cell_orbits(*board_named("samurai"), Symmetry::rotate180);
  EXPECT_EQ(orbits.size(), (369u + 1u) / 2u);
}

// The grade runs over the union of the grids' units: singles and the rest see a shared box from
// both grids, so a puzzle no grid of which is unique alone is still graded to its one solution.
TEST(GattaiGrade, GradesTheWholeBoardAndNamesTheGrid) {
  Rng rng(0x6a77a1);
  const auto board = board_named("samurai");
  Grid solution;
  const Grid puzzle = dug_puzzle(board, rng, 200, &solution);
  ASSERT_EQ(count_solutions(puzzle, 2).count, 1);
  TechniqueOptions options;
  options.explain = true;
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  ASSERT_TRUE(grade.solved());
  bool named_grid = false;
  for (const TechniqueStep& step : grade.steps)
    named_grid = named_grid || step.detail.find("grid ") != std::string::npos;
  EXPECT_TRUE(named_grid) << "no step names a grid";
}

// A board whose grids cannot be solved one at a time: every grid alone has several solutions, yet
// the board is unique; the grade still solves it, passing digits through the shared boxes.
TEST(GattaiGrade, SharedBoxesCarryInformationBetweenGrids) {
  Rng rng(0x2bb1e);
  const auto board = board_named("twin");
  int checked = 0;
  for (int attempt = 0; attempt < 40 && checked < 3; ++attempt) {
    const Grid puzzle = dug_puzzle(board, rng, 1000);  // as many blanks as uniqueness allows
    bool every_grid_open = true;
    for (int g = 0; g < 2; ++g) every_grid_open = every_grid_open && count_solutions(gattai_grid(puzzle, g), 2).count == 2;
    if (!every_grid_open) continue;
    ++checked;
    const TechniqueGrade grade = grade_techniques(puzzle);
    EXPECT_TRUE(grade.solved() || grade.beyond()) << to_gattai_line(puzzle);
  }
  EXPECT_GT(checked, 0);
}

// Fish and unique rectangles on gattai boards are taken in one grid's rows and columns (a board row
// runs through several grids and is no house). On the paths of unique puzzles of every shape, each
// such step agrees with the solution, and its evidence is the pattern read on the board it was
// found on: a fish's base lines are one grid's rows (or columns), its cover lines that grid's
// columns (or rows), the digit's places in the base lie in the cover, and what it removes is the
// digit's other places in the cover; a rectangle's four corners lie two in every unit of the board
// that holds one (the other grids' rows and columns through a shared box too), so the digits could
// swap. Both kinds occur in the sample.
TEST(GattaiGrade, FishAndRectanglesLieInOneGridAndAgreeWithTheSolution) {
  Rng rng(0xf15a);
  std::map<Technique, int> seen;
  for (const std::string shape : {"twin", "samurai", "butterfly", "flower", "sohei", "windmill"})
    for (int i = 0; i < (shape == "twin" ? 12 : 2); ++i) {
      const auto board = board_named(shape);
      Grid solution;
      const Grid puzzle = dug_puzzle(board, rng, 1000, &solution);
      TechniqueOptions options;
      options.explain = true;
      const TechniqueGrade grade = grade_techniques(puzzle, options);
      const std::vector<PencilBoard> boards = step_boards(puzzle, grade.steps);
      ASSERT_EQ(boards.size(), grade.steps.size());
      for (std::size_t k = 0; k < grade.steps.size(); ++k) {
        const TechniqueStep& step = grade.steps[k];
        SCOPED_TRACE(to_gattai_line(puzzle) + ": " + step.detail);
        for (const CellValue& placed : step.placements) ASSERT_EQ(solution[placed.cell], placed.value);
        for (const CellValue& gone : step.eliminations) ASSERT_NE(solution[gone.cell], gone.value);
        const PencilBoard& before = boards[k];
        const auto& units = board->units();
        switch (step.technique) {
          case Technique::x_wing:
          case Technique::swordfish:
          case Technique::jellyfish: {
            ++seen[step.technique];
            const StepEvidence& evidence = step.evidence;
            ASSERT_EQ(evidence.units.size(), evidence.cover_units.size());
            // One grid holds every base and cover line.
            bool one_grid = false;
            for (std::size_t g = 0; g < board->gattai_shape()->origins.size(); ++g) {
              const std::vector<int> cells = gattai_grid_cells(*board, static_cast<int>(g));
              const auto inside = [&](int unit) {
                return std::all_of(units[static_cast<std::size_t>(unit)].begin(),
                                   units[static_cast<std::size_t>(unit)].end(), [&](int cell) {
                                     return std::find(cells.begin(), cells.end(), cell) != cells.end();
                                   });
              };
              one_grid = one_grid || (std::all_of(evidence.units.begin(), evidence.units.end(), inside) &&
                                      std::all_of(evidence.cover_units.begin(), evidence.cover_units.end(), inside));
            }
            EXPECT_TRUE(one_grid);
            const int digit = evidence.candidates.front().value;
            std::set<int> base;
            std::set<int> cover;
            for (int unit : evidence.units) {
              for (int cell : units[static_cast<std::size_t>(unit)]) EXPECT_TRUE(base.insert(cell).second) << "base lines overlap";
            }
            for (int unit : evidence.cover_units) cover.insert(units[static_cast<std::size_t>(unit)].begin(), units[static_cast<std::size_t>(unit)].end());
            std::set<std::pair<int, int>> removed;
            for (int cell : base) {
              if (before.has(cell, digit)) {
                EXPECT_TRUE(cover.count(cell)) << "a base place outside the cover";
              }
            }
            for (int cell : cover)
              if (!base.count(cell) && before.has(cell, digit)) removed.insert({cell, digit});
            std::set<std::pair<int, int>> eliminated;
            for (const CellValue& gone : step.eliminations) eliminated.insert({gone.cell, gone.value});
            EXPECT_EQ(eliminated, removed);
            break;
          }
          case Technique::unique_rectangle: {
            ++seen[step.technique];
            const std::vector<int>& corners = step.evidence.cells;
            ASSERT_EQ(corners.size(), 4U);
            for (std::size_t unit = 0; unit < units.size(); ++unit) {
              const auto held = std::count_if(corners.begin(), corners.end(), [&](int cell) {
                return std::find(units[unit].begin(), units[unit].end(), cell) != units[unit].end();
              });
              EXPECT_TRUE(held == 0 || held == 2) << "unit " << unit << " holds " << held << " corners";
            }
            break;
          }
          case Technique::unique_loop:
            ++seen[step.technique];
            break;
          default:
            break;
        }
      }
    }
  EXPECT_GT(seen[Technique::x_wing] + seen[Technique::swordfish] + seen[Technique::jellyfish], 0);
  EXPECT_GT(seen[Technique::unique_rectangle], 0);
}

}  // namespace
}  // namespace sudoku
