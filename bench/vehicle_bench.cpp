// The whole vehicle: .ply reading against memcpy, DXT and TGA decoding in megapixels a second,
// and the e-75's glTF export taken apart (its figure read with the textures decoded, the PNGs
// encoded, the whole export). The inputs are made here (a large synthetic mesh, DXT1/DXT5 and
// TGA pictures) except the e-75, read from ../shared/corpus/gem-vehicles when present.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <unistd.h>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/texture.hpp"
#include "memcpy_ratio.hpp"

namespace {

using namespace anmkit;

namespace fs = std::filesystem;

struct Bytes {
  std::vector<std::uint8_t> b;
  void u16(std::uint32_t v) { b.insert(b.end(), {std::uint8_t(v), std::uint8_t(v >> 8)}); }
  void u32(std::uint32_t v) { b.insert(b.end(), {std::uint8_t(v), std::uint8_t(v >> 8), std::uint8_t(v >> 16), std::uint8_t(v >> 24)}); }
  void f32(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    u32(v);
  }
  void tag(std::string_view t) { b.insert(b.end(), t.begin(), t.end()); }
};

// A bump-mapped mesh as the games' (fvf 0x112, 48-byte records) of 200 000 vertices in a grid and
// 396 000 triangles in 4 subsets: about 12 MB.
const std::vector<std::uint8_t>& large_ply() {
  static const std::vector<std::uint8_t> bytes = [] {
    constexpr std::uint32_t side = 400, rows = 500, vertices = side * rows;
    constexpr std::uint32_t triangles = (side - 1) * (rows - 1) * 2;
    Bytes b;
    b.tag("EPLY");
    b.tag("BNDS");
    for (float f : {0.0f, 0.0f, 0.0f, float(side), float(rows), 0.0f}) b.f32(f);
    const std::uint32_t per_subset = triangles / 4;
    for (std::uint32_t s = 0; s < 4; ++s) {
      b.tag("MESH");
      b.u32(0x112);
      b.u32(s * per_subset);
      b.u32(s == 3 ? triangles - 3 * per_subset : per_subset);
      b.u32(0x704);
      b.u32(0xffe6e6e6u);
      b.b.push_back(8);
      b.tag("hull.mtl");
    }
    b.tag("VERT");
    b.u32(vertices);
    b.u16(48);
    b.u16(7);
    for (std::uint32_t y = 0; y < rows; ++y) {
      for (std::uint32_t x = 0; x < side; ++x) {
        for (float f : {float(x), float(y), 0.0f, 0.0f, 0.0f, -1.0f, float(x) / side, float(y) / rows, 1.0f, 0.0f, 0.0f, 1.0f}) b.f32(f);
      }
    }
    b.tag("INDX");
    b.u32(triangles * 3);
    for (std::uint32_t y = 0; y + 1 < rows; ++y) {
      for (std::uint32_t x = 0; x + 1 < side; ++x) {
        const std::uint32_t v = y * side + x;
        // u16 indices: the grid's vertices past 65 535 wrap, which no reader checks on reading.
        for (std::uint32_t i : {v, v + 1, v + side, v + side, v + 1, v + side + 1}) b.u16(i & 0xffff);
      }
    }
    return b.b;
  }();
  return bytes;
}

void BM_PlyRead(benchmark::State& state) {
  const auto& bytes = large_ply();
  for (auto _ : state) benchmark::DoNotOptimize(gem::mesh::read_ply(bytes));
  bench::report_bytes(state, bytes.size());
}

// A hostile .mdl text: a bone holding `state.range(0)` unknown empty blocks on lines of two, each
// a note. At two sizes, the time per byte shows the reading linear (each note's line was counted
// from the start: 300 000 blocks took two minutes).
void BM_MdlOfUnknownBlocks(benchmark::State& state) {
  std::string text = "{skeleton {bone \"b\"\n";
  for (std::int64_t i = 0; i < state.range(0); ++i) text += i % 2 ? "{a}\n" : "{a}";
  text += "}}\n";
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  for (auto _ : state) benchmark::DoNotOptimize(gem::read_mdl(bytes));
  bench::report_bytes(state, bytes.size());
}

// The mesh side at two sizes (issue 43: both were the square of their input): a model of
// `state.range(0)` bones whose one mesh's SKIN names every bone (each name was found by a scan of
// the bones), and a model naming as many meshes that are not there, in another case, beside as
// many files on disk (each name listed the folder). Per name, the larger is about as fast.
std::vector<std::uint8_t> text_bytes(const std::string& text) { return {text.begin(), text.end()}; }

// A skinned square (the layout of the tests' test_ply::skinned_square: fvf 0x1118, one weight and
// four slot bytes a vertex) whose SKIN lists `names`.
std::vector<std::uint8_t> skinned_square(const std::vector<std::string>& names) {
  Bytes b;
  b.tag("EPLY");
  b.tag("BNDS");
  for (float f : {0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f}) b.f32(f);
  b.tag("SKIN");
  b.u32(std::uint32_t(names.size()));
  for (const std::string& name : names) {
    b.b.push_back(std::uint8_t(name.size()));
    b.tag(name);
  }
  b.tag("MESH");
  for (std::uint32_t v : {0x1118u, 0u, 2u, 0xf54u, 0x98e6e6e6u}) b.u32(v);
  b.b.push_back(10);
  b.tag("tracks.mtl");
  b.b.insert(b.b.end(), {3, 0, 1, 2});  // the palette
  b.tag("VERT");
  b.u32(4);
  b.u16(56);
  b.u16(7);
  const float corners[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  const float weights[4] = {1.0f, 0.25f, 0.0f, 1.0f};
  const std::uint8_t slots[4][4] = {{0, 0, 0, 0}, {1, 2, 0, 0}, {0, 0, 0, 0}, {2, 0, 0, 0}};
  for (int v = 0; v < 4; ++v) {
    for (float f : {corners[v][0], corners[v][1], 0.0f, weights[v]}) b.f32(f);
    b.b.insert(b.b.end(), std::begin(slots[v]), std::end(slots[v]));
    for (float f : {0.0f, 0.0f, -1.0f, corners[v][0], corners[v][1], 1.0f, 0.0f, 0.0f, -1.0f}) b.f32(f);
  }
  b.tag("INDX");
  b.u32(6);
  for (std::uint32_t i : {0u, 1u, 2u, 2u, 1u, 3u}) b.u16(i);
  return b.b;
}

void BM_FigureSkinNames(benchmark::State& state) {
  const auto n = std::size_t(state.range(0));
  std::vector<std::string> names;
  std::string mdl = "{Skeleton {bone \"basis\" {VolumeView \"skin.ply\"}";
  for (std::size_t i = 0; i < n; ++i) {
    names.push_back("bone" + std::to_string(i));
    mdl += " {bone \"" + names.back() + "\"}";
  }
  mdl += "}}\n";
  const auto ply = skinned_square(names);
  auto files = std::make_shared<MemoryFiles>();
  if (!files->add("tank/tank.mdl", text_bytes(mdl)) || !files->add("tank/skin.ply", ply)) return state.SkipWithError("files");
  OpenOptions options;
  options.files = files;
  options.kinds = OpenKinds::all();
  for (auto _ : state) {
    auto model = Document::open("tank/tank.mdl", options);
    if (!model) return state.SkipWithError(model.error().to_string().c_str());
    auto figure = model->figure();
    if (!figure || figure->figure.meshes.size() != 1 || figure->figure.meshes[0].skin.empty()) {
      std::string why = figure ? fmt::format("{} meshes, skin {}; {}", figure->figure.meshes.size(),
                                             figure->figure.meshes.empty() ? 0 : figure->figure.meshes[0].skin.size(),
                                             figure->warnings.empty() ? "" : figure->warnings[0].message)
                               : figure.error().to_string();
      return state.SkipWithError(("the skinned mesh was not read with its skin: " + why).c_str());
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
}

void BM_FigureMissingNames(benchmark::State& state) {
  const auto n = std::size_t(state.range(0));
  const fs::path folder = fs::temp_directory_path() / ("anmkit_bench_missing_" + std::to_string(n) + "_" + std::to_string(::getpid()));
  if (!fs::create_directory(folder)) return state.SkipWithError("the folder was there already");
  std::string mdl = "{Skeleton {bone \"basis\"";
  for (std::size_t i = 0; i < n; ++i) {
    std::FILE* f = std::fopen((folder / ("other" + std::to_string(i) + ".ply")).string().c_str(), "wb");
    if (f) std::fclose(f);
    mdl += " {bone \"b" + std::to_string(i) + "\" {VolumeView \"Missing" + std::to_string(i) + ".PLY\"}}";
  }
  mdl += "}}\n";
  const std::string path = (folder / "tank.mdl").string();
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(mdl.data(), 1, mdl.size(), f);
    std::fclose(f);
  }
  OpenOptions options;
  options.kinds = OpenKinds::all();
  for (auto _ : state) {
    auto model = Document::open(path, options);
    if (!model) return state.SkipWithError(model.error().to_string().c_str());
    auto figure = model->figure();
    if (!figure || !figure->figure.meshes.empty() || figure->warnings.empty()) return state.SkipWithError("the meshes were found");
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * state.range(0));
  std::error_code ignored;
  fs::remove_all(folder, ignored);
}

// A DDS of `size` x `size` DXT1 or DXT5 blocks of varied colours (one mip level).
std::vector<std::uint8_t> dds(std::uint32_t size, bool dxt5) {
  Bytes b;
  b.tag("DDS ");
  b.u32(124);
  b.u32(0x1 | 0x2 | 0x4 | 0x1000 | 0x80000);  // caps, height, width, pixel format, linear size
  b.u32(size);
  b.u32(size);
  const std::uint32_t block = dxt5 ? 16 : 8;
  b.u32((size / 4) * (size / 4) * block);
  b.u32(0);
  b.u32(1);
  for (int i = 0; i < 11; ++i) b.u32(0);
  b.u32(32);
  b.u32(0x4);  // FOURCC
  b.tag(dxt5 ? "DXT5" : "DXT1");
  for (int i = 0; i < 5; ++i) b.u32(0);
  b.u32(0x1000);
  for (int i = 0; i < 4; ++i) b.u32(0);
  std::uint32_t seed = 12345;
  const auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  for (std::uint32_t i = 0; i < (size / 4) * (size / 4); ++i) {
    if (dxt5) {
      b.u32(next());
      b.u32(next());
    }
    b.u32(next());
    b.u32(next());
  }
  return b.b;
}

// A 32-bit TGA of `size` x `size`, bottom-up as most real ones; `rle` packs runs of 4 pixels.
std::vector<std::uint8_t> tga(std::uint32_t size, bool rle) {
  std::vector<std::uint8_t> t = {0, 0, std::uint8_t(rle ? 10 : 2), 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                 std::uint8_t(size), std::uint8_t(size >> 8), std::uint8_t(size), std::uint8_t(size >> 8), 32, 8};
  std::uint32_t seed = 777;
  for (std::uint32_t i = 0; i < size * size; i += rle ? 4 : 1) {
    seed = seed * 1664525u + 1013904223u;
    if (rle) t.push_back(0x80 | 3);
    for (int c = 0; c < 4; ++c) t.push_back(std::uint8_t(seed >> (8 * c)));
  }
  return t;
}

void decode(benchmark::State& state, const std::vector<std::uint8_t>& file, std::uint32_t size) {
  for (auto _ : state) benchmark::DoNotOptimize(texture::decode_texture(file));
  state.counters["megapixels_per_second"] =
      benchmark::Counter(double(size) * size / 1e6, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_DecodeDxt1(benchmark::State& state) {
  static const auto file = dds(2048, false);
  decode(state, file, 2048);
}
void BM_DecodeDxt5(benchmark::State& state) {
  static const auto file = dds(2048, true);
  decode(state, file, 2048);
}
void BM_DecodeTga(benchmark::State& state) {
  static const auto file = tga(2048, false);
  decode(state, file, 2048);
}
void BM_DecodeTgaRle(benchmark::State& state) {
  static const auto file = tga(2048, true);
  decode(state, file, 2048);
}

void BM_PngEncodeTexture(benchmark::State& state) {
  static const auto picture = texture::decode_texture(dds(1024, true));
  for (auto _ : state) benchmark::DoNotOptimize(png::encode_rgba(picture->width, picture->height, picture->rgba));
  state.counters["megapixels_per_second"] = benchmark::Counter(1.048576, benchmark::Counter::kIsIterationInvariantRate);
}

// The e-75 of the corpus; absent, the benchmark is skipped with an error (under
// ANMKIT_REQUIRE_EXTERNALS the run fails, as BM_ReadRealCorpus does).
std::string e75() {
  const char* from_env = std::getenv("ANMKIT_CORPUS_DIR");
  const std::filesystem::path path =
      std::filesystem::path(from_env && *from_env ? from_env : ANMKIT_CORPUS_DIR) / "gem-vehicles" / "e-75" / "e-75.mdl";
  if (std::filesystem::is_regular_file(path)) return path.string();
  const char* required = std::getenv("ANMKIT_REQUIRE_EXTERNALS");
  if (required && *required && std::string_view(required) != "0") {
    std::fprintf(stderr, "anmkit_bench: no %s; ANMKIT_REQUIRE_EXTERNALS is set\n", path.string().c_str());
    std::exit(1);
  }
  return {};
}

// The e-75's .mdl opened as what it is, a model.
Expected<Document> e75_model(const std::string& path) {
  OpenOptions models;
  models.kinds = {.animations = false, .models = true, .resources = false};
  return Document::open(path, models);
}

// Its figure read: the .mdl, 47 .ply, 3 .mtl, the DDS textures decoded.
void BM_E75Figure(benchmark::State& state) {
  const std::string path = e75();
  if (path.empty()) return state.SkipWithError("no ../shared/corpus/gem-vehicles/e-75");
  auto model = e75_model(path);
  if (!model) return state.SkipWithError(model.error().to_string().c_str());
  for (auto _ : state) {
    auto read = e75_model(path);
    benchmark::DoNotOptimize(read ? read->figure() : Expected<ModelFigure>(read.error()));
  }
}

// The PNGs of its decoded textures.
void BM_E75Pngs(benchmark::State& state) {
  const std::string path = e75();
  if (path.empty()) return state.SkipWithError("no ../shared/corpus/gem-vehicles/e-75");
  auto model = e75_model(path);
  const auto figure = model ? model->figure() : Expected<ModelFigure>(model.error());
  if (!figure) return state.SkipWithError(figure.error().to_string().c_str());
  for (auto _ : state) {
    for (const model::Texture& t : figure->figure.textures) benchmark::DoNotOptimize(png::encode_rgba(t.width, t.height, t.rgba));
  }
}

// The whole export: figure, PNGs, 13 sequences, the GLB written.
void BM_E75Glb(benchmark::State& state) {
  const std::string path = e75();
  if (path.empty()) return state.SkipWithError("no ../shared/corpus/gem-vehicles/e-75");
  for (auto _ : state) benchmark::DoNotOptimize(model_to_gltf(path, {}, true));
}

BENCHMARK(BM_PlyRead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MdlOfUnknownBlocks)->Arg(40000)->Arg(320000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FigureSkinNames)->Arg(15000)->Arg(60000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FigureMissingNames)->Arg(2000)->Arg(8000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeDxt1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeDxt5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeTga)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeTgaRle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PngEncodeTexture)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_E75Figure)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_E75Pngs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_E75Glb)->Unit(benchmark::kMillisecond);

}  // namespace
