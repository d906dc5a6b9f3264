// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the calibrate tool: options, exit codes, the calibration file it writes (read
// back by the rating engine), the summary table, and plot files.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "sudoku/base/sha256.hpp"
#include "sudoku/rate/calibration.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;
using testing::test_data;
using testing::tool_path;

std::string calibrate() {
  return tool_path("calibrate");
}

// corpus-rate --calibration DIR/levels.json puts each of the `count` puzzles of the house loop's
// sample book (DIR/book/puzzles.txt) in its chapter's level (the label's prefix, "hard-3").
void expect_sample_in_its_levels(const std::string& dir, std::size_t count) {
  const auto rated = run_command(tool_path("corpus-rate") + " --calibration " + dir +
                                 "/levels.json --format json --runs 1 -j2 " + dir + "/book/puzzles.txt");
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  const auto records = boost::json::parse(rated.out).as_array();
  ASSERT_EQ(records.size(), count);
  for (const auto& record : records) {
    const std::string id(record.as_object().at("label").as_string());
    EXPECT_EQ(id.substr(0, id.find('-')), record.as_object().at("level").as_string()) << id;
  }
}

// The fixtures as LEVEL=FILE arguments, rated with two runs to stay fast.
std::string fixture_levels() {
  return "easy=" + test_data("calibrate/easy.txt") + " medium=" + test_data("calibrate/medium.txt") +
         " hard=" + test_data("calibrate/hard.txt") + " --runs 2";
}

TEST(CalibrateCli, HelpAndVersion) {
  const auto help = run_command(calibrate() + " --help");
  EXPECT_EQ(help.exit_code, 0) << help.err;
  for (const char* expected :
       {"Usage: calibrate", "--labelled", "--bins", "--outliers", "--levels", "--spacing", "--plot", "--jobs",
        "--compare", "--runs", "--cap", "--strategies", "Exit status"})
    EXPECT_NE(help.out.find(expected), std::string::npos) << expected;
  const auto version = run_command(calibrate() + " --version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("calibrate (sudoku-press) ", 0), 0U) << version.out;
}

TEST(CalibrateCli, UsageErrorsExitTwoWithOneLine) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const std::string easy = "easy=" + test_data("calibrate/easy.txt");
  const std::string out = " -o " + dir + "/out.json";
  for (const std::string& args :
       {std::string(""), out, "easy" + out, easy, easy + " --labelled x.txt --bins a" + out,
        "--labelled " + test_data("calibrate/labelled.txt") + out, "--bins a" + out,
        easy + " --outliers iqr" + out, easy + " --spacing log" + out, easy + " --metric nope" + out,
        easy + " --strategies r" + out, easy + " --runs 0" + out, easy + " --plot x.gif" + out,
        easy + " --levels -1" + out, easy + " --spacing geometric" + out, easy + " --title T" + out,
        easy + " --jobs -2" + out, easy + " --bogus" + out,
        "--labelled " + test_data("calibrate/labelled.txt") + " --bins 'a,b'" + out}) {
    const auto result = run_command(calibrate() + " " + args);
    EXPECT_EQ(result.exit_code, 2) << args;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << args << ": " << result.err;
    EXPECT_EQ(result.err.rfind("calibrate: ", 0), 0U) << result.err;
    EXPECT_TRUE(result.out.empty()) << args;
  }
  EXPECT_FALSE(std::ifstream(dir + "/out.json").good());
}

TEST(CalibrateCli, InputErrorsExitTwoWithTheirPlace) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const std::string out = " -o " + dir + "/out.json";
  const auto malformed = run_command(calibrate() + " easy=" + test_data("calibrate/malformed.txt") + out);
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_NE(malformed.err.find("malformed.txt:3:"), std::string::npos) << malformed.err;

  const auto missing = run_command(calibrate() + " easy=/nonexistent/easy.txt" + out);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/easy.txt"), std::string::npos) << missing.err;

  testing::write_text_file(dir + "/empty.txt", "\n");
  const auto empty = run_command(calibrate() + " easy=" + dir + "/empty.txt" + out);
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("level \"easy\" has no puzzles"), std::string::npos) << empty.err;

  // The example bins: se-rated values start at 2.5, so "easy" (below 2) would be empty.
  const auto empty_bin = run_command(calibrate() + " --labelled " + test_data("calibrate/labelled.txt") +
                                     " --bins 'easy:<2.0,medium:<3.0,hard:<5.0,evil'" + out);
  EXPECT_EQ(empty_bin.exit_code, 2);
  EXPECT_NE(empty_bin.err.find("level \"easy\" has no puzzles"), std::string::npos) << empty_bin.err;

  const auto bad_bins = run_command(calibrate() + " --labelled " + test_data("calibrate/labelled.txt") +
                                    " --bins 'a:<3,b:<2'" + out);
  EXPECT_EQ(bad_bins.exit_code, 2);
  EXPECT_NE(bad_bins.err.find("--bins:1:9:"), std::string::npos) << bad_bins.err;

  const auto unwritable = run_command(calibrate() + " " + fixture_levels() + " -o /nonexistent/dir/out.json");
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_NE(unwritable.err.find("/nonexistent/dir/out.json"), std::string::npos) << unwritable.err;
}

