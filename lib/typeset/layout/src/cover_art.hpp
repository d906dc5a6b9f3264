// SPDX-License-Identifier: Apache-2.0
// The publisher's cover art (typeset --cover-art), read into a Cairo image, and where it is placed.
//
// Contract: load_cover_art reads a PNG (Cairo's reader; an alpha channel is flattened over white)
// or a JPEG (libjpeg-turbo: Cairo 1.16 reads no JPEG; with `keep_jpeg` the file's bytes are attached
// as the image's JPEG data, which Cairo's PDF writer embeds as they are), or a PDF's first page
// (poppler-glib), kept as vectors: draw_art paints it onto any Cairo context, and rasterise_art turns
// it into an image for PDF/X-1a, which allows no RGB vectors (the image then takes the PNG's path to
// the printer's CMYK). A PDF without a page, encrypted or damaged, a CMYK JPEG or any other file is an
// InputError naming the file and what to export instead; an unreadable file an IoError. place_art
// scales the art to cover an area (cropping, never stretching), centred, and gives the resolution
// that scale prints at (for a raster image).
//   CoverArt art = load_cover_art("art.pdf", true);
//   if (art.vector()) art = rasterise_art(art, {0, -9, 441, 666}, 300);
//   const ArtPlacement at = place_art(art.width(), art.height(), {0, -9, 441, 666});  // at.dpi
//   draw_art(cairo, art, {0, -9, 441, 666});
#pragma once

#include <cairo.h>

using PopplerDocument = struct _PopplerDocument;
using PopplerPage = struct _PopplerPage;

#include <string>

#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset::detail {

struct CoverArt {
  cairo_surface_t* surface = nullptr;   // RGB24, owned; null for a PDF page kept as vectors
  PopplerDocument* document = nullptr;  // a PDF's, owned (with its first page)
  PopplerPage* page = nullptr;
  std::string source;

  CoverArt() = default;
  CoverArt(CoverArt&& other) noexcept;
  CoverArt(const CoverArt&) = delete;
  CoverArt& operator=(const CoverArt&) = delete;
  CoverArt& operator=(CoverArt&&) = delete;
  ~CoverArt();
  bool vector() const { return surface == nullptr; }
  double width() const;  // pixels, or a vector page's points
  double height() const;
};

CoverArt load_cover_art(const std::string& path, bool keep_jpeg);

// The part of a vector page that covers `area` (see place_art), drawn into an RGB24 image of `area`
// at `dpi`.
CoverArt rasterise_art(const CoverArt& art, const Rect& area, double dpi);

// The art scaled to cover `area` (see place_art), clipped to it: vectors stay vectors.
void draw_art(cairo_t* cairo, const CoverArt& art, const Rect& area);

struct ArtPlacement {
  double x = 0;  // the image's top left corner, points
  double y = 0;
  double scale = 1;  // points per pixel (per point for a vector page)
  double dpi = 0;
};

ArtPlacement place_art(double width, double height, const Rect& area);

}  // namespace sudoku::typeset::detail
