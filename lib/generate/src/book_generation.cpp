// SPDX-License-Identifier: Apache-2.0
// generate_book in five steps, one file each: the checkpoint store (checkpoint_store.hpp), the
// slots' climbs (slot_scheduler.hpp), one distinct puzzle per slot (dedup.hpp), verification and
// assembly of the Book (book_assembly.hpp), and the output files (here).
#include "sudoku/generate/book_generation.hpp"

#include <boost/json/array.hpp>

#include <filesystem>
#include <map>

#include "book_assembly.hpp"
#include "checkpoint_store.hpp"
#include "dedup.hpp"
#include "slot_scheduler.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/base/output_set.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {
namespace {

void create_output_directory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw IoError(directory + ": cannot create the output directory: " + error.message());
}

// puzzles.txt and solutions.txt (one line per puzzle, labelled with its id), then book.json.
void write_book_files(const Book& book, OutputSet& output) {
  std::string puzzles;
  std::string solutions;
  const GattaiShape* shape_above = nullptr;  // the shape the last "shape:" line named
  for (const auto& chapter : book.chapters) {
    for (const auto& puzzle : chapter.puzzles) {
      // Gattai puzzles are written in the board form under a "shape:" line naming their board
      // whenever it changes (corpus-rate --variant gattai reads them back).
      if (const GattaiShape* shape = puzzle.puzzle.geometry().gattai_shape();
          shape != nullptr && (shape_above == nullptr || !(*shape == *shape_above))) {
        const std::string line = "shape: " + shape_field_text(*shape) + "\n";
        puzzles += line;
        solutions += line;
        shape_above = shape;
      }
      // Jigsaw lines carry their layout (corpus-rate --variant jigsaw reads them back); Killer
      // puzzles are written in the Killer one-line form (corpus-rate --variant killer).
      std::string tail = " ";
      if (puzzle.puzzle.geometry().variant() == Variant::jigsaw) {
        tail += regions_line(puzzle.puzzle.geometry());
        tail += ' ';
      }
      tail += puzzle.id;
      tail += '\n';
      const bool killer = puzzle.puzzle.geometry().variant() == Variant::killer;
      puzzles += (killer ? to_killer_line(puzzle.puzzle) : to_line(puzzle.puzzle)) + tail;
      solutions += to_line(puzzle.solution) + tail;
    }
  }
  output.add("puzzles.txt", puzzles);
  output.add("solutions.txt", solutions);
  output.add("book.json",
             checked_book_json(book, (std::filesystem::path(output.directory()) / "book.json").string()));
}

// The editor's check of every chapter against its level, graded on `jobs` threads.
Audit audit_book(const Plan& plan, const Book& book, int jobs) {
  std::vector<AuditGroup> groups;
  std::vector<std::pair<std::size_t, std::size_t>> places;  // (chapter, puzzle) of every puzzle
  std::vector<Calibration> calibrations;
  for (std::size_t c = 0; c < plan.chapters.size(); ++c) {
    const PlanChapter& chapter = plan.chapters[c];
    calibrations.push_back(chapter_calibration(plan, chapter.size, chapter.variant));
    AuditGroup group = audit_group(chapter.title, chapter.level, calibrations.back(), chapter.size);
    if (chapter.numeric_level) group = AuditGroup{chapter.title, chapter.level, {}, {}, {}, false, {}};
    group.givens_range = chapter.givens;
    group.cages_range = chapter.cage_count;
    group.puzzles.resize(book.chapters[c].puzzles.size());
    for (std::size_t p = 0; p < group.puzzles.size(); ++p) places.emplace_back(c, p);
    groups.push_back(std::move(group));
  }
  parallel_for(places.size(), jobs, [&](std::size_t i) {
    const auto [c, p] = places[i];
    // Cuts and the archive's hard steps judge the steps of the levels' own grading.
    groups[c].puzzles[p] = audit_puzzle_for(book.chapters[c].puzzles[p].puzzle, calibrations[c]);
  });
  return run_audit(groups);
}

