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
//  * with options.page_bleeds, a TrimBox on every page, inset from the MediaBox by the page's bleed,
//    and a BleedBox equal to the MediaBox where the bleed is positive (Cairo writes neither; PDF/X
//    and print-on-demand preflight read the trim size from them);
//  * the creation and modification dates removed when options.keep_dates is false;
//  * a deterministic /ID (a digest of the content), so the same input gives the same bytes.
// Fonts, outlines, page labels, metadata and page geometry are kept as they are. Shadings and images
// stay in the colour space Cairo gave them. Throws std::runtime_error when the input is not a PDF
// that qpdf reads without complaint (which for Cairo output would be a bug); never prints.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku::typeset {

struct PrintReadyOptions {
  bool keep_dates = true;  // false removes /CreationDate and /ModDate (Cairo always writes them)
  // The bleed of each page in points, in page order; empty leaves the page boxes as they are.
  std::vector<double> page_bleeds;
};

std::string make_print_ready(std::string_view pdf, const PrintReadyOptions& options = {});

}  // namespace sudoku::typeset
