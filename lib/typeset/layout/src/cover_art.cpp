// SPDX-License-Identifier: Apache-2.0
#include "cover_art.hpp"

// libjpeg's header needs FILE and size_t declared first.
#include <cstddef>
#include <cstdio>
#include <jpeglib.h>

#include <poppler.h>
#include <qpdf/QPDF.hh>

#include <algorithm>
#include <cmath>
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

// Whether the PDF is encrypted, even with an empty password that poppler opens without asking:
// a printer refuses encrypted files, and the art's rights should be settled before it is printed.
bool encrypted_pdf(const std::string& bytes, const std::string& source) {
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile(source.c_str(), bytes.data(), bytes.size());
    return pdf.isEncrypted();
  } catch (const std::exception&) {
    return false;  // damaged: poppler, which reads it next, says so
  }
}

// A PDF's first page, read by poppler-glib and kept as vectors.
void read_pdf(const std::string& bytes, const std::string& source, CoverArt& art) {
  GBytes* data = g_bytes_new(bytes.data(), bytes.size());
  GError* error = nullptr;
  art.document = poppler_document_new_from_bytes(data, nullptr, &error);
  g_bytes_unref(data);
  if (art.document == nullptr) {
    const bool encrypted = g_error_matches(error, POPPLER_ERROR, POPPLER_ERROR_ENCRYPTED);
    const std::string why = error != nullptr ? error->message : "unknown error";
    g_clear_error(&error);
    throw InputError(source, 0, 0,
                     encrypted ? "an encrypted PDF: export the art without a password or restrictions"
                               : "cannot read the PDF (" + why + "): export it again, or as a PNG or JPEG");
  }
  if (encrypted_pdf(bytes, source))
    throw InputError(source, 0, 0, "an encrypted PDF: export the art without a password or restrictions");
  if (poppler_document_get_n_pages(art.document) < 1)
    throw InputError(source, 0, 0, "a PDF without a page: the cover art is the PDF's first page");
  art.page = poppler_document_get_page(art.document, 0);
  double width = 0;
  double height = 0;
  if (art.page != nullptr) poppler_page_get_size(art.page, &width, &height);
  if (art.page == nullptr || !(width >= 1 && height >= 1))
    throw InputError(source, 0, 0, "cannot read the PDF's first page (no page size): export it again");
}

}  // namespace

CoverArt::CoverArt(CoverArt&& other) noexcept
    : surface(other.surface), document(other.document), page(other.page), source(std::move(other.source)) {
  other.surface = nullptr;
  other.document = nullptr;
  other.page = nullptr;
}

CoverArt::~CoverArt() {
  if (surface != nullptr) cairo_surface_destroy(surface);
  if (page != nullptr) g_object_unref(page);
  if (document != nullptr) g_object_unref(document);
}

double CoverArt::width() const {
  if (surface != nullptr) return cairo_image_surface_get_width(surface);
  double width = 0;
  poppler_page_get_size(page, &width, nullptr);
  return width;
}

double CoverArt::height() const {
  if (surface != nullptr) return cairo_image_surface_get_height(surface);
  double height = 0;
  poppler_page_get_size(page, nullptr, &height);
  return height;
}

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
    read_pdf(bytes, path, art);
  } else {
    throw InputError(path, 0, 0, "not a PNG, JPEG or PDF file (the cover art must be one)");
  }
  return art;
}

CoverArt rasterise_art(const CoverArt& art, const Rect& area, double dpi) {
  const ArtPlacement at = place_art(art.width(), art.height(), area);
  // Only what shows: the area itself at `dpi`, rounded up so it prints at `dpi` or a little more
  // (a landscape page on a portrait panel would otherwise be rasterised at twice the size).
  const double pixels_per_point = dpi / 72;
  CoverArt image;
  image.source = art.source;
  image.surface = cairo_image_surface_create(
      CAIRO_FORMAT_RGB24, static_cast<int>(std::ceil(area.width * pixels_per_point - 1e-6)),
      static_cast<int>(std::ceil(area.height * pixels_per_point - 1e-6)));
  if (cairo_surface_status(image.surface) != CAIRO_STATUS_SUCCESS) throw std::bad_alloc();
  cairo_t* cairo = cairo_create(image.surface);
  cairo_set_source_rgb(cairo, 1, 1, 1);  // a page is white where nothing is drawn, as in print
  cairo_paint(cairo);
  cairo_scale(cairo, pixels_per_point, pixels_per_point);
  cairo_translate(cairo, at.x - area.x, at.y - area.y);
  cairo_scale(cairo, at.scale, at.scale);
  poppler_page_render(art.page, cairo);
  cairo_destroy(cairo);
  cairo_surface_flush(image.surface);
  return image;
}

void draw_art(cairo_t* cairo, const CoverArt& art, const Rect& area) {
  const ArtPlacement at = place_art(art.width(), art.height(), area);
  cairo_save(cairo);
  cairo_rectangle(cairo, area.x, area.y, area.width, area.height);
  cairo_clip(cairo);
  cairo_translate(cairo, at.x, at.y);
  cairo_scale(cairo, at.scale, at.scale);
  if (art.vector()) {
    // The page's own white ground first: a PDF page is paper where it draws nothing.
    cairo_rectangle(cairo, 0, 0, art.width(), art.height());
    cairo_set_source_rgb(cairo, 1, 1, 1);
    cairo_fill(cairo);
    poppler_page_render(art.page, cairo);
  } else {
    cairo_set_source_surface(cairo, art.surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD);
    cairo_paint(cairo);
  }
  cairo_restore(cairo);
}

ArtPlacement place_art(double width, double height, const Rect& area) {
  ArtPlacement placement;
  // Scaled to cover the whole area (cropped, never stretched), centred.
  placement.scale = std::max(area.width / width, area.height / height);
  placement.x = area.x + (area.width - width * placement.scale) / 2;
  placement.y = area.y + (area.height - height * placement.scale) / 2;
  placement.dpi = 72 / placement.scale;
  return placement;
}

}  // namespace sudoku::typeset::detail
