// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/record_writer.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include "sudoku/base/errors.hpp"
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

std::string csv_row(const PuzzleReport& report) {
  const auto& fields = report_fields();
  std::string out;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (f) out += ',';
    out += csv_escape(to_text(fields[f].value(report)));
  }
  return out + '\n';
}

std::string json_record(const PuzzleReport& report) {
  const auto& fields = report_fields();
  std::string out = "{";
  for (std::size_t f = 0; f < fields.size(); ++f) {
    const FieldValue value = fields[f].value(report);
    out += f ? ", " : "";
    out +=
        boost::json::serialize(boost::json::string_view(fields[f].name.data(), fields[f].name.size())) + ": ";
    if (std::holds_alternative<std::monostate>(value))
      out += "null";
    else if (const auto* text = std::get_if<std::string>(&value))
      out += boost::json::serialize(boost::json::string_view(*text));
    else
      out += to_text(value);
  }
  return out + "}";
}

std::string explanation(const PuzzleReport& report) {
  std::string text = "# " + report.file + ":" + std::to_string(report.line) + "  " + report.puzzle + "\n";
  if (report.status != PuzzleStatus::ok)
    return text + "# " + std::string(status_name(report.status)) + ": " + report.error + "\n";
  char grade[32];
  std::snprintf(grade, sizeof grade, "%.1f", report.technique_grade.value_or(0.0));
  text += "# grade " + std::string(report.technique_beyond ? "beyond" : grade) +
          ", hardest: " + report.hardest_technique + ", " + std::to_string(report.technique_steps.size()) +
          " steps" + (report.hardest_steps ? ", " + std::to_string(*report.hardest_steps) + " at the grade" : "") +
          (report.hard_steps ? ", " + std::to_string(*report.hard_steps) + " beyond singles" : "") + "\n";
  for (const auto& step : report.technique_steps) text += step + "\n";
  return text;
}

