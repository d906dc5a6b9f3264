// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/book.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/base/output_set.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {
namespace {

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();

std::string supported_lengths() {
  std::string text;
  const auto sizes = Geometry::supported_sizes();
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (i > 0) text += i + 1 == sizes.size() ? " or " : ", ";
    text += std::to_string(sizes[i] * sizes[i]);
  }
  return text;
}

// The size a one-line grid of `length` symbols has, 0 when no supported size fits.
int size_for_length(std::size_t length) {
  for (int size : Geometry::supported_sizes())
    if (static_cast<std::size_t>(size * size) == length) return size;
  return 0;
}

// Reads a one-line grid. `expected_size` is 0 when any supported size will do; the grid is built on
// `geometry` when given (its size is then the expected one), else on the standard board.
Grid read_grid(const JsonField& field, int expected_size,
               const std::shared_ptr<const Geometry>& geometry = nullptr) {
  if (geometry) expected_size = geometry->size();
  const std::string text = field.as_string();
  if (expected_size != 0 && text.size() != static_cast<std::size_t>(expected_size * expected_size)) {
    field.fail("expected " + std::to_string(expected_size * expected_size) + " symbols (a " +
               std::to_string(expected_size) + "x" + std::to_string(expected_size) +
               " grid on one line), got " + std::to_string(text.size()));
  }
  const int size = size_for_length(text.size());
  if (size == 0) {
    field.fail("expected " + supported_lengths() + " symbols (a grid on one line), got " +
               std::to_string(text.size()));
  }
  Grid grid(geometry ? geometry : Geometry::standard(size));
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int value = symbol_value(text[i], size);
    if (value < 0) {
      field.fail("bad symbol '" + std::string(1, text[i]) + "' at position " + std::to_string(i + 1) +
                 " (a " + std::to_string(size) + "x" + std::to_string(size) + " grid uses '1'-'" +
                 std::string(1, value_symbol(size)) + "' and '.' for a blank)");
    }
    grid.set(static_cast<int>(i), value);
  }
  return grid;
}

std::uint64_t read_unsigned(const JsonField& field) {
  const boost::json::value* value = field.raw();
  if (value != nullptr && value->is_uint64()) return value->get_uint64();
  return static_cast<std::uint64_t>(field.as_integer(0, kMaxInt));
}

std::optional<std::string> read_date(const JsonField& field) {
  if (!field.present()) return std::nullopt;
  std::string text = field.as_string();
  if (!is_iso_date(text)) field.fail("expected a date written YYYY-MM-DD, got \"" + text + "\"");
  return text;
}

boost::json::object read_object(const JsonField& field) {
  const boost::json::value* value = field.raw();
  if (value == nullptr || !value->is_object()) field.fail("expected an object");
  return value->get_object();
}

std::string read_nonempty_string(const JsonField& field) {
  std::string text = field.as_string();
  if (text.empty()) field.fail("must not be empty");
  return text;
}

// Killer: with "variant": "killer", "cages" ([{"sum": 15, "cells": [0, 1, 10]}, ...]) is required
// and the puzzle and its solution move onto the cages' board; the solution must meet every sum.
bool is_killer(const JsonField& puzzle) {
  const JsonField variant = puzzle["variant"];
  return variant.present() && variant.as_string() == "killer";
}

void read_killer_cages(const JsonField& field, BookPuzzle& puzzle) {
  const JsonField cages_field = field["cages"];
  if (!is_killer(field)) {
    if (cages_field.present()) cages_field.fail("cages need \"variant\": \"killer\"");
    return;
  }
  const auto geometry = read_cages_field(field.required("cages"), puzzle.puzzle.geometry_ptr());
  std::istringstream canonical(puzzle.canonical);
  const auto key = read_killer_puzzles(canonical, "canonical");
  if (key.size() != 1 || !key.front().ok())
    field.required("canonical")
        .fail("expected a Killer key: cage letters, sums and givens (docs/formats.md)");
  puzzle.puzzle = on_geometry(puzzle.puzzle, geometry);
  puzzle.solution = on_geometry(puzzle.solution, geometry);
  for (std::size_t k = 0; k < geometry->cages().size(); ++k) {
    const Cage& cage = geometry->cages()[k];
    int sum = 0;
    for (int cell : cage.cells) sum += puzzle.solution[cell];
    if (sum != cage.sum) {
      field.required("solution")
          .fail("breaks cage " + std::to_string(k + 1) + " (" + cell_name(*geometry, cage.cells.front()) +
                "...): its cells add up to " + std::to_string(sum) + ", not " + std::to_string(cage.sum));
    }
  }
  if (const auto conflict = find_conflict(puzzle.solution)) {
    field.required("solution")
        .fail("repeats a value in a cage at " + cell_name(*geometry, conflict->first) + " and " +
              cell_name(*geometry, conflict->second));
  }
}

