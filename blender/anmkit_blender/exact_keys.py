"""The bones' keys of Blender's glTF export worked out again in double precision, so that every
Blender writes the same bits for the same action.

Blender's exporter makes each key from the posed bone in single precision, through matrices whose
code differs from version to version (3.4, 4.3 and 5.2 write an edited quaternion 1 or 2 units in
the last place apart), and from bone rests that each version's importer rounds its own way. The
pose of a bone that only its action moves is its rest, relative to its parent, times its basis:

    local(frame) = rest @ LocRotScale(F-curves at frame)

where the rest is the glTF node's the import gave Blender (bones.REST: Bone Dir "Blender" keeps
the node's axes, and the importer's turn from Y up cancels against the exporter's). The F-curves'
values are the same floats in every version; worked out from them here, in Python's doubles, the
key is the same everywhere. A key of the exporter's further than TOLERANCE from this (a constraint,
a driver, the NLA moved the bone) stays as the exporter wrote it, as does the rotation of a bone
scaled to nothing (no rotation is read from such a key)."""
import json
import math
import struct
from typing import Dict, List, Optional, Sequence, Tuple

from . import bones, gltf_axes, versions

Quat = Tuple[float, float, float, float]  # (w, x, y, z)
Rest = Tuple[Tuple[float, float, float], Quat]  # a translation and a rotation

# How far the exporter's key may be from the one worked out here and still be that key: single
# precision rounding is 1e-7 of a value; a pose that anything else moves is further than this.
TOLERANCE = 1e-5


def _normalised(q: Sequence[float]) -> Quat:
    n = math.sqrt(sum(c * c for c in q))
    return tuple(c / n for c in q) if n > 0 else (1.0, 0.0, 0.0, 0.0)


def key(rest: Rest, loc: Sequence[float], quat: Sequence[float], scale: Sequence[float]) -> Dict[str, Tuple[float, ...]]:
    """glTF's translation, rotation (x, y, z, w) and scale of rest @ LocRotScale(loc, quat, scale),
    as Blender decomposes a matrix: the scale's signs all negative when its determinant is, the
    rotation taking up the rest (a half turn about the one axis whose sign is kept, or none)."""
    t, r = rest
    q = gltf_axes.qmul(r, _normalised(quat))
    translation = tuple(a + b for a, b in zip(t, gltf_axes.rotate(r, loc)))
    sign = -1.0 if (scale[0] < 0) ^ (scale[1] < 0) ^ (scale[2] < 0) else 1.0
    out = tuple(sign * abs(s) for s in scale)
    flips = [out[i] != scale[i] for i in range(3)]  # the axes the decomposition turns over
    if sum(flips) == 2:
        axis = flips.index(False)
        q = gltf_axes.qmul(q, tuple([0.0] + [1.0 if i == axis else 0.0 for i in range(3)]))
    return {"translation": translation, "rotation": (q[1], q[2], q[3], q[0]), "scale": out}


def _as_float(v: float) -> float:
    return struct.unpack("<f", struct.pack("<f", v))[0]


def _basis(pose_bone, curves: Dict[Tuple[str, int], object], frame: float):
    """The bone's location, rotation (w, x, y, z) and scale at `frame` from its F-curves alone (a
    channel without one at its rest, where the export put every bone), or None for a rotation
    mode not worked out here."""
    def value(prop: str, index: int, rest: float) -> float:
        curve = curves.get((prop, index))
        return curve.evaluate(frame) if curve is not None else rest

    loc = [value("location", i, 0.0) for i in range(3)]
    scale = [value("scale", i, 1.0) for i in range(3)]
    if pose_bone.rotation_mode == "QUATERNION":
        quat = [value("rotation_quaternion", i, 1.0 if i == 0 else 0.0) for i in range(4)]
    elif pose_bone.rotation_mode in ("XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"):
        from mathutils import Euler
        quat = list(Euler([value("rotation_euler", i, 0.0) for i in range(3)], pose_bone.rotation_mode).to_quaternion())
    else:
        return None
    return loc, quat, scale


