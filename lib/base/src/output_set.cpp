// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/output_set.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <sstream>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"
#include "file_system.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kManifest = ".output-set";
constexpr std::string_view kLock = ".output-set.lock";
constexpr std::string_view kStagingPrefix = ".staging-";
// The first line of a manifest this version writes; " KIND" follows it for a set of a kind.
constexpr std::string_view kHeader = "sudoku-press output set";

// The folder locks this process holds, by canonical path: an OutputSet inside a run that locked
// its folder first shares that lock (a second flock on another descriptor would wait for ever).
struct HeldLock {
  int fd = -1;
  int count = 0;
};
std::mutex held_mutex;
std::map<std::string, HeldLock> held_locks;

bool is_link(const fs::path& path) {
  std::error_code error;
  return fs::is_symlink(fs::symlink_status(path, error));
}

// A name of a set as the manifest may give it: relative, every part a plain name (no "", ".", "..")
// and none the folder's own bookkeeping.
bool valid_name(const std::string& name) {
  if (name.empty() || name.front() == '/') return false;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = name.find('/', start);
    const std::string part = name.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == ".." || part.starts_with(kStagingPrefix) ||
        part.starts_with(kManifest))
      return false;
    if (slash == std::string::npos) return true;
    start = slash + 1;
  }
}

bool valid_staging_name(const std::string& name) {
  if (!name.starts_with(kStagingPrefix) || name.size() == kStagingPrefix.size()) return false;
  return name.find_first_not_of("0123456789", kStagingPrefix.size()) == std::string::npos;
}

// Every folder between `directory` and the file `name`, created and checked: a link there would take
// the file out of the output folder.
void prepare_parent(const fs::path& directory, const std::string& name) {
  fs::path parent = directory;
  const fs::path relative = fs::path(name).parent_path();
  for (const auto& part : relative) {
    parent /= part;
    if (is_link(parent))
      throw IoError(parent.string() + ": is a symbolic link; output is never written through a link");
    std::error_code error;
    fs::create_directory(parent, error);
    if (error) throw IoError(parent.string() + ": cannot create the folder: " + error.message());
  }
}

// Whether no folder between `directory` and `name` is a link (a stale file is removed only then).
bool inside_without_links(const fs::path& directory, const std::string& name) {
  fs::path parent = directory;
  for (const auto& part : fs::path(name).parent_path()) {
    parent /= part;
    if (is_link(parent)) return false;
  }
  return true;
}

void move_into_place(const fs::path& directory, const fs::path& staging, const std::string& name) {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(staging / name, error))) return;  // moved before a kill
  prepare_parent(directory, name);
  fs::rename(staging / name, directory / name, error);
  if (error) throw IoError((directory / name).string() + ": cannot write: " + error.message());
}

fs::path names_path(const fs::path& directory, const std::string& kind) {
  return directory / (std::string(kManifest) + "." + kind + ".names");
}

// The names a kind of run last installed (none when the list is missing or not one this tool wrote).
std::vector<std::string> installed_names(const fs::path& directory, const std::string& kind) {
  const fs::path path = names_path(directory, kind);
  std::vector<std::string> names;
  if (is_link(path) || !fs::exists(path)) return names;
  std::istringstream lines(read_file(path.string()));
  for (std::string name; std::getline(lines, name);)
    if (valid_name(name)) names.push_back(name);
  return names;
}

struct Manifest {
  bool signs = false;  // +NAME and -NAME lines (this version), else bare names (earlier versions)
  std::string kind;    // empty: no names list kept (a set of no kind, or an earlier version)
  std::string staging;
  std::vector<std::string> install;
  std::vector<std::string> remove;
};

// The manifest in `directory`, every name checked before anything is moved.
Manifest read_manifest(const fs::path& directory) {
  const fs::path path = directory / kManifest;
  const auto refuse = [&](const std::string& why) {
    throw IoError(path.string() + ": " + why + "; not a manifest this toolchain wrote, nothing was moved");
  };
  if (is_link(path)) refuse("is a symbolic link");
  std::istringstream lines(read_file(path.string(), kMaxDocumentBytes, "a manifest of an output set"));
  Manifest manifest;
  std::string line;
  std::getline(lines, line);
  if (line.starts_with(kHeader)) {
    manifest.signs = true;
    const std::string rest = line.substr(kHeader.size());
    if (!rest.empty()) {
      manifest.kind = rest.substr(1);
      if (rest[0] != ' ' || !valid_name(manifest.kind) || manifest.kind.find('/') != std::string::npos)
        refuse("a bad kind of run");
    }
    std::getline(lines, line);
  }
  manifest.staging = line;
  if (!valid_staging_name(manifest.staging)) refuse("a bad staging folder name '" + excerpt(line) + "'");
  for (int number = 2; std::getline(lines, line); ++number) {
    if (line.empty()) continue;
    std::string name = line;
    auto* list = &manifest.install;
    if (manifest.signs) {
      if (line[0] != '+' && line[0] != '-') refuse("line " + std::to_string(number) + " is not +NAME or -NAME");
      if (line[0] == '-') list = &manifest.remove;
      name = line.substr(1);
    }
    if (!valid_name(name)) refuse("the name '" + excerpt(name) + "' leaves the folder or is its own");
    list->push_back(name);
  }
  const fs::path staging = directory / manifest.staging;
  std::error_code error;
  const auto status = fs::symlink_status(staging, error);
  if (fs::exists(status) && !fs::is_directory(status)) refuse(manifest.staging + " is not a folder");
  return manifest;
}

