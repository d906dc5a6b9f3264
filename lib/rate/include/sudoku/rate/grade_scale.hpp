// SPDX-License-Identifier: Apache-2.0
// The steps of a rating metric's scale, for a search aiming at a point inside a band (the hill
// climber, docs/generation.md): a grade that comes in steps of 0.2-0.3 cannot give a value between
// two steps, so a climb aiming there stops at a step next to it instead of spending its patience.
//
// Contract: every rating from `low` to `high` the metric can give on a board with (or without)
// cages, ascending; empty when the metric's scale is continuous or unknown (then any value counts
// as one it can give). The technique grade: the ladder's base scores (of the techniques its
// settings allow) below the first technique whose steps carry bonuses (strong links, 4.0), every
// tenth from there up to the "beyond" value.
//   const auto metric = make_rating_metric("technique", {{"uniqueness", "false"}});
//   attainable_ratings(*metric, 1.0, 2.3, false);   // 1.0 1.2 1.5 1.7 1.9 2.0 2.3
//
// shows_values false: a Killer board that shows no value before its first deduction (no givens,
// no one-cell cage). No single and no cage completion applies to it until a cage's sum has said
// something, so its first step, and its grade, is a cage combination at least: the steps below it
// are left out (a Killer easy slot aiming at 1.2 aims at 1.6, the lowest grade it can have).
//   attainable_ratings(*metric, 1.0, 1.9, true, false);   // 1.6 1.7 1.8 1.9
#pragma once

#include <vector>

#include "sudoku/rate/rating.hpp"

namespace sudoku {

std::vector<double> attainable_ratings(const RatingMetric& metric, double low, double high, bool cages,
                                       bool shows_values = true);

}  // namespace sudoku
