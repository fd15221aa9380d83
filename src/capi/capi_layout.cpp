// anmkit_abi_layout: every struct of anmkit.h as the compiler lays it out, so that the bindings
// that cannot include the header follow it instead of copying it (python/anmkit/_capi.py checks
// its ctypes Structures against it at import; viewer/src/anmkit.js takes its offsets from it).
//
// The fields are listed by hand in capi_fields.hpp, in header order: a field added to a struct is
// an entry in its LAYOUT line; a struct added is a LAYOUT line there and a place in
// write_anmkit_layout's list here. A field forgotten fails the build when it leaves a gap that no
// padding explains (the static_assert in write_struct; one that fits in padding does not), and
// always fails CApi.LayoutIsTheHeaders (tests/capi/layout_test.py), which parses anmkit.h and names
// any struct or field missing, extra or out of order. A field removed is no longer a member: a
// compile error. The text is made at compile time: static storage, no allocation, nothing to
// fail when called.

#include <cstddef>
#include <type_traits>

#include "capi_fields.hpp"

namespace {

using anmkit::capi::Field;
using anmkit::capi::Fields;

// True when the listed fields, in order, leave no gap a field could sit in: each starts where
// the one before ends, give or take its alignment's padding, and the last ends the struct.
template <class S>
constexpr bool fields_fill_the_struct() {
  std::size_t end = 0;
  for (const Field& f : Fields<S>::list) {
    if (f.offset < end || f.offset - end >= f.align) return false;
    end = f.offset + f.size;
  }
  return end <= sizeof(S) && sizeof(S) - end < alignof(S);
}

// Writes the text, or with `out` null only counts it (the first pass sizes the array).
struct Writer {
  char* out = nullptr;
  std::size_t size = 0;

  constexpr void put(char c) {
    if (out != nullptr) out[size] = c;
    ++size;
  }
  constexpr void put(const char* text) {
    while (*text != '\0') put(*text++);
  }
  constexpr void put(std::size_t value) {
    char digits[20]{};
    int n = 0;
    do {
      digits[n++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (n > 0) put(digits[--n]);
  }
  template <class Value>
  constexpr void member(const char* name, Value value) {  // "name":value
    put('"');
    put(name);
    put("\":");
    put(value);
  }
  constexpr void string_member(const char* name, const char* value) {  // "name":"value"
    put('"');
    put(name);
    put("\":\"");
    put(value);
    put('"');
  }
};

template <class S>
constexpr void write_struct(Writer& w, bool first) {
  static_assert(fields_fill_the_struct<S>(), "a field of this struct is not in its LAYOUT line, or out of order");
  if (!first) w.put(',');
  w.put('{');
  w.string_member("name", Fields<S>::name);
  w.put(',');
  w.member("size", sizeof(S));
  w.put(',');
  w.member("align", alignof(S));
  w.put(",\"fields\":[");
  bool first_field = true;
  for (const Field& f : Fields<S>::list) {
    if (!first_field) w.put(',');
    first_field = false;
    w.put('{');
    w.string_member("name", f.name);
    w.put(',');
    w.member("offset", f.offset);
    w.put(',');
    w.member("size", f.size);
    w.put(",\"type\":\"");
    w.put(f.type);
    if (f.count != 0) {
      w.put('[');
      w.put(f.count);
      w.put(']');
    }
    w.put("\"}");
  }
  w.put("]}");
}

template <class... S>
constexpr std::size_t write_layout(char* out) {
  Writer w{out};
  w.put('{');
  w.member("pointer_size", sizeof(void*));
  w.put(",\"structs\":[");
  bool first = true;
  ((write_struct<S>(w, first), first = false), ...);
  w.put("]}");
  if (out != nullptr) out[w.size] = '\0';
  return w.size;
}

// Every struct of anmkit.h, in its order.
constexpr std::size_t write_anmkit_layout(char* out) {
  return write_layout<anmkit_error, anmkit_format_option, anmkit_format_info, anmkit_format_setting, anmkit_open_options,
                      anmkit_file_kind, anmkit_diagnostic, anmkit_save_options,
                      anmkit_gltf_import_options, anmkit_model_sequence, anmkit_export_options, anmkit_clip_info, anmkit_bone, anmkit_joint, anmkit_pose_arrays,
                      anmkit_sprite_info, anmkit_rect, anmkit_sprite_step, anmkit_mesh, anmkit_primitive,
                      anmkit_material, anmkit_texture, anmkit_morph_key, anmkit_mesh_morphs, anmkit_morph_target, anmkit_batch_result,
                      anmkit_batch_options>(out);
}

template <std::size_t N>
struct Text {
  char chars[N];
};

constexpr auto layout_text = [] {
  Text<write_anmkit_layout(nullptr) + 1> text{};
  write_anmkit_layout(text.chars);
  return text;
}();

}  // namespace

extern "C" const char* anmkit_abi_layout(void) { return layout_text.chars; }
