// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/atomic_file.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/output_set.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

TEST(AtomicFile, WritesAndReplacesWithoutLeavingTemporaries) {
  const std::string dir = testing::make_temp_dir("atomic");
  const std::string path = dir + "/out.txt";
  write_file_atomically(path, "first");
  write_file_atomically(path, "second, longer");
  EXPECT_EQ(read_file(path), "second, longer");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}),
            1);
  std::filesystem::remove_all(dir);
}

TEST(AtomicFile, ErrorsNameThePath) {
  const std::string dir = testing::make_temp_dir("atomic");
  try {
    write_file_atomically(dir + "/missing/out.txt", "x");
    FAIL();
  } catch (const IoError& error) {
    EXPECT_EQ(std::string(error.what()), dir + "/missing/out.txt: cannot write: No such file or directory");
  }
  EXPECT_THROW(write_file_atomically(dir, "x"), IoError);  // a directory, not a file
  EXPECT_THROW(read_file(dir + "/nothing"), IoError);
  EXPECT_THROW(read_file(dir), IoError);
  std::filesystem::remove_all(dir);
}

// A link in the output folder is replaced, never written through: the file it points at (here a
// file outside the folder) keeps its bytes.
TEST(AtomicFile, ReplacesASymlinkInsteadOfFollowingIt) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("atomic-link");
  fs::create_directories(dir + "/out");
  testing::write_text_file(dir + "/outside.txt", "keep");
  fs::create_symlink(dir + "/outside.txt", dir + "/out/book.json");
  write_file_atomically(dir + "/out/book.json", "new");
  EXPECT_FALSE(fs::is_symlink(dir + "/out/book.json"));
  EXPECT_EQ(read_file(dir + "/out/book.json"), "new");
  EXPECT_EQ(read_file(dir + "/outside.txt"), "keep");
  // A link to a FIFO would have blocked (or fed a reader) before: now it is replaced too.
  ASSERT_EQ(::mkfifo((dir + "/fifo").c_str(), 0600), 0);
  fs::create_symlink(dir + "/fifo", dir + "/out/report.json");
  write_file_atomically(dir + "/out/report.json", "report");
  EXPECT_EQ(read_file(dir + "/out/report.json"), "report");
  EXPECT_TRUE(fs::is_fifo(dir + "/fifo"));
  fs::remove_all(dir);
}

TEST(AtomicFile, StrayTemporariesOfDeadRunsAreRemovedOthersKept) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("atomic-stray");
  testing::write_text_file(dir + "/book.json.tmp-Ab3xYz", "old run or the user's");  // no pid: kept
  testing::write_text_file(dir + "/book.json.tmp-999999999-Ab3xYz", "dead run");  // no such pid
  const std::string live = dir + "/book.json.tmp-" + std::to_string(::getpid()) + "-Ab3xYz";
  testing::write_text_file(live, "this run");
  testing::write_text_file(dir + "/notes.tmp-draft", "the user's");
  testing::write_text_file(dir + "/chapter.tmp-review", "the user's");  // six letters, no pid
  testing::write_text_file(dir + "/plan.tmp-12-backups", "the user's");  // a pid, but 7 letters after
  testing::write_text_file(dir + "/plan.tmp-x1-abcdef", "the user's");  // not a pid
  remove_stray_temporaries(dir);
  EXPECT_TRUE(fs::exists(dir + "/book.json.tmp-Ab3xYz"));
  EXPECT_TRUE(fs::exists(dir + "/chapter.tmp-review"));
  EXPECT_TRUE(fs::exists(dir + "/plan.tmp-12-backups"));
  EXPECT_TRUE(fs::exists(dir + "/plan.tmp-x1-abcdef"));
  EXPECT_FALSE(fs::exists(dir + "/book.json.tmp-999999999-Ab3xYz"));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(dir + "/notes.tmp-draft"));
  fs::remove_all(dir);
}

