#pragma once
// What a model file shows on its skeleton, as a format's entry gives it to glTF export: the
// figure, each texture's picture as PNG, and how a clip's mesh animation becomes morph targets.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf.hpp"
#include "anmkit/model/figure.hpp"

namespace anmkit::detail {

struct FigureExport {
  model::Figure figure;
  std::vector<std::vector<std::uint8_t>> texture_png;  // one a texture; empty: not found or not decoded
  std::size_t textures_missing = 0;  // not found, or not decoded (each with its warning)
  std::size_t textures_shared = 0;   // of those, named "$/..." with no texture folder given
  std::size_t meshes_missing = 0;    // named by the model, but not read (each with its warning)
  std::vector<std::string> files_read;  // each file read for it (meshes, materials, volumes, textures)
  // Each file it looked for and found there, read or not (a file a source names without its
  // bytes among them): what a caller handing files over must give (Document::files_wanted).
  std::vector<std::string> files_found;
  // Adds the clip's mesh animation (animation `name`) to the figure's morph targets and says
  // which keys show them; what cannot be shown is a warning about `file`.
  std::function<std::vector<MeshMorphs>(model::Figure& figure, const model::Clip& clip, const std::string& name,
                                        const std::string& file, std::vector<Warning>& warnings)>
      morphs;
};

// A texture file decoded into `texture` (its pixels) and, with `png`, encoded as PNG (returned;
// empty without); in a build without texture decoders (WebAssembly), an error saying so.
Expected<std::vector<std::uint8_t>> decode_texture_file(std::span<const std::uint8_t> file, const ReadLimits& limits,
                                                        model::Texture& texture, bool png);

// Builds a glTF scene of a skeleton, its figure (may be null) and clips, each clip an animation
// with its mesh animation as morph weights. Usage: add_figure, then add each clip, then finish.
class FigureScene {
 public:
  explicit FigureScene(const model::Skeleton& skeleton, FigureExport* figure);
  // Adds the clip (which must outlive finish()) as animation `name`; `warn_about`, when not
  // empty, names the input in warnings about bones the skeleton lacks and meshes it cannot animate.
  Expected<void> add_clip(const model::Clip& clip, const std::string& name, const std::string& warn_about,
                          std::vector<Warning>& warnings);
  // The glTF bytes, with the counts of what the figure wrote in `out`.
  Expected<void> finish(bool binary, GltfOutput& out);

 private:
  gltf::Scene scene_;
  FigureExport* figure_;
  struct Pending {
    std::size_t animation;
    MeshMorphs morphs;
    double fps;
    std::uint32_t last_frame;
  };
  std::vector<Pending> pending_;
};

}  // namespace anmkit::detail
