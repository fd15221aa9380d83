#pragma once
// A GLB read back by the tests themselves (no glTF library): its JSON, its BIN chunk, buffer
// views and float accessors, nodes by name and parent, and a point taken from a node's frame to
// the scene. What the tests compare the export with, read another way.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/model/math.hpp"
#include "support/fixture_bytes.hpp"

namespace anmkit::test {

struct GlbReader {
  nlohmann::json j;
  std::vector<std::uint8_t> bin;

  explicit GlbReader(const std::vector<std::uint8_t>& bytes) {
    const auto u32 = [&](std::size_t at) {
      std::uint32_t v;
      std::memcpy(&v, bytes.data() + at, 4);
      return v;
    };
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
    const std::uint32_t json_length = u32(12);
    j = nlohmann::json::parse(bytes.data() + 20, bytes.data() + 20 + json_length);
    const std::size_t bin_at = 20 + json_length;
    if (bin_at + 8 <= bytes.size()) bin.assign(bytes.data() + bin_at + 8, bytes.data() + bin_at + 8 + u32(bin_at));
  }
  static GlbReader of_file(const std::string& path) { return GlbReader(read_bytes(path)); }

  std::span<const std::uint8_t> view(std::size_t index) const {
    const nlohmann::json& v = j["bufferViews"][index];
    return std::span(bin).subspan(v.value("byteOffset", std::size_t{0}), v["byteLength"].get<std::size_t>());
  }
  std::vector<float> floats(std::size_t accessor) const {
    const nlohmann::json& a = j["accessors"][accessor];
    EXPECT_EQ(a["componentType"], 5126);
    const std::size_t width = a["type"] == "SCALAR" ? 1 : a["type"] == "VEC2" ? 2 : a["type"] == "VEC3" ? 3 : a["type"] == "VEC4" ? 4 : 16;
    std::vector<float> out(a["count"].get<std::size_t>() * width);
    const auto bytes = view(a["bufferView"]);
    std::memcpy(out.data(), bytes.data() + a.value("byteOffset", std::size_t{0}), out.size() * 4);
    return out;
  }
  static constexpr std::size_t none = SIZE_MAX;
  std::size_t node(std::string_view name) const {
    for (std::size_t i = 0; i < j["nodes"].size(); ++i) {
      if (j["nodes"][i].value("name", "") == name) return i;
    }
    return none;
  }
  std::size_t parent(std::size_t node) const {
    for (std::size_t i = 0; i < j["nodes"].size(); ++i) {
      for (const auto& c : j["nodes"][i].value("children", nlohmann::json::array())) {
        if (c == node) return i;
      }
    }
    return none;
  }
  // A point in a node's frame taken to the scene, through every node's translation, rotation
  // and scale above it (in double).
  std::array<double, 3> to_scene(std::size_t node, std::array<double, 3> p) const {
    for (std::size_t n = node; n != none; n = parent(n)) {
      const nlohmann::json& trs = j["nodes"][n];
      const auto s = trs.value("scale", std::vector<double>{1, 1, 1});
      const auto r = trs.value("rotation", std::vector<double>{0, 0, 0, 1});
      const auto t = trs.value("translation", std::vector<double>{0, 0, 0});
      for (std::size_t a = 0; a < 3; ++a) p[a] *= s[a];
      const model::Mat3 m = model::matrix_from_quat({float(r[0]), float(r[1]), float(r[2]), float(r[3])});
      std::array<double, 3> q{};
      for (std::size_t a = 0; a < 3; ++a) q[a] = m[a][0] * p[0] + m[a][1] * p[1] + m[a][2] * p[2] + t[a];
      p = q;
    }
    return p;
  }
};

}  // namespace anmkit::test
