// SPDX-License-Identifier: Apache-2.0
// Calibration studies: from corpora labelled with difficulty levels to a Calibration, the way
// Fatemi, Kazemi & Mehrasa (2014) derive their Table I: rate every puzzle of a level, drop the
// outliers outside [median - 1.5 IQR, median + 1.5 IQR], and take the mean of the rest as the
// level's target. Used by the `calibrate` tool; Cairo-free (the plot lives in the typeset library).
//
// Contract:
//   - Quartiles interpolate linearly between order statistics (Hyndman & Fan's type 7, the default
//     of R and NumPy): for sorted x[0..n-1] the p-quantile sits at h = (n-1)p and is
//     x[floor h] + (h - floor h) * (x[floor h + 1] - x[floor h]). So one value is all three of its
//     quartiles, and two values a <= b give q1 = a + (b-a)/4, median = (a+b)/2, q3 = a + 3(b-a)/4.
//   - Outlier rules keep a closed interval: median-iqr [median - 1.5 IQR, median + 1.5 IQR] (the
//     paper's), tukey [q1 - 1.5 IQR, q3 + 1.5 IQR], none everything. Both rules always keep at least
//     one value.
//   - Level statistics: count, q1, median, q3, min and max describe every rating of the level (what
//     was measured); kept and removed split them by the rule; mean and sd (sample standard deviation,
//     0 for one value) describe the kept ratings, and the target is that mean.
//   - Inputs: a malformed puzzle or label throws InputError at file:line:column, an unreadable file
//     IoError, a level without puzzles InputError. Well-formed puzzles without a unique solution are
//     excluded and listed in the result rather than failing the study, unless that empties a level.
//   - The result depends only on the inputs, the metric and the options, never on the thread count.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/corpus/house_style.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku {

// ---- Robust statistics ----

struct Quartiles {
  double q1 = 0.0;
  double median = 0.0;
  double q3 = 0.0;

  double iqr() const { return q3 - q1; }
};

// The p-quantile (0 <= p <= 1) of ascending `sorted` by the type-7 rule above. Throws
// std::invalid_argument when `sorted` is empty or p is outside [0, 1].
double quantile_of_sorted(std::span<const double> sorted, double p);
// Quartiles of values in any order. Throws std::invalid_argument when empty.
Quartiles quartiles(std::span<const double> values);

enum class OutlierRule {
  median_iqr,  // "median-iqr": [median - 1.5 IQR, median + 1.5 IQR], the paper's rule
  tukey,       // "tukey": [q1 - 1.5 IQR, q3 + 1.5 IQR], the box plot's whiskers
  none,        // "none": keep every rating
};
std::string_view to_string(OutlierRule rule);
// Throws InputError (no location) naming the accepted spellings.
OutlierRule parse_outlier_rule(std::string_view text);

// Ratings inside [low, high] are kept.
struct Fence {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();

  bool keeps(double value) const { return value >= low && value <= high; }
};
Fence outlier_fence(const Quartiles& quartiles, OutlierRule rule);

// Everything the study reports about one level's ratings.
struct LevelSummary {
  std::size_t count = 0;
  std::size_t kept = 0;
  std::size_t removed = 0;
  Quartiles quartiles;  // of all ratings
  Fence fence;
  double min = 0.0;  // of all ratings
  double max = 0.0;
  double mean = 0.0;  // of the kept ratings: the target
  double sd = 0.0;    // of the kept ratings
};
// Throws std::invalid_argument when `ratings` is empty.
LevelSummary summarize_ratings(std::span<const double> ratings, OutlierRule rule);
// A calibration level named `name` with target = mean and every statistic filled in.
CalibrationLevel calibration_level(const std::string& name, const LevelSummary& summary);

// ---- More levels than measured ----

enum class Spacing {
  arithmetic,  // "arithmetic": the paper's means of neighbours, (a + b) / 2
  geometric,   // "geometric": geometric means sqrt(a * b), even steps on a log scale
};
std::string_view to_string(Spacing spacing);
// Throws InputError (no location) naming the accepted spellings.
Spacing parse_spacing(std::string_view text);

// Expands `levels` (in their order) to `count` levels, the paper's way: first one new level between
// neighbours, at their mean, in the widest gaps first (by difference for arithmetic, by ratio for
// geometric spacing; ties to the lower gap), then new levels beyond the last, each one the step of
// the last two levels further: last + (last - previous), or last * (last / previous). A level
// between "a" and "b" is named "a-b", levels beyond "z" are "z+1", "z+2", ...; new levels carry no
// statistics. Throws InputError when count is below levels.size(), when extrapolation needs two
// levels and there is one, or when a new target is not positive or repeats one.
std::vector<CalibrationLevel> expand_levels(std::span<const CalibrationLevel> levels, std::size_t count,
                                            Spacing spacing);

// ---- Inputs ----

struct StudyPuzzle {
  Grid grid;
  std::string source;  // file name as given
  int line = 0;        // where the puzzle starts
};

