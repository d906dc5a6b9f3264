// SPDX-License-Identifier: Apache-2.0
// The chain stages' shared tables: one position's strong links, its candidates numbered as nodes of
// the static implication graph, that graph, and which nodes reach which (all chain kinds, single
// digit only, bivalue cells only). Built once per board and shared by the chain families
// (chains.cpp, strong_link_chains.cpp, forcing_chains.cpp) through the SearchContext cache; also
// the little helpers those files have in common (fact keys and their ancestry, node caps).
// Private to lib/core.
//
// Contract: every table reads one Board and is valid while its board_version is unchanged;
// chain_tables() rebuilds them when it changes. Nothing here changes a board.
//
//   ChainTables<W>& tables = chain_tables(layout, board, context);
//   if (tables.reach().reaches(node, node ^ 1)) ... a chain may refute `node`: search it ...
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine.hpp"

namespace sudoku::technique {

template <int W>
using DigitSets = std::array<CellSet<W>, Board<W>::kDigits>;

inline constexpr double kEpsilon = 1e-6;
inline constexpr double kNoScore = std::numeric_limits<double>::infinity();

// A fact's key for FactGraph: cell, digit and polarity packed as (cell * size + digit) * 2 + on.
// Unlike the node numbering (true = even), a placement here is the odd key:
//
//   key    | cell * size + digit | on |     on = 1: the cell holds the digit, 0: it does not
//            bits 31..1            bit 0
inline int fact_key(int size, int cell, int digit, bool on) {
  return (cell * size + digit) * 2 + (on ? 1 : 0);
}

// The facts of one branch and what each was derived from, to count a conclusion's ancestors.
class FactGraph {
 public:
  void reset(int keys) {
    if (static_cast<int>(id_of_key_.size()) < keys) {
      id_of_key_.assign(static_cast<std::size_t>(keys), -1);
      stamp_of_key_.assign(static_cast<std::size_t>(keys), 0);
      stamp_ = 0;
    }
    if (++stamp_ == 0) {
      std::fill(stamp_of_key_.begin(), stamp_of_key_.end(), 0);
      stamp_ = 1;
    }
    parent_begin_.assign(1, 0);
    parents_.clear();
  }
  int find(int key) const {
    return stamp_of_key_[static_cast<std::size_t>(key)] == stamp_ ? id_of_key_[static_cast<std::size_t>(key)]
                                                                  : -1;
  }
  // Adds the fact unless known; returns its id either way.
  template <class Parents>
  int add(int key, const Parents& parents) {
    if (const int known = find(key); known >= 0) return known;
    const int id = size();
    stamp_of_key_[static_cast<std::size_t>(key)] = stamp_;
    id_of_key_[static_cast<std::size_t>(key)] = id;
    for (int parent : parents)
      if (parent >= 0) parents_.push_back(parent);
    parent_begin_.push_back(static_cast<int>(parents_.size()));
    return id;
  }
  int size() const { return static_cast<int>(parent_begin_.size()) - 1; }
  // Number of distinct facts among `facts` and their ancestors.
  template <class Facts>
  int ancestors(const Facts& facts) {
    if (visited_.size() < static_cast<std::size_t>(size()))
      visited_.resize(static_cast<std::size_t>(size()), 0);
    if (++visit_stamp_ == 0) {
      std::fill(visited_.begin(), visited_.end(), 0);
      visit_stamp_ = 1;
    }
    stack_.clear();
    int count = 0;
    const auto push = [&](int id) {
      if (id < 0 || visited_[static_cast<std::size_t>(id)] == visit_stamp_) return;
      visited_[static_cast<std::size_t>(id)] = visit_stamp_;
      stack_.push_back(id);
      ++count;
    };
    for (int id : facts) push(id);
    while (!stack_.empty()) {
      const int id = stack_.back();
      stack_.pop_back();
      for (int p = parent_begin_[static_cast<std::size_t>(id)];
           p < parent_begin_[static_cast<std::size_t>(id) + 1]; ++p)
        push(parents_[static_cast<std::size_t>(p)]);
    }
    return count;
  }

