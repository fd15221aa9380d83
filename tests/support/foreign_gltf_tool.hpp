#pragma once
// A stand-in for a DCC tool's glTF import then export (Blender's, say), for the --base tests:
// it re-emits a .glb with the nodes in another order, the animation's extras dropped, every
// node given translation, rotation and scale channels resampled LINEAR at one key per frame,
// scale noise of the 0.9999999 kind, every float 1-2 ulp off, and a mirror (a negative z scale)
// rewritten as a half turn about Y with the scale's x and z negated (the same matrix).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace anmkit::test {

struct ForeignToolOptions {
  double fps = 30;
  bool reorder = true;
  bool noise = true;           // 1-2 ulp on every float, scale noise
  bool rewrite_mirror = true;  // negative z scale -> half turn about Y, scale (-x, y, -z)
  // Called on each node's sampled pose (name, frame, translation[3], rotation[4] xyzw, scale[3])
  // before noise: a test's edit.
  std::function<void(const std::string&, int, float*, float*, float*)> edit;
};

namespace foreign_detail {

inline float ulps(float v, int n) {
  for (int i = 0; i < n; ++i) v = std::nextafter(v, n % 2 ? INFINITY : -INFINITY);
  return v;
}

struct Glb {
  nlohmann::json json;
  std::vector<std::uint8_t> bin;
};

inline Glb parse(const std::vector<std::uint8_t>& bytes) {
  Glb g;
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  std::size_t at = 12;
  while (at + 8 <= bytes.size()) {
    const std::uint32_t length = u32(at), type = u32(at + 4);
    if (type == 0x4E4F534Au) g.json = nlohmann::json::parse(bytes.begin() + long(at + 8), bytes.begin() + long(at + 8 + length));
    if (type == 0x004E4942u) g.bin.assign(bytes.begin() + long(at + 8), bytes.begin() + long(at + 8 + length));
    at += 8 + length;
  }
  return g;
}

inline std::vector<float> floats(const Glb& g, std::size_t accessor) {
  const auto& a = g.json["accessors"][accessor];
  const auto& view = g.json["bufferViews"][a["bufferView"].get<std::size_t>()];
  const std::size_t width = a["type"] == "SCALAR" ? 1 : a["type"] == "VEC3" ? 3 : 4;
  const std::size_t offset = view.value("byteOffset", 0u) + a.value("byteOffset", 0u);
  std::vector<float> out(a["count"].get<std::size_t>() * width);
  std::memcpy(out.data(), g.bin.data() + offset, out.size() * 4);
  return out;
}

// A channel's value at time t (STEP, LINEAR, CUBICSPLINE as glTF defines them).
inline std::vector<float> sample(const std::string& interpolation, const std::vector<float>& times, const std::vector<float>& values,
                                 std::size_t width, double t) {
  const bool cubic = interpolation == "CUBICSPLINE";
  const std::size_t per = cubic ? 3 : 1, base = cubic ? 1 : 0;
  std::size_t k = 0;
  while (k + 1 < times.size() && times[k + 1] <= t + 1e-6) ++k;
  std::vector<float> out(values.begin() + long((k * per + base) * width), values.begin() + long((k * per + base + 1) * width));
  if (interpolation == "STEP" || k + 1 >= times.size() || t <= times[k]) return out;
  const double gap = times[k + 1] - times[k], u = (t - times[k]) / gap;
  for (std::size_t i = 0; i < width; ++i) {
    const double a = values[(k * per + base) * width + i], b = values[((k + 1) * per + base) * width + i];
    if (cubic) {
      const double m0 = values[(k * 3 + 2) * width + i] * gap, m1 = values[((k + 1) * 3) * width + i] * gap;
      const double u2 = u * u, u3 = u2 * u;
      out[i] = float((2 * u3 - 3 * u2 + 1) * a + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * b + (u3 - u2) * m1);
    } else {
      out[i] = float(a + u * (b - a));
    }
  }
  return out;
}

}  // namespace foreign_detail

