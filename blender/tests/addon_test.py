# blender -b --factory-startup --python-exit-code 1 --python addon_test.py -- ADDON.zip EXAMPLES CORPUS SCRATCH VEHICLES:
# installs the add-on from its zip as Preferences > Add-ons > Install does (into BLENDER_USER_SCRIPTS),
# then imports and exports through its operators, checking against the anmkit package inside it:
# the e25 tank with every sequence (bone world positions equal anmkit's sampling through the
# skeleton to 1e-5), every real GEM file and the examples back byte for byte, a scripted edit
# that comes back as exactly that edit, warnings, the LM door and the MM2 ghost; bones that point
# to their children and helpers in a hidden collection (layer), on the e-75 and on models made
# here; the whole vehicles (meshes on their bones and skinned, every vertex where the library puts
# it, textures, the pzh2000's track shape keys, a hidden part's visibility following the action,
# every sequence back byte for byte with the meshes there). CORPUS (the corpus's gem folder) and
# VEHICLES (its gem-vehicles folder) may be "-" (absent). Prints PASS/FAIL lines; exits 1 when any
# check fails. Run by blender/tests/run_addon_test.sh; ANMKIT_ADDON_TEST=WORD[,WORD] in the
# environment runs only the tests whose names hold a word (ANMKIT_ADDON_TEST=pzh2000,hidden).
import importlib
import json
import os
import pathlib
import shutil
import struct
import sys
import traceback

import bpy
from mathutils import Matrix, Quaternion, Vector, kdtree

zip_path, examples, corpus, scratch, vehicles = (sys.argv[sys.argv.index("--") + 1:] + ["-"])[:5]
examples, scratch = pathlib.Path(examples), pathlib.Path(scratch)
corpus = None if corpus == "-" else pathlib.Path(corpus)
vehicles = None if vehicles == "-" else pathlib.Path(vehicles)

if zip_path.endswith("_x64.zip"):
    # A Blender extension (4.2 and later) that run_addon_test.sh installed with `extension
    # install-file`: enabled here as the Preferences' checkbox does, then known by its old name.
    module = "bl_ext.user_default.anmkit_blender"
    bpy.ops.preferences.addon_enable(module=module)
    sys.modules["anmkit_blender"] = importlib.import_module(module)
else:
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    bpy.ops.preferences.addon_enable(module="anmkit_blender")
from anmkit_blender import anmkit, export_anm, parts, sources, versions  # noqa: E402  (installed just above)

failures = []


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def clean():
    """An empty scene, the add-on still enabled."""
    for collection in (bpy.data.objects, bpy.data.armatures, bpy.data.actions, bpy.data.meshes, bpy.data.materials,
                       bpy.data.images):
        for item in list(collection):
            collection.remove(item)
    bpy.context.scene.timeline_markers.clear()
    bpy.context.scene.render.fps, bpy.context.scene.render.fps_base = 24, 1.0


def folder(name):
    path = scratch / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def armature():
    found = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    check(len(found) == 1, f"one armature, not {[o.name for o in found]}")
    return found[0]


# ANMKIT_ADDON_KEEP=DIR: every edit exported (edited.anm) is also copied to DIR/TEST.anm, for
# run_edits_alike.sh to compare what each Blender wrote.
KEEP = os.environ.get("ANMKIT_ADDON_KEEP")
running = ""  # the test that runs now


def export(path, **options):
    result = bpy.ops.export_anim.anmkit(filepath=str(path), **options)
    check(result == {"FINISHED"}, f"export to {path}: {result}")
    if KEEP and pathlib.Path(path).name == "edited.anm":
        shutil.copyfile(path, pathlib.Path(KEEP) / f"{running}.anm")


# With Bone Dir "Blender" each bone is its node turned +90 degrees about X (tests/data/blender/armature.py).
TURN = Quaternion((2 ** 0.5 / 2, 2 ** 0.5 / 2, 0, 0)).to_matrix().to_4x4()


def game_world_positions(document, frame):
    """Every joint's world position at `frame`, through the skeleton, from anmkit's sampling."""
    return {name: m.translation for name, m in game_world_matrices(document, frame).items()}


def game_world_matrices(document, frame):
    """Every joint's world matrix at `frame` (the game's world), through the skeleton, from
    anmkit's sampling: a joint the file does not key at its rest, a hidden one scaled 0."""
    skeleton, pose = document.skeleton, document.sample(frame)
    posed = {bone.joint: b for b, bone in enumerate(skeleton.bones) if bone.joint >= 0}
    world = []
    for j, joint in enumerate(skeleton.joints):
        if j in posed:
            b = posed[j]
            t, r, s = (list(map(float, pose.translation[b])), list(map(float, pose.rotation[b])),
                       list(map(float, pose.scale[b])))
            mirrored, visible = bool(pose.mirrored[b]), bool(pose.visible[b])
        else:
            t, r, s = list(joint.translation), list(joint.rotation), list(joint.scale)
            mirrored, visible = joint.mirrored, True
        if mirrored:
            s[2] = -s[2]
        if not visible:
            s = [0, 0, 0]
        local = Matrix.LocRotScale(Vector(t), Quaternion((r[3], r[0], r[1], r[2])), Vector(s))
        world.append(local if joint.parent < 0 else world[joint.parent] @ local)
    return {joint.name: world[j] for j, joint in enumerate(skeleton.joints)}


def expect_world_positions(obj, document, frames):
    for frame in frames:
        bpy.context.scene.frame_set(frame)
        expected = game_world_positions(document, frame)
        for pb in obj.pose.bones:
            got = (obj.matrix_world @ pb.matrix @ TURN.inverted()).translation
            e = expected[pb.name]
            # The game's left-handed world, reflected in y, at 0.05 m a unit (docs/gltf.md).
            want = Vector((0.05 * e.x, -0.05 * e.y, 0.05 * e.z))
            check((got - want).length <= 1e-5, f"{pb.name} at frame {frame}: {tuple(got)} != {tuple(want)}")


def e25_folder():
    here = folder("e25")
    shutil.copyfile(corpus / "goh_e25_tank-e-25.mdl", here / "tank-e-25.mdl")
    shutil.copyfile(corpus / "goh_e25_fire.anm", here / "fire.anm")
    shutil.copyfile(corpus / "goh_e25_stop.anm", here / "stop.anm")
    return here


def test_the_frame_rate_field_offers_the_librarys_range():
    field = bpy.ops.import_anim.anmkit.get_rna_type().properties["fps"]
    check((round(field.hard_min, 6), field.hard_max) == (0.01, 10000.0), (field.hard_min, field.hard_max))


def test_e25_tank_with_every_sequence():
    clean()
    here = e25_folder()
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "fire.anm")) == {"FINISHED"}, "import")
    obj = armature()
    mdl = str(here / "tank-e-25.mdl")
    check(len(obj.data.bones) == 54, f"the .mdl's 54 bones, not {len(obj.data.bones)}")
    check(sorted(a.name for a in bpy.data.actions) == ["fire", "stop"], [a.name for a in bpy.data.actions])
    check(obj.animation_data.action.name == "fire", "the imported file's sequence plays first")
    scene = bpy.context.scene
    for name in ("fire", "stop"):
        with anmkit.open(str(here / f"{name}.anm"), skeleton=mdl) as document:
            obj.animation_data.action = bpy.data.actions[name]
            summary = json.loads(document.summary(as_json=True))
            last = summary["frame_count"] - 1
            expect_world_positions(obj, document, sorted({0, 1, last // 2, last}))
    check(scene.render.fps == 30 and scene.frame_start == 0, "the scene at the file's 30 fps, from frame 0")


def test_every_real_file_comes_back_byte_for_byte():
    check(corpus is not None, "the corpus (../shared/corpus/gem) is absent")
    here = e25_folder()
    clean()
    bpy.ops.import_anim.anmkit(filepath=str(here / "stop.anm"))
    obj = armature()
    for name in ("fire", "stop"):
        obj.animation_data.action = bpy.data.actions[name]
        export(here / f"{name}_back.anm")
        check((here / f"{name}_back.anm").read_bytes() == (here / f"{name}.anm").read_bytes(), f"e25 {name}")
    for path in sorted(corpus.glob("*.anm")):
        if path.name.startswith("goh_e25_"):
            continue
        clean()
        alone = folder("alone")
        shutil.copyfile(path, alone / path.name)
        check(bpy.ops.import_anim.anmkit(filepath=str(alone / path.name)) == {"FINISHED"}, f"import {path.name}")
        export(alone / "back.anm")
        check((alone / "back.anm").read_bytes() == path.read_bytes(), f"{path.name} back byte for byte")


def test_examples_come_back_byte_for_byte():
    for name in ("turret_v40.anm", "turret_v60.anm", "turret_v61_frm3.anm", "track_meshanim_v61.anm"):
        clean()
        here = folder("examples")
        shutil.copyfile(examples / name, here / name)
        bpy.ops.import_anim.anmkit(filepath=str(here / name))
        export(here / "back.anm")
        check((here / "back.anm").read_bytes() == (examples / name).read_bytes(), f"{name} back byte for byte")


def test_the_exports_time_edits_are_the_librarys():
    """The export's Time edits: "reverse reverse" writes the turret back byte for byte; "retime=2"
    writes what the library's own edit of the file writes; the LM door's timeline cut to 30 frames
    writes its curves cut there (LM's time edits), frame 10 as it was; a bad edit writes nothing."""
    clean()
    here = folder("edits")
    shutil.copyfile(examples / "turret_v60.anm", here / "turret_v60.anm")
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "turret_v60.anm")) == {"FINISHED"}, "import")
    export(here / "twice.anm", time_edits="reverse reverse")
    check((here / "twice.anm").read_bytes() == (examples / "turret_v60.anm").read_bytes(), "reverse twice: the file")
    export(here / "slow.anm", time_edits="retime=2")
    with anmkit.open(str(examples / "turret_v60.anm")) as original:
        slow, _ = original.edit_time("retime=2")
        with slow:
            check((here / "slow.anm").read_bytes() == slow.write(), "retime=2: the library's edit of the file")
    try:
        bpy.ops.export_anim.anmkit(filepath=str(here / "bad.anm"), time_edits="speed=2")
        said = ""
    except RuntimeError as error:  # an operator's error, in the background
        said = str(error)
    check("time edit 'speed=2': expected reverse, loop" in said and not (here / "bad.anm").exists(),
          f"a bad edit is refused and writes nothing: {said}")
    clean()
    door = folder("door_edits")
    for name in ("mansion_door.anm", "mansion_door.bin"):
        shutil.copyfile(examples / name, door / name)
    check(bpy.ops.import_anim.anmkit(filepath=str(door / "mansion_door.anm")) == {"FINISHED"}, "import the door")
    bpy.context.scene.frame_end = 29
    export(door / "short.anm")
    with anmkit.open(str(door / "short.anm"), skeleton=str(door / "mansion_door.bin")) as short, \
            anmkit.open(str(examples / "mansion_door.anm"), skeleton=str(examples / "mansion_door.bin")) as whole:
        check(json.loads(short.summary(as_json=True))["frame_count"] == 30, short.summary())
        for bone in range(3):
            a, b = whole.sample(10), short.sample(10)
            for f in ("translation", "rotation"):
                got, want = list(map(float, getattr(b, f)[bone])), list(map(float, getattr(a, f)[bone]))
                check(max(abs(x - y) for x, y in zip(got, want)) <= 1e-4, f"node {bone} {f} at frame 10: {got}, not {want}")


