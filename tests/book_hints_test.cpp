// SPDX-License-Identifier: Apache-2.0
// Hints in books (book_hints.hpp, typeset --hints and --how-to-solve): a reader who follows only a
// hint's claim — where to look, the technique, the cells — on the board reaches the step the
// grader found; the typeset sections carry their page references both ways.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/model/gattai.hpp"
#include "sudoku/model/geometry.hpp"
#include "sudoku/technique/technique_grader.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"
#include "sudoku/typeset/template/catalog.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "support/test_support.hpp"

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
  // Japanese sets no space between sentences, nor after a full-width colon; the other languages do.
  EXPECT_EQ(typeset::join_sentences({"\xE5\x95\x8F\xE9\xA1\x8C" "1\xEF\xBC\x9A", "r2c4\xE3\x80\x82", "r3c1"}),
            "\xE5\x95\x8F\xE9\xA1\x8C" "1\xEF\xBC\x9Ar2c4\xE3\x80\x82r3c1");
  EXPECT_EQ(typeset::join_sentences({"From puzzle 1, page 26:", "", "It places 6 in r2c4."}),
            "From puzzle 1, page 26: It places 6 in r2c4.");
  // The examples: one per technique title, in ladder order, each with its sentences.
  std::set<std::string> titles;
  for (const BookStep& example : hints.examples) {
    EXPECT_TRUE(titles.insert(typeset::technique_title(example.step.technique, english)).second);
    EXPECT_GT(typeset::technique_description(example.step.technique, english).size(), 40U);
  }
}

// Teaching text that is checked, not trusted: for every how-to-solve example and hint of a sample
// book, what its sentences may say is derived from the step's evidence on its board (how many
// houses or cells the pattern has, which house it names, what it places and what it removes: the
// digits and the cells), and every sentence of every shipped catalogue is held to it.
struct Language {
  std::string code;
  std::vector<std::string> counts;  // the words for 2, 3 and 4 (Japanese: the digits)
  std::vector<std::string> pair;    // words that name a pair (two cells)
};

const std::vector<Language> kLanguages = {
    {"en", {"two", "three", "four"}, {"pair"}},
    {"de", {"zwei", "drei", "vier"}, {"paar"}},
    {"fr", {"deux", "trois", "quatre"}, {"paire"}},
    {"es", {"dos", "tres", "cuatro"}, {"par"}},
    {"it", {"due", "tre", "quattro"}, {"coppia"}},
    {"ja", {"2", "3", "4"}, {"\xE3\x83\x9A\xE3\x82\xA2"}},  // ペア
};

// The words of `text`, lower-cased (ASCII letters; other bytes of a word kept as they are).
std::set<std::string> words_of(const std::string& text) {
  std::set<std::string> words;
  std::string word;
  for (const char c : text + " ") {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalpha(byte) || byte >= 0x80) {
      word.push_back(static_cast<char>(std::tolower(byte)));
    } else if (!word.empty()) {
      words.insert(word);
      word.clear();
    }
  }
  return words;
}

// Whether `text` uses `word`: a whole word, or for Japanese anywhere (no spaces between words).
bool says(const Language& language, const std::string& text, const std::string& word) {
  if (language.code == "ja") return text.find(word) != std::string::npos;
  return words_of(text).count(word) > 0;
}

// The fixed words of a catalogue pattern ("It places {value} in {cell}." -> "places"): its longest
// run of text between the {names}, trimmed, for telling which sentence a result holds.
std::string fixed_words(const std::string& pattern) {
  std::string longest;
  std::string run;
  for (std::size_t i = 0; i <= pattern.size(); ++i) {
    if (i == pattern.size() || pattern[i] == '{') {
      const auto first = run.find_first_not_of(" .");
      const auto last = run.find_last_not_of(" .\xE3\x80\x82");
      if (first != std::string::npos && last != std::string::npos && last >= first &&
          last - first + 1 > longest.size())
        longest = run.substr(first, last - first + 1);
      run.clear();
      if (i < pattern.size()) i = pattern.find('}', i);
      continue;
    }
    run.push_back(pattern[i]);
  }
  return longest;
}

// The cells a sentence names ("r2c4"), and the digits it names outside them.
std::pair<std::set<int>, std::set<int>> cells_and_digits(const std::string& text) {
  std::set<int> cells;
  std::set<int> digits;
  const std::regex cell("r([1-9])c([1-9])");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), cell); it != std::sregex_iterator(); ++it)
    cells.insert((std::stoi((*it)[1]) - 1) * 9 + std::stoi((*it)[2]) - 1);
  const std::string rest = std::regex_replace(text, cell, " ");
  for (std::size_t i = 0; i < rest.size(); ++i)
    if (rest[i] >= '1' && rest[i] <= '9' && (i == 0 || !std::isdigit(static_cast<unsigned char>(rest[i - 1]))) &&
        (i + 1 == rest.size() || !std::isdigit(static_cast<unsigned char>(rest[i + 1]))))
      digits.insert(rest[i] - '0');
  return {cells, digits};
}

// What a step's pattern removes on its board, from its evidence alone, for the techniques whose
// evidence says it (nullopt for the others): the digit's other places in the cover houses (pointing,
// claiming, fish), the set's digits elsewhere in its house (naked subsets), the other digits of
// the set's cells (hidden subsets); direct forms the same, before the single they leave.
std::optional<Effect> pattern_removals(const Geometry& geometry, const PencilBoard& board, const TechniqueStep& step) {
  const StepEvidence& evidence = step.evidence;
  std::set<int> base;
  for (int unit : evidence.units)
    for (int cell : geometry.units()[static_cast<std::size_t>(unit)]) base.insert(cell);
  std::set<int> values;
  for (const CellValue& at : evidence.candidates) values.insert(at.value);
  Effect removed;
  switch (step.technique) {
    case Technique::pointing:
    case Technique::claiming:
    case Technique::direct_pointing:
    case Technique::direct_claiming:
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish: {
      if (values.size() != 1 || evidence.cover_units.empty()) return std::nullopt;
      // Direct forms name a third house, where the single is left: the base is the first.
      std::set<int> bases;
      const bool direct = step.technique == Technique::direct_pointing || step.technique == Technique::direct_claiming;
      for (std::size_t u = 0; u < (direct ? 1 : evidence.units.size()); ++u)
        for (int cell : geometry.units()[static_cast<std::size_t>(evidence.units[u])]) bases.insert(cell);
      for (int unit : evidence.cover_units)
        for (int cell : geometry.units()[static_cast<std::size_t>(unit)])
          if (!bases.count(cell) && board.has(cell, *values.begin())) removed.insert({cell, *values.begin()});
      return removed;
    }
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
      for (int cell : geometry.units()[static_cast<std::size_t>(evidence.units.front())])
        if (!in(evidence.cells, cell))
          for (int value : values)
            if (board.has(cell, value)) removed.insert({cell, value});
      return removed;
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple:
      for (int cell : evidence.cells)
        for (int value = 1; value <= geometry.size(); ++value)
          if (board.has(cell, value) && !values.count(value)) removed.insert({cell, value});
      return removed;
    default:
      return std::nullopt;
  }
}

