// The structs of anmkit.h as the page reads them: offsets and sizes come from the module itself
// (anmkit_abi_layout: the compiler's offsetof and sizeof, on wasm32), never from numbers written
// here, so a field added to the header moves what the page reads with it. What the page does
// keep is which fields it uses and the type it reads each as: a field the module no longer has,
// or has with another type, throws at load, naming it.

// Per struct, the fields the page reads or writes and their types, as anmkit_abi_layout names
// them (size_t and pointers are 32 bits in WebAssembly).
export const PAGE_FIELDS = {
  anmkit_error: { code: 'i32', has_offset: 'i32', offset: 'u64', pointer: 'char[256]', file: 'char[1024]',
                  message: 'char[1024]' },
  anmkit_format_info: { struct_size: 'u32', name: 'ptr', skeletal: 'i32', sprite: 'i32', skeleton_extension: 'ptr',
                        skeleton_lists_animations: 'i32' },
  anmkit_open_options: { struct_size: 'u32', skeleton: 'ptr', fps: 'f64', tick_hz: 'f64' },
  anmkit_diagnostic: { struct_size: 'u32', severity: 'i32', has_offset: 'i32', offset: 'u64', id: 'ptr', message: 'ptr',
                       pointer: 'ptr' },
  anmkit_model_sequence: { struct_size: 'u32', name: 'ptr', name_size: 'u32', file: 'ptr', file_size: 'u32',
                          declared_by: 'ptr', declared_by_size: 'u32', exists: 'i32', path: 'ptr', path_size: 'u32' },
  anmkit_clip_info: { struct_size: 'u32', bone_count: 'u32', joint_count: 'u32', frame_count: 'u32', loop: 'i32',
                      fps: 'f64', up_rotation: 'f32[4]', metres_per_unit: 'f32',
                      to_right_handed: 'f32[3]' },
  anmkit_bone: { struct_size: 'u32', name: 'ptr', name_size: 'u32', joint: 'i32' },
  anmkit_joint: { struct_size: 'u32', name: 'ptr', name_size: 'u32', parent: 'i32', mirrored: 'i32',
                  translation: 'f32[3]', rotation: 'f32[4]', scale: 'f32[3]' },
  anmkit_pose_arrays: { struct_size: 'u32', capacity: 'u32', translation: 'ptr', rotation: 'ptr', scale: 'ptr',
                        visible: 'ptr', mirrored: 'ptr' },
  anmkit_sprite_info: { struct_size: 'u32', width: 'u32', height: 'u32', frame_count: 'u32', state_count: 'u32',
                        sequence_count: 'u32', palette_size: 'u32', planes: 'u32', tick_hz: 'f64' },
  anmkit_rect: { x: 'u32', y: 'u32', width: 'u32', height: 'u32' },
  anmkit_sprite_step: { state: 'u32', ticks: 'u32' },
};

// The reference roots of anmkit_open_options, read the same way but kept apart: the offsets of
// PAGE_FIELDS are held to a fixed table by Wasm.LayoutIsTheHeaders (tests/wasm/
// page_layout_test.mjs), which lists what the page read before it offered roots.
export const REFERENCE_ROOT_FIELDS = {
  anmkit_open_options: { reference_roots: 'ptr', reference_root_count: 'u32' },
};

// How the model found a sequence's file when it names none ("paired by name"), kept apart for
// the same reason.
export const HOW_NAMED_FIELDS = {
  anmkit_model_sequence: { how_named: 'ptr', how_named_size: 'u32' },
};

