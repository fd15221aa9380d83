#include "anmkit/gltf/gltf_import.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <numbers>
#include <optional>

#include <fmt/format.h>

#include <unordered_map>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_text.hpp"
#include "anmkit/model/tolerance.hpp"
#include "gltf_import_source.hpp"
#include "gltf_read.hpp"
#include "skeleton_import.hpp"
#include "record_json.hpp"

namespace anmkit::gltf {
namespace {

Error import_error(std::string message) { return make_error(ErrorCode::bad_value, std::move(message)); }

}  // namespace

namespace detail {

Expected<Source> load_source(std::span<const std::uint8_t> bytes, const ImportOptions& options, bool every_node) {
  if (!(options.tolerance >= 0)) return import_error(fmt::format("tolerance {} is not a number of 0 or more", options.tolerance));
  Source s;
  s.file = detail::read_gltf(bytes, {options.limits, options.folder, options.files ? options.files : disk_files()});
  if (s.file.animations.empty()) return import_error("the glTF file has no animation");
  // The animation: a name, or an index.
  const std::size_t count = s.file.animations.size();
  std::size_t chosen = 0;
  if (!options.animation.empty()) {
    chosen = count;
    for (std::size_t i = 0; i < count; ++i) {
      if (s.file.animations[i].name == options.animation) chosen = i;
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
    if (chosen == count) {
      // The names there are (the first few), so that the next try can be right.
      constexpr std::size_t shown = 20;
      std::string names;
      for (std::size_t i = 0; i < std::min(count, shown); ++i) {
        const std::string& name = s.file.animations[i].name;
        names += (i ? ", " : "") + (name.empty() ? fmt::format("{} (no name)", i) : fmt::format("'{}'", name));
      }
      if (count > shown) names += fmt::format(" and {} more", count - shown);
      return import_error(fmt::format("no animation '{}' in the file; it has {}: {} (or give an index from 0 to {})",
                                      options.animation, count == 1 ? "one" : fmt::format("{}", count), names, count - 1));
    }
  }
  s.animation = &s.file.animations[chosen];
  const std::string animation_pointer = fmt::format("/animations/{}", chosen);
  const auto* extras = s.animation->extras;
  s.extras = extras && extras->is_object() && extras->contains("anmkit") && (*extras)["anmkit"].is_object()
                 ? (*extras)["anmkit"]
                 : nlohmann::ordered_json::object();
  s.pointer = animation_pointer + "/extras/anmkit";
  // tinygltf writes an empty array or object as null (anmkit's own exports hold "comments":
  // null): a null member says nothing.
  for (auto it = s.extras.begin(); it != s.extras.end();) it = it->is_null() ? s.extras.erase(it) : std::next(it);
  if (s.extras.contains("fps")) {
    const auto& fps = s.extras["fps"];
    if (!fps.is_number()) json_input::fail(json_input::child(s.pointer, "fps"), fmt::format("expected a number, found {}", fps.dump()));
    s.fps = fps.get<double>();
  } else {
    s.fps = options.fps;
  }
  // Bone order: the recorded bone map, else the nodes in order (the root left out). Names are
  // looked up in a table: a bone map and a node list of 10^5 each would be 10^10 comparisons.
  std::vector<std::size_t> order;
  if (s.extras.contains("bone_map") && !every_node) {
    std::unordered_map<std::string_view, std::size_t> node_by_name;
    for (std::size_t n = 0; n < s.file.nodes.size(); ++n) {
      if (!s.file.nodes[n].has_mesh) node_by_name[s.file.nodes[n].name] = n;  // the last of a name
    }
    const std::string map_pointer = json_input::child(s.pointer, "bone_map");
    const auto& bone_map = json_input::array(s.extras["bone_map"], map_pointer);
    for (std::size_t i = 0; i < bone_map.size(); ++i) {
      const std::string& name = json_input::string(bone_map[i], json_input::child(map_pointer, i));
      const auto found = node_by_name.find(name);
      if (found == node_by_name.end()) return import_error(fmt::format("bone '{}' of the recorded bone map has no node", name));
      order.push_back(found->second);
    }
  } else {
    for (std::size_t n = 0; n < s.file.nodes.size(); ++n) {
      if (every_node || (s.file.nodes[n].name != "anmkit_root" && !s.file.nodes[n].has_mesh)) order.push_back(n);
    }
  }
  if (order.size() > options.limits.max_bones) {
    return make_error(ErrorCode::too_large, past_limit(fmt::format("{} bones, more than the limit of {}", order.size(),
                                                        options.limits.max_bones), "limits.max_bones"));
  }
  s.nodes = order;
  std::vector<std::size_t> position(s.file.nodes.size(), SIZE_MAX);  // a node's place in the bone order
  for (std::size_t b = order.size(); b-- > 0;) position[order[b]] = b;  // a node named twice: its first place
  s.curves.assign(order.size(), {nullptr, nullptr, nullptr, nullptr});
  s.storage.reserve(s.animation->channels.size());  // the curves point into it
  // Every key of every channel read is visited at least once: capped before any is.
  std::uint64_t keys = 0;
  double end = 0;
  for (std::size_t i = 0; i < s.animation->channels.size(); ++i) {
    const auto& c = s.animation->channels[i];
    if (!c.has_node) continue;
    // A bone's mesh node: its scale is the bone's visibility.
    const detail::GltfNode& target = s.file.nodes[c.node];
    const bool mesh_scale = target.has_mesh && c.path == "scale" && target.parent != SIZE_MAX && position[target.parent] != SIZE_MAX;
    const std::size_t bone = mesh_scale ? position[target.parent] : position[c.node];
    if (bone == SIZE_MAX) continue;
    const std::size_t path = mesh_scale ? 3 : c.path == "translation" ? 0 : c.path == "rotation" ? 1 : c.path == "scale" ? 2 : 4;
    const auto& sampler = s.animation->samplers[c.sampler];
    const std::string sampler_pointer = fmt::format("{}/samplers/{}", animation_pointer, c.sampler);
    if (path == 4) {
      // Morph weights: read onto a skeleton (every node), they animate the mesh (morph_import.hpp)
      // and their times count; otherwise there is nothing to map them to.
      if (every_node) {
        const FloatView times = s.file.floats(sampler.input, 1, sampler_pointer + "/input");
        keys += times.count;
        end = std::max<double>(end, times.at(times.count - 1, 0));
      }
      continue;
    }
    Curve curve;
    curve.interpolation = sampler.interpolation;
    curve.width = path == 1 ? 4 : 3;
    curve.times = s.file.floats(sampler.input, 1, sampler_pointer + "/input");
    curve.values = s.file.floats(sampler.output, curve.width, sampler_pointer + "/output");
    keys += curve.times.count;
    if (keys > options.limits.max_keys) {
      return make_error(ErrorCode::too_large, past_limit(fmt::format("the channels up to {}/channels/{} hold {} keys, more than the limit of {}",
                                                          animation_pointer, i, keys, options.limits.max_keys), "limits.max_keys"));
    }
    const std::size_t per_key = curve.interpolation == "CUBICSPLINE" ? 3 : 1;
    if (curve.values.count % per_key != 0 || curve.values.count / per_key != curve.times.count) {
      return import_error(fmt::format("a {} channel's times and values disagree", c.path));
    }
    end = std::max<double>(end, curve.times.at(curve.times.count - 1, 0));
    s.storage.push_back(std::move(curve));
    s.curves[bone][path] = &s.storage.back();
  }
  if (!(s.fps > 0) || !std::isfinite(s.fps)) return import_error(fmt::format("fps {} is not a positive number", s.fps));
  // A format may record its frame count in its own terms: its entry says how (recorded_frames).
  std::string record_format;
  if (s.extras.contains("format")) record_format = json_input::string(s.extras["format"], json_input::child(s.pointer, "format"));
  if (s.extras.contains("loop")) {
    const auto& loop = s.extras["loop"];
    if (!loop.is_boolean()) json_input::fail(json_input::child(s.pointer, "loop"), fmt::format("expected true or false, found {}", loop.dump()));
    s.loop = loop.get<bool>();
  }
  double frames = std::round(end * s.fps) + 1;  // the last key's frame, whole, and frame 0
  if (s.extras.contains("frame_count")) {
    const double recorded = double(json_input::unsigned_integer(s.extras["frame_count"], json_input::child(s.pointer, "frame_count"), UINT32_MAX));
    frames = options.recorded_frames ? options.recorded_frames(record_format, recorded, s.loop) : recorded;
  }
  const std::uint32_t max_frames = std::min<std::uint32_t>(options.limits.max_frames, UINT32_MAX - 1);
  if (!(frames <= double(max_frames))) {
    return make_error(ErrorCode::too_large, past_limit(fmt::format("{:g} frames: more than an import samples ({})", frames, max_frames), "limits.max_frames"));
  }
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

}  // namespace detail

namespace {

using detail::Curve;
using detail::Source;

std::vector<float> rest_value(const detail::GltfNode& n, std::size_t path) {
  if (path == 0) return {n.translation.begin(), n.translation.end()};
  if (path == 1) return {n.rotation.begin(), n.rotation.end()};
  return {n.scale.begin(), n.scale.end()};
}

bool moved(const std::vector<float>& a, const std::vector<float>& b, float tolerance) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (tolerance == 0 ? a[i] != b[i] : !model::within_tolerance(a[i], b[i], tolerance)) return true;
  }
  return false;
}

// Keys off whole frames are sampled at whole frames only: say how many, and the first. A file
// anmkit wrote (extras.anmkit) keys between frames on purpose (resampled Euler rotations).
std::optional<Wording> keys_between_frames(const Source& s) {
  if (!s.extras.empty()) return std::nullopt;
  std::uint64_t count = 0;
  double first = -1;
  for (const Curve& c : s.storage) {
    for (std::size_t k = 0; k < c.times.count; ++k) {
      const double frame = double(c.times.at(k, 0)) * s.fps;
      const double whole = std::clamp(std::round(frame), 0.0, 4e9);
      if (!std::isfinite(frame) || std::fabs(frame - std::round(frame)) / s.fps <= s.slack(std::uint32_t(whole))) continue;
      if (count++ == 0 || frame < first) first = frame;
    }
  }
  if (count == 0) return std::nullopt;
  Wording why(fmt::format("{} key{} of the animation fall between whole frames at {:g} fps (the first at frame {:g}); only whole "
                          "frames are sampled. If the glTF was made at another frame rate, give it with ",
                          count, count == 1 ? "" : "s", s.fps, first));
  why += naming("fps", "the fps option");
  return why;
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
  } catch (...) {
    return caught_error();
  }
}

model::Clip clip_from(const Source& s, const ImportOptions& options) {
  const ImportPolicy& policy = options.policy;
  model::Clip clip;
  clip.frame_count = s.frame_count;
  clip.fps = s.fps;
  clip.loop = s.loop;
  clip.record = record_of(s.extras);
  // A record's bytes: a buffer view's index (what anmkit writes), or hex text (what it wrote
  // before, still read). A view may be named many times, so together they are held to the input
  // limit; and a view that an accessor reads is no record's (a tool laid the buffers out again
  // and kept the indices, which now point at other bytes).
  std::uint64_t restored = 0;
  std::vector<bool> read_by_accessor;
  const auto record_bytes = [&](const nlohmann::ordered_json& value, const std::string& pointer) {
    std::vector<std::uint8_t> bytes;
    if (value.is_string()) {
      bytes = json_input::from_hex(value, pointer);
    } else {
      const auto view = std::size_t(json_input::unsigned_integer(value, pointer, UINT32_MAX));
      if (read_by_accessor.empty()) read_by_accessor = s.file.views_read_by_accessors();
      if (view < read_by_accessor.size() && read_by_accessor[view]) {
        json_input::fail(pointer, fmt::format("expected a buffer view of a record's bytes, found {}, which an accessor reads "
                                              "(the buffers were laid out again since anmkit wrote them)",
                                              view));
      }
      const auto span = s.file.view_bytes(view, pointer);
      bytes.assign(span.begin(), span.end());
    }
    if (bytes.size() > options.limits.max_input_bytes - std::min(restored, options.limits.max_input_bytes)) {
      Error e = make_error(ErrorCode::too_large,
                           past_limit(fmt::format("the records' bytes come to more than the limit of {} bytes",
                                                  options.limits.max_input_bytes),
                                      "limits.max_input_bytes"));
      e.pointer = pointer;
      throw ErrorException{std::move(e)};
    }
    restored += bytes.size();
    return bytes;
  };
  if (s.extras.contains("comments")) {
    const std::string pointer = json_input::child(s.pointer, "comments");
    const auto& comments = json_input::array(s.extras["comments"], pointer);
    for (std::size_t i = 0; i < comments.size(); ++i) clip.comments.push_back(record_bytes(comments[i], json_input::child(pointer, i)));
  }
  // Keys by bone name, in a table: an ordered JSON object finds a member by comparing it with
  // every member before it, once per bone.
  using ByBone = std::unordered_map<std::string_view, const nlohmann::ordered_json*>;
  const auto recorded_by_bone = [&s](const char* name) {
    ByBone table;
    if (!s.extras.contains(name)) return table;
    const auto& v = s.extras[name];
    if (!v.is_object()) json_input::fail(json_input::child(s.pointer, name), fmt::format("expected an object, found {}", v.type_name()));
    for (const auto& [bone, keys] : v.get_ref<const nlohmann::ordered_json::object_t&>()) {
      if (!keys.is_null()) table[bone] = &keys;
    }
    return table;
  };
  const ByBone visibility = recorded_by_bone("visibility");
  const ByBone mirrored = recorded_by_bone("mirrored");
  const ByBone mesh = recorded_by_bone("mesh");
  for (std::size_t b = 0; b < s.nodes.size(); ++b) {
    const detail::GltfNode& node = s.file.nodes[s.nodes[b]];
    model::BoneTrack t;
    t.name = node.name;
    t.shown_at_rest = model::ShownAtRest{{node.translation[0], node.translation[1], node.translation[2]},
                                         {node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]},
                                         {node.scale[0], node.scale[1], node.scale[2]}};
    const bool recorded = visibility.contains(t.name) || mirrored.contains(t.name);
    std::array<std::vector<float>, 3> last;
    bool last_hidden = false;
    // A scale channel that never leaves unit size only carries the mirror and hiding: no scale
    // keys.
    bool scale_animated = !policy.scale_carries_visibility_and_mirror;
    if (const Curve* c = s.curves[b][2]; c && policy.scale_carries_visibility_and_mirror) {
      std::size_t cursor = 0;
      for (std::uint32_t f = 0; f <= s.last && !scale_animated; ++f) {
        const auto v = c->at(f / s.fps, s.slack(f), cursor);
        const bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
        scale_animated = !hidden && (v[0] != 1 || v[1] != 1 || std::fabs(v[2]) != 1);
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
    auto restore = [&](const ByBone& all, const char* member, std::vector<model::Key<bool>>& out) {
      const auto& keys = json_input::array(*all.at(t.name), json_input::child(json_input::child(s.pointer, member), t.name));
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto [frame, pointer] = key_at(keys, member, i);
        if (!keys[i][1].is_boolean()) json_input::fail(pointer, fmt::format("expected true or false, found {}", keys[i][1].dump()));
        out.push_back({frame, keys[i][1].get<bool>()});
      }
    };
    const bool events = policy.scale_carries_visibility_and_mirror;
    if (events && visibility.contains(t.name)) restore(visibility, "visibility", t.visible);
    if (events && mirrored.contains(t.name)) restore(mirrored, "mirrored", t.mirrored);
    std::array<std::size_t, 4> cursors{0, 0, 0, 0};
    std::size_t mirror_cursor = 0;  // recorded mirror keys reached (frames ascend)
    bool recorded_mirror = false;
    for (std::uint32_t f = 0; f <= s.last; ++f) {
      const double time = f / s.fps;
      while (mirror_cursor < t.mirrored.size() && t.mirrored[mirror_cursor].frame <= f) recorded_mirror = t.mirrored[mirror_cursor++].value;
      // Scale first: whether the bone is hidden at this frame decides how its rotation is read.
      for (const std::size_t path : {std::size_t{2}, std::size_t{0}, std::size_t{1}}) {
        const Curve* curve = s.curves[b][path];
        const Curve* mesh_scale = path == 2 && events ? s.curves[b][3] : nullptr;
        // A component the node does not animate keeps the bone's rest value (no keys), or, where
        // the clip replaces the rest pose, the node's own value holds.
        if (!curve && !mesh_scale && policy.rest_where_unanimated) continue;
        if (!curve && !mesh_scale && f > 0) continue;
        // A hidden bone's rotation channel holds its exact rotation when anmkit wrote it (the
        // bone's events recorded): GEM draws a hidden bone's children, which turn with it. Another
        // tool decomposed a matrix of scale 0, which has no rotation: the last one holds.
        if (path == 1 && events && !recorded && last_hidden && f > 0) continue;
        std::vector<float> v = curve ? curve->at(time, s.slack(f), cursors[path]) : rest_value(node, path);
        if (path == 2 && events) {
          // Scale carries the mirror (z < 0) and hiding (0): split them off.
          bool hidden = v[0] == 0 && v[1] == 0 && v[2] == 0;
          if (mesh_scale) {
            const auto m = mesh_scale->at(time, s.slack(f), cursors[3]);
            hidden = hidden || (m[0] == 0 && m[1] == 0 && m[2] == 0);
          }
          if (!recorded && (f == 0 || hidden != last_hidden)) t.visible.push_back({f, !hidden});
          last_hidden = hidden;
          if (hidden) continue;  // keep the scale it had
          // Recorded, the mirror is the file's; the scale then keeps what the mirror does not
          // say, so that rotation * scale * mirror stays the node's matrix (another tool may
          // have written the mirror as a rotation and a negative scale).
          const bool mirror = recorded ? recorded_mirror : v[2] < 0;
          if (!recorded && (t.mirrored.empty() || t.mirrored.back().value != mirror)) t.mirrored.push_back({f, mirror});
          if (mirror) v[2] = -v[2];
        }
        // A format that fits its own keys to the tolerance later drops only exact repeats here.
        if (!last[path].empty() && !moved(v, last[path], policy.drop_within_tolerance ? options.tolerance : 0.0f)) continue;
        last[path] = v;
        const double frame = f;
        if (path == 0) t.translation.keys.push_back({frame, {v[0], v[1], v[2]}});
        if (path == 1) t.rotation.keys.push_back({frame, model::with_positive_w(model::Quat{v[0], v[1], v[2], v[3]})});
        if (path == 2 && scale_animated) t.scale.keys.push_back({frame, {v[0], v[1], v[2]}});
      }
    }
    if (events && mesh.contains(t.name)) {
      const auto& keys = json_input::array(*mesh.at(t.name), json_input::child(json_input::child(s.pointer, "mesh"), t.name));
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto [frame, pointer] = key_at(keys, "mesh", i);
        t.mesh.push_back({frame, record_bytes(keys[i][1], pointer)});
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

Expected<model::Clip> import_clip_unguarded(std::span<const std::uint8_t> bytes, const ImportOptions& options,
                                            std::vector<Wording>& warnings) {
  auto source = detail::load_source(bytes, options, options.skeleton != nullptr);
  if (!source) return source.error();
  if (auto between = keys_between_frames(*source)) warnings.push_back(std::move(*between));
  if (options.skeleton) return detail::clip_on_skeleton(*source, options, *options.skeleton, warnings);
  return clip_from(*source, options);
}

}  // namespace

Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options) {
  std::vector<Wording> warnings;
  return import_clip(bytes, options, warnings);
}

Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options,
                                  std::vector<Wording>& warnings) {
  return guarded([&] { return import_clip_unguarded(bytes, options, warnings); });
}

}  // namespace anmkit::gltf
