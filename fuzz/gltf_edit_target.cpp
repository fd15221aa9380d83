// The structure-aware glTF target: the input is a list of edits to a valid glTF (gltf_edits.hpp),
// imported with a folder to read external buffers from (holding a file and a sub-folder that an
// edited `uri` may name), then checked as the gltf_import target checks any glTF.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "fidelity.hpp"
#include "gltf_edits.hpp"

namespace {

std::string folder;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::vector<std::string> bases;
  for (const char* name : {"turret_v60.anm", "track_meshanim_v61.anm", "mansion_door.anm"}) {
    anmkit::OpenOptions options;
    if (std::string(name) == "mansion_door.anm") options.skeleton = ANMKIT_SOURCE_DIR "/examples/mansion_door.bin";
    auto document = anmkit::Document::open(std::string(ANMKIT_SOURCE_DIR "/examples/") + name, options);
    if (!document) continue;
    auto gltf = document->to_gltf({false, "clip"});
    if (gltf) bases.emplace_back(gltf->bytes.begin(), gltf->bytes.end());
  }
  anmkit::fuzz::set_gltf_edit_bases(std::move(bases));
  char pattern[] = "/tmp/anmkit-fuzz-gltf-XXXXXX";
  if (const char* made = ::mkdtemp(pattern)) {
    folder = made;
    std::filesystem::create_directory(folder + "/sub");
    std::ofstream(folder + "/t.bin", std::ios::binary) << std::string(1068, '\0');
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = anmkit::fuzz::apply_gltf_edits({data, size});
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  anmkit::gltf::ImportOptions options;
  options.folder = folder;
  (void)anmkit::gltf::import_clip(bytes, options);
  if (auto failure = anmkit::fuzz::check_gltf_import(bytes)) {
    std::fprintf(stderr, "fidelity failure: %s\n", failure->c_str());
    std::abort();
  }
  return 0;
}
