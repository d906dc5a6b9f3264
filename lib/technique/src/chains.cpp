// SPDX-License-Identifier: Apache-2.0
// Chains: SE's "forcing chains & cycles" rung — X- and Y-cycles, cycles and forcing chains mixing
// both kinds of static links, forcing X-chains — and Nishio. The chain
// family's other stages live beside it: single-digit strong-link chains (strong_link_chains.cpp),
// and the forcing chains — static cell/region/contradiction chains, the same with singles applied
// along the way (dynamic, with "both values" chains), and with intersections and naked pairs as
// well (dynamic +) — in forcing_chains.cpp; the tables they share are chain_tables.hpp.
//
// Scores follow SE: base score of the family plus length_bonus() of the chain's node count. A
// static chain's nodes are its implications from assumption to conclusion (breadth-first search
// finds the shortest). A dynamic conclusion's nodes are the facts it rests on — its ancestors in
// the branch's implication graph — summed over the branches a forcing chain combines.
// Propagation runs in synchronous layers, so which fact a new fact is derived from depends on the
// position, not on the order cells are numbered in.
//
// Speed: the static implication graph of a position is condensed once (strongly connected
// components, reachability bitsets; chain_tables.hpp) and shared by the stages while the board is
// unchanged; a search whose goal is out of reach is never started. Chain searches meet in the
// middle (see shortest_chain).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "chain_tables.hpp"

