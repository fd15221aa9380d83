#include "gltf_read.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "anmkit/core/byte_reader.hpp"
#include "anmkit/core/file_source.hpp"

namespace anmkit::gltf::detail {
namespace {

using json = json_input::json;
using json_input::child;
using json_input::fail;

[[noreturn]] void fail_with(ErrorCode code, const std::string& pointer, Wording message) {
  Error e = make_error(code, std::move(message));
  e.pointer = pointer;
  throw ErrorException{std::move(e)};
}

// Members glTF leaves optional; nullptr when absent.
const json* optional_member(const json& object, const char* name) {
  const auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

const json& object(const json& value, const std::string& pointer) {
  if (!value.is_object()) fail(pointer, fmt::format("expected an object, found {}", value.type_name()));
  return value;
}

// An index into a list of `size` things named `what`.
std::size_t index(const json& value, const std::string& pointer, std::size_t size, const char* what) {
  if (size == 0) fail(pointer, fmt::format("expected an index of {}, but the file has none", what));
  return std::size_t(json_input::unsigned_integer(value, pointer, size - 1));
}

std::uint64_t optional_unsigned(const json& object, const std::string& pointer, const char* name, std::uint64_t max,
                                std::uint64_t fallback) {
  const json* v = optional_member(object, name);
  return v ? json_input::unsigned_integer(*v, child(pointer, name), max) : fallback;
}

// A number a float holds (a double past float range would be undefined to convert).
float float_number(const json& value, const std::string& pointer) {
  if (!value.is_number() || !(std::fabs(value.get<double>()) <= double(std::numeric_limits<float>::max()))) {
    fail(pointer, fmt::format("expected a number in float range, found {}", value.dump()));
  }
  return float(value.get<double>());
}

template <std::size_t N>
std::array<float, N> float_array(const json& object, const std::string& pointer, const char* name, std::array<float, N> fallback) {
  const json* v = optional_member(object, name);
  if (!v) return fallback;
  const std::string at = child(pointer, name);
  if (!v->is_array() || v->size() != N) fail(at, fmt::format("expected an array of {} numbers, found {}", N, v->dump()));
  std::array<float, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = float_number((*v)[i], child(at, i));
  return out;
}

// The JSON chunk and the BIN chunk (empty when there is none) of a GLB (glTF 2.0, section 4.4).
struct Glb {
  std::span<const std::uint8_t> text, bin;
};

Glb split_glb(std::span<const std::uint8_t> bytes) {
  ByteReader r(bytes);
  r.expect_tag("glTF", "the GLB magic");
  const std::uint32_t version = r.u32("the GLB version");
  if (version != 2) r.fail_at(4, ErrorCode::bad_value, fmt::format("expected GLB version 2, found {}", version));
  const std::uint32_t length = r.u32("the GLB length");
  if (length != bytes.size()) {
    r.fail_at(8, ErrorCode::bad_value, fmt::format("expected the GLB length to be the file's {} bytes, found {}", bytes.size(), length));
  }
  Glb glb;
  const std::uint32_t json_length = r.u32("the JSON chunk's length");
  r.expect_tag("JSON", "the JSON chunk");
  glb.text = r.bytes(json_length, "the JSON chunk");
  if (r.remaining() > 0) {
    const std::uint32_t bin_length = r.u32("the BIN chunk's length");
    r.expect_tag(std::string_view("BIN\0", 4), "the BIN chunk");
    glb.bin = r.bytes(bin_length, "the BIN chunk");
  }
  return glb;
}

int base64_digit(std::uint8_t c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// "data:[<media type>];base64,<data>" (RFC 2397); glTF embeds buffers only in base64.
std::vector<std::uint8_t> decode_data_uri(const std::string& uri, const std::string& pointer) {
  const auto comma = uri.find(',');
  if (comma == std::string::npos || comma < 7 || uri.compare(comma - 7, 7, ";base64") != 0) {
    fail(pointer, "expected a data URI in base64 (data:...;base64,...)");
  }
  std::vector<std::uint8_t> out;
  out.reserve((uri.size() - comma) / 4 * 3);
  std::uint32_t bits = 0;
  int held = 0;
  std::size_t padding = 0;
  for (std::size_t i = comma + 1; i < uri.size(); ++i) {
    const auto c = std::uint8_t(uri[i]);
    if (c == '=' && padding < 2) {
      ++padding;
      continue;
    }
    const int digit = base64_digit(c);
    if (digit < 0 || padding > 0) fail(pointer, fmt::format("expected base64 data, found byte 0x{:02x} at character {}", c, i));
    bits = (bits << 6) | std::uint32_t(digit);
    held += 6;
    if (held >= 8) {
      held -= 8;
      out.push_back(std::uint8_t(bits >> held));
    }
  }
  return out;
}

// %XX escapes, as a URI spells a file name.
std::string percent_decoded(const std::string& uri, const std::string& pointer) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] != '%') {
      out += uri[i];
      continue;
    }
    const auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
    if (i + 2 >= uri.size() || hex(uri[i + 1]) < 0 || hex(uri[i + 2]) < 0) {
      fail(pointer, fmt::format("expected %XX (two hex digits) at character {} of the URI", i));
    }
    out += char(hex(uri[i + 1]) * 16 + hex(uri[i + 2]));
    i += 2;
  }
  return out;
}

