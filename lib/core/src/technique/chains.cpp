// Chains: single-digit strong-link chains (Sukaku Explainer's skyscraper ... six strong links),
// alternating inference chains on static links (X-, XY- and mixed), Nishio, and the forcing chain
// family — static cell/region/contradiction chains, the same with singles applied along the way
// (dynamic, with "both values" chains), and with intersections and naked pairs as well (dynamic +).
//
// Scores follow SE: base score of the family plus length_bonus() of the chain's node count. A
// static chain's nodes are its implications from assumption to conclusion (breadth-first search
// finds the shortest). A dynamic conclusion's nodes are the facts it rests on — its ancestors in
// the branch's implication graph — summed over the branches a forcing chain combines.
// Propagation runs in synchronous layers, so which fact a new fact is derived from depends on the
// position, not on the order cells are numbered in.
//
// Speed: the static implication graph of a position is condensed once (strongly connected
// components, reachability bitsets) and shared by the stages while the board is unchanged; a
// search whose goal is out of reach is never started, and static forcing chains take every
// branch's facts from the table, searching distances only from the branches a conclusion needs
// (64 searches at a time, one bit each). Chain searches meet in the middle (see shortest_chain).
#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <span>

#include "technique/engine.hpp"

namespace sudoku::technique {
namespace {

template <int W>
using DigitSets = std::array<CellSet<W>, Board<W>::kDigits>;

constexpr double kEpsilon = 1e-6;
constexpr double kNoScore = std::numeric_limits<double>::infinity();

int fact_key(int size, int cell, int digit, bool on) {
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

enum class ChainMode { x, y, xy };

constexpr std::array<Technique, 3> kChainTechniques{Technique::x_chain, Technique::y_chain,
                                                    Technique::forcing_chain};

// Length in nodes of the shortest chain from the assumption (cell, digit) = start_on to its
// opposite; 0 or -1 when there is none of at most `limit` nodes. X mode: one digit, bilocal strong
// links; Y mode: bivalue cells; XY: both. Weak links: same digit in peers (and, with Y, the other
// digits of the cell).
//
// Every link has its contrapositive among the links ("a implies b" comes with "not b implies not
// a"), so a chain from p to not-p that passes a candidate v is a chain from p to v followed by the
// reverse of one from p to not-v. The shortest chain is therefore the least sum of the distances
// from p to v and to not-v over all v, and its middle candidate is at most half its length away:
// a breadth-first search from p needs to go only half as deep as one looking for not-p itself.
// `layers` is scratch: the search's layers, each a set of candidates per digit.
template <int W>
int shortest_chain(const Layout<W>& layout, const Board<W>& board, const StrongLinks<W>& links, int cell,
                   int digit, bool start_on, ChainMode mode, int limit, std::vector<DigitSets<W>>& layers) {
  const bool use_x = mode != ChainMode::y;
  const bool use_y = mode != ChainMode::x;
  DigitSets<W> on_seen{};
  DigitSets<W> off_seen{};
  (start_on ? on_seen : off_seen)[static_cast<std::size_t>(digit)].set(cell);
  layers.assign(1, DigitSets<W>{});
  layers[0][static_cast<std::size_t>(digit)].set(cell);
  bool front_on = start_on;
  // Digits whose front (next) is not empty: fronts are mostly a few digits wide.
  CandidateMask front_digits = bit_of(digit);
  constexpr int kNone = std::numeric_limits<int>::max();
  int shortest = kNone;  // links in the shortest chain found so far
  for (int layer = 1; layer < limit; ++layer) {
    DigitSets<W> next{};
    CandidateMask next_digits = 0;
    const DigitSets<W>& front = layers.back();
    for (CandidateMask live = front_digits; live != 0; live &= live - 1) {
      const int d = std::countr_zero(live);
      const CellSet<W>& from = front[static_cast<std::size_t>(d)];
      if (front_on) {
        next_digits |= bit_of(d);
        from.for_each([&](int c) {
          next[static_cast<std::size_t>(d)] |= layout.peers[static_cast<std::size_t>(c)] & board.cells_of(d);
          if (use_y) {
            const CandidateMask others = board.mask(c) & ~bit_of(d);
            next_digits |= others;
            for (CandidateMask rest = others; rest != 0; rest &= rest - 1)
              next[static_cast<std::size_t>(std::countr_zero(rest))].set(c);
          }
        });
      } else {
        if (use_x)
          (from & links.linked[static_cast<std::size_t>(d)]).for_each([&](int c) {
            next[static_cast<std::size_t>(d)] |= links.partner(c, d);
            next_digits |= bit_of(d);
          });
        if (use_y)
          (from & links.bivalue).for_each([&](int c) {
            const int other = std::countr_zero(board.mask(c) & ~bit_of(d));
            next[static_cast<std::size_t>(other)].set(c);
            next_digits |= bit_of(other);
          });
      }
    }
    DigitSets<W>& seen = front_on ? off_seen : on_seen;
    const DigitSets<W>& negations = front_on ? on_seen : off_seen;  // the other polarity's candidates
    front_digits = 0;
    bool meets = false;  // some new candidate's negation was reached before
    for (CandidateMask live = next_digits; live != 0; live &= live - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(live));
      next[d] -= seen[d];
      if (next[d].none()) continue;
      seen[d] |= next[d];
      front_digits |= bit_of(static_cast<int>(d));
      meets = meets || next[d].intersects(negations[d]);
    }
    if (meets) {
      // The nearest layer holding such a negation (the other polarity: every other layer).
      for (int earlier = 1 - layer % 2; earlier < layer; earlier += 2) {
        bool met = false;
        for (CandidateMask live = front_digits; live != 0 && !met; live &= live - 1) {
          const auto d = static_cast<std::size_t>(std::countr_zero(live));
          met = next[d].intersects(layers[static_cast<std::size_t>(earlier)][d]);
        }
        if (met) {
          shortest = std::min(shortest, layer + earlier);
          break;
        }
      }
    }
    // A chain of L links has its middle candidate and that one's negation within ceil(L / 2)
    // layers: every chain of at most 2 * layer links has been met by now.
    if (shortest <= 2 * layer) return shortest + 1 <= limit ? shortest + 1 : 0;
    if (front_digits == 0) return shortest != kNone && shortest + 1 <= limit ? shortest + 1 : -1;
    if (2 * layer + 1 >= limit) return 0;  // a chain within the limit has at most 2 * layer links
    layers.push_back(next);
    front_on = !front_on;
  }
  return 0;
}

struct ChainNode {
  int cell;
  int digit;
  bool on;
};

// The same search node by node, keeping the path (for explanations).
template <int W>
std::vector<ChainNode> chain_path(const Layout<W>& layout, const Board<W>& board, const StrongLinks<W>& links,
                                  int cell, int digit, bool start_on, ChainMode mode) {
  const int n = layout.size;
  const bool use_x = mode != ChainMode::y;
  const bool use_y = mode != ChainMode::x;
  std::vector<int> previous(static_cast<std::size_t>(layout.cell_count * n * 2), -2);
  std::vector<int> queue;
  const int start = fact_key(n, cell, digit, start_on);
  const int goal = fact_key(n, cell, digit, !start_on);
  previous[static_cast<std::size_t>(start)] = -1;
  queue.push_back(start);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int key = queue[head];
    const bool on = key & 1;
    const int c = key / 2 / n;
    const int d = key / 2 % n;
    std::vector<int> next;
    if (on) {
      (layout.peers[static_cast<std::size_t>(c)] & board.cells_of(d)).for_each([&](int p) {
        next.push_back(fact_key(n, p, d, false));
      });
      if (use_y)
        for (CandidateMask others = board.mask(c) & ~bit_of(d); others != 0; others &= others - 1)
          next.push_back(fact_key(n, c, std::countr_zero(others), false));
    } else {
      if (use_x) links.partner(c, d).for_each([&](int p) { next.push_back(fact_key(n, p, d, true)); });
      if (use_y && links.bivalue.test(c))
        next.push_back(fact_key(n, c, std::countr_zero(board.mask(c) & ~bit_of(d)), true));
    }
    for (int successor : next) {
      if (previous[static_cast<std::size_t>(successor)] != -2) continue;
      previous[static_cast<std::size_t>(successor)] = key;
      if (successor == goal) {
        std::vector<ChainNode> path;
        for (int at = goal; at >= 0; at = previous[static_cast<std::size_t>(at)])
          path.push_back({at / 2 / n, at / 2 % n, (at & 1) != 0});
        std::reverse(path.begin(), path.end());
        return path;
      }
      queue.push_back(successor);
    }
  }
  return {};
}

template <int W>
std::string fact_text(const Layout<W>& layout, int cell, int digit, bool on) {
  return layout.cell_text(cell) + (on ? "=" : "<>") + digit_text(digit);
}

template <int W>
std::string path_text(const Layout<W>& layout, const std::vector<ChainNode>& path) {
  std::string text;
  for (const ChainNode& node : path) {
    if (!text.empty()) text += " => ";
    text += fact_text(layout, node.cell, node.digit, node.on);
  }
  return text;
}

// Largest chain length (even node count) whose score stays within `bound`, at most `cap`.
int node_limit(double base, double bound, int cap) {
  int limit = 0;
  for (int nodes = 2; nodes <= cap && base + length_bonus(nodes) <= bound + kEpsilon; nodes += 2)
    limit = nodes;
  return limit;
}

// A node count too large to matter: a fact or conclusion over the caller's cap.
constexpr int kBeyondCap = 1 << 24;

// The most nodes a chain of the family with score `base` may have and still score at most `cap`
// (0 when even the shortest would not; kBeyondCap when there is no cap). length_bonus grows with
// the node count, so a binary search finds it, by the same arithmetic the scores use.
int max_nodes_within(double base, double cap) {
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

}  // namespace

namespace {

// The position's open candidates numbered 0..K-1; node 2i is "candidate i is true", 2i+1 "false".
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
    std::vector<int> next;
    next.reserve(graph.next.size());
    std::vector<std::uint64_t> sinks_reached(node_count * words_, 0);
    std::vector<char> reaches_sink(node_count, 0);
    for (int v = 0; v < nodes; ++v) {
      for (int e = graph.begin[static_cast<std::size_t>(v)]; e < graph.begin[static_cast<std::size_t>(v) + 1];
           ++e) {
        const int w = graph.next[static_cast<std::size_t>(e)];
        if (!graph.leads_nowhere(w)) {
          next.push_back(w);
          continue;
        }
        set_bit(&sinks_reached[static_cast<std::size_t>(v) * words_], w);
        reaches_sink[static_cast<std::size_t>(v)] = 1;
      }
      begin[static_cast<std::size_t>(v) + 1] = static_cast<int>(next.size());
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
  std::vector<CellSet<W>> follows_;
  DigitSets<W> filled_{};  // the rows in use
};

// Reachability along Y links only (bivalue cells): which candidates can start a Y-chain to their
// own negation. Past its first step a Y-chain goes from "x holds a" to "y holds b" through a
// bivalue peer y of x that has a (b being y's other digit), so its states are the bivalue cells'
// candidates: few, and their transitive closure is cheap. Sharper than StaticReach for the Y
// searches (single-digit links left out): most candidates that StaticReach lets through have no
// Y-chain at all, and searching for one only ends when the search runs dry.
template <int W>
class BivalueReach {
 public:
  BivalueReach(const Layout<W>& layout, const StrongLinks<W>& links)
      : layout_(layout),
        links_(links),
        state_of_(static_cast<std::size_t>(layout.cell_count * layout.size), -1) {}

