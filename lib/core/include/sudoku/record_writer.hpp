// Writing corpus reports as CSV, JSON or an aligned text table.
//
// Contract: the columns are the entries of report_fields(), in that order, in every format, so adding
// a field to the output is one line there. Absent values are empty in CSV and text and null in JSON.
// Numbers are formatted deterministically (fixed decimals per field), so output is byte-identical for
// identical reports.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/corpus_rating.hpp"

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

}  // namespace sudoku
