// The figure target: a vehicle (a .mdl with the .ply, .mtl and .vol it names) made into glTF, and
// the GLB held to the Khronos validator's rules that a hostile model could break: no null and no
// number that is not finite, positions' bounds as declared, unit normals and node rotations,
// indices within the vertices, skins that list each joint once with a bind matrix each, joints
// within the skin and weights that sum to 1, key times that rise. (The validator itself, a Node
// program, checks the seeds' GLBs in HostileFigure.TheFuzzSeedsMakeValidGltf.)
//
// The input: three little-endian u32 sizes (the .mdl's, the .ply's, the .mtl's), those files,
// and the .vol as the rest. They are written as tank.mdl, a.ply, a.mtl and a.vol in a folder of
// the process's, the .mtl also under each plain name the .ply's subsets give.

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "fidelity.hpp"

namespace anmkit::fuzz {
namespace {

namespace fs = std::filesystem;
using Result = std::optional<std::string>;
using json = nlohmann::json;

// The four files of an input: sizes are cut to what the input holds.
struct FigureFiles {
  Input mdl, ply, mtl, vol;
};

FigureFiles split(Input bytes) {
  FigureFiles out;
  std::size_t at = 12;
  const auto size_at = [&](std::size_t k) {
    std::uint32_t n = 0;
    if (bytes.size() >= 12) std::memcpy(&n, bytes.data() + 4 * k, 4);
    return std::size_t(n);
  };
  const auto take = [&](std::size_t n) {
    const std::size_t begin = std::min(at, bytes.size());
    const std::size_t count = std::min(n, bytes.size() - begin);
    at = begin + count;
    return bytes.subspan(begin, count);
  };
  out.mdl = take(size_at(0));
  out.ply = take(size_at(1));
  out.mtl = take(size_at(2));
  out.vol = take(bytes.size());
  return out;
}

void write(const fs::path& path, Input bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A name the .ply gives its material that is a plain file name (nothing that leads elsewhere).
bool plain_name(const std::string& name) {
  if (name.empty() || name.size() > 64 || name == "." || name == "..") return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') return false;
  }
  return true;
}

// The folder of this process's inputs (made by mkdtemp: no name planted in advance), emptied
// for each.
fs::path fresh_folder() {
  static const fs::path folder = [] {
    std::string pattern = (fs::temp_directory_path() / "anmkit-fuzz-figure-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) std::abort();
    return fs::path(pattern);
  }();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) fs::remove(entry.path(), ec);
  return folder;
}

// A GLB's JSON and BIN chunks.
struct Glb {
  json j;
  std::span<const std::uint8_t> bin;
};

Result parse_glb(const std::vector<std::uint8_t>& bytes, Glb& out) {
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);
    return std::size_t(v);
  };
  if (bytes.size() < 20 || std::memcmp(bytes.data(), "glTF", 4) != 0) return "figure: the GLB has no glTF header";
  const std::size_t json_size = u32(12);
  if (20 + json_size > bytes.size()) return "figure: the GLB's JSON chunk passes its end";
  out.j = json::parse(bytes.begin() + 20, bytes.begin() + 20 + std::ptrdiff_t(json_size), nullptr, false);
  if (out.j.is_discarded()) return "figure: the GLB's JSON does not parse";
  const std::size_t bin_at = 20 + json_size;
  if (bin_at + 8 <= bytes.size()) {
    const std::size_t bin_size = u32(bin_at);
    if (bin_at + 8 + bin_size > bytes.size()) return "figure: the GLB's BIN chunk passes its end";
    out.bin = std::span(bytes).subspan(bin_at + 8, bin_size);
  }
  return std::nullopt;
}

// Walks every value (no recursion: the JSON is ours, but the rule is the rule).
Result no_null(const json& root) {
  std::vector<const json*> stack{&root};
  while (!stack.empty()) {
    const json* v = stack.back();
    stack.pop_back();
    if (v->is_null()) return "figure: the glTF holds null (a number that was not finite)";
    if (v->is_number_float() && !std::isfinite(v->get<double>())) return "figure: the glTF holds a number that is not finite";
    if (v->is_structured()) {
      for (const json& child : *v) stack.push_back(&child);
    }
  }
  return std::nullopt;
}

