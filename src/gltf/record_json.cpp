#include "record_json.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace anmkit::gltf {
namespace {

// Members of extras.anmkit that the glTF layer writes from the clip itself (gltf.cpp's add_records).
constexpr std::array<std::string_view, 4> clip_records{"visibility", "mirrored", "mesh", "comments"};

}  // namespace

nlohmann::ordered_json record_json(const model::FormatRecord& record) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const model::RecordField& field : record.fields) {
    std::visit([&](const auto& value) { out[field.name] = value; }, field.value);
  }
  return out;
}

model::FormatRecord record_of(const nlohmann::ordered_json& extras) {
  model::FormatRecord record;
  if (!extras.is_object()) return record;
  for (const auto& [name, value] : extras.items()) {
    if (std::find(clip_records.begin(), clip_records.end(), name) != clip_records.end()) continue;
    switch (value.type()) {
      case nlohmann::ordered_json::value_t::boolean:
        record.fields.push_back({name, value.get<bool>()});
        break;
      case nlohmann::ordered_json::value_t::number_unsigned:
        record.fields.push_back({name, value.get<std::uint64_t>()});
        break;
      case nlohmann::ordered_json::value_t::number_integer:
        record.fields.push_back({name, value.get<std::int64_t>()});
        break;
      case nlohmann::ordered_json::value_t::number_float:
        record.fields.push_back({name, value.get<double>()});
        break;
      case nlohmann::ordered_json::value_t::string:
        record.fields.push_back({name, value.get<std::string>()});
        break;
      case nlohmann::ordered_json::value_t::array: {
        std::vector<std::string> names;
        bool all_names = true;
        for (const auto& item : value) {
          if (!item.is_string()) {
            all_names = false;
            break;
          }
          names.push_back(item.get<std::string>());
        }
        if (all_names) record.fields.push_back({name, std::move(names)});
        break;
      }
      default:
        break;
    }
  }
  return record;
}

}  // namespace anmkit::gltf
