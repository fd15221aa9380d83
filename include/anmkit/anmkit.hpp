#pragma once
// anmkit's front door: one opened `.anm` of any format, whatever it holds.
//
//   auto doc = anmkit::Document::open("turret.anm");
//   if (!doc) { puts(doc.error().to_string().c_str()); return 1; }
//   for (const auto& d : doc->validate()) ...;
//   auto clip = doc->clip();        // skeletal formats: the neutral clip (model/clip.hpp)
//   auto pose = anmkit::model::sample(*clip, 12);
//
// Formats are entries of one registry, each registered by its own entry file
// (src/anmkit/entries/): detection, reading, writing, validation, JSON, the summary, the
// neutral models and each format's own options all go through it, so that a client never
// branches on a format's name. Every call returns Expected (or a plain value that cannot
// fail); nothing throws or aborts across this header. Documents are immutable values: copies are
// cheap and share the file model.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/core/expected.hpp"
#include "anmkit/core/file_io.hpp"
#include "anmkit/core/file_source.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/figure.hpp"
#include "anmkit/model/skeleton.hpp"
#include "anmkit/model/sprite.hpp"
#include "anmkit/model/time_edit.hpp"

namespace anmkit {

namespace detail {
class FormatModel;
struct FormatEntry;
struct ClipCache;
}  // namespace detail

class Document;

// An option of a format's own, declared by its entry and reached the same way from every front
// end: OpenOptions::format_options and GltfImportOptions::format_options here, the C API's
// format_options pairs, keyword arguments in Python, --NAME on the command line.
struct FormatOption {
  enum class Kind { whole, choice, flag };
  std::string_view name;  // "nodes", "rotation-unit": stable; --name on the command line
  Kind kind = Kind::whole;
  std::string_view help;
  bool when_opening = false;    // read when a file of the format is opened
  bool when_importing = false;  // read when a glTF is imported as the format
  std::uint64_t max = 0;        // whole: 0 .. max
  std::vector<std::string_view> choices;  // choice: the values; the first is the default
  bool excludes_skeleton = false;  // stands in for what the skeleton gives (LM's node count)
};

// What a format is, as the registry knows it.
struct FormatInfo {
  std::string_view name;   // "gem", "lm", "mm2": stable, used in JSON and on the command line
  std::string_view title;  // "GEM skeletal animation (EANM)", ...
  bool skeletal = false;   // clip() and skeleton() apply
  bool sprite = false;     // sprite() applies
  bool whole_frames_only = false;  // poses are defined at whole frames only (GEM's hold rule)
  bool euler_rotations = false;    // rotations are stored as Euler angles (LM), in its rotation-unit
  bool time_edits = false;         // Document::edit_time applies (model/time_edit.hpp)
  // The extension of its animation files (".anm"), lower case with the dot: what game_file_kinds()
  // lists, and what makes a file that does not read a broken animation rather than another file.
  std::string_view animation_extension;
  // The model file that gives an animation its skeleton (".mdl", ".bin"; "" for none), and
  // whether it lists its animations' files (GEM .mdl) or is paired with one by name (LM .bin,
  // beside the animation under the same name).
  std::string_view skeleton_extension;
  bool skeleton_lists_animations = false;
  // The command line's own name for the skeleton option of this format ("bin": --bin, with its
  // help), when it has one besides --skeleton.
  std::string_view skeleton_option;
  std::string_view skeleton_option_help;
  // What convert() accepts for this format ("gem-4.0", ...; "repack"), and what a glTF import
  // can be written as.
  std::vector<std::string_view> convert_targets;
  std::vector<std::string_view> import_targets;
  // Convert targets that are another layout rather than a version, which a front end offers as
  // a switch of their own ("repack": the command line's --repack), with their help.
  struct LayoutTarget {
    std::string_view target;
    std::string_view help;
  };
  std::vector<LayoutTarget> layout_targets;
  std::vector<FormatOption> options;
};

// Every registered format, in registry order.
std::vector<FormatInfo> formats();
// The format these bytes are, by content (never by name); nullopt when none recognises them.
std::optional<FormatInfo> detect(std::span<const std::uint8_t> bytes);
// Every convert() target of every format, and every glTF import target, each once, in order.
std::vector<std::string_view> convert_targets();
std::vector<std::string_view> import_targets();

// A value of a format's own option (FormatOption), as text ("12", "turn4096", "true"), and how the
// front end's user gave it ("--nodes"; empty: the library words it itself), for summaries.
struct FormatSetting {
  std::string value;
  std::string given_as;
};
using FormatSettings = std::map<std::string, FormatSetting, std::less<>>;

// Every registered format's options, each once (formats that declare the same name share it).
std::vector<FormatOption> format_options();
// Checks settings against the formats' declarations (names, kinds, ranges, choices): what a
// front end calls before it opens or imports, and what open() and import_gltf() call again.
Expected<void> check_format_options(const FormatSettings& settings, bool importing);

// The ranges of the front door's own numbers: one set, which every front end checks against
// (the command line's options, the C API's fields, Python's arguments, the add-on's fields).
struct RealRange {
  double min, max;
  bool holds(double v) const { return v >= min && v <= max; }  // false for NaN
};
inline constexpr RealRange fps_range{0.01, 10000};
inline constexpr RealRange tick_hz_range{0.01, 10000};
inline constexpr RealRange tolerance_range{0, 1e6};
// Every setting a library message may name (SettingMention::setting): the limits
// ("limits.max_frames", ...), the front door's own ("skeleton", "fps", "base", "remap", ...,
// "export_kind", "search_roots"), and each format's own options ("nodes"). A front end has its
// words for each (the command line's "--max-frames"), tested against this list.
std::vector<std::string_view> mentioned_settings();

// The range of one of those by its name ("fps", "tick_hz", "tolerance"), for front ends that
// cannot include this header (the C API's anmkit_setting_range); none for another name.
std::optional<RealRange> setting_range(std::string_view name);
// "fps must be from 0.01 to 10000, found -1": an error naming `setting` as the front end calls it.
Expected<void> check_range(std::string_view setting, double value, RealRange range);

// What an opened game file is: an animation (a format's own file), a model that gives animations
// their skeleton and names them (GEM .mdl, LM .bin), or a resource that a model shows or reads
// (GEM .ply mesh, .mtl material, .vol volume, armour .mdl). Each opens as a Document.
enum class DocumentKind { animation, model, resource };
// "animation", "model", "resource": stable (Summary::kind, the JSON, the C API, Python).
std::string_view kind_name(DocumentKind kind);

// A kind of file a format reads, as its entry registers it: what the front ends list, filter and
// count files by (the viewer's file list, the add-on's file browser, a folder walk's tally), so
// that none of them names an extension.
struct GameFileKind {
  std::string_view format;     // "gem"
  std::string_view name;       // "animation", "model", "mesh", "material", "texture", ...: stable
  std::string_view extension;  // lower case, with the dot: ".anm"
  // What Document::open makes of one, with that kind asked for; none: a file the format knows
  // but does not open (a texture, an entity script).
  std::optional<DocumentKind> opens_as;
};
// Every format's file kinds, in registry order; within a format, its animations, its model, then
// its other files in the order a model names them. An extension may be listed twice (GEM's .mdl:
// a model, or an armour file, which its content tells apart).
std::vector<GameFileKind> game_file_kinds();

// The kinds Document::open takes: a file of another kind is unknown_format, in the words that
// say what it is ("not an animation but a GEM mesh (.ply)"), as a file that no format reads is.
// By default animations alone, what a caller that samples, edits or converts clips wants; a
// front end that describes whatever it is given (info, validate, dump) takes all().
struct OpenKinds {
  bool animations = true;
  bool models = false;
  bool resources = false;
  static constexpr OpenKinds all() { return {true, true, true}; }
};

struct OpenOptions {
  ReadLimits limits;
  OpenKinds kinds;
  // The paired model file (format().skeleton_extension): GEM's .mdl gives the bone tree and rest
  // pose; LM's .bin gives the scene graph and the node count, which the file does not store.
  std::string skeleton;
  // How the front end's user gave the skeleton ("--bin MODEL.bin"), for summaries; empty: its path.
  std::string skeleton_given_as;
  // Where every file is read from (core/file_source.hpp): the input opened by its path, the
  // skeleton, and every file those name (sequences, meshes, materials, volumes, textures).
  // Null: the disk, for Document::open(path) and the functions that take a path; opening bytes
  // or a dump then reads no file, and a skeleton named is an error. A front end that opens
  // bytes with a skeleton on disk (the command line, the C API) gives disk_files(); a caller with
  // files in memory, a MemoryFiles. One source given to many calls lists each folder once.
  std::shared_ptr<const FileSource> files;
  // The formats' own options (FormatInfo::options that are when_opening), by name.
  FormatSettings format_options;
  // Folders under which a file another file names may lie (a .mdl's sequences), besides the
  // naming file's own folder: a name that leads elsewhere ("../../x.anm") is refused.
  std::vector<std::string> reference_roots;
  double fps = model::default_fps;        // skeletal formats store no frame rate
  double tick_hz = model::default_tick_hz;  // sprites: game ticks per second
  // What a model shows (GEM: the .mdl's .ply meshes, their .mtl materials and textures) goes into
  // glTF with its skeleton; false: the skeleton and the animations alone.
  bool meshes = true;
  // The game's shared texture folder (GEM: resource/texture), where textures named "$/..." are
  // looked for, then under its common/; "": such a texture is reported missing.
  std::string texture_dir;
  // With the meshes, the model's collision volumes (GEM: the .mdl's {Volume}s), each a
  // translucent mesh on its bone (model::Mesh::collision; docs/gltf.md, "Collision volumes").
  bool volumes = false;
};

// A model file's joint, as its summary lists it.
struct SummaryJoint {
  std::string name;
  std::optional<std::size_t> parent;  // index into Summary::joints; none for a root
};

// An animation file that a model file names (or is paired with), looked for beside the model.
struct SummarySequence {
  std::string name;
  std::string file;         // as the model names it, relative to the model's folder
  std::string declared_by;  // the joint whose block declares it (GEM); "" when the format does not say
  std::string how_named;    // "" when the model names the file; else how it was found ("paired by name")
  bool exists = false;      // the file is there
  // Where it is, as the game finds it (`\` a separator, either case): the model's folder joined
  // with the name; "" when the name is refused (out of the folder and the roots, or two files).
  std::string path;
};

namespace detail {
struct SummaryFacts;  // a format's own summary fields (src/anmkit/summary.hpp)
}

// What a model shows on its skeleton (GEM: the .mdl's meshes, their materials and textures), as
// `info` counts it: files looked for, not decoded.
struct SummaryShows {
  std::size_t meshes = 0;            // read
  std::size_t meshes_missing = 0;    // named, but not found or not read
  std::size_t triangles = 0;
  std::size_t materials = 0;
  std::size_t textures = 0;          // found
  std::size_t textures_missing = 0;  // not found (shared ones included)
  std::size_t textures_shared = 0;   // named "$/..." (the game's shared textures) with no texture folder given
  std::vector<std::string> notes;    // what is missing, and why, a line each
};

// What `anmkit info` says about a file, as values; `text` and `json` are rendered from them.
// Every summary has file, size, format, kind and title; a model file's (kind "model") has its
// joints and sequences, an animation's the format's own facts, which only the JSON shows as
// fields (docs/cli.md lists them).
struct Summary {
  std::string file;
  std::uint64_t size = 0;
  std::string format;    // the format's name ("gem")
  std::string kind;      // "animation" or "model"
  std::string title;     // "GEM skeletal animation (EANM)", "GEM model (.mdl)"
  std::string version;   // Document::version(); "" for a model file and a format without one
  std::string joint_word;                  // a model's word for its joints: "bones", "nodes"
  std::vector<SummaryJoint> joints;        // a model's, parents before their children
  std::size_t hierarchy_depth = 0;         // a model's: the most joints on a path from a root
  std::vector<SummarySequence> sequences;  // a model's
  std::optional<SummaryShows> shows;      // a model's, when its format's models show meshes
  std::vector<Diagnostic> notes;           // a model's warnings: what its reader met and did not read ("line 12: ...")
  std::shared_ptr<const detail::SummaryFacts> facts;  // an animation's, as its format gives them
  std::string text;  // several lines, ending in a newline, headed by the file's name
  std::string json;  // one JSON object (file, size, format, ...; docs/cli.md)
};

// Several summaries as one JSON array, each object as its `json` (what `anmkit info --json`
// prints for several files).
std::string summaries_json(const std::vector<Summary>& summaries);

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
  // The target format's own options (FormatInfo::options that are when_importing), by name.
  FormatSettings format_options;
  ReadLimits limits;         // the input cap covers the glTF and its external buffers together
  std::string folder;        // where its external buffers are (the glTF's folder); empty: none read
  // The game's model file (the target's skeleton_extension: GEM's .mdl) to read the animation
  // onto: its bones only, in its rest pose and axes, whatever node tree, axes and bone frames
  // the glTF has (Blender's own exporter, another tool); a node the animation moves that is no
  // bone of it is refused by name (docs/gltf.md, "Onto a skeleton"). Read through `files`
  // (null: from disk). Empty: the nodes hold the format's values below anmkit_root.
  std::string skeleton;
  // Where the skeleton and the glTF's external buffers (below `folder`) are read from; null: the disk.
  std::shared_ptr<const FileSource> files;
  // The original file the glTF was made from (same format as the target; docs/gltf.md,
  // "--base"): its bone order, flags, comments, version and layout are kept, and every value the
  // glTF did not move beyond the tolerance keeps the original's exact bits. Null: none.
  std::shared_ptr<const Document> base;
};

