// Single-digit strong-link chains: Sukaku Explainer's skyscraper, two-string kite and turbot fish
// (two strong links) and their longer kin up to six strong links, each a stage of the ladder. One
// search per board serves them all (SearchContext::strong_links); each stage reports the chains of
// its link counts.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "technique/chain_tables.hpp"

namespace sudoku::technique {
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

// Sukaku Explainer's grouped turbot fish (4.3): an empty rectangle — a box whose places for the
// digit all lie in one row and one column through it, some in each outside their crossing — and a
// strong link in a line (exactly two places) with one end p in that row (or column) outside the
// box. If p holds the digit, the box's places are in its column, else the link's other end q
// does: the cell of that column in q's row (outside the box) sees both and loses the digit.
//
//   box: . x .      row r of the box holds x's, column c too; conjugate pair p-q in a column:
//        x x x  p   p in row r, q below; the cell of column c in q's row loses the digit
//        . x .
template <int W>
void find_empty_rectangles(const Layout<W>& layout, const Board<W>& board, std::vector<Step>& out,
                           bool explain) {
  if (layout.rows.empty() || layout.columns.empty()) return;
  struct Link {
    const CellSet<W>* line;
    int first;
    int second;
  };
  // The rows and columns through each box.
  std::vector<std::pair<std::vector<int>, std::vector<int>>> through_box(layout.unit_cells.size());
  for (std::size_t b = 0; b < layout.unit_cells.size(); ++b) {
    if (layout.unit_kind[b] != UnitKind::box) continue;
    auto& [rows_through, columns_through] = through_box[b];
    for (int cell : layout.unit_members[b]) {
      const int row = layout.row_position[static_cast<std::size_t>(cell)];
      const int column = layout.column_position[static_cast<std::size_t>(cell)];
      if (std::find(rows_through.begin(), rows_through.end(), row) == rows_through.end())
        rows_through.push_back(row);
      if (std::find(columns_through.begin(), columns_through.end(), column) == columns_through.end())
        columns_through.push_back(column);
    }
  }
  // Per family (columns, rows): the digit's strong links, found once per digit.
  std::array<std::vector<Link>, 2> links;
  for (int digit = 0; digit < layout.size; ++digit) {
    const CellSet<W>& places = board.cells_of(digit);
    for (const bool link_in_column : {true, false}) {
      std::vector<Link>& found = links[link_in_column ? 0 : 1];
      found.clear();
      for (int unit : link_in_column ? layout.columns : layout.rows) {
        const CellSet<W>& line = layout.unit_cells[static_cast<std::size_t>(unit)];
        const CellSet<W> pair = places & line;
        if (pair.count_upto(3) != 2) continue;
        const int first = pair.first();
        found.push_back({&line, first, (pair - StrongLinks<W>::single(first)).first()});
      }
    }
    if (links[0].empty() && links[1].empty()) continue;
    for (std::size_t b = 0; b < layout.unit_cells.size(); ++b) {
      if (layout.unit_kind[b] != UnitKind::box) continue;
      const CellSet<W>& box = layout.unit_cells[b];
      const CellSet<W> in_box = places & box;
      if (in_box.count_upto(2) < 2) continue;
      for (int row : through_box[b].first)
        for (int column : through_box[b].second) {
          const CellSet<W>& row_cells =
              layout.unit_cells[static_cast<std::size_t>(layout.rows[static_cast<std::size_t>(row)])];
          const CellSet<W>& column_cells =
              layout.unit_cells[static_cast<std::size_t>(layout.columns[static_cast<std::size_t>(column)])];
          if ((in_box - row_cells - column_cells).any() || ((in_box & row_cells) - column_cells).none() ||
              ((in_box & column_cells) - row_cells).none())
            continue;
          // The strong link in a column with an end in the rectangle's row, or in a row with an
          // end in its column; the loser lies in the other line of the rectangle, in q's line.
          for (const bool link_in_column : {true, false}) {
            const CellSet<W>& through = link_in_column ? row_cells : column_cells;
            for (const Link& link : links[link_in_column ? 0 : 1]) {
              if (link.line->intersects(box)) continue;
              for (const auto& [p, q] :
                   {std::pair{link.first, link.second}, std::pair{link.second, link.first}}) {
                if (!through.test(p)) continue;
                const int loser =
                    link_in_column
                        ? layout.crossing[static_cast<std::size_t>(
                                              layout.row_position[static_cast<std::size_t>(q)]) *
                                              layout.columns.size() +
                                          static_cast<std::size_t>(column)]
                        : layout.crossing[static_cast<std::size_t>(row) * layout.columns.size() +
                                          static_cast<std::size_t>(
                                              layout.column_position[static_cast<std::size_t>(q)])];
                if (loser < 0 || box.test(loser) || !places.test(loser)) continue;
                Step step = make_step(Technique::two_strong_links, 4.3);
                step.eliminations.push_back({loser, digit});
                if (explain)
                  step.detail = "turbot fish (empty rectangle) on " + digit_text(digit) + " in " +
                                layout.unit_name(static_cast<int>(b)) + ", strong link " +
                                layout.cell_text(p) + "-" + layout.cell_text(q) + ", both ends see " +
                                layout.cell_text(loser);
                out.push_back(std::move(step));
              }
            }
          }
        }
    }
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
  // Grouped two-link patterns (4.3) belong to the two-link stage.
  std::vector<Step> grouped;
  if (min_links == 2) find_empty_rectangles(layout, board, grouped, context.explain);
  double best = grouped.empty() ? kNoScore : 4.3;
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
  for (Step& step : grouped)
    if (step.score <= bound) out.push_back(std::move(step));
}

#define SUDOKU_TECHNIQUE_INSTANTIATE(W)                                                                 \
  template void find_strong_link_chains<W>(const Layout<W>&, const Board<W>&, SearchContext&, int, int, \
                                           std::vector<Step>&);
SUDOKU_TECHNIQUE_FOR_EACH_WIDTH(SUDOKU_TECHNIQUE_INSTANTIATE)
#undef SUDOKU_TECHNIQUE_INSTANTIATE

}  // namespace sudoku::technique
