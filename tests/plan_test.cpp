// SPDX-License-Identifier: Apache-2.0
#include "sudoku/generate/plan.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <cstdio>
#include <string>
#include <utility>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/front_matter.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

std::string plan_error(const std::string& text) {
  try {
    parse_plan(parse_json(text, "plan.json"), ".");
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

TEST(Plan, TheShippedExamplesParse) {
  const Plan plan = read_plan(testing::test_data("../../examples/plan.json"));
  EXPECT_EQ(plan.title, "Sudoku Book 1");
  EXPECT_EQ(plan.seed, 20261124U);
  EXPECT_EQ(plan.symmetry, Symmetry::rotate180);
  // The readers' press levels by default: technique grades without uniqueness, bands and givens.
  EXPECT_EQ(plan.metric, "technique");
  EXPECT_EQ(plan.calibration_source, "press");
  EXPECT_EQ(plan.metric_settings().at("uniqueness"), "false");
  ASSERT_EQ(plan.chapters.size(), 4U);
  EXPECT_EQ(plan.chapters[3].level, "evil");
  ASSERT_TRUE(plan.chapters[3].band && plan.chapters[3].givens);
  EXPECT_EQ(*plan.chapters[3].band, (RatingBand{5.6, 7.4}));
  EXPECT_EQ(*plan.chapters[3].givens, (GivensRange{22, 28}));
  EXPECT_FALSE(plan.chapters[0].variety);  // the lowest level
  EXPECT_TRUE(plan.chapters[1].variety);
  EXPECT_EQ(plan.puzzle_count(), 80U);
  // Issue #13's 1,000-puzzle plan (docs/performance.md): the same levels, 400/300/200/100.
  const Plan thousand = read_plan(testing::test_data("../../examples/plan-1000.json"));
  EXPECT_EQ(thousand.calibration_source, "press");
  EXPECT_EQ(thousand.puzzle_count(), 1000U);
  EXPECT_EQ(thousand.chapters[0].count, 400);
  const Plan paper = read_plan(testing::test_data("../../examples/plan-paper.json"));
  EXPECT_EQ(paper.metric, "call-count");
  EXPECT_EQ(paper.runs, 10);
  ASSERT_EQ(paper.chapters.size(), 3U);
  EXPECT_DOUBLE_EQ(paper.chapters[2].target, 527.4318);
  EXPECT_FALSE(paper.chapters[2].band);
  const Plan week = read_plan(testing::test_data("../../examples/newspaper-week.json"));
  EXPECT_EQ(week.chapters.size(), 21U);
  EXPECT_EQ(week.chapters[0].date, "2026-11-23");
  // A mixed book: each chapter on the press levels of its own size.
  const Plan sizes = read_plan(testing::test_data("../../examples/plan-sizes.json"));
  ASSERT_EQ(sizes.chapters.size(), 8U);
  EXPECT_EQ(sizes.chapters[0].size, 4);
  EXPECT_EQ(*sizes.chapters[0].givens, (GivensRange{8, 10}));
  EXPECT_EQ(sizes.chapters[3].size, 6);
  EXPECT_EQ(*sizes.chapters[3].band, (RatingBand{2.5, 5.5}));
  EXPECT_EQ(sizes.chapters[4].size, 9);
  EXPECT_EQ(*sizes.chapters[4].givens, (GivensRange{27, 34}));
  EXPECT_EQ(*sizes.chapters[7].givens, (GivensRange{98, 122}));
  const Plan by_technique = read_plan(testing::test_data("../../examples/plan-technique.json"));
  EXPECT_EQ(by_technique.metric, "technique");
  EXPECT_EQ(by_technique.calibration.metric, "technique");
  ASSERT_EQ(by_technique.chapters.size(), 4U);
  EXPECT_NEAR(by_technique.chapters[3].target, 7.8, 0.05);
}

// "language" names the language typeset prints the book in: kept in the plan (and so in book.json),
// its shape checked here; which catalogues exist is typeset's business.
TEST(Plan, LanguageIsACodeKeptInTheBook) {
  const Plan german = read_plan(testing::test_data("../../examples/plan-de.json"));
  EXPECT_EQ(german.language, "de");
  EXPECT_EQ(plan_to_json(german).at("language").as_string(), "de");
  EXPECT_EQ(read_plan(testing::test_data("../../examples/plan-ja.json")).language, "ja");
  const Plan english = read_plan(testing::test_data("../../examples/plan.json"));
  EXPECT_EQ(english.language, "");
  EXPECT_FALSE(plan_to_json(english).contains("language"));
  EXPECT_EQ(parse_plan(parse_json(R"({"title": "t", "seed": 1, "language": "pt-BR",
      "chapters": [{"level": "easy", "count": 1}]})", "plan.json"), ".").language, "pt-BR");
  for (const char* bad : {"\"Deutsch\"", "\"d\"", "\"../de\"", "\"de_DE\"", "7"}) {
    const std::string error = plan_error(std::string(R"({"title": "t", "seed": 1, "language": )") + bad +
                                         R"(, "chapters": [{"level": "easy", "count": 1}]})");
    EXPECT_NE(error.find("$.language"), std::string::npos) << bad << ": " << error;
  }
}

// A level above a cut (the synthetic loop's hard, above medium's cut on grade + hard steps):
// each slot climbs first to the part of the level its target lies in, a window of grades from the
// part's bottom to kSlotWindowReach above the target, then the whole part; the scheduler falls back
// to the level's band. Levels without a lower cut have no parts.
TEST(Plan, SlotBandsOfALevelAboveACutFollowTheTargetsPart) {
  PlanChapter hard;
  hard.band = RatingBand{2.6, 4.4};
  EXPECT_TRUE(slot_bands(hard, 2.8).empty()) << "no cut below";
  hard.cut_below = LevelCut{std::string(kHardStepsMeasure), 1.0, 7.3};
  hard.top_below = 3.3;
  const std::vector<RatingBand> steps = slot_bands(hard, 2.8);
  ASSERT_EQ(steps.size(), 2U);
  EXPECT_DOUBLE_EQ(steps[0].low, 2.6);
  EXPECT_DOUBLE_EQ(steps[0].high, 2.8 + kSlotWindowReach);
  EXPECT_EQ(steps[1], (RatingBand{2.6, 3.3}));
  // The top of the level below is still its part; a window reaching past the part is the part.
  EXPECT_EQ(slot_bands(hard, 3.3), (std::vector<RatingBand>{{2.6, 3.3}}));
  const std::vector<RatingBand> grades = slot_bands(hard, 3.6);
  ASSERT_EQ(grades.size(), 2U);
  EXPECT_NEAR(grades[0].low, 3.35, 1e-12);
  EXPECT_NEAR(grades[0].high, 3.6 + kSlotWindowReach, 1e-12);
  EXPECT_NEAR(grades[1].low, 3.35, 1e-12);
  EXPECT_DOUBLE_EQ(grades[1].high, 4.4);
  EXPECT_EQ(slot_bands(hard, 4.4).size(), 1U);
  // A level below's band that ends below or at the top of this one leaves one part: none.
  hard.top_below = 2.5;
  EXPECT_TRUE(slot_bands(hard, 2.8).empty());
  hard.top_below = 4.4;
  EXPECT_TRUE(slot_bands(hard, 2.8).empty());
}

TEST(Plan, ChapterGivensOverrideTheLevelsAndEachSizeHasItsOwn) {
  const Plan plan = parse_plan(parse_json(R"({"title": "t", "seed": 5, "chapters": [
      {"level": "hard", "count": 2, "givens": [26, 27]}, {"level": "hard", "count": 2}]})",
                                          "p"),
                               ".");
  EXPECT_EQ(*plan.chapters[0].givens, (GivensRange{26, 27}));
  EXPECT_EQ(*plan.chapters[1].givens, (GivensRange{24, 30}));
  EXPECT_EQ(slot_target(plan.chapters[0], 0), 3.6 + 0.5 * (5.5 - 3.6));
  for (std::size_t i = 0; i < 50; ++i)
    EXPECT_TRUE(plan.chapters[0].band->contains(slot_target(plan.chapters[0], i, 3)));
  // Other sizes get the press levels of their own size: 6x6 easy gives 14 to 20 of 36 cells.
  const Plan small = parse_plan(
      parse_json(R"({"title": "t", "seed": 5, "size": 6, "chapters": [{"level": "easy", "count": 2}]})", "p"),
      ".");
  EXPECT_EQ(*small.chapters[0].givens, (GivensRange{14, 20}));
  EXPECT_EQ(*small.calibration.size, 6);
  EXPECT_TRUE(small.chapters[0].band);
  // A calibration made for another size keeps its bands but not its givens ranges.
  const Plan other = parse_plan(
      parse_json(R"({"title": "t", "seed": 5, "size": 6, "calibration": "../examples/levels-press.json",
      "chapters": [{"level": "easy", "count": 2}]})",
                 "p"),
      SUDOKU_SOURCE_DIR "/tests");
  EXPECT_FALSE(other.chapters[0].givens);
}

