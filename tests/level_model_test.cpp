// SPDX-License-Identifier: Apache-2.0
// The level model (sudoku/rate/level_model.hpp): the fit recovers a known ordinal model, finds the
// hidden rules of synthetic archives labelled by step counts of real solving paths, is
// deterministic, and its level-file form reads back exactly and rejects bad input at its JSON path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <span>
#include <numeric>
#include <string>
#include <vector>

#include "sudoku/base/json_io.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/rate/audit.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/level_model.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::corpus_path;
using testing::input_error_of;
using testing::load_corpus;
using testing::test_data;

std::size_t column(std::string_view name) {
  const std::size_t index = path_feature_index(name);
  EXPECT_LT(index, path_feature_catalogue().size()) << name;
  return index;
}

double gaussian(Rng& rng) {
  const double u = std::max(rng.unit(), 1e-12), v = rng.unit();
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * 3.14159265358979323846 * v);
}

TEST(LevelModel, CatalogueNamesTheShapeThenEveryTechnique) {
  const auto& catalogue = path_feature_catalogue();
  ASSERT_EQ(catalogue.size(), kShapeFeatures.size() + static_cast<std::size_t>(kTechniqueCount));
  EXPECT_EQ(catalogue[0], "grade");
  EXPECT_EQ(catalogue[kShapeFeatures.size()], "steps:full-house");
  EXPECT_EQ(path_feature_index("steps:pointing"), kShapeFeatures.size() + static_cast<std::size_t>(Technique::pointing));
  EXPECT_EQ(path_feature_index("no-such-feature"), catalogue.size());
}

TEST(LevelModel, FeaturesOfAPathAddUp) {
  const Grid puzzle = load_corpus(test_data("calibrate/steps.txt"), 1).front();
  TechniqueOptions options;
  options.order = ChainOrder::invariant;
  options.uniqueness = false;
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  ASSERT_TRUE(grade.solved());
  const std::vector<double> values = path_features(puzzle, grade);
  EXPECT_EQ(values[column("grade")], grade.grade);
  EXPECT_EQ(values[column("givens")], puzzle.givens());
  double by_technique = 0;
  for (int t = 0; t < kTechniqueCount; ++t) by_technique += values[kShapeFeatures.size() + static_cast<std::size_t>(t)];
  EXPECT_EQ(by_technique, values[column("steps")]);
  EXPECT_GT(values[column("rounds")], 0);
  EXPECT_DOUBLE_EQ(values[column("placements-per-round")], (81.0 - puzzle.givens()) / values[column("rounds")]);
  // The same counts with the step list kept.
  options.explain = true;
  const TechniqueGrade explained = grade_techniques(puzzle, options);
  EXPECT_EQ(explained.rounds, grade.rounds);
  EXPECT_EQ(explained.eliminations, grade.eliminations);
  EXPECT_EQ(explained.rounds, explained.steps.back().round + 1);
}

// Labels drawn from a known three-level ordinal model over two features: the fit finds its
// weights and thresholds (on the standardised scale) within sampling error.
TEST(LevelModel, RecoversAKnownOrdinalModel) {
  Rng rng(49);
  const std::size_t width = path_feature_catalogue().size();
  const std::size_t a = column("steps:pointing"), b = column("givens");
  std::vector<std::vector<double>> rows;
  std::vector<std::size_t> labels;
  const double wa = 1.5, wb = -0.8, t0 = -1.0, t1 = 1.2;
  for (int i = 0; i < 4000; ++i) {
    std::vector<double> row(width, 0.0);
    row[a] = gaussian(rng);
    row[b] = gaussian(rng);
    const double score = wa * row[a] + wb * row[b];
    const double u = rng.unit();
    const double p0 = 1 / (1 + std::exp(score - t0)), p1 = 1 / (1 + std::exp(score - t1));
    labels.push_back(u < p0 ? 0 : u < p1 ? 1 : 2);
    rows.push_back(std::move(row));
  }
  const std::vector<std::string> names{"easy", "medium", "hard"};
  ModelFitOptions options;
  options.lambdas = {1e-6};
  const ModelFit fit = fit_level_model(rows, labels, names, options);
  ASSERT_EQ(fit.model.features.size(), 2u);
  for (const ModelFeature& feature : fit.model.features) {
    // Weights are per standard deviation: the truth times the sample's sd (about 1).
    const double truth = (feature.name == "givens" ? wb : wa) * feature.sd;
    EXPECT_NEAR(feature.weight, truth, 0.12) << feature.name;
  }
  // Thresholds against the unstandardised score: t - sum w mean / sd.
  double shift = 0;
  for (const ModelFeature& feature : fit.model.features) shift += feature.weight * feature.mean / feature.sd;
  ASSERT_EQ(fit.model.thresholds.size(), 2u);
  EXPECT_NEAR(fit.model.thresholds[0] + shift, t0, 0.12);
  EXPECT_NEAR(fit.model.thresholds[1] + shift, t1, 0.12);
  EXPECT_LT(fit.newton_iterations, 30u);
  // Deterministic: the same rows give the same model, bit for bit.
  const ModelFit again = fit_level_model(rows, labels, names, options);
  EXPECT_EQ(pretty_json(model_to_json(again.model)), pretty_json(model_to_json(fit.model)));
}

