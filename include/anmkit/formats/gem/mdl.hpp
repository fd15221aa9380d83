#pragma once
// A GEM `.mdl` model: the brace text (brace_text.hpp), kept whole so that it is written back byte
// for byte (write_mdl), and what it says, read as the game reads it (docs/formats/gem-mesh.md,
// "The .mdl grammar"): keywords in any letter case, names quoted or bare,
//
//   {skeleton {animation {sequence "fire" {file "fire.anm"} {speed 0.7}}}
//             {bone [revolute|prizmatic|socket] "basis" {orientation 3x3}
//               {bone "body" {Matrix34 4x3} {VolumeView "body.ply"} ...}}}
//   {volume "body" {polyhedron "body.vol"} {bone "body"} [transform] {thickness 40}}
//
// {Orientation} gives rows 0-2 of the bone's Matrix34, {Position} row 3 (notes point 16).
//
// Meshes and collision volumes (../shared/spec/gem-mesh.notes.md §10): a bone's visible mesh is
// `{VolumeView "file.ply"}` inside its block, in the bone's rest frame (at most one per bone in
// real files); `{LODView {VolumeView "a.ply"} {VolumeView "a_lod1.ply"} {OFF}}` groups levels of
// detail (described by the exporters only; no real file has one). Collision volumes follow the
// skeleton: `{Volume "name" {Polyhedron "x.vol"} {Bone "b"} [transform]}`, or {Box x y z},
// {Sphere r}, {Cylinder r h} instead of the Polyhedron. They are read, not rendered.
//
// What the game writes and this model does not use ({limits}, {speed}, {parameters}, {events},
// {obstacle}, {thickness}, ...) stays in the text as it is; a block no reader of models knows, a
// second root and the like are notes (warnings with their line), never dropped in silence.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/diagnostic.hpp"
#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/gem/brace_text.hpp"
#include "anmkit/model/math.hpp"

namespace anmkit::gem {

// A mesh a bone shows: {VolumeView "file"}, alone or in a {LODView} group.
struct MdlView {
  std::string file;          // as written: a .ply name relative to the .mdl's folder
  int lod = 0;               // its place in its {LODView} group (0 = the finest); 0 outside one
  int lod_group = -1;        // which {LODView} block of the bone it is in (0, 1, ...); -1 outside one
  std::uint64_t offset = 0;  // where its {VolumeView block starts
};

struct MdlBone {
  std::string name;
  std::string kind;  // the joint kind written before the name ("revolute", "prizmatic", "socket"), "" for none
  int parent = -1;   // index into Mdl::bones, -1 for a root
  model::Matrix34 rest{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::uint64_t offset = 0;  // where its {bone block starts
  std::uint32_t block = 0;   // its block in Mdl::text
  std::vector<MdlView> views;  // its meshes, in file order (the first plain one is LOD 0)
  bool lod_off = false;        // a {LODView} ends with {OFF}: past its last level the bone shows nothing
  bool shown = true;           // false for {Visibility 0}: hidden until an animation shows it
  // The bone's mesh at the finest detail: its first view outside a {LODView}, else the first of
  // its first group; nullptr when it shows none.
  const MdlView* mesh() const;
};

// A collision volume (not rendered): a shape placed in a bone's frame.
struct MdlVolume {
  enum class Shape { polyhedron, box, sphere, cylinder, none };
  std::string name;
  Shape shape = Shape::none;   // the first shape block it holds
  std::string file;            // a polyhedron's .vol file, as written
  std::vector<float> size;     // a box's 3 extents, a sphere's radius, a cylinder's radius and height
  std::string bone;            // {Bone "b"}, as written
  int bone_index = -1;         // that bone in Mdl::bones (ignoring case), -1 when absent
  model::Matrix34 transform{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};  // in the bone's frame
  std::uint64_t offset = 0;    // where its {Volume block starts
};
std::string_view shape_name(MdlVolume::Shape shape);  // "polyhedron", "box", ...

struct MdlSequence {
  std::string name;
  std::string file;  // the {file} value, or "<name>.anm" when the sequence has none
  bool file_given = false;  // the sequence has a {file} (else `file` is the name it was looked for under)
  int bone = -1;            // the bone whose block declares it (Mdl::bones), -1 outside any bone
  std::uint32_t block = 0;  // its block in Mdl::text
};

struct Mdl {
  BraceText text;              // the file as read, every byte of it
  std::vector<MdlBone> bones;  // parents come before their children
  std::vector<MdlSequence> sequences;
  std::vector<MdlVolume> volumes;
  // What the reader met and did not read, or doubts (warnings, each message beginning "line N: "):
  // a block no reader of models knows, a second root, a transform given twice, ...
  std::vector<Diagnostic> notes;
  int find_bone(std::string_view name) const;  // case-insensitive; -1 when absent
};

// Errors name the line ("line N: ...") and carry the byte offset: a text that does not hold
// together as blocks (brace_text.hpp), no {skeleton} (bad_magic), a second {skeleton}, a {skeleton}
// without a bone, a bone without its name, a sequence without its name, a transform that is not
// its count of numbers (bad_value).
Expected<Mdl> read_mdl(std::span<const std::uint8_t> text, const ReadLimits& limits = {});

// The text as read, with the edits made since: write_mdl(read_mdl(text)) == text.
Expected<std::vector<std::uint8_t>> write_mdl(const Mdl& mdl);

// What a `.mdl` text is. The game keeps two kinds of file under that name: models (a {skeleton})
// and armour files (`("set-basic-durability" body(440) ...)` forms and {volume "x" {thickness 15}}
// blocks, no skeleton).
enum class MdlKind { model, armour, neither };
MdlKind mdl_kind(std::span<const std::uint8_t> text);

// True when the text's first block (after `;` comment lines) is {skeleton}, in any letter case.
bool looks_like_mdl(std::span<const std::uint8_t> text);

}  // namespace anmkit::gem
