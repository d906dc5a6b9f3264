// SPDX-License-Identifier: Apache-2.0
// Page templates: how a book's pages look, read from XML (the schema is documented in
// docs/templates.md).
//
// Contract: load_template returns a complete, validated Template or throws InputError
// "FILE:LINE: message". Unknown elements and attributes, malformed lengths, numbers or colours,
// references to undeclared fonts, unknown text variables, a DOCTYPE or any entity other than the
// five XML ones, and impossible geometry (margins that leave no room, a thin line under 0.5 pt) are
// errors, never silently ignored. Fonts are only named here; FontLibrary checks that they exist and
// reports a missing one at its <font> line.
//
// Every length is in points. Masters inherit the template's <page> and <grid> settings and may
// override single attributes of them.
//
//   const sudoku::typeset::Template page_template = sudoku::typeset::load_template("templates/book-6x9.xml");
//   const int grids_per_page = page_template.puzzle_page.slots();
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/geometry.hpp"
#include "sudoku/typeset/template/text_pattern.hpp"
#include "sudoku/typeset/template/units.hpp"

namespace sudoku::typeset {

class Catalog;

// Thinner lines break up or vanish on newsprint and cheap book paper.
inline constexpr double kMinimumLineWeight = 0.5;
// On the toner presses of print on demand a 0.5 pt line and a grey tint break into dots: a grid
// marked toner-safe has lines of at least this weight and solid black lines and digits.
inline constexpr double kTonerLineWeight = 0.75;

// inside/outside follow the spread: on a right-hand (odd) page inside is the left side. Without
// mirrored margins every page is treated as a right-hand page.
enum class Align { left, center, right, inside, outside };

struct TextStyle {
  std::string font;  // name of a FontSpec
  double size = 10;  // points
  // The smallest size the text may shrink to when it does not fit its box at `size` (0: it may
  // not shrink). Text that does not fit even then wraps (free text) or is an error.
  double min_size = 0;
  Color color = Color::black();
};

struct TextLine {
  TextPattern text;
  TextStyle style;
  Align align = Align::left;
  // Free text (title and chapter pages): baseline below the top of the margin box, either in points
  // or, when `y_is_fraction`, as a fraction of the margin box height.
  double y = 0;
  bool y_is_fraction = false;
  bool grows_down = false;  // a wrapped free text's lines go down from y (else up to it)
  // Free text with 'variant="killer"' (a list): drawn only when every puzzle of the book is of one
  // of these variants, so a "How to play" page states only rules that hold for the whole book.
  // Empty: always drawn.
  std::vector<Variant> variants;
  int line = 0;  // template line, for messages
};

// The contents page's list: one row per chapter (and one for the solutions), the first row's
// baseline at `y` below the top margin, each next row `step` lower. The texts of a row may use
// {chapter}, {chapter_page}, {count}, {level} and {level_note}. A list longer than the page flows
// over as many contents pages as it needs; on those continuation pages the first row's baseline is
// at `continued_y` (by default `y`).
struct Entries {
  double y = 0;
  double continued_y = 0;
  double step = 0;
  std::vector<TextLine> texts;

  // How many rows fit a type area `content_height` high: every row's baseline, with room below it
  // for descenders (0.3 x the largest text size), stays inside the type area. At least one row fits
  // on every page of a loaded template (checked when it is read).
  int rows_per_page(double content_height, bool continued) const;
};

// Header or footer: one baseline, measured from the top (header) or bottom (footer) trim edge.
struct Band {
  double baseline = 0;
  std::vector<TextLine> texts;
};

// A line of text attached to every grid of a master, above or below it.
struct Caption {
  enum class Position { above, below };
  Position position = Position::above;
  double gap = 0;     // between this line's box and the grid (or the previous caption line)
  double height = 0;  // line box height: 1.2 x the largest text size
  std::vector<TextLine> texts;
};

// The one-line statement of a variant's rule ("Each diagonal also contains 1-9") under a grid of the
// puzzle master: under the first grid of each chapter of that variant, or under every such grid
// (`every_grid`, for newspaper pages that are placed one by one). Only pages with such a grid
// reserve its line, so classic books keep their layout. With `lines` above 1 (<rule lines="2">) a
// statement too wide for the grid even at its min-size wraps (balanced) onto up to that many lines,
// at its full size, and the box reserves them: a translation longer than the template's English.
struct RuleLine {
  double gap = 0;     // between the grid and this line's box
  double height = 0;  // box height: `lines` x 1.2 x the largest text size
  int lines = 1;      // the most lines a statement may wrap onto
  bool every_grid = false;
  std::vector<std::pair<Variant, TextLine>> texts;  // one per variant at most

