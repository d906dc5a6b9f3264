// Hints in books (book_hints.hpp, typeset --hints and --how-to-solve): a reader who follows only a
// hint's claim — where to look, the technique, the cells — on the board reaches the step the
// grader found; the typeset sections carry their page references both ways.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/test_support.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/typeset/book_hints.hpp"
#include "sudoku/typeset/catalog.hpp"

namespace sudoku {
namespace {

using typeset::BookStep;
using typeset::HintClaim;
using Effect = std::set<std::pair<int, int>>;  // (cell, value)

bool in(const std::vector<int>& cells, int cell) { return std::find(cells.begin(), cells.end(), cell) != cells.end(); }

// The units holding every one of `cells`.
std::vector<int> common_units(const Geometry& geometry, const std::vector<int>& cells) {
  std::vector<int> units;
  for (std::size_t unit = 0; unit < geometry.units().size(); ++unit) {
    const auto& members = geometry.units()[unit];
    if (std::all_of(cells.begin(), cells.end(), [&](int cell) {
          return std::find(members.begin(), members.end(), cell) != members.end();
        }))
      units.push_back(static_cast<int>(unit));
  }
  return units;
}

Effect effect_of(const std::vector<CellValue>& list) {
  Effect effect;
  for (const CellValue& at : list) effect.insert({at.cell, at.value});
  return effect;
}

// What a reader derives from the hint alone on the board, by the technique's definition; every
// reading that gives an effect is returned (an unambiguous hint gives one).
std::vector<Effect> replay(const Geometry& geometry, const PencilBoard& board, const HintClaim& claim) {
  const int n = geometry.size();
  const std::vector<int>& unit = geometry.units()[static_cast<std::size_t>(*claim.unit)];
  const std::vector<int>& cells = claim.cells;
  std::vector<Effect> readings;
  const auto keep = [&](Effect effect) {
    if (!effect.empty() && std::find(readings.begin(), readings.end(), effect) == readings.end())
      readings.push_back(std::move(effect));
  };
  switch (claim.technique) {
    case Technique::pointing:
    case Technique::claiming:
      // A digit whose places in the unit all lie in the cells, which share another unit: it
      // leaves that unit's other cells.
      for (int digit = 1; digit <= n; ++digit) {
        if (!std::all_of(cells.begin(), cells.end(), [&](int cell) { return board.has(cell, digit); })) continue;
        if (std::any_of(unit.begin(), unit.end(), [&](int cell) { return board.has(cell, digit) && !in(cells, cell); }))
          continue;
        for (int other : common_units(geometry, cells)) {
          if (other == *claim.unit) continue;
          Effect effect;
          for (int cell : geometry.units()[static_cast<std::size_t>(other)])
            if (!in(unit, cell) && board.has(cell, digit)) effect.insert({cell, digit});
          keep(effect);
        }
      }
      break;
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad: {
      std::set<int> digits;
      for (int cell : cells)
        for (int digit = 1; digit <= n; ++digit)
          if (board.has(cell, digit)) digits.insert(digit);
      if (digits.size() != cells.size()) break;
      Effect effect;
      for (int cell : unit)
        if (!in(cells, cell))
          for (int digit : digits)
            if (board.has(cell, digit)) effect.insert({cell, digit});
      keep(effect);
      break;
    }
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad: {
      std::set<int> digits;  // the digits of the unit found only in the cells
      for (int digit = 1; digit <= n; ++digit) {
        const bool inside = std::any_of(cells.begin(), cells.end(), [&](int cell) { return board.has(cell, digit); });
        const bool outside =
            std::any_of(unit.begin(), unit.end(), [&](int cell) { return !in(cells, cell) && board.has(cell, digit); });
        if (inside && !outside) digits.insert(digit);
      }
      if (digits.size() != cells.size()) break;
      Effect effect;
      for (int cell : cells)
        for (int digit = 1; digit <= n; ++digit)
          if (board.has(cell, digit) && !digits.count(digit)) effect.insert({cell, digit});
      keep(effect);
      break;
    }
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish: {
      // The base lines are the lines of the named unit's kind through the cells; the cover lines
      // the other kind. A digit whose places in every base line lie in the cover lines leaves the
      // cover lines' other cells.
      const bool rows = std::all_of(unit.begin(), unit.end(), [&](int cell) { return geometry.row_of(cell) == geometry.row_of(unit.front()); });
      std::set<int> base;
      std::set<int> cover;
      for (int cell : cells) {
        base.insert(rows ? geometry.row_of(cell) : geometry.col_of(cell));
        cover.insert(rows ? geometry.col_of(cell) : geometry.row_of(cell));
      }
      if (base.size() != cover.size()) break;
      const auto at = [&](int line, int across) { return rows ? geometry.cell_at(line, across) : geometry.cell_at(across, line); };
      for (int digit = 1; digit <= n; ++digit) {
        bool fish = true;
        for (int line : base)
          for (int across = 0; across < n; ++across)
            if (board.has(at(line, across), digit) && !cover.count(across)) fish = false;
        if (!fish) continue;
        Effect effect;
        for (int across : cover)
          for (int line = 0; line < n; ++line)
            if (!base.count(line) && board.has(at(line, across), digit)) effect.insert({at(line, across), digit});
        keep(effect);
      }
      break;
    }
    default:
      break;
  }
  return readings;
}

bool replayable(Technique technique) {
  switch (technique) {
    case Technique::pointing:
    case Technique::claiming:
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
      return true;
    default:
      return false;
  }
}

// se-rated puzzles as a book, spread over the corpus's ratings (it is sorted by rating): the first
// half "medium" (hints beyond 2.3), the rest "hard" (beyond 2.8).
Book sample_book(std::size_t count) {
  const std::vector<Grid> corpus = testing::load_corpus(testing::corpus_path("se-rated.txt"));
  std::vector<Grid> puzzles;
  const std::size_t stride = std::max<std::size_t>(1, corpus.size() / count);
  for (std::size_t i = 0; i < corpus.size() && puzzles.size() < count; i += stride) puzzles.push_back(corpus[i]);
  Book book;
  book.chapters.resize(2);
  book.chapters[0].level = "medium";
  book.chapters[1].level = "hard";
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const std::string level = i < puzzles.size() / 2 ? "medium" : "hard";
    const BookPuzzle puzzle{.id = std::to_string(i + 1), .puzzle = puzzles[i], .solution = puzzles[i], .rating = 0,
                            .rating_sd = 0, .level = level, .target = 0, .givens = puzzles[i].givens(),
                            .canonical = {}, .seed = 0, .iterations = 0, .date = {}, .number = {}};
    book.chapters[i < puzzles.size() / 2 ? 0 : 1].puzzles.push_back(puzzle);
  }
  return book;
}

TEST(BookHintsTest, TenHintsReplayedOnTheirBoardsGiveTheGradersStep) {
  const typeset::BookHints hints = typeset::find_book_hints(sample_book(400), false);
  int replayed = 0;
  std::set<Technique> techniques;
  std::map<Technique, int> per_technique;  // at most three of a technique, so the ten vary
  for (const BookStep& hint : hints.hints) {
    const HintClaim claim = typeset::hint_claim(hint.grid->geometry(), hint.step);
    if (!replayable(claim.technique) || replayed == 10 || per_technique[claim.technique] == 3) continue;
    ++per_technique[claim.technique];
    SCOPED_TRACE("puzzle " + std::to_string(hint.number) + ", " + std::string(technique_name(claim.technique)));
    ASSERT_TRUE(claim.unit.has_value());
    const std::vector<Effect> readings = replay(hint.grid->geometry(), hint.board, claim);
    // The grader's step is among what the reader can derive (two digits may make a pattern on the
    // same cells: both readings are then sound, and the picture shows which one is meant).
    EXPECT_NE(std::find(readings.begin(), readings.end(), effect_of(hint.step.eliminations)), readings.end());
    techniques.insert(claim.technique);
    ++replayed;
  }
  EXPECT_EQ(replayed, 10);
  EXPECT_GE(techniques.size(), 3U) << "the sample should exercise several techniques";
}

TEST(BookHintsTest, AMisreadHintIsCaught) {
  // The replay is not a tautology: a hint naming one cell too few, or the wrong unit, no longer
  // gives the grader's step.
  const typeset::BookHints hints = typeset::find_book_hints(sample_book(400), false);
  int checked = 0;
  for (const BookStep& hint : hints.hints) {
    HintClaim claim = typeset::hint_claim(hint.grid->geometry(), hint.step);
    if (!replayable(claim.technique) || claim.cells.size() < 2) continue;
    claim.cells.pop_back();
    const std::vector<Effect> readings = replay(hint.grid->geometry(), hint.board, claim);
    EXPECT_EQ(std::find(readings.begin(), readings.end(), effect_of(hint.step.eliminations)), readings.end());
    if (++checked == 10) break;
  }
  EXPECT_EQ(checked, 10);
}

TEST(BookHintsTest, EasyPuzzlesGetNoHintAndEveryHintIsBeyondItsLevelsBasics) {
  Book book = sample_book(60);
  for (BookPuzzle& puzzle : book.chapters[0].puzzles) puzzle.level = "easy";
  const typeset::BookHints hints = typeset::find_book_hints(book, false);
  ASSERT_FALSE(hints.hints.empty());
  for (const BookStep& hint : hints.hints) {
    EXPECT_EQ(hint.chapter, 1U) << "puzzle " << hint.number;
    EXPECT_FALSE(hint.step.evidence.empty());
  }
}

TEST(BookHintsTest, HintLinesSayWhereTechniqueCellsAndResultInTheCatalogueLanguage) {
  const typeset::BookHints hints = typeset::find_book_hints(sample_book(40), true);
  ASSERT_FALSE(hints.hints.empty());
  ASSERT_FALSE(hints.examples.empty());
  const typeset::Catalog english;
  const std::vector<std::string> lines = typeset::hint_lines(hints.hints.front(), english);
  ASSERT_GE(lines.size(), 3U);
  EXPECT_TRUE(std::regex_search(lines[0], std::regex("^1\\. Look at (row|column|box) [1-9]\\.$"))) << lines[0];
  EXPECT_TRUE(lines[1].starts_with("2. Technique: ")) << lines[1];
  EXPECT_TRUE(std::regex_search(lines.back(), std::regex("It (removes|places) .*r[1-9]c[1-9]"))) << lines.back();
  const auto german = typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/de.po");
  EXPECT_TRUE(typeset::hint_lines(hints.hints.front(), german)[0].starts_with("1. Schauen Sie auf "));
  EXPECT_TRUE(german.missing().empty()) << *german.missing().begin();
  // The examples: one per technique title, in ladder order, each with its sentences.
  std::set<std::string> titles;
  for (const BookStep& example : hints.examples) {
    EXPECT_TRUE(titles.insert(typeset::technique_title(example.step.technique, english)).second);
    EXPECT_GT(typeset::technique_description(example.step.technique, english).size(), 40U);
  }
}

// The text of each page of a PDF, by pdftotext.
std::vector<std::string> page_texts(const std::string& pdf) {
  const testing::CommandResult info = testing::run_command("pdfinfo " + pdf);
  std::smatch match;
  const std::regex pages_line("Pages:\\s+([0-9]+)");
  EXPECT_TRUE(std::regex_search(info.out, match, pages_line)) << info.err;
  const int pages = std::stoi(match[1]);
  std::vector<std::string> texts;
  for (int page = 1; page <= pages; ++page)
    texts.push_back(testing::run_command("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) +
                                         " " + pdf + " -")
                        .out);
  return texts;
}

// typeset --hints --how-to-solve on the sample book: every puzzle page's "Hint: page N" points at a
// hints page that names that puzzle and its page, every hint's "Puzzle K, page M" points back at
// the page printing Puzzle K, and the contents list both sections.
void expect_cross_references(const std::string& template_name) {
  SCOPED_TRACE(template_name);
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / (template_name + ".pdf");
  const testing::CommandResult done = testing::run_command(
      testing::tool_path("typeset") + " " + testing::test_data("books/sample") + " --template " + template_name +
      " --draft --hints --how-to-solve -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const std::vector<std::string> pages = page_texts(pdf);
  const std::regex hint_reference("Hint: page ([0-9]+)");
  const std::regex puzzle_heading("Puzzle ([0-9]+), page ([0-9]+)");
  int forward = 0;
  int backward = 0;
  for (std::size_t page = 0; page < pages.size(); ++page) {
    for (auto it = std::sregex_iterator(pages[page].begin(), pages[page].end(), hint_reference);
         it != std::sregex_iterator(); ++it) {
      const auto target = static_cast<std::size_t>(std::stoi((*it)[1]));
      ASSERT_LE(target, pages.size());
      // A puzzle on this page is named, with this page, on the hints page.
      bool named = false;
      const std::regex puzzle_caption("Puzzle ([0-9]+)\\n");
      for (auto caption = std::sregex_iterator(pages[page].begin(), pages[page].end(), puzzle_caption);
           caption != std::sregex_iterator(); ++caption)
        named = named || pages[target - 1].find("Puzzle " + std::string((*caption)[1]) + ", page " +
                                                std::to_string(page + 1)) != std::string::npos;
      EXPECT_TRUE(named) << "page " << page + 1 << " points at page " << target;
      ++forward;
    }
    if (pages[page].find("Hints") == std::string::npos) continue;
    for (auto it = std::sregex_iterator(pages[page].begin(), pages[page].end(), puzzle_heading);
         it != std::sregex_iterator(); ++it) {
      const auto target = static_cast<std::size_t>(std::stoi((*it)[2]));
      ASSERT_LE(target, pages.size());
      EXPECT_NE(pages[target - 1].find("Puzzle " + std::string((*it)[1]) + "\n"), std::string::npos)
          << "hint on page " << page + 1 << " points at page " << target;
      EXPECT_NE(pages[target - 1].find("Hint: page " + std::to_string(page + 1)), std::string::npos);
      ++backward;
    }
  }
  // The sample book: 3 gentle puzzles without hints, 9 tough and evil ones with.
  EXPECT_EQ(forward, 9);
  EXPECT_EQ(backward, 9);
  const auto contents = std::find_if(pages.begin(), pages.end(), [](const std::string& text) {
    return text.find("Contents") != std::string::npos;
  });
  ASSERT_NE(contents, pages.end());
  EXPECT_NE(contents->find("How to solve"), std::string::npos);
  EXPECT_NE(contents->find("Hints"), std::string::npos);
  // The how-to-solve chapter: a worked example of the hidden single, from the book's first puzzle.
  const bool hidden_single = std::any_of(pages.begin(), pages.end(), [](const std::string& text) {
    return text.find("Hidden single") != std::string::npos && text.find("From puzzle 1, page") != std::string::npos;
  });
  EXPECT_TRUE(hidden_single);
}

TEST(BookHintsTypesetTest, HintsAndPuzzlesPointAtEachOtherInBookLetter) { expect_cross_references("book-letter"); }

TEST(BookHintsTypesetTest, HintsAndPuzzlesPointAtEachOtherInBook6x9) { expect_cross_references("book-6x9"); }

TEST(BookHintsTypesetTest, WithoutTheOptionsTheBookHasNeitherSection) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "plain.pdf";
  const testing::CommandResult done = testing::run_command(testing::tool_path("typeset") + " " +
                                                           testing::test_data("books/sample") +
                                                           " --template book-6x9 --draft -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  for (const std::string& text : page_texts(pdf)) {
    EXPECT_EQ(text.find("Hint"), std::string::npos);
    EXPECT_EQ(text.find("How to solve"), std::string::npos);
  }
}

// typeset --preflight counts the how-to-solve and hints pages as the render lays them out, so a book
// near its printer's page limit is judged with them.
TEST(BookHintsTypesetTest, PreflightCountsTheSectionsPages) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "hints.pdf";
  const std::string book = testing::tool_path("typeset") + " " + testing::test_data("books/sample") +
                           " --template book-6x9 --draft";
  const testing::CommandResult done = testing::run_command(book + " --hints --how-to-solve -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const auto preflight_pages = [&](const std::string& options) {
    const testing::CommandResult report =
        testing::run_command(book + options + " --preflight --preflight-format json");
    std::smatch match;
    const std::regex pages("\"pages\":([0-9]+)");
    EXPECT_TRUE(std::regex_search(report.out, match, pages)) << report.out << report.err;
    return match.empty() ? 0 : std::stoi(match[1]);
  };
  const auto rendered = static_cast<int>(page_texts(pdf).size());
  EXPECT_EQ(preflight_pages(" --hints --how-to-solve"), rendered);
  EXPECT_LT(preflight_pages(""), rendered);
}

TEST(BookHintsTypesetTest, SplitRefusesHints) {
  const testing::CommandResult done = testing::run_command(testing::tool_path("typeset") + " " +
                                                           testing::test_data("books/sample") +
                                                           " --template newspaper --split -o /nonexistent --hints");
  EXPECT_EQ(done.exit_code, 2);
  EXPECT_NE(done.err.find("--hints applies to books"), std::string::npos) << done.err;
}

}  // namespace
}  // namespace sudoku
