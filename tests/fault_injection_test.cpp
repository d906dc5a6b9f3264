// SPDX-License-Identifier: Apache-2.0
// Fault injection (tests/support/fault_injection.c, preloaded): the N-th write, rename or fsync of a
// run fails, for every N a run has (sampled evenly when there are many). After each failed run, and
// the recovery the next run would do, the output folder and the archive must be the old set or the
// new one, byte for byte — never a mix, never a half-written file. docs/reliability.md has the
// numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "sudoku/base/output_set.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The visible files of a folder (the folder's own bookkeeping, dot files, left out), with their bytes.
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (name.starts_with(".")) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files[fs::relative(it->path(), dir).string()] = testing::read_text_file(it->path().string());
  }
  return files;
}

std::string preload(long fault_at, const std::string& log = {}) {
  return "LD_PRELOAD=" + std::string(SUDOKU_FAULT_LIBRARY) + " SUDOKU_FAULT_AT=" + std::to_string(fault_at) +
         (log.empty() ? "" : " SUDOKU_FAULT_LOG=" + log) + " SOURCE_DATE_EPOCH=1700000000 ";
}

// The points to fail: every one when there are few, else the first and last ten and `middle` evenly
// between them.
std::set<long> fault_points(long count, long middle = 20) {
  std::set<long> points;
  for (long n = 1; n <= count; ++n)
    if (count <= 2 * 10 + middle || n <= 10 || n > count - 10 || n % (count / middle) == 0) points.insert(n);
  return points;
}

struct Tally {
  int runs = 0, failed = 0, old_set = 0, new_set = 0;
};

// The archive's rows and integrity, through a reader (which rolls a hot journal back).
std::string archive_rows(const std::string& archive) {
  return testing::run_command("sqlite3 '" + archive + "' 'SELECT count(*) FROM puzzles; PRAGMA integrity_check'").out;
}

// Runs `command` once from `fresh()` to count its calls, then from `fresh()` again with a fault at each
// point of fault_points(count, middle), handing each run to `check`. Returns the count.
long for_each_fault(const std::string& dir, const std::function<void()>& fresh, const std::string& command, long middle,
                    Tally& tally, const std::function<void(long, const testing::CommandResult&)>& check) {
  fresh();
  EXPECT_EQ(testing::run_command(preload(0, dir + "/count") + command).exit_code, 0);
  const long count = std::stol(testing::read_text_file(dir + "/count"));
  for (const long n : fault_points(count, middle)) {
    fresh();
    const auto run = testing::run_command(preload(n) + command);
    ++tally.runs;
    tally.failed += run.exit_code != 0;
    check(n, run);
  }
  return count;
}

TEST(FaultInjection, ASplitFolderIsTheOldSetOrTheNewOne) {
  const std::string dir = testing::make_temp_dir("fault-split");
  fs::create_directories(dir + "/book");
  fs::copy_file(testing::test_data("books/sample/book.json"), dir + "/book/book.json");
  const std::string typeset = testing::tool_path("typeset") + " " + dir + "/book --template newspaper --split ";
  // The old set: SVG grids; the new one: SVG and EPS grids (more files, some the same names).
  ASSERT_EQ(testing::run_command(preload(0) + typeset + "--format svg -o " + dir + "/old").exit_code, 0);
  ASSERT_EQ(testing::run_command(preload(0) + typeset + "--format svg,eps -o " + dir + "/new").exit_code, 0);
  const auto old_set = snapshot(dir + "/old"), new_set = snapshot(dir + "/new");
  ASSERT_NE(old_set, new_set);
  const auto fresh = [&] {
    fs::remove_all(dir + "/out");
    fs::copy(dir + "/old", dir + "/out", fs::copy_options::recursive);
  };
  fresh();
  ASSERT_EQ(testing::run_command(preload(0, dir + "/count") + typeset + "--format svg,eps -o " + dir + "/out").exit_code, 0);
  const long count = std::stol(testing::read_text_file(dir + "/count"));
  ASSERT_GT(count, 10);
  Tally tally;
  for (const long n : fault_points(count)) {
    fresh();
    const auto run = testing::run_command(preload(n) + typeset + "--format svg,eps -o " + dir + "/out");
    ++tally.runs;
    tally.failed += run.exit_code != 0;
    recover_output_set(dir + "/out");  // what the next run or reader does first
    const auto now = snapshot(dir + "/out");
    tally.old_set += now == old_set;
    tally.new_set += now == new_set;
    EXPECT_TRUE(now == old_set || now == new_set) << "fault at call " << n << " of " << count << ": " << run.err;
    if (run.exit_code == 0) {
      EXPECT_EQ(now, new_set) << n;
    }
  }
  std::cout << "split: " << count << " calls, " << tally.runs << " faults: " << tally.failed << " runs failed, "
            << tally.old_set << " left the old set, " << tally.new_set << " the new one\n";
  fs::remove_all(dir);
}