// A house style learned by calibrate --bands names the symmetry its archive prints: a plan that
// names none takes it, a plan that names one keeps its own.
TEST(Plan, TheCalibrationsSymmetryIsTheDefault) {
  const std::string dir = testing::make_temp_dir("plan-house-symmetry");
  Calibration house = press_calibration();
  house.symmetry = Symmetry::mirror;
  write_calibration_file(dir + "/house.json", house);
  EXPECT_EQ(read_calibration_file(dir + "/house.json").symmetry, Symmetry::mirror);
  const auto plan_with = [&](const std::string& symmetry) {
    return parse_plan(parse_json(R"({"title": "t", "seed": 5, "calibration": "house.json", )" + symmetry +
                                     R"("chapters": [{"level": "easy", "count": 2}]})",
                                 "p"),
                      dir);
  };
  EXPECT_EQ(plan_with("").symmetry, Symmetry::mirror);
  EXPECT_EQ(plan_with(R"("symmetry": "none", )").symmetry, Symmetry::none);
  // Without one in the calibration, the newspaper default.
  write_calibration_file(dir + "/house.json", press_calibration());
  EXPECT_EQ(plan_with("").symmetry, Symmetry::rotate180);
}

TEST(Plan, EverySizeHasPressLevelsWithGivensForItsCells) {
  for (int size : Geometry::supported_sizes()) {
    const Calibration press = press_calibration(size);
    EXPECT_EQ(*press.size, size);
    EXPECT_NO_THROW(validate_calibration(press)) << size;
    for (const CalibrationLevel& level : press.levels) {
      ASSERT_TRUE(level.givens) << size;
      EXPECT_LE(level.givens->most, size * size) << size << " " << level.name;
      EXPECT_GT(level.givens->fewest, 0) << size << " " << level.name;
    }
  }
  EXPECT_EQ(press_calibration(4).levels.size(), 2u);  // 4x4 puzzles all fall to singles
  EXPECT_EQ(press_calibration(6).levels.size(), 3u);
  EXPECT_EQ(press_calibration(9).levels.size(), 5u);
  EXPECT_THROW(press_calibration(8), std::invalid_argument);
}

