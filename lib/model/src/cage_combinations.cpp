// SPDX-License-Identifier: Apache-2.0
// The combination tables: for each size, every subset of 1..size bucketed by (count, sum).
#include "sudoku/model/cage_combinations.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
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

// Exact support of one combination `set` of k <= 6 values for k cells, by dynamic programming over
// subsets of the set's values instead of enumerating every assignment. A subset of the k values is a
// k-bit index, so the family of subsets is one 64-bit word (bit A set <=> subset A is in it):
//
//   bit A of reach[i]:  cells 0..i-1 can take exactly the values of A
//   bit A of rest[i]:   cells i..k-1 can take exactly the values not in A
//
// reach[i+1] = OR over v in cell i of (reach[i] without v) shifted up by v's bit, rest[i] likewise
// from rest[i+1] downwards; cell i can take v in some full assignment iff some A in reach[i] lacks
// v and A + v is in rest[i+1]. About 3k^2 word operations per set, where the enumeration visited up
// to k! assignments. Adds the supported values to `supported`; false when no assignment exists.
constexpr std::array<std::uint64_t, 6> kLacks = {0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F,
                                                 0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF};

bool support_of_set(std::span<const CandidateMask> candidates, CandidateMask set,
                    std::span<CandidateMask> supported) {
  const std::size_t k = candidates.size();
  // Every blank can take every value of the set: any permutation is an assignment, nothing to compute.
  bool complete = true;
  for (std::size_t i = 0; i < k && complete; ++i) complete = (candidates[i] & set) == set;
  if (complete) {
    for (std::size_t i = 0; i < k; ++i) supported[i] |= set;
    return true;
  }
  std::array<CandidateMask, kExactCageBlanks> values{};  // the set's values, as bits
  std::array<unsigned, kExactCageBlanks> cell{};         // per cell, its candidates as k-bit indices
  std::size_t j = 0;
  for (CandidateMask rest = set; rest != 0; rest &= rest - 1, ++j) {
    values[j] = rest & (~rest + 1);
    for (std::size_t i = 0; i < k; ++i)
      if ((candidates[i] & values[j]) != 0) cell[i] |= 1u << j;
  }
  const unsigned full = (1u << k) - 1;
  std::array<std::uint64_t, kExactCageBlanks + 1> reach{};
  std::array<std::uint64_t, kExactCageBlanks + 1> rest{};
  reach[0] = 1;                        // the empty subset
  rest[k] = std::uint64_t{1} << full;  // every value taken
  for (std::size_t i = 0; i < k; ++i)
    for (unsigned options = cell[i]; options != 0; options &= options - 1) {
      const int v = std::countr_zero(options);
      reach[i + 1] |= (reach[i] & kLacks[static_cast<std::size_t>(v)]) << (1u << v);
    }
  if ((reach[k] >> full & 1u) == 0) return false;
  // Nothing to learn when every cell already has all its values of the set (an earlier set gave them).
  bool saturated = true;
  for (std::size_t i = 0; i < k && saturated; ++i) saturated = (candidates[i] & set & ~supported[i]) == 0;
  if (saturated) return true;
  for (std::size_t i = k; i-- > 0;)
    for (unsigned options = cell[i]; options != 0; options &= options - 1) {
      const int v = std::countr_zero(options);
      rest[i] |= (rest[i + 1] >> (1u << v)) & kLacks[static_cast<std::size_t>(v)];
    }
  for (std::size_t i = 0; i < k; ++i)
    for (unsigned options = cell[i]; options != 0; options &= options - 1) {
      const int v = std::countr_zero(options);
      if ((reach[i] & kLacks[static_cast<std::size_t>(v)] & (rest[i + 1] >> (1u << v))) != 0)
        supported[i] |= values[static_cast<std::size_t>(v)];
    }
  return true;
}

// Exact support of up to kEnumeratedBlanks blanks by enumerating assignments instead of scanning
// the combination table: the last two blanks form a pair whose support is a few mask operations,
// and the others (those with the fewest candidates) are tried value by value. A cage of three
// blanks is then one loop of at most `size` pairs, where the table scan ran the subset program on
// every fitting combination (several hundred operations each).
constexpr std::size_t kEnumeratedBlanks = 4;

