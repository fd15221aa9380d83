"""A vehicle's meshes play the armature's sequence.

Blender's glTF importer gives every object an action per glTF animation that animates it: the
armature's (its bones) and, beside it, each mesh object's (its scale: the part shown, 1, or
hidden, 0) and each mesh's shape keys' (MESH keys: a track's links), each stashed on an NLA track
named as the animation, the sequence. Switching the armature's action does not switch theirs, so
here every mesh object under the armature follows it: the action on its track of the sequence
the armature plays, or none and its rest (its rest scale, its shape keys at 0) where the sequence
does not animate it. play() at import and export, and a handler after every depsgraph update
(the Action Editor's menu), do it.

The export writes the armature only; a bone's visibility, which anmkit's glTF gives to the scale
of its mesh's node, goes back as the bone's scale (0 where the mesh is hidden), which anmkit's
import reads the same way."""
from typing import Optional

import bpy
from bpy.app.handlers import persistent

from . import bones, gltf_axes, sources, versions

# On a mesh object: its scale and its shape keys' values at rest, as the importer made them
# (JSON-free lists of floats, saved with the .blend).
REST_SCALE = "anmkit_rest_scale"
REST_WEIGHTS = "anmkit_rest_weights"
# On the armature object: the sequence its meshes follow now, and the action picked last.
PLAYING = "anmkit_playing"
PICKED = "anmkit_picked"


def remember_rest(objects) -> None:
    """Called right after Blender's importer made `objects`, before any frame is evaluated: each
    mesh object's rest scale (0 for a part the .mdl hides) and shape key values."""
    for o in objects:
        if o.type != "MESH":
            continue
        o[REST_SCALE] = list(o.scale)
        keys = o.data.shape_keys
        if keys is not None:
            o[REST_WEIGHTS] = [block.value for block in keys.key_blocks]


def parts(obj):
    """The mesh objects that hang from the armature `obj` (on a bone, or skinned by it)."""
    return [child for child in obj.children if child.type == "MESH"]


def shaped_parts(obj):
    """The meshes of the armature `obj` whose shape keys play an action now (a sequence's, or one
    keyed in Blender): a new sequence's export writes them too, for their shape keys."""
    out = []
    for part in parts(obj):
        keys = part.data.shape_keys
        data = keys.animation_data if keys is not None else None
        if data is not None and data.action is not None:
            out.append(part)
    return out


def track_action(holder, name: str):
    """The action of `holder`'s NLA track `name` (as the glTF importer stashed it), or None."""
    data = holder.animation_data if holder is not None else None
    if data is None:
        return None
    for track in data.nla_tracks:
        if track.name == name and track.strips:
            return track.strips[0].action
    return None


def sequence_of(obj, action) -> Optional[str]:
    """The sequence whose action `action` is on the armature `obj` (the NLA track that holds it),
    or None for an action the import did not make."""
    if action is None or obj.animation_data is None:
        return None
    for track in obj.animation_data.nla_tracks:
        if any(strip.action == action for strip in track.strips) and sources.recall(obj, track.name) is not None:
            return track.name
    return action.name if sources.recall(obj, action.name) is not None else None


def _stash(holder, name: str, action) -> None:
    """`action` on `holder`'s NLA track `name` (a new one in place of any of that name), muted
    and locked as the importer leaves its tracks: an action made in Blender for a part (its
    scale keyed) stays the part's for that sequence."""
    tracks = holder.animation_data.nla_tracks
    for track in [t for t in tracks if t.name == name]:
        tracks.remove(track)
    track = tracks.new()
    track.name = name
    track.strips.new(action.name, int(action.frame_range[0]), action)
    track.lock, track.mute = True, True


