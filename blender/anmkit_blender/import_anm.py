"""File > Import > "Game animation (.anm, .mdl)": anmkit writes the animation as glTF (one
armature, an action per sequence) and Blender's own glTF importer reads it, with the settings
docs/gltf.md gives for a round trip; each action remembers the file it came from, for the export."""
import contextlib
import json
import os
import pathlib
import stat
import struct
import tempfile
from typing import List, Optional, Tuple

import bpy
from bpy.props import BoolProperty, FloatProperty, StringProperty
from bpy_extras.io_utils import ImportHelper

from . import anmkit, bones, gltf_axes, mesh_edits, parts, sources, sprite_plane


def model_sequences(mdl: str, roots: List[str]) -> List[dict]:
    """The .mdl's sequences: name, file (as written), the bone that declares it, whether it
    exists (a file outside the model's folder and the `roots` given is refused, as missing), and
    its path as the library finds it (the game's way: `\\` a separator, either case)."""
    return [dict(name=s.name, file=s.file, declared_by=s.declared_by, exists=s.exists, path=s.path)
            for s in anmkit.model_sequences(mdl, reference_roots=roots)]


@contextlib.contextmanager
def numpy_bool_alias():
    """`numpy.bool` while Blender's glTF importer runs, where NumPy lacks it. The importer of
    Blender 3.4 (io_scene_gltf2 3.4.50, gltf2_blender_mesh.set_poly_smoothing) makes every mesh
    with `np.bool`, an alias NumPy 1.24 removed (and 2.0 brought back as numpy.bool_): Debian's
    Blender 3.4 with Debian's NumPy 1.24 fails on the first mesh without it. The alias is the
    builtin `bool`, the dtype NumPy always took it for, and is taken away again after."""
    try:
        import numpy
    except ImportError:  # an importer without NumPy does not use it either
        yield
        return
    added = "bool" not in numpy.__dict__
    if added:
        numpy.bool = bool
    try:
        yield
    finally:
        if added:
            del numpy.bool


def bring_in(context, glb: bytes, fps: float):
    """Blender's glTF importer on `glb`, at `fps`: the armature object it made, its bones pointing
    to their children and its helpers grouped apart (bones.py)."""
    scene = context.scene
    scene.render.fps = max(1, round(fps))
    scene.render.fps_base = scene.render.fps / fps
    before = set(bpy.data.objects)
    # Each bone's node frame turned so that its +Y points at its child (gltf_axes); the export
    # turns the frames back, so the game's values come back as they were.
    turned, plan = gltf_axes.turn_for_blender(glb)
    handle, temporary = tempfile.mkstemp(suffix=".glb", prefix="anmkit_")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(turned)
        # Bone Dir "Blender": every bone keeps its (turned) node's axes, so the export writes the
        # same local values back (docs/gltf.md, "Blender round trip"). Blender 4.2's importer
        # would draw such bones as custom shapes unless told not to (an option 3.4 lacks).
        options = dict(filepath=temporary, bone_heuristic="BLENDER")
        offered = bpy.ops.import_scene.gltf.get_rna_type().properties.keys()
        if "disable_bone_shape" in offered:
            options["disable_bone_shape"] = True
        # The bones' rest is the glTF nodes' rest (the .mdl's), not one guessed from inverse bind
        # matrices: a skinned track's skin binds its vertices as they lie in the track bone's
        # frame (its bind matrices are relative to that bone, as glTF allows), and Blender's
        # guess would take them for the bones' rest and move every bone the track's skin names.
        if "guess_original_bind_pose" in offered:
            options["guess_original_bind_pose"] = False
        with numpy_bool_alias():
            bpy.ops.import_scene.gltf(**options)
    finally:
        os.remove(temporary)
    new = [o for o in bpy.data.objects if o not in before]
    parts.remember_rest(new)
    mesh_edits.remember(new)
    made = [o for o in new if o.type == "ARMATURE"]
    if not made:
        raise anmkit.Error(0, "Blender's glTF importer made no armature")
    bones.finish(context, made[0], plan)
    return made[0]


# The collection the collision volumes go into, apart from the vehicle's meshes.
VOLUMES_COLLECTION = "Collision volumes"


def is_collision_volume(obj) -> bool:
    """Whether Blender's importer made `obj` from a collision volume's node: anmkit marks it in the
    node's extras (anmkit.collision_volume), which the importer keeps as custom properties."""
    marks = obj.get("anmkit")
    return obj.type == "MESH" and hasattr(marks, "get") and bool(marks.get("collision_volume"))


def set_volumes_apart(context, obj) -> List:
    """The collision volumes under the armature `obj`, as Blender's importer made them (each on its
    bone, with anmkit's translucent material), drawn as wire in every viewport shading and left out
    of renders, in a collection of their own beside the armature's. Returns them."""
    volumes = [o for o in obj.children if is_collision_volume(o)]
    if not volumes:
        return volumes
    collection = bpy.data.collections.new(VOLUMES_COLLECTION)
    home = obj.users_collection[0] if obj.users_collection else context.scene.collection
    home.children.link(collection)
    for volume in volumes:
        for other in list(volume.users_collection):
            other.objects.unlink(volume)
        collection.objects.link(volume)
        volume.display_type = "WIRE"
        volume.hide_render = True
    return volumes


