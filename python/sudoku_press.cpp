// SPDX-License-Identifier: Apache-2.0
// The sudoku_press Python module: the core library's front doors — parse, count, solve, canonical
// form, technique grade with its path, press level, call count, generate one puzzle to a level, rate
// a list of puzzles on several threads — as Python functions and plain objects (docs/python.md;
// sudoku_press.pyi has the signatures).
//
// Contract: every function is a thin call into the same library code the tools run, so a result
// equals the tools' (corpus-rate's record fields, generate-book's climb); library errors become
// Python exceptions whose str() is the message the tools print after "TOOL: " — InputError
// (a ValueError) for bad input, IoError (an OSError) for unreadable files, ValueError for a bad
// option name. Long calls (grade, generate, rate, count_solutions, call_count) release the GIL and
// stop with KeyboardInterrupt within milliseconds of Ctrl-C; count_solutions, grade and generate take
// max_steps, grade and generate max_memory (BudgetExceeded past either; memory is bounded by
// default). rate() spreads its puzzles over `jobs` threads with results in input order whatever
// `jobs` is.
//
//   >>> import sudoku_press as sp
//   >>> sp.grade("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").grade
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <boost/json/serialize.hpp>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sudoku/base/budget.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/json_io.hpp"
#include "sudoku/base/parallel.hpp"
#include "sudoku/base/version.hpp"
#include "sudoku/corpus/corpus_rating.hpp"
#include "sudoku/corpus/corpus_run.hpp"
#include "sudoku/generate/book_generation.hpp"
#include "sudoku/generate/hill_climber.hpp"
#include "sudoku/generate/plan.hpp"
#include "sudoku/model/canonical.hpp"
#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/rate/calibration.hpp"
#include "sudoku/rate/rating.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/technique/evidence.hpp"
#include "sudoku/technique/technique_grader.hpp"

namespace py = pybind11;