def _switch(holder, sequence: str, previous: Optional[str]) -> bool:
    """`holder` (a mesh object or its shape keys) onto its action of `sequence`; returns whether
    an action was taken off it (what it left behind is to go back to rest). An action of its own
    that no track holds (made in Blender while `previous` played) is first stashed as that
    sequence's."""
    data = holder.animation_data
    current = data.action if data is not None else None
    if current is None and track_action(holder, sequence) is None:
        return False
    if current is not None and previous is not None and previous != sequence and \
            not any(strip.action == current for track in data.nla_tracks for strip in track.strips):
        _stash(holder, previous, current)
    wanted = track_action(holder, sequence)
    if data.action != wanted:
        data.action = wanted
    return current is not None and wanted is None


def follow(obj, sequence: str) -> None:
    """Every mesh of the armature `obj` onto its action of `sequence`, or, without one, at rest."""
    previous = obj.get(PLAYING)
    for part in parts(obj):
        if _switch(part, sequence, previous) and REST_SCALE in part:
            rest = tuple(part[REST_SCALE])
            if tuple(part.scale) != rest:
                part.scale = rest
        keys = part.data.shape_keys
        if keys is not None and _switch(keys, sequence, previous) and REST_WEIGHTS in part:
            for block, value in zip(keys.key_blocks, part[REST_WEIGHTS]):
                if block.value != value:
                    block.value = value
    obj[PLAYING] = sequence


def keyed_bones(obj, action) -> set:
    """The names of the bones of `obj` that `action` has F-curves for."""
    names = set()
    for curve in versions.fcurves(obj, action):
        path = curve.data_path
        if path.startswith('pose.bones["'):
            names.add(path[len('pose.bones["'):path.find('"]')].replace('\\"', '"'))
    return names


def picked(scene, obj, action) -> None:
    """`action` was just picked for the armature `obj`: every bone it does not key goes to its
    rest, so that nothing of the last action's pose is shown, keyed or exported with it; a
    sequence of a file sets the timeline to the file's frames."""
    keyed = keyed_bones(obj, action) if action is not None else set()
    for bone in obj.pose.bones:
        if bone.name not in keyed:
            bone.matrix_basis = bones.rest_basis(bone.bone)
    source = sources.recall(obj, sequence_of(obj, action) or "") if action is not None else None
    if source is not None and source.get("frame_count"):
        scene.frame_start, scene.frame_end = 0, max(0, int(source["frame_count"]) - 1)


def ensure_picked(scene, obj) -> None:
    """picked() for the armature's action if no update has run it yet (a script that sets the
    action and exports at once): the export sees what the user would have seen."""
    action = obj.animation_data.action if obj.animation_data is not None else None
    name = action.name if action is not None else ""
    if obj.get(PICKED) != name:
        obj[PICKED] = name
        picked(scene, obj, action)


# Set while Blender's glTF exporter runs: it switches the armature's action to sample it, which
# is no pick of the user's (picked() would move the bones it does not key).
exporting = False


@persistent
def follow_everywhere(scene, depsgraph=None) -> None:
    """After a depsgraph update (an action picked in the Action Editor, say) and before a frame
    change: the meshes of every armature imported by anmkit follow the sequence it now plays, and
    a newly picked action starts from the rest pose (picked())."""
    for obj in scene.objects:
        if obj.type != "ARMATURE" or obj.animation_data is None or \
                (sources.PROPERTY not in obj and sources.MODEL not in obj):
            continue
        if not exporting:
            ensure_picked(scene, obj)
        action = obj.animation_data.action
        # An action made in Blender is a sequence of its own name: the meshes leave the last
        # sequence's shapes and scales for their rest, and what is keyed on them now stays its.
        sequence = sequence_of(obj, action) or (action.name if action is not None else None)
        if sequence is not None and obj.get(PLAYING) != sequence:
            follow(obj, sequence)


# After an edit (the Action Editor's menu sets the action; the UI updates the depsgraph), and
# before a frame is drawn (playback, or a script's frame_set, which updates no depsgraph first).
HANDLERS = (bpy.app.handlers.depsgraph_update_post, bpy.app.handlers.frame_change_pre)


