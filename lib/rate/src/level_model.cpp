// SPDX-License-Identifier: Apache-2.0
// The ordinal logistic model of a house's levels (level_model.hpp): features, fitting by Newton's
// method, cross-validation and the readable JSON form.
//
// Why a fitter of our own and not liblinear or Eigen (docs/calibration.md "The level model"): the
// model is ordinal (one score, increasing thresholds), which liblinear does not fit (its
// multinomial is one-vs-rest or Crammer-Singer, neither a probability model of ordered levels);
// the problem has a few dozen parameters, so Newton's method with an exact Hessian and a Cholesky
// solve converges in about ten steps and is deterministic to the byte; and it adds no dependency
// to a wing every tool links.
#include "sudoku/rate/level_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include <boost/json.hpp>

#include "sudoku/base/errors.hpp"

namespace sudoku {
namespace {

double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

double log_sigmoid(double x) {
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

// One row's log likelihood and, when asked, its derivatives with respect to the upper argument a
// = t_k - s and the lower b = t_(k-1) - s (ra = d log p / da, rb = -d log p / db, and the second
// derivatives), for level k of K. Stable for far-apart and near arguments alike:
// sigma(a) - sigma(b) = sigma(a) sigma(-b) (1 - exp(b - a)).
struct RowTerms {
  double log_p = 0.0;
  double ra = 0.0, rb = 0.0;
  double haa = 0.0, hbb = 0.0, hab = 0.0;
};

RowTerms row_terms(double score, std::size_t k, std::span<const double> thresholds) {
  RowTerms terms;
  const std::size_t last = thresholds.size();  // K - 1
  const bool has_upper = k < last, has_lower = k > 0;
  const double a = has_upper ? thresholds[k] - score : 0.0;
  const double b = has_lower ? thresholds[k - 1] - score : 0.0;
  if (has_upper && has_lower) {
    const double gap = -std::expm1(b - a);  // 1 - exp(b - a), in (0, 1]
    terms.log_p = log_sigmoid(a) + log_sigmoid(-b) + std::log(gap);
    terms.ra = sigmoid(-a) / (sigmoid(-b) * gap);
    terms.rb = sigmoid(b) / (sigmoid(a) * gap);
  } else if (has_upper) {
    terms.log_p = log_sigmoid(a);
    terms.ra = sigmoid(-a);
  } else if (has_lower) {
    terms.log_p = log_sigmoid(-b);
    terms.rb = sigmoid(b);
  }
  if (has_upper) terms.haa = terms.ra * (1 - 2 * sigmoid(a)) - terms.ra * terms.ra;
  if (has_lower) terms.hbb = -terms.rb * (1 - 2 * sigmoid(b)) - terms.rb * terms.rb;
  terms.hab = terms.ra * terms.rb;
  return terms;
}

// The standardised rows of a fit: z[i * d + j].
struct Design {
  std::size_t n = 0, d = 0, levels = 0;
  std::vector<double> z;
  std::vector<std::size_t> y;
};

double dot(const double* a, const double* b, std::size_t d) {
  double sum = 0;
  for (std::size_t j = 0; j < d; ++j) sum += a[j] * b[j];
  return sum;
}

bool increasing(std::span<const double> thresholds) {
  for (std::size_t k = 1; k < thresholds.size(); ++k)
    if (!(thresholds[k] > thresholds[k - 1])) return false;
  return true;
}

// Parameters: d weights, then K - 1 thresholds.
double objective(const Design& design, std::span<const std::size_t> rows, std::span<const double> p,
                 double lambda) {
  const std::span<const double> thresholds = p.subspan(design.d);
  if (!increasing(thresholds)) return std::numeric_limits<double>::infinity();
  double loss = 0;
  for (const std::size_t i : rows)
    loss -= row_terms(dot(&design.z[i * design.d], p.data(), design.d), design.y[i], thresholds).log_p;
  double penalty = 0;
  for (std::size_t j = 0; j < design.d; ++j) penalty += p[j] * p[j];
  return loss / static_cast<double>(rows.size()) + lambda / 2 * penalty;
}

// Solves H x = g in place (H symmetric positive definite, row-major m x m) by Cholesky; false when
// H is not positive definite.
bool cholesky_solve(std::vector<double> h, std::vector<double>& g, std::size_t m) {
  for (std::size_t j = 0; j < m; ++j) {
    double diagonal = h[j * m + j];
    for (std::size_t k = 0; k < j; ++k) diagonal -= h[j * m + k] * h[j * m + k];
    if (!(diagonal > 0)) return false;
    const double root = std::sqrt(diagonal);
    h[j * m + j] = root;
    for (std::size_t i = j + 1; i < m; ++i) {
      double value = h[i * m + j];
      for (std::size_t k = 0; k < j; ++k) value -= h[i * m + k] * h[j * m + k];
      h[i * m + j] = value / root;
    }
  }
  for (std::size_t i = 0; i < m; ++i) {
    double value = g[i];
    for (std::size_t k = 0; k < i; ++k) value -= h[i * m + k] * g[k];
    g[i] = value / h[i * m + i];
  }
  for (std::size_t i = m; i-- > 0;) {
    double value = g[i];
    for (std::size_t k = i + 1; k < m; ++k) value -= h[k * m + i] * g[k];
    g[i] = value / h[i * m + i];
  }
  return true;
}

// Minimises the objective over `rows` from `p` (updated in place); returns the Newton steps taken.
std::size_t newton(const Design& design, std::span<const std::size_t> rows, double lambda, std::vector<double>& p) {
  const std::size_t d = design.d, m = p.size();
  const double n = static_cast<double>(rows.size());
  constexpr std::size_t kMaxSteps = 100;
  double current = objective(design, rows, p, lambda);
  std::size_t step = 0;
  for (; step < kMaxSteps; ++step) {
    std::vector<double> gradient(m, 0.0), hessian(m * m, 0.0);
    const std::span<const double> thresholds(p.data() + d, m - d);
    for (const std::size_t i : rows) {
      const double* z = &design.z[i * d];
      const std::size_t k = design.y[i];
      const RowTerms t = row_terms(dot(z, p.data(), d), k, thresholds);
      // Minus the log likelihood's derivatives (the objective's), see the header's model.
      const double gw = t.ra - t.rb;  // d(-log p)/dw = (ra - rb) z
      const double hww = -(t.haa + t.hbb + 2 * t.hab);
      for (std::size_t a = 0; a < d; ++a) {
        gradient[a] += gw * z[a];
        for (std::size_t b = 0; b <= a; ++b) hessian[a * m + b] += hww * z[a] * z[b];
      }
      const std::size_t upper = d + k, lower = d + k - 1;
      if (k + 1 < design.levels) {
        gradient[upper] -= t.ra;
        hessian[upper * m + upper] -= t.haa;
        for (std::size_t a = 0; a < d; ++a) hessian[upper * m + a] += (t.haa + t.hab) * z[a];
      }
      if (k > 0) {
        gradient[lower] += t.rb;
        hessian[lower * m + lower] -= t.hbb;
        for (std::size_t a = 0; a < d; ++a) hessian[lower * m + a] += (t.hbb + t.hab) * z[a];
      }
      if (k > 0 && k + 1 < design.levels) hessian[upper * m + lower] -= t.hab;
    }
    for (std::size_t a = 0; a < m; ++a) {
      gradient[a] /= n;
      for (std::size_t b = 0; b <= a; ++b) hessian[a * m + b] /= n;
    }
    for (std::size_t a = 0; a < d; ++a) {
      gradient[a] += lambda * p[a];
      hessian[a * m + a] += lambda;
    }
    for (std::size_t a = 0; a < m; ++a)
      for (std::size_t b = a + 1; b < m; ++b) hessian[a * m + b] = hessian[b * m + a];
    std::vector<double> direction = gradient;
    for (double jitter = 1e-10; !cholesky_solve(hessian, direction, m); jitter *= 10) {
      if (jitter > 1) return step;
      for (std::size_t a = 0; a < m; ++a) hessian[a * m + a] += jitter;
      direction = gradient;
    }
    double slope = 0;
    for (std::size_t a = 0; a < m; ++a) slope -= gradient[a] * direction[a];
    if (-slope < 1e-12) break;  // the Newton decrement: converged
    double t = 1;
    std::vector<double> trial(m);
    bool moved = false;
    for (int halvings = 0; halvings < 60; ++halvings, t /= 2) {
      for (std::size_t a = 0; a < m; ++a) trial[a] = p[a] - t * direction[a];
      const double value = objective(design, rows, trial, lambda);
      if (value <= current + 1e-4 * t * slope) {
        p = trial;
        current = value;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  return step;
}

std::vector<double> initial_parameters(const Design& design, std::span<const std::size_t> rows) {
  std::vector<double> p(design.d + design.levels - 1, 0.0);
  std::vector<double> counts(design.levels, 0.0);
  for (const std::size_t i : rows) counts[design.y[i]] += 1;
  double below = 0;
  const double n = static_cast<double>(rows.size());
  for (std::size_t k = 0; k + 1 < design.levels; ++k) {
    below += counts[k];
    const double share = std::clamp(below / n, 1e-3, 1 - 1e-3);
    p[design.d + k] = std::log(share / (1 - share)) + 1e-6 * static_cast<double>(k);
  }
  return p;
}

std::size_t most_probable(std::span<const double> probabilities) {
  return static_cast<std::size_t>(std::max_element(probabilities.begin(), probabilities.end()) -
                                  probabilities.begin());
}

std::vector<double> level_probabilities(double score, std::span<const double> thresholds) {
  std::vector<double> result(thresholds.size() + 1);
  double below = 0;
  for (std::size_t k = 0; k < thresholds.size(); ++k) {
    const double cumulative = sigmoid(thresholds[k] - score);
    result[k] = std::max(0.0, cumulative - below);
    below = cumulative;
  }
  result.back() = std::max(0.0, 1 - below);
  return result;
}

[[noreturn]] void model_fail(const std::string& message) {
  throw InputError("calibration", 0, 0, "model: " + message);
}

}  // namespace

const std::vector<std::string>& path_feature_catalogue() {
  static const std::vector<std::string> catalogue = [] {
    std::vector<std::string> names(kShapeFeatures.begin(), kShapeFeatures.end());
    for (int t = 0; t < kTechniqueCount; ++t)
      names.push_back(std::string(kTechniqueFeaturePrefix) +
                      std::string(technique_id(static_cast<Technique>(t))));
    return names;
  }();
  return catalogue;
}

std::size_t path_feature_index(std::string_view name) {
  const auto& catalogue = path_feature_catalogue();
  return static_cast<std::size_t>(std::find(catalogue.begin(), catalogue.end(), name) - catalogue.begin());
}

std::vector<double> path_features(const Grid& puzzle, const TechniqueGrade& grade) {
  std::vector<double> values(path_feature_catalogue().size(), 0.0);
  const double rounds = grade.rounds;
  const double open = static_cast<double>(puzzle.size() * puzzle.size() - puzzle.givens());
  values[0] = grade.grade;
  values[1] = puzzle.givens();
  values[2] = grade.step_count;
  values[3] = rounds;
  values[4] = rounds > 0 ? grade.step_count / rounds : 0.0;
  values[5] = rounds > 0 ? open / rounds : 0.0;
  values[6] = grade.eliminations;
  for (std::size_t t = 0; t < grade.steps_by_technique.size(); ++t)
    values[kShapeFeatures.size() + t] = grade.steps_by_technique[t];
  return values;
}

double LevelModel::score(std::span<const double> values) const {
  double sum = 0;
  for (const ModelFeature& feature : features) sum += feature.weight * (values[feature.index] - feature.mean) / feature.sd;
  return sum;
}

std::vector<double> LevelModel::probabilities(double value) const {
  return level_probabilities(value, thresholds);
}

std::size_t LevelModel::level(std::span<const double> values) const {
  return most_probable(probabilities(score(values)));
}

ModelVerdict LevelModel::judge(std::span<const double> values, std::size_t wanted) const {
  const std::vector<double> p = probabilities(score(values));
  ModelVerdict verdict;
  verdict.inside = most_probable(p) == wanted && p[wanted] >= kModelConfidence;
  if (verdict.inside) return verdict;
  double lower = 0, higher = 0;
  for (std::size_t k = 0; k < p.size(); ++k) (k < wanted ? lower : higher) += k == wanted ? 0 : p[k];
  verdict.below = lower > higher;
  verdict.miss = 1 - p[wanted];
  return verdict;
}

ModelFit fit_level_model(std::span<const std::vector<double>> rows, std::span<const std::size_t> labels,
                         std::span<const std::string> level_names, const ModelFitOptions& options) {
  const std::size_t levels = level_names.size();
  if (levels < 2) throw std::invalid_argument("a level model needs at least two levels");
  if (rows.size() != labels.size()) throw std::invalid_argument("a level model needs one label per row");
  const std::size_t width = path_feature_catalogue().size();
  std::vector<std::size_t> per_level(levels, 0);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i].size() != width) throw std::invalid_argument("a feature row of the wrong length");
    if (labels[i] >= levels) throw std::invalid_argument("a label outside the levels");
    ++per_level[labels[i]];
  }
  for (std::size_t k = 0; k < levels; ++k)
    if (per_level[k] == 0) throw std::invalid_argument("level \"" + level_names[k] + "\" has no rows to learn from");
  if (options.lambdas.empty()) throw std::invalid_argument("no regularisation strength to try");

  // Features that vary on enough rows; standardised on every row (no labels are read).
  ModelFit fit;
  fit.model.levels.assign(level_names.begin(), level_names.end());
  const double n = static_cast<double>(rows.size());
  const std::size_t needed =
      std::max(kMinFeaturePuzzles, static_cast<std::size_t>(std::ceil(kMinFeatureShare * n)));
  for (std::size_t j = 0; j < width; ++j) {
    std::vector<double> column;
    for (const auto& row : rows) column.push_back(row[j]);
    std::vector<double> sorted = column;
    std::sort(sorted.begin(), sorted.end());
    std::size_t commonest = 0;
    for (std::size_t a = 0; a < sorted.size();) {
      std::size_t b = a;
      while (b < sorted.size() && sorted[b] == sorted[a]) ++b;
      commonest = std::max(commonest, b - a);
      a = b;
    }
    if (sorted.size() - commonest < needed) continue;
    const double mean = std::accumulate(column.begin(), column.end(), 0.0) / n;
    double variance = 0;
    for (const double value : column) variance += (value - mean) * (value - mean);
    const double sd = std::sqrt(variance / n);
    if (!(sd > 0)) continue;
    fit.model.features.push_back({path_feature_catalogue()[j], j, mean, sd, 0.0});
  }
  Design design;
  design.n = rows.size();
  design.d = fit.model.features.size();
  design.levels = levels;
  design.y.assign(labels.begin(), labels.end());
  design.z.resize(design.n * design.d);
  for (std::size_t i = 0; i < design.n; ++i)
    for (std::size_t j = 0; j < design.d; ++j) {
      const ModelFeature& feature = fit.model.features[j];
      design.z[i * design.d + j] = (rows[i][feature.index] - feature.mean) / feature.sd;
    }

  std::vector<std::size_t> all(design.n);
  std::iota(all.begin(), all.end(), std::size_t{0});
  std::size_t chosen = options.lambdas.size() / 2;
  const std::size_t folds = options.folds;
  if (folds >= 2 && design.n >= 2 * folds) {
    // Every lambda from the strongest down, each fold warm-started from the previous lambda's answer.
    std::vector<std::size_t> order(options.lambdas.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return options.lambdas[a] > options.lambdas[b]; });
    fit.lambdas.resize(options.lambdas.size());
    std::vector<std::vector<std::size_t>> predictions(options.lambdas.size(), std::vector<std::size_t>(design.n));
    std::vector<std::vector<std::size_t>> train(folds), test(folds);
    for (std::size_t i = 0; i < design.n; ++i)
      for (std::size_t f = 0; f < folds; ++f) (i * folds / design.n == f ? test[f] : train[f]).push_back(i);
    std::vector<std::vector<double>> start(folds);
    for (std::size_t f = 0; f < folds; ++f) start[f] = initial_parameters(design, train[f]);
    for (const std::size_t l : order) {
      LambdaScore& judged = fit.lambdas[l];
      judged.lambda = options.lambdas[l];
      for (std::size_t f = 0; f < folds; ++f) {
        newton(design, train[f], judged.lambda, start[f]);
        const std::span<const double> thresholds(start[f].data() + design.d, levels - 1);
        for (const std::size_t i : test[f]) {
          const double s = dot(&design.z[i * design.d], start[f].data(), design.d);
          const RowTerms t = row_terms(s, design.y[i], thresholds);
          judged.log_loss -= t.log_p;
          predictions[l][i] = most_probable(level_probabilities(s, thresholds));
          if (predictions[l][i] == design.y[i]) ++judged.correct;
        }
      }
      judged.log_loss /= n;
    }
    chosen = order.front();
    for (const std::size_t l : order)
      if (fit.lambdas[l].log_loss < fit.lambdas[chosen].log_loss) chosen = l;
    fit.cv_predictions = predictions[chosen];
    fit.cv_correct = fit.lambdas[chosen].correct;
  }
  fit.model.lambda = options.lambdas[chosen];
  std::vector<double> p = initial_parameters(design, all);
  fit.newton_iterations = newton(design, all, fit.model.lambda, p);
  for (std::size_t j = 0; j < design.d; ++j) fit.model.features[j].weight = p[j];
  fit.model.thresholds.assign(p.begin() + static_cast<std::ptrdiff_t>(design.d), p.end());
  return fit;
}

double rounded_score(double score) {
  return std::round(score * 100) / 100;
}

boost::json::object model_to_json(const LevelModel& model) {
  boost::json::array levels;
  for (const std::string& name : model.levels) levels.push_back(boost::json::string(name));
  boost::json::array features;
  for (const ModelFeature& feature : model.features)
    features.push_back(boost::json::object{
        {"name", feature.name}, {"mean", feature.mean}, {"sd", feature.sd}, {"weight", feature.weight}});
  boost::json::array thresholds;
  for (const double threshold : model.thresholds) thresholds.push_back(threshold);
  return boost::json::object{
      {"kind", model.kind},
      {"score", "sum of weight * (feature - mean) / sd; P(level <= k) = 1 / (1 + exp(score - thresholds[k]))"},
      {"levels", std::move(levels)},
      {"features", std::move(features)},
      {"thresholds", std::move(thresholds)},
      {"lambda", model.lambda}};
}

void validate_level_model(const LevelModel& model, std::span<const std::string> level_names) {
  if (model.kind != "ordinal-logit") model_fail("unknown kind \"" + model.kind + "\" (known: ordinal-logit)");
  if (model.levels.size() < 2) model_fail("a model needs at least two levels");
  for (std::size_t k = 0; k < model.levels.size(); ++k) {
    if (std::find(level_names.begin(), level_names.end(), model.levels[k]) == level_names.end())
      model_fail("level \"" + model.levels[k] + "\" is not a level of the calibration");
    for (std::size_t j = 0; j < k; ++j)
      if (model.levels[j] == model.levels[k]) model_fail("level \"" + model.levels[k] + "\" appears twice");
  }
  if (model.thresholds.size() + 1 != model.levels.size())
    model_fail("expected " + std::to_string(model.levels.size() - 1) + " thresholds, one fewer than the levels");
  for (const double threshold : model.thresholds)
    if (!std::isfinite(threshold)) model_fail("thresholds must be finite numbers");
  if (!increasing(model.thresholds)) model_fail("thresholds must increase");
  if (!(model.lambda >= 0) || !std::isfinite(model.lambda)) model_fail("lambda must be a finite number >= 0");
  for (const ModelFeature& feature : model.features) {
    if (feature.index >= path_feature_catalogue().size() || path_feature_catalogue()[feature.index] != feature.name)
      model_fail("unknown feature \"" + feature.name + "\"");
    if (!std::isfinite(feature.mean) || !std::isfinite(feature.weight) || !(feature.sd > 0) || !std::isfinite(feature.sd))
      model_fail("feature \"" + feature.name + "\": expected finite mean and weight and a positive sd");
  }
}

LevelModel parse_level_model(const JsonField& field, std::span<const std::string> level_names) {
  field.allow_only({"kind", "score", "levels", "features", "thresholds", "lambda"});
  LevelModel model;
  const JsonField kind = field.required("kind");
  model.kind = kind.as_string();
  if (model.kind != "ordinal-logit") kind.fail("unknown model kind \"" + model.kind + "\" (known: ordinal-logit)");
  if (const JsonField score = field["score"]; score.present()) score.as_string();  // a note for readers
  const JsonField levels = field.required("levels");
  const std::size_t count = levels.array_size();
  if (count < 2) levels.fail("a model needs at least two levels");
  for (std::size_t k = 0; k < count; ++k) {
    const JsonField level = levels.element(k);
    std::string name = level.as_string();
    if (std::find(level_names.begin(), level_names.end(), name) == level_names.end())
      level.fail("\"" + name + "\" is not a level of this calibration");
    if (std::find(model.levels.begin(), model.levels.end(), name) != model.levels.end())
      level.fail("level \"" + name + "\" appears twice");
    model.levels.push_back(std::move(name));
  }
  const JsonField features = field.required("features");
  for (std::size_t j = 0; j < features.array_size(); ++j) {
    const JsonField entry = features.element(j);
    entry.allow_only({"name", "mean", "sd", "weight"});
    ModelFeature feature;
    const JsonField name = entry.required("name");
    feature.name = name.as_string();
    feature.index = path_feature_index(feature.name);
    if (feature.index >= path_feature_catalogue().size())
      name.fail("unknown feature \"" + feature.name + "\" (known: grade, givens, steps, rounds, steps-per-round, "
                "placements-per-round, eliminations, steps:<technique id>)");
    for (const ModelFeature& other : model.features)
      if (other.name == feature.name) name.fail("feature \"" + feature.name + "\" appears twice");
    const auto finite = [&](std::string_view key) {
      const JsonField number = entry.required(key);
      const double value = number.as_number();
      if (!std::isfinite(value)) number.fail("expected a finite number");
      return value;
    };
    feature.mean = finite("mean");
    feature.sd = finite("sd");
    if (!(feature.sd > 0)) entry["sd"].fail("expected a positive standard deviation");
    feature.weight = finite("weight");
    model.features.push_back(std::move(feature));
  }
  const JsonField thresholds = field.required("thresholds");
  if (thresholds.array_size() + 1 != count)
    thresholds.fail("expected " + std::to_string(count - 1) + " thresholds, one fewer than the model's levels");
  for (std::size_t k = 0; k + 1 < count; ++k) {
    const JsonField threshold = thresholds.element(k);
    const double value = threshold.as_number();
    if (!std::isfinite(value)) threshold.fail("expected a finite number");
    if (k > 0 && !(value > model.thresholds.back())) threshold.fail("thresholds must increase");
    model.thresholds.push_back(value);
  }
  const JsonField lambda = field.required("lambda");
  model.lambda = lambda.as_number();
  if (!(model.lambda >= 0) || !std::isfinite(model.lambda)) lambda.fail("expected a finite number >= 0");
  return model;
}

}  // namespace sudoku
