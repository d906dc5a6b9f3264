// SPDX-License-Identifier: Apache-2.0
#include "sudoku/corpus/corpus_run.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/publish/archive_db.hpp"

namespace sudoku {
namespace {

struct Item {
  const std::string* file;
  PuzzleEntry entry;
};

// A malformed Killer or gattai line is a typing error in a layout, not a puzzle to report on: the
// first one is an InputError at its file, line and column naming the cage or the cell.
void check_layout_entry(const std::string& file, const PuzzleEntry& entry) {
  if (!entry.ok()) throw InputError(file, entry.error_line, entry.error_column, entry.error);
}

std::unique_ptr<ArchiveDb> open_archive(const std::string& path) {
  if (path.empty()) return nullptr;
  if (!std::filesystem::exists(path)) throw IoError(path + ": cannot open the archive: no such file");
  if (!is_sqlite_file(path))
    throw InputError(path, 0, 0, "expected an SQLite archive (generate-book --update-archive)");
  return std::make_unique<ArchiveDb>(path);
}

}  // namespace

CorpusRatingOptions corpus_rating_options(const CorpusRatingFlags& flags) {
  if (flags.explain && flags.no_rating)
    throw std::invalid_argument("--explain needs the ratings (drop --no-rating)");
  if (flags.audit && (flags.no_rating || flags.explain))
    throw std::invalid_argument("--audit needs the ratings and cannot go with --explain");
  CorpusRatingOptions options;
  options.jobs = flags.jobs;
  options.rate = !flags.no_rating;
  options.explain = flags.explain;
  options.audit = flags.audit;
  const auto set_if_given = [](MetricSettings& settings, const std::string& key, const std::string& value) {
    if (!value.empty()) settings[key] = value;
  };
  set_if_given(options.call_count_settings, "runs", flags.runs);
  set_if_given(options.call_count_settings, "propagation", flags.propagation);
  set_if_given(options.call_count_settings, "branching", flags.branching);
  set_if_given(options.call_count_settings, "cap", flags.cap);
  set_if_given(options.hs_settings, "strategies", flags.strategies);
  set_if_given(options.technique_settings, "max-technique", flags.max_technique);
  if (flags.no_uniqueness) options.technique_settings["uniqueness"] = "false";
  if (flags.invariant) options.technique_settings["order"] = "invariant";
  if (!flags.calibration.empty()) {
    options.calibration = read_calibration(flags.calibration);
    // Killer puzzles: a built-in scheme's Killer levels, or else the same file.
    auto killer = built_in_calibration(flags.calibration, 9, Variant::killer);
    options.killer_calibration = killer ? std::move(*killer) : options.calibration;
  }
  return options;
}

std::size_t count_corpus(const std::vector<std::string>& files, const ReadOptions& read) {
  std::size_t count = 0;
  for (const std::string& file : files)
    if (file != "-")
      for (PuzzleReader reader(file, read); reader.next();) ++count;
  return count;
}

CorpusRunResult run_corpus(const CorpusRunOptions& run, const CorpusRater& rater, std::ostream& out,
                           const std::function<void(std::size_t done)>& progress) {
  const bool layouts = run.read.variant == Variant::killer || run.read.gattai;
  std::vector<std::string> inputs = run.files;
  inputs.push_back(run.archive);
  if (!run.on_report) check_not_an_input(run.output, inputs);
  for (const std::string& file : run.files)
    if (layouts && file != "-")
      for (PuzzleReader check(file, run.read); auto entry = check.next();) check_layout_entry(file, *entry);
  std::vector<PuzzleReader> readers;
  for (const std::string& file : run.files) readers.emplace_back(file, run.read);
  const auto archive = open_archive(run.archive);
  std::optional<AtomicFileWriter> file;
  if (!run.output.empty() && !run.on_report) file.emplace(run.output);
  CorpusWriter writer(run.rating, run.format, [&](std::string_view bytes) {
    if (run.on_report) return;
    if (file) {
      file->write(bytes);
    } else if (!out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
      throw IoError("standard output: write error");
    }
  });

  bool large = false;
  std::size_t current = 0;
  ordered_parallel<Item, PuzzleReport>(
      rater.options().jobs, kCorpusWindow * static_cast<std::size_t>(std::max(1, rater.options().jobs)),
      [&]() -> std::optional<Item> {
        for (; current < readers.size(); ++current)
          if (auto entry = readers[current].next()) {
            if (layouts) check_layout_entry(run.files[current], *entry);
            return Item{&run.files[current], std::move(*entry)};
          }
        return std::nullopt;
      },
      [&](Item& item) { return rater.rate(*item.file, item.entry); },
      [&](PuzzleReport& report) {
        if (archive) mark_published(report, *archive);
        large = large || CorpusRater::needs_notes(report);
        writer.add(report);
        if (run.on_report) run.on_report(report);
      },
      progress,
      // Caught up with the input: what is written goes out now, so a client that sends one puzzle
      // down a pipe and waits gets its record (a file output is renamed into place at the end).
      [&] {
        if (!file && !run.on_report && !out.flush()) throw IoError("standard output: write error");
      });
  writer.finish();
  if (file) {
    file->commit();
  } else if (!run.on_report && !out.flush()) {
    throw IoError("standard output: write error");
  }
  return CorpusRunResult{writer.counts(), rater.notes(large)};
}

}  // namespace sudoku
