#include "anmkit/formats/gem/gem_json.hpp"

#include <charconv>

#include <fmt/format.h>

#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {
namespace {

using json = nlohmann::ordered_json;
namespace in = json_input;

json floats(const std::uint32_t* bits, std::size_t count) {
  json out = json::array();
  for (std::size_t i = 0; i < count; ++i) out.push_back(json_from_float_bits(bits[i]));
  return out;
}

json key_json(const File& file, const Key& key) {
  json k = {{"bone", key.bone}, {"flags", key.flags}};
  if (auto v = file.position(key)) k["position"] = floats(v->data(), 3);
  if (auto v = file.orientation(key)) k["orientation"] = floats(v->data(), 3);
  if (auto v = file.scale(key)) k["scale"] = floats(v->data(), 3);
  if (const Bytes* mesh = file.mesh(key)) k["mesh"] = in::hex(*mesh);
  return k;
}

json frmn_bone_json(const File& file, const FrmnBone& bone) {
  json items = json::array();
  for (const FrmnItem& item : file.items_of(bone)) {
    switch (item.kind) {
      case ItemKind::matrix: items.push_back({{"matrix", floats(file.matrix(item).data(), 12)}}); break;
      case ItemKind::visibility: items.push_back({{"visibility", file.visibility(item)}}); break;
      case ItemKind::mesh: items.push_back({{"mesh", in::hex(file.mesh(item))}}); break;
    }
  }
  return {{"index", bone.index}, {"items", std::move(items)}};
}

// --- reading --------------------------------------------------------------------------------

std::uint32_t parse_version(const json& value, const std::string& pointer) {
  const std::string& text = in::string(value, pointer);
  for (std::uint32_t v : {version_3_0, version_4_0, version_5_0, version_6_0, version_6_1}) {
    if (text == version_name(v)) return v;
  }
  if (text.size() == 10 && text.compare(0, 2, "0x") == 0) {
    std::uint32_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data() + 2, text.data() + text.size(), v, 16);
    if (ec == std::errc() && ptr == text.data() + text.size()) return v;
  }
  in::fail(pointer, fmt::format("expected a version (\"3.0\", \"4.0\", \"5.0\", \"6.0\", \"6.1\" or "
                                "\"0xHHHHHHHH\"), found \"{}\"", text));
}

Vec3Bits vec3(const json& value, const std::string& pointer) {
  auto v = in::float_bits_array(value, pointer, 3);
  return {v[0], v[1], v[2]};
}

// A field is stored exactly when its flag is set: the dump's flags and fields must agree.
template <class T>
std::optional<T> flagged_field(const json& k, const std::string& p, std::uint16_t flags, std::uint16_t bit,
                               const char* name, T (*parse)(const json&, const std::string&)) {
  const bool flagged = (flags & bit) != 0;
  if (flagged && !k.contains(name)) {
    in::fail(in::child(p, name), fmt::format("flags 0x{:04x} include 0x{:02x} but the key has no {}", flags, bit, name));
  }
  if (!flagged && k.contains(name)) {
    in::fail(in::child(p, name), fmt::format("the key has a {} but flags 0x{:04x} lack 0x{:02x}", name, flags, bit));
  }
  if (!flagged) return std::nullopt;
  return parse(k[name], in::child(p, name));
}

Bytes mesh_bytes(const json& value, const std::string& pointer) { return in::from_hex(value, pointer); }

void parse_key(File& file, const json& k, const std::string& p) {
  in::expect_object(k, p, {"bone", "flags", "position", "orientation", "scale", "mesh"});
  const auto bone = std::uint8_t(in::unsigned_integer(in::member(k, p, "bone"), in::child(p, "bone"), 255));
  const auto flags = std::uint16_t(in::unsigned_integer(in::member(k, p, "flags"), in::child(p, "flags"), 0xffff));
  KeyFields fields;
  fields.position = flagged_field(k, p, flags, flag::position, "position", vec3);
  fields.orientation = flagged_field(k, p, flags, flag::orientation, "orientation", vec3);
  fields.scale = flagged_field(k, p, flags, flag::scale, "scale", vec3);
  fields.mesh = flagged_field(k, p, flags, flag::mesh, "mesh", mesh_bytes);
  file.add_key(bone, flags, std::move(fields));
}