TEST(AtomicFile, StreamedWriterReplacesOnlyOnCommit) {
  const std::string dir = testing::make_temp_dir("atomic-stream");
  const std::string path = dir + "/records.csv";
  testing::write_text_file(path, "old");
  {
    AtomicFileWriter writer(path);
    writer.write("half");
  }  // destroyed without commit: an error part-way
  EXPECT_EQ(read_file(path), "old");
  AtomicFileWriter writer(path);
  writer.write(std::string(100000, 'a'));
  writer.write("b");
  writer.commit();
  EXPECT_EQ(read_file(path), std::string(100000, 'a') + "b");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator{}),
            1);
  std::filesystem::remove_all(dir);
}

TEST(AtomicFile, OutputsAreCheckedBeforeAnyWork) {
  const std::string dir = testing::make_temp_dir("atomic-check");
  EXPECT_NO_THROW(check_writable(dir + "/out.pdf"));
  EXPECT_NO_THROW(check_writable(dir + "/new/deeper", true));
  EXPECT_THROW(check_writable(dir + "/missing/proof.pdf"), IoError);
  EXPECT_THROW(check_writable(dir, false), IoError);  // a folder where a file is meant
  testing::write_text_file(dir + "/file", "x");
  EXPECT_THROW(check_writable(dir + "/file/split", true), IoError);
  std::filesystem::remove_all(dir);
}

// The set is swapped in all-or-nothing: before the commit point the old files stay; a kill after it
// (simulated: the manifest and the staging folder left as commit() wrote them) is finished by the
// next run.
TEST(OutputSet, IsAllOldOrAllNew) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("output-set");
  testing::write_text_file(dir + "/book.json", "old book");
  testing::write_text_file(dir + "/puzzles.txt", "old puzzles");
  testing::write_text_file(dir + "/mine.txt", "the user's");
  {
    OutputSet set(dir);
    set.add("puzzles.txt", "new puzzles");
    set.add("book.json", "new book");
  }  // an error before commit()
  EXPECT_EQ(read_file(dir + "/book.json"), "old book");
  EXPECT_EQ(read_file(dir + "/puzzles.txt"), "old puzzles");
  {
    OutputSet set(dir);
    set.add("puzzles.txt", "new puzzles");
    set.add("book.json", "new book");
    set.add("feed/2026-12-05.json", "day");
    const auto paths = set.commit();
    EXPECT_EQ(paths.size(), 3U);
  }
  EXPECT_EQ(read_file(dir + "/book.json"), "new book");
  EXPECT_EQ(read_file(dir + "/feed/2026-12-05.json"), "day");
  EXPECT_EQ(read_file(dir + "/mine.txt"), "the user's");
  // A kill between two renames: puzzles.txt already moved, book.json still staged.
  fs::create_directories(dir + "/.staging-999999999");
  testing::write_text_file(dir + "/.staging-999999999/book.json", "newer book");
  testing::write_text_file(dir + "/puzzles.txt", "newer puzzles");
  testing::write_text_file(dir + "/.output-set", ".staging-999999999\npuzzles.txt\nbook.json\n");
  recover_output_set(dir);
  EXPECT_EQ(read_file(dir + "/book.json"), "newer book");
  EXPECT_EQ(read_file(dir + "/puzzles.txt"), "newer puzzles");
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "book.json" || name == "puzzles.txt" || name == "mine.txt" || name == "feed" ||
                name == ".output-set.lock")
        << name;
  }
  fs::remove_all(dir);
}

TEST(OutputSet, RefusesASubfolderThatIsALink) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("output-set-link");
  fs::create_directories(dir + "/out");
  fs::create_directories(dir + "/elsewhere");
  fs::create_directory_symlink(dir + "/elsewhere", dir + "/out/feed");
  OutputSet set(dir + "/out");
  set.add("book.json", "book");
  set.add("feed/2026-12-05.json", "day");
  EXPECT_THROW(set.commit(), IoError);
  EXPECT_TRUE(fs::is_empty(dir + "/elsewhere"));
  EXPECT_FALSE(fs::exists(dir + "/out/book.json"));  // nothing of the set
  fs::remove_all(dir);
}

