"""anmkit.open_figure: what a model file shows, read from the real vehicle folders and checked
against their own bytes read here (a .ply's vertices and triangles, a TGA's pixels, an .anm's mesh
keys); the mesh animation as morph targets; hostile arguments; and `python -m anmkit info` of a
vehicle, as the command line prints it."""
import ctypes
import json
import os
import pathlib
import struct
import subprocess
import sys

import pytest

import anmkit
from anmkit import _capi

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", ROOT / "examples"))
VEHICLES = pathlib.Path(os.environ.get("ANMKIT_CORPUS_DIR") or ROOT.parent / "shared" / "corpus") / "gem-vehicles"
CLI = pathlib.Path(os.environ.get("ANMKIT_CLI", ROOT / "build" / "bin" / "anmkit"))


def need(present: bool, what: str) -> None:
    """Skips without `what`; fails instead under ANMKIT_REQUIRE_EXTERNALS (CI)."""
    if present:
        return
    if os.environ.get("ANMKIT_REQUIRE_EXTERNALS", "0") not in ("", "0"):
        pytest.fail(f"{what} is missing; ANMKIT_REQUIRE_EXTERNALS is set")
    pytest.skip(f"{what} is missing")


@pytest.fixture
def vehicles() -> pathlib.Path:
    need(VEHICLES.is_dir(), f"the corpus folder {VEHICLES}")
    return VEHICLES


def rows(values) -> list:
    """An array as nested lists, with NumPy or without."""
    return values.tolist() if anmkit.have_numpy() else values


def shape(values) -> tuple:
    if anmkit.have_numpy():
        return values.shape
    return (len(values),) + (shape(values[0]) if values and isinstance(values[0], list) else ())


def ply_vertices(path: pathlib.Path):
    """A .ply's VERT records as floats, and its INDX triangles (gem-mesh.notes.md)."""
    data = path.read_bytes()
    vert = data.index(b"VERT")
    count, stride, _ = struct.unpack_from("<IHH", data, vert + 4)
    records = [struct.unpack_from(f"<{stride // 4}f", data, vert + 12 + k * stride) for k in range(count)]
    indx = vert + 12 + count * stride
    assert data[indx:indx + 4] == b"INDX"
    n = struct.unpack_from("<I", data, indx + 4)[0]
    indices = struct.unpack_from(f"<{n}H", data, indx + 8)
    return records, [indices[i:i + 3] for i in range(0, n, 3)]


def tga_rgba(path: pathlib.Path) -> bytes:
    """An RLE, 24-bit, bottom-up TGA (e-25's) as RGBA rows, top row first."""
    data = path.read_bytes()
    width, height, bits, descriptor = struct.unpack_from("<HHBB", data, 12)
    assert (data[2], bits, descriptor & 0x20) == (10, 24, 0)
    at, pixels = 18 + data[0], []
    while len(pixels) < width * height:
        packet = data[at]
        at += 1
        run = (packet & 0x7F) + 1
        if packet & 0x80:
            pixels += [data[at:at + 3]] * run
            at += 3
        else:
            pixels += [data[at + 3 * i:at + 3 * i + 3] for i in range(run)]
            at += 3 * run
    out = bytearray()
    for y in range(height - 1, -1, -1):
        for bgr in pixels[y * width:(y + 1) * width]:
            out += bytes((bgr[2], bgr[1], bgr[0], 255))
    return bytes(out)