namespace sudoku::python {
namespace {

// A puzzle as Python sees it: the grid and the label that followed it on its line.
struct Puzzle {
  Grid grid;
  std::string label;
};

// The one-line form corpus-rate writes: Killer in its own form, jigsaw with its region map.
std::string puzzle_line(const Grid& grid) {
  if (!grid.geometry().cages().empty()) return to_killer_line(grid);
  if (!grid.geometry().has_regular_boxes()) return to_line(grid) + " " + regions_line(grid.geometry());
  return to_line(grid);
}

// Bad options are InputError (a ValueError), with the tools' --size, --box and --variant message.
ReadOptions read_options(const std::string& variant, int size, const std::string& box) {
  return read_options_for(size, box, variant);
}

// Every puzzle of `text` as PuzzleReader reads a file (the formats of docs/formats.md).
std::vector<PuzzleEntry> read_entries(const std::string& text, const std::string& source, const ReadOptions& options) {
  std::istringstream input(text);
  PuzzleReader reader(input, source, options);
  std::vector<PuzzleEntry> entries;
  while (auto entry = reader.next()) entries.push_back(std::move(*entry));
  return entries;
}

Puzzle entry_puzzle(const PuzzleEntry& entry, const std::string& source) {
  if (!entry.ok()) throw InputError(source, entry.error_line, entry.error_column, entry.error);
  return Puzzle{*entry.grid, entry.label};
}

Puzzle parse(const std::string& text, const std::string& variant, int size, const std::string& box,
             const std::string& source) {
  const auto entries = read_entries(text, source, read_options(variant, size, box));
  if (entries.empty()) throw InputError(source, 1, 1, "expected a puzzle, got nothing");
  if (entries.size() > 1) throw InputError(source, entries[1].line, 1, "expected one puzzle, got more");
  return entry_puzzle(entries.front(), source);
}

std::vector<Puzzle> parse_all(const std::string& text, const std::string& variant, int size, const std::string& box,
                              const std::string& source) {
  std::vector<Puzzle> puzzles;
  for (const auto& entry : read_entries(text, source, read_options(variant, size, box)))
    puzzles.push_back(entry_puzzle(entry, source));
  return puzzles;
}

std::vector<Puzzle> read_file(const std::string& path, const std::string& variant, int size, const std::string& box) {
  PuzzleReader reader(path, read_options(variant, size, box));
  const std::string source = path == "-" ? "<stdin>" : path;
  std::vector<Puzzle> puzzles;
  while (auto entry = reader.next()) puzzles.push_back(entry_puzzle(*entry, source));
  return puzzles;
}

// A puzzle argument: a Puzzle, or text parsed as one classic puzzle (so a malformed text raises
// InputError rather than a TypeError about argument types).
Puzzle to_puzzle(const py::handle& object) {
  if (py::isinstance<Puzzle>(object)) return object.cast<Puzzle>();
  if (py::isinstance<py::str>(object)) return parse(object.cast<std::string>(), "", 0, "", "puzzle");
  throw py::type_error("expected a sudoku_press.Puzzle or a puzzle string, got " +
                       std::string(py::str(py::type::of(object))));
}

// Runs `work()` with the GIL released under a Budget (budget.hpp): at most `max_steps` steps (none:
// no limit; a spent budget raises BudgetExceeded), and Ctrl-C honoured within a fraction of a second.
// Python's own SIGINT handler only sets a flag while C++ runs; the budget's poll takes the GIL back
// every 20 ms of work (Budget::poll_interval) to run PyErr_CheckSignals, which raises
// KeyboardInterrupt there; the call then stops and that exception reaches the caller.
// Memory: the searches that grow with the board hold at most `max_memory` bytes (none: the
// library's default_max_bytes(), 4 GiB or half the machine's memory; 0: no limit), BudgetExceeded
// past it.
template <class Work>
auto guarded(std::optional<std::uint64_t> max_steps, Work&& work, std::optional<std::uint64_t> max_memory = {}) {
  Budget budget;
  budget.max_steps = max_steps.value_or(0);
  budget.max_bytes = max_memory.value_or(default_max_bytes());
  bool interrupted = false;
  budget.poll = [&interrupted] {
    const py::gil_scoped_acquire acquire;
    interrupted = PyErr_CheckSignals() != 0;  // the KeyboardInterrupt stays set for below
    return interrupted;
  };
  std::optional<decltype(work())> result;
  {
    const BudgetScope scope(&budget);
    const py::gil_scoped_release release;
    try {
      result.emplace(work());
    } catch (const Stopped&) {
      if (!interrupted) throw;  // BudgetExceeded
    }
  }
  if (interrupted) throw py::error_already_set();
  return std::move(*result);
}

// Runs `work` on the converted puzzle, guarded as above.
template <class Work>
auto with_puzzle(const py::object& object, Work&& work, std::optional<std::uint64_t> max_steps = std::nullopt,
                 std::optional<std::uint64_t> max_memory = std::nullopt) {
  const Puzzle puzzle = to_puzzle(object);
  return guarded(max_steps, [&] { return work(puzzle); }, max_memory);
}

// A node of a chain's branch: a value on one cell or a group of cells of one house, on (true) or
// off, and the indices of the earlier nodes of its branch it follows from; a pattern's node
// (dynamic (+), nested, Killer cages) also names its rule, house or cage and cells.
struct Node {
  std::vector<std::tuple<int, int>> cells;
  int value = 0;
  bool on = false;
  std::vector<int> parents;
  std::string rule = "link";
  std::optional<std::string> unit;
  std::optional<int> cage;  // 1-based, as Evidence.cages numbers them
  std::vector<std::tuple<int, int>> pattern;
};

// One assumption followed: its nodes (the assumption first) and the nodes it ends in.
struct Branch {
  std::vector<Node> nodes;
  std::vector<int> ends;
};

// A step's evidence (sudoku/technique/evidence.hpp, docs/explanations.md) with cells as 1-based
// (row, column) pairs and candidates as (row, column, value) triples; units named as the
// sentences name them ("row 4", "box 6").
struct Evidence {
  std::vector<std::string> units;
  std::vector<std::string> cover_units;
  std::vector<std::tuple<int, int>> cells;
  std::vector<std::tuple<int, int, int>> candidates;
  std::vector<std::tuple<std::tuple<int, int, int>, std::tuple<int, int, int>, bool>> links;  // (from, to, strong)
  std::vector<std::tuple<int, int, std::vector<std::tuple<int, int>>>> cages;                // (number, sum, cells)
  std::vector<Branch> branches;  // grouped chains, Nishio, forcing chains
};

// A technique step with cells as 1-based (row, column, value) triples, as the step lines name them.
struct Step {
  std::string technique;  // id: "xy-wing"
  std::string name;       // "XY-wing"
  double score = 0;
  std::vector<std::tuple<int, int, int>> placements;
  std::vector<std::tuple<int, int, int>> eliminations;
  std::string detail;
  std::string text;  // format_step: "r4c7=5  hidden single in box 6"
  int round = 0;
  std::optional<Evidence> evidence;  // None for a step without evidence
};

struct Grade {
  std::string outcome;  // solved, beyond, contradiction
  std::optional<double> grade;
  double highest_score = 0;  // the grade, or the highest step score before the grader stopped
  std::string hardest;       // technique id of the hardest step
  std::string hardest_name;  // describe_hardest: "XY-wing", "beyond: stuck after XY-wing"
  int step_count = 0;
  std::vector<Step> steps;
};

std::tuple<int, int, int> cell_value(const Geometry& geometry, const CellValue& cv) {
  return {cv.cell / geometry.size() + 1, cv.cell % geometry.size() + 1, cv.value};
}

std::tuple<int, int> cell_pair(const Geometry& geometry, int cell) {
  return {cell / geometry.size() + 1, cell % geometry.size() + 1};
}

std::optional<Evidence> evidence_of(const Grid& grid, const StepEvidence& from) {
  if (from.empty()) return std::nullopt;
  const Geometry& geometry = grid.geometry();
  Evidence e;
  for (int unit : from.units) e.units.push_back(unit_name(grid.geometry_ptr(), unit));
  for (int unit : from.cover_units) e.cover_units.push_back(unit_name(grid.geometry_ptr(), unit));
  for (int cell : from.cells) e.cells.push_back(cell_pair(geometry, cell));
  for (const CellValue& at : from.candidates) e.candidates.push_back(cell_value(geometry, at));
  for (const EvidenceLink& link : from.links)
    e.links.emplace_back(cell_value(geometry, link.from), cell_value(geometry, link.to), link.strong);
  for (int cage : from.cages) {
    const Cage& c = geometry.cages()[static_cast<std::size_t>(cage)];
    std::vector<std::tuple<int, int>> cells;
    for (int cell : c.cells) cells.push_back(cell_pair(geometry, cell));
    e.cages.emplace_back(cage + 1, c.sum, std::move(cells));
  }
  for (const EvidenceBranch& branch : from.branches) {
    Branch b;
    for (const EvidenceNode& node : branch.nodes) {
      Node n;
      for (int cell : node.cells) n.cells.push_back(cell_pair(geometry, cell));
      n.value = node.value;
      n.on = node.on;
      n.parents = node.parents;
      n.rule = node_rule_id(node.rule);
      if (node.unit >= 0) n.unit = unit_name(grid.geometry_ptr(), node.unit);
      if (node.cage >= 0) n.cage = node.cage + 1;
      for (int cell : node.pattern) n.pattern.push_back(cell_pair(geometry, cell));
      b.nodes.push_back(std::move(n));
    }
    b.ends = branch.ends;
    e.branches.push_back(std::move(b));
  }
  return e;
}

std::string outcome_name(GradeOutcome outcome) {
  switch (outcome) {
    case GradeOutcome::solved: return "solved";
    case GradeOutcome::beyond: return "beyond";
    case GradeOutcome::contradiction: return "contradiction";
    case GradeOutcome::above_ceiling: return "above-ceiling";
    case GradeOutcome::below_floor: return "below-floor";
  }
  return "unknown";
}

Grade grade(const Puzzle& puzzle, bool explain, const std::string& order, bool uniqueness,
            const std::optional<std::string>& max_technique) {
  MetricSettings settings{{"order", order}, {"uniqueness", uniqueness ? "true" : "false"}};
  if (max_technique) settings["max-technique"] = *max_technique;
  TechniqueOptions options = parse_technique_settings(settings);
  options.explain = explain;
  const TechniqueGrade result = grade_techniques(puzzle.grid, options);
  const Geometry& geometry = puzzle.grid.geometry();
  Grade out;
  out.outcome = outcome_name(result.outcome);
  if (result.solved()) out.grade = result.grade;
  out.highest_score = result.grade;
  out.hardest = std::string(technique_id(result.hardest));
  out.hardest_name = describe_hardest(result);
  out.step_count = result.step_count;
  for (const auto& step : result.steps) {
    Step s;
    s.technique = std::string(technique_id(step.technique));
    s.name = std::string(technique_name(step.technique));
    s.score = step.score;
    for (const auto& cv : step.placements) s.placements.push_back(cell_value(geometry, cv));
    for (const auto& cv : step.eliminations) s.eliminations.push_back(cell_value(geometry, cv));
    s.detail = step.detail;
    s.text = format_step(geometry, step);
    s.round = step.round;
    s.evidence = evidence_of(puzzle.grid, step.evidence);
    out.steps.push_back(std::move(s));
  }
  return out;
}

// The levels corpus-rate's level field uses for this puzzle: the press levels of its size, the
// Killer levels for a Killer board, or a named scheme / calibration file.
// As corpus-rate's CorpusRatingOptions: the 9x9 press levels for every classic size (their bands hold
// for every size), the Killer press levels for Killer boards.
Calibration levels_for(const Grid& grid, const std::string& calibration) {
  const bool killer = !grid.geometry().cages().empty();
  if (calibration == "press") return killer ? press_calibration(9, Variant::killer) : press_calibration();
  return read_calibration(calibration);
}

std::string level(const Puzzle& puzzle, const std::string& calibration) {
  const Calibration levels = levels_for(puzzle.grid, calibration);
  const auto metric = make_rating_metric(levels.metric, levels.options);
  return level_for(levels, metric->rate(puzzle.grid).value).name;
}

MetricRating call_count(const Puzzle& puzzle, const MetricSettings& settings) {
  return make_rating_metric("call-count", settings)->rate(puzzle.grid);
}

struct Generated {
  Puzzle puzzle;
  Puzzle solution;
  std::string level;
  double rating = 0;
  bool reached = false;
  std::int64_t moves = 0;
};

// One puzzle as generate-book makes the first puzzle of a one-chapter plan with this seed: the
// plan's checks (level names, sizes, variants, symmetry) and its messages come along.
Generated generate(const std::string& level_name, std::uint64_t seed, int size, const std::string& variant,
                   const std::string& symmetry) {
  boost::json::object chapter{{"level", level_name}, {"count", 1}};
  boost::json::object plan_json{{"title", "sudoku_press.generate"}, {"seed", seed}, {"size", size},
                                {"symmetry", symmetry}, {"chapters", boost::json::array{chapter}}};
  if (variant != "classic") plan_json["variant"] = variant;
  const Plan plan = parse_plan(parse_json(boost::json::serialize(plan_json), "generate"), ".");
  const auto metric = make_rating_metric(plan.metric, plan.metric_settings());
  const ClimbResult result = climb_slot(plan, 0, 0, 0, ClimbSettings{}, *metric);
  return Generated{Puzzle{result.puzzle, {}}, Puzzle{result.solution, {}}, plan.chapters[0].level, result.rating,
                   result.reached, result.moves};
}

// One entry per string, each string read as a puzzle file of its own (its own "line 1"); a string
// holding no puzzle or several gets an invalid-format entry, as corpus-rate gives a malformed line.
PuzzleEntry read_alone(const std::string& text, const ReadOptions& read) {
  auto read_back = read_entries(text, "puzzle", read);
  if (read_back.size() == 1) return std::move(read_back.front());
  PuzzleEntry entry;
  entry.line = 1;
  entry.text = text;
  entry.error_line = read_back.empty() ? 1 : read_back[1].line;
  entry.error_column = 1;
  entry.error = read_back.empty() ? "expected a puzzle, got nothing" : "expected one puzzle, got more";
  return entry;
}

// read_alone for every string, in one pass: a reader per string cost more than parsing (its line
// buffer is allocated and cleared each time: 2.4 % of rate() on se-rated puzzles), so one-line
// strings are read as the lines of one text. A line that read as a whole puzzle of its own is the
// entry that string gives alone (one-line puzzles do not depend on the lines around them); every
// other string -- an error, a grid row that started a block, a comment, a blank -- is read alone.
std::vector<PuzzleEntry> read_each(const std::vector<std::string>& puzzles, const ReadOptions& read) {
  std::vector<PuzzleEntry> entries(puzzles.size());
  std::vector<bool> done(puzzles.size(), false);
  bool one_line = true;
  std::string text;
  for (const auto& puzzle : puzzles) {
    if (puzzle.find_first_of("\r\n") != std::string::npos) one_line = false;
    text += puzzle;
    text += '\n';
  }
  if (one_line) {
    auto joined = read_entries(text, "puzzle", read);
    // A line gives at most one entry, so a line without one (a block's row, a comment) shifts
    // the rest: only lines up to the first shift are taken, and only valid puzzles whose entry
    // came from their line alone (the next line has its own entry; the text is the line's).
    const auto own_line = [&](std::size_t i) {
      return i < joined.size() && joined[i].line == static_cast<int>(i) + 1;
    };
    for (std::size_t i = 0; i < puzzles.size() && own_line(i); ++i) {
      if (!joined[i].ok() || (i + 1 < puzzles.size() && !own_line(i + 1)) ||
          puzzles[i].find(joined[i].text) == std::string::npos)
        continue;
      entries[i] = std::move(joined[i]);
      entries[i].line = 1;
      done[i] = true;
    }
  }
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    if (!done[i]) entries[i] = read_alone(puzzles[i], read);
  return entries;
}

std::vector<PuzzleReport> rate(const std::vector<std::string>& puzzles, int jobs, bool rating, bool explain,
                               const std::string& calibration, const std::optional<std::string>& runs,
                               const std::optional<std::string>& max_technique, bool uniqueness, bool invariant,
                               const std::string& variant, int size, const std::string& box) {
  CorpusRatingFlags flags;
  flags.jobs = worker_threads(jobs);
  flags.no_rating = !rating;
  flags.explain = explain;
  flags.calibration = calibration;
  if (runs) flags.runs = *runs;
  if (max_technique) flags.max_technique = *max_technique;
  flags.no_uniqueness = !uniqueness;
  flags.invariant = invariant;
  const ReadOptions read = read_options(variant, size, box);
  std::vector<PuzzleReport> reports(puzzles.size());
  guarded(std::nullopt, [&] {
    const CorpusRater rater(corpus_rating_options(flags));
    std::vector<PuzzleEntry> entries = read_each(puzzles, read);
    // The workers charge the call's budget; this thread only waits, so it polls for Ctrl-C from
    // parallel_for's progress callback (ten times a second).
    parallel_for(
        puzzles.size(), flags.jobs,
        [&](std::size_t i) {
          reports[i] = rater.rate("puzzle", entries[i]);
          reports[i].line = static_cast<int>(i) + 1;
        },
        [](std::size_t) { charge_budget(16); });
    return 0;
  });
  return reports;
}

// "2.5": scores and grades as the tools print them.
std::string one_decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::optional<double> rating_value(const std::optional<MetricRating>& rating) {
  if (!rating) return std::nullopt;
  return rating->value;
}

}  // namespace
}  // namespace sudoku::python

