#pragma once
// The quaternions of a sampled pose's Euler rotations, several bones at a time: the runtime
// sampler's last step (sampler.cpp). Each lane does euler_zyx_quaternion's operations in its
// order, so every quaternion is the one evaluator's, bit for bit. On x86-64 the code for AVX2 or
// AVX-512, when the CPU has it, runs 8 or 16 lanes at a time (never fusing a multiply and an add,
// which would round differently).

#include <span>

#include "anmkit/model/clip.hpp"

namespace anmkit::model::detail {

enum class PoseQuaternionCode { baseline, avx2, avx512 };

// Whether this CPU runs `code` (baseline always).
bool supported(PoseQuaternionCode code);

// Sets p.rotation = euler_zyx_quaternion(p.euler) for every pose with has_euler, with the best
// code this CPU runs.
void euler_to_quaternions(std::span<BonePose> poses);

// The same with the given code, for the tests (it must be supported).
void euler_to_quaternions(std::span<BonePose> poses, PoseQuaternionCode code);

}  // namespace anmkit::model::detail
