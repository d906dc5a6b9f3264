// SPDX-License-Identifier: Apache-2.0
// typeset's print production, read back by tools that are not ours (qpdf, pdftotext, Ghostscript):
// a PDF/X output intent that names the profile's printing condition and refuses what is not an
// output profile, template colours that PDF/X cannot print, PDF dates, page labels that match the
// printed folios, and outputs written all-or-nothing into folders typeset makes.
#include <gtest/gtest.h>

#include <cairo.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku/base/atomic_file.hpp"
#include "sudoku/base/errors.hpp"
#include "sudoku/typeset/pdf/pdf_document.hpp"
#include "sudoku/typeset/pdf/print_ready.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;
using testing::test_data;

const std::string kSample = test_data("books/sample");
// Installed with ghostscript (libgs-common), as .ci/setup does.
const std::string kGhostscriptIcc = "/usr/share/color/icc/ghostscript/";

// A temporary folder for one test, removed with everything in it.
class TempDir : public testing::TempDir {
 public:
  TempDir() : testing::TempDir("print-ready-test") {}
};

CommandResult typeset(const std::string& arguments) {
  // The sample book is a proof, under KDP's 24-page minimum: --draft.
  return run_command(testing::tool_path("typeset") + " " + arguments + " --draft");
}

std::string run_ok(const std::string& command) {
  const CommandResult result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
  return result.out;
}

// The PDF's objects as qpdf writes them uncompressed, one key per line.
std::string qdf(const std::string& pdf) {
  return run_ok("qpdf --qdf --object-streams=disable " + pdf + " -");
}

// An ICC profile with its header's device class (bytes 12-15) replaced, for profiles of a kind
// that no file at hand has. The profile ID (bytes 84-99) of these profiles is zero, so nothing
// else needs to change.
std::string with_device_class(const std::string& profile_file, const char* device_class) {
  std::string bytes = read_file(profile_file);
  if (bytes.size() < 128) throw std::runtime_error(profile_file + ": too short for an ICC profile");
  bytes.replace(12, 4, device_class);
  return bytes;
}

// Ends with one line (no line breaks inside), so a tool's message reads as one line.
void expect_one_line(const std::string& err) {
  ASSERT_FALSE(err.empty());
  EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
}

// ---- 1. The output intent: an output CMYK or grey profile, its printing condition named ----

TEST(OutputIntentTest, ReadsTheProfileItEmbeds) {
  const std::string cmyk = read_file(kGhostscriptIcc + "default_cmyk.icc");
  const typeset::PdfX intent = typeset::read_output_intent(cmyk, "default_cmyk.icc");
  EXPECT_EQ(intent.channels, 4);
  EXPECT_EQ(intent.description, "Artifex CMYK SWOP Profile");
  EXPECT_EQ(intent.condition_identifier, "CGATS TR 001");  // SWOP, in the ICC registry
  EXPECT_TRUE(intent.registered());
  EXPECT_EQ(intent.output_profile, cmyk);

  // A grey output profile has one channel; its description names no registered condition.
  const std::string gray = with_device_class(kGhostscriptIcc + "sgray.icc", "prtr");
  const typeset::PdfX gray_intent = typeset::read_output_intent(gray, "gray.icc");
  EXPECT_EQ(gray_intent.channels, 1);
  EXPECT_EQ(gray_intent.condition_identifier, "Custom");
  EXPECT_FALSE(gray_intent.registered());
  EXPECT_EQ(gray_intent.condition, "Artifex Software sGray ICC Profile");

  // The identifier asked for wins over the description.
  EXPECT_EQ(typeset::read_output_intent(cmyk, "x.icc", "FOGRA39").condition_identifier, "FOGRA39");
}

