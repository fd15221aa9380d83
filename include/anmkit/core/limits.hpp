#pragma once
// Limits a caller sets on what a reader will accept, as libspng does. Counts inside a file are
// always checked against the bytes that remain; these caps also bound the work that follows
// reading (a conversion walks every frame, a decoder fills every pixel), so that no input makes
// anmkit use more than a small multiple of its size in memory or run for hours.

#include <cstddef>
#include <cstdint>

#include "anmkit/core/expected.hpp"

namespace anmkit {

struct ReadLimits {
  std::uint64_t max_input_bytes = 256ull << 20;  // a model takes a few tens of times its input's size
  std::uint32_t max_frames = 1u << 20;           // frame count (GEM FRMS, LM): about 9 hours at 30 fps
  std::uint32_t max_bones = 1u << 16;            // GEM bones, LM nodes
  std::uint64_t max_keys = 1u << 24;             // GEM key records (FRM2/FRM3 keys, FRMN BONE records)
  std::uint64_t max_pixels = 1u << 24;           // one MM2 frame or PNG image (4096 x 4096)
  std::uint32_t max_sequences = 1u << 12;        // MM2 sequence blocks, a GEM .mdl's {sequence}s
  std::uint32_t max_json_depth = 64;             // nesting of JSON input (dumps, glTF); anmkit's own need 8
  std::uint64_t max_output_pixels = 1ull << 28;  // pixels an animated output (GIF) encodes over all its frames
};

// An input of `size` bytes within limits.max_input_bytes; else too_large at offset 0, naming the
// limit ("input of N bytes is larger than the limit of M bytes (limits.max_input_bytes)").
Expected<void> check_input_size(std::size_t size, const ReadLimits& limits);

}  // namespace anmkit
