// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the corpus-rate tool: formats, statuses, exit codes, --jobs invariance.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sudoku/model/book.hpp"
#include "sudoku/model/puzzle_io.hpp"
#include "test_support.hpp"

namespace sudoku {
namespace {

using testing::run_command;
using testing::tool_path;

std::string corpus_rate() {
  return tool_path("corpus-rate");
}

// corpus-rate --no-rating JOBS -f csv - with its standard input and output on pipes: `input` is
// written to, `output` read from.
struct PipedTool {
  pid_t pid = -1;
  int input = -1;
  int output = -1;
};

PipedTool start_corpus_rate(const char* jobs) {
  int input[2], output[2];
  if (::pipe(input) != 0 || ::pipe(output) != 0) return {};
  const std::string tool = corpus_rate();
  const pid_t child = ::fork();
  if (child == 0) {
    ::dup2(input[0], 0);
    ::dup2(output[1], 1);
    for (const int fd : {input[0], input[1], output[0], output[1]}) ::close(fd);
    ::execl(tool.c_str(), tool.c_str(), "--no-rating", jobs, "-f", "csv", "-", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(input[0]);
  ::close(output[1]);
  return {child, input[1], output[0]};
}

TEST(CorpusRateCli, HelpAndVersion) {
  const auto help = run_command(corpus_rate() + " --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Usage: corpus-rate"), std::string::npos);
  EXPECT_NE(help.out.find("--jobs"), std::string::npos);
  EXPECT_EQ(run_command(corpus_rate() + " --version").exit_code, 0);
}

TEST(CorpusRateCli, BadArgumentsExitTwoWithOneLine) {
  const std::string ok_input = testing::corpus_path("inkala.txt");
  for (const std::string& args : std::vector<std::string>{
           "", "--format xml x.txt", "--bogus x.txt", "--size 8 x.txt", "--box 2x2 --size 9 x.txt",
           "--jobs -1 x.txt", "/nonexistent/file.txt", "--box banana x.txt", "--runs 0 " + ok_input,
           "--propagation magic " + ok_input, "--strategies xyz " + ok_input,
           "--calibration /nonexistent.json " + ok_input, "--variant sandwich " + ok_input,
           "--variant x --box 3x3 " + ok_input, "--variant windoku --size 16 " + ok_input}) {
    const auto result = run_command(corpus_rate() + " " + args);
    EXPECT_EQ(result.exit_code, 2) << args;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << args << ": " << result.err;
    EXPECT_EQ(result.err.rfind("corpus-rate: ", 0), 0U) << result.err;
    EXPECT_TRUE(result.out.empty()) << args;
  }
  EXPECT_NE(
      run_command(corpus_rate() + " /nonexistent/file.txt").err.find("/nonexistent/file.txt: cannot open"),
      std::string::npos);
  // The memory budget every tool runs under (cli.hpp): a malformed one is refused before any work.
  for (const char* budget : {"12X", "-1", "G", "99999999999G"}) {
    const auto result =
        run_command(std::string("SUDOKU_PRESS_MAX_MEMORY=") + budget + " " + corpus_rate() + " " + ok_input);
    EXPECT_EQ(result.exit_code, 2) << budget;
    EXPECT_NE(result.err.find("corpus-rate: SUDOKU_PRESS_MAX_MEMORY must be a number of bytes"), std::string::npos)
        << result.err;
    EXPECT_TRUE(result.out.empty()) << budget;
  }
  EXPECT_EQ(run_command("SUDOKU_PRESS_MAX_MEMORY=512M " + corpus_rate() + " " + ok_input).exit_code, 0);
}

TEST(CorpusRateCli, StatusesOfTheProblemExample) {
  const auto result = run_command(corpus_rate() + " --format json " +
                                  testing::test_data("../../examples/submissions-with-problems.txt"));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const auto records = boost::json::parse(result.out).as_array();
  ASSERT_EQ(records.size(), 5U);
  const char* expected[] = {"ok", "invalid-format", "contradiction", "multiple-solutions", "ok"};
  for (std::size_t i = 0; i < records.size(); ++i)
    EXPECT_EQ(records[i].at("status").as_string(), expected[i]) << i;
  EXPECT_EQ(records[0].at("solutions").as_int64(), 1);
  EXPECT_EQ(records[0].at("solution").as_string().size(), 81U);
  EXPECT_TRUE(records[1].at("solution").is_null());
  EXPECT_EQ(records[1].at("line").as_int64(), 5);
  EXPECT_EQ(records[1].at("error").as_string(),
            "line 5, column 81: expected a puzzle of 81 symbols (9x9), got 80");
  EXPECT_EQ(records[2].at("error").as_string(), "value 5 twice in one unit, at r1c1 and r1c2");
  EXPECT_EQ(records[3].at("solutions").as_int64(), 2);
  EXPECT_EQ(records[4].at("size").as_int64(), 6);
  EXPECT_NE(result.err.find("5 puzzles: 2 ok, 1 invalid-format, 1 contradiction, 1 multiple-solutions"),
            std::string::npos)
      << result.err;
}

TEST(CorpusRateCli, Top95IsAllOkAndIdenticalForAnyJobs) {
  const std::string input = testing::corpus_path("top95.txt");
  // Statuses only: rating all of top95 three times would take minutes (its call counts run to millions).
  const auto one = run_command(corpus_rate() + " --no-rating --jobs 1 " + input);
  const auto two = run_command(corpus_rate() + " --no-rating --jobs 2 " + input);
  const auto four = run_command(corpus_rate() + " --no-rating --jobs 4 " + input);
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, four.out);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 96);  // header + 95 records
  EXPECT_EQ(
      one.out.substr(0, one.out.find('\n')),
      "file,line,puzzle,status,error,size,givens,solutions,solution,canonical,call_count,call_count_sd,runs,"
      "capped_runs,level,hs_calls,technique_grade,hardest_technique,hardest_steps,hard_steps,label,published");
}

// The call count is the paper's 9x9 metric: above 9x9 its searches hit the call cap, so no call
// count is published there and a note says why; 9x9 puzzles in the same run keep theirs, and the
// paper's levels (by call count) are left empty rather than taken from a capped number.
TEST(CorpusRateCli, NoCallCountAboveNineByNine) {
  const std::string sixteen = testing::corpus_path("gecode-16x16.txt");
  const std::string nine =
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
  const std::string dir = testing::make_temp_dir("corpus-rate-large");
  testing::write_text_file(dir + "/nine.txt", nine);
  testing::write_text_file(dir + "/sixteen.txt", testing::read_text_file(sixteen).substr(0, 257));
  for (const std::string calibration : {"press", "paper"}) {
    const auto result = run_command(corpus_rate() + " --runs 1 --format json --calibration " + calibration +
                                    " " + dir + "/nine.txt " + dir + "/sixteen.txt");
    ASSERT_EQ(result.exit_code, 0) << result.err;
    const auto records = boost::json::parse(result.out).as_array();
    ASSERT_EQ(records.size(), 2U);
    EXPECT_TRUE(records[0].at("call_count").is_double()) << calibration;
    EXPECT_TRUE(records[1].at("call_count").is_null()) << calibration;
    EXPECT_EQ(records[1].at("technique_grade").as_double(), 2.3);
    EXPECT_EQ(records[1].at("level").is_null(), calibration == "paper") << calibration;
    EXPECT_NE(result.err.find("corpus-rate: note: no call count above 9x9"), std::string::npos) << result.err;
  }
  const auto nine_only = run_command(corpus_rate() + " --runs 1 " + dir + "/nine.txt");
  EXPECT_EQ(nine_only.err.find("note:"), std::string::npos) << nine_only.err;
}

TEST(CorpusRateCli, StdinAndOutputFile) {
  const std::string dir = testing::make_temp_dir("corpus-rate");
  const auto result =
      run_command(corpus_rate() + " --no-rating --format text -o " + dir + "/out.txt -",
                  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out.empty());
  const std::string text = testing::read_text_file(dir + "/out.txt");
  EXPECT_EQ(text.substr(0, 4), "file");
  EXPECT_NE(text.find("417369825632158947958724316825437169791586432346912758289643571573291684164875293"),
            std::string::npos);
  const auto unwritable = run_command(corpus_rate() + " -o " + dir + "/no/such/dir/out.csv -", "");
  EXPECT_EQ(unwritable.exit_code, 2);
}

// corpus-rate streams: records come out while its input is still open. The test writes the first
// 300 of 2,000 puzzles into a pipe, keeps the pipe open, and waits for the first record; a tool that
// read the whole corpus before writing (it once held 2.2 KB per puzzle and built the output in
// memory) never answers, and the wait gives up after 120 s. Then the rest follows, written by a
// second thread while this one reads (a pipe holds 64 KiB: one side alone would fill it and wait
// for ever), and the records must be in input order.
TEST(CorpusRateCli, RecordsStreamOutWhileTheInputIsStillOpen) {
  std::vector<std::string> corpus;
  {
    std::ifstream file(testing::test_data("corpora/17-clue.txt"));
    for (std::string line; std::getline(file, line) && corpus.size() < 2000;)
      corpus.push_back(line.substr(0, line.find('\r')));  // the file has CRLF line ends
  }
  ASSERT_EQ(corpus.size(), 2000U);
  const PipedTool piped = start_corpus_rate("-j2");
  ASSERT_GE(piped.pid, 0);
  const pid_t child = piped.pid;
  const auto write_lines = [&](std::size_t from, std::size_t to) {
    std::string text;
    for (std::size_t i = from; i < to; ++i) text += corpus[i] + "\n";
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t wrote = ::write(piped.input, text.data() + done, text.size() - done);
      if (wrote <= 0) return;
      done += static_cast<std::size_t>(wrote);
    }
  };
  constexpr std::size_t kFirst = 300;  // about 25 KB: fits the pipe, so this write never waits
  write_lines(0, kFirst);