TEST(OutputIntentTest, KnowsTheCommonPrintingConditions) {
  EXPECT_EQ(typeset::registered_condition("Coated FOGRA39 (ISO 12647-2:2004)"), "FOGRA39");
  EXPECT_EQ(typeset::registered_condition("ISO Coated v2 (ECI)"), "FOGRA39");
  EXPECT_EQ(typeset::registered_condition("PSO Uncoated v3 (FOGRA52)"), "FOGRA52");
  EXPECT_EQ(typeset::registered_condition("U.S. Web Coated (SWOP) v2"), "CGATS TR 001");
  EXPECT_EQ(typeset::registered_condition("Web Coated SWOP 2006 Grade 5 Paper"), "CGATS TR 005");
  EXPECT_EQ(typeset::registered_condition("GRACoL2006_Coated1v2.icc"), "CGATS TR 006");
  EXPECT_EQ(typeset::registered_condition("WAN-IFRAnewspaper26v5"), "IFRA26");
  EXPECT_EQ(typeset::registered_condition("House press, uncoated"), std::nullopt);
}

TEST(OutputIntentTest, RefusesWhatIsNotAnOutputProfileSayingWhatItIs) {
  const auto message = [](const std::string& bytes) {
    try {
      typeset::read_output_intent(bytes, "p.icc");
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("hello\n").rfind("p.icc: is not an ICC profile;", 0), 0u) << message("hello\n");
  EXPECT_EQ(message(read_file(kGhostscriptIcc + "srgb.icc")).rfind("p.icc: is an RGB display profile;", 0), 0u);
  EXPECT_EQ(message(read_file(kGhostscriptIcc + "sgray.icc")).rfind("p.icc: is a grey display profile;", 0), 0u);
  EXPECT_EQ(message(with_device_class(kGhostscriptIcc + "default_cmyk.icc", "mntr"))
                .rfind("p.icc: is a CMYK display profile;", 0),
            0u);
  EXPECT_EQ(message(with_device_class(kGhostscriptIcc + "default_cmyk.icc", "link"))
                .rfind("p.icc: is a CMYK device link profile;", 0),
            0u);
  EXPECT_EQ(message(with_device_class(kGhostscriptIcc + "srgb.icc", "prtr")).rfind("p.icc: is an RGB output profile;", 0),
            0u);
  // A CMYK profile cut short is no profile either.
  EXPECT_NE(message(read_file(kGhostscriptIcc + "default_cmyk.icc").substr(0, 200)), "accepted");
}

// The default profile, a grey one, a named condition: the output intent qpdf reads back.
TEST(OutputIntentTest, PdfXFilesNameTheirPrintingCondition) {
  TempDir dir;
  const std::string pdf = dir / "x.pdf";
  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + pdf +
         " --pdfx --date 2026-03-01");
  std::string objects = qdf(pdf);
  EXPECT_NE(objects.find("/OutputConditionIdentifier (CGATS TR 001)"), std::string::npos);
  EXPECT_NE(objects.find("/RegistryName (http://www.color.org)"), std::string::npos);
  EXPECT_NE(objects.find("/Info (Artifex CMYK SWOP Profile)"), std::string::npos);
  EXPECT_EQ(objects.find("default_cmyk.icc"), std::string::npos);  // no file name for a condition
  EXPECT_NE(objects.find("/N 4"), std::string::npos);

  const std::string gray = dir / "gray-press.icc";
  write_file_atomically(gray, with_device_class(kGhostscriptIcc + "sgray.icc", "prtr"));
  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + pdf +
         " --pdfx --output-profile " + gray + " --date 2026-03-01");
  objects = qdf(pdf);
  EXPECT_NE(objects.find("/OutputConditionIdentifier (Custom)"), std::string::npos);
  EXPECT_NE(objects.find("/OutputCondition (Artifex Software sGray ICC Profile)"), std::string::npos);
  EXPECT_EQ(objects.find("/RegistryName"), std::string::npos);
  EXPECT_NE(objects.find("/N 1"), std::string::npos);
  EXPECT_EQ(objects.find("/N 4"), std::string::npos);
  // Ghostscript takes the grey output intent and renders the pages.
  const CommandResult rendered =
      run_command("gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pgmraw -r10 -o " + (dir / "gs-%d.pgm") + " " + pdf);
  EXPECT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(rendered.out + rendered.err, "");
  EXPECT_TRUE(fs::exists(dir / "gs-22.pgm"));

  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + pdf +
         " --pdfx --output-condition FOGRA39 --date 2026-03-01");
  EXPECT_NE(qdf(pdf).find("/OutputConditionIdentifier (FOGRA39)"), std::string::npos);
  const CommandResult alone = typeset(kSample + " -t book-6x9 -o " + pdf + " --output-condition FOGRA39");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--output-condition applies to --pdfx only"), std::string::npos) << alone.err;
}

