#include "anmkit/model/math.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace anmkit::model {
namespace {

constexpr float s = 0.70710678f;

void expect_quat_near(const Quat& a, const Quat& b, float tolerance = 1e-6f) {
  EXPECT_NEAR(a.x, b.x, tolerance);
  EXPECT_NEAR(a.y, b.y, tolerance);
  EXPECT_NEAR(a.z, b.z, tolerance);
  EXPECT_NEAR(a.w, b.w, tolerance);
}

TEST(Math, QuatFromXyzRebuildsPositiveW) {
  const Quat q = quat_from_xyz(0, 0, -s);
  EXPECT_FLOAT_EQ(q.w, s);
  EXPECT_EQ(quat_from_xyz(1.5f, 0, 0).w, 0.0f) << "w is clamped when x² + y² + z² > 1";
  const Quat identity = quat_from_xyz(-0.0f, -0.0f, -0.0f);
  EXPECT_EQ(identity.w, 1.0f);
  EXPECT_TRUE(std::signbit(identity.x)) << "the stored -0.0 is kept";
}

TEST(Math, MatrixFromQuatIsColumnConvention) {
  // 90 degrees about +Z turns +X into +Y: the first column is (0, 1, 0).
  const Mat3 m = matrix_from_quat(Quat{0, 0, s, s});
  EXPECT_NEAR(m[0][0], 0, 1e-6);
  EXPECT_NEAR(m[1][0], 1, 1e-6);
  EXPECT_NEAR(m[0][1], -1, 1e-6);
}

TEST(Math, QuatFromMatrixInvertsMatrixFromQuat) {
  for (const Quat& q : {Quat{0, 0, 0, 1}, Quat{0, 0, s, s}, Quat{1, 0, 0, 0}, Quat{0.5f, 0.5f, 0.5f, 0.5f},
                        Quat{0, 1, 0, 0}, Quat{0, 0, 1, 0}, Quat{0.1f, -0.7f, 0.2f, 0.67823300f}}) {
    expect_quat_near(quat_from_matrix(matrix_from_quat(normalized(q))), with_positive_w(normalized(q)));
  }
}

TEST(Math, DecomposesGemMatrix34Rows) {
  // body in goh_e25_tank-e-25.mdl: rows (0 -1 0), (1 0 0), (0 0 1), translation.
  const Matrix34 m{0, -1, 0, 1, 0, 0, 0, 0, 1, -0.184317f, 0.883301f, 20.4944f};
  const Decomposed d = decompose(m);
  EXPECT_FALSE(d.mirrored);
  expect_quat_near(d.rotation, Quat{0, 0, -s, s});
  EXPECT_EQ(d.scale, (Vec3{1, 1, 1}));
  EXPECT_EQ(d.translation, (Vec3{-0.184317f, 0.883301f, 20.4944f}));
}

TEST(Math, NegativeDeterminantIsMirroredZ) {
  // basis in the e25 model: rows (1 0 0), (0 -1 0), (0 0 1): a 180-degree turn about X with Z negated.
  const Decomposed d = decompose(Matrix34{1, 0, 0, 0, -1, 0, 0, 0, 1, 0, 0, 0});
  EXPECT_TRUE(d.mirrored);
  expect_quat_near(d.rotation, Quat{1, 0, 0, 0});
  EXPECT_EQ(d.scale, (Vec3{1, 1, 1}));
}

TEST(Math, ScaleIsSeparatedAndNearOneSnaps) {
  const Decomposed d = decompose(Matrix34{2, 0, 0, 0, 1.0000001f, 0, 0, 0, 0.5f, 1, 2, 3});
  EXPECT_EQ(d.scale, (Vec3{2, 1, 0.5f}));
  expect_quat_near(d.rotation, Quat{0, 0, 0, 1});
}

TEST(Math, ComposeInvertsDecompose) {
  const Decomposed d{Vec3{1, -2, 3}, normalized(Quat{0.3f, -0.2f, 0.1f, 0.9f}), Vec3{1.5f, 2, 0.25f}, true};
  const Decomposed back = decompose(compose(d));
  EXPECT_TRUE(back.mirrored);
  expect_quat_near(back.rotation, d.rotation);
  EXPECT_NEAR(back.scale.x, 1.5f, 1e-6);
  EXPECT_NEAR(back.scale.y, 2.0f, 1e-6);
  EXPECT_NEAR(back.scale.z, 0.25f, 1e-6);
  EXPECT_EQ(back.translation, d.translation);
}

TEST(Math, AngleBetweenIsSignInsensitiveAndPreciseWhenSmall) {
  EXPECT_FLOAT_EQ(quat_angle_between(Quat{0, 0, 0, 1}, Quat{0, 0, 0, -1}), 0);
  EXPECT_NEAR(quat_angle_between(Quat{0, 0, 0, 1}, Quat{0, 0, s, s}), 3.14159265f / 2, 1e-6);
  const float tiny = 1e-5f;
  EXPECT_NEAR(quat_angle_between(Quat{0, 0, 0, 1}, normalized(Quat{0, 0, tiny / 2, 1})), tiny, 1e-9);
}

}  // namespace
}  // namespace anmkit::model
