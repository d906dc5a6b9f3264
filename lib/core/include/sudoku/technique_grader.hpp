// Technique grader: rates a puzzle the way a human solver meets it — by the hardest technique a
// logical solver needs when it always takes the easiest step available — on Sudoku Explainer's
// scale (hidden single 1.2, pointing 2.6, X-wing 3.2, XY-wing 4.2, chains 6.5+, dynamic forcing
// chains 8.5+). The grade is the highest step score on that path, SE's "ER".
//
// Contract: deterministic and invariant under the transforms of transform.hpp (all the easiest
// steps of a kind are applied together, so the path does not depend on cell numbering or digit
// labels). Every placement and elimination is a logical consequence of the givens; the uniqueness
// techniques (unique rectangles, BUG) additionally assume the puzzle has exactly one solution and
// can be switched off. A puzzle the implemented ladder cannot finish is graded "beyond" with the
// steps made so far; a contradiction (no solution) is reported as such. Works for every geometry:
// techniques read units, peers and unit intersections from the Geometry, nothing is 9x9-only.
// Thread-safe: grading shares only immutable per-geometry tables.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/rating.hpp"

namespace sudoku {

// The ladder, easiest first. A step's score is its technique's base score, plus a length bonus for
// chains and a size bonus for some patterns (see technique_base_score and docs/rating.md).
enum class Technique : std::uint8_t {
  full_house,              // 1.0  last open cell of a unit
  hidden_single_box,       // 1.2
  hidden_single_line,      // 1.5  row or column (or another unit kind)
  direct_pointing,         // 1.7  pointing that leaves a hidden single
  direct_claiming,         // 1.9
  direct_hidden_pair,      // 2.0
  naked_single,            // 2.3
  direct_hidden_triple,    // 2.5
  pointing,                // 2.6  a box's candidates for a digit all lie in one line
  claiming,                // 2.8  a line's candidates for a digit all lie in one box
  naked_pair,              // 3.0
  x_wing,                  // 3.2
  hidden_pair,             // 3.4
  naked_triple,            // 3.6
  swordfish,               // 3.8
  hidden_triple,           // 4.0
  two_strong_links,        // 4.0-4.2 skyscraper, two-string kite, turbot fish: one digit, two strong links
  xy_wing,                 // 4.2
  xyz_wing,                // 4.4
  unique_rectangle,        // 4.5-4.8 (types 1-4; needs uniqueness)
  naked_quad,              // 5.0
  jellyfish,               // 5.2
  hidden_quad,             // 5.4
  three_strong_links,      // 5.4-5.6 one digit, three strong links
  bug,                     // 5.6-5.7 bivalue universal grave (needs uniqueness)
  four_strong_links,       // 5.8-6.0
  aligned_pair_exclusion,  // 6.2
  five_strong_links,       // 6.2-6.4
  six_strong_links,        // 6.6-6.8
  x_chain,                 // 6.5+ single-digit chains and cycles (+ length bonus)
  y_chain,                 // 6.6+ chains through bivalue cells
  forcing_chain,           // 7.0+ alternating inference chains mixing both
  nishio,                  // 7.5+ single-digit dynamic contradiction
  multiple_forcing_chain,  // 8.0+ cell and region forcing chains, contradiction and double chains
  dynamic_forcing_chain,   // 8.5+ the same with singles applied along the way
  dynamic_forcing_chain_plus,  // 9.0+ the same with intersections, subsets and fish applied as well
};
inline constexpr int kTechniqueCount = static_cast<int>(Technique::dynamic_forcing_chain_plus) + 1;

// "XY-wing", "hidden single", "dynamic forcing chain (+)".
std::string_view technique_name(Technique technique);
// Kebab-case identifier for options and machine-readable output: "xy-wing", "hidden-single-box".
std::string_view technique_id(Technique technique);
std::optional<Technique> parse_technique_id(std::string_view id);
// Score of the technique without bonuses.
double technique_base_score(Technique technique);

struct CellValue {
  int cell = 0;
  int value = 0;  // 1..size
  friend bool operator==(const CellValue&, const CellValue&) = default;
};

struct TechniqueStep {
  Technique technique = Technique::full_house;
  double score = 0.0;
  std::vector<CellValue> placements;
  std::vector<CellValue> eliminations;
  std::string detail;  // "hidden single in box 6", "pointing, box 1" (filled when explaining)
};

enum class GradeOutcome { solved, beyond, contradiction };

struct TechniqueGrade {
  GradeOutcome outcome = GradeOutcome::solved;
  double grade = 0.0;                         // highest step score (over the steps made, when not solved)
  Technique hardest = Technique::full_house;  // technique of that step
  int step_count = 0;                         // steps applied (each placement or pattern counts once)
  std::vector<TechniqueStep> steps;           // the path, when TechniqueOptions::explain
  std::uint64_t work = 0;                     // pattern searches and chain propagations, for throughput

  bool solved() const { return outcome == GradeOutcome::solved; }
  bool beyond() const { return outcome == GradeOutcome::beyond; }
};

struct TechniqueOptions {
  // The hardest technique tried; a puzzle needing more is "beyond".
  Technique max_technique = Technique::dynamic_forcing_chain_plus;
  // Unique rectangles and BUG: sound only for puzzles with exactly one solution.
  bool uniqueness = true;
  // Keep the step list with text descriptions (slower; for --explain and tests).
  bool explain = false;
};

// Grades one puzzle. Givens that break a unit give outcome contradiction with no steps.
TechniqueGrade grade_techniques(const Grid& puzzle, const TechniqueOptions& options = {});

// One step as a line: "r4c7=5  hidden single in box 6", "r1c2,r1c5 -4  pointing, box 1".
std::string format_step(const Geometry& geometry, const TechniqueStep& step);
// "4.2", or "beyond" when the ladder could not finish.
std::string format_grade(const TechniqueGrade& grade);
// "XY-wing", or "beyond: stuck after XY-wing" / "contradiction".
std::string describe_hardest(const TechniqueGrade& grade);

// The "technique" rating metric (registered in rating.cpp): options max-technique, uniqueness,
// beyond (the value given to puzzles beyond the ladder, marked as a lower bound) and runs
// (accepted for tools and plans that always pass it; the grade is deterministic, one run is made).
std::vector<MetricOption> technique_metric_options();
// Throws InputError for unknown options or malformed values.
TechniqueOptions parse_technique_settings(const MetricSettings& settings);
std::unique_ptr<RatingMetric> make_technique_metric(const MetricSettings& settings);

}  // namespace sudoku
