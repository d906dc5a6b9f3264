// SPDX-License-Identifier: Apache-2.0
#include "sudoku/publish/archive_db.hpp"

#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <utility>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {
namespace {

// Schema version 1 (PRAGMA user_version). A later version adds columns or tables and migrates in
// ArchiveDb's constructor; a file of a newer version is refused rather than misread. Created inside
// the BEGIN IMMEDIATE transaction that found the file empty, so two creators take turns.
constexpr const char* kSchema = R"sql(
CREATE TABLE puzzles (
  id          INTEGER PRIMARY KEY,
  canonical   TEXT NOT NULL,
  puzzle      TEXT NOT NULL,
  solution    TEXT NOT NULL DEFAULT '',
  publication TEXT NOT NULL,
  date        TEXT NOT NULL DEFAULT '',
  slot        TEXT NOT NULL DEFAULT '',
  level       TEXT NOT NULL DEFAULT '',
  grades      TEXT NOT NULL DEFAULT '{}',
  book        TEXT NOT NULL DEFAULT '',
  created     TEXT NOT NULL,
  withdrawn   INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX puzzles_current_slot ON puzzles(publication, date, slot)
  WHERE withdrawn = 0 AND slot <> '';
)sql";

// One puzzle, whatever its symmetry, is archived once: the file itself refuses a repeat. Archives
// made before this index have a plain one (puzzles_canonical) and get this one on their next update
// when they hold no repeat; record() checks every key under the write lock either way.
constexpr const char* kUniqueKeys =
    "CREATE UNIQUE INDEX IF NOT EXISTS puzzles_canonical_key ON puzzles(canonical)";

// What SQLite's "file is not a database" becomes: for a reader, and for an update (which says what to
// do with a text archive instead).
constexpr const char* kNotADatabase = "not an SQLite archive (file is not a database)";
constexpr const char* kNotAnArchive =
    "not an SQLite archive (text archives are read-only: give them with --archive, and import them "
    "with --import-archive FILE --update-archive ARCHIVE.sqlite)";

// Throws for an SQLite failure `status`: a file that is not a database or is damaged is bad input
// (InputError), anything else (locked, unwritable, out of space) an IoError.
[[noreturn]] void fail(sqlite3* db, int status, const std::string& path) {
  const int primary = status & 0xff;
  if (primary == SQLITE_NOTADB) throw InputError(path, 0, 0, kNotADatabase);
  if (primary == SQLITE_CORRUPT)
    throw InputError(path, 0, 0, std::string("damaged archive (") + sqlite3_errmsg(db) + ")");
  throw IoError(path + ": " + sqlite3_errmsg(db));
}

// Runs SQL that returns no rows, throwing as fail() does.
void execute(sqlite3* db, const std::string& sql, const std::string& path) {
  const int status = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  if (status != SQLITE_OK) fail(db, status, path);
}

// A prepared statement, finalized on scope exit; bind() takes parameters in order from 1.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql, const std::string& path) : path_(path) {
    const int status = sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr);
    if (status != SQLITE_OK) fail(db, status, path);
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(const std::string& text) {
    sqlite3_bind_text(statement_, ++bound_, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int value) {
    sqlite3_bind_int(statement_, ++bound_, value);
    return *this;
  }
  // True while there is a row; false when done. InputError when the file is not a database or is
  // damaged; IoError on other failures.
  bool step() {
    const int status = sqlite3_step(statement_);
    if (status == SQLITE_ROW) return true;
    if (status == SQLITE_DONE) return false;
    fail(sqlite3_db_handle(statement_), status, path_);
  }
  // The whole value, NUL bytes included (a key read back must bind to the same key).
  std::string text(int column) const {
    const auto* value = sqlite3_column_text(statement_, column);
    if (value == nullptr) return {};
    return {reinterpret_cast<const char*>(value),
            static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }

 private:
  std::string path_;
  sqlite3_stmt* statement_ = nullptr;
  int bound_ = 0;
};

constexpr const char* kColumns =
    "canonical, puzzle, solution, publication, date, slot, level, grades, book, created, withdrawn";
constexpr const char* kColumnNames[] = {"canonical", "puzzle", "solution", "publication", "date",     "slot",
                                        "level",     "grades", "book",     "created",     "withdrawn"};

ArchiveEntry read_entry(const Statement& row) {
  ArchiveEntry entry;
  entry.canonical = row.text(0);
  entry.puzzle = row.text(1);
  entry.solution = row.text(2);
  entry.publication = row.text(3);
  entry.date = row.text(4);
  entry.slot = row.text(5);
  entry.level = row.text(6);
  entry.grades = row.text(7);
  entry.book = row.text(8);
  entry.created = row.text(9);
  entry.withdrawn = row.integer(10) != 0;
  return entry;
}

}  // namespace

