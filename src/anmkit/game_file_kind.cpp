// game_file_kind(): what a folder walk calls a file that is no animation, from the entries'
// model files and known files.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "anmkit/core/path_utf8.hpp"
#include "anmkit/model/clip.hpp"
#include "registry.hpp"

namespace anmkit {

std::string game_file_kind(const std::string& path) {
  // A regular file only (a FIFO would block), its first 4 KiB: enough for a .mdl's leading
  // comments and {Skeleton.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(fs_path(path), ec)) return {};
  std::ifstream in(fs_path(path), std::ios::binary);
  std::vector<std::uint8_t> bytes(4096);
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
  bytes.resize(std::size_t(in.gcount()));
  const std::vector<std::uint8_t>* head = &bytes;
  const std::string extension = model::ascii_lower(utf8(fs_path(path).extension()));
  std::string by_extension;
  for (const detail::FormatEntry* e : detail::entries()) {
    if (e->sniff_model && e->sniff_model(*head)) return "model";
    // A paired model (LM .bin) has no signature; a model the game reads by its name (GEM .mdl)
    // is one even when it does not read (an armour file, known below by its content, is not).
    const bool model_by_name = !e->info.skeleton_lists_animations || e->model_extension_claims;
    if (!e->info.skeleton_extension.empty() && e->info.skeleton_extension == extension && model_by_name) by_extension = "model";
    for (const detail::KnownFile& known : e->known_files) {
      const bool starts_so = !known.magic.empty() && head->size() >= known.magic.size() &&
                             std::equal(known.magic.begin(), known.magic.end(), head->begin());
      if (starts_so) return std::string(known.kind);
      if (known.sniff) {
        if (known.extension == extension && known.sniff(*head)) return std::string(known.kind);
        continue;
      }
      if (known.magic.empty() && known.extension == extension && by_extension.empty()) by_extension = known.kind;
    }
  }
  return by_extension;
}

}  // namespace anmkit
