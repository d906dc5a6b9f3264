// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/hs_solver.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

#include "board_layout.hpp"
#include "sudoku/base/errors.hpp"

namespace sudoku {
namespace {

using Mask = GenericLayout::Mask;

Mask lowest_bit(Mask mask) {
  return mask & (~mask + 1);
}
int value_of(Mask single) {
  return std::countr_zero(single) + 1;
}

class HsSearch {
 public:
  HsSearch(const GenericLayout& layout, const HsOptions& options)
      : layout_(layout),
        options_(options),
        reduce_(options.strategies.candidate_reduction),
        cells_(layout.cell_count()),
        units_(layout.unit_count()),
        candidates_(static_cast<std::size_t>((cells_ + 1) * cells_)),
        placed_(static_cast<std::size_t>((cells_ + 1) * cells_)),
        unit_placed_(static_cast<std::size_t>((cells_ + 1) * units_)),
        open_(static_cast<std::size_t>(cells_ + 1)),
        queue_(static_cast<std::size_t>(cells_)) {}

  HsResult solve(const Grid& puzzle) {
    calls_ = 1;  // the root call
    std::fill_n(unit_placed_at(0), units_, Mask{0});
    std::fill_n(placed_at(0), cells_, std::uint8_t{0});
    open_[0] = cells_;
    queued_ = 0;
    bool consistent = true;
    for (int cell = 0; cell < cells_; ++cell) {
      candidates_at(0)[cell] = layout_.all_values();
      const int value = puzzle[cell];
      if (value != 0 && !place(0, cell, Mask{1} << (value - 1))) consistent = false;
    }

    HsResult result;
    if (consistent && explore(0)) {
      if (capped_) {
        result.outcome = HsOutcome::capped;
      } else {
        result.outcome = HsOutcome::solved;
        result.solution = solution_of(puzzle, solved_depth_);
      }
    }
    result.calls = calls_;
    return result;
  }

 private:
  Mask* candidates_at(int depth) { return candidates_.data() + offset(depth, cells_); }
  std::uint8_t* placed_at(int depth) { return placed_.data() + offset(depth, cells_); }
  Mask* unit_placed_at(int depth) { return unit_placed_.data() + offset(depth, units_); }
  static std::size_t offset(int depth, int width) {
    return static_cast<std::size_t>(depth) * static_cast<std::size_t>(width);
  }

  bool clashes(int depth, int cell, Mask value) {
    const Mask* unit_placed = unit_placed_at(depth);
    for (const auto unit : layout_.units_of(cell))
      if (unit_placed[unit] & value) return true;
    return false;
  }

  // Places `value` in `cell`; false when a unit of the cell already holds it.
  bool place(int depth, int cell, Mask value) {
    if (clashes(depth, cell, value)) return false;
    placed_at(depth)[cell] = 1;
    candidates_at(depth)[cell] = value;
    Mask* unit_placed = unit_placed_at(depth);
    for (const auto unit : layout_.units_of(cell)) unit_placed[unit] |= value;
    --open_[static_cast<std::size_t>(depth)];
    if (reduce_) queue_[static_cast<std::size_t>(queued_++)] = cell;
    return true;
  }

  // Narrows an open cell's candidates; with candidate reduction a single candidate is placed at
  // once. False on a contradiction; `changed` is set when the candidates shrank.
  bool narrow(int depth, int cell, Mask allowed, bool& changed) {
    Mask& candidates = candidates_at(depth)[cell];
    const Mask narrowed = candidates & allowed;
    if (narrowed == candidates) return true;
    candidates = narrowed;
    changed = true;
    if (narrowed == 0) return false;
    if (reduce_ && std::has_single_bit(narrowed)) return place(depth, cell, narrowed);
    return true;
  }

  // Strategy I: remove the values of newly placed cells from their open peers, to a fixpoint.
  bool reduce_candidates(int depth) {
    const std::uint8_t* placed = placed_at(depth);
    bool changed = false;
    for (int head = 0; head < queued_; ++head) {
      const int cell = queue_[static_cast<std::size_t>(head)];
      const Mask value = candidates_at(depth)[cell];
      for (const auto peer : layout_.peers(cell))
        if (!placed[peer] && !narrow(depth, peer, static_cast<Mask>(~value), changed)) return false;
    }
    queued_ = 0;
    return true;
  }