  std::string out;
  const auto read_some = [&] {
    pollfd ready{piped.output, POLLIN, 0};
    if (::poll(&ready, 1, 120000) <= 0) return false;
    char buffer[65536];
    const ssize_t got = ::read(piped.output, buffer, sizeof buffer);
    if (got <= 0) return false;
    out.append(buffer, static_cast<std::size_t>(got));
    return true;
  };
  const auto records = [&] { return std::count(out.begin(), out.end(), '\n') - 1; };  // minus the header
  while (records() < 1 && read_some()) {
  }
  const bool streamed = records() >= 1;
  std::thread writer([&] {
    if (streamed) write_lines(kFirst, corpus.size());
    ::close(piped.input);  // the end of the corpus
  });
  if (!streamed) ::kill(child, SIGKILL);
  while (read_some()) {
  }
  writer.join();
  ::close(piped.output);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(streamed) << "no record before the input ended";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_EQ(records(), 2000);
  std::istringstream lines(out);
  std::string line;
  std::getline(lines, line);  // the header
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    std::getline(lines, line);
    ASSERT_EQ(line.rfind("-," + std::to_string(i + 1) + "," + corpus[i] + ",", 0), 0U) << line;
  }
}

// A client that writes one puzzle and waits gets its record before it writes the next: the reader
// waiting on the pipe holds up neither the rating nor the writing of what was already read.
TEST(CorpusRateCli, EachPuzzleIsAnsweredBeforeTheNextIsSent) {
  const std::vector<std::string> puzzles(
      3, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  for (const char* jobs : {"-j1", "-j2"}) {
    const PipedTool piped = start_corpus_rate(jobs);
    ASSERT_GE(piped.pid, 0);
    const pid_t child = piped.pid;
      std::string out;
    const auto records = [&] { return std::count(out.begin(), out.end(), '\n') - 1; };
    bool answered = true;
    for (std::size_t i = 0; i < puzzles.size() && answered; ++i) {
      const std::string line = puzzles[i] + "\n";
      ASSERT_EQ(::write(piped.input, line.data(), line.size()), static_cast<ssize_t>(line.size()));
      while (records() < static_cast<long>(i) + 1) {
        pollfd ready{piped.output, POLLIN, 0};
        char buffer[4096];
        ssize_t got = 0;
        if (::poll(&ready, 1, 30000) <= 0 || (got = ::read(piped.output, buffer, sizeof buffer)) <= 0) {
          answered = false;
          break;
        }
        out.append(buffer, static_cast<std::size_t>(got));
      }
      EXPECT_TRUE(answered) << jobs << ": no record for puzzle " << i + 1 << " while the pipe stayed open";
    }
    ::close(piped.input);
    if (!answered) ::kill(child, SIGKILL);
    int status = 0;
    ::waitpid(child, &status, 0);
    ::close(piped.output);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << jobs;
  }
}

// The editor's audit of a corpus: one row per press level, problems named, JSON on request.
TEST(CorpusRateCli, AuditPerLevel) {
  const std::string corpus = testing::corpus_path("se-rated.txt");
  const std::string dir = testing::make_temp_dir("corpus-rate-audit");
  std::string first_hundred;
  std::ifstream input(corpus);
  std::string line;
  for (int lines = 0; lines < 100 && std::getline(input, line); ++lines) first_hundred += line + "\n";
  testing::write_text_file(dir + "/sample.txt", first_hundred);
  const auto text = run_command(corpus_rate() + " --audit " + dir + "/sample.txt");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("chapter  level    count  grades    givens   hardest techniques\n", 0), 0U)
      << text.out;
  for (const std::string level : {"\neasy ", "\nmedium ", "\nhard ", "\nevil ", "\nextreme "})
    EXPECT_NE(text.out.find(level), std::string::npos) << level << text.out;
  const auto json = run_command(corpus_rate() + " --audit --format json " + dir + "/sample.txt");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto audit = boost::json::parse(json.out).as_object();
  std::int64_t counted = 0;
  for (const auto& chapter : audit.at("chapters").as_array()) counted += chapter.at("count").as_int64();
  EXPECT_EQ(counted, 100);
  const auto clash = run_command(corpus_rate() + " --audit --explain " + dir + "/sample.txt");
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.err.find("--audit needs the ratings and cannot go with --explain"), std::string::npos);
  // A malformed line is named where it goes wrong, FILE:LINE:COLUMN, once.
  testing::write_text_file(dir + "/bad.txt",
                           first_hundred.substr(0, first_hundred.find('\n') + 1) + "12.4\n");
  const auto bad = run_command(corpus_rate() + " --audit --runs 1 " + dir + "/bad.txt");
  EXPECT_EQ(bad.exit_code, 1) << bad.err;
  EXPECT_NE(
      bad.out.find("\nnot audited: " + dir + "/bad.txt:2:1: expected 4 rows in the grid starting at line 2"),
      std::string::npos)
      << bad.out;
}

