"""Hostile arguments at every public function and method that takes a number, a path, a name or a
picture: a few thousand calls drawn from a fixed seed (reproducible: a failure names its call
number and arguments). Each call succeeds with a sane result or raises TypeError, ValueError or
anmkit.Error with a message; none crashes the interpreter, raises anything else (an
OverflowError, an AttributeError, a ctypes.ArgumentError) or changes what later calls get.

The focused tests after it pin each bug the fuzzing found in the package."""
import ctypes
import math
import os
import pathlib
import random
from fractions import Fraction

import pytest

import anmkit

try:
    import numpy as np
except ImportError:  # pragma: no cover - the tests' no-NumPy run may still have NumPy installed
    np = None

EXAMPLES = pathlib.Path(os.environ.get("ANMKIT_EXAMPLES", pathlib.Path(__file__).resolve().parents[2] / "examples"))
SEED = 2912
CALLS = 5000
ALLOWED = (TypeError, ValueError, anmkit.Error)


def example(name: str) -> str:
    return str(EXAMPLES / name)


# ---- The hostile values ---------------------------------------------------------------------

INTS = [0, 1, -1, 2, 3, 255, 256, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32 - 1, 2**32, -2**32, 2**63 - 1,
        2**63, -2**63, -2**63 - 1, 2**64 - 1, 2**64, -2**64, 10**30, 10**400, -10**400]
REALS = [0.0, -0.0, 0.5, 1.5, -1.5, 2.5, 29.97, 1e-300, -1e-300, 1e308, -1e308, math.inf, -math.inf, math.nan,
         Fraction(1, 3)]
JUNK = [None, True, False, "1", "nan", b"1", "", [], [1], (1, 2), {}, 1 + 2j, object()]
if np is not None:
    INTS += [np.int64(3), np.uint64(2**64 - 1), np.int32(-1)]
    REALS += [np.float32(2.5), np.float64(math.nan), np.float32(math.inf)]
NUMBERS = INTS + REALS + JUNK
NAMES = ["", "x", "é", "\udcff", "\ud800", "a\0b", "\0", "gem-6.0", "json", "x" * 5000, b"json", 5, None, 1.5,
         ["json"], True]
FORMAT_VALUES = ["12", "2", "0", "-1", "turn4096", "radians", "true", "false", "12\0junk", "\ud800", "x" * 300, 12,
                 2**70, -1, True, False, 1.5, None, b"12", ["12"]]


def hostile_paths(folder: pathlib.Path) -> list:
    """Paths under `folder` (the test works there), and things that are not paths."""
    return ["out.anm", str(folder / "b.anm"), folder / "c.anm", os.fsencode(folder / "d.anm"), "", ".", str(folder),
            "missing/e.anm", "a\0b.anm", b"a\0b.anm", "\ud800.anm", "\udcff.anm", "é.anm", "x" * 5000, 5, None,
            1.5, ["out.anm"], b"", True]


