// SPDX-License-Identifier: Apache-2.0
// Hints for a book (book_hints.hpp): the stuck step of each puzzle above easy, the how-to-solve
// chapter's examples, and their words through the catalogue.
#include "sudoku/typeset/layout/book_hints.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "sudoku/model/gattai.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/technique/single.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "sudoku/typeset/template/catalog.hpp"

namespace sudoku::typeset {
namespace {

// The families the how-to-solve chapter explains: one description each (a reader's "pointing"
// covers the direct pointing the grader tells apart).
enum class Family {
  full_house,
  hidden_single,
  naked_single,
  pointing,
  claiming,
  naked_subset,
  hidden_subset,
  fish,
  strong_links,
  wing,
  uniqueness,
  chain,
  forcing,
  killer
};

struct Reader {
  const char* title;  // the catalogue's msgid (context "technique")
  Family family;
};

Reader reader_of(Technique technique) {
  switch (technique) {
    case Technique::full_house: return {"full house", Family::full_house};
    case Technique::hidden_single_box:
    case Technique::hidden_single_line: return {"hidden single", Family::hidden_single};
    case Technique::naked_single: return {"naked single", Family::naked_single};
    case Technique::direct_pointing:
    case Technique::pointing: return {"pointing", Family::pointing};
    case Technique::direct_claiming:
    case Technique::claiming: return {"claiming", Family::claiming};
    case Technique::naked_pair: return {"naked pair", Family::naked_subset};
    case Technique::naked_triple: return {"naked triple", Family::naked_subset};
    case Technique::naked_quad: return {"naked quad", Family::naked_subset};
    case Technique::direct_hidden_pair:
    case Technique::hidden_pair: return {"hidden pair", Family::hidden_subset};
    case Technique::direct_hidden_triple:
    case Technique::hidden_triple: return {"hidden triple", Family::hidden_subset};
    case Technique::hidden_quad: return {"hidden quad", Family::hidden_subset};
    case Technique::x_wing: return {"X-wing", Family::fish};
    case Technique::swordfish: return {"swordfish", Family::fish};
    case Technique::jellyfish: return {"jellyfish", Family::fish};
    case Technique::two_strong_links:
    case Technique::three_strong_links:
    case Technique::four_strong_links:
    case Technique::five_strong_links:
    case Technique::six_strong_links: return {"strong links", Family::strong_links};
    case Technique::xy_wing: return {"XY-wing", Family::wing};
    case Technique::xyz_wing: return {"XYZ-wing", Family::wing};
    case Technique::wxyz_wing: return {"WXYZ-wing", Family::wing};
    case Technique::vwxyz_wing: return {"VWXYZ-wing", Family::wing};
    case Technique::unique_rectangle: return {"unique rectangle", Family::uniqueness};
    case Technique::unique_loop: return {"unique loop", Family::uniqueness};
    case Technique::bug: return {"bivalue universal grave", Family::uniqueness};
    case Technique::x_chain: return {"X-chain", Family::chain};
    case Technique::y_chain: return {"Y-cycle", Family::chain};
    case Technique::xy_chain: return {"XY-chain", Family::chain};
    case Technique::forcing_chain: return {"forcing chain", Family::chain};
    case Technique::aligned_pair_exclusion:
    case Technique::aligned_triplet_exclusion: return {"aligned exclusion", Family::forcing};
    case Technique::nishio:
    case Technique::multiple_forcing_chain:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
    case Technique::nested_forcing_chain: return {"dynamic forcing chain", Family::forcing};
    case Technique::cage_completion: return {"cage completion", Family::killer};
    case Technique::cage_combination:
    case Technique::cage_locked_value: return {"cage combinations", Family::killer};
    case Technique::innie_outie:
    case Technique::innie_outie_pair:
    case Technique::cage_split:
    case Technique::union_innie_outie:
    case Technique::virtual_cage: return {"45 rule", Family::killer};
  }
  return {"full house", Family::full_house};
}

// What the how-to-solve chapter says a technique does: its family's text, except where the family's
// members differ in what a sentence must count (a pair's two cells, a triple's three; an X-wing's
// two rows, a swordfish's three), so that no example is explained with another member's numbers.
const char* description_of(Technique technique) {
  switch (technique) {
    case Technique::naked_pair:
      return "When two cells of a unit can only take the same two digits, those digits go in those cells. "
             "Cross them out from the unit's other cells.";
    case Technique::naked_triple:
      return "When three cells of a unit can only take the same three digits between them, those digits go in "
             "those cells. Cross them out from the unit's other cells.";
    case Technique::naked_quad:
      return "When four cells of a unit can only take the same four digits between them, those digits go in "
             "those cells. Cross them out from the unit's other cells.";
    case Technique::direct_hidden_pair:
    case Technique::hidden_pair:
      return "When two digits of a unit fit only in the same two cells, those cells hold them. Cross out every "
             "other digit from those two cells.";
    case Technique::direct_hidden_triple:
    case Technique::hidden_triple:
      return "When three digits of a unit fit only in the same three cells, those cells hold them. Cross out "
             "every other digit from those three cells.";
    case Technique::hidden_quad:
      return "When four digits of a unit fit only in the same four cells, those cells hold them. Cross out "
             "every other digit from those four cells.";
    case Technique::swordfish:
      return "Take one digit. When its places in three rows lie in only three columns, it fills those columns "
             "in these rows. Cross it out from the rest of the three columns. Rows and columns may swap roles.";
    case Technique::jellyfish:
      return "Take one digit. When its places in four rows lie in only four columns, it fills those columns "
             "in these rows. Cross it out from the rest of the four columns. Rows and columns may swap roles.";
    default:
      break;
  }
  switch (reader_of(technique).family) {
    case Family::full_house:
      return "When a row, column or box has one empty cell left, that cell takes the one digit the unit still "
             "lacks.";
    case Family::hidden_single:
      return "Pick a digit and a row, column or box. When only one cell there can still take the digit, the "
             "digit goes in that cell.";
    case Family::naked_single:
      return "Note the digits a cell can still take. When only one is left, it goes in the cell.";
    case Family::pointing:
      return "When a digit's places in a box all lie in one row or column, the digit must go in that part of "
             "the line. Cross it out from the rest of the row or column.";
    case Family::claiming:
      return "When a digit's places in a row or column all lie in one box, the digit must go in that part of "
             "the box. Cross it out from the box's other cells.";
    case Family::naked_subset:
    case Family::hidden_subset:
      break;  // by technique, above
    case Family::fish:
      return "Take one digit. When its places in two rows lie in the same two columns, it fills those columns "
             "in these rows. Cross it out from the rest of the two columns. Rows and columns may swap roles.";
    case Family::strong_links:
      return "Take one digit with only two places in several units, and follow the links: one end of the chain "
             "holds the digit. Cross the digit out from every cell that sees both ends.";
    case Family::wing:
      return "A pivot cell and its pincers share a few digits, so whichever digit the pivot takes, one of the "
             "cells holds the shaded digit. Cross it out from every cell that sees all of them.";
    case Family::uniqueness:
      return "The puzzle has only one solution, so it can never end in a pattern whose digits could be swapped. "
             "Cross out the digits that would leave such a pattern.";
    case Family::chain:
      return "Follow the arrows from digit to digit. Along a solid arrow, when one end is false the other is "
             "true; along a dashed one, when one end is true the other is false. The struck digit is false "
             "however the chain starts.";
    case Family::forcing:
      return "Suppose a digit and follow what it forces. When every choice leads to the same result, or one "
             "leads to a contradiction, the result is certain.";
    case Family::killer:
      return "A cage's digits add up to its sum and never repeat, and every row, column and box adds up to 45. "
             "Compare the cages with the units they lie in to find what the open cells must hold.";
  }
  return "";
}

std::string cell_text(const Geometry& geometry, int cell) {
  std::string text(1, 'r');
  text.append(std::to_string(geometry.row_of(cell) + 1));
  text.push_back('c');
  text.append(std::to_string(geometry.col_of(cell) + 1));
  return text;
}

std::string cells_text(const Geometry& geometry, const std::vector<int>& cells, const Catalog& catalog) {
  std::vector<std::string> names;
  for (int cell : cells) names.push_back(cell_text(geometry, cell));
  return catalog.list(names);
}

// "box 5" -> the catalogue's "box {n}"; unit_name's English words are the msgids' keys.
std::string house_text(const std::shared_ptr<const Geometry>& geometry, const HintClaim& claim,
                       const Catalog& catalog) {
  if (claim.unit) return unit_title(geometry, *claim.unit, catalog);
  if (claim.cage) {
    const auto& cage = geometry->cages()[static_cast<std::size_t>(*claim.cage)];
    return fill(catalog.text("hints", "the cage at {cell}"), {{"cell", cell_text(*geometry, cage.cells.front())}});
  }
  return fill(catalog.text("hints", "box {n}"), {{"n", "1"}});
}

// The house as above; on a gattai board with its grid: "grid 3, row 4".
std::string where_text(const BookStep& step, const HintClaim& claim, const Catalog& catalog) {
  const std::string house = house_text(step.grid->geometry_ptr(), claim, catalog);
  if (step.gattai_grid == 0) return house;
  return fill(catalog.text("hints", "grid {grid}, {where}"),
              {{"grid", std::to_string(step.gattai_grid)}, {"where", house}});
}

// A direct technique (direct pointing, direct claiming, direct hidden pair or triple) is graded as
// the single it leaves, so its step places a digit and removes none; but what a reader does is
// cross out the pattern's candidates first. Those are added to the step (from its evidence, on the
// board it was found on), so the picture strikes them and the sentence says so before the placement.
TechniqueStep with_pattern_removals(const Geometry& geometry, const PencilBoard& board, TechniqueStep step) {
  const StepEvidence& evidence = step.evidence;
  if (!step.eliminations.empty() || evidence.candidates.empty()) return step;
  const auto in = [](const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
  };
  switch (step.technique) {
    case Technique::direct_pointing:
    case Technique::direct_claiming: {
      if (evidence.units.empty() || evidence.cover_units.empty()) return step;
      // The digit's places in the base lie in the cover: it goes from the cover's other cells.
      const int value = evidence.candidates.front().value;
      const auto& base = geometry.units()[static_cast<std::size_t>(evidence.units.front())];
      for (int cell : geometry.units()[static_cast<std::size_t>(evidence.cover_units.front())])
        if (!in(base, cell) && board.has(cell, value)) step.eliminations.push_back({cell, value});
      break;
    }
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple: {
      // The set's cells keep only the set's digits.
      std::vector<int> values;
      for (const CellValue& at : evidence.candidates)
        if (std::find(values.begin(), values.end(), at.value) == values.end()) values.push_back(at.value);
      for (int cell : evidence.cells)
        for (int value = 1; value <= geometry.size(); ++value)
          if (board.has(cell, value) && std::find(values.begin(), values.end(), value) == values.end())
            step.eliminations.push_back({cell, value});
      break;
    }
    default:
      break;
  }
  return step;
}

// The messages of context "hints" this file prints.
constexpr const char* kHintMessages[] = {
    "How to solve", "Hints", "Hint: page {page}", "Puzzle {number}, page {page}", "From puzzle {number}, page {page}:",
    "row {n}", "column {n}", "box {n}", "region {n}", "diagonal {n}", "the cage at {cell}", "1. Look at {where}.",
    "2. Technique: {technique}.", "3. Cells: {cells}.", "4. {result}", "It places {value} in {cell}.",
    "It removes {values} from {cells}.", "Tip: look at {where} ({technique}).", "grid {grid}, {where}",
    "From puzzle {number}, grid {grid}, page {page}:"};

// A puzzle's path graded in explain mode, with the board before each step: what the hint pages, the
// how-to-solve examples and the web edition picture. Empty when the grader does not finish the
// puzzle or a board cannot be replayed.
struct GradedPath {
  TechniqueGrade grade;
  std::shared_ptr<const Grid> grid;
  std::vector<PencilBoard> boards;