// How many of something a technique's description must count: a fish's base lines, a subset's
// cells; 0 when its description counts nothing a step could contradict.
std::size_t counted(const TechniqueStep& step) {
  switch (step.technique) {
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish: return step.evidence.units.size();
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple: return step.evidence.cells.size();
    default: return 0;
  }
}

// The kind ("row", "column", "box") of a unit, from its cells.
std::string kind_of(const Geometry& geometry, int unit) {
  const auto& cells = geometry.units()[static_cast<std::size_t>(unit)];
  const auto same = [&](auto of) {
    return std::all_of(cells.begin(), cells.end(), [&](int cell) { return of(cell) == of(cells.front()); });
  };
  if (same([&](int cell) { return geometry.row_of(cell); })) return "row";
  if (same([&](int cell) { return geometry.col_of(cell); })) return "column";
  return "box";
}

// One step's sentences in one language held to its evidence; returns the problems found.
std::vector<std::string> teaching_faults(const BookStep& step, const typeset::Catalog& catalog,
                                         const Language& language) {
  std::vector<std::string> faults;
  const Geometry& geometry = step.grid->geometry();
  const auto fault = [&](const std::string& what, const std::string& text) {
    faults.push_back(std::string(technique_name(step.step.technique)) + " (puzzle " + std::to_string(step.number) +
                     "): " + what + ": \"" + text + "\"");
  };
  // The description counts what the pattern has, and nothing else.
  const std::string description = typeset::technique_description(step.step.technique, catalog);
  if (const std::size_t count = counted(step.step); count >= 2 && count <= 4) {
    for (std::size_t n = 2; n <= 4; ++n)
      if (says(language, description, language.counts[n - 2]) != (n == count))
        fault("the pattern has " + std::to_string(count) + ", the description " +
                  (n == count ? "does not say so" : "says " + language.counts[n - 2]),
              description);
  }
  // A title that names a pair names two cells.
  const std::string title = typeset::technique_title(step.step.technique, catalog);
  for (const std::string& pair : language.pair)
    if (says(language, title, pair) && step.step.evidence.cells.size() != 2)
      fault("a pair of " + std::to_string(step.step.evidence.cells.size()) + " cells", title);
  // The result: what the pattern removes (every digit and cell it names is removed by the pattern),
  // and what is placed, nothing else.
  const std::string result = typeset::step_result(step, catalog);
  const auto [cells, digits] = cells_and_digits(result);
  std::set<int> placed_cells, placed_digits, removal_cells, removal_digits;
  for (const CellValue& at : step.step.placements) {
    placed_cells.insert(at.cell);
    placed_digits.insert(at.value);
  }
  const std::optional<Effect> removals = pattern_removals(geometry, step.board, step.step);
  const Effect removed = removals ? *removals : effect_of(step.step.eliminations);
  for (const auto& [cell, value] : removed) {
    removal_cells.insert(cell);
    removal_digits.insert(value);
  }
  const bool says_places = result.find(fixed_words(catalog.text("hints", "It places {value} in {cell}."))) !=
                           std::string::npos;
  const bool says_removes = result.find(fixed_words(catalog.text("hints", "It removes {values} from {cells}."))) !=
                            std::string::npos;
  if (says_places != !placed_cells.empty()) fault(placed_cells.empty() ? "places nothing" : "places a digit", result);
  if (says_removes != !removed.empty())
    fault(removed.empty() ? "the pattern removes nothing" : "the pattern removes candidates", result);
  for (int cell : cells)
    if (!placed_cells.count(cell) && !removal_cells.count(cell))
      fault("names r" + std::to_string(cell / 9 + 1) + "c" + std::to_string(cell % 9 + 1) +
                ", where it neither places nor removes",
            result);
  for (int digit : digits)
    if (!placed_digits.count(digit) && !removal_digits.count(digit))
      fault("names the digit " + std::to_string(digit) + ", which it neither places nor removes", result);
  for (int cell : placed_cells)
    if (!cells.count(cell)) fault("leaves out the placement's cell", result);
  if (!removed.empty() && says_removes) {
    for (const auto& [cell, value] : effect_of(step.step.eliminations))
      if (!cells.count(cell) || !digits.count(value)) fault("leaves out a removal", result);
  }
  // A hint names the house the pattern lives in, by its kind and number, and the pattern's cells.
  const HintClaim claim = typeset::hint_claim(geometry, step.step);
  const std::vector<std::string> lines = typeset::hint_lines(step, catalog);
  if (claim.unit && !step.step.evidence.units.empty()) {
    const int unit = step.step.evidence.units.front();
    const std::string kind = kind_of(geometry, unit);
    const auto& members = geometry.units()[static_cast<std::size_t>(unit)];
    const int number = kind == "row" ? geometry.row_of(members.front()) + 1
                       : kind == "column" ? geometry.col_of(members.front()) + 1
                                          : geometry.box_of(members.front()) + 1;
    const std::string expected =
        typeset::fill(catalog.text("hints", kind + " {n}"), {{"n", std::to_string(number)}});
    if (lines.front().find(expected) == std::string::npos) fault("the house is " + expected, lines.front());
  }
  if (!claim.cells.empty() && lines.size() >= 3) {
    const std::set<int> named = cells_and_digits(lines[2]).first;
    std::set<int> pattern(step.step.evidence.cells.begin(), step.step.evidence.cells.end());
    if (pattern.empty())
      for (const CellValue& at : step.step.evidence.candidates) pattern.insert(at.cell);
    if (!pattern.empty() && named != pattern) fault("the pattern's cells differ", lines[2]);
  }
  return faults;
}