TEST(OutputIntentTest, TypesetRefusesAProfileThatIsNotForPrintBeforeWriting) {
  TempDir dir;
  const std::string hello = dir / "hello.icc";
  testing::write_text_file(hello, "hello\n");
  const std::string display = kGhostscriptIcc + "srgb.icc";
  for (const auto& [profile, what] : {std::pair{hello, std::string(": is not an ICC profile;")},
                                      std::pair{display, std::string(": is an RGB display profile;")}}) {
    SCOPED_TRACE(profile);
    const CommandResult result =
        typeset(kSample + " -t book-6x9 -o " + (dir / "x.pdf") + " --pdfx --output-profile " + profile);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err.rfind("typeset: " + profile + what, 0), 0u) << result.err;
    expect_one_line(result.err);
    EXPECT_FALSE(fs::exists(dir / "x.pdf"));
  }
}

// ---- 2. Template colours: PDF/X-1a prints grey and CMYK only ----

TEST(PdfXColoursTest, ARedTemplateColourIsRefusedAtItsLine) {
  TempDir dir;
  std::string xml = testing::read_text_file(std::string(SUDOKU_SOURCE_DIR) + "/templates/book-6x9.xml");
  const std::size_t at = xml.find("color=\"#333333\"");
  ASSERT_NE(at, std::string::npos);
  xml.replace(at, 15, "color=\"#cc0000\"");
  const std::string red = dir / "red.xml";
  testing::write_text_file(red, xml);
  const int line = 1 + static_cast<int>(std::count(xml.begin(), xml.begin() + static_cast<long>(at), '\n'));

  const CommandResult refused = typeset(kSample + " -t " + red + " -o " + (dir / "x.pdf") + " --pdfx");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err.rfind("typeset: " + red + ":" + std::to_string(line) + ": colour '#cc0000' is not a grey", 0),
            0u)
      << refused.err;
  EXPECT_NE(refused.err.find("use a grey"), std::string::npos) << refused.err;
  expect_one_line(refused.err);
  EXPECT_FALSE(fs::exists(dir / "x.pdf"));

  // Without --pdfx the colour is allowed, and stays the RGB it is.
  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t " + red + " -o " + (dir / "rgb.pdf"));
  EXPECT_NE(qdf(dir / "rgb.pdf").find("0.8 0 0 rg"), std::string::npos);
}

// Print finishing refuses any RGB colour under PDF/X, whatever drew it; greys become DeviceGray.
TEST(PdfXColoursTest, PrintFinishingRefusesRgbUnderPdfX) {
  const auto draw = [](double red, double green, double blue) {
    typeset::PdfDocument document({"t", "", "", "", "test", 0, {}});
    document.begin_page(100, 100);
    cairo_set_source_rgb(document.context(), red, green, blue);
    cairo_rectangle(document.context(), 10, 10, 50, 50);
    cairo_fill(document.context());
    document.end_page();
    return document.finish();
  };
  const typeset::PdfX intent =
      typeset::read_output_intent(read_file(kGhostscriptIcc + "default_cmyk.icc"), "default_cmyk.icc");
  typeset::PrintReadyOptions pdfx;
  pdfx.pdfx = intent;
  EXPECT_NO_THROW(typeset::make_print_ready(draw(0.2, 0.2, 0.2), pdfx));
  try {
    typeset::make_print_ready(draw(0.8, 0, 0), pdfx);
    ADD_FAILURE() << "an RGB colour passed as PDF/X";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("'0.8 0 0 rg'"), std::string::npos) << error.what();
  }
  EXPECT_NO_THROW(typeset::make_print_ready(draw(0.8, 0, 0)));
}