 private:
  std::vector<int> id_of_key_;
  std::vector<std::uint32_t> stamp_of_key_;
  std::uint32_t stamp_ = 0;
  std::vector<int> parent_begin_{0};
  std::vector<int> parents_;
  std::vector<std::uint32_t> visited_;
  std::uint32_t visit_stamp_ = 0;
  std::vector<int> stack_;
};

// Strong links of a position: bilocal units (a digit with two places) and bivalue cells.
// partners[cell * size + digit] is a cell set (a bit per cell, CellSet's layout): the other place
// of the digit in each unit where (cell, digit) is one of two; linked[digit] has a bit per cell
// that has such a partner.
template <int W>
struct StrongLinks {
  int size = 0;
  std::vector<CellSet<W>> partners;  // [cell * size + digit]: the other place of that digit in a bilocal unit
  DigitSets<W> linked{};             // cells whose (cell, digit) has such a partner
  CellSet<W> bivalue;

  StrongLinks(const Layout<W>& layout, const Board<W>& board)
      : size(layout.size), partners(static_cast<std::size_t>(layout.cell_count * layout.size)) {
    rebuild(layout, board);
  }
  // The links of another position, reusing the storage: only the partner sets the last one
  // filled are cleared.
  void rebuild(const Layout<W>& layout, const Board<W>& board) {
    for (int digit = 0; digit < size; ++digit) {
      CellSet<W>& cells = linked[static_cast<std::size_t>(digit)];
      cells.for_each(
          [&](int cell) { partners[static_cast<std::size_t>(cell * size + digit)] = CellSet<W>{}; });
      cells = CellSet<W>{};
    }
    bivalue = CellSet<W>{};
    for (const CellSet<W>& unit : layout.unit_cells)
      for (int digit = 0; digit < size; ++digit) {
        const CellSet<W> places = board.cells_of(digit) & unit;
        if (places.count_upto(2) != 2) continue;
        const int first = places.first();
        const int second = (places - single(first)).first();
        partners[static_cast<std::size_t>(first * size + digit)].set(second);
        partners[static_cast<std::size_t>(second * size + digit)].set(first);
        linked[static_cast<std::size_t>(digit)].set(first);
        linked[static_cast<std::size_t>(digit)].set(second);
      }
    board.open.for_each([&](int cell) {
      if (bit_count(board.mask(cell)) == 2) bivalue.set(cell);
    });
  }
  const CellSet<W>& partner(int cell, int digit) const {
    return partners[static_cast<std::size_t>(cell * size + digit)];
  }
  static CellSet<W> single(int cell) {
    CellSet<W> set;
    set.set(cell);
    return set;
  }
};

template <int W>
std::string fact_text(const Layout<W>& layout, int cell, int digit, bool on) {
  return layout.cell_text(cell) + (on ? "=" : "<>") + digit_text(digit);
}

// A node count too large to matter: a fact or conclusion over the caller's cap.
inline constexpr int kBeyondCap = 1 << 24;

// The most nodes a chain of the family with score `base` may have and still score at most `cap`
// (0 when even the shortest would not; kBeyondCap when there is no cap). length_bonus grows with
// the node count, so a binary search finds it, by the same arithmetic the scores use.
inline int max_nodes_within(double base, double cap) {
  if (cap == kNoScore) return kBeyondCap;
  if (base + length_bonus(1) > cap + kEpsilon) return 0;
  int low = 1;  // within the cap
  int high = kBeyondCap;
  if (base + length_bonus(high) <= cap + kEpsilon) return kBeyondCap;
  while (high - low > 1) {
    const int middle = low + (high - low) / 2;
    (base + length_bonus(middle) <= cap + kEpsilon ? low : high) = middle;
  }
  return low;
}

// The position's open candidates numbered 0..K-1 (cells in order, each cell's digits in order);
// every candidate is two nodes of the implication graph, its true and its false literal:
//
//   candidate i    0           1           2                 K-1
//                  r1c1 has 2  r1c1 has 7  r1c3 has 4   ...  r9c9 has 5
//   node           0     1     2     3     4     5           2K-2  2K-1
//                  true  false true  false true  false       true  false
//
//   node(cell, digit, on) = 2 * index_of[cell * size + digit] + (on ? 0 : 1)
//   node ^ 1 = the negation            node / 2 = the candidate (of(node))
//
// Sets of nodes ("node bits": reachability rows, a branch's facts) pack 64 nodes a word, so each
// candidate is one aligned bit pair and 0x5555... masks the true literals:
//
//   word w    bit 63  62   ...   3     2     1     0
//   node      64w+63  +62  ...   +3    +2    +1    64w
//             false   true ...   false true  false true    <- candidate 32w+1 | candidate 32w
//   a candidate reached both ways:  bits & (bits >> 1) & 0x5555555555555555 != 0
template <int W>
struct CandidateIndex {
  int size = 0;
  std::vector<Deduction> candidates;
  std::vector<int> index_of;  // [cell * size + digit]

