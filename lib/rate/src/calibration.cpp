// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/calibration.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include <boost/json.hpp>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/symmetry.hpp"

namespace sudoku {
namespace {

// The one list of accepted keys. Level statistics follow "name" and "target" in LevelStatistic
// order, so their names come from here too. (initializer_list because JsonField::allow_only takes
// one; GCC 12 does not accept it constexpr, hence const and a size check in the tests.)
const std::initializer_list<std::string_view> kCalibrationKeys{"metric", "runs",     "options", "size",
                                                               "symmetry", "levels", "model", "provenance"};
const std::initializer_list<std::string_view> kLevelKeys{
    "name", "target", "band",   "givens", "cages", "variety", "distribution", "cut", "count",
    "kept", "removed", "q1",    "median", "q3",    "mean",    "sd",           "min", "max"};
constexpr std::size_t kFirstStatisticKey = 8;
constexpr int kMaxGivens = 25 * 25;

constexpr std::int64_t kMaxRuns = 1'000'000;
// Integer statistics are held as doubles: above 2^53 they would not read back as written, and
// near INT64_MAX converting them back to an integer overflows (found by the calibration fuzzer).
constexpr std::int64_t kMaxCount = std::int64_t{1} << 53;

bool is_integer_statistic(LevelStatistic statistic) {
  return statistic <= LevelStatistic::removed;
}

LevelStatistic statistic_at(std::size_t index) {
  return static_cast<LevelStatistic>(index);
}

// Level checks shared by the file reader (which reports JSON paths) and validate_calibration.
// `fail(level, key, message)` must throw.
using LevelFailure = std::function<void(std::size_t level, std::string_view key, const std::string& message)>;

std::string format_number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// Whether cuts separate levels a and b: the lower of the two by target and every level between
// them in target order carry a cut (their bands may then overlap).
bool cuts_between(const std::vector<CalibrationLevel>& levels, std::size_t a, std::size_t b) {
  const double low = std::min(levels[a].target, levels[b].target);
  const double high = std::max(levels[a].target, levels[b].target);
  for (const CalibrationLevel& level : levels)
    if (level.target >= low && level.target < high && !level.cut) return false;
  return true;
}

void check_band(const std::vector<CalibrationLevel>& levels, std::size_t i, const LevelFailure& fail) {
  const CalibrationLevel& level = levels[i];
  if (level.band.has_value() != levels.front().band.has_value())
    fail(i, "band",
         level.band ? "only some levels have a band (give every level a band, or none)"
                    : "this level has no band but level \"" + levels.front().name +
                          "\" has one (give every level a band, or none)");
  if (!level.band) return;
  const RatingBand& band = *level.band;
  if (!std::isfinite(band.low) || !std::isfinite(band.high) || band.low < 0 || band.low > band.high)
    fail(i, "band", "expected [low, high] with 0 <= low <= high");
  if (!band.contains(level.target))
    fail(i, "target",
         "the target " + format_number(level.target) + " lies outside the level's band [" +
             format_number(band.low) + ", " + format_number(band.high) + "]");
  for (std::size_t j = 0; j < i; ++j)
    if (levels[j].band && band.low < levels[j].band->high && levels[j].band->low < band.high &&
        !cuts_between(levels, i, j))
      fail(i, "band", "overlaps the band of level \"" + levels[j].name + "\" (a rating must have one level)");
}

void check_levels(const std::vector<CalibrationLevel>& levels, const LevelFailure& fail) {
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const CalibrationLevel& level = levels[i];
    if (level.name.empty()) fail(i, "name", "a level needs a non-empty name");
    if (!std::isfinite(level.target) || level.target <= 0.0)
      fail(i, "target", "expected a positive target, got " + std::to_string(level.target));
    check_band(levels, i, fail);
    if (level.givens && !(level.givens->fewest >= 0 && level.givens->fewest <= level.givens->most &&
                          level.givens->most <= kMaxGivens))
      fail(i, "givens", "expected [fewest, most] with 0 <= fewest <= most <= " + std::to_string(kMaxGivens));
    if (level.cages && !(level.cages->fewest >= 1 && level.cages->fewest <= level.cages->most &&
                         level.cages->most <= kMaxGivens))
      fail(i, "cages", "expected [fewest, most] with 1 <= fewest <= most <= " + std::to_string(kMaxGivens));
    if (level.distribution) {
      if (level.distribution->grade.empty()) fail(i, "distribution", "the grade histogram is empty");
      for (const Histogram* histogram :
           {&level.distribution->grade, &level.distribution->givens, &level.distribution->hard_steps,
            &level.distribution->score})
        if (const auto problem = check_histogram(*histogram)) fail(i, "distribution", *problem);
    }
    if (level.cut) {
      if (level.cut->measure != kHardStepsMeasure)
        fail(i, "cut", "unknown measure \"" + level.cut->measure + "\" (known: hard-steps)");
      if (!std::isfinite(level.cut->weight) || level.cut->weight < 0 || !std::isfinite(level.cut->below) ||
          level.cut->below <= 0)
        fail(i, "cut", "expected a weight of at least 0 and a positive \"below\"");
      if (!level.band) fail(i, "cut", "a cut is a boundary between band levels: give every level a band");
    }
    for (std::size_t s = 0; s < kLevelStatisticCount; ++s) {
      const auto& value = level.statistics[s];
      if (value && is_integer_statistic(statistic_at(s)) &&
          !(*value >= 0 && *value <= static_cast<double>(kMaxCount) && *value == std::floor(*value)))
        fail(i, to_string(statistic_at(s)), "expected a whole number from 0 to " + std::to_string(kMaxCount));
    }
    if (level.cut && std::all_of(levels.begin(), levels.end(), [&](const CalibrationLevel& other) {
          return other.target <= level.target;
        }))
      fail(i, "cut", "the highest level has no level above it to cut from");
    for (std::size_t j = 0; j < i; ++j) {
      if (levels[j].name == level.name) fail(i, "name", "duplicate level name \"" + level.name + "\"");
      if (levels[j].target == level.target)
        fail(i, "target",
             "same target as level \"" + levels[j].name +
                 "\" (levels need distinct targets to be told apart)");
    }
  }
}

// Levels in ascending order: by target (each target lies in its band, and bands overlap only
// where cuts separate the levels, so for bands without cuts this is also the order of the bands).
std::vector<std::size_t> ascending_levels(const Calibration& calibration) {
  std::vector<std::size_t> order(calibration.levels.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return calibration.levels[a].target < calibration.levels[b].target;
  });
  return order;
}

