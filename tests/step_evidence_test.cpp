// SPDX-License-Identifier: Apache-2.0
// Step evidence (evidence.hpp) checked against the board: for every step of the explain path on
// samples of the se-rated, top95 and Killer corpora, the pattern the evidence names is really on
// the board the step was found on (step_boards), and the step's placements and eliminations follow
// from it. The checker is written from the techniques' definitions, not from the finders' code, and
// a second test feeds it corrupted evidence to show that it can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/technique/evidence.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using Cells = std::set<int>;

bool strong_link_family(Technique technique) {
  return technique == Technique::two_strong_links || technique == Technique::three_strong_links ||
         technique == Technique::four_strong_links || technique == Technique::five_strong_links ||
         technique == Technique::six_strong_links;
}

class Checker {
 public:
  // Every step of every technique must carry evidence (docs/explanations.md).
  Checker(const Grid& puzzle, const PencilBoard& board, const TechniqueStep& step)
      : Checker(puzzle.geometry(), board, step) {}
  Checker(const Geometry& geometry, const PencilBoard& board, const TechniqueStep& step)
      : geometry_(geometry), board_(board), step_(step), evidence_(step.evidence) {}

  // "" when the evidence holds and the step follows from it, else what is wrong.
  std::string check() {
    if (evidence_.empty()) return "no evidence";
    for (const CellValue& at : evidence_.candidates)
      if (!board_.has(at.cell, at.value)) return "candidate " + name(at) + " is not on the board";
    if (!evidence_.branches.empty()) return branches();
    switch (step_.technique) {
      case Technique::full_house:
      case Technique::hidden_single_box:
      case Technique::hidden_single_line:
        return hidden_single();
      case Technique::naked_single:
        return naked_single();
      case Technique::pointing:
      case Technique::claiming:
      case Technique::direct_pointing:
      case Technique::direct_claiming:
        return intersection();
      case Technique::naked_pair:
      case Technique::naked_triple:
      case Technique::naked_quad:
        return naked_subset();
      case Technique::hidden_pair:
      case Technique::hidden_triple:
      case Technique::hidden_quad:
      case Technique::direct_hidden_pair:
      case Technique::direct_hidden_triple:
        return hidden_subset();
      case Technique::x_wing:
      case Technique::swordfish:
      case Technique::jellyfish:
        return fish();
      case Technique::xy_wing:
        return xy_wing();
      case Technique::xyz_wing:
        return xyz_wing();
      case Technique::wxyz_wing:
      case Technique::vwxyz_wing:
        return als_wing();
      case Technique::two_strong_links:
      case Technique::three_strong_links:
      case Technique::four_strong_links:
      case Technique::five_strong_links:
      case Technique::six_strong_links:
        return strong_links();
      case Technique::x_chain:
      case Technique::y_chain:
      case Technique::xy_chain:
      case Technique::forcing_chain:
        return chain();
      case Technique::cage_completion:
        return cage_completion();
      case Technique::cage_combination:
        return cage_combination();
      case Technique::cage_locked_value:
        return cage_locked_value();
      case Technique::innie_outie:
      case Technique::innie_outie_pair:
      case Technique::cage_split:
      case Technique::union_innie_outie:
      case Technique::virtual_cage:
        return rule_of_45();
      case Technique::unique_rectangle:
      case Technique::unique_loop:
        return deadly_pattern();
      case Technique::bug:
        return bivalue_grave();
      case Technique::aligned_pair_exclusion:
      case Technique::aligned_triplet_exclusion:
        return aligned_exclusion();
      default:
        return "evidence for a technique the checker does not know";
    }
  }

 private:
  std::string name(const CellValue& at) const {
    return cell_name(geometry_, at.cell) + "=" + std::to_string(at.value);
  }
  bool sees(int a, int b) const {
    const auto peers = geometry_.peers(a);
    return a != b && std::binary_search(peers.begin(), peers.end(), b);
  }
  Cells unit_cells(int unit) const {
    const auto& cells = geometry_.units()[static_cast<std::size_t>(unit)];
    return {cells.begin(), cells.end()};
  }
  Cells places(int unit, int value) const {
    Cells result;
    for (int cell : geometry_.units()[static_cast<std::size_t>(unit)])
      if (board_.has(cell, value)) result.insert(cell);
    return result;
  }
  Cells places(const Cells& cells, int value) const {
    Cells result;
    for (int cell : cells)
      if (board_.has(cell, value)) result.insert(cell);
    return result;
  }
  std::uint32_t mask(int cell) const { return board_.candidates[static_cast<std::size_t>(cell)]; }
  static bool within(const Cells& part, const Cells& whole) {
    return std::includes(whole.begin(), whole.end(), part.begin(), part.end());
  }
  Cells evidence_cells() const { return {evidence_.cells.begin(), evidence_.cells.end()}; }
  // The one value of the evidence's candidates, or 0 when they hold several.
  int only_value() const {
    int value = 0;
    for (const CellValue& at : evidence_.candidates) {
      if (value != 0 && at.value != value) return 0;
      value = at.value;
    }
    return value;
  }
  // Every elimination is on the board and passes `ok`; "" or the first that does not.
  std::string eliminations_where(const std::function<bool(const CellValue&)>& ok) const {
    if (step_.eliminations.empty() && step_.placements.empty()) return "the step deduces nothing";
    for (const CellValue& gone : step_.eliminations) {
      if (!board_.has(gone.cell, gone.value)) return "eliminated " + name(gone) + " is not on the board";
      if (!ok(gone)) return "elimination " + name(gone) + " does not follow from the pattern";
    }
    return "";
  }

  std::string hidden_single() const {
    if (evidence_.units.size() != 1 || step_.placements.size() != 1) return "expected one unit and a placement";
    const CellValue placed = step_.placements.front();
    if (places(evidence_.units.front(), placed.value) != Cells{placed.cell})
      return name(placed) + " is not the value's only place in its unit";
    if (step_.technique == Technique::full_house) {
      int open = 0;
      for (int cell : unit_cells(evidence_.units.front())) open += board_.values[static_cast<std::size_t>(cell)] == 0;
      if (open != 1) return "full house in a unit with " + std::to_string(open) + " open cells";
    }
    return "";
  }

  std::string naked_single() const {
    if (step_.placements.size() != 1) return "expected a placement";
    const CellValue placed = step_.placements.front();
    if (mask(placed.cell) != (1U << (placed.value - 1))) return name(placed) + " is not the cell's only candidate";
    // Its houses, whose values emptied the cell: exactly the units the cell lies in.
    std::vector<int> houses;
    for (std::size_t unit = 0; unit < geometry_.units().size(); ++unit) {
      const auto& cells = geometry_.units()[unit];
      if (std::find(cells.begin(), cells.end(), placed.cell) != cells.end()) houses.push_back(static_cast<int>(unit));
    }
    std::vector<int> units = evidence_.units;
    std::sort(units.begin(), units.end());
    if (units != houses) return "the units are not the houses of " + name(placed);
    return "";
  }

  std::string intersection() const {
    const int value = only_value();
    if (value == 0 || evidence_.cover_units.size() != 1 || evidence_.units.empty())
      return "expected one value, a base unit and a cover unit";
    const Cells base = unit_cells(evidence_.units.front());
    const Cells cover = unit_cells(evidence_.cover_units.front());
    const Cells held = places(evidence_.units.front(), value);
    if (held != evidence_cells()) return "the cells are not the value's places in the base";
    if (!within(held, cover)) return "the value's places in the base are not all in the cover";
    const auto outside = [&](int cell) { return cover.count(cell) && !base.count(cell); };
    if (step_.technique == Technique::pointing || step_.technique == Technique::claiming)
      return eliminations_where([&](const CellValue& gone) { return gone.value == value && outside(gone.cell); });
    // Direct: the eliminations leave the placement the value's only place in the second unit.
    if (evidence_.units.size() != 2 || step_.placements.size() != 1) return "expected a second unit and a placement";
    const CellValue placed = step_.placements.front();
    Cells left;
    for (int cell : places(evidence_.units[1], value))
      if (!outside(cell)) left.insert(cell);
    if (placed.value != value || left != Cells{placed.cell}) return "the placement is not the single left";
    return "";
  }

  std::string naked_subset() const {
    const std::size_t size = step_.technique == Technique::naked_pair ? 2 : step_.technique == Technique::naked_triple ? 3 : 4;
    if (evidence_.units.size() != 1 || evidence_.cells.size() != size) return "expected one unit and the set's cells";
    const Cells unit = unit_cells(evidence_.units.front());
    const Cells cells = evidence_cells();
    std::uint32_t together = 0;
    for (int cell : cells) {
      if (!unit.count(cell)) return "a cell of the set is outside its unit";
      together |= mask(cell);
    }
    if (static_cast<std::size_t>(std::popcount(together)) != size) return "the cells hold more values than cells";
    return eliminations_where([&](const CellValue& gone) {
      return unit.count(gone.cell) && !cells.count(gone.cell) && ((together >> (gone.value - 1)) & 1U);
    });
  }

