# blender -b --factory-startup --python pose.py -- FILE.glb FPS FRAME...: imports the glTF with
# Blender's own importer and prints, per frame and object, one JSON line of its local location,
# rotation (w, x, y, z) and scale. Used by tests/export/blender_test.cpp.
import json
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
path, fps, frames = args[0], int(args[1]), [int(f) for f in args[2:]]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = fps
bpy.ops.import_scene.gltf(filepath=path)
for frame in frames:
    bpy.context.scene.frame_set(frame)
    for o in bpy.data.objects:
        q = o.rotation_quaternion if o.rotation_mode == "QUATERNION" else o.rotation_euler.to_quaternion()
        print("POSE " + json.dumps({"frame": frame, "name": o.name, "location": list(o.location),
                                    "rotation": list(q), "scale": list(o.scale)}))
