// The kernel table: which kernel counts which geometry, in the order count_solutions tries them.
#include "sudoku/solver_kernels.hpp"

#include <array>

#include "solve/generic_solver.hpp"
#include "solve/sat_counter.hpp"
#include "solve/solver9_kernel.hpp"

namespace sudoku {
namespace {

// Standard geometries are interned singletons, so identity is one pointer comparison; with_boxes(3, 3)
// returns the same object.
bool is_standard9(const Geometry& geometry) {
  static const Geometry* const standard9 = Geometry::standard(9).get();
  return &geometry == standard9;
}

bool any_geometry(const Geometry& /*geometry*/) {
  return true;
}

constexpr std::array<SolverKernel, 3> kKernels{{
    {"bitboard9", is_standard9, detail::count_solutions_standard9},
    {"generic", any_geometry, detail::count_solutions_generic},
    {"sat", any_geometry, detail::count_solutions_sat},
}};

}  // namespace

std::span<const SolverKernel> solver_kernels() {
  return kKernels;
}

const SolverKernel& kernel_for(const Geometry& geometry) {
  // "generic" applies to every geometry, so the loop always returns.
  for (const SolverKernel& kernel : kKernels)
    if (kernel.applies_to(geometry)) return kernel;
  return kKernels[1];
}

}  // namespace sudoku
