// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/puzzle_io.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/killer_io.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kSpace = " \t";

bool is_rule_line(std::string_view line) {
  // "------+-------+------" between bands of a separated grid.
  return line.find_first_not_of(" \t-+=|") == std::string_view::npos &&
         line.find('-') != std::string_view::npos;
}

// Side length whose square is `length`, when that is a supported size; 0 otherwise.
int size_for_line_length(std::size_t length) {
  for (int n : Geometry::supported_sizes())
    if (static_cast<std::size_t>(n * n) == length) return n;
  return 0;
}

// The supported size whose puzzle length is nearest to `length`, to word "80 symbols" as "a 9x9
// puzzle with one symbol missing".
int nearest_size(std::size_t length) {
  int nearest = 9;
  const auto distance = [length](int n) {
    return std::abs(static_cast<long>(n * n) - static_cast<long>(length));
  };
  for (int n : Geometry::supported_sizes())
    if (distance(n) < distance(nearest)) nearest = n;
  return nearest;
}

bool is_supported_size(int n) {
  const auto sizes = Geometry::supported_sizes();
  return std::find(sizes.begin(), sizes.end(), n) != sizes.end();
}

std::string expected_symbols(int size) {
  std::string text = "1-";
  text += value_symbol(size);
  return text + ", '.' or '0'";
}

std::string describe_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x21 && byte < 0x7f) return std::string("'") + c + "'";
  std::ostringstream text;
  text << "byte 0x" << std::hex << static_cast<int>(byte);
  return text.str();
}

// A 16-symbol token is either a 4x4 puzzle on one line or one row of a 16x16 grid: a symbol beyond
// 4 settles it; otherwise the 4x4 reading wins unless the size is forced.
bool looks_like_4x4_line(std::string_view token) {
  return std::all_of(token.begin(), token.end(), [](char c) { return symbol_value(c, 4) >= 0; });
}

struct Failure {
  int column;
  std::string message;
};

// Fills `grid` from `symbols` (one symbol per cell). Returns the first bad symbol's index and message.
std::optional<Failure> fill_cells(Grid& grid, std::string_view symbols, const std::vector<int>& columns) {
  const int n = grid.size();
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    const int value = symbol_value(symbols[i], n);
    if (value < 0) {
      return Failure{columns.empty() ? static_cast<int>(i) + 1 : columns[i],
                     "unexpected " + describe_char(symbols[i]) + " in a " + grid.geometry().describe() +
                         " puzzle (expected " + expected_symbols(n) + ")"};
    }
    grid.set(static_cast<int>(i), value);
  }
  return std::nullopt;
}

class Reader {
 public:
  Reader(std::string source, const ReadOptions& options) : source_(std::move(source)), options_(options) {}

  // The next entry, reading lines until one is complete; nullopt at the end of the input.
  std::optional<PuzzleEntry> next(LineReader& lines) {
    while (entries_.empty() && !ended_) {
      if (lines.next(line_)) {
        line_number_ = lines.line_number();
        consume(line_);
      } else {
        ended_ = true;
        finish_block("end of input");
      }
    }
    if (entries_.empty()) return std::nullopt;
    PuzzleEntry entry = std::move(entries_.front());
    entries_.pop_front();
    return entry;
  }

 private:
  void consume(std::string_view line) {
    // A NUL byte (a damaged file) makes its line's puzzle malformed; it never reaches a record.
    if (const auto nul = line.find('\0'); nul != std::string_view::npos) {
      finish_block("a NUL byte");
      PuzzleEntry entry;
      entry.line = line_number_;
      const auto start = std::min(line.find_first_not_of(kSpace), nul);
      entry.text = std::string(line.substr(start, line.find_first_of(kSpace, start) - start));
      std::replace(entry.text.begin(), entry.text.end(), '\0', '?');
      fail(entry, line_number_, static_cast<int>(nul) + 1, "NUL byte");
      return;
    }
    const auto first = line.find_first_not_of(kSpace);
    if (first == std::string_view::npos || line[first] == '#') {
      finish_block(first == std::string_view::npos ? "a blank line" : "a comment");
      return;
    }
    if (is_rule_line(line)) return;
    // A jigsaw puzzle needs its region map beside it, which only the one-line form has.
    if (options_.variant == Variant::jigsaw) {
      const auto token_end = line.find_first_of(kSpace, first);
      read_one_line(line, first,
                    line.substr(first, token_end == std::string_view::npos ? line.npos : token_end - first));
      return;
    }
    if (block_.rows.empty()) {
      const auto token_end = line.find_first_of(kSpace, first);
      const std::string_view token = line.substr(
          first, token_end == std::string_view::npos ? std::string_view::npos : token_end - first);
      if (is_one_line_puzzle(token)) {
        read_one_line(line, first, token);
        return;
      }
    }
    add_grid_row(line);
  }