def test_the_lm_door_with_its_bin():
    clean()
    here = folder("door")
    for name in ("mansion_door.anm", "mansion_door.bin"):
        shutil.copyfile(examples / name, here / name)
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "mansion_door.anm")) == {"FINISHED"}, "import")
    obj = armature()
    with anmkit.open(str(here / "mansion_door.anm"), skeleton=str(here / "mansion_door.bin")) as document:
        check(sorted(b.name for b in obj.data.bones) == sorted(j.name for j in document.skeleton.joints),
              "the .bin's nodes are the bones")
    check(bpy.context.scene.frame_end == 59, f"60 frames, not to {bpy.context.scene.frame_end}")
    export(here / "back.anm")
    check((here / "back.anm").read_bytes() == (here / "mansion_door.anm").read_bytes(), "the door back byte for byte")


def quaternion(xyzw):
    """A pose's rotation (x, y, z, w) as Blender's Quaternion (w first)."""
    return Quaternion((float(xyzw[3]), float(xyzw[0]), float(xyzw[1]), float(xyzw[2])))


def expect_poses_kept(before, after, names, edited=None):
    """Every bone of `names` at every frame of `before` has exactly its pose in `after`, but the
    (bone, frame) `edited`."""
    frames = json.loads(before.summary(as_json=True))["frame_count"]
    for frame in range(frames):
        a, b = before.sample(frame), after.sample(frame)
        for bone in range(len(names)):
            same = all(list(map(float, getattr(a, f)[bone])) == list(map(float, getattr(b, f)[bone]))
                       for f in ("translation", "rotation", "scale"))
            if (bone, frame) != edited:
                check(same, f"{names[bone]} at frame {frame} unchanged, exactly")


def test_an_edit_comes_back_as_that_edit():
    clean()
    here = folder("edit")
    shutil.copyfile(examples / "turret_v60.anm", here / "turret.anm")
    bpy.ops.import_anim.anmkit(filepath=str(here / "turret.anm"))
    obj = armature()
    turret = obj.pose.bones["turret1"]
    bpy.context.scene.frame_set(10)
    turn = Quaternion((0, 0, 1), 0.5)  # half a radian more about the bone's own z
    turret.rotation_quaternion = turret.rotation_quaternion @ turn
    turret.keyframe_insert("rotation_quaternion", frame=10)
    export(here / "edited.anm")
    with anmkit.open(str(here / "turret.anm")) as before, anmkit.open(str(here / "edited.anm")) as after:
        names = [b.name for b in before.skeleton.bones]
        check(names == [b.name for b in after.skeleton.bones], "the bone order kept")
        t = names.index("turret1")
        expect_poses_kept(before, after, names, edited=(t, 10))
        # At frame 10 the turret turned by the edit (its rest is the identity: the pose is local).
        want = quaternion(before.sample(10).rotation[t]) @ turn
        got = quaternion(after.sample(10).rotation[t])
        check(abs(abs(want.dot(got)) - 1) <= 1e-6, f"turret1 at frame 10: {tuple(got)} != {tuple(want)}")
        # Only that key's bytes: the file has the same size and frame layout.
        check(len(after.write()) == len(before.write()), "no key added or lost elsewhere")
    # The report says so.
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "again.anm"), "original",
                                      False)
    check((report.changed, report.changed_details, report.warnings) == ("turret1 changed at frame 10", "", []), report)


def test_the_scenes_range_is_the_files_length():
    """The timeline's End is the file's last frame: a shorter range cuts the file (every frame
    kept exactly as it was), a longer one holds the last pose on; keys past the End are said."""
    clean()
    here = folder("range")
    shutil.copyfile(examples / "turret_v60.anm", here / "turret.anm")
    bpy.ops.import_anim.anmkit(filepath=str(here / "turret.anm"))
    obj = armature()
    scene = bpy.context.scene
    check((scene.frame_start, scene.frame_end) == (0, 24), "the import sets the range to the file's 25 frames")
    scene.frame_end = 12
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "short.anm"), "original",
                                      False)
    with anmkit.open(str(here / "turret.anm")) as before, anmkit.open(str(here / "short.anm")) as after:
        check(json.loads(after.summary(as_json=True))["frame_count"] == 13, after.summary())
        names = [b.name for b in before.skeleton.bones]
        expect_poses_kept(after, before, names)
    check(report.changed == "13 frames where the original has 25", report)
    scene.frame_end = 30
    turret = obj.pose.bones["turret1"]
    scene.frame_set(40)
    turret.keyframe_insert("rotation_quaternion", frame=40)
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "long.anm"), "original",
                                      False)
    check("keys past the scene's last frame (30) are not written: the file ends there" in report.warnings, report.warnings)
    with anmkit.open(str(here / "turret.anm")) as before, anmkit.open(str(here / "long.anm")) as after:
        check(json.loads(after.summary(as_json=True))["frame_count"] == 31, after.summary())
        expect_poses_kept(before, after, [b.name for b in before.skeleton.bones])
        last = before.sample(24)
        for frame in (25, 30):
            check(list(map(float, after.sample(frame).rotation[0])) == list(map(float, last.rotation[0])),
                  f"frame {frame} holds the last pose")


def test_an_export_reports_what_changed():
    """The report of an export: each bone changed with its frames, in the headline up to three
    bones, beyond that counted there and listed in the details (the system console)."""
    clean()
    here = folder("report")
    shutil.copyfile(examples / "turret_v60.anm", here / "turret.anm")
    bpy.ops.import_anim.anmkit(filepath=str(here / "turret.anm"))
    obj = armature()
    turn = Quaternion((0, 0, 1), 0.5)

    def edit(name, frames):
        bone = obj.pose.bones[name]
        for frame in frames:
            bpy.context.scene.frame_set(frame)
            bone.rotation_quaternion = bone.rotation_quaternion @ turn
            bone.keyframe_insert("rotation_quaternion", frame=frame)

    def report():
        return export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "out.anm"),
                                        "original", False)

    edit("turret1", [10, 11])  # the file keys turret1 at frames 0 to 12 and 24
    got = report()
    check((got.changed, got.changed_details, got.warnings) == ("turret1 changed at frames 10-11", "", []), got)
    # The hatch is hidden at 22 (scale 0): a turn there changes nothing. gun_rot is keyed at 0, 16
    # to 19 and 24: Blender's automatic handles carry the turn at 18 on to 23.
    edit("hatch", [22])
    edit("gun_rot", [16, 18])
    got = report()
    check((got.changed, got.changed_details) ==
          ("2 bones changed: turret1 at frames 10-11; gun_rot at frames 16-23", ""), got)
    edit("body", [0])
    edit("hatch", [20])
    got = report()
    check((got.changed, got.changed_details) ==
          ("4 bones changed", "changed: body at frames 0-23; turret1 at frames 10-11; gun_rot at frames 16-23; "
                              "hatch at frames 20-23"), got)


