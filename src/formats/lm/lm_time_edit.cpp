#include "anmkit/formats/lm/lm_time_edit.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"

namespace anmkit::lm {

namespace {

using model::TimeEdit;

// A key as stored: the bits of its frame, value and slopes (out = in without flag 0x80).
struct StoredKey {
  std::uint32_t frame = 0, value = 0, in = 0, out = 0;
};

// A stretch of the result: the source's times [src_from, src_to] played forward from dst_from,
// or (hold) the source's time src_from shown from dst_from to dst_to.
struct Span {
  bool hold = false;
  double src_from = 0, src_to = 0, dst_from = 0, dst_to = 0;
};

// A key of the result: where it lies, its bits, and which source key it copies (-1: added).
struct PlacedKey {
  double frame = 0;
  StoredKey key;
  bool frame_kept = false;  // key.frame already holds the bits of `frame` (a key that did not move)
  std::int64_t source = -1;
  std::size_t span = 0;
};

std::uint32_t to_bits(double v) { return bits_from_float(float(v)); }
double from_bits(std::uint32_t b) { return float_from_bits(b); }
std::uint32_t negated(std::uint32_t b) { return b ^ 0x80000000u; }
constexpr std::uint32_t zero_bits = 0;

class Editor {
 public:
  Editor(const File& file, const TimeEdit& edit) : in_(file), edit_(edit), text_(model::time_edit_text(edit)) {}