TEST(Plan, ChapterSizesAreCheckedAndLevelsComeFromTheirSize) {
  EXPECT_EQ(
      plan_error(R"({"title": "t", "seed": 1, "chapters": [{"size": 8, "level": "easy", "count": 1}]})"),
      "plan.json: $.chapters[0].size: unsupported grid size 8 (expected 4, 6, 9, 12, 16 or 25)");
  EXPECT_EQ(
      plan_error(R"({"title": "t", "seed": 1, "chapters": [{"size": 4, "level": "hard", "count": 1}]})"),
      "plan.json: $.chapters[0].level: unknown level \"hard\" (known: easy, medium; or give a target "
      "rating as a number)");
}

TEST(Plan, RefusesTheCallCountAbove9x9) {
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "size": 16, "metric": "call-count",
      "chapters": [{"level": "easy", "count": 1}]})"),
            "plan.json: $.metric: the call count is the paper's 9x9 metric (on a 16x16 grid its searches hit "
            "the call cap); rate with \"technique\"");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "metric": "call-count",
      "chapters": [{"size": 12, "level": "easy", "count": 1}]})"),
            "plan.json: $.chapters[0].size: the call count is the paper's 9x9 metric (on a 12x12 grid its "
            "searches hit the call cap); rate with \"technique\"");
}

TEST(Plan, DefaultsAndNumericLevels) {
  const Plan press = parse_plan(
      parse_json(R"({"title": "t", "seed": 5, "chapters": [{"level": 3.2, "count": 2}]})", "p"), ".");
  EXPECT_EQ(press.runs, 1);
  EXPECT_EQ(press.calibration_source, "press");
  EXPECT_EQ(press.chapters[0].level, "medium");
  EXPECT_FALSE(press.chapters[0].band);  // a numeric level is a target with the plan's tolerance
  const Plan plan = parse_plan(
      parse_json(
          R"({"title": "t", "seed": 5, "metric": "call-count", "chapters": [{"level": 300, "count": 2}]})",
          "p"),
      ".");
  EXPECT_EQ(plan.size, 9);
  EXPECT_EQ(plan.runs, 10);
  EXPECT_DOUBLE_EQ(plan.tolerance, 0.10);
  EXPECT_EQ(plan.calibration_source, "paper");
  EXPECT_TRUE(plan.chapters[0].numeric_level);
  EXPECT_DOUBLE_EQ(plan.chapters[0].target, 300);
  EXPECT_EQ(plan.chapters[0].level, "evil");  // 300 is nearer evil than hard on a log scale
  EXPECT_EQ(plan.chapters[0].title, "evil");
}

// Gattai chapters: a shipped shape or one given by hand, grids open by default for Samurai only,
// no givens range from the single-grid levels, and the chapter's board.
TEST(Plan, GattaiChaptersNameTheirShape) {
  const Plan plan = parse_plan(parse_json(R"({"title": "t", "seed": 5, "chapters": [
      {"shape": "samurai", "level": "hard", "count": 1},
      {"shape": "15x15 0,0 6,6", "level": "easy", "count": 1},
      {"shape": "samurai", "grids-open": false, "level": "easy", "count": 1, "givens": [100, 140]}]})",
                                          "plan.json"),
                               ".");
  ASSERT_EQ(plan.chapters.size(), 3u);
  EXPECT_EQ(plan.chapters[0].shape->name, "samurai");
  EXPECT_TRUE(plan.chapters[0].grids_open);
  EXPECT_FALSE(plan.chapters[0].givens.has_value());
  EXPECT_EQ(chapter_board(plan.chapters[0], plan.symmetry, 1)->cell_count(), 369);
  EXPECT_EQ(plan.chapters[1].shape->name, "custom");
  EXPECT_FALSE(plan.chapters[1].grids_open);
  EXPECT_EQ(chapter_board(plan.chapters[1], plan.symmetry, 1)->describe(), "custom (2 grids on 15x15)");
  EXPECT_FALSE(plan.chapters[2].grids_open);
  ASSERT_TRUE(plan.chapters[2].givens.has_value());
  EXPECT_EQ(plan.chapters[2].givens->most, 140);
  const auto written = plan_to_json(plan);
  EXPECT_EQ(written.at("chapters").as_array()[1].as_object().at("shape").as_string(), "15x15 0,0 6,6");
  EXPECT_FALSE(written.at("chapters").as_array()[0].as_object().contains("grids-open"));
  EXPECT_FALSE(written.at("chapters").as_array()[2].as_object().at("grids-open").as_bool());
}