  // Step `i` as the book prints it; on a gattai board on its one grid, nullopt when it needs more.
  std::optional<BookStep> step(int number, std::size_t chapter, std::size_t index, std::size_t i) const {
    return one_grid_step(BookStep{number, chapter, index, grid, boards[i],
                                  with_pattern_removals(grid->geometry(), boards[i], grade.steps[i]), 0, nullptr});
  }
};

std::optional<GradedPath> graded_path(const Grid& puzzle) {
  TechniqueOptions options;
  options.explain = true;
  GradedPath path{grade_techniques(puzzle, options), std::make_shared<const Grid>(puzzle), {}};
  if (!path.grade.solved()) return std::nullopt;
  path.boards = step_boards(puzzle, path.grade.steps);
  if (path.boards.size() != path.grade.steps.size()) return std::nullopt;
  return path;
}

}  // namespace

// "box 5" -> the catalogue's "box {n}"; unit_name's English words are the msgids' keys.
std::string unit_title(const std::shared_ptr<const Geometry>& geometry, int unit, const Catalog& catalog) {
  const std::string name = unit_name(geometry, unit);
  const std::size_t space = name.rfind(' ');
  const std::string kind = name.substr(0, space);
  const std::string number = space == std::string::npos ? "" : name.substr(space + 1);
  for (const char* known : {"row", "column", "box", "region", "diagonal"})
    if (kind == known) return fill(catalog.text("hints", std::string(known) + " {n}"), {{"n", number}});
  return name;
}

std::vector<std::pair<std::string, std::string>> hint_messages() {
  std::vector<std::pair<std::string, std::string>> messages;
  for (const char* id : kHintMessages) messages.emplace_back("hints", id);
  for (int t = 0; t < kTechniqueCount; ++t) {
    const Reader reader = reader_of(static_cast<Technique>(t));
    for (const std::string& id : {std::string(reader.title), std::string(description_of(static_cast<Technique>(t)))})
      if (std::find(messages.begin(), messages.end(), std::pair<std::string, std::string>("technique", id)) ==
          messages.end())
        messages.emplace_back("technique", id);
  }
  for (int t = 0; t < kTechniqueCount; ++t) {
    const std::string family(technique_family(static_cast<Technique>(t)));
    if (!family.empty() &&
        std::find(messages.begin(), messages.end(), std::pair<std::string, std::string>("technique", family)) ==
            messages.end())
      messages.emplace_back("technique", family);
  }
  return messages;
}

std::vector<Catalog::Message> printed_messages() {
  std::vector<Catalog::Message> list = composed_messages();
  for (const auto& [context, id] : hint_messages()) {
    Catalog::Message message;
    message.context = context;
    message.id = id;
    list.push_back(std::move(message));
  }
  return list;
}

double basic_score(const std::string& level) {
  if (level == "gentle" || level == "easy") return 0;
  if (level == "tough" || level == "hard") return 2.8;
  if (level == "evil" || level == "extreme") return 3.2;
  return 2.3;
}

HintClaim hint_claim(const Geometry& geometry, const TechniqueStep& step) {
  HintClaim claim;
  claim.technique = step.technique;
  const StepEvidence& evidence = step.evidence;
  if (!evidence.units.empty())
    claim.unit = evidence.units.front();
  else if (!evidence.cages.empty())
    claim.cage = evidence.cages.front();
  claim.cells = evidence.cells;
  if (claim.cells.empty())
    for (const CellValue& at : evidence.candidates)
      if (std::find(claim.cells.begin(), claim.cells.end(), at.cell) == claim.cells.end()) claim.cells.push_back(at.cell);
  if (claim.cells.empty())
    for (const CellValue& at : step.placements) claim.cells.push_back(at.cell);
  // Without a unit in the evidence (a naked single, a wing), the box of the pattern's first cell.
  if (!claim.unit && !claim.cage && !claim.cells.empty()) {
    const int box = geometry.box_of(claim.cells.front());
    const auto& units = geometry.units();
    for (std::size_t unit = 0; unit < units.size(); ++unit) {
      const auto& members = units[unit];
      // A box is the unit holding the cell whose cells all share its box.
      if (std::find(members.begin(), members.end(), claim.cells.front()) != members.end() &&
          std::all_of(members.begin(), members.end(), [&](int cell) { return geometry.box_of(cell) == box; })) {
        claim.unit = static_cast<int>(unit);
        break;
      }
    }
  }
  return claim;
}

std::vector<BookStep> puzzle_path(const Book& book, std::size_t chapter, std::size_t index, int number) {
  const std::optional<GradedPath> graded = graded_path(book.chapters.at(chapter).puzzles.at(index).puzzle);
  if (!graded) return {};
  std::vector<BookStep> path;
  path.reserve(graded->grade.steps.size());
  for (std::size_t i = 0; i < graded->grade.steps.size(); ++i)
    if (std::optional<BookStep> step = graded->step(number, chapter, index, i)) path.push_back(std::move(*step));
  return path;
}

BookHints find_book_hints(const Book& book, bool examples) {
  BookHints hints;
  std::set<std::string> explained;  // reader titles with an example already
  std::map<Technique, BookStep> first_of;
  int number = 0;
  for (std::size_t chapter = 0; chapter < book.chapters.size(); ++chapter)
    for (std::size_t index = 0; index < book.chapters[chapter].puzzles.size(); ++index) {
      ++number;
      const BookPuzzle& puzzle = book.chapters[chapter].puzzles[index];
      const double basic = basic_score(puzzle.level);
      if (basic <= 0 && !examples) continue;
      const std::optional<GradedPath> graded = graded_path(puzzle.puzzle);
      if (!graded || graded->grade.steps.empty()) continue;
      const TechniqueGrade& grade = graded->grade;
      const auto make = [&](std::size_t i) { return graded->step(number, chapter, index, i); };
      if (examples)
        for (std::size_t i = 0; i < grade.steps.size(); ++i) {
          const TechniqueStep& step = grade.steps[i];
          // An example needs a pattern to picture (the evidence) and a result to state.
          if (step.evidence.empty() || (step.placements.empty() && step.eliminations.empty())) continue;
          const std::string title = reader_of(step.technique).title;
          if (explained.count(title)) continue;
          if (std::optional<BookStep> example = make(i)) {  // a gattai step: on one grid only
            explained.insert(title);
            first_of.emplace(step.technique, std::move(*example));
          }
        }
      if (basic <= 0) continue;
      std::size_t hardest = 0;
      std::optional<std::size_t> stuck;
      for (std::size_t i = 0; i < grade.steps.size(); ++i) {
        if (grade.steps[i].score > grade.steps[hardest].score + 1e-9) hardest = i;
        if (!stuck && grade.steps[i].score > basic + 1e-9 && !grade.steps[i].evidence.empty()) stuck = i;
      }
      const std::size_t chosen = stuck.value_or(hardest);
      if (is_single(grade.steps[chosen].technique) || grade.steps[chosen].evidence.empty()) continue;
      // A gattai step that needs two grids or more has no picture a reader can read: no hint.
      if (std::optional<BookStep> hint = make(chosen)) hints.hints.push_back(std::move(*hint));
    }
  for (auto& [technique, step] : first_of) hints.examples.push_back(std::move(step));
  return hints;
}

std::vector<Technique> chapter_techniques(const Book& book, std::size_t chapter) {
  TechniqueOptions options;
  // Graded as the book's levels were: the press levels leave the uniqueness techniques out.
  if (const auto* settings = book.calibration.if_contains("options"); settings != nullptr && settings->is_object())
    if (const auto* uniqueness = settings->as_object().if_contains("uniqueness"); uniqueness != nullptr)
      options.uniqueness = !(uniqueness->is_bool() ? !uniqueness->as_bool()
                                                    : uniqueness->is_string() && uniqueness->as_string() == "false");
  std::array<bool, kTechniqueCount> used{};
  for (const BookPuzzle& puzzle : book.chapters[chapter].puzzles) {
    const TechniqueGrade grade = grade_techniques(puzzle.puzzle, options);
    for (std::size_t t = 0; t < kTechniqueCount; ++t) used[t] = used[t] || grade.steps_by_technique[t] > 0;
  }
  // One technique per reader's name (pointing and direct pointing are one), in the ladder's order.
  std::vector<Technique> techniques;
  std::vector<std::string_view> titles;
  for (std::size_t t = 0; t < kTechniqueCount; ++t) {
    if (!used[t]) continue;
    const std::string_view title = reader_of(static_cast<Technique>(t)).title;
    if (std::find(titles.begin(), titles.end(), title) != titles.end()) continue;
    titles.push_back(title);
    techniques.push_back(static_cast<Technique>(t));
  }
  return techniques;
}

Grid rules_example_puzzle() {
  Grid grid(Geometry::standard(4));
  constexpr std::string_view kGivens = ".2.4..1..1..4.2.";
  for (std::size_t cell = 0; cell < kGivens.size(); ++cell)
    if (kGivens[cell] != '.') grid.set(static_cast<int>(cell), kGivens[cell] - '0');
  return grid;
}

std::optional<Grid> rules_example_solution(const Grid& puzzle) {
  TechniqueOptions options;
  options.explain = true;
  const TechniqueGrade grade = grade_techniques(puzzle, options);
  if (!grade.solved()) return std::nullopt;
  Grid solution = puzzle;
  for (const TechniqueStep& step : grade.steps)
    for (const CellValue& at : step.placements) solution.set(at.cell, at.value);
  return solution;
}

std::string example_source(const BookStep& step, int number, int page, const Catalog& catalog) {
  std::vector<std::pair<std::string, std::string>> where{{"number", std::to_string(number)},
                                                         {"page", std::to_string(page)}};
  if (step.gattai_grid == 0) return fill(catalog.text("hints", "From puzzle {number}, page {page}:"), where);
  where.emplace_back("grid", std::to_string(step.gattai_grid));
  return fill(catalog.text("hints", "From puzzle {number}, grid {grid}, page {page}:"), where);
}

std::optional<BookStep> one_grid_step(const BookStep& step) {
  const Geometry& board = step.grid->geometry();
  const GattaiShape* shape = board.gattai_shape();
  if (shape == nullptr) return step;
  const TechniqueStep& found = step.step;
  const StepEvidence& evidence = found.evidence;
  if (!evidence.cages.empty()) return std::nullopt;
  // Every cell the step reads or changes, a house's cells all.
  const auto& units = board.units();
  std::vector<int> named;
  const auto add_unit = [&](int unit) {
    if (unit >= 0)
      named.insert(named.end(), units[static_cast<std::size_t>(unit)].begin(),
                   units[static_cast<std::size_t>(unit)].end());
  };
  for (int unit : evidence.units) add_unit(unit);
  for (int unit : evidence.cover_units) add_unit(unit);
  named.insert(named.end(), evidence.cells.begin(), evidence.cells.end());
  for (const auto* list : {&evidence.candidates, &found.placements, &found.eliminations})
    for (const CellValue& at : *list) named.push_back(at.cell);
  for (const EvidenceLink& link : evidence.links) named.insert(named.end(), {link.from.cell, link.to.cell});
  for (const EvidenceBranch& branch : evidence.branches)
    for (const EvidenceNode& node : branch.nodes) {
      named.insert(named.end(), node.cells.begin(), node.cells.end());
      named.insert(named.end(), node.pattern.begin(), node.pattern.end());
      add_unit(node.unit);
    }
  for (int g = 0; g < static_cast<int>(shape->origins.size()); ++g) {
    const std::vector<int> cells = gattai_grid_cells(board, g);
    std::vector<int> local(static_cast<std::size_t>(board.cell_count()), -1);
    for (std::size_t i = 0; i < cells.size(); ++i)
      local[static_cast<std::size_t>(cells[i])] = static_cast<int>(i);
    if (!std::all_of(named.begin(), named.end(),
                     [&](int cell) { return local[static_cast<std::size_t>(cell)] >= 0; }))
      continue;
    // The grid as a classic 9x9: its givens, its part of the board, its houses by their cells.
    BookStep on_grid = step;
    on_grid.gattai_grid = g + 1;
    on_grid.gattai_board = step.grid->geometry_ptr();
    on_grid.grid = std::make_shared<const Grid>(gattai_grid(*step.grid, g));
    const Geometry& single = on_grid.grid->geometry();
    std::map<std::vector<int>, int> house_of;
    for (std::size_t unit = 0; unit < single.units().size(); ++unit) {
      std::vector<int> members = single.units()[unit];
      std::sort(members.begin(), members.end());
      house_of.emplace(std::move(members), static_cast<int>(unit));
    }
    on_grid.board.values.clear();
    on_grid.board.candidates.clear();
    for (int cell : cells) {
      on_grid.board.values.push_back(step.board.values[static_cast<std::size_t>(cell)]);
      on_grid.board.candidates.push_back(step.board.candidates[static_cast<std::size_t>(cell)]);
    }
    const auto cell_of = [&](int cell) { return local[static_cast<std::size_t>(cell)]; };
    bool houses = true;  // every house a house of the grid (a board house inside a grid always is)
    const auto unit_of = [&](int unit) {
      if (unit < 0) return unit;
      std::vector<int> members;
      for (int cell : units[static_cast<std::size_t>(unit)]) members.push_back(cell_of(cell));
      std::sort(members.begin(), members.end());
      const auto it = house_of.find(members);
      houses = houses && it != house_of.end();
      return it == house_of.end() ? -1 : it->second;
    };
    const auto map_cells = [&](std::vector<int>& list) {
      for (int& cell : list) cell = cell_of(cell);
    };
    const auto map_values = [&](std::vector<CellValue>& list) {
      for (CellValue& at : list) at.cell = cell_of(at.cell);
    };
    TechniqueStep& mapped = on_grid.step;
    StepEvidence& e = mapped.evidence;
    for (int& unit : e.units) unit = unit_of(unit);
    for (int& unit : e.cover_units) unit = unit_of(unit);
    map_cells(e.cells);
    map_values(e.candidates);
    map_values(mapped.placements);
    map_values(mapped.eliminations);
    for (EvidenceLink& link : e.links) {
      link.from.cell = cell_of(link.from.cell);
      link.to.cell = cell_of(link.to.cell);
    }
    for (EvidenceBranch& branch : e.branches)
      for (EvidenceNode& node : branch.nodes) {
        map_cells(node.cells);
        std::sort(node.cells.begin(), node.cells.end());  // ascending, as the evidence keeps them
        map_cells(node.pattern);
        std::sort(node.pattern.begin(), node.pattern.end());
        node.unit = unit_of(node.unit);
      }
    if (!houses) return std::nullopt;
    return on_grid;
  }
  return std::nullopt;
}

std::string technique_title(Technique technique, const Catalog& catalog) {
  return catalog.text("technique", reader_of(technique).title);
}

// The opener's groups are unions of the how-to-solve families (reader_of), so a technique is
// classified in one place.
std::string_view technique_family(Technique technique) {
  switch (reader_of(technique).family) {
    case Family::full_house:
    case Family::hidden_single:
    case Family::naked_single:
      return "singles";
    case Family::pointing:
    case Family::claiming:
      return "locked candidates";
    case Family::naked_subset:
    case Family::hidden_subset:
      return "subsets";
    case Family::fish:
      return "fish";
    case Family::wing:
      return "wings";
    case Family::strong_links:
    case Family::chain:
    case Family::forcing:
      return "chains";
    case Family::uniqueness:
      return "uniqueness patterns";
    case Family::killer:
      break;
  }
  return "";
}

std::vector<std::string> technique_list(const std::vector<Technique>& techniques, const Catalog& catalog) {
  std::vector<std::string> names;
  if (techniques.size() <= kMostTechniquesListed) {
    for (const Technique technique : techniques) names.push_back(technique_title(technique, catalog));
    return names;
  }
  std::map<std::string_view, int> members;
  for (const Technique technique : techniques) ++members[technique_family(technique)];
  std::set<std::string_view> named;
  for (const Technique technique : techniques) {
    const std::string_view family = technique_family(technique);
    if (family.empty() || members[family] < 2) {
      names.push_back(technique_title(technique, catalog));
    } else if (named.insert(family).second) {
      names.push_back(catalog.text("technique", std::string(family)));
    }
  }
  return names;
}

std::string technique_description(Technique technique, const Catalog& catalog) {
  return catalog.text("technique", description_of(technique));
}

std::string step_result(const BookStep& step, const Catalog& catalog) {
  const Geometry& geometry = step.grid->geometry();
  std::vector<std::string> sentences;
  // What the pattern removes comes first: a placement it leaves (a direct technique's) follows from it.
  if (!step.step.eliminations.empty()) {
    std::vector<std::string> values;
    std::vector<int> cells;
    for (const CellValue& at : step.step.eliminations) {
      const std::string value(1, value_symbol(at.value));
      if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
      if (std::find(cells.begin(), cells.end(), at.cell) == cells.end()) cells.push_back(at.cell);
    }
    std::sort(values.begin(), values.end());
    sentences.push_back(fill(catalog.text("hints", "It removes {values} from {cells}."),
                             {{"values", catalog.list(values)}, {"cells", cells_text(geometry, cells, catalog)}}));
  }
  for (const CellValue& at : step.step.placements)
    sentences.push_back(fill(catalog.text("hints", "It places {value} in {cell}."),
                             {{"value", std::string(1, value_symbol(at.value))}, {"cell", cell_text(geometry, at.cell)}}));
  return join_sentences(sentences);
}

std::vector<std::string> hint_lines(const BookStep& hint, const Catalog& catalog) {
  const HintClaim claim = hint_claim(hint.grid->geometry(), hint.step);
  std::vector<std::string> lines;
  lines.push_back(fill(catalog.text("hints", "1. Look at {where}."),
                       {{"where", where_text(hint, claim, catalog)}}));
  lines.push_back(
      fill(catalog.text("hints", "2. Technique: {technique}."), {{"technique", technique_title(claim.technique, catalog)}}));
  if (!claim.cells.empty())
    lines.push_back(fill(catalog.text("hints", "3. Cells: {cells}."),
                         {{"cells", cells_text(hint.grid->geometry(), claim.cells, catalog)}}));
  lines.push_back(fill(catalog.text("hints", "4. {result}"), {{"result", step_result(hint, catalog)}}));
  return lines;
}

std::string tip_line(const BookStep& hint, const Catalog& catalog) {
  const HintClaim claim = hint_claim(hint.grid->geometry(), hint.step);
  return fill(catalog.text("hints", "Tip: look at {where} ({technique})."),
              {{"where", where_text(hint, claim, catalog)},
               {"technique", technique_title(claim.technique, catalog)}});
}

}  // namespace sudoku::typeset
