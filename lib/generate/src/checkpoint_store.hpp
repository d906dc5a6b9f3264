// SPDX-License-Identifier: Apache-2.0
// Private: what book generation climbed so far, kept on disk so an interrupted run can resume.
//
// Contract: results are keyed by (slot number in plan order, attempt) and hold grids; strings exist
// only in the file. The file records a fingerprint of the run (plan, calibration, climber budget)
// and load() refuses a file with another fingerprint, so results made under other settings are
// never mixed in. save() writes only when something was added, to a temporary file renamed over the
// old one (an interruption leaves the previous checkpoint whole). Safe to use from several threads.
//   CheckpointStore store(checkpoint_path(dir), run_fingerprint(book.plan, book.calibration, climb));
//   if (resume) store.load();  store.add({slot, 0}, result);  store.save();
#pragma once

#include <boost/json/object.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku::detail {

// Retries per slot when its puzzles keep clashing with earlier ones (only tiny grids get near this).
inline constexpr int kMaxAttempts = 50;

// One climb of one slot.
struct SlotResult {
  bool reached = false;
  Grid puzzle;
  Grid solution;
  double rating = 0;
  std::int64_t moves = 0;
  double seconds = 0;  // climbing time
};

using SlotKey = std::pair<std::size_t, int>;  // slot number in plan order, attempt

// Identifies what produced a checkpoint's results: the plan, its calibration and the climber's budget.
std::string run_fingerprint(const boost::json::object& plan, const boost::json::object& calibration,
                            const ClimbSettings& climb);

class CheckpointStore {
 public:
  CheckpointStore(std::string path, std::string fingerprint);

  // Reads the file. IoError when unreadable; InputError naming the file and JSON path when malformed
  // or made by another run.
  void load();
  std::optional<SlotResult> find(const SlotKey& key) const;
  void add(const SlotKey& key, SlotResult result);
  void save();
  std::size_t size() const;

 private:
  std::string path_;
  std::string fingerprint_;
  mutable std::mutex mutex_;
  std::map<SlotKey, SlotResult> results_;
  bool dirty_ = false;
};

}  // namespace sudoku::detail