  CandidateIndex(const Layout<W>& layout, const Board<W>& board)
      : size(layout.size), index_of(static_cast<std::size_t>(layout.cell_count * layout.size), -1) {
    rebuild(board);
  }
  // The candidates of another position, reusing the storage.
  void rebuild(const Board<W>& board) {
    for (const Deduction& old : candidates)
      index_of[static_cast<std::size_t>(old.cell * size + old.digit)] = -1;
    candidates.clear();
    board.open.for_each([&](int cell) {
      for (CandidateMask digits = board.mask(cell); digits != 0; digits &= digits - 1) {
        index_of[static_cast<std::size_t>(cell * size + std::countr_zero(digits))] =
            static_cast<int>(candidates.size());
        candidates.push_back({cell, std::countr_zero(digits)});
      }
    });
  }
  int nodes() const { return 2 * static_cast<int>(candidates.size()); }
  int node(int cell, int digit, bool on) const {
    return 2 * index_of[static_cast<std::size_t>(cell * size + digit)] + (on ? 0 : 1);
  }
  const Deduction& of(int node) const { return candidates[static_cast<std::size_t>(node / 2)]; }
};

inline void set_bit(std::uint64_t* bits, int i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}
inline bool test_bit(const std::uint64_t* bits, int i) {
  return (bits[i >> 6] >> (i & 63)) & 1U;
}

// The static implication graph of a position (all chain kinds at once), successor lists
// compressed: "true" nodes lead to the peers' and the cell's other candidates being false, "false"
// nodes along strong links (bilocal units, bivalue cells) to candidates being true.
struct StaticGraph {
  std::vector<int> begin;  // node v's successors: next[begin[v] .. begin[v + 1])
  std::vector<int> next;

