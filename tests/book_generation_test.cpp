// SPDX-License-Identifier: Apache-2.0
#include "sudoku/generate/book_generation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>

#include "reference_solver.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

const char* kPlan = R"({"title": "Test book", "author": "tests", "seed": 99, "symmetry": "rotate180",
  "chapters": [{"title": "Easy", "level": "easy", "count": 4},
               {"title": "Hard", "level": "hard", "count": 3},
               {"title": "Evil", "level": "evil", "count": 2, "date": "2026-11-23"}]})";

Plan test_plan(const std::string& text = kPlan) {
  return parse_plan(parse_json(text, "plan.json"), ".");
}

BookGenerationResult generate(const Plan& plan, int jobs, const std::set<std::string>& archive = {}) {
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book");
  options.jobs = jobs;
  options.archive = archive;
  options.tool_version = "test";
  auto result = generate_book(plan, options);
  std::filesystem::remove_all(options.output_directory);
  return result;
}

TEST(BookGeneration, EveryPuzzleIsUniqueSymmetricDistinctAndOnTarget) {
  const Plan plan = test_plan();
  const auto result = generate(plan, 2);
  const auto metric = make_rating_metric(plan.metric, plan.metric_settings());
  EXPECT_EQ(plan.metric, "technique");  // the press levels by default
  std::set<std::string> keys;
  ASSERT_EQ(result.book.chapters.size(), 3U);
  for (std::size_t c = 0; c < result.book.chapters.size(); ++c) {
    const auto& chapter = result.book.chapters[c];
    ASSERT_EQ(chapter.puzzles.size(), static_cast<std::size_t>(plan.chapters[c].count));
    for (const auto& puzzle : chapter.puzzles) {
      const auto reference = testing::reference_count_solutions(puzzle.puzzle, 2);
      EXPECT_EQ(reference.count, 1) << puzzle.id;
      EXPECT_EQ(*reference.first_solution, puzzle.solution) << puzzle.id;
      EXPECT_TRUE(has_symmetry(puzzle.puzzle, Symmetry::rotate180)) << puzzle.id;
      EXPECT_TRUE(keys.insert(canonical_key(puzzle.puzzle)).second) << puzzle.id;
      EXPECT_EQ(puzzle.canonical, canonical_key(puzzle.puzzle));
      ASSERT_TRUE(plan.chapters[c].band && plan.chapters[c].givens);
      EXPECT_TRUE(plan.chapters[c].band->contains(puzzle.rating)) << puzzle.id << " " << puzzle.rating;
      EXPECT_TRUE(plan.chapters[c].givens->contains(puzzle.givens)) << puzzle.id << " " << puzzle.givens;
      EXPECT_DOUBLE_EQ(metric->rate(puzzle.puzzle).value, puzzle.rating) << puzzle.id;
      EXPECT_EQ(puzzle.givens, puzzle.puzzle.givens());
    }
  }
  EXPECT_EQ(result.book.chapters[0].puzzles[0].id, "easy-001");
  EXPECT_EQ(result.book.chapters[2].puzzles[1].id, "evil-002");
  EXPECT_EQ(result.book.chapters[2].puzzles[1].date, "2026-11-23");
  EXPECT_FALSE(result.book.chapters[0].puzzles[0].date);
}

// Issue 17: every size with every symmetry (one easiest-level puzzle each), and every level of the
// small sizes; each puzzle unique (checked by the reference solver), symmetric, in its band and
// its size's givens range.
TEST(BookGeneration, EverySizeWithEverySymmetryAndTheSmallSizesAtEveryLevel) {
  for (int size : Geometry::supported_sizes()) {
    const Calibration press = press_calibration(size);
    for (const Symmetry symmetry :
         {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror, Symmetry::diagonal}) {
      std::string chapters = R"({"level": "easy", "count": 1})";
      if (size <= 6 && symmetry == Symmetry::rotate180)
        for (std::size_t l = 1; l < press.levels.size(); ++l)
          chapters += R"(, {"level": ")" + press.levels[l].name + R"(", "count": 2})";
      const Plan plan =
          test_plan(R"({"title": "t", "seed": 17, "size": )" + std::to_string(size) + R"(, "symmetry": ")" +
                    std::string(to_string(symmetry)) + R"(", "chapters": [)" + chapters + "]}");
      const auto result = generate(plan, 2);
      for (std::size_t c = 0; c < result.book.chapters.size(); ++c)
        for (const auto& puzzle : result.book.chapters[c].puzzles) {
          const std::string where =
              std::to_string(size) + " " + std::string(to_string(symmetry)) + " " + puzzle.id;
          EXPECT_EQ(puzzle.puzzle.geometry().size(), size) << where;
          EXPECT_EQ(testing::reference_count_solutions(puzzle.puzzle, 2).count, 1) << where;
          EXPECT_TRUE(has_symmetry(puzzle.puzzle, symmetry)) << where;
          EXPECT_TRUE(plan.chapters[c].band->contains(puzzle.rating)) << where << " " << puzzle.rating;
          EXPECT_TRUE(plan.chapters[c].givens->contains(puzzle.givens)) << where << " " << puzzle.givens;
        }
    }
  }
}

