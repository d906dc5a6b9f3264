// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/grade_scale.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "sudoku/technique/technique.hpp"

namespace sudoku {

std::vector<double> attainable_ratings(const RatingMetric& metric, double low, double high, bool cages,
                                       bool shows_values) {
  if (metric.name() != "technique") return {};
  // The metric reports its effective settings, defaults included (rating.hpp).
  const MetricSettings settings = metric.settings();
  const TechniqueOptions options = parse_technique_settings({{"max-technique", settings.at("max-technique")},
                                                             {"uniqueness", settings.at("uniqueness")}});
  const double beyond = std::stod(settings.at("beyond"));
  // A step scores its technique's base score, except from the first technique whose steps carry a
  // bonus (strong links: 4.0 + 0.1-0.3 for boxes and mixed links; then ALS wings, cycles and chains
  // with length bonuses): from there every tenth can come. A grade is its path's hardest step, in
  // tenths (grader.cpp).
  constexpr double kBonusesFrom = 4.0;
  std::vector<long> tenths;
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    if (technique > options.max_technique || (is_killer_technique(technique) && !cages)) continue;
    const bool uniqueness = technique == Technique::unique_rectangle || technique == Technique::unique_loop ||
                            technique == Technique::bug;
    if (uniqueness && (!options.uniqueness || cages)) continue;
    const double base = technique_base_score(technique);
    if (base < kBonusesFrom) tenths.push_back(std::lround(base * 10));
  }
  const long last = std::min(std::lround(beyond * 10), 1000L);
  for (long tenth = std::lround(kBonusesFrom * 10); tenth <= last; ++tenth) tenths.push_back(tenth);
  tenths.push_back(std::lround(beyond * 10));
  std::sort(tenths.begin(), tenths.end());
  tenths.erase(std::unique(tenths.begin(), tenths.end()), tenths.end());
  // A Killer that shows no value starts with a cage combination (grade_scale.hpp).
  if (cages && !shows_values) low = std::max(low, technique_base_score(Technique::cage_combination));
  std::vector<double> ratings;
  for (const long tenth : tenths) {
    const double rating = static_cast<double>(tenth) / 10;
    if (rating >= low - 1e-9 && rating <= high + 1e-9) ratings.push_back(rating);
  }
  return ratings;
}

}  // namespace sudoku
