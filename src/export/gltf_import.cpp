#include "anmkit/export/gltf_import.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <numbers>

#include <fmt/format.h>

#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#include <tiny_gltf.h>

#include "anmkit/core/json_input.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"

namespace anmkit::gltf {
namespace {

Error import_error(std::string message) { return make_error(ErrorCode::bad_value, std::move(message)); }

// One channel's keys, read from its accessors.
struct Curve {
  std::string interpolation;
  std::vector<float> times;
  std::vector<float> values;
  std::size_t width = 3;
  // `slack`: how far past t a key time may be and still count as reached. Times are floats, so
  // frame f at some rate is stored as float(f / rate), which can lie just above f / rate.
  std::vector<float> at(double t, double slack) const {
    std::size_t k = 0;
    while (k + 1 < times.size() && times[k + 1] <= t + slack) ++k;
    const std::size_t stride = interpolation == "CUBICSPLINE" ? 3 * width : width;
    const std::size_t base = interpolation == "CUBICSPLINE" ? width : 0;  // skip the in-tangent
    std::vector<float> out(width);
    for (std::size_t i = 0; i < width; ++i) out[i] = values[k * stride + base + i];
    if (interpolation != "STEP" && k + 1 < times.size() && t > times[k] + slack) {
      const double u = (t - times[k]) / (times[k + 1] - times[k]);
      for (std::size_t i = 0; i < width; ++i) {
        out[i] = float(out[i] + u * (values[(k + 1) * stride + base + i] - out[i]));
      }
      if (width == 4) {
        const auto q = model::normalized(model::Quat{out[0], out[1], out[2], out[3]});
        out = {q.x, q.y, q.z, q.w};
      }
    }
    return out;
  }
};

Expected<std::vector<float>> read_floats(const tinygltf::Model& m, int index, std::size_t width) {
  if (index < 0 || std::size_t(index) >= m.accessors.size()) return import_error(fmt::format("accessor {} does not exist", index));
  const auto& a = m.accessors[std::size_t(index)];
  if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT || a.bufferView < 0 || std::size_t(a.bufferView) >= m.bufferViews.size()) {
    return import_error(fmt::format("accessor {} is not float data in a buffer view", index));
  }
  const auto& view = m.bufferViews[std::size_t(a.bufferView)];
  if (view.buffer < 0 || std::size_t(view.buffer) >= m.buffers.size()) return import_error(fmt::format("accessor {}'s buffer is missing", index));
  const auto& data = m.buffers[std::size_t(view.buffer)].data;
  const std::size_t stride = view.byteStride ? view.byteStride : width * 4;
  const std::size_t start = view.byteOffset + a.byteOffset;
  if (a.count > 0 && (start + (a.count - 1) * stride + width * 4 > data.size() || start + (a.count - 1) * stride + width * 4 > view.byteOffset + view.byteLength)) {
    return import_error(fmt::format("accessor {} runs past its buffer view", index));
  }
  std::vector<float> out(a.count * width);
  for (std::size_t i = 0; i < a.count; ++i) std::memcpy(&out[i * width], data.data() + start + i * stride, width * 4);
  return out;
}

nlohmann::ordered_json from_value(const tinygltf::Value& v) {
  if (v.IsObject()) {
    nlohmann::ordered_json o = nlohmann::ordered_json::object();
    for (const auto& key : v.Keys()) o[key] = from_value(v.Get(key));
    return o;
  }
  if (v.IsArray()) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < v.ArrayLen(); ++i) a.push_back(from_value(v.Get(int(i))));
    return a;
  }
  if (v.IsString()) return v.Get<std::string>();
  if (v.IsBool()) return v.Get<bool>();
  if (v.IsInt()) return v.Get<int>();
  if (v.IsNumber()) return v.GetNumberAsDouble();
  return nullptr;
}

// The parsed file: the chosen animation's channels by node, and what anmkit recorded.
struct Source {
  tinygltf::Model model;
  const tinygltf::Animation* animation = nullptr;
  std::vector<int> nodes;  // the animated nodes in bone order
  std::vector<std::array<const Curve*, 3>> curves;  // translation, rotation, scale by node position
  std::vector<Curve> storage;
  nlohmann::ordered_json extras;
  double fps = 30;
  std::uint32_t frame_count = 0;
  // A thousandth of a frame, or the float rounding of the frame's time if that is larger.
  double slack(std::uint32_t frame) const { return std::max(1e-3 / fps, 4e-7 * (frame / fps)); }
};

