// SPDX-License-Identifier: Apache-2.0
// typeset --split: one file per grid for the page-layout programs of a newspaper desk, and the
// editor's proof (sudoku/typeset/split.hpp). The SVG (rsvg-convert) and the EPS (Ghostscript) are
// rendered and compared with the PDF (pdftoppm) pixel by pixel; the boxes are read back with
// pdfinfo and from the EPS header; the CLI is checked for its options and bad input.
#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/solve/solution_counter.hpp"
#include "sudoku/typeset/output/split.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const std::string kNewspaper = std::string(SUDOKU_SOURCE_DIR) + "/templates/newspaper.xml";
constexpr std::int64_t kDate = 1795478400;  // 2026-11-24

// A temporary folder for one test, removed with everything in it.
class TempDir : public testing::TempDir {
 public:
  TempDir() : testing::TempDir("split-test") {}
};

// Four days of a calendar as generate-book makes them: one dated chapter per day and slot, puzzle
// ids "{date}-{slot}"; the puzzles are the sample book's.
Book calendar_book() {
  const Book sample = read_book(testing::test_data("books/sample/book.json"));
  Book book;
  book.title = "The Daily Grid";
  book.author = "Puzzles desk";
  const std::vector<std::pair<std::string, std::string>> slots{
      {"2026-12-04", "medium"}, {"2026-12-04", "hard"}, {"2026-12-05", "hard"}, {"2026-12-06", "evil"}};
  std::size_t chapter = 0;
  std::size_t index = 0;
  for (const auto& [date, slot] : slots) {
    BookPuzzle puzzle = sample.chapters[chapter].puzzles[index];
    if (++index == sample.chapters[chapter].puzzles.size()) ++chapter, index = 0;
    puzzle.id = date + "-" + slot;
    puzzle.date = date;
    puzzle.level = slot;
    book.chapters.push_back({date + " " + slot, slot, date, {puzzle}});
  }
  return book;
}

typeset::SplitOptions split_options(std::vector<typeset::SplitFormat> formats) {
  typeset::SplitOptions options;
  options.typeset.date = kDate;
  options.formats = std::move(formats);
  return options;
}

const typeset::SplitFile& file_named(const std::vector<typeset::SplitFile>& files, const std::string& name) {
  for (const auto& file : files)
    if (file.name == name) return file;
  throw std::runtime_error("no file " + name);
}

bool have(const std::string& tool) {
  return run_command("command -v " + tool + " >/dev/null 2>&1").exit_code == 0;
}

// A rendered file as grey levels, composited over white (rsvg-convert's PNG is transparent).
struct Raster {
  int width = 0;
  int height = 0;
  std::vector<int> grey;
  int at(int x, int y) const { return grey[static_cast<std::size_t>(y * width + x)]; }
};

Raster read_png(const std::string& path) {
  cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
  Raster raster;
  if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
    cairo_surface_flush(surface);
    raster.width = cairo_image_surface_get_width(surface);
    raster.height = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const bool alpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32;
    const unsigned char* data = cairo_image_surface_get_data(surface);
    for (int y = 0; y < raster.height; ++y)
      for (int x = 0; x < raster.width; ++x) {
        std::uint32_t pixel = 0;
        std::memcpy(&pixel, data + y * stride + 4 * x, 4);
        const int a = alpha ? static_cast<int>(pixel >> 24) : 255;
        const int green = static_cast<int>((pixel >> 8) & 0xFF);  // premultiplied
        raster.grey.push_back(green + 255 - a);
      }
  }
  cairo_surface_destroy(surface);
  return raster;
}

// Renderers place antialiased edges differently (poppler snaps strokes to pixels, librsvg and
// Ghostscript do not; the EPS has its text as outlines), so the rasters (288 dpi) are compared in
// blocks of kBlock x kBlock pixels (2 pt): a digit that is missing, moved or another digit changes
// whole blocks, an edge only a fraction of one.
constexpr int kBlock = 8;

struct Difference {
  double mean = 0;        // mean absolute grey difference of the blocks' averages, 0-255
  double far_share = 0;   // share of blocks whose averages differ by more than a quarter of the scale
  int size_mismatch = 0;  // largest difference of width or height, pixels
};