// The book's copy of the plan is written from the model: the shipped examples (keys in schema
// order) come back as written, and defaults the plan left out stay out.
TEST(Plan, WrittenBackFromTheModelAsGiven) {
  for (const std::string name : {"plan", "plan-1000", "plan-paper", "plan-technique", "newspaper-week",
                                 "desk-december", "plan-sizes", "plan-variants", "plan-samurai"}) {
    const std::string path = testing::test_data("../../examples/" + name + ".json");
    EXPECT_EQ(pretty_json(plan_to_json(read_plan(path))), pretty_json(read_json_file(path).root)) << name;
  }
  const std::string minimal =
      R"({"title": "t", "seed": 5, "chapters": [{"level": 300, "count": 2}, {"level": 4.5, "count": 1},
          {"title": "Hard", "level": "hard", "count": 3, "date": "2026-02-28"}]})";
  EXPECT_EQ(pretty_json(plan_to_json(parse_plan(parse_json(minimal, "p"), "."))),
            pretty_json(parse_json(minimal, "p").root));
  const std::string everything =
      R"({"title": "t", "author": "", "seed": 5, "size": 4, "symmetry": "none", "calibration": "paper",
          "metric": "call-count", "runs": 3, "tolerance": 0.25, "chapters": [{"level": "easy", "count": 1}]})";
  const Plan plan = parse_plan(parse_json(everything, "p"), ".");
  EXPECT_EQ(pretty_json(plan_to_json(plan)), pretty_json(parse_json(everything, "p").root));
  EXPECT_EQ(plan.metric_settings(), (MetricSettings{{"runs", "3"}}));
}

TEST(Plan, BadPlansGetOneClearLineWithTheJsonPath) {
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "chapters": [)").substr(0, 14), "plan.json:1:40");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": "one", "chapters": []})"),
            "plan.json: $.seed: expected an integer from 0 to 9223372036854775807, got a string (\"one\")");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "chapters": [{"level": "nightmare", "count": 3}]})"),
            "plan.json: $.chapters[0].level: unknown level \"nightmare\" (known: easy, medium, hard, evil, "
            "extreme; "
            "or give a "
            "target rating as a number)");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 0}]})"),
            "plan.json: $.chapters[0].count: expected an integer from 1 to 100000, got an integer (0)");
  EXPECT_EQ(
      plan_error(R"({"title": "t", "seed": 1, "size": 8, "chapters": [{"level": "easy", "count": 1}]})"),
      "plan.json: $.size: unsupported grid size 8 (expected 4, 6, 9, 12, 16 or 25)");
  EXPECT_EQ(
      plan_error(
          R"({"title": "t", "seed": 1, "symmetry": "spiral", "chapters": [{"level": "easy", "count": 1}]})"),
      "plan.json: $.symmetry: unknown symmetry \"spiral\" (expected one of: none, rotate180, rotate90, "
      "mirror, "
      "diagonal)");
  EXPECT_EQ(
      plan_error(
          R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 1, "colour": "red"}]})"),
      "plan.json: $.chapters[0]: unknown key \"colour\" (expected one of: title, size, variant, regions, "
      "cages, shape, grids-open, level, count, date, givens)");
  EXPECT_EQ(
      plan_error(
          R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 1, "date": "2026-02-30"}]})"),
      "plan.json: $.chapters[0].date: expected a date written YYYY-MM-DD, got \"2026-02-30\"");
  EXPECT_EQ(
      plan_error(R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 1, "givens": [40]}]})"),
      "plan.json: $.chapters[0].givens: expected [fewest, most]: how many cells a puzzle gives");
  EXPECT_EQ(
      plan_error(
          R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 1, "givens": [40, 30]}]})"),
      "plan.json: $.chapters[0].givens[1]: expected an integer from 40 to 81, got an integer (30)");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "chapters": []})"),
            "plan.json: $.chapters: expected at least one chapter");
  EXPECT_EQ(plan_error(R"({"seed": 1, "chapters": []})"), "plan.json: $: missing required key \"title\"");
  EXPECT_EQ(plan_error(R"([1, 2])"), "plan.json: $: expected an object with title, seed and chapters");
  EXPECT_EQ(
      plan_error(R"({"title": "t", "seed": 1, "tolerance": 2, "chapters": [{"level": "easy", "count": 1}]})"),
      "plan.json: $.tolerance: expected a number between 0 and 1 (exclusive)");
  EXPECT_EQ(
      plan_error(
          R"({"title": "t", "seed": 1, "metric": "technique", "calibration": "paper", "chapters": [{"level": 4.2, "count": 1}]})"),
      "plan.json: $.metric: the plan rates with \"technique\" but its calibration (paper) is for "
      "\"call-count\"; "
      "make one with calibrate --metric technique");
  EXPECT_NE(
      plan_error(
          R"({"title": "t", "seed": 1, "calibration": "missing.json", "chapters": [{"level": "easy", "count": 1}]})")
          .find("plan.json: $.calibration: cannot read the calibration: "),
      std::string::npos);
}

// Calendar dates against a plain day-by-day count (months of 28-31 days, the Gregorian leap rule).
TEST(Plan, CalendarDatesAndWeekdaysAgreeWithAPlainCount) {
  const int month_days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int year = 1999, month = 1, day = 1;
  int weekday = 4;  // 1999-01-01 was a Friday (Monday = 0)
  for (int offset = 0; offset < 365 * 40; ++offset) {
    char date[48];
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", year, month, day);
    ASSERT_EQ(add_days("1999-01-01", offset), date);
    ASSERT_EQ(weekday_of(date), weekday) << date;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (++day > month_days[month - 1] + (month == 2 && leap ? 1 : 0)) {
      day = 1;
      if (++month > 12) month = 1, ++year;
    }
    weekday = (weekday + 1) % 7;
  }
  EXPECT_EQ(add_days("2026-12-05", -5), "2026-11-30");
}

