// anmkit_abi_layout: every struct of anmkit.h as the compiler lays it out, so that the bindings
// that cannot include the header follow it instead of copying it (python/anmkit/_capi.py checks
// its ctypes Structures against it at import; viewer/src/anmkit.js takes its offsets from it).
//
// The fields are listed here by hand, in header order: a field added to a struct is an entry in
// its LAYOUT line; a struct added is a LAYOUT line and a place in write_anmkit_layout's list. A
// field forgotten fails the build when it leaves a gap that no padding explains (the
// static_assert in write_struct; one that fits in padding does not), and always fails
// CApi.LayoutIsTheHeaders (tests/capi/layout_test.py), which parses anmkit.h and names any struct
// or field missing, extra or out of order. A field removed is no longer a member: a compile error.
// The text is made at compile time: static storage, no allocation, nothing to fail when called.

#include <cstddef>
#include <type_traits>

#include "anmkit/anmkit.h"

namespace {

struct Field {
  const char* name;
  std::size_t offset;
  std::size_t size;
  std::size_t align;
  const char* type;   // the element's, for an array
  std::size_t count;  // elements of an array; 0 for a scalar
};

// The type's name in the layout: what a binding needs to read the bytes (bits, signedness).
template <class T>
constexpr const char* scalar_type() {
  if constexpr (std::is_pointer_v<T>) {
    return "ptr";
  } else if constexpr (std::is_same_v<T, char>) {
    return "char";  // text: its signedness differs between platforms and does not matter
  } else if constexpr (std::is_floating_point_v<T>) {
    static_assert(sizeof(T) == 4 || sizeof(T) == 8);
    return sizeof(T) == 4 ? "f32" : "f64";
  } else {
    static_assert(std::is_integral_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8),
                  "a field whose type the layout has no name for (an enum, a struct): name it here and in the "
                  "bindings' type_name (python/anmkit/_layout.py)");
    constexpr const char* names[2][4] = {{"u8", "u16", "u32", "u64"}, {"i8", "i16", "i32", "i64"}};
    return names[std::is_signed_v<T>][sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3];
  }
}

template <class T>
constexpr Field field(const char* name, std::size_t offset) {
  static_assert(std::rank_v<T> <= 1, "arrays of arrays are not described");
  return {name, offset, sizeof(T), alignof(T), scalar_type<std::remove_all_extents_t<T>>(),
          std::is_array_v<T> ? std::extent_v<T> : 0};
}

template <class S>
struct Fields;

// LAYOUT(STRUCT, FIELD(name), ...): a struct's fields, in the header's order.
#define LAYOUT(S, ...)                                    \
  template <>                                             \
  struct Fields<S> {                                      \
    using T = S;                                          \
    static constexpr const char* name = #S;               \
    static constexpr Field list[] = {__VA_ARGS__};        \
  };
#define FIELD(f) field<decltype(T::f)>(#f, offsetof(T, f))

LAYOUT(anmkit_error, FIELD(code), FIELD(has_offset), FIELD(offset), FIELD(pointer), FIELD(file), FIELD(message),
       FIELD(settings), FIELD(setting_at), FIELD(setting_size))
LAYOUT(anmkit_format_option, FIELD(struct_size), FIELD(name), FIELD(help), FIELD(kind), FIELD(when_opening),
       FIELD(when_importing), FIELD(excludes_skeleton), FIELD(max), FIELD(choices))
LAYOUT(anmkit_format_info, FIELD(struct_size), FIELD(name), FIELD(title), FIELD(skeletal), FIELD(sprite),
       FIELD(skeleton_extension), FIELD(skeleton_lists_animations), FIELD(whole_frames_only), FIELD(convert_targets),
       FIELD(import_targets))
LAYOUT(anmkit_format_setting, FIELD(name), FIELD(value))
LAYOUT(anmkit_open_options, FIELD(struct_size), FIELD(max_input_bytes), FIELD(max_keys), FIELD(max_pixels),
       FIELD(max_frames), FIELD(max_bones), FIELD(max_sequences), FIELD(skeleton), FIELD(fps), FIELD(tick_hz),
       FIELD(format_settings), FIELD(format_setting_count))
LAYOUT(anmkit_diagnostic, FIELD(struct_size), FIELD(severity), FIELD(has_offset), FIELD(offset), FIELD(id),
       FIELD(message), FIELD(pointer), FIELD(settings), FIELD(setting_at), FIELD(setting_size))
LAYOUT(anmkit_save_options, FIELD(struct_size), FIELD(overwrite_source))
LAYOUT(anmkit_gltf_import_options, FIELD(struct_size), FIELD(target), FIELD(animation), FIELD(fps), FIELD(tolerance),
       FIELD(base), FIELD(folder), FIELD(max_input_bytes), FIELD(format_settings), FIELD(format_setting_count))
LAYOUT(anmkit_export_options, FIELD(struct_size), FIELD(scale), FIELD(raw), FIELD(sequence), FIELD(flipbook),
       FIELD(flipbook_ticks), FIELD(state), FIELD(max_output_pixels), FIELD(file_name), FIELD(animation_name))
LAYOUT(anmkit_model_sequence, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(file), FIELD(file_size),
       FIELD(declared_by), FIELD(declared_by_size), FIELD(how_named), FIELD(how_named_size), FIELD(exists))
LAYOUT(anmkit_clip_info, FIELD(struct_size), FIELD(bone_count), FIELD(joint_count), FIELD(frame_count), FIELD(loop),
       FIELD(fps), FIELD(up_rotation), FIELD(metres_per_unit))
LAYOUT(anmkit_bone, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(joint))
LAYOUT(anmkit_joint, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(parent), FIELD(mirrored),
       FIELD(translation), FIELD(rotation), FIELD(scale))
LAYOUT(anmkit_pose_arrays, FIELD(struct_size), FIELD(capacity), FIELD(translation), FIELD(rotation), FIELD(scale),
       FIELD(visible), FIELD(mirrored))
LAYOUT(anmkit_sprite_info, FIELD(struct_size), FIELD(width), FIELD(height), FIELD(frame_count), FIELD(state_count),
       FIELD(sequence_count), FIELD(palette_size), FIELD(planes), FIELD(tick_hz))
LAYOUT(anmkit_rect, FIELD(x), FIELD(y), FIELD(width), FIELD(height))
LAYOUT(anmkit_sprite_step, FIELD(state), FIELD(ticks))

#undef FIELD
#undef LAYOUT

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
                      anmkit_diagnostic, anmkit_save_options,
                      anmkit_gltf_import_options, anmkit_model_sequence, anmkit_export_options, anmkit_clip_info, anmkit_bone, anmkit_joint, anmkit_pose_arrays,
                      anmkit_sprite_info, anmkit_rect, anmkit_sprite_step>(out);
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
