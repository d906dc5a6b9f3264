// SPDX-License-Identifier: Apache-2.0
#include "options.hpp"

#include <stdexcept>

#include "cli.hpp"

namespace sudoku::corpus_rate_tool {
namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

}  // namespace

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
per step (score, placements and eliminations, technique), a blank line between puzzles; with --format
json, the steps as data with their evidence (docs/explanations.md); with --format svg or pdf and -o FILE,
pictures of the hardest step of each puzzle (--pictures all: every step beyond singles), a PDF page
each (SVG: one file each, FILE-2.svg, FILE-3.svg, ... after the first); with --format html and -o DIR,
DIR/index.html and a page per puzzle with every step's evidence and the chosen steps pictured. With --audit, the editor's check
per level replaces them.
Exit status: 0 when every puzzle is ok, 1 when some are not, 2 for usage or I/O errors.)";
  std::string format;
  std::string box;
  std::string variant;
  int size = 0;
  int jobs = 0;
  auto& flags = options.flags;
  std::string pictures = "hardest";
  command_line.options.add_options()("format,f", po::value(&format)->default_value("csv"),
                                     "output format: csv (with a header), json or text; with --explain also "
                                     "svg or pdf (step pictures, with -o FILE) or html (a page per puzzle, with -o DIR)")(
      "pictures", po::value(&pictures),
      "with --explain --format svg|pdf|html: hardest (default: each puzzle's hardest step) or all (every step "
      "beyond singles)")(
      "lang", po::value(&options.language),
      "with --explain --format html: the report's language, en (default), de, fr, es, it, ja or any catalogue "
      "in templates/lang")(
      "picture-size", po::value(&options.picture_size),
      "with --explain --format svg|pdf: page (default, a 6 in grid) or quarter (a 3.5 in grid)")(
      "output,o", po::value(&options.run.output),
      "write the records to this file instead of standard output")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "size", po::value(&size)->default_value(0), "grid size when not detected: 4, 6, 9, 12, 16 or 25")(
      "box", po::value(&box), "box shape ROWSxCOLS, e.g. 2x3 or 3x2 for 6x6 grids")(
      "variant", po::value(&variant),
      "rules of every puzzle: classic (default), x, windoku, asterisk, centre-dot, jigsaw (a jigsaw line is "
      "GIVENS REGIONS [label], REGIONS one region id 1-9 per cell, row-major) or killer (one puzzle a line: "
      "cage letters, sums, optional givens; docs/formats.md), a gattai shape: samurai, twin, butterfly, flower, "
      "sohei or windmill (one board a line, '-' for no cell, or the grids' 81 cells in turn), or gattai (the "
      "file's \"shape:\" lines name the board)")(
      "runs", po::value(&flags.runs), "call-count runs averaged per puzzle (default 10, the paper's)")(
      "propagation", po::value(&flags.propagation),
      "call-count propagation: ac (default, the paper's) or ac-hidden")(
      "branching", po::value(&flags.branching),
      "call-count branching: random (default, the paper's; fewest on Killer and gattai boards, where "
      "random choices saturate the cap) or fewest; the call count is rated up to 9x9 only")(
      "cap", po::value(&flags.cap),
      "call-count budget: AC calls per run (default 1000000); capped runs count as the cap")(
      "strategies", po::value(&flags.strategies), "HS-solver strategies: none, r, ru, ruh or ruhn (default)")(
      "max-technique", po::value(&flags.max_technique),
      "technique grader: hardest technique tried, e.g. xy-wing or nishio (default: the whole ladder); harder "
      "puzzles "
      "are graded beyond")(
      "no-uniqueness", po::bool_switch(&flags.no_uniqueness),
      "technique grader: no unique rectangles or BUG (for puzzles that may have several solutions)")(
      "invariant", po::bool_switch(&flags.invariant),
      "technique grader: order-free forcing chains (a transformed puzzle gets the same grade) instead of "
      "Sudoku Explainer's order and exact number")(
      "explain", po::bool_switch(&flags.explain),
      "write each puzzle's technique steps instead of the records (see above)")(
      "calibration", po::value(&flags.calibration),
      "levels of the level field: press (default: the readers' levels, by technique grade without uniqueness "
      "techniques; Killer puzzles get the Killer levels), paper (Table I, by call count) or a calibration "
      "file")(
      "audit", po::bool_switch(&flags.audit),
      "write the editor's audit instead of the records: per level, count, grade range, hardest techniques "
      "and givens, checked against the level (text, or JSON with --format json)")(
      "archive", po::value(&options.run.archive),
      "an SQLite archive (generate-book --update-archive): the published field names where each puzzle, "
      "or any symmetry of it, was already published")(
      "no-rating", po::bool_switch(&flags.no_rating),
      "skip the ratings (validity, solutions and canonical form only)")("file", po::value(&options.run.files),
                                                                        "input corpus (positional)");
  command_line.positional.add("file", -1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (options.run.files.empty()) throw UsageError("no input file given");
  options.run.read = sudoku::cli::read_options_for(size, box, variant);
  flags.jobs = sudoku::cli::worker_threads(jobs);
  if (pictures != "hardest" && pictures != "all")
    throw UsageError("unknown --pictures '" + pictures + "' (expected hardest or all)");
  options.every_step = pictures == "all";
  if (format == "html") {
    if (!flags.explain) throw UsageError("--format html writes the solving paths: it needs --explain");
    if (options.run.output.empty()) throw UsageError("--format html needs -o DIR, the folder for the pages");
#if !SUDOKU_CORPUS_RATE_PICTURES
    throw UsageError("--format html needs the typesetting library, which this build leaves out");
#endif
    if (values.count("picture-size"))
      throw UsageError("--picture-size applies to --format svg|pdf (the HTML report's pictures are quarter size)");
    if (options.language.empty()) throw UsageError("--lang expects a language code such as de");
    options.picture_format = format;
    format = "text";
  }
  if (values.count("lang") && options.picture_format != "html")
    throw UsageError("--lang applies to --explain --format html (the report's words)");
  if (format == "svg" || format == "pdf") {
    if (!flags.explain) throw UsageError("--format " + format + " draws steps: it needs --explain");
    if (options.run.output.empty()) throw UsageError("--format " + format + " needs -o FILE");
#if !SUDOKU_CORPUS_RATE_PICTURES
    throw UsageError("--format " + format + " needs the typesetting library, which this build leaves out");
#endif
    options.picture_format = format;
    format = "text";
  }
  try {
    options.run.format = sudoku::parse_output_format(format);
    options.run.rating = sudoku::corpus_rating_options(flags);
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  return true;
}

}  // namespace sudoku::corpus_rate_tool
