#include "anmkit/formats/lm/lm_info.hpp"

#include <fmt/format.h>

#include "anmkit/core/printable.hpp"

namespace anmkit::lm {

using json = nlohmann::ordered_json;

json summary(const File& file, const std::string& node_count_source, double fps) {
  const Layout layout = layout_of(file);
  std::size_t fixed = 0, constant = 0, keyed = 0, out_slopes = 0, keys = 0, unknown_flags = 0;
  for (const NodeGroup& g : file.groups) {
    for (const Track& t : g.tracks) {
      if (t.count == 0) ++fixed;
      else if (t.count == 1) ++constant;
      else {
        ++keyed;
        keys += t.count;
        if (t.flag == flag_out_slope) ++out_slopes;
      }
      if (t.flag != 0 && t.flag != flag_out_slope) ++unknown_flags;
    }
  }
  json regions = json::array();
  for (Region r : file.order) {
    const std::size_t i = std::size_t(r);
    regions.push_back({{"region", region_name(r)}, {"offset", layout.start[i]}, {"size", layout.end[i] - layout.start[i]}});
  }
  json out = {{"format", "lm"},
              {"version", file.version},
              {"frame_count", file.frame_count},
              {"fps", fps},
              {"duration_seconds", fps > 0 ? double(file.frame_count) / fps : 0.0},
              {"loop", file.loop == 1},
              {"loop_semantics", file.loop == 1 ? "wraps to frame 0 at the frame count" : "stops at the last frame"},
              {"node_count", file.groups.size()},
              {"node_count_source", node_count_source},
              {"layout", std::move(regions)},
              {"floats", {{"scale", file.arrays[0].size()}, {"rotation", file.arrays[1].size()}, {"translation", file.arrays[2].size()}}},
              {"tracks", {{"default", fixed}, {"constant", constant}, {"keyed", keyed}, {"with_out_slopes", out_slopes},
                          {"unknown_flags", unknown_flags}}},
              {"keys", keys}};
  return out;
}

std::string summary_text(const json& s) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) { out += fmt::format("  {:<12}{}\n", label, value); };
  line("frames", fmt::format("{} ({:g} s at {:g} fps), {}", s["frame_count"].get<std::uint64_t>(),
                             s["duration_seconds"].get<double>(), s["fps"].get<double>(),
                             s["loop"].get<bool>() ? "loops: wraps to frame 0 at the frame count" : "plays once: stops at the last frame"));
  line("nodes", fmt::format("{} ({})", s["node_count"].get<std::uint64_t>(), printable(s["node_count_source"].get<std::string>())));
  const auto& t = s["tracks"];
  line("tracks", fmt::format("{} keyed ({} with out slopes), {} constant, {} default{}", t["keyed"].get<std::uint64_t>(),
                             t["with_out_slopes"].get<std::uint64_t>(), t["constant"].get<std::uint64_t>(),
                             t["default"].get<std::uint64_t>(),
                             t["unknown_flags"].get<std::uint64_t>() ? fmt::format(", {} with unknown flags", t["unknown_flags"].get<std::uint64_t>()) : ""));
  line("keys", fmt::format("{}", s["keys"].get<std::uint64_t>()));
  const auto& f = s["floats"];
  line("floats", fmt::format("scale {}, rotation {}, translation {}", f["scale"].get<std::uint64_t>(),
                             f["rotation"].get<std::uint64_t>(), f["translation"].get<std::uint64_t>()));
  std::vector<std::string> regions;
  for (const auto& r : s["layout"]) {
    regions.push_back(fmt::format("{} @0x{:x} ({} bytes)", r["region"].get<std::string>(), r["offset"].get<std::uint64_t>(),
                                  r["size"].get<std::uint64_t>()));
  }
  line("layout", fmt::format("{}", fmt::join(regions, ", ")));
  return out;
}

}  // namespace anmkit::lm