// Something that did not stop a conversion but changed its result.
struct Warning {
  std::string file;  // the input it is about
  std::string message;
  std::vector<SettingMention> settings;  // the settings `message` names, and where
};

struct GltfOutput {
  std::vector<std::uint8_t> bytes;
  std::vector<Warning> warnings;  // e.g. animated bones the skeleton lacks, sequences skipped
  // What was written, for a one-line account: the skeleton's bones, the animations, and (from a
  // model file) the sequences it declares that were left out (each has its warning).
  std::size_t bones = 0;
  std::size_t animations = 0;
  std::size_t sequences_skipped = 0;
  // What the model showed (OpenOptions::meshes): meshes and their triangles, materials, and the
  // textures written (found and decoded) and not (each of those has its warning).
  std::size_t meshes = 0;
  std::size_t triangles = 0;
  std::size_t materials = 0;
  std::size_t textures = 0;
  std::size_t textures_missing = 0;
  std::size_t volumes = 0;  // collision volumes drawn (OpenOptions::volumes); not among the meshes
  // Every file read for it besides the input (a model's sequences, meshes, materials, volumes and
  // textures), once each: an output must not replace one (the next run would miss it).
  std::vector<std::string> files_read;
};

// What a model file shows on its skeleton (GEM: a .mdl's .ply meshes, their .mtl materials and
// their textures, decoded), read as the game finds the files (docs/gltf.md, "The whole vehicle");
// what is missing is a warning. `mesh_animation` turns a clip's mesh animation (GEM's MESH keys)
// into morph targets of the figure's meshes, appended to `figure`, and says from which frame each
// shows; a key it cannot show is a warning about `file`.
struct MeshMorphs {
  std::size_t mesh = 0;  // index into model::Figure::meshes
  std::vector<model::MorphKey> keys;
};
struct ModelFigure {
  model::Skeleton skeleton;
  model::Figure figure;
  std::vector<Warning> warnings;
  std::function<std::vector<MeshMorphs>(model::Figure& figure, const model::Clip& clip, const std::string& name,
                                        const std::string& file, std::vector<Warning>& warnings)>
      mesh_animation;
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
  std::string version() const;  // "6.0", "6.1" (GEM), "2" (LM), "" when the format has none
  // The glTF import target that writes a file as this one is (its version and layout:
  // "gem-6.1-frm3", "lm"); "" when a glTF cannot be written as this format.
  std::string import_target() const;
  const std::string& name() const;  // the path or name it was opened with
  // The file the document was read from (open(path); kept by convert() and replace_frames());
  // "" when it was made from bytes, a dump or a glTF, whatever its name. What save() and
  // save_as() refuse to write over unless asked.
  const std::string& source_path() const;
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

