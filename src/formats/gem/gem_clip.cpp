#include "anmkit/formats/gem/gem_clip.hpp"

#include <algorithm>

#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem {
namespace {

model::Vec3 vec3(const Vec3Bits& bits) {
  return {float_from_bits(bits[0]), float_from_bits(bits[1]), float_from_bits(bits[2])};
}

// Keys arrive in file order; frames may repeat or go backwards. A stable sort by frame and
// keeping the last of equal frames gives the track the engine plays.
template <class K>
void sort_track(std::vector<K>& keys) {
  std::stable_sort(keys.begin(), keys.end(),
                   [](const K& a, const K& b) { return a.frame < b.frame; });
  std::vector<K> out;
  out.reserve(keys.size());
  for (auto& k : keys) {
    if (!out.empty() && out.back().frame == k.frame) {
      out.back() = std::move(k);
    } else {
      out.push_back(std::move(k));
    }
  }
  keys = std::move(out);
}

void add_keyed(model::BoneTrack& t, std::uint32_t frame_number, const File& file, const Key& key, bool mesh_payloads) {
  const double at = frame_number;
  if (auto v = file.position(key)) t.translation.keys.push_back({at, vec3(*v)});
  if (auto v = file.orientation(key)) {
    const auto q = vec3(*v);
    t.rotation.keys.push_back({at, model::quat_from_xyz(q.x, q.y, q.z)});
  }
  if (auto v = file.scale(key)) t.scale.keys.push_back({at, vec3(*v)});
  if (key.flags & (flag::orientation | flag::scale | flag::mirrored)) {
    t.mirrored.push_back({frame_number, (key.flags & flag::mirrored) != 0});
  }
  if (key.flags & flag::hidden) {
    t.visible.push_back({frame_number, false});
  } else if (key.flags & flag::visible) {
    t.visible.push_back({frame_number, true});
  }
  if (!mesh_payloads) return;
  if (const Bytes* mesh = file.mesh(key)) t.mesh.push_back({frame_number, *mesh});
}

void add_frmn(model::BoneTrack& t, std::uint32_t frame_number, const File& file, const FrmnBone& bone, bool mesh_payloads) {
  for (const FrmnItem& item : file.items_of(bone)) {
    switch (item.kind) {
      case ItemKind::matrix: {
        const Matrix34Bits bits = file.matrix(item);
        model::Matrix34 values{};
        for (std::size_t i = 0; i < 12; ++i) values[i] = float_from_bits(bits[i]);
        const model::Decomposed d = model::decompose(values);
        t.translation.keys.push_back({double(frame_number), d.translation});
        t.rotation.keys.push_back({double(frame_number), d.rotation});
        t.scale.keys.push_back({double(frame_number), d.scale});
        t.mirrored.push_back({frame_number, d.mirrored});
        break;
      }
      case ItemKind::visibility: t.visible.push_back({frame_number, file.visibility(item) != 0}); break;
      case ItemKind::mesh:
        if (mesh_payloads) t.mesh.push_back({frame_number, file.mesh(item)});
        break;
    }
  }
}

}  // namespace

model::Skeleton to_skeleton(const Mdl& mdl) {
  model::Skeleton s;
  for (const MdlBone& bone : mdl.bones) {
    const model::Decomposed d = model::decompose(bone.rest);
    s.joints.push_back(model::Joint{bone.name, bone.parent, d.translation, d.rotation, d.scale, d.mirrored, bone.shown});
  }
  return s;
}

model::Clip to_clip(const File& file, bool mesh_payloads) {
  model::Clip clip;
  clip.frame_count = file.frame_count;
  for (const Comment& c : file.comments) clip.comments.push_back(c.text);
  clip.bones.resize(file.bones.size());
  for (std::size_t i = 0; i < file.bones.size(); ++i) clip.bones[i].name = file.bones[i].name;

  for (const Frame& frame : file.frames) {
    if (frame.chunk == FrameChunk::frmn) {
      if (static_cast<std::int32_t>(frame.number) < 0) continue;
      for (const FrmnBone& bone : file.records_of(frame)) {
        if (bone.index < 0 || std::size_t(bone.index) >= clip.bones.size()) continue;
        add_frmn(clip.bones[std::size_t(bone.index)], frame.number, file, bone, mesh_payloads);
      }
    } else {
      for (const Key& key : file.keys_of(frame)) {
        if (key.bone >= clip.bones.size()) continue;
        add_keyed(clip.bones[key.bone], frame.number, file, key, mesh_payloads);
      }
    }
  }
  for (model::BoneTrack& t : clip.bones) {
    sort_track(t.translation.keys);
    sort_track(t.rotation.keys);
    sort_track(t.scale.keys);
    sort_track(t.visible);
    sort_track(t.mirrored);
    sort_track(t.mesh);
  }
  return clip;
}

}  // namespace anmkit::gem
