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
#pragma once

#include <vector>

#include "sudoku/rate/rating.hpp"

namespace sudoku {

std::vector<double> attainable_ratings(const RatingMetric& metric, double low, double high, bool cages);

}  // namespace sudoku
