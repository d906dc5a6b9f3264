// SPDX-License-Identifier: Apache-2.0
// The bad-input catalogue: malformed inputs for every tool, each with the exit status and the one-line
// message it must give — never a crash, a hang or a half-written output.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

struct BadInput {
  std::string name;     // test name
  std::string command;  // run in a fresh directory holding the fixture files; $BIN and $DATA expanded
  int exit_code;
  std::string message;    // expected on the single stderr line
  std::string no_output;  // a path that must not exist afterwards (no half-written output)
};

// Fixture files written into each case's directory.
void write_fixtures(const std::string& dir) {
  const std::string puzzle =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  testing::write_text_file(dir + "/ok.txt", puzzle + "\n");
  testing::write_text_file(dir + "/nul.txt",
                           puzzle.substr(0, 40) + std::string(1, '\0') + puzzle.substr(41) + "\n");
  testing::write_text_file(dir + "/truncated.txt", puzzle.substr(0, 70));
  testing::write_text_file(dir + "/truncated-grid.txt", "4.....8.5\n.3.......\n...7.....\n");
  testing::write_text_file(dir + "/huge-line.txt", std::string(1 << 20, '1') + "\n");
  testing::write_text_file(dir + "/empty.txt", "");
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage.push_back(static_cast<char>((i * 7919 + 13) % 256));
  testing::write_text_file(dir + "/garbage.txt", garbage);
  testing::write_text_file(dir + "/deep.json", std::string(5000, '[') + std::string(5000, ']'));
  testing::write_text_file(dir + "/broken.json",
                           "{\n  \"title\": \"t\",\n  \"seed\": 1,\n  \"chapters\": [\n");
  const auto plan = [&](const std::string& name, const std::string& body) {
    testing::write_text_file(dir + "/" + name, "{\"title\": \"t\", \"seed\": 1, " + body + "}");
  };
  // The paper's call count: a target that one move cannot reach, so the first run leaves a checkpoint.
  plan("plan.json", R"("metric": "call-count", "chapters": [{"level": "easy", "count": 1}])");
  plan("plan-other.json", R"("metric": "call-count", "chapters": [{"level": "easy", "count": 2}])");
  testing::write_text_file(dir + "/huge-seed.json",
                           R"({"title": "t", "seed": 1e400, "chapters": [{"level": "easy", "count": 1}]})");
  testing::write_text_file(dir + "/long-title.json", "{\"title\": \"" + std::string(20000, 'T') +
                                                       "\", \"seed\": 1, \"chapters\": [{\"level\": \"easy\", \"count\": 1}]}");
  plan("count-zero.json", R"("chapters": [{"level": "easy", "count": 0}])");
  plan("count-huge.json", R"("chapters": [{"level": "easy", "count": 18446744073709551616}])");
  plan("too-many.json",
       R"("chapters": [{"level": "easy", "count": 60000}, {"level": "easy", "count": 60000}])");
  plan("unknown-level.json", R"("chapters": [{"level": "nightmare", "count": 1}])");
  plan("size-7.json", R"("size": 7, "chapters": [{"level": "easy", "count": 1}])");
  plan("bad-symmetry.json", R"("symmetry": "spiral", "chapters": [{"level": "easy", "count": 1}])");
  plan("bad-variant.json", R"("variant": "sandwich", "chapters": [{"level": "easy", "count": 1}])");
  plan("bad-regions.json",
       R"("variant": "jigsaw", "regions": ")" +
           std::string("211122333111222333112222333444555666444555666444555666777888899777888999"
                       "777889991") +
           R"(", "chapters": [{"level": "easy", "count": 1}])");
  // A jigsaw line whose region 1 is split: r1c1 belongs to region 2 (and region 2 has 10 cells).
  testing::write_text_file(dir + "/jigsaw.txt", puzzle +
                                                    " 2111223331112223331122223334445556664445556664445556"
                                                    "66777888899777888999777889999 j1\n");
  plan("wrong-type.json", R"("chapters": {"level": "easy"})");
  plan("negative-level.json", R"("chapters": [{"level": -5, "count": 1}])");
  testing::write_text_file(dir + "/nul-plan.json", std::string("{\"title\": \"a\0b\", \"seed\": 1}", 28));
  // Found by fuzzing (tests/fuzz/corpus/calibration_reader/crash-count-int64-max.json): the count was
  // accepted, then overflowed when generate-book copied the calibration into the book.
  testing::write_text_file(
      dir + "/cal-huge-count.json",
      R"({"metric": "call-count", "runs": 10, "levels": [{"name": "easy", "target": 5, "count": 9223372036854775807}]})");
  // A level model naming a feature the grader does not count.
  testing::write_text_file(
      dir + "/cal-bad-model.json",
      R"({"metric": "technique", "runs": 1, "levels": [{"name": "easy", "target": 1.5, "band": [1, 2.3]}, )"
      R"({"name": "hard", "target": 3, "band": [2.5, 4]}], "model": {"kind": "ordinal-logit", "levels": )"
      R"(["easy", "hard"], "features": [{"name": "steps:pointng", "mean": 0, "sd": 1, "weight": 1}], )"
      R"("thresholds": [0], "lambda": 0.01}})");
  plan("plan-huge-count.json",
       R"("calibration": "cal-huge-count.json", "chapters": [{"level": "easy", "count": 1}])");
  fs::create_directories(dir + "/book");
  testing::write_text_file(dir + "/book/book.json",
                           testing::read_text_file(testing::test_data("books/sample/book.json")));
  fs::create_directories(dir + "/broken-book");
  testing::write_text_file(dir + "/broken-book/book.json", "{\"title\": \"x\",\n \"chapters\": [}\n");
  fs::create_directories(dir + "/typed-book");
  testing::write_text_file(dir + "/typed-book/book.json", "{\"title\": 5}\n");
  fs::create_directories(dir + "/empty-book");
  const std::string good_template =
      testing::read_text_file(std::string(SUDOKU_SOURCE_DIR) + "/templates/a4-4up.xml");
  std::string unknown_element = good_template;
  unknown_element.insert(unknown_element.rfind("</template>"), "  <sparkle/>\n");
  testing::write_text_file(dir + "/unknown-element.xml", unknown_element);
  std::string missing_font = good_template;
  const auto family = missing_font.find("family=\"");
  missing_font.insert(family + 8, "No Such Face ");
  testing::write_text_file(dir + "/missing-font.xml", missing_font);
  testing::write_text_file(
      dir + "/entity.xml",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]>\n"
      "<template>&lol2;</template>\n");
  testing::write_text_file(dir + "/not-xml.xml", "<template version=\"1\">\n  <page width=\"85mm\"\n");
  std::string twice = good_template;
  twice.replace(twice.find("width=\""), 7, "width=\"90mm\" width=\"");
  testing::write_text_file(dir + "/twice.xml", twice);
  std::string latin1 = good_template;
  if (latin1.starts_with("<?xml")) latin1.erase(0, latin1.find("?>") + 2);
  testing::write_text_file(dir + "/latin1.xml", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + latin1);
  std::string bad_length = good_template;
  const auto width = bad_length.find("width=\"");
  bad_length.replace(width, 7, "width=\"eleven");
  testing::write_text_file(dir + "/bad-length.xml", bad_length);
  testing::write_text_file(dir + "/labelled.txt", puzzle + " 2.5\n" + puzzle + " hard\n");
  fs::create_directories(dir + "/a-directory");
  // Another program's SQLite database (schema version 0 with a table of its own).
  testing::run_command("sqlite3 '" + dir + "/app.db' 'CREATE TABLE notes (x)'");
  // Encodings: a UTF-8 byte order mark is read, UTF-16 is named.
  testing::write_text_file(dir + "/bom.txt", "\xEF\xBB\xBF" + puzzle + "\n");
  std::string utf16 = "\xFF\xFE";
  for (const char c : puzzle + "\n") utf16 += std::string(1, c) + '\0';
  testing::write_text_file(dir + "/utf16.txt", utf16);
  testing::write_text_file(dir + "/bom-plan.json",
                           "\xEF\xBB\xBF{\"title\": \"t\", \"seed\": 1, \"chapters\": []}");
  plan("duplicate-key.json", R"("chapters": [{"level": "easy", "count": 1}], "chapters": [])");
  // A template whose error quotes a 200 KB value.
  std::string huge_value = good_template;
  const auto huge_width = huge_value.find("width=\"");
  huge_value.replace(huge_width, 7, "width=\"" + std::string(200000, 'x'));
  testing::write_text_file(dir + "/huge-value.xml", huge_value);
  // A template with a catalogue of its own whose second line is not gettext.
  testing::write_text_file(dir + "/local.xml", good_template);
  fs::create_directories(dir + "/lang");
  testing::write_text_file(dir + "/lang/xx.po", "msgid \"Solutions\"\nmsgstrr \"Solutions\"\n");
}