TEST(Plan, CalendarExpandsToOneChapterPerDayAndSlot) {
  const Plan plan = read_plan(testing::test_data("../../examples/desk-december.json"));
  EXPECT_EQ(plan.publication, "daily-grid");
  // December 2026: Tuesday the 1st; 23 weekdays (two slots each), 4 Saturdays, 4 Sundays.
  EXPECT_EQ(plan.chapters.size(), 23U * 2 + 4 + 4);
  EXPECT_EQ(plan.chapters[0].title, "2026-12-01 easy");
  EXPECT_EQ(*plan.chapters[0].date, "2026-12-01");
  EXPECT_EQ(*plan.chapters[0].slot, "easy");
  EXPECT_EQ(plan.chapters[0].count, 1);
  ASSERT_TRUE(plan.chapters[0].band);
  // Friday the 4th: medium and hard; Saturday the 5th: hard; Sunday the 6th: evil.
  EXPECT_EQ(plan.chapters[6].title, "2026-12-04 medium");
  EXPECT_EQ(plan.chapters[7].title, "2026-12-04 hard");
  EXPECT_EQ(plan.chapters[8].title, "2026-12-05 hard");
  EXPECT_EQ(plan.chapters[9].title, "2026-12-06 evil");
  // The slot seed is a function of (seed, publication, date, slot) only.
  EXPECT_EQ(plan.chapters[8].slot_seed, calendar_slot_seed(2026, "daily-grid", "2026-12-05", "hard"));
  EXPECT_NE(calendar_slot_seed(2026, "daily-grid", "2026-12-05", "hard"),
            calendar_slot_seed(2026, "other-paper", "2026-12-05", "hard"));
  EXPECT_NE(plan.chapters[6].slot_seed, plan.chapters[7].slot_seed);
  // Two slots of one level on a day are "easy" and "easy-2"; chapters may come besides the calendar.
  const Plan both = parse_plan(parse_json(R"({"title": "t", "publication": "p", "seed": 1,
      "calendar": {"from": "2028-02-28", "days": 3, "slots": {"tue": ["easy", "easy"], "wed": ["hard"]}},
      "chapters": [{"level": "medium", "count": 2}]})",
                                          "p"),
                               ".");
  ASSERT_EQ(both.chapters.size(), 4U);  // the chapter; Tue 29 Feb twice; Wed 1 Mar
  EXPECT_EQ(both.chapters[1].title, "2028-02-29 easy");
  EXPECT_EQ(both.chapters[2].title, "2028-02-29 easy-2");
  EXPECT_EQ(both.chapters[3].title, "2028-03-01 hard");
  EXPECT_FALSE(both.chapters[0].slot);
}

// A calendar slot's printed number is a function of the date and its place in the day: counted
// from the calendar's first day (No. 1), or from "number-from" (No. "first-number"), so a week's
// plan that keeps the month's numbering prints the month's numbers.
TEST(Plan, CalendarNumbersDependOnTheDateNotTheRun) {
  const Plan month = read_plan(testing::test_data("../../examples/desk-december.json"));
  ASSERT_EQ(month.chapters.size(), 54U);
  for (std::size_t c = 0; c < month.chapters.size(); ++c)
    EXPECT_EQ(month.chapters[c].number, std::optional<int>(static_cast<int>(c) + 1)) << c;
  // 1-7 December: Tue-Thu and Mon two slots, Fri two, Sat and Sun one: 12, so the 8th's easy is 13.
  EXPECT_EQ(month.chapters[12].title, "2026-12-08 easy");
  const std::string slots =
      R"("slots": {"mon": ["easy", "medium"], "tue": ["easy", "medium"], "wed": ["easy", "medium"],
                   "thu": ["easy", "medium"], "fri": ["medium", "hard"], "sat": ["hard"], "sun": ["evil"]})";
  const auto week = [&](const std::string& numbering) {
    return parse_plan(parse_json(R"({"title": "t", "publication": "daily-grid", "seed": 2026,
        "calendar": {"from": "2026-12-08", "days": 7, )" + slots + numbering + "}}",
                                 "p"),
                      ".");
  };
  const Plan second_week = week(R"(, "number-from": "2026-12-01")");
  ASSERT_EQ(second_week.chapters.size(), 12U);
  for (std::size_t c = 0; c < second_week.chapters.size(); ++c) {
    EXPECT_EQ(second_week.chapters[c].title, month.chapters[12 + c].title);
    EXPECT_EQ(second_week.chapters[c].number, month.chapters[12 + c].number);
  }
  // Without a numbering the calendar's first day is No. 1; first-number moves every number.
  EXPECT_EQ(week("").chapters[0].number, std::optional<int>(1));
  EXPECT_EQ(week(R"(, "first-number": 500)").chapters[0].number, std::optional<int>(500));
  EXPECT_EQ(week(R"(, "number-from": "2026-12-01", "first-number": 500)").chapters[11].number,
            std::optional<int>(500 + 12 + 11));
  // A year on: 52 weeks of 12 slots, and 1 December 2027 (a Wednesday) after Tuesday's two.
  EXPECT_EQ(calendar_number(*second_week.calendar, "2027-12-01", 1), 1 + 52 * 12 + 2 + 1);
  // The numbering is written back with the calendar, so book.json keeps it.
  const boost::json::object written = plan_to_json(week(R"(, "number-from": "2026-12-01", "first-number": 7)"));
  EXPECT_EQ(written.at("calendar").as_object().at("number-from").as_string(), "2026-12-01");
  EXPECT_EQ(written.at("calendar").as_object().at("first-number").as_int64(), 7);
  EXPECT_FALSE(plan_to_json(week("")).at("calendar").as_object().contains("number-from"));
  // Chapters that are not the calendar's are numbered by their place in the book.
  EXPECT_FALSE(read_plan(testing::test_data("../../examples/plan.json")).chapters[0].number);
}