TEST(CorpusRateCli, RatingFieldsAndLevels) {
  const auto result =
      run_command(corpus_rate() + " --format json " + testing::test_data("../../examples/corpus.txt"));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto records = boost::json::parse(result.out).as_array();
  ASSERT_EQ(records.size(), 16U);
  for (const auto& record : records) {
    EXPECT_GE(record.at("call_count").to_number<double>(), 1.0);
    EXPECT_EQ(record.at("runs").as_int64(), 10);
    EXPECT_EQ(record.at("capped_runs").as_int64(), 0);
    EXPECT_GE(record.at("hs_calls").as_int64(), 1);
    const std::string level(record.at("level").as_string());
    // The readers' press levels by default (examples/corpus.txt holds hard and extreme puzzles too).
    EXPECT_TRUE(level == "easy" || level == "medium" || level == "hard" || level == "evil" ||
                level == "extreme")
        << level;
  }
  const auto paper = run_command(corpus_rate() + " --format json --calibration paper " +
                                 testing::test_data("../../examples/corpus.txt"));
  ASSERT_EQ(paper.exit_code, 0) << paper.err;
  const boost::json::value paper_records = boost::json::parse(paper.out);
  for (const auto& record : paper_records.as_array()) {
    const std::string level(record.at("level").as_string());
    EXPECT_TRUE(level == "easy" || level == "medium" || level == "hard" || level == "evil") << level;
  }
  // Fewer runs, another calibration: options reach the engine.
  const std::string dir = testing::make_temp_dir("corpus-rate");
  testing::write_text_file(
      dir + "/cal.json", R"({"metric": "call-count", "runs": 3, "levels": [{"name": "any", "target": 10}]})");
  const auto three = run_command(corpus_rate() + " --format json --runs 3 --calibration " + dir +
                                 "/cal.json " + testing::corpus_path("inkala.txt"));
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_TRUE(three.err.find("warning") == std::string::npos) << three.err;
  const auto rated = boost::json::parse(three.out).as_array();
  EXPECT_EQ(rated[0].at("runs").as_int64(), 3);
  EXPECT_EQ(rated[0].at("level").as_string(), "any");
  // Rating is skipped on request, and for puzzles that are not ok.
  const auto plain =
      run_command(corpus_rate() + " --format json --no-rating " + testing::corpus_path("inkala.txt"));
  EXPECT_TRUE(boost::json::parse(plain.out).as_array()[0].at("call_count").is_null());
  const auto bad =
      run_command(corpus_rate() + " --format json " + testing::corpus_path("multi-solution-norvig.txt"));
  EXPECT_TRUE(boost::json::parse(bad.out).as_array()[0].at("call_count").is_null());
}

