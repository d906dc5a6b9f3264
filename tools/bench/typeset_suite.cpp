// SPDX-License-Identifier: Apache-2.0
// The typeset suite: pages per second for a book directory under each shipped template.
#include <memory>

#include "bench_runner.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::bench {

Suite typeset_suite() {
  return Suite{
      "typeset", "books", "pages",
      "PDF of a book directory (input) with each shipped template, in memory (pages/s is the work rate)",
      [](const std::string& book_dir) {
        auto book = std::make_shared<Book>(read_book(book_dir + "/book.json"));
        std::vector<Workload> workloads;
        for (const char* name : {"newspaper", "book-letter", "book-6x9", "a4-4up"}) {
          auto page_template = std::make_shared<typeset::Template>(
              typeset::load_template(std::string(SUDOKU_PRESS_SOURCE_DIR) + "/templates/" + name + ".xml"));
          workloads.push_back({name, 1, [book, page_template](std::size_t) {
                                 typeset::TypesetOptions options;
                                 options.date = 0;
                                 // Speed, not print: a short book under KDP's 24 pages is timed too.
                                 options.draft = true;
                                 int pages = 0;
                                 typeset::render_pdf(*book, *page_template, options, &pages);
                                 return static_cast<std::uint64_t>(pages);
                               }});
        }
        return workloads;
      }};
}

}  // namespace sudoku::bench
