// SPDX-License-Identifier: Apache-2.0
#include "resources.hpp"

#include <algorithm>
#include <cstdlib>

namespace sudoku::cli {
namespace {

namespace fs = std::filesystem;

std::optional<fs::path> executable_dir() {
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (error) return std::nullopt;
  return executable.parent_path();
}

}  // namespace

std::vector<fs::path> data_dirs(std::string_view kind) {
  std::vector<fs::path> candidates;
  if (const char* override_dir = std::getenv(std::string(kDataDirVariable).c_str());
      override_dir != nullptr && *override_dir != '\0')
    candidates.push_back(fs::path(override_dir) / kind);
  if (const auto dir = executable_dir()) candidates.push_back(*dir / ".." / SUDOKU_PRESS_DATA_SUBDIR / kind);
  candidates.push_back(fs::path(SUDOKU_PRESS_SOURCE_DIR) / kind);

  std::vector<fs::path> existing;
  for (const auto& candidate : candidates) {
    std::error_code error;
    if (!fs::is_directory(candidate, error)) continue;
    const fs::path normal = fs::weakly_canonical(candidate, error);
    const fs::path& dir = error ? candidate : normal;
    if (std::find(existing.begin(), existing.end(), dir) == existing.end()) existing.push_back(dir);
  }
  return existing;
}

std::optional<fs::path> find_data_file(std::string_view kind, std::string_view name) {
  for (const auto& dir : data_dirs(kind)) {
    std::error_code error;
    const fs::path candidate = dir / name;
    if (fs::is_regular_file(candidate, error)) return candidate;
  }
  return std::nullopt;
}

std::vector<std::string> list_data_files(std::string_view kind, std::string_view extension) {
  std::vector<std::string> names;
  for (const auto& dir : data_dirs(kind)) {
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
      const std::string file = entry.path().filename().string();
      if (file.size() > extension.size() && file.ends_with(extension))
        names.push_back(file.substr(0, file.size() - extension.size()));
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace sudoku::cli
