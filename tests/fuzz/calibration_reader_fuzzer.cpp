// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the calibration reader (sudoku::parse_json + sudoku::parse_calibration), as
// corpus-rate --calibration and plans read calibration files.
//
// Expected outcome: a Calibration or sudoku::InputError. Properties checked on a Calibration: it
// passes validate_calibration (the reader promises a valid one), level lookup works for any
// rating, and writing it out (as calibrate and generate-book do) reads back to the same JSON.
#include <cmath>
#include <limits>
#include <string>

#include <boost/json.hpp>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/rate/calibration.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sudoku::Calibration calibration;
  try {
    calibration =
        sudoku::parse_calibration(sudoku::parse_json(sudoku::fuzz::as_text(data, size), "calibration.json"));
  } catch (const sudoku::InputError&) {
    return 0;
  }
  try {
    sudoku::validate_calibration(calibration);
  } catch (const sudoku::InputError& error) {
    FUZZ_CHECK(false, std::string("a calibration the reader accepted is invalid: ") + error.what());
  }
  (void)sudoku::calibration_warnings(calibration);
  for (const double rating : {-1.0, 0.0, 1.0, 1e300, std::numeric_limits<double>::infinity()})
    FUZZ_CHECK(sudoku::level_index(calibration, rating) < calibration.levels.size(), std::to_string(rating));
  for (const double boundary : sudoku::level_boundaries(calibration)) {
    FUZZ_CHECK(std::isfinite(boundary) && boundary > 0, std::to_string(boundary));
    (void)sudoku::level_for(calibration, boundary);
  }

  const std::string written = sudoku::pretty_json(sudoku::calibration_to_json(calibration));
  try {
    const auto again = sudoku::parse_calibration(sudoku::parse_json(written, "written.json"));
    FUZZ_CHECK(sudoku::pretty_json(sudoku::calibration_to_json(again)) == written, written);
  } catch (const sudoku::InputError& error) {
    FUZZ_CHECK(false, std::string(error.what()) + "\n" + written);
  }
  return 0;
}