  std::string hidden_subset() const {
    const bool direct =
        step_.technique == Technique::direct_hidden_pair || step_.technique == Technique::direct_hidden_triple;
    const std::size_t size = step_.technique == Technique::hidden_pair || step_.technique == Technique::direct_hidden_pair ? 2
                             : step_.technique == Technique::hidden_quad                                                     ? 4
                                                                                                                            : 3;
    if (evidence_.units.size() != 1 || evidence_.cells.size() != size) return "expected one unit and the set's cells";
    const int unit = evidence_.units.front();
    const Cells cells = evidence_cells();
    std::set<int> kept;
    for (const CellValue& at : evidence_.candidates) kept.insert(at.value);
    if (kept.size() != size) return "the set does not hold as many values as cells";
    for (int value : kept) {
      const Cells held = places(unit, value);
      if (held.empty() || !within(held, cells)) return "value " + std::to_string(value) + " has places outside the set";
    }
    if (!direct)
      return eliminations_where([&](const CellValue& gone) { return cells.count(gone.cell) && !kept.count(gone.value); });
    if (step_.placements.size() != 1) return "expected a placement";
    const CellValue placed = step_.placements.front();
    Cells left;
    for (int cell : places(unit, placed.value))
      if (!cells.count(cell)) left.insert(cell);
    if (kept.count(placed.value) || left != Cells{placed.cell}) return "the placement is not the single left";
    return "";
  }

  std::string fish() const {
    const std::size_t size = step_.technique == Technique::x_wing ? 2 : step_.technique == Technique::swordfish ? 3 : 4;
    const int value = only_value();
    if (value == 0 || evidence_.units.size() != size || evidence_.cover_units.size() != size)
      return "expected one value and as many base as cover lines";
    Cells base;
    Cells cover;
    for (int unit : evidence_.units)
      for (int cell : unit_cells(unit))
        if (!base.insert(cell).second) return "base lines overlap";
    for (int unit : evidence_.cover_units)
      for (int cell : unit_cells(unit))
        if (!cover.insert(cell).second) return "cover lines overlap";
    const Cells held = places(base, value);
    if (held != evidence_cells()) return "the cells are not the value's places in the base lines";
    if (!within(held, cover)) return "a base place lies outside the cover lines";
    return eliminations_where([&](const CellValue& gone) {
      return gone.value == value && cover.count(gone.cell) && !base.count(gone.cell);
    });
  }

  std::string xy_wing() const {
    if (evidence_.cells.size() != 3) return "expected a pivot and two pincers";
    const int pivot = evidence_.cells[0], a = evidence_.cells[1], b = evidence_.cells[2];
    for (int cell : evidence_.cells)
      if (std::popcount(mask(cell)) != 2) return "a wing cell is not bivalue";
    if (!sees(pivot, a) || !sees(pivot, b)) return "the pivot does not see both pincers";
    const std::uint32_t z = mask(a) & mask(b);
    if (std::popcount(z) != 1 || (z & mask(pivot)) != 0 || (mask(a) | mask(b)) != (mask(pivot) | z))
      return "the pincers do not hold the pivot's two values and one more";
    return eliminations_where([&](const CellValue& gone) {
      return (1U << (gone.value - 1)) == z && sees(gone.cell, a) && sees(gone.cell, b);
    });
  }

  std::string xyz_wing() const {
    if (evidence_.cells.size() != 3) return "expected a pivot and two pincers";
    const int pivot = evidence_.cells[0], a = evidence_.cells[1], b = evidence_.cells[2];
    if (std::popcount(mask(pivot)) != 3 || std::popcount(mask(a)) != 2 || std::popcount(mask(b)) != 2)
      return "expected a three-value pivot and bivalue pincers";
    if ((mask(a) & ~mask(pivot)) != 0 || (mask(b) & ~mask(pivot)) != 0 || mask(a) == mask(b))
      return "the pincers' values are not the pivot's";
    if (!sees(pivot, a) || !sees(pivot, b)) return "the pivot does not see both pincers";
    const std::uint32_t z = mask(a) & mask(b);
    return eliminations_where([&](const CellValue& gone) {
      return (1U << (gone.value - 1)) == z && sees(gone.cell, pivot) && sees(gone.cell, a) && sees(gone.cell, b);
    });
  }

  std::string als_wing() const {
    const std::size_t size = step_.technique == Technique::wxyz_wing ? 3 : 4;
    if (evidence_.cells.size() != size + 1 || evidence_.units.size() != 1) return "expected a set, a bivalue cell and a unit";
    const Cells unit = unit_cells(evidence_.units.front());
    const Cells set(evidence_.cells.begin(), evidence_.cells.end() - 1);
    const int b = evidence_.cells.back();
    std::uint32_t together = 0;
    for (int cell : set) {
      if (!unit.count(cell)) return "a cell of the set is outside its unit";
      together |= mask(cell);
    }
    if (set.size() != size || static_cast<std::size_t>(std::popcount(together)) != size + 1)
      return "the set is not almost locked";
    if (set.count(b) || std::popcount(mask(b)) != 2 || (mask(b) & ~together) != 0) return "the bivalue cell does not fit";
    // A restricted common: every cell of the set holding it sees the bivalue cell.
    const auto restricted = [&](int value) {
      for (int cell : places(set, value))
        if (!sees(cell, b)) return false;
      return true;
    };
    const int low = std::countr_zero(mask(b)) + 1;
    const int high = 32 - std::countl_zero(mask(b));
    const bool low_r = restricted(low), high_r = restricted(high);
    if (!low_r && !high_r) return "no restricted common value";
    const auto sees_all = [&](int cell, int value) {
      for (int holder : places(set, value))
        if (!sees(cell, holder)) return false;
      return true;
    };
    return eliminations_where([&](const CellValue& gone) {
      if (set.count(gone.cell) || gone.cell == b || !sees_all(gone.cell, gone.value)) return false;
      if (gone.value == low || gone.value == high) {
        const bool other_restricted = gone.value == low ? high_r : low_r;
        return other_restricted && sees(gone.cell, b);
      }
      return low_r && high_r;
    });
  }

  // A link as its kind says: strong, the only two places of a value in a unit or the only two
  // values of a cell; weak, one value in two cells that see each other or two values of a cell.
  std::string link_fault(const EvidenceLink& link) const {
    if (!board_.has(link.from.cell, link.from.value) || !board_.has(link.to.cell, link.to.value))
      return "a link's candidate is not on the board";
    if (link.from == link.to) return "a link joins a candidate to itself";
    if (link.from.cell == link.to.cell) {
      if (link.strong && std::popcount(mask(link.from.cell)) != 2) return "strong link in a cell that is not bivalue";
      return "";
    }
    if (link.from.value != link.to.value || !sees(link.from.cell, link.to.cell)) return "linked cells do not see each other";
    if (!link.strong) return "";
    for (int unit : geometry_.units_of(link.from.cell))
      if (places(unit, link.from.value) == Cells{link.from.cell, link.to.cell}) return "";
    return "strong link " + name(link.from) + " - " + name(link.to) + " is not the value's only two places in a unit";
  }

  std::string links_fault() const {
    if (evidence_.links.empty()) return "no links";
    for (std::size_t i = 0; i < evidence_.links.size(); ++i) {
      if (i > 0 && !(evidence_.links[i - 1].to == evidence_.links[i].from)) return "the links do not join up";
      if (i > 0 && evidence_.links[i - 1].strong == evidence_.links[i].strong) return "the links do not alternate";
      if (std::string fault = link_fault(evidence_.links[i]); !fault.empty()) return fault;
    }
    return "";
  }

  // Skyscrapers and their kin: strong, weak, ..., strong on one value; what sees both ends goes.
  std::string strong_links() const {
    if (std::string fault = links_fault(); !fault.empty()) return fault;
    const EvidenceLink& first = evidence_.links.front();
    const EvidenceLink& last = evidence_.links.back();
    if (!first.strong || !last.strong) return "the chain does not start and end with strong links";
    std::set<int> chain;
    for (const EvidenceLink& link : evidence_.links) {
      if (link.from.value != first.from.value || link.from.cell == link.to.cell) return "not a single-value chain";
      chain.insert(link.from.cell);
      chain.insert(link.to.cell);
    }
    return eliminations_where([&](const CellValue& gone) {
      return gone.value == first.from.value && !chain.count(gone.cell) && sees(gone.cell, first.from.cell) &&
             sees(gone.cell, last.to.cell);
    });
  }

