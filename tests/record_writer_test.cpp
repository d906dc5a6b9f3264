// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/record_writer.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include <set>

namespace sudoku {
namespace {

std::vector<PuzzleReport> sample_reports() {
  std::vector<PuzzleReport> reports(2);
  PuzzleReport& ok = reports[0];
  ok.file = "a.txt";
  ok.line = 3;
  ok.puzzle = "1.";
  ok.size = 4;
  ok.givens = 1;
  ok.solutions = 1;
  ok.solution = "12";
  ok.canonical = ".1";
  ok.label = "SE 2.5, \"nice\"";
  ok.call_count = MetricRating{.value = 6.7, .sd = 3.62246, .runs = 10};
  ok.level = "easy";
  ok.hs_calls = MetricRating{.value = 12};
  PuzzleReport& bad = reports[1];
  bad.file = "a.txt";
  bad.line = 5;
  bad.puzzle.assign(1, 'x');
  bad.status = PuzzleStatus::invalid_format;
  bad.error = "line 5, column 1: unexpected 'x'";
  return reports;
}

TEST(RecordWriter, CsvHasHeaderAndEscapes) {
  const std::string csv = format_reports(sample_reports(), OutputFormat::csv);
  EXPECT_EQ(
      csv,
      "file,line,puzzle,status,error,size,givens,solutions,solution,canonical,call_count,call_count_sd,runs,"
      "capped_runs,level,hs_calls,technique_grade,hardest_technique,hardest_steps,hard_steps,label,published\n"
      "a.txt,3,1.,ok,,4,1,1,12,.1,6.70,3.62,10,0,easy,12,,,,,\"SE 2.5, \"\"nice\"\"\",\n"
      "a.txt,5,x,invalid-format,\"line 5, column 1: unexpected 'x'\",,,,,,,,,,,,,,,,,\n");
}

TEST(RecordWriter, JsonUsesNullForAbsentValues) {
  const auto array = boost::json::parse(format_reports(sample_reports(), OutputFormat::json)).as_array();
  ASSERT_EQ(array.size(), 2U);
  EXPECT_EQ(array[0].at("line").as_int64(), 3);
  EXPECT_EQ(array[0].at("label").as_string(), "SE 2.5, \"nice\"");
  EXPECT_TRUE(array[1].at("size").is_null());
  EXPECT_TRUE(array[1].at("solutions").is_null());
  EXPECT_EQ(array[1].at("status").as_string(), "invalid-format");
  EXPECT_EQ(format_reports({}, OutputFormat::json), "[]\n");
}

TEST(RecordWriter, TextIsAligned) {
  const std::string text = format_reports(sample_reports(), OutputFormat::text);
  std::vector<std::string> lines;
  std::string::size_type start = 0;
  for (auto end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start))
    lines.push_back(text.substr(start, end - start));
  ASSERT_EQ(lines.size(), 3U);
  // Every column starts at the same offset in each line.
  EXPECT_EQ(lines[0].find("status"), lines[1].find("ok"));
  EXPECT_EQ(lines[0].find("status"), lines[2].find("invalid-format"));
}

TEST(RecordWriter, EveryFieldHasAUniqueName) {
  std::set<std::string_view> names;
  for (const auto& field : report_fields()) EXPECT_TRUE(names.insert(field.name).second) << field.name;
}

TEST(RecordWriter, FormatNames) {
  EXPECT_EQ(parse_output_format("json"), OutputFormat::json);
  EXPECT_THROW(parse_output_format("xml"), std::invalid_argument);
}

// ---- --explain: the solving paths ----

std::vector<PuzzleReport> explained_reports() {
  std::vector<PuzzleReport> reports = sample_reports();
  reports[0].technique_grade = 2.5;
  reports[0].hardest_technique = "hidden single";
  reports[0].hardest_steps = 1;
  reports[0].technique_steps = {"1.2  r1c2=2  naked single", "2.5  r2c1=3  hidden single in box 1"};
  PuzzleReport& beyond = reports.emplace_back();
  beyond.file = "b.txt";
  beyond.line = 9;
  beyond.puzzle = "..";
  beyond.technique_beyond = true;
  beyond.hardest_technique = "nishio";
  return reports;
}

TEST(Explanations, OneBlockPerPuzzleSeparatedByBlankLines) {
  EXPECT_EQ(format_explanations(explained_reports()),
            "# a.txt:3  1.\n"
            "# grade 2.5, hardest: hidden single, 2 steps, 1 at the grade\n"
            "1.2  r1c2=2  naked single\n"
            "2.5  r2c1=3  hidden single in box 1\n"
            "\n"
            "# a.txt:5  x\n"
            "# invalid-format: line 5, column 1: unexpected 'x'\n"
            "\n"
            "# b.txt:9  ..\n"
            "# grade beyond, hardest: nishio, 0 steps\n");
  EXPECT_EQ(format_explanations({}), "");
}

TEST(Explanations, GradesHaveOneDecimal) {
  std::vector<PuzzleReport> reports(1);
  reports[0].file = "c.txt";
  reports[0].line = 1;
  reports[0].puzzle.assign(1, '1');   // not = "1": GCC 12 reports a false -Wrestrict on that
  reports[0].technique_grade = 7.25;  // exactly representable: printf rounds half to even
  reports[0].hardest_technique = "forcing chain";
  EXPECT_EQ(format_explanations(reports), "# c.txt:1  1\n# grade 7.2, hardest: forcing chain, 0 steps\n");
}

TEST(StatusCounts, OkAlwaysThenOnlyStatusesThatOccur) {
  EXPECT_EQ(format_status_counts(explained_reports()), "3 puzzles: 2 ok, 1 invalid-format");
  std::vector<PuzzleReport> reports(3);
  reports[0].status = PuzzleStatus::multiple_solutions;
  reports[1].status = PuzzleStatus::no_solution;
  reports[2].status = PuzzleStatus::multiple_solutions;
  EXPECT_EQ(format_status_counts(reports), "3 puzzles: 0 ok, 1 no-solution, 2 multiple-solutions");
  EXPECT_EQ(format_status_counts({}), "0 puzzles: 0 ok");
}

// corpus-rate streams: the writer fed one report at a time gives format_corpus_output's bytes in
// every format (the text table's widths come from rows spooled to a temporary file).
TEST(RecordWriter, StreamedOutputIsTheSameBytes) {
  for (const OutputFormat format : {OutputFormat::csv, OutputFormat::json, OutputFormat::text}) {
    CorpusRatingOptions options;
    std::string streamed;
    std::size_t pieces = 0;
    CorpusWriter writer(options, format, [&](std::string_view bytes) {
      streamed += bytes;
      ++pieces;
    });
    for (const PuzzleReport& report : sample_reports()) writer.add(report);
    writer.finish();
    EXPECT_EQ(streamed, format_reports(sample_reports(), format));
    EXPECT_EQ(writer.counts().text(), format_status_counts(sample_reports()));
    if (format != OutputFormat::text) {
      EXPECT_GT(pieces, sample_reports().size());
    }
  }
}

}  // namespace
}  // namespace sudoku
