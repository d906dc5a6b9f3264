// SPDX-License-Identifier: Apache-2.0
#include "sudoku/rate/call_count_rater.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <span>
#include <stdexcept>

#include "board_layout.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/random.hpp"
#include "sudoku/model/cage_combinations.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"

namespace sudoku {
namespace {

[[noreturn]] void bad_option(std::string_view option, std::string_view accepted, std::string_view text) {
  throw InputError(
      "", 0, 0,
      std::string(option) + ": expected " + std::string(accepted) + ", got \"" + std::string(text) + "\"");
}

using Word = std::uint64_t;

// Branching decisions, shared by both kernels: given the same open cells, domains and random
// stream they split the same cell into the same children in the same order, so the fast 9x9
// kernel reproduces the reference kernel's call counts exactly.

// Index of the index-th set bit (0-based, ascending) of a multi-word bit set that has enough bits.
int nth_set_bit(const Word* words, std::uint32_t index) {
  for (int word = 0;; ++word) {
    Word bits = words[word];
    const auto count = static_cast<std::uint32_t>(std::popcount(bits));
    if (index >= count) {
      index -= count;
      continue;
    }
    for (; index > 0; --index) bits &= bits - 1;
    return word * 64 + std::countr_zero(bits);
  }
}

// The cell to split among the open ones (more than one value): uniformly at random, or one with the
// fewest values, ties broken uniformly at random. values_of(cell) counts a cell's values.
template <class ValuesOf>
int choose_split_cell(const Word* open, int word_count, std::uint32_t open_count, Branching branching,
                      Rng& rng, std::vector<int>& ties, ValuesOf&& values_of) {
  if (branching == Branching::random) return nth_set_bit(open, rng.below(open_count));
  int fewest = kMaxSize + 1;
  std::size_t tied = 0;
  for (int word = 0; word < word_count; ++word) {
    for (Word bits = open[word]; bits != 0; bits &= bits - 1) {
      const int cell = word * 64 + std::countr_zero(bits);
      const int values = values_of(cell);
      if (values < fewest) {
        fewest = values;
        tied = 0;
      }
      if (values == fewest) ties[tied++] = cell;
    }
  }
  return ties[tied == 1 ? 0 : rng.below(static_cast<std::uint32_t>(tied))];
}

// The children of a split, one single-value mask per value of `domain`: ascending, then shuffled
// unless the order is ascending. Returns how many.
template <class Mask>
std::size_t order_children(Mask domain, ValueOrder order, Rng& rng, std::array<Mask, kMaxSize>& children) {
  std::size_t count = 0;
  for (Mask rest = domain; rest != 0; rest = static_cast<Mask>(rest & (rest - 1)))
    children[count++] = static_cast<Mask>(rest & (~rest + 1));
  if (order == ValueOrder::random)
    rng.shuffle(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(count));
  return count;
}

// The reference kernel: one run of the paper's search on any geometry, with a domain mask per cell
// and a queue of newly fixed cells. The Layout supplies peers and units (as data) and the mask type;
// with the 9x9 layout the sizes are compile-time constants (used for ac-hidden on 9x9).
template <class Layout>
class DomainSplittingSearch {
 public:
  using Mask = typename Layout::Mask;
  DomainSplittingSearch(const Layout& layout, const CallCountOptions& options)
      : layout_(layout),
        options_(options),
        masks_((cells() + 1) * cells()),
        unfixed_((cells() + 1) * words()),
        unfixed_count_(cells() + 1),
        queue_(cells()),
        ties_(cells()),
        dirty_(layout.cages().size(), 0) {}

  CallCountRun run(const Grid& puzzle, std::uint64_t seed) {
    Rng rng(seed);
    rng_ = &rng;
    calls_ = 1;  // the root's AC call
    solved_ = false;
    capped_ = false;

    Mask* masks = masks_at(0);
    Word* unfixed = unfixed_at(0);
    std::fill_n(unfixed, words(), Word{0});
    int open = 0;
    int queued = 0;
    for (int cell = 0; cell < layout_.cell_count(); ++cell) {
      const int value = puzzle[cell];
      if (value != 0) {
        masks[cell] = static_cast<Mask>(Mask{1} << (value - 1));
        queue_[static_cast<std::size_t>(queued++)] = cell;
      } else {
        masks[cell] = layout_.all_values();
        unfixed[cell / 64] |= Word{1} << (cell % 64);
        ++open;
      }
    }
    unfixed_count_[0] = open;
    if (propagate(0, queued)) explore(0);
    return CallCountRun{calls_, solved_, capped_};
  }