def test_a_bone_the_file_never_moved_lands_when_it_is_animated():
    """The model has an antenna the file never keys: turned in Blender (from still at frame 0 to
    half a radian at frame 10), it joins the file's bone map with its keys, and every other bone
    keeps its poses exactly."""
    clean()
    here = folder("antenna")
    shutil.copyfile(examples / "turret_v60.anm", here / "turn.anm")
    (here / "tank.mdl").write_text('{Skeleton {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"}} {bone "hatch"}'
                                   ' {bone "antenna"}}}\n  {animation {sequence "turn" {file "turn.anm"}}}}\n')
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "turn.anm")) == {"FINISHED"}, "import")
    obj = armature()
    antenna = obj.pose.bones["antenna"]
    antenna.rotation_mode = "QUATERNION"
    turn = Quaternion((0, 0, 1), 0.5)
    antenna.rotation_quaternion = Quaternion()
    antenna.keyframe_insert("rotation_quaternion", frame=0)
    antenna.rotation_quaternion = turn
    antenna.keyframe_insert("rotation_quaternion", frame=10)
    export(here / "edited.anm")
    with anmkit.open(str(here / "turn.anm")) as before, anmkit.open(str(here / "edited.anm")) as after:
        names = [b.name for b in before.skeleton.bones]
        check([b.name for b in after.skeleton.bones] == names + ["antenna"], [b.name for b in after.skeleton.bones])
        expect_poses_kept(before, after, names)
        check(json.loads(after.summary(as_json=True))["frame_count"] == json.loads(before.summary(as_json=True))["frame_count"],
              "the same frames")
        got = quaternion(after.sample(10).rotation[len(names)])
        check(abs(abs(got.dot(turn)) - 1) <= 1e-5, f"the antenna at frame 10: {tuple(got)}, not {tuple(turn)}")
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "again.anm"), "original",
                                      False)
    check((report.changed, report.changed_details, report.warnings) ==
          ("added antenna", "", ["node 'antenna' animated in the glTF and not in the base: added to its bone map and keyed"]),
          report)


def test_what_is_not_kept_is_said():
    clean()
    here = folder("warn")
    shutil.copyfile(examples / "turret_v60.anm", here / "turret.anm")
    bpy.ops.import_anim.anmkit(filepath=str(here / "turret.anm"))
    obj = armature()
    bpy.context.scene.render.fps = 24
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.mode_set(mode="EDIT")
    obj.data.edit_bones.remove(obj.data.edit_bones["hatch"])
    bpy.ops.object.mode_set(mode="OBJECT")
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "out.anm"),
                                      "original", False)
    warnings = report.warnings
    check(warnings[0] == "the scene runs at 24 fps and the file was imported at 30: the action is sampled at 30 fps, its "
                         "timing kept (31 frames)", warnings)
    check(any("hatch" in w for w in warnings), f"the missing bone is named: {warnings}")
    try:
        export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "turret.anm"), "original",
                                 False)
        check(False, "the original was not refused")
    except anmkit.Error as error:
        check(str(error).endswith("is the file the action came from; tick 'Overwrite the original' to replace it"),
              str(error))
    check((here / "turret.anm").read_bytes() == (examples / "turret_v60.anm").read_bytes(), "the original untouched")


def test_a_pipe_is_refused_and_a_sequence_that_cannot_be_read_is_skipped():
    from anmkit_blender import import_anm
    clean()
    here = folder("hostile")
    pipe = here / "pipe.anm"
    os.mkfifo(pipe)  # opened blocking, it would hang Blender
    try:
        import_anm.import_file(bpy.context, str(pipe), None, 30.0)
        check(False, "the pipe was not refused")
    except anmkit.Error as error:
        check(str(error) == f"{pipe}: error: not a regular file (a device or a pipe is never read)", str(error))
    turret = (examples / "turret_v60.anm").read_bytes()
    (here / "turn.anm").write_bytes(turret)
    (here / "cut.anm").write_bytes(turret[:40])
    (here / "tank.mdl").write_text('{Skeleton {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"}} {bone "hatch"}}}\n'
                                   '  {animation {sequence "turn" {file "turn.anm"}} {sequence "cut" {file "cut.anm"}}}}\n')
    warnings = import_anm.import_file(bpy.context, str(here / "tank.mdl"), None, 30.0)
    check(sorted(a.name for a in bpy.data.actions) == ["turn"], [a.name for a in bpy.data.actions])
    check(any("sequence 'cut'" in w and "(skipped)" in w for w in warnings), warnings)


# A model in the game's lower-case style whose {matrix34} holds 9 numbers: the .mdl reader's one
# wording for it, as the command line, Python and the viewer give it (issue 38).
BROKEN_MODEL = '{skeleton\n  {bone revolute "basis"\n    {matrix34 1 0 0  0 1 0  0 0 1}\n  }\n}\n'
BROKEN_WORDS = "line 3: the {matrix34} of bone 'basis' holds 9 values, where it takes 12 numbers"


def test_a_broken_model_is_refused_in_the_librarys_words():
    from anmkit_blender import import_anm
    clean()
    broken = folder("broken") / "broken.mdl"
    broken.write_text(BROKEN_MODEL)
    try:
        import_anm.import_file(bpy.context, str(broken), None, 30.0)
        check(False, "the broken model was imported")
    except anmkit.Error as error:
        check(error.described(import_anm.FIELDS) == f"{broken}:39: error: {BROKEN_WORDS}", str(error))
    # The dialog reports that line as its error (Blender raises it from bpy.ops) and imports nothing.
    try:
        bpy.ops.import_anim.anmkit(filepath=str(broken))
        check(False, "the dialog did not report the broken model")
    except RuntimeError as error:
        check(str(error).strip() == f"Error: {broken}:39: error: {BROKEN_WORDS}", str(error))
    check(list(bpy.data.actions) == [] and list(bpy.data.armatures) == [], "nothing imported")


def test_a_file_outside_the_models_folder_is_read_only_under_the_game_folder():
    from anmkit_blender import import_anm
    clean()
    game = folder("game")
    (game / "models").mkdir()
    (game / "anims").mkdir()
    (game / "anims" / "turn.anm").write_bytes((examples / "turret_v60.anm").read_bytes())
    mdl = game / "models" / "tank.mdl"
    mdl.write_text('{Skeleton {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"}} {bone "hatch"}}}\n'
                   '  {animation {sequence "turn" {file "../anims/turn.anm"}}}}\n')
    warnings = import_anm.import_file(bpy.context, str(mdl), None, 30.0)
    check([a.name for a in bpy.data.actions] == [], [a.name for a in bpy.data.actions])
    check(any("'../anims/turn.anm'" in w and "the Game folder field" in w for w in warnings), warnings)
    clean()
    field = bpy.ops.import_anim.anmkit.get_rna_type().properties["game_folder"]
    check(field.subtype == "DIR_PATH", field.subtype)
    check(bpy.ops.import_anim.anmkit(filepath=str(mdl), game_folder=str(game)) == {"FINISHED"}, "import with the game folder")
    check([a.name for a in bpy.data.actions] == ["turn"], [a.name for a in bpy.data.actions])


def test_every_declared_sequence_is_its_own_action_with_its_own_source():
    from anmkit_blender import import_anm, sources
    clean()
    here = folder("repairs")
    turret = (examples / "turret_v60.anm").read_bytes()
    for name in ("body_r.anm", "turret_r.anm", "fire.anm"):
        (here / name).write_bytes(turret)
    mdl = here / "tank.mdl"
    mdl.write_text('{Skeleton {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"}} {bone "hatch"}}}\n'
                   '  {animation {sequence "fire"} {sequence "repair" {file "body_r.anm"}} {sequence "repair" {file "body_r.anm"}}\n'
                   '             {sequence "repair" {file "Turret_R.ANM"}}}}\n')
    warnings = import_anm.import_file(bpy.context, str(mdl), None, 30.0)
    check(warnings == [], warnings)
    obj = armature()
    names = ["fire", "repair (body_r)", "repair (body_r) 2", "repair (Turret_R)"]
    check(sorted(a.name for a in bpy.data.actions) == sorted(names), [a.name for a in bpy.data.actions])
    files = {name: pathlib.Path(sources.recall(obj, name)["path"]).name for name in names}
    check(files == {"fire": "fire.anm", "repair (body_r)": "body_r.anm", "repair (body_r) 2": "body_r.anm",
                    "repair (Turret_R)": "turret_r.anm"}, files)
    check(obj.animation_data.action.name == "fire", "the model's first sequence plays")


# Readable armatures (bones.py, gltf_axes.py): each bone reaches the child it aims at, a leaf is a
# twentieth of the model's size, helpers are in a hidden collection (Blender 4) or layer (3).

def bone_shown(obj, bone):
    """Whether `bone` is drawn: Blender 4 draws a bone in a visible collection (or in none),
    Blender 3 a bone on a visible layer."""
    if bpy.app.version >= (4, 0, 0):
        return not bone.collections or any(c.is_visible for c in bone.collections)
    return any(on and shown for on, shown in zip(bone.layers, obj.data.layers))


def in_helpers(obj, bone):
    """Whether `bone` is in the helpers' collection only (Blender 4), on layer 2 only (Blender 3)."""
    if bpy.app.version >= (4, 0, 0):
        return [c.name for c in bone.collections] == ["Helpers"]
    return list(bone.layers) == [i == 1 for i in range(32)]


def expect_helpers_stand_aside(obj, helpers, moving):
    for name in helpers:
        bone = obj.data.bones[name]
        check(in_helpers(obj, bone) and not bone_shown(obj, bone), f"the helper {name} is hidden in the helpers' group")
    for name in moving:
        bone = obj.data.bones[name]
        check(not in_helpers(obj, bone) and bone_shown(obj, bone), f"the moving part {name} is shown")


def expect_aims_at(obj, name, targets):
    """`name`'s tail on the mean of the heads of `targets` (armature space, at rest)."""
    bones = obj.data.bones
    bone = bones[name]
    goal = sum((bones[t].head_local for t in targets), Vector()) / len(targets)
    along, to = bone.tail_local - bone.head_local, goal - bone.head_local
    check(along.angle(to) <= 1e-5, f"{name} points {along.angle(to)} rad away from {targets}")
    check(abs(along.length - to.length) <= 1e-5 * to.length, f"{name} is {along.length} long, {targets} {to.length} away")


