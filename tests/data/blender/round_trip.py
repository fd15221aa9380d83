# blender -b --factory-startup --python round_trip.py -- IN.glb FPS OUT.glb: the round trip of
# docs/gltf.md ("Blender round trip"), with its import and export settings, and no edit. Used by
# tests/gltf/blender_test.cpp.
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
source, fps, out = args[0], int(args[1]), args[2]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = fps
bpy.ops.import_scene.gltf(filepath=source, bone_heuristic="BLENDER")
action = bpy.data.objects["anmkit_root"].animation_data.action
scene.frame_start, scene.frame_end = 0, int(action.frame_range[1])
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB", export_animations=True,
                          export_frame_range=False, export_frame_step=1, export_force_sampling=True,
                          export_anim_single_armature=True, export_optimize_animation_size=False,
                          export_def_bones=False)
