// SPDX-License-Identifier: Apache-2.0
// Sudoku Explainer's forcing-chain search in SE's order (see se_chaining.hpp for why).
//
// A potential is a candidate assumed true ("on") or false ("off"); its id packs both:
//
//   key = (cell * size + digit) * 2 + on      (on = 1, off = 0; the conjugate is key ^ 1)
//
// A Branch follows one assumption the way SE's doChaining does: two FIFO queues, every pending
// "on" is expanded before the next "off"; an "on" makes the cell's other digits (unless Nishio)
// and the digit's other places in the cell's units off (box, row, column, then other units; a cell
// once); an "off" makes the cell's last other digit on (unless Nishio) and the digit's last other
// place in each unit on. Dynamic rules then remove the "off" from the branch's grid, so later
// steps see the thinner grid; a fact derived from the thinner grid gets as extra ("hidden")
// parents the offs that thinned it. The first potential met whose conjugate is already known ends
// the branch (a contradiction), leaving its sets as they are — later conclusions use those.
//
// Storage: per branch, nodes in insertion order, each with its first parent inline and any
// further ("hidden") parents in one arena, and key -> node in a flat array reset through the node
// lists; no hashing. Every array is sized once for the layout (a key is stored at most once), so
// the propagation's inner loop neither allocates nor checks capacity — it runs some ten million
// times per second of grading, and vector growth checks were a quarter of its instructions.
// Node counts (ancestor sets) are counted only for the hints that could still come first, with a
// cap (the best so far).
#include "se_chaining.hpp"

#include "chain_tables.hpp"
#include "evidence_branch.hpp"
#include "sudoku/base/budget.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <span>
#include <string>

namespace sudoku::technique {
namespace {

constexpr int kNone = -1;

// common &= row, word by word; whether anything is left. The fact-set intersections below (branch
// key sets, closure rows) all go through it.
inline bool intersect(std::vector<std::uint64_t>& common, const std::uint64_t* row) {
  std::uint64_t any = 0;
  for (std::size_t w = 0; w < common.size(); ++w) any |= (common[w] &= row[w]);
  return any != 0;
}

// SE's hint kinds, as its sort key (BinaryChainingHint / CellChainingHint / RegionChainingHint):
// at equal difficulty and node count, double chains come first, then cell, region and
// contradiction chains.
enum SortKey : int { kDouble = 1, kCell = 5, kRegion = 6, kContradiction = 7 };

// Keys, node ids and the hidden-parent arena's offsets fit 16 bits up to 128 cells (11x11:
// 2 * 11^3 keys, at most 10 hidden parents a node); half the bytes per branch keeps more of the
// ~250 branches of a search in cache.
template <int W>
using NodeId = std::conditional_t<(W <= 2), std::int16_t, std::int32_t>;

template <int W>
struct Node {
  using Id = NodeId<W>;
  Id key = 0;
  Id parent = -1;      // the node that derived it (-1: the assumption itself)
  Id depth = 0;        // first parents up to the assumption: a lower bound of the node count - 1
  Id extra_begin = 0;  // further parents: Branch::extra[extra_begin, extra_end)
  Id extra_end = 0;
};

template <int W>
struct Branch {
  using Id = NodeId<W>;
  // Fixed capacity (sized by init): nodes[0, node_count), on_list[0, on_count), ...
  std::vector<Node<W>> nodes;         // stored potentials, then (at most) one unstored contradiction node
  std::vector<Id> extra;              // node ids, arena for Node::extra_* (grown on demand)
  std::vector<Id> slot;               // key -> stored node id, kNone if absent
  std::vector<Id> on_list;            // stored "on" nodes in insertion order (also the pending queue)
  std::vector<Id> off_list;           // stored "off" nodes in insertion order (also the pending queue)
  std::vector<std::uint64_t> stored;  // the stored keys as a bit set (bit key % 64 of word key / 64)
  int node_count = 0;
  int extra_count = 0;
  int on_count = 0;
  int off_count = 0;
  std::vector<CandidateMask> grid;  // dynamic rules: the branch's candidates, thinned as it goes
  std::array<CellSet<W>, Board<W>::kDigits> digit_cells{};  // the same per digit
  std::vector<std::uint8_t> unit_places;                    // the same, counted: [unit * size + digit]
  int clash_on = kNone;        // the contradiction: an "on" and an "off" node of one candidate
  int clash_off = kNone;

