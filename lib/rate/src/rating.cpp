// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/rating.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <utility>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/rate/call_count_rater.hpp"
#include "sudoku/rate/hs_solver.hpp"

namespace sudoku {
namespace {

[[noreturn]] void fail(std::string_view metric, const std::string& message) {
  throw InputError("", 0, 0, std::string(metric) + ": " + message);
}

std::uint64_t parse_count(std::string_view metric, std::string_view option, std::string_view text,
                          std::uint64_t min, std::uint64_t max) {
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc{} || end != text.data() + text.size() || number < min || number > max)
    fail(metric, std::string(option) + ": expected an integer from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", got \"" + std::string(text) + "\"");
  return number;
}

// Rejects keys the metric does not have, naming the ones it does.
void check_keys(std::string_view metric, const MetricSettings& settings,
                const std::vector<MetricOption>& options) {
  for (const auto& [key, value] : settings) {
    bool known = false;
    std::string names;
    for (const MetricOption& option : options) {
      known = known || option.name == key;
      names += (names.empty() ? "" : ", ") + option.name;
    }
    if (!known) fail(metric, "unknown option \"" + key + "\" (options: " + names + ")");
  }
}

// A metric's settings with its options' defaults filled in; unknown keys are rejected on construction.
class SettingsWithDefaults {
 public:
  SettingsWithDefaults(std::string_view metric, const MetricSettings& settings,
                       std::vector<MetricOption> options)
      : settings_(settings), options_(std::move(options)) {
    check_keys(metric, settings_, options_);
  }

  std::string_view operator()(std::string_view key) const {
    const auto found = settings_.find(key);
    if (found != settings_.end()) return found->second;
    for (const MetricOption& option : options_)
      if (option.name == key) return option.default_value;
    return {};
  }

 private:
  const MetricSettings& settings_;
  std::vector<MetricOption> options_;
};

// Parse "runs" etc. with the metric's name in messages; InputErrors from the enum parsers already
// name the option, so they get the metric prefixed.
template <class Parse>
auto parse_named(std::string_view metric, Parse&& parse) {
  try {
    return parse();
  } catch (const InputError& error) {
    fail(metric, error.message());
  }
}

std::vector<MetricOption> call_count_options() {
  const CallCountOptions defaults;
  return {
      {"runs", std::to_string(defaults.runs), "searches per puzzle; the rating is their mean"},
      {"propagation", std::string(to_string(defaults.propagation)),
       "ac (the paper's arc consistency, naked singles) or ac-hidden (adds hidden singles)"},
      {"branching", std::string(to_string(defaults.branching)),
       "random (the paper: any cell with more than one value) or fewest (fewest values)"},
      {"values", std::string(to_string(defaults.value_order)),
       "order of a split's children: random or ascending"},
      {"cap", std::to_string(defaults.call_cap),
       "AC calls per run before it stops (the mean is then a lower bound)"},
      {"seed", std::to_string(defaults.seed), "mixed into the runs' seeds (ratings change with it)"},
  };
}

std::vector<MetricOption> hs_calls_options() {
  const HsOptions defaults;
  return {
      {"strategies", to_string(defaults.strategies),
       "none or letters of ruhn: r candidate reduction, u uniqueness, h hidden pairs, n naked pairs"},
      {"order", std::string(to_string(defaults.cell_order)),
       "branching cell: fewest candidates, or first open cell (what the blog's code does)"},
      {"cap", std::to_string(defaults.call_cap),
       "solve calls before the search gives up (rating is then a lower bound)"},
      {"canonical", "true",
       "true: solve the canonical form (transform-invariant); false: the puzzle as given (the blog's "
       "figures)"},
  };
}

class CallCountMetric final : public RatingMetric {
 public:
  explicit CallCountMetric(const MetricSettings& settings) {
    constexpr std::string_view name = "call-count";
    const SettingsWithDefaults get(name, settings, call_count_options());
    options_.runs = static_cast<int>(parse_count(name, "runs", get("runs"), 1, 1'000'000));
    options_.propagation = parse_named(name, [&] { return parse_propagation(get("propagation")); });
    options_.branching = parse_named(name, [&] { return parse_branching(get("branching")); });
    options_.value_order = parse_named(name, [&] { return parse_value_order(get("values")); });
    options_.call_cap = parse_count(name, "cap", get("cap"), 1, std::numeric_limits<std::uint64_t>::max());
    options_.seed = parse_count(name, "seed", get("seed"), 0, std::numeric_limits<std::uint64_t>::max());
  }