Difference compare(const Raster& a, const Raster& b) {
  Difference difference;
  difference.size_mismatch = std::max(std::abs(a.width - b.width), std::abs(a.height - b.height));
  const int width = std::min(a.width, b.width);
  const int height = std::min(a.height, b.height);
  double sum = 0;
  int far = 0;
  int blocks = 0;
  for (int top = 0; top + kBlock <= height; top += kBlock)
    for (int left = 0; left + kBlock <= width; left += kBlock) {
      int delta = 0;
      for (int y = top; y < top + kBlock; ++y)
        for (int x = left; x < left + kBlock; ++x) delta += a.at(x, y) - b.at(x, y);
      const double mean_delta = std::abs(delta) / double(kBlock * kBlock);
      sum += mean_delta;
      far += mean_delta > 64;
      ++blocks;
    }
  difference.mean = sum / std::max(blocks, 1);
  difference.far_share = far / double(std::max(blocks, 1));
  return difference;
}

TEST(SplitTest, FormatListsAreParsed) {
  using typeset::SplitFormat;
  EXPECT_EQ(typeset::parse_split_formats("svg,pdf,svg"), (std::vector{SplitFormat::svg, SplitFormat::pdf}));
  EXPECT_EQ(typeset::parse_split_formats("eps"), std::vector{SplitFormat::eps});
  for (const std::string bad : {"", "pdf,", "PDF", "pdf,tiff", "pdf svg"})
    EXPECT_THROW(typeset::parse_split_formats(bad), std::invalid_argument) << bad;
}

TEST(SplitTest, CalendarGridsAreNamedByDateAndSlotInEveryFormat) {
  const Book book = calendar_book();
  const auto files = typeset::render_split(
      book, typeset::load_template(kNewspaper),
      split_options({typeset::SplitFormat::pdf, typeset::SplitFormat::svg, typeset::SplitFormat::eps}));
  std::set<std::string> names;
  for (const auto& file : files) names.insert(file.name);
  std::set<std::string> expected;
  for (const std::string stem :
       {"2026-12-04-medium", "2026-12-04-hard", "2026-12-05-hard", "2026-12-06-evil"})
    for (const std::string suffix : {"", "-solution"})
      for (const std::string extension : {".pdf", ".svg", ".eps"}) expected.insert(stem + suffix + extension);
  EXPECT_EQ(names, expected);
  EXPECT_EQ(files.size(), expected.size());
}

