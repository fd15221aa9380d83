#include "anmkit/formats/gem/gem_file.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace anmkit::gem {
namespace {

constexpr std::uint16_t presence = flag::position | flag::orientation | flag::scale | flag::mesh;

}  // namespace

void File::out_of_range() { throw std::out_of_range("gem::File: a record indexes past the file's arrays"); }

KeyFields File::fields(const Key& key) const {
  KeyFields f{position(key), orientation(key), scale(key), std::nullopt};
  if (const Bytes* m = mesh(key)) f.mesh = *m;
  return f;
}

Matrix34Bits File::matrix(const FrmnItem& item) const {
  if (std::uint64_t(item.index) + 12 > values.size()) out_of_range();
  Matrix34Bits m;
  std::copy_n(values.data() + item.index, 12, m.begin());
  return m;
}

std::int32_t File::visibility(const FrmnItem& item) const {
  if (item.index >= values.size()) out_of_range();
  return std::int32_t(values[item.index]);
}

const Bytes& File::mesh(const FrmnItem& item) const {
  if (item.index >= meshes.size()) out_of_range();
  return meshes[item.index];
}

Frame& File::add_frame(FrameChunk chunk, std::uint32_t number) {
  Frame& frame = frames.emplace_back();
  frame.chunk = chunk;
  frame.number = number;
  frame.first = std::uint32_t(chunk == FrameChunk::frmn ? records.size() : keys.size());
  return frame;
}

Key& File::add_key(std::uint8_t bone, std::uint16_t flags, KeyFields fields) {
  if (frames.empty() || frames.back().chunk == FrameChunk::frmn) {
    throw std::logic_error("gem::File::add_key without an FRM2/FRM3 frame to add to (add_frame)");
  }
  Key& key = keys.emplace_back();
  key.bone = bone;
  key.flags = std::uint16_t((flags & ~presence) | (fields.position ? flag::position : 0) |
                            (fields.orientation ? flag::orientation : 0) | (fields.scale ? flag::scale : 0) |
                            (fields.mesh ? flag::mesh : 0));
  key.first_value = std::uint32_t(values.size());
  for (const auto* v : {&fields.position, &fields.orientation, &fields.scale}) {
    if (*v) values.insert(values.end(), (*v)->begin(), (*v)->end());
  }
  key.mesh = std::uint32_t(meshes.size());
  if (fields.mesh) meshes.push_back(std::move(*fields.mesh));
  ++frames.back().count;
  return key;
}

FrmnBone& File::add_bone(std::int32_t index) {
  if (frames.empty() || frames.back().chunk != FrameChunk::frmn) {
    throw std::logic_error("gem::File::add_bone without an FRMN frame to add to (add_frame)");
  }
  ++frames.back().count;
  return records.emplace_back(FrmnBone{index, std::uint32_t(items.size()), 0});
}

void File::require_open_record(const char* what) const {
  if (frames.empty() || frames.back().chunk != FrameChunk::frmn || frames.back().count == 0) {
    throw std::logic_error(fmt::format("gem::File::{} without a BONE record in the last frame (add_bone)", what));
  }
}

void File::add_matrix(const Matrix34Bits& bits) {
  require_open_record("add_matrix");
  items.push_back({ItemKind::matrix, std::uint32_t(values.size())});
  values.insert(values.end(), bits.begin(), bits.end());
  ++records.back().item_count;
}

void File::add_visibility(std::int32_t value) {
  require_open_record("add_visibility");
  items.push_back({ItemKind::visibility, std::uint32_t(values.size())});
  values.push_back(std::uint32_t(value));
  ++records.back().item_count;
}

void File::add_mesh(Bytes payload) {
  require_open_record("add_mesh");
  items.push_back({ItemKind::mesh, std::uint32_t(meshes.size())});
  meshes.push_back(std::move(payload));
  ++records.back().item_count;
}

std::uint64_t key_size(const File& file, const Key& key) {
  std::uint64_t size = 3 + 12 * flag::vectors(key.flags);
  if (const Bytes* m = file.mesh(key)) size += 4 + m->size();
  return size;
}

std::uint64_t item_size(const File& file, const FrmnItem& item) {
  switch (item.kind) {
    case ItemKind::matrix: return 4 + 48;
    case ItemKind::visibility: return 4 + 4;
    case ItemKind::mesh: return 4 + 4 + file.mesh(item).size();
  }
  return 0;
}

