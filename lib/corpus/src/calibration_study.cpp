// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/calibration_study.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include <boost/json.hpp>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/base/sha256.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/rate/second_dimension.hpp"
#include "sudoku/solve/solution_counter.hpp"

namespace sudoku {
namespace {

constexpr double kIqrFactor = 1.5;

[[noreturn]] void fail(const std::string& message) {
  throw InputError("", 0, 0, message);
}

std::string format_number(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::optional<double> parse_double(std::string_view text) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Text and hash of a file, and its well-formed puzzles; the first malformed one is an InputError at
// its position, so a typo in a corpus never silently shrinks a level.
struct ParsedFile {
  std::string text;
  StudyInputFile record;
  std::vector<PuzzleEntry> entries;
};

ParsedFile parse_file(const std::string& path, const ReadOptions& read) {
  ParsedFile file;
  file.text = read_text_file(path);
  std::istringstream stream(file.text);
  file.entries = read_puzzles(stream, path, read);
  for (const PuzzleEntry& entry : file.entries)
    if (!entry.ok()) throw InputError(path, entry.error_line, entry.error_column, entry.error);
  file.record.path = path;
  file.record.sha256 = sha256_hex(file.text);
  file.record.bytes = file.text.size();
  file.record.puzzles = file.entries.size();
  return file;
}

StudyLevel& level_named(std::vector<StudyLevel>& levels, const std::string& name) {
  for (StudyLevel& level : levels)
    if (level.name == name) return level;
  levels.push_back({name, {}});
  return levels.back();
}

// The 1-based line `number` of `text`, without its newline.
std::string_view line_of(std::string_view text, int number) {
  std::size_t start = 0;
  for (int line = 1; line < number; ++line) {
    const std::size_t newline = text.find('\n', start);
    if (newline == std::string_view::npos) return {};
    start = newline + 1;
  }
  const std::size_t end = text.find('\n', start);
  return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

// The label of a one-line "PUZZLE VALUE" entry as a number; errors point at the label's column.
double label_value(const ParsedFile& file, const PuzzleEntry& entry) {
  const std::string_view line = line_of(file.text, entry.line);
  std::size_t position = 0;
  while (position < line.size() && is_blank(line[position])) ++position;
  while (position < line.size() && !is_blank(line[position])) ++position;
  while (position < line.size() && is_blank(line[position])) ++position;
  const int column = static_cast<int>(position) + 1;
  std::string_view label = entry.label;
  while (!label.empty() && is_blank(label.back())) label.remove_suffix(1);
  while (!label.empty() && is_blank(label.front())) label.remove_prefix(1);
  if (label.empty())
    throw InputError(file.record.path, entry.line, column,
                     "expected a value after the puzzle (PUZZLE VALUE)");
  const std::optional<double> value = parse_double(label);
  if (!value)
    throw InputError(file.record.path, entry.line, column,
                     "expected a number after the puzzle, got \"" + std::string(label) + "\"");
  return *value;
}

void require_levels_with_puzzles(const StudyInput& input) {
  for (const StudyLevel& level : input.levels)
    if (level.puzzles.empty()) fail("level \"" + level.name + "\" has no puzzles");
}

// Width of the gap between neighbouring targets, in the spacing's own measure.
double gap_width(double a, double b, Spacing spacing) {
  return spacing == Spacing::arithmetic ? std::abs(b - a) : std::abs(std::log(b / a));
}

double between(double a, double b, Spacing spacing) {
  return spacing == Spacing::arithmetic ? (a + b) / 2 : std::sqrt(a * b);
}

double beyond(double previous, double last, Spacing spacing) {
  return spacing == Spacing::arithmetic ? last + (last - previous) : last * (last / previous);
}

boost::json::value fence_json(const Fence& fence) {
  if (std::isinf(fence.low) && std::isinf(fence.high)) return nullptr;
  return boost::json::array{fence.low, fence.high};
}

boost::json::array confusion_json(const Confusion& confusion) {
  boost::json::array rows;
  for (const auto& row : confusion.counts) {
    boost::json::array cells;
    for (const std::size_t count : row) cells.push_back(count);
    rows.push_back(std::move(cells));
  }
  return rows;
}

boost::json::object house_style_json(const HouseStyle& house, const StudyResult& result) {
  boost::json::object json;
  boost::json::array order;
  for (const LevelOutcome& level : result.levels) order.push_back(boost::json::string(level.name));
  json["levels"] = std::move(order);
  json["cuts"] = "all cuts together, maximising the held-in puzzles inside their own level's band";
  json["held_in"] = house.held_in;
  json["agreement"] = house.agreement;
  json["givens_quantiles"] = boost::json::array{kGivensLowQuantile, kGivensHighQuantile};
  if (house.symmetry) {
    boost::json::object classes;
    boost::json::object having;
    for (std::size_t i = 0; i < kSymmetryClasses.size(); ++i) {
      classes[to_string(kSymmetryClasses[i])] = house.symmetry->classes[i];
      having[to_string(kSymmetryClasses[i])] = house.symmetry->having[i];
    }
    json["symmetry"] = boost::json::object{
        {"puzzles", house.symmetry->puzzles},
        {"strongest", std::move(classes)},
        {"having", std::move(having)},
        {"consistent_share", kConsistentShare},
        {"written", house.symmetry->consistent ? boost::json::value(to_string(*house.symmetry->consistent))
                                               : boost::json::value(nullptr)}};
  }
  if (!house.cuts.empty()) {
    boost::json::array pairs;
    for (const LevelPairCut& pair : house.cuts) {
      boost::json::object entry{{"levels", boost::json::array{boost::json::string(pair.lower), boost::json::string(pair.upper)}},
                                {"puzzles", pair.decision.points},
                                {"grade_correct", pair.decision.grade_correct},
                                {"cut_correct", pair.decision.cut_correct},
                                {"gains", pair.decision.gains},
                                {"losses", pair.decision.losses},
                                {"weight", pair.decision.weight},
                                {"kept", pair.decision.kept}};
      if (pair.decision.kept) entry["below"] = pair.decision.below;
      pairs.push_back(std::move(entry));
    }
    boost::json::array weights;
    for (const double weight : kCutWeights) weights.push_back(weight);
    json["second_dimension"] = boost::json::object{
        {"measure", kHardStepsMeasure},
        {"score", "grade + weight * hard steps"},
        {"weights", std::move(weights)},
        {"folds", kCutFolds},
        {"kept_when", "gains - losses >= 2 sqrt(gains + losses) over the cross-validated predictions"},
        {"pairs", std::move(pairs)}};
  }
  if (house.model) {
    const ModelDecision& decision = *house.model;
    boost::json::array lambdas;
    for (const LambdaScore& judged : decision.fit.lambdas)
      lambdas.push_back(boost::json::object{
          {"lambda", judged.lambda}, {"log_loss", judged.log_loss}, {"correct", judged.correct}});
    boost::json::array ranked;
    for (const ModelFeature& feature : ranked_features(decision.fit.model))
      ranked.push_back(boost::json::object{{"name", feature.name}, {"weight", feature.weight}});
    json["model"] = boost::json::object{
        {"kind", decision.fit.model.kind},
        {"folds", ModelFitOptions{}.folds},
        {"puzzles", decision.points},
        {"lambdas", std::move(lambdas)},
        {"lambda", decision.fit.model.lambda},
        {"cv_correct", decision.fit.cv_correct},
        {"bands_correct", decision.bands_correct},
        {"gains", decision.gains},
        {"losses", decision.losses},
        {"kept_when", "gains - losses >= 2 sqrt(gains + losses): the model's cross-validated predictions against "
                      "the bands' own labels of the held-in puzzles"},
        {"kept", decision.kept},
        {"ranked_features", std::move(ranked)}};
    if (!decision.kept) json["model"].as_object()["fitted"] = model_to_json(decision.fit.model);
  }
  if (house.validation) {
    const StudyValidation& validation = *house.validation;
    boost::json::array baselines;
    for (const ValidationBaseline& baseline : validation.baselines)
      baselines.push_back(boost::json::object{{"name", baseline.name},
                                              {"rule", baseline.rule},
                                              {"confusion", confusion_json(baseline.confusion)},
                                              {"accuracy", baseline.confusion.accuracy()}});
    json["validation"] = boost::json::object{
        {"fraction", validation.fraction},
        {"held_out", validation.held_out},
        {"split", "the last fraction of each input file, in file order"},
        {"confusion", confusion_json(validation.levels)},
        {"rows", "label"},
        {"columns", "learned level"},
        {"accuracy", validation.levels.accuracy()},
        {"baselines", std::move(baselines)}};
  }
  return json;
}

boost::json::value provenance_json(const StudyInput& input, const StudyResult& result,
                                   const StudyOptions& options, std::size_t measured_levels) {
  boost::json::object provenance;
  provenance["tool"] = "calibrate";
  provenance["version"] = options.tool_version;
  provenance["outliers"] = to_string(options.outliers);
  provenance["quartiles"] = "linear interpolation between order statistics (Hyndman-Fan type 7)";
  boost::json::array files;
  for (const StudyInputFile& file : input.files)
    files.push_back(boost::json::object{
        {"file", file.path}, {"sha256", file.sha256}, {"bytes", file.bytes}, {"puzzles", file.puzzles}});
  provenance["inputs"] = std::move(files);
  if (!input.bins.empty()) {
    provenance["bins"] = input.bins;
    provenance["unbinned"] = input.unbinned;
  }
  boost::json::array levels;
  for (const LevelOutcome& level : result.levels)
    levels.push_back(boost::json::object{{"name", level.name},
                                         {"excluded", level.excluded},
                                         {"capped", level.capped},
                                         {"fence", fence_json(level.summary.fence)}});
  provenance["levels"] = std::move(levels);
  if (result.calibration.levels.size() > measured_levels)
    provenance["expansion"] = boost::json::object{{"levels", result.calibration.levels.size()},
                                                  {"measured", measured_levels},
                                                  {"spacing", to_string(options.spacing)}};
  boost::json::array excluded;
  for (const ExcludedPuzzle& puzzle : result.excluded)
    excluded.push_back(boost::json::object{{"level", puzzle.level},
                                           {"file", puzzle.source},
                                           {"line", puzzle.line},
                                           {"reason", puzzle.reason()}});
  provenance["excluded"] = std::move(excluded);
  if (result.house) provenance["house_style"] = house_style_json(*result.house, result);
  return provenance;
}

// StudyOptions::bands: the measured levels become band levels (see the header), easiest first in
// input order. Returns the held-in agreement of the cuts.
std::size_t make_bands(StudyResult& result) {
  const std::size_t count = result.levels.size();
  std::vector<std::vector<double>> kept;
  for (const LevelOutcome& level : result.levels) kept.push_back(level.kept_ratings);
  const std::vector<double> cuts = band_cuts(kept);
  std::size_t agreement = 0;
  for (std::size_t i = 0; i < count; ++i) {
    CalibrationLevel& level = result.calibration.levels[i];
    const auto [lowest, highest] = std::minmax_element(kept[i].begin(), kept[i].end());
    const double low = i == 0 ? std::min(*lowest, cuts.empty() ? *lowest : cuts.front()) : cuts[i - 1];
    const double high = i + 1 == count ? std::max(*highest, low) : cuts[i];
    level.band = RatingBand{low, high};
    for (const double rating : kept[i])
      if (level_by_cuts(rating, cuts) == i) ++agreement;
    const double median = *level[LevelStatistic::median];
    const bool on_cut = std::find(cuts.begin(), cuts.end(), median) != cuts.end();
    level.target = level.band->contains(median) && !on_cut ? median : (low + high) / 2;
    if (i > 0 && median < *result.calibration.levels[i - 1][LevelStatistic::median])
      result.warnings.push_back("level \"" + level.name + "\" has a lower median rating than \"" +
                                result.calibration.levels[i - 1].name +
                                "\", the level before it: band levels are taken easiest first, in the order given");
  }
  return agreement;
}

// StudyOptions::validate: the last `fraction` of each input file's puzzles, in file order, are held
// out. Items of one file are in file order already (files are read in order, levels keep it).
template <typename Items>
void hold_out(Items& items, double fraction, const StudyInput& input) {
  std::vector<std::string> sources;
  for (const auto& item : items)
    if (std::find(sources.begin(), sources.end(), item.puzzle->source) == sources.end())
      sources.push_back(item.puzzle->source);
  for (const std::string& source : sources) {
    std::vector<std::size_t> of_file;
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].puzzle->source == source) of_file.push_back(i);
    std::stable_sort(of_file.begin(), of_file.end(), [&](std::size_t a, std::size_t b) {
      return items[a].puzzle->line < items[b].puzzle->line;
    });
    const std::size_t out = held_out_count(of_file.size(), fraction);
    for (std::size_t k = of_file.size() - out; k < of_file.size(); ++k) items[of_file[k]].held_out = true;
  }
  std::vector<bool> learns(items.size() == 0 ? 0 : items.back().level + 1, false);
  std::vector<bool> named(learns.size(), false);
  for (const auto& item : items) {
    named[item.level] = true;
    if (!item.held_out) learns[item.level] = true;
  }
  for (std::size_t l = 0; l < learns.size(); ++l)
    if (named[l] && !learns[l])
      fail("--validate " + format_number(fraction) + " holds out every puzzle of level \"" + input.levels[l].name +
           "\" (" + std::to_string(input.levels[l].puzzles.size()) + "): nothing left to learn it from");
}

// Givens ranges per level and the symmetry census, from the valid held-in puzzles.
template <typename Items>
void learn_givens_and_symmetry(const Items& items, const std::vector<int>& solutions, StudyResult& result,
                               HouseStyle& house) {
  std::vector<std::vector<int>> givens(result.levels.size());
  std::vector<Grid> grids;
  std::optional<int> size;
  bool one_size = true;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (solutions[i] != 1 || items[i].held_out) continue;
    const Grid& grid = items[i].puzzle->grid;
    if (size && *size != grid.size()) one_size = false;
    size = grid.size();
    givens[items[i].level].push_back(grid.givens());
    grids.push_back(grid);
  }
  if (!one_size) {
    result.warnings.push_back("the puzzles are of several sizes: no givens ranges or symmetry learned");
    return;
  }
  result.calibration.size = size;
  for (std::size_t l = 0; l < givens.size(); ++l) {
    result.calibration.levels[l].givens = givens_range(givens[l]);
    if (result.calibration.levels[l].distribution)
      result.calibration.levels[l].distribution->givens = histogram_of(std::span<const int>(givens[l]));
  }
  house.symmetry = symmetry_census(grids);
  result.calibration.symmetry = house.symmetry->consistent;
}

// StudyOptions::validate: the learned levels and the baselines on the valid held-out puzzles.
template <typename Items>
StudyValidation validate_levels(const Items& items, const std::vector<int>& solutions,
                                const std::vector<MetricRating>& ratings, const std::vector<std::optional<int>>& steps,
                                const std::vector<std::vector<double>>& features, const StudyResult& result,
                                const std::optional<Calibration>& grade_only, double fraction) {
  const std::size_t count = result.levels.size();
  StudyValidation validation;
  validation.fraction = fraction;
  validation.levels = Confusion(count);
  // Baselines learn from the same held-in puzzles: best cuts on the givens count (more givens read
  // easier, so the cuts run on minus the count), and the commonest held-in level.
  std::vector<LabelledValue> held_in_givens;
  std::vector<std::vector<double>> givens_of_level(count);
  std::vector<std::size_t> level_sizes(count, 0);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (solutions[i] != 1 || items[i].held_out) continue;
    const double value = -static_cast<double>(items[i].puzzle->grid.givens());
    held_in_givens.push_back({value, items[i].level});
    givens_of_level[items[i].level].push_back(value);
    ++level_sizes[items[i].level];
  }
  std::vector<double> preferred;
  for (std::size_t l = 0; l + 1 < count; ++l)
    preferred.push_back((quartiles(givens_of_level[l]).median + quartiles(givens_of_level[l + 1]).median) / 2);
  std::vector<double> givens_cuts;
  ValidationBaseline givens{"givens", "", Confusion(count)};
  try {
    givens_cuts = best_cuts(held_in_givens, count, preferred).cuts;
    // A cut c on minus the count: the easier level has the counts above -c.
    for (std::size_t l = 0; l < count; ++l) {
      const auto bound = [&](std::size_t cut) { return static_cast<int>(std::ceil(-givens_cuts[cut])); };
      givens.rule += (l == 0 ? "" : ", ") + result.levels[l].name + " ";
      if (l == 0)
        givens.rule += std::to_string(bound(0)) + "+";
      else if (l + 1 == count)
        givens.rule += "up to " + std::to_string(bound(l - 1) - 1);
      else if (bound(l) == bound(l - 1) - 1)
        givens.rule += std::to_string(bound(l));
      else
        givens.rule += std::to_string(bound(l)) + "-" + std::to_string(bound(l - 1) - 1);
    }
  } catch (const std::invalid_argument&) {
    givens.rule = "not learned: fewer distinct givens counts than levels";
  }
  const std::size_t majority = static_cast<std::size_t>(
      std::max_element(level_sizes.begin(), level_sizes.end()) - level_sizes.begin());
  ValidationBaseline commonest{"majority", result.levels[majority].name, Confusion(count)};
  ValidationBaseline grade{"grade", "the cuts on the grade alone", Confusion(count)};
  const auto column_of = [&](const std::string& predicted) {
    std::size_t column = 0;
    while (result.levels[column].name != predicted) ++column;
    return column;
  };
  const Calibration& learned = result.calibration;
  ValidationBaseline bands{"bands", "the learned bands without the model", Confusion(count)};
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (solutions[i] != 1 || !items[i].held_out) continue;
    const std::size_t by_bands = column_of(level_for(learned, ratings[i].value, steps[i].value_or(0)).name);
    const bool modelled = learned.model && !features[i].empty();
    validation.levels.add(items[i].level, modelled ? model_level_index(learned, features[i]) : by_bands);
    if (learned.model) bands.confusion.add(items[i].level, by_bands);
    if (grade_only) grade.confusion.add(items[i].level, column_of(level_for(*grade_only, ratings[i].value).name));
    if (!givens_cuts.empty() || count == 1)
      givens.confusion.add(items[i].level,
                           level_by_cuts(-static_cast<double>(items[i].puzzle->grid.givens()), givens_cuts));
    commonest.confusion.add(items[i].level, majority);
    ++validation.held_out;
  }
  if (validation.held_out == 0) fail("--validate: no valid puzzle is held out (a larger fraction is needed)");
  if (learned.model) validation.baselines.push_back(std::move(bands));
  if (grade_only) validation.baselines.push_back(std::move(grade));
  validation.baselines.push_back(std::move(givens));
  validation.baselines.push_back(std::move(commonest));
  return validation;
}

