// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/text/font_library.hpp"

#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/template/template.hpp"
#include "text_engine.hpp"

namespace sudoku::typeset {
namespace {

// One FreeType library for the whole process, never released: Cairo caches font faces beyond the
// lifetime of any FontLibrary, and their FT_Faces must not outlive the library that made them.
FT_Library freetype() {
  static FT_Library library = [] {
    FT_Library created = nullptr;
    if (FT_Init_FreeType(&created) != 0) throw std::runtime_error("cannot initialise FreeType");
    return created;
  }();
  return library;
}

std::string lower(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// Style names that mean the upright regular weight in various families.
bool style_matches(const std::string& wanted, const std::string& offered) {
  const std::string a = lower(wanted);
  const std::string b = lower(offered);
  if (a == b) return true;
  auto regular = [](const std::string& s) {
    return s == "regular" || s == "book" || s == "roman" || s == "normal" || s == "medium";
  };
  return regular(a) && regular(b);
}

std::string join_paths(const std::vector<std::filesystem::path>& paths) {
  std::string text;
  for (const auto& path : paths) text += (text.empty() ? "" : ", ") + path.string();
  return text;
}

}  // namespace

FontLibrary::FontLibrary(std::vector<std::filesystem::path> search_dirs) {
  for (auto& dir : search_dirs) {
    std::error_code error;
    if (std::filesystem::is_directory(dir, error)) search_dirs_.push_back(std::move(dir));
  }
}

FontLibrary::~FontLibrary() {
  if (project_fonts_ != nullptr) FcFontSetDestroy(static_cast<FcFontSet*>(project_fonts_));
}

Font FontLibrary::open(const std::string& path, int index, const std::string& description) {
  const std::string key = path + "#" + std::to_string(index);
  if (const auto found = cache_.find(key); found != cache_.end()) return found->second;

  FT_Face face = nullptr;
  if (FT_New_Face(freetype(), path.c_str(), index, &face) != 0)
    throw FontNotFound("cannot load font file " + path + " (not a font FreeType can read)");
  if (!FT_IS_SCALABLE(face)) {
    FT_Done_Face(face);
    throw FontNotFound("font file " + path +
                       " has no outlines; PDF output needs an outline (TrueType or OpenType) font");
  }
  // No hinting: the PDF keeps exact outlines and advances, whatever the viewer's resolution.
  cairo_font_face_t* cairo_face = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
  static cairo_user_data_key_t kFaceKey;
  if (cairo_font_face_status(cairo_face) != CAIRO_STATUS_SUCCESS ||
      cairo_font_face_set_user_data(cairo_face, &kFaceKey, face, [](void* data) {
        FT_Done_Face(static_cast<FT_Face>(data));
      }) != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(cairo_face);
    FT_Done_Face(face);
    throw FontNotFound("cannot use font file " + path + " with Cairo");
  }
  Font font;
  font.face_ = std::shared_ptr<cairo_font_face_t>(cairo_face, cairo_font_face_destroy);
  {
    TextEngine& engine = TextEngine::instance();
    const std::lock_guard lock(engine.mutex);
    font.text_ = engine.face(path, index);
  }
  if (font.text_ == nullptr) throw FontNotFound("fontconfig cannot read font file " + path + " for text layout");
  font.file_ = path;
  font.family_ = face->family_name != nullptr ? face->family_name : "";
  font.style_ = face->style_name != nullptr ? face->style_name : "";
  std::string name = font.family_;
  if (!font.style_.empty()) name += std::string(name.empty() ? "" : " ") + font.style_;
  font.description_ = description.empty() ? name : description;
  cache_.emplace(key, font);
  return font;
}

Font FontLibrary::load_file(const std::string& file, int index, const std::filesystem::path& base_dir) {
  std::vector<std::filesystem::path> tried;
  const std::filesystem::path requested(file);
  if (requested.is_absolute()) {
    tried.push_back(requested);
  } else {
    if (!base_dir.empty()) tried.push_back(base_dir / requested);
    for (const auto& dir : search_dirs_) tried.push_back(dir / requested);
    if (base_dir.empty() && search_dirs_.empty()) tried.push_back(requested);
  }
  for (const auto& candidate : tried) {
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error)) return open(candidate.string(), index, "");
  }
  throw FontNotFound("font file '" + file + "' not found (looked for " + join_paths(tried) + ")");
}

