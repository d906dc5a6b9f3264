// SPDX-License-Identifier: Apache-2.0
// The editor's audit: Killer levels (cage ranges, no givens, the Killer grade), what a classic audit
// keeps unchanged (no word of cages), and puzzles that could not be audited.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "sudoku/corpus/corpus_rating.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/rate/audit.hpp"
#include "sudoku/rate/calibration.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

std::vector<PuzzleEntry> killer_sample() {
  std::ifstream in(testing::test_data("killer-sample.txt"));
  return read_killer_puzzles(in, "killer-sample.txt");
}

AuditPuzzle graded(double grade, int givens, int cages) {
  return AuditPuzzle{grade, false, "cage combination", givens, cages, {}, {}, {}};
}

TEST(Audit, KillerPuzzlesCountTheirCages) {
  const std::vector<PuzzleEntry> entries = killer_sample();
  ASSERT_FALSE(entries.empty());
  const Grid& puzzle = *entries[0].grid;
  const AuditPuzzle audited = audit_puzzle(puzzle);
  EXPECT_EQ(audited.cages, static_cast<int>(puzzle.geometry().cages().size()));
  EXPECT_EQ(audited.givens, 0);
  EXPECT_FALSE(audited.beyond);
  EXPECT_GE(audited.grade, 1.0);  // graded on the Killer ladder: cage sums are read
  EXPECT_EQ(audit_puzzle(Grid(Geometry::standard(9))).cages, 0);
}

TEST(Audit, KillerLevelsCheckCagesAndGivens) {
  const Calibration killer = press_calibration(9, Variant::killer);
  AuditGroup hard = audit_group("Hard", "hard", killer, 9);
  ASSERT_TRUE(hard.cages_range.has_value());
  ASSERT_TRUE(hard.givens_range.has_value());
  EXPECT_EQ(*hard.givens_range, (GivensRange{0, 0}));
  const GivensRange cages = *hard.cages_range;
  hard.puzzles = {graded(3.0, 0, cages.fewest), graded(3.1, 0, cages.most), graded(3.0, 0, cages.most + 1),
                  graded(2.9, 2, cages.fewest - 1)};
  const Audit audit = run_audit({hard});
  ASSERT_EQ(audit.groups.size(), 1U);
  const GroupAudit& group = audit.groups[0];
  EXPECT_FALSE(audit.ok());
  EXPECT_EQ(group.outside_cages, 2U);
  EXPECT_EQ(group.outside_givens, 1U);
  EXPECT_EQ(group.outside_band, 0U);
  EXPECT_EQ(group.fewest_cages, cages.fewest - 1);
  EXPECT_EQ(group.most_cages, cages.most + 1);
  const std::string range = std::to_string(cages.fewest) + "-" + std::to_string(cages.most);
  EXPECT_EQ(group.problems, (std::vector<std::string>{"1 of 4 puzzles outside the givens range 0",
                                                      "2 of 4 puzzles outside the cages range " + range}));
  const std::string text = format_audit(audit);
  EXPECT_EQ(text.rfind("chapter  level    count  grades    givens   cages    hardest techniques\n", 0), 0U)
      << text;
  const std::string row = "\nHard     hard         4  2.9-3.1   0-2      " +
                          std::to_string(cages.fewest - 1) + "-" + std::to_string(cages.most + 1);
  EXPECT_NE(text.find(row), std::string::npos) << text;
  const auto json = audit_to_json(audit).as_object();
  const auto& chapter = json.at("chapters").as_array()[0].as_object();
  EXPECT_EQ(chapter.at("cages_range"), boost::json::array({cages.fewest, cages.most}));
  EXPECT_EQ(chapter.at("outside_cages").to_number<std::int64_t>(), 2);
  EXPECT_EQ(chapter.at("cages").at("max").to_number<int>(), cages.most + 1);

  // Inside every range: no problem.
  hard.puzzles = {graded(3.0, 0, cages.fewest), graded(5.5, 0, cages.most)};
  EXPECT_TRUE(run_audit({hard}).ok());
}

TEST(Audit, ClassicAuditsSayNothingOfCages) {
  AuditGroup easy = audit_group("Easy", "easy", press_calibration(), 9);
  EXPECT_FALSE(easy.cages_range.has_value());
  easy.puzzles = {graded(1.5, 32, 0)};
  const Audit audit = run_audit({easy});
  EXPECT_TRUE(audit.ok());
  const std::string text = format_audit(audit);
  EXPECT_EQ(text,
            "chapter  level    count  grades    givens   hardest techniques\n"
            "Easy     easy         1  1.5-1.5   32       cage combination 1\n"
            "all checks passed\n");
  const auto json = audit_to_json(audit).as_object();
  const auto& chapter = json.at("chapters").as_array()[0].as_object();
  EXPECT_FALSE(chapter.contains("cages"));
  EXPECT_FALSE(chapter.contains("cages_range"));
  EXPECT_FALSE(chapter.contains("outside_cages"));
  EXPECT_FALSE(json.contains("unaudited"));
}

TEST(Audit, PuzzlesNotAuditedAreProblems) {
  const Audit audit =
      run_audit({audit_group("Easy", "easy", press_calibration(), 9)}, {"a.txt:3: more than one solution"});
  EXPECT_FALSE(audit.ok());
  EXPECT_NE(format_audit(audit).find("\nnot audited: a.txt:3: more than one solution\n"), std::string::npos);
  EXPECT_EQ(audit_to_json(audit).at("unaudited"), boost::json::array({"a.txt:3: more than one solution"}));
}

// audit_corpus sends Killer puzzles to the Killer levels and lists the puzzles that are not ok.
TEST(Audit, CorpusOfKillerPuzzles) {
  const std::vector<PuzzleEntry> entries = killer_sample();
  ASSERT_GE(entries.size(), 2U);
  CorpusRatingOptions options;
  options.audit = true;
  options.call_count_settings["runs"] = "1";
  const CorpusRater rater(options);
  std::vector<PuzzleReport> reports{rater.rate("k.txt", entries[0]), rater.rate("k.txt", entries[1])};
  PuzzleReport ambiguous;
  ambiguous.file = "k.txt";
  ambiguous.line = 9;
  ambiguous.status = PuzzleStatus::multiple_solutions;
  ambiguous.error = "more than one solution";
  reports.push_back(ambiguous);
  const Audit audit = audit_corpus(reports, options);
  std::vector<std::string> levels;
  std::size_t counted = 0;
  for (const GroupAudit& group : audit.groups) {
    levels.push_back(group.title);
    counted += group.count;
    EXPECT_TRUE(group.cages_range.has_value()) << group.title;
  }
  EXPECT_EQ(levels, (std::vector<std::string>{"easy", "medium", "hard", "evil"}));
  EXPECT_EQ(counted, 2U);
  EXPECT_EQ(audit.unaudited, (std::vector<std::string>{"k.txt:9: more than one solution"}));
}

}  // namespace
}  // namespace sudoku
