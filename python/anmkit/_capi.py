"""The C API (include/anmkit/anmkit.h) as ctypes declarations: the one place that knows its
structs and signatures. Everything else in the package goes through `lib`. The structs are checked
at import against the library's own layouts (anmkit_abi_layout, _layout.py): a struct changed in
the header and not here refuses to load, naming the struct and the field."""
from __future__ import annotations

import ctypes
import os
import pathlib
import sys
from ctypes import (POINTER, Structure, c_char, c_char_p, c_double, c_float, c_int, c_int32, c_int64, c_size_t,
                    c_uint8, c_uint32, c_uint64, c_void_p)

from . import _layout


class Error_(Structure):
    _fields_ = [("code", c_int32), ("has_offset", c_int32), ("offset", c_uint64), ("pointer", c_char * 256),
                ("file", c_char * 1024), ("message", c_char * 1024), ("settings", c_char * 128),
                ("setting_at", c_uint32 * 4), ("setting_size", c_uint32 * 4)]


class FormatSetting(Structure):
    _fields_ = [("name", c_char_p), ("value", c_char_p)]


class FormatOption(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", c_char_p), ("help", c_char_p), ("kind", c_int32),
                ("when_opening", c_int32), ("when_importing", c_int32), ("excludes_skeleton", c_int32),
                ("max", c_uint64), ("choices", POINTER(c_char))]


class FormatInfo(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", c_char_p), ("title", c_char_p), ("skeletal", c_int32),
                ("sprite", c_int32), ("skeleton_extension", c_char_p), ("skeleton_lists_animations", c_int32),
                ("whole_frames_only", c_int32), ("convert_targets", POINTER(c_char)), ("import_targets", POINTER(c_char))]


class OpenOptions(Structure):
    _fields_ = [("struct_size", c_size_t), ("max_input_bytes", c_uint64), ("max_keys", c_uint64),
                ("max_pixels", c_uint64), ("max_frames", c_uint32), ("max_bones", c_uint32),
                ("max_sequences", c_uint32), ("skeleton", c_char_p), ("fps", c_double), ("tick_hz", c_double),
                ("format_settings", POINTER(FormatSetting)), ("format_setting_count", c_size_t),
                ("reference_roots", POINTER(c_char_p)), ("reference_root_count", c_size_t), ("no_meshes", c_int32),
                ("texture_dir", c_char_p), ("volumes", c_int32), ("files", c_void_p), ("kinds", c_uint32),
                ("max_json_depth", c_uint32)]


class FileKind(Structure):
    _fields_ = [("struct_size", c_size_t), ("format", c_char_p), ("name", c_char_p), ("extension", c_char_p),
                ("opens_as", c_uint32)]


class Diagnostic(Structure):
    _fields_ = [("struct_size", c_size_t), ("severity", c_int32), ("has_offset", c_int32), ("offset", c_uint64),
                ("id", c_char_p), ("message", c_char_p), ("pointer", c_char_p), ("settings", c_void_p),
                ("setting_at", c_uint32 * 4), ("setting_size", c_uint32 * 4)]


class GltfImportOptions(Structure):
    _fields_ = [("struct_size", c_size_t), ("target", c_char_p), ("animation", c_char_p), ("fps", c_double),
                ("tolerance", c_float), ("base", c_void_p), ("folder", c_char_p), ("max_input_bytes", c_uint64),
                ("format_settings", POINTER(FormatSetting)), ("format_setting_count", c_size_t),
                ("skeleton", c_char_p), ("max_json_depth", c_uint32)]


class SaveOptions(Structure):
    _fields_ = [("struct_size", c_size_t), ("overwrite_source", c_int32)]


class ModelSequence(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t),
                ("file", POINTER(c_char)), ("file_size", c_size_t), ("declared_by", POINTER(c_char)),
                ("declared_by_size", c_size_t), ("how_named", POINTER(c_char)), ("how_named_size", c_size_t),
                ("exists", c_int32), ("path", POINTER(c_char)), ("path_size", c_size_t)]


