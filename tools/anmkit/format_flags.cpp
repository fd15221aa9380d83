#include "format_flags.hpp"

#include <algorithm>

#include "cli_common.hpp"

namespace anmkit::cli {

void FormatFlags::add_to(CLI::App* command, unsigned use) {
  // Each format's own name for the skeleton (once per name), all filling the one skeleton.
  for (const FormatInfo& format : formats()) {
    if (format.skeleton_option.empty()) continue;
    const std::string flag = "--" + std::string(format.skeleton_option);
    const auto same = [&](const auto& known) { return known.first == flag; };
    if (std::any_of(skeleton_flags_.begin(), skeleton_flags_.end(), same)) continue;
    CLI::Option* added = command->add_option(flag, skeleton_, std::string(format.skeleton_option_help));
    for (const auto& [name, other] : skeleton_flags_) added->excludes(other);
    skeleton_flags_.emplace_back(flag, added);
  }
  for (const FormatOption& option : format_options()) {
    if (!((use & opening) && option.when_opening) && !((use & importing) && option.when_importing)) continue;
    Given& g = given_[std::string(option.name)];
    g.option = option;
    const std::string flag = "--" + std::string(option.name);
    const std::string help(option.help);
    switch (option.kind) {
      case FormatOption::Kind::flag:
        g.flag = command->add_flag_callback(flag, [&g] { g.value = "true"; }, help);
        break;
      case FormatOption::Kind::whole:
        g.flag = command->add_option(flag, g.value, help)->check(whole_number(option.max));
        break;
      case FormatOption::Kind::choice:
        g.value = std::string(option.choices.front());
        g.flag = command->add_option(flag, g.value, help)->capture_default_str()->check(CLI::IsMember(names(option.choices)));
        break;
    }
    if (option.excludes_skeleton) {
      for (const auto& [name, skeleton] : skeleton_flags_) skeleton->excludes(g.flag);
    }
  }
}

FormatSettings FormatFlags::settings(unsigned use) const {
  FormatSettings out;
  for (const auto& [name, g] : given_) {
    if (!g.flag || g.flag->count() == 0) continue;
    if (!((use & opening) && g.option.when_opening) && !((use & importing) && g.option.when_importing)) continue;
    out[name] = FormatSetting{g.value, "--" + name};
  }
  return out;
}

std::string FormatFlags::value_or_default(std::string_view name) const {
  const auto it = given_.find(name);
  if (it != given_.end()) return it->second.value;
  for (const FormatOption& option : format_options()) {
    if (option.name == name && option.kind == FormatOption::Kind::choice) return std::string(option.choices.front());
  }
  return {};
}

OpenOptions FormatFlags::open_options() const {
  OpenOptions options = cli::open_options();
  options.skeleton = skeleton_;
  for (const auto& [name, flag] : skeleton_flags_) {
    if (flag->count() > 0) options.skeleton_given_as = name + " " + skeleton_;
  }
  options.format_options = settings(opening);
  return options;
}

}  // namespace anmkit::cli