TEST(TeachingTextTest, EverySentenceOfEveryExampleAndHintSaysWhatItsEvidenceShowsInEveryLanguage) {
  const typeset::BookHints hints = typeset::find_book_hints(sample_book(400), true);
  std::vector<const BookStep*> steps;
  for (const BookStep& example : hints.examples) steps.push_back(&example);
  for (std::size_t i = 0; i < hints.hints.size() && i < 80; ++i) steps.push_back(&hints.hints[i]);
  // The sample exercises what the defects were about: a fish of three or four lines, a hidden or
  // naked triple, and a direct form whose single follows a removal.
  std::set<Technique> techniques;
  for (const BookStep* step : steps) techniques.insert(step->step.technique);
  EXPECT_TRUE(techniques.count(Technique::swordfish) || techniques.count(Technique::jellyfish));
  EXPECT_TRUE(techniques.count(Technique::hidden_triple) || techniques.count(Technique::naked_triple) ||
              techniques.count(Technique::direct_hidden_triple));
  EXPECT_TRUE(techniques.count(Technique::direct_pointing) || techniques.count(Technique::direct_claiming) ||
              techniques.count(Technique::direct_hidden_pair));
  for (const Language& language : kLanguages) {
    SCOPED_TRACE(language.code);
    const auto catalog = typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/" + language.code + ".po");
    for (const BookStep* step : steps)
      for (const std::string& fault : teaching_faults(*step, catalog, language)) ADD_FAILURE() << fault;
  }
}

TEST(TeachingTextTest, TheCheckCatchesAFalseSentence) {
  // Not a tautology: an X-wing's text for a swordfish, a pair's title for three cells, a placement
  // stated without the removal behind it are each caught.
  const typeset::BookHints hints = typeset::find_book_hints(sample_book(400), true);
  const Language& english = kLanguages.front();
  const auto catalog = typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/en.po");
  int caught = 0;
  for (const BookStep& example : hints.examples) {
    BookStep lie = example;
    if (counted(example.step) >= 2) {
      // Claim one line or cell more (a quad, a jellyfish: fewer) than the pattern has.
      if (counted(example.step) == 4) {
        lie.step.evidence.cells.pop_back();
        lie.step.evidence.units.pop_back();
      } else {
        lie.step.evidence.cells.push_back(lie.step.evidence.cells.front());
        lie.step.evidence.units.push_back(lie.step.evidence.units.front());
      }
      EXPECT_FALSE(teaching_faults(lie, catalog, english).empty()) << technique_name(example.step.technique);
      ++caught;
    } else if (!example.step.eliminations.empty() && !example.step.placements.empty()) {
      lie.step.eliminations.clear();  // "It places 3 in r2c4" alone
      EXPECT_FALSE(teaching_faults(lie, catalog, english).empty()) << technique_name(example.step.technique);
      ++caught;
    }
  }
  EXPECT_GE(caught, 3);
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
void expect_cross_references(const std::string& template_name, const std::string& options = "") {
  SCOPED_TRACE(template_name + options);
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / (template_name + ".pdf");
  const testing::CommandResult done = testing::run_command(
      testing::tool_path("typeset") + " " + testing::test_data("books/sample") + " --template " + template_name +
      " --draft --hints --how-to-solve" + options + " -o " + pdf);
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

// --solutions none: the puzzles' captions name no solution page (there is none to point at), and
// each hinted puzzle still names its hint's page, which names it back.
TEST(BookHintsTypesetTest, WithoutSolutionsTheHintsPageStandsAlone) {
  for (const std::string template_name : {"book-6x9", "book-letter"}) {
    expect_cross_references(template_name, " --solutions none");
    const testing::TempDir folder("book-hints-test");
    const std::string pdf = folder / "none.pdf";
    const testing::CommandResult done = testing::run_command(
        testing::tool_path("typeset") + " " + testing::test_data("books/sample") + " --template " + template_name +
        " --draft --hints --solutions none -o " + pdf);
    ASSERT_EQ(done.exit_code, 0) << done.err;
    int references = 0;
    const std::regex reference("Hint: page [0-9]+");
    for (const std::string& text : page_texts(pdf)) {
      EXPECT_EQ(text.find("Solution"), std::string::npos) << text;
      for (auto it = std::sregex_iterator(text.begin(), text.end(), reference);
           it != std::sregex_iterator(); ++it)
        ++references;
    }
    EXPECT_EQ(references, 9);
  }
}

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

// The words of each page as pdftotext -bbox reads them (one call for the whole PDF): each one's
// text and its box's height (the font's ascent to its descent: a fixed multiple of its size for
// one face).
std::vector<std::vector<std::pair<std::string, double>>> page_words(const std::string& pdf) {
  const testing::CommandResult text = testing::run_command("pdftotext -bbox " + pdf + " -");
  EXPECT_EQ(text.exit_code, 0) << text.err;
  std::vector<std::vector<std::pair<std::string, double>>> pages;
  std::istringstream lines(text.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("<page ") != std::string::npos) pages.emplace_back();
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    const std::size_t at = line.find("<word ");
    if (at == std::string::npos || pages.empty() ||
        std::sscanf(line.c_str() + at, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">", &x0, &y0, &x1,
                    &y1) != 4)
      continue;
    const std::size_t open = line.find('>', at) + 1;
    pages.back().emplace_back(line.substr(open, line.find('<', open) - open), y1 - y0);
  }
  return pages;
}

// The text of each page, joined by spaces.
std::vector<std::string> page_sentences(const std::vector<std::vector<std::pair<std::string, double>>>& pages) {
  std::vector<std::string> texts;
  for (const auto& words : pages) {
    std::string text;
    for (const auto& [word, height] : words) text += word + " ";
    texts.push_back(text);
  }
  return texts;
}

// Large print keeps its promise on the teaching pages: their words at 12 pt (min-text) and their
// pictures' candidates at 10 pt (min-candidate) or more, which preflight reports; a template whose
// page cannot hold a readable picture (the newspaper's slot) is refused with the fix, by preflight
// and by the render alike. (They printed at 9.5 pt and 5.7 pt, and preflight passed them.)
TEST(BookHintsTypesetTest, LargePrintTeachingPagesKeepItsSizesAndPreflightHoldsThem) {
  const testing::TempDir folder("book-hints-test");
  const std::string book = testing::tool_path("typeset") + " " + testing::test_data("books/sample") + " --draft";
  const testing::CommandResult report =
      testing::run_command(book + " --template large-print --hints --how-to-solve --preflight");
  EXPECT_EQ(report.exit_code, 0) << report.out << report.err;
  for (const std::string section : {"how-to-solve", "hints"}) {
    EXPECT_NE(report.out.find("PASS  " + section + " text"), std::string::npos) << report.out;
    const std::regex candidates("PASS  " + section + " candidates +([0-9.]+) pt  \\(limit: at least 10.0 pt\\)");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(report.out, match, candidates)) << report.out;
    EXPECT_GE(std::stod(match[1]), 10.0);
  }
  EXPECT_NE(report.out.find("how-to-solve text        12.0 pt  (limit: at least 12.0 pt)"), std::string::npos)
      << report.out;
  // The render: every word of a teaching page's text as tall as 12 pt TeX Gyre Heros (its box is
  // 1.43 x its size; 9.5 pt would be 13.6 pt tall).
  const std::string pdf = folder / "large.pdf";
  const testing::CommandResult done =
      testing::run_command(book + " --template large-print --hints --how-to-solve -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const auto words = page_words(pdf);
  const std::vector<std::string> pages = page_sentences(words);
  int teaching = 0;
  for (std::size_t page = 0; page < pages.size(); ++page) {
    if (pages[page].find("From puzzle") == std::string::npos && pages[page].find("Technique:") == std::string::npos)
      continue;
    ++teaching;
    for (const auto& [word, height] : words[page]) {
      if (std::any_of(word.begin(), word.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); })) {
        EXPECT_GE(height, 12 * 1.43 - 0.05) << "page " << page + 1 << ": '" << word << "'";
      }
    }
  }
  EXPECT_GT(teaching, 2);
  // The newspaper's slot: the how-to-solve pictures would print their candidates under 1 pt.
  const std::string newspaper = book + " --template newspaper --how-to-solve";
  const testing::CommandResult refused = testing::run_command(newspaper + " --preflight");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.out.find("FAIL  how-to-solve candidates"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("fix: leave out --how-to-solve"), std::string::npos) << refused.out;
  const testing::CommandResult render = testing::run_command(newspaper + " -o " + folder / "news.pdf");
  EXPECT_EQ(render.exit_code, 2);
  // No room at all is said so, not as a size of 0.0 pt.
  EXPECT_NE(render.err.find("the how-to-solve pages leave no room for a step picture"), std::string::npos)
      << render.err;
  EXPECT_EQ(render.err.find("0.0 pt"), std::string::npos) << render.err;
  EXPECT_FALSE(std::filesystem::exists(folder / "news.pdf"));
}

