// SPDX-License-Identifier: Apache-2.0
#include "sudoku/generate/hill_climber.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "sudoku/model/gattai.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/transform.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace sudoku {
namespace {

struct State {
  Grid puzzle;
  Grid solution;
  double rating = 0;
  int givens = 0;
  int cages = 0;         // Killer
  int closed_grids = 0;  // gattai with grids_open: grids unique on their own
  double cost = std::numeric_limits<double>::infinity();
  // A drawn move's puzzle: `solution` solves it (its givens and sums come from it) / it has no
  // other solution (proved by a count or by its grading, ProvingRatingFunction). Kept states have
  // both.
  bool solution_known = true;
  bool unique = true;
  // The rating is a lower bound above the band (a Killer start graded up to the band's top only);
  // any state a climb keeps after it is graded exactly (Climber::exact).
  bool rating_bound = false;
};

// With a band or a givens range, being acceptable comes first: this weight puts any distance from
// acceptable above any distance from the target inside the band (both are relative to the target).
constexpr double kOutsideWeight = 1000.0;
// One given outside the givens range counts like a rating 2 % of the target outside the band.
constexpr double kPerGivenOutside = 0.02;
// Ratings move in tenths; a ceiling this far above the exact bound keeps rounding in the cost from
// ever rejecting a move that the exact comparison would keep.
constexpr double kCeilingMargin = 1e-6;
// A move is graded before its uniqueness is known only on a Killer board (a Killer count costs
// milliseconds; a classic one microseconds, less than grading an ambiguous puzzle: classic hard, 40
// puzzles, took 5.2 s grading first against 0.6 s counting first) and only when the grades the
// climb can keep lie below the chain rungs (6.5 and up): grading an ambiguous puzzle runs up the
// ladder until it stalls or passes the ceiling, which below the chains costs less than the count it
// saves, and in the chains' band (evil) several times more (Killer evil, one puzzle: 0.90 s
// counting first, 1.58 s grading first). Otherwise the climb counts every move first, as before.
constexpr double kGradeFirstBelow = 6.0;
// Draws of the diagonal boxes random_solution_grid makes before it seeds a single box instead.
constexpr int kDiagonalDraws = 64;

class Climber {
 public:
  // may_prove: the rating function can prove uniqueness (ProvingRatingFunction); a plain one never
  // does, so its climb counts every move first.
  Climber(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
          const ProvingRatingFunction& rate, Rng& rng, bool may_prove)
      : geometry_(geometry),
        settings_(settings),
        rate_(rate),
        rng_(rng),
        orbits_(cell_orbits(*geometry, settings.symmetry)),
        nearest_step_(nearest_step(settings)),
        grade_first_(may_prove && settings.cages &&
                     (settings.band ? settings.band->high : settings.target * (1 + settings.tolerance)) <
                         kGradeFirstBelow),
        seen_(settings.attainable.size(), 0) {}

  // One climb from a fresh random solution grid; returns the best state it kept.
  State climb(std::int64_t& moves) {
    State current = dig(moves);
    int since_improvement = 0;
    for (int move = 0;
         move < settings_.max_moves && !on_aim(current) && since_improvement < patience_at(current); ++move) {
      ++moves;
      ++since_improvement;
      State candidate;
      if (!propose(current, candidate)) continue;
      if (!grade_first_ && !candidate.unique && !solve_uniquely(candidate)) continue;
      const int givens = candidate.puzzle.givens();
      const int cages = static_cast<int>(candidate.puzzle.geometry().cages().size());
      // A move that leaves the givens or the cages further outside their ranges than the current
      // state is never kept, whatever its grade: it is not graded (the climb goes on exactly as if
      // it had been). About one in seven graded Killer medium moves was such a merge or split.
      if (least_cost(givens, cages) > current.cost) continue;
      evaluate(candidate, lowest_rating_kept(current.cost, givens, cages),
               highest_rating_kept(current.cost, givens, cages));
      // Sideways moves are kept (plateaus of discrete ratings) but do not reset the patience. Only
      // a move that would be kept needs its uniqueness, and only when its grading did not prove it.
      if (candidate.cost <= current.cost && (candidate.unique || solve_uniquely(candidate))) {
        if (candidate.cost < current.cost) since_improvement = 0;
        current = std::move(candidate);
      }
    }
    return current;
  }