TEST(CalibrateCli, WritesACalibrationTheEngineReads) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto result =
      run_command(calibrate() + " " + fixture_levels() + " -o " + dir + "/cal.json --compare paper");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // The Table I-style summary: one row per level, our target next to the paper's.
  EXPECT_NE(result.out.find("target"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("paper"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("6.23"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\neasy "), std::string::npos) << result.out;

  const Calibration calibration = read_calibration_file(dir + "/cal.json");
  ASSERT_EQ(calibration.levels.size(), 3U);
  EXPECT_EQ(calibration.levels[0].name, "easy");
  EXPECT_EQ(calibration.levels[2].name, "hard");
  EXPECT_EQ(calibration.runs, 2);
  EXPECT_EQ(calibration.levels[0].target, 1.0);
  EXPECT_EQ(calibration.levels[1][LevelStatistic::count], 8.0);
  EXPECT_EQ(level_for(calibration, calibration.levels[1].target).name, "medium");
  const auto& provenance = calibration.provenance->as_object();
  EXPECT_EQ(provenance.at("tool").as_string(), "calibrate");
  EXPECT_FALSE(provenance.at("version").as_string().empty());
  const auto& inputs = provenance.at("inputs").as_array();
  ASSERT_EQ(inputs.size(), 3U);
  const auto sum = run_command("sha256sum " + test_data("calibrate/medium.txt"));
  EXPECT_EQ(inputs[1].at("sha256").as_string(), sum.out.substr(0, 64));
  EXPECT_EQ(inputs[1].at("file").as_string(), test_data("calibrate/medium.txt"));
}

TEST(CalibrateCli, OutputDoesNotDependOnJobs) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto one = run_command(calibrate() + " " + fixture_levels() + " --jobs 1 -o " + dir + "/one.json");
  const auto two = run_command(calibrate() + " " + fixture_levels() + " --jobs 2 -o " + dir + "/two.json");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(testing::read_text_file(dir + "/one.json"), testing::read_text_file(dir + "/two.json"));
  EXPECT_EQ(one.out, two.out);
}

TEST(CalibrateCli, ExcludedPuzzlesExitOneAndAreCounted) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto result =
      run_command(calibrate() + " easy=" + test_data("calibrate/easy.txt") +
                  " mixed=" + test_data("calibrate/with-problems.txt") + " --runs 2 -o " + dir + "/cal.json");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("with-problems.txt:3: excluded from level \"mixed\": not unique"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("with-problems.txt:5: excluded from level \"mixed\": no solution"),
            std::string::npos)
      << result.err;
  const Calibration calibration = read_calibration_file(dir + "/cal.json");
  EXPECT_EQ(calibration.levels[1][LevelStatistic::count], 3.0);
  EXPECT_EQ(calibration.provenance->as_object().at("excluded").as_array().size(), 2U);
}

TEST(CalibrateCli, LabelledFileWithBins) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto result = run_command(calibrate() + " --labelled " + test_data("calibrate/labelled.txt") +
                                  " --bins 'easy:<3,medium:<5,hard' --runs 2 -o " + dir + "/cal.json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Calibration calibration = read_calibration_file(dir + "/cal.json");
  ASSERT_EQ(calibration.levels.size(), 3U);
  EXPECT_EQ(calibration.levels[1].name, "medium");
  EXPECT_EQ(calibration.provenance->as_object().at("bins").as_string(), "easy:<3,medium:<5,hard");
}

TEST(CalibrateCli, ExpandsLevelsAndWarnsAboutOrder) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto expanded = run_command(calibrate() + " " + fixture_levels() +
                                    " --levels 6 --spacing geometric -o " + dir + "/cal.json");
  ASSERT_EQ(expanded.exit_code, 0) << expanded.err;
  const Calibration calibration = read_calibration_file(dir + "/cal.json");
  ASSERT_EQ(calibration.levels.size(), 6U);
  EXPECT_EQ(calibration.levels[5].name, "hard+1");
  EXPECT_NE(expanded.out.find("hard+1"), std::string::npos) << expanded.out;

  const auto reversed =
      run_command(calibrate() + " hard=" + test_data("calibrate/hard.txt") +
                  " easy=" + test_data("calibrate/easy.txt") + " --runs 2 -o " + dir + "/reversed.json");
  EXPECT_EQ(reversed.exit_code, 0) << reversed.err;
  EXPECT_NE(reversed.err.find("warning: level \"easy\""), std::string::npos) << reversed.err;
}

