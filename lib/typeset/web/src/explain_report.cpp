// SPDX-License-Identifier: Apache-2.0
// The editor's report as HTML (explain_report.hpp): each puzzle's path with its evidence in words
// and its chosen steps pictured (SVG as data: URIs, so the pictures' ids never clash on one page),
// every word from the catalogue (context "report", the units' names from "hints", the techniques'
// from "technique", the levels' from "level").
#include "sudoku/typeset/web/explain_report.hpp"

#include <algorithm>
#include <map>

#include "sudoku/technique/evidence.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "html.hpp"
#include "web_assets.hpp"

namespace sudoku::typeset {
namespace {

// The report's own words (context "report"), in English: what report_messages() lists.
constexpr const char* kReportMessages[] = {
    "Solving paths", "Puzzle", "Grade", "Level", "Hardest technique", "Steps", "beyond the ladder", "All puzzles",
    "Previous puzzle", "Next puzzle", "{source}: solving path", "Grade {grade}", "level {level}", "steps: {count}",
    "hardest: {technique}", "{summary}.", "Keys: j or n next step, k or p previous step.",
    "Step {number}: {technique} ({score})",
    "Houses", "Cover houses", "Cells", "Candidates", "Chain links", "Branches", "Cages", "cage {sum} at {cell}",
    "Removes", "Places", "The board before step {number} with its evidence drawn"};

std::string tr(const Catalog& catalog, std::string_view id) { return catalog.text("report", id); }

std::string cell_values(const Geometry& geometry, const std::vector<CellValue>& list, const char* between,
                        const Catalog& catalog) {
  std::vector<std::string> items;
  for (const CellValue& at : list)
    items.push_back(cell_name(geometry, at.cell) + between + std::string(1, value_symbol(at.value)));
  return catalog.list(items);
}

// The step's evidence in words, one <dt>/<dd> pair per kind of fact it holds.
std::string evidence_list(const std::shared_ptr<const Geometry>& geometry, const TechniqueStep& step,
                          const Catalog& catalog) {
  const StepEvidence& evidence = step.evidence;
  std::vector<std::pair<std::string, std::string>> rows;
  const auto units = [&](const std::vector<int>& list) {
    std::vector<std::string> names;
    for (int unit : list) names.push_back(unit_title(geometry, unit, catalog));
    return catalog.list(names);
  };
  if (!evidence.units.empty()) rows.emplace_back("Houses", units(evidence.units));
  if (!evidence.cover_units.empty()) rows.emplace_back("Cover houses", units(evidence.cover_units));
  if (!evidence.cells.empty()) {
    std::vector<std::string> names;
    for (int cell : evidence.cells) names.push_back(cell_name(*geometry, cell));
    rows.emplace_back("Cells", catalog.list(names));
  }
  if (!evidence.candidates.empty())
    rows.emplace_back("Candidates", cell_values(*geometry, evidence.candidates, ":", catalog));
  if (!evidence.links.empty()) rows.emplace_back("Chain links", std::to_string(evidence.links.size()));
  if (!evidence.branches.empty()) rows.emplace_back("Branches", std::to_string(evidence.branches.size()));
  if (!evidence.cages.empty()) {
    std::vector<std::string> names;
    for (int cage : evidence.cages) {
      const Cage& at = geometry->cages()[static_cast<std::size_t>(cage)];
      names.push_back(fill(tr(catalog, "cage {sum} at {cell}"),
                           {{"sum", std::to_string(at.sum)}, {"cell", cell_name(*geometry, at.cells.front())}}));
    }
    rows.emplace_back("Cages", catalog.list(names));
  }
  if (!step.eliminations.empty())
    rows.emplace_back("Removes", cell_values(*geometry, step.eliminations, "\xE2\x89\xA0", catalog));
  if (!step.placements.empty()) rows.emplace_back("Places", cell_values(*geometry, step.placements, "=", catalog));
  std::string out = "<dl>";
  for (const auto& [term, text] : rows)
    out += "<dt>" + html::escape(tr(catalog, term)) + "</dt><dd>" + html::escape(text) + "</dd>";
  return out + "</dl>";
}

std::string page_name(std::size_t index) { return std::to_string(index + 1) + ".html"; }

// The puzzle's hardest technique in the catalogue's language: its hardest step's (the first of the
// highest score), else the rater's English name.
std::string hardest_title(const ExplainedPuzzle& puzzle, const Catalog& catalog) {
  if (puzzle.steps.empty()) return puzzle.hardest;
  const auto by_score = [](const TechniqueStep& a, const TechniqueStep& b) { return a.score < b.score; };
  const auto hardest = std::max_element(puzzle.steps.begin(), puzzle.steps.end(), by_score);
  return technique_title(hardest->technique, catalog);
}

}  // namespace

std::vector<std::string> report_messages() { return {std::begin(kReportMessages), std::end(kReportMessages)}; }

std::vector<WebFile> explain_report(const std::vector<ExplainedPuzzle>& puzzles, const PlotFonts& fonts,
                                    StepChoice choice, const Catalog& catalog) {
  std::vector<WebFile> files;
  const std::string lang = catalog.code();
  const auto text = [&](std::string_view id) { return html::escape(tr(catalog, id)); };
  const auto item = [&](std::string list, const std::string& next) {
    return list.empty() ? next : fill(catalog.text("list", "{list}, {item}"), {{"list", list}, {"item", next}});
  };
  std::string index = html::page_head(lang, tr(catalog, "Solving paths"), kReportCss) + "<body>\n<main>\n<h1>" +
                      text("Solving paths") + "</h1>\n<table>\n<thead><tr><th scope=\"col\">" + text("Puzzle") +
                      "</th><th scope=\"col\">" + text("Grade") + "</th><th scope=\"col\">" + text("Level") +
                      "</th><th scope=\"col\">" + text("Hardest technique") + "</th><th scope=\"col\">" +
                      text("Steps") + "</th></tr></thead>\n<tbody>\n";
  StepPictureOptions picture_options;
  picture_options.size = StepPictureSize::quarter;
  for (std::size_t p = 0; p < puzzles.size(); ++p) {
    const ExplainedPuzzle& puzzle = puzzles[p];
    const std::string grade = puzzle.grade ? catalog.decimal(*puzzle.grade, 1) : tr(catalog, "beyond the ladder");
    const std::string level = puzzle.level.empty() ? "" : catalog.text("level", puzzle.level);
    const std::string hardest = hardest_title(puzzle, catalog);
    index += "<tr><td><a href=\"" + page_name(p) + "\">" + html::escape(puzzle.source) + "</a></td><td>" +
             html::escape(grade) + "</td><td>" + html::escape(level) + "</td><td>" + html::escape(hardest) +
             "</td><td>" + std::to_string(puzzle.steps.size()) + "</td></tr>\n";

    std::map<std::size_t, std::string> pictures;  // step index -> SVG
    if (puzzle.puzzle)
      for (const StepPicture& picture : choose_step_pictures(puzzle.puzzle, puzzle.steps, puzzle.source, choice))
        pictures[picture.index] = render_step_pictures({picture}, fonts, PlotFormat::svg, picture_options);

    std::string page =
        html::page_head(lang, fill(tr(catalog, "{source}: solving path"), {{"source", puzzle.source}}), kReportCss) +
        "<body>\n<main>\n<nav>";
    page += "<a href=\"index.html\">" + text("All puzzles") + "</a>";
    if (p > 0) page += " <a rel=\"prev\" href=\"" + page_name(p - 1) + "\">" + text("Previous puzzle") + "</a>";
    if (p + 1 < puzzles.size())
      page += " <a rel=\"next\" href=\"" + page_name(p + 1) + "\">" + text("Next puzzle") + "</a>";
    // "Grade 7.2, level tough, steps: 41, hardest: X-wing." joined as the language joins a list.
    std::string summary = fill(tr(catalog, "Grade {grade}"), {{"grade", grade}});
    if (!level.empty()) summary = item(summary, fill(tr(catalog, "level {level}"), {{"level", level}}));
    summary = item(summary, fill(tr(catalog, "steps: {count}"), {{"count", std::to_string(puzzle.steps.size())}}));
    if (!hardest.empty()) summary = item(summary, fill(tr(catalog, "hardest: {technique}"), {{"technique", hardest}}));
    const std::string intro = join_sentences({fill(tr(catalog, "{summary}."), {{"summary", summary}}),
                                              tr(catalog, "Keys: j or n next step, k or p previous step.")});
    page += "</nav>\n<h1>" + html::escape(puzzle.source) + "</h1>\n<p>" + html::escape(intro) +
            "</p>\n<ol class=\"path\">\n";
    const auto geometry = puzzle.puzzle ? puzzle.puzzle->geometry_ptr() : nullptr;
    for (std::size_t s = 0; s < puzzle.steps.size(); ++s) {
      const TechniqueStep& step = puzzle.steps[s];
      const auto picture = pictures.find(s);
      const std::string number = std::to_string(s + 1);
      page += "<li><section class=\"step" + std::string(picture != pictures.cend() ? " pictured" : "") + "\" id=\"step-" +
              number + "\" tabindex=\"-1\" aria-labelledby=\"h-" + number + "\"><h2 id=\"h-" + number + "\">" +
              html::escape(fill(tr(catalog, "Step {number}: {technique} ({score})"),
                                {{"number", number},
                                 {"technique", technique_title(step.technique, catalog)},
                                 {"score", catalog.decimal(step.score, 1)}})) +
              "</h2>";
      if (s < puzzle.step_lines.size()) page += "<p class=\"line\">" + html::escape(puzzle.step_lines[s]) + "</p>";
      if (geometry) page += evidence_list(geometry, step, catalog);
      if (picture != pictures.end()) {
        const std::string alt =
            fill(tr(catalog, "The board before step {number} with its evidence drawn"), {{"number", number}});
        page += "<img alt=\"" + html::escape(alt) + "\" src=\"data:image/svg+xml;base64," +
                html::base64(picture->second) + "\">";
      }
      page += "</section></li>\n";
    }
    page += "</ol>\n</main>\n<script>\n";
    page.append(kReportJs);
    page += "</script>\n</body>\n</html>\n";
    files.push_back({page_name(p), std::move(page), true});
  }
  index += "</tbody>\n</table>\n</main>\n</body>\n</html>\n";
  files.insert(files.begin(), WebFile{"index.html", std::move(index), false});
  return files;
}

}  // namespace sudoku::typeset
