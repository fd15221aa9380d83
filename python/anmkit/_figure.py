"""What a model file shows on its skeleton (anmkit.h's anmkit_figure): meshes with their vertex
arrays, materials, decoded textures, and a clip's mesh animation as morph targets. Every array is
copied out of the library when it is read, so the values outlive the figure."""
from __future__ import annotations

import array
import ctypes
import enum
import os
import threading
from dataclasses import dataclass
from typing import Any, List, NamedTuple, Optional, Tuple

from . import (Diagnostic, Document, Joint, PathLike, _call, _decode, _diagnostics, _name, _np, _options, _path,
               _shaped, _text, have_numpy)
from . import _capi
from ._capi import lib, sized

# The C arrays' element types: array.array's code, NumPy's type, the bytes of one.
_FLOAT32, _UINT16, _UINT32 = ("f", "float32", 4), ("H", "uint16", 2), ("I", "uint32", 4)


def _array(address: Optional[int], shape: Tuple[int, ...], kind: Tuple[str, str, int]) -> Any:
    """A copy of the C array at `address` as a NumPy array of `shape`, or nested lists without
    NumPy; None for a NULL (an array the mesh does not have). An empty shape needs no address."""
    count = 1
    for n in shape:
        count *= n
    code, numpy_type, size = kind
    if not address and count:
        return None
    if have_numpy():
        values = _np.empty(shape, dtype=numpy_type)
        if count:
            ctypes.memmove(values.ctypes.data, address, count * size)
        return values
    values = array.array(code)
    if count:
        values.frombytes(ctypes.string_at(address, count * size))
    return _shaped(values, shape)


class AlphaMode(enum.IntEnum):
    """How a material's alpha is drawn (anmkit.h's anmkit_alpha_mode; glTF's alphaMode)."""
    OPAQUE = 0  # alpha ignored
    MASK = 1    # texels whose alpha is below alpha_cutoff are not drawn, the rest opaque
    BLEND = 2   # blended by alpha


@dataclass(frozen=True)
class Primitive:
    """A mesh's triangles of one material: `indices` three a triangle, counter-clockwise around
    the front face, each below the mesh's vertex count (uint32)."""
    indices: Any
    material: int  # index into Figure.materials, -1 for none


@dataclass(frozen=True)
class Mesh:
    """A mesh on a joint of the model's skeleton, its vertices in that joint's rest frame:
    (vertices, n) arrays of positions (n=3), normals (3) and uvs (2, v = 0 at the picture's top
    row), float32; a skinned mesh's joints (4 places in `skin` a vertex, uint16) and weights (4,
    float32). An array the mesh does not have is None. A collision volume (open_figure(...,
    volumes=True)) has `collision` True, comes after the meshes, is named after its {Volume} and
    has neither normals nor uvs."""
    name: str
    name_bytes: bytes
    joint: int   # the skeleton joint whose rest frame holds the vertices, -1 for none
    shown: bool  # at rest; False: hidden until an animation shows it
    positions: Any
    normals: Any
    uvs: Any
    skin: List[int]  # skeleton joints (skin[0] the mesh's own); [] for a rigid mesh
    joints: Any
    weights: Any
    primitives: List[Primitive]
    collision: bool = False


@dataclass(frozen=True)
class Material:
    name: str
    name_bytes: bytes
    base_colour: Tuple[float, float, float, float]  # RGBA 0..1, multiplied with the base texture
    base_texture: int    # index into Figure.textures, -1 for none
    normal_texture: int  # a tangent-space normal map, -1 for none
    alpha_mode: AlphaMode
    alpha_cutoff: float  # AlphaMode.MASK's threshold
    double_sided: bool


@dataclass(frozen=True)
class Texture:
    """A picture a material names, decoded: `rgba` is (height, width, 4) uint8, top row first
    (without NumPy: the same bytes, row after row, as `bytes`); None when it was not found or not
    decoded (the figure's warnings say why)."""
    name: str
    name_bytes: bytes
    path: str  # the file it was found in; "" when it was not
    width: int
    height: int
    rgba: Any


@dataclass(frozen=True)
class MorphTarget:
    """A shape of a mesh: (vertices, 3) float32 differences from its positions and normals
    (normals None when the mesh has none)."""
    name: str  # "NAME FRAME": the animation's name, the frame of the key that made it
    positions: Any
    normals: Any


