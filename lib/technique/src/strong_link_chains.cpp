// SPDX-License-Identifier: Apache-2.0
// Single-digit strong-link chains: Sukaku Explainer's skyscraper, two-string kite and turbot fish
// (two strong links) and their longer kin, plain or grouped. The ladder has SE's two- and
// three-link rungs; its four-, five- and six-link rungs were off by default in the Sukaku
// Explainer that rated se-rated.txt (its puzzles that four strong links would solve carry the
// rating of a later step), so they are not on the ladder, but the finder still reports them for
// callers that ask. One search per board serves the plain chains of every stage
// (SearchContext::strong_links); each stage reports the chains of its link counts.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "chain_tables.hpp"

namespace sudoku::technique {
namespace {

// Sukaku Explainer's base ratings of single-digit chains by strong-link count, and the ladder's
// technique for each count.
constexpr std::array<double, 7> kStrongLinkBase{0.0, 0.0, 4.0, 5.4, 5.8, 6.2, 6.6};
constexpr std::array<Technique, 7> kStrongLinkTechnique{
    Technique::two_strong_links,   Technique::two_strong_links,  Technique::two_strong_links,
    Technique::three_strong_links, Technique::four_strong_links, Technique::five_strong_links,
    Technique::six_strong_links};

// The kinds of the units holding the strong links (bit 0 row, 1 column, 2 box or other unit) add
// a tenth or two to the base.
double strong_link_score(int links, unsigned kinds) {
  const bool box = (kinds & 4U) != 0;
  const bool mixed = (kinds & 3U) == 3U;
  if (links == 2) return box ? 4.2 : mixed ? 4.1 : 4.0;
  return kStrongLinkBase[static_cast<std::size_t>(links)] + (box && mixed ? 0.2 : (box || mixed) ? 0.1 : 0.0);
}

std::string strong_link_name(int links, unsigned kinds) {
  if (links == 2) return (kinds & 4U) ? "turbot fish" : (kinds & 3U) == 3U ? "two-string kite" : "skyscraper";
  return std::to_string(links) + " strong links";
}

// The cells of a chain of `links` strong links on `digit` whose two ends both see `target`, in
// chain order (strong, weak, strong, ...: cells 2i and 2i + 1 are the digit's only two places in a
// unit), found again for explanations: the search below keeps no paths, only what they prove.
// Empty when no chain of exactly that many links exists. `distinct`: no cell twice (the search
// below may revisit one, as a chain that comes back to its first cell proves that cell true).
template <int W>
class StrongLinkPath {
 public:
  StrongLinkPath(const Layout<W>& layout, const Board<W>& board, int target, int digit)
      : layout_(layout), places_(board.cells_of(digit)), target_(target) {}

  std::vector<int> find(int links, bool distinct) {
    links_ = links;
    distinct_ = distinct;
    path_.clear();
    std::vector<int> starts;
    (places_ & layout_.peers[static_cast<std::size_t>(target_)]).for_each([&](int c) { starts.push_back(c); });
    for (int start : starts) {
      path_.push_back(start);
      if (extend()) return path_;
      path_.pop_back();
    }
    return {};
  }

 private:
  bool extend() {
    const int last = path_.back();
    std::vector<int> next;
    if (path_.size() % 2 == 1) {  // a strong link: the other place in a unit with two
      for (int unit : layout_.units_of(last)) {
        const CellSet<W> two = places_ & layout_.unit_cells[static_cast<std::size_t>(unit)];
        if (two.count_upto(3) == 2) two.for_each([&](int c) {
          if (c != last) next.push_back(c);
        });
      }
    } else {  // a weak link: a peer holding the digit
      (places_ & layout_.peers[static_cast<std::size_t>(last)]).for_each([&](int c) { next.push_back(c); });
    }
    for (int cell : next) {
      if (cell == target_ || cell == last ||
          (distinct_ && std::find(path_.begin(), path_.end(), cell) != path_.end()))
        continue;
      path_.push_back(cell);
      if (path_.size() == 2 * static_cast<std::size_t>(links_)) {
        if (layout_.peers[static_cast<std::size_t>(target_)].test(cell)) return true;
      } else if (extend()) {
        return true;
      }
      path_.pop_back();
    }
    return false;
  }