  Expected<TimeEdited> run(const ReadLimits& limits) {
    if (auto one = model::check_one_sequence(edit_, "LM"); !one) return one.error();
    TimeEdited out;
    const std::uint64_t T = in_.frame_count;
    const bool loops = in_.loop == 1;
    // The frames the edit's numbers refer to: the ranges and limits are checked as for any format.
    auto map = model::FrameMap::of(edit_, loops ? T : T + 1, limits.max_frames);
    if (!map) return map.error();
    auto data = track_data(in_);
    if (!data) return data.error();
    auto curves = decode_curves(in_);
    if (!curves) return curves.error();
    data_ = &*data;
    curves_ = &*curves;
    if (auto checked = check_keys(); !checked) return checked.error();

    std::uint64_t new_T = T;
    std::vector<Span> spans;
    bool keywise = false;
    switch (edit_.kind) {
      case TimeEdit::Kind::reverse:
        if (T == 0) return unchanged();
        keywise = true;
        break;
      case TimeEdit::Kind::retime: {
        if (edit_.length != 0) {
          new_T = loops ? edit_.length : edit_.length - 1;
        } else {
          new_T = (2 * T * edit_.numerator + edit_.denominator) / (2 * edit_.denominator);
          // A looping file shows T frames: at least one.
          if (loops) new_T = std::max<std::uint64_t>(new_T, 1);
        }
        if (new_T == T) return unchanged();
        if (T == 0) {
          return make_error(ErrorCode::unsupported,
                            fmt::format("time edit '{}': the sequence is one frame long; there is no time to stretch (insert frames instead)",
                                        text_));
        }
        if (new_T == 0) {
          spans.push_back({false, 0, 0, 0, 0});  // one frame: every curve its pose at frame 0
        } else {
          keywise = true;
        }
        break;
      }
      case TimeEdit::Kind::trim: {
        const double last = double(edit_.last + (loops ? 1 : 0));
        if (edit_.first == 0 && last == double(T)) return unchanged();
        spans.push_back({false, double(edit_.first), last, 0, last - double(edit_.first)});
        break;
      }
      case TimeEdit::Kind::remove: {
        const double a = double(edit_.first), b = double(edit_.last);
        if (edit_.first > 0) spans.push_back({false, 0, a - 1, 0, a - 1});
        if (b + 1 <= double(T)) spans.push_back({false, b + 1, double(T), a, a + double(T) - b - 1});
        break;
      }
      case TimeEdit::Kind::insert: {
        const double p = edit_.first == 0 ? 0.0 : double(edit_.first - 1), c = double(edit_.count);
        if (edit_.first > 0) spans.push_back({false, 0, p, 0, p});
        spans.push_back({true, p, p, p, p + c});
        spans.push_back({false, p, double(T), p + c, double(T) + c});
        break;
      }
      case TimeEdit::Kind::loop:
        if (last_equals_first(T)) {
          auto same = unchanged();
          same.notes.push_back("the last frame already equals the first: nothing to add");
          return same;
        }
        spans.push_back({false, 0, double(T), 0, double(T)});
        spans.push_back({false, 0, 0, double(T) + 1, double(T) + 1});
        break;
    }
    if (!spans.empty()) new_T = std::uint64_t(spans.back().dst_to);
    if (new_T > 0xffffffffull || new_T > limits.max_frames) {
      return make_error(ErrorCode::too_large, fmt::format("time edit '{}': the result would be {} frames long, more than the limit of {} "
                                                          "(limits.max_frames)",
                                                          text_, new_T, limits.max_frames));
    }

    File result;
    result.version = in_.version;
    result.loop = in_.loop;
    result.padding = in_.padding;
    result.frame_count = std::uint32_t(new_T);
    result.groups = in_.groups;
    std::vector<TrackData> new_data(in_.groups.size());
    std::size_t flagged = 0, dropped = 0;
    for (std::size_t n = 0; n < in_.groups.size(); ++n) {
      for (std::size_t slot = 0; slot < 9; ++slot) {
        Track& track = result.groups[n].tracks[slot];
        const auto& bits = (*data_)[n][slot];
        if (track.count < 2) {
          new_data[n][slot] = bits;
          continue;
        }
        const auto keys = stored_keys(track, bits);
        std::vector<PlacedKey> placed;
        if (keywise) {
          placed = edit_.kind == TimeEdit::Kind::reverse ? reversed(keys, double(T)) : scaled(keys, double(new_T) / double(T));
        } else {
          placed = cut((*curves_)[n].curves[slot], keys, spans, default_value(slot));
          std::vector<bool> kept(keys.size());
          for (const auto& k : placed) {
            if (k.source >= 0) kept[std::size_t(k.source)] = true;
          }
          dropped += std::size_t(std::count(kept.begin(), kept.end(), false));
        }
        auto stored = store(track, placed, n, slot);
        if (!stored) return stored.error();
        if (*stored) ++flagged;
        new_data[n][slot] = encode(track, placed);
      }
    }
    auto packed = pack(result, new_data);
    if (!packed) return packed.error();
    out.file = std::move(*packed);
    if (flagged > 0) {
      out.notes.push_back(fmt::format("{} {} flag 0x80 (a slope out apart from the slope in) to hold a pose", flagged,
                                      flagged == 1 ? "track was given" : "tracks were given"));
    }
    if (dropped > 0) {
      out.notes.push_back(fmt::format("{} {} outside the frames kept {} left out (the curves are cut with keys of their own)", dropped,
                                      dropped == 1 ? "key" : "keys", dropped == 1 ? "was" : "were"));
    }
    return out;
  }

 private:
  const File& in_;
  const TimeEdit& edit_;
  std::string text_;
  const std::vector<TrackData>* data_ = nullptr;
  const std::vector<NodeCurves>* curves_ = nullptr;

  TimeEdited unchanged() const {
    TimeEdited same;
    same.file = in_;
    same.unchanged = true;
    return same;
  }

  static std::size_t per_key(const Track& t) { return t.flag == flag_out_slope ? 4 : 3; }

  static std::vector<StoredKey> stored_keys(const Track& t, const std::vector<std::uint32_t>& bits) {
    const std::size_t step = per_key(t);
    std::vector<StoredKey> keys(t.count);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::uint32_t* v = &bits[k * step];
      keys[k] = {v[0], v[1], v[2], step == 4 ? v[3] : v[2]};
    }
    return keys;
  }

  std::uint64_t key_offset(std::size_t n, std::size_t slot, std::size_t k) const {
    const Track& t = in_.groups[n].tracks[slot];
    return layout_of(in_).array_offset(track_kind(slot)) + 4ull * t.index + 4ull * per_key(t) * k;
  }

