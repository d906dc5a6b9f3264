#include "sudoku/corpus/record_writer.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "sudoku/base/json_io.hpp"

namespace sudoku {
namespace {

FieldValue text_or_absent(const std::string& text) {
  return text.empty() ? FieldValue{} : FieldValue{text};
}

// Fields that only exist for consistent puzzles (size known) are absent otherwise.
FieldValue number_if_sized(const PuzzleReport& report, int number) {
  return report.size == 0 ? FieldValue{} : FieldValue{std::int64_t{number}};
}

std::string format_decimal(const Decimal& decimal) {
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, decimal.value, std::chars_format::fixed, decimal.digits);
  return std::string(buffer, result.ptr);
}

std::string to_text(const FieldValue& value) {
  struct Visitor {
    std::string operator()(std::monostate) const { return {}; }
    std::string operator()(const std::string& text) const { return text; }
    std::string operator()(std::int64_t number) const { return std::to_string(number); }
    std::string operator()(const Decimal& decimal) const { return format_decimal(decimal); }
  };
  return std::visit(Visitor{}, value);
}

std::string csv_escape(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string format_csv(const std::vector<PuzzleReport>& reports) {
  const auto& fields = report_fields();
  std::string out;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (f) out += ',';
    out += fields[f].name;
  }
  out += '\n';
  for (const auto& report : reports) {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      if (f) out += ',';
      out += csv_escape(to_text(fields[f].value(report)));
    }
    out += '\n';
  }
  return out;
}

std::string format_json(const std::vector<PuzzleReport>& reports) {
  const auto& fields = report_fields();
  std::string out = "[";
  for (std::size_t r = 0; r < reports.size(); ++r) {
    out += r ? ",\n  {" : "\n  {";
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const FieldValue value = fields[f].value(reports[r]);
      out += f ? ", " : "";
      out += boost::json::serialize(boost::json::string_view(fields[f].name.data(), fields[f].name.size())) +
             ": ";
      if (std::holds_alternative<std::monostate>(value))
        out += "null";
      else if (const auto* text = std::get_if<std::string>(&value))
        out += boost::json::serialize(boost::json::string_view(*text));
      else
        out += to_text(value);
    }
    out += "}";
  }
  out += reports.empty() ? "]\n" : "\n]\n";
  return out;
}

