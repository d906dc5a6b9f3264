// SPDX-License-Identifier: Apache-2.0
// The canonical form of Killer puzzles: the smallest reading, over the eight symmetries of the
// square (turns and reflections; transposition only with square boxes), of the cages, their sums
// and the givens. The classic moves that swap bands, stacks or lines within them keep a Sudoku
// valid but cut cages in two, so they are not moves of a Killer puzzle.
//
// Values are not relabelled: the sums fix them. A transformed board is read row by row; each cell
// gives its cage's label (1, 2, ... in order of first appearance; 0 outside every cage), the sum
// when the label is new, then its given (0 for a blank). Two puzzles are transforms of each other
// exactly when their readings agree at the minimum, so the minimum is a key. A candidate is dropped
// at its first token above the best so far.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "sudoku/model/canonical.hpp"
#include "sudoku/model/killer_io.hpp"

namespace sudoku {
namespace {

using LineMap = std::array<std::uint8_t, kMaxSize>;

// The line maps that keep neighbouring lines neighbours: as they are, and reversed. Swapping bands
// or lines within a band would tear cages apart (a cage across rows 3 and 4 would not be
// connected any more), so a Killer board has only the eight symmetries of the square.
std::vector<LineMap> line_maps(int size) {
  LineMap straight{};
  LineMap reversed{};
  for (int i = 0; i < size; ++i) {
    straight[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    reversed[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(size - 1 - i);
  }
  return {straight, reversed};
}

// The source cell of image cell (r, c), as transform.hpp defines a transform: the source is
// transposed first, then image(r, c) = source(row_of[r], col_of[c]).
int source_cell(const Geometry& geometry, bool transpose, const LineMap& row_of, const LineMap& col_of, int r,
                int c) {
  const int a = row_of[static_cast<std::size_t>(r)];
  const int b = col_of[static_cast<std::size_t>(c)];
  return transpose ? geometry.cell_at(b, a) : geometry.cell_at(a, b);
}

}  // namespace

bool killer_canonical_form_is_exact(const Geometry& geometry) {
  return geometry.has_regular_boxes();
}

CanonicalForm killer_canonical_form(const Grid& puzzle) {
  const Geometry& geometry = puzzle.geometry();
  const int n = geometry.size();
  if (!killer_canonical_form_is_exact(geometry)) {
    // Jigsaw regions: no moves defined here, the puzzle as written.
    return CanonicalForm{puzzle, to_killer_line(puzzle), Transform::identity(geometry), false};
  }
  const std::vector<LineMap> rows = line_maps(n);
  const std::vector<LineMap> cols = line_maps(n);
  const bool square = geometry.box_rows() == geometry.box_cols();
  const auto& cages = geometry.cages();
  std::vector<int> best;
  std::vector<int> reading;
  Transform best_transform = Transform::identity(geometry);
  std::vector<int> label_of(cages.size(), 0);
  std::vector<int> stamp(cages.size(), -1);
  int pass = 0;
  for (int transpose = 0; transpose <= (square ? 1 : 0); ++transpose) {
    for (const LineMap& row_of : rows) {
      for (const LineMap& col_of : cols) {
        ++pass;
        int next_label = 0;
        std::size_t at = 0;
        bool below = best.empty();  // already smaller than the best: read on without comparing
        bool above = false;
        reading.clear();
        const auto token = [&](int value) {
          reading.push_back(value);
          if (!below) {
            if (value < best[at])
              below = true;
            else if (value > best[at])
              above = true;
          }
          ++at;
        };
        for (int r = 0; r < n && !above; ++r) {
          for (int c = 0; c < n && !above; ++c) {
            const int cell = source_cell(geometry, transpose != 0, row_of, col_of, r, c);
            const int cage = geometry.cage_of(cell);
            if (cage < 0) {
              token(0);
            } else if (stamp[static_cast<std::size_t>(cage)] != pass) {
              stamp[static_cast<std::size_t>(cage)] = pass;
              label_of[static_cast<std::size_t>(cage)] = ++next_label;
              token(next_label);
              if (!above) token(cages[static_cast<std::size_t>(cage)].sum);
            } else {
              token(label_of[static_cast<std::size_t>(cage)]);
            }
            if (!above) token(puzzle[cell]);
          }
        }
        if (above || !below) continue;  // larger, or equal to the best (a symmetry of the puzzle)
        best.swap(reading);
        best_transform.transpose = transpose != 0;
        best_transform.row_of = row_of;
        best_transform.col_of = col_of;
      }
    }
  }
  // The canonical board: cages and givens moved by the best transform, cages in label order.
  std::vector<Cage> moved(cages.size());
  Grid givens(Geometry::standard(n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell =
          source_cell(geometry, best_transform.transpose, best_transform.row_of, best_transform.col_of, r, c);
      const int image = geometry.cell_at(r, c);
      givens.set(image, puzzle[cell]);
      const int cage = geometry.cage_of(cell);
      if (cage < 0) continue;
      Cage& target = moved[static_cast<std::size_t>(cage)];
      target.sum = cages[static_cast<std::size_t>(cage)].sum;
      target.cells.push_back(image);
    }
  }
  std::sort(moved.begin(), moved.end(),
            [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  Grid canonical = on_geometry(givens, Geometry::killer(std::move(moved), Geometry::standard(n)));
  std::string key;
  if (canonical.geometry().cages().size() <= 52) {
    key = to_killer_line(canonical);
  } else {  // beyond the letters of the text form: the reading itself
    for (int value : best) key += std::to_string(value) + ",";
  }
  return CanonicalForm{std::move(canonical), std::move(key), best_transform, true};
}

}  // namespace sudoku