// ---- 3. PDF dates, reproducible ----

TEST(PdfDatesTest, InfoDatesArePdfDatesFromTheDateGiven) {
  EXPECT_EQ(typeset::pdf_date(0), "D:19700101000000+00'00'");
  EXPECT_EQ(typeset::pdf_date(1772368200), "D:20260301123000+00'00'");
  TempDir dir;
  for (const char* name : {"a.pdf", "b.pdf"})
    run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + (dir / name) +
           " --pdfx --date 2026-03-01T12:30:00Z");
  const std::string objects = qdf(dir / "a.pdf");
  EXPECT_NE(objects.find("/CreationDate (D:20260301123000+00'00')"), std::string::npos);
  EXPECT_NE(objects.find("/ModDate (D:20260301123000+00'00')"), std::string::npos);
  EXPECT_EQ(testing::read_text_file(dir / "a.pdf"), testing::read_text_file(dir / "b.pdf"));
  // SOURCE_DATE_EPOCH, the reproducible-builds convention, when no --date is given.
  run_ok("SOURCE_DATE_EPOCH=1772368200 " + testing::tool_path("typeset") + " --draft " + kSample +
         " -t book-6x9 -o " + (dir / "c.pdf") + " --pdfx");
  EXPECT_EQ(testing::read_text_file(dir / "a.pdf"), testing::read_text_file(dir / "c.pdf"));
  EXPECT_NE(run_ok("pdfinfo " + (dir / "c.pdf")).find("Mar  1 12:30:00 2026"), std::string::npos);
}

// ---- 4. Page labels: the folios the pages print ----

TEST(PageLabelsTest, BookLabelsAreThePrintedFolios) {
  TempDir dir;
  const std::string pdf = dir / "book.pdf";
  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + pdf +
         " --date 2026-03-01");
  // One decimal range from the first page: page N is labelled N, as it prints N.
  const std::string labels = run_ok("qpdf --json --json-key=pagelabels " + pdf);
  std::size_t ranges = 0;
  for (std::size_t at = labels.find("\"index\""); at != std::string::npos; at = labels.find("\"index\"", at + 1))
    ++ranges;
  EXPECT_EQ(ranges, 1u) << labels;
  EXPECT_NE(labels.find("\"index\": 0"), std::string::npos) << labels;
  EXPECT_NE(labels.find("\"/S\": \"/D\""), std::string::npos) << labels;
  EXPECT_EQ(labels.find("\"/r\""), std::string::npos) << labels;
  EXPECT_EQ(labels.find("\"/P\""), std::string::npos) << labels;
  // The folio in each puzzle page's foot (its last line of text) is the page's number.
  for (const int page : {6, 7, 12, 19}) {
    std::istringstream text(run_ok("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) +
                                   " " + pdf + " -"));
    std::string line;
    std::string last;
    while (std::getline(text, line))
      if (!line.empty() && line != "\f") last = line;
    EXPECT_EQ(last, std::to_string(page)) << "page " << page;
  }
}

TEST(PageLabelsTest, RunsOfNumbersBecomeRangesOtherLabelsPrefixes) {
  typeset::PdfDocument document({"t", "", "", "", "test", 0, {}});
  for (const char* label : {"i", "ii", "iii", "1", "2", "3", "Cover", "9", "10"}) {
    document.begin_page(100, 100);
    document.set_page_label(label);
    document.end_page();
  }
  document.begin_page(100, 100);  // no label: its number
  document.end_page();
  TempDir dir;
  write_file_atomically(dir / "l.pdf", document.finish());
  const std::string labels = run_ok("qpdf --json --json-key=pagelabels " + (dir / "l.pdf"));
  std::string compact;
  for (const char c : labels)
    if (c != ' ' && c != '\n') compact += c;
  EXPECT_NE(compact.find("\"index\":0,\"label\":{\"/S\":\"/r\""), std::string::npos) << compact;
  EXPECT_NE(compact.find("\"index\":3,\"label\":{\"/S\":\"/D\""), std::string::npos) << compact;
  EXPECT_NE(compact.find("\"index\":6,\"label\":{\"/P\":\"u:Cover\""), std::string::npos) << compact;
  EXPECT_NE(compact.find("\"index\":7,\"label\":{\"/S\":\"/D\",\"/St\":9}"), std::string::npos) << compact;
  EXPECT_EQ(compact.find("\"index\":8"), std::string::npos) << compact;  // 10 continues 9
  // The unlabelled last page is labelled with its number, 10, which does not continue 9, 10.
  EXPECT_NE(compact.find("\"index\":9,\"label\":{\"/S\":\"/D\",\"/St\":10}"), std::string::npos) << compact;
}