def expect_leaf(obj, name):
    """A leaf bone is a twentieth of the model's size (the largest side of the box around the
    bones' heads) long."""
    heads = [b.head_local for b in obj.data.bones]
    want = max(max(h[k] for h in heads) - min(h[k] for h in heads) for k in range(3)) / 20
    bone = obj.data.bones[name]
    check(not bone.children, f"{name} is a leaf")
    check(abs(bone.length - want) <= 1e-5 * want, f"the leaf {name} is {bone.length} long, not {want}")


def exported_node_names(obj):
    from anmkit_blender import gltf_axes
    doc, _ = gltf_axes.read_glb(export_anm.gltf_of(bpy.context, obj, "any"))
    return {node.get("name") for node in doc["nodes"]}


def e75_folder():
    here = folder("e75")
    for path in sorted((vehicles / "e-75").iterdir()):
        if path.suffix.lower() in (".mdl", ".anm"):
            shutil.copyfile(path, here / path.name)
    return here


# Real names of the e-75's helpers (fx, emit, seat, foresight, visor, a crew place, idf) and of
# moving parts, as its .mdl has them.
E75_HELPERS = ["foresight1", "foresight5", "idf_fire", "gunner2", "visor1", "visor2", "fx_inv1", "fxfire1", "fxsmoke2",
               "fxtracel1", "fxtracer2", "seat01", "seat05", "emit0", "emit6"]
E75_MOVING = ["basis", "body", "turret", "gun_rot", "gun", "turret_mgun", "mgun_rot", "mgun2", "cover1", "cover_top",
              "cover_back", "door_front", "engine", "wheell1", "wheelsl", "trackl", "shieldr7"]


