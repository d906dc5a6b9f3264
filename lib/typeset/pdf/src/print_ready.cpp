// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/pdf/print_ready.hpp"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFTokenizer.hh>
#include <qpdf/QPDFWriter.hh>

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sudoku/typeset/pdf/pdf_document.hpp"

namespace sudoku::typeset {
namespace {

using Token = QPDFTokenizer::Token;

std::optional<double> number_value(const Token& token) {
  if (token.getType() != QPDFTokenizer::tt_integer && token.getType() != QPDFTokenizer::tt_real)
    return std::nullopt;
  const std::string& text = token.getValue();
  // from_chars, unlike strtod, ignores the locale, and rejects a leading '+', which PDF allows.
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  double value = 0;
  const auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end != last) return std::nullopt;
  return value;
}

// Rewrites `v v v rg` as `v g` and `v v v RG` as `v G`, and the RGB stand-in of a CMYK ink as
// `c m y k k` (`K`). Operands come before their operator, so
// the run of numbers (and spaces) just before an operator is held back until the operator shows
// whether they are a colour; every other token passes straight through.
class NeutralColorToGray : public QPDFObjectHandle::TokenFilter {
 public:
  // `chromatic`, when not null, receives the first colour that is not neutral ("0.8 0 0 rg"):
  // the filter runs while qpdf writes, so PDF/X refuses it after writing.
  explicit NeutralColorToGray(std::shared_ptr<std::string> chromatic = nullptr, std::vector<CmykInk> cmyk = {})
      : chromatic_(std::move(chromatic)), cmyk_(std::move(cmyk)) {}

  void handleToken(const Token& token) override {
    switch (token.getType()) {
      case QPDFTokenizer::tt_word:
        handle_operator(token);
        break;
      case QPDFTokenizer::tt_integer:
      case QPDFTokenizer::tt_real:
      case QPDFTokenizer::tt_space:
        held_.push_back(token);
        break;
      case QPDFTokenizer::tt_eof:
        break;
      default:
        flush(held_.size());
        writeToken(token);
    }
  }

  void handleEOF() override { flush(held_.size()); }

 private:
  void handle_operator(const Token& token) {
    const std::string& name = token.getValue();
    if (name == "rg" || name == "RG") {
      if (const auto red = neutral_operands(); red) {
        flush(*red);
        write(held_[*red].getRawValue());
        write(name == "rg" ? " g" : " G");
        held_.clear();
        return;
      }
      if (const auto ink = cmyk_operands(); ink) {
        flush(ink->first);
        const auto& [c, m, y, k] = ink->second->cmyk;
        char operands[96];
        std::snprintf(operands, sizeof operands, "%.4g %.4g %.4g %.4g", c, m, y, k);
        write(operands);
        write(name == "rg" ? " k" : " K");
        held_.clear();
        return;
      }
      if (chromatic_ && chromatic_->empty()) {
        std::string colour;
        for (const Token& held : held_)
          if (held.getType() != QPDFTokenizer::tt_space) colour += held.getRawValue() + " ";
        *chromatic_ = colour + name;
      }
    }
    flush(held_.size());
    writeToken(token);
  }

  // The three numbers that end the held tokens (red, green, blue) and the index in held_ of the
  // first, if they do.
  std::optional<std::pair<std::size_t, std::array<double, 3>>> rgb_operands() const {
    std::array<std::size_t, 3> at{};  // blue, green, red
    std::size_t found = 0;
    for (std::size_t i = held_.size(); i-- > 0 && found < at.size();) {
      if (held_[i].getType() != QPDFTokenizer::tt_space) at[found++] = i;
    }
    if (found < at.size()) return std::nullopt;
    const auto red = number_value(held_[at[2]]);
    const auto green = number_value(held_[at[1]]);
    const auto blue = number_value(held_[at[0]]);
    if (!red || !green || !blue) return std::nullopt;
    return std::pair{at[2], std::array<double, 3>{*red, *green, *blue}};
  }

  // Index in held_ of the first of three equal numbers that end the held tokens, if they do.
  std::optional<std::size_t> neutral_operands() const {
    const auto rgb = rgb_operands();
    if (!rgb || rgb->second[0] != rgb->second[1] || rgb->second[1] != rgb->second[2]) return std::nullopt;
    return rgb->first;
  }

