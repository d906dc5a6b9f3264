// SPDX-License-Identifier: Apache-2.0
// calibrate's command line (see options.hpp).
#include "options.hpp"

#include <algorithm>
#include <cstdlib>

#include "cli.hpp"
#include "metric_flags.hpp"
#include "sudoku/base/errors.hpp"

#if SUDOKU_CALIBRATE_PLOT
#include "sudoku/typeset/draw/plot.hpp"
#endif

namespace sudoku::cli {

namespace po = boost::program_options;

bool parse_calibrate_options(int argc, char** argv, CalibrateOptions& options) {
  CommandLine command_line;
  command_line.tool = "calibrate";
  command_line.usage =
      "calibrate LEVEL=FILE... -o calibration.json [options]\n"
      "       calibrate --labelled FILE --bins 'easy:<2.0,medium:<3.0,hard:<5.0,evil' -o calibration.json "
      "[options]\n"
      "       calibrate --house DIR --labelled ARCHIVE --bins 'easy:<1.5,medium:<2.5,hard' [options]";
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
  std::string validate;
  std::string second_dimension;
  std::string level_model;
  std::vector<std::string> level_specs;
  command_line.options.add_options()("output,o", po::value(&options.output),
                                     "the calibration file to write (JSON)")(
      "labelled", po::value(&options.labelled_file), "one file of 'PUZZLE VALUE' lines, binned with --bins")(
      "bins", po::value(&bins), "bins for --labelled: NAME:<BOUND,...[,NAME], bounds increasing")(
      "metric", po::value(&options.metric)->default_value("call-count"),
      ("rating metric: " + metric_name_list()).c_str())(
      "outliers", po::value(&outliers)->default_value("median-iqr"),
      "median-iqr (the paper's [median - 1.5 IQR, median + 1.5 IQR]), tukey ([Q1 - 1.5 IQR, Q3 + 1.5 IQR]) "
      "or none (the default with --bands: a level's band keeps its whole range)")(
      "levels", po::value(&levels)->default_value(0),
      "expand to this many levels: means of neighbouring targets, then beyond the last (0: as measured)")(
      "spacing", po::value(&spacing)->default_value("arithmetic"),
      "for --levels: arithmetic (the paper's (a+b)/2, last + step) or geometric (sqrt(ab), last * ratio)")(
      "bands", po::bool_switch(&options.study.bands),
      "write band levels (the readers' kind, docs/levels.md), a house style: the levels, easiest first, "
      "split where the most puzzles fall in their own level's band, with each level's givens range and "
      "the symmetry the puzzles share")(
      "validate", po::value(&validate),
      "with --bands: hold out the last FRACTION (0 < FRACTION < 1) of each input file, learn from the rest, "
      "and report the held-out confusion matrix, accuracy and baselines")(
      "second-dimension", po::value(&second_dimension)->default_value("hard-steps"),
      "with --bands and --metric technique: hard-steps (cut neighbouring levels on grade + w x steps beyond "
      "singles where that separates them better than the grade on the held-in puzzles) or none (the grade "
      "alone)")(
      "level-model", po::value(&level_model)->default_value("ordinal"),
      "with --bands on the technique metric: ordinal (default: learn an ordinal logistic model of the levels "
      "over the solving path's features, kept where it beats the bands by cross-validation) or none")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "plot", po::value(&options.plot), "also draw the ratings per level to this .pdf, .svg or .png file")(
      "title", po::value(&options.title), "the plot's title")(
      "house", po::value(&options.house),
      "the whole house-style loop into folder DIR: learned levels (levels.json) with their validation "
      "(report.txt), a sample chapter per level (plan.json, book/) and its audit against the archive with "
      "Kolmogorov-Smirnov distances (audit.txt); implies --bands, --validate 0.3 and --metric technique "
      "--uniqueness false --order invariant unless given")(
      "sample", po::value(&options.sample)->default_value(6), "with --house: puzzles per level in the sample book")(
      "sample-seed", po::value(&options.seed)->default_value(1), "with --house: the sample book's seed")(
      "compare", po::value(&options.compare),
      "a calibration to show next to ours: its levels in file order beside the measured levels in theirs "
      "('paper': the paper's Table I)")("level-file", po::value(&level_specs), "LEVEL=FILE (positional)");
  command_line.positional.add("level-file", -1);
  po::options_description metric_options("Metric options (passed to --metric; defaults are the metric's)");
  MetricFlags metric_flags;
  metric_flags.add_to(metric_options, command_line.options);
  command_line.options.add(metric_options);

