#include "anmkit/formats/mm2/mm2_validate.hpp"

#include <fmt/format.h>

#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"

namespace anmkit::mm2 {

std::vector<Diagnostic> validate(const File& file) {
  std::vector<Diagnostic> out;
  auto add = [&out](Severity s, const char* id, std::uint64_t offset, std::string pointer, std::string message) {
    out.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  };
  const std::size_t frames = file.frames.size();
  for (std::size_t i = 0; i < prelude_slots; ++i) {
    const bool has_frame = i + 1 < frames;
    if (file.prelude[i].used() && !has_frame) {
      add(Severity::warning, "mm2.slot-without-frame", 4 + 4 * i, fmt::format("/prelude/{}", i),
          fmt::format("prelude slot {} is used but there is no patch frame {}", i, i + 1));
    }
    // Legal (the canvas grows, notes point 11), but no known game file does it, and a sprite
    // enlarged with its rectangles left behind shows up here.
    const Slot& slot = file.prelude[i];
    if (slot.used() && has_frame &&
        (std::size_t(slot.x()) + slot.w() > file.frames[0].width || std::size_t(slot.y()) + slot.h() > file.frames[0].height)) {
      const CanvasSize canvas = canvas_size(file);
      add(Severity::warning, "mm2.rect-past-base", 4 + 4 * i, fmt::format("/prelude/{}", i),
          fmt::format("patch frame {}'s rectangle ({}, {}) {}x{} reaches past the base picture ({}x{}); the composed "
                      "states grow to {}x{} to hold it", i + 1, slot.x(), slot.y(), slot.w(), slot.h(),
                      file.frames[0].width, file.frames[0].height, canvas.width, canvas.height));
    }
    if (!file.prelude[i].used() && has_frame) {
      add(Severity::warning, "mm2.patch-without-slot", 4 + 4 * i, fmt::format("/prelude/{}", i),
          fmt::format("patch frame {} has no prelude slot; it is drawn at (0, 0), uncropped", i + 1));
    }
  }
  std::size_t at = sequence_start + file.preamble.size();
  for (std::size_t b = 0; b < file.blocks.size(); ++b) {
    const Sequence seq = parse_sequence(file.blocks[b]);
    for (std::size_t s = 0; s < seq.steps.size(); ++s) {
      if (seq.steps[s].state >= frames) {
        add(Severity::error, "mm2.state-past-frames", at + 1 + 2 * s, fmt::format("/sequences/{}/{}", b, s),
            fmt::format("sequence {} step {} shows composed state {}, but the file has {} (0..{})", b, s,
                        seq.steps[s].state, frames, std::int64_t(frames) - 1));
      }
    }
    if (seq.odd_byte) {
      add(Severity::warning, "mm2.odd-sequence", at + file.blocks[b].size(), fmt::format("/sequences/{}", b),
          fmt::format("sequence {} has an odd number of bytes; its last byte {} is unpaired", b, *seq.odd_byte));
    }
    at += 1 + file.blocks[b].size();
  }
  const std::size_t image = image_chunk_offset(file);
  if (file.depth_or_mode != 3) {
    add(Severity::warning, "mm2.depth-mode", image + 2, "/depth_or_mode",
        fmt::format("depth_or_mode is {} (3 in every known file)", file.depth_or_mode));
  }
  std::size_t stream_at = image + 4 + 6 * frames + 2 * palette_size;
  for (std::size_t f = 0; f < frames; ++f) {
    const FrameInfo& info = file.frames[f];
    if (info.flags != 0) {
      add(Severity::warning, "mm2.frame-flags", image + 4 + 6 * f + 4, fmt::format("/frames/{}/flags", f),
          fmt::format("frame {} has flags 0x{:04x} (0 in every known file)", f, info.flags));
    }
    if (f < file.streams.size()) {
      const auto used = stream_length(file.streams[f], info.width, info.height);
      if (!used || *used != file.streams[f].size()) {
        add(Severity::error, "mm2.stream-length", stream_at, fmt::format("/frames/{}/stream", f),
            used ? fmt::format("frame {}'s stream decodes its {}x{} planes in {} bytes but holds {}", f, info.width,
                               info.height, *used, file.streams[f].size())
                 : fmt::format("frame {}'s stream of {} bytes ends before its {}x{} planes", f, file.streams[f].size(),
                               info.width, info.height));
      }
      stream_at += file.streams[f].size();
    }
  }
  return out;
}

}  // namespace anmkit::mm2
