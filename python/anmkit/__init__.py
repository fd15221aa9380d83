"""anmkit: read, check, sample, convert and write `.anm` animation files of the GEM engine (Men of
War), Luigi's Mansion (LM) and Might and Magic II (MM2), from any Python 3.

    import anmkit
    doc = anmkit.open("turret.anm")
    for d in doc.validate():
        print(d)
    pose = doc.sample(12)             # every bone at frame 12
    print(doc.skeleton.bones[2].name, pose.rotation[2])

Pure Python over the C library (libanmkit_c, shipped inside this package) through ctypes: the
standard library only. Arrays are NumPy arrays when NumPy is installed, lists otherwise. Every
failure raises anmkit.Error, with the stable code, the byte offset or JSON pointer, and the
message. Names from files are bytes: `name` decodes them as UTF-8 with surrogateescape (so
nothing is lost), `name_bytes` is exactly what the file holds.
"""
from __future__ import annotations

import array
import contextlib
import ctypes
import enum
import functools
import math
import numbers
import os
import threading
from dataclasses import dataclass, field
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _capi
from ._capi import lib, sized

try:  # NumPy is optional: arrays when it is there, lists otherwise.
    import numpy as _np
except ImportError:  # pragma: no cover - exercised by the tests' no-NumPy run
    _np = None

__all__ = ["Error", "Diagnostic", "Bone", "Joint", "Skeleton", "Pose", "Sprite", "Document", "open", "open_bytes",
           "from_json", "from_gltf", "GltfImport", "model_to_gltf", "model_with_sequence", "model_summary", "ModelSequence",
           "model_sequences",
           "detect", "formats", "file_kinds", "have_numpy",
           "SkeletonReason", "SkeletonMatch", "find_skeleton", "Export", "export_kinds", "setting_range",
           "open_figure", "Figure", "Mesh", "Primitive", "Material", "AlphaMode", "Texture", "MeshAnimation",
           "MeshMorphs", "MorphTarget", "Files", "batch", "BatchResult", "__version__"]

__version__: str = lib.anmkit_library_version().decode()

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def have_numpy() -> bool:
    """True when arrays come back as NumPy arrays."""
    return _np is not None and not os.environ.get("ANMKIT_NO_NUMPY")


class Error(Exception):
    """What went wrong, where: `code` (stable number) and `code_name` ("truncated", ...), the byte
    `offset` in a binary input or the JSON `pointer` in a JSON input, the `file`, the `message`
    (settings it names said as this package's keyword arguments: "max_frames="), and `settings`:
    the names of those settings ("limits.max_frames", "nodes"), for worded()."""

    def __init__(self, code: int, message: str, file: str = "", offset: Optional[int] = None, pointer: str = "",
                 settings: Sequence[Tuple[str, int, int]] = (), message_bytes: bytes = b""):
        self.code = code
        self.code_name = lib.anmkit_status_name(code).decode()
        self.file = file
        self.offset = offset
        self.pointer = pointer
        # The library's message as bytes, and where in it each setting is said (name, at, size).
        self._said = (message_bytes or os.fsencode(message), list(settings))
        self.settings = [name for name, _, _ in settings]
        self.message = self.worded({}) if settings else message
        super().__init__(str(self))

    def worded(self, words: dict) -> str:
        """The message with each setting it names said by `words` (a setting's name: "fps", to what
        a front end calls it: "the Frame rate field"), else as this package's keyword argument
        ("fps="; a format's own option: "nodes="), else as the library said it."""
        return _worded(*self._said, words)

    def __str__(self) -> str:
        return self.described()

    def described(self, words: Optional[dict] = None) -> str:
        """`FILE:OFFSET: error: MESSAGE`, the settings the message names said by `words` (worded())."""
        message = self.message if words is None else self.worded(words)
        where = self.file
        if self.offset is not None:
            where += f":{self.offset}"
        elif self.pointer:
            where += f":{self.pointer}"
        return f"{where}: error: {message}" if where else f"error: {message}"

    @classmethod
    def _from(cls, error: _capi.Error_) -> "Error":
        text = lambda b: os.fsdecode(b) if b else ""  # noqa: E731 - bytes the library wrote
        names = _name_list(ctypes.cast(ctypes.addressof(error) + _capi.Error_.settings.offset, ctypes.POINTER(ctypes.c_char)))
        settings = [(name, error.setting_at[i], error.setting_size[i]) for i, name in enumerate(names)]
        return cls(error.code, text(error.message), text(error.file), error.offset if error.has_offset else None,
                   text(error.pointer), settings, error.message)


def _worded(text: bytes, settings: Sequence[Tuple[str, int, int]], words: dict) -> str:
    """A library message (`text`) with each setting it names (name, at, size) said by `words`,
    else as this package's keyword argument, else as the library said it (Error.worded())."""
    out, done = b"", 0
    for name, at, size in sorted(settings, key=lambda s: s[1]):
        if at < done or at + size > len(text):
            continue
        option = name.replace("-", "_")  # a format's own option, as its keyword argument
        said = words.get(name) or _WORDS.get(name) or (option + "=" if option in _option_names() else None)
        if said is None:
            continue
        out += text[done:at] + os.fsencode(said)
        done = at + size
    return os.fsdecode(out + text[done:])


def _call(function, *args) -> None:
    """Calls a C function whose last argument is the error struct; raises Error on failure."""
    error = _capi.Error_()
    if function(*args, ctypes.byref(error)) != 0:
        raise Error._from(error)


def _name(pointer, size: int) -> bytes:
    return ctypes.string_at(pointer, size) if size else b""


def _decode(name: bytes) -> str:
    return name.decode("utf-8", "surrogateescape")


def _path(path: PathLike) -> bytes:
    """A path as the library takes it (the OS's bytes); a NUL inside is refused, as Python's own
    open() refuses it (C would read the path only up to it)."""
    encoded = os.fsencode(path)
    if b"\0" in encoded:
        raise ValueError(f"embedded null byte in the path {os.fsdecode(path)!r}")
    return encoded


def _text(value: str, what: str) -> bytes:
    """A name or text for the library (UTF-8, bytes kept by surrogateescape); a NUL inside is
    refused (C would read it only up to it), and so is anything but a str (TypeError)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, found {type(value).__name__}")
    encoded = value.encode("utf-8", "surrogateescape")
    if b"\0" in encoded:
        raise ValueError(f"embedded null byte in {what} {value!r}")
    return encoded


def _paths(paths: Sequence[PathLike], what: str) -> List[bytes]:
    """A list of paths; one path alone is refused (iterating it would give its characters)."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise TypeError(f"{what} must be a list of paths, found the one path {paths!r}")
    return [_path(p) for p in paths]


def _data(data: bytes, what: str = "data") -> bytes:
    """Bytes the library reads (bytes, bytearray, memoryview, a list of byte values); a number is
    refused (bytes(n) would make n zero bytes)."""
    if isinstance(data, (int, float)):
        raise TypeError(f"{what} must be bytes, found {type(data).__name__}")
    return bytes(data)


def _flag(value: Any) -> int:
    """A yes/no argument as C's 1 or 0, by its truth (int() would keep a number that ctypes cuts
    to 32 bits: 2**32 would read as no)."""
    return 1 if value else 0


