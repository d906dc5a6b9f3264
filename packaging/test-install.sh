#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the build into a temporary prefix (cmake --install) and builds examples/consumer against
# it twice — with find_package(SudokuPress) and with pkg-config — then runs both: the CMake package,
# the exported targets, the headers and the .pc file work from an installed tree, not from the
# source tree. Also checks the installed layout a Debian user relies on.
# Usage: test-install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix/usr" >/dev/null
for path in bin/corpus-rate bin/generate-book share/sudoku-press/templates/book-letter.xml \
            share/sudoku-press/examples/plan.json include/sudoku/solve/solution_counter.hpp; do
  [[ -e $prefix/usr/$path ]] || { echo "not installed: $path"; exit 1; }
done
# Only the public headers: the wings' internals stay out (cmake/SudokuLibrary.cmake, PUBLIC_HEADERS).
for path in include/sudoku/solve/solver_kernels.hpp include/sudoku/base/parallel.hpp \
            include/sudoku/generate/jigsaw_layout.hpp include/sudoku/model/cage_combinations.hpp \
            include/sudoku/typeset/text/canvas.hpp include/sudoku/typeset/draw/step_picture.hpp; do
  [[ ! -e $prefix/usr/$path ]] || { echo "installed, but internal: $path"; exit 1; }
done
config=$(find "$prefix/usr" -name SudokuPressConfig.cmake)
[[ -n $config ]] || { echo "no SudokuPressConfig.cmake installed"; exit 1; }

# The CMake package.
cmake -S "$source/examples/consumer" -B "$prefix/cmake-consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix/usr" >"$prefix/configure.log" || { cat "$prefix/configure.log"; exit 1; }
grep -q "SudokuPress $("$prefix/usr/bin/corpus-rate" --version | sed 's/.* //')" "$prefix/configure.log" ||
  { echo "the CMake package's version is not the tools' version"; cat "$prefix/configure.log"; exit 1; }
cmake --build "$prefix/cmake-consumer" >/dev/null
"$prefix/cmake-consumer/consumer"

# pkg-config, from the installed .pc files alone.
pc_dir=$(dirname "$(find "$prefix/usr" -name sudoku-press.pc)")
export PKG_CONFIG_PATH=$pc_dir
[[ $(pkg-config --modversion sudoku-press) == $("$prefix/usr/bin/corpus-rate" --version | sed 's/.* //') ]]
# shellcheck disable=SC2046
g++ -std=c++20 -O1 -o "$prefix/pc-consumer" "$source/examples/consumer/consumer.cpp" $(pkg-config --cflags --libs sudoku-press)
"$prefix/pc-consumer" >/dev/null
# typeset, when built: the headers of its parts (sudoku/typeset/<part>/) and their libraries, in link
# order, from sudoku-press-typeset.pc alone.
if [[ -e $pc_dir/sudoku-press-typeset.pc ]]; then
  [[ -e $prefix/usr/include/sudoku/typeset/layout/typeset.hpp ]] || { echo "not installed: typeset's part headers"; exit 1; }
  printf '%s\n' '#include "sudoku/typeset/layout/typeset.hpp"' '#include "sudoku/typeset/pdf/print_ready.hpp"' \
    'int main() { return sudoku::typeset::spine_width(100, sudoku::typeset::Paper::white) > 0 && !sudoku::typeset::pdf_date(0).empty() ? 0 : 1; }' \
    >"$prefix/typeset-consumer.cpp"
  # shellcheck disable=SC2046
  g++ -std=c++20 -O1 -o "$prefix/typeset-consumer" "$prefix/typeset-consumer.cpp" $(pkg-config --cflags --libs sudoku-press-typeset)
  "$prefix/typeset-consumer"
fi
# Every installed header compiles from the installed tree alone: none includes a header left out.
packages=sudoku-press
pkg-config --exists sudoku-press-typeset && packages="$packages sudoku-press-typeset"
(cd "$prefix/usr/include" && find sudoku -name '*.hpp' | sort | sed 's/.*/#include "&"/') >"$prefix/all_headers.cpp"
# shellcheck disable=SC2046,SC2086
g++ -std=c++20 -fsyntax-only -I"$prefix/usr/include" $(pkg-config --cflags $packages) "$prefix/all_headers.cpp"
echo "installed tree: CMake package and pkg-config consumers built and ran"
