// The C API's skeletal documents: the clip's bones, the skeleton's joints, and sampling into the
// caller's arrays.

#include <cmath>

#include "anmkit/model/rest_pose.hpp"
#include "anmkit/model/name_index.hpp"
#include "anmkit/model/sampler.hpp"
#include "capi_support.hpp"

using namespace anmkit;
using capi::fail;
using capi::guarded;
using capi::ok;

struct anmkit_sampler {
  model::Sampler sampler;
  model::Sampler::Cursor cursor;
  std::vector<model::BonePose> poses;  // one frame's, reused
  std::vector<model::RestPose> rest;  // each bone's, where its tracks say nothing
};

namespace anmkit::capi {

const Expected<anmkit_document::Skeletal>& skeletal(const anmkit_document& document) {
  auto& d = const_cast<anmkit_document&>(document);
  std::call_once(d.skeletal_once, [&d] {
    auto build = [&d]() -> Expected<anmkit_document::Skeletal> {
      if (!d.doc.format().skeletal) {
        return make_error(ErrorCode::unsupported, "not a skeletal animation");
      }
      auto clip = d.doc.sampling_clip();
      if (!clip) return clip.error();
      auto skeleton = d.doc.skeleton();
      if (!skeleton) return skeleton.error();
      anmkit_document::Skeletal s{std::move(*clip), std::move(*skeleton), {}};
      const model::NameIndex joints(s.skeleton.joints, [](const model::Joint& j) -> const std::string& { return j.name; });
      for (const model::BoneTrack& bone : s.clip->bones) s.bone_joint.push_back(joints.find(bone.name));
      return s;
    };
    d.skeletal.emplace(guard([&] { return build(); }));
  });
  return *d.skeletal;
}

anmkit_joint joint_of(const model::Joint& j) {
  anmkit_joint joint{};
  joint.name = j.name.c_str();
  joint.name_size = j.name.size();
  joint.parent = j.parent;
  joint.mirrored = j.mirrored ? 1 : 0;
  joint.translation[0] = j.translation.x, joint.translation[1] = j.translation.y, joint.translation[2] = j.translation.z;
  joint.rotation[0] = j.rotation.x, joint.rotation[1] = j.rotation.y, joint.rotation[2] = j.rotation.z;
  joint.rotation[3] = j.rotation.w;
  joint.scale[0] = j.scale.x, joint.scale[1] = j.scale.y, joint.scale[2] = j.scale.z;
  joint.shown = j.shown ? 1 : 0;
  return joint;
}

}  // namespace anmkit::capi

namespace {

// The skeletal parts of a document, or the error that says why there are none.
const anmkit_document::Skeletal* skeletal_of(const anmkit_document* document, anmkit_error* error,
                                             anmkit_status& status) {
  if (document == nullptr) {
    status = capi::null_argument(error, "document");
    return nullptr;
  }
  if (!document->doc.format().skeletal) {
    status = fail(error, ANMKIT_ERROR_WRONG_KIND,
                  std::string("a ") + std::string(document->doc.format().name) + " document has no skeleton or clip");
    return nullptr;
  }
  const auto& s = capi::skeletal(*document);
  if (!s) {
    status = fail(error, s.error());
    return nullptr;
  }
  return &*s;
}

bool fits(std::size_t capacity, std::size_t count, std::size_t bones) {
  return bones == 0 || (count <= capacity / bones);
}

void put(const anmkit_pose_arrays& out, std::size_t entry, const model::BonePose& p, const model::RestPose& rest,
         double frame) {
  const model::FilledPose pose = model::filled(p, rest, frame);
  const model::Vec3& t = pose.translation;
  const model::Quat& r = pose.rotation;
  const model::Vec3& s = pose.scale;
  if (out.translation != nullptr) {
    float* o = out.translation + 3 * entry;
    o[0] = t.x, o[1] = t.y, o[2] = t.z;
  }
  if (out.rotation != nullptr) {
    float* o = out.rotation + 4 * entry;
    o[0] = r.x, o[1] = r.y, o[2] = r.z, o[3] = r.w;
  }
  if (out.scale != nullptr) {
    float* o = out.scale + 3 * entry;
    o[0] = s.x, o[1] = s.y, o[2] = s.z;
  }
  if (out.visible != nullptr) out.visible[entry] = pose.visible ? 1 : 0;
  if (out.mirrored != nullptr) out.mirrored[entry] = pose.mirrored ? 1 : 0;
}

std::optional<anmkit_pose_arrays> pose_arrays(const anmkit_pose_arrays* given) {
  return capi::read_struct(given, anmkit_pose_arrays{sizeof(anmkit_pose_arrays), 0, nullptr, nullptr, nullptr, nullptr,
                                                     nullptr});
}

}  // namespace

