// SPDX-License-Identifier: Apache-2.0
// Page templates: units, text variables, the shipped templates, validation errors with lines, fonts
// and the page plan.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "sudoku/typeset/template/text_pattern.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "sudoku/typeset/text/font_library.hpp"
#include "test_support.hpp"

namespace sudoku::typeset {
namespace {

std::string shipped(const std::string& name) {
  return std::string(SUDOKU_SOURCE_DIR) + "/templates/" + name + ".xml";
}

// A small valid template; `extra_master` and `grid_attributes` let tests break one thing at a time.
std::string minimal_template(const std::string& extra = "",
                             const std::string& grid_attributes = "thin=\"0.5pt\"",
                             const std::string& master_body = "") {
  return "<?xml version=\"1.0\"?>\n"                                                       // line 1
         "<template version=\"1\">\n"                                                      // 2
         "  <page width=\"6in\" height=\"9in\">\n"                                         // 3
         "    <margins top=\"0.5in\" bottom=\"0.5in\" left=\"0.5in\" right=\"0.5in\"/>\n"  // 4
         "  </page>\n"                                                                     // 5
         "  <font name=\"digits\" family=\"DejaVu Sans\" style=\"Book\"/>\n"               // 6
         "  <grid " +
         grid_attributes +
         ">\n"                                           // 7
         "    <givens font=\"digits\" size=\"0.6\"/>\n"  // 8
         "  </grid>\n"                                   // 9
         "  <master name=\"puzzle\">\n" +
         master_body +  // 10
         "  </master>\n"
         "  <master name=\"solution\" columns=\"2\" rows=\"2\"/>\n" +
         extra + "</template>\n";
}

// "FILE:LINE: message" of the InputError that parsing `text` gives.
std::string error_of(const std::string& text) {
  try {
    parse_template(text, "t.xml");
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(UnitsTest, ParsesLengthsInPoints) {
  EXPECT_DOUBLE_EQ(*parse_length("72pt"), 72);
  EXPECT_DOUBLE_EQ(*parse_length("1in"), 72);
  EXPECT_DOUBLE_EQ(*parse_length("25.4mm"), 72);
  EXPECT_DOUBLE_EQ(*parse_length("2.54cm"), 72);
  EXPECT_DOUBLE_EQ(*parse_length("-0.125in"), -9);
  EXPECT_DOUBLE_EQ(*parse_length(".5pt"), 0.5);
  for (const char* bad : {"72", "pt", "1e2pt", "1 in", "1,5mm", "1.2.3mm", "nanpt", "12px", ""})
    EXPECT_FALSE(parse_length(bad).has_value()) << bad;
}

TEST(UnitsTest, ParsesColours) {
  EXPECT_EQ(*parse_color("#000000"), Color::black());
  EXPECT_EQ(*parse_color("#fff"), Color::white());
  EXPECT_DOUBLE_EQ(parse_color("#80FF00")->red, 128.0 / 255);
  for (const char* bad : {"black", "#12345", "#gg0000", "000000", ""})
    EXPECT_FALSE(parse_color(bad).has_value()) << bad;
}

TEST(TextPatternTest, ExpandsVariablesAndFilters) {
  TextValues values;
  values.set(Variable::number, "7");
  values.set(Variable::level, "evil");
  values.set(Variable::date, "2026-03-02");
  EXPECT_EQ(*TextPattern::parse("No. {number} {level|upper}").expand(values), "No. 7 EVIL");
  EXPECT_EQ(*TextPattern::parse("{level|capitalize}").expand(values), "Evil");
  EXPECT_EQ(*TextPattern::parse("{date|long}").expand(values), "Monday 2 March 2026");
  EXPECT_EQ(*TextPattern::parse("{{literal}} {number}").expand(values), "{literal} 7");
  EXPECT_EQ(*TextPattern::parse("plain").expand(values), "plain");
}

TEST(TextPatternTest, RomanPageNumbers) {
  TextValues values;
  for (const auto& [page, roman] : {std::pair{"1", "i"}, std::pair{"4", "iv"}, std::pair{"9", "ix"},
                                    std::pair{"14", "xiv"}, std::pair{"49", "xlix"}, std::pair{"1994", "mcmxciv"}}) {
    values.set(Variable::page, page);
    EXPECT_EQ(*TextPattern::parse("{page|roman}").expand(values), roman) << page;
  }
  values.set(Variable::page, "0");
  EXPECT_EQ(*TextPattern::parse("{page|roman}").expand(values), "0");
}

TEST(TextPatternTest, LineWithAMissingValueIsLeftOut) {
  TextValues values;
  values.set(Variable::number, "7");
  EXPECT_FALSE(TextPattern::parse("Solution on page {solution_page}").expand(values).has_value());
  EXPECT_TRUE(TextPattern::parse("Solution on page {solution_page}").uses(Variable::solution_page));
}

TEST(TextPatternTest, RejectsUnknownNamesAndBraces) {
  EXPECT_THROW(TextPattern::parse("{nmber}"), std::invalid_argument);
  EXPECT_THROW(TextPattern::parse("{number|bold}"), std::invalid_argument);
  EXPECT_THROW(TextPattern::parse("{number"), std::invalid_argument);
  EXPECT_THROW(TextPattern::parse("number}"), std::invalid_argument);
}

TEST(TextPatternTest, LongDates) {
  EXPECT_EQ(long_date("2026-11-23"), "Monday 23 November 2026");
  EXPECT_EQ(long_date("2000-01-01"), "Saturday 1 January 2000");
  EXPECT_EQ(long_date("2024-02-29"), "Thursday 29 February 2024");
  EXPECT_EQ(long_date("someday"), "someday");
}

TEST(TemplateTest, ShippedTemplatesLoadWithTheirFonts) {
  FontLibrary fonts({std::string(SUDOKU_SOURCE_DIR) + "/fonts"});
  for (const char* name : {"newspaper", "book-letter", "book-6x9", "a4-4up"}) {
    SCOPED_TRACE(name);
    const Template loaded = load_template(shipped(name));
    EXPECT_EQ(loaded.name, name);
    const FontSet set = load_template_fonts(loaded, fonts);
    EXPECT_EQ(set.size(), loaded.fonts.size());
    EXPECT_GE(loaded.puzzle_page.grid.thin, kMinimumLineWeight);
    EXPECT_GE(loaded.solution_page.grid.thin, kMinimumLineWeight);
  }
}

TEST(TemplateTest, ShippedPageSizes) {
  const Template newspaper = load_template(shipped("newspaper"));
  EXPECT_NEAR(newspaper.puzzle_page.page.width, millimetres(85), 1e-9);
  EXPECT_NEAR(newspaper.puzzle_page.page.height, millimetres(91), 1e-9);
  EXPECT_NEAR(newspaper.solution_page.page.width, millimetres(42), 1e-9);
  EXPECT_EQ(newspaper.puzzle_page.header, std::nullopt);  // no page furniture
  EXPECT_EQ(newspaper.puzzle_page.footer, std::nullopt);
  const Template letter = load_template(shipped("book-letter"));
  EXPECT_DOUBLE_EQ(letter.puzzle_page.page.width, 612);
  EXPECT_TRUE(letter.puzzle_page.page.mirrored);
  EXPECT_EQ(letter.puzzle_page.slots(), 2);
  EXPECT_EQ(letter.solution_page.slots(), 12);
  EXPECT_EQ(letter.puzzle_page.align_rows, RowAlignment::justify);
  const Template trade = load_template(shipped("book-6x9"));
  EXPECT_DOUBLE_EQ(trade.puzzle_page.page.bleed, 9);
  EXPECT_FALSE(trade.puzzle_page.page.gutter_bleed);  // bound: bleed on the outside edges only
  EXPECT_DOUBLE_EQ(trade.puzzle_page.page.safe_margin, 27);
  EXPECT_GT(trade.puzzle_page.page.margins.inside, trade.puzzle_page.page.margins.outside);
  const Template a4 = load_template(shipped("a4-4up"));
  EXPECT_EQ(a4.puzzle_page.slots(), 4);
  EXPECT_EQ(a4.puzzle_page.align_rows, RowAlignment::center);
}

TEST(TemplateTest, AlignRows) {
  std::string text = minimal_template();
  text.replace(text.find("columns=\"2\" rows=\"2\""), 20, "columns=\"2\" rows=\"2\" align-rows=\"center\"");
  EXPECT_EQ(parse_template(text, "t.xml").solution_page.align_rows, RowAlignment::center);
  EXPECT_EQ(parse_template(minimal_template(), "t.xml").solution_page.align_rows, RowAlignment::justify);
  text.replace(text.find("\"center\""), 8, "\"bottom\"");
  EXPECT_NE(error_of(text).find(
                "t.xml:12: bad value 'bottom' for 'align-rows' (expected one of: justify, center, top)"),
            std::string::npos)
      << error_of(text);
  EXPECT_NE(error_of(minimal_template("  <master name=\"title\" align-rows=\"top\"/>\n"))
                .find("t.xml:13: 'align-rows' applies to the puzzle and solution masters only"),
            std::string::npos);
}

TEST(TemplateTest, MinimalTemplateLoads) {
  const Template loaded = parse_template(minimal_template(), "t.xml");
  EXPECT_EQ(loaded.name, "t");
  EXPECT_EQ(loaded.solution_page.slots(), 4);
  EXPECT_EQ(loaded.solution_page.grid.givens.font, "digits");
  EXPECT_EQ(loaded.solution_page.grid.solved.font, "digits");  // solved digits default to the givens
}

TEST(TemplateTest, UnknownElementIsAnErrorAtItsLine) {
  EXPECT_EQ(error_of(minimal_template("  <watermark/>\n")),
            "t.xml:13: unknown element <watermark> in <template> (allowed: document, page, font, grid, "
            "master, split, print-target, cover)");
}

TEST(TemplateTest, PrintTargetIsReadWithItsRangeAndLine) {
  const Template loaded = parse_template(
      minimal_template("  <print-target name=\"KDP paperback\" min-pages=\"24\" max-pages=\"828\" "
                       "cream-max-pages=\"776\"/>\n"),
      "t.xml");
  ASSERT_TRUE(loaded.print_target.has_value());
  EXPECT_EQ(loaded.print_target->name, "KDP paperback");
  EXPECT_EQ(loaded.print_target->min_pages, 24);
  EXPECT_EQ(loaded.print_target->max_pages, 828);
  EXPECT_EQ(loaded.print_target->cream_max_pages, 776);
  EXPECT_EQ(loaded.print_target->line, 13);
  // Without cream-max-pages the one maximum holds for both papers; without min-pages any count does.
  const Template plain =
      parse_template(minimal_template("  <print-target name=\"P\" max-pages=\"500\"/>\n"), "t.xml");
  EXPECT_EQ(plain.print_target->min_pages, 1);
  EXPECT_EQ(plain.print_target->cream_max_pages, 500);
  EXPECT_FALSE(parse_template(minimal_template(), "t.xml").print_target.has_value());
  // The shipped book templates declare KDP's maxima; the newspaper's pages are not bound: its
  // target has no maximum.
  EXPECT_EQ(load_template(shipped("book-6x9")).print_target->max_pages, 828);
  EXPECT_EQ(load_template(shipped("large-print")).print_target->cream_max_pages, 550);
  EXPECT_EQ(load_template(shipped("newspaper")).print_target->max_pages, 0);
}

TEST(TemplateTest, MalformedPrintTargetIsAnErrorAtItsLine) {
  EXPECT_EQ(
      error_of(minimal_template("  <print-target name=\"P\"\n      min-pages=\"30\" max-pages=\"20\"/>\n")),
      "t.xml:14: 'max-pages' 20 is below 'min-pages' 30 (no book could be printed)");
  EXPECT_EQ(error_of(minimal_template("  <print-target name=\"P\" min-pages=\"24\" max-pages=\"800\" "
                                      "cream-max-pages=\"12\"/>\n")),
            "t.xml:13: 'cream-max-pages' 12 is below 'min-pages' 24 (no book could be printed)");
  EXPECT_EQ(error_of(minimal_template("  <print-target name=\"P\" max-pages=\"many\"/>\n")),
            "t.xml:13: bad number 'many' for 'max-pages'");
  EXPECT_EQ(error_of(minimal_template("  <print-target name=\"P\" max-pages=\"82.5\"/>\n")),
            "t.xml:13: 'max-pages' must be a whole number");
  EXPECT_EQ(error_of(minimal_template("  <print-target name=\"P\" cream-max-pages=\"24\"/>\n")),
            "t.xml:13: 'cream-max-pages' needs 'max-pages' (the white paper's maximum)");
  EXPECT_EQ(error_of(minimal_template("  <print-target max-pages=\"20\"/>\n")),
            "t.xml:13: <print-target> needs a 'name' attribute");
  EXPECT_EQ(error_of(minimal_template("  <print-target name=\"P\" max-pages=\"20\"/>\n"
                                      "  <print-target name=\"Q\" max-pages=\"30\"/>\n")),
            "t.xml:14: <print-target> may appear only once in <template>");
}

TEST(TemplateTest, SplitNamesTheFilesOfTypesetSplit) {
  EXPECT_FALSE(parse_template(minimal_template(), "t.xml").split);
  const Template named = parse_template(
      minimal_template("  <split name=\"{date}-{slot}\" solution=\"key-{date}-{slot}\"/>\n"), "t.xml");
  ASSERT_TRUE(named.split);
  EXPECT_EQ(named.split->line, 13);
  EXPECT_EQ(named.split->puzzle.source(), "{date}-{slot}");
  EXPECT_EQ(named.split->solution.source(), "key-{date}-{slot}");
  // Without `solution`, the puzzle's name and "-solution".
  EXPECT_EQ(parse_template(minimal_template("  <split name=\"{id}\"/>\n"), "t.xml").split->solution.source(),
            "{id}-solution");
  EXPECT_EQ(error_of(minimal_template("  <split name=\"\"/>\n")), "t.xml:13: 'name' must not be empty");
  EXPECT_EQ(error_of(minimal_template("  <split name=\"{day}\"/>\n")).substr(0, 9), "t.xml:13:");
  EXPECT_NE(error_of(minimal_template("  <split name=\"{day}\"/>\n")).find("day"), std::string::npos);
}

TEST(TemplateTest, UnknownAttributeIsAnErrorAtItsOwnLine) {
  const std::string text = minimal_template("", "thin=\"0.5pt\"\n        thik=\"2pt\"");
  EXPECT_EQ(error_of(text).substr(0, 44), "t.xml:8: unknown attribute 'thik' on <grid> ");
}

TEST(TemplateTest, BadLengthsAreErrors) {
  EXPECT_EQ(error_of(minimal_template("", "thin=\"0.5\"")).substr(0, 36),
            "t.xml:7: bad length '0.5' for 'thin'");
  EXPECT_EQ(error_of(minimal_template("", "thin=\"0.3pt\"")),
            "t.xml:7: thin line 0.3 pt is under the 0.5 pt minimum that prints reliably");
  EXPECT_NE(
      error_of(minimal_template("", "thin=\"1pt\" thick=\"0.75pt\"")).find("t.xml:7: the thick (box) lines"),
      std::string::npos);
}

TEST(TemplateTest, UndeclaredFontAndUnknownVariableAreErrors) {
  const std::string font = minimal_template(
      "", "thin=\"0.5pt\"", "    <caption font=\"serif\" size=\"9pt\"><text>{number}</text></caption>\n");
  EXPECT_NE(error_of(font).find("t.xml:11: unknown font 'serif'"), std::string::npos) << error_of(font);
  const std::string variable =
      minimal_template("", "thin=\"0.5pt\"",
                       "    <caption font=\"digits\" size=\"9pt\">\n      <text>{nmber}</text>\n"
                       "    </caption>\n");
  EXPECT_NE(error_of(variable).find("t.xml:12: unknown variable {nmber}"), std::string::npos)
      << error_of(variable);
}

TEST(TemplateTest, MissingFontIsAnErrorAtTheFontLine) {
  std::string text = minimal_template();
  text.replace(text.find("DejaVu Sans"), 11, "No Such Family");
  const Template loaded = parse_template(text, "t.xml");
  FontLibrary fonts;
  try {
    load_template_fonts(loaded, fonts);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 6);
    EXPECT_NE(std::string(error.what()).find("font family 'No Such Family' not found"), std::string::npos)
        << error.what();
  }
  std::string file = minimal_template();
  const std::string by_family = "family=\"DejaVu Sans\" style=\"Book\"";
  file.replace(file.find(by_family), by_family.size(), "file=\"missing.ttf\"");
  const Template with_file = parse_template(file, "t.xml", "/nonexistent");
  EXPECT_THROW(load_template_fonts(with_file, fonts), InputError);
}

// A cjk-family that is not installed leaves the face to fontconfig's fallback order: the packages
// only recommend the CJK fonts, and an English book must not fail for a missing Mincho.
TEST(TemplateTest, MissingCjkFamilyLeavesTheFallbackOrder) {
  std::string text = minimal_template();
  const std::string style = "style=\"Book\"";
  text.replace(text.find(style), style.size(), style + " cjk-family=\"No Such Mincho\"");
  const Template loaded = parse_template(text, "t.xml");
  ASSERT_EQ(loaded.fonts.front().cjk_family, "No Such Mincho");
  FontLibrary fonts;
  const FontSet loaded_fonts = load_template_fonts(loaded, fonts);
  const Font plain = fonts.find_family("DejaVu Sans", "Book");
  EXPECT_EQ(loaded_fonts.at(loaded.fonts.front().name).text_face(), plain.text_face());
}

TEST(TemplateTest, MissingStyleListsTheInstalledOnes) {
  std::string text = minimal_template();
  text.replace(text.find("Book"), 4, "Heavy");
  FontLibrary fonts;
  try {
    load_template_fonts(parse_template(text, "t.xml"), fonts);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("has no style 'Heavy' (installed styles:"), std::string::npos)
        << error.what();
  }
}

TEST(TemplateTest, FontFilesLoadByPath) {
  FontLibrary fonts;
  const Font font = fonts.load_file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  EXPECT_TRUE(font);
  EXPECT_EQ(font.description(), "DejaVu Sans Book");
  EXPECT_THROW(fonts.load_file(std::string(SUDOKU_SOURCE_DIR) + "/CMakeLists.txt"), FontNotFound);
}

// A template's font files resolve inside its own folder or a font folder (installed, or named with
// --font-dir), never anywhere else: an absolute path or a "../" walk out is refused before reading.
TEST(TemplateTest, FontFilesStayInsideTheTemplatesFolderOrAFontFolder) {
  const std::string dejavu_dir = "/usr/share/fonts/truetype/dejavu";
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("sudoku-font-confine-" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder / "fonts");
  std::filesystem::copy_file(dejavu_dir + "/DejaVuSans.ttf", folder / "fonts" / "Sans.ttf");
  const std::string by_family = "family=\"DejaVu Sans\" style=\"Book\"";
  const auto with_file = [&](const std::string& file) {
    std::string text = minimal_template();
    text.replace(text.find(by_family), by_family.size(), "file=\"" + file + "\"");
    return parse_template(text, "t.xml", folder);
  };
  const auto error_of_fonts = [](const Template& page_template, FontLibrary& fonts) -> std::string {
    try {
      load_template_fonts(page_template, fonts);
    } catch (const InputError& error) {
      return error.what();
    }
    return "";
  };
  FontLibrary no_folders;
  EXPECT_EQ(error_of_fonts(with_file("fonts/Sans.ttf"), no_folders), "");
  EXPECT_EQ(error_of_fonts(with_file((folder / "fonts" / "Sans.ttf").string()), no_folders), "");
  const std::string outside = error_of_fonts(with_file(dejavu_dir + "/DejaVuSans.ttf"), no_folders);
  EXPECT_NE(outside.find("needs its folder named with --font-dir"), std::string::npos) << outside;
  EXPECT_NE(error_of_fonts(with_file("../../../../../../etc/passwd"), no_folders).find("not found inside"),
            std::string::npos);
  // A link inside the folder that points out of it is outside too.
  std::filesystem::create_symlink(dejavu_dir + "/DejaVuSans.ttf", folder / "fonts" / "Link.ttf");
  EXPECT_NE(error_of_fonts(with_file("fonts/Link.ttf"), no_folders).find("not found inside"),
            std::string::npos);
  // Named as a font folder, the same file is allowed.
  FontLibrary with_dejavu({dejavu_dir});
  EXPECT_EQ(error_of_fonts(with_file(dejavu_dir + "/DejaVuSans.ttf"), with_dejavu), "");
  EXPECT_EQ(error_of_fonts(with_file("DejaVuSans.ttf"), with_dejavu), "");
  std::filesystem::remove_all(folder);
}

TEST(TemplateTest, DoctypeAndEntitiesAreRejected) {
  const std::string doctype =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
      "<template/>\n";
  EXPECT_EQ(error_of(doctype), "t.xml:2: DOCTYPE and entity declarations are not allowed in templates");
  std::string entity = minimal_template();
  entity.replace(entity.find("<master name=\"solution\""), 0,
                 "<!-- fonts & sizes are fine in comments -->\n");
  EXPECT_EQ(error_of(entity), "(no error)");
  entity =
      minimal_template("", "thin=\"0.5pt\"", "    <caption font=\"digits\"><text>&x;</text></caption>\n");
  EXPECT_NE(error_of(entity).find("t.xml:11: entity reference '&x;' is not allowed"), std::string::npos)
      << error_of(entity);
  const std::string escaped = minimal_template(
      "", "thin=\"0.5pt\"", "    <caption font=\"digits\"><text>Q&amp;A &#35;{number}</text></caption>\n");
  EXPECT_EQ(error_of(escaped), "(no error)");
}

TEST(TemplateTest, MalformedXmlGivesTheLine) {
  std::string text = minimal_template();
  text.replace(text.find("  </grid>"), 9, "  </grod>");
  EXPECT_EQ(error_of(text).substr(0, 24), "t.xml:9: malformed XML: ");
}

TEST(TemplateTest, StructuralMistakes) {
  EXPECT_NE(error_of(minimal_template("  <master name=\"puzzle\"/>\n"))
                .find("t.xml:13: master 'puzzle' is defined twice"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("  <master name=\"index\"/>\n"))
                .find("t.xml:13: bad value 'index' for 'name'"),
            std::string::npos);
  std::string no_solution = minimal_template();
  const auto at = no_solution.find("  <master name=\"solution\"");
  no_solution.erase(at, no_solution.find('\n', at) - at + 1);
  EXPECT_NE(error_of(no_solution).find("needs a <master name=\"solution\">"), std::string::npos)
      << error_of(no_solution);
  std::string mirrored = minimal_template();
  mirrored.replace(mirrored.find("height=\"9in\""), 12, "height=\"9in\" mirrored=\"yes\"");
  EXPECT_NE(error_of(mirrored).find("t.xml:4: mirrored pages take 'inside' and 'outside' margins"),
            std::string::npos)
      << error_of(mirrored);
  EXPECT_NE(error_of(minimal_template("  <master name=\"chapter\" columns=\"2\"/>\n"))
                .find("t.xml:13: 'columns' applies to the puzzle and solution masters only"),
            std::string::npos);
}

TEST(TemplateTest, BleedSafeMarginAndMinimumSizes) {
  // Bleed goes into the gutter only on pages that are not mirrored, unless the template says.
  EXPECT_TRUE(parse_template(minimal_template(), "t.xml").puzzle_page.page.gutter_bleed);
  std::string text = minimal_template();
  text.replace(text.find("<page width=\"6in\" height=\"9in\">"), 31,
               "<page width=\"6in\" height=\"9in\" gutter-bleed=\"no\" safe-margin=\"0.25in\">");
  const Template parsed = parse_template(text, "t.xml");
  EXPECT_FALSE(parsed.puzzle_page.page.gutter_bleed);
  EXPECT_DOUBLE_EQ(parsed.solution_page.page.safe_margin, 18);
  // A margin narrower than the safe margin would put the grids too near the trim.
  text = minimal_template();
  text.replace(text.find("<page width=\"6in\" height=\"9in\">"), 31,
               "<page width=\"6in\" height=\"9in\" safe-margin=\"0.6in\">");
  EXPECT_NE(error_of(text).find(
                "t.xml:3: a margin of 12.7 mm (36 pt) is inside the 15.24 mm (43.2 pt) safe margin"),
            std::string::npos)
      << error_of(text);
  // min-size may not exceed the size; a smaller size lowers an inherited minimum.
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\"",
                                      "    <header baseline=\"0.4in\" font=\"digits\" size=\"9pt\" "
                                      "min-size=\"10pt\"><text>{title}</text></header>\n"))
                .find("t.xml:11: 'min-size' 10 pt is larger than the text size 9 pt"),
            std::string::npos);
  const Template lowered = parse_template(
      minimal_template("", "thin=\"0.5pt\"",
                       "    <header baseline=\"0.4in\" font=\"digits\" size=\"9pt\" min-size=\"7pt\">"
                       "<text size=\"6pt\">{title}</text></header>\n"),
      "t.xml");
  EXPECT_DOUBLE_EQ(lowered.puzzle_page.header->texts[0].style.min_size, 6);
}