  bool is_one_line_puzzle(std::string_view token) const {
    if (token.find('|') != std::string_view::npos) return false;
    if (options_.size != 0) {
      return token.size() == static_cast<std::size_t>(options_.size * options_.size) ||
             token.size() > static_cast<std::size_t>(options_.size);
    }
    const int n = size_for_line_length(token.size());
    if (n == 4) return looks_like_4x4_line(token);
    return n != 0 || token.size() > static_cast<std::size_t>(kMaxSize);
  }

  void read_one_line(std::string_view line, std::size_t first, std::string_view token) {
    PuzzleEntry entry;
    entry.line = line_number_;
    entry.text = std::string(token);
    std::string_view regions;
    std::size_t regions_start = first + token.size();
    if (options_.variant == Variant::jigsaw) {
      regions_start = line.find_first_not_of(kSpace, regions_start);
      if (regions_start == std::string_view::npos) {
        fail(entry, line_number_, static_cast<int>(line.size()) + 1,
             "expected the region map after the givens (a jigsaw line is GIVENS REGIONS [label], REGIONS "
             "one region id per cell)");
        return;
      }
      regions = line.substr(regions_start);
      regions = regions.substr(0, regions.find_first_of(kSpace));
    }
    const auto label_start = line.find_first_not_of(kSpace, regions_start + regions.size());
    if (label_start != std::string_view::npos) {
      auto label = line.substr(label_start);
      label = label.substr(0, label.find_last_not_of(kSpace) + 1);
      entry.label = std::string(label);
    }
    const int column0 = static_cast<int>(first) + 1;
    const int n = options_.size != 0 ? options_.size : size_for_line_length(token.size());
    if (n == 0 || token.size() != static_cast<std::size_t>(n * n)) {
      // Point at the first missing or extra symbol when the size is known.
      const int target = n == 0 ? nearest_size(token.size()) : n;
      const auto expected = static_cast<std::size_t>(target * target);
      fail(entry, line_number_, column0 + static_cast<int>(std::min(token.size(), expected)),
           length_message(token.size()));
      return;
    }
    try {
      std::shared_ptr<const Geometry> geometry;
      if (options_.variant == Variant::jigsaw) {
        const int regions_column = static_cast<int>(regions_start) + 1;
        if (regions.size() != token.size()) {
          fail(entry, line_number_, regions_column + static_cast<int>(std::min(regions.size(), token.size())),
               "expected " + std::to_string(token.size()) +
                   " region ids after the givens (one per cell), got " + std::to_string(regions.size()));
          return;
        }
        int fault = 0;
        try {
          geometry = parse_regions(regions, &fault);
        } catch (const std::invalid_argument& error) {
          fail(entry, line_number_, regions_column + fault, std::string("bad region map: ") + error.what());
          return;
        }
      } else {
        geometry = geometry_for(n, options_);
      }
      Grid grid(geometry);
      if (auto failure = fill_cells(grid, token, {})) {
        fail(entry, line_number_, column0 + failure->column - 1, failure->message);
        return;
      }
      entry.grid = grid;
    } catch (const std::invalid_argument& error) {
      fail(entry, line_number_, column0, error.what());
      return;
    }
    entries_.push_back(std::move(entry));
  }

