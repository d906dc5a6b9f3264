// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/layout/page_plan.hpp"

#include <algorithm>

#include "sudoku/typeset/draw/grid_painter.hpp"

namespace sudoku::typeset {
namespace {

class Planner {
 public:
  explicit Planner(PagePlan& plan) : plan_(plan) {}

  // `opens_section`: the first page of the title, a chapter or the solutions, where start="recto"
  // applies (the pages that follow simply continue).
  PlannedPage& start(PageRole role, const Master& master, std::optional<std::size_t> chapter,
                     bool opens_section) {
    if (opens_section && master.start_recto && next_number() % 2 == 0)
      add(PageRole::blank, master, std::nullopt);
    return add(role, master, chapter);
  }

  int next_number() const { return static_cast<int>(plan_.pages.size()) + 1; }

 private:
  PlannedPage& add(PageRole role, const Master& master, std::optional<std::size_t> chapter) {
    PlannedPage page;
    page.role = role;
    page.master = &master;
    page.number = next_number();
    page.chapter = chapter;
    plan_.pages.push_back(std::move(page));
    return plan_.pages.back();
  }

  PagePlan& plan_;
};

}  // namespace

std::vector<std::size_t> contents_rows(const Book& book) {
  std::vector<std::size_t> rows;
  for (std::size_t chapter = 0; chapter < book.chapters.size(); ++chapter)
    if (!book.chapters[chapter].puzzles.empty()) rows.push_back(chapter);
  return rows;
}

namespace {

// `count` blocks, `per_page` a page, on pages of `role`; returns the first page's number.
int plan_blocks(Planner& planner, PageRole role, const Master& master, std::size_t count,
                int per_page) {
  int first = 0;
  const auto step = static_cast<std::size_t>(std::max(1, per_page));
  for (std::size_t at = 0; at < count; at += step) {
    PlannedPage& page = planner.start(role, master, std::nullopt, at == 0);
    page.first_entry = at;
    page.entry_count = std::min(step, count - at);
    if (first == 0) first = page.number;
  }
  return first;
}

}  // namespace

PagePlan plan_pages(const Book& book, const Template& page_template, bool with_solutions,
                    const StepSections* sections) {
  PagePlan plan;
  Planner planner(plan);
  const std::size_t total = book.puzzle_count();
  plan.puzzle_page.reserve(total);
  std::vector<SlotContent> order;
  order.reserve(total);

  // The front matter's pages only for a book that has one: a book without keeps its pages.
  const FrontMatter* front = book.front ? &*book.front : nullptr;
  if (front != nullptr && page_template.half_title_page)
    planner.start(PageRole::half_title, *page_template.half_title_page, std::nullopt, true);
  if (page_template.title_page) planner.start(PageRole::title, *page_template.title_page, std::nullopt, true);
  if (front != nullptr && page_template.copyright_page)
    planner.start(PageRole::copyright, *page_template.copyright_page, std::nullopt, true);
  if (front != nullptr && !front->dedication.empty() && page_template.dedication_page)
    planner.start(PageRole::dedication, *page_template.dedication_page, std::nullopt, true);
  if (front != nullptr && !front->introduction.empty() && page_template.introduction_page)
    planner.start(PageRole::introduction, *page_template.introduction_page, std::nullopt, true);
  if (page_template.how_to_play_page)
    planner.start(PageRole::how_to_play, *page_template.how_to_play_page, std::nullopt, true);
  if (page_template.contents_page) {
    const Master& master = *page_template.contents_page;
    const double content_height = master.page.height - master.page.margins.top - master.page.margins.bottom;
    // The how-to-solve chapter's row first, the hints' before the solutions'.
    const bool examples = sections != nullptr && sections->how_to_solve != nullptr && sections->examples > 0;
    const bool hints = sections != nullptr && sections->hints != nullptr && !sections->hinted.empty();
    const std::size_t rows = contents_rows(book).size() + (with_solutions && total > 0 ? 1 : 0) +
                             (examples ? 1 : 0) + (hints ? 1 : 0);
    std::size_t first = 0;
    do {
      // Continuation pages simply follow: only the first opens the section (start="recto").
      PlannedPage& page = planner.start(PageRole::contents, master, std::nullopt, first == 0);
      const auto fit = static_cast<std::size_t>(std::max(1, master.entries->rows_per_page(content_height, first > 0)));
      page.first_entry = first;
      page.entry_count = std::min(fit, rows - first);
      first += page.entry_count;
    } while (first < rows);
  }
  // The how-to-solve chapter: a bound book's before its first chapter, after the contents; an
  // unbound handout's (pages not mirrored: a4-4up) after its puzzles, which it opens with.
  const bool handout = !page_template.puzzle_page.page.mirrored;
  const auto plan_how_to_solve = [&] {
    if (sections != nullptr && sections->how_to_solve != nullptr && sections->examples > 0)
      plan.first_how_to_solve_page = plan_blocks(planner, PageRole::how_to_solve, *sections->how_to_solve,
                                                 sections->examples, sections->examples_per_page);
  };
  if (!handout) plan_how_to_solve();
  const Master& puzzle_master = page_template.puzzle_page;
  int number = 0;
  // The page being filled, by position (starting a page may reallocate plan.pages); kNone before
  // the first puzzle page and, unless the flow is continuous, at each chapter's start.
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t page = kNone;
  for (std::size_t chapter = 0; chapter < book.chapters.size(); ++chapter) {
    if (page_template.chapter_page) {
      plan.chapter_first_page.push_back(
          planner.start(PageRole::chapter, *page_template.chapter_page, chapter, true).number);
    } else {
      plan.chapter_first_page.push_back(planner.next_number());
    }
    const auto& puzzles = book.chapters[chapter].puzzles;
    // In continuous flow the chapter goes on filling the previous chapter's last page.
    if (!puzzle_master.continuous) page = kNone;
    if (page != kNone && !puzzles.empty()) plan.chapter_first_page.back() = plan.pages[page].number;
    for (std::size_t index = 0; index < puzzles.size(); ++index) {
      // Larger grids may have an arrangement of their own (fewer, larger slots): a page holds grids
      // of one arrangement. A gattai board counts its cells across (Samurai 21, Twin 15).
      const Master& master = puzzle_master.for_grid_size(cells_across(puzzles[index].puzzle.geometry()));
      if (page == kNone || plan.pages[page].master != &master ||
          static_cast<int>(plan.pages[page].slots.size()) == master.slots()) {
        planner.start(PageRole::puzzles, master, chapter, page == kNone && !page_template.chapter_page);
        page = plan.pages.size() - 1;
        if (index == 0 && puzzle_master.continuous) plan.chapter_first_page.back() = plan.pages[page].number;
      }
      const SlotContent slot{chapter, index, ++number};
      plan.pages[page].slots.push_back(slot);
      order.push_back(slot);
      plan.puzzle_page.push_back(plan.pages[page].number);
    }
  }

  if (handout) plan_how_to_solve();

  if (sections != nullptr && sections->hints != nullptr && !sections->hinted.empty()) {
    plan.first_hint_page = plan_blocks(planner, PageRole::hints, *sections->hints, sections->hinted.size(),
                                       sections->hints_per_page);
    plan.hint_page.assign(total, 0);
    const auto per_page = static_cast<std::size_t>(std::max(1, sections->hints_per_page));
    for (std::size_t i = 0; i < sections->hinted.size(); ++i)
      plan.hint_page[static_cast<std::size_t>(sections->hinted[i] - 1)] =
          plan.first_hint_page + static_cast<int>(i / per_page);
  }

  if (sections != nullptr && !sections->tipped.empty()) {
    plan.tipped.assign(total, false);
    for (const int tipped : sections->tipped) plan.tipped[static_cast<std::size_t>(tipped - 1)] = true;
  }

  plan.chapter_first_solution_page.assign(book.chapters.size(), 0);
  if (with_solutions && !order.empty()) {
    const Master& solution_master = page_template.solution_page;
    std::optional<std::size_t> solution_page;
    for (const auto& slot : order) {
      const Master& master = solution_master.for_grid_size(
          cells_across(book.chapters[slot.chapter].puzzles[slot.puzzle].puzzle.geometry()));
      if (!solution_page || plan.pages[*solution_page].master != &master ||
          static_cast<int>(plan.pages[*solution_page].slots.size()) == master.slots()) {
        planner.start(PageRole::solutions, master, slot.chapter, !solution_page);
        solution_page = plan.pages.size() - 1;
      }
      plan.pages[*solution_page].slots.push_back(slot);
      const int page_number = plan.pages[*solution_page].number;
      plan.solution_page.push_back(page_number);
      if (plan.first_solution_page == 0) plan.first_solution_page = page_number;
      if (plan.chapter_first_solution_page[slot.chapter] == 0)
        plan.chapter_first_solution_page[slot.chapter] = page_number;
    }
  }
  return plan;
}

}  // namespace sudoku::typeset
