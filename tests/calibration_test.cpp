// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/calibration.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <boost/json.hpp>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

Calibration parse_text(const std::string& text) {
  return parse_calibration(parse_json(text, "cal.json"));
}

// The InputError message for a calibration text, or "" when it parses.
std::string error_of(const std::string& text) {
  try {
    parse_text(text);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

std::string with_levels(const std::string& levels) {
  return R"({"metric": "call-count", "runs": 10, "levels": [)" + levels + "]}";
}

void expect_same(const Calibration& a, const Calibration& b) {
  EXPECT_EQ(a.metric, b.metric);
  EXPECT_EQ(a.runs, b.runs);
  EXPECT_EQ(a.options, b.options);
  EXPECT_EQ(a.provenance, b.provenance);
  ASSERT_EQ(a.levels.size(), b.levels.size());
  for (std::size_t i = 0; i < a.levels.size(); ++i) {
    EXPECT_EQ(a.levels[i].name, b.levels[i].name);
    EXPECT_EQ(a.levels[i].target, b.levels[i].target);
    EXPECT_EQ(a.levels[i].statistics, b.levels[i].statistics) << a.levels[i].name;
  }
}

TEST(Calibration, PaperDefaultMatchesTheShippedExample) {
  const Calibration paper = paper_calibration();
  EXPECT_EQ(paper.metric, "call-count");
  EXPECT_EQ(paper.runs, 10);
  ASSERT_EQ(paper.levels.size(), 4U);
  EXPECT_EQ(paper.levels[0].name, "easy");
  EXPECT_EQ(paper.levels[0].target, 6.234043);
  EXPECT_EQ(paper.levels[1].target, 29.2093);
  EXPECT_EQ(paper.levels[2].target, 98.2093);
  EXPECT_EQ(paper.levels[3].name, "evil");
  EXPECT_EQ(paper.levels[3].target, 527.4318);
  EXPECT_NO_THROW(validate_calibration(paper));
  EXPECT_TRUE(calibration_warnings(paper).empty());
  expect_same(read_calibration_file(std::string(SUDOKU_SOURCE_DIR) + "/examples/calibration-paper.json"),
              paper);
}

TEST(Calibration, RoundTripKeepsEveryField) {
  Calibration calibration = paper_calibration();
  calibration.options = {{"propagation", "ac"}, {"branching", "random"}};
  calibration.provenance =
      boost::json::parse(R"({"corpus": "se-rated.txt", "seed": 7, "tool": ["calibrate", 1]})");
  CalibrationLevel& easy = calibration.levels[0];
  easy[LevelStatistic::count] = 120;
  easy[LevelStatistic::kept] = 110;
  easy[LevelStatistic::removed] = 10;
  easy[LevelStatistic::q1] = 3.25;
  easy[LevelStatistic::median] = 5.5;
  easy[LevelStatistic::q3] = 8.125;
  easy[LevelStatistic::mean] = 6.234043;
  easy[LevelStatistic::sd] = 2.0 / 3.0;
  easy[LevelStatistic::min] = 1;
  easy[LevelStatistic::max] = 17.9;
  calibration.levels[3][LevelStatistic::median] = 412.0;

  const std::string dir = testing::make_temp_dir("calibration");
  const std::string path = dir + "/cal.json";
  write_calibration_file(path, calibration);
  const Calibration read = read_calibration_file(path);
  expect_same(read, calibration);
  // Writing again gives the same bytes.
  const std::string first = testing::read_text_file(path);
  write_calibration_file(path, read);
  EXPECT_EQ(testing::read_text_file(path), first);
  std::filesystem::remove_all(dir);
}

// Found by the calibration fuzzer (tests/fuzz/corpus/calibration_reader/crash-inexact-double.json):
// targets that are not short decimals must read back bit for bit, or calibrate's output would move
// the level boundaries it computed.
TEST(Calibration, FullPrecisionTargetsReadBackExactly) {
  Calibration calibration = paper_calibration();
  calibration.levels[0].target = 1.1969484840601325;
  calibration.levels[1].target = 29.209300000000002;
  calibration.levels[2].target = 928.1648141088867;
  calibration.levels[3].target = 1.9999999999999998e+92;
  calibration.levels[0][LevelStatistic::sd] = 2.0 / 3.0;
  const std::string text = pretty_json(calibration_to_json(calibration));
  const Calibration read = parse_calibration(parse_json(text, "cal.json"));
  expect_same(read, calibration);
  EXPECT_EQ(pretty_json(calibration_to_json(read)), text);
}

// Found by the calibration fuzzer (tests/fuzz/corpus/calibration_reader/crash-count-int64-max.json):
// a count near INT64_MAX was accepted, held as a double and then overflowed converting back to an
// integer when the calibration was written (generate-book copies it into every book).
TEST(Calibration, CountsMustFitADoubleExactly) {
  EXPECT_NE(error_of(with_levels(R"({"name": "easy", "target": 5, "count": 9223372036854775807})"))
                .find("$.levels[0].count: expected an integer from 0 to 9007199254740992"),
            std::string::npos);
  EXPECT_NE(error_of(with_levels(R"({"name": "easy", "target": 5, "kept": 9007199254740993})"))
                .find("$.levels[0].kept"),
            std::string::npos);
  EXPECT_EQ(error_of(with_levels(R"({"name": "easy", "target": 5, "removed": 9007199254740992})")), "");
  Calibration calibration = paper_calibration();
  calibration.levels[1][LevelStatistic::count] = 1e300;
  EXPECT_THROW(validate_calibration(calibration), InputError);
  calibration.levels[1][LevelStatistic::count] = 2.5;
  EXPECT_THROW(validate_calibration(calibration), InputError);
  calibration.levels[1][LevelStatistic::count] = 40;
  EXPECT_NO_THROW(validate_calibration(calibration));
}

TEST(Calibration, KeyListsCoverEveryStatistic) {
  const auto level_keys = calibration_level_keys();
  ASSERT_EQ(level_keys.size(), 8 + kLevelStatisticCount);
  EXPECT_EQ(level_keys[0], "name");
  EXPECT_EQ(level_keys[1], "target");
  EXPECT_EQ(level_keys[2], "band");
  EXPECT_EQ(level_keys[3], "givens");
  EXPECT_EQ(level_keys[4], "cages");
  EXPECT_EQ(level_keys[5], "variety");
  EXPECT_EQ(level_keys[6], "distribution");
  EXPECT_EQ(level_keys[7], "cut");
  for (std::size_t i = 0; i < kLevelStatisticCount; ++i)
    EXPECT_EQ(to_string(static_cast<LevelStatistic>(i)), level_keys[8 + i]);
  EXPECT_EQ(to_string(LevelStatistic::median), "median");
  EXPECT_EQ(calibration_keys().size(), 8U);  // with "model"
}

TEST(Calibration, RejectsMalformedFiles) {
  const auto expect_error = [](const std::string& text, const std::string& fragment) {
    const std::string error = error_of(text);
    EXPECT_NE(error.find(fragment), std::string::npos)
        << "error \"" << error << "\" lacks \"" << fragment << "\"";
  };
  expect_error(R"({"metric": "call-count", "runs": 10, "levels": [], "comment": 1})",
               "unknown key \"comment\"");
  expect_error(with_levels(R"({"name": "easy", "target": 5, "medain": 4})"), "unknown key \"medain\"");
  expect_error(with_levels(""), "at least one level");
  expect_error(R"({"metric": "call-count", "runs": 10, "symmetry": "spiral", "levels": [{"name": "e", "target": 5}]})",
               "$.symmetry");
  expect_error(R"({"metric": "call-count", "runs": 10})", "levels");
  expect_error(with_levels(R"({"target": 5})"), "name");
  expect_error(with_levels(R"({"name": "easy"})"), "target");
  expect_error(with_levels(R"({"name": "easy", "target": 0})"), "$.levels[0].target");
  expect_error(with_levels(R"({"name": "easy", "target": -3})"), "positive");
  expect_error(with_levels(R"({"name": "easy", "target": "5"})"), "expected a number");
  expect_error(with_levels(R"({"name": "", "target": 5})"), "non-empty name");
  expect_error(with_levels(R"({"name": "easy", "target": 5}, {"name": "easy", "target": 9})"),
               "$.levels[1].name: duplicate level name \"easy\"");
  expect_error(with_levels(R"({"name": "easy", "target": 5}, {"name": "hard", "target": 5})"),
               "$.levels[1].target: same target");
  expect_error(with_levels(R"({"name": "easy", "target": 5, "count": 2.5})"), "$.levels[0].count");
  expect_error(with_levels(R"({"name": "easy", "target": 5, "count": -1})"), "$.levels[0].count");
  expect_error(R"({"metric": "technique-x", "runs": 10, "levels": [{"name": "a", "target": 1}]})",
               "unknown rating metric");
  expect_error(R"({"metric": "call-count", "runs": 0, "levels": [{"name": "a", "target": 1}]})", "$.runs");
  expect_error(R"({"metric": "call-count", "levels": [{"name": "a", "target": 1}]})", "runs");
  expect_error(R"({"metric": "call-count", "runs": 10, "options": {"strategies": "r"},
                  "levels": [{"name": "a", "target": 1}]})",
               "no option \"strategies\"");
  expect_error(R"({"metric": "call-count", "runs": 10, "options": {"runs": 10},
                  "levels": [{"name": "a", "target": 1}]})",
               "$.options.runs");
  expect_error(R"({"metric": "call-count", "runs": 10, "levels": [{"name": "a", "target": 1}],})",
               "cal.json:1:");
  EXPECT_EQ(error_of(with_levels(R"({"name": "a", "target": 1})")), "");
  EXPECT_THROW(read_calibration_file("/nonexistent/cal.json"), IoError);
}

