#pragma once
// anmkit's front door: one opened `.anm` of any format, whatever it holds.
//
//   auto doc = anmkit::Document::open("turret.anm");
//   if (!doc) { puts(doc.error().to_string().c_str()); return 1; }
//   for (const auto& d : doc->validate()) ...;
//   auto clip = doc->clip();        // skeletal formats: the neutral clip (model/clip.hpp)
//   auto pose = anmkit::model::sample(*clip, 12);
//
// Formats are entries of one registry (src/anmkit/registry.cpp): detection, reading, writing,
// validation, JSON, the summary and the neutral models all go through it, so nothing here or in
// a client branches on a format. Every call returns Expected (or a plain value that cannot
// fail); nothing throws or aborts across this header. Documents are immutable values: copies are
// cheap and share the file model.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/core/expected.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"
#include "anmkit/model/sprite.hpp"

namespace anmkit {

namespace detail {
class FormatModel;
struct FormatEntry;
}  // namespace detail

class Document;

// What a format is, as the registry knows it.
struct FormatInfo {
  std::string_view name;   // "gem", "lm", "mm2": stable, used in JSON and on the command line
  std::string_view title;  // "GEM skeletal animation (EANM)", ...
  bool skeletal = false;   // clip() and skeleton() apply
  bool sprite = false;     // sprite() applies
  bool whole_frames_only = false;  // poses are defined at whole frames only (GEM's hold rule)
  bool euler_rotations = false;    // rotations are stored as Euler angles (LM), in rotation_unit
  // The model file that gives an animation its skeleton (".mdl", ".bin"; "" for none), and
  // whether it lists its animations' files (GEM .mdl) or is paired with one by name (LM .bin,
  // beside the animation under the same name).
  std::string_view skeleton_extension;
  bool skeleton_lists_animations = false;
  // What convert() accepts for this format ("gem-4.0", ...; "repack"), and what a glTF import
  // can be written as.
  std::vector<std::string_view> convert_targets;
  std::vector<std::string_view> import_targets;
};

// Every registered format, in registry order.
std::vector<FormatInfo> formats();
// The format these bytes are, by content (never by name); nullopt when none recognises them.
std::optional<FormatInfo> detect(std::span<const std::uint8_t> bytes);
// Every convert() target of every format, and every glTF import target, each once, in order.
std::vector<std::string_view> convert_targets();
std::vector<std::string_view> import_targets();
// The units an LM file's rotations may be stored in ("degrees", "turn4096", "radians"), and
// how many radians one of them is (nullopt for an unknown name).
std::vector<std::string_view> rotation_units();
inline constexpr std::string_view default_rotation_unit = "degrees";
std::optional<double> rotation_unit_radians(std::string_view unit);

struct OpenOptions {
  ReadLimits limits;
  // The paired model file (format().skeleton_extension): GEM's .mdl gives the bone tree and rest
  // pose; LM's .bin gives the scene graph and the node count, which the file does not store.
  std::string skeleton;
  // LM without a .bin: the node count, else it is inferred from the layout.
  std::optional<std::uint32_t> lm_nodes;
  // How summary() names where the node count came from when it was given (empty: "given" or
  // "from MODEL.bin"; the command line names its options).
  std::string lm_node_count_label;
  std::string rotation_unit{default_rotation_unit};  // LM: one of rotation_units()
  double fps = model::default_fps;        // skeletal formats store no frame rate
  double tick_hz = model::default_tick_hz;  // sprites: game ticks per second
};

// What `anmkit info` prints about a file.
struct Summary {
  std::string text;  // several lines, ending in a newline, headed by the document's name
  std::string json;  // one JSON object (file, size, format, ...; docs/cli.md)
};

struct SaveOptions {
  bool overwrite_source = false;  // allow `path` to be the file the document was opened from
  Durability durability = Durability::each_file;
};

struct GltfExportOptions {
  bool binary = true;          // .glb, else .gltf with the buffer embedded
  std::string animation_name;  // default: the document's name without folder and extension
};

struct GltfImportOptions {
  std::string animation;     // a name or an index; empty: the first
  double fps = model::default_fps;  // when the glTF does not record it
  float tolerance = 1e-6f;   // how far a value may move and still count as unchanged
  bool dense = false;        // LM: one key a frame on every moving track
  std::string rotation_unit{default_rotation_unit};  // LM: the unit to store rotations in
  ReadLimits limits;         // the input cap covers the glTF and its external buffers together
  std::string folder;        // where its external buffers are (the glTF's folder); empty: none read
  // The original file the glTF was made from (same format as the target; docs/gltf.md,
  // "--base"): its bone order, flags, comments, version and layout are kept, and every value the
  // glTF did not move beyond the tolerance keeps the original's exact bits. Null: none.
  std::shared_ptr<const Document> base;
};

// Something that did not stop a conversion but changed its result.
struct Warning {
  std::string file;  // the input it is about
  std::string message;
};

struct GltfOutput {
  std::vector<std::uint8_t> bytes;
  std::vector<Warning> warnings;  // e.g. animated bones the skeleton lacks, sequences skipped
};

class Document {
 public:
  // Reads a file (at most options.limits.max_input_bytes) and opens it by content. Errors name
  // the file and the byte offset.
  static Expected<Document> open(const std::string& path, const OpenOptions& options = {});
  // Opens bytes already in memory; `name` is used in messages and summaries.
  static Expected<Document> open(std::span<const std::uint8_t> bytes, const OpenOptions& options = {},
                                 std::string name = {});
  // The exact inverse of to_json() (docs/json-schema.md); errors name the JSON pointer.
  static Expected<Document> from_json(std::string_view json, const OpenOptions& options = {}, std::string name = {});
  // A glTF animation (.glb or .gltf bytes) written as `target` (one of import_targets()).
  static Expected<Document> from_gltf(std::span<const std::uint8_t> gltf, std::string_view target,
                                      const GltfImportOptions& options = {}, std::string name = {});
  // from_gltf with what the import left out or could not restore, as warnings naming `name`.
  struct GltfImport;
  static Expected<GltfImport> import_gltf(std::span<const std::uint8_t> gltf, std::string_view target,
                                          const GltfImportOptions& options = {}, std::string name = {});

