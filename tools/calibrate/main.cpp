// calibrate: derive a calibration (difficulty levels with target ratings) from corpora labelled
// with levels, the way Fatemi, Kazemi & Mehrasa (2014) derive their Table I.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "metric_flags.hpp"
#include "progress_bar.hpp"
#include "sudoku/atomic_file.hpp"
#include "sudoku/calibration_study.hpp"
#include "sudoku/errors.hpp"

#if SUDOKU_CALIBRATE_PLOT
#include "resources.hpp"
#include "sudoku/typeset/plot.hpp"
#endif

namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

constexpr std::size_t kExcludedLinesShown = 20;

struct Options {
  std::vector<sudoku::LevelFile> level_files;
  std::string labelled_file;
  std::vector<sudoku::Bin> bins;
  std::string output;
  std::string plot;
  std::string title;
  std::string compare;                    // a calibration file, or "paper"
  std::optional<std::int64_t> plot_date;  // from SOURCE_DATE_EPOCH; without it a PDF plot has no date
  std::string metric;
  sudoku::MetricSettings metric_settings;
  sudoku::StudyOptions study;
};

// Library parse errors (InputError without a location) become usage errors naming the flag.
template <class Parse>
auto parse_flag(const std::string& flag, Parse&& parse) {
  try {
    return parse();
  } catch (const sudoku::InputError& error) {
    throw UsageError(flag + ": " + error.message());
  }
}

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "calibrate";
  command_line.usage =
      "calibrate LEVEL=FILE... -o calibration.json [options]\n"
      "       calibrate --labelled FILE --bins 'easy:<2.0,medium:<3.0,hard:<5.0,evil' -o calibration.json "
      "[options]";
  command_line.summary =
      "Rates every puzzle of each level (a file of puzzles per level, or one file of 'PUZZLE VALUE' lines\n"
      "binned by value: a puzzle goes to the first bin whose bound its value is below, the last bin may "
      "take\n"
      "the rest), drops each level's outliers and takes the mean of the remaining ratings as the level's\n"
      "target. Writes the calibration the rating engine reads, with per-level statistics and provenance\n"
      "(metric and options, tool version, input files with SHA-256), atomically; prints a Table I-style\n"
      "summary on standard output. Puzzles without a unique solution are reported and excluded.\n"
      "Exit status: 0 done, 1 done but some puzzles were excluded, 2 usage, input or I/O error (an empty\n"
      "level, a malformed puzzle or value, an unreadable file).";
  std::string bins;
  std::string outliers;
  std::string spacing;
  int levels = 0;
  int jobs = 0;
  std::vector<std::string> level_specs;
  command_line.options.add_options()("output,o", po::value(&options.output),
                                     "the calibration file to write (JSON)")(
      "labelled", po::value(&options.labelled_file), "one file of 'PUZZLE VALUE' lines, binned with --bins")(
      "bins", po::value(&bins), "bins for --labelled: NAME:<BOUND,...[,NAME], bounds increasing")(
      "metric", po::value(&options.metric)->default_value("call-count"),
      ("rating metric: " + sudoku::cli::metric_name_list()).c_str())(
      "outliers", po::value(&outliers)->default_value("median-iqr"),
      "median-iqr (the paper's [median - 1.5 IQR, median + 1.5 IQR]), tukey ([Q1 - 1.5 IQR, Q3 + 1.5 IQR]) "
      "or none")(
      "levels", po::value(&levels)->default_value(0),
      "expand to this many levels: means of neighbouring targets, then beyond the last (0: as measured)")(
      "spacing", po::value(&spacing)->default_value("arithmetic"),
      "for --levels: arithmetic (the paper's (a+b)/2, last + step) or geometric (sqrt(ab), last * ratio)")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "plot", po::value(&options.plot), "also draw the ratings per level to this .pdf, .svg or .png file")(
      "title", po::value(&options.title), "the plot's title")(
      "compare", po::value(&options.compare),
      "a calibration to show next to ours: its levels in file order beside the measured levels in theirs "
      "('paper': the paper's Table I)")("level-file", po::value(&level_specs), "LEVEL=FILE (positional)");
  command_line.positional.add("level-file", -1);
  po::options_description metric_options("Metric options (passed to --metric; defaults are the metric's)");
  sudoku::cli::MetricFlags metric_flags;
  metric_flags.add_to(metric_options, command_line.options);
  command_line.options.add(metric_options);

  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;

  for (const std::string& spec : level_specs) {
    const std::size_t equals = spec.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size())
      throw UsageError("expected LEVEL=FILE, got '" + spec + "'");
    options.level_files.push_back({spec.substr(0, equals), spec.substr(equals + 1)});
  }
  const bool labelled = !options.labelled_file.empty();
  if (labelled && !options.level_files.empty())
    throw UsageError("give either LEVEL=FILE arguments or --labelled, not both");
  if (!labelled && options.level_files.empty())
    throw UsageError("no input: give LEVEL=FILE arguments, or --labelled FILE with --bins");
  if (labelled != (values.count("bins") > 0)) throw UsageError("--labelled and --bins go together");
  if (labelled) options.bins = sudoku::parse_bins(bins);  // InputError "--bins:1:COLUMN: ..."
  if (options.output.empty()) throw UsageError("no output file given (-o calibration.json)");
  if (levels < 0) throw UsageError("--levels must be 0 (as measured) or more");
  // Flags that would do nothing are mistakes worth reporting, not ignoring.
  if (levels == 0 && !values["spacing"].defaulted()) throw UsageError("--spacing applies only with --levels");
  if (options.plot.empty() && !options.title.empty()) throw UsageError("--title applies only with --plot");
  options.study.levels = static_cast<std::size_t>(levels);
  options.study.jobs = sudoku::cli::worker_threads(jobs);
  options.study.outliers = parse_flag("--outliers", [&] { return sudoku::parse_outlier_rule(outliers); });
  options.study.spacing = parse_flag("--spacing", [&] { return sudoku::parse_spacing(spacing); });
  options.study.tool_version = std::string(sudoku::cli::version());
  const auto names = sudoku::rating_metric_names();
  if (std::find(names.begin(), names.end(), options.metric) == names.end())
    throw UsageError("unknown metric '" + options.metric + "' (known: " + sudoku::cli::metric_name_list() +
                     ")");
  options.metric_settings = metric_flags.settings_for(options.metric, values);
