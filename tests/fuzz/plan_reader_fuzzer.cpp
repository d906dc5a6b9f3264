// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the plan reader (sudoku::parse_json + sudoku::parse_plan), as generate-book reads
// its plan.
//
// Input: the text of a plan file. A plan may name a calibration file relative to its folder; the
// target anchors plans in tests/fuzz/data (which holds a few calibrations, good and bad) and skips
// absolute names and names with "..", so that fuzzing never reads arbitrary files (/dev/zero would
// hang any reader: that is the user's choice, not a reader bug).
//
// Expected outcome: a Plan or sudoku::InputError (syntax, types, ranges, unknown levels, unreadable
// calibrations). Properties checked on a Plan: it is within the documented limits, and its
// calibration serialises as generate-book copies it into the book.
#include <string>

#include <boost/json.hpp>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/generate/plan.hpp"

namespace {

bool names_an_outside_file(const boost::json::value& root) {
  const auto* object = root.if_object();
  if (object == nullptr) return false;
  const auto found = object->find("calibration");
  if (found == object->end() || !found->value().is_string()) return false;
  const std::string_view name = found->value().get_string();
  return name.starts_with('/') || name.find("..") != std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sudoku::JsonDocument document;
  try {
    document = sudoku::parse_json(sudoku::fuzz::as_text(data, size), "plan.json");
  } catch (const sudoku::InputError&) {
    return 0;
  }
  if (names_an_outside_file(document.root)) return -1;  // -1: not worth keeping in the corpus
  try {
    const sudoku::Plan plan = sudoku::parse_plan(document, SUDOKU_FUZZ_DATA_DIR);
    FUZZ_CHECK(!plan.chapters.empty() && plan.puzzle_count() <= sudoku::kMaxPlanPuzzles, plan.title);
    FUZZ_CHECK(plan.tolerance > 0 && plan.tolerance < 1 && plan.runs >= 1, plan.title);
    for (const auto& chapter : plan.chapters)
      FUZZ_CHECK(chapter.count >= 1 && chapter.target > 0 && !chapter.level.empty(), chapter.title);
    const std::string calibration = sudoku::pretty_json(sudoku::calibration_to_json(plan.calibration));
    FUZZ_CHECK(!calibration.empty(), plan.calibration_source);
  } catch (const sudoku::InputError&) {}
  return 0;
}