  // The CMYK ink whose stand-in the held tokens end with, and where its operands start.
  std::optional<std::pair<std::size_t, const CmykInk*>> cmyk_operands() const {
    if (cmyk_.empty()) return std::nullopt;
    const auto rgb = rgb_operands();
    if (!rgb) return std::nullopt;
    for (const CmykInk& ink : cmyk_) {
      bool same = true;
      for (std::size_t c = 0; c < 3; ++c) same = same && std::lround(rgb->second[c] * 255) == ink.rgb[c];
      if (same) return std::pair{rgb->first, &ink};
    }
    return std::nullopt;
  }

  // Writes the first `count` held tokens and forgets all of them.
  void flush(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) writeToken(held_[i]);
    held_.clear();
  }

  std::vector<Token> held_;  // numbers and spaces since the last other token
  std::shared_ptr<std::string> chromatic_;
  std::vector<CmykInk> cmyk_;
};

bool is_name(QPDFObjectHandle object, const char* name) {
  return object.isName() && object.getName() == name;
}

// A graphics state that blends: a soft mask, constant alpha under 1, or a blend mode other than Normal.
bool graphics_state_blends(QPDFObjectHandle state) {
  if (!state.isDictionary()) return true;  // unreadable: assume the worst
  QPDFObjectHandle soft_mask = state.getKey("/SMask");
  if (!soft_mask.isNull() && !is_name(soft_mask, "/None")) return true;
  for (const char* alpha : {"/CA", "/ca"}) {
    QPDFObjectHandle value = state.getKey(alpha);
    if (value.isNumber() && value.getNumericValue() < 1) return true;
  }
  QPDFObjectHandle blend_mode = state.getKey("/BM");
  return !blend_mode.isNull() && !is_name(blend_mode, "/Normal") && !is_name(blend_mode, "/Compatible");
}

// Whether anything reachable from `resources` needs transparency: a blending graphics state, an
// image with a soft mask, a form that is itself a transparency group, or any of these inside
// forms, tiling patterns or Type 3 glyphs.
bool uses_transparency(QPDFObjectHandle resources, std::set<QPDFObjGen>& visited) {
  if (!resources.isDictionary()) return false;
  if (resources.isIndirect() && !visited.insert(resources.getObjGen()).second) return false;
  const auto any_entry = [](QPDFObjectHandle dictionary, auto&& predicate) {
    if (!dictionary.isDictionary()) return false;
    for (const auto& [key, value] : dictionary.ditems())
      if (predicate(value)) return true;
    return false;
  };
  const auto nested = [&](QPDFObjectHandle object) {
    QPDFObjectHandle dictionary = object.isStream() ? object.getDict() : object;
    return dictionary.isDictionary() && uses_transparency(dictionary.getKey("/Resources"), visited);
  };
  if (any_entry(resources.getKey("/ExtGState"), graphics_state_blends)) return true;
  if (any_entry(resources.getKey("/XObject"), [&](QPDFObjectHandle xobject) {
        if (!xobject.isStream()) return true;
        QPDFObjectHandle dictionary = xobject.getDict();
        if (dictionary.hasKey("/SMask") || dictionary.hasKey("/Group")) return true;
        QPDFObjectHandle in_data = dictionary.getKey("/SMaskInData");
        if (in_data.isNumber() && in_data.getNumericValue() != 0) return true;
        return nested(xobject);
      }))
    return true;
  if (any_entry(resources.getKey("/Pattern"), [&](QPDFObjectHandle pattern) {
        QPDFObjectHandle dictionary = pattern.isStream() ? pattern.getDict() : pattern;
        if (!dictionary.isDictionary()) return true;
        QPDFObjectHandle state = dictionary.getKey("/ExtGState");
        if (!state.isNull() && graphics_state_blends(state)) return true;
        return nested(pattern);
      }))
    return true;
  return any_entry(resources.getKey("/Font"), nested);
}

// Streams whose data is content (operators that can set colours) besides the pages' own.
bool is_content_stream(QPDFObjectHandle object) {
  if (!object.isStream()) return false;
  QPDFObjectHandle dictionary = object.getDict();
  QPDFObjectHandle pattern_type = dictionary.getKey("/PatternType");
  return is_name(dictionary.getKey("/Subtype"), "/Form") ||
         (pattern_type.isInteger() && pattern_type.getIntValue() == 1);
}

