// The options of the front door: every entry's own declarations gathered, and one check of their
// values and of the front door's numbers for every front end.

#include <algorithm>

#include <fmt/format.h>

#include "registry.hpp"

namespace anmkit {
namespace {

std::string joined(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ");
    out += words[i];
  }
  return out;
}

// "rotation-unit" as "rotation unit".
std::string in_words(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '-', ' ');
  return out;
}

Error bad_setting(Wording message) { return make_error(ErrorCode::bad_value, std::move(message)); }

// "the nodes option: REST", the option named as the setting it is.
Wording about_option(const FormatOption& option, std::string rest) {
  Wording out = naming(option.name, fmt::format("the {} option", option.name));
  out += rest;
  return out;
}

Expected<void> check_value(const FormatOption& option, const std::string& value) {
  switch (option.kind) {
    case FormatOption::Kind::whole: {
      // Plain decimal digits within 0 .. max: no sign, no spaces, no wrap-around.
      std::uint64_t n = 0;
      bool fits = !value.empty() && value.size() <= 20;
      for (const char c : value) {
        if (c < '0' || c > '9' || n > (UINT64_MAX - std::uint64_t(c - '0')) / 10) {
          fits = false;
          break;
        }
        n = n * 10 + std::uint64_t(c - '0');
      }
      if (!fits || n > option.max) {
        return bad_setting(about_option(option, fmt::format(": expected a whole number from 0 to {}, found '{}'", option.max, value)));
      }
      return {};
    }
    case FormatOption::Kind::choice:
      if (std::find(option.choices.begin(), option.choices.end(), value) != option.choices.end()) return {};
      return bad_setting(fmt::format("unknown {} '{}' ({})", in_words(option.name), value, joined(option.choices)));
    case FormatOption::Kind::flag:
      if (value == "true" || value == "false") return {};
      return bad_setting(about_option(option, fmt::format(": expected true or false, found '{}'", value)));
  }
  return {};
}

}  // namespace

std::vector<std::string_view> mentioned_settings() {
  std::vector<std::string_view> out{"limits.max_input_bytes", "limits.max_frames", "limits.max_bones", "limits.max_keys",
                                    "limits.max_pixels", "limits.max_sequences", "limits.max_json_depth",
                                    "limits.max_output_pixels", "skeleton", "fps", "base", "remap", "resize", "scale",
                                    "sequence", "state", "flipbook", "export_kind", "search_roots", "reference_roots", "meshes", "texture_dir", "volumes"};
  for (const FormatOption& option : format_options()) out.push_back(option.name);
  // A format's own name for its skeleton option ("bin"), which its messages may use.
  for (const FormatInfo& format : formats()) {
    if (!format.skeleton_option.empty()) out.push_back(format.skeleton_option);
  }
  return out;
}

std::optional<RealRange> setting_range(std::string_view name) {
  if (name == "fps") return fps_range;
  if (name == "tick_hz") return tick_hz_range;
  if (name == "tolerance") return tolerance_range;
  return std::nullopt;
}

Expected<void> check_range(std::string_view setting, double value, RealRange range) {
  if (range.holds(value)) return {};
  return bad_setting(fmt::format("{} must be from {:g} to {:g}, found {:g}", setting, range.min, range.max, value));
}

namespace {

// Gathered once: every open checks its settings against them.
const std::vector<FormatOption>& declared_options() {
  static const std::vector<FormatOption> all = [] {
    std::vector<FormatOption> out;
    for (const auto* e : detail::entries()) {
      for (const auto& option : e->info.options) {
        const auto same = [&](const FormatOption& o) { return o.name == option.name; };
        if (std::find_if(out.begin(), out.end(), same) == out.end()) out.push_back(option);
      }
    }
    return out;
  }();
  return all;
}

}  // namespace

std::vector<FormatOption> format_options() { return declared_options(); }

Expected<void> check_format_options(const FormatSettings& settings, bool importing) {
  const auto& all = declared_options();
  for (const auto& [given_name, setting] : settings) {
    const std::string& name = given_name;  // clang before 16 cannot capture a structured binding
    const auto it = std::find_if(all.begin(), all.end(), [&](const FormatOption& o) { return o.name == name; });
    if (it == all.end() || !(importing ? it->when_importing : it->when_opening)) {
      std::vector<std::string_view> known;
      for (const auto& o : all) {
        if (importing ? o.when_importing : o.when_opening) known.push_back(o.name);
      }
      return bad_setting(fmt::format("unknown format option '{}' ({}: {})", name, importing ? "a glTF import takes" : "opening takes",
                                     known.empty() ? std::string("none") : joined(known)));
    }
    if (auto checked = check_value(*it, setting.value); !checked) return checked;
  }
  return {};
}

}  // namespace anmkit