  // A forcing chain (an odd number of links from a candidate back to itself: assumed true it
  // turns false, or assumed false it turns true) or a loop (even, closing on its start: either
  // colouring of its nodes holds, so what sees an on and an off node of its value goes).
  std::string chain() const {
    if (std::string fault = links_fault(); !fault.empty()) return fault;
    const CellValue start = evidence_.links.front().from;
    if (!(evidence_.links.back().to == start)) return "the chain does not come back to its start";
    if (evidence_.links.size() % 2 == 1) {
      if (!evidence_.links.front().strong) {
        if (!step_.placements.empty() || step_.eliminations != std::vector<CellValue>{start})
          return "a chain refuting " + name(start) + " must eliminate it";
      } else if (!step_.eliminations.empty() || step_.placements != std::vector<CellValue>{start}) {
        return "a chain proving " + name(start) + " must place it";
      }
      return "";
    }
    if (evidence_.links.back().strong == evidence_.links.front().strong) return "the loop does not alternate";
    std::vector<std::pair<CellValue, bool>> nodes;  // (candidate, on)
    bool on = evidence_.links.back().strong;  // a node entered by a strong link is on
    for (const EvidenceLink& link : evidence_.links) {
      nodes.push_back({link.from, on});
      on = link.strong;
    }
    std::set<int> loop_cells;
    for (const auto& node : nodes) loop_cells.insert(node.first.cell);
    return eliminations_where([&](const CellValue& gone) {
      if (loop_cells.count(gone.cell)) return false;
      bool sees_on = false, sees_off = false;
      for (const auto& [node, node_on] : nodes)
        if (node.value == gone.value && sees(gone.cell, node.cell)) (node_on ? sees_on : sees_off) = true;
      return sees_on && sees_off;
    });
  }

  // ---- branches: grouped chains, Nishio, forcing chains ----

  std::string node_name(const EvidenceNode& node) const {
    std::string text;
    for (int cell : node.cells) {
      if (!text.empty()) text += ',';
      text += cell_name(geometry_, cell);
    }
    return text + (node.on ? "=" : "<>") + std::to_string(node.value);
  }
  // Whether `cells` all lie in one unit.
  bool one_unit(const std::vector<int>& cells) const {
    for (int unit : geometry_.units_of(cells.front())) {
      const Cells members = unit_cells(unit);
      if (std::all_of(cells.begin(), cells.end(), [&](int cell) { return members.count(cell) > 0; })) return true;
    }
    return false;
  }
  // A node follows from its parents on the board. On: the last candidate of its cell, or the last
  // place of its value in a unit holding all its cells, every other one in an off parent (a strong
  // link). Off: an on parent of the same value whose cells all see all of its cells, or another
  // value of its one cell (a weak link). The assumption has no parents.
  std::string node_fault(const EvidenceBranch& branch, std::size_t i) const {
    const EvidenceNode& node = branch.nodes[i];
    if (node.cells.empty() || node.value < 1 || node.value > geometry_.size()) return "an empty node";
    for (int cell : node.cells)
      if (!board_.has(cell, node.value)) return "node " + node_name(node) + " is not on the board";
    if (node.cells.size() > 1 && !one_unit(node.cells)) return "group " + node_name(node) + " is not in one unit";
    if (i == 0) return node.parents.empty() ? "" : "the assumption has parents";
    if (node.parents.empty() && node.rule == NodeRule::link) return "node " + node_name(node) + " follows from nothing";
    for (int parent : node.parents)
      if (parent < 0 || static_cast<std::size_t>(parent) >= i) return "a parent comes after its node";
    if (node.rule != NodeRule::link) return pattern_fault(branch, node);
    const auto parent = [&](int k) -> const EvidenceNode& { return branch.nodes[static_cast<std::size_t>(k)]; };
    if (node.on) {
      Cells off_places;             // cells of off parents of the node's value
      std::uint32_t off_values = 0;  // values of off parents in the node's one cell
      for (int k : node.parents) {
        const EvidenceNode& p = parent(k);
        if (p.on) return "a strong link into " + node_name(node) + " from an on node";
        if (p.value == node.value) off_places.insert(p.cells.begin(), p.cells.end());
        if (p.cells == node.cells && node.cells.size() == 1) off_values |= 1U << (p.value - 1);
      }
      const Cells cells(node.cells.begin(), node.cells.end());
      if (cells.size() == 1 && (mask(node.cells.front()) & ~(1U << (node.value - 1)) & ~off_values) == 0) return "";
      for (int unit : geometry_.units_of(node.cells.front())) {
        const Cells held = places(unit, node.value);
        if (!within(cells, unit_cells(unit))) continue;
        if (std::all_of(held.begin(), held.end(), [&](int c) { return cells.count(c) || off_places.count(c); }))
          return "";
      }
      return "node " + node_name(node) + " is not the last place left by its parents";
    }
    for (int k : node.parents) {
      const EvidenceNode& p = parent(k);
      if (!p.on) continue;
      if (p.value == node.value &&
          std::all_of(node.cells.begin(), node.cells.end(), [&](int c) {
            return std::all_of(p.cells.begin(), p.cells.end(), [&](int d) { return sees(c, d); });
          }))
        return "";
      if (p.value != node.value && p.cells == node.cells && node.cells.size() == 1) return "";
    }
    return "no weak link into " + node_name(node);
  }

  // The board as `facts` leave it: off facts' candidates gone, on facts' values placed (single cells).
  PencilBoard after(const std::vector<const EvidenceNode*>& facts) const {
    PencilBoard thinned = board_;
    for (const EvidenceNode* fact : facts)
      for (int cell : fact->cells) {
        const auto at = static_cast<std::size_t>(cell);
        if (!fact->on) {
          thinned.candidates[at] &= ~(1U << (fact->value - 1));
        } else if (fact->cells.size() == 1) {
          thinned.values[at] = fact->value;
          thinned.candidates[at] = 0;
        }
      }
    return thinned;
  }
  std::vector<const EvidenceNode*> parents_of(const EvidenceBranch& branch, const EvidenceNode& node) const {
    std::vector<const EvidenceNode*> facts;
    for (int k : node.parents) facts.push_back(&branch.nodes[static_cast<std::size_t>(k)]);
    return facts;
  }
  // The cage's fillings on `board` (values placed there count as placed): cell by cell, value by value.
  std::vector<std::vector<int>> fillings_on(const PencilBoard& board, int cage, std::vector<int>& cells) const {
    const Checker on(geometry_, board, step_);
    const CageOpen open = on.cage_open(cage);
    cells = open.cells;
    std::vector<std::vector<int>> all;
    on.cage_fillings(open, [&](const std::vector<int>& values) { all.push_back(values); });
    return all;
  }
  // Whether placing `value` in `cell` on `board` and then naked and hidden singles, to the end,
  // leave a cell without candidates or a house without a place for a value it lacks.
  bool refuted_by_singles(PencilBoard board, int cell, int value) const {
    if (!board.has(cell, value)) return true;
    place_on(board, cell, value);
    for (bool placed = true; placed;) {
      placed = false;
      for (std::size_t at = 0; at < board.values.size(); ++at) {
        if (board.values[at] != 0) continue;
        if (board.candidates[at] == 0) return true;
        if (std::popcount(board.candidates[at]) == 1) {
          place_on(board, static_cast<int>(at), std::countr_zero(board.candidates[at]) + 1);
          placed = true;
        }
      }
      for (const auto& unit : geometry_.units())
        for (int v = 1; v <= geometry_.size(); ++v) {
          int places = 0, last = -1;
          bool there = false;
          for (int at : unit) {
            there = there || board.values[static_cast<std::size_t>(at)] == v;
            if (board.has(at, v)) ++places, last = at;
          }
          if (there) continue;
          if (places == 0) return true;
          if (places == 1) {
            place_on(board, last, v);
            placed = true;
          }
        }
    }
    return false;
  }
  void place_on(PencilBoard& board, int cell, int value) const {
    board.values[static_cast<std::size_t>(cell)] = value;
    board.candidates[static_cast<std::size_t>(cell)] = 0;
    for (int peer : geometry_.peers(cell)) board.candidates[static_cast<std::size_t>(peer)] &= ~(1U << (value - 1));
  }

