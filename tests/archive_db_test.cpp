#include "sudoku/publish/archive_db.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "sudoku/base/errors.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

const char* kPuzzle = "2..5....7.8..41.2..17.2..4.....57...5.1...3.4...61.....6..3.79..5.17..3.7....2..8";

ArchiveEntry entry(const std::string& puzzle_text, const std::string& date, const std::string& slot) {
  const Grid puzzle = parse_puzzle(puzzle_text);
  ArchiveEntry made;
  made.canonical = canonical_key(puzzle);
  made.puzzle = puzzle_text;
  made.publication = "daily";
  made.date = date;
  made.slot = slot;
  made.level = "hard";
  made.created = "2026-11-24T00:00:00Z";
  return made;
}

// A puzzle that differs from kPuzzle by one more given (another canonical key).
std::string another_puzzle(int variant) {
  const Grid solution = *count_solutions(parse_puzzle(kPuzzle), 1).solution;
  Grid puzzle = parse_puzzle(kPuzzle);
  int added = 0;
  for (int cell = 0; cell < 81 && added <= variant; ++cell)
    if (puzzle[cell] == 0 && added++ == variant) puzzle.set(cell, solution[cell]);
  return to_line(puzzle);
}

std::string scalar(const std::string& path, const std::string& sql) {
  return testing::run_command("sqlite3 '" + path + "' '" + sql + "'").out;
}

TEST(ArchiveDb, NewFileGetsTheVersionedSchemaAndOtherFilesAreRefused) {
  const std::string dir = testing::make_temp_dir("archive");
  const std::string path = dir + "/desk.sqlite";
  { ArchiveDb archive(path); }
  EXPECT_TRUE(is_sqlite_file(path));
  EXPECT_EQ(scalar(path, "PRAGMA user_version"), "1\n");
  {
    ArchiveDb again(path);  // opening an archive does not change it
    EXPECT_EQ(again.size(), 0U);
  }
  testing::write_text_file(dir + "/old.txt", std::string(kPuzzle) + "\n");
  EXPECT_FALSE(is_sqlite_file(dir + "/old.txt"));
  EXPECT_THROW(ArchiveDb(dir + "/old.txt"), InputError);
  testing::run_command("sqlite3 '" + dir + "/newer.sqlite' 'PRAGMA user_version = 7'");
  try {
    ArchiveDb newer(dir + "/newer.sqlite");
    ADD_FAILURE() << "a newer schema was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "archive schema version 7 is newer than this tool's (1)");
  }
  EXPECT_THROW(ArchiveDb(dir + "/missing/dir/x.sqlite"), IoError);
  std::filesystem::remove_all(dir);
}

TEST(ArchiveDb, FindsEverySymmetryReRecordsNothingTwiceAndWithdrawsWithoutForgetting) {
  const std::string dir = testing::make_temp_dir("archive");
  ArchiveDb archive(dir + "/desk.sqlite");
  archive.record("daily", {}, {entry(kPuzzle, "2026-12-05", "hard")});
  archive.record("daily", {}, {entry(kPuzzle, "2026-12-05", "hard")});  // a re-run
  EXPECT_EQ(archive.size(), 1U);
  Rng rng(5);
  const Grid puzzle = parse_puzzle(kPuzzle);
  const Grid turned = apply(random_transform(puzzle.geometry(), rng), puzzle);
  const auto found = archive.find(canonical_key(turned));
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].date, "2026-12-05");
  EXPECT_EQ(found[0].slot, "hard");
  EXPECT_EQ(found[0].puzzle, kPuzzle);
  // Another puzzle for a printed slot is refused, and the whole update with it.
  const ArchiveEntry other = entry(another_puzzle(0), "2026-12-05", "hard");
  EXPECT_THROW(archive.record("daily", {}, {entry(another_puzzle(1), "2026-12-06", "evil"), other}),
               InputError);
  EXPECT_EQ(archive.size(), 1U);
  // Withdrawn: kept (its key is still excluded), the slot free for the replacement.
  archive.record("daily", {{"2026-12-05", "hard"}}, {other});
  EXPECT_EQ(archive.size(), 2U);
  EXPECT_TRUE(archive.find(canonical_key(parse_puzzle(kPuzzle)))[0].withdrawn);
  EXPECT_EQ(archive.canonical_keys().count(canonical_key(parse_puzzle(kPuzzle))), 1U);
  const auto current = archive.current_slots("daily");
  ASSERT_EQ(current.size(), 1U);
  EXPECT_EQ(current.at({"2026-12-05", "hard"}).puzzle, other.puzzle);
  EXPECT_TRUE(archive.current_slots("weekly").empty());
  std::filesystem::remove_all(dir);
}

