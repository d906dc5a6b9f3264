// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/template/catalog.hpp"


#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <system_error>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/template/template.hpp"

namespace sudoku::typeset {
namespace {

namespace fs = std::filesystem;

std::string key_of(std::string_view context, std::string_view id) {
  return context.empty() ? std::string(id) : std::string(context) + "|" + std::string(id);
}

std::string strip_spaces(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

// The .po reader: a small state machine over the file's lines. Only what gettext's own files use:
// comments, msgctxt, msgid, msgid_plural, msgstr, msgstr[N] and continued strings.
class PoReader {
 public:
  PoReader(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  [[noreturn]] void fail(int line, const std::string& what) const { throw InputError(source_, line, 0, what); }

  std::vector<Catalog::Message> read(int& plural_rule) {
    std::size_t at = 0;
    int line_number = 0;
    bool next_fuzzy = false;  // a "#, fuzzy" comment marks the entry after it
    Pending pending;
    std::string* last = nullptr;  // the string a continuation line extends
    const auto start = [&](int line) {
      flush(pending);
      pending = Pending{};
      pending.started = true;
      pending.fuzzy = next_fuzzy;
      pending.line = line;
      next_fuzzy = false;
    };
    while (at <= text_.size()) {
      const std::size_t end = std::min(text_.find('\n', at), text_.size());
      std::string_view line = text_.substr(at, end - at);
      at = end + 1;
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const std::size_t first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos || line[first] == '#') {
        // gettext leaves a fuzzy translation unused; so do we.
        if (first != std::string_view::npos && line.substr(first).starts_with("#,") &&
            line.find("fuzzy") != std::string_view::npos)
          next_fuzzy = true;
        last = nullptr;
        continue;
      }
      line.remove_prefix(first);
      if (line.front() == '"') {
        if (last == nullptr) fail(line_number, "a string with no msgid, msgstr or msgctxt before it");
        *last += unquote(line, line_number);
        continue;
      }
      const std::size_t space = line.find_first_of(" \t");
      if (space == std::string_view::npos)
        fail(line_number, "expected a keyword and a quoted string (msgid \"...\")");
      const std::string_view keyword = line.substr(0, space);
      std::string_view rest = line.substr(space);
      const std::size_t quoted = rest.find_first_not_of(" \t");
      // A keyword followed by blanks only (a fuzzed catalogue found it): no string to read.
      if (quoted == std::string_view::npos)
        fail(line_number, "expected a quoted string after " + std::string(keyword) + " (msgid \"...\")");
      rest.remove_prefix(quoted);
      std::string value = unquote(rest, line_number);
      if (keyword == "msgctxt") {
        start(line_number);
        pending.has_context = true;
        pending.message.context = std::move(value);
        last = &pending.message.context;
      } else if (keyword == "msgid") {
        if (!pending.started || !pending.has_context || pending.has_id) start(line_number);
        pending.has_id = true;
        pending.message.id = std::move(value);
        last = &pending.message.id;
      } else if (keyword == "msgid_plural") {
        if (!pending.has_id || !pending.message.texts.empty() || !pending.message.plural_id.empty())
          fail(line_number, "msgid_plural must follow a msgid");
        pending.message.plural_id = std::move(value);
        last = &pending.message.plural_id;
      } else if (keyword == "msgstr" || keyword.starts_with("msgstr[")) {
        if (!pending.has_id) fail(line_number, "msgstr without a msgid before it");
        const bool indexed = keyword != "msgstr";
        if (indexed != !pending.message.plural_id.empty())
          fail(line_number,
               indexed ? "msgstr[N] needs a msgid_plural" : "a plural message needs msgstr[0], msgstr[1], ...");
        if (indexed && keyword != "msgstr[" + std::to_string(pending.message.texts.size()) + "]")
          fail(line_number, "expected msgstr[" + std::to_string(pending.message.texts.size()) + "]");
        if (!indexed && !pending.message.texts.empty()) fail(line_number, "a second msgstr for one msgid");
        pending.message.texts.push_back(std::move(value));
        last = &pending.message.texts.back();
      } else {
        fail(line_number, "unknown keyword '" + std::string(keyword) +
                              "' (expected msgctxt, msgid, msgid_plural, msgstr or msgstr[N])");
      }
    }
    flush(pending);
    plural_rule = plural_rule_;
    return std::move(messages_);
  }

 private:
  struct Pending {
    Catalog::Message message;
    bool started = false;
    bool has_context = false;
    bool has_id = false;
    bool fuzzy = false;
    int line = 0;
  };

  std::string unquote(std::string_view text, int line) const {
    if (text.size() < 2 || text.front() != '"' || text.back() != '"')
      fail(line, "expected a string in double quotes");
    std::string out;
    for (std::size_t i = 1; i + 1 < text.size(); ++i) {
      char c = text[i];
      if (c == '"') fail(line, "a '\"' inside a string (write \\\")");
      if (c == '\\') {
        if (i + 2 >= text.size()) fail(line, "a string ends in a lone '\\'");
        c = text[++i];
        switch (c) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          default: fail(line, std::string("unknown escape '\\") + c + "' (known: \\n \\t \\\" \\\\)");
        }
        continue;
      }
      out += c;
    }
    return out;
  }

  void flush(Pending& pending) {
    if (!pending.started) return;
    Catalog::Message& message = pending.message;
    if (!pending.has_id) fail(pending.line, "msgctxt without a msgid after it");
    if (message.texts.empty()) fail(pending.line, "msgid \"" + message.id + "\" has no msgstr");
    pending.started = false;
    if (message.id.empty() && message.context.empty()) {
      read_header(message.texts.front(), pending.line);
      return;
    }
    message.line = pending.line;
    // An empty or fuzzy translation is no translation: the message prints in English.
    if (pending.fuzzy || std::all_of(message.texts.begin(), message.texts.end(),
                                 [](const std::string& text) { return text.empty(); }))
      return;
    const std::string where = "msgid \"" + message.id + "\"";
    for (const auto& text : message.texts) {
      if (text.empty()) fail(pending.line, where + ": a plural form is empty");
      const auto used = placeholders(text);
      if (message.plural_id.empty()) {
        if (used != placeholders(message.id))
          fail(pending.line, where + ": the translation's {placeholders} differ from the msgid's (" +
                                 names(placeholders(message.id)) + " expected, " + names(used) + " found)");
      } else {
        const auto known = placeholders(message.plural_id);
        if (!std::includes(known.begin(), known.end(), used.begin(), used.end()))
          fail(pending.line, where + ": a plural form uses a {placeholder} the msgid_plural lacks (" + names(used) +
                                 " found, " + names(known) + " known)");
      }
    }
    if (!message.plural_id.empty() && message.texts.size() != plural_count())
      fail(pending.line, where + ": " + std::to_string(message.texts.size()) +
                             " plural forms, the Plural-Forms header says " + std::to_string(plural_count()));
    for (const auto& other : messages_)
      if (other.context == message.context && other.id == message.id)
        fail(pending.line, where + " is already translated at line " + std::to_string(other.line));
    messages_.push_back(std::move(message));
  }

  static std::string names(const std::set<std::string>& set) {
    std::string text;
    for (const auto& name : set) text += (text.empty() ? "{" : ", {") + name + "}";
    return text.empty() ? "none" : text;
  }

  std::size_t plural_count() const { return plural_rule_ == 2 ? 1 : 2; }

  void read_header(const std::string& header, int line) {
    std::size_t at = 0;
    while (at < header.size()) {
      const std::size_t end = std::min(header.find('\n', at), header.size());
      const std::string_view field = std::string_view(header).substr(at, end - at);
      at = end + 1;
      if (!field.starts_with("Plural-Forms:")) continue;
      const std::string form = strip_spaces(field.substr(13));
      if (form == "nplurals=2;plural=(n!=1);" || form == "nplurals=2;plural=n!=1;")
        plural_rule_ = 0;
      else if (form == "nplurals=2;plural=(n>1);" || form == "nplurals=2;plural=n>1;")
        plural_rule_ = 1;
      else if (form == "nplurals=1;plural=0;")
        plural_rule_ = 2;
      else
        fail(line, "Plural-Forms '" + std::string(field.substr(13)) +
                       "' is not one of the known forms: nplurals=2; plural=(n != 1); (English, German, Spanish, "
                       "Italian), nplurals=2; plural=(n > 1); (French), nplurals=1; plural=0; (Japanese)");
    }
  }

  std::string_view text_;
  std::string source_;
  std::vector<Catalog::Message> messages_;
  int plural_rule_ = 0;
};

Catalog::Message composed(std::string context, std::string id, std::string plural_id = {}) {
  Catalog::Message message;
  message.context = std::move(context);
  message.id = std::move(id);
  message.plural_id = std::move(plural_id);
  return message;
}

// True when a template text has words to translate: letters outside its {variables}.
bool has_words(std::string_view text) {
  int depth = 0;
  for (const char c : text) {
    if (c == '{') ++depth;
    else if (c == '}') depth = std::max(0, depth - 1);
    else if (depth == 0 && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return true;
  }
  return false;
}

}  // namespace

std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> names;
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text[at] != '{') continue;
    if (at + 1 < text.size() && text[at + 1] == '{') {
      ++at;
      continue;
    }
    const std::size_t close = text.find('}', at);
    if (close == std::string_view::npos) break;
    std::string_view inside = text.substr(at + 1, close - at - 1);
    names.insert(std::string(inside.substr(0, inside.find('|'))));
    at = close;
  }
  return names;
}

