// SPDX-License-Identifier: Apache-2.0
// Calibrations: named difficulty levels — a target rating each, optionally a band of ratings and a
// range of givens — read from and written to JSON, and the lookup that maps a rating to its level.
// Two kinds of level scheme use this one format:
//   - target levels (the paper's Table I, `calibrate`'s means): a level is a typical rating;
//   - band levels (the readers' "press" levels, docs/levels.md): a level is an interval of ratings,
//     e.g. technique grades 2.5-3.4 = "needs an intersection, a pair or an X-wing, nothing harder".
//
// File format:
//   {"metric": "technique", "runs": 1,
//    "options": {"uniqueness": "false"},              (optional: metric settings used)
//    "size": 9,                                       (optional: grid size the givens ranges are for)
//    "symmetry": "rotate180",                         (optional: the givens' symmetry a plan defaults to)
//    "levels": [{"name": "easy", "target": 1.5, "band": [1.0, 2.3], "givens": [30, 38]},
//               {"name": "easy", ..., "distribution": {"grade": [[1.2, 30], [1.5, 12]],
//                                                      "givens": [[36, 20], [38, 22]]}},  (learned)
//               {"name": "medium", ..., "cut": {"measure": "hard-steps", "weight": 1,
//                                               "below": 7.3}},   (learned: a second dimension)
//               {"name": "easy", ..., "givens": [0, 0], "cages": [30, 36]},   (Killer)
//               {"name": "hard", "target": 98.2, "count": 120, "median": 93.9, ...}, ...],
//    "model": {"kind": "ordinal-logit", "levels": ["easy", "medium", "hard"],    (optional: learned)
//              "features": [{"name": "steps:pointing", "mean": 1.2, "sd": 1.5, "weight": 0.9}, ...],
//              "thresholds": [-2.1, 1.4], "lambda": 0.01},
//    "provenance": {...}}                             (optional: kept verbatim)
// Level members besides name and target are optional: band ([low, high], inclusive), givens
// ([fewest, most] given cells a generated puzzle of the level may have), cages ([fewest, most]
// cages of a Killer puzzle of the level), distribution (how many of the archive's puzzles of the
// level had each rating and each givens count: [value, puzzles] pairs, values ascending; written by
// `calibrate --bands`, read by generate-book to aim a chapter's slots at the archive's spread and by
// the audit to measure the Kolmogorov-Smirnov distance; distribution.hpp; "hard_steps" beside
// "grade" and "givens" in learned files with cuts), cut (puzzles of the level's band that go up to
// the next level by their score grade + weight * hard steps; below) and
// statistics written by
// `calibrate` (count, kept, removed, q1, median, q3, mean, sd, min, max). Unknown keys anywhere are
// errors, so a misspelt field is never silently ignored; calibration_keys()/calibration_level_keys()
// list the accepted keys (one list in the implementation drives reading, writing and the check).
//
// Contract: a valid calibration has at least one level, non-empty unique names, and finite
// positive targets that are pairwise distinct. Either every level has a band or none has; bands do
// not overlap and each holds its level's target. Targets need not increase in file order (calibrate
// may produce that, and calibration_warnings() reports it); lookup orders levels by target.
// Lookup with bands: a rating inside a band belongs to its level; a rating between two bands
// belongs to the nearer one (the boundary is the midpoint of the gap, which belongs to the upper
// level); below the first band to the lowest level, above the last to the highest.
// Cuts (band levels on the "technique" metric only, never on the highest level): a level with a
// cut also sends up the puzzles of its band whose score grade + weight * hard steps
// (second_dimension.hpp) reaches `below`: a puzzle stays in it (or lower) when its grade is at
// most the band's top and its score below the cut. The cut only moves puzzles up (harder by many
// steps beyond singles, as by a harder step); lookup walks the levels upwards and stops at the
// first whose boundary the puzzle does not cross. The band of the level above may then reach
// down into this one's (bands overlap only where the lower level has a cut); in_level() asks
// for the level's band and for both boundaries. Without cuts, levels, lookup and in_level are as
// before (the steps are ignored).
// Lookup without bands: a rating belongs to the level whose target is nearest on a log scale, i.e.
// the boundary between neighbouring targets a < b is their geometric mean sqrt(a*b); a rating
// exactly on a boundary belongs to the upper level; ratings below the first boundary (including
// <= 0) belong to the lowest level, ratings above the last to the highest.
//
//   Calibration press = press_calibration();
//   std::string name = level_for(press, 3.2).name;   // "medium" (an X-wing)
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/value.hpp>

#include "sudoku/base/json_io.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/rate/distribution.hpp"
#include "sudoku/rate/level_model.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku {

// Per-level statistics, in file order. count, kept and removed are integers.
enum class LevelStatistic { count, kept, removed, q1, median, q3, mean, sd, min, max };
inline constexpr std::size_t kLevelStatisticCount = 10;
std::string_view to_string(LevelStatistic statistic);

