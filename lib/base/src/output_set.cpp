// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/output_set.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "file_system.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kManifest = ".output-set";
constexpr std::string_view kStagingPrefix = ".staging-";

// The folder a name of the set lives in, created and checked: a link there would take the file
// out of the output folder.
void prepare_parent(const fs::path& directory, const std::string& name) {
  const fs::path parent = (directory / name).parent_path();
  if (parent == directory) return;
  std::error_code error;
  if (fs::is_symlink(fs::symlink_status(parent, error)))
    throw IoError(parent.string() + ": is a symbolic link; output is never written through a link");
  fs::create_directories(parent, error);
  if (error) throw IoError(parent.string() + ": cannot create the folder: " + error.message());
}

void move_into_place(const fs::path& directory, const fs::path& staging, const std::string& name) {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(staging / name, error))) return;  // moved before a kill
  prepare_parent(directory, name);
  fs::rename(staging / name, directory / name, error);
  if (error) throw IoError((directory / name).string() + ": cannot write: " + error.message());
}

// Renames every file a committed manifest names, then drops the manifest and the staging folder.
void finish_manifest(const fs::path& directory) {
  const fs::path manifest = directory / kManifest;
  std::istringstream lines(read_file(manifest.string()));
  std::string staging_name;
  std::getline(lines, staging_name);
  const fs::path staging = directory / staging_name;
  if (!staging_name.starts_with(kStagingPrefix) || staging_name.find('/') != std::string::npos)
    throw IoError(manifest.string() + ": not a manifest of an output set");
  for (std::string name; std::getline(lines, name);)
    if (!name.empty()) move_into_place(directory, staging, name);
  sync_directory(directory);
  std::error_code error;
  fs::remove(manifest, error);
  fs::remove_all(staging, error);
  sync_directory(directory);
}

}  // namespace

void recover_output_set(const std::string& directory) {
  const fs::path dir(directory);
  std::error_code error;
  if (!fs::is_directory(dir, error)) return;
  if (fs::exists(fs::symlink_status(dir / kManifest, error))) finish_manifest(dir);
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(kStagingPrefix) && !process_alive(std::atol(name.c_str() + kStagingPrefix.size())))
      fs::remove_all(entry.path(), error);
    else if (!name.starts_with(".") && entry.is_directory(error) && !entry.is_symlink(error))
      remove_stray_temporaries(entry.path().string());  // feed/ and the like
  }
  remove_stray_temporaries(directory);
}

OutputSet::OutputSet(std::string directory) : directory_(std::move(directory)) {
  std::error_code error;
  fs::create_directories(directory_, error);
  if (error) throw IoError(directory_ + ": cannot create the output directory: " + error.message());
  recover_output_set(directory_);
  staging_ = (fs::path(directory_) / (std::string(kStagingPrefix) + std::to_string(::getpid()))).string();
  fs::remove_all(staging_, error);
  if (!fs::create_directory(staging_, error) || error)
    throw IoError(directory_ +
                  ": cannot write: " + (error ? error.message() : "cannot make a staging folder"));
}

OutputSet::~OutputSet() {
  if (committed_) return;
  std::error_code error;
  // After the commit point the manifest and the staging folder are the new set: keep them.
  if (!fs::exists(fs::path(directory_) / kManifest, error)) fs::remove_all(staging_, error);
}

void OutputSet::add(const std::string& relative_path, std::string_view contents) {
  const fs::path path = fs::path(staging_) / relative_path;
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) throw IoError(path.parent_path().string() + ": cannot create the folder: " + error.message());
  write_file_atomically(path.string(), contents);
  names_.push_back(relative_path);
}

std::vector<std::string> OutputSet::commit() {
  const fs::path dir(directory_);
  // Checked before the commit point, so a refused link leaves the old set untouched.
  for (const std::string& name : names_) prepare_parent(dir, name);
  sync_directory(staging_);
  for (const std::string& name : names_) sync_directory((fs::path(staging_) / name).parent_path());
  std::string manifest = fs::path(staging_).filename().string() + "\n";
  for (const std::string& name : names_) manifest += name + "\n";
  write_file_atomically((dir / kManifest).string(), manifest);
  sync_directory(dir);  // the commit point
  finish_manifest(dir);
  committed_ = true;
  std::vector<std::string> paths;
  for (const std::string& name : names_) paths.push_back((dir / name).string());
  return paths;
}

}  // namespace sudoku
