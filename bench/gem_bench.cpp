// Throughput of the GEM codec on the synthetic clip of synthetic_gem.hpp. Run build/bin/anmkit_bench.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/model/sampler.hpp"
#include "memcpy_ratio.hpp"
#include "synthetic_gem.hpp"

namespace {

using namespace anmkit;

const std::vector<std::uint8_t>& file_bytes(gem::Target target) { return bench::synthetic_file_bytes(target); }

void BM_Read(benchmark::State& state, gem::Target target) {
  const auto& bytes = file_bytes(target);
  for (auto _ : state) benchmark::DoNotOptimize(gem::read(bytes));
  bench::report_bytes(state, bytes.size());
}

void BM_Write(benchmark::State& state, gem::Target target) {
  const auto& bytes = file_bytes(target);
  const gem::File file = *gem::read(bytes);
  for (auto _ : state) benchmark::DoNotOptimize(gem::write(file));
  bench::report_bytes(state, bytes.size());
}

// Validate alone, on a file read once: FRM2, and FRMN (BONE records and items, another path).
void BM_Validate(benchmark::State& state, gem::Target target) {
  const auto& bytes = file_bytes(target);
  const gem::File file = *gem::read(bytes);
  for (auto _ : state) benchmark::DoNotOptimize(gem::validate(file));
  bench::report_bytes(state, bytes.size());
}

void BM_ToClip(benchmark::State& state) {
  const gem::File file = *gem::read(file_bytes(gem::Target::gem_6_0));
  for (auto _ : state) benchmark::DoNotOptimize(gem::to_clip(file));
}

// Read, then validate: what `anmkit validate` does per file.
void BM_ReadValidate(benchmark::State& state) {
  const auto& bytes = file_bytes(gem::Target::gem_6_0);
  for (auto _ : state) benchmark::DoNotOptimize(gem::validate(*gem::read(bytes)));
  bench::report_bytes(state, bytes.size());
}

// The neutral evaluator on GEM's step tracks: bones x frames per second.
void BM_SampleClip(benchmark::State& state) {
  const model::Clip clip = gem::to_clip(*gem::read(file_bytes(gem::Target::gem_6_0)));
  std::uint32_t frame = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(model::sample(clip, frame));
    frame = (frame + 7) % clip.frame_count;
  }
  state.counters["bone_frames_per_second"] = benchmark::Counter(double(clip.bones.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// The compiled sampler on the same clip and frames as BM_SampleClip, into a buffer it reuses;
// with a cursor (playback) or without (random access, a binary search per track).
void BM_SamplerGem(benchmark::State& state, bool cursor) {
  const model::Clip clip = gem::to_clip(*gem::read(file_bytes(gem::Target::gem_6_0)));
  const model::Sampler sampler(clip);
  model::Sampler::Cursor hints(sampler);
  std::vector<model::BonePose> poses(sampler.bone_count());
  std::uint32_t frame = 0;
  for (auto _ : state) {
    if (cursor) sampler.sample(frame, poses, hints);
    else sampler.sample(frame, poses);
    benchmark::DoNotOptimize(poses.data());
    benchmark::ClobberMemory();
    frame = (frame + 7) % clip.frame_count;
  }
  state.counters["bone_frames_per_second"] = benchmark::Counter(double(clip.bones.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// Every whole frame of the clip in one call (sample_frames), as a C API caller would.
void BM_SamplerGemFrames(benchmark::State& state) {
  const model::Clip clip = gem::to_clip(*gem::read(file_bytes(gem::Target::gem_6_0)));
  const model::Sampler sampler(clip);
  std::vector<model::BonePose> poses(sampler.bone_count() * clip.frame_count);
  for (auto _ : state) {
    sampler.sample_frames(0, clip.frame_count, poses);
    benchmark::DoNotOptimize(poses.data());
    benchmark::ClobberMemory();
  }
  state.counters["bone_frames_per_second"] =
      benchmark::Counter(double(poses.size()), benchmark::Counter::kIsIterationInvariantRate);
}

// The folder of real GEM files: ANMKIT_CORPUS_DIR in the environment (as for the tests), else
// ../shared/corpus beside the source.
std::filesystem::path corpus_gem_dir() {
  const char* from_env = std::getenv("ANMKIT_CORPUS_DIR");
  return std::filesystem::path(from_env && *from_env ? from_env : ANMKIT_CORPUS_DIR) / "gem";
}

// The real files of the corpus when present, each read on its own. Absent, the benchmark is
// skipped with an error, or under ANMKIT_REQUIRE_EXTERNALS (CI) the whole run fails: Google
// Benchmark exits 0 after a skip.
void BM_ReadRealCorpus(benchmark::State& state) {
  std::vector<std::vector<std::uint8_t>> files;
  std::error_code ec;
  const std::filesystem::path dir = corpus_gem_dir();
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".anm") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    files.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (files.empty()) {
    const std::string missing = "no .anm file in " + dir.string() +
                                " (the real GEM files: put the shared/ folder beside the clone, or point ANMKIT_CORPUS_DIR at a copy of its corpus/)";
    const char* required = std::getenv("ANMKIT_REQUIRE_EXTERNALS");
    if (required && *required && std::string_view(required) != "0") {
      std::fprintf(stderr, "anmkit_bench: %s; ANMKIT_REQUIRE_EXTERNALS is set\n", missing.c_str());
      std::exit(1);
    }
    state.SkipWithError(missing.c_str());
    return;
  }
  std::size_t total = 0;
  for (const auto& f : files) total += f.size();
  for (auto _ : state) {
    for (const auto& f : files) benchmark::DoNotOptimize(gem::read(f));
  }
  bench::report_bytes(state, total);
}

void BM_Convert(benchmark::State& state, gem::Target target) {
  const model::Clip clip = gem::to_clip(*gem::read(file_bytes(gem::Target::gem_6_0)));
  for (auto _ : state) benchmark::DoNotOptimize(gem::from_clip(clip, target));
}

void BM_Dump(benchmark::State& state) {
  const auto& bytes = file_bytes(gem::Target::gem_6_0);
  const gem::File file = *gem::read(bytes);
  for (auto _ : state) benchmark::DoNotOptimize(gem::to_json(file).dump());
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}

BENCHMARK_CAPTURE(BM_Read, frm2, gem::Target::gem_6_0);
BENCHMARK_CAPTURE(BM_Read, frm3, gem::Target::gem_6_1_frm3);
BENCHMARK_CAPTURE(BM_Read, frmn, gem::Target::gem_4_0);
BENCHMARK_CAPTURE(BM_Write, frm2, gem::Target::gem_6_0);
BENCHMARK_CAPTURE(BM_Write, frmn, gem::Target::gem_4_0);
BENCHMARK_CAPTURE(BM_Validate, frm2, gem::Target::gem_6_0);
BENCHMARK_CAPTURE(BM_Validate, frmn, gem::Target::gem_4_0);
BENCHMARK(BM_ReadValidate);
BENCHMARK(BM_SampleClip);
BENCHMARK_CAPTURE(BM_SamplerGem, cursor, true);
BENCHMARK_CAPTURE(BM_SamplerGem, no_cursor, false);
BENCHMARK(BM_SamplerGemFrames);
BENCHMARK(BM_ReadRealCorpus);
BENCHMARK(BM_ToClip);
BENCHMARK_CAPTURE(BM_Convert, to_frm2, gem::Target::gem_6_0);
BENCHMARK_CAPTURE(BM_Convert, to_frmn, gem::Target::gem_4_0);
BENCHMARK(BM_Dump);

}  // namespace