  FormatInfo format() const;
  std::string version() const;  // "6.0", "6.1 FRM3", "2", "" when the format has none
  const std::string& name() const;  // the path or name it was opened with
  // The size of the bytes it was opened from (0 when it was built from JSON or converted).
  std::uint64_t source_size() const { return source_size_; }
  const OpenOptions& options() const;

  // The format's rules (docs/formats/): findings with stable ids, offsets and JSON pointers.
  std::vector<Diagnostic> validate() const;
  // The file's bytes as the model stands (byte-identical to the input when unchanged).
  Expected<std::vector<std::uint8_t>> write() const;
  // Writes through a temporary file renamed into place; refuses to replace the file it was
  // opened from unless options.overwrite_source.
  Expected<void> save(const std::string& path, const SaveOptions& options = {}) const;
  // The lossless dump: pretty (the CLI's layout) or on one line.
  Expected<std::string> to_json(bool pretty = true) const;
  Expected<Summary> summary() const;

  // Skeletal formats: the neutral clip (fps from the options, the format's extras for glTF).
  Expected<model::Clip> clip() const;
  // The rest pose the clip animates, from options.skeleton; without one, an empty skeleton in
  // the format's axes and units.
  Expected<model::Skeleton> skeleton() const;
  // Sprite formats: composed states, palette and sequences at options.tick_hz.
  Expected<model::SpriteAnimation> sprite() const;
  // Another version or layout of the same format (one of format().convert_targets).
  Expected<Document> convert(std::string_view target) const;
  // Sprites: the stored frames given by `frames` (index -> picture) replaced, each re-encoded;
  // the other frames keep their bytes. Errors name the picture.
  struct FramePicture {
    std::string name;  // for messages (the file it came from)
    model::Picture picture;
  };
  struct FrameImportOptions {
    bool remap = false;   // colours not in the palette go to the nearest pen instead of failing
    bool resize = false;  // a frame may change size (patch rectangles follow, or it is refused)
    // The pictures are this many times the frames' size (exported enlarged); 0: found from them.
    std::size_t scale = 1;
  };
  Expected<Document> replace_frames(const std::vector<std::pair<std::size_t, FramePicture>>& frames,
                                    const FrameImportOptions& options) const;
  // glTF 2.0 of a skeletal document: its skeleton, and its clip as one animation.
  Expected<GltfOutput> to_gltf(const GltfExportOptions& options = {}) const;

  // Internal: the registry builds documents from a format's model.
  Document(const detail::FormatEntry* entry, std::shared_ptr<const detail::FormatModel> model, std::string name,
           OpenOptions options);
  const detail::FormatModel& model() const { return *model_; }

 private:
  Summary summary_unguarded() const;
  const detail::FormatEntry* entry_;
  std::shared_ptr<const detail::FormatModel> model_;
  std::string name_;
  OpenOptions options_;
  std::uint64_t source_size_ = 0;
};

struct Document::GltfImport {
  Document document;
  std::vector<Warning> warnings;
};

// A model file that names animations (a GEM .mdl: its skeleton and every sequence file beside
// it) as one glTF with an animation per sequence. Sequences that cannot be read are skipped
// with a warning.
bool looks_like_model(std::span<const std::uint8_t> bytes);
Expected<GltfOutput> model_to_gltf(const std::string& path, const OpenOptions& options = {}, bool binary = true);
// The animation files a model file names (as written in it, relative to its folder).
Expected<std::vector<std::string>> model_sequence_files(const std::string& path, const OpenOptions& options = {});
// A model file (GEM .mdl, LM .bin), recognised by content, as `anmkit info` describes it: its
// skeleton (bones, parents, hierarchy depth) and the animation files it names or is paired
// with, each with whether it exists. unknown_format when no format has a model file like it.
Expected<Summary> model_summary(const std::string& path, const OpenOptions& options = {});
// True for .glb bytes or glTF JSON.
bool looks_like_gltf(std::span<const std::uint8_t> bytes);

}  // namespace anmkit