def test_the_e25_as_its_files_hold_it(vehicles):
    with anmkit.open_figure(vehicles / "e-25" / "e-25.mdl") as figure:
        assert figure.warnings == []
        assert (len(figure.joints), len(figure.meshes), len(figure.materials), len(figure.textures)) == (54, 22, 2, 2)
        assert (figure.joints[1].name, figure.joints[1].parent) == ("body", 0)
        body = figure.meshes[0]
        assert (body.name, body.name_bytes, body.joint, body.shown) == ("body.ply", b"body.ply", 1, True)
        assert shape(body.positions) == (3789, 3) and shape(body.normals) == (3789, 3) and shape(body.uvs) == (3789, 2)
        assert body.skin == [] and body.joints is None and body.weights is None
        if anmkit.have_numpy():
            assert body.positions.dtype.name == body.uvs.dtype.name == "float32"
            assert body.primitives[0].indices.dtype.name == "uint32"
        records, triangles = ply_vertices(vehicles / "e-25" / "body.ply")
        # float32 values read back exactly: the file's own numbers.
        assert rows(body.positions) == [list(r[0:3]) for r in records]
        assert rows(body.normals) == [list(r[3:6]) for r in records]
        assert rows(body.uvs) == [list(r[6:8]) for r in records]
        assert rows(body.positions)[0] == pytest.approx([-25.349268, 25.502901, 7.9419384])
        # One primitive of material 0; the file's triangles turned counter-clockwise: a, c, b.
        assert len(body.primitives) == 1 and body.primitives[0].material == 0
        indices = rows(body.primitives[0].indices)
        assert len(indices) == 6306 and indices[:6] == [2, 0, 1, 5, 3, 4]
        assert [tuple(indices[i:i + 3]) for i in range(0, 6306, 3)] == [(a, c, b) for a, b, c in triangles]
        assert max(indices) == 3788

        tracks = figure.materials[1]
        assert (tracks.name, tracks.base_texture, tracks.normal_texture) == ("02_-_default.mtl", 1, -1)
        assert (tracks.alpha_mode, tracks.alpha_cutoff, tracks.double_sided) == (anmkit.AlphaMode.OPAQUE, 0.5, False)
        assert tracks.base_colour == (1.0, 1.0, 1.0, 1.0)
        texture = figure.textures[1]
        assert (texture.name, texture.path) == ("e25tracks", str(vehicles / "e-25" / "e25tracks.tga"))
        assert (texture.width, texture.height) == (256, 256)
        expected = tga_rgba(vehicles / "e-25" / "e25tracks.tga")
        if anmkit.have_numpy():
            assert texture.rgba.shape == (256, 256, 4) and texture.rgba.dtype.name == "uint8"
            assert texture.rgba.tobytes() == expected
            assert texture.rgba[0, 0].tolist() == [65, 65, 53, 255]
        else:
            assert texture.rgba == expected


def test_the_e75_masks_skins_and_says_what_is_missing(vehicles):
    figure = anmkit.open_figure(vehicles / "e-75" / "e-75.mdl")
    assert (len(figure.joints), len(figure.meshes), len(figure.materials), len(figure.textures)) == (79, 47, 3, 2)
    # The emitters rest hidden ({visibility 0}) until an animation shows them.
    assert sorted(j.name for j in figure.joints if not j.shown) == [f"emit{i}" for i in range(1, 7)]
    assert [(w.severity, w.id) for w in figure.warnings] == [("warning", "model.figure")] * 2
    assert figure.warnings[0].message == (
        f"material 'material_#28.mtl': diffuse texture 'e-75' not found (looked for {vehicles}/e-75/e-75.dds, "
        f"{vehicles}/e-75/e-75.tga); drawn without it")
    masked = figure.materials[2]
    assert (masked.name, masked.alpha_mode, masked.base_texture, masked.normal_texture) == \
        ("material_#30.mtl", anmkit.AlphaMode.MASK, 0, 1)
    assert masked.alpha_cutoff == pytest.approx(127 / 255, abs=1e-7)
    assert figure.materials[0].double_sided is True
    assert figure.materials[0].base_colour[:3] == pytest.approx((230 / 255,) * 3, abs=1e-7)
    assert figure.textures[0].path == str(vehicles / "e-75" / "Tiger_II_track.dds")  # named "tiger_ii_track"
    normal_map = figure.textures[1]
    assert (normal_map.name, normal_map.width, normal_map.height) == ("Tiger_II_track_NM", 128, 128)
    assert (normal_map.rgba.shape if anmkit.have_numpy() else len(normal_map.rgba)) == \
        ((128, 128, 4) if anmkit.have_numpy() else 128 * 128 * 4)

    track = figure.meshes[36]
    assert (track.name, track.joint, track.skin) == ("trackl.ply", 57, [57, 1, 0])
    assert shape(track.joints) == (959, 4) and shape(track.weights) == (959, 4)
    assert all(abs(sum(w) - 1) < 1e-6 for w in rows(track.weights))
    assert all(all(j < 3 for j in four) for four in rows(track.joints))
    figure.close()
    figure.close()  # twice is fine
    assert len(figure.meshes) == 47  # the values outlive it

    bare = anmkit.open_figure(vehicles / "e-75" / "e-75.mdl", meshes=False)
    assert (len(bare.joints), bare.meshes, bare.materials, bare.textures, bare.warnings) == (79, [], [], [], [])


def test_a_model_documents_figure_is_its_paths(vehicles):
    # Opened as a document with the same options, the same figure and the same words.
    model = anmkit.open(vehicles / "e-75" / "e-75.mdl", kinds="model")
    figure = model.figure()
    alone = anmkit.open_figure(vehicles / "e-75" / "e-75.mdl")
    assert (len(figure.joints), len(figure.meshes), len(figure.materials), len(figure.textures)) == (79, 47, 3, 2)
    assert [m.name for m in figure.meshes] == [m.name for m in alone.meshes]
    assert [w.message for w in figure.warnings] == [w.message for w in alone.warnings]
    bare = anmkit.open(vehicles / "e-75" / "e-75.mdl", kinds="model", meshes=False).figure()
    assert (len(bare.joints), bare.meshes, bare.warnings) == (79, [], [])