  void init(int keys) {
    slot.assign(static_cast<std::size_t>(keys), kNone);
    nodes.resize(static_cast<std::size_t>(keys) + 1);
    on_list.resize(static_cast<std::size_t>(keys) / 2);
    off_list.resize(static_cast<std::size_t>(keys) / 2);
    extra.resize(64);
    stored.assign(static_cast<std::size_t>(keys / 64 + 1), 0);
  }
  int find(int key) const { return slot[static_cast<std::size_t>(key)]; }
  bool has(int key) const { return find(key) != kNone; }
  const Node<W>& node(int id) const { return nodes[static_cast<std::size_t>(id)]; }
  std::span<const Id> ons() const { return {on_list.data(), static_cast<std::size_t>(on_count)}; }
  std::span<const Id> offs() const { return {off_list.data(), static_cast<std::size_t>(off_count)}; }
};

// What the searches of one thread keep between calls: branches with their flat key tables (a
// table per branch, allocated once), counting marks.
template <int W>
struct Workspace {
  int keys = 0;
  int size = 0;
  std::vector<std::unique_ptr<Branch<W>>> pool;
  std::vector<Branch<W>*> on_cache;  // per cell * size + digit: the branch assuming it on, this call
  std::vector<int> on_cached;        // the candidates with an on_cache entry
  std::vector<std::uint32_t> visited;
  std::uint32_t visit_stamp = 0;
  std::vector<std::int16_t> cell_of;  // per candidate (cell * size + digit)
  std::vector<std::int16_t> digit_of;
};

template <int W>
class SeChaining {
 public:
  SeChaining(const Layout<W>& layout, const Board<W>& board, SearchContext& context, SeChainRule rule,
             Workspace<W>& space)
      : layout_(layout),
        board_(board),
        context_(context),
        space_(space),
        n_(layout.size),
        nishio_(rule == SeChainRule::nishio),
        dynamic_(rule != SeChainRule::multiple),
        keys_(layout.cell_count * layout.size * 2) {
    switch (rule) {
      case SeChainRule::nishio:
        technique_ = Technique::nishio;
        break;
      case SeChainRule::multiple:
        technique_ = Technique::multiple_forcing_chain;
        break;
      case SeChainRule::dynamic:
        technique_ = Technique::dynamic_forcing_chain;
        break;
    }
    if (space_.keys != keys_ || space_.size != n_) {
      space_.keys = keys_;
      space_.size = n_;
      space_.pool.clear();
      space_.visited.assign(static_cast<std::size_t>(keys_), 0);
      space_.visit_stamp = 0;
      space_.cell_of.resize(static_cast<std::size_t>(keys_ / 2));
      space_.digit_of.resize(static_cast<std::size_t>(keys_ / 2));
      for (int candidate = 0; candidate < keys_ / 2; ++candidate) {
        space_.cell_of[static_cast<std::size_t>(candidate)] = static_cast<std::int16_t>(candidate / n_);
        space_.digit_of[static_cast<std::size_t>(candidate)] = static_cast<std::int16_t>(candidate % n_);
      }
    }
    // Cleared through the entries the last search set: most searches set few (the 8.0 rung
    // follows no branch on most boards).
    if (space_.on_cache.size() != static_cast<std::size_t>(keys_ / 2))
      space_.on_cache.assign(static_cast<std::size_t>(keys_ / 2), nullptr);
    for (int candidate : space_.on_cached) space_.on_cache[static_cast<std::size_t>(candidate)] = nullptr;
    space_.on_cached.clear();
    // The pool kept from earlier searches is charged to the caller's budget while this search
    // runs (budget.hpp), trimmed first to the room the budget leaves: a board with no givens
    // would otherwise hold a branch per candidate, 15 GB on a 25x25 board.
    branch_bytes_ = branch_bytes();
    const std::uint64_t room = memory_.room();
    if (space_.pool.size() * branch_bytes_ > room) space_.pool.resize(room / branch_bytes_);
    memory_.add(space_.pool.size() * branch_bytes_);
    parents_.resize(static_cast<std::size_t>(n_));
    if (!dynamic_ && !context_.plain) {
      ChainTables<W>& tables = chain_tables(layout_, board_, context_);
      if (tables.reach().available()) {
        reach_ = &tables.reach();
        index_ = &tables.index();
        reach_common_.resize(static_cast<std::size_t>((index_->nodes() + 63) / 64));
      }
    }
  }

  // SE's getMultipleChainsHintList, keeping only the hint its sort puts first.
  void search(std::vector<Step>& out) {
    if (nishio_) {
      if (context_.plain)  // every branch followed
        for (int digit = 0; digit < n_; ++digit)
          nishio_on_[static_cast<std::size_t>(digit)] = nishio_off_[static_cast<std::size_t>(digit)] =
              board_.cells_of(digit);
      else
        find_nishio_contradictions();
    }
    for (int cell = 0; cell < layout_.cell_count; ++cell) {
      const CandidateMask mask = board_.mask(cell);
      const int cardinality = bit_count(mask);
      if (cardinality > 2 || (cardinality > 1 && dynamic_)) search_cell(cell, cardinality);
    }
    if (best_.complexity == kNone) return;
    Step step = make_step(technique_, technique_base_score(technique_) + length_bonus(best_.complexity));
    if (best_.on)
      step.placements.push_back({best_.cell, best_.digit});
    else
      step.eliminations.push_back({best_.cell, best_.digit});
    if (context_.explain) {
      step.detail = best_.detail;
      if (context_.branch_evidence) step.evidence = replay_evidence();
    }
    out.push_back(std::move(step));
  }

 private:
  struct Best {
    int complexity = kNone;
    int sort_key = 0;
    int cell = 0;
    int digit = 0;
    bool on = false;
    std::string detail;
    // Explaining: where the hint's assumptions come from (set_source), for its evidence. Its
    // branches are followed again once the search is over (replay_evidence): copying them at every
    // better hint cost 3 % of corpus-rate's instructions (corpus-rate explains every grading).
    int source_cell = 0;   // the contradiction's or double chain's candidate, the cell chain's cell
    int source_digit = 0;  // (the region chain's digit)
    bool source_on = false;
    int region_unit = 0;
  };

  int key(int cell, int digit, bool on) const { return (cell * n_ + digit) * 2 + (on ? 1 : 0); }
  // By table: the size is not a compile-time constant, and these sit on the propagation's path.
  int cell_of(int key) const { return space_.cell_of[static_cast<std::size_t>(key >> 1)]; }
  int digit_of(int key) const { return space_.digit_of[static_cast<std::size_t>(key >> 1)]; }

