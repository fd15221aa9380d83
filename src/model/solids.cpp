#include "anmkit/model/solids.hpp"

#include <array>

#include "portable_math.hpp"

namespace anmkit::model {
namespace {

constexpr double pi = 3.141592653589793;

Vec3 point(double x, double y, double z) { return {float(x), float(y), float(z)}; }

void triangle(Solid& s, std::uint32_t a, std::uint32_t b, std::uint32_t c) { s.indices.insert(s.indices.end(), {a, b, c}); }

// The band between two rings of solid_segments vertices each, `upper` above `lower` along z,
// facing away from the axis.
void band(Solid& s, std::uint32_t upper, std::uint32_t lower) {
  constexpr auto n = std::uint32_t(solid_segments);
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t next = (k + 1) % n;
    triangle(s, upper + k, lower + k, lower + next);
    triangle(s, upper + k, lower + next, upper + next);
  }
}

// A fan from `centre` to a ring, facing +z (`up`) or -z.
void cap(Solid& s, std::uint32_t centre, std::uint32_t ring, bool up) {
  constexpr auto n = std::uint32_t(solid_segments);
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t next = (k + 1) % n;
    if (up) {
      triangle(s, centre, ring + k, ring + next);
    } else {
      triangle(s, centre, ring + next, ring + k);
    }
  }
}

// A ring of solid_segments vertices of radius `radius` at height `z`, counter-clockwise seen from +z.
void ring(Solid& s, double radius, double z) {
  for (int k = 0; k < solid_segments; ++k) {
    const double angle = k * (2 * pi / solid_segments);
    s.positions.push_back(point(radius * portable::cos(angle), radius * portable::sin(angle), z));
  }
}

}  // namespace

Solid box_solid(double size_x, double size_y, double size_z) {
  Solid s;
  // Corner c has bit 0 for +x, bit 1 for +y, bit 2 for +z.
  for (int c = 0; c < 8; ++c) {
    s.positions.push_back(point((c & 1 ? 0.5 : -0.5) * size_x, (c & 2 ? 0.5 : -0.5) * size_y, (c & 4 ? 0.5 : -0.5) * size_z));
  }
  // Each face's corners counter-clockwise seen from outside: -x, +x, -y, +y, -z, +z.
  static constexpr std::array<std::array<std::uint32_t, 4>, 6> faces{
      {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}};
  for (const auto& f : faces) {
    triangle(s, f[0], f[1], f[2]);
    triangle(s, f[0], f[2], f[3]);
  }
  return s;
}

Solid sphere_solid(double radius) {
  Solid s;
  constexpr int bands = solid_segments / 2;
  s.positions.push_back(point(0, 0, radius));  // the pole at +z
  for (int j = 1; j < bands; ++j) {
    const double polar = j * (pi / bands);
    ring(s, radius * portable::sin(polar), radius * portable::cos(polar));
  }
  const auto bottom = std::uint32_t(s.positions.size());
  s.positions.push_back(point(0, 0, -radius));
  cap(s, 0, 1, true);
  for (int j = 1; j + 1 < bands; ++j) band(s, std::uint32_t(1 + (j - 1) * solid_segments), std::uint32_t(1 + j * solid_segments));
  cap(s, bottom, std::uint32_t(1 + (bands - 2) * solid_segments), false);
  return s;
}

Solid cylinder_solid(double radius, double height) {
  Solid s;
  constexpr auto n = std::uint32_t(solid_segments);
  ring(s, radius, -0.5 * height);
  ring(s, radius, 0.5 * height);
  s.positions.push_back(point(0, 0, -0.5 * height));
  s.positions.push_back(point(0, 0, 0.5 * height));
  band(s, n, 0);
  cap(s, 2 * n, 0, false);
  cap(s, 2 * n + 1, n, true);
  return s;
}

}  // namespace anmkit::model
