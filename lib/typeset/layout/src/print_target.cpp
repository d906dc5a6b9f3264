// SPDX-License-Identifier: Apache-2.0
// What the print target asks of a book, apart from drawing it (typeset.hpp): its page count
// within the target's limits, the spine's width and the cover's geometry, the inside margin
// (gutter) for the page count, and the document's metadata.
#include <algorithm>
#include <ctime>

#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/layout/grid_block.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/units.hpp"

namespace sudoku::typeset {

namespace detail {

void check_has_puzzles(const Book& book, const TypesetOptions& options) {
  if (book.puzzle_count() == 0)
    throw InputError(options.book_source, 0, 0,
                     book.chapters.empty()
                         ? "$.chapters: the book has no chapters, so no puzzles to typeset"
                         : "$.chapters[*].puzzles: every chapter is empty, so the book has no "
                           "puzzles to typeset");
}

PdfMetadata pdf_metadata(const Book& book, const Template& page_template, const TypesetOptions& options) {
  TextValues book_values;
  book_values.set(Variable::title, book.title);
  book_values.set(Variable::author, book.author);
  PdfMetadata metadata;
  metadata.title = page_template.info.title.expand(book_values).value_or("");
  metadata.author = page_template.info.author.expand(book_values).value_or("");
  metadata.subject = page_template.info.subject.expand(book_values).value_or("");
  metadata.keywords = page_template.info.keywords.expand(book_values).value_or("");
  metadata.creator = options.creator;
  // A book always carries a date: the one asked for, else today's.
  metadata.date = options.date ? *options.date : static_cast<std::int64_t>(std::time(nullptr));
  metadata.pdfx = options.pdfx;
  metadata.cmyk = cmyk_inks(page_template);
  return metadata;
}

}  // namespace detail

double spine_width(int pages, Paper paper) {
  return inches(pages * (paper == Paper::white ? 0.002252 : 0.0025));
}

CoverGeometry cover_geometry(const Template& page_template, int interior_pages, Paper paper) {
  CoverGeometry cover;
  cover.spine = spine_width(interior_pages, paper);
  cover.trim_width = 2 * page_template.puzzle_page.page.width + cover.spine;
  cover.trim_height = page_template.puzzle_page.page.height;
  cover.spine_text = interior_pages >= kMinimumPagesForSpineText;
  return cover;
}

std::string page_count_problem(const Template& page_template, int pages, Paper paper, bool draft) {
  if (!page_template.print_target) return "";
  const PrintTarget& target = *page_template.print_target;
  const bool cream = paper == Paper::cream;
  const int most = cream ? target.cream_max_pages : target.max_pages;
  const std::string where = " of " + target.name + (cream ? " on cream paper" : "") + " (" + target.source +
                            ":" + std::to_string(target.line) + ")";
  const std::string laid_out = "the book lays out to " + std::to_string(pages) + " pages, ";
  if (most > 0 && pages > most) {
    // The fixes that shorten the book: fewer puzzles per volume, more puzzles per page, or (when
    // the white-paper limit is higher) thinner paper.
    std::string fix =
        ": split the plan into volumes (fewer chapters or puzzles per book) or use a template with more "
        "puzzles per page";
    if (cream && pages <= target.max_pages)
      fix += ", or print on white paper (up to " + std::to_string(target.max_pages) + " pages)";
    return laid_out + "over the " + std::to_string(most) + "-page maximum" + where + fix;
  }
  if (pages < target.min_pages && !draft)
    return laid_out + "under the " + std::to_string(target.min_pages) + "-page minimum" + where +
           ": add chapters or puzzles to the plan (the printer refuses a shorter book; it does not pad it "
           "with blank pages), or typeset a proof with --draft";
  return "";
}

void check_page_count(const Template& page_template, int pages, Paper paper, const std::string& book_source,
                      bool draft) {
  const std::string problem = page_count_problem(page_template, pages, paper, draft);
  if (!problem.empty()) throw InputError(book_source, 0, 0, problem);
}

std::string draft_note(const Template& page_template, int pages) {
  if (!page_template.print_target || pages >= page_template.print_target->min_pages) return "";
  return "DRAFT, not printable: " + std::to_string(pages) + " pages, under the " +
         std::to_string(page_template.print_target->min_pages) + "-page minimum of " +
         page_template.print_target->name;
}

namespace {

void widen_inside(PageSetup& page, double gutter) {
  // Only bound (mirrored) pages have a gutter; a wider template margin stays.
  if (page.mirrored) page.margins.inside = std::max(page.margins.inside, gutter);
}

void widen_master(Master& master, double gutter) {
  widen_inside(master.page, gutter);
  for (Master& sized : master.grid_sizes) widen_inside(sized.page, gutter);
}

}  // namespace

Template with_gutter(const Template& page_template, int pages) {
  Template fitted = page_template;
  if (!page_template.print_target) return fitted;
  const double gutter = page_template.print_target->gutter_for(pages);
  for (std::optional<Master>* master :
       {&fitted.title_page, &fitted.how_to_play_page, &fitted.contents_page, &fitted.chapter_page})
    if (*master) widen_master(**master, gutter);
  widen_master(fitted.puzzle_page, gutter);
  widen_master(fitted.solution_page, gutter);
  return fitted;
}

}  // namespace sudoku::typeset