struct StudyLevel {
  std::string name;
  std::vector<StudyPuzzle> puzzles;
};

struct StudyInputFile {
  std::string path;
  std::string sha256;  // of the bytes read, so a reader can check which file was used
  std::size_t bytes = 0;
  std::size_t puzzles = 0;  // puzzles read from it
};

struct StudyInput {
  std::vector<StudyLevel> levels;     // in the order first named
  std::vector<StudyInputFile> files;  // in the order given
  std::string bins;                   // the bin specification of a labelled file, else empty
  std::size_t unbinned = 0;           // labelled puzzles whose value is in no bin
};

struct LevelFile {
  std::string level;
  std::string path;
};
// Reads one or more files per level ("easy=a.txt easy=b.txt" pools a.txt and b.txt, in that order).
StudyInput read_level_files(std::span<const LevelFile> files, const ReadOptions& read = {});

// A bin of a labelled file: values below `below` that no earlier bin took; the last bin may have no
// bound and takes everything left.
struct Bin {
  std::string name;
  std::optional<double> below;
};
// Parses "easy:<2.0,medium:<3.0,hard:<5.0,evil". Bounds must increase; only the last bin may omit
// its bound. Throws InputError with source "--bins", line 1 and the column of the problem.
std::vector<Bin> parse_bins(std::string_view spec);
std::string to_string(std::span<const Bin> bins);
// Reads a file of "PUZZLE VALUE" lines and puts every puzzle in the first bin its value is below.
// A missing or malformed value is an InputError at its line and column; a bin that receives no
// puzzle is an InputError.
StudyInput read_labelled_file(const std::string& path, std::span<const Bin> bins,
                              const ReadOptions& read = {});

// The cuts between neighbouring levels for StudyOptions::bands, from their kept ratings, easiest
// level first: cuts[i] separates levels i and i+1. All cuts are chosen together to maximise the
// ratings that fall in their own level's band (house_style.hpp's best_cuts); ties go to the cuts
// nearest the midpoints of neighbouring medians. Cuts lie midway between observed ratings.
std::vector<double> band_cuts(std::span<const std::vector<double>> kept_in_order);

// ---- The study ----

struct StudyOptions {
  OutlierRule outliers = OutlierRule::median_iqr;
  std::size_t levels = 0;  // 0: the measured levels only; more: expand_levels to this many
  Spacing spacing = Spacing::arithmetic;
  // Band levels (calibration.hpp) instead of targets alone, a house style learned from the labelled
  // levels (docs/calibration.md, "Band levels"): the levels are taken easiest first in input order;
  // band_cuts splits them; the lowest band starts at its lowest kept rating, the highest ends at its
  // highest; a level's target becomes its median (the band's midpoint when the median is outside its
  // band or on a cut). Each level also gets the givens range of its puzzles (house_style.hpp's
  // givens_range), the calibration the grid size, and the symmetry the puzzles consistently share;
  // and its distribution (distribution.hpp): the histograms of the held-in puzzles' ratings and
  // givens, so that generate-book reproduces the archive's spread within the level. A level whose
  // held-in puzzles take fewer distinct ratings inside its band than kVarietyMinimumTechniques gets
  // "variety": false (the house does not vary it, so its books are not asked to).
  bool bands = false;
  // With bands on the "technique" metric: learn, per pair of neighbouring levels, whether a cut on
  // grade + w * hard steps (second_dimension.hpp) separates them better than the grade alone
  // (house_style.hpp learn_pair_cut, on the held-in puzzles), and keep it as the lower level's
  // `cut` only where it does. Levels next to a kept cut widen their bands to the grades the cut
  // gives them, and every level's distribution gets its hard steps. Where no cut is kept, the
  // levels are exactly those of the grade alone.
  bool second_dimension = true;
  // With bands on the "technique" metric: fit an ordinal logistic model of the levels over the
  // path's features (level_model.hpp) on the held-in puzzles, lambda by k-fold cross-validation,
  // and keep it as the calibration's `model` only where its cross-validated predictions beat the
  // bands' own (in-sample) labels of the same puzzles significantly (gains - losses >=
  // kCutSignificance * sqrt(gains + losses), as the cuts). Without it, the levels are the bands'.
  bool level_model = true;
  // With bands: hold out the last `validate` fraction of each input file (in file order: an archive's
  // later puzzles), learn from the rest, and report how the learned levels label the held-out part.
  std::optional<double> validate;
  int jobs = 1;
  std::string tool_version;  // recorded in the provenance
};

struct ExcludedPuzzle {
  std::string level;
  std::string source;
  int line = 0;
  int solutions = 0;  // 0, or 2 for "two or more"

  std::string reason() const;  // "no solution" or "not unique (2 or more solutions)"
};

// One measured level: its summary and the ratings behind it, for plots.
struct LevelOutcome {
  std::string name;
  LevelSummary summary;
  std::vector<double> kept_ratings;     // in input order
  std::vector<double> removed_ratings;  // in input order
  std::size_t excluded = 0;
  std::size_t capped = 0;  // ratings that are lower bounds (a run reached the cap)
};