  // The table of a position (`links` must be its strong links), reusing the storage.
  void rebuild(const Board<W>& board) {
    const int n = layout_.size;
    for (const Deduction& old : states_) state_of_[static_cast<std::size_t>(old.cell * n + old.digit)] = -1;
    states_.clear();
    links_.bivalue.for_each([&](int cell) {
      for (CandidateMask digits = board.mask(cell); digits != 0; digits &= digits - 1) {
        state_of_[static_cast<std::size_t>(cell * n + std::countr_zero(digits))] =
            static_cast<int>(states_.size());
        states_.push_back({cell, std::countr_zero(digits)});
      }
    });
    const auto count = states_.size();
    available_ = count <= kMaxStates;
    if (!available_) return;
    words_ = (count + 63) / 64;
    closure_.assign(count * words_, 0);
    for (std::size_t s = 0; s < count; ++s) {
      const Deduction& from = states_[s];
      (layout_.peers[static_cast<std::size_t>(from.cell)] & links_.bivalue & board.cells_of(from.digit))
          .for_each([&](int peer) { set_bit(row(s), next_state(board, peer, from.digit)); });
    }
    // Warshall: rows become every state reachable in one step or more.
    for (std::size_t via = 0; via < count; ++via)
      for (std::size_t s = 0; s < count; ++s)
        if (test_bit(row(s), static_cast<int>(via)))
          for (std::size_t w = 0; w < words_; ++w) row(s)[w] |= row(via)[w];
  }
  // Whether some Y-chain may lead from "cell holds digit" to "it does not": the chain leaves
  // through a bivalue peer with the digit, and comes back through one that ends on it.
  bool refutes_true(const Board<W>& board, int cell, int digit) const {
    if (!available_) return true;
    const CellSet<W> ends =
        layout_.peers[static_cast<std::size_t>(cell)] & links_.bivalue & board.cells_of(digit);
    if (ends.none()) return false;
    reached_.assign(words_, 0);
    ends.for_each([&](int peer) {
      const std::uint64_t* from = row(static_cast<std::size_t>(next_state(board, peer, digit)));
      for (std::size_t w = 0; w < words_; ++w) reached_[w] |= from[w];
    });
    bool found = false;
    ends.for_each([&](int peer) { found = found || test_bit(reached_.data(), state(peer, digit)); });
    return found;
  }
  // "cell does not hold digit" leads on only when the cell is bivalue, to its other digit, and
  // back to the digit through a chain refuting that one.
  bool refutes_false(const Board<W>& board, int cell, int digit) const {
    if (!available_) return true;
    if (!links_.bivalue.test(cell)) return false;
    return refutes_true(board, cell, std::countr_zero(board.mask(cell) & ~bit_of(digit)));
  }

 private:
  // Past this the closure costs more than the searches it saves (boards beyond 9x9 only).
  static constexpr std::size_t kMaxStates = 256;

  int state(int cell, int digit) const {
    return state_of_[static_cast<std::size_t>(cell * layout_.size + digit)];
  }
  // The state a chain enters at bivalue `cell` when the cell loses `digit`.
  int next_state(const Board<W>& board, int cell, int digit) const {
    return state(cell, std::countr_zero(board.mask(cell) & ~bit_of(digit)));
  }
  std::uint64_t* row(std::size_t s) { return &closure_[s * words_]; }
  const std::uint64_t* row(std::size_t s) const { return &closure_[s * words_]; }