TEST(TemplateTest, ContentsNeedEntriesAndEntriesNeedContents) {
  EXPECT_NE(error_of(minimal_template("  <master name=\"contents\"/>\n"))
                .find("the contents master needs an <entries>"),
            std::string::npos);
  EXPECT_NE(
      error_of(minimal_template("  <master name=\"title\"><entries y=\"1in\" step=\"20pt\" font=\"digits\">"
                                "<text>{chapter}</text></entries></master>\n"))
          .find("<entries> belong to the contents master"),
      std::string::npos);
  const Template parsed = parse_template(
      minimal_template(
          "  <master name=\"contents\"><entries y=\"1in\" step=\"20pt\" font=\"digits\">"
          "<text>{chapter}</text><text align=\"right\">{chapter_page}</text></entries></master>\n"),
      "t.xml");
  ASSERT_TRUE(parsed.contents_page && parsed.contents_page->entries);
  EXPECT_EQ(parsed.contents_page->entries->texts.size(), 2u);
  EXPECT_DOUBLE_EQ(parsed.contents_page->entries->step, 20);
}

// The contents list flows over pages: the continuation pages' heading and first row are the
// template's to set, and a list that leaves no room for a row on a page is refused.
TEST(TemplateTest, ContentsContinuationPages) {
  const std::string entries =
      "<entries y=\"1in\" step=\"20pt\" font=\"digits\"><text>{chapter}</text></entries>";
  const Template plain =
      parse_template(minimal_template("  <master name=\"contents\">" + entries + "</master>\n"), "t.xml");
  ASSERT_TRUE(plain.contents_page);
  EXPECT_FALSE(plain.contents_page->continued_texts);
  EXPECT_DOUBLE_EQ(plain.contents_page->entries->continued_y, 72);
  // 9 in page, 0.5 in margins: 576 pt of type area; rows from 72 pt, 20 pt apart, 3.6 pt descent.
  EXPECT_EQ(plain.contents_page->entries->rows_per_page(576, false), 26);
  const Template continued = parse_template(
      minimal_template("  <master name=\"contents\"><text y=\"0.5in\" font=\"digits\">Contents</text>"
                       "<continued><text y=\"0.2in\" font=\"digits\">Contents (continued)</text></continued>"
                       "<entries y=\"1in\" continued-y=\"0.5in\" step=\"20pt\" font=\"digits\">"
                       "<text>{chapter}</text></entries></master>\n"),
      "t.xml");
  ASSERT_TRUE(continued.contents_page->continued_texts);
  ASSERT_EQ(continued.contents_page->continued_texts->size(), 1u);
  EXPECT_EQ(continued.contents_page->continued_texts->front().text.source(), "Contents (continued)");
  EXPECT_DOUBLE_EQ(continued.contents_page->entries->continued_y, 36);
  EXPECT_EQ(continued.contents_page->entries->rows_per_page(576, true), 27);
  EXPECT_NE(error_of(minimal_template("  <master name=\"title\"><continued/></master>\n"))
                .find("t.xml:13: <continued> belongs to the contents master"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("  <master name=\"contents\"><entries y=\"8.1in\" step=\"20pt\" "
                                      "font=\"digits\"><text>{chapter}</text></entries></master>\n"))
                .find("t.xml:13: 'y' 205.7 mm (583.2 pt) leaves no room for a row in the type area (203.2 mm (576 pt) high)"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("  <master name=\"contents\"><entries y=\"1in\" continued-y=\"9in\" "
                                      "step=\"20pt\" font=\"digits\"><text>{chapter}</text></entries></master>\n"))
                .find("t.xml:13: 'continued-y' 228.6 mm (648 pt) leaves no room"),
            std::string::npos);
}