TEST(Plan, BadCalendarsNameTheJsonPath) {
  const std::string head = R"({"title": "t", "publication": "p", "seed": 1, "calendar": )";
  EXPECT_EQ(plan_error(head + R"({"from": "2026-13-01", "days": 3, "slots": {"mon": ["easy"]}}})"),
            "plan.json: $.calendar.from: expected a date written YYYY-MM-DD, got \"2026-13-01\"");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 0, "slots": {"mon": ["easy"]}}})"),
            "plan.json: $.calendar.days: expected an integer from 1 to 3660, got an integer (0)");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {"monday": ["easy"]}}})"),
            "plan.json: $.calendar.slots: unknown key \"monday\" (expected one of: mon, tue, wed, thu, fri, "
            "sat, sun)");
  EXPECT_EQ(
      plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {"sun": ["nightmare"]}}})"),
      "plan.json: $.calendar.slots.sun[0]: unknown level \"nightmare\" (known: easy, medium, hard, evil, "
      "extreme; or give a target rating as a number)");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {}}})"),
            "plan.json: $.calendar.slots: expected at least one slot (e.g. \"mon\": [\"easy\", \"medium\"])");
  EXPECT_EQ(plan_error(R"({"title": "t", "seed": 1, "calendar": {"from": "2026-12-01", "days": 3,
                "slots": {"mon": ["easy"]}}})"),
            "plan.json: $: missing required key \"publication\"");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {"mon": ["easy"]},
                "number-from": "2026-12-02"}})"),
            "plan.json: $.calendar.number-from: the numbering starts on 2026-12-02, after the calendar's "
            "first day 2026-12-01 (give the day the first number was printed, on or before \"from\")");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {"mon": ["easy"]},
                "number-from": "1 Dec"}})"),
            "plan.json: $.calendar.number-from: expected a date written YYYY-MM-DD, got \"1 Dec\"");
  EXPECT_EQ(plan_error(head + R"({"from": "2026-12-01", "days": 3, "slots": {"mon": ["easy"]},
                "first-number": 0}})"),
            "plan.json: $.calendar.first-number: expected an integer from 1 to 100000000, got an integer (0)");
}

constexpr std::string_view kLayout =
    "111122333111222333112222333444555666444555666444555666777888899777888999777889999";

TEST(Plan, VariantsPerBookOrPerChapter) {
  const Plan shipped = read_plan(testing::test_data("../../examples/plan-variants.json"));
  ASSERT_EQ(shipped.chapters.size(), 6U);
  EXPECT_EQ(shipped.chapters[0].variant, Variant::x);
  EXPECT_EQ(shipped.chapters[3].variant, Variant::centre_dot);
  EXPECT_EQ(shipped.chapters[4].variant, Variant::jigsaw);
  EXPECT_TRUE(shipped.chapters[4].regions.empty());  // a layout drawn per puzzle
  EXPECT_EQ(shipped.chapters[5].regions, kLayout);
  // The book's variant is every chapter's unless a chapter names its own.
  const Plan plan = parse_plan(parse_json(R"({"title": "t", "seed": 5, "variant": "windoku", "chapters": [
      {"level": "easy", "count": 1}, {"variant": "classic", "level": "easy", "count": 1}]})",
                                          "p"),
                               ".");
  EXPECT_EQ(plan.chapters[0].variant, Variant::windoku);
  EXPECT_EQ(plan.chapters[1].variant, Variant::classic);
  // Each puzzle's board: the shared board of a fixed variant, the chapter's layout, or one per seed.
  EXPECT_EQ(chapter_board(plan.chapters[0], Symmetry::rotate180, 1), Geometry::variant(Variant::windoku));
  EXPECT_EQ(regions_line(*chapter_board(shipped.chapters[5], Symmetry::none, 1)), kLayout);
  const auto drawn = chapter_board(shipped.chapters[4], Symmetry::rotate180, 7);
  EXPECT_EQ(drawn->variant(), Variant::jigsaw);
  EXPECT_EQ(regions_line(*drawn), regions_line(*chapter_board(shipped.chapters[4], Symmetry::rotate180, 7)));
  EXPECT_NE(regions_line(*drawn), regions_line(*chapter_board(shipped.chapters[4], Symmetry::rotate180, 8)));
}