  const Layout<W>& layout_;
  const CellSet<W>& places_;
  int target_;
  int links_ = 0;
  bool distinct_ = true;
  std::vector<int> path_;
};

// The links of such a chain as evidence (1-based values).
inline void add_strong_link_path(StepEvidence& evidence, const std::vector<int>& cells, int digit) {
  for (std::size_t i = 0; i + 1 < cells.size(); ++i)
    evidence.links.push_back({{cells[i], digit + 1}, {cells[i + 1], digit + 1}, i % 2 == 0});
  for (int cell : cells) {
    evidence.cells.push_back(cell);
    evidence.candidates.push_back({cell, digit + 1});
  }
}

}  // namespace

namespace {

// One digit's part of search_strong_link_chains. `partners` is scratch (a cell set per cell and
// unit kind), its rows cleared as they are first used for the digit.
template <int W>
void search_digit_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                         int max_links, int digit, const SingleDigitReach<W>& reach,
                         std::array<std::vector<CellSet<W>>, 3>& partners,
                         std::vector<StrongLinkChain>& found) {
  constexpr int kMasks = 8;
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
  if (!any_link) return;
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

// What proves a digit's kept search results current (PlainByDigit, GroupedByDigit): the search
// ran, at this depth, on these places of the digit.
template <int W>
struct DigitSearchKey {
  bool searched = false;
  int depth = 0;
  CellSet<W> places;

  bool current(int at_depth, const CellSet<W>& now) const {
    return searched && depth == at_depth && places == now;
  }
  void note(int at_depth, const CellSet<W>& now) {
    searched = true;
    depth = at_depth;
    places = now;
  }
};

// The plain search's chains per digit (SearchContext::strong_links_by_digit), with the key that
// proves them current: the digit's places when searched and the depth. A digit's chains, like its
// single-digit reachability (SingleDigitReach) that filters their starts, are drawn from the layout
// and that digit's places alone, so a digit whose places did not change since its last search is
// not searched again (in SE order most boards follow a chain step that touched one digit). `work`
// is what the search added to SearchContext::work, added again on reuse so the count is the same.
template <int W>
struct PlainByDigit {
  struct Entry {
    DigitSearchKey<W> key;
    std::vector<StrongLinkChain> chains;
    std::uint64_t work = 0;
  };
  const Layout<W>* layout = nullptr;
  std::vector<Entry> digits;
  // search_digit_chains' scratch, kept from board to board (no allocation per search; it clears
  // the rows it uses).
  std::array<std::vector<CellSet<W>>, 3> partners;
};

// Every candidate that the ends of a single-digit chain of at most `max_links` strong links both
// see, with the fewest links (and among those the easiest unit kinds).
template <int W>
void search_strong_link_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                               int max_links, std::vector<StrongLinkChain>& found) {
  auto* cache = static_cast<PlainByDigit<W>*>(context.strong_links_by_digit.get());
  if (cache == nullptr || cache->layout != &layout) {
    auto fresh = std::make_shared<PlainByDigit<W>>();
    fresh->layout = &layout;
    fresh->digits.resize(static_cast<std::size_t>(layout.size));
    for (auto& by_kind : fresh->partners) by_kind.resize(static_cast<std::size_t>(layout.cell_count));
    cache = fresh.get();
    context.strong_links_by_digit = std::move(fresh);
  }
  const SingleDigitReach<W>* reach_tables = nullptr;  // made only when a digit is searched
  auto& partners = cache->partners;
  for (int digit = 0; digit < layout.size; ++digit) {
    auto& entry = cache->digits[static_cast<std::size_t>(digit)];
    if (entry.key.current(max_links, board.cells_of(digit))) {
      found.insert(found.end(), entry.chains.begin(), entry.chains.end());
      context.work += entry.work;
      continue;
    }
    if (reach_tables == nullptr) reach_tables = &chain_tables(layout, board, context).single_digit_reach();
    const SingleDigitReach<W>& reach = *reach_tables;
    const std::size_t found_before = found.size();
    const std::uint64_t work_before = context.work;
    search_digit_chains(layout, board, context, max_links, digit, reach, partners, found);
    entry.key.note(max_links, board.cells_of(digit));
    entry.chains.assign(found.begin() + static_cast<std::ptrdiff_t>(found_before), found.end());
    entry.work = context.work - work_before;
  }
}
// Sukaku Explainer's grouped strong links: single-digit chains of `links` strong links in which
// at least one link joins two groups of cells rather than two cells, scored the base of its link
// count plus 0.3 (4.3, 5.7, 6.1 for 2, 3, 4 links). A unit's places for the digit form a link when
// they split into two ends, one of which must hold the digit:
//   - two places (a plain link; in a box, not both in one line: that is the line's link);
//   - a row or column whose places lie in two of its boxes: the two boxes' parts;
//   - a box whose places lie in one row and one column through it, some of each outside their
//     crossing (an empty rectangle): the row's part and the column's part (a place at the
//     crossing goes to either end, both ways are links).
// As in SE, links use disjoint places, and consecutive links are joined through one unit holding
// both ends (the weak link: if one end holds the digit, the other does not). The first link's free
// end or the last link's free end then holds the digit, so every other place seeing both ends
// goes, outside the links' units and the joining units. When the free ends share a unit too the
// chain is a loop, and every place seeing both ends of any weak link (the closing one included)
// goes, outside the links' units.
//
//   box: . x .      row r of the box holds x's, column c too; conjugate pair p-q in a column:
//        x x x  p   p in row r, q below; the cell of column c in q's row loses the digit
//        . x .      (the grouped turbot fish: the box's row part and column part are one link)
template <int W>
class GroupedStrongLinks {
 public:
  static constexpr int kMaxLinks = 4;

