#include "anmkit/formats/lm/lm_read.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"

namespace anmkit::lm {
namespace {

struct Header {
  std::uint8_t version, loop;
  std::uint16_t padding;
  std::uint32_t frame_count;
  std::array<std::uint32_t, 4> offset;  // by Region
};

constexpr std::array<std::size_t, 4> offset_field{0x14, 0x08, 0x0c, 0x10};  // by Region

Header read_header(ByteReader& r) {
  Header h{};
  h.version = r.u8("version");
  h.loop = r.u8("loop");
  h.padding = r.u16("padding");
  h.frame_count = r.u32("frame count");
  h.offset[std::size_t(Region::scale)] = r.u32("scale key array offset");
  h.offset[std::size_t(Region::rotation)] = r.u32("rotation key array offset");
  h.offset[std::size_t(Region::translation)] = r.u32("translation key array offset");
  h.offset[std::size_t(Region::groups)] = r.u32("node groups offset");
  return h;
}

// Regions sorted by offset; ties keep the canonical order (an empty region before a full one).
std::array<Region, 4> region_order(const Header& h) {
  std::array<Region, 4> order{Region::groups, Region::scale, Region::rotation, Region::translation};
  std::stable_sort(order.begin(), order.end(), [&h](Region a, Region b) {
    return h.offset[std::size_t(a)] < h.offset[std::size_t(b)];
  });
  return order;
}

std::string region_label(Region r) {
  return r == Region::groups ? "node groups" : fmt::format("{} key array", region_name(r));
}

File read_model(ByteReader& r, std::optional<std::uint32_t> node_count, NodeCountSource& source, const ReadLimits& limits) {
  const Header h = read_header(r);
  if (h.frame_count > limits.max_frames) {
    r.fail_at(4, ErrorCode::too_large,
              past_limit(fmt::format("frame count {} exceeds the limit of {} frames", h.frame_count, limits.max_frames), "limits.max_frames"));
  }
  const std::size_t size = r.size();
  for (std::size_t i = 0; i < 4; ++i) {
    const std::uint32_t at = h.offset[i];
    if (at < header_size || at > size) {
      r.fail_at(offset_field[i], ErrorCode::bad_value,
                fmt::format("{} offset 0x{:x} is {} (expected 0x18 to the file size 0x{:x})", region_label(Region(i)),
                            at, at < header_size ? "inside the header" : "past the end of the file", size));
    }
  }
  File file;
  file.version = h.version;
  file.loop = h.loop;
  file.padding = h.padding;
  file.frame_count = h.frame_count;
  file.order = region_order(h);
  const auto start_of = [&h](Region reg) { return std::size_t(h.offset[std::size_t(reg)]); };
  const auto first = r.bytes(start_of(file.order[0]) - header_size, "bytes before the first region");
  file.lead.assign(first.begin(), first.end());
  for (std::size_t k = 0; k < 4; ++k) {
    const Region reg = file.order[k];
    const std::size_t start = start_of(reg);
    const std::size_t end = k + 1 < 4 ? start_of(file.order[k + 1]) : size;
    const std::size_t length = end - start;
    if (reg == Region::groups) {
      std::size_t count = 0;
      if (node_count) {
        source = NodeCountSource::given;
        count = *node_count;
        if (std::uint64_t(count) * group_size != length) {
          r.fail_at(start, ErrorCode::bad_value,
                    fmt::format("{} nodes need 0x{:x} bytes of node groups at 0x{:x}, but {} 0x{:x} bytes "
                                "(the groups and the arrays disagree with the node count)",
                                count, std::uint64_t(count) * group_size, start,
                                k + 1 < 4 ? fmt::format("the {} starts after", region_label(file.order[k + 1]))
                                          : std::string("the file ends after"),
                                length));
        }
      } else {
        source = NodeCountSource::inferred;
        if (length % group_size != 0) {
          Wording why(fmt::format("cannot infer the node count: the node groups at 0x{:x} span 0x{:x} bytes, not a "
                                  "multiple of 0x36; give ",
                                  start, length));
          why += naming("nodes", "the node count");  // the format's own option
          why += " or ";
          why += naming("bin", "the .bin model");  // LM's own name for its skeleton option
          r.fail_at(start, ErrorCode::bad_value, std::move(why));
        }
        count = length / group_size;
      }
      if (count > limits.max_bones) {
        r.fail_at(start, ErrorCode::too_large,
                  past_limit(fmt::format("{} nodes exceed the limit of {}", count, limits.max_bones), "limits.max_bones"));
      }
      file.groups.resize(count);
      for (NodeGroup& g : file.groups) {
        for (Track& t : g.tracks) {
          t.count = r.u16("track count");
          t.index = r.u16("track index");
          t.flag = r.u16("track flag");
        }
      }
    } else {
      auto& floats = file.arrays[std::size_t(reg) - 1];
      floats.resize(length / 4);
      for (auto& bits : floats) bits = r.f32_bits("key array float");
      const auto tail = r.bytes(length % 4, "array tail");
      file.array_tails[std::size_t(reg) - 1].assign(tail.begin(), tail.end());
    }
  }
  return file;
}

}  // namespace

bool looks_like_lm(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < header_size) return false;
  try {
    ByteReader r(bytes, Endian::big);
    const Header h = read_header(r);
    if ((h.version != 1 && h.version != 2) || h.loop > 1) return false;
    return std::all_of(h.offset.begin(), h.offset.end(),
                       [&](std::uint32_t at) { return at >= header_size && at <= bytes.size(); });
  } catch (ErrorException&) {
    return false;
  }
}

Expected<ReadResult> read(std::span<const std::uint8_t> bytes, std::optional<std::uint32_t> node_count,
                          const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  return catch_errors([&] {
    ByteReader r(bytes, Endian::big);
    ReadResult result;
    result.file = read_model(r, node_count, result.node_count_source, limits);
    return result;
  });
}

}  // namespace anmkit::lm
