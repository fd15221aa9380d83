// The solids collision volumes are drawn with (model/solids.hpp): closed, every triangle
// counter-clockwise seen from outside (the enclosed signed volume is positive), the sizes they
// are given, and the same bits on every platform (this test runs under wine too): vertices pinned
// to values computed with Python's math.sin and math.cos (glibc), rounded to float.

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

#include "anmkit/model/solids.hpp"

namespace anmkit::model {
namespace {

// The volume the triangles enclose, positive when they turn counter-clockwise seen from outside.
double signed_volume(const Solid& s) {
  double v = 0;
  for (std::size_t k = 0; k + 2 < s.indices.size(); k += 3) {
    const Vec3& a = s.positions[s.indices[k]];
    const Vec3& b = s.positions[s.indices[k + 1]];
    const Vec3& c = s.positions[s.indices[k + 2]];
    v += (double(a.x) * (double(b.y) * c.z - double(b.z) * c.y) - double(a.y) * (double(b.x) * c.z - double(b.z) * c.x) +
          double(a.z) * (double(b.x) * c.y - double(b.y) * c.x)) /
         6;
  }
  return v;
}

// Closed and consistently turned: every edge a triangle walks from a to b, another walks from b
// to a, once.
bool closed(const Solid& s) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
  for (std::size_t k = 0; k + 2 < s.indices.size(); k += 3) {
    for (std::size_t e = 0; e < 3; ++e) ++edges[{s.indices[k + e], s.indices[k + (e + 1) % 3]}];
  }
  for (const auto& [edge, count] : edges) {
    const auto back = edges.find({edge.second, edge.first});
    if (count != 1 || back == edges.end() || back->second != 1) return false;
  }
  return true;
}

bool indices_in_range(const Solid& s) {
  for (std::uint32_t i : s.indices) {
    if (i >= s.positions.size()) return false;
  }
  return true;
}

TEST(Solids, ABoxHasItsFullSizesCentredOnTheOrigin) {
  const Solid box = box_solid(2, 4, 10);
  ASSERT_EQ(box.positions.size(), 8u);
  EXPECT_EQ(box.indices.size(), 36u);
  EXPECT_TRUE(indices_in_range(box));
  EXPECT_TRUE(closed(box));
  EXPECT_DOUBLE_EQ(signed_volume(box), 2.0 * 4 * 10);
  for (std::size_t c = 0; c < 8; ++c) {
    EXPECT_EQ(box.positions[c], (Vec3{c & 1 ? 1.0f : -1.0f, c & 2 ? 2.0f : -2.0f, c & 4 ? 5.0f : -5.0f})) << "corner " << c;
  }
}

TEST(Solids, ACylinderStandsAlongZCentredWithSixteenSegments) {
  const Solid cylinder = cylinder_solid(2.5, 7);
  ASSERT_EQ(cylinder.positions.size(), 2u * solid_segments + 2);
  EXPECT_EQ(cylinder.indices.size(), 3u * 4 * solid_segments);
  EXPECT_TRUE(indices_in_range(cylinder));
  EXPECT_TRUE(closed(cylinder));
  // A 16-sided prism inscribed in the cylinder: 16 triangles of r^2 sin(2 pi / 16) / 2, h high.
  EXPECT_NEAR(signed_volume(cylinder), 8 * 2.5 * 2.5 * 0.38268343236508978 * 7, 1e-4);
  for (std::size_t v = 0; v < 2 * solid_segments; ++v) {
    const Vec3& p = cylinder.positions[v];
    EXPECT_NEAR(std::hypot(double(p.x), double(p.y)), 2.5, 1e-6) << v;
    EXPECT_EQ(p.z, v < solid_segments ? -3.5f : 3.5f) << v;
  }
  EXPECT_EQ(cylinder.positions[2 * solid_segments], (Vec3{0, 0, -3.5f}));
  EXPECT_EQ(cylinder.positions[2 * solid_segments + 1], (Vec3{0, 0, 3.5f}));
  // Bits: 2.5 (cos, sin) of pi/8 on the bottom ring, of 5 pi/8 on the top one.
  EXPECT_EQ(cylinder.positions[1], (Vec3{0x1.27a436p+1f, 0x1.e9d5b6p-1f, -3.5f}));
  EXPECT_EQ(cylinder.positions[solid_segments + 5], (Vec3{-0x1.e9d5b6p-1f, 0x1.27a436p+1f, 3.5f}));
}

TEST(Solids, ASphereHasTwoPolesAndSevenRingsOnItsRadius) {
  const Solid sphere = sphere_solid(3);
  ASSERT_EQ(sphere.positions.size(), 2u + 7 * solid_segments);
  EXPECT_EQ(sphere.indices.size(), 3u * (2 * solid_segments + 2 * 6 * solid_segments));
  EXPECT_TRUE(indices_in_range(sphere));
  EXPECT_TRUE(closed(sphere));
  const double ball = 4.0 / 3 * 3.141592653589793 * 27;
  EXPECT_GT(signed_volume(sphere), 0.9 * ball);
  EXPECT_LT(signed_volume(sphere), ball);
  for (const Vec3& p : sphere.positions) EXPECT_NEAR(std::sqrt(double(p.x) * p.x + double(p.y) * p.y + double(p.z) * p.z), 3, 1e-6);
  EXPECT_EQ(sphere.positions.front(), (Vec3{0, 0, 3}));
  EXPECT_EQ(sphere.positions.back(), (Vec3{0, 0, -3}));
  // Bits: ring 2 (pi/4 from the top) at 3 pi/8 around, ring 7 (7 pi/8) at 11 pi/8.
  EXPECT_EQ(sphere.positions[1 + solid_segments + 3], (Vec3{0x1.9fa37cp-1f, 0x1.f5b85ep+0f, 0x1.0f876cp+1f}));
  EXPECT_EQ(sphere.positions[1 + 6 * solid_segments + 11], (Vec3{-0x1.c1e24cp-2f, -0x1.0f876cp+0f, -0x1.62c50ep+1f}));
}

}  // namespace
}  // namespace anmkit::model