class ExportOptions(Structure):
    _fields_ = [("struct_size", c_size_t), ("scale", c_uint32), ("raw", c_int32), ("sequence", c_int64),
                ("flipbook", c_int32), ("flipbook_ticks", c_uint32), ("state", c_uint64),
                ("max_output_pixels", c_uint64), ("file_name", c_char_p), ("animation_name", c_char_p)]


class ClipInfo(Structure):
    _fields_ = [("struct_size", c_size_t), ("bone_count", c_uint32), ("joint_count", c_uint32),
                ("frame_count", c_uint32), ("loop", c_int32), ("fps", c_double), ("up_rotation", c_float * 4),
                ("metres_per_unit", c_float), ("to_right_handed", c_float * 3)]


class Bone(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t), ("joint", c_int32)]


class Joint(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t), ("parent", c_int32),
                ("mirrored", c_int32), ("translation", c_float * 3), ("rotation", c_float * 4), ("scale", c_float * 3),
                ("shown", c_int32)]


class PoseArrays(Structure):
    _fields_ = [("struct_size", c_size_t), ("capacity", c_size_t), ("translation", c_void_p), ("rotation", c_void_p),
                ("scale", c_void_p), ("visible", c_void_p), ("mirrored", c_void_p)]


class SpriteInfo(Structure):
    _fields_ = [("struct_size", c_size_t), ("width", c_uint32), ("height", c_uint32), ("frame_count", c_uint32),
                ("state_count", c_uint32), ("sequence_count", c_uint32), ("palette_size", c_uint32),
                ("planes", c_uint32), ("tick_hz", c_double)]


class Rect(Structure):
    _fields_ = [("x", c_uint32), ("y", c_uint32), ("width", c_uint32), ("height", c_uint32)]


class SpriteStep(Structure):
    _fields_ = [("state", c_uint32), ("ticks", c_uint32)]


class Mesh(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t), ("joint", c_int32),
                ("shown", c_int32), ("vertex_count", c_size_t), ("positions", c_void_p), ("normals", c_void_p),
                ("uvs", c_void_p), ("skin", POINTER(c_int32)), ("skin_size", c_size_t), ("joints", c_void_p),
                ("weights", c_void_p), ("primitive_count", c_size_t), ("target_count", c_size_t),
                ("collision", c_int32)]


class Primitive(Structure):
    _fields_ = [("struct_size", c_size_t), ("indices", c_void_p), ("index_count", c_size_t), ("material", c_int32)]


class Material(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t),
                ("base_colour", c_float * 4), ("base_texture", c_int32), ("normal_texture", c_int32),
                ("alpha_mode", c_int32), ("alpha_cutoff", c_float), ("double_sided", c_int32)]


class Texture(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t),
                ("path", POINTER(c_char)), ("path_size", c_size_t), ("width", c_uint32), ("height", c_uint32),
                ("rgba", c_void_p), ("rgba_size", c_size_t)]


class MorphKey(Structure):
    _fields_ = [("frame", c_uint32), ("target", c_int32)]


class MeshMorphs(Structure):
    _fields_ = [("struct_size", c_size_t), ("mesh", c_size_t), ("keys", POINTER(MorphKey)), ("key_count", c_size_t)]


class MorphTarget(Structure):
    _fields_ = [("struct_size", c_size_t), ("name", POINTER(c_char)), ("name_size", c_size_t),
                ("vertex_count", c_size_t), ("positions", c_void_p), ("normals", c_void_p)]


class BatchResult(Structure):
    _fields_ = [("struct_size", c_size_t), ("kind", c_int32), ("input", c_char_p), ("output", c_char_p),
                ("skipped_why", c_char_p), ("error", POINTER(Error_)), ("skeleton_looked_for", c_int32),
                ("skeleton", c_char_p), ("skeleton_why", c_char_p), ("warnings", c_void_p), ("bytes", c_uint64)]


