"""What the viewer's figure test compares the page with, from the native library (the Python
package on the C API, ANMKIT_LIBRARY pointing at build/lib/libanmkit_c.so):

  native_figure.py figure MODEL              what the model shows, as JSON: {"meshes": [{name, joint,
                                             shown, skinned, vertices, materials: [per primitive:
                                             {name, texture (its name, null when not decoded),
                                             normal_texture, colour [r, g, b], opacity, alpha_test
                                             (the cutoff for MASK, else 0), transparent (BLEND),
                                             double_sided}]}], "warnings": [{id, message}]}
  native_figure.py texture MODEL NAME OUT    the texture NAME's RGBA (top row first) written to
                                             OUT; prints {"width", "height"}
  native_figure.py volume_bounds MODEL ANIMATION NAME FRAME
                                             the world box {"min", "max"} of collision volume NAME
                                             at FRAME, over its vertices, in the page's world (as
                                             vertex's)
  native_figure.py vertex MODEL ANIMATION MESH INDEX FRAME...
                                             vertex INDEX of mesh MESH at each whole frame, with the
                                             animation's mesh animation applied (a key's target in
                                             full from its frame on): {frame: {"morphed": in its
                                             joint's rest frame, "world": in the page's world}}. The
                                             world is the one GEM draws (a hidden bone keeps its
                                             transform), skinned as glTF skins (each joint's pose
                                             times the inverse of its rest, weighted, applied to the
                                             vertex at its owner's rest), then through the root node
                                             of the animation's glTF export on the skeleton (meshes
                                             left out) and Blender's Y-up-to-Z-up turn."""
import json
import sys

import anmkit

from native import multiply, quat_matrix


def material_of(figure, index):
    if index < 0:
        return None
    m = figure.materials[index]

    def texture(i):
        return figure.textures[i].name if i >= 0 and figure.textures[i].rgba is not None else None
    return {"name": m.name, "texture": texture(m.base_texture), "normal_texture": texture(m.normal_texture),
            "colour": list(m.base_colour[:3]), "opacity": m.base_colour[3],
            "alpha_test": m.alpha_cutoff if m.alpha_mode == anmkit.AlphaMode.MASK else 0,
            "transparent": m.alpha_mode == anmkit.AlphaMode.BLEND, "double_sided": m.double_sided}


def figure_json(model):
    f = anmkit.open_figure(model)
    meshes = [{"name": m.name, "joint": f.joints[m.joint].name if m.joint >= 0 else None, "shown": m.shown,
               "skinned": bool(m.skin), "vertices": len(m.positions),
               "materials": [material_of(f, p.material) for p in m.primitives]} for m in f.meshes]
    return {"meshes": meshes, "warnings": [{"id": w.id, "message": w.message} for w in f.warnings]}


def texture(model, name, out):
    f = anmkit.open_figure(model)
    t = next(t for t in f.textures if t.name == name)
    data = t.rgba.tobytes() if hasattr(t.rgba, "tobytes") else bytes(t.rgba)
    with open(out, "wb") as w:
        w.write(data)
    return {"width": t.width, "height": t.height}


