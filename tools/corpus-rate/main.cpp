// corpus-rate: rate every puzzle of a corpus and write one record per puzzle, in input order.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "progress_bar.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/corpus/corpus_rating.hpp"
#include "sudoku/corpus/record_writer.hpp"

namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

struct Options {
  std::vector<std::string> files;
  sudoku::OutputFormat format = sudoku::OutputFormat::csv;
  std::string output;   // empty: stdout
  std::string archive;  // SQLite archive of published puzzles, or empty
  sudoku::ReadOptions read;
  sudoku::CorpusRatingOptions rating;
};

// Metric options given on the command line (empty values are left to the metric's defaults).
void set_if_given(sudoku::MetricSettings& settings, const std::string& key, const std::string& value) {
  if (!value.empty()) settings[key] = value;
}

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "corpus-rate";
  command_line.usage = "corpus-rate [options] FILE...   (FILE '-' reads standard input)";
  command_line.summary =
      R"(Rates every puzzle of the given corpora: validity, number of solutions (0, 1, or 2 for "2 or more"),
the solution when unique, the canonical form, and for valid puzzles the difficulty: the readers' level
(by default the press levels of the technique grade, docs/levels.md), the technique grade (the hardest
human technique on Sudoku Explainer's scale, "beyond" when the grader's ladder cannot finish), the call
count of Fatemi, Kazemi & Mehrasa (mean and sd over --runs runs) and the HS-solver's calls (Killer
puzzles: the Killer levels, and no HS-solver calls, which know no cages). Records come
out in input order, identical for any --jobs. With --explain, each puzzle's solving path replaces the
records: a header line per puzzle ("# file:line puzzle", then grade and hardest technique), one line
per step (score, placements and eliminations, technique), a blank line between puzzles. With --audit,
the editor's check per level replaces them.
Exit status: 0 when every puzzle is ok, 1 when some are not, 2 for usage or I/O errors.)";
  std::string format;
  std::string box;
  std::string variant;
  int size = 0;
  int jobs = 0;
  std::string runs;
  std::string propagation;
  std::string branching;
  std::string cap;
  std::string strategies;
  std::string max_technique;
  bool no_uniqueness = false;
  bool invariant = false;
  std::string calibration;
  bool no_rating = false;
  command_line.options.add_options()("format,f", po::value(&format)->default_value("csv"),
                                     "output format: csv (with a header), json or text")(
      "output,o", po::value(&options.output), "write the records to this file instead of standard output")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "size", po::value(&size)->default_value(0), "grid size when not detected: 4, 6, 9, 12, 16 or 25")(
      "box", po::value(&box), "box shape ROWSxCOLS, e.g. 2x3 or 3x2 for 6x6 grids")(
      "variant", po::value(&variant),
      "rules of every puzzle: classic (default), x, windoku, asterisk, centre-dot, jigsaw (a jigsaw line is "
      "GIVENS REGIONS [label], REGIONS one region id 1-9 per cell, row-major) or killer (one puzzle a line: "
      "cage letters, sums, optional givens; docs/formats.md)")(
      "runs", po::value(&runs), "call-count runs averaged per puzzle (default 10, the paper's)")(
      "propagation", po::value(&propagation),
      "call-count propagation: ac (default, the paper's) or ac-hidden")(
      "branching", po::value(&branching),
      "call-count branching: random (default, the paper's; fewest on Killer boards, where random "
      "choices saturate the cap) or fewest; the call count is rated up to 9x9 only")(
      "cap", po::value(&cap),
      "call-count budget: AC calls per run (default 1000000); capped runs count as the cap")(
      "strategies", po::value(&strategies), "HS-solver strategies: none, r, ru, ruh or ruhn (default)")(
      "max-technique", po::value(&max_technique),
      "technique grader: hardest technique tried, e.g. xy-wing or nishio (default: the whole ladder); harder "
      "puzzles "
      "are graded beyond")(
      "no-uniqueness", po::bool_switch(&no_uniqueness),
      "technique grader: no unique rectangles or BUG (for puzzles that may have several solutions)")(
      "invariant", po::bool_switch(&invariant),
      "technique grader: order-free forcing chains (a transformed puzzle gets the same grade) instead of "
      "Sudoku Explainer's order and exact number")(
      "explain", po::bool_switch(&options.rating.explain),
      "write each puzzle's technique steps instead of the records (see above)")(
      "calibration", po::value(&calibration),
      "levels of the level field: press (default: the readers' levels, by technique grade without uniqueness "
      "techniques; Killer puzzles get the Killer levels), paper (Table I, by call count) or a calibration "
      "file")(
      "audit", po::bool_switch(&options.rating.audit),
      "write the editor's audit instead of the records: per level, count, grade range, hardest techniques "
      "and givens, checked against the level (text, or JSON with --format json)")(
      "archive", po::value(&options.archive),
      "an SQLite archive (generate-book --update-archive): the published field names where each puzzle, "
      "or any symmetry of it, was already published")(
      "no-rating", po::bool_switch(&no_rating),
      "skip the ratings (validity, solutions and canonical form only)")("file", po::value(&options.files),
                                                                        "input corpus (positional)");
  command_line.positional.add("file", -1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (options.files.empty()) throw UsageError("no input file given");
  try {
    options.format = sudoku::parse_output_format(format);
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  options.rating.jobs = sudoku::cli::worker_threads(jobs);
  options.read = sudoku::cli::read_options_for(size, box, variant);
  options.rating.rate = !no_rating;
  set_if_given(options.rating.call_count_settings, "runs", runs);
  set_if_given(options.rating.call_count_settings, "propagation", propagation);
  set_if_given(options.rating.call_count_settings, "branching", branching);
  set_if_given(options.rating.call_count_settings, "cap", cap);
  set_if_given(options.rating.hs_settings, "strategies", strategies);
  set_if_given(options.rating.technique_settings, "max-technique", max_technique);
  if (no_uniqueness) options.rating.technique_settings["uniqueness"] = "false";
  if (invariant) options.rating.technique_settings["order"] = "invariant";
  if (options.rating.explain && no_rating) throw UsageError("--explain needs the ratings (drop --no-rating)");
  if (options.rating.audit && (no_rating || options.rating.explain))
    throw UsageError("--audit needs the ratings and cannot go with --explain");
  if (!calibration.empty()) {
    options.rating.calibration = sudoku::read_calibration(calibration);
    // Killer puzzles: a built-in scheme's Killer levels, or else the same file.
    auto killer = sudoku::built_in_calibration(calibration, 9, sudoku::Variant::killer);
    options.rating.killer_calibration = killer ? std::move(*killer) : options.rating.calibration;
  }
  return true;
}

int run(const Options& options) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<sudoku::CorpusInput> inputs;
  std::size_t total = 0;
  for (const auto& file : options.files) {
    inputs.push_back(sudoku::read_corpus_input(file, options.read));
    total += inputs.back().entries.size();
  }
  const sudoku::CorpusRater rater(options.rating);
  if (options.rating.rate)
    for (const auto& warning : rater.warnings()) std::cerr << "corpus-rate: warning: " << warning << "\n";
  sudoku::cli::ProgressBar progress("rating", total);
  auto reports =
      sudoku::rate_corpus(inputs, rater, [&](std::size_t done, std::size_t) { progress.update(done); });
  progress.finish();
  for (const auto& note : rater.notes(reports)) std::cerr << "corpus-rate: note: " << note << "\n";
  if (!options.archive.empty()) {
    if (!std::filesystem::exists(options.archive))
      throw sudoku::IoError(options.archive + ": cannot open the archive: no such file");
    if (!sudoku::is_sqlite_file(options.archive))
      throw sudoku::InputError(options.archive, 0, 0,
                               "expected an SQLite archive (generate-book --update-archive)");
    sudoku::mark_published(reports, sudoku::ArchiveDb(options.archive));
  }
  const std::string text = sudoku::format_corpus_output(reports, options.rating, options.format);
  if (options.output.empty()) {
    std::cout << text << std::flush;
    if (!std::cout) throw sudoku::IoError("standard output: write error");
  } else {
    sudoku::write_file_atomically(options.output, text);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr, "corpus-rate: %s in %.2f s (%.0f puzzles/s)\n",
               sudoku::format_status_counts(reports).c_str(), seconds,
               seconds > 0 ? static_cast<double>(reports.size()) / seconds : 0.0);
  const bool all_ok = std::all_of(reports.begin(), reports.end(), [](const auto& report) {
    return report.status == sudoku::PuzzleStatus::ok;
  });
  return all_ok ? sudoku::cli::kSuccess : sudoku::cli::kSomeFailed;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("corpus-rate", [&]() -> int {
    Options options;
    if (!parse_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
