"""File > Export > "Game animation (.anm)": the active action back into the file it was imported
from. Blender's glTF exporter writes it (the docs/gltf.md settings), and anmkit reads that over
the original (`--base`): bone order, flags, comments, mesh payloads and every value not edited
keep the original's bytes; what cannot be kept is a warning in the info bar."""
import os
import pathlib
import tempfile
from typing import List

import bpy
from bpy.props import BoolProperty, EnumProperty
from bpy_extras.io_utils import ExportHelper
from mathutils import Matrix

from . import anmkit, bones, gltf_axes, parts, sources

# Another version or layout of the file's format: every convert target that a glTF import can
# also be written as, as the registry lists them.
VERSIONS = [("original", "As the original", "The version and layout of the file the action came from")] + [
    (target, target, f"{info['title']}: {target}")
    for info in (anmkit.format_info(name) for name in anmkit.formats())
    for target in info["convert_targets"] if target in info["import_targets"]]


def armature_with_sources(context):
    obj = context.active_object
    if obj is not None and obj.type == "ARMATURE" and sources.recall_all(obj):
        return obj
    found = [o for o in context.scene.objects if o.type == "ARMATURE" and sources.recall_all(o)]
    return found[0] if len(found) == 1 else None


def gltf_of(context, obj) -> bytes:
    """The armature's actions as Blender's glTF exporter writes them (one animation per action,
    named as its NLA track: the sequence), every bone's frame turned back to the game's (the
    import turned it to point at the bone's child: bones.py, gltf_axes.py)."""
    for other in context.selected_objects:
        other.select_set(False)
    obj.select_set(True)
    # Every bone from its rest, as Blender's exporter leaves them between the actions it switches
    # to: a bone this action does not key would otherwise be written where the last action shown
    # left it (another sequence's pose at the frame it was looked at), and join the file as edited.
    for bone in obj.pose.bones:
        bone.matrix_basis = Matrix()
    context.scene.frame_set(context.scene.frame_current)
    handle, temporary = tempfile.mkstemp(suffix=".glb", prefix="anmkit_")
    os.close(handle)
    try:
        bpy.ops.export_scene.gltf(filepath=temporary, export_format="GLB", use_selection=True,
                                  export_animations=True, export_frame_range=False, export_frame_step=1,
                                  export_force_sampling=True, export_anim_single_armature=True,
                                  export_optimize_animation_size=False, export_def_bones=False)
        return gltf_axes.turn_back(pathlib.Path(temporary).read_bytes(), bones.axes_of(obj))
    finally:
        os.remove(temporary)


# The settings a library warning may name, as this export sees them: the frame rate is the
# scene's, the base is the file the action was imported from.
FIELDS = {"fps": "the scene's frame rate", "base": "the original file"}


def export_action(context, obj, action, path: str, version: str, overwrite_original: bool) -> List[str]:
    """Writes `action` of `obj` to `path`; returns the warnings to show."""
    source = sources.recall(obj, action.name)
    if source is None:
        raise anmkit.Error(0, f"the action '{action.name}' did not come from an anmkit import: there is no file "
                              "to write it over")
    original = pathlib.Path(source["path"])
    if pathlib.Path(path).resolve() == original.resolve() and not overwrite_original:
        raise anmkit.Error(0, f"{path} is the file the action came from; tick 'Overwrite the original' to replace it")
    warnings = []
    scene_fps = context.scene.render.fps / context.scene.render.fps_base
    if abs(scene_fps - source["fps"]) > 1e-9:
        warnings.append(f"the scene runs at {scene_fps:g} fps but the file was imported at {source['fps']:g}: "
                        "each Blender frame is written as one game frame")
    # The meshes' visibility (their objects' scale) goes back as their bones' scale.
    glb = parts.visibility_onto_bones(gltf_of(context, obj), obj, source["sequence"], scene_fps)
    # The skeleton it was imported with opens the original as it was opened then (a format may
    # take what its model file gives, as LM takes its node count from the .bin).
    with anmkit.open(str(original), skeleton=source.get("skeleton")) as base:
        imported = anmkit.from_gltf(glb, source["target"], name=pathlib.Path(path).name, animation=source["sequence"],
                                    fps=scene_fps, base=base)
    warnings += [w.worded(FIELDS) for w in imported.warnings]
    with imported.document as document:
        if version != "original" and version != source["target"]:
            # Another version: the library's export of that kind, saved as one file.
            warnings += [w.worded(FIELDS) for w in document.save_as(version, path, overwrite_source=overwrite_original)]
        else:
            document.save(path, overwrite_source=overwrite_original)
    return warnings


class ExportAnm(bpy.types.Operator, ExportHelper):
    """Write the active action back into its game file (anmkit)"""
    bl_idname = "export_anim.anmkit"
    bl_label = "Export game animation"

    filename_ext = ".anm"
    version: EnumProperty(name="Version", items=VERSIONS, default="original",
                          description="The version to write (a format with one version keeps it)")
    overwrite_original: BoolProperty(name="Overwrite the original", default=False,
                                     description="Allow the output to be the file the action was imported from")

    def execute(self, context):
        obj = armature_with_sources(context)
        if obj is None or obj.animation_data is None or obj.animation_data.action is None:
            self.report({"ERROR"}, "select an armature imported by anmkit, with the action to write active")
            return {"CANCELLED"}
        try:
            warnings = export_action(context, obj, obj.animation_data.action, self.filepath, self.version,
                                     self.overwrite_original)
        except (anmkit.Error, OSError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        for warning in warnings:
            self.report({"WARNING"}, warning)
        self.report({"INFO"}, f"wrote {self.filepath}")
        return {"FINISHED"}
