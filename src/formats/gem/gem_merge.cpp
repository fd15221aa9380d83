#include "anmkit/formats/gem/gem_merge.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/model/sampler.hpp"
#include "anmkit/model/tolerance.hpp"

namespace anmkit::gem {
namespace {

// The parts of a key that are judged on their own. Rotation, scale and the mirror are one part:
// another tool may say the same matrix with other numbers.
enum Part : std::uint8_t { position = 1, linear = 2, visibility = 4 };

std::uint8_t parts_of(std::uint16_t flags) {
  unsigned parts = 0;
  if (flags & flag::position) parts |= position;
  if (flags & (flag::orientation | flag::scale | flag::mirrored)) parts |= linear;
  if (flags & (flag::visible | flag::hidden)) parts |= visibility;
  return std::uint8_t(parts);
}

std::uint16_t flags_of(unsigned parts) {
  unsigned flags = 0;
  if (parts & position) flags |= flag::position;
  if (parts & linear) flags |= flag::orientation | flag::scale | flag::mirrored;
  if (parts & visibility) flags |= flag::visible | flag::hidden;
  return std::uint16_t(flags);
}

model::Mat3 linear_of(const model::BonePose& p) {
  return model::linear_part(p.has_rotation ? p.rotation : model::Quat{}, p.has_scale ? p.scale : model::Vec3{1, 1, 1},
                            p.mirrored);
}

Vec3Bits bits(const model::Vec3& v) { return {bits_from_float(v.x), bits_from_float(v.y), bits_from_float(v.z)}; }

// An edited vector over the base key's: the components the edit left within the tolerance keep
// the base's bits, so that moving a bone along x changes x alone.
Vec3Bits edited_bits(const std::optional<Vec3Bits>& base, const model::Vec3& v, double tolerance) {
  Vec3Bits out = bits(v);
  if (!base) return out;
  const model::Vec3 was{float_from_bits((*base)[0]), float_from_bits((*base)[1]), float_from_bits((*base)[2])};
  const float now[3] = {v.x, v.y, v.z}, before[3] = {was.x, was.y, was.z};
  for (std::size_t i = 0; i < 3; ++i) {
    model::Vec3 a = was;
    float* component = i == 0 ? &a.x : i == 1 ? &a.y : &a.z;
    *component = now[i];
    if (model::within_tolerance(a, was, tolerance) && std::isfinite(before[i])) out[i] = (*base)[i];
  }
  return out;
}

// Frames ascend (a frame split over chunks repeats its number), keys address the bone map, and
// no bone has two keys in one frame: each key is then one bone's whole say at its frame.
std::optional<std::string> why_not_mergeable(const File& base) {
  if (base.bones.size() > 256) return fmt::format("it has {} bones, more than key bone indices address", base.bones.size());
  std::uint32_t last = 0;
  std::vector<std::uint32_t> keyed_at(base.bones.size(), UINT32_MAX);
  for (std::size_t i = 0; i < base.frames.size(); ++i) {
    const Frame& frame = base.frames[i];
    if (frame.chunk == FrameChunk::frmn) return "its frames are FRMN records";
    if (i > 0 && frame.number < last) return fmt::format("its frames go back from {} to {}", last, frame.number);
    last = frame.number;
    for (const Key& key : base.keys_of(frame)) {
      if (key.bone >= base.bones.size()) return fmt::format("frame {} keys bone {}, past the bone map", frame.number, key.bone);
      if (keyed_at[key.bone] == frame.number) return fmt::format("frame {} keys bone {} twice", frame.number, key.bone);
      keyed_at[key.bone] = frame.number;
    }
  }
  return std::nullopt;
}

// A glTF node's own values as a pose, made as an imported pose is (the mirror split off a
// negative z scale, then canonical).
model::BonePose rest_pose(const model::ShownAtRest& rest, double tolerance) {
  model::BonePose p;
  p.translation = rest.translation;
  p.rotation = rest.rotation;
  p.scale = rest.scale;
  p.has_translation = p.has_rotation = p.has_scale = true;
  if (p.scale.z < 0) {
    p.mirrored = true;
    p.scale.z = -p.scale.z;
  }
  return canonical_pose(p, tolerance);
}

// How far apart two positions may be and still be one: a tool that wrote the glTF computed them
// in floats in its world (Blender: armature space), so a bone far from the origin comes back a few
// float steps of that distance off, even where its own value is near 0 (measured: 2.6e-5 units
// on a bone of the e-75, whose parts lie 60 units out). 4e-6 of the model's size is ten times
// that, and far below an edit anyone makes.
double position_slack(const model::Clip& imported) {
  float size = 0;
  const auto reach = [&size](const model::Vec3& v) { size = std::max({size, std::fabs(v.x), std::fabs(v.y), std::fabs(v.z)}); };
  for (const model::BoneTrack& t : imported.bones) {
    if (t.shown_at_rest) reach(t.shown_at_rest->translation);
    for (const auto& k : t.translation.keys) reach(k.value);
  }
  return std::isfinite(size) ? 4e-6 * double(size) : 0;
}

// Whether a pose's linear part is the rest's negated (a point reflection). Blender's rest cannot
// hold a mirror: its glTF import keeps a mirrored rest in the pose as that reflection, and an
// export writes it so until a reset of the pose between actions drops it. Either is the rest.
bool reflected(const model::BonePose& p, const model::BonePose& rest, double tolerance) {
  model::Mat3 m = linear_of(p);
  for (auto& row : m) {
    for (float& v : row) v = -v;
  }
  return model::within_tolerance(m, linear_of(rest), tolerance);
}

bool near(const model::Vec3& a, const model::Vec3& b, double tolerance, double slack) {
  if (model::within_tolerance(a, b, tolerance)) return true;
  return std::fabs(double(a.x) - b.x) <= slack && std::fabs(double(a.y) - b.y) <= slack && std::fabs(double(a.z) - b.z) <= slack;
}

// What one bone does at one frame of the output.
struct Say {
  std::uint8_t kept = 0;   // parts whose base bits stay
  std::uint8_t fresh = 0;  // parts written from the imported pose (Merger::fresh_poses_)
};

class Merger {
 public:
  Merger(const File& base, const model::Clip& imported, double tolerance)
      : base_(base),
        imported_(imported),
        tolerance_(tolerance),
        slack_(position_slack(imported)),
        base_clip_(to_clip(base)),
        base_sampler_(base_clip_),
        imported_sampler_(imported) {}

