// SPDX-License-Identifier: Apache-2.0
#include "sudoku/base/json_io.hpp"

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/text_input.hpp"

namespace sudoku {
namespace {

// Deep enough for any real document, shallow enough that hostile nesting cannot exhaust the stack.
constexpr std::size_t kMaxJsonDepth = 64;

std::pair<int, int> line_and_column(std::string_view text, std::size_t offset) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

std::string json_type_name(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null:
      return "null";
    case boost::json::kind::bool_:
      return "a boolean";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
      return "an integer";
    case boost::json::kind::double_:
      return "a number";
    case boost::json::kind::string:
      return "a string";
    case boost::json::kind::array:
      return "an array";
    case boost::json::kind::object:
      return "an object";
  }
  return "a value";
}

// Builds the document like boost::json::parser, except for numbers with a fraction or an exponent:
// Boost.JSON 1.81 does not round those correctly (about one double in ten that std::to_chars writes
// reads back one unit in the last place off), so a calibration or a book would not read back what
// was written. std::from_chars rounds correctly; Boost's value is kept only where from_chars
// refuses the text (out of range), so huge numbers still read as before.
class ExactNumberHandler {
 public:
  static constexpr std::size_t max_object_size = boost::json::object::max_size();
  static constexpr std::size_t max_array_size = boost::json::array::max_size();
  static constexpr std::size_t max_key_size = boost::json::string::max_size();
  static constexpr std::size_t max_string_size = boost::json::string::max_size();

  using error_code = boost::system::error_code;
  using string_view = boost::json::string_view;

  ExactNumberHandler() { stack.reset(); }

  boost::json::value_stack stack;

  // The JSON path of a key that an object repeats ("$.chapters"), when the parse stopped at one.
  std::string duplicate;

  // Every callback returns true but on_key at a repeated key: Boost.JSON would keep the last value
  // silently, so a second "chapters" would drop the first.
  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_object_begin(error_code&) {
    frames_.emplace_back().object = true;
    return true;
  }
  bool on_object_end(std::size_t n, error_code&) {
    stack.push_object(n);
    frames_.pop_back();
    return value_done();
  }
  bool on_array_begin(error_code&) {
    frames_.emplace_back().object = false;
    return true;
  }
  bool on_array_end(std::size_t n, error_code&) {
    stack.push_array(n);
    frames_.pop_back();
    return value_done();
  }
  bool on_key_part(string_view s, std::size_t, error_code&) {
    stack.push_chars(s);
    key_.append(s.data(), s.size());
    return true;
  }
  bool on_key(string_view s, std::size_t, error_code& ec) {
    stack.push_key(s);
    key_.append(s.data(), s.size());
    Frame& frame = frames_.back();
    if (!frame.keys.insert(key_).second) {
      duplicate = path_to_here();
      duplicate.append(".").append(key_);
      ec = boost::json::make_error_code(boost::json::error::syntax);
      return false;
    }
    frame.key = std::move(key_);
    key_.clear();
    return true;
  }
  bool on_string_part(string_view s, std::size_t, error_code&) {
    stack.push_chars(s);
    return true;
  }
  bool on_string(string_view s, std::size_t, error_code&) {
    stack.push_string(s);
    return value_done();
  }
  bool on_number_part(string_view s, error_code&) {
    number_.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t i, string_view, error_code&) {
    number_.clear();
    stack.push_int64(i);
    return value_done();
  }
  bool on_uint64(std::uint64_t u, string_view, error_code&) {
    number_.clear();
    stack.push_uint64(u);
    return value_done();
  }
  bool on_double(double d, string_view s, error_code&) {
    number_.append(s.data(), s.size());
    double exact = 0;
    const char* end = number_.data() + number_.size();
    const auto result = std::from_chars(number_.data(), end, exact);
    stack.push_double(result.ec == std::errc() && result.ptr == end ? exact : d);
    number_.clear();
    return value_done();
  }
  bool on_bool(bool b, error_code&) {
    stack.push_bool(b);
    return value_done();
  }
  bool on_null(error_code&) {
    stack.push_null();
    return value_done();
  }
  bool on_comment_part(string_view, error_code&) { return true; }
  bool on_comment(string_view, error_code&) { return true; }