TEST(TemplateTest, TonerSafeGridsHaveNoHairlinesAndNoTints) {
  EXPECT_TRUE(parse_template(minimal_template("", "thin=\"0.75pt\" toner-safe=\"yes\""), "t.xml")
                  .solution_page.grid.toner_safe);
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\" toner-safe=\"yes\""))
                .find("t.xml:7: a toner-safe grid needs lines of at least 0.75 pt, not 0.5 pt"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.75pt\" color=\"#333333\" toner-safe=\"yes\""))
                .find("t.xml:7: a toner-safe grid prints its lines in solid black"),
            std::string::npos);
  // A master's grid inherits the setting and is checked too.
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.75pt\" toner-safe=\"yes\"",
                                      "    <grid><solved color=\"#555555\"/></grid>\n"))
                .find("t.xml:11: a toner-safe grid prints the solved digits in solid black"),
            std::string::npos);
  for (const char* name : {"book-6x9", "book-letter", "large-print"})
    EXPECT_TRUE(load_template(shipped(name)).solution_page.grid.toner_safe) << name;
}

// A free text's 'variant' list: drawn only in books whose puzzles are all of those variants (the
// "How to play" page states Killer's rules in a Killer book); unknown names are errors.
TEST(TemplateTest, FreeTextVariantList) {
  const std::string how_to_play =
      "  <master name=\"how-to-play\">\n"                                                     // 13
      "    <text y=\"1in\" font=\"digits\" variant=\"classic x\">Clues are printed</text>\n"  // 14
      "    <text y=\"2in\" font=\"digits\" variant=\"killer\">Cages add up</text>\n"          // 15
      "    <text y=\"3in\" font=\"digits\">Always</text>\n"                                   // 16
      "  </master>\n";
  const Template parsed = parse_template(minimal_template(how_to_play), "t.xml");
  ASSERT_TRUE(parsed.how_to_play_page);
  const auto& texts = parsed.how_to_play_page->texts;
  ASSERT_EQ(texts.size(), 3u);
  EXPECT_EQ(texts[0].variants, (std::vector<Variant>{Variant::classic, Variant::x}));
  EXPECT_EQ(texts[1].variants, (std::vector<Variant>{Variant::killer}));
  EXPECT_TRUE(texts[2].variants.empty());

  std::string unknown = how_to_play;
  unknown.replace(unknown.find("\"killer\""), 8, "\"killers\"");
  EXPECT_NE(error_of(minimal_template(unknown)).find("t.xml:15: unknown variant 'killers' (expected one of:"),
            std::string::npos)
      << error_of(minimal_template(unknown));
  std::string empty = how_to_play;
  empty.replace(empty.find("\"killer\""), 8, "\" \"");
  EXPECT_NE(error_of(minimal_template(empty)).find("t.xml:15: expected variant names"), std::string::npos)
      << error_of(minimal_template(empty));
}