TEST(CorpusRateCli, RatingsAreIdenticalForAnyJobs) {
  const std::string input = testing::test_data("../../examples/corpus.txt");
  const auto one = run_command(corpus_rate() + " --jobs 1 " + input);
  const auto two = run_command(corpus_rate() + " --jobs 2 " + input);
  const auto three = run_command(corpus_rate() + " --jobs 3 " + input);
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, three.out);
}

TEST(CorpusRateCli, MultiSolutionCorpusIsReportedAsSuch) {
  const auto result =
      run_command(corpus_rate() + " --format csv " + testing::corpus_path("multi-solution-norvig.txt"));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.out.find(",multiple-solutions,"), std::string::npos);
}

TEST(CorpusRateCli, VariantsAreRatedAndExplainedOnTheirUnits) {
  // The book of every variant: its X and jigsaw puzzles as corpus-rate lines.
  const Book book = read_book(testing::test_data("books/variants/book.json"));
  const std::string dir = testing::make_temp_dir("variants");
  std::string x_lines;
  std::string jigsaw_lines;
  for (const auto& chapter : book.chapters)
    for (const auto& puzzle : chapter.puzzles) {
      const Geometry& board = puzzle.puzzle.geometry();
      if (board.variant() == Variant::x) x_lines += to_line(puzzle.puzzle) + " " + puzzle.id + "\n";
      if (board.variant() == Variant::jigsaw)
        jigsaw_lines += to_line(puzzle.puzzle) + " " + regions_line(board) + " " + puzzle.id + "\n";
    }
  testing::write_text_file(dir + "/x.txt", x_lines);
  testing::write_text_file(dir + "/jigsaw.txt", jigsaw_lines);
  const auto rated = run_command(corpus_rate() + " --variant x -f json " + dir + "/x.txt");
  ASSERT_EQ(rated.exit_code, 0) << rated.err;
  const auto records = boost::json::parse(rated.out).as_array();
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0].at("status").as_string(), "ok");
  EXPECT_EQ(std::string(records[0].at("canonical").as_string()).rfind("x ", 0), 0U);
  // Read as a classic puzzle the same givens have other solutions or another canonical key.
  const auto classic = run_command(corpus_rate() + " --no-rating -f json " + dir + "/x.txt");
  EXPECT_NE(boost::json::parse(classic.out).as_array()[0].at("canonical"), records[0].at("canonical"));
  // --explain names the jigsaw's regions, never a bare unit number.
  const auto explained = run_command(corpus_rate() + " --variant jigsaw --explain " + dir + "/jigsaw.txt");
  ASSERT_EQ(explained.exit_code, 0) << explained.err;
  EXPECT_NE(explained.out.find(" in region "), std::string::npos) << explained.out;
  EXPECT_EQ(explained.out.find(" unit "), std::string::npos) << explained.out;
  std::filesystem::remove_all(dir);
}