// The teaching pages are set in the book's own family: book-6x9's Schola (its rules page's face and
// heading), not a sans-serif face of their own (they were DejaVu Sans in a Schola book).
TEST(BookHintsTypesetTest, TeachingPagesUseTheTemplatesFamily) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "six.pdf";
  const testing::CommandResult done =
      testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/sample") +
                           " --draft --how-to-solve --template book-6x9 -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  int checked = 0;
  const std::vector<std::string> pages = page_sentences(page_words(pdf));
  for (std::size_t page = 0; page < pages.size() && checked < 2; ++page) {
    if (pages[page].find("From puzzle") == std::string::npos) continue;
    ++checked;
    const testing::CommandResult fonts = testing::run_command("pdffonts -f " + std::to_string(page + 1) + " -l " +
                                                              std::to_string(page + 1) + " " + pdf);
    EXPECT_NE(fonts.out.find("TeXGyreSchola-Bold"), std::string::npos) << fonts.out;
    EXPECT_NE(fonts.out.find("TeXGyreSchola-Regular"), std::string::npos) << fonts.out;
    EXPECT_EQ(fonts.out.find("DejaVuSans-Bold"), std::string::npos) << fonts.out;
  }
  EXPECT_EQ(checked, 2);
}

// book-letter sets each example's picture beside its words, two examples to a page (it printed
// one and left the lower half blank); book-6x9's narrower page stacks them, one a page.
TEST(BookHintsTypesetTest, BookLetterPrintsTwoExamplesAPage) {
  const testing::TempDir folder("book-hints-test");
  for (const auto& [template_name, per_page] : {std::pair{"book-letter", 2}, std::pair{"book-6x9", 1}}) {
    SCOPED_TRACE(template_name);
    const std::string pdf = folder / (std::string(template_name) + ".pdf");
    const testing::CommandResult done =
        testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/sample") +
                             " --draft --how-to-solve --template " + template_name + " -o " + pdf);
    ASSERT_EQ(done.exit_code, 0) << done.err;
    std::vector<int> examples;  // on each how-to-solve page
    for (const std::string& text : page_sentences(page_words(pdf))) {
      int count = 0;
      for (std::size_t at = text.find("From puzzle"); at != std::string::npos; at = text.find("From puzzle", at + 1))
        ++count;
      if (count > 0) examples.push_back(count);
    }
    ASSERT_GE(examples.size(), 2U);
    for (std::size_t page = 0; page + 1 < examples.size(); ++page) EXPECT_EQ(examples[page], per_page);
    EXPECT_LE(examples.back(), per_page);
  }
}

// An unbound handout (a4-4up: its pages are not mirrored) has no right-hand pages, so no blank page
// goes before its hints or how-to-solve sections, as a bound book's right-hand start would put one.
TEST(BookHintsTypesetTest, AnUnboundHandoutHasNoBlankPageBeforeASection) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "a4.pdf";
  const testing::CommandResult done =
      testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/sample") +
                           " --draft --hints --template a4-4up -o " + pdf);  // its hints start on page 4
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const auto pages = page_words(pdf);
  ASSERT_GE(pages.size(), 3U);
  for (std::size_t page = 0; page < pages.size(); ++page) EXPECT_FALSE(pages[page].empty()) << "page " << page + 1;
}

// A handout opens with its puzzles: its how-to-solve pages follow them (a bound book's come first).
TEST(BookHintsTypesetTest, AHandoutOpensWithItsPuzzlesAndTeachesAfterThem) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "a4.pdf";
  const testing::CommandResult done =
      testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/sample") +
                           " --draft --how-to-solve --template a4-4up -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const testing::CommandResult text = testing::run_command("pdftotext " + pdf + " -");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::size_t first_puzzle = text.out.find("No. 1\n");
  const std::size_t examples = text.out.find("How to solve");
  ASSERT_NE(first_puzzle, std::string::npos);
  ASSERT_NE(examples, std::string::npos);
  EXPECT_LT(first_puzzle, examples);
}

// --split files are grids alone: the how-to-solve chapter has no place there, nor hints without
// a <tip> under the grids.
TEST(BookHintsTypesetTest, SplitRefusesTheChapterAndHintsWithoutATip) {
  const testing::TempDir folder("book-hints-test");
  const std::string typeset = testing::tool_path("typeset") + " " + testing::test_data("books/sample");
  const testing::CommandResult chapter =
      testing::run_command(typeset + " --template newspaper --split -o " + folder / "a" + " --how-to-solve");
  EXPECT_EQ(chapter.exit_code, 2);
  EXPECT_NE(chapter.err.find("--how-to-solve applies to books"), std::string::npos) << chapter.err;
  const testing::CommandResult hints =
      testing::run_command(typeset + " --template book-6x9 --split -o " + folder / "b" + " --hints");
  EXPECT_EQ(hints.exit_code, 2);
  EXPECT_NE(hints.err.find("book-6x9.xml:"), std::string::npos) << hints.err;
  EXPECT_NE(hints.err.find("no <tip>"), std::string::npos) << hints.err;
  EXPECT_EQ(std::count(hints.err.begin(), hints.err.end(), '\n'), 1) << hints.err;
  EXPECT_FALSE(std::filesystem::exists(folder / "b"));
}

