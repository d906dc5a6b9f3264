#include "sudoku/book_generation.hpp"

#include <boost/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>

#include "sudoku/atomic_file.hpp"
#include "sudoku/canonical.hpp"
#include "sudoku/errors.hpp"
#include "sudoku/parallel.hpp"
#include "sudoku/puzzle_io.hpp"
#include "sudoku/random.hpp"
#include "sudoku/solution_counter.hpp"

namespace sudoku {
namespace {

// Retries per slot when its puzzles keep clashing with earlier ones (only tiny grids get near this).
constexpr int kMaxAttempts = 50;

struct Slot {
  std::size_t chapter;
  std::size_t index;  // within the chapter
};

struct SlotResult {
  bool reached = false;
  std::string puzzle;  // one-line form
  std::string solution;
  double rating = 0;
  std::int64_t moves = 0;
  double seconds = 0;
};

using SlotKey = std::pair<std::size_t, int>;  // slot number in plan order, attempt

std::uint64_t slot_seed(const Plan& plan, const Slot& slot, int attempt) {
  const std::uint64_t base = derive_seed(plan.seed, slot.chapter, slot.index);
  return attempt == 0 ? base : derive_seed(base, static_cast<std::uint64_t>(attempt));
}

// Identifies what produced a checkpoint's results: the plan, its calibration and the climber's budget.
std::string run_fingerprint(const Plan& plan, const ClimbSettings& climb) {
  const std::string text = boost::json::serialize(plan.json) + "|" +
                           boost::json::serialize(calibration_to_json(plan.calibration)) + "|" +
                           std::to_string(climb.max_moves) + "," + std::to_string(climb.patience) + "," +
                           std::to_string(climb.max_restarts);
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(stable_hash(text)));
  return buffer;
}

class Checkpoint {
 public:
  Checkpoint(std::string path, std::string fingerprint)
      : path_(std::move(path)), fingerprint_(std::move(fingerprint)) {}

  void load() {
    const auto document = read_json_file(path_);
    const JsonField root(document);
    root.allow_only({"fingerprint", "slots"});
    if (root.required("fingerprint").as_string() != fingerprint_)
      throw InputError(
          path_, 0, 0,
          "the checkpoint belongs to another plan or climber budget (remove it, or run without --resume)");
    const JsonField slots = root.required("slots");
    for (std::size_t i = 0; i < slots.array_size(); ++i) {
      const JsonField slot = slots.element(i);
      SlotResult result;
      result.reached = slot.required("reached").as_bool();
      result.puzzle = slot.required("puzzle").as_string();
      result.solution = slot.required("solution").as_string();
      result.rating = slot.required("rating").as_number();
      result.moves = slot.required("moves").as_integer(0, INT64_MAX);
      result.seconds = slot["seconds"].value_or(0.0);
      const SlotKey key{static_cast<std::size_t>(slot.required("slot").as_integer(0, kMaxPlanPuzzles)),
                        static_cast<int>(slot.required("attempt").as_integer(0, kMaxAttempts))};
      results_[key] = std::move(result);
    }
  }

  std::optional<SlotResult> find(const SlotKey& key) {
    const std::scoped_lock lock(mutex_);
    const auto found = results_.find(key);
    if (found == results_.end()) return std::nullopt;
    return found->second;
  }

  void add(const SlotKey& key, SlotResult result) {
    const std::scoped_lock lock(mutex_);
    results_[key] = std::move(result);
    dirty_ = true;
  }

  void save() {
    std::string text;
    {
      const std::scoped_lock lock(mutex_);
      if (!dirty_) return;
      boost::json::array slots;
      for (const auto& [key, result] : results_) {
        slots.push_back({{"slot", key.first},
                         {"attempt", key.second},
                         {"reached", result.reached},
                         {"puzzle", result.puzzle},
                         {"solution", result.solution},
                         {"rating", result.rating},
                         {"moves", result.moves},
                         {"seconds", result.seconds}});
      }
      text = pretty_json(boost::json::object{{"fingerprint", fingerprint_}, {"slots", std::move(slots)}});
      dirty_ = false;
    }
    write_file_atomically(path_, text);
  }

  std::size_t size() {
    const std::scoped_lock lock(mutex_);
    return results_.size();
  }

 private:
  std::string path_;
  std::string fingerprint_;
  std::mutex mutex_;
  std::map<SlotKey, SlotResult> results_;
  bool dirty_ = false;
};

class BookGenerator {
 public:
  BookGenerator(const Plan& plan, const BookGenerationOptions& options)
      : plan_(plan),
        options_(options),
        geometry_(Geometry::standard(plan.size)),
        metric_(make_rating_metric(plan.metric, plan.metric_settings)),
        checkpoint_(checkpoint_path(options.output_directory), run_fingerprint(plan, options.climb)) {
    for (std::size_t c = 0; c < plan.chapters.size(); ++c)
      for (int i = 0; i < plan.chapters[c].count; ++i) slots_.push_back({c, static_cast<std::size_t>(i)});
  }

