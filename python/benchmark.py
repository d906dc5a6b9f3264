#!/usr/bin/env python3
"""Grading through Python against corpus-rate -j 1 on the same puzzles (a benchmark, not a test).

    PYTHONPATH=build/python python3 python/benchmark.py [--count 1000] [--repeat 3] [--bin build/bin]
        [tests/data/corpora/se-rated.txt]

Times (wall and CPU, each the best of --repeat): corpus-rate -j 1 on the first --count puzzles (its records to /dev/null),
sudoku_press.rate(puzzles, jobs=1) (the same records as Python objects), and a loop of
sudoku_press.grade() (the technique grade alone) against corpus-rate's own technique time
(corpus-rate -j 1 --runs 1 is not the same work, so the loop is reported for information only).
docs/python.md has the numbers of a run."""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

import sudoku_press as sp


def cpu_seconds():
    """CPU time (user + system) of this process and its finished children, all threads."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best(repeat, action):
    """(wall seconds, CPU seconds), each the best of `repeat` runs. CPU time is what a shared,
    loaded machine measures reliably; wall time is what a user waits on an idle one."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), cpu_seconds()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds() - cpu)
    return min(walls), min(cpus)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default="tests/data/corpora/se-rated.txt")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bin", default="build/bin")
    args = parser.parse_args()

    with open(args.corpus) as corpus:
        lines = [l.split()[0] for l in corpus if l.strip() and not l.startswith("#")][: args.count]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as sample:
        sample.write("\n".join(lines) + "\n")
    corpus_rate = os.path.join(args.bin, "corpus-rate")

    def cli(*extra):
        subprocess.run([corpus_rate, "-j", "1", *extra, sample.name], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)

    try:
        rows = [
            ("corpus-rate -j 1", best(args.repeat, cli)),
            ("sudoku_press.rate(jobs=1)", best(args.repeat, lambda: sp.rate(lines, jobs=1))),
            ("corpus-rate -j 2", best(args.repeat, lambda: cli_jobs(corpus_rate, sample.name, 2))),
            ("sudoku_press.rate(jobs=2)", best(args.repeat, lambda: sp.rate(lines, jobs=2))),
            ("[sudoku_press.grade(p) ...]", best(args.repeat, lambda: [sp.grade(p) for p in lines])),
        ]
    finally:
        os.unlink(sample.name)
    print(f"{len(lines)} puzzles of {args.corpus}, best of {args.repeat}, sudoku_press {sp.__version__}")
    print(f"  {'':30s} {'wall':>8s} {'CPU':>8s}  {'puzzles/CPU s':>13s}")
    for name, (wall, cpu) in rows:
        print(f"  {name:30s} {wall:7.2f}s {cpu:7.2f}s  {len(lines) / cpu:13.0f}")
    print(f"  Python / corpus-rate, jobs 1: CPU {rows[1][1][1] / rows[0][1][1]:.3f}, "
          f"wall {rows[1][1][0] / rows[0][1][0]:.3f}")
    return 0


def cli_jobs(corpus_rate, path, jobs):
    subprocess.run([corpus_rate, "-j", str(jobs), path], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)


if __name__ == "__main__":
    sys.exit(main())
