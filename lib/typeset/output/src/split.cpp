// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/output/split.hpp"

#include <cairo-ps.h>
#include <cairo-svg.h>
#include <glib.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/base/output_set.hpp"
#include "sudoku/typeset/draw/grid_painter.hpp"
#include "sudoku/typeset/layout/grid_block.hpp"
#include "sudoku/typeset/layout/legibility.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/step_sections.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/template/units.hpp"
#include "sudoku/typeset/text/canvas.hpp"

namespace sudoku::typeset {
namespace {

// A Cairo vector surface (EPS or SVG) writing into a string, finished before its bytes are read.
class StreamSurface {
 public:
  explicit StreamSurface(cairo_surface_t* (*create)(cairo_write_func_t, void*, double, double), double width,
                         double height)
      : surface_(create(append_bytes, &bytes_, width, height)) {}
  ~StreamSurface() { cairo_surface_destroy(surface_); }
  StreamSurface(const StreamSurface&) = delete;
  StreamSurface& operator=(const StreamSurface&) = delete;

  cairo_surface_t* get() const { return surface_; }

  std::string finish() {
    cairo_surface_finish(surface_);
    if (const cairo_status_t status = cairo_surface_status(surface_); status != CAIRO_STATUS_SUCCESS)
      throw std::runtime_error(std::string("split output: cannot finish a file: ") +
                               cairo_status_to_string(status));
    return std::move(bytes_);
  }

