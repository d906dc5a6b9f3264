// SPDX-License-Identifier: Apache-2.0
// Books in any language: the message catalogues (templates/lang/*.po), typeset --lang and the
// plan's "language", the sentences composed from the book (rules, blurb, subtitle) and wrapped
// titles that leave no word alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include <boost/json.hpp>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;
using testing::test_data;
using typeset::Catalog;

const std::string kSource = SUDOKU_SOURCE_DIR;
const std::string kLangDir = kSource + "/templates/lang";
const std::string kSample = test_data("books/sample");
const std::vector<std::string> kTemplates{"book-6x9", "book-letter", "large-print", "a4-4up", "newspaper"};
const std::vector<std::string> kTranslations{"de", "fr", "es", "it", "ja"};

// A temporary folder for one test, removed with everything in it.
class TempDir : public testing::TempDir {
 public:
  TempDir() : testing::TempDir("language-test") {}
};

// typeset as a printer would take it: the shipped examples are long enough for every template.
std::string printable_command(const std::string& arguments) {
  return testing::tool_path("typeset") + " " + arguments;
}

// typeset for the test books, which are shorter than the book templates' 24-page minimum: a proof
// (--draft), as an editor checking a language would typeset one.
std::string typeset_command(const std::string& arguments) {
  return printable_command(arguments + " --draft");
}

std::string run_ok(const std::string& command) {
  const CommandResult result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
  return result.out;
}

