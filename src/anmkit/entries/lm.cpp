// The Luigi's Mansion format's registry entry: node animations, their .bin scene graphs, the
// canonical repack.

#include <charconv>

#include <nlohmann/json.hpp>

#include "anmkit/core/path_text.hpp"
#include "anmkit/formats/lm/lm_bin.hpp"
#include "anmkit/formats/lm/lm_clip.hpp"
#include "anmkit/formats/lm/lm_extras.hpp"
#include "anmkit/formats/lm/lm_info.hpp"
#include "anmkit/formats/lm/lm_json.hpp"
#include "anmkit/formats/lm/lm_merge.hpp"
#include "anmkit/formats/lm/lm_read.hpp"
#include "anmkit/formats/lm/lm_repack.hpp"
#include "anmkit/formats/lm/lm_time_edit.hpp"
#include "anmkit/formats/lm/lm_validate.hpp"
#include "anmkit/formats/lm/lm_write.hpp"
#include "../format_entry.hpp"
#include "../referenced_input.hpp"

namespace anmkit::detail {
namespace {

constexpr std::string_view rotation_unit_option = "rotation-unit";

// The unit an option names (checked by the front door against the declared choices: the
// reader's own table), the first of them when not given.
lm::RotationUnit unit_of(const FormatSettings& settings) {
  const FormatSetting* given = find_setting(settings, rotation_unit_option);
  const auto first = *lm::parse_rotation_unit(lm::rotation_unit_names[0]);
  return given ? lm::parse_rotation_unit(given->value).value_or(first) : first;
}

class LmModel final : public FormatModel {
 public:
  LmModel(lm::File file, std::optional<lm::SceneGraph> scene, std::string node_count_source)
      : file_(std::move(file)), scene_(std::move(scene)), node_count_source_(std::move(node_count_source)) {}
  std::string version() const override { return std::to_string(file_.version); }
  std::string import_target() const override { return "lm"; }
  const lm::File& file() const { return file_; }
  const std::optional<lm::SceneGraph>& scene() const { return scene_; }
  std::vector<Diagnostic> validate() const override { return lm::validate(file_); }
  Expected<Bytes> write() const override { return lm::write(file_); }
  nlohmann::ordered_json to_json() const override { return lm::to_json(file_); }
  nlohmann::ordered_json summary(const OpenOptions& options) const override {
    return lm::summary(file_, node_count_source_, options.fps);
  }
  std::string summary_text(const nlohmann::ordered_json& summary) const override { return lm::summary_text(summary); }
  Expected<model::Clip> clip(const OpenOptions& options) const override {
    const lm::RotationUnit unit = unit_of(options.format_options);
    auto clip = lm::to_clip(file_, unit, options.fps);
    if (!clip) return clip.error();
    clip->record = lm::clip_record(file_, unit, options.fps);
    return clip;
  }
  // LM is Y up and its units are the engine's own: the skeleton's space is glTF's.
  Expected<model::Skeleton> skeleton(const OpenOptions&) const override {
    return scene_ ? lm::to_skeleton(*scene_) : model::Skeleton{};
  }
  Expected<std::shared_ptr<const FormatModel>> convert(std::string_view target) const override {
    if (target != "repack") return FormatModel::convert(target);
    auto packed = lm::repack(file_);
    if (!packed) return packed.error();
    return std::shared_ptr<const FormatModel>(std::make_shared<LmModel>(std::move(*packed), scene_, node_count_source_));
  }
  Expected<TimeEdited> edit_time(const model::TimeEdit& edit, const ReadLimits& limits) const override {
    auto edited = lm::edit_time(file_, edit, limits);
    if (!edited) return edited.error();
    TimeEdited out;
    if (!edited->unchanged) out.model = std::make_shared<LmModel>(std::move(edited->file), scene_, node_count_source_);
    out.notes = std::move(edited->notes);
    return out;
  }

 private:
  lm::File file_;
  std::optional<lm::SceneGraph> scene_;
  std::string node_count_source_;
};

Expected<std::shared_ptr<const FormatModel>> read(std::span<const std::uint8_t> bytes, const OpenOptions& options) {
  std::optional<std::uint32_t> count;
  std::optional<lm::SceneGraph> scene;
  std::string source = "inferred from the layout";
  if (!options.skeleton.empty()) {
    auto bin = read_input(options.skeleton, options);
    if (!bin) return bin.error();
    auto graph = lm::read_bin(*bin);
    if (!graph) {
      graph.error().file = options.skeleton;
      return graph.error();
    }
    count = std::uint32_t(graph->nodes.size());
    source = "from " + options.skeleton;
    scene = std::move(*graph);
  } else if (const FormatSetting* nodes = find_setting(options.format_options, "nodes")) {
    std::uint32_t n = 0;  // digits within 0 .. UINT32_MAX: checked against the declaration
    std::from_chars(nodes->value.data(), nodes->value.data() + nodes->value.size(), n);
    count = n;
    source = nodes->given_as.empty() ? "given" : nodes->given_as;
  }
  if (scene && !options.skeleton_given_as.empty()) source = options.skeleton_given_as;
  auto result = lm::read(bytes, count, options.limits);
  if (!result) return result.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<LmModel>(std::move(result->file), std::move(scene), source));
}

Expected<std::shared_ptr<const FormatModel>> from_json(const nlohmann::ordered_json& document, const OpenOptions& options) {
  auto file = lm::from_json(document, options.limits);
  if (!file) return file.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<LmModel>(std::move(*file), std::nullopt, "given by the dump"));
}