TEST(CalibrateCli, OtherMetricsAndTheirOptions) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const auto result = run_command(calibrate() + " medium=" + test_data("calibrate/medium.txt") +
                                  " hard=" + test_data("calibrate/hard.txt") +
                                  " --metric hs-calls --strategies r -o " + dir + "/cal.json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Calibration calibration = read_calibration_file(dir + "/cal.json");
  EXPECT_EQ(calibration.metric, "hs-calls");
  EXPECT_EQ(calibration.runs, 1);
  EXPECT_EQ(calibration.options.at("strategies"), "r");
}

TEST(CalibrateCli, PlotsArePdfSvgOrPng) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  for (const std::string extension : {"pdf", "svg", "png"}) {
    const std::string plot = dir + "/plot." + extension;
    const auto result = run_command(calibrate() + " " + fixture_levels() + " --compare paper -o " + dir +
                                    "/cal.json --plot " + plot);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const std::string bytes = testing::read_text_file(plot);
    ASSERT_GT(bytes.size(), 1000U) << extension;
    if (extension == "pdf") {
      EXPECT_EQ(bytes.substr(0, 5), "%PDF-");
      const auto info = run_command("pdfinfo " + plot);
      EXPECT_EQ(info.exit_code, 0) << info.err;
      const std::size_t pages = info.out.find("Pages:");
      ASSERT_NE(pages, std::string::npos) << info.out;
      EXPECT_EQ(std::stoi(info.out.substr(pages + 6)), 1) << info.out;
      const auto fonts = run_command("pdffonts " + plot);
      EXPECT_EQ(fonts.out.find("Type 3"), std::string::npos) << fonts.out;  // real embedded fonts
    } else if (extension == "svg") {
      EXPECT_EQ(bytes.substr(0, 5), "<?xml");
      EXPECT_NE(bytes.find("<svg"), std::string::npos);
      EXPECT_NE(bytes.find("</svg>"), std::string::npos);
    } else {
      EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
      // IHDR: width 1280 (640 pt at two pixels per point).
      EXPECT_EQ(bytes.substr(16, 4), std::string("\x00\x00\x05\x00", 4));
    }
  }
}

// The plot's PDF date comes from SOURCE_DATE_EPOCH (tools/common's source_date_epoch, shared with
// typeset): set, the same study gives the same bytes with that date; unset, no date at all; a
// malformed value is a usage error, but only when there is a plot to date.
TEST(CalibrateCli, PdfDateFromSourceDateEpoch) {
  const std::string dir = testing::make_temp_dir("calibrate-cli");
  const std::string args = " " + fixture_levels() + " -o " + dir + "/cal.json --plot ";
  const auto dated = run_command("SOURCE_DATE_EPOCH=1772323200 " + calibrate() + args + dir + "/a.pdf");
  ASSERT_EQ(dated.exit_code, 0) << dated.err;
  const auto again = run_command("SOURCE_DATE_EPOCH=1772323200 " + calibrate() + args + dir + "/b.pdf");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const std::string bytes = testing::read_text_file(dir + "/a.pdf");
  EXPECT_EQ(bytes, testing::read_text_file(dir + "/b.pdf"));
  EXPECT_NE(bytes.find("20260301000000"), std::string::npos);
  const auto undated = run_command("env -u SOURCE_DATE_EPOCH " + calibrate() + args + dir + "/c.pdf");
  ASSERT_EQ(undated.exit_code, 0) << undated.err;
  EXPECT_EQ(testing::read_text_file(dir + "/c.pdf").find("/CreationDate"), std::string::npos);

  const auto bad = run_command("SOURCE_DATE_EPOCH=yesterday " + calibrate() + args + dir + "/d.pdf");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(
      bad.err,
      "calibrate: SOURCE_DATE_EPOCH must be a number of seconds, got 'yesterday' (see calibrate --help)\n");
  const auto no_plot = run_command("SOURCE_DATE_EPOCH=yesterday " + calibrate() + " " + fixture_levels() +
                                   " -o " + dir + "/cal.json");
  EXPECT_EQ(no_plot.exit_code, 0) << no_plot.err;
}

// --bands: a publisher's own labelled archive gives band levels that a plan can name.
TEST(CalibrateCli, BandsFromLabelledLevels) {
  const std::string dir = testing::make_temp_dir("calibrate-bands");
  // Every 8th puzzle of se-rated (sorted by SE rating): all bins, a second of CPU.
  std::ifstream input(testing::corpus_path("se-rated.txt"));
  std::string sample;
  std::string line;
  for (int n = 0; std::getline(input, line); ++n)
    if (n % 8 == 0) sample += line + "\n";
  testing::write_text_file(dir + "/sample.txt", sample);
  const auto result =
      run_command(calibrate() + " --metric technique --bands --labelled " + dir + "/sample.txt" +
                  " --bins 'easy:<3.0,medium:<4.5,hard:<6.2,evil' -o " + dir + "/levels.json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const Calibration levels = read_calibration_file(dir + "/levels.json");
  ASSERT_TRUE(has_bands(levels));
  ASSERT_EQ(levels.levels.size(), 4U);
  for (std::size_t i = 0; i < levels.levels.size(); ++i) {
    EXPECT_TRUE(levels.levels[i].band->contains(levels.levels[i].target)) << levels.levels[i].name;
    if (i > 0) {
      EXPECT_EQ(levels.levels[i].band->low, levels.levels[i - 1].band->high);
    }
  }
  // SE-binned levels: the cuts fall between SE's own bin edges' grades.
  EXPECT_GT(levels.levels[0].band->high, 2.8);
  EXPECT_LT(levels.levels[0].band->high, 3.4);
  const auto clash =
      run_command(calibrate() + " --bands --levels 6 " + fixture_levels() + " -o " + dir + "/x.json");
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.err.find("--bands and --levels do not go together"), std::string::npos) << clash.err;
}

