// SPDX-License-Identifier: Apache-2.0
// The player's files (templates/web/), compiled in (lib/typeset/web/CMakeLists.txt generates
// web_assets.cpp from them), so that the typeset tool needs no data file to write a web edition.
#pragma once

#include <string_view>

namespace sudoku::typeset {

extern const std::string_view kPlayerJs;   // templates/web/player.js
extern const std::string_view kPlayerCss;  // templates/web/player.css
extern const std::string_view kIndexJs;    // templates/web/index.js
extern const std::string_view kReportCss;  // templates/web/report.css
extern const std::string_view kReportJs;   // templates/web/report.js

}  // namespace sudoku::typeset
