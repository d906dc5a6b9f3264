#include "sudoku/base/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "sudoku/base/errors.hpp"
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

}  // namespace
}  // namespace sudoku