  // A node made by a pattern (NodeRule), checked from the pattern's definition on the board its
  // parents leave.
  std::string pattern_fault(const EvidenceBranch& branch, const EvidenceNode& node) const {
    if (node.cells.size() != 1) return "a pattern's node on a group";
    const int cell = node.cells.front();
    const std::uint32_t bit = 1U << (node.value - 1);
    const std::vector<const EvidenceNode*> facts = parents_of(branch, node);
    const PencilBoard thinned = after(facts);
    const auto unit_ok = [&] { return node.unit >= 0 && static_cast<std::size_t>(node.unit) < geometry_.units().size(); };
    switch (node.rule) {
      case NodeRule::intersection: {
        if (node.on || !unit_ok()) return "an intersection's node must be off, with a unit";
        const Cells members = unit_cells(node.unit);
        if (members.count(cell)) return "an intersection's node lies in its own unit";
        Cells left;
        for (int at : members)
          if (thinned.has(at, node.value)) left.insert(at);
        if (left.empty() || left != Cells(node.pattern.begin(), node.pattern.end()))
          return "the pattern is not the value's places left in " + std::to_string(node.unit);
        for (int other : geometry_.units_of(cell))
          if (within(left, unit_cells(other))) return "";
        return "the places left in the unit do not lie in a house of " + node_name(node);
      }
      case NodeRule::naked_subset: {
        if (node.on || !unit_ok() || node.pattern.empty()) return "a naked subset's node must be off, with a unit and cells";
        const Cells members = unit_cells(node.unit);
        std::uint32_t together = 0;
        for (int at : node.pattern) {
          if (!members.count(at) || at == cell || thinned.values[static_cast<std::size_t>(at)] != 0)
            return "a subset cell outside its unit, placed, or the node's own";
          together |= thinned.candidates[static_cast<std::size_t>(at)];
        }
        if (!members.count(cell)) return "a naked subset's node outside its unit";
        if (std::popcount(together) != static_cast<int>(node.pattern.size()) || (together & bit) == 0)
          return "the subset cells do not keep as many values as cells, the node's among them";
        return "";
      }
      case NodeRule::cage: {
        if (node.cage < 0 || static_cast<std::size_t>(node.cage) >= geometry_.cages().size()) return "a cage rule without its cage";
        std::vector<int> open;
        const std::vector<std::vector<int>> fillings = fillings_on(thinned, node.cage, open);
        const auto at = std::find(open.begin(), open.end(), cell);
        const auto in_cage = static_cast<std::size_t>(at - open.begin());
        if (fillings.empty()) return "the cage has no filling left: a contradiction, not a node";
        for (const std::vector<int>& values : fillings) {
          if (at != open.end()) {
            if ((values[in_cage] == node.value) != node.on) return "a filling of the cage " + std::string(node.on ? "leaves out " : "keeps ") + node_name(node);
            continue;
          }
          if (node.on) return "a cage rule's on node outside the cage's open cells";
          bool seen = false;
          for (std::size_t k = 0; k < values.size(); ++k) seen = seen || (values[k] == node.value && sees(open[k], cell));
          if (!seen) return "a filling of the cage puts " + std::to_string(node.value) + " where " + node_name(node) + " does not see it";
        }
        return "";
      }
      case NodeRule::chain: {
        // The inner rule is static chains and cycles: from the node assumed true, each strong link
        // is a naked or hidden single on the board the parents leave, so singles reach a
        // contradiction (a brute-force search would not do: on a puzzle with one solution it
        // refutes every wrong candidate, whatever the parents).
        if (node.on) return "an inner chain's node must be off";
        for (const EvidenceNode* fact : facts)
          if (fact->on) return "an inner chain's parents must be off";
        return refuted_by_singles(thinned, cell, node.value) ? ""
                   : "singles from " + node_name(node) + " on the board the parents leave meet no contradiction";
      }
      case NodeRule::link:
        break;
    }
    return "unknown node rule";
  }

  // Nodes that cannot all hold: a candidate on and off; one value on in two cells that see each
  // other, or two values on in one cell; every candidate of a cell, or every place of a value in a
  // unit (without it placed), off.
  bool contradictory(const std::vector<const EvidenceNode*>& ends) const {
    for (const EvidenceNode* node : ends)
      if (node->cells.size() != 1) return false;
    if (ends.size() == 2) {
      const EvidenceNode& a = *ends[0];
      const EvidenceNode& b = *ends[1];
      if (a.cells == b.cells && a.value == b.value && a.on != b.on) return true;
      if (a.on && b.on && a.value == b.value && sees(a.cells.front(), b.cells.front())) return true;
      if (a.on && b.on && a.value != b.value && a.cells == b.cells) return true;
    }
    Cells off_cells;
    std::uint32_t off_values = 0;
    bool all_off = true;
    for (const EvidenceNode* node : ends) {
      all_off = all_off && !node->on;
      off_cells.insert(node->cells.front());
      off_values |= 1U << (node->value - 1);
    }
    if (all_off && off_cells.size() == 1 && (mask(*off_cells.begin()) & ~off_values) == 0) return true;
    // Facts of one cage's cells that leave it no filling.
    const int cage = geometry_.cage_of(ends.front()->cells.front());
    if (cage >= 0 && std::all_of(ends.begin(), ends.end(), [&](const EvidenceNode* node) {
          return geometry_.cage_of(node->cells.front()) == cage;
        })) {
      std::vector<int> open;
      if (fillings_on(after(ends), cage, open).empty()) return true;
    }
    if (!all_off || std::popcount(off_values) != 1) return false;
    const int value = ends.front()->value;
    for (int unit : geometry_.units_of(ends.front()->cells.front())) {
      bool placed = false;
      for (int cell : unit_cells(unit)) placed = placed || board_.values[static_cast<std::size_t>(cell)] == value;
      if (!placed && within(places(unit, value), off_cells)) return true;
    }
    return false;
  }

  // The step's one deduction is `node` (single cell): placed when on, eliminated when off.
  std::string deduces(const EvidenceNode& node, const char* why) const {
    const CellValue at{node.cells.front(), node.value};
    const bool ok = node.on ? step_.placements == std::vector<CellValue>{at} && step_.eliminations.empty()
                            : step_.eliminations == std::vector<CellValue>{at} && step_.placements.empty();
    return ok ? "" : std::string(why) + " " + node_name(node) + " is not the step's deduction";
  }

  std::string branches() const {
    for (const EvidenceBranch& branch : evidence_.branches) {
      if (branch.nodes.empty() || branch.ends.empty()) return "a branch without nodes or ends";
      for (std::size_t i = 0; i < branch.nodes.size(); ++i)
        if (std::string fault = node_fault(branch, i); !fault.empty()) return fault;
      for (int end : branch.ends)
        if (end < 0 || static_cast<std::size_t>(end) >= branch.nodes.size()) return "an end outside its branch";
    }
    if (strong_link_family(step_.technique)) return grouped_chain();
    const EvidenceBranch& first = evidence_.branches.front();
    const EvidenceNode& assumed = first.nodes.front();
    if (assumed.cells.size() != 1) return "an assumption on a group";
    // A contradiction: the assumption is false. (One branch ending in one node that does not
    // clash: a cell's only candidate, the forcing chain of one assumption.)
    if (evidence_.branches.size() == 1) {
      std::vector<const EvidenceNode*> ends;
      for (int end : first.ends) ends.push_back(&first.nodes[static_cast<std::size_t>(end)]);
      if (contradictory(ends)) {
        EvidenceNode opposite = assumed;
        opposite.on = !assumed.on;
        return deduces(opposite, "refuted");
      }
      if (ends.size() != 1) return "the branch's ends do not contradict each other";
    }
    // A forcing chain: every branch ends in one fact, and the assumptions cover every case.
    const EvidenceNode* conclusion = nullptr;
    std::vector<const EvidenceNode*> assumptions;
    for (const EvidenceBranch& branch : evidence_.branches) {
      if (branch.ends.size() != 1) return "a forcing chain's branch ends in several nodes";
      const EvidenceNode& end = branch.nodes[static_cast<std::size_t>(branch.ends.front())];
      if (end.cells.size() != 1) return "a conclusion on a group";
      if (conclusion != nullptr && (end.cells != conclusion->cells || end.value != conclusion->value || end.on != conclusion->on))
        return "the branches end in different facts";
      conclusion = &end;
      assumptions.push_back(&branch.nodes.front());
    }
    bool exhaustive = false;
    if (assumptions.size() == 2 && assumptions[0]->cells == assumptions[1]->cells &&
        assumptions[0]->value == assumptions[1]->value && assumptions[0]->on != assumptions[1]->on)
      exhaustive = true;  // both values of a candidate
    if (std::all_of(assumptions.begin(), assumptions.end(), [](const EvidenceNode* a) { return a->on; })) {
      std::uint32_t values = 0;
      Cells cells;
      for (const EvidenceNode* a : assumptions) {
        values |= 1U << (a->value - 1);
        cells.insert(a->cells.front());
      }
      if (cells.size() == 1 && std::popcount(values) == static_cast<int>(assumptions.size()) &&
          mask(*cells.begin()) == values)
        exhaustive = true;  // every candidate of a cell
      // Every place of a value in a unit (the evidence's unit, when it names one).
      if (std::popcount(values) == 1 && cells.size() == assumptions.size())
        for (int unit : geometry_.units_of(*cells.begin()))
          exhaustive = exhaustive || (places(unit, assumptions.front()->value) == cells &&
                                      (evidence_.units.empty() || evidence_.units.front() == unit));
    }
    if (!exhaustive) return "the assumptions do not cover every case";
    return deduces(*conclusion, "the conclusion");
  }