// --split --hints refuses what the pages refuse: a hinted Killer grid gives its tip room, and on
// the newspaper's slot its cage sums fall under the 6 pt minimum. The pages say so and stop; the
// split files, which are the same grid blocks, say the same and write nothing (they were written
// silently at 5.9 pt).
TEST(BookHintsTypesetTest, SplitRefusesTheIllegibleGridsThePagesRefuse) {
  const testing::TempDir folder("book-hints-test");
  std::ofstream(folder / "plan.json")
      << R"({"title": "Killer", "author": "test", "seed": 20261119, "size": 9, "symmetry": "rotate180",)"
      << R"( "variant": "killer", "cages": {"smallest": 2, "largest": 5},)"
      << R"( "chapters": [{"title": "Hard", "level": "hard", "count": 1}]})";
  const testing::CommandResult generated = testing::run_command(
      testing::tool_path("generate-book") + " " + folder / "plan.json" + " -o " + folder / "book" + " -j 2");
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  const std::string typeset = testing::tool_path("typeset") + " " + folder / "book" + " --template newspaper --hints";
  const testing::CommandResult pages = testing::run_command(typeset + " -o " + folder / "pages.pdf");
  EXPECT_EQ(pages.exit_code, 2);
  EXPECT_NE(pages.err.find("cage sums print at 5.9 pt, under the 6.0 pt minimum"), std::string::npos) << pages.err;
  const testing::CommandResult files = testing::run_command(typeset + " --split -o " + folder / "files");
  EXPECT_EQ(files.exit_code, 2);
  EXPECT_EQ(files.err, pages.err);
  EXPECT_FALSE(std::filesystem::exists(folder / "files"));
  // Without the tips the grid keeps its room: the files are written.
  const std::string plain = testing::tool_path("typeset") + " " + folder / "book" + " --template newspaper";
  EXPECT_EQ(testing::run_command(plain + " --split -o " + folder / "plain").exit_code, 0);
}

// A newspaper desk's calendar: the sample's puzzles as one dated chapter a day, levels from easy
// to evil (medium, hard and evil puzzles have hints; only hard and evil get a tip).
Book calendar_book() {
  const Book sample = read_book(testing::test_data("books/sample/book.json"));
  const std::vector<std::string> levels{"easy", "medium", "hard", "evil"};
  Book book;
  book.title = "The Daily Grid";
  book.author = "Puzzles desk";
  int day = 1;
  for (const BookChapter& chapter : sample.chapters)
    for (BookPuzzle puzzle : chapter.puzzles) {
      const std::string date = "2026-12-" + std::string(day < 10 ? "0" : "") + std::to_string(day);
      puzzle.level = levels[static_cast<std::size_t>(day - 1) % levels.size()];
      puzzle.date = date;
      puzzle.id = date + "-" + puzzle.level;
      book.chapters.push_back({date + " " + puzzle.level, puzzle.level, date, {puzzle}});
      ++day;
    }
  return book;
}

// The side of the largest square grid on a page, in points: the longest run of dark pixels down
// any column of the page rendered at 288 dpi (the grid's 3 pt border).
double drawn_grid_side(const std::string& pdf, int page, const std::string& dir) {
  const std::string stem = dir + "/page" + std::to_string(page);
  const testing::CommandResult done = testing::run_command("pdftoppm -gray -r 288 -f " + std::to_string(page) +
                                                           " -l " + std::to_string(page) + " -singlefile " + pdf +
                                                           " " + stem);
  EXPECT_EQ(done.exit_code, 0) << done.err;
  std::ifstream in(stem + ".pgm", std::ios::binary);
  std::string magic;
  int width = 0;
  int height = 0;
  int maximum = 0;
  in >> magic >> width >> height >> maximum;
  in.get();
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  in.read(reinterpret_cast<char*>(pixels.data()), static_cast<std::streamsize>(pixels.size()));
  EXPECT_EQ(magic, "P5");
  int longest = 0;
  for (int x = 0; x < width; ++x) {
    int run = 0;
    for (int y = 0; y < height; ++y) {
      run = pixels[static_cast<std::size_t>(y * width + x)] < 128 ? run + 1 : 0;
      longest = std::max(longest, run);
    }
  }
  return longest * 72.0 / 288;
}

