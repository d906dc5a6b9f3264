// SPDX-License-Identifier: Apache-2.0
// Front matter: what a commercial book says about itself before its first puzzle — subtitle,
// editor, publisher, copyright holder and year, edition, printing, an ISBN per format, a rights
// line, a dedication and an introduction. Written in the plan ("front-matter", docs/plan.md),
// copied into book.json under the same key, printed by typeset on the half-title, title,
// copyright, dedication and introduction pages of the templates that have them.
//
// Contract: read_front_matter is strict (unknown keys, wrong types, over-long texts and an ISBN
// whose check digit is wrong are InputErrors at the field's JSON path, e.g. "plan.json:
// $.front-matter.isbn.paperback: ISBN 978-0-306-40615-6 has the check digit 6, expected 7");
// front_matter_to_json writes back exactly the keys given, in a fixed order. Texts are the
// publisher's own words and are printed as given; only the words typeset adds around them
// ("First edition", "ISBN … (paperback)") come from the catalogues.
//
//   const sudoku::FrontMatter front = sudoku::read_front_matter(plan["front-matter"]);
//   if (front.copyright) std::cout << front.copyright->year << ' ' << front.copyright->holder;
#pragma once

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/base/json_io.hpp"

namespace sudoku {

struct Copyright {
  int year = 0;
  std::string holder;
};

struct FrontMatter {
  std::string subtitle;      // the title page's and cover's subtitle ("" : composed from the book)
  std::string editor;        // printed "Edited by …"
  std::string publisher;     // the title page's foot
  // The publisher's logo, a PNG, printed at the title page's foot (the title master's <logo>): in
  // the plan a path relative to the plan's folder; generate-book copies it into the book folder
  // and book.json names that copy ("logo.png"). Checked at both ends: a PNG (generate-book), sharp
  // enough at its placed size (typeset, kMinimumArtDpi).
  std::string logo;
  std::optional<Copyright> copyright;
  int edition = 0;           // 0: not stated; 1 prints "First edition"
  int printing = 0;          // 0: no printing line; n prints "10 9 … n"
  // (format, ISBN as written) in the order given; format one of kIsbnFormats.
  std::vector<std::pair<std::string, std::string>> isbn;
  std::string rights;        // the licence or rights text; "" prints "All rights reserved." with a holder
  std::string dedication;
  std::string introduction;  // paragraphs separated by newlines
  // "difficulty-marks": each puzzle's caption may print its level as stars ({mark} in the template).
  bool difficulty_marks = false;
};

// The name of the logo's copy in a book folder (FrontMatter::logo).
inline constexpr std::string_view kBookLogoFile = "logo.png";

// The formats an ISBN may be given for.
inline constexpr std::string_view kIsbnFormats[] = {"paperback", "hardcover", "ebook", "pdf"};

// The problem with an ISBN as written (hyphens and spaces allowed between digits): "" when it is a
// valid ISBN-13 (prefix 978 or 979, check digit by the 1-3 weights) or ISBN-10 (check digit by
// the 10-to-1 weights, X for 10); else what is wrong and what was expected.
std::string isbn_problem(std::string_view isbn);

// Reads the "front-matter" object at `field` (which must be present).
FrontMatter read_front_matter(const JsonField& field);
boost::json::object front_matter_to_json(const FrontMatter& front);

}  // namespace sudoku