  // A grouped strong-link chain: from its first node off to its last on (one of the two holds);
  // what sees all cells of both loses the value. A loop (back to its first node): along every weak
  // link one end holds (the loop can be read either way round).
  std::string grouped_chain() const {
    if (evidence_.branches.size() != 1) return "a grouped chain is one branch";
    const EvidenceBranch& chain = evidence_.branches.front();
    const std::vector<EvidenceNode>& nodes = chain.nodes;
    if (chain.ends != std::vector<int>{static_cast<int>(nodes.size()) - 1} || nodes.size() < 4)
      return "a grouped chain ends in its last node";
    Cells used;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (nodes[i].value != nodes.front().value) return "not a single-value chain";
      if (nodes[i].on != (i % 2 == 1)) return "the chain does not alternate";
      if (i > 0 && nodes[i].parents != std::vector<int>{static_cast<int>(i) - 1}) return "the chain is not a path";
      if (i + 1 < nodes.size() || nodes.size() % 2 == 0) used.insert(nodes[i].cells.begin(), nodes[i].cells.end());
    }
    const int value = nodes.front().value;
    const auto sees_all = [&](int cell, const EvidenceNode& node) {
      return std::all_of(node.cells.begin(), node.cells.end(), [&](int c) { return sees(cell, c); });
    };
    const bool loop = nodes.size() % 2 == 1;
    if (loop && nodes.back().cells != nodes.front().cells) return "a loop must come back to its first node";
    // A loop's strong links must hold read backwards too: each is a unit's only places (checked
    // forwards by node_fault, symmetric by definition).
    return eliminations_where([&](const CellValue& gone) {
      if (gone.value != value || used.count(gone.cell)) return false;
      if (!loop) return sees_all(gone.cell, nodes.front()) && sees_all(gone.cell, nodes.back());
      for (std::size_t i = 1; i < nodes.size(); i += 2)
        if (sees_all(gone.cell, nodes[i]) && sees_all(gone.cell, nodes[i + 1])) return true;
      return false;
    });
  }

  // Every way to fill `cells` from their candidates with distinct values (where they see each
  // other) for which `keep` holds.
  void assignments(const std::vector<int>& cells, const std::function<bool(const std::vector<int>&)>& keep,
                   const std::function<void(const std::vector<int>&)>& visit) const {
    std::vector<int> values(cells.size(), 0);
    std::function<void(std::size_t)> fill = [&](std::size_t i) {
      if (i == cells.size()) {
        if (keep(values)) visit(values);
        return;
      }
      for (int value = 1; value <= geometry_.size(); ++value) {
        if (!board_.has(cells[i], value)) continue;
        bool clash = false;
        for (std::size_t j = 0; j < i; ++j) clash = clash || (values[j] == value && sees(cells[i], cells[j]));
        if (clash) continue;
        values[i] = value;
        fill(i + 1);
      }
    };
    fill(0);
  }

  struct CageOpen {
    std::vector<int> cells;
    int remaining = 0;
    std::uint32_t placed = 0;
  };
  CageOpen cage_open(int cage) const {
    CageOpen open;
    const Cage& c = geometry_.cages()[static_cast<std::size_t>(cage)];
    open.remaining = c.sum;
    for (int cell : c.cells) {
      const int value = board_.values[static_cast<std::size_t>(cell)];
      if (value == 0) {
        open.cells.push_back(cell);
      } else {
        open.remaining -= value;
        open.placed |= 1U << (value - 1);
      }
    }
    return open;
  }
  // The cage's fillings: distinct values (none already placed in it) adding up to what is left.
  void cage_fillings(const CageOpen& open, const std::function<void(const std::vector<int>&)>& visit) const {
    assignments(
        open.cells,
        [&](const std::vector<int>& values) {
          int sum = 0;
          std::uint32_t used = 0;
          for (int value : values) {
            sum += value;
            if ((open.placed >> (value - 1)) & 1U) return false;
            if ((used >> (value - 1)) & 1U) return false;
            used |= 1U << (value - 1);
          }
          return sum == open.remaining;
        },
        visit);
  }

  std::string cage_completion() const {
    if (evidence_.cages.size() != 1 || step_.placements.size() != 1) return "expected a cage and a placement";
    const CageOpen open = cage_open(evidence_.cages.front());
    const CellValue placed = step_.placements.front();
    if (open.cells != std::vector<int>{placed.cell} || open.remaining != placed.value)
      return "the placement is not the cage's last cell and value";
    return "";
  }

  std::string cage_combination() const {
    if (evidence_.cages.size() != 1) return "expected a cage";
    const CageOpen open = cage_open(evidence_.cages.front());
    std::set<std::pair<int, int>> possible;
    cage_fillings(open, [&](const std::vector<int>& values) {
      for (std::size_t i = 0; i < values.size(); ++i) possible.insert({open.cells[i], values[i]});
    });
    return eliminations_where([&](const CellValue& gone) {
      return std::find(open.cells.begin(), open.cells.end(), gone.cell) != open.cells.end() &&
             !possible.count({gone.cell, gone.value});
    });
  }

  std::string cage_locked_value() const {
    const int value = only_value();
    if (evidence_.cages.size() != 1 || value == 0) return "expected a cage and one value";
    const CageOpen open = cage_open(evidence_.cages.front());
    const Cells holders = evidence_cells();
    const Cells cage_cells(open.cells.begin(), open.cells.end());
    if (evidence_.units.empty()) {
      // The cage must hold the value, and can only in the holders: whatever sees them all loses it.
      bool always = true;
      cage_fillings(open, [&](const std::vector<int>& values) {
        bool has = false;
        for (std::size_t i = 0; i < values.size(); ++i) has = has || (values[i] == value && holders.count(open.cells[i]));
        always = always && has;
      });
      if (!always) return "some filling of the cage leaves the value out of the holders";
      return eliminations_where([&](const CellValue& gone) {
        if (gone.value != value || cage_cells.count(gone.cell)) return false;
        for (int holder : holders)
          if (!sees(gone.cell, holder)) return false;
        return true;
      });
    }
    // A unit's places for the value all in the cage: the cage's fillings must put it there.
    if (places(evidence_.units.front(), value) != holders || !within(holders, cage_cells))
      return "the unit's places for the value are not the cage's";
    std::set<std::pair<int, int>> possible;
    cage_fillings(open, [&](const std::vector<int>& values) {
      bool there = false;
      for (std::size_t i = 0; i < values.size(); ++i) there = there || (values[i] == value && holders.count(open.cells[i]));
      if (!there) return;
      for (std::size_t i = 0; i < values.size(); ++i) possible.insert({open.cells[i], values[i]});
    });
    return eliminations_where([&](const CellValue& gone) {
      return cage_cells.count(gone.cell) && !possible.count({gone.cell, gone.value});
    });
  }

  // The 45 rule: the units (disjoint) add up to 1 + ... + n each; the cages named are counted at
  // their sums, their cells outside the units taken off as outies, the units' cells in no named
  // cage added as innies. What is left over the open cells must be met by some filling.
  std::string rule_of_45() const {
    if (evidence_.units.empty()) return "expected the units of the region";
    Cells region;
    for (int unit : evidence_.units)
      for (int cell : unit_cells(unit))
        if (!region.insert(cell).second) return "the region's units overlap";
    const int n = geometry_.size();
    int total = static_cast<int>(evidence_.units.size()) * n * (n + 1) / 2;
    Cells caged;
    std::map<int, int> sign;  // open cell -> +1 innie, -1 outie
    for (int cage : evidence_.cages) {
      const Cage& c = geometry_.cages()[static_cast<std::size_t>(cage)];
      total -= c.sum;
      for (int cell : c.cells) {
        caged.insert(cell);
        if (region.count(cell)) continue;
        const int value = board_.values[static_cast<std::size_t>(cell)];
        if (value != 0) total += value;
        else sign[cell] = -1;
      }
    }
    for (int cell : region) {
      if (caged.count(cell)) continue;
      const int value = board_.values[static_cast<std::size_t>(cell)];
      if (value != 0) total -= value;
      else sign[cell] = +1;
    }
    std::vector<int> cells;
    for (const auto& [cell, s] : sign) cells.push_back(cell);
    if (Cells(cells.begin(), cells.end()) != evidence_cells()) return "the relation's cells are not the evidence's";
    if (cells.size() > 6) return "relation too large to check";
    std::set<std::pair<int, int>> possible;
    assignments(
        cells,
        [&](const std::vector<int>& values) {
          int sum = 0;
          for (std::size_t i = 0; i < values.size(); ++i) sum += sign[cells[i]] * values[i];
          return sum == total;
        },
        [&](const std::vector<int>& values) {
          for (std::size_t i = 0; i < values.size(); ++i) possible.insert({cells[i], values[i]});
        });
    for (const CellValue& placed : step_.placements) {
      for (int value = 1; value <= n; ++value)
        if (value != placed.value && possible.count({placed.cell, value}))
          return "the relation leaves " + cell_name(geometry_, placed.cell) + " another value";
      if (!possible.count({placed.cell, placed.value})) return "the relation does not allow the placement";
    }
    return eliminations_where([&](const CellValue& gone) {
      return sign.count(gone.cell) && !possible.count({gone.cell, gone.value});
    });
  }

  // Uniqueness: one of `breakers` is true (else the board would have no or several solutions).
  // A deduction follows when assuming it wrong (an elimination's candidate placed, a placement's
  // candidate removed) leaves, by singles and naked sets in the pattern's cells and the
  // evidence's units alone, every breaker gone. A contradiction on the way does not count: the
  // pattern, not a chain of singles, must carry the step.
  bool breakers_gone(PencilBoard board, const std::vector<CellValue>& breakers, const Cells& pattern) const {
    const auto gone = [&] {
      for (const CellValue& at : breakers)
        if (board.has(at.cell, at.value) || board.values[static_cast<std::size_t>(at.cell)] == at.value) return false;
      return true;
    };
    bool broken = false;
    const auto place = [&](int cell, int value) {
      board.values[static_cast<std::size_t>(cell)] = value;
      board.candidates[static_cast<std::size_t>(cell)] = 0;
      for (int peer : geometry_.peers(cell)) {
        if (board.values[static_cast<std::size_t>(peer)] == value) broken = true;
        board.candidates[static_cast<std::size_t>(peer)] &= ~(1U << (value - 1));
      }
    };
    Cells watched = pattern;
    for (int unit : evidence_.units)
      for (int cell : unit_cells(unit)) watched.insert(cell);
    for (bool changed = true; changed && !broken;) {
      if (gone()) return true;
      changed = false;
      for (int cell : watched) {
        const std::uint32_t m = board.candidates[static_cast<std::size_t>(cell)];
        if (board.values[static_cast<std::size_t>(cell)] != 0) continue;
        if (m == 0) return false;
        if (std::popcount(m) == 1) {
          place(cell, std::countr_zero(m) + 1);
          changed = true;
        }
      }
      if (changed) continue;
      for (int unit : evidence_.units) {
        // Naked sets of every size (a hidden set is the naked set of the unit's other cells).
        std::vector<int> open;
        for (int cell : unit_cells(unit))
          if (board.values[static_cast<std::size_t>(cell)] == 0) open.push_back(cell);
        for (std::uint32_t subset = 1; subset + 1 < (1U << open.size()); ++subset) {
          std::uint32_t together = 0;
          for (std::size_t i = 0; i < open.size(); ++i)
            if ((subset >> i) & 1U) together |= board.candidates[static_cast<std::size_t>(open[i])];
          if (std::popcount(together) < std::popcount(subset)) return false;
          if (std::popcount(together) != std::popcount(subset)) continue;
          for (std::size_t i = 0; i < open.size(); ++i) {
            std::uint32_t& m = board.candidates[static_cast<std::size_t>(open[i])];
            if (((subset >> i) & 1U) == 0 && (m & together) != 0) {
              m &= ~together;
              changed = true;
            }
          }
        }
        // Hidden singles.
        for (int value = 1; value <= geometry_.size() && !changed; ++value) {
          Cells where;
          bool placed = false;
          for (int cell : unit_cells(unit)) {
            placed = placed || board.values[static_cast<std::size_t>(cell)] == value;
            if (board.has(cell, value)) where.insert(cell);
          }
          if (placed) continue;
          if (where.empty()) return false;
          if (where.size() == 1) {
            place(*where.begin(), value);
            changed = true;
          }
        }
      }
    }
    return !broken && gone();
  }
  // Every deduction of a uniqueness step follows from "one breaker is true".
  std::string uniqueness_follows(const std::vector<CellValue>& breakers, const Cells& pattern) const {
    if (breakers.empty()) return "the pattern has nothing breaking it: the puzzle would not be unique";
    for (const CellValue& placed : step_.placements) {
      PencilBoard without = board_;
      without.candidates[static_cast<std::size_t>(placed.cell)] &= ~(1U << (placed.value - 1));
      if (!board_.has(placed.cell, placed.value) || !breakers_gone(without, breakers, pattern))
        return "placement " + name(placed) + " does not follow from the pattern";
    }
    // Within the pattern's reach: its cells and units, or seeing every breaker of the value.
    Cells reach = pattern;
    for (int unit : evidence_.units)
      for (int cell : unit_cells(unit)) reach.insert(cell);
    const auto within_reach = [&](const CellValue& gone) {
      if (reach.count(gone.cell)) return true;
      bool any = false;
      for (const CellValue& at : breakers) {
        if (at.value != gone.value) continue;
        if (!sees(gone.cell, at.cell)) return false;
        any = true;
      }
      return any;
    };
    return eliminations_where([&](const CellValue& gone) {
      if (!within_reach(gone)) return false;
      PencilBoard with = board_;
      with.values[static_cast<std::size_t>(gone.cell)] = gone.value;
      with.candidates[static_cast<std::size_t>(gone.cell)] = 0;
      for (int peer : geometry_.peers(gone.cell))
        with.candidates[static_cast<std::size_t>(peer)] &= ~(1U << (gone.value - 1));
      return breakers_gone(with, breakers, pattern);
    });
  }

  std::uint32_t pattern_pair() const {
    std::uint32_t pair = ~0U;
    for (int cell : evidence_.cells) {
      std::uint32_t listed = 0;
      for (const CellValue& at : evidence_.candidates)
        if (at.cell == cell) listed |= 1U << (at.value - 1);
      pair &= listed;
    }
    return pair;
  }

  // Unique rectangle (4 cells) or loop (6 or more): open cells all holding the pair, every unit
  // touching them holding two of them, which take the pair's two values alternately (a 2-colouring
  // exists), so the pair could swap; their other candidates are the breakers.
  std::string deadly_pattern() const {
    const std::vector<int>& pattern = evidence_.cells;
    const bool rectangle = step_.technique == Technique::unique_rectangle;
    if (pattern.size() % 2 != 0 || (rectangle ? pattern.size() != 4 : pattern.size() < 6))
      return "expected 4 cells for a rectangle, 6 or more (even) for a loop";
    // The pair: the values listed in every pattern cell (type 3 lists extras of two cells too).
    const std::uint32_t pair = pattern_pair();
    if (std::popcount(pair) != 2) return "expected the pair's two values in every pattern cell";
    const Cells cells(pattern.begin(), pattern.end());
    if (cells.size() != pattern.size()) return "a pattern cell is repeated";
    std::map<int, int> colour;
    colour[pattern.front()] = 0;
    for (bool spread = true; spread;) {
      spread = false;
      for (int cell : pattern) {
        if ((mask(cell) & pair) != pair) return "cell " + cell_name(geometry_, cell) + " does not hold the pair";
        for (int unit : geometry_.units_of(cell)) {
          std::vector<int> inside;
          for (int other : unit_cells(unit))
            if (cells.count(other)) inside.push_back(other);
          if (inside.size() != 2) return "unit " + std::to_string(unit) + " does not hold two pattern cells";
          const int other = inside[0] == cell ? inside[1] : inside[0];
          if (!colour.count(cell)) continue;
          if (!colour.count(other)) {
            colour[other] = 1 - colour[cell];
            spread = true;
          } else if (colour[other] == colour[cell]) {
            return "the pair cannot alternate around the pattern";
          }
        }
      }
    }
    if (colour.size() != cells.size()) return "the pattern is not one connected pattern";
    std::vector<CellValue> breakers;
    for (int cell : pattern)
      for (std::uint32_t rest = mask(cell) & ~pair; rest != 0; rest &= rest - 1)
        breakers.push_back({cell, std::countr_zero(rest) + 1});
    return uniqueness_follows(breakers, cells);
  }

  // BUG: the evidence's cells hold the extras (their candidates among the evidence's); without
  // them every open cell is bivalue and every value has 0 or 2 places in every unit.
  std::string bivalue_grave() const {
    const Cells cells = evidence_cells();
    std::vector<CellValue> extras;
    PencilBoard grave = board_;
    for (const CellValue& at : evidence_.candidates)
      if (cells.count(at.cell)) {
        extras.push_back(at);
        grave.candidates[static_cast<std::size_t>(at.cell)] &= ~(1U << (at.value - 1));
      }
    for (std::size_t cell = 0; cell < grave.values.size(); ++cell)
      if (grave.values[cell] == 0 && std::popcount(grave.candidates[cell]) != 2)
        return "without the extras " + cell_name(geometry_, static_cast<int>(cell)) + " is not bivalue";
    for (std::size_t unit = 0; unit < geometry_.units().size(); ++unit)
      for (int value = 1; value <= geometry_.size(); ++value) {
        int count = 0;
        for (int cell : geometry_.units()[unit]) count += grave.has(cell, value);
        if (count != 0 && count != 2) return "without the extras a value has " + std::to_string(count) + " places in a unit";
      }
    return uniqueness_follows(extras, cells);
  }

  // Aligned pair (triplet) exclusion: the 2 (3) base cells, then excluders seeing all of them.
  // A base candidate goes when every filling of the base cells using it either repeats a value in
  // cells that see each other or takes every candidate of an excluder.
  std::string aligned_exclusion() const {
    const std::size_t size = step_.technique == Technique::aligned_pair_exclusion ? 2 : 3;
    if (evidence_.cells.size() < size + 1) return "expected the base cells and their excluders";
    const std::vector<int> bases(evidence_.cells.begin(), evidence_.cells.begin() + static_cast<long>(size));
    const std::vector<int> excluders(evidence_.cells.begin() + static_cast<long>(size), evidence_.cells.end());
    for (int excluder : excluders)
      for (int base : bases)
        if (!sees(excluder, base)) return "an excluder does not see every base cell";
    std::set<std::pair<int, int>> possible;
    assignments(
        bases,
        [&](const std::vector<int>& values) {
          std::uint32_t taken = 0;
          for (int value : values) taken |= 1U << (value - 1);
          for (int excluder : excluders)
            if ((mask(excluder) & ~taken) == 0) return false;
          return true;
        },
        [&](const std::vector<int>& values) {
          for (std::size_t i = 0; i < values.size(); ++i) possible.insert({bases[i], values[i]});
        });
    return eliminations_where([&](const CellValue& gone) {
      return std::find(bases.begin(), bases.end(), gone.cell) != bases.end() &&
             !possible.count({gone.cell, gone.value});
    });
  }

  const Geometry& geometry_;
  const PencilBoard& board_;
  const TechniqueStep& step_;
  const StepEvidence& evidence_;
};

