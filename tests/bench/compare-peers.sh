#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs Debian's qqwing side by side with sudoku-press on the same inputs, in the same run, and prints
# the ratio ours/peer for each figure (higher is better for throughput, lower for time per puzzle).
#   solve throughput (first solution, one thread) on 17-clue, top1465 and forum-hardest-1106;
#   generation time per delivered puzzle per level (qqwing filters random puzzles by its level; we
#   climb to a calibrated target: simple~easy, easy~medium, intermediate~hard, expert~evil).
# Usage: tests/bench/compare-peers.sh [BUILD_DIR] [CORPORA_DIR]   (a few minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
data=${2:-tests/data/corpora}
generate_count=${GENERATE_COUNT:-20}

if ! command -v qqwing >/dev/null; then
  as_root=(); [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qqwing >/dev/null
fi
bench="$build/bin/sudoku-bench"
[ -x "$bench" ] || { echo "compare-peers: build first ($bench missing)" >&2; exit 2; }

now() { date +%s.%N; }
# json_field FIELD [LABEL]: FIELD of the (first, or LABEL's) result of a sudoku-bench --json report.
json_field() {
  python3 -c 'import json, sys
results = json.load(sys.stdin)["results"]
label = sys.argv[2] if len(sys.argv) > 2 else None
print(next(r[sys.argv[1]] for r in results if label is None or r["label"] == label))' "$@"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "# solve throughput, first solution, one thread (puzzles/s)"
printf "%-28s %12s %12s %10s\n" "corpus" "sudoku-press" "qqwing" "ours/qqwing"
for corpus in 17-clue.txt top1465.txt forum-hardest-1106.txt; do
  file="$data/$corpus"
  count=$(grep -c . "$file")
  # qqwing solves everything it reads; time one pass of the whole file.
  start=$(now)
  qqwing --solve --one-line <"$file" >/dev/null
  peer=$(awk -v n="$count" -v s="$start" -v e="$(now)" 'BEGIN { printf "%.0f", n / (e - s) }')
  ours=$("$bench" --json --seconds 3 solve -- "$file" | json_field per_second)
  printf "%-28s %12.0f %12.0f %10s\n" "$corpus" "$ours" "$peer" "$(ratio "$ours" "$peer")"
done

echo
echo "# generation, ms per delivered puzzle (qqwing: wall time of --generate $generate_count / $generate_count,"
echo "# since it filters random puzzles by level and its --timer counts only the accepted one)"
printf "%-14s %-8s %14s %14s %12s %10s\n" "qqwing level" "ours" "ours mean ms" "ours median ms" "qqwing ms" "ours/qqwing"
ours_json=$("$bench" --json --seconds 5 generate -- default)
for pair in simple:easy easy:medium intermediate:hard expert:evil; do
  peer_level=${pair%%:*}
  our_level=${pair##*:}
  start=$(now)
  qqwing --generate "$generate_count" --difficulty "$peer_level" --one-line >/dev/null
  peer_ms=$(awk -v n="$generate_count" -v s="$start" -v e="$(now)" 'BEGIN { printf "%.2f", 1000 * (e - s) / n }')
  ours_mean=$(echo "$ours_json" | json_field mean_ms "$our_level")
  ours_median=$(echo "$ours_json" | json_field median_ms "$our_level")
  printf "%-14s %-8s %14.2f %14.2f %12.2f %10s\n" "$peer_level" "$our_level" "$ours_mean" "$ours_median" "$peer_ms" \
    "$(ratio "$ours_mean" "$peer_ms")"
done