TEST(FaultInjection, ADeskRunLeavesTheOldBookAndArchiveOrTheNewOnes) {
  const std::string dir = testing::make_temp_dir("fault-desk");
  // The new plan's days follow the old one's: the archive takes both.
  const auto plan = [&](const std::string& name, int seed, const std::string& from) {
    testing::write_text_file(dir + "/" + name, R"({"title": "t", "publication": "P", "seed": )" +
                                                   std::to_string(seed) + R"(, "calendar": {"from": ")" + from +
                                                   R"(", "days": 2, "slots": {"tue": ["easy"], "wed": ["easy"]}}})");
    return dir + "/" + name;
  };
  const std::string old_plan = plan("old.json", 3, "2026-12-01"), new_plan = plan("new.json", 4, "2026-12-08");
  const std::string generate = testing::tool_path("generate-book") + " -j1 ";
  const auto& rows = archive_rows;
  // The old state: the old plan's book and archive; the new: the new plan's, made over them.
  ASSERT_EQ(testing::run_command(preload(0) + generate + old_plan + " -o " + dir + "/old --update-archive " + dir +
                                 "/old.sqlite").exit_code, 0);
  fs::copy(dir + "/old", dir + "/new", fs::copy_options::recursive);
  fs::copy_file(dir + "/old.sqlite", dir + "/new.sqlite");
  ASSERT_EQ(testing::run_command(preload(0) + generate + new_plan + " -o " + dir + "/new --update-archive " + dir +
                                 "/new.sqlite").exit_code, 0);
  const auto old_set = snapshot(dir + "/old"), new_set = snapshot(dir + "/new");
  const std::string old_rows = rows(dir + "/old.sqlite"), new_rows = rows(dir + "/new.sqlite");
  ASSERT_NE(old_set, new_set);
  ASSERT_NE(old_rows, new_rows);
  const auto fresh = [&] {
    fs::remove_all(dir + "/out");
    fs::remove(dir + "/out.sqlite");
    fs::remove(dir + "/out.sqlite-journal");
    fs::copy(dir + "/old", dir + "/out", fs::copy_options::recursive);
    fs::copy_file(dir + "/old.sqlite", dir + "/out.sqlite");
  };
  const std::string run_new = generate + new_plan + " -o " + dir + "/out --update-archive " + dir + "/out.sqlite";
  Tally tally;
  const long count = for_each_fault(dir, fresh, run_new, 10, tally, [&](long n, const testing::CommandResult& run) {
    recover_output_set(dir + "/out");
    const auto now = snapshot(dir + "/out");
    const std::string now_rows = rows(dir + "/out.sqlite");  // a reader: rolls a hot journal back
    tally.old_set += now == old_set;
    tally.new_set += now == new_set;
    EXPECT_TRUE(now == old_set || now == new_set) << "fault at call " << n << ": " << run.err;
    EXPECT_TRUE(now_rows == old_rows || now_rows == new_rows) << n << ": " << now_rows;
    if (run.exit_code == 0) {
      EXPECT_EQ(now, new_set) << n;
      EXPECT_EQ(now_rows, new_rows) << n;
    }
  });
  std::cout << "desk: " << count << " calls, " << tally.runs << " faults: " << tally.failed << " runs failed, "
            << tally.old_set << " left the old book, " << tally.new_set << " the new one\n";
  fs::remove_all(dir);
}