  template <int W>
  StaticGraph(const Layout<W>& layout, const Board<W>& board, const StrongLinks<W>& links,
              const CandidateIndex<W>& index) {
    const int nodes = index.nodes();
    begin.assign(static_cast<std::size_t>(nodes) + 1, 0);
    next.reserve(8 * static_cast<std::size_t>(nodes));  // typical out-degree is well below 8: no regrowth
    for (int v = 0; v < nodes; ++v) {
      const Deduction& at = index.of(v);
      const int c = at.cell;
      const int d = at.digit;
      if (v % 2 == 0) {
        (layout.peers[static_cast<std::size_t>(c)] & board.cells_of(d)).for_each([&](int p) {
          next.push_back(index.node(p, d, false));
        });
        for (CandidateMask others = board.mask(c) & ~bit_of(d); others != 0; others &= others - 1)
          next.push_back(index.node(c, std::countr_zero(others), false));
      } else {
        links.partner(c, d).for_each([&](int p) { next.push_back(index.node(p, d, true)); });
        if (links.bivalue.test(c))
          next.push_back(index.node(c, std::countr_zero(board.mask(c) & ~bit_of(d)), true));
      }
      begin[static_cast<std::size_t>(v) + 1] = static_cast<int>(next.size());
    }
  }
  int nodes() const { return static_cast<int>(begin.size()) - 1; }
  bool leads_nowhere(int v) const {
    return begin[static_cast<std::size_t>(v)] == begin[static_cast<std::size_t>(v) + 1];
  }
};

// Which nodes each node reaches in the static implication graph of a position (all chain kinds at
// once): strongly connected components (Tarjan), then bitset unions in reverse topological order.
// A chain search whose goal is out of reach can be skipped without exploring. Positions too large
// for the bitsets (over 8192 nodes) get no table, and every node counts as reachable.
//
// Most eliminations lead nowhere (no strong link): such a sink reaches only itself, so it is left
// out of the component search, and the nodes leading to it get its bit directly.
template <int W>
class StaticReach {
 public:
  explicit StaticReach(const StaticGraph& graph) {
    const int nodes = graph.nodes();
    if (nodes > 8192) return;
    words_ = static_cast<std::size_t>((nodes + 63) / 64);
    const auto node_count = static_cast<std::size_t>(nodes);
    // Successor lists without the sinks; the sinks each node leads to as bits.
    std::vector<int> begin(node_count + 1, 0);
    std::vector<int> next(graph.next.size());  // written by index: push_back was not inlined here
    std::size_t next_size = 0;
    std::vector<std::uint64_t> sinks_reached(node_count * words_, 0);
    std::vector<char> reaches_sink(node_count, 0);
    for (int v = 0; v < nodes; ++v) {
      for (int e = graph.begin[static_cast<std::size_t>(v)]; e < graph.begin[static_cast<std::size_t>(v) + 1];
           ++e) {
        const int w = graph.next[static_cast<std::size_t>(e)];
        if (!graph.leads_nowhere(w)) {
          next[next_size++] = w;
          continue;
        }
        set_bit(&sinks_reached[static_cast<std::size_t>(v) * words_], w);
        reaches_sink[static_cast<std::size_t>(v)] = 1;
      }
      begin[static_cast<std::size_t>(v) + 1] = static_cast<int>(next_size);
    }
    // Tarjan, iteratively; components come out sinks first, so successors' reach is ready.
    component_.assign(static_cast<std::size_t>(nodes), -1);
    std::vector<int> order(static_cast<std::size_t>(nodes), -1);
    std::vector<int> low(static_cast<std::size_t>(nodes), 0);
    std::vector<int> stack(node_count);  // Tarjan's stack: the first stack_size entries
    std::size_t stack_size = 0;
    std::vector<char> on_stack(static_cast<std::size_t>(nodes), 0);
    std::vector<std::pair<int, int>> calls;  // node, next successor position
    calls.reserve(node_count);
    reach_.assign(node_count * words_, 0);  // a row per component, at most one per node
    leaf_.reserve(node_count);
    int counter = 0;
    int components = 0;
    for (int root = 0; root < nodes; ++root) {
      if (order[static_cast<std::size_t>(root)] >= 0) continue;
      if (graph.leads_nowhere(root)) continue;  // a sink, below
      calls.push_back({root, begin[static_cast<std::size_t>(root)]});
      order[static_cast<std::size_t>(root)] = low[static_cast<std::size_t>(root)] = counter++;
      stack[stack_size++] = root;
      on_stack[static_cast<std::size_t>(root)] = 1;
      while (!calls.empty()) {
        auto& [v, position] = calls.back();
        if (position < begin[static_cast<std::size_t>(v) + 1]) {
          const int w = next[static_cast<std::size_t>(position++)];
          if (order[static_cast<std::size_t>(w)] < 0) {
            order[static_cast<std::size_t>(w)] = low[static_cast<std::size_t>(w)] = counter++;
            stack[stack_size++] = w;
            on_stack[static_cast<std::size_t>(w)] = 1;
            calls.push_back({w, begin[static_cast<std::size_t>(w)]});
          } else if (on_stack[static_cast<std::size_t>(w)]) {
            low[static_cast<std::size_t>(v)] =
                std::min(low[static_cast<std::size_t>(v)], order[static_cast<std::size_t>(w)]);
          }
          continue;
        }
        const int finished = v;
        calls.pop_back();
        if (!calls.empty())
          low[static_cast<std::size_t>(calls.back().first)] = std::min(
              low[static_cast<std::size_t>(calls.back().first)], low[static_cast<std::size_t>(finished)]);
        if (low[static_cast<std::size_t>(finished)] != order[static_cast<std::size_t>(finished)]) continue;
        // `finished` roots a component: pop it and give it its reach.
        const int id = components++;
        std::uint64_t* bits = &reach_[static_cast<std::size_t>(id) * words_];
        std::size_t first = stack_size;
        do {
          --first;
          component_[static_cast<std::size_t>(stack[first])] = id;
          on_stack[static_cast<std::size_t>(stack[first])] = 0;
          set_bit(bits, stack[first]);
        } while (stack[first] != finished);
        bool leaf = stack_size - first == 1;
        for (std::size_t k = first; k < stack_size; ++k) {
          const int member = stack[k];
          if (reaches_sink[static_cast<std::size_t>(member)]) {
            leaf = false;
            const std::uint64_t* from = &sinks_reached[static_cast<std::size_t>(member) * words_];
            for (std::size_t i = 0; i < words_; ++i) bits[i] |= from[i];
          }
          for (int e = begin[static_cast<std::size_t>(member)];
               e < begin[static_cast<std::size_t>(member) + 1]; ++e) {
            const int successor = next[static_cast<std::size_t>(e)];
            const int target = component_[static_cast<std::size_t>(successor)];
            if (target == id || target < 0) continue;
            leaf = false;
            // A component of one node reaching nothing else: one bit to set.
            if (leaf_[static_cast<std::size_t>(target)]) {
              set_bit(bits, successor);
              continue;
            }
            const std::uint64_t* from = &reach_[static_cast<std::size_t>(target) * words_];
            for (std::size_t i = 0; i < words_; ++i) bits[i] |= from[i];
          }
        }
        leaf_.push_back(leaf ? 1 : 0);
        stack_size = first;
      }
    }
    // The sinks: each its own component, reaching itself.
    for (int v = 0; v < nodes; ++v) {
      if (component_[static_cast<std::size_t>(v)] >= 0) continue;
      const int id = components++;
      component_[static_cast<std::size_t>(v)] = id;
      set_bit(&reach_[static_cast<std::size_t>(id) * words_], v);
      leaf_.push_back(1);
    }
  }
  bool reaches(int from, int to) const {
    if (words_ == 0) return true;
    return test_bit(row(from), to);
  }
  bool available() const { return words_ != 0; }
  // Every node `from` reaches (itself included), as node bits.
  const std::uint64_t* row(int from) const {
    return &reach_[static_cast<std::size_t>(component_[static_cast<std::size_t>(from)]) * words_];
  }

