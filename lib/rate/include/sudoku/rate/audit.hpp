// SPDX-License-Identifier: Apache-2.0
// The editor's check: a per-chapter (or per-level) audit of puzzles against their level — count,
// technique-grade range, hardest-technique histogram, givens range, and on Killer levels the number
// of cages — with the rules a book must keep: every puzzle inside its level's band, givens range
// and cage range, and variety in every chapter of 20 or more puzzles above the lowest level (at
// least 3 different hardest techniques, none more than 60 % of the chapter). generate-book writes
// it to book/report.json; corpus-rate --audit prints it for any corpus, Killer puzzles included
// (graded on the Killer ladder, against the Killer levels), and names every puzzle it could not
// audit (no solution, several, contradicting givens).
//
// A level with cuts (calibration.hpp LevelCut: a boundary on grade + weight * hard steps) is
// checked on them too: a puzzle inside the band but on the wrong side of the level's cut or of the
// level below's is counted (outside_cut) and named as a problem. With a level model
// (calibration.hpp "model", level_model.hpp) a puzzle the model gives another level is counted
// (outside_model) and named as a problem, and the model's score is measured against the archive's
// like the other quantities below.
//
// With a learned level's distribution (calibration.hpp "distribution", calibrate --bands) the audit
// also measures how far a group is from the archive: the two-sample Kolmogorov-Smirnov distance
// between the group's grades (graded puzzles), givens and hard steps (when the archive's level
// has them) and the archive's, each against the
// critical value at the 5 % level for the two sample sizes (distribution.hpp). A distance above it
// says the group is not like the archive's level ("fail"); a passing one only that a group this
// small cannot be told from it. The distances are reported, never problems: a group's puzzles can
// each be right for their level while the group leans to one end of it.
//
// Contract: pure aggregation over already graded puzzles (audit_puzzle grades one), so the audit of
// the same puzzles is the same bytes whatever the thread count. Groups keep their given order;
// histogram entries are ordered by count (descending), then by technique name. Without Killer
// puzzles or cage ranges, the text and JSON say nothing of cages.
//
//   AuditGroup group = audit_group("Medium", "medium", press_calibration(), 9);
//   group.puzzles.push_back(audit_puzzle(puzzle));   ... Audit audit = run_audit({group});
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/json/value.hpp>

#include "sudoku/model/grid.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

// One puzzle as the audit sees it: technique grade (what a reader needs), hardest technique, givens.
struct AuditPuzzle {
  double grade = 0;     // SE-scale grade; meaningless when beyond
  bool beyond = false;  // the grader's ladder could not finish it
  std::string hardest;  // "X-wing", "beyond: stuck after ..."
  int givens = 0;
  int cages = 0;  // Killer: its number of cages; 0 on boards without cages
  // Steps beyond singles (second_dimension.hpp) of the graded path, when it was kept (explain)
  // and solved; for a level with cuts, of the calibration's own grading (audit_puzzle_for).
  std::optional<int> hard_steps;
  // For a calibration with a level model (audit_puzzle_for): the model's score (rounded_score) and
  // the level it gives, on the calibration's own grading; absent beyond the ladder.
  std::optional<double> score = std::nullopt;
  std::string model_level = {};
};

// The audit's grader settings: uniqueness techniques off (a reader's level does not assume them).
TechniqueOptions audit_technique_options();
// Grades one puzzle for the audit.
AuditPuzzle audit_puzzle(const Grid& puzzle, const TechniqueOptions& options = audit_technique_options());
// The same from a grade already made with audit_technique_options() (or one that carries over to
// them: grade_carries_over); hard_steps when the grade kept its path.
AuditPuzzle audit_puzzle(const Grid& puzzle, const TechniqueGrade& grade);
// audit_puzzle, with the hard steps counted on the path of `calibration`'s own grading when it is
// the technique metric with cuts or a hard-steps distribution (so that the cuts judge the steps
// they were learned on); otherwise as audit_puzzle.
AuditPuzzle audit_puzzle_for(const Grid& puzzle, const Calibration& calibration);

