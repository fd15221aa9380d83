#include "fidelity.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/float_bits.hpp"
#include "anmkit/core/json_input.hpp"
#include "anmkit/gltf/gltf_import.hpp"
#include "anmkit/image/png.hpp"
#include "anmkit/image/texture.hpp"
#include "anmkit/image/texture_dds.hpp"
#include "anmkit/image/texture_tga.hpp"
#include "anmkit/formats/gem/gem_clip.hpp"
#include "anmkit/formats/gem/gem_info.hpp"
#include "anmkit/formats/gem/gem_json.hpp"
#include "anmkit/formats/gem/gem_read.hpp"
#include "anmkit/formats/gem/gem_time_edit.hpp"
#include "anmkit/formats/mm2/mm2_time_edit.hpp"
#include "anmkit/formats/gem/gem_validate.hpp"
#include "anmkit/formats/gem/gem_write.hpp"
#include "anmkit/formats/gem/armour_json.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/formats/gem/mesh/mtl_json.hpp"
#include "anmkit/formats/gem/mesh/mtl_read.hpp"
#include "anmkit/formats/gem/mesh/mtl_validate.hpp"
#include "anmkit/formats/gem/mesh/mtl_write.hpp"
#include "anmkit/formats/gem/mesh/ply_info.hpp"
#include "anmkit/formats/gem/mesh/ply_json.hpp"
#include "anmkit/formats/gem/mesh/ply_read.hpp"
#include "anmkit/formats/gem/mesh/ply_validate.hpp"
#include "anmkit/formats/gem/mesh/ply_vertices.hpp"
#include "anmkit/formats/gem/mesh/ply_write.hpp"
#include "anmkit/formats/gem/mesh/vol_json.hpp"
#include "anmkit/formats/gem/mesh/vol_validate.hpp"
#include "anmkit/formats/gem/mesh/volume_mesh.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_time_edit.hpp"
#include "anmkit/formats/lm/lm_curves.hpp"
#include "anmkit/formats/lm/lm_info.hpp"
#include "anmkit/formats/lm/lm_json.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "anmkit/formats/mm2/mm2_codec.hpp"
#include "anmkit/formats/mm2/mm2_compose.hpp"
#include "anmkit/formats/mm2/mm2_import.hpp"
#include "anmkit/formats/mm2/mm2_info.hpp"
#include "anmkit/formats/mm2/mm2_json.hpp"
#include "anmkit/formats/mm2/mm2_read.hpp"
#include "anmkit/formats/mm2/mm2_validate.hpp"
#include "anmkit/formats/mm2/mm2_write.hpp"
#include "anmkit/model/sampler.hpp"
#include "../src/model/pose_quaternions.hpp"  // every code of the Euler step, not only the best

