#pragma once
// `anmkit convert ... -o OUT.gltf|OUT.glb`: GEM and LM animations, and GEM .mdl skeletons with
// every sequence they name, as glTF 2.0.

#include <string>

#include "cli_common.hpp"

namespace anmkit::cli {

struct GltfOptions {
  double fps = 30;
  std::string skeleton;             // GEM: MODEL.mdl
  std::string rotation_unit = "degrees";  // LM
  bool force = false;
};

bool is_gltf_output(const std::string& output);
// The glTF of a GEM or LM file (MM2: an error); skeleton warnings are appended to `warnings`.
Expected<std::vector<std::uint8_t>> gltf_bytes(const Loaded& loaded, const GltfOptions& options, bool binary,
                                               std::vector<std::string>& warnings);
int export_gltf(const Loaded& loaded, const std::string& output, const GltfOptions& options, const LmOptions& lm_options);
// IN is a .mdl: the skeleton, and each sequence's file (next to it) as an animation.
int export_mdl(const std::string& mdl_path, const std::vector<std::uint8_t>& text, const std::string& output,
               const GltfOptions& options);

}  // namespace anmkit::cli