struct Tally {
  std::map<std::string, int> with, without;
  std::map<std::string, int> rules;  // branch nodes by NodeRule
};

// Grades every puzzle explained and checks each step; counts the steps per technique.
void check_all(const std::vector<Grid>& puzzles, Tally& tally, const std::string& corpus,
               ChainOrder order = ChainOrder::se) {
  TechniqueOptions options;
  options.explain = true;
  options.order = order;
  for (const Grid& puzzle : puzzles) {
    const TechniqueGrade grade = grade_techniques(puzzle, options);
    const std::vector<PencilBoard> boards = step_boards(puzzle, grade.steps);
    ASSERT_EQ(boards.size(), grade.steps.size());
    for (std::size_t i = 0; i < grade.steps.size(); ++i) {
      const TechniqueStep& step = grade.steps[i];
      // Branch evidence tallied by kind: grouped chains; contradictions (one branch) and forcing
      // chains (several branches ending in one fact).
      std::string id(technique_id(step.technique));
      if (!step.evidence.branches.empty())
        id += strong_link_family(step.technique)       ? " (grouped)"
              : step.evidence.branches.size() == 1 ? " (contradiction)"
                                                     : " (forcing)";
      (step.evidence.empty() ? tally.without : tally.with)[id]++;
      for (const EvidenceBranch& branch : step.evidence.branches)
        for (const EvidenceNode& node : branch.nodes) tally.rules[node_rule_id(node.rule)]++;
      const std::string fault = Checker(puzzle, boards[i], step).check();
      ASSERT_EQ(fault, "") << corpus << " " << to_line(puzzle) << " step " << i << ": "
                           << format_step(puzzle.geometry(), step);
    }
  }
}