// --bands --validate: a house style from an archive in its order (Solo's levels, half-turn
// symmetric), learned from the earlier 70 %, checked on the later 30 %.
// --house: the whole loop into one folder, on the small test archive (three levels, two puzzles
// each in the sample book to stay fast).
TEST(CalibrateCli, HouseLoopWritesEverythingIntoOneFolder) {
  const testing::TempDir temp("calibrate-house-loop");
  const std::string dir = temp / "house";
  const auto result = run_command(calibrate() + " --house " + dir + " --labelled " + test_data("calibrate/house.txt") +
                                  " --bins 'easy:<1.5,medium:<2.5,hard' --sample 2 --sample-seed 7 -j2");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const Calibration levels = read_calibration_file(dir + "/levels.json");
  EXPECT_EQ(levels.metric, "technique");
  EXPECT_EQ(levels.options.at("uniqueness"), "false");
  EXPECT_EQ(levels.options.at("order"), "invariant");
  ASSERT_EQ(levels.levels.size(), 3U);
  for (const auto& level : levels.levels) {
    ASSERT_TRUE(level.distribution.has_value()) << level.name;
    // The variety rule only where the archive's own level varies (three grades inside the band).
    std::size_t inside = 0;
    for (const auto& bin : level.distribution->grade.bins) inside += level.band->contains(bin.first) ? 1 : 0;
    EXPECT_EQ(level.variety, inside >= 3) << level.name;
  }
  // Validation on by default.
  const std::string report = testing::read_text_file(dir + "/report.txt");
  EXPECT_NE(report.find("labels (rows) against the learned levels (columns)"), std::string::npos) << report;
  // The plan names the levels file beside it and asks for two puzzles per level.
  const auto plan = boost::json::parse(testing::read_text_file(dir + "/plan.json")).as_object();
  EXPECT_EQ(plan.at("calibration").as_string(), "levels.json");
  ASSERT_EQ(plan.at("chapters").as_array().size(), 3U);
  EXPECT_EQ(plan.at("chapters").as_array()[1].as_object().at("count").as_int64(), 2);
  // The book, its report with a Kolmogorov-Smirnov verdict per chapter, and the audit text.
  const auto book_report = boost::json::parse(testing::read_text_file(dir + "/book/report.json")).as_object();
  const auto& chapters = book_report.at("chapters").as_array();
  ASSERT_EQ(chapters.size(), 3U);
  for (const auto& chapter : chapters) {
    const auto& ks = chapter.as_object().at("ks").as_object();
    for (const char* quantity : {"grade", "givens"}) {
      const auto& check = ks.at(quantity).as_object();
      EXPECT_EQ(check.at("puzzles").as_int64(), 2) << quantity;
      const double distance = check.at("distance").as_double();
      EXPECT_GE(distance, 0.0);
      EXPECT_LE(distance, 1.0);
      EXPECT_EQ(check.at("pass").as_bool(), distance <= check.at("critical").as_double());
    }
  }
  const std::string audit = testing::read_text_file(dir + "/audit.txt");
  EXPECT_NE(audit.find("against the archive: medium: grade KS "), std::string::npos) << audit;
  EXPECT_NE(result.out.find("audited against the archive"), std::string::npos);
  // The loop needs a labelled archive and writes its own levels file.
  EXPECT_EQ(run_command(calibrate() + " --house " + dir + " easy=" + test_data("calibrate/house.txt")).exit_code, 2);
  EXPECT_EQ(run_command(calibrate() + " --house " + dir + " --labelled " + test_data("calibrate/house.txt") +
                        " --bins 'easy:<1.5,medium:<2.5,hard' -o x.json")
                .exit_code,
            2);
  EXPECT_EQ(run_command(calibrate() + " --sample 3 --labelled " + test_data("calibrate/house.txt") +
                        " --bins 'easy:<1.5,medium:<2.5,hard' -o " + dir + "/x.json")
                .exit_code,
            2);
}

