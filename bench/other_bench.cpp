// LM, MM2 and glTF throughput: read, evaluate, decode and encode, export.

#include <benchmark/benchmark.h>

#include "anmkit/anmkit.hpp"
#include "anmkit/gltf/gltf.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_validate.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "anmkit/model/sampler.hpp"
#include "common/keep_freed_memory.hpp"
#include "memcpy_ratio.hpp"
#include "synthetic_gem.hpp"

namespace {

using namespace anmkit;

// 64 nodes over 600 frames, every track keyed every 10 frames with out slopes.
const std::vector<std::uint8_t>& lm_bytes() {
  static const std::vector<std::uint8_t> bytes = [] {
    lm::File f;
    f.frame_count = 600;
    f.groups.resize(64);
    for (std::size_t n = 0; n < f.groups.size(); ++n) {
      for (std::size_t slot = 0; slot < 9; ++slot) {
        auto& array = f.arrays[std::size_t(lm::track_kind(slot))];
        f.groups[n].tracks[slot] = {61, std::uint16_t(array.size()), lm::flag_out_slope};
        for (std::uint32_t k = 0; k <= 60; ++k) {
          for (float v : {float(k * 10), float((n * 7 + slot * 3 + k) % 90), 0.5f, -0.25f}) array.push_back(bits_from_float(v));
        }
      }
    }
    return *lm::write(f);
  }();
  return bytes;
}

void BM_LmRead(benchmark::State& state) {
  const auto& bytes = lm_bytes();
  for (auto _ : state) benchmark::DoNotOptimize(lm::read(bytes));
  bench::report_bytes(state, bytes.size());
}

void BM_LmWrite(benchmark::State& state) {
  const auto file = lm::read(lm_bytes())->file;
  for (auto _ : state) benchmark::DoNotOptimize(lm::write(file));
  bench::report_bytes(state, lm_bytes().size());
}

// Validate alone, so that its figure is not hidden by the read's.
void BM_LmValidate(benchmark::State& state) {
  const auto file = lm::read(lm_bytes())->file;
  for (auto _ : state) benchmark::DoNotOptimize(lm::validate(file));
  bench::report_bytes(state, lm_bytes().size());
}

void BM_LmReadValidate(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(lm::validate(lm::read(lm_bytes())->file));
  bench::report_bytes(state, lm_bytes().size());
}

void BM_LmToClip(benchmark::State& state) {
  const auto file = lm::read(lm_bytes())->file;
  for (auto _ : state) benchmark::DoNotOptimize(lm::to_clip(file, lm::RotationUnit::degrees));
  bench::report_bytes(state, lm_bytes().size());
}

// The neutral evaluator on LM's hermite and Euler tracks: nodes x frames per second.
void BM_LmSampleClip(benchmark::State& state) {
  const auto clip = *lm::to_clip(lm::read(lm_bytes())->file, lm::RotationUnit::degrees);
  double frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(model::sample(clip, frame));
    frame = frame >= 599 ? 0 : frame + 1.5;
  }
  state.counters["bone_frames_per_second"] = benchmark::Counter(double(clip.bones.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// The compiled sampler on the same clip and frames as BM_LmSampleClip, into a buffer it reuses;
// with a cursor (playback) or without (random access).
void BM_SamplerLm(benchmark::State& state, bool cursor) {
  const auto clip = *lm::to_clip(lm::read(lm_bytes())->file, lm::RotationUnit::degrees);
  const model::Sampler sampler(clip);
  model::Sampler::Cursor hints(sampler);
  std::vector<model::BonePose> poses(sampler.bone_count());
  double frame = 0;
  for (auto _ : state) {
    if (cursor) sampler.sample(frame, poses, hints);
    else sampler.sample(frame, poses);
    benchmark::DoNotOptimize(poses.data());
    benchmark::ClobberMemory();
    frame = frame >= 599 ? 0 : frame + 1.5;
  }
  state.counters["bone_frames_per_second"] = benchmark::Counter(double(clip.bones.size()), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_LmSample(benchmark::State& state) {
  auto file = lm::read(lm_bytes());
  const auto curves = *lm::decode_curves(file->file);
  double frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(lm::sample(curves, frame, lm::RotationUnit::degrees));
    frame = frame >= 599 ? 0 : frame + 1.5;
  }
  state.counters["nodes_per_second"] = benchmark::Counter(double(curves.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// A 320 x 200 frame of MM2 pixels: bands of pens with runs of 0 and F nibbles.
std::vector<std::uint8_t> mm2_pixels() {
  std::vector<std::uint8_t> pixels(320 * 200);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = std::uint8_t((i / 320) % 8 < 3 ? 0 : (i / 7) % 32);
  return pixels;
}

// A sprite file of realistic size: a 64 x 48 base and 11 patches of 16 x 12.
const std::vector<std::uint8_t>& mm2_bytes() {
  static const std::vector<std::uint8_t> bytes = [] {
    mm2::File f;
    f.seq_header = {16, 2, 5};
    f.blocks = {{0, 40, 1, 6, 0, 30, 1, 6}, {2, 10, 3, 12, 2, 10, 0, 8}};
    for (std::size_t i = 0; i < 12; ++i) {
      const std::size_t w = i == 0 ? 64 : 16, h = i == 0 ? 48 : 12;
      if (i > 0) f.prelude[i - 1].raw = {std::uint8_t(i * 3), std::uint8_t(i * 2), std::uint8_t(w), std::uint8_t(h)};
      std::vector<std::uint8_t> pixels(w * h);
      for (std::size_t p = 0; p < pixels.size(); ++p) pixels[p] = std::uint8_t((p / w) % 5 < 2 ? 0 : (p * 3 + i) % 32);
      f.frames.push_back({std::uint16_t(w), std::uint16_t(h), 0});
      f.streams.push_back(mm2::encode_planes(mm2::pixels_to_planes(pixels, w, h)));
    }
    return *mm2::write(f);
  }();
  return bytes;
}

void BM_Mm2Read(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(mm2::read(mm2_bytes()));
  bench::report_bytes(state, mm2_bytes().size());
}

void BM_Mm2Write(benchmark::State& state) {
  const auto file = *mm2::read(mm2_bytes());
  for (auto _ : state) benchmark::DoNotOptimize(mm2::write(file));
  bench::report_bytes(state, mm2_bytes().size());
}

void BM_Mm2ReadValidate(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(mm2::validate(*mm2::read(mm2_bytes())));
  bench::report_bytes(state, mm2_bytes().size());
}

// To the neutral sprite model: every frame decoded and every state composed.
void BM_Mm2ToSprite(benchmark::State& state) {
  const auto file = *mm2::read(mm2_bytes());
  for (auto _ : state) benchmark::DoNotOptimize(mm2::to_sprite(file, 60));
  bench::report_bytes(state, mm2_bytes().size());
}

void BM_Mm2Decode(benchmark::State& state) {
  const auto stream = mm2::encode_planes(mm2::pixels_to_planes(mm2_pixels(), 320, 200));
  for (auto _ : state) {
    std::size_t used = 0;
    auto planes = mm2::decode_planes(stream, 320, 200, used);
    benchmark::DoNotOptimize(mm2::planes_to_pixels(*planes, 320, 200));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * 320 * 200);  // decoded pixels (a byte each)
  state.counters["vs_memcpy"] = benchmark::Counter(double(320 * 200) / bench::memcpy_rate(320 * 200), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Mm2Encode(benchmark::State& state) {
  const auto pixels = mm2_pixels();
  for (auto _ : state) benchmark::DoNotOptimize(mm2::encode_planes(mm2::pixels_to_planes(pixels, 320, 200)));
  bench::report_bytes(state, pixels.size());
}

void BM_GltfExportGem(benchmark::State& state) {
  const auto& bytes = bench::synthetic_file_bytes(gem::Target::gem_6_0);
  const auto file = *gem::read(bytes);
  // Through the front door, as `anmkit convert` does (the file model is opened once, as there).
  const auto document = Document::open(*gem::write(file));
  for (auto _ : state) benchmark::DoNotOptimize(document->to_gltf());
  bench::report_bytes(state, bytes.size());
}

BENCHMARK(BM_LmRead);
BENCHMARK(BM_LmWrite);
BENCHMARK(BM_LmValidate);
BENCHMARK(BM_LmReadValidate);
BENCHMARK(BM_LmToClip);
BENCHMARK(BM_LmSample);
BENCHMARK(BM_LmSampleClip);
BENCHMARK_CAPTURE(BM_SamplerLm, cursor, true);
BENCHMARK_CAPTURE(BM_SamplerLm, no_cursor, false);
BENCHMARK(BM_Mm2Read);
BENCHMARK(BM_Mm2Write);
BENCHMARK(BM_Mm2ReadValidate);
BENCHMARK(BM_Mm2ToSprite);
BENCHMARK(BM_Mm2Decode);
BENCHMARK(BM_Mm2Encode);
BENCHMARK(BM_GltfExportGem)->Unit(benchmark::kMillisecond);

}  // namespace

// BENCHMARK_MAIN, with the CLI's allocator settings: the benchmarks measure what the CLI does.
// `--write-gem-clip PATH` writes the GEM benchmark clip (FRM2) instead, for the Python benchmark
// (bench/python_sampling.py) to sample the very same file.
int main(int argc, char** argv) {
  if (argc == 3 && std::string_view(argv[1]) == "--write-gem-clip") {
    const auto& bytes = anmkit::bench::synthetic_file_bytes(anmkit::gem::Target::gem_6_0);
    return anmkit::write_file_atomic(argv[2], bytes) ? 0 : 1;
  }
  anmkit::tools::keep_freed_memory();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