// The variants' look: <grid tint cage cage-sum> and the puzzle master's <rule> with one text per
// variant; every shipped template states every variant's rule.
TEST(TemplateTest, VariantRulesAndCageLines) {
  const std::string rule =
      "    <rule gap=\"4pt\" font=\"digits\" size=\"9pt\" on=\"every\">\n"       // 11
      "      <text variant=\"x\">Each diagonal also contains 1\u20139</text>\n"  // 12
      "      <text variant=\"killer\" size=\"8pt\">Cages add up</text>\n"        // 13
      "    </rule>\n";
  const Template parsed = parse_template(
      minimal_template("", "thin=\"0.5pt\" tint=\"#cccccc\" cage=\"0.6pt\" cage-sum=\"0.3\"", rule), "t.xml");
  const RuleLine& line = *parsed.puzzle_page.rule;
  EXPECT_TRUE(line.every_grid);
  EXPECT_DOUBLE_EQ(line.gap, 4);
  EXPECT_DOUBLE_EQ(line.height, 1.2 * 9);
  ASSERT_NE(line.text_for(Variant::killer), nullptr);
  EXPECT_DOUBLE_EQ(line.text_for(Variant::killer)->style.size, 8);
  EXPECT_EQ(line.text_for(Variant::jigsaw), nullptr);
  EXPECT_EQ(parsed.solution_page.grid.tint, *parse_color("#cccccc"));
  EXPECT_DOUBLE_EQ(parsed.solution_page.grid.cage, 0.6);
  EXPECT_DOUBLE_EQ(parsed.solution_page.grid.cage_sum, 0.3);

  std::string unknown = rule;
  unknown.replace(unknown.find("\"x\""), 3, "\"sudoku-x\"");
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\"", unknown))
                .find("t.xml:12: unknown variant 'sudoku-x' (expected one of: classic, x, windoku"),
            std::string::npos)
      << error_of(minimal_template("", "thin=\"0.5pt\"", unknown));
  std::string twice = rule;
  twice.replace(twice.find("\"killer\""), 8, "\"x\"");
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\"", twice))
                .find("t.xml:13: a second text for the variant 'x'"),
            std::string::npos);
  EXPECT_NE(
      error_of(minimal_template("", "thin=\"0.5pt\"", "    <rule font=\"digits\"><text>x</text></rule>\n"))
          .find("t.xml:11: <text> needs a 'variant' attribute"),
      std::string::npos);
  EXPECT_NE(error_of(minimal_template("  <master name=\"front-cover\">\n" + rule + "  </master>\n"))
                .find("t.xml:14: <rule> belongs to the puzzle master"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\" cage=\"0.3pt\""))
                .find("t.xml:7: cage line 0.3 pt is under the 0.5 pt minimum"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.75pt\" cage=\"0.6pt\" toner-safe=\"yes\""))
                .find("t.xml:7: a toner-safe grid needs lines of at least 0.75 pt, not 0.6 pt"),
            std::string::npos);
  for (const char* name : {"newspaper", "book-6x9", "book-letter", "a4-4up", "large-print"}) {
    const Template shipped_template = load_template(shipped(name));
    ASSERT_TRUE(shipped_template.puzzle_page.rule) << name;
    for (const Variant variant : all_variants())
      EXPECT_EQ(shipped_template.puzzle_page.rule->text_for(variant) != nullptr, variant != Variant::classic)
          << name << " " << variant_name(variant);
  }
}