// The second dimension where it earns its place: the synthetic archive tests/data/calibrate/
// steps.txt labels medium-grade puzzles with five or more steps beyond singles hard. The learned
// levels cut medium/hard on grade + w x hard steps, beat the grade's own cuts on the held-out part,
// and the sample book's puzzles are inside those cuts (re-rated by corpus-rate, whose level field
// reads them); on Solo's levels (house.txt) no cut is kept and the levels are those of the grade.
TEST(CalibrateCli, SecondDimensionCutsWhereTheArchiveCountsHardSteps) {
  const testing::TempDir temp("calibrate-second-dimension");
  const std::string dir = temp / "house";
  const std::string bins = " --bins 'easy:<1.5,medium:<2.5,hard'";
  const auto result = run_command(calibrate() + " --house " + dir + " --labelled " + test_data("calibrate/steps.txt") +
                                  bins + " --sample 3 --sample-seed 5 -j2");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const Calibration levels = read_calibration_file(dir + "/levels.json");
  ASSERT_EQ(levels.levels.size(), 3U);
  EXPECT_FALSE(levels.levels[0].cut) << "easy/medium: the grade tells them apart";
  ASSERT_TRUE(levels.levels[1].cut);
  EXPECT_GT(levels.levels[1].cut->weight, 0.0);
  EXPECT_FALSE(levels.levels[2].cut);
  ASSERT_TRUE(levels.levels[2].distribution);
  EXPECT_FALSE(levels.levels[2].distribution->hard_steps.empty());
  // Held out, the learned levels beat the cuts on the grade alone.
  const auto& house = levels.provenance->as_object().at("house_style").as_object();
  const auto& validation = house.at("validation").as_object();
  const auto& baselines = validation.at("baselines").as_array();
  ASSERT_EQ(baselines[0].as_object().at("name").as_string(), "grade");
  EXPECT_GT(validation.at("accuracy").as_double(), baselines[0].as_object().at("accuracy").as_double());
  const auto& pairs = house.at("second_dimension").as_object().at("pairs").as_array();
  ASSERT_EQ(pairs.size(), 2U);
  EXPECT_FALSE(pairs[0].as_object().at("kept").as_bool());
  EXPECT_TRUE(pairs[1].as_object().at("kept").as_bool());
  EXPECT_NE(result.out.find("kept: medium ends at grade + "), std::string::npos) << result.out;
  // Every sample puzzle is in its chapter's level by the cuts, and the audit says so.
  expect_sample_in_its_levels(dir, 9U);
  const std::string audit = testing::read_text_file(dir + "/audit.txt");
  EXPECT_NE(audit.find("all checks passed"), std::string::npos) << audit;
  EXPECT_NE(audit.find("hard steps KS "), std::string::npos) << audit;

  // Solo's levels: the steps do not tell them apart; no cut, no hard steps in the file.
  const auto solo = run_command(calibrate() + " --metric technique --uniqueness false --bands --validate 0.3 --labelled " +
                                test_data("calibrate/house.txt") + bins + " -o " + dir + "/solo.json");
  ASSERT_EQ(solo.exit_code, 0) << solo.err;
  const Calibration solo_levels = read_calibration_file(dir + "/solo.json");
  EXPECT_FALSE(has_cuts(solo_levels));
  for (const auto& level : solo_levels.levels) EXPECT_TRUE(level.distribution->hard_steps.empty()) << level.name;
  const auto none = run_command(calibrate() + " --metric technique --uniqueness false --bands --validate 0.3 --labelled " +
                                test_data("calibrate/house.txt") + bins + " --second-dimension none -o " + dir +
                                "/none.json");
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(boost::json::parse(testing::read_text_file(dir + "/none.json")).as_object().at("levels"),
            boost::json::parse(testing::read_text_file(dir + "/solo.json")).as_object().at("levels"));

  // A bad --second-dimension and a broken cut in a level file: one line, exit 2.
  const auto bad = run_command(calibrate() + " --bands --second-dimension eliminations --labelled " +
                               test_data("calibrate/house.txt") + bins + " -o " + dir + "/bad.json");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--second-dimension expects hard-steps or none"), std::string::npos) << bad.err;
  std::string text = testing::read_text_file(dir + "/levels.json");
  text.replace(text.find("\"hard-steps\""), 12, "\"steps\"");
  testing::write_text_file(dir + "/broken.json", text);
  const auto broken = run_command(tool_path("corpus-rate") + " --calibration " + dir + "/broken.json " +
                                  test_data("calibrate/house.txt"));
  EXPECT_EQ(broken.exit_code, 2);
  EXPECT_NE(broken.err.find("broken.json"), std::string::npos) << broken.err;
  EXPECT_NE(broken.err.find("levels[1].cut.measure"), std::string::npos) << broken.err;
  EXPECT_EQ(std::count(broken.err.begin(), broken.err.end(), '\n'), 1) << broken.err;
}