  // Frames that are numbers, each at or after the one before: the order evaluation assumes.
  Expected<void> check_keys() const {
    for (std::size_t n = 0; n < in_.groups.size(); ++n) {
      for (std::size_t slot = 0; slot < 9; ++slot) {
        const Curve& c = (*curves_)[n].curves[slot];
        if (c.kind != Curve::Kind::keyed) continue;
        for (std::size_t k = 0; k < c.keys.size(); ++k) {
          const float f = c.keys[k].frame;
          if (!std::isfinite(f) || (k > 0 && f < c.keys[k - 1].frame)) {
            return make_error(ErrorCode::bad_value,
                              fmt::format("time edit '{}': key {} of track {} of node {} is at frame {}, {}; a time edit needs keys in "
                                          "order (`anmkit validate` lists them)",
                                          text_, k, track_names[slot], n, f,
                                          std::isfinite(f) ? fmt::format("before key {} at {}", k - 1, c.keys[k - 1].frame)
                                                           : std::string("not a number")),
                              key_offset(n, slot, k));
          }
        }
      }
    }
    return {};
  }

  // Every keyed curve's value at frame T equals its value at frame 0.
  bool last_equals_first(std::uint64_t T) const {
    for (const auto& node : *curves_) {
      for (std::size_t slot = 0; slot < 9; ++slot) {
        const Curve& c = node.curves[slot];
        if (evaluate(c, double(T), default_value(slot)) != evaluate(c, 0, default_value(slot))) return false;
      }
    }
    return true;
  }

  static std::vector<PlacedKey> reversed(const std::vector<StoredKey>& keys, double T) {
    std::vector<PlacedKey> out;
    out.reserve(keys.size());
    for (auto it = keys.rbegin(); it != keys.rend(); ++it) {
      const double frame = T - from_bits(it->frame);
      out.push_back({frame, {to_bits(frame), it->value, negated(it->out), negated(it->in)}, true, -1, 0});
    }
    return out;
  }

  static std::vector<PlacedKey> scaled(const std::vector<StoredKey>& keys, double factor) {
    std::vector<PlacedKey> out;
    out.reserve(keys.size());
    for (const auto& k : keys) {
      const double frame = from_bits(k.frame) * factor;
      out.push_back({frame,
                     {to_bits(frame), k.value, to_bits(from_bits(k.in) / factor), to_bits(from_bits(k.out) / factor)},
                     true, -1, 0});
    }
    return out;
  }