 private:
  // reach_: one row of words_ words per strongly connected component, node bits (see
  // CandidateIndex): row(from) = reach_[component_[from] * words_ .. + words_).
  std::size_t words_ = 0;
  std::vector<int> component_;
  std::vector<std::uint64_t> reach_;
  std::vector<char> leaf_;  // per component: one node reaching nothing else
};

// Reachability along single-digit (X) links only: weak, a peer loses the digit; strong, the other
// place of a bilocal unit gets it. Which candidates can start an X-chain to their own negation —
// sharper than StaticReach for the single-digit searches (y links left out), and far cheaper to
// build: only a digit's bilocal cells can be passed through, and they are few.
template <int W>
class SingleDigitReach {
 public:
  SingleDigitReach(const Layout<W>& layout, const StrongLinks<W>& links)
      : layout_(layout),
        links_(links),
        cell_count_(layout.cell_count),
        follows_(static_cast<std::size_t>(layout.size * layout.cell_count)) {}

  // The table of a position (`links` must be its strong links), reusing the storage: only the rows
  // the last position filled are cleared.
  void rebuild(const Board<W>& board) {
    const Layout<W>& layout = layout_;
    const StrongLinks<W>& links = links_;
    for (int digit = 0; digit < layout.size; ++digit) {
      filled_[static_cast<std::size_t>(digit)].for_each(
          [&](int cell) { follows(digit, cell) = CellSet<W>{}; });
      filled_[static_cast<std::size_t>(digit)] = board.cells_of(digit);
    }
    for (int digit = 0; digit < layout.size; ++digit) {
      const CellSet<W>& linked = links.linked[static_cast<std::size_t>(digit)];
      const CellSet<W>& places = board.cells_of(digit);
      // One step: the cell's peers lose the digit, and each bilocal one passes it on.
      places.for_each([&](int cell) {
        CellSet<W>& reached = follows(digit, cell);
        (layout.peers[static_cast<std::size_t>(cell)] & linked).for_each([&](int peer) {
          reached |= links.partner(peer, digit);
        });
      });
      // Any number of steps (Warshall): every cell reached is a partner, hence bilocal, so only
      // those can be passed through.
      linked.for_each([&](int via) {
        const CellSet<W> onward = follows(digit, via);
        places.for_each([&](int cell) {
          if (follows(digit, cell).test(via)) follows(digit, cell) |= onward;
        });
      });
    }
  }
  // Whether some X-chain leads from "cell holds digit" to "it does not": a cell reached sees it.
  bool refutes_true(int cell, int digit) const {
    return follows_[index(digit, cell)].intersects(layout_.peers[static_cast<std::size_t>(cell)]);
  }
  // Whether some X-chain leads from "cell does not hold digit" to "it does": through one of its
  // bilocal partners, which then gets the digit, back to the cell.
  bool refutes_false(int cell, int digit) const {
    bool found = false;
    links_.partner(cell, digit).for_each([&](int partner) {
      found = found || follows_[index(digit, partner)].test(cell);
    });
    return found;
  }

