// SPDX-License-Identifier: Apache-2.0
// Corpus rating: one report per input puzzle — validity, solution count, solution, canonical form
// (and the ratings of the rating engine) — computed in parallel, returned in input order.
//
// Contract: the reports depend only on the entries and the options, never on the number of jobs.
// Malformed or unsolvable puzzles are reported with their status, never dropped. Errors: InputError
// for bad metric options (CorpusRater) or a malformed Killer line; IoError for an unreadable file.
// corpus_run.hpp streams a whole corpus through a CorpusRater.
//
//   const sudoku::CorpusRater rater(sudoku::CorpusRatingOptions{.jobs = 4});
//   const auto entries = sudoku::read_puzzle_file("puzzles.txt");
//   const sudoku::PuzzleReport report = rater.rate("puzzles.txt", entries.front());
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/publish/archive_db.hpp"
#include "sudoku/rate/audit.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {

enum class PuzzleStatus { ok, invalid_format, contradiction, no_solution, multiple_solutions };

std::string_view status_name(PuzzleStatus status);
inline constexpr PuzzleStatus kAllStatuses[] = {PuzzleStatus::ok, PuzzleStatus::invalid_format,
                                                PuzzleStatus::contradiction, PuzzleStatus::no_solution,
                                                PuzzleStatus::multiple_solutions};

struct PuzzleReport {
  std::string file;    // input name ("-" for standard input)
  int line = 0;        // 1-based line where the puzzle starts
  std::string label;   // free text after the puzzle on its line
  std::string puzzle;  // normalised one-line form, or the text as read when malformed
  PuzzleStatus status = PuzzleStatus::ok;
  std::string error;  // what is wrong, when not ok
  // Where a malformed puzzle went wrong (invalid_format: 1-based line and column of the file;
  // `error` then starts "line L, column C: "), 0 otherwise.
  int error_line = 0;
  int error_column = 0;
  int size = 0;
  int givens = 0;
  int solutions = 0;      // 0, 1, or 2 meaning "2 or more"
  std::string solution;   // when unique
  std::string canonical;  // when the givens are consistent
  // Ratings, for ok puzzles when rating is on.
  std::optional<MetricRating> call_count;  // the paper's AC call count (mean over runs); up to 9x9
  std::string level;  // level in the calibration (press levels: of the technique grade, uniqueness off)
  std::optional<MetricRating> hs_calls;  // HS-solver calls
  // Technique grader (technique_grader.hpp): SE-scale grade, absent when the puzzle is beyond the
  // ladder (technique_beyond), and the hardest technique's name; the step lines with explain.
  std::optional<double> technique_grade;
  bool technique_beyond = false;
  std::string hardest_technique;
  // The second difficulty dimension: how many steps of the path score the grade (the hardest rung
  // needed, counted as often as the solver must use it; docs/levels.md "A second dimension").
  // Absent when the puzzle is beyond the ladder.
  std::optional<int> hardest_steps;
  // How much of the path needs more than singles: its steps beyond singles (second_dimension.hpp),
  // on the same path. Absent when the puzzle is beyond the ladder. A calibration with cuts reads
  // them on its own grading's path (level_hard_steps).
  std::optional<int> hard_steps;
  std::optional<int> level_hard_steps;
  // A calibration with a level model (level_model.hpp): the model's score of the same path, which
  // gave `level`.
  std::optional<double> level_score;
  std::vector<std::string> technique_steps;  // "1.2  r4c7=5  hidden single in box 6"
  // With explain, the same steps as data (their evidence, evidence.hpp) and the puzzle they were
  // found on, for the JSON explanations and the step pictures.
  std::vector<TechniqueStep> explained_steps;
  std::shared_ptr<const Grid> explained_grid;
  std::optional<AuditPuzzle> audit;          // with CorpusRatingOptions::audit
  // With an archive (mark_published): where any symmetry of the puzzle was published, e.g.
  // "daily-grid 2026-12-05 hard; weekly 2025-03-01 evil (withdrawn)"; empty when never.
  std::string published;
};