// The boundary between neighbouring levels (lower, upper) of an ascending order.
double boundary_between(const CalibrationLevel& lower, const CalibrationLevel& upper) {
  if (lower.band && upper.band) return (lower.band->high + upper.band->low) / 2;
  return std::sqrt(lower.target * upper.target);
}

// "[low, high]" of numbers: a band or a givens range.
template <typename Number>
std::pair<Number, Number> parse_pair(const JsonField& field, const char* what) {
  if (field.array_size() != 2) field.fail(std::string("expected ") + what);
  if constexpr (std::is_integral_v<Number>)
    return {static_cast<Number>(field.element(0).as_integer(0, kMaxGivens)),
            static_cast<Number>(field.element(1).as_integer(0, kMaxGivens))};
  else
    return {field.element(0).as_number(), field.element(1).as_number()};
}

Histogram parse_histogram(const JsonField& field, bool whole_values) {
  Histogram histogram;
  const std::size_t bins = field.array_size();
  for (std::size_t i = 0; i < bins; ++i) {
    const JsonField bin = field.element(i);
    if (bin.array_size() != 2) bin.fail("expected [value, puzzles]");
    const double value = whole_values ? static_cast<double>(bin.element(0).as_integer(0, kMaxGivens))
                                      : bin.element(0).as_number();
    const auto count = static_cast<std::size_t>(bin.element(1).as_integer(1, kMaxCount));
    histogram.bins.emplace_back(value, count);
  }
  if (const auto problem = check_histogram(histogram)) field.fail(*problem);
  return histogram;
}

LevelDistribution parse_distribution(const JsonField& field) {
  field.allow_only({"grade", "givens", "hard_steps", "score"});
  LevelDistribution distribution;
  distribution.grade = parse_histogram(field.required("grade"), false);
  if (distribution.grade.empty()) field["grade"].fail("expected at least one [value, puzzles] pair");
  if (const JsonField givens = field["givens"]; givens.present()) distribution.givens = parse_histogram(givens, true);
  if (const JsonField steps = field["hard_steps"]; steps.present())
    distribution.hard_steps = parse_histogram(steps, true);
  if (const JsonField score = field["score"]; score.present()) distribution.score = parse_histogram(score, false);
  return distribution;
}

