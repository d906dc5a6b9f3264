// SPDX-License-Identifier: Apache-2.0
// The desk: a generate-book run with its archives (docs/desk.md), as one library call.
//
// Contract: run_with_archives checks every archive before any work: the `archives` (text files or
// SQLite archives, told apart by their first 16 bytes; databases opened read-only, never written)
// and the `update_archive` (always SQLite: created when missing or empty, refused when it is text,
// another program's database, damaged, or cannot be written). It then plans against them, generates
// the book through generate_book (which writes the output), and records the book, and the text
// `archives` (imported), into `update_archive` in one transaction. Every key is checked again under
// the write lock: when another desk archived one of the book's puzzles in the meantime, the book is
// made again against the archive as it is now (the taken slots get their next attempts; every climb
// is reused from the checkpoint, so the rest comes out the same) and recorded again, up to
// kMaxRemakes times. InputError/IoError for bad archives, GenerationError as generate_book.
//   DeskOptions options{.archives = {"old.txt"}, .update_archive = "desk.sqlite"};
//   const DeskResult result = run_with_archives(read_plan("plan.json"), options);
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sudoku/generate/book_generation.hpp"
#include "sudoku/publish/archive_db.hpp"

namespace sudoku {

struct DeskOptions {
  std::vector<std::string> archives;  // --archive: text or SQLite, read only
  std::string update_archive;         // --update-archive: SQLite, or "" for none
  std::vector<SlotName> replace;      // --replace: slots of update_archive to withdraw and remake
  BookGenerationOptions generation;   // its archive and published are filled in from the archives
};

struct DeskResult {
  BookGenerationResult generation;
  std::size_t recorded = 0;  // rows added to update_archive
  int remade = 0;            // times the book was made again because another desk took a puzzle of it
};

// How often a run makes its book again when other desks keep taking its puzzles before giving up
// with GenerationError (each remake needs another desk's update between our planning and our update).
inline constexpr int kMaxRemakes = 20;

DeskResult run_with_archives(const Plan& plan, const DeskOptions& options,
                             const GenerationProgress& progress = {});

// Imports text archives into an SQLite archive (created when missing) as the publication
// "imported:FILE", in one transaction; returns the rows added (puzzles archived already are skipped).
// Every text file is read before the archive is opened.
std::size_t import_archives(const std::vector<std::string>& texts, const std::string& update_archive);

// "2026-11-24T01:50:00Z": now, as the archive's `created` column records it.
std::string utc_now();

}  // namespace sudoku
