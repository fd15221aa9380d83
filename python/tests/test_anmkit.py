"""The Python package on the examples: values from how tools/make_examples built them, errors
with their codes and offsets, and the same results with NumPy and without it (ANMKIT_NO_NUMPY)."""
import json
import math
import os
import pathlib
import subprocess
import sys

import pytest

import anmkit

EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", pathlib.Path(__file__).resolve().parents[2] / "examples"))


def example(name: str) -> str:
    return str(EXAMPLES / name)


def flat(values):
    """Nested lists or a NumPy array as one flat list of numbers."""
    if hasattr(values, "tolist"):
        values = values.tolist()
    out = []
    stack = [values]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(reversed(v))
        else:
            out.append(v)
    return out


def close(actual, expected, tolerance=1e-6):
    a, e = flat(actual), flat(expected)
    return len(a) == len(e) and all(abs(x - y) <= tolerance for x, y in zip(a, e))


def test_numpy_is_used_when_present_and_not_when_refused():
    wanted = not os.environ.get("ANMKIT_NO_NUMPY")
    assert anmkit.have_numpy() is wanted
    pose = anmkit.open(example("turret_v60.anm")).sample(0)
    assert (type(pose.rotation).__name__ == "ndarray") is wanted


def test_library_facts():
    assert anmkit.__version__ == "0.1.0"
    assert anmkit.formats() == ["gem", "mm2", "lm"]
    assert anmkit.detect(pathlib.Path(example("turret_v40.anm")).read_bytes()) == "gem"
    assert anmkit.detect(pathlib.Path(example("ghost_mm2.anm")).read_bytes()) == "mm2"
    assert anmkit.detect(b"hello") is None
    assert anmkit.setting_range("fps") == (0.01, 10000.0)
    assert anmkit.setting_range("tolerance") == (0.0, 1e6)
    with pytest.raises(anmkit.Error, match="no setting named 'frames' has a range"):
        anmkit.setting_range("frames")


def test_file_kinds_from_the_entries():
    kinds = anmkit.file_kinds()
    assert [(k["format"], k["name"], k["extension"], k["opens_as"]) for k in kinds] == [
        ("gem", "animation", ".anm", "animation"), ("gem", "model", ".mdl", "model"), ("gem", "mesh", ".ply", "resource"),
        ("gem", "material", ".mtl", "resource"), ("gem", "texture", ".dds", None), ("gem", "texture", ".tga", None),
        ("gem", "collision volume", ".vol", "resource"), ("gem", "entity script", ".def", None),
        ("gem", "armour file", ".mdl", "resource"), ("gem", "entity script", ".ext", None),
        ("mm2", "animation", ".anm", "animation"), ("lm", "animation", ".anm", "animation"), ("lm", "model", ".bin", "model")]


def test_gem_document():
    doc = anmkit.open(example("turret_v61_frm3.anm"))
    assert (doc.format, doc.version, doc.is_skeletal, doc.is_sprite) == ("gem", "6.1", True, False)
    assert doc.validate() == []
    assert doc.write() == pathlib.Path(example("turret_v61_frm3.anm")).read_bytes()
    skeleton = doc.skeleton
    assert [b.name for b in skeleton.bones] == ["basis", "body", "turret1", "gun_rot", "hatch"]
    assert skeleton.bones[0].name_bytes == b"basis" and skeleton.bones[0].joint == -1
    assert (skeleton.frame_count, skeleton.fps, skeleton.loop, skeleton.joints) == (25, 30.0, False, [])
    assert close(skeleton.up_rotation, [-math.sqrt(0.5), 0, 0, math.sqrt(0.5)])


