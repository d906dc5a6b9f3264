// SPDX-License-Identifier: Apache-2.0
// Book plans: what generate-book is asked to make (docs/plan.md is the schema).
//
// Contract: read_plan validates everything up front — types, ranges, level names against the
// calibration, size and symmetry — and reports the first problem as an InputError naming the plan
// file and the JSON path ("plan.json: $.chapters[2].level: unknown level \"nightmare\" (known: easy,
// medium, hard, evil)"), so generation never starts on a plan it cannot finish.
//
// The Plan is the model: nothing of the JSON text is kept. plan_to_json writes it back for the copy
// a book carries — the keys the file gave, in schema order (docs/plan.md), with the values read —
// so a plan written in that order (every shipped example) comes back byte for byte:
//   const Plan plan = read_plan("examples/plan.json");
//   book.plan = plan_to_json(plan);  // {"title": "Sudoku Book 1", "author": ..., "chapters": [...]}
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/base/json_io.hpp"
#include "sudoku/generate/killer_cages.hpp"
#include "sudoku/model/front_matter.hpp"
#include "sudoku/model/symmetry.hpp"
#include "sudoku/rate/calibration.hpp"

namespace sudoku {

struct PlanChapter {
  std::string title;
  bool title_given = false;    // false: the title is the level name
  std::string level;           // level name; for a numeric level, the calibration level it falls in
  double target = 0;           // rating to aim at
  bool numeric_level = false;  // the plan gave a number rather than a name
  int count = 0;
  int size = 9;             // grid size: the chapter's "size", else the plan's (a book may mix sizes)
  bool size_given = false;  // the chapter gave "size"
  // The rules: the chapter's "variant", else the plan's. A jigsaw chapter takes its "regions" (a
  // fixed layout, puzzle_io's regions_line form) or, when empty, draws a layout per puzzle.
  Variant variant = Variant::classic;
  std::string regions;
  bool variant_given = false;  // the chapter gave "variant" (and "regions", when not empty)
  // Gattai chapters (Samurai and its cousins, sudoku/model/gattai.hpp): the chapter's "shape", a
  // shipped shape's name or "ROWSxCOLS R,C R,C ..."; none for single grids. "grids-open": every
  // grid on its own must have more than one solution (ClimbSettings::grids_open); by default on
  // for Samurai, off for the other shapes.
  std::optional<GattaiShape> shape;
  bool grids_open = false;
  bool grids_open_given = false;
  // Killer chapters: the sizes of the cages ("cages": {"smallest": 2, "largest": 5}), the chapter's
  // else the plan's else CageShape's defaults; the plan's symmetry holds for the cage layout.
  CageShape cages;
  bool cages_given = false;         // the chapter gave "cages"
  std::optional<std::string> date;  // "YYYY-MM-DD"
  // Band levels (press_calibration): the level's band of ratings; every puzzle lands inside it.
  std::optional<RatingBand> band;
  // How many givens a puzzle may have: the chapter's "givens" or, when the calibration was made for
  // the plan's grid size, its level's range. None: any number.
  std::optional<GivensRange> givens;
  bool givens_given = false;  // the chapter gave "givens"
  // Killer levels: how many cages a puzzle has (the level's "cages" range), else any number.
  std::optional<GivensRange> cage_count;
  bool variety = false;  // the variety rule applies (variety_applies)
  // A learned level's archive spread (calibration.hpp "distribution"; calibrate --bands): slot
  // targets follow it rather than spreading evenly over the band. None for built-in levels.
  std::optional<LevelDistribution> distribution;
  // A learned level's cuts on grade + weight * hard steps (calibration.hpp LevelCut): its own (the
  // boundary with the level above) and the level below's (LevelCut::crossed). A puzzle of the
  // chapter is inside both as well as inside the band; none for built-in levels.
  std::optional<LevelCut> cut;
  std::optional<LevelCut> cut_below;
  double top_below = 0;  // with cut_below: the top of the band of the level below
  // A learned level model (calibration.hpp "model", level_model.hpp): a puzzle of the chapter is
  // also one the model gives its level (model_level, an index into model->levels) with at least
  // kModelConfidence (LevelModel::judge). Classic grids of the calibration's size only; none: the
  // band and cuts alone. With a model, `band` is the level's reach (calibration.hpp model_reach: the
  // band widened to the archive's grades of the level) and there are no cuts: the model decides.
  std::shared_ptr<const LevelModel> model;
  std::size_t model_level = 0;
  // Calendar chapters (expanded from the plan's "calendar"): the slot's name within its day
  // ("easy", or "easy-2" for a second easy slot) and the slot's own seed, derived from (plan seed,
  // publication, date, slot) alone, so a day's puzzles do not depend on which days the run covers.
  std::optional<std::string> slot;
  std::uint64_t slot_seed = 0;
  std::size_t spread = 0;  // slot_target's index offset: the day number, so days spread over the band
  // Calendar chapters: the number the puzzle is printed with ("SUDOKU No. 13"), a function of the
  // calendar's numbering and the slot's date and place in its day alone (calendar_number), so a
  // week's run prints the same numbers as the month's.
  std::optional<int> number;
};

// A plan's calendar: the same slots every week, from one date for a number of days.
//   "calendar": {"from": "2026-12-01", "days": 31, "slots": {"mon": ["easy", "medium"], "sun": ["evil"]}}
//   "calendar": {"from": "2026-12-08", "days": 7, "number-from": "2026-12-01", "first-number": 1, ...}
// The numbering: the first slot of `number_from` (default `from`) is No. `first_number` (default 1),
// and every slot after it, day by day and in page order, one more. A desk keeps these two values in
// its plan for good, and runs any stretch of days with the same numbers.
struct PlanCalendar {
  std::string from;  // "YYYY-MM-DD"
  int days = 0;
  std::vector<std::vector<std::string>> slots;  // per weekday, Monday first: level names in page order
  std::optional<std::string> number_from;       // "number-from" as given, never after `from`
  std::optional<int> first_number;               // "first-number" as given
};

// The number of slot `index` (0-based, page order) on `date` (not before the numbering's start).
int calendar_number(const PlanCalendar& calendar, const std::string& date, std::size_t index);

// "2026-12-05" + 3 days = "2026-12-08"; the weekday of a date (0 = Monday). The text must be a
// valid ISO date (is_iso_date).
std::string add_days(const std::string& iso_date, int days);
int weekday_of(const std::string& iso_date);
// The slot seed of a calendar slot: a function of these four values only.
std::uint64_t calendar_slot_seed(std::uint64_t seed, const std::string& publication, const std::string& date,
                                 const std::string& slot);

// The rating slot `index` of `chapter` aims at: with a band, a point of the band from a
// low-discrepancy sequence (the first slot at the middle, the next ones filling the gaps), so the
// puzzles of a chapter spread over its band and its techniques; later attempts (after a clash or
// for variety) aim elsewhere in the band. Without a band, the chapter's target.
// With a level distribution (a learned house style) the point is instead the archive's rating at the
// slot's share u of the level (value_at, distribution.hpp), clamped into the band: a chapter of n
// slots takes the shares (rank + 1/2) / n, its slots in the order of the sequence above (stratified
// quantile targets, so the chapter as a whole is the archive's quantiles), a later attempt another
// point of the same stratum; calendar slots (one per day) take the sequence's own point of the day.
//   slot_target(chapter, i)   // 5 slots, archive grades 1.2 x6, 1.5 x4: i = 0..4 aim at 1.2, 1.2, 1.5, 1.2, 1.5
double slot_target(const PlanChapter& chapter, std::size_t index, int attempt = 0);

// The givens range slot `index` climbs to: with a level distribution that has givens (and no
// "givens" given by the chapter), the archive's givens count at the slot's share (a second
// sequence, so givens do not follow the grade rank), widened by kSlotGivensReach on each side and
// kept inside the level's range; else the chapter's range. The climb falls back to the chapter's
// range when the window cannot be reached (slot_scheduler), so a narrow window never fails a book.
inline constexpr int kSlotGivensReach = 1;
std::optional<GivensRange> slot_givens(const PlanChapter& chapter, std::size_t index, int attempt = 0);

// The bands slot `target` of `chapter` climbs to in turn before the level's own band (the
// scheduler falls back to it), for a chapter whose level lies above a cut (PlanChapter::cut_below).
// Such a level is reached two ways: at the grades of the level below with more steps beyond singles
// than its cut allows, or at a grade above the level below's band. A climb enters it by whichever
// it meets first, mostly the harder technique, and cannot walk from there to the other part (the
// puzzles between lie below the cut). So the target picks the part it lies in, and the slot climbs
// first to the grades from that part's bottom to kSlotWindowReach above the target (one round of
// restarts, no escalation: the part's rarer grades are a wish), then to the whole part. Empty for
// every other chapter (its band is one part), so their books do not change.
//   hard above medium's cut, band 2.6-4.4, medium's ending at 3.3:
//   slot_bands(hard, 2.8)  // {2.6-3.05, 2.6-3.3}
//   slot_bands(hard, 3.6)  // {3.35-3.85, 3.35-4.4}
inline constexpr double kSlotWindowReach = 0.25;
std::vector<RatingBand> slot_bands(const PlanChapter& chapter, double target);

// Which optional top-level keys the plan file gave (the rest took their defaults).
struct PlanKeysGiven {
  bool author = false;
  bool variant = false;
  bool cages = false;
  bool size = false;
  bool symmetry = false;
  bool metric = false;
  bool runs = false;
  bool tolerance = false;
};

struct Plan {
  std::string source;  // file name, for messages
  std::string title;
  std::string author;
  // "front-matter": the half-title, title, copyright, dedication and introduction pages' words
  // (front_matter.hpp); absent: the book has none of those pages.
  std::optional<FrontMatter> front;
  // The bytes of front->logo's PNG, read and checked when the plan is read (the book folder gets a
  // copy, so that the book stands alone); empty without a logo.
  std::string logo_png;
  std::string language;     // "language": the code typeset prints the book in ("de"); empty: not given
  std::string publication;  // required with a calendar: names the publication in the archive
  std::uint64_t seed = 0;
  int size = 9;
  Symmetry symmetry = Symmetry::rotate180;
  Variant variant = Variant::classic;  // "variant": every chapter's unless it gives its own
  std::string regions;                 // "regions": the jigsaw layout of every jigsaw chapter
  CageShape cages;                     // "cages": the cage sizes of every Killer chapter
  std::string metric = "technique";    // default: the calibration's metric
  int runs = 1;                        // searches per rating (the metric's "runs" setting)
  double tolerance = 0.10;
  Calibration calibration;
  std::optional<std::string> calibration_name;  // as written: "default", "paper" or a path
  std::string calibration_source;               // "default" or the calibration file's path
  std::vector<PlanChapter> chapters;  // the given chapters, then the calendar's (one per day and slot)
  std::optional<PlanCalendar> calendar;
  PlanKeysGiven given;

