// SPDX-License-Identifier: Apache-2.0
#include "text_engine.hpp"

#include "sudoku/typeset/text/canvas.hpp"

#include <pango/pangofc-fontmap.h>

#include <stdexcept>
#include <vector>

namespace sudoku::typeset {
namespace {

// Bounds the layout cache: a book's distinct texts number in the thousands at most, but a long
// run (sudoku-bench, a server) must not grow without limit.
constexpr std::size_t kMaxLayouts = 20000;

// Han, kana, CJK punctuation, fullwidth forms and Hangul: scripts set in a CJK face.
bool is_cjk(gunichar c) {
  return (c >= 0x3000 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

// Digits inside CJK text (第1問, 解答は45ページ, r7c1に) from the face Pango chose for the CJK
// characters around them, not the Latin face the text asks for: a serif 1 in a Gothic heading is a
// mixed word, which no CJK book prints. A word of ASCII letters and digits that holds a digit
// counts, whole (r7c1, not r7c and a Gothic 1), when a CJK character stands before or after it,
// next to it or across spaces (ナンプレ ブック 1, 初級 50 · 中級 40 — "·" is not a space: a
// number between Latin words stays Latin).
void set_cjk_digits(PangoLayout* layout, const std::string& utf8) {
  const auto ascii_alnum = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::vector<std::pair<int, int>> runs;  // byte ranges
  gunichar before = 0;
  for (const char* at = utf8.c_str(); *at != '\0';) {
    if (!ascii_alnum(*at)) {
      if (*at != ' ') before = g_utf8_get_char(at);
      at = g_utf8_next_char(at);
      continue;
    }
    const char* end = at;
    bool digit = false;
    for (; ascii_alnum(*end); ++end) digit = digit || (*end >= '0' && *end <= '9');
    const char* next = end;
    while (*next == ' ') ++next;
    const gunichar after = *next != '\0' ? g_utf8_get_char(next) : 0;
    if (digit && (is_cjk(before) || is_cjk(after)))
      runs.emplace_back(static_cast<int>(at - utf8.c_str()), static_cast<int>(end - utf8.c_str()));
    before = '0';
    at = end;
  }
  if (runs.empty()) return;
  // The face of the first run that holds a CJK character.
  std::string family;
  PangoLayoutIter* iter = pango_layout_get_iter(layout);
  do {
    const PangoLayoutRun* run = pango_layout_iter_get_run_readonly(iter);
    if (run == nullptr || run->item->analysis.font == nullptr) continue;
    const gchar* text = utf8.c_str() + run->item->offset;
    bool cjk = false;
    for (const gchar* c = text; c < text + run->item->length && !cjk; c = g_utf8_next_char(c))
      cjk = is_cjk(g_utf8_get_char(c));
    if (!cjk) continue;
    PangoFontDescription* description = pango_font_describe(run->item->analysis.font);
    if (const char* name = pango_font_description_get_family(description)) family = name;
    pango_font_description_free(description);
  } while (family.empty() && pango_layout_iter_next_run(iter));
  pango_layout_iter_free(iter);
  if (family.empty()) return;
  PangoAttrList* attributes = pango_attr_list_new();
  for (const auto& [start, end] : runs) {
    PangoAttribute* attribute = pango_attr_family_new(family.c_str());
    attribute->start_index = static_cast<guint>(start);
    attribute->end_index = static_cast<guint>(end);
    pango_attr_list_insert(attributes, attribute);
  }
  pango_layout_set_attributes(layout, attributes);
  pango_attr_list_unref(attributes);
}

}  // namespace

bool has_cjk(std::string_view utf8) {
  const std::string text(utf8);
  if (!g_utf8_validate(text.c_str(), static_cast<gssize>(text.size()), nullptr)) return false;
  for (const char* at = text.c_str(); *at != '\0'; at = g_utf8_next_char(at))
    if (is_cjk(g_utf8_get_char(at))) return true;
  return false;
}

TextFace::~TextFace() {
  if (description != nullptr) pango_font_description_free(description);
}

TextEngine& TextEngine::instance() {
  // Never destroyed: fonts Cairo and Pango cache may outlive any static destructor order.
  static TextEngine* engine = new TextEngine();
  return *engine;
}

TextEngine::TextEngine() {
  // The system's configuration and fonts, read from fontconfig's caches as they are; nothing is
  // written (the faces registered later are scanned in memory, FcConfigAppFontAddFile).
  config = FcInitLoadConfigAndFonts();
  // Han, kana and Hangul have no italics: fontconfig's rule that slants a face without one would
  // set a running head's 解答 or 問題 in a slanted Gothic no Japanese, Chinese or Korean book prints.
  // A face with Han (U+6570) or Hangul (U+AC00) that was slanted so is set upright again.
  static const char kUprightCjk[] =
      "<?xml version=\"1.0\"?><fontconfig>"
      "<match target=\"font\"><test name=\"charset\" compare=\"contains\"><charset><int>0x6570</int>"
      "</charset></test><test name=\"slant\" compare=\"eq\"><const>oblique</const></test>"
      "<edit name=\"matrix\" mode=\"assign\"><matrix><double>1</double><double>0</double><double>0</double>"
      "<double>1</double></matrix></edit></match>"
      "<match target=\"font\"><test name=\"charset\" compare=\"contains\"><charset><int>0xAC00</int>"
      "</charset></test><test name=\"slant\" compare=\"eq\"><const>oblique</const></test>"
      "<edit name=\"matrix\" mode=\"assign\"><matrix><double>1</double><double>0</double><double>0</double>"
      "<double>1</double></matrix></edit></match>"
      "</fontconfig>";
  if (config != nullptr)
    FcConfigParseAndLoadFromMemory(config, reinterpret_cast<const FcChar8*>(kUprightCjk), FcFalse);
  font_map_ = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  if (config == nullptr || font_map_ == nullptr)
    throw std::runtime_error("cannot set up text layout (fontconfig or Pango with FreeType unavailable)");
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map_), config);
  // Vector output: exact outlines and unrounded advances, as the glyph runs get them.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  const auto make_context = [&] {
    PangoContext* context = pango_font_map_create_context(font_map_);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, FALSE);
    // A fixed language, not the locale's: fallback order and glyph forms must not depend on the
    // environment the tool runs in.
    pango_context_set_language(context, pango_language_from_string("en"));
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR);
    return context;
  };
  context_ = make_context();
  // Vertical lines (a CJK spine): each script takes its natural gravity under an east base, so Han,
  // kana and Hangul stand upright in the turned line and Latin lies along it.
  vertical_context_ = make_context();
  pango_context_set_base_gravity(vertical_context_, PANGO_GRAVITY_EAST);
  pango_context_set_gravity_hint(vertical_context_, PANGO_GRAVITY_HINT_NATURAL);
  cairo_font_options_destroy(options);
}