  Expected<BaseMerge> run() {
    match_bones();
    if (imported_.frame_count > base_.frame_count) {
      out_.warnings.push_back(fmt::format("the glTF animation runs {} frames, the base {}: frames {} on are left out",
                                          imported_.frame_count, base_.frame_count, base_.frame_count));
    }
    if (auto why = why_not_mergeable(base_)) return whole_file(*why);
    decide();
    assemble();
    return std::move(out_);
  }

 private:
  // Base bones to imported bones by name (exact first, then case-insensitively).
  void match_bones() {
    std::unordered_map<std::string, std::size_t> exact, folded;
    for (std::size_t i = imported_.bones.size(); i-- > 0;) {
      exact[imported_.bones[i].name] = i;
      folded[model::ascii_lower(imported_.bones[i].name)] = i;
    }
    std::vector<bool> used(imported_.bones.size(), false);
    std::vector<std::string> untouched;
    match_.assign(base_.bones.size(), SIZE_MAX);
    for (std::size_t b = 0; b < base_.bones.size(); ++b) {
      auto it = exact.find(base_.bones[b].name);
      if (it == exact.end()) it = folded.find(model::ascii_lower(base_.bones[b].name));
      if (it != exact.end() && it != folded.end()) {
        match_[b] = it->second;
        used[it->second] = true;
      } else {
        out_.warnings.push_back(
            fmt::format("bone '{}' of the base has no node in the glTF: its keys are kept as the base has them", base_.bones[b].name));
      }
    }
    // Nodes the glTF does not animate (a skeleton's other bones) are said once, together; every
    // animated node is a bone of the base by now (merge_with_base adds them to its bone map).
    for (std::size_t i = 0; i < imported_.bones.size(); ++i) {
      if (!used[i]) untouched.push_back("'" + imported_.bones[i].name + "'");
    }
    if (!untouched.empty()) {
      const std::size_t shown = std::min<std::size_t>(untouched.size(), 8);
      std::string names = fmt::to_string(fmt::join(untouched.begin(), untouched.begin() + std::ptrdiff_t(shown), ", "));
      if (shown < untouched.size()) names += fmt::format(" and {} more", untouched.size() - shown);
      out_.warnings.push_back(fmt::format("{} {} of the glTF {} not animated and not a bone of the base: left out ({})",
                                          untouched.size(), untouched.size() == 1 ? "node" : "nodes",
                                          untouched.size() == 1 ? "is" : "are", names));
    }
  }

