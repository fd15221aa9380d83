// Hostile LM input: every truncation gives an error with an offset (from reading, or from
// validation when the cut leaves a readable layout whose tracks point past their data), random
// corruption never crashes or hangs, and random files survive write, read and repack.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "support/fixture_bytes.hpp"
#include "support/fixture_bytes_be.hpp"

namespace anmkit::lm {
namespace {

std::vector<std::vector<std::uint8_t>> fixtures() {
  std::vector<std::vector<std::uint8_t>> out{test::lm_two_node_fixture()};
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ANMKIT_SOURCE_DIR) / "examples")) {
    if (e.path().extension() != ".anm") continue;
    auto bytes = test::read_bytes(e.path());
    if (looks_like_lm(bytes)) out.push_back(std::move(bytes));
  }
  return out;
}

TEST(LmHostile, EveryTruncationGivesAnErrorWithAnOffset) {
  const auto all = fixtures();
  ASSERT_GE(all.size(), 2u) << "the two-node fixture and the LM example";
  for (const auto& bytes : all) {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + std::ptrdiff_t(n));
      auto r = read(prefix);
      if (!r) {
        ASSERT_TRUE(r.error().offset) << n;
        ASSERT_LE(*r.error().offset, n);
        continue;
      }
      ASSERT_EQ(*write(r->file), prefix);
      const auto d = validate(r->file);
      ASSERT_TRUE(has_errors(d)) << "prefix " << n << " reads and validates cleanly";
      for (const auto& x : d) {
        ASSERT_TRUE(x.offset) << x.message;
        ASSERT_LE(*x.offset, n + 4 * 65535 * 4) << x.message;
      }
    }
  }
}

void check_hostile(const std::vector<std::uint8_t>& bytes, std::optional<std::uint32_t> count) {
  auto r = read(bytes, count);
  if (!r) {
    RC_ASSERT(r.error().offset.has_value());
    RC_ASSERT(*r.error().offset <= bytes.size());
    return;
  }
  RC_ASSERT(*write(r->file) == bytes);
  const auto diagnostics = validate(r->file);
  for (const Diagnostic& d : diagnostics) {
    RC_ASSERT(d.id.rfind("lm.", 0) == 0u);
    RC_ASSERT(!d.message.empty());
    RC_ASSERT(d.offset.has_value());
  }
  auto curves = decode_curves(r->file);
  if (!curves) {
    RC_ASSERT(curves.error().offset.has_value());
    RC_ASSERT(has_errors(diagnostics));  // validation sees the same track past its data
  } else {
    // One pose per node; a track of one float gives that float, an empty track its default
    // (scale 1, rotation and translation 0), at every frame.
    for (double f : {0.0, 0.5, 7.0, 1e9}) {
      const auto poses = sample(*curves, f, RotationUnit::degrees);
      RC_ASSERT(poses.size() == r->file.groups.size());
      for (std::size_t n = 0; n < poses.size(); ++n) {
        const float values[9] = {poses[n].scale.x, poses[n].scale.y, poses[n].scale.z, poses[n].euler.x, poses[n].euler.y,
                                 poses[n].euler.z, poses[n].translation.x, poses[n].translation.y, poses[n].translation.z};
        for (std::size_t slot = 0; slot < 9; ++slot) {
          const Curve& c = (*curves)[n].curves[slot];
          if (c.kind == Curve::Kind::keyed) continue;
          const float want = c.kind == Curve::Kind::constant ? c.constant : (slot < 3 ? 1.0f : 0.0f);
          RC_ASSERT(values[slot] == want || (std::isnan(values[slot]) && std::isnan(want)));
        }
      }
    }
  }
  // Repacking keeps every track's floats, or fails for the reason decoding failed.
  auto packed = repack(r->file);
  auto before = track_data(r->file);
  if (!before) {
    RC_ASSERT(!packed.has_value());
    RC_ASSERT(packed.error().offset == before.error().offset);
    return;
  }
  if (!packed) {
    RC_ASSERT(!packed.error().message.empty());
    return;
  }
  auto after = track_data(*packed);
  RC_ASSERT(after.has_value());
  RC_ASSERT(*after == *before);
}

