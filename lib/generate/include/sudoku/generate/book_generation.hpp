// SPDX-License-Identifier: Apache-2.0
// Book generation: fills a plan's chapters with new puzzles from the hill climber, deduplicated within
// the book and against an archive, reproducible from the plan's seed, resumable after interruption.
//
// Contract:
//   - Slot (chapter c, index i) draws its random stream from derive_seed(plan seed, c, i) (and the
//     attempt number when a duplicate forces a retry), so the book depends only on the plan and the
//     archive — not on the number of jobs, nor on interruptions.
//   - Clashes (same canonical form as an earlier slot in plan order, or as an archived puzzle) are
//     resolved in plan order: the later slot retries with its next attempt seed.
//   - Every puzzle is checked before it is accepted: exactly one solution (solution counter), the
//     stored solution obeys the rules and the givens, and its rating is recomputed from scratch.
//   - Finished slots are saved in a checkpoint file in the output directory while the run goes on;
//     with `resume` they are reused. The checkpoint is removed when the book is written (unless
//     keep_checkpoint: the desk removes it once its archive update commits).
//   - A slot whose target cannot be reached within the climber's budget makes the run fail with
//     GenerationError naming the chapter and what was reached (finished slots stay checkpointed).
//
//   BookGenerationOptions options{.output_directory = "out", .jobs = 4, .resume = true};
//   const BookGenerationResult result = generate_book(read_plan("plan.json"), options);  // out/book.json
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/rate/audit.hpp"
#include "sudoku/rate/rating.hpp"

namespace sudoku {

class GenerationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BookGenerationOptions {
  std::string output_directory;
  int jobs = 1;
  bool resume = false;
  std::set<std::string> archive;  // canonical keys of puzzles already published
  // Puzzles the run must make again (a re-run of archived dates): puzzle id -> canonical key
  // (ArchivePlanning::expected, archive_db.hpp). A slot that comes out otherwise fails the run.
  std::map<std::string, std::string> published;
  ClimbSettings climb;  // target and tolerance come from the plan; the budgets from here
  std::string tool_version;
  // Leave the checkpoint in the output directory when the book is written (it is removed otherwise):
  // the desk keeps it until its archive update commits, so a remade book reuses every climb.
  bool keep_checkpoint = false;
};

struct ChapterSummary {
  std::string title;
  std::size_t count = 0;
  double mean_rating = 0;
  double target = 0;
  double seconds = 0;  // climbing time summed over the chapter's puzzles (CPU time across jobs)
};

struct BookGenerationResult {
  Book book;
  std::vector<ChapterSummary> chapters;
  Audit audit;              // the editor's check of every chapter (also written to report.json)
  std::size_t resumed = 0;  // slots taken from the checkpoint
};

// Progress: puzzles finished so far, per chapter (indexed like plan.chapters).
using GenerationProgress = std::function<void(const std::vector<std::size_t>& done_per_chapter)>;

// Generates the book and writes book.json, puzzles.txt, solutions.txt and report.json (the audit:
// audit.hpp) into the output directory (created if missing); for a plan with a calendar also
// feed/{date}.json per day (docs/desk.md). The files are one set, swapped in all-or-nothing
// (output_set.hpp): after a kill or a full disk the folder holds the old set or, once the next run
// has finished an interrupted swap, the new one; never a mix, never a temporary file.
BookGenerationResult generate_book(const Plan& plan, const BookGenerationOptions& options,
                                   const GenerationProgress& progress = {});

// One slot's climb as generate_book runs it: chapter `chapter`, puzzle `index` of the plan (attempt 0,
// or a retry's attempt), its seed (derive_seed(plan seed, chapter, index), a calendar slot's own
// seed, then the attempt), its target in the band, the chapter's board and rules, the budgets of
// `climb`, graded by `metric`. sudoku-bench times chapters with it.
//   const auto metric = make_rating_metric(plan.metric, plan.metric_settings());
//   const ClimbResult r = climb_slot(plan, 0, 3, 0, ClimbSettings{}, *metric);
std::uint64_t slot_seed(const Plan& plan, std::size_t chapter, std::size_t index, int attempt);
ClimbResult climb_slot(const Plan& plan, std::size_t chapter, std::size_t index, int attempt,
                       const ClimbSettings& climb, const RatingMetric& metric);

// Canonical keys of every puzzle in the given archive files (one puzzle per line; labels allowed).
// InputError at the first malformed line, IoError when unreadable.
std::set<std::string> read_archive(const std::vector<std::string>& paths);

// Path of the checkpoint file inside an output directory.
std::string checkpoint_path(const std::string& output_directory);

}  // namespace sudoku
