#include "anmkit/core/limits.hpp"

#include <fmt/format.h>

namespace anmkit {

Expected<void> check_input_size(std::size_t size, const ReadLimits& limits) {
  if (size <= limits.max_input_bytes) return {};
  return make_error(ErrorCode::too_large,
                    past_limit(fmt::format("input of {} bytes is larger than the limit of {} bytes", size, limits.max_input_bytes),
                               "limits.max_input_bytes"),
                    0);
}

}  // namespace anmkit
