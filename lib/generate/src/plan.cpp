// SPDX-License-Identifier: Apache-2.0
#include "sudoku/generate/plan.hpp"

#include <boost/json/array.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/generate/jigsaw_layout.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/cage_combinations.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/call_count_rater.hpp"

namespace sudoku {
namespace {

std::string known_levels(const Calibration& calibration) {
  std::string names;
  for (const auto& level : calibration.levels) names += (names.empty() ? "" : ", ") + level.name;
  return names;
}

// The built-in level scheme for a metric: the paper's Table I for its call count, the readers'
// press levels otherwise (and when the plan names no metric): Killer's own for a 9x9 Killer plan.
// (Killer levels exist for 9x9; other Killer sizes take the classic bands of their size.)
Variant levels_variant(int size, Variant variant) {
  return variant == Variant::killer && size == 9 ? variant : Variant::classic;
}

Calibration default_calibration(const JsonField& metric, int size, Variant variant, std::string& source) {
  if (metric.present() && metric.as_string() == "call-count") {
    source = "paper";
    return paper_calibration();
  }
  source = "press";
  return press_calibration(size, levels_variant(size, variant));
}

Calibration load_calibration(const JsonField& field, const JsonField& metric, int size, Variant variant,
                             const std::string& plan_directory, std::optional<std::string>& written,
                             std::string& source) {
  if (!field.present()) return default_calibration(metric, size, variant, source);
  const std::string name = field.as_string();
  written = name;
  if (name == "default") return default_calibration(metric, size, variant, source);
  if (auto built_in = built_in_calibration(name, size, levels_variant(size, variant))) {
    source = name;
    return std::move(*built_in);
  }
  namespace fs = std::filesystem;
  const fs::path path = fs::path(name).is_absolute() ? fs::path(name) : fs::path(plan_directory) / name;
  source = path.lexically_normal().string();
  try {
    return read_calibration_file(source);
  } catch (const IoError& error) {
    field.fail(std::string("cannot read the calibration: ") + error.what());
  }
}

// A level's givens range is for puzzles of the calibration's kind: the classic ranges (30-38 givens
// for easy) would fill a Killer with givens, and Killer levels (with a range of cages) give none.
bool givens_fit(const CalibrationLevel& level, Variant variant) {
  return (variant == Variant::killer) == level.cages.has_value();
}

// A chapter of `level` (a level name, or a target rating as a number), its band and givens range
// from the calibration.
// (`calibration` holds the levels for grids of `size`.)
PlanChapter level_chapter(const Calibration& calibration, int size, Variant variant, const JsonField& level) {
  PlanChapter chapter;
  chapter.size = size;
  if (level.is_number()) {
    chapter.target = level.as_number();
    if (!(chapter.target > 0)) level.fail("expected a positive target rating or a level name");
    chapter.numeric_level = true;
    chapter.level = level_for(calibration, chapter.target).name;
    return chapter;
  }
  chapter.level = level.as_string();
  const CalibrationLevel* found = find_level(calibration, chapter.level);
  if (found == nullptr)
    level.fail("unknown level \"" + chapter.level + "\" (known: " + known_levels(calibration) +
               "; or give a target rating as a number)");
  chapter.target = found->target;
  chapter.band = found->band;
  chapter.cut = found->cut;
  if (const CalibrationLevel* below =
          cut_below(calibration, static_cast<std::size_t>(found - calibration.levels.data()))) {
    chapter.cut_below = *below->cut;
    chapter.top_below = below->band->high;
  }
  // The archive's spread, for grids like the archive's (the grade part holds for any classic board
  // the levels are for; the givens part only for the archive's size, as the givens range).
  if (found->band && found->distribution && variant != Variant::killer &&
      (!calibration.size || *calibration.size == size)) {
    chapter.distribution = found->distribution;
    if (!givens_fit(*found, variant)) chapter.distribution->givens = {};
  }
  if (calibration.model && found->band && variant == Variant::classic &&
      (!calibration.size || *calibration.size == size)) {
    const auto& names = calibration.model->levels;
    if (const auto at = std::find(names.begin(), names.end(), found->name); at != names.end()) {
      chapter.model = std::make_shared<const LevelModel>(*calibration.model);
      chapter.model_level = static_cast<std::size_t>(at - names.begin());
      // The model decides the level: the chapter climbs to the level's reach, not its band and
      // cuts (calibration.hpp model_reach).
      chapter.band = model_reach(calibration, static_cast<std::size_t>(found - calibration.levels.data()));
      chapter.cut.reset();
      chapter.cut_below.reset();
      chapter.top_below = 0;
    }
  }
  if ((!calibration.size || *calibration.size == size) && givens_fit(*found, variant)) {
    chapter.givens = found->givens;
    if (variant == Variant::killer) chapter.cage_count = found->cages;
  }
  return chapter;
}

constexpr const char* kWeekdays[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
constexpr int kMaxCalendarDays = 3660;

std::chrono::sys_days to_days(const std::string& iso_date) {
  const int year = std::stoi(iso_date.substr(0, 4));
  const unsigned month = static_cast<unsigned>(std::stoi(iso_date.substr(5, 2)));
  const unsigned day = static_cast<unsigned>(std::stoi(iso_date.substr(8, 2)));
  return std::chrono::sys_days(std::chrono::year(year) / std::chrono::month(month) / std::chrono::day(day));
}

PlanCalendar parse_calendar(const JsonField& field) {
  field.allow_only({"from", "days", "slots", "number-from", "first-number"});
  PlanCalendar calendar;
  const JsonField from = field.required("from");
  calendar.from = from.as_string();
  if (!is_iso_date(calendar.from))
    from.fail("expected a date written YYYY-MM-DD, got \"" + calendar.from + "\"");
  calendar.days = static_cast<int>(field.required("days").as_integer(1, kMaxCalendarDays));
  const JsonField slots = field.required("slots");
  slots.allow_only({"mon", "tue", "wed", "thu", "fri", "sat", "sun"});
  calendar.slots.resize(7);
  bool any = false;
  for (std::size_t d = 0; d < 7; ++d) {
    const JsonField day = slots[kWeekdays[d]];
    if (!day.present()) continue;
    for (std::size_t i = 0; i < day.array_size(); ++i)
      calendar.slots[d].push_back(day.element(i).as_string());
    any = any || !calendar.slots[d].empty();
  }
  if (!any) slots.fail("expected at least one slot (e.g. \"mon\": [\"easy\", \"medium\"])");
  if (const JsonField number_from = field["number-from"]; number_from.present()) {
    calendar.number_from = number_from.as_string();
    if (!is_iso_date(*calendar.number_from))
      number_from.fail("expected a date written YYYY-MM-DD, got \"" + *calendar.number_from + "\"");
    if (to_days(*calendar.number_from) > to_days(calendar.from))
      number_from.fail("the numbering starts on " + *calendar.number_from + ", after the calendar's first day " +
                       calendar.from + " (give the day the first number was printed, on or before \"from\")");
    // Numbers stay well inside an int for every day a numbering can cover.
    if (to_days(calendar.from) - to_days(*calendar.number_from) > std::chrono::days(100 * 366))
      number_from.fail("the numbering starts more than 100 years before the calendar's first day");
  }
  if (const JsonField first = field["first-number"]; first.present())
    calendar.first_number = static_cast<int>(first.as_integer(1, 100000000));
  return calendar;
}

// One chapter of one puzzle per day and slot, in date order and, within a day, in slot order.
void expand_calendar(Plan& plan, const JsonField& field) {
  const PlanCalendar& calendar = *plan.calendar;
  const JsonField slots = field["slots"];
  // Every slot's level is checked, also on weekdays the dates do not reach.
  for (std::size_t d = 0; d < 7; ++d)
    for (std::size_t i = 0; i < calendar.slots[d].size(); ++i)
      level_chapter(plan.calibration, plan.size, plan.variant, slots[kWeekdays[d]].element(i));
  for (int offset = 0; offset < calendar.days; ++offset) {
    const std::string date = add_days(calendar.from, offset);
    const auto weekday = static_cast<std::size_t>(weekday_of(date));
    std::map<std::string, int> seen;  // level -> slots of it so far today
    const int first_today = calendar_number(calendar, date, 0);
    for (std::size_t i = 0; i < calendar.slots[weekday].size(); ++i) {
      PlanChapter chapter =
          level_chapter(plan.calibration, plan.size, plan.variant, slots[kWeekdays[weekday]].element(i));
      chapter.variant = plan.variant;
      chapter.regions = plan.regions;
      chapter.cages = plan.cages;
      const int repeat = ++seen[chapter.level];
      const std::string slot = repeat == 1 ? chapter.level : chapter.level + "-" + std::to_string(repeat);
      chapter.title = date + " " + slot;
      chapter.count = 1;
      chapter.date = date;
      chapter.slot = slot;
      chapter.slot_seed = calendar_slot_seed(plan.seed, plan.publication, date, slot);
      chapter.spread = static_cast<std::size_t>(to_days(date).time_since_epoch().count());
      chapter.number = first_today + static_cast<int>(i);
      plan.chapters.push_back(std::move(chapter));
    }
  }
}

// A grid size ("size" of the plan or of a chapter), `absent` when not given.
int read_size(const JsonField& field, int absent) {
  if (!field.present()) return absent;
  const int size = static_cast<int>(field.as_integer(4, 25));
  if (Geometry::default_box(size).first == 0)
    field.fail("unsupported grid size " + std::to_string(size) + " (expected 4, 6, 9, 12, 16 or 25)");
  return size;
}

// The paper's call count is a 9x9 metric (kCallCountLargestSize): a rating would be the call cap.
void refuse_call_count_above_9x9(const std::string& metric, int size, const JsonField& where) {
  if (metric == "call-count" && size > kCallCountLargestSize)
    where.fail("the call count is the paper's 9x9 metric (on a " + std::to_string(size) + "x" +
               std::to_string(size) + " grid its searches hit the call cap); rate with \"technique\"");
}

// Reads "cages" ({"smallest": 2, "largest": 5}) of a Killer plan or chapter into `cages`.
void read_cage_shape(const JsonField& field, int size, CageShape& cages) {
  field.allow_only({"smallest", "largest"});
  if (const JsonField smallest = field["smallest"]; smallest.present())
    cages.smallest = static_cast<int>(smallest.as_integer(1, size));
  if (const JsonField largest = field["largest"]; largest.present())
    cages.largest = static_cast<int>(largest.as_integer(1, size));
  if (cages.largest < cages.smallest)
    field.fail("expected smallest <= largest, got " + std::to_string(cages.smallest) + " > " +
               std::to_string(cages.largest));
}

// Reads "variant", "regions" and "cages" of the plan or a chapter into `variant`, `regions` and
// `cages` (left as they are when absent; a new variant drops inherited regions); `size` is the grid
// size they go with. Sets `cages_given`; true when "variant" or "regions" was given.
bool read_rules(const JsonField& field, int size, Variant& variant, std::string& regions, CageShape& cages,
                bool& cages_given) {
  const JsonField variant_field = field["variant"];
  const JsonField regions_field = field["regions"];
  const JsonField cages_field = field["cages"];
  if (variant_field.present()) {
    variant = read_variant_field(variant_field, true);
    regions.clear();
  }
  if (regions_field.present()) {
    if (variant != Variant::jigsaw) regions_field.fail("only a jigsaw plan or chapter takes regions");
    regions = regions_line(*read_regions_field(regions_field, size));
  }
  cages_given = cages_field.present();
  if (cages_given) {
    if (variant != Variant::killer) cages_field.fail("only a Killer plan or chapter takes cages");
    read_cage_shape(cages_field, size, cages);
  }
  if (variant == Variant::killer && size > kMaxCageTableSize)
    (variant_field.present() ? variant_field : field)
        .fail("Killer boards go up to 16x16, not " + std::to_string(size) + "x" + std::to_string(size));
  if (variant != Variant::jigsaw && variant != Variant::killer) {
    try {
      Geometry::variant(variant, size);
    } catch (const std::invalid_argument& error) {
      (variant_field.present() ? variant_field : field).fail(error.what());
    }
  }
  return variant_field.present() || regions_field.present();
}

// Reads a chapter's "shape" and "grids-open" (plan.md, "Gattai chapters"). A gattai board is made
// of 9x9 grids with the classic rules, so the chapter must be 9x9 classic; the plan's symmetry must
// be one of the shape's; the levels' givens ranges are for a single grid, so none applies (a
// "givens" of the chapter's own still does).
void read_gattai_chapter(const JsonField& field, const Plan& plan, PlanChapter& chapter) {
  const JsonField shape = field["shape"];
  const JsonField open = field["grids-open"];
  if (!shape.present()) {
    if (open.present()) open.fail("only a gattai chapter (one with a \"shape\") takes grids-open");
    return;
  }
  try {
    chapter.shape = parse_gattai_shape(shape.as_string());
  } catch (const std::invalid_argument& error) {
    shape.fail(error.what());
  }
  if (chapter.size != 9) shape.fail("a gattai board is made of 9x9 grids, not " + std::to_string(chapter.size) + "x" +
                                    std::to_string(chapter.size));
  if (chapter.variant != Variant::classic)
    shape.fail("a gattai board's grids have the classic rules, not " + std::string(variant_name(chapter.variant)));
  if (!symmetry_fits(*Geometry::gattai(*chapter.shape), plan.symmetry))
    shape.fail("the " + chapter.shape->name + " board has no " + std::string(to_string(plan.symmetry)) +
               " symmetry (set the plan's \"symmetry\" to one it has: docs/formats.md, \"Gattai\")");
  chapter.grids_open_given = open.present();
  chapter.grids_open = open.present() ? open.as_bool() : chapter.shape->name == "samurai";
  chapter.givens.reset();
  if (chapter.distribution) chapter.distribution->givens = {};
}

boost::json::object cage_shape_to_json(const CageShape& cages) {
  return {{"smallest", cages.smallest}, {"largest", cages.largest}};
}

}  // namespace

std::string add_days(const std::string& iso_date, int days) {
  const std::chrono::year_month_day date(to_days(iso_date) + std::chrono::days(days));
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
  return text;
}

int calendar_number(const PlanCalendar& calendar, const std::string& date, std::size_t index) {
  const std::string& start = calendar.number_from.value_or(calendar.from);
  // Whole weeks hold every weekday's slots once; the days left over start on the start's weekday.
  const auto days = static_cast<long long>((to_days(date) - to_days(start)).count());
  long long weekly = 0;
  for (const auto& day : calendar.slots) weekly += static_cast<long long>(day.size());
  long long before = days / 7 * weekly;
  const int first_weekday = weekday_of(start);
  for (long long d = 0; d < days % 7; ++d)
    before += static_cast<long long>(calendar.slots[static_cast<std::size_t>((first_weekday + d) % 7)].size());
  return static_cast<int>(calendar.first_number.value_or(1) + before + static_cast<long long>(index));
}

int weekday_of(const std::string& iso_date) {
  // iso_encoding: Monday 1 ... Sunday 7.
  return static_cast<int>(std::chrono::weekday(to_days(iso_date)).iso_encoding()) - 1;
}

std::uint64_t calendar_slot_seed(std::uint64_t seed, const std::string& publication, const std::string& date,
                                 const std::string& slot) {
  return derive_seed(seed, stable_hash(publication + '\n' + date + '\n' + slot));
}

std::size_t Plan::puzzle_count() const {
  std::size_t total = 0;
  for (const auto& chapter : chapters) total += static_cast<std::size_t>(chapter.count);
  return total;
}

MetricSettings Plan::metric_settings() const {
  MetricSettings settings = calibration.options;
  settings["runs"] = std::to_string(runs);
  return settings;
}

Calibration chapter_calibration(const Plan& plan, int size, Variant variant) {
  if (plan.calibration_source == "press" && (plan.calibration.size != size || variant != plan.variant))
    return press_calibration(size, levels_variant(size, variant));
  return plan.calibration;
}

namespace {

constexpr double kInverseGoldenRatio = 0.6180339887498949;
constexpr double kAttemptStep = 0.3819660112501051;  // 1 - 1/phi: attempts do not cycle
// A second low-discrepancy sequence (the inverse plastic number) for the givens, so that a slot's
// givens target does not simply follow its grade target in rank.
constexpr double kInversePlasticNumber = 0.7548776662466927;

double fraction_of(double value) {
  return value - std::floor(value);
}

// The share u in (0, 1) slot `index` of `chapter` takes of a level's distribution (slot_quantile in
// plan.hpp), with `step` the sequence's stride.
double slot_share(const PlanChapter& chapter, std::size_t index, int attempt, double step) {
  const auto point = [&](std::size_t k) { return fraction_of(0.5 + static_cast<double>(k) * step); };
  const double shift = fraction_of(0.5 + static_cast<double>(attempt) * kAttemptStep);
  if (chapter.slot || chapter.count <= 1)
    return fraction_of(point(chapter.spread + index) + static_cast<double>(attempt) * kAttemptStep);
  // Stratified: the chapter's n slots take the n strata ((rank + shift) / n, shift 0.5 on the first
  // attempt) in the order of the sequence, so the chapter as a whole is the level's quantiles.
  const std::size_t n = static_cast<std::size_t>(chapter.count);
  const double mine = point(index);
  std::size_t rank = 0;
  for (std::size_t k = 0; k < n; ++k)
    if (k != index && (point(k) < mine || (point(k) == mine && k < index))) ++rank;
  return (static_cast<double>(rank) + shift) / static_cast<double>(n);
}

}  // namespace

double slot_target(const PlanChapter& chapter, std::size_t index, int attempt) {
  if (!chapter.band) return chapter.target;
  if (chapter.distribution && !chapter.distribution->grade.empty()) {
    // The archive's rating at the slot's share, kept inside the band (an archive puzzle of the
    // level may lie outside the band learned for it).
    const double wanted = value_at(chapter.distribution->grade, slot_share(chapter, index, attempt, kInverseGoldenRatio));
    return std::clamp(wanted, chapter.band->low, chapter.band->high);
  }
  // 0.5, 0.118, 0.736, 0.354, 0.972, ...: index / golden ratio, shifted to start in the middle; an
  // attempt moves a third of the band on (plus a little, so attempts do not cycle).
  const double unit = std::fmod(0.5 + static_cast<double>(chapter.spread + index) * kInverseGoldenRatio +
                                    static_cast<double>(attempt) * kAttemptStep,
                                1.0);
  return chapter.band->low + unit * (chapter.band->high - chapter.band->low);
}

std::vector<RatingBand> slot_bands(const PlanChapter& chapter, double target) {
  if (!chapter.cut_below || !chapter.band) return {};
  const RatingBand& band = *chapter.band;
  // Grades come in tenths: the part above the level below's band starts half a tenth above it.
  constexpr double kHalfTenth = 0.05;
  if (!(band.low <= chapter.top_below && chapter.top_below + kHalfTenth < band.high)) return {};
  const RatingBand part = target <= chapter.top_below + 1e-9 ? RatingBand{band.low, chapter.top_below}
                                                              : RatingBand{chapter.top_below + kHalfTenth, band.high};
  const RatingBand window{part.low, std::min(part.high, target + kSlotWindowReach)};
  if (window == part || window.high < window.low) return {part};
  return {window, part};
}

std::optional<GivensRange> slot_givens(const PlanChapter& chapter, std::size_t index, int attempt) {
  if (chapter.givens_given || !chapter.distribution || chapter.distribution->givens.empty() || !chapter.givens)
    return chapter.givens;
  const int wanted = static_cast<int>(
      value_at(chapter.distribution->givens, slot_share(chapter, index, attempt, kInversePlasticNumber)));
  const GivensRange window{std::max(chapter.givens->fewest, wanted - kSlotGivensReach),
                           std::min(chapter.givens->most, wanted + kSlotGivensReach)};
  if (window.fewest > window.most) return chapter.givens;
  return window;
}

std::shared_ptr<const Geometry> chapter_board(const PlanChapter& chapter, Symmetry symmetry,
                                              std::uint64_t seed) {
  if (chapter.shape) return Geometry::gattai(*chapter.shape);
  if (chapter.variant == Variant::killer) return Geometry::standard(chapter.size);
  if (chapter.variant != Variant::jigsaw) return Geometry::variant(chapter.variant, chapter.size);
  if (!chapter.regions.empty()) return parse_regions(chapter.regions);
  Rng rng(derive_seed(seed, 0x1a9500));
  return random_jigsaw_layout(chapter.size, symmetry, rng);
}

// Titles, the author and the publication are printed on a page and stored with every archived
// puzzle: 1,000 bytes is ten lines of a title page, and a 20 MB title would make a 240 MB archive.
constexpr std::size_t kMaxTitleBytes = 1000;

// The publisher's logo named at `field`: a PNG file (by its signature and header) of a sensible
// size, read whole; anything else fails at the field's JSON path.
static std::string read_logo_png(const JsonField& field, const std::string& name, const std::string& plan_directory) {
  namespace fs = std::filesystem;
  constexpr std::uintmax_t kMaxLogoBytes = 16 << 20;
  const fs::path path = fs::path(name).is_absolute() ? fs::path(name) : fs::path(plan_directory) / name;
  std::error_code error;
  const std::uintmax_t bytes = fs::is_regular_file(path, error) ? fs::file_size(path, error) : 0;
  if (error || bytes == 0) field.fail("the logo " + path.string() + " is not a readable file (expected a PNG)");
  if (bytes > kMaxLogoBytes) field.fail("the logo " + path.string() + " is over 16 MB (expected a PNG of a logo)");
  // Through the capped reader: a file that grows after the size check stops at the cap.
  std::string png;
  try {
    png = read_file(path.string(), kMaxLogoBytes, "a PNG logo");
  } catch (const std::runtime_error&) {  // IoError, InputError (FIFO, over the cap)
    field.fail("the logo " + path.string() + " cannot be read (expected a PNG)");
  }
  // The signature, then the IHDR chunk with the width and height (big-endian).
  static constexpr unsigned char kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(png[i]); };
  bool is_png = png.size() >= 33 && png.compare(12, 4, "IHDR") == 0;
  for (std::size_t i = 0; is_png && i < sizeof kSignature; ++i) is_png = byte(i) == kSignature[i];
  if (!is_png) field.fail("the logo " + path.string() + " is not a PNG (export it as PNG)");
  const auto be32 = [&](std::size_t at) {
    return (std::uint32_t{byte(at)} << 24) | (std::uint32_t{byte(at + 1)} << 16) | (std::uint32_t{byte(at + 2)} << 8) |
           std::uint32_t{byte(at + 3)};
  };
  const std::uint32_t width = be32(16);
  const std::uint32_t height = be32(20);
  if (width == 0 || height == 0 || width > 20000 || height > 20000)
    field.fail("the logo " + path.string() + " is " + std::to_string(width) + " x " + std::to_string(height) +
               " px (expected 1 to 20000 px a side)");
  return png;
}

Plan parse_plan(const JsonDocument& document, const std::string& plan_directory) {
  const JsonField root(document);
  if (!document.root.is_object()) root.fail("expected an object with title, seed and chapters");
  root.allow_only({"title", "author", "front-matter", "language", "publication", "seed", "size", "symmetry", "variant",
                   "regions", "cages", "calibration", "metric", "runs", "tolerance", "calendar", "chapters"});
  Plan plan;
  plan.source = document.source;
  plan.title = root.required("title").as_text(kMaxTitleBytes);
  plan.given.author = root["author"].present();
  plan.author = plan.given.author ? root["author"].as_text(kMaxTitleBytes) : std::string();
  if (const auto front = root["front-matter"]; front.present()) {
    plan.front = read_front_matter(front);
    if (!plan.front->logo.empty()) plan.logo_png = read_logo_png(front["logo"], plan.front->logo, plan_directory);
  }
  // The language typeset prints the book in (its catalogue is checked there, where the catalogues
  // are): a code's shape only here.
  if (const auto language = root["language"]; language.present()) {
    plan.language = language.as_string();
    const std::string& code = plan.language;
    const std::size_t dash = code.find('-');
    const std::size_t letters = std::min(dash, code.size());
    bool valid = letters >= 2 && letters <= 3 &&
                 std::all_of(code.begin(), code.begin() + static_cast<std::ptrdiff_t>(letters),
                             [](char c) { return c >= 'a' && c <= 'z'; });
    if (dash != std::string::npos)
      valid = valid && code.size() == dash + 3 &&
              std::all_of(code.begin() + static_cast<std::ptrdiff_t>(dash) + 1, code.end(),
                          [](char c) { return c >= 'A' && c <= 'Z'; });
    if (!valid)
      language.fail("expected a language code such as \"de\" or \"pt-BR\" (two or three lower-case letters), got \"" +
                    code + "\"");
  }
  plan.publication = root["publication"].present() ? root["publication"].as_text(kMaxTitleBytes) : std::string();
  plan.seed = static_cast<std::uint64_t>(root.required("seed").as_integer(0, INT64_MAX));
  plan.given.size = root["size"].present();
  plan.size = read_size(root["size"], 9);
  if (const auto symmetry = root["symmetry"]; symmetry.present()) {
    plan.given.symmetry = true;
    try {
      plan.symmetry = parse_symmetry(symmetry.as_string());
    } catch (const std::invalid_argument& error) {
      symmetry.fail(error.what());
    }
  }
  plan.given.variant = read_rules(root, plan.size, plan.variant, plan.regions, plan.cages, plan.given.cages);
  plan.calibration = load_calibration(root["calibration"], root["metric"], plan.size, plan.variant,
                                      plan_directory, plan.calibration_name, plan.calibration_source);
  // A house style learned by calibrate --bands carries the symmetry its archive prints.
  if (!plan.given.symmetry && plan.calibration.symmetry) plan.symmetry = *plan.calibration.symmetry;
  // The metric and its runs default to the calibration's: its levels are on that scale.
  plan.given.metric = root["metric"].present();
  plan.metric = root["metric"].value_or(plan.calibration.metric);
  plan.given.runs = root["runs"].present();
  plan.runs = static_cast<int>(plan.given.runs ? root["runs"].as_integer(1, 1000) : plan.calibration.runs);
  plan.given.tolerance = root["tolerance"].present();
  plan.tolerance = root["tolerance"].value_or(0.10);
  if (!(plan.tolerance > 0 && plan.tolerance < 1))
    root["tolerance"].fail("expected a number between 0 and 1 (exclusive)");
  try {
    make_rating_metric(plan.metric, plan.metric == plan.calibration.metric
                                        ? plan.metric_settings()
                                        : MetricSettings{{"runs", std::to_string(plan.runs)}});
  } catch (const InputError& error) {
    root["metric"].fail(error.message());
  }
  refuse_call_count_above_9x9(plan.metric, plan.size,
                              root["metric"].present() ? root["metric"] : root["calibration"]);
  // Targets and level names are on the calibration's scale; another metric's ratings never meet them.
  if (plan.calibration.metric != plan.metric)
    (root["metric"].present() ? root["metric"] : root["calibration"])
        .fail("the plan rates with \"" + plan.metric + "\" but its calibration (" + plan.calibration_source +
              ") is for \"" + plan.calibration.metric + "\"; make one with calibrate --metric " +
              plan.metric);

  const JsonField calendar = root["calendar"];
  const JsonField chapters = calendar.present() ? root["chapters"] : root.required("chapters");
  const std::size_t chapter_count = chapters.present() ? chapters.array_size() : 0;
  if (chapters.present() && chapter_count == 0) chapters.fail("expected at least one chapter");
  std::size_t total = 0;
  for (std::size_t c = 0; c < chapter_count; ++c) {
    const JsonField field = chapters.element(c);
    field.allow_only(
        {"title", "size", "variant", "regions", "cages", "shape", "grids-open", "level", "count", "date", "givens"});
    const bool size_given = field["size"].present();
    const int size = read_size(field["size"], plan.size);
    refuse_call_count_above_9x9(plan.metric, size, field["size"]);
    Variant variant = plan.variant;
    std::string regions = size == plan.size ? plan.regions : std::string();
    CageShape cages = plan.cages;
    bool cages_given = false;
    const bool variant_given = read_rules(field, size, variant, regions, cages, cages_given);
    PlanChapter chapter =
        level_chapter(chapter_calibration(plan, size, variant), size, variant, field.required("level"));
    chapter.size_given = size_given;
    chapter.variant = variant;
    chapter.regions = std::move(regions);
    chapter.variant_given = variant_given;
    chapter.cages = cages;
    chapter.cages_given = cages_given;
    read_gattai_chapter(field, plan, chapter);
    if (const JsonField givens = field["givens"]; givens.present()) {
      const int cells = chapter.shape ? Geometry::gattai(*chapter.shape)->cell_count() : chapter.size * chapter.size;
      if (givens.array_size() != 2) givens.fail("expected [fewest, most]: how many cells a puzzle gives");
      const int fewest = static_cast<int>(givens.element(0).as_integer(0, cells));
      const int most = static_cast<int>(givens.element(1).as_integer(fewest, cells));
      chapter.givens = GivensRange{fewest, most};
      chapter.givens_given = true;
    }
    chapter.title_given = field["title"].present();
    chapter.title = chapter.title_given ? field["title"].as_text(kMaxTitleBytes) : chapter.level;
    chapter.count = static_cast<int>(field.required("count").as_integer(1, kMaxPlanPuzzles));
    if (const auto date = field["date"]; date.present()) {
      chapter.date = date.as_string();
      if (!is_iso_date(*chapter.date))
        date.fail("expected a date written YYYY-MM-DD, got \"" + *chapter.date + "\"");
    }
    chapter.variety =
        !chapter.numeric_level && variety_applies(chapter_calibration(plan, chapter.size, chapter.variant),
                                                  chapter.level, static_cast<std::size_t>(chapter.count));
    total += static_cast<std::size_t>(chapter.count);
    if (total > kMaxPlanPuzzles)
      field["count"].fail("the plan asks for more than " + std::to_string(kMaxPlanPuzzles) + " puzzles");
    plan.chapters.push_back(std::move(chapter));
  }
  if (calendar.present()) {
    // The archive knows a puzzle by publication, date and slot; the slot seeds depend on it too.
    if (plan.publication.empty())
      root.required("publication").fail("a plan with a calendar needs a non-empty publication name");
    plan.calendar = parse_calendar(calendar);
    expand_calendar(plan, calendar);
    if (plan.puzzle_count() > kMaxPlanPuzzles)
      calendar["days"].fail("the plan asks for more than " + std::to_string(kMaxPlanPuzzles) + " puzzles");
  }
  return plan;
}

Plan read_plan(const std::string& path) {
  const auto document = read_json_file(path);
  return parse_plan(document, std::filesystem::path(path).parent_path().string());
}

boost::json::object plan_to_json(const Plan& plan) {
  boost::json::object root;
  root["title"] = plan.title;
  if (plan.given.author) root["author"] = plan.author;
  if (plan.front) root["front-matter"] = front_matter_to_json(*plan.front);
  if (!plan.language.empty()) root["language"] = plan.language;
  if (!plan.publication.empty()) root["publication"] = plan.publication;
  root["seed"] = plan.seed;
  if (plan.given.size) root["size"] = plan.size;
  if (plan.given.symmetry) root["symmetry"] = to_string(plan.symmetry);
  if (plan.given.variant) {
    root["variant"] = variant_name(plan.variant);
    if (!plan.regions.empty()) root["regions"] = plan.regions;
  }
  if (plan.given.cages) root["cages"] = cage_shape_to_json(plan.cages);
  if (plan.calibration_name) root["calibration"] = *plan.calibration_name;
  if (plan.given.metric) root["metric"] = plan.metric;
  if (plan.given.runs) root["runs"] = plan.runs;
  if (plan.given.tolerance) root["tolerance"] = plan.tolerance;
  if (plan.calendar) {
    boost::json::object slots;
    for (std::size_t d = 0; d < 7; ++d)
      if (!plan.calendar->slots[d].empty())
        slots[kWeekdays[d]] =
            boost::json::array(plan.calendar->slots[d].begin(), plan.calendar->slots[d].end());
    boost::json::object calendar{
        {"from", plan.calendar->from}, {"days", plan.calendar->days}, {"slots", std::move(slots)}};
    if (plan.calendar->number_from) calendar["number-from"] = *plan.calendar->number_from;
    if (plan.calendar->first_number) calendar["first-number"] = *plan.calendar->first_number;
    root["calendar"] = std::move(calendar);
  }
  boost::json::array chapters;
  for (const auto& chapter : plan.chapters) {
    if (chapter.slot) continue;  // the calendar's
    boost::json::object object;
    if (chapter.title_given) object["title"] = chapter.title;
    if (chapter.size_given) object["size"] = chapter.size;
    if (chapter.variant_given) {
      object["variant"] = variant_name(chapter.variant);
      if (!chapter.regions.empty()) object["regions"] = chapter.regions;
    }
    if (chapter.cages_given) object["cages"] = cage_shape_to_json(chapter.cages);
    if (chapter.shape) {
      object["shape"] = gattai_shape_named(chapter.shape->name) ? chapter.shape->name : gattai_shape_text(*chapter.shape);
      if (chapter.grids_open_given) object["grids-open"] = chapter.grids_open;
    }
    // A numeric level is a rating: whole ratings were written as integers ("level": 300).
    if (!chapter.numeric_level)
      object["level"] = chapter.level;
    else if (chapter.target == std::floor(chapter.target) && chapter.target < 9.0e15)
      object["level"] = static_cast<std::int64_t>(chapter.target);
    else
      object["level"] = chapter.target;
    object["count"] = chapter.count;
    if (chapter.date) object["date"] = *chapter.date;
    if (chapter.givens_given) object["givens"] = to_json(*chapter.givens);
    chapters.push_back(std::move(object));
  }
  if (!chapters.empty() || !plan.calendar) root["chapters"] = std::move(chapters);
  return root;
}

}  // namespace sudoku