// ---- 5. Output flows: folders made, everything checked first, the cover and the book together ----

TEST(TypesetOutputTest, MissingFoldersAreMadeWithTheirParents) {
  TempDir dir;
  const std::string pdf = dir / "press/2026/book.pdf";
  const std::string cover = dir / "press/covers/cover.pdf";
  run_ok(testing::tool_path("typeset") + " --draft " + kSample + " -t book-6x9 -o " + pdf + " --cover " +
         cover);
  EXPECT_TRUE(fs::is_regular_file(pdf));
  EXPECT_TRUE(fs::is_regular_file(cover));
  EXPECT_TRUE(fs::is_regular_file(dir / "press/covers/cover-ebook.png"));  // the e-book cover, beside it
  // Nothing but the three files is left behind (no staging folders, no manifests), beside the
  // folder's lock.
  int entries = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "press"))
    entries += entry.is_regular_file() && entry.path().filename() != ".output-set.lock";
  EXPECT_EQ(entries, 3);
}

TEST(TypesetOutputTest, ABadCoverPathWritesNeitherFile) {
  TempDir dir;
  const std::string pdf = dir / "book.pdf";
  testing::write_text_file(dir / "a-file", "not a folder\n");
  // Found before the rendering: the cover's folder is a file.
  CommandResult result = typeset(kSample + " -t book-6x9 -o " + pdf + " --cover " + (dir / "a-file/cover.pdf"));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("a-file"), std::string::npos) << result.err;
  expect_one_line(result.err);
  EXPECT_FALSE(fs::exists(pdf));

  // Found only when writing (a device that is always full): the book keeps its old contents.
  testing::write_text_file(pdf, "the old book\n");
  result = typeset(kSample + " -t book-6x9 -o " + pdf + " --cover /dev/full");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("/dev/full"), std::string::npos) << result.err;
  expect_one_line(result.err);
  EXPECT_EQ(testing::read_text_file(pdf), "the old book\n");

  // A folder that cannot be made when writing: neither the book nor its new folder is left.
  result = typeset(kSample + " -t book-6x9 -o " + (dir / "new/book.pdf") + " --cover /proc/no-such/cover.pdf");
  EXPECT_EQ(result.exit_code, 2);
  expect_one_line(result.err);
  EXPECT_FALSE(fs::exists(dir / "new"));
  int entries = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) entries += entry.path().filename() != ".output-set.lock";
  EXPECT_EQ(entries, 2);  // a-file and the old book (beside the folder's lock)
}

TEST(TypesetOutputTest, AnUnwritableFolderIsFoundBeforeRendering) {
  TempDir dir;
  const std::string pdf = dir / "book.pdf";
  // A file where a folder of the path should be.
  testing::write_text_file(dir / "a-file", "x\n");
  const CommandResult result = typeset(kSample + " -t book-6x9 -o " + (dir / "a-file/sub/b.pdf"));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("a-file/sub: cannot create the output directory: not a directory"), std::string::npos)
      << result.err;
  expect_one_line(result.err);
  const CommandResult same = typeset(kSample + " -t book-6x9 -o " + pdf + " --cover " + pdf);
  EXPECT_EQ(same.exit_code, 2);
  EXPECT_NE(same.err.find("the cover and the interior would be the same file"), std::string::npos) << same.err;
  EXPECT_FALSE(fs::exists(pdf));
}

}  // namespace
}  // namespace sudoku