// Whether a URI's file name is no name below the glTF file's folder: absolute, with a drive or a
// root, or with a ".." part (separators as the platform's paths have them).
bool leaves_its_folder(std::string_view name) {
#if defined(_WIN32)
  constexpr std::string_view separators = "/\\";
#else
  constexpr std::string_view separators = "/";
#endif
  if (name.find(':') != std::string_view::npos || (!name.empty() && separators.find(name[0]) != std::string_view::npos)) return true;
  while (!name.empty()) {
    const auto cut = name.find_first_of(separators);
    if (name.substr(0, cut) == "..") return true;
    name = cut == std::string_view::npos ? std::string_view() : name.substr(cut + 1);
  }
  return false;
}

// An external buffer: a regular file in the glTF file's folder or below it, counted against
// the input limit with the glTF file and the other external buffers (`budget` is what is left).
std::vector<std::uint8_t> read_external(const std::string& uri, const std::string& pointer, const ReadOptions& options,
                                        std::uint64_t& budget) {
  if (options.folder.empty() || !options.files) {
    fail(pointer, "expected a data: URI (the glTF came without a folder to read external files from)");
  }
  const std::string name = percent_decoded(uri, pointer);
  if (leaves_its_folder(name) || name.empty() || name.find('\0') != std::string::npos) {
    fail(pointer, fmt::format("expected a file name relative to the glTF file's folder, not leaving it; found \"{}\"", name));
  }
  // Read by the file source through one open, checked where it is open: a link in the folder (or
  // one swapped in since) that leads out of it is refused, never read into the import.
  std::string path;
  const auto within_budget = [&](const OpenedFile& opened) -> Expected<void> {
    if (opened.size <= budget) return {};
    return make_error(ErrorCode::too_large,
                      past_limit(fmt::format("external buffer {} ({} bytes) takes the input past the limit of {} bytes",
                                             path, opened.size, options.limits.max_input_bytes), "limits.max_input_bytes"));
  };
  auto bytes = options.files->read_below(options.folder, name, "the glTF file's folder", budget, within_budget, path);
  // The budget's refusal (the check's own, naming no file) says the buffer's name already.
  if (!bytes && bytes.error().code == ErrorCode::too_large && bytes.error().file.empty()) {
    fail_with(ErrorCode::too_large, pointer, wording_of(bytes.error()));
  }
  if (!bytes) {
    Wording why(fmt::format("external buffer {}: ", path));
    why += wording_of(bytes.error());
    fail_with(bytes.error().code, pointer, std::move(why));
  }
  budget -= bytes->size();
  return std::move(*bytes);
}