namespace anmkit::fuzz {
namespace {

using Result = std::optional<std::string>;

// Small limits keep each execution fast; the limits themselves are tested elsewhere.
ReadLimits fuzz_limits() {
  ReadLimits l;
  l.max_input_bytes = 1 << 20;
  l.max_frames = 4096;
  l.max_bones = 1024;
  l.max_keys = 1 << 16;
  l.max_pixels = 1 << 18;
  l.max_sequences = 256;
  return l;
}

// A read failure must say where: a byte offset, or (JSON structure) a pointer.
Result check_error(const Error& e, std::size_t size, std::string_view what) {
  if (!e.offset && e.pointer.empty()) return fmt::format("{}: error without an offset or a pointer: {}", what, e.message);
  if (!e.offset) return std::nullopt;
  if (*e.offset > size) return fmt::format("{}: error offset {} past the input's {} bytes", what, *e.offset, size);
  if (e.message.empty()) return fmt::format("{}: error without a message", what);
  return std::nullopt;
}

template <class File, class ToJson, class FromJson>
Result check_json_round_trip(const File& file, ToJson to_json, FromJson from_json, std::string_view what) {
  const std::string text = to_json(file).dump();
  const auto reparsed = from_json(nlohmann::ordered_json::parse(text), fuzz_limits());  // the limits it was read under
  if (!reparsed) return fmt::format("{}: the dump does not build: {}", what, reparsed.error().to_string());
  if (!(*reparsed == file)) return fmt::format("{}: dump then build changed the model", what);
  return std::nullopt;
}

// The runtime sampler gives the one evaluator's pose, bit for bit, at frames on, between, before
// and past keys, with a cursor and without, and frame by frame (sample_frames); its Euler step
// in every code this CPU runs, not only the one it picks. Every NaN counts as one: its sign
// follows the operand order the compiler picks for a product, which differs between two inlined
// copies of the evaluator itself.
Result check_sampler(const model::Clip& clip, std::string_view what) {
  auto bits = [](const model::BonePose& p) {
    auto b = [](float f) { return f != f ? 0x7fc00000u : std::bit_cast<std::uint32_t>(f); };
    return std::array<std::uint32_t, 19>{
        b(p.translation.x), b(p.translation.y), b(p.translation.z), b(p.rotation.x), b(p.rotation.y),
        b(p.rotation.z),    b(p.rotation.w),    b(p.scale.x),       b(p.scale.y),    b(p.scale.z),
        b(p.euler.x),       b(p.euler.y),       b(p.euler.z),       p.visible,       p.mirrored,
        p.has_translation,  p.has_rotation,     p.has_scale,        p.has_euler};
  };
  auto differs = [&](std::span<const model::BonePose> got, const std::vector<model::BonePose>& expected) {
    for (std::size_t b = 0; b < expected.size(); ++b) {
      if (bits(got[b]) != bits(expected[b])) return true;
    }
    return false;
  };
  using model::detail::PoseQuaternionCode;
  const model::Sampler sampler(clip);
  model::Sampler::Cursor cursor(sampler);
  std::vector<model::BonePose> plain(sampler.bone_count()), hinted(sampler.bone_count());
  for (double frame : {0.0, 0.5, 1.0, 13.25, 14.0, 7.75, -3.0, 1e6}) {
    const auto expected = model::sample(clip, frame);
    if (!sampler.sample(frame, plain) || !sampler.sample(frame, hinted, cursor)) {
      return fmt::format("{}: the sampler refused a buffer of its own size", what);
    }
    if (differs(plain, expected) || differs(hinted, expected)) {
      return fmt::format("{}: the sampler's pose at frame {} is not model::sample's", what, frame);
    }
    for (auto code : {PoseQuaternionCode::baseline, PoseQuaternionCode::avx2, PoseQuaternionCode::avx512}) {
      if (!model::detail::supported(code)) continue;
      std::vector<model::BonePose> again = plain;
      model::detail::euler_to_quaternions(again, code);
      if (differs(again, expected)) {
        return fmt::format("{}: Euler quaternions of code {} at frame {} are not model::sample's", what, int(code), frame);
      }
    }
  }
  const std::uint32_t frames = std::min<std::uint32_t>(clip.frame_count, 8);
  std::vector<model::BonePose> all(std::size_t(frames) * sampler.bone_count());
  if (!sampler.sample_frames(0, frames, all)) return fmt::format("{}: sample_frames refused its own size", what);
  for (std::uint32_t f = 0; f < frames; ++f) {
    const std::span<const model::BonePose> got(all.data() + std::size_t(f) * sampler.bone_count(), sampler.bone_count());
    if (differs(got, model::sample(clip, f))) {
      return fmt::format("{}: sample_frames at frame {} is not model::sample's", what, f);
    }
  }
  return std::nullopt;
}

std::vector<std::uint8_t>& png_base() {
  static std::vector<std::uint8_t> bytes;
  return bytes;
}

}  // namespace

// A time edit (picked by the input's size) is refused cleanly or gives a file that writes, reads
// back, and shows at each new frame, bit for bit, the pose of the old frame the edit maps it to.
Result check_gem_time_edit(const gem::File& file, const model::Clip& clip, std::size_t pick) {
  static const char* const edits[] = {"reverse", "retime=2", "retime=1/2", "trim=1:3", "delete=0:0", "insert=1:2", "loop"};
  const char* text = edits[pick % std::size(edits)];
  const auto edit = *model::parse_time_edit(text);
  auto edited = gem::edit_time(file, edit, fuzz_limits());
  if (!edited) return std::nullopt;  // refused, with its message
  auto written = gem::write(edited->file);
  if (!written) return fmt::format("gem {}: the edited file does not write: {}", text, written.error().to_string());
  auto back = gem::read(*written, fuzz_limits());
  if (!back) return fmt::format("gem {}: the edited file does not read back: {}", text, back.error().to_string());
  if (edited->unchanged) return std::nullopt;
  const auto map = model::FrameMap::of(edit, file.frame_count, fuzz_limits().max_frames);
  if (!map) return fmt::format("gem {}: an edit made without its map", text);
  const model::Clip after = gem::to_clip(edited->file, false);
  for (std::uint64_t g = 0; g < map->frame_count(); ++g) {
    const auto want = model::sample(clip, double(map->source(g)));
    const auto got = model::sample(after, double(g));
    if (want.size() != got.size()) return fmt::format("gem {}: {} bones became {}", text, want.size(), got.size());
    for (std::size_t b = 0; b < got.size(); ++b) {
      const bool same = std::memcmp(&got[b].translation, &want[b].translation, sizeof(model::Vec3)) == 0 &&
                        std::memcmp(&got[b].rotation, &want[b].rotation, sizeof(model::Quat)) == 0 &&
                        std::memcmp(&got[b].scale, &want[b].scale, sizeof(model::Vec3)) == 0 &&
                        got[b].visible == want[b].visible && got[b].mirrored == want[b].mirrored;
      if (!same) return fmt::format("gem {}: frame {} of bone {} is not frame {} of the input", text, g, b, map->source(g));
    }
  }
  return std::nullopt;
}

// An LM time edit (picked by the input's size) is refused cleanly or gives a file that writes and
// reads back with its nodes; reverse twice gives every track's data back where the key frames
// reverse exactly (T - (T - t) == t in floats).
Result check_lm_time_edit(const lm::File& file, std::size_t pick) {
  static const char* const edits[] = {"reverse", "retime=2", "retime=1/2", "trim=1:3", "delete=0:0", "insert=1:2", "loop", "length=7"};
  const std::string text = edits[pick % std::size(edits)];
  const auto edit = *model::parse_time_edit(text);
  auto edited = lm::edit_time(file, edit, fuzz_limits());
  if (!edited) return std::nullopt;  // refused, with its message
  auto written = lm::write(edited->file);
  if (!written) return fmt::format("lm {}: the edited file does not write: {}", text, written.error().to_string());
  auto back = lm::read(*written, std::uint32_t(file.groups.size()), fuzz_limits());
  if (!back) return fmt::format("lm {}: the edited file does not read back: {}", text, back.error().to_string());
  if (edited->unchanged || text != "reverse") return std::nullopt;
  auto curves = lm::decode_curves(file);
  if (!curves) return fmt::format("lm {}: an edited file whose curves do not decode", text);
  const double T = file.frame_count;
  for (const auto& node : *curves) {
    for (const auto& curve : node.curves) {
      for (const auto& key : curve.keys) {
        const float once = float(T - double(key.frame)), twice = float(T - double(once));
        if (bits_from_float(twice) != bits_from_float(key.frame)) return std::nullopt;
      }
    }
  }
  auto again = lm::edit_time(edited->file, edit, fuzz_limits());
  if (!again) return fmt::format("lm reverse: the reversed file cannot be reversed: {}", again.error().to_string());
  auto before = lm::track_data(file), after = lm::track_data(again->file);
  if (!before || !after || *before != *after) return "lm reverse: reversed twice, a track's data is not what it was";
  return std::nullopt;
}

// An MM2 time edit is refused cleanly or gives a file that writes and reads back; reverse twice is
// the file.
Result check_mm2_time_edit(const mm2::File& file, std::size_t pick) {
  static const char* const edits[] = {"reverse", "retime=2", "retime=1/3", "trim=1:3", "delete=0:0", "insert=1:2", "loop", "reverse@1"};
  const std::string text = edits[pick % std::size(edits)];
  const auto edit = *model::parse_time_edit(text);
  auto edited = mm2::edit_time(file, edit, fuzz_limits());
  if (!edited) return std::nullopt;
  auto written = mm2::write(edited->file);
  if (!written) return fmt::format("mm2 {}: the edited file does not write: {}", text, written.error().to_string());
  auto back = mm2::read(*written, fuzz_limits());
  if (!back) return fmt::format("mm2 {}: the edited file does not read back: {}", text, back.error().to_string());
  if (text.rfind("reverse", 0) != 0) return std::nullopt;
  auto again = mm2::edit_time(edited->file, edit, fuzz_limits());
  if (!again) return fmt::format("mm2 {}: the reversed file cannot be reversed: {}", text, again.error().to_string());
  if (!(again->file == file)) return fmt::format("mm2 {}: reversed twice, the file is not what it was", text);
  return std::nullopt;
}

Result check_gem(Input bytes) {
  auto file = gem::read(bytes, fuzz_limits());
  if (!file) return check_error(file.error(), bytes.size(), "gem read");
  auto again = gem::write(*file);
  if (!again) return "gem: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "gem: write(read(bytes)) != bytes";
  (void)gem::validate(*file);
  (void)gem::summary(*file);
  // The JSON round trip of a large mesh payload costs milliseconds; small inputs cover its code.
  if (bytes.size() <= (16u << 10)) {
    if (auto r = check_json_round_trip(*file, gem::to_json, gem::from_json, "gem")) return r;
  }
  const model::Clip clip = gem::to_clip(*file);
  if (auto r = check_sampler(clip, "gem")) return r;
  // Conversion walks every frame of every bone: keep it to small clips, one target per input.
  if (std::uint64_t(clip.frame_count) * (clip.bones.size() + 1) <= 4096) {
    if (auto r = check_gem_time_edit(*file, gem::to_clip(*file, false), bytes.size())) return r;
    const gem::Target targets[] = {gem::Target::gem_4_0, gem::Target::gem_6_1, gem::Target::gem_6_1_frm3};
    for (auto target : {targets[bytes.size() % 3]}) {
      auto converted = gem::from_clip(clip, target);
      if (!converted) continue;  // a clip the target cannot hold (too many bones) is refused cleanly
      auto written = gem::write(*converted);
      if (!written) return "gem: a conversion does not write: " + written.error().to_string();
      auto back = gem::read(*written, fuzz_limits());
      if (!back) return "gem: a conversion does not read back: " + back.error().to_string();
    }
  }
  return std::nullopt;
}

Result check_lm(Input bytes) {
  auto result = lm::read(bytes, std::nullopt, fuzz_limits());
  if (!result) return check_error(result.error(), bytes.size(), "lm read");
  const lm::File& file = result->file;
  auto again = lm::write(file);
  if (!again) return "lm: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "lm: write(read(bytes)) != bytes";
  (void)lm::validate(file);
  (void)lm::summary(file, "inferred from the layout", 30);
  if (auto r = check_json_round_trip(file, lm::to_json, lm::from_json, "lm")) return r;
  auto data = lm::track_data(file);
  auto curves = lm::decode_curves(file);
  if (bool(data) != bool(curves)) return "lm: track data and curves disagree on readability";
  if (!curves) return check_error(curves.error(), bytes.size(), "lm curves");
  for (double f : {0.0, 0.5, 13.25, 1e6}) (void)lm::sample(*curves, lm::playback_frame(file, f), lm::RotationUnit::degrees);
  // The neutral clip: readable exactly when the curves are; sampled and written back without harm.
  auto clip = lm::to_clip(file, lm::RotationUnit::degrees);
  if (!clip) return "lm: curves decode but the neutral clip does not: " + clip.error().to_string();
  for (double f : {0.0, 0.5, 13.25, 1e6}) (void)model::sample(*clip, model::playback_frame(*clip, f));
  if (auto r = check_sampler(*clip, "lm")) return r;
  if (auto rewritten = lm::from_clip(*clip, {})) {
    if (rewritten->groups.size() != file.groups.size()) return "lm: the neutral clip lost nodes";
  }
  auto packed = lm::repack(file);
  if (!packed) return std::nullopt;  // an array past 65536 floats cannot be repacked
  auto written = lm::write(*packed);
  if (!written) return "lm: a repacked file does not write";
  auto back = lm::read(*written, std::uint32_t(file.groups.size()));
  if (!back) return "lm: a repacked file does not read back: " + back.error().to_string();
  auto after = lm::track_data(back->file);
  if (!after || *after != *data) return "lm: repacking changed a track's data";
  return check_lm_time_edit(file, bytes.size());
}

Result check_lm_bin(Input bytes) {
  auto graph = lm::read_bin(bytes);
  if (!graph) return check_error(graph.error(), bytes.size(), "bin read");
  if (graph->walk_order.size() != graph->nodes.size()) return "bin: the walk and the nodes disagree";
  for (std::size_t i = 0; i < graph->nodes.size(); ++i) {
    if (graph->nodes[i].parent >= int(graph->nodes.size())) return "bin: a parent out of range";
  }
  return std::nullopt;
}

Result check_mm2(Input bytes) {
  auto file = mm2::read(bytes, fuzz_limits());
  if (!file) return check_error(file.error(), bytes.size(), "mm2 read");
  auto again = mm2::write(*file);
  if (!again) return "mm2: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "mm2: write(read(bytes)) != bytes";
  if (mm2::image_chunk_offset(*file) + 4 > bytes.size()) return "mm2: image chunk offset past the end";
  (void)mm2::validate(*file);
  (void)mm2::summary(*file, 60);
  if (auto r = check_json_round_trip(*file, mm2::to_json, mm2::from_json, "mm2")) return r;
  auto planes_list = mm2::decode_all_planes(*file);
  if (!planes_list) return "mm2: a file that reads does not decode: " + planes_list.error().message;
  for (std::size_t f = 0; f < planes_list->size(); ++f) {
    const auto& p = (*planes_list)[f];
    const auto& info = file->frames[f];
    std::size_t used = 0;
    auto back = mm2::decode_planes(mm2::encode_planes(p), info.width, info.height, used);
    if (!back || *back != p) return fmt::format("mm2: frame {} does not survive the greedy encoder", f);
    if (mm2::pixels_to_planes(mm2::planes_to_pixels(p, info.width, info.height), info.width, info.height).size() != p.size()) {
      return "mm2: planes and pixels disagree on size";
    }
  }
  if (!mm2::to_sprite(*file, 60)) return "mm2: a file that decodes does not compose";
  return check_mm2_time_edit(*file, bytes.size());
}

// A collision volume drawn (gem::mesh::volume_mesh): a mesh whose triangles name its vertices,
// every one a finite point, or an error that says why not.
Result check_volume_mesh(const gem::MdlVolume& volume, const gem::mesh::VolFile* polyhedron, const char* what) {
  auto mesh = gem::mesh::volume_mesh(volume, polyhedron, 0);
  if (!mesh) return mesh.error().message.empty() ? Result(fmt::format("{}: an error without a message", what)) : std::nullopt;
  if (!mesh->collision || mesh->primitives.size() != 1) return fmt::format("{}: not one primitive of a collision volume", what);
  for (std::uint32_t i : mesh->primitives[0].indices) {
    if (i >= mesh->positions.size()) return fmt::format("{}: index {} past its {} vertices", what, i, mesh->positions.size());
  }
  for (const model::Vec3& p : mesh->positions) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return fmt::format("{}: a vertex that is not finite", what);
  }
  return std::nullopt;
}

