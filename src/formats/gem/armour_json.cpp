#include "anmkit/formats/gem/armour_json.hpp"

#include "anmkit/core/json_text.hpp"

namespace anmkit::gem {

nlohmann::ordered_json armour_json(const Armour& armour) {
  nlohmann::ordered_json forms = nlohmann::ordered_json::array(), volumes = nlohmann::ordered_json::array();
  for (const ArmourForm& f : armour.forms) forms.push_back({{"name", json_text(f.name)}, {"text", json_text(f.text)}});
  for (const ArmourVolume& v : armour.volumes) {
    nlohmann::ordered_json tags = nlohmann::ordered_json::array();
    for (const std::string& t : v.tags) tags.push_back(json_text(t));
    volumes.push_back({{"name", json_text(v.name)},
                       {"thickness", v.thickness ? nlohmann::ordered_json(json_text(*v.thickness)) : nlohmann::ordered_json()},
                       {"tags", std::move(tags)}});
  }
  return {{"forms", std::move(forms)}, {"volumes", std::move(volumes)}};
}

}  // namespace anmkit::gem
