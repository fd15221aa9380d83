# blender -b --factory-startup --python round_trip_defaults.py -- IN.glb FPS OUT.glb: Blender's own
# glTF import then export, no edit, with Blender's default settings but one: Bone Dir "Blender"
# on import (the default, "Temperance", turns every bone towards its child, and the export then
# writes other local rotations for the same motion; docs/gltf.md). Used by tests/gltf/blender_test.cpp.
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
source, fps, out = args[0], int(args[1]), args[2]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = fps
bpy.ops.import_scene.gltf(filepath=source, bone_heuristic="BLENDER")
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB")