inline std::vector<std::uint8_t> through_foreign_tool(const std::vector<std::uint8_t>& glb, const ForeignToolOptions& options = {}) {
  using namespace foreign_detail;
  const Glb in = parse(glb);
  nlohmann::json out = in.json;
  const auto& anim = in.json["animations"][0];
  const std::size_t node_count = in.json["nodes"].size();
  // The last frame: the latest key time.
  double end = 0;
  for (const auto& s : anim["samplers"]) {
    const auto t = floats(in, s["input"].get<std::size_t>());
    if (!t.empty()) end = std::max<double>(end, t.back());
  }
  const int last = int(std::lround(end * options.fps));
  // Every node but the root, sampled at every frame.
  std::vector<std::uint8_t> bin;
  nlohmann::json accessors = nlohmann::json::array(), views = nlohmann::json::array(), samplers = nlohmann::json::array(),
                 channels = nlohmann::json::array();
  const auto add_accessor = [&](const std::vector<float>& v, const char* type, std::size_t count, bool times) {
    views.push_back({{"buffer", 0}, {"byteOffset", bin.size()}, {"byteLength", v.size() * 4}});
    const auto* p = reinterpret_cast<const std::uint8_t*>(v.data());
    bin.insert(bin.end(), p, p + v.size() * 4);
    nlohmann::json a = {{"bufferView", views.size() - 1}, {"componentType", 5126}, {"count", count}, {"type", type}};
    if (times) a["min"] = {v.front()}, a["max"] = {v.back()};
    accessors.push_back(a);
    return accessors.size() - 1;
  };
  std::vector<float> times;
  for (int f = 0; f <= last; ++f) times.push_back(float(f / options.fps));
  const std::size_t time_accessor = add_accessor(times, "SCALAR", times.size(), true);
  for (std::size_t n = 0; n < node_count; ++n) {
    const auto& node = in.json["nodes"][n];
    const std::string name = node.value("name", "");
    if (name == "anmkit_root") continue;
    std::vector<float> rest_t = node.value("translation", std::vector<float>{0, 0, 0});
    std::vector<float> rest_r = node.value("rotation", std::vector<float>{0, 0, 0, 1});
    std::vector<float> rest_s = node.value("scale", std::vector<float>{1, 1, 1});
    std::vector<float> t_out, r_out, s_out;
    for (int f = 0; f <= last; ++f) {
      std::vector<float> v[3] = {rest_t, rest_r, rest_s};
      for (const auto& c : anim["channels"]) {
        if (c["target"].value("node", SIZE_MAX) != n) continue;
        const std::string path = c["target"]["path"];
        const std::size_t i = path == "translation" ? 0 : path == "rotation" ? 1 : 2;
        const auto& s = anim["samplers"][c["sampler"].get<std::size_t>()];
        v[i] = sample(s.value("interpolation", "LINEAR"), floats(in, s["input"]), floats(in, s["output"]), i == 1 ? 4 : 3, f / options.fps);
      }
      if (options.edit) options.edit(name, f, v[0].data(), v[1].data(), v[2].data());
      if (options.rewrite_mirror && v[2][2] < 0) {
        // R(q) diag(s) = R(q * half turn about Y) diag(-sx, sy, -sz): q * (0, 1, 0, 0).
        const float x = v[1][0], y = v[1][1], z = v[1][2], w = v[1][3];
        v[1] = {-z, w, x, -y};
        v[2] = {-v[2][0], v[2][1], -v[2][2]};
      }
      if (options.noise) {
        int k = 0;
        for (auto& vec : v) {
          for (float& x : vec) {
            if (&vec != &v[2] || x != 0) x = ulps(x, 1 + (f + k) % 2);  // hiding (scale 0) stays exact
            ++k;
          }
        }
        if (v[2][0] != 0) v[2][0] = v[2][0] * 0.99999994f;
      }
      t_out.insert(t_out.end(), v[0].begin(), v[0].end());
      r_out.insert(r_out.end(), v[1].begin(), v[1].end());
      s_out.insert(s_out.end(), v[2].begin(), v[2].end());
    }
    const std::size_t count = times.size();
    for (const auto& [path, values, type] : {std::tuple{"translation", &t_out, "VEC3"}, std::tuple{"rotation", &r_out, "VEC4"},
                                             std::tuple{"scale", &s_out, "VEC3"}}) {
      samplers.push_back({{"input", time_accessor}, {"output", add_accessor(*values, type, count, false)}, {"interpolation", "LINEAR"}});
      channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", n}, {"path", path}}}});
    }
  }
  out["animations"] = nlohmann::json::array({{{"name", anim.value("name", "clip")}, {"samplers", samplers}, {"channels", channels}}});
  out.erase("skins");
  for (auto& node : out["nodes"]) node.erase("skin"), node.erase("mesh");
  out.erase("meshes");
  out["accessors"] = accessors;
  out["bufferViews"] = views;
  out["buffers"] = nlohmann::json::array({{{"byteLength", bin.size()}}});
  // Nodes in reverse order, every index remapped.
  if (options.reorder) {
    const auto moved = [&](std::size_t i) { return node_count - 1 - i; };
    nlohmann::json nodes = nlohmann::json::array();
    for (std::size_t i = node_count; i-- > 0;) nodes.push_back(out["nodes"][i]);
    for (auto& node : nodes) {
      if (node.contains("children")) {
        for (auto& c : node["children"]) c = moved(c.get<std::size_t>());
      }
    }
    out["nodes"] = nodes;
    for (auto& scene : out["scenes"]) {
      for (auto& n : scene["nodes"]) n = moved(n.get<std::size_t>());
    }
    for (auto& c : out["animations"][0]["channels"]) c["target"]["node"] = moved(c["target"]["node"].get<std::size_t>());
  }
  // GLB: header, JSON chunk (space-padded), BIN chunk (zero-padded).
  std::string text = out.dump();
  while (text.size() % 4) text += ' ';
  while (bin.size() % 4) bin.push_back(0);
  std::vector<std::uint8_t> result;
  const auto put = [&](std::uint32_t v) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
    result.insert(result.end(), p, p + 4);
  };
  put(0x46546C67u);
  put(2);
  put(std::uint32_t(12 + 8 + text.size() + 8 + bin.size()));
  put(std::uint32_t(text.size()));
  put(0x4E4F534Au);
  result.insert(result.end(), text.begin(), text.end());
  put(std::uint32_t(bin.size()));
  put(0x004E4942u);
  result.insert(result.end(), bin.begin(), bin.end());
  return result;
}

}  // namespace anmkit::test
