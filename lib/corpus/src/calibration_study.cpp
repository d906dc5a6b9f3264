#include "sudoku/corpus/calibration_study.hpp"

#include <algorithm>
#include <charconv>
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
  return provenance;
}

// StudyOptions::bands: the measured levels become band levels (see the header).
void make_bands(StudyResult& result) {
  std::vector<std::size_t> order(result.levels.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return result.calibration.levels[a].target < result.calibration.levels[b].target;
  });
  std::vector<std::vector<double>> kept;
  for (const std::size_t l : order) kept.push_back(result.levels[l].kept_ratings);
  const std::vector<double> cuts = band_cuts(kept);
  for (std::size_t i = 0; i < order.size(); ++i) {
    CalibrationLevel& level = result.calibration.levels[order[i]];
    const auto [lowest, highest] = std::minmax_element(kept[i].begin(), kept[i].end());
    const double low = i == 0 ? std::min(*lowest, cuts.empty() ? *lowest : cuts.front()) : cuts[i - 1];
    const double high = i + 1 == order.size() ? std::max(*highest, low) : cuts[i];
    if (high < low)
      fail("levels \"" + result.calibration.levels[order[i - 1]].name + "\" and \"" + level.name +
           "\" overlap too much to be told apart by bands");
    level.band = RatingBand{low, high};
    level.target = std::clamp(*level[LevelStatistic::median], low, high);
  }
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
  std::vector<double> cuts;
  for (std::size_t i = 0; i + 1 < kept_in_order.size(); ++i) {
    std::vector<double> lower = kept_in_order[i];
    std::vector<double> upper = kept_in_order[i + 1];
    std::sort(lower.begin(), lower.end());
    std::sort(upper.begin(), upper.end());
    std::vector<double> values = lower;
    values.insert(values.end(), upper.begin(), upper.end());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    const double middle = (quantile_of_sorted(lower, 0.5) + quantile_of_sorted(upper, 0.5)) / 2;
    double best_cut = middle;
    std::size_t best_errors = SIZE_MAX;
    for (std::size_t v = 0; v + 1 < values.size(); ++v) {
      const double cut = (values[v] + values[v + 1]) / 2;
      const auto lower_above =
          static_cast<std::size_t>(lower.end() - std::lower_bound(lower.begin(), lower.end(), cut));
      const auto upper_below =
          static_cast<std::size_t>(std::lower_bound(upper.begin(), upper.end(), cut) - upper.begin());
      const std::size_t errors = lower_above + upper_below;
      if (errors < best_errors ||
          (errors == best_errors && std::abs(cut - middle) < std::abs(best_cut - middle))) {
        best_errors = errors;
        best_cut = cut;
      }
    }
    cuts.push_back(best_cut);
  }
  return cuts;
}

StudyResult run_calibration_study(const StudyInput& input, const RatingMetric& metric,
                                  const StudyOptions& options, const StudyProgress& progress) {
  require_levels_with_puzzles(input);
  struct Item {
    const StudyPuzzle* puzzle;
    std::size_t level;
  };
  std::vector<Item> items;
  for (std::size_t l = 0; l < input.levels.size(); ++l)
    for (const StudyPuzzle& puzzle : input.levels[l].puzzles) items.push_back({&puzzle, l});

  // One pass per puzzle: screen, then rate; each item writes only its own slot.
  std::vector<int> solutions(items.size(), 0);
  std::vector<MetricRating> ratings(items.size());
  parallel_for(
      items.size(), options.jobs,
      [&](std::size_t i) {
        solutions[i] = count_solutions(items[i].puzzle->grid, 2).count;
        if (solutions[i] == 1) ratings[i] = metric.rate(items[i].puzzle->grid);
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
    make_bands(result);
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