std::uint64_t frame_header_size(const Frame& frame, std::uint32_t frame_count) {
  switch (frame.chunk) {
    case FrameChunk::frmn: return 4 + 4;
    case FrameChunk::frm2: return 4 + 2 + 1;
    case FrameChunk::frm3: return 4 + frm3_frame_width(frame_count) + 1;
  }
  return 0;
}

std::optional<Malformed> find_malformed(const File& file) {
  auto bad = [](std::string pointer, std::string message) { return Malformed{std::move(pointer), std::move(message)}; };
  std::uint64_t key = 0, record = 0, item = 0, value = 0, mesh = 0;
  for (std::size_t fi = 0; fi < file.frames.size(); ++fi) {
    const Frame& frame = file.frames[fi];
    const bool frmn = frame.chunk == FrameChunk::frmn;
    if (frame.chunk != FrameChunk::frmn && frame.chunk != FrameChunk::frm2 && frame.chunk != FrameChunk::frm3) {
      return bad(fmt::format("/frames/{}", fi), fmt::format("unknown frame chunk kind {}", int(frame.chunk)));
    }
    const std::uint64_t expected = frmn ? record : key;
    if (frame.first != expected) {
      return bad(fmt::format("/frames/{}", fi), fmt::format("the frame's {} start at {}, expected {} (build files with add_frame)",
                                                            frmn ? "records" : "keys", frame.first, expected));
    }
    const std::uint64_t end = expected + frame.count;
    if (end > (frmn ? file.records.size() : file.keys.size())) {
      return bad(fmt::format("/frames/{}", fi), fmt::format("the frame's {} {} run past the file's {}", frame.count,
                                                            frmn ? "records" : "keys", frmn ? file.records.size() : file.keys.size()));
    }
    if (!frmn) {
      for (; key < end; ++key) {
        const Key& k = file.keys[static_cast<std::size_t>(key)];  // below keys.size()
        if (k.first_value != value) {
          return bad(fmt::format("/keys/{}", key), fmt::format("the key's values start at {}, expected {} (build keys with add_key)", k.first_value, value));
        }
        value += 3 * flag::vectors(k.flags);
        if (k.flags & flag::mesh) {
          if (k.mesh != mesh) return bad(fmt::format("/keys/{}", key), fmt::format("the key's mesh is number {}, expected {} (build keys with add_key)", k.mesh, mesh));
          ++mesh;
        }
      }
      continue;
    }
    for (; record < end; ++record) {
      const FrmnBone& r = file.records[static_cast<std::size_t>(record)];  // below records.size()
      if (r.first_item != item) {
        return bad(fmt::format("/records/{}", record), fmt::format("the record's items start at {}, expected {} (build records with add_bone)", r.first_item, item));
      }
      const std::uint64_t items_end = item + r.item_count;
      if (items_end > file.items.size()) {
        return bad(fmt::format("/records/{}", record), fmt::format("the record's {} items run past the file's {}", r.item_count, file.items.size()));
      }
      for (; item < items_end; ++item) {
        const FrmnItem& it = file.items[static_cast<std::size_t>(item)];  // below items.size()
        const std::uint64_t at = it.kind == ItemKind::mesh ? mesh : value;
        if (it.index != at) {
          return bad(fmt::format("/items/{}", item), fmt::format("the item's value is number {}, expected {} (build records with add_matrix, add_visibility, add_mesh)", it.index, at));
        }
        if (it.kind == ItemKind::matrix) value += 12;
        else if (it.kind == ItemKind::visibility) value += 1;
        else if (it.kind == ItemKind::mesh) ++mesh;
        else return bad(fmt::format("/items/{}", item), fmt::format("unknown item kind {}", int(it.kind)));
      }
    }
  }
  if (key != file.keys.size()) return bad("/keys", fmt::format("the frames hold {} keys, the file {}", key, file.keys.size()));
  if (record != file.records.size()) return bad("/records", fmt::format("the frames hold {} records, the file {}", record, file.records.size()));
  if (item != file.items.size()) return bad("/items", fmt::format("the records hold {} items, the file {}", item, file.items.size()));
  if (value != file.values.size()) return bad("/values", fmt::format("the records hold {} values, the file {}", value, file.values.size()));
  if (mesh != file.meshes.size()) return bad("/meshes", fmt::format("the records hold {} meshes, the file {}", mesh, file.meshes.size()));
  return std::nullopt;
}

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
