// SPDX-License-Identifier: Apache-2.0
#include "checkpoint_store.hpp"

#include <boost/json.hpp>

#include <cstdio>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku::detail {
namespace {

// A grid on `board` (the slot's variant or jigsaw layout), or on the standard board of its size
// when `board` is null (classic slots).
Grid read_grid(const JsonField& field, const std::shared_ptr<const Geometry>& board) {
  const std::string line = field.as_string();
  try {
    ReadOptions options;
    if (board) options.size = board->size();
    const Grid read = parse_puzzle(line, options);
    if (!board) return read;
    Grid grid(board);
    for (int cell = 0; cell < grid.cell_count(); ++cell) grid.set(cell, read[cell]);
    return grid;
  } catch (const InputError& error) {
    field.fail(error.message());
  }
}

// The board a stored slot was climbed on: "variant" and "regions" or "cages" when not classic (null
// then).
std::shared_ptr<const Geometry> read_board(const JsonField& slot, int size) {
  if (!slot["variant"].present()) return nullptr;
  const Variant variant = read_variant_field(slot["variant"], true);
  try {
    // Geometry::standard throws for a size no grid has (a puzzle line of 82 symbols: size 10).
    if (variant == Variant::killer) return read_cages_field(slot.required("cages"), Geometry::standard(size));
    if (variant == Variant::jigsaw) return parse_regions(slot.required("regions").as_string());
    return Geometry::variant(variant, size);
  } catch (const std::invalid_argument& error) {
    slot.fail(error.what());
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
    int size = 1;
    while (size * size < static_cast<int>(slot.required("puzzle").as_string().size())) ++size;
    if (const JsonField shape = slot["shape"]; shape.present()) {
      // A gattai slot: its board, and both lines in the board form.
      const auto board = read_shape_field(shape);
      result.puzzle = read_gattai_field(slot.required("puzzle"), board);
      result.solution = read_gattai_field(slot.required("solution"), board);
    } else {
      const auto board = read_board(slot, size);
      result.puzzle = read_grid(slot.required("puzzle"), board);
      result.solution = read_grid(slot.required("solution"), board);
    }
    // A classic slot's two lines are read each on its own: they must be of one size.
    if (result.solution.cell_count() != result.puzzle.cell_count())
      slot.required("solution")
          .fail("expected a solution of the puzzle's size (" + std::to_string(result.puzzle.size()) + "x" +
                std::to_string(result.puzzle.size()) + ")");
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
      const Geometry& board = result.puzzle.geometry();
      if (const GattaiShape* shape = board.gattai_shape()) slots.back().as_object()["shape"] = shape_field_text(*shape);
      if (board.variant() != Variant::classic) {
        slots.back().as_object()["variant"] = variant_name(board.variant());
        if (board.variant() == Variant::jigsaw) slots.back().as_object()["regions"] = regions_line(board);
        if (board.variant() == Variant::killer) slots.back().as_object()["cages"] = cages_to_json(board);
      }
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
