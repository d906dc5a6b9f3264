#include "sudoku/typeset/print_ready.hpp"

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
#include <cstdio>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

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

// Rewrites `v v v rg` as `v g` and `v v v RG` as `v G`. Operands come before their operator, so
// the run of numbers (and spaces) just before an operator is held back until the operator shows
// whether they are a colour; every other token passes straight through.
class NeutralColorToGray : public QPDFObjectHandle::TokenFilter {
 public:
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
    }
    flush(held_.size());
    writeToken(token);
  }

  // Index in held_ of the first of three equal numbers that end the held tokens, if they do.
  std::optional<std::size_t> neutral_operands() const {
    std::array<std::size_t, 3> at{};  // blue, green, red
    std::size_t found = 0;
    for (std::size_t i = held_.size(); i-- > 0 && found < at.size();) {
      if (held_[i].getType() != QPDFTokenizer::tt_space) at[found++] = i;
    }
    if (found < at.size()) return std::nullopt;
    const auto red = number_value(held_[at[2]]);
    const auto green = number_value(held_[at[1]]);
    const auto blue = number_value(held_[at[0]]);
    if (!red || !green || !blue || *red != *green || *green != *blue) return std::nullopt;
    return at[2];
  }

  // Writes the first `count` held tokens and forgets all of them.
  void flush(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) writeToken(held_[i]);
    held_.clear();
  }

  std::vector<Token> held_;  // numbers and spaces since the last other token
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

void make_pdfx(QPDF& pdf, const PdfX& pdfx) {
  QPDFObjectHandle profile = QPDFObjectHandle::newStream(&pdf, pdfx.output_profile);
  // The number of colour components: 4 for a CMYK profile, 1 for gray (the ICC header's colour
  // space at byte 16).
  const bool gray = pdfx.output_profile.size() > 20 && pdfx.output_profile.compare(16, 4, "GRAY") == 0;
  profile.getDict().replaceKey("/N", QPDFObjectHandle::newInteger(gray ? 1 : 4));
  QPDFObjectHandle intent = QPDFObjectHandle::newDictionary();
  intent.replaceKey("/Type", QPDFObjectHandle::newName("/OutputIntent"));
  intent.replaceKey("/S", QPDFObjectHandle::newName("/GTS_PDFX"));
  intent.replaceKey("/OutputConditionIdentifier", QPDFObjectHandle::newString(pdfx.output_condition));
  intent.replaceKey("/Info", QPDFObjectHandle::newString(pdfx.output_condition));
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

void throw_on_warnings(QPDF& pdf, const char* stage) {
  if (!pdf.anyWarnings()) return;
  const std::vector<QPDFExc> warnings = pdf.getWarnings();
  throw std::runtime_error(std::string("PDF output: qpdf ") + stage + ": " + warnings.front().what());
}

}  // namespace

std::string make_print_ready(std::string_view input, const PrintReadyOptions& options) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("Cairo output", input.data(), input.size());

    const std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
    if (!options.pages.empty() && options.pages.size() != pages.size())
      throw std::invalid_argument("make_print_ready: " + std::to_string(options.pages.size()) +
                                  " page geometries for " + std::to_string(pages.size()) + " pages");
    for (std::size_t index = 0; index < pages.size(); ++index) {
      QPDFPageObjectHelper page = pages[index];
      // Before the filter: it joins the page's content streams into one, the shift included.
      if (!options.pages.empty()) set_page_boxes(pdf, page, options.pages[index]);
      page.addContentTokenFilter(std::make_shared<NeutralColorToGray>());
      QPDFObjectHandle page_object = page.getObjectHandle();
      std::set<QPDFObjGen> visited;
      const bool blends = uses_transparency(page.getAttribute("/Resources", false), visited);
      if (page_object.hasKey("/Group") && !blends) page_object.removeKey("/Group");
      if (blends && options.pdfx)
        throw std::runtime_error("PDF output: page " + std::to_string(index + 1) +
                                 " uses transparency, which PDF/X-1a does not allow");
    }
    for (QPDFObjectHandle& object : pdf.getAllObjects())
      if (is_content_stream(object)) object.addTokenFilter(std::make_shared<NeutralColorToGray>());

    if (!options.keep_dates) {
      QPDFObjectHandle info = pdf.getTrailer().getKey("/Info");
      if (info.isDictionary()) {
        info.removeKey("/CreationDate");
        info.removeKey("/ModDate");
      }
    }
    if (options.pdfx) make_pdfx(pdf, *options.pdfx);
    throw_on_warnings(pdf, "cannot read Cairo's PDF");

    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.setDeterministicID(true);
    // PDF/X-1a:2001 is PDF 1.3 (qpdf then writes no object streams, which came with 1.5).
    if (options.pdfx) writer.forcePDFVersion("1.3");
    writer.write();
    throw_on_warnings(pdf, "cannot write the PDF");
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize());
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    if (message.starts_with("PDF output: ")) throw;
    throw std::runtime_error("PDF output: qpdf: " + message);
  }
}

}  // namespace sudoku::typeset
