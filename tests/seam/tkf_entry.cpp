// A format that exists only in the test tree, to show that a format is one entry file: "TKF1",
// a few bytes of header and translation keys. Registered by this file alone; nothing outside
// tests/seam/ names it.
//
//   "TKF1"  u16 frame_count  u16 bone_count
//   per bone: u8 name_size, name bytes, u16 key_count, key_count x (u16 frame, 3 x f32 bits)

#include <atomic>
#include <cstring>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/byte_writer.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_input.hpp"
#include "format_entry.hpp"

namespace tkf {

// How many clips the entry has built: the front door builds a document's clip once.
std::atomic<int> clips_built{0};

using namespace anmkit;
using anmkit::detail::FormatModel;

struct Key {
  std::uint16_t frame = 0;
  std::array<std::uint32_t, 3> bits{};  // x, y, z as stored
  std::uint64_t offset = 0;             // where it was read (0 when built)
};
struct Bone {
  std::string name;
  std::vector<Key> keys;
};
struct File {
  std::uint16_t frame_count = 0;
  std::vector<Bone> bones;
};

bool sniff(std::span<const std::uint8_t> bytes) { return bytes.size() >= 4 && std::memcmp(bytes.data(), "TKF1", 4) == 0; }

File read_file(std::span<const std::uint8_t> bytes, const ReadLimits& limits) {
  ByteReader r(bytes);
  r.expect_tag("TKF1", "signature");
  File file;
  file.frame_count = r.u16("frame count");
  const std::uint16_t bone_count = r.u16("bone count");
  if (bone_count > limits.max_bones) throw ErrorException{make_error(ErrorCode::too_large, "too many bones", r.offset() - 2)};
  r.check_count(bone_count, 3, "bones");  // a name size and a key count at least
  for (std::uint16_t b = 0; b < bone_count; ++b) {
    Bone bone;
    const auto name = r.bytes(r.u8("name size"), "name");
    bone.name.assign(name.begin(), name.end());
    const std::uint16_t key_count = r.u16("key count");
    r.check_count(key_count, 14, "keys");
    for (std::uint16_t k = 0; k < key_count; ++k) {
      Key key;
      key.offset = r.offset();
      key.frame = r.u16("key frame");
      key.bits = r.u32_array<3>("key value");
      bone.keys.push_back(key);
    }
    file.bones.push_back(std::move(bone));
  }
  if (!r.at_end()) throw ErrorException{make_error(ErrorCode::bad_value, "bytes after the last bone", r.offset())};
  return file;
}

std::vector<std::uint8_t> write_file(const File& file) {
  ByteWriter w;
  w.tag("TKF1");
  w.u16(file.frame_count);
  w.u16(std::uint16_t(file.bones.size()));
  for (const Bone& bone : file.bones) {
    w.u8(std::uint8_t(bone.name.size()));
    w.bytes(std::span(reinterpret_cast<const std::uint8_t*>(bone.name.data()), bone.name.size()));
    w.u16(std::uint16_t(bone.keys.size()));
    for (const Key& key : bone.keys) {
      w.u16(key.frame);
      w.u32s(key.bits);
    }
  }
  return w.take();
}

class Model final : public FormatModel {
 public:
  explicit Model(File file) : file_(std::move(file)) {}
  std::string version() const override { return "1"; }
  std::vector<Diagnostic> validate() const override {
    std::vector<Diagnostic> out;
    for (std::size_t b = 0; b < file_.bones.size(); ++b) {
      for (std::size_t k = 0; k < file_.bones[b].keys.size(); ++k) {
        const Key& key = file_.bones[b].keys[k];
        if (key.frame >= file_.frame_count) {
          out.push_back({Severity::error, "tkf.key-past-end",
                         fmt::format("key at frame {}, past the last frame {}", key.frame, file_.frame_count - 1), key.offset,
                         fmt::format("/bones/{}/keys/{}", b, k)});
        }
      }
    }
    return out;
  }
  Expected<std::vector<std::uint8_t>> write() const override { return write_file(file_); }
  nlohmann::ordered_json to_json() const override {
    nlohmann::ordered_json bones = nlohmann::ordered_json::array();
    for (const Bone& bone : file_.bones) {
      nlohmann::ordered_json keys = nlohmann::ordered_json::array();
      for (const Key& key : bone.keys) keys.push_back({key.frame, key.bits[0], key.bits[1], key.bits[2]});
      bones.push_back({{"name", bone.name}, {"keys", keys}});
    }
    return {{"format", "tkf"}, {"frame_count", file_.frame_count}, {"bones", bones}};
  }
  nlohmann::ordered_json summary(const OpenOptions&) const override {
    return {{"format", "tkf"}, {"frame_count", file_.frame_count}, {"bone_count", file_.bones.size()}};
  }
  std::string summary_text(const nlohmann::ordered_json& s) const override {
    return fmt::format("  frames      {}\n  bones       {}\n", s["frame_count"].get<int>(), s["bone_count"].get<std::size_t>());
  }
  Expected<model::Clip> clip(const OpenOptions& options) const override {
    ++clips_built;
    model::Clip clip;
    clip.frame_count = file_.frame_count;
    clip.fps = options.fps;
    for (const Bone& bone : file_.bones) {
      model::BoneTrack track;
      track.name = bone.name;
      for (const Key& key : bone.keys) {
        track.translation.keys.push_back({double(key.frame),
                                          {float_from_bits(key.bits[0]), float_from_bits(key.bits[1]),
                                           float_from_bits(key.bits[2])}});
      }
      clip.bones.push_back(std::move(track));
    }
    return clip;
  }
  Expected<model::Skeleton> skeleton(const OpenOptions&) const override { return model::Skeleton{}; }

