// The combination tables: for each size, every subset of 1..size bucketed by (count, sum).
#include "sudoku/cage_combinations.hpp"

#include <array>
#include <bit>
#include <cstddef>
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

}  // namespace sudoku