def _real(setting: str, value: Any) -> float:
    """A number for a C double or float: a bool or anything not a real number is a TypeError; a
    whole number past a double's range becomes an infinity, which the library refuses with its
    range (not an OverflowError)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{setting} must be a number, found {value!r}")
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


# The whole numbers a C field or argument of each type holds.
_RANGES = {ctypes.c_uint32: (0, (1 << 32) - 1), ctypes.c_uint64: (0, (1 << 64) - 1),
           ctypes.c_size_t: (0, (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1),
           ctypes.c_int32: (-(1 << 31), (1 << 31) - 1), ctypes.c_int64: (-(1 << 63), (1 << 63) - 1)}


def _whole(setting: str, value: int, c_type) -> int:
    """`value` when it fits `c_type` (ctypes would wrap it silently); else the library's error
    for a setting out of range."""
    low, high = _RANGES[c_type]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{setting} must be a whole number, found {value!r}")
    if not low <= value <= high:
        raise Error(_capi.INVALID_ARGUMENT, f"{setting} must be from {low} to {high}, found {value}")
    return value


@dataclass(frozen=True)
class Diagnostic:
    """A finding of validate(): severity "error" (the file breaks its format) or "warning"; or a
    warning of a conversion or an export. Settings the message names are said as this package's
    keyword arguments ("fps="); `settings` lists their names, for worded()."""
    severity: str
    id: str
    message: str
    offset: Optional[int]
    pointer: str
    settings: Tuple[str, ...] = ()
    # The library's message as bytes and where it says each setting (name, at, size).
    _said: Tuple[bytes, Tuple[Tuple[str, int, int], ...]] = field(default=(b"", ()), repr=False, compare=False)

    def worded(self, words: dict) -> str:
        """The message with each setting it names said by `words`, as Error.worded()."""
        return _worded(*self._said, words) if self._said[1] else self.message

    def __str__(self) -> str:
        where = f"{self.offset}" if self.offset is not None else self.pointer
        return f"{where}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class Joint:
    """A joint of the skeleton (the paired .mdl or .bin): its rest transform, parent-local."""
    name: str
    name_bytes: bytes
    parent: int  # an earlier joint's index, -1 for a root
    translation: Tuple[float, float, float]
    rotation: Tuple[float, float, float, float]  # x, y, z, w
    scale: Tuple[float, float, float]
    mirrored: bool  # the rest pose negates the local Z axis
    shown: bool = True  # False: hidden at rest (GEM's {Visibility 0}) until a visibility key shows it


@dataclass(frozen=True)
class Bone:
    """A bone the file animates, in the order poses come in."""
    name: str
    name_bytes: bytes
    joint: int  # the skeleton's joint of the same name, -1 when it has none


@dataclass(frozen=True)
class Skeleton:
    bones: List[Bone]
    joints: List[Joint]
    frame_count: int
    fps: float
    loop: bool
    up_rotation: Tuple[float, float, float, float]  # turns the format's up axis to +Y
    metres_per_unit: float


@dataclass(frozen=True)
class Pose:
    """Poses of every bone: arrays shaped (bones, n) for one frame or (frames, bones, n) for
    many; translation n=3, rotation n=4 (x, y, z, w), scale n=3; visible and mirrored of bools
    (uint8 arrays with NumPy)."""
    translation: Any
    rotation: Any
    scale: Any
    visible: Any
    mirrored: Any


@dataclass(frozen=True)
class Sprite:
    """A sprite animation: stored frames (a base and patches, each a (height, width) uint8 array
    of pens) drawn at `frame_rects` (x, y, width, height) on a width x height canvas; the composed
    `states`; the palette as RGBA rows; sequences of (state, ticks) at tick_hz ticks a second."""
    width: int
    height: int
    tick_hz: float
    planes: int
    palette: Any
    frames: List[Any]
    frame_rects: List[Tuple[int, int, int, int]]
    states: List[Any]
    sequences: List[List[Tuple[int, int]]]


def _buffer(count: int, code: str):
    """A zeroed buffer the C library writes into, and its address."""
    if have_numpy():
        data = _np.zeros(count, dtype=_np.float32 if code == "f" else _np.uint8)
        return data, data.ctypes.data
    data = array.array(code, bytes(count * (4 if code == "f" else 1)))
    return data, data.buffer_info()[0]


def _shaped(data, shape: Sequence[int], as_bool: bool = False):
    if have_numpy():
        return data.reshape(shape)
    values = [bool(v) for v in data] if as_bool else list(data)
    for size in reversed(shape[1:]):
        values = [values[i:i + size] for i in range(0, len(values), size)]
    return values


_LIMITS = ("max_input_bytes", "max_keys", "max_pixels", "max_frames", "max_bones", "max_sequences", "max_json_depth")

# This package's words for the settings the library's messages name (anmkit_error.settings):
# the keyword arguments that set them. A setting not here keeps the library's words, which read
# as well here ("the sequence option 3: the file has 3 sequences").
_WORDS = {**{f"limits.{name}": f"{name}=" for name in _LIMITS + ("max_output_pixels",)},
          "skeleton": "skeleton=", "fps": "fps=", "base": "base=", "texture_dir": "texture_dir=", "meshes": "meshes=",
          "volumes": "volumes="}


def _name_list(items) -> List[str]:
    """A C list of names: each ended by a NUL, then a NUL."""
    names, at = [], 0
    while items[at] != b"\0":
        end = at
        while items[end] != b"\0":
            end += 1
        names.append(items[at:end].decode())
        at = end + 1
    return names


def _listed(get, structure):
    """Each item of one of the registry's lists (`get(index, out, NULL)`: anmkit_format_info_get,
    anmkit_file_kind_get, ...), in order, until the library says there is none past the last."""
    index = 0
    while True:
        item = sized(structure)
        if get(index, ctypes.byref(item), None) != 0:
            return
        yield item
        index += 1


def format_info(name: str) -> dict:
    """What the registry knows of format `name` (one of formats()): title, skeletal, sprite,
    skeleton_extension, skeleton_lists_animations, whole_frames_only, convert_targets and
    import_targets."""
    for info in _listed(lib.anmkit_format_info_get, _capi.FormatInfo):
        if info.name.decode() == name:
            return {"name": name, "title": info.title.decode(), "skeletal": bool(info.skeletal),
                    "sprite": bool(info.sprite), "skeleton_extension": info.skeleton_extension.decode(),
                    "skeleton_lists_animations": bool(info.skeleton_lists_animations),
                    "whole_frames_only": bool(info.whole_frames_only),
                    "convert_targets": _name_list(info.convert_targets), "import_targets": _name_list(info.import_targets)}
    raise ValueError(f"no format {name!r}")


def file_kinds() -> List[dict]:
    """Every kind of file the formats read, as their entries register them: each a dict of
    format, name ("animation", "model", "mesh", ...), extension (".anm", lower case) and opens_as
    (the kind open() makes of one, with that kind asked for: "animation", "model", "resource"; None
    for a file the format knows but does not open, a texture). Registry order: a format's
    animations, its model, then its other files; an extension may be listed twice."""
    names = {bit: name for name, bit in _KINDS.items()}
    return [{"format": kind.format.decode(), "name": kind.name.decode(), "extension": kind.extension.decode(),
             "opens_as": names.get(kind.opens_as)} for kind in _listed(lib.anmkit_file_kind_get, _capi.FileKind)]


def setting_range(name: str) -> Tuple[float, float]:
    """The range the library takes for one of its own numbers ("fps", "tick_hz", "tolerance"),
    both ends included: what a front end's field should offer. Error for another name."""
    low, high = ctypes.c_double(), ctypes.c_double()
    _call(lib.anmkit_setting_range, _text(name, "the setting"), ctypes.byref(low), ctypes.byref(high))
    return low.value, high.value


