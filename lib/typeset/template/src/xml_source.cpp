// SPDX-License-Identifier: Apache-2.0
// Reading a template's XML: the messages' pieces and the markup checks (xml_source.hpp).
#include "xml_source.hpp"

namespace sudoku::typeset::xml {

std::string in_quotes(std::string_view text) {
  // Appended piecewise: "'" + std::string(...) trips a false -Wrestrict in GCC 12. At most 80
  // characters of the value: a template can be one 200 KB line, its message must stay one line.
  std::string result;
  result.reserve(std::min<std::size_t>(text.size(), 84) + 2);
  result += '\'';
  result += excerpt(text);
  result += '\'';
  return result;
}

// The message for a 'variant' attribute naming no variant.
std::string unknown_variant(std::string_view name) {
  std::string known;
  for (const Variant each : all_variants())
    known += (known.empty() ? "" : ", ") + std::string(variant_name(each));
  return "unknown variant " + in_quotes(name) + " (expected one of: " + known + ")";
}

std::string join(Names names) {
  std::string text;
  for (auto name : names) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

std::string format_points(double points) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g pt", points);
  return text;
}

// Refuses what pugixml would silently skip or leave unexpanded: DOCTYPE (and with it any entity
// declaration) and references to entities other than the five predefined ones.
void reject_markup_tricks(const SourceText& source) {
  const std::string_view text = source.text();
  // A declared encoding other than UTF-8 is refused, never ignored: the bytes would be read as UTF-8
  // and the error would blame a font or a glyph instead.
  if (text.starts_with("<?xml")) {
    const std::string_view declaration = text.substr(0, text.find("?>"));
    const std::size_t at = declaration.find("encoding");
    if (at != std::string_view::npos) {
      const std::size_t open = declaration.find_first_of("\"'", at);
      const std::size_t close =
          open == std::string_view::npos ? open : declaration.find(declaration[open], open + 1);
      if (close != std::string_view::npos) {
        std::string name(declaration.substr(open + 1, close - open - 1));
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (name != "utf-8" && name != "utf8" && name != "us-ascii" && name != "ascii")
          source.fail(source.line_at(at), "declares encoding '" + excerpt(declaration.substr(open + 1, close - open - 1)) +
                                              "', but templates are UTF-8: convert it (iconv -t UTF-8) and "
                                              "declare encoding=\"UTF-8\"");
      }
    }
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 4, "<!--") == 0) {
      const std::size_t end = text.find("-->", i + 4);
      if (end == std::string_view::npos) return;  // the parser reports the open comment
      i = end + 2;
    } else if (text.compare(i, 9, "<![CDATA[") == 0) {
      const std::size_t end = text.find("]]>", i + 9);
      if (end == std::string_view::npos) return;
      i = end + 2;
    } else if (text.compare(i, 2, "<!") == 0) {
      source.fail(source.line_at(i), "DOCTYPE and entity declarations are not allowed in templates");
    } else if (text[i] == '&') {
      const std::size_t end = text.find(';', i);
      const std::string_view name = text.substr(i + 1, end == std::string_view::npos ? 0 : end - i - 1);
      const bool predefined =
          name == "amp" || name == "lt" || name == "gt" || name == "quot" || name == "apos";
      bool numeric = name.size() >= 2 && name[0] == '#';
      if (numeric) {
        const bool hex = name[1] == 'x';
        const std::string_view digits = name.substr(hex ? 2 : 1);
        numeric = !digits.empty() && std::all_of(digits.begin(), digits.end(), [hex](char c) {
          return (c >= '0' && c <= '9') || (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
        });
      }
      if (!predefined && !numeric) {
        source.fail(source.line_at(i),
                    "entity reference " + in_quotes(text.substr(i, std::min<std::size_t>(end - i + 1, 20))) +
                        " is not allowed (only &amp; &lt; &gt; &quot; &apos; and character references)");
      }
    }
  }
}

}  // namespace sudoku::typeset::xml