  // ---- the board's tables, made before the first branch ----

  // Many searches follow no branch (the 8.0 rung on most boards, Nishio on the digits its memo
  // knows barren), so what the branches read is made on the first acquire().
  void prepare() {
    prepared_ = true;
    if (!nishio_) build_successors();
    if (dynamic_) count_unit_places();
  }

  // Dynamic rules: the board's places per unit and digit, each branch's starting counts.
  void count_unit_places() {
    unit_places_.assign(layout_.unit_cells.size() * static_cast<std::size_t>(n_), 0);
    for (std::size_t unit = 0; unit < layout_.unit_cells.size(); ++unit)
      for (int digit = 0; digit < n_; ++digit)
        unit_places_[unit * static_cast<std::size_t>(n_) + static_cast<std::size_t>(digit)] =
            static_cast<std::uint8_t>((layout_.unit_cells[unit] & board_.cells_of(digit)).count());
  }

  // Per candidate (cell * size + digit), what its "on" makes off and, under static rules, what
  // its "off" makes on, in SE's order: next_[begin_[2c], begin_[2c+1]) and next_[begin_[2c+1],
  // begin_[2c+2]). Built once per search (prepare), as ~140 branches of ~40 nodes each walk them.
  //   on:  the cell's other digits, then the digit's other places unit by unit (SE's unit order,
  //        each cell once);
  //   off: the cell's other digit if it has two, then each unit's other place if it has two.
  // Dynamic rules thin the branch's grid as its "off"s are expanded, but a thinned candidate is a
  // stored "off" already, so walking the board's "on" list visits what the thinned grid holds, in
  // the same order (the others are no-ops); their "off" rule reads the thinned grid itself.
  void build_successors() {
    const int candidates = keys_ / 2;
    begin_.assign(static_cast<std::size_t>(2 * candidates + 1), 0);
    next_.clear();
    for (int cell = 0; cell < layout_.cell_count; ++cell) {
      const CandidateMask mask = board_.mask(cell);
      for (int digit = 0; digit < n_; ++digit) {
        const auto at = static_cast<std::size_t>(2 * (cell * n_ + digit));
        begin_[at] = static_cast<int>(next_.size());
        if ((mask >> digit) & 1U) {
          for (CandidateMask rest = mask & ~bit_of(digit); rest != 0; rest &= rest - 1)
            next_.push_back(cell * n_ + std::countr_zero(rest));
          CellSet<W> left = board_.cells_of(digit);
          left.reset(cell);
          for (int unit : layout_.se_units_of(cell)) {
            const CellSet<W> hit = layout_.unit_cells[static_cast<std::size_t>(unit)] & left;
            left -= hit;
            hit.for_each([&](int other) { next_.push_back(other * n_ + digit); });
          }
        }
        begin_[at + 1] = static_cast<int>(next_.size());
        if (((mask >> digit) & 1U) && !dynamic_) {
          if (bit_count(mask) == 2) next_.push_back(cell * n_ + std::countr_zero(mask & ~bit_of(digit)));
          CellSet<W> places = board_.cells_of(digit);
          places.reset(cell);
          for (int unit : layout_.se_units_of(cell)) {
            const CellSet<W> others = layout_.unit_cells[static_cast<std::size_t>(unit)] & places;
            if (others.single()) next_.push_back(others.first() * n_ + digit);
          }
        }
      }
    }
    begin_.back() = static_cast<int>(next_.size());
  }

  // ---- branches ----

  Branch<W>& acquire() {
    // Each branch is a step of a caller's budget (budget.hpp): a board with no givens has
    // thousands of branches of hundreds of nodes, and the pool below holds them all.
    charge_budget();
    if (!prepared_) prepare();
    auto& pool = space_.pool;
    if (used_ == pool.size()) {
      memory_.add(branch_bytes_);  // before allocating: a spent memory budget stops here
      pool.push_back(std::make_unique<Branch<W>>());
      pool.back()->init(keys_);
    }
    Branch<W>& branch = *pool[used_++];
    for (int i = 0; i < branch.node_count; ++i)
      branch.slot[static_cast<std::size_t>(branch.nodes[static_cast<std::size_t>(i)].key)] = kNone;
    std::fill(branch.stored.begin(), branch.stored.end(), 0);
    branch.node_count = branch.extra_count = branch.on_count = branch.off_count = 0;
    branch.clash_on = branch.clash_off = kNone;
    if (dynamic_) {  // static rules read the board, through the successor lists
      branch.grid.assign(board_.candidates.begin(), board_.candidates.begin() + layout_.cell_count);
      branch.digit_cells = board_.digit_cells;
      branch.unit_places = unit_places_;
    }
    return branch;
  }
  // The branch assuming candidate (cell, digit) on, followed once per call (cell and region
  // forcing chains use it several times).
  Branch<W>& on_branch(int cell, int digit) { return on_branch(cell * n_ + digit); }
  Branch<W>& on_branch(int candidate) {
    auto& cached = space_.on_cache[static_cast<std::size_t>(candidate)];
    if (cached == nullptr) {
      cached = &acquire();
      space_.on_cached.push_back(candidate);
      follow(*cached, candidate * 2 + 1);
    }
    return *cached;
  }
  void release_to(std::size_t used) { used_ = used; }
  // The bytes of one branch of the pool (Branch::init, and the dynamic rules' grid and counts).
  std::uint64_t branch_bytes() const {
    using Id = typename Branch<W>::Id;
    const auto keys = static_cast<std::uint64_t>(keys_);
    return sizeof(Branch<W>) + (keys + 1) * sizeof(Node<W>) + 2 * keys * sizeof(Id) + 64 * sizeof(Id) +
           (keys / 64 + 1) * sizeof(std::uint64_t) +
           static_cast<std::uint64_t>(layout_.cell_count) * sizeof(CandidateMask) +
           layout_.unit_cells.size() * static_cast<std::uint64_t>(n_);
  }