// Two desks writing at once: SQLite's lock makes them take turns; nothing is lost or half-written.
TEST(ArchiveDb, TwoConcurrentWritersNeverCorruptIt) {
  const std::string dir = testing::make_temp_dir("archive");
  const std::string path = dir + "/desk.sqlite";
  { ArchiveDb create(path); }
  constexpr int kUpdates = 25;
  constexpr int kPerUpdate = 8;
  auto desk = [&](const std::string& publication) {
    ArchiveDb archive(path);
    for (int u = 0; u < kUpdates; ++u) {
      std::vector<ArchiveEntry> entries;
      for (int e = 0; e < kPerUpdate; ++e) {
        ArchiveEntry made = entry(kPuzzle, add_days("2026-01-01", u), "slot-" + std::to_string(e));
        made.publication = publication;
        entries.push_back(made);
      }
      archive.record(publication, {}, entries);
    }
  };
  std::thread first(desk, "morning-paper");
  std::thread second(desk, "evening-paper");
  first.join();
  second.join();
  EXPECT_EQ(ArchiveDb(path).size(), 2U * kUpdates * kPerUpdate);
  EXPECT_EQ(scalar(path, "PRAGMA integrity_check"), "ok\n");
  // And two processes: two generate-book runs of different publications into one archive.
  const std::string plan = R"({"title": "t", "publication": "P", "seed": 3,
      "calendar": {"from": "2026-12-01", "days": 3, "slots": {"tue": ["easy"], "wed": ["easy"], "thu": ["easy"]}}})";
  for (const std::string publication : {"north", "south"}) {
    std::string text = plan;
    text.replace(text.find("\"P\""), 3, "\"" + publication + "\"");
    testing::write_text_file(dir + "/" + publication + ".json", text);
  }
  const std::string tool = testing::tool_path("generate-book");
  const auto both = testing::run_command(
      "(" + tool + " " + dir + "/north.json -o " + dir + "/n -j1 --update-archive " + path + " & " + tool +
      " " + dir + "/south.json -o " + dir + "/s -j1 --update-archive " + path + "; wait) 2>&1");
  EXPECT_EQ(scalar(path, "SELECT count(*) FROM puzzles WHERE publication IN (\"north\", \"south\")"), "6\n")
      << both.out;
  EXPECT_EQ(scalar(path, "PRAGMA integrity_check"), "ok\n");
  std::filesystem::remove_all(dir);
}

// Re-running archived dates reproduces them; --replace changes only the replaced slot.
TEST(ArchiveDb, ReRunsReproduceAndReplaceRemakesOneSlot) {
  const std::string dir = testing::make_temp_dir("archive");
  ArchiveDb archive(dir + "/desk.sqlite");
  const Plan plan = parse_plan(parse_json(R"({"title": "Desk", "publication": "daily", "seed": 11,
      "calendar": {"from": "2026-11-30", "days": 3, "slots": {"mon": ["easy", "medium"], "tue": ["easy"],
                   "wed": ["easy"]}}})",
                                          "plan.json"),
                               ".");
  auto run = [&](const std::vector<SlotName>& replace) {
    const ArchivePlanning planning = plan_against_archive(archive, plan, replace);
    BookGenerationOptions options;
    options.output_directory = dir + "/out";
    options.archive = planning.excluded;
    options.published = planning.expected;
    const Book book = generate_book(plan, options).book;
    archive.record(plan.publication, replace, archive_entries(plan, book, "now"));
    return book;
  };
  const Book first = run({});
  EXPECT_EQ(archive.size(), 4U);
  EXPECT_EQ(book_to_json(run({})), book_to_json(first));
  EXPECT_EQ(archive.size(), 4U);
  const Book replaced = run({{"2026-12-01", "easy"}});
  EXPECT_EQ(archive.size(), 5U);
  for (std::size_t c = 0; c < first.chapters.size(); ++c) {
    const bool is_replaced = first.chapters[c].title == "2026-12-01 easy";
    EXPECT_EQ(first.chapters[c].puzzles[0].canonical == replaced.chapters[c].puzzles[0].canonical,
              !is_replaced)
        << first.chapters[c].title;
  }
  EXPECT_EQ(book_to_json(run({})), book_to_json(replaced));  // the replacement is reproduced too
  EXPECT_THROW(plan_against_archive(archive, plan, {{"2026-12-09", "easy"}}), InputError);
  try {
    parse_slot_name("2026-12-01-easy");
    ADD_FAILURE();
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "\"2026-12-01-easy\": expected DATE:SLOT, e.g. 2026-12-05:hard");
  }
  std::filesystem::remove_all(dir);
}

TEST(ArchiveDb, TextArchivesAreImported) {
  const std::string dir = testing::make_temp_dir("archive");
  testing::write_text_file(dir + "/old.txt",
                           std::string(kPuzzle) + " printed 2019\n" + another_puzzle(2) + "\n");
  ArchiveDb archive(dir + "/desk.sqlite");
  archive.record("", {}, imported_entries(dir + "/old.txt", "now"));
  archive.record("", {}, imported_entries(dir + "/old.txt", "now"));
  EXPECT_EQ(archive.size(), 2U);
  EXPECT_EQ(archive.find(canonical_key(parse_puzzle(kPuzzle)))[0].publication, "imported:old.txt");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
