// SPDX-License-Identifier: Apache-2.0
// Pictures of a step (step_picture.hpp) and corpus-rate --explain --format svg|pdf: drawn from the
// evidence and the board, not from the sentence; one PDF page per picture; same input, same bytes.
#include "sudoku/typeset/draw/step_picture.hpp"

#include <gtest/gtest.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <set>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "sudoku/model/killer_io.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "test_support.hpp"

namespace sudoku::typeset {
namespace {

// A se-rated puzzle whose path has a Y-cycle (6.6): links both strong and weak.
constexpr const char* kCyclePuzzle =
    "..52.41.6.4.....8.3.7.....2.2.5........861........3.5.9.....7.5.1.....6.7.41.69..";

const PlotFonts& fonts() {
  static FontLibrary library({std::string(SUDOKU_SOURCE_DIR) + "/fonts"});
  static const PlotFonts found = find_plot_fonts(library);
  return found;
}

// The steps of a puzzle's path with their boards, as pictures.
std::vector<StepPicture> pictures_of(const std::string& line) {
  const auto puzzle = std::make_shared<const Grid>(parse_puzzle(line));
  TechniqueOptions options;
  options.explain = true;
  const TechniqueGrade grade = grade_techniques(*puzzle, options);
  const std::vector<PencilBoard> boards = step_boards(*puzzle, grade.steps);
  std::vector<StepPicture> pictures;
  for (std::size_t i = 0; i < grade.steps.size(); ++i)
    pictures.push_back({puzzle, boards[i], grade.steps[i], "step " + std::to_string(i + 1)});
  return pictures;
}

StepPicture first_with_links(const std::vector<StepPicture>& pictures) {
  for (const StepPicture& picture : pictures)
    if (!picture.step.evidence.links.empty()) return picture;
  ADD_FAILURE() << "no step with links";
  return pictures.front();
}

// The grid part of a PNG rendering (the caption below it cut off), as raw pixels.
std::string grid_pixels(const StepPicture& picture) {
  std::string png = render_step_pictures({picture}, fonts(), PlotFormat::png, {});
  struct Reader {
    const std::string* bytes;
    std::size_t at = 0;
  } reader{&png};
  cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(
      [](void* closure, unsigned char* data, unsigned int length) {
        auto* r = static_cast<Reader*>(closure);
        if (r->at + length > r->bytes->size()) return CAIRO_STATUS_READ_ERROR;
        std::memcpy(data, r->bytes->data() + r->at, length);
        r->at += length;
        return CAIRO_STATUS_SUCCESS;
      },
      &reader);
  EXPECT_EQ(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS);
  cairo_surface_flush(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const int grid_rows = 2 * (18 + 432);  // two pixels a point: margin and grid of a page picture
  std::string pixels(reinterpret_cast<const char*>(cairo_image_surface_get_data(surface)),
                     static_cast<std::size_t>(stride * grid_rows));
  cairo_surface_destroy(surface);
  return pixels;
}

TEST(StepPicture, DrawnFromTheEvidenceNotTheSentence) {
  const StepPicture picture = first_with_links(pictures_of(kCyclePuzzle));
  const std::string drawn = grid_pixels(picture);
  StepPicture reworded = picture;
  reworded.step.detail = "a sentence that says something else entirely";
  EXPECT_EQ(grid_pixels(reworded), drawn);
  StepPicture unlinked = picture;
  unlinked.step.evidence.links.pop_back();
  EXPECT_NE(grid_pixels(unlinked), drawn);
  StepPicture weak = picture;
  weak.step.evidence.links.front().strong = !weak.step.evidence.links.front().strong;
  EXPECT_NE(grid_pixels(weak), drawn);
  StepPicture unshaded = picture;
  unshaded.step.evidence.cells.clear();
  EXPECT_NE(grid_pixels(unshaded), drawn);
}

// top95's 11th puzzle: grouped strong-link chains (4.3, 5.7) and a region forcing chain (8.5).
constexpr const char* kForcingPuzzle =
    "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..";

// A grouped chain is drawn with a box around each group, a forcing chain with an arrow per link of
// each branch: each part of the evidence changes the drawing.
TEST(StepPicture, GroupedChainsAndForcingChainsAreDrawnFromTheirBranches) {
  const std::vector<StepPicture> pictures = pictures_of(kForcingPuzzle);
  const StepPicture* grouped = nullptr;
  const StepPicture* forcing = nullptr;
  for (const StepPicture& picture : pictures) {
    const auto& branches = picture.step.evidence.branches;
    if (branches.empty()) continue;
    const bool has_group = std::any_of(branches.front().nodes.begin(), branches.front().nodes.end(),
                                       [](const EvidenceNode& node) { return node.cells.size() > 1; });
    if (grouped == nullptr && has_group) grouped = &picture;
    if (forcing == nullptr && branches.size() > 1 && picture.step.technique == Technique::multiple_forcing_chain)
      forcing = &picture;
  }
  ASSERT_NE(grouped, nullptr);
  ASSERT_NE(forcing, nullptr);
  const std::string chain = grid_pixels(*grouped);
  StepPicture ungrouped = *grouped;
  for (EvidenceNode& node : ungrouped.step.evidence.branches.front().nodes) node.cells.resize(1);
  EXPECT_NE(grid_pixels(ungrouped), chain);  // the boxes go, the arrows move
  StepPicture reworded = *grouped;
  reworded.step.detail = "something else";
  EXPECT_EQ(grid_pixels(reworded), chain);
  const std::string branches = grid_pixels(*forcing);
  StepPicture unlinked = *forcing;
  unlinked.step.evidence.branches.back().nodes.back().parents.clear();
  EXPECT_NE(grid_pixels(unlinked), branches);
  // A pattern's node (dynamic (+), nested, Killer cages) is entered by no arrows: drawn as if it
  // had no parents.
  StepPicture patterned = *forcing;
  patterned.step.evidence.branches.back().nodes.back().rule = NodeRule::intersection;
  EXPECT_EQ(grid_pixels(patterned), grid_pixels(unlinked));
  StepPicture one_branch = *forcing;
  one_branch.step.evidence.branches.resize(1);
  EXPECT_NE(grid_pixels(one_branch), branches);
  StepPicture flipped = *forcing;  // an on node made off: its links into and out of it change kind
  for (EvidenceNode& node : flipped.step.evidence.branches.front().nodes)
    if (node.on && !node.parents.empty()) {
      node.on = false;
      break;
    }
  EXPECT_NE(grid_pixels(flipped), branches);
}

TEST(StepPicture, OnePdfPagePerPictureSameBytesEveryTime) {
  const std::vector<StepPicture> pictures = pictures_of(kCyclePuzzle);
  const std::vector<StepPicture> three(pictures.begin(), pictures.begin() + 3);
  const std::string pdf = render_step_pictures(three, fonts(), PlotFormat::pdf, {});
  const std::regex page(R"(/Type\s*/Page[^s])");
  EXPECT_EQ(std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()), 3);
  EXPECT_EQ(render_step_pictures(three, fonts(), PlotFormat::pdf, {}), pdf);
  EXPECT_THROW(render_step_pictures(three, fonts(), PlotFormat::svg, {}), std::invalid_argument);
  EXPECT_THROW(render_step_pictures({}, fonts(), PlotFormat::pdf, {}), std::invalid_argument);
  // A quarter-page picture is smaller than a page one.
  StepPictureOptions quarter;
  quarter.size = StepPictureSize::quarter;
  const std::string small = render_step_pictures({three.front()}, fonts(), PlotFormat::svg, quarter);
  const std::string large = render_step_pictures({three.front()}, fonts(), PlotFormat::svg, {});
  EXPECT_NE(small.find("width=\"272pt\""), std::string::npos) << small.substr(0, 300);
  EXPECT_NE(large.find("width=\"468pt\""), std::string::npos) << large.substr(0, 300);
}

// A teaching board's words as pdftotext -bbox reads them: each one's text and the ink box of its
// digits, from DejaVu Sans's metrics (the test's fonts): the box poppler gives runs from the
// ascent (0.928 em) to the descent (0.236 em); a digit's ink stands 0.729 em on the baseline.
struct Word {
  std::string text;
  double size = 0;  // points
  double left = 0, top = 0, right = 0, bottom = 0;  // the ink
};

std::vector<std::vector<Word>> teaching_words(const std::vector<StepPicture>& pictures, double side,
                                              const TeachingStyle& style) {
  const testing::TempDir folder("teaching-board");
  const std::string pdf = folder / "boards.pdf";
  cairo_surface_t* surface = cairo_pdf_surface_create(pdf.c_str(), side + 20, side + 20);
  cairo_t* cairo = cairo_create(surface);
  for (const StepPicture& picture : pictures) {
    draw_step_board(cairo, picture, style, {10, 10}, side);
    cairo_show_page(cairo);
  }
  cairo_destroy(cairo);
  cairo_surface_finish(surface);
  cairo_surface_destroy(surface);
  const testing::CommandResult text = testing::run_command("pdftotext -bbox " + pdf + " -");
  EXPECT_EQ(text.exit_code, 0) << text.err;
  std::vector<std::vector<Word>> pages;
  // Read by hand: std::regex over some 100 pages of words takes seconds.
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("<page ") != std::string::npos) pages.emplace_back();
    const std::size_t at = line.find("<word ");
    if (at == std::string::npos || pages.empty()) continue;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if (std::sscanf(line.c_str() + at, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">", &x0, &y0, &x1,
                    &y1) != 4)
      continue;
    const std::size_t open = line.find('>', at) + 1;
    const std::string word = line.substr(open, line.find('<', open) - open);
    const double size = (y1 - y0) / (0.928 + 0.236);
    const double baseline = y1 - 0.236 * size;
    pages.back().push_back({word, size, x0 + 0.06 * size, baseline - 0.729 * size, x1 - 0.06 * size, baseline});
  }
  EXPECT_EQ(pages.size(), pictures.size());
  return pages;
}