  // A state's exact rating, where its rating is a lower bound (State::rating_bound).
  void exact(State& state) const {
    if (!state.rating_bound) return;
    evaluate(state);
    state.rating_bound = false;
  }

  bool reached(const State& state) const {
    if (!two_part_cost()) return state.cost <= settings_.tolerance * settings_.target;
    return state.cost < std::numeric_limits<double>::infinity() && outside(state) == 0;
  }
  // Close enough to the target to stop. In a band the window is a share of the band's width (the
  // tolerance does not apply there), small enough that a discrete grade must be hit, not its
  // neighbour: 0.045 for a band 0.9 wide.
  bool on_aim(const State& state) const {
    if (!two_part_cost()) return state.cost <= settings_.aim * settings_.tolerance * settings_.target;
    const double window = settings_.band ? settings_.aim * 0.1 * (settings_.band->high - settings_.band->low)
                                         : settings_.aim * settings_.tolerance * settings_.target;
    if (!reached(state)) return false;
    return std::abs(state.rating - settings_.target) <= std::max(window, nearest_step_);
  }
  // Inside the band and next to the target on a discrete scale (ClimbSettings::attainable): no
  // step of the scale lies strictly between the rating and the target, so the rating is the step
  // just below or just above it. The nearest of the two is on aim; the other is close: the climb
  // tries the nearest for a quarter of its patience, and makes no extra climbs for it. The nearest
  // step may be one the givens range all but rules out (a 1.0, full houses only, for easy).
  bool close(const State& state) const {
    return on_aim(state) || (settings_.band && reached(state) && next_to_target(state.rating));
  }
  // Moves without improvement before a climb ends: a quarter of the patience once the tolerance is
  // met (no band), or once close to the target in a band (see close()).
  int patience_at(const State& state) const {
    if (!settings_.band) return reached(state) ? settings_.patience / 4 : settings_.patience;
    return close(state) ? settings_.patience / 4 : settings_.patience;
  }