void read_buffers(GltfFile& file, const Glb& glb, bool binary, const ReadOptions& options, std::uint64_t budget) {
  const json* buffers = optional_member(file.root, "buffers");
  if (!buffers) return;
  json_input::array(*buffers, "/buffers");
  for (std::size_t i = 0; i < buffers->size(); ++i) {
    const std::string at = child("/buffers", i);
    const json& b = object((*buffers)[i], at);
    const std::uint64_t length = json_input::unsigned_integer(json_input::member(b, at, "byteLength"), child(at, "byteLength"),
                                                              options.limits.max_input_bytes);
    const json* uri = optional_member(b, "uri");
    std::span<const std::uint8_t> data;
    if (!uri) {
      if (!binary || i != 0) fail(at, "expected a uri (only a GLB's first buffer is its BIN chunk)");
      data = glb.bin;
    } else {
      const std::string& text = json_input::string(*uri, child(at, "uri"));
      file.storage.push_back(text.rfind("data:", 0) == 0 ? decode_data_uri(text, child(at, "uri"))
                                                         : read_external(text, child(at, "uri"), options, budget));
      data = file.storage.back();
    }
    // A GLB's BIN chunk may be padded to 4 bytes; data URIs and files hold the buffer exactly.
    if (uri ? data.size() != length : data.size() < length) {
      fail(child(at, "byteLength"), fmt::format("expected {} bytes, the buffer's data holds {}", length, data.size()));
    }
    file.buffers.push_back(data.first(std::size_t(length)));
  }
}

void read_nodes(GltfFile& file) {
  const json* nodes = optional_member(file.root, "nodes");
  if (!nodes) return;
  json_input::array(*nodes, "/nodes");
  file.nodes.reserve(nodes->size());
  for (std::size_t i = 0; i < nodes->size(); ++i) {
    const std::string at = child("/nodes", i);
    const json& n = object((*nodes)[i], at);
    GltfNode node;
    if (const json* name = optional_member(n, "name")) node.name = json_input::string(*name, child(at, "name"));
    node.translation = float_array<3>(n, at, "translation", node.translation);
    node.rotation = float_array<4>(n, at, "rotation", node.rotation);
    node.scale = float_array<3>(n, at, "scale", node.scale);
    node.has_matrix = optional_member(n, "matrix") != nullptr;
    node.matrix = float_array<16>(n, at, "matrix", node.matrix);
    if (const json* mesh = optional_member(n, "mesh")) {
      node.has_mesh = true;
      node.mesh = json_input::unsigned_integer(*mesh, child(at, "mesh"), UINT32_MAX);
    }
    if (const json* skin = optional_member(n, "skin")) {
      node.has_skin = true;
      node.skin = json_input::unsigned_integer(*skin, child(at, "skin"), UINT32_MAX);
    }
    file.nodes.push_back(std::move(node));
  }
  // Parents from the children lists: a child named by two parents keeps the first.
  for (std::size_t i = 0; i < nodes->size(); ++i) {
    const std::string at = child("/nodes", i);
    const json* children = optional_member((*nodes)[i], "children");
    if (!children) continue;
    const std::string list_at = child(at, "children");
    json_input::array(*children, list_at);
    for (std::size_t k = 0; k < children->size(); ++k) {
      const std::size_t c = index((*children)[k], child(list_at, k), nodes->size(), "nodes");
      if (file.nodes[c].parent == SIZE_MAX && c != i) file.nodes[c].parent = i;
    }
  }
}