 private:
  // Sizes come from the layout, so for 9x9 they are compile-time constants in the hot loops.
  std::size_t cells() const { return static_cast<std::size_t>(layout_.cell_count()); }
  std::size_t words() const { return static_cast<std::size_t>(layout_.word_count()); }
  Mask* masks_at(int depth) { return masks_.data() + static_cast<std::size_t>(depth) * cells(); }
  Word* unfixed_at(int depth) { return unfixed_.data() + static_cast<std::size_t>(depth) * words(); }
  const Word* unfixed_at(int depth) const {
    return unfixed_.data() + static_cast<std::size_t>(depth) * words();
  }

  static bool is_single_or_empty(Mask mask) { return (mask & (mask - 1)) == 0; }

  void mark_fixed(int depth, int cell) {
    unfixed_at(depth)[cell / 64] &= ~(Word{1} << (cell % 64));
    --unfixed_count_[static_cast<std::size_t>(depth)];
  }

  // Arc consistency, incrementally: every cell in the queue has just become fixed; its value is
  // removed from its peers, and peers that become fixed join the queue. False on a wipe-out.
  bool revise_from_queue(int depth, int queued) {
    Mask* masks = masks_at(depth);
    for (int head = 0; head < queued; ++head) {
      const int cell = queue_[static_cast<std::size_t>(head)];
      const Mask value = masks[cell];
      if constexpr (Layout::kMayHaveCages) mark_cage_dirty(cell);
      for (const auto peer : layout_.peers(cell)) {
        const Mask domain = masks[peer];
        const auto revised = static_cast<Mask>(domain & ~value);
        if constexpr (Layout::kMayHaveCages)
          if (revised != domain) mark_cage_dirty(peer);
        // Storing unconditionally and testing once keeps the loop free of data-dependent branches
        // except for the rare case that matters: a peer left with one value or none.
        masks[peer] = revised;
        if ((revised != domain) & is_single_or_empty(revised)) [[unlikely]] {
          if (revised == 0) return false;
          queue_[static_cast<std::size_t>(queued++)] = peer;
          mark_fixed(depth, peer);
        }
      }
    }
    return true;
  }

  // Hidden singles over every unit; newly fixed cells go to the queue. Returns the queue length, or
  // -1 when a unit has lost a value altogether or two values need the same cell.
  int fix_hidden_singles(int depth) {
    Mask* masks = masks_at(depth);
    int queued = 0;
    for (int unit = 0; unit < layout_.unit_count(); ++unit) {
      const auto cells = layout_.unit(unit);
      Mask seen_once = 0;
      Mask seen_twice = 0;
      for (const auto cell : cells) {
        seen_twice = static_cast<Mask>(seen_twice | (seen_once & masks[cell]));
        seen_once = static_cast<Mask>(seen_once | masks[cell]);
      }
      if (seen_once != layout_.all_values()) return -1;
      for (Mask unique = static_cast<Mask>(seen_once & ~seen_twice); unique != 0;
           unique = static_cast<Mask>(unique & (unique - 1))) {
        const auto value = static_cast<Mask>(unique & (~unique + 1));
        bool found = false;
        for (const auto cell : cells) {
          if ((masks[cell] & value) == 0) continue;
          found = true;
          if (masks[cell] != value) {
            masks[cell] = value;
            queue_[static_cast<std::size_t>(queued++)] = cell;
            mark_fixed(depth, cell);
          }
          break;
        }
        if (!found) return -1;  // an earlier hidden single of this unit took the only cell
      }
    }
    return queued;
  }

