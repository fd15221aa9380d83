#include "registry.hpp"

#include <algorithm>
#include <array>
#include <filesystem>

#include <fmt/format.h>

#include "anmkit/gltf/clip_gltf.hpp"
#include "anmkit/gltf/gltf.hpp"

namespace anmkit::detail {

std::span<const FormatEntry* const> entries() {
  // Detection order: the formats with a signature first; LM has none and comes last.
  static const std::array<const FormatEntry*, 3> all{&gem_entry(), &mm2_entry(), &lm_entry()};
  return all;
}

const FormatEntry* find_entry(std::string_view name) {
  for (const FormatEntry* e : entries()) {
    if (e->info.name == name) return e;
  }
  return nullptr;
}

Expected<std::shared_ptr<const FormatModel>> FormatModel::convert(std::string_view target) const {
  return make_error(ErrorCode::unsupported, fmt::format("cannot convert to '{}'", target));
}

Error FormatModel::unsupported(std::string_view what) const {
  return make_error(ErrorCode::unsupported, fmt::format("this format holds no {}", what));
}

Expected<Bytes> read_input(const std::string& path, const OpenOptions& options) {
  auto bytes = read_file(path, options.limits.max_input_bytes);
  if (!bytes && bytes.error().file.empty()) bytes.error().file = path;
  return bytes;
}

Expected<Bytes> read_referenced_input(const std::string& referrer, const std::string& name, const OpenOptions& options,
                                      std::uint64_t& budget) {
  namespace fs = std::filesystem;
  const fs::path named(name);
  const std::string path = (fs::path(referrer).parent_path() / named).string();
  const auto refuse = [&](std::string message) {
    Error e = make_error(ErrorCode::io, std::move(message));
    e.file = path;
    return e;
  };
  if (named.is_absolute()) return refuse("an absolute path; files are named relative to the folder of the file that names them");
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec) return refuse(fmt::format("cannot open: {}", ec.message()));
  // A device or a pipe (/dev/zero) never ends: only regular files are read.
  if (!fs::is_regular_file(status)) return refuse("not a regular file");
  const auto size = fs::file_size(path, ec);
  if (!ec && size > budget) {
    Error e = refuse(fmt::format("{} bytes, past what is left ({}) of the input limit of {} bytes for a file and the files it names",
                                 size, budget, options.limits.max_input_bytes));
    e.code = ErrorCode::too_large;
    return e;
  }
  auto bytes = read_file(path, budget);
  if (!bytes) {
    if (bytes.error().file.empty()) bytes.error().file = path;
    return bytes;
  }
  budget -= bytes->size();
  return bytes;
}

Expected<void> add_clip(gltf::Scene& scene, const model::Clip& clip, const std::string& name, const std::string& warn_about,
                        std::vector<Warning>& warnings) {
  std::vector<std::string> missing;
  if (auto added = gltf::add_animation(scene, clip, {.animation_name = name}, warn_about.empty() ? nullptr : &missing);
      !added) {
    return added.error();
  }
  for (const auto& bone : missing) {
    warnings.push_back({warn_about, fmt::format("bone '{}' is not in the skeleton; it is exported under the root", bone)});
  }
  return {};
}

Expected<GltfOutput> clip_to_gltf(const model::Skeleton& skeleton, const model::Clip& clip, bool binary,
                                  const std::string& animation_name, const std::string& warn_about) {
  gltf::Scene scene = gltf::skeleton_scene(skeleton);
  GltfOutput out;
  if (auto added = add_clip(scene, clip, animation_name, warn_about, out.warnings); !added) return added.error();
  auto bytes = gltf::write(scene, binary);
  if (!bytes) return bytes.error();
  out.bytes = std::move(*bytes);
  return out;
}

}  // namespace anmkit::detail

namespace anmkit {

std::vector<FormatInfo> formats() {
  std::vector<FormatInfo> out;
  for (const auto* e : detail::entries()) out.push_back(e->info);
  return out;
}

std::optional<FormatInfo> detect(std::span<const std::uint8_t> bytes) {
  for (const auto* e : detail::entries()) {
    if (e->sniff(bytes)) return e->info;
  }
  return std::nullopt;
}

namespace {
std::vector<std::string_view> collect(std::vector<std::string_view> FormatInfo::*list) {
  std::vector<std::string_view> out;
  for (const auto* e : detail::entries()) {
    for (auto t : e->info.*list) {
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    }
  }
  return out;
}
}  // namespace

std::vector<std::string_view> convert_targets() { return collect(&FormatInfo::convert_targets); }
std::vector<std::string_view> import_targets() { return collect(&FormatInfo::import_targets); }

}  // namespace anmkit
