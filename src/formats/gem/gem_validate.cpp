#include "anmkit/formats/gem/gem_validate.hpp"

#include <cmath>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "anmkit/core/float_bits.hpp"
#include "anmkit/formats/gem/gem_mesh.hpp"

namespace anmkit::gem {
namespace {

class Checker {
 public:
  explicit Checker(const File& file) : file_(file) {}

  std::vector<Diagnostic> run() {
    check_header();
    // The accessors below assume a well-formed file: a malformed one is one error, nothing more.
    if (auto bad = find_malformed(file_)) {
      out_.push_back(Diagnostic{Severity::error, "gem.malformed-file", bad->message, std::nullopt, bad->pointer});
      return std::move(out_);
    }
    choose_duplicate_check();
    std::int64_t previous_frame = -1;
    for (std::size_t fi = 0; fi < file_.frames.size(); ++fi) {
      const Frame& frame = file_.frames[fi];
      auto pointer = [fi] { return fmt::format("/frames/{}", fi); };
      const std::int64_t number = frame_number(frame);
      if (is_known_version(file_.version) && !version_allows(file_.version, frame.chunk)) {
        add(Severity::error, "gem.chunk-not-in-version", frame.offset, pointer(),
            fmt::format("{} frame chunk in a version {} file", chunk_tag(frame.chunk),
                        version_name(file_.version)));
      }
      if (number < 0) {
        add(Severity::error, "gem.negative-frame", frame.offset, pointer(),
            fmt::format("negative frame number {}", number));
        continue;
      }
      if (number < previous_frame) {
        add(Severity::warning, "gem.frames-not-ascending", frame.offset, pointer(),
            fmt::format("frame {} comes after frame {}", number, previous_frame));
      }
      previous_frame = number;
      if (frame.chunk == FrameChunk::frmn) {
        check_frmn(frame, fi, std::uint32_t(number));
      } else {
        check_keyed(frame, fi);
      }
    }
    return std::move(out_);
  }

 private:
  static std::int64_t frame_number(const Frame& frame) {
    return frame.chunk == FrameChunk::frmn ? std::int64_t(std::int32_t(frame.number)) : std::int64_t(frame.number);
  }

  // Duplicate keys: when the frame numbers never go down (as in nearly every file), a (frame,
  // bone) pair seen before is one whose bone was last keyed at this very frame, so one number
  // per bone answers; otherwise every pair is remembered in a set. (A set insertion per key,
  // with its allocation, was 80% of the time of validating a clean file.)
  void choose_duplicate_check() {
    std::int64_t previous = -1;
    for (const Frame& frame : file_.frames) {
      const std::int64_t number = frame_number(frame);
      if (number < 0) continue;  // skipped by run(): such a frame's keys are not checked
      if (number < previous) return;
      previous = number;
    }
    last_keyed_.assign(file_.bones.size(), -1);
    ascending_ = true;
  }

  // Whether this bone was keyed at this frame before; records that it now is.
  bool seen(std::uint32_t frame, std::int64_t bone) {
    if (!ascending_) return !keyed_.insert({frame, bone}).second;
    std::int64_t& last = last_keyed_[std::size_t(bone)];
    const bool again = last == std::int64_t(frame);
    last = frame;
    return again;
  }

  void add(Severity s, const char* id, std::uint64_t offset, std::string pointer, std::string message) {
    out_.push_back(Diagnostic{s, id, std::move(message), offset, std::move(pointer)});
  }

  void check_header() {
    if (!is_known_version(file_.version)) {
      add(Severity::error, "gem.unknown-version", 4, "/version",
          fmt::format("unknown version {} (expected 3.0, 4.0, 5.0, 6.0 or 6.1)",
                      version_name(file_.version)));
    }
    if (file_.version >= version_6_0 && file_.bones.size() > 256) {
      add(Severity::warning, "gem.bones-unaddressable", 0, "/bones",
          fmt::format("{} bones, but key bone indices are a byte: bones past 255 cannot be keyed",
                      file_.bones.size()));
    }
    for (std::size_t i = 0; i < file_.bones.size(); ++i) {
      const BoneName& b = file_.bones[i];
      if (b.reserved != 0) {
        add(Severity::warning, "gem.reserved-bits", b.offset, fmt::format("/bones/{}/reserved", i),
            fmt::format("bone '{}' has reserved name-prefix bits 0x{:06x} set", b.name, b.reserved));
      }
      if (b.name.empty()) {
        add(Severity::warning, "gem.empty-name", b.offset, fmt::format("/bones/{}/name", i),
            fmt::format("bone {} has an empty name", i));
      }
    }
  }

