#include "anmkit/formats/gem/mesh/vol_file.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/byte_writer.hpp"
#include "anmkit/core/float_bits.hpp"

namespace anmkit::gem::mesh {
namespace {

std::size_t array_size(const VolFile& file, VolChunkKind kind) {
  switch (kind) {
    case VolChunkKind::vertices: return file.vertex_chunks.size();
    case VolChunkKind::indices: return file.index_chunks.size();
    case VolChunkKind::sides: return file.side_chunks.size();
  }
  return 0;
}

std::uint64_t payload_size(const VolFile& file, VolChunkKind kind, std::size_t k) {
  switch (kind) {
    case VolChunkKind::vertices: return 12 * std::uint64_t(file.vertex_chunks[k].size());
    case VolChunkKind::indices: return 2 * std::uint64_t(file.index_chunks[k].size());
    case VolChunkKind::sides: return file.side_chunks[k].size();
  }
  return 0;
}

VolFile read_model(ByteReader& r) {
  r.expect_signature(vol_signature, "a GEM collision volume");
  VolFile file;
  while (!r.at_end()) {
    const std::size_t at = r.offset();
    const auto tag = r.tag("chunk tag");
    const std::string_view t(tag.data(), tag.size());
    if (t == "VERT") {
      const std::uint32_t count = r.u32("VERT vertex count");
      r.check_count(count, 12, "VERT vertex count");
      std::vector<std::array<std::uint32_t, 3>> vertices(count);
      for (auto& v : vertices) v = r.u32_array<3>("VERT position (3 floats)");
      file.vertex_chunks.push_back(std::move(vertices));
      file.chunks.push_back(VolChunkKind::vertices);
    } else if (t == "INDX") {
      const std::uint32_t count = r.u32("INDX index count");
      r.check_count(count, 2, "INDX index count");
      std::vector<std::uint16_t> indices(count);
      for (auto& i : indices) i = r.u16("INDX index");
      file.index_chunks.push_back(std::move(indices));
      file.chunks.push_back(VolChunkKind::indices);
    } else if (t == "SIDE") {
      const std::uint32_t count = r.u32("SIDE count");
      r.check_count(count, 1, "SIDE count");
      const auto sides = r.bytes(count, "SIDE codes");
      file.side_chunks.emplace_back(sides.begin(), sides.end());
      file.chunks.push_back(VolChunkKind::sides);
    } else {
      r.fail_at(at, ErrorCode::unknown_chunk,
                fmt::format("expected a volume chunk (VERT, INDX or SIDE) or the end of the file, found '{}'",
                            tag_for_message({reinterpret_cast<const std::uint8_t*>(tag.data()), tag.size()})));
    }
  }
  return file;
}

}  // namespace

std::string_view chunk_tag(VolChunkKind kind) {
  switch (kind) {
    case VolChunkKind::vertices: return "VERT";
    case VolChunkKind::indices: return "INDX";
    case VolChunkKind::sides: return "SIDE";
  }
  return "????";
}

std::vector<std::uint64_t> chunk_offsets(const VolFile& file) {
  std::vector<std::uint64_t> out;
  std::array<std::size_t, 3> seen{};
  std::uint64_t at = vol_signature.size();
  for (VolChunkKind kind : file.chunks) {
    out.push_back(at);
    const std::size_t k = seen[std::size_t(kind)]++;
    at += 8 + (k < array_size(file, kind) ? payload_size(file, kind, k) : 0);
  }
  return out;
}

bool looks_like_vol(std::span<const std::uint8_t> bytes) { return ByteReader(bytes).next_tag_is(vol_signature); }

Expected<VolFile> read_vol(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  if (auto size = check_input_size(bytes.size(), limits); !size) return size.error();
  return catch_errors([&] {
    ByteReader r(bytes);
    return read_model(r);
  });
}

Expected<std::vector<std::uint8_t>> write_vol(const VolFile& file) {
  std::array<std::size_t, 3> listed{};
  for (VolChunkKind kind : file.chunks) {
    if (std::size_t(kind) >= listed.size()) return make_error(ErrorCode::invalid_model, "a chunk of no known kind");
    ++listed[std::size_t(kind)];
  }
  for (VolChunkKind kind : {VolChunkKind::vertices, VolChunkKind::indices, VolChunkKind::sides}) {
    if (listed[std::size_t(kind)] != array_size(file, kind)) {
      return make_error(ErrorCode::invalid_model, fmt::format("the chunk list names {} {} chunks but the model holds {}",
                                                              listed[std::size_t(kind)], chunk_tag(kind), array_size(file, kind)));
    }
    for (std::size_t k = 0; k < array_size(file, kind); ++k) {
      if (payload_size(file, kind, k) / (kind == VolChunkKind::vertices ? 12 : kind == VolChunkKind::indices ? 2 : 1) > UINT32_MAX) {
        return make_error(ErrorCode::invalid_model, fmt::format("a {} chunk holds more than 2^32 entries", chunk_tag(kind)));
      }
    }
  }
  ByteWriter w;
  w.tag(vol_signature);
  std::array<std::size_t, 3> seen{};
  for (VolChunkKind kind : file.chunks) {
    const std::size_t k = seen[std::size_t(kind)]++;
    w.tag(chunk_tag(kind));
    switch (kind) {
      case VolChunkKind::vertices:
        w.u32(static_cast<std::uint32_t>(file.vertex_chunks[k].size()));
        for (const auto& v : file.vertex_chunks[k]) w.u32s(v);
        break;
      case VolChunkKind::indices:
        w.u32(static_cast<std::uint32_t>(file.index_chunks[k].size()));
        for (std::uint16_t i : file.index_chunks[k]) w.u16(i);
        break;
      case VolChunkKind::sides:
        w.u32(static_cast<std::uint32_t>(file.side_chunks[k].size()));
        w.bytes(file.side_chunks[k]);
        break;
    }
  }
  return w.take();
}

std::string_view side_name(std::uint8_t code) {
  static constexpr std::string_view names[] = {"?", "bottom", "top", "front", "rear", "left", "right"};
  return code >= 1 && code <= 6 ? names[code] : names[0];
}

VolSummary vol_summary(const VolFile& file) {
  VolSummary s;
  for (VolChunkKind kind : file.chunks) s.chunks.emplace_back(chunk_tag(kind));
  if (const auto* v = file.vertices()) {
    s.vertices = v->size();
    for (const auto& p : *v) {
      const std::array<float, 3> q{float_from_bits(p[0]), float_from_bits(p[1]), float_from_bits(p[2])};
      if (!s.bounds) s.bounds = std::array<float, 6>{q[0], q[1], q[2], q[0], q[1], q[2]};
      for (std::size_t a = 0; a < 3; ++a) {
        (*s.bounds)[a] = std::min((*s.bounds)[a], q[a]);
        (*s.bounds)[3 + a] = std::max((*s.bounds)[3 + a], q[a]);
      }
    }
  }
  if (const auto* i = file.indices()) s.triangles = i->size() / 3;
  if (const auto* sides = file.sides()) {
    for (std::uint8_t code : *sides) ++s.sides[code <= 6 ? code : 7];
  }
  return s;
}

std::string summary_text(const VolSummary& s) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) { out += fmt::format("  {:<12}{}\n", label, value); };
  line("chunks", fmt::format("{}", fmt::join(s.chunks, " ")));
  line("vertices", fmt::format("{}", s.vertices));
  line("triangles", fmt::format("{}", s.triangles));
  std::vector<std::string> sides;
  for (std::uint8_t code = 1; code <= 6; ++code) {
    if (s.sides[code]) sides.push_back(fmt::format("{} {}", s.sides[code], side_name(code)));
  }
  if (s.sides[0] + s.sides[7]) sides.push_back(fmt::format("{} of other codes", s.sides[0] + s.sides[7]));
  line("sides", sides.empty() ? std::string("none") : fmt::format("{}", fmt::join(sides, ", ")));
  if (s.bounds) {
    const auto& b = *s.bounds;
    line("bounds", fmt::format("({:g}, {:g}, {:g})..({:g}, {:g}, {:g})", b[0], b[1], b[2], b[3], b[4], b[5]));
  } else {
    line("bounds", "none");
  }
  return out;
}

}  // namespace anmkit::gem::mesh