void set_page_boxes(QPDF& pdf, QPDFPageObjectHelper& page, const PageBoxes& boxes) {
  const QPDFObjectHandle::Rectangle drawn = page.getMediaBox().getArrayAsRectangle();
  // Cairo drew on a page rounded up to whole points with its origin at the top left: moving the
  // content down by the rounding keeps the top left corner in place on the exact page.
  const double shift = (drawn.ury - drawn.lly) - boxes.height;
  if (shift != 0) {
    char matrix[64];
    std::snprintf(matrix, sizeof matrix, "1 0 0 1 0 %.6f cm\n", -shift);
    page.addPageContents(QPDFObjectHandle::newStream(&pdf, matrix), true);
  }
  QPDFObjectHandle page_object = page.getObjectHandle();
  const QPDFObjectHandle::Rectangle media(0, 0, boxes.width, boxes.height);
  const Bleed& bleed = boxes.bleed;
  const QPDFObjectHandle::Rectangle trim(bleed.left, bleed.bottom, boxes.width - bleed.right,
                                         boxes.height - bleed.top);
  page_object.replaceKey("/MediaBox", QPDFObjectHandle::newFromRectangle(media));
  page_object.replaceKey("/TrimBox", QPDFObjectHandle::newFromRectangle(trim));
  if (bleed.any()) page_object.replaceKey("/BleedBox", QPDFObjectHandle::newFromRectangle(media));
}