// The candidates a teaching board may print: those of the cells the step uses (its pattern, its
// removals, a chain's nodes), every other cell's left out.
std::size_t candidates_of_used_cells(const StepPicture& picture) {
  std::set<int> cells;
  const StepEvidence& evidence = picture.step.evidence;
  for (const CellValue& at : evidence.candidates) cells.insert(at.cell);
  for (const CellValue& at : picture.step.eliminations) cells.insert(at.cell);
  for (const EvidenceLink& link : evidence.links) cells.insert({link.from.cell, link.to.cell});
  for (const EvidenceBranch& branch : evidence.branches)
    for (const EvidenceNode& node : branch.nodes) cells.insert(node.cells.begin(), node.cells.end());
  for (const CellValue& at : picture.step.placements) cells.erase(at.cell);
  std::size_t count = 0;
  for (int cell : cells)
    if (picture.board.values[static_cast<std::size_t>(cell)] == 0)
      for (int v = 1; v <= picture.puzzle->geometry().size(); ++v) count += picture.board.has(cell, v) ? 1 : 0;
  return count;
}

// A teaching page's picture (draw_step_board), for every step of a classic path with chains and of
// a Killer path: only the candidates the step uses are printed (with the rest of their cells'),
// no digit is printed over another, and a Killer cage sum is never under 6 pt, though the board is
// as small as a teaching page allows.
// A naked single's picture rings the values that emptied its cell: one of each other value, each in
// one of the step's houses (its evidence), and here, where no earlier step eliminated anything from
// the cell, all of them.
TEST(StepPicture, NakedSinglesRingTheValuesThatEmptiedTheirCell) {
  const std::vector<StepPicture> pictures =
      pictures_of("....6.1...2.9.4.5.95..8..647...5.42...........13.4...753..9..48.6.4.5.7...9.3....");
  int singles = 0;
  for (const StepPicture& picture : pictures) {
    const Geometry& geometry = picture.puzzle->geometry();
    const std::vector<CellValue> emptying = emptying_values(geometry, picture.board, picture.step);
    if (picture.step.technique != Technique::naked_single) {
      EXPECT_TRUE(emptying.empty());
      continue;
    }
    ++singles;
    const CellValue placed = picture.step.placements.front();
    std::set<int> values;
    for (const CellValue& at : emptying) {
      EXPECT_NE(at.value, placed.value);
      EXPECT_EQ(picture.board.values[static_cast<std::size_t>(at.cell)], at.value);
      EXPECT_TRUE(values.insert(at.value).second) << "value " << at.value << " ringed twice";
      bool in_a_house = false;
      for (int unit : picture.step.evidence.units)
        for (int cell : geometry.units()[static_cast<std::size_t>(unit)]) in_a_house = in_a_house || cell == at.cell;
      EXPECT_TRUE(in_a_house) << "r" << geometry.row_of(at.cell) + 1 << "c" << geometry.col_of(at.cell) + 1;
    }
    // Every value missing from the cell's houses was eliminated by an earlier step, which this
    // singles-only path has none of.
    EXPECT_EQ(values.size(), static_cast<std::size_t>(geometry.size() - 1));
  }
  EXPECT_GT(singles, 0);
}

