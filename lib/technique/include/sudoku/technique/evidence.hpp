// SPDX-License-Identifier: Apache-2.0
// Step evidence: what a step of the explain path rests on — the pattern's units, cells and
// candidates, a chain's links in order with strong and weak links told apart, a Killer step's cages —
// as data, so that a checker can replay it on the board and a picture can draw it without reading
// the step's sentence. docs/explanations.md tells, technique by technique, what each field holds.
//
// Contract: filled only when grading with TechniqueOptions::explain (the rating path builds none);
// empty() only for a step with none (no step of the samples tests/step_evidence_test.cpp checks).
// Values are 1-based; cells index the grid row-major and units index Geometry::units(), cages
// Geometry::cages(). Evidence refers to the board
// before its step's round (TechniqueStep::round): the steps of one round were all found on one
// board and applied together, so a later step of a round may find a candidate of its pattern already
// gone. step_boards gives those boards.
//
//   const std::vector<PencilBoard> boards = step_boards(puzzle, grade.steps);  // boards[i]: before steps[i]
//   for (const EvidenceLink& link : grade.steps[i].evidence.links) draw_arrow(link.from, link.to, link.strong);
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

struct TechniqueStep;

// A candidate, or a placement or elimination of a step: a cell and a value.
struct CellValue {
  int cell = 0;
  int value = 0;  // 1..size
  friend bool operator==(const CellValue&, const CellValue&) = default;
};

// One link of a chain between two candidates. Strong: they cannot both be false (the only two
// places of a value in a unit, or the only two candidates of a cell). Weak: they cannot both be
// true (one value in two cells that see each other, or two values of one cell).
struct EvidenceLink {
  CellValue from;
  CellValue to;
  bool strong = false;
  friend bool operator==(const EvidenceLink&, const EvidenceLink&) = default;
};

// How a node of a branch follows from its parents. Most follow by links (EvidenceBranch); the
// propagation of the dynamic (+) and nested forcing chains also applies patterns, and on Killer
// boards every dynamic branch reads its cages. A pattern's parents are the facts the pattern needs
// that the board the step was found on does not show: the candidates the branch removed (off
// parents) and, for a cage, the cells it placed (on parents).
enum class NodeRule : std::uint8_t {
  link,          // a link from each parent (EvidenceBranch)
  intersection,  // the value's places left in `unit` (its others off parents) are `pattern`, all in a
                 // house of the node's cell, which is outside `unit`: the node is off (pointing, claiming)
  naked_subset,  // `pattern`, cells of `unit`, keep (their other values off parents) as many values as
                 // they are cells, the node's among them: the node, in another cell of `unit`, is off
  cage,          // cage `cage`'s fillings (its sum, distinct values, the candidates its cells keep after
                 // the parents): none puts the value in the node's cell (off); every one does (on); or
                 // every one puts it in a cage cell the node's cell sees (off, outside the cage)
  chain,         // nested level: a forcing chain or cycle on the board the parents leave (every
                 // candidate the branch removed so far, as off parents) refutes the node (off)
};

// A node of a chain or of a forcing chain's branch: a value in one cell or, grouped, in one of
// several cells of one house. On: the branch makes it true (the value is in the cell, in one of the
// group's cells); off: false (in none of them).
struct EvidenceNode {
  std::vector<int> cells;    // one cell, or a group's cells (one house), ascending
  int value = 0;             // 1..size
  bool on = false;
  std::vector<int> parents;  // the earlier nodes of its branch it follows from; empty for the assumption
  NodeRule rule = NodeRule::link;
  int unit = -1;             // intersection, naked_subset: the house the pattern lives in
  int cage = -1;             // cage: the cage read
  std::vector<int> pattern;  // intersection, naked_subset: the pattern's cells, ascending
  friend bool operator==(const EvidenceNode&, const EvidenceNode&) = default;
};

// "link", "intersection", "naked-subset", "cage", "chain": a node rule as the JSON names it.
const char* node_rule_id(NodeRule rule);

// One assumption followed through the board: the nodes it implies, each after the nodes it follows
// from. A link runs from each parent to its node: weak when the parent is on and the node off (the
// two cannot both be true), strong when the parent is off and the node on (the node is the last
// candidate of its cell or the last place of its value in a house, its other parents off too).
// A node's parents are all it rests on besides the board the step was found on: in a dynamic chain,
// the earlier nodes that thinned its cell or house are among them.
struct EvidenceBranch {
  std::vector<EvidenceNode> nodes;  // nodes[0]: the assumption
  // The branch's end: one node (the conclusion several branches agree on; a grouped chain's last
  // node), or the nodes that cannot all hold (a contradiction: a candidate both on and off; every
  // candidate of a cell or place of a value in a house off; on Killer boards, facts of one cage's
  // cells that leave its sum no filling).
  std::vector<int> ends;
  friend bool operator==(const EvidenceBranch&, const EvidenceBranch&) = default;
};

struct StepEvidence {
  std::vector<int> units;             // the houses the pattern lives in (a fish's base lines)
  std::vector<int> cover_units;       // the houses that lose candidates (a fish's cover lines)
  std::vector<int> cells;             // the pattern's cells, in the technique's order (a wing: pivot first)
  std::vector<CellValue> candidates;  // the pattern's candidates (highlighted in a picture)
  std::vector<EvidenceLink> links;    // a chain's links in order; each link's `to` is the next one's `from`
  std::vector<int> cages;             // Killer: the cages the step reads
  // Grouped chains, Nishio and the forcing chains from 8.0 up (both chain orders): one branch per
  // assumption (a forcing chain: each ending in the common conclusion; a contradiction or Nishio:
  // one, ending in the facts that clash; a grouped chain: one, from its first node off to its last
  // node on).
  std::vector<EvidenceBranch> branches;
  bool empty() const {
    return units.empty() && cover_units.empty() && cells.empty() && candidates.empty() && links.empty() &&
           cages.empty() && branches.empty();
  }
  friend bool operator==(const StepEvidence&, const StepEvidence&) = default;
};

// A board with pencil marks: the values placed (0: open) and, per open cell, its candidates (bit
// v-1 for value v; 0 for placed cells).
struct PencilBoard {
  std::vector<int> values;
  std::vector<std::uint32_t> candidates;
  bool has(int cell, int value) const {
    return (candidates[static_cast<std::size_t>(cell)] >> (value - 1)) & 1U;
  }
};

// The board each step of an explained grade's path (TechniqueGrade::steps with
// TechniqueOptions::explain) was found on, one per step: the puzzle's candidates after every step
// of the earlier rounds, as the grader applied them. Empty when the givens contradict each other.
std::vector<PencilBoard> step_boards(const Grid& puzzle, const std::vector<TechniqueStep>& steps);

// "row 4", "column 7", "box 6", "region 2", "diagonal 1": a unit as the explanations name it.
std::string unit_name(const std::shared_ptr<const Geometry>& geometry, int unit);

}  // namespace sudoku
