// SPDX-License-Identifier: Apache-2.0
// The Killer one-line form: cage letters, sums, optional givens (sudoku/killer_io.hpp).
#include "sudoku/model/killer_io.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <istream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "sudoku/base/text_input.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
static_assert(kLetters.size() == kMaxKillerLineCages);

int letter_index(char symbol) {
  const auto at = kLetters.find(symbol);
  return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

// One field of a line and the column (1-based) where it starts.
struct Field {
  std::string text;
  int column = 0;
};

std::vector<Field> split(const std::string& line) {
  std::vector<Field> fields;
  for (std::size_t i = 0; i < line.size();) {
    if (std::isspace(static_cast<unsigned char>(line[i])) != 0) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])) == 0) ++i;
    fields.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return fields;
}

struct LineError {
  int column;
  std::string message;
};

std::string quoted(char letter) {
  return std::string("cage '") + letter + "'";
}

// Reads one line's puzzle; throws LineError.
Grid read_line(const std::vector<Field>& fields, std::string& label) {
  const Field& map = fields[0];
  int size = 0;
  for (int candidate : Geometry::supported_sizes())
    if (static_cast<std::size_t>(candidate * candidate) == map.text.size() && candidate <= 16)
      size = candidate;
  if (size == 0) {
    throw LineError{map.column,
                    "expected 16, 36, 81, 144 or 256 cage letters (a-z, A-Z, '.' for no cage), got " +
                        std::to_string(map.text.size()) + " symbols"};
  }
  std::array<std::vector<int>, kLetters.size()> cells_of{};
  for (std::size_t i = 0; i < map.text.size(); ++i) {
    if (map.text[i] == '.') continue;
    const int letter = letter_index(map.text[i]);
    if (letter < 0) {
      throw LineError{map.column + static_cast<int>(i),
                      std::string("expected a cage letter (a-z, A-Z) or '.', got '") + map.text[i] + "'"};
    }
    cells_of[static_cast<std::size_t>(letter)].push_back(static_cast<int>(i));
  }
  if (fields.size() < 2)
    throw LineError{map.column + static_cast<int>(map.text.size()),
                    "expected the cage sums after the cage letters, e.g. a=3,b=15"};
  const Field& sums = fields[1];
  std::array<std::optional<int>, kLetters.size()> sum_of{};
  std::array<int, kLetters.size()> sum_column{};
  for (std::size_t at = 0; at <= sums.text.size();) {
    std::size_t end = sums.text.find(',', at);
    if (end == std::string::npos) end = sums.text.size();
    const std::string entry = sums.text.substr(at, end - at);
    const int column = sums.column + static_cast<int>(at);
    const int letter = entry.empty() ? -1 : letter_index(entry[0]);
    const bool digits =
        entry.size() > 2 && entry.size() <= 5 && entry[1] == '=' &&
        std::all_of(entry.begin() + 2, entry.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (letter < 0 || !digits)
      throw LineError{column, "expected LETTER=SUM (e.g. a=15), got \"" + entry + "\""};
    auto& slot = sum_of[static_cast<std::size_t>(letter)];
    if (slot) throw LineError{column, quoted(entry[0]) + " has two sums"};
    if (cells_of[static_cast<std::size_t>(letter)].empty())
      throw LineError{column, quoted(entry[0]) + " has a sum but no cell of the cage letters"};
    slot = std::stoi(entry.substr(2));
    sum_column[static_cast<std::size_t>(letter)] = column;
    at = end + 1;
  }
  // Cages in the order of their first cell; each checked alone so the message names its letter.
  std::vector<std::pair<int, int>> order;  // first cell, letter
  for (std::size_t letter = 0; letter < kLetters.size(); ++letter)
    if (!cells_of[letter].empty()) order.emplace_back(cells_of[letter].front(), static_cast<int>(letter));
  std::sort(order.begin(), order.end());
  const auto base = Geometry::standard(size);
  std::vector<Cage> cages;
  for (const auto& [first, letter] : order) {
    const char name = kLetters[static_cast<std::size_t>(letter)];
    const auto& sum = sum_of[static_cast<std::size_t>(letter)];
    if (!sum) throw LineError{sums.column, quoted(name) + " has no sum (add " + name + "=SUM)"};
    Cage cage{*sum, cells_of[static_cast<std::size_t>(letter)]};
    try {
      Geometry::killer({cage}, base);
    } catch (const std::invalid_argument& error) {
      std::string message = error.what();
      if (message.rfind("cage 1", 0) == 0) message = quoted(name) + message.substr(6);
      const bool about_sum = message.find(" sums to ") != std::string::npos;
      throw LineError{about_sum ? sum_column[static_cast<std::size_t>(letter)] : map.column + first, message};
    }
    cages.push_back(std::move(cage));
  }
  if (cages.empty()) throw LineError{map.column, "expected at least one cage letter, got only '.'"};
  Grid puzzle(Geometry::killer(std::move(cages), base));
  std::size_t next = 2;
  if (fields.size() > 2 && fields[2].text.size() == map.text.size()) {
    const Field& givens = fields[2];
    for (std::size_t i = 0; i < givens.text.size(); ++i) {
      const int value = symbol_value(givens.text[i], size);
      if (value < 0) {
        throw LineError{givens.column + static_cast<int>(i), std::string("expected a given 1-") +
                                                                 value_symbol(size) + " or '.', got '" +
                                                                 givens.text[i] + "'"};
      }
      puzzle.set(static_cast<int>(i), value);
    }
    next = 3;
  }
  for (std::size_t i = next; i < fields.size(); ++i) label += (label.empty() ? "" : " ") + fields[i].text;
  return puzzle;
}

}  // namespace