// Killer input: records carry the puzzle in the Killer form and its canonical key; a malformed
// cage stops the run with one line naming file, line, column and cage (exit 2, no records); an
// unknown variant is a usage error.
TEST(CorpusRateCli, KillerVariant) {
  const std::string dir = testing::make_temp_dir("corpus-rate-killer");
  testing::write_text_file(dir + "/k.txt", "aabbaccdecfdeeff a=9,b=5,c=8,d=3,e=6,f=9 the example\n");
  const auto result = run_command(corpus_rate() + " --variant killer --format json " + dir + "/k.txt");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto records = boost::json::parse(result.out).as_array();
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0].at("status").as_string(), "ok");
  EXPECT_EQ(records[0].at("puzzle").as_string(), "aabbaccdecfdeeff a=9,b=5,c=8,d=3,e=6,f=9");
  EXPECT_EQ(records[0].at("solution").as_string(), "2314413234211243");
  EXPECT_EQ(records[0].at("canonical").as_string(), "aabbcddbcedfeeff a=5,b=9,c=3,d=8,e=9,f=6");
  EXPECT_GE(records[0].at("call_count").as_double(), 1.0);
  EXPECT_GE(records[0].at("technique_grade").as_double(), 1.0);  // the grader reads cage sums
  EXPECT_FALSE(records[0].at("level").as_string().empty());
  testing::write_text_file(dir + "/bad.txt",
                           "aabbaccdecfdeeff a=9,b=5,c=8,d=3,e=6,f=9\n"
                           "abbaaccdecfdeeff a=9,b=5,c=8,d=3,e=6,f=9\n");
  const auto bad_cage = run_command(corpus_rate() + " --variant killer " + dir + "/bad.txt");
  EXPECT_EQ(bad_cage.exit_code, 2);
  EXPECT_EQ(bad_cage.err,
            "corpus-rate: " + dir + "/bad.txt:2:1: cage 'a' is not connected (it starts at r1c1)\n");
  EXPECT_TRUE(bad_cage.out.empty());
  const auto bad = run_command(corpus_rate() + " --variant bogus " + dir + "/k.txt");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  EXPECT_TRUE(bad.out.empty());
  std::filesystem::remove_all(dir);
}