// An inclusive interval of ratings.
struct RatingBand {
  double low = 0.0;
  double high = 0.0;
  bool contains(double rating) const { return rating >= low && rating <= high; }
  friend bool operator==(const RatingBand&, const RatingBand&) = default;
};

// How many cells a generated puzzle of a level may give, inclusive.
struct GivensRange {
  int fewest = 0;
  int most = 0;
  bool contains(int givens) const { return givens >= fewest && givens <= most; }
  friend bool operator==(const GivensRange&, const GivensRange&) = default;
};

// A level's boundary with the next level up beside its band's top: a puzzle of this level (or a
// lower one) has grade <= top and grade + weight * measure < below. The measure is "hard-steps"
// (the only one).
struct LevelCut {
  std::string measure = "hard-steps";
  double weight = 0.0;
  double below = 0.0;
  double score(double rating, double steps) const { return rating + weight * steps; }
  // Whether a puzzle crosses the boundary of a level whose band ends at `top`.
  bool crossed(double top, double rating, double steps) const { return rating > top || score(rating, steps) >= below; }
  friend bool operator==(const LevelCut&, const LevelCut&) = default;
};
inline constexpr std::string_view kHardStepsMeasure = "hard-steps";

struct CalibrationLevel {
  std::string name;
  double target = 0.0;
  std::array<std::optional<double>, kLevelStatisticCount> statistics{};
  std::optional<RatingBand> band{};
  std::optional<GivensRange> givens{};
  // Killer: how many cages a puzzle of the level has (its givens range is then usually [0, 0]).
  std::optional<GivensRange> cages{};
  // False where the variety rule cannot hold (a band that one technique fills, as 4x4 medium's
  // hidden singles): "variety": false in the file, absent when true.
  bool variety = true;
  // The archive's own spread within the level (calibrate --bands); none for built-in levels.
  std::optional<LevelDistribution> distribution{};
  // The boundary with the next level up on grade + weight * hard steps (calibrate --bands, where
  // the second dimension separates the two levels better than the grade); none: the grade alone.
  std::optional<LevelCut> cut{};

  std::optional<double>& operator[](LevelStatistic statistic) {
    return statistics[static_cast<std::size_t>(statistic)];
  }
  const std::optional<double>& operator[](LevelStatistic statistic) const {
    return statistics[static_cast<std::size_t>(statistic)];
  }
};

struct Calibration {
  std::string metric = "call-count";
  int runs = 10;
  MetricSettings options;   // empty: not recorded
  std::optional<int> size;  // the grid size the levels' givens ranges are meant for
  // The symmetry of the givens a plan using these levels takes when it names none (calibrate
  // --bands writes the symmetry its archive consistently prints; docs/calibration.md).
  std::optional<Symmetry> symmetry;
  std::vector<CalibrationLevel> levels;
  // A learned model of the levels over the solving path (level_model.hpp; calibrate --bands on the
  // technique metric, kept where it beats the bands): lookup by the model where the path solves
  // the puzzle (model_level_index), by the bands otherwise.
  std::optional<LevelModel> model;
  std::optional<boost::json::value> provenance;  // whatever calibrate records, kept verbatim
};

// The paper's Table I (call-count, 10 runs): easy 6.234043, medium 29.2093, hard 98.2093,
// evil 527.4318. Also shipped as examples/calibration-paper.json.
Calibration paper_calibration();

// The readers' levels, by the techniques a solver needs (technique grades with the uniqueness
// techniques off; docs/levels.md): easy 1.0-2.3 (singles), medium 2.5-3.4 (intersections, pairs,
// X-wing), hard 3.6-5.5 (triples, fish, two-strong-link patterns, XY/XYZ-wings, quads), evil
// 5.6-7.4 (chains), extreme 7.5-11 (Nishio, forcing chains); 9x9 givens 30-38, 27-34, 24-30,
// 22-28, 20-28. The default level scheme; also shipped as examples/levels-press.json.
// Other sizes (4, 6, 12, 16, 25; std::invalid_argument otherwise) get their own levels with
// `size` set: 4x4 only easy and medium (every 4x4 puzzle falls to singles), 6x6 easy, medium and
// hard, the larger ones the five bands of 9x9 with givens ranges for their cell count (docs/plan.md).
// Killer (variant killer, 9x9 only): four bands of the Killer technique grade (cage combinations
// and innies/outies first, docs/rating.md "Killer techniques"), no givens, and a range of cage
// counts per level in place of a givens range; see docs/levels.md "Killer".
Calibration press_calibration(int size = 9, Variant variant = Variant::classic);

// The level called `name`, or nullptr.
const CalibrationLevel* find_level(const Calibration& calibration, std::string_view name);
// [low, high] and [fewest, most], as the files write them.
boost::json::array to_json(const RatingBand& band);
boost::json::array to_json(const GivensRange& givens);
// {"grade": [[value, puzzles], ...], "givens": [...]}, as the files write it.
boost::json::object to_json(const LevelDistribution& distribution);