  model::BonePose imported_pose(std::size_t b, std::uint32_t f) const {
    if (match_[b] == SIZE_MAX) return {};
    model::BonePose p;
    imported_sampler_.sample_bone(match_[b], f, p, imported_cursor_);
    return canonical_pose(p, tolerance_);
  }

  model::BonePose base_pose(std::size_t b, std::uint32_t f) const {
    model::BonePose p;
    base_sampler_.sample_bone(b, f, p, base_cursor_);
    return p;
  }

  // Whether the imported pose says nothing of a part (then the base's keys of it stay).
  static bool silent(const model::BonePose& p, Part part, const model::BoneTrack* track) {
    if (part == position) return !p.has_translation;
    if (part == linear) return !p.has_rotation && !p.has_scale && (!track || track->mirrored.empty());
    return !track || track->visible.empty();
  }

  // Whether the imported pose leaves a part to the base. A hidden bone's glTF scale is 0: a tool
  // that decomposed that matrix has no rotation or scale for it, and the base's stay; anmkit's
  // own glTF (its record kept) holds the exact rotation in its channel, which the import
  // restored, so an edit of it lands (GEM draws a hidden bone's children, which turn with it).
  bool quiet(const model::BonePose& p, Part part, const model::BoneTrack* track) const {
    return silent(p, part, track) || (part == linear && !p.visible && imported_.record.empty());
  }

  bool same(const model::BonePose& a, const model::BonePose& b, Part part) const {
    if (part == position) return a.has_translation == b.has_translation && near(a.translation, b.translation, tolerance_, slack_);
    if (part == linear) return model::within_tolerance(linear_of(a), linear_of(b), tolerance_);
    return a.visible == b.visible;
  }

