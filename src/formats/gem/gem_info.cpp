#include "anmkit/formats/gem/gem_info.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

#include "anmkit/core/json_text.hpp"
#include "anmkit/core/printable.hpp"
#include "anmkit/formats/gem/gem_mesh.hpp"

namespace anmkit::gem {
namespace {

using json = nlohmann::ordered_json;

json mesh_json(std::uint32_t frame, const std::string& bone, const Bytes& payload) {
  json m = {{"frame", frame}, {"bone", json_text(bone)}, {"size", payload.size()}};
  if (auto h = parse_mesh_header(payload)) {
    m["first_vertex"] = h->first_vertex;
    m["vertex_count"] = h->vertex_count;
    if (h->vertex_stride) m["vertex_stride"] = *h->vertex_stride;
    m["has_bbox"] = h->has_bbox != 0;
    if (h->bbox) m["bbox"] = *h->bbox;
  }
  return m;
}

}  // namespace

std::string flag_names(std::uint16_t flags) {
  static constexpr std::pair<std::uint16_t, const char*> names[] = {
      {flag::position, "position"}, {flag::orientation, "orientation"}, {flag::mirrored, "mirrored"},
      {flag::visible, "visible"},   {flag::hidden, "hidden"},           {flag::mesh, "mesh"},
      {flag::scale, "scale"}};
  std::string out;
  for (auto [bit, name] : names) {
    if (flags & bit) out += fmt::format("{}{}", out.empty() ? "" : "|", name);
  }
  if (flags & ~flag::known) out += fmt::format("{}0x{:04x}", out.empty() ? "" : "|", flags & ~flag::known);
  return out.empty() ? "none" : out;
}

json summary(const File& file) {
  std::map<std::string_view, std::size_t> chunks;
  std::set<std::int64_t> keyed_frames;
  std::map<std::uint16_t, std::size_t> flags_used;
  std::size_t keys = 0;
  json mesh = json::array();
  auto bone_name = [&](std::int64_t index) {
    return index >= 0 && std::size_t(index) < file.bones.size() ? file.bones[std::size_t(index)].name
                                                                : fmt::format("#{}", index);
  };
  for (const Frame& f : file.frames) {
    ++chunks[chunk_tag(f.chunk)];
    if (f.count > 0) keyed_frames.insert(f.chunk == FrameChunk::frmn ? std::int64_t(std::int32_t(f.number)) : std::int64_t(f.number));
    keys += f.count;
    if (f.chunk == FrameChunk::frmn) {
      for (const FrmnBone& b : file.records_of(f)) {
        for (const FrmnItem& item : file.items_of(b)) {
          if (item.kind == ItemKind::mesh) mesh.push_back(mesh_json(f.number, bone_name(b.index), file.mesh(item)));
        }
      }
    } else {
      for (const Key& k : file.keys_of(f)) {
        ++flags_used[k.flags];
        if (const Bytes* m = file.mesh(k)) mesh.push_back(mesh_json(f.number, bone_name(k.bone), *m));
      }
    }
  }
  json bones = json::array();
  for (const BoneName& b : file.bones) bones.push_back(json_text(b.name));
  json chunk_counts = json::object();
  for (auto [tag, count] : chunks) chunk_counts[std::string(tag)] = count;
  json flags = json::array();
  for (auto [value, count] : flags_used) {
    flags.push_back({{"flags", fmt::format("0x{:04x}", value)}, {"names", flag_names(value)}, {"keys", count}});
  }
  json comments = json::array();
  for (const Comment& c : file.comments) {
    comments.push_back(json_text({reinterpret_cast<const char*>(c.text.data()), c.text.size()}));
  }
  json out = {{"format", "gem"},
              {"version", version_name(file.version)},
              {"frame_count", file.frame_count},
              {"frame_chunks", std::move(chunk_counts)},
              {"keyed_frames", keyed_frames.size()}};
  out["first_keyed_frame"] = keyed_frames.empty() ? json(nullptr) : json(*keyed_frames.begin());
  out["last_keyed_frame"] = keyed_frames.empty() ? json(nullptr) : json(*keyed_frames.rbegin());
  out["keys"] = keys;
  out["bone_count"] = file.bones.size();
  out["bones"] = std::move(bones);
  out["flags_used"] = std::move(flags);
  out["mesh_keys"] = std::move(mesh);
  out["comments"] = std::move(comments);
  return out;
}

std::string summary_text(const json& s) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) {
    out += fmt::format("  {:<12}{}\n", label, value);
  };
  std::string frames = fmt::format("{}", s["frame_count"].get<std::uint64_t>());
  if (!s["first_keyed_frame"].is_null()) {
    frames += fmt::format(" (keys on {} frames, {}..{})", s["keyed_frames"].get<std::uint64_t>(),
                          s["first_keyed_frame"].get<std::int64_t>(), s["last_keyed_frame"].get<std::int64_t>());
  }
  line("frames", frames);
  std::vector<std::string> chunks;
  for (const auto& [tag, count] : s["frame_chunks"].items()) chunks.push_back(fmt::format("{} {}", count.get<std::uint64_t>(), tag));
  line("chunks", chunks.empty() ? "none" : fmt::format("{}", fmt::join(chunks, ", ")));
  std::vector<std::string> names;
  for (const auto& b : s["bones"]) names.push_back(printable(b.get<std::string>()));
  line("bones", fmt::format("{}{}{}", names.size(), names.empty() ? "" : ": ", fmt::join(names, ", ")));
  line("keys", fmt::format("{}", s["keys"].get<std::uint64_t>()));
  std::vector<std::string> flags;
  for (const auto& f : s["flags_used"]) {
    flags.push_back(fmt::format("{} {} ({})", f["flags"].get<std::string>(), f["names"].get<std::string>(), f["keys"].get<std::uint64_t>()));
  }
  line("flags used", flags.empty() ? "none" : fmt::format("{}", fmt::join(flags, ", ")));
  const auto& mesh = s["mesh_keys"];
  if (mesh.empty()) {
    line("mesh keys", "none");
  } else {
    line("mesh keys", fmt::format("{}", mesh.size()));
    for (const auto& m : mesh) {
      std::string detail = fmt::format("frame {} bone '{}': {} bytes", m["frame"].get<std::uint64_t>(),
                                       printable(m["bone"].get<std::string>()), m["size"].get<std::uint64_t>());
      if (m.contains("vertex_count")) {
        detail += fmt::format(", vertices {}..+{}", m["first_vertex"].get<std::uint64_t>(), m["vertex_count"].get<std::uint64_t>());
        if (m.contains("vertex_stride")) detail += fmt::format(" of {} bytes", m["vertex_stride"].get<std::uint64_t>());
        if (m.contains("bbox")) {
          const auto& b = m["bbox"];
          detail += fmt::format(", bbox ({:g}, {:g}, {:g})..({:g}, {:g}, {:g})", b[0].get<float>(), b[1].get<float>(),
                                b[2].get<float>(), b[3].get<float>(), b[4].get<float>(), b[5].get<float>());
        }
      }
      out += fmt::format("    {}\n", detail);
    }
  }
  const auto& comments = s["comments"];
  if (comments.empty()) {
    line("comments", "none");
  } else {
    for (const auto& c : comments) line("comment", fmt::format("\"{}\"", printable(c.get<std::string>())));
  }
  return out;
}

}  // namespace anmkit::gem