// The game's other .mdl: forms and volumes, every form's text a piece of the input.
Result check_armour(Input bytes) {
  auto armour = gem::read_armour(bytes, fuzz_limits());
  if (!armour) return check_error(armour.error(), bytes.size(), "armour read");
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  for (const gem::ArmourForm& f : armour->forms) {
    if (f.offset > bytes.size() || text.substr(std::size_t(f.offset), f.text.size()) != f.text) return "armour: a form's text is not the input's";
  }
  (void)gem::armour_json(*armour).dump();
  (void)gem::armour_summary_text(*armour);
  return std::nullopt;
}

Result check_mdl(Input bytes) {
  if (gem::looks_like_armour(bytes)) {
    if (auto r = check_armour(bytes)) return r;
  }
  auto mdl = gem::read_mdl(bytes);
  if (!mdl) return check_error(mdl.error(), bytes.size(), "mdl read");
  auto again = gem::write_mdl(*mdl);
  if (!again) return "mdl: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "mdl: write(read(bytes)) != bytes";
  for (std::size_t i = 0; i < mdl->bones.size(); ++i) {
    if (mdl->bones[i].parent >= int(i)) return "mdl: a parent that does not come before its child";
  }
  // Its volumes' shapes and transforms, as drawn (a polyhedron's .vol is check_vol's).
  for (std::size_t v = 0; v < std::min<std::size_t>(mdl->volumes.size(), 8); ++v) {
    if (auto r = check_volume_mesh(mdl->volumes[v], nullptr, "mdl volume")) return r;
  }
  return std::nullopt;
}

