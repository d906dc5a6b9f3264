// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/house_style.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sudoku/corpus/calibration_study.hpp"

namespace sudoku {
namespace {

// Agreement first, then closeness to the preferred cuts; compared as a pair so that the dynamic
// programme below picks exactly what an exhaustive search would.
struct Score {
  bool reached = false;  // some cut set reaches this state
  long agreement = 0;    // may be negative in the running term below
  double distance = 0.0;

  bool better_than(const Score& other) const {
    if (reached != other.reached) return reached;
    if (agreement != other.agreement) return agreement > other.agreement;
    return distance < other.distance;
  }
};

}  // namespace

CutSet best_cuts(std::span<const LabelledValue> values, std::size_t level_count,
                 std::span<const double> preferred) {
  if (level_count == 0) throw std::invalid_argument("best_cuts: no levels");
  for (const LabelledValue& value : values)
    if (value.level >= level_count) throw std::invalid_argument("best_cuts: level index out of range");
  std::vector<double> distinct;
  for (const LabelledValue& value : values) distinct.push_back(value.value);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const std::size_t m = distinct.size();
  if (level_count == 1) return {{}, values.size()};
  if (m < level_count) throw std::invalid_argument("best_cuts: fewer distinct values than levels");
  const auto preferred_at = [&](std::size_t cut) { return cut < preferred.size() ? preferred[cut] : 0.0; };

  // prefix[l][j]: values of level l among distinct[0..j-1]. Cut position j (1..m-1) lies between
  // distinct[j-1] and distinct[j].
  std::vector<std::vector<long>> prefix(level_count, std::vector<long>(m + 1, 0));
  for (const LabelledValue& value : values) {
    const auto at = static_cast<std::size_t>(std::lower_bound(distinct.begin(), distinct.end(), value.value) -
                                             distinct.begin());
    ++prefix[value.level][at + 1];
  }
  for (auto& row : prefix)
    for (std::size_t j = 1; j <= m; ++j) row[j] += row[j - 1];
  const auto cut_value = [&](std::size_t j) { return (distinct[j - 1] + distinct[j]) / 2; };

  // best[k][j]: levels 0..k placed, cut k (0-based) at position j; from[k][j] the previous cut.
  const std::size_t cuts = level_count - 1;
  std::vector<std::vector<Score>> best(cuts, std::vector<Score>(m, Score{}));
  std::vector<std::vector<std::size_t>> from(cuts, std::vector<std::size_t>(m, 0));
  for (std::size_t j = 1; j < m; ++j)
    best[0][j] = {true, prefix[0][j], std::abs(cut_value(j) - preferred_at(0))};
  for (std::size_t k = 1; k < cuts; ++k) {
    // Running best of best[k-1][j'] minus level k's count below j', over j' < j.
    Score running;
    std::size_t running_at = 0;
    for (std::size_t j = 1; j < m; ++j) {
      const std::size_t previous = j - 1;
      if (previous >= 1 && best[k - 1][previous].reached) {
        const Score candidate{true, best[k - 1][previous].agreement - prefix[k][previous],
                              best[k - 1][previous].distance};
        if (candidate.better_than(running)) {
          running = candidate;
          running_at = previous;
        }
      }
      if (!running.reached) continue;
      best[k][j] = {true, running.agreement + prefix[k][j],
                    running.distance + std::abs(cut_value(j) - preferred_at(k))};
      from[k][j] = running_at;
    }
  }
  Score final_score;
  std::size_t last = 0;
  const std::size_t top = level_count - 1;
  for (std::size_t j = 1; j < m; ++j) {
    if (!best[cuts - 1][j].reached) continue;
    const Score candidate{true, best[cuts - 1][j].agreement + prefix[top][m] - prefix[top][j],
                          best[cuts - 1][j].distance};
    if (candidate.better_than(final_score)) {
      final_score = candidate;
      last = j;
    }
  }
  if (!final_score.reached) throw std::logic_error("best_cuts: no cut set");
  CutSet result;
  result.agreement = static_cast<std::size_t>(final_score.agreement);
  std::vector<std::size_t> positions(cuts);
  positions[cuts - 1] = last;
  for (std::size_t k = cuts - 1; k > 0; --k) positions[k - 1] = from[k][positions[k]];
  for (const std::size_t j : positions) result.cuts.push_back(cut_value(j));
  return result;
}

namespace {

// The best two-level cut on grade + weight · steps of the points at or below `top` (the others
// are of the upper level by their grade), or nothing when those hold one level or one score.
// Ties go to the cut nearest the midpoint of the two levels' median scores.
std::optional<double> pair_cut(std::span<const PairPoint> points, double weight, double top) {
  std::vector<LabelledValue> values;
  std::vector<std::vector<double>> scores(2);
  for (const PairPoint& point : points) {
    if (point.grade > top) continue;
    const double score = point.grade + weight * point.steps;
    values.push_back({score, point.upper ? 1U : 0U});
    scores[point.upper ? 1 : 0].push_back(score);
  }
  if (scores[0].empty() || scores[1].empty()) return std::nullopt;
  const double preferred = (quartiles(scores[0]).median + quartiles(scores[1]).median) / 2;
  try {
    return best_cuts(values, 2, std::span<const double>(&preferred, 1)).cuts.front();
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

bool predicted_upper(const PairPoint& point, double weight, double top, std::optional<double> cut) {
  return point.grade > top || (cut && point.grade + weight * point.steps >= *cut);
}

// Cross-validated predictions (true: upper) of every point for one weight.
std::vector<bool> cross_validated(std::span<const PairPoint> points, double weight, double top) {
  std::vector<bool> predicted(points.size(), false);
  for (std::size_t fold = 0; fold < kCutFolds; ++fold) {
    std::vector<PairPoint> learn;
    for (std::size_t i = 0; i < points.size(); ++i)
      if (i % kCutFolds != fold) learn.push_back(points[i]);
    const std::optional<double> cut = pair_cut(learn, weight, top);
    for (std::size_t i = fold; i < points.size(); i += kCutFolds)
      predicted[i] = predicted_upper(points[i], weight, top, cut);
  }
  return predicted;
}

}  // namespace

PairCut learn_pair_cut(std::span<const PairPoint> points, double top, double highest_top) {
  PairCut result;
  result.points = points.size();
  result.top = top;
  const auto correct = [&](const std::vector<bool>& predicted) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < points.size(); ++i) count += predicted[i] == points[i].upper ? 1 : 0;
    return count;
  };
  std::vector<bool> grade(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) grade[i] = predicted_upper(points[i], 0, top, std::nullopt);
  result.grade_correct = correct(grade);
  result.cut_correct = result.grade_correct;
  if (points.size() < 2 * kCutFolds) return result;
  std::vector<double> tops{top};
  std::vector<double> grades;
  for (const PairPoint& point : points) grades.push_back(point.grade);
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  for (std::size_t i = 1; i < grades.size(); ++i)
    if (const double midpoint = (grades[i - 1] + grades[i]) / 2; midpoint > top && midpoint < highest_top)
      tops.push_back(midpoint);
  std::vector<bool> best = grade;
  for (const double candidate : tops)
    for (const double weight : kCutWeights) {
      std::vector<bool> predicted = cross_validated(points, weight, candidate);
      if (const std::size_t count = correct(predicted); count > result.cut_correct) {
        result.cut_correct = count;
        result.weight = weight;
        result.top = candidate;
        best = std::move(predicted);
      }
    }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (best[i] == grade[i]) continue;
    (best[i] == points[i].upper ? result.gains : result.losses) += 1;
  }
  const double gains = static_cast<double>(result.gains);
  const double losses = static_cast<double>(result.losses);
  if (result.weight > 0 && gains - losses >= kCutSignificance * std::sqrt(gains + losses)) {
    if (const std::optional<double> cut = pair_cut(points, result.weight, result.top)) {
      result.kept = true;
      result.below = *cut;
    }
  }
  if (!result.kept) result.top = top;
  return result;
}