LevelCut parse_cut(const JsonField& field) {
  field.allow_only({"measure", "weight", "below"});
  LevelCut cut;
  const JsonField measure = field.required("measure");
  cut.measure = measure.as_string();
  if (cut.measure != kHardStepsMeasure) measure.fail("unknown measure \"" + cut.measure + "\" (known: hard-steps)");
  const JsonField weight = field.required("weight");
  cut.weight = weight.as_number();
  if (!(cut.weight >= 0)) weight.fail("expected a weight of at least 0");
  const JsonField below = field.required("below");
  cut.below = below.as_number();
  if (!(cut.below > 0)) below.fail("expected a positive score: grade + weight * hard steps below it");
  return cut;
}

CalibrationLevel parse_level(const JsonField& field) {
  field.allow_only(kLevelKeys);
  CalibrationLevel level;
  level.name = field.required("name").as_string();
  level.target = field.required("target").as_number();
  if (const JsonField band = field["band"]; band.present()) {
    const auto [low, high] = parse_pair<double>(band, "[low, high]: the ratings of the level");
    level.band = RatingBand{low, high};
  }
  if (const JsonField givens = field["givens"]; givens.present()) {
    const auto [fewest, most] = parse_pair<int>(givens, "[fewest, most]: how many cells a puzzle gives");
    level.givens = GivensRange{fewest, most};
  }
  if (const JsonField cages = field["cages"]; cages.present()) {
    const auto [fewest, most] = parse_pair<int>(cages, "[fewest, most]: how many cages a Killer puzzle has");
    level.cages = GivensRange{fewest, most};
  }
  if (const JsonField variety = field["variety"]; variety.present()) level.variety = variety.as_bool();
  if (const JsonField distribution = field["distribution"]; distribution.present())
    level.distribution = parse_distribution(distribution);
  if (const JsonField cut = field["cut"]; cut.present()) level.cut = parse_cut(cut);
  for (std::size_t i = 0; i < kLevelStatisticCount; ++i) {
    const LevelStatistic statistic = statistic_at(i);
    const JsonField value = field[to_string(statistic)];
    if (!value.present()) continue;
    level[statistic] = is_integer_statistic(statistic) ? static_cast<double>(value.as_integer(0, kMaxCount))
                                                       : value.as_number();
  }
  return level;
}

MetricSettings parse_options(const JsonField& field, const std::string& metric) {
  MetricSettings options;
  if (!field.present()) return options;
  if (!field.raw()->is_object()) field.fail("expected an object of metric options");
  const std::vector<MetricOption> known = rating_metric_options(metric);
  for (const auto& member : field.raw()->get_object()) {
    const std::string key(member.key());
    const bool is_known = std::any_of(known.begin(), known.end(),
                                      [&](const MetricOption& option) { return option.name == key; });
    const JsonField value = field[key];
    if (!is_known) value.fail("\"" + metric + "\" has no option \"" + key + "\"");
    options[key] = value.as_string();
  }
  return options;
}

}  // namespace

std::string_view to_string(LevelStatistic statistic) {
  return kLevelKeys.begin()[kFirstStatisticKey + static_cast<std::size_t>(statistic)];
}

std::span<const std::string_view> calibration_keys() {
  return {kCalibrationKeys.begin(), kCalibrationKeys.size()};
}
std::span<const std::string_view> calibration_level_keys() {
  return {kLevelKeys.begin(), kLevelKeys.size()};
}

Calibration paper_calibration() {
  Calibration calibration;
  calibration.metric = "call-count";
  calibration.runs = 10;
  calibration.levels = {
      {"easy", 6.234043, {}}, {"medium", 29.2093, {}}, {"hard", 98.2093, {}}, {"evil", 527.4318, {}}};
  return calibration;
}