void parse_item(File& file, const json& it, const std::string& p) {
  in::expect_object(it, p, {"matrix", "visibility", "mesh"});
  if (it.size() != 1) in::fail(p, "expected exactly one of 'matrix', 'visibility' or 'mesh'");
  if (it.contains("matrix")) {
    auto bits = in::float_bits_array(it["matrix"], in::child(p, "matrix"), 12);
    Matrix34Bits m;
    std::copy(bits.begin(), bits.end(), m.begin());
    file.add_matrix(m);
  } else if (it.contains("visibility")) {
    file.add_visibility(std::int32_t(in::signed_integer(it["visibility"], in::child(p, "visibility"), INT32_MIN, INT32_MAX)));
  } else {
    file.add_mesh(in::from_hex(it["mesh"], in::child(p, "mesh")));
  }
}

void parse_frame(File& file, const json& f, const std::string& p) {
  in::expect_object(f, p, {"chunk", "frame", "keys", "bones"});
  FrameChunk kind = FrameChunk::frm2;
  const std::string& chunk = in::string(in::member(f, p, "chunk"), in::child(p, "chunk"));
  if (chunk == "FRMN") kind = FrameChunk::frmn;
  else if (chunk == "FRM2") kind = FrameChunk::frm2;
  else if (chunk == "FRM3") kind = FrameChunk::frm3;
  else in::fail(in::child(p, "chunk"), fmt::format("expected \"FRMN\", \"FRM2\" or \"FRM3\", found \"{}\"", chunk));
  const std::string frame_pointer = in::child(p, "frame");
  if (kind == FrameChunk::frmn) {
    file.add_frame(kind, std::uint32_t(std::int32_t(
                             in::signed_integer(in::member(f, p, "frame"), frame_pointer, INT32_MIN, INT32_MAX))));
    if (f.contains("keys")) in::fail(in::child(p, "keys"), "FRMN frames hold 'bones', not 'keys'");
    const std::string bones_pointer = in::child(p, "bones");
    const json& bones = in::array(in::member(f, p, "bones"), bones_pointer);
    for (std::size_t i = 0; i < bones.size(); ++i) {
      const std::string bp = in::child(bones_pointer, i);
      in::expect_object(bones[i], bp, {"index", "items"});
      file.add_bone(std::int32_t(in::signed_integer(in::member(bones[i], bp, "index"),
                                                    in::child(bp, "index"), INT32_MIN, INT32_MAX)));
      const std::string items_pointer = in::child(bp, "items");
      const json& items = in::array(in::member(bones[i], bp, "items"), items_pointer);
      for (std::size_t k = 0; k < items.size(); ++k) parse_item(file, items[k], in::child(items_pointer, k));
    }
  } else {
    file.add_frame(kind, std::uint32_t(in::unsigned_integer(in::member(f, p, "frame"), frame_pointer, UINT32_MAX)));
    if (f.contains("bones")) in::fail(in::child(p, "bones"), fmt::format("{} frames hold 'keys', not 'bones'", chunk));
    const std::string keys_pointer = in::child(p, "keys");
    const json& keys = in::array(in::member(f, p, "keys"), keys_pointer);
    for (std::size_t i = 0; i < keys.size(); ++i) parse_key(file, keys[i], in::child(keys_pointer, i));
  }
}