// Killer levels and paths: every sample puzzle gets one of the Killer press levels (the classic
// bands do not apply), the call count finishes (fewest-values branching by default on Killer
// boards), and --explain walks through cage combinations and the 45 rule naming cages and regions.
TEST(CorpusRateCli, KillerLevelsAndExplain) {
  const std::string sample = testing::test_data("killer-sample.txt");
  const auto result = run_command(corpus_rate() + " --variant killer --runs 1 --format json " + sample);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto records = boost::json::parse(result.out).as_array();
  ASSERT_EQ(records.size(), 10U);
  const std::vector<std::string> levels{"easy", "medium", "hard", "evil"};
  for (const auto& record : records) {
    const std::string level(record.at("level").as_string());
    EXPECT_NE(std::find(levels.begin(), levels.end(), level), levels.end()) << level;
    EXPECT_EQ(record.at("capped_runs").as_int64(), 0);
  }
  const auto explained = run_command(corpus_rate() + " --variant killer --runs 1 --explain " + sample);
  ASSERT_EQ(explained.exit_code, 0) << explained.err;
  EXPECT_NE(explained.out.find("cage 1 at r1c1 (2 cells): 10 in 2 cells"), std::string::npos)
      << explained.out;
  EXPECT_NE(explained.out.find("  45 rule on row 9: r9c1 = 9 (cages 23, 24, 25 inside)"), std::string::npos);
  EXPECT_EQ(explained.out.find("grade 0.0"), std::string::npos);
}