const std::vector<BadInput>& catalogue() {
  static const std::vector<BadInput> cases = {
      // corpus-rate
      {"CorpusRateNoInput", "$BIN/corpus-rate", 2, "corpus-rate: no input file given", ""},
      {"CorpusRateBadFormat", "$BIN/corpus-rate --format xml ok.txt", 2, "unknown output format 'xml'", ""},
      {"CorpusRateUnknownOption", "$BIN/corpus-rate --colour ok.txt", 2, "unrecognised option '--colour'",
       ""},
      {"CorpusRateMissingFile", "$BIN/corpus-rate missing.txt", 2, "missing.txt: cannot open for reading",
       ""},
      {"CorpusRateDirectoryInput", "$BIN/corpus-rate a-directory", 2,
       "a-directory: is a directory, expected a file", ""},
      {"CorpusRateOutputInMissingDir", "$BIN/corpus-rate -o no/such/out.csv ok.txt", 2,
       "no/such/out.csv: cannot write", "no/such/out.csv"},
      {"CorpusRateOutputIsADirectory", "$BIN/corpus-rate -o a-directory ok.txt", 2,
       "a-directory: is a directory", ""},
      {"CorpusRateFullDisk", "$BIN/corpus-rate -o /dev/full ok.txt", 2,
       "/dev/full: cannot write: No space left on device", ""},
      {"CorpusRateUnsupportedSize", "$BIN/corpus-rate --size 8 ok.txt", 2, "--size 8 is not supported", ""},
      {"CorpusRateBadBox", "$BIN/corpus-rate --box 6x6 ok.txt", 2, "--box expects ROWSxCOLS", ""},
      {"CorpusRateHugeRuns", "$BIN/corpus-rate --runs 99999999999999999999999 ok.txt", 2, "runs", ""},
      {"CorpusRateZeroRuns", "$BIN/corpus-rate --runs 0 ok.txt", 2, "runs", ""},
      {"CorpusRateBrokenCalibration", "$BIN/corpus-rate --calibration broken.json ok.txt", 2,
       "broken.json:5:1: invalid JSON", ""},
      {"CorpusRateBadLevelModel", "$BIN/corpus-rate --calibration cal-bad-model.json ok.txt", 2,
       "cal-bad-model.json: $.model.features[0].name: unknown feature \"steps:pointng\"", ""},
      {"CorpusRateDeepCalibration", "$BIN/corpus-rate --calibration deep.json ok.txt", 2,
       "nesting deeper than 64 levels", ""},
      {"CorpusRateNulByte", "$BIN/corpus-rate --no-rating nul.txt", 1, "1 puzzles: 0 ok, 1 invalid-format",
       ""},
      {"CorpusRateUnknownVariant", "$BIN/corpus-rate --variant sandwich ok.txt", 2,
       "--variant expects classic, x, windoku, asterisk, centre-dot, jigsaw, killer, samurai, twin, butterfly, "
       "flower, sohei, windmill or gattai, got 'sandwich'", ""},
      {"CorpusRateBadRegionMap", "$BIN/corpus-rate --no-rating --variant jigsaw jigsaw.txt", 1,
       "1 puzzles: 0 ok, 1 invalid-format", ""},
      {"CorpusRateTruncatedLine", "$BIN/corpus-rate --no-rating truncated.txt", 1, "1 invalid-format", ""},
      {"CorpusRateTruncatedGrid", "$BIN/corpus-rate --no-rating truncated-grid.txt", 1, "1 invalid-format",
       ""},
      {"CorpusRateHugeLine", "$BIN/corpus-rate --no-rating huge-line.txt", 2,
       "huge-line.txt:1: line longer than 64 KiB", ""},
      {"CorpusRateDevZero", "$BIN/corpus-rate --no-rating /dev/zero -o out.csv", 2,
       "/dev/zero: a device, not a regular file; expected a text file of puzzles", "out.csv"},
      {"CorpusRateFifo", "mkfifo f && $BIN/corpus-rate --no-rating f -o out.csv", 2,
       "f: a FIFO, not a regular file; expected a text file of puzzles", "out.csv"},
      {"CorpusRateStdinStillStreams", "$BIN/corpus-rate --no-rating /dev/stdin < ok.txt", 0, "1 puzzles: 1 ok", ""},
      {"CorpusRateOutputIsInput", "cp ok.txt c.txt && $BIN/corpus-rate --no-rating c.txt -o c.txt", 2,
       "c.txt: is also an input (c.txt); write the output elsewhere", ""},
      {"CorpusRateHugeArgumentClipped",
       "$BIN/corpus-rate --no-rating $(printf %0100000d 0) 2>&1 | wc -c >&2", 0, "517", ""},
      {"CorpusRateUtf16", "$BIN/corpus-rate --no-rating utf16.txt -o out.csv", 2,
       "utf16.txt: UTF-16 text; convert to UTF-8", "out.csv"},
      {"CorpusRateByteOrderMark", "$BIN/corpus-rate --no-rating bom.txt", 0, "1 puzzles: 1 ok", ""},
      {"CorpusRateNulByteNamed",
       "$BIN/corpus-rate --no-rating nul.txt 2>/dev/null | grep -c 'line 1, column 41: NUL byte' >&2", 0,
       "1\n", ""},
      {"GenerateLongTitle", "$BIN/generate-book long-title.json -o out", 2,
       "$.title: a text of 20000 bytes, longer than the 1000 allowed", "out"},
      {"GenerateDuplicateKey", "$BIN/generate-book duplicate-key.json -o out", 2,
       "$.chapters: key given twice", "out"},
      {"GenerateByteOrderMarkPlan", "$BIN/generate-book bom-plan.json -o out", 2,
       "bom-plan.json: $.chapters: expected", "out"},
      {"GenerateArchiveDevZero", "$BIN/generate-book plan.json -o out --archive /dev/zero", 2,
       "/dev/zero: a device, not a regular file; expected an SQLite archive or a text archive", "out"},
      {"GenerateArchiveUrandom", "$BIN/generate-book plan.json -o out --archive /dev/urandom", 2,
       "/dev/urandom: a device, not a regular file", "out"},
      {"GenerateImportUrandom", "$BIN/generate-book --import-archive /dev/urandom --update-archive a.sqlite", 2,
       "/dev/urandom: a device, not a regular file", "a.sqlite"},
      {"GenerateArchiveFifo", "mkfifo f && $BIN/generate-book plan.json -o out --archive f", 2,
       "f: a FIFO, not a regular file", "out"},
      {"GeneratePlanFifo", "mkfifo p.json && $BIN/generate-book p.json -o out", 2,
       "p.json: a FIFO, not a regular file; expected a text document", "out"},
      {"GenerateCheckpointFifo",
       "mkdir out && mkfifo out/.generate-book-checkpoint.json && $BIN/generate-book plan.json -o out --resume", 2,
       "out/.generate-book-checkpoint.json: a FIFO, not a regular file", "out/book.json"},
      {"GenerateFolderInUse", "mkdir out && flock out/.output-set.lock $BIN/generate-book plan.json -o out", 2,
       "out: another run is writing this folder; wait for it to finish or choose another folder", "out/book.json"},
      {"GenerateUpdateDanglingLink",
       "ln -s nowhere/a.sqlite link.sqlite && $BIN/generate-book plan.json -o out --update-archive link.sqlite", 2,
       "link.sqlite: a symbolic link to a missing file; an archive is never created through a link", "nowhere"},
      {"CalibrateDevZero", "$BIN/calibrate easy=/dev/zero -o cal.json", 2,
       "/dev/zero: a device, not a regular file", "cal.json"},
      {"TypesetProfileDevZero",
       "$BIN/typeset book --template a4-4up -o out.pdf --pdfx --output-profile /dev/zero", 2,
       "/dev/zero: a device, not a regular file; expected an ICC profile", "out.pdf"},
      {"TypesetTemplateFifo", "mkfifo t.xml && $BIN/typeset book --template ./t.xml -o out.pdf", 2,
       "t.xml: a FIFO, not a regular file", "out.pdf"},
      {"TypesetOutputIsInput", "$BIN/typeset book --template a4-4up -o book/book.json", 2,
       "book/book.json: is also an input (book/book.json); write the output elsewhere", ""},
      {"TypesetProofIsInput", "$BIN/typeset book --template newspaper --split -o files --proof book/book.json", 2,
       "book/book.json: is also an input", "files"},
      {"TypesetHugeValueQuoted", "$BIN/typeset book --template ./huge-value.xml", 2,
       "bad length '" + std::string(80, 'x') + "...'", "book/huge-value.pdf"},
      {"CorpusRateGarbage", "$BIN/corpus-rate --no-rating garbage.txt", 1, "0 ok", ""},
      {"CorpusRateEmptyFile", "$BIN/corpus-rate empty.txt", 0, "corpus-rate: 0 puzzles: 0 ok", ""},
      // generate-book
      {"GenerateNoPlan", "$BIN/generate-book -o out", 2, "generate-book: no plan given", "out"},
      {"GenerateNoOutput", "$BIN/generate-book plan.json", 2, "no output directory given", ""},
      {"GenerateMissingPlan", "$BIN/generate-book missing.json -o out", 2,
       "missing.json: cannot open for reading", "out"},
      {"GeneratePlanIsADirectory", "$BIN/generate-book a-directory -o out", 2, "a-directory: is a directory",
       "out"},
      {"GenerateSyntaxError", "$BIN/generate-book broken.json -o out", 2, "broken.json:5:1: invalid JSON",
       "out"},
      {"GenerateDeepJson", "$BIN/generate-book deep.json -o out", 2,
       "deep.json:1:65: invalid JSON: nesting deeper", "out"},
      {"GenerateHugeNumber", "$BIN/generate-book huge-seed.json -o out", 2,
       "huge-seed.json: $.seed: expected an integer from 0 to", "out"},
      {"GenerateCountZero", "$BIN/generate-book count-zero.json -o out", 2,
       "$.chapters[0].count: expected an integer from 1 to 100000", "out"},
      {"GenerateCountHuge", "$BIN/generate-book count-huge.json -o out", 2,
       "$.chapters[0].count: expected an integer", "out"},
      {"GenerateTooManyPuzzles", "$BIN/generate-book too-many.json -o out", 2, "more than 100000 puzzles",
       "out"},
      {"GenerateUnknownLevel", "$BIN/generate-book unknown-level.json -o out", 2,
       "unknown level \"nightmare\" (known: easy, medium, hard, evil", "out"},
      {"GenerateUnsupportedSize", "$BIN/generate-book size-7.json -o out", 2,
       "$.size: unsupported grid size 7", "out"},
      {"GenerateBadSymmetry", "$BIN/generate-book bad-symmetry.json -o out", 2,
       "$.symmetry: unknown symmetry \"spiral\"", "out"},
      {"GenerateBadVariant", "$BIN/generate-book bad-variant.json -o out", 2,
       "$.variant: expected classic, x, windoku, asterisk, centre-dot, jigsaw or killer, got \"sandwich\"",
       "out"},
      {"GenerateBadRegions", "$BIN/generate-book bad-regions.json -o out", 2,
       "$.regions: bad region map at position 2: region 1 is not connected", "out"},
      {"GenerateWrongType", "$BIN/generate-book wrong-type.json -o out", 2,
       "$.chapters: expected an array, got an object", "out"},
      {"GenerateNegativeLevel", "$BIN/generate-book negative-level.json -o out", 2,
       "$.chapters[0].level: expected a positive target", "out"},
      {"GenerateHugeCalibrationCount", "$BIN/generate-book plan-huge-count.json -o out", 2,
       "cal-huge-count.json: $.levels[0].count: expected an integer from 0 to 9007199254740992", "out"},
      {"GenerateNulByte", "$BIN/generate-book nul-plan.json -o out", 2, "nul-plan.json:1:", "out"},
      {"GenerateOutputUnderAFile", "$BIN/generate-book plan.json -o ok.txt/out", 2,
       "ok.txt/out: cannot create the output directory", ""},
      {"GenerateMalformedArchive", "$BIN/generate-book plan.json -o out --archive truncated.txt", 2,
       "truncated.txt:1:71: expected a puzzle of 81 symbols (9x9), got 70", "out"},
      {"GenerateMissingArchive", "$BIN/generate-book plan.json -o out --archive missing.txt", 2,
       "missing.txt: cannot open", "out"},
      {"GenerateForeignCheckpoint",
       "$BIN/generate-book plan.json -o out --max-moves 1 --max-restarts 0 >/dev/null 2>&1; "
       "$BIN/generate-book plan-other.json -o out --resume",
       2, "the checkpoint belongs to another plan", "out/book.json"},
      // the desk's archive
      {"GenerateReplaceBadSpelling",
       "$BIN/generate-book plan.json -o out --update-archive a.sqlite --replace 12-05", 2,
       "--replace: \"12-05\": expected DATE:SLOT, e.g. 2026-12-05:hard", "out"},
      {"GenerateReplaceWithoutDatabase", "$BIN/generate-book plan.json -o out --replace 2026-12-05:hard", 2,
       "--replace needs an SQLite archive", "out"},
      {"GenerateReplaceNotInThePlan",
       "$BIN/generate-book plan.json -o out --update-archive a.sqlite --replace 2026-12-05:hard", 2,
       "--replace: 2026-12-05:hard: not a slot of the plan's calendar", "out"},
      {"CorpusRateTextArchive", "$BIN/corpus-rate ok.txt --archive ok.txt", 2,
       "ok.txt: expected an SQLite archive", ""},
      {"CorpusRateForeignDatabase", "$BIN/corpus-rate --no-rating ok.txt --archive app.db", 2,
       "app.db: not a sudoku-press archive (schema version 0, tables notes)", ""},
      {"GenerateForeignDatabase", "$BIN/generate-book plan.json -o out --archive app.db", 2,
       "app.db: not a sudoku-press archive (schema version 0, tables notes)", "out"},
      {"GenerateUpdateForeignDatabase", "$BIN/generate-book plan.json -o out --update-archive app.db", 2,
       "app.db: not a sudoku-press archive (schema version 0, tables notes)", "out"},
      {"GenerateUpdateTextArchive", "$BIN/generate-book plan.json -o out --update-archive ok.txt", 2,
       "ok.txt: not an SQLite archive (text archives are read-only: give them with --archive", "out"},
      {"GenerateUpdateGarbage",
       "cp garbage.txt garbage.sqlite && $BIN/generate-book plan.json -o out --update-archive garbage.sqlite",
       2, "garbage.sqlite: not an SQLite archive (text archives are read-only", "out"},
      {"GenerateUpdateUnwritable",
       "$BIN/generate-book plan.json -o out --update-archive /proc/no-such/a.sqlite", 2,
       "/proc/no-such/a.sqlite: cannot open the archive", "out"},
      {"GenerateImportWithoutUpdate", "$BIN/generate-book --import-archive ok.txt", 2,
       "--import-archive needs --update-archive", ""},
      {"GenerateImportMalformed",
       "$BIN/generate-book --import-archive truncated.txt --update-archive a.sqlite", 2,
       "truncated.txt:1:71: expected a puzzle of 81 symbols (9x9), got 70", "a.sqlite"},
      // typeset
      {"TypesetMissingBook", "$BIN/typeset no-book --template a4-4up", 2, "no-book: not a book directory",
       ""},
      {"TypesetEmptyBookDir", "$BIN/typeset empty-book --template a4-4up", 2,
       "empty-book/book.json: cannot open for reading", "empty-book/a4-4up.pdf"},
      {"TypesetBrokenBook", "$BIN/typeset broken-book --template a4-4up", 2,
       "broken-book/book.json:2:15: invalid JSON", "broken-book/a4-4up.pdf"},
      {"TypesetWrongTypeInBook", "$BIN/typeset typed-book --template a4-4up", 2,
       "typed-book/book.json: $.title: expected a string", "typed-book/a4-4up.pdf"},
      // An option that takes a value, followed by another option: a value, not a file named "--hints".
      {"TypesetOptionWhereAValueGoes", "$BIN/typeset book --template a4-4up --cover --hints", 2,
       "--cover expects a value, got the option '--hints' (write ./--hints for a file of that name)", "--hints"},
      {"TypesetUnknownTemplate", "$BIN/typeset book --template sparkly", 2, "unknown template 'sparkly'",
       "book/sparkly.pdf"},
      {"TypesetUnknownElement", "$BIN/typeset book --template ./unknown-element.xml", 2,
       "unknown-element.xml:", "book/unknown-element.pdf"},
      {"TypesetEntityTrick", "$BIN/typeset book --template ./entity.xml", 2,
       "entity.xml:2: DOCTYPE and entity declarations are not allowed", "book/entity.pdf"},
      {"TypesetDuplicateAttribute", "$BIN/typeset book --template ./twice.xml -o out.pdf", 2,
       "attribute 'width' given twice", "out.pdf"},
      {"TypesetDeclaredLatin1", "$BIN/typeset book --template ./latin1.xml -o out.pdf", 2,
       "latin1.xml:1: declares encoding 'ISO-8859-1', but templates are UTF-8", "out.pdf"},
      {"TypesetNotXml", "$BIN/typeset book --template ./not-xml.xml", 2, "not-xml.xml:", "book/not-xml.pdf"},
      {"TypesetMissingFont", "$BIN/typeset book --template ./missing-font.xml", 2, "No Such Face",
       "book/missing-font.pdf"},
      {"TypesetBadLength", "$BIN/typeset book --template ./bad-length.xml", 2,
       "bad-length.xml:", "book/bad-length.pdf"},
      {"TypesetUnknownLanguage", "$BIN/typeset book --template a4-4up --lang xx -o out.pdf", 2,
       "--lang: unknown language 'xx' (known: de, en, es, fr, it, ja;", "out.pdf"},
      {"TypesetBadCatalogue", "$BIN/typeset book --template ./local.xml --lang xx -o out.pdf", 2,
       "lang/xx.po:2: unknown keyword 'msgstrr'", "out.pdf"},
      // A missing output folder is made, but not through a file that stands in its place.
      {"TypesetOutputUnderAFile", "$BIN/typeset book --template a4-4up -o ok.txt/sub/out.pdf", 2,
       "ok.txt/sub: cannot create the output directory: not a directory", "ok.txt/sub"},
      {"TypesetCoverToFullDisk", "$BIN/typeset book --template book-6x9 --draft -o out.pdf --cover /dev/full",
       2, "/dev/full: cannot write: No space left on device", "out.pdf"},
      {"TypesetPdfxTextProfile", "$BIN/typeset book --template a4-4up -o out.pdf --pdfx --output-profile ok.txt",
       2, "ok.txt: is not an ICC profile;", "out.pdf"},
      {"TypesetFullDisk", "$BIN/typeset book --template a4-4up -o /dev/full", 2,
       "/dev/full: cannot write: No space left on device", ""},
      // typeset --split: nothing written, not even the folder
      {"TypesetSplitUnknownFormat",
       "$BIN/typeset book --template newspaper --split -o files --format pdf,tiff", 2,
       "--format expects a comma-separated list of pdf, svg and eps, got 'tiff' in 'pdf,tiff'", "files"},
      {"TypesetSplitWithoutOutput", "$BIN/typeset book --template newspaper --split", 2,
       "--split needs -o DIR", "book/proof.pdf"},
      {"TypesetSplitFormatWithoutSplit", "$BIN/typeset book --template newspaper --format svg -o out.pdf", 2,
       "--format applies to --split only", "out.pdf"},
      {"TypesetSplitUnderAFile", "$BIN/typeset book --template newspaper --split -o ok.txt/files", 2,
       "ok.txt/files: cannot create the output directory", ""},
      // calibrate
      {"CalibrateNoLevels", "$BIN/calibrate -o cal.json", 2, "calibrate:", "cal.json"},
      {"CalibrateUnknownLevelModel", "$BIN/calibrate --bands --level-model probit easy=ok.txt -o cal.json", 2,
       "--level-model expects ordinal or none, got 'probit'", "cal.json"},
      {"CalibrateMissingLevelFile", "$BIN/calibrate easy=missing.txt -o cal.json", 2,
       "missing.txt: cannot open for reading", "cal.json"},
      {"CalibrateEmptyLevel", "$BIN/calibrate easy=empty.txt -o cal.json", 2, "empty", "cal.json"},
      {"CalibrateMalformedPuzzle", "$BIN/calibrate easy=truncated.txt -o cal.json", 2, "truncated.txt:1:71",
       "cal.json"},
      {"CalibrateBadOutliers", "$BIN/calibrate easy=ok.txt --outliers magic -o cal.json", 2, "magic",
       "cal.json"},
      {"CalibrateFullDisk", "$BIN/calibrate easy=ok.txt -o /dev/full --runs 1", 2,
       "/dev/full: cannot write: No space left on device", ""},
      {"CalibrateBadLabel", "$BIN/calibrate --labelled labelled.txt --bins 'easy:<3,hard' -o cal.json", 2,
       "labelled.txt:2:", "cal.json"},
  };
  return cases;
}