std::string format_text(const std::vector<PuzzleReport>& reports) {
  const auto& fields = report_fields();
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header;
  for (const auto& field : fields) header.emplace_back(field.name);
  rows.push_back(header);
  for (const auto& report : reports) {
    std::vector<std::string> row;
    for (const auto& field : fields) {
      std::string cell = to_text(field.value(report));
      std::replace(cell.begin(), cell.end(), '\n', ' ');
      row.push_back(cell.empty() ? "-" : cell);
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> widths(fields.size(), 0);
  for (const auto& row : rows)
    for (std::size_t f = 0; f < row.size(); ++f) widths[f] = std::max(widths[f], row[f].size());
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t f = 0; f < row.size(); ++f) {
      if (f) line += "  ";
      line += row[f];
      if (f + 1 < row.size()) line.append(widths[f] - row[f].size(), ' ');
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

OutputFormat parse_output_format(std::string_view name) {
  if (name == "csv") return OutputFormat::csv;
  if (name == "json") return OutputFormat::json;
  if (name == "text") return OutputFormat::text;
  throw std::invalid_argument("unknown output format '" + std::string(name) +
                              "' (expected csv, json or text)");
}

const std::vector<ReportField>& report_fields() {
  static const std::vector<ReportField> fields = {
      {"file", [](const PuzzleReport& r) -> FieldValue { return r.file; }},
      {"line", [](const PuzzleReport& r) -> FieldValue { return std::int64_t{r.line}; }},
      {"puzzle", [](const PuzzleReport& r) { return text_or_absent(r.puzzle); }},
      {"status", [](const PuzzleReport& r) -> FieldValue { return std::string(status_name(r.status)); }},
      {"error", [](const PuzzleReport& r) { return text_or_absent(r.error); }},
      {"size", [](const PuzzleReport& r) { return number_if_sized(r, r.size); }},
      {"givens", [](const PuzzleReport& r) { return number_if_sized(r, r.givens); }},
      {"solutions",
       [](const PuzzleReport& r) {
         return r.status == PuzzleStatus::invalid_format ? FieldValue{}
                                                         : FieldValue{std::int64_t{r.solutions}};
       }},
      {"solution", [](const PuzzleReport& r) { return text_or_absent(r.solution); }},
      {"canonical", [](const PuzzleReport& r) { return text_or_absent(r.canonical); }},
      {"call_count",
       [](const PuzzleReport& r) {
         return r.call_count ? FieldValue{Decimal{r.call_count->value, 2}} : FieldValue{};
       }},
      {"call_count_sd",
       [](const PuzzleReport& r) {
         return r.call_count ? FieldValue{Decimal{r.call_count->sd, 2}} : FieldValue{};
       }},
      {"runs",
       [](const PuzzleReport& r) {
         return r.call_count ? FieldValue{std::int64_t{r.call_count->runs}} : FieldValue{};
       }},
      {"capped_runs",
       [](const PuzzleReport& r) {
         return r.call_count ? FieldValue{std::int64_t{r.call_count->capped_runs}} : FieldValue{};
       }},
      {"level", [](const PuzzleReport& r) { return text_or_absent(r.level); }},
      {"hs_calls",
       [](const PuzzleReport& r) {
         return r.hs_calls ? FieldValue{static_cast<std::int64_t>(r.hs_calls->value)} : FieldValue{};
       }},
      {"technique_grade",
       [](const PuzzleReport& r) -> FieldValue {
         if (r.technique_beyond) return std::string("beyond");
         return r.technique_grade ? FieldValue{Decimal{*r.technique_grade, 1}} : FieldValue{};
       }},
      {"hardest_technique", [](const PuzzleReport& r) { return text_or_absent(r.hardest_technique); }},
      {"label", [](const PuzzleReport& r) { return text_or_absent(r.label); }},
      // Last, so that the columns before it stay where they were before the archive came.
      {"published", [](const PuzzleReport& r) { return text_or_absent(r.published); }},
  };
  return fields;
}

std::string format_reports(const std::vector<PuzzleReport>& reports, OutputFormat format) {
  switch (format) {
    case OutputFormat::csv:
      return format_csv(reports);
    case OutputFormat::json:
      return format_json(reports);
    case OutputFormat::text:
      return format_text(reports);
  }
  return {};
}

std::string format_explanations(const std::vector<PuzzleReport>& reports) {
  std::string text;
  for (const auto& report : reports) {
    if (!text.empty()) text += "\n";
    text += "# " + report.file + ":" + std::to_string(report.line) + "  " + report.puzzle + "\n";
    if (report.status != PuzzleStatus::ok) {
      text += "# " + std::string(status_name(report.status)) + ": " + report.error + "\n";
      continue;
    }
    char grade[32];
    std::snprintf(grade, sizeof grade, "%.1f", report.technique_grade.value_or(0.0));
    text += "# grade " + std::string(report.technique_beyond ? "beyond" : grade) +
            ", hardest: " + report.hardest_technique + ", " + std::to_string(report.technique_steps.size()) +
            " steps\n";
    for (const auto& step : report.technique_steps) text += step + "\n";
  }
  return text;
}

std::string format_status_counts(const std::vector<PuzzleReport>& reports) {
  std::string text = std::to_string(reports.size()) + " puzzles:";
  bool first = true;
  for (const auto status : kAllStatuses) {
    const auto count = static_cast<std::size_t>(std::count_if(
        reports.begin(), reports.end(), [&](const PuzzleReport& r) { return r.status == status; }));
    if (count == 0 && status != PuzzleStatus::ok) continue;
    text += (first ? " " : ", ") + std::to_string(count) + " " + std::string(status_name(status));
    first = false;
  }
  return text;
}

std::string format_corpus_output(const std::vector<PuzzleReport>& reports, const CorpusRatingOptions& options,
                                 OutputFormat format) {
  if (options.audit) {
    const Audit audit = audit_corpus(reports, options);
    return format == OutputFormat::json ? pretty_json(audit_to_json(audit)) : format_audit(audit);
  }
  return options.explain ? format_explanations(reports) : format_reports(reports, format);
}

}  // namespace sudoku
