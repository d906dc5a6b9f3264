// SPDX-License-Identifier: Apache-2.0
// The kernel table: which kernel counts which geometry, in the order count_solutions tries them.
#include "sudoku/solve/solver_kernels.hpp"

#include <array>
#include <stdexcept>

#include "generic_solver.hpp"
#include "killer_kernel.hpp"
#include "sat_counter.hpp"
#include "solver9_kernel.hpp"
#include "sudoku/model/cage_combinations.hpp"

namespace sudoku {
namespace {

// Standard geometries are interned singletons, so identity is one pointer comparison; with_boxes(3, 3)
// returns the same object.
bool is_standard9(const Geometry& geometry) {
  static const Geometry* const standard9 = Geometry::standard(9).get();
  return &geometry == standard9;
}

// Every board whose rules are units alone: these kernels know nothing of cage sums.
bool units_only(const Geometry& geometry) {
  return geometry.cages().empty();
}

// The kernels take their statistics as a pointer, null when not wanted; the table's two entry
// points per kernel are these adapters.
using Kernel = int (*)(const Geometry&, std::span<const std::uint8_t>, int, std::uint8_t*, SearchStats*);

// Boards with cages, up to the combination tables' size.
bool has_cages(const Geometry& geometry) {
  return !geometry.cages().empty() && geometry.size() <= kMaxCageTableSize;
}

template <Kernel kernel>
int count(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
          std::uint8_t* first_solution) {
  return kernel(geometry, cells, limit, first_solution, nullptr);
}

template <Kernel kernel>
int count_with_stats(const Geometry& geometry, std::span<const std::uint8_t> cells, int limit,
                     std::uint8_t* first_solution, SearchStats& stats) {
  return kernel(geometry, cells, limit, first_solution, &stats);
}

template <Kernel kernel>
constexpr SolverKernel entry(std::string_view name, bool (*applies_to)(const Geometry&)) {
  return {name, applies_to, count<kernel>, count_with_stats<kernel>};
}

constexpr std::array<SolverKernel, 5> kKernels{{
    entry<detail::count_solutions_standard9>("bitboard9", is_standard9),
    entry<detail::count_solutions_variant9>("variant9", detail::is_variant9),
    entry<detail::count_solutions_killer>("killer", has_cages),
    entry<detail::count_solutions_generic>("generic", units_only),
    entry<detail::count_solutions_sat>("sat", units_only),
}};

}  // namespace

std::span<const SolverKernel> solver_kernels() {
  return kKernels;
}

const SolverKernel& kernel_for(const Geometry& geometry) {
  for (const SolverKernel& kernel : kKernels)
    if (kernel.applies_to(geometry)) return kernel;
  throw std::invalid_argument("no solver kernel counts " + geometry.describe());
}

}  // namespace sudoku