// The valid held-in puzzles that `has_path`, in archive order (input files in order, then lines):
// the order the cross-validations' folds follow.
template <typename Items, typename Predicate>
std::vector<std::size_t> held_in_in_archive_order(const Items& items, const std::vector<int>& solutions,
                                                  const StudyInput& input, const Predicate& has_path) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (solutions[i] == 1 && !items[i].held_out && has_path(i)) order.push_back(i);
  const auto file_rank = [&](const std::string& source) {
    std::size_t rank = 0;
    while (rank < input.files.size() && input.files[rank].path != source) ++rank;
    return rank;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto ra = file_rank(items[a].puzzle->source), rb = file_rank(items[b].puzzle->source);
    return ra != rb ? ra < rb : items[a].puzzle->line < items[b].puzzle->line;
  });
  return order;
}

// StudyOptions::second_dimension: per pair of neighbouring levels, a cut on grade + w * hard steps
// where it beats the grade (house_style.hpp learn_pair_cut), then the bands, agreement and
// distributions of the levels with cuts. Returns the levels of the grade alone when some cut was
// kept (the validation's baseline), nothing otherwise (the levels are unchanged).
template <typename Items>
std::optional<Calibration> learn_cuts(const Items& items, const std::vector<int>& solutions,
                                      const std::vector<MetricRating>& ratings,
                                      const std::vector<std::optional<int>>& steps, const StudyInput& input,
                                      StudyResult& result, HouseStyle& house) {
  const std::vector<std::size_t> order =
      held_in_in_archive_order(items, solutions, input, [&](std::size_t i) { return steps[i].has_value(); });
  std::vector<CalibrationLevel>& levels = result.calibration.levels;
  const Calibration grade_only = result.calibration;
  bool any = false;
  for (std::size_t k = 0; k + 1 < levels.size(); ++k) {
    std::vector<PairPoint> points;
    for (const std::size_t i : order)
      if (items[i].level == k || items[i].level == k + 1)
        points.push_back({ratings[i].value, static_cast<double>(*steps[i]), items[i].level == k + 1});
    // The lower band may end higher (the steps decide there), not beyond the next level's median.
    LevelPairCut pair{levels[k].name, levels[k + 1].name,
                      learn_pair_cut(points, levels[k].band->high, levels[k + 1].target)};
    if (pair.decision.kept) {
      levels[k].cut = LevelCut{std::string(kHardStepsMeasure), pair.decision.weight, pair.decision.below};
      levels[k].band->high = pair.decision.top;
      any = true;
    }
    house.cuts.push_back(std::move(pair));
  }
  if (!any) return std::nullopt;
  // The agreement is counted by the new lookup; every level keeps its puzzles' hard steps.
  std::vector<std::vector<int>> level_steps(levels.size());
  std::vector<std::optional<std::pair<double, double>>> reach(levels.size());
  house.agreement = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (solutions[i] != 1 || items[i].held_out) continue;
    const double rating = ratings[i].value;
    const std::size_t level = level_index(result.calibration, rating, steps[i].value_or(0));
    if (level == items[i].level) ++house.agreement;
    if (steps[i]) level_steps[items[i].level].push_back(*steps[i]);
    auto& range = reach[level];
    range = range ? std::pair{std::min(range->first, rating), std::max(range->second, rating)}
                  : std::pair{rating, rating};
  }
  // A cut only sends puzzles up: the band above it reaches down to the lowest grade it takes.
  for (std::size_t k = 0; k < levels.size(); ++k) {
    if (reach[k] && k > 0 && levels[k - 1].cut) levels[k].band->low = std::min(levels[k].band->low, reach[k]->first);
    if (levels[k].distribution)
      levels[k].distribution->hard_steps = histogram_of(std::span<const int>(level_steps[k]));
  }
  return grade_only;
}