  // Adds a node derived by `parent` (kNone: the assumption) with the further parents
  // `extras`; stored (in slot and its list) or not (a contradiction's second node).
  int add_node(Branch<W>& branch, int k, bool store, int parent, const int* extras = nullptr,
               int extra_count = 0) {
    using Id = typename Branch<W>::Id;
    const int id = branch.node_count++;
    Node<W>& node = branch.nodes[static_cast<std::size_t>(id)];
    node.key = static_cast<Id>(k);
    node.parent = static_cast<Id>(parent);
    node.depth =
        static_cast<Id>(parent == kNone ? 0 : branch.nodes[static_cast<std::size_t>(parent)].depth + 1);
    node.extra_begin = static_cast<Id>(branch.extra_count);
    if (extra_count > 0) {
      if (branch.extra_count + extra_count > static_cast<int>(branch.extra.size()))
        branch.extra.resize(2 * branch.extra.size() + static_cast<std::size_t>(extra_count));
      for (int i = 0; i < extra_count; ++i)
        branch.extra[static_cast<std::size_t>(branch.extra_count + i)] = static_cast<Id>(extras[i]);
      branch.extra_count += extra_count;
    }
    node.extra_end = static_cast<Id>(branch.extra_count);
    if (store) {
      branch.slot[static_cast<std::size_t>(k)] = static_cast<Id>(id);
      branch.stored[static_cast<std::size_t>(k >> 6)] |= std::uint64_t{1} << (k & 63);
      if (k & 1)
        branch.on_list[static_cast<std::size_t>(branch.on_count++)] = static_cast<Id>(id);
      else
        branch.off_list[static_cast<std::size_t>(branch.off_count++)] = static_cast<Id>(id);
    }
    return id;
  }

  // "p is on" made candidate `k` (an off key) false. Returns false on a contradiction. Forced
  // inline: the successor walk in expand_on calls it for every successor, the hottest loop here.
  // Both keys of the candidate are one aligned bit pair of `stored` (k is even): one load tells
  // whether it is new, known off, or known on (a contradiction).
  [[gnu::always_inline]] bool derive_off(Branch<W>& branch, int p, int k) {
    const auto known = (branch.stored[static_cast<std::size_t>(k >> 6)] >> (k & 63)) & 3U;
    if (known == 0) {
      add_node(branch, k, true, p);
      return true;
    }
    if (known & 2U) {
      branch.clash_on = branch.find(k | 1);
      branch.clash_off = add_node(branch, k, false, p);
      return false;
    }
    return true;
  }
  // "p is off" made on key `k` true, with parents_[0, parent_count_) its hidden parents. Returns false on a
  // contradiction.
  bool derive_on(Branch<W>& branch, int p, int k) {
    const int conjugate = branch.find(k ^ 1);
    if (conjugate != kNone) {
      branch.clash_off = conjugate;
      branch.clash_on = add_node(branch, k, false, p, parents_.data(), parent_count_);
      return false;
    }
    if (!branch.has(k)) add_node(branch, k, true, p, parents_.data(), parent_count_);
    return true;
  }

  // SE's getOnToOff: the cell's other digits (unless Nishio), then the digit's other places in
  // the cell's units, each cell once (units in SE's order, each unit's cells in cell order). Along
  // the successor lists, except for Nishio (which builds none: its single-digit branches read the
  // thinned places directly).
  bool expand_on(Branch<W>& branch, int p) {
    const int k = branch.node(p).key;
    if (!nishio_) {
      const auto at = static_cast<std::size_t>(k & ~1);
      for (int i = begin_[at]; i < begin_[at + 1]; ++i)
        if (!derive_off(branch, p, next_[static_cast<std::size_t>(i)] * 2)) return false;
      return true;
    }
    const int cell = cell_of(k);
    const int digit = digit_of(k);
    CellSet<W> left = branch.digit_cells[static_cast<std::size_t>(digit)];
    left.reset(cell);
    bool consistent = true;
    for (int unit : layout_.se_units_of(cell)) {
      const CellSet<W> hit = layout_.unit_cells[static_cast<std::size_t>(unit)] & left;
      if (hit.none()) continue;
      left -= hit;
      hit.for_each([&](int other) {
        if (consistent) consistent = derive_off(branch, p, key(other, digit, false));
      });
      if (!consistent) return false;
    }
    return true;
  }