def test_only_a_model_document_has_a_figure():
    door = anmkit.open(EXAMPLES / "mansion_door.bin", kinds="model").figure()
    assert ([j.name for j in door.joints], door.meshes) == (["node_0", "node_1", "node_2"], [])
    with pytest.raises(anmkit.Error, match="^.*not a model file that names animations but an animation$") as refused:
        anmkit.open(EXAMPLES / "mansion_door.anm").figure()
    assert refused.value.code_name == "unsupported"


def test_the_e75s_collision_volumes(vehicles):
    """volumes=True: the 23 {Volume}s of e-75.mdl after its 47 meshes, flagged `collision`; the
    turret's is turret.vol read here, moved by its {Position -4.58562 -0.00958979 10.0867} into
    the turret bone's frame; in glTF each is a node marked in its extras."""
    mdl = vehicles / "e-75" / "e-75.mdl"
    with anmkit.open_figure(mdl, volumes=True) as figure:
        assert (len(figure.meshes), len(figure.materials)) == (70, 4)
        assert [m.collision for m in figure.meshes] == [False] * 47 + [True] * 23
        assert len(figure.warnings) == 2  # the missing textures, as without volumes
        translucent = figure.materials[3]
        assert (translucent.name, translucent.alpha_mode, translucent.double_sided) == \
            ("collision volume", anmkit.AlphaMode.BLEND, True)
        assert translucent.base_colour == pytest.approx((1, 0.35, 0.1, 0.35), abs=1e-7)
        turret = next(m for m in figure.meshes if m.collision and m.name == "turret")
        assert turret.joint == [j.name for j in figure.joints].index("turret")
        assert (turret.normals, turret.uvs, turret.skin) == (None, None, [])
        data = (vehicles / "e-75" / "turret.vol").read_bytes()
        assert data[:8] == b"EVLMVERT"
        count = struct.unpack_from("<I", data, 8)[0]
        raw = [struct.unpack_from("<3f", data, 12 + 12 * v) for v in range(count)]
        n = struct.unpack_from("<I", data, 12 + 12 * count + 4)[0]
        indices = struct.unpack_from(f"<{n}H", data, 12 + 12 * count + 8)
        assert shape(turret.positions) == (48, 3) and count == 48
        offset = (-4.58562, -0.00958979, 10.0867)
        for v in (0, 7, 47):
            assert rows(turret.positions)[v] == pytest.approx([raw[v][a] + offset[a] for a in range(3)], abs=1e-5)
        # The file's triangles turn clockwise seen from outside: two indices of each are swapped.
        drawn = rows(turret.primitives[0].indices)
        assert [drawn[k + (0, 2, 1)[k % 3] - k % 3] for k in range(len(drawn))] == list(indices)
        assert turret.primitives[0].material == 3
    assert [m.collision for m in anmkit.open_figure(mdl).meshes].count(True) == 0
    assert anmkit.open_figure(mdl, meshes=False, volumes=True).meshes == []  # volumes come with the meshes
    e25 = anmkit.open_figure(vehicles / "e-25" / "e-25.mdl", volumes=True)
    assert sum(m.collision for m in e25.meshes) == 8

    glb, warnings = anmkit.model_to_gltf(mdl, volumes=True)
    length = struct.unpack_from("<I", glb, 12)[0]
    document = json.loads(glb[20:20 + length])
    marked = [n["name"] for n in document["nodes"] if n.get("extras", {}).get("anmkit", {}).get("collision_volume")]
    assert len(marked) == 23 and "volume turret" in marked and "volume crew" in marked
    assert len(warnings) == 2