  const Layout<W>& layout_;
  const StrongLinks<W>& links_;
  std::vector<int> state_of_;      // [cell * size + digit]: state number, -1 off bivalue cells
  std::vector<Deduction> states_;  // the bivalue cells' candidates
  bool available_ = false;
  std::size_t words_ = 0;
  std::vector<std::uint64_t> closure_;
  mutable std::vector<std::uint64_t> reached_;  // scratch for queries
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
        bivalue_reach_(layout, links_),
        layout_(layout),
        board_(board) {}
  ChainTables(const ChainTables&) = delete;  // single_digit_reach_ and bivalue_reach_ refer to links_
  ChainTables& operator=(const ChainTables&) = delete;
  // The tables of the board's next position (the solver changes its board in place).
  void rebuild() {
    links_.rebuild(layout_, board_);
    index_.rebuild(board_);
    graph_.reset();
    reach_.reset();
    single_digit_reach_ready_ = false;
    bivalue_reach_ready_ = false;
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
  const BivalueReach<W>& bivalue_reach() {
    if (!bivalue_reach_ready_) bivalue_reach_.rebuild(board_);
    bivalue_reach_ready_ = true;
    return bivalue_reach_;
  }

 private:
  StrongLinks<W> links_;
  CandidateIndex<W> index_;
  SingleDigitReach<W> single_digit_reach_;  // built on first use per position
  bool single_digit_reach_ready_ = false;
  BivalueReach<W> bivalue_reach_;  // built on first use per position
  bool bivalue_reach_ready_ = false;
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

}  // namespace

namespace {

// Sukaku Explainer's ratings of single-digit chains by strong-link count; the kinds of the units
// holding the strong links (bit 0 row, 1 column, 2 box or other unit) add a tenth or two.
double strong_link_score(int links, unsigned kinds) {
  const bool box = (kinds & 4U) != 0;
  const bool mixed = (kinds & 3U) == 3U;
  if (links == 2) return box ? 4.2 : mixed ? 4.1 : 4.0;
  static constexpr std::array<double, 7> kBase{0.0, 0.0, 4.0, 5.4, 5.8, 6.2, 6.6};
  return kBase[static_cast<std::size_t>(links)] + (box && mixed ? 0.2 : (box || mixed) ? 0.1 : 0.0);
}

std::string strong_link_name(int links, unsigned kinds) {
  if (links == 2) return (kinds & 4U) ? "turbot fish" : (kinds & 3U) == 3U ? "two-string kite" : "skyscraper";
  return std::to_string(links) + " strong links";
}

}  // namespace

namespace {

// Every candidate that the ends of a single-digit chain of at most `max_links` strong links both
// see, with the fewest links (and among those the easiest unit kinds).
template <int W>
void search_strong_link_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                               int max_links, std::vector<StrongLinkChain>& found) {
  constexpr int kMasks = 8;
  const SingleDigitReach<W>& reach = chain_tables(layout, board, context).single_digit_reach();
  std::array<std::vector<CellSet<W>>, 3> partners;
  for (auto& by_kind : partners) by_kind.assign(static_cast<std::size_t>(layout.cell_count), CellSet<W>{});
  for (int digit = 0; digit < layout.size; ++digit) {
    std::array<CellSet<W>, 3> linked{};
    bool any_link = false;
    for (std::size_t u = 0; u < layout.unit_cells.size(); ++u) {
      const CellSet<W> places = board.cells_of(digit) & layout.unit_cells[u];
      if (places.count_upto(2) != 2) continue;
      const std::size_t kind = layout.unit_kind[u] == UnitKind::row      ? 0
                               : layout.unit_kind[u] == UnitKind::column ? 1
                                                                         : 2;
      const int first = places.first();
      const int second = (places - StrongLinks<W>::single(first)).first();
      if (!linked[kind].test(first)) partners[kind][static_cast<std::size_t>(first)] = CellSet<W>{};
      if (!linked[kind].test(second)) partners[kind][static_cast<std::size_t>(second)] = CellSet<W>{};
      partners[kind][static_cast<std::size_t>(first)].set(second);
      partners[kind][static_cast<std::size_t>(second)].set(first);
      linked[kind].set(first);
      linked[kind].set(second);
      any_link = true;
    }
    if (!any_link) continue;
    const CellSet<W> any_linked = linked[0] | linked[1] | linked[2];
    board.cells_of(digit).for_each([&](int start) {
      // No single-digit chain leads from this candidate to its negation: nothing to search.
      if (!reach.refutes_true(start, digit)) return;
      ++context.work;
      const CellSet<W>& sees_start = layout.peers[static_cast<std::size_t>(start)];
      // A chain must leave the start through a peer with a strong link.
      if (!sees_start.intersects(board.cells_of(digit) & any_linked)) return;
      std::array<CellSet<W>, kMasks> on_front{};
      std::array<CellSet<W>, kMasks> on_seen{};
      std::array<CellSet<W>, kMasks> off_seen{};
      unsigned live = 1;  // masks with a non-empty frontier
      on_front[0].set(start);
      on_seen[0].set(start);
      for (int links = 1; links <= max_links; ++links) {
        std::array<CellSet<W>, kMasks> next{};
        unsigned next_live = 0;
        for (int m = 0; m < kMasks; ++m) {
          if (!(live & (1U << m))) continue;
          CellSet<W> off_front;
          on_front[static_cast<std::size_t>(m)].for_each(
              [&](int c) { off_front |= layout.peers[static_cast<std::size_t>(c)]; });
          off_front &= board.cells_of(digit) & any_linked;
          off_front -= off_seen[static_cast<std::size_t>(m)];
          off_seen[static_cast<std::size_t>(m)] |= off_front;
          for (std::size_t kind = 0; kind < 3; ++kind)
            (off_front & linked[kind]).for_each([&](int c) {
              const std::size_t to = static_cast<std::size_t>(m) | (std::size_t{1} << kind);
              next[to] |= partners[kind][static_cast<std::size_t>(c)];
              next_live |= 1U << to;
            });
        }
        unsigned best_kinds = kMasks;
        double best_here = kNoScore;
        live = 0;
        for (int m = 0; m < kMasks; ++m) {
          if (!(next_live & (1U << m))) continue;
          CellSet<W>& fresh = next[static_cast<std::size_t>(m)];
          fresh.reset(start);
          fresh -= on_seen[static_cast<std::size_t>(m)];
          if (fresh.none()) continue;
          on_seen[static_cast<std::size_t>(m)] |= fresh;
          live |= 1U << m;
          if (links >= 2 && fresh.intersects(sees_start)) {
            const double score = strong_link_score(links, static_cast<unsigned>(m));
            if (score < best_here) {
              best_here = score;
              best_kinds = static_cast<unsigned>(m);
            }
          }
        }
        if (best_kinds != kMasks) {
          found.push_back({start, digit, links, best_kinds, best_here});
          return;
        }
        if (live == 0) return;
        on_front = next;
      }
    });
  }
}

}  // namespace

template <int W>
void find_strong_link_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                             int min_links, int max_links, std::vector<Step>& out) {
  static constexpr std::array<Technique, 7> kTechniques{
      Technique::two_strong_links,   Technique::two_strong_links,  Technique::two_strong_links,
      Technique::three_strong_links, Technique::four_strong_links, Technique::five_strong_links,
      Technique::six_strong_links};
  // The stages for 2, 3, 4 and 5-6 links run one after the other on an unchanged board when the
  // easier ones find nothing: one search serves them all.
  if (context.strong_links_version != context.board_version) {
    context.strong_links.clear();
    search_strong_link_chains(layout, board, context, 6, context.strong_links);
    context.strong_links_version = context.board_version;
  }
  double best = kNoScore;
  for (const StrongLinkChain& chain : context.strong_links)
    if (chain.links >= min_links && chain.links <= max_links) best = std::min(best, chain.score);
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  for (const StrongLinkChain& chain : context.strong_links) {
    if (chain.links < min_links || chain.links > max_links || chain.score > bound) continue;
    Step step = make_step(kTechniques[static_cast<std::size_t>(chain.links)], chain.score);
    step.eliminations.push_back({chain.cell, chain.digit});
    if (context.explain)
      step.detail = strong_link_name(chain.links, chain.kinds) + " on " + digit_text(chain.digit) +
                    ", both ends see " + layout.cell_text(chain.cell);
    out.push_back(std::move(step));
  }
}

template <int W>
void find_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                 std::vector<Step>& out) {
  ChainTables<W>& tables = chain_tables(layout, board, context);
  const StrongLinks<W>& links = tables.links();
  struct Found {
    int cell;
    int digit;
    bool start_on;
    ChainMode mode;
    double score;
  };
  std::vector<Found> found;
  const std::vector<Deduction>& candidates = tables.index().candidates;
  const StaticReach<W>& reach = tables.reach();
  const SingleDigitReach<W>& x_reach = tables.single_digit_reach();
  const BivalueReach<W>& y_reach = tables.bivalue_reach();
  const int cap = 2 * layout.cell_count * layout.size + 2;
  // Only assumptions that can reach their negation along some links have a chain at all (the
  // reachability tables say which, without exploring: the single-digit one for X-chains). Each is searched
  // breadth first, up to the length that could still match the easiest chain found so far (or the grade
  // reached).
  double best = kNoScore;
  std::vector<DigitSets<W>> layers;  // the searches' scratch
  constexpr std::array<ChainMode, 3> kModes{ChainMode::x, ChainMode::y, ChainMode::xy};
  for (const ChainMode mode : kModes) {
    const double base = technique_base_score(kChainTechniques[static_cast<std::size_t>(mode)]);
    const auto limit_now = [&] {
      return best == kNoScore ? cap : node_limit(base, std::max(best, context.good_enough), cap);
    };
    int limit = limit_now();
    for (std::size_t i = 0; i < 2 * candidates.size() && limit >= 2; ++i) {
      const Deduction& start = candidates[i / 2];
      const bool start_on = i % 2 == 0;
      if (mode == ChainMode::x ? !(start_on ? x_reach.refutes_true(start.cell, start.digit)
                                            : x_reach.refutes_false(start.cell, start.digit))
                               : !reach.reaches(static_cast<int>(i), static_cast<int>(i ^ 1)))
        continue;
      if (mode == ChainMode::y && !(start_on ? y_reach.refutes_true(board, start.cell, start.digit)
                                             : y_reach.refutes_false(board, start.cell, start.digit)))
        continue;
      ++context.work;
      const int nodes =
          shortest_chain(layout, board, links, start.cell, start.digit, start_on, mode, limit, layers);
      if (nodes <= 0) continue;
      const double score = base + length_bonus(nodes);
      found.push_back({start.cell, start.digit, start_on, mode, score});
      if (score < best - kEpsilon) {
        best = score;
        limit = limit_now();
      }
    }
  }
  if (found.empty()) return;
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  // The same conclusion through several chains is reported once, by the easiest.
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.cell != b.cell) return a.cell < b.cell;
    if (a.digit != b.digit) return a.digit < b.digit;
    if (a.start_on != b.start_on) return a.start_on;
    return a.score < b.score - kEpsilon;
  });
  for (std::size_t i = 0; i < found.size(); ++i) {
    const Found& chain = found[i];
    if (chain.score > bound) continue;
    if (i > 0 && found[i - 1].cell == chain.cell && found[i - 1].digit == chain.digit &&
        found[i - 1].start_on == chain.start_on)
      continue;
    Step step = make_step(kChainTechniques[static_cast<std::size_t>(chain.mode)], chain.score);
    (chain.start_on ? step.eliminations : step.placements).push_back({chain.cell, chain.digit});
    if (context.explain)
      step.detail = std::string(technique_name(step.technique)) + ": " +
                    path_text(layout, chain_path(layout, board, links, chain.cell, chain.digit,
                                                 chain.start_on, chain.mode));
    out.push_back(std::move(step));
  }
}