// The puzzle master's <tip> (typeset --hints with the newspaper): its look, its levels (hard and
// evil unless it names others), on the puzzle master only; the shipped newspaper has one, the books
// none (they print a hints section).
TEST(TemplateTest, TipLineUnderThePuzzleGrids) {
  const std::string tip = "    <tip gap=\"1mm\" font=\"digits\" size=\"8pt\" min-size=\"6pt\" align=\"center\"/>\n";
  const Template parsed = parse_template(minimal_template("", "thin=\"0.5pt\"", tip), "t.xml");
  ASSERT_TRUE(parsed.puzzle_page.tip);
  const TipLine& line = *parsed.puzzle_page.tip;
  EXPECT_DOUBLE_EQ(line.gap, millimetres(1));
  EXPECT_DOUBLE_EQ(line.height, 9.6);
  EXPECT_DOUBLE_EQ(line.text.style.min_size, 6);
  EXPECT_EQ(line.text.align, Align::center);
  EXPECT_EQ(line.text.line, 11);
  EXPECT_TRUE(line.for_level("hard") && line.for_level("evil") && !line.for_level("medium"));
  std::string levels = tip;
  levels.replace(levels.find("gap="), 0, "levels=\"tough extreme\" ");
  const Template chosen = parse_template(minimal_template("", "thin=\"0.5pt\"", levels), "t.xml");
  EXPECT_TRUE(chosen.puzzle_page.tip->for_level("tough") && !chosen.puzzle_page.tip->for_level("hard"));
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\"", "    <tip font=\"digits\" on=\"every\"/>\n"))
                .find("t.xml:11: unknown attribute 'on' on <tip>"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("", "thin=\"0.5pt\"", "    <tip size=\"8pt\"/>\n")).find("t.xml:11: <tip> needs a 'font'"),
            std::string::npos);
  EXPECT_NE(error_of(minimal_template("  <master name=\"front-cover\">\n" + tip + "  </master>\n"))
                .find("t.xml:14: <tip> belongs to the puzzle master"),
            std::string::npos);
  EXPECT_TRUE(load_template(shipped("newspaper")).puzzle_page.tip);
  for (const char* name : {"book-6x9", "book-letter", "a4-4up", "large-print"})
    EXPECT_FALSE(load_template(shipped(name)).puzzle_page.tip) << name;
}

