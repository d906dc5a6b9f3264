// SPDX-License-Identifier: Apache-2.0
// A learned model of a publisher's levels over the solving path: an ordinal logistic regression
// (cumulative logit, proportional odds) on features of the technique grader's path — the grade,
// the givens, the steps, rounds, steps per round, placements per round, candidates removed, and the
// steps of each technique — L2-regularised, its strength chosen by k-fold cross-validation. A
// newspaper's "hard" is often more work of the same kind, not a harder step; the bands of the grade
// cannot see that, the model can (docs/levels.md "A model of the levels", docs/calibration.md).
//
//   score   s = sum_j w_j (x_j - mean_j) / sd_j            (standardised weights: comparable)
//   P(level <= k) = 1 / (1 + exp(-(t_k - s)))               t_0 < t_1 < ... < t_(K-2)
//   P(level = k)  = P(level <= k) - P(level <= k-1)         the level: the most probable one
//
// Contract:
//   - path_feature_catalogue(): every feature a model may name, in a fixed order: the path's shape
//     (kShapeFeatures) then "steps:<technique id>" for every technique of the ladder. Names are
//     stable (they are written in level files); path_features() fills a vector in that order.
//   - path_features(puzzle, grade): the features of one graded path (grade from grade_techniques,
//     explained or not: only steps_by_technique, rounds, eliminations and the grade are read).
//     rounds 0 give steps-per-round and placements-per-round 0.
//   - fit_level_model: deterministic (same rows, same bytes; no randomness, no threads). Features
//     with fewer than kMinFeaturePuzzles (or a kMinFeatureShare share of) rows where they differ
//     from their commonest value are left out, as are constant ones. Each lambda of
//     ModelFitOptions::lambdas is judged by the mean log loss of its k-fold predictions (row i of n
//     in fold floor(i k / n): contiguous blocks of the archive's order, so an archive that
//     interleaves its levels one of each in turn still has every level in every fold, and each
//     block is predicted from the other periods); the lowest wins (ties: the larger lambda), and the model is
//     refitted on every row with it. The objective is mean negative log likelihood + lambda/2 |w|^2
//     (thresholds unpenalised), minimised by Newton's method with a backtracking line search that
//     keeps the thresholds increasing (the objective is convex; 2 levels: plain logistic regression).
//     std::invalid_argument for fewer than 2 levels, a level without rows, or rows of unequal length.
//   - LevelModel::score / probabilities / level: from a catalogue-ordered feature vector.
//   - model_to_json / parse_level_model: the "model" member of a level file, readable: per feature
//     its name, mean, sd and standardised weight; the thresholds; lambda. Parsing is strict (unknown
//     keys, unknown features, non-finite numbers, sd <= 0, thresholds not increasing, a level name
//     the calibration lacks: InputError at the JSON path).
//
//   const sudoku::ModelFit fit = sudoku::fit_level_model(rows, labels, {"easy", "medium", "hard"});
//   std::size_t level = fit.model.level(sudoku::path_features(puzzle, grade));   // 0, 1 or 2
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "sudoku/base/json_io.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

// The path's shape, before the per-technique counts in the catalogue.
inline constexpr std::array<std::string_view, 7> kShapeFeatures{
    "grade",                 // the technique grade (the hardest step)
    "givens",                // the given cells
    "steps",                 // steps of the path (each placement or pattern once)
    "rounds",                // rounds: steps found on one board and applied together
    "steps-per-round",       // steps / rounds
    "placements-per-round",  // open cells / rounds: how many placements were open at each step
    "eliminations",          // candidates the steps removed
};
inline constexpr std::string_view kTechniqueFeaturePrefix = "steps:";

const std::vector<std::string>& path_feature_catalogue();
// Index of `name` in the catalogue, or catalogue size when unknown.
std::size_t path_feature_index(std::string_view name);
std::vector<double> path_features(const Grid& puzzle, const TechniqueGrade& grade);

struct ModelFeature {
  std::string name;
  std::size_t index = 0;  // into the catalogue
  double mean = 0.0;
  double sd = 1.0;
  double weight = 0.0;    // on the standardised feature
};

// A generated puzzle is "of" a modelled level when the model gives that level the highest
// probability and at least this much (LevelModel::judge).
inline constexpr double kModelConfidence = 0.5;

// Where a puzzle stands against a level of the model: inside it (most probable, with at least
// kModelConfidence), or below or above it (the model's probability mass lies more on the easier or
// the harder side), `miss` = 1 - P(level) (0 inside).
struct ModelVerdict {
  bool inside = false;
  bool below = false;
  double miss = 0.0;
};

struct LevelModel {
  std::string kind = "ordinal-logit";
  std::vector<std::string> levels;      // easiest first
  std::vector<ModelFeature> features;
  std::vector<double> thresholds;       // one fewer than the levels, increasing
  double lambda = 0.0;

  double score(std::span<const double> catalogue_values) const;
  std::vector<double> probabilities(double score) const;
  std::size_t level(std::span<const double> catalogue_values) const;
  ModelVerdict judge(std::span<const double> catalogue_values, std::size_t level) const;
};

inline constexpr std::size_t kMinFeaturePuzzles = 5;
inline constexpr double kMinFeatureShare = 0.01;

struct ModelFitOptions {
  std::size_t folds = 5;
  std::vector<double> lambdas{0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0};
};

struct LambdaScore {
  double lambda = 0.0;
  double log_loss = 0.0;       // mean over the cross-validated predictions
  std::size_t correct = 0;     // cross-validated predictions of the right level
};

struct ModelFit {
  LevelModel model;
  std::vector<LambdaScore> lambdas;          // in ModelFitOptions order
  std::vector<std::size_t> cv_predictions;   // per row, at the chosen lambda (empty without CV)
  std::size_t cv_correct = 0;
  std::size_t newton_iterations = 0;         // of the final fit
};

// rows: catalogue-ordered feature vectors; labels: 0 = easiest. With fewer rows than 2 * folds
// the lambda is the middle of the list and there are no cross-validated predictions.
ModelFit fit_level_model(std::span<const std::vector<double>> rows, std::span<const std::size_t> labels,
                         std::span<const std::string> level_names, const ModelFitOptions& options = {});

// A score as level files' distributions keep it (to hundredths), for histograms and the audit.
double rounded_score(double score);

boost::json::object model_to_json(const LevelModel& model);
// `level_names`: the calibration's levels (every model level must be one of them).
LevelModel parse_level_model(const JsonField& field, std::span<const std::string> level_names);
// Throws InputError (source "calibration") when a model built in code breaks the contract.
void validate_level_model(const LevelModel& model, std::span<const std::string> level_names);

}  // namespace sudoku