  // Skeletal formats: the neutral clip (fps from the options, the format's extras for glTF),
  // built once by the first call that wants it (from any thread) and shared by the document's
  // copies; shared_clip() hands out that one, clip() a copy of it.
  Expected<model::Clip> clip() const;
  Expected<std::shared_ptr<const model::Clip>> shared_clip() const;
  // The clip as far as sampling reads it: every track and event, without the mesh keys (GEM's
  // per-vertex payloads, which can be most of a file and which no pose holds). Samplers, pose
  // queries and bone lists take it, so that a file of large payloads costs no copy of them; the
  // whole clip when that one is built already.
  Expected<std::shared_ptr<const model::Clip>> sampling_clip() const;
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
  // The sequence retimed, trimmed, reversed, with frames inserted or deleted, or made to loop
  // (model/time_edit.hpp), where format().time_edits: keys keep their bytes and move to the
  // first frame that shows them. An edit that changes nothing gives this document back, with
  // `unchanged`; what an edit leaves out is a warning.
  struct TimeEdited;
  Expected<TimeEdited> edit_time(const model::TimeEdit& edit) const;
  // glTF 2.0 of a skeletal animation: its skeleton, and its clip as one animation. Of a model file
  // that names animations (a GEM .mdl): its skeleton, what it shows (options().meshes, volumes,
  // texture_dir) and every sequence it names beside it, an animation each; a sequence that cannot
  // be read is skipped with a warning (GltfExportOptions::animation_name does not apply).
  Expected<GltfOutput> to_gltf(const GltfExportOptions& options = {}) const;

