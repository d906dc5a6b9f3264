# SPDX-License-Identifier: Apache-2.0
# sudoku_press_version(<out-var>)
#
# The project's one version string, used by every tool's --version, the data files' tool_version,
# the Python module's __version__, the CMake package and the Debian package:
#   - PROJECT_VERSION (the project() call in the top-level CMakeLists.txt) when the source is not a
#     git checkout (a release tarball) or its HEAD is exactly the tag v<PROJECT_VERSION>;
#   - otherwise PROJECT_VERSION + "+git<N>.g<hash>": N commits since that tag (since the first commit
#     when there is no tag), hash the abbreviated commit. "+" sorts after the release in Debian's
#     version order, so a snapshot built after a release upgrades it, and the string is a valid Debian
#     upstream version as it stands (no "-", which would start a Debian revision).
# -DSUDOKU_PRESS_VERSION=... on the cmake command line replaces all of this (a distribution that
# patches the source and wants its own version). Uncommitted changes are not marked: the version
# names the commit the build started from.
#
# The git state is read when CMake configures; HEAD and the branch it points to are configure
# dependencies, so a new commit reconfigures the next build and the version follows it.
function(sudoku_press_version out_var)
  if(SUDOKU_PRESS_VERSION)
    set(${out_var} "${SUDOKU_PRESS_VERSION}" PARENT_SCOPE)
    return()
  endif()
  set(version "${PROJECT_VERSION}")
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
    set(git "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}")
    execute_process(COMMAND ${git} rev-parse --short=10 HEAD
                    OUTPUT_VARIABLE hash RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed)
      execute_process(COMMAND ${git} describe --tags --exact-match --match "v${PROJECT_VERSION}" HEAD
                      RESULT_VARIABLE not_at_tag OUTPUT_QUIET ERROR_QUIET)
      if(not_at_tag)
        execute_process(COMMAND ${git} rev-list --count "v${PROJECT_VERSION}..HEAD"
                        OUTPUT_VARIABLE count RESULT_VARIABLE no_tag OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(no_tag)
          execute_process(COMMAND ${git} rev-list --count HEAD
                          OUTPUT_VARIABLE count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        endif()
        set(version "${PROJECT_VERSION}+git${count}.g${hash}")
      endif()
      # Reconfigure when HEAD moves: HEAD itself (a checkout) and the branch file it names (a commit).
      foreach(ref HEAD packed-refs)
        execute_process(COMMAND ${git} rev-parse --git-path ${ref}
                        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}" OUTPUT_VARIABLE ref_path
                        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        list(APPEND watched "${ref_path}")
      endforeach()
      execute_process(COMMAND ${git} symbolic-ref -q HEAD
                      OUTPUT_VARIABLE branch OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(branch)
        execute_process(COMMAND ${git} rev-parse --git-path "${branch}"
                        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}" OUTPUT_VARIABLE ref_path
                        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        list(APPEND watched "${ref_path}")
      endif()
      foreach(path IN LISTS watched)
        if(NOT IS_ABSOLUTE "${path}")
          set(path "${PROJECT_SOURCE_DIR}/${path}")
        endif()
        # Only files that exist: a missing one would make every build reconfigure.
        if(EXISTS "${path}")
          set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}")
        endif()
      endforeach()
    endif()
  endif()
  set(${out_var} "${version}" PARENT_SCOPE)
endfunction()