// What a model shows (the figure functions: meshes, primitives, materials, textures and mesh
// animation as morph targets), read the same way and kept apart for the same reason.
export const FIGURE_FIELDS = {
  anmkit_open_options: { texture_dir: 'ptr' },
  anmkit_diagnostic: { settings: 'ptr', setting_at: 'u32[4]', setting_size: 'u32[4]' },
  anmkit_joint: { struct_size: 'u32', name: 'ptr', name_size: 'u32' },
  anmkit_mesh: { struct_size: 'u32', name: 'ptr', name_size: 'u32', joint: 'i32', shown: 'i32', vertex_count: 'u32',
                 positions: 'ptr', normals: 'ptr', uvs: 'ptr', skin: 'ptr', skin_size: 'u32', joints: 'ptr', weights: 'ptr',
                 primitive_count: 'u32', target_count: 'u32' },
  anmkit_primitive: { struct_size: 'u32', indices: 'ptr', index_count: 'u32', material: 'i32' },
  anmkit_material: { struct_size: 'u32', name: 'ptr', name_size: 'u32', base_colour: 'f32[4]', base_texture: 'i32',
                     normal_texture: 'i32', alpha_mode: 'i32', alpha_cutoff: 'f32', double_sided: 'i32' },
  anmkit_texture: { struct_size: 'u32', name: 'ptr', name_size: 'u32', path: 'ptr', path_size: 'u32', width: 'u32',
                    height: 'u32', rgba: 'ptr', rgba_size: 'u32' },
  anmkit_morph_key: { frame: 'u32', target: 'i32' },
  anmkit_mesh_morphs: { struct_size: 'u32', mesh: 'u32', keys: 'ptr', key_count: 'u32' },
  anmkit_morph_target: { struct_size: 'u32', name: 'ptr', name_size: 'u32', vertex_count: 'u32', positions: 'ptr',
                         normals: 'ptr' },
};

// Collision volumes (anmkit_open_options.volumes, anmkit_mesh.collision), read the same way and
// kept apart for the same reason.
export const VOLUME_FIELDS = {
  anmkit_open_options: { volumes: 'i32' },
  anmkit_mesh: { collision: 'i32' },
};

// The kinds of file an open takes (anmkit_open_options.kinds: a model, ANMKIT_KIND_MODEL) and
// whether a model's meshes are read (no_meshes), read the same way and kept apart for the same reason.
export const KIND_FIELDS = {
  anmkit_open_options: { kinds: 'u32', no_meshes: 'i32' },
};

// Where an open reads its files (anmkit_open_options.files: files handed over, anmkit_files),
// read the same way and kept apart for the same reason.
export const FILES_FIELDS = {
  anmkit_open_options: { files: 'ptr' },
};

// The kinds of file the formats read (anmkit_file_kind_get), read the same way and kept apart
// for the same reason.
export const FILE_KIND_FIELDS = {
  anmkit_file_kind: { struct_size: 'u32', format: 'ptr', name: 'ptr', extension: 'ptr', opens_as: 'u32' },
};

// { error: { sizeof: 2480, code: 0, ..., message: 1296 }, open_options: { sizeof: 72, ... }, ... }
// from the module's layout text: each struct by its name without "anmkit_", its size as `sizeof`
// (no C field can be called that), each field the page uses as its byte offset.
export function structLayouts(layoutText, pageFields = PAGE_FIELDS) {
  const structs = new Map(JSON.parse(layoutText).structs.map((s) => [s.name, s]));
  const layouts = {};
  for (const [name, fields] of Object.entries(pageFields)) {
    const struct = structs.get(name);
    if (!struct) throw new Error(`anmkit.h changed: the module has no struct ${name}, which the page reads`);
    const offsets = new Map(struct.fields.map((f) => [f.name, f]));
    const layout = { sizeof: struct.size };
    for (const [field, type] of Object.entries(fields)) {
      const found = offsets.get(field);
      if (!found) throw new Error(`anmkit.h changed: the module's ${name} has no field ${field}, which the page reads`);
      if (found.type !== type) {
        throw new Error(`anmkit.h changed: the module's ${name}.${field} is ${found.type}, the page reads it as ${type}`);
      }
      layout[field] = found.offset;
    }
    layouts[name.replace(/^anmkit_/, '')] = layout;
  }
  return layouts;
}