TEST(StepPicture, TeachingBoardsPrintTheStepsCandidatesAndNothingOverAnything) {
  std::vector<StepPicture> pictures = pictures_of(kCyclePuzzle);
  std::ifstream sample(testing::test_data("killer-sample.txt"));
  const std::vector<PuzzleEntry> killers = read_killer_puzzles(sample, "killer-sample.txt");
  ASSERT_FALSE(killers.empty());
  {
    const auto puzzle = std::make_shared<const Grid>(*killers.front().grid);
    TechniqueOptions options;
    options.explain = true;
    const TechniqueGrade grade = grade_techniques(*puzzle, options);
    const std::vector<PencilBoard> boards = step_boards(*puzzle, grade.steps);
    for (std::size_t i = 0; i < grade.steps.size(); ++i) pictures.push_back({puzzle, boards[i], grade.steps[i], ""});
  }
  {
    // The first step of each technique of each path (a Cairo PDF page of dashed cages is slow).
    std::set<std::pair<bool, Technique>> seen;
    std::erase_if(pictures, [&seen](const StepPicture& picture) {
      return !seen.insert({picture.puzzle->geometry().cages().empty(), picture.step.technique}).second;
    });
  }
  const TeachingStyle style{fonts(), 6};
  const double side = teaching_side(6, 9);
  EXPECT_NEAR(teaching_mark_size(side, 9), 6, 1e-9);
  const std::vector<std::vector<Word>> pages = teaching_words(pictures, side, style);
  ASSERT_EQ(pages.size(), pictures.size());
  const double cell = side / 9;
  int killer_steps = 0;
  for (std::size_t p = 0; p < pages.size(); ++p) {
    const StepPicture& picture = pictures[p];
    SCOPED_TRACE("step " + std::to_string(p) + ": " + std::string(technique_name(picture.step.technique)));
    const auto& cages = picture.puzzle->geometry().cages();
    killer_steps += cages.empty() ? 0 : 1;
    std::size_t candidates = 0;
    std::size_t sums = 0;
    for (const Word& word : pages[p]) {
      if (word.size > 0.4 * cell) continue;  // a value, not a pencil mark
      const bool sum = word.size < 0.3 * cell && std::any_of(cages.begin(), cages.end(), [&](const Cage& cage) {
        const int first = cage.cells.front();
        const double x = 10 + picture.puzzle->geometry().col_of(first) * cell;
        const double y = 10 + picture.puzzle->geometry().row_of(first) * cell;
        return word.text == std::to_string(cage.sum) && word.left >= x && word.left < x + 0.3 * cell &&
               word.top >= y && word.top < y + 0.3 * cell;
      });
      if (sum) {
        ++sums;
        EXPECT_GE(word.size, 6 - 0.05) << "cage sum " << word.text;
      } else {
        candidates += word.text.size();
      }
    }
    EXPECT_EQ(sums, cages.size());
    EXPECT_EQ(candidates, candidates_of_used_cells(picture));
    for (std::size_t a = 0; a < pages[p].size(); ++a)
      for (std::size_t b = a + 1; b < pages[p].size(); ++b) {
        const Word& x = pages[p][a];
        const Word& y = pages[p][b];
        const bool apart = x.right <= y.left || y.right <= x.left || x.bottom <= y.top || y.bottom <= x.top;
        EXPECT_TRUE(apart) << "'" << x.text << "' at " << x.left << "," << x.top << " over '" << y.text << "' at "
                           << y.left << "," << y.top;
      }
  }
  EXPECT_GE(killer_steps, 5);
}