TEST(BookGeneration, TechniquePlanGradesEveryPuzzleWithinTolerance) {
  const std::string calibration = testing::test_data("../../examples/calibration-technique.json");
  const Plan plan = test_plan(
      R"({"title": "By technique", "seed": 5, "metric": "technique", "calibration": ")" + calibration +
      R"(", "chapters": [{"level": "easy", "count": 3}, {"level": "medium", "count": 3},
                                 {"level": "hard", "count": 3}, {"level": "evil", "count": 3}]})");
  const auto result = generate(plan, 2);
  const auto metric = make_rating_metric("technique");
  for (std::size_t c = 0; c < result.book.chapters.size(); ++c)
    for (const auto& puzzle : result.book.chapters[c].puzzles) {
      EXPECT_EQ(count_solutions(puzzle.puzzle, 2).count, 1) << puzzle.id;
      EXPECT_EQ(metric->rate(puzzle.puzzle).value, puzzle.rating) << puzzle.id;
      EXPECT_EQ(puzzle.rating, std::round(puzzle.rating * 10) / 10) << puzzle.id << ": grades are in tenths";
      EXPECT_LE(std::abs(puzzle.rating - plan.chapters[c].target), 0.1 * plan.chapters[c].target)
          << puzzle.id;
    }
}

// A calendar slot's puzzle depends only on (seed, publication, date, slot), and its printed number
// on the calendar's numbering and the date: one day alone is the same puzzle, with the same number,
// as that day in a longer run, and another publication gets other puzzles.
TEST(BookGeneration, ACalendarDayAloneIsTheSameAsInTheWholeRun) {
  auto calendar_plan = [](const std::string& publication, const std::string& from, int days) {
    return test_plan(R"({"title": "Desk", "publication": ")" + publication + R"(", "seed": 7,
        "calendar": {"from": ")" +
                     from + R"(", "days": )" + std::to_string(days) + R"(,
                     "slots": {"mon": ["easy", "medium"], "tue": ["easy"], "wed": ["easy"]},
                     "number-from": "2026-11-30", "first-number": 40}})");
  };
  const Book week = generate(calendar_plan("daily", "2026-11-30", 3), 2).book;  // Mon, Tue, Wed
  const Book tuesday = generate(calendar_plan("daily", "2026-12-01", 1), 1).book;
  ASSERT_EQ(week.chapters.size(), 4U);
  ASSERT_EQ(tuesday.chapters.size(), 1U);
  EXPECT_EQ(tuesday.chapters[0].puzzles[0].id, "2026-12-01-easy");
  auto day_json = [](const BookChapter& chapter) {
    Book day;
    day.chapters = {chapter};
    return book_to_json(day);
  };
  EXPECT_EQ(day_json(tuesday.chapters[0]), day_json(week.chapters[2]));
  // Monday's two slots are Nos. 40 and 41, Tuesday's is 42 in either run, Wednesday's 43.
  for (std::size_t c = 0; c < week.chapters.size(); ++c)
    EXPECT_EQ(week.chapters[c].puzzles[0].number, std::optional<int>(40 + static_cast<int>(c)));
  EXPECT_EQ(tuesday.chapters[0].puzzles[0].number, std::optional<int>(42));
  const Book other = generate(calendar_plan("other", "2026-12-01", 1), 1).book;
  EXPECT_NE(other.chapters[0].puzzles[0].canonical, tuesday.chapters[0].puzzles[0].canonical);
}