TEST(TemplateTest, SlotsTooSmallForAGridAreRejected) {
  std::string text = minimal_template();
  text.replace(text.find("columns=\"2\" rows=\"2\""), 20, "columns=\"8\" rows=\"12\"");
  EXPECT_NE(error_of(text).find("t.xml:12: the 8 x 12 slots leave grids of only"), std::string::npos)
      << error_of(text);
}

TEST(PagePlanTest, BookLetterPlan) {
  const Book book = read_book(testing::test_data("books/sample/book.json"));
  const Template letter = load_template(shipped("book-letter"));
  const PagePlan plan = plan_pages(book, letter, true);
  // title, how to play, contents, blank, chapter 1 (3 puzzles: 2 pages), blank, chapter 2 (5: 3
  // pages), chapter 3 (4: 2 pages), blank, 12 solutions on one page.
  ASSERT_EQ(plan.pages.size(), 17u);
  EXPECT_EQ(plan.pages[0].role, PageRole::title);
  EXPECT_EQ(plan.pages[1].role, PageRole::how_to_play);
  EXPECT_EQ(plan.pages[2].role, PageRole::contents);
  EXPECT_EQ(plan.pages[3].role, PageRole::blank);
  EXPECT_EQ(plan.pages[4].role, PageRole::chapter);
  EXPECT_EQ(plan.pages[7].role, PageRole::blank);
  EXPECT_EQ(plan.chapter_first_page, (std::vector<int>{5, 9, 13}));
  EXPECT_EQ(plan.first_solution_page, 17);
  EXPECT_EQ(plan.puzzle_page[0], 6);
  EXPECT_EQ(plan.puzzle_page[2], 7);
  EXPECT_EQ(plan.puzzle_page[11], 15);
  EXPECT_EQ(plan.solution_page[11], 17);
  EXPECT_EQ(plan.pages[16].slots.size(), 12u);
  EXPECT_EQ(plan.chapter_first_solution_page, (std::vector<int>{17, 17, 17}));
  for (const auto& page : plan.pages) {
    if (page.role == PageRole::chapter || page.role == PageRole::title) {
      EXPECT_TRUE(page.recto()) << page.number;
    }
  }
}

