#pragma once
// What each fuzz target checks: no crash is not enough; whatever parses must also survive a
// write and a read unchanged, and the meaning computed from it must not fail. Each check returns
// a description of the first wrong result, or nothing. The fuzz targets abort on a description;
// the test suite replays every committed crasher (tests/data/crashers/) through the same checks.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/anmkit.hpp"

namespace anmkit::fuzz {

using Input = std::span<const std::uint8_t>;
using Check = std::optional<std::string> (*)(Input);

std::optional<std::string> check_gem(Input bytes);
std::optional<std::string> check_lm(Input bytes);
std::optional<std::string> check_lm_bin(Input bytes);
std::optional<std::string> check_mm2(Input bytes);
std::optional<std::string> check_mdl(Input bytes);
// GEM meshes (.ply) and materials (.mtl): read, write back the same bytes, validate, decode, dump.
std::optional<std::string> check_ply(Input bytes);
std::optional<std::string> check_mtl(Input bytes);
// GEM collision volumes (.vol): read, write back the same bytes, validate, dump, summary.
std::optional<std::string> check_vol(Input bytes);
// Textures (image layer): decode; a failure says where; a picture has every pixel, its header
// reader agrees, detection finds it, and it survives PNG.
std::optional<std::string> check_dds(Input bytes);
std::optional<std::string> check_tga(Input bytes);
std::optional<std::string> check_json_build(Input bytes);
// check_json_build, then the front door: Document::from_json, write, and open (detection included).
std::optional<std::string> check_json_structure(Input bytes);
std::optional<std::string> check_png_import(Input bytes);
std::optional<std::string> check_gltf_import(Input bytes);
// A vehicle (figure_check.cpp: a .mdl with its .ply, .mtl and .vol) made into glTF, held to the
// Khronos validator's rules (check_gltf_rules, for a GLB anmkit wrote).
std::optional<std::string> check_figure(Input bytes);
std::optional<std::string> check_gltf_rules(const std::vector<std::uint8_t>& glb);
// The GLB of the figure target's input (check_figure's first step).
Expected<GltfOutput> figure_gltf(Input bytes);
// The file source's names (file_names_check.cpp): resolved within their folder and roots, read as found.
std::optional<std::string> check_file_names(Input bytes);
// The C API (capi_check.cpp; links the C library, so apart from targets()).
std::optional<std::string> check_capi(Input bytes);

struct Target {
  std::string_view name;
  Check check;
};
// Every target, by the name of its folder under tests/data/crashers/ and fuzz/dict/.
const std::vector<Target>& targets();

// The MM2 file that imported PNGs are put into (the ghost example), set once before checking.
void set_png_import_base(std::vector<std::uint8_t> mm2_bytes);

}  // namespace anmkit::fuzz