std::string fill(std::string text, const std::vector<std::pair<std::string, std::string>>& values) {
  for (const auto& [name, value] : values) {
    const std::string mark = "{" + name + "}";
    for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
      text.replace(at, mark.size(), value);
  }
  return text;
}

Catalog Catalog::parse(std::string_view text, const std::string& source, std::string code) {
  Catalog catalog;
  catalog.code_ = std::move(code);
  catalog.source_ = source;
  PoReader reader(text, source);
  catalog.messages_ = reader.read(catalog.plural_rule_);
  for (std::size_t i = 0; i < catalog.messages_.size(); ++i)
    catalog.index_[{catalog.messages_[i].context, catalog.messages_[i].id}] = i;
  return catalog;
}

Catalog Catalog::load(const fs::path& path) {
  return parse(read_text_file(path.string()), path.string(), path.stem().string());
}

const Catalog::Message* Catalog::find(std::string_view context, std::string_view id) const {
  const auto it = index_.find(std::pair<std::string, std::string>(context, id));
  return it == index_.end() ? nullptr : &messages_[it->second];
}

bool Catalog::has(std::string_view context, std::string_view id) const {
  return find(context, id) != nullptr;
}

std::string Catalog::text(std::string_view context, std::string_view id) const {
  if (const Message* message = find(context, id)) return message->texts.front();
  // English needs no translation: its msgids are the text.
  if (code_ != "en") missing_.insert(key_of(context, id));
  return std::string(id);
}

