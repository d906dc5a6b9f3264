#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Grading through Python against corpus-rate -j 1 on the same puzzles (a benchmark, not a test).

    python3 python/benchmark.py [--count 1000] [--pairs 10] [--bin build/bin] [--module build/python]
        [tests/data/corpora/se-rated.txt]

Takes the first --count puzzles of the corpus and runs, --pairs times and interleaved (A B A B ...,
so a drift in the machine's speed hits both sides alike):
  A  python3 reading the puzzle file and calling sudoku_press.rate(puzzles, jobs=1) (the records as
     Python objects), in a process of its own;
  B  corpus-rate -j 1 on the same file (its csv records to /dev/null).
It reports each side's CPU time (user + system, the operating system's accounting of the finished
child: what a shared, loaded machine measures reliably) as median, min and max, and the ratio A/B
taken pair by pair: for the whole process (Python's start-up and the import included), and for the
rate() call alone (measured inside the child) against corpus-rate's whole process.
docs/python.md has the numbers of a run."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

# The child: the Python side of one pair. Prints the CPU seconds of the rate() call alone.
CHILD = """
import sys, time
import sudoku_press as sp
with open(sys.argv[1]) as f:
    puzzles = f.read().split()
start = time.process_time()
reports = sp.rate(puzzles, jobs=1)
spent = time.process_time() - start
assert len(reports) == len(puzzles)
print(spent)
"""


def run(command, env=None):
    """(CPU seconds of the finished child, its standard output)."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            sys.exit(f"benchmark: {command[0]} exited with {process.returncode}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, out.read().decode()


def spread(values):
    return f"{statistics.median(values):7.3f} {min(values):7.3f} {max(values):7.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default="tests/data/corpora/se-rated.txt")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--bin", default="build/bin", help="folder of corpus-rate")
    parser.add_argument("--module", default="build/python",
                        help="folder of the sudoku_press module ('' for the installed one)")
    args = parser.parse_args()

    with open(args.corpus) as corpus:
        lines = [l.split()[0] for l in corpus if l.strip() and not l.startswith("#")][: args.count]
    env = dict(os.environ)
    if args.module:
        env["PYTHONPATH"] = os.path.abspath(args.module)
    corpus_rate = os.path.join(args.bin, "corpus-rate")
    version = subprocess.run([sys.executable, "-c", "import sudoku_press; print(sudoku_press.__version__)"],
                             env=env, capture_output=True, text=True, check=True).stdout.strip()

    with tempfile.NamedTemporaryFile("w", suffix=".txt") as sample:
        sample.write("\n".join(lines) + "\n")
        sample.flush()
        python_side = [sys.executable, "-c", CHILD, sample.name]
        cli_side = [corpus_rate, "-j", "1", sample.name]
        run(python_side, env), run(cli_side)  # warm-up: file cache, page cache of the binaries
        python_cpu, call_cpu, cli_cpu = [], [], []
        for _ in range(args.pairs):
            cpu, out = run(python_side, env)
            python_cpu.append(cpu)
            call_cpu.append(float(out.strip()))
            cli_cpu.append(run(cli_side)[0])

    print(f"{len(lines)} puzzles of {args.corpus}, {args.pairs} interleaved pairs, sudoku_press {version}")
    print(f"  {'CPU seconds (user + system)':44s} {'median':>7s} {'min':>7s} {'max':>7s}")
    print(f"  {'A  python3: import, read, rate(jobs=1)':44s} {spread(python_cpu)}")
    print(f"  {'   of which the rate() call':44s} {spread(call_cpu)}")
    print(f"  {'B  corpus-rate -j 1':44s} {spread(cli_cpu)}")
    print(f"  {'A / B, pair by pair (whole processes)':44s} "
          f"{spread([a / b for a, b in zip(python_cpu, cli_cpu)])}")
    print(f"  {'rate() call / B, pair by pair':44s} {spread([a / b for a, b in zip(call_cpu, cli_cpu)])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