void read_animations(GltfFile& file) {
  const json* animations = optional_member(file.root, "animations");
  if (!animations) return;
  json_input::array(*animations, "/animations");
  for (std::size_t a = 0; a < animations->size(); ++a) {
    const std::string at = child("/animations", a);
    const json& anim = object((*animations)[a], at);
    GltfAnimation out;
    if (const json* name = optional_member(anim, "name")) out.name = json_input::string(*name, child(at, "name"));
    out.extras = optional_member(anim, "extras");
    const std::string samplers_at = child(at, "samplers");
    const json& samplers = json_input::array(json_input::member(anim, at, "samplers"), samplers_at);
    for (std::size_t s = 0; s < samplers.size(); ++s) {
      const std::string s_at = child(samplers_at, s);
      const json& sampler = object(samplers[s], s_at);
      GltfSampler g;
      // Accessor indices are checked against the accessors when they are read.
      g.input = std::size_t(json_input::unsigned_integer(json_input::member(sampler, s_at, "input"), child(s_at, "input"), UINT32_MAX));
      g.output = std::size_t(json_input::unsigned_integer(json_input::member(sampler, s_at, "output"), child(s_at, "output"), UINT32_MAX));
      g.interpolation = "LINEAR";
      if (const json* i = optional_member(sampler, "interpolation")) {
        g.interpolation = json_input::string(*i, child(s_at, "interpolation"));
        if (g.interpolation != "LINEAR" && g.interpolation != "STEP" && g.interpolation != "CUBICSPLINE") {
          fail(child(s_at, "interpolation"), fmt::format("expected LINEAR, STEP or CUBICSPLINE, found {}", i->dump()));
        }
      }
      out.samplers.push_back(std::move(g));
    }
    const std::string channels_at = child(at, "channels");
    const json& channels = json_input::array(json_input::member(anim, at, "channels"), channels_at);
    for (std::size_t c = 0; c < channels.size(); ++c) {
      const std::string c_at = child(channels_at, c);
      const json& channel = object(channels[c], c_at);
      GltfChannel g;
      g.sampler = index(json_input::member(channel, c_at, "sampler"), child(c_at, "sampler"), out.samplers.size(), "a sampler");
      const std::string t_at = child(c_at, "target");
      const json& target = object(json_input::member(channel, c_at, "target"), t_at);
      if (const json* node = optional_member(target, "node")) {
        g.has_node = true;
        g.node = index(*node, child(t_at, "node"), file.nodes.size(), "a node");
      }
      g.path = json_input::string(json_input::member(target, t_at, "path"), child(t_at, "path"));
      out.channels.push_back(std::move(g));
    }
    file.animations.push_back(std::move(out));
  }
}

}  // namespace

std::span<const std::uint8_t> GltfFile::view_bytes(std::size_t v, const std::string& user) const {
  const json* views = optional_member(root, "bufferViews");
  const std::size_t view_count = views && views->is_array() ? views->size() : 0;
  if (v >= view_count) fail(user, fmt::format("expected a buffer view index, found {} (the file has {} buffer views)", v, view_count));
  const std::string v_at = child("/bufferViews", v);
  const auto& view = object((*views)[v], v_at);
  const std::size_t b = index(json_input::member(view, v_at, "buffer"), child(v_at, "buffer"), buffers.size(), "a buffer");
  const std::span<const std::uint8_t> buffer = buffers[b];
  const std::uint64_t offset = optional_unsigned(view, v_at, "byteOffset", buffer.size(), 0);
  const std::uint64_t length =
      json_input::unsigned_integer(json_input::member(view, v_at, "byteLength"), child(v_at, "byteLength"), buffer.size() - offset);
  return buffer.subspan(std::size_t(offset), std::size_t(length));
}

std::vector<bool> GltfFile::views_read_by_accessors() const {
  const json* views = optional_member(root, "bufferViews");
  std::vector<bool> read(views && views->is_array() ? views->size() : 0, false);
  const json* accessors = optional_member(root, "accessors");
  if (!accessors || !accessors->is_array()) return read;
  for (const json& a : *accessors) {
    const json* v = a.is_object() ? optional_member(a, "bufferView") : nullptr;
    if (v && v->is_number_unsigned() && v->get<std::uint64_t>() < read.size()) read[std::size_t(v->get<std::uint64_t>())] = true;
  }
  return read;
}

namespace {

struct AccessorHead {
  const json* object = nullptr;
  std::string at;
  std::uint64_t count = 0;
};

// Accessor `accessor`: its object, checked to hold `width`-component 32-bit floats, and its count.
AccessorHead float_accessor(const json& root, std::size_t accessor, std::size_t width, const std::string& user) {
  const json* accessors = optional_member(root, "accessors");
  if (!accessors || !accessors->is_array() || accessor >= accessors->size()) {
    fail(user, fmt::format("expected an accessor index, found {} (the file has {} accessors)", accessor,
                           accessors && accessors->is_array() ? accessors->size() : 0));
  }
  AccessorHead head;
  head.at = child("/accessors", accessor);
  const auto& a = object((*accessors)[accessor], head.at);
  head.object = &a;
  const std::string& at = head.at;
  const std::uint64_t type = json_input::unsigned_integer(json_input::member(a, at, "componentType"), child(at, "componentType"), UINT32_MAX);
  if (type != 5126) fail(child(at, "componentType"), fmt::format("expected 5126 (32-bit float), found {}", type));
  const char* expected_type = width == 1 ? "SCALAR" : width == 3 ? "VEC3" : width == 4 ? "VEC4" : "MAT4";
  const std::string& type_name = json_input::string(json_input::member(a, at, "type"), child(at, "type"));
  if (type_name != expected_type) fail(child(at, "type"), fmt::format("expected \"{}\", found \"{}\"", expected_type, type_name));
  head.count = json_input::unsigned_integer(json_input::member(a, at, "count"), child(at, "count"), UINT64_MAX);
  if (head.count == 0) fail(child(at, "count"), "expected an integer from 1, found 0");
  return head;
}

}  // namespace

