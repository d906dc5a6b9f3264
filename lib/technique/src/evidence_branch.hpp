// SPDX-License-Identifier: Apache-2.0
// The part of a derivation that a branch's ends rest on, as an EvidenceBranch (explaining only).
// The forcing chains of se_chaining.cpp and of forcing_branch.hpp record their derivations in their
// own ways; this is what both then do with them: keep the facts behind the ends, in derivation
// order, their parents renumbered.
//
// Contract: a derivation is `count` facts at positions 0..count-1, each after the facts it follows
// from. for_each_parent(at, visit) calls visit(p) for each parent position p < at of fact `at` (a
// negative p, a fact not derived, is skipped); make(at) gives fact `at`'s node without parents. The
// branch holds the facts behind `ends` (negative positions skipped), and fact 0 when `keep_first`,
// in position order; its ends are `ends`' kept facts.
//
//   const EvidenceBranch branch = evidence_behind(count, ends, /*keep_first=*/false,
//       [&](int at, auto visit) { visit(parent_of(at)); }, [&](int at) { return node_of(at); });
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "sudoku/technique/evidence.hpp"

namespace sudoku::technique {

template <class ForEachParent, class Make>
EvidenceBranch evidence_behind(int count, std::span<const int> ends, bool keep_first,
                               ForEachParent&& for_each_parent, Make&& make) {
  std::vector<char> behind(static_cast<std::size_t>(count), 0);
  std::vector<int> stack(ends.begin(), ends.end());
  if (keep_first && count > 0) stack.push_back(0);
  while (!stack.empty()) {
    const int at = stack.back();
    stack.pop_back();
    if (at < 0 || behind[static_cast<std::size_t>(at)]) continue;
    behind[static_cast<std::size_t>(at)] = 1;
    for_each_parent(at, [&](int parent) { stack.push_back(parent); });
  }
  EvidenceBranch out;
  std::vector<int> index(static_cast<std::size_t>(count), -1);
  for (int at = 0; at < count; ++at) {
    if (!behind[static_cast<std::size_t>(at)]) continue;
    EvidenceNode node = make(at);
    for_each_parent(at, [&](int parent) {
      if (parent >= 0 && index[static_cast<std::size_t>(parent)] >= 0)
        node.parents.push_back(index[static_cast<std::size_t>(parent)]);
    });
    index[static_cast<std::size_t>(at)] = static_cast<int>(out.nodes.size());
    out.nodes.push_back(std::move(node));
  }
  for (const int end : ends)
    if (end >= 0) out.ends.push_back(index[static_cast<std::size_t>(end)]);
  return out;
}

}  // namespace sudoku::technique
