// SPDX-License-Identifier: Apache-2.0
// A publisher's house style, learned from its labelled archive: the cuts between its levels on a
// rating scale, the givens each level prints, the symmetry its grids use, and how well the learned
// levels tell a held-out part of the archive apart. The pieces `calibrate --bands` is made of
// (calibration_study.hpp); free of rating, so each is tested on crafted numbers.
//
// Contract:
//   - best_cuts: levels 0..k-1 are in order of difficulty; the k-1 cuts c0 < c1 < ... are placed
//     midway between neighbouring distinct values, every band holding at least one value, and
//     maximise the agreement (values of level i with c(i-1) < value < c(i)). Ties go to the cuts
//     with the smallest sum of distances to `preferred` (one point per cut, e.g. the midpoints of
//     neighbouring medians), then to lower cuts (the last cut first). Exhaustive (dynamic programming over every
//     choice of cuts, O(k·m) for m distinct values), so the answer is the best of all cut sets.
//     Throws std::invalid_argument when a level index is out of range or there are fewer distinct
//     values than levels.
//   - givens_range: the [p_low, p_high] quantiles (type 7, as calibration_study.hpp) of the counts,
//     each rounded to the nearest integer (halves up), so the range lies inside what was printed.
//   - symmetry_class: the strongest symmetry of a pattern of givens, in the order rotate90,
//     rotate180, mirror, diagonal, none (a quarter-turn pattern also has the half-turn one; a
//     pattern symmetric under several reflections counts as the first listed).
//   - house_symmetry: the symmetry a plan should default to — the first of rotate90, rotate180,
//     mirror, diagonal that at least kConsistentShare of the patterns have, else none when that
//     share has no symmetry, else nothing (the archive is not consistent).
//   - held_out_count: round(fraction · n) (halves up) of n puzzles held out, the last ones in file
//     order; fraction must lie in (0, 1) (std::invalid_argument).
//   - learn_pair_cut: whether two neighbouring levels, split at `top` on the grade (the lower
//     level's band ends there), are told apart better when the lower level also sends up the
//     puzzles whose grade + w · steps (the second dimension, second_dimension.hpp) reaches a cut
//     (LevelCut::crossed), from their held-in puzzles in archive order. The lower band may then
//     end higher, at any midpoint between neighbouring distinct grades of the points from `top`
//     up to `highest_top` (the steps, not the grade, may be what tells the two apart there).
//     Point i is in fold i mod kCutFolds; each fold is predicted with the cut (best_cuts, two
//     levels, on the points at or below the top) learned on the other folds, for every top and
//     every w of kCutWeights; the grade alone predicts "upper" above `top`. The (top, w) with the
//     most correct predictions wins (ties: the lower top, then the smaller w), and is kept only
//     when it beats the grade alone significantly on those predictions: gains − losses ≥
//     kCutSignificance · √(gains + losses) (McNemar's test, one-sided, about 2 %), gains being
//     the points it gets right and the grade alone wrong. A kept pair gets its cut from all
//     points. Nothing is kept from fewer than 2·kCutFolds points.
//
//   const auto cuts = sudoku::best_cuts(values, 3, preferred);   // values: {rating, level}
//   std::size_t level = sudoku::level_by_cuts(2.7, cuts.cuts);    // 0, 1 or 2
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/rate/calibration.hpp"

namespace sudoku {

struct LabelledValue {
  double value = 0.0;
  std::size_t level = 0;  // 0 = the easiest level
};

struct CutSet {
  std::vector<double> cuts;   // ascending, one fewer than the levels
  std::size_t agreement = 0;  // values that fall in their own level's band
};

CutSet best_cuts(std::span<const LabelledValue> values, std::size_t level_count,
                 std::span<const double> preferred);

// The level a value falls in: the number of cuts below it.
std::size_t level_by_cuts(double value, std::span<const double> cuts);

inline constexpr double kGivensLowQuantile = 0.025;
inline constexpr double kGivensHighQuantile = 0.975;
// Throws std::invalid_argument when `givens` is empty.
GivensRange givens_range(std::span<const int> givens, double low = kGivensLowQuantile,
                         double high = kGivensHighQuantile);

// The symmetry classes in the order symmetry_class tries them, and the share of an archive that
// must agree before its symmetry becomes a plan's default.
inline constexpr std::array<Symmetry, 5> kSymmetryClasses{Symmetry::rotate90, Symmetry::rotate180,
                                                          Symmetry::mirror, Symmetry::diagonal, Symmetry::none};
inline constexpr double kConsistentShare = 0.90;

Symmetry symmetry_class(const Grid& puzzle);

struct SymmetryCensus {
  std::size_t puzzles = 0;
  std::array<std::size_t, 5> classes{};  // puzzles per symmetry_class, in kSymmetryClasses order
  std::array<std::size_t, 5> having{};   // puzzles that have each symmetry (none: all)
  std::optional<Symmetry> consistent;    // house_symmetry's answer
};
SymmetryCensus symmetry_census(std::span<const Grid> puzzles);

std::size_t held_out_count(std::size_t puzzles, double fraction);

// A puzzle of one of two neighbouring levels: its grade, its second dimension, and whether it is
// of the upper level.
struct PairPoint {
  double grade = 0.0;
  double steps = 0.0;
  bool upper = false;
};

inline constexpr std::array<double, 6> kCutWeights{0.02, 0.05, 0.1, 0.2, 0.5, 1.0};
inline constexpr std::size_t kCutFolds = 5;
inline constexpr double kCutSignificance = 2.0;

struct PairCut {
  double weight = 0.0;            // the best w of the cross-validation (0: none beat the grade)
  bool kept = false;              // the cut separates the pair significantly better
  double below = 0.0;             // with kept: the upper level has grade + weight · steps >= below
  double top = 0.0;               // with kept: the lower level's band ends here
  std::size_t points = 0;         // held-in puzzles of the two levels
  std::size_t grade_correct = 0;  // the grade alone
  std::size_t cut_correct = 0;    // cross-validated, the best w
  std::size_t gains = 0, losses = 0;
};
PairCut learn_pair_cut(std::span<const PairPoint> points, double top, double highest_top);

// Counts[label][predicted] over the held-out puzzles, and its accuracy (0 when empty).
struct Confusion {
  std::vector<std::vector<std::size_t>> counts;

  explicit Confusion(std::size_t levels = 0) : counts(levels, std::vector<std::size_t>(levels, 0)) {}
  void add(std::size_t label, std::size_t predicted) { ++counts.at(label).at(predicted); }
  std::size_t total() const;
  std::size_t agreeing() const;
  double accuracy() const;
};

}  // namespace sudoku