  // Arc consistency of the node: the binary "differ" constraints from the queue and, on a Killer
  // board, every cage's sum constraint made arc consistent as well (each cell keeps the values some
  // assignment of the cage gives it; cage_support). Cells a cage fixes go back through the queue,
  // to the common fixpoint. This is the paper's AC applied to one more kind of constraint.
  bool arc_consistency(int depth, int queued) {
    if constexpr (Layout::kMayHaveCages)
      if (depth == 0)
        for (std::size_t cage = 0; cage < layout_.cages().size(); ++cage)
          mark_cage_dirty(layout_.cages()[cage].cells.front());
    for (;;) {
      if (!revise_from_queue(depth, queued)) {
        clear_dirty_cages();
        return false;
      }
      if (layout_.cages().empty()) return true;
      queued = revise_cages(depth);
      if (queued <= 0) return queued == 0;
    }
  }

  // The cage of `cell`, if any, is revised in the next pass over the cages.
  void mark_cage_dirty(int cell) {
    const int cage = layout_.cage_of(cell);
    if (cage < 0 || dirty_[static_cast<std::size_t>(cage)] != 0) return;
    dirty_[static_cast<std::size_t>(cage)] = 1;
    dirty_cages_.push_back(cage);
  }

  // One pass over the cages whose cells changed since their last revision; cells left with one
  // value go to the queue. Returns the queue length, or -1 when a cage cannot make its sum.
  int revise_cages(int depth) {
    Mask* masks = masks_at(depth);
    int queued = 0;
    std::array<CandidateMask, kMaxCageTableSize> domains{};
    std::array<CandidateMask, kMaxCageTableSize> supported{};
    std::vector<int> pass;
    pass.swap(dirty_cages_);
    for (int index : pass) dirty_[static_cast<std::size_t>(index)] = 0;
    for (int index : pass) {
      const Cage& cage = layout_.cages()[static_cast<std::size_t>(index)];
      const std::size_t count = cage.cells.size();
      for (std::size_t i = 0; i < count; ++i) domains[i] = masks[cage.cells[i]];
      if (!cage_support(layout_.size(), cage.sum, 0, std::span(domains.data(), count),
                        std::span(supported.data(), count))) {
        clear_dirty_cages();
        return -1;
      }
      for (std::size_t i = 0; i < count; ++i) {
        const int cell = cage.cells[i];
        const auto revised = static_cast<Mask>(supported[i]);
        if (revised == masks[cell]) continue;
        masks[cell] = revised;
        if (is_single_or_empty(revised)) {
          queue_[static_cast<std::size_t>(queued++)] = cell;
          mark_fixed(depth, cell);
        }
      }
    }
    return queued;
  }

  // A wiped-out node leaves no cage to revise for its siblings, whose boards are copies of the
  // parent's (already revised).
  void clear_dirty_cages() {
    for (int index : dirty_cages_) dirty_[static_cast<std::size_t>(index)] = 0;
    dirty_cages_.clear();
  }

  // The propagation of one AC call, starting from the cells already in the queue.
  bool propagate(int depth, int queued) {
    if (!arc_consistency(depth, queued)) return false;
    if (options_.propagation == Propagation::arc_consistency) return true;
    while (unfixed_count_[static_cast<std::size_t>(depth)] > 0) {
      const int fixed = fix_hidden_singles(depth);
      if (fixed < 0) return false;
      if (fixed == 0) return true;
      if (!arc_consistency(depth, fixed)) return false;
    }
    return true;
  }

  // Depth-first over the children of the node at `depth` (already propagated). Returns true when the
  // run is over: a solution was reached or the cap was hit.
  bool explore(int depth) {
    if (unfixed_count_[static_cast<std::size_t>(depth)] == 0) {
      solved_ = true;
      return true;
    }
    const Mask* masks = masks_at(depth);
    const int cell = choose_split_cell(
        unfixed_at(depth), layout_.word_count(),
        static_cast<std::uint32_t>(unfixed_count_[static_cast<std::size_t>(depth)]), options_.branching,
        *rng_, ties_, [&](int open_cell) { return std::popcount(masks[open_cell]); });
    std::array<Mask, kMaxSize> children{};
    const std::size_t child_count = order_children(masks[cell], options_.value_order, *rng_, children);

    const int child = depth + 1;
    for (std::size_t i = 0; i < child_count; ++i) {
      if (calls_ >= options_.call_cap) {
        capped_ = true;
        return true;
      }
      ++calls_;
      std::copy_n(masks_at(depth), cells(), masks_at(child));
      std::copy_n(unfixed_at(depth), words(), unfixed_at(child));
      unfixed_count_[static_cast<std::size_t>(child)] = unfixed_count_[static_cast<std::size_t>(depth)];
      masks_at(child)[cell] = children[i];
      mark_fixed(child, cell);
      queue_[0] = cell;
      if (propagate(child, 1) && explore(child)) return true;
    }
    return false;
  }

