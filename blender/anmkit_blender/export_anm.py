"""File > Export > "Game animation (.anm)": the active action back into the file it was imported
from. Blender's glTF exporter writes it (the docs/gltf.md settings), and anmkit reads that over
the original (`--base`): bone order, flags, comments, mesh payloads and every value not edited
keep the original's bytes; what cannot be kept is a warning in the info bar. An action made in
Blender is a new file on the model's skeleton (`--skeleton`), frames 0 to the scene's last,
optionally declared in the model."""
import json
import os
import pathlib
import tempfile
from dataclasses import dataclass, field
from typing import List, Optional

import bpy
from bpy.props import BoolProperty, EnumProperty, StringProperty
from bpy_extras.io_utils import ExportHelper
from mathutils import Matrix

from . import anmkit, bones, changes, exact_keys, gltf_axes, mesh_edits, parts, sources, versions

# Another version or layout of the file's format: every convert target that a glTF import can
# also be written as, as the registry lists them.
VERSIONS = [("original", "As the original", "The version and layout of the file the action came from")] + [
    (target, target, f"{info['title']}: {target}")
    for info in (anmkit.format_info(name) for name in anmkit.formats())
    for target in info["convert_targets"] if target in info["import_targets"]]


def from_anmkit(obj) -> bool:
    """An armature an anmkit import made: its actions' files, or its model, are known."""
    return obj is not None and obj.type == "ARMATURE" and bool(sources.recall_all(obj) or sources.recall_model(obj))


def armature_with_sources(context):
    obj = context.active_object
    if from_anmkit(obj):
        return obj
    found = [o for o in context.scene.objects if from_anmkit(o)]
    return found[0] if len(found) == 1 else None


def _exported(context, obj, last_frame: Optional[int], on_skeleton: bool) -> bytes:
    """gltf_of's glTF before its animation is named."""
    for other in context.selected_objects:
        other.select_set(False)
    obj.select_set(True)
    # A new sequence's shape keys (a track's links) go as the meshes' morph targets and weights,
    # which the library reads onto the model as MESH keys; over a file, its mesh keys are kept.
    if on_skeleton:
        for part in parts.shaped_parts(obj):
            part.select_set(True)
    # Every bone from its rest, as Blender's exporter leaves them between the actions it switches
    # to: a bone this action does not key would otherwise be written where the last action shown
    # left it (another sequence's pose at the frame it was looked at), and join the file as edited.
    # A new action: at the game's rest (rest_basis: a mirrored rest is in the pose); over a file,
    # at Blender's, which the library's --base takes for the rest.
    for bone in obj.pose.bones:
        bone.matrix_basis = bones.rest_basis(bone.bone) if on_skeleton else Matrix()
    context.scene.frame_set(context.scene.frame_current)
    handle, temporary = tempfile.mkstemp(suffix=".glb", prefix="anmkit_")
    os.close(handle)
    options = dict(filepath=temporary, export_format="GLB", use_selection=True, export_animations=True,
                   export_frame_range=last_frame is not None, export_frame_step=1, export_force_sampling=True,
                   export_optimize_animation_size=False, export_def_bones=False)
    # The action played alone: every other sequence would be sampled too, bone by bone and frame by
    # frame, most of an export's time on a vehicle (the exporter's option, as each version names it).
    # (export_anim_single_armature would add every action of the armature again.)
    offered = bpy.ops.export_scene.gltf.get_rna_type().properties.keys()
    options["export_anim_single_armature"] = False
    if "export_animation_mode" in offered:
        options["export_animation_mode"] = "ACTIVE_ACTIONS"
    elif "export_nla_strips" in offered:
        options["export_nla_strips"] = False
    scene = context.scene
    kept_range = scene.frame_start, scene.frame_end
    if last_frame is not None:
        scene.frame_start, scene.frame_end = 0, last_frame
    try:
        bpy.ops.export_scene.gltf(**options)
        glb = exact_keys.recompute(pathlib.Path(temporary).read_bytes(), obj, obj.animation_data.action,
                                   context.scene.render)
        if on_skeleton:
            # Read onto the skeleton: the nodes' rests the game's, as the import gave them.
            glb = gltf_axes.with_node_rests(glb, bones.node_rests(obj))
        glb = gltf_axes.turn_back(glb, bones.axes_of(obj))
    finally:
        scene.frame_start, scene.frame_end = kept_range
        os.remove(temporary)
    return glb


def gltf_of(context, obj, sequence: str, last_frame: Optional[int] = None, on_skeleton: bool = False) -> bytes:
    """The armature's active action as Blender's glTF exporter writes it, one animation named
    `sequence`, every bone's frame turned back to the game's (the import turned it to point at the
    bone's child: bones.py, gltf_axes.py). `last_frame`: frames 0 to it are sampled (the scene's
    range, the file's length), else the action's own range. `on_skeleton`: a new action, read onto
    the model's skeleton: the bones start from the game's rest, and the nodes keep the import's rests."""
    # From here the armature's action changes only as the exporter samples it: no pick of the
    # user's (parts.picked() would move the bones it does not key).
    parts.exporting = True
    try:
        glb = _exported(context, obj, last_frame, on_skeleton)
    finally:
        parts.exporting = False
    return gltf_axes.name_only_animation(glb, sequence)


