"""Bones that point to their children, without changing a value the game file holds.

Blender's glTF importer (Bone Dir "Blender") puts a bone's tail on its node's local +Y axis, so a
bone whose child lies along -X (the e-75's gun and its muzzle, 91 units away) points sideways.
Here each bone's node frame is turned, in the glTF, by a rotation C (its "axes") that takes +Y
to the bone's aim before Blender reads it, and turned back after Blender's exporter writes it
(the skins' inverse bind matrices too: Blender's importer takes the bind pose, and so the bones'
rest, from them):

    node b under parent p, local transform L = T R S:   L' = C_p^-1 L C_b   (and back: L = C_p L' C_b^-1)

so the world transform of every node is unchanged, and only the frames Blender shows (and poses
in) are the turned ones. Per channel:

    translation  t' = C_p^-1 t            rotation  q' = c_p^-1 q c_b
    scale        s' = s, when b's scale is uniform in every key (then S C_b = C_b S for any C_b);
                 else C_b is a quarter-turn (the signed axis permutation nearest the aim) and s'
                 is s with its axes permuted (C_b^-1 S C_b is diagonal)

Each map is linear in the values, so STEP, LINEAR (slerp commutes with q -> a q b) and
CUBICSPLINE (tangents map as the values do) samplers stay exact. Pure Python in double precision
(no Blender module), so it runs anywhere."""
import json
import math
import re
import struct
from typing import Dict, List, Optional, Sequence, Tuple

Quat = Tuple[float, float, float, float]  # (w, x, y, z), as Blender's mathutils.Quaternion
IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)

# Names the game gives to points that do not move on their own: effect and emitter points
# (fx*, emit*), crew and passenger places (seat*, gunner, loader, commander, driver), sights and
# vision ports (foresight*, visor*), light sources (headlight*) and aiming helpers (idf*).
HELPER = re.compile(r"^(fx|emit|seat|foresight|visor|headlight|idf)|^(gunner|loader|commander|driver)\d*$",
                    re.IGNORECASE)


def is_helper(name: str) -> bool:
    return HELPER.search(name) is not None


# ---------------------------------------------------------------------------------------------
# Quaternions and vectors, in double precision.

def qmul(a: Sequence[float], b: Sequence[float]) -> Quat:
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw)


def qconj(q: Sequence[float]) -> Quat:
    return (q[0], -q[1], -q[2], -q[3])


def rotate(q: Sequence[float], v: Sequence[float]) -> Tuple[float, float, float]:
    w, x, y, z = qmul(qmul(q, (0.0, v[0], v[1], v[2])), qconj(q))
    return (x, y, z)


def matrix(q: Sequence[float]) -> List[List[float]]:
    """The rotation matrix of unit `q` (rows)."""
    w, x, y, z = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def y_to(d: Sequence[float]) -> Quat:
    """The shortest rotation taking +Y to the unit vector `d` (a half turn about X when d is -Y)."""
    w = 1.0 + d[1]
    if w < 1e-12:
        return (0.0, 1.0, 0.0, 0.0)
    x, y, z = d[2], 0.0, -d[0]  # +Y cross d
    n = math.sqrt(w * w + x * x + y * y + z * z)
    return (w / n, x / n, y / n, z / n)


def axis_permutation(q: Sequence[float]) -> Optional[List[int]]:
    """For a quarter-turn rotation (a signed permutation of the axes): perm[j] = the axis that
    column j of its matrix lies on; None for any other rotation."""
    m = matrix(q)
    perm = []
    for j in range(3):
        column = [abs(m[i][j]) for i in range(3)]
        i = max(range(3), key=lambda k: column[k])
        if abs(column[i] - 1) > 1e-9 or any(column[k] > 1e-9 for k in range(3) if k != i):
            return None
        perm.append(i)
    return perm


def is_identity(q: Sequence[float]) -> bool:
    return abs(abs(q[0]) - 1) <= 1e-12


def norm(v: Sequence[float]) -> float:
    return math.sqrt(sum(c * c for c in v))


# ---------------------------------------------------------------------------------------------
# GLB: its JSON and binary chunk; accessors read as floats and new ones appended.

def read_glb(data: bytes) -> Tuple[dict, bytearray]:
    magic, version, length = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF" or version != 2:
        raise ValueError("not a glTF 2.0 binary")
    size, kind = struct.unpack_from("<I4s", data, 12)
    if kind != b"JSON":
        raise ValueError("the GLB's first chunk is not JSON")
    doc = json.loads(data[20:20 + size])
    at = 20 + size
    binary = bytearray()
    if at + 8 <= length:
        size, kind = struct.unpack_from("<I4s", data, at)
        if kind == b"BIN\x00":
            binary = bytearray(data[at + 8:at + 8 + size])
    return doc, binary