// StudyOptions::level_model: the ordinal model on the held-in puzzles with a solved path, in
// archive order (fold i mod k), judged against the bands' own labels of the same puzzles and kept
// (as result.calibration.model) only where its cross-validated predictions beat them significantly.
template <typename Items>
std::optional<ModelDecision> learn_model(const Items& items, const std::vector<int>& solutions,
                                         const std::vector<MetricRating>& ratings,
                                         const std::vector<std::optional<int>>& steps,
                                         const std::vector<std::vector<double>>& features, const StudyInput& input,
                                         StudyResult& result) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::size_t> order =
      held_in_in_archive_order(items, solutions, input, [&](std::size_t i) { return !features[i].empty(); });
  const std::size_t count = result.levels.size();
  std::vector<std::vector<double>> rows;
  std::vector<std::size_t> labels;
  std::vector<bool> seen(count, false);
  for (const std::size_t i : order) {
    rows.push_back(features[i]);
    labels.push_back(items[i].level);
    seen[items[i].level] = true;
  }
  if (count < 2 || std::find(seen.begin(), seen.end(), false) != seen.end()) return std::nullopt;
  std::vector<std::string> names;
  for (const LevelOutcome& level : result.levels) names.push_back(level.name);
  ModelDecision decision;
  decision.fit = fit_level_model(rows, labels, names);
  decision.points = rows.size();
  for (std::size_t r = 0; r < order.size(); ++r) {
    const std::size_t i = order[r];
    const std::size_t by_bands = level_index(result.calibration, ratings[i].value, steps[i].value_or(0));
    const bool bands_right = by_bands == labels[r];
    if (bands_right) ++decision.bands_correct;
    if (decision.fit.cv_predictions.empty()) continue;
    const bool model_right = decision.fit.cv_predictions[r] == labels[r];
    if (model_right && !bands_right) ++decision.gains;
    if (!model_right && bands_right) ++decision.losses;
  }
  const double gains = static_cast<double>(decision.gains), losses = static_cast<double>(decision.losses);
  decision.kept = !decision.fit.cv_predictions.empty() && gains > losses &&
                  gains - losses >= kCutSignificance * std::sqrt(gains + losses);
  if (decision.kept) {
    result.calibration.model = decision.fit.model;
    // Each level's archive spread of the model's score, for the generator and the audit.
    std::vector<std::vector<double>> scores(count);
    for (std::size_t r = 0; r < order.size(); ++r)
      scores[labels[r]].push_back(rounded_score(decision.fit.model.score(rows[r])));
    for (std::size_t l = 0; l < count; ++l)
      if (result.calibration.levels[l].distribution)
        result.calibration.levels[l].distribution->score = histogram_of(std::span<const double>(scores[l]));
  }
  decision.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return decision;
}

}  // namespace