TEST(SplitTest, FilesAreExactlyTheGridAndItsCaptionAtTheColumnWidth) {
  const auto page_template = typeset::load_template(kNewspaper);
  const auto files = typeset::render_split(
      calendar_book(), page_template, split_options({typeset::SplitFormat::pdf, typeset::SplitFormat::eps}));
  // newspaper.xml: the booked 85 x 91 mm, a 10 pt caption line (12 pt box) 2 mm above the grid, so
  // the grid is 91 mm less its caption (84.8 mm) as on the page, centred across the 85 mm column;
  // the solutions a 42 mm column under a 7 pt caption 1 mm above.
  const double width = typeset::millimetres(85);
  const double height = typeset::millimetres(91);
  const double solution_width = typeset::millimetres(42);
  const double solution_height = solution_width + typeset::millimetres(1) + 8.4;
  TempDir dir;
  for (const auto& [name, w, h] :
       {std::tuple{std::string("2026-12-05-hard"), width, height},
        std::tuple{std::string("2026-12-05-hard-solution"), solution_width, solution_height}}) {
    const auto& pdf = file_named(files, name + ".pdf");
    EXPECT_NEAR(pdf.width, w, 1e-6);
    EXPECT_NEAR(pdf.height, h, 1e-6);
    testing::write_text_file(dir / (name + ".pdf"), pdf.bytes);
    const CommandResult info = run_command("pdfinfo -box " + dir / (name + ".pdf"));
    ASSERT_EQ(info.exit_code, 0) << info.err;
    char expected_box[128];
    std::snprintf(expected_box, sizeof expected_box, "%.2f %8.2f %8.2f %8.2f", 0.0, 0.0, w, h);
    for (const std::string box : {"MediaBox:", "TrimBox:"}) {
      const std::regex line(box + " +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)");
      std::smatch match;
      ASSERT_TRUE(std::regex_search(info.out, match, line)) << info.out;
      EXPECT_NEAR(std::stod(match[1]), 0, 0.01) << box;
      EXPECT_NEAR(std::stod(match[2]), 0, 0.01) << box;
      EXPECT_NEAR(std::stod(match[3]), w, 0.01) << box << " of " << name;
      EXPECT_NEAR(std::stod(match[4]), h, 0.01) << box << " of " << name;
    }
    // The EPS's box is the block, rounded out to whole points; the exact one is the HiRes box.
    const std::string& eps = file_named(files, name + ".eps").bytes;
    EXPECT_TRUE(eps.starts_with("%!PS-Adobe-3.0 EPSF-3.0\n"));
    std::smatch match;
    ASSERT_TRUE(std::regex_search(eps, match, std::regex("\n%%BoundingBox: (\\S+) (\\S+) (\\S+) (\\S+)\n")));
    EXPECT_EQ(match[1].str() + " " + match[2].str(), "0 0");
    EXPECT_EQ(std::stoi(match[3]), static_cast<int>(std::ceil(w)));
    EXPECT_EQ(std::stoi(match[4]), static_cast<int>(std::ceil(h)));
    ASSERT_TRUE(std::regex_search(eps, match, std::regex("\n%%HiResBoundingBox: 0 0 (\\S+) (\\S+)\n")));
    EXPECT_NEAR(std::stod(match[1]), w, 1e-3);
    EXPECT_NEAR(std::stod(match[2]), h, 1e-3);
    // Everything Ghostscript inks lies inside the box.
    if (have("gs")) {
      testing::write_text_file(dir / (name + ".eps"), eps);
      const CommandResult bbox =
          run_command("gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=bbox " + dir / (name + ".eps"));
      ASSERT_TRUE(
          std::regex_search(bbox.err, match, std::regex("%%HiResBoundingBox: (\\S+) (\\S+) (\\S+) (\\S+)")))
          << bbox.err;
      EXPECT_GE(std::stod(match[1]), -0.01);
      EXPECT_GE(std::stod(match[2]), -0.01);
      EXPECT_LE(std::stod(match[3]), w + 0.01);
      EXPECT_LE(std::stod(match[4]), h + 0.01);
      // The grid's border reaches the bottom and both sides: the box is not larger than the ink.
      EXPECT_NEAR(std::stod(match[1]), 0, 0.5);
      EXPECT_NEAR(std::stod(match[2]), 0, 0.5);
      EXPECT_NEAR(std::stod(match[3]), w, 0.5);
    }
  }
}

// A variant's grid carries its rule line (the newspaper prints it under every grid, each placed on
// its own): the file keeps the booked size, the grid giving up the rule's line, and the text is in
// it; its solution has none.
TEST(SplitTest, VariantGridsCarryTheirRuleLine) {
  Book book = calendar_book();
  book.chapters.resize(1);
  BookPuzzle& puzzle = book.chapters[0].puzzles[0];
  const auto x = Geometry::variant(Variant::x);
  const SolutionCount solved = count_solutions(Grid(x), 1);
  ASSERT_EQ(solved.count, 1);
  puzzle.solution = *solved.solution;
  puzzle.puzzle = Grid(x);
  for (int cell = 0; cell < 81; cell += 2) puzzle.puzzle.set(cell, puzzle.solution[cell]);
  puzzle.givens = puzzle.puzzle.givens();
  const auto page_template = typeset::load_template(kNewspaper);
  const auto classic =
      typeset::render_split(calendar_book(), page_template, split_options({typeset::SplitFormat::pdf}));
  const auto files = typeset::render_split(book, page_template, split_options({typeset::SplitFormat::pdf}));
  const auto& plain = file_named(classic, "2026-12-04-medium.pdf");
  const auto& ruled = file_named(files, "2026-12-04-medium.pdf");
  EXPECT_NEAR(ruled.width, plain.width, 1e-6);
  EXPECT_NEAR(ruled.height, plain.height, 1e-6);
  EXPECT_NEAR(ruled.height, typeset::millimetres(91), 1e-6);
  EXPECT_NEAR(file_named(files, "2026-12-04-medium-solution.pdf").height,
              file_named(classic, "2026-12-04-medium-solution.pdf").height, 1e-6);
  TempDir dir;
  testing::write_text_file(dir / "x.pdf", ruled.bytes);
  const CommandResult text = run_command("pdftotext " + dir / "x.pdf -");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("diagonal"), std::string::npos) << text.out;
}