SlotName parse_slot_name(const std::string& text) {
  const auto colon = text.find(':');
  SlotName name;
  if (colon != std::string::npos) name = {text.substr(0, colon), text.substr(colon + 1)};
  if (colon == std::string::npos || !is_iso_date(name.date) || name.slot.empty())
    throw InputError("--replace", 0, 0, "\"" + text + "\": expected DATE:SLOT, e.g. 2026-12-05:hard");
  return name;
}

bool is_sqlite_file(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return false;
  // The capped reader: a FIFO or a device is refused before a byte is read (a FIFO would hang here).
  InputFile file(path, SIZE_MAX, "an SQLite archive or a text archive");
  char header[16] = {};
  const auto got = file.stream().rdbuf()->sgetn(header, sizeof header);
  return got == sizeof header && std::string(header, sizeof header) == std::string("SQLite format 3", 16);
}

namespace {

// A writer killed inside its commit leaves a hot rollback journal (ARCHIVE-journal) that only a
// read-write connection may roll back; a read-only one fails with "attempt to write a readonly
// database". So a reader that finds a journal first opens the file read-write (never creating it)
// and reads its schema: SQLite rolls a hot journal back under the exclusive lock and leaves the
// journal of a live writer (not hot: that writer holds its lock) alone. The reader then opens
// read-only as usual. Without write permission the journal stays, and SQLite's error is reported.
void roll_back_hot_journal(const std::string& path) {
  std::error_code error;
  if (std::filesystem::file_size(path + "-journal", error) == 0 || error) return;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(db, 60000);
    sqlite3_exec(db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  }
  sqlite3_close(db);
}

}  // namespace