@dataclass(frozen=True)
class MeshMorphs:
    """One mesh's part of a mesh animation: from each key's frame on, until the next key, the mesh
    shows `targets[target]` in full, or its own shape for -1."""
    mesh: int  # index into Figure.meshes
    keys: List[Tuple[int, int]]  # (frame, target), in frame order
    targets: List[MorphTarget]


class MeshAnimation(NamedTuple):
    """What Figure.mesh_animation() made: the meshes it morphs, and the keys it cannot show."""
    morphs: List[MeshMorphs]
    warnings: List[Diagnostic]


class Figure:
    """What a model file shows on its skeleton (open_figure()): `joints` (the skeleton), `meshes`,
    `materials`, `textures` and the `warnings` of what is missing. The values are copies;
    the figure is kept for mesh_animation() until close()."""

    def __init__(self, handle: int, name: str, warnings: List[Diagnostic]):
        self._handle = ctypes.c_void_p(handle)
        self._lock = threading.Lock()  # mesh_animation() and close() one at a time
        self.name = name
        self.warnings = warnings
        try:
            self.joints = [self._joint(i) for i in range(lib.anmkit_figure_joint_count(self._handle))]
            self.meshes = [self._mesh(i) for i in range(lib.anmkit_figure_mesh_count(self._handle))]
            self.materials = [self._material(i) for i in range(lib.anmkit_figure_material_count(self._handle))]
            self.textures = [self._texture(i) for i in range(lib.anmkit_figure_texture_count(self._handle))]
        except BaseException:
            self.close()
            raise

    def __del__(self) -> None:
        self.close()

    def close(self) -> None:
        """Releases the library's figure now (also done when it is garbage-collected); the values
        read stay. mesh_animation() raises ValueError after it."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            handle, self._handle = self._handle, ctypes.c_void_p()
        if handle.value:
            lib.anmkit_figure_free(handle)

    def __enter__(self) -> "Figure":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<anmkit.Figure {self.name!r}: {len(self.meshes)} meshes, {len(self.materials)} materials, " \
               f"{len(self.textures)} textures>"

    def _joint(self, index: int) -> Joint:
        j = sized(_capi.Joint)
        _call(lib.anmkit_figure_joint_get, self._handle, index, ctypes.byref(j))
        name = _name(j.name, j.name_size)
        return Joint(_decode(name), name, j.parent, tuple(j.translation), tuple(j.rotation), tuple(j.scale),
                     bool(j.mirrored), bool(j.shown))

    def _mesh(self, index: int) -> Mesh:
        m = sized(_capi.Mesh)
        _call(lib.anmkit_figure_mesh_get, self._handle, index, ctypes.byref(m))
        n = m.vertex_count
        primitives = []
        for p in range(m.primitive_count):
            c = sized(_capi.Primitive)
            _call(lib.anmkit_figure_primitive_get, self._handle, index, p, ctypes.byref(c))
            primitives.append(Primitive(_array(c.indices, (c.index_count,), _UINT32), c.material))
        name = _name(m.name, m.name_size)
        return Mesh(_decode(name), name, m.joint, bool(m.shown), _array(m.positions, (n, 3), _FLOAT32),
                    _array(m.normals, (n, 3), _FLOAT32) if m.normals else None,
                    _array(m.uvs, (n, 2), _FLOAT32) if m.uvs else None,
                    [m.skin[i] for i in range(m.skin_size)],
                    _array(m.joints, (n, 4), _UINT16) if m.joints else None,
                    _array(m.weights, (n, 4), _FLOAT32) if m.weights else None, primitives, bool(m.collision))

    def _material(self, index: int) -> Material:
        m = sized(_capi.Material)
        _call(lib.anmkit_figure_material_get, self._handle, index, ctypes.byref(m))
        name = _name(m.name, m.name_size)
        return Material(_decode(name), name, tuple(m.base_colour), m.base_texture, m.normal_texture,
                        AlphaMode(m.alpha_mode), m.alpha_cutoff, bool(m.double_sided))

    def _texture(self, index: int) -> Texture:
        t = sized(_capi.Texture)
        _call(lib.anmkit_figure_texture_get, self._handle, index, ctypes.byref(t))
        rgba = None
        if t.rgba:
            rgba = _array(t.rgba, (t.height, t.width, 4), ("B", "uint8", 1)) if have_numpy() else \
                ctypes.string_at(t.rgba, t.rgba_size)  # nested lists of every pixel would be too many
        name = _name(t.name, t.name_size)
        return Texture(_decode(name), name, _decode(_name(t.path, t.path_size)), t.width, t.height, rgba)

    def _target(self, mesh: int, index: int) -> MorphTarget:
        t = sized(_capi.MorphTarget)
        _call(lib.anmkit_figure_target_get, self._handle, mesh, index, ctypes.byref(t))
        n = t.vertex_count
        return MorphTarget(_decode(_name(t.name, t.name_size)), _array(t.positions, (n, 3), _FLOAT32),
                           _array(t.normals, (n, 3), _FLOAT32) if t.normals else None)

    def mesh_animation(self, document: Document, name: Optional[str] = None) -> MeshAnimation:
        """The mesh animation of `document`'s clip (GEM: its MESH keys) on this figure's meshes:
        per mesh it morphs, its keys and the shapes they show, named "NAME FRAME" (`name`
        None: the document's file name without its extension); and the keys it cannot show."""
        if not isinstance(document, Document):
            raise TypeError(f"document must be a Document, found {type(document).__name__}")
        encoded = None if name is None else _text(name, "the name")
        with self._lock:
            if not self._handle.value:
                raise ValueError("the figure is closed")
            animation, warnings = ctypes.c_size_t(), ctypes.c_void_p()
            with document._hold():
                _call(lib.anmkit_figure_add_mesh_animation, self._handle, document._live(), encoded,
                      ctypes.byref(animation), ctypes.byref(warnings))
            found = _diagnostics(warnings)
            morphs = []
            for index in range(lib.anmkit_figure_morphs_count(self._handle, animation.value)):
                m = sized(_capi.MeshMorphs)
                _call(lib.anmkit_figure_morphs_get, self._handle, animation.value, index, ctypes.byref(m))
                keys = [(m.keys[k].frame, m.keys[k].target) for k in range(m.key_count)]
                # The mesh's targets these keys show, numbered from 0 here.
                shown = sorted({target for _, target in keys if target >= 0})
                place = {target: i for i, target in enumerate(shown)}
                morphs.append(MeshMorphs(m.mesh, [(frame, place.get(target, -1)) for frame, target in keys],
                                         [self._target(m.mesh, target) for target in shown]))
        return MeshAnimation(morphs, found)


def open_figure(path: PathLike, *, texture_dir: Optional[PathLike] = None, meshes: bool = True,
                volumes: bool = False, **options: Any) -> Figure:
    """What the model file at `path` shows on its skeleton (GEM .mdl: its .ply meshes, .mtl
    materials and textures, decoded), read as the game finds the files. `texture_dir` is the
    game's shared texture folder (resource/texture), where "$/..." textures are; meshes=False
    reads the skeleton alone; volumes=True adds the collision volumes after the meshes
    (Mesh.collision); limits (max_input_bytes=...) and reference_roots=[...] as for open()."""
    c_options = _options(None, None, None, dict(options, texture_dir=texture_dir, meshes=meshes, volumes=volumes))
    out, warnings = ctypes.c_void_p(), ctypes.c_void_p()
    _call(lib.anmkit_figure_open, _path(path), ctypes.byref(c_options), ctypes.byref(out), ctypes.byref(warnings))
    return _handed(out, warnings, os.fsdecode(path))


def document_figure(document: Document) -> Figure:
    """Document.figure(): what a model document shows, read with the options it was opened with."""
    out, warnings = ctypes.c_void_p(), ctypes.c_void_p()
    _call(lib.anmkit_document_figure, document._live(), ctypes.byref(out), ctypes.byref(warnings))
    return _handed(out, warnings, document.name)


def _handed(out: ctypes.c_void_p, warnings: ctypes.c_void_p, name: str) -> Figure:
    """The figure the library handed out, with its warnings; freed if taking them fails."""
    try:
        found = _diagnostics(warnings)
    except BaseException:
        lib.anmkit_figure_free(out)
        raise
    return Figure(out.value, name, found)
