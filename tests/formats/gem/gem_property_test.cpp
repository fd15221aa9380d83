// Property tests: random files of every version survive write and read; random clips survive
// every conversion with equal poses at every frame.

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "support/fixture_bytes.hpp"
#include "support/gem_generators.hpp"

namespace anmkit::gem {
namespace {

void check_round_trip(const File& file) {
  auto bytes = write(file);
  RC_ASSERT(bytes.has_value());
  auto size = encoded_size(file);
  RC_ASSERT(size.has_value());
  RC_ASSERT(*size == bytes->size());
  auto back = read(*bytes, test::no_limits());
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == file);
  auto through_json = from_json(to_json(*back), test::no_limits());  // the limits it was read under
  RC_ASSERT(through_json.has_value());
  RC_ASSERT(*through_json == file);
}

RC_GTEST_PROP(GemProperty, Frmn30And40And50FilesRoundTrip, ()) {
  const auto version = *rc::gen::element(version_3_0, version_4_0, version_5_0);
  check_round_trip(test::random_file(version, FrameChunk::frmn));
}

RC_GTEST_PROP(GemProperty, Frm2FilesRoundTrip, ()) {
  const auto version = *rc::gen::element(version_6_0, version_6_1);
  check_round_trip(test::random_file(version, FrameChunk::frm2));
}

RC_GTEST_PROP(GemProperty, Frm3FilesOfEveryFrameWidthRoundTrip, ()) {
  check_round_trip(test::random_file(version_6_1, FrameChunk::frm3));
}

// The pose as a player sees it: components never keyed fall back to identity.
struct Effective {
  model::Vec3 translation;
  model::Quat rotation;
  model::Vec3 scale;
  bool visible;
  bool mirrored;
};

Effective effective(const model::BonePose& p) {
  return {p.has_translation ? p.translation : model::Vec3{}, p.has_rotation ? p.rotation : model::Quat{},
          p.has_scale ? p.scale : model::Vec3{1, 1, 1}, p.visible, p.mirrored};
}

void expect_same_poses(const model::Clip& a, const model::Clip& b, float angle_tolerance, float scale_tolerance) {
  RC_ASSERT(a.frame_count == b.frame_count);
  RC_ASSERT(a.bones.size() == b.bones.size());
  for (std::uint32_t f = 0; f < a.frame_count; ++f) {
    const auto pa = model::sample(a, f), pb = model::sample(b, f);
    for (std::size_t i = 0; i < pa.size(); ++i) {
      const Effective x = effective(pa[i]), y = effective(pb[i]);
      RC_ASSERT(x.translation == y.translation);
      RC_ASSERT(model::quat_angle_between(x.rotation, y.rotation) <= angle_tolerance);
      RC_ASSERT(std::fabs(x.scale.x - y.scale.x) <= scale_tolerance * x.scale.x);
      RC_ASSERT(std::fabs(x.scale.y - y.scale.y) <= scale_tolerance * x.scale.y);
      RC_ASSERT(std::fabs(x.scale.z - y.scale.z) <= scale_tolerance * x.scale.z);
      RC_ASSERT(x.visible == y.visible);
      RC_ASSERT(x.mirrored == y.mirrored);
    }
  }
  for (std::size_t i = 0; i < a.bones.size(); ++i) RC_ASSERT(a.bones[i].mesh == b.bones[i].mesh);
}

model::Clip through(const model::Clip& clip, Target target) {
  auto file = from_clip(clip, target);
  RC_ASSERT(file.has_value());
  auto bytes = write(*file);
  RC_ASSERT(bytes.has_value());
  auto back = read(*bytes);
  RC_ASSERT(back.has_value());
  return to_clip(*back);
}

RC_GTEST_PROP(GemProperty, EveryConversionKeepsEveryPose, ()) {
  const model::Clip clip = test::random_clip();
  const Target target = *rc::gen::element(Target::gem_4_0, Target::gem_6_0, Target::gem_6_1, Target::gem_6_1_frm3);
  // FRM2/FRM3 store x, y, z and rebuild w: near w = 0 that costs up to ~3e-4 rad. FRMN stores
  // matrices, decomposed again on reading.
  expect_same_poses(clip, through(clip, target), 1e-3f, 1e-5f);
}

RC_GTEST_PROP(GemProperty, ConversionsBetweenKeyedVersionsAreExact, ()) {
  // Once a clip is in FRM2/FRM3 form, moving between 6.0, 6.1 and 6.1 FRM3 changes no value.
  const model::Clip first = through(test::random_clip(), Target::gem_6_0);
  const Target target = *rc::gen::element(Target::gem_6_0, Target::gem_6_1, Target::gem_6_1_frm3);
  const model::Clip second = through(first, target);
  expect_same_poses(first, second, 0.0f, 0.0f);
  const model::Clip third = through(second, Target::gem_6_0);
  RC_ASSERT(third == first);
}

}  // namespace
}  // namespace anmkit::gem