TEST(BookGeneration, SameBytesWhateverTheJobs) {
  const Plan plan = test_plan();
  EXPECT_EQ(book_to_json(generate(plan, 1).book), book_to_json(generate(plan, 2).book));
  EXPECT_EQ(book_to_json(generate(plan, 1).book), book_to_json(generate(plan, 3).book));
}

TEST(BookGeneration, ArchivedPuzzleEvenTransformedIsNotRepeated) {
  const Plan plan = test_plan();
  const auto first = generate(plan, 2);
  const Grid published = first.book.chapters[1].puzzles[1].puzzle;
  Rng rng(5);
  const Grid disguised = apply(random_transform(published.geometry(), rng), published);
  ASSERT_FALSE(disguised == published);
  const auto second = generate(plan, 2, {canonical_key(disguised)});
  EXPECT_FALSE(second.book.chapters[1].puzzles[1].puzzle == published);
  // Only that slot changes; its neighbours keep their puzzles.
  EXPECT_EQ(second.book.chapters[1].puzzles[0].puzzle, first.book.chapters[1].puzzles[0].puzzle);
  EXPECT_EQ(second.book.chapters[2].puzzles[0].puzzle, first.book.chapters[2].puzzles[0].puzzle);
  EXPECT_NE(second.book.chapters[1].puzzles[1].seed, first.book.chapters[1].puzzles[1].seed);
}

TEST(BookGeneration, WritesTheBookFilesAndRemovesTheCheckpoint) {
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book") + "/nested/out";
  options.jobs = 2;
  const auto result = generate_book(test_plan(), options);
  const std::filesystem::path dir(options.output_directory);
  EXPECT_EQ(read_book((dir / "book.json").string()).puzzle_count(), 9U);
  const auto puzzles = load_puzzles((dir / "puzzles.txt").string());
  const auto solutions = load_puzzles((dir / "solutions.txt").string());
  ASSERT_EQ(puzzles.size(), 9U);
  ASSERT_EQ(solutions.size(), 9U);
  EXPECT_EQ(puzzles[0], result.book.chapters[0].puzzles[0].puzzle);
  EXPECT_TRUE(is_solution_of(solutions[8], puzzles[8]));
  EXPECT_FALSE(std::filesystem::exists(checkpoint_path(options.output_directory)));
}

TEST(BookGeneration, UnreachableTargetNamesTheChapterAndKeepsTheCheckpoint) {
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book");
  options.climb.max_moves = 300;
  options.climb.max_restarts = 0;
  const Plan plan =
      test_plan(R"({"title": "t", "seed": 1, "chapters": [{"title": "Easy", "level": "easy", "count": 2},
      {"title": "Impossible", "level": 1000000000, "count": 1}]})");
  try {
    generate_book(plan, options);
    FAIL() << "expected GenerationError";
  } catch (const GenerationError& error) {
    EXPECT_NE(std::string(error.what()).find("chapter \"Impossible\": puzzle 1 missed its target"),
              std::string::npos)
        << error.what();
  }
  EXPECT_TRUE(std::filesystem::exists(checkpoint_path(options.output_directory)));
  EXPECT_FALSE(std::filesystem::exists(options.output_directory + "/book.json"));
}

TEST(BookGeneration, ResumeAfterAnInterruptionGivesTheSameBook) {
  const Plan plan = test_plan();
  const std::string reference = book_to_json(generate(plan, 2).book);
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book");
  options.jobs = 2;
  options.tool_version = "test";
  // Interrupt once a few puzzles are done: the checkpoint keeps them, no book is written.
  const auto interrupt = [](const std::vector<std::size_t>& done) {
    if (done[0] + done[1] + done[2] >= 3) throw std::runtime_error("interrupted");
  };
  EXPECT_THROW(generate_book(plan, options, interrupt), std::runtime_error);
  EXPECT_TRUE(std::filesystem::exists(checkpoint_path(options.output_directory)));
  EXPECT_FALSE(std::filesystem::exists(options.output_directory + "/book.json"));
  options.resume = true;
  const auto resumed = generate_book(plan, options);
  EXPECT_GE(resumed.resumed, 3U);
  EXPECT_EQ(book_to_json(resumed.book), reference);
  // A checkpoint made under another climber budget is refused rather than silently mixed in.
  EXPECT_THROW(generate_book(plan, options, interrupt), std::runtime_error);
  options.climb.max_moves = 7;
  EXPECT_THROW(generate_book(plan, options), InputError);
  std::filesystem::remove_all(options.output_directory);
}

