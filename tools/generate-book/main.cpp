// generate-book: fill a chapter plan with new puzzles from the hill climber.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "progress_bar.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/publish/archive_db.hpp"

namespace {

namespace po = boost::program_options;
using sudoku::cli::UsageError;

struct Options {
  std::string plan_path;
  std::vector<std::string> archives;
  std::string update_archive;
  std::vector<std::string> replace;
  sudoku::BookGenerationOptions generation;
};

// An SQLite archive: a file that is one, or a new file named *.sqlite or *.db.
bool is_database(const std::string& path) {
  if (path.empty()) return false;
  if (std::filesystem::exists(path)) return sudoku::is_sqlite_file(path);
  const std::string extension = std::filesystem::path(path).extension().string();
  return extension == ".sqlite" || extension == ".db";
}

// "2026-11-24T01:50:00Z": when the archive update was made.
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

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
      "not be reached (finished puzzles are kept for --resume), 2 usage, plan or I/O error.";
  int jobs = 0;
  command_line.options.add_options()("output,o", po::value(&options.generation.output_directory),
                                     "output directory (created if missing)")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: all cores)")(
      "resume", po::bool_switch(&options.generation.resume),
      "continue an interrupted run from its checkpoint")(
      "archive", po::value(&options.archives)->multitoken(),
      "archives of already published puzzles that must not be repeated: SQLite archives or text files "
      "(one puzzle per line)")(
      "update-archive", po::value(&options.update_archive),
      "after success, add the new puzzles to this archive (also read as --archive): an SQLite archive "
      "when the file is one or is named *.sqlite or *.db (created if missing; text --archive files "
      "are imported into it), else a text file they are appended to")(
      "replace", po::value(&options.replace)->multitoken(),
      "DATE:SLOT... withdraw that archived slot's puzzle (kept, never reused) and make a new one; every "
      "other slot comes out as archived (needs an SQLite --update-archive)")(
      "max-moves",
      po::value(&options.generation.climb.max_moves)->default_value(options.generation.climb.max_moves),
      "climber budget: moves per climb")(
      "max-restarts",
      po::value(&options.generation.climb.max_restarts)->default_value(options.generation.climb.max_restarts),
      "climber budget: fresh climbs after the first before a target counts as unreachable")(
      "plan", po::value(&options.plan_path), "the plan (positional)");
  command_line.positional.add("plan", 1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (options.plan_path.empty()) throw UsageError("no plan given");
  if (options.generation.output_directory.empty()) throw UsageError("no output directory given (-o DIR)");
  if (options.generation.climb.max_moves < 1 || options.generation.climb.max_restarts < 0)
    throw UsageError("--max-moves must be at least 1 and --max-restarts at least 0");
  options.generation.jobs = sudoku::cli::worker_threads(jobs);
  options.generation.tool_version = std::string(sudoku::cli::version());
  if (!options.replace.empty() && !is_database(options.update_archive))
    throw UsageError("--replace needs an SQLite archive to withdraw from (--update-archive FILE.sqlite)");
  return true;
}

// One row per chapter.
std::vector<sudoku::cli::ProgressBar::Row> chapter_rows(const sudoku::Plan& plan) {
  std::vector<sudoku::cli::ProgressBar::Row> rows;
  for (const auto& chapter : plan.chapters)
    rows.push_back({chapter.title, static_cast<std::size_t>(chapter.count)});
  return rows;
}

int run(Options& options) {
  const auto start = std::chrono::steady_clock::now();
  const sudoku::Plan plan = sudoku::read_plan(options.plan_path);
  std::vector<sudoku::SlotName> replace;
  for (const auto& text : options.replace) replace.push_back(sudoku::parse_slot_name(text));
  // Text archives are read as keys; databases also say which slots a re-run must reproduce.
  std::vector<std::string> texts;
  std::vector<std::string> databases;
  for (const auto& path : options.archives)
    (sudoku::is_sqlite_file(path) ? databases : texts).push_back(path);
  const bool update_database = is_database(options.update_archive);
  if (update_database) databases.push_back(options.update_archive);
  options.generation.archive = sudoku::read_archive(texts);
  for (const auto& path : databases) {
    const sudoku::ArchiveDb archive(path);
    auto planning = sudoku::plan_against_archive(
        archive, plan, path == options.update_archive ? replace : std::vector<sudoku::SlotName>{});
    options.generation.archive.merge(planning.excluded);
    options.generation.published.merge(planning.expected);
  }
  sudoku::cli::ProgressBar progress(chapter_rows(plan));
  sudoku::BookGenerationResult result;
  try {
    result = sudoku::generate_book(plan, options.generation,
                                   [&](const std::vector<std::size_t>& done) { progress.update(done); });
    progress.finish();
  } catch (const sudoku::GenerationError& error) {
    progress.finish();
    std::cerr << "generate-book: " << options.plan_path << ": " << error.what() << "\n";
    return sudoku::cli::kSomeFailed;
  }
  // One transaction, after the output is written: a crash before it leaves the archive as it was.
  if (update_database) {
    const std::string created = utc_now();
    std::vector<sudoku::ArchiveEntry> entries;
    for (const auto& text : texts) {
      auto imported = sudoku::imported_entries(text, created);
      entries.insert(entries.end(), imported.begin(), imported.end());
    }
    auto made = sudoku::archive_entries(plan, result.book, created);
    entries.insert(entries.end(), made.begin(), made.end());
    sudoku::ArchiveDb(options.update_archive).record(plan.publication, replace, entries);
  } else if (!options.update_archive.empty()) {
    sudoku::append_to_archive(options.update_archive, result.book);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const auto& chapter : result.chapters)
    std::fprintf(stderr,
                 "generate-book: %-20s %4zu puzzles, mean rating %8.2f (target %8.2f), %.1f s climbing\n",
                 chapter.title.c_str(), chapter.count, chapter.mean_rating, chapter.target, chapter.seconds);
  std::cerr << sudoku::format_audit(result.audit);
  std::fprintf(
      stderr, "generate-book: %zu puzzles in %.1f s%s -> %s\n", result.book.puzzle_count(), seconds,
      result.resumed ? (" (" + std::to_string(result.resumed) + " from the checkpoint)").c_str() : "",
      options.generation.output_directory.c_str());
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
