#include "anmkit/core/error.hpp"

#include "anmkit/core/diagnostic.hpp"

namespace anmkit {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::io: return "io";
    case ErrorCode::truncated: return "truncated";
    case ErrorCode::bad_magic: return "bad_magic";
    case ErrorCode::bad_value: return "bad_value";
    case ErrorCode::too_large: return "too_large";
    case ErrorCode::unknown_chunk: return "unknown_chunk";
    case ErrorCode::unsupported: return "unsupported";
    case ErrorCode::invalid_model: return "invalid_model";
    case ErrorCode::json: return "json";
    case ErrorCode::unknown_format: return "unknown_format";
    case ErrorCode::out_of_memory: return "out_of_memory";
    case ErrorCode::internal: return "internal";
  }
  return "unknown";
}

std::string Error::to_string() const { return format_error(*this); }

Error make_error(ErrorCode code, std::string message, std::optional<std::uint64_t> offset) {
  return Error{code, std::move(message), offset, {}, {}};
}

}  // namespace anmkit
