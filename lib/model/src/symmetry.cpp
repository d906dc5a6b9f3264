// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/symmetry.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace sudoku {

int symmetry_image(const Geometry& geometry, Symmetry symmetry, int cell) {
  const int n = geometry.size();
  const int r = geometry.row_of(cell);
  const int c = geometry.col_of(cell);
  switch (symmetry) {
    case Symmetry::none:
      return cell;
    case Symmetry::rotate180:
      return geometry.cell_at(n - 1 - r, n - 1 - c);
    case Symmetry::rotate90:
      return geometry.cell_at(c, n - 1 - r);
    case Symmetry::mirror:
      return geometry.cell_at(r, n - 1 - c);
    case Symmetry::diagonal:
      return geometry.cell_at(c, r);
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

std::vector<std::vector<int>> cell_orbits(const Geometry& geometry, Symmetry symmetry) {
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
  for (int cell = 0; cell < puzzle.cell_count(); ++cell)
    if ((puzzle[cell] != 0) != (puzzle[symmetry_image(puzzle.geometry(), symmetry, cell)] != 0)) return false;
  return true;
}

}  // namespace sudoku
