// SPDX-License-Identifier: Apache-2.0
// A PDF being written with Cairo, kept in memory until it is complete.
//
// Contract: pages may each have their own size. Outline entries (bookmarks) and page labels refer
// to pages by 1-based number. In a document with labels a page without one is labelled with its
// number (a document without any has no page labels), and runs of numbered pages become one
// decimal (or roman) page-label range. The dates are PDF dates
// (D:YYYYMMDDHHmmSS+00'00'). finish() returns the complete PDF bytes, made print-ready (neutral
// colours in DeviceGray, see print_ready.hpp); nothing is written to disk here, so a failure can
// never leave a truncated file (the caller writes the bytes atomically). With the same content and
// the same metadata date (or none), the bytes are identical from run to run.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/typeset/pdf/print_ready.hpp"

namespace sudoku::typeset {

struct PdfMetadata {
  std::string title;
  std::string author;
  std::string subject;
  std::string keywords;
  std::string creator;
  // Creation and modification date, seconds since 1970 (UTC); nullopt writes no dates at all.
  std::optional<std::int64_t> date;
  std::optional<PdfX> pdfx;  // make the document PDF/X-1a (see print_ready.hpp)
  std::vector<CmykInk> cmyk = {};  // RGB stand-ins written as CMYK (see print_ready.hpp)
};

class PdfDocument {
 public:
  explicit PdfDocument(const PdfMetadata& metadata);
  ~PdfDocument();
  PdfDocument(const PdfDocument&) = delete;
  PdfDocument& operator=(const PdfDocument&) = delete;

  // Starts page number page_count() + 1: the trimmed page in points, with `bleed` added on its
  // edges to make the PDF page (the MediaBox); the page gets a TrimBox, and a BleedBox when it has
  // bleed. Drawing starts at the top left corner of the MediaBox.
  void begin_page(double trim_width, double trim_height, const Bleed& bleed = {});
  cairo_t* context() const { return cairo_; }
  void set_page_label(const std::string& label);
  void end_page();
  int page_count() const { return pages_; }

  // Adds a bookmark to page `page`; returns its id for children. Parent 0 is the top level.
  int add_outline(int parent, const std::string& title, int page, bool open = false);

  std::string finish();

 private:
  void check(const char* what) const;

  std::string bytes_;
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cairo_ = nullptr;
  int pages_ = 0;
  bool in_page_ = false;
  std::optional<std::int64_t> date_;
  std::optional<PdfX> pdfx_;
  std::vector<CmykInk> cmyk_;
  std::optional<std::string> page_label_;  // of the open page
  std::vector<PageBoxes> page_boxes_;
  std::vector<std::string> page_labels_;  // of the finished pages
  bool labelled_ = false;                 // some page was given a label
};

// A Unix time in UTC, written with a strftime format.
std::string utc_time_text(std::int64_t seconds, const char* strftime_format);

// "2025-03-03T00:00:00Z" for a Unix time, the form Cairo accepts for PDF dates.
std::string iso_utc_time(std::int64_t seconds);

// The write callback of Cairo's *_create_for_stream surfaces that appends to the std::string
// `closure` points at, so a document stays in memory until it is complete.
//   cairo_svg_surface_create_for_stream(append_bytes, &bytes, width, height);
cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length);

}  // namespace sudoku::typeset
