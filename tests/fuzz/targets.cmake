# SPDX-License-Identifier: Apache-2.0
# The fuzz targets, one per reader (docs/reliability.md): tests/fuzz/CMakeLists.txt builds each for
# fuzzing (clang, libFuzzer) and tests/CMakeLists.txt as a ctest replay of its corpus; both read
# this list, and .ci/fuzz-smoke runs whatever was built. template_reader and catalog_reader, built
# only with the typesetting library, are added by each of them on its own.
set(SUDOKU_FUZZ_CORE_TARGETS
    puzzle_reader plan_reader calibration_reader book_reader archive_reader checkpoint_reader
    output_set_reader)
# Private headers a target reads besides the public ones.
set(SUDOKU_FUZZ_INCLUDES_checkpoint_reader ${PROJECT_SOURCE_DIR}/lib/generate/src)
# What the targets link: the wings up to publish, where the last of the readers lives (the archive).
# Not sudoku::core: the corpus wing (the studies) reads no untrusted input, and leaving it out
# spares .ci/fuzz-smoke its instrumented build.
set(SUDOKU_FUZZ_LIBRARIES sudoku::publish)