// ---- Robust statistics ----

double quantile_of_sorted(std::span<const double> sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("quantile of no values");
  if (!(p >= 0.0 && p <= 1.0)) throw std::invalid_argument("quantile probability outside [0, 1]");
  const double position = static_cast<double>(sorted.size() - 1) * p;
  const auto below = static_cast<std::size_t>(std::floor(position));
  const double fraction = position - static_cast<double>(below);
  if (below + 1 >= sorted.size() || fraction == 0.0) return sorted[below];
  return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

Quartiles quartiles(std::span<const double> values) {
  if (values.empty()) throw std::invalid_argument("quartiles of no values");
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return {quantile_of_sorted(sorted, 0.25), quantile_of_sorted(sorted, 0.5),
          quantile_of_sorted(sorted, 0.75)};
}

std::string_view to_string(OutlierRule rule) {
  switch (rule) {
    case OutlierRule::median_iqr:
      return "median-iqr";
    case OutlierRule::tukey:
      return "tukey";
    case OutlierRule::none:
      return "none";
  }
  return "?";
}

OutlierRule parse_outlier_rule(std::string_view text) {
  for (const OutlierRule rule : {OutlierRule::median_iqr, OutlierRule::tukey, OutlierRule::none})
    if (text == to_string(rule)) return rule;
  fail("outliers: expected median-iqr, tukey or none, got \"" + std::string(text) + "\"");
}

Fence outlier_fence(const Quartiles& quartiles, OutlierRule rule) {
  const double reach = kIqrFactor * quartiles.iqr();
  switch (rule) {
    case OutlierRule::median_iqr:
      return {quartiles.median - reach, quartiles.median + reach};
    case OutlierRule::tukey:
      return {quartiles.q1 - reach, quartiles.q3 + reach};
    case OutlierRule::none:
      return {};
  }
  return {};
}

LevelSummary summarize_ratings(std::span<const double> ratings, OutlierRule rule) {
  if (ratings.empty()) throw std::invalid_argument("summary of no ratings");
  LevelSummary summary;
  summary.count = ratings.size();
  summary.quartiles = quartiles(ratings);
  summary.fence = outlier_fence(summary.quartiles, rule);
  const auto [low, high] = std::minmax_element(ratings.begin(), ratings.end());
  summary.min = *low;
  summary.max = *high;
  // Sums in input order so the target is the same bit for bit whatever produced the ratings.
  double sum = 0.0;
  for (const double rating : ratings)
    if (summary.fence.keeps(rating)) {
      sum += rating;
      ++summary.kept;
    }
  summary.removed = summary.count - summary.kept;
  // Both fences contain [q1, q3], which holds a rating whenever there are at least three, and the
  // median of one or two ratings; so this is a broken invariant, not bad input.
  if (summary.kept == 0) throw std::logic_error("outlier rule removed every rating");
  summary.mean = sum / static_cast<double>(summary.kept);
  if (summary.kept > 1) {
    double squares = 0.0;
    for (const double rating : ratings)
      if (summary.fence.keeps(rating)) squares += (rating - summary.mean) * (rating - summary.mean);
    summary.sd = std::sqrt(squares / static_cast<double>(summary.kept - 1));
  }
  return summary;
}

CalibrationLevel calibration_level(const std::string& name, const LevelSummary& summary) {
  CalibrationLevel level;
  level.name = name;
  level.target = summary.mean;
  level[LevelStatistic::count] = static_cast<double>(summary.count);
  level[LevelStatistic::kept] = static_cast<double>(summary.kept);
  level[LevelStatistic::removed] = static_cast<double>(summary.removed);
  level[LevelStatistic::q1] = summary.quartiles.q1;
  level[LevelStatistic::median] = summary.quartiles.median;
  level[LevelStatistic::q3] = summary.quartiles.q3;
  level[LevelStatistic::mean] = summary.mean;
  level[LevelStatistic::sd] = summary.sd;
  level[LevelStatistic::min] = summary.min;
  level[LevelStatistic::max] = summary.max;
  return level;
}

// ---- More levels than measured ----

std::string_view to_string(Spacing spacing) {
  return spacing == Spacing::arithmetic ? "arithmetic" : "geometric";
}

Spacing parse_spacing(std::string_view text) {
  for (const Spacing spacing : {Spacing::arithmetic, Spacing::geometric})
    if (text == to_string(spacing)) return spacing;
  fail("spacing: expected arithmetic or geometric, got \"" + std::string(text) + "\"");
}

std::vector<CalibrationLevel> expand_levels(std::span<const CalibrationLevel> levels, std::size_t count,
                                            Spacing spacing) {
  const std::size_t given = levels.size();
  if (count < given)
    fail("cannot expand " + std::to_string(given) + " levels to " + std::to_string(count) + " (fewer)");
  if (count == given) return {levels.begin(), levels.end()};
  if (given < 2) fail("expanding levels needs at least two measured levels (one gives no step to repeat)");

  // The widest gaps get a level between their ends first; stable, so ties go to the lower gap.
  std::vector<std::size_t> gaps(given - 1);
  std::iota(gaps.begin(), gaps.end(), std::size_t{0});
  std::stable_sort(gaps.begin(), gaps.end(), [&](std::size_t a, std::size_t b) {
    return gap_width(levels[a].target, levels[a + 1].target, spacing) >
           gap_width(levels[b].target, levels[b + 1].target, spacing);
  });
  const std::size_t midpoints = std::min(count - given, given - 1);
  std::vector<bool> split(given - 1, false);
  for (std::size_t i = 0; i < midpoints; ++i) split[gaps[i]] = true;

  std::vector<CalibrationLevel> expanded;
  for (std::size_t i = 0; i < given; ++i) {
    expanded.push_back(levels[i]);
    if (i + 1 < given && split[i])
      expanded.push_back({levels[i].name + "-" + levels[i + 1].name,
                          between(levels[i].target, levels[i + 1].target, spacing),
                          {}});
  }
  for (std::size_t extra = 1; expanded.size() < count; ++extra) {
    const double previous = expanded[expanded.size() - 2].target;
    const double last = expanded.back().target;
    expanded.push_back(
        {levels.back().name + "+" + std::to_string(extra), beyond(previous, last, spacing), {}});
  }

  for (std::size_t i = 0; i < expanded.size(); ++i) {
    const CalibrationLevel& level = expanded[i];
    if (!std::isfinite(level.target) || level.target <= 0.0)
      fail("expanded level \"" + level.name + "\" would have target " + format_number(level.target) +
           " (targets must be positive; the measured targets decrease too steeply for " +
           std::string(to_string(spacing)) + " extrapolation)");
    for (std::size_t j = 0; j < i; ++j) {
      if (expanded[j].name == level.name) fail("expanded levels repeat the name \"" + level.name + "\"");
      if (expanded[j].target == level.target)
        fail("expanded level \"" + level.name + "\" has the same target as \"" + expanded[j].name + "\" (" +
             format_number(level.target) + ")");
    }
  }
  return expanded;
}

// ---- Inputs ----

StudyInput read_level_files(std::span<const LevelFile> files, const ReadOptions& read) {
  StudyInput input;
  for (const LevelFile& file : files) {
    if (file.level.empty()) fail("a level needs a non-empty name (LEVEL=FILE), got \"=" + file.path + "\"");
    ParsedFile parsed = parse_file(file.path, read);
    StudyLevel& level = level_named(input.levels, file.level);
    for (PuzzleEntry& entry : parsed.entries)
      level.puzzles.push_back({std::move(*entry.grid), file.path, entry.line});
    input.files.push_back(parsed.record);
  }
  for (const StudyLevel& level : input.levels)
    if (level.puzzles.empty()) {
      std::string sources;
      for (const LevelFile& file : files)
        if (file.level == level.name) sources += (sources.empty() ? "" : ", ") + file.path;
      fail("level \"" + level.name + "\" has no puzzles (read from " + sources + ")");
    }
  return input;
}

std::vector<Bin> parse_bins(std::string_view spec) {
  std::vector<Bin> bins;
  std::size_t start = 0;
  const auto fail_at = [&](std::size_t position, const std::string& message) -> void {
    throw InputError("--bins", 1, static_cast<int>(position) + 1, message);
  };
  while (start <= spec.size()) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    std::string_view item = spec.substr(start, comma - start);
    std::size_t item_start = start;
    while (!item.empty() && is_blank(item.front())) {
      item.remove_prefix(1);
      ++item_start;
    }
    while (!item.empty() && is_blank(item.back())) item.remove_suffix(1);
    if (!bins.empty() && !bins.back().below)
      fail_at(item_start, "only the last bin may go without a bound (NAME:<VALUE), \"" + bins.back().name +
                              "\" has none");
    const std::size_t colon = item.find(':');
    Bin bin;
    bin.name = std::string(item.substr(0, colon));
    if (bin.name.empty()) fail_at(item_start, "expected a bin NAME:<VALUE or, last, NAME");
    for (const Bin& other : bins)
      if (other.name == bin.name) fail_at(item_start, "bin \"" + bin.name + "\" appears twice");
    if (colon != std::string_view::npos) {
      const std::string_view bound = item.substr(colon + 1);
      const std::size_t bound_start = item_start + colon + 1;
      if (bound.empty() || bound.front() != '<')
        fail_at(bound_start, "expected '<' and an upper bound after \"" + bin.name + ":\"");
      const std::optional<double> value = parse_double(bound.substr(1));
      if (!value) fail_at(bound_start + 1, "expected a number, got \"" + std::string(bound.substr(1)) + "\"");
      if (!bins.empty() && *value <= *bins.back().below)
        fail_at(bound_start + 1, "bounds must increase: " + format_number(*value) + " is not above \"" +
                                     bins.back().name + "\"'s " + format_number(*bins.back().below));
      bin.below = value;
    }
    bins.push_back(std::move(bin));
    start = comma + 1;
  }
  return bins;
}