def test_the_pzh2000s_track_animation_as_morph_targets(vehicles):
    figure = anmkit.open_figure(vehicles / "pzh2000_x" / "pzh2000_x.mdl")
    track = anmkit.open(vehicles / "pzh2000_x" / "trackL.anm")
    animation = figure.mesh_animation(track, "break")
    assert animation.warnings == []
    assert len(animation.morphs) == 1
    morphs = animation.morphs[0]
    assert (morphs.mesh, figure.meshes[morphs.mesh].name) == (36, "trackl.ply")
    assert morphs.keys == [(k, k) for k in range(13)]
    assert [t.name for t in morphs.targets] == [f"break {k}" for k in range(13)]
    assert shape(morphs.targets[3].positions) == (410, 3) and shape(morphs.targets[3].normals) == (410, 3)
    # Frame 1's key (FRM2, frame 1, one key, bone 0, flags 0x20), its payload after the byte count:
    # first vertex, count, has-bbox, then 56-byte records. Target 1 is its positions less the mesh's,
    # in float32 as the library subtracts them.
    data = (vehicles / "pzh2000_x" / "trackL.anm").read_bytes()
    at = data.index(b"FRM2\x01\x00\x01\x00\x20\x00") + 10
    assert struct.unpack_from("<IIHH", data, at)[1:3] == (0, 410)
    mesh = rows(figure.meshes[36].positions)
    f32 = lambda x: struct.unpack("<f", struct.pack("<f", x))[0]  # noqa: E731
    frame_1 = [struct.unpack_from("<3f", data, at + 12 + 56 * k) for k in range(410)]
    assert rows(morphs.targets[1].positions) == [[f32(p[i] - m[i]) for i in range(3)] for p, m in zip(frame_1, mesh)]
    assert rows(morphs.targets[0].positions) == [[0.0, 0.0, 0.0]] * 410  # frame 0 is the mesh's own shape

    # Again, unnamed: the file's name; the keys number this animation's own targets.
    again = figure.mesh_animation(track)
    assert again.morphs[0].keys == [(k, k) for k in range(13)]
    assert again.morphs[0].targets[12].name == "trackL 12"
    assert rows(again.morphs[0].targets[1].positions) == rows(morphs.targets[1].positions)

    # On a model whose track is not skinned the shapes do not fit: each key said, none shown.
    with anmkit.open_figure(vehicles / "e-25" / "e-25.mdl") as e25:
        misfit = e25.mesh_animation(track, "break")
    assert misfit.morphs == [] and len(misfit.warnings) == 13
    assert misfit.warnings[12].id == "model.mesh-animation"
    assert misfit.warnings[12].message == ("bone 'trackl': the mesh key of frame 12: the mesh payload's records are "
                                           "56 bytes, the mesh's 32 (not shown)")
    # The shared textures looked for under texture_dir, then its common/.
    with anmkit.open_figure(vehicles / "pzh2000_x" / "pzh2000_x.mdl", texture_dir=EXAMPLES) as shared:
        assert f"(looked for {EXAMPLES}/vehicle2/puma_track_dif.dds, " in shared.warnings[2].message
    assert "which were not given (texture_dir=)" in figure.warnings[2].message


def test_a_model_that_shows_nothing_and_hostile_arguments(tmp_path):
    door_model = EXAMPLES / "mansion_door.bin"
    with anmkit.open_figure(door_model) as figure:
        assert [(j.name, j.parent) for j in figure.joints] == [("node_0", -1), ("node_1", 0), ("node_2", 1)]
        assert (figure.meshes, figure.materials, figure.textures, figure.warnings) == ([], [], [], [])
        with anmkit.open(EXAMPLES / "mansion_door.anm") as door:
            assert figure.mesh_animation(door) == anmkit.MeshAnimation([], [])
        with pytest.raises(ValueError, match="the document is closed"):
            figure.mesh_animation(door)
        with anmkit.open(EXAMPLES / "ghost_mm2.anm") as ghost, pytest.raises(anmkit.Error) as caught:
            figure.mesh_animation(ghost)
        assert (caught.value.code_name, caught.value.message) == ("wrong_kind",
                                                                  "a mm2 document has no clip to animate a mesh")
        with pytest.raises(TypeError, match="document must be a Document, found str"):
            figure.mesh_animation("mansion_door.anm")
        with anmkit.open(EXAMPLES / "mansion_door.anm") as door:
            with pytest.raises(ValueError, match="embedded null byte"):
                figure.mesh_animation(door, "a\0b")
            with pytest.raises(TypeError, match="the name must be a str, found int"):
                figure.mesh_animation(door, 5)
    with pytest.raises(ValueError, match="the figure is closed"):
        with anmkit.open(EXAMPLES / "mansion_door.anm") as door:
            figure.mesh_animation(door)

    with pytest.raises(anmkit.Error) as caught:
        anmkit.open_figure(EXAMPLES / "turret_v60.anm")
    assert (caught.value.code_name, caught.value.message) == ("unknown_format", "not a model file (.mdl or .bin) either")
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open_figure(tmp_path / "missing.mdl")
    assert caught.value.code_name == "io" and caught.value.file == str(tmp_path / "missing.mdl")
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.open_figure("a\0b.mdl")
    with pytest.raises(TypeError):
        anmkit.open_figure(None)
    with pytest.raises(TypeError):
        anmkit.open_figure(door_model, texture_dir=5)
    with pytest.raises(anmkit.Error, match="max_input_bytes must be from 0 to"):
        anmkit.open_figure(door_model, max_input_bytes=-1)
    with pytest.raises(anmkit.Error) as caught:
        anmkit.open_figure(door_model, max_input_bytes=10)
    assert (caught.value.code_name, caught.value.message) == ("too_large", "larger than the input limit of 10 bytes")