  // What the file is. Every call above applies where it means something for the kind and is
  // `unsupported` where it does not (a mesh has no clip); summary(), validate(), write() and
  // to_json() apply to every kind (a model's dump excepted: its text is its lossless form).
  DocumentKind kind() const;
  // A model's: its skeleton and what it shows on it (GEM: the .mdl's .ply meshes, their .mtl
  // materials and their textures, decoded), read as the game finds the files (docs/gltf.md, "The
  // whole vehicle"); what is missing is a warning. A format whose models show nothing (LM .bin):
  // the skeleton alone.
  Expected<ModelFigure> figure() const;
  // A model's: every file besides it that to_gltf reads, as found (its sequences, and with
  // options().meshes its meshes, materials and textures; with volumes its volumes): what a run
  // that converts it must not write over. Meshes and materials are read to find the files they
  // name; textures are found, not read.
  Expected<std::vector<std::string>> files_read() const;
  // A model's: the files its figure() would read that options().files names without their bytes
  // (MemoryFiles::declare), each once, in the order the figure looks for them. A caller that hands
  // files over as the library wants them (a browser, which reads a picked file only when asked)
  // gives these and asks again until none is left (each round reads what the files given so far
  // name: the meshes, then their materials, then the textures), then asks for figure() once.
  // Nothing is decoded. A source with every file's bytes (the disk) wants nothing.
  Expected<std::vector<std::string>> files_wanted() const;
  // A model's: the animation files it names, as written in it (relative to its folder).
  Expected<std::vector<std::string>> sequence_files() const;
  // A model's: its sequences (the files it names, or the one paired with it), each looked for as
  // the game finds it; what its summary lists, without reading what it shows.
  Expected<std::vector<SummarySequence>> sequences() const;
  // A model's text with one more sequence, `name`, that plays the file at `file_path` (named in
  // the model as its own sequence files are: relative to the model's folder, with '/'), every other
  // byte as it was (docs/cli.md, "A new sequence"). Refused when `file_path` lies outside the
  // model's folder (the game looks for a sequence's file from there), when the model declares that
  // name already, when the name or the file cannot be written in the model's text, or when the
  // format's models declare no sequences.
  Expected<std::vector<std::uint8_t>> with_sequence(std::string_view name, const std::string& file_path) const;

