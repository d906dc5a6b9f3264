// Print finishing of a PDF written by Cairo: grey and black in DeviceGray (100 % K on press) and
// reproducible bytes.
//
// Why: Cairo 1.16 writes every colour as DeviceRGB, so black is `0 0 0 rg`, which many prepress
// RIPs separate into rich black on all four plates; newspapers reject that. DeviceGray prints on
// the black plate only.
//
// Contract: make_print_ready returns the same document with
//  * every neutral colour (r = g = b) set with `rg`/`RG` rewritten as `g`/`G` with that value, in
//    page content and in the content of form XObjects and tiling patterns; any other colour, and
//    everything that is not a colour operator, is left as written;
//  * the page-level transparency group (Cairo marks every page as one, blending in DeviceRGB)
//    removed from pages that use no transparency, so no RIP composites their black through RGB;
//  * with options.pages, every page's MediaBox set to its exact size, a TrimBox inset from it by the
//    page's bleed on each edge, and a BleedBox equal to the MediaBox where there is bleed (Cairo
//    writes neither box; PDF/X and print-on-demand preflight read the trim size from them). Cairo
//    clips its drawing to whole points, so PdfDocument gives it pages rounded up to whole points;
//    here the page is cut back to its exact size, the content moved down by the rounding (PDF's
//    origin is the bottom left) so the top left corner stays where it was drawn;
//  * the creation and modification dates removed when options.keep_dates is false;
//  * a deterministic /ID (a digest of the content), so the same input gives the same bytes.
// Fonts, outlines, page labels, metadata and page geometry are kept as they are. Shadings and images
// stay in the colour space Cairo gave them. Throws std::runtime_error when the input is not a PDF
// that qpdf reads without complaint (which for Cairo output would be a bug); never prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::typeset {

// How far the trimmed page lies inside each edge of the PDF page, in points. A book printed on
// demand has bleed on the top, bottom and outside edge only, never in the gutter.
struct Bleed {
  double left = 0;
  double right = 0;
  double top = 0;
  double bottom = 0;

  bool any() const { return left > 0 || right > 0 || top > 0 || bottom > 0; }
  static Bleed all(double bleed) { return {bleed, bleed, bleed, bleed}; }
};

// The finished geometry of one page: the PDF page (MediaBox) size and the bleed around the trim.
struct PageBoxes {
  double width = 0;
  double height = 0;
  Bleed bleed;
};

// PDF/X-1a:2001 (ISO 15930-1), which presses and newspapers ask for: a PDF 1.3 file with the
// printing condition as an output intent (the ICC output profile embedded), GTS_PDFXVersion and
// GTS_PDFXConformance and Trapped /False in the document information, and (always) a TrimBox on
// every page. The document's colours must be gray or CMYK (neutral template colours, as in every
// shipped template) and it must use no transparency: a page that does is an error.
struct PdfX {
  std::string output_profile;    // the ICC profile's bytes: an output (prtr) CMYK or gray profile
  std::string output_condition;  // OutputConditionIdentifier and Info, e.g. "Ghostscript default CMYK"
};

struct PrintReadyOptions {
  bool keep_dates = true;  // false removes /CreationDate and /ModDate (Cairo always writes them)
  std::optional<PdfX> pdfx;
  // Every page's boxes, in page order; empty leaves the page geometry as Cairo wrote it.
  std::vector<PageBoxes> pages;
};

std::string make_print_ready(std::string_view pdf, const PrintReadyOptions& options = {});

}  // namespace sudoku::typeset
