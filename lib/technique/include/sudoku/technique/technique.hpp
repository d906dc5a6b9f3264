// SPDX-License-Identifier: Apache-2.0
// Technique vocabulary: the ladder of human solving techniques on Sudoku Explainer's scale, their
// names, ids and base scores, and the step a technique makes (placements and eliminations). The
// words the grader (technique_grader.hpp), its private engine and its callers share; no grading here.
//
// Contract: Technique values are ordered easiest first and stable within a build; ids are
// kebab-case and round-trip through parse_technique_id. Values in CellValue are 1-based.
//
//   std::optional<Technique> t = parse_technique_id("xy-wing");   // Technique::xy_wing
//   double score = technique_base_score(*t);                      // 4.2
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/technique/evidence.hpp"

namespace sudoku {

// The ladder, easiest first. A step's score is its technique's base score, plus a length bonus for
// chains and a size bonus for some patterns (see technique_base_score and docs/rating.md).
enum class Technique : std::uint8_t {
  full_house,              // 1.0  last open cell of a unit
  cage_completion,         // 1.0  Killer: last open cell of a cage (its sum less the placed values)
  hidden_single_box,       // 1.2
  hidden_single_line,      // 1.5  row or column (or another unit kind)
  cage_combination,        // 1.6  Killer: a cage's cells keep the values of its sum's fitting combinations
  direct_pointing,         // 1.7  pointing that leaves a hidden single
  innie_outie,             // 1.8  Killer: 45 rule on one unit leaves one cell (an innie or outie)
  direct_claiming,         // 1.9
  direct_hidden_pair,      // 2.0
  cage_locked_value,       // 2.1  Killer: a value every combination of a cage needs, locked in its cells
  innie_outie_pair,        // 2.2  Killer: 45 rule on one unit, 2-3 cells: a virtual cage or a difference
  naked_single,            // 2.3
  cage_split,              // 2.4  Killer: 45 rule on one unit, the rest of a cage sticking out of it
  direct_hidden_triple,    // 2.5
  pointing,                // 2.6  a box's candidates for a digit all lie in one line
  union_innie_outie,       // 2.7  Killer: 45 rule on 2-3 adjacent units leaves one cell
  claiming,                // 2.8  a line's candidates for a digit all lie in one box
  naked_pair,              // 3.0
  virtual_cage,            // 3.1  Killer: 45 rule on 2-3 adjacent units, 2-3 cells with a known sum
  x_wing,                  // 3.2
  hidden_pair,             // 3.4
  naked_triple,            // 3.6
  swordfish,               // 3.8
  hidden_triple,           // 4.0
  two_strong_links,        // 4.0-4.2 skyscraper, two-string kite, turbot fish: one digit, two strong links;
                           //   4.3 with grouped links (SE's +0.3)
  xy_wing,                 // 4.2
  xyz_wing,                // 4.4
  unique_rectangle,        // 4.5-4.8 (types 1-4; needs uniqueness)
  unique_loop,             // 4.6-5.3 6, 8, 10+ cells (types 1-4; needs uniqueness)
  naked_quad,              // 5.0
  jellyfish,               // 5.2
  hidden_quad,             // 5.4
  three_strong_links,      // 5.4-5.6 one digit, three strong links; 5.7 with grouped links
  wxyz_wing,               // 5.5-5.6 three-cell almost locked set and a bivalue cell (Sukaku)
  bug,                     // 5.6-5.7 bivalue universal grave (needs uniqueness)
  // Four, five and six strong links (5.8-6.8) are named but not on the ladder: they were off by
  // default in the Sukaku Explainer release that rated se-rated.txt, and taking them cost agreement
  // (docs/rating.md).
  four_strong_links,       // 5.8-6.0
  vwxyz_wing,              // 6.2-6.4 four-cell almost locked set and a bivalue cell (Sukaku)
  aligned_pair_exclusion,  // 6.2
  five_strong_links,       // 6.2-6.4
  six_strong_links,        // 6.6-6.8
  x_chain,                 // 6.5+ X-cycles, 6.6+ X-chains: one digit (+ length bonus)
  y_chain,                 // 6.5+ Y-cycles: loops of bivalue cells (the id stays "y-chain")
  xy_chain,                // 7.0+ forcing chains of bivalue cells alone (SE: forcing chains)
  forcing_chain,           // 7.0+ forcing chains mixing both kinds of links
  // 7.5: three cells, two or more cells of two or three candidates seeing all of them
  aligned_triplet_exclusion,
  nishio,                      // 7.5+ single-digit dynamic contradiction
  multiple_forcing_chain,      // 8.0+ cell and region forcing chains, contradiction and double chains
  dynamic_forcing_chain,       // 8.5+ the same with singles applied along the way
  dynamic_forcing_chain_plus,  // 9.0+ the same with intersections, subsets and fish applied as well
  nested_forcing_chain,        // 9.5+ the same with static forcing chains and cycles applied inside each
                               //   branch as well (SE's level 2, "(+ Forcing Chains)")
};
inline constexpr int kTechniqueCount = static_cast<int>(Technique::nested_forcing_chain) + 1;

// "XY-wing", "hidden single", "dynamic forcing chain (+)".
std::string_view technique_name(Technique technique);
// Kebab-case identifier for options and machine-readable output: "xy-wing", "hidden-single-box".
std::string_view technique_id(Technique technique);
std::optional<Technique> parse_technique_id(std::string_view id);
// Score of the technique without bonuses.
double technique_base_score(Technique technique);
// True for the techniques that read Killer cage sums (cage_completion ... virtual_cage); they
// never occur on boards without cages.
bool is_killer_technique(Technique technique);

struct TechniqueStep {
  Technique technique = Technique::full_house;
  double score = 0.0;
  std::vector<CellValue> placements;
  std::vector<CellValue> eliminations;
  std::string detail;  // "hidden single in box 6", "pointing, box 1" (filled when explaining)
  // When explaining: the pattern the step rests on (evidence.hpp), and the round of the path it
  // was found in (0-based; the steps of a round were found on one board and applied together).
  StepEvidence evidence;
  int round = 0;
};

}  // namespace sudoku
