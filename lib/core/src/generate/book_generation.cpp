// generate_book in five steps, one file each: the checkpoint store (checkpoint_store.hpp), the
// slots' climbs (slot_scheduler.hpp), one distinct puzzle per slot (dedup.hpp), verification and
// assembly of the Book (book_assembly.hpp), and the output files (here).
#include "sudoku/book_generation.hpp"

#include <filesystem>

#include "generate/book_assembly.hpp"
#include "generate/checkpoint_store.hpp"
#include "generate/dedup.hpp"
#include "generate/slot_scheduler.hpp"
#include "sudoku/atomic_file.hpp"
#include "sudoku/errors.hpp"
#include "sudoku/puzzle_io.hpp"

namespace sudoku {
namespace {

void create_output_directory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw IoError(directory + ": cannot create the output directory: " + error.message());
}

// puzzles.txt and solutions.txt (one line per puzzle, labelled with its id), then book.json.
void write_book_files(const Book& book, const std::string& directory) {
  std::string puzzles;
  std::string solutions;
  for (const auto& chapter : book.chapters) {
    for (const auto& puzzle : chapter.puzzles) {
      puzzles += to_line(puzzle.puzzle) + " " + puzzle.id + "\n";
      solutions += to_line(puzzle.solution) + " " + puzzle.id + "\n";
    }
  }
  const std::filesystem::path dir(directory);
  write_file_atomically((dir / "puzzles.txt").string(), puzzles);
  write_file_atomically((dir / "solutions.txt").string(), solutions);
  write_book(book, (dir / "book.json").string());
}

}  // namespace

std::string checkpoint_path(const std::string& output_directory) {
  return (std::filesystem::path(output_directory) / ".generate-book-checkpoint.json").string();
}

BookGenerationResult generate_book(const Plan& plan, const BookGenerationOptions& options,
                                   const GenerationProgress& progress) {
  BookGenerationResult result;
  result.book = detail::book_header(plan, options.tool_version);
  const auto metric = make_rating_metric(plan.metric, plan.metric_settings());
  const std::string checkpoint = checkpoint_path(options.output_directory);
  detail::CheckpointStore store(
      checkpoint, detail::run_fingerprint(result.book.plan, result.book.calibration, options.climb));

  create_output_directory(options.output_directory);
  if (options.resume && std::filesystem::exists(checkpoint)) {
    store.load();
    result.resumed = store.size();
  }
  detail::SlotScheduler scheduler(plan, options.climb, *metric, store);
  scheduler.climb_first_attempts(options.jobs, progress);
  const auto chosen = detail::choose_distinct(plan, scheduler, options.archive);
  detail::assemble_book(plan, *metric, scheduler, chosen, result);
  write_book_files(result.book, options.output_directory);
  std::filesystem::remove(checkpoint);
  return result;
}

}  // namespace sudoku
