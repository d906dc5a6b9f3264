// The benchmark suites: one entry per measured operation of the library.
#include "bench_runner.hpp"
#include "sudoku/canonical.hpp"
#include "sudoku/solution_counter.hpp"

namespace sudoku::bench {

const std::vector<Suite>& suites() {
  static const std::vector<Suite> all = {
      {"count", "puzzles", "solution count with limit 2 (uniqueness check), the generator's hot loop",
       [](const Grid& puzzle) { return static_cast<std::uint64_t>(count_solutions(puzzle, 2).count); }},
      {"solve", "puzzles", "first solution (limit 1)",
       [](const Grid& puzzle) {
         const auto result = count_solutions(puzzle, 1);
         return result.solution ? static_cast<std::uint64_t>((*result.solution)[0]) : 0;
       }},
      {"canonical", "puzzles", "canonical form (minlex for 9x9)",
       [](const Grid& puzzle) { return static_cast<std::uint64_t>(canonical_form(puzzle).grid.givens()); }},
  };
  return all;
}

}  // namespace sudoku::bench