  std::string length_message(std::size_t length) const {
    if (options_.size != 0) {
      const int n = options_.size;
      return "expected " + std::to_string(n * n) + " symbols for a " + std::to_string(n) + "x" +
             std::to_string(n) + " puzzle, got " + std::to_string(length);
    }
    const int nearest = nearest_size(length);
    return "expected a puzzle of " + std::to_string(nearest * nearest) + " symbols (" +
           std::to_string(nearest) + "x" + std::to_string(nearest) + "), got " + std::to_string(length);
  }

  void add_grid_row(std::string_view line) {
    std::string symbols;
    std::vector<int> columns;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c == ' ' || c == '\t' || c == '|') continue;
      symbols.push_back(c);
      columns.push_back(static_cast<int>(i) + 1);
    }
    if (block_.rows.empty()) {
      const int size = options_.size != 0 ? options_.size : static_cast<int>(symbols.size());
      if (!is_supported_size(size) && options_.size == 0) {
        // Not the start of any grid: report this line alone rather than swallowing the next ones.
        PuzzleEntry entry;
        entry.line = line_number_;
        entry.text = symbols;
        fail(entry, line_number_, columns.empty() ? 1 : columns.front(),
             "expected a puzzle on one line (16, 36, 81, 144, 256 or 625 symbols) or a grid row of "
             "4, 6, 9, 12, 16 or 25 symbols, got " +
                 std::to_string(symbols.size()) + " symbols");
        return;
      }
      block_.line = line_number_;
      block_.size = size;
    }
    if (!block_.failed && symbols.size() != static_cast<std::size_t>(block_.size)) {
      block_.failed = true;
      block_.error_line = line_number_;
      block_.error_column = columns.empty() ? 1 : columns.back() + 1;
      block_.error = "expected " + std::to_string(block_.size) + " symbols in row " +
                     std::to_string(block_.rows.size() + 1) + " of the grid, got " +
                     std::to_string(symbols.size());
    }
    block_.rows.push_back(Row{line_number_, std::move(symbols), std::move(columns)});
    if (static_cast<int>(block_.rows.size()) == block_.size) finish_block({});
  }

  void finish_block(std::string_view ended_by) {
    if (block_.rows.empty()) return;
    PuzzleEntry entry;
    entry.line = block_.line;
    for (const auto& row : block_.rows) entry.text += row.symbols;
    if (block_.failed) {
      fail(entry, block_.error_line, block_.error_column, block_.error);
    } else if (static_cast<int>(block_.rows.size()) < block_.size) {
      fail(entry, line_number_, 1,
           "expected " + std::to_string(block_.size) + " rows in the grid starting at line " +
               std::to_string(block_.line) + ", got " + std::to_string(block_.rows.size()) + " before " +
               std::string(ended_by));
    } else {
      try {
        Grid grid(geometry_for(block_.size, options_));
        std::optional<Failure> failure;
        for (std::size_t r = 0; r < block_.rows.size() && !failure; ++r) {
          const auto& row = block_.rows[r];
          failure = fill_row(grid, static_cast<int>(r), row);
          if (failure) fail(entry, row.line, failure->column, failure->message);
        }
        if (!failure) {
          entry.grid = grid;
          entries_.push_back(std::move(entry));
        }
      } catch (const std::invalid_argument& error) {
        fail(entry, block_.line, 1, error.what());
      }
    }
    block_ = Block{};
  }

  struct Row {
    int line;
    std::string symbols;
    std::vector<int> columns;
  };
  struct Block {
    int line = 0;
    int size = 0;
    std::vector<Row> rows;
    bool failed = false;
    int error_line = 0;
    int error_column = 0;
    std::string error;
  };

  static std::optional<Failure> fill_row(Grid& grid, int r, const Row& row) {
    const int n = grid.size();
    for (int c = 0; c < n; ++c) {
      const char symbol = row.symbols[static_cast<std::size_t>(c)];
      const int value = symbol_value(symbol, n);
      if (value < 0)
        return Failure{row.columns[static_cast<std::size_t>(c)],
                       "unexpected " + describe_char(symbol) + " in a " + grid.geometry().describe() +
                           " puzzle (expected " + expected_symbols(n) + ")"};
      grid.set(grid.geometry().cell_at(r, c), value);
    }
    return std::nullopt;
  }

  void fail(PuzzleEntry& entry, int line, int column, std::string message) {
    entry.error_line = line;
    entry.error_column = column;
    entry.error = std::move(message);
    entry.grid.reset();
    entries_.push_back(std::move(entry));
  }

  std::string source_;
  ReadOptions options_;
  int line_number_ = 0;
  Block block_;
  std::deque<PuzzleEntry> entries_;  // complete entries not yet taken (a line gives one at most)
  std::string line_;
  bool ended_ = false;
};

}  // namespace

