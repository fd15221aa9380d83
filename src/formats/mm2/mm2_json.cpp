#include "anmkit/formats/mm2/mm2_json.hpp"

#include <fmt/format.h>

#include "anmkit/core/json_input.hpp"

namespace anmkit::mm2 {
namespace {

using json = nlohmann::ordered_json;
namespace in = json_input;

File parse(const json& doc, const ReadLimits& limits) {
  const std::string root;
  in::expect_object(doc, root, {"schema", "schema_version", "format", "prelude", "seq_header", "preamble", "sequences",
                                "depth_or_mode", "frames", "palette"});
  in::expect_dump_header(doc, dump_schema, dump_schema_version, "mm2");
  File f;
  const json& prelude = in::array(in::member(doc, root, "prelude"), "/prelude");
  if (prelude.size() != prelude_slots) in::fail("/prelude", fmt::format("expected 11 slots, found {}", prelude.size()));
  for (std::size_t i = 0; i < prelude_slots; ++i) {
    const std::string p = in::child("/prelude", i);
    if (prelude[i].is_null()) continue;  // unused: FF FF FF FF
    if (!prelude[i].is_array() || prelude[i].size() != 4) in::fail(p, "expected null (unused) or [x, y, w, h]");
    for (std::size_t k = 0; k < 4; ++k) f.prelude[i].raw[k] = std::uint8_t(in::unsigned_integer(prelude[i][k], in::child(p, k), 255));
  }
  const json& header = in::array(in::member(doc, root, "seq_header"), "/seq_header");
  if (header.size() != 3) in::fail("/seq_header", "expected the three bytes [seq_a, seq_b, seq_c]");
  for (std::size_t k = 0; k < 3; ++k) f.seq_header[k] = std::uint8_t(in::unsigned_integer(header[k], in::child("/seq_header", k), 255));
  if (doc.contains("preamble")) f.preamble = in::from_hex(doc["preamble"], "/preamble");
  const json& sequences = in::array(in::member(doc, root, "sequences"), "/sequences");
  if (sequences.size() > limits.max_sequences) {
    in::fail("/sequences", past_limit(fmt::format("more than {} sequence blocks", limits.max_sequences), "limits.max_sequences"));
  }
  for (std::size_t b = 0; b < sequences.size(); ++b) {
    const std::string p = in::child("/sequences", b);
    const json& steps = in::array(sequences[b], p);
    Sequence seq;
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const std::string sp = in::child(p, s);
      const bool last = s + 1 == steps.size();
      if (steps[s].is_array() && steps[s].size() == 1 && last) {
        seq.odd_byte = std::uint8_t(in::unsigned_integer(steps[s][0], in::child(sp, std::size_t{0}), 255));
        continue;
      }
      if (!steps[s].is_array() || steps[s].size() != 2) in::fail(sp, "expected [state, delay]");
      seq.steps.push_back({std::uint8_t(in::unsigned_integer(steps[s][0], in::child(sp, std::size_t{0}), 254)),
                           std::uint8_t(in::unsigned_integer(steps[s][1], in::child(sp, std::size_t{1}), 254))});
    }
    f.blocks.push_back(encode_sequence(seq));
  }
  f.depth_or_mode = std::uint16_t(in::unsigned_integer(in::member(doc, root, "depth_or_mode"), "/depth_or_mode", 0xffff));
  const json& frames = in::array(in::member(doc, root, "frames"), "/frames");
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const std::string p = in::child("/frames", i);
    in::expect_object(frames[i], p, {"width", "height", "flags", "stream"});
    FrameInfo info;
    info.width = std::uint16_t(in::unsigned_integer(in::member(frames[i], p, "width"), in::child(p, "width"), 0xffff));
    info.height = std::uint16_t(in::unsigned_integer(in::member(frames[i], p, "height"), in::child(p, "height"), 0xffff));
    info.flags = std::uint16_t(in::unsigned_integer(in::member(frames[i], p, "flags"), in::child(p, "flags"), 0xffff));
    if (std::uint64_t(info.width) * info.height > limits.max_pixels) {
      in::fail(p, past_limit(fmt::format("frame {} is {}x{}, more than the limit of {} pixels", i, info.width, info.height,
                              limits.max_pixels), "limits.max_pixels"));
    }
    f.frames.push_back(info);
    f.streams.push_back(in::from_hex(in::member(frames[i], p, "stream"), in::child(p, "stream")));
  }
  const json& palette = in::array(in::member(doc, root, "palette"), "/palette");
  if (palette.size() != palette_size) in::fail("/palette", fmt::format("expected 32 words, found {}", palette.size()));
  for (std::size_t i = 0; i < palette_size; ++i) f.palette[i] = std::uint16_t(in::unsigned_integer(palette[i], in::child("/palette", i), 0xffff));
  return f;
}

}  // namespace

json to_json(const File& file) {
  json prelude = json::array();
  for (const Slot& s : file.prelude) prelude.push_back(s.used() ? json{s.raw[0], s.raw[1], s.raw[2], s.raw[3]} : json(nullptr));
  json sequences = json::array();
  for (const Bytes& block : file.blocks) {
    const Sequence seq = parse_sequence(block);
    json steps = json::array();
    for (const Step& st : seq.steps) steps.push_back({st.state, st.delay});
    if (seq.odd_byte) steps.push_back(json::array({*seq.odd_byte}));
    sequences.push_back(std::move(steps));
  }
  json frames = json::array();
  for (std::size_t i = 0; i < file.frames.size(); ++i) {
    const FrameInfo& f = file.frames[i];
    frames.push_back({{"width", f.width}, {"height", f.height}, {"flags", f.flags}, {"stream", json_input::hex(file.streams[i])}});
  }
  json doc = {{"schema", dump_schema}, {"schema_version", dump_schema_version}, {"format", "mm2"},
              {"prelude", std::move(prelude)}, {"seq_header", file.seq_header}};
  if (!file.preamble.empty()) doc["preamble"] = json_input::hex(file.preamble);
  doc["sequences"] = std::move(sequences);
  doc["depth_or_mode"] = file.depth_or_mode;
  doc["frames"] = std::move(frames);
  doc["palette"] = file.palette;
  return doc;
}

Expected<File> from_json(const json& document, const ReadLimits& limits) {
  return catch_errors([&] { return parse(document, limits); });
}

}  // namespace anmkit::mm2
