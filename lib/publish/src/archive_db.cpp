#include "sudoku/publish/archive_db.hpp"

#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <utility>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {
namespace {

// Schema version 1 (PRAGMA user_version). A later version adds columns or tables and migrates in
// ArchiveDb's constructor; a file of a newer version is refused rather than misread.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS puzzles (
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
CREATE INDEX IF NOT EXISTS puzzles_canonical ON puzzles(canonical);
CREATE UNIQUE INDEX IF NOT EXISTS puzzles_current_slot ON puzzles(publication, date, slot)
  WHERE withdrawn = 0 AND slot <> '';
)sql";

// A prepared statement, finalized on scope exit; bind() takes parameters in order from 1.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql, const std::string& path) : path_(path) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK)
      throw IoError(path + ": " + sqlite3_errmsg(db));
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
  // True while there is a row; false when done. IoError on failure.
  bool step() {
    const int status = sqlite3_step(statement_);
    if (status == SQLITE_ROW) return true;
    if (status == SQLITE_DONE) return false;
    throw IoError(path_ + ": " + sqlite3_errmsg(sqlite3_db_handle(statement_)));
  }
  std::string text(int column) const {
    const auto* value = sqlite3_column_text(statement_, column);
    return value == nullptr ? std::string() : reinterpret_cast<const char*>(value);
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }

 private:
  std::string path_;
  sqlite3_stmt* statement_ = nullptr;
  int bound_ = 0;
};

constexpr const char* kColumns =
    "canonical, puzzle, solution, publication, date, slot, level, grades, book, created, withdrawn";

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
  std::ifstream file(path, std::ios::binary);
  char header[16] = {};
  file.read(header, sizeof header);
  return file.gcount() == sizeof header &&
         std::string(header, sizeof header) == std::string("SQLite format 3", 16);
}

ArchiveDb::ArchiveDb(const std::string& path) : path_(path) {
  std::error_code size_error;
  if (std::filesystem::file_size(path, size_error) > 0 && !size_error && !is_sqlite_file(path))
    throw InputError(path, 0, 0, "not an SQLite archive (a text archive is given with --archive)");
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw IoError(path + ": cannot open the archive: " + message);
  }
  // Another desk may hold the write lock for the length of its update: wait rather than fail.
  sqlite3_busy_timeout(db_, 60000);
  try {
    Statement version(db_, "PRAGMA user_version", path_);
    version.step();
    const auto found = version.integer(0);
    if (found > kSchemaVersion)
      throw InputError(path, 0, 0,
                       "archive schema version " + std::to_string(found) + " is newer than this tool's (" +
                           std::to_string(kSchemaVersion) + ")");
    if (found == 0) {
      char* error = nullptr;
      const std::string create = std::string("BEGIN IMMEDIATE;") + kSchema +
                                 "PRAGMA user_version = " + std::to_string(kSchemaVersion) + "; COMMIT;";
      if (sqlite3_exec(db_, create.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw InputError(path, 0, 0, "not an archive database (" + message + ")");
      }
    }
  } catch (...) {
    sqlite3_close(db_);
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

void ArchiveDb::record(const std::string& publication, const std::vector<SlotName>& withdraw,
                       const std::vector<ArchiveEntry>& entries) {
  // IMMEDIATE takes the write lock now, so what is read below cannot change before the commit.
  if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
    throw IoError(path_ + ": cannot start the archive update: " + sqlite3_errmsg(db_));
  try {
    for (const auto& slot : withdraw) {
      Statement update(db_,
                       "UPDATE puzzles SET withdrawn = 1 WHERE publication = ? AND date = ? AND slot = ? "
                       "AND withdrawn = 0",
                       path_);
      update.bind(publication).bind(slot.date).bind(slot.slot).step();
    }
    for (const auto& entry : entries) {
      Statement existing(
          db_,
          entry.slot.empty()
              ? "SELECT canonical FROM puzzles WHERE publication = ? AND canonical = ?"
              : "SELECT canonical FROM puzzles WHERE publication = ? AND date = ? AND slot = ? "
                "AND withdrawn = 0",
          path_);
      existing.bind(entry.publication);
      if (entry.slot.empty())
        existing.bind(entry.canonical);
      else
        existing.bind(entry.date).bind(entry.slot);
      if (existing.step()) {
        if (existing.text(0) == entry.canonical) continue;  // a re-run of an archived slot
        throw InputError(path_, 0, 0,
                         entry.publication + " " + entry.date + ":" + entry.slot +
                             " already holds another puzzle (printed by another run); use --replace " +
                             entry.date + ":" + entry.slot + " to withdraw it");
      }
      Statement insert(
          db_, std::string("INSERT INTO puzzles (") + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          path_);
      insert.bind(entry.canonical).bind(entry.puzzle).bind(entry.solution).bind(entry.publication);
      insert.bind(entry.date).bind(entry.slot).bind(entry.level).bind(entry.grades).bind(entry.book);
      insert.bind(entry.created).bind(entry.withdrawn ? 1 : 0).step();
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
      throw IoError(path_ + ": cannot commit the archive update: " + sqlite3_errmsg(db_));
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
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