# The settings a library warning may name, as this export sees them: the frame rate is the
# scene's, the base is the file the action was imported from.
FIELDS = {"fps": "the scene's frame rate", "base": "the original file"}


@dataclass
class Report:
    """What an export did: what changed against the original (changes.what_changed: a headline
    and its details), and the warnings (what could not be kept or was left out, and why)."""
    changed: str = ""
    changed_details: str = ""
    warnings: List[str] = field(default_factory=list)


def _keyed_last_frame(obj, action) -> float:
    """The last frame at which `action` keys a bone of `obj`."""
    frames = [k.co[0] for c in versions.fcurves(obj, action) for k in c.keyframe_points]
    return max(frames) if frames else 0.0


def _write_atomically(path: str, data: bytes) -> None:
    """`data` into a new file beside `path`, then renamed over it: the old file or the new one."""
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".anmkit_", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def frame_count(document) -> int:
    return json.loads(document.summary(as_json=True))["frame_count"]


def scene_warnings(obj, action, scene, file_fps: float, imported_as: str, wrap: int = 0) -> List[str]:
    """What the scene changes in what is written: a start other than frame 0, keys past its End
    (and past the frame a looping clip wraps to, `wrap` after it), a frame rate other than the
    file's (honoured: the action is sampled at the file's rate)."""
    scene_fps = scene.render.fps / scene.render.fps_base
    end = scene.frame_end
    warnings = []
    if scene.frame_start != 0:
        warnings.append(f"the scene starts at frame {scene.frame_start}: a game sequence starts at frame 0, so the file "
                        f"runs frames 0 to {end}")
    if _keyed_last_frame(obj, action) > end + wrap + 1e-3:
        warnings.append(f"keys past the scene's last frame ({end}) are not written: the file ends there")
    if abs(scene_fps - file_fps) > 1e-9:
        warnings.append(f"the scene runs at {scene_fps:g} fps and {imported_as} {file_fps:g}: the action is sampled at "
                        f"{file_fps:g} fps, its timing kept ({round(end / scene_fps * file_fps) + 1} frames)")
    return warnings


def time_edited(document, edits: List[str], warnings: List[str]):
    """`document` with the library's time edits applied in order (the export's Time edits, as
    `anmkit edit` takes them); what they leave out joins `warnings`."""
    if not edits:
        return document
    edited, said = document.edit_time(*edits)
    warnings += [w.message for w in said]
    return edited


def export_new_action(context, obj, action, path: str, version: str, add_to_model: bool,
                      edits: Optional[List[str]] = None) -> Report:
    """An action made in Blender (no file behind it) as a new file on the model's skeleton: the
    model's bones only, in its rest pose and axes, frames 0 to the scene's last; with
    `add_to_model`, declared in the model as a sequence of the action's name."""
    model = sources.recall_model(obj)
    if model is None or not model.get("skeleton"):
        raise anmkit.Error(0, f"the action '{action.name}' did not come from an anmkit import, and the armature was not "
                              "made from a model file: there is no skeleton to write it on")
    target = version if version != "original" else model.get("target")
    if not target:
        raise anmkit.Error(0, f"the action '{action.name}' is new and the model has no sequence to take a version from: "
                              "pick a Version")
    scene = context.scene
    scene_fps = scene.render.fps / scene.render.fps_base
    end = scene.frame_end
    warnings = scene_warnings(obj, action, scene, model["fps"], "the model was imported at")
    # The model's new text first: a refusal (the name declared already) writes nothing.
    model_text = anmkit.model_with_sequence(model["skeleton"], action.name, path) if add_to_model else None
    glb = gltf_of(context, obj, action.name, last_frame=end, on_skeleton=True)
    # Frames 0 to the scene's last, counted at the game's rate.
    glb = gltf_axes.with_frame_count(glb, round(end / scene_fps * model["fps"]) + 1)
    imported = anmkit.from_gltf(glb, target, name=pathlib.Path(path).name, fps=model["fps"], skeleton=model["skeleton"])
    warnings += [w.worded(FIELDS) for w in imported.warnings]
    with time_edited(imported.document, edits, warnings) as document:
        document.save(path)
        frames = frame_count(document)
    report = Report(changed=f"a new sequence of {frames} frames on {pathlib.Path(model['skeleton']).name}")
    if model_text is not None:
        _write_atomically(model["skeleton"], model_text)
        report.changed += f", declared in it as '{action.name}'"
    report.warnings = warnings + mesh_edits.report(context.scene)
    return report


