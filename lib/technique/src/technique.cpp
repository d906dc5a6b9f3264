// SPDX-License-Identifier: Apache-2.0
// The technique vocabulary's table: id, display name and base score of every rung of the ladder,
// in enum order (docs/rating.md lists where each score comes from).
#include "sudoku/technique/technique.hpp"

#include <array>
#include <cstddef>

#include "sudoku/technique/single.hpp"

namespace sudoku {
namespace {

struct TechniqueInfo {
  std::string_view id;
  std::string_view name;
  double score;
};

constexpr std::array<TechniqueInfo, kTechniqueCount> kTechniques{{
    {"full-house", "full house", 1.0},
    {"cage-completion", "cage completion", 1.0},
    {"hidden-single-box", "hidden single (box)", 1.2},
    {"hidden-single-line", "hidden single (line)", 1.5},
    {"cage-combination", "cage combination", 1.6},
    {"direct-pointing", "direct pointing", 1.7},
    {"innie-outie", "innie/outie (45 rule)", 1.8},
    {"direct-claiming", "direct claiming", 1.9},
    {"direct-hidden-pair", "direct hidden pair", 2.0},
    {"cage-locked-value", "cage locked value", 2.1},
    {"innie-outie-pair", "innies/outies as a virtual cage (45 rule)", 2.2},
    {"naked-single", "naked single", 2.3},
    {"cage-split", "cage splitting (45 rule)", 2.4},
    {"direct-hidden-triple", "direct hidden triple", 2.5},
    {"pointing", "pointing", 2.6},
    {"union-innie-outie", "innie/outie over adjacent units (45 rule)", 2.7},
    {"claiming", "claiming", 2.8},
    {"naked-pair", "naked pair", 3.0},
    {"virtual-cage", "virtual cage over adjacent units (45 rule)", 3.1},
    {"x-wing", "X-wing", 3.2},
    {"hidden-pair", "hidden pair", 3.4},
    {"naked-triple", "naked triple", 3.6},
    {"swordfish", "swordfish", 3.8},
    {"hidden-triple", "hidden triple", 4.0},
    {"two-strong-links", "skyscraper / two-string kite / turbot fish", 4.0},
    {"xy-wing", "XY-wing", 4.2},
    {"xyz-wing", "XYZ-wing", 4.4},
    {"unique-rectangle", "unique rectangle", 4.5},
    {"unique-loop", "unique loop", 4.6},
    {"naked-quad", "naked quad", 5.0},
    {"jellyfish", "jellyfish", 5.2},
    {"hidden-quad", "hidden quad", 5.4},
    {"three-strong-links", "three strong links", 5.4},
    {"wxyz-wing", "WXYZ-wing", 5.5},
    {"bug", "bivalue universal grave", 5.6},
    {"four-strong-links", "four strong links", 5.8},
    {"vwxyz-wing", "VWXYZ-wing", 6.2},
    {"aligned-pair-exclusion", "aligned pair exclusion", 6.2},
    {"five-strong-links", "five strong links", 6.2},
    {"six-strong-links", "six strong links", 6.6},
    {"x-chain", "X-chain / X-cycle", 6.6},
    {"y-chain", "Y-cycle", 6.5},
    {"xy-chain", "XY-chain", 7.0},
    {"forcing-chain", "forcing chain", 7.0},
    {"aligned-triplet-exclusion", "aligned triplet exclusion", 7.5},
    {"nishio", "nishio forcing chain", 7.5},
    {"multiple-forcing-chain", "cell/region forcing chain", 8.0},
    {"dynamic-forcing-chain", "dynamic forcing chain", 8.5},
    {"dynamic-forcing-chain-plus", "dynamic forcing chain (+)", 9.0},
    {"nested-forcing-chain", "dynamic forcing chain (+ forcing chains)", 9.5},
}};

const TechniqueInfo& info(Technique technique) {
  return kTechniques[static_cast<std::size_t>(technique)];
}

}  // namespace

std::string_view technique_name(Technique technique) {
  return info(technique).name;
}
std::string_view technique_id(Technique technique) {
  return info(technique).id;
}
double technique_base_score(Technique technique) {
  return info(technique).score;
}

bool is_single(Technique technique) {
  return technique == Technique::full_house || technique == Technique::hidden_single_box ||
         technique == Technique::hidden_single_line || technique == Technique::naked_single ||
         technique == Technique::cage_completion;
}

bool is_killer_technique(Technique technique) {
  switch (technique) {
    case Technique::cage_completion:
    case Technique::cage_combination:
    case Technique::innie_outie:
    case Technique::cage_locked_value:
    case Technique::innie_outie_pair:
    case Technique::cage_split:
    case Technique::union_innie_outie:
    case Technique::virtual_cage:
      return true;
    default:
      return false;
  }
}

std::optional<Technique> parse_technique_id(std::string_view id) {
  for (int t = 0; t < kTechniqueCount; ++t)
    if (kTechniques[static_cast<std::size_t>(t)].id == id) return static_cast<Technique>(t);
  return std::nullopt;
}

}  // namespace sudoku