def picture(rng: random.Random, height: int, width: int, palette: int) -> object:
    """A picture for replace_frame: a good one (pens of the palette, or RGBA) or a broken one."""
    pens = [[rng.randrange(palette) for _ in range(width)] for _ in range(height)]
    kind = rng.randrange(16)
    if kind == 0:
        return pens
    if kind == 1:
        return [[[rng.randrange(256) for _ in range(4)] for _ in range(width)] for _ in range(height)]
    if kind == 2:  # ragged rows
        return pens[:-1] + [pens[-1][:-1] or [1, 2]]
    if kind == 3:  # a value past a byte, or below it
        return [[rng.choice([256, -1, 1000, 2**32, -2**63]) if (x, y) == (0, 0) else v for x, v in enumerate(row)]
                for y, row in enumerate(pens)]
    if kind == 4:  # wrong channel counts
        channels = rng.choice([0, 1, 2, 3, 5])
        return [[[1] * channels for _ in range(width)] for _ in range(height)]
    if kind == 5:  # no pixels
        return rng.choice([[], [[]], [[], []], [[[]]], [[[1, 2, 3, 4]], []]])
    if kind == 6:  # values that are not whole numbers
        bad = rng.choice([1.5, math.nan, None, "a", b"a", [1], 1 + 2j])
        return [[bad if (x, y) == (0, 0) else v for x, v in enumerate(row)] for y, row in enumerate(pens)]
    if kind == 7:  # not a picture at all
        return rng.choice([None, 5, "abc", b"abc", 1.5, {}, [1, 2, 3], [[[[1]]]]])
    if kind == 8:  # one long row or column
        return [[1] * rng.choice([1, 2, 4096])] if rng.random() < 0.5 else [[1]] * rng.choice([2, 4096])
    if kind == 9:  # rows of tuples, a tuple of rows, a list of bytes
        return rng.choice([tuple(tuple(row) for row in pens), [bytes(row) for row in pens]])
    if kind == 10:  # another size than the frame's
        return [[rng.randrange(palette) for _ in range(width + 1)] for _ in range(max(1, height - 1))]
    if np is not None and kind in (11, 12, 13):
        dtype = rng.choice([np.uint8, np.int64, np.int8, np.float32, np.float64, np.bool_, np.uint16, object])
        data = np.array(pens, dtype=np.int64)
        if kind == 12:
            data[0, 0] = rng.choice([256, -1, 300])
        if kind == 13:
            data = np.stack([data] * rng.choice([3, 4]), axis=-1)
        try:
            return data.astype(dtype)
        except (TypeError, ValueError):  # pragma: no cover - every dtype above takes these
            return data
    return pens


# ---- The calls --------------------------------------------------------------------------------

class Arena:
    """The documents and inputs the calls use; `pick(valid, pool)` gives the valid value half the
    time and a hostile one otherwise."""

    def __init__(self, rng: random.Random, folder: pathlib.Path):
        self.rng = rng
        self.folder = folder
        self.turret = anmkit.open(example("turret_v60.anm"))
        self.door = anmkit.open(example("mansion_door.anm"), skeleton=example("mansion_door.bin"))
        self.ghost = anmkit.open(example("ghost_mm2.anm"))
        self.turret_bytes = pathlib.Path(example("turret_v60.anm")).read_bytes()
        self.turret_json = self.turret.to_json(pretty=False)
        self.glb = self.turret.to_gltf()
        sprite = self.ghost.sprite
        self.frame_sizes = [(len(f), len(f[0]) if len(f) else 0) for f in sprite.frames]
        self.palette = len(sprite.palette)
        self.paths = hostile_paths(folder)
        self.opening = [o["name"] for o in anmkit.format_options() if o["when_opening"]]
        self.figure = anmkit.open_figure(example("mansion_door.bin"))
        self.importing = [o["name"] for o in anmkit.format_options() if o["when_importing"]]

    def pick(self, valid, pool):
        return valid if self.rng.random() < 0.5 else self.rng.choice(pool)

    def open_options(self) -> dict:
        """Keyword arguments of open() and the model functions: limits, roots, format options."""
        rng, options = self.rng, {}
        for name in ("max_input_bytes", "max_keys", "max_pixels", "max_frames", "max_bones", "max_sequences"):
            if rng.random() < 0.15:
                options[name] = rng.choice(NUMBERS)
        if rng.random() < 0.1:
            options["reference_roots"] = rng.choice([[str(self.folder)], [], str(self.folder), [5], ["a\0b"],
                                                     [str(self.folder)] * 3, None, b"x", [b"\xff"]])
        if rng.random() < 0.1:
            options[rng.choice(self.opening + ["bogus"])] = rng.choice(FORMAT_VALUES)
        if rng.random() < 0.05:
            options["texture_dir"] = rng.choice(self.paths)
        if rng.random() < 0.05:
            options["meshes"] = rng.choice(NUMBERS)
        if rng.random() < 0.05:
            options["volumes"] = rng.choice(NUMBERS)
        return options

    def readable_path(self):
        return self.pick(example(self.rng.choice(["turret_v60.anm", "ghost_mm2.anm", "mansion_door.anm"])),
                         self.paths + [example("mansion_door.bin"), str(self.folder / "missing.anm")])