// A gattai puzzle (with "shape"): its board, puzzle and solution in the board form, a key naming the
// shape. Returns false for puzzles of a single grid.
bool read_gattai_puzzle(const JsonField& field, BookPuzzle& puzzle) {
  const JsonField shape = field["shape"];
  if (!shape.present()) return false;
  for (const char* key : {"variant", "regions", "cages"})
    if (field[key].present()) field[key].fail("a gattai puzzle (one with a \"shape\") has the classic rules");
  const auto board = read_shape_field(shape);
  puzzle.puzzle = read_gattai_field(field.required("puzzle"), board);
  puzzle.solution = read_gattai_field(field.required("solution"), board);
  return true;
}

// The board of a puzzle of `size`: its "variant" (classic when absent) and, for jigsaw, its
// "regions"; for Killer, the standard board its cages are added to.
std::shared_ptr<const Geometry> read_rules(const JsonField& field, int size) {
  // A Killer puzzle is read on the standard board; read_killer_cages moves it onto its cages.
  if (is_killer(field)) return Geometry::standard(size);
  const JsonField variant_field = field["variant"];
  const Variant variant = variant_field.present() ? read_variant_field(variant_field) : Variant::classic;
  if (variant == Variant::jigsaw) return read_regions_field(field.required("regions"), size);
  if (const JsonField regions = field["regions"]; regions.present())
    regions.fail("only jigsaw puzzles have regions");
  try {
    return Geometry::variant(variant, size);
  } catch (const std::invalid_argument& error) {
    variant_field.fail(error.what());
  }
}