struct CorpusRatingOptions {
  int jobs = 1;
  bool rate = true;                    // false: validity, solutions and canonical form only
  MetricSettings call_count_settings;  // options of the "call-count" metric (runs, propagation, ...)
  MetricSettings hs_settings;          // options of the "hs-calls" metric (strategies, cap, ...)
  MetricSettings technique_settings;   // options of the "technique" metric (max-technique, uniqueness)
  bool explain = false;                // keep each puzzle's technique steps (technique_steps)
  bool audit = false;                  // keep what the editor's audit needs (audit_corpus)
  // The levels of the `level` field: the readers' press levels unless another calibration is given.
  Calibration calibration = press_calibration();
  // The same for Killer puzzles (boards with cages): the Killer press levels, whose bands are of
  // the Killer technique grade (classic bands do not fit it).
  Calibration killer_calibration = press_calibration(9, Variant::killer);
};

// The second difficulty dimension of a graded path (graded with TechniqueOptions::explain, so the
// steps are kept): the steps whose score, in tenths as the grade is, equals the grade.
//   const auto grade = sudoku::grade_techniques(puzzle, {.explain = true});
//   int how_often = sudoku::hardest_step_count(grade);   // e.g. 3 X-wings in a 3.2 puzzle
int hardest_step_count(const TechniqueGrade& grade);

// Rates puzzles with one set of options; builds (and validates) the metrics once.
class CorpusRater {
 public:
  // Throws InputError for bad metric options.
  explicit CorpusRater(CorpusRatingOptions options);

  PuzzleReport rate(const std::string& file, const PuzzleEntry& entry) const;
  const CorpusRatingOptions& options() const { return options_; }
  // Reasons the calibration does not fit the call-count settings (e.g. other runs), if any.
  std::vector<std::string> warnings() const;
  // What the records leave out and why, once per run: the call count above 9x9
  // (kCallCountLargestSize), when some rated puzzle is that large (needs_notes).
  std::vector<std::string> notes(bool large_puzzle_rated) const;
  static bool needs_notes(const PuzzleReport& report);

 private:
  CorpusRatingOptions options_;
  std::unique_ptr<RatingMetric> call_count_;
  // The call count of Killer and gattai puzzles: branching on a fewest-values cell unless the
  // settings say otherwise (the paper's random choice saturates the cap on newspaper Killers and
  // on Samurai, whose five loosely joined grids it splits in turn; docs/rating.md).
  std::unique_ptr<RatingMetric> fewest_call_count_;
  // The calibration's metric with its recorded options, when it is not the call count above (whose
  // command-line settings the calibration is checked against instead).
  std::unique_ptr<RatingMetric> level_metric_;
  std::unique_ptr<RatingMetric> killer_level_metric_;  // likewise for killer_calibration
  // The level metric's grader options when it is "technique": a grade that carries over
  // (grade_carries_over) gives the level without grading again.
  std::optional<TechniqueOptions> level_technique_;
  std::optional<TechniqueOptions> killer_level_technique_;
  double level_beyond_ = 0;  // the technique level metric's rating of "beyond"
  double killer_level_beyond_ = 0;
  std::unique_ptr<RatingMetric> hs_calls_;
  TechniqueOptions technique_options_;
  TechniqueOptions audit_options_ = audit_technique_options();
};

// The editor's audit of a rated corpus (rated with CorpusRatingOptions::audit): one group per level
// of the calibration, in ascending order, holding the ok puzzles of that level; each checked against
// its level (band, givens range for the calibration's grid size, variety) as a chapter would be.
// Killer puzzles go to the groups of the Killer calibration (also checked for their cage range; the
// titles say "Killer" when the corpus mixes both kinds). Puzzles that are not ok (no solution,
// several, contradicting givens, unreadable) are listed as not audited, with file, line and why.
Audit audit_corpus(const std::vector<PuzzleReport>& reports, const CorpusRatingOptions& options);

// audit_corpus one report at a time (corpus-rate --audit streams): keeps each ok puzzle's audit
// summary (grade, hardest technique, givens: tens of bytes) and each unaudited puzzle's line, not
// the reports.
class CorpusAudit {
 public:
  void add(const PuzzleReport& report);
  Audit finish(const CorpusRatingOptions& options) const;

 private:
  struct Entry {
    bool killer;
    int size;
    std::string level;
    AuditPuzzle audit;
  };
  std::vector<Entry> entries_;
  std::vector<std::string> unaudited_;
};

// Fills a report's `published` from the archive (by canonical key: any symmetry matches), for
// editors re-rating submissions: corpus-rate --archive FILE.sqlite.
void mark_published(PuzzleReport& report, const ArchiveDb& archive);

}  // namespace sudoku