// typeset --hints with the newspaper template: a one-line tip under each hard and evil grid with a
// hint (where to look and the technique of its first step beyond the level's basics), none under
// the others; the grid gives up the tip's room, and --preflight measures the grids the render draws.
TEST(NewspaperTipTest, HardAndEvilGridsGetTheirHintsTipAndPreflightMeasuresTheSmallerGrid) {
  const testing::TempDir folder("book-hints-test");
  const Book book = calendar_book();
  write_book(book, folder / "book.json");
  const std::string typeset =
      testing::tool_path("typeset") + " " + folder.path() + " --template newspaper --date 2026-12-01";
  const testing::CommandResult done = testing::run_command(typeset + " --hints -o " + folder / "tips.pdf");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  ASSERT_EQ(testing::run_command(typeset + " -o " + folder / "plain.pdf").exit_code, 0);
  const std::vector<std::string> pages = page_texts(folder / "tips.pdf");
  const std::vector<std::string> plain = page_texts(folder / "plain.pdf");
  ASSERT_EQ(pages.size(), plain.size()) << "tips take no page of their own";

  const typeset::BookHints hints = typeset::find_book_hints(book, false);
  const typeset::Catalog english;
  std::map<int, std::string> expected;  // puzzle number -> its tip
  for (const BookStep& hint : hints.hints) {
    const std::string& level = book.chapters[hint.chapter].puzzles[hint.puzzle].level;
    if (level == "hard" || level == "evil") expected[hint.number] = typeset::tip_line(hint, english);
  }
  ASSERT_GE(expected.size(), 3U);
  int tips = 0;
  std::optional<int> tipped_page;
  std::optional<int> untipped_page;
  for (int number = 1; number <= static_cast<int>(book.puzzle_count()); ++number) {
    // One grid a page, in book order, then the solutions.
    const std::string& text = pages[static_cast<std::size_t>(number - 1)];
    SCOPED_TRACE("puzzle " + std::to_string(number) + ": " + text);
    const auto tip = expected.find(number);
    if (tip == expected.end()) {
      EXPECT_EQ(text.find("Tip"), std::string::npos);
      if (!untipped_page) untipped_page = number;
      continue;
    }
    EXPECT_TRUE(std::regex_search(tip->second, std::regex("^Tip: look at (row|column|box) [1-9] \\(.+\\)\\.$")))
        << tip->second;
    EXPECT_NE(text.find(tip->second), std::string::npos);
    ++tips;
    if (!tipped_page) tipped_page = number;
  }
  EXPECT_EQ(tips, static_cast<int>(expected.size()));
  for (const std::string& solution : std::vector<std::string>(pages.begin() + static_cast<long>(book.puzzle_count()), pages.end()))
    EXPECT_EQ(solution.find("Tip"), std::string::npos);

  // The tipped grid is the tip's line (8 pt type, a 9.6 pt box, 1.2 mm above it) smaller; preflight
  // reports the smallest puzzle digit, which is on a tipped grid: 0.64 of a cell.
  ASSERT_TRUE(tipped_page && untipped_page);
  const double tipped = drawn_grid_side(folder / "tips.pdf", *tipped_page, folder.path());
  const double untipped = drawn_grid_side(folder / "tips.pdf", *untipped_page, folder.path());
  EXPECT_NEAR(untipped - tipped, 9.6 + typeset::millimetres(1.2), 0.5);
  const testing::CommandResult report = testing::run_command(typeset + " --hints --preflight --preflight-format json");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(report.out, match,
                                std::regex("\"check\":\"digits 9x9 puzzles\",\"pass\":true,\"measured\":\"([0-9.]+) pt \\(page ([0-9]+)\\)")))
      << report.out << report.err;
  EXPECT_NEAR(std::stod(match[1]), 0.64 * (tipped - 3) / 9, 0.1);
  EXPECT_EQ(std::stoi(match[2]), *tipped_page);
}

// The desk's files (--split --hints): a tipped grid's file keeps the booked 85 x 91 mm and carries
// its tip; the others and the solutions have none.
// A print target with a min-text holds the tips to it, in the split files as on the pages and in
// preflight: the newspaper's tips may shrink to 6.5 pt, under a paper that asks for 7 pt.
TEST(NewspaperTipTest, TipsAreHeldToTheTargetsMinimumTextInFilesAndPages) {
  const testing::TempDir folder("book-hints-test");
  write_book(calendar_book(), folder / "book.json");
  std::ofstream(folder / "target.xml")
      << R"(<print-target name="newspaper slot, 7 pt text" trim="85mm 91mm" bleed="0mm" min-digit="9pt")"
      << R"( min-solution-digit="7pt" min-text="7pt"/>)";
  const std::string typeset = testing::tool_path("typeset") + " " + folder.path() +
                              " --template newspaper --date 2026-12-01 --hints --target " + folder / "target.xml";
  const testing::CommandResult files = testing::run_command(typeset + " --split -o " + folder / "files");
  EXPECT_EQ(files.exit_code, 2);
  EXPECT_NE(files.err.find("the tips under the grids print at 6.5 pt, under the 7.0 pt minimum"), std::string::npos)
      << files.err;
  EXPECT_FALSE(std::filesystem::exists(folder / "files"));
  const testing::CommandResult pages = testing::run_command(typeset + " -o " + folder / "pages.pdf");
  EXPECT_EQ(pages.exit_code, 2);
  EXPECT_EQ(pages.err, files.err);
  const testing::CommandResult report = testing::run_command(typeset + " --preflight");
  EXPECT_NE(report.out.find("FAIL  tips text"), std::string::npos) << report.out;
}

TEST(NewspaperTipTest, SplitFilesKeepTheBookedSizeWithTheirTip) {
  const testing::TempDir folder("book-hints-test");
  const Book book = calendar_book();
  write_book(book, folder / "book.json");
  const testing::CommandResult done =
      testing::run_command(testing::tool_path("typeset") + " " + folder.path() +
                           " --template newspaper --date 2026-12-01 --split --hints -o " + folder / "files");
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const typeset::BookHints hints = typeset::find_book_hints(book, false);
  std::set<std::string> tipped;
  for (const BookStep& hint : hints.hints) {
    const BookPuzzle& puzzle = book.chapters[hint.chapter].puzzles[hint.puzzle];
    if (puzzle.level == "hard" || puzzle.level == "evil") tipped.insert(puzzle.id);
  }
  ASSERT_FALSE(tipped.empty());
  int files = 0;
  for (const BookChapter& chapter : book.chapters) {
    const BookPuzzle& puzzle = chapter.puzzles.front();
    for (const std::string& name : {puzzle.id, puzzle.id + "-solution"}) {
      const std::string pdf = folder / ("files/" + name + ".pdf");
      const testing::CommandResult text = testing::run_command("pdftotext " + pdf + " -");
      ASSERT_EQ(text.exit_code, 0) << name;
      const bool tip = name == puzzle.id && tipped.count(puzzle.id) > 0;
      EXPECT_EQ(text.out.find("Tip: look at ") != std::string::npos, tip) << name << ": " << text.out;
      if (name != puzzle.id) continue;
      const testing::CommandResult info = testing::run_command("pdfinfo " + pdf);
      std::smatch match;
      ASSERT_TRUE(std::regex_search(info.out, match, std::regex("Page size: +([0-9.]+) x ([0-9.]+) pts")));
      EXPECT_NEAR(std::stod(match[1]), typeset::millimetres(85), 0.01) << name;
      EXPECT_NEAR(std::stod(match[2]), typeset::millimetres(91), 0.01) << name;
      ++files;
    }
  }
  EXPECT_EQ(files, static_cast<int>(book.puzzle_count()));
}

// In the book's language, through the catalogue: German and Japanese tips.
TEST(NewspaperTipTest, TheTipIsInTheBooksLanguage) {
  const testing::TempDir folder("book-hints-test");
  write_book(calendar_book(), folder / "book.json");
  for (const auto& [code, words] : {std::pair<std::string, std::string>{"de", "Tipp: Schauen Sie auf "},
                                    {"ja", "\xE3\x83\x92\xE3\x83\xB3\xE3\x83\x88\xEF\xBC\x9A"}}) {
    const std::string pdf = folder / (code + ".pdf");
    const testing::CommandResult done = testing::run_command(testing::tool_path("typeset") + " " + folder.path() +
                                                             " --template newspaper --hints --lang " + code + " -o " + pdf);
    ASSERT_EQ(done.exit_code, 0) << done.err;
    EXPECT_EQ(done.err.find("has no translation"), std::string::npos) << done.err;
    EXPECT_NE(testing::run_command("pdftotext " + pdf + " -").out.find(words), std::string::npos) << code;
  }
}