TEST(SplitTest, SvgAndEpsRenderLikeThePdf) {
  for (const std::string tool : {"pdftoppm", "rsvg-convert", "gs"})
    if (!have(tool)) GTEST_SKIP() << tool << " is not installed (.ci/setup installs it)";
  const auto files = typeset::render_split(
      calendar_book(), typeset::load_template(kNewspaper),
      split_options({typeset::SplitFormat::pdf, typeset::SplitFormat::svg, typeset::SplitFormat::eps}));
  TempDir dir;
  for (const std::string name : {"2026-12-05-hard", "2026-12-06-evil-solution"}) {
    for (const std::string extension : {".pdf", ".svg", ".eps"})
      testing::write_text_file(dir / (name + extension), file_named(files, name + extension).bytes);
    const std::string base = dir / name;
    ASSERT_EQ(run_command("pdftoppm -r 288 -png -singlefile " + base + ".pdf " + base + "-pdf").exit_code, 0);
    ASSERT_EQ(run_command("rsvg-convert -d 288 -p 288 -o " + base + "-svg.png " + base + ".svg").exit_code,
              0);
    ASSERT_EQ(run_command("gs -q -dSAFER -dBATCH -dNOPAUSE -dEPSCrop -r288 -sDEVICE=png16m -dTextAlphaBits=4 "
                          "-dGraphicsAlphaBits=4 -o " +
                          base + "-eps.png " + base + ".eps")
                  .exit_code,
              0);
    const Raster pdf = read_png(base + "-pdf.png");
    ASSERT_GT(pdf.width, 100) << name;
    for (const std::string format : {"svg", "eps"}) {
      const Raster other = read_png(base + "-" + format + ".png");
      const Difference difference = compare(pdf, other);
      EXPECT_LE(difference.size_mismatch, 1) << name << " " << format;
      // Measured: no far block and means of 2-4.5 (antialiasing along every line and glyph);
      // another grid of the same size has 6 % of its blocks far off.
      EXPECT_LT(difference.mean, 8.0) << name << " " << format;
      EXPECT_LT(difference.far_share, 0.001) << name << " " << format;
    }
    // Ghostscript renders the PDF and the EPS alike but for the edges of the glyphs (fonts in the
    // PDF, outlines in the EPS): the same drawing in the same place (measured: means 0.7-2.4).
    ASSERT_EQ(run_command("gs -q -dSAFER -dBATCH -dNOPAUSE -r288 -sDEVICE=png16m -dTextAlphaBits=4 "
                          "-dGraphicsAlphaBits=4 -o " +
                          base + "-pdf-gs.png " + base + ".pdf")
                  .exit_code,
              0);
    const Difference same_renderer = compare(read_png(base + "-pdf-gs.png"), read_png(base + "-eps.png"));
    EXPECT_EQ(same_renderer.size_mismatch, 0) << name;
    EXPECT_LT(same_renderer.mean, 4.0) << name;
    EXPECT_EQ(same_renderer.far_share, 0.0) << name;
  }
  // The comparison can fail: two grids of the same size with other digits.
  const std::string other = dir / "2026-12-04-hard";
  testing::write_text_file(other + ".pdf", file_named(files, "2026-12-04-hard.pdf").bytes);
  ASSERT_EQ(run_command("pdftoppm -r 288 -png -singlefile " + other + ".pdf " + other + "-pdf").exit_code, 0);
  const Difference difference =
      compare(read_png(dir / "2026-12-05-hard-pdf.png"), read_png(other + "-pdf.png"));
  EXPECT_EQ(difference.size_mismatch, 0);
  EXPECT_GT(difference.far_share, 0.02);
}