TEST(Calibration, ValidatesCalibrationsBuiltInCode) {
  Calibration calibration = paper_calibration();
  calibration.levels[2].name = "medium";
  EXPECT_THROW(validate_calibration(calibration), InputError);
  calibration = paper_calibration();
  calibration.levels.clear();
  EXPECT_THROW(validate_calibration(calibration), InputError);
  EXPECT_THROW(write_calibration_file("/nonexistent-dir/x.json", calibration), InputError);
  calibration = paper_calibration();
  calibration.levels[1].target = std::nan("");
  EXPECT_THROW(validate_calibration(calibration), InputError);
  calibration = paper_calibration();
  calibration.runs = 0;
  EXPECT_THROW(validate_calibration(calibration), InputError);
}

TEST(Calibration, LevelLookupUsesGeometricMeanBoundaries) {
  const Calibration paper = paper_calibration();
  const std::vector<double> boundaries = level_boundaries(paper);
  ASSERT_EQ(boundaries.size(), 3U);
  EXPECT_DOUBLE_EQ(boundaries[0], std::sqrt(6.234043 * 29.2093));  // about 13.49
  EXPECT_DOUBLE_EQ(boundaries[1], std::sqrt(29.2093 * 98.2093));   // about 53.56
  EXPECT_DOUBLE_EQ(boundaries[2], std::sqrt(98.2093 * 527.4318));  // about 227.6
  const char* names[] = {"easy", "medium", "hard", "evil"};
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    // Exactly on a boundary belongs to the upper level; just below to the lower.
    EXPECT_EQ(level_for(paper, boundaries[i]).name, names[i + 1]);
    EXPECT_EQ(level_for(paper, std::nextafter(boundaries[i], 0.0)).name, names[i]);
  }
  EXPECT_EQ(level_for(paper, 1.0).name, "easy");  // singles-only puzzles
  EXPECT_EQ(level_for(paper, 0.0).name, "easy");
  EXPECT_EQ(level_for(paper, -5.0).name, "easy");
  EXPECT_EQ(level_for(paper, 6.234043).name, "easy");
  EXPECT_EQ(level_for(paper, 29.2093).name, "medium");
  EXPECT_EQ(level_for(paper, 98.2093).name, "hard");
  EXPECT_EQ(level_for(paper, 1e9).name, "evil");
  EXPECT_EQ(level_for(paper, INFINITY).name, "evil");
  EXPECT_EQ(level_index(paper, 100.0), 2U);
  EXPECT_THROW(level_index(paper, std::nan("")), std::invalid_argument);
  EXPECT_THROW(level_index(Calibration{}, 5.0), std::invalid_argument);

  Calibration single;
  single.levels = {{"only", 42.0, {}}};
  EXPECT_TRUE(level_boundaries(single).empty());
  EXPECT_EQ(level_for(single, 1.0).name, "only");
  EXPECT_EQ(level_for(single, 1e6).name, "only");
}

