#include "pose_quaternions.hpp"

#include <cmath>
#include <cstdint>

#include "euler_quaternion.hpp"
#include "sine_cosine.hpp"

namespace anmkit::model::detail {
namespace {

// `lanes` bones at a time: each vector is two registers of the code's width (4 lanes for SSE2, 8
// for AVX2, 16 for AVX-512), more independent work between the long dependent chains of the
// series than one register would give.
template <int lanes>
struct Vectors {
  typedef double Doubles __attribute__((vector_size(8 * lanes)));
  typedef std::uint64_t Bits __attribute__((vector_size(8 * lanes)));
  typedef float Floats __attribute__((vector_size(4 * lanes)));
  typedef std::uint32_t FloatBits __attribute__((vector_size(4 * lanes)));
  struct SinesCosines {
    Doubles sin, cos;
  };
};

// Macros, not functions: a function taking or returning these vectors would have a different
// calling convention in the AVX code than in the baseline code (GCC warns, -Wpsabi).
#define bits(v) reinterpret_cast<Bits>(v)
#define doubles(v) reinterpret_cast<Doubles>(v)

// reduced_sine_cosine (sine_cosine.hpp) on every lane: the same operations on the same values,
// with its table lookups as lane masks. Lanes past reduced_limit give nonsense; the caller
// redoes those bones.
template <int lanes>
__attribute__((always_inline)) inline auto reduced_sines_cosines(const typename Vectors<lanes>::Doubles& x) {
  using Doubles = typename Vectors<lanes>::Doubles;
  using Bits = typename Vectors<lanes>::Bits;
  using namespace reduction;
  const Doubles shifted = x * two_over_pi + shift;
  const Doubles n = shifted - shift;
  // 1.5 * 2^52 + n has n (mod 4) in its lowest bits: the scalar's int32(n) & 3.
  const Bits quadrant = bits(shifted) & 3;
  const Doubles r = ((x - n * pio2_1) - n * pio2_2) - n * pio2_3;
  const Doubles r2 = r * r;
  Doubles s = Doubles{} + series::sine[0], c = Doubles{} + series::cosine[0];
#pragma GCC unroll 8
  for (int k = 1; k < series::terms; ++k) s = s * r2 + series::sine[k], c = c * r2 + series::cosine[k];
  constexpr std::uint64_t sign = std::uint64_t(1) << 63;
  s = doubles((bits(r + r * r2 * s) & ~sign) | (bits(r) & sign));  // copysign
  c = 1 + r2 * c;
  const Bits odd = -(quadrant & 1);  // all ones in odd quadrants: sine and cosine swap
  const Bits sine = (bits(s) & ~odd) | (bits(c) & odd), cosine = (bits(c) & ~odd) | (bits(s) & odd);
  // The sine negated in quadrants 2 and 3, the cosine in 1 and 2.
  return typename Vectors<lanes>::SinesCosines{doubles(sine ^ (quadrant & 2) << 62),
                                               doubles(cosine ^ ((quadrant + 1) & 2) << 62)};
}

// `lanes` poses, given by index, each with has_euler; only the first `count` are written (the
// others repeat one of them, so that every lane reads a real pose).
template <int lanes>
__attribute__((always_inline)) inline void convert_lanes(std::span<BonePose> poses, const std::size_t* index,
                                                         int count) {
  using Doubles = typename Vectors<lanes>::Doubles;
  using Bits = typename Vectors<lanes>::Bits;
  using Floats = typename Vectors<lanes>::Floats;
  using FloatBits = typename Vectors<lanes>::FloatBits;
  Floats ex{}, ey{}, ez{};
  for (int i = 0; i < lanes; ++i) {
    const Vec3& e = poses[index[i]].euler;
    ex[i] = e.x, ey[i] = e.y, ez[i] = e.z;
  }
  const Doubles hx = __builtin_convertvector(ex, Doubles) / 2, hy = __builtin_convertvector(ey, Doubles) / 2,
                hz = __builtin_convertvector(ez, Doubles) / 2;
  const auto [sx, cx] = reduced_sines_cosines<lanes>(hx);
  const auto [sy, cy] = reduced_sines_cosines<lanes>(hy);
  const auto [sz, cz] = reduced_sines_cosines<lanes>(hz);
  // euler_zyx_quaternion's products, in its order, and with_positive_w's sign flip.
  const Floats w = __builtin_convertvector(cz * cy * cx + sz * sy * sx, Floats);
  const Floats x = __builtin_convertvector(cz * cy * sx - sz * sy * cx, Floats);
  const Floats y = __builtin_convertvector(cz * sy * cx + sz * cy * sx, Floats);
  const Floats z = __builtin_convertvector(sz * cy * cx - cz * sy * sx, Floats);
  const FloatBits flip = reinterpret_cast<FloatBits>(w < 0) & (std::uint32_t(1) << 31);
  const Floats qx = reinterpret_cast<Floats>(reinterpret_cast<FloatBits>(x) ^ flip);
  const Floats qy = reinterpret_cast<Floats>(reinterpret_cast<FloatBits>(y) ^ flip);
  const Floats qz = reinterpret_cast<Floats>(reinterpret_cast<FloatBits>(z) ^ flip);
  const Floats qw = reinterpret_cast<Floats>(reinterpret_cast<FloatBits>(w) ^ flip);
  constexpr std::uint64_t magnitude = ~(std::uint64_t(1) << 63);
  const auto reduced = (doubles(bits(hx) & magnitude) <= reduced_limit) &
                       (doubles(bits(hy) & magnitude) <= reduced_limit) & (doubles(bits(hz) & magnitude) <= reduced_limit);
  for (int i = 0; i < count; ++i) {
    BonePose& p = poses[index[i]];
    p.rotation = reduced[i] ? Quat{qx[i], qy[i], qz[i], qw[i]} : euler_zyx_quaternion(p.euler.x, p.euler.y, p.euler.z);
  }
}

template <int lanes>
__attribute__((always_inline)) inline void convert(std::span<BonePose> poses) {
  std::size_t index[std::size_t(lanes)];
  int count = 0;
  for (std::size_t i = 0; i < poses.size(); ++i) {
    if (!poses[i].has_euler) continue;
    index[count++] = i;
    if (count == lanes) convert_lanes<lanes>(poses, index, count), count = 0;
  }
  if (count > 0) {
    for (int i = count; i < lanes; ++i) index[i] = index[0];
    convert_lanes<lanes>(poses, index, count);
  }
}

void convert_baseline(std::span<BonePose> poses) { convert<4>(poses); }

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ANMKIT_POSE_QUATERNIONS_X86 1
// The same source compiled for AVX2 and for AVX-512. AVX-512 has fused multiply-adds, which
// round once where the baseline rounds twice: everything is built with -ffp-contract=off
// (CMakeLists.txt), so the compiler never fuses them.
__attribute__((target("avx2"))) void convert_avx2(std::span<BonePose> poses) { convert<8>(poses); }
__attribute__((target("avx512f"))) void convert_avx512(std::span<BonePose> poses) { convert<16>(poses); }
#endif

#undef bits
#undef doubles

}  // namespace

bool supported(PoseQuaternionCode code) {
  switch (code) {
    case PoseQuaternionCode::baseline:
      return true;
#ifdef ANMKIT_POSE_QUATERNIONS_X86
    case PoseQuaternionCode::avx2:
      return __builtin_cpu_supports("avx2");
    case PoseQuaternionCode::avx512:
      return __builtin_cpu_supports("avx512f");
#else
    case PoseQuaternionCode::avx2:
    case PoseQuaternionCode::avx512:
      return false;
#endif
  }
  return false;
}

void euler_to_quaternions(std::span<BonePose> poses, PoseQuaternionCode code) {
  switch (code) {
#ifdef ANMKIT_POSE_QUATERNIONS_X86
    case PoseQuaternionCode::avx512:
      return convert_avx512(poses);
    case PoseQuaternionCode::avx2:
      return convert_avx2(poses);
#endif
    default:
      return convert_baseline(poses);
  }
}

void euler_to_quaternions(std::span<BonePose> poses) {
  static const PoseQuaternionCode best = supported(PoseQuaternionCode::avx512) ? PoseQuaternionCode::avx512
                                         : supported(PoseQuaternionCode::avx2) ? PoseQuaternionCode::avx2
                                                                               : PoseQuaternionCode::baseline;
  euler_to_quaternions(poses, best);
}

}  // namespace anmkit::model::detail
