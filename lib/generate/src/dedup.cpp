// SPDX-License-Identifier: Apache-2.0
#include "dedup.hpp"

#include <cstdio>
#include <cstring>
#include <map>

#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/audit.hpp"

namespace sudoku {
namespace detail {
namespace {

std::string slot_name(const PlanChapter& chapter, const Slot& slot) {
  return "chapter \"" + chapter.title + "\": puzzle " + std::to_string(slot.index + 1);
}

[[noreturn]] void missed_target(const Plan& plan, const PlanChapter& chapter, const Slot& slot,
                                const SlotResult& result) {
  char reached[200];
  if (chapter.band)
    std::snprintf(reached, sizeof reached, "reached rating %.2f with %d givens, band %.2f-%.2f",
                  result.rating, result.puzzle.givens(), chapter.band->low, chapter.band->high);
  else
    std::snprintf(reached, sizeof reached, "reached rating %.2f, target %.2f ± %.0f%%", result.rating,
                  chapter.target, plan.tolerance * 100);
  if (chapter.givens)
    std::snprintf(reached + std::strlen(reached), sizeof reached - std::strlen(reached), ", givens %d-%d",
                  chapter.givens->fewest, chapter.givens->most);
  throw GenerationError(slot_name(chapter, slot) + " missed its target within the climber's budget (" +
                        reached + ", after " + std::to_string(result.moves) +
                        " moves); finished puzzles are kept for --resume");
}

// The variety rule (calibration.hpp) as a chapter is filled in plan order: a puzzle is taken when
// its hardest technique keeps the rule reachable with the slots left. A slot retries (with another
// target in the band) at most kVarietyAttempts times for variety; after that it takes what it has
// and the audit reports the chapter — a long run never fails for variety.
class ChapterVariety {
 public:
  explicit ChapterVariety(std::size_t count)
      : count_(count), cap_(static_cast<std::size_t>(kVarietyMaximumShare * static_cast<double>(count))) {}

  bool fits(const std::string& technique) const {
    const auto found = histogram_.find(technique);
    const std::size_t same = found == histogram_.end() ? 0 : found->second;
    if (same + 1 > cap_) return false;
    const std::size_t distinct = histogram_.size() + (same == 0 ? 1 : 0);
    const std::size_t left = count_ - chosen_ - 1;
    return distinct + left >= kVarietyMinimumTechniques;
  }
  void add(const std::string& technique) {
    ++histogram_[technique];
    ++chosen_;
  }

 private:
  std::size_t count_;
  std::size_t cap_;
  std::size_t chosen_ = 0;
  std::map<std::string, std::size_t> histogram_;
};

constexpr int kVarietyAttempts = 24;

}  // namespace

std::vector<ChosenSlot> choose_distinct(const Plan& plan, SlotScheduler& scheduler,
                                        const std::set<std::string>& archive) {
  std::set<std::string> seen = archive;
  std::vector<ChosenSlot> chosen;
  const auto& slots = scheduler.slots();
  chosen.reserve(slots.size());
  std::map<std::size_t, ChapterVariety> variety;
  for (std::size_t c = 0; c < plan.chapters.size(); ++c)
    if (plan.chapters[c].variety) variety.emplace(c, static_cast<std::size_t>(plan.chapters[c].count));
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const PlanChapter& chapter = plan.chapters[slots[s].chapter];
    const auto rule = variety.find(slots[s].chapter);
    int variety_retries = 0;
    for (int attempt = 0;; ++attempt) {
      if (attempt >= kMaxAttempts)
        throw GenerationError(slot_name(chapter, slots[s]) + " clashed with earlier or archived puzzles " +
                              std::to_string(kMaxAttempts) +
                              " times; the grid size has too few distinct puzzles at this level");
      SlotResult result = scheduler.result(s, attempt);
      if (!result.reached) missed_target(plan, chapter, slots[s], result);
      std::string key = canonical_key(result.puzzle);
      if (seen.count(key) != 0) continue;
      if (rule != variety.end()) {
        // The hardest technique a reader needs, as the audit counts it (uniqueness techniques off).
        const std::string technique = audit_puzzle(result.puzzle).hardest;
        if (!rule->second.fits(technique) && variety_retries++ < kVarietyAttempts) continue;
        rule->second.add(technique);
      }
      seen.insert(key);
      chosen.push_back({std::move(result), attempt, std::move(key)});
      break;
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

}  // namespace sudoku