def format_options() -> List[dict]:
    """The formats' own options, as their entries declare them: name (as a keyword argument, with
    _ for -), kind ("whole", "choice" or "flag"), help, max, choices, when_opening, when_importing."""
    return [{"name": option.name.decode().replace("-", "_"), "kind": ("whole", "choice", "flag")[option.kind],
             "help": option.help.decode(), "max": option.max, "choices": _name_list(option.choices),
             "when_opening": bool(option.when_opening), "when_importing": bool(option.when_importing)}
            for option in _listed(lib.anmkit_format_option_get, _capi.FormatOption)]


def _option_names() -> set:
    """The formats' own options, as keyword arguments."""
    return {o["name"] for o in format_options()}


def _settings(given: dict, use: str):
    """Keyword arguments that name the formats' own options (format_options()) as C pairs; the
    array is returned with them so that it lives as long as the options struct that points at it."""
    known = {o["name"]: o for o in format_options() if o[use]}
    pairs = []
    for key, value in given.items():
        if key not in known:
            raise TypeError(f"unknown option {key}")
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            raise TypeError(f"{key}: expected a number, a string or a bool, found {type(value).__name__}")
        pairs.append((key.replace("_", "-").encode(), _text(text, key)))
    array = (_capi.FormatSetting * max(1, len(pairs)))(*[_capi.FormatSetting(n, v) for n, v in pairs])
    return array, len(pairs)


_KINDS = {"animation": 1, "model": 2, "resource": 4}


def _kinds(kinds) -> int:
    """The kinds= of open() as anmkit_open_options.kinds: None (animations alone), "any", one kind's
    name or several ("animation", "model", "resource")."""
    if kinds is None:
        return 0
    if kinds == "any":
        return sum(_KINDS.values())
    names = [kinds] if isinstance(kinds, str) else kinds
    try:
        names = list(names)
    except TypeError:
        raise TypeError(f"kinds must be \"any\", a kind or kinds, found {type(kinds).__name__}") from None
    bits = 0
    for name in names:
        if name not in _KINDS:
            raise ValueError(f"kinds: {name!r} is no kind (\"animation\", \"model\", \"resource\" or \"any\")")
        bits |= _KINDS[name]
    if not bits:
        raise ValueError("kinds: none given")
    return bits


def _options(skeleton: Optional[PathLike], fps: Optional[float], tick_hz: Optional[float], given: dict) -> _capi.OpenOptions:
    options = _capi.OpenOptions()
    lib.anmkit_open_options_init(ctypes.byref(options))
    if skeleton is not None:
        options.skeleton = _path(skeleton)
    # Folders the files a model names may lie under, besides its own (the game's resource folder).
    roots = _paths(given.pop("reference_roots", ()), "reference_roots")
    if roots:
        options._roots_array = (ctypes.c_char_p * len(roots))(*roots)  # lives as long as the options
        options.reference_roots = ctypes.cast(options._roots_array, ctypes.POINTER(ctypes.c_char_p))
        options.reference_root_count = len(roots)
    # What a model shows (its meshes, materials and textures), and where its shared textures are.
    texture_dir = given.pop("texture_dir", None)
    if texture_dir is not None:
        options.texture_dir = _path(texture_dir)
    # Where every file is read from: files handed over as bytes (Files), or the disk.
    files = given.pop("files", None)
    if files is not None:
        if not isinstance(files, Files):
            files = Files(files)
        options.files = files._handle
        options._files = files  # lives as long as the options
    options.kinds = _kinds(given.pop("kinds", None))
    options.no_meshes = 0 if given.pop("meshes", True) else 1
    options.volumes = 1 if given.pop("volumes", False) else 0
    if fps is not None:
        options.fps = _real("fps", fps)
    if tick_hz is not None:
        options.tick_hz = _real("tick_hz", tick_hz)
    for key in [k for k in given if k in _LIMITS]:
        c_type = dict(_capi.OpenOptions._fields_)[key]
        setattr(options, key, _whole(key, given.pop(key), c_type))
    array, count = _settings(given, "when_opening")
    options.format_settings = ctypes.cast(array, ctypes.POINTER(_capi.FormatSetting))
    options.format_setting_count = count
    options._settings_array = array  # lives as long as the options
    return options


def _handed_out(function, *args, text: bool = False, trailing: tuple = ()) -> Union[bytes, str]:
    """`function(*args, &data, &size, *trailing)`: the bytes (or UTF-8 text) the library handed
    out, released with anmkit_bytes_free."""
    data = ctypes.POINTER(ctypes.c_char if text else ctypes.c_uint8)()
    size = ctypes.c_size_t()
    _call(function, *args, ctypes.byref(data), ctypes.byref(size), *trailing)
    try:
        raw = ctypes.string_at(data, size.value)
    finally:
        lib.anmkit_bytes_free(data)
    return raw.decode("utf-8", "surrogateescape") if text else raw


def _diagnostics(handle: ctypes.c_void_p) -> List[Diagnostic]:
    """A C diagnostics list as Diagnostic values; the list is freed."""
    try:
        return _diagnostics_in(handle)
    finally:
        lib.anmkit_diagnostics_free(handle)


def _diagnostics_in(handle: ctypes.c_void_p) -> List[Diagnostic]:
    """A C diagnostics list as Diagnostic values; the list stays the library's."""
    found = []
    for index in range(lib.anmkit_diagnostics_count(handle)):
        d = sized(_capi.Diagnostic)
        _call(lib.anmkit_diagnostics_get, handle, index, ctypes.byref(d))
        names = _name_list(ctypes.cast(d.settings, ctypes.POINTER(ctypes.c_char))) if d.settings else []
        said = tuple((name, d.setting_at[i], d.setting_size[i]) for i, name in enumerate(names))
        message = _worded(d.message, said, {}) if said else _decode(d.message)
        found.append(Diagnostic("error" if d.severity == _capi.SEVERITY_ERROR else "warning", d.id.decode(),
                                message, d.offset if d.has_offset else None, d.pointer.decode(), tuple(names),
                                (d.message, said)))
    return found


def _export_options(*, scale: Optional[int] = None, raw: bool = False, sequence: Optional[int] = None,
                    flipbook: bool = False, flipbook_ticks: Optional[int] = None, state: int = 0,
                    max_output_pixels: Optional[int] = None, file_name: Optional[str] = None,
                    animation_name: Optional[str] = None) -> _capi.ExportOptions:
    """Document.export()'s and save_as()'s options as the C struct."""
    options = _capi.ExportOptions()
    lib.anmkit_export_options_init(ctypes.byref(options))
    # ctypes would wrap a number past its C field silently; the library checks the ranges.
    for setting, value, low, bits in (("scale", scale, 0, 32), ("sequence", sequence, -1, 63),
                                      ("flipbook_ticks", flipbook_ticks, 0, 32), ("state", state, 0, 64),
                                      ("max_output_pixels", max_output_pixels, 0, 64)):
        if value is not None and not low <= value < (1 << bits):
            raise Error(_capi.INVALID_ARGUMENT, f"{setting} must be from {low} to {(1 << bits) - 1}, found {value}")
    if scale is not None:
        options.scale = scale
    options.raw = _flag(raw)
    if sequence is not None:
        options.sequence = sequence
    options.flipbook = _flag(flipbook)
    if flipbook_ticks is not None:
        options.flipbook_ticks = flipbook_ticks
    options.state = state
    if max_output_pixels is not None:
        options.max_output_pixels = max_output_pixels
    if file_name is not None:
        options.file_name = _text(file_name, "file_name")
    if animation_name is not None:
        options.animation_name = _text(animation_name, "animation_name")
    return options


