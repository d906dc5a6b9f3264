// SPDX-License-Identifier: Apache-2.0
// Sudoku Explainer's own forcing-chain search, in SE's order, for the grader's SE order
// (TechniqueOptions::order == se): Nishio (7.5), multiple forcing chains (8.0: cell and region,
// static links) and dynamic forcing chains (8.5: contradiction, double, cell and region).
//
// Why a second engine: SE's length bonus counts the ancestors of a conclusion in the implication
// graph its propagation happened to build — which queue it drains first (every "on" before any
// "off"), which parent a fact gets (the first that derived it), which contradiction it meets first
// (it stops there, and later conclusions see only what was derived until then) — and the rating
// takes the first hint of SE's sort (difficulty, then node count, then kind, then the order the
// hints were found in). The order-free engine (forcing_chains.cpp) cannot reproduce those counts;
// this one follows SE step by step, so on 9x9 its number is SE's.
//
// Contract: find_se_chaining appends at most one step — SE's first hint of that rule on this
// board, scored base + length_bonus(node count) — or nothing. Every step is sound (each branch is
// plain propagation from an assumption). The result depends on cell and digit numbering (that is
// SE's behaviour); units are read from the Layout (box, row, column, then other units, each in
// the geometry's member order), so every geometry works; only standard 9x9 is SE's exact number.
//
//   std::vector<Step> steps;
//   find_se_chaining(layout, board, context, SeChainRule::dynamic, steps);  // 0 or 1 step
#pragma once

#include <vector>

#include "engine.hpp"

namespace sudoku::technique {

// SE's chaining producers below the nested ones (Chaining.java's isNishio / isMultiple / isDynamic).
enum class SeChainRule : std::uint8_t {
  nishio,    // 7.5: single-digit dynamic contradiction
  multiple,  // 8.0: cell and region forcing chains, static links
  dynamic,   // 8.5: contradiction, double, cell and region forcing chains, dynamic
};

template <int W>
void find_se_chaining(const Layout<W>& layout, const Board<W>& board, SearchContext& context, SeChainRule rule,
                      std::vector<Step>& out);

}  // namespace sudoku::technique