def open_file(a: Arena):
    kwargs = a.open_options()
    for name, pool in (("fps", NUMBERS), ("tick_hz", NUMBERS), ("skeleton", a.paths)):
        if a.rng.random() < 0.2:
            kwargs[name] = a.rng.choice(pool)
    return anmkit.open(a.readable_path(), **kwargs)


def open_bytes(a: Arena):
    data = a.pick(a.turret_bytes, [b"", b"EANM", bytearray(a.turret_bytes), memoryview(a.turret_bytes), 5, -1,
                                   2**64, None, "EANM", [69, 65, 78, 77], 1.5])
    kwargs = a.open_options()
    if a.rng.random() < 0.2:
        kwargs["fps"] = a.rng.choice(NUMBERS)
    return anmkit.open_bytes(data, a.pick("turret.anm", NAMES), **kwargs)


def from_json(a: Arena):
    text = a.pick(a.turret_json, [a.turret_json.encode(), "", "{}", "[", "\ud800", "\0", 5, None, 2**64, b"\xff"])
    return anmkit.from_json(text, a.pick("turret.json", NAMES), **a.open_options())


def from_gltf(a: Arena):
    kwargs = {}
    for name, valid, pool in (("animation", None, NAMES + ["0", "1"]), ("fps", 30, NUMBERS),
                              ("tolerance", 1e-6, NUMBERS), ("max_input_bytes", None, NUMBERS),
                              ("folder", None, a.paths), ("base", None, [a.turret, a.ghost, 5, "turret", a])):
        if a.rng.random() < 0.25:
            kwargs[name] = a.pick(valid, pool)
    if a.rng.random() < 0.15:
        kwargs[a.rng.choice(a.importing + ["bogus"])] = a.rng.choice(FORMAT_VALUES)
    data = a.pick(a.glb, [b"", b"glTF", 5, None, "glTF", a.glb[:100]])
    return anmkit.from_gltf(data, a.pick("gem-6.0", NAMES + ["lm", "gem-4.0"]), a.pick("", NAMES), **kwargs)


def model_calls(a: Arena):
    path = a.pick(example("mansion_door.bin"), a.paths + [example("turret_v60.anm")])
    which = a.rng.randrange(3)
    if which == 0:
        return anmkit.model_summary(path, a.pick(False, NUMBERS), **a.open_options())
    if which == 1:
        return anmkit.model_sequences(path, **a.open_options())
    return anmkit.model_to_gltf(path, a.pick(True, NUMBERS), **a.open_options())


def figure_calls(a: Arena):
    if a.rng.random() < 0.5:
        path = a.pick(example("mansion_door.bin"), a.paths + [example("turret_v60.anm")])
        return anmkit.open_figure(path, texture_dir=a.pick(None, a.paths), meshes=a.pick(True, NUMBERS),
                                  **a.open_options())
    document = a.pick(a.door, [a.turret, a.ghost, 5, "mansion_door.anm", None, a])
    return a.figure.mesh_animation(document, a.pick(None, NAMES))


def find_skeleton(a: Arena):
    roots = a.pick([str(EXAMPLES)], [[], str(EXAMPLES), [5], ["a\0b"], None, [str(EXAMPLES)] * 2, b"x", [b"\xff"]])
    return anmkit.find_skeleton(a.readable_path(), roots, **a.open_options())


def small_calls(a: Arena):
    which = a.rng.randrange(4)
    if which == 0:
        return anmkit.detect(a.pick(a.turret_bytes[:64], [5, -1, 2**64, None, "EANM", b"", 1.5, [1, 2]]))
    if which == 1:
        return anmkit.setting_range(a.pick(a.rng.choice(["fps", "tick_hz", "tolerance"]), NAMES + ["fps\0x"]))
    if which == 2:
        return anmkit.format_info(a.pick("gem", NAMES + ["gem\0"]))
    document = a.rng.choice([a.turret, a.ghost])
    return [document.to_json(a.pick(True, NUMBERS))[:1], document.summary(a.pick(False, NUMBERS))[:1],
            a.turret.to_gltf(a.pick(True, NUMBERS))[:4]]