// The loop reproduces the synthetic archive's levels: 20 puzzles a level pass the audit's grade,
// givens and hard-steps KS against the archive (its critical value: 0.37 against 42). The hard
// level is 60 % medium-grade puzzles with many steps beyond singles; a climb left to itself
// enters it by a harder technique (16 of 20 at 4.0-4.3, grade KS 0.47, before the slots climbed
// to their target's part of the level: plan.hpp slot_bands). The same plan gives the same bytes
// with one thread as with two.
TEST(CalibrateCli, HouseLoopReproducesTheSyntheticArchivesGradesAndHardSteps) {
  const testing::TempDir temp("calibrate-house-ks");
  const std::string dir = temp / "house";
  const auto result = run_command(calibrate() + " --house " + dir + " --labelled " + test_data("calibrate/steps.txt") +
                                  " --bins 'easy:<1.5,medium:<2.5,hard' --sample 20 -j2");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  const std::string audit = testing::read_text_file(dir + "/audit.txt");
  EXPECT_NE(audit.find("all checks passed"), std::string::npos) << audit;
  for (const std::string level : {"easy", "medium", "hard"}) {
    const auto start = audit.find("against the archive: " + level + ": ");
    ASSERT_NE(start, std::string::npos) << audit;
    const std::string line = audit.substr(start, audit.find('\n', start) - start);
    for (const std::string measure : {"grade KS ", "givens KS ", "hard steps KS "}) {
      const auto at = line.find(measure);
      ASSERT_NE(at, std::string::npos) << line;
      const std::string verdict = line.substr(at, line.find(',', at) - at);
      EXPECT_NE(verdict.find(" pass"), std::string::npos) << line;
    }
  }
  // The hard chapter's medium-grade part (up to medium's band's top) is there, as in the archive.
  const auto rated = run_command(tool_path("corpus-rate") + " --calibration " + dir +
                                 "/levels.json --format json --runs 1 -j2 " + dir + "/book/puzzles.txt");
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  const Calibration levels = read_calibration_file(dir + "/levels.json");
  const boost::json::value records = boost::json::parse(rated.out);
  int medium_grade = 0;
  for (const auto& record : records.as_array()) {
    const auto& fields = record.as_object();
    const std::string id(fields.at("label").as_string());
    EXPECT_EQ(id.substr(0, id.find('-')), fields.at("level").as_string()) << id;
    if (id.rfind("hard-", 0) == 0 && fields.at("technique_grade").as_double() <= levels.levels[1].band->high)
      ++medium_grade;
  }
  EXPECT_GE(medium_grade, 6);

  const auto one_thread = run_command(tool_path("generate-book") + " " + dir + "/plan.json -o " + dir + "/one -j1");
  ASSERT_EQ(one_thread.exit_code, 0) << one_thread.err;
  EXPECT_EQ(testing::read_text_file(dir + "/one/book.json"), testing::read_text_file(dir + "/book/book.json"));
}