TEST(LevelModel, StrongerRegularisationShrinksTheWeights) {
  Rng rng(7);
  const std::size_t width = path_feature_catalogue().size(), a = column("steps");
  std::vector<std::vector<double>> rows;
  std::vector<std::size_t> labels;
  for (int i = 0; i < 300; ++i) {
    std::vector<double> row(width, 0.0);
    row[a] = gaussian(rng);
    labels.push_back(row[a] + 0.3 * gaussian(rng) > 0 ? 1 : 0);
    rows.push_back(std::move(row));
  }
  const std::vector<std::string> names{"medium", "hard"};
  double previous = std::numeric_limits<double>::infinity();
  for (const double lambda : {0.001, 0.01, 0.1, 1.0}) {
    ModelFitOptions options;
    options.lambdas = {lambda};
    const double weight = fit_level_model(rows, labels, names, options).model.features.at(0).weight;
    EXPECT_GT(weight, 0);
    EXPECT_LT(weight, previous) << lambda;
    previous = weight;
  }
}

// Synthetic archives on real solving paths: public puzzles (the synthetic steps archive and the
// easier half of se-rated), labelled by hidden rules over their step counts. The model, learned on
// the first 70 % (lambda by cross-validation), must label the last 30 % by the rule.
class HiddenRules : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::vector<Grid> pool = load_corpus(test_data("calibrate/steps.txt"));
    const std::vector<Grid> rated = load_corpus(corpus_path("se-rated.txt"), 3000);
    for (std::size_t i = 0; i < rated.size(); i += 4) pool.push_back(rated[i]);
    Rng rng(2049);
    rng.shuffle(pool.begin(), pool.end());
    TechniqueOptions options;
    options.order = ChainOrder::invariant;
    options.uniqueness = false;
    rows_ = new std::vector<std::vector<double>>();
    for (const Grid& puzzle : pool) {
      const TechniqueGrade grade = grade_techniques(puzzle, options);
      if (grade.solved()) rows_->push_back(path_features(puzzle, grade));
    }
  }
  static void TearDownTestSuite() {
    delete rows_;
    rows_ = nullptr;
  }

  struct Outcome {
    double accuracy = 0;
    std::string strongest;  // the feature with the largest standardised weight
    std::size_t held_out = 0;
  };
  static Outcome learn(const std::function<std::size_t(const std::vector<double>&)>& rule,
                       const std::vector<std::string>& names) {
    std::vector<std::size_t> labels;
    for (const auto& row : *rows_) labels.push_back(rule(row));
    const std::size_t held_in = rows_->size() * 7 / 10;
    const std::span<const std::vector<double>> rows(*rows_);
    const ModelFit fit = fit_level_model(rows.first(held_in), std::span(labels).first(held_in), names);
    Outcome outcome;
    for (std::size_t i = held_in; i < rows_->size(); ++i) {
      outcome.accuracy += fit.model.level((*rows_)[i]) == labels[i] ? 1 : 0;
      ++outcome.held_out;
    }
    outcome.accuracy /= static_cast<double>(outcome.held_out);
    outcome.strongest = ranked(fit.model).front().name;
    return outcome;
  }
  static std::vector<ModelFeature> ranked(const LevelModel& model) {
    std::vector<ModelFeature> features = model.features;
    std::stable_sort(features.begin(), features.end(),
                     [](const ModelFeature& x, const ModelFeature& y) { return std::abs(x.weight) > std::abs(y.weight); });
    return features;
  }
  static double median_of(std::size_t index) {
    std::vector<double> values;
    for (const auto& row : *rows_) values.push_back(row[index]);
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  }

  static std::vector<std::vector<double>>* rows_;
};
std::vector<std::vector<double>>* HiddenRules::rows_ = nullptr;