 private:
  // The distance from the target to the nearest step of a discrete scale (plus the tenths'
  // rounding margin); 0 on a continuous scale.
  static double nearest_step(const ClimbSettings& settings) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const double step : settings.attainable) nearest = std::min(nearest, std::abs(step - settings.target));
    return std::isfinite(nearest) ? nearest + kCeilingMargin : 0.0;
  }

  // No step of the scale between the rating and the target that counts. A step counts unless the
  // climber's gradings have landed beyond it (on its far side from the rating) but never on it: the
  // climb has passed it without a path ending there, as classic easy's climbs pass direct claiming
  // (1.9, the hardest step of no puzzle in 200) between a direct hidden pair (2.0) and a target of
  // 1.8. Such a step no longer holds a slot at the step beyond it with the full patience and extra
  // climbs. A step no grading has passed yet (the climb's frontier) still counts.
  bool next_to_target(double rating) const {
    if (settings_.attainable.empty()) return false;
    const double low = std::min(rating, settings_.target) + kCeilingMargin;
    const double high = std::max(rating, settings_.target) - kCeilingMargin;
    const auto& steps = settings_.attainable;
    const bool up = rating < settings_.target;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      if (!(low < steps[k] && steps[k] < high)) continue;
      if (seen_[k]) return false;
      bool passed = false;
      for (std::size_t j = 0; j < steps.size() && !passed; ++j)
        passed = seen_[j] && (up ? steps[j] > steps[k] : steps[j] < steps[k]);
      if (!passed) return false;
    }
    return true;
  }

  // Marks the step a grading landed on exactly: between its floor and ceiling, where it is exact
  // (the climb's floors and ceilings already lie kCeilingMargin outside the ratings it keeps; below
  // the floor the grader may answer with a bound, as the naked single's 2.3 when singles solve).
  void see(double rating, double floor, double ceiling) const {
    if (rating < floor || rating > ceiling + kCeilingMargin) return;
    const auto& steps = settings_.attainable;
    const auto at = std::lower_bound(steps.begin(), steps.end(), rating - kCeilingMargin);
    if (at != steps.end() && *at <= rating + kCeilingMargin)
      seen_[static_cast<std::size_t>(at - steps.begin())] = 1;
  }

  bool two_part_cost() const {
    return settings_.band || settings_.givens || settings_.cage_count || settings_.grids_open;
  }

  // How far from acceptable, relative to the target (0 when the rating and the givens fit).
  double outside(const State& state) const {
    const double target = settings_.target;
    const double rating = state.rating;
    double rating_gap = 0;
    if (settings_.band)
      rating_gap = std::max({0.0, settings_.band->low - rating, rating - settings_.band->high});
    else
      rating_gap = std::max(0.0, std::abs(rating - target) - settings_.tolerance * target);
    const int givens_gap = count_gap(state.givens, state.cages) + state.closed_grids;
    return rating_gap / target + kPerGivenOutside * givens_gap;
  }

  // How many givens and cages a puzzle has outside the level's ranges: the part of outside() that
  // needs no grading.
  int count_gap(int givens, int cages) const {
    int gap = 0;
    if (settings_.givens) gap = std::max({0, settings_.givens->fewest - givens, givens - settings_.givens->most});
    if (settings_.cage_count)
      gap += std::max({0, settings_.cage_count->fewest - cages, cages - settings_.cage_count->most});
    return gap;
  }

  // The least cost a move with these counts can have, whatever its grade (cost_of with the rating
  // on the target): a move whose least cost is above the current one is never kept, so the climb
  // need not grade it.
  double least_cost(int givens, int cages) const {
    if (!two_part_cost()) return 0;
    return kOutsideWeight * (kPerGivenOutside * count_gap(givens, cages));
  }

  // The paper's |rating - target| when there is neither band nor givens range; otherwise the two
  // parts of the header, as one number that orders them lexicographically.
  double cost_of(const State& state) const {
    const double distance = std::abs(state.rating - settings_.target);
    if (!two_part_cost()) return distance;
    return kOutsideWeight * outside(state) + distance / settings_.target;
  }

  // The highest rating a move with `givens` givens may have and still cost no more than `cost` (be
  // kept); the rating function may stop early above it (RatingFunction). Infinite where the cost
  // does not grow with the rating above the target (a target below its band).
  double highest_rating_kept(double cost, int givens, int cages) const {
    const double target = settings_.target;
    if (!two_part_cost()) return target + cost + kCeilingMargin;
    if (settings_.band && !(settings_.band->low <= target && target <= settings_.band->high))
      return std::numeric_limits<double>::infinity();
    const int givens_gap = count_gap(givens, cages);
    // Above the target the cost is fixed + (rating - target) / target, plus W (rating - free) /
    // target past `free`, where the rating leaves the band (or the tolerance).
    const double budget = std::max(0.0, cost - kOutsideWeight * kPerGivenOutside * givens_gap);
    const double free = settings_.band ? settings_.band->high : target * (1 + settings_.tolerance);
    const double within = target + budget * target;
    if (within <= free) return within + kCeilingMargin;
    return (budget * target + kOutsideWeight * free + target) / (kOutsideWeight + 1) + kCeilingMargin;
  }

  // The lowest rating a move with `givens` givens may have and still cost no more than `cost`, the
  // mirror of highest_rating_kept below the target (the cost grows as the rating falls, by 1 /
  // target per unit inside the band or the tolerance, by W + 1 times that below it). Minus
  // infinity where the target lies above its band (the cost does not grow as the rating falls).
  double lowest_rating_kept(double cost, int givens, int cages) const {
    const double target = settings_.target;
    const double none = -std::numeric_limits<double>::infinity();
    if (!std::isfinite(cost)) return none;
    if (!two_part_cost()) return target - cost - kCeilingMargin;
    if (settings_.band && !(settings_.band->low <= target && target <= settings_.band->high)) return none;
    const int givens_gap = count_gap(givens, cages);
    const double budget = std::max(0.0, cost - kOutsideWeight * kPerGivenOutside * givens_gap);
    const double free = settings_.band ? settings_.band->low : target * (1 - settings_.tolerance);
    const double within = target - budget * target;
    if (within >= free) return within - kCeilingMargin;
    return (kOutsideWeight * free + target - budget * target) / (kOutsideWeight + 1) - kCeilingMargin;
  }

  void evaluate(State& state, double floor = -std::numeric_limits<double>::infinity(),
                double ceiling = std::numeric_limits<double>::infinity()) const {
    const ClimbRating rated = rate_(state.puzzle, floor, ceiling);
    state.rating = rated.value;
    see(rated.value, floor, ceiling);
    // The grader's proof holds for the puzzle's known solution: a puzzle with none (a changed
    // given's value) is counted instead.
    if (state.solution_known && rated.proves_unique) state.unique = true;
    state.givens = state.puzzle.givens();
    state.cages = static_cast<int>(state.puzzle.geometry().cages().size());
    state.closed_grids = settings_.grids_open ? closed_grids(state.puzzle) : 0;
    state.cost = cost_of(state);
    // A Killer needs a line in the Killer form (its canonical key, puzzles.txt): at most 52 cages.
    // More is mostly one- and two-cell cages, givens in disguise, which no newspaper prints.
    if (static_cast<std::size_t>(state.cages) > kMaxKillerLineCages)
      state.cost = std::numeric_limits<double>::infinity();
  }

  // The grids of a gattai puzzle that are unique on their own (each a classic 9x9 count, microseconds).
  static int closed_grids(const Grid& puzzle) {
    const GattaiShape* shape = puzzle.geometry().gattai_shape();
    if (shape == nullptr) return 0;
    int closed = 0;
    for (int g = 0; g < static_cast<int>(shape->origins.size()); ++g)
      closed += count_solutions(gattai_grid(puzzle, g), 2).count == 1 ? 1 : 0;
    return closed;
  }

  bool dug_enough(const State& state, double band_floor) const {
    if (state.rating < band_floor) return false;
    // Grids still unique alone: dig on, unless the rating is already past the band.
    if (state.closed_grids > 0 && !(settings_.band && state.rating > settings_.band->high)) return false;
    if (!settings_.givens || state.givens <= settings_.givens->most) return true;
    return settings_.band && state.rating > settings_.band->high;
  }

  // The starting state: a random solution grid with orbits removed in random order while the puzzle
  // stays unique, stopping early once the rating reaches the lower edge of the target band (and the
  // givens are few enough, unless the rating is already past the band). Full grids all rate 1, a
  // plateau on which strict hill climbing cannot move; digging leaves it.
  State dig(std::int64_t& moves) {
    if (settings_.cages) return cage_start();
    State current;
    current.solution = random_solution_grid(geometry_, rng_);
    current.puzzle = current.solution;
    evaluate(current);
    std::vector<std::size_t> order(orbits_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    rng_.shuffle(order.begin(), order.end());
    const double band_floor =
        settings_.band ? settings_.band->low : settings_.target * (1 - settings_.tolerance);
    // With a band, digging stops at its top too (dug_enough), so the rating may stop there; a
    // removal that made the puzzle ambiguous then costs its grader no more than the band's
    // techniques before the count rejects it.
    const double dig_ceiling = settings_.band ? settings_.band->high : std::numeric_limits<double>::infinity();
    bool inexact = false;  // current's rating is a bound below the band's top (too_many below)
    for (const std::size_t o : order) {
      if (dug_enough(current, band_floor)) break;
      ++moves;
      State candidate;
      candidate.puzzle = current.puzzle;
      for (int cell : orbits_[o]) candidate.puzzle.clear(cell);
      candidate.solution = current.solution;
      candidate.unique = false;
      if (!grade_first_ && !solve_uniquely(candidate)) continue;
      // Below the band's floor only "dig on" matters (dug_enough), so the rating may stop there.
      // With more givens than the range allows, only "past the band's top?" can stop the digging:
      // graded from the band's top, a puzzle singles solve is answered by one pass of singles
      // (the grader's floor) instead of a grading, its rating then a bound below the band's top.
      const bool too_many =
          settings_.band && settings_.givens && candidate.puzzle.givens() > settings_.givens->most;
      evaluate(candidate, too_many ? dig_ceiling + kCeilingMargin : band_floor, dig_ceiling);
      if (!candidate.unique && !solve_uniquely(candidate)) continue;
      current = std::move(candidate);
      inexact = too_many;
    }
    // The orbits ran out below the floor or with too many givens, or the rating stopped above the
    // band: the climb needs the exact rating.
    if (inexact || current.rating < band_floor || current.rating > dig_ceiling) evaluate(current);
    return current;
  }

  // Killer: a random solution grid under symmetric unique cages, no givens. The grown layout is
  // graded first (the start needs its grade anyway): where the grader solves it, that is the
  // uniqueness proof, and only a layout it cannot solve is counted and split until unique.
  State cage_start() {
    State current;
    current.solution = random_solution_grid(geometry_, rng_);
    // Grown toward the middle of the level's range of cages (symmetric_cages' aim).
    const int aim = settings_.cage_count ? (settings_.cage_count->fewest + settings_.cage_count->most) / 2 : 0;
    const auto grown = symmetric_cages(current.solution, rng_, *settings_.cages, settings_.symmetry, aim);
    // The first grading stops above the band: a layout that hard is counted and graded in full.
    const double ceiling = settings_.band ? settings_.band->high : std::numeric_limits<double>::infinity();
    const auto start_on = [&](const std::vector<Cage>& cages, double rating_ceiling) {
      const auto board = Geometry::killer(cages, geometry_);
      current.solution = on_geometry(current.solution, board);
      current.puzzle = Grid(board);
      current.unique = false;
      evaluate(current, -std::numeric_limits<double>::infinity(), rating_ceiling);
    };
    if (grade_first_) {
      start_on(grown, ceiling);
      if (current.unique) return current;  // solved, so not above the ceiling: the exact grade
    }
    const auto cages = unique_symmetric_cages(grown, current.solution, rng_, *settings_.cages, settings_.symmetry);
    // The unique start is graded up to the band's top too: a start above it is seen at a lower
    // bound above the band, and the moves down from it are graded up to that bound. A start graded
    // in full (up to 8.7 in Killer medium) made every move down from it run the forcing chains: a
    // quarter of Killer medium's instructions.
    start_on(cages, ceiling);
    current.unique = true;
    current.rating_bound = current.rating > ceiling;
    return current;
  }

  // Killer moves: cages merge when the puzzle is too easy (fewer, larger cages give less away),
  // split when too hard, reshape either way; givens only within the givens range.
  bool propose_cages(const State& current, State& candidate) {
    const bool too_easy = current.rating < settings_.target;
    const bool may_add = settings_.givens && current.givens < settings_.givens->most;
    const std::uint32_t roll = rng_.below(100);
    std::optional<CageMove> move;
    if (settings_.givens && current.givens < settings_.givens->fewest)
      return change_givens(current, candidate, true);
    if (current.givens > (settings_.givens ? settings_.givens->most : 0))
      return change_givens(current, candidate, false);
    if (too_easy) {
      if (roll < 10 && current.givens > 0) return change_givens(current, candidate, false);
      move = roll < 55 ? CageMove::merge : roll < 90 ? CageMove::reshape : CageMove::split;
    } else {
      if (roll < 10 && may_add) return change_givens(current, candidate, true);
      move = roll < 55 ? CageMove::split : roll < 90 ? CageMove::reshape : CageMove::merge;
    }
    // Outside the level's range of cages the count must move first.
    if (settings_.cage_count && current.cages > settings_.cage_count->most) move = CageMove::merge;
    if (settings_.cage_count && current.cages < settings_.cage_count->fewest) move = CageMove::split;
    auto cages = moved_cages(current.puzzle.geometry().cages(), current.solution, *move, *settings_.cages,
                             settings_.symmetry, rng_);
    if (!cages) return false;
    const auto board = Geometry::killer(std::move(*cages), geometry_);
    candidate.puzzle = on_geometry(current.puzzle, board);
    candidate.solution = on_geometry(current.solution, board);
    candidate.unique = false;
    return true;
  }

  // Adds (values from the current solution: the puzzle stays uniquely solvable with that solution)
  // or removes one orbit of givens.
  bool change_givens(const State& current, State& candidate, bool add) {
    std::vector<int> chosen;
    for (int o = 0; o < static_cast<int>(orbits_.size()); ++o)
      if ((current.puzzle[orbits_[static_cast<std::size_t>(o)].front()] != 0) != add) chosen.push_back(o);
    if (chosen.empty()) return false;
    const auto& orbit =
        orbits_[static_cast<std::size_t>(chosen[rng_.below(static_cast<std::uint32_t>(chosen.size()))])];
    candidate.puzzle = current.puzzle;
    for (int cell : orbit) {
      if (add)
        candidate.puzzle.set(cell, current.solution[cell]);
      else
        candidate.puzzle.clear(cell);
    }
    // More givens from the solution keep it the only one; fewer may not (counted if kept).
    candidate.solution = current.solution;
    candidate.unique = add;
    return true;
  }

  // Draws a move and applies it to a copy of `current`. False when the move is impossible or the
  // result does not have exactly one solution (infinite cost: never kept).
  bool propose(const State& current, State& candidate) {
    if (settings_.cages) return propose_cages(current, candidate);
    std::vector<int> given_orbits;
    std::vector<int> empty_orbits;
    for (int o = 0; o < static_cast<int>(orbits_.size()); ++o)
      (current.puzzle[orbits_[static_cast<std::size_t>(o)].front()] != 0 ? given_orbits : empty_orbits)
          .push_back(o);

    // Below the target the puzzle must get harder: mostly deletions and relocations; above it, mostly
    // additions. At a minimal puzzle no deletion keeps it unique and few value changes do, so the
    // relocation (delete one orbit, add another from the current solution) does most of the work.
    const bool too_easy = current.rating < settings_.target;
    const std::uint32_t roll = rng_.below(100);
    enum class Move { add, remove, change, relocate } kind;
    if (too_easy)
      kind = roll < 35 ? Move::remove : roll < 75 ? Move::relocate : roll < 90 ? Move::change : Move::add;
    else
      kind = roll < 50 ? Move::add : roll < 75 ? Move::relocate : roll < 85 ? Move::change : Move::remove;
    // Outside the givens range the count must move first: a relocation or a change keeps it.
    if (settings_.givens && current.givens > settings_.givens->most) kind = Move::remove;
    if (settings_.givens && current.givens < settings_.givens->fewest) kind = Move::add;
    if (given_orbits.empty()) kind = Move::add;
    if (empty_orbits.empty() && (kind == Move::add || kind == Move::relocate)) kind = Move::remove;

    const auto pick = [this](const std::vector<int>& list) -> const std::vector<int>& {
      return orbits_[static_cast<std::size_t>(list[rng_.below(static_cast<std::uint32_t>(list.size()))])];
    };
    candidate.puzzle = current.puzzle;
    switch (kind) {
      case Move::add:
        return change_givens(current, candidate, true);
      case Move::remove:
        return change_givens(current, candidate, false);
      case Move::relocate: {
        for (int cell : pick(given_orbits)) candidate.puzzle.clear(cell);
        for (int cell : pick(empty_orbits)) candidate.puzzle.set(cell, current.solution[cell]);
        candidate.solution = current.solution;
        candidate.unique = false;
        return true;
      }
      case Move::change: {
        const auto& orbit = pick(given_orbits);
        const int cell = orbit[rng_.below(static_cast<std::uint32_t>(orbit.size()))];
        const int old_value = candidate.puzzle[cell];
        const int new_value =
            1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(geometry_->size() - 1)));
        candidate.puzzle.set(cell, new_value >= old_value ? new_value + 1 : new_value);
        for (int peer : geometry_->peers(cell))
          if (candidate.puzzle[peer] == candidate.puzzle[cell]) return false;
        // A new value: the current solution no longer solves the puzzle; the count finds its own.
        candidate.solution_known = false;
        return solve_uniquely(candidate);
      }
    }
    return false;
  }

  static bool solve_uniquely(State& candidate) {
    auto count = count_solutions(candidate.puzzle, 2);
    if (count.count != 1) return false;
    candidate.solution = std::move(*count.solution);
    candidate.solution_known = true;
    candidate.unique = true;
    return true;
  }

  std::shared_ptr<const Geometry> geometry_;
  const ClimbSettings settings_;
  const ProvingRatingFunction& rate_;
  Rng& rng_;
  std::vector<std::vector<int>> orbits_;
  const double nearest_step_;
  const bool grade_first_;  // see kGradeFirstBelow
  // Per step of settings_.attainable: a grading of this climber has landed on it (next_to_target).
  mutable std::vector<char> seen_;
};