class BatchOptions(Structure):
    _fields_ = [("struct_size", c_size_t), ("inputs", POINTER(c_char_p)), ("input_count", c_size_t), ("output", c_char_p),
                ("to", c_char_p), ("jobs", c_uint32), ("fail_fast", c_int32), ("skeleton_roots", POINTER(c_char_p)),
                ("skeleton_root_count", c_size_t), ("open", POINTER(OpenOptions))]


BatchSink = ctypes.CFUNCTYPE(c_int32, POINTER(BatchResult), c_void_p)


# Each Structure's struct in anmkit.h, in the header's order.
STRUCTS = {"anmkit_error": Error_, "anmkit_format_option": FormatOption, "anmkit_format_info": FormatInfo,
           "anmkit_format_setting": FormatSetting, "anmkit_open_options": OpenOptions, "anmkit_file_kind": FileKind,
           "anmkit_diagnostic": Diagnostic,
           "anmkit_save_options": SaveOptions, "anmkit_gltf_import_options": GltfImportOptions,
           "anmkit_model_sequence": ModelSequence, "anmkit_export_options": ExportOptions, "anmkit_clip_info": ClipInfo, "anmkit_bone": Bone, "anmkit_joint": Joint, "anmkit_pose_arrays": PoseArrays,
           "anmkit_sprite_info": SpriteInfo, "anmkit_rect": Rect, "anmkit_sprite_step": SpriteStep,
           "anmkit_mesh": Mesh, "anmkit_primitive": Primitive, "anmkit_material": Material, "anmkit_texture": Texture,
           "anmkit_morph_key": MorphKey, "anmkit_mesh_morphs": MeshMorphs, "anmkit_morph_target": MorphTarget,
           "anmkit_batch_result": BatchResult, "anmkit_batch_options": BatchOptions}


def sized(struct_type):
    """A struct whose struct_size is set, as the C API wants."""
    value = struct_type()
    value.struct_size = ctypes.sizeof(struct_type)
    return value


# The C library's file, by platform: what the build writes and the wheels and the add-on carry. A
# folder may hold more than one (the release add-on holds the Windows DLL and the Linux library;
# a build folder holds libanmkit_c.so, .so.0 and .so.0.1.0): the platform's own is taken, never
# another's.
_WINDOWS_NAME = "anmkit_c.dll"


def _is_versioned(name: str, stem: str, suffix: str) -> bool:
    """`name` is stem + suffix with a version: libanmkit_c.so.0.1.0 (Linux), libanmkit_c.0.dylib (macOS)."""
    if suffix == ".so":
        rest = name[len(stem + suffix):] if name.startswith(stem + suffix + ".") else ""
    else:
        rest = name[len(stem):-len(suffix)] if name.startswith(stem + ".") and name.endswith(suffix) else ""
    parts = rest.split(".")[1:]
    return bool(parts) and all(part.isdigit() for part in parts)


def library_file(platform: str, listing) -> "str | None":
    """The name of the C library for `platform` (a sys.platform value) among the file names of a
    folder, `listing`; None when the folder holds none for that platform. Windows (win32, cygwin):
    anmkit_c.dll; macOS (darwin): libanmkit_c.dylib, else its versioned names; any other platform
    (Linux, the BSDs): libanmkit_c.so, else libanmkit_c.so.N..., the shortest (the SONAME) first."""
    names = set(listing)
    if platform in ("win32", "cygwin"):
        return _WINDOWS_NAME if _WINDOWS_NAME in names else None
    suffix = ".dylib" if platform == "darwin" else ".so"
    plain = "libanmkit_c" + suffix
    if plain in names:
        return plain
    versioned = sorted((n for n in names if _is_versioned(n, "libanmkit_c", suffix)), key=lambda n: (len(n), n))
    return versioned[0] if versioned else None


