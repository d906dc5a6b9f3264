#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Agreement of corpus-rate's technique grade with Sudoku Explainer's rating, per SE band.

Reads corpus-rate CSVs of a corpus whose label is SE's rating (se-rated.txt) and prints, per band,
the share graded exactly SE's number and within 0.2, one column per CSV:

    build/bin/corpus-rate --runs 1 -j2 -f csv -o se.csv tests/data/corpora/se-rated.txt
    build/bin/corpus-rate --runs 1 -j2 -f csv --invariant -o inv.csv tests/data/corpora/se-rated.txt
    python3 tests/bench/se-agreement.py se.csv inv.csv

A puzzle graded `beyond` counts as a miss.
"""
import csv
import sys

BANDS = [(2.5, 2.8), (3.0, 4.4), (4.5, 6.1), (6.2, 7.4), (7.5, 8.1), (8.2, 8.7), (8.8, 9.3)]


def agreement(path):
    rows = list(csv.DictReader(open(path, newline="")))
    cells = []

    def share(selected):
        exact = within = 0
        for row in selected:
            try:
                grade = float(row["technique_grade"])
            except ValueError:
                continue
            off = abs(grade - float(row["label"]))
            exact += off < 0.05
            within += off < 0.25
        n = max(len(selected), 1)
        return f"{100 * exact / n:.1f} / {100 * within / n:.1f}%", len(selected)

    for low, high in BANDS:
        cells.append(share([r for r in rows if low - 1e-9 <= float(r["label"]) <= high + 1e-9]))
    cells.append(share(rows))
    return cells


def main(paths):
    if not paths:
        sys.exit(__doc__)
    columns = [agreement(p) for p in paths]
    print("| SE band | puzzles | " + " | ".join(paths) + " |")
    print("|---|---:|" + "---:|" * len(paths))
    names = [f"{low}–{high}" for low, high in BANDS] + ["all"]
    for i, name in enumerate(names):
        print(f"| {name} | {columns[0][i][1]} | " + " | ".join(c[i][0] for c in columns) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