  // SE's getOffToOn, evaluated on the grid before p itself is removed (as SE does), hidden parents
  // included; then the dynamic rules remove p from the branch's grid.
  bool expand_off(Branch<W>& branch, int p) {
    const int k = branch.node(p).key;
    if (!dynamic_) {
      parent_count_ = 0;
      const auto at = static_cast<std::size_t>(k | 1);
      for (int i = begin_[at]; i < begin_[at + 1]; ++i)
        if (!derive_on(branch, p, next_[static_cast<std::size_t>(i)] * 2 + 1)) return false;
      return true;
    }
    const int cell = cell_of(k);
    const int digit = digit_of(k);
    auto& grid = branch.grid;
    const CandidateMask mask = grid[static_cast<std::size_t>(cell)];
    if (!nishio_ && bit_count(mask) == 2) {
      const int other = std::countr_zero(mask & ~bit_of(digit));
      parent_count_ = 0;
      for (CandidateMask gone = board_.mask(cell) & ~mask; gone != 0; gone &= gone - 1) {
        const int parent = branch.find(key(cell, std::countr_zero(gone), false));
        if (parent != kNone) parents_[static_cast<std::size_t>(parent_count_++)] = parent;
      }
      if (!derive_on(branch, p, key(cell, other, true))) return false;
    }
    // A unit whose only other place is left: two places counted, the cell's among them (its
    // candidate is still in the grid). Each unit's count drops as it is read: the next units
    // read other counts, and a contradiction ends the branch.
    const auto d = static_cast<std::size_t>(digit);
    for (int unit : layout_.se_units_of(cell)) {
      if (branch.unit_places[static_cast<std::size_t>(unit * n_ + digit)]-- != 2) continue;
      const CellSet<W>& unit_cells = layout_.unit_cells[static_cast<std::size_t>(unit)];
      CellSet<W> others = unit_cells & branch.digit_cells[d];
      others.reset(cell);
      parent_count_ = 0;
      (unit_cells & (board_.digit_cells[d] - branch.digit_cells[d])).for_each([&](int member) {
        const int parent = branch.find(key(member, digit, false));
        if (parent != kNone) parents_[static_cast<std::size_t>(parent_count_++)] = parent;
      });
      if (!derive_on(branch, p, key(others.first(), digit, true))) return false;
    }
    grid[static_cast<std::size_t>(cell)] &= ~bit_of(digit);
    branch.digit_cells[d].reset(cell);
    return true;
  }

  // SE's doChaining from one assumption.
  void follow(Branch<W>& branch, int start) {
    ++context_.work;
    add_node(branch, start, true, kNone);
    int on_head = 0;
    int off_head = 0;
    while (true) {
      if (on_head < branch.on_count) {
        if (!expand_on(branch, branch.on_list[static_cast<std::size_t>(on_head++)])) return;
      } else if (off_head < branch.off_count) {
        if (!expand_off(branch, branch.off_list[static_cast<std::size_t>(off_head++)])) return;
      } else {
        return;
      }
    }
  }

  // ---- node counts ----

  // The number of distinct potentials among `node` and its ancestors; stops counting past `cap`.
  int ancestors(const Branch<W>& branch, int node, int cap) {
    auto& visited = space_.visited;
    if (++space_.visit_stamp == 0) {
      std::fill(visited.begin(), visited.end(), 0);
      space_.visit_stamp = 1;
    }
    const std::uint32_t visit_stamp = space_.visit_stamp;
    int count = 0;
    std::size_t top = 0;
    if (stack_.size() < 64) stack_.resize(64);
    stack_[top++] = node;
    while (top > 0) {
      const Node<W>& current = branch.node(stack_[--top]);
      auto& seen = visited[static_cast<std::size_t>(current.key)];
      if (seen == visit_stamp) continue;
      seen = visit_stamp;
      if (++count > cap) return count;
      const auto more = static_cast<std::size_t>(1 + current.extra_end - current.extra_begin);
      if (top + more > stack_.size()) stack_.resize(2 * stack_.size() + more);
      if (current.parent != kNone) stack_[top++] = current.parent;
      for (int i = current.extra_begin; i < current.extra_end; ++i)
        stack_[top++] = branch.extra[static_cast<std::size_t>(i)];
    }
    return count;
  }

  // The plain reference of combine: every branch followed, every shared fact offered. Kept out
  // of line: it is never on the hot path.
  [[gnu::noinline]] void combine_plain(const std::vector<int>& assumptions, int sort_key, const char* kind) {
    for (int assumption : assumptions) on_branch(assumption);
    const Branch<W>& first = on_branch(assumptions.front());
    for (const std::span<const typename Branch<W>::Id> list : {first.ons(), first.offs()})
      for (int id : list) {
        const int k = first.node(id).key;
        targets_.clear();
        for (int assumption : assumptions) {
          const Branch<W>& branch = on_branch(assumption);
          if (branch.find(k) == kNone) break;
          targets_.push_back({&branch, branch.find(k)});
        }
        if (targets_.size() == assumptions.size()) offer(sort_key, k, targets_, kind);
      }
  }

  // The largest node count a hint of this kind may have and still come before the best so far
  // (SE's stable sort: node count, then kind; the earlier hint wins a full tie).
  int cap_for(int sort_key) const {
    if (best_.complexity == kNone) return 1 << 29;
    return sort_key < best_.sort_key ? best_.complexity : best_.complexity - 1;
  }

  // SE's isWorth: a conclusion must remove a candidate ("on": another one of its cell).
  bool worth(int k) const {
    const int cell = cell_of(k);
    const int digit = digit_of(k);
    return (k & 1) ? (board_.mask(cell) & ~bit_of(digit)) != 0 : board_.has(cell, digit);
  }

