#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs tdoku's own benchmark harness side by side with sudoku-bench on the same files, in the same
# run, and prints one table: count to 2 (uniqueness check), one thread, puzzles/s and guesses per
# puzzle for both, and the ratios ours/tdoku. By hand only, never in CI (tdoku is a benchmark peer,
# not a dependency, and nothing of it is kept in this repository).
#
# Usage: tests/bench/compare-tdoku.sh RUN_BENCHMARK [BUILD_DIR] [CORPORA_DIR]
#   RUN_BENCHMARK  tdoku's run_benchmark program, built from a tdoku checkout as its README says
#                  (its default flags are -O3 -march=native)
#   BUILD_DIR      our build (default build); CORPORA_DIR default tests/data/corpora
# Environment: ROUNDS (default 3) interleaved rounds, the median of which is shown; SECONDS_EACH
# (default 5) measuring seconds per program, file and round; CORPORA (default the three below).
#
# Both sides count every puzzle of the file as given (tdoku: -r 0, no random permutation; -n the
# file's size, so its data set is the file itself; sudoku-bench counts whole passes only). Guesses
# are counted as tdoku counts them (sudoku/solver_kernels.hpp, SearchStats). Rates move with the
# machine's load: read the ratios, and rerun at load < 1 for figures worth quoting.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}
case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  "") echo "compare-tdoku: missing RUN_BENCHMARK (tdoku's run_benchmark program); see --help" >&2; exit 2 ;;
esac
tdoku=$1
build=${2:-build}
data=${3:-tests/data/corpora}
rounds=${ROUNDS:-3}
seconds=${SECONDS_EACH:-5}
corpora=${CORPORA:-"17-clue.txt top1465.txt forum-hardest-1106.txt"}
bench="$build/bin/sudoku-bench"
[ -x "$tdoku" ] || { echo "compare-tdoku: $tdoku: not an executable (tdoku's run_benchmark expected)" >&2; exit 2; }
[ -x "$bench" ] || { echo "compare-tdoku: $bench: missing (build first, or give BUILD_DIR)" >&2; exit 2; }
for corpus in $corpora; do
  [ -r "$data/$corpus" ] || { echo "compare-tdoku: $data/$corpus: no such corpus" >&2; exit 2; }
done
case "$rounds" in '' | *[!0-9]* | 0) echo "compare-tdoku: ROUNDS must be a positive integer" >&2; exit 2 ;; esac
case "$seconds" in '' | *[!0-9]* | 0) echo "compare-tdoku: SECONDS_EACH must be a positive integer" >&2; exit 2 ;; esac

# tdoku_run FILE: "puzzles/s guesses/puzzle" from run_benchmark's CSV line (compiler, version,
# flags, file, solver, puzzles/s, usec/puzzle, % no guess, guesses/puzzle).
tdoku_run() {
  local count
  count=$(grep -c '^[0-9.]' "$1")
  "$tdoku" -c 1 -r 0 -v 0 -w 1 -t "$seconds" -n "$count" -s tdoku "$1" |
    awk -F, -v file="$1" '$4 == file && $5 == "tdoku" { print $6, $9; found = 1 }
      END { if (!found) { print "compare-tdoku: no tdoku result line for " file > "/dev/stderr"; exit 1 } }'
}

# ours_run FILE: "puzzles/s guesses/puzzle", count to 2 through the 9x9 kernel (the count suite is
# the same kernel behind count_solutions' Grid wrapping; count-bitboard9 also reports guesses).
ours_run() {
  "$bench" --json --seconds "$seconds" count-bitboard9 -- "$1" |
    python3 -c 'import json, sys
r = json.load(sys.stdin)["results"][0]
print(r["per_second"], r["work_per_item"])'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf "| count to 2, one thread | tdoku | ours | ours/tdoku | tdoku guesses | ours guesses | ours/tdoku |\n"
printf "|---|---:|---:|---:|---:|---:|---:|\n"
for corpus in $corpora; do
  file="$data/$corpus"
  tdoku_rates=() ours_rates=() tdoku_guesses="" ours_guesses=""
  for ((round = 0; round < rounds; ++round)); do
    read -r rate guesses < <(tdoku_run "$file")
    tdoku_rates+=("$rate") tdoku_guesses=$guesses
    read -r rate guesses < <(ours_run "$file")
    ours_rates+=("$rate") ours_guesses=$guesses
  done
  t=$(printf "%s\n" "${tdoku_rates[@]}" | median)
  o=$(printf "%s\n" "${ours_rates[@]}" | median)
  awk -v name="${corpus%.txt}" -v t="$t" -v o="$o" -v tg="$tdoku_guesses" -v og="$ours_guesses" 'BEGIN {
    printf "| %s | %.0f/s | %.0f/s | %.2f | %.1f | %.1f | %.2f |\n", name, t, o, o / t, tg, og, (tg > 0 ? og / tg : 0)
  }'
done
