// The combination tables: for each size, every subset of 1..size bucketed by (count, sum).
#include "sudoku/cage_combinations.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <optional>
#include <vector>

namespace sudoku {
namespace {

constexpr int kMaxSum = kMaxCageTableSize * (kMaxCageTableSize + 1) / 2;

// One size's subsets, sorted by (count, sum, mask): bucket (count, sum) is
// masks[start[count][sum] .. start[count][sum + 1]).
struct SizeTable {
  std::vector<CandidateMask> masks;
  std::vector<std::vector<std::size_t>> start;  // [count][sum], one entry past the largest sum
};

SizeTable build(int size) {
  SizeTable table;
  const int max_sum = size * (size + 1) / 2;
  std::vector<std::vector<std::vector<CandidateMask>>> buckets(
      static_cast<std::size_t>(size + 1),
      std::vector<std::vector<CandidateMask>>(static_cast<std::size_t>(max_sum + 1)));
  for (CandidateMask mask = 0; mask < (CandidateMask{1} << size); ++mask) {
    int sum = 0;
    for (int v = 1; v <= size; ++v)
      if ((mask >> (v - 1)) & 1u) sum += v;
    buckets[static_cast<std::size_t>(std::popcount(mask))][static_cast<std::size_t>(sum)].push_back(mask);
  }
  table.start.resize(static_cast<std::size_t>(size + 1));
  for (std::size_t count = 0; count < buckets.size(); ++count) {
    auto& starts = table.start[count];
    for (const auto& bucket : buckets[count]) {
      starts.push_back(table.masks.size());
      table.masks.insert(table.masks.end(), bucket.begin(), bucket.end());
    }
    starts.push_back(table.masks.size());
  }
  return table;
}

const std::array<SizeTable, kMaxCageTableSize + 1>& tables() {
  static const std::array<SizeTable, kMaxCageTableSize + 1> all = [] {
    std::array<SizeTable, kMaxCageTableSize + 1> built;
    for (int size = 1; size <= kMaxCageTableSize; ++size) built[static_cast<std::size_t>(size)] = build(size);
    return built;
  }();
  return all;
}

}  // namespace

std::span<const CandidateMask> cage_combinations(int size, int count, int sum) {
  if (size < 1 || size > kMaxCageTableSize || count < 0 || count > size || sum < 0 ||
      sum > size * (size + 1) / 2 || sum > kMaxSum)
    return {};
  const SizeTable& table = tables()[static_cast<std::size_t>(size)];
  const auto& starts = table.start[static_cast<std::size_t>(count)];
  const std::size_t first = starts[static_cast<std::size_t>(sum)];
  const std::size_t last = starts[static_cast<std::size_t>(sum) + 1];
  return {table.masks.data() + first, last - first};
}

CandidateMask cage_values(int size, int count, int sum, CandidateMask allowed) {
  CandidateMask values = 0;
  for (CandidateMask set : cage_combinations(size, count, sum))
    if ((set & ~allowed) == 0) values |= set;
  return values;
}

namespace {

// Assigns distinct values of `left` to cells i.. in every way their candidates allow, adding each
// complete assignment's values to `supported`; true when there is at least one.
bool assign_all(std::span<const CandidateMask> candidates, std::size_t i, CandidateMask left,
                std::array<CandidateMask, kMaxCageTableSize>& chosen, std::span<CandidateMask> supported) {
  if (i == candidates.size()) {
    for (std::size_t j = 0; j < candidates.size(); ++j) supported[j] |= chosen[j];
    return true;
  }
  bool any = false;
  for (CandidateMask options = left & candidates[i]; options != 0; options &= options - 1) {
    chosen[i] = options & (~options + 1);
    any = assign_all(candidates, i + 1, left & ~chosen[i], chosen, supported) || any;
  }
  return any;
}

}  // namespace

std::optional<CandidateMask> cage_support(int size, int sum, CandidateMask placed,
                                          std::span<const CandidateMask> candidates,
                                          std::span<CandidateMask> supported) {
  std::fill(supported.begin(), supported.end(), CandidateMask{0});
  if (candidates.empty()) return sum == 0 ? std::optional<CandidateMask>(0) : std::nullopt;
  CandidateMask allowed = 0;
  for (CandidateMask cell : candidates) allowed |= cell;
  allowed &= ~placed;
  const bool exact = static_cast<int>(candidates.size()) <= kExactCageBlanks;
  CandidateMask values = 0;
  CandidateMask required = ~CandidateMask{0};
  for (CandidateMask set : cage_combinations(size, static_cast<int>(candidates.size()), sum)) {
    if ((set & ~allowed) != 0) continue;
    bool fits = true;
    for (std::size_t i = 0; i < candidates.size() && fits; ++i) fits = (candidates[i] & set) != 0;
    if (fits && exact) {
      std::array<CandidateMask, kMaxCageTableSize> chosen{};
      fits = assign_all(candidates, 0, set, chosen, supported);
    }
    if (!fits) continue;
    values |= set;
    required &= set;
  }
  if (values == 0) return std::nullopt;
  if (!exact)
    for (std::size_t i = 0; i < candidates.size(); ++i) supported[i] = candidates[i] & values;
  return required;
}

}  // namespace sudoku
