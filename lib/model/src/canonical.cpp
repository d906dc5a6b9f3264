// SPDX-License-Identifier: Apache-2.0
// Minlex canonical form by a pruned breadth-first search over target rows.
//
// The canonical grid is built one target row at a time. A search state is one partial transform
// that produces the best prefix found so far: which source row went to each target row, the source
// column behind each target column, and the labels given to the values met so far. Every state of a
// level yields exactly the same prefix; a level keeps only the states whose next row is the least
// possible, and the search ends after the last row with the minlex grid.
//
// Four observations keep the number of states small:
//  * Columns whose contents agree on every row placed so far (for a valid puzzle: columns still
//    blank) can be permuted without changing the prefix. A state keeps them as one run of
//    interchangeable columns instead of branching over their orders, and splits the run when a row
//    tells them apart. Likewise whole stacks that are still blank stay unassigned to target stacks.
//  * Within a run, the least arrangement of a row is forced: blanks, then already-labelled values
//    by label, then new values, which take the next labels in order of appearance.
//  * So the order of the new values of a run is free as far as this row goes. Rather than
//    branching over it, the state keeps them as an "open" run: its labels are reserved and follow
//    the order of its columns, to be decided later. When a later row reads one of those values,
//    the least label it can get is the run's next one, so its column is moved to the front of the
//    run: no branching. When a later row fills the open run's own columns, they are decided one
//    position at a time, branching only over the columns giving the least symbol there. This is
//    what keeps complete grids cheap: a complete first row would otherwise tie on (C!)^R * R!
//    column orders (82,944 for 12x12, 8 million for 16x16).
//  * Two still unused blank rows of one band, or two unused blank bands, lead to mirror-image
//    subtrees, so only the first is tried.
//
// The lexicographic pruning is exact, so the result is the minlex grid whatever order the search
// visits states in; the order only decides how soon the rest is pruned.
#include "sudoku/model/canonical.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/model/gattai.hpp"

namespace sudoku {
namespace {

constexpr std::size_t kLine = kMaxSize;
constexpr std::uint32_t kNotLess = ~std::uint32_t{0};
// States the exact search may create for a grid larger than 9x9 before it gives way to the
// relabelling-dependent search: a few seconds of work. The most symmetric grids known (complete
// shifted-pattern grids) need 3.3 million at 25x25.
constexpr std::uint64_t kLargeGridWorkBudget = 20'000'000;
// Under a budget, the states kept for one level are bounded too (about 60 MB).
constexpr std::size_t kMaxKeptStates = 400'000;

// label_of marks a value whose label is still open with this flag plus the run's first column.
constexpr std::uint8_t kOpenLabel = 0x80;

using Symbols = std::array<std::uint8_t, kLine>;

struct SearchState {
  std::array<std::uint8_t, kLine> row_of{};        // target row -> source row, for placed rows
  std::array<std::uint8_t, kLine> col_of{};        // target column -> source column
  std::array<std::uint8_t, kLine + 1> label_of{};  // source value -> label, 0 while unlabelled
  std::uint32_t run_starts = 0;  // bit c: target column c starts a run of interchangeable columns
  // bit c: the run starting at c holds columns that one row filled with new values, each once.
  // Every order of them gives the same prefix, with labels following the order, so the order is
  // left open until a later row needs one of those labels or fills one of those columns.
  std::uint32_t open_runs = 0;
  std::array<std::uint8_t, kLine> open_row{};   // at an open run's first column: the source row
  std::array<std::uint8_t, kLine> open_base{};  // ... and the label of that first column
  std::uint32_t used_rows = 0;
  std::uint8_t orientation = 0;  // 1: the source is the transposed puzzle
  std::uint8_t free_slots = 0;   // target stacks [0, free_slots) hold still-blank source stacks,
                                 // in any order: they are not tied to their slots yet
  std::uint8_t next_label = 1;
};

std::size_t at(int index) {
  return static_cast<std::size_t>(index);
}
std::uint8_t byte(int value) {
  return static_cast<std::uint8_t>(value);
}

class MinlexSearch {
 public:
  // With `order_new_values` the search is exact; without it new values that tie are taken in
  // the order of their source values: invariant under moves of rows and columns (and transposition)
  // but not under relabelling.
  // `work_budget` bounds the states the search may create (0: unbounded).
  MinlexSearch(const Grid& puzzle, bool order_new_values, std::uint64_t work_budget);
  // The canonical form, or nothing when the work budget ran out.
  std::optional<CanonicalForm> run(const Grid& puzzle);