  // The curve played through the spans: the source's keys inside each span moved with it, a key
  // added where a span starts or ends between keys (or meets another span), keys of two spans
  // that meet at one frame made one (its slope in from the first, out from the second).
  static std::vector<PlacedKey> cut(const Curve& curve, const std::vector<StoredKey>& keys, const std::vector<Span>& spans,
                                    float fallback) {
    const double first = from_bits(keys.front().frame), last = from_bits(keys.back().frame);
    auto inside = [&](double t) { return first < t && t < last; };
    std::vector<PlacedKey> out;
    auto added = [&](double t, double at, std::size_t span, bool flat_in, bool flat_out) {
      const auto [left, right] = slopes_at(curve, t);
      const auto value = to_bits(evaluate(curve, t, fallback));
      out.push_back({at, {0, value, flat_in ? zero_bits : to_bits(left), flat_out ? zero_bits : to_bits(right)}, false, -1, span});
    };
    const auto by_frame = [](const StoredKey& k, double t) { return from_bits(k.frame) < t; };
    const auto frame_before = [](double t, const StoredKey& k) { return t < from_bits(k.frame); };
    for (std::size_t s = 0; s < spans.size(); ++s) {
      const Span& sp = spans[s];
      const bool opens = s == 0, closes = s + 1 == spans.size();
      if (sp.hold) {
        if (!opens) added(sp.src_from, sp.dst_from, s, false, true);
        if (!closes) added(sp.src_from, sp.dst_to, s, true, false);
        continue;
      }
      const auto lo = std::lower_bound(keys.begin(), keys.end(), sp.src_from, by_frame);
      const auto hi = std::upper_bound(keys.begin(), keys.end(), sp.src_to, frame_before);
      const bool key_at_start = lo != hi && from_bits(lo->frame) == sp.src_from;
      const bool key_at_end = lo != hi && from_bits(std::prev(hi)->frame) == sp.src_to;
      const double shift = sp.dst_from - sp.src_from;
      if (!key_at_start && (!opens || inside(sp.src_from))) added(sp.src_from, sp.dst_from, s, false, false);
      for (auto it = lo; it != hi; ++it) {
        const double at = from_bits(it->frame) + shift;
        out.push_back({at, *it, shift == 0, std::int64_t(it - keys.begin()), s});
      }
      if (sp.src_to != sp.src_from && !key_at_end && (!closes || inside(sp.src_to))) added(sp.src_to, sp.dst_to, s, false, false);
    }
    // Spans that meet: one key.
    std::vector<PlacedKey> merged;
    merged.reserve(out.size());
    for (auto& k : out) {
      if (!merged.empty() && merged.back().span != k.span && merged.back().frame == k.frame) {
        merged.back().key.out = k.key.out;
        continue;
      }
      merged.push_back(k);
    }
    // The source's first key is reached flat from before it, its last left flat: where a key of
    // the result comes before (after) them, that is their slope.
    const std::int64_t last_index = std::int64_t(keys.size()) - 1;
    for (std::size_t i = 0; i < merged.size(); ++i) {
      if (merged[i].source == 0 && i > 0) merged[i].key.in = zero_bits;
      if (merged[i].source == last_index && i + 1 < merged.size()) merged[i].key.out = zero_bits;
    }
    // A span between keys, or beyond them, that needed no key of its own: the curve's value there.
    if (merged.empty()) {
      added(spans.front().src_from, 0, 0, true, true);
      return out;
    }
    return merged;
  }

  // The track's count and flag for its new keys; true when it was given flag 0x80.
  Expected<bool> store(Track& track, const std::vector<PlacedKey>& keys, std::size_t n, std::size_t slot) const {
    if (keys.size() > 0xffff) {
      return make_error(ErrorCode::unsupported, fmt::format("time edit '{}': track {} of node {} would have {} keys; a track holds at "
                                                            "most 65535",
                                                            text_, track_names[slot], n, keys.size()));
    }
    track.count = std::uint16_t(std::max<std::size_t>(keys.size(), 1));
    if (keys.size() < 2) {
      // A constant now: a flag that shapes keys would say nothing (validate: lm.flag-without-keys).
      track.flag = 0;
      return false;
    }
    const bool apart = std::any_of(keys.begin(), keys.end(), [](const PlacedKey& k) { return k.key.in != k.key.out; });
    if (!apart || track.flag == flag_out_slope) return false;
    if (track.flag != 0) {
      return make_error(ErrorCode::unsupported,
                        fmt::format("time edit '{}': track {} of node {} needs a slope out apart from its slope in, and its flag 0x{:x} "
                                    "is not 0x80; its keys have no room for one",
                                    text_, track_names[slot], n, track.flag),
                        layout_of(in_).start[std::size_t(Region::groups)] + n * group_size + slot * 6 + 4);
    }
    track.flag = flag_out_slope;
    return true;
  }

  // The keys as the track stores them: a constant when one or none is left.
  static std::vector<std::uint32_t> encode(const Track& track, const std::vector<PlacedKey>& keys) {
    if (keys.size() == 1) return {keys.front().key.value};
    std::vector<std::uint32_t> bits;
    bits.reserve(keys.size() * per_key(track));
    for (const auto& k : keys) {
      bits.push_back(k.frame_kept ? k.key.frame : to_bits(k.frame));
      bits.push_back(k.key.value);
      bits.push_back(k.key.in);
      if (per_key(track) == 4) bits.push_back(k.key.out);
    }
    return bits;
  }
};

}  // namespace

Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits) {
  return Editor(file, edit).run(limits);
}

}  // namespace anmkit::lm