namespace {

// Whether placing `digit` at `cell` and following that digit alone (peers lose it, a unit left
// with one place gets it, layer by layer) ends in a contradiction: two placements seeing each
// other, or a unit left without a place. The same propagation as nishio_contradiction below, on
// sets only and without allocating: most candidates lead nowhere, and this decides which need the
// graph.
template <int W>
bool nishio_refutes(const Layout<W>& layout, const Board<W>& board, int cell, int digit) {
  CellSet<W> places = board.cells_of(digit);
  CellSet<W> placed = board.placed_of(digit);
  CellSet<W> layer;
  layer.set(cell);
  while (layer.any()) {
    bool clash = false;
    CellSet<W> seen_by_layer;
    layer.for_each([&](int at) {
      clash = clash || layout.peers[static_cast<std::size_t>(at)].intersects(layer);
      seen_by_layer |= layout.peers[static_cast<std::size_t>(at)];
    });
    if (clash) return true;
    placed |= layer;
    places -= layer;
    places -= seen_by_layer;
    layer = CellSet<W>{};
    for (const CellSet<W>& unit : layout.unit_cells) {
      if (placed.intersects(unit)) continue;
      const CellSet<W> left = places & unit;
      if (left.none()) return true;
      if (left.single()) layer |= left;
    }
  }
  return false;
}

// Nishio with the facts tracked: the nodes of the contradiction nishio_refutes finds (a unit left
// without a place), 0 if none.
template <bool Track, int W>
int nishio_contradiction(const Layout<W>& layout, const Board<W>& board, int cell, int digit,
                         FactGraph& graph) {
  const int n = layout.size;
  if (Track) graph.reset(layout.cell_count * n * 2);
  CellSet<W> places = board.cells_of(digit);
  CellSet<W> placed = board.placed_of(digit);
  std::vector<int> parents;
  std::vector<int> layer{cell};
  std::vector<int> layer_ids{Track ? graph.add(fact_key(n, cell, digit, true), parents) : -1};
  const auto off_id = [&](int c) { return graph.find(fact_key(n, c, digit, false)); };
  while (!layer.empty()) {
    for (std::size_t i = 0; i < layer.size(); ++i) {
      const int at = layer[i];
      if (!places.test(at)) {
        // Two placements of the digit in one unit: it is both on and off here.
        if (!Track) return 1;
        const std::array<int, 2> both{layer_ids[i], off_id(at)};
        return graph.ancestors(both);
      }
      placed.set(at);
      places.reset(at);
      if (Track) {
        const std::array<int, 1> parent{layer_ids[i]};
        (places & layout.peers[static_cast<std::size_t>(at)]).for_each([&](int peer) {
          graph.add(fact_key(n, peer, digit, false), parent);
        });
      }
      places -= layout.peers[static_cast<std::size_t>(at)];
    }
    layer.clear();
    layer_ids.clear();
    for (std::size_t u = 0; u < layout.unit_cells.size(); ++u) {
      const CellSet<W>& unit = layout.unit_cells[u];
      if (placed.intersects(unit)) continue;
      const CellSet<W> left = places & unit;
      if (left.none()) {
        if (!Track) return 1;
        parents.clear();
        (board.cells_of(digit) & unit).for_each([&](int c) { parents.push_back(off_id(c)); });
        return graph.ancestors(parents) + 1;
      }
      if (!left.single()) continue;
      const int target = left.first();
      if (std::find(layer.begin(), layer.end(), target) != layer.end()) continue;
      layer.push_back(target);
      if (Track) {
        parents.clear();
        ((board.cells_of(digit) & unit) - left).for_each([&](int c) { parents.push_back(off_id(c)); });
        layer_ids.push_back(graph.add(fact_key(n, target, digit, true), parents));
      } else {
        layer_ids.push_back(-1);
      }
    }
  }
  return 0;
}

}  // namespace

template <int W>
void find_nishio(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                 std::vector<Step>& out) {
  FactGraph graph;
  struct Found {
    int cell;
    int digit;
    double score;
  };
  std::vector<Found> found;
  double best = kNoScore;
  const double base = technique_base_score(Technique::nishio);
  for (int digit = 0; digit < layout.size; ++digit)
    board.cells_of(digit).for_each([&](int cell) {
      ++context.work;
      if (!nishio_refutes(layout, board, cell, digit)) return;
      const int nodes = nishio_contradiction<true>(layout, board, cell, digit, graph);
      const double score = base + length_bonus(nodes);
      found.push_back({cell, digit, score});
      best = std::min(best, score);
    });
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  for (const Found& chain : found) {
    if (chain.score > bound) continue;
    Step step = make_step(Technique::nishio, chain.score);
    step.eliminations.push_back({chain.cell, chain.digit});
    if (context.explain)
      step.detail = "nishio forcing chain: " + fact_text(layout, chain.cell, chain.digit, true) +
                    " leaves a unit without " + digit_text(chain.digit);
    out.push_back(std::move(step));
  }
}

namespace {

// One assumption followed through the position. Static (level 0): implications along the
// position's own strong links, breadth first. Dynamic (level 1): the board is updated and singles
// are applied layer by layer. Level 2 also applies intersections and naked pairs when the singles
// run dry. Every derived fact is recorded (a node bit) with its node count: the facts it rests on,
// itself included. Static chains are paths, so that is the layer plus one; dynamic facts carry
// their ancestor sets as bitsets over nodes, built in derivation order.
template <int W>
class Branch {
 public:
  struct Count {
    int node;
    int nodes;
  };