// The web and app teams' feed: feed/{date}.json per day of a calendar, its slots in page order with
// puzzle, solution, level and grades.
void write_feed(const Plan& plan, const Book& book, OutputSet& output) {
  std::map<std::string, boost::json::array> days;
  for (std::size_t c = 0; c < book.chapters.size(); ++c) {
    if (!plan.chapters[c].slot) continue;
    for (const auto& puzzle : book.chapters[c].puzzles) {
      days[*puzzle.date].push_back(boost::json::object{{"slot", *plan.chapters[c].slot},
                                                       {"id", puzzle.id},
                                                       {"level", puzzle.level},
                                                       {"puzzle", to_line(puzzle.puzzle)},
                                                       {"solution", to_line(puzzle.solution)},
                                                       {"rating", puzzle.rating},
                                                       {"givens", puzzle.givens}});
      // The number the paper prints it with, for the web and app pages to match.
      if (puzzle.number) days[*puzzle.date].back().as_object()["number"] = *puzzle.number;
      // A variant's rules travel with it, as in book.json (classic days keep their bytes).
      const Geometry& board = puzzle.puzzle.geometry();
      if (board.variant() != Variant::classic) {
        auto& entry = days[*puzzle.date].back().as_object();
        entry["variant"] = variant_name(board.variant());
        if (board.variant() == Variant::jigsaw) entry["regions"] = regions_line(board);
        if (board.variant() == Variant::killer) entry["cages"] = cages_to_json(board);
      }
    }
  }
  for (auto& [date, puzzles] : days)
    output.add("feed/" + date + ".json", pretty_json(boost::json::object{{"publication", plan.publication},
                                                                         {"date", date},
                                                                         {"size", plan.size},
                                                                         {"puzzles", std::move(puzzles)}}));
}

// A re-run of archived dates must give the archived puzzles again (same plan, same seeds).
void check_published(const Book& book, const std::map<std::string, std::string>& published) {
  for (const auto& chapter : book.chapters)
    for (const auto& puzzle : chapter.puzzles) {
      const auto found = published.find(puzzle.id);
      if (found != published.end() && found->second != puzzle.canonical)
        throw GenerationError(puzzle.id +
                              ": the archive holds another puzzle for this slot (was the plan's seed, "
                              "level or publication changed?); --replace the slot to print a new one");
    }
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
  // The folder is this run's from here to the end (its checkpoint lives there): a second run into
  // it is refused at once rather than both "succeeding" with one book lost.
  OutputFolderLock owner(options.output_directory, OutputFolderLock::Wait::refuse);
  recover_output_set(options.output_directory);  // an earlier run's interrupted swap, stray temporaries
  if (options.resume && std::filesystem::exists(checkpoint)) {
    store.load();
    result.resumed = store.size();
  }
  detail::SlotScheduler scheduler(plan, options.climb, *metric, store);
  scheduler.climb_first_attempts(options.jobs, progress);
  const auto chosen = [&] {
    try {
      auto distinct = detail::choose_distinct(plan, scheduler, options.archive);
      store.save();
      return distinct;
    } catch (...) {
      store.save();  // keep the retries climbed so far for --resume
      throw;
    }
  }();
  try {
    detail::assemble_book(plan, *metric, scheduler, chosen, result);
  } catch (const detail::VerificationError& error) {
    // Resumed slots come from a file that may have been edited; name it.
    if (result.resumed)
      throw InputError(
          checkpoint, 0, 0,
          std::string(error.what()) + ", read from this checkpoint (remove it, or run without --resume)");
    throw;
  }
  check_published(result.book, options.published);
  result.audit = audit_book(plan, result.book, options.jobs);
  // One set, swapped in all-or-nothing (output_set.hpp): a kill or a full disk never leaves new
  // puzzles.txt beside an old book.json.
  OutputSet output(options.output_directory, "generate-book");
  // The publisher's logo travels with the book (book.json's front-matter names this copy).
  if (!plan.logo_png.empty()) output.add(std::string(kBookLogoFile), plan.logo_png);
  write_book_files(result.book, output);
  write_feed(plan, result.book, output);
  output.add("report.json", pretty_json(audit_to_json(result.audit)));
  output.commit();
  if (!options.keep_checkpoint) std::filesystem::remove(checkpoint);
  return result;
}

}  // namespace sudoku