  // Strategy II: hidden singles in every unit. Also fails a unit that has lost a value altogether.
  bool place_hidden_singles(int depth, bool& changed) {
    const Mask* candidates = candidates_at(depth);
    const std::uint8_t* placed = placed_at(depth);
    for (int unit = 0; unit < units_; ++unit) {
      const auto cells = layout_.unit(unit);
      Mask once = 0;
      Mask twice = 0;
      for (const auto cell : cells) {
        if (placed[cell]) continue;
        twice |= once & candidates[cell];
        once |= candidates[cell];
      }
      const Mask unplaced_values = layout_.all_values() & ~unit_placed_at(depth)[unit];
      if ((once & unplaced_values) != unplaced_values) return false;
      for (Mask unique = once & ~twice & unplaced_values; unique != 0; unique &= unique - 1) {
        const Mask value = lowest_bit(unique);
        const auto home = std::find_if(cells.begin(), cells.end(), [&](auto cell) {
          return !placed[cell] && (candidates[cell] & value);
        });
        // A hidden single placed earlier in this unit may have taken the value's only cell.
        if (home == cells.end()) return false;
        if (!place(depth, *home, value)) return false;
        changed = true;
      }
    }
    return true;
  }

  // Strategy III: hidden pairs. positions[v] has bit i when the unit's i-th cell is open and may
  // hold value v+1.
  bool narrow_hidden_pairs(int depth, bool& changed) {
    const std::uint8_t* placed = placed_at(depth);
    std::vector<std::uint32_t>& positions = positions_;
    positions.assign(static_cast<std::size_t>(layout_.size()), 0);
    for (int unit = 0; unit < units_; ++unit) {
      const auto cells = layout_.unit(unit);
      std::fill(positions.begin(), positions.end(), 0U);
      const Mask* candidates = candidates_at(depth);
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (placed[cells[i]]) continue;
        for (Mask rest = candidates[cells[i]]; rest != 0; rest &= rest - 1)
          positions[static_cast<std::size_t>(std::countr_zero(rest))] |= 1U << i;
      }
      const Mask open_values = layout_.all_values() & ~unit_placed_at(depth)[unit];
      for (std::size_t first = 0; first < positions.size(); ++first) {
        if (!(open_values >> first & 1U) || std::popcount(positions[first]) != 2) continue;
        for (std::size_t second = first + 1; second < positions.size(); ++second) {
          if (!(open_values >> second & 1U) || positions[second] != positions[first]) continue;
          const Mask pair = static_cast<Mask>((Mask{1} << first) | (Mask{1} << second));
          for (std::uint32_t where = positions[first]; where != 0; where &= where - 1) {
            const int cell = cells[static_cast<std::size_t>(std::countr_zero(where))];
            if (!placed_at(depth)[cell] && !narrow(depth, cell, pair, changed)) return false;
          }
        }
      }
    }
    return true;
  }

  // Strategy IV: naked pairs.
  bool narrow_naked_pairs(int depth, bool& changed) {
    const std::uint8_t* placed = placed_at(depth);
    for (int unit = 0; unit < units_; ++unit) {
      const auto cells = layout_.unit(unit);
      for (std::size_t a = 0; a < cells.size(); ++a) {
        const Mask pair = candidates_at(depth)[cells[a]];
        if (placed[cells[a]] || std::popcount(pair) != 2) continue;
        for (std::size_t b = a + 1; b < cells.size(); ++b) {
          if (placed[cells[b]] || candidates_at(depth)[cells[b]] != pair) continue;
          for (std::size_t other = 0; other < cells.size(); ++other) {
            if (other == a || other == b || placed[cells[other]]) continue;
            if (!narrow(depth, cells[other], static_cast<Mask>(~pair), changed)) return false;
          }
        }
      }
    }
    return true;
  }

  // All enabled strategies to a joint fixpoint, cheapest first. False on a contradiction.
  bool propagate(int depth) {
    const HsStrategies& use = options_.strategies;
    for (;;) {
      if (reduce_ && !reduce_candidates(depth)) return false;
      if (open_[static_cast<std::size_t>(depth)] == 0) return true;
      bool changed = false;
      if (use.uniqueness && !place_hidden_singles(depth, changed)) return false;
      if (changed) continue;
      if (use.hidden_pairs && !narrow_hidden_pairs(depth, changed)) return false;
      if (changed) continue;
      if (use.naked_pairs && !narrow_naked_pairs(depth, changed)) return false;
      if (!changed) return true;
    }
  }

  int choose_cell(int depth) {
    const std::uint8_t* placed = placed_at(depth);
    const Mask* candidates = candidates_at(depth);
    int best = -1;
    int fewest = layout_.size() + 1;
    for (int cell = 0; cell < cells_; ++cell) {
      if (placed[cell]) continue;
      if (options_.cell_order == HsCellOrder::first_empty) return cell;
      const int count = std::popcount(candidates[cell]);
      if (count < fewest) {
        fewest = count;
        best = cell;
      }
    }
    return best;
  }

