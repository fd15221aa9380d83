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
    options = next(s for s in layout()["structs"] if s["name"] == "anmkit_open_options")
    assert options["size"] == ctypes.sizeof(_capi.OpenOptions) == 80
    assert options["fields"][-2:] == [{"name": "fps", "offset": 64, "size": 8, "type": "f64"},
                                      {"name": "tick_hz", "offset": 72, "size": 8, "type": "f64"}]
    error = next(s for s in layout()["structs"] if s["name"] == "anmkit_error")
    assert error["fields"][-1] == {"name": "message", "offset": 1296, "size": 1024, "type": "char[1024]"}


def test_type_names():
    assert [_layout.type_name(t) for t in (c_size_t, c_uint32, ctypes.c_int32, c_float, c_double, c_char_p,
                                           ctypes.POINTER(ctypes.c_char), ctypes.c_char * 256, c_float * 4,
                                           ctypes.c_uint8, ctypes.c_int16)] == \
        ["u64", "u32", "i32", "f32", "f64", "ptr", "ptr", "char[256]", "f32[4]", "u8", "i16"]


# OpenOptions as _capi.py declares it, with `change` applied to its fields.
def open_options_like(change):
    fields = list(_capi.OpenOptions._fields_)
    change(fields)
    return type("OpenOptions", (Structure,), {"_fields_": fields})


def refusal(structure, text=None):
    with pytest.raises(_layout.LayoutMismatch) as caught:
        _layout.check_structures(text or _capi.lib.anmkit_abi_layout().decode(), {"anmkit_open_options": structure})
    return str(caught.value)


AFTER = " (the library and python/anmkit/_capi.py come from different versions of anmkit.h)"


def test_a_field_of_the_wrong_type_is_refused():
    def fps_as_float(fields):
        fields[10] = ("fps", c_float)
    assert refusal(open_options_like(fps_as_float)) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: field 'fps' is at byte 64 "
        "(f64, 8 bytes) in the library, at byte 64 (f32, 4 bytes) here" + AFTER)


def test_a_field_the_package_lacks_is_refused():
    assert refusal(open_options_like(lambda fields: fields.pop(11))) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: the library's has field "
        "'tick_hz' (after 'fps'), which OpenOptions lacks" + AFTER)


def test_a_field_the_library_lacks_is_refused():
    assert refusal(open_options_like(lambda fields: fields.insert(8, ("max_events", c_uint32)))) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: OpenOptions has field "
        "'max_events', which the library's lacks" + AFTER)


def test_fields_out_of_order_are_refused():
    def swap(fields):
        fields[10], fields[11] = fields[11], fields[10]
    assert refusal(open_options_like(swap)) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: field 10 is 'fps' in the "
        "library, 'tick_hz' here" + AFTER)


def test_a_field_added_to_the_header_is_refused():
    # What a header with `uint64_t max_events;` after max_pixels reports: the package's declaration refused.
    def add_max_events(structs):
        fields = structs["anmkit_open_options"]["fields"]
        fields.insert(4, {"name": "max_events", "offset": 32, "size": 8, "type": "u64"})
        for f in fields[5:]:
            f["offset"] += 8
        structs["anmkit_open_options"]["size"] += 8
    assert refusal(_capi.OpenOptions, text_with(add_max_events)) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: the library's has field "
        "'max_events' (after 'max_pixels'), which OpenOptions lacks" + AFTER)


def test_a_struct_of_another_size_is_refused():
    def tail_padding(structs):
        structs["anmkit_open_options"]["size"] = 88
    assert refusal(_capi.OpenOptions, text_with(tail_padding)) == (
        "anmkit: the library's anmkit_open_options and this package's OpenOptions differ: it is 88 bytes in the "
        "library, 80 here" + AFTER)


def test_a_struct_the_library_lacks_is_refused():
    def remove(structs):
        structs["anmkit_open_options"]["name"] = "anmkit_open_options_v2"
    assert refusal(_capi.OpenOptions, text_with(remove)) == (
        "anmkit: the library has no struct anmkit_open_options, which this package declares as OpenOptions (the "
        "library is older than python/anmkit/_capi.py)")


def test_a_library_without_the_layout_is_refused_at_import():
    # libc has no anmkit_abi_layout: the import stops there, before any struct is used.
    libc = ctypes.util.find_library("c")
    env = dict(os.environ, ANMKIT_LIBRARY=libc)
    run = subprocess.run([sys.executable, "-c", "import anmkit"], env=env, capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines()[-1] == (
        f"anmkit._layout.LayoutMismatch: anmkit: {libc} has no anmkit_abi_layout: it is older than this package, "
        "whose structs it cannot be checked against")
