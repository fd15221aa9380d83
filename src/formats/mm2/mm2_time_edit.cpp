#include "anmkit/formats/mm2/mm2_time_edit.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace anmkit::mm2 {

namespace {

using model::TimeEdit;

// The longest delay a step can hold: FF inside a block would begin the next one.
constexpr std::uint64_t longest_delay = 0xfe;

// Ticks of the result showing one source step.
struct Run {
  std::size_t step = 0;
  std::uint64_t ticks = 0;
};

class Editor {
 public:
  Editor(const File& file, const TimeEdit& edit) : in_(file), edit_(edit), text_(model::time_edit_text(edit)) {}

  Expected<TimeEdited> run(const ReadLimits& limits) {
    TimeEdited out;
    out.file = in_;
    if (edit_.sequence && *edit_.sequence >= in_.blocks.size()) {
      return make_error(ErrorCode::bad_value, fmt::format("time edit '{}': the file has {} sequences ({})", text_, in_.blocks.size(),
                                                          in_.blocks.empty() ? std::string("none")
                                                                             : fmt::format("@0 to @{}", in_.blocks.size() - 1)));
    }
    bool changed = false;
    std::size_t dropped = 0, already_loop = 0, edited = 0;
    for (std::size_t b = 0; b < in_.blocks.size(); ++b) {
      if (edit_.sequence && *edit_.sequence != b) continue;
      Sequence seq = parse_sequence(in_.blocks[b]);
      if (seq.steps.empty()) {
        if (edit_.sequence) return make_error(ErrorCode::bad_value, fmt::format("time edit '{}': sequence {} has no steps", text_, b));
        continue;
      }
      ++edited;
      std::uint64_t total = 0;
      for (const Step& s : seq.steps) total += step_ticks(s);
      if (total > limits.max_frames) {
        return make_error(ErrorCode::too_large, fmt::format("time edit '{}': sequence {} is {} ticks long, more than the limit of {} "
                                                            "(limits.max_frames)",
                                                            text_, b, total, limits.max_frames));
      }
      if (edit_.kind == TimeEdit::Kind::loop && seq.steps.back().state == seq.steps.front().state) {
        ++already_loop;
        continue;
      }
      auto runs = edit_.kind == TimeEdit::Kind::retime ? retimed(seq, total, b, limits, dropped) : mapped(seq, total, b, limits, dropped);
      if (!runs) return runs.error();
      if (runs->empty()) continue;  // the edit maps every tick to itself
      std::vector<Step> steps;
      for (const Run& r : *runs) emit(steps, seq, r);
      if (steps == seq.steps) continue;
      seq.steps = std::move(steps);
      out.file.blocks[b] = encode_sequence(seq);
      changed = true;
    }
    if (already_loop > 0) {
      out.notes.push_back(already_loop == edited ? std::string("the last frame already equals the first: nothing to add")
                                                 : fmt::format("{} {} already {} with the state {} begins with: nothing added to {}",
                                                               already_loop, already_loop == 1 ? "sequence" : "sequences",
                                                               already_loop == 1 ? "ends" : "end", already_loop == 1 ? "it" : "each",
                                                               already_loop == 1 ? "it" : "them"));
    }
    if (dropped > 0) {
      out.notes.push_back(fmt::format("{} {} that no tick of the result shows {} left out", dropped, dropped == 1 ? "step" : "steps",
                                      dropped == 1 ? "was" : "were"));
    }
    if (!changed) {
      out.file = in_;
      out.unchanged = true;
    }
    return out;
  }

 private:
  const File& in_;
  const TimeEdit& edit_;
  std::string text_;

  Error in_sequence(std::size_t b, const Error& e) const {
    return make_error(e.code, fmt::format("sequence {}: {}", b, e.message));
  }

  // Durations scaled: each step's end moves to round(end x new / old); an empty step is dropped.
  Expected<std::vector<Run>> retimed(const Sequence& seq, std::uint64_t total, std::size_t b, const ReadLimits& limits,
                                     std::size_t& dropped) const {
    // Checks the factor and the result's length as every format does (its length is in frames).
    if (auto map = model::FrameMap::of(edit_, total, limits.max_frames); !map) return in_sequence(b, map.error());
    // total <= limits.max_frames < 2^32 and terms <= 1e9: within 64 bits.
    const std::uint64_t length = edit_.length != 0 ? edit_.length : (2 * total * edit_.numerator + edit_.denominator) / (2 * edit_.denominator);
    if (length > limits.max_frames) {
      return in_sequence(b, make_error(ErrorCode::too_large, fmt::format("time edit '{}': the result would be {} ticks long, more than "
                                                                         "the limit of {} (limits.max_frames)",
                                                                         text_, length, limits.max_frames)));
    }
    if (length == total) return std::vector<Run>{};
    std::vector<Run> runs;
    std::uint64_t end = 0, new_end = 0;
    for (std::size_t i = 0; i < seq.steps.size(); ++i) {
      end += step_ticks(seq.steps[i]);
      const std::uint64_t moved = (2 * end * length + total) / (2 * total);
      if (moved > new_end) {
        runs.push_back({i, moved - new_end});
        new_end = moved;
      } else {
        ++dropped;
      }
    }
    return runs;
  }

  // The ticks mapped as the hold rule shows them (model::retime_track on the steps' starts).
  Expected<std::vector<Run>> mapped(const Sequence& seq, std::uint64_t total, std::size_t b, const ReadLimits& limits,
                                    std::size_t& dropped) const {
    auto map = model::FrameMap::of(edit_, total, limits.max_frames);
    if (!map) return in_sequence(b, map.error());
    if (map->identity()) return std::vector<Run>{};
    std::vector<std::uint64_t> starts;
    starts.reserve(seq.steps.size());
    std::uint64_t at = 0;
    for (const Step& s : seq.steps) {
      starts.push_back(at);
      at += step_ticks(s);
    }
    const auto moved = model::retime_track(starts, *map);
    std::vector<Run> runs;
    std::vector<bool> shown(seq.steps.size());
    for (std::size_t k = 0; k < moved.keys.size(); ++k) {
      const auto next = k + 1 < moved.keys.size() ? moved.keys[k + 1].frame : map->frame_count();
      runs.push_back({moved.keys[k].key, next - moved.keys[k].frame});
      shown[moved.keys[k].key] = true;
    }
    dropped += std::size_t(std::count(shown.begin(), shown.end(), false));
    return runs;
  }

  // A run as steps: its source step's own bytes when it lasts as long, else steps of at most 254 ticks.
  static void emit(std::vector<Step>& out, const Sequence& seq, const Run& r) {
    const Step& s = seq.steps[r.step];
    if (r.ticks == step_ticks(s)) {
      out.push_back(s);
      return;
    }
    for (std::uint64_t left = r.ticks; left > 0;) {
      const auto d = std::min(left, longest_delay);
      out.push_back({s.state, std::uint8_t(d)});
      left -= d;
    }
  }
};

}  // namespace

Expected<TimeEdited> edit_time(const File& file, const model::TimeEdit& edit, const ReadLimits& limits) {
  return Editor(file, edit).run(limits);
}

}  // namespace anmkit::mm2