RC_GTEST_PROP(LmHostile, RandomCorruptionNeverCrashes, ()) {
  static const auto all = fixtures();
  auto bytes = *rc::gen::elementOf(all);
  const int flips = *rc::gen::inRange(1, 8);
  for (int i = 0; i < flips; ++i) {
    bytes[*rc::gen::inRange<std::size_t>(0, bytes.size())] = *rc::gen::arbitrary<std::uint8_t>();
  }
  const auto count = *rc::gen::maybe(rc::gen::inRange<std::uint32_t>(0, 6));
  check_hostile(bytes, count ? std::optional<std::uint32_t>(*count) : std::nullopt);
}

File random_file() {
  File f;
  f.version = *rc::gen::arbitrary<std::uint8_t>();
  f.loop = *rc::gen::arbitrary<std::uint8_t>();
  f.padding = *rc::gen::arbitrary<std::uint16_t>();
  f.frame_count = *rc::gen::arbitrary<std::uint32_t>();
  auto order = f.order;
  std::vector<Region> shuffled(order.begin(), order.end());
  for (std::size_t i = 3; i > 0; --i) std::swap(shuffled[i], shuffled[*rc::gen::inRange<std::size_t>(0, i + 1)]);
  std::copy(shuffled.begin(), shuffled.end(), f.order.begin());
  f.lead = *rc::gen::container<Bytes>(std::size_t(*rc::gen::inRange(0, 3)), rc::gen::arbitrary<std::uint8_t>());
  f.groups.resize(std::size_t(*rc::gen::inRange(1, 5)));
  for (auto& g : f.groups) {
    for (auto& t : g.tracks) t = Track{*rc::gen::inRange<std::uint16_t>(0, 4), *rc::gen::inRange<std::uint16_t>(0, 20),
                                       *rc::gen::element<std::uint16_t>(0, 0x80, 0x40)};
  }
  for (auto& a : f.arrays) {
    a = *rc::gen::container<std::vector<std::uint32_t>>(std::size_t(*rc::gen::inRange(1, 60)), rc::gen::arbitrary<std::uint32_t>());
  }
  for (auto& t : f.array_tails) t = *rc::gen::container<Bytes>(std::size_t(*rc::gen::inRange(0, 4)), rc::gen::arbitrary<std::uint8_t>());
  return f;
}

RC_GTEST_PROP(LmProperty, RandomFilesRoundTripByteForByte, ()) {
  const File f = random_file();
  auto bytes = write(f);
  RC_ASSERT(bytes.has_value());
  RC_ASSERT(*encoded_size(f) == bytes->size());
  auto r = read(*bytes, std::uint32_t(f.groups.size()), test::no_limits());
  RC_ASSERT(r.has_value());
  RC_ASSERT(r->file == f);
  RC_ASSERT(*write(r->file) == *bytes);
}

RC_GTEST_PROP(LmProperty, RepackKeepsEveryTracksDataBitForBit, ()) {
  const File f = random_file();
  auto packed = repack(f);
  auto before = track_data(f);
  if (!before) {
    RC_ASSERT(!packed.has_value());
    return;
  }
  RC_ASSERT(packed.has_value());
  auto bytes = write(*packed);
  RC_ASSERT(bytes.has_value());
  auto again = read(*bytes, std::uint32_t(f.groups.size()), test::no_limits());
  RC_ASSERT(again.has_value());
  auto after = track_data(again->file);
  RC_ASSERT(after.has_value());
  RC_ASSERT(*after == *before);  // the same floats, so the same pose at every frame
  for (std::size_t n = 0; n < f.groups.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      RC_ASSERT(again->file.groups[n].tracks[slot].count == f.groups[n].tracks[slot].count);
      RC_ASSERT(again->file.groups[n].tracks[slot].flag == f.groups[n].tracks[slot].flag);
    }
  }
  RC_ASSERT(*write(*repack(again->file)) == *bytes);  // repacking is idempotent
}

}  // namespace
}  // namespace anmkit::lm