  Branch(const Layout<W>& layout, const Board<W>& base, const StrongLinks<W>& links,
         const CandidateIndex<W>& index, int level)
      : layout_(layout),
        base_(base),
        links_(links),
        index_(index),
        level_(level),
        n_(layout.size),
        words_(static_cast<std::size_t>((index.nodes() + 63) / 64)) {}

  // Follows the assumption `node`; false when it leads to a contradiction (with
  // contradiction_nodes() nodes). `facts` (node bits, cleared by the caller) receives every
  // derived fact; append_counts() lists them with their node counts.
  bool run(int node, std::uint64_t* facts) {
    facts_ = facts;
    contradiction_nodes_ = 0;
    const Deduction& assumed = index_.of(node);
    const bool on = node % 2 == 0;
    return level_ == 0 ? run_static(assumed.cell, assumed.digit, on)
                       : run_dynamic(assumed.cell, assumed.digit, on);
  }
  int contradiction_nodes() const { return contradiction_nodes_; }
  // The facts of the last run() with their node counts, in node order.
  void append_counts(std::vector<Count>& out) const {
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = facts_[w]; bits != 0; bits &= bits - 1) {
        const int fact = static_cast<int>(w * 64) + std::countr_zero(bits);
        const int nodes = level_ == 0 ? static_layer_[static_cast<std::size_t>(fact)] + 1
                                      : count_of_[static_cast<std::size_t>(fact)];
        out.push_back({fact, nodes});
      }
  }

 private:
  int node(int cell, int digit, bool on) const { return index_.node(cell, digit, on); }
  std::uint64_t* ancestors(int node) { return &ancestors_[static_cast<std::size_t>(node) * words_]; }
  int count_bits(const std::uint64_t* bits) const {
    int total = 0;
    for (std::size_t w = 0; w < words_; ++w) total += bit_count(bits[w]);
    return total;
  }

  // (Only for positions too large for the reachability table: StaticLayers serves the others.)
  bool run_static(int cell, int digit, bool on) {
    DigitSets<W> on_seen{};
    DigitSets<W> off_seen{};
    DigitSets<W> front{};
    (on ? on_seen : off_seen)[static_cast<std::size_t>(digit)].set(cell);
    front[static_cast<std::size_t>(digit)].set(cell);
    static_layer_.resize(static_cast<std::size_t>(index_.nodes()));
    static_layer_[static_cast<std::size_t>(node(cell, digit, on))] = 0;
    bool front_on = on;
    CandidateMask front_digits = bit_of(digit);  // digits whose front (next) is not empty
    for (int layer = 1;; ++layer) {
      DigitSets<W> next{};
      CandidateMask next_digits = 0;
      for (CandidateMask live = front_digits; live != 0; live &= live - 1) {
        const int d = std::countr_zero(live);
        const CellSet<W>& from = front[static_cast<std::size_t>(d)];
        if (front_on) {
          from.for_each([&](int c) {
            next[static_cast<std::size_t>(d)] |=
                layout_.peers[static_cast<std::size_t>(c)] & base_.cells_of(d);
            const CandidateMask others = base_.mask(c) & ~bit_of(d);
            next_digits |= bit_of(d) | others;
            for (CandidateMask rest = others; rest != 0; rest &= rest - 1)
              next[static_cast<std::size_t>(std::countr_zero(rest))].set(c);
          });
          continue;
        }
        // Most eliminations lead nowhere: only those with a strong link are followed.
        (from & links_.linked[static_cast<std::size_t>(d)]).for_each([&](int c) {
          next[static_cast<std::size_t>(d)] |= links_.partner(c, d);
          next_digits |= bit_of(d);
        });
        (from & links_.bivalue).for_each([&](int c) {
          const int e = std::countr_zero(base_.mask(c) & ~bit_of(d));
          next[static_cast<std::size_t>(e)].set(c);
          next_digits |= bit_of(e);
        });
      }
      DigitSets<W>& seen = front_on ? off_seen : on_seen;
      const DigitSets<W>& other = front_on ? on_seen : off_seen;
      bool any = false;
      int contradiction = std::numeric_limits<int>::max();
      front_digits = 0;
      for (CandidateMask live = next_digits; live != 0; live &= live - 1) {
        const int d = std::countr_zero(live);
        CellSet<W>& fresh = next[static_cast<std::size_t>(d)];
        fresh -= seen[static_cast<std::size_t>(d)];
        if (fresh.none()) continue;
        any = true;
        front_digits |= bit_of(d);
        seen[static_cast<std::size_t>(d)] |= fresh;
        fresh.for_each([&](int c) {
          const int fact = node(c, d, !front_on);
          static_layer_[static_cast<std::size_t>(fact)] = layer;
          set_bit(facts_, fact);
          // Both a candidate and its negation: the assumption is false. A chain to each.
          if (other[static_cast<std::size_t>(d)].test(c))
            contradiction =
                std::min(contradiction, layer + static_layer_[static_cast<std::size_t>(fact ^ 1)] + 2);
        });
      }
      if (contradiction != std::numeric_limits<int>::max()) {
        contradiction_nodes_ = contradiction;
        return false;
      }
      if (!any) return true;
      front = next;
      front_on = !front_on;
    }
  }

  // Ancestor bookkeeping: an eliminated candidate rests on the one placement that removed it, so
  // its count is that placement's plus one and it needs no set of its own; placements (and
  // pattern eliminations, and the assumption) keep their ancestor sets as node bitsets.
  void add_ancestry(std::uint64_t* bits, int fact) {
    const int parent = off_parent_[static_cast<std::size_t>(fact)];
    const std::uint64_t* from = ancestors(parent < 0 ? fact : parent);
    for (std::size_t w = 0; w < words_; ++w) bits[w] |= from[w];
    set_bit(bits, fact);
  }
  bool record_off(int fact, int placement) {
    if (test_bit(facts_, fact)) return false;
    set_bit(facts_, fact);
    off_parent_[static_cast<std::size_t>(fact)] = placement;
    count_of_[static_cast<std::size_t>(fact)] = count_of_[static_cast<std::size_t>(placement)] + 1;
    return true;
  }
  // A fact with its own ancestor set: the union of its parents' (none for the assumption).
  template <class Parents>
  bool record_with_set(int fact, const Parents& parents) {
    if (test_bit(facts_, fact)) return false;
    set_bit(facts_, fact);
    off_parent_[static_cast<std::size_t>(fact)] = -1;
    std::uint64_t* bits = ancestors(fact);
    std::fill(bits, bits + words_, 0);
    for (int parent : parents) add_ancestry(bits, parent);
    set_bit(bits, fact);
    count_of_[static_cast<std::size_t>(fact)] = count_bits(bits);
    return true;
  }

  // The facts behind a contradiction, plus `extra` for the empty cell or unit itself.
  template <class Facts>
  bool contradiction(const Facts& facts, int extra) {
    std::fill(union_.begin(), union_.end(), 0);
    for (int fact : facts) add_ancestry(union_.data(), fact);
    contradiction_nodes_ = count_bits(union_.data()) + extra;
    return false;
  }

  bool run_dynamic(int cell, int digit, bool on) {
    ancestors_.resize(static_cast<std::size_t>(index_.nodes()) * words_);
    off_parent_.resize(static_cast<std::size_t>(index_.nodes()));
    count_of_.resize(static_cast<std::size_t>(index_.nodes()));
    union_.resize(words_);
    board_ = base_;
    pending_on_.clear();
    pending_off_.clear();
    (on ? pending_on_ : pending_off_).push_back({cell, digit});
    const int root = node(cell, digit, on);
    record_with_set(root, std::array<int, 0>{});
    facts_[root >> 6] &= ~(std::uint64_t{1} << (root & 63));  // the assumption is not a conclusion
    for (;;) {
      CellSet<W> touched;
      lost_.clear();
      // Placements: their peers and the cell's other digits go off.
      for (const Deduction& placing : pending_on_) {
        const int c = placing.cell;
        const int d = placing.digit;
        if (board_.values[static_cast<std::size_t>(c)] == d + 1) continue;
        if (!board_.has(c, d))
          return contradiction(std::array<int, 2>{node(c, d, true), node(c, d, false)}, 0);
        touched |= layout_.peers[static_cast<std::size_t>(c)] & board_.cells_of(d);
        const int placement = node(c, d, true);
        board_.place(layout_, c, d, [&](int p, int e) {
          record_off(node(p, e, false), placement);
          lost_.push_back({p, e});
        });
      }
      for (const Deduction& removing : pending_off_) {
        if (!board_.has(removing.cell, removing.digit)) continue;
        board_.eliminate(removing.cell, removing.digit);
        touched.set(removing.cell);
        lost_.push_back(removing);
      }
      pending_on_.clear();
      pending_off_.clear();
      if (!derive_singles(touched)) return false;
      if (pending_on_.empty() && level_ >= 2 && !find_patterns()) break;
      if (pending_on_.empty() && pending_off_.empty()) break;
    }
    return true;
  }