// `mask` reflected about t/2: bit w-1 of the result is bit t-w-1 of `mask`, i.e. the values w whose
// partner t - w is in `mask` (for 3 <= t <= 31; values outside 1..16 drop out).
CandidateMask mirrored(CandidateMask mask, int t) {
  static constexpr std::array<std::uint8_t, 256> kReversed = [] {
    std::array<std::uint8_t, 256> reversed{};
    for (std::size_t b = 0; b < reversed.size(); ++b)
      for (int i = 0; i < 8; ++i)
        if ((b >> i) & 1u) reversed[b] |= static_cast<std::uint8_t>(0x80u >> i);
    return reversed;
  }();
  // Bit j (value j + 1) goes to bit 15 - j, then by t - 17 to bit t - j - 2 (value t - j - 1).
  const CandidateMask reversed =
      CandidateMask{kReversed[mask & 0xFFu]} << 8 | CandidateMask{kReversed[(mask >> 8) & 0xFFu]};
  return t >= 17 ? reversed << (t - 17) : reversed >> (17 - t);
}

struct PairSupport {
  CandidateMask first = 0, second = 0;  // the values each of the two blanks can take
};

// Two blanks with candidates a and b (of distinct values up to 16) adding up to t.
PairSupport pair_support(CandidateMask a, CandidateMask b, int t) {
  if (t < 3 || t > 31) return {};
  const CandidateMask twice = t % 2 == 0 ? CandidateMask{1} << (t / 2 - 1) : 0;  // t/2 + t/2 repeats
  return {a & mirrored(b, t) & ~twice, b & mirrored(a, t) & ~twice};
}

// The values every assignment of a pair uses: both values of its only pair, none when there are
// several (pairs of one sum share no value).
CandidateMask pair_required(const PairSupport& pair) {
  const CandidateMask values = pair.first | pair.second;
  const CandidateMask rest = values & (values - 1);
  return rest != 0 && (rest & (rest - 1)) == 0 ? values : 0;
}

// cage_support for 1..kEnumeratedBlanks blanks whose candidates hold only allowed values (of a
// board of at most 16).
std::optional<CandidateMask> enumerate_support(int sum, std::span<const CandidateMask> cells,
                                               std::span<CandidateMask> supported) {
  const std::size_t k = cells.size();
  if (k == 1) {
    const CandidateMask value = sum >= 1 && sum <= 16 ? cells[0] & (CandidateMask{1} << (sum - 1)) : 0;
    if (value == 0) return std::nullopt;
    supported[0] = value;
    return value;
  }
  // Blanks by candidate count: the k - 2 with the fewest are tried value by value, the last two pair.
  std::array<std::size_t, kEnumeratedBlanks> order{0, 1, 2, 3};
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), [&](std::size_t a, std::size_t b) {
    return candidate_count(cells[a]) < candidate_count(cells[b]);
  });
  const std::size_t x = order[k - 2];
  const std::size_t y = order[k - 1];
  CandidateMask required = ~CandidateMask{0};
  bool any = false;
  // Whether the pair completes the values `used`, the pair adding up to t; adds what it supports.
  const auto pair = [&](CandidateMask used, int t) {
    const PairSupport support = pair_support(cells[x] & ~used, cells[y] & ~used, t);
    if (support.first == 0) return false;
    supported[x] |= support.first;
    supported[y] |= support.second;
    required &= used | pair_required(support);
    any = true;
    return true;
  };
  if (k == 2) {
    pair(0, sum);
  } else {
    const std::size_t o = order[0];
    for (CandidateMask rest = cells[o]; rest != 0; rest &= rest - 1) {
      const CandidateMask a = rest & (~rest + 1);
      const int value_a = std::countr_zero(a) + 1;
      if (k == 3) {
        if (pair(a, sum - value_a)) supported[o] |= a;
        continue;
      }
      const std::size_t p = order[1];
      for (CandidateMask more = cells[p] & ~a; more != 0; more &= more - 1) {
        const CandidateMask b = more & (~more + 1);
        if (pair(a | b, sum - value_a - std::countr_zero(b) - 1)) {
          supported[o] |= a;
          supported[p] |= b;
        }
      }
    }
  }
  if (!any) return std::nullopt;
  return required;
}

// Exact support on boards of up to nine values, for any number of blanks up to kExactCageBlanks,
// by one dynamic program over the subsets of all nine values (512 bits in eight words) instead of
// one per fitting combination: bit A of reach[i] says the first i blanks can take exactly the values
// of A, bit A of rest[i] that blanks i.. complete A to a combination of the sum. Adding value v to
// every subset lacking it is a masked shift inside the words for values 1-6 and a move between
// words for 7-9: the same few word operations whatever the candidates, no data-dependent branches.
// Five blanks cost about 4,300 instructions a call where the program per combination took 6,300
// (callgrind on the cage_support calls of the sample's counts); up to four, enumeration is cheaper.
constexpr int kSubsetValues = 9;
using Subsets = std::array<std::uint64_t, 8>;

