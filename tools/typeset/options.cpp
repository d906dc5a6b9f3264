// SPDX-License-Identifier: Apache-2.0
#include "options.hpp"

#include <stdexcept>

#include "cli.hpp"
#include "resources.hpp"
#include "sudoku/typeset/template/catalog.hpp"

namespace sudoku::typeset_tool {
namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using sudoku::cli::UsageError;

// Ghostscript's CMYK output profile (Debian: libgs-common, which ghostscript brings).
constexpr const char* kDefaultOutputProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc";

}  // namespace

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "typeset";
  command_line.usage =
      "typeset BOOK_DIR --template NAME|FILE [-o OUT.pdf] [--solutions separate|none] [--cover COVER.pdf "
      "[--paper white|cream] [--cover-style typographic|pattern|art] [--cover-art ART.png|.jpg|.pdf]] [--pdfx [--output-profile ICC] [--output-condition ID]] [--target NAME|FILE] "
      "[--draft] [--hints] [--how-to-solve]\n"
      "       typeset BOOK_DIR --template NAME|FILE --preflight [--preflight-format text|json] "
      "[--target NAME|FILE] [--draft] [--paper white|cream] [--pdfx ...]\n"
      "       typeset BOOK_DIR --template NAME|FILE --split -o DIR [--format pdf,svg,eps] [--proof FILE] [--hints]\n"
      "       typeset BOOK_DIR --template web [-o SITE_DIR]\n"
      "       (all four take [--lang CODE])";
  command_line.summary =
      "Lays out BOOK_DIR/book.json (written by generate-book) as a print-ready vector PDF with a page "
      "template.\n"
      "NAME is a shipped template (" +
      [] {
        std::string names;
        for (const auto& name : sudoku::cli::list_data_files("templates", ".xml"))
          names += (names.empty() ? "" : ", ") + name;
        return names.empty() ? std::string("none found") : names;
      }() +
      "); anything with a '/' or ending in .xml is a template file.\n"
      "The output defaults to BOOK_DIR/<template name>.pdf and is replaced atomically.\n"
      "--template web writes the web edition instead: a static site of playable pages, one per puzzle, and\n"
      "an index.html, in SITE_DIR (default BOOK_DIR/web; docs/web.md).\n"
      "With --split, every grid and every solution is a file of its own in DIR, sized to the grid and its\n"
      "captions, named by the template's <split> (default {date}-{slot}.pdf and {date}-{slot}-solution.pdf\n"
      "for calendar books, else {chapter}-{number}), plus DIR/proof.pdf with every grid for the editor.\n"
      "The PDF dates come from --date, else SOURCE_DATE_EPOCH, else the current time.\n"
      "Every printed word is in the language --lang names, else the plan's \"language\", else English\n"
      "(catalogues templates/lang/CODE.po; shipped: " +
      [] {
        std::string codes;
        for (const auto& code : sudoku::typeset::known_languages(sudoku::cli::data_dirs("templates/lang")))
          codes += (codes.empty() ? "" : ", ") + code;
        return codes;
      }() +
      ").\n"
      "Exit status: 0 on success, 2 for a bad option, an unreadable or invalid book or template, or an "
      "output\n"
      "that cannot be written (messages name FILE:LINE where the problem is).";
  std::string solutions;
  std::string date;
  std::string paper;
  std::vector<std::string> font_dirs;
  std::string formats;
  std::string preflight_format;
  command_line.options.add_options()("template,t", po::value(&options.template_name)->required(),
                                     "page template: a shipped NAME or an XML FILE")(
      "output,o", po::value(&options.output), "PDF to write (default BOOK_DIR/<template name>.pdf)")(
      "solutions", po::value(&solutions)->default_value("separate"),
      "separate: solution pages at the back; none: no solutions")(
      "date", po::value(&date),
      "PDF creation date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ (for reproducible output)")(
      "font-dir", po::value(&font_dirs),
      "extra folder searched for fonts before the shipped fonts/ (repeatable)")(
      "cover", po::value(&options.cover),
      "also write the full-wrap cover for this interior (template masters front-cover, back-cover, spine)")(
      "cover-style", po::value(&options.cover_style),
      "with --cover or --preflight: the cover's design, typographic, pattern or art (default: the template's)")(
      "cover-art", po::value(&options.cover_art),
      "with --cover or --preflight: the publisher's art placed full-bleed on the front: a PNG or JPEG of at "
      "least 300 dpi, or a PDF whose first page is drawn as vectors (under --pdfx rasterised at 300 dpi)")(
      "paper", po::value(&paper), "interior paper, for the spine width: white (default) or cream")(
      "pdfx", po::bool_switch(&options.pdfx), "make the PDFs PDF/X-1a:2001, with an output intent")(
      "output-profile", po::value(&options.output_profile),
      ("ICC output profile for --pdfx: a CMYK or grey output (printer) profile (default " +
       std::string(kDefaultOutputProfile) + ")")
          .c_str())(
      "output-condition", po::value(&options.output_condition),
      "with --pdfx: the printing condition's identifier in the ICC registry (e.g. FOGRA39, CGATS TR 001), "
      "or Custom; default: the one the profile's description names, else Custom")(
      "split", po::bool_switch(&options.split),
      "one file per grid (and solution) in the folder -o DIR, plus a proof PDF of them all")(
      "format", po::value(&formats), "with --split: comma-separated file formats, pdf (default), svg, eps")(
      "proof", po::value(&options.proof), "with --split: the proof PDF to write (default DIR/proof.pdf)")(
      "lang", po::value(&options.language),
      "language of the printed text: en, de, fr, es, it, ja or any catalogue in templates/lang (default: the "
      "plan's \"language\", else en)")(
      "target", po::value(&options.target),
      "print target replacing the template's <print-target>: a shipped NAME (templates/targets/) or a FILE")(
      "preflight", po::bool_switch(&options.preflight),
      "check the book against its print target and print the report; no file is written "
      "(exit 0 pass, 1 fail)")("preflight-format", po::value(&preflight_format),
                               "with --preflight: text (default) or json")(
      "draft", po::bool_switch(&options.draft),
      "a proof: typeset a book under the print target's minimum page count (reported as not printable)")(
      "hints", po::bool_switch(&options.hints),
      "a hints section after the puzzles: for each puzzle above easy, where to look, the technique, the "
      "cells and a picture of the step, with page references both ways; with a template that has a <tip> "
      "(newspaper, also with --split), a one-line tip under each hard or evil grid instead")(
      "how-to-solve", po::bool_switch(&options.how_to_solve),
      "a how-to-solve chapter before the puzzles: one pictured example per technique the book uses, "
      "taken from its own puzzles")(
      "book", po::value(&options.book), "book directory (positional)");
  command_line.positional.add("book", 1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (options.book.empty()) throw UsageError("no book directory given");
  if (values.count("lang") && options.language.empty()) throw UsageError("--lang expects a language code such as de");
  if (options.template_name == "web") {
    options.web = true;
    if (options.split || options.preflight || !options.cover.empty() || options.pdfx || options.draft ||
        options.hints || options.how_to_solve || !options.target.empty() || !paper.empty() ||
        !formats.empty() || !options.proof.empty() || !preflight_format.empty() || !values["solutions"].defaulted())
      throw UsageError("--template web writes a web edition: it takes only -o DIR and --lang "
                       "(no --split, --preflight, --cover, --pdfx, --draft, --hints, --how-to-solve, --target, --paper or --solutions)");
  }
  if (solutions == "separate")
    options.solutions = true;
  else if (solutions == "none")
    options.solutions = false;
  else
    throw UsageError("--solutions expects separate or none, got '" + solutions + "'");
  if (!date.empty()) {
    options.date = sudoku::cli::parse_timestamp(date);
    if (!options.date)
      throw UsageError("--date expects YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, got '" + date + "'");
  } else {
    options.date = sudoku::cli::source_date_epoch();
  }
  for (const auto& dir : font_dirs) options.font_dirs.emplace_back(dir);
  if (!paper.empty() && options.cover.empty() && !options.preflight)
    throw UsageError("--paper applies to --cover and --preflight only");
  if ((!options.cover_style.empty() || !options.cover_art.empty()) && options.cover.empty() && !options.preflight)
    throw UsageError(std::string(options.cover_style.empty() ? "--cover-art" : "--cover-style") +
                     " applies to --cover and --preflight only");
  if (!options.cover_style.empty() && options.cover_style != "typographic" && options.cover_style != "pattern" &&
      options.cover_style != "art")
    throw UsageError("--cover-style expects typographic, pattern or art, got '" + options.cover_style + "'");
  if (!options.output_profile.empty() && !options.pdfx)
    throw UsageError("--output-profile applies to --pdfx only");
  if (!options.output_condition.empty() && !options.pdfx)
    throw UsageError("--output-condition applies to --pdfx only");
  if (options.output_condition.find_first_of("\r\n") != std::string::npos)
    throw UsageError("--output-condition must be one line");
  if (options.pdfx && options.output_profile.empty()) options.output_profile = kDefaultOutputProfile;
  if (!options.split && (!formats.empty() || !options.proof.empty()))
    throw UsageError(std::string(formats.empty() ? "--proof" : "--format") + " applies to --split only");
  if (options.split && options.draft) throw UsageError("--draft applies to books, not --split");
  if (options.split && options.how_to_solve) throw UsageError("--how-to-solve applies to books, not --split");
  if (!preflight_format.empty() && !options.preflight)
    throw UsageError("--preflight-format applies to --preflight only");
  if (preflight_format == "json")
    options.preflight_json = true;
  else if (!preflight_format.empty() && preflight_format != "text")
    throw UsageError("--preflight-format expects text or json, got '" + preflight_format + "'");
  if (options.preflight && options.split)
    throw UsageError("--preflight checks a book; it does not apply to --split");
  if (options.preflight && !options.cover.empty())
    throw UsageError("--preflight writes no file: leave out --cover (the report covers the spine)");
  if (options.preflight && !options.output.empty())
    throw UsageError("--preflight writes no file: leave out -o");
  if (options.split) {
    if (options.output.empty()) throw UsageError("--split needs -o DIR, the folder for the grids' files");
    if (!options.cover.empty())
      throw UsageError("--cover makes a book's cover; it does not apply to --split");
    try {
      if (!formats.empty()) options.formats = sudoku::typeset::parse_split_formats(formats);
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("--format ") + error.what());
    }
  }
  if (paper == "cream")
    options.paper = sudoku::typeset::Paper::cream;
  else if (!paper.empty() && paper != "white")
    throw UsageError("--paper expects white or cream, got '" + paper + "'");
  return true;
}

std::string resolve_target(const std::string& name) {
  if (name.find('/') != std::string::npos || name.ends_with(".xml")) return name;
  if (const auto path = sudoku::cli::find_data_file("templates", "targets/" + name + ".xml"))
    return path->string();
  std::string shipped;
  for (const auto& known : sudoku::cli::list_data_files("templates/targets", ".xml"))
    shipped += (shipped.empty() ? "" : ", ") + known;
  throw UsageError("unknown print target '" + name + "' (shipped: " +
                   (shipped.empty() ? "none found" : shipped) + "; give a path to use a target file)");
}

std::string resolve_template(const std::string& name) {
  if (name.find('/') != std::string::npos || name.ends_with(".xml")) return name;
  if (const auto path = sudoku::cli::find_data_file("templates", name + ".xml")) return path->string();
  std::string shipped;
  for (const auto& known : sudoku::cli::list_data_files("templates", ".xml"))
    shipped += (shipped.empty() ? "" : ", ") + known;
  throw UsageError("unknown template '" + name + "' (shipped: " + (shipped.empty() ? "none found" : shipped) +
                   "; give a path to use a template file)");
}

}  // namespace sudoku::typeset_tool