  // New singles where candidates were just lost; false on a contradiction.
  bool derive_singles(const CellSet<W>& touched) {
    bool ok = true;
    touched.for_each([&](int c) {
      if (!ok || !board_.open.test(c)) return;
      const CandidateMask mask = board_.mask(c);
      if ((mask & (mask - 1)) != 0) return;
      parents_.clear();
      for (CandidateMask gone = base_.mask(c) & ~mask; gone != 0; gone &= gone - 1)
        parents_.push_back(node(c, std::countr_zero(gone), false));
      if (mask == 0) {
        ok = contradiction(parents_, 1);
        return;
      }
      const int d = std::countr_zero(mask);
      if (record_with_set(node(c, d, true), parents_)) pending_on_.push_back({c, d});
    });
    if (!ok) return false;
    // Hidden singles (and units left without a digit) can only appear where a digit just lost a
    // place: check those unit-digit pairs once each.
    if (unit_stamp_.size() != layout_.unit_cells.size() * static_cast<std::size_t>(n_)) {
      unit_stamp_.assign(layout_.unit_cells.size() * static_cast<std::size_t>(n_), 0);
      stamp_ = 0;
    }
    ++stamp_;
    for (const Deduction& gone : lost_) {
      const int d = gone.digit;
      for (int unit : layout_.units_of(gone.cell)) {
        std::uint32_t& seen = unit_stamp_[static_cast<std::size_t>(unit * n_ + d)];
        if (seen == stamp_) continue;
        seen = stamp_;
        const CellSet<W>& cells = layout_.unit_cells[static_cast<std::size_t>(unit)];
        const CellSet<W> left = board_.cells_of(d) & cells;
        if (left.any() && !left.single()) continue;
        if (board_.placed_of(d).intersects(cells)) continue;
        parents_.clear();
        (base_.cells_of(d) & cells).for_each([&](int p) {
          if (!left.test(p)) parents_.push_back(node(p, d, false));
        });
        if (left.none()) return contradiction(parents_, 1);
        const int target = left.first();
        if (record_with_set(node(target, d, true), parents_)) pending_on_.push_back({target, d});
      }
    }
    return true;
  }

  // Dynamic (+): eliminations of intersections and naked pairs, each resting on every fact so far
  // (a coarse but order-free account of what the pattern needed). False when there are none.
  bool find_patterns() {
    SearchContext quiet;
    quiet.uniqueness = false;
    found_.clear();
    find_intersections(layout_, board_, quiet, false, found_);
    if (found_.empty()) find_naked_subsets(layout_, board_, quiet, 2, found_);
    if (found_.empty()) return false;
    parents_.clear();
    for (std::size_t w = 0; w < words_; ++w)
      for (std::uint64_t bits = facts_[w]; bits != 0; bits &= bits - 1)
        parents_.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    for (const Step& step : found_)
      for (const Deduction& gone : step.eliminations) {
        if (!board_.has(gone.cell, gone.digit)) continue;
        if (record_with_set(node(gone.cell, gone.digit, false), parents_)) pending_off_.push_back(gone);
      }
    return !pending_off_.empty();
  }

  const Layout<W>& layout_;
  const Board<W>& base_;
  const StrongLinks<W>& links_;
  const CandidateIndex<W>& index_;
  int level_;
  int n_;
  std::size_t words_;
  std::uint64_t* facts_ = nullptr;
  int contradiction_nodes_ = 0;
  Board<W> board_;
  std::vector<std::uint64_t> ancestors_;  // [node * words_]: sets of the facts that have one
  std::vector<int> off_parent_;           // per eliminated node: the placement behind it, or -1
  std::vector<int> count_of_;             // per fact of the current run: its node count
  std::vector<std::uint64_t> union_;
  std::vector<int> static_layer_;
  std::vector<Deduction> pending_on_;
  std::vector<Deduction> pending_off_;
  std::vector<int> parents_;
  std::vector<Deduction> lost_;  // candidates removed in the current layer
  std::vector<std::uint32_t> unit_stamp_;
  std::uint32_t stamp_ = 0;
  std::vector<Step> found_;
};

}  // namespace

namespace {

// Breadth-first searches of a position's static implication graph from up to 64 assumptions at
// once: each node keeps one bit per search, so a layer is one pass over the edges for all of them.
// Each search stops at its first contradiction (a candidate reached both true and false) or after
// its own number of layers; what it reached when is kept layer by layer. The same layers as
// Branch::run_static, search by search.
template <int W>
class StaticLayers {
 public:
  static constexpr int kMaxSearches = 64;

  explicit StaticLayers(const StaticGraph& graph)
      : nodes_(static_cast<std::size_t>(graph.nodes())), begin_(graph.begin), next_(graph.next) {
    frontier_.resize(nodes_);
    seen_.resize(nodes_);
    incoming_.assign(nodes_, 0);
  }

  // Search k starts from node sources[k] and runs at most max_layers[k] layers.
  void run(std::span<const int> sources, std::span<const int> max_layers) {
    std::fill(seen_.begin(), seen_.end(), 0);
    history_.clear();
    contradiction_.assign(sources.size(), kBeyondCap);
    front_nodes_.clear();
    std::uint64_t active = 0;
    for (std::size_t k = 0; k < sources.size(); ++k) {
      const auto source = static_cast<std::size_t>(sources[k]);
      frontier_[source] = bit(k);  // sources are distinct nodes
      seen_[source] |= bit(k);
      front_nodes_.push_back(static_cast<int>(source));
      if (max_layers[k] >= 1) active |= bit(k);
    }
    history_.insert(history_.end(), seen_.begin(), seen_.end());
    for (int layer = 1; active != 0; ++layer) {
      // Only the nodes the last layer reached pass anything on, and only to their successors.
      touched_.clear();
      for (const int v : front_nodes_) {
        const std::uint64_t searches = frontier_[static_cast<std::size_t>(v)] & active;
        if (searches == 0) continue;
        for (int e = begin_[static_cast<std::size_t>(v)]; e < begin_[static_cast<std::size_t>(v) + 1]; ++e) {
          const auto w = static_cast<std::size_t>(next_[static_cast<std::size_t>(e)]);
          if (incoming_[w] == 0) touched_.push_back(static_cast<int>(w));
          incoming_[w] |= searches;
        }
      }
      front_nodes_.clear();
      std::uint64_t any = 0;
      std::uint64_t contradicted = 0;
      for (const int node : touched_) {
        const auto w = static_cast<std::size_t>(node);
        const std::uint64_t fresh = incoming_[w] & ~seen_[w];
        incoming_[w] = 0;
        frontier_[w] = fresh;
        if (fresh == 0) continue;
        front_nodes_.push_back(node);
        seen_[w] |= fresh;
        any |= fresh;
        // The negation was reached in an earlier layer (a search alternates polarities layer by
        // layer): a chain to each. The layer's easiest counts.
        for (std::uint64_t clash = fresh & seen_[w ^ 1]; clash != 0; clash &= clash - 1) {
          const auto k = static_cast<std::size_t>(std::countr_zero(clash));
          const int nodes = layer + layer_of(k, static_cast<int>(w ^ 1)) + 2;
          contradiction_[k] = std::min(contradiction_[k], nodes);
          contradicted |= bit(k);
        }
      }
      history_.insert(history_.end(), seen_.begin(), seen_.end());
      active &= ~contradicted;
      for (std::uint64_t searches = active; searches != 0; searches &= searches - 1) {
        const auto k = static_cast<std::size_t>(std::countr_zero(searches));
        if (layer >= max_layers[k]) active &= ~bit(k);
      }
      if (any == 0) break;
    }
  }
  // The layer at which search k first reached `node` (0: its source), -1 if it did not.
  int layer_of(std::size_t k, int node) const {
    const auto layers = static_cast<int>(history_.size() / nodes_);
    const auto reached = [&](int layer) {
      return (history_[static_cast<std::size_t>(layer) * nodes_ + static_cast<std::size_t>(node)] & bit(k)) !=
             0;
    };
    if (!reached(layers - 1)) return -1;
    int low = -1;  // not reached by then
    int high = layers - 1;
    while (high - low > 1) {
      const int middle = low + (high - low) / 2;
      (reached(middle) ? high : low) = middle;
    }
    return high;
  }
  // Nodes behind search k's contradiction (its layer plus the negation's, plus the two ends),
  // kBeyondCap when it met none.
  int contradiction_nodes(std::size_t k) const { return contradiction_[k]; }

