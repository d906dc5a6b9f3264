// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <limits>

namespace sudoku {

Stopped::Stopped(Reason reason)
    : std::runtime_error(reason == Reason::cancelled ? "stopped: cancelled"
                         : reason == Reason::budget  ? "stopped: the step budget is spent"
                                                     : "stopped: the memory budget is spent"),
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
  // Nothing to stop for: no shared counter to bump on every guess of every worker.
  if (budget.max_steps == 0 && budget.cancel == nullptr && !budget.poll) return;
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

MemoryCharge::~MemoryCharge() {
  if (budget_ != nullptr) budget_->bytes.fetch_sub(held_, std::memory_order_relaxed);
}

void MemoryCharge::add(std::uint64_t bytes) {
  if (budget_ == nullptr) return;
  const std::uint64_t before = budget_->bytes.fetch_add(bytes, std::memory_order_relaxed);
  if (budget_->max_bytes != 0 && before + bytes > budget_->max_bytes) {
    budget_->bytes.fetch_sub(bytes, std::memory_order_relaxed);
    throw Stopped(Stopped::Reason::memory);
  }
  held_ += bytes;
}

std::uint64_t MemoryCharge::room() const {
  if (budget_ == nullptr || budget_->max_bytes == 0) return std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t now = budget_->bytes.load(std::memory_order_relaxed);
  return now >= budget_->max_bytes ? 0 : budget_->max_bytes - now;
}

std::uint64_t default_max_bytes() {
  constexpr std::uint64_t kCap = std::uint64_t{4} << 30;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return kCap;
  return std::min(kCap, static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 2);
}

bool budget_stopped() {
  const Budget* budget = detail::current_budget;
  if (budget == nullptr) return false;
  if (budget->cancel != nullptr && budget->cancel->load(std::memory_order_relaxed)) return true;
  return budget->max_steps != 0 && budget->steps.load(std::memory_order_relaxed) > budget->max_steps;
}

}  // namespace sudoku