// Depth-first fill of `grid` from its blank cells (MRV order, random value order); false when the
// board has no completion or the placements run out.
bool fill_randomly(Grid& grid, Rng& rng, std::int64_t& placements) {
  const Geometry& geometry = grid.geometry();
  int best_cell = -1;
  CandidateMask best_allowed = 0;
  int best_count = geometry.size() + 1;
  for (int cell = 0; cell < grid.cell_count(); ++cell) {
    if (grid[cell] != 0) continue;
    CandidateMask seen = 0;
    for (int peer : geometry.peers(cell))
      if (grid[peer] != 0) seen |= CandidateMask{1} << (grid[peer] - 1);
    const CandidateMask allowed = geometry.all_values() & ~seen;
    const int count = std::popcount(allowed);
    if (count < best_count) {
      best_cell = cell;
      best_allowed = allowed;
      best_count = count;
      if (count == 0) return false;
    }
  }
  if (best_cell < 0) return true;
  std::vector<int> values;
  for (CandidateMask rest = best_allowed; rest != 0; rest &= rest - 1)
    values.push_back(std::countr_zero(rest) + 1);
  rng.shuffle(values.begin(), values.end());
  for (int value : values) {
    if (--placements < 0) return false;
    grid.set(best_cell, value);
    if (fill_randomly(grid, rng, placements)) return true;
  }
  grid.clear(best_cell);
  return false;
}