 private:
  static std::uint64_t bit(std::size_t k) { return std::uint64_t{1} << k; }

  std::size_t nodes_;
  const std::vector<int>& begin_;  // the graph's successor lists
  const std::vector<int>& next_;
  std::vector<std::uint64_t> frontier_;  // per node: the searches that reached it in the last layer
  std::vector<std::uint64_t> seen_;      // per node: the searches that reached it so far
  std::vector<std::uint64_t>
      incoming_;                  // per node: the searches reaching it in this layer (zero between layers)
  std::vector<int> front_nodes_;  // the nodes the last layer reached
  std::vector<int> touched_;      // the nodes with incoming searches in this layer
  std::vector<std::uint64_t> history_;  // seen_ after each layer
  std::vector<int> contradiction_;
};

}  // namespace

template <int W>
void find_forcing_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context, int level,
                         std::vector<Step>& out) {
  static constexpr std::array<Technique, 3> kLevels{Technique::multiple_forcing_chain,
                                                    Technique::dynamic_forcing_chain,
                                                    Technique::dynamic_forcing_chain_plus};
  const Technique technique = kLevels[static_cast<std::size_t>(level)];
  const double base = technique_base_score(technique);
  // Conclusions resting on more nodes than this would score over the caller's cap: no need to
  // find them (static chains search no deeper than that, see below).
  const int node_cap = max_nodes_within(base, context.score_cap);
  if (node_cap == 0) return;
  const int n = layout.size;
  ChainTables<W>& tables = chain_tables(layout, board, context);
  const StrongLinks<W>& links = tables.links();
  const CandidateIndex<W>& index = tables.index();
  Branch<W> branch(layout, board, links, index, level);
  const int nodes = index.nodes();
  const std::size_t words = static_cast<std::size_t>((nodes + 63) / 64);
  // Every candidate assumed true (node 2i) and, for dynamic chains, false (2i+1): the facts each
  // assumption leads to, with their node counts (sorted by node, per branch). Static chains from
  // false assumptions add little over the cell and region chains SE calls "multiple forcing
  // chains" (no measurable change in agreement) and would double the work.
  const bool both_ways = level > 0;
  std::vector<std::uint64_t> facts(static_cast<std::size_t>(nodes) * words, 0);
  std::vector<std::size_t> count_begin(static_cast<std::size_t>(nodes) + 1, 0);
  std::vector<typename Branch<W>::Count> counts;
  std::vector<char> consistent(static_cast<std::size_t>(nodes));
  std::vector<int> contradiction_nodes(static_cast<std::size_t>(nodes));
  // Static chains: one reachability table gives every branch's facts at once; distances (the node
  // counts) are then searched only from the branches a conclusion rests on.
  const StaticReach<W>* reach = level == 0 ? &tables.reach() : nullptr;
  const bool from_reach = reach != nullptr && reach->available();
  // In a cell with two candidates "a is false" is "b is true": that branch adds nothing the cell
  // chain on both candidates does not have, so it is skipped.
  const auto bivalue_cell = [&](int b) { return bit_count(board.mask(index.of(b).cell)) == 2; };
  // Removing a candidate from a cell that keeps two or more, where every unit keeps two or more
  // places for the digit, leaves no single: with singles only (level 1), that branch derives
  // nothing and is consistent, so it need not be followed.
  const auto leaves_no_single = [&](int b) {
    const Deduction& removed = index.of(b);
    if (bit_count(board.mask(removed.cell)) < 3) return false;
    for (int unit : layout.units_of(removed.cell))
      if ((board.cells_of(removed.digit) & layout.unit_cells[static_cast<std::size_t>(unit)]).count_upto(2) <
          3)
        return false;
    return true;
  };
  for (int b = 0; b < nodes; ++b) {
    if (b % 2 == 1 && (!both_ways || bivalue_cell(b) || (level == 1 && leaves_no_single(b)))) {
      consistent[static_cast<std::size_t>(b)] = 1;
      count_begin[static_cast<std::size_t>(b) + 1] = counts.size();
      continue;
    }
    if (from_reach) {
      std::uint64_t* row = &facts[static_cast<std::size_t>(b) * words];
      const std::uint64_t* reached = reach->row(b);
      bool clash = false;  // some candidate reached both true and false
      for (std::size_t w = 0; w < words; ++w) {
        row[w] = reached[w];
        clash = clash || (reached[w] & (reached[w] >> 1) & 0x5555555555555555ULL) != 0;
      }
      row[b >> 6] &= ~(std::uint64_t{1} << (b & 63));
      consistent[static_cast<std::size_t>(b)] = !clash;
      count_begin[static_cast<std::size_t>(b) + 1] = counts.size();
      continue;
    }
    ++context.work;
    const bool ok = branch.run(b, &facts[static_cast<std::size_t>(b) * words]);
    consistent[static_cast<std::size_t>(b)] = ok;
    contradiction_nodes[static_cast<std::size_t>(b)] = branch.contradiction_nodes();
    if (ok) branch.append_counts(counts);
    count_begin[static_cast<std::size_t>(b) + 1] = counts.size();
  }
  const auto nodes_behind = [&](int b, int fact) {
    const auto first = counts.begin() + static_cast<std::ptrdiff_t>(count_begin[static_cast<std::size_t>(b)]);
    const auto last =
        counts.begin() + static_cast<std::ptrdiff_t>(count_begin[static_cast<std::size_t>(b) + 1]);
    return std::lower_bound(first, last, fact, [](const auto& x, int value) { return x.node < value; })
        ->nodes;
  };

  // Conclusions: what a contradiction refutes, and what several assumptions covering every
  // possibility agree on (both values of a candidate, every candidate of a cell, every place of a
  // digit in a unit). Nodes add up over the chains a conclusion combines; each chain has at least
  // two (the assumption and the fact), so groups of more than node_cap / 2 branches are skipped.
  enum class Kind { contradiction, twofold, cell, region };
  struct Conclusion {
    int fact;  // node: a placement (even) or an elimination (odd)
    Kind kind;
    int source;  // the assumption (contradiction, twofold), the cell, or the unit
    int source_digit;
    int nodes;  // counted later for static chains from the reachability table
    int group;  // the branches it rests on: group_branches[group_begin[group] ..group_begin[group + 1])
  };
  const auto add_nodes = [](int total, int more) { return std::min(total + more, kBeyondCap); };
  std::vector<Conclusion> conclusions;
  std::vector<int> group_branches;
  std::vector<std::size_t> group_begin{0};
  const auto add_group = [&](std::span<const int> members) {
    group_branches.insert(group_branches.end(), members.begin(), members.end());
    group_begin.push_back(group_branches.size());
    return static_cast<int>(group_begin.size()) - 2;
  };
  std::vector<std::uint64_t> agreed(words);
  const auto add_agreements = [&](std::span<const int> members, Kind kind, int source, int source_digit) {
    if (2 * static_cast<int>(members.size()) > node_cap) return;
    bool any = false;
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t bits = ~std::uint64_t{0};
      for (int b : members) bits &= facts[static_cast<std::size_t>(b) * words + w];
      agreed[w] = bits;
      any = any || bits != 0;
    }
    if (!any) return;
    const int group = add_group(members);
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t bits = agreed[w]; bits != 0; bits &= bits - 1) {
        const int fact = static_cast<int>(w * 64) + std::countr_zero(bits);
        int total = 0;
        if (!from_reach) {
          for (int b : members) total = add_nodes(total, nodes_behind(b, fact));
          if (total > node_cap) continue;
        }
        conclusions.push_back({fact, kind, source, source_digit, total, group});
      }
  };
  for (int b = 0; b < nodes; ++b)
    if (!consistent[static_cast<std::size_t>(b)]) {
      const int total = from_reach ? 0 : contradiction_nodes[static_cast<std::size_t>(b)];
      if (total > node_cap) continue;
      conclusions.push_back({b ^ 1, Kind::contradiction, b, 0, total, add_group(std::array<int, 1>{b})});
    }
  // (Static chains follow true assumptions only: there is nothing for false ones to agree on.)
  if (both_ways)
    for (int i = 0; 2 * i < nodes; ++i)
      if (consistent[static_cast<std::size_t>(2 * i)] && consistent[static_cast<std::size_t>(2 * i + 1)])
        add_agreements(std::array<int, 2>{2 * i, 2 * i + 1}, Kind::twofold, 2 * i, 0);
  std::vector<int> branches;
  board.open.for_each([&](int cell) {
    branches.clear();
    for (CandidateMask digits = board.mask(cell); digits != 0; digits &= digits - 1) {
      const int b = index.node(cell, std::countr_zero(digits), true);
      if (!consistent[static_cast<std::size_t>(b)]) return;
      branches.push_back(b);
    }
    add_agreements(branches, Kind::cell, cell, 0);
  });
  for (std::size_t u = 0; u < layout.unit_cells.size(); ++u)
    for (int d = 0; d < n; ++d) {
      const CellSet<W> places = board.cells_of(d) & layout.unit_cells[u];
      if (places.count_upto(2) < 2) continue;
      branches.clear();
      bool ok = true;
      places.for_each([&](int cell) {
        const int b = index.node(cell, d, true);
        ok = ok && consistent[static_cast<std::size_t>(b)];
        branches.push_back(b);
      });
      if (ok) add_agreements(branches, Kind::region, static_cast<int>(u), d);
    }
  if (conclusions.empty()) return;
  if (from_reach) {
    // Each branch searched once, breadth first until every fact asked of it is reached — or, under
    // a cap, no deeper than its conclusions can go and stay within it: a contradiction at layer L
    // has at least L + 2 nodes, and a fact at layer L in a group of g branches at least L + 1 +
    // 2 (g - 1).
    std::vector<std::size_t> use_begin(static_cast<std::size_t>(nodes) + 1, 0);
    for (const Conclusion& conclusion : conclusions)
      for (std::size_t k = group_begin[static_cast<std::size_t>(conclusion.group)];
           k < group_begin[static_cast<std::size_t>(conclusion.group) + 1]; ++k)
        ++use_begin[static_cast<std::size_t>(group_branches[k]) + 1];
    for (std::size_t b = 0; b < static_cast<std::size_t>(nodes); ++b) use_begin[b + 1] += use_begin[b];
    std::vector<std::size_t> uses(use_begin.back());
    std::vector<int> targets(use_begin.back());
    std::vector<std::size_t> target_end(use_begin.begin(), use_begin.end() - 1);
    std::vector<std::size_t> use_end(use_begin.begin(), use_begin.end() - 1);
    std::vector<int> max_layer(static_cast<std::size_t>(nodes), 0);
    for (std::size_t c = 0; c < conclusions.size(); ++c) {
      const std::size_t first = group_begin[static_cast<std::size_t>(conclusions[c].group)];
      const std::size_t last = group_begin[static_cast<std::size_t>(conclusions[c].group) + 1];
      const bool contradiction = conclusions[c].kind == Kind::contradiction;
      const int deepest =
          contradiction ? node_cap - 2 : node_cap - 1 - 2 * static_cast<int>(last - first - 1);
      for (std::size_t k = first; k < last; ++k) {
        const auto b = static_cast<std::size_t>(group_branches[k]);
        uses[use_end[b]++] = c;
        if (!contradiction) targets[target_end[b]++] = conclusions[c].fact;
        max_layer[b] = std::max(max_layer[b], deepest);
      }
    }
    StaticLayers<W> searches(tables.graph());
    std::vector<int> batch;
    std::vector<int> batch_layers;
    const auto search_batch = [&] {
      searches.run(batch, batch_layers);
      for (std::size_t k = 0; k < batch.size(); ++k) {
        const auto at = static_cast<std::size_t>(batch[k]);
        for (std::size_t u = use_begin[at]; u < use_end[at]; ++u) {
          Conclusion& conclusion = conclusions[uses[u]];
          int more = kBeyondCap;
          if (conclusion.kind == Kind::contradiction) {
            more = searches.contradiction_nodes(k);
          } else if (const int layer = searches.layer_of(k, conclusion.fact); layer >= 1) {
            more = layer + 1;
          }
          conclusion.nodes = add_nodes(conclusion.nodes, more);
        }
      }
      batch.clear();
      batch_layers.clear();
    };
    for (int b = 0; b < nodes; ++b) {
      const auto at = static_cast<std::size_t>(b);
      if (use_begin[at] == use_end[at]) continue;
      ++context.work;
      batch.push_back(b);
      batch_layers.push_back(max_layer[at]);
      if (batch.size() == static_cast<std::size_t>(StaticLayers<W>::kMaxSearches)) search_batch();
    }
    if (!batch.empty()) search_batch();
    std::erase_if(conclusions, [&](const Conclusion& conclusion) { return conclusion.nodes > node_cap; });
  }

  // One step per conclusion: the easiest way to it; report those within the easiest (or the grade).
  std::stable_sort(conclusions.begin(), conclusions.end(), [](const Conclusion& a, const Conclusion& b) {
    return a.fact != b.fact ? a.fact < b.fact : a.nodes < b.nodes;
  });
  double best = kNoScore;
  for (const Conclusion& conclusion : conclusions)
    best = std::min(best, base + length_bonus(conclusion.nodes));
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  for (std::size_t k = 0; k < conclusions.size(); ++k) {
    const Conclusion& conclusion = conclusions[k];
    if (k > 0 && conclusions[k - 1].fact == conclusion.fact) continue;
    const double score = base + length_bonus(conclusion.nodes);
    if (score > bound) continue;
    Step step = make_step(technique, score);
    const Deduction& fact = index.of(conclusion.fact);
    (conclusion.fact % 2 == 0 ? step.placements : step.eliminations).push_back(fact);
    if (context.explain) {
      std::string why;
      switch (conclusion.kind) {
        case Kind::contradiction: {
          const Deduction& assumed = index.of(conclusion.source);
          why = "assuming " + fact_text(layout, assumed.cell, assumed.digit, conclusion.source % 2 == 0) +
                " leads to a contradiction";
          break;
        }
        case Kind::twofold: {
          const Deduction& assumed = index.of(conclusion.source);
          why = "both " + fact_text(layout, assumed.cell, assumed.digit, true) + " and " +
                fact_text(layout, assumed.cell, assumed.digit, false) + " lead to it";
          break;
        }
        case Kind::cell:
          why = "every candidate of " + layout.cell_text(conclusion.source) + " leads to it";
          break;
        case Kind::region:
          why = "every place of " + digit_text(conclusion.source_digit) + " in " +
                layout.unit_name(conclusion.source) + " leads to it";
          break;
      }
      step.detail = std::string(technique_name(technique)) + ": " + why + " (" +
                    std::to_string(conclusion.nodes) + " nodes)";
    }
    out.push_back(std::move(step));
  }
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_strong_link_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, int, \
                                           std::vector<Step>&);                                         \
  template void find_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);  \
  template void find_nishio<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);  \
  template void find_forcing_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, int,          \
                                       std::vector<Step>&);
SUDOKU_TECHNIQUE_INSTANTIATE(2)
SUDOKU_TECHNIQUE_INSTANTIATE(4)
SUDOKU_TECHNIQUE_INSTANTIATE(10)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