  // Internal: the registry builds documents from a format's model.
  Document(const detail::FormatEntry* entry, std::shared_ptr<const detail::FormatModel> model, std::string name,
           OpenOptions options);
  const detail::FormatModel& model() const { return *model_; }

 private:
  Summary summary_unguarded() const;
  // The clip, built once for the document and its copies (same model, same options); a
  // failure is not kept, so that a later call tries again.
  Expected<std::shared_ptr<const model::Clip>> built_clip() const;
  Expected<std::shared_ptr<const model::Clip>> built_sampling_clip() const;
  const detail::FormatEntry* entry_;
  std::shared_ptr<const detail::FormatModel> model_;
  std::string name_;
  std::string source_path_;  // the file open(path) read; "" for bytes and dumps (their name is only a name)
  OpenOptions options_;
  std::uint64_t source_size_ = 0;
  std::shared_ptr<detail::ClipCache> clip_cache_;
};

struct Document::TimeEdited {
  Document document;
  bool unchanged = false;
  std::vector<Warning> warnings;
};

struct Document::GltfImport {
  Document document;
  std::vector<Warning> warnings;
};

// Conveniences over Document::open for a model file (one that is not says what it is): its
// to_gltf() and its with_sequence().
// looks_like_model: the bytes are a model file by their content or, given the file's path, by the
// model extension its game reads by name (a .mdl that does not read is a broken model, and says why).
bool looks_like_model(std::span<const std::uint8_t> bytes, const std::string& path = {});
Expected<GltfOutput> model_to_gltf(const std::string& path, const OpenOptions& options = {}, bool binary = true);
Expected<std::vector<std::uint8_t>> model_with_sequence(const std::string& path, std::string_view name, const std::string& file_path,
                                                        const OpenOptions& options = {});

// What a game file that is no animation is, as a folder's count calls it: "model" (a format's
// model file: GEM .mdl, LM .bin), "mesh", "material", "texture", "collision volume", "entity
// script"; "" for a file no format knows. Reads at most the file's first 4 KiB.
std::string game_file_kind(const std::string& path);

// True for .glb bytes or glTF JSON.
bool looks_like_gltf(std::span<const std::uint8_t> bytes);

}  // namespace anmkit