  BookGenerationResult run(const GenerationProgress& progress) {
    BookGenerationResult result;
    std::error_code directory_error;
    std::filesystem::create_directories(options_.output_directory, directory_error);
    if (directory_error)
      throw IoError(options_.output_directory +
                    ": cannot create the output directory: " + directory_error.message());
    if (options_.resume && std::filesystem::exists(checkpoint_path(options_.output_directory))) {
      checkpoint_.load();
      result.resumed = checkpoint_.size();
    }
    climb_first_attempts(progress);
    const auto chosen = resolve_in_plan_order();
    result.book = assemble(chosen, result.chapters);
    write_outputs(result.book);
    std::filesystem::remove(checkpoint_path(options_.output_directory));
    return result;
  }

 private:
  struct Chosen {
    SlotResult result;
    int attempt;
    std::string canonical;
  };

  SlotResult climb(std::size_t slot_number, int attempt) const {
    const Slot& slot = slots_[slot_number];
    const PlanChapter& chapter = plan_.chapters[slot.chapter];
    ClimbSettings settings = options_.climb;
    settings.target = chapter.target;
    settings.tolerance = plan_.tolerance;
    settings.symmetry = plan_.symmetry;
    const auto start = std::chrono::steady_clock::now();
    const RatingFunction rate = [this](const Grid& puzzle) { return metric_->rate(puzzle).value; };
    const ClimbResult climbed = climb_to_target(geometry_, settings, rate, slot_seed(plan_, slot, attempt));
    SlotResult result;
    result.reached = climbed.reached;
    result.puzzle = to_line(climbed.puzzle);
    result.solution = to_line(climbed.solution);
    result.rating = climbed.rating;
    result.moves = climbed.moves;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  // Every slot's first attempt, in parallel; the checkpoint is saved as results come in.
  void climb_first_attempts(const GenerationProgress& progress) {
    std::vector<std::size_t> pending;
    std::vector<std::size_t> done(plan_.chapters.size(), 0);
    for (std::size_t s = 0; s < slots_.size(); ++s) {
      if (checkpoint_.find({s, 0}))
        ++done[slots_[s].chapter];
      else
        pending.push_back(s);
    }
    std::vector<std::atomic<std::size_t>> finished(plan_.chapters.size());
    for (std::size_t c = 0; c < done.size(); ++c) finished[c] = done[c];
    auto last_save = std::chrono::steady_clock::now();
    auto report = [&](std::size_t) {
      if (progress) {
        for (std::size_t c = 0; c < done.size(); ++c) done[c] = finished[c].load();
        progress(done);
      }
      if (std::chrono::steady_clock::now() - last_save > std::chrono::seconds(2)) {
        checkpoint_.save();
        last_save = std::chrono::steady_clock::now();
      }
    };
    try {
      parallel_for(
          pending.size(), options_.jobs,
          [&](std::size_t i) {
            const std::size_t s = pending[i];
            checkpoint_.add({s, 0}, climb(s, 0));
            ++finished[slots_[s].chapter];
          },
          report);
    } catch (...) {
      checkpoint_.save();
      throw;
    }
    checkpoint_.save();
  }

  std::vector<Chosen> resolve_in_plan_order() {
    std::set<std::string> seen = options_.archive;
    std::vector<Chosen> chosen;
    for (std::size_t s = 0; s < slots_.size(); ++s) {
      const PlanChapter& chapter = plan_.chapters[slots_[s].chapter];
      for (int attempt = 0;; ++attempt) {
        if (attempt >= kMaxAttempts)
          throw GenerationError("chapter \"" + chapter.title + "\": puzzle " +
                                std::to_string(slots_[s].index + 1) +
                                " clashed with earlier or archived puzzles " + std::to_string(kMaxAttempts) +
                                " times; the grid size has too few distinct puzzles at this level");
        auto result = checkpoint_.find({s, attempt});
        if (!result) {
          checkpoint_.add({s, attempt}, climb(s, attempt));
          checkpoint_.save();
          result = checkpoint_.find({s, attempt});
        }
        if (!result->reached) {
          char reached[160];
          std::snprintf(reached, sizeof reached, "reached rating %.2f, target %.2f ± %.0f%%", result->rating,
                        chapter.target, plan_.tolerance * 100);
          throw GenerationError(
              "chapter \"" + chapter.title + "\": puzzle " + std::to_string(slots_[s].index + 1) +
              " missed its target within the climber's budget (" + reached + ", after " +
              std::to_string(result->moves) + " moves); finished puzzles are kept for --resume");
        }
        std::string key = canonical_key(parse_puzzle(result->puzzle));
        if (seen.insert(key).second) {
          chosen.push_back({*result, attempt, std::move(key)});
          break;
        }
      }
    }
    return chosen;
  }

  Book assemble(const std::vector<Chosen>& chosen, std::vector<ChapterSummary>& summaries) const {
    Book book;
    book.title = plan_.title;
    book.author = plan_.author;
    book.plan = plan_.json;
    book.seed = plan_.seed;
    book.tool_version = options_.tool_version;
    book.calibration = calibration_to_json(plan_.calibration).as_object();
    std::map<std::string, int> numbers_per_level;
    for (const auto& chapter : plan_.chapters) {
      BookChapter book_chapter;
      book_chapter.title = chapter.title;
      book_chapter.level = chapter.level;
      book_chapter.date = chapter.date;
      book.chapters.push_back(std::move(book_chapter));
      summaries.push_back({chapter.title, 0, 0, chapter.target, 0});
    }
    for (std::size_t s = 0; s < slots_.size(); ++s) {
      const Slot& slot = slots_[s];
      const PlanChapter& chapter = plan_.chapters[slot.chapter];
      BookPuzzle puzzle = verified_puzzle(chosen[s], chapter);
      char id[64];
      std::snprintf(id, sizeof id, "%s-%03d", chapter.level.c_str(), ++numbers_per_level[chapter.level]);
      puzzle.id = id;
      puzzle.seed = slot_seed(plan_, slot, chosen[s].attempt);
      auto& summary = summaries[slot.chapter];
      ++summary.count;
      summary.mean_rating += puzzle.rating;
      summary.seconds += chosen[s].result.seconds;
      book.chapters[slot.chapter].puzzles.push_back(std::move(puzzle));
    }
    for (auto& summary : summaries)
      if (summary.count) summary.mean_rating /= static_cast<double>(summary.count);
    return book;
  }

  // Checks the slot's puzzle from scratch and builds its book entry.
  BookPuzzle verified_puzzle(const Chosen& chosen, const PlanChapter& chapter) const {
    const Grid puzzle = parse_puzzle(chosen.result.puzzle);
    const Grid solution = parse_puzzle(chosen.result.solution);
    const SolutionCount count = count_solutions(puzzle, 2);
    if (count.count != 1 || !(*count.solution == solution) || !is_solution_of(solution, puzzle) ||
        !has_symmetry(puzzle, plan_.symmetry))
      throw std::logic_error("generated puzzle failed verification: " + chosen.result.puzzle);
    const MetricRating rating = metric_->rate(puzzle);
    if (std::abs(rating.value - chapter.target) > plan_.tolerance * chapter.target)
      throw std::logic_error("recomputed rating of " + chosen.result.puzzle + " is off target");
    BookPuzzle entry;
    entry.puzzle = puzzle;
    entry.solution = solution;
    entry.rating = rating.value;
    entry.rating_sd = rating.sd;
    entry.level = chapter.numeric_level ? level_for(plan_.calibration, rating.value).name : chapter.level;
    entry.target = chapter.target;
    entry.givens = puzzle.givens();
    entry.canonical = chosen.canonical;
    entry.iterations = chosen.result.moves;
    entry.date = chapter.date;
    return entry;
  }

  void write_outputs(const Book& book) const {
    std::string puzzles;
    std::string solutions;
    for (const auto& chapter : book.chapters) {
      for (const auto& puzzle : chapter.puzzles) {
        puzzles += to_line(puzzle.puzzle) + " " + puzzle.id + "\n";
        solutions += to_line(puzzle.solution) + " " + puzzle.id + "\n";
      }
    }
    const std::filesystem::path dir(options_.output_directory);
    write_file_atomically((dir / "puzzles.txt").string(), puzzles);
    write_file_atomically((dir / "solutions.txt").string(), solutions);
    write_book(book, (dir / "book.json").string());
  }

  const Plan& plan_;
  const BookGenerationOptions& options_;
  std::shared_ptr<const Geometry> geometry_;
  std::unique_ptr<RatingMetric> metric_;
  Checkpoint checkpoint_;
  std::vector<Slot> slots_;
};

}  // namespace

std::string checkpoint_path(const std::string& output_directory) {
  return (std::filesystem::path(output_directory) / ".generate-book-checkpoint.json").string();
}

BookGenerationResult generate_book(const Plan& plan, const BookGenerationOptions& options,
                                   const GenerationProgress& progress) {
  BookGenerator generator(plan, options);
  return generator.run(progress);
}

std::set<std::string> read_archive(const std::vector<std::string>& paths) {
  std::set<std::string> keys;
  for (const auto& path : paths)
    for (const auto& puzzle : load_puzzles(path)) keys.insert(canonical_key(puzzle));
  return keys;
}

void append_to_archive(const std::string& path, const Book& book) {
  std::string text;
  if (std::filesystem::exists(path)) {
    text = read_file(path);
    if (!text.empty() && text.back() != '\n') text += '\n';
  }
  for (const auto& chapter : book.chapters)
    for (const auto& puzzle : chapter.puzzles) text += to_line(puzzle.puzzle) + " " + puzzle.id + "\n";
  write_file_atomically(path, text);
}

}  // namespace sudoku