def test_the_e75_bones_point_to_their_children_and_its_helpers_stand_aside():
    clean()
    here = e75_folder()
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "fire.anm")) == {"FINISHED"}, "import")
    obj = armature()
    # The gun reaches its muzzle, 91 units along the gun's own -X (Blender's importer alone drew
    # it 91 units along its +Y: sideways).
    expect_aims_at(obj, "gun", ["foresight1"])
    expect_aims_at(obj, "gun_rot", ["gun"])  # the child its name names (foresight5 beside it)
    expect_aims_at(obj, "turret_mgun", ["mgun_rot"])  # its one moving child (gunner2 a helper)
    for leaf in ("wheell1", "idf_fire", "shieldr7"):
        expect_leaf(obj, leaf)
    expect_helpers_stand_aside(obj, E75_HELPERS, E75_MOVING)
    # The turned bones play the game's poses: every joint where anmkit's sampling puts it.
    with anmkit.open(str(here / "fire.anm"), skeleton=str(here / "e-75.mdl")) as document:
        last = json.loads(document.summary(as_json=True))["frame_count"] - 1
        expect_world_positions(obj, document, sorted({0, 1, last // 2, last}))
    # Hidden helpers are exported all the same.
    missing = {b.name for b in obj.data.bones} - exported_node_names(obj)
    check(not missing, f"bones left out of the export: {sorted(missing)}")


def test_every_vehicle_sequence_comes_back_byte_for_byte():
    """The three real vehicles, each imported whole from its .mdl with its meshes, materials and
    textures: every action exported over its own file gives that file byte for byte. Blender
    samples every bone of the armature, in floats of its world, and keeps a mirrored rest in the
    pose until a reset between actions: no bone it did not move may join a file, and none of that
    noise may change a key. Each action is looked at, at frame 10, before the next is exported: a
    bone the next does not key is not written where the last one left it."""
    for name in ("e-75", "e-25", "pzh2000_x"):
        clean()
        here = vehicle_folder(name)
        mdl = here / f"{name}.mdl"
        check(bpy.ops.import_anim.anmkit(filepath=str(mdl)) == {"FINISHED"}, f"import {name}")
        obj = armature()
        check(len(meshes()) == {"e-75": 47, "e-25": 22, "pzh2000_x": 37}[name], f"{name}: {len(meshes())} meshes")
        readable = [s for s in anmkit.model_sequences(str(mdl)) if s.exists]
        actions = armature_actions(obj)
        check(len(actions) == len(readable), f"{name}: {[a.name for a in actions]}")
        for action in sorted(actions, key=lambda a: a.name):
            obj.animation_data.action = action
            original = pathlib.Path(sources.recall(obj, action.name)["path"])
            export(here / "back.anm")
            check((here / "back.anm").read_bytes() == original.read_bytes(),
                  f"{name}: {action.name} ({original.name}) back byte for byte")
            bpy.context.scene.frame_set(10)
        if name == "e-75":
            # The report of an export: the bones the original leaves out are counted in the
            # headline, their names go to the details (the system console), not the info bar.
            obj.animation_data.action = bpy.data.actions["fire"]
            report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "back.anm"),
                                              "original", False)
            check((report.changed, report.changed_details) == ("no pose changed", ""), report)
            headlines = [export_anm.split_details(w) for w in report.warnings]
            check([h for h, _ in headlines] == ["77 nodes of the glTF are not animated and not a bone of the base: left out"],
                  headlines)
            check(headlines[0][1].startswith("'") and headlines[0][1].endswith("and 69 more"), headlines[0][1])


# The whole vehicle (model_to_gltf: meshes on their bones, skinned tracks, materials, textures,
# visibility on the meshes' nodes, MESH keys as shape keys) as the import brings it.

# The armature object's change from the game's world to Blender's: 0.05 m a unit, y reflected
# (docs/gltf.md).
GAME_TO_BLENDER = Matrix.Diagonal((0.05, -0.05, 0.05, 1.0))


def vehicle_folder(name):
    """A copy of the vehicle folder `name` (gem-vehicles), every file of it."""
    here = folder("whole_" + name)
    for path in sorted((vehicles / name).iterdir()):
        if path.is_file():
            shutil.copyfile(path, here / path.name)
    return here


def meshes():
    return [o for o in bpy.data.objects if o.type == "MESH"]


def armature_actions(obj):
    """The armature's actions: one on each NLA track the import made (a sequence each)."""
    return [strip.action for track in obj.animation_data.nla_tracks for strip in track.strips]


def rest_world(figure):
    """Each joint's rest world matrix in the game's world, from the figure's joints."""
    world = []
    for joint in figure.joints:
        s = list(joint.scale)
        if joint.mirrored:
            s[2] = -s[2]
        r = joint.rotation
        local = Matrix.LocRotScale(Vector(joint.translation), Quaternion((r[3], r[0], r[1], r[2])), Vector(s))
        world.append(local if joint.parent < 0 else world[joint.parent] @ local)
    return world


def rest_heads(figure):
    """Each joint's rest position in the game's world as Blender's edit bones hold it: through
    the joints' translations and rotations only (an edit bone has no scale, so a mirrored
    basis's children lie turned, not reflected)."""
    frames, heads = [], {}
    for joint in figure.joints:
        r = joint.rotation
        local = Matrix.LocRotScale(Vector(joint.translation), Quaternion((r[3], r[0], r[1], r[2])), None)
        frames.append(local if joint.parent < 0 else frames[joint.parent] @ local)
        heads[joint.name] = frames[-1].translation
    return heads


def game_vertex(figure, rest, posed, mesh, n, offset=None):
    """Vertex `n` of the figure's `mesh` in Blender's world, posed by `posed` (joint name ->
    world matrix): a rigid mesh's vertex in its joint's frame, a skinned one's through its skin
    (each joint's pose times its rest inverse, from the vertex at rest in its owner's frame).
    `offset`: a morph target's difference added first."""
    v = Vector(tuple(map(float, mesh.positions[n])))
    if offset is not None:
        v += Vector(tuple(map(float, offset)))
    if not mesh.skin:
        return GAME_TO_BLENDER @ posed[figure.joints[mesh.joint].name] @ v
    at = rest[mesh.joint] @ v
    out = Vector()
    for k in range(4):
        w = float(mesh.weights[n][k])
        if w:
            j = mesh.skin[int(mesh.joints[n][k])]
            out += w * (posed[figure.joints[j].name] @ rest[j].inverted() @ at)
    return GAME_TO_BLENDER @ out


def evaluated_vertices(obj):
    """`obj`'s vertices in Blender's world as drawn now (its armature's deformation and shape
    keys applied)."""
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    mesh = evaluated.to_mesh()
    try:
        return [evaluated.matrix_world @ v.co for v in mesh.vertices]
    finally:
        evaluated.to_mesh_clear()


def expect_meshes_where_the_game_puts_them(figure, document, frames):
    """Every vertex of every mesh of `figure` (the library's .ply values) has a vertex of its
    Blender object at the same place in Blender's world (1e-5 m, float32's), at each of `frames`
    of `document` played."""
    rest = rest_world(figure)
    for frame in frames:
        bpy.context.scene.frame_set(frame)
        posed = game_world_matrices(document, frame)
        for mesh in figure.meshes:
            got = evaluated_vertices(bpy.data.objects[mesh.name])
            check(len(got) == len(mesh.positions), f"{mesh.name}: {len(got)} vertices, not {len(mesh.positions)}")
            tree = kdtree.KDTree(len(got))
            for i, p in enumerate(got):
                tree.insert(p, i)
            tree.balance()
            for n in range(len(mesh.positions)):
                want = game_vertex(figure, rest, posed, mesh, n)
                _, _, distance = tree.find(want)
                check(distance <= 1e-5, f"{mesh.name} vertex {n} at frame {frame}: {distance} m from {tuple(want)}")


def base_colour_image(material):
    """The image of the Image Texture node that feeds `material`'s Principled BSDF's Base Color,
    or None."""
    bsdf = next(n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED")
    links = bsdf.inputs["Base Color"].links
    if not links:
        return None
    node = links[0].from_node
    while node.type != "TEX_IMAGE" and node.inputs and node.inputs[0].links:  # through a mix, if any
        node = node.inputs[0].links[0].from_node
    return node.image if node.type == "TEX_IMAGE" else None


def alpha_tested(material):
    """Whether `material` draws alpha-tested (glTF's MASK): Blender 3's importer says so by its
    blend mode (CLIP); from 4.2, whose renderers have no such mode, by a comparison of the alpha
    with the cutoff in the node tree, between the texture and the Principled BSDF's Alpha."""
    if material.blend_method == "CLIP":
        return True
    bsdf = next((n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED"), None)
    todo, seen = [bsdf.inputs["Alpha"]] if bsdf is not None else [], set()
    while todo:
        for link in todo.pop().links:
            node = link.from_node
            if node.name in seen:
                continue
            seen.add(node.name)
            if node.type == "MATH" and node.operation in ("LESS_THAN", "GREATER_THAN", "ROUND"):
                return True
            todo.extend(i for i in node.inputs if i.is_linked)
    return False


def test_the_e75_comes_whole_every_mesh_on_its_bone():
    """The e-75's .mdl: one armature, its 47 meshes (45 on their bones, the two tracks skinned
    by it), every vertex where the game puts it at rest and while `fire` moves the hull and the
    gun (the bones' new lengths leave the meshes in place), the tracks' material with its
    texture, alpha-tested, and the hull's material, whose texture is not in the mod, in its
    colour."""
    clean()
    here = vehicle_folder("e-75")
    mdl = here / "e-75.mdl"
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "fire.anm")) == {"FINISHED"}, "import")
    obj = armature()
    check(len(meshes()) == 47, f"{len(meshes())} meshes, not the .mdl's 47")
    with anmkit.open_figure(str(mdl)) as figure, anmkit.open(str(here / "fire.anm"), skeleton=str(mdl)) as document:
        check(sorted(o.name for o in meshes()) == sorted(m.name for m in figure.meshes), "a mesh object per .ply")
        skinned = sorted(m.name for m in figure.meshes if m.skin)
        check(skinned == ["trackl.ply", "trackr.ply"], skinned)
        for mesh in figure.meshes:
            part = bpy.data.objects[mesh.name]
            check(part.parent == obj, f"{mesh.name} hangs from the armature")
            if mesh.skin:
                check(part.parent_type == "OBJECT" and [(m.type, m.object) for m in part.modifiers] == [("ARMATURE", obj)],
                      f"{mesh.name} is skinned by the armature")
                check(sorted(g.name for g in part.vertex_groups) == sorted(figure.joints[j].name for j in mesh.skin),
                      f"{mesh.name}'s vertex groups: {[g.name for g in part.vertex_groups]}")
            else:
                check(part.parent_type == "BONE" and part.parent_bone == figure.joints[mesh.joint].name,
                      f"{mesh.name} on {part.parent_type} {part.parent_bone}, not its bone {figure.joints[mesh.joint].name}")
        # The bones' rest (the edit bones) is the glTF nodes', the .mdl's: not one guessed from the
        # tracks' skins, whose bind matrices are relative to the track bone.
        heads = rest_heads(figure)
        for bone in obj.data.bones:
            want = GAME_TO_BLENDER @ heads[bone.name]
            check((obj.matrix_world @ bone.head_local - want).length <= 1e-5,
                  f"{bone.name}'s rest head at {tuple(obj.matrix_world @ bone.head_local)}, not {tuple(want)}")
        # One vertex spelled out: the gun's first.
        gun = figure.meshes[[m.name for m in figure.meshes].index("gun2.ply")]
        last = json.loads(document.summary(as_json=True))["frame_count"] - 1
        expect_meshes_where_the_game_puts_them(figure, document, [0, 5, last])
        bpy.context.scene.frame_set(0)
        first = game_vertex(figure, rest_world(figure), game_world_matrices(document, 0), gun, 0)
        check(min((p - first).length for p in evaluated_vertices(bpy.data.objects["gun2.ply"])) <= 1e-5,
              f"gun2.ply's vertex 0 at {tuple(first)}")
        # Materials: the tracks' (material_#30.mtl) draws Tiger_II_track.dds, 256 x 256, alpha-tested.
        track = bpy.data.objects["trackl.ply"].material_slots[0].material
        image = base_colour_image(track)
        texture = figure.textures[figure.materials[[m.name for m in figure.materials].index("material_#30.mtl")].base_texture]
        check(image is not None and tuple(image.size) == (texture.width, texture.height) == (256, 256),
              f"the tracks' image: {image and tuple(image.size)}")
        check(image.packed_file is not None, "the image is packed in the .blend")
        check(alpha_tested(track), f"the tracks' material is {track.blend_method}, not alpha-tested (MASK)")
        hull = bpy.data.objects["body.ply"].material_slots[0].material
        check(base_colour_image(hull) is None, "the hull's texture (e-75.dds) is not in the mod")
        colour = next(m.base_colour for m in figure.materials if m.name == hull.name.split(".mtl")[0] + ".mtl")
        bsdf = next(n for n in hull.node_tree.nodes if n.type == "BSDF_PRINCIPLED")
        check(all(abs(a - b) <= 1e-6 for a, b in zip(bsdf.inputs["Base Color"].default_value, colour)),
              f"the hull in its .mtl colour {colour}, not {tuple(bsdf.inputs['Base Color'].default_value)}")


def test_the_e75_collision_volumes_on_request():
    """With the Collision volumes box: the e-75's 23 volumes, each a mesh object "volume NAME" on
    its bone, drawn as wire, left out of renders, in the collection "Collision volumes", every
    vertex where the library puts it; the 47 meshes as without; an action still exports byte for
    byte. Without the box: none."""
    clean()
    here = vehicle_folder("e-75")
    mdl = here / "e-75.mdl"
    check(bpy.ops.import_anim.anmkit(filepath=str(mdl), volumes=True) == {"FINISHED"}, "import with volumes")
    from anmkit_blender import import_anm
    obj = armature()
    volumes = [o for o in meshes() if import_anm.is_collision_volume(o)]
    check(len(volumes) == 23, f"{len(volumes)} collision volumes, not the .mdl's 23")
    check(len(meshes()) == 47 + 23, f"{len(meshes())} mesh objects, not 47 meshes and 23 volumes")
    with anmkit.open_figure(str(mdl), volumes=True) as figure, anmkit.open(str(here / "fire.anm"), skeleton=str(mdl)) as document:
        wanted = [m for m in figure.meshes if m.collision]
        check(sorted(o.name for o in volumes) == sorted(f"volume {m.name}" for m in wanted), sorted(o.name for o in volumes))
        for mesh in wanted:
            volume = bpy.data.objects[f"volume {mesh.name}"]
            check(volume.parent == obj and volume.parent_type == "BONE" and volume.parent_bone == figure.joints[mesh.joint].name,
                  f"{volume.name} on {volume.parent_type} {volume.parent_bone}, not {figure.joints[mesh.joint].name}")
            check(volume.display_type == "WIRE" and volume.hide_render, f"{volume.name}: {volume.display_type}, {volume.hide_render}")
            check([c.name for c in volume.users_collection] == ["Collision volumes"], f"{volume.name} in {volume.users_collection[:]}")
        # Every vertex of the turret's and the gun's volumes where the game puts them, in fire.
        obj.animation_data.action = bpy.data.actions["fire"]
        rest = rest_world(figure)
        for frame in (0, 5):
            bpy.context.scene.frame_set(frame)
            posed = game_world_matrices(document, frame)
            for mesh in (m for m in wanted if m.name in ("turret", "gun")):
                got = evaluated_vertices(bpy.data.objects[f"volume {mesh.name}"])
                check(len(got) == len(mesh.positions), f"{mesh.name}: {len(got)} vertices")
                for n in range(len(mesh.positions)):
                    want = game_vertex(figure, rest, posed, mesh, n)
                    check(min((p - want).length for p in got) <= 1e-5, f"volume {mesh.name} vertex {n} at frame {frame}: {min((p - want).length for p in got)} m from {tuple(want)}")
    material = bpy.data.objects["volume turret"].material_slots[0].material
    check(material.name == "collision volume" and material.blend_method == "BLEND", f"{material.name}: {material.blend_method}")
    export(here / "back.anm")
    check((here / "back.anm").read_bytes() == (here / "fire.anm").read_bytes(), "fire back byte for byte beside the volumes")

    bpy.data.collections.remove(bpy.data.collections["Collision volumes"])
    clean()
    check(bpy.ops.import_anim.anmkit(filepath=str(mdl)) == {"FINISHED"}, "import without volumes")
    check(len(meshes()) == 47 and not any(c.name.startswith("Collision volumes") for c in bpy.data.collections),
          f"{len(meshes())} mesh objects")


def test_the_e25_body_draws_its_texture():
    """The e-25's body material (12_-_default.mtl) draws e25body.tga through an Image Texture
    node: its 1024 x 1024 pixels, packed, as the library decodes them (Blender's rows bottom up)."""
    import numpy
    clean()
    here = vehicle_folder("e-25")
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "e-25.mdl")) == {"FINISHED"}, "import")
    check(len(meshes()) == 22, f"{len(meshes())} meshes, not 22")
    material = bpy.data.objects["body.ply"].material_slots[0].material
    check(material.name == "12_-_default.mtl", material.name)
    image = base_colour_image(material)
    check(image is not None and image.name == "e25body", f"the body's image: {image and image.name}")
    check(tuple(image.size) == (1024, 1024) and image.packed_file is not None, f"{tuple(image.size)}, packed")
    with anmkit.open_figure(str(here / "e-25.mdl")) as figure:
        texture = next(t for t in figure.textures if t.name == "e25body")
        want = numpy.asarray(texture.rgba, dtype=numpy.float32)[::-1] / 255
    got = numpy.empty(1024 * 1024 * 4, dtype=numpy.float32)
    image.pixels.foreach_get(got)
    got = got.reshape(1024, 1024, 4)
    worst = float(numpy.abs(got - want).max())
    check(worst <= 0.5 / 255, f"e25body's pixels differ by up to {worst * 255} levels")
    check(float(want[..., :3].std()) > 0.01, "the texture is a picture, not one colour")