struct AuditGroup {
  std::string title;                        // chapter title, or the level name for a corpus
  std::string level;                        // the level the puzzles are meant to have ("" when none)
  std::optional<RatingBand> band;           // the level's band, when checked
  std::optional<GivensRange> givens_range;  // the level's givens range, when checked
  std::optional<GivensRange> cages_range;   // Killer: the level's range of cages, when checked
  bool check_variety = false;               // the variety rule applies to a group of 20 or more
  std::vector<AuditPuzzle> puzzles;
  // The archive's spread within the level, when the group is measured against it (audit_group
  // takes it from a technique-graded calibration's level; its givens part only for the same size).
  std::optional<LevelDistribution> reference = std::nullopt;
  std::optional<LevelCut> cut = std::nullopt;        // the level's cut (its boundary with the level above)
  std::optional<LevelCut> cut_below = std::nullopt;  // the cut of the level below (its lower boundary)
  double top_below = 0;                              // with cut_below: the top of that level's band
  bool modelled = false;  // the calibration has a level model: each puzzle's model_level is checked
};

// One Kolmogorov-Smirnov comparison of a group with its archive: "grade", "givens" or "hard steps".
struct DistributionCheck {
  std::string quantity;
  std::size_t puzzles = 0;  // of the group
  std::size_t archive = 0;  // of the archive's level
  double distance = 0;
  double critical = 0;  // ks_critical_value(puzzles, archive)
  // The least distance any group inside the level's band (grade) or givens range (givens) can have:
  // the archive's share below the band or above it, whichever is larger. A distance near it is the
  // level's cut through the archive, not the generator.
  double floor = 0;
  bool pass() const { return distance <= critical; }
};

// A group for `level` of `calibration`: its band, its givens range and cage range when the
// calibration's size is `size` (or unset), and the variety rule (variety_applies). Unknown level:
// no checks.
AuditGroup audit_group(std::string title, const std::string& level, const Calibration& calibration, int size);

struct GroupAudit {
  std::string title;
  std::string level;
  std::optional<RatingBand> band;
  std::optional<GivensRange> givens_range;
  std::optional<GivensRange> cages_range;
  std::size_t count = 0;
  std::size_t beyond = 0;
  double lowest_grade = 0, highest_grade = 0, median_grade = 0;  // over the graded puzzles
  int fewest_givens = 0, most_givens = 0;
  int fewest_cages = 0, most_cages = 0;
  bool killer = false;  // some puzzle has cages, or the group a cage range: cages are reported
  std::vector<std::pair<std::string, std::size_t>> hardest;  // technique -> puzzles
  std::size_t outside_band = 0;
  std::size_t outside_givens = 0;
  std::size_t outside_cages = 0;
  // Inside the band, but on the wrong side of a cut (or without hard steps to judge by).
  std::size_t outside_cut = 0;
  std::size_t outside_model = 0;  // puzzles the level model gives another level
  std::optional<LevelCut> cut, cut_below;
  double top_below = 0;
  int fewest_hard_steps = 0, most_hard_steps = 0;  // over the puzzles with hard steps
  bool variety_checked = false;
  std::vector<DistributionCheck> distribution;  // with a reference and at least one puzzle
  std::vector<std::string> problems;  // one sentence per broken rule; empty when the group is fine
};

struct Audit {
  std::vector<GroupAudit> groups;
  // Puzzles no group could take, where and why: "sample.txt:3: more than one solution".
  std::vector<std::string> unaudited;
  bool ok() const;
};

Audit run_audit(const std::vector<AuditGroup>& groups, std::vector<std::string> unaudited = {});

// {"ok": true, "chapters": [{"title", "level", "band", "givens_range", "count", "beyond",
//  "grade": {"min", "median", "max"}, "givens": {"min", "max"}, "hardest": {"X-wing": 7, ...},
//  "outside_band", "outside_givens", "variety_checked", "problems": [...]}, ...]}; groups with a
//  reference add "ks": {"grade": {"distance", "critical", "floor", "puzzles", "archive", "pass"},
//  "givens": ..., "hard_steps": ...}; groups with cuts add "cut", "cut_below", "outside_cut" and
//  "hard_steps": {"min", "max"}; Killer groups
//  add "cages_range", "cages": {"min", "max"} and "outside_cages"; "unaudited": [...] when some
//  puzzle could not be audited.
boost::json::value audit_to_json(const Audit& audit);
// A table, one line per group (a cages column when some group is a Killer group), then one line per
// problem and per puzzle not audited ("all checks passed" when none), then one line per group
// measured against its archive ("against the archive: Easy: grade KS 0.12 <= 0.57 pass, ..."; a
// floor above zero follows as "(at least 0.30 inside the band)").
std::string format_audit(const Audit& audit);

}  // namespace sudoku