// Interrupts test_plan() once a slot is finished, lets `edit` change the checkpoint (its path in
// `path`), and resumes: returns the InputError that must follow.
InputError resume_edited_checkpoint(const std::function<void(std::string&)>& edit, std::string& path) {
  const Plan plan = test_plan();
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book");
  const auto interrupt = [](const std::vector<std::size_t>& done) {
    if (done[0] + done[1] + done[2] >= 1) throw std::runtime_error("interrupted");
  };
  EXPECT_THROW(generate_book(plan, options, interrupt), std::runtime_error);
  path = checkpoint_path(options.output_directory);
  std::string text = testing::read_text_file(path);
  edit(text);
  testing::write_text_file(path, text);
  options.resume = true;
  try {
    generate_book(plan, options);
  } catch (const InputError& error) {
    return error;
  }
  ADD_FAILURE() << "expected InputError";
  return InputError(path, 0, 0, "");
}

TEST(BookGeneration, MalformedGridInTheCheckpointNamesFileAndJsonPath) {
  std::string path;
  const InputError error = resume_edited_checkpoint(
      [](std::string& text) {
        const std::size_t puzzle = text.find("\"puzzle\": \"");
        ASSERT_NE(puzzle, std::string::npos);
        text.insert(puzzle + 11, "12");  // 83 symbols, the first two out of range
      },
      path);
  EXPECT_NE(std::string(error.what()).find(path + ": $.slots[0].puzzle: "), std::string::npos)
      << error.what();
}

// Found by fuzzing (tests/fuzz/corpus/checkpoint_reader/crash-killer-size-10.json): a Killer slot
// whose line has 82 symbols ended the run with std::invalid_argument, naming neither file nor slot.
TEST(BookGeneration, AKillerSlotOfNoGridSizeInTheCheckpointNamesFileAndJsonPath) {
  std::string path;
  const InputError error = resume_edited_checkpoint(
      [](std::string& text) {
        const std::size_t puzzle = text.find("\"puzzle\": \"");
        ASSERT_NE(puzzle, std::string::npos);
        text.insert(puzzle + 11, "1");
        text.insert(text.find("\"slot\": "), "\"variant\": \"killer\", \"cages\": [], ");
      },
      path);
  EXPECT_NE(std::string(error.what()).find(path + ": $.slots[0]: unsupported grid size 10"),
            std::string::npos)
      << error.what();
}

// Found by fuzzing (checkpoint_reader/crash-solution-of-another-size.json): a 9x9 puzzle with a 4x4
// solution was read as a slot.
TEST(BookGeneration, ASolutionOfAnotherSizeInTheCheckpointNamesFileAndJsonPath) {
  std::string path;
  const InputError error = resume_edited_checkpoint(
      [](std::string& text) {
        const std::size_t solution = text.find("\"solution\": \"");
        ASSERT_NE(solution, std::string::npos);
        text.replace(solution + 13, 81, "1234341221434321");
      },
      path);
  EXPECT_NE(std::string(error.what())
                .find(path + ": $.slots[0].solution: expected a solution of the puzzle's size (9x9)"),
            std::string::npos)
      << error.what();
}

// An edited checkpoint whose puzzle no longer checks out is named, with the slot and the puzzle.
TEST(BookGeneration, AnEditedCheckpointNamesTheSlotAndTheFile) {
  std::string path;
  const InputError error = resume_edited_checkpoint(
      [](std::string& text) {
        const std::size_t solution = text.find("\"solution\": \"");
        ASSERT_NE(solution, std::string::npos);
        std::swap(text[solution + 13], text[solution + 14]);  // two cells of a row: a grid, not the solution
      },
      path);
  EXPECT_EQ(error.source(), path);
  EXPECT_EQ(error.message().rfind(
                "chapter \"Easy\": puzzle 1 failed verification (solution, uniqueness or symmetry): ", 0),
            0U)
      << error.what();
  EXPECT_NE(error.message().find("read from this checkpoint"), std::string::npos) << error.what();
}

