// The runtime sampler's batched Euler-to-quaternion step (src/model/pose_quaternions.hpp) against
// the one evaluator's quaternion, model::quat_from_euler_zyx (the library's own copy, as
// model::sample calls it), bit for bit, with each code this CPU runs.
#include "../../src/model/pose_quaternions.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include "anmkit/model/math.hpp"

namespace anmkit::model {
namespace {

using detail::PoseQuaternionCode;

std::vector<PoseQuaternionCode> codes_here() {
  std::vector<PoseQuaternionCode> codes;
  for (auto code : {PoseQuaternionCode::baseline, PoseQuaternionCode::avx2, PoseQuaternionCode::avx512}) {
    if (detail::supported(code)) codes.push_back(code);
  }
  return codes;
}

// The bits of each component, every NaN as one: a NaN's sign follows the operand order the
// compiler picks for a product, which differs between two inlined copies of the evaluator itself.
std::array<std::uint32_t, 4> bits_of(const Quat& q) {
  auto bits = [](float v) { return v != v ? 0x7fc00000u : std::bit_cast<std::uint32_t>(v); };
  return {bits(q.x), bits(q.y), bits(q.z), bits(q.w)};
}

// Every pose with has_euler gets quat_from_euler_zyx's bits; the others keep theirs.
void expect_converted(const std::vector<BonePose>& before, PoseQuaternionCode code) {
  std::vector<BonePose> poses = before;
  detail::euler_to_quaternions(poses, code);
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const Vec3& e = before[i].euler;
    const Quat expected = before[i].has_euler ? quat_from_euler_zyx(e.x, e.y, e.z) : before[i].rotation;
    ASSERT_EQ(bits_of(poses[i].rotation), bits_of(expected))
        << "pose " << i << " of " << poses.size() << ", code " << int(code) << ", Euler " << e.x << " " << e.y << " "
        << e.z;
  }
}

TEST(PoseQuaternions, EveryCodeGivesTheEvaluatorsBitsForRandomRotations) {
  const auto codes = codes_here();
  std::printf("codes tested on this CPU: %zu of 3 (baseline, AVX2, AVX-512)\n", codes.size());
  std::mt19937_64 random(29);
  std::uniform_real_distribution<float> angle(-4 * std::numbers::pi_v<float>, 4 * std::numbers::pi_v<float>);
  std::uniform_real_distribution<float> wide(-1e7f, 1e7f);  // half of it past reduced_limit (1.6e6)
  std::bernoulli_distribution often(0.8), rarely(0.02);
  std::vector<BonePose> poses(100000);
  for (BonePose& p : poses) {
    p.has_euler = often(random);
    p.rotation = {0.5f, -0.5f, 0.5f, 0.5f};
    auto value = [&] { return rarely(random) ? wide(random) : angle(random); };  // some past the reduction
    p.euler = {value(), value(), value()};
  }
  for (auto code : codes) expect_converted(poses, code);
}

TEST(PoseQuaternions, EveryCodeGivesTheEvaluatorsBitsForSpecialAngles) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float pi = std::numbers::pi_v<float>;
  const std::vector<float> specials = {0.0f, -0.0f, pi, -pi, pi / 2, 2 * pi, 1e-30f, -1e-45f, 3.3e6f, -3.3e6f,
                                       3.29e6f, 1e30f, nan, inf, -inf};
  std::vector<BonePose> poses;
  for (float x : specials) {
    for (float y : specials) {
      BonePose p;
      p.has_euler = true;
      p.euler = {x, y, 0.25f};
      poses.push_back(p);
      p.euler = {0.25f, x, y};
      poses.push_back(p);
    }
  }
  for (auto code : codes_here()) expect_converted(poses, code);
}

// Every count of poses from 0 to 42, every fifth a quaternion pose (skipped, so that a batch
// gathers poses that are not adjacent): up to 34 Euler poses, two batches of the widest code (16
// lanes) and more, some with an angle past the reduced range; every partial batch of every code.
TEST(PoseQuaternions, EveryCodeGivesTheEvaluatorsBitsForEveryBatchSize) {
  std::mt19937_64 random(31);
  std::uniform_real_distribution<float> angle(-7.0f, 7.0f);
  std::vector<BonePose> poses(42);
  for (std::size_t i = 0; i < poses.size(); ++i) {
    poses[i].has_euler = i % 5 != 4;
    poses[i].euler = {angle(random), angle(random), i % 7 == 3 ? 5e6f : angle(random)};
  }
  for (auto code : codes_here()) {
    for (std::ptrdiff_t n = 0; n <= std::ptrdiff_t(poses.size()); ++n) {
      expect_converted(std::vector<BonePose>(poses.begin(), poses.begin() + n), code);
    }
  }
}

TEST(PoseQuaternions, AQuaternionPoseIsLeftAsItIs) {
  BonePose p;
  p.rotation = {0.0f, 0.6f, 0.0f, 0.8f};
  p.euler = {1, 2, 3};  // ignored without has_euler
  std::vector<BonePose> poses(5, p);
  for (auto code : codes_here()) {
    detail::euler_to_quaternions(poses, code);
    for (const BonePose& q : poses) EXPECT_EQ(bits_of(q.rotation), bits_of(p.rotation));
  }
}

}  // namespace
}  // namespace anmkit::model