TEST_F(HiddenRules, HardWhenManyHiddenSinglesInLines) {
  ASSERT_GT(rows_->size(), 800u);
  const std::size_t lines = column("steps:hidden-single-line");
  const double k = median_of(lines);
  const Outcome outcome = learn([&](const auto& row) { return row[lines] > k ? 1u : 0u; }, {"medium", "hard"});
  EXPECT_GE(outcome.accuracy, 0.95) << outcome.held_out << " held out";
  std::printf("hidden singles in lines > %g: %.1f %% of %zu held out\n", k, 100 * outcome.accuracy, outcome.held_out);
  EXPECT_EQ(outcome.strongest, "steps:hidden-single-line");
}

TEST_F(HiddenRules, HardWhenPointingAndClaimingAtLeastThree) {
  const std::size_t pointing = column("steps:pointing"), claiming = column("steps:claiming");
  const Outcome outcome =
      learn([&](const auto& row) { return row[pointing] + row[claiming] >= 3 ? 1u : 0u; }, {"medium", "hard"});
  EXPECT_GE(outcome.accuracy, 0.90) << outcome.held_out << " held out";
  std::printf("pointing + claiming >= 3: %.1f %%\n", 100 * outcome.accuracy);
  EXPECT_TRUE(outcome.strongest == "steps:pointing" || outcome.strongest == "steps:claiming") << outcome.strongest;
}

TEST_F(HiddenRules, ThreeLevelsByALinearScore) {
  const std::size_t lines = column("steps:hidden-single-line"), pointing = column("steps:pointing"),
                    givens = column("givens");
  const auto score = [&](const std::vector<double>& row) {
    return 0.1 * row[lines] + 0.5 * row[pointing] - 0.25 * row[givens];
  };
  std::vector<double> scores;
  for (const auto& row : *rows_) scores.push_back(score(row));
  std::sort(scores.begin(), scores.end());
  const double low = scores[scores.size() / 3], high = scores[2 * scores.size() / 3];
  const Outcome outcome = learn(
      [&](const auto& row) {
        const double s = score(row);
        return s < low ? 0u : s < high ? 1u : 2u;
      },
      {"easy", "medium", "hard"});
  EXPECT_GE(outcome.accuracy, 0.90) << outcome.held_out << " held out";
  std::printf("linear score, three levels: %.1f %%\n", 100 * outcome.accuracy);
}

TEST_F(HiddenRules, HardByTheGradeOrByManyStepsBeyondSingles) {
  // The newspaper's kind of hard: a harder step, or more work of the pointing kind.
  const std::size_t grade = column("grade"), pointing = column("steps:pointing"), claiming = column("steps:claiming");
  const Outcome outcome = learn(
      [&](const auto& row) { return row[grade] >= 3.6 || row[pointing] + row[claiming] >= 4 ? 1u : 0u; },
      {"medium", "hard"});
  EXPECT_GE(outcome.accuracy, 0.85) << outcome.held_out << " held out";
  std::printf("grade >= 3.6 or pointing + claiming >= 4: %.1f %%\n", 100 * outcome.accuracy);
}

// ---- The level file's form ----

Calibration modelled_calibration() {
  Calibration calibration = press_calibration();
  calibration.metric = "technique";
  calibration.runs = 1;
  calibration.options.clear();  // not recorded, so that the metric can be changed below
  LevelModel model;
  model.levels = {"easy", "medium", "hard"};
  model.features = {{"steps:pointing", column("steps:pointing"), 1.25, 1.5, 0.9},
                    {"givens", column("givens"), 27.5, 2.0, -0.4}};
  model.thresholds = {-1.5, 2.25};
  model.lambda = 0.01;
  calibration.model = model;
  return calibration;
}

TEST(LevelModelFile, WritesReadablyAndReadsBackExactly) {
  const Calibration calibration = modelled_calibration();
  const std::string text = pretty_json(calibration_to_json(calibration));
  EXPECT_NE(text.find("\"name\": \"steps:pointing\""), std::string::npos);
  EXPECT_NE(text.find("\"weight\": 0.9"), std::string::npos) << text;
  const Calibration read = parse_calibration(parse_json(text, "levels.json"));
  ASSERT_TRUE(read.model);
  EXPECT_EQ(pretty_json(calibration_to_json(read)), text);
  EXPECT_EQ(read.model->features[1].index, column("givens"));
}

