// The archive: every puzzle a publication printed, in an SQLite file (docs/desk.md has the schema).
//
// Contract: ArchiveDb owns one connection (RAII: closed on destruction, never copied). Opening
// creates the schema in a new or empty file and refuses a file that is not an archive or has a newer
// schema (InputError naming the file). Every write is one IMMEDIATE transaction: it commits whole
// or not at all (a crash or kill leaves the archive as it was), and two desks writing at once take
// turns (SQLite's file lock; a writer waits up to the busy timeout). Withdrawn puzzles stay in the
// archive: they are never printed again and never reused.
//   ArchiveDb archive("desk.sqlite");
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

class ArchiveDb {
 public:
  static constexpr int kSchemaVersion = 1;

  // Opens (creating when missing) the archive at `path`. IoError when it cannot be opened;
  // InputError when the file is not an archive of a known schema version.
  explicit ArchiveDb(const std::string& path);
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
  // adds `entries`, skipping an entry whose slot (or, without a slot, whose publication and
  // canonical key) is already archived with the same puzzle. InputError when a slot already holds
  // another current puzzle (another desk printed it first): nothing is written then.
  void record(const std::string& publication, const std::vector<SlotName>& withdraw,
              const std::vector<ArchiveEntry>& entries);

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

// True when the file starts with SQLite's header (an archive database rather than a text archive).
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