// PDF/X-1a allows no RGB: every 8-bit DeviceRGB image (a cover's art; Cairo writes no other
// images) converted to the output intent's colour space. Its data is decoded by qpdf and written
// back unfiltered; the writer compresses it again.
void convert_rgb_images(QPDF& pdf, const PdfX& pdfx) {
  for (QPDFObjectHandle& object : pdf.getAllObjects()) {
    if (!object.isStream()) continue;
    QPDFObjectHandle dictionary = object.getDict();
    if (!dictionary.getKey("/Subtype").isNameAndEquals("/Image") ||
        !dictionary.getKey("/ColorSpace").isNameAndEquals("/DeviceRGB"))
      continue;
    QPDFObjectHandle bits = dictionary.getKey("/BitsPerComponent");
    if (!bits.isInteger() || bits.getIntValue() != 8)
      throw std::runtime_error("PDF output: an RGB image that is not 8 bits a channel cannot be made PDF/X");
    const std::shared_ptr<Buffer> data = object.getStreamData(qpdf_dl_all);
    const std::string converted =
        rgb_to_output(std::string_view(reinterpret_cast<const char*>(data->getBuffer()), data->getSize()), pdfx);
    object.replaceStreamData(converted, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
    dictionary.replaceKey("/ColorSpace",
                          QPDFObjectHandle::newName(pdfx.channels == 4 ? "/DeviceCMYK" : "/DeviceGray"));
  }
}

void make_pdfx(QPDF& pdf, const PdfX& pdfx) {
  if (pdfx.channels != 1 && pdfx.channels != 4)
    throw std::invalid_argument("make_print_ready: an output profile has 1 or 4 channels, not " +
                                std::to_string(pdfx.channels));
  QPDFObjectHandle profile = QPDFObjectHandle::newStream(&pdf, pdfx.output_profile);
  profile.getDict().replaceKey("/N", QPDFObjectHandle::newInteger(pdfx.channels));
  QPDFObjectHandle intent = QPDFObjectHandle::newDictionary();
  intent.replaceKey("/Type", QPDFObjectHandle::newName("/OutputIntent"));
  intent.replaceKey("/S", QPDFObjectHandle::newName("/GTS_PDFX"));
  intent.replaceKey("/OutputConditionIdentifier", QPDFObjectHandle::newUnicodeString(pdfx.condition_identifier));
  if (!pdfx.condition.empty())
    intent.replaceKey("/OutputCondition", QPDFObjectHandle::newUnicodeString(pdfx.condition));
  // A registered characterization is looked up in the ICC's registry; "Custom" is described by
  // /OutputCondition and /Info and defined by the embedded profile alone.
  if (pdfx.registered())
    intent.replaceKey("/RegistryName", QPDFObjectHandle::newString("http://www.color.org"));
  intent.replaceKey("/Info", QPDFObjectHandle::newUnicodeString(pdfx.description));
  intent.replaceKey("/DestOutputProfile", profile);
  QPDFObjectHandle intents = QPDFObjectHandle::newArray();
  intents.appendItem(pdf.makeIndirectObject(intent));
  pdf.getRoot().replaceKey("/OutputIntents", intents);

  QPDFObjectHandle trailer = pdf.getTrailer();
  QPDFObjectHandle info = trailer.getKey("/Info");
  if (!info.isDictionary()) {
    info = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
    trailer.replaceKey("/Info", info);
  }
  info.replaceKey("/GTS_PDFXVersion", QPDFObjectHandle::newString("PDF/X-1:2001"));
  info.replaceKey("/GTS_PDFXConformance", QPDFObjectHandle::newString("PDF/X-1a:2001"));
  info.replaceKey("/Trapped", QPDFObjectHandle::newName("/False"));
}

// Lower-case roman numeral of 1..3999 ("iv"), the form of PDF's /r page-label style.
std::string roman(int number) {
  static constexpr std::array<std::pair<int, const char*>, 13> kDigits{{{1000, "m"}, {900, "cm"}, {500, "d"},
      {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"}, {40, "xl"}, {10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"},
      {1, "i"}}};
  std::string out;
  for (const auto& [value, digits] : kDigits)
    for (; number >= value; number -= value) out += digits;
  return out;
}

// The label's number when it reads exactly as PDF's decimal (`D`) or lower-case roman (`r`) style
// would write it, so a run of them can be one range; 0 otherwise.
int label_number(const std::string& label, char style) {
  if (label.empty() || label.size() > 15) return 0;
  if (style == 'D') {
    if (label[0] == '0') return 0;
    int number = 0;
    for (const char c : label) {
      if (c < '0' || c > '9' || number > 100000000) return 0;
      number = number * 10 + (c - '0');
    }
    return number;
  }
  if (label.find_first_not_of("ivxlcdm") != std::string::npos) return 0;
  for (int number = 1; number < 4000; ++number) {
    const std::string text = roman(number);
    if (text == label) return number;
    if (text.size() > label.size() + 8) break;
  }
  return 0;
}

// The /PageLabels number tree for `labels` (one per page): each run of consecutive decimal or
// roman numbers is one range (/S /D or /S /r with its /St), any other label a one-page prefix range.
QPDFObjectHandle page_label_tree(const std::vector<std::string>& labels) {
  QPDFObjectHandle nums = QPDFObjectHandle::newArray();
  char style = 0;    // of the open range: 'D', 'r', or 0 for a prefix (which never continues)
  int expected = 0;  // the number the next page needs to continue it
  for (std::size_t page = 0; page < labels.size(); ++page) {
    const std::string& label = labels[page];
    if (style != 0 && label_number(label, style) == expected && expected != 0) {
      ++expected;
      continue;
    }
    QPDFObjectHandle range = QPDFObjectHandle::newDictionary();
    style = 0;
    for (const char candidate : {'D', 'r'}) {
      if (const int number = label_number(label, candidate); number > 0) {
        style = candidate;
        expected = number + 1;
        range.replaceKey("/S", QPDFObjectHandle::newName(candidate == 'D' ? "/D" : "/r"));
        if (number != 1) range.replaceKey("/St", QPDFObjectHandle::newInteger(number));
        break;
      }
    }
    if (style == 0) range.replaceKey("/P", QPDFObjectHandle::newUnicodeString(label));
    nums.appendItem(QPDFObjectHandle::newInteger(static_cast<long long>(page)));
    nums.appendItem(range);
  }
  QPDFObjectHandle tree = QPDFObjectHandle::newDictionary();
  tree.replaceKey("/Nums", nums);
  return tree;
}

void throw_on_warnings(QPDF& pdf, const char* stage) {
  if (!pdf.anyWarnings()) return;
  const std::vector<QPDFExc> warnings = pdf.getWarnings();
  throw std::runtime_error(std::string("PDF output: qpdf ") + stage + ": " + warnings.front().what());
}

}  // namespace

std::string pdf_date(std::int64_t seconds) {
  return utc_time_text(seconds, "D:%Y%m%d%H%M%S+00'00'");
}

