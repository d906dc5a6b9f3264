#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs Simon Tatham's Solo (Debian sgt-puzzles) side by side with sudoku-press on the readers'
# levels and prints one table: for each of our press levels and Solo's nearest level, generation time
# per puzzle (wall and CPU, one thread) and our grader's verdict on the puzzles (technique grade without
# uniqueness techniques, as the press levels are defined: median, range, share inside our level's
# band and givens range, the most frequent hardest techniques). Then the full editor's audit
# (`corpus-rate --audit`) of each set. Run by hand, never in CI (under a minute with COUNT=20 on a
# quiet machine; wall times swing with the load, see docs/performance.md).
#
# Nearest levels (from the grades of Solo's puzzles, see docs/performance.md): Solo's basic is our
# easy, advanced our medium, extreme our hard, unreasonable our evil; Solo has nothing above
# unreasonable, so our extreme is set against it too. Solo's own ladder (trivial ... unreasonable)
# says which of its techniques a puzzle needs, so its levels are sharp at the bottom and broad at the
# top: "unreasonable" means "needs guessing in Solo's solver", which our grader mostly places in evil.
#
# Then the speed table (docs/performance.md): CPU ms per puzzle per level and variant, ours (also
# after start-up) against Solo's nearest level and qqwing, classic, X and Killer.
#
# Usage: tests/bench/compare-solo.sh [BUILD_DIR]   (COUNT=20 puzzles per level, KILLER_COUNT=5,
# EVIL_COUNT=2 evil Killers, SEED=1 for both tools)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
count=${COUNT:-20}
seed=${SEED:-1}