ArchiveDb::ArchiveDb(const std::string& path, ArchiveAccess access) : path_(path) {
  // An archive is never created through a link: a dangling one would make it somewhere else.
  std::error_code link_error;
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(path, link_error)) &&
      !std::filesystem::exists(path, link_error))
    throw IoError(path + ": a symbolic link to a missing file; an archive is never created through a link");
  const bool sqlite = is_sqlite_file(path);  // refuses a FIFO, a device or a folder
  // SQLite takes a file too short for its 16-byte header for an empty database and would write
  // over it: only a file with no bytes at all (new, or another desk's just-created archive) may be
  // created into. Anything else must carry the header.
  std::error_code size_error;
  const auto size = std::filesystem::file_size(path, size_error);
  if (!size_error && size > 0 && !sqlite)
    throw InputError(path, 0, 0, access == ArchiveAccess::read ? kNotADatabase : kNotAnArchive);
  if (access == ArchiveAccess::read && sqlite) roll_back_hot_journal(path);
  const int flags =
      access == ArchiveAccess::read ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw IoError(path + ": cannot open the archive: " + message);
  }
  // Another desk may hold the write lock for the length of its update: wait rather than fail.
  sqlite3_busy_timeout(db_, 60000);
  try {
    if (access == ArchiveAccess::read) {
      if (inspect() == State::empty)
        throw InputError(path, 0, 0, "an empty SQLite database, not an archive (nothing to read)");
    } else {
      open_for_update();
    }
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

ArchiveDb::State ArchiveDb::inspect() const {
  auto pragma = [&](const char* sql) {
    Statement query(db_, sql, path_);
    return query.step() ? query.integer(0) : 0;
  };
  // SQLite reads the header here: a file that is not a database fails with SQLITE_NOTADB.
  const auto application_id = pragma("PRAGMA application_id");
  const auto version = pragma("PRAGMA user_version");
  std::vector<std::string> objects;
  {
    Statement query(db_, "SELECT name FROM sqlite_schema ORDER BY name", path_);
    while (query.step()) objects.push_back(query.text(0));
  }
  {
    // integrity_check rather than quick_check: it also compares every index with its table, and an
    // index that misses a row would hide a printed puzzle from the key lookup (found by fuzzing).
    Statement check(db_, "PRAGMA integrity_check(1)", path_);
    std::string verdict = check.step() ? check.text(0) : "no answer";
    if (verdict != "ok") {
      // One line: "*** in database main ***\nPage 5: btreeInitPage() returns error code 11".
      const auto header = verdict.find("***\n");
      if (header != std::string::npos) verdict.erase(0, header + 4);
      for (char& c : verdict)
        if (c == '\n') c = ' ';
      throw InputError(path_, 0, 0, "damaged archive (PRAGMA integrity_check: " + verdict + ")");
    }
  }
  if (application_id != 0 && application_id != kApplicationId)
    throw InputError(path_, 0, 0,
                     "not a sudoku-press archive (application_id " + std::to_string(application_id) +
                         ", expected " + std::to_string(kApplicationId) + ")");
  if (version < 0)
    throw InputError(path_, 0, 0, "archive schema version " + std::to_string(version) + " is not valid");
  if (version > kSchemaVersion)
    throw InputError(path_, 0, 0,
                     "archive schema version " + std::to_string(version) + " is newer than this tool's (" +
                         std::to_string(kSchemaVersion) + ")");
  if (version == 0) {
    if (objects.empty() && application_id == 0) return State::empty;
    std::string names;
    for (const auto& name : objects) names += (names.empty() ? "" : ", ") + name;
    throw InputError(path_, 0, 0,
                     "not a sudoku-press archive (schema version 0" +
                         (names.empty() ? std::string() : ", tables " + names) + ")");
  }
  std::set<std::string> columns;
  {
    Statement query(db_, "SELECT name FROM pragma_table_info('puzzles')", path_);
    while (query.step()) columns.insert(query.text(0));
  }
  for (const char* column : kColumnNames)
    if (columns.count(column) == 0)
      throw InputError(path_, 0, 0,
                       std::string("not a sudoku-press archive (no column puzzles.") + column + ")");
  // A key stored as a number or blob never equals the text a lookup binds: that puzzle would not be
  // found.
  Statement keys(db_, "SELECT count(*) FROM puzzles WHERE typeof(canonical) <> 'text'", path_);
  if (keys.step() && keys.integer(0) != 0)
    throw InputError(path_, 0, 0,
                     "damaged archive (" + std::to_string(keys.integer(0)) + " canonical keys are not text)");
  return application_id == 0 ? State::unstamped : State::archive;
}

void ArchiveDb::open_for_update() {
  // A file SQLite opened read-write may still be read-only to this process.
  if (sqlite3_db_readonly(db_, "main") == 1)
    throw IoError(path_ + ": cannot write the archive (the file is read-only)");
  // The write lock first: a desk creating the archive at this moment finishes before we look.
  const int begun = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if ((begun & 0xff) == SQLITE_NOTADB) throw InputError(path_, 0, 0, kNotAnArchive);
  if (begun != SQLITE_OK) fail(db_, begun, path_);
  try {
    State state;
    try {
      state = inspect();
    } catch (const InputError& error) {
      if (error.message() == kNotADatabase) throw InputError(path_, 0, 0, kNotAnArchive);
      throw;
    }
    // A real write (page 1 into the rollback journal), rolled back below unless the file is new or
    // needs the stamp: an unwritable file or folder or a full disk shows here, before any work.
    const int probe = sqlite3_exec(db_, ("PRAGMA application_id = " + std::to_string(kApplicationId)).c_str(),
                                   nullptr, nullptr, nullptr);
    if (probe != SQLITE_OK) throw IoError(path_ + ": cannot write the archive: " + sqlite3_errmsg(db_));
    bool changed = state != State::archive;
    if (state == State::empty) {
      execute(
          db_,
          std::string(kSchema) + kUniqueKeys + "; PRAGMA user_version = " + std::to_string(kSchemaVersion),
          path_);
    } else {
      Statement index(db_, "SELECT count(*) FROM sqlite_schema WHERE name = 'puzzles_canonical_key'", path_);
      index.step();
      // An archive that already holds a repeat keeps its plain index (record() still checks every key).
      if (index.integer(0) == 0)
        changed = sqlite3_exec(db_, kUniqueKeys, nullptr, nullptr, nullptr) == SQLITE_OK || changed;
    }
    const int ended = sqlite3_exec(db_, changed ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
    if (ended != SQLITE_OK) throw IoError(path_ + ": cannot write the archive: " + sqlite3_errmsg(db_));
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

ArchiveDb::~ArchiveDb() {
  sqlite3_close(db_);
}

std::set<std::string> ArchiveDb::canonical_keys() const {
  std::set<std::string> keys;
  Statement query(db_, "SELECT canonical FROM puzzles", path_);
  while (query.step()) keys.insert(query.text(0));
  return keys;
}

std::vector<ArchiveEntry> ArchiveDb::find(const std::string& canonical) const {
  std::vector<ArchiveEntry> entries;
  Statement query(db_, std::string("SELECT ") + kColumns + " FROM puzzles WHERE canonical = ? ORDER BY id",
                  path_);
  query.bind(canonical);
  while (query.step()) entries.push_back(read_entry(query));
  return entries;
}

std::map<SlotName, ArchiveEntry> ArchiveDb::current_slots(const std::string& publication) const {
  std::map<SlotName, ArchiveEntry> slots;
  Statement query(db_,
                  std::string("SELECT ") + kColumns +
                      " FROM puzzles WHERE publication = ? AND slot <> '' AND withdrawn = 0",
                  path_);
  query.bind(publication);
  while (query.step()) {
    ArchiveEntry entry = read_entry(query);
    slots.emplace(SlotName{entry.date, entry.slot}, std::move(entry));
  }
  return slots;
}

std::size_t ArchiveDb::size() const {
  Statement query(db_, "SELECT count(*) FROM puzzles", path_);
  query.step();
  return static_cast<std::size_t>(query.integer(0));
}

RecordOutcome ArchiveDb::record(const std::string& publication, const std::vector<SlotName>& withdraw,
                                const std::vector<ArchiveEntry>& entries) {
  // Space first, before the transaction: a full disk found at the commit leaves the archive as it
  // was, but only after the run's work; here it is refused with one line before anything is written.
  // The estimate is an upper bound: every row and its key in the unique index, the rollback
  // journal's copy of each page they change (at most as many again), and a few pages of b-tree
  // interior and header per change.
  std::uint64_t payload = 0;
  for (const auto& entry : entries)
    payload += 64 + entry.canonical.size() * 2 + entry.puzzle.size() + entry.solution.size() +
               entry.publication.size() + entry.date.size() + entry.slot.size() + entry.level.size() +
               entry.grades.size() + entry.book.size() + entry.created.size();
  const auto page_size = [&] {  // the statement ends here: no read lies open under BEGIN below
    Statement page(db_, "PRAGMA page_size", path_);
    return static_cast<std::uint64_t>(page.step() ? page.integer(0) : 4096);
  }();
  check_free_space(path_, 2 * payload + (16 + withdraw.size()) * 2 * page_size, "the archive update");
  // IMMEDIATE takes the write lock now, so what is read below cannot change before the commit.
  const int begun = sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
  if (begun != SQLITE_OK) throw IoError(path_ + ": cannot start the archive update: " + sqlite3_errmsg(db_));
  RecordOutcome outcome;
  try {
    for (const auto& slot : withdraw) {
      Statement update(db_,
                       "UPDATE puzzles SET withdrawn = 1 WHERE publication = ? AND date = ? AND slot = ? "
                       "AND withdrawn = 0",
                       path_);
      update.bind(publication).bind(slot.date).bind(slot.slot).step();
    }
    for (const auto& entry : entries) {
      if (!entry.slot.empty()) {
        Statement current(db_,
                          "SELECT canonical FROM puzzles WHERE publication = ? AND date = ? AND slot = ? "
                          "AND withdrawn = 0",
                          path_);
        current.bind(entry.publication).bind(entry.date).bind(entry.slot);
        if (current.step()) {
          if (current.text(0) == entry.canonical) continue;  // a re-run of an archived slot
          throw InputError(path_, 0, 0,
                           entry.publication + " " + entry.date + ":" + entry.slot +
                               " already holds another puzzle (printed by another run); use --replace " +
                               entry.date + ":" + entry.slot + " to withdraw it");
        }
      }
      // The key under the write lock: another desk may have archived this puzzle since we planned.
      Statement archived(db_, "SELECT 1 FROM puzzles WHERE canonical = ? LIMIT 1", path_);
      archived.bind(entry.canonical);
      if (archived.step()) {
        if (!entry.slot.empty()) outcome.taken.insert(entry.canonical);
        continue;  // an imported puzzle that is archived already
      }
      if (!outcome.taken.empty()) continue;  // nothing is written; look for every taken key
      Statement insert(
          db_, std::string("INSERT INTO puzzles (") + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          path_);
      insert.bind(entry.canonical).bind(entry.puzzle).bind(entry.solution).bind(entry.publication);
      insert.bind(entry.date).bind(entry.slot).bind(entry.level).bind(entry.grades).bind(entry.book);
      insert.bind(entry.created).bind(entry.withdrawn ? 1 : 0).step();
      ++outcome.added;
    }
    if (!outcome.taken.empty()) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      outcome.added = 0;
      return outcome;
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
      throw IoError(path_ + ": cannot commit the archive update: " + sqlite3_errmsg(db_));
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return outcome;
}

ArchivePlanning plan_against_archive(const ArchiveDb& archive, const Plan& plan,
                                     const std::vector<SlotName>& replace) {
  ArchivePlanning planning;
  planning.excluded = archive.canonical_keys();
  const auto current = archive.current_slots(plan.publication);
  std::set<SlotName> to_replace(replace.begin(), replace.end());
  std::set<SlotName> planned;
  for (const auto& chapter : plan.chapters) {
    if (!chapter.slot) continue;
    const SlotName name{*chapter.date, *chapter.slot};
    planned.insert(name);
    const auto found = current.find(name);
    if (found == current.end() || to_replace.count(name) != 0) continue;
    planning.excluded.erase(found->second.canonical);
    planning.expected[name.date + "-" + name.slot] = found->second.canonical;
  }
  for (const auto& name : replace) {
    if (planned.count(name) == 0)
      throw InputError("--replace", 0, 0,
                       name.date + ":" + name.slot + ": not a slot of the plan's calendar");
    if (current.count(name) == 0)
      throw InputError(archive.path(), 0, 0,
                       name.date + ":" + name.slot + " of " + plan.publication +
                           " is not archived; there is nothing to replace");
  }
  return planning;
}

std::vector<ArchiveEntry> imported_entries(const std::string& text_archive, const std::string& created) {
  std::vector<ArchiveEntry> entries;
  const std::string publication = "imported:" + std::filesystem::path(text_archive).filename().string();
  for (const auto& puzzle : load_puzzles(text_archive)) {
    ArchiveEntry entry;
    entry.canonical = canonical_key(puzzle);
    entry.puzzle = to_line(puzzle);
    entry.publication = publication;
    entry.grades = "{}";
    entry.created = created;
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<ArchiveEntry> archive_entries(const Plan& plan, const Book& book, const std::string& created) {
  std::vector<ArchiveEntry> entries;
  for (std::size_t c = 0; c < book.chapters.size(); ++c) {
    for (const auto& puzzle : book.chapters[c].puzzles) {
      ArchiveEntry entry;
      entry.canonical = puzzle.canonical;
      entry.puzzle = to_line(puzzle.puzzle);
      entry.solution = to_line(puzzle.solution);
      entry.publication = plan.publication.empty() ? plan.title : plan.publication;
      entry.date = puzzle.date.value_or("");
      entry.slot = plan.chapters[c].slot.value_or("");
      entry.level = puzzle.level;
      char grades[128];
      std::snprintf(grades, sizeof grades, R"({"rating": %.2f, "rating_sd": %.2f, "givens": %d})",
                    puzzle.rating, puzzle.rating_sd, puzzle.givens);
      entry.grades = grades;
      entry.book = book.title + "/" + puzzle.id;
      entry.created = created;
      entries.push_back(std::move(entry));
    }
  }
  return entries;
}

}  // namespace sudoku