namespace {

// Killer's readers' levels (docs/levels.md "Killer"): bands of the Killer technique grade, measured
// on random unique Killers, no givens, and the cage counts newspaper Killers of each level have.
Calibration killer_press_calibration(int size) {
  if (size != 9)
    throw std::invalid_argument("press_calibration: Killer levels exist for 9x9 only, not " +
                                std::to_string(size) + "x" + std::to_string(size));
  Calibration calibration;
  calibration.metric = "technique";
  calibration.runs = 1;
  calibration.options = {{"uniqueness", "false"}, {"order", "invariant"}};
  calibration.size = size;
  const auto level = [](std::string name, double target, RatingBand band, GivensRange cages) {
    CalibrationLevel result;
    result.name = std::move(name);
    result.target = target;
    result.band = band;
    result.givens = GivensRange{0, 0};
    result.cages = cages;
    return result;
  };
  // Bands at the gaps of the grade distribution of 120 random unique newspaper Killers (cages of
  // 2-3, 2-4, 2-5 and 1-4 cells, no givens): cage combinations and one-unit innies/outies
  // (1.6-1.8); cage/unit locked values, virtual cages in one unit, cage splitting (2.1-2.4);
  // the 45 rule over adjacent units and the classic rungs to wings (2.6-5.5); chains, forcing
  // chains and "beyond" (5.6-11: a third of the Killers with 19-26 cages). Cage counts: the
  // 10th to 90th percentile of each band's puzzles, widened by one or two (docs/levels.md).
  calibration.levels = {level("easy", 1.7, {1.0, 1.9}, {30, 36}), level("medium", 2.2, {2.0, 2.5}, {25, 33}),
                        level("hard", 3.1, {2.6, 5.5}, {22, 28}), level("evil", 7.0, {5.6, 11.0}, {19, 26})};
  return calibration;
}

}  // namespace

// The press levels grade in the technique grader's invariant order: their bands were measured in
// it, a puzzle and its transformed copies get one level, and the hill climber rates many
// candidates (SE order costs about 2.7 times the instructions on forcing-chain puzzles).
Calibration press_calibration(int size, Variant variant) {
  if (variant == Variant::killer) return killer_press_calibration(size);
  if (Geometry::default_box(size).first == 0)
    throw std::invalid_argument("press_calibration: unsupported grid size " + std::to_string(size));
  Calibration calibration;
  calibration.metric = "technique";
  calibration.runs = 1;
  calibration.options = {{"uniqueness", "false"}, {"order", "invariant"}};
  calibration.size = size;
  const auto level = [](std::string name, double target, double low, double high, int fewest, int most) {
    CalibrationLevel result;
    result.name = std::move(name);
    result.target = target;
    result.band = RatingBand{low, high};
    result.givens = GivensRange{fewest, most};
    return result;
  };
  // 9x9 and larger: the five technique bands, each with its givens range for the size.
  const auto five_bands = [&](const std::array<std::pair<int, int>, 5>& givens) {
    return std::vector<CalibrationLevel>{level("easy", 1.5, 1.0, 2.3, givens[0].first, givens[0].second),
                                         level("medium", 2.8, 2.5, 3.4, givens[1].first, givens[1].second),
                                         level("hard", 4.2, 3.6, 5.5, givens[2].first, givens[2].second),
                                         level("evil", 6.6, 5.6, 7.4, givens[3].first, givens[3].second),
                                         level("extreme", 8.3, 7.5, 11.0, givens[4].first, givens[4].second)};
  };
  // Givens ranges per size, from the givens of unique puzzles seen while digging random grids down
  // to minimal ones, graded at every step (docs/plan.md has the measurements): small boards need
  // a larger share of givens, and large ones keep more of their cells even when minimal.
  switch (size) {
    case 4:
      // Every 4x4 puzzle falls to singles (full houses 1.0, hidden singles 1.2): two levels, the
      // easy one with only full houses and many givens. Hidden singles are the hardest technique of
      // every medium puzzle, so the variety rule cannot hold there and is off.
      calibration.levels = {level("easy", 1.0, 1.0, 1.1, 8, 10), level("medium", 1.2, 1.2, 2.3, 4, 7)};
      calibration.levels[1].variety = false;
      break;
    case 6:
      // Beyond singles 6x6 puzzles are rare (12 of 1,784 graded states) but the climber finds them.
      calibration.levels = {level("easy", 1.2, 1.0, 1.3, 14, 20), level("medium", 1.5, 1.4, 2.3, 10, 16),
                            level("hard", 3.0, 2.5, 5.5, 9, 14)};
      // Medium 6x6 puzzles end on hidden singles in a line (1.5) or direct hidden pairs (2.0): 50 of
      // them, each retried 24 times for a third hardest technique, never found one. No variety rule.
      calibration.levels[1].variety = false;
      break;
    case 9:
      calibration.levels = five_bands({{{30, 38}, {27, 34}, {24, 30}, {22, 28}, {20, 28}}});
      break;
    case 12:
      calibration.levels = five_bands({{{56, 72}, {50, 64}, {46, 60}, {45, 58}, {44, 58}}});
      break;
    case 16:
      calibration.levels = five_bands({{{110, 140}, {104, 128}, {98, 122}, {94, 118}, {90, 116}}});
      break;
    default:  // 25: scaled from 16x16 by the cells (not measured: digging 25x25 grids takes too long)
      calibration.levels = five_bands({{{340, 400}, {320, 380}, {300, 360}, {290, 350}, {280, 350}}});
      break;
  }
  return calibration;
}

