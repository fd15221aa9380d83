#pragma once
// The GEM benchmarks' input: a clip of realistic shape, 54 bones (as the Gates of Hell E-25)
// over 2000 frames, every bone moving on every 4th frame, written once per target version.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"

namespace anmkit::bench {

inline model::Clip synthetic_clip() {
  model::Clip c;
  c.frame_count = 2000;
  for (int b = 0; b < 54; ++b) {
    model::BoneTrack t;
    t.name = "bone" + std::to_string(b);
    for (std::uint32_t f = 0; f < c.frame_count; f += 4) {
      const float s = float((f * 7 + std::uint32_t(b) * 13) % 100) / 150.0f;
      t.translation.keys.push_back({double(f), model::Vec3{float(b), float(f) * 0.01f, s}});
      t.rotation.keys.push_back({double(f), model::normalized(model::Quat{s, 0.1f, 0.2f, 1.0f})});
    }
    t.visible = {{0, true}};
    c.bones.push_back(std::move(t));
  }
  return c;
}

inline const std::vector<std::uint8_t>& synthetic_file_bytes(gem::Target target) {
  static std::map<gem::Target, std::vector<std::uint8_t>> cache;
  auto& bytes = cache[target];
  if (bytes.empty()) bytes = *gem::write(*gem::from_clip(synthetic_clip(), target));
  return bytes;
}

}  // namespace anmkit::bench