def library_path(platform: str, folder: str, listing, override: "str | None" = None) -> str:
    """The library to load: `override` (ANMKIT_LIBRARY) when set, else library_file() in `folder`
    (this package's own folder, with its `listing`). Raises ImportError saying what was found."""
    if override:
        return override
    name = library_file(platform, listing)
    if name is not None:
        return os.path.join(folder, name)
    others = sorted(n for n in listing if n.startswith(("anmkit_c", "libanmkit_c")))
    found = f"; it holds {', '.join(others)}, which is for another platform" if others else ""
    wanted = library_file(platform, [_WINDOWS_NAME, "libanmkit_c.dylib", "libanmkit_c.so"])
    raise ImportError(f"anmkit: the C library for {platform} ({wanted}) is not in {folder}{found}; "
                      "install the package built for this platform, or set ANMKIT_LIBRARY to the library's path")


def _find_library() -> str:
    """The shared library: ANMKIT_LIBRARY, else the one shipped inside this package."""
    here = pathlib.Path(__file__).resolve().parent
    return library_path(sys.platform, str(here), [p.name for p in here.iterdir()], os.environ.get("ANMKIT_LIBRARY"))


def _load(path: str) -> ctypes.CDLL:
    """The library at `path`. On Windows its folder is added to the DLL search path first
    (os.add_dll_directory, Python 3.8 on): a library given by ANMKIT_LIBRARY may sit beside DLLs of
    its own, which Windows would not otherwise look for there. The release DLL needs none."""
    if sys.platform == "win32" and hasattr(os, "add_dll_directory"):
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(folder):
            _dll_directories.append(os.add_dll_directory(folder))
    return ctypes.CDLL(path)


_dll_directories: list = []  # kept: closing one takes its folder off the search path again


def _check_layouts(library: ctypes.CDLL, path: str) -> None:
    """Refuses a library whose structs are not the ones declared above."""
    try:
        layout = library.anmkit_abi_layout
    except AttributeError:
        raise _layout.LayoutMismatch(f"anmkit: {path} has no anmkit_abi_layout: it is older than this package, whose "
                                     "structs it cannot be checked against") from None
    layout.restype, layout.argtypes = c_char_p, []
    _layout.check_structures(layout().decode(), STRUCTS)


_path = _find_library()
lib = _load(_path)
_check_layouts(lib, _path)

