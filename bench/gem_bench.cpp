// Throughput of the GEM codec on the synthetic clip of synthetic_gem.hpp. Run build/bin/anmkit_bench.

#include <benchmark/benchmark.h>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
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

void BM_Validate(benchmark::State& state) {
  const auto& bytes = file_bytes(gem::Target::gem_6_0);
  const gem::File file = *gem::read(bytes);
  for (auto _ : state) benchmark::DoNotOptimize(gem::validate(file));
  bench::report_bytes(state, bytes.size());
}

void BM_ToClip(benchmark::State& state) {
  const gem::File file = *gem::read(file_bytes(gem::Target::gem_6_0));
  for (auto _ : state) benchmark::DoNotOptimize(gem::to_clip(file));
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
BENCHMARK(BM_Validate);
BENCHMARK(BM_ToClip);
BENCHMARK_CAPTURE(BM_Convert, to_frm2, gem::Target::gem_6_0);
BENCHMARK_CAPTURE(BM_Convert, to_frmn, gem::Target::gem_4_0);
BENCHMARK(BM_Dump);

}  // namespace


