// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/pdf/pdf_document.hpp"

#include <cairo-pdf.h>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "sudoku/typeset/pdf/print_ready.hpp"

namespace sudoku::typeset {

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string utc_time_text(std::int64_t seconds, const char* strftime_format) {
  const std::time_t time = static_cast<std::time_t>(seconds);
  std::tm parts{};
  gmtime_r(&time, &parts);
  char text[64];
  std::strftime(text, sizeof text, strftime_format, &parts);
  return text;
}

std::string iso_utc_time(std::int64_t seconds) {
  return utc_time_text(seconds, "%Y-%m-%dT%H:%M:%SZ");
}

PdfDocument::PdfDocument(const PdfMetadata& metadata) : date_(metadata.date), pdfx_(metadata.pdfx), cmyk_(metadata.cmyk) {
  // Every page sets its own size in begin_page.
  surface_ = cairo_pdf_surface_create_for_stream(append_bytes, &bytes_, 612, 792);
  check("create the PDF surface");
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, metadata.title.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_AUTHOR, metadata.author.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_SUBJECT, metadata.subject.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_KEYWORDS, metadata.keywords.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, metadata.creator.c_str());
  if (metadata.date) {
    const std::string date = iso_utc_time(*metadata.date);
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
  }
  cairo_ = cairo_create(surface_);
  check("create the drawing context");
}

PdfDocument::~PdfDocument() {
  if (cairo_ != nullptr) cairo_destroy(cairo_);
  if (surface_ != nullptr) cairo_surface_destroy(surface_);
}

void PdfDocument::check(const char* what) const {
  cairo_status_t status = cairo_surface_status(surface_);
  if (status == CAIRO_STATUS_SUCCESS && cairo_ != nullptr) status = cairo_status(cairo_);
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("PDF output: cannot ") + what + ": " +
                             cairo_status_to_string(status));
}

void PdfDocument::begin_page(double trim_width, double trim_height, const Bleed& bleed) {
  if (in_page_) throw std::logic_error("PdfDocument::begin_page inside a page");
  const PageBoxes boxes{trim_width + bleed.left + bleed.right, trim_height + bleed.top + bleed.bottom, bleed};
  // Cairo clips what it draws to the page's extent in whole points, rounded down: on an 85 mm page
  // (240.94 pt) a 3 pt border on the right edge would lose 0.94 pt. It gets the page rounded up,
  // and print finishing cuts the PDF page back to its exact size.
  cairo_pdf_surface_set_size(surface_, std::ceil(boxes.width), std::ceil(boxes.height));
  page_boxes_.push_back(boxes);
  in_page_ = true;
  ++pages_;
  cairo_save(cairo_);
}

void PdfDocument::set_page_label(const std::string& label) {
  page_label_ = label;
}

void PdfDocument::end_page() {
  // Kept for print finishing, which writes the labels as ranges (Cairo writes every page's label
  // as a prefix of its own); taken only now, so a page abandoned while drawing leaves no label.
  labelled_ = labelled_ || page_label_.has_value();
  page_labels_.push_back(page_label_.value_or(std::to_string(pages_)));
  page_label_.reset();
  cairo_restore(cairo_);
  cairo_show_page(cairo_);
  in_page_ = false;
  check("draw a page");
}

int PdfDocument::add_outline(int parent, const std::string& title, int page, bool open) {
  const std::string link = "page=" + std::to_string(page);
  return cairo_pdf_surface_add_outline(
      surface_, parent, title.c_str(), link.c_str(),
      open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : static_cast<cairo_pdf_outline_flags_t>(0));
}

std::string PdfDocument::finish() {
  cairo_destroy(cairo_);
  cairo_ = nullptr;
  cairo_surface_finish(surface_);
  const cairo_status_t status = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("PDF output: cannot finish the document: ") +
                             cairo_status_to_string(status));
  // Cairo cannot leave the dates out; without a date given they would be today's, so they go.
  return make_print_ready(bytes_, {.keep_dates = date_.has_value(),
                                   .date = date_,
                                   .pdfx = pdfx_,
                                   .pages = page_boxes_,
                                   // A document without labels (a plot, a split grid) gets none.
                                   .page_labels = labelled_ ? page_labels_ : std::vector<std::string>{},
                                   .cmyk = cmyk_});
}

}  // namespace sudoku::typeset