std::optional<Calibration> built_in_calibration(std::string_view name, int size, Variant variant) {
  if (name == "press") return press_calibration(size, variant);
  if (name == "paper") return paper_calibration();
  return std::nullopt;
}

Calibration read_calibration(const std::string& name_or_path) {
  if (auto built_in = built_in_calibration(name_or_path)) return std::move(*built_in);
  return read_calibration_file(name_or_path);
}

bool has_bands(const Calibration& calibration) {
  return !calibration.levels.empty() && calibration.levels.front().band.has_value();
}

bool has_cuts(const Calibration& calibration) {
  return std::any_of(calibration.levels.begin(), calibration.levels.end(),
                     [](const CalibrationLevel& level) { return level.cut.has_value(); });
}

const CalibrationLevel* find_level(const Calibration& calibration, std::string_view name) {
  for (const CalibrationLevel& level : calibration.levels)
    if (level.name == name) return &level;
  return nullptr;
}

boost::json::array to_json(const RatingBand& band) {
  return {band.low, band.high};
}
boost::json::array to_json(const GivensRange& givens) {
  return {givens.fewest, givens.most};
}

boost::json::object to_json(const LevelDistribution& distribution) {
  const auto histogram = [](const Histogram& of, bool whole_values) {
    boost::json::array bins;
    for (const auto& [value, count] : of.bins) {
      if (whole_values)
        bins.push_back(boost::json::array{static_cast<std::int64_t>(value), count});
      else
        bins.push_back(boost::json::array{value, count});
    }
    return bins;
  };
  boost::json::object result{{"grade", histogram(distribution.grade, false)}};
  if (!distribution.givens.empty()) result["givens"] = histogram(distribution.givens, true);
  if (!distribution.hard_steps.empty()) result["hard_steps"] = histogram(distribution.hard_steps, true);
  if (!distribution.score.empty()) result["score"] = histogram(distribution.score, false);
  return result;
}

bool variety_applies(const Calibration& calibration, const std::string& level, std::size_t count) {
  if (!has_bands(calibration) || count < kVarietyMinimumCount) return false;
  const CalibrationLevel* found = find_level(calibration, level);
  if (found == nullptr || !found->variety) return false;
  return std::any_of(calibration.levels.begin(), calibration.levels.end(),
                     [&](const CalibrationLevel& other) { return other.band->low < found->band->low; });
}

Calibration parse_calibration(const JsonDocument& document) {
  const JsonField root(document);
  root.allow_only(kCalibrationKeys);
  Calibration calibration;

  const JsonField metric = root.required("metric");
  calibration.metric = metric.as_string();
  const auto names = rating_metric_names();
  if (std::find(names.begin(), names.end(), calibration.metric) == names.end()) {
    std::string known;
    for (const auto name : names) known += (known.empty() ? "" : ", ") + std::string(name);
    metric.fail("unknown rating metric \"" + calibration.metric + "\" (known: " + known + ")");
  }
  calibration.runs = static_cast<int>(root.required("runs").as_integer(1, kMaxRuns));
  calibration.options = parse_options(root["options"], calibration.metric);
  if (const JsonField size = root["size"]; size.present())
    calibration.size = static_cast<int>(size.as_integer(4, 25));
  if (const JsonField symmetry = root["symmetry"]; symmetry.present()) {
    try {
      calibration.symmetry = parse_symmetry(symmetry.as_string());
    } catch (const std::invalid_argument& error) {
      symmetry.fail(error.what());
    }
  }

  const JsonField levels = root.required("levels");
  const std::size_t count = levels.array_size();
  if (count == 0) levels.fail("a calibration needs at least one level");
  for (std::size_t i = 0; i < count; ++i) calibration.levels.push_back(parse_level(levels.element(i)));
  check_levels(calibration.levels, [&](std::size_t level, std::string_view key, const std::string& message) {
    levels.element(level)[key].fail(message);
  });
  for (std::size_t i = 0; i < count; ++i)
    if (calibration.levels[i].cut && calibration.metric != "technique")
      levels.element(i)["cut"].fail("cuts count hard steps of the technique grader's path: the metric must be \"technique\"");

  if (const JsonField model = root["model"]; model.present()) {
    if (calibration.metric != "technique")
      model.fail("a level model reads the technique grader's path: the metric must be \"technique\"");
    std::vector<std::string> level_names;
    for (const CalibrationLevel& level : calibration.levels) level_names.push_back(level.name);
    calibration.model = parse_level_model(model, level_names);
  }
  if (const JsonField provenance = root["provenance"]; provenance.present())
    calibration.provenance = *provenance.raw();
  return calibration;
}

