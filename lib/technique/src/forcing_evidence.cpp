// SPDX-License-Identifier: Apache-2.0
// The evidence of forcing_chains.cpp's steps: a conclusion's branches followed again by a traced
// Branch (forcing_branch.hpp), which records each fact's rule and direct parents. Apart from the
// search: in its translation unit the traced instance made GCC stop inlining the search's own
// branch code (+0.45 % instructions grading the Killer sample without explaining).
#include <algorithm>
#include <array>
#include <vector>

#include "chain_tables.hpp"
#include "forcing_branch.hpp"

namespace sudoku::technique {

template <int W>
StepEvidence forcing_evidence(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                              ForcingLevel level, Derivation derivation, std::span<const int> assumptions,
                              int fact) {
  ChainTables<W>& tables = chain_tables(layout, board, context);
  const CandidateIndex<W>& index = tables.index();
  Branch<W, true> traced(layout, board, tables.links(), index, level, derivation);
  std::vector<std::uint64_t> facts(static_cast<std::size_t>((index.nodes() + 63) / 64));
  StepEvidence evidence;
  for (const int assumption : assumptions) {
    std::fill(facts.begin(), facts.end(), 0);
    traced.run(assumption, facts.data());
    const std::array<int, 1> end{fact};
    evidence.branches.push_back(fact < 0 ? traced.evidence(traced.clash()) : traced.evidence(end));
  }
  return evidence;
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                  \
  template StepEvidence forcing_evidence<W>(const Layout<W>&, const Board<W>&, SearchContext&, ForcingLevel, \
                                            Derivation, std::span<const int>, int);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
