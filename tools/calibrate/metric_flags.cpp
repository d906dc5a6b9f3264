// SPDX-License-Identifier: Apache-2.0
#include "metric_flags.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "cli.hpp"

namespace sudoku::cli {

namespace po = boost::program_options;

std::string metric_name_list() {
  std::string names;
  for (const std::string_view name : rating_metric_names())
    names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

void MetricFlags::add_to(po::options_description& group, const po::options_description& tool_flags) {
  // name -> "metric: help (default X)" lines, in registry order.
  std::map<std::string, std::string> help;
  for (const std::string_view metric : rating_metric_names())
    for (const MetricOption& option : rating_metric_options(metric)) {
      if (std::find(names_.begin(), names_.end(), option.name) == names_.end()) names_.push_back(option.name);
      std::string& text = help[option.name];
      text += (text.empty() ? "" : "; ") + std::string(metric) + ": " + option.help + " (default " +
              option.default_value + ")";
    }
  for (const std::string& name : names_) {
    // --help and --version join later, in parse_command_line.
    if (tool_flags.find_nothrow(name, false) != nullptr || name == "help" || name == "version")
      throw std::logic_error("metric option --" + name + " clashes with a flag of the tool");
    group.add_options()(name.c_str(), po::value<std::string>()->value_name("VALUE"), help[name].c_str());
  }
}

MetricSettings MetricFlags::settings_for(std::string_view metric, const po::variables_map& values) const {
  const std::vector<MetricOption> options = rating_metric_options(metric);
  MetricSettings settings;
  for (const std::string& name : names_) {
    if (!values.count(name)) continue;
    const bool belongs =
        std::any_of(options.begin(), options.end(), [&](const MetricOption& o) { return o.name == name; });
    if (!belongs) throw UsageError("--" + name + " is not an option of metric " + std::string(metric));
    settings[name] = values[name].as<std::string>();
  }
  return settings;
}

}  // namespace sudoku::cli
