// SPDX-License-Identifier: Apache-2.0
// Message catalogues: every sentence and word the typesetter prints, in one language, read from a
// GNU gettext .po file (templates/lang/<code>.po; the schema is documented in docs/templates.md,
// "Languages").
//
// Contract: a message is found by its context (msgctxt, absent for a template's own texts) and its
// English text (msgid); a message the catalogue lacks, or marks fuzzy, prints in English and is
// recorded in missing() (the tool reports the list once). parse refuses a malformed file with
// InputError "FILE:LINE: what was expected": an unknown keyword, an unterminated string, a
// translation whose {placeholders} differ from its msgid's, a duplicate message, or a Plural-Forms
// header other than the three forms the shipped languages use (n != 1, n > 1, one form). The
// catalogue is read by our own reader, not libintl: libintl picks catalogues by the machine's
// locale and cannot say which line of a file is wrong, and a book must print the same bytes on
// every machine.
//
//   const auto german = std::make_shared<const sudoku::typeset::Catalog>(sudoku::typeset::Catalog::load("templates/lang/de.po"));
//   german->text("level", "hard");  // "schwer"
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::typeset {

struct Template;

class Catalog {
 public:
  struct Message {
    std::string context;  // msgctxt, empty for a template's texts
    std::string id;       // msgid: the English text
    std::string plural_id;  // msgid_plural, empty for a message without plural forms
    std::vector<std::string> texts;  // msgstr, or msgstr[0..n-1]
    int line = 0;
  };

  // English: no file, every message prints as its msgid.
  Catalog() = default;
  static Catalog parse(std::string_view text, const std::string& source, std::string code);
  // IoError when unreadable; the code is the file's stem ("de" for de.po).
  static Catalog load(const std::filesystem::path& path);

  const std::string& code() const { return code_; }  // "en" for English
  const std::string& source() const { return source_; }
  const std::vector<Message>& messages() const { return messages_; }

  // The translation of `id`, or `id` itself (recorded as missing) when there is none.
  std::string text(std::string_view context, std::string_view id) const;
  // The plural form for `n`, with {count} replaced by n.
  std::string plural(std::string_view context, std::string_view id, std::string_view plural_id, long n) const;
  // True when the catalogue has a translation of `id` (no record either way).
  bool has(std::string_view context, std::string_view id) const;
  // "2026-12-01" in this language's long form ("Tuesday 1 December 2026", "Dienstag, 1. Dezember
  // 2026", "2026年12月1日（火）"); anything that is not such a date is returned unchanged.
  std::string long_date(std::string_view iso_date) const;
  // "1", "1,5": a decimal in this language (the "decimal-point" message).
  std::string decimal(double value, int digits) const;
  // "a, b and c" in this language.
  std::string list(const std::vector<std::string>& items) const;

  // Messages asked for and printed in English, as "context|id" (no context: the id alone).
  const std::set<std::string>& missing() const { return missing_; }

 private:
  const Message* find(std::string_view context, std::string_view id) const;

  std::string code_ = "en";
  std::string source_;
  std::vector<Message> messages_;
  std::map<std::pair<std::string, std::string>, std::size_t, std::less<>> index_;
  int plural_rule_ = 0;  // 0: n != 1, 1: n > 1, 2: one form
  // A record of lookups, not part of the catalogue's content: kept on the const catalogue the
  // renderer holds.
  mutable std::set<std::string> missing_;
};

// The {name}s a message text uses, sorted ("{count} puzzles on {size} grids" -> count, size).
std::set<std::string> placeholders(std::string_view text);
// `text` with each {name} in `values` replaced.
std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values);

// Sentences joined into a paragraph: a space between two, none after a full-width stop, colon or
// closing parenthesis (。：）), since CJK text sets no spaces. Empty sentences are left out.
//   join_sentences({"From puzzle 1, page 26:", "It places 6 in r2c4."})  // one space between
std::string join_sentences(const std::vector<std::string>& sentences);

// The messages the typesetter composes itself (rules, blurb, level and kind names, dates), in
// English. The hints' messages are listed beside the hints' code (book_hints.hpp's
// printed_messages() gives both lists): every catalogue must translate them all (the catalogue test
// checks it).
const std::vector<Catalog::Message>& composed_messages();

// Language codes: two or three lower-case letters, optionally "-" and a region ("pt-BR").
bool is_language_code(std::string_view code);
// The codes of the catalogues in `dirs` (file stems of *.po), sorted, English always among them.
std::vector<std::string> known_languages(const std::vector<std::filesystem::path>& dirs);
// The catalogue for `code` from the first of `dirs` that has <code>.po; English without a file.
// InputError at `source` ("--lang", or the book file with `field` "$.plan.language") listing the
// known codes when there is none.
std::shared_ptr<const Catalog> find_catalog(const std::string& code, const std::vector<std::filesystem::path>& dirs,
                                            const std::string& source, const std::string& field = {});

// `page_template` with every text that has words translated by `catalog` (document metadata,
// free texts, heads, captions, rules, contents entries); the result carries the catalogue for the
// words the renderer composes. InputError at the catalogue's line when a translation is not a valid
// text pattern.
Template localize(const Template& page_template, std::shared_ptr<const Catalog> catalog);

}  // namespace sudoku::typeset
