// SPDX-License-Identifier: Apache-2.0
// The book's sentences (book_text.hpp): the text variables composed from the book.
#include "book_text.hpp"

#include <glib.h>

#include <algorithm>
#include <array>
#include <tuple>

#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/book_hints.hpp"

namespace sudoku::typeset {
namespace {

// Case-folded for comparing words of any script ("Schwer" and "schwer").
std::string folded(const std::string& text) {
  if (!g_utf8_validate(text.data(), static_cast<gssize>(text.size()), nullptr)) return text;
  gchar* fold = g_utf8_casefold(text.data(), static_cast<gssize>(text.size()));
  std::string out = fold;
  g_free(fold);
  return out;
}

// {kind}: what a reader calls a puzzle with these rules, for headings ("KILLER SUDOKU No. 12").
std::string_view kind_of(Variant variant) {
  switch (variant) {
    case Variant::classic:
      return "Sudoku";
    case Variant::x:
      return "Sudoku X";
    case Variant::windoku:
      return "Windoku";
    case Variant::asterisk:
      return "Asterisk Sudoku";
    case Variant::centre_dot:
      return "Centre-dot Sudoku";
    case Variant::jigsaw:
      return "Jigsaw Sudoku";
    case Variant::killer:
      return "Killer Sudoku";
  }
  return "Sudoku";
}

}  // namespace

BookText::BookText(const Book& book, const Template& page_template, const PagePlan& plan)
    : book_(book), template_(page_template), plan_(plan) {
  book_values_.set_language(&language());
  book_values_.set(Variable::title, book.title);
  book_values_.set(Variable::author, book.author);
  // {size}, {box} and {symbols} speak of the book's first grid; {rules} and {blurb} of them all.
  for (const auto& chapter : book.chapters) {
    if (chapter.puzzles.empty()) continue;
    const Geometry& geometry = chapter.puzzles.front().puzzle.geometry();
    book_values_.set(Variable::size, std::to_string(geometry.size()));
    book_values_.set(Variable::box, std::to_string(geometry.box_rows()) + "\xC3\x97" +
                                        std::to_string(geometry.box_cols()));
    book_values_.set(Variable::symbols, symbols(geometry.size()));
    break;
  }
  for (const auto& chapter : book.chapters)
    for (const auto& puzzle : chapter.puzzles) {
      const Variant variant = puzzle.puzzle.geometry().variant();
      if (std::find(book_variants_.begin(), book_variants_.end(), variant) == book_variants_.end())
        book_variants_.push_back(variant);
    }
  book_values_.set(Variable::rules, rules());
  book_values_.set(Variable::blurb, blurb());
  book_values_.set(Variable::subtitle, subtitle());
  if (book.front) {
    const FrontMatter& front = *book.front;
    if (!front.subtitle.empty()) book_values_.set(Variable::subtitle, front.subtitle);
    if (!front.publisher.empty()) book_values_.set(Variable::publisher, front.publisher);
    if (!front.editor.empty()) book_values_.set(Variable::editor, front.editor);
    if (!front.dedication.empty()) book_values_.set(Variable::dedication, front.dedication);
    if (!front.introduction.empty()) book_values_.set(Variable::introduction, front.introduction);
    book_values_.set(Variable::copyright, copyright());
  }
  int number = 1;
  for (const auto& chapter : book.chapters) {
    chapter_first_number_.push_back(number);
    number += static_cast<int>(chapter.puzzles.size());
  }
}

void BookText::set_level(TextValues& values, const std::string& level, const std::string& chapter_title) {
  values.set(Variable::level, level);
  if (folded(chapter_title).find(folded(level)) == std::string::npos)
    values.set(Variable::level_note, level);
  else
    values.clear(Variable::level_note);
}

const Catalog& BookText::language() const {
  static const Catalog kEnglish;
  return template_.language ? *template_.language : kEnglish;
}

std::string BookText::language_code() const { return language().code(); }

std::string BookText::tr(std::string_view context, std::string_view id) const { return language().text(context, id); }

std::string BookText::level_name(const std::string& level) const { return tr("level", level); }

std::string BookText::kind_name(Variant variant) const { return tr("kind", kind_of(variant)); }

std::string BookText::symbols(int size) const { return printed_symbols_text(size, language()); }

std::string BookText::size_text(int size) { return std::to_string(size) + "\xC3\x97" + std::to_string(size); }

int BookText::level_rank(const std::string& level) {
  constexpr std::array<std::pair<std::string_view, int>, 7> kLevels{
      {{"gentle", 0}, {"easy", 1}, {"medium", 2}, {"tough", 3}, {"hard", 3}, {"evil", 4}, {"extreme", 5}}};
  for (const auto& [name, rank] : kLevels)
    if (name == level) return rank;
  return -1;
}

std::vector<std::string> BookText::book_levels() const {
  std::vector<std::string> levels;
  for (const auto& chapter : book_.chapters)
    for (const auto& puzzle : chapter.puzzles)
      if (std::find(levels.begin(), levels.end(), puzzle.level) == levels.end()) levels.push_back(puzzle.level);
  if (std::all_of(levels.begin(), levels.end(), [](const std::string& level) { return level_rank(level) >= 0; }))
    std::stable_sort(levels.begin(), levels.end(),
              [](const std::string& a, const std::string& b) { return level_rank(a) < level_rank(b); });
  return levels;
}

bool BookText::has_solutions() const { return plan_.first_solution_page != 0; }

std::string BookText::rules() const {
  struct Shape {
    int size = 0;
    bool jigsaw = false;
    int box_rows = 0;
    int box_cols = 0;
    bool operator<(const Shape& other) const {
      return std::tie(size, jigsaw, box_rows, box_cols) <
             std::tie(other.size, other.jigsaw, other.box_rows, other.box_cols);
    }
    bool operator==(const Shape& other) const = default;
  };
  std::vector<Shape> shapes;
  std::vector<std::pair<Variant, int>> extras;  // a variant with extra units or cages, and its size
  bool clues = false;
  for (const auto& chapter : book_.chapters)
    for (const auto& puzzle : chapter.puzzles) {
      const Geometry& geometry = puzzle.puzzle.geometry();
      // A gattai board's grids are each a classic 9x9 with 3x3 boxes (its has_regular_boxes() is
      // false because it is several grids, not because its regions are a jigsaw's).
      const Shape shape{geometry.size(), !geometry.has_regular_boxes() && !geometry.is_gattai(), geometry.box_rows(),
                        geometry.box_cols()};
      if (std::find(shapes.begin(), shapes.end(), shape) == shapes.end()) shapes.push_back(shape);
      for (const Variant variant : {geometry.variant(), geometry.base_variant()}) {
        if (variant == Variant::classic || variant == Variant::jigsaw) continue;
        const bool known = std::any_of(extras.begin(), extras.end(), [&](const auto& extra) { return extra.first == variant; });
        if (!known) extras.emplace_back(variant, geometry.size());
      }
      if (geometry.variant() != Variant::killer) clues = true;
    }
  std::sort(shapes.begin(), shapes.end());
  std::vector<std::string> grids;
  for (const Shape& shape : shapes) {
    const std::vector<std::pair<std::string, std::string>> values{
        {"size", size_text(shape.size)},
        {"box", std::to_string(shape.box_rows) + "\xC3\x97" + std::to_string(shape.box_cols)},
        {"symbols", symbols(shape.size)}};
    grids.push_back(fill(shape.jigsaw ? tr("rules", "Fill in each {size} jigsaw grid so that every row, every column "
                                                    "and every bold region holds each of {symbols} exactly once.")
                                      : tr("rules", "Fill in each {size} grid so that every row, every column and "
                                                    "every {box} box holds each of {symbols} exactly once."),
                         values));
  }
  std::sort(extras.begin(), extras.end());
  for (const auto& [variant, size] : extras) {
    std::string_view id;
    switch (variant) {
      case Variant::x:
        id = "In Sudoku X, each of the two long diagonals also holds each of {symbols} exactly once.";
        break;
      case Variant::windoku:
        id = "In Windoku, each of the four shaded windows also holds each of {symbols} exactly once.";
        break;
      case Variant::asterisk:
        id = "In Asterisk Sudoku, the nine shaded cells also hold each of {symbols} exactly once.";
        break;
      case Variant::centre_dot:
        id = "In Centre-dot Sudoku, the nine shaded centre cells also hold each of {symbols} exactly once.";
        break;
      case Variant::killer:
        id = "In Killer Sudoku, the grid starts empty. The small number in each dashed cage is the sum of its "
             "digits, and no digit repeats within a cage.";
        break;
      default:
        continue;
    }
    grids.push_back(fill(tr("rules", id), {{"symbols", symbols(size)}}));
  }
  std::vector<std::string> solving;
  if (clues) solving.push_back(tr("rules", "The symbols already printed are the clues."));
  solving.push_back(tr("rules",
                       "Every puzzle has exactly one solution, and it can always be found by logic alone: there is "
                       "never any need to guess."));
  std::vector<std::string> book;
  // "Harder as the book goes on" only when the chapters' levels never fall and do rise.
  int previous = -1;
  bool rising = false;
  bool falls = false;
  for (const auto& chapter : book_.chapters) {
    if (chapter.puzzles.empty()) continue;
    const int rank = level_rank(chapter.level);
    if (rank < 0 || rank < previous) falls = true;
    if (previous >= 0 && rank > previous) rising = true;
    previous = rank;
  }
  if (rising && !falls) book.push_back(tr("rules", "The chapters grow harder as the book goes on."));
  if (has_solutions()) {
    const bool named = std::any_of(template_.puzzle_page.captions.begin(), template_.puzzle_page.captions.end(),
                                   [](const Caption& caption) {
                                     return std::any_of(caption.texts.begin(), caption.texts.end(), [](const TextLine& line) {
                                       return line.text.uses(Variable::solution_page);
                                     });
                                   });
    book.push_back(named ? tr("rules", "Each puzzle names the page of its solution; the solutions are at the back of "
                                       "the book.")
                         : tr("rules", "The solutions are at the back of the book."));
  }
  std::string text = join_sentences(grids);
  for (const auto& paragraph : {join_sentences(solving), join_sentences(book)})
    if (!paragraph.empty()) text += "\n" + paragraph;
  return text;
}

std::string BookText::blurb() const {
  std::vector<int> sizes;
  std::vector<int> across;  // what the arrangements go by: a gattai board's cells across (Samurai 21)
  std::vector<std::string> kinds;
  bool variants = false;
  for (const auto& chapter : book_.chapters)
    for (const auto& puzzle : chapter.puzzles) {
      const Geometry& geometry = puzzle.puzzle.geometry();
      if (std::find(sizes.begin(), sizes.end(), geometry.size()) == sizes.end()) sizes.push_back(geometry.size());
      if (std::find(across.begin(), across.end(), cells_across(geometry)) == across.end())
        across.push_back(cells_across(geometry));
      const std::string kind = kind_name(geometry.variant());
      if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
      if (geometry.variant() != Variant::classic) variants = true;
    }
  std::sort(sizes.begin(), sizes.end());
  const auto count = static_cast<long>(book_.puzzle_count());
  std::vector<std::string> sentences;
  if (sizes.size() == 1) {
    sentences.push_back(fill(language().plural("blurb", "{count} puzzle on a {size} grid.", "{count} puzzles on {size} grids.", count),
                             {{"size", size_text(sizes.front())}}));
  } else {
    std::vector<std::string> names;
    for (const int size : sizes) names.push_back(size_text(size));
    sentences.push_back(fill(language().plural("blurb", "{count} puzzle on grids of {sizes}.",
                                               "{count} puzzles on grids of {sizes}.", count),
                             {{"sizes", language().list(names)}}));
  }
  if (variants && kinds.size() == 1)
    sentences.push_back(fill(tr("blurb", "Kind: {kind}."), {{"kind", kinds.front()}}));
  else if (variants)
    sentences.push_back(fill(tr("blurb", "Kinds: {kinds}."), {{"kinds", language().list(kinds)}}));
  // Each size as its master prints it (a <grid-size> may give big grids fewer slots): "up to"
  // when the sizes of the book differ.
  int fewest = 0;
  int most = 0;
  for (const int size : across) {
    const int slots = template_.puzzle_page.for_grid_size(size).slots();
    fewest = fewest == 0 ? slots : std::min(fewest, slots);
    most = std::max(most, slots);
  }
  if (fewest == most)
    sentences.push_back(language().plural("blurb", "One puzzle to a page.", "{count} puzzles to a page.", most));
  else
    sentences.push_back(fill(tr("blurb", "Up to {count} puzzles to a page."), {{"count", std::to_string(most)}}));
  const std::vector<std::string> levels = book_levels();
  if (levels.size() == 1)
    sentences.push_back(fill(tr("blurb", "Level: {level}."), {{"level", level_name(levels.front())}}));
  else if (levels.size() > 1)
    sentences.push_back(fill(tr("blurb", "Graded from {first} to {last}."),
                             {{"first", level_name(levels.front())}, {"last", level_name(levels.back())}}));
  sentences.push_back(tr("blurb", "Every one has a unique solution that logic alone will find."));
  if (has_solutions()) sentences.push_back(tr("blurb", "Solutions at the back."));
  return join_sentences(sentences);
}

std::string BookText::copyright() const {
  if (!book_.front) return {};
  const FrontMatter& front = *book_.front;
  std::vector<std::string> paragraphs;
  if (front.copyright) {
    const std::string notice = fill(tr("front", "\xC2\xA9 {year} {holder}"),
                                    {{"year", std::to_string(front.copyright->year)}, {"holder", front.copyright->holder}});
    paragraphs.push_back(notice);
  }
  // The rights on a line of their own: a holder's name ends without a full stop ("© 2026 Harbour
  // Lane Press"), so run on it would read as one sentence.
  if (!front.rights.empty())
    paragraphs.push_back(front.rights);
  else if (front.copyright)
    paragraphs.push_back(tr("front", "All rights reserved."));
  if (!front.publisher.empty())
    paragraphs.push_back(fill(tr("front", "Published by {publisher}"), {{"publisher", front.publisher}}));
  if (front.edition > 0) {
    constexpr std::array<std::string_view, 3> kEditions{"First edition", "Second edition", "Third edition"};
    paragraphs.push_back(front.edition <= 3 ? tr("front", kEditions[static_cast<std::size_t>(front.edition - 1)])
                                            : fill(tr("front", "Edition {number}"), {{"number", std::to_string(front.edition)}}));
  }
  for (const auto& [format, number] : front.isbn)
    paragraphs.push_back(fill(tr("front", "ISBN {isbn} ({format})"), {{"isbn", number}, {"format", tr("isbn", format)}}));
  paragraphs.push_back(tr("front",
                          "Every puzzle in this book has exactly one solution, and it can be reached by logic alone, "
                          "without guessing."));
  // The printer's key: the lowest number is the printing.
  if (front.printing > 0) {
    std::string line;
    for (int n = 10; n >= front.printing; --n) {
      if (!line.empty()) line += ' ';
      line += std::to_string(n);
    }
    paragraphs.push_back(line);
  }
  std::string text;
  for (const std::string& paragraph : paragraphs) {
    if (!text.empty()) text += '\n';
    text += paragraph;
  }
  return text;
}

std::string BookText::techniques(std::size_t chapter) const {
  return language().list(technique_list(chapter_techniques(book_, chapter), language()));
}

std::string BookText::mark(const std::string& level) const {
  const std::vector<std::string> levels = book_levels();
  const auto at = std::find(levels.begin(), levels.end(), level);
  if (at == levels.end()) return {};
  const auto filled = static_cast<std::size_t>(at - levels.begin()) + 1;
  std::string stars;
  for (std::size_t i = 0; i < levels.size(); ++i) stars += i < filled ? "\xE2\x98\x85" : "\xE2\x98\x86";
  return stars;
}

std::string BookText::subtitle() const {
  const std::string kind = book_variants_.size() == 1 ? kind_name(book_variants_.front()) : kind_name(Variant::classic);
  return fill(has_solutions() ? tr("subtitle", "{kind} puzzles with solutions") : tr("subtitle", "{kind} puzzles"),
              {{"kind", kind}});
}

int BookText::printed_number(const SlotContent& slot) const {
  return book_.chapters[slot.chapter].puzzles[slot.puzzle].number.value_or(slot.number);
}

std::string BookText::number_range(int first, int last) {
  return first == last ? std::to_string(first) : std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
}

bool BookText::holds_only(const std::vector<Variant>& variants) const {
  if (variants.empty()) return true;
  return std::all_of(book_variants_.begin(), book_variants_.end(), [&](Variant variant) {
    return std::find(variants.begin(), variants.end(), variant) != variants.end();
  });
}

TextValues BookText::page_values(const PlannedPage& page) const {
  TextValues values = book_values_;
  values.set(Variable::page, std::to_string(page.number));
  values.set(Variable::pages, std::to_string(plan_.pages.size()));
  if (page.chapter) {
    const BookChapter& chapter = book_.chapters[*page.chapter];
    values.set(Variable::chapter, chapter.title);
    set_level(values, level_name(chapter.level), chapter.title);
    values.set(Variable::count, std::to_string(chapter.puzzles.size()));
    if (chapter.date) values.set(Variable::date, *chapter.date);
    if (!chapter.puzzles.empty())
      values.set(Variable::kind, kind_name(chapter.puzzles.front().puzzle.geometry().variant()));
  }
  if (page.role == PageRole::chapter && page.chapter && !book_.chapters[*page.chapter].puzzles.empty()) {
    const std::size_t chapter = *page.chapter;
    const int first = chapter_first_number_[chapter];
    const std::size_t count = book_.chapters[chapter].puzzles.size();
    const std::string range = number_range(printed_number({chapter, 0, first}),
                                           printed_number({chapter, count - 1, first + static_cast<int>(count) - 1}));
    values.set(Variable::number, range);
    // "Puzzle 7" for a chapter of one, not "Puzzles 7".
    values.set(Variable::puzzles,
               fill(language().plural("chapter", "Puzzle {number}", "Puzzles {number}", static_cast<long>(count)),
                    {{"number", range}}));
    // Grading the chapter again takes time: only for a chapter master that prints the list.
    const Master* opener = page.master;
    if (opener != nullptr && std::any_of(opener->texts.begin(), opener->texts.end(), [](const TextLine& line) {
          return line.text.uses(Variable::techniques);
        }))
      if (std::string list = techniques(chapter); !list.empty()) values.set(Variable::techniques, std::move(list));
  }
  if (!page.slots.empty() && page.slots.front().chapter != page.slots.back().chapter) {
    // In continuous flow a page can hold the end of one chapter and the start of the next.
    values.set(Variable::chapter, book_.chapters[page.slots.front().chapter].title + " \xE2\x80\x93 " +
                                      book_.chapters[page.slots.back().chapter].title);
  }
  if (!page.slots.empty())
    values.set(Variable::number, number_range(printed_number(page.slots.front()), printed_number(page.slots.back())));
  return values;
}

TextValues BookText::slot_values(const TextValues& page, const SlotContent& slot, PageRole role) const {
  TextValues values = page;
  const BookChapter& chapter = book_.chapters[slot.chapter];
  const BookPuzzle& puzzle = chapter.puzzles[slot.puzzle];
  values.set(Variable::chapter, chapter.title);
  values.set(Variable::count, std::to_string(chapter.puzzles.size()));
  values.set(Variable::number, std::to_string(printed_number(slot)));
  values.set(Variable::id, puzzle.id);
  values.set(Variable::kind, kind_name(puzzle.puzzle.geometry().variant()));
  set_level(values, level_name(puzzle.level), chapter.title);
  values.set(Variable::rating, language().decimal(puzzle.rating, 1));
  values.set(Variable::givens, std::to_string(puzzle.givens));
  if (book_.front && book_.front->difficulty_marks) {
    if (std::string stars = mark(puzzle.level); !stars.empty()) values.set(Variable::mark, std::move(stars));
  }
  if (puzzle.date)
    values.set(Variable::date, *puzzle.date);
  else if (chapter.date)
    values.set(Variable::date, *chapter.date);
  else
    values.clear(Variable::date);
  // A calendar puzzle's id is "{date}-{slot}" (see plan.hpp).
  const std::optional<std::string>& date = values.get(Variable::date);
  if (date && puzzle.id.size() > date->size() + 1 && puzzle.id.starts_with(*date + "-"))
    values.set(Variable::slot, puzzle.id.substr(date->size() + 1));
  else
    values.clear(Variable::slot);
  const auto index = static_cast<std::size_t>(slot.number - 1);
  if (role == PageRole::puzzles && index < plan_.solution_page.size())
    values.set(Variable::solution_page, std::to_string(plan_.solution_page[index]));
  if (role == PageRole::solutions && index < plan_.puzzle_page.size())
    values.set(Variable::puzzle_page, std::to_string(plan_.puzzle_page[index]));
  if (role == PageRole::puzzles && index < plan_.hint_page.size() && plan_.hint_page[index] > 0)
    values.set(Variable::hint_page, std::to_string(plan_.hint_page[index]));
  return values;
}

std::string BookText::upper_first(const std::string& text) {
  if (text.empty() || !g_utf8_validate(text.data(), static_cast<gssize>(text.size()), nullptr)) return text;
  const gchar* next = g_utf8_next_char(text.data());
  const auto first = static_cast<std::size_t>(next - text.data());
  gchar* upper = g_utf8_strup(text.data(), static_cast<gssize>(first));
  std::string out(upper);
  g_free(upper);
  out.append(text, first, std::string::npos);
  return out;
}
}  // namespace sudoku::typeset
