#include "gem_mesh_motion.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/mesh/mesh_motion_keys.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/model/name_index.hpp"
#include "anmkit/model/skeleton_affine.hpp"
#include "../../referenced_input.hpp"

namespace anmkit::detail {
namespace {

// A mesh's name as a file stem to compare: its last path part, lower case, without ".ply" and
// without the ".001" Blender adds to a copy's name.
std::string stem(std::string_view name) {
  if (const auto slash = name.find_last_of("/\\"); slash != std::string_view::npos) name.remove_prefix(slash + 1);
  std::string out(name);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  const auto copy = out.rfind('.');
  if (copy != std::string::npos && out.size() - copy == 4 &&
      std::all_of(out.begin() + std::ptrdiff_t(copy) + 1, out.end(), [](unsigned char c) { return std::isdigit(c) != 0; })) {
    out.resize(copy);
  }
  if (out.size() > 4 && out.compare(out.size() - 4, 4, ".ply") == 0) out.resize(out.size() - 4);
  return out;
}

model::Vec3 point(const model::Affine& m, const model::Vec3& p) {
  return {float(m.a[0][0] * p.x + m.a[0][1] * p.y + m.a[0][2] * p.z + m.t[0]),
          float(m.a[1][0] * p.x + m.a[1][1] * p.y + m.a[1][2] * p.z + m.t[1]),
          float(m.a[2][0] * p.x + m.a[2][1] * p.y + m.a[2][2] * p.z + m.t[2])};
}

// A normal of the world in the bone's frame: through the transpose of the bone's world (the
// inverse transpose of its inverse), of unit length.
model::Vec3 direction(const model::Affine& world, const model::Vec3& n) {
  const double x = world.a[0][0] * n.x + world.a[1][0] * n.y + world.a[2][0] * n.z;
  const double y = world.a[0][1] * n.x + world.a[1][1] * n.y + world.a[2][1] * n.z;
  const double z = world.a[0][2] * n.x + world.a[1][2] * n.y + world.a[2][2] * n.z;
  const double length = std::sqrt(x * x + y * y + z * z);
  return length > 0 ? model::Vec3{float(x / length), float(y / length), float(z / length)} : model::Vec3{0, 0, 0};
}

// The motion in the frame of a bone whose world at rest is `world`.
model::MeshMotion in_bone_frame(const model::MeshMotion& motion, const model::Affine& world) {
  const model::Affine to_bone = model::inverse(world);
  model::MeshMotion out = motion;
  const auto move = [&](std::vector<model::Vec3>& positions, std::vector<model::Vec3>& normals) {
    for (auto& p : positions) p = point(to_bone, p);
    for (auto& n : normals) n = direction(world, n);
  };
  move(out.rest_positions, out.rest_normals);
  for (auto& f : out.frames) move(f.positions, f.normals);
  return out;
}

}  // namespace

Expected<void> add_mesh_keys(model::Clip& clip, const std::string& mdl_path, const gem::Mdl& mdl, const model::Skeleton& skeleton,
                             const OpenOptions& options) {
  if (clip.mesh_motions.empty()) return {};
  const model::NameIndex bones(mdl.bones, [](const gem::MdlBone& b) -> std::string_view { return b.name; });
  const std::vector<model::Affine> worlds = model::world_rests(skeleton);
  std::uint64_t budget = options.limits.max_input_bytes;
  for (const model::MeshMotion& motion : clip.mesh_motions) {
    // The bones whose own mesh this may be: the one the source hangs it on, then those whose mesh
    // file has its name.
    std::vector<std::size_t> candidates;
    const int hinted = bones.find(motion.bone);
    if (!motion.bone.empty() && hinted >= 0 && mdl.bones[std::size_t(hinted)].mesh()) candidates.push_back(std::size_t(hinted));
    const std::string name = stem(motion.name);
    for (std::size_t b = 0; b < mdl.bones.size() && !name.empty(); ++b) {
      const gem::MdlView* view = mdl.bones[b].mesh();
      if (view && stem(view->file) == name && std::find(candidates.begin(), candidates.end(), b) == candidates.end()) {
        candidates.push_back(b);
      }
    }
    if (candidates.empty()) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("{}'s mesh animation is the mesh of no bone of the model: {} and no bone's mesh file is named '{}' "
                                    "(a mesh animation key moves the vertices of a bone's own mesh)",
                                    motion.source,
                                    motion.bone.empty() ? std::string("it hangs on no bone,")
                                                        : fmt::format("bone '{}', which it hangs on, shows no mesh,", printable(motion.bone)),
                                    printable(motion.name)));
    }
    std::optional<Error> first_error;
    bool placed = false;
    for (std::size_t b : candidates) {
      const gem::MdlView& view = *mdl.bones[b].mesh();
      std::string path;
      auto bytes = read_referenced_input(mdl_path, view.file, options, budget, path);
      if (!bytes) return bytes.error();
      auto ply = gem::mesh::read_ply(*bytes, options.limits);
      if (!ply) {
        ply.error().file = path;
        return ply.error();
      }
      if (b >= worlds.size()) continue;  // the skeleton holds every bone of its model
      auto keys = gem::mesh::mesh_keys(*ply, in_bone_frame(motion, worlds[b]), view.file);
      if (!keys) {
        keys.error().file = path;
        if (!first_error) first_error = keys.error();
        continue;
      }
      const std::string& bone = mdl.bones[b].name;
      auto track = std::find_if(clip.bones.begin(), clip.bones.end(), [&](const model::BoneTrack& t) { return t.name == bone; });
      if (track == clip.bones.end()) {
        clip.bones.push_back({});
        clip.bones.back().name = bone;
        track = std::prev(clip.bones.end());
      }
      track->mesh = std::move(*keys);
      placed = true;
      break;
    }
    if (!placed) return *first_error;
  }
  return {};
}

}  // namespace anmkit::detail