void TextEngine::clear_layouts() {
  for (auto& [key, layout] : layouts_) g_object_unref(layout);
  layouts_.clear();
}

std::shared_ptr<const TextFace> TextEngine::face(const std::string& path, int index) {
  const std::string key = path + "#" + std::to_string(index);
  if (const auto found = faces_.find(key); found != faces_.end()) return found->second;

  const FcFontSet* before = FcConfigGetFonts(config, FcSetApplication);
  const int first = before != nullptr ? before->nfont : 0;
  if (!FcConfigAppFontAddFile(config, reinterpret_cast<const FcChar8*>(path.c_str()))) return nullptr;
  FcFontSet* added = FcConfigGetFonts(config, FcSetApplication);
  FcPattern* pattern = nullptr;
  for (int i = first; added != nullptr && i < added->nfont; ++i) {
    int face_index = -1;
    if (FcPatternGetInteger(added->fonts[i], FC_INDEX, 0, &face_index) == FcResultMatch && face_index == index) {
      pattern = added->fonts[i];
      break;
    }
  }
  if (pattern == nullptr) return nullptr;

  // A family name of its own comes first, so that asking for it finds this face and no other;
  // the face's own names follow (fontconfig's rules for them still apply).
  const int id = next_id_++;
  const std::string family = "sudoku-press face " + std::to_string(id);
  std::vector<std::string> names;
  FcChar8* name = nullptr;
  for (int n = 0; FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch; ++n)
    names.emplace_back(reinterpret_cast<const char*>(name));
  FcPatternDel(pattern, FC_FAMILY);
  FcPatternDel(pattern, FC_FAMILYLANG);
  FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
  for (const auto& original : names)
    FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(original.c_str()));
  pango_fc_font_map_config_changed(PANGO_FC_FONT_MAP(font_map_));
  // Layouts made before may have fallen back to fonts that this face now precedes.
  clear_layouts();

  auto text_face = std::make_shared<TextFace>();
  text_face->id = id;
  // Weight, slant and width from the face itself, so nothing is synthesised for it.
  text_face->description = pango_fc_font_description_from_pattern(pattern, FALSE);
  pango_font_description_set_family(text_face->description, family.c_str());
  pango_font_description_set_absolute_size(text_face->description, kLayoutSize * PANGO_SCALE);
  faces_.emplace(key, text_face);
  return text_face;
}

std::shared_ptr<const TextFace> TextEngine::paired_face(const TextFace& face, const TextFace& cjk) {
  const auto key = std::make_pair(face.id, cjk.id);
  if (const auto found = paired_.find(key); found != paired_.end()) return found->second;
  // A family list: Pango asks fontconfig for the first, then the second, then its fallback order;
  // both names are the registered faces' own, so no installed font of the same name interferes.
  auto text_face = std::make_shared<TextFace>();
  text_face->id = next_id_++;
  text_face->description = pango_font_description_copy(face.description);
  const std::string families = std::string(pango_font_description_get_family(face.description)) + "," +
                               pango_font_description_get_family(cjk.description);
  pango_font_description_set_family(text_face->description, families.c_str());
  paired_.emplace(key, text_face);
  return text_face;
}

PangoLayout* TextEngine::layout(const TextFace& face, const std::string& utf8, bool vertical) {
  auto key = std::make_tuple(face.id, vertical, utf8);
  if (const auto found = layouts_.find(key); found != layouts_.end()) return found->second;
  if (layouts_.size() >= kMaxLayouts) clear_layouts();
  PangoLayout* layout = pango_layout_new(vertical ? vertical_context_ : context_);
  pango_layout_set_single_paragraph_mode(layout, TRUE);
  pango_layout_set_font_description(layout, face.description);
  pango_layout_set_text(layout, utf8.data(), static_cast<int>(utf8.size()));
  set_cjk_digits(layout, utf8);
  layouts_.emplace(std::move(key), layout);
  return layout;
}

}  // namespace sudoku::typeset