// The text of pages `first` to `last` (0: to the end) with every run of white space made one space,
// so a sentence wrapped over lines is found whole.
std::string page_text(const std::string& pdf, int first = 1, int last = 0) {
  std::string text = run_ok("pdftotext -f " + std::to_string(first) +
                            (last > 0 ? " -l " + std::to_string(last) : std::string()) + " " + pdf + " -");
  std::string out;
  for (const char c : text) {
    const bool space = c == '\n' || c == ' ' || c == '\f';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

// Japanese text has no spaces: pdftotext's line ends are the only white space in it.
std::string without_spaces(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  return text;
}

std::string error_of(std::string_view po) {
  try {
    Catalog::parse(po, "xx.po", "xx");
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

const char* kHeader = "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n";

// Every shipped language translates every message English has: each shipped template's texts (none
// is left in English when the template is localized) and every sentence the typesetter composes;
// the placeholders of each translation are its msgid's (the reader refuses any other).
TEST(CatalogTest, EveryLanguageTranslatesEveryMessage) {
  EXPECT_EQ(typeset::known_languages({kLangDir}), (std::vector<std::string>{"de", "en", "es", "fr", "it", "ja"}));
  const Catalog english = Catalog::load(kLangDir + "/en.po");
  std::set<std::pair<std::string, std::string>> keys;
  for (const auto& message : english.messages()) {
    keys.insert({message.context, message.id});
    if (message.plural_id.empty()) {
      EXPECT_EQ(message.texts.front(), message.id);
    }
  }
  for (const auto& message : typeset::printed_messages())
    EXPECT_TRUE(keys.contains({message.context, message.id})) << message.context << "|" << message.id;
  for (const std::string& code : kTranslations) {
    const auto catalog = std::make_shared<const Catalog>(Catalog::load(kLangDir + "/" + code + ".po"));
    EXPECT_EQ(catalog->code(), code);
    std::set<std::pair<std::string, std::string>> translated;
    for (const auto& message : catalog->messages()) {
      translated.insert({message.context, message.id});
      for (const auto& text : message.texts) {
        EXPECT_FALSE(text.empty()) << code << ": " << message.id;
        const auto used = typeset::placeholders(text);
        const auto known = typeset::placeholders(message.plural_id.empty() ? message.id : message.plural_id);
        if (message.plural_id.empty()) {
          EXPECT_EQ(used, known) << code << ": " << message.id;
        } else {
          EXPECT_TRUE(std::includes(known.begin(), known.end(), used.begin(), used.end())) << code << ": " << text;
        }
      }
    }
    EXPECT_EQ(translated, keys) << code << " has other messages than en.po";
    for (const std::string& name : kTemplates)
      typeset::localize(typeset::load_template(kSource + "/templates/" + name + ".xml"), catalog);
    EXPECT_TRUE(catalog->missing().empty()) << code << ": " << *catalog->missing().begin();
  }
}

TEST(CatalogTest, PluralFormsNumbersAndDatesFollowTheLanguage) {
  const auto load = [](const std::string& code) { return Catalog::load(kLangDir + "/" + code + ".po"); };
  const Catalog german = load("de");
  const Catalog french = load("fr");
  const Catalog japanese = load("ja");
  const Catalog english;
  const auto per_page = [](const Catalog& catalog, long n) {
    return catalog.plural("blurb", "One puzzle to a page.", "{count} puzzles to a page.", n);
  };
  EXPECT_EQ(per_page(english, 1), "One puzzle to a page.");
  EXPECT_EQ(per_page(english, 2), "2 puzzles to a page.");
  EXPECT_EQ(per_page(german, 1), "Ein Rätsel pro Seite.");
  EXPECT_EQ(per_page(german, 4), "4 Rätsel pro Seite.");
  EXPECT_EQ(per_page(french, 1), "Une grille par page.");
  EXPECT_EQ(per_page(french, 6), "6 grilles par page.");
  EXPECT_EQ(per_page(japanese, 6), "1ページに6問。");
  // French counts 0 and 1 as singular, German and English only 1.
  EXPECT_EQ(french.plural("blurb", "{count} puzzle on a {size} grid.", "{count} puzzles on {size} grids.", 0),
            "0 grille de {size}.");
  EXPECT_EQ(german.decimal(4.25, 1), "4,2");
  EXPECT_EQ(japanese.decimal(4.25, 1), "4.2");
  EXPECT_EQ(english.long_date("2026-12-01"), "Tuesday 1 December 2026");
  EXPECT_EQ(german.long_date("2026-12-01"), "Dienstag, 1. Dezember 2026");
  EXPECT_EQ(french.long_date("2026-12-01"), "mardi 1er décembre 2026");
  EXPECT_EQ(french.long_date("2026-12-02"), "mercredi 2 décembre 2026");
  EXPECT_EQ(load("es").long_date("2026-12-01"), "martes, 1 de diciembre de 2026");
  EXPECT_EQ(load("it").long_date("2026-12-01"), "martedì 1º dicembre 2026");
  EXPECT_EQ(japanese.long_date("2026-12-01"), "2026年12月1日（火）");
  EXPECT_EQ(german.list({"4×4", "6×6", "9×9"}), "4×4, 6×6 und 9×9");
  EXPECT_EQ(japanese.list({"4×4", "6×6"}), "4×4、6×6");
  // Nothing recorded for English; a lacking message in another language is, once.
  EXPECT_EQ(german.text("level", "nightmare"), "nightmare");
  EXPECT_EQ(german.text("level", "nightmare"), "nightmare");
  EXPECT_EQ(german.missing(), (std::set<std::string>{"level|nightmare"}));
  EXPECT_TRUE(english.missing().empty());
}

// The arrangement a master keeps for larger grids (a Samurai or a 25x25 grid one a page) says what
// the master says, in the book's language: a German Samurai page read "Puzzle 1" and "Solution on
// page 37" before.
TEST(CatalogTest, LargerGridArrangementsAreTranslatedToo) {
  const auto german = std::make_shared<const Catalog>(Catalog::load(kLangDir + "/de.po"));
  for (const char* name : {"book-letter", "large-print"}) {  // the templates with a Samurai arrangement
    const typeset::Template page_template =
        typeset::localize(typeset::load_template(kSource + "/templates/" + std::string(name) + ".xml"), german);
    ASSERT_FALSE(page_template.puzzle_page.grid_sizes.empty()) << name;
    for (const typeset::Master* master : {&page_template.puzzle_page, &page_template.puzzle_page.grid_sizes.back()}) {
      std::string captions;
      for (const auto& caption : master->captions)
        for (const auto& line : caption.texts) captions += line.text.source() + "|";
      EXPECT_NE(captions.find("Rätsel {number}"), std::string::npos) << name << ": " << captions;
      EXPECT_EQ(captions.find("Puzzle {number}"), std::string::npos) << name << ": " << captions;
      EXPECT_EQ(captions.find("Solution on page"), std::string::npos) << name << ": " << captions;
    }
  }
}

// A bad catalogue is one error at its file and line, saying what was expected.
TEST(CatalogTest, BadCatalogueIsReportedAtItsLine) {
  const std::string header = kHeader;  // 4 lines
  const std::map<std::string, std::string> cases{
      {header + "msgid \"Contents\"\nmsgtext \"Inhalt\"\n", "xx.po:6: unknown keyword 'msgtext'"},
      {header + "msgid \"Puzzle {number}\"\nmsgstr \"Rätsel {nummer}\"\n",
       "xx.po:5: msgid \"Puzzle {number}\": the translation's {placeholders} differ"},
      {header + "msgid \"Contents\"\nmsgstr \"Inhalt\n", "xx.po:6: expected a string in double quotes"},
      {header + "msgid \"A\"\nmsgstr \"B\"\n\nmsgid \"A\"\nmsgstr \"C\"\n", "xx.po:8: msgid \"A\" is already translated at line 5"},
      {header + "msgid \"a\"\nmsgid_plural \"{count} b\"\nmsgstr[0] \"x\"\n",
       "xx.po:5: msgid \"a\": 1 plural forms, the Plural-Forms header says 2"},
      {header + "msgstr \"B\"\n", "xx.po:5: a second msgstr for one msgid"},
      {"msgstr \"B\"\n", "xx.po:1: msgstr without a msgid before it"},
      {"msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=3; plural=(n%10==1 ? 0 : 1);\\n\"\n",
       "xx.po:1: Plural-Forms ' nplurals=3;"},
      {header + "msgid \"A\"\nmsgstr \"B \\q\"\n", "xx.po:6: unknown escape '\\q'"},
      {header + "msgid \"A\"\nmsgstr  \t \n", "xx.po:6: expected a quoted string after msgstr"},
  };
  for (const auto& [po, expected] : cases) EXPECT_TRUE(error_of(po).starts_with(expected)) << po << "\n" << error_of(po);
  // A fuzzy or empty translation is no translation (printed in English), never an error.
  const Catalog fuzzy = Catalog::parse(header + "#, fuzzy\nmsgid \"A\"\nmsgstr \"B\"\n\nmsgid \"C\"\nmsgstr \"\"\n\n"
                                                "msgctxt \"level\"\nmsgid \"hard\"\nmsgstr \"schwer\"\n",
                                       "xx.po", "xx");
  EXPECT_EQ(fuzzy.text("", "A"), "A");
  EXPECT_EQ(fuzzy.text("", "C"), "C");
  EXPECT_EQ(fuzzy.text("level", "hard"), "schwer");
  EXPECT_EQ(fuzzy.text("", "hard"), "hard");
  // A translation that is not a valid text pattern is an error at its catalogue line.
  const auto broken = std::make_shared<const Catalog>(
      Catalog::parse(header + "msgid \"How to play\"\nmsgstr \"Spielregeln}\"\n", "bad.po", "xx"));
  try {
    typeset::localize(typeset::load_template(kSource + "/templates/book-6x9.xml"), broken);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_TRUE(std::string(error.what()).starts_with("bad.po:5: unbalanced '}'")) << error.what();
  }
}

// typeset --lang and the plan's "language" (the command line wins); an unknown code is refused with
// the known ones, before anything is written; a catalogue lacking a message still makes the book,
// that message in English, and says so once.
TEST(LanguageCliTest, LangOptionPlanLanguageAndUnknownCodes) {
  TempDir dir;
  const std::string pdf = dir / "book.pdf";
  run_ok(typeset_command(kSample + " -t book-6x9 --lang de -o " + pdf + " --date 2026-03-01"));
  const std::string german = page_text(pdf);
  for (const char* word : {"Spielregeln", "Inhalt", "Lösungen", "Rätsel 1", "Lösung auf Seite", "Füllen Sie jedes 9×9-Gitter"})
    EXPECT_NE(german.find(word), std::string::npos) << word << "\n" << german;
  for (const char* word : {"How to play", "Contents", "Puzzle 1", "Solution on page", "Solutions"})
    EXPECT_EQ(german.find(word), std::string::npos) << word;

  for (const std::string code : {"xx", "../de", "DE"}) {
    const CommandResult result = run_command(typeset_command(kSample + " -t book-6x9 --lang " + code + " -o " + dir / "no.pdf"));
    EXPECT_EQ(result.exit_code, 2) << code;
    EXPECT_NE(result.err.find("unknown language '" + code + "' (known: de, en, es, fr, it, ja"), std::string::npos)
        << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_FALSE(fs::exists(dir / "no.pdf"));
  }

  // The plan's language, unless --lang says otherwise.
  Book book = read_book(kSample + "/book.json");
  book.plan["language"] = "ja";
  fs::create_directories(dir / "ja");
  write_book(book, dir / "ja/book.json");
  run_ok(typeset_command(dir / "ja -t book-6x9 -o " + pdf + " --date 2026-03-01"));
  EXPECT_NE(without_spaces(page_text(pdf, 2, 2)).find("遊び方"), std::string::npos);
  run_ok(typeset_command(dir / "ja -t book-6x9 --lang fr -o " + pdf + " --date 2026-03-01"));
  EXPECT_NE(page_text(pdf, 2, 2).find("Règles du jeu"), std::string::npos);
  book.plan["language"] = "klingon";
  write_book(book, dir / "ja/book.json");
  const CommandResult bad = run_command(typeset_command(dir / "ja -t book-6x9 -o " + pdf));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("book.json: $.plan.language: unknown language 'klingon'"), std::string::npos) << bad.err;

  // A publisher's catalogue next to their template, lacking one message.
  fs::create_directories(dir / "mine/lang");
  fs::copy_file(kSource + "/templates/book-6x9.xml", dir / "mine/book.xml");
  std::string po = testing::read_text_file(kLangDir + "/de.po");
  const std::string entry = "msgid \"How to play\"\nmsgstr \"Spielregeln\"\n";
  ASSERT_NE(po.find(entry), std::string::npos);
  po.erase(po.find(entry), entry.size());
  testing::write_text_file(dir / "mine/lang/de.po", po);
  const CommandResult partial =
      run_command(typeset_command(kSample + " -t " + dir / "mine/book.xml --lang de -o " + pdf + " --date 2026-03-01"));
  EXPECT_EQ(partial.exit_code, 0) << partial.err;
  EXPECT_EQ(std::count(partial.err.begin(), partial.err.end(), '\n'), 1) << partial.err;
  EXPECT_NE(partial.err.find("has no translation of 1 message, printed in English: 'How to play'"), std::string::npos)
      << partial.err;
  EXPECT_NE(page_text(pdf, 2, 2).find("How to play Füllen Sie"), std::string::npos);
}

// The example plans in German and Japanese typeset in every shipped template, cover included, with
// every font embedded; pdftotext gives back the title and the language's own words, no English.
// French, Spanish and Italian typeset the German book in every template too.
TEST(LanguageCliTest, EveryLanguageTypesetsInEveryTemplate) {
  TempDir dir;
  for (const std::string code : {"de", "ja"}) {
    const std::string book_dir = dir / ("book-" + code);
    run_ok(testing::tool_path("generate-book") + " " + kSource + "/examples/plan-" + code + ".json -o " + book_dir);
    const Book book = read_book(book_dir + "/book.json");
    for (const std::string& name : kTemplates) {
      const std::string pdf = dir / (code + "-" + name + ".pdf");
      const bool bound = name != "a4-4up" && name != "newspaper";
      const CommandResult result = run_command(printable_command(book_dir + " -t " + name + " -o " + pdf +
                                                               (bound ? " --cover " + dir / "cover.pdf" : "") +
                                                               " --date 2026-03-01"));
      ASSERT_EQ(result.exit_code, 0) << code << " " << name << ": " << result.err;
      EXPECT_EQ(result.err, "") << code << " " << name;
      const std::string fonts = run_ok("pdffonts " + pdf);
      EXPECT_EQ(fonts.find(" no "), std::string::npos) << fonts;
      std::string text = page_text(pdf);
      if (code == "ja") text = without_spaces(text);
      const std::string title = code == "ja" ? without_spaces(book.title) : book.title;
      if (name != "newspaper" && name != "a4-4up") {
        EXPECT_NE(text.find(title), std::string::npos) << code << " " << name << "\n" << text;
        const std::string cover = code == "ja" ? without_spaces(page_text(dir / "cover.pdf")) : page_text(dir / "cover.pdf");
        EXPECT_NE(cover.find(title), std::string::npos) << cover;
        // The blurb counts the book's own puzzles.
        const std::string count = std::to_string(book.puzzle_count());
        EXPECT_NE(cover.find(code == "de" ? count + " Rätsel in den Formaten 6×6 und 9×9."
                                          : "6×6、9×9の問題を" + count + "問収録。"),
                  std::string::npos)
            << cover;
        EXPECT_NE(text.find(code == "de" ? "Spielregeln" : "遊び方"), std::string::npos) << name;
      }
      const bool newspaper = name == "newspaper";
      EXPECT_NE(text.find(code == "ja" ? "解答" : newspaper ? "LÖSUNG NR. 1" : "Lösung"), std::string::npos) << name;
      for (const char* english : {"How to play", "Puzzle ", "Solution", "Contents", "EASY", "No. "})
        EXPECT_EQ(text.find(english), std::string::npos) << code << " " << name << ": " << english;
    }
  }
  // French, Spanish and Italian words are as long as German ones: the German book in each of them
  // passes every template's fit and trim checks, with every message translated and every font embedded.
  for (const std::string code : {"fr", "es", "it"})
    for (const std::string& name : kTemplates) {
      const std::string pdf = dir / (code + "-" + name + ".pdf");
      const bool bound = name != "a4-4up" && name != "newspaper";
      const CommandResult result =
          run_command(printable_command(dir / "book-de -t " + name + " --lang " + code + " -o " + pdf +
                                        (bound ? " --cover " + dir / "cover.pdf" : "") + " --date 2026-03-01"));
      ASSERT_EQ(result.exit_code, 0) << code << " " << name << ": " << result.err;
      EXPECT_EQ(result.err, "") << code << " " << name;
      EXPECT_EQ(run_ok("pdffonts " + pdf).find(" no "), std::string::npos) << code << " " << name;
      const std::string text = page_text(pdf);
      // ("Solution" is French as well.)
      for (const char* english : {"How to play", "Puzzle ", "Solutions are", "Contents", "EASY"})
        EXPECT_EQ(text.find(english), std::string::npos) << code << " " << name << ": " << english;
    }
}

// Every shipped example plan, made with one puzzle a chapter, prints only true sentences: "How to
// play" and the cover name each grid size the book holds and no other, each variant's rule exactly
// when the book has that variant, where the solutions are, and the book's own puzzle count.
TEST(DerivedTextTest, ShippedExamplePlansPrintOnlyTrueSentences) {
  TempDir dir;
  int plans = 0;
  for (const testing::ExamplePlan& example : testing::shipped_book_plans()) {
    const std::string& name = example.name;
    const boost::json::value& plan = example.plan;
    if (plan.at("title").is_string() && plan.as_object().contains("language")) continue;  // LanguageCliTest's
    const std::string book_dir = testing::generate_one_per_chapter(example, dir.path());
    const Book book = read_book(book_dir + "/book.json");
    std::set<int> sizes;
    std::set<Variant> variants;
    for (const auto& chapter : book.chapters)
      for (const auto& puzzle : chapter.puzzles) {
        sizes.insert(puzzle.puzzle.geometry().size());
        variants.insert(puzzle.puzzle.geometry().variant());
      }
    const std::string pdf = dir / (name + ".pdf");
    const std::string cover_pdf = dir / (name + "-cover.pdf");
    run_ok(typeset_command(book_dir + " -t book-6x9 -o " + pdf + " --cover " + cover_pdf + " --date 2026-03-01"));
    // The front matter (examples/plan.json has a half-title, title, copyright and dedication page)
    // comes before "How to play".
    const std::string front = page_text(pdf, 1, 8);
    const std::string cover = page_text(cover_pdf);
    ASSERT_NE(front.find("How to play"), std::string::npos) << name << ": " << front;
    for (const int size : {4, 6, 8, 9, 10, 12, 16, 25}) {
      const std::string grid = std::to_string(size) + "\u00d7" + std::to_string(size);
      const bool held = sizes.count(size) > 0;
      EXPECT_EQ(front.find(grid) != std::string::npos, held) << name << ": " << grid << "\n" << front;
      EXPECT_EQ(cover.find(grid) != std::string::npos, held) << name << ": " << grid << "\n" << cover;
    }
    const std::vector<std::pair<Variant, std::string>> rules{
        {Variant::x, "two long diagonals"},         {Variant::windoku, "four shaded windows"},
        {Variant::asterisk, "In Asterisk Sudoku"},  {Variant::centre_dot, "In Centre-dot Sudoku"},
        {Variant::jigsaw, "jigsaw grid"},           {Variant::killer, "In Killer Sudoku, the grid starts empty"}};
    for (const auto& [variant, sentence] : rules)
      EXPECT_EQ(front.find(sentence) != std::string::npos, variants.count(variant) > 0)
          << name << ": " << sentence << "\n" << front;
    EXPECT_NE(front.find("solutions are at the back of the book"), std::string::npos) << name << "\n" << front;
    // One kind is a "Kind:" (plan-killer), several "Kinds:", classic alone neither.
    const bool one_kind = variants.size() == 1 && !variants.count(Variant::classic);
    EXPECT_EQ(cover.find("Kind: ") != std::string::npos, one_kind) << name << ": " << cover;
    EXPECT_EQ(cover.find("Kinds: ") != std::string::npos, variants.size() > 1) << name << ": " << cover;
    const std::size_t count = book.puzzle_count();
    EXPECT_NE(cover.find(std::to_string(count) + (count == 1 ? " puzzle " : " puzzles ")), std::string::npos)
        << name << ": " << cover;
    ++plans;
  }
  EXPECT_GE(plans, 8);
}

// A book of 4x4, 6x6 and 16x16 grids: its rules and its blurb name every size it holds (with its box
// shape) and no other; without solutions no sentence says where they are.
TEST(DerivedTextTest, MixedSizeBookNamesEverySizeItHoldsAndNoOther) {
  TempDir dir;
  Book book;
  for (const char* size : {"size-4", "size-6", "size-16"}) {
    const Book one = read_book(test_data(std::string("typeset/books/") + size + "/book.json"));
    if (book.title.empty()) book = one, book.chapters.clear();
    book.chapters.insert(book.chapters.end(), one.chapters.begin(), one.chapters.end());
  }
  book.plan = boost::json::object{{"title", book.title}};  // no one "size" for the whole book
  fs::create_directories(dir / "mixed");
  write_book(book, dir / "mixed/book.json");
  for (const std::string name : {"book-6x9", "book-letter", "large-print"}) {
    const std::string pdf = dir / "mixed.pdf";
    const std::string cover_pdf = dir / "cover.pdf";
    run_ok(typeset_command(dir / "mixed -t " + name + " -o " + pdf + " --cover " + cover_pdf + " --date 2026-03-01"));
    const std::string rules = page_text(pdf, 2, 2);
    const std::string cover = page_text(cover_pdf);
    for (const char* expected :
         {"every 2×2 box holds each of 1 to 4", "every 2×3 box holds each of 1 to 6",
          "every 4×4 box holds each of 1 to 9 and A to G", "Fill in each 4×4 grid", "Fill in each 6×6 grid",
          "Fill in each 16×16 grid", "the solutions are at the back"})
      EXPECT_NE(rules.find(expected), std::string::npos) << name << ": " << expected << "\n" << rules;
    EXPECT_NE(cover.find("puzzles on grids of 4×4, 6×6 and 16×16."), std::string::npos) << cover;
    EXPECT_NE(cover.find("Solutions at the back."), std::string::npos) << cover;
    for (const char* other : {"9×9", "3×3", "12×12", "25×25", "1 to 9 exactly", "gentle to fiendish"}) {
      EXPECT_EQ(rules.find(other), std::string::npos) << name << ": " << other << "\n" << rules;
      EXPECT_EQ(cover.find(other), std::string::npos) << name << ": " << other << "\n" << cover;
    }
    run_ok(typeset_command(dir / "mixed -t " + name + " --solutions none -o " + pdf + " --cover " + cover_pdf +
                           " --date 2026-03-01"));
    const std::string without = page_text(pdf, 2, 2) + page_text(cover_pdf);
    EXPECT_EQ(without.find("olutions"), std::string::npos) << without;
    EXPECT_NE(without.find("Sudoku puzzles"), std::string::npos) << without;
  }
}

// A 16x16 and 25x25 book in book-letter prints its 16x16 grids two to a page and its 25x25 grids one
// (the <grid-size from="25">): the blurb says "up to 2", never "2 puzzles to a page"; a book of one
// kind says "Kind: ...", not "Kinds: ...".
TEST(DerivedTextTest, PuzzlesPerPageAndKindsAreWhatThePagesHold) {
  TempDir dir;
  Book book;
  for (const char* size : {"size-16", "size-25"}) {
    const Book one = read_book(test_data(std::string("typeset/books/") + size + "/book.json"));
    if (book.title.empty()) book = one, book.chapters.clear();
    book.chapters.insert(book.chapters.end(), one.chapters.begin(), one.chapters.end());
  }
  book.plan = boost::json::object{{"title", book.title}};
  fs::create_directories(dir / "big");
  write_book(book, dir / "big/book.json");
  const std::string pdf = dir / "big.pdf";
  const std::string cover_pdf = dir / "big-cover.pdf";
  run_ok(typeset_command(dir / "big -t book-letter -o " + pdf + " --cover " + cover_pdf + " --date 2026-03-01"));
  std::string cover = page_text(cover_pdf);
  std::replace(cover.begin(), cover.end(), '\n', ' ');
  EXPECT_NE(cover.find("Up to 2 puzzles to a page."), std::string::npos) << cover;
  EXPECT_EQ(cover.find(". 2 puzzles to a page."), std::string::npos) << cover;
  // 16x16 alone: every grid two to a page.
  Book sixteen = read_book(test_data("typeset/books/size-16/book.json"));
  fs::create_directories(dir / "sixteen");
  write_book(sixteen, dir / "sixteen/book.json");
  run_ok(typeset_command(dir / "sixteen -t book-letter -o " + pdf + " --cover " + cover_pdf +
                         " --date 2026-03-01"));
  cover = page_text(cover_pdf);
  std::replace(cover.begin(), cover.end(), '\n', ' ');
  EXPECT_NE(cover.find("2 puzzles to a page."), std::string::npos) << cover;
  EXPECT_EQ(cover.find("Up to"), std::string::npos) << cover;
}

// A chapter of one puzzle is "Puzzle 3" on its chapter page, never "Puzzles 3"; a chapter of more
// keeps its range, in every language of the shipped catalogues.
TEST(DerivedTextTest, AChapterOfOnePuzzleIsNotPuzzles) {
  TempDir dir;
  Book book = read_book(kSample + "/book.json");
  book.chapters[0].puzzles.resize(1);
  fs::create_directories(dir / "one");
  write_book(book, dir / "one/book.json");
  const std::vector<std::tuple<std::string, std::string, std::string>> expected{
      {"en", "Puzzle 1\n", "Puzzles 2\u20136"}, {"de", "R\u00e4tsel 1\n", "R\u00e4tsel 2\u20136"},
      {"fr", "Grille 1\n", "Grilles 2\u20136"}, {"ja", "\u554f\u984c 1\n", "\u554f\u984c 2\u20136"}};
  for (const auto& [code, one, many] : expected) {
    const std::string pdf = dir / ("one-" + code + ".pdf");
    run_ok(typeset_command(dir / "one -t book-6x9 --lang " + code + " -o " + pdf + " --date 2026-03-01"));
    const std::string text = run_ok("pdftotext " + pdf + " -");
    EXPECT_NE(text.find(one), std::string::npos) << code << "\n" << text.substr(0, 600);
    EXPECT_NE(text.find(many), std::string::npos) << code;
    if (code == "en") {
      EXPECT_EQ(text.find("Puzzles 1\n"), std::string::npos) << text.substr(0, 600);
    }
    if (code == "fr") {
      EXPECT_EQ(text.find("Grilles 1\n"), std::string::npos) << text.substr(0, 600);
    }
  }
}

// A wrapped title leaves no word alone on its last line ("Killer Sudoku Book / 1"): its lines are
// balanced. Japanese breaks by Pango's rules, at its spaces when they serve (never inside ナンプレ
// when a space gives as few lines), and never before 。、」.
TEST(DerivedTextTest, WrappedTitlesAreBalancedInEveryScript) {
  TempDir dir;
  Book book = read_book(kSample + "/book.json");
  const auto title_lines = [&](const std::string& title, const std::string& options, const std::string& name) {
    book.title = title;
    fs::create_directories(dir / "t");
    write_book(book, dir / "t/book.json");
    run_ok(typeset_command(dir / "t -t " + name + " " + options + " -o " + dir / "t.pdf --cover " + dir / "c.pdf" +
                           " --date 2026-03-01"));
    // The front panel's first lines are the title (the back panel's title comes first).
    std::vector<std::string> lines;
    std::istringstream text(run_ok("pdftotext -f 1 -l 1 " + dir / "t.pdf" + " -"));
    for (std::string line; std::getline(text, line);)
      if (!line.empty()) lines.push_back(line);
    return lines;
  };
  // The title page: book-6x9 at 30 pt, min-size 22 pt, on a 4.75 in measure.
  const auto english = title_lines("Killer Sudoku Puzzles for Clever People Book 1", "", "book-6x9");
  ASSERT_GE(english.size(), 3U);
  EXPECT_EQ(english[0] + " " + english[1], "Killer Sudoku Puzzles for Clever People Book 1");
  EXPECT_NE(english[1].find(' '), std::string::npos) << english[1];
  EXPECT_LE(std::abs(static_cast<int>(english[0].size()) - static_cast<int>(english[1].size())), 12)
      << english[0] << " / " << english[1];

  const auto spaced = title_lines("はじめてのナンプレ 上達への道 第一巻", "--lang ja", "book-6x9");
  ASSERT_GE(spaced.size(), 2U);
  EXPECT_NE(spaced[0].find("ナンプレ"), std::string::npos) << spaced[0];
  EXPECT_EQ(spaced[0].find(' '), std::string::npos) << spaced[0] << " / " << spaced[1];

  const auto unspaced = title_lines("「毎日の数独」は楽しい。ひと目でわかる考え方で解く数独", "--lang ja", "book-6x9");
  ASSERT_GE(unspaced.size(), 3U);
  // Not the lone word 数独 on the last title line; no line starts with a closing mark.
  EXPECT_NE(unspaced[1], "数独");
  EXPECT_GT(unspaced[1].size(), std::string("数独").size()) << unspaced[0] << " / " << unspaced[1];
  for (const auto& line : {unspaced[0], unspaced[1]})
    for (const char* closing : {"。", "、", "」"}) EXPECT_FALSE(line.starts_with(closing)) << line;

  // French: no short word at the end of a title line ("Sudoku : du / débutant à l'expert").
  for (const std::string name : {"book-6x9", "book-letter", "large-print"}) {
    const auto french = title_lines("Sudoku : du débutant à l'expert", "--lang fr", name);
    ASSERT_GE(french.size(), 2U) << name;
    for (const std::string& line : french) {
      if (line.find("Sudoku") == std::string::npos && line.find("expert") == std::string::npos) continue;
      for (const char* word : {" du", " à", " de", " la"}) EXPECT_FALSE(line.ends_with(word)) << name << ": " << line;
    }
  }
}

// Digits inside Japanese headings come from the CJK face the heading's kana and kanji are set in,
// not from the template's Latin face: 第9問 is one Gothic word, not a Gothic 第 and 問 around a
// serif 9. A book-letter puzzle page's caption is in serif-bold (Pagella Bold), every character of
// which is then CJK or a digit between CJK characters: the page uses no Pagella Bold at all.
TEST(DerivedTextTest, DigitsInCjkHeadingsComeFromTheCjkFace) {
  TempDir dir;
  const std::string pdf = dir / "ja.pdf";
  run_ok(typeset_command(kSample + " -t book-letter --lang ja -o " + pdf));
  int pages = 0;
  for (int page = 1; page <= 40 && pages < 2; ++page) {
    const std::string text =
        run_ok("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + pdf + " -");
    if (text.find("\u7b2c") == std::string::npos || text.find("\u554f") == std::string::npos ||
        text.find("\u89e3\u7b54\u306f") == std::string::npos)
      continue;  // not a puzzle page (第…問 with 解答は…)
    ++pages;
    const std::string fonts =
        run_ok("pdffonts -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + pdf);
    EXPECT_EQ(fonts.find("Pagella-Bold"), std::string::npos) << "page " << page << "\n" << fonts;
    EXPECT_NE(fonts.find("IPAGothic"), std::string::npos) << fonts;
  }
  EXPECT_EQ(pages, 2);
  // Latin text keeps its digits: the English book's captions are still Pagella Bold.
  run_ok(typeset_command(kSample + " -t book-letter -o " + dir / "en.pdf"));
  EXPECT_NE(run_ok("pdffonts -f 5 -l 5 " + dir / "en.pdf").find("Pagella-Bold"), std::string::npos);
}

}  // namespace
}  // namespace sudoku
