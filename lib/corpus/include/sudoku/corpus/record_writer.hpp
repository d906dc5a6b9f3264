// SPDX-License-Identifier: Apache-2.0
// Writing corpus reports as CSV, JSON or an aligned text table, their solving paths (--explain) and
// the count of reports per status.
//
// Contract: the columns are the entries of report_fields(), in that order, in every format, so adding
// a field to the output is one line there. Absent values are empty in CSV and text and null in JSON.
// Numbers are formatted deterministically (fixed decimals per field), so output is byte-identical for
// identical reports.
//
//   const CorpusRater rater(options);
//   std::vector<PuzzleReport> reports;
//   for (const PuzzleEntry& entry : read_puzzle_file("corpus.txt")) reports.push_back(rater.rate("corpus.txt", entry));
//   std::cout << format_reports(reports, parse_output_format("json"));
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/corpus/corpus_rating.hpp"

namespace sudoku {

enum class OutputFormat { csv, json, text };

// Parses "csv", "json" or "text"; throws std::invalid_argument otherwise.
OutputFormat parse_output_format(std::string_view name);

struct Decimal {
  double value;
  int digits;  // digits after the point
};
using FieldValue = std::variant<std::monostate, std::string, std::int64_t, Decimal>;

struct ReportField {
  std::string_view name;
  std::function<FieldValue(const PuzzleReport&)> value;
};

const std::vector<ReportField>& report_fields();

std::string format_reports(const std::vector<PuzzleReport>& reports, OutputFormat format);

// What corpus-rate writes: with options.audit the audit (a table, or JSON for OutputFormat::json),
// with options.explain the solving paths (text, or for OutputFormat::json an array with an object
// per puzzle and its steps as data, evidence included: docs/explanations.md), else the records in
// `format`.
std::string format_corpus_output(const std::vector<PuzzleReport>& reports, const CorpusRatingOptions& options,
                                 OutputFormat format);

// The solving paths (`corpus-rate --explain`): one block per report, blocks separated by a blank
// line. A block is a header "# FILE:LINE  PUZZLE", then for an ok report "# grade G, hardest: T,
// N steps, H at the grade" (G with one decimal, or "beyond" and then no ", H at the grade";
// H = hardest_steps) and its technique steps one per line; for any other
// report "# STATUS: ERROR". Empty for no reports.
//   std::cout << sudoku::format_explanations(reports);
std::string format_explanations(const std::vector<PuzzleReport>& reports);

// How many reports there are of each status.
struct StatusCounts {
  std::size_t total = 0;
  std::array<std::size_t, std::size(kAllStatuses)> by_status{};  // indexed by PuzzleStatus

  void add(const PuzzleReport& report);
  bool all_ok() const;
  // "3 puzzles: 2 ok, 1 no-solution", in kAllStatuses order, leaving out statuses no report has
  // except ok.
  std::string text() const;
};
std::string format_status_counts(const std::vector<PuzzleReport>& reports);

// format_corpus_output one report at a time, for corpora too large to hold: the bytes go to
// `output` as the reports come (CSV and JSON records and explanations at once; the text table,
// which needs every row's width, from a temporary file at finish(); the audit at finish(), from
// CorpusAudit's small per-puzzle summaries). The concatenated output is format_corpus_output's.
//   CorpusWriter writer(options, OutputFormat::csv, [&](std::string_view b) { out << b; });
//   writer.add(report); ...; writer.finish();
class CorpusWriter {
 public:
  using Output = std::function<void(std::string_view bytes)>;
  CorpusWriter(const CorpusRatingOptions& options, OutputFormat format, Output output);
  ~CorpusWriter();

  void add(const PuzzleReport& report);
  void finish();
  const StatusCounts& counts() const { return counts_; }

 private:
  struct TextSpool;
  void start();
  void spool_row(const std::vector<std::string>& row);

  const CorpusRatingOptions& options_;
  OutputFormat format_;
  Output output_;
  bool started_ = false;
  std::size_t count_ = 0;
  StatusCounts counts_;
  CorpusAudit audit_;
  std::unique_ptr<TextSpool> spool_;
};

}  // namespace sudoku
