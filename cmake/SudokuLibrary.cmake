# SPDX-License-Identifier: Apache-2.0
# sudoku_add_library(<name>
#     SOURCES <file>...          sources, relative to the calling CMakeLists.txt
#     [PUBLIC_LINK <target>...]  what users of the library see (and link) as well
#     [PRIVATE_LINK <target>...] what only the library's own sources use)
#
# Builds lib<name> as sudoku_<name> with the alias sudoku::<name>: include/ public (headers are
# included as "sudoku/<header>.hpp"), src/ private (wing headers are included as "<wing>/<header>.hpp"
# from any source of the same library), C++20 and the project's warnings. One helper so that every
# library of the project is built the same way. The include path is the source folder in the build
# tree and ${CMAKE_INSTALL_INCLUDEDIR} once installed (lib/CMakeLists.txt installs and exports every
# library as sudoku::<name> of the SudokuPress CMake package); the project's warning flags stay
# inside this build.
function(sudoku_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;PUBLIC_LINK;PRIVATE_LINK")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sudoku_add_library(${name}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  add_library(sudoku_${name} ${arg_SOURCES})
  add_library(sudoku::${name} ALIAS sudoku_${name})
  target_include_directories(sudoku_${name}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_compile_features(sudoku_${name} PUBLIC cxx_std_20)
  target_link_libraries(sudoku_${name} PUBLIC ${arg_PUBLIC_LINK} PRIVATE ${arg_PRIVATE_LINK}
                        $<BUILD_INTERFACE:sudoku_warnings>)
  # Position-independent: the Python module (a shared object) links these static libraries, and so
  # may a consumer's shared library.
  set_target_properties(sudoku_${name} PROPERTIES EXPORT_NAME ${name} POSITION_INDEPENDENT_CODE ON)
endfunction()
