#include "generate/checkpoint_store.hpp"

#include <boost/json.hpp>

#include <cstdio>

#include "sudoku/atomic_file.hpp"
#include "sudoku/errors.hpp"
#include "sudoku/json_io.hpp"
#include "sudoku/plan.hpp"
#include "sudoku/puzzle_io.hpp"
#include "sudoku/random.hpp"

namespace sudoku::detail {
namespace {

Grid read_grid(const JsonField& field) {
  const std::string line = field.as_string();
  try {
    return parse_puzzle(line);
  } catch (const InputError& error) {
    field.fail(error.message());
  }
}

}  // namespace

std::string run_fingerprint(const boost::json::object& plan, const boost::json::object& calibration,
                            const ClimbSettings& climb) {
  const std::string text = boost::json::serialize(plan) + "|" + boost::json::serialize(calibration) + "|" +
                           std::to_string(climb.max_moves) + "," + std::to_string(climb.patience) + "," +
                           std::to_string(climb.max_restarts);
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(stable_hash(text)));
  return buffer;
}

CheckpointStore::CheckpointStore(std::string path, std::string fingerprint)
    : path_(std::move(path)), fingerprint_(std::move(fingerprint)) {}

void CheckpointStore::load() {
  const auto document = read_json_file(path_);
  const JsonField root(document);
  root.allow_only({"fingerprint", "slots"});
  if (root.required("fingerprint").as_string() != fingerprint_)
    throw InputError(
        path_, 0, 0,
        "the checkpoint belongs to another plan or climber budget (remove it, or run without --resume)");
  const JsonField slots = root.required("slots");
  std::map<SlotKey, SlotResult> results;
  for (std::size_t i = 0; i < slots.array_size(); ++i) {
    const JsonField slot = slots.element(i);
    SlotResult result;
    result.reached = slot.required("reached").as_bool();
    result.puzzle = read_grid(slot.required("puzzle"));
    result.solution = read_grid(slot.required("solution"));
    result.rating = slot.required("rating").as_number();
    result.moves = slot.required("moves").as_integer(0, INT64_MAX);
    result.seconds = slot["seconds"].value_or(0.0);
    const SlotKey key{static_cast<std::size_t>(slot.required("slot").as_integer(0, kMaxPlanPuzzles)),
                      static_cast<int>(slot.required("attempt").as_integer(0, kMaxAttempts))};
    results[key] = std::move(result);
  }
  const std::scoped_lock lock(mutex_);
  results_ = std::move(results);
}

std::optional<SlotResult> CheckpointStore::find(const SlotKey& key) const {
  const std::scoped_lock lock(mutex_);
  const auto found = results_.find(key);
  if (found == results_.end()) return std::nullopt;
  return found->second;
}

void CheckpointStore::add(const SlotKey& key, SlotResult result) {
  const std::scoped_lock lock(mutex_);
  results_[key] = std::move(result);
  dirty_ = true;
}

void CheckpointStore::save() {
  std::string text;
  {
    const std::scoped_lock lock(mutex_);
    if (!dirty_) return;
    boost::json::array slots;
    for (const auto& [key, result] : results_) {
      slots.push_back({{"slot", key.first},
                       {"attempt", key.second},
                       {"reached", result.reached},
                       {"puzzle", to_line(result.puzzle)},
                       {"solution", to_line(result.solution)},
                       {"rating", result.rating},
                       {"moves", result.moves},
                       {"seconds", result.seconds}});
    }
    text = pretty_json(boost::json::object{{"fingerprint", fingerprint_}, {"slots", std::move(slots)}});
    dirty_ = false;
  }
  write_file_atomically(path_, text);
}

std::size_t CheckpointStore::size() const {
  const std::scoped_lock lock(mutex_);
  return results_.size();
}

}  // namespace sudoku::detail