def inverse(m):
    """The inverse of a 4 x 4 matrix (Gauss-Jordan with partial pivoting)."""
    a = [list(map(float, row)) + [1.0 if i == j else 0.0 for j in range(4)] for i, row in enumerate(m)]
    for c in range(4):
        p = max(range(c, 4), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        d = a[c][c]
        a[c] = [x / d for x in a[c]]
        for r in range(4):
            if r != c:
                k = a[r][c]
                a[r] = [x - k * y for x, y in zip(a[r], a[c])]
    return [row[4:] for row in a]


def apply(m, p):
    return [sum(m[i][k] * (list(p) + [1.0])[k] for k in range(4)) for i in range(3)]


def view_matrix(animation, model):
    """The root node of the animation's glTF export on the skeleton alone, then Y up to Z up."""
    document = anmkit.open(animation, skeleton=model, meshes=False)
    gltf = json.loads(document.to_gltf(binary=False))
    children = {c for n in gltf["nodes"] for c in n.get("children", [])}
    roots = [n for i, n in enumerate(gltf["nodes"]) if i not in children]
    assert len(roots) == 1, f"{len(roots)} root nodes"
    r = roots[0]
    return multiply([[1, 0, 0, 0], [0, 0, -1, 0], [0, 1, 0, 0], [0, 0, 0, 1]],
                    quat_matrix(*r.get("rotation", [0, 0, 0, 1]), *r.get("scale", [1, 1, 1]),
                                *r.get("translation", [0, 0, 0])))


def vertices(model, animation, mesh_name, indices, frames, volume=False):
    """Each of `indices` of the mesh (a collision volume's with `volume`) at each frame:
    {frame: [{"morphed", "world"} per index]}."""
    f = anmkit.open_figure(model, volumes=volume)
    document = anmkit.open(animation, skeleton=model)
    sk = document.skeleton
    assert [j.name for j in sk.joints] == [j.name for j in f.joints], "the figure's joints are the document's"
    nodes = [(j.parent, next((i for i, b in enumerate(sk.bones) if b.joint == k), -1), j) for k, j in enumerate(sk.joints)]
    k = next(i for i, m in enumerate(f.meshes) if m.name == mesh_name and m.collision == volume)
    mesh = f.meshes[k]
    morphs = next((m for m in f.mesh_animation(document).morphs if m.mesh == k), None)

    def matrices(pose):
        out = []
        for parent, bone, joint in nodes:
            if pose is not None and bone >= 0:
                t, r, s = list(map(float, pose.translation[bone])), list(map(float, pose.rotation[bone])), \
                    list(map(float, pose.scale[bone]))
                mirrored = bool(pose.mirrored[bone])
            else:
                t, r, s, mirrored = list(joint.translation), list(joint.rotation), list(joint.scale), joint.mirrored
            if mirrored:
                s[2] = -s[2]
            local = quat_matrix(*r, *s, *t)
            out.append(local if parent < 0 else multiply(out[parent], local))
        return out

    rest = matrices(None)
    view = view_matrix(animation, model)
    out = {}
    for given in frames:
        frame = int(given)
        target = -1
        for key_frame, key_target in (morphs.keys if morphs else []):
            if key_frame > frame:
                break
            target = key_target
        world = matrices(document.sample(float(frame)))
        out[given] = []
        for index in indices:
            p = [float(c) for c in mesh.positions[index]]
            if target >= 0:
                p = [a + float(d) for a, d in zip(p, morphs.targets[target].positions[index])]
            if mesh.skin:
                at_rest = apply(rest[mesh.joint], p)
                w = [0.0, 0.0, 0.0]
                for j, weight in zip(mesh.joints[index], mesh.weights[index]):
                    if weight == 0:
                        continue
                    joint = mesh.skin[int(j)]
                    q = apply(multiply(world[joint], inverse(rest[joint])), at_rest)
                    w = [a + float(weight) * b for a, b in zip(w, q)]
            else:
                w = apply(world[mesh.joint], p)
            out[given].append({"morphed": p, "world": apply(view, w)})
    return out


def vertex(model, animation, mesh_name, index, frames):
    return {frame: found[0] for frame, found in vertices(model, animation, mesh_name, [index], frames).items()}


def volume_bounds(model, animation, name, frame):
    """The world box of collision volume `name` at `frame`, over its vertices: {"min", "max"}."""
    count = len(next(m for m in anmkit.open_figure(model, volumes=True).meshes if m.collision and m.name == name).positions)
    points = [v["world"] for v in vertices(model, animation, name, range(count), [frame], volume=True)[frame]]
    return {"min": [min(p[a] for p in points) for a in range(3)], "max": [max(p[a] for p in points) for a in range(3)]}


if __name__ == "__main__":
    if sys.argv[1] == "figure":
        print(json.dumps(figure_json(sys.argv[2])))
    elif sys.argv[1] == "texture":
        print(json.dumps(texture(sys.argv[2], sys.argv[3], sys.argv[4])))
    elif sys.argv[1] == "volume_bounds":
        print(json.dumps(volume_bounds(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])))
    elif sys.argv[1] == "vertex":
        print(json.dumps(vertex(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6:])))