  // Finds the grouped chains of 2 to `links` strong links (at most kMaxLinks), a digit at a time.
  // One search object serves every board of a grading (kept in the SearchContext's cache), so
  // its link and join lists keep their storage from call to call.
  GroupedStrongLinks(const Layout<W>& layout, bool explain, bool branches)
      : layout_(layout), explain_(explain), branches_(branches) {}

  // Appends the digit's chains on `board` to `out`. They depend on nothing but the layout, the
  // depth, the explain flag and board.cells_of(digit): every link, end, join and elimination is
  // drawn from the digit's places alone.
  void run(const Board<W>& board, int links, int digit, std::vector<Step>& out) {
    board_ = &board;
    links_ = std::min(links, kMaxLinks);
    if (layout_.rows.empty() || layout_.columns.empty() || links_ < 2) return;
    digit_ = digit;
    out_ = &out;
    collect_links();
    if (!any_grouped_) return;
    make_ends();
    join_ends();
    // Each chain once: its first link numbered below its last (a loop comes once per rotation,
    // with the same eliminations).
    for (std::size_t first = 0; first < found_.size(); ++first)
      for (int side = 0; side < 2; ++side) {
        chain_[0] = {first, side, -1};
        extend(1, found_[first].places, found_[first].grouped);
      }
  }

 private:
  // One end of a link: its cells, the places of the digit seeing all of them outside the link's
  // unit (where eliminations may be), and the columns, rows and boxes holding all of them (in that
  // order: SE's order for the joining unit).
  struct End {
    CellSet<W> cells;
    CellSet<W> seen;
    std::array<int, 3> units{};
    int unit_count = 0;
  };
  struct Link {
    int unit = 0;
    std::array<End, 2> ends;
    CellSet<W> places;  // every place of the digit in the unit
    bool grouped = false;
  };
  struct Taken {
    std::size_t link = 0;
    int entry = 0;   // the end the chain enters by (the other one it leaves by)
    int joint = -1;  // the unit joining it to the link before
  };

  const End& end_of(std::size_t link, int side) const {
    return found_[link].ends[static_cast<std::size_t>(side)];
  }
  int end_id(std::size_t link, int side) const { return static_cast<int>(2 * link) + side; }

  int box_of(int cell) const {
    for (int unit : layout_.units_of(cell))
      if (layout_.unit_kind[static_cast<std::size_t>(unit)] == UnitKind::box) return unit;
    return -1;
  }
  int row_unit(int cell) const {
    return layout_.rows[static_cast<std::size_t>(layout_.row_position[static_cast<std::size_t>(cell)])];
  }
  int column_unit(int cell) const {
    return layout_.columns[static_cast<std::size_t>(layout_.column_position[static_cast<std::size_t>(cell)])];
  }
  const CellSet<W>& cells_of_unit(int unit) const {
    return layout_.unit_cells[static_cast<std::size_t>(unit)];
  }

