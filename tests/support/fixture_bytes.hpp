#pragma once
// Hand-built byte fixtures, written field by field in the test, independent of the library's
// writer, so that reader tests check the format and not the writer's idea of it.

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/limits.hpp"
#include "support/externals.hpp"

namespace anmkit::test {

class FixtureBytes {
 public:
  FixtureBytes& tag(std::string_view t) {
    for (char c : t) bytes_.push_back(static_cast<std::uint8_t>(c));
    return *this;
  }
  FixtureBytes& u8(std::uint32_t v) { return le(v, 1); }
  FixtureBytes& u16(std::uint32_t v) { return le(v, 2); }
  FixtureBytes& u32(std::uint32_t v) { return le(v, 4); }
  FixtureBytes& f32(float v) { return le(std::bit_cast<std::uint32_t>(v), 4); }
  FixtureBytes& f32s(std::initializer_list<float> vs) {
    for (float v : vs) f32(v);
    return *this;
  }
  FixtureBytes& raw(std::initializer_list<std::uint8_t> vs) {
    bytes_.insert(bytes_.end(), vs.begin(), vs.end());
    return *this;
  }
  FixtureBytes& name(std::string_view n, std::uint32_t reserved = 0) {
    u32(static_cast<std::uint32_t>(n.size()) | reserved << 8);
    return tag(n);
  }
  // "EANM", version, "FRMS" frame count, then "BMAP" with the given names.
  FixtureBytes& header(std::uint32_t version, std::uint32_t frame_count,
                       std::initializer_list<std::string_view> bones) {
    tag("EANM").u32(version).tag("FRMS").u32(frame_count).tag("BMAP").u32(static_cast<std::uint32_t>(bones.size()));
    for (auto b : bones) name(b);
    return *this;
  }
  std::size_t size() const { return bytes_.size(); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  operator const std::vector<std::uint8_t>&() const { return bytes_; }

 private:
  FixtureBytes& le(std::uint32_t v, int width) {
    for (int i = 0; i < width; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    return *this;
  }
  std::vector<std::uint8_t> bytes_;
};

// Limits that let every count through, for tests whose subject is not the limits.
inline ReadLimits no_limits() {
  ReadLimits l;
  l.max_frames = UINT32_MAX;
  l.max_bones = UINT32_MAX;
  l.max_keys = UINT64_MAX;
  l.max_sequences = UINT32_MAX;
  return l;
}

inline std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// The folder of real GEM files: ANMKIT_CORPUS_DIR in the environment overrides the folder set
// at configure time.
inline std::filesystem::path gem_corpus_path() {
  const char* from_env = std::getenv("ANMKIT_CORPUS_DIR");
  return std::filesystem::path(from_env && *from_env ? from_env : ANMKIT_CORPUS_DIR) / "gem";
}

inline constexpr const char* gem_corpus_how_to_get =
    "the real GEM files: put the shared/ folder beside the clone, or point ANMKIT_CORPUS_DIR at a copy of its corpus/";

inline std::string gem_corpus_missing() { return "the corpus folder " + gem_corpus_path().string(); }

// The folder, or nullopt when it is absent (then a test failure too when ANMKIT_REQUIRE_EXTERNALS
// is set, for tests that only add the corpus to what they check).
inline std::optional<std::filesystem::path> gem_corpus() {
  std::filesystem::path dir = gem_corpus_path();
  if (std::filesystem::is_directory(dir)) return dir;
  note_missing_external(gem_corpus_missing(), gem_corpus_how_to_get);
  return std::nullopt;
}

// For tests about the corpus: skips when it is absent, or fails when ANMKIT_REQUIRE_EXTERNALS is set.
#define ANMKIT_REQUIRE_GEM_CORPUS(var)                                                                 \
  const std::filesystem::path var = ::anmkit::test::gem_corpus_path();                                 \
  ANMKIT_NEED_EXTERNAL(std::filesystem::is_directory(var), ::anmkit::test::gem_corpus_missing(),        \
                       ::anmkit::test::gem_corpus_how_to_get)

// The whole vehicle folders of real GEM files (each with its .mdl), beside the GEM files.
inline std::filesystem::path vehicles_corpus_path() {
  const char* from_env = std::getenv("ANMKIT_CORPUS_DIR");
  return std::filesystem::path(from_env && *from_env ? from_env : ANMKIT_CORPUS_DIR) / "gem-vehicles";
}

inline std::string vehicles_corpus_missing() { return "the corpus folder " + vehicles_corpus_path().string(); }

#define ANMKIT_REQUIRE_VEHICLES_CORPUS(var)                                                            \
  const std::filesystem::path var = ::anmkit::test::vehicles_corpus_path();                            \
  ANMKIT_NEED_EXTERNAL(std::filesystem::is_directory(var), ::anmkit::test::vehicles_corpus_missing(),   \
                       ::anmkit::test::gem_corpus_how_to_get)

// Real `.mdl` files in the styles the game writes (lower-case keywords, bone kinds, an armour file).
inline std::filesystem::path models_corpus_path() {
  const char* from_env = std::getenv("ANMKIT_CORPUS_DIR");
  return std::filesystem::path(from_env && *from_env ? from_env : ANMKIT_CORPUS_DIR) / "gem-models";
}

inline std::string models_corpus_missing() { return "the corpus folder " + models_corpus_path().string(); }

#define ANMKIT_REQUIRE_MODELS_CORPUS(var)                                                              \
  const std::filesystem::path var = ::anmkit::test::models_corpus_path();                              \
  ANMKIT_NEED_EXTERNAL(std::filesystem::is_directory(var), ::anmkit::test::models_corpus_missing(),     \
                       ::anmkit::test::gem_corpus_how_to_get)

}  // namespace anmkit::test