FloatView GltfFile::accessor_view(const json& a, const std::string& at, std::size_t accessor, std::size_t width, std::uint64_t count) const {
  const std::uint64_t offset = optional_unsigned(a, at, "byteOffset", UINT64_MAX, 0);
  const json* views = optional_member(root, "bufferViews");
  const std::size_t view_count = views && views->is_array() ? views->size() : 0;
  const json* view_index = optional_member(a, "bufferView");
  if (!view_index) fail(at, "expected a bufferView (an accessor without one holds only zeros)");
  const std::size_t v = index(*view_index, child(at, "bufferView"), view_count, "a buffer view");
  const std::string v_at = child("/bufferViews", v);
  const auto& view = object((*views)[v], v_at);
  const std::size_t b = index(json_input::member(view, v_at, "buffer"), child(v_at, "buffer"), buffers.size(), "a buffer");
  const std::span<const std::uint8_t> buffer = buffers[b];
  const std::uint64_t view_offset = optional_unsigned(view, v_at, "byteOffset", buffer.size(), 0);
  const std::uint64_t view_length = json_input::unsigned_integer(json_input::member(view, v_at, "byteLength"),
                                                                 child(v_at, "byteLength"), buffer.size() - view_offset);
  const std::size_t element = width * 4;
  std::uint64_t stride = element;
  if (const json* s = optional_member(view, "byteStride")) {
    stride = json_input::unsigned_integer(*s, child(v_at, "byteStride"), 252);
    if (stride < element || stride % 4 != 0) {
      fail(child(v_at, "byteStride"), fmt::format("expected a multiple of 4 from {} to 252 for accessor {}, found {}", element, accessor, stride));
    }
  }
  // The last element must end within the view: offset + (count - 1) * stride + element <=
  // view_length, compared without sums or products that could wrap.
  if (offset > view_length || element > view_length - offset) {
    fail(child(at, "byteOffset"), fmt::format("accessor {} runs past its buffer view", accessor));
  }
  if (count - 1 > (view_length - offset - element) / stride) fail(child(at, "count"), fmt::format("accessor {} runs past its buffer view", accessor));
  return FloatView{buffer.data() + view_offset + offset, std::size_t(count), std::size_t(stride), width};
}

FloatView GltfFile::floats(std::size_t accessor, std::size_t width, const std::string& user) const {
  const AccessorHead head = float_accessor(root, accessor, width, user);
  if (optional_member(*head.object, "sparse")) fail(child(head.at, "sparse"), "expected an accessor without sparse storage (anmkit reads none here)");
  return accessor_view(*head.object, head.at, accessor, width, head.count);
}

