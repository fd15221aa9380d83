#pragma once
// glTF 2.0 back into game animations (docs/gltf.md, Import). The animation is sampled at every
// whole frame; nodes map to bones by name (in the bone-map order that extras.anmkit records when
// anmkit wrote the file, else in node order, the root left out). What extras.anmkit holds
// (visibility and mirrored keys, mesh payloads, comments, frame count, fps) is restored.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"
#include "anmkit/core/file_source.hpp"

namespace anmkit::gltf {

// How a format reads its clip from the glTF's channels (each format's entry states its own).
struct ImportPolicy {
  // A component a node does not animate keeps the skeleton's rest value (no keys); false: the
  // node's own value stands at frame 0 (the format's clip replaces the rest pose).
  bool rest_where_unanimated = true;
  // Scale also carries visibility (a scale of 0) and the mirror (z < 0), as tracks of their own;
  // what extras.anmkit records of both, and of mesh keys, is restored. False: scale is only scale.
  bool scale_carries_visibility_and_mirror = true;
  // Values within the tolerance of the last key are dropped here; false: only exact repeats (the
  // format fits its own keys to the tolerance later).
  bool drop_within_tolerance = true;
};

struct ImportOptions {
  std::string animation;       // a name or an index; empty: the first
  double fps = model::default_fps;  // used when extras.anmkit does not say
  float tolerance = 1e-6f;     // a component changes when it moves more than this
  ImportPolicy policy;
  // The frames of a clip whose extras.anmkit records `frame_count` (written by the format named
  // in its "format" member); null: the recorded count as it is.
  std::function<double(std::string_view record_format, double frame_count, bool loop)> recorded_frames;
  // The input cap covers the file and its external buffers together; frames, bones (the nodes
  // imported) and keys (of every channel read) are capped as the formats' readers cap them.
  ReadLimits limits;
  // The game's skeleton to read the animation onto (src/gltf/skeleton_import.hpp): its bones
  // only, in its rest pose and axes, whatever the glTF's node tree, axes and bone frames; null:
  // the nodes hold the format's own values below anmkit_root.
  const model::Skeleton* skeleton = nullptr;
  // The glTF file's folder, where its external buffers (`uri` files) are read from. Empty: the
  // bytes came from elsewhere, and only embedded buffers (GLB, data: URIs) are read.
  std::string folder;
  // Where the folder's files are read from; null: the disk.
  std::shared_ptr<const FileSource> files;
};

// The neutral clip: every component a node animates is sampled at every whole frame (0 to the
// last frame shown, a loop's wrap frame included) and keyed, as a step track, where it moves by
// more than the tolerance. For GEM, scale's z sign and zero become the mirrored and visible
// tracks (unless extras.anmkit recorded them). What extras.anmkit holds comes back as the clip's
// record (model::FormatRecord), for the format to read. Reads .glb or .gltf, with embedded or external buffers.
Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options);
// The same, adding what the import cannot keep to `warnings` (keys between whole frames).
Expected<model::Clip> import_clip(std::span<const std::uint8_t> bytes, const ImportOptions& options,
                                  std::vector<Wording>& warnings);

// A .glb, or glTF JSON (an object with an "asset").
bool looks_like_gltf(std::span<const std::uint8_t> bytes);

}  // namespace anmkit::gltf