def test_sampling_one_frame_and_all():
    doc = anmkit.open(example("turret_v60.anm"))
    pose = doc.sample(4)
    assert close(pose.rotation[2], [0, 0, 0.258819045, 0.965925826])
    assert close(pose.translation[2], [0, 12.5, 18.25])
    assert close(pose.scale[2], [1, 1, 1])
    assert flat(pose.visible) == [True] * 5
    assert bool(pose.mirrored[0]) and not bool(pose.mirrored[1])
    every = doc.sample_all()
    assert close(every.translation[16][3], [0, 27, 2.5])
    assert close(every.translation[19][3], [0, 31, 2.5])
    assert bool(every.visible[21][4]) and not bool(every.visible[22][4])
    assert close(every.rotation[22][4], [0.5, 0, 0, 0.866025404])
    # The range form agrees with the single frames.
    part = doc.sample_all(first=10, count=3)
    assert close(part.rotation[2], doc.sample(12).rotation)
    with pytest.raises(ValueError):
        doc.sample_all(first=-1)


def test_sample_all_shapes():
    doc = anmkit.open(example("turret_v60.anm"))
    every = doc.sample_all()
    if anmkit.have_numpy():
        assert every.translation.shape == (25, 5, 3) and every.rotation.shape == (25, 5, 4)
        assert every.visible.shape == (25, 5)
    else:
        assert len(every.translation) == 25 and len(every.translation[0]) == 5 and len(every.rotation[0][0]) == 4


def test_lm_with_its_bin():
    doc = anmkit.open(example("mansion_door.anm"), skeleton=example("mansion_door.bin"))
    assert (doc.format, doc.version) == ("lm", "2")
    skeleton = doc.skeleton
    assert [j.parent for j in skeleton.joints] == [-1, 0, 1]
    assert [b.joint for b in skeleton.bones] == [0, 1, 2]
    assert skeleton.loop and skeleton.frame_count == 60
    door = doc.sample(30)
    assert close(door.rotation[1], [0, math.sqrt(0.5), 0, math.sqrt(0.5)])
    knob = doc.sample(10)
    assert close(knob.rotation[2], [-0.382683432, 0, 0, 0.923879533])
    assert close(knob.scale[2], [0.75, 0.75, 0.75])
    repacked = doc.convert("repack")
    assert repacked.format == "lm"


def test_sprite():
    doc = anmkit.open(example("ghost_mm2.anm"))
    sprite = doc.sprite
    assert (sprite.width, sprite.height, sprite.planes, sprite.tick_hz) == (36, 28, 5, 60.0)
    assert flat(sprite.palette[0])[3] == 0 and flat(sprite.palette[2]) == [0xEE, 0xEE, 0xFF, 255]
    assert sprite.frame_rects == [(0, 0, 30, 28), (9, 9, 12, 3), (11, 16, 8, 5), (26, 4, 10, 12)]
    assert flat(sprite.frames[1][1]) == [1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 1, 1]
    assert sprite.states[0][10][9] == 10 and sprite.states[1][10][9] == 1
    assert sprite.sequences == [[(0, 40), (1, 6), (0, 30), (1, 6)], [], [(2, 10), (3, 12), (2, 10), (0, 8)]]
    # Import a frame: the eyes patch with its top row in pen 8.
    edited_frame = [[8] * 12] + [list(flat(row)) for row in sprite.frames[1][1:]]
    edited = doc.replace_frame(1, edited_frame)
    assert flat(edited.sprite.states[1][9][9:21]) == [8] * 12
    assert flat(edited.sprite.states[0]) == flat(sprite.states[0])
    # RGBA: pure red is pen 8 (0xF00); an unknown colour needs remap.
    red = [[[255, 0, 0, 255]] * 12] * 3
    assert flat(doc.replace_frame(1, red).sprite.frames[1]) == [8] * 36
    odd = [[[1, 2, 3, 255]] * 12] * 3
    with pytest.raises(anmkit.Error, match="not in the palette"):
        doc.replace_frame(1, odd)
    assert len(flat(doc.replace_frame(1, odd, remap=True).sprite.frames[1])) == 36