  // One call of the recursive solve on the state at `depth`. True when the search is over (solved
  // or capped).
  bool explore(int depth) {
    if (!propagate(depth)) return false;
    if (open_[static_cast<std::size_t>(depth)] == 0) {
      solved_depth_ = depth;
      return true;
    }
    const int cell = choose_cell(depth);
    const int child = depth + 1;
    for (Mask rest = candidates_at(depth)[cell]; rest != 0; rest &= rest - 1) {
      const Mask value = lowest_bit(rest);
      if (clashes(depth, cell, value)) continue;  // only possible without candidate reduction
      if (calls_ >= options_.call_cap) {
        capped_ = true;
        return true;
      }
      ++calls_;
      std::copy_n(candidates_at(depth), cells_, candidates_at(child));
      std::copy_n(placed_at(depth), cells_, placed_at(child));
      std::copy_n(unit_placed_at(depth), units_, unit_placed_at(child));
      open_[static_cast<std::size_t>(child)] = open_[static_cast<std::size_t>(depth)];
      queued_ = 0;
      place(child, cell, value);
      if (explore(child)) return true;
    }
    return false;
  }

  Grid solution_of(const Grid& puzzle, int depth) {
    Grid solution(puzzle.geometry_ptr());
    for (int cell = 0; cell < cells_; ++cell) solution.set(cell, value_of(candidates_at(depth)[cell]));
    return solution;
  }

  const GenericLayout& layout_;
  const HsOptions& options_;
  const bool reduce_;
  const int cells_;
  const int units_;
  std::vector<Mask> candidates_;      // per depth and cell
  std::vector<std::uint8_t> placed_;  // per depth and cell
  std::vector<Mask> unit_placed_;     // per depth and unit: values placed in the unit
  std::vector<int> open_;             // per depth: cells not yet placed
  std::vector<int> queue_;            // placed cells whose value peers still hold (strategy I)
  int queued_ = 0;
  std::vector<std::uint32_t> positions_;
  std::uint64_t calls_ = 0;
  bool capped_ = false;
  int solved_depth_ = 0;
};

}  // namespace

HsStrategies parse_hs_strategies(std::string_view text) {
  if (text.empty() || text == "none") return HsStrategies::none();
  HsStrategies strategies = HsStrategies::none();
  for (const char letter : text) {
    bool* flag = nullptr;
    switch (letter) {
      case 'r':
        flag = &strategies.candidate_reduction;
        break;
      case 'u':
        flag = &strategies.uniqueness;
        break;
      case 'h':
        flag = &strategies.hidden_pairs;
        break;
      case 'n':
        flag = &strategies.naked_pairs;
        break;
      default:
        throw InputError("", 0, 0,
                         "strategies: unknown strategy '" + std::string(1, letter) + "' in \"" +
                             std::string(text) +
                             "\" (expected none or letters from ruhn: r candidate reduction, u uniqueness, "
                             "h hidden pairs, n naked pairs)");
    }
    if (*flag)
      throw InputError(
          "", 0, 0,
          "strategies: '" + std::string(1, letter) + "' given twice in \"" + std::string(text) + "\"");
    *flag = true;
  }
  return strategies;
}

std::string to_string(const HsStrategies& strategies) {
  std::string text;
  if (strategies.candidate_reduction) text += 'r';
  if (strategies.uniqueness) text += 'u';
  if (strategies.hidden_pairs) text += 'h';
  if (strategies.naked_pairs) text += 'n';
  return text.empty() ? "none" : text;
}

std::string_view to_string(HsCellOrder order) {
  return order == HsCellOrder::fewest_candidates ? "fewest" : "first";
}

HsCellOrder parse_hs_cell_order(std::string_view text) {
  if (text == "fewest") return HsCellOrder::fewest_candidates;
  if (text == "first") return HsCellOrder::first_empty;
  throw InputError("", 0, 0, "order: expected fewest or first, got \"" + std::string(text) + "\"");
}

HsResult hs_solve(const Grid& puzzle, const HsOptions& options) {
  if (options.call_cap < 1) throw std::invalid_argument("the HS-solver needs a call cap of at least 1");
  const GenericLayout layout(puzzle.geometry());
  HsSearch search(layout, options);
  return search.solve(puzzle);
}

HsSummary summarize_hs(std::span<const HsResult> results) {
  HsSummary summary;
  std::uint64_t solved_calls = 0;
  for (const HsResult& result : results) {
    ++summary.puzzles;
    summary.total_calls += result.calls;
    if (!result.solved()) continue;
    ++summary.solved;
    solved_calls += result.calls;
    summary.max_calls = std::max(summary.max_calls, result.calls);
  }
  if (summary.solved > 0) summary.mean_calls = static_cast<double>(solved_calls) / summary.solved;
  return summary;
}

}  // namespace sudoku