  std::string_view name() const override { return "call-count"; }
  int runs() const override { return options_.runs; }
  MetricSettings settings() const override {
    return {{"runs", std::to_string(options_.runs)},
            {"propagation", std::string(to_string(options_.propagation))},
            {"branching", std::string(to_string(options_.branching))},
            {"values", std::string(to_string(options_.value_order))},
            {"cap", std::to_string(options_.call_cap)},
            {"seed", std::to_string(options_.seed)}};
  }
  MetricRating rate(const Grid& puzzle) const override {
    const CallCountRating rating = rate_call_count(puzzle, options_);
    MetricRating result;
    result.value = rating.mean;
    result.sd = rating.sd;
    result.runs = rating.runs;
    result.capped_runs = rating.capped_runs;
    result.solved = rating.solved_runs > 0;
    result.work = rating.total_calls;
    return result;
  }

 private:
  CallCountOptions options_;
};

class HsCallsMetric final : public RatingMetric {
 public:
  explicit HsCallsMetric(const MetricSettings& settings) {
    constexpr std::string_view name = "hs-calls";
    const SettingsWithDefaults get(name, settings, hs_calls_options());
    options_.strategies = parse_named(name, [&] { return parse_hs_strategies(get("strategies")); });
    options_.cell_order = parse_named(name, [&] { return parse_hs_cell_order(get("order")); });
    options_.call_cap = parse_count(name, "cap", get("cap"), 1, std::numeric_limits<std::uint64_t>::max());
    const std::string_view canonical = get("canonical");
    if (canonical != "true" && canonical != "false")
      fail(name, "canonical: expected true or false, got \"" + std::string(canonical) + "\"");
    canonical_ = canonical == "true";
  }

  std::string_view name() const override { return "hs-calls"; }
  int runs() const override { return 1; }
  MetricSettings settings() const override {
    return {{"strategies", to_string(options_.strategies)},
            {"order", std::string(to_string(options_.cell_order))},
            {"cap", std::to_string(options_.call_cap)},
            {"canonical", canonical_ ? "true" : "false"}};
  }
  MetricRating rate(const Grid& puzzle) const override {
    // The solver's call count depends on cell numbering and value labels; solving the canonical
    // form gives every equivalent puzzle the same number.
    const HsResult result = hs_solve(canonical_ ? canonical_form(puzzle).grid : puzzle, options_);
    MetricRating rating;
    rating.value = static_cast<double>(result.calls);
    rating.capped_runs = result.outcome == HsOutcome::capped ? 1 : 0;
    rating.solved = result.solved();
    rating.work = result.calls;
    return rating;
  }

 private:
  HsOptions options_;
  bool canonical_ = true;
};

struct MetricEntry {
  std::string_view name;
  std::vector<MetricOption> (*options)();
  std::unique_ptr<RatingMetric> (*make)(const MetricSettings& settings);
};

template <class Metric>
std::unique_ptr<RatingMetric> make_metric(const MetricSettings& settings) {
  return std::make_unique<Metric>(settings);
}

// The registry: the one list of metrics. The default metric comes first.
constexpr std::array kMetrics{
    MetricEntry{"call-count", call_count_options, make_metric<CallCountMetric>},
    MetricEntry{"hs-calls", hs_calls_options, make_metric<HsCallsMetric>},
    MetricEntry{"technique", technique_metric_options, make_technique_metric},  // technique_metric.cpp
};

const MetricEntry& find_metric(std::string_view metric) {
  for (const MetricEntry& entry : kMetrics)
    if (entry.name == metric) return entry;
  std::string known;
  for (const MetricEntry& entry : kMetrics) known += (known.empty() ? "" : ", ") + std::string(entry.name);
  throw InputError("", 0, 0, "unknown rating metric \"" + std::string(metric) + "\" (known: " + known + ")");
}

}  // namespace

std::span<const std::string_view> rating_metric_names() {
  static const auto names = [] {
    std::array<std::string_view, kMetrics.size()> list{};
    for (std::size_t i = 0; i < kMetrics.size(); ++i) list[i] = kMetrics[i].name;
    return list;
  }();
  return names;
}

std::vector<MetricOption> rating_metric_options(std::string_view metric) {
  return find_metric(metric).options();
}

std::unique_ptr<RatingMetric> make_rating_metric(std::string_view metric, const MetricSettings& settings) {
  return find_metric(metric).make(settings);
}

std::vector<MetricRating> rate_puzzles(std::span<const Grid> puzzles, const RatingMetric& metric, int jobs,
                                       const std::function<void(std::size_t done)>& progress) {
  std::vector<MetricRating> ratings(puzzles.size());
  parallel_for(
      puzzles.size(), jobs, [&](std::size_t i) { ratings[i] = metric.rate(puzzles[i]); }, progress);
  return ratings;
}

}  // namespace sudoku
