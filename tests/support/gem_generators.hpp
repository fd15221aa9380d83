#pragma once
// rapidcheck generators of random GEM file models and random neutral clips. Used inside a
// property: each call draws with `*gen` from the current test case.

#include <rapidcheck.h>

#include <cmath>

#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::test {

inline gem::Vec3Bits random_vec3_bits() {
  return {*rc::gen::arbitrary<std::uint32_t>(), *rc::gen::arbitrary<std::uint32_t>(),
          *rc::gen::arbitrary<std::uint32_t>()};
}

inline std::vector<std::uint8_t> random_bytes(int max) {
  return *rc::gen::container<std::vector<std::uint8_t>>(
      static_cast<std::size_t>(*rc::gen::inRange(0, max + 1)), rc::gen::arbitrary<std::uint8_t>());
}

// Any file the writer accepts: arbitrary float bits, flags, names and bytes.
inline gem::File random_file(std::uint32_t version, gem::FrameChunk chunk) {
  using namespace gem;
  File f;
  f.version = version;
  if (chunk == FrameChunk::frm3) {
    f.frame_count = *rc::gen::element<std::uint32_t>(*rc::gen::inRange<std::uint32_t>(0, 300),
                                                     *rc::gen::inRange<std::uint32_t>(257, 70000),
                                                     *rc::gen::inRange<std::uint32_t>(65537, 5000000));
  } else {
    f.frame_count = *rc::gen::inRange<std::uint32_t>(0, 1000);
  }
  const int comments = *rc::gen::inRange(0, 3);
  for (int i = 0; i < comments; ++i) f.comments.push_back(Comment{random_bytes(12), 0});
  const int bones = *rc::gen::inRange(0, 8);
  for (int i = 0; i < bones; ++i) {
    auto raw = random_bytes(20);
    const std::uint32_t reserved = *rc::gen::weightedOneOf<std::uint32_t>(
        {{4, rc::gen::just<std::uint32_t>(0)}, {1, rc::gen::inRange<std::uint32_t>(0, 0x1000000)}});
    f.bones.push_back(BoneName{std::string(raw.begin(), raw.end()), reserved, 0});
  }
  const int frames = *rc::gen::inRange(0, 8);
  const std::uint64_t max_frame = chunk == FrameChunk::frm2 ? 0xffff
                                  : chunk == FrameChunk::frm3
                                      ? (frm3_frame_width(f.frame_count) == 1   ? 0xff
                                         : frm3_frame_width(f.frame_count) == 2 ? 0xffff
                                                                                : 0xffffffff)
                                      : 0xffffffff;
  for (int i = 0; i < frames; ++i) {
    f.add_frame(chunk, static_cast<std::uint32_t>(*rc::gen::inRange<std::uint64_t>(0, max_frame + 1)));
    if (chunk == FrameChunk::frmn) {
      const int records = *rc::gen::inRange(0, 4);
      for (int b = 0; b < records; ++b) {
        f.add_bone(*rc::gen::arbitrary<std::int32_t>());
        const int items = *rc::gen::inRange(0, 4);
        for (int k = 0; k < items; ++k) {
          switch (*rc::gen::inRange(0, 3)) {
            case 0: {
              Matrix34Bits m;
              for (auto& b32 : m) b32 = *rc::gen::arbitrary<std::uint32_t>();
              f.add_matrix(m);
              break;
            }
            case 1: f.add_visibility(*rc::gen::arbitrary<std::int32_t>()); break;
            default: f.add_mesh(random_bytes(24)); break;
          }
        }
      }
    } else {
      const int keys = *rc::gen::inRange(0, 6);
      for (int k = 0; k < keys; ++k) {
        const auto bone = *rc::gen::arbitrary<std::uint8_t>();
        const auto flags = *rc::gen::arbitrary<std::uint16_t>();
        KeyFields fields;
        if (flags & flag::position) fields.position = random_vec3_bits();
        if (flags & flag::orientation) fields.orientation = random_vec3_bits();
        if (flags & flag::scale) fields.scale = random_vec3_bits();
        if (flags & flag::mesh) fields.mesh = random_bytes(24);
        const Key& key = f.add_key(bone, flags, std::move(fields));
        RC_ASSERT(key.flags == flags);
      }
    }
  }
  return f;
}

inline float random_float(float low, float high) {
  return low + (high - low) * static_cast<float>(*rc::gen::inRange(0, 1000001)) / 1000000.0f;
}

template <class T>
std::vector<model::Key<T>> random_track(std::uint32_t frame_count, auto value) {
  std::vector<model::Key<T>> keys;
  std::uint32_t frame = *rc::gen::inRange<std::uint32_t>(0, 3);
  while (frame < frame_count && *rc::gen::inRange(0, 4) != 0) {
    keys.push_back({frame, value()});
    frame += *rc::gen::inRange<std::uint32_t>(1, 5);
  }
  return keys;
}

template <class T>
model::Track<T> random_step_track(std::uint32_t frame_count, auto value) {
  model::Track<T> track;
  for (const auto& k : random_track<T>(frame_count, value)) track.keys.push_back({double(k.frame), k.value});
  return track;
}

// A valid clip: ascending keys inside the frame range, unit rotations, positive scales.
inline model::Clip random_clip() {
  model::Clip c;
  c.frame_count = *rc::gen::inRange<std::uint32_t>(1, 40);
  const int bones = *rc::gen::inRange(1, 6);
  for (int b = 0; b < bones; ++b) {
    model::BoneTrack t;
    t.name = "bone" + std::to_string(b);
    t.translation = random_step_track<model::Vec3>(c.frame_count, [] {
      return model::Vec3{random_float(-100, 100), random_float(-100, 100), random_float(-100, 100)};
    });
    t.rotation = random_step_track<model::Quat>(c.frame_count, [] {
      return model::normalized(model::Quat{random_float(-1, 1), random_float(-1, 1), random_float(-1, 1), random_float(-1, 1)});
    });
    if (*rc::gen::inRange(0, 3) == 0) {
      t.scale = random_step_track<model::Vec3>(c.frame_count, [] {
        return model::Vec3{random_float(0.1f, 10), random_float(0.1f, 10), random_float(0.1f, 10)};
      });
    }
    t.visible = random_track<bool>(c.frame_count, [] { return *rc::gen::arbitrary<bool>(); });
    t.mirrored = random_track<bool>(c.frame_count, [] { return *rc::gen::arbitrary<bool>(); });
    std::uint32_t frame = 0;
    while (frame < c.frame_count && *rc::gen::inRange(0, 5) == 0) {
      t.mesh.push_back({frame, random_bytes(16)});
      frame += *rc::gen::inRange<std::uint32_t>(1, 6);
    }
    c.bones.push_back(std::move(t));
  }
  return c;
}

}  // namespace anmkit::test
