// SPDX-License-Identifier: Apache-2.0
#include "sudoku/typeset/layout/preflight.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "sudoku/typeset/layout/grid_block.hpp"
#include "sudoku/typeset/layout/legibility.hpp"
#include "sudoku/typeset/layout/page_plan.hpp"
#include "sudoku/typeset/layout/step_sections.hpp"
#include "sudoku/typeset/pdf/print_ready.hpp"
#include "sudoku/typeset/template/units.hpp"

namespace sudoku::typeset {
namespace {

// A length in the template's unit: "6 in", "0.125 in", "210 mm", "3.18 mm".
std::string length_text(double points, bool metric) {
  return metric ? formatted("%.4g mm", points / kPointsPerMillimetre) : formatted("%.3g in", points / kPointsPerInch);
}

std::string pt(double points) {
  return formatted("%.1f pt", points);
}

std::string page_range(const PrintTarget& target, Paper paper) {
  const int most = paper == Paper::cream ? target.cream_max_pages : target.max_pages;
  const std::string paper_name = paper == Paper::cream ? " (cream paper)" : " (white paper)";
  if (most == 0)
    return target.min_pages > 1 ? "at least " + std::to_string(target.min_pages) + " pages" : "any";
  return std::to_string(target.min_pages) + " to " + std::to_string(most) + " pages" + paper_name;
}

// A cover master's <rect> that touches a trim edge of its panel but stops short of the bleed
// there (a hairline of paper shows when the trim drifts), or empty. The front panel's outer edge
// is its right, the back's its left; the spine side has no bleed.
std::string cover_bleed_problem(const Template& page_template) {
  const auto check = [&](const std::optional<Master>& master, bool front) -> std::string {
    if (!master) return "";
    const PageSetup& page = master->page;
    for (const Decoration& rect : master->decorations) {
      const double near = 0.5;  // points: closer than this to the trim is touching it
      const auto problem = [&](const char* edge) {
        return "a <rect> on the " + master->name + " (" + page_template.source + ":" +
               std::to_string(master->line) + ") touches the " + edge + " trim but does not reach the bleed";
      };
      if (rect.y <= near && rect.y > -kCoverBleed + near) return problem("top");
      if (rect.y + rect.height >= page.height - near && rect.y + rect.height < page.height + kCoverBleed - near)
        return problem("bottom");
      if (front && rect.x + rect.width >= page.width - near && rect.x + rect.width < page.width + kCoverBleed - near)
        return problem("outer");
      if (!front && rect.x <= near && rect.x > -kCoverBleed + near) return problem("outer");
    }
    return "";
  };
  if (page_template.cover) return "";  // a design paints to the bleed edge
  const std::string front = check(page_template.front_cover, true);
  return front.empty() ? check(page_template.back_cover, false) : front;
}

}  // namespace

bool PreflightReport::pass() const {
  return std::all_of(checks.begin(), checks.end(), [](const PreflightCheck& check) { return check.pass; });
}

PreflightReport preflight(const Book& book, const Template& page_template, const TypesetOptions& options) {
  PreflightReport report;
  report.book = options.book_source;
  report.template_source = page_template.source;
  const PrintTarget* target = page_template.print_target ? &*page_template.print_target : nullptr;
  if (target != nullptr) {
    report.target = target->name;
    report.reference = target->reference;
  }
  detail::check_has_puzzles(book, options);
  // The hints and the how-to-solve chapter take pages too: counted as the render counts them.
  std::optional<detail::StepPages> steps;
  if (options.hints || options.how_to_solve) {
    steps.emplace(book, options);
    steps->use(page_template);
  }
  const StepSections* sections = steps ? &steps->sections : nullptr;
  report.pages =
      static_cast<int>(plan_pages(book, page_template, options.include_solutions, sections).pages.size());
  bool renderable = true;

  // Page count.
  {
    PreflightCheck check{"pages", std::to_string(report.pages) + " pages",
                         target != nullptr ? page_range(*target, options.paper) : "any", true, ""};
    const std::string problem = page_count_problem(page_template, report.pages, options.paper, options.draft);
    if (!problem.empty()) {
      check.pass = false;
      check.fix = problem.substr(problem.find(": ", problem.find(" (")) + 2);
      renderable = false;
    } else if (options.draft && target != nullptr && report.pages < target->min_pages) {
      report.draft = true;
      check.measured += " (draft: not printable)";
    }
    report.checks.push_back(check);
  }
  const PageSetup& page = page_template.puzzle_page.page;
  const auto in_unit = [&page](double points) { return length_text(points, page.metric); };
  report.checks.push_back({"trim", in_unit(page.width) + " x " + in_unit(page.height),
                           target != nullptr && target->trim_width > 0
                               ? in_unit(target->trim_width) + " x " + in_unit(target->trim_height)
                               : "",
                           true, ""});
  report.checks.push_back(
      {"bleed", in_unit(page.bleed) + (page.bleed > 0 && page.mirrored ? " (none in the gutter)" : ""),
       target != nullptr && target->bleed ? in_unit(*target->bleed) : "", true, ""});

  // Inside margin: widened to the printer's gutter for this page count.
  const Template fitted = with_gutter(page_template, report.pages);
  {
    const double inside = fitted.puzzle_page.page.margins.inside;
    const double required = target != nullptr ? target->gutter_for(report.pages) : 0;
    std::string measured = in_unit(inside);
    if (inside > page.margins.inside + 1e-9)
      measured += " (widened from the template's " + in_unit(page.margins.inside) + ")";
    report.checks.push_back(
        {"gutter", measured,
         required > 0 ? "at least " + in_unit(required) + " at " + std::to_string(report.pages) + " pages"
                      : "",
         inside >= required - 1e-9, ""});
  }

  // Digit sizes.
  if (steps) steps->use(fitted);
  const PagePlan plan = plan_pages(book, fitted, options.include_solutions, sections);
  // A size under its minimum fails with the fix the refusal would give.
  const auto size_check = [&](const std::string& what, double size, double minimum, bool pass,
                              const GridLegibility& entry) {
    PreflightCheck check{what, pt(size) + " (page " + std::to_string(entry.page) + ")", "at least " + pt(minimum),
                         pass, ""};
    if (!pass) {
      const std::string problem = legibility_problem(entry, fitted);
      check.fix = problem.substr(problem.rfind(": ") + 2);
      renderable = false;
    }
    report.checks.push_back(check);
  };
  for (const GridLegibility& entry : measure_legibility(book, fitted, plan)) {
    const std::string grids = board_name(entry) + (entry.role == PageRole::puzzles ? " puzzles" : " solutions");
    size_check("digits " + grids, entry.digit, entry.minimum, entry.digits_pass(), entry);
    if (entry.cage_sum > 0)
      size_check("cage sums " + grids, entry.cage_sum, entry.cage_minimum, entry.cage_sums_pass(), entry);
  }

  // The teaching pages: their words and their pictures' candidates, held to the target's minimums
  // like the grids (the render refuses the same).
  if (steps)
    for (const detail::TeachingSizes& sizes : steps->sizes()) {
      const std::string problem = sizes.problem(fitted);
      const auto add = [&](const std::string& what, double size, double minimum) {
        PreflightCheck check{sizes.section + " " + what, pt(size), minimum > 0 ? "at least " + pt(minimum) : "",
                             size >= minimum - 1e-9, ""};
        if (!check.pass) {
          check.fix = problem.substr(problem.rfind(": ") + 2);
          renderable = false;
        }
        report.checks.push_back(check);
      };
      add("text", sizes.text, sizes.min_text);
      if (sizes.section != "tips") add("candidates", sizes.mark, sizes.min_mark);
    }

  // Fonts: what a printer's preflight reads from the PDF, rendered in memory.
  int pages = 0;
  std::string pdf;
  if (renderable) {
    TypesetOptions draft = options;
    draft.draft = true;  // the page count was checked above
    pdf = render_pdf(book, page_template, draft, &pages);
    const FontEmbedding fonts = font_embedding(pdf);
    PreflightCheck check{"fonts",
                         std::to_string(fonts.fonts) + " fonts, " +
                             std::to_string(fonts.fonts - static_cast<int>(fonts.not_embedded.size())) +
                             " embedded",
                         "all embedded", fonts.not_embedded.empty(), ""};
    if (!check.pass) check.fix = "install the font files of: " + fonts.not_embedded.front();
    report.checks.push_back(check);
  } else {
    report.checks.push_back({"fonts", "not checked (the book is not rendered until the checks above pass)",
                             "all embedded", true, ""});
  }

  // Colours and PDF/X.
  {
    PreflightCheck check{"colours",
                         page_template.cmyk_colors.empty()
                             ? "grey and black only (DeviceGray, 100 % K)"
                             : "grey and " + std::to_string(page_template.cmyk_colors.size()) + " CMYK colours",
                         options.pdfx ? "grey or CMYK" : "", true, ""};
    if (!page_template.chromatic_colors.empty()) {
      const TemplateColor& first = page_template.chromatic_colors.front();
      check.measured = std::to_string(page_template.chromatic_colors.size()) + " non-grey colours (first '" +
                       first.text + "' at " + page_template.source + ":" + std::to_string(first.line) +
                       "), as RGB";
      check.pass = !options.pdfx;
      if (!check.pass) check.fix = "use greys (#rrggbb with r = g = b) or leave out --pdfx";
    }
    report.checks.push_back(check);
    report.checks.push_back({"pdf/x",
                             options.pdfx
                                 ? "PDF/X-1a:2001, output intent " + options.pdfx->condition_identifier +
                                       " (" + options.pdfx->description + ")"
                                 : "not requested (--pdfx makes PDF/X-1a:2001)",
                             "", true, ""});
  }

  // The cover: its spine, the art's resolution, the barcode area and the bleed.
  if (page_template.front_cover) {
    const CoverGeometry cover = cover_geometry(page_template, report.pages, options.paper);
    std::string measured =
        in_unit(cover.spine) + (options.paper == Paper::cream ? " (cream paper)" : " (white paper)");
    std::optional<CoverReport> drawn;
    if (renderable) {
      TypesetOptions draft = options;
      draft.draft = true;
      drawn = check_cover(book, page_template, report.pages, draft);
    }
    if (!drawn) {
      measured += "; spine text not checked";
    } else if (!cover.spine_text) {
      measured +=
          "; left blank (spine text from " + std::to_string(kMinimumPagesForSpineText) + " pages)";
    } else if (drawn->spine_text) {
      measured += drawn->spine_title_size > 0
                      ? "; title " + pt(drawn->spine_title_size) + ", " + in_unit(drawn->spine_clearance) +
                            " clear of each fold"
                      : "; spine text fits";
    } else {
      measured += "; left blank (its texts do not fit across it)";
    }
    report.checks.push_back({"spine", measured,
                             "text from " + std::to_string(kMinimumPagesForSpineText) + " pages, " +
                                 in_unit(kSpineSafe) + " clear of each fold",
                             !drawn || !drawn->spine_text ||
                                 (cover.spine_text && drawn->spine_clearance >= kSpineSafe - 1e-9),
                             "shorten the spine's texts"});
    if (!options.cover_art.empty() && drawn) {
      // A PDF page kept as vectors has no resolution to check: its report says "vector art".
      PreflightCheck check{
          "cover art",
          drawn->art_dpi ? drawn->art + ", " + formatted("%.0f dpi", *drawn->art_dpi) : drawn->art,
          drawn->art_dpi ? formatted("at least %.0f dpi", kMinimumArtDpi) : "no resolution to check",
          !drawn->art_dpi || *drawn->art_dpi >= kMinimumArtDpi - 1e-9, ""};
      if (!check.pass)
        check.fix = "supply the art at " + formatted("%.0f", kMinimumArtDpi) +
                    " dpi or more at the front panel's size with bleed";
      report.checks.push_back(check);
    }
    if (drawn) {
      report.checks.push_back({"barcode area",
                               drawn->barcode_overlap.empty() ? "clear"
                                                              : drawn->barcode_overlap + " runs into it",
                               in_unit(kBarcodeWidth) + " x " + in_unit(kBarcodeHeight) +
                                   " at the back's lower right, clear",
                               drawn->barcode_overlap.empty(),
                               "shorten " + (drawn->barcode_overlap.empty() ? std::string("it")
                                                                            : drawn->barcode_overlap) +
                                   " (the barcode area is kept clear for the printer's ISBN barcode)"});
      const std::string short_of_bleed = cover_bleed_problem(page_template);
      report.checks.push_back({"cover bleed",
                               short_of_bleed.empty() ? in_unit(cover.bleed) + " on every side"
                                                      : short_of_bleed,
                               "colour that touches the trim runs " + in_unit(kCoverBleed) + " past it",
                               short_of_bleed.empty(),
                               "extend the <rect> past the trim by the bleed (e.g. y=\"-0.125in\")"});
    }
  }
  return report;
}

std::string preflight_text(const PreflightReport& report) {
  std::string text = "preflight: " + report.book + " with " + report.template_source;
  text += report.target.empty() ? " (no print target)\n" : " for " + report.target + "\n";
  if (!report.reference.empty()) text += "  sources: " + report.reference + "\n";
  std::size_t width = 0;
  for (const PreflightCheck& check : report.checks) width = std::max(width, check.check.size());
  int failed = 0;
  for (const PreflightCheck& check : report.checks) {
    text += check.pass ? "PASS  " : "FAIL  ";
    text += check.check + std::string(width + 2 - check.check.size(), ' ') + check.measured;
    if (!check.limit.empty()) text += "  (limit: " + check.limit + ")";
    text += "\n";
    if (!check.pass) {
      ++failed;
      if (!check.fix.empty()) text += "      fix: " + check.fix + "\n";
    }
  }
  text += failed == 0
              ? std::string("preflight: pass") + (report.draft ? " (draft, not printable)" : "") + "\n"
              : "preflight: FAIL (" + std::to_string(failed) + " of " + std::to_string(report.checks.size()) +
                    " checks)\n";
  return text;
}

std::string preflight_json(const PreflightReport& report) {
  boost::json::object root;
  root["book"] = report.book;
  root["template"] = report.template_source;
  root["target"] = report.target;
  root["reference"] = report.reference;
  root["pages"] = report.pages;
  root["draft"] = report.draft;
  root["pass"] = report.pass();
  boost::json::array checks;
  for (const PreflightCheck& check : report.checks) {
    boost::json::object item;
    item["check"] = check.check;
    item["pass"] = check.pass;
    item["measured"] = check.measured;
    item["limit"] = check.limit;
    item["fix"] = check.fix;
    checks.push_back(std::move(item));
  }
  root["checks"] = std::move(checks);
  return boost::json::serialize(root) + "\n";
}

}  // namespace sudoku::typeset
