// SPDX-License-Identifier: Apache-2.0
// What the web part's pages share: HTML escaping, base64 for data: URIs, and the head of a page
// that stands alone (its style inline, a policy that lets nothing be fetched).
#pragma once

#include <string>
#include <string_view>

namespace sudoku::typeset::html {

inline std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

inline std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const auto byte = [&](std::size_t at) {
      return at < bytes.size() ? static_cast<unsigned>(static_cast<unsigned char>(bytes[at])) : 0U;
    };
    const unsigned group = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
    out.push_back(kDigits[(group >> 18) & 63]);
    out.push_back(kDigits[(group >> 12) & 63]);
    out.push_back(i + 1 < bytes.size() ? kDigits[(group >> 6) & 63] : '=');
    out.push_back(i + 2 < bytes.size() ? kDigits[group & 63] : '=');
  }
  return out;
}

// <!DOCTYPE html> up to </head>: UTF-8, the viewport, both colour schemes, a content policy that
// fetches nothing (inline style and script, data: images only), the title and `css` inline.
inline std::string page_head(std::string_view lang, std::string_view title, std::string_view css) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"" + escape(lang) + "\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<meta name=\"color-scheme\" content=\"light dark\">\n"
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>" +
                    escape(title) + "</title>\n<style>\n";
  out.append(css);
  out += "</style>\n</head>\n";
  return out;
}

}  // namespace sudoku::typeset::html