Expected<Source> load(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  Source s;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  const bool ok = binary ? loader.LoadBinaryFromMemory(&s.model, &error, &warning, bytes.data(), unsigned(bytes.size()))
                         : loader.LoadASCIIFromString(&s.model, &error, &warning, reinterpret_cast<const char*>(bytes.data()),
                                                      unsigned(bytes.size()), "");
  if (!ok) return import_error("not a readable glTF file: " + error);
  if (s.model.animations.empty()) return import_error("the glTF file has no animation");
  // --animation: a name, or an index.
  std::size_t chosen = 0;
  if (!options.animation.empty()) {
    chosen = s.model.animations.size();
    for (std::size_t i = 0; i < s.model.animations.size(); ++i) {
      if (s.model.animations[i].name == options.animation) chosen = i;
    }
    if (chosen == s.model.animations.size() && std::all_of(options.animation.begin(), options.animation.end(), ::isdigit)) {
      chosen = std::stoul(options.animation);
    }
    if (chosen >= s.model.animations.size()) return import_error(fmt::format("no animation '{}' in the file", options.animation));
  }
  s.animation = &s.model.animations[chosen];
  const auto extras = from_value(s.animation->extras);
  s.extras = extras.is_object() && extras.contains("anmkit") && extras["anmkit"].is_object() ? extras["anmkit"]
                                                                                               : nlohmann::ordered_json::object();
  s.fps = s.extras.value("fps", options.fps);
  // Bone order: the recorded bone map, else the nodes in order (the root left out).
  std::vector<int> order;
  if (s.extras.contains("bone_map")) {
    for (const auto& name : s.extras["bone_map"]) {
      int found = -1;
      for (std::size_t n = 0; n < s.model.nodes.size(); ++n) {
        if (s.model.nodes[n].name == name.get<std::string>()) found = int(n);
      }
      if (found < 0) return import_error(fmt::format("bone '{}' of the recorded bone map has no node", name.get<std::string>()));
      order.push_back(found);
    }
  } else {
    for (std::size_t n = 0; n < s.model.nodes.size(); ++n) {
      if (s.model.nodes[n].name != "anmkit_root") order.push_back(int(n));
    }
  }
  s.nodes = order;
  s.curves.assign(order.size(), {nullptr, nullptr, nullptr});
  s.storage.reserve(s.animation->channels.size());
  double end = 0;
  for (const auto& c : s.animation->channels) {
    const auto it = std::find(order.begin(), order.end(), c.target_node);
    if (it == order.end() || c.sampler < 0 || std::size_t(c.sampler) >= s.animation->samplers.size()) continue;
    const std::size_t path = c.target_path == "translation" ? 0 : c.target_path == "rotation" ? 1 : c.target_path == "scale" ? 2 : 3;
    if (path == 3) continue;  // morph weights: nothing to map
    const auto& sampler = s.animation->samplers[std::size_t(c.sampler)];
    Curve curve;
    curve.interpolation = sampler.interpolation.empty() ? "LINEAR" : sampler.interpolation;
    curve.width = path == 1 ? 4 : 3;
    auto times = read_floats(s.model, sampler.input, 1);
    if (!times) return times.error();
    auto values = read_floats(s.model, sampler.output, curve.width);
    if (!values) return values.error();
    const std::size_t per_key = curve.interpolation == "CUBICSPLINE" ? 3 : 1;
    if (times->empty() || values->size() != times->size() * curve.width * per_key) {
      return import_error(fmt::format("a {} channel's times and values disagree", c.target_path));
    }
    curve.times = std::move(*times);
    curve.values = std::move(*values);
    end = std::max<double>(end, curve.times.back());
    s.storage.push_back(std::move(curve));
    s.curves[std::size_t(it - order.begin())][path] = &s.storage.back();
  }
  s.frame_count = s.extras.contains("frame_count") ? s.extras["frame_count"].get<std::uint32_t>()
                                                   : std::uint32_t(std::llround(end * s.fps)) + 1;
  if (s.frame_count > (1u << 20)) return import_error(fmt::format("{} frames: more than an import samples", s.frame_count));
  return s;
}

std::vector<float> rest_value(const tinygltf::Node& n, std::size_t path) {
  if (path == 0) return n.translation.size() == 3 ? std::vector<float>(n.translation.begin(), n.translation.end()) : std::vector<float>{0, 0, 0};
  if (path == 1) return n.rotation.size() == 4 ? std::vector<float>(n.rotation.begin(), n.rotation.end()) : std::vector<float>{0, 0, 0, 1};
  return n.scale.size() == 3 ? std::vector<float>(n.scale.begin(), n.scale.end()) : std::vector<float>{1, 1, 1};
}

