#include "anmkit/model/clip.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

namespace anmkit::model {
namespace {

// The last key at or before `frame`, or nullptr.
template <class K>
const K* key_at(const std::vector<K>& keys, std::uint32_t frame) {
  auto it = std::upper_bound(keys.begin(), keys.end(), frame,
                             [](std::uint32_t f, const K& k) { return f < k.frame; });
  return it == keys.begin() ? nullptr : &*std::prev(it);
}

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const Quat& q) { return finite(Vec3{q.x, q.y, q.z}) && std::isfinite(q.w); }

struct Checker {
  std::vector<Diagnostic>& out;
  void add(Severity s, std::string id, std::string pointer, std::string message) {
    out.push_back(Diagnostic{s, std::move(id), std::move(message), std::nullopt, std::move(pointer)});
  }
};

template <class K, class ValueCheck>
void check_track(Checker& c, const Clip& clip, std::size_t bone, const char* track,
                 const std::vector<K>& keys, ValueCheck value_check) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string pointer = fmt::format("/bones/{}/{}/{}", bone, track, i);
    if (i > 0 && keys[i].frame <= keys[i - 1].frame) {
      c.add(Severity::error, "clip.keys-not-ascending", pointer,
            fmt::format("{} key at frame {} does not come after frame {}", track, keys[i].frame,
                        keys[i - 1].frame));
    }
    if (keys[i].frame >= clip.frame_count) {
      c.add(Severity::warning, "clip.key-past-end", pointer,
            fmt::format("{} key at frame {} is past the last frame {}", track, keys[i].frame,
                        std::int64_t(clip.frame_count) - 1));
    }
    value_check(pointer, keys[i]);
  }
}

}  // namespace

bool names_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return ascii_lower(x) == ascii_lower(y);
         });
}

std::vector<Diagnostic> Clip::validate() const {
  std::vector<Diagnostic> out;
  Checker c{out};
  std::unordered_map<std::string, std::size_t> seen;
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const BoneTrack& t = bones[b];
    if (t.name.empty()) {
      c.add(Severity::error, "clip.empty-name", fmt::format("/bones/{}/name", b), "bone has no name");
    }
    std::string lower = t.name;
    std::transform(lower.begin(), lower.end(), lower.begin(), ascii_lower);
    if (auto [it, inserted] = seen.emplace(lower, b); !inserted) {
      c.add(Severity::warning, "clip.duplicate-name", fmt::format("/bones/{}/name", b),
            fmt::format("bone name '{}' is also bone {}", t.name, it->second));
    }
    auto vec_check = [&](const char* what) {
      return [&c, what](const std::string& pointer, const Key<Vec3>& k) {
        if (!finite(k.value)) c.add(Severity::error, "clip.non-finite", pointer, fmt::format("{} is not finite", what));
      };
    };
    check_track(c, *this, b, "translation", t.translation, vec_check("translation"));
    check_track(c, *this, b, "scale", t.scale, vec_check("scale"));
    check_track(c, *this, b, "rotation", t.rotation, [&c](const std::string& pointer, const Key<Quat>& k) {
      if (!finite(k.value)) {
        c.add(Severity::error, "clip.non-finite", pointer, "rotation is not finite");
        return;
      }
      const Quat& q = k.value;
      const double length = std::sqrt(double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z + double(q.w) * q.w);
      if (std::fabs(length - 1.0) > 1e-3) {
        c.add(Severity::error, "clip.non-unit-rotation", pointer,
              fmt::format("rotation has length {:.6g}, expected 1", length));
      }
    });
    auto no_check = [](const std::string&, const auto&) {};
    check_track(c, *this, b, "visible", t.visible, no_check);
    check_track(c, *this, b, "mirrored", t.mirrored, no_check);
    check_track(c, *this, b, "mesh", t.mesh, no_check);
  }
  return out;
}

std::vector<BonePose> sample(const Clip& clip, std::uint32_t frame) {
  std::vector<BonePose> poses(clip.bones.size());
  for (std::size_t b = 0; b < clip.bones.size(); ++b) {
    const BoneTrack& t = clip.bones[b];
    BonePose& p = poses[b];
    if (auto* k = key_at(t.translation, frame)) { p.translation = k->value; p.has_translation = true; }
    if (auto* k = key_at(t.rotation, frame)) { p.rotation = k->value; p.has_rotation = true; }
    if (auto* k = key_at(t.scale, frame)) { p.scale = k->value; p.has_scale = true; }
    if (auto* k = key_at(t.visible, frame)) p.visible = k->value;
    if (auto* k = key_at(t.mirrored, frame)) p.mirrored = k->value;
  }
  return poses;
}

}  // namespace anmkit::model