Calibration read_calibration_file(const std::string& path) {
  return parse_calibration(read_json_file(path));
}

void validate_calibration(const Calibration& calibration) {
  const auto fail = [](const std::string& message) { throw InputError("calibration", 0, 0, message); };
  const auto names = rating_metric_names();
  if (std::find(names.begin(), names.end(), calibration.metric) == names.end())
    fail("unknown rating metric \"" + calibration.metric + "\"");
  if (calibration.runs < 1 || calibration.runs > kMaxRuns)
    fail("runs must be from 1 to " + std::to_string(kMaxRuns));
  if (calibration.levels.empty()) fail("a calibration needs at least one level");
  check_levels(calibration.levels, [&](std::size_t level, std::string_view key, const std::string& message) {
    fail("levels[" + std::to_string(level) + "]." + std::string(key) + ": " + message);
  });
  if (has_cuts(calibration) && calibration.metric != "technique")
    fail("cuts count hard steps of the technique grader's path: the metric must be \"technique\"");
  if (calibration.model) {
    if (calibration.metric != "technique")
      fail("a level model reads the technique grader's path: the metric must be \"technique\"");
    std::vector<std::string> level_names;
    for (const CalibrationLevel& level : calibration.levels) level_names.push_back(level.name);
    validate_level_model(*calibration.model, level_names);
  }
}

std::vector<std::string> calibration_warnings(const Calibration& calibration) {
  std::vector<std::string> warnings;
  for (std::size_t i = 1; i < calibration.levels.size(); ++i) {
    const CalibrationLevel& previous = calibration.levels[i - 1];
    const CalibrationLevel& level = calibration.levels[i];
    if (level.target <= previous.target)
      warnings.push_back("level \"" + level.name + "\" has target " + std::to_string(level.target) +
                         ", not above \"" + previous.name + "\" (" + std::to_string(previous.target) +
                         "); ratings are matched to levels by target, not by file order");
  }
  return warnings;
}

boost::json::value calibration_to_json(const Calibration& calibration) {
  boost::json::object root;
  root["metric"] = calibration.metric;
  root["runs"] = calibration.runs;
  if (!calibration.options.empty()) {
    boost::json::object options;
    for (const auto& [key, value] : calibration.options) options[key] = value;
    root["options"] = std::move(options);
  }
  if (calibration.size) root["size"] = *calibration.size;
  if (calibration.symmetry) root["symmetry"] = to_string(*calibration.symmetry);
  boost::json::array levels;
  for (const CalibrationLevel& level : calibration.levels) {
    boost::json::object entry;
    entry["name"] = level.name;
    entry["target"] = level.target;
    if (level.band) entry["band"] = to_json(*level.band);
    if (level.givens) entry["givens"] = to_json(*level.givens);
    if (level.cages) entry["cages"] = to_json(*level.cages);
    if (!level.variety) entry["variety"] = false;
    if (level.distribution) entry["distribution"] = to_json(*level.distribution);
    if (level.cut)
      entry["cut"] = {{"measure", level.cut->measure}, {"weight", level.cut->weight}, {"below", level.cut->below}};
    for (std::size_t i = 0; i < kLevelStatisticCount; ++i) {
      const LevelStatistic statistic = statistic_at(i);
      const std::optional<double>& value = level[statistic];
      if (!value) continue;
      if (is_integer_statistic(statistic))
        entry[to_string(statistic)] = static_cast<std::int64_t>(*value);
      else
        entry[to_string(statistic)] = *value;
    }
    levels.push_back(std::move(entry));
  }
  root["levels"] = std::move(levels);
  if (calibration.model) root["model"] = model_to_json(*calibration.model);
  if (calibration.provenance) root["provenance"] = *calibration.provenance;
  return root;
}