  // The first unit of a's list that holds b too (SE: column, row, then box), or -1.
  static int joint_unit(const End& a, const End& b) {
    for (int i = 0; i < a.unit_count; ++i)
      for (int j = 0; j < b.unit_count; ++j)
        if (a.units[static_cast<std::size_t>(i)] == b.units[static_cast<std::size_t>(j)])
          return a.units[static_cast<std::size_t>(i)];
    return -1;
  }

  End make_end(int link_unit, const CellSet<W>& cells) const {
    End end;
    end.cells = cells;
    end.seen = board_->cells_of(digit_) - cells_of_unit(link_unit);
    cells.for_each([&](int cell) { end.seen &= layout_.peers[static_cast<std::size_t>(cell)]; });
    const int first = cells.first();
    const int box = box_of(first);
    for (const int unit : {column_unit(first), row_unit(first), box})
      if (unit >= 0 && cells.subset_of(cells_of_unit(unit)))
        end.units[static_cast<std::size_t>(end.unit_count++)] = unit;
    return end;
  }

  // Links are listed with their ends' cells first; the rest of the ends (make_ends) is worked out
  // only for digits with a grouped link.
  void add(int unit, const CellSet<W>& places, const CellSet<W>& a, const CellSet<W>& b, bool grouped) {
    Link link;
    link.unit = unit;
    link.ends[0].cells = a;
    link.ends[1].cells = b;
    link.places = places;
    link.grouped = grouped;
    found_.push_back(link);
    any_grouped_ = any_grouped_ || grouped;
  }

  void make_ends() {
    for (Link& link : found_)
      for (End& end : link.ends) end = make_end(link.unit, end.cells);
  }

  void collect_links() {
    found_.clear();
    any_grouped_ = false;
    const CellSet<W>& digit_places = board_->cells_of(digit_);
    for (std::size_t u = 0; u < layout_.unit_cells.size(); ++u) {
      const int unit = static_cast<int>(u);
      if (layout_.unit_kind[u] == UnitKind::other) continue;
      const CellSet<W> places = digit_places & layout_.unit_cells[u];
      const int count = places.count_upto(7);
      if (count < 2 || count > 6) continue;
      const bool box = layout_.unit_kind[u] == UnitKind::box;
      if (count == 2) {
        const int a = places.first();
        const int b = (places - StrongLinks<W>::single(a)).first();
        if (box && (cells_of_unit(row_unit(a)).test(b) || cells_of_unit(column_unit(a)).test(b))) continue;
        add(unit, places, StrongLinks<W>::single(a), StrongLinks<W>::single(b), false);
      } else if (!box) {
        const int first_box = box_of(places.first());
        if (first_box < 0) continue;
        const CellSet<W> a = places & cells_of_unit(first_box);
        const CellSet<W> b = places - a;
        // All places in one box: no link of two groups (and b.first() would name no cell). The
        // ladder's intersections usually clear this first, but not on every board (Killer ladders).
        if (b.none()) continue;
        const int second_box = box_of(b.first());
        if (second_box >= 0 && b.subset_of(cells_of_unit(second_box))) add(unit, places, a, b, true);
      } else {
        for (int heart : layout_.unit_members[u]) {
          const CellSet<W>& row = cells_of_unit(row_unit(heart));
          const CellSet<W>& column = cells_of_unit(column_unit(heart));
          if ((places - row - column).any()) continue;
          const CellSet<W> centre = StrongLinks<W>::single(heart);
          const CellSet<W> along_row = (places & row) - centre;
          const CellSet<W> along_column = (places & column) - centre;
          if (along_row.none() || along_column.none()) continue;
          if (!places.test(heart)) {
            add(unit, places, along_row, along_column, true);
          } else {
            add(unit, places, along_row | centre, along_column, true);
            add(unit, places, along_row, along_column | centre, true);
          }
        }
      }
    }
  }