def name_actions(obj, source_of: dict) -> dict:
    """Each glTF animation's action renamed as its sequence; its source remembered. Returns
    sequence -> action."""
    actions = {}
    for track in obj.animation_data.nla_tracks if obj.animation_data else []:
        for strip in track.strips:
            if strip.action is None or track.name not in source_of:
                continue
            strip.action.name = track.name
            actions[track.name] = strip.action
            sources.remember(obj, strip.action.name, dict(source_of[track.name], sequence=track.name))
    return actions


def play(context, obj, action, frame_count: int) -> None:
    """`action` active, its meshes' actions with it (parts.py), the timeline over the file's
    frames (a looping LM clip's action also holds the frame it wraps to)."""
    obj.animation_data.action = action
    sequence = parts.sequence_of(obj, action)
    if sequence is not None:
        parts.follow(obj, sequence)
    context.scene.frame_start = 0
    context.scene.frame_end = max(0, frame_count - 1)
    context.scene.frame_set(0)


def probe(path: str) -> Tuple[Optional[str], Optional[str]]:
    """The format and the kind ("animation", "model", "resource") of the file at `path`, as the
    library opens it (one door for every kind), or (None, None) when no format reads it. It opens
    it under its limits (a 1 GB file is refused, not read into Blender), a model without reading
    its meshes; a device or a pipe is refused before anything opens it (/dev/zero never ends, a
    FIFO blocks). A model that does not read is its reader's error."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise anmkit.Error(0, "not a regular file (a device or a pipe is never read)", path)
    try:
        with anmkit.open(path, kinds="any", meshes=False) as document:
            return document.format, document.kind
    except anmkit.Error as error:
        if error.code_name == "unknown_format":
            return None, None
        raise


def import_file(context, path: str, skeleton: Optional[str], fps: float, roots: List[str] = (),
                textures: Optional[str] = None, volumes: bool = False) -> List[str]:
    """Imports `path`; returns the warnings to show. Files a model names resolve in its folder,
    or under one of `roots` (the game's folder); textures named "$/..." under `textures` (the
    game's shared texture folder, resource/texture); `volumes`: the model's collision volumes too."""
    roots = list(roots)
    format_name, kind = probe(path)
    info = anmkit.format_info(format_name) if format_name is not None else {}
    # A model that lists its animations (a GEM .mdl): the whole model, an action per sequence.
    if kind == "model" and info.get("skeleton_lists_animations"):
        return import_model(context, path, None, fps, roots, textures, volumes)
    if info.get("sprite"):
        with anmkit.open(path) as document:
            sprite_plane.build(context, document.sprite, pathlib.Path(path).stem)
        return []
    # The library's rule picks the model (anmkit.find_skeleton, as the CLI does): a model that
    # lists this file (a GEM .mdl, the LM .bin of its name), else one beside it with its bones.
    found = None if skeleton else anmkit.find_skeleton(path, reference_roots=roots)
    notes = [w.worded(FIELDS) for w in found.warnings] if found is not None else []
    if found is not None:
        skeleton = found.model
    # A .mdl listing the file: the whole model, an action per sequence, this one playing.
    if info.get("skeleton_lists_animations") and skeleton and (found is None or found.reason == anmkit.SkeletonReason.LISTS_IT):
        return import_model(context, skeleton, path, fps, roots, textures, volumes) + notes
    with anmkit.open(path, skeleton=skeleton, fps=fps, texture_dir=textures, volumes=volumes) as document:
        name = pathlib.Path(path).stem
        target = document.import_target
        frame_count = document.skeleton.frame_count
        obj = bring_in(context, document.to_gltf(), fps)
    set_volumes_apart(context, obj)
    if skeleton:
        sources.remember_model(obj, {"skeleton": str(pathlib.Path(skeleton).resolve()), "fps": fps, "target": target})
    actions = name_actions(obj, {name: {"path": str(pathlib.Path(path).resolve()), "target": target,
                                        "skeleton": skeleton, "fps": fps, "frame_count": frame_count}})
    if name in actions:
        play(context, obj, actions[name], frame_count)
    return notes


def animation_names(glb: bytes) -> List[str]:
    """The names of the animations of `glb`, in order: the library names each sequence uniquely
    ("repair (turret_r)" where several share a name), and Blender's importer makes an NLA track of
    each by that name."""
    size, = struct.unpack_from("<I", glb, 12)
    return [a.get("name", "") for a in json.loads(glb[20:20 + size]).get("animations", [])]


def import_model(context, mdl: str, chosen: Optional[str], fps: float, roots: List[str],
                 textures: Optional[str] = None, volumes: bool = False) -> List[str]:
    """A .mdl with every sequence file it names: one armature, an action per sequence; `chosen`
    (a sequence file) plays first; `volumes`: its collision volumes too."""
    glb, warnings = anmkit.model_to_gltf(mdl, reference_roots=roots, texture_dir=textures, volumes=volumes)
    # The sequences the glTF holds: a file that cannot be read is skipped there, with a warning,
    # and here too (not the whole import).
    present, opened = [], {}
    for sequence in model_sequences(mdl, roots):
        if not sequence["exists"]:
            continue
        try:
            with anmkit.open(sequence["path"], skeleton=mdl, fps=fps) as document:
                opened[id(sequence)] = (document.import_target, document.skeleton.frame_count)
        except anmkit.Error:
            continue
        present.append(sequence)
    names = animation_names(glb)
    if len(names) != len(present):
        raise anmkit.Error(0, f"the model's glTF has {len(names)} animations, not one for each of its "
                              f"{len(present)} readable sequences")
    source_of = {}
    for name, sequence in zip(names, present):
        target, frame_count = opened[id(sequence)]
        source_of[name] = {"path": str(pathlib.Path(sequence["path"]).resolve()), "target": target, "skeleton": mdl,
                           "fps": fps, "frame_count": frame_count}
    obj = bring_in(context, glb, fps)
    set_volumes_apart(context, obj)
    # A new action is written in the version most of the model's sequences are (none: the export's choice).
    targets = [s["target"] for s in source_of.values()]
    sources.remember_model(obj, {"skeleton": str(pathlib.Path(mdl).resolve()), "fps": fps,
                                 "target": max(sorted(set(targets)), key=targets.count) if targets else None})
    actions = name_actions(obj, source_of)
    first = next((n for n, s in source_of.items() if chosen and pathlib.Path(s["path"]) == pathlib.Path(chosen).resolve()),
                 next((n for n in names if n in actions), None))  # else the model's first sequence
    if first in actions:
        play(context, obj, actions[first], source_of[first]["frame_count"])
    return [w.worded(FIELDS) for w in warnings]


def import_glob():
    """What the file browser shows: the formats' animations and the models that list theirs
    ("*.anm;*.mdl"), as the library's entries register them (no extension is written here)."""
    listing = {info["skeleton_extension"] for info in (anmkit.format_info(name) for name in anmkit.formats())
               if info["skeleton_lists_animations"]}
    extensions = []
    for kind in anmkit.file_kinds():
        wanted = kind["opens_as"] == "animation" or (kind["opens_as"] == "model" and kind["extension"] in listing)
        if wanted and kind["extension"] not in extensions:
            extensions.append(kind["extension"])
    return ";".join("*" + extension for extension in extensions)


# The frame rates the library takes (the command line and Python offer the same).
FPS_RANGE = anmkit.setting_range("fps")
# The settings a library message may name that this dialog has a field for, as it calls them.
FIELDS = {"fps": "the Frame rate field", "skeleton": "the Skeleton field", "reference_roots": "the Game folder field",
          "texture_dir": "the Texture folder field", "volumes": "the Collision volumes box"}


class ImportAnm(bpy.types.Operator, ImportHelper):
    """Import a GEM, Luigi's Mansion or Might and Magic II animation (anmkit)"""
    bl_idname = "import_anim.anmkit"
    bl_label = "Import game animation"
    bl_options = {"REGISTER", "UNDO"}

    filename_ext = ".anm"
    filter_glob: StringProperty(default=import_glob(), options={"HIDDEN"})
    skeleton: StringProperty(name="Skeleton", subtype="FILE_PATH", default="",
                             description="The GEM .mdl or LM .bin; empty: the .mdl beside the file that lists it, "
                                         "or the .bin of the same name")
    fps: FloatProperty(name="Frame rate", default=30.0, min=FPS_RANGE[0], max=FPS_RANGE[1],
                       description="GEM and LM files store none; the scene is set to it")
    game_folder: StringProperty(name="Game folder", subtype="DIR_PATH", default="",
                                description="Files a model names may also be read from anywhere under this folder "
                                            "(the game's resource folder); empty: only from the model's own folder")
    texture_folder: StringProperty(name="Texture folder", subtype="DIR_PATH", default="",
                                   description="The game's shared textures (its resource/texture folder), where a "
                                               "material's $/... textures are; empty: those are drawn in their colour")
    volumes: BoolProperty(name="Collision volumes", default=False,
                          description="The model's collision volumes too (its .mdl's {Volume}s): each a mesh on its "
                                      "bone, drawn as wire, in a collection of their own")

    def execute(self, context):
        try:
            roots = [self.game_folder] if self.game_folder else []
            warnings = import_file(context, self.filepath, self.skeleton or None, self.fps, roots,
                                   self.texture_folder or None, self.volumes)
        except anmkit.Error as error:
            self.report({"ERROR"}, error.described(FIELDS))
            return {"CANCELLED"}
        except OSError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        for warning in warnings:
            self.report({"WARNING"}, warning)
        return {"FINISHED"}