Result check_ply(Input bytes) {
  using namespace gem::mesh;
  auto file = read_ply(bytes, fuzz_limits());
  if (!file) return check_error(file.error(), bytes.size(), "ply read");
  auto again = write_ply(*file);
  if (!again) return "ply: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "ply: write(read(bytes)) != bytes";
  for (const Diagnostic& d : validate_ply(*file)) {
    if (!d.offset || *d.offset > bytes.size()) return fmt::format("ply: finding {} without an offset in the input", d.id);
    if (d.pointer.empty()) return fmt::format("ply: finding {} without a pointer", d.id);
  }
  (void)ply_to_json(*file).dump();
  (void)summary_text(ply_summary(*file));
  auto decoded = decode_vertices(*file);
  if (decoded) {
    if (decoded->positions.size() != file->vertices()->count) return "ply: decoded positions are not the vertex count";
    (void)used_bounds(*file, *decoded);
  }
  // A few subsets: each call maps every vertex.
  for (std::size_t k = 0; k < std::min<std::size_t>(file->subsets.size(), 4); ++k) {
    auto triangles = subset_triangles(*file, k);
    if (!triangles) {
      if (auto r = check_error(triangles.error(), bytes.size(), "ply triangles")) return r;
      continue;
    }
    if (triangles->size() != file->subsets[k].triangle_count) return "ply: a subset's triangles are not its count";
    if (decoded) (void)subset_joints(*file, *decoded, k);
  }
  return std::nullopt;
}

