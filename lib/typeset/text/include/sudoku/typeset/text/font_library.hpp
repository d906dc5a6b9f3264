// SPDX-License-Identifier: Apache-2.0
// Fonts for PDF output: outline faces loaded through FreeType, found by file or through fontconfig.
//
// Contract: a Font is an outline face that Cairo embeds as a subset (TrueType or CFF, never Type 3).
// Every face the library opens is also registered, under a family name of its own, with the
// process's text engine (a private fontconfig set of the installed fonts plus these faces, and a
// Pango font map over it): text laid out in a Font (Canvas) takes its glyphs from that very face
// first and from the installed fonts, in fontconfig's order, for the characters the face lacks.
// Families are looked up in the project's font folders first (in the order given), then in the
// system's fontconfig fonts; a family or style that is not installed is an error, never a silent
// substitute (fontconfig would otherwise hand back some other face). Errors are FontNotFound with a
// message saying where it looked; load_template_fonts turns them into InputErrors at the template's
// <font> line.
//
//   sudoku::typeset::FontLibrary library(std::vector<std::filesystem::path>{"fonts"});
//   const sudoku::typeset::Font bold = library.find_family("TeX Gyre Heros", "Bold");
#pragma once

#include <cairo.h>

#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::typeset {

struct Template;
struct TextFace;  // src/draw/text_engine.hpp

class FontNotFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A loaded face; cheap to copy (shares the Cairo face).
class Font {
 public:
  Font() = default;
  cairo_font_face_t* face() const { return face_.get(); }
  const std::string& file() const { return file_; }
  const std::string& description() const { return description_; }  // "TeX Gyre Heros Bold"
  // The face's own names, for formats that name fonts instead of embedding them (SVG text).
  const std::string& family() const { return family_; }  // "TeX Gyre Heros"
  const std::string& style() const { return style_; }    // "Bold"
  explicit operator bool() const { return face_ != nullptr; }
  // The face as text layout (Pango) asks for it, with fallback; nullptr for an empty Font.
  const TextFace* text_face() const { return text_.get(); }

 private:
  friend class FontLibrary;
  std::shared_ptr<cairo_font_face_t> face_;
  std::shared_ptr<const TextFace> text_;
  std::string file_;
  std::string description_;
  std::string family_;
  std::string style_;
};

class FontLibrary {
 public:
  // `search_dirs` are searched in order before the system fonts; missing folders are skipped.
  explicit FontLibrary(std::vector<std::filesystem::path> search_dirs = {});
  ~FontLibrary();
  FontLibrary(const FontLibrary&) = delete;
  FontLibrary& operator=(const FontLibrary&) = delete;

  // A face from a file: absolute, or relative to `base_dir` and then to each search folder.
  Font load_file(const std::string& file, int index = 0, const std::filesystem::path& base_dir = {});
  // A face by fontconfig family and style ("Regular", "Bold", "Italic", ...; "Regular" also
  // matches the "Book", "Roman", "Normal" and "Medium" names some families use).
  Font find_family(const std::string& family, const std::string& style);
  // `text` whose layout takes the Han, kana and Hangul it lacks from `cjk` first (a <font>'s
  // cjk-family); `text` itself when either is empty. Glyphs `text` has stay its own.
  static Font paired(const Font& text, const Font& cjk);

  const std::vector<std::filesystem::path>& search_dirs() const { return search_dirs_; }

 private:
  Font open(const std::string& path, int index, const std::string& description);
  // Best face of `family` and `style` among `fonts` (an FcFontSet*); empty when none.
  static std::string best_match(void* fonts, const std::string& family, const std::string& style, int& index);
  void scan_search_dirs();

  std::vector<std::filesystem::path> search_dirs_;
  void* project_fonts_ = nullptr;  // FcFontSet* of the faces in the search folders, scanned on first use
  std::map<std::string, Font> cache_;
};

// The fonts a template declares, by name.
using FontSet = std::map<std::string, Font>;
// Loads every <font> of a template; a font that cannot be found is an InputError at its line.
FontSet load_template_fonts(const Template& page_template, FontLibrary& library);

}  // namespace sudoku::typeset