// ---- Gattai boards: a step told and pictured on the one 9x9 grid it lies in ----

// tests/data/books/gattai: Samurai medium, hard and evil, Twin and Butterfly (generate-book).
Book gattai_book() { return read_book(testing::test_data("books/gattai/book.json")); }

// Every step of every path of the book through one_grid_step: a step it keeps is the board's step
// on that grid — its cells and houses map back to the board's, cell for cell and house for house,
// the grid's candidates are the board's — and a step it refuses has no grid holding all its cells.
TEST(GattaiHintsTest, AStepOnOneGridIsTheBoardsStepAndOnlyAStepNeedingMoreIsRefused) {
  const Book book = gattai_book();
  int kept = 0;
  int refused = 0;
  for (const BookChapter& chapter : book.chapters)
    for (const BookPuzzle& puzzle : chapter.puzzles) {
      const auto grid = std::make_shared<const Grid>(puzzle.puzzle);
      const Geometry& board = grid->geometry();
      ASSERT_TRUE(board.is_gattai());
      TechniqueOptions options;
      options.explain = true;
      const TechniqueGrade grade = grade_techniques(puzzle.puzzle, options);
      ASSERT_TRUE(grade.solved()) << puzzle.id;
      const std::vector<PencilBoard> boards = step_boards(puzzle.puzzle, grade.steps);
      const int grids = static_cast<int>(board.gattai_shape()->origins.size());
      for (std::size_t i = 0; i < grade.steps.size(); ++i) {
        const TechniqueStep& step = grade.steps[i];
        SCOPED_TRACE(puzzle.id + ": " + step.detail);
        const std::optional<BookStep> on_grid = typeset::one_grid_step(BookStep{1, 0, 0, grid, boards[i], step, 0, nullptr});
        std::vector<int> named = step.evidence.cells;
        for (const auto* list : {&step.placements, &step.eliminations, &step.evidence.candidates})
          for (const CellValue& at : *list) named.push_back(at.cell);
        for (int unit : step.evidence.units)
          named.insert(named.end(), board.units()[static_cast<std::size_t>(unit)].begin(),
                       board.units()[static_cast<std::size_t>(unit)].end());
        if (!on_grid) {
          ++refused;
          for (int g = 0; g < grids; ++g) {
            const std::vector<int> cells = gattai_grid_cells(board, g);
            const bool holds = std::all_of(named.begin(), named.end(), [&](int cell) { return in(cells, cell); });
            // A step whose named cells one grid holds is refused only for a link or branch outside it.
            if (holds) {
              EXPECT_TRUE(!step.evidence.links.empty() || !step.evidence.branches.empty() ||
                          !step.evidence.cover_units.empty())
                  << "refused, yet grid " << g + 1 << " holds it";
            }
          }
          continue;
        }
        ++kept;
        ASSERT_GE(on_grid->gattai_grid, 1);
        ASSERT_LE(on_grid->gattai_grid, grids);
        const Geometry& single = on_grid->grid->geometry();
        ASSERT_FALSE(single.is_gattai());
        ASSERT_EQ(single.size(), 9);
        const std::vector<int> cells = gattai_grid_cells(board, on_grid->gattai_grid - 1);
        const auto back = [&](int cell) { return cells[static_cast<std::size_t>(cell)]; };
        for (int cell = 0; cell < 81; ++cell) {
          EXPECT_EQ(on_grid->board.candidates[static_cast<std::size_t>(cell)],
                    boards[i].candidates[static_cast<std::size_t>(back(cell))]);
          EXPECT_EQ((*on_grid->grid)[cell], puzzle.puzzle[back(cell)]);
        }
        const auto same_values = [&](const std::vector<CellValue>& mapped, const std::vector<CellValue>& original) {
          ASSERT_EQ(mapped.size(), original.size());
          for (std::size_t k = 0; k < mapped.size(); ++k)
            EXPECT_EQ((CellValue{back(mapped[k].cell), mapped[k].value}), original[k]);
        };
        same_values(on_grid->step.placements, step.placements);
        same_values(on_grid->step.eliminations, step.eliminations);
        same_values(on_grid->step.evidence.candidates, step.evidence.candidates);
        ASSERT_EQ(on_grid->step.evidence.cells.size(), step.evidence.cells.size());
        for (std::size_t k = 0; k < step.evidence.cells.size(); ++k)
          EXPECT_EQ(back(on_grid->step.evidence.cells[k]), step.evidence.cells[k]);
        const auto same_houses = [&](const std::vector<int>& mapped, const std::vector<int>& original) {
          ASSERT_EQ(mapped.size(), original.size());
          for (std::size_t k = 0; k < mapped.size(); ++k) {
            std::vector<int> members;
            for (int cell : single.units()[static_cast<std::size_t>(mapped[k])]) members.push_back(back(cell));
            std::vector<int> expected = board.units()[static_cast<std::size_t>(original[k])];
            std::sort(members.begin(), members.end());
            std::sort(expected.begin(), expected.end());
            EXPECT_EQ(members, expected);
          }
        };
        same_houses(on_grid->step.evidence.units, step.evidence.units);
        same_houses(on_grid->step.evidence.cover_units, step.evidence.cover_units);
      }
    }
  // Most steps lie in one grid; the sample has both kinds.
  EXPECT_GT(kept, 10 * refused) << kept << " kept, " << refused << " refused";
}

