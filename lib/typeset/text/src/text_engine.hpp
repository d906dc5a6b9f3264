// SPDX-License-Identifier: Apache-2.0
// Text engine: the fonts text layout may use, and the Pango context that shapes text with them.
// Internal to the drawing code (font_library.cpp registers faces with it, canvas.cpp lays text out
// with it).
//
// Contract: one engine per process, made on first use and never released (Cairo and Pango keep
// fonts made from it in caches beyond any FontLibrary). Its fontconfig set is the system's fonts
// plus every face a FontLibrary opened, each of those registered once under a family name of its
// own ("sudoku-press face 3"), so a Font's description matches exactly that file and face, never a
// same-named font installed elsewhere; characters the face lacks come from the installed fonts in
// fontconfig's order for that request (fallback). Pango is not thread-safe: every use of the engine
// holds its mutex (the lock is uncontended in the tools, which typeset on one thread).
//
//   const std::lock_guard lock(TextEngine::instance().mutex);
//   PangoLayout* layout = TextEngine::instance().layout(*font.text_face(), "Ñandú 数独");
#pragma once

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

namespace sudoku::typeset {

// A face as text layout asks for it: its description (unique family, weight, slant, width).
struct TextFace {
  TextFace() = default;
  TextFace(const TextFace&) = delete;
  TextFace& operator=(const TextFace&) = delete;
  ~TextFace();

  PangoFontDescription* description = nullptr;  // at kLayoutSize
  int id = 0;                                   // unique within the process
};

// Text is laid out once at this size and scaled when measured or drawn: metrics are then exactly
// proportional to the size (the layout code shrinks a text to fit in one step and compares widths
// to a millionth of a point), and one layout serves every size the text is tried at.
inline constexpr double kLayoutSize = 256;

struct TextEngine {
  // The process's engine; throws std::runtime_error when fontconfig or Pango cannot be set up.
  static TextEngine& instance();

  TextEngine(const TextEngine&) = delete;
  TextEngine& operator=(const TextEngine&) = delete;

  // Face `index` of `path` in the engine's fonts (registered on first use); nullptr when
  // fontconfig cannot read it. Caller holds `mutex`.
  std::shared_ptr<const TextFace> face(const std::string& path, int index);

  // `face` with `cjk` before fontconfig's fallback fonts: the Han, kana and Hangul `face` lacks
  // come from `cjk` (a template's cjk-family), made once per pair. Caller holds `mutex`.
  std::shared_ptr<const TextFace> paired_face(const TextFace& face, const TextFace& cjk);

  // The layout of `utf8` in `face` at kLayoutSize (one line), made on first use and kept: books
  // repeat their running heads and captions on many pages. Caller holds `mutex`.
  // `vertical`: laid out with the base gravity east (Canvas::set_vertical).
  PangoLayout* layout(const TextFace& face, const std::string& utf8, bool vertical = false);

  std::mutex mutex;
  FcConfig* config = nullptr;  // the system's fonts and the registered faces

 private:
  TextEngine();

  void clear_layouts();

  PangoFontMap* font_map_ = nullptr;
  PangoContext* context_ = nullptr;
  PangoContext* vertical_context_ = nullptr;  // context_ with the base gravity east
  std::map<std::string, std::shared_ptr<const TextFace>> faces_;  // by "path#index"
  std::map<std::pair<int, int>, std::shared_ptr<const TextFace>> paired_;  // by the two faces' ids
  int next_id_ = 0;
  std::map<std::tuple<int, bool, std::string>, PangoLayout*> layouts_;
};

}  // namespace sudoku::typeset