// A book of `chapters` one-puzzle chapters, from the sample's puzzles.
Book many_chapter_book(std::size_t chapters) {
  Book book = read_book(testing::test_data("books/sample/book.json"));
  std::vector<BookPuzzle> pool;
  for (const auto& chapter : book.chapters) pool.insert(pool.end(), chapter.puzzles.begin(), chapter.puzzles.end());
  book.chapters.resize(chapters);
  for (std::size_t c = 0; c < chapters; ++c) {
    book.chapters[c].title = "Day " + std::to_string(c + 1);
    book.chapters[c].puzzles = {pool[c % pool.size()]};
  }
  return book;
}

// A contents list longer than a page flows over more contents pages, and every page number after
// them (chapters, puzzles, solutions) moves on by as many pages.
TEST(PagePlanTest, ContentsFlowOverAsManyPagesAsTheyNeed) {
  for (const char* name : {"book-6x9", "book-letter", "large-print"}) {
    SCOPED_TRACE(name);
    const Template page_template = load_template(shipped(name));
    const Master& contents = *page_template.contents_page;
    const double type_area = contents.page.height - contents.page.margins.top - contents.page.margins.bottom;
    const auto first = static_cast<std::size_t>(contents.entries->rows_per_page(type_area, false));
    const auto next = static_cast<std::size_t>(contents.entries->rows_per_page(type_area, true));
    ASSERT_GT(first, 5u);
    // Exactly a full first page (with the solutions' row), one row more, and three pages' worth.
    for (const std::size_t chapters : {first - 1, first, first + next + 1}) {
      SCOPED_TRACE(chapters);
      const Book book = many_chapter_book(chapters);
      const PagePlan plan = plan_pages(book, page_template, true);
      const std::size_t rows = chapters + 1;
      const std::size_t pages = rows <= first ? 1 : 1 + (rows - first + next - 1) / next;
      std::size_t listed = 0;
      std::size_t contents_pages = 0;
      for (const auto& page : plan.pages) {
        if (page.role != PageRole::contents) continue;
        EXPECT_EQ(page.first_entry, listed);
        EXPECT_LE(page.entry_count, contents_pages == 0 ? first : next);
        listed += page.entry_count;
        ++contents_pages;
      }
      EXPECT_EQ(listed, rows);
      EXPECT_EQ(contents_pages, pages);
      // The contents pages follow one another from page 3; the first chapter opens on the next
      // right-hand page.
      for (std::size_t i = 0; i < pages; ++i) EXPECT_EQ(plan.pages[2 + i].role, PageRole::contents);
      const int after = 3 + static_cast<int>(pages);
      EXPECT_EQ(plan.chapter_first_page[0], after % 2 == 1 ? after : after + 1);
      for (std::size_t c = 0; c < chapters; ++c) {
        const PlannedPage& page = plan.pages[static_cast<std::size_t>(plan.puzzle_page[c] - 1)];
        ASSERT_EQ(page.slots.size(), 1u);
        EXPECT_EQ(page.slots[0].chapter, c);
        EXPECT_EQ(plan.pages[static_cast<std::size_t>(plan.chapter_first_page[c] - 1)].chapter, c);
        const PlannedPage& solutions = plan.pages[static_cast<std::size_t>(plan.solution_page[c] - 1)];
        EXPECT_EQ(solutions.role, PageRole::solutions);
      }
    }
  }
}