Result check_mtl(Input bytes) {
  using namespace gem::mesh;
  auto file = read_mtl(bytes, fuzz_limits());
  if (!file) return check_error(file.error(), bytes.size(), "mtl read");
  auto again = write_mtl(*file);
  if (!again) return "mtl: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "mtl: write(read(bytes)) != bytes";
  for (const Diagnostic& d : validate_mtl(*file)) {
    if (!d.offset || *d.offset > bytes.size()) return fmt::format("mtl: finding {} without an offset in the input", d.id);
    if (d.pointer.empty()) return fmt::format("mtl: finding {} without a pointer", d.id);
  }
  (void)mtl_to_json(*file).dump();
  (void)summary_text(mtl_material(*file));
  return std::nullopt;
}

Result check_vol(Input bytes) {
  using namespace gem::mesh;
  auto file = read_vol(bytes, fuzz_limits());
  if (!file) return check_error(file.error(), bytes.size(), "vol read");
  auto again = write_vol(*file);
  if (!again) return "vol: a file that reads does not write: " + again.error().to_string();
  if (!std::equal(again->begin(), again->end(), bytes.begin(), bytes.end())) return "vol: write(read(bytes)) != bytes";
  for (const Diagnostic& d : validate_vol(*file)) {
    if (!d.offset || *d.offset > bytes.size()) return fmt::format("vol: finding {} without an offset in the input", d.id);
  }
  (void)vol_to_json(*file).dump();
  (void)vol_summary_json(vol_summary(*file)).dump();
  (void)summary_text(vol_summary(*file));
  // Drawn as a collision volume: the indices checked against the vertices.
  gem::MdlVolume volume;
  volume.shape = gem::MdlVolume::Shape::polyhedron;
  return check_volume_mesh(volume, &*file, "vol drawn");
}