std::string to_string(std::span<const Bin> bins) {
  std::string text;
  for (const Bin& bin : bins) {
    if (!text.empty()) text += ',';
    text += bin.name;
    if (bin.below) text += ":<" + format_number(*bin.below);
  }
  return text;
}

StudyInput read_labelled_file(const std::string& path, std::span<const Bin> bins, const ReadOptions& read) {
  if (bins.empty()) fail("no bins given for the labelled file " + path);
  StudyInput input;
  input.bins = to_string(bins);
  for (const Bin& bin : bins) input.levels.push_back({bin.name, {}});
  ParsedFile parsed = parse_file(path, read);
  for (PuzzleEntry& entry : parsed.entries) {
    const double value = label_value(parsed, entry);
    const auto bin =
        std::find_if(bins.begin(), bins.end(), [&](const Bin& b) { return !b.below || value < *b.below; });
    if (bin == bins.end()) {
      ++input.unbinned;
      continue;
    }
    input.levels[static_cast<std::size_t>(bin - bins.begin())].puzzles.push_back(
        {std::move(*entry.grid), path, entry.line});
  }
  input.files.push_back(parsed.record);
  for (std::size_t i = 0; i < bins.size(); ++i)
    if (input.levels[i].puzzles.empty()) {
      const Bin& bin = bins[i];
      const std::string range = bin.below ? "below " + format_number(*bin.below) : "the rest";
      fail("level \"" + bin.name + "\" has no puzzles: no value in " + path + " falls in its bin (" + range +
           (i > 0 && bins[i - 1].below ? ", from " + format_number(*bins[i - 1].below) : std::string()) +
           ")");
    }
  return input;
}

