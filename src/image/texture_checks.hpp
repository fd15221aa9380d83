#pragma once
// What both texture decoders check before they allocate: the input's size and the picture's.

#include <cstdint>
#include <span>
#include <string_view>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"

namespace anmkit::texture::detail {

// Past any caller's limit: the decoders' libraries index pixels with int.
inline constexpr std::uint64_t max_decodable_pixels = 1ull << 28;  // 16384 x 16384

// Fails (too_large) when `bytes` is longer than limits.max_input_bytes.
Expected<void> check_input_size(std::string_view what, std::span<const std::uint8_t> bytes, const ReadLimits& limits);

// Fails when a `width` x `height` picture is empty (bad_value), larger than limits.max_pixels
// (too_large) or than max_decodable_pixels (unsupported); `offset` is where the size is stored.
Expected<void> check_picture_size(std::string_view what, std::uint64_t width, std::uint64_t height, std::uint64_t offset,
                                  const ReadLimits& limits);

}  // namespace anmkit::texture::detail
