#pragma once
// Findings of a validator: errors break the format, warnings are legal but suspicious.
// Printed the way compilers do so that editors and scripts can jump to them.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anmkit/core/error.hpp"

namespace anmkit {

enum class Severity { warning, error };

struct Diagnostic {
  Severity severity;
  std::string id;                       // stable identifier, e.g. "gem.key-past-end"
  std::string message;
  std::optional<std::uint64_t> offset;  // byte offset, when the model came from a binary file
  std::string pointer;                  // JSON pointer into the dump of the same model
};

std::string_view severity_name(Severity severity);

// `FILE:OFFSET: warning: MESSAGE`; the pointer takes the offset's place when there is no offset.
std::string format_diagnostic(std::string_view file, Severity severity, std::string_view message,
                              std::optional<std::uint64_t> offset, std::string_view pointer);
std::string format_diagnostic(std::string_view file, const Diagnostic& diagnostic);
std::string format_error(const Error& error);

bool has_errors(const std::vector<Diagnostic>& diagnostics);

}  // namespace anmkit