std::vector<float> GltfFile::dense_floats(std::size_t accessor, std::size_t width, std::uint64_t expected_count,
                                          const std::string& user) const {
  const AccessorHead head = float_accessor(root, accessor, width, user);
  const json& a = *head.object;
  const std::string& at = head.at;
  // The caller's count comes from data the file holds: an accessor of zeros and a few sparse
  // values cannot ask for more.
  if (head.count != expected_count) {
    fail(child(at, "count"), fmt::format("expected {} elements, as many as the attribute it goes with, found {}", expected_count, head.count));
  }
  std::vector<float> out(std::size_t(head.count) * width, 0.0f);
  if (optional_member(a, "bufferView")) {
    const FloatView v = accessor_view(a, at, accessor, width, head.count);
    for (std::size_t e = 0; e < v.count; ++e) {
      for (std::size_t c = 0; c < width; ++c) out[e * width + c] = v.at(e, c);
    }
  }
  const json* sparse = optional_member(a, "sparse");
  if (!sparse) {
    if (!optional_member(a, "bufferView")) fail(at, "expected a bufferView or sparse values (an accessor of zeros only)");
    return out;
  }
  const std::string s_at = child(at, "sparse");
  const json& sp = object(*sparse, s_at);
  const std::uint64_t n = json_input::unsigned_integer(json_input::member(sp, s_at, "count"), child(s_at, "count"), head.count);
  if (n == 0) fail(child(s_at, "count"), "expected an integer from 1, found 0");
  const std::string i_at = child(s_at, "indices"), v_at = child(s_at, "values");
  const json& indices = object(json_input::member(sp, s_at, "indices"), i_at);
  const json& values = object(json_input::member(sp, s_at, "values"), v_at);
  const std::uint64_t type = json_input::unsigned_integer(json_input::member(indices, i_at, "componentType"), child(i_at, "componentType"), UINT32_MAX);
  const std::size_t index_size = type == 5121 ? 1 : type == 5123 ? 2 : type == 5125 ? 4 : 0;
  if (index_size == 0) fail(child(i_at, "componentType"), fmt::format("expected 5121, 5123 or 5125 (unsigned integers), found {}", type));
  const auto part = [&](const json& o, const std::string& o_at, std::uint64_t element) {
    const json* views = optional_member(root, "bufferViews");
    const std::size_t view_count = views && views->is_array() ? views->size() : 0;
    const std::size_t v = index(json_input::member(o, o_at, "bufferView"), child(o_at, "bufferView"), view_count, "a buffer view");
    const auto bytes = view_bytes(v, child(o_at, "bufferView"));
    const std::uint64_t offset = optional_unsigned(o, o_at, "byteOffset", bytes.size(), 0);
    // n elements from offset, within the view (n <= count, element <= 16: no wrap).
    if (n > (bytes.size() - offset) / element) fail(o_at, fmt::format("expected {} elements of {} bytes within its buffer view", n, element));
    return bytes.subspan(std::size_t(offset), std::size_t(n * element));
  };
  const auto index_bytes = part(indices, i_at, index_size);
  const auto value_bytes = part(values, v_at, width * 4);
  std::uint64_t previous = 0;
  for (std::size_t k = 0; k < n; ++k) {
    std::uint64_t i = 0;
    for (std::size_t b = index_size; b-- > 0;) i = i << 8 | index_bytes[k * index_size + b];  // little endian
    if (i >= head.count || (k > 0 && i <= previous)) {
      fail(i_at, fmt::format("expected indices ascending below {}, found {} at {}", head.count, i, k));
    }
    previous = i;
    std::memcpy(&out[std::size_t(i) * width], value_bytes.data() + k * width * 4, width * 4);
  }
  return out;
}

GltfFile read_gltf(std::span<const std::uint8_t> bytes, const ReadOptions& options) {
  const bool binary = bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0;
  if (bytes.size() > options.limits.max_input_bytes) {
    fail_with(ErrorCode::too_large, "", past_limit(fmt::format("the input is {} bytes, more than the limit of {}",
                                                     bytes.size(), options.limits.max_input_bytes), "limits.max_input_bytes"));
  }
  Glb glb;
  GltfFile file;
  try {
    if (binary) glb = split_glb(bytes);
    file.root = json_input::parse(binary ? glb.text : bytes, options.limits.max_json_depth);
  } catch (ErrorException& e) {
    prepend(e.error, "not a readable glTF file: ");
    throw;
  }
  object(file.root, "");
  const json& asset = object(json_input::member(file.root, "", "asset"), "/asset");
  json_input::string(json_input::member(asset, "/asset", "version"), "/asset/version");
  read_buffers(file, glb, binary, options, options.limits.max_input_bytes - bytes.size());
  read_nodes(file);
  read_animations(file);
  return file;
}

}  // namespace anmkit::gltf::detail
