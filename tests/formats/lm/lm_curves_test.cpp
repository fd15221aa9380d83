// The evaluator against values computed here from the Hermite formula (notes point 10), at
// whole and fractional frames, before, between and after keys.

#include "anmkit/formats/lm/lm_curves.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace anmkit::lm {
namespace {

// p(u) = (2u³ - 3u² + 1) p0 + (u³ - 2u² + u) m0 + (-2u³ + 3u²) p1 + (u³ - u²) m1, with the
// tangents the per-frame slopes times the key gap.
double hermite(double f0, double v0, double out0, double f1, double v1, double in1, double f) {
  const double gap = f1 - f0, u = (f - f0) / gap;
  return (2 * u * u * u - 3 * u * u + 1) * v0 + (u * u * u - 2 * u * u + u) * out0 * gap +
         (-2 * u * u * u + 3 * u * u) * v1 + (u * u * u - u * u) * in1 * gap;
}

Curve keyed(std::vector<Key> keys) { return Curve{Curve::Kind::keyed, 0, std::move(keys)}; }

TEST(LmCurves, DefaultsAndConstants) {
  EXPECT_EQ(evaluate(Curve{}, 12.5, default_value(0)), 1.0);
  EXPECT_EQ(evaluate(Curve{}, 12.5, default_value(4)), 0.0);
  EXPECT_EQ(evaluate(Curve{Curve::Kind::constant, 7.25f, {}}, 1e6, 0), 7.25);
}

TEST(LmCurves, ClampsBeforeAndAfterTheKeys) {
  const Curve c = keyed({{10, 3, 5, 5}, {20, 8, -5, -5}});
  EXPECT_EQ(evaluate(c, 0, 0), 3.0);
  EXPECT_EQ(evaluate(c, 9.99, 0), 3.0);
  EXPECT_EQ(evaluate(c, 10, 0), 3.0);
  EXPECT_EQ(evaluate(c, 20, 0), 8.0);
  EXPECT_EQ(evaluate(c, 1000, 0), 8.0);
}

TEST(LmCurves, HermiteBetweenKeysMatchesTheFormula) {
  const Curve c = keyed({{0, 10, 0.5f, 1.0f}, {12, 40, 0.25f, -0.5f}, {30, -6, 2.0f, 2.0f}});
  for (double f : {0.5, 1.0, 3.0, 6.0, 7.75, 11.0, 11.999}) {
    EXPECT_NEAR(evaluate(c, f, 0), hermite(0, 10, 1.0, 12, 40, 0.25, f), 1e-9) << "frame " << f;
  }
  for (double f : {12.0, 12.5, 20.0, 29.25}) {
    EXPECT_NEAR(evaluate(c, f, 0), hermite(12, 40, -0.5, 30, -6, 2.0, f), 1e-9) << "frame " << f;
  }
  // A value worked by hand: u = 0.5 in the first segment: 0.5*10 + 0.125*12 + 0.5*40 - 0.125*3 = 26.125
  EXPECT_NEAR(evaluate(c, 6, 0), 26.125, 1e-12);
}

TEST(LmCurves, OutSlopeEqualsInSlopeWithoutTheFlag) {
  // Decoded without 0x80 the out slope is the in slope, so both segments use slope 2 at key 1.
  const Curve c = keyed({{0, 0, 0, 0}, {10, 5, 2, 2}, {20, 5, 0, 0}});
  EXPECT_NEAR(evaluate(c, 15, 0), hermite(10, 5, 2, 20, 5, 0, 15), 1e-12);
  EXPECT_NEAR(evaluate(c, 15, 0), 5 + 0.125 * 20, 1e-12);
}

TEST(LmCurves, EqualKeyFramesNeverDivideByZero) {
  const Curve c = keyed({{0, 1, 0, 0}, {5, 2, 0, 0}, {5, 3, 0, 0}, {10, 4, 0, 0}});
  // At frame 5 the segment that starts there is the one from the second key at 5 to the key at
  // 10 (u = 0): its start value, 3. Just before, the segment 0..5 with flat slopes: at u = 0.9,
  // (2u³ - 3u² + 1) * 1 + (-2u³ + 3u²) * 2 = 0.028 + 1.944.
  EXPECT_DOUBLE_EQ(evaluate(c, 5, 0), 3.0);
  EXPECT_NEAR(evaluate(c, 4.5, 0), 1.972, 1e-12);
  EXPECT_NEAR(evaluate(c, 4.5, 0), hermite(0, 1, 0, 5, 2, 0, 4.5), 1e-12);
  EXPECT_NEAR(evaluate(c, 7.5, 0), 3.5, 1e-12) << "u = 0.5 between 3 and 4, flat slopes";
}

TEST(LmCurves, NanOrUnorderedKeyFramesHoldTheNearestKey) {
  // Found by the fuzzer: a NaN frame made the search run off the end of the keys.
  const Curve nan_last = keyed({{0, 1, 0, 0}, {NAN, 2, 0, 0}});
  EXPECT_EQ(evaluate(nan_last, 5, 0), 2.0);
  const Curve nan_first = keyed({{NAN, 1, 0, 0}, {10, 2, 0, 0}});
  EXPECT_EQ(evaluate(nan_first, 5, 0), 1.0);
  // Out of order the segment is not defined; whichever two keys are used, flat slopes keep the
  // value between the lowest and the highest key value.
  const Curve unordered = keyed({{10, 1, 0, 0}, {0, 2, 0, 0}, {20, 3, 0, 0}});
  const double v = evaluate(unordered, 15, 0);
  EXPECT_GE(v, 1.0);
  EXPECT_LE(v, 3.0);
  EXPECT_EQ(evaluate(unordered, 25, 0), 3.0) << "after the last key: the last value";
}

TEST(LmCurves, EulerZyxQuaternion) {
  const double quarter = std::numbers::pi / 2;
  model::Quat q = quat_from_euler_zyx(0, 0, quarter);
  EXPECT_NEAR(q.z, std::sqrt(0.5), 1e-7);
  EXPECT_NEAR(q.w, std::sqrt(0.5), 1e-7);
  // Rz * Ry * Rx applied to +X: Rx leaves it, Ry(90) turns it to -Z, Rz leaves -Z.
  q = quat_from_euler_zyx(0.3, quarter, 0);
  const auto m = model::matrix_from_quat(q);
  EXPECT_NEAR(m[0][0], 0, 1e-6);
  EXPECT_NEAR(m[2][0], -1, 1e-6);
  // Composition order: Rz(90) * Rx(90) maps +Y first to +Z (Rx), then Rz leaves +Z.
  const auto m2 = model::matrix_from_quat(quat_from_euler_zyx(quarter, 0, quarter));
  EXPECT_NEAR(m2[2][1], 1, 1e-6);
}

TEST(LmCurves, RotationUnits) {
  EXPECT_NEAR(to_radians(180, RotationUnit::degrees), std::numbers::pi, 1e-12);
  EXPECT_NEAR(to_radians(2048, RotationUnit::turn4096), std::numbers::pi, 1e-12);
  EXPECT_EQ(to_radians(1.5, RotationUnit::radians), 1.5);
  EXPECT_EQ(parse_rotation_unit("turn4096"), RotationUnit::turn4096);
  EXPECT_EQ(parse_rotation_unit("grads"), std::nullopt);
}

TEST(LmCurves, LoopingWrapsAndOthersStop) {
  File f;
  f.frame_count = 60;
  f.loop = 1;
  EXPECT_EQ(playback_frame(f, 75.5), 15.5);
  f.loop = 0;
  EXPECT_EQ(playback_frame(f, 75.5), 60);
  EXPECT_EQ(playback_frame(f, 30), 30);
}

}  // namespace
}  // namespace anmkit::lm