  // The weak links: between ends of links with other places sharing a unit, through the first
  // such unit (in SE's order, the same from either end). Each pair is met once, from its lower
  // end, through the units that end lies in; a stamp per end skips a pair met in an earlier unit.
  void join_ends() {
    // (Cleared rather than reassigned: the inner vectors keep their storage from digit to digit.)
    const std::size_t ends = 2 * found_.size();
    if (next_.size() < ends) next_.resize(ends);
    for (auto& list : next_) list.clear();
    by_unit_.resize(layout_.unit_cells.size());
    for (auto& list : by_unit_) list.clear();
    met_.assign(ends, -1);
    for (std::size_t i = 0; i < found_.size(); ++i)
      for (int side = 0; side < 2; ++side) {
        const End& end = end_of(i, side);
        for (int k = 0; k < end.unit_count; ++k)
          by_unit_[static_cast<std::size_t>(end.units[static_cast<std::size_t>(k)])].push_back(
              end_id(i, side));
      }
    for (std::size_t i = 0; i < found_.size(); ++i)
      for (int from = 0; from < 2; ++from) {
        const End& end = end_of(i, from);
        const int id = end_id(i, from);
        for (int k = 0; k < end.unit_count; ++k) {
          const int unit = end.units[static_cast<std::size_t>(k)];
          for (const int other : by_unit_[static_cast<std::size_t>(unit)]) {
            const auto j = static_cast<std::size_t>(other / 2);
            if (j <= i || met_[static_cast<std::size_t>(other)] == id) continue;
            met_[static_cast<std::size_t>(other)] = id;
            if (found_[i].places.intersects(found_[j].places)) continue;
            next_[static_cast<std::size_t>(id)].push_back({j, other % 2, unit});
            next_[static_cast<std::size_t>(other)].push_back({i, from, unit});
          }
        }
      }
  }

  void extend(int depth, const CellSet<W>& used, bool grouped) {
    const Taken& last = chain_[static_cast<std::size_t>(depth - 1)];
    for (const Taken& next : next_[static_cast<std::size_t>(end_id(last.link, 1 - last.entry))]) {
      const Link& link = found_[next.link];
      if (link.places.intersects(used)) continue;
      chain_[static_cast<std::size_t>(depth)] = next;
      if ((grouped || link.grouped) && next.link > chain_[0].link) {
        const End& start = end_of(chain_[0].link, chain_[0].entry);
        const End& end = link.ends[static_cast<std::size_t>(1 - next.entry)];
        // A chain eliminates only what sees both free ends, a loop along its weak links.
        const bool loop = joint_unit(start, end) >= 0;
        if (loop || start.seen.intersects(end.seen)) report(depth + 1, loop);
      }
      if (depth + 1 < links_ && depth + 1 < kMaxLinks)
        extend(depth + 1, used | link.places, grouped || link.grouped);
    }
  }

  void report(int links, bool loop) {
    const Taken& head = chain_[0];
    const Taken& tail = chain_[static_cast<std::size_t>(links - 1)];
    const End& start = end_of(head.link, head.entry);
    const End& end = end_of(tail.link, 1 - tail.entry);
    CellSet<W> victims = start.seen & end.seen;
    if (loop) {
      for (int i = 1; i < links; ++i) {
        const Taken& before = chain_[static_cast<std::size_t>(i - 1)];
        const Taken& here = chain_[static_cast<std::size_t>(i)];
        victims |= end_of(before.link, 1 - before.entry).seen & end_of(here.link, here.entry).seen;
      }
    } else {
      for (int i = 1; i < links; ++i) victims -= cells_of_unit(chain_[static_cast<std::size_t>(i)].joint);
    }
    for (int i = 0; i < links; ++i)
      victims -= cells_of_unit(found_[chain_[static_cast<std::size_t>(i)].link].unit);
    if (victims.none()) return;
    const auto count = static_cast<std::size_t>(links);
    Step step = make_step(kStrongLinkTechnique[count], kStrongLinkBase[count] + 0.3);
    victims.for_each([&](int cell) { step.eliminations.push_back({cell, digit_}); });
    if (explain_) {
      step.detail = "grouped " + std::to_string(links) + " strong links" + (loop ? " (loop)" : "") + " on " +
                    digit_text(digit_) + ":";
      for (int i = 0; i < links; ++i) {
        const Taken& taken = chain_[static_cast<std::size_t>(i)];
        step.detail += std::string(i == 0 ? " " : " = ") +
                       cells_text(layout_, end_of(taken.link, taken.entry).cells) + "-" +
                       cells_text(layout_, end_of(taken.link, 1 - taken.entry).cells) + " (" +
                       layout_.unit_name(found_[taken.link].unit) + ")";
      }
      if (branches_) {
        step.evidence.branches.push_back(chain_branch(links, loop));
        add_branch_cells(step.evidence);
      }
    }
    out_->push_back(std::move(step));
  }

