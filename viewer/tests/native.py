"""What the viewer's test compares the page with, from the native library (the Python package on
the C API, ANMKIT_LIBRARY pointing at build/lib/libanmkit_c.so):

  native.py world FILE SKELETON|- FRAME...   every node's world position at each frame, as JSON
                                             {frame: {name: [x, y, z]}} (glTF's composition: a
                                             mirrored bone negates its local Z scale, a hidden one
                                             has scale 0; without a skeleton the bones are roots)
  native.py view FILE SKELETON|- FRAME...    the same positions in Blender's world after it imports
                                             the file's glTF export: through the export's root node
                                             (its reflection, up rotation and units, read from the
                                             glTF itself), then Y up to Z up as Blender turns it:
                                             {"root": {translation, rotation, scale}, "positions":
                                             {frame: {name: [x, y, z]}}}
  native.py read FILE RUNS                   the best time, in ms, of opening the file's bytes"""
import json
import sys
import time

import anmkit


def quat_matrix(x, y, z, w, sx, sy, sz, tx, ty, tz):
    n = (x * x + y * y + z * z + w * w) ** 0.5
    x, y, z, w = x / n, y / n, z / n, w / n
    r = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    s = (sx, sy, sz)
    return [[r[i][0] * s[0], r[i][1] * s[1], r[i][2] * s[2], (tx, ty, tz)[i]] for i in range(3)] + [[0, 0, 0, 1]]


def multiply(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def world(path, skeleton, frames):
    """`frames`: the arguments as given; the JSON keys spell them the same way."""
    document = anmkit.open(path, skeleton=None if skeleton == "-" else skeleton)
    sk = document.skeleton
    nodes = ([(b.name, -1, i, None) for i, b in enumerate(sk.bones)] if not sk.joints else
             [(j.name, j.parent, next((i for i, b in enumerate(sk.bones) if b.joint == k), -1), j)
              for k, j in enumerate(sk.joints)])
    out = {}
    for given in frames:
        frame = float(given)
        pose = document.sample(frame)
        matrices = []
        for name, parent, bone, joint in nodes:
            if bone >= 0:
                t, r, s = list(map(float, pose.translation[bone])), list(map(float, pose.rotation[bone])), \
                    list(map(float, pose.scale[bone]))
                mirrored, visible = bool(pose.mirrored[bone]), bool(pose.visible[bone])
            else:
                t, r, s, mirrored, visible = list(joint.translation), list(joint.rotation), list(joint.scale), \
                    joint.mirrored, True
            if mirrored:
                s[2] = -s[2]
            if not visible:
                s = [0.0, 0.0, 0.0]
            local = quat_matrix(*r, *s, *t)
            matrices.append(local if parent < 0 else multiply(matrices[parent], local))
        out[given] = {name: [m[0][3], m[1][3], m[2][3]] for (name, *_), m in zip(nodes, matrices)}
    return out


def gltf_root(path, skeleton):
    """The root node of the file's glTF export (anmkit_to_gltf): the node the others hang from."""
    document = anmkit.open(path, skeleton=None if skeleton == "-" else skeleton)
    gltf = json.loads(document.to_gltf(binary=False))
    children = {c for n in gltf["nodes"] for c in n.get("children", [])}
    roots = [n for i, n in enumerate(gltf["nodes"]) if i not in children]
    assert len(roots) == 1, f"{len(roots)} root nodes"
    root = roots[0]
    return {"name": root.get("name"), "translation": root.get("translation", [0, 0, 0]),
            "rotation": root.get("rotation", [0, 0, 0, 1]), "scale": root.get("scale", [1, 1, 1])}


def view(path, skeleton, frames):
    root = gltf_root(path, skeleton)
    m = multiply([[1, 0, 0, 0], [0, 0, -1, 0], [0, 1, 0, 0], [0, 0, 0, 1]],  # Y up to Z up (Blender's import)
                 quat_matrix(*root["rotation"], *root["scale"], *root["translation"]))
    positions = {}
    for given, nodes in world(path, skeleton, frames).items():
        positions[given] = {name: [sum(m[i][k] * (p + [1])[k] for k in range(4)) for i in range(3)] for name, p in nodes.items()}
    return {"root": root, "positions": positions}


def read_time(path, runs):
    data = open(path, "rb").read()
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        anmkit.open_bytes(data).close()
        best = min(best, time.perf_counter() - start)
    return best * 1000


if sys.argv[1] == "world":
    print(json.dumps(world(sys.argv[2], sys.argv[3], sys.argv[4:])))
elif sys.argv[1] == "view":
    print(json.dumps(view(sys.argv[2], sys.argv[3], sys.argv[4:])))
elif sys.argv[1] == "read":
    print(json.dumps(read_time(sys.argv[2], int(sys.argv[3]))))
