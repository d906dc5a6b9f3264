#include "generate/dedup.hpp"

#include <cstdio>
#include <filesystem>

#include "sudoku/atomic_file.hpp"
#include "sudoku/canonical.hpp"
#include "sudoku/puzzle_io.hpp"

namespace sudoku {
namespace detail {
namespace {

std::string slot_name(const PlanChapter& chapter, const Slot& slot) {
  return "chapter \"" + chapter.title + "\": puzzle " + std::to_string(slot.index + 1);
}

[[noreturn]] void missed_target(const Plan& plan, const PlanChapter& chapter, const Slot& slot,
                                const SlotResult& result) {
  char reached[160];
  std::snprintf(reached, sizeof reached, "reached rating %.2f, target %.2f ± %.0f%%", result.rating,
                chapter.target, plan.tolerance * 100);
  throw GenerationError(slot_name(chapter, slot) + " missed its target within the climber's budget (" +
                        reached + ", after " + std::to_string(result.moves) +
                        " moves); finished puzzles are kept for --resume");
}

}  // namespace

std::vector<ChosenSlot> choose_distinct(const Plan& plan, SlotScheduler& scheduler,
                                        const std::set<std::string>& archive) {
  std::set<std::string> seen = archive;
  std::vector<ChosenSlot> chosen;
  const auto& slots = scheduler.slots();
  chosen.reserve(slots.size());
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const PlanChapter& chapter = plan.chapters[slots[s].chapter];
    for (int attempt = 0;; ++attempt) {
      if (attempt >= kMaxAttempts)
        throw GenerationError(slot_name(chapter, slots[s]) + " clashed with earlier or archived puzzles " +
                              std::to_string(kMaxAttempts) +
                              " times; the grid size has too few distinct puzzles at this level");
      SlotResult result = scheduler.result(s, attempt);
      if (!result.reached) missed_target(plan, chapter, slots[s], result);
      std::string key = canonical_key(result.puzzle);
      if (seen.insert(key).second) {
        chosen.push_back({std::move(result), attempt, std::move(key)});
        break;
      }
    }
  }
  return chosen;
}

}  // namespace detail

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