TEST(Plan, BadVariantsNameTheJsonPath) {
  const std::string head = R"({"title": "t", "seed": 1, )";
  EXPECT_EQ(plan_error(head + R"("variant": "sandwich", "chapters": [{"level": "easy", "count": 1}]})"),
            "plan.json: $.variant: expected classic, x, windoku, asterisk, centre-dot, jigsaw or killer, got "
            "\"sandwich\"");
  EXPECT_EQ(
      plan_error(head + R"("chapters": [{"variant": "windoku", "size": 6, "level": "easy", "count": 1}]})"),
      "plan.json: $.chapters[0].variant: the windoku variant has no 6x6 form (9x9 only)");
  EXPECT_EQ(
      plan_error(head + R"("chapters": [{"variant": "x", "regions": "1", "level": "easy", "count": 1}]})"),
      "plan.json: $.chapters[0].regions: only a jigsaw plan or chapter takes regions");
  std::string split(kLayout);
  std::swap(split[0], split[80]);
  EXPECT_EQ(plan_error(head + R"("chapters": [{"variant": "jigsaw", "regions": ")" + split +
                       R"(", "level": "easy", "count": 1}]})"),
            "plan.json: $.chapters[0].regions: bad region map at position 2: region 1 is not connected (it "
            "starts at r1c2)");
  EXPECT_EQ(
      plan_error(head +
                 R"("chapters": [{"variant": "jigsaw", "regions": "1234", "level": "easy", "count": 1}]})"),
      "plan.json: $.chapters[0].regions: expected 81 region ids (one per cell of a 9x9 grid), got 4");
}

TEST(Plan, KillerPerBookOrPerChapterWithCageShapes) {
  const Plan plan = parse_plan(parse_json(R"({"title": "t", "seed": 5, "variant": "killer",
      "cages": {"smallest": 2, "largest": 4}, "chapters": [
      {"level": "easy", "count": 1}, {"level": "easy", "count": 1, "cages": {"largest": 6}},
      {"variant": "classic", "level": "easy", "count": 1}]})",
                                          "p"),
                               ".");
  ASSERT_EQ(plan.chapters.size(), 3U);
  EXPECT_EQ(plan.chapters[0].variant, Variant::killer);
  EXPECT_EQ(plan.chapters[0].cages.smallest, 2);
  EXPECT_EQ(plan.chapters[0].cages.largest, 4);
  EXPECT_EQ(plan.chapters[1].cages.smallest, 2);  // the plan's, but for what the chapter gives
  EXPECT_EQ(plan.chapters[1].cages.largest, 6);
  EXPECT_EQ(plan.chapters[2].variant, Variant::classic);
  // A Killer climbs its cages on the standard board, graded on the Killer levels: no givens and a
  // range of cages; the classic chapter keeps the classic levels and their givens.
  EXPECT_EQ(chapter_board(plan.chapters[0], Symmetry::rotate180, 1), Geometry::standard(9));
  ASSERT_TRUE(plan.chapters[0].givens && plan.chapters[0].cage_count);
  EXPECT_EQ(plan.chapters[0].givens->most, 0);
  EXPECT_EQ(plan.chapters[0].band->low, press_calibration(9, Variant::killer).levels[0].band->low);
  EXPECT_TRUE(plan.chapters[2].givens && plan.chapters[2].givens->most > 0);
  EXPECT_FALSE(plan.chapters[2].cage_count);
  // Written back as given.
  const auto json = plan_to_json(plan);
  EXPECT_EQ(boost::json::serialize(json.at("cages")), R"({"smallest":2,"largest":4})");
  EXPECT_EQ(boost::json::serialize(json.at("chapters").as_array()[1].at("cages")),
            R"({"smallest":2,"largest":6})");
  EXPECT_FALSE(json.at("chapters").as_array()[0].as_object().contains("cages"));
}

TEST(Plan, BadCageShapesNameTheJsonPath) {
  const std::string head = R"({"title": "t", "seed": 1, )";
  EXPECT_EQ(plan_error(head + R"("variant": "killer", "cages": {"smallest": 4, "largest": 3},
                       "chapters": [{"level": "easy", "count": 1}]})"),
            "plan.json: $.cages: expected smallest <= largest, got 4 > 3");
  EXPECT_EQ(plan_error(head + R"("chapters": [{"variant": "killer", "cages": {"largest": 10},
                       "level": "easy", "count": 1}]})"),
            "plan.json: $.chapters[0].cages.largest: expected an integer from 1 to 9, got an integer (10)");
  EXPECT_EQ(plan_error(head + R"("chapters": [{"variant": "killer", "cages": {"biggest": 5},
                       "level": "easy", "count": 1}]})"),
            "plan.json: $.chapters[0].cages: unknown key \"biggest\" (expected one of: smallest, largest)");
  EXPECT_EQ(plan_error(head + R"("chapters": [{"variant": "x", "cages": {"largest": 5},
                       "level": "easy", "count": 1}]})"),
            "plan.json: $.chapters[0].cages: only a Killer plan or chapter takes cages");
  EXPECT_EQ(
      plan_error(head + R"("size": 25, "variant": "killer", "chapters": [{"level": "easy", "count": 1}]})"),
      "plan.json: $.variant: Killer boards go up to 16x16, not 25x25");
}

}  // namespace
}  // namespace sudoku

