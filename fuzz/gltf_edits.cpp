#include "gltf_edits.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <utility>

#include <nlohmann/json.hpp>

namespace anmkit::fuzz {
namespace {

using json = nlohmann::ordered_json;

struct Base {
  json doc;
  std::vector<json::json_pointer> leaves;   // every number and string
  std::vector<json::json_pointer> objects;  // every object (members are added there)
  std::vector<json::json_pointer> arrays;   // every array (elements are repeated there)
};

std::vector<Base>& bases() {
  static std::vector<Base> all;
  return all;
}

// Numbers at and around the edges of int, uint32, int64, uint64 and float.
constexpr std::array<std::uint64_t, 24> edges{0, 1, 2, 3, 4, 8, 12, 16, 252, 255, 256, 65535, 65536,
                                              2147483647ull, 2147483648ull, 4294967295ull, 4294967296ull, 4294967297ull,
                                              (1ull << 53) + 1, 1ull << 62, (1ull << 63) - 1, 1ull << 63,
                                              18446744073709551615ull, 4611686018427387905ull};
// Tokens nlohmann's own values cannot spell: past double, past uint64, not JSON at all, and
// strings that are not UTF-8 (its dump would drop or refuse the bytes): a name's lone 0xE9, 0xFF.
constexpr std::array<const char*, 12> raw_tokens{"1e400", "-1e400", "NaN", "Infinity", "18446744073709551616", "1e-400",
                                                 "-0", "99999999999999999999999", "-9223372036854775809", "4.5",
                                                 "\"bas\xe9is\"", "\"\xff\xfe\""};
// URIs, names and enumerations: folders, escapes of the folder, data URIs, bad escapes, UTF-8.
constexpr std::array<const char*, 28> strings{"", ".", "..", "/", "sub", "t.bin", "../t.bin", "/etc/passwd", "/dev/zero",
                                              "%2e%2e/t.bin", "%", "%zz", "file:///etc/passwd", "data:;base64,",
                                              "data:application/octet-stream;base64,AAAAAAAAAAAAAAAA", "data:,x",
                                              "data:;base64,====", "b\xc3\xa9", "LINEAR", "STEP", "CUBICSPLINE", "SCALAR",
                                              "VEC3", "VEC4", "translation", "rotation", "scale", "weights"};
// Members a valid export leaves out, added to any object.
constexpr std::array<const char*, 16> members{"byteOffset", "byteStride", "count", "bufferView", "buffer", "byteLength",
                                              "uri", "sparse", "extras", "node", "sampler", "input", "output",
                                              "interpolation", "translation", "anmkit"};

void collect(Base& base) {
  std::vector<json::json_pointer> pending{json::json_pointer()};
  while (!pending.empty()) {
    const json::json_pointer at = pending.back();
    pending.pop_back();
    const json& v = base.doc.at(at);
    if (v.is_object()) {
      base.objects.push_back(at);
      for (const auto& item : v.items()) pending.push_back(at / item.key());
    } else if (v.is_array()) {
      base.arrays.push_back(at);
      for (std::size_t i = 0; i < v.size(); ++i) pending.push_back(at / i);
    } else if (v.is_number() || v.is_string()) {
      base.leaves.push_back(at);
    }
  }
}

std::uint64_t u64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

// The value of a record; raw tokens become placeholders, replaced in the text afterwards.
json value_of(std::uint8_t kind, const std::uint8_t* payload, std::vector<std::string>& raws) {
  const std::uint64_t bits = u64(payload);
  switch (kind % 8) {
    case 0: return edges[payload[0] % edges.size()];
    case 1: return std::uint64_t(0) - 1 - payload[0];  // 2^64 - k
    case 2: return bits;
    case 3: return -std::int64_t(bits % 65536) - 1;
    case 4: {
      const double d = std::bit_cast<double>(bits);
      if (std::isfinite(d)) return d;
      [[fallthrough]];
    }
    case 5: {
      raws.push_back(raw_tokens[payload[0] % raw_tokens.size()]);
      return "\x01raw" + std::to_string(raws.size() - 1) + "\x01";
    }
    case 6: return strings[payload[0] % strings.size()];
    default: return bits % 64;  // an index near the lists' sizes
  }
}

}  // namespace

void set_gltf_edit_bases(std::vector<std::string> texts) {
  bases().clear();
  for (auto& text : texts) {
    Base base;
    base.doc = json::parse(text);
    collect(base);
    bases().push_back(std::move(base));
  }
}

std::vector<std::string> gltf_edit_leaves(std::size_t base) {
  std::vector<std::string> out;
  for (const auto& ptr : bases().at(base).leaves) out.push_back(ptr.to_string());
  return out;
}

std::string apply_gltf_edits(std::span<const std::uint8_t> input) {
  if (bases().empty() || input.empty()) return "{}";
  const Base& base = bases()[input[0] % bases().size()];
  json doc = base.doc;
  std::vector<std::string> raws;
  constexpr std::size_t record = 12;
  for (std::size_t at = 1; at + record <= input.size(); at += record) {
    const std::uint8_t* r = input.data() + at;
    const std::size_t place = std::size_t(r[1] | r[2] << 8);
    json value = value_of(r[3], r + 4, raws);
    // Places come from the unedited base; an earlier edit may have removed one.
    switch (r[0] % 4) {
      case 0: {
        const auto& ptr = base.leaves[place % base.leaves.size()];
        if (doc.contains(ptr)) doc[ptr] = std::move(value);
        break;
      }
      case 1: {
        const auto& ptr = base.objects[place % base.objects.size()];
        if (doc.contains(ptr) && doc[ptr].is_object()) doc[ptr][members[r[4] % members.size()]] = std::move(value);
        break;
      }
      case 2: {
        const auto& ptr = base.leaves[place % base.leaves.size()];
        if (doc.contains(ptr) && !ptr.empty()) {
          auto& parent = doc[ptr.parent_pointer()];
          if (parent.is_object()) parent.erase(ptr.back());
        }
        break;
      }
      default: {
        // Many elements sharing one accessor, sampler or node: copies of the first.
        const auto& ptr = base.arrays[place % base.arrays.size()];
        if (doc.contains(ptr) && doc[ptr].is_array() && !doc[ptr].empty()) {
          const json first = doc[ptr][0];
          for (std::size_t n = 0; n < std::size_t(r[4] % 64) + 1; ++n) doc[ptr].push_back(first);
        }
      }
    }
  }
  std::string text = doc.dump(-1, ' ', false, json::error_handler_t::ignore);
  for (std::size_t i = 0; i < raws.size(); ++i) {
    const std::string placeholder = "\"\\u0001raw" + std::to_string(i) + "\\u0001\"";
    for (auto found = text.find(placeholder); found != std::string::npos; found = text.find(placeholder, found)) {
      text.replace(found, placeholder.size(), raws[i]);
    }
  }
  return text;
}

}  // namespace anmkit::fuzz