def test_the_c_functions_refuse_what_is_not_there():
    """Through the C API as the package declares it: NULLs, indices past the end, a struct too small."""
    lib, error = _capi.lib, _capi.Error_()
    figure = ctypes.c_void_p()
    assert lib.anmkit_figure_open(os.fsencode(EXAMPLES / "mansion_door.bin"), None, ctypes.byref(figure), None,
                                  ctypes.byref(error)) == 0
    try:
        joint = _capi.sized(_capi.Joint)
        assert lib.anmkit_figure_joint_get(figure, 3, ctypes.byref(joint), ctypes.byref(error)) == _capi.INVALID_ARGUMENT
        assert error.message == b"joint 3 of 3"
        joint.struct_size = 3
        assert lib.anmkit_figure_joint_get(figure, 0, ctypes.byref(joint), ctypes.byref(error)) == _capi.INVALID_ARGUMENT
        assert error.message == b"out is NULL or its struct_size is smaller than a size_t"
        joint.struct_size = _capi.Joint.name.offset + 2  # half of the name's pointer
        assert lib.anmkit_figure_joint_get(figure, 0, ctypes.byref(joint), ctypes.byref(error)) == _capi.INVALID_ARGUMENT
        assert b"ends inside a field" in error.message
        joint.struct_size = _capi.Joint.parent.offset  # an older, shorter struct: what fits is written
        assert lib.anmkit_figure_joint_get(figure, 2, ctypes.byref(joint), ctypes.byref(error)) == 0
        assert ctypes.string_at(joint.name, joint.name_size) == b"node_2" and joint.parent == 0
        mesh = _capi.sized(_capi.Mesh)
        assert lib.anmkit_figure_mesh_get(figure, 0, ctypes.byref(mesh), ctypes.byref(error)) == _capi.INVALID_ARGUMENT
        assert error.message == b"mesh 0 of 0"
        morphs = _capi.sized(_capi.MeshMorphs)
        assert lib.anmkit_figure_morphs_get(figure, 0, 0, ctypes.byref(morphs), ctypes.byref(error)) == \
            _capi.INVALID_ARGUMENT
        assert error.message == b"mesh animation 0 of 0"
        assert lib.anmkit_figure_add_mesh_animation(figure, None, None, None, None, ctypes.byref(error)) == \
            _capi.INVALID_ARGUMENT
        assert error.message == b"clip_document is NULL"
        assert lib.anmkit_figure_morphs_count(figure, 2**64 - 1) == 0
    finally:
        lib.anmkit_figure_free(figure)
    assert lib.anmkit_figure_mesh_count(None) == 0 and lib.anmkit_figure_animation_count(None) == 0
    texture = _capi.sized(_capi.Texture)
    assert lib.anmkit_figure_texture_get(None, 0, ctypes.byref(texture), ctypes.byref(error)) == _capi.INVALID_ARGUMENT
    assert error.message == b"figure is NULL"


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "anmkit", *args], capture_output=True, text=True, env=dict(os.environ))


def test_info_of_a_vehicle_is_the_command_lines(vehicles, tmp_path):
    model = str(vehicles / "e-75" / "e-75.mdl")
    run = run_module("info", model)
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout == anmkit.model_summary(model)
    lines = run.stdout.splitlines()
    assert lines[0] == f"{model}: GEM model (.mdl), 20212 bytes"
    assert "  meshes      47 (10461 triangles)" in lines
    assert "  materials   3" in lines
    assert "  textures    2 found, 2 missing" in lines
    pzh = str(vehicles / "pzh2000_x" / "pzh2000_x.mdl")
    with_folder = run_module("info", pzh, "--texture-dir", str(tmp_path)).stdout
    assert with_folder == anmkit.model_summary(pzh, texture_dir=tmp_path)
    assert f"looked for {tmp_path}/vehicle2/puma_track_dif.dds" in with_folder
    assert "meshes " not in run_module("info", "--no-meshes", pzh).stdout
    json_run = run_module("info", "--json", pzh)
    assert json_run.returncode == 0 and json_run.stdout == anmkit.model_summary(pzh, as_json=True) + "\n"
    noise = tmp_path / "noise.mdl"
    noise.write_bytes(b"\x01\x02\x03 not a model")
    refused = run_module("info", str(noise))
    assert refused.returncode == 1 and refused.stderr == f"{noise}:0: error: line 1: expected '{{' at the top level, found '\\x01\\x02\\x03'\n"
    need(CLI.is_file(), f"the anmkit command ({CLI})")
    for args in ([model], ["--json", pzh], ["--texture-dir", str(tmp_path), pzh], ["--no-meshes", model]):
        cli = subprocess.run([str(CLI), "info", *args], capture_output=True, text=True)
        assert run_module("info", *args).stdout == cli.stdout, args


