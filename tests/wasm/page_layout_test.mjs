// The page's struct offsets (viewer/src/abi_layout.js) come from the module's anmkit_abi_layout:
// on the real module they are wasm32's (docs/wasm.md's table); on a layout where a field moved
// they move with it; a field the page reads that is gone or retyped throws, naming it.
//
// Usage: node page_layout_test.mjs MODULE.js
import { createRequire } from 'node:module';
import path from 'node:path';

import { PAGE_FIELDS, structLayouts } from '../../viewer/src/abi_layout.js';
import { Anmkit } from '../../viewer/src/anmkit.js';

const require = createRequire(import.meta.url);
const M = await require(path.resolve(process.argv[2]))();
const text = M.UTF8ToString(M._anmkit_abi_layout());

let checks = 0;
let failures = 0;
function same(actual, expected, what) {
  ++checks;
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    ++failures;
    console.error(`failed: ${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }
}
function throws(run, message, what) {
  let got = null;
  try {
    run();
  } catch (e) {
    got = e.message;
  }
  same(got, message, what);
}
// The module's layout after `change(structs by name)`.
function changed(change) {
  const layout = JSON.parse(text);
  change(Object.fromEntries(layout.structs.map((s) => [s.name, s])));
  return JSON.stringify(layout);
}

let L;
try {
  L = structLayouts(text);
} catch (e) {  // reported here: thrown on, it would end in the module's handler, which prints all of it
  console.error(`failed: the page's fields against the module: ${e.message}`);
  process.exit(1);
}
same(Object.keys(L), Object.keys(PAGE_FIELDS).map((n) => n.replace('anmkit_', '')), 'the structs the page reads');
same(L.error, { sizeof: 2480, code: 0, has_offset: 4, offset: 8, pointer: 16, file: 272, message: 1296 }, 'anmkit_error');
same(L.format_info, { sizeof: 40, struct_size: 0, name: 4, skeletal: 12, sprite: 16, skeleton_extension: 20,
                      skeleton_lists_animations: 24 }, 'anmkit_format_info');
same(L.open_options, { sizeof: 104, struct_size: 0, skeleton: 44, fps: 48, tick_hz: 56 }, 'anmkit_open_options');
same(L.diagnostic, { sizeof: 72, struct_size: 0, severity: 4, has_offset: 8, offset: 16, id: 24, message: 28, pointer: 32 },
     'anmkit_diagnostic');
same(L.model_sequence, { sizeof: 48, struct_size: 0, name: 4, name_size: 8, file: 12, file_size: 16, declared_by: 20,
                         declared_by_size: 24, exists: 36, path: 40, path_size: 44 }, 'anmkit_model_sequence');
same(L.clip_info, { sizeof: 64, struct_size: 0, bone_count: 4, joint_count: 8, frame_count: 12, loop: 16, fps: 24,
                    up_rotation: 32, metres_per_unit: 48, to_right_handed: 52 }, 'anmkit_clip_info');
same(L.bone, { sizeof: 16, struct_size: 0, name: 4, name_size: 8, joint: 12 }, 'anmkit_bone');
same(L.joint, { sizeof: 64, struct_size: 0, name: 4, name_size: 8, parent: 12, mirrored: 16, translation: 20, rotation: 32,
                scale: 48 }, 'anmkit_joint');
same(L.pose_arrays, { sizeof: 28, struct_size: 0, capacity: 4, translation: 8, rotation: 12, scale: 16, visible: 20,
                      mirrored: 24 }, 'anmkit_pose_arrays');
same(L.sprite_info, { sizeof: 40, struct_size: 0, width: 4, height: 8, frame_count: 12, state_count: 16, sequence_count: 20,
                      palette_size: 24, planes: 28, tick_hz: 32 }, 'anmkit_sprite_info');
same(L.rect, { sizeof: 16, x: 0, y: 4, width: 8, height: 12 }, 'anmkit_rect');
same(L.sprite_step, { sizeof: 8, state: 0, ticks: 4 }, 'anmkit_sprite_step');
same(new Anmkit(M).L, L, 'the page\'s Anmkit reads the module\'s layout');

// A uint32_t added to anmkit_clip_info after `loop`: fps and what follows move 8 bytes (fps is
// 8-aligned), and the page follows them.
const grown = structLayouts(changed((s) => {
  const c = s.anmkit_clip_info;
  const at = c.fields.findIndex((f) => f.name === 'fps');
  c.fields.splice(at, 0, { name: 'event_count', offset: 20, size: 4, type: 'u32' });
  for (const f of c.fields.slice(at + 1)) f.offset += 8;
  c.size += 8;
}));
same(grown.clip_info, { sizeof: 72, struct_size: 0, bone_count: 4, joint_count: 8, frame_count: 12, loop: 16, fps: 32,
                        up_rotation: 40, metres_per_unit: 56, to_right_handed: 60 }, 'a field added moves the rest');

throws(() => structLayouts(changed((s) => { s.anmkit_clip_info.fields.pop(); })),
       'anmkit.h changed: the module\'s anmkit_clip_info has no field to_right_handed, which the page reads', 'a field gone');
throws(() => structLayouts(changed((s) => { s.anmkit_clip_info.fields.find((f) => f.name === 'fps').type = 'f32'; })),
       'anmkit.h changed: the module\'s anmkit_clip_info.fps is f32, the page reads it as f64', 'a field retyped');
throws(() => structLayouts(changed((s) => { s.anmkit_rect.name = 'anmkit_box'; })),
       'anmkit.h changed: the module has no struct anmkit_rect, which the page reads', 'a struct gone');
throws(() => new Anmkit({}), 'anmkit.h changed: the module has no anmkit_abi_layout (it is older than the page)',
       'a module without the layout');

console.log(`${checks} checks: ${checks - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