std::shared_ptr<const Geometry> geometry_for(int size, const ReadOptions& options) {
  if (options.variant != Variant::classic) {
    if (options.box_rows != 0 || options.box_cols != 0)
      throw std::invalid_argument("the " + std::string(variant_name(options.variant)) +
                                  " variant keeps the standard boxes of its size");
    if (options.variant == Variant::jigsaw)
      throw std::invalid_argument("a jigsaw puzzle is read with its region map: GIVENS REGIONS [label]");
    return Geometry::variant(options.variant, size);
  }
  if (options.box_rows != 0 || options.box_cols != 0) {
    if (options.box_rows * options.box_cols != size)
      throw std::invalid_argument("boxes of " + std::to_string(options.box_rows) + "x" +
                                  std::to_string(options.box_cols) + " do not tile a " +
                                  std::to_string(size) + "x" + std::to_string(size) + " grid");
    return Geometry::with_boxes(options.box_rows, options.box_cols);
  }
  return Geometry::standard(size);
}

namespace {

// One line of a gattai file: a "shape:" line (which sets `board` for the lines below it), a comment
// or blank line (nullopt), or a puzzle "SYMBOLS [label]" on `board`.
std::optional<PuzzleEntry> read_gattai_line(const std::string& line, int number,
                                            std::shared_ptr<const Geometry>& board) {
  const auto start = line.find_first_not_of(kSpace);
  if (start == std::string::npos || line[start] == '#') return std::nullopt;
  PuzzleEntry entry;
  entry.line = number;
  const auto fail = [&](int column, std::string message) {
    entry.error_line = number;
    entry.error_column = column;
    entry.error = std::move(message);
    return entry;
  };
  if (const auto nul = line.find('\0'); nul != std::string::npos) {
    entry.text = line.substr(start, line.find_first_of(kSpace, start) - start);
    std::replace(entry.text.begin(), entry.text.end(), '\0', '?');
    return fail(static_cast<int>(nul) + 1, "NUL byte");
  }
  constexpr std::string_view kShape = "shape:";
  if (line.compare(start, kShape.size(), kShape) == 0) {
    try {
      board = Geometry::gattai(parse_gattai_shape(std::string_view(line).substr(start + kShape.size())));
    } catch (const std::invalid_argument& error) {
      board.reset();  // the puzzles below it are errors, not puzzles on the shape before
      entry.text = line.substr(start);
      return fail(static_cast<int>(start + kShape.size()) + 1, error.what());
    }
    return std::nullopt;
  }
  const auto end = std::min(line.find_first_of(kSpace, start), line.size());
  entry.text = line.substr(start, end - start);
  if (const auto label = line.find_first_not_of(kSpace, end); label != std::string::npos)
    entry.label = line.substr(label, line.find_last_not_of(kSpace) - label + 1);
  if (!board)
    return fail(static_cast<int>(start) + 1,
                "expected a \"shape:\" line (a shape name or ROWSxCOLS R,C ...) before the first gattai puzzle");
  try {
    entry.grid = parse_gattai_line(entry.text, board);
  } catch (const GattaiLineError& error) {
    return fail(static_cast<int>(start) + error.column, error.message);
  }
  return entry;
}

}  // namespace

struct PuzzleReader::State {
  State(std::istream& input, const std::string& source, const ReadOptions& options)
      : lines(input, source, NulBytes::keep),
        reader(source, options),
        killer(options.variant == Variant::killer),
        gattai(options.gattai),
        gattai_board(options.gattai_board) {}

  std::unique_ptr<InputFile> file;  // when the reader opened the input itself
  LineReader lines;
  Reader reader;
  bool killer;
  bool gattai;
  std::shared_ptr<const Geometry> gattai_board;  // the board of the next puzzle line
};