def export_action(context, obj, action, path: str, version: str, overwrite_original: bool,
                  add_to_model: bool = False, time_edits: str = "") -> Report:
    """Writes `action` of `obj` to `path`; returns what to tell the user. `time_edits`: the
    library's time edits, separated by spaces, applied to what is written."""
    edits = time_edits.split()
    if obj.animation_data is not None and obj.animation_data.action == action:
        parts.ensure_picked(context.scene, obj)
    source = sources.recall(obj, action.name)
    if source is None:
        return export_new_action(context, obj, action, path, version, add_to_model, edits)
    if add_to_model:
        raise anmkit.Error(0, f"the action '{action.name}' is the model's sequence already: 'Add to the model' is for a "
                              "new action")
    original = pathlib.Path(source["path"])
    if pathlib.Path(path).resolve() == original.resolve() and not overwrite_original:
        raise anmkit.Error(0, f"{path} is the file the action came from; tick 'Overwrite the original' to replace it")
    scene = context.scene
    scene_fps = scene.render.fps / scene.render.fps_base
    file_fps = source["fps"]
    report = Report()
    # The skeleton it was imported with opens the original as it was opened then (a format may
    # take what its model file gives, as LM takes its node count from the .bin).
    with anmkit.open(str(original), skeleton=source.get("skeleton")) as base:
        facts = json.loads(base.summary(as_json=True))
        frames = facts["frame_count"]
        # A looping clip's action also holds the frame it wraps to, one past the last.
        wrap = 1 if facts.get("loop") else 0
        warnings = scene_warnings(obj, action, scene, file_fps, "the file was imported at", wrap)
        # The file runs the scene's frames, 0 to its End, at the file's rate (the library's time
        # edits make the original as long first, or cut the result to it).
        length = round(scene.frame_end / scene_fps * file_fps) + 1
        # The meshes' visibility (their objects' scale) goes back as their bones' scale.
        glb = parts.visibility_onto_bones(gltf_of(context, obj, source["sequence"], last_frame=scene.frame_end + wrap),
                                          obj, source["sequence"], scene_fps)
        over = base
        if length > frames:
            over, said = base.edit_time(f"insert={frames}:{length - frames}")
            warnings += [w.message for w in said]
        imported = anmkit.from_gltf(glb, source["target"], name=pathlib.Path(path).name, animation=source["sequence"],
                                    fps=file_fps, base=over)
        result = imported.document
        if frame_count(result) > length:
            result, said = result.edit_time(f"trim=0:{length - 1}")
            warnings += [w.message for w in said]
        report.changed, report.changed_details = changes.what_changed(base, result)
        if edits:
            result = time_edited(result, edits, warnings)
            report.changed += f", then {' '.join(edits)}"
    warnings += [w.worded(FIELDS) for w in imported.warnings]
    with result as document:
        if version != "original" and version != source["target"]:
            # Another version: the library's export of that kind, saved as one file.
            warnings += [w.worded(FIELDS) for w in document.save_as(version, path, overwrite_source=overwrite_original)]
        else:
            document.save(path, overwrite_source=overwrite_original)
    report.warnings = warnings + mesh_edits.report(context.scene)
    return report


# A warning's list of names longer than this goes to the console, the info bar keeps its headline.
DETAILS_AT = 80


def split_details(warning: str):
    """(headline, details): a warning that ends in a long parenthesised list of names ("77 nodes
    of the glTF are ... left out ('door_front', 'engine', ...)") as its headline and that list;
    any other as it is, with no details."""
    at = warning.find(" ('")
    if at >= 0 and warning.endswith(")") and len(warning) - at > DETAILS_AT:
        return warning[:at], warning[at + 2:-1]
    return warning, ""


class ExportAnm(bpy.types.Operator, ExportHelper):
    """Write the active action back into its game file (anmkit)"""
    bl_idname = "export_anim.anmkit"
    bl_label = "Export game animation"

    filename_ext = ".anm"
    version: EnumProperty(name="Version", items=VERSIONS, default="original",
                          description="The version to write (a format with one version keeps it)")
    overwrite_original: BoolProperty(name="Overwrite the original", default=False,
                                     description="Allow the output to be the file the action was imported from")
    add_to_model: BoolProperty(name="Add to the model", default=False,
                               description="A new action: also declare the file in the model (.mdl) as a sequence of "
                                           "the action's name; the model's other bytes are kept")
    time_edits: StringProperty(name="Time edits", default="",
                               description="The library's time edits of the written file, in order, separated by spaces, "
                                           "as anmkit edit takes them: reverse, retime=2, length=81, trim=0:40, "
                                           "delete=0:0, insert=10:5, loop (exact on the keys they do not move)")

    def execute(self, context):
        obj = armature_with_sources(context)
        if obj is None or obj.animation_data is None or obj.animation_data.action is None:
            self.report({"ERROR"}, "select an armature imported by anmkit, with the action to write active")
            return {"CANCELLED"}
        try:
            report = export_action(context, obj, obj.animation_data.action, self.filepath, self.version,
                                   self.overwrite_original, self.add_to_model, self.time_edits)
        except (anmkit.Error, OSError) as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        for warning in report.warnings:
            headline, details = split_details(warning)
            self.report({"WARNING"}, headline + (" (listed in the system console)" if details else ""))
            if details:
                print(f"anmkit: {warning}")
        if report.changed_details:
            print(f"anmkit: {self.filepath}: {report.changed_details}")
        self.report({"INFO"}, f"wrote {self.filepath}: {report.changed}" +
                    (" (listed in the system console)" if report.changed_details else ""))
        return {"FINISHED"}
