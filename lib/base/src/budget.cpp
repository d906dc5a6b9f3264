// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/budget.hpp"

namespace sudoku {

Stopped::Stopped(Reason reason)
    : std::runtime_error(reason == Reason::cancelled ? "stopped: cancelled" : "stopped: the step budget is spent"),
      reason_(reason) {}

BudgetScope::BudgetScope(Budget* budget, bool owner) : previous_(detail::current_budget) {
  if (budget != nullptr && owner) budget->owner = std::this_thread::get_id();
  detail::current_budget = budget;
}

BudgetScope::~BudgetScope() {
  detail::current_budget = previous_;
}

namespace detail {

void charge(Budget& budget, std::uint64_t steps) {
  const std::uint64_t before = budget.steps.fetch_add(steps, std::memory_order_relaxed);
  if (budget.cancel != nullptr && budget.cancel->load(std::memory_order_relaxed))
    throw Stopped(Stopped::Reason::cancelled);
  if (budget.max_steps != 0 && before + steps > budget.max_steps) throw Stopped(Stopped::Reason::budget);
  // The poll, on the installing thread only: the clock is read when this charge crossed a multiple
  // of 16 steps, and the poll runs when poll_interval has passed since the last one.
  if (budget.poll && (before + steps) / 16 != before / 16 && std::this_thread::get_id() == budget.owner) {
    const auto now = std::chrono::steady_clock::now();
    if (now - budget.last_poll < budget.poll_interval) return;
    budget.last_poll = now;
    if (budget.poll()) throw Stopped(Stopped::Reason::cancelled);
  }
}

}  // namespace detail

bool budget_stopped() {
  const Budget* budget = detail::current_budget;
  if (budget == nullptr) return false;
  if (budget->cancel != nullptr && budget->cancel->load(std::memory_order_relaxed)) return true;
  return budget->max_steps != 0 && budget->steps.load(std::memory_order_relaxed) > budget->max_steps;
}

}  // namespace sudoku
