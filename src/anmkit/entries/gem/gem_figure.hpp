#pragma once
// A GEM vehicle's figure, read as the game finds its files (../shared/spec/gem-mesh.notes.md §8-§11):
// each bone's mesh (its finest {VolumeView} .ply, in the bone's rest frame), the .mtl each subset
// names beside the .ply, the textures each material names (no extension: .dds, then .tga; beside
// the .mtl, or "$/..." under OpenOptions::texture_dir, then its common/), and a clip's MESH keys
// as morph targets of the keyed bone's mesh.
//
// Nothing missing stops the export: a mesh that cannot be read is left out, a material that
// cannot be read draws as glTF's default, a texture not found or not decoded leaves its material
// in the .mtl's colour; each is a warning about the file that names it. A texture folder given
// that is not one is an error (check_texture_dir), thrown to the caller's guard.

#include <string>
#include <vector>

#include "anmkit/formats/gem/mdl.hpp"
#include "../../figure_export.hpp"

namespace anmkit::detail {

// What is done with a texture found: only found (listed without pixels: `info`), decoded (the C
// API's figures), or decoded and encoded as PNG too (glTF).
enum class TextureWork { find, decode, decode_and_png };

// `budget`: the bytes left of the input limit for the files the .mdl names (read_referenced_input).
FigureExport read_gem_figure(const std::string& mdl_path, const gem::Mdl& mdl, const OpenOptions& options,
                             std::uint64_t& budget, std::vector<Warning>& warnings, TextureWork work);

}  // namespace anmkit::detail