def test_json_round_trip_and_summary():
    doc = anmkit.open(example("track_meshanim_v61.anm"))
    dump = doc.to_json()
    assert json.loads(dump)["format"] == "gem"
    back = anmkit.from_json(dump, "track.json")
    assert back.write() == doc.write()
    assert "\n" not in doc.to_json(pretty=False)
    with pytest.raises(anmkit.Error, match=r"nested deeper than the limit of 2 levels.*max_json_depth=") as deep:
        anmkit.from_json(dump, "track.json", max_json_depth=2)
    assert deep.value.code_name == "json"
    with pytest.raises(anmkit.Error, match=r"nested deeper than the limit of 3 levels") as deep:
        anmkit.from_gltf(doc.to_gltf(), "gem-6.1", max_json_depth=3)
    assert deep.value.code_name == "json"
    assert json.loads(doc.summary(as_json=True))["format"] == "gem"
    assert "track_meshanim_v61.anm" in doc.summary()
    assert doc.to_gltf()[:4] == b"glTF"
    assert json.loads(doc.to_gltf(binary=False))["asset"]["version"] == "2.0"


def test_save_and_convert(tmp_path):
    doc = anmkit.open(example("turret_v60.anm"))
    older = doc.convert("gem-4.0")
    assert older.version == "4.0"
    out = tmp_path / "turret_v40.anm"
    older.save(out)
    assert out.read_bytes() == pathlib.Path(example("turret_v40.anm")).read_bytes()
    reopened = anmkit.open(out)
    with pytest.raises(anmkit.Error) as caught:
        reopened.save(out)
    assert caught.value.code_name == "io"
    reopened.save(out, overwrite_source=True)


def test_time_edits_come_back_byte_for_byte():
    doc = anmkit.open(example("turret_v60.anm"))
    slower, said = doc.edit_time("retime=2")
    assert said == []
    assert slower.skeleton.frame_count == 2 * (doc.skeleton.frame_count - 1) + 1
    back, said = slower.edit_time("retime=1/2")
    assert back.write() == doc.write()
    twice, _ = doc.edit_time("reverse", "reverse")
    assert twice.write() == doc.write()
    trimmed, said = doc.edit_time("trim=0:1")
    assert trimmed.skeleton.frame_count == 2
    with pytest.raises(anmkit.Error) as caught:
        doc.edit_time("speed=2")
    assert caught.value.code_name == "bad_value"
    assert "expected reverse, loop, retime=FACTOR" in str(caught.value)
    # Sprites count ticks; "@2" edits the third sequence only.
    sprite = anmkit.open(example("ghost_mm2.anm"))
    slower, said = sprite.edit_time("retime=2@2")
    assert said == []
    assert slower.sprite.sequences[-1] == [(2, 20), (3, 24), (2, 20), (0, 16)]
    assert slower.sprite.sequences[0] == [(0, 40), (1, 6), (0, 30), (1, 6)]
    back, _ = slower.edit_time("retime=1/2@2")
    assert back.write() == sprite.write()
    with pytest.raises(anmkit.Error) as caught:
        sprite.edit_time("reverse@3")
    assert caught.value.code_name == "bad_value"
    assert "the file has 3 sequences (@0 to @2)" in str(caught.value)