 private:
  std::string bytes_;
  cairo_surface_t* surface_;
};

// Draws on `surface` through a cairo_t that lives as long as the drawing.
template <typename Draw>
void draw_on(cairo_surface_t* surface, Draw&& draw) {
  cairo_t* cairo = cairo_create(surface);
  try {
    Canvas canvas(cairo);
    draw(canvas);
  } catch (...) {
    cairo_destroy(cairo);
    throw;
  }
  const cairo_status_t status = cairo_status(cairo);
  cairo_destroy(cairo);
  if (status != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error(std::string("split output: cannot draw: ") + cairo_status_to_string(status));
}

// Replaces the whole line that starts with `key` (the first one) by `line`; appends nothing when
// there is none.
void replace_line(std::string& text, std::string_view key, const std::string& line) {
  const std::size_t at = text.starts_with(key) ? 0 : text.find("\n" + std::string(key));
  if (at == std::string::npos) return;
  const std::size_t begin = at == 0 ? 0 : at + 1;
  const std::size_t end = text.find('\n', begin);
  text.replace(begin, end == std::string::npos ? std::string::npos : end - begin, line);
}

// EPS: the bounding box of the block, not of the ink (Cairo writes the ink's, which would change
// with the digits and cut the caption's line box), and a reproducible creation date.
std::string render_eps(double width, double height, const std::string& title,
                       std::optional<std::int64_t> date, const std::function<void(Canvas&)>& draw) {
  // Cairo's PostScript page is whole points: it flips y about the height rounded up and clips to
  // the height rounded down. It gets the block rounded up, and the drawing moves down by the
  // rounding, so the block's bottom left corner is the origin and the HiRes box fits it exactly.
  const double whole_width = std::ceil(width - 1e-9);
  const double whole_height = std::ceil(height - 1e-9);
  StreamSurface surface(cairo_ps_surface_create_for_stream, whole_width, whole_height);
  cairo_ps_surface_set_eps(surface.get(), 1);
  cairo_ps_surface_restrict_to_level(surface.get(), CAIRO_PS_LEVEL_2);
  const std::string title_comment = "%%Title: " + title;
  cairo_ps_surface_dsc_comment(surface.get(), title_comment.c_str());
  // Text as outlines: a placed EPS then needs no font at the RIP, and Cairo 1.16's PostScript
  // backend leaks 2 KB per OpenType (CFF) font it embeds (LeakSanitizer finds it in every file).
  std::vector<PlacedText> texts;
  draw_on(surface.get(), [&](Canvas& canvas) {
    cairo_translate(canvas.cairo(), 0, whole_height - height);
    canvas.record_text(&texts);
    draw(canvas);
    cairo_identity_matrix(canvas.cairo());  // the recorded origins are in device space
    for (const PlacedText& text : texts) {
      canvas.set_font(text.font, text.size);
      canvas.fill_text_outline(text.utf8, text.origin, text.color);
    }
  });
  std::string eps = surface.finish();
  const std::string box = "0 0 " + formatted("%.0f", whole_width) + " " + formatted("%.0f", whole_height);
  const std::string hires = "0 0 " + formatted("%.4f", width) + " " + formatted("%.4f", height);
  replace_line(eps, "%%BoundingBox:", "%%BoundingBox: " + box + "\n%%HiResBoundingBox: " + hires);
  replace_line(eps, "%%PageBoundingBox:", "%%PageBoundingBox: " + box);
  replace_line(
      eps, "%%CreationDate:",
      "%%CreationDate: " + iso_utc_time(date ? *date : static_cast<std::int64_t>(std::time(nullptr))));
  return eps;
}

std::string xml_escaped(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

bool contains(const std::string& text, std::string_view word) {
  return text.find(word) != std::string::npos;
}

// CSS font properties for a face's style name ("Bold Italic", "Light", "Regular").
std::string font_attributes(const Font& font) {
  const std::string& style = font.style();
  std::string weight = "normal";
  if (contains(style, "Black") || contains(style, "Heavy"))
    weight = "900";
  else if (contains(style, "Bold"))
    weight = "bold";
  else if (contains(style, "Medium"))
    weight = "500";
  else if (contains(style, "Light"))
    weight = "300";
  std::string attributes =
      "font-family=\"'" + xml_escaped(font.family()) + "', sans-serif\" font-weight=\"" + weight + "\"";
  if (contains(style, "Italic") || contains(style, "Oblique")) attributes += " font-style=\"italic\"";
  return attributes;
}

std::string svg_color(Color color) {
  return "rgb(" + formatted("%.1f", color.red * 100) + "%," + formatted("%.1f", color.green * 100) + "%," +
         formatted("%.1f", color.blue * 100) + "%)";
}

// SVG: Cairo draws the lines; the texts it recorded instead of drawing are added as <text>
// elements at the same baselines, before the end of Cairo's surface group.
std::string render_svg(double width, double height, const std::function<void(Canvas&)>& draw) {
  StreamSurface surface(cairo_svg_surface_create_for_stream, width, height);
  std::vector<PlacedText> texts;
  draw_on(surface.get(), [&](Canvas& canvas) {
    canvas.record_text(&texts);
    draw(canvas);
  });
  std::string svg = surface.finish();
  // Cairo numbers its surfaces per process ("surface7"): the same grid would differ between runs.
  const std::size_t id = svg.find("<g id=\"surface");
  if (id != std::string::npos) {
    const std::size_t quote = svg.find('"', id + 7);
    svg.replace(id, quote + 1 - id, "<g id=\"grid\"");
  }
  std::string elements;
  for (const PlacedText& text : texts)
    elements += "<text x=\"" + formatted("%.3f", text.origin.x) + "\" y=\"" +
                formatted("%.3f", text.origin.y) + "\" " + font_attributes(text.font) + " font-size=\"" +
                formatted("%.3f", text.size) + "\" fill=\"" + svg_color(text.color) +
                "\" xml:space=\"preserve\">" + xml_escaped(text.utf8) + "</text>\n";
  const std::size_t end = svg.rfind("</g>");
  if (end == std::string::npos) throw std::runtime_error("split output: Cairo's SVG has no surface group");
  svg.insert(end, elements);
  return svg;
}

std::string render_block_pdf(double width, double height, PdfMetadata metadata,
                             const std::function<void(Canvas&)>& draw) {
  PdfDocument pdf(metadata);
  pdf.begin_page(width, height);
  Canvas canvas(pdf.context());
  draw(canvas);
  pdf.end_page();
  return pdf.finish();
}

// Whether a character above ASCII is kept in a file name: letters, combining marks and numbers of
// every script (by Unicode category, from GLib's tables); spaces, punctuation, symbols, controls,
// format characters (soft hyphen, byte order mark) and private use are not.
bool keeps_in_file_name(gunichar code) {
  switch (g_unichar_type(code)) {
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
      return true;
    default:
      return false;
  }
}

// `text` as well-formed UTF-8 in Unicode's composed form (NFC), so a title typed with combining
// accents ("u" + U+0308) names the same file as one typed with "ü"; a byte that does not start a
// well-formed sequence becomes U+FFFD, which no file name keeps.
std::string composed_utf8(const std::string& text) {
  std::string valid;
  for (const char* at = text.data(); at < text.data() + text.size();) {
    const char* end = text.data() + text.size();
    const gunichar code = g_utf8_get_char_validated(at, end - at);
    if (code == static_cast<gunichar>(-1) || code == static_cast<gunichar>(-2)) {
      valid += "\xEF\xBF\xBD";
      ++at;
      continue;
    }
    const char* next = g_utf8_next_char(at);
    valid.append(at, next);
    at = next;
  }
  gchar* normal = g_utf8_normalize(valid.c_str(), static_cast<gssize>(valid.size()), G_NORMALIZE_NFC);
  std::string result = normal != nullptr ? normal : valid;
  g_free(normal);
  return result;
}

// Letters, marks and numbers of every script (UTF-8, composed: NFC), '.', '_' and '-' as they are;
// each run of anything else (spaces, slashes, punctuation, bytes that are not UTF-8) one '-', none
// at either end. A leading dot would hide the file.
std::string file_name_of(const std::string& title) {
  const std::string text = composed_utf8(title);
  std::string name;
  bool gap = false;  // something was left out since the last character kept
  const auto keep = [&](std::string_view characters) {
    if (gap && !name.empty() && name.back() != '-' && characters != "-") name += '-';
    gap = false;
    name += characters;
  };
  for (const char* at = text.c_str(); *at != '\0';) {
    const char c = *at;
    const char* next = g_utf8_next_char(at);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_') {
      keep(std::string_view(at, 1));
    } else if (c == '-') {  // a dash of the text itself: kept, but never two in a row
      if (!name.empty() && name.back() != '-') name += '-';
      gap = false;
    } else if (static_cast<unsigned char>(c) >= 0x80 && keeps_in_file_name(g_utf8_get_char(at))) {
      keep(std::string_view(at, static_cast<std::size_t>(next - at)));
    } else {
      gap = true;
    }
    at = next;
  }
  while (!name.empty() && name.back() == '-') name.pop_back();
  if (name.starts_with('.')) name.insert(name.begin(), '_');
  return name;
}

// Every grid in book order: each puzzle, then (with solutions) each solution.
struct GridRef {
  PageRole role = PageRole::puzzles;
  SlotContent slot;
};

std::vector<GridRef> grids_of(const Book& book, bool with_solutions) {
  std::vector<GridRef> grids;
  int number = 1;
  for (std::size_t c = 0; c < book.chapters.size(); ++c)
    for (std::size_t p = 0; p < book.chapters[c].puzzles.size(); ++p, ++number) {
      grids.push_back({PageRole::puzzles, {c, p, number}});
      if (with_solutions) grids.push_back({PageRole::solutions, {c, p, number}});
    }
  return grids;
}

// The file name (without extension) of a grid drawn with `values`.
std::string grid_name(const Template& page_template, PageRole role, const TextValues& values, int number) {
  const bool solution = role == PageRole::solutions;
  if (page_template.split) {
    const TextPattern& pattern = solution ? page_template.split->solution : page_template.split->puzzle;
    const auto name = pattern.expand(values);
    if (!name || name->empty())
      throw InputError(page_template.source, page_template.split->line, 0,
                       "the file name pattern '" + pattern.source() + "' has no value for grid " +
                           std::to_string(number) +
                           " (an undated puzzle or one outside a calendar?): use variables every grid has, "
                           "such as {chapter}-{number}");
    return file_name_of(*name);
  }
  const bool calendar = values.get(Variable::date) && values.get(Variable::slot);
  const TextPattern pattern = TextPattern::parse(
      std::string(calendar ? kDefaultCalendarSplitName : kDefaultSplitName) + (solution ? "-solution" : ""));
  return file_name_of(pattern.expand(values).value_or("grid-" + std::to_string(number)));
}

// A grid's file must not take the place of the proof or the cover (the proof is written after the
// grids and would silently replace one), nor start with '-' (read as an option by the desk's
// scripts) or '.' (hidden, and the staging folder's prefix).
void check_split_name(const Template& page_template, const SplitOptions& options, const std::string& name,
                      int number) {
  const auto lower = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  std::vector<std::string> reserved = {"proof", "cover"};
  for (const std::string* path : {&options.proof_path, &options.typeset.cover_path})
    if (!path->empty()) reserved.push_back(lower(std::filesystem::path(*path).stem().string()));
  std::string why;
  if (std::find(reserved.begin(), reserved.end(), lower(name)) != reserved.end())
    why = "a name kept for the proof and the cover";
  else if (name.starts_with("-") || name.starts_with("."))
    why = "a file name must not start with '-' or '.'";
  else if (name.empty())
    why = "an empty name (nothing in it is a letter or a digit)";
  if (why.empty()) return;
  throw InputError(page_template.source, page_template.split ? page_template.split->line : 0, 0,
                   "grid " + std::to_string(number) + " would be written as '" + name + "', " + why +
                       ": give <split name=...> a pattern that cannot make it");
}

// Draws where nothing is kept (a recording surface, text not even shaped): for what drawing tells,
// such as the values a grid's captions use, which name its file.
void draw_unkept(const std::function<void(Canvas&)>& draw) {
  cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  std::vector<PlacedText> texts;
  try {
    draw_on(surface, [&](Canvas& canvas) {
      canvas.record_text(&texts);
      draw(canvas);
    });
  } catch (...) {
    cairo_surface_destroy(surface);
    throw;
  }
  cairo_surface_destroy(surface);
}

// --- the proof ---------------------------------------------------------------------------------

// A4 portrait, entries of a puzzle and its solution under two caption lines: four rows of two
// entries, the puzzle and solution side by side (54 December grids on 7 pages), when every digit and
// cage sum of the book prints at kProofMinimumDigit or more that way; else two rows of one entry,
// side by side; else one entry a page, the solution under the puzzle (25 x 25 grids).
constexpr double kProofWidth = 595.276;
constexpr double kProofHeight = 841.89;
constexpr double kProofMargin = 36;
constexpr double kProofHeaderBaseline = 28;
constexpr double kProofEntryGap = 18;  // between entries, across and down
constexpr double kProofGridGap = 8;    // between a puzzle and its solution
constexpr double kProofCaptionSize = 8;
constexpr double kProofCaptionStep = 10;
constexpr double kProofCaptionsHeight = 2 * kProofCaptionStep + 4;
// The editor reads the proof at its printed size: Killer's cage sums at 3 pt cannot be checked.
constexpr double kProofMinimumDigit = 6;

struct ProofLayout {
  int columns = 2;
  bool stacked = false;  // the solution under its puzzle, not beside it
  double entry_width = 0;
  double entry_height = 0;
  double side = 0;
  int rows = 1;
};

ProofLayout proof_layout(int columns, bool stacked) {
  ProofLayout layout;
  layout.columns = columns;
  layout.stacked = stacked;
  const double content_width = kProofWidth - 2 * kProofMargin;
  const double content_height = kProofHeight - 2 * kProofMargin;
  layout.entry_width = (content_width - (columns - 1) * kProofEntryGap) / columns;
  layout.side =
      stacked ? std::min(layout.entry_width, (content_height - kProofCaptionsHeight - kProofGridGap) / 2)
              : (layout.entry_width - kProofGridGap) / 2;
  layout.entry_height = kProofCaptionsHeight + (stacked ? 2 * layout.side + kProofGridGap : layout.side);
  layout.rows = std::max(
      1, static_cast<int>((content_height + kProofEntryGap) / (layout.entry_height + kProofEntryGap)));
  return layout;
}

// The smallest digit or cage sum the book's grids print at in `side`-point grids with these looks.
double smallest_proof_digit(const Book& book, double side, const GridStyle& puzzle,
                            const GridStyle& solution) {
  double smallest = 1e9;
  for (const auto& chapter : book.chapters)
    for (const auto& each : chapter.puzzles) {
      const Geometry& geometry = each.puzzle.geometry();
      const bool killer = !geometry.cages().empty();
      const double puzzle_cell = (side - puzzle.border) / cells_across(geometry);
      const double solution_cell = (side - solution.border) / cells_across(geometry);
      smallest = std::min({smallest, (killer ? 0.8 : 1.0) * puzzle.givens.scale * puzzle_cell,
                           std::min(solution.givens.scale, solution.solved.scale) * solution_cell});
      if (killer) smallest = std::min(smallest, puzzle.cage_sum * puzzle_cell);
    }
  return smallest;
}

ProofLayout choose_proof_layout(const Book& book, const Template& page_template) {
  for (const auto& [columns, stacked] : {std::pair{2, false}, std::pair{1, false}, std::pair{1, true}}) {
    const ProofLayout layout = proof_layout(columns, stacked);
    if (stacked || smallest_proof_digit(book, layout.side, page_template.puzzle_page.grid,
                                        page_template.solution_page.grid) >= kProofMinimumDigit)
      return layout;
  }
  return proof_layout(1, true);
}

// Draws `text` at `size`, shrunk to fit `width` when it is wider.
void draw_fitted(Canvas& canvas, const Font& font, const std::string& text, double size, Point origin,
                 double width) {
  canvas.set_font(font, size);
  const double advance = canvas.measure(text).advance;
  if (advance > width) canvas.set_font(font, size * width / advance);
  canvas.draw_text(text, origin, Color::black());
}

// The template's caption font (its puzzle master's first caption text), else its givens' font.
const Font& proof_font(const Template& page_template, const FontSet& fonts) {
  for (const auto& caption : page_template.puzzle_page.captions)
    for (const auto& text : caption.texts) return fonts.at(text.style.font);
  return fonts.at(page_template.puzzle_page.grid.givens.font);
}

std::string proof_heading(const BookChapter& chapter, const BookPuzzle& puzzle, int number) {
  const std::optional<std::string>& date = puzzle.date ? puzzle.date : chapter.date;
  std::string heading = "No. " + std::to_string(number);
  if (date) {
    heading += " \xC2\xB7 " + long_date(*date);
    if (puzzle.id.starts_with(*date + "-")) heading += " \xC2\xB7 " + puzzle.id.substr(date->size() + 1);
  } else if (!chapter.title.empty()) {
    heading += " \xC2\xB7 " + chapter.title;
  }
  return heading;
}

std::string proof_grades(const BookPuzzle& puzzle) {
  return "level " + (puzzle.level.empty() ? std::string("-") : puzzle.level) + " \xC2\xB7 rating " +
         formatted("%.1f", puzzle.rating) + " (sd " + formatted("%.2f", puzzle.rating_sd) + ") \xC2\xB7 " +
         std::to_string(puzzle.givens) + " givens \xC2\xB7 " + puzzle.id;
}

}  // namespace

std::optional<SplitFormat> parse_split_format(std::string_view name) {
  if (name == "pdf") return SplitFormat::pdf;
  if (name == "eps") return SplitFormat::eps;
  if (name == "svg") return SplitFormat::svg;
  return std::nullopt;
}

std::vector<SplitFormat> parse_split_formats(std::string_view list) {
  std::vector<SplitFormat> formats;
  std::size_t at = 0;
  while (at <= list.size()) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    const std::string_view name = list.substr(at, comma - at);
    const auto format = parse_split_format(name);
    if (!format)
      throw std::invalid_argument("expects a comma-separated list of pdf, svg and eps, got '" +
                                  std::string(name) + "' in '" + std::string(list) + "'");
    if (std::find(formats.begin(), formats.end(), *format) == formats.end()) formats.push_back(*format);
    at = comma + 1;
  }
  return formats;
}

std::string_view extension(SplitFormat format) {
  switch (format) {
    case SplitFormat::pdf:
      return "pdf";
    case SplitFormat::eps:
      return "eps";
    case SplitFormat::svg:
      return "svg";
  }
  return "";
}

std::vector<SplitFile> render_split(const Book& book, const Template& page_template,
                                    const SplitOptions& options) {
  detail::check_has_puzzles(book, options.typeset);
  FontLibrary library(options.typeset.font_dirs);
  const FontSet fonts = load_template_fonts(page_template, library);
  const PdfMetadata book_metadata = detail::pdf_metadata(book, page_template, options.typeset);
  // --hints: each hard or evil grid's file carries its tip, in the room the grid gives up for it,
  // so the file keeps its booked size.
  std::optional<detail::StepPages> steps;
  std::vector<bool> tipped;
  if (options.typeset.hints) {
    if (!page_template.puzzle_page.tip)
      throw InputError(page_template.source, page_template.puzzle_page.line, 0,
                       "--hints with --split prints a tip under the grids, and the puzzle master has no "
                       "<tip> (the newspaper template has one)");
    steps.emplace(book, options.typeset);
    steps->use(page_template);
    tipped = steps->tipped();
    // The tips' text held to the print target's min-text, as on the pages.
    for (const detail::TeachingSizes& sizes : steps->sizes())
      if (!sizes.pass())
        throw InputError(options.typeset.book_source, 0, 0, sizes.problem(page_template));
  }
  // Each file is the book's grid block, the tip's room given up as on the page: a grid the pages
  // refuse as illegible (digits or cage sums under the print target's minimum), the files refuse too.
  const PagePlan plan =
      plan_pages(book, page_template, options.typeset.include_solutions, steps ? &steps->sections : nullptr);
  check_legibility(measure_legibility(book, page_template, plan), page_template, options.typeset.book_source);
  std::vector<SplitFile> files;
  std::map<std::string, int> named;  // file name -> grid number, to refuse a name used twice
  for (const GridRef& grid : grids_of(book, options.typeset.include_solutions)) {
    const Master& master =
        detail::master_for(page_template, grid.role,
                           book.chapters[grid.slot.chapter].puzzles[grid.slot.puzzle].puzzle.geometry());
    const detail::GridBlock block =
        detail::grid_block(master, detail::under_grids(master, book, tipped, {grid.slot}, grid.role));
    TextValues values;
    const auto draw = [&](Canvas& canvas) {
      values = detail::draw_grid_block(canvas, book, page_template, fonts, grid.role, grid.slot,
                                       steps ? &*steps : nullptr);
    };
    // Drawn once for its values (and its errors) before any file is made.
    draw_unkept(draw);
    const std::string name = grid_name(page_template, grid.role, values, grid.slot.number);
    check_split_name(page_template, options, name, grid.slot.number);
    if (const auto [at, inserted] = named.emplace(name, grid.slot.number); !inserted)
      throw InputError(page_template.source, page_template.split ? page_template.split->line : 0, 0,
                       "grids " + std::to_string(at->second) + " and " + std::to_string(grid.slot.number) +
                           " would both be written as '" + name +
                           "': give <split name=...> a variable that tells them apart, such as {number}");
    for (const SplitFormat format : options.formats) {
      SplitFile file{name + "." + std::string(extension(format)), {}, block.width, block.height};
      switch (format) {
        case SplitFormat::pdf: {
          PdfMetadata metadata = book_metadata;
          metadata.title = name;
          file.bytes = render_block_pdf(block.width, block.height, metadata, draw);
          break;
        }
        case SplitFormat::eps:
          file.bytes = render_eps(block.width, block.height, name, options.typeset.date, draw);
          break;
        case SplitFormat::svg:
          file.bytes = render_svg(block.width, block.height, draw);
          break;
      }
      files.push_back(std::move(file));
    }
  }
  return files;
}

std::string render_proof_pdf(const Book& book, const Template& page_template, const TypesetOptions& options,
                             int* pages) {
  detail::check_has_puzzles(book, options);
  FontLibrary library(options.font_dirs);
  const FontSet fonts = load_template_fonts(page_template, library);
  const Font& font = proof_font(page_template, fonts);
  const GridLook puzzle_look = detail::grid_look(page_template.puzzle_page.grid, fonts);
  const GridLook solution_look = detail::grid_look(page_template.solution_page.grid, fonts);
  PdfMetadata metadata = detail::pdf_metadata(book, page_template, options);
  metadata.title = book.title + " (proof)";
  PdfDocument pdf(metadata);

  const double content_width = kProofWidth - 2 * kProofMargin;
  const ProofLayout layout = choose_proof_layout(book, page_template);
  const double entry_width = layout.entry_width;
  const double side = layout.side;
  const double entry_height = layout.entry_height;
  const std::vector<GridRef> puzzles = grids_of(book, false);
  const int per_page = layout.columns * layout.rows;
  const int page_count = (static_cast<int>(puzzles.size()) + per_page - 1) / per_page;
  for (int page = 0; page < page_count; ++page) {
    pdf.begin_page(kProofWidth, kProofHeight);
    pdf.set_page_label("Proof " + std::to_string(page + 1));
    Canvas canvas(pdf.context());
    draw_fitted(canvas, font,
                book.title + " \xE2\x80\x94 proof, " + std::to_string(puzzles.size()) +
                    " puzzles \xE2\x80\x94 page " + std::to_string(page + 1) + " of " +
                    std::to_string(page_count),
                9, {kProofMargin, kProofHeaderBaseline}, content_width);
    for (int i = 0; i < per_page; ++i) {
      const std::size_t index = static_cast<std::size_t>(page * per_page + i);
      if (index >= puzzles.size()) break;
      const SlotContent& slot = puzzles[index].slot;
      const BookChapter& chapter = book.chapters[slot.chapter];
      const BookPuzzle& puzzle = chapter.puzzles[slot.puzzle];
      const double x = kProofMargin + (i % layout.columns) * (entry_width + kProofEntryGap);
      const double y = kProofMargin + (i / layout.columns) * (entry_height + kProofEntryGap);
      draw_fitted(canvas, font, proof_heading(chapter, puzzle, puzzle.number.value_or(slot.number)), kProofCaptionSize,
                  {x, y + kProofCaptionSize}, entry_width);
      draw_fitted(canvas, font, proof_grades(puzzle), kProofCaptionSize,
                  {x, y + kProofCaptionSize + kProofCaptionStep}, entry_width);
      const double top = y + kProofCaptionsHeight;
      paint_grid(canvas, puzzle.puzzle, nullptr, {x, top, side, side}, puzzle_look);
      const Rect solution = layout.stacked ? Rect{x, top + side + kProofGridGap, side, side}
                                           : Rect{x + side + kProofGridGap, top, side, side};
      paint_grid(canvas, puzzle.puzzle, &puzzle.solution, solution, solution_look);
    }
    pdf.end_page();
  }
  if (pages != nullptr) *pages = page_count;
  return pdf.finish();
}

SplitResult typeset_split(const Book& book, const Template& page_template, const SplitOptions& options,
                          const std::string& directory) {
  // Every output checked before the rendering: a bad proof path must not cost the run, nor be
  // found only after the grid files were replaced.
  namespace fs = std::filesystem;
  const fs::path proof_folder = fs::path(options.proof_path).parent_path();
  // The default proof goes into the split folder, which may not exist yet: it is checked with it.
  const bool proof_inside = !options.proof_path.empty() &&
                            (proof_folder.empty() ? fs::path(".") : proof_folder).lexically_normal() ==
                                fs::path(directory).lexically_normal();
  check_writable(directory, true);
  if (!options.proof_path.empty() && !proof_inside) check_writable(options.proof_path);
  const std::vector<SplitFile> files = render_split(book, page_template, options);
  SplitResult result;
  const std::string proof = options.proof_path.empty()
                                ? std::string()
                                : render_proof_pdf(book, page_template, options.typeset, &result.proof_pages);
  // The files are one set, swapped in all-or-nothing (output_set.hpp): a crash leaves the old
  // files or the new ones, never a half-written one nor a temporary file among them (a layout
  // desk's hot folder would pick it up). A proof inside the folder joins the set; one elsewhere is
  // replaced atomically after it.
  // A proof outside the folder is written and synced first: a full disk shows before the grid
  // files are replaced, and only its rename is left for after the set.
  std::optional<AtomicFileWriter> outside_proof;
  if (!options.proof_path.empty() && !proof_inside) {
    outside_proof.emplace(options.proof_path);
    outside_proof->write(proof);
    outside_proof->sync();
  }
  OutputSet output(directory, "split");
  for (const SplitFile& file : files) {
    output.add(file.name, file.bytes);
    result.bytes += file.bytes.size();
  }
  if (proof_inside) output.add(fs::path(options.proof_path).filename().string(), proof);
  result.files = output.commit();
  if (proof_inside) result.files.back() = options.proof_path;
  result.grids = static_cast<int>(files.size() / std::max<std::size_t>(options.formats.size(), 1));
  if (!options.proof_path.empty()) {
    if (!proof_inside) {
      outside_proof->commit();
      result.files.push_back(options.proof_path);
    }
    result.bytes += proof.size();
  }
  return result;
}

}  // namespace sudoku::typeset
