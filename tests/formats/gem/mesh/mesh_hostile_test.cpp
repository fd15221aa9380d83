// Hostile `.ply` and `.mtl` input: every truncation of every fixture, and random byte flips. A read
// either fails with an offset inside the input, or succeeds and writes back the very same bytes;
// what was read then validates, decodes, dumps and summarises without harm.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>

#include "anmkit/formats/gem/mesh/mtl_json.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/mtl_write.hpp"
#include "anmkit/formats/gem/mesh/ply_info.hpp"
#include "anmkit/formats/gem/mesh/ply_json.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/formats/gem/mesh/ply_write.hpp"
#include "formats/gem/mesh/ply_fixtures.hpp"

namespace anmkit::gem::mesh {
namespace {

namespace fs = std::filesystem;
using namespace test_ply;

std::vector<std::vector<std::uint8_t>> ply_fixtures() {
  std::vector<std::vector<std::uint8_t>> out{rigid_square().bytes(), skinned_square().bytes()};
  FixtureBytes extra = rigid_square();
  extra.tag("ADJA").u32(1).u16(1).u16(2).u16(3).tag("SHDW").u32(2).raw({1, 2}).tag("BAS2");
  extra.f32s({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}).tag("IND4").u32(3).u32(0).u32(1).u32(2);
  out.push_back(extra.bytes());
  // Two small real meshes when the corpus is there (a few hundred bytes each).
  const fs::path corpus = test::vehicles_corpus_path();
  for (const char* name : {"e-75/enumerator.ply", "e-25/mgun.ply"}) {
    if (fs::exists(corpus / name)) out.push_back(test::read_bytes(corpus / name));
  }
  return out;
}

std::vector<std::string> mtl_fixtures() {
  return {"{material bump\r\n\t{diffuse \"e-75\"}\r\n\t{bump \"e-75_nm\" {MipMap 0}}\r\n\t{color \"230 230 230 128\"}\r\n"
          "\t{blend test} ; why\r\n\t{glow 10.0}\r\n}\r\n",
          "{material simple {diffuse \"\"} {blend blend} {emitsheat}} {extra 1 2 \"3\"}\n"};
}

void check_ply(const std::vector<std::uint8_t>& bytes) {
  auto file = read_ply(bytes);
  if (!file) {
    RC_ASSERT(file.error().offset.has_value());
    RC_ASSERT(*file.error().offset <= bytes.size());
    RC_ASSERT(!file.error().message.empty());
    return;
  }
  auto again = write_ply(*file);
  RC_ASSERT(again.has_value());
  RC_ASSERT(*again == bytes);
  for (const Diagnostic& d : validate_ply(*file)) {
    RC_ASSERT(d.id.rfind("ply.", 0) == 0u);
    RC_ASSERT(!d.message.empty());
    RC_ASSERT(d.offset.has_value());
    RC_ASSERT(*d.offset <= bytes.size());
  }
  (void)ply_to_json(*file).dump();
  (void)summary_text(ply_summary(*file));
  auto decoded = decode_vertices(*file);
  // A few subsets: each call maps every vertex.
  for (std::size_t k = 0; k < std::min<std::size_t>(file->subsets.size(), 8); ++k) {
    auto t = subset_triangles(*file, k);
    if (decoded) (void)subset_joints(*file, *decoded, k);
    if (!t) RC_ASSERT(!t.error().message.empty());
  }
  if (decoded) (void)used_bounds(*file, *decoded);
}

void check_mtl(const std::vector<std::uint8_t>& bytes) {
  auto file = read_mtl(bytes);
  if (!file) {
    RC_ASSERT(file.error().offset.has_value());
    RC_ASSERT(*file.error().offset <= bytes.size());
    return;
  }
  auto again = write_mtl(*file);
  RC_ASSERT(again.has_value());
  RC_ASSERT(*again == bytes);
  for (const Diagnostic& d : validate_mtl(*file)) {
    RC_ASSERT(d.offset.has_value());
    RC_ASSERT(*d.offset <= bytes.size());
    RC_ASSERT(!d.pointer.empty());
  }
  (void)mtl_to_json(*file).dump();
  (void)summary_text(mtl_material(*file));
}

TEST(PlyHostile, EveryTruncationOfEveryFixture) {
  std::size_t failures = 0, successes = 0;
  for (const auto& bytes : ply_fixtures()) {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
      auto file = read_ply(prefix);
      if (file) {
        // Chunks run to the end of the file: a cut between two chunks is a valid file.
        ++successes;
        ASSERT_EQ(*write_ply(*file), prefix) << "prefix " << n;
        (void)validate_ply(*file);
      } else {
        ++failures;
        ASSERT_TRUE(file.error().offset) << "prefix " << n;
        ASSERT_LE(*file.error().offset, n);
      }
    }
  }
  EXPECT_GT(failures, 20 * successes);
  EXPECT_GE(successes, 15u);
}

TEST(MtlHostile, EveryTruncationOfEveryFixture) {
  for (const std::string& text : mtl_fixtures()) {
    for (std::size_t n = 0; n <= text.size(); ++n) {
      const std::vector<std::uint8_t> prefix(text.begin(), text.begin() + std::ptrdiff_t(n));
      auto file = read_mtl(prefix);
      if (file) {
        ASSERT_EQ(*write_mtl(*file), prefix) << "prefix " << n;
      } else {
        ASSERT_TRUE(file.error().offset) << "prefix " << n;
        ASSERT_LE(*file.error().offset, n);
      }
    }
  }
}

RC_GTEST_PROP(PlyHostile, RandomByteFlipsNeverCrash, ()) {
  static const auto fixtures = ply_fixtures();
  auto bytes = *rc::gen::elementOf(fixtures);
  const int flips = *rc::gen::inRange(1, 8);
  for (int i = 0; i < flips; ++i) {
    const auto at = *rc::gen::inRange<std::size_t>(0, bytes.size());
    bytes[at] = *rc::gen::arbitrary<std::uint8_t>();
  }
  check_ply(bytes);
}

RC_GTEST_PROP(PlyHostile, RandomChunksAfterTheSignatureNeverCrash, ()) {
  std::vector<std::uint8_t> bytes{'E', 'P', 'L', 'Y'};
  static const std::vector<std::string> tags = {"BNDS", "SKIN", "MESH", "VERT", "INDX",
                                                "IND4", "MROR", "ADJA", "SHDW", "BAS2"};
  const int chunks = *rc::gen::inRange(1, 6);
  for (int i = 0; i < chunks; ++i) {
    const std::string tag = *rc::gen::elementOf(tags);
    bytes.insert(bytes.end(), tag.begin(), tag.end());
    const auto payload = *rc::gen::resize(40, rc::gen::container<std::vector<std::uint8_t>>(rc::gen::arbitrary<std::uint8_t>()));
    bytes.insert(bytes.end(), payload.begin(), payload.end());
  }
  check_ply(bytes);
}

RC_GTEST_PROP(MtlHostile, RandomByteFlipsNeverCrash, ()) {
  static const auto fixtures = mtl_fixtures();
  const std::string& text = *rc::gen::elementOf(fixtures);
  std::vector<std::uint8_t> bytes(text.begin(), text.end());
  const int flips = *rc::gen::inRange(1, 8);
  for (int i = 0; i < flips; ++i) {
    const auto at = *rc::gen::inRange<std::size_t>(0, bytes.size());
    bytes[at] = *rc::gen::element<std::uint8_t>('{', '}', '"', ';', ' ', '\n', 'x', 0, 0xff);
  }
  check_mtl(bytes);
}

}  // namespace
}  // namespace anmkit::gem::mesh
