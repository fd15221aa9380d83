#pragma once
// GEM MESH keys for the mesh animation an import onto a model read (model::Clip::mesh_motions,
// Blender's shape keys through glTF). The bone whose own mesh (its finest .ply, read beside the
// .mdl as the figure reads it) a motion moves is the one the source hangs it on, else one whose
// mesh file has the motion's name ("trackl.ply", Blender's "trackl.ply.001"): the first whose
// .ply the motion's rest vertices match in that bone's frame. Its payloads (gem::mesh::mesh_keys)
// go on that bone's track of the clip (made when the bone has no other keys).

#include <string>

#include "anmkit/anmkit.hpp"
#include "anmkit/formats/gem/mdl.hpp"
#include "anmkit/model/clip.hpp"
#include "anmkit/model/skeleton.hpp"

namespace anmkit::detail {

// Refused, naming them: a motion that is no bone's mesh, a .ply that cannot be read, and what
// mesh_keys refuses of the first bone tried. `skeleton`: the model's (gem::to_skeleton, one joint a
// bone); `options` reads the files (read_referenced_input).
Expected<void> add_mesh_keys(model::Clip& clip, const std::string& mdl_path, const gem::Mdl& mdl, const model::Skeleton& skeleton,
                             const OpenOptions& options);

}  // namespace anmkit::detail
