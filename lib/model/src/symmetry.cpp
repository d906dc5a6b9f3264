// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/symmetry.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace sudoku {

int symmetry_image(const Geometry& geometry, Symmetry symmetry, int cell) {
  // Board coordinates: a single grid's n x n, or a gattai board's rows x cols (a quarter turn or a
  // diagonal reflection of a board that is not square is no cell).
  const int rows = geometry.board_rows();
  const int cols = geometry.board_cols();
  const int r = geometry.row_of(cell);
  const int c = geometry.col_of(cell);
  const auto at = [&](int row, int col) {
    return row < 0 || col < 0 || row >= rows || col >= cols ? -1 : geometry.cell_at(row, col);
  };
  switch (symmetry) {
    case Symmetry::none:
      return cell;
    case Symmetry::rotate180:
      return at(rows - 1 - r, cols - 1 - c);
    case Symmetry::rotate90:
      return rows == cols ? at(c, rows - 1 - r) : -1;
    case Symmetry::mirror:
      return at(r, cols - 1 - c);
    case Symmetry::diagonal:
      return rows == cols ? at(c, r) : -1;
  }
  return cell;
}

int symmetry_order(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none:
      return 1;
    case Symmetry::rotate90:
      return 4;
    default:
      return 2;
  }
}

std::string_view to_string(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none:
      return "none";
    case Symmetry::rotate180:
      return "rotate180";
    case Symmetry::rotate90:
      return "rotate90";
    case Symmetry::mirror:
      return "mirror";
    case Symmetry::diagonal:
      return "diagonal";
  }
  return "none";
}

Symmetry parse_symmetry(std::string_view name) {
  for (const auto symmetry :
       {Symmetry::none, Symmetry::rotate180, Symmetry::rotate90, Symmetry::mirror, Symmetry::diagonal})
    if (to_string(symmetry) == name) return symmetry;
  throw std::invalid_argument("unknown symmetry \"" + std::string(name) +
                              "\" (expected one of: " + std::string(kSymmetryNames) + ")");
}

bool symmetry_fits(const Geometry& geometry, Symmetry symmetry) {
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    if (symmetry_image(geometry, symmetry, cell) < 0) return false;
  return true;
}

std::vector<std::vector<int>> cell_orbits(const Geometry& geometry, Symmetry symmetry) {
  if (!symmetry_fits(geometry, symmetry))
    throw std::invalid_argument("the " + geometry.describe() + " board has no " + std::string(to_string(symmetry)) +
                                " symmetry");
  std::vector<std::vector<int>> orbits;
  std::vector<bool> seen(static_cast<std::size_t>(geometry.cell_count()), false);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (seen[static_cast<std::size_t>(cell)]) continue;
    std::vector<int> orbit;
    for (int member = cell; !seen[static_cast<std::size_t>(member)];
         member = symmetry_image(geometry, symmetry, member)) {
      seen[static_cast<std::size_t>(member)] = true;
      orbit.push_back(member);
    }
    std::sort(orbit.begin(), orbit.end());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool has_symmetry(const Grid& puzzle, Symmetry symmetry) {
  for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
    const int image = symmetry_image(puzzle.geometry(), symmetry, cell);
    if (image < 0 || (puzzle[cell] != 0) != (puzzle[image] != 0)) return false;
  }
  return true;
}

}  // namespace sudoku
