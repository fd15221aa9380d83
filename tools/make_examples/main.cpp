// Writes the synthetic example files of examples/ (real game files may not be committed).
// Usage: anmkit_make_examples OUTDIR. The tests run it and compare with the committed files.
// Values come from literal tables, never from libm, so every machine writes the same bytes.

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "anmkit/core/byte_writer.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"

namespace {

using anmkit::model::BoneTrack;
using anmkit::model::Clip;
using anmkit::model::Quat;
using anmkit::model::Vec3;
using anmkit::model::Interpolation;
using anmkit::model::Keyframe;
using anmkit::model::Track;

// sin and cos of half of 0, 7.5, ..., 90 degrees: a turn about Z in 7.5-degree steps.
constexpr float half_turn[13][2] = {
    {0.000000000f, 1.000000000f}, {0.065403129f, 0.997858923f}, {0.130526192f, 0.991444861f},
    {0.195090322f, 0.980785280f}, {0.258819045f, 0.965925826f}, {0.321439465f, 0.946930129f},
    {0.382683432f, 0.923879533f}, {0.442288690f, 0.896872742f}, {0.500000000f, 0.866025404f},
    {0.555570233f, 0.831469612f}, {0.608761429f, 0.793353340f}, {0.659345815f, 0.751839807f},
    {0.707106781f, 0.707106781f}};

template <class T>
Track<T> steps(std::vector<Keyframe<T>> keys) {
  return {Interpolation::step, std::move(keys)};
}

std::vector<std::uint8_t> text(const char* s) { return std::vector<std::uint8_t>(s, s + std::string(s).size()); }

// A tank turret: the mirrored root `basis` (as real vehicles have), a hull, a turret turning
// 90 degrees over frames 0..12 and holding, a gun recoiling at frame 16, a hatch that hides.
Clip turret_clip() {
  Clip c;
  c.frame_count = 25;
  BoneTrack basis{"basis", steps<Vec3>({{0, Vec3{0, 0, 0}}}), steps<Quat>({{0, Quat{1, 0, 0, 0}}}), {}, {}, {{0, true}}, {{0, true}}, {}};
  BoneTrack hull{"body", steps<Vec3>({{0, Vec3{-0.184317f, 0.883301f, 20.4944f}}}),
                 steps<Quat>({{0, Quat{0, 0, -0.707106781f, 0.707106781f}}}), {}, {}, {}, {}, {}};
  BoneTrack turret{"turret1", steps<Vec3>({{0, Vec3{0, 12.5f, 18.25f}}}), {}, {}, {}, {}, {}, {}};
  for (std::uint32_t f = 0; f <= 12; ++f) turret.rotation.keys.push_back({double(f), Quat{0, 0, half_turn[f][0], half_turn[f][1]}});
  BoneTrack gun{"gun_rot", steps<Vec3>({{0, Vec3{0, 31.0f, 2.5f}}, {16, Vec3{0, 27.0f, 2.5f}}, {17, Vec3{0, 28.5f, 2.5f}},
                                        {18, Vec3{0, 30.0f, 2.5f}}, {19, Vec3{0, 31.0f, 2.5f}}}),
                steps<Quat>({{0, Quat{0, 0, 0, 1}}}), {}, {}, {}, {}, {}};
  BoneTrack hatch{"hatch", steps<Vec3>({{0, Vec3{4.0f, -6.0f, 9.5f}}}),
                  steps<Quat>({{0, Quat{0, 0, 0, 1}}, {20, Quat{0.5f, 0, 0, 0.866025404f}}}), {}, {}, {{0, true}, {22, false}}, {}, {}};
  c.bones = {basis, hull, turret, gun, hatch};
  return c;
}

// A track whose vertices move: mesh-animation keys (notes point 14) on every frame, the first
// and last with a bounding box, and a scaled, commented wheel.
Clip track_clip() {
  Clip c;
  c.frame_count = 4;
  c.comments = {text("anmkit example: mesh animation")};
  BoneTrack track{"trackl", steps<Vec3>({{0, Vec3{0, 0, 0}}}), steps<Quat>({{0, Quat{0, 0, 0, 1}}}), {}, {}, {{0, true}}, {}, {}};
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
  BoneTrack wheel{"wheell1", steps<Vec3>({{0, Vec3{10, 2, 1}}}), steps<Quat>({{0, Quat{0, 0, 0, 1}}}), {},
                  steps<Vec3>({{0, Vec3{1, 1, 1}}, {2, Vec3{1.25f, 1.25f, 1.25f}}}), {}, {}, {}};
  c.bones = {track, wheel};
  return c;
}

// Luigi's Mansion: a door frame (node 0), a door (node 1) that swings open 90 degrees about Y and
// back with Hermite slopes, and its knob (node 2) that turns while the door opens. Loops at 60.
// Built with shared data as the game's tools lay it out (lm::repack).
std::vector<std::uint8_t> mansion_door_anm() {
  using anmkit::bits_from_float;
  namespace lm = anmkit::lm;
  lm::File f;
  f.version = 2;
  f.loop = 1;
  f.frame_count = 60;
  f.groups.resize(3);
  auto& scale = f.arrays[0];
  auto& rotation = f.arrays[1];
  auto& translation = f.arrays[2];
  // Node 0: the frame, at rest: every track default but a constant height.
  translation.push_back(bits_from_float(0.0f));
  translation.push_back(bits_from_float(12.5f));
  f.groups[0].tracks[7] = lm::Track{1, 1, 0};
  // Node 1: the door. ry keys {frame, value, in slope, out slope} with flag 0x80.
  for (float v : {0.0f, 0.0f, 0.0f, 6.0f, 30.0f, 90.0f, 0.0f, 0.0f, 60.0f, 0.0f, -6.0f, 0.0f}) rotation.push_back(bits_from_float(v));
  f.groups[1].tracks[4] = lm::Track{3, 0, lm::flag_out_slope};
  translation.push_back(bits_from_float(-4.0f));
  f.groups[1].tracks[6] = lm::Track{1, 2, 0};  // tx
  f.groups[1].tracks[7] = lm::Track{1, 0, 0};  // ty: the shared 0.0
  // Node 2: the knob turns about X (3 keys, in slope = out slope) and is slightly smaller.
  for (float v : {0.0f, 0.0f, 0.0f, 10.0f, -45.0f, 0.0f, 20.0f, 0.0f, 0.0f}) rotation.push_back(bits_from_float(v));
  f.groups[2].tracks[3] = lm::Track{3, 12, 0};
  scale.push_back(bits_from_float(0.75f));
  for (std::size_t axis = 0; axis < 3; ++axis) f.groups[2].tracks[axis] = lm::Track{1, 0, 0};
  translation.push_back(bits_from_float(7.0f));
  f.groups[2].tracks[6] = lm::Track{1, 3, 0};
  return *anmkit::lm::write(*anmkit::lm::repack(f));
}

// The paired model: only the header and the scene graph (section 12) are filled in.
std::vector<std::uint8_t> mansion_door_bin() {
  anmkit::ByteWriter w(anmkit::Endian::big);
  w.u8(2);
  const char name[11] = {'d', 'o', 'o', 'r', 0, 0, 0, 0, 0, 0, 0};
  for (char c : name) w.u8(std::uint8_t(c));
  for (int section = 0; section < 21; ++section) w.u32(section == 12 ? 0x60 : 0);
  struct Node {
    std::int16_t parent, child, next, previous;
    float scale, ry, tx, ty;
  };
  const Node nodes[] = {{-1, 1, -1, -1, 1, 0, 0, 12.5f}, {0, 2, -1, -1, 1, 0, -4, 0}, {1, -1, -1, -1, 0.75f, 0, 7, 0}};
  for (const Node& n : nodes) {
    for (std::int16_t link : {n.parent, n.child, n.next, n.previous}) w.u16(std::uint16_t(link));
    w.u8(0);
    w.u8(0);  // render flags
    w.u16(0);
    for (float v : {n.scale, n.scale, n.scale, 0.0f, n.ry, 0.0f, n.tx, n.ty, 0.0f, -1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f}) {
      w.f32_bits(anmkit::bits_from_float(v));
    }
    while (w.size() % 0x8c != 0x60 % 0x8c) w.u8(0);  // the rest of the 0x8c-byte node
  }
  return w.take();
}

// Might and Magic II: a ghost. Frame 0 is the base (a round body with eyes and a mouth);
// frames 1-3 are patches: eyes closed, mouth open, an arm raised past the base's edge (so the
// canvas grows). Sequences: an idle blink starting at state 0 (its block reads FF 00 .., like
// the image marker), an empty block, and an attack.
std::vector<std::uint8_t> ghost_anm() {
  namespace mm2 = anmkit::mm2;
  mm2::File f;
  f.seq_header = {16, 2, 5};
  f.blocks = {{0, 40, 1, 6, 0, 30, 1, 6}, {}, {2, 10, 3, 12, 2, 10, 0, 8}};
  // Amiga 0x0RGB: transparent, outline, body shades, eye and mouth colours.
  const std::uint16_t palette[32] = {0x000, 0x111, 0xeef, 0xccd, 0xaab, 0x889, 0x667, 0x445, 0xf00, 0xc00,
                                     0x0cf, 0x08c, 0xfd0, 0xa80, 0x2a2, 0x060, 0x888, 0x999, 0xaaa, 0xbbb,
                                     0xccc, 0xddd, 0xeee, 0xfff, 0x303, 0x505, 0x707, 0x909, 0xb0b, 0xd0d, 0xf0f, 0x123};
  std::copy(std::begin(palette), std::end(palette), f.palette.begin());
  auto add_frame = [&f](std::size_t w, std::size_t h, auto pen_at) {
    std::vector<std::uint8_t> pixels(w * h);
    for (std::size_t y = 0; y < h; ++y)
      for (std::size_t x = 0; x < w; ++x) pixels[y * w + x] = std::uint8_t(pen_at(int(x), int(y)));
    f.frames.push_back({std::uint16_t(w), std::uint16_t(h), 0});
    f.streams.push_back(mm2::encode_planes(mm2::pixels_to_planes(pixels, w, h)));
  };
  // Base 30x28: a rounded body (shades by height), outline, eyes at (9..12, 9..11) and (17..20, 9..11).
  add_frame(30, 28, [](int x, int y) {
    const int dx = x - 15, dy = y - 13;
    const int r2 = dx * dx + (dy < 0 ? dy * dy : 0);
    if (y > 24 && (x / 3) % 2 == 1) return 0;  // a ragged hem
    if (r2 > 14 * 14 || x < 1 || x > 28) return 0;
    if (r2 > 12 * 12 || x < 3 || x > 26) return 1;
    if (y >= 9 && y <= 11 && ((x >= 9 && x <= 12) || (x >= 17 && x <= 20))) return y == 10 ? 10 : 11;
    if (y == 17 && x >= 12 && x <= 17) return 1;
    return 2 + std::min(5, y / 5);
  });
  // Patch 1 (slot 0): both eyes closed, a 12x3 strip at (9, 9).
  f.prelude[0].raw = {9, 9, 12, 3};
  add_frame(12, 3, [](int x, int y) { return y == 1 && (x < 4 || x >= 8) ? 1 : 3; });
  // Patch 2 (slot 1): the mouth open, 8x5 at (11, 16); its corners are holes (pen 0).
  f.prelude[1].raw = {11, 16, 8, 5};
  add_frame(8, 5, [](int x, int y) {
    if ((x == 0 || x == 7) && (y == 0 || y == 4)) return 0;
    return (x == 0 || x == 7 || y == 0 || y == 4) ? 1 : 8 + (y % 2);
  });
  // Patch 3 (slot 2): an arm raised to the right, 10x12 at (26, 4), reaching past the base.
  f.prelude[2].raw = {26, 4, 10, 12};
  add_frame(10, 12, [](int x, int y) {
    const int edge = 9 - y / 2;
    if (x > edge + 1 || x < edge - 2) return 0;
    return x == edge + 1 || x == edge - 2 ? 1 : 4;
  });
  return *anmkit::mm2::write(f);
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
  for (const auto& [name, bytes] : {std::pair{"mansion_door.anm", mansion_door_anm()},
                                    std::pair{"mansion_door.bin", mansion_door_bin()},
                                    std::pair{"ghost_mm2.anm", ghost_anm()}}) {
    if (auto written = anmkit::write_file_atomic(dir + "/" + name, bytes); !written) {
      std::fprintf(stderr, "%s\n", written.error().to_string().c_str());
      return 1;
    }
  }
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