TEST(CalibrateCli, HouseStyleWithValidation) {
  const std::string dir = testing::make_temp_dir("calibrate-house");
  const std::string archive = test_data("calibrate/house.txt");
  const std::string bins = " --bins 'easy:<1.5,medium:<2.5,hard'";
  const auto result = run_command(calibrate() + " --metric technique --uniqueness false --bands --validate 0.3 --labelled " +
                                  archive + bins + " -o " + dir + "/house.json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("house style, learned from"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("labels (rows) against the learned levels (columns)"), std::string::npos);
  EXPECT_NE(result.out.find("accuracy: learned levels "), std::string::npos);
  EXPECT_NE(result.out.find("; givens ("), std::string::npos);
  EXPECT_NE(result.out.find("; majority ("), std::string::npos);

  const Calibration levels = read_calibration_file(dir + "/house.json");
  ASSERT_TRUE(has_bands(levels));
  ASSERT_EQ(levels.levels.size(), 3U);
  EXPECT_EQ(levels.size, 9);
  EXPECT_EQ(levels.symmetry, Symmetry::rotate180);  // Solo's default symmetry
  // The archive in order: label per line, givens per line.
  std::vector<int> labels;
  std::vector<int> givens;
  {
    std::ifstream input(archive);
    std::string line;
    while (std::getline(input, line)) {
      givens.push_back(static_cast<int>(std::count_if(line.begin(), line.begin() + 81, [](char c) { return c != '.'; })));
      labels.push_back(std::stoi(line.substr(82)));
    }
  }
  const std::size_t held_out = (labels.size() * 3 + 5) / 10;  // round(0.3 n), halves up
  const std::size_t held_in = labels.size() - held_out;
  for (std::size_t level = 0; level < 3; ++level) {
    // The givens range lies within what the held-in part of the level printed.
    int fewest = 99;
    int most = 0;
    for (std::size_t i = 0; i < held_in; ++i)
      if (static_cast<std::size_t>(labels[i]) == level + 1) {
        fewest = std::min(fewest, givens[i]);
        most = std::max(most, givens[i]);
      }
    ASSERT_TRUE(levels.levels[level].givens.has_value());
    EXPECT_GE(levels.levels[level].givens->fewest, fewest) << level;
    EXPECT_LE(levels.levels[level].givens->most, most) << level;
    EXPECT_LE(levels.levels[level].givens->fewest, levels.levels[level].givens->most);
    // The level's distribution is its held-in puzzles: as many grades, and their givens exactly.
    ASSERT_TRUE(levels.levels[level].distribution.has_value()) << level;
    std::vector<int> level_givens;
    for (std::size_t i = 0; i < held_in; ++i)
      if (static_cast<std::size_t>(labels[i]) == level + 1) level_givens.push_back(givens[i]);
    EXPECT_EQ(levels.levels[level].distribution->grade.total(), level_givens.size()) << level;
    EXPECT_EQ(levels.levels[level].distribution->givens, histogram_of(std::span<const int>(level_givens))) << level;
    if (level > 0) {
      EXPECT_EQ(levels.levels[level].band->low, levels.levels[level - 1].band->high);
    }
  }
  const auto& provenance = levels.provenance->as_object();
  EXPECT_EQ(provenance.at("outliers").as_string(), "none");  // the default with --bands
  const auto& house = provenance.at("house_style").as_object();
  EXPECT_EQ(house.at("held_in").as_int64(), static_cast<std::int64_t>(held_in));
  const auto& validation = house.at("validation").as_object();
  EXPECT_EQ(validation.at("held_out").as_int64(), static_cast<std::int64_t>(held_out));
  // The confusion matrix's rows are the held-out labels, in file order the last 30 %.
  const auto& confusion = validation.at("confusion").as_array();
  ASSERT_EQ(confusion.size(), 3U);
  std::int64_t total = 0;
  std::int64_t agreeing = 0;
  for (std::size_t row = 0; row < 3; ++row) {
    std::int64_t row_total = 0;
    for (std::size_t column = 0; column < 3; ++column) row_total += confusion[row].as_array()[column].as_int64();
    const auto expected = std::count(labels.begin() + static_cast<std::ptrdiff_t>(held_in), labels.end(),
                                     static_cast<int>(row + 1));
    EXPECT_EQ(row_total, expected) << row;
    total += row_total;
    agreeing += confusion[row].as_array()[row].as_int64();
  }
  EXPECT_EQ(total, static_cast<std::int64_t>(held_out));
  EXPECT_DOUBLE_EQ(validation.at("accuracy").as_double(), static_cast<double>(agreeing) / static_cast<double>(total));
  const auto& baselines = validation.at("baselines").as_array();
  ASSERT_EQ(baselines.size(), 2U);
  EXPECT_EQ(baselines[0].as_object().at("name").as_string(), "givens");
  EXPECT_EQ(baselines[1].as_object().at("name").as_string(), "majority");
  // The learned levels beat guessing the commonest level on this archive.
  EXPECT_GT(validation.at("accuracy").as_double(), baselines[1].as_object().at("accuracy").as_double());

  // The same inputs give the same bytes.
  const auto again = run_command(calibrate() + " --metric technique --uniqueness false --bands --validate 0.3 --labelled " +
                                 archive + bins + " -o " + dir + "/again.json -j 1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(testing::read_text_file(dir + "/house.json"), testing::read_text_file(dir + "/again.json"));

  // --validate only with --bands, and a fraction strictly between 0 and 1; nothing is written.
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {" --validate 0.3 " + fixture_levels(), "--validate applies only with --bands"},
           {" --bands --validate 1.5 " + fixture_levels(), "--validate expects a fraction between 0 and 1"},
           {" --bands --validate x " + fixture_levels(), "--validate expects a fraction between 0 and 1"}}) {
    const auto bad = run_command(calibrate() + args + " -o " + dir + "/bad.json");
    EXPECT_EQ(bad.exit_code, 2) << args;
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
    EXPECT_FALSE(std::ifstream(dir + "/bad.json").good());
  }
}
// A synthetic newspaper archive whose medium and hard differ in how much work of which kind the
// path needs (tests/data/calibrate/news.txt, README): the level model is kept, labels the later
// 30 % better than the bands, and corpus-rate labels with it as the validation did.
TEST(CalibrateCli, LevelModelLearnsWhatTheBandsCannotSee) {
  const testing::TempDir temp("calibrate-level-model");
  const std::string levels_path = temp / "news.json";
  const std::string archive = test_data("calibrate/news.txt");
  const auto result = run_command(calibrate() +
                                  " --metric technique --uniqueness false --order invariant --bands --validate 0.3 "
                                  "--labelled " + archive + " --bins 'easy:<1.5,medium:<2.5,hard' -j2 -o " + levels_path);
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("kept: the levels are the model's"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("features that carry the decision"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("per level: learned levels easy "), std::string::npos) << result.out;
  const Calibration levels = read_calibration_file(levels_path);
  ASSERT_TRUE(levels.model);
  EXPECT_EQ(levels.model->levels, (std::vector<std::string>{"easy", "medium", "hard"}));
  const auto& house = levels.provenance->as_object().at("house_style").as_object();
  EXPECT_TRUE(house.at("model").as_object().at("kept").as_bool());
  const auto& validation = house.at("validation").as_object();
  const auto& baselines = validation.at("baselines").as_array();
  ASSERT_EQ(baselines[0].as_object().at("name").as_string(), "bands");
  const double accuracy = validation.at("accuracy").as_double();
  // Goal: 5 % of the labels are noise, so about 90 % is the ceiling; the bands reach 73.9 %.
  EXPECT_GE(accuracy, 0.82);
  EXPECT_GE(accuracy, baselines[0].as_object().at("accuracy").as_double() + 0.05);

  // corpus-rate --calibration labels the held-out puzzles as the validation did.
  const std::string text = testing::read_text_file(archive);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  const std::size_t held_in = lines.size() - (lines.size() * 3 + 5) / 10;
  std::string late;
  std::vector<std::string> labels;
  for (std::size_t i = held_in; i < lines.size(); ++i) {
    late += lines[i].substr(0, 81) + "\n";
    labels.push_back(lines[i].substr(82));
  }
  testing::write_text_file(temp / "late.txt", late);
  const auto rated = run_command(tool_path("corpus-rate") + " --calibration " + levels_path +
                                 " --format json --runs 1 -j2 " + (temp / "late.txt"));
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  const auto records = boost::json::parse(rated.out).as_array();
  ASSERT_EQ(records.size(), labels.size());
  const char* names[] = {"easy", "medium", "hard"};
  std::size_t agreeing = 0;
  for (std::size_t i = 0; i < records.size(); ++i)
    if (records[i].as_object().at("level").as_string() == names[std::stoi(labels[i]) - 1]) ++agreeing;
  EXPECT_EQ(static_cast<double>(agreeing) / static_cast<double>(records.size()), accuracy);

  // A broken model in the level file: one line naming the JSON path, exit 2.
  std::string broken = testing::read_text_file(levels_path);
  const std::size_t kind = broken.find("\"ordinal-logit\"");
  ASSERT_NE(kind, std::string::npos);
  broken.replace(kind, 15, "\"ordinal-logi\"");
  testing::write_text_file(temp / "broken.json", broken);
  const auto refused = run_command(tool_path("corpus-rate") + " --calibration " + (temp / "broken.json") + " " +
                                   (temp / "late.txt"));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  EXPECT_NE(refused.err.find("$.model.kind: unknown model kind"), std::string::npos) << refused.err;

  // --level-model none: the bands alone.
  const auto bands = run_command(calibrate() +
                                 " --metric technique --uniqueness false --order invariant --bands --validate 0.3 "
                                 "--level-model none --labelled " + archive +
                                 " --bins 'easy:<1.5,medium:<2.5,hard' -j2 -o " + (temp / "bands.json"));
  ASSERT_EQ(bands.exit_code, 0) << bands.err;
  EXPECT_FALSE(read_calibration_file(temp / "bands.json").model);
  EXPECT_EQ(bands.out.find("level model"), std::string::npos);
}
// The house loop on the same archive: every sample puzzle is of its chapter's level by the model
// (corpus-rate says so too), and the audit measures the model's score against the archive.
TEST(CalibrateCli, HouseLoopAimsAtTheLevelModel) {
  const testing::TempDir temp("calibrate-model-house");
  const std::string dir = temp / "house";
  const auto result = run_command(calibrate() + " --house " + dir + " --labelled " + test_data("calibrate/news.txt") +
                                  " --bins 'easy:<1.5,medium:<2.5,hard' --sample 6 -j2");
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  ASSERT_TRUE(read_calibration_file(dir + "/levels.json").model);
  const std::string audit = testing::read_text_file(dir + "/audit.txt");
  EXPECT_NE(audit.find("all checks passed"), std::string::npos) << audit;
  EXPECT_EQ(audit.find("the level model gives another level"), std::string::npos) << audit;
  for (const char* level : {"easy: ", "medium: ", "hard: "}) {
    const std::size_t line = audit.find(std::string("against the archive: ") + level);
    ASSERT_NE(line, std::string::npos) << level << audit;
    const std::string text = audit.substr(line, audit.find('\n', line) - line);
    EXPECT_NE(text.find("model score KS "), std::string::npos) << text;
    EXPECT_EQ(text.find("model score KS 1"), std::string::npos) << text;
  }
  // The model, not the band, decides the level: half of the archive's medium grades above the
  // medium band's top, so must the chapter's be (held to the band and its cut, none was).
  const Calibration levels = read_calibration_file(dir + "/levels.json");
  const double top = find_level(levels, "medium")->band->high;
  const auto report = boost::json::parse(testing::read_text_file(dir + "/book/report.json")).as_object();
  for (const auto& chapter : report.at("chapters").as_array()) {
    const auto& entry = chapter.as_object();
    if (entry.at("level").as_string() != "medium") continue;
    EXPECT_GT(entry.at("grade").as_object().at("max").to_number<double>(), top) << entry;
    EXPECT_TRUE(entry.at("ks").as_object().at("grade").as_object().at("pass").as_bool()) << entry;
  }
  expect_sample_in_its_levels(dir, 18U);
}
}  // namespace
}  // namespace sudoku