  // The chain as evidence: one branch from the first link's free end off, through each link's
  // ends (off, then on: the strong link; on, then the next link's entry off: the weak link) to the
  // last link's free end on; a loop comes back to the first end off.
  EvidenceBranch chain_branch(int links, bool loop) const {
    EvidenceBranch branch;
    const auto add = [&](const CellSet<W>& cells, bool on) {
      EvidenceNode node;
      add_cells_to(node.cells, cells);
      node.value = digit_ + 1;
      node.on = on;
      if (!branch.nodes.empty()) node.parents.push_back(static_cast<int>(branch.nodes.size()) - 1);
      branch.nodes.push_back(std::move(node));
    };
    for (int i = 0; i < links; ++i) {
      const Taken& taken = chain_[static_cast<std::size_t>(i)];
      add(end_of(taken.link, taken.entry).cells, false);
      add(end_of(taken.link, 1 - taken.entry).cells, true);
    }
    if (loop) add(end_of(chain_[0].link, chain_[0].entry).cells, false);
    branch.ends.push_back(static_cast<int>(branch.nodes.size()) - 1);
    return branch;
  }
  static void add_cells_to(std::vector<int>& out, const CellSet<W>& cells) {
    cells.for_each([&](int cell) { out.push_back(cell); });
  }

  const Layout<W>& layout_;
  const bool explain_;
  const bool branches_;  // SearchContext::branch_evidence
  const Board<W>* board_ = nullptr;
  int links_ = 0;
  std::vector<Step>* out_ = nullptr;
  int digit_ = 0;
  std::vector<Link> found_;
  bool any_grouped_ = false;
  std::vector<std::vector<Taken>> next_;   // per end (2 * link + side): the weak links leaving it
  std::vector<std::vector<int>> by_unit_;  // per unit: the ends it holds
  std::vector<int> met_;                   // per end: the last end that met it (join_ends)
  std::array<Taken, kMaxLinks> chain_{};
};

// The grouped search's results per digit (SearchContext::grouped_strong_links_by_digit), with
// the key that proves them current: the digit's places when they were searched and the depth.
// A step usually changes only some digits' places: the others are reused on the next board. The
// steps stay here, read in digit order (as one search over all digits would list them), rather
// than being copied into one list per board.
template <int W>
struct GroupedByDigit {
  struct Entry {
    DigitSearchKey<W> key;
    std::vector<Step> steps;
  };
  GroupedByDigit(const Layout<W>& for_layout, bool for_explain, bool for_branches)
      : layout(&for_layout),
        explain(for_explain),
        branches(for_branches),
        search(for_layout, for_explain, for_branches) {}
  const Layout<W>* layout = nullptr;
  bool explain = false;
  bool branches = false;
  std::vector<Entry> digits;
  GroupedStrongLinks<W> search;
};

// The grouped chains of up to `depth` links on this board, searching only digits whose places (or
// the depth) differ from their cached search.
template <int W>
GroupedByDigit<W>& find_grouped_strong_links(const Layout<W>& layout, const Board<W>& board,
                                             SearchContext& context, int depth) {
  auto* cache = static_cast<GroupedByDigit<W>*>(context.grouped_strong_links_by_digit.get());
  // A context grades one puzzle of one layout (grader.cpp), but check rather than assume.
  if (cache == nullptr || cache->layout != &layout || cache->explain != context.explain ||
      cache->branches != context.branch_evidence) {
    auto fresh = std::make_shared<GroupedByDigit<W>>(layout, context.explain, context.branch_evidence);
    fresh->digits.resize(static_cast<std::size_t>(layout.size));
    cache = fresh.get();
    context.grouped_strong_links_by_digit = std::move(fresh);
  }
  for (int digit = 0; digit < layout.size; ++digit) {
    auto& entry = cache->digits[static_cast<std::size_t>(digit)];
    if (!entry.key.current(depth, board.cells_of(digit))) {
      entry.steps.clear();
      cache->search.run(board, depth, digit, entry.steps);
      entry.key.note(depth, board.cells_of(digit));
    }
  }
  return *cache;
}

}  // namespace