// The hints and examples of the gattai book: the reader's replay of each hint on its grid's picture
// alone gives the grader's step, every sentence in every language holds to the step's evidence
// (teaching_faults, on the grid's cells r1c1..r9c9), and the words name the grid.
TEST(GattaiHintsTest, HintsAndExamplesNameTheirGridAndSayWhatItsEvidenceShows) {
  const typeset::BookHints hints = typeset::find_book_hints(gattai_book(), true);
  ASSERT_GE(hints.hints.size(), 6U);
  ASSERT_GE(hints.examples.size(), 6U);
  std::set<Technique> techniques;
  int replayed = 0;
  for (const BookStep& hint : hints.hints) {
    ASSERT_GE(hint.gattai_grid, 1);
    techniques.insert(hint.step.technique);
    const HintClaim claim = typeset::hint_claim(hint.grid->geometry(), hint.step);
    if (!replayable(claim.technique)) continue;
    const std::vector<Effect> readings = replay(hint.grid->geometry(), hint.board, claim);
    EXPECT_NE(std::find(readings.begin(), readings.end(), effect_of(hint.step.eliminations)), readings.end())
        << "puzzle " << hint.number;
    ++replayed;
  }
  EXPECT_GE(replayed, 3);
  std::vector<const BookStep*> steps;
  for (const BookStep& example : hints.examples) steps.push_back(&example);
  for (const BookStep& hint : hints.hints) steps.push_back(&hint);
  for (const Language& language : kLanguages) {
    SCOPED_TRACE(language.code);
    const auto catalog =
        typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/" + language.code + ".po");
    EXPECT_TRUE(catalog.missing().empty());
    for (const BookStep* step : steps) {
      for (const std::string& fault : teaching_faults(*step, catalog, language)) ADD_FAILURE() << fault;
      const std::string grid = std::to_string(step->gattai_grid);
      // "1. Look at grid 3, row 4." in the language's words: the house on the grid, and the grid.
      const Geometry& single = step->grid->geometry();
      const HintClaim claim = typeset::hint_claim(single, step->step);
      if (claim.unit) {
        const std::string kind = kind_of(single, *claim.unit);
        const auto& members = single.units()[static_cast<std::size_t>(*claim.unit)];
        const int number = kind == "row"      ? single.row_of(members.front()) + 1
                           : kind == "column" ? single.col_of(members.front()) + 1
                                              : single.box_of(members.front()) + 1;
        const std::string house = typeset::fill(catalog.text("hints", kind + " {n}"), {{"n", std::to_string(number)}});
        const std::string where =
            typeset::fill(catalog.text("hints", "grid {grid}, {where}"), {{"grid", grid}, {"where", house}});
        EXPECT_NE(typeset::hint_lines(*step, catalog).front().find(where), std::string::npos)
            << typeset::hint_lines(*step, catalog).front() << " lacks " << where;
      }
      EXPECT_NE(typeset::example_source(*step, 4, 12, catalog).find(grid), std::string::npos);
      EXPECT_NE(typeset::tip_line(*step, catalog).find(grid), std::string::npos);
    }
  }
  const typeset::Catalog english;
  EXPECT_TRUE(std::regex_search(typeset::hint_lines(hints.hints.front(), english).front(),
                                std::regex("^1\\. Look at grid [1-5], (row|column|box) [1-9]\\.$")))
      << typeset::hint_lines(hints.hints.front(), english).front();
  EXPECT_EQ(typeset::example_source(hints.examples.front(), 4, 12, english),
            "From puzzle 4, grid " + std::to_string(hints.examples.front().gattai_grid) + ", page 12:");
  // Fish are on: the sample's hints include an X-wing on one grid of a Samurai.
  EXPECT_TRUE(techniques.count(Technique::x_wing)) << "no X-wing among the hints";
}

// typeset --hints --how-to-solve prints a gattai book: book-letter pages whose hints name the grid
// and point at the puzzle's page, and the newspaper's tips under the Samurai.
TEST(GattaiHintsTest, TypesetPrintsTheHintsAndExamplesOfAGattaiBook) {
  const testing::TempDir folder("book-hints-test");
  const std::string pdf = folder / "letter.pdf";
  const testing::CommandResult done =
      testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/gattai") +
                           " --template book-letter --draft --hints --how-to-solve -o " + pdf);
  ASSERT_EQ(done.exit_code, 0) << done.err;
  const std::vector<std::string> pages = page_texts(pdf);
  int hints = 0;
  int looks = 0;
  int examples = 0;
  const std::regex heading("Puzzle ([0-9]+), page ([0-9]+)");
  const std::regex look("1\\. Look at grid [1-5], (row|column|box) [1-9]\\.");
  const std::regex source("From puzzle ([0-9]+), grid [1-5], page ([0-9]+):");
  for (const std::string& text : pages) {
    const bool hints_page = text.find("Hints") != std::string::npos;
    for (const std::regex* pattern : {&heading, &source}) {
      if (pattern == &heading && !hints_page) continue;
      for (auto it = std::sregex_iterator(text.begin(), text.end(), *pattern); it != std::sregex_iterator(); ++it) {
        const auto target = static_cast<std::size_t>(std::stoi((*it)[2]));
        ASSERT_LE(target, pages.size());
        EXPECT_NE(pages[target - 1].find("Puzzle " + std::string((*it)[1]) + "\n"), std::string::npos);
        ++(pattern == &heading ? hints : examples);
      }
    }
    looks += static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), look), std::sregex_iterator()));
  }
  EXPECT_EQ(looks, hints);
  EXPECT_GE(hints, 6);
  EXPECT_GE(examples, 6);
  const std::string news = folder / "news.pdf";
  const testing::CommandResult tips =
      testing::run_command(testing::tool_path("typeset") + " " + testing::test_data("books/gattai") +
                           " --template newspaper --hints --lang de -o " + news);
  ASSERT_EQ(tips.exit_code, 0) << tips.err;
  EXPECT_TRUE(std::regex_search(testing::run_command("pdftotext " + news + " -").out,
                                std::regex("Tipp: Schauen Sie auf Gitter [1-5], ")));
}

// A chapter opener names up to eight techniques one by one; a longer list names each family with
// two or more of them once, where its easiest member stood, in the book's language.
TEST(BookHints, LongTechniqueListsNameFamilies) {
  using T = Technique;
  const typeset::Catalog english;
  EXPECT_EQ(typeset::technique_list({T::full_house, T::hidden_single_box, T::pointing, T::x_wing}, english),
            (std::vector<std::string>{"full house", "hidden single", "pointing", "X-wing"}));
  const std::vector<Technique> evil{T::full_house,  T::hidden_single_box, T::hidden_pair,  T::naked_single,
                                    T::pointing,    T::claiming,          T::naked_pair,   T::x_wing,
                                    T::xy_wing,     T::xyz_wing,          T::y_chain,      T::forcing_chain};
  EXPECT_EQ(typeset::technique_list(evil, english),
            (std::vector<std::string>{"singles", "subsets", "locked candidates", "X-wing", "wings", "chains"}));
  const auto german = typeset::Catalog::load(std::string(SUDOKU_SOURCE_DIR) + "/templates/lang/de.po");
  EXPECT_EQ(typeset::technique_list(evil, german).front(), "Einer");
  for (int t = 0; t < kTechniqueCount; ++t) {
    const std::string family(typeset::technique_family(static_cast<Technique>(t)));
    if (!family.empty()) {
      EXPECT_NE(german.text("technique", family), family) << family;
    }
  }
}

}  // namespace
}  // namespace sudoku