  std::string bone_label(std::int64_t index) const {
    if (index >= 0 && std::size_t(index) < file_.bones.size()) {
      return fmt::format("bone {} '{}'", index, file_.bones[std::size_t(index)].name);
    }
    return fmt::format("bone {}", index);
  }

  // Pointers are formatted only for findings (`where` builds one): these checks run per key.
  // Common checks of one bone's record at one frame; false when the bone is not in BMAP.
  template <class Where>
  bool check_bone(std::int64_t bone, std::uint32_t frame, std::uint64_t offset, Where&& where) {
    if (frame >= file_.frame_count) {
      add(Severity::warning, "gem.key-past-end", offset, where(""),
          fmt::format("key of {} at frame {} is past the last frame {} (frame count {})",
                      bone_label(bone), frame, std::int64_t(file_.frame_count) - 1, file_.frame_count));
    }
    if (bone < 0 || std::size_t(bone) >= file_.bones.size()) {
      add(Severity::warning, "gem.bone-past-bmap", offset, where(""),
          fmt::format("key of bone {} but the bone map has {} bones", bone, file_.bones.size()));
      return false;
    }
    if (seen(frame, bone)) {
      add(Severity::warning, "gem.duplicate-key", offset, where(""),
          fmt::format("{} is keyed twice at frame {}", bone_label(bone), frame));
    }
    return true;
  }

  template <class Where>
  void check_floats(const std::uint32_t* bits, std::size_t count, std::uint64_t offset, Where&& where,
                    const char* what) {
    if (all_finite(bits, count)) return;  // the common case, without a branch per value
    for (std::size_t i = 0; i < count; ++i) {
      if (!std::isfinite(float_from_bits(bits[i]))) {
        add(Severity::warning, "gem.non-finite", offset, where(),
            fmt::format("{} holds a non-finite value (bits 0x{:08x})", what, bits[i]));
        return;
      }
    }
  }

  template <class Where>
  void check_mesh(const Bytes& payload, std::uint64_t offset, Where&& where) {
    if (!parse_mesh_header(payload)) {
      add(Severity::warning, "gem.mesh-header", offset, where(),
          fmt::format("mesh payload of {} bytes is shorter than its 8-byte header", payload.size()));
    }
  }

  // Key offsets follow from the frame's and the sizes of the keys before.
  void check_keyed(const Frame& frame, std::size_t fi) {
    std::uint64_t offset = frame.offset + frame_header_size(frame, file_.frame_count);
    const auto keys = file_.keys_of(frame);
    // The frame's values are one run (find_malformed checked): one branch-free scan of it stands
    // for the per-vector checks, which then run only when it finds a non-finite value.
    bool finite = true;
    if (!keys.empty()) {
      const auto last = file_.values_of(keys.back());
      const std::uint32_t* first = file_.values.data() + keys.front().first_value;
      finite = all_finite(first, std::size_t(last.data() + last.size() - first));
    }
    for (std::size_t ki = 0; ki < keys.size(); ++ki) {
      const Key& key = keys[ki];
      auto where = [fi, ki](const char* field) {
        return fmt::format("/frames/{}/keys/{}{}{}", fi, ki, *field ? "/" : "", field);
      };
      auto at = [&where](const char* field) { return [&where, field] { return where(field); }; };
      check_bone(key.bone, frame.number, offset, where);
      if (key.flags & ~flag::known) {
        add(Severity::warning, "gem.unknown-flags", offset, where("flags"),
            fmt::format("key flags 0x{:04x} include unknown bits 0x{:04x}", key.flags,
                        key.flags & ~flag::known));
      }
      if ((key.flags & flag::visible) && (key.flags & flag::hidden)) {
        add(Severity::warning, "gem.visibility-conflict", offset, where("flags"),
            fmt::format("key flags 0x{:04x} both show (0x08) and hide (0x10) the bone", key.flags));
      }
      if (!finite) {
        if (auto p = file_.position(key)) check_floats(p->data(), 3, offset, at("position"), "position");
        if (auto sc = file_.scale(key)) check_floats(sc->data(), 3, offset, at("scale"), "scale");
      }
      if (auto o = file_.orientation(key)) {
        if (!finite) check_floats(o->data(), 3, offset, at("orientation"), "orientation");
        double sum = 0;
        for (auto b : *o) sum += double(float_from_bits(b)) * float_from_bits(b);
        if (sum > 1.0 + 1e-4) {
          add(Severity::warning, "gem.non-unit-rotation", offset, where("orientation"),
              fmt::format("orientation x² + y² + z² = {:.6g} exceeds 1: w cannot be rebuilt", sum));
        }
      }
      // key_size(), spelled out: it is out of line, and a call per key was 10% of the time.
      std::uint64_t size = 3 + 12 * flag::vectors(key.flags);
      if (const Bytes* m = file_.mesh(key)) {
        check_mesh(*m, offset, at("mesh"));
        size += 4 + m->size();
      }
      offset += size;
    }
  }