TEST(PagePlanTest, SolutionsRunOnOverSeveralPages) {
  const Book book = read_book(testing::test_data("books/sample/book.json"));
  Template letter = load_template(shipped("book-letter"));
  letter.solution_page.rows = 3;  // nine per page: the twelve solutions need two pages
  const PagePlan plan = plan_pages(book, letter, true);
  ASSERT_EQ(plan.pages.size(), 18u);
  EXPECT_EQ(plan.first_solution_page, 17);
  EXPECT_EQ(plan.solution_page[8], 17);
  EXPECT_EQ(plan.solution_page[9], 18);
  EXPECT_EQ(plan.chapter_first_solution_page, (std::vector<int>{17, 17, 17}));
  // Solutions after the first solution page follow on, without blanks in between.
  for (const auto& page : plan.pages) {
    if (page.number > 17) {
      EXPECT_EQ(page.role, PageRole::solutions);
    }
  }
}

TEST(PagePlanTest, WithoutSolutionsAndWithoutChapterPages) {
  const Book book = read_book(testing::test_data("books/sample/book.json"));
  const PagePlan letter = plan_pages(book, load_template(shipped("book-letter")), false);
  EXPECT_EQ(letter.pages.size(), 15u);
  EXPECT_TRUE(letter.solution_page.empty());
  EXPECT_EQ(letter.first_solution_page, 0);
  const PagePlan newspaper = plan_pages(book, load_template(shipped("newspaper")), true);
  EXPECT_EQ(newspaper.pages.size(), 24u);
  EXPECT_EQ(newspaper.solution_page.front(), 13);
  // By chapter, chapters of 3, 5 and 4 puzzles start new pages: 1 + 2 + 1 puzzle pages, then the
  // 12 solutions.
  Template by_chapter = load_template(shipped("a4-4up"));
  by_chapter.puzzle_page.continuous = false;
  const PagePlan a4 = plan_pages(book, by_chapter, true);
  EXPECT_EQ(a4.pages.size(), 5u);
  EXPECT_EQ(a4.pages[1].slots.size(), 4u);
  EXPECT_EQ(a4.pages[2].slots.size(), 1u);
  EXPECT_EQ(a4.chapter_first_page, (std::vector<int>{1, 2, 4}));
}

TEST(PagePlanTest, ContinuousFlowFillsEveryPage) {
  const Book book = read_book(testing::test_data("books/sample/book.json"));
  const Template a4 = load_template(shipped("a4-4up"));
  ASSERT_TRUE(a4.puzzle_page.continuous);
  const PagePlan plan = plan_pages(book, a4, true);
  // 12 puzzles, 4 per page, whatever the chapters: 3 full puzzle pages and the solutions.
  ASSERT_EQ(plan.pages.size(), 4u);
  for (int page = 0; page < 3; ++page) EXPECT_EQ(plan.pages[static_cast<std::size_t>(page)].slots.size(), 4u);
  // Gentle (1-3) and Tough (4-8) share page 1; Evil (9-12) starts on page 3 with puzzle 9.
  EXPECT_EQ(plan.chapter_first_page, (std::vector<int>{1, 1, 3}));
  EXPECT_EQ(plan.puzzle_page[3], 1);
  EXPECT_EQ(plan.puzzle_page[8], 3);
  // With a chapter master every chapter has its own opening page: continuous flow is refused.
  std::string text = testing::read_text_file(shipped("book-letter"));
  text.replace(text.find("<master name=\"puzzle\""), 21, "<master name=\"puzzle\" flow=\"continuous\"");
  try {
    parse_template(text, "t.xml");
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what())
                  .find(testing::line_of("t.xml", text, "<master name=\"puzzle\"") +
                        ": flow=\"continuous\" cannot apply with a chapter master"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace sudoku::typeset
