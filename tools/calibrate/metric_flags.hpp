// SPDX-License-Identifier: Apache-2.0
// Every rating metric's options as command-line flags (--runs, --cap, --strategies, ...), so a
// metric added to the rating engine's registry gets its flags here without touching the tool.
//
// Contract: one text-valued flag per option name across all metrics, without a default (a flag left
// out leaves the metric's own default, which the help lists per metric). settings_for() turns the
// flags given into MetricSettings for the chosen metric and rejects, as UsageError, a flag that
// belongs only to other metrics. An option name that clashes with one of the tool's own flags is a
// programming error (std::logic_error at start-up, so a test of --help catches it).
#pragma once

#include <boost/program_options.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "sudoku/rate/rating.hpp"

namespace sudoku::cli {

class MetricFlags {
 public:
  // Adds the flags to `group`, checking them against `tool_flags` (the tool's own).
  void add_to(boost::program_options::options_description& group,
              const boost::program_options::options_description& tool_flags);
  MetricSettings settings_for(std::string_view metric,
                              const boost::program_options::variables_map& values) const;

 private:
  std::vector<std::string> names_;
};

// "call-count, hs-calls": the known metrics, for help and messages.
std::string metric_name_list();

}  // namespace sudoku::cli