// The built-in level schemes by name: "press" (press_calibration for `size`) and "paper"
// (paper_calibration, the same for every size).
std::optional<Calibration> built_in_calibration(std::string_view name, int size = 9,
                                                Variant variant = Variant::classic);
// A built-in level scheme by name, or else a calibration file (IoError, InputError as below).
Calibration read_calibration(const std::string& name_or_path);

// True when the levels are bands (press_calibration), false when they are targets (Table I).
bool has_bands(const Calibration& calibration);
// True when some level has a cut: lookup needs the puzzles' hard steps.
bool has_cuts(const Calibration& calibration);
// The level the calibration's model gives a solved path's features (path_features, catalogue order),
// as an index into calibration.levels. Precondition: calibration.model.
std::size_t model_level_index(const Calibration& calibration, std::span<const double> features);

// The variety rule of band levels: a chapter (or group) of kVarietyMinimumCount or more puzzles of
// a band level above the lowest (and not marked `variety = false`) has at least kVarietyMinimumTechniques
// different hardest techniques and no technique is the hardest of more than kVarietyMaximumShare of its
// puzzles, so that a chapter does not teach one trick twenty times. generate-book keeps it
// (docs/generation.md) and the audit checks it (audit.hpp).
inline constexpr std::size_t kVarietyMinimumCount = 20;
inline constexpr std::size_t kVarietyMinimumTechniques = 3;
inline constexpr double kVarietyMaximumShare = 0.60;
bool variety_applies(const Calibration& calibration, const std::string& level, std::size_t count);

// Accepted keys at the top level and in a level object.
std::span<const std::string_view> calibration_keys();
std::span<const std::string_view> calibration_level_keys();

// Parses and validates; InputError names the source and the JSON path of the problem.
Calibration parse_calibration(const JsonDocument& document);
// IoError when unreadable, InputError when malformed or invalid.
Calibration read_calibration_file(const std::string& path);

// Throws InputError (source "calibration") when the contract above is broken.
void validate_calibration(const Calibration& calibration);
// Things worth a warning but not an error: targets that do not increase in file order.
std::vector<std::string> calibration_warnings(const Calibration& calibration);

boost::json::value calibration_to_json(const Calibration& calibration);
// Validates, then writes pretty JSON atomically (IoError on failure).
void write_calibration_file(const std::string& path, const Calibration& calibration);

// Index into calibration.levels of the level a rating (and the puzzle's hard steps, read by cuts
// only) belongs to. Precondition: a valid calibration (throws std::invalid_argument when it has no
// levels or the rating is NaN).
std::size_t level_index(const Calibration& calibration, double rating, double hard_steps = 0);
const CalibrationLevel& level_for(const Calibration& calibration, double rating, double hard_steps = 0);
// Whether a puzzle of this rating and hard steps is inside level `index`: inside its band (when it
// has one) and on its side of the cuts of the level and of the level below it (when they have
// one). Without cuts, band.contains(rating).
bool in_level(const Calibration& calibration, std::size_t index, double rating, double hard_steps = 0);
// The level just below level `index` in ascending order, when it has a cut (its band and cut are
// level `index`'s lower boundary).
const CalibrationLevel* cut_below(const Calibration& calibration, std::size_t index);
// The grades a level the calibration's model decides spans, or nothing for a level it does not
// (no model, another metric than the technique grade, a level the model does not name, no band).
// Where the model decides, it puts a puzzle in the level whatever its grade and hard steps, so the
// band and the cuts (learned before the model, on the grade) are not the level's edges: a chapter
// of the level climbs to, and its audit checks, this reach instead, with no cuts. It is the band
// widened to the archive's grades of the level (its distribution) from the kReachShare quantile to
// the 1 - kReachShare one, as the givens ranges leave out a stray label's outliers (a noisy
// archive's "easy" at 7.3): a synthetic newspaper's medium, band 2.4-5.65 and cut grade + hard
// steps < 9.7, printed grades 2.5-9.2 with up to 103 hard steps, and a chapter held to the band
// and cut could not reach half of them (docs/notes/level-model-generation-2026-12.md).
//   model_reach(news, 1)   // medium: 2.4-9.0
inline constexpr double kReachShare = 0.025;
std::optional<RatingBand> model_reach(const Calibration& calibration, std::size_t index);
// The boundaries between levels in ascending order (one fewer than the levels).
std::vector<double> level_boundaries(const Calibration& calibration);

// Why ratings from `metric` should not be looked up in `calibration` (different metric, runs, or
// a recorded option with another value), or nothing when they match.
std::optional<std::string> calibration_mismatch(const Calibration& calibration, const RatingMetric& metric);

}  // namespace sudoku
