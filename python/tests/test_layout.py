"""The package's ctypes Structures against the library's layouts (anmkit_abi_layout): the check that
runs at import accepts the real ones and refuses a wrong one, naming the struct and the field."""
import ctypes
import ctypes.util
import json
import os
import subprocess
import sys
from ctypes import Structure, c_char_p, c_double, c_float, c_size_t, c_uint32

import pytest

from anmkit import _capi, _layout


def layout():
    return json.loads(_capi.lib.anmkit_abi_layout().decode())


def text_with(change):
    """The library's layout text after `change(structs_by_name)`: a header the package does not match."""
    described = layout()
    change({s["name"]: s for s in described["structs"]})
    return json.dumps(described)


def test_every_struct_of_the_library_has_its_structure_in_header_order():
    assert [s["name"] for s in layout()["structs"]] == list(_capi.STRUCTS)
    _layout.check_structures(_capi.lib.anmkit_abi_layout().decode(), _capi.STRUCTS)


def test_the_layout_is_the_compilers():
    structs = {s["name"]: s for s in layout()["structs"]}
    assert structs["anmkit_error"]["size"] == 2480
    assert structs["anmkit_error"]["fields"][5:] == [
        {"name": "message", "offset": 1296, "size": 1024, "type": "char[1024]"},
        {"name": "settings", "offset": 2320, "size": 128, "type": "char[128]"},
        {"name": "setting_at", "offset": 2448, "size": 16, "type": "u32[4]"},
        {"name": "setting_size", "offset": 2464, "size": 16, "type": "u32[4]"}]
    clip_info = structs["anmkit_clip_info"]
    assert (clip_info["size"], clip_info["align"]) == (64, 8)
    assert clip_info["fields"][4:] == [{"name": "loop", "offset": 20, "size": 4, "type": "i32"},
                                       {"name": "fps", "offset": 24, "size": 8, "type": "f64"},
                                       {"name": "up_rotation", "offset": 32, "size": 16, "type": "f32[4]"},
                                       {"name": "metres_per_unit", "offset": 48, "size": 4, "type": "f32"},
                                       {"name": "to_right_handed", "offset": 52, "size": 12, "type": "f32[3]"}]
    # What a model shows: three fields near the end of the open options, then the file source, the
    # kinds of file opened and the JSON limit, and the figure's structs.
    options = structs["anmkit_open_options"]
    assert (options["size"], options["fields"][-6:]) == (144, [
        {"name": "no_meshes", "offset": 104, "size": 4, "type": "i32"},
        {"name": "texture_dir", "offset": 112, "size": 8, "type": "ptr"},
        {"name": "volumes", "offset": 120, "size": 4, "type": "i32"},
        {"name": "files", "offset": 128, "size": 8, "type": "ptr"},
        {"name": "kinds", "offset": 136, "size": 4, "type": "u32"},
        {"name": "max_json_depth", "offset": 140, "size": 4, "type": "u32"}])
    assert [(name, structs[name]["size"]) for name in ("anmkit_mesh", "anmkit_primitive", "anmkit_material",
                                                       "anmkit_texture", "anmkit_morph_key", "anmkit_mesh_morphs",
                                                       "anmkit_morph_target")] == \
        [("anmkit_mesh", 120), ("anmkit_primitive", 32), ("anmkit_material", 64), ("anmkit_texture", 64),
         ("anmkit_morph_key", 8), ("anmkit_mesh_morphs", 32), ("anmkit_morph_target", 48)]
    assert structs["anmkit_mesh"]["fields"][10:13] == [{"name": "skin_size", "offset": 72, "size": 8, "type": "u64"},
                                                       {"name": "joints", "offset": 80, "size": 8, "type": "ptr"},
                                                       {"name": "weights", "offset": 88, "size": 8, "type": "ptr"}]
    assert structs["anmkit_mesh"]["fields"][-1] == {"name": "collision", "offset": 112, "size": 4, "type": "i32"}


def test_type_names():
    assert [_layout.type_name(t) for t in (c_size_t, c_uint32, ctypes.c_int32, c_float, c_double, c_char_p,
                                           ctypes.POINTER(ctypes.c_char), ctypes.c_char * 256, c_float * 4,
                                           ctypes.c_uint8, ctypes.c_int16)] == \
        ["u64", "u32", "i32", "f32", "f64", "ptr", "ptr", "char[256]", "f32[4]", "u8", "i16"]


