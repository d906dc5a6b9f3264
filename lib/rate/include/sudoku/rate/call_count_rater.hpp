// SPDX-License-Identifier: Apache-2.0
// The call-count rater of Fatemi, Kazemi & Mehrasa (2014): difficulty as the number of
// arc-consistency calls a randomised depth-first domain-splitting search needs to reach a solution.
//
// Contract (defaults are the paper's):
//   - Variables are cells, domains {1..N} or the given, binary "≠" constraints between peers (the
//     geometry's units). Arc consistency (AC) on these constraints removes a value from a cell
//     exactly when a peer is fixed to it, to a fixpoint (naked singles); "ac-hidden" also fixes
//     hidden singles inside the same call.
//   - Each search node makes one AC call: the root, then every child. A node whose domains are all
//     singletons is a solution and ends the run; an empty domain ends the branch. Otherwise a
//     variable with k > 1 values is chosen (uniformly at random, or "fewest" values with random
//     tie-breaks) and split into k children, one per value, visited depth first in random order
//     (or ascending). A run stops at the first solution, when the tree is exhausted, or at the call
//     cap; a capped run counts as `cap` calls, so the mean is then a lower bound.
//   - The rating is the mean (and sample standard deviation) over `runs` runs. It is deterministic
//     and invariant under the transforms of transform.hpp: by default the runs use the puzzle's
//     canonical form and seeds derived from its canonical key, so every equivalent puzzle replays
//     exactly the same searches.
//   - A puzzle rates exactly 1 when AC alone at the root solves it ("ac": naked singles only;
//     "ac-hidden": naked and hidden singles).
// Kernels: the standard 9x9 board with plain AC runs a bitboard kernel (one 81-bit board per value);
// everything else runs the reference kernel (a domain mask per cell, driven by the geometry's peers
// and units). Both make the same random decisions from the same states, and AC's fixpoint does not
// depend on propagation order, so they give identical call counts (tested). Thread-safe.
//
//   const CallCountRating r = rate_call_count(puzzle);                // 10 runs, the paper's AC
//   std::printf("%.1f calls (sd %.1f)%s\n", r.mean, r.sd, r.capped() ? ", capped" : "");
//   rate_call_count(puzzle, {.runs = 20, .propagation = Propagation::arc_consistency_hidden_singles});
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace sudoku {

enum class Propagation {
  arc_consistency,                 // "ac": the paper's binary AC (naked singles)
  arc_consistency_hidden_singles,  // "ac-hidden": AC plus hidden singles, to a joint fixpoint
};

enum class Branching {
  random,  // "random": the paper's uniform choice among variables with k > 1 values
  fewest,  // "fewest": a variable with the fewest values, ties broken at random
};

enum class ValueOrder {
  random,     // "random": the k children in a fresh random order (default; the paper leaves it open)
  ascending,  // "ascending": children in value order 1..N
};

struct CallCountOptions {
  int runs = 10;  // the paper's R; at least 1
  Propagation propagation = Propagation::arc_consistency;
  Branching branching = Branching::random;
  ValueOrder value_order = ValueOrder::random;
  std::uint64_t call_cap = 1'000'000;  // per run; at least 1
  std::uint64_t seed = 0;              // mixed into every run's seed; changing it changes ratings
  bool canonicalize = true;            // false: rate the puzzle as given (not transform-invariant,
                                       // saves the canonical form where the caller needs speed)
};

// Text names used by options and calibration files. parse_* throw InputError naming the option and
// the accepted spellings.
std::string_view to_string(Propagation propagation);
std::string_view to_string(Branching branching);
std::string_view to_string(ValueOrder order);
Propagation parse_propagation(std::string_view text);
Branching parse_branching(std::string_view text);
ValueOrder parse_value_order(std::string_view text);

struct CallCountRun {
  std::uint64_t calls = 0;  // AC calls made, at most the cap
  bool solved = false;      // reached a solution
  bool capped = false;      // stopped at the cap (calls == cap, not solved)
};

struct CallCountRating {
  double mean = 0.0;  // mean calls per run; a lower bound when capped_runs > 0
  double sd = 0.0;    // sample standard deviation over runs (0 for one run)
  int runs = 0;
  int capped_runs = 0;                   // runs stopped at the cap
  int solved_runs = 0;                   // runs that reached a solution (0: the puzzle has none)
  std::uint64_t total_calls = 0;         // over all runs, for throughput figures
  std::vector<std::uint64_t> run_calls;  // per run, in run order

  bool capped() const { return capped_runs > 0; }
  double median() const;
};

// The paper's metric is a 9x9 one: on larger grids its searches run into the call cap (gecode
// 16x16, 10 runs each: random branching capped 5 of the first 10 puzzles on every run; even
// "fewest" branching capped 1 of 55), so a rating would be the cap, not the puzzle. Plans refuse it
// above this size and corpus-rate leaves it out there (docs/rating.md).
inline constexpr int kCallCountLargestSize = 9;

// Rates a puzzle. Meant for valid puzzles (exactly one solution): for a multi-solution puzzle the
// number depends on which solution is met first, for a puzzle without solution it measures the
// exhausted tree (solved_runs == 0). Throws std::invalid_argument when runs or call_cap < 1.
CallCountRating rate_call_count(const Grid& puzzle, const CallCountOptions& options = {});

// One run of the search on the puzzle exactly as given (no canonical form), with an explicit seed.
// Building block for rate_call_count, studies of the distribution, and benchmarks.
CallCountRun run_call_count(const Grid& puzzle, const CallCountOptions& options, std::uint64_t seed);

// The seed of run `run` for a puzzle whose (canonical) key is `key`.
std::uint64_t call_count_run_seed(std::string_view key, std::uint64_t option_seed, int run);

namespace detail {
// run_call_count on the reference kernel, also for 9x9: what the fast kernel is tested against.
CallCountRun run_call_count_reference(const Grid& puzzle, const CallCountOptions& options,
                                      std::uint64_t seed);
}  // namespace detail

}  // namespace sudoku