  // Per bone and part, the frames walked holding the value last written.
  void decide() {
    const std::uint32_t frames = base_.frame_count;
    says_.assign(base_.bones.size(), std::vector<Say>(frames));
    std::vector<std::vector<std::uint8_t>> base_parts(base_.bones.size(), std::vector<std::uint8_t>(frames, 0));
    for (const Frame& frame : base_.frames) {
      if (frame.number >= frames) continue;
      for (const Key& key : base_.keys_of(frame)) base_parts[key.bone][frame.number] = std::uint8_t(base_parts[key.bone][frame.number] | parts_of(key.flags));
    }
    write_scale_.assign(base_.bones.size(), false);
    for (std::size_t b = 0; b < base_.bones.size(); ++b) {
      const model::BoneTrack* track = match_[b] == SIZE_MAX ? nullptr : &imported_.bones[match_[b]];
      write_scale_[b] = !base_clip_.bones[b].scale.empty();
      // Poses are sampled again per part rather than kept: a long file has millions of frames.
      for (std::uint32_t f = 0; f < frames && match_[b] != SIZE_MAX && !write_scale_[b]; ++f) {
        const model::BonePose p = imported_pose(b, f);
        if (p.has_scale && !model::within_tolerance(p.scale, model::Vec3{1, 1, 1}, tolerance_)) write_scale_[b] = true;
      }
      const model::BonePose base_at_0 = frames > 0 ? base_pose(b, 0) : model::BonePose{};
      std::uint8_t ever_keyed = 0;  // the parts the base keys at some frame
      for (const std::uint8_t parts : base_parts[b]) ever_keyed = std::uint8_t(ever_keyed | parts);
      for (Part part : {position, linear, visibility}) {
        std::optional<model::BonePose> held;
        // Before the base's first key of a part the bone shows its rest pose, which the clip does
        // not know. A part the base keys later: the glTF's value at frame 0 stands for it
        // (anmkit's export keys the rest there, and a tool bakes what it shows). A part the base
        // never keys: the glTF node's own value, where the import has it, so that a value set
        // once (one key in Blender holds for the whole action) lands.
        if (frames > 0 && part != visibility && silent(base_at_0, part, &base_clip_.bones[b])) {
          held = imported_pose(b, 0);
          if (!(ever_keyed & part) && track && track->shown_at_rest) {
            const model::BonePose rest = rest_pose(*track->shown_at_rest, tolerance_);
            if (!(part == linear && reflected(*held, rest, tolerance_))) held = rest;
          }
        }
        for (std::uint32_t f = 0; f < frames; ++f) {
          Say& say = says_[b][f];
          const model::BonePose p = imported_pose(b, f);
          const bool quiet = this->quiet(p, part, track);
          if (base_parts[b][f] & part) {
            const model::BonePose base = base_pose(b, f);
            if (quiet || same(p, base, part)) {
              say.kept = std::uint8_t(say.kept | part);
              held = base;
              continue;
            }
          }
          if (quiet) continue;
          if (!held || !same(p, *held, part)) {
            say.fresh = std::uint8_t(say.fresh | part);
            fresh_poses_[std::uint64_t(b) * frames + f] = p;
            held = p;
          }
        }
      }
    }
  }

  // The key a bone gets at a frame: the base key's bits for kept parts (its other bits and mesh
  // as they are), the imported pose for fresh ones.
  std::optional<std::pair<std::uint16_t, KeyFields>> key_for(std::size_t b, std::uint32_t f, const Key* base_key) const {
    const Say& say = f < says_[b].size() ? says_[b][f] : Say{};
    unsigned flags = 0;
    KeyFields fields;
    const std::optional<Vec3Bits> base_position = base_key ? base_.position(*base_key) : std::nullopt;
    const std::optional<Vec3Bits> base_orientation = base_key ? base_.orientation(*base_key) : std::nullopt;
    if (base_key) {
      const std::uint8_t base_parts = parts_of(base_key->flags);
      flags = unsigned(base_key->flags) & ~unsigned(flags_of(unsigned(base_parts) & ~unsigned(say.kept)));
      fields = base_.fields(*base_key);
      if (!(say.kept & position)) fields.position.reset();
      if (!(say.kept & linear)) fields.orientation.reset(), fields.scale.reset();
      if (base_parts == say.kept && say.fresh == 0) return std::pair{base_key->flags, std::move(fields)};
    }
    const auto found = fresh_poses_.find(std::uint64_t(b) * base_.frame_count + f);
    const model::BonePose p = found == fresh_poses_.end() ? model::BonePose{} : found->second;
    if (say.fresh & position) {
      flags |= flag::position;
      fields.position = edited_bits(base_position, p.translation, tolerance_);
    }
    if (say.fresh & linear) {
      flags |= flag::orientation;
      const model::Quat q = model::with_positive_w(p.has_rotation ? p.rotation : model::Quat{});
      fields.orientation = edited_bits(base_orientation, model::Vec3{q.x, q.y, q.z}, tolerance_);
      if (write_scale_[b] && p.has_scale) fields.scale = bits(p.scale);
      if (p.mirrored) flags |= flag::mirrored;
    }
    if (say.fresh & visibility) flags |= p.visible ? flag::visible : flag::hidden;
    // add_key sets the presence bits from the fields.
    flags &= ~unsigned(flag::position | flag::orientation | flag::scale | flag::mesh);
    if (fields.position) flags |= flag::position;
    if (fields.orientation) flags |= flag::orientation;
    if (fields.scale) flags |= flag::scale;
    if (fields.mesh) flags |= flag::mesh;
    if (flags == 0) return std::nullopt;
    return std::pair{std::uint16_t(flags), std::move(fields)};
  }