bool moved(const std::vector<float>& a, const std::vector<float>& b, float tolerance) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::fabs(a[i] - b[i]) > tolerance) return true;
  }
  return false;
}


}  // namespace

bool looks_like_gltf(std::span<const std::uint8_t> bytes) {
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0) return true;
  // JSON objects are unordered: "asset" may follow long accessor and animation arrays.
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{' && text.find("\"asset\"") != std::string_view::npos;
}

namespace {

// extras.anmkit comes from the file: wrong types there are errors, not exceptions.
template <class Body>
auto guarded(Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const nlohmann::ordered_json::exception& e) {
    return import_error(std::string("extras.anmkit is malformed: ") + e.what());
  } catch (ErrorException& e) {
    return std::move(e.error);
  }
}

Expected<model::Clip> import_clip_unguarded(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  auto source = load(bytes, options);
  if (!source) return source.error();
  Source& s = *source;
  model::Clip clip;
  clip.frame_count = s.frame_count;
  for (const auto& c : s.extras.value("comments", nlohmann::ordered_json::array())) {
    clip.comments.push_back(json_input::from_hex(c, "/extras/anmkit/comments"));
  }
  const auto& visibility = s.extras.value("visibility", nlohmann::ordered_json::object());
  const auto& mirrored = s.extras.value("mirrored", nlohmann::ordered_json::object());
  const auto& mesh = s.extras.value("mesh", nlohmann::ordered_json::object());
  for (std::size_t b = 0; b < s.nodes.size(); ++b) {
    const tinygltf::Node& node = s.model.nodes[std::size_t(s.nodes[b])];
    model::BoneTrack t;
    t.name = node.name;
    const bool recorded = visibility.contains(t.name) || mirrored.contains(t.name);
    std::array<std::vector<float>, 3> last;
    bool last_hidden = false;
    // A scale channel that never leaves unit size only carries the mirror and hiding: no scale keys.
    bool scale_animated = false;
    if (const Curve* c = s.curves[b][2]) {
      for (std::uint32_t f = 0; f < s.frame_count && !scale_animated; ++f) {
        const auto v = c->at(f / s.fps, s.slack(f));
        const bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
        scale_animated = !hidden && (v[0] != 1 || v[1] != 1 || std::fabs(v[2]) != 1);
      }
    }
    for (std::uint32_t f = 0; f < s.frame_count; ++f) {
      const double time = f / s.fps;
      for (std::size_t path = 0; path < 3; ++path) {
        const Curve* curve = s.curves[b][path];
        if (!curve) continue;  // the node does not animate it: the bone keeps its rest value
        std::vector<float> v = curve->at(time, s.slack(f));
        if (path == 2) {
          // Scale carries the mirror (z < 0) and hiding (0): split them off.
          const bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
          if (!recorded && (f == 0 || hidden != last_hidden)) t.visible.push_back({f, !hidden});
          last_hidden = hidden;
          if (hidden) continue;  // keep the scale it had
          const bool mirror = v[2] < 0;
          if (!recorded && (t.mirrored.empty() || t.mirrored.back().value != mirror)) t.mirrored.push_back({f, mirror});
          v[2] = std::fabs(v[2]);
        }
        if (!last[path].empty() && !moved(v, last[path], options.tolerance)) continue;
        last[path] = v;
        if (path == 0) t.translation.push_back({f, {v[0], v[1], v[2]}});
        if (path == 1) t.rotation.push_back({f, model::with_positive_w(model::Quat{v[0], v[1], v[2], v[3]})});
        if (path == 2 && scale_animated) t.scale.push_back({f, {v[0], v[1], v[2]}});
      }
    }
    auto restore = [&t](const nlohmann::ordered_json& keys, std::vector<model::Key<bool>>& out) {
      for (const auto& k : keys) out.push_back({k[0].get<std::uint32_t>(), k[1].get<bool>()});
    };
    if (visibility.contains(t.name)) restore(visibility[t.name], t.visible);
    if (mirrored.contains(t.name)) restore(mirrored[t.name], t.mirrored);
    if (mesh.contains(t.name)) {
      for (const auto& k : mesh[t.name]) t.mesh.push_back({k[0].get<std::uint32_t>(), json_input::from_hex(k[1], "/extras/anmkit/mesh")});
    }
    clip.bones.push_back(std::move(t));
  }
  return clip;
}