TEST(LevelModelFile, ModelLookupPicksTheMostProbableLevel) {
  const Calibration calibration = modelled_calibration();
  std::vector<double> features(path_feature_catalogue().size(), 0.0);
  features[column("givens")] = 27.5;
  features[column("steps:pointing")] = 1.25;  // score 0: between the thresholds
  EXPECT_EQ(calibration.levels[model_level_index(calibration, features)].name, "medium");
  features[column("steps:pointing")] = 8;  // score 4.05
  EXPECT_EQ(calibration.levels[model_level_index(calibration, features)].name, "hard");
  features[column("steps:pointing")] = 0;
  features[column("givens")] = 36;  // score -0.75 - 1.7
  EXPECT_EQ(calibration.levels[model_level_index(calibration, features)].name, "easy");
  const auto p = calibration.model->probabilities(0.3);
  EXPECT_NEAR(std::accumulate(p.begin(), p.end(), 0.0), 1.0, 1e-12);
}

// A level the model decides is climbed to and audited in its archive's range of grades (the
// 2.5-97.5 % quantiles), with no cuts: the model, not the band and cuts, says who is in it.
TEST(LevelModelFile, ModelReachIsTheBandWidenedToTheArchivesGrades) {
  Calibration calibration = modelled_calibration();
  CalibrationLevel& medium = calibration.levels[1];
  ASSERT_EQ(medium.name, "medium");
  std::vector<double> grades(40, 3.0);
  grades[0] = 2.0;    // one in 40: the 2.5 % quantile
  grades[1] = 2.2;
  grades[38] = 7.9;
  grades[39] = 9.4;   // beyond the 97.5 % quantile: a stray label
  medium.distribution = LevelDistribution{};
  medium.distribution->grade = histogram_of(std::span<const double>(grades));
  medium.cut = LevelCut{"hard-steps", 1.0, 9.7};
  EXPECT_EQ(model_reach(calibration, 1), (RatingBand{2.0, 7.9}));
  EXPECT_EQ(model_reach(calibration, 0), calibration.levels[0].band);  // no distribution: the band
  EXPECT_FALSE(model_reach(calibration, 3));                           // evil: not a level of the model
  const AuditGroup group = audit_group("medium", "medium", calibration, 9);
  EXPECT_EQ(group.band, (RatingBand{2.0, 7.9}));
  EXPECT_FALSE(group.cut);
  EXPECT_FALSE(audit_group("hard", "hard", calibration, 9).cut_below);
  calibration.model.reset();
  EXPECT_FALSE(model_reach(calibration, 1));
  EXPECT_EQ(audit_group("medium", "medium", calibration, 9).band, medium.band);
  EXPECT_TRUE(audit_group("hard", "hard", calibration, 9).cut_below);
}

std::string error_for(const std::string& from, const std::string& to) {
  std::string text = pretty_json(calibration_to_json(modelled_calibration()));
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  return input_error_of([&] { parse_calibration(parse_json(text, "levels.json")); });
}

TEST(LevelModelFile, BadInputNamesItsJsonPath) {
  EXPECT_EQ(error_for("\"kind\": \"ordinal-logit\"", "\"kind\": \"probit\""),
            "levels.json: $.model.kind: unknown model kind \"probit\" (known: ordinal-logit)");
  EXPECT_EQ(error_for("\"name\": \"steps:pointing\"", "\"name\": \"steps:pointng\""),
            "levels.json: $.model.features[0].name: unknown feature \"steps:pointng\" (known: grade, givens, steps, "
            "rounds, steps-per-round, placements-per-round, eliminations, steps:<technique id>)");
  EXPECT_EQ(error_for("\"sd\": 1.5", "\"sd\": 0"),
            "levels.json: $.model.features[0].sd: expected a positive standard deviation");
  EXPECT_EQ(error_for("\"thresholds\": [-1.5, 2.25]", "\"thresholds\": [3, 2]"),
            "levels.json: $.model.thresholds[1]: thresholds must increase");
  EXPECT_EQ(error_for("\"thresholds\": [-1.5, 2.25]", "\"thresholds\": [3]"),
            "levels.json: $.model.thresholds: expected 2 thresholds, one fewer than the model's levels");
  EXPECT_EQ(error_for("\"medium\", \"hard\"]", "\"medium\", \"harder\"]"),
            "levels.json: $.model.levels[2]: \"harder\" is not a level of this calibration");
  EXPECT_EQ(error_for("\"lambda\": 0.01", "\"lambda\": -1"), "levels.json: $.model.lambda: expected a finite number >= 0");
  EXPECT_EQ(error_for("\"weight\": 0.9", "\"weight\": 9E-1, \"wieght\": 1"),
            "levels.json: $.model.features[0]: unknown key \"wieght\" (expected one of: name, mean, sd, weight)");
  EXPECT_EQ(error_for("\"metric\": \"technique\"", "\"metric\": \"call-count\""),
            "levels.json: $.model: a level model reads the technique grader's path: the metric must be \"technique\"");
}

}  // namespace
}  // namespace sudoku