TEST(Calibration, TargetsOutOfOrderWarnButStillLookUpByTarget) {
  const Calibration calibration = parse_text(with_levels(
      R"({"name": "medium", "target": 30}, {"name": "easy", "target": 6}, {"name": "hard", "target": 100})"));
  const auto warnings = calibration_warnings(calibration);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_NE(warnings[0].find("\"easy\""), std::string::npos) << warnings[0];
  EXPECT_EQ(level_for(calibration, 5.0).name, "easy");
  EXPECT_EQ(level_for(calibration, 20.0).name, "medium");
  EXPECT_EQ(level_for(calibration, 60.0).name, "hard");
  EXPECT_DOUBLE_EQ(level_boundaries(calibration)[0], std::sqrt(6.0 * 30.0));
}

TEST(Calibration, MismatchWithTheRatingMetric) {
  Calibration calibration = paper_calibration();
  EXPECT_FALSE(calibration_mismatch(calibration, *make_rating_metric("call-count")));
  EXPECT_TRUE(calibration_mismatch(calibration, *make_rating_metric("call-count", {{"runs", "5"}})));
  EXPECT_TRUE(calibration_mismatch(calibration, *make_rating_metric("hs-calls")));
  calibration.options = {{"propagation", "ac-hidden"}};
  const auto mismatch = calibration_mismatch(calibration, *make_rating_metric("call-count"));
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("propagation"), std::string::npos);
  EXPECT_FALSE(
      calibration_mismatch(calibration, *make_rating_metric("call-count", {{"propagation", "ac-hidden"}})));
}

