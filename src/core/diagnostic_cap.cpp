#include "anmkit/core/diagnostic_cap.hpp"

#include <fmt/format.h>

namespace anmkit {

bool DiagnosticCap::keep(std::string_view id, Severity severity, std::optional<std::uint64_t> offset) {
  auto found = counts_.find(id);
  if (found == counts_.end()) found = counts_.emplace(std::string(id), Count{}).first;
  Count& c = found->second;
  ++c.seen;
  if (c.seen <= per_kind) return true;
  if (c.seen == per_kind + 1) c.first_left_out = offset;
  if (severity == Severity::error) c.severity = Severity::error;  // an error left out keeps the file invalid
  return false;
}

std::vector<DiagnosticCap::LeftOut> DiagnosticCap::left_out() const {
  std::vector<LeftOut> out;
  for (const auto& [id, c] : counts_) {
    if (c.seen > per_kind) out.push_back({id, c.severity, c.seen - per_kind, c.first_left_out});
  }
  return out;
}

Diagnostic DiagnosticCap::closing(const LeftOut& l, std::string prefix) {
  return Diagnostic{l.severity, l.id,
                    prefix + fmt::format("{} more finding{} of this kind ({}) from here on {} not listed: a file lists at "
                                         "most {} of one kind",
                                         l.count, l.count == 1 ? "" : "s", l.id, l.count == 1 ? "is" : "are", per_kind),
                    l.offset, {}};
}

}  // namespace anmkit
