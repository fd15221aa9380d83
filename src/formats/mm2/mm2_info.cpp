#include "anmkit/formats/mm2/mm2_info.hpp"

#include <fmt/format.h>

#include "anmkit/formats/mm2/mm2_compose.hpp"

namespace anmkit::mm2 {

using json = nlohmann::ordered_json;

json summary(const File& file, double tick_hz) {
  json frames = json::array();
  for (std::size_t i = 0; i < file.frames.size(); ++i) {
    const FrameInfo& f = file.frames[i];
    json frame = {{"index", i}, {"role", i == 0 ? "base" : "patch"}, {"width", f.width}, {"height", f.height},
                  {"stream_bytes", file.streams[i].size()}};
    if (i > 0 && file.prelude[i - 1].used()) {
      const Slot& s = file.prelude[i - 1];
      frame["rect"] = {s.x(), s.y(), s.w(), s.h()};
    }
    frames.push_back(std::move(frame));
  }
  json sequences = json::array();
  for (const Bytes& block : file.blocks) {
    const Sequence seq = parse_sequence(block);
    std::uint64_t ticks = 0;
    json steps = json::array();
    for (const Step& s : seq.steps) {
      ticks += step_ticks(s);
      steps.push_back({s.state, s.delay});
    }
    sequences.push_back({{"steps", std::move(steps)}, {"ticks", ticks}, {"seconds", double(ticks) / tick_hz}});
  }
  json palette = json::array();
  for (std::uint16_t w : file.palette) palette.push_back(fmt::format("0x{:03x}", w));
  const CanvasSize canvas = canvas_size(file);
  return json{{"format", "mm2"},
              {"frame_count", file.frames.size()},
              {"canvas", {canvas.width, canvas.height}},
              {"frames", std::move(frames)},
              {"tick_hz", tick_hz},
              {"sequences", std::move(sequences)},
              {"seq_header", file.seq_header},
              {"preamble_bytes", file.preamble.size()},
              {"depth_or_mode", file.depth_or_mode},
              {"palette", std::move(palette)}};
}

std::string summary_text(const json& s) {
  std::string out;
  auto line = [&out](std::string_view label, const std::string& value) { out += fmt::format("  {:<12}{}\n", label, value); };
  line("canvas", fmt::format("{}x{}", s["canvas"][0].get<std::uint64_t>(), s["canvas"][1].get<std::uint64_t>()));
  line("frames", fmt::format("{} (a base and {} patches)", s["frame_count"].get<std::uint64_t>(),
                             s["frame_count"].get<std::uint64_t>() - 1));
  for (const auto& f : s["frames"]) {
    std::string detail = fmt::format("{} {}x{}, {} stream bytes", f["role"].get<std::string>(), f["width"].get<std::uint64_t>(),
                                     f["height"].get<std::uint64_t>(), f["stream_bytes"].get<std::uint64_t>());
    if (f.contains("rect")) {
      const auto& r = f["rect"];
      detail += fmt::format(", drawn in {}x{} at ({}, {})", r[2].get<int>(), r[3].get<int>(), r[0].get<int>(), r[1].get<int>());
    }
    out += fmt::format("    {:>2}: {}\n", f["index"].get<std::uint64_t>(), detail);
  }
  line("sequences", fmt::format("{} (ticks at {:g} Hz)", s["sequences"].size(), s["tick_hz"].get<double>()));
  std::size_t i = 0;
  for (const auto& q : s["sequences"]) {
    std::vector<std::string> steps;
    for (const auto& st : q["steps"]) steps.push_back(fmt::format("{}:{}", st[0].get<int>(), st[1].get<int>()));
    out += fmt::format("    {:>2}: {} ticks, {:.3g} s{}{}\n", i++, q["ticks"].get<std::uint64_t>(), q["seconds"].get<double>(),
                       steps.empty() ? " (empty)" : ": state:delay ", fmt::join(steps, " "));
  }
  std::vector<std::string> words;
  for (const auto& w : s["palette"]) words.push_back(w.get<std::string>());
  line("palette", fmt::format("{}", fmt::join(words, " ")));
  return out;
}

}  // namespace anmkit::mm2
