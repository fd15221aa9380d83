#pragma once
// An armour file as JSON, for `anmkit info --json` and the C API's resource summary.

#include <nlohmann/json.hpp>

#include "anmkit/formats/gem/armour.hpp"

namespace anmkit::gem {

// {"forms": [{name, text}], "volumes": [{name, thickness, tags}]}
nlohmann::ordered_json armour_json(const Armour& armour);

}  // namespace anmkit::gem
