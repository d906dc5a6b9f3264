// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/json_io.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "sudoku/base/errors.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

TEST(JsonIo, SyntaxErrorsNameLineAndColumn) {
  EXPECT_EQ(testing::input_error_of([] { parse_json("{\n  \"a\": 1,\n  \"b\": }\n", "plan.json"); }).substr(0, 17),
            "plan.json:3:8: in");
  EXPECT_NE(testing::input_error_of([] { parse_json("{\"a\": 1} x", "plan.json"); }).find("plan.json:1:"),
            std::string::npos);
  EXPECT_NE(testing::input_error_of([] { parse_json("", "empty.json"); }).find("empty.json:1:1: invalid JSON"),
            std::string::npos);
}

TEST(JsonIo, DeepNestingIsRejectedNotACrash) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(testing::input_error_of([&] { parse_json(deep, "deep.json"); }).find("nesting deeper than 64 levels"),
            std::string::npos);
}

TEST(JsonIo, TypedAccessNamesThePath) {
  const auto document =
      parse_json(R"({"count": "ten", "chapters": [{"count": 0}], "ok": true, "x": 1.5})", "plan.json");
  const JsonField root(document);
  EXPECT_EQ(testing::input_error_of([&] { root["count"].as_integer(1, 100); }),
            "plan.json: $.count: expected an integer from 1 to 100, got a string (\"ten\")");
  EXPECT_EQ(testing::input_error_of([&] { root["chapters"].element(0)["count"].as_integer(1, 100); }),
            "plan.json: $.chapters[0].count: expected an integer from 1 to 100, got an integer (0)");
  EXPECT_EQ(testing::input_error_of([&] { root["x"].as_integer(0, 9); }),
            "plan.json: $.x: expected an integer from 0 to 9, got a number (1.5E0)");
  EXPECT_EQ(testing::input_error_of([&] { root.required("title"); }), "plan.json: $: missing required key \"title\"");
  EXPECT_EQ(testing::input_error_of([&] {
              root.allow_only({"count", "chapters", "ok"});
            }),
            "plan.json: $: unknown key \"x\" (expected one of: count, chapters, ok)");
  EXPECT_TRUE(root["ok"].as_bool());
  EXPECT_FALSE(root["missing"].present());
  EXPECT_EQ(root["missing"].value_or(std::string("default")), "default");
  EXPECT_DOUBLE_EQ(root["x"].as_number(), 1.5);
  EXPECT_EQ(root["chapters"].array_size(), 1U);
}

TEST(JsonIo, PrettyPrintingIsStable) {
  boost::json::value value = {{"title", "Book"},
                              {"levels", boost::json::array{1, 2, 3}},
                              {"chapters", boost::json::array{boost::json::object{{"n", 1}}}},
                              {"empty", boost::json::object{}}};
  EXPECT_EQ(pretty_json(value),
            "{\n  \"title\": \"Book\",\n  \"levels\": [1, 2, 3],\n  \"chapters\": [\n    {\n      \"n\": 1\n "
            "   }\n  ],\n"
            "  \"empty\": {}\n}\n");
  EXPECT_EQ(parse_json(pretty_json(value), "x").root, value);
}

// Found by the calibration fuzzer: Boost.JSON 1.81 rounds about one double in ten that
// std::to_chars writes to a neighbouring double, so a calibration did not read back as written.
TEST(JsonIo, NumbersReadBackExactlyAsWritten) {
  for (const double value : {1.1969484840601325, 928.1648141088867, 0.0036267819447450026, 2048019598280550.2,
                             1.9999999999999998e+92, 3.2402203009953727e+100, 2.0 / 3.0, 5e-324}) {
    const boost::json::value written = value;
    const std::string text = pretty_json(written);
    EXPECT_EQ(parse_json(text, "x").root.as_double(), value) << text;
  }
  // The fuzzer's input: 93 digits, correctly rounded to 2e92 (Boost gave 1.9999999999999998e+92).
  const std::string digits = "2" + std::string(92, '0') + ".5";
  EXPECT_EQ(parse_json("[" + digits + "]", "x").root.as_array()[0].as_double(), 2e92);
  // Integers keep their integer kinds; out-of-range doubles still read as Boost reads them.
  EXPECT_TRUE(parse_json("18446744073709551615", "x").root.is_uint64());
  EXPECT_TRUE(parse_json("-5", "x").root.is_int64());
  EXPECT_EQ(parse_json("1e400", "x").root, boost::json::parse("1e400"));
  EXPECT_EQ(parse_json("-1e-400", "x").root, boost::json::parse("-1e-400"));
}

// Boost.JSON keeps the last of two equal keys: a second "chapters" silently dropped the first.
TEST(JsonIo, DuplicateKeysAreRefusedWithTheirPath) {
  EXPECT_EQ(testing::input_error_of([] { parse_json(R"({"chapters": [1], "chapters": []})", "plan.json"); }),
            "plan.json:1:28: $.chapters: key given twice");
  EXPECT_EQ(testing::input_error_of([] {
              parse_json(R"({"chapters": [{"level": "easy"}, {"level": "easy", "level": "hard"}]})",
                         "plan.json");
            }),
            "plan.json:1:58: $.chapters[1].level: key given twice");
  EXPECT_NO_THROW(parse_json(R"([{"a": 1}, {"a": 2}])", "ok.json"));
}

TEST(JsonIo, AByteOrderMarkIsSkippedUtf16AndNulAreNamed) {
  EXPECT_EQ(parse_json("\xEF\xBB\xBF{\"a\": 1}", "plan.json").root.at("a").as_int64(), 1);
  EXPECT_EQ(testing::input_error_of([] { parse_json(std::string("{\0\"\0a\0\"\0", 8), "plan.json"); }),
            "plan.json: UTF-16 text; convert to UTF-8");
  EXPECT_EQ(testing::input_error_of([] { parse_json(std::string("{\"a\": \"x\0\"}", 11), "plan.json"); }),
            "plan.json:1:9: NUL byte");
}

}  // namespace
}  // namespace sudoku
