# SPDX-License-Identifier: Apache-2.0
"""Tests of the sudoku_press module against the library's promises and against the tools' own output
(corpus-rate run on the same puzzles): the module must say what the tools say.

Run from ctest (PYTHONPATH=build/python, SUDOKU_PRESS_BIN=build/bin) and by .ci/package against the
installed module and tools (SUDOKU_PRESS_BIN=/usr/bin). Needs nothing from the source tree."""
import csv
import io
import json
import os
import subprocess

import pytest

import sudoku_press as sp

BIN = os.environ.get("SUDOKU_PRESS_BIN", "/usr/bin")

# se-rated puzzles (tests/data/corpora/se-rated.txt) across the readers' levels: medium 2.5 and 3.2,
# hard 4.1 and 5.2, evil 4.5 (a unique rectangle, which the press levels leave out) and 6.7, extreme 7.7.
PUZZLES = [
    "9.......5....7.....539.621.7..3.4..1.6.....9..1..2..3.5..1.7..4...6.2.....9.8.1..",
    "..3..8....6.23..1...8...2.49...8..7..3.172.5..1..5...36.1...3...8..47.2....8..4..",
    "2.5..7..9.9...273..3......574.5.6...............9.1.428......9..714...2.5..2..3.8",
    ".19..8.4.3...6...7..4...3.22..9.6....9..7..3....4.2..98.5...9..9...1...5.2.8..67.",
    "..8.5.....3.8.1.5...9...2.1.8.1.6.7.6...7...2.4.2.5.6.8.5...6...7.3.4.2.....6.7..",
    "....4.......3.2...4..9.1..88.......11..5.6..2..7...3....8.2.4..7.1...6.52.5.7.8.9",
    "8..5....6.....4.....721.8...7..4.6.5..56.19..6.4.7..3...3.975.....3.....7....8..9",
]
# An easy puzzle with 32 givens.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NOT_OK = [
    "11...............................................................................",  # contradiction
    "1................................................................................",  # several solutions
    "12345",  # malformed
]


def tool(name, *args, input=None):
    return subprocess.run([os.path.join(BIN, name), *args], input=input, capture_output=True, text=True)


def cli_records(puzzles, *args):
    result = tool("corpus-rate", "-j", "1", *args, "-", input="\n".join(puzzles) + "\n")
    assert result.returncode in (0, 1), result.stderr
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_version_is_the_tools_version():
    out = tool("corpus-rate", "--version").stdout
    assert out == f"corpus-rate (sudoku-press) {sp.__version__}\n"


def test_parse_formats():
    line = EASY
    puzzle = sp.parse(line)
    assert puzzle.size == 9 and puzzle.givens == 32 and puzzle.variant == "classic"
    assert puzzle.line == line and str(puzzle) == line
    # The grid form with separators reads back to the same puzzle.
    assert sp.parse(puzzle.grid_text()) == puzzle
    assert sp.parse(puzzle.grid_text(separators=False)) == puzzle
    assert sp.Puzzle(line) == puzzle
    assert len(puzzle.cells) == 81 and puzzle.cells[2] == 3
    labelled = sp.parse(line + " from the paper")
    assert labelled.label == "from the paper"
    assert sp.parse("1.3..2.....4..1.", size=4).size == 4
    assert sp.parse(line, variant="x").variant == "x"
    assert [p.line for p in sp.parse_all("\n".join(PUZZLES[:3]))] == PUZZLES[:3]


def test_parse_errors_carry_the_tools_message():
    with pytest.raises(sp.InputError) as error:
        sp.parse("12345")
    assert isinstance(error.value, ValueError)
    assert str(error.value).startswith("puzzle:1:")
    with pytest.raises(sp.InputError) as from_grade:
        sp.grade("12345")  # a puzzle given as text is parsed the same way
    assert str(from_grade.value) == str(error.value)
    with pytest.raises(TypeError):
        sp.grade(12345)
    with pytest.raises(sp.InputError, match="expected one puzzle, got more"):
        sp.parse("\n".join(PUZZLES[:2]))


def test_killer_file_error_is_corpus_rates_message(tmp_path):
    path = tmp_path / "killer.txt"
    path.write_text("aab x=3\n")
    cli = tool("corpus-rate", "--variant", "killer", str(path))
    assert cli.returncode == 2
    with pytest.raises(sp.InputError) as error:
        sp.read_file(str(path), variant="killer")
    assert cli.stderr == f"corpus-rate: {error.value}\n"


