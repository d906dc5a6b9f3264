// SPDX-License-Identifier: Apache-2.0
// The editor's report as HTML (explain_report.hpp): each puzzle's path with its evidence in words
// and its chosen steps pictured (SVG as data: URIs, so the pictures' ids never clash on one page).
#include "sudoku/typeset/web/explain_report.hpp"

#include <cstdio>
#include <map>

#include "sudoku/technique/evidence.hpp"
#include "html.hpp"
#include "web_assets.hpp"

namespace sudoku::typeset {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::string cell_values(const Geometry& geometry, const std::vector<CellValue>& list, const char* between) {
  std::vector<std::string> items;
  for (const CellValue& at : list)
    items.push_back(cell_name(geometry, at.cell) + between + std::string(1, value_symbol(at.value)));
  return joined(items);
}

std::string decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// The step's evidence in words, one <dt>/<dd> pair per kind of fact it holds.
std::string evidence_list(const std::shared_ptr<const Geometry>& geometry, const TechniqueStep& step) {
  const StepEvidence& evidence = step.evidence;
  std::vector<std::pair<std::string, std::string>> rows;
  const auto units = [&](const std::vector<int>& list) {
    std::vector<std::string> names;
    for (int unit : list) names.push_back(unit_name(geometry, unit));
    return joined(names);
  };
  if (!evidence.units.empty()) rows.emplace_back("Houses", units(evidence.units));
  if (!evidence.cover_units.empty()) rows.emplace_back("Cover houses", units(evidence.cover_units));
  if (!evidence.cells.empty()) {
    std::vector<std::string> names;
    for (int cell : evidence.cells) names.push_back(cell_name(*geometry, cell));
    rows.emplace_back("Cells", joined(names));
  }
  if (!evidence.candidates.empty()) rows.emplace_back("Candidates", cell_values(*geometry, evidence.candidates, ":"));
  if (!evidence.links.empty()) rows.emplace_back("Chain links", std::to_string(evidence.links.size()));
  if (!evidence.branches.empty()) rows.emplace_back("Branches", std::to_string(evidence.branches.size()));
  if (!evidence.cages.empty()) {
    std::vector<std::string> names;
    for (int cage : evidence.cages) {
      const Cage& at = geometry->cages()[static_cast<std::size_t>(cage)];
      names.push_back("cage " + std::to_string(at.sum) + " at " + cell_name(*geometry, at.cells.front()));
    }
    rows.emplace_back("Cages", joined(names));
  }
  if (!step.eliminations.empty()) rows.emplace_back("Removes", cell_values(*geometry, step.eliminations, "\xE2\x89\xA0"));
  if (!step.placements.empty()) rows.emplace_back("Places", cell_values(*geometry, step.placements, "="));
  std::string out = "<dl>";
  for (const auto& [term, text] : rows) out += "<dt>" + term + "</dt><dd>" + html::escape(text) + "</dd>";
  return out + "</dl>";
}

std::string page_name(std::size_t index) { return std::to_string(index + 1) + ".html"; }

}  // namespace

std::vector<WebFile> explain_report(const std::vector<ExplainedPuzzle>& puzzles, const PlotFonts& fonts,
                                    StepChoice choice) {
  std::vector<WebFile> files;
  std::string index = html::page_head("en", "Solving paths", kReportCss) +
                      "<body>\n<main>\n<h1>Solving paths</h1>\n<table>\n<thead><tr><th scope=\"col\">Puzzle</th>"
                      "<th scope=\"col\">Grade</th><th scope=\"col\">Level</th><th scope=\"col\">Hardest technique</th>"
                      "<th scope=\"col\">Steps</th></tr></thead>\n<tbody>\n";
  StepPictureOptions picture_options;
  picture_options.size = StepPictureSize::quarter;
  for (std::size_t p = 0; p < puzzles.size(); ++p) {
    const ExplainedPuzzle& puzzle = puzzles[p];
    const std::string grade = puzzle.grade ? decimal(*puzzle.grade) : "beyond the ladder";
    index += "<tr><td><a href=\"" + page_name(p) + "\">" + html::escape(puzzle.source) + "</a></td><td>" + grade +
             "</td><td>" + html::escape(puzzle.level) + "</td><td>" + html::escape(puzzle.hardest) + "</td><td>" +
             std::to_string(puzzle.steps.size()) + "</td></tr>\n";

    std::map<std::size_t, std::string> pictures;  // step index -> SVG
    if (puzzle.puzzle)
      for (const StepPicture& picture : choose_step_pictures(puzzle.puzzle, puzzle.steps, puzzle.source, choice))
        pictures[picture.index] = render_step_pictures({picture}, fonts, PlotFormat::svg, picture_options);

    std::string page = html::page_head("en", puzzle.source + ": solving path", kReportCss) + "<body>\n<main>\n<nav>";
    page += "<a href=\"index.html\">All puzzles</a>";
    if (p > 0) page += " <a rel=\"prev\" href=\"" + page_name(p - 1) + "\">Previous puzzle</a>";
    if (p + 1 < puzzles.size()) page += " <a rel=\"next\" href=\"" + page_name(p + 1) + "\">Next puzzle</a>";
    page += "</nav>\n<h1>" + html::escape(puzzle.source) + "</h1>\n<p>Grade " + grade +
            (puzzle.level.empty() ? "" : ", level " + html::escape(puzzle.level)) + ", " +
            std::to_string(puzzle.steps.size()) + " steps" +
            (puzzle.hardest.empty() ? "" : ", hardest: " + html::escape(puzzle.hardest)) +
            ". Keys: j or n next step, k or p previous step.</p>\n<ol class=\"path\">\n";
    const auto geometry = puzzle.puzzle ? puzzle.puzzle->geometry_ptr() : nullptr;
    for (std::size_t s = 0; s < puzzle.steps.size(); ++s) {
      const TechniqueStep& step = puzzle.steps[s];
      const auto picture = pictures.find(s);
      page += "<li><section class=\"step" + std::string(picture != pictures.cend() ? " pictured" : "") + "\" id=\"step-" +
              std::to_string(s + 1) + "\" tabindex=\"-1\" aria-labelledby=\"h-" + std::to_string(s + 1) + "\"><h2 id=\"h-" +
              std::to_string(s + 1) + "\">Step " + std::to_string(s + 1) + ": " +
              html::escape(technique_name(step.technique)) + " (" + decimal(step.score) + ")</h2>";
      if (s < puzzle.step_lines.size()) page += "<p class=\"line\">" + html::escape(puzzle.step_lines[s]) + "</p>";
      if (geometry) page += evidence_list(geometry, step);
      if (picture != pictures.end())
        page += "<img alt=\"The board before step " + std::to_string(s + 1) + " with its evidence drawn\" src=\"data:image/svg+xml;base64," +
                html::base64(picture->second) + "\">";
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
