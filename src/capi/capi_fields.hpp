#pragma once
// Every struct of anmkit.h, field by field, as the compiler lays it out: what anmkit_abi_layout
// prints (capi_layout.cpp) and what the entry points check a caller's struct_size against (a
// size that ends inside a field is refused: the library would copy half a pointer).
//
// A field added to a struct is an entry in its LAYOUT line; a struct added is a LAYOUT line (and
// a place in capi_layout.cpp's list). CApi.LayoutIsTheHeaders holds this to the header.

#include <cstddef>
#include <type_traits>

#include "anmkit/anmkit.h"

namespace anmkit::capi {

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
       FIELD(format_settings), FIELD(format_setting_count), FIELD(reference_roots), FIELD(reference_root_count),
       FIELD(no_meshes), FIELD(texture_dir), FIELD(volumes), FIELD(files), FIELD(kinds), FIELD(max_json_depth))
LAYOUT(anmkit_file_kind, FIELD(struct_size), FIELD(format), FIELD(name), FIELD(extension), FIELD(opens_as))
LAYOUT(anmkit_diagnostic, FIELD(struct_size), FIELD(severity), FIELD(has_offset), FIELD(offset), FIELD(id),
       FIELD(message), FIELD(pointer), FIELD(settings), FIELD(setting_at), FIELD(setting_size))
LAYOUT(anmkit_save_options, FIELD(struct_size), FIELD(overwrite_source))
LAYOUT(anmkit_gltf_import_options, FIELD(struct_size), FIELD(target), FIELD(animation), FIELD(fps), FIELD(tolerance),
       FIELD(base), FIELD(folder), FIELD(max_input_bytes), FIELD(format_settings), FIELD(format_setting_count),
       FIELD(skeleton), FIELD(max_json_depth))
LAYOUT(anmkit_export_options, FIELD(struct_size), FIELD(scale), FIELD(raw), FIELD(sequence), FIELD(flipbook),
       FIELD(flipbook_ticks), FIELD(state), FIELD(max_output_pixels), FIELD(file_name), FIELD(animation_name))
LAYOUT(anmkit_model_sequence, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(file), FIELD(file_size),
       FIELD(declared_by), FIELD(declared_by_size), FIELD(how_named), FIELD(how_named_size), FIELD(exists), FIELD(path),
       FIELD(path_size))
LAYOUT(anmkit_clip_info, FIELD(struct_size), FIELD(bone_count), FIELD(joint_count), FIELD(frame_count), FIELD(loop),
       FIELD(fps), FIELD(up_rotation), FIELD(metres_per_unit), FIELD(to_right_handed))
LAYOUT(anmkit_bone, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(joint))
LAYOUT(anmkit_joint, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(parent), FIELD(mirrored),
       FIELD(translation), FIELD(rotation), FIELD(scale), FIELD(shown))
LAYOUT(anmkit_pose_arrays, FIELD(struct_size), FIELD(capacity), FIELD(translation), FIELD(rotation), FIELD(scale),
       FIELD(visible), FIELD(mirrored))
LAYOUT(anmkit_sprite_info, FIELD(struct_size), FIELD(width), FIELD(height), FIELD(frame_count), FIELD(state_count),
       FIELD(sequence_count), FIELD(palette_size), FIELD(planes), FIELD(tick_hz))
LAYOUT(anmkit_rect, FIELD(x), FIELD(y), FIELD(width), FIELD(height))
LAYOUT(anmkit_sprite_step, FIELD(state), FIELD(ticks))
LAYOUT(anmkit_mesh, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(joint), FIELD(shown), FIELD(vertex_count),
       FIELD(positions), FIELD(normals), FIELD(uvs), FIELD(skin), FIELD(skin_size), FIELD(joints), FIELD(weights),
       FIELD(primitive_count), FIELD(target_count), FIELD(collision))
LAYOUT(anmkit_primitive, FIELD(struct_size), FIELD(indices), FIELD(index_count), FIELD(material))
LAYOUT(anmkit_material, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(base_colour), FIELD(base_texture),
       FIELD(normal_texture), FIELD(alpha_mode), FIELD(alpha_cutoff), FIELD(double_sided))
LAYOUT(anmkit_texture, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(path), FIELD(path_size), FIELD(width),
       FIELD(height), FIELD(rgba), FIELD(rgba_size))
LAYOUT(anmkit_morph_key, FIELD(frame), FIELD(target))
LAYOUT(anmkit_mesh_morphs, FIELD(struct_size), FIELD(mesh), FIELD(keys), FIELD(key_count))
LAYOUT(anmkit_morph_target, FIELD(struct_size), FIELD(name), FIELD(name_size), FIELD(vertex_count), FIELD(positions),
       FIELD(normals))
LAYOUT(anmkit_batch_result, FIELD(struct_size), FIELD(kind), FIELD(input), FIELD(output), FIELD(skipped_why), FIELD(error),
       FIELD(skeleton_looked_for), FIELD(skeleton), FIELD(skeleton_why), FIELD(warnings), FIELD(bytes))
LAYOUT(anmkit_batch_options, FIELD(struct_size), FIELD(inputs), FIELD(input_count), FIELD(output), FIELD(to), FIELD(jobs),
       FIELD(fail_fast), FIELD(skeleton_roots), FIELD(skeleton_root_count), FIELD(open))

#undef FIELD
#undef LAYOUT

// Whether `size` is a struct_size a caller may give for S: the whole struct or more (a newer
// caller's), or where one of its fields ends, padded or not (an older header's struct, which
// ended there). Anything else cuts a field.
template <class S>
constexpr bool is_struct_size(std::size_t size) {
  if (size >= sizeof(S)) return true;
  for (const Field& f : Fields<S>::list) {
    const std::size_t end = f.offset + f.size;
    const std::size_t padded = (end + alignof(S) - 1) / alignof(S) * alignof(S);
    if (size == end || size == padded) return true;
  }
  return false;
}

}  // namespace anmkit::capi