PuzzleReader::PuzzleReader(std::istream& input, const std::string& source, const ReadOptions& options)
    : state_(std::make_unique<State>(input, source, options)) {}

PuzzleReader::PuzzleReader(const std::string& path, const ReadOptions& options) {
  if (path == "-") {
    state_ = std::make_unique<State>(std::cin, "<stdin>", options);
    return;
  }
  auto file = std::make_unique<InputFile>(path, options.max_bytes, "a text file of puzzles");
  state_ = std::make_unique<State>(file->stream(), path, options);
  state_->file = std::move(file);
}

PuzzleReader::~PuzzleReader() = default;
PuzzleReader::PuzzleReader(PuzzleReader&&) noexcept = default;

std::optional<PuzzleEntry> PuzzleReader::next() {
  if (state_->gattai) {
    for (std::string line; state_->lines.next(line);)
      if (auto entry = read_gattai_line(line, state_->lines.line_number(), state_->gattai_board)) return entry;
    return std::nullopt;
  }
  if (!state_->killer) return state_->reader.next(state_->lines);
  for (std::string line; state_->lines.next(line);)
    if (auto entry = read_killer_line(line, state_->lines.line_number())) return entry;
  return std::nullopt;
}

std::vector<PuzzleEntry> read_all(PuzzleReader& reader) {
  std::vector<PuzzleEntry> entries;
  while (auto entry = reader.next()) entries.push_back(std::move(*entry));
  return entries;
}

std::vector<PuzzleEntry> read_puzzles(std::istream& input, const std::string& source,
                                      const ReadOptions& options) {
  PuzzleReader reader(input, source, options);
  return read_all(reader);
}

std::vector<PuzzleEntry> read_puzzle_file(const std::string& path, const ReadOptions& options) {
  ReadOptions capped = options;
  capped.max_bytes = std::min(options.max_bytes, kMaxDocumentBytes);
  PuzzleReader reader(path, capped);
  return read_all(reader);
}

std::vector<Grid> load_puzzles(const std::string& path, const ReadOptions& options) {
  std::vector<Grid> grids;
  for (auto& entry : read_puzzle_file(path, options)) {
    if (!entry.ok())
      throw InputError(path == "-" ? "<stdin>" : path, entry.error_line, entry.error_column, entry.error);
    grids.push_back(*entry.grid);
  }
  return grids;
}

Grid parse_puzzle(std::string_view text, const ReadOptions& options) {
  std::istringstream input{std::string(text)};
  auto entries = read_puzzles(input, "puzzle", options);
  if (entries.empty()) throw InputError("puzzle", 1, 1, "expected a puzzle, got nothing");
  auto& entry = entries.front();
  if (!entry.ok()) throw InputError("puzzle", entry.error_line, entry.error_column, entry.error);
  if (entries.size() > 1) throw InputError("puzzle", entries[1].line, 1, "expected one puzzle, got more");
  return *entry.grid;
}

std::shared_ptr<const Geometry> parse_regions(std::string_view text, int* fault_index) {
  const int size = size_for_line_length(text.size());
  if (fault_index != nullptr) *fault_index = 0;
  if (size == 0) {
    throw std::invalid_argument(
        "expected n*n region ids for a supported n (16, 36, 81, 144, 256 or 625), got " +
        std::to_string(text.size()));
  }
  std::vector<int> regions(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int id = symbol_value(text[i], size);
    if (id <= 0) {
      if (fault_index != nullptr) *fault_index = static_cast<int>(i);
      throw std::invalid_argument("unexpected " + describe_char(text[i]) + " (region ids are 1-" +
                                  std::string(1, value_symbol(size)) + ")");
    }
    regions[i] = id - 1;
  }
  try {
    return Geometry::jigsaw(regions);
  } catch (const std::invalid_argument& error) {
    // The geometry names the faulty region ("region 4 has 8 cells"): point at its first cell.
    int region = 0;
    if (fault_index != nullptr && std::sscanf(error.what(), "region %d", &region) == 1) {
      const auto first_cell = std::find(regions.begin(), regions.end(), region - 1);
      *fault_index = first_cell == regions.end() ? 0 : static_cast<int>(first_cell - regions.begin());
    }
    throw;
  }
}

