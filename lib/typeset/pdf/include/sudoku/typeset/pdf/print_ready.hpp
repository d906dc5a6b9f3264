// SPDX-License-Identifier: Apache-2.0
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
//  * the creation and modification dates removed when options.keep_dates is false, else written as
//    PDF dates ("D:" prefix, Cairo 1.16 writes ISO 8601 dates without it) from options.date;
//  * page labels written as ranges (ISO 32000-1, 12.4.2): a run of pages labelled 1, 2, 3, ... (or
//    i, ii, iii, ...) becomes one decimal (or roman) range, other labels stay prefixes;
//  * a deterministic /ID (a digest of the content), so the same input gives the same bytes.
//  * every colour of options.cmyk (a template's cmyk() colours, which Cairo can only draw as their
//    RGB stand-ins) set with `rg`/`RG` rewritten as `k`/`K` with its CMYK values, so a cover's
//    palette prints as the designer chose it, on any press, with or without PDF/X;
//  * with options.pdfx, every 8-bit DeviceRGB image (a cover's art) converted by Little CMS from
//    sRGB to the output intent's profile (perceptual intent) and stored as DeviceCMYK (or
//    DeviceGray for a grey profile): PDF/X-1a allows no RGB.
// Fonts, outlines, metadata and page geometry are kept as they are. Shadings, and images without
// PDF/X, stay in the colour space Cairo gave them. Throws std::runtime_error when the input is not a PDF
// that qpdf reads without complaint (which for Cairo output would be a bug); never prints.
#pragma once

#include <array>
#include <cstdint>
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
// printing condition as an output intent (the ICC output profile embedded, /N its channels),
// GTS_PDFXVersion and GTS_PDFXConformance and Trapped /False in the document information, and
// (always) a TrimBox on every page. The document's colours must be grey or CMYK and it must use no
// transparency: a page that does, or that sets any other colour (`rg`/`RG` that is not a grey), is
// an error.
struct PdfX {
  std::string output_profile;  // the ICC profile's bytes: an output (prtr) CMYK or grey profile
  int channels = 4;            // the profile's colour channels: 4 (CMYK) or 1 (grey)
  std::string description;     // the profile's description, the output intent's /Info
  // /OutputConditionIdentifier: a characterization in the ICC registry (www.color.org), e.g.
  // "FOGRA39" or "CGATS TR 001", or "Custom" for a printing condition that is not registered.
  std::string condition_identifier;
  std::string condition;  // /OutputCondition, a readable name of the printing condition
  bool registered() const { return condition_identifier != "Custom"; }
};

// Reads an ICC profile (`bytes`, read from the file `source`) as the output intent of a PDF/X file:
// it must be an output (printer) profile for CMYK or grey. The identifier is `condition` when given
// (a registered characterization name, or "Custom"), else the registered characterization that the
// profile's description names (see registered_condition), else "Custom" with the description as the
// output condition. InputError naming `source` and what it is instead: "not an ICC profile", "an RGB
// display profile", "a CMYK device link profile" and so on.
//   const PdfX intent = read_output_intent(sudoku::read_file(path), path);
//   make_print_ready(pdf, {.pdfx = intent});
PdfX read_output_intent(std::string_view bytes, const std::string& source, const std::string& condition = {});

// 8-bit sRGB pixels (3 bytes each) converted by Little CMS to the output intent's colour space
// (perceptual intent, black point compensation): 4 bytes a pixel (CMYK) or 1 (grey). Throws
// std::runtime_error when Little CMS cannot make the transform.
std::string rgb_to_output(std::string_view rgb, const PdfX& pdfx);

// The ICC registry's characterization identifier for a profile description that names one
// ("Coated FOGRA39 (ISO 12647-2:2004)" gives "FOGRA39", "U.S. Web Coated (SWOP) v2" and
// Ghostscript's "Artifex CMYK SWOP Profile" give "CGATS TR 001"), else nullopt.
std::optional<std::string> registered_condition(std::string_view description);

// A CMYK colour and the RGB stand-in Cairo drew it with (a template's cmyk() colour: see units.hpp).
struct CmykInk {
  std::array<int, 3> rgb{};          // 0..255: Cairo's `r g b rg` operands times 255, rounded
  std::array<double, 4> cmyk{};      // 0..1: cyan, magenta, yellow, black
  friend bool operator==(const CmykInk&, const CmykInk&) = default;
};

struct PrintReadyOptions {
  bool keep_dates = true;  // false removes /CreationDate and /ModDate (Cairo always writes them)
  // With keep_dates: the creation and modification date, seconds since 1970 (UTC), written as PDF
  // dates (D:YYYYMMDDHHmmSS+00'00'), replacing Cairo's; nullopt keeps Cairo's.
  std::optional<std::int64_t> date;
  std::optional<PdfX> pdfx;
  // Every page's boxes, in page order; empty leaves the page geometry as Cairo wrote it.
  std::vector<PageBoxes> pages;
  // Every page's label, in page order, replacing Cairo's; empty keeps Cairo's.
  std::vector<std::string> page_labels;
  // Colours drawn as RGB stand-ins that are written as CMYK (see CmykInk); their RGB must differ.
  std::vector<CmykInk> cmyk;
};

// "D:20250303000000+00'00'", the PDF date (ISO 32000-1, 7.9.4) of a Unix time in UTC.
std::string pdf_date(std::int64_t seconds);

std::string make_print_ready(std::string_view pdf, const PrintReadyOptions& options = {});

// The fonts of a PDF as a prepress check reads them: every font descriptor, and the names of those
// without an embedded font program (/FontFile, /FontFile2 or /FontFile3), which a printer would
// refuse or substitute. Throws std::runtime_error when qpdf cannot read the bytes.
//   const FontEmbedding fonts = font_embedding(pdf);  // fonts.not_embedded.empty() for our PDFs
struct FontEmbedding {
  int fonts = 0;
  std::vector<std::string> not_embedded;
};
FontEmbedding font_embedding(std::string_view pdf_bytes);

}  // namespace sudoku::typeset