// An accessor's components as doubles, or an error.
Result components(const Glb& glb, std::size_t index, std::vector<double>& out, std::size_t& width) {
  const json& a = glb.j["accessors"].at(index);
  static const std::map<std::string, std::size_t> widths = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
  width = widths.at(a["type"].get<std::string>());
  const int type = a["componentType"].get<int>();
  const std::size_t size = type == 5126 || type == 5125 ? 4 : type == 5123 ? 2 : 1;
  const std::size_t count = a["count"].get<std::size_t>();
  if (!a.contains("bufferView")) return fmt::format("figure: accessor {} has no buffer view", index);
  const json& view = glb.j["bufferViews"].at(a["bufferView"].get<std::size_t>());
  const std::size_t stride = view.value("byteStride", width * size);
  const std::size_t begin = view.value("byteOffset", std::size_t(0)) + a.value("byteOffset", std::size_t(0));
  if (count > 0 && begin + (count - 1) * stride + width * size > glb.bin.size()) return fmt::format("figure: accessor {} passes the BIN chunk", index);
  out.clear();
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t c = 0; c < width; ++c) {
      const std::uint8_t* p = glb.bin.data() + begin + i * stride + c * size;
      if (type == 5126) {
        float f;
        std::memcpy(&f, p, 4);
        if (!std::isfinite(f)) return fmt::format("figure: accessor {} holds a float that is not finite", index);
        out.push_back(f);
      } else if (size == 4) {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        out.push_back(v);
      } else if (size == 2) {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        out.push_back(v);
      } else {
        out.push_back(*p);
      }
    }
  }
  return std::nullopt;
}

Result check_accessors(const Glb& glb) {
  std::vector<double> values;
  std::size_t width = 0;
  for (std::size_t k = 0; k < glb.j.value("accessors", json::array()).size(); ++k) {
    if (auto r = components(glb, k, values, width)) return r;
    const json& a = glb.j["accessors"][k];
    if (!a.contains("min")) continue;
    // Declared bounds are the values' own, component by component (ACCESSOR_MIN_MISMATCH).
    for (std::size_t c = 0; c < width; ++c) {
      double lo = INFINITY, hi = -INFINITY;
      for (std::size_t i = c; i < values.size(); i += width) lo = std::min(lo, values[i]), hi = std::max(hi, values[i]);
      if (values.empty()) continue;
      if (float(lo) != a["min"][c].get<float>() || float(hi) != a["max"][c].get<float>()) {
        return fmt::format("figure: accessor {}'s bounds are not its values'", k);
      }
    }
  }
  return std::nullopt;
}

Result check_meshes(const Glb& glb) {
  const json& j = glb.j;
  std::vector<double> values, other;
  std::size_t width = 0, other_width = 0;
  for (std::size_t m = 0; m < j.value("meshes", json::array()).size(); ++m) {
    // The joints a node using the mesh gives it: the fewest, for the check of JOINTS_0.
    std::size_t joints = SIZE_MAX;
    for (const json& node : j["nodes"]) {
      if (node.value("mesh", -1) == int(m) && node.contains("skin")) {
        joints = std::min(joints, j["skins"][node["skin"].get<std::size_t>()]["joints"].size());
      }
    }
    for (const json& p : j["meshes"][m]["primitives"]) {
      const json& at = p["attributes"];
      const std::size_t vertices = j["accessors"][at["POSITION"].get<std::size_t>()]["count"].get<std::size_t>();
      if (p.contains("indices")) {
        if (auto r = components(glb, p["indices"].get<std::size_t>(), values, width)) return r;
        for (double i : values) {
          if (i >= double(vertices)) return fmt::format("figure: mesh {} has an index past its {} vertices", m, vertices);
        }
      }
      if (at.contains("NORMAL")) {
        if (auto r = components(glb, at["NORMAL"].get<std::size_t>(), values, width)) return r;
        for (std::size_t i = 0; i + 2 < values.size(); i += 3) {
          const double length = std::sqrt(values[i] * values[i] + values[i + 1] * values[i + 1] + values[i + 2] * values[i + 2]);
          // The validator's ACCESSOR_VECTOR3_NON_UNIT: |length - 1| > 0.00674.
          if (std::abs(length - 1) > 0.00674) return fmt::format("figure: mesh {} has a normal of length {}", m, length);
        }
      }
      if (at.contains("JOINTS_0") && at.contains("WEIGHTS_0")) {
        if (auto r = components(glb, at["JOINTS_0"].get<std::size_t>(), values, width)) return r;
        if (auto r = components(glb, at["WEIGHTS_0"].get<std::size_t>(), other, other_width)) return r;
        for (std::size_t v = 0; v + 3 < other.size(); v += 4) {
          const double sum = other[v] + other[v + 1] + other[v + 2] + other[v + 3];
          if (std::abs(sum - 1) > 2e-3) return fmt::format("figure: mesh {} has weights summing to {}", m, sum);
          for (std::size_t s = 0; s < 4; ++s) {
            if (other[v + s] < 0) return fmt::format("figure: mesh {} has a negative weight", m);
            if (other[v + s] > 0 && values[v + s] >= double(joints)) return fmt::format("figure: mesh {} names a joint past its skin's", m);
          }
        }
      }
    }
  }
  return std::nullopt;
}

