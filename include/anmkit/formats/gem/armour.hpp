#pragma once
// A GEM armour file: the game keeps armour and durability under the `.mdl` name too (a model's
// text begins with {skeleton}; this one has none):
//
//   ("set-basic-durability" body(440) engine(300) turret(400))
//   ("set-gun" thickness(50) repair(60))
//   {volume "body1" {thickness 15}}
//   {volume "shell1" {thickness 10} {tags "shell1"}}
//
// Read to be named for what it is and summed up (`anmkit info`), not edited: its settings forms by
// name, its volumes with their thickness and tags.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"

namespace anmkit::gem {

struct ArmourForm {
  std::string name;   // "set-basic-durability"
  std::string text;   // the whole form as written, from its '(' to its ')'
  std::uint64_t offset = 0;
};

struct ArmourVolume {
  std::string name;
  std::optional<std::string> thickness;  // as written
  std::vector<std::string> tags;
  std::uint64_t offset = 0;
};

struct Armour {
  std::vector<ArmourForm> forms;
  std::vector<ArmourVolume> volumes;
};

// Errors name the line: a form without its ')', a '}' without its '{', a string without its '"',
// blocks still open at the end.
Expected<Armour> read_armour(std::span<const std::uint8_t> text, const ReadLimits& limits = {});

// True when the text is an armour file (mdl_kind() says so).
bool looks_like_armour(std::span<const std::uint8_t> text);

std::string armour_summary_text(const Armour& armour);     // the lines of `anmkit info`

}  // namespace anmkit::gem