std::optional<PuzzleEntry> read_killer_line(const std::string& line, int number) {
  const std::vector<Field> fields = split(line);
  if (fields.empty() || fields[0].text[0] == '#') return std::nullopt;
  PuzzleEntry entry;
  entry.line = number;
  // A NUL byte (a damaged file) makes the line malformed; it never reaches a record.
  if (const auto nul = line.find('\0'); nul != std::string::npos) {
    entry.text = fields[0].text;
    std::replace(entry.text.begin(), entry.text.end(), '\0', '?');
    entry.error_line = number;
    entry.error_column = static_cast<int>(nul) + 1;
    entry.error = "NUL byte";
    return entry;
  }
  entry.text = fields[0].text + (fields.size() > 1 ? " " + fields[1].text : "");
  try {
    entry.grid = read_line(fields, entry.label);
    if (fields.size() > 2 && fields[2].text.size() == fields[0].text.size())
      entry.text += " " + fields[2].text;
  } catch (const LineError& error) {
    entry.error_line = number;
    entry.error_column = error.column;
    entry.error = error.message;
  }
  return entry;
}

// Entries carry line and column; the caller names the source (as read_puzzles' callers do).
std::vector<PuzzleEntry> read_killer_puzzles(std::istream& input, const std::string& source) {
  std::vector<PuzzleEntry> entries;
  LineReader lines(input, source, NulBytes::keep);
  for (std::string line; lines.next(line);)
    if (auto entry = read_killer_line(line, lines.line_number())) entries.push_back(std::move(*entry));
  return entries;
}

std::string to_killer_line(const Grid& puzzle) {
  const auto& cages = puzzle.geometry().cages();
  if (cages.empty()) throw std::invalid_argument("to_killer_line: the board has no cages");
  if (cages.size() > kLetters.size()) {
    throw std::invalid_argument("to_killer_line: " + std::to_string(cages.size()) + " cages, the form has " +
                                std::to_string(kLetters.size()) + " letters");
  }
  // Letters in the order of the cages' first cells, as the reader numbers them.
  std::vector<const Cage*> order;
  for (const Cage& cage : cages) order.push_back(&cage);
  std::sort(order.begin(), order.end(),
            [](const Cage* a, const Cage* b) { return a->cells.front() < b->cells.front(); });
  std::string map(static_cast<std::size_t>(puzzle.cell_count()), '.');
  std::string sums;
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (int cell : order[k]->cells) map[static_cast<std::size_t>(cell)] = kLetters[k];
    if (k > 0) sums.push_back(',');
    sums.push_back(kLetters[k]);
    sums.push_back('=');
    sums.append(std::to_string(order[k]->sum));
  }
  std::string line = map;
  line.push_back(' ');
  line.append(sums);
  if (puzzle.givens() > 0) {
    line.push_back(' ');
    line.append(to_line(puzzle));
  }
  return line;
}

}  // namespace sudoku
