#pragma once
// Format detection by content, never by extension. Every codec joins the table in detect.cpp.

#include <cstdint>
#include <span>
#include <string_view>

namespace anmkit {

enum class Format { unknown, gem, lm, mm2 };

std::string_view format_name(Format format);  // "gem", ...
std::string_view format_title(Format format); // "GEM skeletal animation (EANM)", ...

Format detect_format(std::span<const std::uint8_t> bytes);

}  // namespace anmkit
