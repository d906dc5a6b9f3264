// SPDX-License-Identifier: Apache-2.0
// The publisher's cover art (typeset --cover-art), read into a Cairo image, and where it is placed.
//
// Contract: load_cover_art reads a PNG (Cairo's reader; an alpha channel is flattened over white)
// or a JPEG (libjpeg-turbo: Cairo 1.16 reads no JPEG; with `keep_jpeg` the file's bytes are attached
// as the image's JPEG data, which Cairo's PDF writer embeds as they are). A PDF, a CMYK JPEG or any
// other file is an InputError naming the file and what to export instead; an unreadable file an
// IoError. place_art scales the image to cover an area (cropping, never stretching), centred, and
// gives the resolution that scale prints at.
//   const CoverArt art = load_cover_art("art.jpg", true);
//   const ArtPlacement at = place_art(art.width(), art.height(), {0, -9, 441, 666});  // at.dpi
#pragma once

#include <cairo.h>

#include <string>

#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset::detail {

struct CoverArt {
  cairo_surface_t* surface = nullptr;  // RGB24, owned
  std::string source;

  CoverArt() = default;
  CoverArt(CoverArt&& other) noexcept;
  CoverArt(const CoverArt&) = delete;
  CoverArt& operator=(const CoverArt&) = delete;
  CoverArt& operator=(CoverArt&&) = delete;
  ~CoverArt();
  int width() const;
  int height() const;
};

CoverArt load_cover_art(const std::string& path, bool keep_jpeg);

struct ArtPlacement {
  double x = 0;  // the image's top left corner, points
  double y = 0;
  double scale = 1;  // points per pixel
  double dpi = 0;
};

ArtPlacement place_art(int width, int height, const Rect& area);

}  // namespace sudoku::typeset::detail