  // Offers a hint whose chains end at `targets` (branch, node) pairs; its conclusion is `k`.
  template <class Targets>
  void offer(int sort_key, int k, const Targets& targets, const char* kind) {
    if (!worth(k)) return;
    const int cell = cell_of(k);
    const int digit = digit_of(k);
    const bool on = k & 1;
    const int cap = cap_for(sort_key);
    int total = 0;
    for (const auto& [branch, node] : targets) {
      total += ancestors(*branch, node, cap - total);
      if (total > cap) return;
    }
    best_.complexity = total;
    best_.sort_key = sort_key;
    best_.cell = cell;
    best_.digit = digit;
    best_.on = on;
    if (context_.explain) {
      best_.detail = std::string(technique_name(technique_)) + " (" + kind + "): " + layout_.cell_text(cell) +
                     (on ? "=" : "<>") + digit_text(digit) + " (" + std::to_string(total) + " nodes)";
      best_.source_cell = source_cell_;
      best_.source_digit = source_digit_;
      best_.source_on = source_on_;
      best_.region_unit = region_unit_;
    }
  }

  // ---- evidence (explaining only) ----

  // The best hint's branches, followed again (the same propagation gives the same nodes): per
  // branch, the nodes its ends rest on — first and hidden parents, the ancestors a node count
  // counts — in the order they were derived (a parent is always derived before its node). A
  // contradiction's branch ends in its two clashing nodes.
  StepEvidence replay_evidence() {
    StepEvidence evidence;
    const int cell = best_.source_cell;
    const int digit = best_.source_digit;
    std::vector<int> starts;  // the assumptions' keys
    switch (best_.sort_key) {
      case kContradiction:
        starts = {key(cell, digit, best_.source_on)};
        break;
      case kDouble:
        starts = {key(cell, digit, true), key(cell, digit, false)};
        break;
      case kCell:
        for (CandidateMask rest = board_.mask(cell); rest != 0; rest &= rest - 1)
          starts.push_back(key(cell, std::countr_zero(rest), true));
        break;
      default:  // kRegion
        for (int member : layout_.unit_members[static_cast<std::size_t>(best_.region_unit)])
          if (board_.has(member, digit)) starts.push_back(key(member, digit, true));
        evidence.units.push_back(best_.region_unit);  // where the places are
    }
    const std::uint64_t work = context_.work;  // explaining must not change the grade's record
    const std::size_t before = used_;
    for (int start : starts) {
      Branch<W>& branch = acquire();
      follow(branch, start);
      const std::vector<int> ends = best_.sort_key == kContradiction
                                        ? std::vector<int>{branch.clash_on, branch.clash_off}
                                        : std::vector<int>{branch.find(key(best_.cell, best_.digit, best_.on))};
      evidence.branches.push_back(branch_evidence(branch, ends));
    }
    release_to(before);
    context_.work = work;
    add_branch_cells(evidence);
    return evidence;
  }
  EvidenceBranch branch_evidence(const Branch<W>& branch, const std::vector<int>& ends) const {
    const auto for_each_parent = [&](int id, auto visit) {
      const Node<W>& node = branch.node(id);
      if (node.parent != kNone) visit(node.parent);
      for (int e = node.extra_begin; e < node.extra_end; ++e) visit(branch.extra[static_cast<std::size_t>(e)]);
    };
    return evidence_behind(branch.node_count, ends, false, for_each_parent, [&](int id) {
      const Node<W>& node = branch.node(id);
      EvidenceNode evidence_node;
      evidence_node.cells = {cell_of(node.key)};
      evidence_node.value = digit_of(node.key) + 1;
      evidence_node.on = (node.key & 1) != 0;
      return evidence_node;
    });
  }

  void set_source(int cell, int digit, bool on) {
    source_cell_ = cell;
    source_digit_ = digit;
    source_on_ = on;
  }

  // A branch from (cell, digit, on) that met a contradiction refutes its assumption.
  void offer_contradiction(const Branch<W>& branch, int cell, int digit, bool on) {
    if (branch.clash_on == kNone) return;
    set_source(cell, digit, on);
    if (!context_.plain && branch.node(branch.clash_on).depth + branch.node(branch.clash_off).depth + 2 >
                               cap_for(kContradiction))
      return;
    const std::pair<const Branch<W>*, int> targets[] = {{&branch, branch.clash_on},
                                                        {&branch, branch.clash_off}};
    offer(kContradiction, key(cell, digit, !on), targets, "contradiction");
  }

  // Nishio: each candidate's "on" and "off" branches, for their contradictions only. Most branches
  // have none, and single_digit_contradicts (engine.hpp) tells which on sets, without the graph.
  // Exact, not a heuristic: a single-digit branch derives its rules' least fixpoint (peers of an
  // "on" are off; a unit whose other places are all off has its last place on) unless a
  // contradiction stops it first, and that fixpoint is contradictory — two "on"s in one unit, or a
  // unit with every place off — exactly when the branch meets an "on" and an "off" of one
  // candidate. (With dynamic thinning, a unit's last two places: whichever is followed first leaves
  // the other single, so an emptied unit always shows as such a pair.)
  //
  // A digit's single-digit branches depend on nothing but its places (and placed cells), so a digit whose
  // branches met no contradiction keeps none while its places stay as they were (the context's memo): SE's
  // path calls Nishio again after nearly every later step, and most digits are unchanged.
  void find_nishio_contradictions() {
    struct Memo {
      std::vector<CellSet<W>> places;  // per digit, when found barren
      std::vector<CellSet<W>> placed;
      std::vector<char> barren;
    };
    Memo& memo = kept<Memo>(context_.nishio_memo);
    if (memo.barren.empty()) {
      memo.places.resize(static_cast<std::size_t>(n_));
      memo.placed.resize(static_cast<std::size_t>(n_));
      memo.barren.assign(static_cast<std::size_t>(n_), 0);
    }
    for (int digit = 0; digit < n_; ++digit) {
      const auto d = static_cast<std::size_t>(digit);
      const CellSet<W>& places = board_.cells_of(digit);
      nishio_on_[d] = nishio_off_[d] = CellSet<W>{};
      if (memo.barren[d] && memo.places[d] == places && memo.placed[d] == board_.placed_of(digit)) continue;
      places.for_each([&](int cell) {
        if (single_digit_contradicts(layout_, board_, cell, digit, true)) nishio_on_[d].set(cell);
        if (single_digit_contradicts(layout_, board_, cell, digit, false)) nishio_off_[d].set(cell);
      });
      memo.barren[d] = nishio_on_[d].none() && nishio_off_[d].none();
      memo.places[d] = places;
      memo.placed[d] = board_.placed_of(digit);
    }
  }

