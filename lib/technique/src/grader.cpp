// SPDX-License-Identifier: Apache-2.0
// The technique grader's solver loop and public API.
//
// The loop: run the ladder's stages from the easiest; the first stage that finds anything has its
// easiest steps applied — all of them at once, so the path does not depend on which instance a
// scan meets first (that is what makes the grade invariant under relabelling and symmetry) — and
// the search starts again from the bottom. Steps no harder than the grade already reached are
// applied along with them: they cannot change the grade, and batching them saves searches.
//
// The forcing-chain rungs search through the ChainEngine of TechniqueOptions::order
// (chain_engine.hpp). In SE order (the default) they search as Sudoku Explainer does
// (se_chaining.cpp) and give one step, SE's first hint, and every step restarts the ladder from the
// bottom (no chain-family shortcut): SE's path, hence SE's number.
#include "sudoku/technique/technique_grader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "chain_engine.hpp"
#include "engine.hpp"
#include "sudoku/base/budget.hpp"

namespace sudoku {
namespace technique {
namespace {

// One rung group of the ladder: the techniques it can report, and its search.
template <int W>
struct Stage {
  Technique first;  // easiest technique it reports (gates the stage under max_technique)
  // Appends steps; returns false on a contradiction. Null for the forcing-chain rungs: they search
  // through the ChainEngine of the grading's order (chain_engine.hpp).
  bool (*search)(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);
  // Whether the search makes use of SearchContext::score_cap, i.e. runs much cheaper capped (see
  // the shortcut below). Only static forcing chains do so far: capped, they search no deeper
  // than the grade allows. (A capped search that finds nothing within the grade costs a second,
  // full one; for the other chain families that costs more than the cap saves.)
  bool uses_score_cap = false;
};

// A Killer rung: the board's Killer deductions of one technique (technique/killer.cpp).
template <int W, Technique technique>
bool killer_stage(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                  std::vector<Step>& out) {
  return find_killer_steps(layout, board, context, technique, out);
}

template <int W>
const std::vector<Stage<W>>& stages() {
  using L = Layout<W>;
  using B = Board<W>;
  using S = SearchContext;
  using V = std::vector<Step>;
  static const std::vector<Stage<W>> list = {
      {Technique::full_house, [](const L& l, const B& b, S& s, V& v) { return find_singles(l, b, s, v); }},
      {Technique::cage_completion, killer_stage<W, Technique::cage_completion>},
      {Technique::cage_combination, killer_stage<W, Technique::cage_combination>},
      {Technique::direct_pointing,
       [](const L& l, const B& b, S& s, V& v) { return find_intersections(l, b, s, true, v), true; }},
      {Technique::innie_outie, killer_stage<W, Technique::innie_outie>},
      {Technique::direct_hidden_pair,
       [](const L& l, const B& b, S& s, V& v) { return find_hidden_subsets(l, b, s, 2, true, v), true; }},
      {Technique::cage_locked_value, killer_stage<W, Technique::cage_locked_value>},
      {Technique::innie_outie_pair, killer_stage<W, Technique::innie_outie_pair>},
      {Technique::naked_single,
       [](const L& l, const B& b, S& s, V& v) { return find_naked_singles(l, b, s, v), true; }},
      {Technique::cage_split, killer_stage<W, Technique::cage_split>},
      {Technique::direct_hidden_triple,
       [](const L& l, const B& b, S& s, V& v) { return find_hidden_subsets(l, b, s, 3, true, v), true; }},
      {Technique::pointing,
       [](const L& l, const B& b, S& s, V& v) { return find_intersections(l, b, s, false, v), true; }},
      {Technique::union_innie_outie, killer_stage<W, Technique::union_innie_outie>},
      {Technique::naked_pair,
       [](const L& l, const B& b, S& s, V& v) { return find_naked_subsets(l, b, s, 2, v), true; }},
      {Technique::virtual_cage, killer_stage<W, Technique::virtual_cage>},
      {Technique::x_wing, [](const L& l, const B& b, S& s, V& v) { return find_fish(l, b, s, 2, v), true; }},
      {Technique::hidden_pair,
       [](const L& l, const B& b, S& s, V& v) { return find_hidden_subsets(l, b, s, 2, false, v), true; }},
      {Technique::naked_triple,
       [](const L& l, const B& b, S& s, V& v) { return find_naked_subsets(l, b, s, 3, v), true; }},
      {Technique::swordfish,
       [](const L& l, const B& b, S& s, V& v) { return find_fish(l, b, s, 3, v), true; }},
      {Technique::hidden_triple,
       [](const L& l, const B& b, S& s, V& v) { return find_hidden_subsets(l, b, s, 3, false, v), true; }},
      {Technique::two_strong_links,
       [](const L& l, const B& b, S& s, V& v) { return find_strong_link_chains(l, b, s, 2, 2, v), true; }},
      {Technique::xy_wing,
       [](const L& l, const B& b, S& s, V& v) { return find_xy_wings(l, b, s, v), true; }},
      {Technique::xyz_wing,
       [](const L& l, const B& b, S& s, V& v) { return find_xyz_wings(l, b, s, v), true; }},
      {Technique::unique_rectangle,
       [](const L& l, const B& b, S& s, V& v) { return find_unique_rectangles(l, b, s, v), true; }},
      {Technique::naked_quad,
       [](const L& l, const B& b, S& s, V& v) { return find_naked_subsets(l, b, s, 4, v), true; }},
      {Technique::jellyfish,
       [](const L& l, const B& b, S& s, V& v) { return find_fish(l, b, s, 4, v), true; }},
      {Technique::hidden_quad,
       [](const L& l, const B& b, S& s, V& v) { return find_hidden_subsets(l, b, s, 4, false, v), true; }},
      {Technique::three_strong_links,
       [](const L& l, const B& b, S& s, V& v) { return find_strong_link_chains(l, b, s, 3, 3, v), true; }},
      {Technique::wxyz_wing,
       [](const L& l, const B& b, S& s, V& v) { return find_als_wings(l, b, s, 3, v), true; }},
      {Technique::bug, [](const L& l, const B& b, S& s, V& v) { return find_bug(l, b, s, v), true; }},
      {Technique::vwxyz_wing,
       [](const L& l, const B& b, S& s, V& v) { return find_als_wings(l, b, s, 4, v), true; }},
      {Technique::aligned_pair_exclusion,
       [](const L& l, const B& b, S& s, V& v) { return find_aligned_pair_exclusion(l, b, s, v), true; }},
      {Technique::x_chain, [](const L& l, const B& b, S& s, V& v) { return find_chains(l, b, s, v), true; }},
      {Technique::aligned_triplet_exclusion,
       [](const L& l, const B& b, S& s, V& v) { return find_aligned_triplet_exclusion(l, b, s, v), true; }},
      // The forcing-chain rungs search through the grading's ChainEngine (no search of their own).
      {Technique::nishio, nullptr},
      {Technique::multiple_forcing_chain, nullptr, true},
      {Technique::dynamic_forcing_chain, nullptr},
      {Technique::dynamic_forcing_chain_plus, nullptr},
      {Technique::nested_forcing_chain, nullptr},
  };
  return list;
}

// Scores are sums of tenths; compare them with a tolerance.
constexpr double kScoreEpsilon = 1e-6;

// The forcing-chain rung a stage from Nishio up is.
ChainRung chain_rung(Technique first) {
  switch (first) {
    case Technique::nishio:
      return ChainRung::nishio;
    case Technique::multiple_forcing_chain:
      return ChainRung::multiple;
    case Technique::dynamic_forcing_chain:
      return ChainRung::dynamic;
    case Technique::dynamic_forcing_chain_plus:
      return ChainRung::dynamic_plus;
    default:
      return ChainRung::nested;
  }
}

// Reported scores are rounded to the tenth they stand for: summed in binary, 5.8 + 0.1 would be
// written 5.8999999999999995 in book.json and CSV.
double in_tenths(double score) {
  return std::round(score * 10) / 10;
}

TechniqueStep public_step(const Step& step) {
  TechniqueStep result;
  result.technique = step.technique;
  result.score = in_tenths(step.score);
  for (const Deduction& placed : step.placements)
    result.placements.push_back({placed.cell, placed.digit + 1});
  for (const Deduction& gone : step.eliminations) result.eliminations.push_back({gone.cell, gone.digit + 1});
  result.detail = step.detail;
  result.evidence = step.evidence;
  return result;
}

// Whether hidden and naked singles alone solve `board` (worked on a copy). Singles reach one
// closure in any order, and a sound step only takes candidates away, so a board they solve stays
// solvable by them after every later step of the grading: each round then finds a single (or an
// easier direct step), and no step of the rest of the path scores above a naked single.
template <int W>
bool singles_solve(const Layout<W>& layout, Board<W> board) {
  const CandidateMask all = layout.all_values;
  for (bool progress = true; progress && board.open.any();) {
    progress = false;
    for (const std::vector<int>& members : layout.unit_members) {
      CandidateMask once = 0;
      CandidateMask twice = 0;
      CandidateMask placed = 0;
      for (const int cell : members) {
        const CandidateMask mask = board.mask(cell);
        if (mask == 0) {
          const int value = board.values[static_cast<std::size_t>(cell)];
          if (value == 0) return false;
          placed |= bit_of(value - 1);
          continue;
        }
        if ((mask & (mask - 1)) == 0) {  // a naked single
          board.place(layout, cell, std::countr_zero(mask));
          placed |= mask;
          progress = true;
          continue;
        }
        twice |= once & mask;
        once |= mask;
      }
      if (((once | placed) & all) != all) return false;
      for (CandidateMask singles = once & ~twice & ~placed; singles != 0; singles &= singles - 1) {
        const int digit = std::countr_zero(singles);
        for (const int cell : members)
          if (board.has(cell, digit)) {
            board.place(layout, cell, digit);
            progress = true;
            break;
          }
      }
    }
  }
  return !board.open.any();
}

template <int W>
TechniqueGrade grade_with(const Grid& puzzle, const TechniqueOptions& options) {
  const auto layout_owner = layout_for<W>(puzzle.geometry_ptr());
  const Layout<W>& layout = *layout_owner;
  TechniqueGrade result;
  Board<W> board;
  if (!load_board(layout, puzzle, board)) {
    result.outcome = GradeOutcome::contradiction;
    return result;
  }
  SearchContext context;
  context.explain = options.explain;
  context.branch_evidence = options.explain && options.branch_evidence;
  // Unique rectangles and BUG assume that swapping digits leaves a second solution; cage sums
  // can tell the swapped grid apart, so on Killer boards they would be unsound.
  context.uniqueness = options.uniqueness && puzzle.geometry().cages().empty();
  const auto& ladder = stages<W>();
  std::size_t usable = 0;  // stages within max_technique
  while (usable < ladder.size() && ladder[usable].first <= options.max_technique) ++usable;
  // The lowest score each stage can report: the smallest base score among the techniques from its
  // first one up (bonuses only add), which lets a ceiling stop before an expensive stage. The
  // same for every grading: made once.
  static const std::vector<double> lowest_score = [&ladder] {
    std::vector<double> lowest(ladder.size(), std::numeric_limits<double>::infinity());
    for (std::size_t stage = 0; stage < ladder.size(); ++stage)
      for (int t = static_cast<int>(ladder[stage].first); t < kTechniqueCount; ++t)
        lowest[stage] = std::min(lowest[stage], technique_base_score(static_cast<Technique>(t)));
    return lowest;
  }();
  // The floor (TechniqueOptions::floor) is checked once, on the puzzle as given: most moves the
  // climber rejects for it are solved by singles from the start. (Checking again after each round
  // that took a harder step as well found more, but cost as much as it saved on the evil level.)
  const double singles_bound = technique_base_score(Technique::naked_single);
  if (options.floor > singles_bound && puzzle.geometry().cages().empty() &&
      options.max_technique >= Technique::naked_single && singles_solve(layout, board)) {
    result.grade = singles_bound;
    result.outcome = GradeOutcome::below_floor;
    return result;
  }
  const bool se_order = options.order == ChainOrder::se;
  const ChainEngine<W>& chains = chain_engine<W>(options.order);
  context.every_shortest_loop = !se_order;
  std::vector<Step> found;
  std::vector<Step> shortcut_found;
  std::vector<Single> singles;
  // A round's steps (a non-empty list of Step or Single): the easiest (lower score, then the
  // earlier technique) raises the grade, and steps up to the score returned are applied; a grade
  // above the ceiling ends the grading (outcome above_ceiling).
  const auto take_easiest = [&](const auto& steps) {
    const auto easiest = std::min_element(steps.begin(), steps.end(), [](const auto& a, const auto& b) {
      return a.score < b.score - kScoreEpsilon ||
             (std::abs(a.score - b.score) <= kScoreEpsilon && a.technique < b.technique);
    });
    const double limit = std::max(easiest->score, result.grade) + kScoreEpsilon;
    if (easiest->score > result.grade + kScoreEpsilon) {
      result.grade = in_tenths(easiest->score);
      result.hardest = easiest->technique;
      if (result.grade > options.ceiling) result.outcome = GradeOutcome::above_ceiling;
    }
    return limit;
  };
  bool above_ceiling = false;
  int round = 0;  // the explained steps' TechniqueStep::round
  for (; board.open.any(); ++round) {
    found.clear();
    context.good_enough = result.grade;
    bool consistent = true;
    const auto run = [&](std::size_t stage, std::vector<Step>& into) {
      charge_budget();  // a caller's step limit or cancellation (budget.hpp)
      // Both orders search the same way below Nishio (grade_carries_over), but for the cycles'
      // loops of one length (every_shortest_loop), which only a chain-family step can change.
      if (ladder[stage].first >= Technique::nishio) result.order_free = false;
      if (ladder[stage].search) {
        consistent = ladder[stage].search(layout, board, context, into);
      } else {
        chains.search(chain_rung(ladder[stage].first), layout, board, context, into);
        consistent = true;
      }
      std::erase_if(into, [&](const Step& step) { return step.technique > options.max_technique; });
      for (const Step& step : into)
        if (step.technique == Technique::unique_rectangle || step.technique == Technique::unique_loop ||
            step.technique == Technique::bug)
          result.used_uniqueness = true;
    };
    // Once the grade comes from a chain family, any step of that family no harder than the grade
    // leaves the grade as it is: try that family first (it finds most of what the families below
    // it would) and apply what it finds within the grade. Only if it finds nothing that easy does
    // the ladder run from the bottom, reusing this search when it gets there — unless the search
    // was capped at the grade (Stage::uses_score_cap): it may then have left out longer chains,
    // and the ladder runs that stage again in full. (Dynamic forcing chains (+) never serve: plain
    // dynamic ones find the same within the grade far cheaper.)
    // SE order never takes it: SE restarts from the bottom after every step, and a chain step
    // within the grade where SE would take an easier one changes the path (and later grades):
    // with it, 2 of se-rated's 9,758 SE-order grades change (8.5 and 9.0 puzzles lose SE's number).
    // Invariant order may take the shortcut from here on: the orders' paths may part.
    if (result.hardest >= Technique::x_chain) result.order_free = false;
    std::size_t shortcut = usable;
    if (!se_order && result.hardest >= Technique::x_chain)
      for (std::size_t stage = 1; stage < usable; ++stage)
        if (ladder[stage].first <= result.hardest &&
            ladder[stage].first < Technique::dynamic_forcing_chain_plus)
          shortcut = stage;
    bool shortcut_reusable = false;
    if (options.explain) {
      run(0, found);
    } else {
      // The singles as bare placements (Single): the round the loop below would make of them.
      singles.clear();
      consistent = find_singles(layout, board, context, singles);
      std::erase_if(singles, [&](const Single& single) { return single.technique > options.max_technique; });
      if (consistent && !singles.empty()) {
        const double limit = take_easiest(singles);
        if (result.above_ceiling()) break;
        for (const Single& single : singles) {
          if (single.score > limit) continue;
          const Deduction& placed = single.placement;
          if (board.values[static_cast<std::size_t>(placed.cell)] == placed.digit + 1) continue;
          if (!board.has(placed.cell, placed.digit)) {
            consistent = false;
            break;
          }
          board.place(layout, placed.cell, placed.digit);
          ++result.step_count;
          ++result.steps_by_technique[static_cast<std::size_t>(single.technique)];
        }
        if (!consistent) {
          result.outcome = GradeOutcome::contradiction;
          break;
        }
        ++result.rounds;
        ++context.board_version;
        continue;
      }
    }
    if (consistent && found.empty() && shortcut < usable) {
      shortcut_found.clear();
      const bool capped = ladder[shortcut].uses_score_cap;
      if (capped) context.score_cap = result.grade;
      run(shortcut, shortcut_found);
      context.score_cap = std::numeric_limits<double>::infinity();
      shortcut_reusable = !capped;
      for (const Step& step : shortcut_found)
        if (step.score <= result.grade + kScoreEpsilon) found.push_back(step);
    }
    for (std::size_t stage = 1; consistent && found.empty() && stage < usable; ++stage) {
      if (lowest_score[stage] > options.ceiling) {
        result.grade = std::max(result.grade, in_tenths(lowest_score[stage]));
        above_ceiling = true;
        break;
      }
      if (stage == shortcut && shortcut_reusable) {
        found = shortcut_found;
        continue;
      }
      run(stage, found);
    }
    if (!consistent) {
      result.outcome = GradeOutcome::contradiction;
      break;
    }
    if (above_ceiling) {
      result.outcome = GradeOutcome::above_ceiling;
      break;
    }
    if (found.empty()) {
      result.outcome = GradeOutcome::beyond;
      break;
    }
    const double limit = take_easiest(found);
    if (result.above_ceiling()) break;
    for (const Step& step : found) {
      if (step.score > limit) continue;
      bool effective = false;
      for (const Deduction& placed : step.placements) {
        if (board.values[static_cast<std::size_t>(placed.cell)] == placed.digit + 1) continue;
        if (!board.has(placed.cell, placed.digit)) {
          consistent = false;
          break;
        }
        board.place(layout, placed.cell, placed.digit);
        effective = true;
      }
      if (!consistent) break;
      for (const Deduction& gone : step.eliminations) {
        if (!board.has(gone.cell, gone.digit)) continue;
        board.eliminate(gone.cell, gone.digit);
        ++result.eliminations;
        effective = true;
      }
      if (!effective) continue;
      ++result.step_count;
      ++result.steps_by_technique[static_cast<std::size_t>(step.technique)];
      if (options.explain) {
        result.steps.push_back(public_step(step));
        result.steps.back().round = round;
      }
    }
    if (!consistent) {
      result.outcome = GradeOutcome::contradiction;
      break;
    }
    ++result.rounds;
    ++context.board_version;
  }
  result.work = context.work;
  return result;
}

template <int W>
std::vector<PencilBoard> boards_of(const Grid& puzzle, const std::vector<TechniqueStep>& steps) {
  const auto layout_owner = layout_for<W>(puzzle.geometry_ptr());
  const Layout<W>& layout = *layout_owner;
  std::vector<PencilBoard> boards;
  Board<W> board;
  if (!load_board(layout, puzzle, board)) return boards;
  const auto cells = static_cast<std::size_t>(layout.cell_count);
  // Replays the steps as grade_with applied them: a round's steps all see the board of its start.
  const auto apply = [&](const TechniqueStep& step) {
    for (const CellValue& placed : step.placements)
      if (board.values[static_cast<std::size_t>(placed.cell)] == 0 && board.has(placed.cell, placed.value - 1))
        board.place(layout, placed.cell, placed.value - 1);
    for (const CellValue& gone : step.eliminations)
      if (board.has(gone.cell, gone.value - 1)) board.eliminate(gone.cell, gone.value - 1);
  };
  std::size_t applied = 0;
  for (const TechniqueStep& step : steps) {
    while (steps[applied].round < step.round) apply(steps[applied++]);
    PencilBoard pencil;
    pencil.values.assign(board.values.begin(), board.values.begin() + static_cast<std::ptrdiff_t>(cells));
    pencil.candidates.assign(board.candidates.begin(), board.candidates.begin() + static_cast<std::ptrdiff_t>(cells));
    boards.push_back(std::move(pencil));
  }
  return boards;
}

template <int W>
std::string unit_name_of(const std::shared_ptr<const Geometry>& geometry, int unit) {
  return layout_for<W>(geometry)->unit_name(unit);
}

}  // namespace
}  // namespace technique

std::vector<PencilBoard> step_boards(const Grid& puzzle, const std::vector<TechniqueStep>& steps) {
  const int cells = puzzle.cell_count();
  if (cells <= 128) return technique::boards_of<2>(puzzle, steps);
  if (cells <= 256) return technique::boards_of<4>(puzzle, steps);
  return technique::boards_of<10>(puzzle, steps);
}

const char* node_rule_id(NodeRule rule) {
  switch (rule) {
    case NodeRule::link:
      return "link";
    case NodeRule::intersection:
      return "intersection";
    case NodeRule::naked_subset:
      return "naked-subset";
    case NodeRule::cage:
      return "cage";
    case NodeRule::chain:
      return "chain";
  }
  return "link";
}

std::string unit_name(const std::shared_ptr<const Geometry>& geometry, int unit) {
  const int cells = geometry->cell_count();
  if (cells <= 128) return technique::unit_name_of<2>(geometry, unit);
  if (cells <= 256) return technique::unit_name_of<4>(geometry, unit);
  return technique::unit_name_of<10>(geometry, unit);
}

TechniqueGrade grade_techniques(const Grid& puzzle, const TechniqueOptions& options) {
  const int cells = puzzle.cell_count();
  if (cells <= 128) return technique::grade_with<2>(puzzle, options);
  if (cells <= 256) return technique::grade_with<4>(puzzle, options);
  return technique::grade_with<10>(puzzle, options);
}

// The grader's loop (grade_with) with the options `wanted` makes the same searches as with
// `graded`, iteration by iteration, when they differ only in
// - order, and no stage from Nishio up ran and the shortcut (hardest >= X-chain at an iteration's
//   start) was never open: below Nishio both orders run the same stages, apply the same steps;
// - uniqueness on -> off, and the uniqueness stages found nothing: off, they find nothing either
//   (context.uniqueness is read by those two searches only);
// - explain, which only adds text.
// A solved grade is then the same grade, and "beyond" the same "beyond": the loop ends where the
// same stages found nothing. (Beyond, every rung ran, Nishio among them: it carries over between
// gradings of one order only.)
bool grade_carries_over(const TechniqueGrade& grade, const TechniqueOptions& graded,
                        const TechniqueOptions& wanted) {
  if (!(grade.solved() || grade.beyond()) || graded.max_technique != wanted.max_technique ||
      !(graded.ceiling == wanted.ceiling) || !(graded.floor == wanted.floor))
    return false;
  if (graded.order != wanted.order && !grade.order_free) return false;
  if (graded.uniqueness != wanted.uniqueness && (!graded.uniqueness || grade.used_uniqueness)) return false;
  return true;
}

std::string format_step(const Geometry& geometry, const TechniqueStep& step) {
  std::string text;
  for (const CellValue& placed : step.placements) {
    if (!text.empty()) text += ", ";
    text += cell_name(geometry, placed.cell) + "=" + value_symbol(placed.value);
  }
  // Eliminations grouped by value: "r1c2,r1c5 -4; r3c3 -7".
  std::vector<int> values;
  for (const CellValue& gone : step.eliminations)
    if (std::find(values.begin(), values.end(), gone.value) == values.end()) values.push_back(gone.value);
  for (int value : values) {
    text += text.empty() ? "" : "; ";
    bool first = true;
    for (const CellValue& gone : step.eliminations) {
      if (gone.value != value) continue;
      if (!first) text += ',';
      text += cell_name(geometry, gone.cell);
      first = false;
    }
    text += std::string(" -") + value_symbol(value);
  }
  return text + "  " + (step.detail.empty() ? std::string(technique_name(step.technique)) : step.detail);
}

std::string format_grade(const TechniqueGrade& grade) {
  if (grade.outcome == GradeOutcome::beyond) return "beyond";
  if (grade.outcome == GradeOutcome::contradiction) return "contradiction";
  char buffer[32];
  const auto end =
      std::to_chars(buffer, buffer + sizeof buffer, grade.grade, std::chars_format::fixed, 1).ptr;
  return std::string(buffer, end);
}

std::string describe_hardest(const TechniqueGrade& grade) {
  if (grade.outcome == GradeOutcome::contradiction) return "contradiction";
  const std::string name(technique_name(grade.hardest));
  if (grade.outcome == GradeOutcome::beyond)
    return grade.step_count == 0 ? "beyond: no step found" : "beyond: stuck after " + name;
  return name;
}

}  // namespace sudoku