void write_calibration_file(const std::string& path, const Calibration& calibration) {
  validate_calibration(calibration);
  write_file_atomically(path, pretty_json(calibration_to_json(calibration)));
}

std::size_t level_index(const Calibration& calibration, double rating, double hard_steps) {
  if (calibration.levels.empty()) throw std::invalid_argument("level lookup in a calibration without levels");
  if (std::isnan(rating)) throw std::invalid_argument("level lookup of a rating that is not a number");
  const std::vector<std::size_t> order = ascending_levels(calibration);
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    const CalibrationLevel& level = calibration.levels[order[i]];
    if (level.cut ? !level.cut->crossed(level.band->high, rating, hard_steps)
                  : rating < boundary_between(level, calibration.levels[order[i + 1]]))
      return order[i];
  }
  return order.back();
}

const CalibrationLevel& level_for(const Calibration& calibration, double rating, double hard_steps) {
  return calibration.levels[level_index(calibration, rating, hard_steps)];
}

std::size_t model_level_index(const Calibration& calibration, std::span<const double> features) {
  const LevelModel& model = calibration.model.value();
  const std::string& name = model.levels[model.level(features)];
  for (std::size_t i = 0; i < calibration.levels.size(); ++i)
    if (calibration.levels[i].name == name) return i;
  throw std::invalid_argument("the model names a level the calibration lacks: \"" + name + "\"");
}

const CalibrationLevel* cut_below(const Calibration& calibration, std::size_t index) {
  const std::vector<std::size_t> order = ascending_levels(calibration);
  for (std::size_t i = 1; i < order.size(); ++i)
    if (order[i] == index) return calibration.levels[order[i - 1]].cut ? &calibration.levels[order[i - 1]] : nullptr;
  return nullptr;
}

std::optional<RatingBand> model_reach(const Calibration& calibration, std::size_t index) {
  const CalibrationLevel& level = calibration.levels.at(index);
  if (!calibration.model || calibration.metric != "technique" || !level.band) return std::nullopt;
  const auto& names = calibration.model->levels;
  if (std::find(names.begin(), names.end(), level.name) == names.end()) return std::nullopt;
  RatingBand reach = *level.band;
  if (level.distribution && !level.distribution->grade.empty()) {
    reach.low = std::min(reach.low, value_at(level.distribution->grade, kReachShare));
    reach.high = std::max(reach.high, value_at(level.distribution->grade, 1 - kReachShare));
  }
  return reach;
}

bool in_level(const Calibration& calibration, std::size_t index, double rating, double hard_steps) {
  const CalibrationLevel& level = calibration.levels.at(index);
  if (level.band && !level.band->contains(rating)) return false;
  if (level.cut && level.cut->crossed(level.band->high, rating, hard_steps)) return false;
  const CalibrationLevel* below = cut_below(calibration, index);
  return below == nullptr || below->cut->crossed(below->band->high, rating, hard_steps);
}

std::vector<double> level_boundaries(const Calibration& calibration) {
  const std::vector<std::size_t> order = ascending_levels(calibration);
  std::vector<double> boundaries;
  for (std::size_t i = 0; i + 1 < order.size(); ++i)
    boundaries.push_back(boundary_between(calibration.levels[order[i]], calibration.levels[order[i + 1]]));
  return boundaries;
}

std::optional<std::string> calibration_mismatch(const Calibration& calibration, const RatingMetric& metric) {
  if (calibration.metric != metric.name())
    return "the calibration is for metric \"" + calibration.metric + "\", the ratings are \"" +
           std::string(metric.name()) + "\"";
  if (calibration.runs != metric.runs())
    return "the calibration was made with " + std::to_string(calibration.runs) +
           " runs per puzzle, the ratings use " + std::to_string(metric.runs());
  const MetricSettings settings = metric.settings();
  for (const auto& [key, value] : calibration.options) {
    const auto found = settings.find(key);
    if (found != settings.end() && found->second != value)
      return "the calibration was made with " + key + "=" + value + ", the ratings use " + key + "=" +
             found->second;
  }
  return std::nullopt;
}

}  // namespace sudoku