  const Layout& layout_;
  const CallCountOptions& options_;
  std::vector<Mask> masks_;    // one board of domains per depth
  std::vector<Word> unfixed_;  // per depth: bit set of cells with more than one value
  std::vector<int> unfixed_count_;
  std::vector<int> queue_;  // cells fixed but not yet revised against their peers
  std::vector<int> ties_;
  std::vector<char> dirty_;       // per cage: in dirty_cages_
  std::vector<int> dirty_cages_;  // cages whose cells changed since their last revision
  Rng* rng_ = nullptr;
  std::uint64_t calls_ = 0;
  bool solved_ = false;
  bool capped_ = false;
};

// The fast kernel for the standard 9x9 board with the paper's plain AC. The state is one 81-bit
// board per value (the cells that may still take it). AC's fixpoint does not depend on the order in
// which values are removed, so propagating in rounds - find the cells that have just become fixed,
// clear their values from their peers' boards - reaches the same domains (or the same wipe-out) as
// the queue of the reference kernel, and with the shared branching decisions the same call count.
// Peers come from the geometry as 81-bit masks; nothing here knows rows, columns or boxes.
//
// A Board is one bit per cell, cell = 9 * row + column, in two 64-bit words:
//
//          c0  c1  c2  c3  c4  c5  c6  c7  c8
//        +-----------------------------------+
//   r0   |  0   1   2   3   4   5   6   7   8 |
//   r1   |  9  10  11  12  13  14  15  16  17 |
//   ...  |              board[0]             |   bits 0..63 of board[0]: cells 0..63
//   r6   | 54  55  56  57  58  59  60  61  62 |
//   r7   | 63 |64  65  66  67  68  69  70  71 |   cell 63 = r7c0 is the last bit of board[0];
//   r8   | 72  73  74  75  76  77  78  79  80 |   bits 0..16 of board[1]: cells 64..80
//        +-----------------------------------+   (bits 17..63 of board[1] stay 0)
//
// State::candidates[v] is the board of the cells that may still take value v + 1; propagated and
// open are boards of cells in the same layout.
class Bitboard9Search {
 public:
  using Board = std::array<Word, 2>;  // bit i of the board <=> cell i (0..63 in [0], 64..80 in [1])
  static constexpr int kValues = 9;
  static constexpr int kCells = 81;

  explicit Bitboard9Search(const CallCountOptions& options) : options_(options), ties_(kCells) {}

  CallCountRun run(const Grid& puzzle, std::uint64_t seed) {
    Rng rng(seed);
    rng_ = &rng;
    calls_ = 1;  // the root's AC call
    solved_ = false;
    capped_ = false;

    State& root = states_[0];
    root = State{};
    for (int cell = 0; cell < kCells; ++cell) {
      const int value = puzzle[cell];
      for (int v = 0; v < kValues; ++v)
        if (value == 0 || value == v + 1) set(root.candidates[static_cast<std::size_t>(v)], cell);
    }
    if (propagate(root)) explore(0);
    return CallCountRun{calls_, solved_, capped_};
  }

 private:
  struct State {
    std::array<Board, kValues> candidates{};
    Board propagated{};  // fixed cells whose value is already gone from their peers
    Board open{};        // cells with more than one value, valid after propagate()
  };

  static void set(Board& board, int cell) {
    board[static_cast<std::size_t>(cell / 64)] |= Word{1} << (cell % 64);
  }
  static bool has(const Board& board, int cell) {
    return (board[static_cast<std::size_t>(cell / 64)] >> (cell % 64) & 1U) != 0;
  }
  static bool empty(const Board& board) { return (board[0] | board[1]) == 0; }

  static const std::array<Board, kCells>& peer_boards() {
    static const std::array<Board, kCells> boards = [] {
      std::array<Board, kCells> result{};
      const Standard9Layout& layout = standard9_layout();
      for (int cell = 0; cell < kCells; ++cell)
        for (const auto peer : layout.peers(cell)) set(result[static_cast<std::size_t>(cell)], peer);
      return result;
    }();
    return boards;
  }

