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
  // The poll when this charge crossed a multiple of poll_every, on the installing thread only.
  if (budget.poll && budget.poll_every != 0 && (before + steps) / budget.poll_every != before / budget.poll_every &&
      std::this_thread::get_id() == budget.owner && budget.poll())
    throw Stopped(Stopped::Reason::cancelled);
}

}  // namespace detail

bool budget_stopped() {
  const Budget* budget = detail::current_budget;
  if (budget == nullptr) return false;
  if (budget->cancel != nullptr && budget->cancel->load(std::memory_order_relaxed)) return true;
  return budget->max_steps != 0 && budget->steps.load(std::memory_order_relaxed) > budget->max_steps;
}

}  // namespace sudoku
