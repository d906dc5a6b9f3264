// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/distribution.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace sudoku {

std::size_t Histogram::total() const {
  std::size_t sum = 0;
  for (const auto& bin : bins) sum += bin.second;
  return sum;
}

Histogram histogram_of(std::span<const double> samples) {
  std::map<double, std::size_t> counts;
  for (const double sample : samples) ++counts[sample];
  Histogram histogram;
  histogram.bins.assign(counts.begin(), counts.end());
  return histogram;
}

Histogram histogram_of(std::span<const int> samples) {
  std::vector<double> values(samples.begin(), samples.end());
  return histogram_of(values);
}

std::optional<std::string> check_histogram(const Histogram& histogram) {
  for (std::size_t i = 0; i < histogram.bins.size(); ++i) {
    const auto& [value, count] = histogram.bins[i];
    if (!std::isfinite(value)) return "values must be finite numbers";
    if (count == 0) return "every count must be at least 1";
    if (i > 0 && !(histogram.bins[i - 1].first < value)) return "values must be strictly ascending";
  }
  return std::nullopt;
}

double value_at(const Histogram& histogram, double u) {
  if (histogram.empty()) throw std::invalid_argument("value_at of an empty histogram");
  const double total = static_cast<double>(histogram.total());
  std::size_t below = 0;
  for (const auto& [value, count] : histogram.bins) {
    below += count;
    // Compared in counts (u * total <= below) so that u = k / total lands on the k-th puzzle exactly.
    if (u * total <= static_cast<double>(below)) return value;
  }
  return histogram.bins.back().first;
}

double ks_distance(const Histogram& a, const Histogram& b) {
  if (a.empty() || b.empty()) throw std::invalid_argument("ks_distance of an empty histogram");
  const double n = static_cast<double>(a.total());
  const double m = static_cast<double>(b.total());
  // Walk both value lists together; the distance is largest just after some value, where both
  // cumulative counts have taken every bin up to it.
  std::size_t i = 0, j = 0, below_a = 0, below_b = 0;
  double distance = 0;
  while (i < a.bins.size() || j < b.bins.size()) {
    const double next = j == b.bins.size() || (i < a.bins.size() && a.bins[i].first <= b.bins[j].first)
                            ? a.bins[i].first
                            : b.bins[j].first;
    while (i < a.bins.size() && a.bins[i].first == next) below_a += a.bins[i++].second;
    while (j < b.bins.size() && b.bins[j].first == next) below_b += b.bins[j++].second;
    distance = std::max(distance, std::abs(static_cast<double>(below_a) / n - static_cast<double>(below_b) / m));
  }
  return distance;
}

double ks_critical_value(std::size_t n, std::size_t m) {
  if (n == 0 || m == 0) throw std::invalid_argument("ks_critical_value of an empty sample");
  const double a = static_cast<double>(n);
  const double b = static_cast<double>(m);
  return kKsCoefficient * std::sqrt((a + b) / (a * b));
}

}  // namespace sudoku
