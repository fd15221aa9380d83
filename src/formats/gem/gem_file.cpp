#include "anmkit/formats/gem/gem_file.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace anmkit::gem {
namespace {

constexpr std::uint16_t presence = flag::position | flag::orientation | flag::scale | flag::mesh;

unsigned vec3_count(std::uint16_t flags) {
  return unsigned((flags & flag::position) != 0) + unsigned((flags & flag::orientation) != 0) +
         unsigned((flags & flag::scale) != 0);
}

const std::uint32_t* values_at(const std::vector<std::uint32_t>& values, std::uint64_t index, std::size_t count) {
  if (index + count > values.size()) Frame::out_of_range();
  return values.data() + index;
}

const Bytes& mesh_at(const std::vector<Bytes>& meshes, std::uint32_t index) {
  if (index >= meshes.size()) Frame::out_of_range();
  return meshes[index];
}

}  // namespace

Key& Frame::add_key(std::uint8_t bone, std::uint16_t flags, KeyFields fields) {
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
  return key;
}

void Frame::out_of_range() { throw std::out_of_range("gem::Frame: a record indexes past its frame's values or meshes"); }

KeyFields Frame::fields(const Key& key) const {
  KeyFields f{position(key), orientation(key), scale(key), std::nullopt};
  if (const Bytes* m = mesh(key)) f.mesh = *m;
  return f;
}

FrmnBone& Frame::add_bone(std::int32_t index) {
  return bones.emplace_back(FrmnBone{index, std::uint32_t(items.size()), 0});
}

void Frame::add_matrix(const Matrix34Bits& bits) {
  if (bones.empty()) throw std::logic_error("gem::Frame::add_matrix before add_bone");
  items.push_back({ItemKind::matrix, std::uint32_t(values.size())});
  values.insert(values.end(), bits.begin(), bits.end());
  ++bones.back().item_count;
}

void Frame::add_visibility(std::int32_t value) {
  if (bones.empty()) throw std::logic_error("gem::Frame::add_visibility before add_bone");
  items.push_back({ItemKind::visibility, std::uint32_t(values.size())});
  values.push_back(std::uint32_t(value));
  ++bones.back().item_count;
}

void Frame::add_mesh(Bytes payload) {
  if (bones.empty()) throw std::logic_error("gem::Frame::add_mesh before add_bone");
  items.push_back({ItemKind::mesh, std::uint32_t(meshes.size())});
  meshes.push_back(std::move(payload));
  ++bones.back().item_count;
}

std::span<const FrmnItem> Frame::items_of(const FrmnBone& bone) const {
  if (std::uint64_t(bone.first_item) + bone.item_count > items.size()) {
    out_of_range();
  }
  return {items.data() + bone.first_item, bone.item_count};
}

Matrix34Bits Frame::matrix(const FrmnItem& item) const {
  Matrix34Bits m;
  const std::uint32_t* p = values_at(values, item.index, 12);
  std::copy(p, p + 12, m.begin());
  return m;
}

std::int32_t Frame::visibility(const FrmnItem& item) const {
  return std::int32_t(*values_at(values, item.index, 1));
}

const Bytes& Frame::mesh(const FrmnItem& item) const { return mesh_at(meshes, item.index); }

std::uint64_t key_size(const Frame& frame, const Key& key) {
  std::uint64_t size = 3 + 12 * vec3_count(key.flags);
  if (const Bytes* m = frame.mesh(key)) size += 4 + m->size();
  return size;
}

std::uint64_t item_size(const Frame& frame, const FrmnItem& item) {
  switch (item.kind) {
    case ItemKind::matrix: return 4 + 48;
    case ItemKind::visibility: return 4 + 4;
    case ItemKind::mesh: return 4 + 4 + frame.mesh(item).size();
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

std::optional<Malformed> find_malformed(const Frame& frame) {
  std::uint64_t value = 0;
  std::uint64_t mesh = 0;
  for (std::size_t i = 0; i < frame.keys.size(); ++i) {
    const Key& key = frame.keys[i];
    if (key.first_value != value) {
      return Malformed{fmt::format("/keys/{}", i), fmt::format("the key's values start at {}, expected {} (build keys with add_key)", key.first_value, value)};
    }
    value += 3 * vec3_count(key.flags);
    if ((key.flags & flag::mesh) && key.mesh != mesh++) {
      return Malformed{fmt::format("/keys/{}", i), fmt::format("the key's mesh is number {}, expected {} (build keys with add_key)", key.mesh, mesh - 1)};
    }
  }
  std::uint64_t item = 0;
  for (std::size_t b = 0; b < frame.bones.size(); ++b) {
    const FrmnBone& bone = frame.bones[b];
    if (bone.first_item != item) {
      return Malformed{fmt::format("/bones/{}", b), fmt::format("the BONE record's items start at {}, expected {} (build records with add_bone)", bone.first_item, item)};
    }
    item += bone.item_count;
  }
  if (item != frame.items.size()) {
    return Malformed{"/bones", fmt::format("the BONE records hold {} items, the frame {}", item, frame.items.size())};
  }
  for (std::size_t i = 0; i < frame.items.size(); ++i) {
    const FrmnItem& it = frame.items[i];
    const std::uint64_t expected = it.kind == ItemKind::mesh ? mesh : value;
    if (it.index != expected) {
      return Malformed{fmt::format("/items/{}", i), fmt::format("the item's value is number {}, expected {} (build records with add_matrix, add_visibility, add_mesh)", it.index, expected)};
    }
    if (it.kind == ItemKind::matrix) value += 12;
    else if (it.kind == ItemKind::visibility) value += 1;
    else if (it.kind == ItemKind::mesh) ++mesh;
    else return Malformed{fmt::format("/items/{}", i), fmt::format("unknown item kind {}", int(it.kind))};
  }
  if (value != frame.values.size()) {
    return Malformed{"/values", fmt::format("the records hold {} values, the frame {}", value, frame.values.size())};
  }
  if (mesh != frame.meshes.size()) {
    return Malformed{"/meshes", fmt::format("the records hold {} meshes, the frame {}", mesh, frame.meshes.size())};
  }
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
