# blender -b --factory-startup --python roundtrip.py -- IN.glb OUT.glb FPS: Blender's own glTF
# import then export, no edit (the default export settings). Used by tests/gltf/blender_test.cpp.
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
source, target, fps = args[0], args[1], int(args[2])
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = fps
bpy.ops.import_scene.gltf(filepath=source)
bpy.ops.export_scene.gltf(filepath=target, export_format="GLB")