std::string make_print_ready(std::string_view input, const PrintReadyOptions& options) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("Cairo output", input.data(), input.size());

    const std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    // PDF/X-1a: the first colour that is neither grey nor CMYK, found while writing.
    const std::shared_ptr<std::string> chromatic = options.pdfx ? std::make_shared<std::string>() : nullptr;
    if (!options.page_labels.empty() && options.page_labels.size() != pages.size())
      throw std::invalid_argument("make_print_ready: " + std::to_string(options.page_labels.size()) +
                                  " page labels for " + std::to_string(pages.size()) + " pages");
    if (!options.pages.empty() && options.pages.size() != pages.size())
      throw std::invalid_argument("make_print_ready: " + std::to_string(options.pages.size()) +
                                  " page geometries for " + std::to_string(pages.size()) + " pages");
    for (std::size_t index = 0; index < pages.size(); ++index) {
      QPDFPageObjectHelper page = pages[index];
      // Before the filter: it joins the page's content streams into one, the shift included.
      if (!options.pages.empty()) set_page_boxes(pdf, page, options.pages[index]);
      page.addContentTokenFilter(std::make_shared<NeutralColorToGray>(chromatic, options.cmyk));
      QPDFObjectHandle page_object = page.getObjectHandle();
      std::set<QPDFObjGen> visited;
      const bool blends = uses_transparency(page.getAttribute("/Resources", false), visited);
      if (page_object.hasKey("/Group") && !blends) page_object.removeKey("/Group");
      if (blends && options.pdfx)
        throw std::runtime_error("PDF output: page " + std::to_string(index + 1) +
                                 " uses transparency, which PDF/X-1a does not allow");
    }
    for (QPDFObjectHandle& object : pdf.getAllObjects())
      if (is_content_stream(object)) object.addTokenFilter(std::make_shared<NeutralColorToGray>(chromatic, options.cmyk));

    QPDFObjectHandle info = pdf.getTrailer().getKey("/Info");
    if (!options.keep_dates && info.isDictionary()) {
      info.removeKey("/CreationDate");
      info.removeKey("/ModDate");
    } else if (options.date) {
      if (!info.isDictionary()) {
        info = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
        pdf.getTrailer().replaceKey("/Info", info);
      }
      const std::string date = pdf_date(*options.date);
      info.replaceKey("/CreationDate", QPDFObjectHandle::newString(date));
      info.replaceKey("/ModDate", QPDFObjectHandle::newString(date));
    }
    if (!options.page_labels.empty()) pdf.getRoot().replaceKey("/PageLabels", page_label_tree(options.page_labels));
    if (options.pdfx) {
      convert_rgb_images(pdf, *options.pdfx);
      make_pdfx(pdf, *options.pdfx);
    }
    throw_on_warnings(pdf, "cannot read Cairo's PDF");

    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.setDeterministicID(true);
    // PDF/X-1a:2001 is PDF 1.3 (qpdf then writes no object streams, which came with 1.5).
    if (options.pdfx) writer.forcePDFVersion("1.3");
    writer.write();
    throw_on_warnings(pdf, "cannot write the PDF");
    if (chromatic && !chromatic->empty())
      throw std::runtime_error("PDF output: the document sets the colour '" + *chromatic +
                               "', which is neither grey nor CMYK, and PDF/X-1a allows no other");
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize());
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    if (message.starts_with("PDF output: ")) throw;
    throw std::runtime_error("PDF output: qpdf: " + message);
  }
}

FontEmbedding font_embedding(std::string_view pdf_bytes) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processMemoryFile("typeset output", pdf_bytes.data(), pdf_bytes.size());
  FontEmbedding result;
  for (QPDFObjectHandle object : pdf.getAllObjects()) {
    if (!object.isDictionary() || !object.getKey("/Type").isNameAndEquals("/FontDescriptor")) continue;
    ++result.fonts;
    const bool embedded =
        object.hasKey("/FontFile") || object.hasKey("/FontFile2") || object.hasKey("/FontFile3");
    if (!embedded)
      result.not_embedded.push_back(object.getKey("/FontName").isName() ? object.getKey("/FontName").getName()
                                                                        : std::string("(unnamed)"));
  }
  return result;
}

}  // namespace sudoku::typeset