  // AC to the fixpoint; false on a wipe-out (a cell with no value left).
  bool propagate(State& state) const {
    static constexpr Board kAllCells{~Word{0}, (Word{1} << (kCells - 64)) - 1};
    const auto& peers = peer_boards();
    for (;;) {
      Board once{};
      Board twice{};
      for (const Board& board : state.candidates) {
        for (std::size_t w = 0; w < 2; ++w) {
          twice[w] |= once[w] & board[w];
          once[w] |= board[w];
        }
      }
      if (once != kAllCells) return false;
      const Board fresh{once[0] & ~twice[0] & ~state.propagated[0],
                        once[1] & ~twice[1] & ~state.propagated[1]};
      if (empty(fresh)) {
        state.open = twice;
        return true;
      }
      state.propagated[0] |= fresh[0];
      state.propagated[1] |= fresh[1];
      for (Board& board : state.candidates) {
        Board fixed{fresh[0] & board[0], fresh[1] & board[1]};
        if (empty(fixed)) continue;
        Board removed{};
        for (std::size_t w = 0; w < 2; ++w) {
          for (Word bits = fixed[w]; bits != 0; bits &= bits - 1) {
            const Board& of = peers[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
            removed[0] |= of[0];
            removed[1] |= of[1];
          }
        }
        board[0] &= ~removed[0];
        board[1] &= ~removed[1];
      }
    }
  }

  std::uint16_t domain_of(const State& state, int cell) const {
    std::uint16_t domain = 0;
    for (int v = 0; v < kValues; ++v)
      if (has(state.candidates[static_cast<std::size_t>(v)], cell))
        domain = static_cast<std::uint16_t>(domain | (1U << v));
    return domain;
  }

  bool explore(int depth) {
    const State& state = states_[static_cast<std::size_t>(depth)];
    const auto open_count =
        static_cast<std::uint32_t>(std::popcount(state.open[0]) + std::popcount(state.open[1]));
    if (open_count == 0) {
      solved_ = true;
      return true;
    }
    const int cell =
        choose_split_cell(state.open.data(), 2, open_count, options_.branching, *rng_, ties_,
                          [&](int open_cell) { return std::popcount(domain_of(state, open_cell)); });
    std::array<std::uint16_t, kMaxSize> children{};
    const std::size_t child_count =
        order_children(domain_of(state, cell), options_.value_order, *rng_, children);

    const Board cell_bit = [&] {
      Board bit{};
      set(bit, cell);
      return bit;
    }();
    State& child = states_[static_cast<std::size_t>(depth + 1)];
    for (std::size_t i = 0; i < child_count; ++i) {
      if (calls_ >= options_.call_cap) {
        capped_ = true;
        return true;
      }
      ++calls_;
      child = state;
      const int value = std::countr_zero(children[i]);
      for (int v = 0; v < kValues; ++v) {
        if (v == value) continue;
        Board& board = child.candidates[static_cast<std::size_t>(v)];
        board[0] &= ~cell_bit[0];
        board[1] &= ~cell_bit[1];
      }
      if (propagate(child) && explore(depth + 1)) return true;
    }
    return false;
  }

  const CallCountOptions& options_;
  std::array<State, kCells + 1> states_{};  // one per depth: each split fixes at least one cell
  std::vector<int> ties_;
  Rng* rng_ = nullptr;
  std::uint64_t calls_ = 0;
  bool solved_ = false;
  bool capped_ = false;
};

void check_options(const CallCountOptions& options) {
  if (options.runs < 1) throw std::invalid_argument("call-count rating needs at least one run");
  if (options.call_cap < 1) throw std::invalid_argument("call-count rating needs a call cap of at least 1");
}

// Runs `action` with a kernel object whose run(puzzle, seed) performs one run: the bitboard kernel
// for plain AC on the standard 9x9 board, the reference kernel otherwise. `fast` false forces the
// reference kernel (tests compare the two).
template <class Action>
auto with_kernel(const Grid& puzzle, const CallCountOptions& options, bool fast, Action&& action) {
  if (uses_standard9_layout(puzzle.geometry())) {
    if (fast && options.propagation == Propagation::arc_consistency) {
      Bitboard9Search search(options);
      return action(search);
    }
    DomainSplittingSearch search(standard9_layout(), options);
    return action(search);
  }
  if (!puzzle.geometry().cages().empty() && puzzle.size() > kMaxCageTableSize)
    throw std::invalid_argument("call-count rating of Killer boards goes up to 16x16, not " +
                                puzzle.geometry().describe());
  const GenericLayout layout(puzzle.geometry());
  DomainSplittingSearch search(layout, options);
  return action(search);
}

}  // namespace

std::string_view to_string(Propagation propagation) {
  return propagation == Propagation::arc_consistency ? "ac" : "ac-hidden";
}
std::string_view to_string(Branching branching) {
  return branching == Branching::random ? "random" : "fewest";
}
std::string_view to_string(ValueOrder order) {
  return order == ValueOrder::random ? "random" : "ascending";
}

Propagation parse_propagation(std::string_view text) {
  if (text == "ac") return Propagation::arc_consistency;
  if (text == "ac-hidden") return Propagation::arc_consistency_hidden_singles;
  bad_option("propagation", "ac or ac-hidden", text);
}

Branching parse_branching(std::string_view text) {
  if (text == "random") return Branching::random;
  if (text == "fewest") return Branching::fewest;
  bad_option("branching", "random or fewest", text);
}

ValueOrder parse_value_order(std::string_view text) {
  if (text == "random") return ValueOrder::random;
  if (text == "ascending") return ValueOrder::ascending;
  bad_option("values", "random or ascending", text);
}

double CallCountRating::median() const {
  if (run_calls.empty()) return 0.0;
  std::vector<std::uint64_t> sorted = run_calls;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t middle = sorted.size() / 2;
  if (sorted.size() % 2 == 1) return static_cast<double>(sorted[middle]);
  return (static_cast<double>(sorted[middle - 1]) + static_cast<double>(sorted[middle])) / 2.0;
}

std::uint64_t call_count_run_seed(std::string_view key, std::uint64_t option_seed, int run) {
  return derive_seed(stable_hash(key), option_seed, static_cast<std::uint64_t>(run));
}

CallCountRun detail::run_call_count_reference(const Grid& puzzle, const CallCountOptions& options,
                                              std::uint64_t seed) {
  check_options(options);
  return with_kernel(puzzle, options, false, [&](auto& search) { return search.run(puzzle, seed); });
}

CallCountRun run_call_count(const Grid& puzzle, const CallCountOptions& options, std::uint64_t seed) {
  check_options(options);
  return with_kernel(puzzle, options, true, [&](auto& search) { return search.run(puzzle, seed); });
}

CallCountRating rate_call_count(const Grid& puzzle, const CallCountOptions& options) {
  check_options(options);
  // Equivalent puzzles share one canonical grid and key, so they replay identical searches.
  Grid subject = puzzle;
  std::string key;
  if (options.canonicalize) {
    CanonicalForm form = canonical_form(puzzle);
    subject = std::move(form.grid);
    key = std::move(form.key);
  } else {
    key = puzzle.geometry().cages().empty() ? to_line(puzzle) : to_killer_line(puzzle);
  }

  CallCountRating rating;
  rating.runs = options.runs;
  rating.run_calls.reserve(static_cast<std::size_t>(options.runs));
  with_kernel(subject, options, true, [&](auto& search) {
    for (int run = 0; run < options.runs; ++run) {
      const CallCountRun result = search.run(subject, call_count_run_seed(key, options.seed, run));
      rating.run_calls.push_back(result.calls);
      rating.total_calls += result.calls;
      if (result.capped) ++rating.capped_runs;
      if (result.solved) ++rating.solved_runs;
    }
    return 0;
  });

  const double count = static_cast<double>(options.runs);
  rating.mean = static_cast<double>(rating.total_calls) / count;
  if (options.runs > 1) {
    double squares = 0.0;
    for (const std::uint64_t calls : rating.run_calls) {
      const double deviation = static_cast<double>(calls) - rating.mean;
      squares += deviation * deviation;
    }
    rating.sd = std::sqrt(squares / (count - 1.0));
  }
  return rating;
}

}  // namespace sudoku
