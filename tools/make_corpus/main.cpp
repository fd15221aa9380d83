// anmkit_make_corpus OUTDIR COUNT [SEED]: a synthetic game folder for benchmarks (bench/run).
// COUNT files in nested folders of 100 (OUTDIR/d0000/..), 80% GEM, 10% LM, 10% MM2, plus one
// README.txt a folder (not an animation: batch skips it). GEM sizes follow the real GEM corpus in
// ../shared/corpus/gem (100 B to about 400 KB, most of them a few KB): log-uniform over 100 B ..
// 400 KB, skewed towards small files (median about 1 KB, mean about 30 KB). LM files are 5-40 nodes over 30-300
// frames, MM2 files 4-12 frames of 16-64 pixel sprites. A pool of distinct files is built once
// and files are drawn from it, so 100 000 files take seconds. Deterministic for a given SEED
// (its own generator arithmetic; no std distributions, which differ between libraries) and the
// same on every platform: no C library function decides a bit (the portable sine and cosine of
// src/model/portable_math.hpp, powers by power_by_roots.hpp).

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "anmkit/core/file_io.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "../../src/model/portable_math.hpp"
#include "power_by_roots.hpp"

namespace {

namespace fs = std::filesystem;
using namespace anmkit;
using Bytes = std::vector<std::uint8_t>;

// The generator builds valid files; anything else is a bug here, reported and fatal.
template <class T>
T must(Expected<T> value, const char* what) {
  if (!value) {
    std::fprintf(stderr, "make_corpus: %s: %s\n", what, value.error().to_string().c_str());
    std::exit(1);
  }
  return std::move(*value);
}

// splitmix64: small, fast, and the same everywhere.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return double(next() >> 11) * 0x1.0p-53; }
  std::uint32_t below(std::uint32_t n) { return std::uint32_t(next() % n); }
};

// A GEM file of about `target` bytes: `bones` bones turning and moving on every frame.
Bytes gem_file(Random& rng, std::size_t target) {
  const gem::Target targets[] = {gem::Target::gem_4_0, gem::Target::gem_6_0, gem::Target::gem_6_1, gem::Target::gem_6_1_frm3};
  const gem::Target version = targets[rng.below(4)];
  const std::uint32_t bones = std::uint32_t(std::clamp<std::size_t>(target / 4000 + 1 + rng.below(3), 1, 54));
  // Bytes a bone adds to a frame: FRM2/FRM3 a position and orientation key (27), FRMN a matrix (60).
  const std::size_t per_frame = 8 + bones * (version == gem::Target::gem_4_0 ? 60 : 27);
  const std::size_t fixed = 40 + bones * 12;
  const std::uint32_t frames = std::uint32_t(std::max<std::size_t>(1, (target > fixed ? target - fixed : 0) / per_frame));
  model::Clip clip;
  clip.frame_count = frames;
  for (std::uint32_t b = 0; b < bones; ++b) {
    model::BoneTrack t;
    t.name = fmt::format("bone{:02}", b);
    const double speed = 0.02 + 0.1 * rng.unit(), phase = rng.unit() * 6.28;
    for (std::uint32_t f = 0; f < frames; ++f) {
      const double a = phase + speed * f;
      t.translation.keys.push_back({double(f), {float(b), float(model::portable::sin(a)), float(model::portable::cos(a) * 2)}});
      t.rotation.keys.push_back({double(f), model::quat_from_euler_zyx(0, 0, a)});
    }
    t.visible = {{0, true}};
    clip.bones.push_back(std::move(t));
  }
  return must(gem::write(must(gem::from_clip(clip, version), "GEM clip")), "GEM write");
}

