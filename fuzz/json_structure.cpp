// A structure-aware libFuzzer target for `build` (Document::from_json): the mutator edits one
// value of a valid dump as a person would (a number to a boundary, a name to an escape, a value
// to deep nesting, a member given twice) instead of flipping bytes, which rarely keeps the JSON
// readable. Each input must build and read back, or be refused with an error, never crash.
// Built by fuzz/CMakeLists.txt as fuzz_json_structure; seeds and dictionary: those of json_build.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "anmkit/anmkit.hpp"
#include "anmkit/core/json_input.hpp"
#include "fidelity.hpp"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

using json = nlohmann::ordered_json;

// Every value of the document, without recursion.
std::vector<json*> all_values(json& root) {
  std::vector<json*> out{&root};
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i]->is_structured()) {
      for (auto& child : *out[i]) out.push_back(&child);
    }
  }
  return out;
}

json boundary_number(std::mt19937& rng) {
  static const json values[] = {json(0), json(-1), json(255), json(256), json(65535), json(65536),
                                json(2147483647), json(2147483648u), json(-2147483648ll), json(-2147483649ll),
                                json(4294967295u), json(4294967296ull), json(9223372036854775807ll),
                                json(9223372036854775808ull), json(18446744073709551615ull), json(18446744073709551614ull),
                                json(1e308), json(-1e308), json(1e-320), json(-0.0), json(0.5), json(3.4028235e38),
                                json("bits:0x7fc00000"), json("bits:0x7f800000"), json(nullptr), json(true)};
  return values[rng() % std::size(values)];
}

json escaped_name(std::mt19937& rng, const json& old) {
  static const char* const names[] = {"hex:e9", "hex:ff", "hex:", "hex:zz", "hex:e", "hex:686578", "HEX:41",
                                      "hex:626173e969730a", "basis", "", "\x1b[31m"};
  if (old.is_string() && rng() % 4 == 0) return "hex:" + old.get<std::string>();
  return names[rng() % std::size(names)];
}

// [[[[ ... ]]]]: deeper than the default limit, or right at it.
json deep(std::mt19937& rng) {
  const std::size_t levels = rng() % 2 ? 64 : 65 + rng() % 200;
  json v = json::array();
  for (std::size_t i = 1; i < levels; ++i) v = json::array({std::move(v)});
  return v;
}

constexpr const char* dup_marker = "\x01" "anmkit-duplicate";

std::string mutate(std::string text, unsigned seed) {
  std::mt19937 rng(seed);
  json doc;
  try {
    doc = anmkit::json_input::parse({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
  } catch (const anmkit::ErrorException&) {
    return {};
  }
  auto values = all_values(doc);
  json& target = *values[rng() % values.size()];
  std::string duplicate_key;
  switch (rng() % 6) {
    case 0: target = boundary_number(rng); break;
    case 1: target = escaped_name(rng, target); break;
    case 2: target = deep(rng); break;
    case 3:  // a member given twice
      if (target.is_object() && !target.empty()) {
        duplicate_key = target.begin().key();
        target[dup_marker] = boundary_number(rng);
      }
      break;
    case 4:  // more elements: counts past the limits
      if (target.is_array() && !target.empty()) {
        const std::size_t copies = 1 + rng() % 64;
        const json first = target.front();
        for (std::size_t i = 0; i < copies; ++i) target.push_back(first);
      }
      break;
    default:
      if (target.is_structured() && !target.empty()) target.erase(target.begin());
      break;
  }
  std::string out = doc.dump(-1, ' ', false, json::error_handler_t::ignore);
  if (!duplicate_key.empty()) {
    const std::string marker = json(dup_marker).dump(-1, ' ', true);
    if (auto at = out.find(marker); at != std::string::npos) out.replace(at, marker.size(), json(duplicate_key).dump());
  }
  return out;
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned seed) {
  const std::string out = mutate(std::string(reinterpret_cast<const char*>(data), size), seed);
  if (out.empty() || out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (auto failure = anmkit::fuzz::check_json_structure({data, size})) {
    std::fprintf(stderr, "fidelity failure: %s\n", failure->c_str());
    std::abort();
  }
  return 0;
}
