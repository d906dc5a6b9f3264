# SPDX-License-Identifier: Apache-2.0
# sudoku_add_library(<name>
#     SOURCES <file>...          sources, relative to the calling CMakeLists.txt
#     [PUBLIC_HEADERS <file>...] the headers of include/sudoku/<name>/ that are installed (file names)
#     [PUBLIC_LINK <target>...]  what users of the library see (and link) as well
#     [PRIVATE_LINK <target>...] what only the library's own sources use)
#
# Builds lib<name> as sudoku_<name> with the alias sudoku::<name>, C++20 and the project's warnings.
# One helper so that every library of the project is built the same way.
#
#   lib/<name>/include/sudoku/<name>/<header>.hpp   included as "sudoku/<name>/<header>.hpp" by this
#                                                   wing, the wings above it, the tools and the tests
#   lib/<name>/src/<file>.hpp                       included as "<file>.hpp" (or "<folder>/<file>.hpp")
#                                                   by this wing's sources only
#
# Installed (component dev, lib/CMakeLists.txt): the library, exported as sudoku::<name> of the CMake
# package SudokuPress, and its public headers in ${CMAKE_INSTALL_INCLUDEDIR}/sudoku/<name>/. The public
# headers are PUBLIC_HEADERS: what a program needs to rate, count, generate and typeset, each with a
# usage example in its header comment. The other headers of include/ are the wings' shared internals
# (kernels, drawing, the climber's parts, file plumbing): other wings and the tools use them in this
# build, but they are not installed, so they can change without breaking a program. Without
# PUBLIC_HEADERS (or sudoku_public_headers(), below) every header of include/ is installed.
# lib/CMakeLists.txt stops the configure when an installed header includes one that is not. The
# project's warning flags stay inside this build.
function(sudoku_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;PUBLIC_HEADERS;PUBLIC_LINK;PRIVATE_LINK")
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
  # The installed headers (all of include/sudoku/<name>/ until PUBLIC_HEADERS or
  # sudoku_public_headers() names them).
  file(GLOB public_headers ${CMAKE_CURRENT_SOURCE_DIR}/include/sudoku/${name}/*.hpp)
  set_property(TARGET sudoku_${name} PROPERTY SUDOKU_PUBLIC_HEADERS ${public_headers})
  if(arg_PUBLIC_HEADERS)
    sudoku_public_headers(${name} ${arg_PUBLIC_HEADERS})
  endif()
endfunction()

# sudoku_public_headers(<name> <file>...)
#
# The same as sudoku_add_library's PUBLIC_HEADERS, for a library already added (e.g. after its
# sudoku_add_library call): the installed headers of sudoku_<name> become exactly these files of
# include/sudoku/<name>/.
function(sudoku_public_headers name)
  get_target_property(source_dir sudoku_${name} SOURCE_DIR)
  set(header_dir ${source_dir}/include/sudoku/${name})
  set(public_headers "")
  foreach(header IN LISTS ARGN)
    if(NOT EXISTS ${header_dir}/${header})
      message(FATAL_ERROR "sudoku_public_headers(${name}): ${header} is not in ${header_dir}")
    endif()
    list(APPEND public_headers ${header_dir}/${header})
  endforeach()
  set_property(TARGET sudoku_${name} PROPERTY SUDOKU_PUBLIC_HEADERS ${public_headers})
endfunction()