Result check_nodes_and_skins(const Glb& glb) {
  const json& j = glb.j;
  for (const json& node : j["nodes"]) {
    if (!node.contains("rotation")) continue;
    double n = 0;
    for (const json& q : node["rotation"]) n += q.get<double>() * q.get<double>();
    // The validator's ROTATION_NON_UNIT: |length - 1| > 0.00769.
    if (std::abs(std::sqrt(n) - 1) > 0.00769) return "figure: a node's rotation is not a unit quaternion";
  }
  for (const json& skin : j.value("skins", json::array())) {
    std::set<std::size_t> seen;
    for (const json& joint : skin["joints"]) {
      if (joint.get<std::size_t>() >= j["nodes"].size()) return "figure: a skin names a node that is not there";
      if (!seen.insert(joint.get<std::size_t>()).second) return "figure: a skin names a joint twice";
    }
    if (skin.contains("inverseBindMatrices") &&
        j["accessors"][skin["inverseBindMatrices"].get<std::size_t>()]["count"].get<std::size_t>() != seen.size()) {
      return "figure: a skin's bind matrices are not one a joint";
    }
  }
  std::vector<double> times;
  std::size_t width = 0;
  for (const json& animation : j.value("animations", json::array())) {
    for (const json& sampler : animation["samplers"]) {
      if (auto r = components(glb, sampler["input"].get<std::size_t>(), times, width)) return r;
      for (std::size_t i = 1; i < times.size(); ++i) {
        if (!(times[i] > times[i - 1])) return "figure: an animation's key times do not rise";
      }
    }
  }
  return std::nullopt;
}

}  // namespace

Result check_gltf_rules(const std::vector<std::uint8_t>& glb_bytes) {
  Glb glb;
  if (auto r = parse_glb(glb_bytes, glb)) return r;
  if (auto r = no_null(glb.j)) return r;
  if (auto r = check_accessors(glb)) return r;
  if (auto r = check_meshes(glb)) return r;
  return check_nodes_and_skins(glb);
}

Expected<GltfOutput> figure_gltf(Input bytes) {
  const FigureFiles files = split(bytes);
  const fs::path folder = fresh_folder();
  write(folder / "tank.mdl", files.mdl);
  write(folder / "a.ply", files.ply);
  write(folder / "a.mtl", files.mtl);
  write(folder / "a.vol", files.vol);
  if (auto ply = gem::mesh::read_ply(files.ply)) {
    for (const auto& subset : ply->subsets) {
      if (plain_name(subset.material) && subset.material != "tank.mdl") write(folder / subset.material, files.mtl);
    }
  }
  OpenOptions options;
  options.limits.max_input_bytes = 1 << 20;
  options.limits.max_bones = 1024;
  options.volumes = true;
  return model_to_gltf((folder / "tank.mdl").string(), options, true);
}

Result check_figure(Input bytes) {
  auto glb = figure_gltf(bytes);
  if (!glb) {
    if (glb.error().message.empty()) return "figure: an error without a message";
    return std::nullopt;
  }
  return check_gltf_rules(glb->bytes);
}

}  // namespace anmkit::fuzz