// The manifest is checked before anything is moved: a planted name leaving the folder, or a staging
// folder that is a link, is refused and nothing outside the folder changes.
TEST(OutputSet, APlantedManifestIsRefusedNothingMoved) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("output-set-planted");
  fs::create_directories(dir + "/out/.staging-999999999");
  testing::write_text_file(dir + "/out/.staging-999999999/x", "planted");
  testing::write_text_file(dir + "/secret.txt", "secret");
  for (const std::string manifest :
       {".staging-999999999\n../secret.txt\n", ".staging-999999999\n/etc/passwd\n",
        "sudoku-press output set files\n.staging-999999999\n-../secret.txt\n",
        "sudoku-press output set files\n.staging-999999999\n+a/../../secret.txt\n",
        "../elsewhere\nx\n"}) {
    testing::write_text_file(dir + "/out/.output-set", manifest);
    EXPECT_THROW(recover_output_set(dir + "/out"), IoError) << manifest;
    EXPECT_EQ(read_file(dir + "/secret.txt"), "secret");
  }
  // A staging folder that is a link pulls nothing in.
  fs::remove_all(dir + "/out/.staging-999999999");
  fs::create_directories(dir + "/elsewhere");
  testing::write_text_file(dir + "/elsewhere/x", "from elsewhere");
  fs::create_directory_symlink(dir + "/elsewhere", dir + "/out/.staging-999999999");
  testing::write_text_file(dir + "/out/.output-set", ".staging-999999999\nx\n");
  EXPECT_THROW(recover_output_set(dir + "/out"), IoError);
  EXPECT_FALSE(fs::exists(dir + "/out/x"));
  EXPECT_EQ(read_file(dir + "/elsewhere/x"), "from elsewhere");
  fs::remove_all(dir);
}

// Files the last set of the same kind installed and the new one does not are removed with the swap;
// the user's files and another kind's files stay.
TEST(OutputSet, StaleFilesOfTheSameKindAreRemoved) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("output-set-stale");
  {
    OutputSet set(dir, "generate-book");
    set.add("book.json", "1");
    set.add("feed/2026-12-05.json", "old day");
    set.commit();
  }
  {
    OutputSet set(dir, "split");
    set.add("grid-1.svg", "g");
    set.commit();
  }
  testing::write_text_file(dir + "/feed/notes.txt", "the user's");
  {
    OutputSet set(dir, "generate-book");
    set.add("book.json", "2");
    set.add("feed/2026-12-06.json", "new day");
    set.commit();
  }
  EXPECT_FALSE(fs::exists(dir + "/feed/2026-12-05.json"));
  EXPECT_EQ(read_file(dir + "/feed/2026-12-06.json"), "new day");
  EXPECT_EQ(read_file(dir + "/feed/notes.txt"), "the user's");
  EXPECT_EQ(read_file(dir + "/grid-1.svg"), "g");
  EXPECT_EQ(read_file(dir + "/book.json"), "2");
  fs::remove_all(dir);
}

// One writer at a time: a run that owns the folder refuses a second (another process) at once, and
// an OutputSet of the owning process shares the lock instead of waiting for itself.
TEST(OutputSet, ASecondWriterIsRefusedWhileTheFirstHoldsTheFolder) {
  namespace fs = std::filesystem;
  const std::string dir = testing::make_temp_dir("output-set-lock");
  OutputFolderLock run(dir, OutputFolderLock::Wait::refuse);
  {
    OutputSet set(dir);  // the same process: shared
    set.add("a.txt", "a");
    set.commit();
  }
  // Another process (flock(1), as a second tool would take it) is refused while this run holds it.
  EXPECT_EQ(testing::run_command("flock -n -E 3 '" + dir + "/.output-set.lock' true").exit_code, 3);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
