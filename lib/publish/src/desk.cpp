// SPDX-License-Identifier: Apache-2.0
#include "sudoku/publish/desk.hpp"

#include <ctime>
#include <filesystem>
#include <memory>

#include "sudoku/base/errors.hpp"

namespace sudoku {
namespace {

// The archives a run reads, all opened and checked before any work.
struct Archives {
  std::vector<std::string> texts;                   // --archive files that are not SQLite
  std::vector<ArchiveEntry> text_entries;           // their puzzles, read once (no `created` yet)
  std::set<std::string> text_keys;                  // and those puzzles' canonical keys
  std::vector<std::unique_ptr<ArchiveDb>> readers;  // --archive databases, read-only
  std::unique_ptr<ArchiveDb> update;                // --update-archive, or null
};

std::vector<ArchiveEntry> imported(const std::vector<std::string>& texts, const std::string& created) {
  std::vector<ArchiveEntry> entries;
  for (const auto& text : texts) {
    auto more = imported_entries(text, created);
    entries.insert(entries.end(), more.begin(), more.end());
  }
  return entries;
}

Archives open_archives(const DeskOptions& options) {
  Archives archives;
  // Decided by content (SQLite's 16-byte header), never by name. A file too short for the header
  // is text: an empty text archive excludes nothing, and nothing read here is ever written.
  for (const auto& path : options.archives) {
    if (is_sqlite_file(path))
      archives.readers.push_back(std::make_unique<ArchiveDb>(path));
    else
      archives.texts.push_back(path);
  }
  archives.text_entries = imported(archives.texts, "");
  for (const ArchiveEntry& entry : archives.text_entries) archives.text_keys.insert(entry.canonical);
  if (!options.update_archive.empty())
    archives.update = std::make_unique<ArchiveDb>(options.update_archive, ArchiveAccess::update);
  else if (!options.replace.empty())
    throw InputError("--replace", 0, 0,
                     "--replace needs an SQLite archive to withdraw from (--update-archive FILE.sqlite)");
  return archives;
}

// What the run must respect, read from the archives as they are now.
void plan_generation(const Plan& plan, const DeskOptions& options, const Archives& archives,
                     BookGenerationOptions& generation) {
  generation.archive = archives.text_keys;
  generation.published.clear();
  auto respect = [&](const ArchiveDb& archive, const std::vector<SlotName>& replace) {
    ArchivePlanning planning = plan_against_archive(archive, plan, replace);
    generation.archive.merge(planning.excluded);
    generation.published.merge(planning.expected);
  };
  for (const auto& reader : archives.readers) respect(*reader, {});
  if (archives.update) respect(*archives.update, options.replace);
}

}  // namespace

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

DeskResult run_with_archives(const Plan& plan, const DeskOptions& options,
                             const GenerationProgress& progress) {
  const Archives archives = open_archives(options);
  BookGenerationOptions generation = options.generation;
  // Kept until the archive update commits: a remade book and a --resume after a kill reuse its climbs.
  generation.keep_checkpoint = archives.update != nullptr;
  DeskResult result;
  for (;;) {
    plan_generation(plan, options, archives, generation);
    const std::size_t resumed = result.generation.resumed;
    result.generation = generate_book(plan, generation, progress);
    // A remade book reads every climb from the checkpoint: count what the user's run resumed.
    if (result.remade) result.generation.resumed = resumed;
    if (!archives.update) return result;
    const std::string created = utc_now();
    std::vector<ArchiveEntry> entries = archives.text_entries;
    for (ArchiveEntry& entry : entries) entry.created = created;
    auto made = archive_entries(plan, result.generation.book, created);
    entries.insert(entries.end(), made.begin(), made.end());
    const RecordOutcome outcome = archives.update->record(plan.publication, options.replace, entries);
    if (outcome.taken.empty()) {
      result.recorded = outcome.added;
      std::filesystem::remove(checkpoint_path(generation.output_directory));
      return result;
    }
    if (++result.remade > kMaxRemakes)
      throw GenerationError(options.update_archive + ": other desks took " +
                            std::to_string(outcome.taken.size()) + " of this book's puzzles again after " +
                            std::to_string(kMaxRemakes) +
                            " remakes; run it again (finished puzzles are kept for --resume)");
    generation.resume = true;
  }
}

std::size_t import_archives(const std::vector<std::string>& texts, const std::string& update_archive) {
  const std::vector<ArchiveEntry> entries = imported(texts, utc_now());
  ArchiveDb archive(update_archive, ArchiveAccess::update);
  return archive.record("", {}, entries).added;
}

}  // namespace sudoku
