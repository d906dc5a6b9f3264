// SPDX-License-Identifier: Apache-2.0
#include "sudoku/model/front_matter.hpp"

#include <boost/json/array.hpp>

#include <algorithm>
#include <cstddef>

namespace sudoku {
namespace {

// Titles and names are printed on one page; the introduction fills one.
constexpr std::size_t kMaxLineBytes = 1000;
constexpr std::size_t kMaxRightsBytes = 2000;
constexpr std::size_t kMaxIntroductionBytes = 6000;

}  // namespace

std::string isbn_problem(std::string_view isbn) {
  std::string digits;
  for (std::size_t i = 0; i < isbn.size(); ++i) {
    const char c = isbn[i];
    if (c >= '0' && c <= '9') {
      digits.push_back(c);
    } else if ((c == 'X' || c == 'x') && i + 1 == isbn.size()) {
      digits.push_back('X');
    } else if ((c == '-' || c == ' ') && !digits.empty() && i + 1 < isbn.size()) {
      continue;
    } else {
      return "expected an ISBN-13 or ISBN-10 (digits, with hyphens or spaces between them)";
    }
  }
  const auto value = [&](std::size_t i) { return digits[i] == 'X' ? 10 : digits[i] - '0'; };
  const auto check_char = [](int check) { return check == 10 ? std::string("X") : std::to_string(check); };
  if (digits.size() == 13) {
    if (digits.find('X') != std::string::npos) return "an ISBN-13 has no X";
    if (!digits.starts_with("978") && !digits.starts_with("979"))
      return "an ISBN-13 starts with 978 or 979, this one with " + digits.substr(0, 3);
    int sum = 0;
    for (std::size_t i = 0; i < 12; ++i) sum += value(i) * (i % 2 == 0 ? 1 : 3);
    const int check = (10 - sum % 10) % 10;
    if (value(12) != check)
      return "the check digit is " + digits.substr(12) + ", expected " + std::to_string(check);
    return {};
  }
  if (digits.size() == 10) {
    if (digits.find('X') != std::string::npos && digits.find('X') != 9) return "only an ISBN-10's last digit may be X";
    int sum = 0;
    for (std::size_t i = 0; i < 9; ++i) sum += value(i) * static_cast<int>(10 - i);
    const int check = (11 - sum % 11) % 11;
    if (value(9) != check)
      return "the check digit is " + digits.substr(9) + ", expected " + check_char(check);
    return {};
  }
  return "expected an ISBN-13 (13 digits) or ISBN-10 (10 digits), got " + std::to_string(digits.size()) + " digits";
}

FrontMatter read_front_matter(const JsonField& field) {
  field.allow_only({"subtitle", "editor", "publisher", "copyright", "edition", "printing", "isbn", "rights",
                    "dedication", "introduction", "difficulty-marks", "logo"});
  FrontMatter front;
  const auto text = [&](std::string_view key, std::size_t max_bytes) {
    const JsonField member = field[key];
    return member.present() ? member.as_text(max_bytes) : std::string();
  };
  front.subtitle = text("subtitle", kMaxLineBytes);
  front.editor = text("editor", kMaxLineBytes);
  front.publisher = text("publisher", kMaxLineBytes);
  front.logo = text("logo", kMaxLineBytes);
  if (const JsonField logo = field["logo"]; logo.present() && front.logo.empty())
    logo.fail("expected the path of the publisher's logo (a PNG), got \"\"");
  if (const JsonField copyright = field["copyright"]; copyright.present()) {
    copyright.allow_only({"year", "holder"});
    front.copyright = Copyright{static_cast<int>(copyright.required("year").as_integer(1000, 9999)),
                                copyright.required("holder").as_text(kMaxLineBytes)};
    if (front.copyright->holder.empty()) copyright["holder"].fail("expected the copyright holder's name, got \"\"");
  }
  if (const JsonField edition = field["edition"]; edition.present())
    front.edition = static_cast<int>(edition.as_integer(1, 99));
  if (const JsonField printing = field["printing"]; printing.present())
    front.printing = static_cast<int>(printing.as_integer(1, 10));
  if (const JsonField isbn = field["isbn"]; isbn.present()) {
    if (isbn.raw() == nullptr || !isbn.raw()->is_object())
      isbn.fail("expected an object of ISBNs by format (paperback, hardcover, ebook, pdf)");
    for (const auto& member : isbn.raw()->as_object()) {
      const std::string_view format = member.key();
      const JsonField value = isbn[format];
      if (std::find(std::begin(kIsbnFormats), std::end(kIsbnFormats), format) == std::end(kIsbnFormats))
        value.fail("unknown format \"" + std::string(format) + "\" (known: paperback, hardcover, ebook, pdf)");
      const std::string written = value.as_text(64);
      if (const std::string problem = isbn_problem(written); !problem.empty())
        value.fail("ISBN " + written + ": " + problem);
      front.isbn.emplace_back(std::string(format), written);
    }
  }
  front.rights = text("rights", kMaxRightsBytes);
  front.dedication = text("dedication", kMaxLineBytes);
  front.introduction = text("introduction", kMaxIntroductionBytes);
  if (const JsonField marks = field["difficulty-marks"]; marks.present()) front.difficulty_marks = marks.as_bool();
  return front;
}

boost::json::object front_matter_to_json(const FrontMatter& front) {
  boost::json::object object;
  const auto put = [&](std::string_view key, const std::string& value) {
    if (!value.empty()) object[key] = value;
  };
  put("subtitle", front.subtitle);
  put("editor", front.editor);
  put("publisher", front.publisher);
  put("logo", front.logo);
  if (front.copyright) object["copyright"] = {{"year", front.copyright->year}, {"holder", front.copyright->holder}};
  if (front.edition > 0) object["edition"] = front.edition;
  if (front.printing > 0) object["printing"] = front.printing;
  if (!front.isbn.empty()) {
    boost::json::object isbn;
    for (const auto& [format, number] : front.isbn) isbn[format] = number;
    object["isbn"] = std::move(isbn);
  }
  put("rights", front.rights);
  put("dedication", front.dedication);
  put("introduction", front.introduction);
  if (front.difficulty_marks) object["difficulty-marks"] = true;
  return object;
}

}  // namespace sudoku