// Scores and grades with one decimal, as the text explanations write them (a JSON double would
// come out as 2.6E0).
std::string tenths(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// A step as JSON data (docs/explanations.md): its deductions and its evidence, cells named "r4c7"
// (the score is added by the caller, see tenths).
boost::json::object step_json(const Grid& grid, const TechniqueStep& step) {
  const Geometry& geometry = grid.geometry();
  const auto candidate = [&](const CellValue& at) {
    return boost::json::object{{"cell", cell_name(geometry, at.cell)}, {"value", at.value}};
  };
  const auto candidates = [&](const std::vector<CellValue>& list) {
    boost::json::array array;
    for (const CellValue& at : list) array.push_back(candidate(at));
    return array;
  };
  const auto units = [&](const std::vector<int>& list) {
    boost::json::array array;
    for (int unit : list) array.push_back(boost::json::value(unit_name(grid.geometry_ptr(), unit)));
    return array;
  };
  boost::json::object object;
  object["round"] = step.round;
  object["technique"] = std::string(technique_id(step.technique));
  object["text"] = format_step(geometry, step);
  object["placements"] = candidates(step.placements);
  object["eliminations"] = candidates(step.eliminations);
  if (step.evidence.empty()) {
    object["evidence"] = nullptr;
    return object;
  }
  const StepEvidence& evidence = step.evidence;
  boost::json::object pattern;
  pattern["units"] = units(evidence.units);
  pattern["cover_units"] = units(evidence.cover_units);
  boost::json::array cells;
  for (int cell : evidence.cells) cells.push_back(boost::json::value(cell_name(geometry, cell)));
  pattern["cells"] = std::move(cells);
  pattern["candidates"] = candidates(evidence.candidates);
  boost::json::array links;
  for (const EvidenceLink& link : evidence.links)
    links.push_back(boost::json::object{
        {"from", candidate(link.from)}, {"to", candidate(link.to)}, {"strong", link.strong}});
  pattern["links"] = std::move(links);
  boost::json::array cages;
  for (int cage : evidence.cages) {
    const Cage& c = geometry.cages()[static_cast<std::size_t>(cage)];
    boost::json::array cage_cells;
    for (int cell : c.cells) cage_cells.push_back(boost::json::value(cell_name(geometry, cell)));
    cages.push_back(boost::json::object{{"number", cage + 1}, {"sum", c.sum}, {"cells", std::move(cage_cells)}});
  }
  pattern["cages"] = std::move(cages);
  boost::json::array branches;
  for (const EvidenceBranch& branch : evidence.branches) {
    boost::json::array nodes;
    for (const EvidenceNode& node : branch.nodes) {
      boost::json::array node_cells;
      for (int cell : node.cells) node_cells.push_back(boost::json::value(cell_name(geometry, cell)));
      boost::json::object json_node{{"cells", std::move(node_cells)},
                                    {"value", node.value},
                                    {"on", node.on},
                                    {"parents", boost::json::array(node.parents.begin(), node.parents.end())}};
      // A pattern's node says which (links, the most nodes, stay as they were).
      if (node.rule != NodeRule::link) {
        json_node["rule"] = node_rule_id(node.rule);
        if (node.unit >= 0) json_node["unit"] = unit_name(grid.geometry_ptr(), node.unit);
        if (node.cage >= 0) json_node["cage"] = node.cage + 1;
        if (!node.pattern.empty()) {
          boost::json::array pattern_cells;
          for (int cell : node.pattern) pattern_cells.push_back(boost::json::value(cell_name(geometry, cell)));
          json_node["pattern"] = std::move(pattern_cells);
        }
      }
      nodes.push_back(std::move(json_node));
    }
    branches.push_back(boost::json::object{{"nodes", std::move(nodes)},
                                           {"ends", boost::json::array(branch.ends.begin(), branch.ends.end())}});
  }
  pattern["branches"] = std::move(branches);
  object["evidence"] = std::move(pattern);
  return object;
}

// One puzzle's solving path as a JSON object, a step a line (the array of `corpus-rate --explain
// --format json`).
std::string explanation_json(const PuzzleReport& report) {
  boost::json::object head;
  head["file"] = report.file;
  head["line"] = report.line;
  head["puzzle"] = report.puzzle;
  head["status"] = std::string(status_name(report.status));
  if (report.status != PuzzleStatus::ok) {
    head["error"] = report.error;
    return boost::json::serialize(head);
  }
  head["beyond"] = report.technique_beyond;
  head["hardest"] = report.hardest_technique;
  std::string text = boost::json::serialize(head);
  text.pop_back();  // the closing brace: the grade and the steps follow
  text += ",\"grade\":" + (report.technique_grade ? tenths(*report.technique_grade) : std::string("null"));
  text += ",\"steps\":[";
  for (std::size_t i = 0; i < report.explained_steps.size(); ++i) {
    text += i ? ",\n    " : "\n    ";
    const TechniqueStep& step = report.explained_steps[i];
    text += "{\"score\":" + tenths(step.score) + "," +
            boost::json::serialize(step_json(*report.explained_grid, step)).substr(1);
  }
  text += report.explained_steps.empty() ? "]}" : "\n  ]}";
  return text;
}

// The text table's cells, '-' for absent values and newlines made spaces.
std::vector<std::string> text_cells(const PuzzleReport* report) {
  std::vector<std::string> row;
  for (const auto& field : report_fields()) {
    if (report == nullptr) {
      row.emplace_back(field.name);
      continue;
    }
    std::string cell = to_text(field.value(*report));
    std::replace(cell.begin(), cell.end(), '\n', ' ');
    row.push_back(cell.empty() ? "-" : cell);
  }
  return row;
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
      {"hardest_steps",
       [](const PuzzleReport& r) {
         return r.hardest_steps ? FieldValue{std::int64_t{*r.hardest_steps}} : FieldValue{};
       }},
      {"hard_steps",
       [](const PuzzleReport& r) {
         return r.hard_steps ? FieldValue{std::int64_t{*r.hard_steps}} : FieldValue{};
       }},
      {"label", [](const PuzzleReport& r) { return text_or_absent(r.label); }},
      // Last, so that the columns before it stay where they were before the archive came.
      {"published", [](const PuzzleReport& r) { return text_or_absent(r.published); }},
  };
  return fields;
}

// The text table needs every row's width before its first row: rows wait in a temporary file
// (memory stays flat), and are padded out at finish().
struct CorpusWriter::TextSpool {
  std::FILE* file = std::tmpfile();
  std::vector<std::size_t> widths;
  ~TextSpool() {
    if (file != nullptr) std::fclose(file);
  }
};

CorpusWriter::CorpusWriter(const CorpusRatingOptions& options, OutputFormat format, Output output)
    : options_(options), format_(format), output_(std::move(output)) {}

// The header waits for the first record (or the end): an input that fails at its first line (UTF-16,
// not text) leaves standard output empty.
void CorpusWriter::start() {
  if (started_) return;
  started_ = true;
  if (options_.audit || options_.explain) return;
  if (format_ == OutputFormat::csv) {
    std::string header;
    for (const auto& field : report_fields()) {
      if (!header.empty()) header += ',';
      header += field.name;
    }
    output_(header + "\n");
  } else if (format_ == OutputFormat::json) {
    output_("[");
  } else {
    spool_ = std::make_unique<TextSpool>();
    if (spool_->file == nullptr)
      throw IoError(std::string("cannot make a temporary file: ") + std::strerror(errno));
    spool_row(text_cells(nullptr));
  }
}