std::string Catalog::plural(std::string_view context, std::string_view id, std::string_view plural_id,
                            long n) const {
  std::string form;
  if (const Message* message = find(context, id); message != nullptr && !message->plural_id.empty()) {
    const std::size_t index = plural_rule_ == 2 ? 0 : plural_rule_ == 1 ? (n > 1 ? 1 : 0) : (n != 1 ? 1 : 0);
    form = message->texts[std::min(index, message->texts.size() - 1)];
  } else {
    if (code_ != "en") missing_.insert(key_of(context, id));
    form = std::string(n == 1 ? id : plural_id);
  }
  return fill(std::move(form), {{"count", std::to_string(n)}});
}

std::string Catalog::long_date(std::string_view iso_date) const {
  if (!is_iso_date(iso_date)) return std::string(iso_date);
  const int year = std::stoi(std::string(iso_date.substr(0, 4)));
  const int month = std::stoi(std::string(iso_date.substr(5, 2)));
  const int day = std::stoi(std::string(iso_date.substr(8, 2)));
  constexpr std::array<std::string_view, 12> kMonths{"January",   "February", "March",    "April",
                                                     "May",       "June",     "July",     "August",
                                                     "September", "October",  "November", "December"};
  constexpr std::array<std::string_view, 7> kWeekdays{"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                      "Thursday", "Friday", "Saturday"};
  // Sakamoto's method: day of the week for a Gregorian date (0 = Sunday).
  constexpr int kMonthOffsets[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  const int y = month < 3 ? year - 1 : year;
  const int weekday = (y + y / 4 - y / 100 + y / 400 + kMonthOffsets[month - 1] + day) % 7;
  // The first of the month has its own form in some languages (French "1er").
  const std::string day_text = day == 1 ? text("date", "1") : std::to_string(day);
  return fill(text("date", "{weekday} {day} {month} {year}"),
              {{"weekday", text("weekday", kWeekdays[static_cast<std::size_t>(weekday)])},
               {"day", day_text},
               {"month", text("month", kMonths[static_cast<std::size_t>(month - 1)])},
               {"year", std::to_string(year)}});
}

std::string Catalog::decimal(double value, int digits) const {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  std::string out = buffer;
  const std::string point = text("number", ".");
  if (const std::size_t dot = out.find('.'); dot != std::string::npos) out.replace(dot, 1, point);
  return out;
}

std::string Catalog::list(const std::vector<std::string>& items) const {
  if (items.empty()) return {};
  std::string head = items.front();
  if (items.size() == 1) return head;
  for (std::size_t i = 1; i + 1 < items.size(); ++i) head = fill(text("list", "{list}, {item}"), {{"list", head}, {"item", items[i]}});
  return fill(text("list", "{list} and {last}"), {{"list", head}, {"last", items.back()}});
}

const std::vector<Catalog::Message>& composed_messages() {
  static const std::vector<Catalog::Message> kMessages = [] {
    std::vector<Catalog::Message> list;
    for (const char* level : {"gentle", "easy", "medium", "tough", "hard", "evil", "extreme", "mixed"}) list.push_back(composed("level", level));
    for (const char* kind : {"Sudoku", "Sudoku X", "Windoku", "Asterisk Sudoku", "Centre-dot Sudoku",
                             "Jigsaw Sudoku", "Killer Sudoku"})
      list.push_back(composed("kind", kind));
    for (const char* month : {"January", "February", "March", "April", "May", "June", "July", "August",
                              "September", "October", "November", "December"})
      list.push_back(composed("month", month));
    for (const char* day : {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"})
      list.push_back(composed("weekday", day));
    list.push_back(composed("date", "{weekday} {day} {month} {year}"));
    list.push_back(composed("date", "1"));
    list.push_back(composed("number", "."));
    list.push_back(composed("list", "{list}, {item}"));
    list.push_back(composed("list", "{list} and {last}"));
    list.push_back(composed("book", "Solutions"));
    list.push_back(composed("book", "Chapter {number}"));
    list.push_back(composed("book", "Cover"));
    list.push_back(composed("symbols", "{first} to {last}"));
    list.push_back(composed("symbols", "{digits} and {letters}"));
    list.push_back(composed("symbols", "{letters} (without {skipped})"));
    list.push_back(composed("rules",
                            "Fill in each {size} grid so that every row, every column and every {box} box holds "
                            "each of {symbols} exactly once."));
    list.push_back(composed("rules",
                            "Fill in each {size} jigsaw grid so that every row, every column and every bold "
                            "region holds each of {symbols} exactly once."));
    list.push_back(composed("rules", "In Sudoku X, each of the two long diagonals also holds each of {symbols} "
                                     "exactly once."));
    list.push_back(composed("rules", "In Windoku, each of the four shaded windows also holds each of {symbols} "
                                     "exactly once."));
    list.push_back(composed("rules", "In Asterisk Sudoku, the nine shaded cells also hold each of {symbols} "
                                     "exactly once."));
    list.push_back(composed("rules", "In Centre-dot Sudoku, the nine shaded centre cells also hold each of "
                                     "{symbols} exactly once."));
    list.push_back(composed("rules",
                            "In Killer Sudoku, the grid starts empty. The small number in each dashed cage is "
                            "the sum of its digits, and no digit repeats within a cage."));
    list.push_back(composed("rules", "The symbols already printed are the clues."));
    list.push_back(composed("rules",
                            "Every puzzle has exactly one solution, and it can always be found by logic alone: "
                            "there is never any need to guess."));
    list.push_back(composed("rules", "The chapters grow harder as the book goes on."));
    list.push_back(composed("rules", "Each puzzle names the page of its solution; the solutions are at the back "
                                     "of the book."));
    list.push_back(composed("rules", "The solutions are at the back of the book."));
    list.push_back(composed("blurb", "{count} puzzle on a {size} grid.", "{count} puzzles on {size} grids."));
    list.push_back(composed("blurb", "{count} puzzle on grids of {sizes}.", "{count} puzzles on grids of {sizes}."));
    list.push_back(composed("chapter", "Puzzle {number}", "Puzzles {number}"));
    list.push_back(composed("blurb", "Kind: {kind}."));
    list.push_back(composed("blurb", "Kinds: {kinds}."));
    list.push_back(composed("blurb", "One puzzle to a page.", "{count} puzzles to a page."));
    list.push_back(composed("blurb", "Up to {count} puzzles to a page."));
    list.push_back(composed("blurb", "Level: {level}."));
    list.push_back(composed("blurb", "Graded from {first} to {last}."));
    list.push_back(composed("blurb", "Every one has a unique solution that logic alone will find."));
    list.push_back(composed("blurb", "Solutions at the back."));
    list.push_back(composed("subtitle", "{kind} puzzles with solutions"));
    list.push_back(composed("subtitle", "{kind} puzzles"));
    list.push_back(composed("rules", "Example"));
    list.push_back(composed("rules", "Its solution"));
    list.push_back(composed("front", "\xC2\xA9 {year} {holder}"));
    list.push_back(composed("front", "All rights reserved."));
    list.push_back(composed("front", "Published by {publisher}"));
    for (const char* edition : {"First edition", "Second edition", "Third edition", "Edition {number}"})
      list.push_back(composed("front", edition));
    list.push_back(composed("front", "ISBN {isbn} ({format})"));
    for (const char* format : {"paperback", "hardcover", "ebook", "pdf"}) list.push_back(composed("isbn", format));
    list.push_back(composed("front",
                            "Every puzzle in this book has exactly one solution, and it can be reached by logic "
                            "alone, without guessing."));
    return list;
  }();
  return kMessages;
}

std::string join_sentences(const std::vector<std::string>& sentences) {
  std::string text;
  for (const std::string& sentence : sentences) {
    if (sentence.empty()) continue;
    const bool full_width = text.ends_with("\xE3\x80\x82") || text.ends_with("\xEF\xBC\x9A") ||
                            text.ends_with("\xEF\xBC\x89");
    if (!text.empty() && !full_width) text += ' ';
    text += sentence;
  }
  return text;
}

bool is_language_code(std::string_view code) {
  const auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  const std::size_t dash = code.find('-');
  const std::string_view language = code.substr(0, dash);
  if (language.size() < 2 || language.size() > 3 || !std::all_of(language.begin(), language.end(), lower))
    return false;
  if (dash == std::string_view::npos) return true;
  const std::string_view region = code.substr(dash + 1);
  return region.size() == 2 && std::all_of(region.begin(), region.end(), upper);
}

std::vector<std::string> known_languages(const std::vector<fs::path>& dirs) {
  std::vector<std::string> codes{"en"};
  for (const auto& dir : dirs) {
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(dir, error)) {
      if (entry.path().extension() != ".po") continue;
      const std::string code = entry.path().stem().string();
      if (is_language_code(code)) codes.push_back(code);
    }
  }
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  return codes;
}

std::shared_ptr<const Catalog> find_catalog(const std::string& code, const std::vector<fs::path>& dirs,
                                            const std::string& source, const std::string& field) {
  if (is_language_code(code)) {
    for (const auto& dir : dirs) {
      std::error_code error;
      const fs::path file = dir / (code + ".po");
      if (fs::is_regular_file(file, error)) return std::make_shared<const Catalog>(Catalog::load(file));
    }
    if (code == "en") return std::make_shared<const Catalog>();
  }
  std::string known;
  for (const auto& each : known_languages(dirs)) known += (known.empty() ? "" : ", ") + each;
  throw InputError(source, 0, 0,
                   (field.empty() ? "" : field + ": ") + "unknown language '" + code + "' (known: " + known +
                       "; a language is added as a catalogue <code>.po in templates/lang)");
}

Template localize(const Template& page_template, std::shared_ptr<const Catalog> catalog) {
  Template out = page_template;
  const Catalog& language = *catalog;
  const auto translate = [&](TextPattern& pattern) {
    if (!has_words(pattern.source())) return;
    const std::string text = language.text("", pattern.source());
    if (text == pattern.source()) return;
    try {
      pattern = TextPattern::parse(text);
    } catch (const std::invalid_argument& error) {
      int line = 0;
      for (const auto& message : language.messages())
        if (message.context.empty() && message.id == pattern.source()) line = message.line;
      throw InputError(language.source(), line, 0, error.what());
    }
  };
  const auto translate_lines = [&](std::vector<TextLine>& lines) {
    for (auto& line : lines) translate(line.text);
  };
  // A master's arrangements for larger grids (<grid-size>: a Samurai or a 25x25 one a page) are
  // masters of their own, with their own copies of the captions: translated as the master is.
  const auto translate_master = [&](auto& self, Master& master) -> void {
    for (Master& sized : master.grid_sizes) self(self, sized);
    translate(master.label);
    if (master.header) translate_lines(master.header->texts);
    if (master.footer) translate_lines(master.footer->texts);
    for (auto& caption : master.captions) translate_lines(caption.texts);
    if (master.rule)
      for (auto& [variant, line] : master.rule->texts) translate(line.text);
    translate_lines(master.texts);
    if (master.entries) translate_lines(master.entries->texts);
    if (master.continued_texts) translate_lines(*master.continued_texts);
  };
  translate(out.info.title);
  translate(out.info.author);
  translate(out.info.subject);
  translate(out.info.keywords);
  for (auto* master : {&out.title_page, &out.half_title_page, &out.copyright_page, &out.dedication_page,
                       &out.introduction_page, &out.how_to_play_page, &out.contents_page, &out.chapter_page,
                       &out.front_cover, &out.back_cover, &out.spine})
    if (*master) translate_master(translate_master, **master);
  translate_master(translate_master, out.puzzle_page);
  translate_master(translate_master, out.solution_page);
  out.language = std::move(catalog);
  return out;
}

}  // namespace sudoku::typeset