def test_info_and_validate_of_the_files_a_vehicle_names_are_the_command_lines(vehicles, tmp_path):
    """A mesh, a material and a collision volume (GEM .ply, .mtl, .vol): documents of kind
    "resource", and `python -m anmkit` print what `anmkit info` and `validate` print."""
    e75 = vehicles / "e-75"
    with anmkit.open(e75 / "body.ply", kinds="resource") as body:
        assert body.kind == "resource"
        assert body.summary().splitlines()[0] == \
            f"{e75 / 'body.ply'}: GEM mesh (.ply, EPLY), {(e75 / 'body.ply').stat().st_size} bytes"
        assert json.loads(body.summary(as_json=True))["kind"] == "resource"
        assert body.validate() == []
        assert json.loads(body.to_json())["schema"] == "anmkit.gem.ply.dump"
    broken = tmp_path / "crate.vol"
    vertices = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    broken.write_bytes(b"EVLMVERT" + struct.pack("<I", 3) + vertices + b"INDX" + struct.pack("<I3H", 3, 0, 1, 5) +
                       b"SIDE" + struct.pack("<IB", 1, 2))
    with anmkit.open(broken, kinds="any") as crate:
        found = crate.validate()
    assert [(d.severity, d.id, d.offset, d.message) for d in found] == \
        [("error", "vol.index-range", 60, "index 2 is 5, but the volume has 3 vertices")]
    with pytest.raises(anmkit.Error) as refused:
        anmkit.open(ROOT / "examples" / "turret_v60.anm", kinds="resource")
    assert refused.value.code_name == "unknown_format"
    # By default a resource is no animation, and the error says what it is.
    with pytest.raises(anmkit.Error) as refused:
        anmkit.open(e75 / "body.ply")
    assert refused.value.message == "not an animation but a GEM mesh (.ply), one of the game's files that anmkit does not convert"
    for wrong, kind in ((42, TypeError), ("mesh", ValueError), ([], ValueError)):
        with pytest.raises(kind):
            anmkit.open(e75 / "body.ply", kinds=wrong)

    need(CLI.is_file(), f"the anmkit command ({CLI})")
    files = [str(e75 / "body.ply"), str(e75 / "material_#30.mtl"), str(e75 / "turret.vol"), str(broken)]
    for command, args in (("info", files), ("info", ["--json", files[0]]), ("validate", files)):
        cli = subprocess.run([str(CLI), command, *args], capture_output=True, text=True)
        module = run_module(command, *args)
        assert (module.returncode, module.stdout, module.stderr) == (cli.returncode, cli.stdout, cli.stderr), \
            (command, args)
    assert run_module("validate", str(broken)).returncode == 1


def test_shared_textures_found_in_the_texture_folder_one_decoded_one_not(vehicles, tmp_path):
    """A "$/" texture found under the texture folder's common/ is decoded and drawn; one found
    but not a picture is listed with its file (what the viewer reads to learn which files to
    put in place) and drawn by no material."""
    (tmp_path / "vehicle2").mkdir()
    (tmp_path / "vehicle2" / "puma_track_dif.dds").write_bytes(b"not a picture")
    (tmp_path / "common" / "vehicle2").mkdir(parents=True)
    normal_map = vehicles / "e-75" / "tiger_ii_track_nm.dds"
    (tmp_path / "common" / "vehicle2" / "puma_track_nm.dds").write_bytes(normal_map.read_bytes())
    with anmkit.open_figure(vehicles / "pzh2000_x" / "pzh2000_x.mdl", texture_dir=tmp_path) as figure:
        assert [(t.name, t.path, t.rgba is None) for t in figure.textures] == [
            ("$/vehicle2/puma_track_dif", str(tmp_path / "vehicle2" / "puma_track_dif.dds"), True),
            ("$/vehicle2/puma_track_nm", str(tmp_path / "common" / "vehicle2" / "puma_track_nm.dds"), False)]
        with anmkit.open_figure(vehicles / "e-75" / "e-75.mdl") as e75:
            (same,) = [t for t in e75.textures if t.name == "Tiger_II_track_NM"]
            assert bytes(figure.textures[1].rgba) == bytes(same.rgba)
        tracks = [m for m in figure.materials if m.name == "tracks.mtl"]
        assert [(m.base_texture, m.normal_texture) for m in tracks] == [(-1, 1)]
        (bad,) = [w.message for w in figure.warnings if "puma_track_dif" in w.message]
        assert bad.startswith("material 'tracks.mtl': diffuse texture '$/vehicle2/puma_track_dif': ")