std::size_t level_by_cuts(double value, std::span<const double> cuts) {
  return static_cast<std::size_t>(std::lower_bound(cuts.begin(), cuts.end(), value) - cuts.begin());
}

GivensRange givens_range(std::span<const int> givens, double low, double high) {
  if (givens.empty()) throw std::invalid_argument("givens_range of no puzzles");
  std::vector<double> sorted(givens.begin(), givens.end());
  std::sort(sorted.begin(), sorted.end());
  const auto rounded = [](double value) { return static_cast<int>(std::floor(value + 0.5)); };
  return {rounded(quantile_of_sorted(sorted, low)), rounded(quantile_of_sorted(sorted, high))};
}

Symmetry symmetry_class(const Grid& puzzle) {
  for (const Symmetry symmetry : kSymmetryClasses)
    if (symmetry == Symmetry::none || has_symmetry(puzzle, symmetry)) return symmetry;
  return Symmetry::none;
}

SymmetryCensus symmetry_census(std::span<const Grid> puzzles) {
  SymmetryCensus census;
  census.puzzles = puzzles.size();
  for (const Grid& puzzle : puzzles) {
    const Symmetry strongest = symmetry_class(puzzle);
    for (std::size_t i = 0; i < kSymmetryClasses.size(); ++i) {
      if (kSymmetryClasses[i] == strongest) ++census.classes[i];
      if (kSymmetryClasses[i] == Symmetry::none || has_symmetry(puzzle, kSymmetryClasses[i])) ++census.having[i];
    }
  }
  if (census.puzzles == 0) return census;
  const auto consistent = [&](std::size_t count) {
    return static_cast<double>(count) >= kConsistentShare * static_cast<double>(census.puzzles);
  };
  for (std::size_t i = 0; i + 1 < kSymmetryClasses.size(); ++i)
    if (consistent(census.having[i])) {
      census.consistent = kSymmetryClasses[i];
      return census;
    }
  if (consistent(census.classes.back())) census.consistent = Symmetry::none;
  return census;
}

std::size_t held_out_count(std::size_t puzzles, double fraction) {
  if (!(fraction > 0.0 && fraction < 1.0)) throw std::invalid_argument("held-out fraction outside (0, 1)");
  return static_cast<std::size_t>(std::floor(fraction * static_cast<double>(puzzles) + 0.5));
}

std::size_t Confusion::total() const {
  std::size_t sum = 0;
  for (const auto& row : counts)
    for (const std::size_t count : row) sum += count;
  return sum;
}

std::size_t Confusion::agreeing() const {
  std::size_t sum = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) sum += counts[i][i];
  return sum;
}

double Confusion::accuracy() const {
  const std::size_t all = total();
  return all == 0 ? 0.0 : static_cast<double>(agreeing()) / static_cast<double>(all);
}

}  // namespace sudoku