extern "C" {

anmkit_status anmkit_clip_info_get(const anmkit_document* document, anmkit_clip_info* out, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = skeletal_of(document, error, status);
    if (s == nullptr) return status;
    anmkit_clip_info info{};
    info.bone_count = std::uint32_t(s->clip->bones.size());
    info.joint_count = std::uint32_t(s->skeleton.joints.size());
    info.frame_count = s->clip->frame_count;
    info.loop = s->clip->loop ? 1 : 0;
    info.fps = s->clip->fps;
    const model::Quat& up = s->skeleton.to_y_up;
    info.up_rotation[0] = up.x, info.up_rotation[1] = up.y, info.up_rotation[2] = up.z, info.up_rotation[3] = up.w;
    info.metres_per_unit = s->skeleton.metres_per_unit;
    const model::Vec3& hand = s->skeleton.to_right_handed;
    info.to_right_handed[0] = hand.x, info.to_right_handed[1] = hand.y, info.to_right_handed[2] = hand.z;
    if (!capi::write_struct(out, info)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_bone_get(const anmkit_document* document, uint32_t index, anmkit_bone* out, anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = skeletal_of(document, error, status);
    if (s == nullptr) return status;
    if (index >= s->clip->bones.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "bone " + std::to_string(index) + " of " + std::to_string(s->clip->bones.size()));
    }
    const std::string& name = s->clip->bones[index].name;
    anmkit_bone bone{};
    bone.name = name.c_str();
    bone.name_size = name.size();
    bone.joint = s->bone_joint[index];
    if (!capi::write_struct(out, bone)) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_joint_get(const anmkit_document* document, uint32_t index, anmkit_joint* out,
                               anmkit_error* error) {
  return guarded(error, [&] {
    anmkit_status status = ANMKIT_OK;
    const auto* s = skeletal_of(document, error, status);
    if (s == nullptr) return status;
    if (index >= s->skeleton.joints.size()) {
      return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT,
                  "joint " + std::to_string(index) + " of " + std::to_string(s->skeleton.joints.size()));
    }
    if (!capi::write_struct(out, capi::joint_of(s->skeleton.joints[index]))) return capi::bad_struct(error, "out", out);
    return ok(error);
  });
}

anmkit_status anmkit_sampler_new(const anmkit_document* document, anmkit_sampler** out, anmkit_error* error) {
  return guarded(error, [&] {
    if (out == nullptr) return capi::null_argument(error, "out");
    *out = nullptr;
    anmkit_status status = ANMKIT_OK;
    const auto* s = skeletal_of(document, error, status);
    if (s == nullptr) return status;
    auto sampler = std::make_unique<anmkit_sampler>();
    sampler->sampler = model::Sampler(*s->clip);
    sampler->cursor = model::Sampler::Cursor(sampler->sampler);
    sampler->poses.resize(s->clip->bones.size());
    sampler->rest = model::rest_poses(*s->clip, s->skeleton);
    *out = sampler.release();
    return ok(error);
  });
}

void anmkit_sampler_free(anmkit_sampler* sampler) { delete sampler; }

anmkit_status anmkit_sample(anmkit_sampler* sampler, double frame, const anmkit_pose_arrays* out,
                            anmkit_error* error) {
  return guarded(error, [&] {
    if (sampler == nullptr) return capi::null_argument(error, "sampler");
    const auto arrays = pose_arrays(out);
    if (!arrays || out == nullptr) return capi::bad_struct(error, "out", out);
    if (!std::isfinite(frame)) return fail(error, ANMKIT_ERROR_INVALID_ARGUMENT, "the frame is not a finite number");
    const std::size_t bones = sampler->poses.size();
    if (arrays->capacity < bones) {
      return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                  "the arrays hold " + std::to_string(arrays->capacity) + " entries; the clip has " +
                      std::to_string(bones) + " bones");
    }
    sampler->sampler.sample(frame, sampler->poses, sampler->cursor);
    for (std::size_t b = 0; b < bones; ++b) put(*arrays, b, sampler->poses[b], sampler->rest[b], frame);
    return ok(error);
  });
}

anmkit_status anmkit_sample_frames(anmkit_sampler* sampler, uint32_t first, uint32_t count,
                                   const anmkit_pose_arrays* out, anmkit_error* error) {
  return guarded(error, [&] {
    if (sampler == nullptr) return capi::null_argument(error, "sampler");
    const auto arrays = pose_arrays(out);
    if (!arrays || out == nullptr) return capi::bad_struct(error, "out", out);
    const std::size_t bones = sampler->poses.size();
    if (!fits(arrays->capacity, count, bones)) {
      return fail(error, ANMKIT_ERROR_BUFFER_TOO_SMALL,
                  "the arrays hold " + std::to_string(arrays->capacity) + " entries; " + std::to_string(count) +
                      " frames of " + std::to_string(bones) + " bones need " +
                      std::to_string(std::uint64_t(count) * bones));
    }
    for (std::uint32_t i = 0; i < count; ++i) {
      const double frame = double(first) + double(i);
      sampler->sampler.sample(frame, sampler->poses, sampler->cursor);
      for (std::size_t b = 0; b < bones; ++b) {
        put(*arrays, std::size_t(i) * bones + b, sampler->poses[b], sampler->rest[b], frame);
      }
    }
    return ok(error);
  });
}

}  // extern "C"