void FontLibrary::scan_search_dirs() {
  // Scanned by hand rather than through an FcConfig with these folders: fontconfig would try to
  // write a cache for them and print to stderr when it cannot, and a library must not print.
  FcFontSet* fonts = FcFontSetCreate();
  std::vector<std::filesystem::path> files;
  for (const auto& dir : search_dirs_) {
    std::error_code error;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, error);
         !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      const std::string extension = lower(it->path().extension().string());
      if (it->is_regular_file(error) &&
          (extension == ".ttf" || extension == ".otf" || extension == ".ttc" || extension == ".otc"))
        files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    int faces = 1;
    for (int id = 0; id < faces; ++id) {
      FcPattern* pattern = FcFreeTypeQuery(reinterpret_cast<const FcChar8*>(file.c_str()),
                                           static_cast<unsigned>(id), nullptr, &faces);
      if (pattern == nullptr) break;
      FcFontSetAdd(fonts, pattern);
    }
  }
  project_fonts_ = fonts;
}

std::string FontLibrary::best_match(void* font_set, const std::string& family, const std::string& style,
                                    int& index) {
  FcFontSet* fonts = static_cast<FcFontSet*>(font_set);
  // Several faces may claim the family and style (DejaVu Sans Condensed Bold also lists "DejaVu
  // Sans" and "Bold" as secondary names): prefer faces whose primary family and style are the ones
  // asked for, then the first path, so the choice never depends on fontconfig's listing order.
  std::string best_file;
  int best_index = 0;
  int best_score = -1;
  if (fonts != nullptr) {
    for (int i = 0; i < fonts->nfont; ++i) {
      FcPattern* font = fonts->fonts[i];
      FcBool outline = FcTrue;
      FcPatternGetBool(font, FC_OUTLINE, 0, &outline);
      FcChar8* file = nullptr;
      if (!outline || FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch) continue;
      bool family_matches = false;
      FcChar8* offered_family = nullptr;
      for (int n = 0; FcPatternGetString(font, FC_FAMILY, n, &offered_family) == FcResultMatch; ++n)
        family_matches =
            family_matches || lower(reinterpret_cast<const char*>(offered_family)) == lower(family);
      if (!family_matches) continue;
      int score = -1;
      FcChar8* offered = nullptr;
      for (int n = 0; FcPatternGetString(font, FC_STYLE, n, &offered) == FcResultMatch; ++n) {
        if (style_matches(style, reinterpret_cast<const char*>(offered))) {
          score = n == 0 ? 1 : 0;
          break;
        }
      }
      if (score < 0) continue;
      FcChar8* primary_family = nullptr;
      if (FcPatternGetString(font, FC_FAMILY, 0, &primary_family) == FcResultMatch &&
          lower(reinterpret_cast<const char*>(primary_family)) == lower(family))
        score += 2;
      int face_index = 0;
      FcPatternGetInteger(font, FC_INDEX, 0, &face_index);
      const std::string path = reinterpret_cast<const char*>(file);
      if (score > best_score || (score == best_score && path < best_file)) {
        best_score = score;
        best_file = path;
        best_index = face_index;
      }
    }
  }
  index = best_index;
  return best_file;
}