def _bone_curves(obj, action) -> Dict[str, Dict[Tuple[str, int], object]]:
    """The action's F-curves by bone name and (property, index)."""
    found: Dict[str, Dict[Tuple[str, int], object]] = {}
    for curve in versions.fcurves(obj, action):
        path = curve.data_path
        if not path.startswith('pose.bones["') or '"].' not in path:
            continue
        name, prop = path[len('pose.bones["'):].split('"].', 1)
        found.setdefault(name.replace('\\"', '"'), {})[(prop, curve.array_index)] = curve
    return found


def _rest(bone) -> Optional[Rest]:
    """The rest of `bone` relative to its parent as the import gave it (bones.REST), or None for a
    bone without one (an armature imported by an older add-on) or with a scale at rest."""
    if bones.REST not in bone:
        return None
    t, r, s = json.loads(bone[bones.REST])
    if any(c != 1.0 for c in s):
        return None
    return tuple(t), (r[3], r[0], r[1], r[2])


def _near(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(abs(x - y) <= TOLERANCE * max(1.0, abs(y)) for x, y in zip(a, b))


def _frames(times: Sequence[Tuple[float]], render) -> Optional[List[int]]:
    """The frames the exporter sampled at `times`: one a frame, each at frame / rate, the rate
    as this version's exporter has it (3.4: the scene's fps; 4.x: fps * fps_base), or None."""
    for rate in (render.fps, render.fps * render.fps_base, render.fps / render.fps_base):
        frames = [round(t * rate) for (t,) in times]
        if all(abs(f - t * rate) < 1e-3 for f, (t,) in zip(frames, times)) and \
                all(b - a == 1 for a, b in zip(frames, frames[1:])):
            return frames
    return None


def recompute(glb: bytes, obj, action, render) -> bytes:
    """`glb` (Blender's export of `obj` playing `action` with the scene's `render` settings, before
    any turn of ours) with each bone key the action alone makes worked out again in double
    precision (the module's docstring)."""
    doc, binary = gltf_axes.read_glb(glb)
    curves = _bone_curves(obj, action)
    nodes = doc.get("nodes", [])
    changed = False
    for animation in doc.get("animations", []):
        uses: Dict[int, int] = {}
        for channel in animation.get("channels", []):
            uses[channel["sampler"]] = uses.get(channel["sampler"], 0) + 1
        for channel in animation.get("channels", []):
            target = channel.get("target", {})
            node, path = target.get("node"), target.get("path")
            name = nodes[node].get("name") if isinstance(node, int) and 0 <= node < len(nodes) else None
            pose_bone = obj.pose.bones.get(name) if name is not None else None
            if pose_bone is None or path not in ("translation", "rotation", "scale") or name not in curves:
                continue
            sampler = animation["samplers"][channel["sampler"]]
            times = gltf_axes.read_accessor(doc, binary, sampler["input"])
            values = gltf_axes.read_accessor(doc, binary, sampler["output"])
            frames = _frames(times, render)
            if frames is None or len(times) != len(values) or sampler.get("interpolation", "LINEAR") == "CUBICSPLINE":
                continue
            rest = _rest(pose_bone.bone)
            if rest is None:
                continue
            exact = []
            for frame, given in zip(frames, values):
                basis = _basis(pose_bone, curves[name], frame)
                mine = None
                if basis is not None and not (path == "rotation" and 0.0 in basis[2]):
                    mine = key(rest, *basis)[path]
                if mine is not None and path == "rotation" and sum(x * y for x, y in zip(mine, given)) < 0:
                    mine = tuple(-c for c in mine)  # the exporter's sign of the same turn
                exact.append(tuple(_as_float(c) for c in mine) if mine is not None and _near(mine, given) else given)
            if exact == values:
                continue
            output = gltf_axes.append_accessor(doc, binary, exact, doc["accessors"][sampler["output"]]["type"])
            if uses[channel["sampler"]] == 1:
                sampler["output"] = output
            else:  # a sampler shared with other channels: this one gets its own
                animation["samplers"].append(dict(sampler, output=output))
                channel["sampler"] = len(animation["samplers"]) - 1
            changed = True
    return gltf_axes.write_glb(doc, binary) if changed else glb