namespace sudoku {
namespace {

TEST(Plan, FrontMatterIsReadAndWrittenBackAsGiven) {
  const std::string front = R"({"subtitle": "From easy to evil", "editor": "A. Editor", "publisher": "Harbour Lane",
      "copyright": {"year": 2026, "holder": "Harbour Lane"}, "edition": 2, "printing": 3,
      "isbn": {"paperback": "978-0-306-40615-7", "ebook": "0-8044-2957-X"}, "rights": "CC BY 4.0",
      "dedication": "For R.", "introduction": "One.\nTwo.", "difficulty-marks": true})";
  const Plan plan = parse_plan(
      parse_json(R"({"title": "t", "seed": 1, "front-matter": )" + front +
                     R"(, "chapters": [{"level": "easy", "count": 1}]})",
                 "plan.json"),
      ".");
  ASSERT_TRUE(plan.front.has_value());
  EXPECT_EQ(plan.front->copyright->year, 2026);
  EXPECT_EQ(plan.front->copyright->holder, "Harbour Lane");
  EXPECT_EQ(plan.front->printing, 3);
  ASSERT_EQ(plan.front->isbn.size(), 2u);
  EXPECT_EQ(plan.front->isbn[1], (std::pair<std::string, std::string>{"ebook", "0-8044-2957-X"}));
  EXPECT_TRUE(plan.front->difficulty_marks);
  EXPECT_EQ(boost::json::serialize(plan_to_json(plan).at("front-matter")),
            boost::json::serialize(boost::json::parse(front)));
  // The book carries it, and reads it back.
  Book book;
  book.title = "t";
  book.front = plan.front;
  const Book read = parse_book(book_to_json(book), "book.json");
  ASSERT_TRUE(read.front.has_value());
  EXPECT_EQ(front_matter_to_json(*read.front), front_matter_to_json(*plan.front));
}

TEST(Plan, IsbnCheckDigitsAreValidatedAtTheJsonPath) {
  EXPECT_EQ(isbn_problem("978-0-306-40615-7"), "");
  EXPECT_EQ(isbn_problem("9780306406157"), "");
  EXPECT_EQ(isbn_problem("979-10-90636-07-1"), "");
  EXPECT_EQ(isbn_problem("0-306-40615-2"), "");
  EXPECT_EQ(isbn_problem("0-8044-2957-X"), "");
  EXPECT_EQ(isbn_problem("978-0-306-40615-6"), "the check digit is 6, expected 7");
  EXPECT_EQ(isbn_problem("0-306-40615-3"), "the check digit is 3, expected 2");
  EXPECT_EQ(isbn_problem("0-8044-2957-1"), "the check digit is 1, expected X");
  EXPECT_EQ(isbn_problem("977-0-306-40615-7"), "an ISBN-13 starts with 978 or 979, this one with 977");
  EXPECT_EQ(isbn_problem("978-0-306-4061"), "expected an ISBN-13 (13 digits) or ISBN-10 (10 digits), got 11 digits");
  EXPECT_EQ(isbn_problem("ISBN 978-0-306-40615-7"),
            "expected an ISBN-13 or ISBN-10 (digits, with hyphens or spaces between them)");
  const auto with = [](const std::string& front) {
    return plan_error(R"({"title": "t", "seed": 1, "front-matter": )" + front +
                      R"(, "chapters": [{"level": "easy", "count": 1}]})");
  };
  EXPECT_EQ(with(R"({"isbn": {"paperback": "978-0-306-40615-6"}})"),
            "plan.json: $.front-matter.isbn.paperback: ISBN 978-0-306-40615-6: the check digit is 6, expected 7");
  EXPECT_EQ(with(R"({"isbn": {"hardback": "978-0-306-40615-7"}})"),
            "plan.json: $.front-matter.isbn.hardback: unknown format \"hardback\" (known: paperback, hardcover, ebook, "
            "pdf)");
  EXPECT_EQ(with(R"({"copyright": {"year": 2026}})"), "plan.json: $.front-matter.copyright: missing required key \"holder\"");
  EXPECT_EQ(with(R"({"printing": 11})").substr(0, 36), "plan.json: $.front-matter.printing: ");
  EXPECT_EQ(with(R"({"dedicaton": "x"})").substr(0, 27), "plan.json: $.front-matter: ");
}

// The publisher's logo is read with the plan (a PNG by signature and header, 1 to 20000 px a side):
// anything else is an error at $.front-matter.logo.
TEST(Plan, LogoMustBeAPng) {
  testing::TempDir dir;
  // The PNG signature, then an IHDR chunk of 300 x 100 px (enough for the plan's check).
  std::string png("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x01\x2c\0\0\0\x64\x08\x02\0\0\0\0\0\0\0", 33);
  testing::write_text_file(dir / "logo.png", png);
  testing::write_text_file(dir / "logo.txt", "not a picture");
  std::string huge = png;
  huge[16] = '\x7f';  // 2 billion px wide
  testing::write_text_file(dir / "huge.png", huge);
  const auto plan_with = [&](const std::string& logo) {
    return parse_plan(parse_json(R"({"title": "t", "seed": 1, "front-matter": {"logo": ")" + logo +
                                     R"("}, "chapters": [{"level": "easy", "count": 1}]})",
                                 "plan.json"),
                      dir.path());
  };
  const Plan plan = plan_with("logo.png");
  EXPECT_EQ(plan.logo_png, png);
  EXPECT_EQ(plan.front->logo, "logo.png");
  const auto error_of = [&](const std::string& logo) -> std::string {
    try {
      plan_with(logo);
    } catch (const InputError& error) {
      return error.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("logo.txt").substr(0, 41), "plan.json: $.front-matter.logo: the logo ");
  EXPECT_NE(error_of("logo.txt").find("is not a PNG"), std::string::npos);
  EXPECT_NE(error_of("missing.png").find("is not a readable file"), std::string::npos);
  EXPECT_NE(error_of("huge.png").find("expected 1 to 20000 px a side"), std::string::npos);
  EXPECT_EQ(error_of(""), "plan.json: $.front-matter.logo: expected the path of the publisher's logo (a PNG), got \"\"");
}

}  // namespace
}  // namespace sudoku
