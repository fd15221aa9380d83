// open_resource(): a game file that no format animates but one reads beside its animations (a GEM
// .ply mesh or .mtl material), found by the entries' resource readers.

#include <algorithm>
#include <filesystem>

#include "anmkit/core/guard.hpp"
#include "anmkit/core/json_pretty.hpp"
#include "anmkit/core/path_utf8.hpp"
#include "anmkit/model/clip.hpp"
#include "referenced_input.hpp"
#include "registry.hpp"
#include "summary.hpp"

namespace anmkit {

Expected<ResourceFile> open_resource(const std::string& path, const OpenOptions& options) {
  auto out = guard([&]() -> Expected<ResourceFile> {
    auto bytes = detail::read_input(path, options);
    if (!bytes) return bytes.error();
    const std::string extension = model::ascii_lower(utf8(fs_path(path).extension()));
    // A signature decides first; a text without one is known by its extension.
    for (const bool by_signature : {true, false}) {
      for (const detail::FormatEntry* entry : detail::entries()) {
        for (const detail::ResourceReader& reader : entry->resources) {
          const bool taken = by_signature ? reader.sniff != nullptr && reader.sniff(*bytes)
                                          : reader.sniff == nullptr && reader.extension == extension;
          if (!taken) continue;
          auto read = reader.read(*bytes, path, options.limits);
          if (!read) return read.error();
          ResourceFile& file = read->file;
          file.summary.json = pretty_json(detail::summary_json(file.summary));
          file.dump = [dump = std::move(read->dump)](bool pretty) { return pretty ? pretty_json(dump()) : compact_json(dump()); };
          return std::move(file);
        }
      }
    }
    return make_error(ErrorCode::unknown_format, "not a file anmkit reads (an animation, a model, a mesh or a material)");
  });
  if (!out && out.error().file.empty()) out.error().file = path;
  return out;
}

}  // namespace anmkit