  template <class Where>
  void check_matrix(const Matrix34Bits& bits, std::uint64_t offset, Where&& where) {
    check_floats(bits.data(), 12, offset, where, "matrix");
    double axis[3][3];
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) axis[r][c] = float_from_bits(bits[std::size_t(r * 3 + c)]);
    }
    // Squared, without sqrt or division (which were most of FRMN's time): rows whose cosine is
    // at most half the limit pass here; the exact test below decides every other case. (Squares
    // of float-sized values neither overflow nor underflow a double; NaN fails the comparison.)
    double square[3];
    for (int a = 0; a < 3; ++a) square[a] = axis[a][0] * axis[a][0] + axis[a][1] * axis[a][1] + axis[a][2] * axis[a][2];
    unsigned near_perpendicular = 1;  // `&`: no branch per pair
    for (int a = 0; a < 3; ++a) {
      for (int b = a + 1; b < 3; ++b) {
        const double dot = axis[a][0] * axis[b][0] + axis[a][1] * axis[b][1] + axis[a][2] * axis[b][2];
        near_perpendicular &= unsigned(dot * dot <= 0.25e-6 * square[a] * square[b]);
      }
    }
    if (near_perpendicular != 0) return;
    for (int a = 0; a < 3; ++a) {
      for (int b = a + 1; b < 3; ++b) {
        const double dot = axis[a][0] * axis[b][0] + axis[a][1] * axis[b][1] + axis[a][2] * axis[b][2];
        const double la = std::sqrt(axis[a][0] * axis[a][0] + axis[a][1] * axis[a][1] + axis[a][2] * axis[a][2]);
        const double lb = std::sqrt(axis[b][0] * axis[b][0] + axis[b][1] * axis[b][1] + axis[b][2] * axis[b][2]);
        if (la > 0 && lb > 0 && std::fabs(dot / (la * lb)) > 1e-3) {
          add(Severity::warning, "gem.matrix-shear", offset, where(),
              fmt::format("matrix rows {} and {} are not perpendicular (shear is lost on conversion)", a, b));
          return;
        }
      }
    }
  }

  // Record offsets follow from the frame's and the sizes of the records before.
  void check_frmn(const Frame& frame, std::size_t fi, std::uint32_t number) {
    std::uint64_t offset = frame.offset + frame_header_size(frame, file_.frame_count);
    const auto records = file_.records_of(frame);
    for (std::size_t bi = 0; bi < records.size(); ++bi) {
      const FrmnBone& bone = records[bi];
      const std::uint64_t bone_offset = offset;
      const auto items = file_.items_of(bone);
      offset += 8;  // BONE and its index
      auto pointer = [fi, bi] { return fmt::format("/frames/{}/bones/{}", fi, bi); };
      if (bone.index < 0) {
        add(Severity::error, "gem.negative-bone", bone_offset, pointer(),
            fmt::format("negative bone index {}", bone.index));
        for (const FrmnItem& item : items) offset += item_size(file_, item);
        continue;
      }
      check_bone(bone.index, number, bone_offset, [&pointer](const char*) { return pointer(); });
      for (std::size_t ii = 0; ii < items.size(); ++ii) {
        const FrmnItem& item = items[ii];
        auto item_pointer = [fi, bi, ii](const char* field) {
          return fmt::format("/frames/{}/bones/{}/items/{}/{}", fi, bi, ii, field);
        };
        switch (item.kind) {
          case ItemKind::matrix:
            check_matrix(file_.matrix(item), offset, [&item_pointer] { return item_pointer("matrix"); });
            break;
          case ItemKind::visibility:
            if (const std::int32_t v = file_.visibility(item); v != 0 && v != 1) {
              add(Severity::warning, "gem.visi-value", offset, item_pointer("visibility"),
                  fmt::format("VISI value {} (expected 0 or 1)", v));
            }
            break;
          case ItemKind::mesh:
            check_mesh(file_.mesh(item), offset, [&item_pointer] { return item_pointer("mesh"); });
            break;
        }
        offset += item_size(file_, item);
      }
    }
  }

  const File& file_;
  std::vector<Diagnostic> out_;
  bool ascending_ = false;                                   // frame numbers never go down
  std::vector<std::int64_t> last_keyed_;                     // when ascending: frame each bone was last keyed at
  std::set<std::pair<std::uint32_t, std::int64_t>> keyed_;  // otherwise: (frame, bone) seen
};

}  // namespace

std::vector<Diagnostic> validate(const File& file) { return Checker(file).run(); }

}  // namespace anmkit::gem