Bytes lm_file(Random& rng) {
  model::Clip clip;
  clip.frame_count = 30 + rng.below(271);
  const std::uint32_t nodes = 5 + rng.below(36);
  for (std::uint32_t n = 0; n < nodes; ++n) {
    model::BoneTrack t;
    t.name = fmt::format("node_{}", n);
    t.translation = {model::Interpolation::hermite, {}};
    t.euler_rotation = {model::Interpolation::hermite, {}};
    const std::uint32_t keys = 2 + rng.below(8);
    for (std::uint32_t k = 0; k < keys; ++k) {
      const double f = double(clip.frame_count - 1) * k / (keys - 1);
      t.translation.keys.push_back({f, {float(rng.unit() * 10), 0, float(rng.unit())}, {0.1f, 0, 0}, {0.1f, 0, 0}});
      t.euler_rotation.keys.push_back({f, {0, float(rng.unit() * 3), 0}, {0, 0.01f, 0}, {0, 0.01f, 0}});
    }
    clip.bones.push_back(std::move(t));
  }
  return must(lm::write(must(lm::from_clip(clip, {}), "LM clip")), "LM write");
}

Bytes mm2_file(Random& rng) {
  mm2::File f;
  f.seq_header = {16, 2, 5};
  const std::uint32_t count = 4 + rng.below(9);  // a base and up to 11 patches
  f.blocks = {{0, 40, 1, 6, 0, 30, 1, 6}, {2, 10, 3, 12, 2, 10, 0, 8}};
  for (std::size_t i = 0; i < mm2::palette_size; ++i) f.palette[i] = std::uint16_t(rng.below(0x1000));
  const std::size_t w = 16 + rng.below(49), h = 16 + rng.below(49);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t fw = i == 0 ? w : 4 + rng.below(12), fh = i == 0 ? h : 4 + rng.below(12);
    if (i > 0 && i <= mm2::prelude_slots) {
      f.prelude[i - 1].raw = {std::uint8_t(rng.below(std::uint32_t(w))), std::uint8_t(rng.below(std::uint32_t(h))), std::uint8_t(fw),
                              std::uint8_t(fh)};
    }
    std::vector<std::uint8_t> pixels(fw * fh);
    for (std::size_t p = 0; p < pixels.size(); ++p) pixels[p] = std::uint8_t((p / fw + i) % 7 < 2 ? 0 : (p * 7 + i) % 32);
    f.frames.push_back({std::uint16_t(fw), std::uint16_t(fh), 0});
    f.streams.push_back(mm2::encode_planes(mm2::pixels_to_planes(pixels, fw, fh)));
  }
  return must(mm2::write(f), "MM2 write");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: %s OUTDIR COUNT [SEED]\n", argv[0]);
    return 2;
  }
  const fs::path dir = argv[1];
  const std::size_t count = std::stoul(argv[2]);
  Random rng{argc == 4 ? std::stoull(argv[3]) : 1};
  // The pool: 200 GEM files over the size range, 20 LM, 20 MM2.
  std::vector<Bytes> gem_pool, lm_pool, mm2_pool;
  for (int i = 0; i < 200; ++i) {
    const double u = corpus::power_by_roots(rng.unit(), 1.8);  // skewed towards small files
    gem_pool.push_back(gem_file(rng, std::size_t(100 * corpus::power_by_roots(4000.0, u))));
  }
  for (int i = 0; i < 20; ++i) lm_pool.push_back(lm_file(rng));
  for (int i = 0; i < 20; ++i) mm2_pool.push_back(mm2_file(rng));
  const std::string readme = "not an animation: batch skips this file\n";
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const fs::path folder = dir / fmt::format("d{:04}", i / 100);
    if (i % 100 == 0) {
      fs::create_directories(folder);
      if (auto w = write_file_atomic((folder / "README.txt").string(), Bytes(readme.begin(), readme.end())); !w) return 1;
    }
    const std::uint32_t kind = rng.below(10);
    const Bytes& bytes = kind < 8 ? gem_pool[rng.below(200)] : kind == 8 ? lm_pool[rng.below(20)] : mm2_pool[rng.below(20)];
    const fs::path path = folder / fmt::format("{}{:06}.anm", kind < 8 ? "gem" : kind == 8 ? "lm" : "mm2", i);
    if (auto w = write_file_atomic(path.string(), bytes); !w) {
      std::fprintf(stderr, "%s\n", w.error().to_string().c_str());
      return 1;
    }
    total += bytes.size();
  }
  std::printf("%zu files, %llu bytes in %s\n", count, static_cast<unsigned long long>(total), dir.string().c_str());
  return 0;
}