namespace sudoku::technique {
namespace {

// X: one digit, bilocal strong links; XY: bivalue cells as well; Y: bivalue cells only. SE has no
// Y-only forcing chains ("Forcing Y-Chains do not exist", their links only close as cycles) and
// scores them as forcing chains; Y mode only names them: a forcing chain that has a Y-only chain
// of the same score is the reader's XY-chain (Technique::xy_chain), at the forcing chain's score.
enum class ChainMode { x, xy, y };

constexpr std::array<Technique, 3> kChainTechniques{Technique::x_chain, Technique::forcing_chain,
                                                    Technique::xy_chain};

// One breadth-first step along the links: the candidates `front` (on: assumed true, else false;
// `front_digits` the digits it holds) imply into `next` (off, resp. on), whose digits come back.
// True to false: the digit leaves the peers (and, with Y links, the cell's other digits); false to
// true: the digit's other place in a bilocal unit (X links), the other digit of a bivalue cell
// (Y links).
template <int W>
CandidateMask expand_layer(const Layout<W>& layout, const Board<W>& board, const StrongLinks<W>& links,
                           bool use_x, bool use_y, const DigitSets<W>& front, CandidateMask front_digits,
                           bool on, DigitSets<W>& next) {
  CandidateMask next_digits = 0;
  for (CandidateMask live = front_digits; live != 0; live &= live - 1) {
    const int d = std::countr_zero(live);
    const CellSet<W>& from = front[static_cast<std::size_t>(d)];
    if (on) {
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
  return next_digits;
}

// Keeps in `next` only the candidates not `seen` before, adds them to `seen`, and returns the
// digits that still have some (the next front's).
template <int W>
CandidateMask keep_unseen(DigitSets<W>& next, CandidateMask next_digits, DigitSets<W>& seen) {
  CandidateMask front_digits = 0;
  for (CandidateMask live = next_digits; live != 0; live &= live - 1) {
    const auto d = static_cast<std::size_t>(std::countr_zero(live));
    next[d] -= seen[d];
    if (next[d].none()) continue;
    seen[d] |= next[d];
    front_digits |= bit_of(static_cast<int>(d));
  }
  return front_digits;
}

// Length in nodes of the shortest chain from the assumption (cell, digit) = start_on to its
// opposite; 0 or -1 when there is none of at most `limit` nodes. X mode: one digit, bilocal strong
// links; XY: bivalue cells as well. Weak links: same digit in peers (and, in XY mode, the other
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
    const CandidateMask next_digits =
        expand_layer(layout, board, links, use_x, use_y, layers.back(), front_digits, front_on, next);
    DigitSets<W>& seen = front_on ? off_seen : on_seen;
    const DigitSets<W>& negations = front_on ? on_seen : off_seen;  // the other polarity's candidates
    front_digits = keep_unseen(next, next_digits, seen);
    bool meets = false;  // some new candidate's negation was reached before
    for (CandidateMask live = front_digits; live != 0 && !meets; live &= live - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(live));
      meets = next[d].intersects(negations[d]);
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
std::string path_text(const Layout<W>& layout, const std::vector<ChainNode>& path) {
  std::string text;
  for (const ChainNode& node : path) {
    if (!text.empty()) text += " => ";
    text += fact_text(layout, node.cell, node.digit, node.on);
  }
  return text;
}

// A path of facts as evidence: "on -> off" is a weak link (both cannot be true), "off -> on" a
// strong one (both cannot be false). A loop gets its closing link, last node back to the first.
inline void add_path_evidence(StepEvidence& evidence, const std::vector<ChainNode>& path, bool loop) {
  const auto value = [](const ChainNode& node) { return CellValue{node.cell, node.digit + 1}; };
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    evidence.links.push_back({value(path[i]), value(path[i + 1]), !path[i].on && path[i + 1].on});
  if (loop && path.size() > 2)
    evidence.links.push_back({value(path.back()), value(path.front()), !path.back().on && path.front().on});
  for (const ChainNode& node : path) {
    if (std::find(evidence.cells.begin(), evidence.cells.end(), node.cell) == evidence.cells.end())
      evidence.cells.push_back(node.cell);
    if (std::find(evidence.candidates.begin(), evidence.candidates.end(), value(node)) == evidence.candidates.end())
      evidence.candidates.push_back(value(node));
  }
}

// Largest chain length (even node count) whose score stays within `bound`, at most `cap`.
int node_limit(double base, double bound, int cap) {
  int limit = 0;
  for (int nodes = 2; nodes <= cap && base + length_bonus(nodes) <= bound + kEpsilon; nodes += 2)
    limit = nodes;
  return limit;
}

// ---- cycles ----
//
// SE's bidirectional cycles: a loop of candidates alternating "on" and "off", where "on -> off" is a
// weak link (same digit in a peer; with Y links also another digit of the same cell) and
// "off -> on" a strong link (X: the digit's other place in a unit with two; Y: the other digit of
// a bivalue cell). Both colourings of the loop are consistent, so a candidate outside the loop's
// cells that sees an "on" and an "off" node of its digit is false whichever colouring holds. SE
// searches them from every candidate assumed on (Y-cycles only from bivalue cells), breadth first,
// closing the loop through one of the source's strong partners; the score counts the loop's
// distinct nodes (its links), on a 6.5 base for X- and Y-cycles, 7.0 for loops mixing both kinds
// of links (use_x and use_y; "Bidirectional Cycle").

constexpr double kCycleBase = 6.5;
// SE's cycles mixing both kinds of links ("Bidirectional Cycle"): reported as Y-cycles, the
// readers' loop, with a detail saying so.
constexpr double kMixedCycleBase = 7.0;
constexpr double kTenth = 0.1;

template <int W>
struct CycleSearch {
  const Layout<W>& layout;
  const Board<W>& board;
  const StrongLinks<W>& links;
  bool use_x;
  bool use_y;
  std::vector<DigitSets<W>> layers;  // layer j: the nodes first reached after j links (even: on)
  std::vector<ChainNode> path;       // the loop being built: source first, partner last
  std::vector<ChainNode> shown;      // the first loop found that removes something
  // Loops weighed per strong link and length: far more than positions have (the shortest ways
  // back branch little), a bound for pathological boards.
  static constexpr int kLoopBudget = 32;
  int budget = 0;
  // SE weighs the ways back to one strong link only up to the first loop that removes something,
  // and which loop comes first depends on cell numbering; the invariant order (every_loop) weighs
  // them all, so its step does not. (A cycle step makes the path's hardest technique a chain, so
  // a grading that took one is never order-free: the orders may part here.)
  bool every_loop = false;

  // Whether (cell, digit) on (`on`) implies `to` by one link.
  bool linked(int cell, int digit, bool on, const ChainNode& to) const {
    if (on) {
      if (to.on) return false;
      if (to.digit == digit) return layout.peers[static_cast<std::size_t>(cell)].test(to.cell);
      return use_y && to.cell == cell;
    }
    if (!to.on) return false;
    if (to.digit == digit) return use_x && links.partner(cell, digit).test(to.cell);
    return use_y && to.cell == cell && links.bivalue.test(cell);
  }

  // Every shortest way back from path[j + 1] to the source through the layers (each a loop of the
  // same length), up to `budget` of them (SE order: up to the first that removes something, see
  // every_loop): adds what each removes to `out`, and keeps the first that removes something in
  // `shown` (for explanations).
  void loops_back(int j, std::vector<Deduction>& out) {
    if (budget <= 0) return;
    if (j < 0) {
      --budget;
      const std::size_t before = out.size();
      eliminations(out);
      if (shown.empty() && out.size() > before) {
        shown = path;
        if (!every_loop) budget = 0;
      }
      return;
    }
    const ChainNode to = path[static_cast<std::size_t>(j + 1)];
    const DigitSets<W>& layer = layers[static_cast<std::size_t>(j)];
    const auto step_back = [&](int c, int d) {
      path[static_cast<std::size_t>(j)] = {c, d, !to.on};
      loops_back(j - 1, out);
    };
    const auto d = static_cast<std::size_t>(to.digit);
    // The nodes of layer j linked to `to`: on nodes by a weak link (the digit in a peer, or with Y
    // another digit of the cell), off nodes by a strong one (the digit's partner, or with Y the
    // other digit of a bivalue cell).
    (layer[d] & (to.on ? (use_x ? links.partner(to.cell, to.digit) : CellSet<W>{})
                       : layout.peers[static_cast<std::size_t>(to.cell)]))
        .for_each([&](int c) { step_back(c, to.digit); });
    if (!use_y || (to.on && !links.bivalue.test(to.cell))) return;
    for (CandidateMask others = board.mask(to.cell) & ~bit_of(to.digit); others != 0; others &= others - 1) {
      const int other = std::countr_zero(others);
      if (layer[static_cast<std::size_t>(other)].test(to.cell)) step_back(to.cell, other);
    }
  }

  // The candidates the loop in `path` removes: outside its cells, seeing an on and an off node of
  // their digit.
  void eliminations(std::vector<Deduction>& out) const {
    CellSet<W> cells;
    for (const ChainNode& node : path) cells.set(node.cell);
    DigitSets<W> seen_on{};
    DigitSets<W> seen_off{};
    CandidateMask digits = 0;
    for (const ChainNode& node : path) {
      (node.on ? seen_on : seen_off)[static_cast<std::size_t>(node.digit)] |=
          layout.peers[static_cast<std::size_t>(node.cell)];
      digits |= bit_of(node.digit);
    }
    for (CandidateMask live = digits; live != 0; live &= live - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(live));
      ((seen_on[d] & seen_off[d] & board.cells_of(static_cast<int>(d))) - cells).for_each([&](int c) {
        out.push_back({c, static_cast<int>(d)});
      });
    }
  }

  // The shortest loop of at most `limit` links from source (on) back to it through one of
  // `partners` (off; the closing strong link) that removes something: its link count (its
  // eliminations in `out`), or 0. One breadth-first search serves all the partners, as SE's
  // does; partners are not followed, so a loop never passes through one.
  int shortest(const ChainNode& source, std::span<const ChainNode> partners, int limit,
               std::vector<Deduction>& out) {
    DigitSets<W> on_seen{};
    DigitSets<W> off_seen{};
    shown.clear();
    on_seen[static_cast<std::size_t>(source.digit)].set(source.cell);
    layers.assign(1, DigitSets<W>{});
    layers[0][static_cast<std::size_t>(source.digit)].set(source.cell);
    CandidateMask front_digits = bit_of(source.digit);
    for (int layer = 1; layer < limit && front_digits != 0; ++layer) {
      const bool from_on = layer % 2 == 1;
      DigitSets<W> next{};
      const CandidateMask next_digits =
          expand_layer(layout, board, links, use_x, use_y, layers.back(), front_digits, from_on, next);
      if (from_on) {
        // An off node without a strong link of the search's kinds leads nowhere.
        for (CandidateMask live = next_digits; live != 0; live &= live - 1) {
          const auto d = static_cast<std::size_t>(std::countr_zero(live));
          next[d] &= (use_x ? links.linked[d] : CellSet<W>{}) | (use_y ? links.bivalue : CellSet<W>{});
        }
        // Every on node of the last layer that links to a partner reached now closes a loop of
        // layer + 1 links.
        for (const ChainNode& partner : partners) {
          CellSet<W>& partner_row = next[static_cast<std::size_t>(partner.digit)];
          if (!partner_row.test(partner.cell)) continue;
          partner_row.reset(partner.cell);
          if (layer < 3) continue;
          path.assign(static_cast<std::size_t>(layer + 1), partner);
          budget = kLoopBudget;
          loops_back(layer - 1, out);
        }
        if (!out.empty()) {
          std::sort(out.begin(), out.end(), [](const Deduction& x, const Deduction& y) {
            return x.cell != y.cell ? x.cell < y.cell : x.digit < y.digit;
          });
          out.erase(std::unique(out.begin(), out.end()), out.end());
          return layer + 1;
        }
      }
      front_digits = keep_unseen(next, next_digits, from_on ? off_seen : on_seen);
      layers.push_back(next);
    }
    return 0;
  }
};

// X-cycles per digit and Y-cycles, kept across boards (SearchContext::x_cycle_memo): whether the digit's full
// search (no limit below `cap`) found none, on which places, and the work it counted (counted
// again when skipped, so the count is the same).
template <int W>
struct XCycleMemo {
  struct Digit {
    bool barren = false;
    CellSet<W> places;
    std::uint64_t work = 0;
  };
  std::vector<Digit> digits;
  // The whole stage: whether its last search found nothing at all, on which candidates, with
  // which strong links (per digit, each linked cell's partners in cell order), and its work.
  bool all_barren = false;
  std::vector<CandidateMask> barren_candidates;
  std::vector<CellSet<W>> barren_links;
  std::uint64_t barren_work = 0;
  // Y-cycles as a whole: whether the last full search found none, from which bivalue cells
  // (their candidates in cell order), and its work.
  bool y_barren = false;
  CellSet<W> y_bivalue;
  std::vector<CandidateMask> y_masks;
  std::uint64_t y_work = 0;
};

}  // namespace

template <int W>
void find_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                 std::vector<Step>& out) {
  ChainTables<W>& tables = chain_tables(layout, board, context);
  const StrongLinks<W>& links = tables.links();
  auto& x_cycle_memo = kept<XCycleMemo<W>>(context.x_cycle_memo);
  if (x_cycle_memo.digits.empty()) x_cycle_memo.digits.resize(static_cast<std::size_t>(layout.size));
  // Nothing found on a board whose candidates this one's are among, with the same strong links
  // (bilocal pairs, bivalue cells and their candidates): nothing to find here either. Every chain
  // and X- or Y-cycle here is one there (its strong links are the same, its weak links join
  // candidates that were there too; the cycle searches walk only linked, resp. bivalue, nodes, so
  // they meet the same loops in the same order), and removes only what it removed there. A search
  // that found nothing ran in full (no limit below `cap`), so there were none.
  std::vector<CellSet<W>> link_key;
  const auto cells_count = static_cast<std::size_t>(layout.cell_count);
  for (int digit = 0; digit < layout.size; ++digit) {
    link_key.push_back(links.linked[static_cast<std::size_t>(digit)]);
    links.linked[static_cast<std::size_t>(digit)].for_each(
        [&](int cell) { link_key.push_back(links.partner(cell, digit)); });
  }
  link_key.push_back(links.bivalue);
  if (x_cycle_memo.all_barren && x_cycle_memo.barren_candidates.size() == cells_count &&
      x_cycle_memo.barren_links == link_key) {
    bool among = true;
    for (std::size_t cell = 0; cell < cells_count && among; ++cell)
      among = (board.candidates[cell] & ~x_cycle_memo.barren_candidates[cell]) == 0;
    // Bivalue cells with the same digits (the link key has the cells).
    links.bivalue.for_each([&](int cell) {
      among = among && board.candidates[static_cast<std::size_t>(cell)] ==
                           x_cycle_memo.barren_candidates[static_cast<std::size_t>(cell)];
    });
    if (among) {
      context.work += x_cycle_memo.barren_work;
      return;
    }
  }
  const std::size_t out_before = out.size();
  const std::uint64_t work_before = context.work;
  struct Found {
    int cell;
    int digit;
    bool start_on;
    ChainMode mode;
    double score;
  };
  std::vector<Found> found;
  const std::vector<Deduction>& candidates = tables.index().candidates;
  const StaticReach<W>* reach = nullptr;  // made when a search of XY-chains first needs it
  const SingleDigitReach<W>& x_reach = tables.single_digit_reach();
  const int cap = 2 * layout.cell_count * layout.size + 2;
  // Only assumptions that can reach their negation along some links have a chain at all (the
  // reachability tables say which, without exploring: the single-digit one for X-chains). Each is searched
  // breadth first, up to the length that could still match the easiest chain found so far (or the grade
  // reached).
  double best = kNoScore;
  std::vector<DigitSets<W>> layers;  // the searches' scratch
  std::vector<Step> cycles;
  // X-cycles from every linked candidate, Y-cycles from bivalue cells. A loop read backwards with
  // its colours swapped is a loop through the same strong link from its other end, with the same
  // length and eliminations: each X strong link is tried from one end. (Halving Y-cycles the same
  // way loses some loops a search from the other end finds, so both digits of a bivalue cell
  // start one.)
  const auto search_cycles = [&] {
    for (const bool y_cycles : {false, true}) {
      // Y-cycles walk bivalue cells only: loops found from the same bivalue cells holding the
      // same digits are the same loops, and as candidates only go, those that removed nothing
      // remove nothing now. A full search (no limit below `cap`) that found none is barren again.
      const bool y_full = y_cycles && best == kNoScore;
      if (y_full && x_cycle_memo.y_barren && x_cycle_memo.y_bivalue == links.bivalue) {
        bool same = true;
        std::size_t i = 0;
        links.bivalue.for_each(
            [&](int cell) { same = same && x_cycle_memo.y_masks[i++] == board.mask(cell); });
        if (same) {
          context.work += x_cycle_memo.y_work;
          continue;
        }
      }
      const std::uint64_t y_work_before = context.work;
      CycleSearch<W> search{layout, board, links, !y_cycles, y_cycles, {}, {}, {}};
      search.every_loop = context.every_shortest_loop;
      const Technique technique = y_cycles ? Technique::y_chain : Technique::x_chain;
      std::vector<ChainNode> partners;
      // The limit changes only with `best`: worked out again only then (every source asks).
      double limit_best = kNoScore;
      int limit_for_best = cap;
      const auto try_loops = [&](const ChainNode& source) {
        if (best != limit_best) {
          limit_best = best;
          limit_for_best =
              best == kNoScore ? cap : node_limit(kCycleBase, std::max(best, context.good_enough), cap);
        }
        const int limit = limit_for_best;
        if (limit < 4 || partners.empty()) return;
        ++context.work;
        Step step = make_step(technique, 0.0);
        const int nodes = search.shortest(source, partners, limit, step.eliminations);
        if (nodes == 0) return;
        step.score = kCycleBase + length_bonus(nodes);
        best = std::min(best, step.score);
        if (context.explain) {
          step.detail = std::string(y_cycles ? "Y-cycle: " : "X-cycle: ") + path_text(layout, search.shown);
          add_path_evidence(step.evidence, search.shown, true);
        }
        cycles.push_back(std::move(step));
      };
      for (int digit = 0; digit < layout.size; ++digit) {
        // X-cycles on a digit read only its places; searched in full (no cycle found yet, so no
        // limit but `cap`) and barren, they are barren again while the places are the same.
        typename XCycleMemo<W>::Digit* known = nullptr;
        if (!y_cycles) {
          known = &x_cycle_memo.digits[static_cast<std::size_t>(digit)];
          if (best == kNoScore && known->barren && known->places == board.cells_of(digit)) {
            context.work += known->work;
            continue;
          }
        }
        const bool full = best == kNoScore;
        const std::uint64_t digit_work_before = context.work;
        (y_cycles ? board.cells_of(digit) & links.bivalue : links.linked[static_cast<std::size_t>(digit)])
            .for_each([&](int cell) {
              // A loop leaves the source and enters its partner by weak links, from and to
              // nodes with a strong link: without such neighbours there is none.
              const CellSet<W>& peers = layout.peers[static_cast<std::size_t>(cell)];
              partners.clear();
              if (y_cycles) {
                const int other = std::countr_zero(board.mask(cell) & ~bit_of(digit));
                if (peers.intersects(links.bivalue & board.cells_of(digit)) &&
                    peers.intersects(links.bivalue & board.cells_of(other)))
                  partners.push_back({cell, other, false});  // both ways round (see above)
              } else {
                const CellSet<W>& linked = links.linked[static_cast<std::size_t>(digit)];
                links.partner(cell, digit).for_each([&](int other) {
                  if (cell < other && (peers & linked).count_upto(2) == 2 &&
                      (layout.peers[static_cast<std::size_t>(other)] & linked).count_upto(2) == 2)
                    partners.push_back({other, digit, false});
                });
              }
              try_loops({cell, digit, true});
            });
        if (known != nullptr) {
          known->barren = full && best == kNoScore;
          known->places = board.cells_of(digit);
          known->work = context.work - digit_work_before;
        }
      }
      if (y_cycles) {
        x_cycle_memo.y_barren = y_full && best == kNoScore;
        x_cycle_memo.y_bivalue = links.bivalue;
        x_cycle_memo.y_masks.clear();
        links.bivalue.for_each([&](int cell) { x_cycle_memo.y_masks.push_back(board.mask(cell)); });
        x_cycle_memo.y_work = context.work - y_work_before;
      }
    }
  };
  const auto search_chains = [&](ChainMode mode) {
    const double base = technique_base_score(kChainTechniques[static_cast<std::size_t>(mode)]);
    const auto limit_now = [&] {
      return best == kNoScore ? cap : node_limit(base, std::max(best, context.good_enough), cap);
    };
    int limit = limit_now();
    if (mode != ChainMode::x && limit >= 2 && reach == nullptr) reach = &tables.reach();
    for (std::size_t i = 0; i < 2 * candidates.size() && limit >= 2; ++i) {
      const Deduction& start = candidates[i / 2];
      const bool start_on = i % 2 == 0;
      if (mode == ChainMode::x ? !(start_on ? x_reach.refutes_true(start.cell, start.digit)
                                            : x_reach.refutes_false(start.cell, start.digit))
                               : !reach->reaches(static_cast<int>(i), static_cast<int>(i ^ 1)))
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
  };
  // SE's bidirectional cycles with both kinds of links (7.0 + length). Searched last and only
  // where one could change the step: each candidate such a loop of L nodes removes sees an on node
  // a and an off node b of the loop, and "c => not a => ... => b => not c" (the loop's arc from b
  // to a read backwards, negated) is a forcing chain of at most L + 2 nodes. So a loop is never
  // more than a tenth easier than the easiest chain; one is searched only when the easiest chain or
  // cycle found is above the grade (below it, the chains already take every candidate a loop
  // would), up to the length a tenth easier; and, as every loop that could count removes a
  // candidate with a chain of the easiest score, only from the on nodes it may hold: the places of
  // such a candidate's digit among its peers. A loop is found from each of its on nodes, so from
  // some of these, and every shortest loop through each is weighed (as above): the result does not
  // depend on cell numbering.
  const auto search_mixed_cycles = [&] {
    if (best == kNoScore || best <= context.good_enough + kEpsilon) return;
    int limit = node_limit(kMixedCycleBase, best - kTenth, cap);
    if (limit < 4) return;
    DigitSets<W> sources{};
    CandidateMask digits = 0;
    for (const Found& chain : found) {
      if (!chain.start_on || chain.score > best + kEpsilon) continue;
      sources[static_cast<std::size_t>(chain.digit)] |=
          layout.peers[static_cast<std::size_t>(chain.cell)] & board.cells_of(chain.digit);
      digits |= bit_of(chain.digit);
    }
    CycleSearch<W> search{layout, board, links, true, true, {}, {}, {}};
    search.every_loop = context.every_shortest_loop;
    std::vector<ChainNode> partners;
    for (CandidateMask live = digits; live != 0; live &= live - 1) {
      const int digit = std::countr_zero(live);
      sources[static_cast<std::size_t>(digit)].for_each([&](int cell) {
        if (limit < 4) return;
        // The loop comes back to the source by a strong link: from its partners.
        partners.clear();
        links.partner(cell, digit).for_each([&](int other) { partners.push_back({other, digit, false}); });
        if (links.bivalue.test(cell))
          partners.push_back({cell, std::countr_zero(board.mask(cell) & ~bit_of(digit)), false});
        if (partners.empty()) return;
        ++context.work;
        Step step = make_step(Technique::y_chain, 0.0);
        const int nodes = search.shortest({cell, digit, true}, partners, limit, step.eliminations);
        if (nodes == 0) return;
        step.score = kMixedCycleBase + length_bonus(nodes);
        if (step.score < best - kEpsilon) {
          best = step.score;
          limit = node_limit(kMixedCycleBase, std::max(best, context.good_enough), cap);
        }
        if (context.explain) {
          step.detail = "bidirectional cycle: " + path_text(layout, search.shown);
          add_path_evidence(step.evidence, search.shown, true);
        }
        cycles.push_back(std::move(step));
      });
    }
  };
  // X-chains first: cheap (one digit), they bound the cycle searches, which bound the mixed
  // chains, the dearest.
  search_chains(ChainMode::x);
  search_cycles();
  search_chains(ChainMode::xy);
  search_mixed_cycles();
  x_cycle_memo.all_barren = found.empty() && cycles.empty() && out.size() == out_before;
  if (x_cycle_memo.all_barren) {
    x_cycle_memo.barren_candidates.assign(board.candidates.begin(),
                                          board.candidates.begin() + layout.cell_count);
    x_cycle_memo.barren_links = std::move(link_key);
    x_cycle_memo.barren_work = context.work - work_before;
  }
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  for (Step& cycle : cycles)
    if (cycle.score <= bound) out.push_back(std::move(cycle));
  if (found.empty()) return;
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
    ChainMode mode = chain.mode;
    if (mode == ChainMode::xy &&
        shortest_chain(layout, board, links, chain.cell, chain.digit, chain.start_on, ChainMode::y,
                       node_limit(technique_base_score(Technique::forcing_chain), chain.score, cap),
                       layers) > 0)
      mode = ChainMode::y;
    Step step = make_step(kChainTechniques[static_cast<std::size_t>(mode)], chain.score);
    (chain.start_on ? step.eliminations : step.placements).push_back({chain.cell, chain.digit});
    if (context.explain) {
      const std::vector<ChainNode> path =
          chain_path(layout, board, links, chain.cell, chain.digit, chain.start_on, mode);
      step.detail = std::string(technique_name(step.technique)) + ": " + path_text(layout, path);
      add_path_evidence(step.evidence, path, false);
    }
    out.push_back(std::move(step));
  }
}

namespace {

// Nishio with the facts tracked: the nodes of the contradiction single_digit_contradicts finds (a unit left
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
  std::vector<int> layer_weights;
  std::vector<int> placement_depths;  // the layer's placements' ancestor counts
  std::vector<std::vector<int>> layer_parents;
  // SE counts a contradiction (a candidate both on and off) by the two facts' ancestors apart,
  // shared ones twice. Every contradiction of a layer is weighed and the fewest count wins, so
  // the count does not depend on the order cells and units are numbered in.
  int fewest = std::numeric_limits<int>::max();
  const auto weigh = [&](int on_id, int off) {
    const std::array<int, 1> on{on_id};
    const std::array<int, 1> off_fact{off};
    fewest = std::min(fewest, graph.ancestors(on) + graph.ancestors(off_fact));
  };
  while (!layer.empty()) {
    CellSet<W> layer_cells;
    for (int at : layer) layer_cells.set(at);
    const CellSet<W> before = places;
    bool clash = false;
    placed |= layer_cells;
    places -= layer_cells;
    CellSet<W> removed;
    for (const int at : layer) {
      const CellSet<W>& peers = layout.peers[static_cast<std::size_t>(at)];
      // Already off, or seen by another placement of the layer: two placements in one unit.
      clash = clash || !before.test(at) || peers.intersects(layer_cells);
      removed |= before & peers;
      places -= peers;
    }
    if (Track) {
      // A place several of the layer's placements see rests on the one with the fewest ancestors,
      // on all of those tied for the fewest: the first in the layer's order (the order units are
      // numbered in) made a transformed puzzle's Nishio differ by a tenth.
      placement_depths.clear();
      for (const int id : layer_ids) placement_depths.push_back(graph.ancestors(std::array<int, 1>{id}));
      removed.for_each([&](int peer) {
        int fewest_ancestors = std::numeric_limits<int>::max();
        parents.clear();
        for (std::size_t i = 0; i < layer.size(); ++i) {
          if (!layout.peers[static_cast<std::size_t>(layer[i])].test(peer)) continue;
          if (placement_depths[i] < fewest_ancestors) {
            fewest_ancestors = placement_depths[i];
            parents.clear();
          }
          if (placement_depths[i] == fewest_ancestors) parents.push_back(layer_ids[i]);
        }
        graph.add(fact_key(n, peer, digit, false), parents);
      });
    }
    if (clash) {
      if (!Track) return 1;
      for (std::size_t i = 0; i < layer.size(); ++i) {
        const int at = layer[i];
        if (!before.test(at) || layout.peers[static_cast<std::size_t>(at)].intersects(layer_cells))
          weigh(layer_ids[i], off_id(at));
      }
      return fewest;
    }
    layer.clear();
    layer_ids.clear();
    for (std::size_t u = 0; u < layout.unit_cells.size(); ++u) {
      const CellSet<W>& unit = layout.unit_cells[u];
      if (placed.intersects(unit)) continue;
      const CellSet<W> left = places & unit;
      if (left.none()) {
        if (!Track) return 1;
        // SE meets this as the unit's last place turned on by the others being off, and off by
        // a placement: the last place is the one whose removal was derived last (SE follows
        // facts first in, first out), the one with most ancestors; ties take the fewest count.
        const CellSet<W> unit_places = board.cells_of(digit) & unit;
        int deepest = -1;
        int count = 0;
        unit_places.for_each([&](int last) {
          const int depth = graph.ancestors(std::array<int, 1>{off_id(last)});
          if (depth < deepest) return;
          parents.clear();
          (unit_places - StrongLinks<W>::single(last)).for_each([&](int c) { parents.push_back(off_id(c)); });
          const int total = 1 + graph.ancestors(parents) + depth;
          count = depth > deepest ? total : std::min(count, total);
          deepest = depth;
        });
        fewest = std::min(fewest, count);
        continue;
      }
      if (!left.single()) continue;
      const int target = left.first();
      // A place left alone in several units rests on the unit whose emptied places have the
      // fewest ancestors (not the first unit in the geometry's order), on all of those tied.
      int weight = 0;
      if (Track) {
        parents.clear();
        ((board.cells_of(digit) & unit) - left).for_each([&](int c) { parents.push_back(off_id(c)); });
        weight = graph.ancestors(parents);
      }
      const auto known = std::find(layer.begin(), layer.end(), target);
      if (known == layer.end()) {
        layer.push_back(target);
        layer_weights.push_back(weight);
        layer_parents.push_back(parents);
      } else if (weight < layer_weights[static_cast<std::size_t>(known - layer.begin())]) {
        layer_weights[static_cast<std::size_t>(known - layer.begin())] = weight;
        layer_parents[static_cast<std::size_t>(known - layer.begin())] = parents;
      } else if (Track && weight == layer_weights[static_cast<std::size_t>(known - layer.begin())]) {
        std::vector<int>& tied = layer_parents[static_cast<std::size_t>(known - layer.begin())];
        tied.insert(tied.end(), parents.begin(), parents.end());
      }
    }
    layer_ids.clear();
    for (std::size_t i = 0; i < layer.size(); ++i)
      layer_ids.push_back(Track ? graph.add(fact_key(n, layer[i], digit, true), layer_parents[i]) : -1);
    layer_weights.clear();
    layer_parents.clear();
    if (fewest != std::numeric_limits<int>::max()) return fewest;
  }
  return 0;
}

// Nishio's evidence: the assumption (cell, digit) on followed on the one digit, breadth first —
// every "on" makes the digit's places it sees off, then each "off" may leave a unit one place (on,
// resting on the unit's other places off) — up to the first contradiction: a place made on that
// is off already, or a unit left without a place (the ends: its places, all off). Empty when no
// contradiction is met (single_digit_contradicts said there is one).
template <int W>
EvidenceBranch nishio_evidence(const Layout<W>& layout, const Board<W>& board, int cell, int digit) {
  EvidenceBranch branch;
  const int value = digit + 1;
  std::vector<int> on_node(static_cast<std::size_t>(layout.cell_count), -1);
  std::vector<int> off_node(static_cast<std::size_t>(layout.cell_count), -1);
  const CellSet<W>& places = board.cells_of(digit);
  const auto add = [&](int at, bool on, std::vector<int> parents) {
    EvidenceNode node;
    node.cells = {at};
    node.value = value;
    node.on = on;
    node.parents = std::move(parents);
    branch.nodes.push_back(std::move(node));
    const int id = static_cast<int>(branch.nodes.size()) - 1;
    (on ? on_node : off_node)[static_cast<std::size_t>(at)] = id;
    return id;
  };
  std::vector<int> ons{add(cell, true, {})};
  std::vector<int> offs;
  std::size_t on_head = 0;
  std::size_t off_head = 0;
  while (on_head < ons.size() || off_head < offs.size()) {
    if (on_head < ons.size()) {
      const int p = ons[on_head++];
      const int at = branch.nodes[static_cast<std::size_t>(p)].cells.front();
      bool clash = false;
      (places & layout.peers[static_cast<std::size_t>(at)]).for_each([&](int peer) {
        if (clash || off_node[static_cast<std::size_t>(peer)] >= 0) return;
        const int known_on = on_node[static_cast<std::size_t>(peer)];
        const int id = add(peer, false, {p});
        if (known_on >= 0) {
          branch.ends = {known_on, id};
          clash = true;
          return;
        }
        offs.push_back(id);
      });
      if (clash) return branch;
      continue;
    }
    const int p = offs[off_head++];
    const int at = branch.nodes[static_cast<std::size_t>(p)].cells.front();
    for (int unit : layout.units_of(at)) {
      const CellSet<W>& unit_cells = layout.unit_cells[static_cast<std::size_t>(unit)];
      if (board.placed_of(digit).intersects(unit_cells)) continue;
      std::vector<int> gone;
      CellSet<W> left;
      bool holds = false;
      (places & unit_cells).for_each([&](int c) {
        holds = holds || on_node[static_cast<std::size_t>(c)] >= 0;
        if (off_node[static_cast<std::size_t>(c)] >= 0)
          gone.push_back(off_node[static_cast<std::size_t>(c)]);
        else
          left.set(c);
      });
      if (holds) continue;
      if (left.none()) {
        branch.ends = gone;
        return branch;
      }
      if (left.single()) ons.push_back(add(left.first(), true, std::move(gone)));
    }
  }
  return {};
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
      if (!single_digit_contradicts(layout, board, cell, digit, true)) return;
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
    if (context.explain) {
      step.detail = "nishio forcing chain: " + fact_text(layout, chain.cell, chain.digit, true) +
                    " leaves a unit without " + digit_text(chain.digit);
      EvidenceBranch branch =
          context.branch_evidence ? nishio_evidence(layout, board, chain.cell, chain.digit) : EvidenceBranch{};
      if (!branch.ends.empty()) {
        step.evidence.branches.push_back(std::move(branch));
        add_branch_cells(step.evidence);
      }
    }
    out.push_back(std::move(step));
  }
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                \
  template void find_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&); \
  template void find_nishio<W>(const Layout<W>&, const Board<W>&, SearchContext&, std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