def test_a_texture_folder_that_is_no_folder_is_an_error(tmp_path):
    """texture_dir= naming a folder that is not there, or a file, is an io error naming the folder
    and the keyword argument, from every call that would look in it; `python -m anmkit info` says
    it as the command line does."""
    model = tmp_path / "tank.mdl"
    model.write_text('{Skeleton {bone "basis" {bone "turret1"}}\n  {animation {sequence "fire" {file "fire.anm"}}}}\n')
    (tmp_path / "fire.anm").write_bytes((EXAMPLES / "turret_v60.anm").read_bytes())
    absent = tmp_path / "nonexistent"
    pak = tmp_path / "e50.pak"
    pak.write_bytes(b"an archive, not a folder")
    for folder, what in [(absent, "does not exist"), (pak, "is not a folder")]:
        said = f"the game's texture folder '{folder}' (texture_dir=) {what}"
        for call in (lambda: anmkit.open_figure(model, texture_dir=folder),
                     lambda: anmkit.model_to_gltf(model, texture_dir=folder),
                     lambda: anmkit.model_summary(model, texture_dir=folder)):
            with pytest.raises(anmkit.Error) as caught:
                call()
            assert (caught.value.code_name, caught.value.message, caught.value.file) == ("io", said, str(model))
            assert caught.value.settings == ["texture_dir"]
            assert caught.value.worded({"texture_dir": "the Texture folder field"}) == \
                f"the game's texture folder '{folder}' (the Texture folder field) {what}"
        # An animation on the model reads the model's textures for its glTF.
        with anmkit.open(tmp_path / "fire.anm", skeleton=model, texture_dir=folder) as document:
            with pytest.raises(anmkit.Error) as caught:
                document.to_gltf()
        assert (caught.value.code_name, caught.value.message, caught.value.file) == ("io", said, str(tmp_path / "fire.anm"))
        # Without the meshes no texture is looked for.
        assert "bones       2: basis, turret1" in anmkit.model_summary(model, texture_dir=folder, meshes=False)
    run = run_module("info", str(model), "--texture-dir", str(pak))
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr == f"{model}: error: the game's texture folder '{pak}' (--texture-dir DIR) is not a folder\n"
    need(CLI.is_file(), f"the anmkit command ({CLI})")
    cli = subprocess.run([str(CLI), "info", str(model), "--texture-dir", str(pak)], capture_output=True, text=True)
    assert (run.returncode, run.stdout, run.stderr) == (cli.returncode, cli.stdout, cli.stderr)


# A model in the game's lower-case style whose {matrix34} holds 9 numbers: the .mdl reader's one
# wording for it, which the command line, the add-on and the viewer give too (issue 38).
BROKEN_MODEL = '{skeleton\n  {bone revolute "basis"\n    {matrix34 1 0 0  0 1 0  0 0 1}\n  }\n}\n'
BROKEN_WORDS = "line 3: the {matrix34} of bone 'basis' holds 9 values, where it takes 12 numbers"


def test_a_broken_model_gets_the_readers_words_from_every_call(tmp_path):
    broken = tmp_path / "broken.mdl"
    broken.write_text(BROKEN_MODEL)
    calls = [lambda: anmkit.open_figure(broken), lambda: anmkit.model_summary(broken),
             lambda: anmkit.model_to_gltf(broken), lambda: anmkit.model_sequences(broken),
             lambda: anmkit.open(EXAMPLES / "turret_v60.anm", skeleton=broken)]
    for call in calls:
        with pytest.raises(anmkit.Error) as caught:
            call()
        error = caught.value
        assert (error.code_name, error.message, error.offset, error.file) == ("bad_value", BROKEN_WORDS, 39, str(broken))
        assert str(error) == f"{broken}:39: error: {BROKEN_WORDS}"
    for command in ("info", "validate"):
        run = run_module(command, str(broken))
        assert (run.returncode, run.stderr) == (1, f"{broken}:39: error: {BROKEN_WORDS}\n"), command
        need(CLI.is_file(), f"the anmkit command ({CLI})")
        cli = subprocess.run([str(CLI), command, str(broken)], capture_output=True, text=True)
        assert (cli.returncode, cli.stderr) == (1, run.stderr), command
    # A model that reads validates with its reader's notes as warnings, as the command line does.
    noted = tmp_path / "noted.mdl"
    noted.write_text('{skeleton {bone "basis" {wobble 3} {bone "body"}}}\n')
    run = run_module("validate", str(noted))
    assert (run.returncode, run.stdout) == (0, f"{noted}: valid (0 errors, 1 warning)\n")
    cli = subprocess.run([str(CLI), "validate", str(noted)], capture_output=True, text=True)
    assert (cli.stdout, cli.stderr) == (run.stdout, run.stderr)
    assert run.stderr == (f"{noted}:24: warning: line 1: a block {{wobble}} in bone 'basis', which no reader of models "
                          "knows: kept as it is, not read\n")