// The archive alone: an import into the archive (no book) is the old archive or the new one after a
// fault at any write, rename or fsync of its commit, with its integrity intact.
TEST(FaultInjection, AnArchiveImportIsTheOldArchiveOrTheNewOne) {
  const std::string dir = testing::make_temp_dir("fault-archive");
  const std::string corpus = testing::read_text_file(testing::corpus_path("top95.txt"));
  const auto lines = [&](std::size_t from, std::size_t count, const std::string& name) {
    std::string text;
    std::size_t start = 0;
    for (std::size_t line = 0; line < from + count && start < corpus.size(); ++line) {
      const std::size_t end = corpus.find('\n', start);
      if (line >= from) text += corpus.substr(start, end - start) + "\n";
      start = end + 1;
    }
    testing::write_text_file(dir + "/" + name, text);
    return dir + "/" + name;
  };
  const std::string first = lines(0, 20, "first.txt"), second = lines(20, 40, "second.txt");
  const std::string import = testing::tool_path("generate-book") + " --import-archive ";
  const auto& rows = archive_rows;
  ASSERT_EQ(testing::run_command(preload(0) + import + first + " --update-archive " + dir + "/old.sqlite").exit_code, 0);
  fs::copy_file(dir + "/old.sqlite", dir + "/new.sqlite");
  ASSERT_EQ(testing::run_command(preload(0) + import + second + " --update-archive " + dir + "/new.sqlite").exit_code, 0);
  const std::string old_rows = rows(dir + "/old.sqlite"), new_rows = rows(dir + "/new.sqlite");
  ASSERT_EQ(old_rows, "20\nok\n");
  ASSERT_EQ(new_rows, "60\nok\n");
  const auto fresh = [&] {
    fs::remove(dir + "/out.sqlite");
    fs::remove(dir + "/out.sqlite-journal");
    fs::copy_file(dir + "/old.sqlite", dir + "/out.sqlite");
  };
  const std::string run_new = import + second + " --update-archive " + dir + "/out.sqlite";
  Tally tally;
  const long count = for_each_fault(dir, fresh, run_new, 10, tally, [&](long n, const testing::CommandResult& run) {
    const std::string now_rows = rows(dir + "/out.sqlite");  // a reader: rolls a hot journal back
    tally.old_set += now_rows == old_rows;
    tally.new_set += now_rows == new_rows;
    EXPECT_TRUE(now_rows == old_rows || now_rows == new_rows) << "fault at call " << n << ": "
                                                               << now_rows << run.err;
    if (run.exit_code == 0) {
      EXPECT_EQ(now_rows, new_rows) << n;
    }
  });
  EXPECT_GT(count, 3);
  std::cout << "archive: " << count << " calls, " << tally.runs << " faults: " << tally.failed << " runs failed, "
            << tally.old_set << " left the old archive, " << tally.new_set << " the new one\n";
  // A nearly full disk: refused before the transaction with one line; the archive's bytes unchanged.
  fresh();
  const auto full = testing::run_command("SUDOKU_FAULT_FREE_BYTES=8192 " + preload(0) + run_new);
  EXPECT_EQ(full.exit_code, 2);
  EXPECT_EQ(std::count(full.err.begin(), full.err.end(), '\n'), 1) << full.err;
  EXPECT_NE(full.err.find("out.sqlite: not enough free space for the archive update (needs about "),
            std::string::npos)
      << full.err;
  EXPECT_EQ(testing::read_text_file(dir + "/out.sqlite"), testing::read_text_file(dir + "/old.sqlite"));
  EXPECT_FALSE(fs::exists(dir + "/out.sqlite-journal"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
