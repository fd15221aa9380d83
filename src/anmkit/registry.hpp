#pragma once
// The format registry behind the front door: one entry per format, each the only place that
// knows its format's headers. Adding a format is one folder under formats/ and one entry here.

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf.hpp"

namespace anmkit::detail {

using Bytes = std::vector<std::uint8_t>;

// A model file (GEM .mdl, LM .bin) as `info` describes it: the skeleton, and the animation files
// it names or is paired with, as written (the front door resolves and checks them).
struct ModelFile {
  std::string title;        // "GEM model (.mdl)"
  std::string joint_word;   // what the format calls a joint: "bones", "nodes"
  model::Skeleton skeleton;
  struct Sequence {
    std::string name;
    std::string file;         // relative to the model's folder
    std::string how_named;    // "" when the model names the file; else how it was found ("no {file}: ...")
  };
  std::vector<Sequence> sequences;
};

// One opened file of one format. Calls are per document, never per field.
class FormatModel {
 public:
  virtual ~FormatModel() = default;
  virtual std::string version() const { return {}; }
  virtual std::vector<Diagnostic> validate() const = 0;
  virtual Expected<Bytes> write() const = 0;
  virtual nlohmann::ordered_json to_json() const = 0;
  // The summary's JSON fields after file and size, and its text after the heading line.
  virtual nlohmann::ordered_json summary(const OpenOptions& options) const = 0;
  virtual std::string summary_text(const nlohmann::ordered_json& summary) const = 0;
  virtual Expected<model::Clip> clip(const OpenOptions&) const { return unsupported("skeletal clip"); }
  virtual Expected<model::Skeleton> skeleton(const OpenOptions&) const { return unsupported("skeleton"); }
  virtual Expected<model::SpriteAnimation> sprite(const OpenOptions&) const { return unsupported("sprite frames"); }
  virtual Expected<std::shared_ptr<const FormatModel>> convert(std::string_view target) const;
  virtual Expected<std::shared_ptr<const FormatModel>> replace_frames(
      const std::vector<std::pair<std::size_t, Document::FramePicture>>&, const Document::FrameImportOptions&) const {
    return unsupported("sprite frames");
  }

 protected:
  Error unsupported(std::string_view what) const;
};

struct FormatEntry {
  FormatInfo info;
  bool (*sniff)(std::span<const std::uint8_t> bytes);
  Expected<std::shared_ptr<const FormatModel>> (*read)(std::span<const std::uint8_t> bytes, const OpenOptions& options);
  // Checks the reader's limits, so that what it builds reads back.
  Expected<std::shared_ptr<const FormatModel>> (*from_json)(const nlohmann::ordered_json& document, const ReadLimits& limits);
  // A clip imported from glTF, written as `target` (one of info.import_targets); nullptr when
  // the format is not skeletal.
  // `base`, when not null, is the original file (a model of this format) to keep what the
  // clip did not change; what is left out goes into `warnings`.
  Expected<std::shared_ptr<const FormatModel>> (*from_clip)(const model::Clip& clip, std::string_view target,
                                                            const GltfImportOptions& options, const FormatModel* base,
                                                            std::vector<std::string>& warnings);
  // glTF import: whether a node's own value stands where it is not animated (LM replaces the
  // rest pose) rather than the skeleton's rest (GEM).
  bool replaces_rest_pose = false;
  // A model file naming animations (GEM .mdl); nullptr when the format has none.
  bool (*sniff_model)(std::span<const std::uint8_t> text) = nullptr;
  Expected<GltfOutput> (*model_to_gltf)(const std::string& path, std::span<const std::uint8_t> text,
                                        const OpenOptions& options, bool binary) = nullptr;
  Expected<std::vector<std::string>> (*sequence_files)(std::span<const std::uint8_t> text) = nullptr;
  // A model file of this format read by content (`path` gives an LM .bin its paired name);
  // unknown_format when these bytes are not one; nullptr when the format has no model file.
  Expected<ModelFile> (*read_model)(const std::string& path, std::span<const std::uint8_t> bytes) = nullptr;
};

// The registry, in detection order.
std::span<const FormatEntry* const> entries();
const FormatEntry* find_entry(std::string_view name);

// Each format's entry (src/anmkit/<format>_entry.cpp).
const FormatEntry& gem_entry();
const FormatEntry& lm_entry();
const FormatEntry& mm2_entry();

// Shared by the entries: a file read with the caller's limits, naming the file on failure.
Expected<Bytes> read_input(const std::string& path, const OpenOptions& options);
// A file another file names (a .mdl's sequence files): resolved against the naming file's
// folder, a regular file (not an absolute path), and read within `budget` bytes, which it uses up.
// The budget starts at the limit less the naming file's size, so that all together count once
// against limits.max_input_bytes.
Expected<Bytes> read_referenced_input(const std::string& referrer, const std::string& name, const OpenOptions& options,
                                      std::uint64_t& budget);
// Adds the clip to the scene as an animation named `name`; `warn_about`, when not empty, names
// the input in a warning (into `warnings`) for each animated bone the scene lacks.
Expected<void> add_clip(gltf::Scene& scene, const model::Clip& clip, const std::string& name, const std::string& warn_about,
                        std::vector<Warning>& warnings);
// A clip with its skeleton as glTF bytes; `warn_about`, when not empty, names the input in a
// warning for each animated bone the skeleton lacks.
Expected<GltfOutput> clip_to_gltf(const model::Skeleton& skeleton, const model::Clip& clip, bool binary,
                                  const std::string& animation_name, const std::string& warn_about);

}  // namespace anmkit::detail
