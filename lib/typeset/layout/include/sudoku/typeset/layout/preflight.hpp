// SPDX-License-Identifier: Apache-2.0
// typeset --preflight: the whole book checked against its print target without writing a file, one
// line per check with what was measured, the limit and pass or fail.
//
// Contract: preflight plans the book's pages with the template (after `target`, when given, has
// replaced its print target) and reports, in this order: the page count against the target's
// range (a book under min-pages passes with options.draft, marked as a draft), the trim and bleed,
// the inside margin applied for that page count (with_gutter), the smallest digit size per grid
// size on puzzle and solution pages (legibility.hpp; Killer cage sums too), the fonts (the PDF is
// rendered in memory and every font must be embedded), the template's colours (non-grey ones
// fail under --pdfx), PDF/X, and, when the template makes covers, the spine's width and whether its
// text fits. When the page count or a digit size fails, the book is not rendered and the font and
// spine checks say so. Bad input (a book or template that cannot be read, a missing font) is an
// InputError as for typesetting; a failing check is not an error.
//
//   const PreflightReport report = preflight(book, page_template, options);
//   std::cout << preflight_text(report);  // exit report.pass() ? 0 : 1
#pragma once

#include <string>
#include <vector>

#include "sudoku/model/book.hpp"
#include "sudoku/typeset/layout/typeset.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {

struct PreflightCheck {
  std::string check;     // "pages", "trim", "bleed", "gutter", "digits 9x9 puzzles", "fonts", ...
  std::string measured;  // what the book has
  std::string limit;     // what the target allows ("" when it states nothing)
  bool pass = true;
  std::string fix;  // a failing check's fix
};

struct PreflightReport {
  std::string book;  // book source
  std::string template_source;
  std::string target;     // the print target's name, "" without one
  std::string reference;  // where its numbers come from
  int pages = 0;
  bool draft = false;  // under min-pages, typeset with --draft: not printable
  std::vector<PreflightCheck> checks;

  bool pass() const;
};

PreflightReport preflight(const Book& book, const Template& page_template, const TypesetOptions& options);

// One line per check, "PASS  pages  22 pages  (24 to 828 pages)", a fix line under a failure and a
// last line "preflight: pass" or "preflight: FAIL (n checks)".
std::string preflight_text(const PreflightReport& report);
// {"book": ..., "template": ..., "target": ..., "reference": ..., "pages": 22, "draft": false,
//  "pass": true, "checks": [{"check": ..., "pass": ..., "measured": ..., "limit": ..., "fix": ...}]}
std::string preflight_json(const PreflightReport& report);

}  // namespace sudoku::typeset
