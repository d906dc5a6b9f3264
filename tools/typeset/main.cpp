// typeset: lay out a generated book as a print-ready PDF with a page template.
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli.hpp"
#include "resources.hpp"
#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/split.hpp"
#include "sudoku/typeset/template.hpp"
#include "sudoku/typeset/typeset.hpp"

namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using sudoku::cli::UsageError;

struct Options {
  std::string book;           // BOOK_DIR, or a book.json file
  std::string template_name;  // shipped NAME or a FILE path
  std::string output;         // empty: BOOK_DIR/<template name>.pdf
  bool solutions = true;
  std::optional<std::int64_t> date;
  std::vector<fs::path> font_dirs;
  std::string cover;  // empty: no cover
  sudoku::typeset::Paper paper = sudoku::typeset::Paper::white;
  bool pdfx = false;
  std::string output_profile;
  bool split = false;  // one file per grid in the folder `output`
  std::vector<sudoku::typeset::SplitFormat> formats{sudoku::typeset::SplitFormat::pdf};
  std::string proof;  // with split; default OUTPUT/proof.pdf
};

// Ghostscript's CMYK output profile (Debian: libgs-common, which ghostscript brings).
constexpr const char* kDefaultOutputProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc";

// Seconds since 1970 for "YYYY-MM-DD" (midnight UTC) or "YYYY-MM-DDTHH:MM:SSZ".
std::optional<std::int64_t> parse_date(const std::string& text) {
  if (text.size() < 10 || !sudoku::is_iso_date(text.substr(0, 10))) return std::nullopt;
  std::tm parts{};
  parts.tm_year = std::stoi(text.substr(0, 4)) - 1900;
  parts.tm_mon = std::stoi(text.substr(5, 2)) - 1;
  parts.tm_mday = std::stoi(text.substr(8, 2));
  if (text.size() != 10) {
    int hour = 0, minute = 0, second = 0;
    char t = 0, z = 0, extra = 0;
    if (std::sscanf(text.c_str() + 10, "%c%2d:%2d:%2d%c%c", &t, &hour, &minute, &second, &z, &extra) != 5 ||
        t != 'T' || z != 'Z' || hour > 23 || minute > 59 || second > 60)
      return std::nullopt;
    parts.tm_hour = hour;
    parts.tm_min = minute;
    parts.tm_sec = second;
  }
  return static_cast<std::int64_t>(timegm(&parts));
}

bool parse_options(int argc, char** argv, Options& options) {
  sudoku::cli::CommandLine command_line;
  command_line.tool = "typeset";
  command_line.usage =
      "typeset BOOK_DIR --template NAME|FILE [-o OUT.pdf] [--solutions separate|none] [--cover COVER.pdf "
      "[--paper white|cream]] [--pdfx [--output-profile ICC]]\n"
      "       typeset BOOK_DIR --template NAME|FILE --split -o DIR [--format pdf,svg,eps] [--proof FILE]";
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
      "With --split, every grid and every solution is a file of its own in DIR, sized to the grid and its\n"
      "captions, named by the template's <split> (default {date}-{slot}.pdf and {date}-{slot}-solution.pdf\n"
      "for calendar books, else {chapter}-{number}), plus DIR/proof.pdf with every grid for the editor.\n"
      "The PDF dates come from --date, else SOURCE_DATE_EPOCH, else the current time.\n"
      "Exit status: 0 on success, 2 for a bad option, an unreadable or invalid book or template, or an "
      "output\n"
      "that cannot be written (messages name FILE:LINE where the problem is).";
  std::string solutions;
  std::string date;
  std::string paper;
  std::vector<std::string> font_dirs;
  std::string formats;
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
      "paper", po::value(&paper), "interior paper, for the spine width: white (default) or cream")(
      "pdfx", po::bool_switch(&options.pdfx), "make the PDFs PDF/X-1a:2001, with an output intent")(
      "output-profile", po::value(&options.output_profile),
      ("ICC output profile for --pdfx (default " + std::string(kDefaultOutputProfile) + ")").c_str())(
      "split", po::bool_switch(&options.split),
      "one file per grid (and solution) in the folder -o DIR, plus a proof PDF of them all")(
      "format", po::value(&formats), "with --split: comma-separated file formats, pdf (default), svg, eps")(
      "proof", po::value(&options.proof), "with --split: the proof PDF to write (default DIR/proof.pdf)")(
      "book", po::value(&options.book), "book directory (positional)");
  command_line.positional.add("book", 1);
  po::variables_map values;
  if (!sudoku::cli::parse_command_line(argc, argv, command_line, values)) return false;
  if (options.book.empty()) throw UsageError("no book directory given");
  if (solutions == "separate")
    options.solutions = true;
  else if (solutions == "none")
    options.solutions = false;
  else
    throw UsageError("--solutions expects separate or none, got '" + solutions + "'");
  if (!date.empty()) {
    options.date = parse_date(date);
    if (!options.date)
      throw UsageError("--date expects YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, got '" + date + "'");
  } else {
    options.date = sudoku::cli::source_date_epoch();
  }
  for (const auto& dir : font_dirs) options.font_dirs.emplace_back(dir);
  if (!paper.empty() && options.cover.empty()) throw UsageError("--paper applies to --cover only");
  if (!options.output_profile.empty() && !options.pdfx)
    throw UsageError("--output-profile applies to --pdfx only");
  if (options.pdfx && options.output_profile.empty()) options.output_profile = kDefaultOutputProfile;
  if (!options.split && (!formats.empty() || !options.proof.empty()))
    throw UsageError(std::string(formats.empty() ? "--proof" : "--format") + " applies to --split only");
  if (options.split) {
    if (options.output.empty()) throw UsageError("--split needs -o DIR, the folder for the grids' files");
    if (!options.cover.empty())
      throw UsageError("--cover makes a book's cover; it does not apply to --split");
    try {
      if (!formats.empty()) options.formats = sudoku::typeset::parse_split_formats(formats);
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("--format ") + error.what());
    }
    if (options.proof.empty()) options.proof = (fs::path(options.output) / "proof.pdf").string();
  }
  if (paper == "cream")
    options.paper = sudoku::typeset::Paper::cream;
  else if (!paper.empty() && paper != "white")
    throw UsageError("--paper expects white or cream, got '" + paper + "'");
  return true;
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