def test_errors_carry_code_offset_and_file(tmp_path):
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open(example("mansion_door.bin"))
    e = caught.value
    assert (e.code, e.code_name, e.offset) == (10, "unknown_format", 0)
    assert e.file == example("mansion_door.bin")
    assert str(e).startswith(example("mansion_door.bin") + ":0: error: not a recognised animation")
    truncated = pathlib.Path(example("turret_v60.anm")).read_bytes()[:300]
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open_bytes(truncated, "cut.anm")
    e = caught.value
    assert (e.code_name, e.offset, e.file) == ("truncated", 290, "cut.anm")
    assert e.message == "unexpected end of data: expected key orientation (3 floats) (12 bytes), 10 remain"
    with pytest.raises(anmkit.Error) as caught:
        anmkit.from_json('{"format": "gem"}', "x.json")
    assert caught.value.code_name == "json"
    with pytest.raises(anmkit.Error, match="unknown rotation unit"):
        anmkit.open(example("mansion_door.anm"), rotation_unit="furlongs")
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open(example("turret_v60.anm"), max_bones=4)
    assert caught.value.code_name == "too_large"
    # The setting a message names comes as data, said as this package's keyword argument, or in a
    # front end's own words.
    assert caught.value.message == "bone count 5 exceeds the limit of 4 bones (max_bones=)"
    assert caught.value.settings == ["limits.max_bones"]
    assert caught.value.worded({"limits.max_bones": "the Bones field"}) == \
        "bone count 5 exceeds the limit of 4 bones (the Bones field)"
    assert caught.value.described({}).endswith(": error: bone count 5 exceeds the limit of 4 bones (max_bones=)")
    door = pathlib.Path(example("mansion_door.anm")).read_bytes()
    with pytest.raises(anmkit.Error) as caught:  # node groups one byte later: their count cannot be inferred
        anmkit.open_bytes(door[:20] + (0x19).to_bytes(4, "big") + door[24:], "odd.anm")
    assert caught.value.settings == ["nodes", "bin"]  # LM's own name for its skeleton option: no keyword here
    assert caught.value.message == ("cannot infer the node count: the node groups at 0x19 span 0xa1 bytes, not a multiple of "
                                    "0x36; give nodes= or the .bin model")
    # An error raised by the package itself words its message the same way.
    assert anmkit.Error(11, "a message").described({"fps": "x"}) == "error: a message"
    with pytest.raises(TypeError):
        anmkit.open(example("turret_v60.anm"), max_widgets=4)
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open(example("ghost_mm2.anm")).skeleton
    assert caught.value.code_name == "wrong_kind"
    # A name that is not UTF-8 comes through as bytes (a path with byte 0xFF).
    odd = tmp_path / os.fsdecode(b"t\xff.anm")
    odd.write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    assert anmkit.open(odd).format == "gem"


def test_closed_document():
    doc = anmkit.open(example("turret_v60.anm"))
    doc.close()
    with pytest.raises(ValueError, match="closed"):
        doc.format
    doc.close()  # twice is fine