// Readable test output: a case prints as its name and command.
void PrintTo(const BadInput& bad, std::ostream* out) {
  *out << bad.name << ": " << bad.command;
}

class BadInputCatalogue : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputCatalogue, GivesTheExpectedExitAndOneClearLine) {
  const BadInput& bad = GetParam();
  const std::string dir = testing::make_temp_dir("bad-input");
  write_fixtures(dir);
  std::string command = "cd '" + dir + "' && (" + bad.command + ")";
  for (std::string::size_type at; (at = command.find("$BIN")) != std::string::npos;)
    command.replace(at, 4, SUDOKU_BIN_DIR);
  const auto result = testing::run_command("timeout 120 sh -c \"" + command + "\"");
  EXPECT_EQ(result.exit_code, bad.exit_code) << result.err;
  EXPECT_NE(result.err.find(bad.message), std::string::npos) << "stderr: " << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  if (!bad.no_output.empty()) {
    EXPECT_FALSE(fs::exists(dir + "/" + bad.no_output)) << bad.no_output;
  }
  // No temporary files left behind anywhere in the case's directory.
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
  // Writing to /dev/full must fail in place, never replace the device.
  struct stat full {};
  ASSERT_EQ(stat("/dev/full", &full), 0);
  EXPECT_TRUE(S_ISCHR(full.st_mode)) << "/dev/full was replaced";
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EveryTool, BadInputCatalogue, ::testing::ValuesIn(catalogue()),
                         [](const ::testing::TestParamInfo<BadInput>& param_info) {
                           return param_info.param.name;
                         });

TEST(BadInputCatalogueSize, HasAtLeastFortyCases) {
  EXPECT_GE(catalogue().size(), 40U);
}

}  // namespace
}  // namespace sudoku
