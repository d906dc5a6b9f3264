// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/audit.hpp"

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>

#include <boost/json.hpp>

#include "sudoku/rate/second_dimension.hpp"

namespace sudoku {
namespace {

std::string tenths(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string band_text(const RatingBand& band) {
  return tenths(band.low) + "-" + tenths(band.high);
}

std::string range_text(int low, int high) {
  return low == high ? std::to_string(low) : std::to_string(low) + "-" + std::to_string(high);
}

// "grade + 0.1 x hard steps < 3.05"
std::string cut_text(const LevelCut& cut, const char* relation) {
  char text[96];
  std::snprintf(text, sizeof text, "grade + %g x hard steps %s %g", cut.weight, relation, cut.below);
  return text;
}

boost::json::object cut_json(const LevelCut& cut) {
  return {{"measure", cut.measure}, {"weight", cut.weight}, {"below", cut.below}};
}

void check_variety(GroupAudit& audit) {
  if (audit.hardest.empty()) return;
  const std::size_t largest = audit.hardest.front().second;
  if (audit.hardest.size() < kVarietyMinimumTechniques)
    audit.problems.push_back(std::to_string(audit.hardest.size()) +
                             " different hardest techniques (a chapter of this size needs at least " +
                             std::to_string(kVarietyMinimumTechniques) + ")");
  if (static_cast<double>(largest) > kVarietyMaximumShare * static_cast<double>(audit.count))
    audit.problems.push_back(
        audit.hardest.front().first + " is the hardest technique of " + std::to_string(largest) + " of " +
        std::to_string(audit.count) + " puzzles (at most " +
        std::to_string(static_cast<int>(kVarietyMaximumShare * 100)) + " % may share one)");
}

GroupAudit audit_one(const AuditGroup& group) {
  GroupAudit audit;
  audit.title = group.title;
  audit.level = group.level;
  audit.band = group.band;
  audit.givens_range = group.givens_range;
  audit.cages_range = group.cages_range;
  audit.cut = group.cut;
  audit.cut_below = group.cut_below;
  audit.top_below = group.top_below;
  audit.count = group.puzzles.size();
  std::vector<double> grades;
  std::vector<int> hard_steps;
  std::vector<double> scores;
  std::map<std::string, std::size_t> histogram;
  for (const AuditPuzzle& puzzle : group.puzzles) {
    ++histogram[puzzle.hardest];
    if (puzzle.beyond)
      ++audit.beyond;
    else
      grades.push_back(puzzle.grade);
    if (puzzle.hard_steps) hard_steps.push_back(*puzzle.hard_steps);
    const bool outside = group.band && (puzzle.beyond || !group.band->contains(puzzle.grade));
    if (outside) ++audit.outside_band;
    if (!outside && (group.cut || group.cut_below)) {
      const double steps = puzzle.hard_steps.value_or(0);
      if (!puzzle.hard_steps || (group.cut && group.cut->crossed(group.band->high, puzzle.grade, steps)) ||
          (group.cut_below && !group.cut_below->crossed(group.top_below, puzzle.grade, steps)))
        ++audit.outside_cut;
    }
    if (group.modelled && puzzle.score && puzzle.model_level != group.level) ++audit.outside_model;
    if (puzzle.score) scores.push_back(*puzzle.score);
    if (group.givens_range && !group.givens_range->contains(puzzle.givens)) ++audit.outside_givens;
    if (group.cages_range && !group.cages_range->contains(puzzle.cages)) ++audit.outside_cages;
    if (puzzle.cages > 0) audit.killer = true;
  }
  if (group.cages_range) audit.killer = true;
  if (!group.puzzles.empty()) {
    const auto [fewest, most] =
        std::minmax_element(group.puzzles.begin(), group.puzzles.end(),
                            [](const AuditPuzzle& a, const AuditPuzzle& b) { return a.givens < b.givens; });
    audit.fewest_givens = fewest->givens;
    audit.most_givens = most->givens;
    const auto [fewest_cages, most_cages] =
        std::minmax_element(group.puzzles.begin(), group.puzzles.end(),
                            [](const AuditPuzzle& a, const AuditPuzzle& b) { return a.cages < b.cages; });
    audit.fewest_cages = fewest_cages->cages;
    audit.most_cages = most_cages->cages;
  }
  if (!hard_steps.empty()) {
    const auto [fewest, most] = std::minmax_element(hard_steps.begin(), hard_steps.end());
    audit.fewest_hard_steps = *fewest;
    audit.most_hard_steps = *most;
  }
  if (!grades.empty()) {
    std::sort(grades.begin(), grades.end());
    audit.lowest_grade = grades.front();
    audit.highest_grade = grades.back();
    audit.median_grade = grades[grades.size() / 2];
  }
  audit.hardest.assign(histogram.begin(), histogram.end());
  std::stable_sort(audit.hardest.begin(), audit.hardest.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });

  if (audit.outside_band > 0)
    audit.problems.push_back(std::to_string(audit.outside_band) + " of " + std::to_string(audit.count) +
                             " puzzles outside the band " + band_text(*group.band));
  if (audit.outside_cut > 0) {
    std::string sides;
    if (group.cut_below) sides = "grade above " + tenths(group.top_below) + " or " + cut_text(*group.cut_below, ">=");
    if (group.cut) sides += (sides.empty() ? "" : "; ") + cut_text(*group.cut, "<");
    audit.problems.push_back(std::to_string(audit.outside_cut) + " of " + std::to_string(audit.count) +
                             " puzzles inside the band but not the level's cuts (" + sides + ")");
  }
  if (audit.outside_model > 0)
    audit.problems.push_back(std::to_string(audit.outside_model) + " of " + std::to_string(audit.count) +
                             " puzzles the level model gives another level");
  if (audit.outside_givens > 0)
    audit.problems.push_back(std::to_string(audit.outside_givens) + " of " + std::to_string(audit.count) +
                             " puzzles outside the givens range " +
                             range_text(group.givens_range->fewest, group.givens_range->most));
  if (audit.outside_cages > 0)
    audit.problems.push_back(std::to_string(audit.outside_cages) + " of " + std::to_string(audit.count) +
                             " puzzles outside the cages range " +
                             range_text(group.cages_range->fewest, group.cages_range->most));
  audit.variety_checked = group.check_variety && audit.count >= kVarietyMinimumCount;
  if (audit.variety_checked) check_variety(audit);
  if (group.reference) {
    const auto compare = [&](const char* quantity, const Histogram& ours, const Histogram& archive,
                             std::optional<std::pair<double, double>> range) {
      if (ours.empty() || archive.empty()) return;
      double floor = 0;
      if (range) {
        std::size_t below = 0, above = 0;
        for (const auto& [value, count] : archive.bins) {
          if (value < range->first) below += count;
          if (value > range->second) above += count;
        }
        floor = static_cast<double>(std::max(below, above)) / static_cast<double>(archive.total());
      }
      audit.distribution.push_back({quantity, ours.total(), archive.total(), ks_distance(ours, archive),
                                    ks_critical_value(ours.total(), archive.total()), floor});
    };
    std::vector<int> givens;
    for (const AuditPuzzle& puzzle : group.puzzles) givens.push_back(puzzle.givens);
    std::optional<std::pair<double, double>> band, range;
    if (group.band) band = std::pair{group.band->low, group.band->high};
    if (group.givens_range)
      range = std::pair{static_cast<double>(group.givens_range->fewest), static_cast<double>(group.givens_range->most)};
    compare("grade", histogram_of(std::span<const double>(grades)), group.reference->grade, band);
    compare("givens", histogram_of(std::span<const int>(givens)), group.reference->givens, range);
    compare("hard steps", histogram_of(std::span<const int>(hard_steps)), group.reference->hard_steps, std::nullopt);
    compare("model score", histogram_of(std::span<const double>(scores)), group.reference->score, std::nullopt);
  }
  return audit;
}

}  // namespace

TechniqueOptions audit_technique_options() {
  TechniqueOptions options;
  options.uniqueness = false;
  return options;
}

AuditPuzzle audit_puzzle(const Grid& puzzle, const TechniqueOptions& options) {
  return audit_puzzle(puzzle, grade_techniques(puzzle, options));
}

AuditPuzzle audit_puzzle(const Grid& puzzle, const TechniqueGrade& grade) {
  AuditPuzzle audited{grade.grade, !grade.solved(), describe_hardest(grade), puzzle.givens(),
                      static_cast<int>(puzzle.geometry().cages().size()), {}};
  if (grade.solved() && (grade.step_count == 0 || !grade.steps.empty())) audited.hard_steps = hard_step_count(grade);
  return audited;
}

AuditPuzzle audit_puzzle_for(const Grid& puzzle, const Calibration& calibration) {
  AuditPuzzle audited = audit_puzzle(puzzle);
  const bool steps_wanted =
      has_cuts(calibration) || std::any_of(calibration.levels.begin(), calibration.levels.end(), [](const auto& level) {
        return level.distribution && !level.distribution->hard_steps.empty();
      });
  if ((steps_wanted || calibration.model) && calibration.metric == "technique" && !audited.beyond) {
    const PathRating rated = rate_with_hard_steps(puzzle, calibration.options);
    audited.hard_steps = rated.hard_steps;
    if (calibration.model && !rated.features.empty()) {
      audited.score = rounded_score(calibration.model->score(rated.features));
      audited.model_level = calibration.levels[model_level_index(calibration, rated.features)].name;
    }
  }
  return audited;
}

AuditGroup audit_group(std::string title, const std::string& level, const Calibration& calibration,
                       int size) {
  AuditGroup group;
  group.title = std::move(title);
  group.level = level;
  const CalibrationLevel* found = find_level(calibration, level);
  if (found == nullptr) return group;
  group.band = found->band;
  if (!calibration.size || *calibration.size == size) {
    group.givens_range = found->givens;
    group.cages_range = found->cages;
  }
  group.check_variety = variety_applies(calibration, level, kVarietyMinimumCount);
  group.cut = found->cut;
  group.modelled = calibration.model.has_value() && calibration.metric == "technique";
  const auto index = static_cast<std::size_t>(found - calibration.levels.data());
  if (const CalibrationLevel* below = cut_below(calibration, index)) {
    group.cut_below = *below->cut;
    group.top_below = below->band->high;
  }
  // A level the model decides is checked as generate-book climbs to it: inside the level's reach
  // (the model, not the band and cuts, says who is in it; calibration.hpp model_reach).
  if (group.modelled && (!calibration.size || *calibration.size == size))
    if (const std::optional<RatingBand> reach = model_reach(calibration, index)) {
      group.band = reach;
      group.cut.reset();
      group.cut_below.reset();
      group.top_below = 0;
    }
  // The archive's grades are the calibration's ratings: comparable with the audit's technique
  // grades only when the calibration is on the technique grade.
  if (found->distribution && calibration.metric == "technique") {
    group.reference = found->distribution;
    if (calibration.size && *calibration.size != size) group.reference->givens = {};
  }
  return group;
}

bool Audit::ok() const {
  return unaudited.empty() && std::all_of(groups.begin(), groups.end(),
                                          [](const GroupAudit& group) { return group.problems.empty(); });
}

Audit run_audit(const std::vector<AuditGroup>& groups, std::vector<std::string> unaudited) {
  Audit audit;
  for (const AuditGroup& group : groups) audit.groups.push_back(audit_one(group));
  audit.unaudited = std::move(unaudited);
  return audit;
}

boost::json::value audit_to_json(const Audit& audit) {
  boost::json::array chapters;
  for (const GroupAudit& group : audit.groups) {
    boost::json::object entry;
    entry["title"] = group.title;
    entry["level"] = group.level;
    if (group.band) entry["band"] = to_json(*group.band);
    if (group.givens_range) entry["givens_range"] = to_json(*group.givens_range);
    entry["count"] = group.count;
    entry["beyond"] = group.beyond;
    entry["grade"] = {
        {"min", group.lowest_grade}, {"median", group.median_grade}, {"max", group.highest_grade}};
    entry["givens"] = {{"min", group.fewest_givens}, {"max", group.most_givens}};
    if (group.killer) {
      if (group.cages_range) entry["cages_range"] = to_json(*group.cages_range);
      entry["cages"] = {{"min", group.fewest_cages}, {"max", group.most_cages}};
    }
    boost::json::object hardest;
    for (const auto& [technique, count] : group.hardest) hardest[technique] = count;
    entry["hardest"] = std::move(hardest);
    entry["outside_band"] = group.outside_band;
    entry["outside_givens"] = group.outside_givens;
    if (group.killer) entry["outside_cages"] = group.outside_cages;
    if (group.cut || group.cut_below) {
      if (group.cut) entry["cut"] = cut_json(*group.cut);
      if (group.cut_below) {
        entry["cut_below"] = cut_json(*group.cut_below);
        entry["cut_below"].as_object()["top"] = group.top_below;
      }
      entry["outside_cut"] = group.outside_cut;
      entry["hard_steps"] = {{"min", group.fewest_hard_steps}, {"max", group.most_hard_steps}};
    }
    if (group.outside_model > 0) entry["outside_model"] = group.outside_model;
    entry["variety_checked"] = group.variety_checked;
    if (!group.distribution.empty()) {
      boost::json::object ks;
      for (const DistributionCheck& check : group.distribution)
        ks[check.quantity == "hard steps"    ? "hard_steps"
           : check.quantity == "model score" ? "score"
                                             : check.quantity] = {{"distance", check.distance},
                              {"critical", check.critical},
                              {"floor", check.floor},
                              {"puzzles", check.puzzles},
                              {"archive", check.archive},
                              {"pass", check.pass()}};
      entry["ks"] = std::move(ks);
    }
    boost::json::array problems;
    for (const std::string& problem : group.problems) problems.push_back(boost::json::string(problem));
    entry["problems"] = std::move(problems);
    chapters.push_back(std::move(entry));
  }
  boost::json::object result{{"ok", audit.ok()}, {"chapters", std::move(chapters)}};
  if (!audit.unaudited.empty()) {
    boost::json::array unaudited;
    for (const std::string& puzzle : audit.unaudited) unaudited.push_back(boost::json::string(puzzle));
    result["unaudited"] = std::move(unaudited);
  }
  return result;
}

std::string format_audit(const Audit& audit) {
  std::size_t title_width = 7;
  for (const GroupAudit& group : audit.groups) title_width = std::max(title_width, group.title.size());
  const bool killer =
      std::any_of(audit.groups.begin(), audit.groups.end(),
                  [](const GroupAudit& group) { return group.killer; });
  std::ostringstream out;
  // Columns as printf's "%-*s  %-8s %5s  %-9s %-7s  " (and "%-7s  " for cages), without a line
  // buffer to outgrow.
  const auto columns = [&](const std::string& title, const std::string& level, const std::string& count,
                           const std::string& grades, const std::string& givens, const std::string& cages) {
    out << std::left << std::setw(static_cast<int>(title_width)) << title << "  " << std::setw(8) << level
        << ' ' << std::right << std::setw(5) << count << "  " << std::left << std::setw(9) << grades << ' '
        << std::setw(7) << givens << "  ";
    if (killer) out << std::setw(7) << cages << "  ";
  };
  columns("chapter", "level", "count", "grades", "givens", "cages");
  out << "hardest techniques\n";
  for (const GroupAudit& group : audit.groups) {
    const std::string grades = group.count == group.beyond
                                   ? std::string("-")
                                   : tenths(group.lowest_grade) + "-" + tenths(group.highest_grade);
    const std::string givens =
        group.count == 0 ? std::string("-") : range_text(group.fewest_givens, group.most_givens);
    const std::string cages = group.count == 0 || !group.killer
                                  ? std::string("-")
                                  : range_text(group.fewest_cages, group.most_cages);
    std::string techniques;
    for (const auto& [technique, count] : group.hardest)
      techniques += (techniques.empty() ? "" : ", ") + technique + " " + std::to_string(count);
    columns(group.title, group.level, std::to_string(group.count), grades, givens, cages);
    out << techniques << '\n';
  }
  bool any = false;
  for (const GroupAudit& group : audit.groups)
    for (const std::string& problem : group.problems) {
      out << "problem: " << group.title << ": " << problem << '\n';
      any = true;
    }
  for (const std::string& puzzle : audit.unaudited) {
    out << "not audited: " << puzzle << '\n';
    any = true;
  }
  if (!any) out << "all checks passed\n";
  for (const GroupAudit& group : audit.groups) {
    if (group.distribution.empty()) continue;
    out << "against the archive: " << group.title << ":";
    const char* separator = " ";
    for (const DistributionCheck& check : group.distribution) {
      char text[160];
      std::snprintf(text, sizeof text, "%s KS %.2f %s %.2f %s", check.quantity.c_str(), check.distance,
                    check.pass() ? "<=" : ">", check.critical, check.pass() ? "pass" : "FAIL");
      out << separator << text;
      if (check.floor > 0) {
        std::snprintf(text, sizeof text, " (at least %.2f inside the %s)", check.floor,
                      check.quantity == "grade" ? "band" : "range");
        out << text;
      }
      separator = ", ";
    }
    out << " (" << group.distribution.front().puzzles << " puzzles against "
        << group.distribution.front().archive << ")\n";
  }
  return out.str();
}

}  // namespace sudoku
