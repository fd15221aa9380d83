// Hostile MM2 input: every truncation gives an error with an offset; random corruption never
// crashes or hangs; whatever reads writes back the same bytes.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_info.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_validate.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "support/fixture_bytes.hpp"
#include "support/mm2_fixture.hpp"

namespace anmkit::mm2 {
namespace {

std::vector<std::vector<std::uint8_t>> fixtures() {
  test::Mm2Spec s;
  s.slots = {{2, 3, 6, 4}, {10, 1, 5, 5}};
  s.preamble = {7};
  s.blocks = {{0, 10, 1, 10, 2, 10}, {}, {2, 5}};
  s.frames = {test::mm2_pattern(21, 9, 0), test::mm2_pattern(8, 6, 1), test::mm2_pattern(5, 5, 2)};
  std::vector<std::vector<std::uint8_t>> out{test::mm2_file(s)};
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ANMKIT_SOURCE_DIR) / "examples")) {
    auto bytes = test::read_bytes(e.path());
    if (looks_like_mm2(bytes)) out.push_back(std::move(bytes));
  }
  return out;
}

TEST(Mm2Hostile, EveryTruncationGivesAnErrorWithAnOffset) {
  const auto all = fixtures();
  ASSERT_GE(all.size(), 2u) << "the fixture and the MM2 example";
  for (const auto& bytes : all) {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
      auto r = read(prefix);
      ASSERT_FALSE(r) << "prefix " << n << " of " << bytes.size() << " reads";
      ASSERT_TRUE(r.error().offset);
      ASSERT_LE(*r.error().offset, n);
    }
  }
}

RC_GTEST_PROP(Mm2Hostile, RandomCorruptionNeverCrashes, ()) {
  static const auto all = fixtures();
  auto bytes = *rc::gen::elementOf(all);
  const int flips = *rc::gen::inRange(1, 6);
  for (int i = 0; i < flips; ++i) bytes[*rc::gen::inRange<std::size_t>(0, bytes.size())] = *rc::gen::arbitrary<std::uint8_t>();
  auto r = read(bytes);
  if (!r) {
    RC_ASSERT(r.error().offset.has_value());
    RC_ASSERT(*r.error().offset <= bytes.size());
    return;
  }
  RC_ASSERT(*write(*r) == bytes);
  for (const Diagnostic& d : validate(*r)) {
    RC_ASSERT(d.id.rfind("mm2.", 0) == 0u);
    RC_ASSERT(!d.message.empty());
    RC_ASSERT(d.offset.has_value());
    RC_ASSERT(*d.offset < bytes.size());
  }
  // The summary tells what was read: each frame's size and stream, each sequence's steps.
  const auto s = summary(*r, 60);
  RC_ASSERT(s["frame_count"] == r->frames.size());
  RC_ASSERT(s["frames"].size() == r->frames.size());
  for (std::size_t i = 0; i < r->frames.size(); ++i) {
    RC_ASSERT(s["frames"][i]["width"] == r->frames[i].width);
    RC_ASSERT(s["frames"][i]["height"] == r->frames[i].height);
    RC_ASSERT(s["frames"][i]["stream_bytes"] == r->streams[i].size());
  }
  RC_ASSERT(s["sequences"].size() == r->blocks.size());
  for (std::size_t b = 0; b < r->blocks.size(); ++b) RC_ASSERT(s["sequences"][b]["steps"].size() == r->blocks[b].size() / 2);
  RC_ASSERT(s["preamble_bytes"] == r->preamble.size());
  RC_ASSERT(*from_json(to_json(*r)) == *r);
  auto sprite = to_sprite(*r, 60);
  RC_ASSERT(sprite.has_value());
  RC_ASSERT(sprite->state_count() == r->frames.size());
  for (std::size_t k = 0; k < sprite->state_count(); ++k) {
    const model::IndexedImage image = sprite->state(k);
    RC_ASSERT(image.width == s["canvas"][0]);
    RC_ASSERT(image.height == s["canvas"][1]);
  }
}

}  // namespace
}  // namespace anmkit::mm2