def test_module_command_line():
    env = dict(os.environ)
    run = subprocess.run([sys.executable, "-m", "anmkit", "info", example("turret_v60.anm")], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "turret_v60.anm" in run.stdout
    run = subprocess.run([sys.executable, "-m", "anmkit", "validate", example("ghost_mm2.anm")], capture_output=True,
                         text=True, env=env)
    # The same lines as `anmkit validate`: the arm's rectangle past the base is a warning.
    assert run.returncode == 0 and run.stdout == example("ghost_mm2.anm") + ": valid (0 errors, 1 warning)\n"
    assert run.stderr == (example("ghost_mm2.anm") + ":12: warning: patch frame 3's rectangle (26, 4) 10x12 reaches past "
                          "the base picture (30x28); the composed states grow to 36x28 to hold it\n")
    run = subprocess.run([sys.executable, "-m", "anmkit", "validate", example("turret_v60.anm")], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0 and run.stdout == example("turret_v60.anm") + ": valid\n" and run.stderr == ""
    # A model file: what `anmkit info` prints of one (its skeleton, its sequences); validate reads
    # it, with what its reader did not read as warnings (none here).
    run = subprocess.run([sys.executable, "-m", "anmkit", "info", example("mansion_door.bin")], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout == anmkit.model_summary(example("mansion_door.bin"))
    assert run.stdout.startswith(example("mansion_door.bin") + ": Luigi's Mansion model (.bin), 516 bytes\n")
    run = subprocess.run([sys.executable, "-m", "anmkit", "validate", example("mansion_door.bin")],
                         capture_output=True, text=True, env=env)
    assert (run.returncode, run.stdout, run.stderr) == (0, example("mansion_door.bin") + ": valid\n", "")


def test_sampling_into_earlier_arrays():
    doc = anmkit.open(example("turret_v60.anm"))
    every = doc.sample_all()
    one = doc.sample(4)
    if not anmkit.have_numpy():
        with pytest.raises(ValueError, match="NumPy"):
            doc.sample(4, out=one)
        return
    one_again = doc.sample(22, out=one)
    assert one_again is one and not bool(one.visible[4])
    assert close(one.rotation[4], [0.5, 0, 0, 0.866025404])
    every.translation[:] = 0
    assert doc.sample_all(out=every) is every
    assert close(every.translation[16][3], [0, 27, 2.5])
    with pytest.raises(ValueError, match=r"out.translation must be .* shape \(5, 3\)"):
        doc.sample(4, out=every)
    with pytest.raises(ValueError, match="out.translation"):
        doc.sample_all(first=0, count=3, out=every)


def test_gltf_back_over_the_original(tmp_path):
    original = anmkit.open(example("turret_v60.anm"))
    gltf = original.to_gltf()
    back = anmkit.from_gltf(gltf, "gem-6.0", "back.glb", base=original)
    assert back.warnings == []
    assert back.document.write() == pathlib.Path(example("turret_v60.anm")).read_bytes()
    other = anmkit.from_gltf(gltf, "gem-6.1", "back.glb", base=original)
    assert other.document.version == "6.0"
    assert [(w.severity, w.id, w.message) for w in other.warnings] == [
        ("warning", "gltf.import", "the base is gem-6.0 and the file is written as the base is, not as gem-6.1")]
    assert anmkit.from_gltf(gltf, "gem-4.0").document.version == "4.0"
    with pytest.raises(anmkit.Error) as caught:
        anmkit.from_gltf(gltf, "gem-6.0", fps=-1)
    assert caught.value.message == "fps must be from 0.01 to 10000, found -1"


def test_a_model_file_with_its_sequences(tmp_path):
    (tmp_path / "two.mdl").write_text('{Skeleton {animation {sequence "turn" {file "turn.anm"}} {sequence "gone"}}\n'
                                      '  {bone "basis" {bone "turret1" {Position 1 2 3}}}}\n')
    (tmp_path / "turn.anm").write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    glb, warnings = anmkit.model_to_gltf(tmp_path / "two.mdl")
    assert glb[:4] == b"glTF"
    assert any(w.id == "model.sequence" and "gone" in w.message for w in warnings)
    summary = json.loads(anmkit.model_summary(tmp_path / "two.mdl", as_json=True))
    assert [(s["name"], s["file"], s["exists"]) for s in summary["sequences"]] == [
        ("turn", "turn.anm", True), ("gone", "gone.anm", False)]
    assert [b["name"] for b in summary["bones"]] == ["basis", "turret1"]
    with pytest.raises(anmkit.Error):
        anmkit.model_summary(tmp_path / "missing.mdl")


def test_a_new_sequence_made_on_a_model(tmp_path):
    # The turret's glTF read onto a model with its bones (side by side at their rest, as the glTF
    # of a file without its model has them), and the new file declared in it.
    model = tmp_path / "turret.mdl"
    model.write_text('{Skeleton {animation {sequence "idle"}}\n'
                     '  {bone "basis"} {bone "body"} {bone "turret1"} {bone "gun_rot"} {bone "hatch"}}\n')
    original = anmkit.open(example("turret_v60.anm"))
    made = anmkit.from_gltf(original.to_gltf(), "gem-6.0", name="t.glb", skeleton=model)
    # anmkit's own glTF: what it recorded of the original is not read onto a skeleton, and said.
    assert [w.message for w in made.warnings] == [
        "extras.anmkit is not read on a skeleton (its visibility, mirror and mesh keys, comments): the transforms say "
        "what the bones do"]
    assert made.document.version == "6.0"
    frames = made.document.sample_all()
    assert [[round(v, 4) for v in bone] for bone in frames.translation[5]] == \
        [[round(v, 4) for v in bone] for bone in original.sample_all().translation[5]]
    text = anmkit.model_with_sequence(model, "turn", tmp_path / "anim" / "turn.anm")
    assert text == model.read_bytes().replace(b'{sequence "idle"}}', b'{sequence "idle"} {sequence "turn" {file "anim/turn.anm"}}}')
    (tmp_path / "two.mdl").write_text('{Skeleton {bone "basis" {bone "body"}}}\n')
    with pytest.raises(anmkit.Error, match="no bone of the skeleton: 'turret1'"):
        anmkit.from_gltf(original.to_gltf(), "gem-6.0", skeleton=tmp_path / "two.mdl")


def test_a_model_files_sequences_as_values(tmp_path):
    (tmp_path / "tank.mdl").write_text('{Skeleton {bone "basis" {bone "body" {animation {sequence "repair" '
                                       '{file "turn.anm"}}}} {animation {sequence "idle"}}}}\n')
    (tmp_path / "turn.anm").write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    assert anmkit.model_sequences(tmp_path / "tank.mdl") == [
        anmkit.ModelSequence("repair", "turn.anm", "body", "", True, str(tmp_path / "turn.anm")),
        anmkit.ModelSequence("idle", "idle.anm", "basis", "no {file}: named after the sequence", False,
                             str(tmp_path / "idle.anm"))]
    lm = anmkit.model_sequences(example("mansion_door.bin"))
    assert lm == [anmkit.ModelSequence("mansion_door", "mansion_door.anm", "", "paired by name", True,
                                       str(pathlib.Path(example("mansion_door.anm"))))]
    # The game's names: \ a separator, either case; the path is where the file is.
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "turret_r.anm").write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    (tmp_path / "game.mdl").write_text('{Skeleton {bone "basis"} {animation {sequence "turn" {file "SUB\\Turret_R.ANM"}}}}\n')
    assert anmkit.model_sequences(tmp_path / "game.mdl") == [
        anmkit.ModelSequence("turn", "SUB\\Turret_R.ANM", "", "", True, str(tmp_path / "sub" / "turret_r.anm"))]
    with pytest.raises(anmkit.Error) as caught:
        anmkit.model_sequences(example("turret_v60.anm"))
    assert caught.value.code_name == "unknown_format"


def test_warnings_name_settings_as_this_package_does():
    """A warning that names a setting says it as a keyword argument, and worded() as a caller's."""
    with anmkit.open(example("turret_v60.anm")) as doc:
        gltf = json.loads(doc.to_gltf(binary=False))

    def strip(node):  # what Blender and most tools do to extras
        if isinstance(node, dict):
            node.pop("extras", None)
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)
    strip(gltf)
    imported = anmkit.from_gltf(json.dumps(gltf).encode(), "gem-6.0", "back.gltf")
    [warning] = [w for w in imported.warnings if "carries no record" in w.message]
    assert warning.settings == ("base",)
    assert warning.message.endswith("the version the target's; give the original file with base= to keep them")
    assert warning.worded({"base": "the Original field"}).endswith("give the original file with the Original field to keep them")
    imported.document.close()
    plain = anmkit.Diagnostic("warning", "x", "no settings here", None, "")
    assert plain.settings == () and plain.worded({"base": "b"}) == "no settings here"



def test_a_picture_c_would_read_past_or_could_not_store_is_refused():
    doc = anmkit.open(example("ghost_mm2.anm"))
    frame = [list(flat(row)) for row in doc.sprite.frames[1]]  # 3 rows of 12 pens
    message = "a picture is \\(height, width\\) pens or \\(height, width, 4\\) RGBA, every row as wide"
    for ragged in ([frame[0], frame[1][:5], frame[2]],                        # a short row
                   [frame[0] + [1, 1], frame[1], frame[2]],                   # a long one
                   [[[255, 0, 0, 255]] * 12, [[255, 0, 0]] * 12, [[255, 0, 0, 255]] * 12]):  # 3 channels
        with pytest.raises(ValueError, match=message):
            doc.replace_frame(1, ragged, resize=True)
    for empty in ([], [[]], [[], [], []]):
        with pytest.raises((anmkit.Error, ValueError)) as caught:
            doc.replace_frame(1, empty, resize=True)
        if isinstance(caught.value, anmkit.Error):
            assert caught.value.message.endswith("a frame is at least 1 x 1")
    with pytest.raises(anmkit.Error) as caught:
        doc.replace_frame(1, [[]] * 0 + [[1] * 0] * 2, resize=True)
    assert caught.value.message == "frame 1: a picture of 0 x 2 pixels; a frame is at least 1 x 1"


def test_numbers_past_their_c_field_and_nuls_in_paths_are_refused():
    doc = anmkit.open(example("ghost_mm2.anm"))
    with pytest.raises(anmkit.Error) as caught:
        doc.replace_frame((1 << 32) + 1, [[1]])  # wrapped, it would be frame 1
    assert caught.value.message == "index must be from 0 to 4294967295, found 4294967297"
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open(example("turret_v60.anm"), max_bones=(1 << 32) + 3)  # wrapped: a limit of 3
    assert caught.value.message == "max_bones must be from 0 to 4294967295, found 4294967299"
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open(example("turret_v60.anm")).sample_all(first=1 << 32, count=1)
    assert caught.value.message == "first must be from 0 to 4294967295, found 4294967296"
    with pytest.raises(TypeError):
        anmkit.open(example("turret_v60.anm"), max_bones=2.5)
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.open(example("turret_v60.anm") + "\0.txt")
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.open(example("turret_v60.anm"), skeleton="x\0y.mdl")
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.open_bytes(b"", "a\0b")
    with pytest.raises(ValueError, match="embedded null byte"):
        doc.save_as("png", "out\0.png")


def test_a_models_files_stay_in_its_folder_unless_a_root_is_given(tmp_path):
    (tmp_path / "game" / "tank").mkdir(parents=True)
    (tmp_path / "game" / "shared").mkdir()
    (tmp_path / "game" / "shared" / "fire.anm").write_bytes(pathlib.Path(example("turret_v60.anm")).read_bytes())
    mdl = tmp_path / "game" / "tank" / "tank.mdl"
    mdl.write_text('{Skeleton {bone "basis"} {animation {sequence "fire" {file "../shared/fire.anm"}}}}\n')
    assert [s.exists for s in anmkit.model_sequences(mdl)] == [False]
    assert [s.exists for s in anmkit.model_sequences(mdl, reference_roots=[tmp_path / "game"])] == [True]
    glb, warnings = anmkit.model_to_gltf(mdl)
    assert any("leads out of the folder" in w.message and w.settings == ("reference_roots",) for w in warnings)
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.model_sequences(mdl, reference_roots=["a\0b"])


def test_batch_gives_each_files_result_in_order_the_same_for_any_number_of_workers(tmp_path):
    """anmkit.batch: the library's run of many files, as `anmkit batch` makes it."""
    runs = []
    for jobs in (1, 2):
        seen = []
        results = anmkit.batch([EXAMPLES], tmp_path / f"out{jobs}", "json", jobs=jobs, on_result=seen.append)
        assert results == seen
        runs.append([(r.kind, os.path.basename(r.input), os.path.relpath(r.output, tmp_path / f"out{jobs}") if r.output else "",
                      r.skipped_why) for r in results])
    assert runs[0] == runs[1]
    assert runs[0][0] == ("converted", "ghost_mm2.anm", "ghost_mm2.json", "")
    assert ("skipped", "mansion_door.bin", "", "not an animation") in runs[0]
    assert len(runs[0]) == 7
    assert (tmp_path / "out2" / "turret_v60.json").read_bytes() == (tmp_path / "out1" / "turret_v60.json").read_bytes()
    # False from on_result stops the run; an exception in it stops it and comes out of the call.
    assert len(anmkit.batch([EXAMPLES], tmp_path / "stop", "json", jobs=1, on_result=lambda r: False)) == 1
    with pytest.raises(ZeroDivisionError):
        anmkit.batch([EXAMPLES], tmp_path / "raise", "json", jobs=1, on_result=lambda r: 1 / 0)
    (tmp_path / "broken.anm").write_bytes(b"EANM")
    [failed] = anmkit.batch([tmp_path / "broken.anm"], tmp_path / "b", "json")
    assert failed.kind == "failed" and failed.error.file == str(tmp_path / "broken.anm")
    with pytest.raises(anmkit.Error) as e:
        anmkit.batch([EXAMPLES], tmp_path / "x", "mp4")
    assert str(e.value) == "error: 'mp4' is no export kind"
