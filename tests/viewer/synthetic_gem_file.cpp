// anmkit_synthetic_gem OUT.anm: writes the GEM benchmarks' clip (synthetic_gem.hpp, FRM2, about
// 700 KB) to a file, for measurements outside the benchmarks (the viewer's read speed).
#include <cstdio>

#include "synthetic_gem.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: anmkit_synthetic_gem OUT.anm\n");
    return 2;
  }
  const auto& bytes = anmkit::bench::synthetic_file_bytes(anmkit::gem::Target::gem_6_0);
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size() || std::fclose(out) != 0) {
    std::fprintf(stderr, "anmkit_synthetic_gem: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
