# blender -b --factory-startup --python armature.py -- FILE.glb FPS ANIMATION FRAME...: imports the
# glTF with Blender's own importer (Bone Dir "Blender", as docs/gltf.md recommends for round trips)
# and prints, as JSON lines, what it built (SCENE: objects, armatures, bones, actions) and, with
# the action of ANIMATION (a glTF animation's name; "-" keeps the one the importer made active) at
# each frame, per bone (BONE): its node's local matrix in glTF's axes and its world matrix in
# Blender's, both row-major. Used by tests/gltf/blender_test.cpp.
import json
import sys

import bpy
from mathutils import Matrix, Quaternion

args = sys.argv[sys.argv.index("--") + 1:]
path, fps, animation, frames = args[0], int(args[1]), args[2], [int(f) for f in args[3:]]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.context.scene.render.fps = fps
bpy.ops.import_scene.gltf(filepath=path, bone_heuristic="BLENDER")

armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
print("SCENE " + json.dumps({
    "objects": [o.name for o in bpy.data.objects],
    "armatures": [o.name for o in armatures],
    "bones": [b.name for b in armatures[0].data.bones] if armatures else [],
    "actions": sorted(a.name for a in bpy.data.actions),
}))
if not armatures:
    sys.exit(0)
arma = armatures[0]
if animation != "-":
    # The importer names an armature's action "<animation>_<object>".
    arma.animation_data.action = bpy.data.actions[animation + "_" + arma.name]

# The importer turns glTF's Y up into Z up, (x, y, z) -> (x, -z, y), on every node, and with Bone
# Dir "Blender" turns each bone by +90 degrees about X (its tip along the node's +Y), undoing it
# on the bone's children: a bone's node is the bone times the inverse of that turn.
to_blender = Matrix(((1, 0, 0, 0), (0, 0, -1, 0), (0, 1, 0, 0), (0, 0, 0, 1)))
turn = Quaternion((2 ** 0.5 / 2, 2 ** 0.5 / 2, 0, 0)).to_matrix().to_4x4()


def rows(m):
    return [m[i][j] for i in range(4) for j in range(4)]


for frame in frames:
    bpy.context.scene.frame_set(frame)
    for pb in arma.pose.bones:
        bone = pb.bone
        # The bone's transform from its parent's: its rest (edit bone) then its pose.
        rest = bone.matrix_local if bone.parent is None else bone.parent.matrix_local.inverted() @ bone.matrix_local
        final = rest @ pb.matrix_basis
        node = final @ turn.inverted() if bone.parent is None else turn @ final @ turn.inverted()
        local = to_blender.inverted() @ node @ to_blender
        world = arma.matrix_world @ pb.matrix @ turn.inverted()
        print("BONE " + json.dumps({"frame": frame, "name": pb.name, "local": rows(local), "world": rows(world)}))
