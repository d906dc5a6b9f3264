// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the page-template reader (sudoku::typeset::parse_template, which load_template
// calls on a file's text), as typeset --template reads templates.
//
// Expected outcome: a Template or sudoku::InputError. Properties checked on a Template: the slot
// counts are within the documented 1-12 per direction, and every font a style names is declared
// (the reader promises both; the layout code relies on them).
#include <string>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace {

void check_font(const sudoku::typeset::Template& result, const std::string& font) {
  FUZZ_CHECK(font.empty() || result.find_font(font) != nullptr, font);
}

void check_master(const sudoku::typeset::Template& result, const sudoku::typeset::Master& master) {
  FUZZ_CHECK(master.columns >= 1 && master.columns <= 12 && master.rows >= 1 && master.rows <= 12,
             master.name);
  check_font(result, master.grid.givens.font);
  check_font(result, master.grid.solved.font);
  for (const auto& text : master.texts) check_font(result, text.style.font);
  for (const auto& caption : master.captions)
    for (const auto& text : caption.texts) check_font(result, text.style.font);
  for (const auto& band : {master.header, master.footer})
    if (band)
      for (const auto& text : band->texts) check_font(result, text.style.font);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto result = sudoku::typeset::parse_template(sudoku::fuzz::as_text(data, size), "fuzz.xml");
    check_master(result, result.puzzle_page);
    check_master(result, result.solution_page);
    if (result.title_page) check_master(result, *result.title_page);
    if (result.chapter_page) check_master(result, *result.chapter_page);
  } catch (const sudoku::InputError&) {}
  return 0;
}
