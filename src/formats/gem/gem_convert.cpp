#include "anmkit/formats/gem/gem_clip.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem {
namespace {

struct TargetInfo {
  Target target;
  std::string_view name;
  std::uint32_t version;
  FrameChunk chunk;
};

constexpr std::array targets{
    TargetInfo{Target::gem_4_0, "gem-4.0", version_4_0, FrameChunk::frmn},
    TargetInfo{Target::gem_6_0, "gem-6.0", version_6_0, FrameChunk::frm2},
    TargetInfo{Target::gem_6_1, "gem-6.1", version_6_1, FrameChunk::frm2},
    TargetInfo{Target::gem_6_1_frm3, "gem-6.1-frm3", version_6_1, FrameChunk::frm3},
};

const TargetInfo& info(Target target) {
  return *std::find_if(targets.begin(), targets.end(),
                       [target](const TargetInfo& t) { return t.target == target; });
}

Vec3Bits bits(const model::Vec3& v) {
  return {bits_from_float(v.x), bits_from_float(v.y), bits_from_float(v.z)};
}

// Bitwise, so that a change from 0.0 to -0.0 is written too.
bool same(const model::Vec3& a, const model::Vec3& b) { return bits(a) == bits(b); }
// q and -q are one rotation and are stored alike (with w >= 0): no change between them.
bool same(const model::Quat& a, const model::Quat& b) {
  const model::Quat pa = model::with_positive_w(a), pb = model::with_positive_w(b);
  return bits(model::Vec3{pa.x, pa.y, pa.z}) == bits(model::Vec3{pb.x, pb.y, pb.z}) &&
         bits_from_float(pa.w) == bits_from_float(pb.w);
}

// What one bone's key at one frame says.
struct Emit {
  bool translation = false, rotation = false, scale = false, visibility = false;
  const model::MeshKey* mesh = nullptr;
  bool any() const { return translation || rotation || scale || visibility || mesh; }
};

Emit decide(const model::BonePose& p, const model::BonePose* prev, bool write_scale,
            const model::MeshKey* mesh) {
  Emit e;
  const bool full = prev == nullptr;
  e.translation = p.has_translation &&
                  (full || !prev->has_translation || !same(p.translation, prev->translation));
  const bool mirror_changed = full ? p.mirrored : p.mirrored != prev->mirrored;
  e.rotation = (p.has_rotation && (full || !prev->has_rotation || !same(p.rotation, prev->rotation))) ||
               mirror_changed;
  e.scale = write_scale && p.has_scale &&
            (full || !prev->has_scale || !same(p.scale, prev->scale));
  e.visibility = full || p.visible != prev->visible;
  e.mesh = mesh;
  return e;
}

void add_keyed_record(File& file, std::size_t bone, const model::BonePose& p, const Emit& e) {
  KeyFields fields;
  std::uint16_t flags = 0;
  if (e.translation) fields.position = bits(p.translation);
  if (e.rotation) {
    // The file stores x, y, z and rebuilds w >= 0: store the sign of the quaternion that has it.
    const model::Quat q = model::with_positive_w(p.rotation);
    fields.orientation = bits(model::Vec3{q.x, q.y, q.z});
  }
  if (e.scale) fields.scale = bits(p.scale);
  if ((e.rotation || e.scale) && p.mirrored) flags |= flag::mirrored;
  if (e.visibility) flags |= p.visible ? flag::visible : flag::hidden;
  if (e.mesh) fields.mesh = e.mesh->payload;
  file.add_key(static_cast<std::uint8_t>(bone), flags, std::move(fields));
}

void add_frmn_record(File& file, std::size_t bone, const model::BonePose& p, const Emit& e) {
  file.add_bone(static_cast<std::int32_t>(bone));
  if (e.translation || e.rotation || e.scale) {
    model::Decomposed d;  // identity where the pose has no value yet
    if (p.has_translation) d.translation = p.translation;
    if (p.has_rotation) d.rotation = p.rotation;
    if (p.has_scale) d.scale = p.scale;
    d.mirrored = p.mirrored;
    const model::Matrix34 m = model::compose(d);
    Matrix34Bits matrix;
    for (std::size_t i = 0; i < 12; ++i) matrix[i] = bits_from_float(m[i]);
    file.add_matrix(matrix);
  }
  if (e.visibility) file.add_visibility(p.visible ? 1 : 0);
  if (e.mesh) file.add_mesh(e.mesh->payload);
}

bool has_non_unit_scale(const model::BoneTrack& t) {
  return std::any_of(t.scale.keys.begin(), t.scale.keys.end(), [](const model::Keyframe<model::Vec3>& k) {
    return !same(k.value, model::Vec3{1, 1, 1});
  });
}

}  // namespace

