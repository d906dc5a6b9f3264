// SPDX-License-Identifier: Apache-2.0
// The archive: every puzzle a publication printed, in an SQLite file (docs/desk.md has the schema).
//
// Contract: ArchiveDb owns one connection (RAII: closed on destruction, never copied). What a file
// is, is decided by its content through SQLite, never by its size or name. Opening refuses, with
// InputError naming the file, anything that is not a sudoku-press archive: not an SQLite file, a
// damaged one (PRAGMA integrity_check), another program's database (application_id, user_version or
// tables not ours), a negative or newer schema version. Opened for reading (the default) the file is
// never written: SQLITE_OPEN_READONLY. Opened for update, a missing or empty file becomes a new
// archive inside one BEGIN IMMEDIATE transaction (two desks creating it at once take turns), and a
// write is tried and rolled back at once, so an unwritable file or folder is refused (IoError) before
// any work. Every write is one IMMEDIATE transaction: it commits whole or not at all, and two desks
// writing at once take turns (a writer waits up to the busy timeout). Withdrawn puzzles stay in the
// archive: they are never printed again and never reused.
//   ArchiveDb archive("desk.sqlite");  // read-only; ArchiveDb("desk.sqlite", ArchiveAccess::update)
//   if (archive.canonical_keys().count(canonical_key(puzzle))) { /* already published */ }
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sudoku/generate/plan.hpp"
#include "sudoku/model/book.hpp"

struct sqlite3;

namespace sudoku {

// One archived puzzle (a row of the `puzzles` table).
struct ArchiveEntry {
  std::string canonical;    // canonical key: equal for every symmetry of the puzzle
  std::string puzzle;       // one line
  std::string solution;     // one line ("" when imported from a text archive)
  std::string publication;  // e.g. "daily-grid"; "imported:FILE" for text archives
  std::string date;         // "YYYY-MM-DD" or ""
  std::string slot;         // calendar slot ("hard", "easy-2") or ""
  std::string level;
  std::string grades;   // JSON: {"rating": 4.2, "rating_sd": 0, "givens": 26}
  std::string book;     // the book's title and the puzzle's id in it: "The Daily Grid/2026-12-05-hard"
  std::string created;  // UTC time of the archive update, "2026-11-24T01:40:00Z"
  bool withdrawn = false;
};

// A calendar slot of a publication, written DATE:SLOT on the command line ("2026-12-05:hard").
struct SlotName {
  std::string date;
  std::string slot;
  auto operator<=>(const SlotName&) const = default;
};
// InputError naming the text when it is not DATE:SLOT with a valid date.
SlotName parse_slot_name(const std::string& text);

// How an archive is opened: `read` never writes the file; `update` creates it when missing or empty.
enum class ArchiveAccess { read, update };

// What record() found: the entries whose canonical key another run archived since this run planned
// (their slots must be remade); nothing was written when it is not empty.
struct RecordOutcome {
  std::set<std::string> taken;  // canonical keys
  std::size_t added = 0;        // rows added (0 when `taken` is not empty)
};

class ArchiveDb {
 public:
  static constexpr int kSchemaVersion = 1;
  // PRAGMA application_id of a sudoku-press archive: "SPAR" in ASCII (0x53504152). Archives made
  // before it was set have 0 there; they are accepted by their schema and stamped on the next update.
  static constexpr int kApplicationId = 0x53504152;

  // Opens the archive at `path`. IoError when it cannot be opened (or, for update, written);
  // InputError when the file is not a sound archive of a known schema version.
  explicit ArchiveDb(const std::string& path, ArchiveAccess access = ArchiveAccess::read);
  ~ArchiveDb();
  ArchiveDb(const ArchiveDb&) = delete;
  ArchiveDb& operator=(const ArchiveDb&) = delete;

  const std::string& path() const { return path_; }
  // The canonical key of every archived puzzle, withdrawn ones included.
  std::set<std::string> canonical_keys() const;
  // Every entry with this canonical key (any symmetry of a puzzle has the same key), oldest first.
  std::vector<ArchiveEntry> find(const std::string& canonical) const;
  // The current (not withdrawn) puzzle of each slot of a publication, by slot.
  std::map<SlotName, ArchiveEntry> current_slots(const std::string& publication) const;
  std::size_t size() const;

  // In one transaction: marks the current puzzles of `withdraw` (of `publication`) withdrawn, then
  // adds `entries`, skipping an entry whose slot is already archived with the same puzzle and an
  // entry without a slot (an imported one) whose canonical key is archived. Every key is checked
  // under the write lock: a slot entry whose key is archived otherwise (another desk took that
  // puzzle since this run planned) is returned in `taken` and nothing is written. InputError when a
  // slot already holds another current puzzle (another desk printed it first): nothing is written.
  RecordOutcome record(const std::string& publication, const std::vector<SlotName>& withdraw,
                       const std::vector<ArchiveEntry>& entries);

 private:
  // What inspect() found: a new (empty) database, an archive made before the application_id, or one
  // stamped with it. It throws for anything else.
  enum class State { empty, unstamped, archive };
  State inspect() const;
  void open_for_update();

  std::string path_;
  sqlite3* db_ = nullptr;
};

// True when the file starts with SQLite's 16-byte header "SQLite format 3\0" (a database rather than
// a text archive). A missing or empty file is not one.
bool is_sqlite_file(const std::string& path);

// What a run of `plan` must respect in an archive: `excluded`, the keys no new puzzle may have
// (every archived puzzle except the current ones of the plan's own slots, which a re-run
// reproduces) and `expected`, the canonical key each already archived slot must get again. A slot
// in `replace` is neither: its puzzle is excluded and a new one made. InputError when a slot to
// replace is not in the plan or not archived.
struct ArchivePlanning {
  std::set<std::string> excluded;
  std::map<std::string, std::string> expected;  // puzzle id ("2026-12-05-hard") -> canonical key
};
ArchivePlanning plan_against_archive(const ArchiveDb& archive, const Plan& plan,
                                     const std::vector<SlotName>& replace);

// The puzzles of a text archive (one per line, labels allowed) as entries of the publication
// "imported:FILE" (FILE without its directory), for importing it into a database.
// InputError at the first malformed line, IoError when unreadable.
std::vector<ArchiveEntry> imported_entries(const std::string& text_archive, const std::string& created);

// The book's puzzles as archive entries of the plan's publication (or its title when it has none).
std::vector<ArchiveEntry> archive_entries(const Plan& plan, const Book& book, const std::string& created);

}  // namespace sudoku