// --explain --format json: the same path as the text, a step at a time with its evidence (the
// cages of Killer steps, the houses named as in the sentences), rounds in order.
// Under the sanitizers a sample of the puzzles (every study_stride()th): the same Killer paths are
// graded in process, whole, by the step-evidence and Killer technique tests.
TEST(CorpusRateCli, ExplainAsJsonCarriesTheEvidence) {
  const testing::TempDir dir("corpus-rate-explain-json");
  const std::string sample = testing::study_sample_file(testing::test_data("killer-sample.txt"), dir.path());
  const auto text = run_command(corpus_rate() + " --variant killer --runs 1 -j1 --explain " + sample);
  const auto json = run_command(corpus_rate() + " --variant killer --runs 1 -j1 --explain -f json " + sample);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto puzzles = boost::json::parse(json.out).as_array();
  ASSERT_EQ(puzzles.size(), (10U + static_cast<unsigned>(testing::study_stride()) - 1) /
                                static_cast<unsigned>(testing::study_stride()));
  std::size_t steps = 0;
  bool cages = false;
  bool named_unit = false;
  for (const auto& puzzle : puzzles) {
    EXPECT_EQ(puzzle.at("status").as_string(), "ok");
    std::int64_t round = 0;
    for (const auto& value : puzzle.at("steps").as_array()) {
      const auto& step = value.as_object();
      ++steps;
      EXPECT_GE(step.at("round").as_int64(), round);
      round = step.at("round").as_int64();
      EXPECT_NE(text.out.find(std::string(step.at("text").as_string())), std::string::npos);
      if (step.at("evidence").is_null()) continue;
      const auto& evidence = step.at("evidence").as_object();
      for (const auto& cage : evidence.at("cages").as_array())
        cages = cages || (cage.at("sum").as_int64() > 0 && !cage.at("cells").as_array().empty());
      for (const auto& unit : evidence.at("units").as_array())
        named_unit = named_unit || unit.as_string().starts_with("row ");
    }
  }
  EXPECT_TRUE(cages);
  EXPECT_TRUE(named_unit);
  // As many steps as the text has step lines.
  std::size_t lines = 0;
  for (std::size_t at = 0; (at = text.out.find('\n', at)) != std::string::npos; ++at)
    if (at + 1 < text.out.size() && text.out[at + 1] != '#' && text.out[at + 1] != '\n') ++lines;
  EXPECT_EQ(steps, lines);
}