// Band levels: the readers' press levels.
TEST(CalibrationBands, PressLevelsLookUpByBand) {
  const Calibration press = press_calibration();
  EXPECT_NO_THROW(validate_calibration(press));
  EXPECT_TRUE(has_bands(press));
  EXPECT_FALSE(has_bands(paper_calibration()));
  EXPECT_EQ(press.metric, "technique");
  EXPECT_EQ(press.options.at("uniqueness"), "false");
  const std::vector<std::pair<double, std::string>> cases{
      {0.0, "easy"},     {1.0, "easy"},    {1.5, "easy"},     {2.3, "easy"},
      {2.4, "medium"},   {2.5, "medium"},  {3.4, "medium"},   {3.5, "hard"},
      {3.6, "hard"},     {5.5, "hard"},    {5.6, "evil"},     {7.4, "evil"},
      {7.45, "extreme"}, {7.5, "extreme"}, {11.0, "extreme"}, {99.0, "extreme"}};
  for (const auto& [grade, name] : cases) EXPECT_EQ(level_for(press, grade).name, name) << grade;
  EXPECT_EQ(level_boundaries(press), (std::vector<double>{2.4, 3.5, 5.55, 7.45}));
  // Every level's own target lies in its band and looks itself up.
  for (const auto& level : press.levels) {
    ASSERT_TRUE(level.band && level.givens);
    EXPECT_EQ(level_for(press, level.target).name, level.name);
  }
}

TEST(CalibrationBands, RoundTripAndShippedFileMatchTheBuiltIn) {
  const Calibration press = press_calibration();
  const Calibration back = parse_calibration(
      JsonDocument{"press.json", boost::json::parse(pretty_json(calibration_to_json(press)))});
  ASSERT_EQ(back.levels.size(), press.levels.size());
  EXPECT_EQ(back.size, std::optional<int>(9));
  for (std::size_t i = 0; i < press.levels.size(); ++i) {
    EXPECT_EQ(back.levels[i].name, press.levels[i].name);
    EXPECT_EQ(back.levels[i].band, press.levels[i].band);
    EXPECT_EQ(back.levels[i].givens, press.levels[i].givens);
  }
  const Calibration shipped =
      read_calibration_file(std::string(SUDOKU_SOURCE_DIR) + "/examples/levels-press.json");
  EXPECT_EQ(pretty_json(calibration_to_json(shipped)), pretty_json(calibration_to_json(press)));
}

// Killer levels: four bands of the Killer grade, no givens, a cage-count range per level that
// round-trips through the file format; the old call still gives the classic levels.
TEST(CalibrationBands, KillerPressLevels) {
  const Calibration killer = press_calibration(9, Variant::killer);
  EXPECT_NO_THROW(validate_calibration(killer));
  ASSERT_EQ(killer.levels.size(), 4U);
  EXPECT_EQ(killer.metric, "technique");
  EXPECT_EQ(killer.options.at("uniqueness"), "false");
  for (const CalibrationLevel& level : killer.levels) {
    EXPECT_EQ(level.givens, (GivensRange{0, 0})) << level.name;
    ASSERT_TRUE(level.cages) << level.name;
  }
  // Fewer, larger cages read harder: the ranges move down level by level.
  for (std::size_t i = 1; i < killer.levels.size(); ++i)
    EXPECT_LT(killer.levels[i].cages->most, killer.levels[i - 1].cages->most);
  EXPECT_EQ(level_for(killer, 1.6).name, "easy");    // cage combinations
  EXPECT_EQ(level_for(killer, 2.2).name, "medium");  // a virtual cage in one unit
  EXPECT_EQ(level_for(killer, 3.1).name, "hard");    // a virtual cage over adjacent units
  EXPECT_EQ(level_for(killer, 11.0).name, "evil");   // beyond the ladder
  const Calibration back = parse_calibration(
      JsonDocument{"killer.json", boost::json::parse(pretty_json(calibration_to_json(killer)))});
  EXPECT_EQ(pretty_json(calibration_to_json(back)), pretty_json(calibration_to_json(killer)));
  EXPECT_EQ(back.levels[0].cages, killer.levels[0].cages);
  EXPECT_EQ(pretty_json(calibration_to_json(press_calibration(9))),
            pretty_json(calibration_to_json(press_calibration(9, Variant::classic))));
  EXPECT_EQ(built_in_calibration("press", 9, Variant::killer)->levels.size(), 4U);
  EXPECT_THROW(press_calibration(4, Variant::killer), std::invalid_argument);
}

