// SPDX-License-Identifier: Apache-2.0
// generate-book: fill a chapter plan with new puzzles from the hill climber.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "progress_bar.hpp"
#include "sudoku/publish/desk.hpp"

namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

struct Options {
  std::string plan_path;
  std::vector<std::string> replace;
  std::vector<std::string> import;
  sudoku::DeskOptions desk;
};

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "generate-book";
  command_line.usage = "generate-book PLAN.json -o DIR [options]";
  command_line.summary =
      "Fills the plan's chapters with new puzzles made by the hill climber of Fatemi, Kazemi & Mehrasa:\n"
      "every puzzle has exactly one solution and a rating within the plan's tolerance of its level's "
      "target,\n"
      "none repeats another (also up to symmetry) or an archived puzzle. The same plan gives the same\n"
      "book.json byte for byte, whatever --jobs and however often the run is interrupted and resumed.\n"
      "Writes DIR/book.json, DIR/puzzles.txt, DIR/solutions.txt, DIR/report.json and, for a calendar,\n"
      "DIR/feed/{date}.json (docs/desk.md). Exit status: 0 done, 1 a target could\n"
      "not be reached (finished puzzles are kept for --resume), 2 usage, plan or I/O error.\n"
      "generate-book --import-archive OLD.txt... --update-archive ARCHIVE.sqlite imports text archives.";
  auto& generation = options.desk.generation;
  int jobs = 0;
  command_line.options.add_options()("output,o", po::value(&generation.output_directory),
                                     "output directory (created if missing)")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "resume", po::bool_switch(&generation.resume), "continue an interrupted run from its checkpoint")(
      "archive", po::value(&options.desk.archives)->multitoken(),
      "archives of already published puzzles that must not be repeated, never written: SQLite archives or "
      "text files (one puzzle per line), told apart by content")(
      "update-archive", po::value(&options.desk.update_archive),
      "the SQLite archive to add the new puzzles to after success (also read as --archive; created if "
      "missing; text --archive files are imported into it). A text file is refused: text archives are "
      "read-only")("import-archive", po::value(&options.import)->multitoken(),
                   "import these text archives into --update-archive and exit (no plan)")(
      "replace", po::value(&options.replace)->multitoken(),
      "DATE:SLOT... withdraw that archived slot's puzzle (kept, never reused) and make a new one; every "
      "other slot comes out as archived (needs --update-archive)")(
      "max-moves", po::value(&generation.climb.max_moves)->default_value(generation.climb.max_moves),
      "climber budget: moves per climb")(
      "max-restarts", po::value(&generation.climb.max_restarts)->default_value(generation.climb.max_restarts),
      "climber budget: fresh climbs after the first before a target counts as unreachable")(
      "plan", po::value(&options.plan_path), "the plan (positional)");
  command_line.positional.add("plan", 1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (!options.import.empty()) {
    if (options.desk.update_archive.empty()) throw UsageError("--import-archive needs --update-archive");
    if (!options.plan_path.empty()) throw UsageError("--import-archive takes no plan");
    return true;
  }
  if (options.plan_path.empty()) throw UsageError("no plan given");
  if (generation.output_directory.empty()) throw UsageError("no output directory given (-o DIR)");
  if (generation.climb.max_moves < 1 || generation.climb.max_restarts < 0)
    throw UsageError("--max-moves must be at least 1 and --max-restarts at least 0");
  generation.jobs = sudoku::cli::worker_threads(jobs);
  generation.tool_version = std::string(sudoku::cli::version());
  if (!options.replace.empty() && options.desk.update_archive.empty())
    throw UsageError("--replace needs an SQLite archive to withdraw from (--update-archive FILE.sqlite)");
  for (const auto& text : options.replace) options.desk.replace.push_back(sudoku::parse_slot_name(text));
  return true;
}

int run(const Options& options) {
  if (!options.import.empty()) {
    const std::size_t added = sudoku::import_archives(options.import, options.desk.update_archive);
    std::fprintf(stderr, "generate-book: %zu puzzles imported into %s\n", added,
                 options.desk.update_archive.c_str());
    return sudoku::cli::kSuccess;
  }
  const auto start = std::chrono::steady_clock::now();
  const sudoku::Plan plan = sudoku::read_plan(options.plan_path);
  std::vector<sudoku::cli::ProgressBar::Row> rows;  // one per chapter
  for (const auto& chapter : plan.chapters)
    rows.push_back({chapter.title, static_cast<std::size_t>(chapter.count)});
  sudoku::cli::ProgressBar progress(rows);
  sudoku::DeskResult desk;
  try {
    desk = sudoku::run_with_archives(plan, options.desk,
                                     [&](const std::vector<std::size_t>& done) { progress.update(done); });
    progress.finish();
  } catch (const sudoku::GenerationError& error) {
    progress.finish();
    std::cerr << "generate-book: " << options.plan_path << ": " << error.what() << "\n";
    return sudoku::cli::kSomeFailed;
  }
  const auto& result = desk.generation;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const auto& chapter : result.chapters)
    std::fprintf(stderr,
                 "generate-book: %-20s %4zu puzzles, mean rating %8.2f (target %8.2f), %.1f s climbing\n",
                 chapter.title.c_str(), chapter.count, chapter.mean_rating, chapter.target, chapter.seconds);
  std::cerr << sudoku::format_audit(result.audit);
  if (desk.remade)
    std::fprintf(stderr, "generate-book: made again %d time(s): another desk archived some of its puzzles\n",
                 desk.remade);
  std::fprintf(
      stderr, "generate-book: %zu puzzles in %.1f s%s -> %s\n", result.book.puzzle_count(), seconds,
      result.resumed ? (" (" + std::to_string(result.resumed) + " from the checkpoint)").c_str() : "",
      options.desk.generation.output_directory.c_str());
  return sudoku::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("generate-book", [&]() -> int {
    Options options;
    if (!parse_options(argc, argv, options)) return sudoku::cli::kSuccess;
    return run(options);
  });
}