int run(const Options& options) {
  fs::path book_file = options.book;
  fs::path book_dir = options.book;
  std::error_code error;
  if (fs::is_directory(book_file, error)) {
    book_file /= "book.json";
  } else if (book_file.extension() == ".json") {
    book_dir = book_file.parent_path();
  } else {
    throw sudoku::IoError(options.book + ": not a book directory (expected a folder holding book.json)");
  }
  const sudoku::Book book = sudoku::read_book(book_file.string());
  const sudoku::typeset::Template page_template =
      sudoku::typeset::load_template(resolve_template(options.template_name));

  sudoku::typeset::TypesetOptions typeset;
  typeset.font_dirs = options.font_dirs;
  for (auto& dir : sudoku::cli::data_dirs("fonts")) typeset.font_dirs.push_back(std::move(dir));
  typeset.include_solutions = options.solutions;
  typeset.date = options.date;
  typeset.creator = "sudoku-press typeset " + std::string(sudoku::cli::version());
  typeset.book_source = book_file.string();
  typeset.cover_path = options.cover;
  if (options.pdfx)
    typeset.pdfx = sudoku::typeset::PdfX{sudoku::read_file(options.output_profile),
                                         fs::path(options.output_profile).filename().string()};
  typeset.paper = options.paper;
  if (options.split) {
    sudoku::typeset::SplitOptions split{typeset, options.formats, options.proof};
    const auto result = sudoku::typeset::typeset_split(book, page_template, split, options.output);
    std::cout << options.output << ": " << result.grids << " grids, " << result.files.size() - 1 << " files, "
              << (result.bytes + 512) / 1024 << " KB; " << options.proof << ": " << result.proof_pages
              << " pages\n";
    return sudoku::cli::kSuccess;
  }
  const std::string output =
      options.output.empty() ? (book_dir / (page_template.name + ".pdf")).string() : options.output;
  const auto result = sudoku::typeset::typeset_book(book, page_template, typeset, output);
  std::cout << output << ": " << result.pages << " pages, " << (result.bytes + 512) / 1024 << " KB\n";
  if (!options.cover.empty())
    std::cout << options.cover << ": cover, " << (result.cover_bytes + 512) / 1024 << " KB\n";
  return sudoku::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  return sudoku::cli::run_tool("typeset", [&] {
    Options options;
    if (!parse_options(argc, argv, options)) return static_cast<int>(sudoku::cli::kSuccess);
    return run(options);
  });
}