TEST(BookGeneration, ArchiveFilesRoundTrip) {
  const auto result = generate(test_plan(), 2);
  const std::string dir = testing::make_temp_dir("archive");
  std::string text;
  for (int copy = 0; copy < 2; ++copy)
    for (const auto& chapter : result.book.chapters)
      for (const auto& puzzle : chapter.puzzles) text += to_line(puzzle.puzzle) + " " + puzzle.id + "\n";
  testing::write_text_file(dir + "/archive.txt", text);
  EXPECT_EQ(load_puzzles(dir + "/archive.txt").size(), 18U);
  EXPECT_EQ(read_archive({dir + "/archive.txt"}).size(), 9U);
  std::filesystem::remove_all(dir);
}

// Issue 19: a small Killer book (6x6, so seconds; 9x9 Killer climbs are hill_climber_test's and
// examples/plan-killer.json's). Every puzzle is a newspaper Killer — cages over the whole grid, no
// givens — with one solution (the reference solver checks the sums), cages of 2-4 cells (a split
// may leave a single cell) that keep the half-turn symmetry, in its band, distinct; the
// same bytes for any number of jobs and after an interrupted run resumes from its checkpoint.
const char* kKillerPlan = R"({"title": "Killer", "seed": 19, "size": 6, "symmetry": "rotate180",
  "variant": "killer", "cages": {"smallest": 2, "largest": 4},
  "chapters": [{"title": "Easy", "level": "easy", "count": 2}, {"title": "Medium", "level": "medium", "count": 1}]})";

TEST(BookGeneration, KillerBooksAreUniqueSymmetricDistinctAndResumable) {
  const Plan plan = test_plan(kKillerPlan);
  const auto result = generate(plan, 2);
  std::set<std::string> keys;
  for (std::size_t c = 0; c < result.book.chapters.size(); ++c) {
    for (const auto& puzzle : result.book.chapters[c].puzzles) {
      const Geometry& board = puzzle.puzzle.geometry();
      ASSERT_EQ(board.variant(), Variant::killer) << puzzle.id;
      EXPECT_EQ(puzzle.puzzle.givens(), 0) << puzzle.id;
      const auto reference = testing::reference_count_solutions(puzzle.puzzle, 2);
      EXPECT_EQ(reference.count, 1) << puzzle.id;
      EXPECT_EQ(*reference.first_solution, puzzle.solution) << puzzle.id;
      EXPECT_TRUE(has_cage_symmetry(board.cages(), puzzle.solution, Symmetry::rotate180)) << puzzle.id;
      int covered = 0;
      for (const Cage& cage : board.cages()) {
        EXPECT_LE(cage.cells.size(), 4U) << puzzle.id;
        covered += static_cast<int>(cage.cells.size());
      }
      EXPECT_EQ(covered, 36) << puzzle.id;
      EXPECT_TRUE(keys.insert(canonical_key(puzzle.puzzle)).second) << puzzle.id;
      if (plan.chapters[c].band) {
        EXPECT_TRUE(plan.chapters[c].band->contains(puzzle.rating)) << puzzle.rating;
      }
    }
  }
  const std::string bytes = book_to_json(result.book);
  EXPECT_EQ(book_to_json(parse_book(bytes, "book.json")), bytes);  // the cages round-trip
  EXPECT_EQ(book_to_json(generate(plan, 1).book), bytes);
  BookGenerationOptions options;
  options.output_directory = testing::make_temp_dir("book");
  options.jobs = 2;
  options.tool_version = "test";
  const auto interrupt = [](const std::vector<std::size_t>& done) {
    if (done[0] + done[1] >= 2) throw std::runtime_error("interrupted");
  };
  EXPECT_THROW(generate_book(plan, options, interrupt), std::runtime_error);
  options.resume = true;
  const auto resumed = generate_book(plan, options);
  EXPECT_GE(resumed.resumed, 2U);
  EXPECT_EQ(book_to_json(resumed.book), bytes);
  std::filesystem::remove_all(options.output_directory);
}

}  // namespace
}  // namespace sudoku