def write_glb(doc: dict, binary: bytearray) -> bytes:
    text = json.dumps(doc, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    binary = bytes(binary) + b"\x00" * (-len(binary) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text
    if binary:
        chunks += struct.pack("<I4s", len(binary), b"BIN\x00") + binary
    return struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks


WIDTH = {"SCALAR": 1, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def read_accessor(doc: dict, binary: bytearray, index: int) -> List[Tuple[float, ...]]:
    accessor = doc["accessors"][index]
    if accessor.get("componentType") != 5126 or "sparse" in accessor or accessor.get("type") not in WIDTH:
        raise ValueError(f"accessor {index}: only dense float SCALAR, VEC3, VEC4 and MAT4 data is read")
    width, count = WIDTH[accessor["type"]], accessor["count"]
    view = doc["bufferViews"][accessor["bufferView"]]
    if view.get("buffer", 0) != 0:
        raise ValueError(f"accessor {index}: data outside the GLB's own buffer")
    start = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    stride = view.get("byteStride", 4 * width)
    return [struct.unpack_from(f"<{width}f", binary, start + k * stride) for k in range(count)]


def append_accessor(doc: dict, binary: bytearray, values: Sequence[Sequence[float]], kind: str) -> int:
    binary.extend(b"\x00" * (-len(binary) % 4))
    offset = len(binary)
    for v in values:
        binary.extend(struct.pack(f"<{len(v)}f", *v))
    doc.setdefault("bufferViews", []).append({"buffer": 0, "byteOffset": offset, "byteLength": len(binary) - offset})
    doc.setdefault("accessors", []).append({"bufferView": len(doc["bufferViews"]) - 1, "componentType": 5126,
                                            "count": len(values), "type": kind})
    doc["buffers"][0]["byteLength"] = len(binary)
    return len(doc["accessors"]) - 1


# ---------------------------------------------------------------------------------------------
# The maps, applied to a glTF whose nodes are named as the bones.

def _maps(c_parent: Optional[Quat], c_bone: Optional[Quat], back: bool):
    """(translation, rotation, scale) maps for a node, or None where that part is unchanged."""
    p = c_parent if c_parent is not None and not is_identity(c_parent) else None
    b = c_bone if c_bone is not None and not is_identity(c_bone) else None
    translation = rotation = scale = None
    if p is not None:
        turn = p if back else qconj(p)
        translation = lambda t: rotate(turn, t)  # noqa: E731
    if p is not None or b is not None:
        left = (p if back else qconj(p)) if p is not None else IDENTITY
        right = (qconj(b) if back else b) if b is not None else IDENTITY

        def rotation(xyzw):
            w, x, y, z = qmul(qmul(left, (xyzw[3], xyzw[0], xyzw[1], xyzw[2])), right)
            return (x, y, z, w)
    if b is not None:
        perm = axis_permutation(b)
        if perm is not None and perm != [0, 1, 2]:
            if back:
                def scale(s):
                    out = [0.0, 0.0, 0.0]
                    for j in range(3):
                        out[perm[j]] = s[j]
                    return tuple(out)
            else:
                def scale(s):
                    return tuple(s[perm[j]] for j in range(3))
    return translation, rotation, scale


def turn_nodes(doc: dict, binary: bytearray, axes: Dict[str, Quat], back: bool) -> None:
    """Turns (or, `back`, turns back) every node of `doc` named in `axes` and the children of such
    nodes, in their rest values and every animation channel, in place."""
    nodes = doc.get("nodes", [])
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}

    def axes_of(index):
        return axes.get(nodes[index].get("name", "")) if index is not None else None

    maps = {}
    for i, node in enumerate(nodes):
        m = _maps(axes_of(parent.get(i)), axes_of(i), back)
        if m == (None, None, None):
            continue
        maps[i] = m
        if "matrix" in node:
            raise ValueError(f"node '{node.get('name', i)}' is given as a matrix, not translation, rotation and scale")
        translation, rotation, scale = m
        if translation is not None and "translation" in node:
            node["translation"] = list(translation(node["translation"]))
        if rotation is not None:
            node["rotation"] = list(rotation(node.get("rotation", [0.0, 0.0, 0.0, 1.0])))
        if scale is not None and "scale" in node:
            node["scale"] = list(scale(node["scale"]))
    if not maps:
        return
    # A joint's inverse bind matrix (the inverse of its rest transform up to the skeleton's root,
    # Blender's importer takes the bind pose from it): IBM' = C_b^-1 IBM (back: C_b IBM').
    for skin in doc.get("skins", []):
        if "inverseBindMatrices" not in skin:
            continue
        matrices = read_accessor(doc, binary, skin["inverseBindMatrices"])
        turned = False
        for k, joint in enumerate(skin.get("joints", [])):
            c = axes_of(joint)
            if c is None or is_identity(c):
                continue
            r = matrix(c if back else qconj(c))
            m = matrices[k]  # column-major
            matrices[k] = tuple(sum(r[row][i] * m[4 * column + i] for i in range(3)) if row < 3 else m[4 * column + 3]
                                for column in range(4) for row in range(4))
            turned = True
        if turned:
            skin["inverseBindMatrices"] = append_accessor(doc, binary, matrices, "MAT4")
    for animation in doc.get("animations", []):
        uses = {}
        for channel in animation.get("channels", []):
            uses[channel["sampler"]] = uses.get(channel["sampler"], 0) + 1
        for channel in animation.get("channels", []):
            target = channel.get("target", {})
            node, path = target.get("node"), target.get("path")
            if node not in maps or path not in ("translation", "rotation", "scale"):
                continue
            change = maps[node][("translation", "rotation", "scale").index(path)]
            if change is None:
                continue
            sampler = animation["samplers"][channel["sampler"]]
            values = read_accessor(doc, binary, sampler["output"])
            new = append_accessor(doc, binary, [change(v) for v in values], doc["accessors"][sampler["output"]]["type"])
            if uses[channel["sampler"]] == 1:
                sampler["output"] = new
            else:  # a sampler shared by channels of other nodes: this channel gets its own
                animation["samplers"].append(dict(sampler, output=new))
                channel["sampler"] = len(animation["samplers"]) - 1


# ---------------------------------------------------------------------------------------------
# Choosing each bone's aim, from the glTF anmkit writes (the skins' joints are the bones).

def _stem(name: str) -> str:
    return name.lower().rstrip("0123456789")


def choose_aim(name: str, children: Dict[str, Tuple[float, float, float]], eps: float) -> List[str]:
    """The children a bone points at (their mean): its one child; of several, the one its name
    names (a child whose name without its number begins the bone's: gun_rot -> gun, mgun_rot ->
    mgun2; the nearest if several do), else its one moving (non-helper) child, else the mean of
    its moving children, else (every child a helper) the farthest child: a gun's muzzle
    (foresight) rather than a point beside it. Children at the bone's own head are left out; []
    when none is left."""
    away = {c: t for c, t in children.items() if norm(t) > eps}
    if len(away) <= 1:
        return list(away)
    named = [c for c in away if _stem(c) and name.lower().startswith(_stem(c))]
    if named:
        return [min(named, key=lambda c: norm(away[c]))]
    moving = [c for c in away if not is_helper(c)]
    if moving:
        return moving
    return [max(away, key=lambda c: norm(away[c]))]


def plan(doc: dict, binary: bytearray) -> dict:
    """{"bones": {name: {"aim": [the children it points at], "axes": (w, x, y, z) or None}}, "size":
    the model's size} for the bones (the skins' joints) of anmkit's glTF. The size is the largest
    side of the box around the bones' rest heads, in the armature's units (placed as Blender places
    edit bones: translations and rotations, no scale). A bone whose scale is not uniform in every
    key turns a quarter turn only, onto its axis nearest the aim, so its tail lies near the aim."""
    nodes = doc.get("nodes", [])
    joints = {j for skin in doc.get("skins", []) for j in skin.get("joints", [])}
    parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}
    scales = {i: [tuple(nodes[i].get("scale", (1.0, 1.0, 1.0)))] for i in joints}
    for animation in doc.get("animations", []):
        for channel in animation.get("channels", []):
            target = channel.get("target", {})
            if target.get("path") == "scale" and target.get("node") in scales:
                sampler = animation["samplers"][channel["sampler"]]
                scales[target["node"]] += read_accessor(doc, binary, sampler["output"])

    def uniform(i):
        return all(max(s) - min(s) <= 1e-6 * max(1.0, max(abs(c) for c in s)) for s in scales[i])

    # Rest heads, as Blender places edit bones: translations and rotations, no scale.
    heads = {}

    def place(i, at, frame):
        node = nodes[i]
        t = node.get("translation", (0.0, 0.0, 0.0))
        r = node.get("rotation", (0.0, 0.0, 0.0, 1.0))
        at = tuple(a + b for a, b in zip(at, rotate(frame, t)))
        frame = qmul(frame, (r[3], r[0], r[1], r[2]))
        if i in joints:
            heads[i] = at
        for c in node.get("children", []):
            place(c, at, frame)

    for root in (i for i in range(len(nodes)) if i not in parent):
        place(root, (0.0, 0.0, 0.0), IDENTITY)
    size = max((max(h[k] for h in heads.values()) - min(h[k] for h in heads.values()) for k in range(3)),
               default=0.0)
    eps = 1e-6 * max(size, 1.0)
    bones = {}
    for i in sorted(joints):
        name = nodes[i].get("name", "")
        children = {nodes[c].get("name", ""): tuple(nodes[c].get("translation", (0.0, 0.0, 0.0)))
                    for c in nodes[i].get("children", []) if c in joints}
        aim = choose_aim(name, children, eps)
        axes = None
        if aim:
            target = tuple(sum(children[c][k] for c in aim) / len(aim) for k in range(3))
            length = norm(target)
            if length > eps:
                d = tuple(c / length for c in target)
                if not uniform(i):  # a quarter turn only: the nearest signed axis
                    k = max(range(3), key=lambda k: abs(d[k]))
                    d = tuple(math.copysign(1.0, d[k]) if j == k else 0.0 for j in range(3))
                axes = y_to(d)
                if is_identity(axes):
                    axes = None
            else:
                aim = []
        bones[name] = {"aim": aim, "axes": axes}
    return {"bones": bones, "size": size}


def turn_for_blender(glb: bytes) -> Tuple[bytes, dict]:
    """anmkit's glTF with every bone's frame turned to its aim, and the plan (see plan()), each
    bone's entry also holding "rest": its node's translation, rotation (x, y, z, w) and scale as
    Blender is given them (exact_keys works the export's keys out from these)."""
    doc, binary = read_glb(glb)
    made = plan(doc, binary)
    axes = {name: bone["axes"] for name, bone in made["bones"].items() if bone["axes"] is not None}
    if axes:
        turn_nodes(doc, binary, axes, back=False)
    nodes = doc.get("nodes", [])
    for joint in sorted({j for skin in doc.get("skins", []) for j in skin.get("joints", [])}):
        node = nodes[joint]
        bone = made["bones"].get(node.get("name", ""))
        if bone is not None:
            bone["rest"] = [list(node.get("translation", (0.0, 0.0, 0.0))), list(node.get("rotation", (0.0, 0.0, 0.0, 1.0))),
                            list(node.get("scale", (1.0, 1.0, 1.0)))]
    return (write_glb(doc, binary) if axes else glb), made


def turn_back(glb: bytes, axes: Dict[str, Quat]) -> bytes:
    """Blender's exported glTF with every bone named in `axes` turned back to the game's frame."""
    axes = {name: tuple(q) for name, q in axes.items() if not is_identity(q)}
    if not axes:
        return glb
    doc, binary = read_glb(glb)
    turn_nodes(doc, binary, axes, back=True)
    return write_glb(doc, binary)


def with_node_rests(glb: bytes, rests: Dict[str, Sequence[Sequence[float]]]) -> bytes:
    """`glb` with each node named in `rests` given that rest ([translation, rotation (x, y, z, w),
    scale]): the rest the import gave Blender, reflections included, where Blender's exporter
    writes its bones' rests, which hold none."""
    doc, binary = read_glb(glb)
    for node in doc.get("nodes", []):
        rest = rests.get(node.get("name"))
        if rest is None or "mesh" in node:
            continue
        node.pop("matrix", None)
        node["translation"], node["rotation"], node["scale"] = (list(map(float, v)) for v in rest)
    return write_glb(doc, binary)


def with_frame_count(glb: bytes, frame_count: int) -> bytes:
    """`glb` whose one animation says, as anmkit's own glTF does (extras.anmkit.frame_count), how
    many frames it runs: Blender's exporter samples no further than the action's last key."""
    doc, binary = read_glb(glb)
    for animation in doc.get("animations", []):
        animation.setdefault("extras", {}).setdefault("anmkit", {})["frame_count"] = int(frame_count)
    return write_glb(doc, binary)


def name_only_animation(glb: bytes, name: str) -> bytes:
    """`glb` with its one animation named `name` (an exporter names an action it writes alone
    after the action, not after the sequence); as it is when it holds any other number."""
    doc, binary = read_glb(glb)
    animations = doc.get("animations", [])
    if len(animations) != 1 or animations[0].get("name") == name:
        return glb
    animations[0]["name"] = name
    return write_glb(doc, binary)