std::optional<Target> parse_target(std::string_view name) {
  for (const auto& t : targets) {
    if (t.name == name) return t.target;
  }
  return std::nullopt;
}

std::string_view target_name(Target target) { return info(target).name; }

Expected<File> from_clip(const model::Clip& clip, Target target) {
  const TargetInfo& t = info(target);
  const bool keyed = t.chunk != FrameChunk::frmn;
  if (keyed && clip.bones.size() > 256) {
    return make_error(ErrorCode::unsupported,
                      fmt::format("{} bones, but {} addresses at most 256 (key bone indices are a byte)",
                                  clip.bones.size(), t.name));
  }
  if (clip.frame_count > (1u << 24)) {
    return make_error(ErrorCode::too_large, fmt::format("{} frames: more than a conversion walks (16777216)", clip.frame_count));
  }
  if (t.chunk == FrameChunk::frm2 && clip.frame_count > 0x10000) {
    return make_error(ErrorCode::unsupported,
                      fmt::format("{} frames, but FRM2 frame numbers stop at 65535; use gem-6.1-frm3",
                                  clip.frame_count));
  }
  File file;
  file.version = t.version;
  file.frame_count = clip.frame_count;
  for (const auto& c : clip.comments) file.comments.push_back(Comment{c, 0});
  for (const auto& bone : clip.bones) file.bones.push_back(BoneName{bone.name, 0, 0});

  std::vector<bool> write_scale(clip.bones.size());
  std::vector<std::size_t> next_mesh(clip.bones.size(), 0);
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    write_scale[b] = !keyed || has_non_unit_scale(clip.bones[b]);
  }

  // A mirror can only be stated with a rotation (or scale) key. A bone whose mirror changes
  // before it has any rotation gets an identity rotation from then on, as if keyed.
  std::vector<bool> rotation_forced(clip.bones.size(), false);
  std::vector<model::BonePose> previous;
  for (std::uint32_t f = 0; f < clip.frame_count; ++f) {
    std::vector<model::BonePose> poses = model::sample(clip, double(f));
    const bool full = f == 0 || f + 1 == clip.frame_count;
    // A frame chunk is started by its first record; keys past 255 continue in another chunk
    // of the same frame (the key count is a byte).
    bool started = false;
    for (std::size_t b = 0; b < clip.bones.size(); ++b) {
      const auto& mesh_keys = clip.bones[b].mesh;
      std::size_t& m = next_mesh[b];
      while (m < mesh_keys.size() && mesh_keys[m].frame < f) ++m;
      const model::MeshKey* mesh = (m < mesh_keys.size() && mesh_keys[m].frame == f) ? &mesh_keys[m] : nullptr;
      if (rotation_forced[b] && !poses[b].has_rotation) poses[b].has_rotation = true;
      const Emit e = decide(poses[b], full ? nullptr : &previous[b], write_scale[b], mesh);
      if (e.rotation) rotation_forced[b] = poses[b].has_rotation = true;
      if (!e.any()) continue;
      if (!started || (keyed && file.frames.back().count == 255)) {
        file.add_frame(t.chunk, f);
        started = true;
      }
      if (keyed) {
        add_keyed_record(file, b, poses[b], e);
      } else {
        add_frmn_record(file, b, poses[b], e);
      }
    }
    previous = std::move(poses);
  }
  return file;
}

}  // namespace anmkit::gem