solo=$(command -v sgt-solo || echo /usr/games/sgt-solo)
if [ ! -x "$solo" ]; then
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sgt-puzzles >/dev/null
fi
for tool in generate-book corpus-rate; do
  [ -x "$build/bin/$tool" ] || { echo "compare-solo: build first ($build/bin/$tool missing)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Times from bash's `time` (wall, user, system seconds), written by per_puzzle as "wall cpu" ms per
# puzzle: on this shared machine the wall time moves with the load, the CPU time much less.
TIMEFORMAT='%R %U %S'
per_puzzle() { awk -v n="$count" '{ printf "%.1f %.1f", 1000 * $1 / n, 1000 * ($2 + $3) / n }' "$1"; }

# solo_to_grid: Solo's game IDs ("3x3:<desc>", a letter a-z for a run of 1-26 blanks, '_' between
# adjacent digits) to our 81-character lines, '.' for a blank.
solo_to_grid() {
  python3 -c 'import sys
for line in sys.stdin:
    desc = line.strip().split(":", 1)[1]
    grid, i = "", 0
    while i < len(desc):
        c = desc[i]
        if c.isdigit():
            j = i
            while j < len(desc) and desc[j].isdigit(): j += 1
            grid, i = grid + desc[i:j], j
            continue
        if "a" <= c <= "z": grid += "." * (ord(c) - ord("a") + 1)
        elif c != "_": sys.exit("compare-solo: unexpected %r in Solo game ID %s" % (c, line.strip()))
        i += 1
    if len(grid) != 81: sys.exit("compare-solo: Solo game ID %s is not a 9x9 grid" % line.strip())
    print(grid)'
}

# summary FILE LEVEL: median, range, share inside LEVEL's band and givens range, top hardest
# techniques, from corpus-rate's records (press calibration: band and givens of the level).
summary() {
  "$build/bin/corpus-rate" --jobs 1 --no-uniqueness "$1" 2>/dev/null | python3 -c 'import csv, json, statistics, sys
from collections import Counter
level = sys.argv[2]
bands = {l["name"]: l for l in json.load(open(sys.argv[1]))["levels"]}
rows = list(csv.DictReader(sys.stdin))
grades = [float(r["technique_grade"]) if r["technique_grade"] not in ("", "beyond") else 99.0 for r in rows]
lo, hi = bands[level]["band"]
glo, ghi = bands[level]["givens"]
inside = sum(lo <= g <= hi for g in grades)
givens = sum(glo <= int(r["givens"]) <= ghi for r in rows)
top = ", ".join("%s %d" % kv for kv in Counter(r["hardest_technique"] for r in rows).most_common(3))
fmt = lambda g: "beyond" if g == 99.0 else "%.1f" % g
print("%6s  %-9s  %5d%%  %5d%%  %s" % (fmt(statistics.median(grades)), fmt(min(grades)) + "-" + fmt(max(grades)),
      round(100 * inside / len(rows)), round(100 * givens / len(rows)), top))' examples/levels-press.json "$2"
}

# ours LEVEL: a one-chapter plan of $count puzzles, generate-book with one thread.
ours() {
  cat >"$work/plan-$1.json" <<EOF
{"title": "compare-solo", "author": "sudoku-press", "seed": $seed, "size": 9, "symmetry": "rotate180",
 "chapters": [{"title": "$1", "level": "$1", "count": $count}]}
EOF
  { time "$build/bin/generate-book" "$work/plan-$1.json" -o "$work/ours-$1" --jobs 1 >/dev/null 2>&1; } \
    2>"$work/time-ours-$1" || echo "compare-solo: generate-book failed on level $1" >&2
  cut -d' ' -f1 "$work/ours-$1/puzzles.txt" >"$work/ours-$1.txt"
  per_puzzle "$work/time-ours-$1"
}

# theirs X: $count puzzles from Solo at difficulty X (t, b, i, a, e, u), symmetry as ours (rotate180),
# from Solo's random seed "$seed" ("PARAMS#SEED"), so that reruns give the same puzzles.
theirs() {
  { time "$solo" --generate "$count" "3x3d$1#$seed" >"$work/solo-$1.ids"; } 2>"$work/time-solo-$1"
  solo_to_grid <"$work/solo-$1.ids" >"$work/solo-$1.txt"
  per_puzzle "$work/time-solo-$1"
}

declare -A solo_name=([t]=trivial [b]=basic [i]=intermediate [a]=advanced [e]=extreme [u]=unreasonable)
declare -A solo_ms=()  # "wall cpu", left unquoted below to fill two columns
echo "# $count puzzles per level, one thread, wall and CPU ms per puzzle; grades by our technique grader"
echo "# (no uniqueness techniques); band% / givens%: share inside OUR level's band and givens range"
printf "%-8s %-22s %8s %8s  %6s  %-9s  %6s  %6s  %s\n" "level" "tool (level)" "wall ms" "CPU ms" "median" "range" \
  "band%" "givens%" "hardest techniques (top 3)"
for pair in easy:b medium:a hard:e evil:u extreme:u; do
  level=${pair%%:*}
  x=${pair##*:}
  ms=$(ours "$level")
  printf "%-8s %-22s %8s %8s  %s\n" "$level" "sudoku-press ($level)" $ms "$(summary "$work/ours-$level.txt" "$level")"
  [ -n "${solo_ms[$x]:-}" ] || solo_ms[$x]=$(theirs "$x")
  printf "%-8s %-22s %8s %8s  %s\n" "" "Solo (${solo_name[$x]})" ${solo_ms[$x]} "$(summary "$work/solo-$x.txt" "$level")"
done
for pair in easy:t medium:i; do  # Solo's other levels, for the whole ladder
  level=${pair%%:*}
  x=${pair##*:}
  solo_ms[$x]=$(theirs "$x")
  printf "%-8s %-22s %8s %8s  %s\n" "($level)" "Solo (${solo_name[$x]})" ${solo_ms[$x]} \
    "$(summary "$work/solo-$x.txt" "$level")"
done

# The speed table of docs/performance.md, per level and variant, CPU only: ours (one thread, and per
# puzzle after start-up: a second run of one puzzle is taken off), Solo at its nearest level and
# qqwing for classic. Killer runs KILLER_COUNT puzzles (default 5): our Killer climb is the slowest.
killer_count=${KILLER_COUNT:-5}
# cpu_of TIMEFILE: user + system seconds as CPU ms.
cpu_of() { awk '{ printf "%.1f", 1000 * ($2 + $3) }' "$1"; }
# ours_cpu NAME N CHAPTER-JSON PLAN-EXTRA: CPU ms of generate-book on a one-chapter plan of N puzzles.
ours_cpu() {
  local plan="$work/speed-${1// /-}-$2"
  printf '{"title": "compare-solo", "author": "sudoku-press", "seed": %s, "size": 9, "symmetry": "rotate180"%s,\n "chapters": [{"title": "%s", "count": %s, %s}]}\n' \
    "$seed" "$4" "$1" "$2" "$3" >"$plan.json"
  { time "$build/bin/generate-book" "$plan.json" -o "$plan" --jobs 1 >/dev/null 2>&1; } 2>"$plan.time" ||
    echo "compare-solo: generate-book failed on $1" >&2
  cpu_of "$plan.time"
}
# speed_row WHAT N CHAPTER-JSON PLAN-EXTRA PEER-NAME PEER-COMMAND...: one row of the speed table.
speed_row() {
  local what=$1 n=$2 chapter=$3 extra=$4 peer=$5
  shift 5
  local all one peer_ms
  all=$(ours_cpu "$what" "$n" "$chapter" "$extra")
  one=$(ours_cpu "$what" 1 "$chapter" "$extra")
  { time "$@" >/dev/null 2>&1; } 2>"$work/time-peer"
  peer_ms=$(awk -v n="$n" '{ printf "%.1f", 1000 * ($2 + $3) / n }' "$work/time-peer")
  awk -v what="$what" -v n="$n" -v all="$all" -v one="$one" -v peer="$peer" -v pms="$peer_ms" 'BEGIN {
    ours = all / n; after = n > 1 ? (all - one) / (n - 1) : ours
    printf "%-15s %-30s %8.1f %8.1f %8.1f %9.1f\n", what, peer, ours, after, pms, ours / (pms > 0 ? pms : 0.05) }'
}
echo
echo "# speed: CPU ms per puzzle (user + system), one thread; 'after' takes a one-puzzle run off (start-up);"
echo "# $count puzzles a row ($killer_count for Killer); ours/peer compares whole-process CPU per puzzle"
printf "%-15s %-30s %8s %8s %8s %9s\n" "ours" "peer" "ours ms" "after" "peer ms" "ours/peer"
kcages=', "variant": "killer", "cages": {"smallest": 2, "largest": 5}'
speed_row "classic easy" "$count" '"level": "easy"' "" "Solo basic (3x3db)" "$solo" --generate "$count" "3x3db#$seed"
speed_row "classic medium" "$count" '"level": "medium"' "" "Solo advanced (3x3da)" "$solo" --generate "$count" "3x3da#$seed"
speed_row "classic hard" "$count" '"level": "hard"' "" "Solo extreme (3x3de)" "$solo" --generate "$count" "3x3de#$seed"
speed_row "classic evil" "$count" '"level": "evil"' "" "Solo unreasonable (3x3du)" "$solo" --generate "$count" "3x3du#$seed"
if command -v qqwing >/dev/null; then
  speed_row "classic evil" "$count" '"level": "evil"' "" "qqwing expert" qqwing --generate "$count" --difficulty expert --one-line
fi
speed_row "X medium" "$count" '"level": "medium", "variant": "x"' "" "Solo X advanced (3x3xda)" "$solo" --generate "$count" "3x3xda#$seed"
speed_row "Killer easy" "$killer_count" '"level": "easy"' "$kcages" "Solo Killer basic (3x3kdb)" "$solo" --generate "$killer_count" "3x3kdb#$seed"
speed_row "Killer medium" "$killer_count" '"level": "medium"' "$kcages" "Solo Killer advanced (3x3kda)" "$solo" --generate "$killer_count" "3x3kda#$seed"
# Evil Killer: seconds a puzzle on both sides, so EVIL_COUNT (default 2) puzzles.
evil_count=${EVIL_COUNT:-2}
speed_row "Killer evil" "$evil_count" '"level": "evil"' "$kcages" "Solo Killer extreme (3x3kde)" "$solo" --generate "$evil_count" "3x3kde#$seed"

echo
echo "# the editor's audit of each set (corpus-rate --audit: puzzles grouped by the level they grade at)"
for set in ours-easy ours-medium ours-hard ours-evil ours-extreme solo-t solo-b solo-i solo-a solo-e solo-u; do
  echo "## $set"
  "$build/bin/corpus-rate" --jobs 1 --no-uniqueness --audit "$work/$set.txt" 2>/dev/null | awk '$3 != "0"' || true
done