# ClipInfo as _capi.py declares it (a struct no one plans to change), with `change` applied to its fields.
def clip_info_like(change):
    fields = list(_capi.ClipInfo._fields_)
    change(fields)
    return type("ClipInfo", (Structure,), {"_fields_": fields})


def refusal(structure, text=None):
    with pytest.raises(_layout.LayoutMismatch) as caught:
        _layout.check_structures(text or _capi.lib.anmkit_abi_layout().decode(), {"anmkit_clip_info": structure})
    return str(caught.value)


DIFFER = "anmkit: the library's anmkit_clip_info and this package's ClipInfo differ: "
AFTER = " (the library and python/anmkit/_capi.py come from different versions of anmkit.h)"


def test_a_field_of_the_wrong_type_is_refused():
    def fps_as_float(fields):
        fields[5] = ("fps", c_float)
    assert refusal(clip_info_like(fps_as_float)) == (
        DIFFER + "field 'fps' is at byte 24 (f64, 8 bytes) in the library, at byte 24 (f32, 4 bytes) here" + AFTER)


def test_a_field_the_package_lacks_is_refused():
    assert refusal(clip_info_like(lambda fields: fields.pop(7))) == (
        DIFFER + "the library's has field 'metres_per_unit' (after 'up_rotation'), which ClipInfo lacks" + AFTER)


def test_a_field_the_library_lacks_is_refused():
    assert refusal(clip_info_like(lambda fields: fields.insert(5, ("duration", c_double)))) == (
        DIFFER + "ClipInfo has field 'duration', which the library's lacks" + AFTER)


def test_fields_out_of_order_are_refused():
    def swap(fields):
        fields[1], fields[2] = fields[2], fields[1]
    assert refusal(clip_info_like(swap)) == (DIFFER + "field 1 is 'bone_count' in the library, 'joint_count' here" + AFTER)


def test_a_field_added_to_the_header_is_refused():
    # What a header with `uint32_t event_count;` after `loop` reports: fps and what follows move 8 bytes.
    def add_event_count(structs):
        fields = structs["anmkit_clip_info"]["fields"]
        fields.insert(5, {"name": "event_count", "offset": 24, "size": 4, "type": "u32"})
        for f in fields[6:]:
            f["offset"] += 8
        structs["anmkit_clip_info"]["size"] += 8
    assert refusal(_capi.ClipInfo, text_with(add_event_count)) == (
        DIFFER + "the library's has field 'event_count' (after 'loop'), which ClipInfo lacks" + AFTER)


def test_a_field_at_another_offset_is_refused():
    def moved(structs):
        structs["anmkit_clip_info"]["fields"][6]["offset"] = 36
    assert refusal(_capi.ClipInfo, text_with(moved)) == (
        DIFFER + "field 'up_rotation' is at byte 36 (f32[4], 16 bytes) in the library, at byte 32 (f32[4], 16 bytes) "
        "here" + AFTER)


def test_a_struct_of_another_size_is_refused():
    def tail_padding(structs):
        structs["anmkit_clip_info"]["size"] = 72
    assert refusal(_capi.ClipInfo, text_with(tail_padding)) == (
        DIFFER + "it is 72 bytes in the library, 64 here" + AFTER)


def test_a_struct_the_library_lacks_is_refused():
    def rename(structs):
        structs["anmkit_clip_info"]["name"] = "anmkit_clip_info_v2"
    assert refusal(_capi.ClipInfo, text_with(rename)) == (
        "anmkit: the library has no struct anmkit_clip_info, which this package declares as ClipInfo (the library "
        "is older than python/anmkit/_capi.py)")


def test_a_layout_that_is_not_json_is_refused():
    with pytest.raises(_layout.LayoutMismatch) as caught:
        _layout.check_structures("{", _capi.STRUCTS)
    assert str(caught.value).startswith("anmkit: the library's anmkit_abi_layout is not a layout (")


def test_a_library_without_the_layout_is_refused_at_import():
    # libc has no anmkit_abi_layout: the import stops there, before any struct is used.
    libc = ctypes.util.find_library("c")
    env = dict(os.environ, ANMKIT_LIBRARY=libc)
    run = subprocess.run([sys.executable, "-c", "import anmkit"], env=env, capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines()[-1] == (
        f"anmkit._layout.LayoutMismatch: anmkit: {libc} has no anmkit_abi_layout: it is older than this package, "
        "whose structs it cannot be checked against")