// ---- The study ----

std::string ExcludedPuzzle::reason() const {
  return solutions == 0 ? "no solution" : "not unique (2 or more solutions)";
}

std::vector<double> band_cuts(std::span<const std::vector<double>> kept_in_order) {
  std::vector<LabelledValue> values;
  std::vector<double> medians;
  for (std::size_t level = 0; level < kept_in_order.size(); ++level) {
    for (const double rating : kept_in_order[level]) values.push_back({rating, level});
    medians.push_back(quartiles(kept_in_order[level]).median);
  }
  std::vector<double> preferred;
  for (std::size_t i = 0; i + 1 < medians.size(); ++i) preferred.push_back((medians[i] + medians[i + 1]) / 2);
  try {
    return best_cuts(values, kept_in_order.size(), preferred).cuts;
  } catch (const std::invalid_argument&) {
    fail("the levels' ratings take fewer distinct values than there are levels: bands cannot tell them apart");
  }
}

StudyResult run_calibration_study(const StudyInput& input, const RatingMetric& metric,
                                  const StudyOptions& options, const StudyProgress& progress) {
  require_levels_with_puzzles(input);
  if (options.validate && !options.bands) fail("validation is made for band levels (add --bands)");
  struct Item {
    const StudyPuzzle* puzzle;
    std::size_t level;
    bool held_out = false;
  };
  std::vector<Item> items;
  for (std::size_t l = 0; l < input.levels.size(); ++l)
    for (const StudyPuzzle& puzzle : input.levels[l].puzzles) items.push_back({&puzzle, l});
  if (options.validate) hold_out(items, *options.validate, input);

  // One pass per puzzle: screen, then rate; each item writes only its own slot.
  std::vector<int> solutions(items.size(), 0);
  std::vector<MetricRating> ratings(items.size());
  // The second dimension and the model's features are counted on the metric's own path, from the
  // same grading.
  const bool technique = options.bands && metric.name() == "technique";
  const bool second = technique && options.second_dimension;
  const bool path = second || (technique && options.level_model);
  std::vector<std::optional<int>> steps(items.size());
  std::vector<std::vector<double>> features(items.size());
  const MetricSettings settings = metric.settings();
  parallel_for(
      items.size(), options.jobs,
      [&](std::size_t i) {
        solutions[i] = count_solutions(items[i].puzzle->grid, 2).count;
        if (solutions[i] != 1) return;
        if (path) {
          PathRating rated = rate_with_hard_steps(items[i].puzzle->grid, settings);
          ratings[i] = rated.rating;
          steps[i] = rated.hard_steps;
          features[i] = std::move(rated.features);
        } else {
          ratings[i] = metric.rate(items[i].puzzle->grid);
        }
      },
      [&](std::size_t done) {
        if (progress) progress(done, items.size());
      });

  StudyResult result;
  result.calibration.metric = std::string(metric.name());
  result.calibration.runs = metric.runs();
  result.calibration.options = metric.settings();
  std::vector<std::vector<double>> level_ratings(input.levels.size());
  for (const StudyLevel& level : input.levels) result.levels.push_back({level.name, {}, {}, {}, 0, 0});
  for (std::size_t i = 0; i < items.size(); ++i) {
    LevelOutcome& level = result.levels[items[i].level];
    if (solutions[i] != 1) {
      ++level.excluded;
      result.excluded.push_back({level.name, items[i].puzzle->source, items[i].puzzle->line, solutions[i]});
      continue;
    }
    if (items[i].held_out) continue;  // rated for the validation only
    if (ratings[i].lower_bound()) ++level.capped;
    level_ratings[items[i].level].push_back(ratings[i].value);
  }

  for (std::size_t l = 0; l < result.levels.size(); ++l) {
    LevelOutcome& level = result.levels[l];
    const std::vector<double>& values = level_ratings[l];
    if (values.empty())
      fail("level \"" + level.name + "\" has no puzzle with a unique solution (" +
           std::to_string(level.excluded) + " excluded)");
    level.summary = summarize_ratings(values, options.outliers);
    for (const double value : values)
      (level.summary.fence.keeps(value) ? level.kept_ratings : level.removed_ratings).push_back(value);
    result.calibration.levels.push_back(calibration_level(level.name, level.summary));
    if (level.capped > 0)
      result.warnings.push_back("level \"" + level.name + "\": " + std::to_string(level.capped) +
                                " ratings reached the metric's cap and are lower bounds (raise --cap)");
  }

  // The engine's validation would say the same, but not in the study's terms.
  for (std::size_t i = 0; i < result.calibration.levels.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (result.calibration.levels[i].target == result.calibration.levels[j].target)
        fail("levels \"" + result.calibration.levels[j].name + "\" and \"" +
             result.calibration.levels[i].name + "\" both have target " +
             format_number(result.calibration.levels[i].target) +
             ": the metric does not tell their puzzles apart, and a calibration needs distinct targets");

  if (options.bands) {
    if (options.levels > 0) fail("bands are made from measured levels only (drop --levels)");
    HouseStyle house;
    house.agreement = make_bands(result);
    // The archive's spread within each level, for generate-book's slot targets and the audit's
    // Kolmogorov-Smirnov distances (distribution.hpp): every valid held-in rating, outliers included.
    for (std::size_t l = 0; l < level_ratings.size(); ++l) {
      CalibrationLevel& level = result.calibration.levels[l];
      level.distribution = LevelDistribution{histogram_of(level_ratings[l]), {}, {}, {}};
      // A level whose own puzzles take fewer grades inside its band than the variety rule asks
      // techniques (Solo's basic: hidden singles in lines, grade 1.5, and nothing else) is a house
      // that does not vary that level; a book in its style is not asked to (calibration.hpp).
      std::size_t grades_inside = 0;
      for (const auto& bin : level.distribution->grade.bins)
        if (level.band->contains(bin.first)) ++grades_inside;
      if (grades_inside < kVarietyMinimumTechniques) level.variety = false;
    }
    for (const auto& ratings_of_level : level_ratings) house.held_in += ratings_of_level.size();
    learn_givens_and_symmetry(items, solutions, result, house);
    std::optional<Calibration> grade_only;
    if (second) grade_only = learn_cuts(items, solutions, ratings, steps, input, result, house);
    if (technique && options.level_model) house.model = learn_model(items, solutions, ratings, steps, features, input, result);
    if (options.validate)
      house.validation = validate_levels(items, solutions, ratings, steps, features, result, grade_only, *options.validate);
    result.house = std::move(house);
  }
  const std::size_t measured = result.calibration.levels.size();
  if (options.levels > 0)
    result.calibration.levels = expand_levels(result.calibration.levels, options.levels, options.spacing);
  for (std::string& warning : calibration_warnings(result.calibration))
    result.warnings.push_back(std::move(warning));
  result.calibration.provenance = provenance_json(input, result, options, measured);
  validate_calibration(result.calibration);
  return result;
}

}  // namespace sudoku
