#pragma once
// The registry of formats: every entry that registered itself (format_entry.hpp), in detection
// order, and lookups by name.

#include <span>
#include <string_view>

#include "format_entry.hpp"

namespace anmkit::detail {

// Detection order: formats with a signature first, then the others; each group by name.
std::span<const FormatEntry* const> entries();
const FormatEntry* find_entry(std::string_view name);
// The first entry, in detection order, that recognises these bytes; null when none does.
const FormatEntry* detect_entry(std::span<const std::uint8_t> bytes);

}  // namespace anmkit::detail