  struct OutKey {
    std::uint8_t bone;
    std::uint16_t flags;
    KeyFields fields;
  };

  void write_keys(FrameChunk chunk, std::uint32_t number, const std::vector<OutKey>& keys) {
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i % 255 == 0) out_.file.add_frame(chunk, number);  // the key count is a byte
      out_.file.add_key(keys[i].bone, keys[i].flags, keys[i].fields);
    }
  }

  void assemble() {
    File& file = out_.file;
    file.version = base_.version;
    file.frame_count = base_.frame_count;
    file.comments = base_.comments;
    file.bones = base_.bones;
    const FrameChunk chunk = base_.frames.empty()      ? (version_allows(base_.version, FrameChunk::frm2) ? FrameChunk::frm2 : FrameChunk::frm3)
                             : base_.frames[0].chunk;
    const auto bones_with_fresh = [&](std::uint32_t f) {
      std::vector<std::size_t> out;
      for (std::size_t b = 0; f < base_.frame_count && b < base_.bones.size(); ++b) {
        if (says_[b][f].fresh) out.push_back(b);
      }
      return out;
    };
    std::size_t i = 0;
    std::uint32_t next_frame = 0;  // frames before it are written
    const auto fresh_frames_until = [&](std::uint32_t end) {
      for (; next_frame < end && next_frame < base_.frame_count; ++next_frame) {
        std::vector<OutKey> keys;
        for (std::size_t b : bones_with_fresh(next_frame)) {
          if (auto k = key_for(b, next_frame, nullptr)) keys.push_back({std::uint8_t(b), k->first, std::move(k->second)});
        }
        write_keys(chunk, next_frame, keys);
      }
    };
    while (i < base_.frames.size()) {
      const std::uint32_t number = base_.frames[i].number;
      std::size_t end = i;
      while (end < base_.frames.size() && base_.frames[end].number == number) ++end;
      fresh_frames_until(number);
      std::vector<const Key*> base_keys;
      for (std::size_t c = i; c < end; ++c) {
        for (const Key& key : base_.keys_of(base_.frames[c])) base_keys.push_back(&key);
      }
      std::vector<bool> has_base_key(base_.bones.size(), false);
      for (const Key* k : base_keys) has_base_key[k->bone] = true;
      // Bones keyed here afresh go before the first base key of a later bone.
      std::vector<std::size_t> added;
      for (std::size_t b : bones_with_fresh(number)) {
        if (!has_base_key[b]) added.push_back(b);
      }
      std::vector<OutKey> keys;
      bool unchanged = added.empty();
      std::size_t a = 0;
      const auto add_fresh = [&](std::size_t b) {
        if (auto k = key_for(b, number, nullptr)) keys.push_back({std::uint8_t(b), k->first, std::move(k->second)});
      };
      for (const Key* k : base_keys) {
        while (a < added.size() && added[a] < k->bone) add_fresh(added[a++]);
        auto key = number < base_.frame_count ? key_for(k->bone, number, k)
                                              : std::optional{std::pair{k->flags, base_.fields(*k)}};
        if (!key || key->first != k->flags || !(key->second == base_.fields(*k))) unchanged = false;
        if (key) keys.push_back({k->bone, key->first, std::move(key->second)});
      }
      while (a < added.size()) add_fresh(added[a++]);
      if (unchanged) {
        // The base's chunks as they were (how the frame was split included).
        for (std::size_t c = i; c < end; ++c) {
          file.add_frame(base_.frames[c].chunk, number);
          for (const Key& key : base_.keys_of(base_.frames[c])) file.add_key(key.bone, key.flags, base_.fields(key));
        }
      } else {
        write_keys(base_.frames[i].chunk, number, keys);
      }
      next_frame = std::max(next_frame, number + 1);
      i = end;
    }
    fresh_frames_until(base_.frame_count);
  }