def test_unreadable_file_and_bad_option_are_the_tools_messages(tmp_path):
    missing = str(tmp_path / "missing.txt")
    cli = tool("corpus-rate", missing)
    with pytest.raises(sp.IoError) as error:
        sp.read_file(missing)
    assert isinstance(error.value, OSError)
    assert cli.stderr == f"corpus-rate: {error.value}\n"
    cli = tool("corpus-rate", "--variant", "nonsense", missing)
    with pytest.raises(ValueError) as error:
        sp.parse(PUZZLES[0], variant="nonsense")
    assert cli.stderr == f"corpus-rate: {error.value} (see corpus-rate --help)\n"


def test_count_and_solve():
    assert sp.count_solutions(PUZZLES[0]) == 1
    assert sp.count_solutions(NOT_OK[0]) == 0
    assert sp.count_solutions(NOT_OK[1]) == 2
    assert sp.count_solutions(NOT_OK[1], limit=5) == 5
    solution = sp.solve(PUZZLES[0])
    assert solution.is_complete
    assert all(g == 0 or g == s for g, s in zip(sp.parse(PUZZLES[0]).cells, solution.cells))
    assert sp.solve(NOT_OK[1]) is None and sp.solve(NOT_OK[0]) is None


def test_canonical_form_is_corpus_rates_and_ignores_symmetry():
    puzzle = sp.parse(PUZZLES[2])
    # Transposed, and digits relabelled 1 <-> 2: the same puzzle up to symmetry.
    transposed = [puzzle.cells[c * 9 + r] for r in range(9) for c in range(9)]
    relabelled = "".join("." if v == 0 else str({1: 2, 2: 1}.get(v, v)) for v in transposed)
    assert sp.canonical(relabelled) == sp.canonical(puzzle)
    assert sp.canonical(PUZZLES[0]) != sp.canonical(PUZZLES[1])
    records = cli_records(PUZZLES, "--no-rating")
    assert [sp.canonical(p) for p in PUZZLES] == [r["canonical"] for r in records]
    assert sp.canonical_puzzle(puzzle).line == sp.canonical(puzzle)


def test_grade_level_and_call_count_are_corpus_rates():
    records = cli_records(PUZZLES)
    for puzzle, record in zip(PUZZLES, records):
        grade = sp.grade(puzzle)
        assert grade.outcome == "solved"
        assert f"{grade.grade:.1f}" == record["technique_grade"]
        assert grade.hardest_name == record["hardest_technique"]
        assert sp.level(puzzle) == record["level"]
        assert f"{sp.call_count(puzzle).value:.2f}" == record["call_count"]
    assert {r["level"] for r in records} == {"medium", "hard", "evil", "extreme"}  # the sample spans levels


def test_explain_path_is_corpus_rates():
    puzzle = PUZZLES[2]
    grade = sp.grade(puzzle, explain=True)
    cli = tool("corpus-rate", "-j", "1", "--explain", "-", input=puzzle + "\n").stdout
    lines = [l for l in cli.splitlines() if l and not l.startswith("#")]
    assert len(grade.steps) == grade.step_count == len(lines)
    for step, line in zip(grade.steps, lines):
        assert line == f"{step.score:.1f}  {step.text}"
        for row, col, value in step.placements + step.eliminations:
            assert 1 <= row <= 9 and 1 <= col <= 9 and 1 <= value <= 9
    assert max(s.score for s in grade.steps) == grade.grade
    assert grade.steps[-1].placements  # the path ends by placing the last digit
    assert sp.grade(puzzle).steps == []  # no path unless asked


def explained(puzzle):
    # The grader's path from Python and corpus-rate's JSON explanation of the same puzzle.
    grade = sp.grade(puzzle, explain=True)
    cli = tool("corpus-rate", "-j", "1", "--explain", "-f", "json", "-", input=puzzle + "\n").stdout
    steps = json.loads(cli)[0]["steps"]
    assert len(steps) == len(grade.steps)
    return grade, steps


def cell(name):
    # "r4c7" as (4, 7).
    row, col = name[1:].split("c")
    return (int(row), int(col))


