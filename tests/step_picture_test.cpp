// SPDX-License-Identifier: Apache-2.0
// Pictures of a step (step_picture.hpp) and corpus-rate --explain --format svg|pdf: drawn from the
// evidence and the board, not from the sentence; one PDF page per picture; same input, same bytes.
#include "sudoku/typeset/draw/step_picture.hpp"

#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <regex>
#include <string>
#include <vector>

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
