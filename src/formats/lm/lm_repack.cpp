#include "anmkit/formats/lm/lm_repack.hpp"

#include <map>

#include <fmt/format.h>

#include "anmkit/formats/lm/lm_curves.hpp"

namespace anmkit::lm {

Expected<File> repack(const File& file) {
  auto data = track_data(file);
  if (!data) return data.error();
  return pack(file, *data);
}

Expected<File> pack(const File& file, const std::vector<TrackData>& data) {
  if (data.size() != file.groups.size()) {
    return make_error(ErrorCode::bad_value, fmt::format("{} nodes of track data for {} node groups", data.size(), file.groups.size()));
  }
  File out;
  out.version = file.version;
  out.loop = file.loop;
  out.padding = file.padding;
  out.frame_count = file.frame_count;
  out.groups = file.groups;
  std::array<std::map<std::vector<std::uint32_t>, std::uint16_t>, 3> stored;  // run -> index
  for (std::size_t n = 0; n < file.groups.size(); ++n) {
    for (std::size_t slot = 0; slot < 9; ++slot) {
      Track& t = out.groups[n].tracks[slot];
      const auto& run = data[n][slot];
      if (run.empty()) {
        t.index = 0;
        continue;
      }
      const std::size_t kind = std::size_t(track_kind(slot));
      auto& array = out.arrays[kind];
      auto [it, inserted] = stored[kind].try_emplace(run, std::uint16_t(0));
      if (inserted) {
        if (array.size() > 0xffff) {
          return make_error(ErrorCode::unsupported,
                            fmt::format("the {} array would need more than 65536 floats; track indices are 16-bit",
                                        array_name(ArrayKind(kind))));
        }
        it->second = std::uint16_t(array.size());
        array.insert(array.end(), run.begin(), run.end());
      }
      t.index = it->second;
    }
  }
  return out;
}

}  // namespace anmkit::lm