BookPuzzle read_puzzle(const JsonField& field, int expected_size) {
  field.allow_only({"id", "puzzle", "solution", "variant", "regions", "cages", "shape", "rating", "rating_sd",
                    "level", "target", "givens", "canonical", "seed", "iterations", "date", "number"});
  BookPuzzle puzzle;
  puzzle.id = read_nonempty_string(field.required("id"));
  const JsonField puzzle_field = field.required("puzzle");
  const JsonField solution_field = field.required("solution");
  const bool gattai = read_gattai_puzzle(field, puzzle);
  // A gattai board's grids are 9x9, whatever size the plan gives its single grids.
  const int size = gattai ? 9 : read_grid(puzzle_field, expected_size).size();
  if (!gattai) {
    // One board shared by the puzzle and its solution.
    const std::shared_ptr<const Geometry> geometry = read_rules(field, size);
    puzzle.puzzle = read_grid(puzzle_field, size, geometry);
    puzzle.solution = read_grid(solution_field, size, geometry);
  }
  if (!puzzle.solution.is_complete()) solution_field.fail("has blanks; a solution must be complete");
  if (const auto conflict = find_conflict(puzzle.solution)) {
    solution_field.fail("is not a valid solution: " + cell_name(puzzle.solution.geometry(), conflict->first) +
                        " and " + cell_name(puzzle.solution.geometry(), conflict->second) + " both hold " +
                        std::string(1, value_symbol(puzzle.solution[conflict->first])));
  }
  for (int cell = 0; cell < puzzle.puzzle.cell_count(); ++cell) {
    if (puzzle.puzzle[cell] != 0 && puzzle.puzzle[cell] != puzzle.solution[cell]) {
      solution_field.fail("contradicts the puzzle at " + cell_name(puzzle.puzzle.geometry(), cell) +
                          " (given " + std::string(1, value_symbol(puzzle.puzzle[cell])) + ", solution " +
                          std::string(1, value_symbol(puzzle.solution[cell])) + ")");
    }
  }
  puzzle.rating = field.required("rating").as_number();
  puzzle.rating_sd = field.required("rating_sd").as_number();
  if (puzzle.rating_sd < 0) field.required("rating_sd").fail("must not be negative");
  puzzle.level = read_nonempty_string(field.required("level"));
  puzzle.target = field.required("target").as_number();
  const JsonField givens_field = field.required("givens");
  puzzle.givens = static_cast<int>(givens_field.as_integer(0, puzzle.puzzle.cell_count()));
  if (puzzle.givens != puzzle.puzzle.givens()) {
    givens_field.fail("says " + std::to_string(puzzle.givens) + " but the puzzle has " +
                      std::to_string(puzzle.puzzle.givens()) + " givens");
  }
  const JsonField canonical_field = field.required("canonical");
  puzzle.canonical = canonical_field.as_string();
  // The grid of the key has the puzzle's alphabet and length; a variant's key names the variant first
  // (and a jigsaw key ends with the layout), as canonical.hpp writes it.
  // A Killer key is a Killer line, checked by read_killer_cages (which also refuses cages on a
  // puzzle that is not a Killer).
  if (is_killer(field) || field["cages"].present()) {
    // read_killer_cages below
  } else if (const GattaiShape* shape = puzzle.puzzle.geometry().gattai_shape()) {
    const std::string prefix = shape->name + " ";
    if (!puzzle.canonical.starts_with(prefix) || puzzle.canonical.size() < prefix.size() +
                                                                               static_cast<std::size_t>(puzzle.puzzle.cell_count()))
      canonical_field.fail("expected the canonical key of a " + shape->name + " puzzle (\"" + prefix + "CELLS\")");
  } else if (const Variant variant = puzzle.puzzle.geometry().variant(); variant != Variant::classic) {
    const std::string prefix = std::string(variant_name(variant)) + " ";
    const std::size_t grid_length = static_cast<std::size_t>(size * size);
    const std::size_t length =
        prefix.size() + grid_length + (variant == Variant::jigsaw ? 1 + grid_length : 0);
    if (!puzzle.canonical.starts_with(prefix) || puzzle.canonical.size() != length)
      canonical_field.fail("expected the canonical key of a " + std::string(variant_name(variant)) +
                           " puzzle (\"" + prefix + "GRID" + (variant == Variant::jigsaw ? " REGIONS" : "") +
                           "\")");
  } else {
    read_grid(canonical_field, size);
  }
  puzzle.seed = read_unsigned(field.required("seed"));
  puzzle.iterations = field.required("iterations").as_integer(0, kMaxInt);
  puzzle.date = read_date(field["date"]);
  if (const JsonField number = field["number"]; number.present())
    puzzle.number = static_cast<int>(number.as_integer(1, std::numeric_limits<int>::max()));
  read_killer_cages(field, puzzle);
  return puzzle;
}

BookChapter read_chapter(const JsonField& field, int expected_size) {
  field.allow_only({"title", "level", "date", "puzzles"});
  BookChapter chapter;
  chapter.title = field.required("title").as_string();
  chapter.level = read_nonempty_string(field.required("level"));
  chapter.date = read_date(field["date"]);
  const JsonField puzzles = field.required("puzzles");
  const std::size_t count = puzzles.array_size();
  chapter.puzzles.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    chapter.puzzles.push_back(read_puzzle(puzzles.element(i), expected_size));
  return chapter;
}

// A supported size named by `field` (the plan's or a chapter's "size"), 0 when it names none.
int stated_size(const JsonField& field) {
  if (!field.present() || !field.is_number()) return 0;
  const double value = field.as_number();
  for (int supported : Geometry::supported_sizes())
    if (value == supported) return supported;
  return 0;
}