std::string corpus_rate() { return testing::tool_path("corpus-rate"); }

TEST(StepPictureCli, HardestStepAPagePerPuzzleOrEveryStepBeyondSingles) {
  const std::string dir = testing::make_temp_dir("step-pictures");
  const std::string corpus = dir + "/two.txt";
  testing::write_text_file(corpus, std::string(kCyclePuzzle) + "\n" +
                                       "9.2.....671...8..2.4.....5..97..6..1...3.9...2..8..97..2.....9.5..4...681.....4.5\n");
  const auto pages = [](const std::string& pdf) {
    const std::regex page(R"(/Type\s*/Page[^s])");
    return std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator());
  };
  const auto hardest = testing::run_command(corpus_rate() + " --explain -f pdf -j1 --runs 1 -o " + dir + "/h.pdf " + corpus);
  ASSERT_EQ(hardest.exit_code, 0) << hardest.err;
  EXPECT_EQ(hardest.out, "");
  EXPECT_EQ(pages(testing::read_text_file(dir + "/h.pdf")), 2);
  // Every step beyond singles: as many pages as the JSON path has such steps.
  const auto all = testing::run_command(corpus_rate() + " --explain -f pdf --pictures all --picture-size quarter -j1 --runs 1 -o " +
                                        dir + "/all.pdf " + corpus);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const auto json = testing::run_command(corpus_rate() + " --explain -f json -j1 --runs 1 " + corpus);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const std::regex beyond_singles(
      R"re("technique":"(?!full-house"|hidden-single-box"|hidden-single-line"|naked-single")[a-z-]+")re");
  const auto expected = std::distance(std::sregex_iterator(json.out.begin(), json.out.end(), beyond_singles),
                                      std::sregex_iterator());
  EXPECT_GT(expected, 2);
  EXPECT_EQ(pages(testing::read_text_file(dir + "/all.pdf")), expected);
  // SVG: one file per picture, the second and later numbered.
  const auto svg = testing::run_command(corpus_rate() + " --explain -f svg -j1 --runs 1 -o " + dir + "/h.svg " + corpus);
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_NE(testing::read_text_file(dir + "/h.svg").find("<svg"), std::string::npos);
  EXPECT_NE(testing::read_text_file(dir + "/h-2.svg").find("<svg"), std::string::npos);
}

TEST(StepPictureCli, UsageErrors) {
  const std::string dir = testing::make_temp_dir("step-pictures");
  const std::string corpus = dir + "/one.txt";
  testing::write_text_file(corpus, std::string(kCyclePuzzle) + "\n");
  for (const std::string& args : {std::string("-f pdf -o x.pdf "), std::string("--explain -f svg "),
                                   std::string("--explain -f pdf --pictures some -o x.pdf ")}) {
    const auto result = testing::run_command(corpus_rate() + " " + args + corpus);
    EXPECT_EQ(result.exit_code, 2) << args;
    EXPECT_NE(result.err.find("corpus-rate: "), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace sudoku::typeset
