"""What differs between the Blenders the add-on runs in (3.4 to 5.2 LTS), in one place: the rest
of the add-on asks here and never reads bpy.app.version itself.

- Actions: up to 4.3 an action holds its F-curves (Action.fcurves); from 4.4 actions are layered
  and slotted, each data-block animated by a slot whose channel bag holds its F-curves, and
  Action.fcurves (a view of the first slot's) is gone in 5.0.
- Bones: Blender 4 groups them in bone collections, Blender 3 in 32 layers and bone groups.
- The glTF importer: from 4.3 it makes a bone `length / max(armature scale)` long while it still
  puts a bone-parented object back by the unscaled length (its location along the bone's -Y).
"""
from typing import Iterable

import bpy

VERSION = tuple(bpy.app.version)
LAYERED_ACTIONS = VERSION >= (4, 4, 0)
BONE_COLLECTIONS = VERSION >= (4, 0, 0)
IMPORTER_SCALES_BONE_LENGTHS = VERSION >= (4, 3, 0)


def fcurves(owner, action) -> Iterable:
    """The F-curves of `action` that animate `owner` (a data-block: an object, shape keys, a node
    tree): with slotted actions those of the slot `owner` is animated by (or, when `action` is not
    the one it plays, the slot of the same name and kind), else all of the action's."""
    if action is None:
        return []
    if not LAYERED_ACTIONS:
        return action.fcurves
    from bpy_extras import anim_utils
    data = getattr(owner, "animation_data", None)
    slot = data.action_slot if data is not None and data.action == action else None
    if slot is None:
        wanted = owner.id_type if hasattr(owner, "id_type") else None
        slot = next((s for s in action.slots if s.name_display == owner.name and (wanted is None or s.target_id_type == wanted)),
                    None)
        if slot is None and len(action.slots) == 1:
            slot = action.slots[0]
    bag = anim_utils.action_get_channelbag_for_slot(action, slot)
    return bag.fcurves if bag is not None else []


def importer_tail_length(armature, length: float) -> float:
    """How far along its bone Blender's glTF importer put back an object parented to a bone of
    `length` (in the armature's units), right after the import."""
    return length * max(armature.scale) if IMPORTER_SCALES_BONE_LENGTHS else length


def group_bones(armature_object, helper: dict, moving_name: str, helpers_name: str) -> None:
    """Each bone into a visible group, or a hidden one where helper[bone name]: bone collections
    (Blender 4), else layer 1 and a hidden layer 2 with a bone group naming the helpers (Blender 3)."""
    armature = armature_object.data
    if BONE_COLLECTIONS:
        moving, helpers = armature.collections.new(moving_name), armature.collections.new(helpers_name)
        for bone in armature.bones:
            bone.collections.clear()
            (helpers if helper[bone.name] else moving).assign(bone)
        moving.is_visible, helpers.is_visible = True, False
        return
    group = armature_object.pose.bone_groups.new(name=helpers_name)
    for bone in armature.bones:
        bone.layers = [i == (1 if helper[bone.name] else 0) for i in range(32)]
        if helper[bone.name]:
            armature_object.pose.bones[bone.name].bone_group = group
    armature.layers = [i == 0 for i in range(32)]