 private:
  std::size_t index(int digit, int cell) const {
    return static_cast<std::size_t>(digit * cell_count_ + cell);
  }
  // The cells that get the digit, one strong link or more after `cell` gets it.
  CellSet<W>& follows(int digit, int cell) { return follows_[index(digit, cell)]; }

  const Layout<W>& layout_;
  const StrongLinks<W>& links_;
  int cell_count_;
  // follows_[digit * cell_count + cell]: a cell set, the cells that get the digit after `cell` does.
  std::vector<CellSet<W>> follows_;
  DigitSets<W> filled_{};  // the rows in use
};

// What the chain stages need of one position, built once per board (SearchContext caches it);
// the reachability tables only when a stage asks for them (dynamic chains never do).
template <int W>
class ChainTables {
 public:
  ChainTables(const Layout<W>& layout, const Board<W>& board)
      : links_(layout, board),
        index_(layout, board),
        single_digit_reach_(layout, links_),
        layout_(layout),
        board_(board) {}
  ChainTables(const ChainTables&) = delete;  // single_digit_reach_ refers to links_
  ChainTables& operator=(const ChainTables&) = delete;
  // The tables of the board's next position (the solver changes its board in place).
  void rebuild() {
    links_.rebuild(layout_, board_);
    index_.rebuild(board_);
    graph_.reset();
    reach_.reset();
    single_digit_reach_ready_ = false;
  }
  bool reads(const Board<W>& board) const { return &board == &board_; }
  const StrongLinks<W>& links() const { return links_; }
  const CandidateIndex<W>& index() const { return index_; }
  const StaticGraph& graph() {
    if (!graph_) graph_.emplace(layout_, board_, links_, index_);
    return *graph_;
  }
  const StaticReach<W>& reach() {
    if (!reach_) reach_.emplace(graph());
    return *reach_;
  }
  const SingleDigitReach<W>& single_digit_reach() {
    if (!single_digit_reach_ready_) single_digit_reach_.rebuild(board_);
    single_digit_reach_ready_ = true;
    return single_digit_reach_;
  }

 private:
  StrongLinks<W> links_;
  CandidateIndex<W> index_;
  SingleDigitReach<W> single_digit_reach_;  // built on first use per position
  bool single_digit_reach_ready_ = false;
  const Layout<W>& layout_;
  const Board<W>& board_;  // the solver's board: unchanged while board_version is
  std::optional<StaticGraph> graph_;
  std::optional<StaticReach<W>> reach_;
};

template <int W>
ChainTables<W>& chain_tables(const Layout<W>& layout, const Board<W>& board, SearchContext& context) {
  auto* tables = static_cast<ChainTables<W>*>(context.chain_tables.get());
  if (tables == nullptr || !tables->reads(board)) {
    context.chain_tables = std::make_shared<ChainTables<W>>(layout, board);
    context.chain_tables_version = context.board_version;
    return *static_cast<ChainTables<W>*>(context.chain_tables.get());
  }
  if (context.chain_tables_version != context.board_version) {
    tables->rebuild();
    context.chain_tables_version = context.board_version;
  }
  return *tables;
}

}  // namespace sudoku::technique
