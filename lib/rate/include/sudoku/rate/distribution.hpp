// SPDX-License-Identifier: Apache-2.0
// A level's distribution: how many of an archive's puzzles of the level had each value (of the
// grade, of the givens count), kept in a level file so that the generator can aim a chapter's slots
// at the archive's spread within the level and the audit can measure how far a chapter is from it.
// The two operations are the inverse of the empirical distribution function (a value for a slot)
// and the two-sample Kolmogorov-Smirnov distance (a chapter against the archive).
//
// Contract:
//   - Histogram: values strictly ascending and finite, every count at least 1 (histogram_of builds
//     one from samples; check_histogram says what is wrong with one read from a file).
//   - value_at(h, u): the smallest value v whose cumulative share F(v) = (puzzles <= v) / total is
//     at least u, for u in [0, 1] (u <= 0 gives the lowest value): always a value the archive had,
//     so a discrete grade is aimed at a grade that exists. std::invalid_argument when empty.
//   - ks_distance(a, b): sup over x of |F_a(x) - F_b(x)|, in [0, 1]; 0 for identical
//     distributions, 1 for disjoint ones. std::invalid_argument when either is empty.
//   - ks_critical_value(n, m): the two-sample critical value at the 5 % level for large samples,
//     c * sqrt((n + m) / (n * m)) with c = sqrt(-ln(0.025) / 2) = 1.358: a chapter of n puzzles
//     drawn from the archive's own distribution (m puzzles) exceeds it one time in twenty.
//
//   const Histogram archive = histogram_of(grades);           // {1.2: 30, 1.5: 12, ...}
//   double d = ks_distance(histogram_of(chapter), archive);   // pass when d <= ks_critical_value(...)
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace sudoku {

struct Histogram {
  std::vector<std::pair<double, std::size_t>> bins;  // (value, puzzles), ascending values
  std::size_t total() const;
  bool empty() const { return bins.empty(); }
  friend bool operator==(const Histogram&, const Histogram&) = default;
};

Histogram histogram_of(std::span<const double> samples);
Histogram histogram_of(std::span<const int> samples);
// Why `histogram` breaks the contract, or nothing.
std::optional<std::string> check_histogram(const Histogram& histogram);

double value_at(const Histogram& histogram, double u);

double ks_distance(const Histogram& a, const Histogram& b);
inline constexpr double kKsCoefficient = 1.3581015157406195;  // sqrt(-ln(0.05 / 2) / 2)
double ks_critical_value(std::size_t n, std::size_t m);

// What a level file keeps of its archive per level: the grade (the calibration's rating), the
// givens and the hard steps (second_dimension.hpp; learned files with cuts) of the puzzles it was
// learned from.
struct LevelDistribution {
  Histogram grade;
  Histogram givens;
  Histogram hard_steps;
  // The level model's score (level_model.hpp) of the same puzzles, to hundredths: learned files
  // with a model only.
  Histogram score;
  friend bool operator==(const LevelDistribution&, const LevelDistribution&) = default;
};

}  // namespace sudoku
