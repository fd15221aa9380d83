"""The imported armature made readable, after Blender's glTF importer: each bone's tail on its aim
(gltf_axes turned its frame there), a leaf a short fixed length, the turn remembered on the bone
for the export, and the helpers (fx, emit, seat, ...) in their own hidden bone collection (Blender
4) or bone layer (Blender 3), so that the moving parts stand out."""
import json
import math
from typing import Dict

import bpy
from mathutils import Matrix, Quaternion, Vector

from . import gltf_axes, versions

# A bone's custom property: the rotation (w, x, y, z) its frame was turned by from the game's
# (gltf_axes), JSON text so that every double comes back exactly; the export turns it back.
AXES = "anmkit_axes"
# A bone's custom property: its node's rest relative to its parent as the import gave it to
# Blender ([translation, rotation (x, y, z, w), scale], JSON text), for exact_keys.
REST = "anmkit_rest"
# A leaf bone's length: this fraction of the model's size (the largest side of the box around
# the bones' rest heads), or LEAF_FALLBACK armature units when every head is at one point.
LEAF_FRACTION = 1 / 20
LEAF_FALLBACK = 1.0
MOVING, HELPERS = "Moving parts", "Helpers"


def leaf_length(size: float) -> float:
    length = size * LEAF_FRACTION
    return length if length > 1e-6 else LEAF_FALLBACK


def finish(context, obj, made: dict) -> None:
    """`obj`: the armature Blender's importer made from gltf_axes.turn_for_blender's glTF, whose
    plan is `made`."""
    shape(context, obj, made)
    for bone in obj.data.bones:
        axes = made["bones"].get(bone.name, {}).get("axes")
        if axes is not None:
            bone[AXES] = json.dumps(list(axes))
        rest = made["bones"].get(bone.name, {}).get("rest")
        if rest is not None:
            bone[REST] = json.dumps(rest)
    group_helpers(obj)


def shape(context, obj, made: dict) -> None:
    """Edit bones: a bone with an aim reaches it (the mean of the heads of the children it aims
    at), along its own +Y; any other bone is a leaf of the fixed length. Only tails move, along
    the bone: the frames Blender poses in stay those the glTF gave."""
    leaf = leaf_length(made["size"])
    # How far along each bone the importer put back what hangs from it (versions.py).
    before = {bone.name: versions.importer_tail_length(obj, bone.length) for bone in obj.data.bones}
    view_layer = context.view_layer
    active, mode = view_layer.objects.active, obj.mode
    view_layer.objects.active = obj
    bpy.ops.object.mode_set(mode="EDIT")
    try:
        edit_bones = obj.data.edit_bones
        for bone in edit_bones:
            aim = [edit_bones[c] for c in made["bones"].get(bone.name, {}).get("aim", []) if c in edit_bones]
            length = leaf
            if aim:
                target = sum((c.head for c in aim), Vector()) / len(aim)
                length = (target - bone.head).length or leaf
            direction = (bone.tail - bone.head).normalized()
            bone.tail = bone.head + direction * length
    finally:
        bpy.ops.object.mode_set(mode=mode if mode != "EDIT" else "OBJECT")
        view_layer.objects.active = active if active is not None else obj
    keep_children_in_place(obj, before)


def keep_children_in_place(obj, lengths: Dict[str, float]) -> None:
    """Objects parented to a bone (a mesh on its bone) where they were before the bones'
    lengths changed from `lengths`. Blender hangs such an object from the bone's tail (its
    glTF importer put it back by the length it gave the bone); a tail moved by d along the bone
    would carry the object with it, so its parent inverse takes d back: the object's world
    matrix, at rest and in every pose, is what it was."""
    for child in obj.children:
        if child.parent_type != "BONE" or child.parent_bone not in lengths:
            continue
        moved = obj.data.bones[child.parent_bone].length - lengths[child.parent_bone]
        if moved:
            child.matrix_parent_inverse = Matrix.Translation((0.0, -moved, 0.0)) @ child.matrix_parent_inverse


def group_helpers(obj) -> None:
    """Helpers (gltf_axes.is_helper) into a hidden collection or layer of their own; every other
    bone into a visible one."""
    helper = {bone.name: gltf_axes.is_helper(bone.name) for bone in obj.data.bones}
    versions.group_bones(obj, helper, MOVING, HELPERS)


def axes_of(obj) -> Dict[str, tuple]:
    """Bone name -> the rotation its frame was turned by at import (the bones that were turned)."""
    return {bone.name: tuple(json.loads(bone[AXES])) for bone in obj.data.bones if AXES in bone}


# Blender's glTF importer turns the glTF's Y up to Blender's Z up: +90 degrees about X.
Y_UP_TO_Z_UP = Matrix.Rotation(math.pi / 2, 4, "X")


def rest_of(bone):
    """The bone's node rest relative to its parent as the import gave it to Blender (REST), as a
    matrix, or None."""
    text = bone.get(REST)
    if text is None:
        return None
    t, r, s = json.loads(text)
    return Matrix.LocRotScale(Vector(t), Quaternion((r[3], r[0], r[1], r[2])), Vector(s))


def rest_basis(bone) -> Matrix:
    """The pose basis that shows `bone` (a Bone) at its game rest: Blender keeps no reflection in
    a bone's rest (the e-25's mirrored basis), and its importer moves it into the pose, so for
    such a bone the identity shows the vehicle reflected. The identity for every other bone."""
    rest = rest_of(bone)
    if rest is None:
        return Matrix()
    if bone.parent:
        edit = bone.parent.matrix_local.inverted() @ bone.matrix_local
    else:
        # A root bone's rest is in the armature's space, which the importer turned from Y up to Z up.
        edit = bone.matrix_local
        rest = Y_UP_TO_Z_UP @ rest
    basis = edit.inverted() @ rest
    # Blender's rests are single precision: a bone 40 units out is 4e-5 off its node's.
    near = all(abs(basis[i][j] - (1.0 if i == j else 0.0)) <= 1e-5 for i in range(3) for j in range(3)) and \
        basis.translation.length <= 1e-5 * max(1.0, edit.translation.length)
    return Matrix() if near else basis


def node_rests(obj) -> Dict[str, list]:
    """Every bone's REST ([translation, rotation (x, y, z, w), scale]) by name."""
    return {bone.name: json.loads(bone[REST]) for bone in obj.data.bones if REST in bone}