 private:
  void extend_state(const SearchState& state);
  void try_row(const SearchState& state, int source_row);
  void place_free_region(SearchState state, std::uint32_t less);
  void bind_free_slot(const SearchState& state, int slot, std::uint32_t less);
  void advance(SearchState state, int position, std::uint32_t less);
  void arrange_run(const SearchState& state, int position, int length, std::uint32_t less);
  int open_run_among(const SearchState& state, const std::uint8_t* columns, int length) const;
  void settle_open_run(const SearchState& state, int run_start, int resume, std::uint32_t less);
  void branch_open_run(const SearchState& state, int run_start, std::uint32_t less);
  void open_run(SearchState& state, int run_start, int length, int source_row, int base) const;
  void take_open_column(SearchState& state, int run_start, int column) const;
  void take_open_value(SearchState& state, int value) const;
  int put_blank_columns_first(SearchState& state, int run_start, int length) const;
  void take_open_values_of_run(const SearchState& state, int position, int length, std::uint32_t less);
  const std::uint8_t* introducing_row(const SearchState& state, int run_start) const {
    return cells_[at(state.orientation)].data() + state.open_row[at(run_start)] * size_;
  }
  int run_length(const SearchState& state, int position) const {
    const std::uint32_t later_starts = state.run_starts >> (position + 1);
    return later_starts == 0 ? size_ - position : std::countr_zero(later_starts) + 1;
  }
  int least_arrangement(const SearchState& state, const std::uint8_t* columns, int length,
                        std::uint8_t* order, std::uint8_t* symbols) const;
  bool emit(int position, std::uint8_t symbol, std::uint32_t& less);
  // Counts one more state created; false once the budget is spent.
  bool spend_work() {
    ++work_;
    if (work_budget_ != 0 && work_ > work_budget_) out_of_budget_ = true;
    return !out_of_budget_;
  }
  void complete(const SearchState& state, std::uint32_t less);
  Transform transform_of(const SearchState& state) const;

  bool row_is_blank(int orientation, int row) const { return row_givens_[at(orientation)][at(row)] == 0; }

  int size_;
  int band_height_;   // rows per band (box rows)
  int stack_width_;   // columns per stack (box columns)
  int orientations_;  // 2 when transposition is in the group
  std::array<std::array<std::uint8_t, kMaxCells>, 2> cells_{};
  std::array<std::array<std::uint32_t, kLine>, 2> row_givens_{};  // bit c: (row, c) is a given