template <int W>
void find_strong_link_chains(const Layout<W>& layout, const Board<W>& board, SearchContext& context,
                             int min_links, int max_links, std::vector<Step>& out) {
  // The stages for 2 and 3 links run one after the other on an unchanged board when the easier
  // one finds nothing: one search serves both (as deep as the deepest caller asked for).
  if (context.strong_links_version != context.board_version || context.strong_links_depth < max_links) {
    const int depth = std::max(max_links, 3);
    context.strong_links.clear();
    search_strong_link_chains(layout, board, context, depth, context.strong_links);
    context.strong_links_version = context.board_version;
    context.strong_links_depth = depth;
    context.grouped_strong_links_depth = 0;
  }
  // Grouped chains (base + 0.3) belong to the stage of their link count. Their search costs more:
  // it is left out while a plain chain of the stage scores below them and the grade is below them
  // too (they would not be applied, and the stage's find changes the board).
  const double grouped_score = kStrongLinkBase[static_cast<std::size_t>(min_links)] + 0.3 - kEpsilon;
  bool plain_first = context.good_enough < grouped_score;
  if (plain_first) {
    plain_first = false;
    for (const StrongLinkChain& chain : context.strong_links)
      plain_first = plain_first ||
                    (chain.links >= min_links && chain.links <= max_links && chain.score < grouped_score);
  }
  // The grouped steps of this board, digit by digit (none while the plain chains come first: the
  // cache then still holds an earlier board's).
  std::span<const typename GroupedByDigit<W>::Entry> grouped;
  if (!plain_first) {
    const int depth = context.grouped_strong_links_depth < max_links ? std::max(max_links, 3)
                                                                     : context.grouped_strong_links_depth;
    grouped = find_grouped_strong_links(layout, board, context, depth).digits;
    context.grouped_strong_links_depth = depth;
  }
  const auto in_stage = [&](const Step& step) {
    for (int links = min_links; links <= max_links; ++links)
      if (step.technique == kStrongLinkTechnique[static_cast<std::size_t>(links)]) return true;
    return false;
  };
  double best = kNoScore;
  for (const auto& entry : grouped)
    for (const Step& step : entry.steps)
      if (in_stage(step)) best = std::min(best, step.score);
  for (const StrongLinkChain& chain : context.strong_links)
    if (chain.links >= min_links && chain.links <= max_links) best = std::min(best, chain.score);
  const double bound = std::max(best, context.good_enough) + kEpsilon;
  for (const StrongLinkChain& chain : context.strong_links) {
    if (chain.links < min_links || chain.links > max_links || chain.score > bound) continue;
    Step step = make_step(kStrongLinkTechnique[static_cast<std::size_t>(chain.links)], chain.score);
    step.eliminations.push_back({chain.cell, chain.digit});
    if (context.explain) {
      step.detail = strong_link_name(chain.links, chain.kinds) + " on " + digit_text(chain.digit) +
                    ", both ends see " + layout.cell_text(chain.cell);
      // The chain itself, with as many strong links as its score counts (fewer only if a
      // shorter one is all there is).
      StrongLinkPath<W> path(layout, board, chain.cell, chain.digit);
      std::vector<int> cells = path.find(chain.links, true);
      for (int links = 2; cells.empty() && links < chain.links; ++links) cells = path.find(links, true);
      if (cells.empty()) cells = path.find(chain.links, false);
      add_strong_link_path(step.evidence, cells, chain.digit);
    }
    out.push_back(std::move(step));
  }
  for (const auto& entry : grouped)
    for (const Step& step : entry.steps)
      if (in_stage(step) && step.score <= bound) out.push_back(step);
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_strong_link_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, int, \
                                           std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
