#pragma once
// Edits of a `.mdl` that keep everything else of its text as it was: the sequences it declares.
// Each returns the model read again from the edited text, so that what it says is what will be
// written (write_mdl), or an error and no edit. New blocks are laid out as their neighbours are
// (their indentation, their keywords' letter case).

#include <cstddef>
#include <optional>
#include <string_view>

#include "anmkit/core/expected.hpp"
#include "anmkit/formats/gem/mdl.hpp"

namespace anmkit::gem {

// Declares {sequence "name" {file "file"}} in the {animation} of bone `bone` (-1: the skeleton's),
// after the sequences there; that {animation} is made when there is none. Refused (bad_value) when
// the name or the file is empty or holds '"', when `bone` is not a bone, or when a sequence of that
// name is declared there already.
Expected<Mdl> add_sequence(const Mdl& mdl, std::string_view name, std::string_view file, int bone = -1);

// Renames sequence `index` (Mdl::sequences). It plays the file it played: one without a {file} is
// given {file "<its old name>.anm"}, unless `file` names another file for it. Refused as
// add_sequence() refuses.
Expected<Mdl> rename_sequence(const Mdl& mdl, std::size_t index, std::string_view name,
                              std::optional<std::string_view> file = std::nullopt);

}  // namespace anmkit::gem