#if SUDOKU_CALIBRATE_PLOT
  if (!options.plot.empty())
    parse_flag("--plot " + options.plot, [&] { return sudoku::typeset::plot_format_for_path(options.plot); });
  // Like typeset: the reproducible-builds date when set; otherwise none, so that the same study
  // gives the same plot bytes (a date of "now" would differ on every run).
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
      !options.plot.empty() && epoch != nullptr && *epoch != '\0') {
    char* end = nullptr;
    const long long seconds = std::strtoll(epoch, &end, 10);
    if (*end != '\0' || seconds < 0)
      throw UsageError(std::string("SOURCE_DATE_EPOCH must be a number of seconds, got '") + epoch + "'");
    options.plot_date = seconds;
  }
#else
  if (!options.plot.empty())
    throw UsageError("--plot: this calibrate was built without the Cairo typesetting library");
#endif
  return true;
}

std::optional<sudoku::Calibration> read_comparison(const std::string& compare) {
  if (compare.empty()) return std::nullopt;
  if (compare == "paper") return sudoku::paper_calibration();
  return sudoku::read_calibration_file(compare);
}

// "-" for a statistic that expanded levels do not have.
std::string format_statistic(const std::optional<double>& value, int width, int precision) {
  char text[64];
  if (value.has_value())
    std::snprintf(text, sizeof text, "%*.*f", width, precision, value.value_or(0.0));
  else
    std::snprintf(text, sizeof text, "%*s", width, "-");
  return text;
}

