# SPDX-License-Identifier: Apache-2.0
"""Type stubs of the sudoku_press module (python/sudoku_press.cpp; docs/python.md)."""
from typing import Mapping, Optional, Sequence, Tuple, Union

__version__: str

class InputError(ValueError):
    """Malformed input; str() is the tools' message: 'source:line:column: what was expected'."""

class IoError(OSError):
    """A file that cannot be read or written."""

class BudgetExceeded(RuntimeError):
    """A call's max_steps or max_memory was spent before it finished (its partial work is discarded)."""

class Puzzle:
    """A puzzle or a solution on its board. Puzzle(text) parses one classic puzzle."""
    def __init__(self, text: str) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def givens(self) -> int: ...
    @property
    def variant(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def cells(self) -> list[int]: ...
    @property
    def line(self) -> str: ...
    @property
    def is_complete(self) -> bool: ...
    def grid_text(self, separators: bool = True) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

PuzzleLike = Union[Puzzle, str]

Candidate = Tuple[int, int, int]  # (row, column, value), from 1

class Node:
    """A node of a chain's branch: a value on one cell or a group of cells of one house."""
    cells: list[Tuple[int, int]]  # (row, column): one cell, or a group's cells
    value: int
    on: bool  # True: the value is in (one of) the cells; False: in none
    parents: list[int]  # earlier nodes it follows from (weak link from an on parent, strong from an off one)

class Branch:
    """One assumption followed through the board (nodes[0] is the assumption)."""
    nodes: list[Node]
    ends: list[int]  # the conclusion, or the nodes that contradict each other

class Evidence:
    """What a step rests on (docs/explanations.md); fields unused by the technique are empty."""
    units: list[str]  # "row 4", "box 6"
    cover_units: list[str]
    cells: list[Tuple[int, int]]  # (row, column), in the technique's order
    candidates: list[Candidate]
    links: list[Tuple[Candidate, Candidate, bool]]  # (from, to, strong), in order
    cages: list[Tuple[int, int, list[Tuple[int, int]]]]  # (number, sum, cells)
    branches: list[Branch]  # grouped chains, Nishio, forcing chains

class Step:
    """One step of the grader's path; cells are (row, column, value), rows and columns from 1."""
    technique: str
    name: str
    score: float
    placements: list[Tuple[int, int, int]]
    eliminations: list[Tuple[int, int, int]]
    detail: str
    text: str
    round: int
    evidence: Optional[Evidence]  # None for a technique without evidence yet

class Grade:
    outcome: str  # "solved", "beyond" or "contradiction"
    grade: Optional[float]  # None unless solved
    highest_score: float
    hardest: str
    hardest_name: str
    step_count: int
    steps: list[Step]

class Rating:
    value: float
    sd: float
    runs: int
    capped_runs: int
    solved: bool

class Generated:
    puzzle: Puzzle
    solution: Puzzle
    level: str
    rating: float
    reached: bool
    moves: int

class Report:
    """One puzzle's corpus-rate record."""
    line: int
    label: str
    puzzle: str
    status: str  # ok, invalid-format, contradiction, no-solution, multiple-solutions
    error: str
    size: int
    givens: int
    solutions: int
    solution: str
    canonical: str
    level: str
    technique_grade: Optional[float]
    technique_beyond: bool
    hardest_technique: str
    call_count: Optional[float]
    call_count_sd: Optional[float]
    hs_calls: Optional[float]
    technique_steps: list[str]

def parse(text: str, *, variant: str = "", size: int = 0, box: str = "", source: str = "puzzle") -> Puzzle: ...
def parse_all(text: str, *, variant: str = "", size: int = 0, box: str = "", source: str = "puzzles") -> list[Puzzle]: ...
def read_file(path: str, *, variant: str = "", size: int = 0, box: str = "") -> list[Puzzle]: ...
def count_solutions(puzzle: PuzzleLike, limit: int = 2, *, max_steps: Optional[int] = None) -> int: ...
def solve(puzzle: PuzzleLike) -> Optional[Puzzle]: ...
def canonical(puzzle: PuzzleLike) -> str: ...
def canonical_puzzle(puzzle: PuzzleLike) -> Puzzle: ...
def grade(puzzle: PuzzleLike, *, explain: bool = False, order: str = "se", uniqueness: bool = True,
          max_technique: Optional[str] = None, max_steps: Optional[int] = None,
          max_memory: Optional[int] = None) -> Grade: ...
def level(puzzle: PuzzleLike, *, calibration: str = "press") -> str: ...
def call_count(puzzle: PuzzleLike, settings: Mapping[str, str] = ...) -> Rating: ...
def generate(level: str, *, seed: int = 1, size: int = 9, variant: str = "classic",
             symmetry: str = "rotate180", max_steps: Optional[int] = None,
             max_memory: Optional[int] = None) -> Generated: ...
def rate(puzzles: Sequence[str], *, jobs: int = 1, rating: bool = True, explain: bool = False,
         calibration: str = "", runs: Optional[str] = None, max_technique: Optional[str] = None,
         uniqueness: bool = True, invariant: bool = False, variant: str = "", size: int = 0,
         box: str = "") -> list[Report]: ...
def levels(size: int = 9, variant: str = "classic") -> list[str]: ...
