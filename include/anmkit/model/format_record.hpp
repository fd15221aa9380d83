#pragma once
// What a format needs back that a clip cannot say (its version, how its frames were counted, its
// bone order), as named values: exporters record it (glTF extras.anmkit), importers restore it,
// and the format reads it back when it writes a file from the clip. Typed, so that no layer
// between the format and the interchange file prints or parses it.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace anmkit::model {

// The kinds of value a record holds (JSON's, without nesting: a list holds names).
using RecordValue = std::variant<bool, std::uint64_t, std::int64_t, double, std::string, std::vector<std::string>>;

struct RecordField {
  std::string name;
  RecordValue value;
  friend bool operator==(const RecordField&, const RecordField&) = default;
};

struct FormatRecord {
  std::vector<RecordField> fields;  // in the format's order; names unique

  bool empty() const { return fields.empty(); }
  // The field's value when it is there and of kind T; else null.
  template <class T>
  const T* get(std::string_view name) const {
    for (const RecordField& f : fields) {
      if (f.name == name) return std::get_if<T>(&f.value);
    }
    return nullptr;
  }
  friend bool operator==(const FormatRecord&, const FormatRecord&) = default;
};

}  // namespace anmkit::model