// A simple rule the learned levels are compared with on the held-out part.
struct ValidationBaseline {
  // "bands": the learned bands (and cuts) without the model (only beside a kept model); "grade":
  // the cuts on the grade alone (only beside levels with cuts); "givens": best cuts on the givens
  // count; "majority": the commonest level
  std::string name;
  std::string rule;  // what was learned, e.g. "easy >= 36 > medium >= 28 > hard" or "hard"
  Confusion confusion;
};

struct StudyValidation {
  double fraction = 0.0;
  std::size_t held_out = 0;  // valid held-out puzzles, all in the confusion matrix
  Confusion levels;          // labels (rows) against the learned levels (columns), input order
  std::vector<ValidationBaseline> baselines;
};

// What StudyOptions::bands learned besides the bands themselves.
// What StudyOptions::second_dimension decided for one pair of neighbouring levels.
struct LevelPairCut {
  std::string lower, upper;  // the levels' names
  PairCut decision;
};

// What StudyOptions::level_model tried: the fit, and how it fared against the bands on the held-in
// puzzles with a solved path (the model's cross-validated predictions against the bands' labels).
struct ModelDecision {
  ModelFit fit;
  std::size_t points = 0;         // held-in puzzles with a solved path
  std::size_t bands_correct = 0;  // the bands (with any cuts), in sample
  std::size_t gains = 0, losses = 0;
  bool kept = false;
  double seconds = 0.0;           // the fitting's time, cross-validation included
};

struct HouseStyle {
  // Per pair of neighbouring levels, easiest first (empty unless second_dimension was tried).
  std::vector<LevelPairCut> cuts;
  std::size_t held_in = 0;    // valid puzzles learned from
  std::size_t agreement = 0;  // of them, rated inside their own level's band
  std::optional<SymmetryCensus> symmetry;  // absent when the puzzles are of several sizes
  std::optional<ModelDecision> model;      // with StudyOptions::level_model on the technique metric
  std::optional<StudyValidation> validation;
};

struct StudyResult {
  // Metric, runs, options, levels (measured, then expanded when asked), provenance: the file the
  // rating engine reads.
  Calibration calibration;
  std::vector<LevelOutcome> levels;      // the measured levels, in input order
  std::vector<ExcludedPuzzle> excluded;  // in input order
  std::vector<std::string> warnings;     // targets that do not increase, capped ratings
  std::optional<HouseStyle> house;       // with StudyOptions::bands
};

// Called on the calling thread with the puzzles checked and rated so far.
using StudyProgress = std::function<void(std::size_t done, std::size_t total)>;

// Checks every puzzle for a unique solution, rates the valid ones on options.jobs threads and
// builds the calibration. Throws InputError when a level has no valid puzzle or the expansion fails.
StudyResult run_calibration_study(const StudyInput& input, const RatingMetric& metric,
                                  const StudyOptions& options, const StudyProgress& progress = {});

// ---- Presenting the result ----

// The house style a band study learned, as `calibrate` prints it after the table: per level its band,
// givens range and held-in agreement; the symmetry census; with validation, the confusion matrix of
// the held-out part, the learned levels' accuracy and the baselines'. Empty without a house style.
//   std::cout << sudoku::format_house_style(result);
std::string format_house_style(const StudyResult& result);
// A model's features by the size of their standardised weight, largest first (ties: catalogue
// order): what carries the decision.
std::vector<ModelFeature> ranked_features(const LevelModel& model);

// A calibration shown beside the measured one: its levels in file order are matched to the measured
// levels in theirs (expanded levels have no partner).
struct StudyReference {
  std::string name;  // "paper" for the paper's Table I, else "reference": the summary's column heading
  Calibration calibration;
};
// "" gives none, "paper" the paper's Table I, anything else the calibration file of that name
// (IoError, InputError as read_calibration_file).
std::optional<StudyReference> read_study_reference(const std::string& compare);

// The Table I-style summary `calibrate` prints: a header line, then one line per level of the
// calibration (measured and expanded) with puzzles, excluded, kept, removed, min, Q1, median, Q3,
// max and target, "-" for what an expanded level lacks; with a reference, its target and our
// target / its target on measured levels. Columns are right-aligned, every line ends in '\n'.
//   const auto reference = sudoku::read_study_reference("paper");
//   std::cout << sudoku::format_study_summary(result, reference);
std::string format_study_summary(const StudyResult& result, const std::optional<StudyReference>& reference);

// What a reader of the study should know besides the table, one message per line (no newline):
// the first `excluded_shown` excluded puzzles as 'FILE:LINE: excluded from level "L": REASON', then
// "... and N more excluded puzzles (all listed in the calibration's provenance)" when there are
// more, then every warning as "warning: TEXT".
//   for (const auto& line : sudoku::study_diagnostics(result, 20))
//     std::cerr << "calibrate: " << line << "\n";
std::vector<std::string> study_diagnostics(const StudyResult& result, std::size_t excluded_shown);

}  // namespace sudoku