CorpusWriter::~CorpusWriter() = default;

void CorpusWriter::spool_row(const std::vector<std::string>& row) {
  spool_->widths.resize(row.size(), 0);
  for (std::size_t f = 0; f < row.size(); ++f) {
    spool_->widths[f] = std::max(spool_->widths[f], row[f].size());
    // Cells hold neither NUL (the readers keep it out) nor newlines (made spaces): fit as separators.
    if (std::fwrite(row[f].c_str(), 1, row[f].size() + 1, spool_->file) != row[f].size() + 1)
      throw IoError("temporary file: cannot write: " + std::string(std::strerror(errno)));
  }
}

void CorpusWriter::add(const PuzzleReport& report) {
  start();
  ++count_;
  counts_.add(report);
  if (options_.audit) {
    audit_.add(report);
  } else if (options_.explain && format_ == OutputFormat::json) {
    output_(count_ > 1 ? ",\n  " : "[\n  ");
    output_(explanation_json(report));
  } else if (options_.explain) {
    if (count_ > 1) output_("\n");
    output_(explanation(report));
  } else if (format_ == OutputFormat::csv) {
    output_(csv_row(report));
  } else if (format_ == OutputFormat::json) {
    output_(count_ > 1 ? ",\n  " : "\n  ");
    output_(json_record(report));
  } else {
    spool_row(text_cells(&report));
  }
}

void CorpusWriter::finish() {
  start();
  if (options_.audit) {
    const Audit audit = audit_.finish(options_);
    output_(format_ == OutputFormat::json ? pretty_json(audit_to_json(audit)) : format_audit(audit));
  } else if (format_ == OutputFormat::json && options_.explain) {
    output_(count_ == 0 ? "[]\n" : "\n]\n");
  } else if (format_ == OutputFormat::json) {
    output_(count_ == 0 ? "]\n" : "\n]\n");
  } else if (spool_) {
    std::rewind(spool_->file);
    const std::size_t columns = spool_->widths.size();
    std::string line;
    std::string cell;
    for (std::size_t f = 0;;) {
      const int c = std::fgetc(spool_->file);
      if (c == EOF) break;
      if (c != 0) {
        cell.push_back(static_cast<char>(c));
        continue;
      }
      if (f) line += "  ";
      line += cell;
      if (f + 1 < columns) line.append(spool_->widths[f] - cell.size(), ' ');
      cell.clear();
      if (++f == columns) {
        output_(line + "\n");
        line.clear();
        f = 0;
      }
    }
    if (std::ferror(spool_->file)) throw IoError("temporary file: read error");
  }
}

std::string format_corpus_output(const std::vector<PuzzleReport>& reports, const CorpusRatingOptions& options,
                                 OutputFormat format) {
  std::string text;
  CorpusWriter writer(options, format, [&](std::string_view bytes) { text += bytes; });
  for (const PuzzleReport& report : reports) writer.add(report);
  writer.finish();
  return text;
}

std::string format_reports(const std::vector<PuzzleReport>& reports, OutputFormat format) {
  CorpusRatingOptions options;
  options.audit = options.explain = false;
  return format_corpus_output(reports, options, format);
}

std::string format_explanations(const std::vector<PuzzleReport>& reports) {
  CorpusRatingOptions options;
  options.explain = true;
  return format_corpus_output(reports, options, OutputFormat::text);
}

void StatusCounts::add(const PuzzleReport& report) {
  ++total;
  ++by_status[static_cast<std::size_t>(report.status)];
}

bool StatusCounts::all_ok() const {
  return by_status[static_cast<std::size_t>(PuzzleStatus::ok)] == total;
}

std::string StatusCounts::text() const {
  std::string text = std::to_string(total) + " puzzles:";
  bool first = true;
  for (const auto status : kAllStatuses) {
    const std::size_t count = by_status[static_cast<std::size_t>(status)];
    if (count == 0 && status != PuzzleStatus::ok) continue;
    text += (first ? " " : ", ") + std::to_string(count) + " " + std::string(status_name(status));
    first = false;
  }
  return text;
}

std::string format_status_counts(const std::vector<PuzzleReport>& reports) {
  StatusCounts counts;
  for (const PuzzleReport& report : reports) counts.add(report);
  return counts.text();
}

}  // namespace sudoku
