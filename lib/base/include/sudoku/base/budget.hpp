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
// such as Python's GIL. A budget with no step limit, flag or poll (a tool's: memory only) counts no
// steps, so its worker threads do not share a counter on every guess.
// Memory: the structures of a search that grow with the board (the forcing-chain searches' branch
// pools: about 1 MB a branch on a 25x25 board, thousands of them on a board with no givens) hold a
// MemoryCharge; it charges their bytes to the budget before they are allocated and gives them back
// when the search ends. The bytes held at once by every search on the budget's threads stay within
// max_bytes: past it, Stopped (Reason::memory) is thrown before the allocation, and a pool kept from
// an earlier call is trimmed to fit. (Not the process's whole memory: the board, the caller's own
// data and the small per-step vectors are not counted; the charged structures are the ones that grow
// without end.)
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
  std::uint64_t max_bytes = 0;                // 0: no limit (see MemoryCharge)
  std::function<bool()> poll;                 // true: stop; runs on the installing thread only
  std::chrono::steady_clock::duration poll_interval = std::chrono::milliseconds(20);
  std::chrono::steady_clock::time_point last_poll{};
  std::atomic<std::uint64_t> steps{0};        // charged so far (with a limit, flag or poll)
  std::atomic<std::uint64_t> bytes{0};        // held now by MemoryCharges
  std::thread::id owner{};                    // set by BudgetScope
};

class Stopped : public std::runtime_error {
 public:
  enum class Reason { cancelled, budget, memory };
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

// Bytes a growing structure holds, charged to the budget of the thread that made the charge until
// the charge is destroyed (a member of the search that owns the structure).
//   MemoryCharge memory;                                  // in the search's constructor
//   memory.add(sizeof(Branch) + keys * sizeof(Node));     // before allocating; may throw Stopped
//   pool.push_back(std::make_unique<Branch>(keys));
class MemoryCharge {
 public:
  MemoryCharge() : budget_(current_budget()) {}
  ~MemoryCharge();
  MemoryCharge(const MemoryCharge&) = delete;
  MemoryCharge& operator=(const MemoryCharge&) = delete;

  // Charges `bytes` more; throws Stopped (Reason::memory), charging nothing, when that would pass
  // the budget's max_bytes.
  void add(std::uint64_t bytes);
  // How many more bytes may be added now (the largest value of std::uint64_t without a limit).
  std::uint64_t room() const;

 private:
  Budget* budget_;
  std::uint64_t held_ = 0;
};

// A memory budget that keeps a call from taking the machine: 4 GiB, or half the physical memory
// when that is less. Rating the 25x25 grids of tests/data/corpora holds about 1.6 GB a thread; a
// 25x25 grid with no givens would take 15 GB. The tools and the Python module use it unless told
// otherwise.
std::uint64_t default_max_bytes();

// Whether the calling thread's budget is spent or cancelled, without throwing (for callbacks that
// must not throw, such as a SAT solver's terminator).
bool budget_stopped();

}  // namespace sudoku
