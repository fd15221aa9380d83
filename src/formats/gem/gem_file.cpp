#include "anmkit/formats/gem/gem_file.hpp"

#include <fmt/format.h>

namespace anmkit::gem {

std::string_view chunk_tag(FrameChunk chunk) {
  switch (chunk) {
    case FrameChunk::frmn: return "FRMN";
    case FrameChunk::frm2: return "FRM2";
    case FrameChunk::frm3: return "FRM3";
  }
  return "????";
}

std::size_t frm3_frame_width(std::uint32_t frame_count) {
  const std::int64_t frame_max = std::int64_t(frame_count) - 1;
  if (frame_max <= 0xff) return 1;
  if (frame_max <= 0xffff) return 2;
  return 4;
}

bool is_known_version(std::uint32_t version) {
  return version == version_3_0 || version == version_4_0 || version == version_5_0 ||
         version == version_6_0 || version == version_6_1;
}

std::string version_name(std::uint32_t version) {
  if (is_known_version(version)) return fmt::format("{}.{}", version >> 16, version & 0xffff);
  return fmt::format("0x{:08x}", version);
}

bool version_allows(std::uint32_t version, FrameChunk chunk) {
  switch (chunk) {
    case FrameChunk::frmn:
      return version == version_3_0 || version == version_4_0 || version == version_5_0;
    case FrameChunk::frm2: return version == version_6_0 || version == version_6_1;
    case FrameChunk::frm3: return version == version_6_1;
  }
  return false;
}

}  // namespace anmkit::gem