void print(const Tally& tally) {
  for (const auto& [id, count] : tally.with) std::printf("  with evidence     %-28s %d\n", id.c_str(), count);
  for (const auto& [id, count] : tally.without) std::printf("  without evidence  %-28s %d\n", id.c_str(), count);
  for (const auto& [rule, count] : tally.rules) std::printf("  branch nodes by   %-28s %d\n", rule.c_str(), count);
}

std::vector<Grid> every_nth(const std::vector<Grid>& all, std::size_t n) {
  std::vector<Grid> some;
  for (std::size_t i = 0; i < all.size(); i += n) some.push_back(all[i]);
  return some;
}

std::vector<Grid> killer_sample() {
  std::ifstream in(testing::test_data("killer-sample.txt"));
  std::vector<Grid> grids;
  for (const PuzzleEntry& entry : read_killer_puzzles(in, "killer-sample.txt")) grids.push_back(*entry.grid);
  return grids;
}

TEST(StepEvidence, HoldsOnTheBoardForSeRatedSample) {
  Tally tally;
  check_all(every_nth(testing::load_corpus(testing::corpus_path("se-rated.txt")), 40), tally, "se-rated");
  print(tally);
  // The sample reaches the rungs a book uses most, each with evidence.
  for (const char* id : {"hidden-single-box", "pointing", "claiming", "naked-pair", "x-wing", "hidden-pair",
                         "swordfish", "xy-wing", "xyz-wing", "two-strong-links", "x-chain"})
    EXPECT_GT(tally.with[id], 0) << id;
}

TEST(StepEvidence, HoldsOnTheBoardForTop95) {
  Tally tally;
  check_all(testing::load_corpus(testing::corpus_path("top95.txt")), tally, "top95");
  print(tally);
  // top95 is where the chains beyond 7.0 are: each kind of branch evidence is met and checked.
  for (const char* id : {"two-strong-links (grouped)", "three-strong-links (grouped)", "nishio (contradiction)",
                         "multiple-forcing-chain (forcing)", "dynamic-forcing-chain (contradiction)",
                         "dynamic-forcing-chain (forcing)"})
    EXPECT_GT(tally.with[id], 0) << id;
}

// The order-free engine's Nishio (chains.cpp) carries its own branch.
TEST(StepEvidence, HoldsOnTheBoardForTop95InvariantOrder) {
  Tally tally;
  check_all(testing::load_corpus(testing::corpus_path("top95.txt")), tally, "top95", ChainOrder::invariant);
  print(tally);
  EXPECT_GT(tally.with["nishio (contradiction)"], 0);
}

TEST(StepEvidence, HoldsOnTheBoardForKillerSample) {
  Tally tally;
  check_all(killer_sample(), tally, "killer-sample");
  print(tally);
  for (const char* id : {"cage-combination", "innie-outie", "dynamic-forcing-chain-plus (contradiction)"})
    EXPECT_GT(tally.with[id], 0) << id;
  // The dynamic (+) branches read cages and apply intersections and naked pairs.
  for (const char* rule : {"cage", "intersection", "naked-subset"}) EXPECT_GT(tally.rules[rule], 0) << rule;
}

// The order-free engine on Killer boards: its dynamic branches read cages at every level.
TEST(StepEvidence, HoldsOnTheBoardForKillerSampleInvariantOrder) {
  Tally tally;
  check_all(killer_sample(), tally, "killer-sample", ChainOrder::invariant);
  print(tally);
  EXPECT_GT(tally.with["dynamic-forcing-chain (contradiction)"], 0);
  EXPECT_GT(tally.rules["cage"], 0);
}

// The hardest corpus is where the nested level (9.5+) is: its branches run inner chains.
TEST(StepEvidence, HoldsOnTheBoardForHardest) {
  Tally tally;
  check_all(testing::load_corpus(testing::corpus_path("hardest.txt")), tally, "hardest");
  print(tally);
  EXPECT_GT(tally.with["nested-forcing-chain (contradiction)"] + tally.with["nested-forcing-chain (forcing)"], 0);
  for (const char* rule : {"chain", "intersection"}) EXPECT_GT(tally.rules[rule], 0) << rule;
}

