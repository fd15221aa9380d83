#include "anmkit/formats/gem/gem_clip.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/model/sampler.hpp"
#include "anmkit/model/tolerance.hpp"

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

// Whether a value differs from the one last written: bitwise (tolerance 0: a change from 0.0 to
// -0.0 is written too), else beyond the tolerance.
bool changed(const model::Vec3& a, const model::Vec3& b, double tolerance) {
  return tolerance > 0 ? !model::within_tolerance(a, b, tolerance) : !same(a, b);
}
bool changed(const model::Quat& a, const model::Quat& b, double tolerance) {
  if (tolerance <= 0) return !same(a, b);
  const model::Quat pa = model::with_positive_w(a), pb = model::with_positive_w(b);
  return !model::within_tolerance(model::Vec3{pa.x, pa.y, pa.z}, model::Vec3{pb.x, pb.y, pb.z}, tolerance) ||
         !model::within_tolerance(pa.w, pb.w, tolerance);
}

// `held`: the values last written (each component's last key), null on a fully keyed frame.
Emit decide(const model::BonePose& p, const model::BonePose* held, bool write_scale,
            const model::MeshKey* mesh, double tolerance) {
  Emit e;
  const bool full = held == nullptr;
  e.translation = p.has_translation &&
                  (full || !held->has_translation || changed(p.translation, held->translation, tolerance));
  const bool mirror_changed = full ? p.mirrored : p.mirrored != held->mirrored;
  e.rotation = (p.has_rotation && (full || !held->has_rotation || changed(p.rotation, held->rotation, tolerance))) ||
               mirror_changed;
  e.scale = write_scale && p.has_scale &&
            (full || !held->has_scale || changed(p.scale, held->scale, tolerance));
  e.visibility = full || p.visible != held->visible;
  e.mesh = mesh;
  return e;
}

// The written components of `p` become the held values.
void hold(model::BonePose& held, const model::BonePose& p, const Emit& e) {
  if (e.translation) held.translation = p.translation, held.has_translation = true;
  if (e.rotation) held.rotation = p.rotation, held.has_rotation = p.has_rotation, held.mirrored = p.mirrored;
  if (e.scale) held.scale = p.scale, held.has_scale = true;
  if (e.rotation || e.scale) held.mirrored = p.mirrored;
  if (e.visibility) held.visible = p.visible;
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

std::vector<std::string_view> target_names() {
  std::vector<std::string_view> out;
  for (const TargetInfo& t : targets) out.push_back(t.name);
  return out;
}

std::string_view target_name(Target target) { return info(target).name; }

model::BonePose canonical_pose(model::BonePose pose, double tolerance) {
  if (pose.has_scale && (pose.scale.x < 0 || pose.scale.y < 0 || pose.scale.z < 0)) {
    model::Decomposed d;
    d.rotation = pose.has_rotation ? pose.rotation : model::Quat{};
    d.scale = pose.scale;
    d.mirrored = pose.mirrored;
    const model::Decomposed game = model::decompose(model::compose(d));
    pose.rotation = game.rotation;
    pose.has_rotation = true;
    pose.scale = game.scale;
    pose.mirrored = game.mirrored;
  }
  if (pose.has_scale && model::within_tolerance(pose.scale, model::Vec3{1, 1, 1}, tolerance)) pose.scale = {1, 1, 1};
  return pose;
}

namespace {

// from_clip and from_imported_clip: tolerance 0 compares bitwise and takes poses as they are.
Expected<File> write_clip(const model::Clip& clip, Target target, double tolerance) {
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
  // Frames through the runtime sampler: bit for bit model::sample, and with a cursor each key
  // search resumes where the frame before left it.
  const model::Sampler sampler(clip);
  model::Sampler::Cursor cursor(sampler);
  const auto pose_at = [&](std::uint32_t f) {
    std::vector<model::BonePose> poses(clip.bones.size());
    sampler.sample(double(f), poses, cursor);
    if (tolerance > 0) {
      for (auto& p : poses) p = canonical_pose(p, tolerance);
    }
    return poses;
  };
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    write_scale[b] = !keyed || (tolerance <= 0 && has_non_unit_scale(clip.bones[b]));
  }
  // Imported scale counts once made canonical: (-1, -1, 1) with a turn is no scale at all.
  for (std::uint32_t f = 0; keyed && tolerance > 0 && f < clip.frame_count; ++f) {
    const auto poses = pose_at(f);
    for (std::size_t b = 0; b < poses.size(); ++b) {
      if (poses[b].has_scale && !same(poses[b].scale, model::Vec3{1, 1, 1})) write_scale[b] = true;
    }
  }

  // A mirror can only be stated with a rotation (or scale) key. A bone whose mirror changes
  // before it has any rotation gets an identity rotation from then on, as if keyed.
  std::vector<bool> rotation_forced(clip.bones.size(), false);
  std::vector<model::BonePose> held(clip.bones.size());
  for (std::uint32_t f = 0; f < clip.frame_count; ++f) {
    std::vector<model::BonePose> poses = pose_at(f);
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
      const Emit e = decide(poses[b], full ? nullptr : &held[b], write_scale[b], mesh, tolerance);
      if (e.rotation) rotation_forced[b] = poses[b].has_rotation = true;
      hold(held[b], poses[b], e);
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
  }
  return file;
}

}  // namespace

Expected<File> from_clip(const model::Clip& clip, Target target) { return write_clip(clip, target, 0); }

Expected<File> from_imported_clip(const model::Clip& clip, Target target, double tolerance) {
  return write_clip(clip, target, std::max(tolerance, 1e-12));
}

}  // namespace anmkit::gem
