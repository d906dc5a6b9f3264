// SPDX-License-Identifier: Apache-2.0
// The library's version: CMake's project version, plus "+git<N>.g<hash>" when built from a git
// commit that is not the release tag (cmake/SudokuVersion.cmake). It equals the tools' --version,
// the Debian packages' version and the CMake and pkg-config packages' version, so a program can
// say which sudoku-press it was built with.
//
//   std::cout << "built with sudoku-press " << sudoku::version() << '\n';
#pragma once

#include <string_view>

namespace sudoku {

std::string_view version();

}  // namespace sudoku