// The variety rule needs a band that several techniques can fill: not 4x4 medium, which hidden
// singles fill alone. The flag is written only when off and reads back.
TEST(CalibrationBands, VarietyRuleOffWhereOneTechniqueFillsTheBand) {
  const Calibration nine = press_calibration(9);
  EXPECT_FALSE(variety_applies(nine, "easy", 20));  // the lowest level
  EXPECT_TRUE(variety_applies(nine, "medium", 20));
  EXPECT_FALSE(variety_applies(nine, "medium", 19));  // too few puzzles to ask for it
  const Calibration four = press_calibration(4);
  EXPECT_FALSE(variety_applies(four, "medium", 100));
  const std::string text = pretty_json(calibration_to_json(four));
  EXPECT_NE(text.find("\"variety\": false"), std::string::npos) << text;
  EXPECT_EQ(pretty_json(calibration_to_json(nine)).find("variety"), std::string::npos);
  const Calibration back = parse_calibration(JsonDocument{"four.json", boost::json::parse(text)});
  EXPECT_TRUE(back.levels[0].variety);
  EXPECT_FALSE(back.levels[1].variety);
  EXPECT_FALSE(variety_applies(back, "medium", 100));
}

TEST(CalibrationBands, TouchingBandsGoToTheUpperLevelAtTheSharedEdge) {
  Calibration calibration;
  calibration.metric = "technique";
  calibration.runs = 1;
  calibration.levels = {{"low", 1.5, {}, RatingBand{1.0, 2.45}}, {"high", 3.0, {}, RatingBand{2.45, 4.0}}};
  EXPECT_NO_THROW(validate_calibration(calibration));
  EXPECT_EQ(level_for(calibration, 2.4).name, "low");
  EXPECT_EQ(level_for(calibration, 2.45).name, "high");
}

TEST(CalibrationBands, RejectsBadBands) {
  const auto expect_error = [](const std::string& levels, const std::string& fragment) {
    const std::string text = R"({"metric": "technique", "runs": 1, "levels": [)" + levels + "]}";
    try {
      parse_calibration(JsonDocument{"bands.json", boost::json::parse(text)});
      ADD_FAILURE() << "accepted " << levels;
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
  };
  expect_error(R"({"name": "a", "target": 1.5, "band": [1, 2]}, {"name": "b", "target": 3})",
               "$.levels[1].band: this level has no band");
  expect_error(
      R"({"name": "a", "target": 1.5, "band": [1, 2]}, {"name": "b", "target": 2.5, "band": [1.5, 3]})",
      "$.levels[1].band: overlaps the band of level \"a\"");
  expect_error(R"({"name": "a", "target": 2.5, "band": [1, 2]})",
               "$.levels[0].target: the target 2.5 lies outside");
  expect_error(R"({"name": "a", "target": 1.5, "band": [2, 1]})", "$.levels[0].band: expected [low, high]");
  expect_error(R"({"name": "a", "target": 1.5, "band": [1]})", "$.levels[0].band: expected [low, high]");
  expect_error(R"({"name": "a", "target": 1.5, "givens": [30, 20]})",
               "$.levels[0].givens: expected [fewest, most]");
  expect_error(R"({"name": "a", "target": 1.5, "cages": [0, 20]})",
               "$.levels[0].cages: expected [fewest, most]");
  expect_error(R"({"name": "a", "target": 1.5, "givens": [30, "x"]})", "$.levels[0].givens[1]");
}
}  // namespace
}  // namespace sudoku