  // The text for puzzles of `variant`, or null when the template has none for it.
  const TextLine* text_for(Variant variant) const;
};

// The one-line tip under a hard or evil grid of the puzzle master (typeset --hints with a template
// that has one, the newspaper's "tip of the day"): where to look and which technique, from the
// puzzle's hint (book_hints.hpp). The renderer composes the words ("Tip: look at box 4
// (pointing).") in the book's language; the template gives their look and the levels that get
// one. A grid with a tip keeps its block's size: the grid gives up the line's room, as for a rule
// line, so a newspaper's booked slot stays the same.
//   <tip levels="hard evil" gap="1mm" font="caption-light" size="8pt" min-size="6.5pt"/>
struct TipLine {
  double gap = 0;     // between the grid (or its rule line) and this line's box
  double height = 0;  // line box height: 1.2 x the text size
  TextLine text;      // style and alignment; the words come from the hint
  std::vector<std::string> levels{"hard", "evil"};  // the puzzle levels that get a tip

  bool for_level(const std::string& level) const;
};

// The how-to-play page's solved example: a small classic 4x4 puzzle and, beside it, its solution,
// each `side` points square, `gap` apart, centred under the rules text, with a caption
// under each ("Example", "Its solution", from the catalogues) in `caption`'s style. Left out when
// the book holds only Killer puzzles (whose grids start empty) or the rules text leaves no room.
//   <example side="1.4in" gap="0.6in" font="serif-italic" size="11pt"/>
struct RulesExample {
  double side = 0;
  double gap = 0;
  TextStyle caption;
  int line = 0;
};

// The publisher's logo on the title page (the plan's front-matter "logo", a PNG): scaled to
// `height` (narrower than `max_width`), centred, its foot at `y` (a fraction of the margin box's
// height, like a free text's percentage). Left out when the book names no logo; a logo under
// 300 dpi at that size is refused.
//   <logo y="92%" height="0.5in" max-width="2in"/>
struct LogoPlace {
  double y = 0;  // fraction of the margin box height
  double height = 0;
  double max_width = 0;
  int line = 0;
};

struct DigitStyle {
  std::string font;
  double scale = 0.6;  // font size as a fraction of the cell side
  Color color = Color::black();
};

struct GridStyle {
  double thin = 0.5;    // between cells
  double thick = 1.5;   // between boxes
  double border = 2.0;  // around the grid
  // Between a jigsaw's regions (0: as wide as the box lines). Irregular regions are found by line
  // weight alone, with no box pattern to lean on, so the shipped templates make them at least 2.5
  // times the cell lines.
  double region = 0;
  Color line_color = Color::black();
  bool toner_safe = false;  // checked when loaded: lines >= kTonerLineWeight, no grey lines or digits
  // Variants: the fill of the cells of extra units (X's diagonals, Windoku's windows, the asterisk,
  // the centre dots), Killer's dashed cage lines (0: as thin as the thin lines) and the cage sums'
  // size as a fraction of the cell side. A tint fills an area, never a line or a digit, so a
  // toner-safe grid may have one: a dot screen there still reads as shading.
  Color tint = {0.85, 0.85, 0.85};
  double cage = 0;
  double cage_sum = 0.24;
  DigitStyle givens;  // digits of the puzzle
  DigitStyle solved;  // digits filled in on solution grids
};

struct Margins {
  double top = 0;
  double bottom = 0;
  double inside = 0;   // left when not mirrored
  double outside = 0;  // right when not mirrored
};

struct PageSetup {
  double width = 0;  // trimmed page
  double height = 0;
  double bleed = 0;  // added on the top, bottom and outside edges of the PDF page
  // Bleed on the inside edge too. Bound pages never have it (the gutter is not trimmed): by default
  // it is there only when the pages are not mirrored.
  bool gutter_bleed = true;
  bool mirrored = false;
  // Nothing but the grids' lines and decorations may come nearer the trim than this: every text's
  // ink and every margin stays inside (print-on-demand services ask for 0.375 in).
  double safe_margin = 0;
  Margins margins;
  // The page's width is written in mm or cm: reports give its lengths in millimetres, as the
  // template's author measures them, and in inches otherwise.
  bool metric = false;
};

// A filled rectangle in trim-box coordinates (it may reach into the bleed).
struct Decoration {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
  Color color = Color::black();
};

// How the rows of slots use the height of the margin box: justify puts the first row at the top
// margin and the last at the bottom margin (row-gap is the minimum between them); center stacks
// them row-gap apart in the middle; top stacks them row-gap apart from the top margin.
enum class RowAlignment { justify, center, top };

struct Master {
  // "title", "how-to-play", "contents", "chapter", "puzzle", "solution", "front-cover",
  // "back-cover", "spine", "half-title", "copyright", "dedication" or "introduction"
  std::string name;
  int line = 0;
  PageSetup page;
  GridStyle grid;
  int columns = 1;
  int rows = 1;
  double column_gap = 0;
  double row_gap = 0;
  double max_grid = 0;  // largest grid side including the border, 0 for no limit
  RowAlignment align_rows = RowAlignment::justify;
  bool start_recto = false;  // begins on a right-hand page (a blank page is inserted if needed)
  // Puzzle master only: a chapter continues on the page where the previous one ended instead of
  // starting a new page (no chapter master: with one, every chapter opens with its own page).
  bool continuous = false;
  TextPattern label;  // PDF page label
  std::optional<Band> header;
  std::optional<Band> footer;
  std::vector<Caption> captions;
  std::optional<RuleLine> rule;    // puzzle master only
  std::optional<TipLine> tip;      // puzzle master only
  std::optional<RulesExample> example;  // how-to-play master only
  std::optional<LogoPlace> logo;        // title master only
  std::vector<TextLine> texts;     // free text (title, chapter and front-matter pages)
  std::optional<Entries> entries;  // the contents master's list
  // The contents master's <continued>: free texts drawn instead of `texts` on the contents pages
  // after the first (a heading "Contents (continued)"). Absent: those pages repeat `texts`.
  std::optional<std::vector<TextLine>> continued_texts;
  std::vector<Decoration> decorations;
  // Puzzle and solution masters: other arrangements for larger grids (<grid-size from="16" ...>),
  // by `from_grid_size` ascending. Each is a copy of this master with its own columns, rows, gaps,
  // max-grid and grid style; a 16 x 16 grid goes on a page of the last one whose from_grid_size is
  // at most 16, else on this master's pages. Fewer, larger grids keep big boards' digits legible.
  std::vector<Master> grid_sizes;
  int from_grid_size = 0;  // of a <grid-size> arrangement; 0 for the master itself
  int line_of_grid_size = 0;