Expected<std::shared_ptr<const FormatModel>> from_clip(const model::Clip& clip, std::string_view,
                                                       const GltfImportOptions& options, const FormatModel* base,
                                                       std::vector<Wording>& warnings) {
  lm::WriteOptions write;
  write.unit = unit_of(options.format_options);
  write.tolerance = options.tolerance;
  const FormatSetting* dense = find_setting(options.format_options, "dense");
  write.dense = dense && dense->value == "true";
  write.version = lm::recorded_version(clip.record);  // the version a trip through glTF recorded
  if (const auto* original = dynamic_cast<const LmModel*>(base)) {
    auto merged = lm::merge_with_base(original->file(), clip, write);
    if (!merged) return merged.error();
    for (auto& w : merged->warnings) warnings.push_back(std::move(w));
    return std::shared_ptr<const FormatModel>(std::make_shared<LmModel>(std::move(merged->file), original->scene(), "given by the base"));
  }
  auto file = lm::from_clip(clip, write);
  if (!file) return file.error();
  return std::shared_ptr<const FormatModel>(std::make_shared<LmModel>(std::move(*file), std::nullopt, "given by the clip"));
}

// A .bin as `info` describes it: its scene graph, and the animation paired with it by name.
// Any bytes the scene-graph reader refuses are not a model (a .bin has no signature).
Expected<ModelFile> read_model(const std::string& path, std::span<const std::uint8_t> bytes, const ReadLimits& /*limits*/) {
  auto graph = lm::read_bin(bytes);  // (the .bin reader takes no limits yet: its counts are checked against its bytes)
  if (!graph) {
    Wording why("not a Luigi's Mansion model (.bin): ");
    why += wording_of(graph.error());
    return make_error(ErrorCode::unknown_format, std::move(why));
  }
  ModelFile out{"Luigi's Mansion model (.bin)", "nodes", lm::to_skeleton(*graph), {}};
  const std::string stem(path_stem(path));
  out.sequences.push_back({stem, stem + ".anm", "paired by name"});
  return out;
}

const FormatEntry& entry() {
  static const FormatEntry entry{
      .info = {.name = "lm",
               .title = "Luigi's Mansion node animation (GameCube)",
               .skeletal = true,
               .euler_rotations = true,
               .time_edits = true,
               .animation_extension = ".anm",
               .skeleton_extension = ".bin",
               .skeleton_option = "bin",
               .skeleton_option_help = "LM: the paired .bin model (gives the node count)",
               .convert_targets = {"repack"},
               .import_targets = {"lm"},
               .layout_targets = {{"repack", "LM: rewrite in the canonical layout, sharing identical data"}},
               .options = {{.name = "nodes",
                            .kind = FormatOption::Kind::whole,
                            .help = "LM: the node count, when there is no .bin",
                            .when_opening = true,
                            .max = UINT32_MAX,
                            .excludes_skeleton = true},
                           {.name = rotation_unit_option,
                            .kind = FormatOption::Kind::choice,
                            .help = "LM: the unit of stored rotations",
                            .when_opening = true,
                            .when_importing = true,
                            .choices = {lm::rotation_unit_names.begin(), lm::rotation_unit_names.end()}},
                           {.name = "dense",
                            .kind = FormatOption::Kind::flag,
                            .help = "From glTF to LM: one key a frame on every moving track (no key reduction)",
                            .when_importing = true}}},
      .heuristic = "a plausible LM header",
      .sniff = lm::looks_like_lm,
      .read = read,
      .from_json = from_json,
      .from_clip = from_clip,
      // LM replaces the rest pose and fits its own keys; its scale is only scale.
      .import_policy = {.rest_where_unanimated = false, .scale_carries_visibility_and_mirror = false, .drop_within_tolerance = false},
      // LM records the time of its last key as frame_count (lm::to_clip).
      .record_frame_count_excludes_last = true,
      .read_model = read_model,
  };
  return entry;
}

}  // namespace

}  // namespace anmkit::detail

ANMKIT_FORMAT_ENTRY(lm, entry)
