"""The package's ctypes Structures checked against the library's own layouts (anmkit_abi_layout:
the compiler's sizeof and offsetof of every struct in anmkit.h). A struct changed in the header and
not in _capi.py refuses to load, naming the struct and the field, instead of reading wrong bytes."""
from __future__ import annotations

import ctypes
import json
from typing import Dict, List


class LayoutMismatch(ImportError):
    """The library and this package were built from different versions of anmkit.h."""


def type_name(ctype) -> str:
    """A ctypes type in the layout's words: u8 .. u64, i8 .. i64, f32, f64, char, ptr, TYPE[COUNT]."""
    if issubclass(ctype, ctypes.Array):
        return f"{type_name(ctype._type_)}[{ctype._length_}]"
    if issubclass(ctype, (ctypes._Pointer, ctypes._CFuncPtr)) or ctype in (ctypes.c_char_p, ctypes.c_void_p,
                                                                          ctypes.c_wchar_p):
        return "ptr"
    if ctype is ctypes.c_char:
        return "char"
    code, bits = getattr(ctype, "_type_", None), 8 * ctypes.sizeof(ctype)
    if code in ("f", "d", "g"):
        return f"f{bits}"
    if isinstance(code, str) and code in "bhilq":
        return f"i{bits}"
    if isinstance(code, str) and code in "BHILQ?":
        return f"u{bits}"
    raise TypeError(f"{ctype.__name__} has no name in anmkit_abi_layout")


def _describe(field: dict) -> str:
    return f"at byte {field['offset']} ({field['type']}, {field['size']} bytes)"


def check_structure(c_struct: dict, structure) -> None:
    """Raises LayoutMismatch at the first difference between the library's struct and `structure`."""
    c_name, py_name = c_struct["name"], structure.__name__

    def mismatch(what: str) -> LayoutMismatch:
        return LayoutMismatch(f"anmkit: the library's {c_name} and this package's {py_name} differ: {what} (the "
                              f"library and python/anmkit/_capi.py come from different versions of anmkit.h)")

    theirs: List[dict] = c_struct["fields"]
    ours = [{"name": name, "offset": getattr(structure, name).offset, "size": getattr(structure, name).size,
             "type": type_name(ctype)} for name, ctype in structure._fields_]
    their_names, our_names = [f["name"] for f in theirs], [f["name"] for f in ours]
    for i, name in enumerate(their_names):
        if name not in our_names:
            after = f"after '{their_names[i - 1]}'" if i else "first"
            raise mismatch(f"the library's has field '{name}' ({after}), which {py_name} lacks")
    for name in our_names:
        if name not in their_names:
            raise mismatch(f"{py_name} has field '{name}', which the library's lacks")
    for i, (their, our) in enumerate(zip(their_names, our_names)):
        if their != our:
            raise mismatch(f"field {i} is '{their}' in the library, '{our}' here")
    for their, our in zip(theirs, ours):
        if their != our:
            raise mismatch(f"field '{our['name']}' is {_describe(their)} in the library, {_describe(our)} here")
    if c_struct["size"] != ctypes.sizeof(structure):
        raise mismatch(f"it is {c_struct['size']} bytes in the library, {ctypes.sizeof(structure)} here")


def check_structures(layout_text: str, structures: Dict[str, type]) -> None:
    """Checks each Structure against the struct of its name in the layout's JSON text."""
    try:
        layout = {s["name"]: s for s in json.loads(layout_text)["structs"]}
    except (ValueError, KeyError, TypeError) as e:
        raise LayoutMismatch(f"anmkit: the library's anmkit_abi_layout is not a layout ({e})") from None
    for c_name, structure in structures.items():
        if c_name not in layout:
            raise LayoutMismatch(f"anmkit: the library has no struct {c_name}, which this package declares as "
                                 f"{structure.__name__} (the library is older than python/anmkit/_capi.py)")
        check_structure(layout[c_name], structure)
