#include "sudoku/typeset/job.hpp"

#include <filesystem>
#include <system_error>
#include <utility>

#include "sudoku/base/errors.hpp"
#include "sudoku/model/book.hpp"
#include "sudoku/typeset/template.hpp"

namespace sudoku::typeset {

JobResult run_job(Job job) {
  namespace fs = std::filesystem;
  fs::path book_file = job.book;
  fs::path book_dir = job.book;
  std::error_code error;
  if (fs::is_directory(book_file, error)) {
    book_file /= "book.json";
  } else if (book_file.extension() == ".json") {
    book_dir = book_file.parent_path();
  } else {
    throw IoError(job.book + ": not a book directory (expected a folder holding book.json)");
  }
  const Book book = read_book(book_file.string());
  const Template page_template = load_template(job.template_file);
  job.options.book_source = book_file.string();

  JobResult result;
  if (job.split) {
    if (job.output.empty()) throw IoError("split output needs a folder");
    result.output = job.output;
    result.proof_path = job.split->proof_path.empty() ? (fs::path(job.output) / "proof.pdf").string()
                                                      : job.split->proof_path;
    const SplitOptions split{std::move(job.options), job.split->formats, result.proof_path};
    result.split = typeset_split(book, page_template, split, job.output);
    return result;
  }
  result.output = job.output.empty() ? (book_dir / (page_template.name + ".pdf")).string() : job.output;
  result.book = typeset_book(book, page_template, job.options, result.output);
  return result;
}

}  // namespace sudoku::typeset
