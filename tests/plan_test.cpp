#include "sudoku/plan.hpp"

#include <gtest/gtest.h>

#include "sudoku/errors.hpp"
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
  const Plan by_technique = read_plan(testing::test_data("../../examples/plan-technique.json"));
  EXPECT_EQ(by_technique.metric, "technique");
  EXPECT_EQ(by_technique.calibration.metric, "technique");
  ASSERT_EQ(by_technique.chapters.size(), 4U);
  EXPECT_NEAR(by_technique.chapters[3].target, 7.8, 0.05);
}

TEST(Plan, ChapterGivensOverrideTheLevelsAndOtherSizesHaveNone) {
  const Plan plan = parse_plan(parse_json(R"({"title": "t", "seed": 5, "chapters": [
      {"level": "hard", "count": 2, "givens": [26, 27]}, {"level": "hard", "count": 2}]})",
                                          "p"),
                               ".");
  EXPECT_EQ(*plan.chapters[0].givens, (GivensRange{26, 27}));
  EXPECT_EQ(*plan.chapters[1].givens, (GivensRange{24, 30}));
  EXPECT_EQ(slot_target(plan.chapters[0], 0), 3.6 + 0.5 * (5.5 - 3.6));
  for (std::size_t i = 0; i < 50; ++i)
    EXPECT_TRUE(plan.chapters[0].band->contains(slot_target(plan.chapters[0], i, 3)));
  // The press levels' givens ranges are for 9x9 grids.
  const Plan small = parse_plan(
      parse_json(R"({"title": "t", "seed": 5, "size": 6, "chapters": [{"level": "easy", "count": 2}]})", "p"),
      ".");
  EXPECT_FALSE(small.chapters[0].givens);
  EXPECT_TRUE(small.chapters[0].band);
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

// The book's copy of the plan is written from the model: the shipped examples (keys in schema
// order) come back as written, and defaults the plan left out stay out.
TEST(Plan, WrittenBackFromTheModelAsGiven) {
  for (const std::string name : {"plan", "plan-1000", "plan-paper", "plan-technique", "newspaper-week"}) {
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
  EXPECT_EQ(plan_error(
                R"({"title": "t", "seed": 1, "chapters": [{"level": "easy", "count": 1, "colour": "red"}]})"),
            "plan.json: $.chapters[0]: unknown key \"colour\" (expected one of: title, level, count, date, "
            "givens)");
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

}  // namespace
}  // namespace sudoku