// Into `to`: every subset of `from` lacking value index v (0..8), with v added.
void add_value(const Subsets& from, int v, Subsets& to) {
  if (v < 6) {
    const std::uint64_t lacks = kLacks[static_cast<std::size_t>(v)];
    const unsigned shift = 1u << v;
    for (std::size_t w = 0; w < 8; ++w) to[w] |= (from[w] & lacks) << shift;
  } else {
    const std::size_t step = std::size_t{1} << (v - 6);  // words of the subsets holding v
    for (std::size_t w = 0; w + step < 8; ++w)
      if ((w & step) == 0) to[w + step] |= from[w];
  }
}

// Into `to`: every subset of `from` holding value index v, with v taken out.
void take_value(const Subsets& from, int v, Subsets& to) {
  if (v < 6) {
    const std::uint64_t lacks = kLacks[static_cast<std::size_t>(v)];
    const unsigned shift = 1u << v;
    for (std::size_t w = 0; w < 8; ++w) to[w] |= (from[w] >> shift) & lacks;
  } else {
    const std::size_t step = std::size_t{1} << (v - 6);
    for (std::size_t w = 0; w + step < 8; ++w)
      if ((w & step) == 0) to[w] |= from[w + step];
  }
}

// cage_support for up to kExactCageBlanks blanks whose candidates hold only allowed values of a
// board of up to nine.
std::optional<CandidateMask> subset_support(int size, int sum, std::span<const CandidateMask> cells,
                                            std::span<CandidateMask> supported) {
  const std::size_t k = cells.size();
  std::array<Subsets, kExactCageBlanks + 1> reach{};
  reach[0][0] = 1;  // the empty subset
  for (std::size_t i = 0; i < k; ++i)
    for (CandidateMask rest = cells[i]; rest != 0; rest &= rest - 1)
      add_value(reach[i], std::countr_zero(rest), reach[i + 1]);
  // The combinations of the sum all blanks can take, and the values all of them use.
  std::array<Subsets, kExactCageBlanks + 1> rest{};
  CandidateMask required = ~CandidateMask{0};
  bool any = false;
  for (CandidateMask set : cage_combinations(size, static_cast<int>(k), sum)) {
    if ((reach[k][set >> 6] >> (set & 63) & 1u) == 0) continue;
    rest[k][set >> 6] |= std::uint64_t{1} << (set & 63);
    required &= set;
    any = true;
  }
  if (!any) return std::nullopt;
  for (std::size_t i = k; i-- > 1;)
    for (CandidateMask options = cells[i]; options != 0; options &= options - 1)
      take_value(rest[i + 1], std::countr_zero(options), rest[i]);
  // Blank i takes v in some assignment: some subset its predecessors take, plus v, is completed.
  for (std::size_t i = 0; i < k; ++i)
    for (CandidateMask options = cells[i]; options != 0; options &= options - 1) {
      const int v = std::countr_zero(options);
      Subsets next{};
      add_value(reach[i], v, next);
      std::uint64_t meets = 0;
      for (std::size_t w = 0; w < 8; ++w) meets |= next[w] & rest[i + 1][w];
      if (meets != 0) supported[i] |= CandidateMask{1} << v;
    }
  return required;
}

}  // namespace

std::optional<CandidateMask> cage_support(int size, int sum, CandidateMask placed,
                                          std::span<const CandidateMask> candidates,
                                          std::span<CandidateMask> supported) {
  std::fill(supported.begin(), supported.end(), CandidateMask{0});
  if (candidates.empty()) return sum == 0 ? std::optional<CandidateMask>(0) : std::nullopt;
  const std::size_t k = candidates.size();
  // Few blanks: enumerated; up to kExactCageBlanks on boards of up to nine: one subset program.
  const bool enumerated = k <= kEnumeratedBlanks && size >= 1 && size <= kMaxCageTableSize;
  if (enumerated || (k <= kExactCageBlanks && size >= 1 && size <= kSubsetValues)) {
    const CandidateMask legal = ((CandidateMask{1} << size) - 1) & ~placed;
    std::array<CandidateMask, kExactCageBlanks> cells{};
    for (std::size_t i = 0; i < k; ++i) cells[i] = candidates[i] & legal;
    const std::span<const CandidateMask> blanks(cells.data(), k);
    return enumerated ? enumerate_support(sum, blanks, supported)
                      : subset_support(size, sum, blanks, supported);
  }
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
    if (fits && exact) fits = support_of_set(candidates, set, supported);
    if (!fits) continue;
    values |= set;
    required &= set;
    // Once every candidate is supported and no value is required, later sets change nothing: stop.
    if (exact && required == 0 && std::equal(candidates.begin(), candidates.end(), supported.begin())) break;
  }
  if (values == 0) return std::nullopt;
  if (!exact)
    for (std::size_t i = 0; i < candidates.size(); ++i) supported[i] = candidates[i] & values;
  return required;
}

}  // namespace sudoku
