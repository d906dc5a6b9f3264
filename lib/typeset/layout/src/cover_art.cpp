// SPDX-License-Identifier: Apache-2.0
#include "cover_art.hpp"

// libjpeg's header needs FILE and size_t declared first.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>

#include <csetjmp>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "sudoku/base/errors.hpp"

namespace sudoku::typeset::detail {
namespace {

struct PngReader {
  std::string_view bytes;
  std::size_t at = 0;
};

cairo_status_t read_png_bytes(void* closure, unsigned char* data, unsigned int length) {
  auto* reader = static_cast<PngReader*>(closure);
  if (reader->bytes.size() - reader->at < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, reader->bytes.data() + reader->at, length);
  reader->at += length;
  return CAIRO_STATUS_SUCCESS;
}

// libjpeg reports a fatal error by calling error_exit, which must not return: it jumps back here.
struct JpegError {
  jpeg_error_mgr manager;
  std::jmp_buf back;
  char message[JMSG_LENGTH_MAX];
};

void jpeg_error_exit(j_common_ptr info) {
  auto* error = reinterpret_cast<JpegError*>(info->err);
  (*info->err->format_message)(info, error->message);
  std::longjmp(error->back, 1);
}

// The JPEG decoded by libjpeg into an RGB24 surface (Cairo reads no JPEG itself). The bytes are
// also attached as the surface's JPEG data, so a PDF without PDF/X embeds the publisher's file as
// it is (DCTDecode) instead of re-compressing its pixels.
cairo_surface_t* decode_jpeg(const std::string& bytes, const std::string& source) {
  jpeg_decompress_struct info{};
  JpegError error{};
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = jpeg_error_exit;
  // A longjmp back to setjmp skips no destructor: everything it could skip is declared before it,
  // and what changes after it is volatile.
  cairo_surface_t* volatile surface = nullptr;
  std::string row;
  if (setjmp(error.back) != 0) {
    jpeg_destroy_decompress(&info);
    if (surface != nullptr) cairo_surface_destroy(surface);
    throw InputError(source, 0, 0, std::string("cannot read the JPEG: ") + error.message);
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<unsigned long>(bytes.size()));
  jpeg_read_header(&info, TRUE);
  if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
    jpeg_destroy_decompress(&info);
    throw InputError(source, 0, 0,
                     "a CMYK JPEG: save the art as an RGB (sRGB) JPEG or PNG; typeset --pdfx converts it to "
                     "the printer's CMYK itself");
  }
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(info.output_width),
                                       static_cast<int>(info.output_height));
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    jpeg_destroy_decompress(&info);
    cairo_surface_destroy(surface);
    throw std::bad_alloc();
  }
  cairo_surface_flush(surface);
  unsigned char* pixels = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  row.assign(static_cast<std::size_t>(info.output_width) * 3, '\0');
  while (info.output_scanline < info.output_height) {
    auto* line = reinterpret_cast<JSAMPROW>(row.data());
    const JDIMENSION y = info.output_scanline;
    jpeg_read_scanlines(&info, &line, 1);
    auto* out = reinterpret_cast<std::uint32_t*>(pixels + static_cast<std::ptrdiff_t>(y) * stride);
    for (JDIMENSION x = 0; x < info.output_width; ++x) {
      const auto* rgb = reinterpret_cast<const unsigned char*>(row.data()) + 3 * x;
      out[x] = 0xFF000000u | (std::uint32_t{rgb[0]} << 16) | (std::uint32_t{rgb[1]} << 8) | rgb[2];
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  cairo_surface_mark_dirty(surface);
  return surface;
}

// A PNG with an alpha channel flattened over white: a cover's art is opaque, and PDF/X-1a allows no
// soft mask.
cairo_surface_t* opaque(cairo_surface_t* image) {
  if (cairo_image_surface_get_format(image) == CAIRO_FORMAT_RGB24) return image;
  cairo_surface_t* flat = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cairo_image_surface_get_width(image),
                                                     cairo_image_surface_get_height(image));
  cairo_t* cairo = cairo_create(flat);
  cairo_set_source_rgb(cairo, 1, 1, 1);
  cairo_paint(cairo);
  cairo_set_source_surface(cairo, image, 0, 0);
  cairo_paint(cairo);
  cairo_destroy(cairo);
  cairo_surface_destroy(image);
  return flat;
}

}  // namespace

CoverArt::CoverArt(CoverArt&& other) noexcept : surface(other.surface), source(std::move(other.source)) {
  other.surface = nullptr;
}

CoverArt::~CoverArt() {
  if (surface != nullptr) cairo_surface_destroy(surface);
}

int CoverArt::width() const { return cairo_image_surface_get_width(surface); }
int CoverArt::height() const { return cairo_image_surface_get_height(surface); }

CoverArt load_cover_art(const std::string& path, bool keep_jpeg) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw IoError(path + ": cannot read the cover art");
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  CoverArt art;
  art.source = path;
  if (bytes.starts_with("\x89PNG\r\n\x1A\n")) {
    PngReader reader{bytes};
    cairo_surface_t* image = cairo_image_surface_create_from_png_stream(read_png_bytes, &reader);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
      const std::string why = cairo_status_to_string(cairo_surface_status(image));
      cairo_surface_destroy(image);
      throw InputError(path, 0, 0, "cannot read the PNG: " + why);
    }
    art.surface = opaque(image);
  } else if (bytes.starts_with("\xFF\xD8\xFF")) {
    art.surface = decode_jpeg(bytes, path);
    if (keep_jpeg) {
      auto* copy = new std::string(bytes);
      cairo_surface_set_mime_data(art.surface, CAIRO_MIME_TYPE_JPEG,
                                  reinterpret_cast<const unsigned char*>(copy->data()), copy->size(),
                                  [](void* data) { delete static_cast<std::string*>(data); }, copy);
    }
  } else if (bytes.starts_with("%PDF")) {
    throw InputError(path, 0, 0,
                     "PDF cover art is not supported: export the art as a PNG or JPEG of at least 300 dpi at "
                     "the front panel's size with bleed");
  } else {
    throw InputError(path, 0, 0, "not a PNG or JPEG file (the cover art must be one)");
  }
  return art;
}

ArtPlacement place_art(int width, int height, const Rect& area) {
  ArtPlacement placement;
  // Scaled to cover the whole area (cropped, never stretched), centred.
  placement.scale = std::max(area.width / width, area.height / height);
  placement.x = area.x + (area.width - width * placement.scale) / 2;
  placement.y = area.y + (area.height - height * placement.scale) / 2;
  placement.dpi = 72 / placement.scale;
  return placement;
}

}  // namespace sudoku::typeset::detail