Font FontLibrary::find_family(const std::string& family, const std::string& style) {
  static std::once_flag fontconfig_ready;
  std::call_once(fontconfig_ready, [] { FcInit(); });
  const std::string description = family + " " + style;
  int index = 0;
  if (!search_dirs_.empty()) {
    if (project_fonts_ == nullptr) scan_search_dirs();
    const std::string file = best_match(project_fonts_, family, style, index);
    if (!file.empty()) return open(file, index, description);
  }
  // The system's fonts as the text engine loaded them (its own set of installed fonts, without the
  // faces registered for layout), listed under its lock and opened after it.
  std::string file;
  std::string styles;
  {
    TextEngine& engine = TextEngine::instance();
    const std::lock_guard lock(engine.mutex);
    FcFontSet* system_fonts = FcConfigGetFonts(engine.config, FcSetSystem);
    const auto list = [&](FcObjectSet* objects) {
      FcPattern* pattern = FcPatternCreate();
      FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
      FcFontSet* fonts = system_fonts != nullptr ? FcFontSetList(engine.config, &system_fonts, 1, pattern, objects)
                                                 : nullptr;
      FcObjectSetDestroy(objects);
      FcPatternDestroy(pattern);
      return fonts;
    };
    if (FcFontSet* fonts = list(FcObjectSetBuild(FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_OUTLINE, nullptr))) {
      file = best_match(fonts, family, style, index);
      FcFontSetDestroy(fonts);
    }
    // Say what is there, so the template author can fix the name or install the family.
    if (file.empty()) {
      if (FcFontSet* fonts = list(FcObjectSetBuild(FC_STYLE, nullptr))) {
        std::vector<std::string> names;
        for (int i = 0; i < fonts->nfont; ++i) {
          FcChar8* name = nullptr;
          if (FcPatternGetString(fonts->fonts[i], FC_STYLE, 0, &name) == FcResultMatch)
            names.emplace_back(reinterpret_cast<const char*>(name));
        }
        FcFontSetDestroy(fonts);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const auto& name : names) styles += (styles.empty() ? "" : ", ") + name;
      }
    }
  }
  if (!file.empty()) return open(file, index, description);
  const std::string where =
      search_dirs_.empty() ? "the system fonts" : join_paths(search_dirs_) + " or the system fonts";
  if (!styles.empty())
    throw FontNotFound("font family '" + family + "' has no style '" + style +
                       "' (installed styles: " + styles + ")");
  throw FontNotFound("font family '" + family + "' not found in " + where +
                     " (`fc-list : family` lists the installed families)");
}

Font FontLibrary::paired(const Font& text, const Font& cjk) {
  if (!text || !cjk || text.text_ == nullptr || cjk.text_ == nullptr) return text;
  Font font = text;
  TextEngine& engine = TextEngine::instance();
  const std::lock_guard lock(engine.mutex);
  font.text_ = engine.paired_face(*text.text_, *cjk.text_);
  return font;
}

namespace {

// Whether `file` (symlinks resolved) lies inside `root`.
bool lies_inside(const std::filesystem::path& file, const std::filesystem::path& root) {
  std::error_code error;
  const auto real_root = std::filesystem::weakly_canonical(root, error);
  if (error) return false;
  const auto real_file = std::filesystem::weakly_canonical(file, error);
  if (error) return false;
  return std::mismatch(real_root.begin(), real_root.end(), real_file.begin(), real_file.end()).first ==
         real_root.end();
}

// The font file a template names, confined to the template's folder and the font folders (the
// installed ones and those named with --font-dir): a template that came from elsewhere cannot make
// the tool read any other file. Relative names are tried in the template's folder first, then in
// each font folder; an absolute name must lie inside one of them. Returns the path to open.
std::filesystem::path confined_font_file(const Template& page_template, const FontLibrary& library,
                                         const std::string& file) {
  std::vector<std::filesystem::path> roots;
  roots.push_back(page_template.directory.empty() ? std::filesystem::path(".") : page_template.directory);
  for (const auto& dir : library.search_dirs()) roots.push_back(dir);
  const std::filesystem::path requested(file);
  for (const auto& root : roots) {
    const auto candidate = requested.is_absolute() ? requested : root / requested;
    std::error_code error;
    if (lies_inside(candidate, root) && std::filesystem::is_regular_file(candidate, error)) return candidate;
  }
  std::string where;
  for (const auto& root : roots) where += (where.empty() ? "" : ", ") + root.string();
  throw FontNotFound("font file '" + file + "' not found inside the template's folder or a font folder (" +
                     where + "); a font elsewhere needs its folder named with --font-dir");
}

}  // namespace

FontSet load_template_fonts(const Template& page_template, FontLibrary& library) {
  FontSet fonts;
  for (const auto& spec : page_template.fonts) {
    try {
      fonts[spec.name] =
          spec.family.empty()
              ? library.load_file(confined_font_file(page_template, library, spec.file).string(), spec.index)
              : library.find_family(spec.family, spec.style);
      // The paired CJK face is a preference, not a requirement: where it is not installed (the
      // packages only recommend the CJK fonts), the face keeps fontconfig's fallback order, so an
      // English book never fails for a missing Mincho, and a Japanese one still finds a Gothic.
      if (!spec.cjk_family.empty()) {
        try {
          fonts[spec.name] = FontLibrary::paired(fonts[spec.name], library.find_family(spec.cjk_family, "Regular"));
        } catch (const FontNotFound&) {
        }
      }
    } catch (const FontNotFound& error) {
      throw InputError(page_template.source, spec.line, 0, error.what());
    }
  }
  return fonts;
}

}  // namespace sudoku::typeset
