#include "anmkit/formats/lm/lm_validate.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"

namespace anmkit::lm {
namespace {

class Checker {
 public:
  explicit Checker(const File& file) : file_(file), layout_(layout_of(file)) {}

  std::vector<Diagnostic> run() {
    if (file_.version != 1 && file_.version != 2) {
      add(Severity::warning, "lm.unknown-version", 0, "/version", fmt::format("version {} (known: 1 and 2)", file_.version));
    }
    if (file_.loop > 1) {
      add(Severity::warning, "lm.loop-value", 1, "/loop", fmt::format("loop byte {} (expected 0 or 1)", file_.loop));
    }
    if (file_.padding != 0) {
      add(Severity::warning, "lm.reserved-bits", 2, "/padding", fmt::format("header padding is 0x{:04x}, not 0", file_.padding));
    }
    if (!file_.lead.empty()) {
      add(Severity::warning, "lm.unreferenced-bytes", header_size, "/lead",
          fmt::format("{} bytes between the header and the first region belong to nothing", file_.lead.size()));
    }
    for (ArrayKind kind : array_kinds) {
      if (!file_.array_tails[std::size_t(kind)].empty()) {
        add(Severity::warning, "lm.unreferenced-bytes", layout_.end[std::size_t(region_of(kind))] - file_.array_tails[std::size_t(kind)].size(),
            fmt::format("/tails/{}", array_name(kind)),
            fmt::format("the {} array ends with {} bytes that are not a whole float", array_name(kind),
                        file_.array_tails[std::size_t(kind)].size()));
      }
    }
    for (std::size_t n = 0; n < file_.groups.size(); ++n) {
      for (std::size_t slot = 0; slot < 9; ++slot) check_track(n, slot);
    }
    return std::move(out_);
  }

 private:
  void add(Severity s, const char* id, std::uint64_t offset, std::string pointer, std::string message) {
    out_.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  }

  float array_float(ArrayKind kind, std::uint64_t float_index) const {
    return float_from_bits(file_.arrays[std::size_t(kind)][std::size_t(float_index)]);
  }

  void check_track(std::size_t n, std::size_t slot) {
    const Track& t = file_.groups[n].tracks[slot];
    const std::uint64_t at = layout_.start[std::size_t(Region::groups)] + n * group_size + slot * 6;
    auto pointer = [&] { return fmt::format("/groups/{}/{}", n, track_names[slot]); };
    auto label = [&] { return fmt::format("track {} of node {}", track_names[slot], n); };
    if (t.flag != 0 && t.flag != flag_out_slope) {
      add(Severity::warning, "lm.unknown-flag", at + 4, pointer(),
          fmt::format("{} has unknown flag 0x{:04x} (kept; its keys are read as 3 floats)", label(), t.flag));
    }
    if (t.count == 0) return;
    if (t.flag == flag_out_slope && t.count < 2) {
      add(Severity::warning, "lm.flag-without-keys", at + 4, pointer(),
          fmt::format("{} has flag 0x80 but {} value{}, no keys", label(), t.count, t.count == 1 ? "" : "s"));
    }
    const ArrayKind kind = track_kind(slot);
    const std::size_t per_key = t.flag == flag_out_slope ? 4 : 3;
    const std::uint64_t floats = t.count == 1 ? 1 : std::uint64_t(t.count) * per_key;
    const std::uint64_t available = file_.arrays[std::size_t(kind)].size();
    if (t.index + floats > available) {
      add(Severity::error, "lm.track-outside-array", at, pointer(),
          fmt::format("{} needs floats {}..{} of the {} array, which has {}", label(), t.index,
                      t.index + floats - 1, array_name(kind), available));
      return;
    }
    const std::uint64_t data_at = layout_.array_offset(kind) + 4ull * t.index;
    // Clean tracks, nearly all of them, are passed by branch-free scans; the loops that name the
    // culprit run only when a scan fails, so they alone decide what is reported.
    const std::uint32_t* data = file_.arrays[std::size_t(kind)].data() + t.index;
    if (!all_finite(data, std::size_t(floats))) report_non_finite(t, kind, floats, data_at, pointer, label);
    if (t.count == 1 || keys_in_order(data, t.count, per_key)) return;
    report_key_order(t, kind, per_key, data_at, pointer, label);
  }

  // Whether every key frame comes after the one before and lies in 0..frame_count (false for
  // NaN): exactly when report_key_order finds nothing.
  bool keys_in_order(const std::uint32_t* data, std::uint64_t count, std::size_t per_key) const {
    const double last = file_.frame_count;
    double previous = -std::numeric_limits<double>::infinity();
    unsigned ok = 1;  // `&`, not `&&`: no branch per key
    for (std::uint64_t k = 0; k < count; ++k) {
      const double frame = float_from_bits(data[k * per_key]);
      ok &= unsigned(frame > previous) & unsigned(frame >= 0) & unsigned(frame <= last);
      previous = frame;
    }
    return ok != 0;
  }

  template <class Pointer, class Label>
  void report_non_finite(const Track& t, ArrayKind kind, std::uint64_t floats, std::uint64_t data_at,
                         Pointer& pointer, Label& label) {
    for (std::uint64_t i = 0; i < floats; ++i) {
      if (!std::isfinite(array_float(kind, t.index + i))) {
        add(Severity::warning, "lm.non-finite", data_at + 4 * i, pointer(),
            fmt::format("{} holds a non-finite value (bits 0x{:08x})", label(),
                        file_.arrays[std::size_t(kind)][std::size_t(t.index + i)]));
        break;
      }
    }
  }

  template <class Pointer, class Label>
  void report_key_order(const Track& t, ArrayKind kind, std::size_t per_key, std::uint64_t data_at,
                        Pointer& pointer, Label& label) {
    double previous = 0;
    for (std::uint64_t k = 0; k < t.count; ++k) {
      const double frame = array_float(kind, t.index + k * per_key);
      const std::uint64_t key_at = data_at + 4 * k * per_key;
      if (k > 0 && !(frame > previous)) {
        add(Severity::error, "lm.keys-not-ascending", key_at, pointer(),
            fmt::format("{}: key {} at frame {:g} does not come after frame {:g}", label(), k, frame, previous));
      }
      if (frame < 0 || frame > file_.frame_count) {
        add(Severity::warning, "lm.key-outside-frames", key_at, pointer(),
            fmt::format("{}: key {} at frame {:g} is outside 0..{}", label(), k, frame, file_.frame_count));
      }
      previous = frame;
    }
  }

  const File& file_;
  Layout layout_;
  std::vector<Diagnostic> out_;
};

}  // namespace

std::vector<Diagnostic> validate(const File& file) { return Checker(file).run(); }

}  // namespace anmkit::lm
