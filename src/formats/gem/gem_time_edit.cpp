#include "anmkit/formats/gem/gem_time_edit.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace anmkit::gem {

namespace {

using model::FrameMap;

// A component of a bone's keys, in the order a key or record writes them.
// (FRMN: matrix, visibility, mesh, the order of a BONE record's items.)
enum class Part : std::uint8_t { matrix, position, orientation, scale, mirrored, visibility, mesh, unknown };

std::string_view part_name(Part p) {
  switch (p) {
    case Part::position: return "position";
    case Part::orientation: return "orientation";
    case Part::scale: return "scale";
    case Part::mirrored: return "mirroring";
    case Part::visibility: return "visibility";
    case Part::mesh: return "mesh animation";
    case Part::unknown: return "unknown flag bits";
    case Part::matrix: return "matrix";
  }
  return "?";
}

// One track's keys: the frame of each and what holds its value (an index into File::keys for
// FRM2/FRM3, into File::items for FRMN).
struct Track {
  std::vector<std::uint64_t> frames;
  std::vector<std::uint32_t> refs;
};
using TrackId = std::pair<std::int64_t, Part>;  // bone index, component

struct Placed {
  std::uint64_t frame;
  std::int64_t bone;
  Part part;
  std::uint32_t ref;
};

class Editor {
 public:
  Editor(const File& file, const model::TimeEdit& edit) : in_(file), edit_(edit) {}