Expected<lm::File> import_lm_unguarded(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  auto source = load(bytes, options);
  if (!source) return source.error();
  Source& s = *source;
  lm::File f;
  const auto& version = s.extras.value("version", nlohmann::ordered_json(2));
  f.version = version.is_number_unsigned() && version.get<std::uint64_t>() <= 255 ? std::uint8_t(version.get<std::uint64_t>()) : 2;
  f.loop = s.extras.value("loop", false) ? 1 : 0;
  // LM's last key sits at the frame count itself: sample 0..frame_count - 1 recorded, or the end.
  const std::uint32_t last = s.extras.contains("frame_count") ? s.frame_count : s.frame_count - 1;
  f.frame_count = last;
  f.groups.resize(s.nodes.size());
  for (std::size_t n = 0; n < s.nodes.size(); ++n) {
    const tinygltf::Node& node = s.model.nodes[std::size_t(s.nodes[n])];
    std::array<std::vector<double>, 9> samples;
    double unwrap[3] = {0, 0, 0};
    for (std::uint32_t fr = 0; fr <= last; ++fr) {
      const double t = fr / s.fps;
      const auto tv = s.curves[n][0] ? s.curves[n][0]->at(t, s.slack(fr)) : rest_value(node, 0);
      const auto rv = s.curves[n][1] ? s.curves[n][1]->at(t, s.slack(fr)) : rest_value(node, 1);
      const auto sv = s.curves[n][2] ? s.curves[n][2]->at(t, s.slack(fr)) : rest_value(node, 2);
      // Rz * Ry * Rx from the quaternion: atan2 throughout (asin loses precision near 90
      // degrees); at gimbal lock only rx - rz or rx + rz is defined: rz = 0 takes it all.
      const auto m = model::matrix_from_quat(model::normalized(model::Quat{rv[0], rv[1], rv[2], rv[3]}));
      const double cos_y = std::hypot(double(m[0][0]), double(m[1][0]));
      const double ry = std::atan2(-double(m[2][0]), cos_y);
      double rx = 0, rz = 0;
      if (cos_y > 1e-6) {
        rx = std::atan2(m[2][1], m[2][2]);
        rz = std::atan2(m[1][0], m[0][0]);
      } else {
        rx = m[2][0] < 0 ? std::atan2(m[0][1], m[1][1]) : std::atan2(-m[0][1], m[1][1]);
      }
      const double to_unit = lm::to_radians(1.0, options.unit);
      const double euler[3] = {rx / to_unit, ry / to_unit, rz / to_unit};
      const double turn = 2 * std::numbers::pi / to_unit;
      for (std::size_t axis = 0; axis < 3; ++axis) {
        double v = euler[axis];
        if (fr > 0) v += turn * std::round((unwrap[axis] - v) / turn);  // nearest to the previous frame
        unwrap[axis] = v;
        samples[3 + axis].push_back(v);
        samples[axis].push_back(sv[axis]);
        samples[6 + axis].push_back(tv[axis]);
      }
    }
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const auto& v = samples[slot];
      const bool constant = std::all_of(v.begin(), v.end(), [&](double x) { return float(x) == float(v[0]); });
      auto& array = f.arrays[std::size_t(lm::track_kind(slot))];
      lm::Track& track = f.groups[n].tracks[slot];
      if (constant && float(v[0]) == lm::default_value(slot)) continue;
      if (array.size() > 0xffff) return import_error("an LM key array would pass 65536 floats");
      track.index = std::uint16_t(array.size());
      if (constant) {
        track.count = 1;
        array.push_back(bits_from_float(float(v[0])));
        continue;
      }
      if (v.size() > 0xffff) return import_error("more than 65535 keys in one track");
      track.count = std::uint16_t(v.size());
      for (std::size_t k = 0; k < v.size(); ++k) {
        // The slope through the neighbours (per frame): the Hermite curve passes every sample.
        const double slope = v.size() == 1 ? 0 : k == 0 ? v[1] - v[0] : k + 1 == v.size() ? v[k] - v[k - 1] : (v[k + 1] - v[k - 1]) / 2;
        for (double x : {double(k), v[k], slope}) array.push_back(bits_from_float(float(x)));
      }
    }
  }
  return lm::repack(f);
}

}  // namespace

Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  return guarded([&] { return import_clip_unguarded(bytes, options); });
}

Expected<lm::File> import_lm(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  return guarded([&] { return import_lm_unguarded(bytes, options); });
}

}  // namespace anmkit::gltf