def test_explain_evidence_is_corpus_rates_json():
    # Each step's evidence is the JSON explanation's, cells as (row, column) instead of "r4c7".
    grade, steps = explained(PUZZLES[2])

    def cand(c):
        return (*cell(c["cell"]), c["value"])

    with_evidence = 0
    for step, record in zip(grade.steps, steps):
        assert step.round == record["round"]
        if record["evidence"] is None:
            assert step.evidence is None
            continue
        with_evidence += 1
        e, r = step.evidence, record["evidence"]
        assert e.units == r["units"] and e.cover_units == r["cover_units"]
        assert e.cells == [cell(c) for c in r["cells"]]
        assert e.candidates == [cand(c) for c in r["candidates"]]
        assert e.links == [(cand(l["from"]), cand(l["to"]), l["strong"]) for l in r["links"]]
        assert e.cages == []  # a classic puzzle
    assert with_evidence > 0
    placed = grade.steps[0].placements[0]
    assert placed in grade.steps[0].evidence.candidates  # a single's evidence holds its placement


# top95's 11th puzzle: grouped strong-link chains and cell/region forcing chains.
FORCING = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


def test_chain_branches_are_corpus_rates_json():
    # Grouped chains and forcing chains carry their branches: nodes on (row, column) cells, their
    # parents, the ends; the same as the JSON explanation's, and every parent before its node.
    grade, steps = explained(FORCING)
    kinds = set()
    for step, record in zip(grade.steps, steps):
        if step.evidence is None or not step.evidence.branches:
            assert record["evidence"] is None or record["evidence"]["branches"] == []
            continue
        kinds.add(step.technique)
        for branch, want in zip(step.evidence.branches, record["evidence"]["branches"], strict=True):
            assert branch.ends == want["ends"]
            assert branch.nodes[0].parents == []  # the assumption
            for i, (node, w) in enumerate(zip(branch.nodes, want["nodes"], strict=True)):
                assert node.cells == [cell(c) for c in w["cells"]]
                assert (node.value, node.on, node.parents) == (w["value"], w["on"], w["parents"])
                assert (node.rule, node.unit, node.cage) == (w.get("rule", "link"), w.get("unit"), w.get("cage"))
                assert node.pattern == [cell(c) for c in w.get("pattern", [])]
                assert all(p < i for p in node.parents)
    assert {"two-strong-links", "multiple-forcing-chain"} <= kinds
    grouped = next(s for s in grade.steps if s.technique == "two-strong-links" and s.evidence.branches)
    assert any(len(n.cells) > 1 for n in grouped.evidence.branches[0].nodes)  # a group node
    forcing = next(s for s in grade.steps if s.technique == "multiple-forcing-chain")
    ends = {(tuple(b.nodes[b.ends[0]].cells), b.nodes[b.ends[0]].value, b.nodes[b.ends[0]].on)
            for b in forcing.evidence.branches}
    assert len(forcing.evidence.branches) > 1 and len(ends) == 1  # every branch ends in the conclusion
    (cells, value, on), = ends
    assert not on and (*cells[0], value) in forcing.eliminations


# hardest.txt's second puzzle: nested forcing chains (9.5+), whose branches apply intersections,
# naked pairs and inner chains.
NESTED = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."


def test_pattern_nodes_name_their_rule():
    grade, steps = explained(NESTED)
    rules = {}
    for step, record in zip(grade.steps, steps):
        for branch, want in zip(step.evidence.branches if step.evidence else [], record["evidence"]["branches"]
                                if record["evidence"] else [], strict=True):
            for node, w in zip(branch.nodes, want["nodes"], strict=True):
                assert (node.rule, node.unit, node.pattern) == (w.get("rule", "link"), w.get("unit"),
                                                                [cell(c) for c in w.get("pattern", [])])
                rules.setdefault(node.rule, node)
    assert {"link", "intersection", "chain"} <= set(rules)
    pointing = rules["intersection"]
    assert not pointing.on and pointing.unit is not None and len(pointing.pattern) >= 1
    assert rules["chain"].unit is None and rules["chain"].parents  # every removal so far


def test_beyond_and_contradiction():
    assert sp.grade(NOT_OK[0]).outcome == "contradiction"
    capped = sp.grade(PUZZLES[5], max_technique="xy-wing")
    assert capped.outcome == "beyond" and capped.grade is None


def test_generate_is_deterministic_and_in_its_level():
    first = sp.generate("medium", seed=7)
    again = sp.generate("medium", seed=7)
    other = sp.generate("medium", seed=8)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert other.puzzle != first.puzzle
    assert first.reached and first.level == "medium"
    assert sp.count_solutions(first.puzzle) == 1
    assert sp.solve(first.puzzle) == first.solution
    assert sp.level(first.puzzle) == "medium"
    small = sp.generate("easy", seed=1, size=6)
    assert small.puzzle.size == 6 and sp.level(small.puzzle) == "easy"
    with pytest.raises(sp.InputError, match="nightmare"):
        sp.generate("nightmare")