def test_an_armour_file_is_named_for_what_it_is(tmp_path):
    """The game's armour files, kept under .mdl too: a resource with its forms and volumes, and
    every call that wants a model says what it is."""
    armour = tmp_path / "armour.mdl"
    armour.write_text('("set-gun" thickness(50))\n{volume "body1" {thickness 15}}\n')
    with anmkit.open(armour, kinds="any") as resource:
        assert resource.kind == "resource"
        assert json.loads(resource.summary(as_json=True))["title"] == "GEM armour file (.mdl): armour and durability, no skeleton"
        assert resource.summary().splitlines()[1:] == ["  forms       1: set-gun", "  volumes     1 (thickness): body1 (15)"]
    for call, words in ((lambda: anmkit.model_summary(armour), "a GEM armour file, not a model: it has no skeleton"),
                        (lambda: anmkit.open_figure(armour), "a GEM armour file, not a model: it has no skeleton"),
                        (lambda: anmkit.model_to_gltf(armour), "a GEM armour file, not a model: it has no skeleton"),
                        (lambda: anmkit.open(EXAMPLES / "turret_v60.anm", skeleton=armour),
                         "a GEM armour file, not a model: skeleton= takes the model's .mdl")):
        with pytest.raises(anmkit.Error) as caught:
            call()
        assert (caught.value.code_name, caught.value.message) == ("unknown_format", words)


def test_a_vehicle_handed_over_as_bytes_is_the_vehicle_on_disk(vehicles):
    """files=: every file of the e-25 given as bytes, named in another case, gives the glTF the disk gives."""
    folder = vehicles / "e-25"
    files = anmkit.Files({f"e-25/{p.name.upper() if p.suffix != '.mdl' else p.name}": p.read_bytes()
                          for p in folder.iterdir() if p.is_file()})
    from_disk = anmkit.model_to_gltf(folder / "e-25.mdl")
    from_memory = anmkit.model_to_gltf("e-25/e-25.mdl", files=files)
    assert from_memory[0] == from_disk[0]
    assert len(from_memory[1]) == len(from_disk[1])
    assert anmkit.model_summary("e-25/e-25.mdl", files={"e-25/e-25.mdl": (folder / "e-25.mdl").read_bytes()}) \
        .startswith("e-25/e-25.mdl: GEM model (.mdl), ")
    with pytest.raises(anmkit.Error) as e:
        anmkit.Files({"../e-25.mdl": b""})
    assert e.value.code_name == "bad_value"
    with pytest.raises(anmkit.Error) as e:
        anmkit.model_to_gltf("e-25/e-25.mdl", files=anmkit.Files())
    assert str(e.value) == "e-25/e-25.mdl: error: cannot open: No such file or directory"


def test_a_figure_wants_its_files_round_by_round_then_is_read_once(vehicles):
    """Files.declare names a file without its bytes; files_wanted() says which the figure needs,
    round by round (meshes, materials, textures), and the figure is then read once, as from disk."""
    folder = vehicles / "e-25"
    files = anmkit.Files({"e-25/e-25.mdl": (folder / "e-25.mdl").read_bytes()})
    listed = [p.name for p in folder.iterdir() if p.is_file()]
    for name in listed:
        files.declare(f"e-25/{name}")
    model = anmkit.open("e-25/e-25.mdl", files=files, kinds="model")
    rounds = []
    while wanted := model.files_wanted():
        rounds.append(sorted({pathlib.PurePath(name).suffix for name in wanted}))
        for name in wanted:
            files.add(name, (vehicles / name).read_bytes())
        assert len(rounds) < 5
    assert rounds == [[".ply"], [".mtl"], [".tga"]]
    figure = model.figure()
    on_disk = anmkit.open(folder / "e-25.mdl", kinds="model").figure()
    assert (len(figure.meshes), len(figure.materials), len(figure.textures)) == (22, 2, 2)
    assert [bytes(memoryview(t.rgba)) for t in figure.textures] == [bytes(memoryview(t.rgba)) for t in on_disk.textures]
    assert all(t.width > 0 for t in figure.textures)
    assert figure.warnings == []
    assert anmkit.open(folder / "e-25.mdl", kinds="model").files_wanted() == []
    with pytest.raises(anmkit.Error) as e:
        anmkit.open(folder / "fire.anm").files_wanted()
    assert e.value.code_name == "unsupported"
    with pytest.raises(anmkit.Error) as e:
        files.declare("/etc/passwd")
    assert e.value.code_name == "bad_value"