PYBIND11_MODULE(sudoku_press, m) {
  using namespace sudoku;
  using namespace sudoku::python;
  m.doc() =
      "sudoku-press from Python: parse, count, solve, canonical form, technique grade, press level, call "
      "count, generate one puzzle to a level, rate a list of puzzles on several threads (docs/python.md).";
  m.attr("__version__") = std::string(version());

  // Exceptions: str(error) is the tools' message ("file:line:column: what was expected").
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError).doc() =
      "Malformed input: str() is the message the tools print (source:line:column: what was expected).";
  py::register_exception<IoError>(m, "IoError", PyExc_OSError).doc() = "A file that cannot be read or written.";
  // std::invalid_argument (a negative jobs=, a bad limit) is pybind11's ValueError.
  py::register_exception<Stopped>(m, "BudgetExceeded", PyExc_RuntimeError).doc() =
      "A call's max_steps or max_memory was spent before it finished (its partial work is discarded).";

  py::class_<Puzzle>(m, "Puzzle",
                     "A puzzle (or a solution) on its board: classic of any size, a fixed variant, jigsaw or "
                     "Killer. Puzzle(text) parses one classic puzzle; sudoku_press.parse() takes options.")
      .def(py::init([](const std::string& text) { return parse(text, "", 0, "", "puzzle"); }), py::arg("text"))
      .def_property_readonly("size", [](const Puzzle& p) { return p.grid.size(); }, "Grid size: 9 for 9x9.")
      .def_property_readonly("givens", [](const Puzzle& p) { return p.grid.givens(); }, "Number of given cells.")
      .def_property_readonly("variant", [](const Puzzle& p) { return std::string(variant_name(p.grid.geometry().variant())); },
                             "classic, x, windoku, asterisk, centre-dot, jigsaw or killer.")
      .def_property_readonly("board", [](const Puzzle& p) { return p.grid.geometry().describe(); },
                             "The board: \"9x9\", \"6x6 (2x3 boxes)\", \"9x9 killer (27 cages)\".")
      .def_readonly("label", &Puzzle::label, "Text that followed the puzzle on its line.")
      .def_property_readonly("cells",
                             [](const Puzzle& p) { return std::vector<int>(p.grid.cells().begin(), p.grid.cells().end()); },
                             "Values row by row, 0 for a blank.")
      .def_property_readonly("line", [](const Puzzle& p) { return puzzle_line(p.grid); },
                             "The one-line form corpus-rate writes ('.' for blanks; jigsaw and Killer in their forms).")
      .def_property_readonly("is_complete", [](const Puzzle& p) { return p.grid.is_complete(); })
      .def("grid_text", [](const Puzzle& p, bool separators) { return to_grid_text(p.grid, separators); },
           py::arg("separators") = true, "The grid as lines, with '|', '-' and '+' rules unless separators=False.")
      .def("__str__", [](const Puzzle& p) { return puzzle_line(p.grid); })
      .def("__repr__", [](const Puzzle& p) { return "Puzzle('" + puzzle_line(p.grid) + "')"; })
      .def("__eq__", [](const Puzzle& a, const Puzzle& b) { return a.grid == b.grid; })
      .def("__hash__", [](const Puzzle& p) { return py::hash(py::str(puzzle_line(p.grid))); });

  py::class_<Node>(m, "Node", "A node of a chain's branch: a value on a cell or a group of cells, on or off.")
      .def_readonly("cells", &Node::cells, "(row, column): one cell, or a group's cells (one house).")
      .def_readonly("value", &Node::value)
      .def_readonly("on", &Node::on, "True: the value is in (one of) the cells; False: in none.")
      .def_readonly("parents", &Node::parents,
                    "Indices of the earlier nodes it follows from (a weak link from an on parent, a strong link "
                    "from an off one); empty for the assumption.")
      .def_readonly("rule", &Node::rule,
                    "How it follows from its parents: 'link', or a pattern: 'intersection', 'naked-subset', "
                    "'cage', 'chain' (docs/explanations.md).")
      .def_readonly("unit", &Node::unit, "intersection, naked-subset: the house of the pattern ('box 6'); else None.")
      .def_readonly("cage", &Node::cage, "cage: the cage's number; else None.")
      .def_readonly("pattern", &Node::pattern, "intersection, naked-subset: the pattern's cells, (row, column).")
      .def("__repr__", [](const Node& n) {
        std::string text;
        for (const auto& [row, column] : n.cells) {
          if (!text.empty()) text += ',';
          text += 'r';
          text += std::to_string(row);
          text += 'c';
          text += std::to_string(column);
        }
        return "Node(" + text + (n.on ? "=" : "<>") + std::to_string(n.value) + ")";
      });

  py::class_<Branch>(m, "Branch", "One assumption of a chain followed through the board.")
      .def_readonly("nodes", &Branch::nodes, "The nodes in derivation order, the assumption first.")
      .def_readonly("ends", &Branch::ends,
                    "Indices of the nodes it ends in: the conclusion, or the facts that contradict each other.");

  py::class_<Evidence>(m, "Evidence", "What a step rests on (docs/explanations.md); cells from 1.")
      .def_readonly("units", &Evidence::units, "Houses the pattern lives in: 'row 4', 'box 6'.")
      .def_readonly("cover_units", &Evidence::cover_units, "Houses that lose candidates.")
      .def_readonly("cells", &Evidence::cells, "The pattern's cells, (row, column), in the technique's order.")
      .def_readonly("candidates", &Evidence::candidates, "The pattern's candidates, (row, column, value).")
      .def_readonly("links", &Evidence::links, "A chain's links in order: (from, to, strong).")
      .def_readonly("cages", &Evidence::cages, "Killer: the cages read, (number, sum, cells).")
      .def_readonly("branches", &Evidence::branches,
                    "Grouped chains, Nishio and forcing chains: one Branch per assumption.");

  py::class_<Step>(m, "Step", "One step of the technique grader's path.")
      .def_readonly("technique", &Step::technique, "Technique id, e.g. 'xy-wing'.")
      .def_readonly("name", &Step::name, "Technique name, e.g. 'XY-wing'.")
      .def_readonly("score", &Step::score, "The step's score on Sudoku Explainer's scale.")
      .def_readonly("placements", &Step::placements, "(row, column, value) placed, rows and columns from 1.")
      .def_readonly("eliminations", &Step::eliminations, "(row, column, value) candidates removed.")
      .def_readonly("detail", &Step::detail, "Where: 'hidden single in box 6'.")
      .def_readonly("text", &Step::text, "The step as corpus-rate --explain writes it.")
      .def_readonly("round", &Step::round, "The grader's round (steps of a round were found on one board).")
      .def_readonly("evidence", &Step::evidence, "The pattern as data, or None for a step without evidence.")
      .def("__repr__", [](const Step& s) { return "Step(" + one_decimal(s.score) + ", '" + s.text + "')"; });

  py::class_<Grade>(m, "Grade", "The technique grader's result (corpus-rate's technique_grade).")
      .def_readonly("outcome", &Grade::outcome, "'solved', 'beyond' (the ladder could not finish) or 'contradiction'.")
      .def_readonly("grade", &Grade::grade, "Sudoku Explainer's scale (the hardest step's score); None unless solved.")
      .def_readonly("highest_score", &Grade::highest_score, "The highest step score made, also when not solved.")
      .def_readonly("hardest", &Grade::hardest, "Id of the hardest technique used.")
      .def_readonly("hardest_name", &Grade::hardest_name, "'XY-wing', or 'beyond: stuck after XY-wing'.")
      .def_readonly("step_count", &Grade::step_count)
      .def_readonly("steps", &Grade::steps, "The path (explain=True), a list of Step.")
      .def("__repr__", [](const Grade& g) {
        return "Grade(" + (g.grade ? one_decimal(*g.grade) : g.outcome) + ", '" + g.hardest_name + "')";
      });

  py::class_<MetricRating>(m, "Rating", "A metric's rating (call count: mean and sd over runs).")
      .def_readonly("value", &MetricRating::value)
      .def_readonly("sd", &MetricRating::sd)
      .def_readonly("runs", &MetricRating::runs)
      .def_readonly("capped_runs", &MetricRating::capped_runs, "Runs stopped at the cap: value is then a lower bound.")
      .def_readonly("solved", &MetricRating::solved)
      .def("__repr__", [](const MetricRating& r) { return "Rating(" + py::repr(py::float_(r.value)).cast<std::string>() + ")"; });

  py::class_<Generated>(m, "Generated", "A generated puzzle with its solution.")
      .def_readonly("puzzle", &Generated::puzzle)
      .def_readonly("solution", &Generated::solution)
      .def_readonly("level", &Generated::level, "The level asked for.")
      .def_readonly("rating", &Generated::rating, "Its rating on the level scheme's metric (technique grade).")
      .def_readonly("reached", &Generated::reached, "True when the puzzle is in the level (band and givens).")
      .def_readonly("moves", &Generated::moves, "Hill-climber moves tried.");

  py::class_<PuzzleReport>(m, "Report", "One puzzle's record, the fields of corpus-rate's csv and json records.")
      .def_readonly("line", &PuzzleReport::line, "1-based index of the puzzle in the list given.")
      .def_readonly("label", &PuzzleReport::label)
      .def_readonly("puzzle", &PuzzleReport::puzzle, "Normalised one-line form, or the text when malformed.")
      .def_property_readonly("status", [](const PuzzleReport& r) { return std::string(status_name(r.status)); },
                             "ok, invalid-format, contradiction, no-solution or multiple-solutions.")
      .def_readonly("error", &PuzzleReport::error)
      .def_readonly("size", &PuzzleReport::size)
      .def_readonly("givens", &PuzzleReport::givens)
      .def_readonly("solutions", &PuzzleReport::solutions, "0, 1, or 2 meaning 2 or more.")
      .def_readonly("solution", &PuzzleReport::solution)
      .def_readonly("canonical", &PuzzleReport::canonical)
      .def_readonly("level", &PuzzleReport::level)
      .def_readonly("technique_grade", &PuzzleReport::technique_grade, "None when beyond the ladder.")
      .def_readonly("technique_beyond", &PuzzleReport::technique_beyond)
      .def_readonly("hardest_technique", &PuzzleReport::hardest_technique)
      .def_property_readonly("call_count", [](const PuzzleReport& r) { return rating_value(r.call_count); })
      .def_property_readonly("call_count_sd",
                             [](const PuzzleReport& r) -> std::optional<double> {
                               if (!r.call_count) return std::nullopt;
                               return r.call_count->sd;
                             })
      .def_property_readonly("hs_calls", [](const PuzzleReport& r) { return rating_value(r.hs_calls); })
      .def_readonly("technique_steps", &PuzzleReport::technique_steps, "Step lines (explain=True).")
      .def("__repr__", [](const PuzzleReport& r) {
        return "Report(" + std::string(status_name(r.status)) + ", '" + r.puzzle + "', level='" + r.level + "')";
      });

  m.def("parse", &parse, py::arg("text"), py::kw_only(), py::arg("variant") = "", py::arg("size") = 0,
        py::arg("box") = "", py::arg("source") = "puzzle",
        "One puzzle in any supported format (one line, a grid of lines, jigsaw 'GIVENS REGIONS', Killer with "
        "variant='killer'). Raises InputError naming source:line:column.");
  m.def("parse_all", &parse_all, py::arg("text"), py::kw_only(), py::arg("variant") = "", py::arg("size") = 0,
        py::arg("box") = "", py::arg("source") = "puzzles", "Every puzzle of a text; InputError at the first malformed one.");
  m.def("read_file", &read_file, py::arg("path"), py::kw_only(), py::arg("variant") = "", py::arg("size") = 0,
        py::arg("box") = "", "Every puzzle of a corpus file; InputError at the first malformed one, IoError when unreadable.");
  m.def(
      "count_solutions",
      [](const py::object& p, int limit, std::optional<std::uint64_t> max_steps) {
        return with_puzzle(p, [&](const Puzzle& q) { return count_solutions(q.grid, limit).count; }, max_steps);
      },
      py::arg("puzzle"), py::arg("limit") = 2, py::kw_only(), py::arg("max_steps") = py::none(),
      "Solutions up to limit (2: 'is it unique?'). max_steps bounds the search (guesses): BudgetExceeded past it.");
  m.def(
      "solve",
      [](const py::object& p) {
        return with_puzzle(p, [](const Puzzle& q) -> std::optional<Puzzle> {
          const SolutionCount count = count_solutions(q.grid, 2);
          if (count.count != 1) return std::nullopt;
          return Puzzle{*count.solution, q.label};
        });
      },
      py::arg("puzzle"), "The solution when the puzzle has exactly one, else None (count_solutions tells which).");
  m.def(
      "canonical",
      [](const py::object& p) { return with_puzzle(p, [](const Puzzle& q) { return canonical_form(q.grid).key; }); },
      py::arg("puzzle"),
      "The canonical key (corpus-rate's canonical field): equal for puzzles that are rotations, reflections, "
      "relabellings... of each other.");
  m.def(
      "canonical_puzzle",
      [](const py::object& p) {
        return with_puzzle(p, [](const Puzzle& q) { return Puzzle{canonical_form(q.grid).grid, q.label}; });
      },
      py::arg("puzzle"), "The canonical representative as a Puzzle.");
  m.def(
      "grade",
      [](const py::object& p, bool explain, const std::string& order, bool uniqueness,
         const std::optional<std::string>& max_technique, std::optional<std::uint64_t> max_steps,
         std::optional<std::uint64_t> max_memory) {
        return with_puzzle(
            p, [&](const Puzzle& q) { return grade(q, explain, order, uniqueness, max_technique); }, max_steps,
            max_memory);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("explain") = false, py::arg("order") = "se",
      py::arg("uniqueness") = true, py::arg("max_technique") = py::none(), py::arg("max_steps") = py::none(),
      py::arg("max_memory") = py::none(),
      "The technique grade on Sudoku Explainer's scale; explain=True keeps the path as Step objects. order 'se' "
      "(SE's exact number) or 'invariant'. max_memory: bytes the forcing-chain searches may hold (default 4 GiB or "
      "half the machine's memory, 0 no limit); BudgetExceeded past it.");
  m.def(
      "level",
      [](const py::object& p, const std::string& calibration) {
        return with_puzzle(p, [&](const Puzzle& q) { return level(q, calibration); });
      },
      py::arg("puzzle"), py::kw_only(), py::arg("calibration") = "press",
      "The readers' level (corpus-rate's level field): press levels by default, 'paper' or a calibration file.");
  m.def(
      "call_count",
      [](const py::object& p, const MetricSettings& settings) {
        return with_puzzle(p, [&](const Puzzle& q) { return call_count(q, settings); });
      },
      py::arg("puzzle"), py::arg("settings") = MetricSettings{},
      "The paper's call count: settings as corpus-rate's flags, e.g. {'runs': '10', 'seed': '1'}.");
  m.def(
      "generate",
      [](const std::string& level_name, std::uint64_t seed, int size, const std::string& variant,
         const std::string& symmetry, std::optional<std::uint64_t> max_steps, std::optional<std::uint64_t> max_memory) {
        return guarded(max_steps, [&] { return generate(level_name, seed, size, variant, symmetry); }, max_memory);
      },
      py::arg("level"), py::kw_only(), py::arg("seed") = 1, py::arg("size") = 9, py::arg("variant") = "classic",
      py::arg("symmetry") = "rotate180", py::arg("max_steps") = py::none(), py::arg("max_memory") = py::none(),
        "One new puzzle of a level (a press level name, or a rating as text), deterministic for the seed: the "
        "first puzzle of a one-chapter generate-book plan.");
  m.def("rate", &rate, py::arg("puzzles"), py::kw_only(), py::arg("jobs") = 1, py::arg("rating") = true,
        py::arg("explain") = false, py::arg("calibration") = "", py::arg("runs") = py::none(),
        py::arg("max_technique") = py::none(), py::arg("uniqueness") = true, py::arg("invariant") = false,
        py::arg("variant") = "", py::arg("size") = 0, py::arg("box") = "",
        "corpus-rate on a list of puzzle strings: one Report each, in order, on `jobs` threads (0: all cores) "
        "with the GIL released.");
  m.def("levels", [](int size, const std::string& variant) {
    const auto parsed = parse_variant(variant);
    if (!parsed) throw py::value_error("unknown variant '" + variant + "'");
    std::vector<std::string> names;
    for (const auto& lvl : press_calibration(size, *parsed).levels) names.push_back(lvl.name);
    return names;
  }, py::arg("size") = 9, py::arg("variant") = "classic", "The press level names for a grid size.");
}