  int slots() const { return columns * rows; }
  // The arrangement for grids of `size` x `size` cells: see grid_sizes.
  const Master& for_grid_size(int size) const;
};

struct FontSpec {
  std::string name;    // how the template refers to it
  std::string family;  // fontconfig family, or empty when `file` is given
  std::string style;   // fontconfig style ("Regular", "Bold", ...)
  std::string file;    // font file, relative to the template's folder or a font folder
  int index = 0;       // face index inside a collection file
  // The face (fontconfig family, its regular style) that sets the Han, kana and Hangul this face
  // lacks, paired by role as CJK books pair them: a Mincho (Song) for the text faces, a Gothic (Hei)
  // for headings, running heads and captions. Empty, or not installed: fontconfig's fallback
  // order chooses (load_template_fonts).
  //   <font name="serif" family="TeX Gyre Schola" style="Regular" cjk-family="IPAMincho"/>
  std::string cjk_family;
  int line = 0;
};

struct DocumentInfo {
  TextPattern title;
  TextPattern author;
  TextPattern subject;
  TextPattern keywords;
};

// typeset --split: the file name, without its extension, of each grid's own file and of its solution's,
// as text patterns of the grid's caption variables ({date}, {slot}, {chapter}, {number}, {id},
// {level}); letters and digits of every script, '.', '_' and '-' are kept, each run of anything
// else becomes one '-' (none at either end).
//   <split name="{date}-{slot}" solution="{date}-{slot}-solution"/>
// Without a <split> element, a calendar grid (one with a date and a slot) is named
// "{date}-{slot}" and any other "{chapter}-{number}", each solution "...-solution".
inline constexpr std::string_view kDefaultCalendarSplitName = "{date}-{slot}";
inline constexpr std::string_view kDefaultSplitName = "{chapter}-{number}";
struct SplitNames {
  TextPattern puzzle;
  TextPattern solution;
  int line = 0;  // of the <split> element
};

// The printer's page-count range for a bound book (<print-target>): a print-on-demand service
// refuses an interior outside it at upload, so typeset refuses it before writing anything.
//   <print-target name="KDP paperback 6x9" min-pages="24" max-pages="828" cream-max-pages="776"/>
// Cream paper is thicker than white, so its maximum can be lower; without cream-max-pages,
// max-pages holds for both papers.
// Published limits come with where they were published: <print-target reference="...">, and its
// <gutter up-to="150" inside="0.375in"/> rows, the printer's minimum inside margin by page count
// (the last row's up-to may be left out: it then holds for any longer book).
struct GutterStep {
  int up_to_pages = 0;  // 0: no upper bound
  double inside = 0;    // points
};

struct PrintTarget {
  std::string name;
  std::string reference;  // where the numbers come from, for the docs and the preflight report
  std::string source;     // the file that declares it (template or target file), for messages
  int min_pages = 1;
  int max_pages = 0;  // 0: no maximum
  int cream_max_pages = 0;
  int line = 0;  // of the <print-target> element
  // The smallest digit size (font size, points) a grid may print at: on puzzle pages, and on
  // solution pages (min-digit, min-solution-digit). Without a print target the defaults below hold.
  double min_digit = 0;
  double min_solution_digit = 0;
  double min_cage_sum = 0;  // Killer's cage sums (min-cage-sum)
  // Teaching pages (typeset --how-to-solve, --hints): the smallest text (min-text; 0: the pages'
  // own 9.5 pt) and the smallest candidate a step's picture prints (min-candidate). Large print
  // raises both, and its teaching pages grow with them.
  double min_text = 0;
  double min_candidate = 0;
  // The printer's trim and bleed (0: not stated); a template whose page differs is refused.
  double trim_width = 0;
  double trim_height = 0;
  std::optional<double> bleed;
  std::vector<GutterStep> gutter;  // ascending up_to_pages; empty: the template's inside margin

