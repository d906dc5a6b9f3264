// SPDX-License-Identifier: Apache-2.0
// JSON input with errors a person can act on.
//
// Contract: syntax errors throw InputError with the source's line and column; typed access through
// JsonField throws InputError naming the source and the JSON path ("plan.json: $.chapters[2].count:
// expected an integer from 1 to 100000, got \"ten\""). Unknown keys are rejected by allow_only, so a
// misspelt option is never silently ignored.
//
//   const sudoku::JsonDocument plan = sudoku::read_json_file("plan.json");
//   const sudoku::JsonField chapter = sudoku::JsonField(plan).required("chapters").element(2);
//   const std::int64_t count = chapter.required("count").as_integer(1, 100000);
#pragma once

#include <boost/json/value.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

struct JsonDocument {
  std::string source;  // file name used in messages
  boost::json::value root;
};

// Parses text (limits nesting depth so hostile input cannot exhaust the stack).
JsonDocument parse_json(std::string_view text, const std::string& source);
// Reads and parses a file; IoError when unreadable, InputError when malformed.
JsonDocument read_json_file(const std::string& path);

// A value inside a document together with its path, for typed access with precise errors.
class JsonField {
 public:
  explicit JsonField(const JsonDocument& document);

  const std::string& path() const { return path_; }
  bool present() const { return value_ != nullptr; }
  const boost::json::value* raw() const { return value_; }

  // Member of an object (error when this is present but not an object); absent when missing.
  JsonField operator[](std::string_view key) const;
  // Member that must be present.
  JsonField required(std::string_view key) const;
  // Rejects members other than `keys` (error naming the first unknown one).
  void allow_only(std::initializer_list<std::string_view> keys) const;

  std::size_t array_size() const;  // error unless an array
  JsonField element(std::size_t index) const;

  std::string as_string() const;
  // A string of at most `max_bytes` (titles, names: printed on a page and stored with every archived
  // puzzle); longer is an error quoting its start.
  std::string as_text(std::size_t max_bytes) const;
  double as_number() const;
  std::int64_t as_integer(std::int64_t min, std::int64_t max) const;
  bool as_bool() const;
  bool is_string() const;
  bool is_number() const;

  template <class T>
  T value_or(T fallback) const;

  // Throws InputError "source: path: message".
  [[noreturn]] void fail(const std::string& message) const;

 private:
  JsonField(const JsonDocument* document, const boost::json::value* value, std::string path);
  std::string describe_value() const;

  const JsonDocument* document_;
  const boost::json::value* value_;
  std::string path_;
};

template <>
std::string JsonField::value_or(std::string fallback) const;
template <>
double JsonField::value_or(double fallback) const;
template <>
bool JsonField::value_or(bool fallback) const;

// Serialises with two-space indentation and a final newline; key order as inserted, so output is
// byte-identical for identical content.
std::string pretty_json(const boost::json::value& value);

}  // namespace sudoku