EXPORT_OPTIONS = ("scale", "raw", "sequence", "flipbook", "flipbook_ticks", "state", "max_output_pixels",
                  "file_name", "animation_name")


def export_options(a: Arena) -> dict:
    options = {}
    for name in EXPORT_OPTIONS:
        if a.rng.random() < 0.2:
            options[name] = a.rng.choice(NAMES if name.endswith("name") else NUMBERS)
    if a.rng.random() < 0.05:
        options["bogus"] = 1
    return options


def export(a: Arena):
    document = a.rng.choice([a.turret, a.ghost])
    kind = a.pick(a.rng.choice(["json", "gif", "png", "iff", "gem-4.0", "glb"]), NAMES)
    return document.export(kind, **export_options(a))


def save_calls(a: Arena):
    document = a.rng.choice([a.turret, a.ghost])
    path = a.pick("saved.anm", a.paths)
    if a.rng.random() < 0.5:
        return document.save(path, a.pick(False, NUMBERS))
    kind = a.pick(a.rng.choice(["json", "iff", "gem-4.0"]), NAMES)
    return document.save_as(kind, path, overwrite_source=a.pick(False, NUMBERS), **export_options(a))


def convert(a: Arena):
    return a.turret.convert(a.pick(a.rng.choice(["gem-4.0", "gem-6.1", "gem-6.1-frm3"]), NAMES + ["repack"]))


def sample(a: Arena):
    document = a.rng.choice([a.turret, a.door])
    if a.rng.random() < 0.5:
        return document.sample(a.pick(a.rng.uniform(-5, 50), NUMBERS), out=a.pick(None, [5, "x", None, a]))
    first = a.pick(a.rng.randrange(0, 40), NUMBERS)
    # A count in range but of billions of frames would allocate gigabytes before the library is
    # called (it is a caller's right to ask): those counts are left out, the others kept.
    count = a.pick(a.rng.randrange(0, 40), [c for c in NUMBERS if not (isinstance(c, int) and 2**20 < c < 2**32)])
    return document.sample_all(first, count, out=a.pick(None, [5, "x", a]))


def replace_frame(a: Arena):
    index = a.pick(a.rng.randrange(len(a.frame_sizes)), NUMBERS)
    height, width = a.frame_sizes[index if isinstance(index, int) and 0 <= index < len(a.frame_sizes) else 0]
    given = picture(a.rng, height, width, a.palette)
    remap, resize = a.pick(False, NUMBERS), a.pick(False, [True, 1, 2**32, "", None])
    return a.ghost.replace_frame(index, given, remap=remap, resize=resize), index, given, resize


CALLERS = [open_file, open_bytes, from_json, from_gltf, model_calls, figure_calls, find_skeleton, small_calls, export,
           save_calls, convert, sample, replace_frame]


def close(value) -> None:
    """Closes the documents a call made (the result itself, or inside a tuple)."""
    for item in value if isinstance(value, tuple) else (value,):
        if isinstance(item, (anmkit.Document, anmkit.Figure)):
            item.close()
        elif isinstance(item, anmkit.GltfImport):
            item.document.close()


def check_sane(caller, result) -> None:
    """What a call that succeeded gave is what its kind of call gives."""
    if caller in (open_file, open_bytes, from_json, convert):
        assert isinstance(result, anmkit.Document) and result.format in anmkit.formats()
        assert len(result.write()) > 0
    elif caller is from_gltf:
        assert isinstance(result, anmkit.GltfImport) and result.document.is_skeletal
        assert all(isinstance(w, anmkit.Diagnostic) for w in result.warnings)
    elif caller is export:
        assert isinstance(result, anmkit.Export) and result.files and all(result.files.values())
    elif caller is sample:
        assert isinstance(result, anmkit.Pose)
        assert len(result.rotation) == len(result.translation) == len(result.visible)
    elif caller is replace_frame:
        document, index, given, resize = result
        assert document.is_sprite
        frame = document.sprite.frames[index]
        if np is not None and isinstance(given, np.ndarray):
            given = given.tolist()
        if not (given and given[0] and isinstance(given[0][0], (list, tuple))):  # pens: the frame is them
            assert [list(row) for row in frame] == [list(row) for row in given]
    elif caller is figure_calls:
        if isinstance(result, anmkit.Figure):
            assert [j.name for j in result.joints] == ["node_0", "node_1", "node_2"] and result.meshes == []
        else:
            assert result == anmkit.MeshAnimation([], [])
    elif caller is find_skeleton:
        assert isinstance(result, anmkit.SkeletonMatch) and isinstance(result.reason, anmkit.SkeletonReason)