  void search_nishio_cell(int cell) {
    for (CandidateMask rest = board_.mask(cell); rest != 0; rest &= rest - 1) {
      const int digit = std::countr_zero(rest);
      for (const bool on : {true, false}) {
        if (!(on ? nishio_on_ : nishio_off_)[static_cast<std::size_t>(digit)].test(cell)) continue;
        const std::size_t before = used_;
        Branch<W>& branch = acquire();
        follow(branch, key(cell, digit, on));
        offer_contradiction(branch, cell, digit, on);
        release_to(before);
      }
    }
  }

  void search_cell(int cell, int cardinality) {
    if (nishio_) {
      search_nishio_cell(cell);
      return;
    }
    // Multiple and dynamic rules from here. Only dynamic ones look for contradictions, and for
    // double chains (both values of a candidate lead to one fact) in cells of three or more.
    std::vector<int>& values = value_assumptions_;
    values.clear();
    const CandidateMask mask = board_.mask(cell);
    const bool twofold = cardinality >= 3 && dynamic_;
    // Which "digit off" branches can be left out (dynamic rules only). The cell's other digits'
    // "on" branches each derive "digit off" first, so each clean one (no contradiction: then its
    // facts are its rules' closure, which it runs to) holds that off branch's whole closure. If
    // all of them are clean, the off branch is clean too, and its double chains' facts are facts
    // of every "on" branch of the cell: with none of those worth a hint, it has nothing to offer.
    // (A branch meets a contradiction exactly when its closure holds one.)
    CandidateMask clean = 0;  // digits whose "on" branch met no contradiction
    bool shared_worth = false;
    if (dynamic_ && !context_.plain) {
      for (CandidateMask rest = mask; rest != 0; rest &= rest - 1)
        if (on_branch(cell, std::countr_zero(rest)).clash_on == kNone) clean |= rest & -rest;
      if (twofold && clean != 0) {
        common_ = on_branch(cell, std::countr_zero(mask)).stored;
        for (CandidateMask rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {
          intersect(common_, on_branch(cell, std::countr_zero(rest)).stored.data());
        }
        for (std::size_t w = 0; w < common_.size() && !shared_worth; ++w)
          for (std::uint64_t bits = common_[w]; bits != 0 && !shared_worth; bits &= bits - 1)
            shared_worth = worth(static_cast<int>(w * 64) + std::countr_zero(bits));
      }
    }
    for (CandidateMask rest = mask; rest != 0; rest &= rest - 1) {
      const int digit = std::countr_zero(rest);
      values.push_back(cell * n_ + digit);
      if (dynamic_) {
        Branch<W>& on = on_branch(cell, digit);
        offer_contradiction(on, cell, digit, true);
        const CandidateMask others = mask & ~bit_of(digit);
        if ((clean & others) == others && !(twofold && shared_worth)) {
          search_regions(cell, digit);
          continue;
        }
        const std::size_t before = used_;
        Branch<W>& off = acquire();
        follow(off, key(cell, digit, false));
        offer_contradiction(off, cell, digit, false);
        if (twofold)
          for (const std::span<const typename Branch<W>::Id> list : {on.ons(), on.offs()})
            for (int id : list) {
              const int k = on.node(id).key;
              const int other = off.find(k);
              if (other == kNone) continue;
              // Each node counts at least its depth + 1 (see combine): past the cap, offer would refuse.
              if (!context_.plain && on.node(id).depth + off.node(other).depth + 2 > cap_for(kDouble))
                continue;
              const std::pair<const Branch<W>*, int> targets[] = {{&on, id}, {&off, other}};
              set_source(cell, digit, true);
              offer(kDouble, k, targets, "double");
            }
        release_to(before);
      }
      search_regions(cell, digit);
    }
    set_source(cell, 0, true);
    combine(values, kCell, "cell");
  }

  // SE's doRegionChainings: each unit where the digit has 2+ places, met from its first place.
  void search_regions(int cell, int digit) {
    if (region_first_.empty()) find_region_firsts();
    for (int unit : layout_.se_units_of(cell)) {
      if (region_first_[static_cast<std::size_t>(unit * n_ + digit)] != cell) continue;
      const auto& members = layout_.unit_members[static_cast<std::size_t>(unit)];
      region_assumptions_.clear();
      for (int member : members)
        if (board_.has(member, digit)) region_assumptions_.push_back(member * n_ + digit);
      region_unit_ = unit;
      set_source(cell, digit, true);
      combine(region_assumptions_, kRegion, "region");
    }
  }

  // Per unit and digit, the first place in the unit's member order where the digit has two or
  // more places (kNone otherwise): search_regions asks once per cell, digit and unit.
  void find_region_firsts() {
    region_first_.assign(layout_.unit_cells.size() * static_cast<std::size_t>(n_), kNone);
    for (std::size_t unit = 0; unit < layout_.unit_cells.size(); ++unit)
      for (int digit = 0; digit < n_; ++digit) {
        if ((layout_.unit_cells[unit] & board_.cells_of(digit)).count_upto(2) < 2) continue;
        for (int member : layout_.unit_members[unit])
          if (board_.has(member, digit)) {
            region_first_[unit * static_cast<std::size_t>(n_) + static_cast<std::size_t>(digit)] = member;
            break;
          }
      }
  }

  // The facts every branch derived (on ones first, in the first branch's order) as hints; the
  // branches assume the candidates `assumptions` (cell * size + digit) on.
  //
  // Branches are followed lazily: once the branches so far share no fact, the others are not
  // needed here (they may be, and are then followed, for another combination). Which hints are
  // offered, and in which order, is SE's: only those offer would turn down are dropped early.
  void combine(const std::vector<int>& assumptions, int sort_key, const char* kind) {
    if (context_.plain) {
      combine_plain(assumptions, sort_key, kind);
      return;
    }
    if (reach_ != nullptr && !may_share(assumptions)) return;
    // The facts all branches share, as a bit set: most combinations share none (or none worth
    // a hint), and then the walk below is skipped.
    common_ = on_branch(assumptions.front()).stored;
    for (std::size_t i = 1; i < assumptions.size(); ++i)
      if (!intersect(common_, on_branch(assumptions[i]).stored.data())) return;
    const Branch<W>& first = on_branch(assumptions.front());
    for (const std::span<const typename Branch<W>::Id> list : {first.ons(), first.offs()})
      for (int id : list) {
        const int k = first.node(id).key;
        if (((common_[static_cast<std::size_t>(k >> 6)] >> (k & 63)) & 1U) == 0 || !worth(k)) continue;
        // Each node counts at least its first-parent depth + 1 (its first parents are distinct
        // potentials): a fact past the cap that way would be turned down by offer anyway.
        const int cap = cap_for(sort_key);
        int bound = 0;
        targets_.clear();
        for (int assumption : assumptions) {
          const Branch<W>& branch = on_branch(assumption);
          const int node = branch.find(k);
          bound += branch.node(node).depth + 1;
          targets_.push_back({&branch, node});
        }
        if (bound <= cap) offer(sort_key, k, targets_, kind);
      }
  }

  // Static rules: whether the assumptions' static closures (chain_tables.hpp) share a fact. A
  // static branch derives only facts of its closure (it stops early at a contradiction, with a
  // subset), so with none shared the combination has nothing to offer, and its branches need not
  // be followed. Most combinations share nothing: this is where the 8.0 rung saves its time.
  bool may_share(const std::vector<int>& assumptions) {
    const auto row = [&](int candidate) {
      return reach_->row(index_->node(cell_of(2 * candidate), digit_of(2 * candidate), true));
    };
    const std::uint64_t* first = row(assumptions.front());
    std::copy(first, first + reach_common_.size(), reach_common_.begin());
    for (std::size_t i = 1; i < assumptions.size(); ++i)
      if (!intersect(reach_common_, row(assumptions[i]))) return false;
    return true;
  }

  const Layout<W>& layout_;
  const Board<W>& board_;
  SearchContext& context_;
  Workspace<W>& space_;
  int n_;
  bool nishio_;
  bool dynamic_;
  int keys_;
  Technique technique_ = Technique::nishio;
  std::vector<int> stack_;
  std::vector<int> parents_;  // hidden parents of the fact being derived: at most a cell's
  int parent_count_ = 0;      // digits or a unit's places, so sized once to the side
  std::size_t used_ = 0;
  MemoryCharge memory_;             // the pool's bytes, charged to the caller's budget
  std::uint64_t branch_bytes_ = 0;  // one branch's (branch_bytes)
  std::vector<int> begin_;  // successor lists (build_successors)
  bool prepared_ = false;                  // prepare() ran
  std::vector<std::uint8_t> unit_places_;  // dynamic rules: count_unit_places
  std::vector<int> next_;
  std::vector<int> value_assumptions_;
  std::vector<int> region_assumptions_;
  std::vector<int> region_first_;  // find_region_firsts, on first use
  // The assumptions of the hints being offered (Best's source fields): their cell and digit, and
  // the unit of region chains.
  int source_cell_ = 0;
  int source_digit_ = 0;
  bool source_on_ = false;
  int region_unit_ = 0;
  std::vector<std::uint64_t> common_;
  const StaticReach<W>* reach_ = nullptr;  // static rules, unless plain: the board's closures
  const CandidateIndex<W>* index_ = nullptr;
  std::vector<std::uint64_t> reach_common_;
  // Nishio: per digit, the cells whose "on" (resp. "off") branch meets a contradiction.
  std::array<CellSet<W>, Board<W>::kDigits> nishio_on_{};
  std::array<CellSet<W>, Board<W>::kDigits> nishio_off_{};
  std::vector<std::pair<const Branch<W>*, int>> targets_;
  Best best_;
};

}  // namespace

template <int W>
void find_se_chaining(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                      SeChainRule rule, std::vector<Step>& out) {
  thread_local Workspace<W> space;
  SeChaining<W> search(layout, board, context, rule, space);
  search.search(out);
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_se_chaining<W>(const Layout<W>&, const Board<W>&, SearchContext&, SeChainRule, \
                                    std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
