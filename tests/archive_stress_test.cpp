// SPDX-License-Identifier: Apache-2.0
// Stress: desks running generate-book at the same time into one SQLite archive, every grid size.
//
// Each round starts kDesks processes per size (4x4, 6x6, 9x9), all at once, each a different month
// of its size's publication, into one archive: a missing file in the first round (every desk
// creates it at once), the grown archive after that. After every round the archive holds exactly
// one row per slot printed so far, no canonical key twice, and passes PRAGMA integrity_check.
// Labelled "stress" (ctest -L stress runs it alone). SUDOKU_STRESS_ROUNDS sets the rounds (3; 1 in a
// sanitizer build, which runs about 5x slower); SUDOKU_STRESS_GENERATE_BOOK runs another
// generate-book build (to measure an older one).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kDefaultRounds = 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kDefaultRounds = 1;
#else
constexpr int kDefaultRounds = 3;
#endif
#else
constexpr int kDefaultRounds = 3;
#endif

constexpr int kDesks = 4;  // processes per size and round

struct Size {
  int size;
  int days;                         // days per month (a desk's calendar)
  std::vector<std::string> levels;  // slots per day
  std::string symmetry;             // 4x4 half-turn puzzles are few: desks often make the same one
};

const std::vector<Size> kSizes = {
    {4, 2, {"easy", "medium"}, "rotate180"}, {6, 3, {"easy", "medium"}, "none"}, {9, 2, {"easy"}, "none"}};

std::string plan_text(const Size& size, int month) {
  std::string slots;
  for (const auto& level : size.levels) slots += (slots.empty() ? "\"" : ", \"") + level + "\"";
  std::string days;
  for (const char* day : {"mon", "tue", "wed", "thu", "fri", "sat", "sun"})
    days += std::string(days.empty() ? "" : ", ") + "\"" + day + "\": [" + slots + "]";
  char from[24];  // room for any two ints, so GCC sees no truncation at any optimisation level
  std::snprintf(from, sizeof from, "%04d-%02d-01", 2030 + month / 12, month % 12 + 1);
  return "{\"title\": \"Stress\", \"publication\": \"grid-" + std::to_string(size.size) +
         "\", \"seed\": 7, \"size\": " + std::to_string(size.size) + ", \"symmetry\": \"" + size.symmetry +
         "\", \"calendar\": {\"from\": \"" + from + "\", \"days\": " + std::to_string(size.days) +
         ", \"slots\": {" + days + "}}}";
}

std::string sql(const std::string& archive, const std::string& query) {
  return testing::run_command("sqlite3 '" + archive + "' \"" + query + "\"").out;
}

TEST(ArchiveStress, ConcurrentDesksOfEverySizeNeverLoseOrRepeatAPuzzle) {
  const char* rounds_text = std::getenv("SUDOKU_STRESS_ROUNDS");
  const int rounds = rounds_text ? std::atoi(rounds_text) : kDefaultRounds;
  const char* tool_text = std::getenv("SUDOKU_STRESS_GENERATE_BOOK");
  const std::string tool = tool_text ? tool_text : testing::tool_path("generate-book");
  const std::string dir = testing::make_temp_dir("stress");
  const std::string archive = dir + "/desk.sqlite";
  std::size_t slots = 0;
  for (int round = 0; round < rounds; ++round) {
    std::string commands;
    std::vector<std::string> outputs;
    for (const auto& size : kSizes)
      for (int desk = 0; desk < kDesks; ++desk) {
        const std::string name =
            std::to_string(size.size) + "-" + std::to_string(round) + "-" + std::to_string(desk);
        testing::write_text_file(dir + "/" + name + ".json", plan_text(size, round * kDesks + desk));
        commands += "(" + tool + " " + dir + "/" + name + ".json -o " + dir + "/" + name +
                    " -j1 --update-archive " + archive + " 2>" + dir + "/" + name + ".err; echo $? >" + dir +
                    "/" + name + ".exit) & ";
        outputs.push_back(name);
        slots += static_cast<std::size_t>(size.days) * size.levels.size();
      }
    testing::run_command(commands + "wait");
    for (const auto& name : outputs) {
      EXPECT_EQ(testing::read_text_file(dir + "/" + name + ".exit"), "0\n")
          << name << ": " << testing::read_text_file(dir + "/" + name + ".err");
    }
    int remade = 0;
    for (const auto& name : outputs)
      remade += testing::read_text_file(dir + "/" + name + ".err").find("made again") != std::string::npos;
    const std::string counts =
        sql(archive, "SELECT count(*) || ' rows, ' || count(DISTINCT canonical) FROM puzzles");
    std::printf("round %d: %zu slots, archive %s distinct keys, %d desks remade their book\n", round, slots,
                counts.substr(0, counts.size() - 1).c_str(), remade);
    EXPECT_EQ(counts, std::to_string(slots) + " rows, " + std::to_string(slots) + "\n") << "round " << round;
    EXPECT_EQ(sql(archive, "PRAGMA integrity_check"), "ok\n") << "round " << round;
    // Every desk's book is what the archive says it printed.
    const std::string rows =
        sql(archive, "SELECT publication || ' ' || book || ' ' || canonical FROM puzzles");
    for (const auto& name : outputs) {
      if (!std::filesystem::exists(dir + "/" + name + "/book.json")) continue;
      const std::string publication = "grid-" + name.substr(0, name.find('-'));
      for (const auto& chapter : read_book(dir + "/" + name + "/book.json").chapters)
        for (const auto& puzzle : chapter.puzzles)
          EXPECT_NE(rows.find(publication + " Stress/" + puzzle.id + " " + puzzle.canonical + "\n"),
                    std::string::npos)
              << name << " " << puzzle.id;
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
