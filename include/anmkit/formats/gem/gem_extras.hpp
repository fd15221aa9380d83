#pragma once
// What a GEM clip needs back after a trip through a format that cannot hold it (glTF): the
// version, the bone map's order, frame count and fps (model::Clip::record). Its events, mesh
// payloads and comments are the clip's own, which glTF records beside it.

#include "anmkit/formats/gem/gem_file.hpp"
#include "anmkit/model/clip.hpp"

namespace anmkit::gem {

model::FormatRecord clip_record(const File& file, const model::Clip& clip);

}  // namespace anmkit::gem