TEST(SplitTest, SvgTextIsTextInTheTemplateFonts) {
  const auto files = typeset::render_split(calendar_book(), typeset::load_template(kNewspaper),
                                           split_options({typeset::SplitFormat::svg}));
  const std::string& svg = file_named(files, "2026-12-05-hard.svg").bytes;
  EXPECT_EQ(svg.find("<symbol"), std::string::npos) << "glyph outlines";
  EXPECT_NE(svg.find(">Saturday 5 December 2026</text>"), std::string::npos);
  EXPECT_NE(svg.find("font-family=\"'TeX Gyre Heros Cn', sans-serif\" font-weight=\"bold\""),
            std::string::npos);
  // One <text> per given, each a single symbol, plus the caption's two.
  const Book book = calendar_book();
  const int givens = book.chapters[2].puzzles[0].givens;
  std::size_t texts = 0;
  for (std::size_t at = svg.find("<text "); at != std::string::npos; at = svg.find("<text ", at + 1)) ++texts;
  EXPECT_EQ(texts, static_cast<std::size_t>(givens + 2));
}

TEST(SplitTest, PdfAndEpsAreOneHundredPercentBlack) {
  const auto files =
      typeset::render_split(calendar_book(), typeset::load_template(kNewspaper),
                            split_options({typeset::SplitFormat::pdf, typeset::SplitFormat::eps}));
  TempDir dir;
  const std::string pdf = dir / "grid.pdf";
  testing::write_text_file(pdf, file_named(files, "2026-12-04-hard.pdf").bytes);
  const CommandResult qdf = run_command("qpdf --qdf --object-streams=disable " + pdf + " -");
  ASSERT_EQ(qdf.exit_code, 0) << qdf.err;
  EXPECT_FALSE(std::regex_search(qdf.out, std::regex(" (rg|RG)\\s")));
  EXPECT_TRUE(std::regex_search(qdf.out, std::regex("\\s0 g\\s")));
  const std::string& eps = file_named(files, "2026-12-04-hard.eps").bytes;
  EXPECT_EQ(eps.find(" rg\n"), std::string::npos);
  EXPECT_NE(eps.find("0 g\n"), std::string::npos);
}

TEST(SplitTest, SameInputsGiveTheSameBytes) {
  const auto formats =
      split_options({typeset::SplitFormat::pdf, typeset::SplitFormat::svg, typeset::SplitFormat::eps});
  const auto page_template = typeset::load_template(kNewspaper);
  const auto first = typeset::render_split(calendar_book(), page_template, formats);
  const auto second = typeset::render_split(calendar_book(), page_template, formats);
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t i = 0; i < first.size(); ++i)
    EXPECT_TRUE(first[i].bytes == second[i].bytes) << first[i].name;
  EXPECT_NE(file_named(first, "2026-12-04-hard.eps").bytes.find("%%CreationDate: 2026-11-24T00:00:00Z\n"),
            std::string::npos);
  EXPECT_EQ(typeset::render_proof_pdf(calendar_book(), page_template, formats.typeset),
            typeset::render_proof_pdf(calendar_book(), page_template, formats.typeset));
}

TEST(SplitTest, TemplateNamesTheFiles) {
  std::string text = testing::read_text_file(kNewspaper);
  text.replace(text.find("  <page "), 0,
               "  <split name=\"sudoku-{date}-{slot}\" solution=\"answer {date} {slot}\"/>\n");
  const auto page_template = typeset::parse_template(text, "custom.xml");
  const auto files =
      typeset::render_split(calendar_book(), page_template, split_options({typeset::SplitFormat::pdf}));
  EXPECT_EQ(files.front().name, "sudoku-2026-12-04-medium.pdf");
  EXPECT_EQ(files[1].name, "answer-2026-12-04-medium.pdf");  // spaces become '-'
}