  std::size_t puzzle_count() const;
  // The settings the metric is made with: the calibration's options (e.g. uniqueness off for the
  // press levels) and {"runs": runs}.
  MetricSettings metric_settings() const;
};

// The board of one puzzle of `chapter`: a gattai chapter's board, the fixed variants' shared boards, the chapter's jigsaw
// layout, or a jigsaw layout drawn from `seed` (random_jigsaw_layout under the plan's symmetry); for
// Killer the standard board the climb adds its cages to.
std::shared_ptr<const Geometry> chapter_board(const PlanChapter& chapter, Symmetry symmetry,
                                              std::uint64_t seed);

// The levels a chapter of `size` and `variant` is graded on: the press levels of that size (and of
// Killer for Killer chapters) when the plan uses the press levels, the plan's calibration otherwise
// (its givens ranges then apply only at its size).
Calibration chapter_calibration(const Plan& plan, int size, Variant variant = Variant::classic);

inline constexpr int kMaxPlanPuzzles = 100000;

Plan parse_plan(const JsonDocument& document, const std::string& plan_directory);
// IoError when unreadable, InputError when malformed or invalid.
Plan read_plan(const std::string& path);

// The plan as JSON: the keys it was given in schema order (title, author, front-matter, language, seed, size, symmetry,
// publication, calibration, metric, runs, tolerance, calendar, chapters; per chapter title, size,
// level, count, date, givens). The calendar is written as given, not as the chapters it expands to.
boost::json::object plan_to_json(const Plan& plan);

}  // namespace sudoku
