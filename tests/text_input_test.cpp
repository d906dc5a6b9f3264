// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/text_input.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

std::vector<std::string> lines_of(const std::string& text, NulBytes nul = NulBytes::refuse) {
  std::istringstream input(text);
  LineReader reader(input, "in.txt", nul);
  std::vector<std::string> lines;
  for (std::string line; reader.next(line);) lines.push_back(line);
  return lines;
}

TEST(LineReader, SkipsAUtf8ByteOrderMarkAndCarriageReturns) {
  EXPECT_EQ(lines_of("\xEF\xBB\xBF"
                     "abc\r\ndef"),
            (std::vector<std::string>{"abc", "def"}));
  EXPECT_EQ(lines_of(""), std::vector<std::string>{});
}

TEST(LineReader, NamesUtf16AndNulBytes) {
  EXPECT_EQ(testing::input_error_of([] {
              lines_of(
                  std::string("\xFF\xFE"
                              "1\0002\0",
                              6));
            }),
            "in.txt: UTF-16 text; convert to UTF-8");
  EXPECT_EQ(testing::input_error_of([] { lines_of(std::string("1\0002\0003\0004\0", 8)); }),
            "in.txt: UTF-16 text; convert to UTF-8");
  EXPECT_EQ(testing::input_error_of([] { lines_of(std::string("ab\ncd\0e\n", 8)); }), "in.txt:2:3: NUL byte");
  EXPECT_EQ(lines_of(std::string("cd\0e\n", 5), NulBytes::keep),
            (std::vector<std::string>{std::string("cd\0e", 4)}));
}

// /dev/zero or a file with no line breaks stops at the limit instead of growing without bound.
TEST(LineReader, StopsAtTheLineLimit) {
  const std::string long_line(kMaxLineBytes + 1, '1');
  EXPECT_EQ(testing::input_error_of([&] { lines_of("ok\n" + long_line); }),
            "in.txt:2: line longer than 64 KiB (no puzzle or text line is that long: is this a text file?)");
  EXPECT_EQ(lines_of(std::string(kMaxLineBytes, '1')).size(), 1U);
}

TEST(ReadTextFile, ChecksAndBoundsAWholeDocument) {
  const std::string dir = testing::make_temp_dir("text-input");
  testing::write_text_file(dir + "/bom.json", "\xEF\xBB\xBF{}");
  EXPECT_EQ(read_text_file(dir + "/bom.json"), "{}");
  testing::write_text_file(dir + "/big.json", std::string(5000, ' '));
  EXPECT_EQ(testing::input_error_of([&] { read_text_file(dir + "/big.json", 4096); }),
            dir + "/big.json: larger than 4 KiB; expected a text document");
  EXPECT_EQ(testing::input_error_of([] { read_text_file("/dev/zero"); }),
            "/dev/zero: a device, not a regular file; expected a text document (a stream is read only as - "
            "for standard input)");
  std::filesystem::remove_all(dir);
}

// The one capped reader: anything but a regular file is refused before a byte is read (a FIFO
// without a writer would otherwise hang the open), unless named as a stream; the cap holds by size
// and by the bytes read.
TEST(InputFile, RefusesFifosAndDevicesAndHoldsItsCap) {
  const std::string dir = testing::make_temp_dir("input-file");
  ASSERT_EQ(::mkfifo((dir + "/fifo").c_str(), 0600), 0);
  EXPECT_EQ(testing::input_error_of([&] { InputFile file(dir + "/fifo", 100, "a plan"); }),
            dir + "/fifo: a FIFO, not a regular file; expected a plan (a stream is read only as - for standard input)");
  EXPECT_EQ(testing::input_error_of([] { read_file("/dev/urandom", kMaxBinaryBytes, "an ICC profile"); }),
            "/dev/urandom: a device, not a regular file; expected an ICC profile (a stream is read only as - for "
            "standard input)");
  EXPECT_THROW(InputFile(dir, 100), IoError);  // a folder
  EXPECT_THROW(InputFile(dir + "/missing", 100), IoError);
  testing::write_text_file(dir + "/five", "12345");
  EXPECT_EQ(read_file(dir + "/five", 5), "12345");
  EXPECT_EQ(testing::input_error_of([&] { read_file(dir + "/five", 4, "a profile"); }),
            dir + "/five: larger than 4 bytes; expected a profile");
  // A named stream is read, and its cap holds on the bytes read (a pipe has no size).
  int pipe_ends[2];
  ASSERT_EQ(::pipe(pipe_ends), 0);
  ASSERT_EQ(::write(pipe_ends[1], "abcdefgh", 8), 8);
  ::close(pipe_ends[1]);
  const std::string stream = "/dev/fd/" + std::to_string(pipe_ends[0]);
  EXPECT_EQ(testing::input_error_of([&] { read_file(stream, 6, "a stream"); }),
            stream + ": larger than 6 bytes; expected a stream");
  ::close(pipe_ends[0]);
  std::filesystem::remove_all(dir);
}

TEST(Excerpt, CutsLongTextOnACharacterBoundary) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(200000, 'x')), std::string(80, 'x') + "...");
  EXPECT_EQ(excerpt(std::string(79, 'x') + "\xC3\xA9" + "yyy"), std::string(79, 'x') + "...");
}

}  // namespace
}  // namespace sudoku