# NumPy's bools taken as byte values by bytes() (the no-NumPy path given NumPy arrays) warn.
@pytest.mark.filterwarnings("ignore:In future, it will be an error for 'np.bool_':DeprecationWarning")
def test_hostile_arguments_raise_documented_errors_and_change_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # whatever a relative path writes lands here
    rng = random.Random(SEED)
    arena = Arena(rng, tmp_path)
    reference = arena.turret.sample(7.5)
    reference_door = arena.door.sample_all(0, 5)
    reference_ghost = arena.ghost.sprite
    outcomes = {caller.__name__: set() for caller in CALLERS}
    for number in range(CALLS):
        caller = rng.choice(CALLERS)
        try:
            result = caller(arena)
        except ALLOWED as e:
            assert str(e), f"call {number} ({caller.__name__}): {type(e).__name__} without a message"
            if isinstance(e, anmkit.Error):
                assert e.code != 0 and e.code_name, f"call {number} ({caller.__name__}): an error without a code"
            outcomes[caller.__name__].add(type(e).__name__)
        except Exception as e:  # anything else is a bug: say which call, reproducibly
            raise AssertionError(f"call {number} ({caller.__name__}, seed {SEED}) raised {type(e).__name__}: {e}") \
                from e
        else:
            check_sane(caller, result)
            close(result)
            outcomes[caller.__name__].add("ok")
        if number % 200 == 0:  # no call changes what a later one gets
            assert _same_pose(arena.turret.sample(7.5), reference), f"after call {number}"
    # Every caller both succeeded and was refused: the generator reaches both sides.
    for name, seen in outcomes.items():
        assert "ok" in seen and len(seen) >= 2, f"{name}: only {seen}"
    assert _same_pose(arena.turret.sample(7.5), reference)
    assert _same_pose(arena.door.sample_all(0, 5), reference_door)
    assert _same_sprite(arena.ghost.sprite, reference_ghost)
    assert arena.turret.write() == arena.turret_bytes
    # Nothing was written outside the test's folder: every file made is in it.
    assert not (EXAMPLES / "saved.anm").exists() and not (EXAMPLES / "out.anm").exists()


def _plain(value):
    return value.tolist() if hasattr(value, "tolist") else value


def _same_pose(a: anmkit.Pose, b: anmkit.Pose) -> bool:
    return all(_plain(getattr(a, k)) == _plain(getattr(b, k))
               for k in ("translation", "rotation", "scale", "visible", "mirrored"))


def _same_sprite(a: anmkit.Sprite, b: anmkit.Sprite) -> bool:
    return [_plain(f) for f in a.frames] == [_plain(f) for f in b.frames] and \
        [_plain(s) for s in a.states] == [_plain(s) for s in b.states] and _plain(a.palette) == _plain(b.palette)


# ---- What the fuzzing found, each pinned ---------------------------------------------------------

def test_a_name_of_another_type_is_a_type_error_not_an_attribute_error():
    with anmkit.open(example("turret_v60.anm")) as doc:
        for call in (lambda: doc.convert(None), lambda: doc.export(5), lambda: doc.export("json", file_name=5),
                     lambda: anmkit.open_bytes(b"", 5), lambda: anmkit.setting_range(None),
                     lambda: anmkit.from_gltf(doc.to_gltf(), 5), lambda: anmkit.from_gltf(doc.to_gltf(), "gem-6.0", base=5)):
            with pytest.raises(TypeError):
                call()


