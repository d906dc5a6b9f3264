// SPDX-License-Identifier: Apache-2.0
// The seam between the grader's ladder and its two forcing-chain engines: the rungs from Nishio
// up (Nishio 7.5, multiple 8.0, dynamic 8.5, dynamic (+) 9.0, nested 9.5) each search through
// one ChainEngine, chosen once per grading by TechniqueOptions::order.
//
// Why two engines (technique_grader.hpp, ChainOrder):
//   se:        se_chaining.cpp follows Sudoku Explainer's own propagation order on the Nishio,
//              multiple and dynamic rungs and reports SE's first hint only: SE's exact number,
//              which, as SE's, depends on cell numbering and digit labels. It has no engine for
//              dynamic (+) and nested yet; those rungs take the easiest step of the order-free
//              search, with each fact resting on the first derivation met (Derivation::first_met).
//   invariant: chains.cpp's Nishio and forcing_chains.cpp's layered propagation: every step a
//              rung finds, none depending on the order cells, units or digits are met in
//              (Derivation::fewest_nodes), so a transformed puzzle gets the same grade; and
//              cheaper (SE order costs about 2.7 times the instructions on forcing-chain puzzles),
//              which the press levels and the hill climber rely on.
// The engines overlap on three rungs (Nishio, multiple, dynamic); unifying them is not attempted:
// each order's grades are kept as measured.
//
//   const ChainEngine<W>& engine = chain_engine<W>(options.order);
//   engine.search(ChainRung::dynamic, layout, board, context, steps);
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku::technique {

// The forcing-chain rungs of the ladder, easiest first.
enum class ChainRung : std::uint8_t { nishio, multiple, dynamic, dynamic_plus, nested };
inline constexpr std::size_t kChainRungs = 5;

template <int W>
struct ChainEngine {
  using Search = void (*)(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);
  std::array<Search, kChainRungs> rungs;
  // Steps a rung appends: se, at most one (the grader then applies one step per iteration);
  // invariant, all within the easiest or SearchContext::good_enough.
  void search(ChainRung rung, const Layout<W>& layout, const Board<W>& board, SearchContext& context,
              std::vector<Step>& out) const {
    rungs[static_cast<std::size_t>(rung)](layout, board, context, out);
  }
};

template <int W>
const ChainEngine<W>& chain_engine(ChainOrder order);

}  // namespace sudoku::technique
