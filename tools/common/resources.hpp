// SPDX-License-Identifier: Apache-2.0
// Shipped data (page templates, fonts): where a tool finds it.
//
// Contract: a kind of data ("templates", "fonts") is searched in this order, keeping only folders
// that exist:
//   1. $SUDOKU_PRESS_DATA_DIR/<kind>              (override, e.g. for a relocated install or tests)
//   2. <dir of the executable>/../<SUDOKU_PRESS_DATA_SUBDIR>/<kind>   (installed: share/sudoku-press)
//   3. <SUDOKU_PRESS_SOURCE_DIR>/<kind>          (run from a build tree)
// The executable's folder comes from /proc/self/exe, so it works whatever the current directory.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::cli {

inline constexpr std::string_view kDataDirVariable = "SUDOKU_PRESS_DATA_DIR";

// Existing folders holding `kind`, in search order (may be empty).
std::vector<std::filesystem::path> data_dirs(std::string_view kind);

// The first `name` found in data_dirs(kind).
std::optional<std::filesystem::path> find_data_file(std::string_view kind, std::string_view name);

// Names of the files in data_dirs(kind) ending in `extension`, without it; sorted, no duplicates.
std::vector<std::string> list_data_files(std::string_view kind, std::string_view extension);

}  // namespace sudoku::cli