File parse_file(const json& doc, const ReadLimits& limits) {
  const std::string root;
  in::expect_object(doc, root, {"schema", "schema_version", "format", "version", "frame_count",
                                "comments", "bones", "frames"});
  in::expect_dump_header(doc, dump_schema, dump_schema_version, "gem");
  File file;
  file.version = parse_version(in::member(doc, root, "version"), "/version");
  file.frame_count = std::uint32_t(in::unsigned_integer(in::member(doc, root, "frame_count"), "/frame_count", UINT32_MAX));
  if (file.frame_count > limits.max_frames) {
    in::fail("/frame_count", past_limit(fmt::format("frame count {} exceeds the limit of {} frames", file.frame_count,
                                         limits.max_frames), "limits.max_frames"));
  }
  if (doc.contains("comments")) {
    const json& comments = in::array(doc["comments"], "/comments");
    for (std::size_t i = 0; i < comments.size(); ++i) {
      const std::string p = in::child("/comments", i);
      in::expect_object(comments[i], p, {"text", "hex"});
      Comment c;
      if (comments[i].contains("text") == comments[i].contains("hex")) in::fail(p, "expected exactly one of 'text' or 'hex'");
      if (comments[i].contains("text")) {
        const std::string text = in::name_bytes(comments[i]["text"], in::child(p, "text"));
        c.text.assign(text.begin(), text.end());
      } else {  // the spelling of earlier dumps
        c.text = in::from_hex(comments[i]["hex"], in::child(p, "hex"));
      }
      file.comments.push_back(std::move(c));
    }
  }
  const json& bones = in::array(in::member(doc, root, "bones"), "/bones");
  if (bones.size() > limits.max_bones) {
    in::fail("/bones", past_limit(fmt::format("bone count {} exceeds the limit of {} bones", bones.size(), limits.max_bones), "limits.max_bones"));
  }
  for (std::size_t i = 0; i < bones.size(); ++i) {
    const std::string p = in::child("/bones", i);
    in::expect_object(bones[i], p, {"name", "name_hex", "reserved"});
    BoneName bone;
    if (bones[i].contains("name") == bones[i].contains("name_hex")) in::fail(p, "expected exactly one of 'name' or 'name_hex'");
    if (bones[i].contains("name")) {
      bone.name = in::name_bytes(bones[i]["name"], in::child(p, "name"));
    } else {  // the spelling of earlier dumps
      auto raw = in::from_hex(bones[i]["name_hex"], in::child(p, "name_hex"));
      bone.name.assign(raw.begin(), raw.end());
    }
    if (bones[i].contains("reserved")) {
      bone.reserved = std::uint32_t(in::unsigned_integer(bones[i]["reserved"], in::child(p, "reserved"), 0xffffff));
    }
    file.bones.push_back(std::move(bone));
  }
  const json& frames = in::array(in::member(doc, root, "frames"), "/frames");
  // Counted as the reader counts them: a record for each frame and each of its keys or bones.
  std::uint64_t records = 0;
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const std::string p = in::child("/frames", i);
    const json& f = frames[i];
    for (const char* list : {"keys", "bones"}) {
      if (f.is_object() && f.contains(list) && f[list].is_array()) records += f[list].size();
    }
    if (++records > limits.max_keys) in::fail(p, past_limit(fmt::format("more than {} key records", limits.max_keys), "limits.max_keys"));
  }
  for (std::size_t i = 0; i < frames.size(); ++i) parse_frame(file, frames[i], in::child("/frames", i));
  return file;
}

}  // namespace

json to_json(const File& file) {
  // Comments and names are bytes: json_text escapes what is not UTF-8.
  json comments = json::array();
  for (const Comment& c : file.comments) {
    comments.push_back({{"text", json_text({reinterpret_cast<const char*>(c.text.data()), c.text.size()})}});
  }
  json bones = json::array();
  for (const BoneName& b : file.bones) {
    json bone = {{"name", json_text(b.name)}};
    if (b.reserved != 0) bone["reserved"] = b.reserved;
    bones.push_back(std::move(bone));
  }
  json frames = json::array();
  for (const Frame& f : file.frames) {
    json frame = {{"chunk", chunk_tag(f.chunk)}};
    if (f.chunk == FrameChunk::frmn) {
      frame["frame"] = std::int32_t(f.number);
      json list = json::array();
      for (const FrmnBone& b : file.records_of(f)) list.push_back(frmn_bone_json(file, b));
      frame["bones"] = std::move(list);
    } else {
      frame["frame"] = f.number;
      json list = json::array();
      for (const Key& k : file.keys_of(f)) list.push_back(key_json(file, k));
      frame["keys"] = std::move(list);
    }
    frames.push_back(std::move(frame));
  }
  return json{{"schema", dump_schema},
              {"schema_version", dump_schema_version},
              {"format", "gem"},
              {"version", version_name(file.version)},
              {"frame_count", file.frame_count},
              {"comments", std::move(comments)},
              {"bones", std::move(bones)},
              {"frames", std::move(frames)}};
}

Expected<File> from_json(const json& document, const ReadLimits& limits) {
  return catch_errors([&] { return parse_file(document, limits); });
}

}  // namespace anmkit::gem