 private:
  struct Frame {
    bool object = false;
    std::size_t index = 0;       // an array's element being read
    std::string key;             // an object's member being read
    std::set<std::string> keys;  // an object's keys so far
  };

  // A value ended: the enclosing array moves to its next element.
  bool value_done() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    return true;
  }
  std::string path_to_here() const {
    std::string path = "$";
    for (std::size_t i = 0; i + 1 < frames_.size(); ++i) {
      if (frames_[i].object) {
        path.append(".").append(frames_[i].key);
      } else {
        path.append("[").append(std::to_string(frames_[i].index)).append("]");
      }
    }
    return path;
  }

  std::string number_;  // the number's text so far (Boost hands it over in parts at buffer ends)
  std::string key_;     // likewise for a key
  std::vector<Frame> frames_;
};

void pretty_print(std::string& out, const boost::json::value& value, int indent) {
  const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
  const std::string inner(static_cast<std::size_t>(indent + 1) * 2, ' ');
  switch (value.kind()) {
    case boost::json::kind::object: {
      const auto& object = value.get_object();
      if (object.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      bool first = true;
      for (const auto& member : object) {
        if (!first) out += ",\n";
        first = false;
        out += inner + boost::json::serialize(boost::json::string_view(member.key())) + ": ";
        pretty_print(out, member.value(), indent + 1);
      }
      out += "\n" + pad + "}";
      return;
    }
    case boost::json::kind::array: {
      const auto& array = value.get_array();
      if (array.empty()) {
        out += "[]";
        return;
      }
      // Arrays of scalars stay on one line; arrays of objects or arrays get one element per line.
      const bool nested = std::any_of(array.begin(), array.end(),
                                      [](const auto& v) { return v.is_object() || v.is_array(); });
      out += nested ? "[\n" : "[";
      bool first = true;
      for (const auto& element : array) {
        if (!first) out += nested ? ",\n" : ", ";
        first = false;
        if (nested) out += inner;
        pretty_print(out, element, indent + 1);
      }
      out += nested ? "\n" + pad + "]" : "]";
      return;
    }
    case boost::json::kind::double_: {
      // Shortest text that reads back to the same double ("0.1", not Boost's "1E-1").
      if (!std::isfinite(value.get_double())) {
        out += "null";  // JSON has no infinities
        return;
      }
      char buffer[64];
      const auto result = std::to_chars(buffer, buffer + sizeof buffer, value.get_double());
      std::string text(buffer, result.ptr);
      if (text.find_first_of(".eE") == std::string::npos) text += ".0";  // keep it a JSON double
      out += text;
      return;
    }
    default:
      out += boost::json::serialize(value);
  }
}

}  // namespace

JsonDocument parse_json(std::string_view text, const std::string& source) {
  text = checked_text(text, source);  // a UTF-8 byte order mark is skipped, UTF-16 and NULs named
  boost::json::parse_options options;
  options.max_depth = kMaxJsonDepth;
  // The calls boost::json::stream_parser makes for write_some() and finish(), with our handler.
  boost::json::basic_parser<ExactNumberHandler> parser(options);
  boost::system::error_code error;
  const std::size_t consumed = parser.write_some(true, text.data(), text.size(), error);
  if (!error && consumed < text.size()) {
    error = boost::json::make_error_code(boost::json::error::extra_data);
  }
  if (!error) parser.write_some(false, nullptr, 0, error);
  if (!error && !parser.done()) error = boost::json::make_error_code(boost::json::error::incomplete);
  if (error) {
    const auto [line, column] = line_and_column(text, consumed);
    std::string message = error.message();
    if (error == boost::json::error::too_deep)
      message = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    if (!parser.handler().duplicate.empty())
      throw InputError(source, line, column, parser.handler().duplicate + ": key given twice");
    throw InputError(source, line, column, "invalid JSON: " + message);
  }
  return JsonDocument{source, parser.handler().stack.release()};
}

JsonDocument read_json_file(const std::string& path) {
  return parse_json(read_text_file(path), path);
}

JsonField::JsonField(const JsonDocument& document) : JsonField(&document, &document.root, "$") {}