def register() -> None:
    for handlers in HANDLERS:
        if follow_everywhere not in handlers:
            handlers.append(follow_everywhere)


def unregister() -> None:
    for handlers in HANDLERS:
        if follow_everywhere in handlers:
            handlers.remove(follow_everywhere)


def _hidden_at(part, action, frame: float) -> bool:
    """Whether the mesh object `part` is hidden (scale 0 on every axis) at `frame` of `action`
    (an axis it does not key: as at rest)."""
    rest = tuple(part.get(REST_SCALE, (1.0, 1.0, 1.0)))
    whole = round(frame)
    frame = whole if abs(frame - whole) < 1e-3 else frame  # 4.9999 is frame 5, not a step before it
    curves = {c.array_index: c for c in versions.fcurves(part, action) if c.data_path == "scale"}
    return all((curves[i].evaluate(frame) if i in curves else rest[i]) == 0 for i in range(3))


def visibility_onto_bones(glb: bytes, obj, sequence: str, fps: float) -> bytes:
    """Blender's glTF of the armature `obj` (bones only) with each bone that carries a mesh
    object scaled 0 at every sampled time of the animation `sequence` where the mesh's action of
    that sequence hides it, as anmkit's import reads a bone's visibility when no mesh node says it."""
    follow(obj, sequence)
    hidden_parts = {}
    for part in parts(obj):
        if part.parent_type != "BONE" or not part.parent_bone:
            continue
        # A part the sequence does not animate is as the .mdl has it, shown or hidden: the file
        # says nothing of it (a hidden bone would be a key, an edit).
        action = part.animation_data.action if part.animation_data is not None else None
        if action is not None:
            hidden_parts.setdefault(part.parent_bone, []).append((part, action))
    if not hidden_parts:
        return glb
    doc, binary = gltf_axes.read_glb(glb)
    animation = next((a for a in doc.get("animations", []) if a.get("name") == sequence), None)
    if animation is None:
        return glb
    nodes = doc.get("nodes", [])
    scale_of = {c["target"].get("node"): c for c in animation.get("channels", []) if c["target"].get("path") == "scale"}
    times = next((s["input"] for s in animation.get("samplers", [])), None)
    changed = False
    for index, node in enumerate(nodes):
        on_bone = hidden_parts.get(node.get("name"))
        if not on_bone or times is None:
            continue
        channel = scale_of.get(index)
        sampler = animation["samplers"][channel["sampler"]] if channel is not None else None
        moments = [t[0] for t in gltf_axes.read_accessor(doc, binary, sampler["input"] if sampler else times)]
        values = gltf_axes.read_accessor(doc, binary, sampler["output"]) if sampler else \
            [tuple(node.get("scale", (1.0, 1.0, 1.0)))] * len(moments)
        if sampler is not None and sampler.get("interpolation") == "CUBICSPLINE":
            values = values[1::3]  # the values between the tangents (Blender samples: LINEAR)
        hidden = [any(_hidden_at(part, action, t * fps) for part, action in on_bone) for t in moments]
        if not any(hidden):
            continue
        new = [(0.0, 0.0, 0.0) if h else tuple(v) for h, v in zip(hidden, values)]
        output = gltf_axes.append_accessor(doc, binary, new, "VEC3")
        animation["samplers"].append({"input": sampler["input"] if sampler else times, "output": output,
                                      "interpolation": "LINEAR" if sampler is None else
                                      sampler.get("interpolation", "LINEAR").replace("CUBICSPLINE", "LINEAR")})
        if channel is not None:
            channel["sampler"] = len(animation["samplers"]) - 1
        else:
            animation["channels"].append({"sampler": len(animation["samplers"]) - 1,
                                          "target": {"node": index, "path": "scale"}})
        changed = True
    return gltf_axes.write_glb(doc, binary) if changed else glb