def test_the_pzh2000_tracks_move_with_break():
    """The pzh2000's left track: 13 shape keys, one per MESH key of trackL.anm ("break (trackL)
    k"), that play with its `break` action (the shape keys' action follows the armature's) and
    put a link's vertex where the library's morph target puts it; another action leaves the
    track at rest."""
    clean()
    here = vehicle_folder("pzh2000_x")
    mdl = str(here / "pzh2000_x.mdl")
    check(bpy.ops.import_anim.anmkit(filepath=mdl) == {"FINISHED"}, "import")
    obj = armature()
    track = bpy.data.objects["trackl.ply"]
    blocks = track.data.shape_keys.key_blocks
    check([b.name for b in blocks] == ["Basis"] + [f"break (trackL) {k}" for k in range(13)], [b.name for b in blocks])
    with anmkit.open_figure(mdl) as figure, anmkit.open(str(here / "trackL.anm"), skeleton=mdl) as document:
        morphs = figure.mesh_animation(document, "break").morphs
        check(len(morphs) == 1 and figure.meshes[morphs[0].mesh].name == "trackl.ply", "trackL.anm morphs the left track")
        keys, targets = morphs[0].keys, morphs[0].targets
        check(len(keys) == 13 and len(targets) == 13, f"{len(keys)} keys, {len(targets)} targets")
        mesh = figure.meshes[morphs[0].mesh]
        # The key that moves a vertex farthest, and that vertex.
        frame, target = max((k for k in keys if k[1] >= 0),
                            key=lambda k: max(Vector(tuple(map(float, d))).length for d in targets[k[1]].positions))
        n = max(range(len(mesh.positions)), key=lambda i: Vector(tuple(map(float, targets[target].positions[i]))).length)
        moved = Vector(tuple(map(float, targets[target].positions[n]))).length
        check(moved > 1.0, f"the key at frame {frame} moves vertex {n} by {moved} units")
        rest = rest_world(figure)
        obj.animation_data.action = bpy.data.actions["break (trackL)"]
        bpy.context.view_layer.update()  # as the Action Editor's menu does: the track follows
        # (Blender 3 and 4.3 give each data-block an action of its own for a glTF animation; 4.4 on,
        # one action with a slot for each: the one on the track of the sequence's name, either way.)
        keys_data = track.data.shape_keys.animation_data
        check(keys_data.action is not None and keys_data.action == parts.track_action(track.data.shape_keys, "break (trackL)"),
              f"the shape keys play {keys_data.action}")
        bpy.context.scene.frame_set(frame)
        check(abs(blocks[f"break (trackL) {target}"].value - 1) <= 1e-6, "the key's shape in full")
        got = evaluated_vertices(track)
        tree = kdtree.KDTree(len(got))
        for i, p in enumerate(got):
            tree.insert(p, i)
        tree.balance()
        posed = game_world_matrices(document, frame)
        want = game_vertex(figure, rest, posed, mesh, n, targets[target].positions[n])
        _, _, distance = tree.find(want)
        check(distance <= 1e-5, f"vertex {n} at frame {frame} is {distance} m from the library's {tuple(want)}")
        still = game_vertex(figure, rest, posed, mesh, n)
        check((want - still).length >= 0.05 * moved * 0.99, "the shape moved it")
        _, _, distance = tree.find(still)
        check(distance > 1e-3, "no vertex stayed where the key moved it from")
    # Another sequence (the engine's repair, which moves no bone of the track): the track's
    # shape keys stop, at rest.
    obj.animation_data.action = bpy.data.actions["repair"]
    bpy.context.view_layer.update()
    check(track.data.shape_keys.animation_data.action is None, "the shape keys stop with another sequence")
    check(all(b.value == 0 for b in blocks[1:]), [b.value for b in blocks[1:]])
    bpy.context.scene.frame_set(frame)
    check(min((p - still).length for p in evaluated_vertices(track)) <= 1e-5, f"vertex {n} back at rest")


def test_shared_textures_come_from_the_texture_folder():
    """The pzh2000's tracks name a shared texture ($/vehicle2/puma_track_dif, the game's
    resource/texture): without the Texture folder it is drawn in its colour and the warning names
    the field; with a folder that holds it (e25tracks.tga under that name here), the tracks draw it."""
    from anmkit_blender import import_anm
    clean()
    here = vehicle_folder("pzh2000_x")
    warnings = import_anm.import_file(bpy.context, str(here / "pzh2000_x.mdl"), None, 30.0)
    material = bpy.data.objects["trackl.ply"].material_slots[0].material
    check(material.name == "tracks.mtl" and base_colour_image(material) is None, f"{material.name} without its texture")
    check(any("'$/vehicle2/puma_track_dif'" in w and "(the Texture folder field)" in w for w in warnings), warnings)
    field = bpy.ops.import_anim.anmkit.get_rna_type().properties["texture_folder"]
    check(field.subtype == "DIR_PATH", field.subtype)
    clean()
    textures = folder("texture")
    (textures / "vehicle2").mkdir()
    shutil.copyfile(vehicles / "e-25" / "e25tracks.tga", textures / "vehicle2" / "puma_track_dif.tga")
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "pzh2000_x.mdl"), texture_folder=str(textures)) == {"FINISHED"},
          "import with the texture folder")
    image = base_colour_image(bpy.data.objects["trackl.ply"].material_slots[0].material)
    check(image is not None and image.name == "$/vehicle2/puma_track_dif" and tuple(image.size) == (256, 256),
          f"the tracks' image: {image and (image.name, tuple(image.size))}")


def hidden_cover_folder():
    """The e-75 with its cover1 hidden at rest ({Visibility 0} in the .mdl) and open.anm hiding it
    until frame 5 (its keys at frames 0 and 5 with the hidden and visible flags, as anmkit's JSON
    gives them): the corpus hides no mesh."""
    here = vehicle_folder("e-75")
    with anmkit.open(str(here / "open.anm")) as document:
        dump = json.loads(document.to_json())
    check([k["flags"] for k in dump["frames"][0]["keys"]] == [0x0b] and dump["frames"][5]["keys"][0]["flags"] == 0x03,
          "open.anm's cover1 keys as the corpus has them")
    dump["frames"][0]["keys"][0]["flags"] = 0x13  # position, orientation, hidden
    dump["frames"][5]["keys"][0]["flags"] = 0x0b  # position, orientation, visible
    with anmkit.from_json(json.dumps(dump), "open.anm") as document:
        document.save(str(here / "open.anm"), overwrite_source=True)
    mdl = (here / "e-75.mdl").read_text()
    check(mdl.count('{bone "cover1"') == 1, "one cover1")
    (here / "e-75.mdl").write_text(mdl.replace('{bone "cover1"', '{bone "cover1" {Visibility 0}'))
    return here


def test_a_hidden_part_shows_when_its_sequence_shows_it():
    """A part the .mdl hides (cover1) is hidden (scale 0) at rest; `open`, which shows it from
    frame 5, shows it from frame 5 once the armature plays `open` (the part's action follows the
    armature's); another sequence hides it again; and `open` and `fire` export byte for byte,
    the hidden key included."""
    clean()
    here = hidden_cover_folder()
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "e-75.mdl")) == {"FINISHED"}, "import")
    obj = armature()
    cover = bpy.data.objects["cover1.ply"]
    check(obj.animation_data.action.name == "start", obj.animation_data.action.name)
    check(tuple(cover.scale) == (0, 0, 0), f"cover1 at rest: scale {tuple(cover.scale)}")
    check(tuple(bpy.data.objects["cover_top.ply"].scale) == (1, 1, 1), "cover_top is shown")
    obj.animation_data.action = bpy.data.actions["open"]
    bpy.context.view_layer.update()
    check(cover.animation_data.action is not None and cover.animation_data.action == parts.track_action(cover, "open"),
          f"cover1 plays {cover.animation_data.action}")
    for frame, scale in ((0, 0), (4, 0), (5, 1), (10, 1)):
        bpy.context.scene.frame_set(frame)
        check(tuple(cover.scale) == (scale,) * 3, f"cover1 at frame {frame} of open: {tuple(cover.scale)}")
    # A frame change alone (a script's frame_set, playback) also switches.
    obj.animation_data.action = bpy.data.actions["fire"]
    bpy.context.scene.frame_set(10)
    check(cover.animation_data.action is None and tuple(cover.scale) == (0, 0, 0),
          f"cover1 under fire: {cover.animation_data.action}, {tuple(cover.scale)}")
    for name in ("open", "fire"):
        obj.animation_data.action = bpy.data.actions[name]
        export(here / "back.anm")
        check((here / "back.anm").read_bytes() == (here / f"{name}.anm").read_bytes(), f"{name} back byte for byte")
        bpy.context.scene.frame_set(10)
    # Hidden at frame 0 of the export: an edit that shows cover1 at frame 0 of open comes back as
    # visible there.
    obj.animation_data.action = bpy.data.actions["open"]
    bpy.context.view_layer.update()
    for curve in versions.fcurves(cover, cover.animation_data.action):
        curve.keyframe_points[0].co.y = 1.0
    export(here / "shown.anm")
    with anmkit.open(str(here / "shown.anm")) as after:
        dump = json.loads(after.to_json())
    check(dump["frames"][0]["keys"][0]["flags"] & 0x18 == 0x08, f"cover1 shown at frame 0: {dump['frames'][0]['keys'][0]}")