// Placements one random_filled_grid call gets inside random_solution_grid before it starts over:
// a draw that has not finished by then is usually stuck in a hopeless branch (heavy tail), and
// fresh draws of 300 were the fastest of 100 to 3000 on windoku and jigsaw (2-4 ms per grid).
constexpr std::int64_t kFillPlacements = 300;
constexpr std::int64_t kFillTotalPlacements = 1000000;

}  // namespace

std::optional<Grid> random_filled_grid(const std::shared_ptr<const Geometry>& geometry, Rng& rng,
                                       std::int64_t placements) {
  if (!geometry->cages().empty())
    throw std::invalid_argument("random_filled_grid: boards with cages need sums");
  Grid grid(geometry);
  if (!fill_randomly(grid, rng, placements)) return std::nullopt;
  return grid;
}

Grid random_solution_grid(const std::shared_ptr<const Geometry>& geometry, Rng& rng) {
  if (geometry->variant() != Variant::classic || geometry->is_gattai()) {
    // The variant's units (and a gattai board's grids) do not survive the classic transforms, so
    // the search itself scrambles. A draw needs a placement per cell at least: a gattai board's
    // 150 to 370 cells get four placements a cell before starting over.
    const std::int64_t placements =
        geometry->is_gattai() ? 4 * static_cast<std::int64_t>(geometry->cell_count()) : kFillPlacements;
    for (std::int64_t spent = 0; spent < kFillTotalPlacements; spent += placements)
      if (auto grid = random_filled_grid(geometry, rng, placements)) return *grid;
    throw std::invalid_argument("no solution grid found for the " + geometry->describe() + " board");
  }
  const int n = geometry->size();
  const int bands = n / geometry->box_rows();
  const int stacks = n / geometry->box_cols();
  std::vector<int> values(static_cast<std::size_t>(n));
  // Boxes on the diagonal share no unit, but their fillings need not extend to a full grid: on 4x4
  // about one draw in three leaves some cell of the off-diagonal boxes without a value (rows and
  // columns together rule out all of its box's values). So draw again; a single box always
  // extends (any grid relabelled), which bounds the loop for every size.
  for (int attempt = 0;; ++attempt) {
    Grid seeded(geometry);
    const int boxes = attempt < kDiagonalDraws ? std::min(bands, stacks) : 1;
    for (int k = 0; k < boxes; ++k) {
      std::iota(values.begin(), values.end(), 1);
      rng.shuffle(values.begin(), values.end());
      std::size_t next = 0;
      for (int r = k * geometry->box_rows(); r < (k + 1) * geometry->box_rows(); ++r)
        for (int c = k * geometry->box_cols(); c < (k + 1) * geometry->box_cols(); ++c)
          seeded.set(geometry->cell_at(r, c), values[next++]);
    }
    const auto completed = count_solutions(seeded, 1);
    if (completed.count == 1) return apply(random_transform(*geometry, rng), *completed.solution);
  }
}

