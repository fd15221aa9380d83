#include "anmkit/formats/lm/lm_json.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_float.hpp"
#include "anmkit/core/json_input.hpp"

namespace anmkit::lm {
namespace {

using json = nlohmann::ordered_json;
namespace in = json_input;

constexpr std::array<std::string_view, 4> region_names{"groups", "scale", "rotation", "translation"};

File parse(const json& doc, const ReadLimits& limits) {
  const std::string root;
  in::expect_object(doc, root, {"schema", "schema_version", "format", "version", "loop", "padding", "frame_count",
                                "layout", "lead", "groups", "arrays", "tails"});
  in::expect_dump_header(doc, dump_schema, dump_schema_version, "lm");
  File f;
  f.version = std::uint8_t(in::unsigned_integer(in::member(doc, root, "version"), "/version", 0xff));
  f.loop = std::uint8_t(in::unsigned_integer(in::member(doc, root, "loop"), "/loop", 0xff));
  f.padding = std::uint16_t(in::unsigned_integer(in::member(doc, root, "padding"), "/padding", 0xffff));
  f.frame_count = std::uint32_t(in::unsigned_integer(in::member(doc, root, "frame_count"), "/frame_count", UINT32_MAX));
  if (f.frame_count > limits.max_frames) {
    in::fail("/frame_count", past_limit(fmt::format("frame count {} exceeds the limit of {} frames", f.frame_count,
                                         limits.max_frames), "limits.max_frames"));
  }
  if (doc.contains("layout")) {
    const json& layout = in::array(doc["layout"], "/layout");
    if (layout.size() != 4) in::fail("/layout", "expected the four regions: groups, scale, rotation, translation");
    for (std::size_t i = 0; i < 4; ++i) {
      const std::string& name = in::string(layout[i], in::child("/layout", i));
      auto it = std::find(region_names.begin(), region_names.end(), name);
      if (it == region_names.end()) {
        in::fail(in::child("/layout", i), fmt::format("expected groups, scale, rotation or translation, found \"{}\"", name));
      }
      f.order[i] = Region(it - region_names.begin());
    }
  }
  if (doc.contains("lead")) f.lead = in::from_hex(doc["lead"], "/lead");
  const json& groups = in::array(in::member(doc, root, "groups"), "/groups");
  if (groups.size() > limits.max_bones) {
    in::fail("/groups", past_limit(fmt::format("{} nodes exceed the limit of {}", groups.size(), limits.max_bones), "limits.max_bones"));
  }
  f.groups.resize(groups.size());
  for (std::size_t n = 0; n < groups.size(); ++n) {
    const std::string p = in::child("/groups", n);
    in::expect_object(groups[n], p, {"sx", "sy", "sz", "rx", "ry", "rz", "tx", "ty", "tz"});
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const std::string tp = in::child(p, track_names[slot]);
      const json& t = in::member(groups[n], p, track_names[slot]);
      if (!t.is_array() || t.size() != 3) in::fail(tp, "expected [count, index, flag]");
      Track& track = f.groups[n].tracks[slot];
      track.count = std::uint16_t(in::unsigned_integer(t[0], in::child(tp, std::size_t{0}), 0xffff));
      track.index = std::uint16_t(in::unsigned_integer(t[1], in::child(tp, std::size_t{1}), 0xffff));
      track.flag = std::uint16_t(in::unsigned_integer(t[2], in::child(tp, std::size_t{2}), 0xffff));
    }
  }
  const json& arrays = in::member(doc, root, "arrays");
  in::expect_object(arrays, "/arrays", {"scale", "rotation", "translation"});
  for (ArrayKind kind : array_kinds) {
    const std::string p = in::child("/arrays", array_name(kind));
    const json& values = in::array(in::member(arrays, "/arrays", std::string(array_name(kind)).c_str()), p);
    auto& out = f.arrays[std::size_t(kind)];
    out.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) out.push_back(in::float_bits(values[i], in::child(p, i)));
  }
  if (doc.contains("tails")) {
    in::expect_object(doc["tails"], "/tails", {"scale", "rotation", "translation"});
    for (ArrayKind kind : array_kinds) {
      const std::string name(array_name(kind));
      if (doc["tails"].contains(name)) f.array_tails[std::size_t(kind)] = in::from_hex(doc["tails"][name], "/tails/" + name);
    }
  }
  return f;
}

}  // namespace

json to_json(const File& file) {
  json layout = json::array();
  for (Region r : file.order) layout.push_back(region_name(r));
  json groups = json::array();
  for (const NodeGroup& g : file.groups) {
    json group = json::object();
    for (std::size_t slot = 0; slot < 9; ++slot) {
      const Track& t = g.tracks[slot];
      group[track_names[slot]] = {t.count, t.index, t.flag};
    }
    groups.push_back(std::move(group));
  }
  json arrays = json::object();
  json tails = json::object();
  for (ArrayKind kind : array_kinds) {
    json values = json::array();
    for (std::uint32_t bits : file.arrays[std::size_t(kind)]) values.push_back(json_from_float_bits(bits));
    arrays[std::string(array_name(kind))] = std::move(values);
    if (!file.array_tails[std::size_t(kind)].empty()) {
      tails[std::string(array_name(kind))] = json_input::hex(file.array_tails[std::size_t(kind)]);
    }
  }
  json doc = {{"schema", dump_schema}, {"schema_version", dump_schema_version}, {"format", "lm"},
              {"version", file.version}, {"loop", file.loop}, {"padding", file.padding},
              {"frame_count", file.frame_count}, {"layout", std::move(layout)}};
  if (!file.lead.empty()) doc["lead"] = json_input::hex(file.lead);
  doc["groups"] = std::move(groups);
  doc["arrays"] = std::move(arrays);
  if (!tails.empty()) doc["tails"] = std::move(tails);
  return doc;
}

Expected<File> from_json(const json& document, const ReadLimits& limits) {
  return catch_errors([&] { return parse(document, limits); });
}

}  // namespace anmkit::lm
