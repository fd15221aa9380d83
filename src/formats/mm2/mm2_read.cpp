#include "anmkit/formats/mm2/mm2_read.hpp"

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/formats/mm2/mm2_codec.hpp"

namespace anmkit::mm2 {
namespace {

constexpr std::size_t max_frames = 12;
constexpr std::size_t palette_bytes = 2 * palette_size;

// Why a candidate image chunk was refused: the check it failed (a later stage passed more
// checks, so it is more likely the real chunk) and where.
struct Refusal {
  int stage = 0;  // 0 header, 1 frame sizes, 2 pixel streams, 3 end of the streams
  std::size_t offset = 0;
  Wording reason;
  bool beats(const Refusal& other) const { return stage != other.stage ? stage > other.stage : offset >= other.offset; }
};

// Checks the image chunk candidate at `at` (its frame count); on success returns nullopt.
std::optional<Refusal> try_image_chunk(std::span<const std::uint8_t> bytes, std::size_t at, const ReadLimits& limits) {
  auto u16 = [&](std::size_t pos) { return std::uint16_t(bytes[pos] << 8 | bytes[pos + 1]); };
  if (at + 4 > bytes.size()) return Refusal{0, at, "the file ends inside the image header"};
  const std::size_t count = u16(at);
  if (count == 0 || count > max_frames) {
    return Refusal{0, at, fmt::format("frame count {} is not 1..12", count)};
  }
  const std::size_t infos = at + 4, palette = infos + 6 * count, streams = palette + palette_bytes;
  if (streams > bytes.size()) return Refusal{1, at, "the file ends inside the frame sizes or the palette"};
  std::size_t pos = streams;
  for (std::size_t f = 0; f < count; ++f) {
    const std::size_t w = u16(infos + 6 * f), h = u16(infos + 6 * f + 2);
    if (w == 0 || h == 0) return Refusal{1, infos + 6 * f, fmt::format("frame {} is {}x{}", f, w, h)};
    if (w * h > limits.max_pixels) {
      return Refusal{1, infos + 6 * f, past_limit(fmt::format("frame {} is {}x{}, more than the limit of {} pixels", f, w,
                                                h, limits.max_pixels), "limits.max_pixels")};
    }
    auto used = stream_length(bytes.subspan(pos), w, h);
    if (!used) {
      return Refusal{2, bytes.size(), fmt::format("frame {}'s pixel stream (from {}) ends at the end of the file "
                                               "before its {} bytes of planes ({}x{})",
                                               f, pos, planes * ras_size(w, h), w, h)};
    }
    pos += *used;
  }
  if (pos != bytes.size()) {
    return Refusal{3, pos, fmt::format("the pixel streams end at {}, not at the end of the file ({})", pos, bytes.size())};
  }
  return std::nullopt;
}

File read_model(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  ByteReader r(bytes, Endian::big);
  if (!(bytes.size() >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 'T' && bytes[3] == 'V')) {
    r.fail_at(0, ErrorCode::bad_magic,
              fmt::format("not an MM2 animation: expected magic 00 00 54 56 ('TV'), found '{}'",
                          tag_for_message(bytes.first(std::min<std::size_t>(4, bytes.size())))));
  }
  r.bytes(4, "magic");
  File file;
  for (Slot& s : file.prelude) {
    const auto raw = r.bytes(4, "prelude slot");
    std::copy(raw.begin(), raw.end(), s.raw.begin());
  }
  const auto header = r.bytes(3, "sequence header bytes");
  std::copy(header.begin(), header.end(), file.seq_header.begin());

  Refusal furthest{-1, sequence_start, "the sequence section has no FF"};
  std::optional<std::size_t> image;
  for (std::size_t p = sequence_start; p < bytes.size(); ++p) {
    if (bytes[p] != 0xff) continue;
    auto refusal = try_image_chunk(bytes, p + 1, limits);
    if (!refusal) {
      image = p + 1;
      break;
    }
    if (refusal->beats(furthest)) furthest = *refusal;
  }
  if (!image) {
    Wording message("no image chunk: no FF of the sequence section is followed by a plausible image header whose "
                    "pixel streams end exactly at the end of the file (furthest candidate: ");
    message += furthest.reason;
    message += ")";
    r.fail_at(furthest.offset, ErrorCode::bad_value, std::move(message));
  }
  // The sequence section: a preamble, then blocks each introduced by FF; the FF before the image
  // chunk ends it.
  const auto section = bytes.subspan(sequence_start, *image - 1 - sequence_start);
  std::size_t i = 0;
  while (i < section.size() && section[i] != 0xff) file.preamble.push_back(section[i++]);
  while (i < section.size()) {
    ++i;  // the FF
    Bytes block;
    while (i < section.size() && section[i] != 0xff) block.push_back(section[i++]);
    file.blocks.push_back(std::move(block));
    if (file.blocks.size() > limits.max_sequences) {
      r.fail_at(sequence_start + i, ErrorCode::too_large,
                past_limit(fmt::format("more than {} sequence blocks", limits.max_sequences), "limits.max_sequences"));
    }
  }
  r.bytes(*image - r.offset(), "sequence section");
  const std::uint16_t count = r.u16("frame count");
  file.depth_or_mode = r.u16("depth_or_mode");
  file.frames.resize(count);
  for (FrameInfo& f : file.frames) {
    f.width = r.u16("frame width");
    f.height = r.u16("frame height");
    f.flags = r.u16("frame flags");
  }
  for (auto& word : file.palette) word = r.u16("palette word");
  for (const FrameInfo& f : file.frames) {
    const std::size_t used = *stream_length(bytes.subspan(r.offset()), f.width, f.height);
    const auto stream = r.bytes(used, "pixel stream");
    file.streams.emplace_back(stream.begin(), stream.end());
  }
  return file;
}

}  // namespace

bool looks_like_mm2(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 'T' && bytes[3] == 'V';
}

Expected<File> read(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  // Finding the image chunk tries every FF of the file: cap the work. Real files are under 16 KB.
  constexpr std::uint64_t mm2_cap = 4u << 20;
  const std::uint64_t limit = std::min<std::uint64_t>(limits.max_input_bytes, mm2_cap);
  if (bytes.size() > limit) {
    return make_error(ErrorCode::too_large,
                      fmt::format("input of {} bytes is larger than the limit of {} bytes for MM2 files", bytes.size(), limit), 0);
  }
  return catch_errors([&] { return read_model(bytes, limits); });
}

Expected<std::vector<Bytes>> decode_all_planes(const File& file) {
  std::vector<Bytes> out;
  for (std::size_t f = 0; f < file.frames.size(); ++f) {
    std::size_t used = 0;
    const FrameInfo& info = file.frames[f];
    auto planes_bytes = decode_planes(file.streams[f], info.width, info.height, used);
    if (!planes_bytes) {
      prepend(planes_bytes.error(), fmt::format("frame {}: ", f));
      planes_bytes.error().pointer = fmt::format("/frames/{}/stream", f);
      return planes_bytes.error();
    }
    out.push_back(std::move(*planes_bytes));
  }
  return out;
}

}  // namespace anmkit::mm2