// The paper's Table I gives one target per level; ours adds what led to it.
std::string summary_table(const sudoku::StudyResult& result,
                          const std::optional<sudoku::Calibration>& comparison,
                          const std::string& comparison_name) {
  using sudoku::LevelStatistic;
  std::ostringstream out;
  const sudoku::Calibration& calibration = result.calibration;
  std::size_t name_width = 5;
  for (const auto& level : calibration.levels) name_width = std::max(name_width, level.name.size());
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %7s %5s %5s %7s %9s %9s %9s %9s %9s %9s",
                static_cast<int>(name_width), "level", "puzzles", "excl", "kept", "removed", "min", "Q1",
                "median", "Q3", "max", "target");
  out << line;
  if (comparison)
    out << " " << std::string(std::max<std::size_t>(9, comparison_name.size()) - comparison_name.size(), ' ')
        << comparison_name << "    ratio";
  out << "\n";
  std::size_t measured_index = 0;  // the reference is matched to the measured levels, in order
  for (const sudoku::CalibrationLevel& level : calibration.levels) {
    const auto measured =
        std::find_if(result.levels.begin(), result.levels.end(),
                     [&](const sudoku::LevelOutcome& outcome) { return outcome.name == level.name; });
    const bool is_measured = measured != result.levels.end();
    const std::string excluded = format_statistic(
        is_measured ? std::optional<double>(static_cast<double>(measured->excluded)) : std::nullopt, 5, 0);
    std::snprintf(line, sizeof line, "%-*s %s %s %s %s %s %s %s %s %s %s", static_cast<int>(name_width),
                  level.name.c_str(), format_statistic(level[LevelStatistic::count], 7, 0).c_str(),
                  excluded.c_str(), format_statistic(level[LevelStatistic::kept], 5, 0).c_str(),
                  format_statistic(level[LevelStatistic::removed], 7, 0).c_str(),
                  format_statistic(level[LevelStatistic::min], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::q1], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::median], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::q3], 9, 2).c_str(),
                  format_statistic(level[LevelStatistic::max], 9, 2).c_str(),
                  format_statistic(level.target, 9, 2).c_str());
    out << line;
    if (is_measured && comparison && measured_index < comparison->levels.size()) {
      const double reference = comparison->levels[measured_index].target;
      std::snprintf(line, sizeof line, " %*.2f %8.2f",
                    static_cast<int>(std::max<std::size_t>(9, comparison_name.size())), reference,
                    level.target / reference);
      out << line;
    }
    out << "\n";
    if (is_measured) ++measured_index;
  }
  return out.str();
}

#if SUDOKU_CALIBRATE_PLOT
std::string outlier_rule_text(sudoku::OutlierRule rule) {
  switch (rule) {
    case sudoku::OutlierRule::median_iqr:
      return "outliers outside median \u00b1 1.5\u00b7IQR removed";
    case sudoku::OutlierRule::tukey:
      return "outliers outside [Q1 \u2212 1.5\u00b7IQR, Q3 + 1.5\u00b7IQR] removed";
    case sudoku::OutlierRule::none:
      return "no outliers removed";
  }
  return "";
}

sudoku::typeset::DistributionPlot make_plot(const Options& options, const sudoku::StudyResult& result,
                                            const std::optional<sudoku::Calibration>& comparison) {
  sudoku::typeset::DistributionPlot plot;
  plot.pdf_date = options.plot_date;
  const sudoku::Calibration& calibration = result.calibration;
  plot.title = options.title.empty() ? "Ratings per level and their targets (" + calibration.metric + ")"
                                     : options.title;
  std::size_t puzzles = 0;
  for (const auto& level : result.levels) puzzles += level.summary.count;
  plot.subtitle = std::to_string(puzzles) + " puzzles rated in " + std::to_string(result.levels.size()) +
                  " levels \u00b7 " + std::to_string(calibration.runs) +
                  (calibration.runs == 1 ? " run" : " runs") + " per puzzle \u00b7 " +
                  outlier_rule_text(options.study.outliers) + " \u00b7 target = mean of the kept ratings";
  plot.value_label =
      calibration.metric + " rating" +
      (calibration.runs > 1 ? " (mean over " + std::to_string(calibration.runs) + " runs)" : "") +
      ", log scale";
  plot.target_label = "target (value above)";
  plot.reference_label = (options.compare == "paper" ? "paper's Table I target" : "reference target") +
                         std::string(" (value below)");
  for (std::size_t i = 0; i < result.levels.size(); ++i) {
    const sudoku::LevelOutcome& level = result.levels[i];
    sudoku::typeset::DistributionSeries series;
    series.name = level.name;
    series.note = std::to_string(level.summary.count) + " rated, " + std::to_string(level.summary.removed) +
                  " removed" +
                  (level.excluded > 0 ? ", " + std::to_string(level.excluded) + " excluded" : "");
    series.values = level.kept_ratings;
    series.outliers = level.removed_ratings;
    series.q1 = level.summary.quartiles.q1;
    series.median = level.summary.quartiles.median;
    series.q3 = level.summary.quartiles.q3;
    series.target = level.summary.mean;
    if (comparison && i < comparison->levels.size()) series.reference = comparison->levels[i].target;
    plot.series.push_back(std::move(series));
  }
  return plot;
}
#endif