_status = c_int
_err = POINTER(Error_)
_doc = c_void_p
_SIGNATURES = {
    "anmkit_status_name": (c_char_p, [c_int32]),
    "anmkit_library_version": (c_char_p, []),
    "anmkit_format_name": (c_char_p, [c_size_t]),
    "anmkit_detect": (c_char_p, [c_void_p, c_size_t]),
    "anmkit_abi_layout": (c_char_p, []),
    "anmkit_open_options_init": (None, [POINTER(OpenOptions)]),
    "anmkit_setting_range": (_status, [c_char_p, POINTER(c_double), POINTER(c_double), _err]),
    "anmkit_format_option_get": (_status, [c_size_t, POINTER(FormatOption), _err]),
    "anmkit_format_info_get": (_status, [c_size_t, POINTER(FormatInfo), _err]),
    "anmkit_file_kind_get": (_status, [c_size_t, POINTER(FileKind), _err]),
    "anmkit_import_target": (c_char_p, [_doc]),
    "anmkit_open_file": (_status, [c_char_p, POINTER(OpenOptions), POINTER(_doc), _err]),
    "anmkit_open_memory": (_status, [c_void_p, c_size_t, c_char_p, POINTER(OpenOptions), POINTER(_doc), _err]),
    "anmkit_from_json": (_status, [c_char_p, c_size_t, c_char_p, POINTER(OpenOptions), POINTER(_doc), _err]),
    "anmkit_free": (None, [_doc]),
    "anmkit_format": (c_char_p, [_doc]),
    "anmkit_kind": (c_char_p, [_doc]),
    "anmkit_sequence_count": (c_size_t, [_doc]),
    "anmkit_sequence_get": (_status, [_doc, c_size_t, POINTER(ModelSequence), _err]),
    "anmkit_version": (c_char_p, [_doc]),
    "anmkit_is_skeletal": (c_int, [_doc]),
    "anmkit_is_sprite": (c_int, [_doc]),
    "anmkit_validate": (_status, [_doc, POINTER(c_void_p), _err]),
    "anmkit_diagnostics_count": (c_size_t, [c_void_p]),
    "anmkit_diagnostics_count_severity": (c_size_t, [c_void_p, c_int32]),
    "anmkit_diagnostics_get": (_status, [c_void_p, c_size_t, POINTER(Diagnostic), _err]),
    "anmkit_diagnostics_free": (None, [c_void_p]),
    "anmkit_write": (_status, [_doc, POINTER(POINTER(c_uint8)), POINTER(c_size_t), _err]),
    "anmkit_save_options_init": (None, [POINTER(SaveOptions)]),
    "anmkit_save": (_status, [_doc, c_char_p, POINTER(SaveOptions), _err]),
    "anmkit_to_json": (_status, [_doc, c_int, POINTER(POINTER(c_char)), POINTER(c_size_t), _err]),
    "anmkit_summary": (_status, [_doc, c_int, POINTER(POINTER(c_char)), POINTER(c_size_t), _err]),
    "anmkit_to_gltf": (_status, [_doc, c_int, POINTER(POINTER(c_uint8)), POINTER(c_size_t), _err]),
    "anmkit_bytes_free": (None, [c_void_p]),
    "anmkit_gltf_import_options_init": (None, [POINTER(GltfImportOptions)]),
    "anmkit_from_gltf": (_status, [c_void_p, c_size_t, c_char_p, POINTER(GltfImportOptions), POINTER(_doc),
                                   POINTER(c_void_p), _err]),
    "anmkit_model_to_gltf": (_status, [c_char_p, POINTER(OpenOptions), c_int, POINTER(POINTER(c_uint8)),
                                       POINTER(c_size_t), POINTER(c_void_p), _err]),
    "anmkit_model_with_sequence": (_status, [c_char_p, c_char_p, c_char_p, POINTER(OpenOptions), POINTER(POINTER(c_uint8)),
                                             POINTER(c_size_t), _err]),
    "anmkit_files_new": (_status, [POINTER(c_void_p), _err]),
    "anmkit_files_add": (_status, [c_void_p, c_char_p, c_void_p, c_size_t, _err]),
    "anmkit_files_declare": (_status, [c_void_p, c_char_p, _err]),
    "anmkit_files_free": (None, [c_void_p]),
    "anmkit_batch_options_init": (None, [POINTER(BatchOptions)]),
    "anmkit_batch": (_status, [POINTER(BatchOptions), BatchSink, c_void_p, POINTER(c_uint64), _err]),
    "anmkit_convert": (_status, [_doc, c_char_p, POINTER(_doc), _err]),
    "anmkit_edit_time": (_status, [_doc, c_char_p, POINTER(_doc), POINTER(c_void_p), _err]),
    "anmkit_export_kind": (c_char_p, [c_size_t]),
    "anmkit_export_options_init": (None, [POINTER(ExportOptions)]),
    "anmkit_export": (_status, [_doc, c_char_p, POINTER(ExportOptions), POINTER(c_void_p), POINTER(c_void_p), _err]),
    "anmkit_export_save": (_status, [_doc, c_char_p, POINTER(ExportOptions), c_char_p, POINTER(SaveOptions),
                                     POINTER(c_void_p), _err]),
    "anmkit_exported_count": (c_size_t, [c_void_p]),
    "anmkit_exported_file": (_status, [c_void_p, c_size_t, POINTER(c_char_p), POINTER(POINTER(c_uint8)),
                                       POINTER(c_size_t), _err]),
    "anmkit_exported_free": (None, [c_void_p]),
    "anmkit_clip_info_get": (_status, [_doc, POINTER(ClipInfo), _err]),
    "anmkit_bone_get": (_status, [_doc, c_uint32, POINTER(Bone), _err]),
    "anmkit_joint_get": (_status, [_doc, c_uint32, POINTER(Joint), _err]),
    "anmkit_sampler_new": (_status, [_doc, POINTER(c_void_p), _err]),
    "anmkit_sampler_free": (None, [c_void_p]),
    "anmkit_sample": (_status, [c_void_p, c_double, POINTER(PoseArrays), _err]),
    "anmkit_sample_frames": (_status, [c_void_p, c_uint32, c_uint32, POINTER(PoseArrays), _err]),
    "anmkit_sprite_info_get": (_status, [_doc, POINTER(SpriteInfo), _err]),
    "anmkit_sprite_palette": (_status, [_doc, c_void_p, c_size_t, _err]),
    "anmkit_sprite_frame_rect": (_status, [_doc, c_uint32, POINTER(Rect), POINTER(Rect), _err]),
    "anmkit_sprite_frame_pixels": (_status, [_doc, c_uint32, c_void_p, c_size_t, _err]),
    "anmkit_sprite_state_pixels": (_status, [_doc, c_uint32, c_void_p, c_size_t, _err]),
    "anmkit_sprite_sequence": (_status, [_doc, c_uint32, POINTER(SpriteStep), c_size_t, POINTER(c_size_t), _err]),
    "anmkit_sprite_replace_frame": (_status, [_doc, c_uint32, c_uint32, c_uint32, c_void_p, c_void_p, c_uint32,
                                              POINTER(_doc), _err]),
    "anmkit_figure_open": (_status, [c_char_p, POINTER(OpenOptions), POINTER(c_void_p), POINTER(c_void_p), _err]),
    "anmkit_document_figure": (_status, [c_void_p, POINTER(c_void_p), POINTER(c_void_p), _err]),
    "anmkit_document_files_wanted": (_status, [_doc, POINTER(POINTER(c_char_p)), POINTER(c_size_t), _err]),
    "anmkit_figure_free": (None, [c_void_p]),
    "anmkit_figure_joint_count": (c_size_t, [c_void_p]),
    "anmkit_figure_mesh_count": (c_size_t, [c_void_p]),
    "anmkit_figure_material_count": (c_size_t, [c_void_p]),
    "anmkit_figure_texture_count": (c_size_t, [c_void_p]),
    "anmkit_figure_joint_get": (_status, [c_void_p, c_size_t, POINTER(Joint), _err]),
    "anmkit_figure_mesh_get": (_status, [c_void_p, c_size_t, POINTER(Mesh), _err]),
    "anmkit_figure_primitive_get": (_status, [c_void_p, c_size_t, c_size_t, POINTER(Primitive), _err]),
    "anmkit_figure_material_get": (_status, [c_void_p, c_size_t, POINTER(Material), _err]),
    "anmkit_figure_texture_get": (_status, [c_void_p, c_size_t, POINTER(Texture), _err]),
    "anmkit_figure_add_mesh_animation": (_status, [c_void_p, _doc, c_char_p, POINTER(c_size_t), POINTER(c_void_p),
                                                   _err]),
    "anmkit_figure_animation_count": (c_size_t, [c_void_p]),
    "anmkit_figure_morphs_count": (c_size_t, [c_void_p, c_size_t]),
    "anmkit_figure_morphs_get": (_status, [c_void_p, c_size_t, c_size_t, POINTER(MeshMorphs), _err]),
    "anmkit_figure_target_get": (_status, [c_void_p, c_size_t, c_size_t, POINTER(MorphTarget), _err]),
}
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes

# The skeleton search (anmkit_find_skeleton), apart from the table above.
lib.anmkit_find_skeleton.restype = _status
lib.anmkit_find_skeleton.argtypes = [c_char_p, POINTER(c_char_p), c_size_t, POINTER(OpenOptions),
                                     POINTER(POINTER(c_char)), POINTER(c_size_t), POINTER(c_int32),
                                     POINTER(POINTER(c_char)), POINTER(c_size_t), POINTER(c_void_p), _err]

INVALID_ARGUMENT = 11  # ANMKIT_ERROR_INVALID_ARGUMENT
IMPORT_REMAP = 1
IMPORT_RESIZE = 2
SEVERITY_ERROR = 1