  // The smallest inside margin for a book of `pages` pages (0 when no gutter row is given).
  double gutter_for(int pages) const;
};

// Printed digit sizes a reader can still read at arm's length in a puzzle book, used when a
// template's <print-target> sets none: 6 pt for puzzles (newspaper agate type is about 6 pt) and
// 5 pt for solutions, which are only checked, not solved; Killer's small cage sums at least 6 pt.
inline constexpr double kDefaultMinimumDigit = 6;
inline constexpr double kDefaultMinimumSolutionDigit = 5;
inline constexpr double kDefaultMinimumCageSum = 6;
// A candidate in a teaching picture: as small as newspaper agate, no smaller.
inline constexpr double kDefaultMinimumCandidate = 6;

// How a full-wrap cover is designed (<cover>; typeset --cover-style replaces the style):
//   typographic  the palette's background over the whole wrap, the title set as large as the front
//                panel allows between two accent rules, a sample grid on a paper-white tile;
//   pattern      the same, over a full-bleed pattern of the book's own puzzles in the accent colour,
//                the title on a panel-coloured band;
//   art          the publisher's picture (typeset --cover-art: PNG, JPEG or PDF) placed full-bleed on the
//                front panel, the title on a band of the palette's background colour.
// The back panel (blurb, the book's levels, a sample puzzle, the publisher) and the spine are laid
// out the same way in every style. Colours may be cmyk(): the PDF prints them as CMYK.
//
//   +------------- back ------------+ spine +------------ front ------------+
//   | title                          |   T   |   =======================     |
//   | blurb ......................   |   I   |        THE  TITLE             |
//   | Inside: 40 easy, 40 medium ... |   T   |   =======================     |
//   | +--------+                     |   L   |        subtitle               |
//   | | sample |                     |   E   |        +--------+             |
//   | +--------+     +------------+  |       |        | sample |             |
//   | publisher      |  barcode   |  |       |        +--------+             |
//   |                +------------+  |       |        author                 |
//   +--------------------------------+-------+-------------------------------+
enum class CoverStyle { typographic, pattern, art };

struct CoverDesign {
  int line = 0;
  CoverStyle style = CoverStyle::typographic;
  Color background = Color::white();  // the whole wrap's ground, bleed included
  Color ink = Color::black();         // text on the background
  Color accent = Color::black();      // rules, the pattern's grids
  Color panel = Color::white();       // the tiles under the sample grids and the pattern's title band
  Color panel_ink = Color::black();   // text on a panel
  std::string title_font;             // the template's font names
  std::string text_font;
  std::string italic_font;
  std::string badge;  // a line above the title in capitals ("LARGE PRINT"), as written; may be empty
};

// A colour attribute of the template that is not a grey (r = g = b), where it is written.
struct TemplateColor {
  int line = 0;
  std::string text;  // as written, e.g. "#cc0000"
};

struct Template {
  std::string name;    // file name without .xml, used for the default output name
  std::string source;  // file name for messages
  std::filesystem::path directory;
  DocumentInfo info;
  std::vector<FontSpec> fonts;
  std::optional<Master> title_page;
  // Front matter from the book's "front-matter" (front_matter.hpp), printed only for a book that
  // has one: the half-title before the title page, the copyright page after it, then the
  // dedication and the introduction (each only when the book gives its text).
  std::optional<Master> half_title_page;
  std::optional<Master> copyright_page;
  std::optional<Master> dedication_page;
  std::optional<Master> introduction_page;
  std::optional<Master> how_to_play_page;  // front matter, after the title page
  std::optional<Master> contents_page;     // front matter, after "How to play"
  std::optional<Master> chapter_page;
  // The full-wrap cover (typeset --cover): its front panel (with the book's first puzzle in its
  // one slot), back panel and spine; all optional, a cover needs the front.
  std::optional<Master> front_cover;
  std::optional<Master> back_cover;
  std::optional<Master> spine;
  // The cover's design (<cover>); without one, the cover is the three masters' texts as written.
  std::optional<CoverDesign> cover;
  Master puzzle_page;
  Master solution_page;
  std::optional<SplitNames> split;          // absent: the default names above
  std::optional<PrintTarget> print_target;  // absent: any page count
  // Every non-grey colour, in reading order: PDF/X-1a (typeset --pdfx) refuses them.
  std::vector<TemplateColor> chromatic_colors;
  // Every cmyk() colour, once each: the PDF writes them as CMYK (print_ready.hpp's CmykInk).
  std::vector<Color> cmyk_colors;
  // The language its texts are in (see catalog.hpp's localize): the renderer composes the rules,
  // the blurb, level and kind names and dates in it. Null: English, as the template is written.
  std::shared_ptr<const Catalog> language;

  const FontSpec* find_font(std::string_view name) const;
};

// A print target file (typeset --target): one <print-target> element as in a template, as its
// root. IoError when unreadable, InputError (FILE:LINE) when invalid.
PrintTarget load_print_target(const std::string& path);
PrintTarget parse_print_target(std::string_view text, const std::string& source);
// InputError (at the target's line) when the target states a trim or bleed other than the
// template's puzzle pages have.
void check_print_target(const Template& page_template, const PrintTarget& target);

// Reads and validates a template file. IoError when unreadable, InputError when invalid.
Template load_template(const std::string& path);
// Same for text already in memory; `source` names it in messages and `directory` anchors relative
// font files.
Template parse_template(std::string_view text, const std::string& source,
                        const std::filesystem::path& directory = {});

}  // namespace sudoku::typeset