TEST(SplitTest, BooksWithoutACalendarAreNamedByChapterAndNumber) {
  const Book book = read_book(testing::test_data("books/sample/book.json"));
  auto options = split_options({typeset::SplitFormat::pdf});
  options.typeset.include_solutions = false;
  const auto files = typeset::render_split(book, typeset::load_template(kNewspaper), options);
  ASSERT_EQ(files.size(), book.puzzle_count());
  EXPECT_EQ(files.front().name, "Gentle-1.pdf");
  EXPECT_EQ(files.back().name, "Evil-12.pdf");
}

// Letters of every script stay in file names (UTF-8, composed); spaces, punctuation and dashes
// between them become one '-', none at the ends ("Leicht-----f--r-Anf--nger-1.pdf" once).
TEST(SplitTest, FileNamesKeepTheLettersOfEveryScript) {
  Book book = read_book(testing::test_data("books/sample/book.json"));
  book.chapters[0].title = "Leicht – für Anfänger: Ñandú 数独 «Teil 1»";
  book.chapters[1].title = "\xE2\x80\x94 Schwer\xC2\xA0(Ü) \xFF"  // em dash, no-break space, a stray byte
                           "\xE3\x80\x82";                        // CJK full stop
  book.chapters[2].title = "Ελληνικά - Русский_2.0";
  auto options = split_options({typeset::SplitFormat::pdf});
  options.typeset.include_solutions = false;
  const auto files = typeset::render_split(book, typeset::load_template(kNewspaper), options);
  EXPECT_EQ(files.front().name, "Leicht-für-Anfänger-Ñandú-数独-Teil-1-1.pdf");
  EXPECT_EQ(file_named(files, "Schwer-Ü-" + std::to_string(book.chapters[0].puzzles.size() + 1) + ".pdf").bytes.empty(),
            false);
  EXPECT_EQ(files.back().name, "Ελληνικά-Русский_2.0-12.pdf");
}

// A title typed with combining accents names the same file as one typed with composed letters
// (NFC), so a desk's scripts find "Für" whichever keyboard made the plan.
TEST(SplitTest, FileNamesAreComposedUnicode) {
  Book book = read_book(testing::test_data("books/sample/book.json"));
  book.chapters[0].title = "Fu\xCC\x88r Anfa\xCC\x88nger";  // u, a + U+0308 COMBINING DIAERESIS
  book.chapters[1].title = "x\xC2\xADy \xEF\xBB\xBFz \xEE\x80\x80";  // soft hyphen, BOM, private use
  auto options = split_options({typeset::SplitFormat::pdf});
  options.typeset.include_solutions = false;
  const auto files = typeset::render_split(book, typeset::load_template(kNewspaper), options);
  EXPECT_EQ(files.front().name, "F\xC3\xBCr-Anf\xC3\xA4nger-1.pdf");
  const std::string second = std::to_string(book.chapters[0].puzzles.size() + 1);
  EXPECT_FALSE(file_named(files, "x-y-z-" + second + ".pdf").bytes.empty());
}

// A name is never read as an option or hidden: a leading dash is dropped, a leading dot gets '_'
// before it (a hidden name would also start like the staging folder).
TEST(SplitTest, FileNamesNeverStartWithADashOrADot) {
  Book book = read_book(testing::test_data("books/sample/book.json"));
  book.chapters[0].title = "-rf";
  book.chapters[1].title = "..hidden";
  auto options = split_options({typeset::SplitFormat::pdf});
  options.typeset.include_solutions = false;
  const auto files = typeset::render_split(book, typeset::load_template(kNewspaper), options);
  EXPECT_EQ(files.front().name, "rf-1.pdf");
  const std::string second = std::to_string(book.chapters[0].puzzles.size() + 1);
  EXPECT_FALSE(file_named(files, "_..hidden-" + second + ".pdf").bytes.empty());
  for (const auto& file : files) EXPECT_FALSE(file.name.starts_with("-") || file.name.starts_with(".")) << file.name;
}