Result check_json_build(Input bytes) {
  nlohmann::ordered_json doc;
  try {
    doc = json_input::parse(bytes);
  } catch (ErrorException& e) {
    return check_error(e.error, bytes.size(), "json parse");
  }
  // Whatever builds and validates must write, read back and write the same bytes.
  if (auto f = gem::from_json(doc); f && !has_errors(gem::validate(*f))) {
    auto written = gem::write(*f);
    if (written) {
      ReadLimits unlimited;
      unlimited.max_frames = UINT32_MAX;
      unlimited.max_bones = UINT32_MAX;
      unlimited.max_keys = UINT64_MAX;
      auto back = gem::read(*written, unlimited);
      if (!back) return "json: a valid GEM build does not read back: " + back.error().to_string();
      if (!(*back == *f)) return "json: a GEM build reads back different";
    }
  }
  if (auto f = lm::from_json(doc); f && !has_errors(lm::validate(*f))) {
    auto written = lm::write(*f);
    if (written) {
      ReadLimits unlimited;
      unlimited.max_frames = UINT32_MAX;
      unlimited.max_bones = UINT32_MAX;
      auto back = lm::read(*written, std::uint32_t(f->groups.size()), unlimited);
      if (!back) return "json: a valid LM build does not read back: " + back.error().to_string();
      if (*lm::write(back->file) != *written) return "json: an LM build does not write back the same bytes";
    }
  }
  if (auto f = mm2::from_json(doc); f && !has_errors(mm2::validate(*f))) {
    auto written = mm2::write(*f);
    if (written) {
      auto back = mm2::read(*written);
      if (!back) return "json: a valid MM2 build does not read back: " + back.error().to_string();
      if (*mm2::write(*back) != *written) return "json: an MM2 build does not write back the same bytes";
    }
  }
  return std::nullopt;
}

void set_png_import_base(std::vector<std::uint8_t> mm2_bytes) { png_base() = std::move(mm2_bytes); }

