#include "anmkit/formats/lm/lm_merge.hpp"

#include <unordered_map>

#include <fmt/format.h>

#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/model/sampler.hpp"
#include "anmkit/model/tolerance.hpp"

namespace anmkit::lm {
namespace {

// The value of one slot of a pose (scale X Y Z, rotation, translation X Y Z), with the track's
// default where the pose has none.
float slot_value(const model::BonePose& p, std::size_t slot) {
  const std::size_t i = slot % 3;
  const auto pick = [i](const model::Vec3& v) { return i == 0 ? v.x : i == 1 ? v.y : v.z; };
  if (slot < 3) return p.has_scale ? pick(p.scale) : 1.0f;
  return p.has_translation ? pick(p.translation) : 0.0f;
}

model::Mat3 rotation_of(const model::BonePose& p) {
  return model::matrix_from_quat(p.has_rotation || p.has_euler ? p.rotation : model::Quat{});
}

}  // namespace

Expected<BaseMerge> merge_with_base(const File& base, const model::Clip& imported, const WriteOptions& options) {
  BaseMerge out;
  auto base_clip = to_clip(base, options.unit, imported.fps);
  if (!base_clip) return base_clip.error();
  WriteOptions write = options;
  write.version = base.version;
  auto rebuilt = from_clip(imported, write);
  if (!rebuilt) return rebuilt.error();
  const std::size_t nodes = base.groups.size();
  // Base nodes to imported bones by name.
  std::unordered_map<std::string, std::size_t> by_name;
  for (std::size_t i = imported.bones.size(); i-- > 0;) by_name[imported.bones[i].name] = i;
  std::vector<std::size_t> match(nodes, SIZE_MAX);
  std::vector<bool> used(imported.bones.size(), false);
  for (std::size_t n = 0; n < nodes; ++n) {
    const auto it = by_name.find(base_clip->bones[n].name);
    if (it == by_name.end()) {
      out.warnings.push_back(fmt::format("node '{}' of the base has no node in the glTF: its tracks are kept as the base has them",
                                         base_clip->bones[n].name));
      continue;
    }
    match[n] = it->second;
    used[it->second] = true;
  }
  for (std::size_t i = 0; i < imported.bones.size(); ++i) {
    if (!used[i]) out.warnings.push_back(fmt::format("node '{}' is not a node of the base: left out", imported.bones[i].name));
  }
  // Which tracks keep the base's data.
  const std::uint32_t last = model::last_frame(*base_clip);
  const double tolerance = std::max(options.tolerance, model::base_tolerance_floor);
  std::vector<std::array<bool, 9>> keep(nodes);
  bool all_kept = true;
  const model::Sampler base_sampler(*base_clip), imported_sampler(imported);
  model::Sampler::Cursor base_cursor, imported_cursor;
  for (std::size_t n = 0; n < nodes; ++n) {
    keep[n].fill(true);
    if (match[n] == SIZE_MAX) continue;
    for (std::uint32_t f = 0; f <= last; ++f) {
      model::BonePose a, b;
      base_sampler.sample_bone(n, f, a, base_cursor);
      imported_sampler.sample_bone(match[n], f, b, imported_cursor);
      for (std::size_t slot : {0u, 1u, 2u, 6u, 7u, 8u}) {
        if (!model::within_tolerance(slot_value(a, slot), slot_value(b, slot), tolerance)) keep[n][slot] = false;
      }
      if (!model::within_tolerance(rotation_of(a), rotation_of(b), tolerance)) keep[n][3] = keep[n][4] = keep[n][5] = false;
    }
    for (bool k : keep[n]) all_kept = all_kept && k;
  }
  if (all_kept) {
    out.file = base;
    return out;
  }
  // Kept tracks from the base, the others from the refit, then repacked.
  auto base_data = track_data(base);
  if (!base_data) return base_data.error();
  auto new_data = track_data(*rebuilt);
  if (!new_data) return new_data.error();
  File& file = out.file;
  file.version = base.version;
  file.loop = base.loop;
  file.padding = base.padding;
  file.frame_count = base.frame_count;
  file.groups.resize(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const bool from_base = keep[n][slot];
      const Track& source = from_base ? base.groups[n].tracks[slot] : rebuilt->groups[match[n]].tracks[slot];
      const auto& run = from_base ? (*base_data)[n][slot] : (*new_data)[match[n]][slot];
      auto& array = file.arrays[std::size_t(track_kind(slot))];
      Track& track = file.groups[n].tracks[slot];
      track = source;
      track.index = 0;
      if (run.empty()) continue;
      if (array.size() + run.size() > 0x10000) return make_error(ErrorCode::unsupported, "an LM key array would pass 65536 floats");
      track.index = std::uint16_t(array.size());
      array.insert(array.end(), run.begin(), run.end());
    }
  }
  auto packed = repack(file);
  if (!packed) return packed.error();
  out.file = std::move(*packed);
  return out;
}

}  // namespace anmkit::lm
