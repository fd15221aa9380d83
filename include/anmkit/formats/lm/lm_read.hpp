#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "anmkit/core/expected.hpp"
#include "anmkit/core/limits.hpp"
#include "anmkit/formats/lm/lm_file.hpp"

namespace anmkit::lm {

// A plausible LM header: version 1 or 2, loop 0 or 1, the four offsets inside the file and past
// the header. (The format has no signature.)
bool looks_like_lm(std::span<const std::uint8_t> bytes);

enum class NodeCountSource { given, inferred };

struct ReadResult {
  File file;
  NodeCountSource node_count_source = NodeCountSource::inferred;
};

// `node_count` from the paired `.bin` or the user; without it, the node groups' region size
// / 0x36 when that divides evenly (notes point 6). A given count that does not fill the groups'
// region exactly is an error naming the offset where groups and arrays disagree.
Expected<ReadResult> read(std::span<const std::uint8_t> bytes, std::optional<std::uint32_t> node_count = {},
                          const ReadLimits& limits = {});

}  // namespace anmkit::lm
