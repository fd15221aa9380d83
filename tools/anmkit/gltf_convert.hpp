#pragma once
// `anmkit convert ... -o OUT.gltf|OUT.glb`: skeletal animations, and model files with every
// sequence they name (GEM .mdl), as glTF 2.0.

#include <string>

#include "cli_common.hpp"

namespace anmkit::cli {

bool is_gltf_output(const std::string& output);
// Prints each warning as `FILE: warning: MESSAGE` on stderr.
void print_warnings(const std::vector<Warning>& warnings);
// `inputs`: every file read for the document (the output may replace none of them).
int export_gltf(const Document& document, const std::string& output, const InputSet& inputs, bool force);
// IN is a model file (.mdl): the skeleton, and each sequence's file (next to it) as an animation.
int export_model(const std::string& path, const std::string& output, const OpenOptions& options, bool force);

}  // namespace anmkit::cli
