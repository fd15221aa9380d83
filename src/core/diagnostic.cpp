#include "anmkit/core/diagnostic.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace anmkit {

std::string_view severity_name(Severity severity) {
  return severity == Severity::error ? "error" : "warning";
}

std::string format_diagnostic(std::string_view file, Severity severity, std::string_view message,
                              std::optional<std::uint64_t> offset, std::string_view pointer) {
  std::string where(file.empty() ? "<input>" : file);
  if (offset) {
    where += fmt::format(":{}", *offset);
  } else if (!pointer.empty()) {
    where += fmt::format(":{}", pointer);
  }
  return fmt::format("{}: {}: {}", where, severity_name(severity), message);
}

std::string format_diagnostic(std::string_view file, const Diagnostic& d) {
  return format_diagnostic(file, d.severity, d.message, d.offset, d.pointer);
}

std::string format_error(const Error& e) {
  return format_diagnostic(e.file, Severity::error, e.message, e.offset, e.pointer);
}

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

}  // namespace anmkit