// The editor's audit of Killer puzzles: the Killer levels with their cage ranges (a cages column,
// no givens allowed), and the puzzle whose cages admit no solution named as not audited.
TEST(CorpusRateCli, KillerAudit) {
  const std::string dir = testing::make_temp_dir("corpus-rate-killer-audit");
  std::ifstream sample(testing::test_data("killer-sample.txt"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(sample, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  ASSERT_GE(lines.size(), 3U);
  std::string broken = lines[2];  // one cage one more, the next one less: the same total, no solution
  const std::size_t a = broken.find(" a=");
  const std::size_t comma = broken.find(',', a);
  const std::size_t b_end = broken.find(',', comma + 1);
  ASSERT_EQ(broken.substr(comma + 1, 2), "b=");
  const int sum_a = std::stoi(broken.substr(a + 3, comma - a - 3));
  const int sum_b = std::stoi(broken.substr(comma + 3, b_end - comma - 3));
  broken = broken.substr(0, a) + " a=" + std::to_string(sum_a + 1) + ",b=" + std::to_string(sum_b - 1) +
           broken.substr(b_end);
  testing::write_text_file(dir + "/k.txt", lines[0] + "\n" + lines[1] + "\n" + broken + "\n");
  const auto text = run_command(corpus_rate() + " --variant killer --audit --runs 1 " + dir + "/k.txt");
  EXPECT_EQ(text.exit_code, 1) << text.err;  // not every puzzle is ok
  const std::string header = "chapter  level    count  grades    givens   cages    hardest techniques\n";
  EXPECT_EQ(text.out.rfind(header, 0), 0U) << text.out;
  for (const std::string level : {"\neasy ", "\nmedium ", "\nhard ", "\nevil "})
    EXPECT_NE(text.out.find(level), std::string::npos) << level << text.out;
  EXPECT_NE(text.out.find("\nnot audited: " + dir + "/k.txt:3: the cages and givens admit no solution\n"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("all checks passed"), std::string::npos);
  const auto json =
      run_command(corpus_rate() + " --variant killer --audit --runs 1 --format json " + dir + "/k.txt");
  const auto audit = boost::json::parse(json.out).as_object();
  EXPECT_FALSE(audit.at("ok").as_bool());
  ASSERT_EQ(audit.at("unaudited").as_array().size(), 1U);
  std::int64_t counted = 0;
  for (const auto& value : audit.at("chapters").as_array()) {
    const auto& chapter = value.as_object();
    counted += chapter.at("count").as_int64();
    EXPECT_EQ(chapter.at("givens_range"), boost::json::array({0, 0}));
    EXPECT_EQ(chapter.at("cages_range").as_array().size(), 2U);
    EXPECT_EQ(chapter.at("outside_cages").as_int64(), 0);
    if (chapter.at("count").as_int64() > 0) {
      EXPECT_GE(chapter.at("cages").at("min").as_int64(), 19);
    }
  }
  EXPECT_EQ(counted, 2);
  std::filesystem::remove_all(dir);
}


// hardest_steps and hard_steps, the second difficulty dimension: the records count the steps of
// the explained path whose score is the grade, and those beyond singles (on the classic ladder
// every step from pointing, 2.6, up: the reference here), and the explain header says both.
TEST(CorpusRateCli, HardestStepsCountTheStepsAtTheGrade) {
  const std::string dir = testing::make_temp_dir("corpus-rate-hardest-steps");
  // Solo's basic, intermediate and extreme puzzles, twice each (hidden singles up to wings).
  std::ifstream archive(testing::test_data("calibrate/house.txt"));
  std::string sample;
  std::string line;
  for (int n = 0; n < 6 && std::getline(archive, line); ++n) sample += line.substr(0, 81) + "\n";
  testing::write_text_file(dir + "/sample.txt", sample);
  const auto records = run_command(corpus_rate() + " --format json -j 1 --runs 1 " + dir + "/sample.txt");
  ASSERT_EQ(records.exit_code, 0) << records.err;
  const auto explained = run_command(corpus_rate() + " --explain -j 1 --runs 1 " + dir + "/sample.txt");
  ASSERT_EQ(explained.exit_code, 0) << explained.err;
  const auto array = boost::json::parse(records.out).as_array();
  ASSERT_EQ(array.size(), 6U);
  std::istringstream blocks(explained.out);
  std::size_t puzzle = 0;
  int at_grade = 0;
  int beyond_singles = 0;
  std::string grade;
  std::set<std::int64_t> counts;
  std::set<std::int64_t> hard_counts;
  const auto finish = [&] {
    const auto& record = array[puzzle].as_object();
    EXPECT_EQ(record.at("hardest_steps").as_int64(), at_grade) << puzzle;
    EXPECT_EQ(record.at("hard_steps").as_int64(), beyond_singles) << puzzle;
    EXPECT_GE(at_grade, 1) << puzzle;
    counts.insert(at_grade);
    hard_counts.insert(beyond_singles);
    ++puzzle;
  };
  while (std::getline(blocks, line)) {
    if (line.rfind("# grade ", 0) == 0) {
      grade = line.substr(8, line.find(',') - 8);
      at_grade = 0;
      beyond_singles = 0;
      const std::string suffix = " beyond singles";
      ASSERT_EQ(line.substr(line.size() - suffix.size()), suffix) << line;
      const std::size_t comma = line.rfind(", ");
      const int said_beyond = std::stoi(line.substr(comma + 2));
      const std::size_t before = line.rfind(", ", comma - 1);
      const std::string at = line.substr(before + 2, comma - before - 2);
      ASSERT_NE(at.find(" at the grade"), std::string::npos) << line;
      const int said = std::stoi(at);
      // Count the steps, then compare with both the header and the record.
      std::string step;
      while (std::getline(blocks, step) && !step.empty()) {
        const std::string score = step.substr(0, step.find(' '));
        if (score == grade) ++at_grade;
        if (std::stod(score) >= 2.6) ++beyond_singles;
      }
      EXPECT_EQ(said, at_grade) << line;
      EXPECT_EQ(said_beyond, beyond_singles) << line;
      finish();
    }
  }
  EXPECT_EQ(puzzle, 6U);
  EXPECT_GT(counts.size(), 1U);  // not one constant
  EXPECT_GT(hard_counts.size(), 1U);
}
}  // namespace
}  // namespace sudoku