// The grid size each of `count` book chapters must have, from the plan, so that every grid can be
// checked against it; 0 where any supported size will do. A plan chapter's own "size" wins over the
// plan's (a book may mix sizes: a 6x6 warm-up in a 9x9 book). When the plan's chapters do not map
// one to one onto the book's (a calendar adds its days), a plan that mixes sizes checks none.
std::vector<int> chapter_sizes(const JsonField& plan, std::size_t count) {
  const int book_size = stated_size(plan["size"]);
  const JsonField chapters = plan["chapters"];
  const std::size_t planned = chapters.present() && chapters.raw()->is_array() ? chapters.array_size() : 0;
  const auto own_size = [&](std::size_t i) -> std::optional<int> {
    const JsonField chapter = chapters.element(i);
    if (!chapter.raw()->is_object() || !chapter["size"].present()) return std::nullopt;
    return stated_size(chapter["size"]);
  };
  if (planned == count && !plan["calendar"].present()) {
    std::vector<int> sizes;
    for (std::size_t i = 0; i < count; ++i) sizes.push_back(own_size(i).value_or(book_size));
    return sizes;
  }
  for (std::size_t i = 0; i < planned; ++i)
    if (own_size(i)) return std::vector<int>(count, 0);
  return std::vector<int>(count, book_size);
}

boost::json::object puzzle_to_json(const BookPuzzle& puzzle) {
  boost::json::object object;
  object["id"] = puzzle.id;
  object["puzzle"] = to_line(puzzle.puzzle);
  object["solution"] = to_line(puzzle.solution);
  if (const GattaiShape* shape = puzzle.puzzle.geometry().gattai_shape()) object["shape"] = shape_field_text(*shape);
  // Classic puzzles say nothing, so books without variants read and write as before.
  if (const Geometry& geometry = puzzle.puzzle.geometry(); geometry.variant() != Variant::classic) {
    object["variant"] = variant_name(geometry.variant());
    if (geometry.variant() == Variant::jigsaw) object["regions"] = regions_line(geometry);
  }
  object["rating"] = puzzle.rating;
  object["rating_sd"] = puzzle.rating_sd;
  object["level"] = puzzle.level;
  object["target"] = puzzle.target;
  object["givens"] = puzzle.givens;
  object["canonical"] = puzzle.canonical;
  object["seed"] = puzzle.seed;
  object["iterations"] = puzzle.iterations;
  if (puzzle.date) object["date"] = *puzzle.date;
  if (puzzle.number) object["number"] = *puzzle.number;
  if (!puzzle.puzzle.geometry().cages().empty()) object["cages"] = cages_to_json(puzzle.puzzle.geometry());
  return object;
}

}  // namespace

std::shared_ptr<const Geometry> read_shape_field(const JsonField& field) {
  try {
    return Geometry::gattai(parse_gattai_shape(field.as_string()));
  } catch (const std::invalid_argument& error) {
    field.fail(error.what());
  }
}

Grid read_gattai_field(const JsonField& field, const std::shared_ptr<const Geometry>& board) {
  const std::string text = field.as_string();
  try {
    return parse_gattai_line(text, board);
  } catch (const GattaiLineError& error) {
    field.fail(error.message + " (at position " + std::to_string(error.column) + ")");
  }
}

std::string shape_field_text(const GattaiShape& shape) {
  return gattai_shape_named(shape.name) ? shape.name : gattai_shape_text(shape);
}

Variant read_variant_field(const JsonField& field, bool killer) {
  const std::string name = field.as_string();
  const auto variant = parse_variant(name);
  if (!variant || (*variant == Variant::killer && !killer))
    field.fail(std::string("expected classic, x, windoku, asterisk, centre-dot") +
               (killer ? ", jigsaw or killer" : " or jigsaw") + ", got \"" + name + "\"");
  return *variant;
}

std::shared_ptr<const Geometry> read_cages_field(const JsonField& list,
                                                 const std::shared_ptr<const Geometry>& base) {
  std::vector<Cage> cages;
  for (std::size_t i = 0; i < list.array_size(); ++i) {
    const JsonField element = list.element(i);
    element.allow_only({"sum", "cells"});
    Cage cage;
    cage.sum = static_cast<int>(element.required("sum").as_integer(1, kMaxCells * kMaxSize));
    const JsonField cells = element.required("cells");
    for (std::size_t j = 0; j < cells.array_size(); ++j)
      cage.cells.push_back(static_cast<int>(cells.element(j).as_integer(0, base->cell_count() - 1)));
    cages.push_back(std::move(cage));
  }
  try {
    return Geometry::killer(cages, base);
  } catch (const std::invalid_argument& error) {
    list.fail(error.what());
  }
}