std::string regions_line(const Geometry& geometry) {
  std::string line;
  line.reserve(static_cast<std::size_t>(geometry.cell_count()));
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    line.push_back(value_symbol(geometry.box_of(cell) + 1));
  return line;
}

std::string to_line(const Grid& grid) {
  if (grid.geometry().is_gattai()) return to_gattai_line(grid);
  std::string line;
  line.reserve(static_cast<std::size_t>(grid.cell_count()));
  for (const auto value : grid.cells()) line.push_back(value_symbol(value));
  return line;
}

std::string to_grid_text(const Grid& grid, bool separators) {
  const Geometry& geometry = grid.geometry();
  const int n = geometry.size();
  std::string text;
  std::string rule;
  for (int r = 0; r < n; ++r) {
    std::string row;
    for (int c = 0; c < n; ++c) {
      if (c > 0) row += (separators && c % geometry.box_cols() == 0) ? " | " : " ";
      row += value_symbol(grid.at(r, c));
    }
    if (separators && rule.empty()) {
      // The rule mirrors a row: dashes under symbols and spaces, '+' under each '|'.
      rule = row;
      std::replace_if(
          rule.begin(), rule.end(), [](char c) { return c != '|'; }, '-');
      std::replace(rule.begin(), rule.end(), '|', '+');
    }
    if (separators && r > 0 && r % geometry.box_rows() == 0) text += rule + "\n";
    text += row + "\n";
  }
  return text;
}

// An option the tools would name: InputError without a location.
[[noreturn]] static void refuse(const std::string& message) {
  throw InputError("", 0, 0, message);
}

ReadOptions read_options_for(int size, std::string_view box, std::string_view variant) {
  ReadOptions read;
  // The gattai shapes: one shape for every line, or "gattai" for files whose "shape:" lines name it.
  const auto shape = gattai_shape_named(variant);
  if (shape || variant == "gattai") {
    if (size != 0 || !box.empty())
      refuse("--variant " + std::string(variant) + " is made of 9x9 grids (drop --size and --box)");
    read.gattai = true;
    if (shape) read.gattai_board = Geometry::gattai(*shape);
    return read;
  }
  if (!variant.empty()) {
    const auto parsed = parse_variant(variant);
    if (!parsed)
      refuse("--variant expects classic, x, windoku, asterisk, centre-dot, jigsaw, killer, " + gattai_shape_names() +
             " or gattai, got '" + std::string(variant) + "'");
    if (*parsed == Variant::killer && (size != 0 || !box.empty()))
      refuse("--variant killer reads the size from the cage letters (drop --size and --box)");
    if (!box.empty() && *parsed != Variant::classic)
      refuse("--box goes with classic puzzles only (the " + std::string(variant) + " variant keeps standard boxes)");
    if (size != 0 && size != 9 && *parsed != Variant::classic && *parsed != Variant::x &&
        *parsed != Variant::jigsaw)
      refuse("--variant " + std::string(variant) + " is 9x9 only");
    read.variant = *parsed;
  }
  read.size = size;
  if (size != 0 && Geometry::default_box(size).first == 0)
    refuse("--size " + std::to_string(size) + " is not supported (expected 4, 6, 9, 12, 16 or 25)");
  if (!box.empty()) {
    const std::string box_text(box);
    int rows = 0;
    int cols = 0;
    char separator = 0;
    char extra = 0;
    if (std::sscanf(box_text.c_str(), "%d%c%d%c", &rows, &separator, &cols, &extra) != 3 || separator != 'x' ||
        rows < 1 || cols < 1 || rows * cols > 25)
      refuse("--box expects ROWSxCOLS with ROWS*COLS from 2 to 25, e.g. 2x3, got '" + box_text + "'");
    if (size != 0 && rows * cols != size)
      refuse("--box " + box_text + " does not tile a " + std::to_string(size) + "x" + std::to_string(size) +
             " grid");
    read.size = rows * cols;
    read.box_rows = rows;
    read.box_cols = cols;
  }
  return read;
}

}  // namespace sudoku