// The checker is not a tautology: each kind of corruption of real evidence is caught. The
// se-rated sample and the first 20 top95 puzzles (their forcing chains, Nishio, grouped chains),
// the Killer sample and the hardest corpus (the dynamic (+) and nested branches' pattern nodes).
TEST(StepEvidence, CheckerRejectsCorruptedEvidence) {
  std::vector<Grid> puzzles = every_nth(testing::load_corpus(testing::corpus_path("se-rated.txt")), 40);
  const std::vector<Grid> top95 = testing::load_corpus(testing::corpus_path("top95.txt"));
  puzzles.insert(puzzles.end(), top95.begin(), top95.begin() + 20);
  for (const std::vector<Grid>& more : {killer_sample(), testing::load_corpus(testing::corpus_path("hardest.txt"))})
    puzzles.insert(puzzles.end(), more.begin(), more.end());
  TechniqueOptions options;
  options.explain = true;
  std::map<std::string, int> caught;
  for (const Grid& puzzle : puzzles) {
    const TechniqueGrade grade = grade_techniques(puzzle, options);
    const std::vector<PencilBoard> boards = step_boards(puzzle, grade.steps);
    for (std::size_t i = 0; i < grade.steps.size(); ++i) {
      const TechniqueStep& step = grade.steps[i];
      const auto rejects = [&](const char* what, const std::function<void(StepEvidence&)>& corrupt) {
        TechniqueStep bad = step;
        corrupt(bad.evidence);
        if (bad.evidence == step.evidence) return;
        EXPECT_NE(Checker(puzzle, boards[i], bad).check(), "")
            << what << ": " << format_step(puzzle.geometry(), step);
        ++caught[what];
      };
      const auto rejects_step = [&](const char* what, const std::function<void(TechniqueStep&)>& corrupt) {
        TechniqueStep bad = step;
        corrupt(bad);
        EXPECT_NE(Checker(puzzle, boards[i], bad).check(), "") << what << ": " << format_step(puzzle.geometry(), step);
        ++caught[what];
      };
      const bool uniqueness = step.technique == Technique::unique_rectangle ||
                              step.technique == Technique::unique_loop || step.technique == Technique::bug;
      const bool aligned = step.technique == Technique::aligned_pair_exclusion ||
                           step.technique == Technique::aligned_triplet_exclusion;
      if (uniqueness || aligned) {
        // An elimination the pattern does not give: a candidate of the board far from it.
        rejects_step("unfounded elimination", [&](TechniqueStep& bad) {
          const PencilBoard& board = boards[i];
          for (int cell = 80; cell >= 0; --cell) {
            bool near = false;
            for (int at : step.evidence.cells) {
              const auto peers = puzzle.geometry().peers(at);
              near = near || at == cell || std::binary_search(peers.begin(), peers.end(), cell);
            }
            if (near || board.candidates[static_cast<std::size_t>(cell)] == 0) continue;
            bad.eliminations.push_back({cell, std::countr_zero(board.candidates[static_cast<std::size_t>(cell)]) + 1});
            return;
          }
        });
      }
      if (uniqueness)
        rejects_step("breaker eliminated", [&](TechniqueStep& bad) {
          // A candidate that breaks the pattern: an extra value of a pattern cell (a BUG's extras
          // are the candidates in its cells; a rectangle's or loop's, the values beyond the pair).
          const StepEvidence& e = step.evidence;
          std::uint32_t pair = ~0U;  // a rectangle's or loop's pair: listed in every pattern cell
          for (int cell : e.cells) {
            std::uint32_t listed = 0;
            for (const CellValue& at : e.candidates)
              if (at.cell == cell) listed |= 1U << (at.value - 1);
            pair &= listed;
          }
          for (int cell : e.cells)
            for (int value = 1; value <= 9; ++value) {
              const bool in_pair = (pair >> (value - 1)) & 1U;
              const bool listed =
                  std::find(e.candidates.begin(), e.candidates.end(), CellValue{cell, value}) != e.candidates.end();
              if (boards[i].has(cell, value) && (step.technique == Technique::bug ? listed : !in_pair)) {
                bad.eliminations.push_back({cell, value});
                return;
              }
            }
        });
      if (step.technique == Technique::unique_rectangle || step.technique == Technique::unique_loop)
        rejects("pattern cell moved", [&](StepEvidence& e) {
          int moved = e.cells[1];
          do moved = (moved + 1) % 81;
          while (std::find(e.cells.begin(), e.cells.end(), moved) != e.cells.end());
          e.cells[1] = moved;
        });
      if (step.technique == Technique::bug)
        rejects("extra dropped", [](StepEvidence& e) {
          for (std::size_t k = 0; k < e.candidates.size(); ++k)
            if (e.candidates[k].cell == e.cells.front()) {
              e.candidates.erase(e.candidates.begin() + static_cast<long>(k));
              return;
            }
        });
      if (aligned) rejects("excluders dropped", [&](StepEvidence& e) {
        e.cells.resize(step.technique == Technique::aligned_pair_exclusion ? 3 : 4);
      });
      if (step.technique == Technique::pointing || step.technique == Technique::x_wing ||
          step.technique == Technique::swordfish)
        rejects("cover unit swapped", [&](StepEvidence& e) { e.cover_units.front() = e.units.front(); });
      if (step.technique == Technique::naked_pair || step.technique == Technique::hidden_pair)
        rejects("subset cell dropped", [](StepEvidence& e) { e.cells.pop_back(); });
      if (step.technique == Technique::xy_wing)
        rejects("pivot and pincer swapped", [](StepEvidence& e) { std::swap(e.cells[0], e.cells[1]); });
      if (!step.evidence.links.empty()) {
        rejects("link kind flipped", [](StepEvidence& e) { e.links.front().strong = !e.links.front().strong; });
        rejects("link end changed", [](StepEvidence& e) { e.links.front().from.value = e.links.front().from.value % 9 + 1; });
      }
      if (!step.evidence.branches.empty()) {
        // A link dropped: the node with the most parents loses one (an off node its only one).
        // (Links only: a pattern's node may rest on more facts than its pattern needs, as an inner
        // chain's on every removal so far.)
        rejects("link dropped", [](StepEvidence& e) {
          EvidenceNode* most = nullptr;
          for (EvidenceBranch& branch : e.branches)
            for (EvidenceNode& node : branch.nodes)
              if (node.rule == NodeRule::link && (most == nullptr || node.parents.size() > most->parents.size()))
                most = &node;
          if (most != nullptr && !most->parents.empty()) most->parents.pop_back();
        });
        // A node in the middle moved to a cell far from it and from its parents: its links no
        // longer hold.
        rejects("node moved", [&](StepEvidence& e) {
          EvidenceBranch& branch = e.branches.front();
          std::size_t middle = branch.nodes.size() / 2;
          while (middle + 1 < branch.nodes.size() && branch.nodes[middle].rule != NodeRule::link) ++middle;
          EvidenceNode& node = branch.nodes[middle];
          std::vector<int> near = node.cells;
          for (int parent : node.parents)
            for (int cell : branch.nodes[static_cast<std::size_t>(parent)].cells) near.push_back(cell);
          for (int cell = 0; cell < 81; ++cell) {
            const bool far = std::none_of(near.begin(), near.end(), [&](int at) {
              const auto peers = puzzle.geometry().peers(at);
              return at == cell || std::binary_search(peers.begin(), peers.end(), cell);
            });
            if (far && boards[i].has(cell, node.value)) {
              node.cells = {cell};
              return;
            }
          }
        });
        // The conclusion is another node: a branch ends earlier. (A contradiction's ends are cut
        // to the assumption: an earlier node may clash as well, as a bivalue cell's two values
        // both off.)
        rejects("wrong end", [](StepEvidence& e) {
          EvidenceBranch& branch = e.branches.back();
          if (e.branches.size() == 1) {
            branch.ends = {0};
            return;
          }
          branch.ends.front() = branch.ends.front() == 0 ? 1 : branch.ends.front() - 1;
        });
        if (step.evidence.branches.size() > 1)
          rejects("assumption dropped", [](StepEvidence& e) { e.branches.pop_back(); });
        // A pattern's node (NodeRule) loses the facts its pattern needs, or names another house or
        // cage: the first node of each rule.
        for (const NodeRule rule : {NodeRule::intersection, NodeRule::naked_subset, NodeRule::cage, NodeRule::chain}) {
          const auto first = [rule](StepEvidence& e) -> EvidenceNode* {
            for (EvidenceBranch& branch : e.branches)
              for (EvidenceNode& node : branch.nodes)
                if (node.rule == rule && !node.parents.empty()) return &node;
            return nullptr;
          };
          const std::string rule_id = node_rule_id(rule);
          rejects(caught.emplace(rule_id + " parents dropped", 0).first->first.c_str(), [&](StepEvidence& e) {
            if (EvidenceNode* node = first(e)) node->parents.clear();
          });
          if (rule == NodeRule::chain) continue;
          rejects(caught.emplace(rule_id + " pattern moved", 0).first->first.c_str(), [&](StepEvidence& e) {
            EvidenceNode* node = first(e);
            if (node == nullptr) return;
            if (rule == NodeRule::cage)
              node->cage = (node->cage + 1) % static_cast<int>(puzzle.geometry().cages().size());
            else
              node->unit = (node->unit + 1) % 27;
          });
        }
        // The step claims another deduction than the chain gives.
        rejects_step("wrong conclusion", [&](TechniqueStep& bad) {
          std::vector<CellValue>& list = bad.eliminations.empty() ? bad.placements : bad.eliminations;
          const CellValue was = list.front();
          for (int value = 1; value <= 9; ++value)
            if (value != was.value && boards[i].has(was.cell, value)) {
              list.front().value = value;
              return;
            }
          list.front().cell = (was.cell + 1) % 81;
        });
      }
      if (step.technique == Technique::hidden_single_line)
        rejects("unit without the cell", [&](StepEvidence& e) {
          const auto mine = puzzle.geometry().units_of(step.placements.front().cell);
          for (int unit = 0; unit < 27; ++unit)
            if (std::find(mine.begin(), mine.end(), unit) == mine.end()) {
              e.units.front() = unit;
              return;
            }
        });
    }
  }
  for (const auto& [what, count] : caught) std::printf("  caught %-26s %d\n", what.c_str(), count);
  for (const char* what : {"link dropped", "node moved", "wrong end", "assumption dropped", "wrong conclusion",
                           "intersection parents dropped", "intersection pattern moved", "naked-subset parents dropped",
                           "naked-subset pattern moved", "cage parents dropped", "cage pattern moved",
                           "chain parents dropped"})
    EXPECT_GT(caught[what], 0) << what;
  EXPECT_GT(caught["cover unit swapped"], 0);
  EXPECT_GT(caught["link kind flipped"], 0);
  for (const char* what : {"unfounded elimination", "breaker eliminated", "pattern cell moved", "extra dropped"}) EXPECT_GT(caught[what], 0) << what;
}

}  // namespace
}  // namespace sudoku