// Renames every file a committed manifest names, removes the stale ones, records the new names,
// then drops the manifest and the staging folder.
void finish_manifest(const fs::path& directory) {
  const Manifest manifest = read_manifest(directory);
  const fs::path staging = directory / manifest.staging;
  for (const std::string& name : manifest.install) move_into_place(directory, staging, name);
  std::error_code error;
  for (const std::string& name : manifest.remove) {
    if (!inside_without_links(directory, name)) continue;
    const auto status = fs::symlink_status(directory / name, error);
    if (fs::is_regular_file(status) || fs::is_symlink(status)) fs::remove(directory / name, error);
  }
  if (!manifest.kind.empty()) {
    std::string names;
    for (const std::string& name : manifest.install) names += name + "\n";
    write_file_atomically(names_path(directory, manifest.kind).string(), names);
  }
  sync_directory(directory);
  fs::remove(directory / kManifest, error);
  fs::remove_all(staging, error);
  sync_directory(directory);
}

}  // namespace

OutputFolderLock::OutputFolderLock(const std::string& directory, Wait wait) {
  std::error_code error;
  key_ = fs::canonical(directory, error).string();
  if (error) throw IoError(directory + ": cannot lock the folder: " + error.message());
  std::lock_guard<std::mutex> guard(held_mutex);
  auto held = held_locks.find(key_);
  if (held != held_locks.end()) {
    ++held->second.count;
    return;
  }
  const std::string path = (fs::path(key_) / kLock).string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) throw IoError(directory + ": cannot lock the folder: " + std::strerror(errno));
  while (::flock(fd, LOCK_EX | (wait == Wait::refuse ? LOCK_NB : 0)) != 0) {
    if (errno == EINTR) continue;
    const int lock_error = errno;
    ::close(fd);
    if (lock_error == EWOULDBLOCK)
      throw IoError(directory + ": another run is writing this folder; wait for it to finish or choose another folder");
    throw IoError(directory + ": cannot lock the folder: " + std::strerror(lock_error));
  }
  held_locks[key_] = {fd, 1};
}

OutputFolderLock::~OutputFolderLock() {
  std::lock_guard<std::mutex> guard(held_mutex);
  auto held = held_locks.find(key_);
  if (held == held_locks.end() || --held->second.count > 0) return;
  ::close(held->second.fd);  // releases the flock
  held_locks.erase(held);
}

void recover_output_set(const std::string& directory) {
  const fs::path dir(directory);
  std::error_code error;
  if (!fs::is_directory(dir, error)) return;
  if (fs::exists(fs::symlink_status(dir / kManifest, error))) finish_manifest(dir);
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (valid_staging_name(name) && !process_alive(std::atol(name.c_str() + kStagingPrefix.size())))
      fs::remove_all(entry.path(), error);  // a link is removed itself, never followed
    else if (!name.starts_with(".") && entry.is_directory(error) && !entry.is_symlink(error))
      remove_stray_temporaries(entry.path().string());  // feed/ and the like
  }
  remove_stray_temporaries(directory);
}

void settle_output_set(const std::string& directory) {
  std::error_code error;
  if (!fs::exists(fs::symlink_status(fs::path(directory) / kManifest, error))) return;
  try {
    OutputFolderLock lock(directory);
    if (fs::exists(fs::symlink_status(fs::path(directory) / kManifest, error))) finish_manifest(directory);
  } catch (const IoError& failure) {
    throw IoError(directory + ": an interrupted install of this folder cannot be finished (" + failure.what() +
                  "); run the tool that wrote it again");
  }
}

OutputSet::OutputSet(std::string directory, std::string kind)
    : directory_(std::move(directory)), kind_(std::move(kind)) {
  if (!kind_.empty() && (!valid_name(kind_) || kind_.find('/') != std::string::npos))
    throw std::invalid_argument("OutputSet: kind '" + kind_ + "' is not a plain name");
  std::error_code error;
  fs::create_directories(directory_, error);
  if (error) throw IoError(directory_ + ": cannot create the output directory: " + error.message());
  lock_ = std::make_unique<OutputFolderLock>(directory_);
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
  if (!valid_name(relative_path))
    throw IoError(directory_ + ": '" + excerpt(relative_path) + "' is not a name inside the folder");
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
  std::string manifest = std::string(kHeader) + (kind_.empty() ? "" : " " + kind_) + "\n" +
                         fs::path(staging_).filename().string() + "\n";
  for (const std::string& name : names_) manifest += "+" + name + "\n";
  // What the last set of this kind installed and this one does not: stale, removed with the swap.
  const std::set<std::string> current(names_.begin(), names_.end());
  for (const std::string& name : kind_.empty() ? std::vector<std::string>() : installed_names(dir, kind_))
    if (current.count(name) == 0) manifest += "-" + name + "\n";
  write_file_atomically((dir / kManifest).string(), manifest);
  sync_directory(dir);  // the commit point
  finish_manifest(dir);
  committed_ = true;
  std::vector<std::string> paths;
  for (const std::string& name : names_) paths.push_back((dir / name).string());
  return paths;
}

}  // namespace sudoku