Result check_png_import(Input bytes) {
  auto decoded = png::decode(bytes, 1 << 18);
  if (!decoded) return std::nullopt;  // libspng's own errors; nothing to check
  if (decoded->rgba.size() != decoded->width * decoded->height) return "png: pixel count disagrees with the size";
  if (decoded->indexed && !decoded->palette.empty() && decoded->palette.size() <= 256) {
    auto again = png::encode_indexed(decoded->indices, decoded->palette);
    if (again) {
      auto back = png::decode(*again);
      if (!back || !(back->indices == decoded->indices)) return "png: an indexed image does not survive re-encoding";
    }
  }
  if (png_base().empty()) return std::nullopt;
  auto base = mm2::read(png_base());
  if (!base) return "png: the import base does not read";
  auto picture = png::decode(bytes);
  if (!picture) return std::nullopt;
  auto imported = mm2::import_frames(*base, {{1, {"fuzz.png", std::move(*picture)}}}, {true, true});
  if (!imported) return std::nullopt;  // pens past 31 and sizes past 65535 are refused cleanly
  auto written = mm2::write(*imported);
  if (!written) return "png: an import does not write";
  auto back = mm2::read(*written);
  if (!back) return "png: an import does not read back: " + back.error().to_string();
  return std::nullopt;
}

namespace {

// A texture decoder against its own header reader (one refuses what the other refuses, with an
// offset within the input), detection, and libspng: what decodes writes as PNG and reads back.
Result check_texture(Input bytes, texture::Kind kind) {
  const std::string_view what = texture::kind_name(kind);
  const ReadLimits limits = fuzz_limits();
  auto image = kind == texture::Kind::dds ? texture::decode_dds(bytes, limits) : texture::decode_tga(bytes, limits);
  Expected<void> header;
  if (kind == texture::Kind::dds) {
    if (auto layout = texture::read_dds_layout(bytes, limits); !layout) header = std::move(layout.error());
  } else {
    if (auto read = texture::read_tga_header(bytes, limits); !read) header = std::move(read.error());
  }
  if (!image) {
    if (header) return fmt::format("{}: the header reads but the picture does not: {}", what, image.error().to_string());
    if (image.error().message != header.error().message) return fmt::format("{}: the decoder and the header reader disagree", what);
    return check_error(image.error(), bytes.size(), what);
  }
  if (!header) return fmt::format("{}: the picture decodes but the header does not read: {}", what, header.error().to_string());
  const std::uint64_t pixels = std::uint64_t(image->width) * image->height;
  if (pixels == 0 || pixels > limits.max_pixels) return fmt::format("{}: a picture of {}x{} pixels", what, image->width, image->height);
  if (image->rgba.size() != pixels * 4) return fmt::format("{}: the pixels disagree with the size", what);
  if (texture::detect_texture(bytes) != kind) return fmt::format("{}: a picture that decodes is not detected as one", what);
  auto png_bytes = png::encode_rgba(image->width, image->height, image->rgba);
  if (!png_bytes) return fmt::format("{}: the picture does not write as PNG: {}", what, png_bytes.error().to_string());
  auto back = png::decode(*png_bytes, pixels);
  if (!back || back->rgba.size() != pixels) return fmt::format("{}: the PNG of the picture does not read back", what);
  for (std::size_t i = 0; i < pixels; ++i) {
    const model::Color c = back->rgba[i];
    const std::uint8_t* p = image->rgba.data() + 4 * i;
    if (c.r != p[0] || c.g != p[1] || c.b != p[2] || c.a != p[3]) return fmt::format("{}: pixel {} changed through PNG", what, i);
  }
  return std::nullopt;
}

}  // namespace

Result check_dds(Input bytes) { return check_texture(bytes, texture::Kind::dds); }
Result check_tga(Input bytes) { return check_texture(bytes, texture::Kind::tga); }