  // A base that cannot be merged key by key: kept whole when nothing moved, else rewritten.
  Expected<BaseMerge> whole_file(const std::string& why) {
    bool moved = false;
    for (std::uint32_t f = 0; f < base_.frame_count && !moved; ++f) {
      for (std::size_t b = 0; b < base_.bones.size() && !moved; ++b) {
        const model::BoneTrack* track = match_[b] == SIZE_MAX ? nullptr : &imported_.bones[match_[b]];
        const model::BonePose p = imported_pose(b, f), base = base_pose(b, f);
        for (Part part : {position, linear, visibility}) {
          if (!quiet(p, part, track) && !same(p, base, part)) moved = true;
        }
      }
    }
    if (!moved) {
      out_.file = base_;
      return std::move(out_);
    }
    const bool frmn = !base_.frames.empty() && base_.frames[0].chunk == FrameChunk::frmn;
    const Target target = frmn ? Target::gem_4_0
                          : base_.version == version_6_1
                              ? (base_.frames.empty() || base_.frames[0].chunk == FrameChunk::frm2 ? Target::gem_6_1 : Target::gem_6_1_frm3)
                              : Target::gem_6_0;
    model::Clip clip = imported_;
    clip.frame_count = base_.frame_count;
    clip.comments = base_clip_.comments;
    clip.bones.clear();
    for (std::size_t b = 0; b < base_.bones.size(); ++b) {
      clip.bones.push_back(match_[b] == SIZE_MAX ? base_clip_.bones[b] : imported_.bones[match_[b]]);
      clip.bones.back().name = base_.bones[b].name;
      if (clip.bones.back().mesh.empty()) clip.bones.back().mesh = base_clip_.bones[b].mesh;
    }
    auto file = from_imported_clip(clip, target, tolerance_);
    if (!file) return file.error();
    file->version = base_.version;
    file->bones = base_.bones;
    out_.file = std::move(*file);
    out_.warnings.push_back(fmt::format("the base cannot be kept key by key ({}): the edited file is keyed as the exporter keys it", why));
    return std::move(out_);
  }

  const File& base_;
  const model::Clip& imported_;
  double tolerance_;
  double slack_;  // position_slack of the imported clip
  model::Clip base_clip_;
  // Both clips compiled for sampling; the cursors are hints, so const readers may move them.
  model::Sampler base_sampler_, imported_sampler_;
  mutable model::Sampler::Cursor base_cursor_, imported_cursor_;
  std::vector<std::size_t> match_;  // base bone -> imported bone, SIZE_MAX when the glTF lacks it
  std::vector<std::vector<Say>> says_;  // by base bone, then frame
  std::unordered_map<std::uint64_t, model::BonePose> fresh_poses_;  // by bone * frame_count + frame
  std::vector<bool> write_scale_;
  BaseMerge out_;
};

bool animated(const model::BoneTrack& t) {
  return !t.translation.empty() || !t.rotation.empty() || !t.euler_rotation.empty() || !t.scale.empty() || !t.visible.empty() ||
         !t.mirrored.empty() || !t.mesh.empty();
}