boost::json::array cages_to_json(const Geometry& geometry) {
  boost::json::array cages;
  for (const Cage& cage : geometry.cages()) {
    boost::json::array cells;
    for (int cell : cage.cells) cells.push_back(cell);
    cages.push_back({{"sum", cage.sum}, {"cells", std::move(cells)}});
  }
  return cages;
}

std::shared_ptr<const Geometry> read_regions_field(const JsonField& field, int size) {
  const std::string text = field.as_string();
  if (text.size() != static_cast<std::size_t>(size * size)) {
    field.fail("expected " + std::to_string(size * size) + " region ids (one per cell of a " +
               std::to_string(size) + "x" + std::to_string(size) + " grid), got " +
               std::to_string(text.size()));
  }
  int fault = 0;
  try {
    return parse_regions(text, &fault);
  } catch (const std::invalid_argument& error) {
    field.fail("bad region map at position " + std::to_string(fault + 1) + ": " + error.what());
  }
}

std::size_t Book::puzzle_count() const {
  std::size_t count = 0;
  for (const auto& chapter : chapters) count += chapter.puzzles.size();
  return count;
}

bool is_iso_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  auto number = [&](std::size_t from, std::size_t length) {
    int value = 0;
    for (std::size_t i = from; i < from + length; ++i) {
      if (text[i] < '0' || text[i] > '9') return -1;
      value = value * 10 + (text[i] - '0');
    }
    return value;
  };
  const int year = number(0, 4);
  const int month = number(5, 2);
  const int day = number(8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

Book parse_book(std::string_view text, const std::string& source) {
  const JsonDocument document = parse_json(text, source);
  const JsonField root(document);
  root.allow_only({"title", "author", "front-matter", "plan", "seed", "tool_version", "calibration", "chapters"});
  Book book;
  book.title = root.required("title").as_string();
  book.author = root.required("author").as_string();
  if (const JsonField front = root["front-matter"]; front.present()) book.front = read_front_matter(front);
  const JsonField plan = root.required("plan");
  book.plan = read_object(plan);
  book.seed = read_unsigned(root.required("seed"));
  book.tool_version = root.required("tool_version").as_string();
  book.calibration = read_object(root.required("calibration"));
  const JsonField chapters = root.required("chapters");
  const std::size_t count = chapters.array_size();
  const std::vector<int> expected_sizes = chapter_sizes(plan, count);
  book.chapters.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    book.chapters.push_back(read_chapter(chapters.element(i), expected_sizes[i]));
  return book;
}

Book read_book(const std::string& path) {
  // A book folder whose install a kill interrupted is finished (or refused) before it is read.
  if (path != "-") settle_output_set(std::filesystem::path(path).parent_path().empty()
                                         ? std::string(".")
                                         : std::filesystem::path(path).parent_path().string());
  return parse_book(read_text_file(path), path);
}

std::string book_to_json(const Book& book) {
  boost::json::object root;
  root["title"] = book.title;
  root["author"] = book.author;
  if (book.front) root["front-matter"] = front_matter_to_json(*book.front);
  root["plan"] = book.plan;
  root["seed"] = book.seed;
  root["tool_version"] = book.tool_version;
  root["calibration"] = book.calibration;
  boost::json::array chapters;
  for (const auto& chapter : book.chapters) {
    boost::json::object object;
    object["title"] = chapter.title;
    object["level"] = chapter.level;
    if (chapter.date) object["date"] = *chapter.date;
    boost::json::array puzzles;
    for (const auto& puzzle : chapter.puzzles) puzzles.push_back(puzzle_to_json(puzzle));
    object["puzzles"] = std::move(puzzles);
    chapters.push_back(std::move(object));
  }
  root["chapters"] = std::move(chapters);
  return pretty_json(root);
}

std::string checked_book_json(const Book& book, const std::string& path) {
  std::string text = book_to_json(book);
  // A book the reader would reject is a generator bug: catch it here rather than at typesetting.
  parse_book(text, path + " (as written)");
  return text;
}

void write_book(const Book& book, const std::string& path) {
  write_file_atomically(path, checked_book_json(book, path));
}

}  // namespace sudoku