namespace {

// The examples' bones side by side at rest in GEM's axes: the glTFs the edit target starts from
// read onto it, their hostile edits too.
const model::Skeleton& examples_skeleton() {
  static const model::Skeleton skeleton = [] {
    model::Skeleton s;
    s.to_right_handed = {1, -1, 1};
    s.to_y_up = {-0.70710677f, 0, 0, 0.70710677f};
    s.metres_per_unit = 0.05f;
    for (const char* name : {"basis", "body", "turret1", "gun_rot", "hatch", "node_0", "node_1", "node_2"}) {
      s.joints.push_back({name, -1, {}, {}});
    }
    return s;
  }();
  return skeleton;
}

// A glTF read onto a skeleton: its bones only, every value finite, and a GEM file made of it.
Result check_onto_skeleton(Input bytes) {
  gltf::ImportOptions options;
  options.skeleton = &examples_skeleton();
  auto clip = gltf::import_clip(bytes, options);
  if (!clip || clip->frame_count > 512) return std::nullopt;
  for (const model::BoneTrack& bone : clip->bones) {
    if (examples_skeleton().find(bone.name) < 0) return "gltf onto a skeleton: a bone it lacks was keyed: " + bone.name;
  }
  for (const Diagnostic& d : clip->validate()) {
    if (d.severity == Severity::error) return "gltf onto a skeleton: an invalid clip: " + d.message;
  }
  if (auto r = check_sampler(*clip, "gltf onto a skeleton")) return r;
  // Shape keys: every frame as many finite vertices as the rest, normals for all or none.
  for (const model::MeshMotion& m : clip->mesh_motions) {
    const auto whole = [&](const std::vector<model::Vec3>& positions, const std::vector<model::Vec3>& normals) {
      return positions.size() == m.rest_positions.size() && (normals.empty() || normals.size() == positions.size()) &&
             std::all_of(positions.begin(), positions.end(),
                         [](const model::Vec3& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); });
    };
    if (!whole(m.rest_positions, m.rest_normals)) return "gltf onto a skeleton: a mesh's rest vertices are not whole";
    for (const model::MeshFrame& f : m.frames) {
      if (!whole(f.positions, f.normals)) return fmt::format("gltf onto a skeleton: the mesh at frame {} is not whole", f.frame);
    }
  }
  auto file = gem::from_clip(*clip, gem::Target::gem_6_1);
  if (!file) return "gltf onto a skeleton: the clip does not convert: " + file.error().to_string();
  return std::nullopt;
}

}  // namespace

Result check_gltf_import(Input bytes) {
  if (bytes.size() > (1u << 20)) return std::nullopt;
  if (bytes.size() % 4 == 2) return check_onto_skeleton(bytes);
  gltf::ImportOptions options;
  // Parsing the glTF is most of an execution: one import per input, chosen by its size, covers
  // both at twice the executions a second.
  if (bytes.size() % 2 == 0) {
    // Whatever imports must convert to GEM and read back.
    auto clip = gltf::import_clip(bytes, options);
    if (!clip || clip->frame_count > 512 || clip->bones.size() > 256) return std::nullopt;
    if (auto r = check_sampler(*clip, "gltf")) return r;
    auto file = gem::from_clip(*clip, gem::Target::gem_6_1_frm3);
    if (!file) return "gltf: an imported clip does not convert: " + file.error().to_string();
    auto written = gem::write(*file);
    if (!written) return "gltf: an imported clip does not write";
    if (!gem::read(*written, fuzz_limits())) return "gltf: an imported clip does not read back";
    return std::nullopt;
  }
  // LM through the front door, as `anmkit convert --to lm` does.
  auto document = Document::from_gltf(bytes, "lm");
  if (!document) return std::nullopt;
  auto written = document->write();
  if (!written) return "gltf: an imported LM file does not write";
  if (!Document::open(*written)) return "gltf: an imported LM file does not read back";
  return std::nullopt;
}

Result check_json_structure(Input bytes) {
  if (auto failure = check_json_build(bytes)) return failure;
  // What build makes, anmkit opens (detection included) under the same (default) limits.
  auto document = Document::from_json({reinterpret_cast<const char*>(bytes.data()), bytes.size()});
  if (!document) return std::nullopt;
  auto written = document->write();
  if (!written) return "json: a built document does not write: " + written.error().to_string();
  auto back = Document::open(*written);
  if (!back) return "json: a built file does not read back: " + back.error().to_string();
  if (back->format().name != document->format().name) return "json: a built file reads back as another format";
  return std::nullopt;
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all{{"gem", check_gem},   {"lm", check_lm},   {"lm_bin", check_lm_bin},
                                       {"mm2", check_mm2},   {"mdl", check_mdl}, {"json_build", check_json_build},
                                       {"ply", check_ply},   {"mtl", check_mtl}, {"vol", check_vol},
                                       {"json_structure", check_json_structure},
                                       {"png_import", check_png_import}, {"gltf_import", check_gltf_import},
                                       {"dds", check_dds},   {"tga", check_tga}, {"figure", check_figure},
                                       {"file_names", check_file_names}};
  return all;
}

}  // namespace anmkit::fuzz
