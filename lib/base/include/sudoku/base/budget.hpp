// SPDX-License-Identifier: Apache-2.0
// Budgets and cancellation for the library's long calls: counting solutions, grading, generating.
//
// Why: a 25x25 grid with no givens, or a count with a limit of 10^9, runs for minutes and can grow
// memory without end; a caller (the Python module, a server) must be able to bound the call and to
// stop it at once (Ctrl-C), and the library never installs signal handlers itself.
//
// Contract: a caller installs a Budget on its thread with a BudgetScope. The library's long loops
// (each guess of a solution counter, each search of the technique grader, each climb of the
// generator) call charge_budget(), which costs one thread-local load when no budget is installed.
// charge_budget throws Stopped when the cancellation flag is set, when more than max_steps steps
// were charged, or when `poll` returns true. parallel_for and ordered_parallel carry the caller's
// budget to their worker threads (steps counted together); `poll` runs only on the thread that
// installed the scope, at most once every `poll_interval` (the clock is read every 16 steps: a step
// is a microsecond in a 9x9 count and a millisecond in a 25x25 grader branch), so it may take a lock
// such as Python's GIL.
// After Stopped the call's partial results are discarded; nothing the library keeps is left
// inconsistent (a budget stop is an exception like any other).
//
//   std::atomic<bool> stop{false};                       // set from another thread or a handler
//   sudoku::Budget budget{.cancel = &stop, .max_steps = 1'000'000};
//   sudoku::BudgetScope scope(&budget);
//   try { count_solutions(grid, 1000); } catch (const sudoku::Stopped& s) { /* s.reason() */ }
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <thread>

namespace sudoku {

struct Budget {
  const std::atomic<bool>* cancel = nullptr;  // stop as soon as it reads true
  std::uint64_t max_steps = 0;                // 0: no limit
  std::function<bool()> poll;                 // true: stop; runs on the installing thread only
  std::chrono::steady_clock::duration poll_interval = std::chrono::milliseconds(20);
  std::chrono::steady_clock::time_point last_poll{};
  std::atomic<std::uint64_t> steps{0};        // charged so far
  std::thread::id owner{};                    // set by BudgetScope
};

class Stopped : public std::runtime_error {
 public:
  enum class Reason { cancelled, budget };
  explicit Stopped(Reason reason);
  Reason reason() const { return reason_; }

 private:
  Reason reason_;
};

namespace detail {
inline thread_local Budget* current_budget = nullptr;
void charge(Budget& budget, std::uint64_t steps);
}  // namespace detail

// Installs `budget` (may be null: none) on the calling thread until destroyed; scopes nest.
class BudgetScope {
 public:
  explicit BudgetScope(Budget* budget, bool owner = true);
  ~BudgetScope();
  BudgetScope(const BudgetScope&) = delete;
  BudgetScope& operator=(const BudgetScope&) = delete;

 private:
  Budget* previous_;
};

inline Budget* current_budget() {
  return detail::current_budget;
}

// Charges `steps` to the calling thread's budget; throws Stopped (see above). Nothing without one.
inline void charge_budget(std::uint64_t steps = 1) {
  if (Budget* budget = detail::current_budget) detail::charge(*budget, steps);
}

// Whether the calling thread's budget is spent or cancelled, without throwing (for callbacks that
// must not throw, such as a SAT solver's terminator).
bool budget_stopped();

}  // namespace sudoku