def _using(method):
    """A Document method run as one of the document's calls: refused once close() has begun,
    and waited for by close() (the library's document must outlive every call into it)."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._hold():
            return method(self, *args, **kwargs)
    return run


class Files:
    """Files handed to the library as bytes (files= of open(), open_bytes(), model_to_gltf(), ...):
    every file those read is found among them as the game finds files on disk (`\\` or `/`,
    either case, "$/..." in texture_dir, never out of a file's folder but into reference_roots).
    Names are relative paths ("e-25/e-25.mdl"), as the paths given to the calls are.

        files = anmkit.Files({"e-25/e-25.mdl": mdl_bytes, "e-25/body.ply": ply_bytes})
        glb = anmkit.model_to_gltf("e-25/e-25.mdl", files=files)"""

    def __init__(self, files: Optional[dict] = None):
        handle = ctypes.c_void_p()
        _call(lib.anmkit_files_new, ctypes.byref(handle))
        self._handle = handle.value
        for name, data in (files or {}).items():
            self.add(name, data)

    def add(self, name: PathLike, data: bytes) -> None:
        """Adds (or replaces) the file `name`; Error (bad_value) for a name that is empty, absolute,
        or has an empty, "." or ".." part."""
        data = _data(data)
        _call(lib.anmkit_files_add, self._handle, _path(name), data, len(data))

    def declare(self, name: PathLike) -> None:
        """Names the file `name` without its bytes (one not read yet): found by name as any other,
        while reading it fails until add() gives its bytes; Document.files_wanted() says which a
        figure needs. A name given already keeps its bytes. Errors as add()'s."""
        _call(lib.anmkit_files_declare, self._handle, _path(name))

    def __del__(self):
        if getattr(self, "_handle", None):
            lib.anmkit_files_free(self._handle)
            self._handle = None


class Document:
    """One opened animation file, of any of the formats. Immutable: convert() and
    replace_frame() return new documents. Safe to share between threads: each thread samples
    with its own sampler, and close() waits for the calls running in other threads."""

    def __init__(self, handle: int, name: str = ""):
        self._handle = ctypes.c_void_p(handle)
        self.name = name
        self._state = threading.Condition(threading.Lock())
        self._calls = 0          # calls running (in any thread)
        self._closing = False
        self._samplers: List[ctypes.c_void_p] = []  # every thread's, freed by close()
        self._thread = threading.local()            # this thread's sampler
        self._skeleton: Optional[Skeleton] = None

    def __del__(self) -> None:
        self.close()

    def close(self) -> None:
        """Releases the document now (also done when it is garbage-collected). Calls running in
        other threads finish first; later calls raise ValueError."""
        state = getattr(self, "_state", None)
        if state is None:
            return
        with state:
            if self._closing:
                return
            self._closing = True
            while self._calls:
                state.wait()
            samplers, self._samplers = self._samplers, []
            handle, self._handle = self._handle, ctypes.c_void_p()
        for sampler in samplers:
            lib.anmkit_sampler_free(sampler)
        if handle.value:
            lib.anmkit_free(handle)

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextlib.contextmanager
    def _hold(self):
        """The document kept open while the block runs (see _using)."""
        with self._state:
            if self._closing or not self._handle.value:
                raise ValueError("the document is closed")
            self._calls += 1
        try:
            yield
        finally:
            with self._state:
                self._calls -= 1
                if self._calls == 0:
                    self._state.notify_all()

    def _live(self) -> ctypes.c_void_p:
        if not self._handle.value:
            raise ValueError("the document is closed")
        return self._handle

    @property
    @_using
    def format(self) -> str:
        """"gem", "lm" or "mm2"."""
        return lib.anmkit_format(self._live()).decode()

    @property
    @_using
    def kind(self) -> str:
        """"animation", "model" (GEM .mdl, LM .bin) or "resource" (GEM .ply, .mtl, .vol): what the
        file is (open()'s kinds= says which it takes)."""
        return lib.anmkit_kind(self._live()).decode()

    @_using
    def figure(self) -> "Figure":
        """What a model document shows on its skeleton (GEM .mdl: its meshes, materials and
        textures, decoded), read with the options it was opened with (files=, texture_dir=,
        meshes=, volumes=): what open_figure() gives for its path. Error (unsupported) for a
        document of another kind."""
        from ._figure import document_figure
        return document_figure(self)

    @_using
    def files_wanted(self) -> List[str]:
        """A model document's: the files its figure would read that its files= names without their
        bytes (Files.declare), each once. Give them (Files.add) and ask again until none is
        left (the meshes, then their materials, then the textures), then ask for figure() once.
        Nothing is decoded. Error (unsupported) for a document of another kind."""
        names = ctypes.POINTER(ctypes.c_char_p)()
        count = ctypes.c_size_t()
        _call(lib.anmkit_document_files_wanted, self._live(), ctypes.byref(names), ctypes.byref(count))
        return [_decode(names[i]) for i in range(count.value)]

    @_using
    def sequences(self) -> List["ModelSequence"]:
        """A model's sequences (the files it names, or the one paired with it), in its order, each
        looked for as the game finds it."""
        listed = []
        for index in range(lib.anmkit_sequence_count(self._live())):
            s = sized(_capi.ModelSequence)
            _call(lib.anmkit_sequence_get, self._live(), index, ctypes.byref(s))
            listed.append(ModelSequence(_decode(_name(s.name, s.name_size)), _decode(_name(s.file, s.file_size)),
                                        _decode(_name(s.declared_by, s.declared_by_size)),
                                        _decode(_name(s.how_named, s.how_named_size)), bool(s.exists),
                                        _decode(_name(s.path, s.path_size))))
        if not listed and self.kind != "model":
            _call(lib.anmkit_sequence_get, self._live(), 0, ctypes.byref(sized(_capi.ModelSequence)))  # (its refusal)
        return listed

    @property
    @_using
    def version(self) -> str:
        """"4.0", "6.0", "6.1" (GEM), "2" (LM); "" when the format has none."""
        return lib.anmkit_version(self._live()).decode()

    @property
    @_using
    def import_target(self) -> str:
        """The glTF import target that writes a file as this one is ("gem-6.1-frm3", "lm"); "" when
        a glTF cannot be written as its format."""
        return lib.anmkit_import_target(self._live()).decode()

    @property
    @_using
    def is_skeletal(self) -> bool:
        return bool(lib.anmkit_is_skeletal(self._live()))

    @property
    @_using
    def is_sprite(self) -> bool:
        return bool(lib.anmkit_is_sprite(self._live()))

    def __repr__(self) -> str:
        return f"<anmkit.Document {self.name!r} {self.format} {self.version}>" if self._handle.value else \
            "<anmkit.Document closed>"

    @_using
    def validate(self) -> List[Diagnostic]:
        """The format's rules applied to the file: errors and warnings, with offsets."""
        handle = ctypes.c_void_p()
        _call(lib.anmkit_validate, self._live(), ctypes.byref(handle))
        return _diagnostics(handle)

    def _bytes(self, function, *args) -> bytes:
        return _handed_out(function, self._live(), *args)

    def _text(self, function, flag: bool) -> str:
        return _handed_out(function, self._live(), _flag(flag), text=True)

    @_using
    def write(self) -> bytes:
        """The file's bytes (the input's, byte for byte, when nothing changed)."""
        return self._bytes(lib.anmkit_write)

    @_using
    def save(self, path: PathLike, overwrite_source: bool = False) -> None:
        """Writes the file atomically; the file it was opened from is kept unless asked."""
        options = _capi.SaveOptions()
        lib.anmkit_save_options_init(ctypes.byref(options))
        options.overwrite_source = _flag(overwrite_source)
        _call(lib.anmkit_save, self._live(), _path(path), ctypes.byref(options))

    @_using
    def to_json(self, pretty: bool = True) -> str:
        """The lossless JSON dump (docs/json-schema.md); from_json() reads it back."""
        return self._text(lib.anmkit_to_json, pretty)

    @_using
    def summary(self, as_json: bool = False) -> str:
        """What `anmkit info` prints."""
        return self._text(lib.anmkit_summary, as_json)

    @_using
    def to_gltf(self, binary: bool = True) -> bytes:
        """glTF 2.0 of a skeletal document (.glb, or .gltf JSON with its buffer embedded)."""
        return self._bytes(lib.anmkit_to_gltf, _flag(binary))

    @_using
    def export(self, kind: str, **options: Any) -> "Export":
        """The document as one of export_kinds() ("json", "glb", "gltf", "png", "gif", "ilbm",
        "iff", a convert target), as `anmkit convert` and `anmkit batch` write it: `files` maps
        each file's suffix (".png", ".json") to its bytes, in order. Options: scale, raw,
        sequence, flipbook, flipbook_ticks, state, max_output_pixels, file_name, animation_name.
        The library checks the numbers (scale 1 to 64, flipbook_ticks at least 1, a sequence or
        state the file has)."""
        c_options = _export_options(**options)
        out, warnings = ctypes.c_void_p(), ctypes.c_void_p()
        _call(lib.anmkit_export, self._live(), _text(kind, "the kind"), ctypes.byref(c_options), ctypes.byref(out),
              ctypes.byref(warnings))
        try:
            files = {}
            for index in range(lib.anmkit_exported_count(out)):
                suffix, data, size = ctypes.c_char_p(), ctypes.POINTER(ctypes.c_uint8)(), ctypes.c_size_t()
                _call(lib.anmkit_exported_file, out, index, ctypes.byref(suffix), ctypes.byref(data), ctypes.byref(size))
                files[suffix.value.decode()] = ctypes.string_at(data, size.value)
        finally:
            lib.anmkit_exported_free(out)
        return Export(files, _diagnostics(warnings))

    @_using
    def save_as(self, kind: str, path: PathLike, *, overwrite_source: bool = False, **options: Any) -> List[Diagnostic]:
        """The document as `kind` (export_kinds()), saved: the first file at `path`, each other
        beside it with its suffix as the extension, each written to a temporary file and renamed;
        nothing is written over the file the document was opened from unless overwrite_source.
        Options as for export(). Returns the warnings."""
        c_options = _export_options(**options)
        save = _capi.SaveOptions()
        lib.anmkit_save_options_init(ctypes.byref(save))
        save.overwrite_source = _flag(overwrite_source)
        warnings = ctypes.c_void_p()
        _call(lib.anmkit_export_save, self._live(), _text(kind, "the kind"), ctypes.byref(c_options), _path(path),
              ctypes.byref(save), ctypes.byref(warnings))
        return _diagnostics(warnings)

    @_using
    def convert(self, target: str) -> "Document":
        """Another version or layout: "gem-4.0", "gem-6.0", "gem-6.1", "gem-6.1-frm3", "repack"."""
        out = ctypes.c_void_p()
        _call(lib.anmkit_convert, self._live(), _text(target, "the target"), ctypes.byref(out))
        return Document(out.value, self.name)

    @_using
    def edit_time(self, *edits: str) -> Tuple["Document", List[Diagnostic]]:
        """The sequence with time edits applied in order, as `anmkit edit` does: "reverse",
        "retime=2", "retime=1/2", "length=81", "trim=10:40", "delete=0:0", "insert=10:5",
        "loop". Returns the edited document and the warnings (what the edits left out)."""
        doc, said = self, []
        for edit in edits:
            out, warnings = ctypes.c_void_p(), ctypes.c_void_p()
            _call(lib.anmkit_edit_time, doc._live(), _text(edit, "the edit"), ctypes.byref(out), ctypes.byref(warnings))
            said += _diagnostics(warnings)
            doc = Document(out.value, self.name)
        return doc, said

    @property
    @_using
    def skeleton(self) -> Skeleton:
        """The bones the file animates and the joints of its skeleton (from the .mdl or .bin)."""
        if self._skeleton is None:
            info = sized(_capi.ClipInfo)
            _call(lib.anmkit_clip_info_get, self._live(), ctypes.byref(info))
            bones, joints = [], []
            for index in range(info.bone_count):
                b = sized(_capi.Bone)
                _call(lib.anmkit_bone_get, self._handle, index, ctypes.byref(b))
                name = _name(b.name, b.name_size)
                bones.append(Bone(_decode(name), name, b.joint))
            for index in range(info.joint_count):
                j = sized(_capi.Joint)
                _call(lib.anmkit_joint_get, self._handle, index, ctypes.byref(j))
                name = _name(j.name, j.name_size)
                joints.append(Joint(_decode(name), name, j.parent, tuple(j.translation), tuple(j.rotation),
                                    tuple(j.scale), bool(j.mirrored), bool(j.shown)))
            self._skeleton = Skeleton(bones, joints, info.frame_count, info.fps, bool(info.loop),
                                      tuple(info.up_rotation), info.metres_per_unit)
        return self._skeleton

    def _sampler_handle(self) -> ctypes.c_void_p:
        """This thread's sampler (a sampler keeps hints and scratch space: one per thread)."""
        sampler = getattr(self._thread, "sampler", None)
        if sampler is None:
            sampler = ctypes.c_void_p()
            _call(lib.anmkit_sampler_new, self._live(), ctypes.byref(sampler))
            with self._state:
                self._samplers.append(sampler)
            self._thread.sampler = sampler
        return sampler

    def _pose_buffers(self, shape: Tuple[int, ...], out: Optional[Pose]) -> dict:
        """Buffers for poses of `shape` (frames, bones or bones): new ones, or `out`'s arrays,
        which are reused as they are (NumPy arrays of the right shape and type)."""
        sizes = {"translation": (3, "f"), "rotation": (4, "f"), "scale": (3, "f"), "visible": (0, "B"),
                 "mirrored": (0, "B")}
        if out is None:
            entries = 1
            for n in shape:
                entries *= n
            return {key: _buffer(entries * max(1, width), code) for key, (width, code) in sizes.items()}
        if not have_numpy():
            raise ValueError("out= takes the NumPy arrays of an earlier Pose")
        buffers = {}
        for key, (width, code) in sizes.items():
            array_ = getattr(out, key, None)  # not a Pose: refused below
            wanted = tuple(shape) + ((width,) if width else ())
            dtype = _np.float32 if code == "f" else _np.uint8
            if not isinstance(array_, _np.ndarray) or array_.shape != wanted or array_.dtype != dtype or \
                    not array_.flags.c_contiguous or not array_.flags.writeable:
                raise ValueError(f"out.{key} must be a writeable C-contiguous {_np.dtype(dtype).name} array of "
                                 f"shape {wanted}")
            buffers[key] = (array_, array_.ctypes.data)
        return buffers

    def _sample_into(self, shape: Tuple[int, ...], out: Optional[Pose], call) -> Pose:
        """Poses of `shape` written by `call` (given the C arrays) into new buffers or `out`."""
        buffers = self._pose_buffers(shape, out)
        arrays = sized(_capi.PoseArrays)
        arrays.capacity = 1
        for n in shape:
            arrays.capacity *= n
        for key, (_, address) in buffers.items():
            setattr(arrays, key, address)
        call(arrays)
        if out is not None:
            return out
        return Pose(_shaped(buffers["translation"][0], shape + (3,)), _shaped(buffers["rotation"][0], shape + (4,)),
                    _shaped(buffers["scale"][0], shape + (3,)), _shaped(buffers["visible"][0], shape, True),
                    _shaped(buffers["mirrored"][0], shape, True))

    @_using
    def sample(self, frame: float, out: Optional[Pose] = None) -> Pose:
        """Every bone at `frame` (any real frame), as (bones, n) arrays. A bone a track does not
        move has its rest value (its joint's, or the identity). `out`: an earlier result of the
        same shape whose arrays are filled again instead of new ones (NumPy only)."""
        bones = len(self.skeleton.bones)
        return self._sample_into((bones,), out, lambda arrays: _call(
            lib.anmkit_sample, self._sampler_handle(), _real("frame", frame), ctypes.byref(arrays)))

    @_using
    def sample_all(self, first: int = 0, count: Optional[int] = None, out: Optional[Pose] = None) -> Pose:
        """Whole frames first .. first + count - 1 (default: every frame of the clip), as
        (frames, bones, n) arrays, in one call into the library. `out` as for sample(): reusing
        arrays spares the allocation (and the page faults of new memory) on every call."""
        skeleton = self.skeleton
        bones = len(skeleton.bones)
        if count is None:
            count = max(0, skeleton.frame_count - first)
        if first < 0 or count < 0:
            raise ValueError("first and count must not be negative")
        _whole("first", first, ctypes.c_uint32)
        _whole("count", count, ctypes.c_uint32)
        return self._sample_into((count, bones), out, lambda arrays: _call(
            lib.anmkit_sample_frames, self._sampler_handle(), first, count, ctypes.byref(arrays)))

    @property
    @_using
    def sprite(self) -> Sprite:
        """The sprite animation of an MM2 file: stored frames, composed states, palette, sequences."""
        handle = self._live()
        info = sized(_capi.SpriteInfo)
        _call(lib.anmkit_sprite_info_get, handle, ctypes.byref(info))
        palette, address = _buffer(info.palette_size * 4, "B")
        _call(lib.anmkit_sprite_palette, handle, address, info.palette_size * 4)
        frames, rects = [], []
        for index in range(info.frame_count):
            drawn, size = _capi.Rect(), _capi.Rect()
            _call(lib.anmkit_sprite_frame_rect, handle, index, ctypes.byref(drawn), ctypes.byref(size))
            pixels, address = _buffer(size.width * size.height, "B")
            _call(lib.anmkit_sprite_frame_pixels, handle, index, address, size.width * size.height)
            frames.append(_shaped(pixels, (size.height, size.width)))
            rects.append((drawn.x, drawn.y, drawn.width, drawn.height))
        states = [self._state_pixels(handle, info, index) for index in range(info.state_count)]
        sequences = []
        for index in range(info.sequence_count):
            count = ctypes.c_size_t()
            _call(lib.anmkit_sprite_sequence, handle, index, None, 0, ctypes.byref(count))
            steps = (_capi.SpriteStep * max(1, count.value))()
            _call(lib.anmkit_sprite_sequence, handle, index, steps, count.value, ctypes.byref(count))
            sequences.append([(steps[i].state, steps[i].ticks) for i in range(count.value)])
        return Sprite(info.width, info.height, info.tick_hz, info.planes, _shaped(palette, (info.palette_size, 4)),
                      frames, rects, states, sequences)

    @_using
    def sprite_state(self, index: int) -> Any:
        """Composed state `index` of a sprite alone, (height, width) pens: the library composes
        it into this array and keeps none, so a file of large frames costs one state here where
        `sprite` holds them all."""
        _whole("index", index, ctypes.c_uint32)
        handle = self._live()
        info = sized(_capi.SpriteInfo)
        _call(lib.anmkit_sprite_info_get, handle, ctypes.byref(info))
        return self._state_pixels(handle, info, index)

    @staticmethod
    def _state_pixels(handle, info, index: int) -> Any:
        pixels, address = _buffer(info.width * info.height, "B")
        _call(lib.anmkit_sprite_state_pixels, handle, index, address, info.width * info.height)
        return _shaped(pixels, (info.height, info.width))

    @_using
    def replace_frame(self, index: int, picture: Any, remap: bool = False, resize: bool = False) -> "Document":
        """A new document with stored frame `index` replaced: `picture` is (height, width) pens of
        the file's palette, or (height, width, 4) RGBA, as NumPy arrays or nested lists."""
        _whole("index", index, ctypes.c_uint32)
        shape_error = "a picture is (height, width) pens or (height, width, 4) RGBA, every row as wide"
        if have_numpy():
            try:
                given = _np.asarray(picture)
            except ValueError:  # ragged rows
                raise ValueError(shape_error) from None
            # As bytes() takes values without NumPy: whole numbers 0 to 255, nothing cast or wrapped
            # (NumPy would make 256 a 0 and 1.7 a 1).
            if given.size and given.dtype.kind not in "biu":
                raise TypeError(f"a picture holds whole numbers from 0 to 255, found {given.dtype} values")
            if given.size and given.dtype.kind in "iu" and (given.min() < 0 or given.max() > 255):
                raise ValueError("a picture holds whole numbers from 0 to 255 (pens or RGBA channels)")
            data = _np.ascontiguousarray(given.astype(_np.uint8))
            shape = data.shape
            raw = data.tobytes()
        else:
            rows = [list(row) for row in picture]
            rgba_rows = bool(rows) and bool(rows[0]) and isinstance(rows[0][0], (list, tuple))
            shape = (len(rows), len(rows[0]) if rows else 0) + ((4,) if rgba_rows else ())
            # Every row as wide as the first, every pixel a pen or four channels.
            for row in rows:
                if len(row) != shape[1] or any(isinstance(px, (list, tuple)) != rgba_rows or
                                               (rgba_rows and len(px) != 4) for px in row):
                    raise ValueError(shape_error)
            flat = [c for row in rows for px in row for c in (px if rgba_rows else (px,))]
            raw = bytes(flat)
        if len(shape) not in (2, 3) or (len(shape) == 3 and shape[2] != 4):
            raise ValueError(shape_error)
        height, width = shape[0], shape[1]
        _whole("width", width, ctypes.c_uint32)
        _whole("height", height, ctypes.c_uint32)
        if len(raw) != width * height * (4 if len(shape) == 3 else 1):  # what C reads, no more
            raise ValueError(shape_error)
        buffer = ctypes.create_string_buffer(raw, max(1, len(raw)))
        flags = (_capi.IMPORT_REMAP if remap else 0) | (_capi.IMPORT_RESIZE if resize else 0)
        out = ctypes.c_void_p()
        pens, rgba = (buffer, None) if len(shape) == 2 else (None, buffer)
        _call(lib.anmkit_sprite_replace_frame, self._live(), index, width, height, pens, rgba, flags,
              ctypes.byref(out))
        return Document(out.value, self.name)


def open(path: PathLike, *, skeleton: Optional[PathLike] = None, fps: Optional[float] = None,  # noqa: A001
         tick_hz: Optional[float] = None, **options) -> Document:
    """Opens a file by its content. `skeleton` is the paired model (GEM .mdl, LM .bin); `fps`
    (skeletal formats store none: 30), `tick_hz` (sprites: 60); limits such as max_input_bytes=...,
    and the formats' own options by name (format_options(): nodes=12, rotation_unit="turn4096");
    meshes=False, texture_dir= and volumes=True for the skeleton's meshes in glTF (as for model_to_gltf());
    files= (a Files, or a dict of name to bytes) where every file is read from instead of the disk."""
    options = _options(skeleton, fps, tick_hz, options)
    out = ctypes.c_void_p()
    _call(lib.anmkit_open_file, _path(path), ctypes.byref(options), ctypes.byref(out))
    return Document(out.value, os.fsdecode(path))


def open_bytes(data: bytes, name: str = "", *, skeleton: Optional[PathLike] = None, fps: Optional[float] = None,
               tick_hz: Optional[float] = None, **options) -> Document:
    """Opens bytes already in memory (copied); `name` is used in messages. Options as for open()."""
    options = _options(skeleton, fps, tick_hz, options)
    out = ctypes.c_void_p()
    data = _data(data)
    _call(lib.anmkit_open_memory, data, len(data), _text(name, "the name"), ctypes.byref(options), ctypes.byref(out))
    return Document(out.value, name)


def from_json(text: Union[str, bytes], name: str = "", *, skeleton: Optional[PathLike] = None,
              fps: Optional[float] = None, tick_hz: Optional[float] = None, **options) -> Document:
    """The document a JSON dump describes (Document.to_json's exact inverse). Options as for open()."""
    options = _options(skeleton, fps, tick_hz, options)
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else _data(text, "text")
    out = ctypes.c_void_p()
    _call(lib.anmkit_from_json, data, len(data), _text(name, "the name"), ctypes.byref(options), ctypes.byref(out))
    return Document(out.value, name)


class Export(NamedTuple):
    """What Document.export() made: each file's suffix and bytes, and what changed it."""
    files: dict
    warnings: List[Diagnostic]


def export_kinds() -> List[str]:
    """Every kind Document.export() takes, as the registry lists them."""
    kinds, index = [], 0
    while (kind := lib.anmkit_export_kind(index)) is not None:
        kinds.append(kind.decode())
        index += 1
    return kinds


class GltfImport(NamedTuple):
    """What from_gltf() made: the document, and what the import left out or could not restore."""
    document: "Document"
    warnings: List[Diagnostic]


def from_gltf(data: bytes, target: str, name: str = "", *, animation: Optional[str] = None,
              fps: Optional[float] = None, tolerance: Optional[float] = None, base: Optional["Document"] = None,
              folder: Optional[PathLike] = None, max_input_bytes: Optional[int] = None,
              max_json_depth: Optional[int] = None, skeleton: Optional[PathLike] = None, **settings) -> GltfImport:
    """A glTF animation (.glb or .gltf bytes) written as `target` ("gem-6.0", "lm", ...), as
    `anmkit convert IN.glb --to TARGET` does. `base` is the original file (docs/gltf.md,
    "--base"): its bone order, flags, version and unchanged values are kept. `folder` is where
    the glTF's external buffers are (none are read without it). `skeleton` is the game's model
    file (a GEM .mdl) to read the animation onto, whatever the glTF's axes and bone frames: a new
    sequence for the model (docs/gltf.md, "Onto a skeleton")."""
    options = _capi.GltfImportOptions()
    lib.anmkit_gltf_import_options_init(ctypes.byref(options))
    options.target = _text(target, "the target")
    if animation is not None:
        options.animation = _text(animation, "the animation")
    if fps is not None:
        options.fps = _real("fps", fps)
    if tolerance is not None:
        options.tolerance = _real("tolerance", tolerance)
    if folder is not None:
        options.folder = _path(folder)
    if max_input_bytes is not None:
        options.max_input_bytes = _whole("max_input_bytes", max_input_bytes, ctypes.c_uint64)
    if max_json_depth is not None:
        options.max_json_depth = _whole("max_json_depth", max_json_depth, ctypes.c_uint32)
    if skeleton is not None:
        options.skeleton = _path(skeleton)
    # The target format's own options (format_options() that are when_importing: dense=True, ...).
    array, count = _settings(settings, "when_importing")
    options.format_settings = ctypes.cast(array, ctypes.POINTER(_capi.FormatSetting))
    options.format_setting_count = count
    if base is not None and not isinstance(base, Document):
        raise TypeError(f"base must be a Document, found {type(base).__name__}")
    data = _data(data)
    out, warnings = ctypes.c_void_p(), ctypes.c_void_p()
    # The base stays open until the import has read it, whatever another thread does.
    with base._hold() if base is not None else contextlib.nullcontext():
        if base is not None:
            options.base = base._live()
        _call(lib.anmkit_from_gltf, data, len(data), _text(name, "the name"), ctypes.byref(options),
              ctypes.byref(out), ctypes.byref(warnings))
    return GltfImport(Document(out.value, name), _diagnostics(warnings))


class BatchResult(NamedTuple):
    """What became of one file of batch(): kind "converted", "skipped" or "failed"."""
    kind: str
    input: str
    output: str               # converted: the first file written
    skipped_why: str          # skipped: why
    error: Optional["Error"]  # failed: why, naming the file
    skeleton: str             # glTF: the model file used ("" for none)
    skeleton_why: str
    warnings: List[Diagnostic]


def batch(inputs: Sequence[PathLike], output: PathLike, to: str, *, jobs: int = 0, fail_fast: bool = False,
          skeleton_roots: Sequence[PathLike] = (), on_result=None, **options: Any) -> List[BatchResult]:
    """Converts every animation (for glTF, every model too) in the files and folders `inputs` to the
    export kind `to` under `output`, as `anmkit batch` does, on `jobs` workers (0: every core): the
    same files and the same results in the same order for any number. Each file's result is given
    to on_result(result) as it comes, in input order (False stops: no new file is started), and
    all of them are returned. Options as for open() (limits, files=, reference_roots=, ...)."""
    paths = _paths(inputs, "inputs")
    roots = _paths(skeleton_roots, "skeleton_roots")
    c = _capi.BatchOptions()
    lib.anmkit_batch_options_init(ctypes.byref(c))
    input_array = (ctypes.c_char_p * max(1, len(paths)))(*paths)
    root_array = (ctypes.c_char_p * max(1, len(roots)))(*roots)
    c.inputs = ctypes.cast(input_array, ctypes.POINTER(ctypes.c_char_p))
    c.input_count = len(paths)
    c.output = _path(output)
    c.to = _text(to, "to")
    c.jobs = _whole("jobs", jobs, ctypes.c_uint32)
    c.fail_fast = _flag(fail_fast)
    c.skeleton_roots = ctypes.cast(root_array, ctypes.POINTER(ctypes.c_char_p))
    c.skeleton_root_count = len(roots)
    open_options = _options(None, None, None, dict(options))
    c.open = ctypes.pointer(open_options)
    results: List[BatchResult] = []
    raised: List[BaseException] = []
    kinds = ("converted", "skipped", "failed")

    def sink(result, _user):
        try:
            r = result.contents
            error = Error._from(r.error.contents) if r.error else None
            results.append(BatchResult(kinds[r.kind], os.fsdecode(r.input), os.fsdecode(r.output), _decode(r.skipped_why), error,
                                       os.fsdecode(r.skeleton), _decode(r.skeleton_why), _diagnostics_in(r.warnings)))
            return 0 if on_result is None or on_result(results[-1]) is not False else 1
        except BaseException as e:  # said after the call: an exception must not cross C
            raised.append(e)
            return 1

    callback = _capi.BatchSink(sink)
    _call(lib.anmkit_batch, ctypes.byref(c), callback, None, None)
    if raised:
        raise raised[0]
    return results


def model_to_gltf(path: PathLike, binary: bool = True, **limits: Any) -> Tuple[bytes, List[Diagnostic]]:
    """A model file (GEM .mdl) with every sequence file it names as one glTF, an animation per
    sequence, and what it shows (its meshes, materials and textures: meshes=False leaves them
    out; texture_dir= is the game's shared texture folder; volumes=True adds the collision volumes,
    each a translucent mesh under its bone); and the warnings (sequences skipped, bones the
    skeleton lacks, meshes and textures not found)."""
    options = _options(None, None, None, dict(limits))
    warnings = ctypes.c_void_p()
    glb = _handed_out(lib.anmkit_model_to_gltf, _path(path), ctypes.byref(options), _flag(binary),
                      trailing=(ctypes.byref(warnings),))
    return glb, _diagnostics(warnings)


def model_with_sequence(path: PathLike, name: str, file_path: PathLike, **limits: Any) -> bytes:
    """The model file at `path` (a GEM .mdl) with one more sequence, `name`, playing the file at
    `file_path` (named in the model relative to its folder), every other byte as it was; nothing
    is written (save the bytes over the model to keep them)."""
    options = _options(None, None, None, dict(limits))
    return _handed_out(lib.anmkit_model_with_sequence, _path(path), _text(name, "the name"), _path(file_path),
                       ctypes.byref(options))


def model_summary(path: PathLike, as_json: bool = False, **limits: Any) -> str:
    """What `anmkit info MODEL` prints of a model file (GEM .mdl, LM .bin): its skeleton, the
    animation files it names, each with whether it exists, and what it shows (meshes, materials,
    textures found and missing; texture_dir= and meshes= as for model_to_gltf()). The same as
    open(path, kinds="model").summary()."""
    with open(path, kinds="model", **limits) as model:
        return model.summary(as_json=as_json)


@dataclass(frozen=True)
class ModelSequence:
    """An animation file a model file names (or is paired with), looked for beside the model."""
    name: str
    file: str          # as the model names it, relative to the model's folder
    declared_by: str   # the joint whose block declares it (GEM); "" when the format does not say
    how_named: str     # "" when the model names the file; else how it was found ("paired by name")
    exists: bool       # the file is there
    path: str          # where it is, as the game finds it (\ a separator, either case); "" when refused


def model_sequences(path: PathLike, **limits: Any) -> List[ModelSequence]:
    """The sequences of the model file at `path` (GEM .mdl, LM .bin), in the model's order: the
    same as open(path, kinds="model").sequences()."""
    with open(path, kinds="model", **limits) as model:
        return model.sequences()


def detect(data: bytes) -> Optional[str]:
    """The format these bytes are by content ("gem", "lm", "mm2"), or None."""
    data = _data(data)
    found = lib.anmkit_detect(data, len(data))
    return found.decode() if found else None


def formats() -> List[str]:
    """Every format anmkit reads."""
    names, index = [], 0
    while (name := lib.anmkit_format_name(index)) is not None:
        names.append(name.decode())
        index += 1
    return names


class SkeletonReason(enum.IntEnum):
    """How find_skeleton chose (anmkit.h's anmkit_skeleton_reason)."""
    NONE = 0                               # no model file here or under the roots names it
    LISTS_IT = 1                           # a model file lists this very file as a sequence
    HAS_ITS_BONES = 2                      # a model file in its folder has every bone it animates
    NAMES_ITS_FILE_NAME = 3                # under the roots, names a file of its name, with its bones
    NAMES_ITS_FILE_NAME_LACKING_BONES = 4  # the same, some of its bones not in it
    NONE_FITS_ITS_FOLDER = 5               # its folder's model files fit it not; none from elsewhere


class SkeletonMatch(NamedTuple):
    model: Optional[str]         # the model file's path, None when there is none
    reason: SkeletonReason
    why: str                     # the reason in words: "e-75.mdl lists it as sequence 'fire'"
    warnings: List[Diagnostic]   # model files that could not be read (skipped)


def find_skeleton(path: PathLike, roots: Sequence[PathLike] = (), **limits: int) -> SkeletonMatch:
    """The model file (GEM .mdl, LM .bin) that gives the animation at `path` its skeleton, by the
    rule every anmkit client follows: a model that lists this very file; else one in its folder
    with every bone it animates; else, when its folder has no model file of its format, one under
    `roots` (folders and model files) naming a file of its name."""
    options = _options(None, None, None, dict(limits))
    encoded = _paths(roots, "roots")
    root_array = (ctypes.c_char_p * max(1, len(encoded)))(*encoded)
    model, model_size = ctypes.POINTER(ctypes.c_char)(), ctypes.c_size_t()
    text, text_size = ctypes.POINTER(ctypes.c_char)(), ctypes.c_size_t()
    reason, warnings = ctypes.c_int32(), ctypes.c_void_p()
    _call(lib.anmkit_find_skeleton, _path(path), root_array, len(encoded), ctypes.byref(options),
          ctypes.byref(model), ctypes.byref(model_size), ctypes.byref(reason), ctypes.byref(text),
          ctypes.byref(text_size), ctypes.byref(warnings))
    try:
        found = os.fsdecode(ctypes.string_at(model, model_size.value)) if model else None
        why = ctypes.string_at(text, text_size.value).decode("utf-8", "surrogateescape")
    finally:
        lib.anmkit_bytes_free(model)
        lib.anmkit_bytes_free(text)
    return SkeletonMatch(found, SkeletonReason(reason.value), why, _diagnostics(warnings))


# What a model shows (its own module; it builds on the helpers above).
from ._figure import (AlphaMode, Figure, Material, Mesh, MeshAnimation, MeshMorphs, MorphTarget,  # noqa: E402
                      Primitive, Texture, open_figure)