// Whether a glTF node moves: a key leaves the node's own values (the import's shown_at_rest) by
// more than the tolerance (its mirror included), hides it, or carries a mesh. Blender's exporter
// samples every bone of the armature: a channel alone says nothing. Without the node's values,
// any key counts.
bool moves(const model::BoneTrack& t, double tolerance, double slack) {
  if (!t.shown_at_rest) return animated(t);
  if (!t.mesh.empty() || !t.euler_rotation.empty()) return true;
  const model::BonePose rest = rest_pose(*t.shown_at_rest, tolerance);
  if (std::any_of(t.visible.begin(), t.visible.end(), [](const auto& k) { return !k.value; })) return true;
  std::vector<double> frames;
  for (const auto& k : t.mirrored) frames.push_back(k.frame);
  for (const auto& k : t.translation.keys) frames.push_back(k.frame);
  for (const auto& k : t.rotation.keys) frames.push_back(k.frame);
  for (const auto& k : t.scale.keys) frames.push_back(k.frame);
  for (const double f : frames) {
    const model::BonePose p = canonical_pose(model::sample_bone(t, f), tolerance);
    if (p.has_translation && !near(p.translation, rest.translation, tolerance, slack)) return true;
    if ((p.has_rotation || p.has_scale || p.mirrored) && !model::within_tolerance(linear_of(p), linear_of(rest), tolerance) &&
        !reflected(p, rest, tolerance)) {
      return true;
    }
  }
  return false;
}

// The glTF's nodes that move and are no bone of the base (by name, in either case): the bones a
// user animated afresh (the turret of a file that never moved it).
std::vector<std::string> new_animated_bones(const File& base, const model::Clip& imported, double tolerance) {
  const double slack = position_slack(imported);
  std::vector<std::string> known;
  for (const BoneName& b : base.bones) known.push_back(model::ascii_lower(b.name));
  std::sort(known.begin(), known.end());
  std::vector<std::string> out;
  for (const model::BoneTrack& t : imported.bones) {
    const std::string name = model::ascii_lower(t.name);
    if (std::binary_search(known.begin(), known.end(), name) || !moves(t, tolerance, slack)) continue;
    if (std::none_of(out.begin(), out.end(), [&](const std::string& o) { return model::ascii_lower(o) == name; })) out.push_back(t.name);
  }
  return out;
}

}  // namespace

Expected<BaseMerge> merge_with_base(const File& base, const model::Clip& imported, double tolerance) {
  // A bone the user animated goes into the file: the bone map grows by it (its name at the end,
  // so that every key of the base keeps its bone index) and the merge keys it afresh.
  tolerance = std::max(tolerance, model::base_tolerance_floor);
  const std::vector<std::string> added = new_animated_bones(base, imported, tolerance);
  std::optional<File> grown;
  if (!added.empty()) {
    if (base.bones.size() + added.size() > 256) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("the glTF animates {} bones the base does not have ('{}' first), and its bone map holds {}: "
                                    "a key's bone index is a byte, so a GEM file has at most 256 bones",
                                    added.size(), added.front(), base.bones.size()));
    }
    grown = base;
    for (const std::string& name : added) grown->bones.push_back({name});
  }
  const File& merged = grown ? *grown : base;
  // As many poses as an import samples (gltf_import.hpp).
  if (std::uint64_t(merged.frame_count) * std::max<std::size_t>(1, merged.bones.size()) > (1u << 22)) {
    return make_error(ErrorCode::too_large, fmt::format("the base has {} bones over {} frames: more than a merge walks (4194304 poses)",
                                                        merged.bones.size(), merged.frame_count));
  }
  auto out = Merger(merged, imported, tolerance).run();
  if (out && !added.empty()) {
    std::vector<std::string> quoted;
    for (const std::string& name : added) quoted.push_back("'" + name + "'");
    out->warnings.push_back(fmt::format("{} {} animated in the glTF and not in the base: added to its bone map and keyed",
                                        added.size() == 1 ? "node" : "nodes", fmt::join(quoted, ", ")));
  }
  return out;
}

}  // namespace anmkit::gem
