#include "anmkit/gltf/gltf_import.hpp"

#include <algorithm>
#include <charconv>
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
#include "anmkit/core/json_text.hpp"

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
  // Interpolates as glTF says: STEP holds, LINEAR lerps (rotations slerp), CUBICSPLINE is the
  // Hermite curve of the values and tangents (rotations normalised).
  std::vector<float> at(double t, double slack) const {
    std::size_t k = 0;
    while (k + 1 < times.size() && times[k + 1] <= t + slack) ++k;
    const bool cubic = interpolation == "CUBICSPLINE";
    const std::size_t stride = cubic ? 3 * width : width;
    const std::size_t base = cubic ? width : 0;  // skip the in-tangent
    const auto value = [&](std::size_t key, std::size_t i) { return double(values[key * stride + base + i]); };
    std::vector<float> out(width);
    for (std::size_t i = 0; i < width; ++i) out[i] = float(value(k, i));
    if (interpolation == "STEP" || k + 1 >= times.size() || !(t > times[k] + slack)) return out;
    const double gap = double(times[k + 1]) - times[k];
    const double u = std::clamp((t - times[k]) / gap, 0.0, 1.0);
    if (cubic) {
      for (std::size_t i = 0; i < width; ++i) {
        const double out_tangent = values[k * stride + 2 * width + i], in_tangent = values[(k + 1) * stride + i];
        out[i] = float(model::hermite(value(k, i), out_tangent, value(k + 1, i), in_tangent, gap, u));
      }
      if (width == 4) {
        const auto q = model::normalized(model::Quat{out[0], out[1], out[2], out[3]});
        out = {q.x, q.y, q.z, q.w};
      }
    } else if (width == 4) {
      const auto q = model::slerp(model::Quat{out[0], out[1], out[2], out[3]},
                                  model::Quat{float(value(k + 1, 0)), float(value(k + 1, 1)), float(value(k + 1, 2)), float(value(k + 1, 3))}, u);
      out = {q.x, q.y, q.z, q.w};
    } else {
      for (std::size_t i = 0; i < width; ++i) out[i] = float(value(k, i) + u * (value(k + 1, i) - value(k, i)));
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
  // The accessor's last element must end within both the view and the buffer. Offsets, counts
  // and strides are the file's: compared without sums or products that could wrap.
  const std::size_t view_end = view.byteLength > SIZE_MAX - view.byteOffset ? SIZE_MAX : view.byteOffset + view.byteLength;
  const std::size_t end = std::min(data.size(), view_end);
  if (a.count > 0 && (view.byteOffset > end || a.byteOffset > end - view.byteOffset ||
                      width * 4 > end - view.byteOffset - a.byteOffset ||
                      (a.count - 1) > (end - view.byteOffset - a.byteOffset - width * 4) / stride)) {
    return import_error(fmt::format("accessor {} runs past its buffer view", index));
  }
  const std::size_t start = view.byteOffset + a.byteOffset;
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

// The glTF JSON: the whole text, or a .glb's first chunk when it is JSON (else nullopt: tinygltf
// reports the broken container).
std::optional<std::span<const std::uint8_t>> json_chunk(std::span<const std::uint8_t> bytes, bool binary) {
  if (!binary) return bytes;
  if (bytes.size() < 20 || std::memcmp(bytes.data() + 16, "JSON", 4) != 0) return std::nullopt;
  const std::size_t length = std::size_t(bytes[12]) | std::size_t(bytes[13]) << 8 | std::size_t(bytes[14]) << 16 |
                             std::size_t(bytes[15]) << 24;
  if (length > bytes.size() - 20) return std::nullopt;
  return bytes.subspan(20, length);
}

// The parsed file: the chosen animation's channels by node, and what anmkit recorded.
struct Source {
  tinygltf::Model model;
  const tinygltf::Animation* animation = nullptr;
  std::vector<int> nodes;  // the animated nodes in bone order
  std::vector<std::array<const Curve*, 3>> curves;  // translation, rotation, scale by node position
  std::vector<Curve> storage;
  nlohmann::ordered_json extras;
  std::string pointer;  // extras.anmkit's JSON pointer, for errors
  double fps = model::default_fps;
  std::uint32_t frame_count = 0;  // as model::Clip counts them
  bool loop = false;
  std::uint32_t last = 0;  // the last whole frame sampled (a loop's wrap frame included)
  // A thousandth of a frame, or the float rounding of the frame's time if that is larger.
  double slack(std::uint32_t frame) const { return std::max(1e-3 / fps, 4e-7 * (frame / fps)); }
};

Expected<Source> load(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  if (!(options.tolerance >= 0)) return import_error(fmt::format("tolerance {} is not a number of 0 or more", options.tolerance));
  Source s;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  // The JSON's nesting and duplicate members are checked before tinygltf, whose reading of
  // extras recurses, sees it.
  if (auto text = json_chunk(bytes, binary)) (void)json_input::parse(*text, options.max_json_depth);
  const bool ok = binary ? loader.LoadBinaryFromMemory(&s.model, &error, &warning, bytes.data(), unsigned(bytes.size()))
                         : loader.LoadASCIIFromString(&s.model, &error, &warning, reinterpret_cast<const char*>(bytes.data()),
                                                      unsigned(bytes.size()), "");
  if (!ok) return import_error("not a readable glTF file: " + error);
  if (s.model.animations.empty()) return import_error("the glTF file has no animation");
  // The animation: a name, or an index.
  const std::size_t count = s.model.animations.size();
  std::size_t chosen = 0;
  if (!options.animation.empty()) {
    chosen = count;
    for (std::size_t i = 0; i < count; ++i) {
      if (s.model.animations[i].name == options.animation) chosen = i;
    }
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (chosen == count && std::all_of(options.animation.begin(), options.animation.end(), digit)) {
      std::uint64_t index = 0;
      const char* first = options.animation.data();
      const char* last = first + options.animation.size();
      const auto [ptr, ec] = std::from_chars(first, last, index);
      if (ec != std::errc() || ptr != last || index >= count) {
        return import_error(fmt::format("animation index {} is out of range (the file has {} animation{})", options.animation,
                                        count, count == 1 ? "" : "s"));
      }
      chosen = std::size_t(index);
    }
    if (chosen == count) return import_error(fmt::format("no animation '{}' in the file", options.animation));
  }
  s.animation = &s.model.animations[chosen];
  const auto extras = from_value(s.animation->extras);
  s.extras = extras.is_object() && extras.contains("anmkit") && extras["anmkit"].is_object() ? extras["anmkit"]
                                                                                               : nlohmann::ordered_json::object();
  s.pointer = fmt::format("/animations/{}/extras/anmkit", chosen);
  if (s.extras.contains("fps")) {
    const auto& fps = s.extras["fps"];
    if (!fps.is_number()) json_input::fail(json_input::child(s.pointer, "fps"), fmt::format("expected a number, found {}", fps.dump()));
    s.fps = fps.get<double>();
  } else {
    s.fps = options.fps;
  }
  // Bone order: the recorded bone map, else the nodes in order (the root left out).
  std::vector<int> order;
  if (s.extras.contains("bone_map")) {
    const std::string map_pointer = json_input::child(s.pointer, "bone_map");
    const auto& bone_map = json_input::array(s.extras["bone_map"], map_pointer);
    for (std::size_t i = 0; i < bone_map.size(); ++i) {
      const std::string& name = json_input::string(bone_map[i], json_input::child(map_pointer, i));
      int found = -1;
      for (std::size_t n = 0; n < s.model.nodes.size(); ++n) {
        if (s.model.nodes[n].name == name) found = int(n);
      }
      if (found < 0) return import_error(fmt::format("bone '{}' of the recorded bone map has no node", name));
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
  if (!(s.fps > 0) || !std::isfinite(s.fps)) return import_error(fmt::format("fps {} is not a positive number", s.fps));
  // LM records its own frame count: the time of its last key (see lm::to_clip).
  const bool lm = s.extras.contains("format") &&
                  json_input::string(s.extras["format"], json_input::child(s.pointer, "format")) == "lm";
  if (s.extras.contains("loop")) {
    const auto& loop = s.extras["loop"];
    if (!loop.is_boolean()) json_input::fail(json_input::child(s.pointer, "loop"), fmt::format("expected true or false, found {}", loop.dump()));
    s.loop = loop.get<bool>();
  }
  double frames = std::round(end * s.fps) + 1;  // the last key's frame, whole, and frame 0
  if (s.extras.contains("frame_count")) {
    const double recorded = double(json_input::unsigned_integer(s.extras["frame_count"], json_input::child(s.pointer, "frame_count"), UINT32_MAX));
    frames = lm && !s.loop ? recorded + 1 : recorded;
  }
  if (!(frames <= double(1u << 20))) return import_error(fmt::format("{:g} frames: more than an import samples (1048576)", frames));
  s.frame_count = std::uint32_t(frames);
  // Every animated node is sampled at every frame: a few bytes of glTF can ask for billions.
  const std::uint64_t samples = std::uint64_t(s.frame_count + 1) * std::max<std::size_t>(1, s.nodes.size());
  if (samples > (1u << 22)) {
    return import_error(fmt::format("{} nodes over {} frames are {} samples; an import stops at 4194304", s.nodes.size(),
                                    s.frame_count, samples));
  }
  s.last = model::last_frame(s.frame_count, s.loop);
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

model::Clip clip_from(const Source& s, const ImportOptions& options) {
  const bool gem = options.target == ImportTarget::gem;
  model::Clip clip;
  clip.frame_count = s.frame_count;
  clip.fps = s.fps;
  clip.loop = s.loop;
  if (!s.extras.empty()) clip.extras = s.extras.dump();
  if (s.extras.contains("comments")) {
    const std::string pointer = json_input::child(s.pointer, "comments");
    const auto& comments = json_input::array(s.extras["comments"], pointer);
    for (std::size_t i = 0; i < comments.size(); ++i) clip.comments.push_back(json_input::from_hex(comments[i], json_input::child(pointer, i)));
  }
  const auto recorded_by_bone = [&s](const char* name) {
    if (!s.extras.contains(name)) return nlohmann::ordered_json::object();
    const auto& v = s.extras[name];
    if (!v.is_object()) json_input::fail(json_input::child(s.pointer, name), fmt::format("expected an object, found {}", v.type_name()));
    return v;
  };
  const auto visibility = recorded_by_bone("visibility");
  const auto mirrored = recorded_by_bone("mirrored");
  const auto mesh = recorded_by_bone("mesh");
  for (std::size_t b = 0; b < s.nodes.size(); ++b) {
    const tinygltf::Node& node = s.model.nodes[std::size_t(s.nodes[b])];
    model::BoneTrack t;
    t.name = node.name;
    const bool recorded = visibility.contains(t.name) || mirrored.contains(t.name);
    std::array<std::vector<float>, 3> last;
    bool last_hidden = false;
    // GEM: a scale channel that never leaves unit size only carries the mirror and hiding: no
    // scale keys.
    bool scale_animated = !gem;
    if (const Curve* c = s.curves[b][2]; c && gem) {
      for (std::uint32_t f = 0; f <= s.last && !scale_animated; ++f) {
        const auto v = c->at(f / s.fps, s.slack(f));
        const bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
        scale_animated = !hidden && (v[0] != 1 || v[1] != 1 || std::fabs(v[2]) != 1);
      }
    }
    for (std::uint32_t f = 0; f <= s.last; ++f) {
      const double time = f / s.fps;
      for (std::size_t path = 0; path < 3; ++path) {
        const Curve* curve = s.curves[b][path];
        // GEM: a component the node does not animate keeps the bone's rest value (no keys). LM
        // replaces the rest pose: the node's own value holds.
        if (!curve && gem) continue;
        if (!curve && f > 0) continue;
        std::vector<float> v = curve ? curve->at(time, s.slack(f)) : rest_value(node, path);
        if (path == 2 && gem) {
          // Scale carries the mirror (z < 0) and hiding (0): split them off.
          const bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
          if (!recorded && (f == 0 || hidden != last_hidden)) t.visible.push_back({f, !hidden});
          last_hidden = hidden;
          if (hidden) continue;  // keep the scale it had
          const bool mirror = v[2] < 0;
          if (!recorded && (t.mirrored.empty() || t.mirrored.back().value != mirror)) t.mirrored.push_back({f, mirror});
          v[2] = std::fabs(v[2]);
        }
        // LM fits its own keys within the tolerance later: here only exact repeats are dropped.
        if (!last[path].empty() && !moved(v, last[path], gem ? options.tolerance : 0.0f)) continue;
        last[path] = v;
        const double frame = f;
        if (path == 0) t.translation.keys.push_back({frame, {v[0], v[1], v[2]}});
        if (path == 1) t.rotation.keys.push_back({frame, model::with_positive_w(model::Quat{v[0], v[1], v[2], v[3]})});
        if (path == 2 && scale_animated) t.scale.keys.push_back({frame, {v[0], v[1], v[2]}});
      }
    }
    // Each recorded key is [frame, value]; the pointer names the member and the key.
    const auto key_at = [&t, &s](const nlohmann::ordered_json& keys, const char* member, std::size_t i) {
      const std::string pointer = json_input::child(json_input::child(json_input::child(s.pointer, member), t.name), i);
      const auto& k = keys[i];
      if (!k.is_array() || k.size() != 2) json_input::fail(pointer, fmt::format("expected [frame, value], found {}", k.dump()));
      const auto frame = std::uint32_t(json_input::unsigned_integer(k[0], json_input::child(pointer, std::size_t{0}), UINT32_MAX));
      return std::pair{frame, json_input::child(pointer, std::size_t{1})};
    };
    auto restore = [&](const nlohmann::ordered_json& all, const char* member, std::vector<model::Key<bool>>& out) {
      const auto& keys = json_input::array(all[t.name], json_input::child(json_input::child(s.pointer, member), t.name));
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto [frame, pointer] = key_at(keys, member, i);
        if (!keys[i][1].is_boolean()) json_input::fail(pointer, fmt::format("expected true or false, found {}", keys[i][1].dump()));
        out.push_back({frame, keys[i][1].get<bool>()});
      }
    };
    if (gem && visibility.contains(t.name)) restore(visibility, "visibility", t.visible);
    if (gem && mirrored.contains(t.name)) restore(mirrored, "mirrored", t.mirrored);
    if (gem && mesh.contains(t.name)) {
      const auto& keys = json_input::array(mesh[t.name], json_input::child(json_input::child(s.pointer, "mesh"), t.name));
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto [frame, pointer] = key_at(keys, "mesh", i);
        t.mesh.push_back({frame, json_input::from_hex(keys[i][1], pointer)});
      }
    }
    // Node names were written through json_text's escape: the bone's name is the bytes it stands for.
    auto bytes = bytes_of_json_text(t.name);
    if (!bytes) {
      json_input::fail(fmt::format("/nodes/{}/name", s.nodes[b]),
                       fmt::format("expected a name, or \"hex:\" and pairs of hex digits, found \"{}\"", t.name));
    }
    t.name = std::move(*bytes);
    clip.bones.push_back(std::move(t));
  }
  return clip;
}

Expected<model::Clip> import_clip_unguarded(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  auto source = load(bytes, options);
  if (!source) return source.error();
  return clip_from(*source, options);
}

}  // namespace

Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  return guarded([&] { return import_clip_unguarded(bytes, options); });
}

}  // namespace anmkit::gltf