def test_a_nul_inside_a_setting_name_or_a_format_option_is_refused():
    # C would read "fps" and "12": the range of fps, twelve nodes.
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.setting_range("fps\0junk")
    with pytest.raises(ValueError, match="embedded null byte"):
        anmkit.open(example("mansion_door.anm"), nodes="12\0junk")


def test_one_path_given_for_a_list_of_roots_is_refused_not_split_into_characters():
    with pytest.raises(TypeError, match="list of paths"):
        anmkit.find_skeleton(example("turret_v60.anm"), str(EXAMPLES))
    with pytest.raises(TypeError, match="list of paths"):
        anmkit.open(example("turret_v60.anm"), reference_roots=str(EXAMPLES))
    assert anmkit.find_skeleton(example("turret_v60.anm"), [str(EXAMPLES)]).reason == \
        anmkit.find_skeleton(example("turret_v60.anm"), (str(EXAMPLES),)).reason


def test_a_number_given_for_bytes_is_refused_not_made_into_zero_bytes():
    for call in (lambda: anmkit.detect(7), lambda: anmkit.open_bytes(64), lambda: anmkit.from_json(5),
                 lambda: anmkit.from_gltf(12, "gem-6.0")):
        with pytest.raises(TypeError, match="must be bytes"):
            call()
    assert anmkit.detect(bytearray(pathlib.Path(example("turret_v60.anm")).read_bytes())) == "gem"


def test_a_real_number_past_a_double_is_the_librarys_range_error_not_an_overflow():
    with anmkit.open(example("turret_v60.anm")) as doc:
        with pytest.raises(anmkit.Error, match="not a finite number"):
            doc.sample(10**400)
        with pytest.raises(anmkit.Error, match="fps must be from"):
            anmkit.open(example("turret_v60.anm"), fps=10**400)
        with pytest.raises(anmkit.Error, match="tolerance must be from"):
            anmkit.from_gltf(doc.to_gltf(), "gem-6.0", tolerance=-10**400)
        # Not a number: a TypeError, a str included (float("1") would take it), and a bool.
        for frame in ("1", b"1", True, None):
            with pytest.raises(TypeError):
                doc.sample(frame)
        with pytest.raises(TypeError):
            anmkit.open(example("turret_v60.anm"), fps=True)
        assert _same_pose(doc.sample(Fraction(15, 2)), doc.sample(7.5))


def test_a_flag_is_its_truth_not_a_number_cut_to_32_bits():
    with anmkit.open(example("turret_v60.anm")) as doc:
        assert doc.to_json(2**32) == doc.to_json(True) != doc.to_json(False)
        assert doc.summary(2**32) == doc.summary(True)
    with anmkit.open(example("ghost_mm2.anm")) as ghost:
        assert ghost.export("png", raw=2**32).files == ghost.export("png", raw=True).files
        assert ghost.export("png", raw=2**32).files != ghost.export("png").files


def test_out_that_is_not_a_pose_is_a_value_error():
    with anmkit.open(example("turret_v60.anm")) as doc:
        for out in (5, "pose", object()):
            with pytest.raises(ValueError, match="out"):
                doc.sample(1, out=out)


def test_picture_values_past_a_byte_are_refused_with_numpy_or_without():
    # NumPy used to wrap 256 to pen 0 and cut 1.7 to 1, where bytes() refuses them.
    with anmkit.open(example("ghost_mm2.anm")) as ghost:
        frame = ghost.sprite.frames[0]
        height, width = len(frame), len(frame[0])
        for bad, error in ((256, ValueError), (-1, ValueError), (1.7, TypeError), (math.nan, TypeError)):
            given = [[bad] + [1] * (width - 1)] + [[1] * width] * (height - 1)
            with pytest.raises(error):
                ghost.replace_frame(0, given)
            if np is not None:
                with pytest.raises(error):
                    ghost.replace_frame(0, np.array(given))
        pens = [[1] * width] * height
        with ghost.replace_frame(0, pens) as replaced:
            assert [list(row) for row in replaced.sprite.frames[0]] == pens
