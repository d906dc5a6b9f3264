// SPDX-License-Identifier: Apache-2.0
// The two forcing-chain engines as ChainEngine tables (chain_engine.hpp says why both exist).
#include "chain_engine.hpp"

#include <cstddef>

#include "chain_tables.hpp"
#include "se_chaining.hpp"

namespace sudoku::technique {
namespace {

template <int W, SeChainRule rule>
void se_rung(const Layout<W>& layout, const Board<W>& board, SearchContext& context, std::vector<Step>& out) {
  find_se_chaining(layout, board, context, rule, out);
}

// SE order above dynamic chains: one step, the easiest (first found) of the order-free search,
// with its branches' first-met derivations (the path SE-order grades were measured on).
template <int W, ForcingLevel level>
void se_easiest_rung(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                     std::vector<Step>& out) {
  std::vector<Step> all;
  find_forcing_chains(layout, board, context, level, Derivation::first_met, all);
  if (all.empty()) return;
  std::size_t easiest = 0;
  for (std::size_t i = 1; i < all.size(); ++i)
    if (all[i].score < all[easiest].score - kEpsilon) easiest = i;
  out.push_back(std::move(all[easiest]));
}

template <int W, ForcingLevel level>
void invariant_rung(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                    std::vector<Step>& out) {
  find_forcing_chains(layout, board, context, level, Derivation::fewest_nodes, out);
}

}  // namespace

template <int W>
const ChainEngine<W>& chain_engine(ChainOrder order) {
  static const ChainEngine<W> se{{
      se_rung<W, SeChainRule::nishio>,
      se_rung<W, SeChainRule::multiple>,
      se_rung<W, SeChainRule::dynamic>,
      se_easiest_rung<W, ForcingLevel::dynamic_plus>,
      se_easiest_rung<W, ForcingLevel::nested>,
  }};
  static const ChainEngine<W> invariant{{
      find_nishio<W>,
      invariant_rung<W, ForcingLevel::static_links>,
      invariant_rung<W, ForcingLevel::dynamic>,
      invariant_rung<W, ForcingLevel::dynamic_plus>,
      invariant_rung<W, ForcingLevel::nested>,
  }};
  return order == ChainOrder::se ? se : invariant;
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W) template const ChainEngine<W>& chain_engine<W>(ChainOrder);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