TEST(SplitTest, NamesThatClashOrLackAValueAreTemplateErrorsAtTheSplitLine) {
  std::string text = testing::read_text_file(kNewspaper);
  const std::size_t page = text.find("  <page ");
  std::string clash = text;
  clash.replace(page, 0, "  <split name=\"{level}\"/>\n");
  const std::string line = testing::line_of("clash.xml", clash, "<split");
  try {
    typeset::render_split(calendar_book(), typeset::parse_template(clash, "clash.xml"),
                          split_options({typeset::SplitFormat::pdf}));
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()).rfind(line + ": grids 2 and 3 would both be written as 'hard'", 0),
              0u)
        << error.what();
  }
  std::string undated = text;
  undated.replace(page, 0, "  <split name=\"{date}-{number}\"/>\n");
  const Book sample = read_book(testing::test_data("books/sample/book.json"));
  EXPECT_THROW(typeset::render_split(sample, typeset::parse_template(undated, "undated.xml"),
                                     split_options({typeset::SplitFormat::pdf})),
               InputError);
}

// A grid named like the proof was silently replaced by it ("6 grids, 6 files", exit 0).
TEST(SplitTest, NamesKeptForTheProofAndCoverOrEmptyAreRefused) {
  std::string text = testing::read_text_file(kNewspaper);
  text.replace(text.find("  <page "), 0, "  <split name=\"{chapter}\"/>\n");
  const auto page_template = typeset::parse_template(text, "chapter.xml");
  const std::string line = testing::line_of("chapter.xml", text, "<split");
  for (const std::string title : {"proof", "Cover", "– ·"}) {
    Book book = calendar_book();
    book.chapters[1].title = title;
    try {
      typeset::render_split(book, page_template, split_options({typeset::SplitFormat::pdf}));
      FAIL() << title;
    } catch (const InputError& error) {
      // Nothing is left of a title without letters or digits: an empty name.
      const std::string name = title.starts_with("–") ? "" : title;
      EXPECT_EQ(std::string(error.what()).rfind(line + ": grid 2 would be written as '" + name + "'", 0), 0u)
          << error.what();
    }
  }
}

// A bad --proof path was found only after every grid file had been replaced.
TEST(SplitTest, OutputPathsAreCheckedBeforeAnyFileIsWritten) {
  TempDir dir;
  typeset::SplitOptions options = split_options({typeset::SplitFormat::pdf});
  options.proof_path = dir / "no/such/proof.pdf";
  EXPECT_THROW(
      typeset::typeset_split(calendar_book(), typeset::load_template(kNewspaper), options, dir / "files"),
      IoError);
  EXPECT_FALSE(fs::exists(dir / "files"));
}

TEST(SplitTest, ProofHasEveryGridWithItsDateSlotLevelAndGrades) {
  TempDir dir;
  const Book book = calendar_book();
  typeset::SplitOptions options = split_options({typeset::SplitFormat::pdf});
  options.proof_path = dir / "proof.pdf";
  const auto result =
      typeset::typeset_split(book, typeset::load_template(kNewspaper), options, dir / "files");
  EXPECT_EQ(result.grids, 8);
  EXPECT_EQ(result.proof_pages, 1);
  ASSERT_EQ(result.files.size(), 9u);
  EXPECT_EQ(result.files.back(), dir / "proof.pdf");
  const CommandResult text = run_command("pdftotext -layout " + dir / "proof.pdf -");
  ASSERT_EQ(text.exit_code, 0);
  for (const std::string expected :
       {"Friday 4 December 2026 \xC2\xB7 medium", "Saturday 5 December 2026 \xC2\xB7 hard",
        "Sunday 6 December 2026 \xC2\xB7 evil", "level evil"})
    EXPECT_NE(text.out.find(expected), std::string::npos) << expected << "\n" << text.out;
  char rating[32];
  std::snprintf(rating, sizeof rating, "rating %.1f", book.chapters[3].puzzles[0].rating);
  EXPECT_NE(text.out.find(rating), std::string::npos);
}

// --- the CLI ---------------------------------------------------------------------------------

std::string typeset_command(const std::string& arguments) {
  return testing::tool_path("typeset") + " " + arguments;
}