int run(const Options& options) {
  const auto start = std::chrono::steady_clock::now();
  const auto metric = parse_flag(
      "--metric", [&] { return sudoku::make_rating_metric(options.metric, options.metric_settings); });
  const std::optional<sudoku::Calibration> comparison = read_comparison(options.compare);
#if SUDOKU_CALIBRATE_PLOT
  // Fonts first: a missing font should fail before minutes of rating, not after.
  sudoku::typeset::FontLibrary fonts(sudoku::cli::data_dirs("fonts"));
  std::optional<sudoku::typeset::PlotFonts> plot_fonts;
  if (!options.plot.empty()) plot_fonts = sudoku::typeset::find_plot_fonts(fonts);
#endif

  const sudoku::StudyInput input = options.labelled_file.empty()
                                       ? sudoku::read_level_files(options.level_files)
                                       : sudoku::read_labelled_file(options.labelled_file, options.bins);
  std::size_t total = 0;
  for (const auto& level : input.levels) total += level.puzzles.size();
  sudoku::cli::ProgressBar progress("rating", total);
  const sudoku::StudyResult result = sudoku::run_calibration_study(
      input, *metric, options.study, [&](std::size_t done, std::size_t) { progress.update(done); });
  progress.finish();

  std::string plot_bytes;
#if SUDOKU_CALIBRATE_PLOT
  if (!options.plot.empty())
    plot_bytes =
        sudoku::typeset::render_distribution_plot(make_plot(options, result, comparison), *plot_fonts,
                                                  sudoku::typeset::plot_format_for_path(options.plot));
#endif
  sudoku::write_calibration_file(options.output, result.calibration);
  if (!options.plot.empty()) sudoku::write_file_atomically(options.plot, plot_bytes);

  for (std::size_t i = 0; i < result.excluded.size() && i < kExcludedLinesShown; ++i) {
    const sudoku::ExcludedPuzzle& puzzle = result.excluded[i];
    std::cerr << "calibrate: "
              << sudoku::format_location(puzzle.source, puzzle.line, 0,
                                         "excluded from level \"" + puzzle.level + "\": " + puzzle.reason())
              << "\n";
  }
  if (result.excluded.size() > kExcludedLinesShown)
    std::cerr << "calibrate: ... and " << result.excluded.size() - kExcludedLinesShown
              << " more excluded puzzles (all listed in the calibration's provenance)\n";
  for (const std::string& warning : result.warnings) std::cerr << "calibrate: warning: " << warning << "\n";

  std::cout << "calibrate: " << result.calibration.metric << ", " << result.calibration.runs
            << " runs per puzzle, "
            << "outliers " << sudoku::to_string(options.study.outliers) << "\n\n"
            << summary_table(result, comparison, options.compare == "paper" ? "paper" : "reference")
            << std::flush;
  if (!std::cout) throw sudoku::IoError("standard output: write error");

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "calibrate: %zu puzzles (%zu excluded) in %.1f s -> %s%s%s\n", total,
               result.excluded.size(), seconds, options.output.c_str(), options.plot.empty() ? "" : ", ",
               options.plot.c_str());
  return result.excluded.empty() ? sudoku::cli::kSuccess : sudoku::cli::kSomeFailed;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("calibrate", [&]() -> int {
    Options options;
    if (!parse_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
