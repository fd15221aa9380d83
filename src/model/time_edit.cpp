#include "anmkit/model/time_edit.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>

#include <fmt/format.h>

namespace anmkit::model {

namespace {

// Factors are fractions of numbers up to this, so that frame * numerator stays within 64 bits
// for any frame count a limit allows (below 2^32).
constexpr std::uint64_t max_factor_term = 1'000'000'000;

Error edit_error(std::string_view text, std::string_view expected) {
  return make_error(ErrorCode::bad_value, fmt::format("time edit '{}': {}", text, expected));
}

std::optional<std::uint64_t> whole(std::string_view s) {
  std::uint64_t v = 0;
  if (s.empty()) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "2", "1/2", "0.75": a positive fraction in lowest terms.
std::optional<std::pair<std::uint64_t, std::uint64_t>> fraction(std::string_view s) {
  std::uint64_t num = 0, den = 1;
  if (const auto slash = s.find('/'); slash != std::string_view::npos) {
    const auto n = whole(s.substr(0, slash)), d = whole(s.substr(slash + 1));
    if (!n || !d) return std::nullopt;
    num = *n, den = *d;
  } else if (const auto dot = s.find('.'); dot != std::string_view::npos) {
    const auto int_part = s.substr(0, dot), frac_part = s.substr(dot + 1);
    if (frac_part.empty() || frac_part.size() > 9 || int_part.size() > 9) return std::nullopt;
    const auto i = int_part.empty() ? std::optional<std::uint64_t>(0) : whole(int_part);
    const auto f = whole(frac_part);
    if (!i || !f) return std::nullopt;
    den = 1;
    for (std::size_t k = 0; k < frac_part.size(); ++k) den *= 10;
    num = *i * den + *f;
  } else {
    const auto n = whole(s);
    if (!n) return std::nullopt;
    num = *n;
  }
  if (num == 0 || den == 0) return std::nullopt;
  const auto g = std::gcd(num, den);
  num /= g, den /= g;
  if (num > max_factor_term || den > max_factor_term) return std::nullopt;
  return std::pair{num, den};
}

// "A:B" as two whole numbers.
std::optional<std::pair<std::uint64_t, std::uint64_t>> pair_of(std::string_view s) {
  const auto colon = s.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto a = whole(s.substr(0, colon)), b = whole(s.substr(colon + 1));
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

std::uint64_t source_in(const FramePiece& p, std::uint64_t g) {
  switch (p.kind) {
    case FramePiece::Kind::forward: return p.from + (g - p.begin);
    case FramePiece::Kind::backward: return p.from - (g - p.begin);
    case FramePiece::Kind::hold: return p.from;
    case FramePiece::Kind::scaled: return g * p.numerator / p.denominator;
  }
  return 0;
}

Expected<TimeEdit> parse_one(std::string_view text) {
  const auto eq = text.find('=');
  const auto word = text.substr(0, eq);
  const auto value = eq == std::string_view::npos ? std::string_view{} : text.substr(eq + 1);
  const bool has_value = eq != std::string_view::npos;
  TimeEdit e;
  if (word == "reverse" || word == "loop") {
    if (has_value) return edit_error(text, fmt::format("{} takes no value", word));
    e.kind = word == "reverse" ? TimeEdit::Kind::reverse : TimeEdit::Kind::loop;
    return e;
  }
  if (word == "retime") {
    const auto f = fraction(value);
    if (!f) return edit_error(text, "expected retime=FACTOR, a positive number such as 2, 0.5 or 2/3 (terms up to 1000000000)");
    e.kind = TimeEdit::Kind::retime;
    e.numerator = f->first, e.denominator = f->second;
    return e;
  }
  if (word == "length") {
    const auto n = whole(value);
    if (!n || *n == 0) return edit_error(text, "expected length=FRAMES, a whole number of at least 1");
    e.kind = TimeEdit::Kind::retime;
    e.length = *n;
    return e;
  }
  if (word == "trim" || word == "delete") {
    const auto r = pair_of(value);
    if (!r || r->first > r->second) {
      return edit_error(text, fmt::format("expected {}=FIRST:LAST, two frames with FIRST <= LAST (both included)", word));
    }
    e.kind = word == "trim" ? TimeEdit::Kind::trim : TimeEdit::Kind::remove;
    e.first = r->first, e.last = r->second;
    return e;
  }
  if (word == "insert") {
    const auto r = pair_of(value);
    if (!r || r->second == 0) return edit_error(text, "expected insert=FRAME:COUNT, COUNT frames (at least 1) before FRAME");
    e.kind = TimeEdit::Kind::insert;
    e.first = r->first, e.count = r->second;
    return e;
  }
  return edit_error(text, "expected reverse, loop, retime=FACTOR, length=FRAMES, trim=FIRST:LAST, delete=FIRST:LAST or insert=FRAME:COUNT");
}

std::string words_of(const TimeEdit& e) {
  switch (e.kind) {
    case TimeEdit::Kind::reverse: return "reverse";
    case TimeEdit::Kind::loop: return "loop";
    case TimeEdit::Kind::retime:
      if (e.length != 0) return fmt::format("length={}", e.length);
      if (e.denominator == 1) return fmt::format("retime={}", e.numerator);
      return fmt::format("retime={}/{}", e.numerator, e.denominator);
    case TimeEdit::Kind::trim: return fmt::format("trim={}:{}", e.first, e.last);
    case TimeEdit::Kind::remove: return fmt::format("delete={}:{}", e.first, e.last);
    case TimeEdit::Kind::insert: return fmt::format("insert={}:{}", e.first, e.count);
  }
  return {};
}

}  // namespace

Expected<TimeEdit> parse_time_edit(std::string_view full) {
  // "EDIT@N": the sequence, from 0.
  std::optional<std::uint32_t> sequence;
  std::string_view text = full;
  if (const auto at = full.rfind('@'); at != std::string_view::npos) {
    const auto n = whole(full.substr(at + 1));
    if (!n || *n > 0xffffffffull) return edit_error(full, "expected EDIT@N after the edit, N a sequence's number from 0");
    sequence = std::uint32_t(*n);
    text = full.substr(0, at);
  }
  auto e = parse_one(text);
  if (!e) return e.error();
  e->sequence = sequence;
  return e;
}

std::string time_edit_text(const TimeEdit& e) {
  auto text = words_of(e);
  if (e.sequence) text += fmt::format("@{}", *e.sequence);
  return text;
}

Expected<void> check_one_sequence(const TimeEdit& e, std::string_view format_title) {
  if (e.sequence && *e.sequence != 0) {
    return make_error(ErrorCode::bad_value, fmt::format("time edit '{}': {} files hold one sequence (@0)", time_edit_text(e), format_title));
  }
  return {};
}

std::string_view time_edit_help() {
  return "reverse            play backwards\n"
         "retime=FACTOR      slower (2) or faster (0.5, 2/3)\n"
         "length=FRAMES      retimed to this many frames\n"
         "trim=FIRST:LAST    keep these frames (both included)\n"
         "delete=FIRST:LAST  remove these frames (delete=0:0 drops the first)\n"
         "insert=FRAME:COUNT COUNT frames before FRAME, holding the pose of the frame before it\n"
         "loop               a last frame equal to the first, unless the last already is\n"
         "EDIT@N             sequence N only, where a file holds several (MM2; from 0)\n";
}

Expected<FrameMap> FrameMap::of(const TimeEdit& e, std::uint64_t frames, std::uint64_t max_frames) {
  const auto text = time_edit_text(e);
  if (frames == 0) return edit_error(text, "the sequence has no frames");
  FrameMap m;
  m.source_frames_ = frames;
  auto forward = [&](std::uint64_t begin, std::uint64_t end, std::uint64_t from) {
    if (begin < end) m.pieces_.push_back({FramePiece::Kind::forward, begin, end, from});
  };
  const auto last = frames - 1;
  switch (e.kind) {
    case TimeEdit::Kind::reverse:
      m.pieces_.push_back({FramePiece::Kind::backward, 0, frames, last});
      break;
    case TimeEdit::Kind::loop:
      forward(0, frames, 0);
      m.pieces_.push_back({FramePiece::Kind::hold, frames, frames + 1, 0});
      break;
    case TimeEdit::Kind::trim:
    case TimeEdit::Kind::remove: {
      if (e.first > e.last || e.last > last) {
        return edit_error(text, fmt::format("the frames must lie within 0:{} (the sequence has {} frames)", last, frames));
      }
      const auto span = e.last - e.first + 1;
      if (e.kind == TimeEdit::Kind::trim) {
        forward(0, span, e.first);
      } else {
        if (span == frames) return edit_error(text, fmt::format("that would leave no frame of {}", frames));
        forward(0, e.first, 0);
        forward(e.first, frames - span, e.last + 1);
      }
      break;
    }
    case TimeEdit::Kind::insert: {
      if (e.first > frames) {
        return edit_error(text, fmt::format("frames go in before a frame from 0 to {} (the sequence has {} frames)", frames, frames));
      }
      if (e.count == 0 || e.count > max_frames) {
        return edit_error(text, fmt::format("the count must be from 1 to {} (limits.max_frames)", max_frames));
      }
      forward(0, e.first, 0);
      m.pieces_.push_back({FramePiece::Kind::hold, e.first, e.first + e.count, e.first == 0 ? 0 : e.first - 1});
      forward(e.first + e.count, frames + e.count, e.first);
      break;
    }
    case TimeEdit::Kind::retime: {
      std::uint64_t length = e.length;
      if (length == 0) {
        if (e.numerator == 0 || e.denominator == 0 || e.numerator > max_factor_term || e.denominator > max_factor_term) {
          return edit_error(text, "a factor is a positive fraction of terms up to 1000000000");
        }
        // Rounded to the nearest frame; frames < 2^32 and terms <= 1e9 keep this within 64 bits.
        if (frames > (1ull << 32)) return edit_error(text, "the sequence has too many frames to retime");
        length = (2 * last * e.numerator + e.denominator) / (2 * e.denominator) + 1;
      }
      if (length > max_frames || length > (1ull << 32)) {
        return edit_error(text, fmt::format("the result would have {} frames, more than the limit of {} (limits.max_frames)", length,
                                            max_frames));
      }
      // Frame g shows floor(g * (frames - 1) / (length - 1)): the first and the last stay where they are.
      if (length == 1) {
        m.pieces_.push_back({FramePiece::Kind::hold, 0, 1, 0});
      } else {
        m.pieces_.push_back({FramePiece::Kind::scaled, 0, length, 0, last, length - 1});
      }
      break;
    }
  }
  m.frame_count_ = m.pieces_.back().end;
  if (m.frame_count_ > max_frames) {
    return edit_error(text, fmt::format("the result would have {} frames, more than the limit of {} (limits.max_frames)",
                                        m.frame_count_, max_frames));
  }
  return m;
}

std::uint64_t FrameMap::source(std::uint64_t frame) const {
  const auto it = std::upper_bound(pieces_.begin(), pieces_.end(), frame,
                                   [](std::uint64_t g, const FramePiece& p) { return g < p.end; });
  return it == pieces_.end() ? source_frames_ - 1 : source_in(*it, frame);
}

bool FrameMap::identity() const {
  if (frame_count_ != source_frames_) return false;
  return std::all_of(pieces_.begin(), pieces_.end(), [](const FramePiece& p) {
    switch (p.kind) {
      case FramePiece::Kind::forward: return p.from == p.begin;
      case FramePiece::Kind::hold: return p.end - p.begin == 1 && p.from == p.begin;
      case FramePiece::Kind::scaled: return p.numerator == p.denominator;
      case FramePiece::Kind::backward: return p.end - p.begin == 1 && p.from == p.begin;
    }
    return false;
  });
}

std::optional<std::size_t> governing_key(const std::vector<std::uint64_t>& frames, std::uint64_t frame) {
  const auto it = std::upper_bound(frames.begin(), frames.end(), frame);
  if (it == frames.begin()) return std::nullopt;
  return std::size_t(it - frames.begin() - 1);
}

RetimedTrack retime_track(const std::vector<std::uint64_t>& frames, const FrameMap& map) {
  RetimedTrack out;
  std::optional<std::size_t> shown;  // the key governing the last new frame looked at
  auto look = [&](std::uint64_t g, std::uint64_t s) {
    const auto key = governing_key(frames, s);
    if (key == shown) return;
    shown = key;
    if (key) {
      out.keys.push_back({g, *key});
    } else if (!out.back_to_rest) {
      out.back_to_rest = g;
    }
  };
  // Keys with frames in [lo, hi].
  auto keys_within = [&](std::uint64_t lo, std::uint64_t hi) {
    return std::pair{std::lower_bound(frames.begin(), frames.end(), lo), std::upper_bound(frames.begin(), frames.end(), hi)};
  };
  for (const auto& p : map.pieces()) {
    const auto len = p.end - p.begin;
    look(p.begin, source_in(p, p.begin));
    switch (p.kind) {
      case FramePiece::Kind::hold: break;
      case FramePiece::Kind::forward: {
        // The key at k starts showing at the new frame whose source is k.
        const auto [a, b] = keys_within(p.from + 1, p.from + len - 1);
        for (auto it = a; it != b; ++it) look(p.begin + (*it - p.from), *it);
        break;
      }
      case FramePiece::Kind::backward: {
        // Going back, the key before k starts showing where the source falls to k - 1.
        if (len < 2) break;
        const auto [a, b] = keys_within(p.from - len + 2, p.from);
        for (auto it = b; it != a;) {
          --it;
          look(p.begin + (p.from - (*it - 1)), *it - 1);
        }
        break;
      }
      case FramePiece::Kind::scaled: {
        if (p.numerator == 0) break;
        const auto s_first = source_in(p, p.begin), s_last = source_in(p, p.end - 1);
        const auto [a, b] = keys_within(s_first + 1, s_last);
        for (auto it = a; it != b; ++it) {
          // The first g with floor(g * n / d) >= k: g = ceil(k * d / n).
          const auto g = (*it * p.denominator + p.numerator - 1) / p.numerator;
          look(g, source_in(p, g));
        }
        break;
      }
    }
  }
  return out;
}

}  // namespace anmkit::model