TEST(SplitCliTest, WritesTheFilesAndTheProof) {
  TempDir dir;
  fs::create_directories(dir / "book");
  write_book(calendar_book(), dir / "book/book.json");
  const CommandResult result = run_command(typeset_command(
      dir / "book -t newspaper --split -o " + dir / "files" + " --format svg,eps --date 2026-11-24"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("8 grids, 16 files"), std::string::npos) << result.out;
  EXPECT_TRUE(fs::exists(dir / "files/2026-12-05-hard.svg"));
  EXPECT_TRUE(fs::exists(dir / "files/2026-12-05-hard-solution.eps"));
  EXPECT_FALSE(fs::exists(dir / "files/2026-12-05-hard.pdf"));
  EXPECT_TRUE(fs::exists(dir / "files/proof.pdf"));
  // Nothing else: the hidden folder the files were staged in is gone; the folder keeps only its lock
  // and the list of what this kind of run installed (for the next run's stale files).
  std::set<std::string> hidden;
  int shown = 0;
  for (const auto& entry : fs::directory_iterator(dir / "files")) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("."))
      hidden.insert(name);
    else
      ++shown;
  }
  EXPECT_EQ(shown, 17);
  EXPECT_EQ(hidden, (std::set<std::string>{".output-set.lock", ".output-set.split.names"}));
  // --proof elsewhere; pdf is the default format; --solutions none leaves the solutions out.
  ASSERT_EQ(run_command(typeset_command(dir / "book -t newspaper --split -o " + dir / "more" + " --proof " +
                                        dir / "editor.pdf --solutions none"))
                .exit_code,
            0);
  EXPECT_TRUE(fs::exists(dir / "editor.pdf"));
  EXPECT_TRUE(fs::exists(dir / "more/2026-12-05-hard.pdf"));
  EXPECT_FALSE(fs::exists(dir / "more/2026-12-05-hard-solution.pdf"));
  EXPECT_FALSE(fs::exists(dir / "more/proof.pdf"));
  const CommandResult help = run_command(typeset_command("--help"));
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--split"), std::string::npos);
  EXPECT_NE(help.out.find("--format"), std::string::npos);
}

TEST(SplitCliTest, BadOptionsExitTwoWithOneLine) {
  TempDir dir;
  fs::create_directories(dir / "book");
  write_book(calendar_book(), dir / "book/book.json");
  const std::string book = dir / "book -t newspaper ";
  for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
           {"--split --format pdf,tiff -o " + dir / "files",
            "--format expects a comma-separated list of pdf, "
            "svg and eps, got 'tiff'"},
           {"--split", "--split needs -o DIR"},
           {"--format svg -o " + dir / "x.pdf", "--format applies to --split only"},
           {"--proof p.pdf", "--proof applies to --split only"},
           {"--split -o " + dir / "files --cover c.pdf", "--cover makes a book's cover"}}) {
    const CommandResult result = run_command(typeset_command(book + arguments));
    EXPECT_EQ(result.exit_code, 2) << arguments;
    EXPECT_NE(result.err.find(message), std::string::npos) << arguments << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_FALSE(fs::exists(dir / "files")) << arguments;
  }
}

TEST(SplitCliTest, AFailureWritesNoFile) {
  TempDir dir;
  fs::create_directories(dir / "book");
  write_book(calendar_book(), dir / "book/book.json");
  // A caption that cannot fit the 42 mm solution column: exit 2 at its template line, no file.
  std::string text = testing::read_text_file(kNewspaper);
  const std::string solution_caption = "<text align=\"left\">SOLUTION No. {number}</text>";
  text.replace(text.find(solution_caption), solution_caption.size(),
               "<text align=\"left\">SOLUTION No. {number} OF THE DAILY GRID FOR {date|long}</text>");
  testing::write_text_file(dir / "tight.xml", text);
  const CommandResult result =
      run_command(typeset_command(dir / "book -t " + dir / "tight.xml --split -o " + dir / "files"));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find(testing::line_of(dir / "tight.xml", text, "OF THE DAILY GRID")),
            std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_FALSE(fs::exists(dir / "files"));
}

}  // namespace
}  // namespace sudoku
