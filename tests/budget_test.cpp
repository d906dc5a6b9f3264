// SPDX-License-Identifier: Apache-2.0
// Budgets and cancellation (sudoku/base/budget.hpp): the long calls of the library stop at a step
// limit or a cancellation flag, on the calling thread and on parallel workers.
#include "sudoku/base/budget.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "sudoku/base/parallel.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace sudoku {
namespace {

Stopped::Reason reason_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Stopped& stopped) {
    return stopped.reason();
  }
  ADD_FAILURE() << "did not stop";
  return Stopped::Reason::cancelled;
}

// Counting every solution of an empty 9x9 grid (6.7e21 of them) stops at the step limit.
TEST(Budget, AStepLimitStopsACountThatWouldNotEnd) {
  const Grid empty = parse_puzzle(std::string(81, '.'));
  Budget budget;
  budget.max_steps = 100000;
  const BudgetScope scope(&budget);
  EXPECT_EQ(reason_of([&] { count_solutions(empty, 1000000000); }), Stopped::Reason::budget);
  EXPECT_GT(budget.steps.load(), 100000U);
}

// Without a budget nothing changes; under a generous one the answer is the same.
TEST(Budget, AnAmpleBudgetChangesNoAnswer) {
  const Grid puzzle =
      parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const int unbounded = count_solutions(puzzle, 2).count;
  Budget budget;
  budget.max_steps = 1000000;
  const BudgetScope scope(&budget);
  EXPECT_EQ(count_solutions(puzzle, 2).count, unbounded);
  EXPECT_EQ(grade_techniques(puzzle).grade, [&] {
    const BudgetScope none(nullptr);
    return grade_techniques(puzzle).grade;
  }());
}

// A flag set from another thread stops a count of the empty 16x16 grid and a grading of the empty
// 25x25 grid (the generic and SAT kernels, and the grader's stages).
TEST(Budget, ACancellationFlagStopsCountingAndGrading) {
  for (const int size : {16, 25}) {
    const Grid empty = parse_puzzle(std::string(static_cast<std::size_t>(size * size), '.'));
    std::atomic<bool> stop{false};
    Budget budget;
    budget.cancel = &stop;
    const BudgetScope scope(&budget);
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      stop = true;
    });
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(reason_of([&] { count_solutions(empty, 1000000000); }), Stopped::Reason::cancelled) << size;
    stopper.join();
    stop = false;
    std::thread stopper2([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      stop = true;
    });
    EXPECT_EQ(reason_of([&] { grade_techniques(empty); }), Stopped::Reason::cancelled) << size;
    stopper2.join();
    // Not a speed goal: a bound far above the 0.4 s the two calls take, so a hang fails.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  }
}

// A memory budget bounds the grading of an empty 25x25 grid (a branch per candidate of its
// forcing-chain searches, 15 GB without one): it stops with Reason::memory, gives every byte back,
// and the process's peak stays near the budget. (ctest runs each test in its own process, so the
// peak is this test's.)
TEST(Budget, AMemoryBudgetBoundsTheGradingOfAnEmpty25x25Grid) {
  const Grid empty = parse_puzzle(std::string(625, '.'));
  constexpr std::uint64_t kLimit = std::uint64_t{48} << 20;
  Budget budget;
  budget.max_bytes = kLimit;
  {
    const BudgetScope scope(&budget);
    EXPECT_EQ(reason_of([&] { grade_techniques(empty); }), Stopped::Reason::memory);
  }
  EXPECT_EQ(budget.bytes.load(), 0U);
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_SELF, &usage), 0);
  EXPECT_LT(static_cast<std::uint64_t>(usage.ru_maxrss) * 1024, kLimit + (std::uint64_t{48} << 20));
  // The pool the stopped search kept is trimmed to a smaller budget's room before the next search.
  budget.max_bytes = kLimit / 4;
  const BudgetScope scope(&budget);
  EXPECT_EQ(reason_of([&] { grade_techniques(empty); }), Stopped::Reason::memory);
  // A small board fits a small budget: the same answer as without one.
  const Grid puzzle =
      parse_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  EXPECT_EQ(grade_techniques(puzzle).grade, [&] {
    const BudgetScope none(nullptr);
    return grade_techniques(puzzle).grade;
  }());
}

// parallel_for carries the caller's budget to its workers; the poll runs on the caller only.
TEST(Budget, ParallelWorkersShareTheCallersBudget) {
  Budget budget;
  budget.max_steps = 1000;
  std::atomic<int> polls_elsewhere{0};
  const auto caller = std::this_thread::get_id();
  budget.poll = [&] {
    if (std::this_thread::get_id() != caller) ++polls_elsewhere;
    return false;
  };
  budget.poll_interval = std::chrono::steady_clock::duration::zero();
  const BudgetScope scope(&budget);
  EXPECT_EQ(reason_of([&] {
              parallel_for(4, 4, [](std::size_t) {
                for (;;) charge_budget();
              });
            }),
            Stopped::Reason::budget);
  EXPECT_EQ(polls_elsewhere.load(), 0);
}

}  // namespace
}  // namespace sudoku
