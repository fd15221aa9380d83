// One libFuzzer target; ANMKIT_FUZZ_TARGET names the check (fidelity.hpp). Built by scripts/fuzz.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "fidelity.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::ifstream base(ANMKIT_SOURCE_DIR "/examples/ghost_mm2.anm", std::ios::binary);
  anmkit::fuzz::set_png_import_base(std::vector<std::uint8_t>(std::istreambuf_iterator<char>(base), {}));
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (auto failure = anmkit::fuzz::ANMKIT_FUZZ_TARGET({data, size})) {
    std::fprintf(stderr, "fidelity failure: %s\n", failure->c_str());
    std::abort();
  }
  return 0;
}