  // The level being searched.
  int target_row_ = 0;
  int row_free_slots_ = 0;
  const std::uint8_t* row_values_ = nullptr;
  Symbols row_symbols_{};
  Symbols best_row_{};
  bool has_best_ = false;
  bool order_new_values_;
  std::uint64_t work_budget_;
  std::uint64_t work_ = 0;
  bool out_of_budget_ = false;
  // A path that has already beaten the best row records the best's version at that moment; a
  // newer best always descends from the paths still open, so their record lapses to "equal".
  std::uint32_t best_version_ = 0;
  std::vector<SearchState> next_states_;
  std::array<std::uint8_t, kMaxCells> canonical_{};
};

MinlexSearch::MinlexSearch(const Grid& puzzle, bool order_new_values, std::uint64_t work_budget)
    : size_(puzzle.size()),
      band_height_(puzzle.geometry().box_rows()),
      stack_width_(puzzle.geometry().box_cols()),
      orientations_(band_height_ == stack_width_ ? 2 : 1),
      order_new_values_(order_new_values),
      work_budget_(work_budget) {
  for (int r = 0; r < size_; ++r) {
    for (int c = 0; c < size_; ++c) {
      const auto value = byte(puzzle.at(r, c));
      cells_[0][at(r * size_ + c)] = value;
      cells_[1][at(c * size_ + r)] = value;
      if (value != 0) {
        row_givens_[0][at(r)] |= 1U << c;
        row_givens_[1][at(c)] |= 1U << r;
      }
    }
  }
}

std::optional<CanonicalForm> MinlexSearch::run(const Grid& puzzle) {
  std::vector<SearchState> states;
  for (int orientation = 0; orientation < orientations_; ++orientation) {
    SearchState start;
    start.orientation = byte(orientation);
    start.free_slots = byte(size_ / stack_width_);
    for (int c = 0; c < size_; ++c) start.col_of[at(c)] = byte(c);
    for (int c = 0; c < size_; c += stack_width_) start.run_starts |= 1U << c;
    states.push_back(start);
  }
  for (target_row_ = 0; target_row_ < size_; ++target_row_) {
    has_best_ = false;
    next_states_.clear();
    for (const SearchState& state : states) extend_state(state);
    if (out_of_budget_) return std::nullopt;
    assert(has_best_ && !next_states_.empty());
    std::copy_n(best_row_.begin(), size_, canonical_.begin() + target_row_ * size_);
    states.swap(next_states_);
  }

  CanonicalForm form{Grid(puzzle.geometry_ptr()), std::string(at(size_ * size_), '.'),
                     transform_of(states.front()), order_new_values_};
  for (int cell = 0; cell < size_ * size_; ++cell) {
    form.grid.set(cell, canonical_[at(cell)]);
    form.key[at(cell)] = value_symbol(canonical_[at(cell)]);
  }
  return form;
}

// Tries every source row that may come next under `state`, skipping mirror-image blank rows.
void MinlexSearch::extend_state(const SearchState& state) {
  const int within_band = target_row_ % band_height_;
  std::array<std::uint8_t, kLine> candidates{};
  int candidate_count = 0;
  auto add_band_rows = [&](int band) {
    bool blank_row_taken = false;
    for (int r = band * band_height_; r < (band + 1) * band_height_; ++r) {
      if ((state.used_rows >> r & 1U) != 0) continue;
      if (row_is_blank(state.orientation, r)) {
        if (blank_row_taken) continue;
        blank_row_taken = true;
      }
      candidates[at(candidate_count++)] = byte(r);
    }
  };
  if (within_band == 0) {
    const std::uint32_t band_mask = (1U << band_height_) - 1;
    bool blank_band_taken = false;
    for (int band = 0; band < size_ / band_height_; ++band) {
      if ((state.used_rows >> (band * band_height_) & band_mask) != 0) continue;
      bool band_blank = true;
      for (int r = band * band_height_; r < (band + 1) * band_height_; ++r)
        band_blank = band_blank && row_is_blank(state.orientation, r);
      if (band_blank) {
        if (blank_band_taken) continue;
        blank_band_taken = true;
      }
      add_band_rows(band);
    }
  } else {
    add_band_rows(state.row_of[at(target_row_ - within_band)] / band_height_);
  }
  // Sparse rows first: they tend to give the least row early, which prunes the rest sooner.
  const auto& givens = row_givens_[at(state.orientation)];
  std::stable_sort(
      candidates.begin(), candidates.begin() + candidate_count,
      [&](std::uint8_t a, std::uint8_t b) { return std::popcount(givens[a]) < std::popcount(givens[b]); });
  for (int i = 0; i < candidate_count; ++i) try_row(state, candidates[at(i)]);
}

void MinlexSearch::try_row(const SearchState& state, int source_row) {
  if (!spend_work()) return;
  row_values_ = cells_[at(state.orientation)].data() + source_row * size_;
  row_free_slots_ = state.free_slots;
  SearchState child = state;
  child.row_of[at(target_row_)] = byte(source_row);
  child.used_rows |= 1U << source_row;
  if (row_free_slots_ > 0) {
    place_free_region(child, kNotLess);
  } else {
    advance(child, 0, kNotLess);
  }
}

bool MinlexSearch::emit(int position, std::uint8_t symbol, std::uint32_t& less) {
  row_symbols_[at(position)] = symbol;
  if (!has_best_ || less == best_version_) return true;
  if (symbol > best_row_[at(position)]) return false;
  if (symbol < best_row_[at(position)]) less = best_version_;
  return true;
}

void MinlexSearch::complete(const SearchState& state, std::uint32_t less) {
  if (!spend_work()) return;
  if (!has_best_ || less == best_version_) {
    best_row_ = row_symbols_;
    has_best_ = true;
    ++best_version_;
    next_states_.clear();
  } else if (work_budget_ != 0 && next_states_.size() >= kMaxKeptStates) {
    out_of_budget_ = true;
    return;
  }
  next_states_.push_back(state);
}

// The free slots come first in the row. Stacks blank in this row fill the leading slots and stay
// free; the others must be tied to the remaining slots, least segment first.
void MinlexSearch::place_free_region(SearchState state, std::uint32_t less) {
  std::array<std::uint8_t, kLine> blank_stacks{};
  std::array<std::uint8_t, kLine> other_stacks{};
  int blank_count = 0;
  int other_count = 0;
  const std::uint32_t stack_mask = (1U << stack_width_) - 1;
  const std::uint32_t givens = row_givens_[at(state.orientation)][state.row_of[at(target_row_)]];
  for (int slot = 0; slot < row_free_slots_; ++slot) {
    const int stack = state.col_of[at(slot * stack_width_)] / stack_width_;
    if ((givens >> (stack * stack_width_) & stack_mask) == 0) {
      blank_stacks[at(blank_count++)] = byte(stack);
    } else {
      other_stacks[at(other_count++)] = byte(stack);
    }
  }
  std::sort(blank_stacks.begin(), blank_stacks.begin() + blank_count);
  std::sort(other_stacks.begin(), other_stacks.begin() + other_count);
  for (int i = 0; i < blank_count + other_count; ++i) {
    const int stack = i < blank_count ? blank_stacks[at(i)] : other_stacks[at(i - blank_count)];
    for (int k = 0; k < stack_width_; ++k)
      state.col_of[at(i * stack_width_ + k)] = byte(stack * stack_width_ + k);
  }
  for (int position = 0; position < blank_count * stack_width_; ++position)
    if (!emit(position, 0, less)) return;
  state.free_slots = byte(blank_count);
  advance(state, blank_count * stack_width_, less);
}

// Ties the free slot `slot` to one of the non-blank stacks still waiting in slots [slot, free end).
void MinlexSearch::bind_free_slot(const SearchState& state, int slot, std::uint32_t less) {
  const int first_column = slot * stack_width_;
  const int waiting_columns = (row_free_slots_ - slot) * stack_width_;
  const int open = open_run_among(state, state.col_of.data() + first_column, waiting_columns);
  if (open >= 0) {
    settle_open_run(state, open, first_column, less);
    return;
  }
  std::array<std::uint8_t, kLine> order{};
  Symbols segment{};
  Symbols least{};
  std::uint32_t chosen = 0;  // bit s: the stack in slot s gives the least segment
  for (int s = slot; s < row_free_slots_; ++s) {
    least_arrangement(state, state.col_of.data() + s * stack_width_, stack_width_, order.data(),
                      segment.data());
    const auto order_vs_least =
        chosen == 0 ? std::strong_ordering::less
                    : std::lexicographical_compare_three_way(segment.begin(), segment.begin() + stack_width_,
                                                             least.begin(), least.begin() + stack_width_);
    if (order_vs_least < 0) {
      least = segment;
      chosen = 1U << s;
    } else if (order_vs_least == 0) {
      chosen |= 1U << s;
    }
  }
  for (int s = slot; s < row_free_slots_; ++s) {
    if ((chosen >> s & 1U) == 0) continue;
    if (!spend_work()) return;
    SearchState child = state;
    std::swap_ranges(child.col_of.begin() + first_column, child.col_of.begin() + first_column + stack_width_,
                     child.col_of.begin() + s * stack_width_);
    arrange_run(child, first_column, stack_width_, less);
  }
}

// Continues the row at `position`, which starts a run; single columns are placed in a loop.
void MinlexSearch::advance(SearchState state, int position, std::uint32_t less) {
  if (position < row_free_slots_ * stack_width_) {
    bind_free_slot(state, position / stack_width_, less);
    return;
  }
  while (position < size_) {
    const int length = run_length(state, position);
    if ((state.open_runs >> position & 1U) != 0) {
      // Blank columns first, still open among themselves; then the filled ones one at a time.
      const int blank_count = put_blank_columns_first(state, position, length);
      if (blank_count == 0) {
        branch_open_run(state, position, less);
        return;
      }
      for (int i = 0; i < blank_count; ++i)
        if (!emit(position + i, 0, less)) return;
      position += blank_count;
      continue;
    }
    if (length > 1 && open_run_among(state, state.col_of.data() + position, length) >= 0) {
      take_open_values_of_run(state, position, length, less);
      return;
    }
    if (length > 1) {
      arrange_run(state, position, length, less);
      return;
    }
    const int value = row_values_[state.col_of[at(position)]];
    std::uint8_t symbol = 0;
    if (value != 0) {
      symbol = state.label_of[at(value)];
      if ((symbol & kOpenLabel) != 0) {
        take_open_value(state, value);
        symbol = state.label_of[at(value)];
      }
      if (symbol == 0) {
        symbol = state.next_label++;
        state.label_of[at(value)] = symbol;
      }
    }
    if (!emit(position, symbol, less)) return;
    ++position;
  }
  complete(state, less);
}

// Orders the `length` interchangeable `columns` for the least row segment: blanks, then labelled
// values by label, then new values, the more frequent first (only an invalid puzzle repeats one).
// Writes the column order and the segment's symbols; returns where the new values start in it.
int MinlexSearch::least_arrangement(const SearchState& state, const std::uint8_t* columns, int length,
                                    std::uint8_t* order, std::uint8_t* symbols) const {
  struct Entry {
    int key;  // sort key: blank 0, labelled by label, new values after every label
    std::uint8_t column;
  };
  std::array<Entry, kLine> entries{};
  std::array<std::uint8_t, kLine + 1> count_of{};
  for (int i = 0; i < length; ++i) {
    const int value = row_values_[columns[i]];
    if (value != 0 && state.label_of[at(value)] == 0) ++count_of[at(value)];
  }
  for (int i = 0; i < length; ++i) {
    const int value = row_values_[columns[i]];
    int key = 0;
    if (value != 0) {
      const int label = state.label_of[at(value)];
      assert((label & kOpenLabel) == 0);  // open labels are settled before a run is arranged
      // New values: more copies first, then by value so the copies of one value stay together.
      key = label != 0 ? label : 64 + (kMaxSize + 1 - count_of[at(value)]) * 64 + value;
    }
    entries[at(i)] = {key, columns[i]};
  }
  std::sort(entries.begin(), entries.begin() + length, [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.column < b.column;
  });
  int first_new = length;
  int next_label = state.next_label - 1;
  int previous_key = -1;
  for (int i = 0; i < length; ++i) {
    const Entry& entry = entries[at(i)];
    order[i] = entry.column;
    if (entry.key < 64) {
      symbols[i] = byte(entry.key);
    } else {
      if (first_new == length) first_new = i;
      if (entry.key != previous_key) ++next_label;
      symbols[i] = byte(next_label);
    }
    previous_key = entry.key;
  }
  return first_new;
}

// Places the run [position, position + length) for the least segment and splits it into the runs
// the row tells apart; branches over the orders of new values, which tie on this row.
void MinlexSearch::arrange_run(const SearchState& state, int position, int length, std::uint32_t less) {
  std::array<std::uint8_t, kLine> order{};
  Symbols symbols{};
  const int first_new =
      least_arrangement(state, state.col_of.data() + position, length, order.data(), symbols.data());
  for (int i = 0; i < length; ++i)
    if (!emit(position + i, symbols[at(i)], less)) return;

  SearchState child = state;
  const std::uint32_t run_mask = length >= 32 ? ~0U : ((1U << length) - 1) << position;
  child.run_starts &= ~run_mask;
  for (int i = 0; i < length; ++i) {
    child.col_of[at(position + i)] = order[at(i)];
    if (i == 0 || symbols[at(i)] != symbols[at(i - 1)]) child.run_starts |= 1U << (position + i);
  }
  if (first_new == length) {
    advance(child, position + length, less);
    return;
  }

  // The new values, one entry per distinct value, in the order found; their labels follow it.
  std::array<std::uint8_t, kLine> values{};
  std::array<std::uint8_t, kLine> copies{};
  int distinct = 0;
  for (int i = first_new; i < length; ++i) {
    const std::uint8_t value = row_values_[order[at(i)]];
    if (distinct > 0 && values[at(distinct - 1)] == value) {
      ++copies[at(distinct - 1)];
    } else {
      values[at(distinct)] = value;
      copies[at(distinct)] = 1;
      ++distinct;
    }
  }
  if (distinct == 1) {
    child.label_of[values[0]] = child.next_label++;
    advance(child, position + length, less);
    return;
  }
  const bool each_once =
      std::all_of(copies.begin(), copies.begin() + distinct, [](std::uint8_t count) { return count == 1; });
  if (order_new_values_ && each_once) {
    open_run(child, position + first_new, distinct, child.row_of[at(target_row_)], child.next_label);
    child.next_label = byte(child.next_label + distinct);
    advance(child, position + length, less);
    return;
  }
  // Any order of the new values with the same multiplicity pattern gives this segment.
  std::array<std::uint8_t, kLine> permutation{};
  for (int i = 0; i < distinct; ++i) permutation[at(i)] = byte(i);
  do {
    bool keeps_pattern = true;
    for (int i = 0; i < distinct; ++i)
      keeps_pattern = keeps_pattern && copies[permutation[at(i)]] == copies[at(i)];
    if (!keeps_pattern) continue;
    if (!spend_work()) return;
    SearchState branch = child;
    int slot = position + first_new;
    for (int i = 0; i < distinct; ++i) {
      const int pick = permutation[at(i)];
      branch.label_of[values[at(pick)]] = branch.next_label++;
      for (int k = 0; k < length; ++k) {
        const int column = order[at(k)];
        if (k >= first_new && row_values_[column] == values[at(pick)])
          branch.col_of[at(slot++)] = byte(column);
      }
    }
    advance(branch, position + length, less);
  } while (order_new_values_ && std::next_permutation(permutation.begin(), permutation.begin() + distinct));
}

// The first column of an open run holding the label of a value in `columns` on this row, or -1.
int MinlexSearch::open_run_among(const SearchState& state, const std::uint8_t* columns, int length) const {
  for (int i = 0; i < length; ++i) {
    const int value = row_values_[columns[i]];
    const int label = state.label_of[at(value)];
    if (value != 0 && (label & kOpenLabel) != 0) return label & ~kOpenLabel;
  }
  return -1;
}

// Makes [run_start, run_start + length) one run whose columns brought distinct new values on
// `source_row`, labelled from `base` on in column order once the order is known. A single column
// needs no waiting: its label is fixed at once.
void MinlexSearch::open_run(SearchState& state, int run_start, int length, int source_row, int base) const {
  if (length == 0) return;
  const std::uint8_t* introduced = cells_[at(state.orientation)].data() + source_row * size_;
  const std::uint32_t inner = length >= 32 ? ~0U : ((1U << length) - 1) << run_start;
  state.run_starts = (state.run_starts & ~inner) | 1U << run_start;
  if (run_start + length < size_) state.run_starts |= 1U << (run_start + length);
  if (length == 1) {
    state.label_of[introduced[state.col_of[at(run_start)]]] = byte(base);
    return;
  }
  state.open_runs |= 1U << run_start;
  state.open_row[at(run_start)] = byte(source_row);
  state.open_base[at(run_start)] = byte(base);
  for (int i = run_start; i < run_start + length; ++i)
    state.label_of[introduced[state.col_of[at(i)]]] = byte(kOpenLabel | run_start);
}

// Splits the open run at `run_start` into the columns this row leaves blank, first, and the filled
// ones, each part an open run with its share of the labels. Returns how many are blank.
int MinlexSearch::put_blank_columns_first(SearchState& state, int run_start, int length) const {
  std::array<std::uint8_t, kLine> blank_first{};
  int blank_count = 0;
  for (int i = run_start; i < run_start + length; ++i)
    if (row_values_[state.col_of[at(i)]] == 0) blank_first[at(blank_count++)] = state.col_of[at(i)];
  if (blank_count == 0 || blank_count == length) return blank_count;
  int placed = blank_count;
  for (int i = run_start; i < run_start + length; ++i)
    if (row_values_[state.col_of[at(i)]] != 0) blank_first[at(placed++)] = state.col_of[at(i)];
  std::copy_n(blank_first.begin(), length, state.col_of.begin() + run_start);
  const int source_row = state.open_row[at(run_start)];
  const int base = state.open_base[at(run_start)];
  state.open_runs &= ~(1U << run_start);
  open_run(state, run_start, blank_count, source_row, base);
  open_run(state, run_start + blank_count, length - blank_count, source_row, base + blank_count);
  return blank_count;
}

// Puts `column` first in the open run at `run_start`, fixing the label of the value it brought;
// the rest of the run stays open one column further on.
void MinlexSearch::take_open_column(SearchState& state, int run_start, int column) const {
  const int length = run_length(state, run_start);
  const int source_row = state.open_row[at(run_start)];
  const int base = state.open_base[at(run_start)];
  for (int i = run_start; i < run_start + length; ++i) {
    if (state.col_of[at(i)] == column) {
      std::swap(state.col_of[at(i)], state.col_of[at(run_start)]);
      break;
    }
  }
  state.open_runs &= ~(1U << run_start);
  open_run(state, run_start, 1, source_row, base);
  open_run(state, run_start + 1, length - 1, source_row, base + 1);
}

// The least label a value of an open run can get is the run's next one: gives it that.
void MinlexSearch::take_open_value(SearchState& state, int value) const {
  const int run_start = state.label_of[at(value)] & ~kOpenLabel;
  const std::uint8_t* introduced = introducing_row(state, run_start);
  const int length = run_length(state, run_start);
  for (int i = run_start; i < run_start + length; ++i) {
    if (introduced[state.col_of[at(i)]] == value) {
      take_open_column(state, run_start, state.col_of[at(i)]);
      return;
    }
  }
  assert(false);
}

// The run [position, position + length) holds values of open runs. Whatever the arrangement,
// values of one open run take its next labels in the order they are placed, so only their order
// among themselves is open: branches over it for the first such open run, then resumes.
void MinlexSearch::take_open_values_of_run(const SearchState& state, int position, int length,
                                           std::uint32_t less) {
  const int open = open_run_among(state, state.col_of.data() + position, length);
  std::array<std::uint8_t, kLine> values{};
  int count = 0;
  for (int i = 0; i < length; ++i) {
    const std::uint8_t value = row_values_[state.col_of[at(position + i)]];
    if (value != 0 && state.label_of[value] == (kOpenLabel | open) &&
        std::find(values.begin(), values.begin() + count, value) == values.begin() + count)
      values[at(count++)] = value;
  }
  std::sort(values.begin(), values.begin() + count);
  do {
    if (!spend_work()) return;
    SearchState child = state;
    for (int i = 0; i < count; ++i) {
      // Taking all but the last column of a run fixes the last one's label too.
      if ((child.label_of[values[at(i)]] & kOpenLabel) != 0) take_open_value(child, values[at(i)]);
    }
    advance(child, position, less);
  } while (std::next_permutation(values.begin(), values.begin() + count));
}

// The run at `run_start` is open and every one of its columns is filled on this row: branches
// over the columns that can give the least symbol at its first position.
void MinlexSearch::branch_open_run(const SearchState& state, int run_start, std::uint32_t less) {
  const int length = run_length(state, run_start);
  const int base = state.open_base[at(run_start)];
  const std::uint8_t* introduced = introducing_row(state, run_start);
  std::array<int, kLine> symbol_of{};
  int least = 1 << 30;
  for (int i = 0; i < length; ++i) {
    const int column = state.col_of[at(run_start + i)];
    const int value = row_values_[column];
    const int label = state.label_of[at(value)];
    int symbol = label;
    if (label == 0) {
      symbol = state.next_label;
    } else if ((label & kOpenLabel) != 0) {
      const int value_run = label & ~kOpenLabel;
      if (value_run != run_start) {
        symbol = state.open_base[at(value_run)];
      } else {
        // Its own run: the value this column brought takes `base`, any other one `base + 1`.
        symbol = introduced[column] == value ? base : base + 1;
      }
    }
    symbol_of[at(i)] = symbol;
    least = std::min(least, symbol);
  }
  for (int i = 0; i < length; ++i) {
    if (symbol_of[at(i)] != least) continue;
    if (!spend_work()) return;
    SearchState child = state;
    take_open_column(child, run_start, state.col_of[at(run_start + i)]);
    advance(child, run_start, less);
  }
}

// Branches over the orders of the open run at `run_start` (each order fixes its labels), then
// resumes the row at `resume`.
void MinlexSearch::settle_open_run(const SearchState& state, int run_start, int resume, std::uint32_t less) {
  const int length = run_length(state, run_start);
  const std::uint8_t* introducing_row =
      cells_[at(state.orientation)].data() + state.open_row[at(run_start)] * size_;
  std::array<std::uint8_t, kLine> columns{};
  std::copy_n(state.col_of.begin() + run_start, length, columns.begin());
  std::sort(columns.begin(), columns.begin() + length);
  do {
    if (!spend_work()) return;
    SearchState child = state;
    child.open_runs &= ~(1U << run_start);
    for (int i = 0; i < length; ++i) {
      const int column = columns[at(i)];
      child.col_of[at(run_start + i)] = byte(column);
      child.label_of[introducing_row[column]] = byte(state.open_base[at(run_start)] + i);
      child.run_starts |= 1U << (run_start + i);
    }
    advance(child, resume, less);
  } while (std::next_permutation(columns.begin(), columns.begin() + length));
}

Transform MinlexSearch::transform_of(const SearchState& final_state) const {
  // Runs still open never mattered: any order will do, so take the one at hand.
  SearchState state = final_state;
  for (std::uint32_t runs = state.open_runs; runs != 0; runs &= runs - 1) {
    const int run_start = std::countr_zero(runs);
    const std::uint8_t* introducing_row =
        cells_[at(state.orientation)].data() + state.open_row[at(run_start)] * size_;
    for (int i = 0; i < run_length(state, run_start); ++i)
      state.label_of[introducing_row[state.col_of[at(run_start + i)]]] =
          byte(state.open_base[at(run_start)] + i);
  }
  Transform transform;
  transform.transpose = state.orientation == 1;
  transform.row_of = state.row_of;
  transform.col_of = state.col_of;
  transform.relabel[0] = 0;
  int next_label = state.next_label;
  for (int value = 1; value <= size_; ++value) {
    const int label = state.label_of[at(value)];
    // Values absent from the puzzle take the labels left over, in order.
    transform.relabel[at(value)] = byte(label != 0 ? label : next_label++);
  }
  return transform;
}

// The variants' canonical form: the least image over the board's own group (rule_symmetries; for
// jigsaw boards all 8 symmetries of the square, whose images may be on other layouts), each image's
// values relabelled in order of first appearance. On a jigsaw board the image's layout, its regions
// numbered in order of first appearance, is compared before the values, and the key carries it.
CanonicalForm canonical_over_maps(const Grid& puzzle) {
  const Geometry& geometry = puzzle.geometry();
  const int size = geometry.size();
  const bool jigsaw = !geometry.has_regular_boxes();
  const std::vector<Transform> maps = jigsaw ? square_symmetries(size) : rule_symmetries(geometry);
  std::string best_layout;
  std::string best_line;
  Transform best;
  for (const Transform& map : maps) {
    std::string layout;
    std::string line;
    std::array<int, kMaxSize + 1> label{};
    int next_label = 1;
    std::array<int, kMaxSize> region{};
    region.fill(-1);
    int next_region = 0;
    for (int r = 0; r < size; ++r) {
      for (int c = 0; c < size; ++c) {
        const int from_row = map.row_of[at(r)];
        const int from_col = map.col_of[at(c)];
        const int source =
            map.transpose ? geometry.cell_at(from_col, from_row) : geometry.cell_at(from_row, from_col);
        if (jigsaw) {
          int& id = region[at(geometry.box_of(source))];
          if (id < 0) id = next_region++;
          layout.push_back(value_symbol(id + 1));
        }
        const int value = puzzle[source];
        if (value != 0 && label[at(value)] == 0) label[at(value)] = next_label++;
        line.push_back(value_symbol(label[at(value)]));
      }
    }
    if (!best_line.empty() && std::tie(layout, line) >= std::tie(best_layout, best_line)) continue;
    best_layout = std::move(layout);
    best_line = std::move(line);
    best = map;
    for (int value = 1; value <= size; ++value)  // absent values take the labels left over, in order
      best.relabel[at(value)] = byte(label[at(value)] != 0 ? label[at(value)] : next_label++);
  }
  CanonicalForm form;
  form.grid = apply(best, puzzle);
  form.transform = best;
  form.key = std::string(variant_name(geometry.variant())) + " " + best_line;
  if (jigsaw) form.key += " " + best_layout;
  // Above 9x9 the X group is only searched over the square's symmetries.
  form.exact = jigsaw || size <= 9;
  return form;
}

bool has_extra_rules(const Geometry& geometry) {
  return !geometry.has_regular_boxes() ||
         static_cast<int>(geometry.units().size()) > geometry.first_extra_unit();
}

}  // namespace

CanonicalForm canonical_form_with_budget(const Grid& puzzle, std::uint64_t work_budget) {
  if (puzzle.geometry().is_gattai()) return gattai_canonical_form(puzzle);
  if (has_extra_rules(puzzle.geometry())) return canonical_over_maps(puzzle);
  if (auto exact = MinlexSearch(puzzle, true, work_budget).run(puzzle)) return *exact;
  // Without branching over the orders of new values the search stays small: at most the ties
  // among rows and stacks.
  return *MinlexSearch(puzzle, false, 0).run(puzzle);
}

CanonicalForm canonical_form(const Grid& puzzle) {
  if (!puzzle.geometry().cages().empty()) return killer_canonical_form(puzzle);
  if (puzzle.geometry().is_gattai()) return gattai_canonical_form(puzzle);
  // Up to 9x9 the exact search is always affordable (a complete grid, the worst case seen, creates
  // a few thousand states). Larger grids get a budget against pathological inputs.
  return canonical_form_with_budget(puzzle, puzzle.size() <= 9 ? 0 : kLargeGridWorkBudget);
}

}  // namespace sudoku
