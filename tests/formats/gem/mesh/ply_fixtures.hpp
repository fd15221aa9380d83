#pragma once
// Hand-built `.ply` bytes, field by field (independent of the library's writer).

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "support/fixture_bytes.hpp"

namespace anmkit::gem::mesh::test_ply {

using anmkit::test::FixtureBytes;

// A name as the mesh stores it: u8 length and the bytes.
inline FixtureBytes& name8(FixtureBytes& b, std::string_view name) {
  b.u8(std::uint32_t(name.size()));
  return b.tag(name);
}

// A MESH record.
inline FixtureBytes& subset(FixtureBytes& b, std::uint32_t fvf, std::uint32_t first, std::uint32_t count,
                            std::uint32_t flags, std::uint32_t color, std::string_view material,
                            std::initializer_list<std::uint8_t> palette = {}) {
  b.tag("MESH").u32(fvf).u32(first).u32(count).u32(flags);
  if (flags & 0x200) b.u32(color);
  name8(b, material);
  if (flags & 0x800) {
    b.u8(std::uint32_t(palette.size()));
    b.raw(palette);
  }
  return b;
}

// The four corners of a unit square in z = 0, as 32-byte records (fvf 0x112: position, normal, uv).
inline FixtureBytes& square_vertices(FixtureBytes& b) {
  b.tag("VERT").u32(4).u16(32).u16(7);
  const float corners[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  for (const auto& c : corners) b.f32s({c[0], c[1], 0, 0, 0, -1, c[0], c[1]});
  return b;
}

// A rigid square in two triangles, one subset: chunks at 4 (BNDS, 28 bytes), 32 (MESH, 31),
// 63 (VERT, 140), 203 (INDX, 20); 223 bytes.
inline FixtureBytes rigid_square() {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 1, 1, 0});
  subset(b, 0x112, 0, 2, 0x404, 0, "square.mtl");
  square_vertices(b);
  b.tag("INDX").u32(6).u16(0).u16(1).u16(2).u16(2).u16(1).u16(3);
  return b;
}

// A skinned square (fvf 0x1118, 56-byte records with one weight, 4 slot bytes, a normal, a uv and
// the tangent block), SKIN ("body", "gun"), palette (0, 1, 2), subset colour 0x98e6e6e6:
// mirrored (flag 0x40 and MROR): chunks at 4 (BNDS), 32 (SKIN, 17 bytes), 49 (MESH, 39), 88 (VERT,
// 236), 324 (INDX, 20), 344 (MROR); 348 bytes. Other `names` for SKIN (its vertices name slots 0,
// the bone the mesh hangs from, 1 and 2, SKIN's first two) and no MROR move those offsets.
inline FixtureBytes skinned_square(const std::vector<std::string>& names = {"body", "gun"}, bool mirrored = true) {
  FixtureBytes b;
  b.tag("EPLY").tag("BNDS").f32s({0, 0, 0, 1, 1, 0});
  b.tag("SKIN").u32(std::uint32_t(names.size()));
  for (const std::string& name : names) name8(b, name);
  subset(b, 0x1118, 0, 2, 0xf54, 0x98e6e6e6u, "tracks.mtl", {0, 1, 2});
  b.tag("VERT").u32(4).u16(56).u16(7);
  const float corners[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  const float weights[4] = {1.0f, 0.25f, 0.0f, 1.0f};
  const std::uint8_t slots[4][4] = {{0, 0, 0, 0}, {1, 2, 0, 0}, {0, 0, 0, 0}, {2, 0, 0, 0}};
  for (int v = 0; v < 4; ++v) {
    b.f32s({corners[v][0], corners[v][1], 0}).f32(weights[v]);
    b.raw({slots[v][0], slots[v][1], slots[v][2], slots[v][3]});
    b.f32s({0, 0, -1, corners[v][0], corners[v][1], 1, 0, 0, -1});
  }
  b.tag("INDX").u32(6).u16(0).u16(1).u16(2).u16(2).u16(1).u16(3);
  if (mirrored) b.tag("MROR");
  return b;
}

}  // namespace anmkit::gem::mesh::test_ply