  po::variables_map values;
  if (!parse_command_line(argc, argv, command_line, values)) return false;

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
  if (!options.house.empty()) {
    if (!labelled) throw UsageError("--house learns from one labelled archive: give --labelled FILE --bins ...");
    if (!options.output.empty()) throw UsageError("--house writes DIR/levels.json: drop -o");
    if (levels > 0) throw UsageError("--house makes band levels: drop --levels");
    if (options.sample < 1 || options.sample > 1000) throw UsageError("--sample must be from 1 to 1000");
    options.study.bands = true;
    if (!values.count("validate")) validate = "0.3";
    options.output = options.house + "/levels.json";
  } else if (!values["sample"].defaulted() || !values["sample-seed"].defaulted()) {
    throw UsageError("--sample and --sample-seed apply only with --house");
  }
  if (options.output.empty()) throw UsageError("no output file given (-o calibration.json)");
  if (levels < 0) throw UsageError("--levels must be 0 (as measured) or more");
  if (levels > 0 && options.study.bands) throw UsageError("--bands and --levels do not go together");
  // Flags that would do nothing are mistakes worth reporting, not ignoring.
  if (levels == 0 && !values["spacing"].defaulted()) throw UsageError("--spacing applies only with --levels");
  if (options.plot.empty() && !options.title.empty()) throw UsageError("--title applies only with --plot");
  options.study.levels = static_cast<std::size_t>(levels);
  options.study.jobs = worker_threads(jobs);
  options.study.outliers = parse_flag("--outliers", [&] { return sudoku::parse_outlier_rule(outliers); });
  // The paper's rule serves a mean target; a band should keep every puzzle its level printed.
  if (options.study.bands && values["outliers"].defaulted()) options.study.outliers = sudoku::OutlierRule::none;
  if (values.count("validate") || !options.house.empty()) {
    if (!options.study.bands) throw UsageError("--validate applies only with --bands");
    char* end = nullptr;
    const double fraction = std::strtod(validate.c_str(), &end);
    if (validate.empty() || end != validate.c_str() + validate.size() || !(fraction > 0.0 && fraction < 1.0))
      throw UsageError("--validate expects a fraction between 0 and 1 (exclusive), got '" + validate + "'");
    options.study.validate = fraction;
  }
  if (second_dimension != "hard-steps" && second_dimension != "none")
    throw UsageError("--second-dimension expects hard-steps or none, got '" + second_dimension + "'");
  if (!values["second-dimension"].defaulted() && !options.study.bands)
    throw UsageError("--second-dimension applies only with --bands");
  options.study.second_dimension = second_dimension == "hard-steps";
  if (level_model != "ordinal" && level_model != "none")
    throw UsageError("--level-model expects ordinal or none, got '" + level_model + "'");
  if (!values["level-model"].defaulted() && !options.study.bands)
    throw UsageError("--level-model applies only with --bands");
  options.study.level_model = level_model == "ordinal";
  options.study.spacing = parse_flag("--spacing", [&] { return sudoku::parse_spacing(spacing); });
  options.study.tool_version = std::string(version());
  const auto names = sudoku::rating_metric_names();
  if (std::find(names.begin(), names.end(), options.metric) == names.end())
    throw UsageError("unknown metric '" + options.metric + "' (known: " + metric_name_list() + ")");
  // The house loop grades as the press levels and the audit do unless told otherwise.
  if (!options.house.empty() && values["metric"].defaulted()) options.metric = "technique";
  options.metric_settings = metric_flags.settings_for(options.metric, values);
  if (!options.house.empty() && options.metric == "technique") {
    options.metric_settings.try_emplace("uniqueness", "false");
    options.metric_settings.try_emplace("order", "invariant");
  }
#if SUDOKU_CALIBRATE_PLOT
  if (!options.plot.empty())
    parse_flag("--plot " + options.plot, [&] { return sudoku::typeset::plot_format_for_path(options.plot); });
  // The reproducible-builds date when set; otherwise none, so that the same study gives the same
  // plot bytes (a date of "now" would differ on every run).
  if (!options.plot.empty()) options.plot_date = source_date_epoch();
#else
  if (!options.plot.empty())
    throw UsageError("--plot: this calibrate was built without the Cairo typesetting library");
#endif
  return true;
}

}  // namespace sudoku::cli