  Expected<TimeEdited> run(const ReadLimits& limits) {
    if (auto one = model::check_one_sequence(edit_, "GEM"); !one) return one.error();
    auto map = FrameMap::of(edit_, in_.frame_count, limits.max_frames);
    if (!map) return map.error();
    TimeEdited out;
    if (map->identity()) {
      out.file = in_;
      out.unchanged = true;
      return out;
    }
    const auto chunk = output_chunk();
    if (!chunk) return chunk.error();
    chunk_ = *chunk;
    if (auto numbered = check_numbering(map->frame_count()); !numbered) return numbered.error();
    collect();
    if (edit_.kind == model::TimeEdit::Kind::loop && last_equals_first()) {
      out.file = in_;
      out.unchanged = true;
      out.notes.push_back("the last frame already equals the first: nothing to add");
      return out;
    }
    std::vector<Placed> placed;
    for (const auto& [id, track] : tracks_) {
      const auto moved = model::retime_track(track.frames, *map);
      if (moved.back_to_rest) {
        return make_error(ErrorCode::unsupported,
                          fmt::format("time edit '{}': {} keys its {} first at frame {}, so frame {} of the result would show the "
                                      "rest pose again, which a GEM key cannot state (key it at frame 0 first)",
                                      model::time_edit_text(edit_), bone_words(id.first), part_name(id.second), track.frames.front(),
                                      *moved.back_to_rest));
      }
      for (const auto& m : moved.keys) placed.push_back({m.frame, id.first, id.second, track.refs[m.key]});
    }
    std::sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
      return std::tie(a.frame, a.bone, a.part) < std::tie(b.frame, b.bone, b.part);
    });
    out.file = build(placed, *map);
    out.notes = std::move(notes_);
    if (const auto unshown = unshown_keys(placed)) {
      out.notes.push_back(fmt::format("{} {} that no frame of the result shows {} left out", unshown, unshown == 1 ? "key" : "keys",
                                      unshown == 1 ? "was" : "were"));
    }
    return out;
  }

 private:
  const File& in_;
  const model::TimeEdit& edit_;
  FrameChunk chunk_ = FrameChunk::frm2;
  std::map<TrackId, Track> tracks_;
  std::vector<std::string> notes_;
  std::size_t source_keys_ = 0;  // keys or BONE records that went into tracks

  std::string bone_words(std::int64_t bone) const {
    if (bone >= 0 && std::uint64_t(bone) < in_.bones.size()) return fmt::format("bone '{}'", in_.bones[std::size_t(bone)].name);
    return fmt::format("bone #{}", bone);
  }

  Expected<FrameChunk> output_chunk() const {
    bool frmn = false, frm2 = false, frm3 = false;
    for (const auto& f : in_.frames) (f.chunk == FrameChunk::frmn ? frmn : f.chunk == FrameChunk::frm2 ? frm2 : frm3) = true;
    if (frmn && (frm2 || frm3)) {
      return make_error(ErrorCode::unsupported, fmt::format("time edit '{}': the file mixes FRMN with FRM2/FRM3 frames; convert it "
                                                            "to one version first",
                                                            model::time_edit_text(edit_)));
    }
    if (frmn) return FrameChunk::frmn;
    if (frm3) return FrameChunk::frm3;
    if (frm2) return FrameChunk::frm2;
    return in_.version == version_6_1 || in_.version == version_6_0 ? FrameChunk::frm2 : FrameChunk::frmn;
  }

  Expected<void> check_numbering(std::uint64_t frames) const {
    const std::uint64_t last = frames - 1;
    if (chunk_ == FrameChunk::frm2 && last > 0xffff) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("time edit '{}': the result's last frame, {}, is past 65535, the last an FRM2 chunk numbers "
                                    "(convert to gem-6.1-frm3 first)",
                                    model::time_edit_text(edit_), last));
    }
    if (chunk_ == FrameChunk::frmn && last > 0x7fffffff) {
      return make_error(ErrorCode::unsupported, fmt::format("time edit '{}': the result's last frame, {}, is past what FRMN numbers",
                                                            model::time_edit_text(edit_), last));
    }
    return {};
  }

  void add(std::int64_t bone, Part part, std::uint64_t frame, std::uint32_t ref) {
    auto& t = tracks_[{bone, part}];
    t.frames.push_back(frame);
    t.refs.push_back(ref);
  }

  // Every key into its tracks; keys no frame of the file shows are counted and said.
  void collect() {
    std::size_t past_end = 0, negative = 0, empty_keys = 0, empty_frames = 0;
    for (const auto& frame : in_.frames) {
      if (frame.count == 0) ++empty_frames;
      if (frame.chunk == FrameChunk::frmn) {
        const auto number = std::int32_t(frame.number);
        for (const auto& record : in_.records_of(frame)) {
          if (number < 0) { ++negative; continue; }
          if (std::uint64_t(number) >= in_.frame_count) { ++past_end; continue; }
          if (record.item_count == 0) { ++empty_keys; continue; }
          ++source_keys_;
          for (std::uint32_t i = record.first_item; i < record.first_item + record.item_count; ++i) {
            const auto kind = in_.items[i].kind;
            add(record.index, kind == ItemKind::matrix ? Part::matrix : kind == ItemKind::visibility ? Part::visibility : Part::mesh,
                std::uint32_t(number), i);
          }
        }
        continue;
      }
      for (std::uint32_t k = frame.first; k < frame.first + frame.count; ++k) {
        const Key& key = in_.keys[k];
        if (frame.number >= in_.frame_count) { ++past_end; continue; }
        if (key.flags == 0) { ++empty_keys; continue; }
        ++source_keys_;
        const auto f = key.flags;
        if (f & flag::position) add(key.bone, Part::position, frame.number, k);
        if (f & flag::orientation) add(key.bone, Part::orientation, frame.number, k);
        if (f & flag::scale) add(key.bone, Part::scale, frame.number, k);
        // Mirrored is stated by every key with orientation or scale, and set by 0x04 alone.
        if (f & (flag::orientation | flag::scale | flag::mirrored)) add(key.bone, Part::mirrored, frame.number, k);
        if (f & (flag::visible | flag::hidden)) add(key.bone, Part::visibility, frame.number, k);
        if (f & flag::mesh) add(key.bone, Part::mesh, frame.number, k);
        if (f & ~flag::known) add(key.bone, Part::unknown, frame.number, k);
      }
    }
    // Frames out of order: each track sorted by frame, the later key in the file winning a frame.
    std::size_t repeated = 0;
    for (auto& entry : tracks_) {
      Track& t = entry.second;  // (a named reference: lambdas below may not capture a structured binding in clang 14)
      if (std::is_sorted(t.frames.begin(), t.frames.end()) &&
          std::adjacent_find(t.frames.begin(), t.frames.end()) == t.frames.end()) {
        continue;
      }
      std::vector<std::size_t> order(t.frames.size());
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return t.frames[a] < t.frames[b]; });
      Track sorted;
      for (std::size_t i = 0; i < order.size(); ++i) {
        const auto j = order[i];
        if (i + 1 < order.size() && t.frames[order[i + 1]] == t.frames[j]) {
          ++repeated;
          continue;
        }
        sorted.frames.push_back(t.frames[j]);
        sorted.refs.push_back(t.refs[j]);
      }
      t = std::move(sorted);
    }
    auto say = [&](std::size_t n, std::string_view what) {
      if (n) notes_.push_back(fmt::format("{} {} {}", n, n == 1 ? "key" : "keys", what));
    };
    say(past_end, fmt::format("at or past the frame count ({}) left out: no frame shows them", in_.frame_count));
    say(negative, "at negative frames left out: no frame shows them");
    say(empty_keys, "holding nothing left out");
    say(repeated, "repeating a component at a frame already keyed: the later in the file kept, as the game reads them");
    if (empty_frames) notes_.push_back(fmt::format("{} frame {} without keys left out", empty_frames, empty_frames == 1 ? "chunk" : "chunks"));
  }

  // The bits a component's key holds, to compare two keys of one track.
  std::vector<std::uint32_t> value_of(Part part, std::uint32_t ref) const {
    auto vec = [](const std::optional<Vec3Bits>& v) { return std::vector<std::uint32_t>(v->begin(), v->end()); };
    auto bytes = [](const Bytes& b) { return std::vector<std::uint32_t>(b.begin(), b.end()); };
    if (chunk_ == FrameChunk::frmn) {
      const auto& item = in_.items[ref];
      switch (item.kind) {
        case ItemKind::matrix: { const auto m = in_.matrix(item); return {m.begin(), m.end()}; }
        case ItemKind::visibility: return {std::uint32_t(in_.visibility(item))};
        case ItemKind::mesh: return bytes(in_.mesh(item));
      }
    }
    const Key& key = in_.keys[ref];
    switch (part) {
      case Part::position: return vec(in_.position(key));
      case Part::orientation: return vec(in_.orientation(key));
      case Part::scale: return vec(in_.scale(key));
      case Part::mirrored: return {std::uint32_t(key.flags & flag::mirrored)};
      case Part::visibility: return {std::uint32_t(key.flags & (flag::visible | flag::hidden))};
      case Part::mesh: return bytes(*in_.mesh(key));
      case Part::unknown: return {std::uint32_t(key.flags & ~flag::known)};
      case Part::matrix: break;
    }
    return {};
  }

  bool last_equals_first() const {
    const auto last = in_.frame_count - 1;
    for (const auto& [id, t] : tracks_) {
      const auto a = model::governing_key(t.frames, 0), b = model::governing_key(t.frames, last);
      if (a == b) continue;
      if (!a || !b || value_of(id.second, t.refs[*a]) != value_of(id.second, t.refs[*b])) return false;
    }
    return true;
  }

  // The key governing source frame `s` of a bone's component, if it has one.
  std::optional<std::uint32_t> governing(std::int64_t bone, Part part, std::uint64_t s) const {
    const auto it = tracks_.find({bone, part});
    if (it == tracks_.end()) return std::nullopt;
    const auto k = model::governing_key(it->second.frames, s);
    if (!k) return std::nullopt;
    return it->second.refs[*k];
  }

  File build(const std::vector<Placed>& placed, const FrameMap& map) {
    File out;
    out.version = in_.version;
    out.frame_count = std::uint32_t(map.frame_count());
    out.comments = in_.comments;
    out.bones = in_.bones;
    std::size_t restated = 0;
    for (std::size_t i = 0; i < placed.size();) {
      std::size_t j = i;
      while (j < placed.size() && placed[j].frame == placed[i].frame && placed[j].bone == placed[i].bone) ++j;
      const auto frame = std::uint32_t(placed[i].frame);
      const bool new_frame = out.frames.empty() || out.frames.back().number != frame;
      if (chunk_ == FrameChunk::frmn) {
        if (new_frame) out.add_frame(FrameChunk::frmn, frame);
        out.add_bone(std::int32_t(placed[i].bone));
        for (std::size_t k = i; k < j; ++k) {
          const auto& item = in_.items[placed[k].ref];
          switch (item.kind) {
            case ItemKind::matrix: out.add_matrix(in_.matrix(item)); break;
            case ItemKind::visibility: out.add_visibility(in_.visibility(item)); break;
            case ItemKind::mesh: out.add_mesh(in_.mesh(item)); break;
          }
        }
      } else {
        // A key count is a byte: a frame of more keys goes on in another chunk of the same number.
        if (new_frame || out.frames.back().count == 255) out.add_frame(chunk_, frame);
        std::uint16_t flags = 0;
        KeyFields fields;
        bool stated = false;  // orientation or scale, which state the mirroring
        std::optional<bool> mirrored;
        for (std::size_t k = i; k < j; ++k) {
          const Key& key = in_.keys[placed[k].ref];
          switch (placed[k].part) {
            case Part::position: fields.position = in_.position(key); break;
            case Part::orientation: fields.orientation = in_.orientation(key); stated = true; break;
            case Part::scale: fields.scale = in_.scale(key); stated = true; break;
            case Part::mirrored: mirrored = (key.flags & flag::mirrored) != 0; break;
            case Part::visibility: flags |= key.flags & (flag::visible | flag::hidden); break;
            case Part::mesh: fields.mesh = *in_.mesh(key); break;
            case Part::unknown: flags |= std::uint16_t(key.flags & ~flag::known); break;
            case Part::matrix: break;
          }
        }
        if (mirrored && *mirrored) flags |= flag::mirrored;
        if (mirrored && !*mirrored && !stated) {
          // Only a key with orientation or scale says "not mirrored": the one showing at this
          // frame is stated again (its bits, so the pose is the same).
          const auto s = map.source(frame);
          const auto bone = placed[i].bone;
          if (const auto o = governing(bone, Part::orientation, s)) {
            fields.orientation = in_.orientation(in_.keys[*o]);
          } else if (const auto sc = governing(bone, Part::scale, s)) {
            fields.scale = in_.scale(in_.keys[*sc]);
          }
          ++restated;
        }
        out.add_key(std::uint8_t(placed[i].bone), flags, std::move(fields));
      }
      i = j;
    }
    if (restated) {
      notes_.push_back(fmt::format("{} {} stated again where the mirroring ends: only a key with orientation or scale can end it",
                                   restated, restated == 1 ? "orientation was" : "orientations were"));
    }
    return out;
  }

  // Source keys (or BONE records) none of whose components the result holds.
  std::size_t unshown_keys(const std::vector<Placed>& placed) const {
    std::vector<std::uint32_t> used;
    used.reserve(placed.size());
    for (const auto& p : placed) {
      if (chunk_ != FrameChunk::frmn) {
        used.push_back(p.ref);
        continue;
      }
      // An FRMN item: the record holding it, found by the items' order.
      used.push_back(record_of_item(p.ref));
    }
    std::sort(used.begin(), used.end());
    const auto distinct = std::size_t(std::unique(used.begin(), used.end()) - used.begin());
    return source_keys_ > distinct ? source_keys_ - distinct : 0;
  }

  std::uint32_t record_of_item(std::uint32_t item) const {
    const auto it = std::upper_bound(in_.records.begin(), in_.records.end(), item,
                                     [](std::uint32_t i, const FrmnBone& r) { return i < r.first_item; });
    return std::uint32_t(it - in_.records.begin()) - 1;
  }
};

}  // namespace

Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits) {
  if (const auto bad = find_malformed(file)) {
    return make_error(ErrorCode::invalid_model, fmt::format("{}: {}", bad->pointer, bad->message));
  }
  return Editor(file, edit).run(limits);
}

}  // namespace anmkit::gem
