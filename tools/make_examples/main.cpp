// Writes the synthetic example files of examples/ (real game files may not be committed).
// Usage: anmkit_make_examples OUTDIR. The tests run it and compare with the committed files.
// Values come from literal tables, never from libm, so every machine writes the same bytes.

#include <cstdio>
#include <string>
#include <vector>

#include "anmkit/core/byte_writer.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"

namespace {

using anmkit::model::BoneTrack;
using anmkit::model::Clip;
using anmkit::model::Quat;
using anmkit::model::Vec3;

// sin and cos of half of 0, 7.5, ..., 90 degrees: a turn about Z in 7.5-degree steps.
constexpr float half_turn[13][2] = {
    {0.000000000f, 1.000000000f}, {0.065403129f, 0.997858923f}, {0.130526192f, 0.991444861f},
    {0.195090322f, 0.980785280f}, {0.258819045f, 0.965925826f}, {0.321439465f, 0.946930129f},
    {0.382683432f, 0.923879533f}, {0.442288690f, 0.896872742f}, {0.500000000f, 0.866025404f},
    {0.555570233f, 0.831469612f}, {0.608761429f, 0.793353340f}, {0.659345815f, 0.751839807f},
    {0.707106781f, 0.707106781f}};

std::vector<std::uint8_t> text(const char* s) { return std::vector<std::uint8_t>(s, s + std::string(s).size()); }

// A tank turret: the mirrored root `basis` (as real vehicles have), a hull, a turret turning
// 90 degrees over frames 0..12 and holding, a gun recoiling at frame 16, a hatch that hides.
Clip turret_clip() {
  Clip c;
  c.frame_count = 25;
  BoneTrack basis{"basis", {{0, Vec3{0, 0, 0}}}, {{0, Quat{1, 0, 0, 0}}}, {}, {{0, true}}, {{0, true}}, {}};
  BoneTrack hull{"body", {{0, Vec3{-0.184317f, 0.883301f, 20.4944f}}}, {{0, Quat{0, 0, -0.707106781f, 0.707106781f}}}, {}, {}, {}, {}};
  BoneTrack turret{"turret1", {{0, Vec3{0, 12.5f, 18.25f}}}, {}, {}, {}, {}, {}};
  for (std::uint32_t f = 0; f <= 12; ++f) turret.rotation.push_back({f, Quat{0, 0, half_turn[f][0], half_turn[f][1]}});
  BoneTrack gun{"gun_rot", {{0, Vec3{0, 31.0f, 2.5f}}, {16, Vec3{0, 27.0f, 2.5f}}, {17, Vec3{0, 28.5f, 2.5f}},
                           {18, Vec3{0, 30.0f, 2.5f}}, {19, Vec3{0, 31.0f, 2.5f}}},
                {{0, Quat{0, 0, 0, 1}}}, {}, {}, {}, {}};
  BoneTrack hatch{"hatch", {{0, Vec3{4.0f, -6.0f, 9.5f}}}, {{0, Quat{0, 0, 0, 1}}, {20, Quat{0.5f, 0, 0, 0.866025404f}}},
                  {}, {{0, true}, {22, false}}, {}, {}};
  c.bones = {basis, hull, turret, gun, hatch};
  return c;
}

// A track whose vertices move: mesh-animation keys (notes point 14) on every frame, the first
// and last with a bounding box, and a scaled, commented wheel.
Clip track_clip() {
  Clip c;
  c.frame_count = 4;
  c.comments = {text("anmkit example: mesh animation")};
  BoneTrack track{"trackl", {{0, Vec3{0, 0, 0}}}, {{0, Quat{0, 0, 0, 1}}}, {}, {{0, true}}, {}, {}};
  for (std::uint32_t f = 0; f < 4; ++f) {
    const bool bbox = f == 0 || f == 3;
    anmkit::ByteWriter w;
    w.u32(0);                    // first vertex
    w.u16(3);                    // vertex count
    w.u16(bbox ? 1 : 0);         // has bbox
    for (std::uint32_t v = 0; v < 3; ++v) {  // 12-byte records: x, y, z
      w.f32_bits(anmkit::bits_from_float(float(v)));
      w.f32_bits(anmkit::bits_from_float(float(f) * 0.5f));
      w.f32_bits(anmkit::bits_from_float(1.0f));
    }
    if (bbox) {
      for (float b : {0.0f, float(f) * 0.5f, 1.0f, 2.0f, float(f) * 0.5f, 1.0f}) w.f32_bits(anmkit::bits_from_float(b));
    }
    w.f32_bits(0);
    w.f32_bits(0);
    track.mesh.push_back({f, w.take()});
  }
  BoneTrack wheel{"wheell1", {{0, Vec3{10, 2, 1}}}, {{0, Quat{0, 0, 0, 1}}}, {{0, Vec3{1, 1, 1}}, {2, Vec3{1.25f, 1.25f, 1.25f}}}, {}, {}, {}};
  c.bones = {track, wheel};
  return c;
}

struct Example {
  const char* name;
  Clip (*clip)();
  anmkit::gem::Target target;
};

constexpr Example examples[] = {
    {"turret_v40.anm", turret_clip, anmkit::gem::Target::gem_4_0},
    {"turret_v60.anm", turret_clip, anmkit::gem::Target::gem_6_0},
    {"turret_v61_frm3.anm", turret_clip, anmkit::gem::Target::gem_6_1_frm3},
    {"track_meshanim_v61.anm", track_clip, anmkit::gem::Target::gem_6_1},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  for (const Example& e : examples) {
    auto file = anmkit::gem::from_clip(e.clip(), e.target);
    if (!file) {
      std::fprintf(stderr, "%s: %s\n", e.name, file.error().to_string().c_str());
      return 1;
    }
    auto bytes = anmkit::gem::write(*file);
    if (!bytes) {
      std::fprintf(stderr, "%s: %s\n", e.name, bytes.error().to_string().c_str());
      return 1;
    }
    if (auto written = anmkit::write_file_atomic(dir + "/" + e.name, *bytes); !written) {
      std::fprintf(stderr, "%s\n", written.error().to_string().c_str());
      return 1;
    }
  }
  return 0;
}