void fit_climb_to_board(ClimbSettings& settings, int size) {
  if (size < 16) return;
  settings.patience /= 2;
  settings.aim_restarts = 0;
}

namespace {

ClimbResult climb(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
                  const ProvingRatingFunction& rate, std::uint64_t seed, bool may_prove) {
  if (!(settings.target > 0)) throw std::invalid_argument("climb target must be positive");
  Rng rng(seed);
  ClimbResult result;
  State best;
  result.restarts = -1;
  for (int round = 0; round <= std::max(0, settings.escalations) && !result.reached; ++round) {
    ClimbSettings grown = settings;
    grown.max_moves = settings.max_moves << std::min(round, 8);
    grown.patience = settings.patience << std::min(round, 8);
    Climber climber(geometry, grown, rate, rng, may_prove);
    result.escalations = round;
    for (int attempt = 0; attempt <= settings.max_restarts && !result.reached; ++attempt) {
      ++result.restarts;
      State state = climber.climb(result.moves);
      if (state.cost < best.cost) best = std::move(state);
      result.reached = climber.reached(best);
    }
    // In a band, a few more climbs for the slot's own target (rare techniques sit at its grades).
    // An extra climb that ends on the grade the slot already has again says the steps between it
    // and the target are not within a climb's reach from here (a technique that is seldom a path's
    // hardest step, as direct claiming in classic easy or cage splitting in Killer medium): the
    // slot stops. The third climbs were about a quarter of classic easy's and Killer medium's
    // gradings; without them classic easy's grades are the same but for one puzzle in 200, and
    // Killer medium has 10 cage splittings (2.4) in 72 puzzles instead of 14, the rest at 2.2
    // (docs/notes/killer-generation-2026-12.md).
    for (int extra = 0;
         settings.band && extra < settings.aim_restarts && result.reached && !climber.close(best); ++extra) {
      ++result.restarts;
      State state = climber.climb(result.moves);
      const bool same_grade = std::abs(state.rating - best.rating) < kCeilingMargin;
      if (state.cost < best.cost) best = std::move(state);
      if (same_grade) break;
    }
  }
  if (best.rating_bound) Climber(geometry, settings, rate, rng, may_prove).exact(best);
  result.puzzle = best.puzzle;
  result.solution = best.solution;
  result.rating = best.rating;
  return result;
}

}  // namespace

ClimbResult climb_to_target(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
                            const RatingFunction& rate, std::uint64_t seed) {
  const ProvingRatingFunction plain = [&rate](const Grid& puzzle, double floor, double ceiling) {
    return ClimbRating{rate(puzzle, floor, ceiling), false};
  };
  return climb(geometry, settings, plain, seed, false);
}

ClimbResult climb_to_target(const std::shared_ptr<const Geometry>& geometry, const ClimbSettings& settings,
                            const ProvingRatingFunction& rate, std::uint64_t seed) {
  return climb(geometry, settings, rate, seed, true);
}

}  // namespace sudoku