# turret_v60.anm's bones on a skeleton where the turret's child, its gun, lies 40 units along -X.
TANK_MDL = ('{Skeleton {bone "basis" {bone "body" {Position 0 0 20}'
            ' {bone "turret1" {Position 10 0 30} {bone "gun_rot" {Position -40 2 5}}}'
            ' {bone "hatch" {Position 5 -15 40}}}}\n'
            '  {animation {sequence "turn" {file "turn.anm"}}}}\n')


def test_turned_bones_come_back_byte_for_byte_and_an_edit_lands_in_the_games_frame():
    """Without the corpus: on a model written here, bones reach their children, the file comes back
    byte for byte through them, and a turn of a turned bone about its own Blender axis lands in
    the file as that turn in the game's frame (the bone's anmkit_axes rotation away)."""
    from anmkit_blender import bones
    clean()
    here = folder("turned")
    shutil.copyfile(examples / "turret_v60.anm", here / "turn.anm")
    (here / "tank.mdl").write_text(TANK_MDL)
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "turn.anm")) == {"FINISHED"}, "import")
    obj = armature()
    expect_aims_at(obj, "basis", ["body"])  # basis is mirrored: a quarter turn, onto body's axis
    expect_aims_at(obj, "body", ["turret1", "hatch"])  # two moving children: their mean
    expect_aims_at(obj, "turret1", ["gun_rot"])  # sideways in the game's frame
    for leaf in ("gun_rot", "hatch"):
        expect_leaf(obj, leaf)
    check(bones.AXES in obj.data.bones["turret1"], "turret1 was turned")
    with anmkit.open(str(here / "turn.anm"), skeleton=str(here / "tank.mdl")) as document:
        expect_world_positions(obj, document, range(25))
    export(here / "back.anm")
    check((here / "back.anm").read_bytes() == (examples / "turret_v60.anm").read_bytes(), "back byte for byte")
    turret = obj.pose.bones["turret1"]
    bpy.context.scene.frame_set(10)
    turn = Quaternion((0, 0, 1), 0.5)  # half a radian more about the bone's own (Blender) z
    turret.rotation_quaternion = turret.rotation_quaternion @ turn
    turret.keyframe_insert("rotation_quaternion", frame=10)
    export(here / "edited.anm")
    axes = Quaternion(json.loads(obj.data.bones["turret1"][bones.AXES]))
    with anmkit.open(str(here / "turn.anm")) as before, anmkit.open(str(here / "edited.anm")) as after:
        names = [b.name for b in before.skeleton.bones]
        check(names == [b.name for b in after.skeleton.bones], "the bone order kept")
        t = names.index("turret1")
        expect_poses_kept(before, after, names, edited=(t, 10))
        want = quaternion(before.sample(10).rotation[t]) @ axes @ turn @ axes.inverted()
        got = quaternion(after.sample(10).rotation[t])
        check(abs(abs(want.dot(got)) - 1) <= 1e-6, f"turret1 at frame 10: {tuple(got)} != {tuple(want)}")
        check(len(after.write()) == len(before.write()), "no key added or lost elsewhere")


def test_a_models_helpers_are_hidden_and_its_moving_parts_shown():
    clean()
    here = folder("helpers")
    shutil.copyfile(examples / "turret_v60.anm", here / "turn.anm")
    (here / "tank.mdl").write_text(
        '{Skeleton {bone "basis" {bone "body" {Position 0 0 20}'
        ' {bone "turret1" {Position 10 0 30} {bone "gun_rot" {Position -40 2 5} {bone "Foresight1" {Position -60 0 0}}}'
        '  {bone "visor1" {Position 0 5 8}} {bone "gunner" {Position 3 3 3}}}'
        ' {bone "hatch" {Position 5 -15 40}} {bone "FXfire1" {Position 0 0 50}} {bone "emit0" {Position -30 0 5}}'
        ' {bone "seat01" {Position 0 4 10}} {bone "driver" {Position 20 4 10}} {bone "driver_hatch" {Position 20 4 15}}}}\n'
        '  {animation {sequence "turn" {file "turn.anm"}}}}\n')
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "turn.anm")) == {"FINISHED"}, "import")
    obj = armature()
    expect_helpers_stand_aside(obj, ["Foresight1", "visor1", "gunner", "FXfire1", "emit0", "seat01", "driver"],
                               ["basis", "body", "turret1", "gun_rot", "hatch", "driver_hatch"])
    expect_aims_at(obj, "turret1", ["gun_rot"])  # its one moving child (visor1 and gunner are helpers)
    expect_aims_at(obj, "gun_rot", ["Foresight1"])  # its one child, a helper
    missing = {b.name for b in obj.data.bones} - exported_node_names(obj)
    check(not missing, f"bones left out of the export: {sorted(missing)}")


def test_a_new_action_is_a_new_sequence_with_nothing_of_the_last_one():
    """An action made from nothing on the e-25 (picked after "fire" played, its gun recoiled): the
    gun moved one unit by frame 5 and the turret turned by frame 10 export as a new file on the
    .mdl's skeleton, frames 0 to the scene's last, the gun one unit from its rest (nothing of the
    recoil), every bone where Blender shows it; "Add to the model" declares it in the .mdl, every
    other byte kept."""
    clean()
    here = vehicle_folder("e-25")
    mdl = here / "e-25.mdl"
    original_mdl = mdl.read_bytes()
    check(bpy.ops.import_anim.anmkit(filepath=str(mdl)) == {"FINISHED"}, "import")
    obj = armature()
    scene = bpy.context.scene
    obj.animation_data.action = bpy.data.actions["fire"]
    scene.frame_set(10)
    gun = obj.pose.bones["gun"]
    check(gun.location.length > 1, f"the gun recoils in fire: {tuple(gun.location)}")
    obj.animation_data.action = bpy.data.actions.new("hatch_open")
    scene.frame_set(0)
    check(gun.location.length == 0, f"a new action starts at the rest pose: the gun at {tuple(gun.location)}")
    scene.frame_end = 20
    turret = obj.pose.bones["turret"]
    turret.rotation_mode = "QUATERNION"
    turret.keyframe_insert("rotation_quaternion", frame=0)
    scene.frame_set(10)
    turret.rotation_quaternion = turret.rotation_quaternion @ Quaternion((0, 0, 1), 0.5)
    turret.keyframe_insert("rotation_quaternion", frame=10)
    gun.keyframe_insert("location", frame=0)
    scene.frame_set(5)
    gun.location = (0.6, 0.8, 0)
    gun.keyframe_insert("location", frame=5)
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "hatch_open.anm"),
                                      "original", False, add_to_model=True)
    check(report.changed == "a new sequence of 21 frames on e-25.mdl, declared in it as 'hatch_open'", report.changed)
    check(report.warnings == [], report.warnings)
    with anmkit.open(str(here / "hatch_open.anm"), skeleton=str(mdl)) as made:
        check(json.loads(made.summary(as_json=True))["frame_count"] == 21, made.summary())
        names = [b.name for b in made.skeleton.bones]
        check(names == ["turret", "gun"], names)
        joint = made.skeleton.joints[made.skeleton.bones[1].joint]
        for frame, want in ((0, 0.0), (5, 1.0), (20, 1.0)):
            moved = (Vector(list(map(float, made.sample(frame).translation[1]))) - Vector(joint.translation)).length
            check(abs(moved - want) <= 1e-4, f"the gun {moved} from its rest at frame {frame}, not {want}")
        expect_world_positions(obj, made, [0, 5, 10, 20])
    line = b'    {sequence "hatch_open" {file "hatch_open.anm"}}\n'
    at = original_mdl.index(b"\n", original_mdl.index(b'{sequence "fire"}')) + 1
    check(mdl.read_bytes() == original_mdl[:at] + line + original_mdl[at:], mdl.read_bytes()[:400])


def _mesh_payloads(document) -> dict:
    """{frame: payload} of a GEM document's MESH keys, from its lossless dump."""
    dump = json.loads(document.to_json())
    return {frame["frame"]: bytes.fromhex(key["mesh"]) for frame in dump["frames"] for key in frame.get("keys", [])
            if "mesh" in key}


def _records(payload: bytes, stride: int = 56) -> list:
    """(position, normal) of each vertex record of a trackl.ply MESH payload (fvf 0x1118: position
    at byte 0, normal at 20)."""
    count = struct.unpack_from("<H", payload, 4)[0]
    return [(Vector(struct.unpack_from("<3f", payload, 8 + v * stride)), Vector(struct.unpack_from("<3f", payload, 28 + v * stride)))
            for v in range(count)]