def test_rate_matches_corpus_rate_for_any_jobs():
    puzzles = PUZZLES + NOT_OK
    one = sp.rate(puzzles, jobs=1)
    two = sp.rate(puzzles, jobs=2)
    records = cli_records(puzzles)
    assert len(one) == len(records) == len(puzzles)
    for a, b, record in zip(one, two, records):
        assert (a.status, a.puzzle, a.canonical, a.level, a.technique_grade, a.call_count) == (
            b.status, b.puzzle, b.canonical, b.level, b.technique_grade, b.call_count)
        assert a.status == record["status"]
        assert a.solutions == int(record["solutions"] or 0)
        assert a.canonical == record["canonical"] and a.level == record["level"]
        if a.technique_grade is not None:
            assert f"{a.technique_grade:.1f}" == record["technique_grade"]
            assert f"{a.call_count:.2f}" == record["call_count"]
    assert [r.status for r in one[-3:]] == ["contradiction", "multiple-solutions", "invalid-format"]
    explained = sp.rate(PUZZLES[:1], explain=True)[0]
    assert len(explained.technique_steps) == sp.grade(PUZZLES[0]).step_count


def test_rate_reads_each_string_as_its_own_puzzle():
    # rate() reads a list of one-line strings in one pass; each must still be read as if alone. The
    # rows of one grid must not join into a puzzle, nor a comment or a blank shift the rest.
    rows = [EASY[r * 9:(r + 1) * 9] for r in range(9)]
    puzzles = [PUZZLES[0] + " first", *rows, "# a comment", "", PUZZLES[1], "12345", EASY + " last"]
    together = sp.rate(puzzles, rating=False)
    assert len(together) == len(puzzles)
    fields = lambda r: (r.status, r.label, r.puzzle, r.error, r.solutions, r.canonical, r.givens)
    for i, (text, report) in enumerate(zip(puzzles, together)):
        alone = sp.rate([text], rating=False)[0]
        assert report.line == i + 1
        assert fields(report) == fields(alone), text
    assert [r.status for r in together[1:12]] == ["invalid-format"] * 11
    assert (together[0].label, together[-1].label) == ("first", "last")
    assert [r.status for r in (together[0], together[12], together[-1])] == ["ok"] * 3


def test_levels():
    assert sp.levels() == ["easy", "medium", "hard", "evil", "extreme"]
    assert sp.levels(4) == ["easy", "medium"]


def test_max_steps_bounds_a_count_that_would_not_end():
    # Every solution of the empty 9x9 grid (6.7e21): stopped at the step limit, not after the heat death.
    with pytest.raises(sp.BudgetExceeded):
        sp.count_solutions("." * 81, limit=10**9, max_steps=100_000)
    with pytest.raises(sp.BudgetExceeded):
        sp.grade("." * 625, max_steps=1_000)
    assert sp.count_solutions(EASY, max_steps=100_000) == 1


def test_max_memory_bounds_a_grading_that_would_take_15_gb():
    # An empty 25x25 grid holds a forcing-chain branch per candidate (about 1 MB each) without a bound.
    with pytest.raises(sp.BudgetExceeded, match="memory budget"):
        sp.grade("." * 625, max_memory=32 << 20)
    assert sp.grade(EASY, max_memory=32 << 20).grade == sp.grade(EASY).grade


@pytest.mark.parametrize("call", [
    "sp.count_solutions('.' * 81, limit=10**9)",
    "sp.grade('.' * 625)",
    f"sp.rate(['{PUZZLES[5]}'] * 20000, jobs=2)",  # about 40 s uninterrupted
])
def test_ctrl_c_interrupts_a_long_call_at_once(call):
    # A child process runs the call; SIGINT must raise KeyboardInterrupt within a fraction of a second.
    import signal
    import sys
    import time
    code = ("import sys, time, sudoku_press as sp\n"
            "print('ready', flush=True)\n"
            "try:\n"
            f"    {call}\n"
            "except KeyboardInterrupt:\n"
            "    print(f'interrupted {time.monotonic():.3f}', flush=True)\n"
            "    sys.exit(7)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    assert child.stdout.readline() == "ready\n"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 7, out
    latency = float(out.split()[1]) - sent
    assert latency < 0.5, latency