JsonField::JsonField(const JsonDocument* document, const boost::json::value* value, std::string path)
    : document_(document), value_(value), path_(std::move(path)) {}

void JsonField::fail(const std::string& message) const {
  throw InputError(document_->source, 0, 0, path_ + ": " + message);
}

std::string JsonField::describe_value() const {
  if (value_ == nullptr) return "nothing";
  std::string text = json_type_name(*value_);
  if (value_->is_number() || value_->is_string() || value_->is_bool()) {
    std::string shown = boost::json::serialize(*value_);
    if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
    text += " (" + shown + ")";
  }
  return text;
}

JsonField JsonField::operator[](std::string_view key) const {
  const std::string child_path = path_ + "." + std::string(key);
  if (value_ == nullptr) return JsonField(document_, nullptr, child_path);
  if (!value_->is_object()) fail("expected an object, got " + describe_value());
  const auto& object = value_->get_object();
  const auto found = object.find(key);
  return JsonField(document_, found == object.end() ? nullptr : &found->value(), child_path);
}

JsonField JsonField::required(std::string_view key) const {
  if (value_ == nullptr) fail("is missing");
  JsonField field = (*this)[key];
  if (!field.present()) fail("missing required key \"" + std::string(key) + "\"");
  return field;
}

void JsonField::allow_only(std::initializer_list<std::string_view> keys) const {
  if (value_ == nullptr) return;
  if (!value_->is_object()) fail("expected an object, got " + describe_value());
  for (const auto& member : value_->get_object()) {
    const std::string_view key(member.key().data(), member.key().size());
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    std::string known;
    for (const auto allowed : keys) known += (known.empty() ? "" : ", ") + std::string(allowed);
    fail("unknown key \"" + std::string(key) + "\" (expected one of: " + known + ")");
  }
}

std::size_t JsonField::array_size() const {
  if (value_ == nullptr || !value_->is_array()) fail("expected an array, got " + describe_value());
  return value_->get_array().size();
}

JsonField JsonField::element(std::size_t index) const {
  const std::string child_path = path_ + "[" + std::to_string(index) + "]";
  if (index >= array_size()) return JsonField(document_, nullptr, child_path);
  return JsonField(document_, &value_->get_array()[index], child_path);
}

bool JsonField::is_string() const {
  return value_ != nullptr && value_->is_string();
}
bool JsonField::is_number() const {
  return value_ != nullptr && value_->is_number();
}

std::string JsonField::as_string() const {
  if (!is_string()) fail("expected a string, got " + describe_value());
  return std::string(value_->get_string());
}

std::string JsonField::as_text(std::size_t max_bytes) const {
  std::string text = as_string();
  if (text.size() > max_bytes)
    fail("a text of " + std::to_string(text.size()) + " bytes, longer than the " + std::to_string(max_bytes) +
         " allowed (\"" + excerpt(text, 40) + "\")");
  return text;
}

double JsonField::as_number() const {
  if (!is_number()) fail("expected a number, got " + describe_value());
  const double number = value_->to_number<double>();
  if (!std::isfinite(number)) fail("expected a finite number");
  return number;
}

std::int64_t JsonField::as_integer(std::int64_t min, std::int64_t max) const {
  const std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (!is_number()) fail("expected " + range + ", got " + describe_value());
  boost::system::error_code error;
  const auto number = value_->to_number<std::int64_t>(error);
  if (error || number < min || number > max) fail("expected " + range + ", got " + describe_value());
  return number;
}

bool JsonField::as_bool() const {
  if (value_ == nullptr || !value_->is_bool()) fail("expected true or false, got " + describe_value());
  return value_->get_bool();
}

template <>
std::string JsonField::value_or(std::string fallback) const {
  return present() ? as_string() : fallback;
}
template <>
double JsonField::value_or(double fallback) const {
  return present() ? as_number() : fallback;
}
template <>
bool JsonField::value_or(bool fallback) const {
  return present() ? as_bool() : fallback;
}

std::string pretty_json(const boost::json::value& value) {
  std::string out;
  pretty_print(out, value, 0);
  out += "\n";
  return out;
}

}  // namespace sudoku