def test_a_new_action_moves_a_tracks_shape_keys():
    """A shape key of the pzh2000's left track keyed in an action made from nothing (picked after
    break played: nothing of its shapes stays on) exports as MESH keys of the trackl bone, at the
    frames its weight changes, every link's vertex where trackL.anm's key of that shape puts it."""
    clean()
    here = vehicle_folder("pzh2000_x")
    mdl = str(here / "pzh2000_x.mdl")
    check(bpy.ops.import_anim.anmkit(filepath=mdl) == {"FINISHED"}, "import")
    obj = armature()
    scene = bpy.context.scene
    keys = bpy.data.objects["trackl.ply"].data.shape_keys
    obj.animation_data.action = bpy.data.actions["break (trackL)"]
    bpy.context.view_layer.update()
    scene.frame_set(6)
    check(keys.animation_data.action is not None, "break plays the track's shapes")
    obj.animation_data.action = bpy.data.actions.new("track_wave")
    bpy.context.view_layer.update()
    scene.frame_set(0)
    check(keys.animation_data.action is None and all(b.value == 0 for b in keys.key_blocks[1:]),
          f"a new action starts with the track at rest: {keys.animation_data.action}")
    scene.frame_end = 10
    block = keys.key_blocks["break (trackL) 6"]
    block.value = 0
    block.keyframe_insert("value", frame=0)
    block.value = 1
    block.keyframe_insert("value", frame=5)
    out = here / "track_wave.anm"
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(out), "original", False)
    check(report.changed == "a new sequence of 11 frames on pzh2000_x.mdl", report.changed)
    check(report.warnings == [], report.warnings)
    with anmkit.open(str(out), skeleton=mdl) as made, anmkit.open(str(here / "trackL.anm"), skeleton=mdl) as original:
        got, want = _mesh_payloads(made), _mesh_payloads(original)
        check(sorted(got) == [1, 2, 3, 4, 5], f"mesh keys at frames {sorted(got)}")
        shape, game = _records(got[5]), _records(want[6])
        check(len(shape) == len(game) == 410, f"{len(shape)} vertices")
        far = max((p - q).length for (p, _), (q, _) in zip(shape, game))
        check(far <= 2e-3, f"the shape in full is the game's key 6: {far} units apart")
        # Normals: the mesh's plus the shape's differences as Blender computes them from its faces
        # (a shape key holds no normals of its own): near the game's, each of unit length.
        turned = sorted((n - m).length for (_, n), (_, m) in zip(shape, game))
        check(all(abs(n.length - 1) <= 1e-4 for _, n in shape), "unit normals")
        check(turned[len(turned) // 2] <= 0.02 and turned[-1] <= 0.35,
              f"normals near the game's: median {turned[len(turned) // 2]}, at most {turned[-1]} apart")
        moved = max((p - q).length for (p, _), (q, _) in zip(_records(got[1]), _records(got[5])))
        check(moved > 1.0, f"the links move between frames 1 and 5: {moved} units")


def test_mesh_edits_are_named_in_the_report():
    """A vertex moved, a part moved on its bone, a cube added: the file written over its original
    is the original byte for byte (anmkit writes animations), and the report names all three."""
    clean()
    here = vehicle_folder("e-25")
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "e-25.mdl")) == {"FINISHED"}, "import")
    obj = armature()
    obj.animation_data.action = bpy.data.actions["fire"]
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "back.anm"), "original", False)
    check(report.warnings == [], f"no edit, nothing said: {report.warnings}")
    by_name = sorted(meshes(), key=lambda m: m.name)
    turret = next(m for m in by_name if m.name.startswith("turret1"))
    gun = next(m for m in by_name if m.name.startswith("gun"))
    turret.data.vertices[0].co.x += 0.01
    gun.location.z += 0.5
    bpy.ops.mesh.primitive_cube_add()
    report = export_anm.export_action(bpy.context, obj, obj.animation_data.action, str(here / "back.anm"), "original", False)
    check((here / "back.anm").read_bytes() == (here / "fire.anm").read_bytes(), "the file as it was")
    names = ", ".join(sorted([turret.name, gun.name, "Cube"]))
    check(report.warnings == [f"3 mesh edits not written: anmkit writes animations; {names}"], report.warnings)


VEHICLE_TESTS = ("test_the_e75_bones_point_to_their_children_and_its_helpers_stand_aside",
                 "test_mesh_edits_are_named_in_the_report",
                 "test_a_new_action_is_a_new_sequence_with_nothing_of_the_last_one",
                 "test_a_new_action_moves_a_tracks_shape_keys",
                 "test_every_vehicle_sequence_comes_back_byte_for_byte", "test_the_e75_comes_whole_every_mesh_on_its_bone",
                 "test_the_e25_body_draws_its_texture", "test_the_pzh2000_tracks_move_with_break",
                 "test_a_hidden_part_shows_when_its_sequence_shows_it",
                 "test_shared_textures_come_from_the_texture_folder", "test_the_e75_collision_volumes_on_request")


def test_the_mm2_ghost_plays_on_a_plane():
    clean()
    here = folder("ghost")
    shutil.copyfile(examples / "ghost_mm2.anm", here / "ghost.anm")
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "ghost.anm")) == {"FINISHED"}, "import")
    plane = bpy.data.objects["ghost"]
    image = bpy.data.images["ghost_states"]
    with anmkit.open(str(here / "ghost.anm")) as document:
        sprite = document.sprite
    count, w, h = len(sprite.states), sprite.width, sprite.height
    check(tuple(image.size) == (w * count, h) and image.packed_file is not None, f"a packed {w * count}x{h} sheet")
    pixels = list(image.pixels)
    for k in range(count):
        for y in range(h):
            for x in range(w):
                at = ((h - 1 - y) * w * count + k * w + x) * 4
                want = [c / 255 for c in map(int, sprite.palette[int(sprite.states[k][y][x])])]
                got = pixels[at:at + 4]
                check(all(abs(g - e) < 1e-6 for g, e in zip(got, want)), f"state {k} pixel ({x}, {y}): {got} != {want}")
    scene = bpy.context.scene
    check(scene.render.fps == 60, "a frame a tick at 60 Hz")
    markers = sorted((m.frame, m.name) for m in scene.timeline_markers)
    check(markers == [(0, "sequence 0"), (82, "sequence 1"), (82, "sequence 2")], markers)
    check(scene.frame_end == 82 + 40 - 1, scene.frame_end)
    tree = plane.active_material.node_tree
    curve = list(versions.fcurves(tree, tree.animation_data.action))[0]
    keys = [(int(k.co[0]), round(k.co[1] * count), k.interpolation) for k in curve.keyframe_points]
    steps, tick = [], 0
    for sequence in sprite.sequences:
        for state, ticks in sequence:
            steps.append((tick, state, "CONSTANT"))
            tick += ticks
    check(keys == steps, f"{keys} != {steps}")


def test_a_single_keyframe_edit_lands():
    """One key in Blender holds for the whole action: the antenna, which the file never keys,
    turned once at frame 10, comes out turned at every frame, and every other bone keeps its
    poses exactly (Blender samples every bone; those it did not move are not added)."""
    clean()
    here = folder("single")
    shutil.copyfile(examples / "turret_v60.anm", here / "turn.anm")
    (here / "tank.mdl").write_text('{Skeleton {bone "basis" {bone "body" {bone "turret1" {bone "gun_rot"}} {bone "hatch"}'
                                   ' {bone "antenna"} {bone "lamp"}}}\n  {animation {sequence "turn" {file "turn.anm"}}}}\n')
    check(bpy.ops.import_anim.anmkit(filepath=str(here / "turn.anm")) == {"FINISHED"}, "import")
    antenna = armature().pose.bones["antenna"]
    antenna.rotation_mode = "QUATERNION"
    turn = Quaternion((0, 0, 1), 0.5)
    bpy.context.scene.frame_set(10)
    antenna.rotation_quaternion = antenna.rotation_quaternion @ turn
    antenna.keyframe_insert("rotation_quaternion", frame=10)
    export(here / "edited.anm")
    with anmkit.open(str(here / "turn.anm")) as before, anmkit.open(str(here / "edited.anm")) as after:
        names = [b.name for b in before.skeleton.bones]
        check([b.name for b in after.skeleton.bones] == names + ["antenna"], [b.name for b in after.skeleton.bones])
        expect_poses_kept(before, after, names)
        for frame in (0, 10, json.loads(after.summary(as_json=True))["frame_count"] - 1):
            got = quaternion(after.sample(frame).rotation[len(names)])
            check(abs(abs(got.dot(turn)) - 1) <= 1e-5, f"the antenna at frame {frame}: {tuple(got)}, not {tuple(turn)}")


# ANMKIT_ADDON_TEST=WORD[,WORD...] runs only the tests whose names hold one of the words.
chosen = [w for w in os.environ.get("ANMKIT_ADDON_TEST", "").split(",") if w]
for name, test in list(globals().items()):
    if not name.startswith("test_") or (chosen and not any(w in name for w in chosen)):
        continue
    if corpus is None and name in ("test_e25_tank_with_every_sequence", "test_every_real_file_comes_back_byte_for_byte"):
        print(f"SKIP {name}: the corpus is absent")
        continue
    if vehicles is None and name in VEHICLE_TESTS:
        print(f"SKIP {name}: the vehicle folders (gem-vehicles) are absent")
        continue
    running = name
    try:
        test()
        print(f"PASS {name}")
    except Exception:  # noqa: BLE001  (every failure is reported, then the next test runs)
        failures.append(name)
        print(f"FAIL {name}\n{traceback.format_exc()}")
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