 private:
  File file_;
};

Expected<std::shared_ptr<const FormatModel>> read(std::span<const std::uint8_t> bytes, const OpenOptions& options) {
  try {
    return std::shared_ptr<const FormatModel>(std::make_shared<Model>(read_file(bytes, options.limits)));
  } catch (ErrorException& e) {
    return e.error;
  }
}

Expected<std::shared_ptr<const FormatModel>> from_json(const nlohmann::ordered_json& doc, const OpenOptions&) {
  namespace in = json_input;
  File file;
  file.frame_count = std::uint16_t(in::unsigned_integer(in::member(doc, "", "frame_count"), "/frame_count", UINT16_MAX));
  const auto& bones = in::array(in::member(doc, "", "bones"), "/bones");
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const std::string p = in::child("/bones", b);
    Bone bone{in::string(in::member(bones[b], p, "name"), in::child(p, "name")), {}};
    const auto& keys = in::array(in::member(bones[b], p, "keys"), in::child(p, "keys"));
    for (const auto& k : keys) {
      bone.keys.push_back({std::uint16_t(k[0].get<std::uint64_t>()),
                           {std::uint32_t(k[1].get<std::uint64_t>()), std::uint32_t(k[2].get<std::uint64_t>()),
                            std::uint32_t(k[3].get<std::uint64_t>())},
                           0});
    }
    file.bones.push_back(std::move(bone));
  }
  return std::shared_ptr<const FormatModel>(std::make_shared<Model>(std::move(file)));
}

// A clip from glTF: its translation keys, at whole frames.
Expected<std::shared_ptr<const FormatModel>> from_clip(const model::Clip& clip, std::string_view, const GltfImportOptions&,
                                                       const FormatModel*, std::vector<Wording>&) {
  File file;
  file.frame_count = std::uint16_t(clip.frame_count);
  for (const model::BoneTrack& track : clip.bones) {
    Bone bone{track.name, {}};
    for (const auto& key : track.translation.keys) {
      bone.keys.push_back({std::uint16_t(key.frame),
                           {bits_from_float(key.value.x), bits_from_float(key.value.y),
                            bits_from_float(key.value.z)},
                           0});
    }
    file.bones.push_back(std::move(bone));
  }
  return std::shared_ptr<const FormatModel>(std::make_shared<Model>(std::move(file)));
}

const anmkit::detail::FormatEntry& entry() {
  static const anmkit::detail::FormatEntry e{
      .info = {.name = "tkf", .title = "Test keyframes (TKF1)", .skeletal = true, .whole_frames_only = true,
               .animation_extension = ".tkf", .import_targets = {"tkf"}},
      .signature = "TKF ('TKF1')",
      .sniff = sniff,
      .read = read,
      .from_json = from_json,
      .from_clip = from_clip,
  };
  return e;
}

}  // namespace tkf

ANMKIT_FORMAT_ENTRY(tkf, ::tkf::entry)
